/* test_preempt_inject.c — preempted rcu_preempt readers: an injection must not context-switch a CPU that cannot be preempted, and which grace periods a queued task blocks (rcu_preempt_note_context_switch()). */
/*
 * Fixed engine bug, kept as a regression test (workload.c, apply_inject(), case RV_INJ_PREEMPT_READER): it
 * calls context_switch() unconditionally. On a CPU inside rcu_read_lock_sched()/_bh() or a kernel
 * loop (preemption off) that records rcu_sched and rcu_bh quiescent states in the middle of the
 * section, so the GP ends and callbacks run under a reader of those flavors (the safety checker
 * counts a violation) or a kernel-loop stall goes unreported. Expected: the reader starts, and
 * is preempted (onto blkd_tasks) only when the CPU next becomes preemptible, or the command is
 * refused with a message.
 */
#include "engine_fixtures.h"

static rv_engine *two_busy(fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    return e;
}

static void inside_reader(int flavor)
{
    fx_log log = {.keep = FX_BIT(RV_EV_QS) | FX_BIT(RV_EV_VIOLATION) | FX_BIT(RV_EV_CB_INVOKE)};
    rv_engine *e = two_busy(&log);
    fx_inject(e, RV_INJ_LONG_READER, 1, flavor, 0.030, 0);
    fx_run_s(e, 0.006);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, flavor, 0, 2);
    fx_run_s(e, 0.008);
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 0.005, 0);
    fx_run_s(e, 0.100);
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_QS, flavor) && log.v[i].cpu == 1)
            cr_expect(log.v[i].t < FX_S(0.005) || log.v[i].t >= FX_S(0.035), "%s QS on CPU 1 at %.3f ms, inside its reader",
                      rv_flavor_name(flavor), (double)log.v[i].t / 1e6);
    long inv = fx_find(&log, 0, RV_EV_CB_INVOKE, flavor);
    cr_assert(inv >= 0);
    cr_expect_geq(log.v[inv].t, FX_S(0.035), "%s callbacks ran at %.3f ms under the reader", rv_flavor_name(flavor),
                  (double)log.v[inv].t / 1e6);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(preempt_inject, inside_sched_reader) { inside_reader(RV_SCHED); }
Test(preempt_inject, inside_bh_reader) { inside_reader(RV_BH); }

Test(preempt_inject, inside_kernel_loop)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.stall_timeout_s = 3;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 4.0, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 1.0);
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 0.010, 0);
    fx_run_s(e, 3.5);
    cr_expect_eq(fx_klog_count(e, "rcu_sched self-detected stall on CPU { 1}"), 1u,
                 "the loop still stalls rcu_sched: nothing may context-switch it");
    rv_engine_free(e);
}

/* rcu_preempt_note_context_switch() with no task yet blocking this GP on the node (gp_tasks NULL) and
 * the CPU still owing: the task goes at the head of blkd_tasks and gp_tasks points at it, so the tasks
 * queued earlier by CPUs that had already reported block the GP as well (the kernel's "conservative
 * approach"). The engine let only the new task block it, and the GP ended under the older reader. */
Test(preempt_inject, a_task_blocking_with_no_gp_tasks_makes_the_earlier_ones_block_too)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK)};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    cfg.rcu.needs_gp_fix = true;
    rv_phase *ph = fx_add_phase(&cfg, "0-3", 1.0);
    ph->ctxsw_per_s = 200;
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 3, RV_PREEMPT, 0, 1);
    int64_t lim = rv_now_ns(e) + FX_S(1);
    while (fx_flavor(e, RV_PREEMPT).gpnum == fx_flavor(e, RV_PREEMPT).completed && rv_now_ns(e) < lim) rv_step_event(e);
    unsigned long g = fx_flavor(e, RV_PREEMPT).gpnum;
    cr_assert_neq(g, fx_flavor(e, RV_PREEMPT).completed, "an rcu_preempt GP runs");
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 0.020, 0); /* B: CPU 1 owes until a switch preempts it */
    while (fx_cpu(e, 0).rdp[RV_PREEMPT].qs_owed && rv_now_ns(e) < lim) rv_step_event(e);
    cr_assert(!fx_cpu(e, 0).rdp[RV_PREEMPT].qs_owed && fx_cpu(e, 1).rdp[RV_PREEMPT].qs_owed && log.n == 0,
              "CPU 0 reported, CPU 1 owes, nothing blocked yet");
    fx_inject(e, RV_INJ_PREEMPT_READER, 0, RV_PREEMPT, 0.060, 0); /* A: for the next GP only */
    cr_assert_eq(log.n, 1u);
    cr_assert_eq(log.v[0].arg, 0, "A does not block GP %lu", g);
    while (log.n < 2 && rv_now_ns(e) < lim) rv_step_event(e); /* CPU 1 switches: B blocks, CPU 1 owing */
    cr_assert_eq(log.n, 2u, "B was preempted");
    cr_assert_eq(log.v[1].arg, 1, "B blocks GP %lu", g);
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.030); /* B has ended, A has not */
    cr_expect_eq(fx_flavor(e, RV_PREEMPT).completed, g - 1, "GP %lu still waits for A (completed %lu)", g,
                 fx_flavor(e, RV_PREEMPT).completed);
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.060);
    cr_expect_geq(fx_flavor(e, RV_PREEMPT).completed, g, "and ends once A is done");
    rv_engine_free(e);
    fx_log_free(&log);
}
