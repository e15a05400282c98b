/* kthread.c — the 3.7 grace-period kthread: sleep for INIT, preemptible per-node init, FQS loop on a timer, cleanup. */
#include "internal.h"

enum { KT_EV_RUN = 1, KT_EV_TIMEOUT = 2 };

/* The CPU the woken kthread runs on: where it was woken, or, if that CPU cannot switch now (a sched or
 * bh reader, a kernel loop), the first CPU that can, standing in for the load balancer pulling it. */
static int pick_cpu(rv_engine *e, int preferred)
{
    if (preferred >= 0 && e->cpu[preferred].run != RS_OFFLINE && cpu_preemptible(&e->cpu[preferred])) return preferred;
    for (int c = 0; c < e->ncpus; c++)
        if (e->cpu[c].run != RS_OFFLINE && cpu_preemptible(&e->cpu[c])) return c;
    return -1;
}

/* Queue the kthread's next run at t. */
static inline void sched_run(rv_engine *e, rcu_state *rsp, int64_t t)
{
    gp_kthread *kt = &rsp->kt;
    kt->run_t = t;
    sched_at(e, t, QE_KTHREAD, kt->cpu, rsp->flavor, KT_EV_RUN, ++kt->gen);
}

/* How long a woken kthread waits before it runs: the reschedule IPI and schedule() on its CPU. CFS
 * lets it preempt whatever runs there at once: a kthread that mostly sleeps is placed at
 * min_vruntime minus half of sched_latency (place_entity(), GENTLE_FAIR_SLEEPERS), further below the
 * running task than the wakeup granularity (check_preempt_wakeup()), busy CPU or not.
 * "At once" means at the next point where TIF_NEED_RESCHED is acted on. With CONFIG_PREEMPT (here:
 * rcu_preempt enabled) that is the irq exit or preempt_enable(). Without it (the hackbench, kernel-build
 * and big-machine scenarios) it holds for an idle CPU or one interrupted in user mode, but a task in the
 * kernel keeps the CPU until it calls schedule() or returns to user mode. The scenario format gives
 * only a context-switch rate, not how long kernel stays last, so that wait is not modelled:
 * approximating it by the next workload switch (about 33 us for hackbench's kernel-mode wakeups) would
 * overstate it for syscall-heavy loads, and in a trial it moved hackbench's kthread CPU time from 1.12
 * to 0.64 s and its GP count by -5 %. kthread_latency_ns stands for a short kernel stay. */
static int64_t wake_to_run_ns(const rv_engine *e) { return e->cfg.costs.kthread_latency_ns; }

/* wake_up(&rsp->gp_wq). The waker pays try_to_wake_up() only when the kthread is asleep on the
 * wait queue; if it is running, or already woken and waiting for its CPU, the wake_up() finds
 * nothing to do. The kthread runs after wake_to_run_ns(). Always inline (with LTO, into
 * force_quiescent_state() and rcu_start_gp()): a FAST_NO_HZ drain step wakes the kthread nearly
 * every time. */
__attribute__((always_inline)) inline void kthread_wake(rv_engine *e, rcu_state *rsp, int waker_cpu, int reason)
{
    gp_kthread *kt = &rsp->kt;
    /* awake already (running, its own wakeup included, or woken and waiting for its CPU): it sees the
     * flags before it sleeps, and the wake_up() wakes nobody, so no wakeup is logged (one was, and
     * the window said "kthread woken to clean up" at the kthread's own FQS pass that cleared the
     * root; helper's kernel review) */
    if (kt->running || kt->run_t >= 0) {
        /* __wake_up() still takes gp_wq's lock to find no one waiting: a line the kthread last wrote,
         * a miss unless the kthread is the caller (its own pass cleared the root: rcu_report_qs_rsp()) */
        if (!(e->ctx == CTX_KTHREAD && e->ctx_flavor == rsp->flavor)) charge(e, rsp->flavor, e->cfg.costs.cache_miss_ns, true);
        return;
    }
    rv_event *ev = emit(e, RV_EV_KTHREAD_WAKE, waker_cpu, rsp->flavor);
    if (ev) ev->arg = (int8_t)reason;
    /* try_to_wake_up(), in the waker's context. From a FAST_NO_HZ drain step the waker is the idle task:
     * select_task_rq_fair()'s wake-affine choice and select_idle_sibling() keep the kthread on the
     * waker's CPU when that CPU is idle (kernel/sched/fair.c, 3.6/3.7), so ttwu_queue() takes the local
     * runqueue's lock and sends no IPI: the price of waking ksoftirqd/N on its own CPU
     * (local_wakeup_ns), which the same drain step pays when it raises RCU_SOFTIRQ. Other wakers (a
     * softirq or task on a busy CPU, which select_idle_sibling() sends to an idle sibling, or the FQS
     * timeout) pay the remote price, wakeup_ns. */
    const int64_t wake_ns = e->waker_idle_task ? e->cfg.costs.local_wakeup_ns : e->cfg.costs.wakeup_ns;
    charge(e, rsp->flavor, wake_ns, true);
    rsp->kt_sched_ns += wake_ns;
    kt->wake_paid = true;
    /* wake-affine: the woken kthread runs where it was woken (an idle waker is the cheapest target) */
    if (waker_cpu >= 0 && e->cpu[waker_cpu].run != RS_OFFLINE) kt->cpu = waker_cpu;
    sched_run(e, rsp, e->now + wake_to_run_ns(e));
}

