/* workload.c — simulated CPUs: busy/idle stretches, ticks, context switches, readers, updates, softirq, scripted events. */
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/*
 * Everything a CPU does is drawn lazily from its phase's rates with the CPU's own PRNG stream:
 * a context switch is only simulated when some flavor is waiting for one, updates of a jiffy
 * travel as one batch record at the tick, and an idle CPU with its tick stopped has no events at
 * all. That keeps 4096 mostly idle CPUs, or ten minutes of hackbench, cheap.
 */

/* Arm a re-armable timer (internal.h, rearm_timer) for t with this gen: the arming takes its
 * sequence number now; an entry is pushed only if none of this timer is queued at or before t. */
void sched_rearm(rv_engine *e, rearm_timer *tm, int64_t t, int kind, int cpu, int arg, uint64_t id, uint32_t gen)
{
    tm->next = (qev){.t = t < e->now ? e->now : t, .seq = e->q.seq++, .id = id, .gen = gen, .cpu = cpu, .kind = (int16_t)kind, .arg = (int16_t)arg};
    if (tm->queued && tm->queued_t <= tm->next.t) return; /* that entry forwards to this arming */
    evq_push_seq(&e->q, &tm->next);
    tm->queued = true; tm->queued_gen = gen; tm->queued_t = tm->next.t;
}

/* A timer's entry came up; gen is the owner's current one (re-arming or cancelling bumps it).
 * False when the entry only stood in for a later arming and has been pushed again as that one;
 * true otherwise, and the owner's own gen check decides whether the timer fires. */
bool rearm_due(rv_engine *e, rearm_timer *tm, const qev *ev, uint32_t gen)
{
    if (!tm->queued || ev->gen != tm->queued_gen) return true; /* not the entry we track: stale */
    tm->queued = false;
    if (ev->gen == gen || tm->next.gen != gen) return true;  /* fires, or cancelled */
    evq_push_seq(&e->q, &tm->next);                             /* armed again since: forward */
    tm->queued = true; tm->queued_gen = tm->next.gen; tm->queued_t = tm->next.t;
    return false;
}

static int64_t s2ns(double s) { return (int64_t)(s * (double)NS_PER_S); }

/* The phase in force for a CPU now: the last listed phase covering it. */
static int find_phase(const rv_engine *e, int cpu)
{
    for (size_t i = e->cfg.nphases; i-- > 0;) {
        const rv_phase *ph = &e->cfg.phases[i];
        int64_t start = s2ns(ph->start_s), end = s2ns(ph->end_s);
        if (rv_cpuset_has(&ph->cpus, cpu) && start <= e->now && (end <= start || e->now < end)) return (int)i;
    }
    return -1;
}

/* Cached per CPU and refreshed at every phase boundary: the tick asks for it constantly. */
const rv_phase *cpu_phase(const rv_engine *e, int cpu)
{
    int i = e->cpu[cpu].phase;
    return i >= 0 ? &e->cfg.phases[i] : NULL;
}

static bool phase_active(const rv_engine *e, const rv_phase *ph)
{
    int64_t start = s2ns(ph->start_s), end = s2ns(ph->end_s);
    return start <= e->now && (end <= start || e->now < end);
}

/* call_rcu_preempt() without CONFIG_TREE_PREEMPT_RCU is call_rcu_sched(); bh has no fallback. */
static int target_flavor(const rv_engine *e, int f)
{
    if (e->rsp[f].enabled) return f;
    if (f == RV_PREEMPT && e->rsp[RV_SCHED].enabled) return RV_SCHED;
    return -1;
}

/* ------------------------------------------------------------------ ticks */
void tick_start(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->tick_on) return;
    c->tick_on = true;
    int i = e->ntick++;
    while (i > 0 && e->tick_list[i - 1] > cpu) { e->tick_list[i] = e->tick_list[i - 1]; i--; }
    e->tick_list[i] = cpu; /* kept sorted: a jiffy's sweep starts at a varying place in it (jiffy_sweep) */
}

void tick_stop(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (!c->tick_on) return;
    c->tick_on = false;
    int i = 0;
    while (i < e->ntick && e->tick_list[i] != cpu) i++;
    for (; i + 1 < e->ntick; i++) e->tick_list[i] = e->tick_list[i + 1];
    e->ntick--;
}

/* ------------------------------------------------------------------ scheduling of a CPU's future */
static void schedule_runstate(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    const rv_phase *ph = cpu_phase(e, cpu);
    uint32_t gen = ++c->gen_run;
    int64_t t = -1;
    c->pending_idle_until = 0;
    if (c->run == RS_BUSY) {
        /* woken with nothing to do by its phase: it handles the interrupt's work for a couple of
         * ticks, as a real wakeup does before the idle loop stops the tick again */
        if (!ph || ph->busy_frac <= 0) t = e->now + 2 * e->jiffy_ns + s2ns(rng_exp(&c->r, ph ? ph->busy_period_ms : 1) / 1000.0);
        else if (ph->busy_frac < 1) t = e->now + s2ns(rng_exp(&c->r, ph->busy_period_ms) / 1000.0);
    } else if (c->run == RS_IDLE) {
        if (c->idle_until == INT64_MAX) t = -1;
        else if (c->idle_until > e->now) t = c->idle_until;
        else if (ph && ph->busy_frac >= 1) t = e->now;
        else if (ph && ph->busy_frac > 0)
            t = e->now + s2ns(rng_exp(&c->r, ph->busy_period_ms * (1 - ph->busy_frac) / ph->busy_frac) / 1000.0);
    }
    if (t >= 0) sched_at(e, t, QE_RUNSTATE, cpu, 0, 0, gen);
}

static void schedule_reader(rv_engine *e, int cpu, int f)
{
    cpu_t *c = &e->cpu[cpu];
    uint32_t gen = ++c->gen_reader[f];
    const rv_phase *ph = cpu_phase(e, cpu);
    if (c->run != RS_BUSY || !ph || !e->rsp[f].enabled || ph->readers[f].rate_per_s <= 0) return;
    sched_at(e, e->now + s2ns(rng_exp(&c->r_read, 1.0 / ph->readers[f].rate_per_s)), QE_READER_BEGIN, cpu, f, 0, gen);
}

static void schedule_idle_irq(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    uint32_t gen = ++c->gen_idle_irq;
    const rv_phase *ph = cpu_phase(e, cpu);
    if (c->run != RS_IDLE || !ph || ph->idle_irqs_per_s <= 0) return;
    sched_at(e, e->now + s2ns(rng_exp(&c->r_irq, 1.0 / ph->idle_irqs_per_s)), QE_IDLE_IRQ, cpu, 0, 0, gen);
}

static bool needs_ctxsw(const rv_engine *e, int cpu)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rcu_state *rsp = &e->rsp[f];
        if (rsp->enabled && rsp->rda[cpu].qs_pending && !rsp->rda[cpu].passed_quiesce) return true;
    }
    return false;
}

/* needs_ctxsw() for rcu_bh alone */
static inline bool bh_owes_qs(const rv_engine *e, int cpu)
{
    const rcu_state *rsp = &e->rsp[RV_BH];
    return rsp->enabled && rsp->rda[cpu].qs_pending && !rsp->rda[cpu].passed_quiesce;
}

void ensure_ctxsw(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->run != RS_BUSY || c->ctxsw_scheduled || !needs_ctxsw(e, cpu)) return;
    ensure_ctxsw_owed(e, cpu);
}

/* ensure_ctxsw() for a caller that has just seen an enabled flavor with qs_pending && !passed_quiesce
 * on this CPU (note_new_gpnum(), rcu_pending()): needs_ctxsw() would say yes, so it is not asked. */
void ensure_ctxsw_owed(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->run != RS_BUSY || c->ctxsw_scheduled) return;
    const rv_phase *ph = cpu_phase(e, cpu);
    if (!ph || ph->ctxsw_per_s <= 0) return;
    c->ctxsw_scheduled = true;
    sched_at(e, e->now + s2ns(rng_exp(&c->r_rcu, 1.0 / ph->ctxsw_per_s)), QE_CTXSW, cpu, 0, 0, ++c->gen_ctxsw);
}

/* rcu_preempt_note_context_switch(): a task switched out inside rcu_read_lock() goes on its
 * leaf's blkd_tasks; it blocks the current GP only if this CPU still owes that GP a QS. Every task from
 * rnp->gp_tasks to the list's end blocks the GP. With gp_tasks set, the new task goes just before it
 * and becomes gp_tasks: the blocking set grows by one. With none set, it goes at the head and gp_tasks
 * points at it, so every task already queued (by CPUs that had reported: they only had to block the
 * next GP) blocks this one too: the kernel's "conservative approach", waiting longer than needed. */
static void block_reader(rv_engine *e, reader *r)
{
    rcu_state *rsp = &e->rsp[RV_PREEMPT];
    rcu_data *rdp = &rsp->rda[r->cpu];
    rcu_node *rnp = leaf_of(rsp, rdp);
    r->blocked = 1;
    r->blkd_seq = ++e->next_blkd_seq;
    r->node = rdp->mynode;
    r->blkd_at = e->now;
    r->blkd_why = (int8_t)e->ctxsw_why;
    rnp->n_blkd++;
    if ((rnp->qsmask & rdp->grpmask) && gp_in_progress(rsp)) {
        if (rnp->n_gp_tasks == 0)
            for (size_t i = 0; i < e->nreaders; i++) {
                reader *o = &e->readers[i];
                if (o != r && o->blocked && !o->blocks_gp && o->flavor == RV_PREEMPT && o->node == r->node) {
                    o->blocks_gp = 1;
                    rnp->n_gp_tasks++;
                }
            }
        r->blocks_gp = 1;
        rnp->n_gp_tasks++;
    }
    rv_event *ev = emit(e, RV_EV_READER_BLOCK, r->cpu, RV_PREEMPT);
    if (ev) { ev->id = r->id; ev->node = r->node; ev->arg = r->blocks_gp; }
}

