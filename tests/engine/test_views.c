/* test_views.c — the read-only views the app draws from: GP phases and walks, per-CPU state and readers, and "why is this grace period still waiting?". */
#include "engine_fixtures.h"
#include "scenario.h"

static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, rv_costs *costs)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    cfg.rcu.needs_gp_fix = true; /* no extra GP after the first: one clean lifecycle to watch */
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    if (costs) cfg.costs = *costs;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    return e;
}

/* 3.7: idle -> init (walking nodes in order) -> waiting (FQS timer armed) -> cleanup -> idle. */
Test(views, kthread_gp_phases_in_order)
{
    rv_costs k;
    rv_costs_defaults(&k);
    k.node_init_ns = 200000; /* a slow walk, so each node is visible between events */
    rv_engine *e = machine(64, RV_MODE_KTHREAD, "0-3", &k);
    fx_run_s(e, 0.005);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.phase, RV_GP_IDLE);
    cr_expect_eq(f.next_fqs_ns, -1);
    cr_expect_eq(f.fqs_state, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    enum rv_gp_phase seq[8] = {RV_GP_IDLE};
    int nseq = 1, last_walk = -1;
    bool saw_timer = false;
    while (rv_now_ns(e) < FX_S(0.1) && fx_flavor(e, RV_SCHED).completed < 1) {
        rv_step_event(e);
        f = fx_flavor(e, RV_SCHED);
        if (seq[nseq - 1] != f.phase) {
            cr_assert_lt(nseq, 8);
            seq[nseq++] = f.phase;
            last_walk = -1;
        }
        if (f.phase == RV_GP_INIT) {
            cr_expect_eq(f.fqs_state, 0, "3.7's rcu_gp_kthread() keeps fqs_state in a local: rsp->fqs_state stays 0 (rcuhier s=0)");
            cr_expect_gt(f.walk_node, last_walk, "the walk moves forward");
            last_walk = f.walk_node;
            cr_expect(f.kthread_running);
        }
        if (f.phase == RV_GP_WAIT && f.next_fqs_ns >= 0) {
            cr_expect_geq(f.next_fqs_ns, rv_now_ns(e), "the timer is still ahead (or firing now)");
            cr_expect_eq(f.next_fqs_ns % 1000000, 0, "the FQS timer fires on a tick boundary");
            cr_expect_eq(f.walk_node, -1);
            saw_timer = true;
        }
        if (f.phase == RV_GP_CLEANUP && f.walk_node < 0) {
            /* the root has nothing left to wait for and rcu_report_qs_rsp() woke the kthread: cleanup
             * is what comes, a wake-up latency before rcu_gp_cleanup()'s walk starts */
            cr_expect(f.kthread_woken && !f.kthread_running, "before its walk, cleanup means the kthread is woken");
        }
        if (f.phase == RV_GP_CLEANUP && f.kthread_running) cr_expect_geq(f.walk_node, 0);
    }
    /* 3.7's rcu_start_gp_per_cpu() does not accelerate: the callback queued just before the GP rides
     * the next one, so rcu_gp_cleanup() finds cpu_needs_another_gp() and chains straight into init */
    enum rv_gp_phase want[] = {RV_GP_IDLE, RV_GP_INIT, RV_GP_WAIT, RV_GP_CLEANUP, RV_GP_INIT};
    cr_assert_eq(nseq, 5, "phases seen: %d", nseq);
    for (int i = 0; i < 5; i++)
        cr_expect_eq(seq[i], want[i], "phase %d: %s, expected %s", i, rv_gp_phase_name(seq[i]), rv_gp_phase_name(want[i]));
    cr_expect(saw_timer, "the FQS timer was visible while waiting");
    f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.grace_periods, 1u);
    cr_expect_geq(f.kthread_cpu, 0);
    cr_expect_lt(f.kthread_cpu, 4, "the kthread ran on a busy CPU");
    rv_engine_free(e);
}

