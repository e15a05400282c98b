/* util.h — small helpers shared by the headless commands (run, check). */
#ifndef RCUVIS_CLI_UTIL_H
#define RCUVIS_CLI_UTIL_H

/* Print a message of one or more '\n'-separated lines on stderr, each prefixed "rcuvis: " so that
 * scripts can tell rcuvis's complaints from other output. Empty lines are skipped. */
void cli_print_lines(const char *msg);

#endif
