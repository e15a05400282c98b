/* test_dyntick_fqs.c — dyntick-idle counters and force-quiescent-state passes: snapshot then check; "snap" for CPUs the first pass finds idle, "dti" for idle CPUs later passes find, "ofl" for offline ones. */
#include "engine_fixtures.h"

#include <limits.h>

/* cpus CPUs, only those in `busy` run (the rest idle with NO_HZ from boot). */
static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* One rcu_sched GP for a burst on CPU 0; returns the report. */
static rv_report one_gp(int cpus, enum rv_mode mode, fx_log *log)
{
    rv_engine *e = machine(cpus, mode, "0", log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 3);
    fx_run_s(e, 0.100);
    rv_report r;
    rv_report_build(e, &r);
    cr_assert_geq(r.flavors[RV_SCHED].grace_periods, 1u);
    for (int c = 1; c < cpus; c++) {
        rv_cpu_view v = fx_cpu(e, c);
        cr_expect_eq(v.state, RV_CPU_IDLE_NOHZ, "cpu %d dyntick-idle", c);
        /* the GP's first pass, dyntick_save_progress_counter(), credits them: no trace, no dynticks_fqs++ */
        cr_expect_eq(v.rdp[RV_SCHED].dynticks_fqs, 0ul, "cpu %d: df= counts only later passes' \"dti\"", c);
    }
    rv_engine_free(e);
    return r;
}

static void idle_cpus_credited(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_QS_REPORT)};
    rv_report small = one_gp(8, mode, &log);
    size_t dti = 0;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED)) {
            cr_expect_eq(log.v[i].arg, 2, "CPUs idle since before the GP are credited by its first pass: \"snap\"");
            cr_expect_neq(log.v[i].cpu, 0, "the busy CPU reports for itself");
            dti++;
        }
    cr_expect_eq(dti, 7u * small.flavors[RV_SCHED].grace_periods, "each of the 7 idle CPUs credited once per GP: %zu credits, %lu GPs", dti, (unsigned long)small.flavors[RV_SCHED].grace_periods);
    fx_log_free(&log);
    rv_report big = one_gp(32, mode, NULL);
    cr_expect_geq(small.flavors[RV_SCHED].idle_probes, 7u);
    cr_expect_geq(big.flavors[RV_SCHED].idle_probes, small.flavors[RV_SCHED].idle_probes + 24,
                  "probes grow with idle CPUs: %lu for 7 idle, %lu for 31",
                  (unsigned long)small.flavors[RV_SCHED].idle_probes, (unsigned long)big.flavors[RV_SCHED].idle_probes);
    cr_expect_geq(big.flavors[RV_SCHED].fqs_scans, 1u);
    rv_report_free(&small);
    rv_report_free(&big);
}

Test(dyntick_fqs, idle_cpus_credited_at_the_snapshot_kthread) { idle_cpus_credited(RV_MODE_KTHREAD); }
Test(dyntick_fqs, idle_cpus_credited_at_the_snapshot_softirq) { idle_cpus_credited(RV_MODE_SOFTIRQ); }

/* CPUs that come and go from idle get both kinds of idle credit, and rcudata's df= (dynticks_fqs)
 * counts exactly the "dti" ones: the kernel's rcu_implicit_dynticks_qs() traces "dti" and does
 * dynticks_fqs++, its dyntick_save_progress_counter() (a GP's first pass) does neither. The engine
 * counted snapshot credits as "dti" in df= too (maintainer review). */
static void df_counts_only_dti(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS_CREDIT)};
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.rcu.no_hz = true;
    rv_phase *ph = fx_add_phase(&cfg, "0-3", 0.5); /* busy half the time, in 20 ms stretches */
    ph->call_rcu_per_s[RV_SCHED] = 300; /* grace periods all along */
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 10.0); /* long enough that some CPU goes idle between a GP's passes on any seed */
    unsigned long dti[4] = {0}, snap = 0, dti_all = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (!fx_match(ev, RV_EV_FQS_CREDIT, RV_SCHED) || ev->cpu < 0 || ev->cpu >= 4) continue;
        if (ev->arg == 0) { dti[ev->cpu]++; dti_all++; }
        if (ev->arg == 2) snap++;
    }
    cr_assert_gt(snap, 0ul, "%s: some CPUs idle at a GP's first pass", rv_mode_name(mode));
    cr_assert_gt(dti_all, 0ul, "%s: some CPUs went idle after it", rv_mode_name(mode));
    for (int c = 0; c < 4; c++)
        cr_expect_eq(fx_cpu(e, c).rdp[RV_SCHED].dynticks_fqs, dti[c], "%s: cpu %d df=%lu, %lu \"dti\" credits",
                     rv_mode_name(mode), c, fx_cpu(e, c).rdp[RV_SCHED].dynticks_fqs, dti[c]);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(dyntick_fqs, df_counts_only_dti_kthread) { df_counts_only_dti(RV_MODE_KTHREAD); }
