/* test_rcuc.c — rcuc/N, the per-CPU callback kthread of CONFIG_RCU_BOOST: what its turn costs and which callbacks it invokes. */
#include "engine_fixtures.h"
#include "internal.h"

/* 4 busy CPUs in 3.7 with rcu_preempt boosted (rcu.rcu_boost), 10 ms in. */
static rv_engine *boosted(void)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.rcu.rcu_boost = true;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    return e;
}

/* rcu_kthread_do_work() runs rcu_do_batch() for rcu_sched and rcu_bh as well as rcu_preempt (v3.6
 * rcutree_plugin.h:1323-1328, v3.7 :1317-1322), so ready callbacks of every flavor go when rcuc/N runs;
 * its turn on the CPU costs it half of two context switches (the displaced task the other half). The
 * engine ran only rcu_preempt's batch there and charged no switch. */
Test(rcuc, its_turn_invokes_every_flavors_ready_callbacks_and_pays_a_switch)
{
    rv_engine *e = boosted();
    rcu_data *sched = &e->rsp[RV_SCHED].rda[1];
    e->ctx = CTX_TASK; e->ctx_cpu = 1;
    call_rcu(e, 1, RV_SCHED, 30, CB_NORMAL, 0);
    e->ctx = CTX_NONE; e->ctx_cpu = -1;
    for (int i = 0; i < 3; i++) cblist_advance(&sched->cbl);
    const long done = sched->cbl.seg[RV_DONE_TAIL];
    cr_assert_geq(done, 30, "CPU 1 holds %ld ready rcu_sched callbacks", done);
    const int64_t before = e->cpu[1].rcuc_ns;
    const rv_costs *k = &e->cfg.costs;
    handle_qev(e, &(qev){.t = e->now, .cpu = 1, .kind = QE_RCUC});
    cr_expect_eq(sched->cbl.seg[RV_DONE_TAIL], 0, "rcuc/1 invoked them: %ld left", sched->cbl.seg[RV_DONE_TAIL]);
    cr_expect_eq(e->cpu[1].rcuc_ns - before, k->sched_switch_ns + done * k->cb_invoke_ns,
                 "rcuc/1's time: one switch and %ld callbacks, got %lld ns", done, (long long)(e->cpu[1].rcuc_ns - before));
    rv_engine_free(e);
}
