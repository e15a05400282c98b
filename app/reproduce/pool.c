/* pool.c — run many scenario simulations in parallel: forked workers take runs one after another, report JSON back through pipes. */
#include "report/report.h"
#include "reproduce/reproduce.h"

#include <errno.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/*
 * Why processes and not threads: the engine is single-threaded, and a crash (or an ASan report) in
 * one run must not take the others down. A worker runs many jobs in turn: the engine keeps no state
 * outside its rv_engine (no static variables in engine/), so a run's result does not depend on
 * which ran before it in the same worker. The child
 * inherits the already-loaded config through fork(), so scenario errors are found in the parent,
 * before anything runs, and reported once.
 */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Simulate one job to the end and return {"report":..., "marks":[...], "wall_seconds":...} as
 * text (malloc'ed), or {"error":"..."}. The same function serves the child and the in-process path. */
static char *simulate(const rp_job *j)
{
    char err[512] = "";
    cJSON *out = cJSON_CreateObject();
    if (!out) return NULL;
    rv_engine_opts opts = {.event_ring = RV_RING_HEADLESS}; /* no one reads past events */
    rv_engine *e = rv_engine_new(&j->cfg, &opts, err, sizeof err);
    if (!e) {
        cJSON_AddStringToObject(out, "error", err[0] ? err : "the engine refused the configuration");
    } else {
        double t0 = now_s();
        cJSON *marks = cJSON_AddArrayToObject(out, "marks");
        for (int i = 0; i < j->nmarks; i++) {
            int64_t at = (int64_t)(j->marks[i] * 1e9);
            rv_run_until(e, at < rv_end_ns(e) ? at : rv_end_ns(e)); /* a mark past the end is the end */
            rv_report rep;
            rv_report_build(e, &rep);
            cJSON_AddItemToArray(marks, cli_report_json(&rep, &j->cfg, now_s() - t0));
            rv_report_free(&rep);
        }
        rv_run_until(e, rv_end_ns(e));
        double wall = now_s() - t0;
        rv_report rep;
        rv_report_build(e, &rep);
        cJSON_AddItemToObject(out, "report", cli_report_json(&rep, &j->cfg, wall));
        rv_report_free(&rep);
        cJSON_AddNumberToObject(out, "wall_seconds", wall);
        rv_engine_free(e);
    }
    char *text = cJSON_PrintUnformatted(out);
    cJSON_Delete(out);
    return text;
}

/* Take the parsed result apart into the job's fields. Consumes text. */
static void absorb(rp_job *j, char *text)
{
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    if (!root) {
        if (!j->err[0]) snprintf(j->err, sizeof j->err, "the run's report did not come back whole");
        return;
    }
    const char *msg = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(root, "error"));
    cJSON *rep = cJSON_DetachItemFromObjectCaseSensitive(root, "report");
    if (msg || !cJSON_IsObject(rep)) {
        snprintf(j->err, sizeof j->err, "%s", msg ? msg : "the run returned no report");
        cJSON_Delete(rep);
        cJSON_Delete(root);
        return;
    }
    j->final = rep;
    cJSON *marks = cJSON_GetObjectItemCaseSensitive(root, "marks");
    for (int i = 0; i < j->nmarks; i++) j->snaps[i] = cJSON_DetachItemFromArray(marks, 0);
    j->wall_s = cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(root, "wall_seconds"));
    cJSON_Delete(root);
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(int fd, void *to, size_t n)
{
    char *p = to;
    while (n > 0) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) return -1;
        p += r;
        n -= (size_t)r;
    }
    return 0;
}

/*
 * A worker is a forked child that runs jobs one after another: it reads a job's number from its
 * command pipe, simulates it, and writes back an 8-byte length and the result text, until the command
 * pipe ends. A child per job cost ~5 ms of CPU each (fork, the faults on the pages it touched, exit),
 * a sixth of `reproduce --quick`'s 44 short runs: 1.9 to 1.65 CPU s and 1.04 to 0.85 s of wall time
 * on two cores. A worker that dies (a crash, or killed at the time limit) fails only the job it was
 * running; the next job goes to a new worker.
 */
typedef struct worker {
    pid_t pid;        /* 0: no worker in this slot */
    int cmd, res;     /* our ends: job numbers go out on cmd, results come back on res */
    bool busy;        /* a job is out */
    size_t job;
    char *buf;        /* the reply so far: its 8-byte length, then its text */
    size_t len, cap;
    double started;   /* wall clock when the job went out, for the time limit */
    bool timed_out;
} worker;