Test(dyntick_fqs, df_counts_only_dti_softirq) { df_counts_only_dti(RV_MODE_SOFTIRQ); }

/* A long rcu_sched reader on busy CPU 1 holds the GP: FQS runs repeatedly, the first pass of each
 * GP snapshots (arg 0) and every later pass checks (arg 1). */
static void snapshot_then_check(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END)};
    rv_engine *e = machine(8, mode, "0-1", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.030, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 3);
    fx_run_s(e, 0.100);
    int gps = 0, checks = 0;
    uint64_t gp = 0;
    bool first = false;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (ev->flavor != RV_SCHED) continue;
        if (ev->type == RV_EV_GP_START) { gp = ev->gp; first = true; gps++; continue; }
        if (ev->type != RV_EV_FQS || ev->gp != gp) continue;
        cr_expect_eq(ev->arg, first ? 0 : 1, "GP %lu: %s pass expected", (unsigned long)gp, first ? "snapshot" : "check");
        if (!first) checks++;
        first = false;
    }
    cr_expect_geq(gps, 1);
    cr_expect_geq(checks, 3, "a 30 ms reader keeps FQS checking (every 3 jiffies)");
    rv_flavor_view v = fx_flavor(e, RV_SCHED);
    cr_expect_eq(v.gpnum, v.completed, "the GP ended after the reader");
    cr_expect_geq(v.n_force_qs, (uint64_t)checks);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(dyntick_fqs, first_pass_snapshots_then_checks_kthread) { snapshot_then_check(RV_MODE_KTHREAD); }
Test(dyntick_fqs, first_pass_snapshots_then_checks_softirq) { snapshot_then_check(RV_MODE_SOFTIRQ); }

/* A CPU that goes offline after the GP began keeps its qsmask bit until an FQS check pass sees
 * it offline, and that needs the GP to be more than 2 jiffies old. FQS every jiffy here. */
Test(dyntick_fqs, offline_cpu_credited_ofl_after_two_jiffies)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END)};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.rcu.jiffies_till_first_fqs = 1;
    cfg.rcu.jiffies_till_next_fqs = 1;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.0055);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
    cr_assert(rv_step_gp_phase(e, RV_SCHED, FX_S(1)));
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed, "a GP is running");
    cr_assert(fx_cpu(e, 3).rdp[RV_SCHED].qs_owed, "CPU 3 owes the new GP");
    uint64_t gp_jiffy = (uint64_t)(f.gp_start_ns / (FX_NS_PER_S / 1000));
    fx_inject(e, RV_INJ_OFFLINE, 3, 0, 0, 0);
    cr_expect(fx_node(e, RV_SCHED, 0).qsmask & 0x8ul, "bit stays in qsmask");
    cr_expect_eq(fx_node(e, RV_SCHED, 0).qsmaskinit & 0x8ul, 0ul, "but leaves qsmaskinit");
    char why[512];
    rv_explain(e, RV_SCHED, 3, -1, why, sizeof why);
    cr_expect(strstr(why, "offline") != NULL, "explain: %s", why);
    fx_run_s(e, 0.050);
    long ofl = -1;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED) && log.v[i].cpu == 3) { ofl = (long)i; break; }
    cr_assert(ofl >= 0, "CPU 3 never credited");
    cr_expect_eq(log.v[ofl].arg, 1, "credited as \"ofl\"");
    cr_expect_eq(log.v[ofl].gp, f.gpnum);
    uint64_t j = (uint64_t)(log.v[ofl].t / (FX_NS_PER_S / 1000));
    cr_expect_eq(j, gp_jiffy + 3, "ofl at the first FQS with gp_start + 2 < jiffies (GP began at jiffy %lu, credit at %lu)",
                 (unsigned long)gp_jiffy, (unsigned long)j);
    /* there were passes before that did not credit it */
    size_t passes_before = 0;
    for (long i = 0; i < ofl; i++)
        if (fx_match(&log.v[i], RV_EV_FQS, RV_SCHED) && log.v[i].gp == f.gpnum) passes_before++;
    cr_expect_geq(passes_before, 1u, "an earlier pass left the offline CPU alone");
    cr_expect_eq(fx_cpu(e, 3).rdp[RV_SCHED].offline_fqs, 1ul);
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.flavors[RV_SCHED].offline_credits, 1u);
    rv_report_free(&r);
    f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f.completed, "the GP then ended");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* Four busy CPUs that never report for themselves (no user time at the tick, no context switch): only
 * FQS can credit them. The first pass of the GP snapshots them; after it a pass visits only the CPUs
 * whose counters may have moved since (leaf_dirty in gp.c). 3.7 forces every jiffy, 3.6 every 3. A
 * kernel without rcu_preempt is a !PREEMPT one (TREE_RCU), so 3.6's set_need_resched() nudge waits for
 * a preemption point these CPUs never reach. */
