/* test_fidelity.c — the 3.6/3.7 differences a line-by-line reading of rcutree.c found the model got wrong (issue 9). */
#include "engine_fixtures.h"

#include <math.h>

static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* 1. rcu_init_geometry(): 3.6 returns early and keeps the compile-time NR_CPUS shape; 3.7 recomputes
 * it for nr_cpu_ids. The default follows the mode. */
Test(fidelity, tree_sized_by_nr_cpus_in_36_and_by_nr_cpu_ids_in_37)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 16, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.nr_cpus_compiled = 64;
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        cr_expect_eq(rv_tree_nodes(e), m ? 1 : 5, "%s: %d rcu_node structures for 16 CPUs of NR_CPUS=64",
                     m ? "3.7" : "3.6", rv_tree_nodes(e));
        rv_engine_free(e);
    }
}

/* GPs until a 2-CPU machine with one burst of callbacks goes quiet. */
static uint64_t gps_for_one_burst(enum rv_mode mode, int fix)
{
    rv_config cfg;
    fx_config(&cfg, 2, mode);
    if (fix >= 0) cfg.rcu.needs_gp_fix = fix;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    fx_inject(e, RV_INJ_WAKE, 0, 0, 0, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 5);
    fx_run_s(e, 2.0);
    uint64_t n = fx_flavor(e, RV_SCHED).grace_periods;
    rv_engine_free(e);
    return n;
}

/* 2. 3.7's cpu_needs_another_gp() has the "day-one" fix (3.6.11 got it in stable); 3.6 does not. */
Test(fidelity, needs_gp_fix_defaults_to_the_modes_own_predicate)
{
    uint64_t d37 = gps_for_one_burst(RV_MODE_KTHREAD, -1), fixed = gps_for_one_burst(RV_MODE_KTHREAD, 1);
    uint64_t unfixed = gps_for_one_burst(RV_MODE_KTHREAD, 0);
    cr_expect_eq(d37, fixed, "3.7 by default runs the fixed predicate (%llu vs %llu GPs)", (unsigned long long)d37,
                 (unsigned long long)fixed);
    cr_expect_gt(unfixed, fixed, "the 3.6 predicate starts a spurious GP (%llu vs %llu)", (unsigned long long)unfixed,
                 (unsigned long long)fixed);
    cr_expect_eq(gps_for_one_burst(RV_MODE_SOFTIRQ, -1), gps_for_one_burst(RV_MODE_SOFTIRQ, 0),
                 "3.6 by default runs its own predicate");
}

/* 3. rcu_note_context_switch() only calls rcu_sched_qs(): rcu_bh's quiescent states come from the
 * tick (rcu_check_callbacks() outside softirq) and from rcu_bh_qs() after each softirq handler. On a
 * CPU in the kernel, with no device interrupts, every rcu_bh QS is therefore at a tick or at a
 * softirq, however often it context-switches. */
Test(fidelity, rcu_bh_gets_no_qs_from_a_context_switch)
{
    fx_log log = {.keep = FX_BIT(RV_EV_QS) | FX_BIT(RV_EV_SOFTIRQ)};
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->user_frac = 0;
    ph->irqs_per_s = 0;
    ph->ctxsw_per_s = 20000;
    ph->call_rcu_per_s[RV_BH] = 2000;
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.5);
    size_t bh_qs = 0, off_tick = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (ev->type != RV_EV_QS || ev->flavor != RV_BH) continue;
        bh_qs++;
        bool at_tick = ev->t % 1000000 == 0, at_softirq = false;
        for (size_t j = i + 1; j < log.n && log.v[j].t == ev->t && !at_softirq; j++)
            at_softirq = log.v[j].type == RV_EV_SOFTIRQ && log.v[j].cpu == ev->cpu;
        for (size_t j = i; j-- > 0 && log.v[j].t == ev->t && !at_softirq;)
            at_softirq = log.v[j].type == RV_EV_SOFTIRQ && log.v[j].cpu == ev->cpu;
        if (!at_tick && !at_softirq) off_tick++;
    }
    cr_assert_gt(bh_qs, 50u, "rcu_bh GPs need QSs (%zu)", bh_qs);
    cr_expect_eq(off_tick, 0u, "%zu of %zu rcu_bh QSs came from neither a tick nor a softirq", off_tick, bh_qs);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 4. 3.6's rcu_start_gp_per_cpu() moves all the starting CPU's callbacks to RCU_WAIT_TAIL; 3.7's
 * does not (only __rcu_process_gp_end() and __note_new_gpnum()). */