/* wait_event_interruptible_timeout() with j jiffies. rcu_gp_kthread() clamps both delays to HZ and
 * jiffies_till_next_fqs to at least 1; jiffies_till_first_fqs = 0 is legal, and rsp->jiffies_force_qs is
 * then jiffies itself. Even so the kthread sleeps: with the condition false the macro calls
 * schedule_timeout(0), whose timer expires at jiffies + 0, and a timer due now runs from the next
 * tick's timer softirq, so the snapshot pass comes a tick after the walk, not right after it (the
 * engine ran it at once; helper's kernel review). A timer fires on a tick boundary: jiffies + j, or
 * the next tick for j = 0. Always inline: every FQS pass re-arms it. */
static inline __attribute__((always_inline)) void arm_timeout(rv_engine *e, rcu_state *rsp, int j)
{
    if (j > e->hz) j = e->hz;
    gp_kthread *kt = &rsp->kt;
    rsp->jiffies_force_qs = e->jiffies + (uint64_t)j;
    kt->timeout_t = (int64_t)(e->jiffies + (uint64_t)(j > 0 ? j : 1)) * e->jiffy_ns;
    sched_rearm(e, &kt->timer, kt->timeout_t, QE_KTHREAD, kt->cpu, rsp->flavor, KT_EV_TIMEOUT, ++kt->tgen);
}

/* The kthread sleeps in that wait: schedule_timeout() arms its timer. Only then: the macro tests its
 * condition first and, when it holds, returns without a timer (a hardware review found the timer
 * charged for waits the kthread never slept in). */
static inline void sleep_on_timeout(rv_engine *e, rcu_state *rsp)
{
    charge_kthread(e, rsp, e->cfg.costs.timer_ns);
    rsp->kt_sched_ns += e->cfg.costs.timer_ns;
}

/* rcu_gp_kthread()'s wait between later passes: jiffies_till_next_fqs clamped to 1..HZ */
static int next_fqs_wait(const rv_engine *e)
{
    int j = e->cfg.rcu.jiffies_till_next_fqs;
    return j < 1 ? 1 : j > e->hz ? e->hz : j;
}

static bool root_clear(const rcu_state *rsp) { return rsp->node[0].qsmask == 0 && rsp->node[0].n_gp_tasks == 0; }

static void preempt_point(rv_engine *e)
{
    if (e->stretch_nonpreempt > e->max_nonpreempt) e->max_nonpreempt = e->stretch_nonpreempt;
    e->stretch_nonpreempt = 0;
}

