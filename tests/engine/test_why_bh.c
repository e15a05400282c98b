/* test_why_bh.c — "Why is it waiting?" for a CPU inside an rcu_bh reader: its softirq waits for local_bh_enable(). */
#include "engine_fixtures.h"
#include "internal.h"

/* Four busy CPUs; CPU 2 enters a 400 ms rcu_bh reader (bh disabled). rcu_sched's grace period then waits
 * on CPU 2, whose RCU_SOFTIRQ cannot run before the section ends; the explanation must say so, not
 * promise "its next RCU softirq" (the text before: checked failing, it said "it notices in its next
 * RCU softirq" or "normally raised by its next tick"). */
Test(why_bh, a_cpu_with_bottom_halves_off_waits_for_local_bh_enable)
{
    for (int mode = 0; mode < 2; mode++) {
        rv_config cfg;
        fx_config(&cfg, 4, mode ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.flavors[RV_BH] = true;
        fx_add_phase(&cfg, "all", 1.0);
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        fx_run_s(e, 0.010);
        fx_inject(e, RV_INJ_LONG_READER, 2, RV_BH, 0.400, 0);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1); /* a callback, so that a grace period starts */
        fx_run_s(e, 0.200);
        const rcu_state *rsp = &e->rsp[RV_SCHED];
        cr_assert(gp_in_progress(rsp), "mode %d: rcu_sched's GP waits on CPU 2", mode);
        char why[1024];
        rv_explain(e, RV_SCHED, 2, -1, why, sizeof why);
        cr_expect(strstr(why, "bottom halves disabled") && strstr(why, "local_bh_enable()") && strstr(why, "only after the section ends"),
                  "mode %d: %s", mode, why);
        cr_expect(!strstr(why, "next RCU softirq") && !strstr(why, "next tick"), "mode %d: %s", mode, why);
        cr_expect(strstr(why, "since 0.010") != NULL, "mode %d: the section's start: %s", mode, why);
        rv_engine_free(e);
    }
}
