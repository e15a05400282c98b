/* trace.c — the --trace writer: engine events to FILE.tmp through the sink, then rename to FILE. */
#include "cli/trace.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cli_trace {
    FILE *f;
    char *path, *tmp;
    char *buf;
    size_t cap;
    int err; /* first errno of a failed write; later writes are skipped */
};

/* A run interrupted with ^C must not leave FILE.tmp behind: the handler removes it and then dies
 * of the same signal, so the shell still sees the interruption. unlink() and raise() are
 * async-signal-safe; the path is set before the handlers go in and cleared after they go out. */
static const char *volatile tmp_in_progress;
static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved[3];

static void on_signal(int sig)
{
    if (tmp_in_progress) unlink(tmp_in_progress);
    signal(sig, SIG_DFL);
    raise(sig);
}

static void guard(const char *tmp)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    tmp_in_progress = tmp;
    for (int i = 0; i < 3; i++) {
        sigaction(caught[i], NULL, &saved[i]);
        if (saved[i].sa_handler != SIG_IGN) sigaction(caught[i], &sa, NULL); /* nohup & co. stay ignored */
    }
}

static void unguard(void)
{
    for (int i = 0; i < 3; i++) sigaction(caught[i], &saved[i], NULL);
    tmp_in_progress = NULL;
}

cli_trace *cli_trace_open(const char *path, char *err, size_t errlen)
{
    cli_trace *t = calloc(1, sizeof *t);
    size_t n = strlen(path) + 5;
    if (!t || !(t->path = strdup(path)) || !(t->tmp = malloc(n)) || !(t->buf = malloc(t->cap = 512))) {
        snprintf(err, errlen, "%s: out of memory", path);
        cli_trace_abort(t);
        return NULL;
    }
    snprintf(t->tmp, n, "%s.tmp", path);
    /* the temp file sits next to FILE so that rename() stays within one file system */
    if (!(t->f = fopen(t->tmp, "w"))) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        free(t->tmp);
        t->tmp = NULL; /* nothing to unlink */
        cli_trace_abort(t);
        return NULL;
    }
    guard(t->tmp);
    return t;
}

static void write_event(const rv_event *ev, void *ctx)
{
    cli_trace *t = ctx;
    if (t->err) return;
    int n = rv_event_to_json(ev, t->buf, t->cap);
    if (n >= 0 && (size_t)n >= t->cap) { /* rare long line: grow once to fit and format again */
        char *nb = realloc(t->buf, (size_t)n + 1);
        if (!nb) { t->err = ENOMEM; return; }
        t->buf = nb;
        t->cap = (size_t)n + 1;
        n = rv_event_to_json(ev, t->buf, t->cap);
    }
    if (n < 0) return;
    if (fwrite(t->buf, 1, (size_t)n, t->f) != (size_t)n || putc('\n', t->f) == EOF) t->err = errno ? errno : EIO;
}

void cli_trace_attach(cli_trace *t, rv_engine *e)
{
    uint64_t n = rv_event_count(e);
    for (uint64_t s = 0; s < n; s++) {
        const rv_event *ev = rv_event_get(e, s);
        if (ev) write_event(ev, t);
    }
    rv_engine_set_sink(e, write_event, t);
}

int cli_trace_close(cli_trace *t, rv_engine *e, char *err, size_t errlen)
{
    if (e) rv_engine_set_sink(e, NULL, NULL);
    if (!t->err && fflush(t->f) != 0) t->err = errno;
    if (!t->err && ferror(t->f)) t->err = EIO;
    if (fclose(t->f) != 0 && !t->err) t->err = errno;
    t->f = NULL;
    if (!t->err && rename(t->tmp, t->path) != 0) t->err = errno;
    unguard(); /* from here FILE.tmp is either renamed or removed below */
    if (t->err) {
        snprintf(err, errlen, "%s: cannot write: %s", t->path, strerror(t->err));
        cli_trace_abort(t);
        return -1;
    }
    free(t->tmp);
    t->tmp = NULL;
    cli_trace_abort(t);
    return 0;
}

void cli_trace_abort(cli_trace *t)
{
    if (!t) return;
    if (tmp_in_progress && tmp_in_progress == t->tmp) unguard();
    if (t->f) fclose(t->f);
    if (t->tmp) unlink(t->tmp);
    free(t->tmp);
    free(t->path);
    free(t->buf);
    free(t);
}
