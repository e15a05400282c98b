/* hotplug.c — CPU offline/online: qsmaskinit edits, orphaned and adopted callbacks, blocked readers to the root. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Does 3.7's rcu_gp_init() hold rsp->onoff_mutex right now: is its kthread part-way through the walk?
 * 3.7's hotplug notifiers take that mutex for their whole RCU part, so they wait for the walk to end:
 * rcu_cleanup_dead_cpu() locks it before rcu_send_cbs_to_orphanage(), rcu_adopt_orphan_cbs() and the
 * qsmaskinit edits, and rcu_init_percpu_data() before any of its work. Otherwise a leaf could lose its
 * last CPU after its parent copied qsmaskinit into qsmask, and no one would ever clear that bit (a grace
 * period that never ends). 3.6 has no onoff_mutex: its walk is one step under the irq-disabling
 * onofflock, which its rcu_cleanup_dead_cpu() also takes, so nothing ever waits here in 3.6. */
static bool walk_holds_onoff(const rv_engine *e, int f)
{
    return e->cfg.rcu.mode == RV_MODE_KTHREAD && e->rsp[f].kt.state == KT_INIT;
}

static void cleanup_dead_cpu(rv_engine *e, rcu_state *rsp, int cpu);
static void init_percpu_flavor(rv_engine *e, rcu_state *rsp, int cpu);
static void cpu_boot(rv_engine *e, int cpu);

/* One flavor's part of a hotplug operation (rcu_cpu_notify(): CPU_DEAD or CPU_UP_PREPARE). */
static void onoff_step(rv_engine *e, const struct onoff_op *op, int f)
{
    if (op->online) init_percpu_flavor(e, &e->rsp[f], op->cpu);
    else if (e->rsp[f].enabled) cleanup_dead_cpu(e, &e->rsp[f], op->cpu);
}

/* Carry out the queued hotplug operations, oldest first, until one meets a walk holding its flavor's
 * onoff_mutex. rcu_cpu_notify() runs the flavors one after another in one task, for_each_rcu_flavor():
 * rcu_preempt, rcu_bh, rcu_sched (CPU_DEAD's rcu_cleanup_dead_cpu() calls, v3.6 rcutree.c:2619, v3.7
 * rcutree.c:2748; rcu_prepare_cpu()'s rcu_init_percpu_data() calls, v3.6 rcutree.c:2572, v3.7
 * rcutree.c:2703), and one hotplug operation runs at a time, so everything behind a waiting step waits
 * too: a walk of rcu_bh's holds back rcu_sched's part, not the other way round. A full queue (more
 * than RV_ONOFF_WAIT_MAX operations within one walk of microseconds) goes on without waiting. */
static void onoff_run(rv_engine *e)
{
    while (e->n_onoff) {
        struct onoff_op *op = &e->onoff_q[0];
        for (; op->parts_done < RV_NFLAVORS; op->parts_done++) {
            const int f = RV_NFLAVORS - 1 - op->parts_done; /* for_each_rcu_flavor() (internal.h) */
            if (walk_holds_onoff(e, f) && e->n_onoff < RV_ONOFF_WAIT_MAX) return;
            onoff_step(e, op, f);
        }
        if (op->online) cpu_boot(e, op->cpu);
        e->n_onoff--;
        memmove(&e->onoff_q[0], &e->onoff_q[1], (size_t)e->n_onoff * sizeof e->onoff_q[0]);
    }
}

static void onoff_queue(rv_engine *e, int cpu, bool online)
{
    if (e->n_onoff == RV_ONOFF_WAIT_MAX) onoff_run(e); /* full: the head goes on without waiting */
    e->onoff_q[e->n_onoff++] = (struct onoff_op){.cpu = cpu, .online = online, .parts_done = 0};
    onoff_run(e);
}

static bool onoff_pending(const rv_engine *e, int cpu)
{
    for (int i = 0; i < e->n_onoff; i++)
        if (e->onoff_q[i].cpu == cpu) return true;
    return false;
}

void rcu_onoff_after_walk(rv_engine *e) { onoff_run(e); }

/* rcu_init_percpu_data() for one flavor: a CPU coming online joins the *next* grace period. */
static void init_percpu_flavor(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rdp->beenonline = true;
    rdp->blimit = e->cfg.rcu.blimit;
    rdp->qlen = rdp->qlen_lazy = 0;
    rdp->qlen_last_fqs_check = 0;
    rdp->n_force_qs_snap = rsp->n_force_qs;
    cblist_free(&rdp->cbl);
    cblist_init(&rdp->cbl);
    tree_set_cpu_online(e, rsp, cpu, true);
    rcu_node *rnp = leaf_of(rsp, rdp);
    rdp->gpnum = rdp->completed = rnp->completed;
    rdp->passed_quiesce = rdp->qs_pending = false;
    rdp->passed_quiesce_gpnum = rnp->gpnum - 1; /* 3.6: a QS noted before this GP's start cannot count */
    rdp->cbs_closed = false; /* init_callback_list() re-enables callbacks (3.7) */
}

