/* fast_no_hz.c — rcu_needs_cpu() and RCU_FAST_NO_HZ's idle-entry drain, rcu_prepare_for_idle() (3.6/3.7 form). */
#include "internal.h"

/*
 * Without RCU_FAST_NO_HZ an idle CPU holding callbacks keeps its tick, so they age one tick at a
 * time. With it, every entry to idle (and every irq exit back to idle) runs a small state machine
 * that tries to push this CPU's callbacks through the grace-period machinery right away: report a
 * QS for each flavor with callbacks, force quiescent states, raise RCU_SOFTIRQ — up to five
 * attempts, after which the CPU either sleeps with its callbacks behind a timer or gives up for the
 * rest of the jiffy (holdoff). On a machine whose CPUs blip through idle thousands of times a second
 * this is what drives grace periods far faster than the tick can, and what makes the GP kthread
 * run FQS scans over and over.
 */
enum { RCU_IDLE_FLUSHES = 5, RCU_IDLE_OPT_FLUSHES = 3, RCU_IDLE_GP_DELAY = 4 };

static bool has_nonlazy_callbacks(const rv_engine *e, int cpu)
{
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (e->rsp[f].enabled && e->rsp[f].rda[cpu].qlen > e->rsp[f].rda[cpu].qlen_lazy) return true;
    return false;
}

/* rcu_needs_cpu(): the test itself is rcu_needs_cpu_cbs() (internal.h), inline for the idle path. */
bool rcu_needs_cpu(rv_engine *e, int cpu) { return rcu_needs_cpu_cbs(e, cpu, rcu_cpu_has_callbacks(e, cpu)); }

/* round_jiffies() (kernel/timer.c): to a whole second, down if less than a quarter second past one,
 * else up, each CPU skewed by 3 jiffies so that they do not all fire at once; the original value if
 * the rounded one is not in the future. Seconds here count from the model's jiffy 0, not from the
 * kernel's INITIAL_JIFFIES (see debugfs's j=). */
static uint64_t round_jiffies(const rv_engine *e, uint64_t j, int cpu)
{
    const uint64_t hz = (uint64_t)e->hz, skew = 3ull * (uint64_t)cpu;
    uint64_t r = j + skew, rem = r % hz;
    r = rem < hz / 4 ? r - rem : r - rem + hz;
    r -= skew;
    return r > e->jiffies ? r : j;
}

/* RCU_FAST_NO_HZ's backstop timer. The kernel deletes it at every exit from idle
 * (rcu_cleanup_after_idle() from rcu_eqs_exit_common(): v3.6 rcutree.c:465 and rcutree_plugin.h:1959,
 * v3.7 rcutree.c:515 and rcutree_plugin.h:1719), and the idle loop's next entry posts a new one if its
 * state machine still wants one. Here it stays armed across an exit: the GP kthread's visit to an
 * idle CPU returns to idle without the idle loop's re-entry (no tick restart, no
 * rcu_prepare_for_idle()), so the kept timer stands for the one that re-entry would post; the timer
 * does nothing on a CPU it finds busy or ticking (workload.c's QE_IDLE_GP_TIMER). ksoftirqd's visit
 * does re-enter: its softirq may have begun callbacks that no timer waits for (QE_SOFTIRQ). A trial
 * that deleted the timer at every exit and re-ran the idle entry after such visits left CPUs asleep
 * with callbacks and a stopped tick, as the tick's restart at the exit is not modelled either. */
static void post_idle_gp_timer(rv_engine *e, int cpu)
{
    cpu_t *c = &e->cpu[cpu];
    uint64_t j = e->jiffies + RCU_IDLE_GP_DELAY;
    if (has_nonlazy_callbacks(e, cpu)) j = (j + RCU_IDLE_GP_DELAY - 1) / RCU_IDLE_GP_DELAY * RCU_IDLE_GP_DELAY;
    else j = round_jiffies(e, e->jiffies + 6ull * (uint64_t)e->hz, cpu); /* RCU_IDLE_LAZY_GP_DELAY: only kfree_rcu() waiting */
    sched_rearm(e, &c->idle_timer, (int64_t)j * e->jiffy_ns, QE_IDLE_GP_TIMER, cpu, 0, 0, ++c->gen_idle_timer);
}

