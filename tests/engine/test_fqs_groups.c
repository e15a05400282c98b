/* test_fqs_groups.c — the 3.6 FQS pass's short path for leaves whose owing CPUs are all idle books the same figures as the leaf-by-leaf pass. */
#include "engine_fixtures.h"
#include "report_digest.h"

/*
 * A headless engine (small ring, no sink) runs a 3.6 FQS pass with the climbs batched per parent and
 * leaves whose owing CPUs are all dyntick-idle summed into one booking (gp.c, fqs_leaves_batched());
 * an engine whose events are read takes every leaf one by one and logs each report. Both must end
 * with the same report, per-CPU credits, debugfs text and work counts.
 */

/*
 * 256 CPUs in a four-level tree (fanout 4, 8 CPUs per leaf: 32 leaves under 8 parents under 2):
 * a few CPUs busy part of the time, scattered so that idle leaves and leaves with running CPUs
 * alternate under the same parent; rcu_preempt readers get preempted (a leaf with gp_tasks does not
 * climb); idle CPUs take interrupts now and then (a leaf's idle set changes between passes). The
 * probes are made dear and the node locks cheap, so the longest irqs-off section is an FQS leaf's.
 */
static rv_config mixed_tree(enum rv_mode mode)
{
    rv_config cfg;
    fx_config(&cfg, 256, mode);
    cfg.duration_s = 3;
    cfg.rcu.fanout = 4;
    cfg.rcu.fanout_leaf = 8;
    cfg.rcu.no_hz = true;
    cfg.rcu.flavors[RV_SCHED] = true;
    cfg.rcu.flavors[RV_PREEMPT] = true;
    cfg.costs.node_lock_ns = 10;
    cfg.costs.cache_miss_ns = 4000;
    rv_phase *busy = fx_add_phase(&cfg, "0-3,13,40,100-103,131,200,255", 0.6);
    fx_readers_all(busy, 300, 20);
    busy->readers[RV_PREEMPT].preempt_prob = 0.3;
    busy->call_rcu_per_s[RV_SCHED] = 400;
    busy->call_rcu_per_s[RV_PREEMPT] = 200;
    busy->burst_mean = 3;
    rv_phase *idle = fx_add_phase(&cfg, "4-12,14-39,41-99,104-130,132-199,201-254", 0.0);
    idle->idle_irqs_per_s = 20;
    return cfg;
}

static rv_engine *start(const rv_config *cfg, size_t ring)
{
    rv_engine_opts opts = {.event_ring = ring};
    char err[512] = "";
    rv_engine *e = rv_engine_new(cfg, &opts, err, sizeof err);
    cr_assert_not_null(e, "rv_engine_new: %s", err);
    return e;
}

/* Run both engines through the same script: a CPU leaves mid-run and comes back. */
static void run_both(rv_engine *a, rv_engine *b)
{
    rv_engine *both[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        fx_run_s(both[i], 0.8);
        fx_inject(both[i], RV_INJ_OFFLINE, 77, 0, 0, 0);
        fx_inject(both[i], RV_INJ_PREEMPT_READER, 2, RV_PREEMPT, 0.05, 0);
        fx_run_s(both[i], 1.9);
        fx_inject(both[i], RV_INJ_ONLINE, 77, 0, 0, 0);
        fx_run_s(both[i], 3.0);
    }
}

static void same_figures(enum rv_mode mode)
{
    rv_config cfg = mixed_tree(mode);
    rv_engine *logged = start(&cfg, 0), *headless = start(&cfg, RV_RING_HEADLESS);
    cr_assert_eq(rv_tree_levels(logged), 4, "a four-level tree");
    run_both(logged, headless);

    rv_report ra, rb;
    uint64_t da = fx_report_digest(logged, &ra), db = fx_report_digest(headless, &rb);
    const rv_flavor_report *fa = &ra.flavors[RV_SCHED], *fb = &rb.flavors[RV_SCHED];
    cr_assert_gt(fa->grace_periods, 50u, "a lively run: %lu GPs", (unsigned long)fa->grace_periods);
    cr_assert_gt(fa->dyntick_credits, 1000u, "FQS credited idle CPUs");
    cr_expect_eq(fb->grace_periods, fa->grace_periods);
    cr_expect_eq(fb->idle_probes, fa->idle_probes);
    cr_expect_eq(fb->dyntick_credits, fa->dyntick_credits);
    cr_expect_eq(fb->offline_credits, fa->offline_credits);
    cr_expect_eq(fb->fqs_scans, fa->fqs_scans);
    cr_expect_eq(fb->gp_overhead_us, fa->gp_overhead_us, "rcu_sched GP overhead %.3f vs %.3f us", fb->gp_overhead_us, fa->gp_overhead_us);
    cr_expect_eq(fb->fqs_overhead_us, fa->fqs_overhead_us, "rcu_sched FQS overhead %.3f vs %.3f us", fb->fqs_overhead_us, fa->fqs_overhead_us);
    cr_expect_eq(rb.flavors[RV_PREEMPT].blocked_tasks_gp, ra.flavors[RV_PREEMPT].blocked_tasks_gp);
    cr_expect_eq(rb.max_irqs_off_us, ra.max_irqs_off_us, "longest irqs-off %.3f vs %.3f us", rb.max_irqs_off_us, ra.max_irqs_off_us);
    cr_expect_eq(rb.max_nonpreempt_us, ra.max_nonpreempt_us);
    cr_expect_eq(rb.events, ra.events, "events emitted or counted: %lu vs %lu", (unsigned long)rb.events, (unsigned long)ra.events);
    cr_expect_eq(db, da, "the whole report");

    rv_work wa, wb;
    rv_engine_work(logged, &wa);
    rv_engine_work(headless, &wb);
    cr_expect_eq(wb.fqs_credits, wa.fqs_credits);
    cr_expect_eq(wb.node_visits, wa.node_visits);
    cr_expect_eq(wb.events, wa.events);

    for (int c = 0; c < rv_cpus(logged); c++) {
        rv_cpu_view va = fx_cpu(logged, c), vb = fx_cpu(headless, c);
        for (int f = 0; f < RV_NFLAVORS; f++) {
            cr_expect_eq(vb.rdp[f].dynticks_fqs, va.rdp[f].dynticks_fqs, "cpu %d flavor %d dynticks_fqs", c, f);
            cr_expect_eq(vb.rdp[f].offline_fqs, va.rdp[f].offline_fqs, "cpu %d flavor %d offline_fqs", c, f);
        }
    }
    for (int n = 0; n < rv_tree_nodes(logged); n++) {
        rv_node_view na = fx_node(logged, RV_SCHED, n), nb = fx_node(headless, RV_SCHED, n);
        cr_expect_eq(nb.qsmask, na.qsmask, "node %d qsmask", n);
        cr_expect_eq(nb.gpnum, na.gpnum, "node %d gpnum", n);
    }
    static char ta[1 << 20], tb[1 << 20];
    const char *files[] = {"rcudata", "rcuhier", "rcugp"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        cr_assert_geq(rv_debugfs(logged, files[i], ta, sizeof ta), 0);
        cr_assert_geq(rv_debugfs(headless, files[i], tb, sizeof tb), 0);
        cr_expect_str_eq(tb, ta, "debugfs %s", files[i]);
    }
    rv_engine_free(logged);
    rv_engine_free(headless);
    rv_config_free(&cfg);
}