/* rcu_preempt_note_context_switch() (context_switch() in internal.h is the rest of
 * rcu_note_context_switch()): the task switched out, if inside rcu_read_lock(), goes onto blkd_tasks
 * unless it is there already (RCU_READ_UNLOCK_BLOCKED: preempted earlier in the same outermost section
 * and run again since), then the rcu_preempt QS, whose rcu_preempt_qs() also clears the outgoing task's
 * RCU_READ_UNLOCK_NEED_QS. Every section of the running task's nest is switched out with it; only the
 * nest's holder is queued (one list entry per task). */
void preempt_note_context_switch(rv_engine *e, int cpu)
{
    for (size_t i = 0; i < e->nreaders; i++) {
        reader *r = &e->readers[i];
        if (r->cpu != cpu || r->flavor != RV_PREEMPT || r->preempted) continue;
        if (!r->nested && !r->blocked) block_reader(e, r);
        r->preempted = 1;
        r->need_qs = 0;
    }
    rcu_qs(e, cpu, RV_PREEMPT);
}

/* The task running on the CPU is inside rcu_read_lock() (t->rcu_read_lock_nesting > 0). */
static bool has_running_preempt_reader(const rv_engine *e, int cpu)
{
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->cpu == cpu && r->flavor == RV_PREEMPT && !r->preempted) return true;
    }
    return false;
}

/* ------------------------------------------------------------------ softirq */
static void defer_softirq(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->softirq_scheduled || c->run == RS_OFFLINE) return;
    int64_t t = e->now + e->cfg.costs.ksoftirqd_latency_ns;
    int where = 1;
    const rv_phase *ph = cpu_phase(e, cpu);
    if (c->run == RS_BUSY && ph && ph->irqs_per_s > 0) { /* the next interrupt's irq_exit may get there first */
        int64_t ti = e->now + s2ns(rng_exp(&c->r_rcu, 1.0 / ph->irqs_per_s));
        if (ti < t) { t = ti; where = 0; }
    }
    c->softirq_scheduled = true;
    sched_at(e, t, QE_SOFTIRQ, cpu, where, 0, ++c->gen_softirq);
}

/* RCU_SOFTIRQ runs now, here (irq exit, local_bh_enable(), ksoftirqd/N taken at once by an idle-entry
 * drain or by a CPU going idle): whatever was queued for it, a wakeup of ksoftirqd/N or the next call
 * of its loop, has nothing left to do and is dropped. (Irq exit and local_bh_enable() do not run it
 * while ksoftirqd/N holds the CPU: its loop's next __do_softirq() stays queued and takes what is raised.) */
static void softirq_runs_now(cpu_t *c)
{
    c->gen_softirq++; c->softirq_scheduled = c->ksoftirqd_running = false;
}

/* __do_softirq() without its tail: RCU_SOFTIRQ while it keeps being raised, up to MAX_SOFTIRQ_RESTART
 * times. Returns the CPU time it took, charged to ksoftirqd/N or to the interrupted task. */
static int64_t do_softirq_passes(rv_engine *e, int cpu, bool in_ksoftirqd)
{
    cpu_t *c = &e->cpu[cpu];
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    e->ctx = in_ksoftirqd ? CTX_KSOFTIRQD : CTX_SOFTIRQ;
    e->ctx_cpu = cpu;
    int pass = 0;
    int64_t before = in_ksoftirqd ? c->ksoftirqd_ns : c->inline_ns;
    for (; c->softirq_pending && pass < MAX_SOFTIRQ_RESTART; pass++) {
        c->softirq_pending = false;
        int64_t ns = e->cfg.costs.softirq_entry_ns; /* charge() for this context, written out: not GP machinery */
        if (ns > 0) { if (in_ksoftirqd) c->ksoftirqd_ns += ns; else c->inline_ns += ns; }
        rcu_process_callbacks(e, cpu);
        if (c->bh_disabled == 0) rcu_qs(e, cpu, RV_BH); /* __do_softirq(): rcu_bh_qs() after the handler */
    }
    if (pass) {
        rv_event *ev = emit(e, RV_EV_SOFTIRQ, cpu, -1);
        if (ev) { ev->arg = in_ksoftirqd; ev->n = pass; }
    }
    e->ctx = saved; e->ctx_cpu = saved_cpu;
    return (in_ksoftirqd ? c->ksoftirqd_ns : c->inline_ns) - before;
}

/* __do_softirq(): its passes, then what is left goes to ksoftirqd/N (or the next interrupt). Always
 * inline: the tick's irq exit calls it for most busy ticks, and its own frame around the call of
 * do_softirq_passes() cost kernel-build ~1 % of its instructions. */
static inline __attribute__((always_inline)) void run_softirq(rv_engine *e, int cpu, bool in_ksoftirqd)
{
    do_softirq_passes(e, cpu, in_ksoftirqd);
    cpu_t *c = &e->cpu[cpu];
    if (!c->softirq_pending) return;
    /* out of restarts with work pending: wakeup_softirqd(), which wakes ksoftirqd/N only if it is not
     * TASK_RUNNING already (woken and waiting for the CPU, or the caller itself) (softirq.c:70-76) */
    if (!in_ksoftirqd && !c->softirq_scheduled && c->run != RS_OFFLINE) charge(e, -1, e->cfg.costs.local_wakeup_ns, false);
    defer_softirq(e, cpu);
}

/* ksoftirqd/N's turn on a CPU: run_ksoftirqd() (3.6; 3.7 the same loop through smpboot_thread_fn())
 * calls __do_softirq() again and again while RCU_SOFTIRQ is pending, noting a context switch
 * (rcu_note_context_switch()) after each, and sleeps only when nothing is pending. So once it has the
 * CPU, its next __do_softirq() starts as soon as the last one ends, not after another wakeup: a
 * callback flood behind a busy task drains back to back (ten passes per __do_softirq(), each pass
 * blimit callbacks), not ten passes per wakeup. Between two __do_softirq() calls it calls
 * cond_resched(), which yields only when the scheduler asks (TIF_NEED_RESCHED). CFS lets a thread
 * that has slept run ahead of the task beside it by about half sched_latency (place_entity()'s sleeper
 * credit: 9 ms on 4 CPUs), about what the callbacks scenario's largest flood takes; the model has no
 * CFS and lets ksoftirqd/N run until nothing is pending (README, Architecture: where the model keeps
 * time more simply). */
static void ksoftirqd_loop(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    int64_t took = do_softirq_passes(e, cpu, true);
    context_switch(e, cpu); /* run_ksoftirqd()'s rcu_note_context_switch() after each __do_softirq() */
    if (!c->softirq_pending) return;
    c->softirq_scheduled = c->ksoftirqd_running = true; /* its own next __do_softirq(): arg 2 */
    sched_at(e, e->now + (took > 0 ? took : 1), QE_SOFTIRQ, cpu, 2, 0, ++c->gen_softirq);
}

static void close_stretch(rv_engine *e);
/* The same loop on an idle CPU: nothing else wants it, so the __do_softirq() calls follow one another
 * at once (at most 100, then a wakeup), each a non-preemptible stretch of its own (cond_resched()
 * between), each followed by rcu_note_context_switch(). switch_cost: the note is a context_switch()
 * with its cost (the idle task's FAST_NO_HZ drain); otherwise only its rcu_sched and rcu_preempt QS
 * (ksoftirqd woken on an idle CPU: schedule() from the idle task already paid). */
static void ksoftirqd_loop_at_once(rv_engine *e, int cpu, bool switch_cost)
{
    cpu_t *c = &e->cpu[cpu];
    for (int k = 0; k < 100; k++) {
        if (k) close_stretch(e);
        do_softirq_passes(e, cpu, true);
        if (switch_cost) context_switch(e, cpu); /* the last one, back to idle */
        else { rcu_qs(e, cpu, RV_SCHED); rcu_qs(e, cpu, RV_PREEMPT); }
        if (!c->softirq_pending) break;
    }
    if (c->softirq_pending) defer_softirq(e, cpu);
}

/* local_bh_enable() at the end of the outermost bh-disabled section: a softirq raised meanwhile (an
 * interrupt's irq_exit() could not run it) runs now, in the task's context as at an irq exit
 * (_local_bh_enable_ip(): do_softirq() when !in_interrupt() && local_softirq_pending()). */
void softirq_after_bh_enable(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    /* (while ksoftirqd/N holds the CPU the task does not run: its loop takes what is raised) */
    if (c->bh_disabled == 0 && c->softirq_pending && c->run == RS_BUSY && !c->ksoftirqd_running) {
        softirq_runs_now(c);
        run_softirq(e, cpu, false);
    }
}

/* The idle loop's entry: tick_nohz_idle_enter() asks rcu_needs_cpu() whether the tick may stop,
 * then rcu_idle_enter() runs RCU_FAST_NO_HZ's rcu_prepare_for_idle() (also on each irq exit back to
 * idle). Each time that raises RCU_SOFTIRQ, ksoftirqd/N takes the otherwise idle CPU at once, runs
 * it, notes a context switch and hands the CPU back to the idle loop, which starts over — until the
 * state machine lets the CPU sleep or gives up. Returns rcu_needs_cpu() as the last entry saw it. */
