/* test_kloop_task.c — a kernel_loop on a CPU that no phase covers is charged to a task of its own, "kernel_loop/N", which the threads list shows. */
/*
 * Fixed engine bug: the loop woke the idle CPU and kept it busy in the kernel, but do_tick() charged
 * a jiffy only to the task of the CPU's phase, so with none the loop's time went to nobody: the
 * report's threads (the window's top list) did not show where a second of CPU time went, and the
 * CPU tile named its task "task". In the kernel the tick charges the jiffy to whatever task is
 * current (account_process_tick()), here the one looping.
 */
#include "engine_fixtures.h"

static const rv_thread_report *thread_named(const rv_report *r, const char *name)
{
    for (size_t i = 0; i < r->nthreads; i++)
        if (strcmp(r->threads[i].name, name) == 0) return &r->threads[i];
    return NULL;
}

/* 4 CPUs, a phase on CPUs 0-1 alone; 3.6 or 3.7 */
static rv_engine *half_busy(int m)
{
    rv_config cfg;
    fx_config(&cfg, 4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
    fx_add_phase(&cfg, "0-1", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    return e;
}

Test(kloop_task, loop_on_idle_cpu_is_charged_to_its_own_thread)
{
    for (int m = 0; m < 2; m++) {
        rv_engine *e = half_busy(m);
        fx_run_s(e, 0.5);
        fx_inject(e, RV_INJ_KERNEL_LOOP, 3, RV_SCHED, 1.0, 0);
        fx_run_s(e, 1.0);
        cr_expect_str_eq(fx_cpu(e, 3).task, "kernel_loop/3", "%s: the CPU tile names the looping task", rv_mode_name(m));
        rv_report r;
        rv_report_build(e, &r);
        const rv_thread_report *t = thread_named(&r, "kernel_loop/3");
        cr_assert_not_null(t, "%s: no thread kernel_loop/3 in the report while CPU 3 loops", rv_mode_name(m));
        cr_expect(t->alive && t->kernel_thread, "%s: alive %d, kernel thread %d", rv_mode_name(m), t->alive, t->kernel_thread);
        cr_expect(t->cpu_seconds > 0.49 && t->cpu_seconds < 0.51, "%s: %.4f s charged after half of the loop", rv_mode_name(m),
                  t->cpu_seconds);
        rv_report_free(&r);

        fx_run_s(e, 3.0);
        rv_report_build(e, &r);
        t = thread_named(&r, "kernel_loop/3");
        cr_assert_not_null(t);
        /* one jiffy a tick, as a phase's task: the second of looping, give or take the ticks at its edges */
        cr_expect(t->cpu_seconds >= 0.998 && t->cpu_seconds <= 1.002, "%s: %.4f s charged for a 1 s loop", rv_mode_name(m),
                  t->cpu_seconds);
        cr_expect(!t->alive, "%s: the loop has ended, its task still alive", rv_mode_name(m));
        cr_expect_str_eq(fx_cpu(e, 3).task, "swapper", "%s: CPU 3 idle again", rv_mode_name(m));
        rv_report_free(&r);
        rv_engine_free(e);
    }
}

/* A loop inside a phase is the phase's task looping: its time stays the phase's, and no new row appears. */
Test(kloop_task, loop_inside_a_phase_stays_the_phase_task)
{
    rv_engine *e = half_busy(1);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, RV_SCHED, 1.0, 0);
    fx_run_s(e, 1.0);
    cr_expect_str_eq(fx_cpu(e, 1).task, "work");
    fx_run_s(e, 2.0);
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_null(thread_named(&r, "kernel_loop/1"));
    const rv_thread_report *t = thread_named(&r, "work");
    cr_assert_not_null(t);
    cr_expect(t->cpu_seconds > 3.99 && t->cpu_seconds < 4.01, "work on 2 CPUs for 2 s: %.4f s", t->cpu_seconds);
    rv_report_free(&r);
    rv_engine_free(e);
}
