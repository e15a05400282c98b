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

/* rcu_do_batch() takes its DONE callbacks off the list and lowers qlen only after invoking them
 * ("ACCESS_ONCE(rdp->qlen) -= count;" after the loop, v3.6 rcutree.c:1605, v3.7 :1833), so a callback
 * that queues another (rcutorture's rcu_torture_cb() re-queues its element) meets __call_rcu_core()'s
 * qhimark test with the whole batch still counted: the k-th such call sees qlen + k. Eight torture
 * callbacks in DONE on CPU 2, the qhimark baseline set four below the batch's size: the fifth
 * re-queue crosses and moves the baseline to its own qlen, 13. The engine lowered qlen callback by
 * callback, so every re-queue saw 8 and none crossed. */
Test(call_rcu_fqs, a_callback_queueing_another_sees_the_batch_still_counted)
{
    for (int m = 0; m < 2; m++) {
        rv_engine *e = held_gp(m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, NULL);
        rcu_state *rsp = &e->rsp[RV_SCHED];
        rcu_data *rdp = &rsp->rda[2];
        cr_assert_eq(rdp->qlen, 0, "CPU 2 queues nothing of its own");
        e->ctx = CTX_TASK; e->ctx_cpu = 2;
        for (int i = 0; i < 8; i++) call_rcu(e, 2, RV_SCHED, 1, CB_TORTURE, 1);
        for (int i = 0; i < 3; i++) cblist_advance(&rdp->cbl);
        cr_assert_eq(rdp->cbl.seg[RV_DONE_TAIL], 8);
        rdp->qlen_last_fqs_check = 8 + 4 - e->cfg.rcu.qhimark;
        e->ctx = CTX_SOFTIRQ;
        rcu_do_batch(e, rsp, 2, false);
        e->ctx = CTX_NONE; e->ctx_cpu = -1;
        cr_expect_eq(rdp->cbl.seg[RV_DONE_TAIL], 0, "%s: all eight invoked (blimit 10)", rv_mode_name(m));
        cr_expect_eq(rdp->qlen, 8, "%s: qlen %ld: the eight re-queued ones", rv_mode_name(m), rdp->qlen);
        cr_expect_eq(rdp->qlen_last_fqs_check, 13, "%s: baseline %ld, expected the fifth re-queue's qlen, 13",
                     rv_mode_name(m), rdp->qlen_last_fqs_check);
        rv_engine_free(e);
    }
}

/* force_quiescent_state()'s way in costs what the kernel's does, besides the pass. 3.6: the trylock
 * of rsp->fqslock, then the root's lock before the pass and again after it (v3.6 rcutree.c:1736,
 * 1744, 1764/1777): on this one-node tree three rcu_node visits in all with the pass's own. 3.7: the
 * caller climbs the fqslock funnel and takes the root's lock to set RCU_GP_FLAG_FQS (v3.7
 * rcutree.c:1964-1986), and the kthread takes it again to clear the flag after the pass (:1259-1264).
 * The engine charged only the pass's leaf: one visit in either version. */
Test(call_rcu_fqs, forcing_pays_for_its_locks_not_only_the_pass)
{
    for (int m = 0; m < 2; m++) {
        rv_engine *e = held_gp(m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, NULL);
        rcu_state *rsp = &e->rsp[RV_SCHED];
        cr_assert_eq(rv_tree_nodes(e), 1);
        uint64_t visits = rsp->node_lock_visits, passes = rsp->fqs_scans;
        fx_inject(e, RV_INJ_FORCE_QS, 0, RV_SCHED, 0, 0);
        fx_run_s(e, 0.0205); /* the 3.7 kthread's wakeup and pass */
        cr_assert_eq(rsp->fqs_scans, passes + 1, "%s: one pass", rv_mode_name(m));
        cr_expect_eq(rsp->node_lock_visits - visits, 3u, "%s: %llu rcu_node visits (root, leaf, root)", rv_mode_name(m),
                     (unsigned long long)(rsp->node_lock_visits - visits));
        rv_engine_free(e);
    }
}

/* 3.6's rcu_start_gp() takes the root's lock three times on a one-node tree: its caller's (held for
 * gpnum++), the walk's, and again after the walk to set RCU_SIGNAL_INIT (v3.6 rcutree.c:1109-1128).
 * Under the walk the starting CPU's own leaf is already locked, so __note_new_gpnum() and
 * __rcu_process_gp_end() take no lock of their own (v3.6 rcutree.c:1036-1050). The engine charged
 * two visits plus a note_gp_ns trylock. */
Test(call_rcu_fqs, v36_gp_start_visits_the_root_three_times_and_no_trylock)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    rcu_state *rsp = &e->rsp[RV_SCHED];
    cr_assert(!gp_in_progress(rsp), "an idle machine has no grace period going");
    e->ctx = CTX_SOFTIRQ; e->ctx_cpu = 0;
    call_rcu(e, 0, RV_SCHED, 1, CB_NORMAL, 0);
    const uint64_t visits = rsp->node_lock_visits;
    const int64_t spent = rsp->gp_overhead_ns;
    rcu_start_gp(e, rsp, 0);
    e->ctx = CTX_NONE; e->ctx_cpu = -1;
    cr_assert(gp_in_progress(rsp), "the callback asked for one");
    cr_expect_eq(rsp->node_lock_visits - visits, 3u, "%llu root visits", (unsigned long long)(rsp->node_lock_visits - visits));
    cr_expect_eq(rsp->gp_overhead_ns - spent, 3 * e->cfg.costs.node_lock_ns, "%lld ns: three visits, no trylock",
                 (long long)(rsp->gp_overhead_ns - spent));
    rv_engine_free(e);
}