/* One round of that, in the idle task (the caller has set e->ctx to CTX_TASK on this CPU), cbs being
 * rcu_cpu_has_callbacks() as the round starts: rcu_prepare_for_idle(), and when it raised
 * RCU_SOFTIRQ, ksoftirqd/N's turn. Returns whether ksoftirqd ran, its last act being
 * run_ksoftirqd()'s context_switch() back to the idle task. */
static inline bool drain_round(rv_engine *e, int cpu, bool cbs)
{
    if (!rcu_prepare_for_idle_cbs(e, cpu, cbs)) return false;
    cpu_t *c = &e->cpu[cpu];
    /* invoke_rcu_core() outside interrupts: raise_softirq() -> wakeup_softirqd(), paid by the idle task,
     * unless an earlier raise already woke ksoftirqd/N (its turn is this one) */
    if (!c->softirq_scheduled) charge(e, -1, e->cfg.costs.local_wakeup_ns, false);
    softirq_runs_now(c); /* ksoftirqd runs now, not after a wakeup delay */
    ksoftirqd_turn_switches(e, cpu);
    context_switch_why(e, cpu, PW_KSOFTIRQD);
    ksoftirqd_loop_at_once(e, cpu, true);
    return true;
}

static bool idle_drain(rv_engine *e, int cpu, int max_rounds)
{
    if (!e->cfg.rcu.fast_no_hz) return rcu_needs_cpu(e, cpu);
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    bool needs = false; /* max_rounds >= 1: the first round sets it */
    for (int round = 0; round < max_rounds; round++) { /* at most 5 attempts and one give-up */
        e->ctx = CTX_TASK; e->ctx_cpu = cpu; /* the idle task */
        /* rcu_needs_cpu() and rcu_prepare_for_idle() both start by asking whether the CPU holds
         * callbacks; nothing runs between the two, so one look serves both */
        bool cbs = rcu_cpu_has_callbacks(e, cpu);
        needs = rcu_needs_cpu_cbs(e, cpu, cbs);
        if (!drain_round(e, cpu, cbs)) break;
    }
    e->ctx = saved; e->ctx_cpu = saved_cpu;
    return needs;
}

/* Back to idle after an interrupt (or from the idle-entry path): drain, counter even, tick decision. */
static void idle_settle(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    bool needs = idle_drain(e, cpu, 8);
    if (c->running_kthread < 0) dynticks_idle(c); /* rcu_idle_enter() / rcu_irq_exit() */
    if (e->cfg.rcu.no_hz && !needs && !c->softirq_pending) tick_stop(e, cpu);
}

/* Idle blips are a workload property: a busy CPU passes through the idle loop idle_blips_per_s times a
 * second. Each one moves its dynticks counter by two (rcu_idle_enter()/rcu_idle_exit()), which only an
 * FQS probe can observe, so those are counted when a probe looks (settle_blips(), a Poisson draw over
 * the time since the last count). A blip is simulated as an event only when it does more: under
 * RCU_FAST_NO_HZ, while the CPU holds callbacks and is not in a holdoff, rcu_prepare_for_idle() drains. */
static bool blip_matters(const rv_engine *e, int cpu)
{
    const cpu_t *c = &e->cpu[cpu];
    return e->cfg.rcu.fast_no_hz && c->dyntick_holdoff != e->jiffies && rcu_cpu_has_callbacks(e, cpu);
}

static bool can_blip(const rv_engine *e, const cpu_t *c, const rv_phase *ph)
{
    return c->run == RS_BUSY && ph && ph->idle_blips_per_s > 0;
}

/* A task inside rcu_read_lock() is on this CPU, running or preempted: it cannot block there (a section
 * may be preempted, never sleep), and while it is runnable the CPU does not pass through idle. */
static inline bool holds_preempt_reader(const rv_engine *e, int cpu)
{
    if (!e->rsp[RV_PREEMPT].enabled) return false;
    for (size_t i = 0; i < e->nreaders; i++)
        if (e->readers[i].cpu == cpu && e->readers[i].flavor == RV_PREEMPT) return true;
    return false;
}

/* Count the blips since blip_lazy_since on a CPU that can blip under phase ph (can_blip()). Always
 * inline: an FQS probe of a busy CPU and a tick ending a holdoff each count. */
static inline __attribute__((always_inline)) void count_lazy_blips(rv_engine *e, cpu_t *c, const rv_phase *ph)
{
    double dt = (double)(e->now - c->blip_lazy_since) / NS_PER_S;
    c->blip_lazy_since = e->now;
    /* no trip through idle while preemption is off, the GP kthread holds the CPU or a reader task is on it */
    if (dt <= 0 || !cpu_preemptible(c) || c->running_kthread >= 0 || holds_preempt_reader(e, c->id)) return;
    long n = rng_poisson_inline(&c->r_rcu, ph->idle_blips_per_s * dt);
    c->dynticks += 2ul * (unsigned long)n;
}

/* From now on this busy CPU's blips are counted, not queued. Its dynticks counter may now move
 * without dynticks_idle()/dynticks_busy() (the count adds to it when a probe settles), so FQS check
 * passes must keep visiting it: mark it in leaf_dirty (fqs_snapshot_running()). */
static inline void blips_go_lazy(rv_engine *e, cpu_t *c)
{
    c->blip_lazy = true;
    c->blip_lazy_since = e->now;
    dynticks_moved(c);
}

void settle_blips(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (!c->blip_lazy) return;
    const rv_phase *ph = cpu_phase(e, cpu);
    if (can_blip(e, c, ph)) count_lazy_blips(e, c, ph);
    else c->blip_lazy_since = e->now;
}

/* Queue this CPU's next blip (the phase being ph) as an event: a drain would run at it. */
static inline void queue_blip(rv_engine *e, int cpu, cpu_t *c, const rv_phase *ph)
{
    c->blip_scheduled = true;
    sched_at(e, e->now + s2ns(rng_exp(&c->r_rcu, 1.0 / ph->idle_blips_per_s)), QE_IDLE_BLIP, cpu, 0, 0, ++c->gen_blip);
}

void ensure_blip(rv_engine *e, int cpu)
{
    if (!e->phases_blip) return; /* no phase has blips: nothing to schedule (called every tick) */
    cpu_t *c = &e->cpu[cpu];
    if (c->blip_scheduled) return;
    const rv_phase *ph = cpu_phase(e, cpu);
    if (!can_blip(e, c, ph)) return;
    if (!blip_matters(e, cpu)) {
        if (!c->blip_lazy) blips_go_lazy(e, c);
        return;
    }
    if (c->blip_lazy) count_lazy_blips(e, c, ph); /* settle_blips(), can_blip() known */
    c->blip_lazy = false;
    queue_blip(e, cpu, c, ph);
}

/* Every runnable task on the CPU has blocked for an instant: switch to the idle task, rcu_idle_enter()
 * (with FAST_NO_HZ's drain), and straight out again as the next wakeup arrives. The blip's event
 * exists only under RCU_FAST_NO_HZ (blip_matters()), so this is idle_drain() with one round, less
 * the rcu_needs_cpu() answer nobody here reads (the tick keeps running). */
static void idle_blip(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    /* a runnable ksoftirqd/N (its loop's next call queued) keeps the CPU out of idle too */
    if (!cpu_preemptible(c) || c->running_kthread >= 0 || c->ksoftirqd_running || holds_preempt_reader(e, cpu)) return;
    context_switch(e, cpu);
    /* one attempt: after ksoftirqd, schedule() picks the task whose wakeup ended the blip, so the idle
     * loop is not re-entered; the drain counter moves on at the next blip. The tick keeps running. */
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    e->ctx = CTX_TASK; e->ctx_cpu = cpu; /* the idle task */
    bool drained = drain_round(e, cpu, rcu_cpu_has_callbacks(e, cpu));
    e->ctx = saved; e->ctx_cpu = saved_cpu;
    dynticks_idle_busy(c); /* rcu_idle_enter(), rcu_idle_exit() */
    /* After ksoftirqd the CPU's last act was context_switch(); since then only its dynticks counter
     * moved, so this switch's rcu_qs() calls find their QS noted for the same gpnum, no running
     * preemptible reader is left to block, and ctxsw_deferred is already clear: only its cost is new. */
    if (drained) context_switch_cost(e);
    else context_switch(e, cpu);
}

static void close_stretch(rv_engine *e)
{
    if (e->stretch_nonpreempt > e->max_nonpreempt) e->max_nonpreempt = e->stretch_nonpreempt;
    e->stretch_nonpreempt = 0;
}

/* ------------------------------------------------------------------ idle entry and exit */
/* The CPU cannot go idle now: it stays busy and asks again in a jiffy, still meaning to idle until `until`. */
static void pin_busy(rv_engine *e, int cpu, int64_t until)
{
    cpu_t *c = &e->cpu[cpu];
    c->pending_idle_until = until;
    sched_at(e, e->now + e->jiffy_ns, QE_RUNSTATE, cpu, 0, 0, ++c->gen_run);
}

