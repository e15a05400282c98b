/* test_gp_lifecycle.c — grace periods start for queued callbacks and complete under both drivers; the 3.7 kthread's walk, wakeups, CPU time and latency. */
#include "engine_fixtures.h"

static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* Callbacks queued → a GP starts, ends, and the callbacks run; the counters only move forward. */
static void check_gp_for_callbacks(enum rv_mode mode)
{
    fx_log log = {0};
    rv_engine *e = machine(4, mode, "0-1", &log);
    rv_flavor_view f0 = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f0.gpnum, f0.completed, "no GP at boot");
    fx_run_s(e, 0.050);
    cr_expect_eq(fx_count(&log, RV_EV_GP_START, -1), 0u, "no GP without callbacks");
    for (int round = 0; round < 3; round++) {
        fx_inject(e, RV_INJ_CALL_RCU_BURST, round % 2, RV_SCHED, 0, 7);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_PREEMPT, 0, 3); /* an idle CPU queues too */
        unsigned long prev_gp = fx_flavor(e, RV_SCHED).gpnum, prev_c = fx_flavor(e, RV_SCHED).completed;
        int64_t queued = rv_now_ns(e), until = queued + FX_S(0.2);
        size_t mark = log.n;
        while (rv_now_ns(e) < until) {
            rv_step_jiffy(e);
            for (int f = 0; f < RV_NFLAVORS; f++) {
                rv_flavor_view v = fx_flavor(e, f);
                cr_assert_leq(v.completed, v.gpnum, "%s: completed %lu > gpnum %lu", rv_flavor_name(f), v.completed, v.gpnum);
                cr_assert_leq(v.gpnum - v.completed, 1ul, "%s: more than one GP in flight", rv_flavor_name(f));
            }
            rv_flavor_view v = fx_flavor(e, RV_SCHED);
            cr_assert_geq(v.gpnum, prev_gp);
            cr_assert_geq(v.completed, prev_c);
            prev_gp = v.gpnum; prev_c = v.completed;
        }
        for (int f = RV_SCHED; f <= RV_PREEMPT; f += RV_PREEMPT) {
            long st = fx_find(&log, mark, RV_EV_GP_START, f);
            cr_assert(st >= 0, "round %d: no %s GP after the burst", round, rv_flavor_name(f));
            cr_expect_leq(log.v[st].t - queued, FX_S(0.002), "round %d: %s GP started %lld ns after the burst", round,
                          rv_flavor_name(f), (long long)(log.v[st].t - queued));
        }
    }
    rv_flavor_view f1 = fx_flavor(e, RV_SCHED), p1 = fx_flavor(e, RV_PREEMPT), b1 = fx_flavor(e, RV_BH);
    cr_expect_geq(f1.completed, f0.completed + 3, "rcu_sched: at least one GP per burst");
    cr_expect_eq(f1.completed, f1.gpnum, "rcu_sched idle again");
    cr_expect_geq(p1.completed, 3ul, "rcu_preempt GPs for its callbacks");
    cr_expect_eq(b1.gpnum, 0ul, "rcu_bh had no callbacks: no GP");
    cr_expect_eq(f1.grace_periods, (uint64_t)(f1.completed - f0.completed));
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.flavors[RV_SCHED].callbacks_invoked, 21u);
    cr_expect_eq(r.flavors[RV_PREEMPT].callbacks_invoked, 9u);
    cr_expect_eq(r.flavors[RV_SCHED].grace_periods, f1.grace_periods);
    cr_expect_eq(fx_qlen_total(e, RV_SCHED), 0);
    /* gp_start / gp_end events pair up with rising numbers */
    unsigned long last = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (!fx_match(ev, RV_EV_GP_START, RV_SCHED) && !fx_match(ev, RV_EV_GP_END, RV_SCHED)) continue;
        if (ev->type == RV_EV_GP_START) { cr_expect_eq(ev->gp, last + 1); last = ev->gp; }
        else cr_expect_eq(ev->gp, last, "gp_end for the GP that started last");
    }
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(gp_lifecycle, callbacks_start_and_complete_gps_softirq) { check_gp_for_callbacks(RV_MODE_SOFTIRQ); }
Test(gp_lifecycle, callbacks_start_and_complete_gps_kthread) { check_gp_for_callbacks(RV_MODE_KTHREAD); }