/* 3.6 has no kthread: only idle and waiting, and no kthread CPU. */
Test(views, softirq_gp_phases)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    bool waited = false;
    while (rv_now_ns(e) < FX_S(0.05)) {
        rv_step_event(e);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        cr_assert(f.phase == RV_GP_IDLE || f.phase == RV_GP_WAIT, "phase %s", rv_gp_phase_name(f.phase));
        cr_assert_eq(f.kthread_cpu, -1);
        cr_assert_not(f.kthread_running);
        if (f.phase == RV_GP_WAIT) {
            waited = true;
            cr_expect_gt(f.next_fqs_ns, 0);
        }
    }
    cr_expect(waited);
    cr_expect_geq(fx_flavor(e, RV_SCHED).completed, 1ul);
    rv_engine_free(e);
}

Test(views, cpu_states_and_tasks)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "0-1", 1.0);
    snprintf(ph->task, sizeof ph->task, "hackbench");
    ph->user_frac = 1.0;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.0105);
    rv_cpu_view v0 = fx_cpu(e, 0), v2 = fx_cpu(e, 2);
    cr_expect_str_eq(v0.task, "hackbench");
    cr_expect_eq(v0.state, RV_CPU_USER, "all user time: %s", rv_cpu_state_name(v0.state));
    cr_expect(v0.tick_running);
    cr_expect_str_eq(v2.task, "swapper");
    cr_expect_eq(v2.state, RV_CPU_IDLE_NOHZ);
    cr_expect_eq(v2.leaf, 0);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 0.5, 0);
    rv_cpu_view v1 = fx_cpu(e, 1);
    cr_expect_eq(v1.state, RV_CPU_KERNEL);
    cr_expect(v1.kernel_loop);
    fx_inject(e, RV_INJ_OFFLINE, 3, 0, 0, 0);
    rv_cpu_view v3 = fx_cpu(e, 3);
    cr_expect_eq(v3.state, RV_CPU_OFFLINE);
    cr_expect_str_eq(v3.task, "offline");
    cr_expect_not(v3.tick_running);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 50);
    fx_run_s(e, 0.1);
    cr_expect_gt(fx_cpu(e, 0).cpu_seconds_rcu, 0.0, "RCU work charged on a busy CPU");
    rv_cpu_view out = fx_cpu(e, 99);
    cr_expect_eq(out.running_kthread, -1, "out-of-range CPU view is empty");
    cr_expect_eq(out.rdp[RV_SCHED].qlen, 0);
    cr_expect_eq(rv_cpus(e), 4);
    rv_engine_free(e);
}

/* A reader that began before the GP is one the GP waits for; one that began after is not. */
Test(views, pre_existing_readers)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "all", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.030, 0);
    rv_cpu_view v = fx_cpu(e, 1);
    cr_expect(v.rdp[RV_SCHED].in_reader);
    cr_expect_eq(v.rdp[RV_SCHED].reader_since_ns, FX_S(0.005));
    cr_expect_not(v.rdp[RV_SCHED].reader_preexisting, "no GP yet");
    cr_expect_not(v.rdp[RV_BH].in_reader);
    fx_run_s(e, 0.006);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.010);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed);
    fx_inject(e, RV_INJ_LONG_READER, 2, RV_SCHED, 0.010, 0);
    v = fx_cpu(e, 1);
    cr_expect(v.rdp[RV_SCHED].reader_preexisting, "began before the GP");
    cr_expect(v.rdp[RV_SCHED].qs_owed, "and its CPU owes the GP a QS");
    rv_cpu_view w = fx_cpu(e, 2);
    cr_expect(w.rdp[RV_SCHED].in_reader);
    cr_expect_not(w.rdp[RV_SCHED].reader_preexisting, "began during the GP");
    fx_run_s(e, 0.060);
    v = fx_cpu(e, 1);
    cr_expect_not(v.rdp[RV_SCHED].in_reader);
    cr_expect_not(v.rdp[RV_SCHED].qs_owed);
    rv_engine_free(e);
}

