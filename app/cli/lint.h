/* lint.h — the warnings about a loaded scenario that `rcuvis check` prints, and `rcuvis run` before it simulates. */
#ifndef RCUVIS_CLI_LINT_H
#define RCUVIS_CLI_LINT_H

#include "rcuvis.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What check says about cfg (loaded from the file at path) without running it, as
 * "warning: PATH: $.json.path: ..." lines on out (cli_print_with_places() adds the line:column);
 * returns how many warnings. A hotplug event the file makes certain to be refused is check's error:
 * counted in *errors; with errors NULL (run) it is printed and counted as a warning, since the run
 * goes on and reports it not applied. before_run leaves out what run says after the run from what
 * happened there (captions that overlap in this configuration, `when` conditions that never hold),
 * and captions that overlap only with a mode, needs_gp_fix or fast_no_hz turned the other way: a
 * run in that configuration says so, this one shows none of it. */
size_t cli_scenario_warnings(const rv_config *cfg, const char *path, FILE *out, size_t *errors, bool before_run);

/* Timed kernel_loop events on a CPU that no phase covers then (and triggered ones on a CPU no phase
 * ever covers): the loop wakes an otherwise idle CPU. One warning each on out; returns how many. */
size_t cli_idle_cpu_loops(const rv_config *cfg, const char *path, FILE *out);

#endif