/* 3.7: the kthread initialises every node, one at a time, breadth-first; then cleans them up. */
Test(gp_lifecycle, kthread_walks_every_node_in_order)
{
    fx_log log = {0};
    rv_engine *e = machine(64, RV_MODE_KTHREAD, "0-7", &log);
    fx_run_s(e, 0.010);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 3, RV_SCHED, 0, 4);
    fx_run_s(e, 0.200);
    long start = fx_find(&log, 0, RV_EV_GP_START, RV_SCHED);
    cr_assert(start >= 0);
    uint64_t gp = log.v[start].gp;
    int next = 0, cleaned = 0;
    int64_t last_t = -1;
    for (size_t i = (size_t)start; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (ev->flavor != RV_SCHED || ev->gp != gp) continue;
        if (ev->type == RV_EV_GP_INIT_NODE) {
            cr_expect_eq(ev->node, next, "init walk visits node %d next, got %d", next, ev->node);
            cr_expect_gt(ev->t, last_t, "one node per slice: time passes between nodes");
            last_t = ev->t;
            next++;
        } else if (ev->type == RV_EV_GP_CLEANUP_NODE) {
            cr_expect_eq(next, 5, "cleanup only after the whole init walk");
            cr_expect_eq(ev->node, cleaned, "cleanup walk order");
            cleaned++;
        } else if (ev->type == RV_EV_GP_END) {
            cr_expect_eq(cleaned, 5, "every node cleaned before the end");
            break;
        }
    }
    cr_expect_eq(next, 5, "all 5 nodes initialised");
    cr_expect_geq(fx_count(&log, RV_EV_KTHREAD_WAKE, RV_SCHED), 2u, "woken for INIT and for cleanup");
    long wake = fx_find(&log, 0, RV_EV_KTHREAD_WAKE, RV_SCHED);
    cr_expect(wake >= 0 && wake < start, "the INIT wakeup precedes the GP start");
    cr_expect_eq(log.v[wake].arg, 1, "first wakeup is for INIT");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 3.7: when the kthread's own FQS pass clears the root, rcu_report_qs_rsp()'s wake_up() finds it running
 * (it is not on gp_wq during rcu_gp_fqs(), v3.7 rcutree.c:1363-1364) and wakes nobody: the kthread goes
 * on to its cleanup in the same slice. The engine logged a "woken to clean up" there (60 of 82 such
 * wakeups in half a second of small-busy; helper's kernel review). Every logged wakeup is now a real one. */
Test(gp_lifecycle, no_wakeup_is_logged_when_the_kthreads_own_pass_clears_the_root)
{
    fx_log log = {.keep = FX_BIT(RV_EV_KTHREAD_WAKE) | FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_GP_END)};
    rv_engine *e = fx_stream_engine(4, RV_MODE_KTHREAD, "0-1", 1.0, 400, &log); /* CPUs 2-3 idle: the snapshot pass credits them */
    fx_run_s(e, 0.5);
    int ended_by_pass = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *fqs = &log.v[i];
        if (!fx_match(fqs, RV_EV_FQS, RV_SCHED)) continue;
        /* this pass ended its GP: the cleanup ran at the same instant */
        if (fx_find_same_t(&log, i, RV_EV_GP_END, RV_SCHED, (long)fqs->gp) < 0) continue;
        ended_by_pass++;
        for (size_t j = i; j-- > 0 && log.v[j].t == fqs->t;)
            cr_expect(!fx_match(&log.v[j], RV_EV_KTHREAD_WAKE, RV_SCHED) || log.v[j].arg != 4, /* 3: the timer that began this slice */
                      "GP %lu: a cleanup wakeup logged at %.6f s, with the kthread in its pass", (unsigned long)fqs->gp, fqs->t / 1e9);
    }
    cr_expect_geq(ended_by_pass, 10, "only %d GPs ended in the kthread's own pass", ended_by_pass);
    rv_report r;
    rv_report_build(e, &r);
    size_t logged = fx_count(&log, RV_EV_KTHREAD_WAKE, RV_SCHED);
    cr_expect_leq(logged, r.flavors[RV_SCHED].kthread_wakeups + 1, "%zu wakeups logged, %llu happened", logged,
                  (unsigned long long)r.flavors[RV_SCHED].kthread_wakeups);
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* 3.7: the GP kthread woken on an idle CPU starts a GP there (rcu_gp_init() notes the new GP for that
 * CPU, clearing its passed_quiesce) and goes back to sleep: __schedule() to the idle task runs
 * rcu_note_context_switch(), so the CPU has its rcu_sched QS at once. The engine noted it only for a
 * busy CPU, and the idle one waited for its next tick (helper's kernel review). */
Test(gp_lifecycle, the_kthread_leaving_an_idle_cpu_notes_its_qs)
{
    fx_log log = {.keep = FX_BIT(RV_EV_IDLE_EXIT) | FX_BIT(RV_EV_IDLE_ENTER) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_QS)};
    rv_engine *e = fx_stream_engine(4, RV_MODE_KTHREAD, "all", 0.1, 200, &log);
    fx_run_s(e, 0.5);
    int visits = 0;
    for (size_t i = 0; i + 1 < log.n; i++) {
        const rv_event *in = &log.v[i];
        if (in->type != RV_EV_IDLE_EXIT) continue;
        long start = -1, qs = -1, out = -1; /* in the same instant, on the same CPU */
        for (size_t j = i + 1; j < log.n && log.v[j].t == in->t && out < 0; j++) {
            const rv_event *x = &log.v[j];
            if (x->cpu != in->cpu) continue;
            if (fx_match(x, RV_EV_GP_START, RV_SCHED) && start < 0) start = (long)j;
            else if (fx_match(x, RV_EV_QS, RV_SCHED) && start >= 0) qs = (long)j;
            else if (x->type == RV_EV_IDLE_ENTER) out = (long)j;
        }
        if (start < 0 || out < 0) continue; /* not the kthread starting a GP on an idle CPU and leaving */
        visits++;
        cr_expect(qs >= 0 && qs < out, "CPU %d at %.6f s: GP %lu started, then back to idle without its QS", in->cpu, in->t / 1e9,
                  (unsigned long)log.v[start].gp);
    }
    cr_expect_geq(visits, 3, "only %d GP starts on idle CPUs", visits);
    rv_engine_free(e);
    fx_log_free(&log);
}

