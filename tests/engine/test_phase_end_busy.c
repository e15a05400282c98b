/* pending_phase_end_busy.c — regression: a CPU whose phase ends while it is pinned (kernel loop, injected reader) must still go idle afterwards. */
/*
 * Fixed engine bug, kept as a regression test (workload.c): at a phase boundary phase_boundary() calls
 * cpu_go_idle(), which returns early for a CPU in a kernel loop or an injected reader and does not
 * try again. When the loop or reader ends (QE_KLOOP_END, reader_finish()) nothing schedules the
 * idle transition, and with no phase the CPU gets no runstate event, no context switches
 * (ensure_ctxsw() needs a phase's ctxsw_per_s) and no user-mode ticks: it stays "kernel" forever,
 * never passes an rcu_sched QS, and every later rcu_sched GP waits on it until a stall warning.
 * Found by random commands (65 CPUs, softirq, HZ 250): a 10 ms kernel loop injected on CPU 5 at
 * 594 ms, the phase ending at 600 ms; at 3 s CPU 5 is still "kernel" with dynticks 45 and
 * rcu_sched GP 45 is 2392 ms old with 18163 of 19710 callbacks invoked.
 */
#include "engine_fixtures.h"

static void pinned_at_phase_end(enum rv_inject_kind kind)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 2, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.stall_timeout_s = 3;
        cfg.rcu.needs_gp_fix = true; /* else 3.6 chains the day-one spurious GP, which idle CPUs never end */
        rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
        ph->end_s = 0.1;
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        fx_run_s(e, 0.095);
        fx_inject(e, kind, 1, RV_SCHED, 0.020, 0);
        fx_run_s(e, 0.200);
        cr_expect_eq(fx_cpu(e, 1).state, RV_CPU_IDLE_NOHZ, "%s: CPU 1 still %s after its %s ended", rv_mode_name(m),
                     rv_cpu_state_name(fx_cpu(e, 1).state), rv_inject_kind_name(kind));
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
        fx_run_s(e, 4.0);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        cr_expect_eq(f.gpnum, f.completed, "%s: rcu_sched GP %lu never ended", rv_mode_name(m), f.gpnum);
        cr_expect_eq(fx_klog_count(e, "stall"), 0u, "%s: a stall warning", rv_mode_name(m));
        rv_engine_free(e);
    }
}

Test(phase_end_busy, kernel_loop_across_phase_end) { pinned_at_phase_end(RV_INJ_KERNEL_LOOP); }
Test(phase_end_busy, sched_reader_across_phase_end) { pinned_at_phase_end(RV_INJ_LONG_READER); }
