/* progress.h — `rcuvis run`'s progress line on a terminal, for runs long enough to look hung. */
#ifndef RCUVIS_CLI_PROGRESS_H
#define RCUVIS_CLI_PROGRESS_H

#include "rcuvis.h"

#include <stdint.h>

/* rv_run_until(e, end_ns), with "rcuvis: run: NAME: 1234 of 7800 simulated s (16 %)" on stderr
 * while it runs, when stderr is a terminal and the run has taken more than a second of wall time
 * (the line is erased at the end). RCUVIS_PROGRESS=1 shows it from the first step and on any stderr
 * (the tests' way to see it); RCUVIS_PROGRESS=0 never. The run is the same either way: it only
 * stops on its way, as expect's at_s moments do. */
void cli_run_with_progress(rv_engine *e, int64_t end_ns, const char *name);

#endif