static const rv_thread_report *thread(const rv_report *r, const char *name)
{
    for (size_t i = 0; i < r->nthreads; i++)
        if (strcmp(r->threads[i].name, name) == 0) return &r->threads[i];
    return NULL;
}

/* 3.7 shows grace-period work as rcu_sched CPU time; 3.6 has no such thread. */
Test(gp_lifecycle, gp_kthreads_appear_in_top_only_in_3_7)
{
    for (int m = 0; m < 2; m++) {
        rv_engine *e = machine(8, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, "0-3", NULL);
        fx_run_s(e, 0.010);
        for (int k = 0; k < 5; k++) {
            fx_inject(e, RV_INJ_CALL_RCU_BURST, k % 4, RV_SCHED, 0, 10);
            fx_run_s(e, 0.010 + 0.05 * (k + 1));
        }
        rv_report r;
        rv_report_build(e, &r);
        cr_assert_geq(r.flavors[RV_SCHED].grace_periods, 5u, "%s", m ? "kthread" : "softirq");
        const rv_thread_report *t = thread(&r, "rcu_sched");
        if (m) {
            cr_assert_not_null(t, "3.7 lists rcu_sched");
            cr_expect_gt(t->cpu_seconds, 0.0);
            cr_expect(t->kernel_thread);
            cr_expect_gt(r.rcu_gp_kthreads_s, 0.0);
        } else {
            cr_expect_null(t, "3.6 has no rcu_sched kthread");
            cr_expect_null(thread(&r, "rcu_bh"));
            cr_expect_null(thread(&r, "rcu_preempt"));
            cr_expect_eq(r.rcu_gp_kthreads_s, 0.0);
            cr_expect_gt(r.softirq_inline_s + r.ksoftirqd_s, 0.0, "3.6 GP work hides in softirq time");
        }
        for (size_t i = 1; i < r.nthreads; i++)
            cr_expect_geq(r.threads[i - 1].cpu_seconds, r.threads[i].cpu_seconds, "threads sorted by CPU time");
        rv_report_free(&r);
        rv_engine_free(e);
    }
}

/* 4096 CPUs, NR_CPUS-sized: 3.6's init walk of 261 nodes is one irqs-off region of >= 200 us;
 * 3.7 takes each node's lock separately and stays in a few microseconds. */
