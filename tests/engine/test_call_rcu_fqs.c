/* test_call_rcu_fqs.c — __call_rcu_core()'s forcing: 3.6's relaxed pass when overdue, also right after a qhimark crossing that forced nothing. */
#include "engine_fixtures.h"
#include "internal.h"

/* 4 busy CPUs, rcu_sched's grace period held open by a 50 ms reader on CPU 3 for long enough that
 * forcing passes have run since boot (so a CPU's n_force_qs_snap is behind rsp->n_force_qs). */
static rv_engine *held_gp(enum rv_mode mode, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_SCHED, 0.050, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.020);
    cr_assert(gp_in_progress(&e->rsp[RV_SCHED]), "the reader holds a grace period open");
    return e;
}

/* Queue on `cpu` exactly up to qlen_last_fqs_check + qhimark: none of these calls crosses, the next does. */
static void fill_to_qhimark(rv_engine *e, int cpu)
{
    const rcu_data *rdp = &e->rsp[RV_SCHED].rda[cpu];
    long n = rdp->qlen_last_fqs_check + e->cfg.rcu.qhimark - rdp->qlen;
    cr_assert_gt(n, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, cpu, RV_SCHED, 0, n);
}

/* A burst of two: call 1 crosses qhimark mid grace period and, a pass having run since the CPU's
 * snapshot, forces nothing; call 2 is below the new baseline and in 3.6 takes __call_rcu_core()'s
 * else branch, "force_quiescent_state(rsp, 1)" when jiffies_force_qs has passed (v3.6
 * rcutree.c:1916-1917). Checked: fails before call_rcu_overdue_fqs() also ran after a crossing call
 * (n_force_qs stayed where it was). */
Test(call_rcu_fqs, v36_the_call_after_a_crossing_that_forced_nothing_forces_when_overdue)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS)};
    rv_engine *e = held_gp(RV_MODE_SOFTIRQ, &log);
    rcu_state *rsp = &e->rsp[RV_SCHED];
    const rcu_data *rdp = &rsp->rda[1];
    fill_to_qhimark(e, 1);
    cr_assert_neq(rsp->n_force_qs, rdp->n_force_qs_snap, "a forcing pass ran since CPU 1's snapshot");
    rsp->jiffies_force_qs = e->jiffies - 1; /* overdue: no tick has acted on it yet */
    uint64_t before = rsp->n_force_qs;
    size_t fqs_events = log.n;
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 2);
    cr_expect_eq(rdp->blimit, LONG_MAX, "call 1 crossed qhimark with a GP running");
    cr_expect_eq(rsp->n_force_qs, before + 1, "call 2 ran one relaxed pass (n_force_qs %llu, was %llu)",
                 (unsigned long long)rsp->n_force_qs, (unsigned long long)before);
    cr_expect_gt(rsp->jiffies_force_qs, e->jiffies, "the pass re-armed jiffies_force_qs");
    cr_expect_gt(log.n, fqs_events, "an fqs event at the call");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 3.7 dropped the overdue branch: the same two calls neither force nor ask the kthread to. */
Test(call_rcu_fqs, v37_no_forcing_from_an_overdue_call)
{
    rv_engine *e = held_gp(RV_MODE_KTHREAD, NULL);
    rcu_state *rsp = &e->rsp[RV_SCHED];
    fill_to_qhimark(e, 1);
    cr_assert_neq(rsp->n_force_qs, rsp->rda[1].n_force_qs_snap);
    rsp->jiffies_force_qs = e->jiffies - 1;
    uint64_t before = rsp->n_force_qs;
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 2);
    cr_expect_eq(rsp->n_force_qs, before);
    cr_expect_not(rsp->gp_flags & RCU_GP_FLAG_FQS, "no RCU_GP_FLAG_FQS request");
    rv_engine_free(e);
}
