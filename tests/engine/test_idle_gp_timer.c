/* test_idle_gp_timer.c — RCU_FAST_NO_HZ's idle_gp_timer with only lazy callbacks: round_jiffies(jiffies + 6 HZ). */
#include "engine_fixtures.h"
#include "internal.h"

/* rcu_prepare_for_idle() with only kfree_rcu() callbacks arms the timer at round_jiffies(jiffies +
 * RCU_IDLE_LAZY_GP_DELAY) (v3.6 rcutree_plugin.h:2056): a whole second with each CPU skewed by 3
 * jiffies, so (expiry + 3 * cpu) % HZ == 0. Before the fix the expiry was jiffies + 6 HZ, any jiffy. */
Test(idle_gp_timer, a_lazy_only_cpu_sleeps_to_a_rounded_second_skewed_by_its_number)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
    cfg.rcu.no_hz = true;
    cfg.rcu.fast_no_hz = true;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.3);
    ph->kfree_rcu_per_s = 300; /* lazy callbacks only: no call_rcu(), no synchronize */
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    int armed = 0;
    for (int k = 1; k <= 40; k++) {
        fx_run_s(e, 0.1 * k);
        for (int cpu = 0; cpu < 4; cpu++) {
            const rearm_timer *t = &e->cpu[cpu].idle_timer;
            if (!t->queued || t->queued_t <= rv_now_ns(e)) continue;
            int64_t j = t->queued_t / e->jiffy_ns;
            cr_expect_eq((j + 3 * cpu) % e->hz, 0, "CPU %d at %.1f s: idle_gp_timer at jiffy %lld", cpu, 0.1 * k, (long long)j);
            armed++;
        }
    }
    cr_expect_gt(armed, 10, "only %d armed timers seen: the check proved little", armed);
    rv_engine_free(e);
}
