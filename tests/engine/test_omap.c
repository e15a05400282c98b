/* test_omap.c — the OMAP "day-one dyntick-idle stall" in miniature: 3.6 starts a GP nobody needs, an idle box never ends it, the first wakeup warns; 3.7 does not. */
#include "engine_fixtures.h"
#include "scenario.h"

#include <ctype.h>
#include <limits.h>

#define HZ 100
#define IDLE_S 5.0
#define BURST_AT 0.05

/* A small board: `cpus` CPUs with no workload at all (idle from boot, NO_HZ), HZ 100, a 3 s stall
 * timeout. At 50 ms CPU 0 queues a few callbacks and every CPU is told to stay idle until woken;
 * after IDLE_S seconds an interrupt wakes CPU 0. */
static rv_engine *board(int cpus, enum rv_mode mode, bool fix, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    cfg.hz = HZ;
    cfg.rcu.no_hz = true;
    cfg.rcu.stall_timeout_s = 3;
    cfg.rcu.needs_gp_fix = fix;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, BURST_AT);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 5);
    fx_inject(e, RV_INJ_IDLE, -1, 0, 0, 0);
    return e;
}

/* A shipped scenario's engine (mode -1: the file's own) */
static rv_engine *shipped(const char *name, int mode)
{
    rv_config cfg;
    fx_shipped_config(name, &cfg);
    if (mode >= 0) cfg.rcu.mode = (enum rv_mode)mode;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    return e;
}

static void wake_cpu0(rv_engine *e)
{
    fx_run_s(e, BURST_AT + IDLE_S);
    fx_inject(e, RV_INJ_WAKE, 0, 0, 0, 0);
    fx_run_s(e, BURST_AT + IDLE_S + 0.1);
}

/* "INFO: rcu_sched self-detected stall on CPU { N}  (t=T jiffies)" → T, or 0 if not that form. */
static unsigned long self_stall_t(const char *line, int *cpu)
{
    const char *pre = "INFO: rcu_sched self-detected stall on CPU { ";
    size_t n = strlen(pre);
    if (strncmp(line, pre, n) != 0 || !isdigit((unsigned char)line[n])) return 0;
    char *p;
    *cpu = (int)strtol(line + n, &p, 10);
    if (strncmp(p, "}  (t=", 6) != 0) return 0;
    unsigned long t = strtoul(p + 6, &p, 10);
    return strcmp(p, " jiffies)") == 0 ? t : 0;
}

/* 3.6: the GP that ends retires the callbacks, and the old cpu_needs_another_gp() (WAIT not yet
 * advanced) starts one more. Its CPUs then stop their ticks with nothing to drive FQS. */
static void check_36_stall(int cpus)
{
    fx_log log = {.keep = FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_CB_INVOKE) |
                          FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_STALL) | FX_BIT(RV_EV_FQS_CREDIT)};
    rv_engine *e = board(cpus, RV_MODE_SOFTIRQ, false, &log);
    fx_run_s(e, 1.0);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed, "%d CPU(s): a GP is still in progress after the callbacks ran", cpus);
    cr_expect_geq(f.gpnum, 2ul, "one GP for the callbacks, one more that nobody asked for");
    for (int fl = 0; fl < RV_NFLAVORS; fl++) cr_expect_eq(fx_qlen_total(e, fl), 0, "no callbacks wait on it");
    cr_expect_eq(fx_sum_n(&log, RV_EV_CB_INVOKE, RV_SCHED), 5);
    for (int c = 0; c < cpus; c++) cr_expect_eq(fx_cpu(e, c).state, RV_CPU_IDLE_NOHZ, "cpu %d idle, tick stopped", c);
    long last_inv = fx_find_last(&log, RV_EV_CB_INVOKE, RV_SCHED);
    long spurious = fx_find_last(&log, RV_EV_GP_START, RV_SCHED);
    cr_expect_eq(log.v[spurious].gp, f.gpnum);
    cr_expect_leq(log.v[spurious].t, log.v[last_inv].t, "it started no later than the last callbacks ran");
    size_t before = log.n;
    wake_cpu0(e);
    long fqs_idle = -1;
    for (size_t i = 0; i < before; i++)
        if (fx_match(&log.v[i], RV_EV_FQS, RV_SCHED) && log.v[i].t > FX_S(0.5)) fqs_idle = (long)i;
    cr_expect_eq(fqs_idle, -1, "no FQS while every CPU was idle");
    long k = fx_klog_find(e, "stall");
    cr_assert(k >= 0, "no stall warning after the wakeup");
    int cpu = -1;
    unsigned long t = self_stall_t(rv_klog_line(e, (size_t)k), &cpu);
    cr_assert_gt(t, 0ul, "not the self-detected form: %s", rv_klog_line(e, (size_t)k));
    cr_expect_eq(cpu, 0, "the CPU that woke reports itself");
    unsigned long idle_j = (unsigned long)(IDLE_S * HZ);
    cr_expect(t <= idle_j && t + 10 >= idle_j, "t=%lu jiffies, about the %lu jiffies of idleness", t, idle_j);
    cr_expect_geq(rv_klog_time(e, (size_t)k), FX_S(BURST_AT + IDLE_S), "only at the wakeup");
    long st = fx_find(&log, 0, RV_EV_STALL, RV_SCHED);
    cr_assert(st >= 0);
    cr_expect_eq(log.v[st].gp, f.gpnum, "the stall is about the callback-free GP");
    cr_expect_eq(fx_klog_count(e, "stall"), 1u);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(omap, softirq_3_6_one_cpu_false_stall) { check_36_stall(1); }
