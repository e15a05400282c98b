/* test_fast_no_hz.c — RCU_FAST_NO_HZ: the idle-entry drain state machine, its holdoff, its FQS kicks, its timer, and idle blips. */
#include "engine_fixtures.h"

/* Two CPUs, no workload (idle from boot, NO_HZ), HZ 1000. */
static rv_engine *pair(enum rv_mode mode, bool fast, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 2, mode);
    cfg.rcu.no_hz = true;
    cfg.rcu.fast_no_hz = fast;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* CPU 0 wakes, queues `n` callbacks and goes idle again, all at time `at_s`. */
static void queue_then_idle(rv_engine *e, double at_s, long n)
{
    fx_run_s(e, at_s);
    fx_inject(e, RV_INJ_WAKE, 0, 0, 0, 0);
    if (n > 0) fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, n);
    fx_inject(e, RV_INJ_IDLE, 0, 0, 0, 0);
}

static size_t drains_on(const fx_log *log, size_t from, int cpu, long *first_n)
{
    size_t k = 0;
    for (size_t i = from; i < log->n; i++) {
        if (log->v[i].type != RV_EV_IDLE_DRAIN || log->v[i].cpu != cpu) continue;
        if (k++ == 0 && first_n) *first_n = (long)log->v[i].n;
    }
    return k;
}

