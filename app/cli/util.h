/* util.h — small helpers shared by the headless commands (run, check). */
#ifndef RCUVIS_CLI_UTIL_H
#define RCUVIS_CLI_UTIL_H

/* Print a message of one or more '\n'-separated lines on stderr, each prefixed "rcuvis: " so that
 * scripts can tell rcuvis's complaints from other output. Empty lines are skipped. */
void cli_print_lines(const char *msg);

#include <stddef.h>
#include <stdio.h>

/* Each line of `said` (messages about the file at path) on stderr; one naming "PATH: $.json.path: "
 * gets the line and column of that JSON path in the file after PATH ("PATH:4:13: $.expect[0].path: ..."),
 * as the loader's own messages have them. */
void cli_print_with_places(const char *said, const char *path);
/* The same onto dst (run's warnings go to stdout beside its summary). */
void cli_write_with_places(FILE *dst, const char *said, const char *path);

#endif