void cpu_go_idle(rv_engine *e, int cpu, int64_t until)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->run == RS_OFFLINE) return;
    if (c->run == RS_IDLE) { c->idle_until = until; schedule_runstate(e, cpu); return; }
    c->need_resched = 0; /* the switch to the idle task goes through schedule() */
    bool pinned = c->kloop; /* a kernel loop or an injected reader keeps the CPU busy: retry later */
    for (size_t i = 0; i < e->nreaders && !pinned; i++) {
        const reader *r = &e->readers[i];
        pinned = r->cpu == cpu && !r->preempted && r->injected;
    }
    if (pinned) {
        pin_busy(e, cpu, until);
        return;
    }
    for (size_t i = 0; i < e->nreaders;) { /* short sampled readers have finished by now */
        reader *r = &e->readers[i];
        if (r->cpu == cpu && !r->preempted) reader_finish(e, r->id); else i++;
    }
    /* A task preempted inside rcu_read_lock() is still runnable (an rcu_read_lock() section may be
     * preempted, never sleep), so its CPU cannot go idle before that task has run again and left its
     * section. Modelled at the moment the CPU would otherwise go idle: it switches back to such a task
     * of a scripted reader instead, which then runs (still on blkd_tasks: RCU_READ_UNLOCK_BLOCKED stays
     * set until the outermost rcu_read_unlock(), and a later preemption does not queue it again) and
     * keeps the CPU busy until its end; the task's time off the CPU is the workload's busy stretch that
     * preempted it. Preempted sampled readers, short, are run to their end here, as the running ones
     * above. */
    const reader *back = NULL;
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->cpu == cpu && r->preempted && r->injected && (!back || r->begin < back->begin)) back = r;
    }
    if (back) {
        uint64_t task = back->task;
        context_switch(e, cpu); /* from the task that ran meanwhile, in no section */
        for (size_t i = 0; i < e->nreaders; i++) {
            reader *r = &e->readers[i];
            if (r->flavor == RV_PREEMPT && r->task == task) r->preempted = 0;
        }
        pin_busy(e, cpu, until);
        return;
    }
    for (size_t i = 0; i < e->nreaders;) {
        reader *r = &e->readers[i];
        if (r->cpu == cpu) reader_finish(e, r->id); else i++;
    }
    /* ksoftirqd drains first, here and now: a call of its loop still queued (ksoftirqd_loop()) is dropped */
    if (c->ksoftirqd_running) softirq_runs_now(c);
    else if (c->softirq_pending) ksoftirqd_turn_switches(e, cpu); /* its turn between the task and idle */
    for (int k = 0; k < 100 && c->softirq_pending; k++) run_softirq(e, cpu, true);
    close_stretch(e);
    settle_blips(e, cpu); /* the blips of the busy stretch that ends here */
    context_switch(e, cpu); /* to the idle task */
    c->run = RS_IDLE;
    c->idle_until = until;
    c->user = false;
    c->ctxsw_scheduled = false;
    c->gen_ctxsw++;
    c->blip_lazy = false;
    c->blip_scheduled = false;
    c->gen_blip++;
    for (int f = 0; f < RV_NFLAVORS; f++) c->gen_reader[f]++;
    idle_settle(e, cpu);
    rv_event *ev = emit(e, RV_EV_IDLE_ENTER, cpu, -1);
    if (ev) ev->arg = !c->tick_on;
    schedule_runstate(e, cpu);
    schedule_idle_irq(e, cpu);
}

void cpu_wake(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->run != RS_IDLE) return;
    c->run = RS_BUSY;
    c->idle_until = 0;
    dynticks_busy(c); /* rcu_idle_exit() */
    emit(e, RV_EV_IDLE_EXIT, cpu, -1);
    tick_start(e, cpu);
    c->gen_idle_irq++;
    context_switch(e, cpu); /* from the idle task to a task */
    schedule_runstate(e, cpu);
    for (int f = 0; f < RV_NFLAVORS; f++) schedule_reader(e, cpu, f);
    ensure_ctxsw(e, cpu);
    ensure_blip(e, cpu);
}

/* ------------------------------------------------------------------ the tick */
/*
 * Update streams (call_rcu per flavor, kfree_rcu, synchronize per flavor) arrive as Poisson bursts
 * during busy time. For sparse streams the number of busy ticks until the next burst is drawn once
 * (geometric), so a tick costs one comparison per stream instead of a random draw.
 */
static double stream_bursts_per_tick(const rv_engine *e, const rv_phase *ph, int s)
{
    double dt = 1.0 / e->hz, burst = ph->burst_mean > 1 ? ph->burst_mean : 1;
    if (s < RV_NFLAVORS) return ph->call_rcu_per_s[s] * dt / burst;
    if (s == UPD_KFREE) return ph->kfree_rcu_per_s * dt / burst;
    return ph->sync_per_s[s - UPD_SYNC] * dt;
}

static void burst_table_fill(phase_rates *pr);

/* The phases' stream rates, once: the tick reads them for every busy CPU and stream. */
void workload_rates(rv_engine *e)
{
    for (size_t i = 0; i < e->cfg.nphases; i++) {
        phase_rates *pr = &e->phase_rates[i];
        for (int s = 0; s < UPD_STREAMS; s++) {
            upd_rate *r = &pr->s[s];
            r->m = stream_bursts_per_tick(e, &e->cfg.phases[i], s);
            r->log_none = log1p(-(-expm1(-r->m))); /* log P(no burst in a tick), Poisson */
            r->exp_neg = exp(-r->m); /* P(no burst in a tick): where a dense stream's Knuth draw stops */
            r->p_one = r->m > 0 ? r->m * r->exp_neg / -expm1(-r->m) : 1; /* P(1 | >= 1): Poisson(m) over 1 - e^-m */
            if (!(r->m <= 0)) pr->active[pr->nactive++] = (int8_t)s; /* else draw_next() never makes it due */
        }
        /* burst_extra()'s scale, and its steps where a few of them cover nearly every draw */
        const double extra_mean = e->cfg.phases[i].burst_mean - 1;
        pr->burst_scale = extra_mean > 0 ? 1 / log1p(1 / extra_mean) : 0;
        const double scale = pr->burst_scale;
        if (scale >= 0.05 && scale <= 7) {
            for (int k = 1; k <= BURST_STEPS; k++) {
                double t = exp(-k / scale);
                pr->burst_lo[k - 1] = t * (1 - 1e-6);
                pr->burst_hi[k - 1] = t * (1 + 1e-6);
            }
            pr->burst_steps = BURST_STEPS;
        }
        burst_table_fill(pr); /* after the steps: with none, every range holds -1 */
    }
}

static void draw_next(cpu_t *c, const upd_rate *r, int s)
{
    double m = r->m;
    if (m <= 0) { c->next_upd[s] = UINT64_MAX; return; }
    if (m >= 0.5) { c->next_upd[s] = c->busy_ticks; return; } /* dense: sample every tick */
    double u = 1.0 - rng_unit(&c->r_upd); /* (0,1] */
    double gap = floor(log(u) / r->log_none);
    c->next_upd[s] = c->busy_ticks + 1 + (gap > 1e15 ? (uint64_t)1e15 : (uint64_t)gap);
}

/*
 * (long)rng_exp(&c->r_upd, scale), the callbacks of a burst beyond its first: geometric with mean
 * burst_mean - 1 for scale = pr->burst_scale (internal.h says why). The same one draw of x = 1 - u,
 * and the same result: v = -scale * log(x) is at least k exactly when x <= exp(-k/scale), so while x
 * lies clearly above or below each step (by the relative 1e-6 that burst_lo/burst_hi leave, against
 * errors below 1e-13 in log(), the product and the steps themselves; scale >= 0.05 and k <= 32 keep
 * v's own rounding far inside that), the floor is read off the steps. Only an x within that band of a
 * step, or beyond the last one, pays for log().
 */
static __attribute__((noinline)) long burst_extra_log(double x, double scale) { return (long)(-scale * log(x)); }

/* The steps' answer for x, or -1 where only log() can tell. */
static inline long burst_steps_answer(const phase_rates *pr, double x)
{
    for (int k = 0; k < pr->burst_steps; k++) {
        if (x > pr->burst_hi[k]) return k;   /* v < k + 1, and v >= k from the step before */
        if (!(x < pr->burst_lo[k])) break;   /* too close to the step: let log() decide */
    }
    return -1;
}

static inline uint64_t double_bits(double x) { uint64_t u; memcpy(&u, &x, sizeof u); return u; }
static inline double bits_double(uint64_t u) { double x; memcpy(&x, &u, sizeof x); return x; }

/* burst_table[]: the loop above ends after a data-dependent number of steps, and its exit branch was
 * mispredicted at nearly every burst (perf: ~5 % of FAST_NO_HZ hackbench). The loop's outcome
 * depends only on which side of each bound x lies, so over a range of doubles that no bound falls in,
 * every x gets the same answer: the table holds it, read with one index from x's bits. A range a bound
 * falls in holds -1 and leaves x to the loop, as does an x below the table (x < 2^-8). */
static void burst_table_fill(phase_rates *pr)
{
    pr->burst_key0 = (double_bits(1.0) >> BURST_KEY_SHIFT) - (BURST_TABLE - 1); /* the last range holds 1.0 */
    for (int i = 0; i < BURST_TABLE; i++) {
        const uint64_t key = pr->burst_key0 + (uint64_t)i;
        const double a = bits_double(key << BURST_KEY_SHIFT), b = bits_double(((key + 1) << BURST_KEY_SHIFT) - 1);
        long v = burst_steps_answer(pr, a);
        for (int k = 0; k < pr->burst_steps && v >= 0; k++)
            if ((pr->burst_lo[k] >= a && pr->burst_lo[k] <= b) || (pr->burst_hi[k] >= a && pr->burst_hi[k] <= b)) v = -1;
        pr->burst_table[i] = (int8_t)(v >= 0 && v == burst_steps_answer(pr, b) ? v : -1);
    }
}

/* floor(-scale * log(x)) for x in (0, 1]: the table, else the steps, else log() */
static inline long burst_extra_of(const phase_rates *pr, double x)
{
    const uint64_t i = (double_bits(x) >> BURST_KEY_SHIFT) - pr->burst_key0;
    if (i < BURST_TABLE && pr->burst_table[i] >= 0) return pr->burst_table[i];
    long v = burst_steps_answer(pr, x);
    return v >= 0 ? v : burst_extra_log(x, pr->burst_scale);
}

