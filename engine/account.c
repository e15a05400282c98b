/* account.c — where RCU's CPU time goes: the interrupted task, ksoftirqd/N, the GP kthreads, rcuc/N; longest non-preemptible stretches. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int task_index(rv_engine *e, const char *name)
{
    for (int i = 0; i < e->ntasks; i++)
        if (strcmp(e->tasks[i].name, name) == 0) return i;
    task_acct *t = realloc(e->tasks, (size_t)(e->ntasks + 1) * sizeof *t);
    if (!t) abort();
    e->tasks = t;
    memset(&t[e->ntasks], 0, sizeof *t);
    snprintf(t[e->ntasks].name, sizeof t->name, "%s", name);
    return e->ntasks++;
}

void kloop_task_name(int cpu, char *buf, size_t n) { snprintf(buf, n, "kernel_loop/%d", cpu); }

/* A kernel_loop on a CPU that no phase covers woke it from idle: something runs kernel code there
 * with preemption off, and the tick's account_process_tick() (update_process_times(), kernel/timer.c)
 * charges each jiffy to that current task as system time. No phase names it, so it gets a task of
 * its own, a kernel thread named for what it does, and the threads list (top) shows where the loop's
 * time went; without it the time was charged to nobody. Made on first use (the injection); a
 * phase's task of the same name keeps being a phase's task. */
int kloop_task(rv_engine *e, int cpu)
{
    char name[32];
    kloop_task_name(cpu, name, sizeof name);
    int before = e->ntasks, t = task_index(e, name);
    if (e->ntasks > before) e->tasks[t].kthread = true;
    return t;
}

/* GP durations in a log-linear histogram: 8 sub-buckets per power of two of nanoseconds. */
static int hist_bucket(int64_t ns)
{
    if (ns < 8) return (int)(ns < 0 ? 0 : ns);
    int p = 63 - __builtin_clzll((unsigned long long)ns);
    int sub = (int)((ns >> (p - 3)) & 7);
    int b = p * 8 + sub;
    return b < 64 * 8 ? b : 64 * 8 - 1;
}

static double bucket_mid(int b)
{
    if (b < 8) return b;
    int p = b / 8, sub = b % 8;
    double lo = ldexp(8 + sub, p - 3), hi = ldexp(9 + sub, p - 3);
    return (lo + hi) / 2;
}

void gp_hist_add(rcu_state *rsp, int64_t ns) { rsp->gp_hist[hist_bucket(ns)]++; }

double gp_hist_quantile(const rcu_state *rsp, double q)
{
    uint64_t total = 0;
    for (int b = 0; b < 64 * 8; b++) total += rsp->gp_hist[b];
    if (!total) return 0;
    uint64_t want = (uint64_t)ceil(q * (double)total), acc = 0;
    if (want == 0) want = 1;
    for (int b = 0; b < 64 * 8; b++) {
        acc += rsp->gp_hist[b];
        if (acc >= want) return bucket_mid(b);
    }
    return 0;
}