/* An idle CPU does not look at new GPs; its rcu_data view lags until FQS or a wakeup. */
Test(views, idle_cpu_view_lags)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.100);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_geq(f.completed, 1ul);
    rv_cpu_view idle = fx_cpu(e, 3);
    cr_expect_lt(idle.rdp[RV_SCHED].gpnum, f.gpnum, "CPU 3 slept through GP %lu", f.gpnum);
    cr_expect_eq(fx_cpu(e, 0).rdp[RV_SCHED].gpnum, f.gpnum, "the busy CPU noticed");
    rv_engine_free(e);
}

static void explain(const rv_engine *e, int f, int cpu, char *buf, size_t n)
{
    int len = rv_explain(e, f, cpu, -1, buf, n);
    cr_assert_eq(len, (int)strlen(buf), "returns the length written");
}

/* At 5 ms: CPU 1 loops in the kernel for a second (no QS) and CPU 0 queues a callback, so an rcu_sched GP
 * opens and stays open at 5.5 ms; CPUs 2 and up are left to explain. */
static void gp_held_by_a_kernel_loop(rv_engine *e)
{
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 1.0, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.0055);
    cr_assert_neq(fx_flavor(e, RV_SCHED).gpnum, fx_flavor(e, RV_SCHED).completed);
}

/* With no grace period running, "nothing waits for CPU 1" stays true of the grace period, but a CPU
 * holding callbacks is told what they wait for: 2000 in N need a grace period its next softirq asks for
 * (a lecturer read "nothing waits" beside a tile of 2000 callbacks). */
Test(views, explain_says_what_an_idle_gp_leaves_callbacks_waiting_for)
{
    char buf[2048];
    for (int m = 0; m < 2; m++) {
        rv_engine *e = machine(4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, "0-1", NULL);
        fx_run_s(e, 0.005);
        cr_assert_eq(fx_flavor(e, RV_SCHED).gpnum, fx_flavor(e, RV_SCHED).completed, "no GP running");
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 2000);
        cr_assert_eq(fx_flavor(e, RV_SCHED).gpnum, fx_flavor(e, RV_SCHED).completed, "a burst under qhimark starts none");
        explain(e, RV_SCHED, 1, buf, sizeof buf);
        cr_expect(strstr(buf, "nothing waits for CPU 1.") != NULL, "%s", buf);
        cr_expect(strstr(buf, "But 2000 of its callbacks need one: its next RCU softirq") != NULL, "%s", buf);
        cr_expect_eq(strstr(buf, "GP kthread") != NULL, m == 1, "the kthread named in 3.7 only: %s", buf);
        rv_engine_free(e);
    }
}