long workload_burst_extra(const phase_rates *pr, double x) { return burst_extra_of(pr, x); }

static inline long burst_extra(cpu_t *c, const phase_rates *pr) { return burst_extra_of(pr, 1.0 - rng_unit(&c->r_upd)); }

/* The callbacks in `bursts` bursts of phase ph: out of line, so that the tick's own loop keeps its
 * registers (the draws and steps here need none of them). */
static __attribute__((noinline)) long burst_sizes(cpu_t *c, const phase_rates *pr, long bursts)
{
    long n = bursts;
    for (long b = 0; b < bursts; b++) n += burst_extra(c, pr);
    return n;
}

/* A sparse stream's bursts on the busy tick its geometric gap ends on: Poisson(m) given at least
 * one, by inversion from P(1 | >= 1) = r->p_one (m < 0.5, so one or two steps nearly always do).
 * Taking exactly one there delivered 1 - e^-m bursts per tick instead of m (18 % short at m = 0.4). */
static long sparse_bursts(cpu_t *c, const upd_rate *r)
{
    double u = rng_unit(&c->r_upd), p = r->p_one, cum = p;
    long k = 1;
    while (u >= cum && k < 64) { k++; p *= r->m / k; cum += p; }
    return k;
}

/* Callbacks (bursts, for a synchronize stream) due this tick on stream s (0 if none); pr = the phase's rates. */
static long stream_take(cpu_t *c, const phase_rates *pr, int s)
{
    if (c->next_upd[s] > c->busy_ticks) return 0;
    const upd_rate *rates = pr->s;
    double m = rates[s].m;
    /* dense: a Poisson count every tick, against the phase's exp(-m) rather than recomputing it;
     * sparse: the tick the gap ends on has at least one burst, and Poisson(m) given that (a
     * synchronize stream blocks its task on the first, so it needs no count) */
    long bursts = m >= 0.5 ? (m <= 30 ? rng_poisson_knuth(&c->r_upd, rates[s].exp_neg) : rng_poisson(&c->r_upd, m))
                : s >= UPD_SYNC ? 1 : sparse_bursts(c, &rates[s]);
    draw_next(c, &rates[s], s);
    if (s >= UPD_SYNC) return bursts;
    if (!(pr->burst_scale > 0) || !bursts) return bursts; /* bursts of one callback: no size draw */
    return burst_sizes(c, pr, bursts);
}

/* The earliest busy tick at which one of the phase's active streams has a burst due. */
static uint64_t next_upd_due(const cpu_t *c, const phase_rates *pr)
{
    uint64_t due = UINT64_MAX;
    for (int k = 0; k < pr->nactive; k++)
        if (c->next_upd[pr->active[k]] < due) due = c->next_upd[pr->active[k]];
    return due;
}

/* A scripted reader of the task running on the CPU (not switched out), or with `preempted`, one whose
 * task was preempted there and is still runnable; NULL if none. Sampled readers last microseconds: an
 * event meeting one is taken to come just after it. */
static const reader *scripted_reader(const rv_engine *e, int cpu, bool preempted)
{
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->cpu == cpu && r->injected && (r->preempted != 0) == preempted) return r;
    }
    return NULL;
}

/* The jiffy's updates on a busy CPU, as batch records queued by the running task: call_rcu() per
 * flavor, then kfree_rcu(), then synchronize per flavor, visiting only the phase's active streams.
 * pr = the rates of ph (e->phase_rates[c->phase]). */
static void tick_updates(rv_engine *e, int cpu, const rv_phase *ph, const phase_rates *pr)
{
    cpu_t *c = &e->cpu[cpu];
    if (c->upd_phase != c->phase) {
        c->upd_phase = c->phase;
        for (int s = 0; s < UPD_STREAMS; s++) draw_next(c, &pr->s[s], s);
        c->next_upd_due = next_upd_due(c, pr);
    }
    c->busy_ticks++;
    /* Most ticks have no burst due on any stream: stream_take() would then return 0 for each
     * without a draw or any other effect. next_upd[] changes only in draw_next(), which runs above
     * and in stream_take() below, each followed by a new next_upd_due, so the minimum is current. */
    if (c->next_upd_due > c->busy_ticks) return;
    enum exec_ctx saved = e->ctx;
    e->ctx = CTX_TASK;
    uint64_t due = UINT64_MAX; /* next_upd_due(), gathered on the way */
    for (int k = 0; k < pr->nactive; k++) {
        int s = pr->active[k];
        long n = stream_take(c, pr, s);
        if (c->next_upd[s] < due) due = c->next_upd[s];
        if (!n) continue;
        if (s < RV_NFLAVORS) {
            int tf = target_flavor(e, s);
            if (tf >= 0) call_rcu(e, cpu, tf, n, CB_NORMAL, 0);
        } else if (s == UPD_KFREE) {
            int kf = target_flavor(e, RV_PREEMPT);
            if (kf >= 0) call_rcu(e, cpu, kf, n, CB_LAZY, 0);
        } else {
            int tf = target_flavor(e, s - UPD_SYNC);
            /* The task on the CPU calls synchronize_*(), so it must be allowed to sleep: not with preemption
             * or bottom halves off, and not inside a scripted read-side critical section of any flavor
             * (lockdep's "Illegal synchronize_*() in RCU read-side critical section"; in its own flavor
             * it would wait for itself). Such a draw is the task's own choice not to call it then. */
            if (tf >= 0 && cpu_preemptible(c) && !scripted_reader(e, cpu, false))
                synchronize_rcu_flavor(e, cpu, tf, (uint32_t)(++e->next_task_id));
        }
    }
    c->next_upd_due = due;
    e->ctx = saved;
}

/* rcu_check_callbacks() from the scheduling-clock interrupt, then irq_exit()'s softirq. */
void do_tick(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    e->ctx = CTX_TICK;
    e->ctx_cpu = cpu;
    e->stretch_nonpreempt = 0;
    const int64_t tick_ns = e->cfg.costs.tick_ns; /* charge() in CTX_TICK on this CPU, written out */
    if (tick_ns > 0) { c->tick_ns_total += tick_ns; e->tick_total_ns += tick_ns; }
    /* the GP kthread on an otherwise idle CPU: the CPU left the idle loop (rcu_idle_exit()) to run it */
    const bool in_idle_loop = c->run == RS_IDLE && c->running_kthread < 0;
    if (in_idle_loop) {
        dynticks_busy(c); /* rcu_irq_enter() from idle */
        rcu_qs(e, cpu, RV_SCHED); rcu_qs(e, cpu, RV_BH); rcu_qs(e, cpu, RV_PREEMPT);
    } else if (c->run == RS_IDLE) {
        /* The tick interrupted the kthread: not from idle (rcu_is_cpu_rrupt_from_idle() is false) nor
         * from user mode, so no rcu_sched QS; outside any softirq, so rcu_bh's (rcu_check_callbacks(),
         * v3.6 rcutree.c:1636, v3.7 :1864); and rcu_preempt's, the kthread holding no reader.
         * No phase's task runs here, so no update stream either. */
        rcu_qs(e, cpu, RV_BH);
        if (e->rsp[RV_PREEMPT].enabled) rcu_qs(e, cpu, RV_PREEMPT);
    } else {
        /* cpu_phase(), kept as its index: the phase's task and rates are indexed by it too */
        const int pi = c->phase;
        const rv_phase *ph = pi >= 0 ? &e->cfg.phases[pi] : NULL;
        if (ph) {
            e->tasks[e->phase_task[pi]].ns += e->jiffy_ns;
            tick_updates(e, cpu, ph, &e->phase_rates[pi]);
            e->ctx = CTX_TICK; e->ctx_cpu = cpu;
        } else if (c->kloop) {
            /* no phase's task runs here: the jiffy is the looping task's (kloop_task()) */
            const int t = kloop_task(e, cpu); /* first: it may grow (move) e->tasks */
            e->tasks[t].ns += e->jiffy_ns;
        }
        /* rcu_preempt readers exist only while rcu_preempt is enabled: both ways of starting one
         * (schedule_reader(), an injection via check_flavor()) require it, and it never changes */
        bool preempt_reader = e->rsp[RV_PREEMPT].enabled && has_running_preempt_reader(e, cpu);
        /* a GP kthread taking this CPU for its walk runs in the kernel: no user-mode tick for it */
        bool kernel_forced = c->nonpreempt > 0 || c->bh_disabled > 0 || preempt_reader || c->kloop || c->running_kthread >= 0;
        /* drawn whether or not the task is held in the kernel: whether it is can depend on RCU (a
         * preempted rcu_preempt reader), and the workload's stream must not */
        c->user = ph && rng_unit(&c->r) < ph->user_frac && !kernel_forced;
        if (c->user) { rcu_qs(e, cpu, RV_SCHED); rcu_qs(e, cpu, RV_BH); }
        else if (c->bh_disabled == 0) rcu_qs(e, cpu, RV_BH);
        /* a new jiffy may have ended a FAST_NO_HZ holdoff; ensure_blip()'s own first tests, made here
         * (no phase has blips, or one is queued already: nearly every tick), spare the call */
        if (e->phases_blip && !c->blip_scheduled) ensure_blip(e, cpu);
        if (e->rsp[RV_PREEMPT].enabled) {
            if (!preempt_reader) rcu_qs(e, cpu, RV_PREEMPT);
            else if (e->rsp[RV_PREEMPT].rda[cpu].qs_pending)
                for (size_t i = 0; i < e->nreaders; i++)
                    if (e->readers[i].cpu == cpu && e->readers[i].flavor == RV_PREEMPT && !e->readers[i].preempted) e->readers[i].need_qs = 1;
        }
    }
    if (rcu_pending(e, cpu)) c->softirq_pending = true;
    /* irq_exit() runs softirqs only if !in_interrupt(): inside a bh-disabled section (an rcu_bh reader)
     * RCU_SOFTIRQ stays raised until local_bh_enable() runs it (softirq_after_bh_enable()) (v3.6
     * softirq.c:346, v3.7 softirq.c:347). Nor while ksoftirqd/N holds the CPU: it spends nearly all
     * of that time inside __do_softirq() (SOFTIRQ_OFFSET: in_interrupt() again), and its loop's next
     * call takes what the tick raised. */
    if (c->softirq_pending && c->run != RS_OFFLINE && c->bh_disabled == 0 && !c->ksoftirqd_running) {
        softirq_runs_now(c); /* at irq exit */
        run_softirq(e, cpu, false);
    }
    if (__builtin_expect(c->need_resched, 0)) { /* TIF_NEED_RESCHED, set by set_need_resched() */
        /* Acted on at irq exit: a return to user mode always calls schedule(); a return to kernel code
         * only under CONFIG_PREEMPT (preempt_schedule_irq()), which the modelled kernel has exactly when
         * rcu_preempt exists (TREE_PREEMPT_RCU depends on PREEMPT), and then a CPU that cannot be
         * preempted now switches at its preempt_enable(). Without PREEMPT, kernel code keeps the CPU
         * until it calls schedule() itself: the flag stays set for the workload's next switch, or for a
         * tick that finds the CPU back in user mode. */
        const int why = c->need_resched;
        const bool preempt_kernel = e->rsp[RV_PREEMPT].enabled;
        if (c->run != RS_BUSY) c->need_resched = 0;
        else if (c->user || (preempt_kernel && cpu_preemptible(c))) context_switch_why(e, cpu, why);
        else if (preempt_kernel) { c->need_resched = 0; c->ctxsw_deferred = true; } /* when its preempt-off section ends */
    }
    if (in_idle_loop && c->run == RS_IDLE) idle_settle(e, cpu); /* rcu_irq_exit() back to idle */
    close_stretch(e);
    e->ctx = CTX_NONE;
    e->ctx_cpu = -1;
}

