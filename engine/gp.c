/* gp.c — grace periods from a CPU's side (notice, QS, report), the 3.6 softirq driver and FQS passes. */
#include "internal.h"

static inline bool is37(const rv_engine *e) { return e->cfg.rcu.mode == RV_MODE_KTHREAD; }
static inline bool cpu_is_online(const rv_engine *e, int cpu) { return e->cpu[cpu].run != RS_OFFLINE; }

/* rcu_sched_qs()/rcu_bh_qs()/rcu_preempt_qs() once this CPU has not yet noted a QS for its GP
 * (rcu_qs() in internal.h tests that inline: most calls find it already noted). */
void rcu_qs_note(rv_engine *e, int cpu, int flavor)
{
    rcu_data *rdp = &e->rsp[flavor].rda[cpu];
    rdp->passed_quiesce_gpnum = rdp->gpnum;
    rdp->passed_quiesce = true;
    if (rdp->qs_pending) {
        rv_event *ev = emit(e, RV_EV_QS, cpu, flavor);
        if (ev) ev->gp = rdp->gpnum;
    }
}

/* raise_softirq(RCU_SOFTIRQ). Inside an irq or softirq it runs at exit; from process context the
 * kernel wakes ksoftirqd/N, which the workload module schedules. */
void raise_softirq(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    c->softirq_pending = true;
    bool in_irq = (e->ctx == CTX_TICK || e->ctx == CTX_SOFTIRQ || e->ctx == CTX_KSOFTIRQD) && e->ctx_cpu == cpu;
    if (!in_irq && !c->softirq_scheduled && c->run != RS_OFFLINE) {
        c->softirq_scheduled = true;
        sched_at(e, e->now + e->cfg.costs.ksoftirqd_latency_ns, QE_SOFTIRQ, cpu, 1, 0, ++c->gen_softirq);
    }
}

/* __rcu_process_gp_end(): the leaf says a GP ended that this CPU has not seen: advance callbacks. */
static __attribute__((noinline)) void rcu_advance_after_gp_end(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    charge(e, rsp->flavor, e->cfg.costs.note_gp_ns, true);
    cblist_advance(&rdp->cbl);
    rdp->completed = rnp->completed;
    if ((long)(rdp->gpnum - rdp->completed) < 0) {
        rdp->gpnum = rdp->completed;
        if (is37(e)) rdp->passed_quiesce = false;
    }
    if (!(rnp->qsmask & rdp->grpmask)) rdp->qs_pending = false;
    rv_event *ev = emit(e, RV_EV_NOTE_GP, cpu, rsp->flavor);
    if (ev) { ev->gp = rdp->completed; ev->arg = 1; }
}

/* rcu_process_gp_end(): every softirq pass asks, and nearly always no GP has ended unseen. */
static inline void rcu_process_gp_end(rv_engine *e, rcu_state *rsp, int cpu)
{
    const rcu_data *rdp = &rsp->rda[cpu];
    if (rdp->completed != rsp->node[rdp->mynode].completed) rcu_advance_after_gp_end(e, rsp, cpu);
}

/* __note_new_gpnum(): copy the leaf's gpnum and learn whether this GP needs a QS from us. */
static void note_new_gpnum(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    if (rdp->gpnum == rnp->gpnum) return; /* our leaf is not initialised for it yet: retry later */
    charge(e, rsp->flavor, e->cfg.costs.note_gp_ns, true);
    rdp->gpnum = rnp->gpnum;
    rdp->qs_pending = (rnp->qsmask & rdp->grpmask) != 0;
    if (is37(e) || rdp->qs_pending) rdp->passed_quiesce = false;
    rdp->ticks_this_gp = 0;
    rv_event *ev = emit(e, RV_EV_NOTE_GP, cpu, rsp->flavor);
    if (ev) ev->gp = rdp->gpnum;
    if (rdp->qs_pending) ensure_ctxsw(e, cpu);
}

static bool check_for_new_grace_period(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    if (rdp->gpnum == rsp->gpnum) return false;
    note_new_gpnum(e, rsp, cpu);
    return true;
}

void note_gp_changes(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_process_gp_end(e, rsp, cpu);
    check_for_new_grace_period(e, rsp, cpu);
}