Test(fast_no_hz, idle_entry_with_callbacks_drains_then_sleeps_without_tick)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_DRAIN) | FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_GP_END)};
    rv_engine *e = pair(RV_MODE_KTHREAD, true, &log);
    queue_then_idle(e, 0.010, 5);
    long first = -1;
    size_t n = drains_on(&log, 0, 0, &first);
    cr_assert_geq(n, 2, "entering idle with callbacks runs several drain attempts (got %zu)", n);
    cr_expect_leq(n, 5, "never more than RCU_IDLE_FLUSHES attempts (got %zu)", n);
    cr_expect_eq(first, 5, "the first attempt starts the counter at RCU_IDLE_FLUSHES");
    /* the first sequence may give up (a GP is still needed) and keep the tick for that jiffy; once
     * the CPU has nothing to report it sleeps with its callbacks, tick stopped */
    bool slept_with_callbacks = false;
    for (int j = 0; j < 20 && !slept_with_callbacks; j++) {
        rv_cpu_view c = fx_cpu(e, 0);
        slept_with_callbacks = c.state == RV_CPU_IDLE_NOHZ && !c.tick_running && c.rdp[RV_SCHED].qlen > 0;
        rv_step_jiffy(e);
    }
    cr_expect(slept_with_callbacks, "FAST_NO_HZ lets an idle CPU holding callbacks stop its tick");
    /* the idle_gp_timer and the GP machinery still get the callbacks invoked */
    cr_assert(fx_run_until_quiet(e, RV_SCHED, 1.0), "the callbacks are invoked within a second");
    cr_expect_eq(fx_sum_n(&log, RV_EV_CB_INVOKE, RV_SCHED), 5);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fast_no_hz, without_it_an_idle_cpu_keeps_its_tick_while_holding_callbacks)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_DRAIN)};
    rv_engine *e = pair(RV_MODE_KTHREAD, false, &log);
    queue_then_idle(e, 0.010, 5);
    cr_expect_eq(fx_count(&log, RV_EV_IDLE_DRAIN, -1), 0, "no drain without RCU_FAST_NO_HZ");
    cr_expect(fx_cpu(e, 0).tick_running, "rcu_needs_cpu() keeps the tick while callbacks wait");
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fast_no_hz, no_callbacks_no_drain)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_DRAIN)};
    rv_engine *e = pair(RV_MODE_KTHREAD, true, &log);
    queue_then_idle(e, 0.010, 0);
    cr_expect_eq(fx_count(&log, RV_EV_IDLE_DRAIN, -1), 0);
    cr_expect(!fx_cpu(e, 0).tick_running, "nothing queued: the tick stops as usual");
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fast_no_hz, holdoff_allows_one_drain_per_jiffy)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_DRAIN)};
    rv_engine *e = pair(RV_MODE_KTHREAD, true, &log);
    queue_then_idle(e, 0.0102, 1000); /* plenty: they cannot all be gone by the next entry */
    size_t first = drains_on(&log, 0, 0, NULL);
    cr_assert_gt(first, 0);
    size_t mark = log.n;
    queue_then_idle(e, 0.0104, 1); /* same jiffy (10): holdoff */
    cr_expect_eq(drains_on(&log, mark, 0, NULL), 0, "a second idle entry in the same jiffy does not drain");
    mark = log.n;
    queue_then_idle(e, 0.0115, 1); /* next jiffy */
    cr_expect_gt(drains_on(&log, mark, 0, NULL), 0, "the holdoff ends with the jiffy");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A burst queued on a CPU that stays idle (call_rcu() from an interrupt, or a scripted burst): the call
 * restarts its tick, ksoftirqd/N runs the softirq it raised, and the CPU goes back to the idle loop,
 * whose rcu_idle_enter() runs rcu_prepare_for_idle() again: a drain, then a holdoff that keeps the tick
 * or idle_gp_timer. The engine skipped that re-entry, stopped the tick with neither, and the callbacks
 * were never invoked (helper's kernel review: ql=0/2000 and ci=0 a second later). */
static void idle_burst_is_invoked(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_SOFTIRQ) | FX_BIT(RV_EV_QS)};
    rv_config cfg;
    fx_config(&cfg, 2, mode);
    cfg.rcu.no_hz = cfg.rcu.fast_no_hz = true;
    for (int f = 0; f < RV_NFLAVORS; f++) cfg.rcu.flavors[f] = f == RV_SCHED; /* as the callbacks scenario */
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.1005); /* between ticks: ksoftirqd/1, woken by the call, runs before the next tick */
    cr_assert_eq(fx_cpu(e, 1).state, RV_CPU_IDLE_NOHZ);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 2000);
    fx_run_s(e, 1.100);
    cr_expect_eq(fx_cpu(e, 1).rdp[RV_SCHED].qlen, 0, "%s: %ld callbacks still queued a second later", rv_mode_name(mode),
                 fx_cpu(e, 1).rdp[RV_SCHED].qlen);
    cr_expect_eq(fx_cpu(e, 1).state, RV_CPU_IDLE_NOHZ, "%s: and the CPU sleeps again, its tick stopped", rv_mode_name(mode));
    /* 3.6 on this idle box: the drain's own FQS pass ends the grace period at once, and ksoftirqd/1
     * invokes them in the same drain, blimit a pass (it is not the idle task). */
    if (mode == RV_MODE_SOFTIRQ) { rv_engine_free(e); fx_log_free(&log); return; }
    /* 3.7: the drain's steps leave the CPU asleep behind idle_gp_timer. What wakes it is the tick
     * rcu_needs_cpu() programmed for that jiffy: its rcu_check_callbacks() raises RCU_SOFTIRQ, which
     * runs at irq_exit() in the idle task, where rcu_do_batch() is not held to blimit: the 2000 run in
     * one batch. (The engine had the timer's handler drain first and hand them to ksoftirqd/1, ten a
     * pass, 200 passes; helper's kernel review.) */
    long inv = -1;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_CB_INVOKE, RV_SCHED) && log.v[i].cpu == 1 && log.v[i].n == 2000) inv = (long)i;
    cr_assert(inv >= 0, "%s: the burst was not invoked in one batch", rv_mode_name(mode));
    long sirq = -1; /* the softirq run that invoked it: the next one logged on CPU 1 */
    for (size_t i = (size_t)inv + 1; i < log.n && sirq < 0; i++)
        if (log.v[i].type == RV_EV_SOFTIRQ && log.v[i].cpu == 1) sirq = (long)i;
    cr_assert(sirq >= 0);
    cr_expect_eq(log.v[sirq].arg, 0, "%s: run at irq exit, not by ksoftirqd/1", rv_mode_name(mode));
    cr_expect_eq(log.v[sirq].t % 1000000, 0, "%s: at a tick", rv_mode_name(mode));
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fast_no_hz, a_burst_queued_on_an_idle_cpu_is_invoked_kthread) { idle_burst_is_invoked(RV_MODE_KTHREAD); }
Test(fast_no_hz, a_burst_queued_on_an_idle_cpu_is_invoked_softirq) { idle_burst_is_invoked(RV_MODE_SOFTIRQ); }