/* ------------------------------------------------------------------ phases and rcutorture writers */
static void phase_boundary(rv_engine *e)
{
    for (int cpu = 0; cpu < e->ncpus; cpu++) settle_blips(e, cpu); /* at the old phase's rate */
    for (int cpu = 0; cpu < e->ncpus; cpu++) e->cpu[cpu].phase = find_phase(e, cpu);
    for (int cpu = 0; cpu < e->ncpus; cpu++) {
        cpu_t *c = &e->cpu[cpu];
        if (c->run == RS_OFFLINE) continue;
        const rv_phase *ph = cpu_phase(e, cpu);
        if (c->run == RS_BUSY && (!ph || ph->busy_frac <= 0)) cpu_go_idle(e, cpu, 0);
        else if (c->run == RS_IDLE && c->idle_until == 0 && ph && ph->busy_frac >= 1) cpu_wake(e, cpu);
        else {
            schedule_runstate(e, cpu);
            if (c->run == RS_BUSY) for (int f = 0; f < RV_NFLAVORS; f++) schedule_reader(e, cpu, f);
            else schedule_idle_irq(e, cpu);
        }
    }
    for (size_t i = 0; i < e->cfg.nphases; i++) {
        const rv_phase *ph = &e->cfg.phases[i];
        if (ph->torture_fake_writers <= 0 || s2ns(ph->start_s) != e->now) continue;
        for (int w = 1; w <= ph->torture_fake_writers; w++) {
            if (w > e->nfake_writers) e->nfake_writers = w;
            sched_at(e, e->now + e->jiffy_ns * rng_range(&e->r, 1, 10), QE_FAKE_WRITER, -1, 0, (uint64_t)w, 0);
        }
    }
}

static int random_cpu_of(rv_engine *e, const rv_phase *ph)
{
    int n = 0, pick = -1;
    for (int cpu = 0; cpu < e->ncpus; cpu++) {
        if (!rv_cpuset_has(&ph->cpus, cpu) || e->cpu[cpu].run != RS_BUSY) continue;
        if (rng_range(&e->r, 0, n) == 0) pick = cpu; /* reservoir choice among busy CPUs */
        n++;
    }
    return pick;
}

static void fake_writer(rv_engine *e, int w)
{
    for (size_t i = e->cfg.nphases; i-- > 0;) {
        const rv_phase *ph = &e->cfg.phases[i];
        if (!phase_active(e, ph) || ph->torture_fake_writers < w) continue;
        int cpu = random_cpu_of(e, ph);
        if (cpu < 0) { sched_at(e, e->now + e->jiffy_ns, QE_FAKE_WRITER, -1, 0, (uint64_t)w, 0); return; }
        int f = target_flavor(e, ph->torture_flavor);
        if (f < 0) return;
        e->ctx = CTX_TASK; e->ctx_cpu = cpu;
        synchronize_rcu_flavor(e, cpu, f, (uint32_t)w);
        e->ctx = CTX_NONE; e->ctx_cpu = -1;
        return;
    }
}

/* rcu_torture_stats_print(): every stat_interval (60 s) the Reader Pipe histogram goes to the log,
 * flagged with "!!!" once a reader has seen an element older than one grace period. */
static void torture_stats(rv_engine *e)
{
    char line[400];
    /* any reader that saw an element at pipe count 2 to 9: rcu_torture_printk() of 3.6/3.7 scans its
     * summary down from RCU_TORTURE_PIPE_LEN - 1, so the last bucket (10 and older) alone does not
     * raise "!!!" (a 2021 kernel made the scan start at the last bucket) */
    bool stale = false;
    for (int i = 2; i < RCU_TORTURE_PIPE_LEN; i++) stale |= e->reader_pipe[i] != 0;
    /* rcu_torture_printk(): "%s%s ", torture_type, TORTURE_FLAG ("-torture:"); rcu.busted stands for the
     * rcu_busted type of later kernels, so its lines carry that name */
    int len = snprintf(line, sizeof line, "%s-torture: %sReader Pipe: ", e->cfg.rcu.busted ? "rcu_busted" : "rcu",
                       stale ? "!!! " : "");
    for (int i = 0; i < RV_PIPE_LEN && len < (int)sizeof line - 24; i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " %llu", (unsigned long long)e->reader_pipe[i]);
    klog(e, "%s", line);
}

/* Once per jiffy: the rcutorture writer retires the current element into the 10-stage pipeline. */
void jiffy_global(rv_engine *e)
{
    bool torture = false;
    for (size_t i = 0; i < e->cfg.nphases; i++) {
        const rv_phase *ph = &e->cfg.phases[i];
        if (!ph->torture_writer) continue;
        torture = true;
        if (!phase_active(e, ph)) continue;
        int cpu = random_cpu_of(e, ph);
        int f = target_flavor(e, ph->torture_flavor);
        if (cpu < 0 || f < 0) continue;
        e->ctx = CTX_TASK; e->ctx_cpu = cpu;
        call_rcu(e, cpu, f, 1, CB_TORTURE, 1);
        e->ctx = CTX_NONE; e->ctx_cpu = -1;
    }
    if (torture && e->jiffies % (60ull * (uint64_t)e->hz) == 0) torture_stats(e);
}

/* ------------------------------------------------------------------ injections and scripted events */
static int check_cpu(rv_engine *e, int cpu, bool allow_all, char *err, size_t errlen)
{
    if ((cpu == -1 && allow_all) || (cpu >= 0 && cpu < e->ncpus)) return 0;
    snprintf(err, errlen, "cpu: expected 0..%d%s, got %d", e->ncpus - 1, allow_all ? " or -1 (all)" : "", cpu);
    return -1;
}

static int check_flavor(rv_engine *e, int f, char *err, size_t errlen)
{
    if (f >= 0 && f < RV_NFLAVORS && e->rsp[f].enabled) return 0;
    snprintf(err, errlen, "flavor %s is not enabled in this scenario", rv_flavor_name(f));
    return -1;
}

/* How lockdep names a flavor's read-side critical section in its "Illegal ..." messages, and the
 * synchronize function of a flavor. */
static const char *lockdep_name(int f) { return f == RV_SCHED ? "RCU-sched" : f == RV_BH ? "RCU-bh" : "RCU"; }

/* Acts the kernel would not let happen on that CPU now are refused with the rule they break, never
 * applied as a no-op (a scripted one is then listed in events_not_applied). cpu -1 (all CPUs) is not
 * checked: each CPU that can, does. */
