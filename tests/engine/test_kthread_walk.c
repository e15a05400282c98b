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