Test(fqs_groups, idle_leaves_same_figures_softirq) { same_figures(RV_MODE_SOFTIRQ); }
/* 3.7 has no batched pass (cond_resched() between leaves): both engines walk leaf by leaf */
Test(fqs_groups, idle_leaves_same_figures_kthread) { same_figures(RV_MODE_KTHREAD); }

/*
 * The figures themselves, on a big idle 3.6 machine (1024 CPUs: 64 leaves of 16 under the root),
 * headless so that every idle leaf takes the short path: each GP's first FQS pass probes and credits
 * every idle CPU once, and the longest irqs-off stretch is one whole pass: 3.6's force_quiescent_state()
 * holds interrupts off from raw_spin_trylock_irqsave(&rsp->fqslock) to its irqrestore, over every leaf
 * (its 1023 probes at 4 us and the leaves' locks), not one leaf's section, and not the run's sum.
 */
Test(fqs_groups, idle_machine_credits_each_cpu_once_per_gp)
{
    rv_config cfg;
    fx_config(&cfg, 1024, RV_MODE_SOFTIRQ);
    cfg.rcu.no_hz = true;
    cfg.costs.node_lock_ns = 10;
    cfg.costs.cache_miss_ns = 4000;
    fx_add_phase(&cfg, "0", 1.0);
    rv_engine *e = start(&cfg, RV_RING_HEADLESS);
    cr_assert_eq(rv_tree_levels(e), 2);
    cr_assert_eq(rv_tree_nodes(e), 65);
    fx_run_s(e, 0.005);
    for (int i = 0; i < 5; i++) {
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 4);
        cr_assert(fx_run_until_quiet(e, RV_SCHED, 0.1 * (i + 1) + 0.5), "burst %d retired", i);
    }
    rv_report r;
    rv_report_build(e, &r);
    uint64_t gps = r.flavors[RV_SCHED].grace_periods;
    cr_assert_geq(gps, 5u);
    /* each GP's first pass credits them ("snap"): dyntick_save_progress_counter() counts nothing in
     * dynticks_fqs (debugfs df=), so that stays 0, while the report counts every idle credit */
    for (int c = 1; c < 1024; c++)
        cr_expect_eq(fx_cpu(e, c).rdp[RV_SCHED].dynticks_fqs, 0ul, "idle cpu %d: snapshot credits are not in df=", c);
    cr_expect_eq(r.flavors[RV_SCHED].dyntick_credits, 1023u * gps);
    /* every idle CPU once per GP; busy CPU 0 once in each pass that finds it still owing */
    uint64_t probes = r.flavors[RV_SCHED].idle_probes, passes = r.flavors[RV_SCHED].fqs_scans;
    cr_expect(probes >= 1023u * gps && probes <= 1023u * gps + passes, "%lu probes in %lu passes, %lu GPs",
              (unsigned long)probes, (unsigned long)passes, (unsigned long)gps);
    /* one pass: the probes of the idle CPUs (1023 x 4 us) and a few node locks (10 ns each: the 65
     * leaves and root, the GP end's and start's walks), far below two passes */
    cr_expect(r.max_irqs_off_us >= 1023 * 4.0 && r.max_irqs_off_us < 1024 * 4.0 + 5, /* busy CPU 0 may be probed too */
              "one whole pass: %.3f us", r.max_irqs_off_us);
    cr_expect_eq(r.max_irqs_off_in, RV_IRQOFF_FQS, "the report says it was a forcing pass: %s", rv_irqoff_kind_name(r.max_irqs_off_in));
    rv_report_free(&r);
    rv_engine_free(e);
    rv_config_free(&cfg);
}
