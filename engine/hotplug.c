/* hotplug.c — CPU offline/online: qsmaskinit edits, orphaned and adopted callbacks, blocked readers to the root. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>

/* Does 3.7's rcu_gp_init() hold rsp->onoff_mutex right now: is its kthread part-way through the walk?
 * CPU hotplug's edits of qsmaskinit take that mutex, so they wait for the walk to end; otherwise a leaf
 * could lose its last CPU after its parent copied qsmaskinit into qsmask, and no one would ever clear
 * that bit (a grace period that never ends). 3.6 walks in one step, under its own onofflock. */
static bool walk_holds_onoff(const rv_engine *e, const rcu_state *rsp)
{
    return e->cfg.rcu.mode == RV_MODE_KTHREAD && rsp->kt.state == KT_INIT;
}

/* Queue a qsmaskinit edit behind the walk; false if it must be applied now (none in progress, or
 * the queue is full: RV_ONOFF_WAIT_MAX hotplug operations within one walk of microseconds). */
static bool onoff_wait(rcu_state *rsp, const rv_engine *e, int cpu, bool online)
{
    if (!walk_holds_onoff(e, rsp) || rsp->n_onoff_wait >= RV_ONOFF_WAIT_MAX) return false;
    rsp->onoff_wait[rsp->n_onoff_wait].cpu = cpu;
    rsp->onoff_wait[rsp->n_onoff_wait].online = online;
    rsp->n_onoff_wait++;
    return true;
}

static void offline_tree(rv_engine *e, rcu_state *rsp, int cpu);

void rcu_onoff_after_walk(rv_engine *e, rcu_state *rsp)
{
    for (int i = 0; i < rsp->n_onoff_wait; i++) {
        int cpu = rsp->onoff_wait[i].cpu;
        if (rsp->onoff_wait[i].online) tree_set_cpu_online(e, rsp, cpu, true);
        else offline_tree(e, rsp, cpu);
    }
    rsp->n_onoff_wait = 0;
}

/* rcu_init_percpu_data(): a CPU coming online joins the *next* grace period. */
void rcu_init_percpu_data(rv_engine *e, int cpu, bool boot)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rcu_state *rsp = &e->rsp[f];
        rcu_data *rdp = &rsp->rda[cpu];
        rdp->blimit = e->cfg.rcu.blimit;
        rdp->qlen = rdp->qlen_lazy = 0;
        rdp->qlen_last_fqs_check = 0;
        rdp->n_force_qs_snap = rsp->n_force_qs;
        cblist_free(&rdp->cbl);
        cblist_init(&rdp->cbl);
        if (!onoff_wait(rsp, e, cpu, true)) tree_set_cpu_online(e, rsp, cpu, true);
        rcu_node *rnp = leaf_of(rsp, rdp);
        rdp->gpnum = rdp->completed = rnp->completed;
        rdp->passed_quiesce = rdp->qs_pending = false;
        (void)boot;
    }
    dynticks_busy(&e->cpu[cpu]); /* the counter is forced odd */
}

static int first_online_other(rv_engine *e, int cpu)
{
    for (int c = 0; c < e->ncpus; c++)
        if (c != cpu && e->cpu[c].run != RS_OFFLINE) return c;
    return -1;
}