Test(fidelity, only_36_accelerates_the_starting_cpus_callbacks)
{
    for (int m = 0; m < 2; m++) {
        enum rv_mode mode = m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
        rv_engine *e = machine(2, mode, "0", NULL);
        fx_run_s(e, 0.0105);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 4);
        unsigned long g0 = fx_flavor(e, RV_SCHED).gpnum;
        while (rv_now_ns(e) < FX_S(0.05)) {
            rv_step_event(e);
            rv_flavor_view f = fx_flavor(e, RV_SCHED);
            if (f.gpnum != g0 && f.phase != RV_GP_INIT) break;
        }
        cr_assert_neq(fx_flavor(e, RV_SCHED).gpnum, g0, "a GP started");
        rv_cpu_view c = fx_cpu(e, 0);
        if (m) cr_expect_eq(c.rdp[RV_SCHED].seg[RV_WAIT_TAIL], 0, "3.7: nothing moved to WAIT at GP start");
        else cr_expect_eq(c.rdp[RV_SCHED].seg[RV_WAIT_TAIL], 4, "3.6: all four moved to WAIT at GP start");
        rv_engine_free(e);
    }
}

/* 5. 3.7's force_quiescent_state() has no grace-period check: it sets RCU_GP_FLAG_FQS and wakes the
 * kthread regardless; while the flag stays set, later calls return at once. */
Test(fidelity, v37_force_quiescent_state_wakes_the_kthread_even_without_a_gp)
{
    fx_log log = {.keep = FX_BIT(RV_EV_KTHREAD_WAKE) | FX_BIT(RV_EV_FQS)};
    rv_engine *e = machine(2, RV_MODE_KTHREAD, NULL, &log);
    fx_run_s(e, 0.010);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_eq(f.gpnum, f.completed, "no GP");
    fx_inject(e, RV_INJ_FORCE_QS, -1, RV_SCHED, 0, 0);
    fx_inject(e, RV_INJ_FORCE_QS, -1, RV_SCHED, 0, 0);
    fx_run_s(e, 0.011);
    size_t fqs_wakes = 0;
    for (size_t i = 0; i < log.n; i++)
        fqs_wakes += log.v[i].type == RV_EV_KTHREAD_WAKE && log.v[i].flavor == RV_SCHED && log.v[i].arg == 2;
    cr_expect_eq(fqs_wakes, 1u, "one wakeup for the first call; the flag stops the second");
    cr_expect_eq(fx_count(&log, RV_EV_FQS, RV_SCHED), 0u, "no pass: the kthread waits for RCU_GP_FLAG_INIT");
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_gt(r.flavors[RV_SCHED].gp_overhead_us, 0.0, "the stray wakeup still costs a wake_up() and two switches");
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 6a. jiffies_till_first_fqs = 0 is legal in 3.7 and is not clamped to 1: jiffies_force_qs is jiffies
 * itself. But the kthread still sleeps in schedule_timeout(0), whose timer, due at once, runs from the
 * next tick's timer softirq: the snapshot pass comes at the next tick after init, not in the same
 * instant (which the engine did until a helper's kernel review) nor a tick later (the clamp). */
Test(fidelity, first_fqs_zero_snapshots_at_the_next_tick)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_GP_INIT_NODE)};
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.jiffies_till_first_fqs = 0;
    fx_add_phase(&cfg, "0", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.0105);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.030);
    long init = fx_find(&log, 0, RV_EV_GP_INIT_NODE, RV_SCHED), fqs = fx_find(&log, 0, RV_EV_FQS, RV_SCHED);
    cr_assert(init >= 0 && fqs >= 0, "a GP with an FQS pass");
    const int64_t next_tick = (log.v[init].t / 1000000 + 1) * 1000000; /* HZ 1000 */
    cr_expect_eq(log.v[fqs].t, next_tick, "snapshot at the next tick (init %lld ns, fqs %lld ns)", (long long)log.v[init].t,
                 (long long)log.v[fqs].t);
    cr_expect_eq(log.v[fqs].arg, 0, "the snapshot pass");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 6b. 3.7 keeps fqs_state in the kthread's local variable: debugfs rcuhier shows s=0 mid-GP. */
