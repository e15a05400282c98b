/* test_callbacks.c — callbacks travel the nxttail[] segments, run in batches of blimit (unlimited past qhimark), and synchronize_*() waits for a grace period. */
#include "engine_fixtures.h"

#include <limits.h>

static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* Lowest-index non-empty segment (DONE=0 ... NEXT=3), or -1 if the list is empty. */
static int where(const rv_rdp_view *r)
{
    for (int s = 0; s < RV_NSEGS; s++)
        if (r->seg[s]) return s;
    return -1;
}

/* Step event by event, recording which segments one burst on `cpu` passes through. The burst is
 * the only one queued, so the callbacks only ever move toward DONE. */
static void follow_burst(rv_engine *e, int cpu, int f, long n, bool seen[RV_NSEGS])
{
    memset(seen, 0, RV_NSEGS * sizeof *seen);
    unsigned long invoked0 = fx_cpu(e, cpu).rdp[f].n_cbs_invoked;
    fx_inject(e, RV_INJ_CALL_RCU_BURST, cpu, f, 0, n);
    rv_rdp_view r = fx_cpu(e, cpu).rdp[f];
    cr_expect_eq(r.seg[RV_NEXT_TAIL], n, "call_rcu appends at RCU_NEXT_TAIL");
    cr_expect_eq(r.qlen, n);
    int last = RV_NEXT_TAIL;
    seen[RV_NEXT_TAIL] = true;
    int64_t limit = rv_now_ns(e) + FX_S(0.5);
    while (rv_now_ns(e) < limit) {
        cr_assert_neq(rv_step_event(e), -1);
        r = fx_cpu(e, cpu).rdp[f];
        long total = r.seg[0] + r.seg[1] + r.seg[2] + r.seg[3];
        cr_assert_eq(total, r.qlen, "segments add up to qlen");
        cr_assert_eq(total + (long)(r.n_cbs_invoked - invoked0), n, "nothing lost or duplicated");
        int s = where(&r);
        if (s < 0) break;
        cr_assert_leq(s, last, "callbacks moved back from segment %d to %d", last, s);
        /* one burst: all of it sits in one segment, except a DONE batch part-way through */
        for (int k = s + 1; k < RV_NSEGS; k++) cr_assert_eq(r.seg[k], 0, "split across segments %d and %d", s, k);
        seen[s] = true;
        last = s;
    }
    cr_expect_eq(fx_cpu(e, cpu).rdp[f].qlen, 0, "all invoked within 0.5 s");
    cr_expect_eq(fx_cpu(e, cpu).rdp[f].n_cbs_invoked - invoked0, (unsigned long)n);
}

Test(callbacks, burst_moves_next_wait_done_invoked)
{
    for (int m = 0; m < 2; m++) {
        rv_engine *e = machine(4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, "all", NULL);
        fx_run_s(e, 0.005);
        bool seen[RV_NSEGS];
        follow_burst(e, 1, RV_SCHED, 300, seen);
        cr_expect(seen[RV_WAIT_TAIL], "%s: waited in RCU_WAIT_TAIL", rv_mode_name(m));
        cr_expect(seen[RV_DONE_TAIL], "%s: 300 callbacks at 10 per batch stay visible in RCU_DONE_TAIL", rv_mode_name(m));
        rv_engine_free(e);
    }
}

/* Callbacks queued on a CPU that then reports its QS for a running GP move NEXT -> NEXT_READY:
 * they ride the *next* GP and run only after it ends. */
Test(callbacks, queued_during_gp_wait_for_the_next_one)
{
    fx_log log = {.keep = FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_CB_QUEUE)};
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "all", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_SCHED, 0.020, 0); /* holds GP g open for 20 ms */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
    fx_run_s(e, 0.008);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed, "GP held open by the reader");
    unsigned long g = f.gpnum;
    bool seen[RV_NSEGS];
    follow_burst(e, 1, RV_SCHED, 5, seen);
    cr_expect(seen[RV_NEXT_READY_TAIL], "after CPU 1's QS report its callbacks are NEXT_READY");
    cr_expect(seen[RV_WAIT_TAIL]);
    long inv = -1, end_next = -1;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (fx_match(ev, RV_EV_CB_INVOKE, RV_SCHED) && ev->cpu == 1 && inv < 0) inv = (long)i;
        if (fx_match(ev, RV_EV_GP_END, RV_SCHED) && ev->gp == g + 1 && end_next < 0) end_next = (long)i;
    }
    cr_assert(inv >= 0 && end_next >= 0);
    cr_expect_gt(inv, end_next, "invoked only after GP %lu (the next one) ended", g + 1);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* On a busy CPU rcu_do_batch() stops at blimit (10); the rest waits for the next softirq. */