/* rcu_report_qs_rdp(): push this CPU's QS into its leaf; discard it if it belongs to an older GP. */
static void rcu_report_qs_rdp(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    charge(e, rsp->flavor, e->cfg.costs.qs_report_ns, true);
    charge_lock_section(e, e->cfg.costs.qs_report_ns);
    bool stale = is37(e) ? (!rdp->passed_quiesce || rdp->gpnum != rnp->gpnum || rnp->completed == rnp->gpnum)
                         : (rdp->passed_quiesce_gpnum != rnp->gpnum);
    if (stale) { rdp->passed_quiesce = false; return; }
    if (!(rnp->qsmask & rdp->grpmask)) return; /* FQS already credited us */
    rdp->qs_pending = false;
    cblist_next_ready(&rdp->cbl); /* the GP cannot end before this report: NEXT may ride the next GP */
    rcu_report_qs_rnp(e, rsp, rdp->grpmask, rdp->mynode);
}

static void rcu_check_quiescent_state(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    if (check_for_new_grace_period(e, rsp, cpu)) return;
    if (!rdp->qs_pending || !rdp->passed_quiesce) return;
    rcu_report_qs_rdp(e, rsp, cpu);
}

/* cpu_needs_another_gp(): 3.6 counts anything beyond DONE; the 3.7 fix looks one segment further
 * when this CPU has not yet seen the latest GP end (its WAIT callbacks are really done). */
bool cpu_needs_another_gp(rv_engine *e, rcu_state *rsp, rcu_data *rdp)
{
    if (gp_in_progress(rsp)) return false;
    const long *seg = rdp->cbl.seg;
    if (rv_cfg_needs_gp_fix(&e->cfg) && rsp->completed != rdp->completed) return seg[2] + seg[3] > 0;
    return seg[1] + seg[2] + seg[3] > 0;
}

/* GP start bookkeeping shared by both drivers (under the root lock). */
void gp_begin(rv_engine *e, rcu_state *rsp)
{
    rsp->gpnum++;
    /* 3.6 rcu_start_gp() keeps the FQS state machine in rsp->fqs_state, with the fixed
     * RCU_JIFFIES_TILL_FORCE_QS delay. 3.7 rcu_gp_kthread() keeps it in a local (fqs_state), so
     * rsp->fqs_state stays RCU_GP_IDLE and debugfs rcuhier shows s=0 throughout. */
    if (is37(e)) rsp->kt.fqs_state = RCU_SAVE_DYNTICK;
    else rsp->fqs_state = RCU_GP_INIT;
    rsp->jiffies_force_qs = e->jiffies + (uint64_t)e->cfg.rcu.jiffies_till_first_fqs;
    rsp->gp_start_ns = e->now;
    record_gp_stall_check_time(e, rsp);
    charge(e, rsp->flavor, e->cfg.costs.node_lock_ns, true);
    rv_event *ev = emit(e, RV_EV_GP_START, e->ctx_cpu, rsp->flavor);
    if (ev) ev->gp = rsp->gpnum;
}

/* rcu_start_gp_per_cpu(). 3.6: the CPU starting the GP knows all its callbacks predate it and moves
 * them all to RCU_WAIT_TAIL. 3.7 (run by the kthread, on whatever CPU it is) only does
 * __rcu_process_gp_end() and __note_new_gpnum(): no acceleration. */
static void rcu_start_gp_per_cpu(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_process_gp_end(e, rsp, cpu);
    if (!is37(e)) cblist_accelerate_all(&rdp->cbl);
    note_new_gpnum(e, rsp, cpu);
}