static _Noreturn void worker_main(int cmd, int res, rp_job *jobs, size_t n)
{
    uint64_t i;
    while (read_all(cmd, &i, sizeof i) == 0 && i < n) {
        char *text = simulate(&jobs[i]);
        if (!text) _exit(3);
        uint64_t len = strlen(text);
        if (write_all(res, (const char *)&len, sizeof len) < 0 || write_all(res, text, len) < 0) _exit(3);
        free(text);
    }
    _exit(0); /* no atexit handlers: the parent owns stdio and the leak check */
}

/* Fork a worker into slot w. Returns 0, or -1 when fork/pipe failed (the caller runs jobs in-process). */
static int start_worker(worker *ws, size_t nw, size_t w, rp_job *jobs, size_t n)
{
    int c[2], r[2];
    if (pipe(c) < 0) return -1;
    if (pipe(r) < 0) {
        close(c[0]);
        close(c[1]);
        return -1;
    }
    fflush(NULL); /* nothing buffered may be printed twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(c[0]); close(c[1]); close(r[0]); close(r[1]);
        return -1;
    }
    if (pid == 0) {
        /* the other workers' pipe ends stay with the parent: held here too, one worker's death
         * would never reach the parent as the end of its pipe, nor the end of its commands it */
        for (size_t k = 0; k < nw; k++)
            if (k != w && ws[k].pid) { close(ws[k].cmd); close(ws[k].res); }
        close(c[1]);
        close(r[0]);
        worker_main(c[0], r[1], jobs, n);
    }
    close(c[0]);
    close(r[1]);
    ws[w] = (worker){.pid = pid, .cmd = c[1], .res = r[0]};
    return 0;
}

/* Read what is there into the reply; 1 when the worker's pipe ended, 0 otherwise. */
static int drain(worker *w)
{
    if (w->cap - w->len < 65536) {
        size_t cap = w->cap ? w->cap * 2 : 262144;
        char *nb = realloc(w->buf, cap);
        if (!nb) return 1; /* treated as a truncated report */
        w->buf = nb;
        w->cap = cap;
    }
    ssize_t r = read(w->res, w->buf + w->len, w->cap - w->len - 1);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) return 0;
    if (r <= 0) return 1;
    w->len += (size_t)r;
    return 0;
}

/* The whole reply has come: its text (NUL-terminated in buf), or NULL while it is still coming. */
static char *reply_text(worker *w)
{
    uint64_t len;
    if (w->len < sizeof len) return NULL;
    memcpy(&len, w->buf, sizeof len);
    if (w->len - sizeof len < len) return NULL;
    w->buf[sizeof len + len] = 0;
    return w->buf + sizeof len;
}

