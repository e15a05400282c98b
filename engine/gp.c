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
    /* rcuc/N runs its batches with bottom halves disabled: in_interrupt(), no wakeup (its handler runs
     * what is raised at local_bh_enable()) */
    bool in_irq = (e->ctx == CTX_TICK || e->ctx == CTX_SOFTIRQ || e->ctx == CTX_KSOFTIRQD || e->ctx == CTX_RCUC) && e->ctx_cpu == cpu;
    if (!in_irq && !c->softirq_scheduled && c->run != RS_OFFLINE) {
        c->softirq_scheduled = true;
        charge(e, -1, e->cfg.costs.local_wakeup_ns, false); /* raise_softirq_irqoff(): wakeup_softirqd() */
        sched_at(e, e->now + e->cfg.costs.ksoftirqd_latency_ns, QE_SOFTIRQ, cpu, 1, 0, ++c->gen_softirq);
    }
}

/* __rcu_process_gp_end(): the leaf says a GP ended that this CPU has not seen: advance callbacks.
 * leaf_locked: called under the leaf's lock that the GP start's walk holds (rcu_start_gp_per_cpu()),
 * so the trylock note_gp_ns stands for is not taken. */
static __attribute__((noinline)) void rcu_advance_after_gp_end(rv_engine *e, rcu_state *rsp, int cpu, bool leaf_locked)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    if (!leaf_locked) charge(e, rsp->flavor, e->cfg.costs.note_gp_ns, true);
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
    if (rdp->completed != rsp->node[rdp->mynode].completed) rcu_advance_after_gp_end(e, rsp, cpu, false);
}

/* __note_new_gpnum(): copy the leaf's gpnum and learn whether this GP needs a QS from us (leaf_locked
 * as for rcu_advance_after_gp_end()). */