Test(views, explain_names_the_holdout)
{
    char buf[2048];
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-1", NULL);
    fx_run_s(e, 0.005);
    explain(e, RV_SCHED, -1, buf, sizeof buf);
    cr_expect_str_eq(buf, "No rcu_sched grace period is in progress (completed = gpnum = 0).");
    explain(e, RV_SCHED, 2, buf, sizeof buf);
    cr_expect_str_eq(buf, "No rcu_sched grace period is in progress: nothing waits for CPU 2.");
    gp_held_by_a_kernel_loop(e);
    explain(e, RV_SCHED, 2, buf, sizeof buf);
    cr_expect(strstr(buf, "CPU 2 is dyntick-idle") != NULL, "%s", buf);
    cr_expect(strstr(buf, "In 3.6 FQS runs only from a CPU that takes ticks") != NULL, "%s", buf);
    explain(e, RV_SCHED, 1, buf, sizeof buf);
    cr_expect(strstr(buf, "CPU 1 has been looping in the kernel with preemption off since 0.005000 s") != NULL, "%s", buf);
    fx_run_s(e, 0.100);
    explain(e, RV_SCHED, 2, buf, sizeof buf);
    /* CPU 2 sleeps with its tick stopped: it cannot have reported, an FQS pass credited it (the Why
     * line hedged "has already reported ... (or FQS credited it)" beside a tile that said "snap") */
    cr_expect(strstr(buf, "An FQS pass credited CPU 2 for rcu_sched GP 1: its dynticks counter showed it idle") != NULL,
              "%s", buf);
    explain(e, RV_SCHED, -1, buf, sizeof buf);
    cr_expect(strncmp(buf, "rcu_sched GP 1, ", 16) == 0, "%s", buf);
    cr_expect(strstr(buf, "Node 0 (CPUs 0-3) still waits on qsmask 0x2.") != NULL, "%s", buf);
    cr_expect(strstr(buf, "\n- CPU 1 has been looping in the kernel") != NULL, "%s", buf);
    char small[16];
    int n = rv_explain(e, RV_SCHED, -1, -1, small, sizeof small);
    cr_expect_geq(n, 15, "the full length is returned");
    cr_expect_eq(strlen(small), 15u, "truncated to the buffer");
    rv_engine_free(e);

    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_BH] = false;
    e = fx_engine(&cfg, NULL);
    explain(e, RV_BH, 0, buf, sizeof buf);
    cr_expect_str_eq(buf, "That flavor is not enabled.");
    cr_expect_eq(rv_explain(e, RV_SCHED, 0, -1, buf, 0), 0);
    rv_engine_free(e);
}

/* The reader case of explain, and blocked tasks for rcu_preempt. */
Test(views, explain_readers)
{
    char buf[2048];
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "all", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_SCHED, 0.050, 0);
    fx_inject(e, RV_INJ_PREEMPT_READER, 2, RV_PREEMPT, 0.050, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 1);
    fx_run_s(e, 0.020);
    rv_explain(e, RV_SCHED, 3, -1, buf, sizeof buf);
    cr_expect(strstr(buf, "CPU 3 is inside an rcu_sched read-side critical section since 0.005000 s") != NULL, "%s", buf);
    cr_expect(strstr(buf, "No context switch can happen on it") != NULL, "%s", buf);
    rv_explain(e, RV_PREEMPT, -1, -1, buf, sizeof buf);
    /* every CPU has reported: the readers alone hold it, said without "waits on qsmask 0x0 and ..." */
    cr_expect(strstr(buf, "still waits on preempted readers on blkd_tasks") != NULL, "%s", buf);
    cr_expect(strstr(buf, "waits on qsmask 0x0") == NULL, "%s", buf);
    cr_expect(strstr(buf, "was preempted inside rcu_read_lock() on CPU 2 at 0.005000 s") != NULL, "%s", buf);
    /* asked about CPU 2 itself: it has reported, and the answer says what the GP waits for instead
     * (it stopped at "already reported", and a student looking at CPU 2 never saw the task) */
    rv_explain(e, RV_PREEMPT, 2, -1, buf, sizeof buf);
    cr_expect(strncmp(buf, "Task P", 6) == 0 && strstr(buf, " holds rcu_preempt GP ") != NULL, "%s", buf);
    cr_expect(strstr(buf, ", not CPU 2: preempted on this CPU at 0.005000 s, by the scenario's preempt_reader event, inside the "
                          "rcu_read_lock() it entered at 0.005000 s") != NULL, "%s", buf);
    cr_expect(strstr(buf, "CPU 2 itself has reported its quiescent state.") != NULL, "%s", buf);
    rv_explain(e, RV_PREEMPT, 1, -1, buf, sizeof buf);
    cr_expect(strstr(buf, "Task P") == NULL, "CPU 1 had no preempted reader: %s", buf);
    rv_engine_free(e);
}