/* One slice of rcu_gp_kthread(). Returns true when it wants to continue at once (next node). */
static bool kthread_slice(rv_engine *e, rcu_state *rsp, bool timed_out)
{
    gp_kthread *kt = &rsp->kt;
    const int64_t node_cost = e->cfg.costs.node_lock_ns + e->cfg.costs.node_init_ns;
    switch (kt->state) {
    case KT_IDLE:
        if (!(rsp->gp_flags & RCU_GP_FLAG_INIT)) return false;
        rsp->gp_flags = 0;
        if (gp_in_progress(rsp)) return false;
        node_lock_visit(e, rsp); /* rcu_gp_init(): the root's lock for gpnum++ */
        gp_begin(e, rsp);
        kt->state = KT_INIT;
        kt->walk = 0;
        /* fall through: the first node right away */
        /* FALLTHROUGH */
    case KT_INIT:
        gp_init_node(e, rsp, kt->walk, kt->cpu);
        charge_lock_section(e, node_cost);
        preempt_point(e);
        if (++kt->walk < e->nnodes) {
            sched_run(e, rsp, e->now + (node_cost > 0 ? node_cost : 1));
            return true;
        }
        rsp->walk_node = -1;
        kt->state = KT_WAIT;
        rcu_onoff_after_walk(e); /* mutex_unlock(&rsp->onoff_mutex): hotplug's waiting work */
        arm_timeout(e, rsp, e->cfg.rcu.jiffies_till_first_fqs);
        /* wait_event_interruptible_timeout() tests its condition before it sleeps: a GP already over,
         * or an RCU_GP_FLAG_FQS that force_quiescent_state() set during the walk (its wake_up() found
         * the kthread running, not on gp_wq) is acted on at once. Sleeping on a set flag lost the
         * request for the whole GP: every later force_quiescent_state() then saw the flag set and
         * returned (n_force_qs_lh) without a wakeup (rcu_gp_kthread(), v3.7 rcutree.c:1352-1363). */
        if (root_clear(rsp) || (rsp->gp_flags & RCU_GP_FLAG_FQS)) return kthread_slice(e, rsp, false);
        sleep_on_timeout(e, rsp);
        return false;
    case KT_WAIT:
        if (!root_clear(rsp) && (timed_out || (rsp->gp_flags & RCU_GP_FLAG_FQS))) {
            rsp->n_force_qs++;
            rcu_gp_fqs(e, rsp);
            if (rsp->gp_flags & RCU_GP_FLAG_FQS) {
                /* "Clear flag to prevent immediate re-entry", under the root's lock (v3.7
                 * rcutree.c:1259-1264): an rcu_node visit the kthread pays after a requested pass */
                node_lock_visit(e, rsp);
                rsp->gp_flags &= ~RCU_GP_FLAG_FQS;
            }
            if (!root_clear(rsp)) {
                arm_timeout(e, rsp, next_fqs_wait(e));
                if (rsp->gp_flags & RCU_GP_FLAG_FQS) return kthread_slice(e, rsp, false); /* re-set during the pass: no sleep */
                sleep_on_timeout(e, rsp);
                return false;
            }
            /* the pass cleared the root: the loop still goes round once, setting jiffies_force_qs for a
             * wait whose condition is already true (v3.7 rcutree.c:1352), then leaves for the cleanup */
            rsp->jiffies_force_qs = e->jiffies + (uint64_t)next_fqs_wait(e);
        }
        if (!root_clear(rsp)) { /* a stray wakeup: back to sleep until the same deadline */
            sleep_on_timeout(e, rsp); /* __wait_event_interruptible_timeout()'s loop calls schedule_timeout() again */
            return false;
        }
        ++kt->tgen;                         /* cancel the timer */
        kt->timeout_t = -1;
        kt->state = KT_CLEANUP;
        kt->walk = 0;
        record_gp_max(e, rsp); /* rcu_gp_cleanup()'s gp_duration, before the walk */
        charge_kthread(e, rsp, e->cfg.costs.node_lock_ns); /* rcu_gp_cleanup(): root lock for gp_max */
        rsp->node_lock_visits++;
        /* FALLTHROUGH */
    case KT_CLEANUP: {
        rcu_node *rnp = &rsp->node[kt->walk];
        rnp->completed = rsp->gpnum;
        rsp->walk_node = kt->walk;
        charge_kthread(e, rsp, node_cost);
        charge_lock_section(e, node_cost);
        rsp->node_lock_visits++;
        rv_event *ev = emit(e, RV_EV_GP_CLEANUP_NODE, kt->cpu, rsp->flavor);
        if (ev) { ev->gp = rsp->gpnum; ev->node = kt->walk; }
        preempt_point(e);
        if (++kt->walk < e->nnodes) {
            sched_run(e, rsp, e->now + (node_cost > 0 ? node_cost : 1));
            return true;
        }
        charge_kthread(e, rsp, e->cfg.costs.node_lock_ns); /* root lock again: completed, fqs_state, gp_flags */
        rsp->node_lock_visits++;
        gp_finish(e, rsp);
        kt->state = KT_IDLE;
        if (cpu_needs_another_gp(e, rsp, &rsp->rda[kt->cpu])) rsp->gp_flags = RCU_GP_FLAG_INIT;
        return kthread_slice(e, rsp, false);
    }
    }
    return false;
}

