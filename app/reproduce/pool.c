/* pool.c — run many scenario simulations in parallel: one forked child per run, report JSON back through a pipe. */
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
 * Why processes and not threads: the engine is single-threaded and keeps no global state we could
 * vouch for, and a crash (or an ASan report) in one run must not take the others down. The child
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

typedef struct slot {
    pid_t pid;
    int fd;
    size_t job;
    char *buf;
    size_t len, cap;
    double started;   /* wall clock, for the time limit */
    bool timed_out;
} slot;

/* Start job i in a child. Returns 0, or -1 when fork/pipe failed (the caller runs it in-process). */
static int spawn(slot *s, size_t i, rp_job *j)
{
    int p[2];
    if (pipe(p) < 0) return -1;
    fflush(NULL); /* nothing buffered may be printed twice */
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]);
        close(p[1]);
        return -1;
    }
    if (pid == 0) {
        close(p[0]);
        char *text = simulate(j);
        int rc = text && write_all(p[1], text, strlen(text)) == 0 ? 0 : 3;
        free(text);
        close(p[1]);
        _exit(rc); /* no atexit handlers: the parent owns stdio and the leak check */
    }
    close(p[1]);
    *s = (slot){.pid = pid, .fd = p[0], .job = i, .started = now_s()};
    return 0;
}

/* Read what is there; returns 1 at end of file, 0 otherwise. */
static int drain(slot *s)
{
    if (s->cap - s->len < 65536) {
        size_t cap = s->cap ? s->cap * 2 : 262144;
        char *nb = realloc(s->buf, cap);
        if (!nb) return 1; /* treated as a truncated report */
        s->buf = nb;
        s->cap = cap;
    }
    ssize_t r = read(s->fd, s->buf + s->len, s->cap - s->len - 1);
    if (r < 0 && (errno == EINTR || errno == EAGAIN)) return 0;
    if (r <= 0) return 1;
    s->len += (size_t)r;
    return 0;
}

static void finish(slot *s, rp_job *j)
{
    close(s->fd);
    int status = 0;
    while (waitpid(s->pid, &status, 0) < 0 && errno == EINTR) {}
    if (s->timed_out)
        snprintf(j->err, sizeof j->err, "the simulation ran past the time limit (--timeout) and was stopped");
    else if (WIFSIGNALED(status))
        snprintf(j->err, sizeof j->err, "the simulation crashed (signal %d, %s)", WTERMSIG(status),
                 strsignal(WTERMSIG(status)));
    else if (WIFEXITED(status) && WEXITSTATUS(status) != 0 && !s->len)
        snprintf(j->err, sizeof j->err, "the simulation exited with status %d", WEXITSTATUS(status));
    char *text = s->buf;
    s->buf = NULL;
    if (text) text[s->len] = 0;
    if (j->err[0]) { /* whatever it wrote is not to be trusted */
        free(text);
        text = NULL;
    }
    absorb(j, text);
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

/* Milliseconds poll() may wait before the first running child reaches its time limit (-1: none). */
static int wait_ms(const slot *slots, size_t running, double limit_s)
{
    if (limit_s <= 0) return -1;
    double soonest = INFINITY, now = now_s();
    for (size_t s = 0; s < running; s++) {
        double left = slots[s].started + limit_s - now;
        soonest = left < soonest ? left : soonest;
    }
    if (soonest <= 0) return 0;
    return soonest > 1e6 ? 1000000000 : (int)(soonest * 1000) + 1;
}

void rp_pool_run(rp_job *jobs, size_t n, int parallel, double limit_s, rp_progress_fn progress, void *ctx)
{
    size_t done = 0;
    if (n == 0) return;
    if (parallel < 1) parallel = 1;
    size_t *order = malloc(n * sizeof *order);
    slot *slots = calloc((size_t)parallel, sizeof *slots);
    struct pollfd *pfd = calloc((size_t)parallel, sizeof *pfd);
    if (order) {
        for (size_t i = 0; i < n; i++) order[i] = i;
        sort_order(order, n, jobs); /* longest first: the short ones fill the gaps at the end */
    }
    if (!order || !slots || !pfd) { /* no memory to juggle children: one after the other, here */
        for (size_t k = 0; k < n; k++) {
            rp_job *j = &jobs[order ? order[k] : k];
            absorb(j, simulate(j));
            if (progress) progress(++done, n, ctx);
        }
        goto out;
    }
    size_t next = 0, running = 0;
    while (next < n || running > 0) {
        while (next < n && running < (size_t)parallel) {
            size_t i = order[next++];
            if (spawn(&slots[running], i, &jobs[i]) < 0) {
                absorb(&jobs[i], simulate(&jobs[i])); /* no fork: do it ourselves */
                if (progress) progress(++done, n, ctx);
                continue;
            }
            running++;
        }
        if (!running) break;
        for (size_t s = 0; s < running; s++) pfd[s] = (struct pollfd){.fd = slots[s].fd, .events = POLLIN};
        if (poll(pfd, (nfds_t)running, wait_ms(slots, running, limit_s)) < 0) {
            if (errno == EINTR) continue;
            for (size_t s = 0; s < running; s++) pfd[s].revents = POLLIN; /* fall back to blocking reads */
        }
        /* a run past its limit (an engine that no longer advances) is killed; its pipe then ends */
        for (size_t s = 0; limit_s > 0 && s < running; s++)
            if (!slots[s].timed_out && now_s() - slots[s].started >= limit_s) {
                kill(slots[s].pid, SIGKILL);
                slots[s].timed_out = true;
                pfd[s].revents |= POLLHUP;
            }
        for (size_t s = running; s-- > 0;) {
            if (!pfd[s].revents) continue;
            if (drain(&slots[s])) {
                finish(&slots[s], &jobs[slots[s].job]);
                slots[s] = slots[--running];
                if (progress) progress(++done, n, ctx);
            }
        }
    }
out:
    free(order);
    free(slots);
    free(pfd);
}

void rp_job_free(rp_job *j)
{
    rv_config_free(&j->cfg);
    cJSON_Delete(j->final);
    for (int i = 0; i < RP_MAX_MARKS; i++) cJSON_Delete(j->snaps[i]);
    memset(j, 0, sizeof *j);
}
