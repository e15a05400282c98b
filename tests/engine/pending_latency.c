/* pending_latency.c — (not built) 3.7's GP kthread should never be non-preemptible for more than a few microseconds on a 4096-CPU box. */
/*
 * Engine bug kept out of the suite: kthread_run() charges kthread_wakeup_ns (9 us: wakeup, context
 * switch, cache refill) into e->stretch_nonpreempt and only closes the stretch after the first
 * node/leaf of work, so a timer wakeup that runs an FQS pass over a 16-CPU leaf plus the climb to
 * the root reports 9.0 + 0.77 + 16*0.2 + 3*0.77 = 14.3 us. In 3.7 the kthread returns from
 * schedule() with preemption enabled; only each rcu_node lock section (<= ~4 us here) is
 * non-preemptible. With costs.kthread_wakeup_ns = 0 the same run reports 6.28 us.
 * Move into test_gp_lifecycle.c once kthread_run() closes the stretch after the wakeup.
 */
#include "engine_fixtures.h"

Test(pending_latency, kthread_nonpreempt_stays_below_10us_on_4096_cpus, .timeout = 30)
{
    rv_config cfg;
    fx_config(&cfg, 4096, RV_MODE_KTHREAD);
    fx_add_phase(&cfg, "0", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    for (int k = 0; k < 3; k++) {
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
        fx_run_s(e, 0.005 + 0.04 * (k + 1));
    }
    rv_report r;
    rv_report_build(e, &r);
    cr_assert_geq(r.flavors[RV_SCHED].grace_periods, 2u);
    cr_expect_lt(r.max_irqs_off_us, 10.0);
    cr_expect_lt(r.max_nonpreempt_us, 10.0, "3.7 non-preemptible %.2f us", r.max_nonpreempt_us);
    rv_report_free(&r);
    rv_engine_free(e);
}