/* The worker's pipe ended: reap it, and fail the job it had out (if any) with the reason. */
static void reap(worker *w, rp_job *jobs)
{
    close(w->cmd);
    close(w->res);
    int status = 0;
    while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {}
    if (w->busy) {
        rp_job *j = &jobs[w->job];
        if (w->timed_out)
            snprintf(j->err, sizeof j->err, "the simulation ran past the time limit (--timeout) and was stopped");
        else if (WIFSIGNALED(status))
            snprintf(j->err, sizeof j->err, "the simulation crashed (signal %d, %s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        else if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
            snprintf(j->err, sizeof j->err, "the simulation exited with status %d", WEXITSTATUS(status));
        absorb(j, NULL); /* whatever part of a reply came is not to be trusted */
    }
    free(w->buf);
    *w = (worker){0};
}

static int by_cost_desc(const void *a, const void *b, void *jobs)
{
    const rp_job *x = (const rp_job *)jobs + *(const size_t *)a, *y = (const rp_job *)jobs + *(const size_t *)b;
    if (x->cost != y->cost) return x->cost > y->cost ? -1 : 1;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

/* Insertion sort with a context: qsort_r is not C11, and there are only tens of jobs. */
static void sort_order(size_t *order, size_t n, rp_job *jobs)
{
    for (size_t i = 1; i < n; i++)
        for (size_t k = i; k > 0 && by_cost_desc(&order[k], &order[k - 1], jobs) < 0; k--) {
            size_t t = order[k];
            order[k] = order[k - 1];
            order[k - 1] = t;
        }
}

/* Milliseconds poll() may wait before the first job out reaches its time limit (-1: none). */
static int wait_ms(const worker *ws, size_t nw, double limit_s)
{
    if (limit_s <= 0) return -1;
    double soonest = INFINITY, now = now_s();
    for (size_t w = 0; w < nw; w++) {
        if (!ws[w].busy) continue;
        double left = ws[w].started + limit_s - now;
        soonest = left < soonest ? left : soonest;
    }
    if (soonest == INFINITY) return -1;
    if (soonest <= 0) return 0;
    return soonest > 1e6 ? 1000000000 : (int)(soonest * 1000) + 1;
}

/* Send job i to an idle worker; -1 if its command pipe is gone (the worker has died). */
static int dispatch(worker *w, size_t i)
{
    uint64_t msg = i;
    if (write_all(w->cmd, (const char *)&msg, sizeof msg) < 0) return -1;
    w->busy = true;
    w->job = i;
    w->len = 0;
    w->started = now_s();
    w->timed_out = false;
    return 0;
}

void rp_pool_run(rp_job *jobs, size_t n, int parallel, double limit_s, rp_progress_fn progress, void *ctx)
{
    size_t done = 0;
    if (n == 0) return;
    if (parallel < 1) parallel = 1;
    size_t nw = (size_t)parallel < n ? (size_t)parallel : n;
    size_t *order = malloc(n * sizeof *order);
    worker *ws = calloc(nw, sizeof *ws);
    struct pollfd *pfd = calloc(nw, sizeof *pfd);
    size_t *at = calloc(nw, sizeof *at); /* which worker each pollfd is */
    /* a worker that died leaves its command pipe without a reader: writing to it must fail with
     * EPIPE, not kill us */
    struct sigaction ign = {.sa_handler = SIG_IGN}, old_pipe;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGPIPE, &ign, &old_pipe);
    if (order) {
        for (size_t i = 0; i < n; i++) order[i] = i;
        sort_order(order, n, jobs); /* longest first: the short ones fill the gaps at the end */
    }
    if (!order || !ws || !pfd || !at) { /* no memory to juggle children: one after the other, here */
        for (size_t k = 0; k < n; k++) {
            rp_job *j = &jobs[order ? order[k] : k];
            absorb(j, simulate(j));
            done++;
            if (progress) progress(done, n, ctx);
        }
        goto out;
    }
    size_t next = 0;
    while (done < n) {
        /* every idle worker gets the next job; a slot without one gets a new worker first */
        for (size_t w = 0; w < nw && next < n; w++) {
            if (ws[w].busy) continue;
            bool fresh = !ws[w].pid, here = false;
            if (fresh && start_worker(ws, nw, w, jobs, n) < 0) {
                here = true; /* no fork */
            } else if (dispatch(&ws[w], order[next]) == 0) {
                next++;
                continue;
            } else {
                /* it died before its job: an old worker is replaced on the next pass; if a new
                 * one died at once, this job is done here */
                reap(&ws[w], jobs);
                here = fresh;
            }
            if (!here) continue;
            rp_job *j = &jobs[order[next++]];
            absorb(j, simulate(j));
            done++;
            if (progress) progress(done, n, ctx);
        }
        /* no jobs left to send: idle workers are told so (their command pipe ends) and leave */
        for (size_t w = 0; next == n && w < nw; w++)
            if (ws[w].pid && !ws[w].busy) reap(&ws[w], jobs);
        size_t np = 0;
        for (size_t w = 0; w < nw; w++)
            if (ws[w].busy) { pfd[np] = (struct pollfd){.fd = ws[w].res, .events = POLLIN}; at[np++] = w; }
        if (!np) continue;
        if (poll(pfd, (nfds_t)np, wait_ms(ws, nw, limit_s)) < 0) {
            if (errno == EINTR) continue;
            for (size_t k = 0; k < np; k++) pfd[k].revents = POLLIN; /* fall back to blocking reads */
        }
        /* a job past its limit (an engine that no longer advances) has its worker killed; its pipe then ends */
        for (size_t k = 0; limit_s > 0 && k < np; k++) {
            worker *w = &ws[at[k]];
            if (!w->timed_out && now_s() - w->started >= limit_s) {
                kill(w->pid, SIGKILL);
                w->timed_out = true;
                pfd[k].revents |= POLLHUP;
            }
        }
        for (size_t k = 0; k < np; k++) {
            worker *w = &ws[at[k]];
            if (!pfd[k].revents) continue;
            if (drain(w)) { /* the pipe ended mid-job: the worker died */
                reap(w, jobs);
                done++;
                if (progress) progress(done, n, ctx);
                continue;
            }
            char *text = reply_text(w);
            if (!text || w->timed_out) continue;
            /* the text moves to the front of the buffer, which absorb() takes and frees */
            memmove(w->buf, text, strlen(text) + 1);
            absorb(&jobs[w->job], w->buf);
            w->buf = NULL;
            w->cap = w->len = 0;
            w->busy = false;
            done++;
            if (progress) progress(done, n, ctx);
        }
    }
out:
    for (size_t w = 0; ws && w < nw; w++)
        if (ws[w].pid) reap(&ws[w], jobs);
    sigaction(SIGPIPE, &old_pipe, NULL);
    free(order);
    free(ws);
    free(pfd);
    free(at);
}

void rp_job_free(rp_job *j)
{
    rv_config_free(&j->cfg);
    cJSON_Delete(j->final);
    for (int i = 0; i < RP_MAX_MARKS; i++) cJSON_Delete(j->snaps[i]);
    memset(j, 0, sizeof *j);
}