/* Asking about one node: its CPU range, its qsmask, and the CPUs under it that hold the GP. */
Test(views, explain_a_node)
{
    char buf[4096];
    rv_engine *e = machine(64, RV_MODE_KTHREAD, "0-31", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 20, RV_SCHED, 0.050, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.030);
    cr_assert_neq(fx_flavor(e, RV_SCHED).gpnum, fx_flavor(e, RV_SCHED).completed);
    rv_node_view lf = fx_node(e, RV_SCHED, 2);
    cr_assert_eq(lf.grplo, 16);
    cr_assert_eq(lf.qsmask, 1ul << 4, "only CPU 20 left in its leaf (qsmask 0x%lx)", lf.qsmask);
    rv_explain(e, RV_SCHED, -1, 2, buf, sizeof buf);
    cr_expect(strstr(buf, "Node 2 (CPUs 16-31) still waits on qsmask 0x10.") != NULL, "%s", buf);
    cr_expect(strstr(buf, "\n- CPU 20 is inside an rcu_sched read-side critical section") != NULL, "%s", buf);
    rv_explain(e, RV_SCHED, -1, 1, buf, sizeof buf);
    cr_expect(strstr(buf, "Node 1 (CPUs 0-15) owes nothing more") != NULL, "%s", buf); /* issue 12: not "waits on qsmask 0x0" */
    cr_expect_null(strstr(buf, "\n- "), "nothing under node 1 holds the GP: %s", buf);
    rv_explain(e, RV_SCHED, -1, 0, buf, sizeof buf);
    cr_expect(strstr(buf, "Node 0 (CPUs 0-63) still waits on qsmask 0x2.") != NULL, "%s", buf);
    rv_engine_free(e);
}

/* next_fqs_ns tells when the next FQS pass will run, in both drivers. */
Test(views, next_fqs_predicts_the_pass)
{
    for (int m = 0; m < 2; m++) {
        fx_log log = {.keep = FX_BIT(RV_EV_FQS)};
        rv_config cfg;
        fx_config(&cfg, 4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        fx_add_phase(&cfg, "0", 1.0);
        rv_engine *e = fx_engine(&cfg, &log);
        rv_config_free(&cfg);
        fx_run_s(e, 0.0053);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
        int64_t predicted = -1;
        while (rv_now_ns(e) < FX_S(0.05) && log.n == 0) {
            rv_flavor_view f = fx_flavor(e, RV_SCHED);
            if (predicted < 0 && f.phase == RV_GP_WAIT && f.next_fqs_ns >= 0) predicted = f.next_fqs_ns;
            rv_step_event(e);
        }
        cr_assert_gt(predicted, 0, "%s: no prediction seen", rv_mode_name(m));
        cr_assert_gt(log.n, 0u, "%s: no FQS pass (idle CPUs 1-3 need one)", rv_mode_name(m));
        cr_expect_eq(log.v[0].t, predicted, "%s: the pass ran at %lld, predicted %lld", rv_mode_name(m), (long long)log.v[0].t,
                     (long long)predicted);
        rv_engine_free(e);
        fx_log_free(&log);
    }
}

/* An offline CPU: a GP begun before it went offline waits for its bit until FQS credits it; one begun
 * after never set it (it is out of qsmaskinit), and the panel must not say it "reported". */
Test(views, explain_offline_cpu)
{
    char buf[2048];
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0-1", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 1.0, 0); /* holds GP 1 open */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.0055);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed);
    cr_assert(fx_cpu(e, 3).rdp[RV_SCHED].qs_owed, "idle CPU 3 still owes GP %lu", f.gpnum);
    fx_inject(e, RV_INJ_OFFLINE, 3, 0, 0, 0);
    explain(e, RV_SCHED, 3, buf, sizeof buf);
    cr_expect(strstr(buf, "CPU 3 went offline at 0.005500 s, during rcu_sched GP 1. Its bit stays in qsmask") != NULL, "%s", buf);
    fx_run_s(e, 0.100); /* FQS credits it; CPU 1's loop still holds GP 1 */
    cr_assert_eq(fx_flavor(e, RV_SCHED).gpnum, f.gpnum);
    cr_assert_not(fx_cpu(e, 3).rdp[RV_SCHED].qs_owed);
    explain(e, RV_SCHED, 3, buf, sizeof buf);
    cr_expect(strstr(buf, "already reported") == NULL, "%s", buf);
    cr_expect(strstr(buf, "CPU 3 is offline (since 0.005500 s). rcu_sched GP 1 began before that, at 0.005005 s") != NULL, "%s", buf);
    cr_expect(strstr(buf, "an FQS pass credited it") != NULL, "%s", buf);
    fx_run_s(e, 1.200); /* the loop ends, GP 1 ends; a burst starts GP 2 without CPU 3 */
    cr_assert_geq(fx_flavor(e, RV_SCHED).completed, f.gpnum, "GP %lu done: %lu/%lu", f.gpnum, fx_flavor(e, RV_SCHED).gpnum, fx_flavor(e, RV_SCHED).completed);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 1.0, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 1.210);
    f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed);
    cr_assert_gt(f.gpnum, 1ul);
    explain(e, RV_SCHED, 3, buf, sizeof buf);
    cr_expect(strstr(buf, "already reported") == NULL, "%s", buf);
    cr_expect(strstr(buf, "began after it went offline, so it does not wait for it") != NULL, "%s", buf);
    cr_expect(strstr(buf, "rcu_cleanup_dead_cpu() took its bit out of node 0's qsmaskinit") != NULL, "%s", buf);
    rv_engine_free(e);
}

