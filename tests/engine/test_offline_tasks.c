/* test_offline_tasks.c — rcu_preempt_offline_tasks(): a CPU-less leaf's blocked readers land reversed on the root, with gp_tasks moved to the leaf's gp_tasks entry. */
#include "engine_fixtures.h"

/* 17 CPUs at fanout_leaf 16: a root (node 0) over leaves 0-8 (node 1) and 9-16 (node 2). All busy, so
 * each CPU reports at its ticks; no updates but the test's own, so no GP but the ones it starts. */
static rv_engine *two_leaves(enum rv_mode mode, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 17, mode);
    cfg.rcu.fanout_leaf = 16;
    cfg.rcu.stall_timeout_s = 3;
    fx_add_phase(&cfg, "0-16", 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    cr_assert_eq(fx_node(e, RV_PREEMPT, 2).grplo, 9);
    return e;
}

static bool owes(const rv_engine *e, int cpu) { return (fx_node(e, RV_PREEMPT, 2).qsmask >> (cpu - 9)) & 1ul; }

/* Step until the rcu_preempt GP is past its init walk and `cpu` has (want true) or has not yet
 * (want false) reported it. */
static void step_until_owes(rv_engine *e, int cpu, bool want)
{
    int64_t lim = rv_now_ns(e) + FX_S(0.5);
    while (rv_now_ns(e) < lim) {
        rv_flavor_view f = fx_flavor(e, RV_PREEMPT);
        if (f.gpnum != f.completed && f.phase == RV_GP_WAIT && owes(e, cpu) == want) return;
        rv_step_event(e);
    }
    cr_assert_fail("CPU %d never %s the GP", cpu, want ? "owed" : "reported");
}

static uint64_t blocked_id(const fx_log *log, int nth)
{
    long at = -1;
    for (int k = 0; k <= nth; k++) at = fx_find(log, (size_t)(at + 1), RV_EV_READER_BLOCK, RV_PREEMPT);
    cr_assert(at >= 0, "no reader_block #%d", nth);
    return log->v[at].id;
}

static int pid_of(uint64_t id) { return (int)(1000 + id % 30000); } /* the pid the engine gives a reader */

static void offline_leaf2(rv_engine *e)
{
    for (int c = 9; c <= 16; c++) fx_inject(e, RV_INJ_OFFLINE, c, 0, 0, 0);
}

/* Leaf 2's list, head first, is C (queued after CPU 9 reported: not blocking), B (gp_tasks), A: B went
 * just before gp_tasks = A and became it. The kernel moves C, B, A in that order, each to the root's
 * head: the root reads A, B, C with gp_tasks = B, so B and C block the GP and A no longer does. The
 * stall warning walks on from gp_tasks: for the root it names C. The engine used to keep each
 * reader's blocks_gp (A and B) and named A. */
Test(offline_tasks, root_list_is_reversed_and_gp_tasks_follows)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK)};
    rv_engine *e = two_leaves(RV_MODE_KTHREAD, &log);
    fx_run_s(e, 0.003);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 2);
    step_until_owes(e, 9, true);
    cr_assert(owes(e, 10));
    fx_inject(e, RV_INJ_PREEMPT_READER, 9, RV_PREEMPT, 10.0, 0);  /* A: blocks, gp_tasks = A */
    fx_inject(e, RV_INJ_PREEMPT_READER, 10, RV_PREEMPT, 10.0, 0); /* B: blocks, before A, gp_tasks = B */
    step_until_owes(e, 9, false);
    fx_inject(e, RV_INJ_PREEMPT_READER, 9, RV_PREEMPT, 10.0, 0);  /* C: CPU 9 has reported, at the head */
    cr_assert_eq(fx_count(&log, RV_EV_READER_BLOCK, RV_PREEMPT), 3u);
    cr_expect_eq(log.v[0].arg, 1, "A blocks the GP");
    cr_expect_eq(log.v[1].arg, 1, "B blocks the GP");
    cr_expect_eq(log.v[2].arg, 0, "C blocks only the next GP");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 2).n_gp_tasks, 2);
    offline_leaf2(e);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 2).n_blkd_tasks, 0);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 3, "all three on the root");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_gp_tasks, 2, "gp_tasks = B: B and C block");
    fx_run_s(e, 3.5);
    long k = fx_klog_find(e, "rcu_preempt detected stalls");
    cr_assert(k >= 0, "no rcu_preempt detected-stalls line");
    char want[160];
    snprintf(want, sizeof want, "INFO: rcu_preempt detected stalls on CPUs/tasks: { P%d} (detected by",
             pid_of(blocked_id(&log, 2)));
    const char *line = rv_klog_line(e, (size_t)k);
    cr_expect(strncmp(line, want, strlen(want)) == 0, "the root walks on from B and names C only: \"%s\"", line);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* The reversal can let a GP end under a reader that blocked it. A is preempted before the GP (on
 * blkd_tasks, blocking nothing yet); the update X comes after A's rcu_read_lock(), so X's GP must
 * wait for A; the GP's init walk makes A block it (gp_tasks = A); then B, preempted on a CPU that still
 * owes, goes before A and becomes gp_tasks. The leaf empties: the root reads A, B with gp_tasks = B.
 * When B unlocks the GP ends and X runs while A is still reading: the safety checker catches it, as it
 * would in a 3.6/3.7 kernel that went through these steps. The engine used to keep A blocking. (3.6
 * here: its rcu_start_gp() moves the starting CPU's callbacks into the new GP at once, so X waits for
 * exactly that GP; 3.7 would leave X for the next GP, whose init walk finds A on the root.) */
Test(offline_tasks, reversal_drops_an_older_blocking_reader)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_VIOLATION)};
    rv_engine *e = two_leaves(RV_MODE_SOFTIRQ, &log);
    fx_run_s(e, 0.003);
    fx_inject(e, RV_INJ_PREEMPT_READER, 9, RV_PREEMPT, 1.0, 0); /* A */
    cr_expect_eq(log.v[0].arg, 0, "no GP yet");
    fx_run_s(e, 0.0035);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 1); /* X */
    step_until_owes(e, 10, true);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 2).n_gp_tasks, 1, "the walk made A block the GP");
    fx_inject(e, RV_INJ_PREEMPT_READER, 10, RV_PREEMPT, 0.020, 0); /* B */
    cr_expect_eq(log.v[1].arg, 1);
    unsigned long g = fx_flavor(e, RV_PREEMPT).gpnum;
    offline_leaf2(e);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_gp_tasks, 1, "only B blocks on the root");
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.2);
    cr_expect_geq(fx_flavor(e, RV_PREEMPT).completed, g, "the GP ended once B left, A still reading");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 1, "A is still on the root's list");
    rv_report r;
    rv_report_build(e, &r);
    /* two: the GP's end under A (begun before it) and X's invocation under A */
    cr_expect_eq(r.violations, 2u, "the GP ended and X ran under A");
    long gv = fx_find(&log, 0, RV_EV_VIOLATION, RV_PREEMPT);
    cr_assert(gv >= 0);
    cr_expect_eq(log.v[gv].arg, 1, "the GP's end is caught first");
    cr_expect_eq(log.v[gv].gp, g, "GP %lu ended under A", g);
    cr_expect_eq((uint64_t)log.v[gv].n, blocked_id(&log, 0), "the violation names A");
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}