static rv_report big_idle_box(enum rv_mode mode)
{
    rv_engine *e = machine(4096, mode, "0", NULL);
    cr_assert_eq(rv_tree_nodes(e), 261);
    fx_run_s(e, 0.005);
    for (int k = 0; k < 3; k++) {
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
        fx_run_s(e, 0.005 + 0.04 * (k + 1));
    }
    rv_report r;
    rv_report_build(e, &r);
    cr_assert_geq(r.flavors[RV_SCHED].grace_periods, 2u, "%s: GPs completed", rv_mode_name(mode));
    rv_engine_free(e);
    return r;
}

Test(gp_lifecycle, large_machine_latency_3_6_vs_3_7)
{
    rv_report r36 = big_idle_box(RV_MODE_SOFTIRQ);
    rv_report r37 = big_idle_box(RV_MODE_KTHREAD);
    cr_expect_geq(r36.max_irqs_off_us, 200.0, "3.6 irqs-off %.1f us", r36.max_irqs_off_us);
    cr_expect_geq(r36.max_nonpreempt_us, 200.0, "3.6 non-preemptible %.1f us", r36.max_nonpreempt_us);
    cr_expect_lt(r37.max_irqs_off_us, 10.0, "3.7 irqs-off %.1f us", r37.max_irqs_off_us);
    cr_expect_lt(r37.max_nonpreempt_us, 10.0, "3.7 non-preemptible %.1f us", r37.max_nonpreempt_us);
    /* what the stretch was: 3.6's is one of its whole regions (a forcing pass over the idle CPUs, or
     * the walks at GP end and start), 3.7's a single lock section */
    cr_expect_neq(r36.max_irqs_off_in, RV_IRQOFF_LOCK, "3.6's longest is a lock section");
    cr_expect_eq(r37.max_irqs_off_in, RV_IRQOFF_LOCK, "3.7's longest: %s", rv_irqoff_kind_name(r37.max_irqs_off_in));
    rv_report_free(&r36);
    rv_report_free(&r37);
}

/* rv_step_gp_phase stops at each phase change of the flavor's GP. */
Test(gp_lifecycle, step_gp_phase_stops_at_start_fqs_and_end)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    unsigned long g0 = fx_flavor(e, RV_SCHED).gpnum;
    cr_assert(rv_step_gp_phase(e, RV_SCHED, FX_S(1)));
    cr_expect_eq(fx_flavor(e, RV_SCHED).gpnum, g0 + 1, "first stop: the GP started");
    int stops = 1;
    while (fx_flavor(e, RV_SCHED).completed < g0 + 1 && stops < 50) {
        cr_assert(rv_step_gp_phase(e, RV_SCHED, FX_S(1)));
        stops++;
    }
    cr_expect_eq(fx_flavor(e, RV_SCHED).completed, g0 + 1, "stepped to the end of the GP");
    cr_expect_geq(stops, 2);
    int64_t t = rv_now_ns(e);
    cr_expect_not(rv_step_gp_phase(e, RV_BH, t + FX_S(0.01)), "no rcu_bh GP happens");
    cr_expect_eq(rv_now_ns(e), t + FX_S(0.01), "time moved to the limit");
    rv_engine_free(e);
}

/* A distro 3.6 kernel built for NR_CPUS=4096 walks all 261 nodes with irqs off even on 8 CPUs;
 * 3.7 sizes the tree by nr_cpu_ids and walks one. */
Test(gp_lifecycle, nr_cpus_sized_tree_costs_a_small_box)
{
    double irqs_off[2];
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 8, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.size_tree_by_nr_cpus = m == 1;
        cfg.rcu.nr_cpus_compiled = 4096;
        fx_add_phase(&cfg, "0-1", 1.0);
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        cr_expect_eq(rv_tree_nodes(e), m ? 1 : 261);
        fx_run_s(e, 0.005);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
        fx_run_s(e, 0.100);
        rv_report r;
        rv_report_build(e, &r);
        cr_expect_geq(r.flavors[RV_SCHED].grace_periods, 1u);
        irqs_off[m] = r.max_irqs_off_us;
        rv_report_free(&r);
        rv_engine_free(e);
    }
    cr_expect_geq(irqs_off[0], 200.0, "3.6 on 8 CPUs with NR_CPUS=4096: %.1f us irqs off", irqs_off[0]);
    cr_expect_lt(irqs_off[1], 10.0, "3.7: %.1f us", irqs_off[1]);
}