static rv_engine *silent_busy_machine(enum rv_mode mode, fx_log *log, double idle_blips_per_s)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.rcu.flavors[RV_PREEMPT] = false;
    if (mode == RV_MODE_KTHREAD) {
        cfg.rcu.jiffies_till_first_fqs = 1;
        cfg.rcu.jiffies_till_next_fqs = 1;
    }
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->user_frac = 0;
    ph->ctxsw_per_s = 0;
    ph->idle_blips_per_s = idle_blips_per_s;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* Step until the GP's snapshot pass has run; returns the GP number. */
static unsigned long run_past_snapshot(rv_engine *e, fx_log *log)
{
    fx_run_s(e, 0.0055);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
    cr_assert(rv_step_gp_phase(e, RV_SCHED, FX_S(1)));
    unsigned long gp = fx_flavor(e, RV_SCHED).gpnum;
    for (int i = 0; i < 100; i++) {
        for (size_t k = 0; k < log->n; k++)
            if (fx_match(&log->v[k], RV_EV_FQS, RV_SCHED) && log->v[k].gp == gp) {
                cr_assert_eq(log->v[k].arg, 0, "the GP's first pass snapshots");
                return gp;
            }
        fx_run_s(e, (double)rv_now_ns(e) / FX_NS_PER_S + 0.0001);
    }
    cr_assert_fail("no FQS pass for GP %lu", gp);
    return 0;
}

/* A running CPU taken offline after the snapshot pass has an unchanged counter; the pass must still
 * visit it (and credit it "ofl" once the GP is over two jiffies old), or the GP never ends. */
static void offlined_after_snapshot(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_FQS_CREDIT)};
    rv_engine *e = silent_busy_machine(mode, &log, 0);
    unsigned long gp = run_past_snapshot(e, &log);
    cr_assert(fx_cpu(e, 3).rdp[RV_SCHED].qs_owed, "CPU 3 still owes GP %lu after the snapshot", gp);
    fx_inject(e, RV_INJ_OFFLINE, 3, 0, 0, 0);
    fx_run_s(e, (double)rv_now_ns(e) / FX_NS_PER_S + 0.020);
    long ofl = -1;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED) && log.v[i].cpu == 3 && log.v[i].gp == gp) ofl = (long)i;
    cr_assert(ofl >= 0, "CPU 3 never credited in GP %lu", gp);
    cr_expect_eq(log.v[ofl].arg, 1, "credited as \"ofl\"");
    rv_engine_free(e);
    fx_log_free(&log);
}
Test(dyntick_fqs, cpu_offlined_after_the_snapshot_is_still_credited_ofl_kthread) { offlined_after_snapshot(RV_MODE_KTHREAD); }
Test(dyntick_fqs, cpu_offlined_after_the_snapshot_is_still_credited_ofl_softirq) { offlined_after_snapshot(RV_MODE_SOFTIRQ); }

/* Without RCU_FAST_NO_HZ a busy CPU's idle blips are counted lazily, at an FQS probe: the passes after
 * the snapshot must keep visiting such CPUs, which end the GP through those counts ("dti"). */
static void lazy_blips_end_the_gp(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_FQS_CREDIT)};
    rv_engine *e = silent_busy_machine(mode, &log, 2000);
    unsigned long gp = run_past_snapshot(e, &log);
    fx_run_s(e, (double)rv_now_ns(e) / FX_NS_PER_S + 0.020);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_neq(f.completed, gp - 1, "GP %lu ended", gp);
    size_t credits = 0;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED) && log.v[i].gp == gp) {
            cr_expect_eq(log.v[i].arg, 0, "a blip credit is \"dti\"");
            credits++;
        }
    cr_expect_geq(credits, 3u, "the busy CPUs were credited by FQS (%zu credits)", credits);
    rv_engine_free(e);
    fx_log_free(&log);
}
Test(dyntick_fqs, lazy_blips_counted_at_later_passes_end_the_gp_kthread) { lazy_blips_end_the_gp(RV_MODE_KTHREAD); }
Test(dyntick_fqs, lazy_blips_counted_at_later_passes_end_the_gp_softirq) { lazy_blips_end_the_gp(RV_MODE_SOFTIRQ); }

