/* test_kthread_walk.c — 3.7's GP kthread acts on an RCU_GP_FLAG_FQS that force_quiescent_state() set while it was walking the rcu_node tree at GP init, instead of sleeping on it. */
#include "engine_fixtures.h"

/* 64 busy CPUs in 3.7: the tree (sized by nr_cpu_ids) has 4 leaves under a root, 5 nodes, so the
 * init walk takes several slices of the kthread. */
static rv_engine *machine(fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 64, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->ctxsw_per_s = 1; /* hardly any context switch: the grace period waits for forcing */
    ph->user_frac = 0;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* The kthread's wait tests its condition before sleeping (wait_event_interruptible_timeout()): a
 * flag set during the walk runs the first FQS pass as the walk ends. The engine slept until the
 * jiffies_till_first_fqs timeout (3 jiffies) and, since the flag stayed set, every
 * force_quiescent_state() meanwhile was counted in fqlh (n_force_qs_lh) and woke nobody. */
Test(kthread_walk, an_fqs_request_during_the_init_walk_is_not_lost)
{
    fx_log log = {.keep = FX_BIT(RV_EV_GP_INIT_NODE) | FX_BIT(RV_EV_FQS)};
    rv_engine *e = machine(&log);
    cr_assert_eq(rv_tree_nodes(e), 5, "a 5-node tree (got %d)", rv_tree_nodes(e));
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    /* into the walk: its first node initialised, more to come */
    size_t seen = log.n;
    bool in_walk = false;
    for (int i = 0; i < 100000 && !in_walk && rv_now_ns(e) < FX_S(0.1); i++) {
        rv_step_event(e);
        for (; seen < log.n; seen++)
            if (log.v[seen].type == RV_EV_GP_INIT_NODE && log.v[seen].flavor == RV_SCHED && log.v[seen].node == 0) in_walk = true;
    }
    cr_assert(in_walk, "the init walk began");
    cr_assert_geq(fx_flavor(e, RV_SCHED).walk_node, 0, "and is still going");
    fx_inject(e, RV_INJ_FORCE_QS, -1, RV_SCHED, 0, 0);
    /* the walk's end, then the first pass */
    int64_t walk_end = -1, first_fqs = -1;
    for (int i = 0; i < 100000 && first_fqs < 0 && rv_now_ns(e) < FX_S(0.2); i++) {
        rv_step_event(e);
        for (; seen < log.n; seen++) {
            const rv_event *ev = &log.v[seen];
            if (ev->flavor != RV_SCHED) continue;
            if (ev->type == RV_EV_GP_INIT_NODE && ev->node == 4) walk_end = ev->t;
            if (ev->type == RV_EV_FQS && first_fqs < 0) first_fqs = ev->t;
        }
    }
    cr_assert(walk_end >= 0 && first_fqs >= 0, "the walk ended (%lld) and an FQS pass ran (%lld)", (long long)walk_end,
              (long long)first_fqs);
    cr_expect_eq(first_fqs, walk_end, "the requested pass runs as the walk ends (walk end %lld ns, pass %lld ns)",
                 (long long)walk_end, (long long)first_fqs);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A tick that interrupts the GP kthread on an otherwise idle CPU is not a tick from idle: the CPU
 * left the idle loop to run the kthread, so rcu_check_callbacks() sees neither user mode nor
 * rcu_is_cpu_rrupt_from_idle() and notes no rcu_sched QS (only rcu_bh's and rcu_preempt's). The
 * engine took the idle branch for any CPU whose run state was idle, kthread or not, and noted one in
 * the middle of the kthread's walk. 3.7 with a tree built for NR_CPUS=4096 (261 nodes) on 8 CPUs,
 * node visits made dear so that the init walk spans ticks (2.6 ms), CPUs 0-6 idle with their ticks
 * running (no NO_HZ), CPU 7 in a kernel loop (so the kthread goes to an idle CPU) queueing callbacks. */
Test(kthread_walk, a_tick_in_the_kthread_on_an_idle_cpu_is_no_rcu_sched_qs)
{
    rv_config cfg;
    fx_config(&cfg, 8, RV_MODE_KTHREAD);
    cfg.rcu.no_hz = false;
    cfg.rcu.nr_cpus_compiled = 4096;
    cfg.rcu.size_tree_by_nr_cpus = 0;
    cfg.costs.node_lock_ns = 10000;
    fx_add_phase(&cfg, "7", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    cr_assert_eq(rv_tree_nodes(e), 261);
    fx_run_s(e, 0.0015);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 7, 0, 1.0, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 7, RV_SCHED, 0, 1);
    int ticks_in_kthread = 0;
    while (rv_now_ns(e) < FX_S(0.5)) {
        bool held[8], quiesced[8];
        uint64_t jiffy = (uint64_t)(rv_now_ns(e) / 1000000);
        for (int c = 0; c < 7; c++) {
            rv_cpu_view v = fx_cpu(e, c);
            held[c] = v.running_kthread == RV_SCHED && v.tick_running;
            quiesced[c] = v.rdp[RV_SCHED].passed_quiesce;
        }
        if (rv_step_event(e) < 0) break;
        bool crossed = (uint64_t)(rv_now_ns(e) / 1000000) != jiffy;
        for (int c = 0; c < 7; c++) {
            rv_cpu_view v = fx_cpu(e, c);
            if (!held[c] || v.running_kthread != RV_SCHED) continue;
            ticks_in_kthread += crossed;
            cr_assert(quiesced[c] || !v.rdp[RV_SCHED].passed_quiesce,
                      "CPU %d noted an rcu_sched QS at %.6f s while the GP kthread ran there", c, (double)rv_now_ns(e) / 1e9);
        }
    }
    cr_expect_geq(ticks_in_kthread, 1, "no tick came while the kthread held an idle CPU: the test saw nothing");
    rv_engine_free(e);
}