int cpu_offline(rv_engine *e, int cpu, char *err, size_t errlen)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->run == RS_OFFLINE) { snprintf(err, errlen, "CPU %d is already offline", cpu); return -1; }
    int to = first_online_other(e, cpu);
    if (to < 0) { snprintf(err, errlen, "CPU %d is the last online CPU", cpu); return -1; }
    if (c->kloop) { snprintf(err, errlen, "CPU %d is looping in the kernel; it cannot be offlined now", cpu); return -1; }
    for (size_t i = 0; i < e->nreaders; i++) {
        reader *r = &e->readers[i];
        if (r->cpu == cpu && !r->blocked && r->injected) {
            snprintf(err, errlen, "CPU %d is inside a read-side critical section (reader %llu)", cpu, (unsigned long long)r->id);
            return -1;
        }
    }
    /* CPU_DYING: sampled (short) readers on it have ended; it leaves the scheduler. */
    for (size_t i = 0; i < e->nreaders;) {
        reader *r = &e->readers[i];
        if (r->cpu == cpu && !r->blocked) reader_finish(e, r->id); else i++;
    }
    if (c->run == RS_IDLE && c->softirq_pending) c->softirq_pending = false;
    /* A CPU dies out of idle, but not as RCU's idle: it leaves the idle loop to run the stop-machine
     * thread (take_cpu_down(), CPU_DYING), and x86's cpu_idle() calls play_dead() before rcu_idle_enter().
     * So its dynticks counter is odd when it is gone, and FQS credits it "ofl" (rcu_implicit_offline_qs()
     * once the GP is over two jiffies old), not as dyntick-idle. rcu_init_percpu_data() keeps it odd. */
    dynticks_busy(c);
    c->run = RS_OFFLINE;
    c->offline_since = e->now;
    dynticks_moved(c); /* FQS check passes visit it ("ofl") until a snapshot pass sees it online again */
    c->gen_run++; c->gen_ctxsw++; c->gen_softirq++; c->gen_idle_irq++;
    for (int f = 0; f < RV_NFLAVORS; f++) c->gen_reader[f]++;
    c->ctxsw_scheduled = c->softirq_scheduled = false;
    c->softirq_pending = false;
    c->need_resched = false;
    tick_stop(e, cpu);
    emit(e, RV_EV_CPU_OFFLINE, cpu, -1);
    klog(e, "CPU %d is now offline", cpu);
    /* CPU_DEAD, run on another CPU: orphan callbacks, shrink qsmaskinit, move blocked readers. */
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    e->ctx = CTX_TASK; e->ctx_cpu = to;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rcu_state *rsp = &e->rsp[f];
        if (!rsp->enabled) continue;
        long moved = cblist_orphan(e, rsp, cpu, to);
        if (moved) {
            rv_event *ev = emit(e, RV_EV_CB_ORPHAN, cpu, f);
            if (ev) { ev->n = moved; ev->node = to; }
            if (e->cpu[to].run == RS_IDLE && !e->cpu[to].tick_on) tick_start(e, to);
        }
        if (!onoff_wait(rsp, e, cpu, false)) offline_tree(e, rsp, cpu);
    }
    e->ctx = saved; e->ctx_cpu = saved_cpu;
    for (int f = 0; f < RV_NFLAVORS; f++) { /* a kthread that was here continues elsewhere */
        gp_kthread *kt = &e->rsp[f].kt;
        if (kt->cpu == cpu) kt->cpu = to;
    }
    c->running_kthread = -1;
    return 0;
}

/* The leaf's blkd_tasks list from head to tail: the readers not blocking the GP (each was list_add()ed at
 * the head, so the latest first), then those from gp_tasks on (each was put just before gp_tasks and
 * became it, so again the latest first). Returns how many; fills out[] (cap entries at most). */
static int leaf_list_order(rv_engine *e, int flavor, int n, reader **out, int cap)
{
    int k = 0;
    for (int pass = 0; pass < 2; pass++) { /* pass 0: the head part, not blocking; pass 1: gp_tasks on */
        int first = k;
        for (size_t i = 0; i < e->nreaders && k < cap; i++) {
            reader *r = &e->readers[i];
            if (r->flavor != flavor || !r->blocked || r->node != n || r->blocks_gp != pass) continue;
            int j = k++;
            while (j > first && out[j - 1]->blkd_seq < r->blkd_seq) { out[j] = out[j - 1]; j--; }
            out[j] = r;
        }
    }
    return k;
}