static bool gp_running(const rv_engine *e)
{
    rv_flavor_view v = fx_flavor(e, RV_SCHED);
    return v.gpnum != v.completed;
}

/* CPU 1 busy (it owes the grace period a QS), CPU 0 drains while a GP is in progress. */
static rv_engine *drain_during_gp(enum rv_mode mode, fx_log *log, int64_t *drain_t)
{
    rv_config cfg;
    fx_config(&cfg, 2, mode);
    cfg.rcu.fast_no_hz = true;
    cfg.rcu.needs_gp_fix = true;
    rv_phase *ph = fx_add_phase(&cfg, "1", 1.0);
    ph->user_frac = 0;     /* in the kernel: its ticks are no QS */
    ph->ctxsw_per_s = 1;   /* and it hardly ever switches */
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    fx_inject(e, RV_INJ_WAKE, 0, 0, 0, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 3);
    for (int i = 0; i < 200 && !gp_running(e); i++) rv_step_jiffy(e);
    cr_assert(gp_running(e), "a grace period started for the callbacks");
    rv_step_jiffy(e); /* past the 3.7 init walk */
    *drain_t = rv_now_ns(e);
    fx_inject(e, RV_INJ_WAKE, 0, 0, 0, 0); /* busy again (its wakeup may have run its course), then idle */
    fx_inject(e, RV_INJ_IDLE, 0, 0, 0, 0);
    return e;
}

static size_t count_at(const fx_log *log, int64_t t, int type, int arg)
{
    size_t k = 0;
    for (size_t i = 0; i < log->n; i++)
        if (log->v[i].t == t && log->v[i].type == type && (arg < 0 || log->v[i].arg == arg)) k++;
    return k;
}

Test(fast_no_hz, v36_drain_forces_quiescent_states_inline)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_DRAIN) | FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_KTHREAD_WAKE)};
    int64_t t;
    rv_engine *e = drain_during_gp(RV_MODE_SOFTIRQ, &log, &t);
    size_t drains = count_at(&log, t, RV_EV_IDLE_DRAIN, -1);
    cr_assert_geq(drains, 2);
    cr_expect_geq(count_at(&log, t, RV_EV_FQS, -1), 2, "3.6: force_quiescent_state(rsp, 0) scans from the idle task at once, attempt after attempt");
    cr_expect_eq(count_at(&log, t, RV_EV_KTHREAD_WAKE, -1), 0, "no GP kthread in 3.6");
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fast_no_hz, v37_drain_kicks_the_kthread_once)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_DRAIN) | FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_KTHREAD_WAKE)};
    int64_t t;
    rv_engine *e = drain_during_gp(RV_MODE_KTHREAD, &log, &t);
    cr_assert_geq(count_at(&log, t, RV_EV_IDLE_DRAIN, -1), 2);
    cr_expect_eq(count_at(&log, t, RV_EV_FQS, -1), 0, "3.7: the idle task only sets RCU_GP_FLAG_FQS");
    cr_expect_eq(count_at(&log, t, RV_EV_KTHREAD_WAKE, 2), 1, "repeated attempts coalesce into one FQS wakeup");
    size_t mark = log.n;
    fx_run_s(e, (double)t / 1e9 + 0.001);
    cr_expect_gt(fx_count_from(&log, mark, RV_EV_FQS, RV_SCHED), 0, "the kthread then runs the FQS pass");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* Busy CPUs that blip through idle: with FAST_NO_HZ each blip is one drain step that reports the
 * CPU's QS, kicks FQS and runs the softirq, so grace periods complete faster than the two-tick path
 * allows; the holdoff (at most five steps per CPU per jiffy, and a GP needs a step to notice it and a
 * later one to report) keeps them to a few per jiffy. */