Test(fidelity, v37_rcuhier_shows_fqs_state_zero)
{
    rv_engine *e = machine(2, RV_MODE_KTHREAD, "0", NULL);
    fx_run_s(e, 0.0105);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    while (fx_flavor(e, RV_SCHED).phase != RV_GP_WAIT && rv_now_ns(e) < FX_S(0.05)) rv_step_event(e);
    cr_assert_eq(fx_flavor(e, RV_SCHED).phase, RV_GP_WAIT, "mid-GP");
    char buf[4096];
    cr_assert_gt(rv_debugfs(e, "rcuhier", buf, sizeof buf), 0);
    const char *line = strstr(buf, "rcu_sched: c=");
    cr_assert_not_null(line, "rcuhier: %s", buf);
    char first[256];
    snprintf(first, sizeof first, "%.*s", (int)strcspn(line, "\n"), line);
    cr_expect(strstr(first, " s=0 ") != NULL, "rcuhier's rcu_sched line: %s", first);
    rv_engine_free(e);
}

/* 6c. 3.6 has no FQS interval parameters. */
Test(fidelity, v36_refuses_fqs_interval_parameters)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_SOFTIRQ);
    cfg.rcu.jiffies_till_next_fqs = 5;
    char err[256];
    cr_expect_eq(rv_config_validate(&cfg, err, sizeof err), -1);
    cr_expect(strstr(err, "RCU_JIFFIES_TILL_FORCE_QS") != NULL, "%s", err);
    rv_config_free(&cfg);
}

/* Two idle CPUs in 3.7 with the default costs, 10 ms in; *before is its report then (free it). */
static rv_engine *idle_kthread_engine(rv_report *before)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    rv_costs_defaults(&cfg.costs);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    rv_report_build(e, before);
    return e;
}

/* 8. The kthread's costs are the kernel's: the waker pays its way to the flag (the fqslock funnel, one
 * trylock per level, and the root's lock) and wake_up(); a sleep/wake cycle takes two context switches,
 * half of each the kthread's and half the idle loop's it displaced (also in the callers' bucket here).
 * An explicit FQS on an idle 3.7 machine with no GP is a stray wakeup, nothing else. */
Test(fidelity, kthread_wakeup_is_paid_by_the_waker)
{
    rv_report before;
    rv_engine *e = idle_kthread_engine(&before);
    fx_inject(e, RV_INJ_FORCE_QS, 0, RV_SCHED, 0, 0); /* no GP: a stray wakeup, nothing else */
    fx_run_s(e, 0.011);
    rv_report after;
    rv_report_build(e, &after);
    rv_costs k;
    rv_costs_defaults(&k);
    double waker = after.caller_s - before.caller_s, kth = after.rcu_gp_kthreads_s - before.rcu_gp_kthreads_s;
    const double to_flag = (double)k.cache_miss_ns * rv_tree_levels(e) + (double)k.node_lock_ns;
    cr_expect(fabs(waker * 1e9 - to_flag - (double)k.wakeup_ns - (double)k.sched_switch_ns) < 1,
              "the waker pays the funnel, the root's lock and wake_up(), the idle loop half the switches: %.0f ns", waker * 1e9);
    cr_expect(fabs(kth * 1e9 - (double)k.sched_switch_ns) < 1, "the kthread pays half of its two switches: %.0f ns", kth * 1e9);
    rv_report_free(&before);
    rv_report_free(&after);
    rv_engine_free(e);
}