Test(callbacks, busy_cpu_invokes_at_most_blimit_per_batch)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE)};
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "all", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 2000);
    fx_run_s(e, 0.400);
    cr_expect_eq(fx_sum_n(&log, RV_EV_CB_INVOKE, RV_SCHED), 2000);
    size_t batches = 0, full = 0;
    for (size_t i = 0; i < log.n; i++) {
        if (!fx_match(&log.v[i], RV_EV_CB_INVOKE, RV_SCHED)) continue;
        cr_expect_eq(log.v[i].cpu, 2);
        cr_expect_leq(log.v[i].n, 10, "a batch of %lld on a busy CPU", (long long)log.v[i].n);
        batches++;
        full += log.v[i].n == 10;
    }
    cr_expect_eq(batches, 200u, "2000 callbacks in batches of 10");
    cr_expect_eq(full, 200u);
    cr_expect_eq(fx_cpu(e, 2).rdp[RV_SCHED].blimit, 10);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* In the idle task the batch runs until need_resched(): one pass drains the list. */
Test(callbacks, idle_cpu_invokes_without_limit)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE)};
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 3, RV_SCHED, 0, 500);
    fx_run_s(e, 0.200);
    cr_expect_eq(fx_sum_n(&log, RV_EV_CB_INVOKE, RV_SCHED), 500);
    long big = 0;
    for (size_t i = 0; i < log.n; i++)
        if (log.v[i].n > big) big = (long)log.v[i].n;
    cr_expect_gt(big, 10, "idle CPU 3 ran a batch larger than blimit");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* More than qhimark queued while a GP runs: blimit goes to LONG_MAX, and back to 10 once the queue
 * drops to qlowmark. Meanwhile the busy CPU invokes ONE callback per rcu_do_batch() pass, not all of
 * them: 3.6 and 3.7 copy blimit into "int bl", and LONG_MAX's low 32 bits make bl = -1 on a 64-bit
 * kernel (callbacks.c, kernel_batch_limit()). Checked: fails before that fix, whose passes took all
 * 12000 at once. */
Test(callbacks, qhimark_overflow_lifts_blimit_until_qlowmark)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE)};
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "all", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_SCHED, 0.010, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.007);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed, "a GP is running");
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 12000);
    rv_rdp_view r = fx_cpu(e, 1).rdp[RV_SCHED];
    cr_expect_eq(r.blimit, LONG_MAX, "past qhimark: blimit %ld, not LONG_MAX", r.blimit);
    cr_expect_eq(r.qlen, 12000);
    bool restored = false;
    long singles = 0;
    size_t seen = log.n;
    while (rv_now_ns(e) < FX_S(1.0)) {
        rv_step_event(e);
        r = fx_cpu(e, 1).rdp[RV_SCHED];
        if (r.blimit != LONG_MAX) {
            cr_expect_leq(r.qlen, 100, "blimit restored only at or below qlowmark (qlen %ld)", r.qlen);
            cr_expect_eq(r.blimit, 10);
            restored = true;
            break;
        }
        for (; seen < log.n; seen++) { /* a step that ended with blimit still LONG_MAX: every pass took one */
            if (log.v[seen].cpu != 1) continue;
            cr_expect_eq(log.v[seen].n, 1, "busy CPU 1 invoked %lld at once with blimit = LONG_MAX", (long long)log.v[seen].n);
            singles++;
        }
    }
    cr_expect(restored, "blimit never restored");
    /* the step that restores blimit may hold up to MAX_SOFTIRQ_RESTART (10) passes not counted here */
    cr_expect_geq(singles, 12000 - 100 - 10, "only %ld single-callback passes before qlowmark", singles);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* The shipped callbacks scenario, in both modes: CPU 1's 2000 behind its busy task go ten per pass (part
 * of them in ksoftirqd/1); idle CPU 2's 2000 go in one pass; the 12000 queued mid grace period lift
 * blimit without a forcing pass of their own (many have run since boot). From then on, as long as
 * blimit is LONG_MAX, busy CPU 1 invokes ONE callback per pass (3.6/3.7's "int bl" holds -1: callbacks.c,
 * kernel_batch_limit()), the 12000 and the 3000 queued 2 ms later alike, until the queue is down to
 * qlowmark; then ten per pass again, the 50 queued at 1.507 s among them, which reach the head of the
 * queue only then. (test_callbacks_captions.c checks that the file's captions and cues say so at their
 * moments.) */
