/* args.h — the options of `rcuvis run`, parsed and checked; shorthand flags become --set overrides. */
/*
 * Module app/cli/ — owns the headless commands `rcuvis run` and `rcuvis check`: option parsing,
 * the trace file and small shared helpers. It may include the engine, scenario, report and the
 * app's top level (commands.h, paths.h); never the window, panels or renderer (a CLI runs
 * without a display).
 */
#ifndef RCUVIS_CLI_ARGS_H
#define RCUVIS_CLI_ARGS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_run_opts {
    const char *scenario; /* as given on the command line */
    char **sets;          /* "PATH=VALUE" overrides in command-line order (later ones win) */
    char **set_labels;    /* each as typed ("--set rcu.fanout_leaf=3", "--cpus 1"), for the loader's messages */
    size_t nsets;
    bool json, expect, help;
    bool debugfs, dmesg;  /* print the debugfs files / the whole kernel log after the run */
    bool strict;          /* a scripted event that was not applied makes the run fail (exit 1) */
    bool work;            /* add the engine's work counts and a checkpoint's size (for make bench) */
    const char *trace;
    const char *csv;      /* --csv KIND: gps, timeseries, threads or stalls (report/csv.h) */
    double interval_s;    /* --interval S: timeseries row length (default 1) */
} cli_run_opts;

/* 0 ok (help set when --help was asked), 2 usage error (message already on stderr). */
int cli_run_parse(int argc, char **argv, cli_run_opts *o);
void cli_run_opts_free(cli_run_opts *o);
void cli_run_usage(void);

#endif