/* The CPU the kthread leaves is an ordinary CPU again: back to dyntick-idle if that is its state. */
static void release_cpu(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    c->running_kthread = -1;
    if (c->run == RS_IDLE) { dynticks_idle(c); emit(e, RV_EV_IDLE_ENTER, cpu, -1); }
}

/* The kthread gets the CPU: a context switch there (a QS for that CPU), and if the CPU was idle it
 * leaves dyntick-idle for the duration — which is why FQS credits it on the next pass. */
void kthread_run(rv_engine *e, rcu_state *rsp)
{
    gp_kthread *kt = &rsp->kt;
    int cpu = pick_cpu(e, kt->cpu);
    if (cpu < 0) { /* every CPU is non-preemptible right now: try again next jiffy */
        sched_run(e, rsp, e->now + e->jiffy_ns);
        return;
    }
    if (kt->running && kt->cpu != cpu) release_cpu(e, kt->cpu); /* migrated between two slices */
    bool arriving = !(kt->running && kt->cpu == cpu);
    bool woken = !kt->running;
    kt->cpu = cpu;
    cpu_t *c = &e->cpu[cpu];
    bool timed_out = kt->timeout_t >= 0 && e->now >= kt->timeout_t;
    kt->run_t = -1;
    /* process_timeout() wakes it from the timer softirq of its CPU, unless a waker already has: then
     * wake_up_process() finds it runnable and does nothing (a report at a tick ended the grace period at
     * the very jiffy its timeout came due: both charged a wakeup, for one sleep/wake cycle) */
    if (timed_out && woken && !kt->wake_paid) {
        rv_event *ev = emit(e, RV_EV_KTHREAD_WAKE, cpu, rsp->flavor);
        if (ev) ev->arg = 3; /* the FQS timer */
        enum exec_ctx sv = e->ctx; int sv_cpu = e->ctx_cpu;
        e->ctx = CTX_SOFTIRQ; e->ctx_cpu = cpu;
        charge(e, rsp->flavor, e->cfg.costs.wakeup_ns, true);
        rsp->kt_sched_ns += e->cfg.costs.wakeup_ns;
        e->ctx = sv; e->ctx_cpu = sv_cpu;
    }
    if (arriving) {
        if (c->run == RS_IDLE) { dynticks_busy(c); emit(e, RV_EV_IDLE_EXIT, cpu, -1); }
        if (c->run == RS_BUSY) context_switch_why(e, cpu, PW_KTHREAD);
        else { rcu_qs(e, cpu, RV_SCHED); rcu_qs(e, cpu, RV_PREEMPT); } /* rcu_note_context_switch() from idle: no rcu_bh QS */
    }
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu, saved_fl = e->ctx_flavor;
    e->ctx = CTX_KTHREAD; e->ctx_cpu = cpu; e->ctx_flavor = rsp->flavor;
    if (woken) {
        /* a sleep/wake cycle takes two context switches, in now and out when it sleeps: the kthread
         * pays half of each, the task or idle loop it displaces the other half (config.c) */
        const int64_t sw = e->cfg.costs.sched_switch_ns;
        charge_kthread(e, rsp, sw);
        charge_displaced(e, rsp->flavor, sw, true);
        rsp->kt_sched_ns += 2 * sw;
        rsp->kt_wakeups++;
        kt->wake_paid = false;
        e->stretch_nonpreempt = 0; /* the switches are the scheduler's, not a GP code stretch */
    } else if (arriving) {
        e->stretch_nonpreempt = 0;
    }
    c->running_kthread = rsp->flavor;
    kt->running = true;
    bool more = kthread_slice(e, rsp, timed_out);
    preempt_point(e);
    e->ctx = saved; e->ctx_cpu = saved_cpu; e->ctx_flavor = saved_fl;
    if (!more) {
        kt->running = false;
        /* It sleeps (wait_event_interruptible*() -> schedule()): rcu_note_context_switch() notes this
         * CPU's rcu_sched QS (and rcu_preempt's: the kthread is in no reader) on the way out, often
         * the CPU's first QS for a GP that rcu_gp_init() just started, which cleared passed_quiesce
         * here. The switch's cost is in the two the wakeup charged. An idle CPU goes back to idle,
         * through __schedule() as well: its QS is noted the same way (it was not, until a helper's
         * kernel review: the CPU waited for its next tick or an FQS credit). */
        rcu_qs(e, cpu, RV_SCHED);
        rcu_qs(e, cpu, RV_PREEMPT);
        release_cpu(e, cpu);
    }
}
