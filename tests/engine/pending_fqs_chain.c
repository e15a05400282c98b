/* pending_fqs_chain.c — (not built) 3.6: an FQS pass that ends a GP must not leak into the GP chained right after it. */
/*
 * Engine bug kept out of the suite (gp.c, rcu_gp_fqs_pass() in softirq mode): when the pass's
 * credits clear the root, rcu_report_qs_rsp() ends GP g and rcu_start_gp() chains GP g+1 *inside*
 * the pass. The pass then (1) emits its RV_EV_FQS summary with rsp->gpnum = g+1 although all its
 * fqs_credit events say g, and (2) runs `if (snapshot && gp_in_progress(rsp)) fqs_state =
 * RCU_FORCE_QS` against the new GP, so GP g+1 never takes a dynticks snapshot: its first pass is a
 * "check" comparing against GP g's stale dynticks_snap. A CPU that went idle->busy->idle->busy
 * (reader started) between that snapshot and GP g+1's start would be credited "dti" while its
 * reader, older than GP g+1, still runs. 3.6's force_quiescent_state() prevents this with
 * fqs_active/fqs_need_gp: rcu_start_gp() only sets fqs_need_gp while FQS runs, and the GP is
 * started after fqs_state is updated.
 * Trace (8 CPUs, CPU 0 busy, 3 callbacks at 5 ms, softirq): at 9 ms fqs_credit cpu 1..7 gp 1,
 * gp_end 1, gp_start 2, then {"ev":"fqs","gp":2,"pass":"snapshot","probed":7}; at 13 ms GP 2's
 * first real pass is {"ev":"fqs","gp":2,"pass":"check"}.
 * It is a real safety bug: a CPU that reported GP g by itself keeps a dynticks_snap from some
 * older GP; GP g+1's first (check) pass compares against it and credits the CPU "dti" although it
 * is busy inside a reader older than GP g+1 (second test: 3 CPUs, needs_gp_fix on; at 68 ms
 * {"ev":"fqs_credit","cpu":1,"gp":3,"why":"dti"} with CPU 1's counter odd (5, snapshot 2 from
 * GP 1), then {"ev":"violation","cpu":1,"cb":3,"reader":1}; the reader began at 61 ms, GP 3 at
 * 64 ms, and the reader ends at 111 ms).
 */
#include "engine_fixtures.h"

Test(pending_fqs_chain, chained_gp_starts_with_a_snapshot_pass)
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

Test(pending_fqs_chain, stale_snapshot_never_credits_a_cpu_inside_a_reader)
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
    cr_assert_eq(fx_cpu(e, 1).rdp[RV_SCHED].dynticks_fqs, 1ul);
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