/* One node of the init walk: blocked readers now block this GP, qsmask = qsmaskinit, copy numbers. */
void gp_init_node(rv_engine *e, rcu_state *rsp, int n, int cpu)
{
    rcu_node *rnp = &rsp->node[n];
    int64_t cost = e->cfg.costs.node_lock_ns + e->cfg.costs.node_init_ns;
    charge(e, rsp->flavor, cost, true);
    if (rnp->n_blkd > 0) { /* rcu_preempt_check_blocked_tasks(): gp_tasks = first entry */
        for (size_t i = 0; i < e->nreaders; i++) {
            reader *r = &e->readers[i];
            if (r->blocked && r->node == n && r->flavor == rsp->flavor && !r->blocks_gp) {
                r->blocks_gp = 1;
                rnp->n_gp_tasks++;
            }
        }
    }
    rnp->qsmask = rnp->qsmaskinit;
    rnp->gpnum = rsp->gpnum;
    rnp->completed = rsp->completed;
    rsp->walk_node = n;
    if (cpu >= 0 && cpu_is_online(e, cpu) && rsp->rda[cpu].mynode == n) rcu_start_gp_per_cpu(e, rsp, cpu);
    rv_event *ev = emit(e, RV_EV_GP_INIT_NODE, cpu, rsp->flavor);
    if (ev) { ev->gp = rsp->gpnum; ev->node = n; ev->mask = rnp->qsmask; }
}

/* rcu_start_gp(). 3.6: the whole init walk here, one irqs-off region. 3.7: ask the kthread. */
void rcu_start_gp(rv_engine *e, rcu_state *rsp, int cpu)
{
    if (!cpu_needs_another_gp(e, rsp, &rsp->rda[cpu])) return;
    if (is37(e)) {
        rsp->gp_flags |= RCU_GP_FLAG_INIT;
        kthread_wake(e, rsp, cpu, 1);
        return;
    }
    gp_begin(e, rsp);
    for (int n = 0; n < e->nnodes; n++) gp_init_node(e, rsp, n, cpu);
    charge_lock_section(e, (int64_t)e->nnodes * (e->cfg.costs.node_lock_ns + e->cfg.costs.node_init_ns));
    rsp->walk_node = -1;
    rsp->fqs_state = RCU_SAVE_DYNTICK; /* RCU_SIGNAL_INIT */
    if (rsp->node[0].qsmask == 0 && rsp->node[0].n_gp_tasks == 0) rcu_report_qs_rsp(e, rsp);
}

/* End-of-GP bookkeeping shared by both drivers. */
void gp_finish(rv_engine *e, rcu_state *rsp)
{
    uint64_t dur = e->jiffies - rsp->gp_start;
    if (dur > rsp->gp_max) rsp->gp_max = dur;
    int64_t ns = e->now - rsp->gp_start_ns;
    gp_hist_add(rsp, ns);
    if (ns > rsp->gp_max_ns) rsp->gp_max_ns = ns;
    rsp->completed = rsp->gpnum;
    rsp->fqs_state = RCU_GP_IDLE;
    rsp->grace_periods++;
    rsp->walk_node = -1;
    rv_event *ev = emit(e, RV_EV_GP_END, e->ctx_cpu, rsp->flavor);
    if (ev) { ev->gp = rsp->completed; ev->n = ns; }
}

/* rcu_report_qs_rsp(): the root is clear. */
void rcu_report_qs_rsp(rv_engine *e, rcu_state *rsp)
{
    if (is37(e)) { kthread_wake(e, rsp, e->ctx_cpu, 4); return; }
    int cpu = e->ctx_cpu >= 0 ? e->ctx_cpu : 0;
    rcu_data *rdp = &rsp->rda[cpu];
    /* 3.6 pushes `completed` into the nodes only if this CPU has nothing beyond WAIT; otherwise the
     * next rcu_start_gp() walk does it. That lag is what lets the day-one bug start a spurious GP. */
    if (rdp->cbl.seg[2] + rdp->cbl.seg[3] == 0) {
        for (int n = 0; n < e->nnodes; n++) {
            rsp->node[n].completed = rsp->gpnum;
            charge(e, rsp->flavor, e->cfg.costs.node_lock_ns, true);
        }
        charge_lock_section(e, (int64_t)e->nnodes * e->cfg.costs.node_lock_ns);
    }
    gp_finish(e, rsp);
    rcu_start_gp(e, rsp, cpu);
}

/*
 * One FQS pass over the leaves (force_qs_rnp). The first pass after GP start snapshots every
 * still-owing CPU's dynticks counter (dyntick_save_progress_counter) and credits the idle ones; later
 * passes credit CPUs whose counter is even or moved by >= 2 ("dti"), or that are offline ("ofl").
 * Each probe is a remote cache miss: that is why idle CPUs make grace periods dearer.
 */
