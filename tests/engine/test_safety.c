/* test_safety.c — the independent safety checker: clean runs have no violations and an empty Reader Pipe tail; rcu_busted is caught; flavors do not wait on each other's readers. */
#include "engine_fixtures.h"

/* A busy box with readers and updates in every flavor, some readers long, some preempted, idle
 * stretches, and rcutorture's writer pipeline on `torture_flavor`. */
static rv_config torture_box(enum rv_mode mode, int torture_flavor, bool busted)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.seed = 42;
    cfg.rcu.busted = busted;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.8);
    ph->busy_period_ms = 30;
    fx_readers_all(ph, 800, 20);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        ph->readers[f].long_prob = 0.01;
        ph->readers[f].long_us = 5000;
        ph->call_rcu_per_s[f] = 1500;
    }
    ph->readers[RV_PREEMPT].preempt_prob = 0.3;
    ph->burst_mean = 4;
    ph->torture_writer = true;
    ph->torture_fake_writers = 2;
    ph->torture_flavor = torture_flavor;
    return cfg;
}

static void check_clean(enum rv_mode mode, int torture_flavor)
{
    rv_config cfg = torture_box(mode, torture_flavor, false);
    rv_report r = fx_report_after(&cfg, 1.5);
    rv_config_free(&cfg);
    cr_expect_gt(r.readers, 3000u, "readers ran: %lu", (unsigned long)r.readers);
    cr_expect_gt(r.callbacks_checked, 5000u, "callbacks checked: %lu", (unsigned long)r.callbacks_checked);
    for (int f = 0; f < RV_NFLAVORS; f++) cr_expect_gt(r.flavors[f].grace_periods, 10u, "%s GPs", rv_flavor_name(f));
    cr_expect_eq(r.violations, 0u, "%s, torture on %s: %lu violations", rv_mode_name(mode), rv_flavor_name(torture_flavor),
                 (unsigned long)r.violations);
    cr_expect_gt(r.reader_pipe[0] + r.reader_pipe[1], 0u);
    for (int i = 2; i < RV_PIPE_LEN; i++)
        cr_expect_eq(r.reader_pipe[i], 0u, "Reader Pipe[%d] = %lu", i, (unsigned long)r.reader_pipe[i]);
    cr_expect_gt(r.reader_pipe[1], 0u, "some readers saw an element whose callback had not run yet");
    rv_report_free(&r);
}

Test(safety, clean_run_kthread_torture_sched) { check_clean(RV_MODE_KTHREAD, RV_SCHED); }
Test(safety, clean_run_kthread_torture_preempt) { check_clean(RV_MODE_KTHREAD, RV_PREEMPT); }
Test(safety, clean_run_softirq_torture_bh) { check_clean(RV_MODE_SOFTIRQ, RV_BH); }
Test(safety, clean_run_softirq_torture_preempt) { check_clean(RV_MODE_SOFTIRQ, RV_PREEMPT); }

/* rcu_busted: callbacks run without a grace period; the checker and the Reader Pipe both see it. */
Test(safety, busted_is_caught)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg = torture_box(m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, RV_PREEMPT, true);
        rv_report r = fx_report_after(&cfg, 0.5);
        rv_config_free(&cfg);
        cr_expect_gt(r.violations, 0u, "%s: busted not caught", rv_mode_name(m));
        uint64_t tail = 0;
        for (int i = 2; i < RV_PIPE_LEN; i++) tail += r.reader_pipe[i];
        cr_expect_gt(tail, 0u, "%s: Reader Pipe beyond 1 stays empty", rv_mode_name(m));
        rv_report_free(&r);
    }
}

/* A violation is traced with the reader it overran. */
Test(safety, violation_event_names_the_reader)
{
    fx_log log = {.keep = FX_BIT(RV_EV_VIOLATION) | FX_BIT(RV_EV_READER_BEGIN)};
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.busted = true;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.002);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_BH, 0.010, 0);
    long rb = fx_find_last(&log, RV_EV_READER_BEGIN, RV_BH);
    cr_assert(rb >= 0);
    fx_run_s(e, 0.003);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_BH, 0, 3);
    long v = fx_find(&log, 0, RV_EV_VIOLATION, RV_BH);
    cr_assert(v >= 0, "no violation traced");
    cr_expect_eq((uint64_t)log.v[v].n, log.v[rb].id, "names reader %lu", (unsigned long)log.v[rb].id);
    cr_expect_eq(log.v[v].cpu, 1);
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_geq(r.violations, 3u, "every callback of the batch counts");
    rv_report_free(&r);
    /* a flavor with no reader running is not flagged */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 2);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, RV_PREEMPT), 0u, "no rcu_preempt reader was running");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A 200 ms reader of `slow` holds that flavor's GP; the other flavors' callbacks, queued at the
 * same moment, run long before it ends. */
