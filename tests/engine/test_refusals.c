/* test_refusals.c — scripted acts that the kernel would not let happen are refused with the rule they break (events_not_applied, --strict), never counted as applied while doing nothing. */
#include "engine_fixtures.h"
#include "scenario.h"

/* 4 CPUs, all three flavors, busy in the kernel; CPU 2 taken offline at once. */
static rv_engine *machine(void)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    fx_add_phase(&cfg, "all", 0.5);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.01);
    fx_inject(e, RV_INJ_OFFLINE, 2, 0, 0, 0);
    fx_run_s(e, 0.02);
    return e;
}

static void refused(rv_engine *e, enum rv_inject_kind kind, int cpu, int flavor, double dur, const char *needle)
{
    rv_inject cmd = {.kind = kind, .cpu = cpu, .flavor = flavor, .duration_s = dur};
    char err[256];
    fx_inject_fails(e, &cmd, err, sizeof err);
    cr_expect(strstr(err, needle), "%s on CPU %d: \"%s\" does not say \"%s\"", rv_inject_kind_name(kind), cpu, err, needle);
}

/* idle, wake and force_qs on an offline CPU: nothing runs there. The engine applied all three as
 * no-ops. */
Test(refusals, offline_cpu)
{
    rv_engine *e = machine();
    refused(e, RV_INJ_IDLE, 2, 0, 0.1, "CPU 2 is offline");
    refused(e, RV_INJ_WAKE, 2, 0, 0, "CPU 2 is offline");
    refused(e, RV_INJ_FORCE_QS, 2, RV_SCHED, 0, "CPU 2 is offline");
    fx_inject(e, RV_INJ_FORCE_QS, -1, RV_SCHED, 0, 0); /* from anywhere: fine */
    fx_inject(e, RV_INJ_IDLE, -1, 0, 0.01, 0);          /* every CPU that can */
    rv_engine_free(e);
}

/* A kernel loop keeps preemption off: the CPU cannot switch to the idle task, and no task can call
 * synchronize_*() there. The engine deferred the idle to the loop's end (then idled for whatever was
 * left of it) and let the synchronize "sleep". */
Test(refusals, kernel_loop)
{
    rv_engine *e = machine();
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 0.5, 0);
    refused(e, RV_INJ_IDLE, 1, 0, 0.1, "looping in the kernel with preemption off");
    refused(e, RV_INJ_SYNCHRONIZE, 1, RV_SCHED, 0, "no task can call synchronize_sched() there");
    fx_inject(e, RV_INJ_SYNCHRONIZE, 0, RV_SCHED, 0, 0); /* another CPU: fine */
    fx_run_s(e, 0.6);
    fx_inject(e, RV_INJ_IDLE, 1, 0, 0.1, 0); /* the loop has ended */
    cr_expect(fx_cpu(e, 1).state == RV_CPU_IDLE_TICK || fx_cpu(e, 1).state == RV_CPU_IDLE_NOHZ);
    rv_engine_free(e);
}

/* rcu_idle_enter()'s lockdep checks: no idle entry inside any flavor's read-side critical section. */
Test(refusals, idle_inside_a_reader)
{
    rv_engine *e = machine();
    fx_inject(e, RV_INJ_LONG_READER, 0, RV_SCHED, 0.2, 0);
    refused(e, RV_INJ_IDLE, 0, 0, 0.1, "\"Illegal idle entry in RCU-sched read-side critical section.\"");
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_BH, 0.2, 0);
    refused(e, RV_INJ_IDLE, 1, 0, 0.1, "\"Illegal idle entry in RCU-bh read-side critical section.\"");
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_PREEMPT, 0.2, 0);
    refused(e, RV_INJ_IDLE, 3, 0, 0.1, "\"Illegal idle entry in RCU read-side critical section.\"");
    rv_engine_free(e);
}

/* A task preempted inside rcu_read_lock() is still runnable: the CPU runs it before it can idle. */
Test(refusals, idle_with_a_preempted_reader_runnable)
{
    rv_engine *e = machine();
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 0.2, 0);
    refused(e, RV_INJ_IDLE, 1, 0, 0.1, "is still runnable");
    rv_engine_free(e);
}

/* synchronize_sched() inside rcu_read_lock_sched() on the same CPU: the task would wait for its own
 * reader (lockdep: "Illegal synchronize_sched() in RCU-sched read-side critical section"). The engine
 * let the GP end under the reader and the call "complete". Any flavor's section forbids any
 * synchronize_*() (it may sleep). */
Test(refusals, synchronize_inside_a_reader)
{
    rv_engine *e = machine();
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.2, 0);
    refused(e, RV_INJ_SYNCHRONIZE, 1, RV_SCHED, 0,
            "synchronize_sched() would wait for it forever (\"Illegal synchronize_sched() in RCU-sched read-side critical section\")");
    refused(e, RV_INJ_SYNCHRONIZE, 1, RV_PREEMPT, 0, "synchronize_rcu() may not sleep there");
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_PREEMPT, 0.2, 0);
    refused(e, RV_INJ_SYNCHRONIZE, 3, RV_BH, 0, "\"Illegal synchronize_rcu_bh() in RCU-bh read-side critical section\"");
    fx_inject(e, RV_INJ_SYNCHRONIZE, 0, RV_SCHED, 0, 0); /* a CPU in no reader: fine */
    rv_engine_free(e);
}

