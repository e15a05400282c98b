/* trace.c — the --trace writer: engine events through the sink into a safe output file (util/safefile.h). */
#include "cli/trace.h"
#include "util/ownfile.h"
#include "util/safefile.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Lines are formatted back to back into a chunk that goes to the output file in one write: a
 * trace holds every event, and a write per line cost as much as formatting it. */
#define CHUNK (256 * 1024) /* above safefile.c's buffer: a chunk goes straight to write() */

struct cli_trace {
    sf_out *out;      /* NULL when the trace goes to stdout ("-") */
    bool to_stdout;
    char *buf;
    size_t cap, used; /* the chunk: lines waiting to be written */
    int err; /* ENOMEM while formatting; write errors are kept by the output file */
};

cli_trace *cli_trace_open(const char *path, char *err, size_t errlen)
{
    cli_trace *t = calloc(1, sizeof *t);
    if (!t || !(t->buf = malloc(t->cap = CHUNK))) {
        snprintf(err, errlen, "%s: out of memory", path);
        cli_trace_abort(t);
        return NULL;
    }
    /* "-" is stdout, as for any Unix filter: nothing to replace atomically, no temp file to guard */
    if (!strcmp(path, "-")) {
        t->to_stdout = true;
        return t;
    }
    /* a run interrupted with ^C or SIGTERM leaves no temp file: safefile registers it with
     * util/tempguard.h, whose handler removes it and lets the run die of the signal.
     * A trace replaces only a trace (util/ownfile.h): `--trace notes.txt`, or the scenario's own name
     * (`run my.json --trace my.json`), replaced the user's file with events */
    bool replaces;
    if (of_check(path, OF_TRACE, &replaces, err, errlen) != 0) {
        cli_trace_abort(t);
        return NULL;
    }
    t->out = sf_open(path, 0666, err, errlen);
    if (!t->out) {
        cli_trace_abort(t);
        return NULL;
    }
    return t;
}

static void write_chunk(cli_trace *t)
{
    if (t->used && t->to_stdout) {
        errno = 0;
        if (fwrite(t->buf, 1, t->used, stdout) != t->used && !t->err) t->err = errno ? errno : EIO;
    } else if (t->used) {
        sf_write(t->out, t->buf, t->used);
    }
    t->used = 0;
}

static void write_event(const rv_event *ev, void *ctx)
{
    cli_trace *t = ctx;
    if (t->err) return;
    size_t room = t->cap - t->used;
    int n = rv_event_to_json(ev, t->buf + t->used, room);
    if (n < 0) return;
    if ((size_t)n >= room) { /* the line and its newline do not fit after the waiting ones */
        write_chunk(t);
        if ((size_t)n >= t->cap) { /* a line longer than a chunk (none today): grow to fit */
            char *nb = realloc(t->buf, (size_t)n + 1);
            if (!nb) { t->err = ENOMEM; return; }
            t->buf = nb;
            t->cap = (size_t)n + 1;
        }
        n = rv_event_to_json(ev, t->buf, t->cap);
    }
    t->buf[t->used + (size_t)n] = '\n'; /* rv_event_to_json left room: used + n < cap, and the NUL is not written */
    t->used += (size_t)n + 1;
}

/* the engine's batch sink: one call per run of events */
static void write_events(const rv_event *evs, size_t n, void *ctx)
{
    for (size_t i = 0; i < n; i++) write_event(&evs[i], ctx);
}

void cli_trace_attach(cli_trace *t, rv_engine *e)
{
    uint64_t n = rv_event_count(e);
    for (uint64_t s = 0; s < n; s++) {
        const rv_event *ev = rv_event_get(e, s);
        if (ev) write_event(ev, t);
    }
    rv_engine_set_batch_sink(e, write_events, t);
}

int cli_trace_close(cli_trace *t, rv_engine *e, char *err, size_t errlen)
{
    if (e) rv_engine_set_batch_sink(e, NULL, NULL); /* hands over the events still waiting */
    if (!t->err) write_chunk(t);
    if (!t->err && t->to_stdout) errno = 0;
    if (!t->err && t->to_stdout && (fflush(stdout) != 0 || ferror(stdout))) t->err = errno ? errno : EIO;
    int rc;
    if (t->err) {
        snprintf(err, errlen, "cannot write the trace%s: %s", t->to_stdout ? " to stdout" : "", strerror(t->err));
        rc = -1;
    } else if (t->to_stdout) {
        rc = 0;
    } else {
        rc = sf_commit(t->out, err, errlen);
        t->out = NULL;
    }
    cli_trace_abort(t);
    return rc;
}

void cli_trace_abort(cli_trace *t)
{
    if (!t) return;
    sf_abort(t->out);
    free(t->buf);
    free(t);
}