Test(callbacks, the_callbacks_scenario_shows_what_its_captions_say)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_shipped_config("callbacks", &cfg);
        cfg.rcu.mode = m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
        fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END) |
                               FX_BIT(RV_EV_KTHREAD_WAKE)};
        rv_engine *e = fx_engine(&cfg, &log);
        const char *mode = m ? "3.7" : "3.6";
        /* the floods' moments as the file has them, so the checks follow the file */
        int64_t flood = 0, last50 = 0;
        for (size_t i = 0; i < cfg.nevents; i++) {
            if (cfg.events[i].count == 12000) flood = FX_S(cfg.events[i].at_s);
            if (cfg.events[i].count == 50) last50 = FX_S(cfg.events[i].at_s);
        }
        cr_assert(flood && last50, "the scenario's 12000 and 50 floods");
        long most_cpu1_busy = 0, tens_cpu1_busy = 0, most_cpu2 = 0, most_after = 0;
        bool lifted = false, restored = false, gp_open = false;
        long flood_invokes = 0, flood_multi = 0;
        int64_t restored_at = 0;
        size_t seen = 0, counted = 0;
        while (rv_now_ns(e) < FX_S(cfg.duration_s) && rv_step_event(e) != -1) {
            for (; seen < log.n; seen++) {
                const rv_event *ev = &log.v[seen];
                if (ev->flavor != RV_SCHED) continue;
                /* open before the flood: a GP its own call_rcu() starts, or one ending at that instant, does not count */
                if (ev->type == RV_EV_GP_START && ev->t < flood) gp_open = true;
                if (ev->type == RV_EV_GP_END && ev->t <= flood) gp_open = false;
                /* the flood forces nothing (hundreds of FQS passes ran since boot): 3.6 would have run a pass
                 * inline at that instant, 3.7 woken its kthread "for FQS" (nothing else here asks for one) */
                if (ev->type == RV_EV_FQS) cr_expect_neq(ev->t, flood, "%s: a forcing pass at the flood itself", mode);
                if (ev->type == RV_EV_KTHREAD_WAKE) cr_expect_neq(ev->arg, 2, "%s: the kthread woken for FQS at %.6f s", mode, ev->t / 1e9);
                if (ev->type != RV_EV_CB_INVOKE) continue;
                if (ev->cpu == 1 && ev->t >= FX_S(0.5) && ev->t < FX_S(1.0)) {
                    tens_cpu1_busy += ev->n == 10;
                    if ((long)ev->n > most_cpu1_busy) most_cpu1_busy = (long)ev->n;
                }
                if (ev->cpu == 2 && ev->t >= FX_S(1.0) && ev->t < flood && (long)ev->n > most_cpu2) most_cpu2 = (long)ev->n;
                if (ev->cpu == 1 && restored && ev->t > restored_at && (long)ev->n > most_after) most_after = (long)ev->n;
            }
            rv_rdp_view r = fx_cpu(e, 1).rdp[RV_SCHED];
            if (rv_now_ns(e) >= flood && r.blimit == LONG_MAX) lifted = true;
            /* a step that ended with blimit still LONG_MAX: each of CPU 1's passes in it took one callback */
            for (; lifted && r.blimit == LONG_MAX && counted < log.n; counted++) {
                const rv_event *ev = &log.v[counted];
                if (ev->type != RV_EV_CB_INVOKE || ev->flavor != RV_SCHED || ev->cpu != 1 || ev->t < flood) continue;
                flood_invokes++;
                flood_multi += ev->n != 1;
            }
            if (r.blimit != LONG_MAX) counted = log.n;
            if (lifted && !restored && r.blimit == 10) {
                cr_expect_leq(r.qlen, 100, "%s: blimit restored at qlen %ld, above qlowmark", mode, r.qlen);
                restored = true;
                restored_at = rv_now_ns(e);
            }
        }
        cr_expect(gp_open, "%s: a grace period is running when the 12000 arrive", mode);
        cr_expect_geq(tens_cpu1_busy, 200, "%s: CPU 1's 2000 in batches of ten (%ld of them)", mode, tens_cpu1_busy);
        cr_expect_leq(most_cpu1_busy, 10, "%s: a batch of %ld behind CPU 1's busy task", mode, most_cpu1_busy);
        cr_expect_geq(most_cpu2, 2000, "%s: idle CPU 2's 2000 in one pass (largest %ld)", mode, most_cpu2);
        cr_expect(lifted, "%s: 12000 past qhimark never lifted blimit", mode);
        cr_expect_eq(flood_multi, 0, "%s: %ld of CPU 1's passes with blimit = LONG_MAX took more than one", mode, flood_multi);
        cr_expect_geq(flood_invokes, 12000 + 3000 + 50 - 100 - 10, "%s: only %ld single passes before qlowmark", mode, flood_invokes);
        cr_expect(restored, "%s: blimit never came back", mode);
        cr_expect_gt(restored_at, last50, "%s: blimit came back before the last 50 were queued", mode);
        cr_expect_eq(most_after, 10, "%s: the 50 after the limit came back went %ld at a time", mode, most_after);
        rv_report rep;
        rv_report_build(e, &rep);
        double ksoftirqd1 = 0;
        for (size_t i = 0; i < rep.nthreads; i++)
            if (strcmp(rep.threads[i].name, "ksoftirqd/1") == 0) ksoftirqd1 = rep.threads[i].cpu_seconds;
        cr_expect_gt(ksoftirqd1, 0, "%s: part of CPU 1's flood ran in ksoftirqd/1", mode);
        rv_report_free(&rep);
        rv_engine_free(e);
        fx_log_free(&log);
        rv_config_free(&cfg);
    }
}