/* omap-stall's grace period is open for over a minute: "75960.938 ms old" read as a typo. Ages read
 * in ms below a second and in seconds from there. */
Test(views, a_long_grace_period_reads_its_age_in_seconds)
{
    char buf[2048];
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-1", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 2.0, 0); /* CPU 1 holds the GP open for two seconds */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.5);
    explain(e, RV_SCHED, -1, buf, sizeof buf);
    cr_expect(strstr(buf, " ms old.") != NULL, "half a second: %s", buf);
    fx_run_s(e, 1.5);
    explain(e, RV_SCHED, -1, buf, sizeof buf);
    cr_expect(strstr(buf, " s old.") != NULL && strstr(buf, " ms old.") == NULL, "1.5 s: %s", buf);
    cr_expect(strstr(buf, "GP 1, 1.49") != NULL, "its age in seconds: %s", buf);
    rv_engine_free(e);
}

/* A "U" tile that still owes a QS: user mode counts only when a tick finds the CPU there after it
 * noticed the GP (rcu_check_callbacks()); the explanation says so and names the next tick, since
 * "waiting for ... a tick in user mode" beside a U read as a quiescent state already given. */
Test(views, explain_user_mode_waits_for_its_tick)
{
    char buf[2048];
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->call_rcu_per_s[RV_SCHED] = 2000;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    bool found = false;
    for (int64_t t = FX_NS_PER_S / 100; t < FX_NS_PER_S && !found; t += 37000) { /* off the tick grid */
        rv_run_until(e, t);
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        for (int c = 0; c < 4 && !found; c++) {
            rv_cpu_view v = fx_cpu(e, c);
            if (v.state != RV_CPU_USER || !v.rdp[RV_SCHED].qs_owed || v.rdp[RV_SCHED].gpnum != f.gpnum || f.gpnum == f.completed)
                continue;
            explain(e, RV_SCHED, c, buf, sizeof buf);
            if (strstr(buf, "inside a") || strstr(buf, "passed a quiescent state")) continue; /* a reader, or already noted */
            found = true;
            cr_expect(strstr(buf, "running user code, which is a quiescent state only once a scheduling-clock tick finds it")
                      != NULL, "%s", buf);
            char next[64];
            snprintf(next, sizeof next, "Its next tick, at %.6f s,", (double)(rv_jiffies(e) + 1) / 1000);
            cr_expect(strstr(buf, next) != NULL, "names the next tick (%s): %s", next, buf);
        }
    }
    cr_expect(found, "no CPU in user mode owing a noticed GP within 1 s");
    rv_engine_free(e);
}