Test(omap, softirq_3_6_two_cpus_false_stall) { check_36_stall(2); }

/* 3.7: the GP kthread's FQS timer keeps running while a GP is in progress, so even the callback-free
 * GP ends a few jiffies later; then the box is truly idle. */
Test(omap, kthread_3_7_no_stall)
{
    fx_log log = {.keep = FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_CB_INVOKE) |
                          FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_KTHREAD_WAKE) | FX_BIT(RV_EV_STALL)};
    rv_engine *e = board(2, RV_MODE_KTHREAD, false, &log);
    fx_run_s(e, 1.0);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f.completed, "no GP left running");
    cr_expect_eq(fx_sum_n(&log, RV_EV_CB_INVOKE, RV_SCHED), 5);
    /* every GP ends within two FQS intervals (3 jiffies each) of its start */
    for (size_t i = 0; i < log.n; i++) {
        if (!fx_match(&log.v[i], RV_EV_GP_END, RV_SCHED)) continue;
        cr_expect_leq(log.v[i].n, FX_S(6.0 / HZ) + FX_S(0.001), "GP %lu lasted %lld ns", (unsigned long)log.v[i].gp,
                      (long long)log.v[i].n);
    }
    /* FQS ran at a time when no callbacks were queued anywhere */
    long last_inv = fx_find_last(&log, RV_EV_CB_INVOKE, RV_SCHED);
    cr_assert(last_inv >= 0);
    long fqs_after = -1;
    for (size_t i = (size_t)last_inv; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_FQS, RV_SCHED) && log.v[i].t > log.v[last_inv].t) { fqs_after = (long)i; break; }
    cr_expect(fqs_after >= 0, "the kthread's timer drove an FQS pass after the last callback ran");
    for (int c = 0; c < 2; c++) cr_expect_eq(fx_cpu(e, c).state, RV_CPU_IDLE_NOHZ);
    /* then nothing at all happens until the wakeup */
    long last_gp_end = fx_find_last(&log, RV_EV_GP_END, RV_SCHED);
    int64_t quiet_from = log.v[last_gp_end].t + FX_S(0.001);
    size_t n_mark = log.n;
    for (size_t i = 0; i < n_mark; i++)
        cr_expect(log.v[i].t <= quiet_from, "event %u at %lld after the box went quiet", log.v[i].type, (long long)log.v[i].t);
    wake_cpu0(e);
    cr_expect_eq(fx_klog_count(e, "stall"), 0u, "3.7 prints no stall warning");
    cr_expect_eq(fx_count(&log, RV_EV_STALL, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* The 3.7 cpu_needs_another_gp() fix alone, in the 3.6 softirq design, also prevents it. */
Test(omap, softirq_with_needs_gp_fix_no_stall)
{
    for (int cpus = 1; cpus <= 2; cpus++) {
        fx_log log = {.keep = FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_STALL)};
        rv_engine *e = board(cpus, RV_MODE_SOFTIRQ, true, &log);
        fx_run_s(e, 1.0);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        cr_expect_eq(f.gpnum, f.completed, "%d CPU(s): no GP left running", cpus);
        cr_expect_eq(fx_count(&log, RV_EV_GP_START, RV_SCHED), 1u, "only the GP the callbacks needed");
        wake_cpu0(e);
        cr_expect_eq(fx_klog_count(e, "stall"), 0u);
        rv_engine_free(e);
        fx_log_free(&log);
    }
}

/* Without NO_HZ idle CPUs keep ticking, so any GP (spurious or not) ends at the next ticks: no warning. */
Test(omap, softirq_without_no_hz_no_stall)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_SOFTIRQ);
    cfg.hz = HZ;
    cfg.rcu.no_hz = false;
    cfg.rcu.stall_timeout_s = 3;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, BURST_AT);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 5);
    fx_inject(e, RV_INJ_IDLE, -1, 0, 0, 0);
    fx_run_s(e, 1.0);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f.completed);
    cr_expect_geq(f.grace_periods, 1u);
    cr_expect_eq(fx_qlen_total(e, RV_SCHED), 0, "callbacks done");
    wake_cpu0(e);
    cr_expect_eq(fx_klog_count(e, "stall"), 0u);
    rv_engine_free(e);
}