void rcu_gp_fqs_pass(rv_engine *e, rcu_state *rsp)
{
    /* 3.6 force_quiescent_state() switches on rsp->fqs_state; 3.7 rcu_gp_fqs() on the kthread's local */
    bool snapshot = is37(e) ? rsp->kt.fqs_state != RCU_FORCE_QS : rsp->fqs_state != RCU_FORCE_QS;
    int64_t spent_before = rsp->gp_overhead_ns;
    const unsigned long gp = rsp->gpnum;
    int probed = 0;
    rsp->fqs_scans++;
    int first_leaf = e->level_first[e->levels - 1];
    /* Stop as soon as this GP is over: in 3.6 its end may chain the next GP from inside this pass,
     * and that GP must begin with its own snapshot pass, never with this one's stale snapshots
     * (the kernel defers such a start with fqs_need_gp for the same reason). */
    for (int n = first_leaf; n < e->nnodes && gp_in_progress(rsp) && rsp->gpnum == gp; n++) {
        rcu_node *rnp = &rsp->node[n];
        int64_t section = e->cfg.costs.node_lock_ns;
        charge(e, rsp->flavor, e->cfg.costs.node_lock_ns, true);
        unsigned long mask = 0, bits = rnp->qsmask;
        int probed_here = 0;
        while (bits) {
            int bit = __builtin_ctzl(bits);
            bits &= bits - 1;
            int cpu = rnp->grplo + bit;
            if (cpu >= e->ncpus) continue;
            rcu_data *rdp = &rsp->rda[cpu];
            if (e->cpu[cpu].blip_lazy) settle_blips(e, cpu); /* trips through idle counted, not simulated one by one */
            unsigned long curr = e->cpu[cpu].dynticks;
            probed_here++; /* one cache miss each, charged for the whole leaf below */
            int how = -1;
            if (snapshot) {
                rdp->dynticks_snap = curr;
                if (!(curr & 1)) how = 0;
            } else if (!(curr & 1) || curr - rdp->dynticks_snap >= 2) {
                how = 0;
            } else if (!cpu_is_online(e, cpu) && rsp->gp_start + 2 < e->jiffies) {
                how = 1;
            }
            if (how < 0) continue;
            mask |= 1ul << bit;
            if (how == 0) rdp->dynticks_fqs++; else { rdp->offline_fqs++; rsp->offline_credits++; }
            rv_event *ev = emit(e, RV_EV_FQS_CREDIT, cpu, rsp->flavor);
            if (ev) { ev->gp = rsp->gpnum; ev->arg = (int8_t)how; ev->node = n; }
        }
        charge(e, rsp->flavor, e->cfg.costs.cache_miss_ns * probed_here, true);
        section += e->cfg.costs.cache_miss_ns * probed_here;
        rsp->idle_probes += (uint64_t)probed_here;
        probed += probed_here;
        charge_lock_section(e, section);
        if (mask) rcu_report_qs_rnp(e, rsp, mask, n);
        if (is37(e)) { /* cond_resched() between leaves in the kthread */
            if (e->stretch_nonpreempt > e->max_nonpreempt) e->max_nonpreempt = e->stretch_nonpreempt;
            e->stretch_nonpreempt = 0;
        }
    }
    rv_event *ev = emit(e, RV_EV_FQS, e->ctx_cpu, rsp->flavor);
    if (ev) { ev->gp = gp; ev->arg = snapshot ? 0 : 1; ev->n = probed; }
    if (is37(e)) { if (snapshot) rsp->kt.fqs_state = RCU_FORCE_QS; } /* rcu_gp_fqs() advances it unconditionally */
    else if (snapshot && gp_in_progress(rsp) && rsp->gpnum == gp) rsp->fqs_state = RCU_FORCE_QS;
    rsp->fqs_ns += rsp->gp_overhead_ns - spent_before; /* the FQS share of the GP machinery */
}

