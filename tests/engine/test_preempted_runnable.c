/* test_preempted_runnable.c — a task preempted inside rcu_read_lock() is still runnable: its CPU does not go idle before it has run again and left its section (lr2.json). */
#include "engine_fixtures.h"

/* 4 CPUs, rcu_sched and rcu_preempt, mostly idle (2 % busy in 1 ms stretches, switching at 1000/s),
 * with updates so that GPs keep coming; NO_HZ, so an idle CPU stops its tick. */
static rv_engine *mostly_idle(enum rv_mode mode, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.rcu.flavors[RV_BH] = false;
    cfg.rcu.no_hz = true;
    cfg.rcu.stall_timeout_s = 3;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.02);
    ph->busy_period_ms = 1;
    ph->call_rcu_per_s[RV_PREEMPT] = 200;
    ph->call_rcu_per_s[RV_SCHED] = 50;
    ph->idle_irqs_per_s = 20;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* The reader on CPU 1 is preempted at once (onto blkd_tasks) and lasts 5 s. CPU 1 must not enter idle
 * during it: it returns to the preempted task instead. The engine let it idle, tick stopped, for the
 * rest of the reader, as if the task had gone to sleep inside rcu_read_lock(). */
static void stays_busy(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_ENTER) | FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_READER_END) | FX_BIT(RV_EV_VIOLATION)};
    rv_engine *e = mostly_idle(mode, &log);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 5.0, 0);
    cr_assert_eq(fx_count(&log, RV_EV_READER_BLOCK, RV_PREEMPT), 1u, "preempted at once");
    size_t from = log.n;
    bool ran_again = false;
    while (rv_now_ns(e) < FX_S(5.4)) {
        rv_step_event(e);
        rv_cpu_view v = fx_cpu(e, 1);
        cr_assert(v.state != RV_CPU_IDLE_NOHZ && v.state != RV_CPU_IDLE_TICK, "%s: CPU 1 is idle at %.6f s with its preempted reader still runnable",
                  rv_mode_name(mode), rv_now_ns(e) / 1e9);
        ran_again |= v.rdp[RV_PREEMPT].in_reader;
    }
    for (size_t i = from; i < log.n; i++)
        cr_expect(!(log.v[i].type == RV_EV_IDLE_ENTER && log.v[i].cpu == 1), "%s: CPU 1 entered idle at %.6f s", rv_mode_name(mode),
                  log.v[i].t / 1e9);
    cr_expect(ran_again, "%s: the preempted task ran again on CPU 1", rv_mode_name(mode));
    cr_expect_eq(fx_count(&log, RV_EV_READER_BLOCK, RV_PREEMPT), 1u, "%s: run again and preempted again, it is not queued twice",
                 rv_mode_name(mode));
    fx_run_s(e, 6.0);
    long end = fx_find(&log, from, RV_EV_READER_END, RV_PREEMPT);
    cr_assert(end >= 0);
    bool idled = false;
    for (size_t i = (size_t)end; i < log.n; i++) idled |= log.v[i].type == RV_EV_IDLE_ENTER && log.v[i].cpu == 1;
    cr_expect(idled, "%s: CPU 1 idles again once the reader has ended", rv_mode_name(mode));
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}
Test(preempted_runnable, the_cpu_keeps_running_the_preempted_task_kthread) { stays_busy(RV_MODE_KTHREAD); }
Test(preempted_runnable, the_cpu_keeps_running_the_preempted_task_softirq) { stays_busy(RV_MODE_SOFTIRQ); }

/* The GP waits for the task on blkd_tasks, not for CPU 1: the task, run again, gives CPU 1's QS at its
 * next context switch (already queued, rcu_preempt_note_context_switch() only notes the QS). So the 3.7
 * stall warning lists no CPU, and 3.6/3.7's rcu_print_task_stall() skips the one task gp_tasks points
 * to: "{}" then "Stall ended before state dump start", as the kernel prints it; the "why" answer names
 * the task. */
Test(preempted_runnable, the_stall_names_the_task_not_the_cpu)
{
    rv_engine *e = mostly_idle(RV_MODE_KTHREAD, NULL);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 5.0, 0);
    fx_run_s(e, 4.0);
    cr_assert_eq(fx_klog_count(e, "rcu_preempt detected stalls on CPUs/tasks: {} (detected by"), 1u, "%s",
                 rv_klog_count(e) ? rv_klog_line(e, rv_klog_count(e) - 1) : "(no log)");
    cr_expect_eq(fx_klog_count(e, "INFO: Stall ended before state dump start"), 1u);
    cr_expect_eq(fx_klog_count(e, "self-detected"), 0u, "CPU 1 reported its own QS");
    char why[2048];
    rv_explain(e, RV_PREEMPT, -1, 0, why, sizeof why);
    cr_expect(strstr(why, "task P1001 was preempted inside rcu_read_lock() on CPU 1"), "%s", why);
    rv_engine_free(e);
}
