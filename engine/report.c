/* report.c — the run's figures (rcuvis run --json): per-flavor GP costs, top-like threads, latency, stalls, safety. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_cpu_time(const void *a, const void *b)
{
    const rv_thread_report *x = a, *y = b;
    if (x->cpu_seconds != y->cpu_seconds) return x->cpu_seconds < y->cpu_seconds ? 1 : -1;
    return strcmp(x->name, y->name);
}

static void add_thread(rv_report *r, size_t *cap, const char *name, int64_t ns, bool alive, bool kthread)
{
    if (r->nthreads == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        rv_thread_report *t = realloc(r->threads, *cap * sizeof *t);
        if (!t) return;
        r->threads = t;
    }
    rv_thread_report *t = &r->threads[r->nthreads++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    t->cpu_seconds = (double)ns / NS_PER_S;
    t->alive = alive;
    t->kernel_thread = kthread;
}

/* The grace period the run ended in, and whom it waits for, as the stall warning would name them:
 * CPUs still in a leaf's qsmask, then preempted readers on blkd_tasks that block it. */
static void open_gp(const rv_engine *e, const rcu_state *rsp, rv_flavor_report *fr)
{
    fr->gpnum = rsp->gpnum;
    fr->completed = rsp->completed;
    fr->gp_in_progress = gp_in_progress(rsp);
    rv_flavor_view v;
    rv_flavor_get(e, rsp->flavor, &v);
    fr->gp_phase = v.phase;
    if (!fr->gp_in_progress) return;
    fr->gp_in_progress_s = (double)(e->now - rsp->gp_start_ns) / NS_PER_S;
    for (int n = e->level_first[e->levels - 1]; n < e->nnodes; n++)
        for (unsigned long bits = rsp->node[n].qsmask; bits; bits &= bits - 1) {
            if (fr->gp_waiting_cpus < RV_WAITING_LISTED) fr->gp_waiting_cpu[fr->gp_waiting_cpus] = rsp->node[n].grplo + __builtin_ctzl(bits);
            fr->gp_waiting_cpus++;
        }
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *rd = &e->readers[i];
        if (rd->flavor != rsp->flavor || !rd->blocked || !rd->blocks_gp) continue;
        if (fr->gp_waiting_tasks < RV_WAITING_LISTED) fr->gp_waiting_pid[fr->gp_waiting_tasks] = reader_pid(rd);
        fr->gp_waiting_tasks++;
    }
}

