/* csv.h — the numbers behind the pictures as CSV (RFC 4180): grace periods, time series, threads, stalls. */
#ifndef RCUVIS_REPORT_CSV_H
#define RCUVIS_REPORT_CSV_H

#include "rcuvis.h"

#include <stdint.h>
#include <stdio.h>

/*
 * `rcuvis run --csv KIND` and the window's export key write these. Every table has a header row;
 * units are in the column names (_s, _us, _ns); fields holding commas, quotes or line breaks are
 * quoted and inner quotes doubled (RFC 4180); lines end in CRLF as the RFC says.
 *
 * gps:        one row per completed grace period, from the event stream (gp_start/gp_end) with
 *             the run's accounting sampled at both ends: the GP's own machinery cost (this
 *             flavor's gp_overhead) and, over the same window, where RCU CPU time was charged.
 * timeseries: one row per interval: RCU CPU time by where it was charged, and per flavor GPs
 *             completed, updates (callbacks queued) and callbacks invoked.
 * threads:    the report's thread table (CPU time per kernel thread and workload task).
 * stalls:     the stall warnings, with the kernel log line.
 */
enum csv_kind { CSV_GPS = 0, CSV_TIMESERIES, CSV_THREADS, CSV_STALLS, CSV_NKINDS };
int csv_kind_from_name(const char *name);   /* -1 when unknown */
const char *csv_kind_name(int kind);

typedef struct csv_opts {
    int kind;
    double interval_s;       /* timeseries row length (> 0) */
    int64_t from_ns, to_ns;  /* rows overlapping [from, to] (to < 0: the end of the run); the run
                                is simulated from 0 to `to` either way */
} csv_opts;

/* Simulate cfg in a fresh engine and write the table to out. 0 ok; -1 with a message when the
 * engine cannot be built or out cannot be written. */
int csv_run(const rv_config *cfg, const csv_opts *o, FILE *out, char *err, size_t errlen);

/* Write the table to a new file "<stem>.csv" (or "<stem>-2.csv"... when taken: an existing file is
 * never replaced; the name is reserved with O_EXCL and the table renamed onto it when complete).
 * path receives the name used. 0 ok, -1 + message. */
int csv_save_new(const rv_config *cfg, const csv_opts *o, const char *stem, char *path, size_t pathlen, char *err, size_t errlen);

/* One RFC 4180 field (quoted when needed), no separator. */
void csv_field(FILE *out, const char *s);
#endif