/* Over qhimark with no GP running: the CPU starts one at once, blimit unchanged. */
Test(callbacks, qhimark_overflow_without_gp_starts_one)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "all", NULL);
    fx_run_s(e, 0.005);
    rv_flavor_view f0 = fx_flavor(e, RV_SCHED);
    cr_assert_eq(f0.gpnum, f0.completed);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_SCHED, 0, 10001);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f0.gpnum + 1, "GP started from call_rcu itself");
    cr_expect_eq(fx_cpu(e, 1).rdp[RV_SCHED].blimit, 10);
    rv_engine_free(e);
}

/* synchronize_*() queues wakeme_after_rcu and blocks for at least one full GP. */
Test(callbacks, synchronize_waits_for_a_grace_period)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        fx_log log = {.keep = FX_BIT(RV_EV_SYNC_BEGIN) | FX_BIT(RV_EV_SYNC_END) | FX_BIT(RV_EV_GP_START) |
                              FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_CB_QUEUE)};
        rv_engine *e = machine(4, RV_MODE_KTHREAD, "0-1", &log);
        fx_run_s(e, 0.005);
        fx_inject(e, RV_INJ_SYNCHRONIZE, 1, f, 0, 0);
        fx_run_s(e, 0.200);
        long b = fx_find(&log, 0, RV_EV_SYNC_BEGIN, f), q = fx_find(&log, 0, RV_EV_CB_QUEUE, f);
        long end = fx_find(&log, 0, RV_EV_SYNC_END, f);
        cr_assert(b >= 0 && end > b, "%s: sync_begin then sync_end", rv_flavor_name(f));
        cr_expect_eq(log.v[q].arg, 2, "queued as a synchronize callback");
        cr_expect_eq(log.v[b].id, log.v[end].id, "the same task wakes up");
        cr_expect_eq(log.v[end].cpu, 1);
        long gs = fx_find(&log, (size_t)b, RV_EV_GP_START, f);
        long ge = gs >= 0 ? fx_find(&log, (size_t)gs, RV_EV_GP_END, f) : -1;
        cr_expect(gs > b && ge > gs && ge < end, "%s: a whole GP between begin and end", rv_flavor_name(f));
        cr_expect_eq(log.v[end].n, log.v[end].t - log.v[b].t, "latency = end - begin");
        cr_expect_gt(log.v[end].n, 0);
        rv_report r;
        rv_report_build(e, &r);
        cr_expect_eq(r.flavors[f].sync_calls, 1u);
        cr_expect_float_eq(r.flavors[f].sync_latency_ms_mean, (double)log.v[end].n / 1e6, 1e-9);
        rv_report_free(&r);
        rv_engine_free(e);
        fx_log_free(&log);
    }
}

/* rcu_blocking_is_gp(): with one CPU online synchronize_sched()/_bh() return at once;
 * synchronize_rcu() (rcu_preempt) still waits for a GP. */