/* 3.6 and 3.7 both filter idle re-entries before the state machine:
 *     if (!rdtp->idle_first_pass &&
 *         (rdtp->nonlazy_posted == rdtp->nonlazy_posted_snap)) { ...repost the timer; return; }
 * and rcu_needs_cpu() sets idle_first_pass = 1. Every idle entry modelled here comes through
 * tick_nohz_idle_enter() or tick_nohz_irq_exit(), which call rcu_needs_cpu() first (the idle loop
 * after schedule(), a blip, an interrupt ending in idle), so each is a first pass and the filter never
 * fires; only RCU_NONIDLE()-style re-entries from inside the idle loop, which the model has none of,
 * would hit it. It is therefore not kept as state.
 *
 * One call of rcu_prepare_for_idle(), run by the idle task. Returns true when it raised RCU_SOFTIRQ
 * (invoke_rcu_core()), i.e. ksoftirqd/N is about to take the CPU out of idle for a moment. */
bool rcu_prepare_for_idle(rv_engine *e, int cpu) { return rcu_prepare_for_idle_cbs(e, cpu, rcu_cpu_has_callbacks(e, cpu)); }

/* The same, for a caller that has just asked rcu_cpu_has_callbacks() (cbs). Always inline (with LTO,
 * into the idle path's drain round, its one caller, at every FAST_NO_HZ blip): gcc kept the call. */
__attribute__((always_inline)) inline bool rcu_prepare_for_idle_cbs(rv_engine *e, int cpu, bool cbs)
{
    cpu_t *c = &e->cpu[cpu];
    if (!cbs) {
        c->dyntick_holdoff = e->jiffies - 1; /* no callbacks: nothing to drain, no holdoff either */
        c->dyntick_drain = 0;
        return false;
    }
    if (c->dyntick_holdoff == e->jiffies) return false;
    if (c->dyntick_drain <= 0) {
        c->dyntick_drain = RCU_IDLE_FLUSHES;
    } else if (c->dyntick_drain <= RCU_IDLE_OPT_FLUSHES && !rcu_pending(e, cpu) && !c->softirq_pending) {
        /* RCU needs nothing more from this CPU right now: sleep with callbacks, timer as backstop */
        c->dyntick_drain = 0;
        c->dyntick_holdoff = e->jiffies;
        post_idle_gp_timer(e, cpu);
        return false;
    } else if (--c->dyntick_drain <= 0) {
        c->dyntick_holdoff = e->jiffies; /* give up until the next jiffy; keep the tick */
        c->softirq_pending = true;
        return true;
    }
    rv_event *ev = emit(e, RV_EV_IDLE_DRAIN, cpu, -1);
    if (ev) ev->n = c->dyntick_drain;
    /* unrolled: inlined into the blip handler, the loop's counter lived on the stack (a drain step runs
     * at nearly every FAST_NO_HZ blip) */
    /* rcu_preempt, rcu_sched, rcu_bh: the order rcu_prepare_for_idle() spells them out in (v3.6
     * rcutree_plugin.h:2076-2088, v3.7 rcutree_plugin.h:1856-1867), not for_each_rcu_flavor()'s */
    static const int drain_order[RV_NFLAVORS] = {RV_PREEMPT, RV_SCHED, RV_BH};
    e->waker_idle_task = true; /* kthread_wake(): the idle task wakes the GP kthread onto its own CPU */
#pragma GCC unroll 3
    for (int k = 0; k < RV_NFLAVORS; k++) {
        const int f = drain_order[k];
        rcu_state *rsp = &e->rsp[f];
        if (!rsp->enabled || rsp->rda[cpu].qlen == 0) continue;
        rcu_qs(e, cpu, f);
        force_quiescent_state(e, rsp, false); /* 3.6: a full pass right here; 3.7: kick the kthread */
    }
    e->waker_idle_task = false;
    /* The kernel asks rcu_cpu_has_callbacks() again here; the answer is still cbs (true): callbacks
     * leave a CPU only through rcu_do_batch() (RCU_SOFTIRQ, rcuc) or hotplug's orphaning, and none
     * of what ran since (rcu_pending(), rcu_sched_qs(), force_quiescent_state(), even 3.6's FQS pass
     * with the grace-period end and start it may bring) invokes or moves a callback. */
    c->softirq_pending = true;
    return true;
}