static int check_cpu_can(rv_engine *e, const rv_inject *cmd, int f, char *err, size_t errlen)
{
    int cpu = cmd->cpu;
    if (cpu < 0) return 0;
    const cpu_t *c = &e->cpu[cpu];
    const reader *r;
    switch (cmd->kind) {
    case RV_INJ_IDLE: case RV_INJ_WAKE: case RV_INJ_FORCE_QS:
        if (c->run == RS_OFFLINE) { snprintf(err, errlen, "CPU %d is offline", cpu); return -1; }
        if (cmd->kind != RV_INJ_IDLE) return 0;
        if (c->kloop) {
            snprintf(err, errlen, "CPU %d is looping in the kernel with preemption off: it cannot switch to the idle task before the "
                     "loop ends", cpu);
            return -1;
        }
        /* rcu_idle_enter()'s lockdep checks: no idle inside any flavor's section */
        if ((r = scripted_reader(e, cpu, false))) {
            snprintf(err, errlen, "CPU %d is inside an %s read-side critical section (reader %llu): \"Illegal idle entry in %s "
                     "read-side critical section.\"", cpu, rv_flavor_name(r->flavor), (unsigned long long)r->id, lockdep_name(r->flavor));
            return -1;
        }
        if ((r = scripted_reader(e, cpu, true))) {
            snprintf(err, errlen, "CPU %d's task P%d, preempted in an rcu_preempt read-side critical section (reader %llu), is still "
                     "runnable: the CPU runs it again before it can go idle", cpu, reader_pid(r), (unsigned long long)r->id);
            return -1;
        }
        return 0;
    case RV_INJ_SYNCHRONIZE:
        if (c->kloop) {
            snprintf(err, errlen, "CPU %d is looping in the kernel with preemption off: no task can call %s() there before the loop "
                     "ends", cpu, rv_synchronize_name(f));
            return -1;
        }
        /* synchronize_*()'s lockdep check (no section of any flavor held) and might_sleep(): the task
         * would block inside its own section, and in its own flavor wait for itself forever */
        if ((r = scripted_reader(e, cpu, false))) {
            snprintf(err, errlen, "CPU %d is inside an %s read-side critical section (reader %llu): %s() %s (\"Illegal %s() in %s "
                     "read-side critical section\")", cpu, rv_flavor_name(r->flavor), (unsigned long long)r->id, rv_synchronize_name(f),
                     r->flavor == f ? "would wait for it forever" : "may not sleep there", rv_synchronize_name(f), lockdep_name(f));
            return -1;
        }
        return 0;
    default:
        return 0;
    }
}

int apply_inject(rv_engine *e, const rv_inject *cmd, char *err, size_t errlen)
{
    int cpu = cmd->cpu;
    int64_t dur = s2ns(cmd->duration_s);
    bool all_ok = cmd->kind == RV_INJ_IDLE || cmd->kind == RV_INJ_WAKE || cmd->kind == RV_INJ_FORCE_QS;
    if (check_cpu(e, cpu, all_ok, err, errlen)) return -1;
    switch (cmd->kind) {
    case RV_INJ_LONG_READER: case RV_INJ_PREEMPT_READER: case RV_INJ_KERNEL_LOOP:
        if (dur <= 0) { snprintf(err, errlen, "duration_s: expected a positive number of seconds, got %g", cmd->duration_s); return -1; }
        /* FALLTHROUGH */
    case RV_INJ_CALL_RCU_BURST: case RV_INJ_SYNCHRONIZE:
        if (e->cpu[cpu].run == RS_OFFLINE) { snprintf(err, errlen, "CPU %d is offline", cpu); return -1; }
        break;
    default: break;
    }
    int f = cmd->kind == RV_INJ_PREEMPT_READER ? RV_PREEMPT : cmd->flavor;
    if ((cmd->kind == RV_INJ_LONG_READER || cmd->kind == RV_INJ_PREEMPT_READER || cmd->kind == RV_INJ_CALL_RCU_BURST ||
         cmd->kind == RV_INJ_SYNCHRONIZE || cmd->kind == RV_INJ_FORCE_QS) && check_flavor(e, f, err, errlen))
        return -1;
    if (cmd->kind == RV_INJ_CALL_RCU_BURST && cmd->count <= 0) { snprintf(err, errlen, "count: expected a positive number, got %ld", cmd->count); return -1; }
    if (check_cpu_can(e, cmd, f, err, errlen)) return -1;
    rv_event *ev = emit(e, RV_EV_INJECT, cpu, (cmd->kind == RV_INJ_IDLE || cmd->kind == RV_INJ_WAKE || cmd->kind == RV_INJ_OFFLINE || cmd->kind == RV_INJ_ONLINE || cmd->kind == RV_INJ_KERNEL_LOOP) ? -1 : f);
    if (ev) { ev->arg = (int8_t)cmd->kind; ev->n = cmd->count; }
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    e->ctx = CTX_TASK; e->ctx_cpu = cpu >= 0 ? cpu : 0;
    int rc = 0;
    switch (cmd->kind) {
    case RV_INJ_LONG_READER:
        cpu_wake(e, cpu);
        reader_start(e, cpu, f, dur, true);
        break;
    case RV_INJ_PREEMPT_READER:
        cpu_wake(e, cpu);
        reader_start(e, cpu, RV_PREEMPT, dur, true);
        /* preempted at once (onto blkd_tasks) — or as soon as the CPU can switch at all */
        if (cpu_preemptible(&e->cpu[cpu])) context_switch_why(e, cpu, PW_INJECT);
        else e->cpu[cpu].ctxsw_deferred = true;
        break;
    case RV_INJ_KERNEL_LOOP: {
        cpu_t *c = &e->cpu[cpu];
        cpu_wake(e, cpu);
        if (c->kloop) { snprintf(err, errlen, "CPU %d is already looping in the kernel", cpu); rc = -1; break; }
        c->kloop = true;
        c->kloop_since = e->now;
        if (c->phase < 0) kloop_task(e, cpu); /* its row in the threads list from the loop's start */
        c->nonpreempt++;
        rv_event *k = emit(e, RV_EV_KERNEL_LOOP, cpu, -1);
        if (k) k->n = dur;
        sched_at(e, e->now + dur, QE_KLOOP_END, cpu, 0, 0, 0);
        break;
    }
    case RV_INJ_IDLE:
        for (int c = 0; c < e->ncpus; c++)
            if (cpu < 0 || c == cpu) cpu_go_idle(e, c, dur > 0 ? e->now + dur : INT64_MAX);
        break;
    case RV_INJ_WAKE: /* "the CPU runs a task from now": one already running one is left as it is, which is what was asked */
        for (int c = 0; c < e->ncpus; c++)
            if ((cpu < 0 || c == cpu) && e->cpu[c].run == RS_IDLE) { e->cpu[c].idle_until = 0; cpu_wake(e, c); }
        break;
    case RV_INJ_OFFLINE: rc = cpu_offline(e, cpu, err, errlen); break;
    case RV_INJ_ONLINE: rc = cpu_online(e, cpu, err, errlen); break;
    case RV_INJ_CALL_RCU_BURST: call_rcu(e, cpu, f, cmd->count, CB_NORMAL, 0); break;
    case RV_INJ_SYNCHRONIZE: synchronize_rcu_flavor(e, cpu, f, (uint32_t)(++e->next_task_id)); break;
    case RV_INJ_FORCE_QS: force_quiescent_state(e, &e->rsp[f], false); break;
    default: snprintf(err, errlen, "unknown injection kind %d", (int)cmd->kind); rc = -1; break;
    }
    e->ctx = saved; e->ctx_cpu = saved_cpu;
    return rc;
}

/* ------------------------------------------------------------------ boot and dispatch */
void workload_boot(rv_engine *e)
{
    for (int cpu = 0; cpu < e->ncpus; cpu++) {
        cpu_t *c = &e->cpu[cpu];
        c->id = cpu;
        c->running_kthread = -1;
        c->dynticks = 1;
        /* stream numbers: the CPU in the low half, the kind of draw (internal.h, cpu_t) in the high one */
        rng_seed(&c->r, e->cfg.seed, (uint64_t)cpu + 1);
        rng_seed(&c->r_read, e->cfg.seed, (1ull << 32) | ((uint64_t)cpu + 1));
        rng_seed(&c->r_upd, e->cfg.seed, (2ull << 32) | ((uint64_t)cpu + 1));
        rng_seed(&c->r_irq, e->cfg.seed, (3ull << 32) | ((uint64_t)cpu + 1));
        rng_seed(&c->r_rcu, e->cfg.seed, (4ull << 32) | ((uint64_t)cpu + 1));
        c->phase = find_phase(e, cpu);
        c->upd_phase = -2;
        c->dyntick_holdoff = UINT64_MAX; /* no holdoff yet */
        if (rv_cpuset_has(&e->cfg.initially_offline, cpu)) { c->run = RS_OFFLINE; continue; }
        rcu_init_percpu_data(e, cpu, true);
        const rv_phase *ph = cpu_phase(e, cpu);
        if (ph && ph->busy_frac > 0 && rng_unit(&c->r) < ph->busy_frac) {
            c->run = RS_BUSY;
            tick_start(e, cpu);
        } else {
            c->run = RS_IDLE;
            dynticks_idle(c); /* even: idle from boot (and in its leaf's summary for FQS) */
            if (!e->cfg.rcu.no_hz) tick_start(e, cpu);
        }
    }
    for (size_t i = 0; i < e->cfg.nphases; i++) {
        const rv_phase *ph = &e->cfg.phases[i];
        if (ph->start_s > 0) sched_at(e, s2ns(ph->start_s), QE_PHASE, -1, 0, 0, 0);
        if (ph->end_s > ph->start_s) sched_at(e, s2ns(ph->end_s), QE_PHASE, -1, 0, 0, 0);
    }
    triggers_boot(e); /* scripted events and captions: timed ones queued here, triggered ones armed */
    events_update_slow_at(e); /* the ring now keeps every event until the trigger scanner saw it */
    phase_boundary(e);
}

