/* test_softirq_bh.c — RCU_SOFTIRQ raised inside a bh-disabled section (an rcu_bh reader) waits for local_bh_enable(): irq_exit() runs no softirq while in_interrupt(). */
#include "engine_fixtures.h"

/* CPU 1 busy in the kernel holding rcu_read_lock_bh() for 50 ms while a grace period of every flavor
 * wants its quiescent state: its ticks raise RCU_SOFTIRQ, and nothing may run it before the reader
 * ends, neither an irq exit nor ksoftirqd (the task is not preemptible). At the unlock it runs at
 * once, in the task's context. The engine had run it at each tick's irq exit inside the section. */
Test(softirq_bh, raised_in_a_bh_section_runs_at_local_bh_enable)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->user_frac = 0;
    fx_log log = {.keep = FX_BIT(RV_EV_SOFTIRQ) | FX_BIT(RV_EV_READER_END)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_BH, 0.050, 0);
    for (int f = 0; f < RV_NFLAVORS; f++) fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, f, 0, 1);
    fx_run_s(e, 0.100);
    int64_t end = -1;
    for (size_t i = 0; i < log.n; i++)
        if (log.v[i].type == RV_EV_READER_END && log.v[i].cpu == 1 && log.v[i].flavor == RV_BH) end = log.v[i].t;
    cr_assert(end > FX_S(0.055), "the reader ended (at %lld ns)", (long long)end);
    size_t inside = 0, at_end = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (ev->type != RV_EV_SOFTIRQ || ev->cpu != 1) continue;
        if (ev->t > FX_S(0.0105) && ev->t < end) inside++;
        if (ev->t == end && ev->arg == 0) at_end++;
    }
    cr_expect_eq(inside, 0u, "RCU_SOFTIRQ ran %zu times on CPU 1 inside its bh-disabled section", inside);
    cr_expect_eq(at_end, 1u, "it runs once at the reader's local_bh_enable() (%zu)", at_end);
    rv_engine_free(e);
    fx_log_free(&log);
}