/* 3.7 on `cpus` busy CPUs queueing call_rcu_sched() at 10,000 a second in bursts of 5, each passing
 * through idle 10,000 times a second under RCU_FAST_NO_HZ (with fast_no_hz): drain steps all the time. */
static void draining_machine(rv_config *cfg, int cpus, bool fast_no_hz)
{
    fx_config(cfg, cpus, RV_MODE_KTHREAD);
    cfg->rcu.fast_no_hz = fast_no_hz;
    rv_phase *ph = fx_add_phase(cfg, "all", 1.0);
    ph->idle_blips_per_s = fast_no_hz ? 10000 : 0;
    ph->call_rcu_per_s[RV_SCHED] = 10000;
    ph->burst_mean = 5;
}

/* A FAST_NO_HZ drain step runs in the idle task, and its wake_up() of the GP kthread puts the kthread on
 * that idle CPU (wake-affine: select_idle_sibling() keeps an idle waker's CPU), a local try_to_wake_up()
 * priced as waking ksoftirqd/N there (local_wakeup_ns); other wakers pay the remote wakeup_ns. A
 * hardware review found every kthread wakeup priced remote although the model runs the kthread on the
 * waker's CPU: 2 us where the same drain paid 0.5 us to wake ksoftirqd/N. And one sleep/wake cycle is
 * one wakeup: a waker's wake_up() and the FQS timer's due at the same jiffy (a tick's report ending
 * the grace period as the timeout came due) were both charged. Costs move no event, so raising one
 * price by 1 us raises kthread_sched_us by 1 us per wakeup charged it. */
static rv_flavor_report drain_machine(bool fast_no_hz, int64_t add_local, int64_t add_remote)
{
    rv_config cfg;
    draining_machine(&cfg, 4, fast_no_hz);
    cfg.costs.local_wakeup_ns += add_local;
    cfg.costs.wakeup_ns += add_remote;
    rv_report r = fx_report_after(&cfg, 0.3);
    rv_config_free(&cfg);
    rv_flavor_report f = r.flavors[RV_SCHED];
    rv_report_free(&r);
    return f;
}

Test(fidelity, a_drain_step_wakes_the_kthread_onto_its_own_cpu)
{
    for (int fnh = 1; fnh >= 0; fnh--) {
        rv_flavor_report base = drain_machine(fnh, 0, 0), local = drain_machine(fnh, 1000, 0), remote = drain_machine(fnh, 0, 1000);
        cr_assert_eq(local.grace_periods, base.grace_periods, "a cost moved the run");
        cr_assert_eq(remote.kthread_wakeups, base.kthread_wakeups, "a cost moved the run");
        double n_local = local.kthread_sched_us - base.kthread_sched_us, n_remote = remote.kthread_sched_us - base.kthread_sched_us;
        cr_expect(fabs(n_local + n_remote - (double)base.kthread_wakeups) < 0.5, "every wakeup priced once: %.1f local + %.1f remote, %llu wakeups",
                  n_local, n_remote, (unsigned long long)base.kthread_wakeups);
        if (fnh) cr_expect_gt(n_local, n_remote, "FAST_NO_HZ: drain steps wake it most, on their own CPU: %.0f local, %.0f remote", n_local, n_remote);
        else cr_expect(fabs(n_local) < 0.5, "no drains, no local wakeups of the kthread: %.1f", n_local);
    }
}