/* even = RCU-idle, odd = not; every transition moves the counter by one. */
Test(dyntick_fqs, dynticks_parity_follows_idle)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0", NULL);
    fx_run_s(e, 0.003);
    rv_cpu_view busy = fx_cpu(e, 0), idle = fx_cpu(e, 2);
    cr_expect_eq(busy.dynticks & 1, 1ul, "busy CPU: odd");
    cr_expect_eq(idle.dynticks & 1, 0ul, "idle CPU: even");
    cr_expect_eq(idle.state, RV_CPU_IDLE_NOHZ);
    cr_expect_not(idle.tick_running, "NO_HZ: no tick while idle without callbacks");
    fx_inject(e, RV_INJ_WAKE, 2, 0, 0, 0);
    rv_cpu_view woke = fx_cpu(e, 2);
    cr_expect_eq(woke.dynticks & 1, 1ul, "woken: odd");
    cr_expect_eq(woke.dynticks, idle.dynticks + 1);
    cr_expect(woke.tick_running);
    fx_inject(e, RV_INJ_IDLE, 2, 0, 0, 0);
    rv_cpu_view back = fx_cpu(e, 2);
    cr_expect_eq(back.dynticks & 1, 0ul, "idle again: even");
    cr_expect_eq(back.dynticks, idle.dynticks + 2);
    fx_run_s(e, 0.050);
    cr_expect_eq(fx_cpu(e, 2).dynticks & 1, 0ul, "stays even while idle");
    cr_expect_eq(fx_cpu(e, 0).dynticks & 1, 1ul);
    rv_engine_free(e);
}

/* An idle CPU that keeps its tick (callbacks queued) is still RCU-idle between ticks. */
Test(dyntick_fqs, idle_cpu_with_callbacks_keeps_tick_and_even_counter)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0", NULL);
    fx_run_s(e, 0.003);
    fx_inject(e, RV_INJ_LONG_READER, 0, RV_SCHED, 0.020, 0); /* hold the GP so the callback waits */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 1);
    fx_run_s(e, 0.0105);
    rv_cpu_view v = fx_cpu(e, 2);
    cr_expect_gt(v.rdp[RV_SCHED].qlen, 0);
    cr_expect_eq(v.state, RV_CPU_IDLE_TICK, "rcu_needs_cpu(): tick kept for callbacks");
    cr_expect_eq(v.dynticks & 1, 0ul, "between ticks the counter is even");
    fx_run_s(e, 0.100);
    v = fx_cpu(e, 2);
    cr_expect_eq(v.rdp[RV_SCHED].qlen, 0);
    cr_expect_eq(v.state, RV_CPU_IDLE_NOHZ, "callbacks done: tick stops");
    rv_engine_free(e);
}

/* Without NO_HZ idle CPUs take ticks; the tick from idle is a QS, so FQS has nothing to credit. */
Test(dyntick_fqs, no_hz_off_idle_cpus_report_from_their_ticks)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_QS_REPORT)};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    cfg.rcu.no_hz = false;
    fx_add_phase(&cfg, "0", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.003);
    cr_expect_eq(fx_cpu(e, 3).state, RV_CPU_IDLE_TICK);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
    fx_run_s(e, 0.050);
    cr_expect_geq(fx_flavor(e, RV_SCHED).completed, 1ul);
    bool self_report[4] = {false};
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_QS_REPORT, RV_SCHED) && log.v[i].cpu >= 0 && log.v[i].cpu < 4 &&
            __builtin_popcountl(log.v[i].mask) == 1 && log.v[i].mask == 1ul << log.v[i].cpu)
            self_report[log.v[i].cpu] = true;
    cr_expect(self_report[1] && self_report[2] && self_report[3], "every idle CPU reported its own QS from its tick");
    cr_expect_eq(fx_count(&log, RV_EV_FQS_CREDIT, RV_SCHED), 0u, "so FQS had nobody to credit");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 3.6: an FQS pass that ends a GP (and chains the next) is labelled with the GP it scanned for,
 * and the chained GP takes its own snapshot first. */
