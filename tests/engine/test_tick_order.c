/* test_tick_order.c — a jiffy's simultaneous ticks do not favour low-numbered CPUs: CPUs running the same load carry the same share of RCU's softirq work. */
#include "engine_fixtures.h"
#include <math.h>

/* ksoftirqd/N's CPU seconds for each CPU after `secs` of kernel-build's load (every CPU in one phase:
 * FAST_NO_HZ, mostly user time, frequent switches and interrupts, 1,500 call_rcu()/s per CPU). */
static void ksoftirqd_per_cpu(enum rv_mode mode, int cpus, double secs, double *out)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    cfg.rcu.no_hz = true;
    cfg.rcu.fast_no_hz = true;
    cfg.rcu.nr_cpus_compiled = 64;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.85);
    ph->busy_period_ms = 15;
    ph->user_frac = 0.85;
    ph->ctxsw_per_s = 2000;
    ph->irqs_per_s = 2000;
    ph->call_rcu_per_s[RV_SCHED] = 1500;
    rv_engine *e = fx_engine(&cfg, NULL);
    fx_run_s(e, secs);
    rv_report r;
    rv_report_build(e, &r);
    for (int c = 0; c < cpus; c++) {
        char name[32];
        snprintf(name, sizeof name, "ksoftirqd/%d", c);
        out[c] = 0;
        for (size_t i = 0; i < r.nthreads; i++)
            if (strcmp(r.threads[i].name, name) == 0) out[c] = r.threads[i].cpu_seconds;
    }
    rv_report_free(&r);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* Under 3.6 the CPU whose tick first sees a GP to start, or an FQS deadline passed, does that work in
 * its softirq (__rcu_process_callbacks(), force_quiescent_state()'s fqslock), in ksoftirqd/N when the
 * softirq is deferred. The engine used to take a jiffy's ticks CPU 0 first, so CPU 0 always looked
 * first: at the end of kernel-build ksoftirqd/0 had 4.0 s and ksoftirqd/15 1.5 s. With the sweep's
 * start varying per jiffy, CPUs 0-7 and CPUs 8-15 carry the same ksoftirqd time within 5 %. */
static void expect_even_spread(enum rv_mode mode)
{
    enum { N = 16 };
    double t[N], low = 0, high = 0;
    ksoftirqd_per_cpu(mode, N, 60, t);
    for (int c = 0; c < N / 2; c++) low += t[c], high += t[N / 2 + c];
    cr_assert_gt(high, 0.0, "ksoftirqd/8-15 did no work: the test would prove nothing");
    cr_expect_lt(fabs(low / high - 1), 0.05, "ksoftirqd/0-7 have %.2f ms, ksoftirqd/8-15 %.2f ms (/0 %.2f ms, /15 %.2f ms)",
                 low * 1e3, high * 1e3, t[0] * 1e3, t[N - 1] * 1e3);
}

Test(tick_order, softirq_mode_spreads_gp_work_evenly) { expect_even_spread(RV_MODE_SOFTIRQ); }
Test(tick_order, kthread_mode_spreads_softirq_work_evenly) { expect_even_spread(RV_MODE_KTHREAD); }