void rv_report_build(const rv_engine *e, rv_report *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->scenario, sizeof r->scenario, "%s", e->cfg.name);
    r->mode = e->cfg.rcu.mode;
    r->cpus = e->ncpus;
    r->hz = e->hz;
    r->seed = e->cfg.seed;
    r->sim_seconds = (double)e->now / NS_PER_S;
    r->tree_levels = e->levels;
    r->tree_nodes = e->nnodes;
    for (int l = 0; l < e->levels; l++) r->nodes_per_level[l] = e->levelcnt[l];
    r->fanout = e->cfg.rcu.fanout;
    r->fanout_leaf = e->cfg.rcu.fanout_leaf;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rcu_state *rsp = &e->rsp[f];
        rv_flavor_report *fr = &r->flavors[f];
        fr->enabled = rsp->enabled;
        if (!rsp->enabled) continue;
        fr->grace_periods = rsp->grace_periods;
        fr->updates = rsp->updates;
        fr->callbacks_invoked = rsp->cbs_invoked;
        fr->updates_per_gp = rsp->grace_periods ? (double)rsp->updates / (double)rsp->grace_periods : 0;
        fr->gp_overhead_us = (double)rsp->gp_overhead_ns / 1e3;
        fr->fqs_overhead_us = (double)rsp->fqs_ns / 1e3;
        fr->kthread_sched_us = (double)rsp->kt_sched_ns / 1e3;
        fr->kthread_wakeups = rsp->kt_wakeups;
        fr->node_lock_visits = rsp->node_lock_visits;
        fr->overhead_per_gp_us = rsp->grace_periods ? fr->gp_overhead_us / (double)rsp->grace_periods : 0;
        fr->overhead_per_update_ns = rsp->updates ? (double)rsp->gp_overhead_ns / (double)rsp->updates : 0;
        fr->gp_ms_max = (double)rsp->gp_max_ns / 1e6;
        /* quantiles come from a log-linear histogram (bucket midpoints): never above the true max */
        fr->gp_ms_p50 = gp_hist_quantile(rsp, 0.50) / 1e6;
        fr->gp_ms_p99 = gp_hist_quantile(rsp, 0.99) / 1e6;
        if (fr->gp_ms_p50 > fr->gp_ms_max) fr->gp_ms_p50 = fr->gp_ms_max;
        if (fr->gp_ms_p99 > fr->gp_ms_max) fr->gp_ms_p99 = fr->gp_ms_max;
        fr->fqs_scans = rsp->fqs_scans;
        fr->idle_probes = rsp->idle_probes;
        fr->offline_credits = rsp->offline_credits;
        fr->stall_warnings = rsp->stalls;
        fr->sync_calls = rsp->sync_calls;
        fr->sync_latency_ms_mean = rsp->sync_calls ? (double)rsp->sync_latency_sum / (double)rsp->sync_calls / 1e6 : 0;
        fr->callback_latency_ms_mean = rsp->cb_latency_n ? (double)rsp->cb_latency_sum / (double)rsp->cb_latency_n / 1e6 : 0;
        r->rcu_gp_kthreads_s += (double)rsp->kthread_ns / NS_PER_S;
        open_gp(e, rsp, fr);
    }
    size_t cap = 0;
    if (e->cfg.rcu.mode == RV_MODE_KTHREAD)
        for (int f = 0; f < RV_NFLAVORS; f++)
            if (e->rsp[f].enabled) add_thread(r, &cap, rv_flavor_name(f), e->rsp[f].kthread_ns, true, true);
    char name[32];
    for (int c = 0; c < e->ncpus; c++) {
        const cpu_t *cp = &e->cpu[c];
        r->ksoftirqd_s += (double)cp->ksoftirqd_ns / NS_PER_S;
        r->softirq_inline_s += (double)cp->inline_ns / NS_PER_S;
        r->rcuc_s += (double)cp->rcuc_ns / NS_PER_S;
        if (cp->ksoftirqd_ns > 0) { snprintf(name, sizeof name, "ksoftirqd/%d", c); add_thread(r, &cap, name, cp->ksoftirqd_ns, true, true); }
        if (cp->rcuc_ns > 0) { snprintf(name, sizeof name, "rcuc/%d", c); add_thread(r, &cap, name, cp->rcuc_ns, true, true); }
    }
    for (int t = 0; t < e->ntasks; t++) {
        bool alive = false;
        for (size_t p = 0; p < e->cfg.nphases; p++) {
            const rv_phase *ph = &e->cfg.phases[p];
            if (e->phase_task[p] == t && (ph->end_s <= ph->start_s || (int64_t)(ph->end_s * NS_PER_S) > e->now)) alive = true;
        }
        for (int c = 0; c < e->ncpus && e->tasks[t].kthread && !alive; c++) { /* a kernel_loop's task: while it loops */
            kloop_task_name(c, name, sizeof name);
            alive = e->cpu[c].kloop && strcmp(name, e->tasks[t].name) == 0;
        }
        add_thread(r, &cap, e->tasks[t].name, e->tasks[t].ns, alive, e->tasks[t].kthread);
    }
    if (r->threads) qsort(r->threads, r->nthreads, sizeof *r->threads, by_cpu_time);
    r->tick_s = (double)e->tick_total_ns / NS_PER_S;
    r->caller_s = (double)e->caller_ns / NS_PER_S;
    r->max_irqs_off_us = (double)e->max_irqoff / 1e3;
    r->max_irqs_off_in = e->max_irqoff_in;
    r->max_nonpreempt_us = (double)e->max_nonpreempt / 1e3;
    if (e->nstalls) {
        r->stalls = malloc(e->nstalls * sizeof *r->stalls);
        if (r->stalls) { memcpy(r->stalls, e->stalls, e->nstalls * sizeof *r->stalls); r->nstalls = e->nstalls; }
    }
    if (e->nstall_names) {
        r->stall_names = malloc(e->nstall_names * sizeof *r->stall_names);
        if (r->stall_names) { memcpy(r->stall_names, e->stall_names, e->nstall_names * sizeof *r->stall_names); r->nstall_names = e->nstall_names; }
        else { free(r->stalls); r->stalls = NULL; r->nstalls = 0; } /* no stall without its names */
    }
    r->readers = e->n_readers_done;
    r->callbacks_checked = e->callbacks_checked;
    r->violations = e->violations;
    memcpy(r->reader_pipe, e->reader_pipe, sizeof r->reader_pipe);
    r->events = e->nevents + e->events_counted; /* logged, or counted where no one reads them */
    triggers_report(e, r);
}

void rv_report_free(rv_report *r)
{
    free(r->threads);
    free(r->stalls);
    free(r->stall_names);
    free(r->not_applied);
    free(r->orphans);
    r->threads = NULL; r->stalls = NULL; r->stall_names = NULL; r->not_applied = NULL; r->orphans = NULL;
    r->nthreads = r->nstalls = r->nstall_names = r->nnot_applied = r->norphans = 0;
}