Test(dyntick_fqs, chained_gp_starts_with_a_snapshot_pass)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END)};
    rv_config cfg;
    fx_config(&cfg, 8, RV_MODE_SOFTIRQ);
    fx_add_phase(&cfg, "0", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 3);
    fx_run_s(e, 0.100);
    cr_assert_geq(fx_flavor(e, RV_SCHED).completed, 2ul, "the test needs a chained second GP");
    size_t pass_start = 0;
    uint64_t labelled[16] = {0};
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (ev->flavor != RV_SCHED || ev->type != RV_EV_FQS) continue;
        for (size_t k = pass_start; k < i; k++)
            if (fx_match(&log.v[k], RV_EV_FQS_CREDIT, RV_SCHED))
                cr_expect_eq(log.v[k].gp, ev->gp, "t=%lld: a pass labelled GP %lu credited CPU %d for GP %lu",
                             (long long)ev->t, (unsigned long)ev->gp, log.v[k].cpu, (unsigned long)log.v[k].gp);
        pass_start = i + 1;
        if (ev->gp < 16 && labelled[ev->gp]++ == 0)
            cr_expect_eq(ev->arg, 0, "GP %lu's first FQS pass must snapshot", (unsigned long)ev->gp);
    }
    rv_engine_free(e);
    fx_log_free(&log);
}

/* Step until cond holds (at most 1 simulated second). */
#define STEP_UNTIL(e, cond)                                                   \
    do {                                                                      \
        int64_t lim_ = rv_now_ns(e) + FX_S(1);                                \
        while (!(cond) && rv_now_ns(e) < lim_) rv_step_event(e);              \
        cr_assert(cond, "never: %s", #cond);                                  \
    } while (0)

/* A CPU that reported GP g by itself must not be credited for g+1 from an older snapshot while
 * it sits in a reader that began before g+1. */
Test(dyntick_fqs, stale_snapshot_never_credits_a_cpu_inside_a_reader)
{
    fx_log log = {.keep = FX_BIT(RV_EV_VIOLATION) | FX_BIT(RV_EV_FQS_CREDIT)};
    rv_config cfg;
    fx_config(&cfg, 3, RV_MODE_SOFTIRQ);
    cfg.rcu.needs_gp_fix = true;
    rv_phase *ph = fx_add_phase(&cfg, "0-1", 1.0);
    ph->user_frac = 0.9;
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    /* GP 1 snapshots CPU 1 while it is idle (even counter) */
    fx_run_s(e, 0.001);
    fx_inject(e, RV_INJ_IDLE, 1, 0, 0, 0);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.050);
    size_t cpu1_snap = 0;
    for (size_t i = 0; i < log.n; i++)
        cpu1_snap += fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED) && log.v[i].cpu == 1 && log.v[i].arg == 2;
    cr_assert_eq(cpu1_snap, 1u, "CPU 1 credited by GP 1's snapshot pass");
    cr_assert_eq(fx_cpu(e, 1).rdp[RV_SCHED].dynticks_fqs, 0ul, "a snapshot credit is not counted in df=");
    /* CPU 1 wakes, idles, wakes: its counter moves by 3 and is odd */
    fx_inject(e, RV_INJ_WAKE, 1, 0, 0, 0);
    fx_run_s(e, 0.051);
    fx_inject(e, RV_INJ_IDLE, 1, 0, 0, 0);
    fx_run_s(e, 0.052);
    fx_inject(e, RV_INJ_WAKE, 1, 0, 0, 0);
    fx_run_s(e, 0.060);
    /* GP g: CPU 1 reports by itself; then it enters a long rcu_sched reader and CPU 0 queues a
     * callback that must wait for that reader. CPU 2 (idle) is credited by g's snapshot pass, which
     * ends g and chains g+1 for the new callback. */
    unsigned long g0 = fx_flavor(e, RV_SCHED).gpnum;
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    STEP_UNTIL(e, fx_flavor(e, RV_SCHED).gpnum == g0 + 1);
    STEP_UNTIL(e, !(fx_node(e, RV_SCHED, 0).qsmask & 0x2ul));
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.050, 0);
    fx_run_s(e, rv_now_ns(e) / 1e9 + 1e-6);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.200);
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED) && log.v[i].cpu == 1 && log.v[i].t > FX_S(0.060))
            cr_expect(false, "CPU 1 credited \"dti\" at %.3f ms while busy in a reader", (double)log.v[i].t / 1e6);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u, "a callback ran under an older reader");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* An explicit force_quiescent_state() (rcutorture can call it) runs a pass at once in 3.6 and
 * wakes the kthread for one in 3.7, without waiting for jiffies_force_qs; with no GP it does nothing. */