/* The FQS timeout's timer is armed only when the kthread sleeps in its wait: when a forcing request
 * arrived during a multi-node init walk (or the grace period is already over), the wait's condition
 * holds and wait_event_interruptible_timeout() returns without schedule_timeout(). Each timed sleep
 * ends in a wakeup for a forcing pass, by the timer, or for the cleanup (kthread_wake's reasons 2-4), so
 * the timers charged are at most those wakeups; arming for a wait never slept in charged hundreds more
 * (this machine, 0.3 s: 24,734 timers for 24,864 such wakeups; about 330 more before). */
static void timer_machine(int64_t add_timer, rv_flavor_report *out, size_t *timed_wakes)
{
    rv_config cfg;
    draining_machine(&cfg, 64, true);
    cfg.costs.timer_ns += add_timer;
    cfg.rcu.flavors[RV_BH] = false;
    cfg.rcu.flavors[RV_PREEMPT] = false;
    fx_log log = {.keep = FX_BIT(RV_EV_KTHREAD_WAKE)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.3);
    rv_report r;
    rv_report_build(e, &r);
    *out = r.flavors[RV_SCHED];
    *timed_wakes = 0;
    for (size_t i = 0; i < log.n; i++) *timed_wakes += log.v[i].flavor == RV_SCHED && log.v[i].arg >= 2;
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(fidelity, the_fqs_timer_is_armed_only_for_a_sleep)
{
    rv_flavor_report base, dear;
    size_t timed, timed2;
    timer_machine(0, &base, &timed);
    timer_machine(1000, &dear, &timed2);
    cr_assert_eq(dear.kthread_wakeups, base.kthread_wakeups, "a cost moved the run");
    double timers = dear.kthread_sched_us - base.kthread_sched_us;
    cr_assert_gt(timed, 1000u, "forcing and cleanup wakeups: %zu", timed);
    /* at most one timer per such wakeup (a forcing request also wakes a kthread idle between grace
     * periods, an untimed sleep: 3.7's force_quiescent_state() does not check for one in progress) */
    cr_expect_leq(timers, (double)timed + 1, "%.0f timers charged for %zu wakeups that can end a timed sleep", timers, timed);
}

/* 3.7 rcu_start_gp() runs under the root rcu_node's lock, which its caller takes (__call_rcu_core()
 * here, __rcu_process_callbacks() in softirq): a CPU asking for a grace period pays that lock section
 * and the wake_up(), the kthread the rest. Was: the wake_up() alone. */
Test(fidelity, v37_gp_request_takes_the_root_lock)
{
    rv_report before;
    rv_engine *e = idle_kthread_engine(&before);
    long n = 10001; /* past qhimark (10000): __call_rcu_core() starts a grace period right away */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, n);
    rv_report after;
    rv_report_build(e, &after);
    rv_costs k;
    rv_costs_defaults(&k);
    double caller_ns = (after.caller_s - before.caller_s) * 1e9;
    /* called on an idle CPU, so also __call_rcu_core()'s invoke_rcu_core() "from an extended quiescent
     * state", whose raise_softirq() outside interrupts wakes ksoftirqd/0 (local_wakeup_ns) */
    double want = (double)(n * k.call_rcu_ns + k.node_lock_ns + k.wakeup_ns + k.local_wakeup_ns);
    cr_expect(fabs(caller_ns - want) < 1, "the caller pays call_rcu(), the root lock, wake_up() and ksoftirqd's wakeup: %.0f ns, want %.0f",
              caller_ns, want);
    rv_report_free(&before);
    rv_report_free(&after);
    rv_engine_free(e);
}

/* 10. An idle CPU is probed by FQS (a remote cache miss, in the kthread) where a busy one notices the
 * GP and reports itself (leaf-lock sections in its own softirq): on 64 CPUs the FQS work per GP and
 * its share of the GP machinery rise with the idle fraction. (The total per GP need not: an idle CPU
 * also skips its own notice-and-report sections.) */
