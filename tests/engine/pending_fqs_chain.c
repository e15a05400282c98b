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
