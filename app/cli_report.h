/* cli_report.h — the run report as JSON (`rcuvis run --json`, the expect paths) and as a text summary. */
#ifndef RCUVIS_CLI_REPORT_H
#define RCUVIS_CLI_REPORT_H

#include "rcuvis.h"

#include <cjson/cJSON.h>
#include <stdio.h>

/* Top-level keys of the report JSON, for `rcuvis check` to vet expect paths against. */
extern const char *const cli_report_keys[];
extern const size_t cli_report_nkeys;

/* The report of a finished run as one JSON object (caller frees with cJSON_Delete); NULL on OOM.
 * cfg supplies what the report does not carry (enabled flavors, duration); wall_s is the real
 * time the simulation took. */
cJSON *cli_report_json(const rv_report *r, const rv_config *cfg, double wall_s);

/* A readable summary: threads like top, per-flavor grace-period figures, accounting, latency,
 * safety and stall lines. */
void cli_report_text(FILE *out, const rv_report *r, const rv_config *cfg, double wall_s);

#endif