/* force_quiescent_state(). 3.6: run a pass here (relaxed callers only when overdue). 3.7: set
 * RCU_GP_FLAG_FQS and wake the kthread, which runs the pass. 3.7's version has no check for a
 * grace period in progress: it sets the flag and calls wake_up() regardless, as in
 *     if (ACCESS_ONCE(rsp->gp_flags) & RCU_GP_FLAG_FQS) { ... return; }
 *     rsp->gp_flags |= RCU_GP_FLAG_FQS; ... wake_up(&rsp->gp_wq);
 * A kthread waiting for RCU_GP_FLAG_INIT wakes, finds its condition false and sleeps again; the
 * flag stays set (later callers return at once) until rcu_gp_init() clears gp_flags. */
void force_quiescent_state(rv_engine *e, rcu_state *rsp, bool relaxed)
{
    if (is37(e)) {
        if (rsp->gp_flags & RCU_GP_FLAG_FQS) { rsp->n_force_qs_lh++; return; }
        rsp->gp_flags |= RCU_GP_FLAG_FQS;
        kthread_wake(e, rsp, e->ctx_cpu, 2);
        return;
    }
    if (!gp_in_progress(rsp)) { rsp->n_force_qs_ngp++; return; }
    if (relaxed && rsp->jiffies_force_qs >= e->jiffies) return; /* done recently */
    rsp->n_force_qs++;
    rsp->jiffies_force_qs = e->jiffies + (uint64_t)e->cfg.rcu.jiffies_till_next_fqs;
    if (rsp->fqs_state == RCU_GP_IDLE || rsp->fqs_state == RCU_GP_INIT) return;
    rcu_gp_fqs_pass(e, rsp);
}

/* __rcu_process_callbacks() for one flavor, in RCU_SOFTIRQ. */
static void process_flavor(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    if (!is37(e) && gp_in_progress(rsp) && rsp->jiffies_force_qs < e->jiffies) force_quiescent_state(e, rsp, true);
    rcu_process_gp_end(e, rsp, cpu);
    rcu_check_quiescent_state(e, rsp, cpu);
    if (cpu_needs_another_gp(e, rsp, rdp)) rcu_start_gp(e, rsp, cpu);
    if (rdp->cbl.seg[RV_DONE_TAIL] > 0) {
        if (rsp->flavor == RV_PREEMPT && e->cfg.rcu.rcu_boost) {
            cpu_t *c = &e->cpu[cpu];
            if (!c->rcuc_scheduled) {
                c->rcuc_scheduled = true;
                sched_at(e, e->now + e->cfg.costs.kthread_latency_ns, QE_RCUC, cpu, 0, 0, 0);
            }
        } else {
            /* in the idle task the batch runs until need_resched(); elsewhere it stops at blimit */
            bool unlimited = e->cpu[cpu].run == RS_IDLE && e->ctx == CTX_SOFTIRQ;
            rcu_do_batch(e, rsp, cpu, unlimited);
        }
    }
}

void rcu_process_callbacks(rv_engine *e, int cpu)
{
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (e->rsp[f].enabled) process_flavor(e, &e->rsp[f], cpu);
}

/* __rcu_pending() ORed over flavors, in the kernel's order; runs the stall check on the way. */
bool rcu_pending(rv_engine *e, int cpu)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rcu_state *rsp = &e->rsp[f];
        if (!rsp->enabled) continue;
        rcu_data *rdp = &rsp->rda[cpu];
        rcu_node *rnp = leaf_of(rsp, rdp);
        check_cpu_stall(e, rsp, cpu);
        if (rdp->qs_pending && !rdp->passed_quiesce) {
            ensure_ctxsw(e, cpu); /* 3.6's set_need_resched() nudge has the same effect */
        } else if (rdp->qs_pending && rdp->passed_quiesce) {
            return true;
        }
        if (rdp->cbl.seg[RV_DONE_TAIL] > 0) return true;
        if (cpu_needs_another_gp(e, rsp, rdp)) return true;
        if (rdp->completed != rnp->completed) return true;
        if (rdp->gpnum != rnp->gpnum) return true;
        if (!is37(e) && gp_in_progress(rsp) && rsp->jiffies_force_qs < e->jiffies) return true;
    }
    return false;
}