/* An idle CPU whose tick still runs (NO_HZ off here) is not one that "never reports": rcu_check_callbacks()
 * notes a QS for a tick taken from the idle loop and its softirq reports it. The panel said "an idle CPU never
 * reports it" for every even counter (maintainer review). */
Test(views, an_idle_cpu_with_its_tick_running_reports_from_its_tick)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    cfg.rcu.needs_gp_fix = true;
    cfg.rcu.no_hz = false; /* idle CPUs keep their tick */
    fx_add_phase(&cfg, "0-1", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    char buf[2048];
    fx_run_s(e, 0.005);
    gp_held_by_a_kernel_loop(e);
    explain(e, RV_SCHED, 2, buf, sizeof buf);
    cr_expect(strstr(buf, "CPU 2 is idle with its tick still running") != NULL, "%s", buf);
    cr_expect(strstr(buf, "never reports") == NULL, "%s", buf);
    rv_engine_free(e);
}

/* long-reader.json's CPU 3 at 12.1 s: the task was preempted when the self-detected stall warning's
 * set_need_resched() switched it out (3.7), not when its rcu_read_lock() began; 3.6 switches it out
 * earlier, by __rcu_pending()'s set_need_resched(). The answer gives the time it was preempted, what
 * preempted it, and when its section began. It used to say "preempted ... at" the section's start. */
static rv_engine *long_reader(enum rv_mode mode)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.rcu.flavors[RV_BH] = false;
    cfg.rcu.stall_timeout_s = 3;
    rv_phase *ph = fx_add_phase(&cfg, "0,2-3", 1.0);
    ph->call_rcu_per_s[RV_PREEMPT] = 200;
    ph->call_rcu_per_s[RV_SCHED] = 50;
    rv_phase *one = fx_add_phase(&cfg, "1", 1.0); /* in the kernel, never switching by itself */
    one->user_frac = 0;
    one->ctxsw_per_s = 0;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 6.0, 0);
    return e;
}

Test(views, explain_says_when_and_by_what_the_task_was_preempted_kthread)
{
    rv_engine *e = long_reader(RV_MODE_KTHREAD);
    fx_run_s(e, 4.0);
    long k = fx_klog_find(e, "self-detected stall on CPU { 1}"); /* rcu_sched's, here: CPU 1 never switches */
    cr_assert(k >= 0, "no self-detected stall");
    char at[160], buf[2048];
    snprintf(at, sizeof at, "preempted on this CPU at %.6f s, by the self-detected stall warning's set_need_resched()",
             rv_klog_time(e, (size_t)k) / 1e9);
    rv_explain(e, RV_PREEMPT, 1, -1, buf, sizeof buf);
    cr_expect(strstr(buf, at), "wanted \"%s\": %s", at, buf);
    cr_expect(strstr(buf, "inside the rcu_read_lock() it entered at 0.500000 s"), "%s", buf);
    rv_explain(e, RV_PREEMPT, -1, -1, buf, sizeof buf);
    snprintf(at, sizeof at, "on CPU 1 at %.6f s, by the self-detected stall", rv_klog_time(e, (size_t)k) / 1e9);
    cr_expect(strstr(buf, at), "wanted \"%s\": %s", at, buf);
    rv_engine_free(e);
}