static uint64_t gps_with(bool fast, double blips)
{
    rv_config cfg;
    fx_config(&cfg, 8, RV_MODE_KTHREAD);
    cfg.rcu.fast_no_hz = fast;
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->user_frac = 0.3;
    ph->ctxsw_per_s = 20000;
    ph->call_rcu_per_s[RV_SCHED] = 10000;
    ph->burst_mean = 5;
    ph->idle_blips_per_s = blips;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 2.0);
    uint64_t n = fx_flavor(e, RV_SCHED).grace_periods;
    rv_engine_free(e);
    return n;
}

Test(fast_no_hz, blips_speed_grace_periods_up_to_about_one_per_jiffy)
{
    uint64_t plain = gps_with(false, 10000), fast = gps_with(true, 10000), still = gps_with(true, 0);
    cr_expect_leq(plain, 1000, "without FAST_NO_HZ at most one GP per two jiffies (got %llu in 2 s)", (unsigned long long)plain);
    cr_expect_lt(still * 3, fast * 2, "blips are what drive it: %llu without blips vs %llu with", (unsigned long long)still, (unsigned long long)fast);
    cr_expect_gt(fast, plain * 3 / 2, "drains speed GPs up: %llu vs %llu", (unsigned long long)fast, (unsigned long long)plain);
    cr_expect_leq(fast, 5000, "the holdoff caps it at a few per jiffy: %llu GPs in 2000 jiffies", (unsigned long long)fast);
}

Test(fast_no_hz, blips_only_move_dynticks_without_fast_no_hz)
{
    /* without FAST_NO_HZ a blip is only seen by an FQS pass: the GP count stays tick-bound */
    uint64_t none = gps_with(false, 0), blips = gps_with(false, 10000);
    cr_expect_leq(blips, 1000);
    cr_expect_leq(none, 1000);
}

/* The shipped hackbench for 3 s of 3.7: a CPU takes at most one tick a jiffy, so at most one
 * RCU_SOFTIRQ run at irq exit per CPU and tick instant. An idle_gp_timer due at a jiffy on a CPU whose
 * tick was running (restarted since the timer was posted, or kept by a holdoff) came after that jiffy's
 * tick and ran a second one; in the kernel that tick's irq_enter() had already deleted the timer
 * (rcu_cleanup_after_idle()). The engine did so 14 times in these 3 s. (Not checked in 3.6 mode: there
 * a device interrupt's irq exit falls on a tick's nanosecond twice in these 3 s, a legitimate second
 * run that this count cannot tell from a second tick.) */
static void one_tick_per_jiffy(enum rv_mode mode)
{
    rv_config cfg;
    fx_load_shipped("hackbench", &cfg);
    cfg.rcu.mode = mode;
    cfg.duration_s = 3;
    fx_log log = {.keep = FX_BIT(RV_EV_SOFTIRQ)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 3.0);
    size_t doubles = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *a = &log.v[i];
        if (a->arg != 0 || a->t % 1000000 != 0) continue; /* at irq exit, at a tick instant (HZ 1000) */
        for (size_t j = i + 1; j < log.n && log.v[j].t == a->t; j++)
            doubles += log.v[j].arg == 0 && log.v[j].cpu == a->cpu;
    }
    cr_expect_eq(doubles, 0u, "%s: %zu CPUs ran RCU_SOFTIRQ at two irq exits of one tick instant", rv_mode_name(mode), doubles);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fast_no_hz, a_cpu_takes_one_tick_a_jiffy_kthread) { one_tick_per_jiffy(RV_MODE_KTHREAD); }
