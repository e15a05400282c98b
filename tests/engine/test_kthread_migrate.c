/* pending_kthread_migrate.c — regression: when the GP kthread moves to another CPU mid-walk, the CPU it left must be an ordinary CPU again. */
/*
 * Fixed engine bug, kept as a regression test (kthread.c, kthread_run()): cpu->running_kthread is set on the
 * CPU the kthread runs on and cleared only on that same CPU when the kthread sleeps. If a slice
 * continues on another CPU (pick_cpu() skips kt->cpu because it became non-preemptible, or
 * cpu_offline() moved kt->cpu), the old CPU keeps running_kthread = flavor forever. Idle entry and
 * irq exit then skip dynticks_idle() on it ("the kthread is running here"), so the CPU sits in
 * dyntick-idle with an odd counter: FQS can never credit it and every later GP stalls on it.
 * Evidence (64 CPUs kthread mode, CPUs 0-3 busy, node_init_ns 1 ms so the init walk spans 5 ms,
 * a 3 ms rcu_sched reader injected on the kthread's CPU 0 at 7.5 ms): the kthread finishes on
 * CPU 1; rv_cpu_get(0).running_kthread stays 0; after RV_INJ_IDLE on CPU 0 its view says
 * dyntick-idle with dynticks = 1; the next GP never ends and at 3.2 s the klog says
 * "INFO: rcu_sched detected stalls on CPUs/tasks: { 0} (detected by 1, t=3002 jiffies)".
 */
#include "engine_fixtures.h"

static rv_engine *slow_walk(void)
{
    rv_config cfg;
    fx_config(&cfg, 64, RV_MODE_KTHREAD);
    fx_add_phase(&cfg, "0-3", 1.0);
    cfg.costs.node_init_ns = 1000000;
    cfg.rcu.stall_timeout_s = 3;
    cfg.rcu.needs_gp_fix = true;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.0075);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_eq(f.phase, RV_GP_INIT, "mid-walk");
    cr_assert(f.kthread_running);
    return e;
}

/* After the GP, the CPU it left idles properly and the next GP completes. */
static void check_old_cpu(rv_engine *e, int old)
{
    fx_run_s(e, 0.100);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_eq(f.gpnum, f.completed);
    cr_expect_eq(fx_cpu(e, old).running_kthread, -1, "CPU %d still marked as running the kthread", old);
    fx_inject(e, RV_INJ_IDLE, old, 0, 0, 0);
    fx_run_s(e, 0.150);
    rv_cpu_view v = fx_cpu(e, old);
    cr_expect_eq(v.dynticks & 1, 0ul, "idle CPU %d has an odd dynticks counter (%lu)", old, v.dynticks);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 1);
    fx_run_s(e, 4.0);
    f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f.completed, "GP %lu never ended", f.gpnum);
    long k = fx_klog_find(e, "stall");
    cr_expect_eq(k, -1, "false stall: %s", k >= 0 ? rv_klog_line(e, (size_t)k) : "");
}

Test(kthread_migrate, kthread_leaves_a_cpu_that_became_non_preemptible)
{
    rv_engine *e = slow_walk();
    int old = fx_flavor(e, RV_SCHED).kthread_cpu;
    fx_inject(e, RV_INJ_LONG_READER, old, RV_SCHED, 0.003, 0);
    check_old_cpu(e, old);
    cr_expect_neq(fx_flavor(e, RV_SCHED).kthread_cpu, old, "the kthread did move");
    rv_engine_free(e);
}

Test(kthread_migrate, kthread_cpu_goes_offline_mid_walk)
{
    rv_engine *e = slow_walk();
    int old = fx_flavor(e, RV_SCHED).kthread_cpu;
    fx_inject(e, RV_INJ_OFFLINE, old, 0, 0, 0);
    fx_run_s(e, 0.050);
    cr_expect_eq(fx_cpu(e, old).running_kthread, -1, "offline CPU %d marked as running the kthread", old);
    fx_inject(e, RV_INJ_ONLINE, old, 0, 0, 0);
    check_old_cpu(e, old);
    rv_engine_free(e);
}