/* rcu_preempt_offline_tasks(): the leaf lost its last CPU; its blocked readers go to the root. The kernel
 * takes them one by one from the leaf's head (lp->next) and list_add()s each at the root's head, so they
 * land in reverse order, ahead of the root's own. If one is the leaf's gp_tasks entry, the root's gp_tasks
 * is pointed at it (exp_tasks likewise; no expedited GPs or priority boosting here, so no exp_tasks or
 * boost_tasks). Every entry from gp_tasks to the tail blocks the GP, so afterwards the root's blocking set
 * is: that entry, the leaf's non-blocking readers (before it on the leaf, after it now), and everything
 * the root held. The leaf's older blocking readers (after gp_tasks on the leaf) end up ahead of it and no
 * longer hold the GP: the kernel's comment expects only "waiting for more tasks than absolutely
 * necessary", but the reversal also drops some. Modelled as the code does it; the safety checker flags a
 * callback run while such a dropped reader is still inside its critical section. blkd_seq is renumbered in
 * the kernel's order of list_add()s, so on the root a larger blkd_seq is nearer the head (stall.c). */
static void preempt_offline_tasks(rv_engine *e, rcu_state *rsp, int leaf)
{
    rcu_node *rnp = &rsp->node[leaf], *root = &rsp->node[0];
    reader *stackbuf[64];
    int cap = rnp->n_blkd;
    reader **t = cap <= 64 ? stackbuf : malloc((size_t)cap * sizeof *t);
    if (!t) abort(); /* out of memory in the middle of a simulation */
    int nt = leaf_list_order(e, rsp->flavor, leaf, t, cap);
    bool has_gp_tasks = rnp->n_gp_tasks > 0;
    if (has_gp_tasks) /* root gp_tasks moves ahead of every entry the root had: all of them now block */
        for (size_t i = 0; i < e->nreaders; i++) {
            reader *r = &e->readers[i];
            if (r->flavor == rsp->flavor && r->blocked && r->node == 0 && !r->blocks_gp) { r->blocks_gp = 1; root->n_gp_tasks++; }
        }
    bool past_gp_tasks = false; /* taken after the leaf's gp_tasks entry: lands ahead of it on the root */
    for (int k = 0; k < nt; k++) {
        reader *r = t[k];
        bool is_gp_tasks = r->blocks_gp && !past_gp_tasks;
        r->blocks_gp = has_gp_tasks && !past_gp_tasks;
        if (is_gp_tasks) past_gp_tasks = true;
        r->node = 0;
        r->blkd_seq = ++e->next_blkd_seq;
        root->n_blkd++;
        if (r->blocks_gp) root->n_gp_tasks++;
    }
    rnp->n_blkd = 0;
    rnp->n_gp_tasks = 0;
    if (t != stackbuf) free(t);
}

/* rcu_cleanup_dead_cpu()'s part under onoff_mutex: the dead CPU leaves qsmaskinit, and if its leaf
 * is left with no CPU, rcu_preempt_offline_tasks() moves the leaf's blocked readers to the root. Runs
 * as CPU_DEAD does, on another CPU's behalf. */
static void offline_tree(rv_engine *e, rcu_state *rsp, int cpu)
{
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    int to = first_online_other(e, cpu);
    e->ctx = CTX_TASK; e->ctx_cpu = to;
    int leaf = rsp->rda[cpu].mynode;
    tree_set_cpu_online(e, rsp, cpu, false);
    rcu_node *rnp = &rsp->node[leaf];
    if (rnp->qsmaskinit == 0 && rnp->n_blkd > 0 && leaf != 0) {
        /* RCU_OFL_TASKS_NORM_GP: the leaf had gp_tasks and no CPU left owing; report it once emptied */
        bool report = rnp->n_gp_tasks > 0 && rnp->qsmask == 0;
        preempt_offline_tasks(e, rsp, leaf);
        if (report && gp_in_progress(rsp) && rnp->parent >= 0)
            rcu_report_qs_rnp(e, rsp, rnp->grpmask, rnp->parent);
    }
    e->ctx = saved; e->ctx_cpu = saved_cpu;
}

int cpu_online(rv_engine *e, int cpu, char *err, size_t errlen)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->run != RS_OFFLINE) { snprintf(err, errlen, "CPU %d is already online", cpu); return -1; }
    rcu_init_percpu_data(e, cpu, false);
    c->run = RS_IDLE;
    emit(e, RV_EV_CPU_ONLINE, cpu, -1);
    klog(e, "smpboot: Booting Node 0 Processor %d APIC 0x%x", cpu, cpu);
    cpu_wake(e, cpu);
    return 0;
}