void handle_qev(rv_engine *e, const qev *ev)
{
    cpu_t *c = ev->cpu >= 0 && ev->cpu < e->ncpus ? &e->cpu[ev->cpu] : NULL;
    switch (ev->kind) {
    case QE_RUNSTATE:
        if (!c || ev->gen != c->gen_run) return;
        if (c->run == RS_BUSY) {
            cpu_go_idle(e, ev->cpu, c->pending_idle_until);
        } else if (c->run == RS_IDLE) {
            cpu_wake(e, ev->cpu);
        }
        return;
    case QE_CTXSW:
        if (!c || ev->gen != c->gen_ctxsw) return;
        c->ctxsw_scheduled = false;
        if (c->run != RS_BUSY) return;
        if (!cpu_preemptible(c)) { c->ctxsw_deferred = true; return; }
        context_switch(e, ev->cpu);
        /* ensure_ctxsw(), knowing what holds here: the CPU is busy and has no switch queued (cleared
         * above), and the switch just noted rcu_sched's and rcu_preempt's QS (rcu_qs() leaves
         * passed_quiesce set for an enabled flavor), so only rcu_bh, whose QS a context switch does
         * not give, can still be owed one (needs_ctxsw()) */
        if (bh_owes_qs(e, ev->cpu)) ensure_ctxsw_owed(e, ev->cpu);
        return;
    case QE_READER_BEGIN: {
        if (!c || ev->gen != c->gen_reader[ev->arg] || c->run != RS_BUSY) return;
        const rv_phase *ph = cpu_phase(e, ev->cpu);
        if (!ph) return;
        const rv_readers *rd = &ph->readers[ev->arg];
        double us = rng_unit(&c->r_read) < rd->long_prob ? rd->long_us : rng_exp(&c->r_read, rd->mean_us);
        reader_start(e, ev->cpu, ev->arg, (int64_t)(us * 1000) + 1, false);
        if (ev->arg == RV_PREEMPT && rd->preempt_prob > 0 && rng_unit(&c->r_read) < rd->preempt_prob && cpu_preemptible(c))
            context_switch(e, ev->cpu);
        schedule_reader(e, ev->cpu, ev->arg);
        return;
    }
    case QE_READER_END:
        reader_finish(e, ev->id);
        return;
    case QE_SOFTIRQ:
        if (!c || ev->gen != c->gen_softirq) return;
        c->softirq_scheduled = c->ksoftirqd_running = false; /* a loop with nothing pending sleeps */
        if (!c->softirq_pending || c->run == RS_OFFLINE) return;
        if (ev->arg >= 1 && c->run == RS_BUSY && !cpu_preemptible(c)) {
            /* the task is in a reader or has preemption off: ksoftirqd/N cannot have the CPU now (the
             * model runs the task's events meanwhile, so this can also follow an arg 2 continuation:
             * then the task took the CPU back, and ksoftirqd/N waits for it as after any wakeup) */
            defer_softirq(e, ev->cpu);
            return;
        }
        if (ev->arg == 2 && c->run == RS_BUSY) { /* ksoftirqd/N still holds the CPU: its loop goes on */
            ksoftirqd_loop(e, ev->cpu);
        } else if (ev->arg >= 1) { /* ksoftirqd/N gets the CPU */
            bool was_idle = c->run == RS_IDLE;
            ksoftirqd_turn_switches(e, ev->cpu);
            /* from the idle task, schedule() runs rcu_note_context_switch() too: an rcu_sched and
             * rcu_preempt QS that this very softirq run can report (no rcu_bh QS, as for the kthread) */
            if (was_idle) { dynticks_busy(c); rcu_qs(e, ev->cpu, RV_SCHED); rcu_qs(e, ev->cpu, RV_PREEMPT); }
            else context_switch_why(e, ev->cpu, PW_KSOFTIRQD);
            if (!was_idle) ksoftirqd_loop(e, ev->cpu);
            else ksoftirqd_loop_at_once(e, ev->cpu, false);
            /* back in the idle loop: tick_nohz_idle_enter()'s rcu_needs_cpu(), then rcu_idle_enter()'s
             * rcu_prepare_for_idle(). Without its drain, a FAST_NO_HZ CPU whose ksoftirqd had just
             * started the callbacks of a burst queued while it idled stopped its tick with neither a
             * holdoff nor idle_gp_timer, and the callbacks waited forever (helper's kernel review) */
            if (was_idle && c->run == RS_IDLE && c->running_kthread < 0) idle_settle(e, ev->cpu);
        } else if (c->run == RS_BUSY) {
            /* an interrupt's irq_exit(); inside a bh-disabled section it leaves RCU_SOFTIRQ raised for
             * local_bh_enable() (as the tick does) */
            if (c->bh_disabled == 0) run_softirq(e, ev->cpu, false);
        } else {
            defer_softirq(e, ev->cpu);
        }
        close_stretch(e);
        return;
    case QE_KTHREAD: {
        rcu_state *rsp = &e->rsp[ev->arg];
        if (ev->id == 2 && !rearm_due(e, &rsp->kt.timer, ev, rsp->kt.tgen)) return;
        if (ev->id == 2 ? ev->gen != rsp->kt.tgen : ev->gen != rsp->kt.gen) return; /* 2: timer */
        if (ev->id != 2 && rsp->kt.run_t != ev->t) return;
        kthread_run(e, rsp);
        return;
    }
    case QE_SCRIPT:
        triggers_run_script(e, ev->id); /* applied, or recorded as not applied (never silent) */
        return;
    case QE_PHASE:
        phase_boundary(e);
        return;
    case QE_KLOOP_END:
        if (!c || !c->kloop) return;
        c->kloop = false;
        c->nonpreempt--;
        if (cpu_preemptible(c) && c->ctxsw_deferred && c->run == RS_BUSY) context_switch(e, ev->cpu);
        return;
    case QE_IDLE_IRQ:
        if (!c || ev->gen != c->gen_idle_irq || c->run != RS_IDLE) return;
        dynticks_busy(c);
        if (c->softirq_pending) run_softirq(e, ev->cpu, false);
        idle_settle(e, ev->cpu);
        close_stretch(e);
        schedule_idle_irq(e, ev->cpu);
        return;
    case QE_IDLE_GP_TIMER:
        /* What wakes the CPU is the scheduling-clock tick that rcu_needs_cpu() programmed for the same
         * jiffy (*delta_jiffies = round_up(jiffies + RCU_IDLE_GP_DELAY, ...), v3.6 rcutree_plugin.h:1897,
         * v3.7 :1657); its irq_enter()'s rcu_irq_enter() deletes idle_gp_timer (rcu_cleanup_after_idle()),
         * so the timer's own handler rarely runs. The tick's rcu_check_callbacks() notes the idle task's
         * QSs and raises RCU_SOFTIRQ, which runs at irq_exit() in the idle task (rcu_do_batch() not held to
         * blimit), and only then does rcu_irq_exit() run rcu_prepare_for_idle() (do_tick() on an idle
         * CPU). This handler ran the drain first, then the callbacks in ksoftirqd at blimit a pass, with
         * no QS (helper's kernel review). */
        if (!c || !rearm_due(e, &c->idle_timer, ev, c->gen_idle_timer) || ev->gen != c->gen_idle_timer) return;
        /* busy, or idle with its tick running: this jiffy's tick has already come (the sweep runs before
         * the events of its instant), and its irq_enter() deleted the timer */
        if (c->run != RS_IDLE || c->tick_on) return;
        tick_start(e, ev->cpu); /* the tick restarts; idle_settle() at its irq exit may stop it again */
        e->n_ticks++;
        do_tick(e, ev->cpu);
        return;
    case QE_IDLE_BLIP: {
        if (!c || ev->gen != c->gen_blip) return;
        c->blip_scheduled = false;
        if (c->run != RS_BUSY) return;
        idle_blip(e, ev->cpu);
        /* ensure_blip(), knowing what holds here: the CPU is still busy (only cpu_go_idle(), hotplug and
         * injections change that, and none runs inside a blip), no blip is queued (this one just ran
         * and nothing in a blip queues one), none is lazy (blip_lazy is set only while none is queued,
         * and cpu_go_idle() clears it as it retires the queued one), and e->phases_blip is set (a
         * blip was queued) */
        const rv_phase *ph = cpu_phase(e, ev->cpu);
        if (!ph || ph->idle_blips_per_s <= 0) return;
        if (blip_matters(e, ev->cpu)) queue_blip(e, ev->cpu, c, ph);
        else blips_go_lazy(e, c);
        return;
    }
    case QE_FAKE_WRITER:
        fake_writer(e, (int)ev->id);
        return;
    case QE_CAPTION:
        triggers_show_caption(e, ev->id);
        return;
    case QE_RCUC: {
        if (!c) return;
        c->rcuc_scheduled = false;
        if (c->run == RS_OFFLINE) return;
        enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
        e->ctx = CTX_RCUC; e->ctx_cpu = ev->cpu;
        /* its turn on the CPU: half of two context switches its own, half the displaced task's */
        const int64_t sw = e->cfg.costs.sched_switch_ns;
        if (sw > 0) { c->rcuc_ns += sw; charge_displaced(e, -1, sw, false); }
        /* rcu_kthread_do_work(): every flavor's ready callbacks, not only rcu_preempt's, whose
         * softirq handed them over (v3.6 rcutree_plugin.h:1323-1328; 3.7 the same) */
        if (e->rsp[RV_SCHED].enabled) rcu_do_batch(e, &e->rsp[RV_SCHED], ev->cpu, true);
        if (e->rsp[RV_BH].enabled) rcu_do_batch(e, &e->rsp[RV_BH], ev->cpu, true);
        rcu_do_batch(e, &e->rsp[RV_PREEMPT], ev->cpu, true);
        e->ctx = saved; e->ctx_cpu = saved_cpu;
        /* the batches ran between local_bh_disable() and local_bh_enable() (rcu_cpu_kthread(), v3.7
         * rcutree_plugin.h:1355-1364): a softirq they raised runs at the enable, in rcuc/N */
        if (c->softirq_pending && c->bh_disabled == 0 && !c->ksoftirqd_running) {
            softirq_runs_now(c);
            run_softirq(e, ev->cpu, false);
        }
        return;
    }
    }
}