static void note_new_gpnum(rv_engine *e, rcu_state *rsp, int cpu, bool leaf_locked)
{
    rcu_data *rdp = &rsp->rda[cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    if (rdp->gpnum == rnp->gpnum) return; /* our leaf is not initialised for it yet: retry later */
    if (!leaf_locked) charge(e, rsp->flavor, e->cfg.costs.note_gp_ns, true);
    rdp->gpnum = rnp->gpnum;
    rdp->qs_pending = (rnp->qsmask & rdp->grpmask) != 0;
    if (is37(e) || rdp->qs_pending) rdp->passed_quiesce = false;
    rdp->ticks_this_gp = 0;
    rv_event *ev = emit(e, RV_EV_NOTE_GP, cpu, rsp->flavor);
    if (ev) ev->gp = rdp->gpnum;
    if (!rdp->qs_pending) return;
    /* this flavor now waits for our QS (passed_quiesce was just cleared): the context switch that gives it */
    if (rsp->enabled) ensure_ctxsw_owed(e, cpu);
    else ensure_ctxsw(e, cpu);
}

static bool check_for_new_grace_period(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    if (rdp->gpnum == rsp->gpnum) return false;
    note_new_gpnum(e, rsp, cpu, false);
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
    charge_softirq(e, rsp, cpu, e->cfg.costs.qs_report_ns); /* only rcu_process_callbacks() reports here */
    charge_lock_section(e, e->cfg.costs.qs_report_ns);
    bool stale = is37(e) ? (!rdp->passed_quiesce || rdp->gpnum != rnp->gpnum || rnp->completed == rnp->gpnum)
                         : (rdp->passed_quiesce_gpnum != rnp->gpnum || rnp->completed == rnp->gpnum);
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

/* GP start bookkeeping shared by both drivers (under the root lock, which each driver charges). */
void gp_begin(rv_engine *e, rcu_state *rsp)
{
    rsp->gpnum++;
    /* 3.6 rcu_start_gp() keeps the FQS state machine in rsp->fqs_state, with the fixed
     * RCU_JIFFIES_TILL_FORCE_QS delay. 3.7 rcu_gp_kthread() keeps it in a local (fqs_state), so
     * rsp->fqs_state stays RCU_GP_IDLE and debugfs rcuhier shows s=0 throughout. */
    if (is37(e)) rsp->kt.fqs_state = RCU_SAVE_DYNTICK;
    else rsp->fqs_state = RCU_GP_INIT;
    /* 3.6's rcu_start_gp() sets the forcing deadline here; 3.7's rcu_gp_init() leaves it alone, and
     * the kthread's FQS loop sets it once the walk is done (arm_timeout()) */
    if (!is37(e)) rsp->jiffies_force_qs = e->jiffies + (uint64_t)e->cfg.rcu.jiffies_till_first_fqs;
    rsp->gp_start_ns = e->now;
    rsp->gp_start_cpu = e->ctx_cpu;
    record_gp_stall_check_time(e, rsp);
    rv_event *ev = emit(e, RV_EV_GP_START, e->ctx_cpu, rsp->flavor);
    if (ev) ev->gp = rsp->gpnum;
}

/* rcu_start_gp_per_cpu(). 3.6: the CPU starting the GP knows all its callbacks predate it and moves
 * them all to RCU_WAIT_TAIL. 3.7 (run by the kthread, on whatever CPU it is) only does
 * __rcu_process_gp_end() and __note_new_gpnum(): no acceleration. */
static void rcu_start_gp_per_cpu(rv_engine *e, rcu_state *rsp, int cpu)
{
    rcu_data *rdp = &rsp->rda[cpu];
    /* the lock-free __rcu_process_gp_end() and __note_new_gpnum(): the walk holds this leaf's lock
     * (v3.6 rcutree.c:1036-1050, v3.7 :1166-1175) */
    if (rdp->completed != rsp->node[rdp->mynode].completed) rcu_advance_after_gp_end(e, rsp, cpu, true);
    if (!is37(e)) cblist_accelerate_all(&rdp->cbl);
    note_new_gpnum(e, rsp, cpu, true);
}

/* rcu_preempt_check_blocked_tasks(): the node's queued readers now block this GP (gp_tasks = first entry). */
static __attribute__((noinline)) void init_node_blocked(rv_engine *e, rcu_state *rsp, int n)
{
    rcu_node *rnp = &rsp->node[n];
    for (size_t i = 0; i < e->nreaders; i++) {
        reader *r = &e->readers[i];
        if (r->blocked && r->node == n && r->flavor == rsp->flavor && !r->blocks_gp) {
            r->blocks_gp = 1;
            rnp->n_gp_tasks++;
        }
    }
}

/* One node of the init walk (its lock and init work charged by the caller): blocked readers now
 * block this GP, qsmask = qsmaskinit, copy numbers. `logged`: someone reads per-node events. */
static inline void init_node_state(rv_engine *e, rcu_state *rsp, int n, int cpu, int cpu_leaf)
{
    rcu_node *rnp = &rsp->node[n];
    if (rnp->n_blkd > 0) init_node_blocked(e, rsp, n);
    rnp->qsmask = rnp->qsmaskinit;
    rnp->gpnum = rsp->gpnum;
    rnp->completed = rsp->completed;
    rsp->walk_node = n;
    if (n == cpu_leaf) rcu_start_gp_per_cpu(e, rsp, cpu);
}

static void init_node(rv_engine *e, rcu_state *rsp, int n, int cpu, int cpu_leaf, bool logged)
{
    init_node_state(e, rsp, n, cpu, cpu_leaf);
    if (logged) {
        rv_event *ev = emit(e, RV_EV_GP_INIT_NODE, cpu, rsp->flavor);
        if (ev) { ev->gp = rsp->gpnum; ev->node = n; ev->mask = rsp->node[n].qsmask; }
    } else {
        event_count_only(e, RV_EV_GP_INIT_NODE, 1); /* no one reads per-node events here */
    }
}

/* init_node_state() for nodes [lo, hi) of a 3.6 walk no one watches node by node, none of them the
 * starting CPU's leaf, as plain loops: the blocked-reader check first (it touches only readers and
 * n_gp_tasks, which the copies below do not read), then qsmask = qsmaskinit and the GP numbers. */
static void init_nodes_quiet(rv_engine *e, rcu_state *rsp, int lo, int hi)
{
    rcu_node *const node = rsp->node;
    const unsigned long gpnum = rsp->gpnum, completed = rsp->completed;
    if (rsp->flavor == RV_PREEMPT) { /* only rcu_preempt readers block (block_reader()) */
        for (int n = lo; n < hi; n++)
            if (node[n].n_blkd > 0) init_node_blocked(e, rsp, n);
    }
    for (int n = lo; n < hi; n++) {
        rcu_node *rnp = &node[n];
        rnp->qsmask = rnp->qsmaskinit;
        rnp->gpnum = gpnum;
        rnp->completed = completed;
    }
}

static bool init_logged(const rv_engine *e) { return events_read(e) || triggers_watch(e, RV_EV_GP_INIT_NODE); }

/* The leaf whose init brings the starting CPU up to date (rcu_start_gp_per_cpu()), or -1. */
static int starting_leaf(const rv_engine *e, const rcu_state *rsp, int cpu)
{
    return cpu >= 0 && cpu_is_online(e, cpu) ? rsp->rda[cpu].mynode : -1;
}

/* One node of the 3.7 kthread's walk (rcu_gp_init() takes one node lock at a time). */
void gp_init_node(rv_engine *e, rcu_state *rsp, int n, int cpu)
{
    charge(e, rsp->flavor, e->cfg.costs.node_lock_ns + e->cfg.costs.node_init_ns, true);
    rsp->node_lock_visits++;
    init_node(e, rsp, n, cpu, starting_leaf(e, rsp, cpu), init_logged(e));
}

static void rcu_start_gp36(rv_engine *e, rcu_state *rsp, int cpu, bool root_held);

/* rcu_start_gp(), its caller taking the root's lock for it. 3.6: the whole init walk here, one
 * irqs-off region. 3.7: ask the kthread. */
void rcu_start_gp(rv_engine *e, rcu_state *rsp, int cpu)
{
    if (!cpu_needs_another_gp(e, rsp, &rsp->rda[cpu])) return;
    if (is37(e)) {
        /* Its callers (__rcu_process_callbacks(), __call_rcu_core()) take the root rcu_node's lock for
         * it; 3.7's rcu_start_gp() sets RCU_GP_FLAG_INIT under that lock and calls wake_up() after the
         * unlock. The lock section is the caller's, like the wake_up(). */
        node_lock_visit(e, rsp);
        rsp->gp_flags = RCU_GP_FLAG_INIT; /* assigned: a stale RCU_GP_FLAG_FQS request goes with it */
        kthread_wake(e, rsp, cpu, 1);
        return;
    }
    rcu_start_gp36(e, rsp, cpu, false);
}

/* 3.6's rcu_start_gp() from a caller that holds the root's lock already: rcu_report_qs_rsp() at a
 * GP's end, force_quiescent_state() after its pass (fqs_need_gp). */
static void rcu_start_gp_root_held(rv_engine *e, rcu_state *rsp, int cpu)
{
    if (cpu_needs_another_gp(e, rsp, &rsp->rda[cpu])) rcu_start_gp36(e, rsp, cpu, true);
}

/* 3.6's rcu_start_gp() (v3.6 rcutree.c:1052-1130): under the root's lock (the caller's, or taken
 * here: __rcu_process_callbacks() and __call_rcu_core() lock it for the call), gpnum++, then the
 * walk of every node with the root unlocked, then the root's lock again to set RCU_SIGNAL_INIT. */
static void rcu_start_gp36(rv_engine *e, rcu_state *rsp, int cpu, bool root_held)
{
    if (!root_held) node_lock_visit(e, rsp);
    if (rsp->fqs_active) { /* v3.6 rcutree.c:1071-1079: the pass starts it on our behalf once it ends */
        rsp->fqs_need_gp = true;
        return;
    }
    gp_begin(e, rsp);
    int64_t walk = (int64_t)e->nnodes * (e->cfg.costs.node_lock_ns + e->cfg.costs.node_init_ns);
    charge(e, rsp->flavor, walk, true); /* every node's lock and init, as one sum */
    rsp->node_lock_visits += (uint64_t)e->nnodes;
    const bool logged = init_logged(e);
    const int cpu_leaf = starting_leaf(e, rsp, cpu);
    if (logged) {
        for (int n = 0; n < e->nnodes; n++) init_node(e, rsp, n, cpu, cpu_leaf, true);
    } else { /* no one reads per-node events: the walk's are counted at once (counts have no order) */
        if (cpu_leaf >= 0) { /* the nodes up to the starting CPU's leaf, that leaf, then the rest */
            init_nodes_quiet(e, rsp, 0, cpu_leaf);
            init_node_state(e, rsp, cpu_leaf, cpu, cpu_leaf);
            init_nodes_quiet(e, rsp, cpu_leaf + 1, e->nnodes);
        } else {
            init_nodes_quiet(e, rsp, 0, e->nnodes);
        }
        event_count_only(e, RV_EV_GP_INIT_NODE, (uint64_t)e->nnodes);
    }
    charge_lock_section_as(e, walk, RV_IRQOFF_GP_START);
    rsp->walk_node = -1;
    node_lock_visit(e, rsp); /* "raw_spin_lock(&rnp->lock)" on the root again, for: */
    rsp->fqs_state = RCU_SAVE_DYNTICK; /* RCU_SIGNAL_INIT */
    if (rsp->node[0].qsmask == 0 && rsp->node[0].n_gp_tasks == 0) rcu_report_qs_rsp(e, rsp);
}

/* End-of-GP bookkeeping shared by both drivers. */
void gp_finish(rv_engine *e, rcu_state *rsp)
{
    safety_check_gp_end(e, rsp);
    if (!is37(e)) record_gp_max(e, rsp); /* 3.7: at the start of rcu_gp_cleanup() (kthread.c) */
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
    irqoff_region_begin(e, rsp, RV_IRQOFF_GP_END); /* irqs stay off from the root's lock, through the walks, into rcu_start_gp() (v3.6 rcutree.c:1172-1192) */
    int cpu = e->ctx_cpu >= 0 ? e->ctx_cpu : 0;
    rcu_data *rdp = &rsp->rda[cpu];
    /* 3.6 pushes `completed` into the nodes only if this CPU has nothing beyond WAIT; otherwise the
     * next rcu_start_gp() walk does it. That lag is what lets the day-one bug start a spurious GP. */
    if (rdp->cbl.seg[2] + rdp->cbl.seg[3] == 0) {
        rcu_node *const node = rsp->node;
        const unsigned long gpnum = rsp->gpnum;
        for (int n = 0; n < e->nnodes; n++) node[n].completed = gpnum;
        /* one node lock each, and node_init_ns for the copy, as 3.7's cleanup walk charges; one sum */
        int64_t walk = (int64_t)e->nnodes * (e->cfg.costs.node_lock_ns + e->cfg.costs.node_init_ns);
        charge(e, rsp->flavor, walk, true);
        charge_lock_section(e, walk);
        rsp->node_lock_visits += (uint64_t)e->nnodes;
        node_lock_visit(e, rsp); /* the root's lock again after the walk (v3.6 rcutree.c:1185-1186) */
    }
    gp_finish(e, rsp);
    rcu_start_gp_root_held(e, rsp, cpu); /* "releases root node's rnp->lock" */
    irqoff_region_end(e, rsp);
}

/* Bits set in a leaf mask. Written out because the baseline x86-64 target has no popcnt
 * instruction and __builtin_popcountl() becomes a library call: this runs several times per leaf. */
static inline int mask_weight(uint64_t x) /* (unsigned long is 32 bits in the WebAssembly build) */
{
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* What an FQS credit is called (RV_EV_FQS_CREDIT's arg). A GP's first pass is
 * force_qs_rnp(rsp, dyntick_save_progress_counter): it reports an even counter as a quiescent state
 * with no trace and no counter ("snap", 2). The later passes run rcu_implicit_dynticks_qs(), which
 * traces "dti" and does rdp->dynticks_fqs++ for an even or moved counter (0), and "ofl" with
 * rdp->offline_fqs++ for an offline CPU (1). So debugfs rcudata's df= counts only "dti". */
static inline int8_t credit_kind(bool snapshot, unsigned long ofl, int bit)
{
    return snapshot ? 2 : (int8_t)((ofl >> bit) & 1);
}

/* Add the leaf's run of identical idle credits to the CPUs' rcu_data.dynticks_fqs. */
static __attribute__((noinline)) void fqs_idle_flush(rcu_state *rsp, rcu_node *rnp)
{
    for (unsigned long bits = rnp->fqs_idle_mask; bits; bits &= bits - 1)
        rsp->rda[rnp->grplo + __builtin_ctzl(bits)].dynticks_fqs += rnp->fqs_idle_passes;
    rnp->fqs_idle_mask = 0;
    rnp->fqs_idle_passes = 0;
}

/* A pass credited the leaf's dyntick-idle CPUs in `idle`: usually the same CPUs as last time (an idle
 * machine stays idle), so the per-CPU counters are brought up to date only when the set changes. */
static inline void fqs_idle_note(rcu_state *rsp, rcu_node *rnp, unsigned long idle)
{
    if (rnp->fqs_idle_mask != idle) {
        fqs_idle_flush(rsp, rnp);
        rnp->fqs_idle_mask = idle;
    }
    rnp->fqs_idle_passes++;
}

/* rcu_data.dynticks_fqs as the kernel would show it (debugfs rcudata "df"), pending credits included. */
unsigned long rdp_dynticks_fqs(const rcu_state *rsp, int cpu)
{
    const rcu_data *rdp = &rsp->rda[cpu];
    const rcu_node *rnp = &rsp->node[rdp->mynode];
    return rdp->dynticks_fqs + ((rnp->fqs_idle_mask & rdp->grpmask) ? rnp->fqs_idle_passes : 0);
}

/*
 * A run of leaves whose owing CPUs were all dyntick-idle, in a 3.6 batched pass: each such leaf's
 * part of force_qs_rnp() (its lock, one probe per owing CPU, all of them credited, "snap" or "dti", one QS
 * report) is summed here and booked at once by fqs_idle_run_book(). The sums are the per-leaf
 * figures added up: charge() and the counters only add, and the longest irqs-off section is the one
 * of the leaf with the most probes. The run is booked before anything that could end the GP or read
 * the figures (a climb into a parent, a leaf with a running CPU, the end of the pass).
 */
typedef struct fqs_idle_run { long leaves, probes, reports; int max_probes; } fqs_idle_run;

static __attribute__((noinline)) void fqs_idle_run_book(rv_engine *e, rcu_state *rsp, fqs_idle_run run)
{
    const int64_t lock_ns = e->cfg.costs.node_lock_ns, miss_ns = e->cfg.costs.cache_miss_ns;
    charge(e, rsp->flavor, lock_ns * run.leaves + miss_ns * run.probes, true);
    rsp->node_lock_visits += (uint64_t)run.leaves;
    charge_lock_section(e, lock_ns + miss_ns * run.max_probes);
    rsp->dyntick_credits += (uint64_t)run.probes;
    rsp->idle_probes += (uint64_t)run.probes;
    event_count_only(e, RV_EV_FQS_CREDIT, (uint64_t)run.probes);
    if (run.reports) event_count_only(e, RV_EV_QS_REPORT, (uint64_t)run.reports);
}

static inline bool gp_still(const rcu_state *rsp, unsigned long gp) { return gp_in_progress(rsp) && rsp->gpnum == gp; }

/* The lock force_qs_rnp() takes after the leaves it worked on: the next leaf's, if the GP ended before
 * the walk's end ("raw_spin_lock_irqsave(&rnp->lock, flags); if (!rcu_gp_in_progress(rsp)) { ...
 * return; }"), else, when the root owes nothing (the GP ended at the last leaf, or only blocked
 * readers hold it), the root's, for rcu_initiate_boost() (v3.6 rcutree.c:1693-1718, v3.7 :1918-1947).
 * In 3.7 the GP stays "in progress" until the kthread's cleanup, so its walk always reaches the root. */
static inline bool fqs_pass_last_lock(const rv_engine *e, const rcu_state *rsp, int stopped_at)
{
    return stopped_at < e->nnodes || rsp->node[0].qsmask == 0;
}

/* What one FQS pass needs to know about itself, worked out once per pass. */
typedef struct fqs_pass_ctx {
    unsigned long gp;
    bool snapshot;      /* the first pass of this GP: dyntick_save_progress_counter() */
    bool logged;        /* per-CPU credit events only for someone who reads them */
    bool log_reports;   /* per-node report events logged (qs_report_logged()) */
    int probed;
    int stopped_at;     /* the leaf whose lock showed the GP over, or nnodes: the walk went to the end */
} fqs_pass_ctx;

/* dyntick_save_progress_counter() on a leaf's running owing CPUs, the first pass of a GP: their counters
 * are odd (parity changes only through dynticks_idle()/dynticks_busy(), which keep leaf_idle, and a
 * lazy blip count adds an even number), so none is credited; each lazy CPU's blips are counted first.
 * The flavor's leaf_dirty then forgets them, except the lazy and offline ones: later passes of this GP
 * visit only the marked CPUs (force_qs_rnp()'s check pass below, and force_qs_rnp_leaf37()), because an
 * unmarked running CPU still has its snapshot's counter, is online and has no blips to count. */
static inline __attribute__((always_inline)) void fqs_snapshot_running_inl(rv_engine *e, rcu_state *rsp, const rcu_node *rnp,
                                                                          unsigned long running)
{
    cpu_t *const leaf_cpu = &e->cpu[rnp->grplo];
    rcu_data *const leaf_rdp = &rsp->rda[rnp->grplo];
    unsigned long keep = 0;
    for (unsigned long bits = running; bits; bits &= bits - 1) {
        const int bit = __builtin_ctzl(bits);
        cpu_t *c = &leaf_cpu[bit];
        if (c->blip_lazy) { settle_blips(e, rnp->grplo + bit); keep |= 1ul << bit; } /* trips through idle counted, not simulated one by one */
        if (c->run == RS_OFFLINE) keep |= 1ul << bit;
        leaf_rdp[bit].dynticks_snap = c->dynticks;
    }
    leaf_cpu->leaf_dirty[rsp->flavor] &= ~(running & ~keep);
}

/* The same, out of line, for fqs_leaf() (3.6's pass, whose walk over many leaves kept it out of line);
 * 3.7's leaf pass, force_qs_rnp_leaf37(), takes the inline form. */
static __attribute__((noinline)) void fqs_snapshot_running(rv_engine *e, rcu_state *rsp, const rcu_node *rnp,
                                                           unsigned long running)
{
    fqs_snapshot_running_inl(e, rsp, rnp, running);
}

/* force_qs_rnp()'s work on leaf n, which owes `owing`: credit its idle CPUs at once, probe its
 * running ones (after the snapshot pass only those in leaf_dirty, fqs_snapshot_running()), charge the
 * leaf lock and the probes, report what was credited. */
static inline __attribute__((always_inline)) int fqs_leaf(rv_engine *e, rcu_state *rsp, int n, unsigned long owing,
                                                         const fqs_pass_ctx *p, qs_batch *qb)
{
    const bool snapshot = p->snapshot, batch = qb != NULL;
    rcu_node *rnp = &rsp->node[n];
    const cpu_t *const leaf_cpu = &e->cpu[rnp->grplo];
    unsigned long idle = owing & leaf_cpu->leaf_idle; /* counter even: credited ("snap" in the first pass, else "dti") */
    unsigned long mask = idle, ofl = 0;
    if (snapshot) fqs_snapshot_running(e, rsp, rnp, owing & ~idle);
    for (unsigned long bits = snapshot ? 0 : owing & ~idle & leaf_cpu->leaf_dirty[rsp->flavor]; bits; bits &= bits - 1) {
        int bit = __builtin_ctzl(bits); /* running when probed */
        int cpu = rnp->grplo + bit;
        rcu_data *rdp = &rsp->rda[cpu];
        if (e->cpu[cpu].blip_lazy) settle_blips(e, cpu); /* trips through idle counted, not simulated one by one */
        unsigned long curr = e->cpu[cpu].dynticks;
        int how = -1; /* rcu_implicit_dynticks_qs() */
        if (!(curr & 1) || curr - rdp->dynticks_snap >= 2) {
            how = 0;
        } else if (!cpu_is_online(e, cpu) && rsp->gp_start + 2 < e->jiffies) {
            how = 1;
        }
        if (how < 0) continue;
        mask |= 1ul << bit;
        if (how == 0) { rdp->dynticks_fqs++; rsp->dyntick_credits++; }
        else { ofl |= 1ul << bit; rdp->offline_fqs++; rsp->offline_credits++; }
    }
    int probed_here = mask_weight(owing); /* one remote cache miss each */
    if (idle) {
        if (!snapshot) fqs_idle_note(rsp, rnp, idle); /* dynticks_fqs: see credit_kind() */
        rsp->dyntick_credits += (uint64_t)(idle == owing ? probed_here : mask_weight(idle));
    }
    if (p->logged) {
        for (unsigned long bits = mask; bits; bits &= bits - 1) {
            int bit = __builtin_ctzl(bits);
            rv_event *ev = emit(e, RV_EV_FQS_CREDIT, rnp->grplo + bit, rsp->flavor);
            if (ev) { ev->gp = rsp->gpnum; ev->arg = credit_kind(snapshot, ofl, bit); ev->node = n; }
        }
    } else if (mask) {
        event_count_only(e, RV_EV_FQS_CREDIT, (uint64_t)(mask == owing ? probed_here : mask_weight(mask)));
    }
    /* the leaf lock and the probes: one irqs-off section, charged as one sum */
    int64_t section = e->cfg.costs.node_lock_ns + e->cfg.costs.cache_miss_ns * probed_here;
    charge(e, rsp->flavor, section, true);
    rsp->node_lock_visits++;
    rsp->idle_probes += (uint64_t)probed_here;
    charge_lock_section(e, section);
    if (mask) {
        if (batch) rcu_report_qs_leaf_batched(e, rsp, mask, n, qb);
        else rcu_report_qs_rnp_logged(e, rsp, mask, n, p->log_reports);
    }
    return probed_here;
}

/* Apply the climbs gathered into `parent` (qs_batch_flush()), after booking the leaves before them. */
static void fqs_climb_flush(rv_engine *e, rcu_state *rsp, fqs_idle_run *run, int parent, long climbs, unsigned long climbed)
{
    if (run->leaves) fqs_idle_run_book(e, rsp, *run);
    *run = (fqs_idle_run){0};
    qs_batch qb = {.parent = parent, .climbs = climbs, .mask = climbed};
    qs_batch_flush(e, rsp, &qb);
}

/*
 * The leaves of a 3.6 pass, the climbs into each parent batched (rcu_report_qs_leaf_batched()).
 * A leaf whose owing CPUs are all idle (nearly every leaf of a big idle machine) takes a short path:
 * no CPU to visit; its figures go into an fqs_idle_run, and its report clears it whole, as
 * rcu_report_qs_rnp() would (same checks in the same order), its climb joining the batch. The batch
 * state is kept in locals here (parent, climbs, climbed; parent_owes = the parent's qsmask, which
 * only a flush changes) and handed to tree.c's qs_batch_flush() when the parent changes or would
 * clear. Returns the clear leaves (only their lock is charged).
 */
static int fqs_leaves_batched(rv_engine *e, rcu_state *rsp, fqs_pass_ctx *p)
{
    rcu_node *const node = rsp->node;
    const int nnodes = e->nnodes, first_leaf = e->level_first[e->levels - 1];
    const cpu_t *const cpus = e->cpu;
    fqs_idle_run run = {0};
    int parent = -1, clear_leaves = 0, probed = 0;
    long climbs = 0;
    unsigned long climbed = 0, parent_owes = 0;
    /* only a report that climbed can end the GP: asked again after each one */
    for (int n = gp_still(rsp, p->gp) ? first_leaf : nnodes; n < nnodes; n++) {
        rcu_node *rnp = &node[n];
        unsigned long owing = rnp->qsmask;
        if (!owing) { clear_leaves++; continue; }
        if (owing & ~cpus[rnp->grplo].leaf_idle) { /* a CPU was running: the full visit */
            if (run.leaves) { fqs_idle_run_book(e, rsp, run); run = (fqs_idle_run){0}; } /* the leaves before it first */
            qs_batch qb = {.parent = parent, .climbs = climbs, .mask = climbed};
            probed += fqs_leaf(e, rsp, n, owing, p, &qb);
            climbs = qb.climbs;
            climbed = qb.mask;
            parent = climbs ? qb.parent : -1; /* (the batch's parent matters only while it has climbs) */
            if (climbs) parent_owes = node[parent].qsmask;
            if (!gp_still(rsp, p->gp)) { p->stopped_at = n + 1; break; }
            continue;
        }
        int probed_here = owing == rnp->qsmaskinit ? rnp->qsmaskinit_weight : mask_weight(owing);
        if (!p->snapshot) fqs_idle_note(rsp, rnp, owing); /* dynticks_fqs: see credit_kind() */
        run.leaves++;
        run.probes += probed_here;
        if (probed_here > run.max_probes) run.max_probes = probed_here;
        probed += probed_here;
        /* rcu_report_qs_rnp(owing) on this leaf */
        if (rnp->gpnum == rnp->completed) continue;
        rnp->qsmask = 0;
        run.reports++;
        if (rnp->n_gp_tasks > 0) continue; /* a preempted reader still blocks the GP here: no climb */
        if (parent != rnp->parent) {
            if (climbs) { /* a new parent: the last one's climbs first */
                fqs_climb_flush(e, rsp, &run, parent, climbs, climbed);
                climbs = 0;
                climbed = 0;
            }
            parent = rnp->parent;
            parent_owes = node[parent].qsmask;
        }
        climbs++;
        climbed |= rnp->grpmask;
        if (!(parent_owes & ~climbed)) { /* the parent clears now: climb on from here */
            fqs_climb_flush(e, rsp, &run, parent, climbs, climbed);
            climbs = 0;
            climbed = 0;
            parent = -1;
            if (!gp_still(rsp, p->gp)) { p->stopped_at = n + 1; break; }
        }
    }
    if (run.leaves) fqs_idle_run_book(e, rsp, run);
    if (climbs) {
        qs_batch qb = {.parent = parent, .climbs = climbs, .mask = climbed};
        qs_batch_flush(e, rsp, &qb);
    }
    p->probed += probed;
    return clear_leaves;
}

/*
 * 3.7's force_qs_rnp() on leaf n, which owes `owing`, from rcu_gp_fqs() in rcu_gp_kthread(). The same
 * work as fqs_leaf() with what 3.7's kthread context makes certain written out:
 * - A CPU visited here is one whose bit is clear in leaf_idle, so its dynticks counter is odd: parity
 *   changes only through dynticks_idle()/dynticks_busy(), which keep leaf_idle, and settle_blips()
 *   adds an even count. So dyntick_save_progress_counter() finds no idle CPU among them (the snapshot
 *   pass only stores their counters), and rcu_implicit_dynticks_qs() credits one only when its counter
 *   moved by >= 2 since the snapshot, or when it is offline and the GP is over two jiffies old.
 * - The pass runs in the kthread (rcu_gp_fqs() is called only from kthread_slice(), under kthread_run(),
 *   which sets e->ctx = CTX_KTHREAD and e->ctx_flavor = rsp->flavor), where charge(..., true) adds to
 *   kthread_ns, gp_overhead_ns and stretch_nonpreempt only: charge_kthread().
 * - The running CPUs' dyntick credits are added to rsp->dyntick_credits after the loop: nothing in it
 *   (settle_blips() included) reads that sum.
 * - After the snapshot pass, only the CPUs in the flavor's leaf_dirty are visited (fqs_snapshot_running()).
 *   A running CPU's counter is odd at both looks, so it moved by >= 2 exactly when it moved at all,
 *   and every move goes through dynticks_idle()/dynticks_busy() (which mark leaf_dirty) or through
 *   counting lazy blips on a CPU that was marked when it became lazy.
 * Same draws (settle_blips() on the same CPUs in the same order), same counters, same events.
 */
static inline __attribute__((always_inline)) int force_qs_rnp_leaf37(rv_engine *e, rcu_state *rsp, int n, unsigned long owing,
                                                                    bool snapshot, int *log_reports)
{
    rcu_node *rnp = &rsp->node[n];
    cpu_t *const leaf_cpu = &e->cpu[rnp->grplo];
    rcu_data *const leaf_rdp = &rsp->rda[rnp->grplo];
    const unsigned long idle = owing & leaf_cpu->leaf_idle; /* counter even: credited ("snap" in the first pass, else "dti") */
    unsigned long mask = idle, ofl = 0;
    uint64_t dti_running = 0;
    if (snapshot) fqs_snapshot_running_inl(e, rsp, rnp, owing & ~idle);
    for (unsigned long bits = snapshot ? 0 : owing & ~idle & leaf_cpu->leaf_dirty[rsp->flavor]; bits; bits &= bits - 1) { /* running (counter odd) when probed */
        const int bit = __builtin_ctzl(bits);
        cpu_t *c = &leaf_cpu[bit];
        if (c->blip_lazy) settle_blips(e, rnp->grplo + bit); /* trips through idle counted, not simulated one by one */
        rcu_data *rdp = &leaf_rdp[bit];
        const unsigned long curr = c->dynticks;
        if (curr - rdp->dynticks_snap >= 2) { /* rcu_implicit_dynticks_qs(): passed through idle since */
            mask |= 1ul << bit;
            rdp->dynticks_fqs++;
            dti_running++;
        } else if (c->run == RS_OFFLINE && rsp->gp_start + 2 < e->jiffies) {
            mask |= 1ul << bit;
            ofl |= 1ul << bit;
            rdp->offline_fqs++;
            rsp->offline_credits++;
        }
    }
    rsp->dyntick_credits += dti_running;
    const int probed_here = mask_weight(owing); /* one remote cache miss each */
    if (idle) {
        if (!snapshot) fqs_idle_note(rsp, rnp, idle); /* dynticks_fqs: see credit_kind() */
        rsp->dyntick_credits += (uint64_t)(idle == owing ? probed_here : mask_weight(idle));
    }
    if (mask) {
        if (events_read(e)) {
            for (unsigned long bits = mask; bits; bits &= bits - 1) {
                int bit = __builtin_ctzl(bits);
                rv_event *ev = emit(e, RV_EV_FQS_CREDIT, rnp->grplo + bit, rsp->flavor);
                if (ev) { ev->gp = rsp->gpnum; ev->arg = credit_kind(snapshot, ofl, bit); ev->node = n; }
            }
        } else {
            event_count_only(e, RV_EV_FQS_CREDIT, (uint64_t)(mask == owing ? probed_here : mask_weight(mask)));
        }
    }
    /* the leaf lock and the probes: one irqs-off section, charged as one sum */
    const int64_t section = e->cfg.costs.node_lock_ns + e->cfg.costs.cache_miss_ns * probed_here;
    charge_kthread(e, rsp, section);
    rsp->node_lock_visits++;
    rsp->idle_probes += (uint64_t)probed_here;
    charge_lock_section(e, section);
    if (mask) {
        /* qs_report_logged() asked once per pass, at the first report (nothing in a pass changes it) */
        if (*log_reports < 0) *log_reports = qs_report_logged(e);
        rcu_report_qs_rnp_logged(e, rsp, mask, n, *log_reports);
    }
    return probed_here;
}

/* 3.7's force_qs_rnp(): the leaves, with a cond_resched() between them. Returns the CPUs probed. */
static int force_qs_rnp37(rv_engine *e, rcu_state *rsp, unsigned long gp, bool snapshot)
{
    int probed = 0, log_reports = -1;
    const int nnodes = e->nnodes;
    int n = e->level_first[e->levels - 1];
    for (; n < nnodes && gp_still(rsp, gp); n++) {
        const unsigned long owing = rsp->node[n].qsmask;
        if (owing) {
            probed += force_qs_rnp_leaf37(e, rsp, n, owing, snapshot, &log_reports);
        } else { /* nothing owed here (a leaf already clear, or one with no CPU): only its lock */
            node_lock_visit(e, rsp);
        }
        /* cond_resched() between leaves */
        if (e->stretch_nonpreempt > e->max_nonpreempt) e->max_nonpreempt = e->stretch_nonpreempt;
        e->stretch_nonpreempt = 0;
    }
    if (fqs_pass_last_lock(e, rsp, n)) node_lock_visit(e, rsp);
    return probed;
}

/*
 * One FQS pass over the leaves (force_qs_rnp). The first pass after GP start snapshots every
 * still-owing CPU's dynticks counter (dyntick_save_progress_counter) and credits the idle ones; later
 * passes credit CPUs whose counter is even or moved by >= 2 ("dti"), or that are offline ("ofl")
 * (rcu_implicit_dynticks_qs). Each probe is a remote cache miss: that is why idle CPUs make grace
 * periods dearer, and the pass charges one miss per owing CPU. The simulation itself works per leaf:
 * an owing CPU whose counter is even is credited in either kind of pass whatever its snapshot, and
 * the leaf's summary of such CPUs (cpu_t.leaf_idle) names them at once; only the running ones are
 * visited one by one, and after the snapshot pass only those whose counters may have moved
 * (fqs_snapshot_running()). (The kernel also stores an idle CPU's snapshot; nothing reads it once the
 * CPU is credited, so the model skips that store.) This is 3.6's pass, run from force_quiescent_state() in
 * softirq context; 3.7's kthread runs its passes through rcu_gp_fqs().
 */
void rcu_gp_fqs_pass(rv_engine *e, rcu_state *rsp)
{
    fqs_pass_ctx p = {
        .stopped_at = e->nnodes,
        .gp = rsp->gpnum,
        .snapshot = rsp->fqs_state != RCU_FORCE_QS, /* 3.6 force_quiescent_state() switches on rsp->fqs_state */
        .logged = events_read(e),
        .log_reports = qs_report_logged(e),
    };
    int64_t spent_before = rsp->gp_overhead_ns;
    int clear_leaves = 0;
    rsp->fqs_scans++;
    /* Stop as soon as this GP is over (force_qs_rnp() tests rcu_gp_in_progress() at each leaf): the
     * next GP, which its end may ask for, starts only after the pass (fqs_need_gp) and begins with
     * its own snapshot pass, never with this one's stale snapshots. */
    if (!p.log_reports && e->levels > 1) {
        /* no preemption point between leaves and no one reading per-node events: batch the climbs
         * of the leaf reports into each parent (rcu_report_qs_leaf_batched()) */
        clear_leaves = fqs_leaves_batched(e, rsp, &p);
    } else {
        int n = e->level_first[e->levels - 1];
        for (; n < e->nnodes && gp_still(rsp, p.gp); n++) {
            /* qsmask holds only CPUs that exist (qsmaskinit gets its bits from tree_set_cpu_online()), so a
             * tree sized for NR_CPUS needs no mask for the leaf's bits beyond nr_cpu_ids */
            unsigned long owing = rsp->node[n].qsmask;
            if (owing) p.probed += fqs_leaf(e, rsp, n, owing, &p, NULL);
            else clear_leaves++; /* nothing owed here: only its lock, charged as one sum after the walk */
        }
        p.stopped_at = n;
    }
    if (clear_leaves) {
        charge(e, rsp->flavor, e->cfg.costs.node_lock_ns * clear_leaves, true);
        charge_lock_section(e, e->cfg.costs.node_lock_ns);
        rsp->node_lock_visits += (uint64_t)clear_leaves;
    }
    if (fqs_pass_last_lock(e, rsp, p.stopped_at)) node_lock_visit(e, rsp);
    rv_event *ev = emit(e, RV_EV_FQS, e->ctx_cpu, rsp->flavor);
    if (ev) { ev->gp = p.gp; ev->arg = p.snapshot ? 0 : 1; ev->n = p.probed; }
    if (p.snapshot && gp_still(rsp, p.gp)) { rsp->fqs_state = RCU_FORCE_QS; rsp->fqs_snap_ns = e->now; }
    rsp->fqs_ns += rsp->gp_overhead_ns - spent_before; /* the FQS share of the GP machinery */
}

/* rcu_gp_fqs(): the pass of 3.7's rcu_gp_kthread() (kthread_slice(), where kthread_run() has set e->ctx =
 * CTX_KTHREAD and e->ctx_flavor = rsp->flavor, the context force_qs_rnp37() relies on). The same
 * figures and events as the one pass for both modes gave before they were split. */
void rcu_gp_fqs(rv_engine *e, rcu_state *rsp)
{
    const unsigned long gp = rsp->gpnum;
    const bool snapshot = rsp->kt.fqs_state != RCU_FORCE_QS; /* RCU_SAVE_DYNTICK: the first pass of the GP */
    const int64_t spent_before = rsp->gp_overhead_ns;
    rsp->fqs_scans++;
    const int probed = force_qs_rnp37(e, rsp, gp, snapshot);
    rv_event *ev = emit(e, RV_EV_FQS, e->ctx_cpu, rsp->flavor);
    if (ev) { ev->gp = gp; ev->arg = snapshot ? 0 : 1; ev->n = probed; }
    rsp->kt.fqs_state = RCU_FORCE_QS; /* advanced unconditionally (already so after the first pass) */
    if (snapshot) rsp->fqs_snap_ns = e->now;
    rsp->fqs_ns += rsp->gp_overhead_ns - spent_before; /* the FQS share of the GP machinery */
}

static __attribute__((noinline)) void force_quiescent_state36(rv_engine *e, rcu_state *rsp, bool relaxed);

/* force_quiescent_state(). 3.6: run a pass here (relaxed callers only when overdue). 3.7: set
 * RCU_GP_FLAG_FQS and wake the kthread, which runs the pass. 3.7's version has no check for a
 * grace period in progress: it sets the flag and calls wake_up() regardless, as in
 *     if (ACCESS_ONCE(rsp->gp_flags) & RCU_GP_FLAG_FQS) { ... return; }
 *     rsp->gp_flags |= RCU_GP_FLAG_FQS; ... wake_up(&rsp->gp_wq);
 * A kthread waiting for RCU_GP_FLAG_INIT wakes, finds its condition false and sleeps again; the
 * flag stays set (later callers return at once) until rcu_gp_init() clears gp_flags. The 3.6 body is
 * out of line: FAST_NO_HZ's idle entries call this under 3.7 nearly every time, and the 3.7 path then
 * saves no registers for a pass it never runs. */
void force_quiescent_state(rv_engine *e, rcu_state *rsp, bool relaxed)
{
    if (is37(e)) {
        if (rsp->gp_flags & RCU_GP_FLAG_FQS) { rsp->n_force_qs_lh++; return; }
        /* The funnel: raw_spin_trylock(&rnp->fqslock) at each level from this CPU's leaf up, each an
         * atomic on a line another forcing CPU last wrote (never contended here), then the root's
         * lock to set the flag (v3.7 rcutree.c:1964-1986); the wake_up() charges its own cost. */
        charge(e, rsp->flavor, e->cfg.costs.cache_miss_ns * e->levels, true);
        node_lock_visit(e, rsp);
        rsp->gp_flags |= RCU_GP_FLAG_FQS;
        kthread_wake(e, rsp, e->ctx_cpu, 2);
        return;
    }
    force_quiescent_state36(e, rsp, relaxed);
}

/* 3.6's force_quiescent_state(). Its first test returns without counting anything; n_force_qs_ngp
 * counts only a GP that ended between that test and the root lock, a race this model never has. Nor
 * does it model lock contention: 3.6's raw_spin_trylock(&rsp->fqslock) and 3.7's per-node fqslock
 * funnel always succeed here (events run one at a time), so debugfs's fqlh counts in 3.7 only the
 * callers that found RCU_GP_FLAG_FQS set, and stays 0 in 3.6. The
 * pass runs from raw_spin_trylock_irqsave(&rsp->fqslock) to the final irqrestore: one irqs-off region
 * over every leaf, with any GP end the pass brings and the start that end asks for. That start waits
 * for the pass: rcu_start_gp() finds fqs_active set and leaves it to fqs_need_gp, which this function
 * acts on after the pass, on the same CPU (v3.6 rcutree.c:1751 and 1780-1786), so the pass's FQS event
 * and its FQS share of the cost come before the new GP's start, not after. */
static void force_quiescent_state36(rv_engine *e, rcu_state *rsp, bool relaxed)
{
    if (!gp_in_progress(rsp)) return;
    /* raw_spin_trylock_irqsave(&rsp->fqslock): an atomic on the line the last forcing CPU wrote */
    charge(e, rsp->flavor, e->cfg.costs.cache_miss_ns, true);
    if (relaxed && rsp->jiffies_force_qs >= e->jiffies) return; /* done recently */
    irqoff_region_begin(e, rsp, RV_IRQOFF_FQS);
    rsp->n_force_qs++;
    node_lock_visit(e, rsp); /* raw_spin_lock(&rnp->lock) on the root, to re-arm jiffies_force_qs */
    rsp->jiffies_force_qs = e->jiffies + (uint64_t)e->cfg.rcu.jiffies_till_next_fqs;
    if (rsp->fqs_state == RCU_GP_IDLE || rsp->fqs_state == RCU_GP_INIT) { irqoff_region_end(e, rsp); return; }
    rsp->fqs_active = true;
    rcu_gp_fqs_pass(e, rsp);
    node_lock_visit(e, rsp); /* the root's lock again after the pass (v3.6 rcutree.c:1764, 1777) */
    rsp->fqs_active = false;
    if (rsp->fqs_need_gp) {
        rsp->fqs_need_gp = false;
        rcu_start_gp_root_held(e, rsp, e->ctx_cpu >= 0 ? e->ctx_cpu : 0); /* this CPU's rdp, as rcu_report_qs_rsp()'s call */
    }
    irqoff_region_end(e, rsp);
}

/* rcu_pending() of an engine with rcu_trace (CONFIG_RCU_TRACE): the same tests, each call counted by
 * the test that answered it, for debugfs rcu_pending. Out of line: only runs that print it pay. */
bool rcu_pending_traced(rv_engine *e, int cpu)
{
    for_each_rcu_flavor(f)
        if (e->rsp[f].enabled && rcu_pending_flavor_as(e, &e->rsp[f], cpu, true)) return true;
    return false;
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
                /* invoke_rcu_callbacks_kthread(): wake_up_process() of this CPU's rcuc/N, from here */
                charge(e, -1, e->cfg.costs.local_wakeup_ns, false);
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
#pragma GCC unroll 3 /* RV_NFLAVORS, as in rcu_pending() (internal.h says why) */
    for_each_rcu_flavor(f)
        if (e->rsp[f].enabled) process_flavor(e, &e->rsp[f], cpu);
}