Test(callbacks, single_cpu_synchronize_sched_returns_at_once)
{
    fx_log log = {.keep = FX_BIT(RV_EV_SYNC_END) | FX_BIT(RV_EV_GP_START)};
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    rv_cpuset_add(&cfg.initially_offline, 1);
    cfg.initially_offline_count = 1;
    fx_add_phase(&cfg, "0", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.003);
    cr_assert_eq(fx_cpu(e, 1).state, RV_CPU_OFFLINE);
    fx_inject(e, RV_INJ_SYNCHRONIZE, 0, RV_SCHED, 0, 0);
    fx_inject(e, RV_INJ_SYNCHRONIZE, 0, RV_BH, 0, 0);
    cr_assert_eq(fx_count(&log, RV_EV_SYNC_END, -1), 2u, "both returned inside the inject");
    for (size_t i = 0; i < log.n; i++)
        if (log.v[i].type == RV_EV_SYNC_END) cr_expect_eq(log.v[i].n, 0, "latency 0");
    cr_expect_eq(fx_count(&log, RV_EV_GP_START, -1), 0u, "no GP needed");
    fx_inject(e, RV_INJ_SYNCHRONIZE, 0, RV_PREEMPT, 0, 0);
    fx_run_s(e, 0.100);
    long end = fx_find(&log, 0, RV_EV_SYNC_END, RV_PREEMPT);
    cr_assert(end >= 0);
    cr_expect_gt(log.v[end].n, 0, "synchronize_rcu() waited");
    cr_expect_geq(fx_count(&log, RV_EV_GP_START, RV_PREEMPT), 1u);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* The report counts every callback, queued by injections and by the workload. */
Test(callbacks, report_counts_updates_and_invocations)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->call_rcu_per_s[RV_SCHED] = 2000;
    ph->call_rcu_per_s[RV_BH] = 500;
    ph->end_s = 0.5;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 77);
    fx_run_s(e, 1.0);
    rv_report r;
    rv_report_build(e, &r);
    for (int f = 0; f < 2; f++) {
        cr_expect_gt(r.flavors[f].updates, f == RV_SCHED ? 3000u : 700u, "%s updates %lu", rv_flavor_name(f),
                     (unsigned long)r.flavors[f].updates);
        cr_expect_eq(r.flavors[f].callbacks_invoked, r.flavors[f].updates, "%s: all invoked after the phase", rv_flavor_name(f));
        cr_expect_gt(r.flavors[f].callback_latency_ms_mean, 0.0);
    }
    cr_expect_eq(r.flavors[RV_PREEMPT].updates, 0u);
    cr_expect_eq(r.callbacks_checked, r.flavors[0].callbacks_invoked + r.flavors[1].callbacks_invoked);
    rv_report_free(&r);
    rv_engine_free(e);
}

/* kfree_rcu() callbacks are lazy: counted in qlen_lazy, traced as lazy, queued on rcu_preempt when
 * it exists and on rcu_sched otherwise. */
static void check_lazy(bool preempt)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_QUEUE)};
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_PREEMPT] = preempt;
    rv_phase *ph = fx_add_phase(&cfg, "all", 1.0);
    ph->kfree_rcu_per_s = 5000;
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    int want = preempt ? RV_PREEMPT : RV_SCHED;
    long max_lazy = 0;
    while (rv_now_ns(e) < FX_S(0.2)) {
        rv_step_jiffy(e);
        for (int c = 0; c < 2; c++) {
            rv_rdp_view r = fx_cpu(e, c).rdp[want];
            cr_assert_leq(r.qlen_lazy, r.qlen);
            if (r.qlen_lazy > max_lazy) max_lazy = r.qlen_lazy;
        }
    }
    cr_expect_gt(max_lazy, 0, "lazy callbacks seen in qlen_lazy");
    size_t lazy = 0;
    for (size_t i = 0; i < log.n; i++) {
        cr_expect_eq(log.v[i].flavor, want, "kfree_rcu on %s", rv_flavor_name(log.v[i].flavor));
        lazy += log.v[i].arg == 1;
    }
    cr_expect_gt(lazy, 0u);
    cr_expect_eq(lazy, log.n, "every kfree_rcu record is lazy");
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_gt(r.flavors[want].updates, 500u);
    cr_expect_eq(r.flavors[RV_BH].updates, 0u);
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(callbacks, kfree_rcu_is_lazy_on_rcu_preempt) { check_lazy(true); }
Test(callbacks, kfree_rcu_falls_back_to_rcu_sched) { check_lazy(false); }