static void per_gp(double busy, double *us, double *fqs_share)
{
    rv_config cfg;
    fx_config(&cfg, 64, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->ctxsw_per_s = 5000;
    ph->call_rcu_per_s[RV_SCHED] = 400;
    ph->burst_mean = 4;
    /* the first busy*64 CPUs work, the rest idle */
    char spec[32];
    snprintf(spec, sizeof spec, "0-%d", (int)(busy * 64) - 1);
    char err[128];
    cr_assert_eq(rv_cpuset_parse(&ph->cpus, spec, 64, err, sizeof err), 0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 2.0);
    rv_report r;
    rv_report_build(e, &r);
    *us = r.flavors[RV_SCHED].fqs_overhead_us / (double)r.flavors[RV_SCHED].grace_periods;
    *fqs_share = r.flavors[RV_SCHED].fqs_overhead_us / r.flavors[RV_SCHED].gp_overhead_us;
    rv_report_free(&r);
    rv_engine_free(e);
}

Test(fidelity, idle_cpus_make_fqs_a_larger_share_of_a_dearer_gp)
{
    double us[4], share[4];
    const double busy[4] = {1.0, 0.75, 0.5, 0.25};
    for (int i = 0; i < 4; i++) per_gp(busy[i], &us[i], &share[i]);
    for (int i = 1; i < 4; i++) {
        cr_expect_gt(share[i], share[i - 1], "FQS share at %.0f%% idle %.3f > %.3f", (1 - busy[i]) * 100, share[i], share[i - 1]);
        cr_expect_gt(us[i], us[i - 1], "FQS per GP at %.0f%% idle %.2f > %.2f us", (1 - busy[i]) * 100, us[i], us[i - 1]);
    }
}

/* "Why is it waiting?" names the FAST_NO_HZ holdoff: a CPU that used this jiffy's drain steps gets
 * no softirq from idle until its next tick. */
Test(fidelity, explain_names_the_fast_no_hz_holdoff)
{
    rv_config cfg;
    draining_machine(&cfg, 4, true);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    bool seen = false;
    char why[1024] = "";
    while (!seen && rv_now_ns(e) < FX_S(0.5)) {
        rv_step_event(e);
        for (int c = 0; c < 4 && !seen; c++) {
            rv_explain(e, RV_SCHED, c, -1, why, sizeof why);
            seen = strstr(why, "holdoff") != NULL;
        }
    }
    cr_expect(seen, "no CPU was ever explained as held off; last: %s", why);
    cr_expect(strstr(why, "next tick") != NULL, "%s", why);
    /* an absolute time, read in seconds like the top bar's clock (it said "at t=10.000 ms") */
    char at[48];
    uint64_t jiffy_ns = 1000000000ull / 1000; /* fx_config: HZ=1000 */
    snprintf(at, sizeof at, "softirq, at %.6f s,", (double)((uint64_t)rv_now_ns(e) / jiffy_ns + 1) * (double)jiffy_ns / 1e9);
    cr_expect(strstr(why, at) != NULL, "wants \"%s\": %s", at, why);
    cr_expect(strstr(why, " ms.") == NULL, "%s", why);
    cr_expect(strstr(why, "unless an FQS pass credits it first") != NULL, "%s", why);
    rv_engine_free(e);
}

/* ...and that "unless" happens: a held-off CPU raises no softirq from idle, but each trip through idle
 * still moves its dynticks counter (rcu_eqs_enter_common()), so an FQS pass another CPU's drain kicks
 * can credit it (dti) before its next tick. A maintainer's review found the panel and fast-no-hz's
 * captions saying such a CPU simply waits for its tick, while the simulation credited it first most
 * of the time. */
Test(fidelity, a_held_off_cpu_is_often_credited_by_fqs_before_its_tick)
{
    rv_config cfg;
    draining_machine(&cfg, 4, true);
    fx_log log = {.keep = FX_BIT(RV_EV_FQS_CREDIT)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    const int64_t jiffy = FX_S(0.001);
    int64_t held_until[4] = {0, 0, 0, 0}; /* the next tick of a CPU seen held off, or 0 */
    unsigned long long held = 0, credited = 0;
    char why[1024];
    size_t seen = 0;
    while (rv_now_ns(e) < FX_S(0.5)) {
        rv_step_event(e); /* a sink has every event of the step when it returns */
        for (; seen < log.n; seen++) {
            const rv_event *ev = &log.v[seen];
            if (ev->flavor != RV_SCHED || ev->cpu < 0 || ev->cpu >= 4) continue;
            if (held_until[ev->cpu] && ev->t < held_until[ev->cpu] && ev->arg == 0) credited++;
            held_until[ev->cpu] = 0;
        }
        for (int c = 0; c < 4; c++) {
            if (held_until[c] && rv_now_ns(e) >= held_until[c]) held_until[c] = 0;
            if (held_until[c]) continue;
            rv_explain(e, RV_SCHED, c, -1, why, sizeof why);
            if (strstr(why, "holdoff")) { held_until[c] = (rv_now_ns(e) / jiffy + 1) * jiffy; held++; }
        }
    }
    cr_expect_gt(held, 20, "CPUs seen held off: %llu", held);
    cr_expect_gt(credited, held / 10, "of %llu held-off CPUs, %llu were credited dti before their next tick", held, credited);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 6c. 3.7's FQS loop sets jiffies_force_qs at the top of every round, the round after a pass that
 * cleared the root included (v3.7 rcutree.c:1352; its wait then returns at once and the loop breaks
 * for the cleanup): debugfs rcuhier's jfq= then reads jiffies_till_next_fqs ahead, not the deadline
 * that had run out. And rcu_gp_cleanup() takes max= before its walk (v3.7 rcutree.c:1277-1279). */
Test(fidelity, v37_jfq_is_rearmed_by_the_round_that_finds_the_root_clear)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_GP_END)};
    /* CPUs 2-3 idle: the snapshot pass credits them and clears the root */
    rv_engine *e = fx_stream_engine(4, RV_MODE_KTHREAD, "0-1", 1.0, 0, &log);
    fx_run_s(e, 0.0105);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1); /* one callback: its GPs, then quiet */
    bool found = false; /* the last GP ended by a pass, no GP after it: jfq as that round left it */
    for (int i = 0; i < 200000 && !found && rv_now_ns(e) < FX_S(0.2); i++) {
        size_t mark = log.n;
        rv_step_event(e);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        for (size_t k = mark; k < log.n && f.gpnum == f.completed; k++)
            if (fx_match(&log.v[k], RV_EV_GP_END, RV_SCHED))
                for (size_t j = k; j-- > 0 && log.v[j].t == log.v[k].t;)
                    if (fx_match(&log.v[j], RV_EV_FQS, RV_SCHED) && log.v[j].gp == log.v[k].gp) found = true;
    }
    cr_assert(found, "no rcu_sched GP ended in the kthread's own pass with none after it");
    char buf[4096];
    cr_assert_gt(rv_debugfs(e, "rcuhier", buf, sizeof buf), 0);
    const char *line = strstr(buf, "rcu_sched: c=");
    cr_assert_not_null(line, "rcuhier: %s", buf);
    const char *jfq = strstr(line, "jfq=");
    cr_assert_not_null(jfq);
    cr_expect_eq(atoi(jfq + 4), 3, "jfq= %d just after the pass that ended the GP, wanted jiffies_till_next_fqs (3): %.*s",
                 atoi(jfq + 4), (int)strcspn(line, "\n"), line);
    rv_engine_free(e);
    fx_log_free(&log);
}