static void check_forced(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_KTHREAD_WAKE)};
    rv_engine *e = machine(4, mode, "0-1", &log);
    fx_run_s(e, 0.0052);
    fx_inject(e, RV_INJ_FORCE_QS, -1, RV_SCHED, 0, 0);
    fx_run_s(e, 0.0053);
    cr_expect_eq(fx_count(&log, RV_EV_FQS, RV_SCHED), 0u, "%s: no GP, no pass", rv_mode_name(mode));
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.050, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.0095); /* GP running, first FQS due at about 9-10 ms */
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed);
    size_t before = fx_count(&log, RV_EV_FQS, RV_SCHED);
    uint64_t nfqs = f.n_force_qs;
    int64_t t0 = rv_now_ns(e);
    fx_inject(e, RV_INJ_FORCE_QS, -1, RV_SCHED, 0, 0);
    fx_run_s(e, 0.0096);
    cr_expect_eq(fx_count(&log, RV_EV_FQS, RV_SCHED), before + 1, "%s: one forced pass", rv_mode_name(mode));
    long last = fx_find_last(&log, RV_EV_FQS, RV_SCHED);
    cr_expect_leq(log.v[last].t - t0, 50000, "within the kthread's wakeup latency");
    cr_expect_eq(fx_flavor(e, RV_SCHED).n_force_qs, nfqs + 1);
    if (mode == RV_MODE_KTHREAD) {
        long w = fx_find_last(&log, RV_EV_KTHREAD_WAKE, RV_SCHED);
        cr_expect(w >= 0 && log.v[w].arg == 2, "woken for FQS");
    }
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(dyntick_fqs, forced_pass_kthread) { check_forced(RV_MODE_KTHREAD); }
Test(dyntick_fqs, forced_pass_softirq) { check_forced(RV_MODE_SOFTIRQ); }

/* An idle command with a duration ends by itself: the CPU is back to its busy phase afterwards;
 * cpu -1 idles every CPU. */
Test(dyntick_fqs, timed_idle_returns_to_work)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "all", NULL);
    fx_run_s(e, 0.0055);
    fx_inject(e, RV_INJ_IDLE, 1, 0, 0.020, 0);
    rv_cpu_view v = fx_cpu(e, 1);
    cr_expect_eq(v.state, RV_CPU_IDLE_NOHZ);
    cr_expect_eq(v.dynticks & 1, 0ul);
    fx_run_s(e, 0.0250);
    cr_expect_eq(fx_cpu(e, 1).state, RV_CPU_IDLE_NOHZ, "still idle before its 20 ms are up");
    fx_run_s(e, 0.0260);
    v = fx_cpu(e, 1);
    cr_expect(v.state == RV_CPU_USER || v.state == RV_CPU_KERNEL, "busy again: %s", rv_cpu_state_name(v.state));
    cr_expect_eq(v.dynticks & 1, 1ul);
    fx_inject(e, RV_INJ_IDLE, -1, 0, 0.010, 0);
    for (int c = 0; c < 4; c++) cr_expect_eq(fx_cpu(e, c).state, RV_CPU_IDLE_NOHZ, "cpu %d idle", c);
    fx_run_s(e, 0.0400);
    for (int c = 0; c < 4; c++) cr_expect_neq(fx_cpu(e, c).state, RV_CPU_IDLE_NOHZ, "cpu %d back at work", c);
    rv_engine_free(e);
}

/* A CPU taken offline while idle dies with an odd dynticks counter: it leaves the idle loop to run the
 * stop-machine thread, and x86's cpu_idle() calls play_dead() before rcu_idle_enter(). So the GP it
 * still owes credits it "ofl" (once over two jiffies old), not as dyntick-idle; the engine kept the
 * idle CPU's even counter and credited it "snap" at the snapshot pass (engine review). */
