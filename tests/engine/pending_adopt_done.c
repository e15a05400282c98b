/* pending_adopt_done.c — (not built) callbacks already DONE on a CPU that goes offline must still be invoked by the CPU that adopts them. */
/*
 * Engine bug kept out of the suite (callbacks.c, cblist_push_done_front()): adopted DONE records
 * are pushed in front with `--l->head`. When the adopting CPU's list has head == 0 (it never
 * invoked anything, e.g. a fresh list), head wraps to UINT64_MAX while tail[0] stays 0, so
 * rcu_do_batch()'s `while (l->head < l->tail[0] ...)` never runs: seg[DONE] stays at the adopted
 * count forever, rcu_pending() is true on every tick (a softirq per tick for nothing) and the
 * callbacks are never invoked (callbacks_invoked < updates at the end of any run). grow() has the
 * same `i = head; i < end` loop and would drop the records if the ring had to grow.
 * Evidence (4 CPUs softirq, CPUs 0-2 busy, 5000 callbacks on CPU 2, offline CPU 2 once its DONE
 * list holds 4900): CPU 0's rdp shows seg = {4900, 0, 0, 0}, n_cbs_invoked 0, unchanged from 9 ms
 * to 14.5 ms and beyond, through ticks and softirqs on CPU 0.
 */
#include "engine_fixtures.h"

static void offline(rv_engine *e, int cpu) { fx_inject(e, RV_INJ_OFFLINE, cpu, 0, 0, 0); }

static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* Done callbacks stay done on adoption: no new GP is needed for them. */
Test(pending_adopt_done, adopted_done_callbacks_run_without_a_new_gp)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-2", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 5000); /* drains 10 per batch on a busy CPU */
    unsigned long g;
    int64_t until = FX_S(0.5);
    while (rv_now_ns(e) < until && fx_cpu(e, 2).rdp[RV_SCHED].seg[RV_DONE_TAIL] == 0) rv_step_event(e);
    rv_rdp_view r = fx_cpu(e, 2).rdp[RV_SCHED];
    cr_assert_gt(r.seg[RV_DONE_TAIL], 100, "a long DONE list");
    g = fx_flavor(e, RV_SCHED).completed;
    long done = r.seg[RV_DONE_TAIL];
    offline(e, 2);
    rv_rdp_view a = fx_cpu(e, 0).rdp[RV_SCHED];
    cr_expect_geq(a.seg[RV_DONE_TAIL], done, "adopted into DONE");
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.002);
    cr_expect_lt(fx_cpu(e, 0).rdp[RV_SCHED].seg[RV_DONE_TAIL], done, "CPU 0 is invoking them");
    cr_expect_leq(fx_flavor(e, RV_SCHED).completed, g + 1, "no GP wait needed for done callbacks");
    fx_run_s(e, 1.0);
    rv_report rep;
    rv_report_build(e, &rep);
    cr_expect_eq(rep.flavors[RV_SCHED].callbacks_invoked, 5000u, "every adopted callback ran");
    rv_report_free(&rep);
    rv_engine_free(e);
}

