/* test_qs_propagation.c — quiescent states climb the rcu_node tree: leaf bits first, only each leaf's last reporter reaches the root. */
#include "engine_fixtures.h"

/* 64 busy CPUs: a root over 4 leaves of 16. One burst of rcu_sched callbacks starts a GP. */
static rv_engine *busy64(enum rv_mode mode, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 64, mode);
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    cr_assert_eq(rv_tree_nodes(e), 5);
    return e;
}

/* The first rcu_sched GP after a burst, watched through its qs_report events. */
static void check_climb(enum rv_mode mode)
{
    fx_log log = {0};
    rv_engine *e = busy64(mode, &log);
    fx_run_s(e, 0.010);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 5, RV_SCHED, 0, 20);
    fx_run_s(e, 0.300);
    long start = fx_find(&log, 0, RV_EV_GP_START, RV_SCHED);
    cr_assert(start >= 0, "no rcu_sched GP started");
    uint64_t gp = log.v[start].gp;
    long end = -1;
    for (size_t i = (size_t)start; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_GP_END, RV_SCHED) && log.v[i].gp == gp) { end = (long)i; break; }
    cr_assert(end > start, "GP %lu did not end", (unsigned long)gp);

    unsigned long leaf_cleared[5] = {0}, root_cleared = 0;
    int root_reports = 0, cpu_bits = 0;
    long last_root = -1;
    for (long i = start; i < end; i++) {
        const rv_event *ev = &log.v[i];
        if (!fx_match(ev, RV_EV_QS_REPORT, RV_SCHED) || ev->gp != gp) continue;
        cr_assert(ev->node >= 0 && ev->node < 5);
        cr_expect_neq(ev->mask, 0ul);
        if (ev->node == 0) {
            /* a root report names one leaf, right after that leaf's last bit went */
            cr_assert_eq(__builtin_popcountl(ev->mask), 1, "root report mask 0x%lx", (unsigned long)ev->mask);
            int leaf = 1 + __builtin_ctzl(ev->mask);
            cr_expect_eq(root_cleared & ev->mask, 0ul, "leaf %d reported to the root twice", leaf);
            cr_expect_eq(leaf_cleared[leaf], 0xfffful, "leaf %d reached the root with bits 0x%lx still set",
                         leaf, ~leaf_cleared[leaf] & 0xfffful);
            const rv_event *prev = &log.v[i - 1];
            cr_expect(prev->type == RV_EV_QS_REPORT && prev->node == leaf, "the climb comes straight from leaf %d", leaf);
            root_cleared |= ev->mask;
            root_reports++;
            last_root = i;
        } else {
            cr_expect_eq(leaf_cleared[ev->node] & ev->mask, 0ul, "bit reported twice in leaf %d", ev->node);
            cr_expect_eq(root_cleared & (1ul << (ev->node - 1)), 0ul, "leaf %d report after it reached the root", ev->node);
            leaf_cleared[ev->node] |= ev->mask;
            cpu_bits += __builtin_popcountl(ev->mask);
            if (leaf_cleared[ev->node] != 0xfffful) {
                const rv_event *next = &log.v[i + 1];
                cr_expect(!(next->type == RV_EV_QS_REPORT && next->node == 0 && next->gp == gp),
                          "a non-last reporter of leaf %d climbed to the root", ev->node);
            }
        }
    }
    cr_expect_eq(cpu_bits, 64, "every CPU's bit cleared exactly once");
    cr_expect_eq(root_reports, 4, "one root report per leaf");
    cr_expect_eq(root_cleared, 0xful);
    cr_expect(last_root >= 0 && last_root < end, "the GP ends after the last root report");
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(qs_propagation, last_reporter_of_each_leaf_climbs_kthread) { check_climb(RV_MODE_KTHREAD); }
Test(qs_propagation, last_reporter_of_each_leaf_climbs_softirq) { check_climb(RV_MODE_SOFTIRQ); }

/* Between any two engine events of a GP in its waiting phase, a root bit is set exactly while its
 * leaf still has bits; the root empties only after every leaf did, and then the GP ends. */
Test(qs_propagation, root_mirrors_leaves_until_all_clear)
{
    rv_engine *e = busy64(RV_MODE_KTHREAD, NULL);
    fx_run_s(e, 0.010);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 5);
    rv_flavor_view f0 = fx_flavor(e, RV_SCHED);
    unsigned long gp = 0;
    bool seen_wait = false, root_went_clear = false;
    for (int steps = 0; steps < 2000000 && rv_now_ns(e) < FX_S(0.5); steps++) {
        cr_assert_neq(rv_step_event(e), -1);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        if (f.gpnum == f0.completed) continue; /* not started yet */
        if (!gp) gp = f.gpnum;
        if (f.completed >= gp) { cr_expect(root_went_clear || seen_wait, "GP ended"); break; }
        if (f.phase != RV_GP_WAIT) continue;
        seen_wait = true;
        rv_node_view root = fx_node(e, RV_SCHED, 0);
        int busy_leaves = 0;
        for (int n = 1; n < 5; n++) {
            rv_node_view lf = fx_node(e, RV_SCHED, n);
            cr_assert_eq(lf.qsmask != 0, (root.qsmask & lf.grpmask) != 0,
                         "t=%lld: leaf %d qsmask 0x%lx but root 0x%lx", (long long)rv_now_ns(e), n, lf.qsmask, root.qsmask);
            busy_leaves += lf.qsmask != 0;
        }
        if (root.qsmask == 0) { cr_assert_eq(busy_leaves, 0); root_went_clear = true; }
    }
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect(seen_wait, "never saw the GP waiting for quiescent states");
    cr_expect(gp && f.completed >= gp, "GP %lu did not complete (completed %lu)", gp, f.completed);
    rv_engine_free(e);
}

/* A single-node tree: the leaf is the root, and the last CPU's report ends the GP. */
Test(qs_propagation, single_node_tree_reports_straight_to_root)
{
    fx_log log = {0};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_BH, 0, 3);
    fx_run_s(e, 0.200);
    long start = fx_find(&log, 0, RV_EV_GP_START, RV_BH), end = fx_find(&log, 0, RV_EV_GP_END, RV_BH);
    cr_assert(start >= 0 && end > start);
    unsigned long cleared = 0;
    for (long i = start; i < end; i++)
        if (fx_match(&log.v[i], RV_EV_QS_REPORT, RV_BH)) {
            cr_expect_eq(log.v[i].node, 0);
            cr_expect_eq(cleared & log.v[i].mask, 0ul);
            cleared |= log.v[i].mask;
        }
    cr_expect_eq(cleared, 0xful, "all four CPUs reported before the end");
    rv_engine_free(e);
    fx_log_free(&log);
}