static void idle_cpu_offlined_is_credited_ofl(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS_CREDIT) | FX_BIT(RV_EV_GP_START)};
    rv_engine *e = machine(4, mode, "0-1", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.030, 0); /* holds the GP past its first passes */
    unsigned long g0 = fx_flavor(e, RV_SCHED).gpnum;
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    STEP_UNTIL(e, fx_flavor(e, RV_SCHED).gpnum == g0 + 1);
    cr_assert_eq(fx_cpu(e, 3).state, RV_CPU_IDLE_NOHZ, "CPU 3 is idle when it goes down");
    fx_inject(e, RV_INJ_OFFLINE, 3, 0, 0, 0); /* before the GP's first FQS pass */
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.060);
    size_t ofl = 0, idle = 0;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS_CREDIT, RV_SCHED) && log.v[i].cpu == 3 && log.v[i].gp == g0 + 1) {
            if (log.v[i].arg == 1) ofl++; else idle++;
        }
    cr_expect_eq(ofl, 1u, "%s: CPU 3 credited \"ofl\"", rv_mode_name(mode));
    cr_expect_eq(idle, 0u, "%s: not as dyntick-idle", rv_mode_name(mode));
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(dyntick_fqs, idle_cpu_offlined_is_credited_ofl_softirq) { idle_cpu_offlined_is_credited_ofl(RV_MODE_SOFTIRQ); }
Test(dyntick_fqs, idle_cpu_offlined_is_credited_ofl_kthread) { idle_cpu_offlined_is_credited_ofl(RV_MODE_KTHREAD); }

/* 3.7: the GP kthread's CPU notes its QS as the kthread goes back to sleep (schedule() ->
 * rcu_note_context_switch()), right after rcu_gp_init() cleared passed_quiesce there, not at its next
 * wakeup. On CPUs busy in the kernel that rarely switch, the engine left that CPU owing until the FQS
 * timer woke the kthread again, three jiffies on (engine review). */
Test(dyntick_fqs, the_kthreads_cpu_notes_a_qs_as_the_kthread_sleeps)
{
    fx_log log = {.keep = FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_QS)};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
    rv_phase *ph = fx_add_phase(&cfg, "0-3", 1.0);
    ph->user_frac = 0; /* in the kernel: no user-mode tick QS */
    ph->ctxsw_per_s = 5;
    ph->irqs_per_s = 0;
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.0005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.020);
    const rv_event *start = NULL;
    for (size_t i = 0; i < log.n && !start; i++)
        if (fx_match(&log.v[i], RV_EV_GP_START, RV_SCHED)) start = &log.v[i];
    cr_assert_not_null(start, "a grace period started");
    int64_t qs_at = -1;
    for (size_t i = 0; i < log.n && qs_at < 0; i++)
        if (fx_match(&log.v[i], RV_EV_QS, RV_SCHED) && log.v[i].cpu == start->cpu && log.v[i].t >= start->t &&
            log.v[i].gp == start->gp)
            qs_at = log.v[i].t;
    cr_assert_geq(qs_at, 0, "CPU %d noted a QS for GP %llu", start->cpu, (unsigned long long)start->gp);
    cr_expect_lt(qs_at - start->t, 100000, "CPU %d's QS %.3f ms after the GP began on it (the kthread's sleep)",
                 start->cpu, (double)(qs_at - start->t) / 1e6);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 3.6's __rcu_pending(): a CPU that owes rcu_sched a QS once forcing is due gets set_need_resched(),
 * and on a CONFIG_PREEMPT kernel (the one with rcu_preempt) the interrupt's exit goes through
 * schedule(): a QS. CPUs busy in the kernel that rarely switch took grace periods of 176 ms (p50) in
 * 3.6 before (engine review); with the nudge a GP takes about four jiffies. 3.7 dropped the nudge. */
Test(dyntick_fqs, softirq_mode_nudges_a_kernel_bound_cpu_to_reschedule)
{
    double p50[2];
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.flavors[RV_BH] = false; /* rcu_sched, on a PREEMPT kernel (rcu_preempt on) */
        rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
        ph->user_frac = 0;
        ph->ctxsw_per_s = 5;
        ph->call_rcu_per_s[RV_SCHED] = 200;
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        fx_run_s(e, 3.0);
        rv_report r;
        rv_report_build(e, &r);
        p50[m] = r.flavors[RV_SCHED].gp_ms_p50;
        rv_report_free(&r);
        rv_engine_free(e);
    }
    cr_expect_leq(p50[0], 6.0, "3.6: GP p50 %.2f ms", p50[0]);
    cr_expect_gt(p50[1], 20.0, "3.7 has no nudge: GP p50 %.2f ms", p50[1]);
}

/* __call_rcu_core(): a call that takes the queue past qhimark while a GP runs forces quiescent states
 * if no pass ran since the CPU's last overflow and some other callback is still waiting. A burst's
 * own earlier callbacks count: the kernel asks at the call that crossed qhimark. The engine counted
 * records, so one burst of qhimark + 1 never forced (engine review). */