/* At the stall warning a student asks why CPU 0's 75 s of sleep were no quiescent state. On the shipped
 * omap-stall board the Why panel says: the GP's first FQS pass, the dynticks snapshot, ran only at the
 * wakeup and found CPU 0 running, so the idle before it counted for nothing (it used to say only
 * "waiting for a quiescent state"). */
Test(omap, explain_says_why_the_idle_stretch_did_not_count)
{
    rv_engine *e = shipped("omap-stall", RV_MODE_SOFTIRQ);
    while (fx_klog_find(e, "stall") < 0) cr_assert_geq(rv_step_event(e), 0, "the run ended without a stall warning");
    char why[1024];
    rv_explain(e, RV_SCHED, 0, -1, why, sizeof why);
    cr_expect(strstr(why, "CPU 0 noticed rcu_sched GP ") != NULL, "%s", why);
    cr_expect(strstr(why, "does not count: this GP's first FQS pass") != NULL, "%s", why);
    cr_expect(strstr(why, "found CPU 0 running") != NULL, "%s", why);
    cr_expect(strstr(why, "In 3.6 FQS runs only from a CPU that takes ticks") != NULL, "%s", why);
    rv_engine_free(e);
}

/* The times in that answer read as the top bar's clock and the stall note above it do: the wakeup is on
 * a jiffy of HZ=128 (7,812,500 ns), and "%.6f" made it "Idle before 80.007812 s" beside "t = 80.0078125 s"
 * and "The stall warning at 80.0078125 s" on the same slide (omap-stall, shot --cue 4). */
Test(omap, explain_gives_times_as_exact_as_the_clock)
{
    rv_engine *e = shipped("omap-stall", RV_MODE_SOFTIRQ);
    while (fx_klog_find(e, "stall") < 0) cr_assert_geq(rv_step_event(e), 0, "the run ended without a stall warning");
    char why[1024];
    rv_explain(e, RV_SCHED, 0, -1, why, sizeof why);
    cr_expect(strstr(why, "Idle before 80.0078125 s does not count") != NULL, "%s", why);
    cr_expect(strstr(why, "80.007812 s") == NULL, "a time cut to six decimals: %s", why);
    rv_engine_free(e);
}

/* rcu_bh gets no quiescent state from a context switch (rcu_note_context_switch() gives rcu_sched and
 * rcu_preempt theirs only); the Why panel listed one among rcu_bh's. small-busy at 1.0625 s: CPU 3 has
 * noticed rcu_bh GP 46 and waits (a kernel reviewer's case). */
Test(omap, why_lists_no_context_switch_among_rcu_bh_quiescent_states)
{
    rv_engine *e = shipped("small-busy", -1);
    rv_run_until(e, 1062500000LL);
    char why[1024];
    rv_explain(e, RV_BH, 3, -1, why, sizeof why);
    cr_assert(strstr(why, "is waiting for a quiescent state: ") != NULL, "%s", why);
    cr_expect(strstr(why, "the end of a softirq handler") != NULL, "%s", why);
    cr_expect(strstr(why, "a context switch is not one for rcu_bh") != NULL, "%s", why);
    rv_engine_free(e);
}