/* The same from a scenario file (the author's hp_bad2.json, shortened): each is listed in
 * events_not_applied with its reason and a hint, and the self-deadlocked synchronize never ends. */
Test(refusals, scripted_events_are_listed_not_applied)
{
    const char *json =
        "{\"name\": \"t\", \"cpus\": 8, \"hz\": 250, \"seed\": 3, \"duration_s\": 1.5,"
        " \"rcu\": {\"mode\": \"kthread\", \"flavors\": [\"rcu_sched\", \"rcu_preempt\"], \"no_hz\": true},"
        " \"workload\": [{\"task\": \"worker\", \"cpus\": \"all\", \"busy_frac\": 0.5, \"user_frac\": 0.5, \"ctxsw_per_s\": 500,"
        "   \"irqs_per_s\": 200, \"call_rcu_per_s\": {\"rcu_sched\": 500}}],"
        " \"events\": ["
        "  {\"at_s\": 0.2, \"kind\": \"offline\", \"cpu\": 2},"
        "  {\"at_s\": 0.25, \"kind\": \"idle\", \"cpu\": 2, \"duration_s\": 0.1},"
        "  {\"at_s\": 0.26, \"kind\": \"wake\", \"cpu\": 2},"
        "  {\"at_s\": 0.29, \"kind\": \"force_qs\", \"cpu\": 2, \"flavor\": \"rcu_sched\"},"
        "  {\"at_s\": 0.5, \"kind\": \"kernel_loop\", \"cpu\": 3, \"duration_s\": 0.5},"
        "  {\"at_s\": 0.6, \"kind\": \"idle\", \"cpu\": 3, \"duration_s\": 0.1},"
        "  {\"at_s\": 0.7, \"kind\": \"long_reader\", \"cpu\": 5, \"flavor\": \"rcu_sched\", \"duration_s\": 0.5},"
        "  {\"at_s\": 0.8, \"kind\": \"idle\", \"cpu\": 5, \"duration_s\": 0.1},"
        "  {\"at_s\": 0.9, \"kind\": \"synchronize\", \"cpu\": 5, \"flavor\": \"rcu_sched\"}]}";
    rv_config cfg;
    char err[4096];
    cr_assert_eq(rv_scenario_parse(json, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    fx_log log = {.keep = FX_BIT(RV_EV_SYNC_BEGIN) | FX_BIT(RV_EV_SYNC_END) | FX_BIT(RV_EV_VIOLATION)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_run_until(e, rv_end_ns(e));
    const int want[] = {1, 2, 3, 5, 7, 8};
    const char *why[] = {"is offline", "is offline", "is offline", "looping in the kernel", "Illegal idle entry in RCU-sched",
                         "Illegal synchronize_sched()"};
    cr_assert_eq(rv_not_applied_count(e), 6u, "%zu not applied", rv_not_applied_count(e));
    for (size_t i = 0; i < 6; i++) {
        const rv_not_applied *n = rv_not_applied_get(e, i);
        cr_expect_eq(n->index, want[i], "not applied #%zu is $.events[%d]", i, n->index);
        cr_expect(strstr(n->reason, why[i]), "$.events[%d]: %s", n->index, n->reason);
        cr_expect(strchr(n->reason, ';'), "$.events[%d] has no hint: %s", n->index, n->reason);
    }
    cr_expect_eq(fx_count(&log, RV_EV_SYNC_BEGIN, -1), 0u, "the synchronize inside the reader began");
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    rv_config_free(&cfg);
    fx_log_free(&log);
}

/* The update streams' synchronize calls come from the task running on the CPU; inside a scripted
 * read-side critical section that task may not sleep, so the stream calls none there (in its own
 * flavor it would wait for itself). The engine let CPU 1's task call synchronize_rcu() inside its
 * own scripted rcu_preempt reader; the call's sleep then switched the reader out. */
Test(refusals, synchronize_stream_skips_a_scripted_reader)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->sync_per_s[RV_PREEMPT] = 200;
    ph->ctxsw_per_s = 0; /* the reader's task stays on CPU 1 (a switch would let another task run there) */
    fx_log log = {.keep = FX_BIT(RV_EV_SYNC_BEGIN)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 1.0, 0);
    fx_run_s(e, 0.9);
    size_t on0 = 0, on1 = 0;
    for (size_t i = 0; i < log.n; i++) { on0 += log.v[i].cpu == 0; on1 += log.v[i].cpu == 1; }
    cr_expect_gt(on0, 50u, "the stream on CPU 0 (no reader) called synchronize_rcu() %zu times", on0);
    cr_expect_eq(on1, 0u, "CPU 1's task called synchronize_rcu() %zu times inside its own reader", on1);
    rv_engine_free(e);
    fx_log_free(&log);
}