Test(dyntick_fqs, a_burst_past_qhimark_forces_at_once_softirq)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-1", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    STEP_UNTIL(e, fx_flavor(e, RV_SCHED).gpnum != fx_flavor(e, RV_SCHED).completed);
    unsigned long nfqs = fx_flavor(e, RV_SCHED).n_force_qs;
    cr_assert_eq(nfqs, 0ul, "no forcing pass yet");
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 10001); /* CPU 2's queue was empty */
    cr_expect_eq(fx_flavor(e, RV_SCHED).n_force_qs, nfqs + 1, "the overflowing call ran a forcing pass");
    rv_engine_free(e);
}

/* __call_rcu_core() tests qhimark at every call of a burst, not once at its end. 3.6 with no GP running:
 * call qhimark + 1 starts one and leaves qlen_last_fqs_check alone, so call qhimark + 2 crosses again,
 * finds the GP begun and forces quiescent states. The engine tested once per burst and only started it. */
Test(dyntick_fqs, a_burst_past_qhimark_starts_then_forces_softirq)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-1", NULL);
    fx_run_s(e, 0.005);
    rv_flavor_view f0 = fx_flavor(e, RV_SCHED);
    cr_assert_eq(f0.gpnum, f0.completed, "no GP running");
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 10002);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f0.gpnum + 1, "call 10001 started a GP");
    cr_expect_eq(f.n_force_qs, f0.n_force_qs + 1, "call 10002 forced quiescent states");
    cr_expect_eq(fx_cpu(e, 2).rdp[RV_SCHED].blimit, LONG_MAX, "and lifted blimit");
    rv_engine_free(e);
}

/* With a GP running, the crossing call moves the baseline to its own qlen (10001 here), not the
 * burst's end: a burst of 20002 crosses twice and forces twice (no pass ran in between, so
 * n_force_qs still equals the snapshot the first crossing took). The engine forced once. */
Test(dyntick_fqs, a_burst_twice_past_qhimark_forces_twice_softirq)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-1", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    STEP_UNTIL(e, fx_flavor(e, RV_SCHED).gpnum != fx_flavor(e, RV_SCHED).completed);
    unsigned long nfqs = fx_flavor(e, RV_SCHED).n_force_qs;
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 20002);
    cr_expect_eq(fx_flavor(e, RV_SCHED).n_force_qs, nfqs + 2, "calls 10001 and 20002 each forced");
    rv_engine_free(e);
}

/* 3.6: a GP that ends inside force_quiescent_state()'s pass asks for the next one, but rcu_start_gp()
 * finds fqs_active set and leaves the start to the pass's end (fqs_need_gp, v3.6 rcutree.c:1071-1079,
 * 1780-1786), on the same CPU. So at one instant the pass's FQS event comes before the new GP's start.
 * With CPU 0 queueing callbacks all along and the others idle, most GPs end that way. The engine used
 * to start the GP from inside the pass and log the pass after it (helper's kernel review). */
Test(dyntick_fqs, a_gp_ended_by_an_fqs_pass_starts_the_next_after_the_pass_softirq)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END)};
    rv_engine *e = fx_stream_engine(4, RV_MODE_SOFTIRQ, "0", 1.0, 2000, &log);
    fx_run_s(e, 0.5);
    int chained = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *end = &log.v[i];
        if (!fx_match(end, RV_EV_GP_END, RV_SCHED)) continue;
        /* the pass and the next GP's start at the instant this GP ended */
        long fqs = fx_find_same_t(&log, i, RV_EV_FQS, RV_SCHED, (long)end->gp);
        long start = fx_find_same_t(&log, i, RV_EV_GP_START, RV_SCHED, -1);
        if (fqs < 0) continue; /* ended by a CPU's own report, not by a pass */
        cr_assert_geq(start, 0, "GP %lu ended in a pass with callbacks waiting: the next starts at once", (unsigned long)end->gp);
        cr_expect_lt(fqs, start, "GP %lu: the pass (event %ld) ends before GP %lu starts (event %ld)", (unsigned long)end->gp, fqs,
                     (unsigned long)log.v[start].gp, start);
        cr_expect_eq(log.v[start].cpu, log.v[fqs].cpu, "started on the CPU that ran the pass");
        chained++;
    }
    cr_expect_geq(chained, 10, "only %d GPs ended in a pass and chained the next", chained);
    rv_engine_free(e);
    fx_log_free(&log);
}