Test(views, explain_says_when_and_by_what_the_task_was_preempted_softirq)
{
    rv_engine *e = long_reader(RV_MODE_SOFTIRQ);
    fx_run_s(e, 1.0);
    char buf[2048];
    rv_explain(e, RV_PREEMPT, 1, -1, buf, sizeof buf);
    cr_expect(strstr(buf, "by __rcu_pending()'s set_need_resched()"), "%s", buf);
    cr_expect(strstr(buf, "inside the rcu_read_lock() it entered at 0.500000 s"), "%s", buf);
    cr_expect(!strstr(buf, "preempted on this CPU at 0.500000 s"), "%s", buf);
    rv_engine_free(e);
}

/* tree.json's GP 40: CPU 13's report at 194 ms empties the root, and rcu_report_qs_rsp() wakes the
 * kthread, which runs rcu_gp_cleanup() 8 us later. In between the view says cleanup and "woken", not
 * "waiting for QSs" beside a root qsmask of 0 (a student's reading of the tree lecture's stop 5). */
Test(views, a_root_with_nothing_left_reads_as_cleanup_with_the_kthread_woken)
{
    rv_config cfg;
    fx_load_shipped("tree", &cfg);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.170);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.phase, RV_GP_WAIT, "CPU 13 still holds GP 40 at 170 ms");
    cr_expect_not(f.kthread_woken);
    fx_run_s(e, 0.194004);
    f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, 40u);
    cr_expect_eq(f.completed, 39u, "GP 40 is not over until the cleanup walk");
    cr_expect_eq(f.phase, RV_GP_CLEANUP, "phase %s", rv_gp_phase_name(f.phase));
    cr_expect(f.kthread_woken && !f.kthread_running);
    cr_expect_eq(f.walk_node, -1, "the walk has not started");
    rv_engine_free(e);
}

/* 3.7's init walk on the shipped tree scenario, stopped at rnp1 (163.0045 ms): the CPU running the GP
 * kthread is in kernel mode, whatever its task was doing (it was drawn "U"), and its Why line says the
 * rcu_sched quiescent state comes when the kthread sleeps, not at a user-mode tick (a reviewer's report). */
Test(views, the_cpu_running_the_gp_kthread_is_in_the_kernel)
{
    rv_config cfg;
    fx_shipped_config("tree", &cfg);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    rv_run_until(e, 163004500LL);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_eq(f.phase, RV_GP_INIT, "stopped inside the init walk");
    cr_assert_geq(f.kthread_cpu, 0);
    rv_cpu_view c;
    rv_cpu_get(e, f.kthread_cpu, &c);
    cr_expect_eq(c.running_kthread, RV_SCHED);
    cr_expect_eq(c.state, RV_CPU_KERNEL, "the kthread's CPU: state %d", c.state);
    char why[1024];
    rv_explain(e, RV_SCHED, f.kthread_cpu, -1, why, sizeof why);
    cr_expect(strstr(why, "running the rcu_sched GP kthread, kernel code") != NULL, "%s", why);
    rv_engine_free(e);
}

/* The whole-GP explanation names CPUs in the same plight on one "likewise" line: four idle CPUs of a
 * 3.6 box printed the same four-line paragraph four times (a speaker's --panel why) */
Test(views, cpus_in_the_same_plight_are_named_once)
{
    rv_engine *e = machine(8, RV_MODE_SOFTIRQ, "0", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    while (rv_now_ns(e) < FX_S(0.1) && fx_flavor(e, RV_SCHED).gpnum == fx_flavor(e, RV_SCHED).completed) fx_run_s(e, rv_now_ns(e) / 1e9 + 0.0001);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed, "no grace period started");
    char buf[8192];
    explain(e, RV_SCHED, -1, buf, sizeof buf);
    int paragraphs = 0;
    for (const char *p = buf; (p = strstr(p, "Idle is a quiescent state, but a tickless CPU never reports it")); p++) paragraphs++;
    cr_expect_eq(paragraphs, 1, "the idle CPUs' paragraph once: %s", buf);
    cr_expect(strstr(buf, "\n- likewise CPUs ") != NULL, "%s", buf);
    rv_engine_free(e);
}