/* At boot, before any grace period: every flavor at once. */
void rcu_init_percpu_data(rv_engine *e, int cpu, bool boot)
{
    for (int f = 0; f < RV_NFLAVORS; f++) init_percpu_flavor(e, &e->rsp[f], cpu);
    dynticks_busy(&e->cpu[cpu]); /* the counter is forced odd */
    (void)boot;
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
    if (onoff_pending(e, cpu)) { snprintf(err, errlen, "CPU %d: a hotplug operation on it is still in progress", cpu); return -1; }
    if (c->run == RS_OFFLINE) { snprintf(err, errlen, "CPU %d is already offline", cpu); return -1; }
    int to = first_online_other(e, cpu);
    if (to < 0) { snprintf(err, errlen, "CPU %d is the last online CPU", cpu); return -1; }
    if (c->kloop) { snprintf(err, errlen, "CPU %d is looping in the kernel; it cannot be offlined now", cpu); return -1; }
    for (size_t i = 0; i < e->nreaders; i++) {
        reader *r = &e->readers[i];
        if (r->cpu == cpu && !r->preempted && r->injected) {
            snprintf(err, errlen, "CPU %d is inside a read-side critical section (reader %llu)", cpu, (unsigned long long)r->id);
            return -1;
        }
    }
    /* CPU_DYING: sampled (short) readers on it have ended; it leaves the scheduler. */
    for (size_t i = 0; i < e->nreaders;) {
        reader *r = &e->readers[i];
        if (r->cpu == cpu && !r->preempted) reader_finish(e, r->id); else i++;
    }
    /* migrate_tasks(), also at CPU_DYING: a task preempted inside rcu_read_lock() here moves to an online
     * CPU (select_fallback_rq(): an active CPU it may run on; here the adopter), which runs its
     * rcu_read_unlock() later. Its entry on the leaf's blkd_tasks stays where it is (CPU_DEAD's
     * rcu_preempt_offline_tasks() moves it to the root if the leaf loses its last CPU). It used to end
     * on the dead CPU, its report made in CPU 0's name even with CPU 0 offline (helper's kernel review). */
    for (size_t i = 0; i < e->nreaders; i++)
        if (e->readers[i].cpu == cpu && e->readers[i].preempted) e->readers[i].cpu = to;
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
    c->ctxsw_scheduled = c->softirq_scheduled = c->ksoftirqd_running = false;
    c->softirq_pending = false;
    c->need_resched = 0;
    /* CPU_DYING also runs rcu_cleanup_after_idle() (rcu_cpu_notify(), v3.6 rcutree.c:2613 and v3.7
     * rcutree.c:2742), whose del_timer() cancels RCU_FAST_NO_HZ's idle_gp_timer (v3.6
     * rcutree_plugin.h:1955-1962, v3.7 rcutree_plugin.h:1715-1722). Left armed it fired after the CPU
     * came back online and took it out of idle for callbacks long since adopted elsewhere.
     * (CPU_UP_PREPARE's rcu_prepare_for_idle_init() also sets dyntick_holdoff to jiffies - 1; the CPU
     * comes back with no callbacks, and rcu_prepare_for_idle() does the same at its first idle entry
     * without callbacks, so that reset is not repeated here.) */
    c->gen_idle_timer++;
    tick_stop(e, cpu);
    emit(e, RV_EV_CPU_OFFLINE, cpu, -1);
    /* native_cpu_die() in arch/x86/kernel/smpboot.c, whose pr_fmt gives its lines "smpboot: " as it
     * does the boot line's (do_boot_cpu()) */
    klog(e, "smpboot: CPU %d is now offline", cpu);
    /* CPU_DEAD, run on another CPU: orphan callbacks, shrink qsmaskinit, move blocked readers; in 3.7
     * each flavor's part waits for a walk holding its onoff_mutex. */
    onoff_queue(e, cpu, false);
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

/* rcu_cleanup_dead_cpu() for one flavor, under onoff_mutex, run as CPU_DEAD does on another CPU's
 * behalf: orphan the dead CPU's callbacks and adopt them on the CPU doing this; take the CPU out of
 * qsmaskinit; if its leaf is left with no CPU, rcu_preempt_offline_tasks() moves the leaf's blocked
 * readers to the root, and the leaf is reported up if it had held the GP only through them. */
static void cleanup_dead_cpu(rv_engine *e, rcu_state *rsp, int cpu)
{
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    int to = first_online_other(e, cpu);
    e->ctx = CTX_TASK; e->ctx_cpu = to;
    long moved = cblist_orphan(e, rsp, cpu, to);
    if (moved) {
        rv_event *ev = emit(e, RV_EV_CB_ORPHAN, cpu, rsp->flavor);
        if (ev) { ev->n = moved; ev->node = to; }
        if (e->cpu[to].run == RS_IDLE && !e->cpu[to].tick_on) tick_start(e, to);
    }
    int leaf = rsp->rda[cpu].mynode;
    if (e->cfg.rcu.mode == RV_MODE_KTHREAD) rsp->rda[cpu].cbs_closed = true; /* "Disallow further callbacks" (3.7 only) */
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

/* The CPU starts (__cpu_up()) only once CPU_UP_PREPARE, rcu_init_percpu_data() of every flavor, is done. */
static void cpu_boot(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    e->ctx = CTX_TASK; e->ctx_cpu = cpu; /* as the injection that asked for it (it may have waited for a walk) */
    dynticks_busy(c); /* rcu_init_percpu_data() forces the counter odd */
    c->run = RS_IDLE;
    emit(e, RV_EV_CPU_ONLINE, cpu, -1);
    klog(e, "smpboot: Booting Node 0 Processor %d APIC 0x%x", cpu, cpu);
    cpu_wake(e, cpu);
    e->ctx = saved; e->ctx_cpu = saved_cpu;
}

int cpu_online(rv_engine *e, int cpu, char *err, size_t errlen)
{
    cpu_t *c = &e->cpu[cpu];
    if (onoff_pending(e, cpu)) { snprintf(err, errlen, "CPU %d: a hotplug operation on it is still in progress", cpu); return -1; }
    if (c->run != RS_OFFLINE) { snprintf(err, errlen, "CPU %d is already online", cpu); return -1; }
    onoff_queue(e, cpu, true);
    return 0;
}