static void check_isolation(enum rv_mode mode, int slow)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_READER_END)};
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 2, slow, 0.200, 0);
    for (int f = 0; f < RV_NFLAVORS; f++) fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, f, 0, 4);
    fx_run_s(e, 0.400);
    int64_t reader_end = -1;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_READER_END, slow) && log.v[i].cpu == 2 && log.v[i].n >= FX_S(0.199)) reader_end = log.v[i].t;
    cr_assert_gt(reader_end, 0, "the long reader ended");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        long inv = fx_find_last(&log, RV_EV_CB_INVOKE, f);
        cr_assert(inv >= 0, "%s callbacks ran", rv_flavor_name(f));
        cr_expect_eq(fx_sum_n(&log, RV_EV_CB_INVOKE, f), 4);
        if (f == slow)
            cr_expect_gt(log.v[inv].t, reader_end, "%s callbacks waited for its reader", rv_flavor_name(f));
        else
            cr_expect_lt(log.v[inv].t, FX_S(0.060), "%s: %s reader delayed it to %.3f s", rv_mode_name(mode),
                         rv_flavor_name(slow), (double)log.v[inv].t / 1e9);
    }
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.violations, 0u);
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(safety, sched_reader_delays_only_rcu_sched_kthread) { check_isolation(RV_MODE_KTHREAD, RV_SCHED); }
Test(safety, sched_reader_delays_only_rcu_sched_softirq) { check_isolation(RV_MODE_SOFTIRQ, RV_SCHED); }
Test(safety, preempt_reader_delays_only_rcu_preempt_kthread) { check_isolation(RV_MODE_KTHREAD, RV_PREEMPT); }
Test(safety, preempt_reader_delays_only_rcu_preempt_softirq) { check_isolation(RV_MODE_SOFTIRQ, RV_PREEMPT); }

/* rcu_read_lock_bh() disables bh and so preemption: no context switch, no rcu_bh QS inside it. */
Test(safety, long_bh_reader_holds_the_bh_grace_period)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_QS) | FX_BIT(RV_EV_VIOLATION)};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 2, RV_BH, 0.100, 0);
    fx_run_s(e, 0.006);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_BH, 0, 4);
    fx_run_s(e, 0.300);
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_QS, RV_BH) && log.v[i].cpu == 2)
            cr_expect(log.v[i].t < FX_S(0.005) || log.v[i].t >= FX_S(0.105),
                      "rcu_bh QS on CPU 2 at %.6f s, inside its bh reader", (double)log.v[i].t / 1e9);
    long inv = fx_find(&log, 0, RV_EV_CB_INVOKE, RV_BH);
    cr_assert(inv >= 0);
    cr_expect_geq(log.v[inv].t, FX_S(0.105), "rcu_bh callbacks ran at %.6f s, before the reader ended",
                  (double)log.v[inv].t / 1e9);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* rcutorture's pieces: one writer retiring an element per jiffy through the 9 re-queues of its
 * callback, and fake writers looping on synchronize_*(), all on the torture flavor only. */
