/* trace.h — `rcuvis run --trace FILE`: every engine event as a JSON line, written atomically. */
#ifndef RCUVIS_CLI_TRACE_H
#define RCUVIS_CLI_TRACE_H

#include "rcuvis.h"

typedef struct cli_trace cli_trace;

/* Start writing FILE (util/safefile.h: a temp file beside it, or straight into a non-regular
 * target), or stdout when FILE is "-"; NULL and a message when the place is not writable. */
cli_trace *cli_trace_open(const char *path, char *err, size_t errlen);
/* Write the events the engine already logged (at creation) and follow the rest through its sink. */
void cli_trace_attach(cli_trace *t, rv_engine *e);
/* Detach, flush, fsync and rename the temp file to FILE. -1 and a message on a write error (the temp file is
 * removed, FILE is left as it was). Frees t either way. */
int cli_trace_close(cli_trace *t, rv_engine *e, char *err, size_t errlen);
/* Give up: remove the temp file and free t (NULL is fine). */
void cli_trace_abort(cli_trace *t);

#endif