Test(safety, torture_writers_use_their_flavor)
{
    for (int tf = 0; tf < RV_NFLAVORS; tf++) {
        fx_log log = {.keep = FX_BIT(RV_EV_SYNC_BEGIN) | FX_BIT(RV_EV_SYNC_END)};
        rv_config cfg;
        fx_config(&cfg, 4, tf == RV_BH ? RV_MODE_SOFTIRQ : RV_MODE_KTHREAD);
        rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
        ph->torture_writer = true;
        ph->torture_fake_writers = 3;
        ph->torture_flavor = tf;
        fx_readers_all(ph, 1000, 20);
        rv_engine *e = fx_engine(&cfg, &log);
        rv_config_free(&cfg);
        fx_run_s(e, 1.0);
        rv_report r;
        rv_report_build(e, &r);
        for (int f = 0; f < RV_NFLAVORS; f++) {
            if (f != tf) {
                cr_expect_eq(r.flavors[f].updates, 0u, "torture on %s queued on %s", rv_flavor_name(tf), rv_flavor_name(f));
                continue;
            }
            /* ~1000 elements x 9 stages, plus one callback per synchronize */
            cr_expect_gt(r.flavors[f].updates, 8000u, "%s updates %lu", rv_flavor_name(f), (unsigned long)r.flavors[f].updates);
            cr_expect_lt(r.flavors[f].updates, 9600u);
            cr_expect(r.flavors[f].sync_calls > 150 && r.flavors[f].sync_calls < 450, "%s: %lu synchronize calls from 3 fake writers",
                      rv_flavor_name(f), (unsigned long)r.flavors[f].sync_calls);
            cr_expect_gt(r.flavors[f].sync_latency_ms_mean, 1.0, "each waits for a GP");
        }
        for (size_t i = 0; i < log.n; i++) {
            cr_expect_eq(log.v[i].flavor, tf);
            cr_expect(log.v[i].id >= 1 && log.v[i].id <= 3, "task %lu is one of the 3 fake writers", (unsigned long)log.v[i].id);
        }
        cr_expect_eq(r.violations, 0u);
        cr_expect_gt(r.reader_pipe[1], 0u);
        for (int i = 2; i < RV_PIPE_LEN; i++) cr_expect_eq(r.reader_pipe[i], 0u);
        rv_report_free(&r);
        rv_engine_free(e);
        fx_log_free(&log);
    }
}

/* rcu_torture_stats_print() every 60 s: the Reader Pipe histogram in the kernel log, flagged
 * "!!!" once a reader saw an element older than a grace period. */
static void torture_minute(bool busted, rv_report *r, char *line, size_t linelen)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.hz = 100;
    cfg.rcu.busted = busted;
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->torture_writer = true;
    ph->torture_flavor = RV_PREEMPT;
    ph->readers[RV_PREEMPT].rate_per_s = 200;
    ph->readers[RV_PREEMPT].mean_us = 50;
    ph->readers[RV_PREEMPT].long_prob = 0.05;
    ph->readers[RV_PREEMPT].long_us = 50000;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_jiffies(e, 5999);
    cr_expect_eq(fx_klog_find(e, "Reader Pipe"), -1, "nothing before the first minute");
    fx_run_jiffies(e, 6000);
    long k = fx_klog_find(e, "Reader Pipe");
    cr_assert(k >= 0, "no Reader Pipe line at 60 s");
    cr_expect_eq(rv_klog_time(e, (size_t)k), FX_S(60));
    snprintf(line, linelen, "%s", rv_klog_line(e, (size_t)k));
    rv_report_build(e, r);
    rv_engine_free(e);
}

/* The expected line for a report's histogram. */
static void pipe_line(const rv_report *r, bool flagged, char *buf, size_t n)
{
    /* flagged here means the busted run: rcutorture prints its torture_type, rcu_busted */
    int len = snprintf(buf, n, "%s-torture: %sReader Pipe: ", flagged ? "rcu_busted" : "rcu", flagged ? "!!! " : "");
    for (int i = 0; i < RV_PIPE_LEN; i++) len += snprintf(buf + len, n - (size_t)len, " %lu", (unsigned long)r->reader_pipe[i]);
}

Test(safety, reader_pipe_in_the_kernel_log_every_minute)
{
    char line[512], want[512];
    rv_report r;
    torture_minute(false, &r, line, sizeof line);
    cr_expect_gt(r.reader_pipe[0] + r.reader_pipe[1], 5000u);
    pipe_line(&r, false, want, sizeof want);
    cr_expect_str_eq(line, want);
    rv_report_free(&r);
    torture_minute(true, &r, line, sizeof line);
    cr_expect_gt(r.violations, 0u);
    pipe_line(&r, true, want, sizeof want);
    cr_expect_str_eq(line, want, "busted: flagged with !!!");
    rv_report_free(&r);
}
