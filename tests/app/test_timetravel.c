/* test_timetravel.c — seeking, exact step back and branching give the same states as straight simulation. */
#include <criterion/criterion.h>

#include "view/timetravel.h"
#include "window/app.h"

#include <stdio.h>
#include <string.h>

/* A digest of everything the panels read: time, events, CPU/node/flavor views. */
static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ULL; }

static uint64_t digest(const rv_engine *e)
{
    uint64_t h = 1469598103934665603ULL;
    h = mix(h, (uint64_t)rv_now_ns(e));
    h = mix(h, rv_jiffies(e)); /* at a boundary: whether its tick has run */
    h = mix(h, rv_event_count(e));
    h = mix(h, rv_klog_count(e));
    for (int c = 0; c < rv_cpus(e); c++) {
        rv_cpu_view v;
        memset(&v, 0, sizeof v);
        rv_cpu_get(e, c, &v);
        h = mix(h, (uint64_t)v.state);
        h = mix(h, v.dynticks);
        for (int f = 0; f < RV_NFLAVORS; f++) {
            const rv_rdp_view *d = &v.rdp[f];
            h = mix(h, d->gpnum); h = mix(h, d->completed); h = mix(h, d->qs_owed); h = mix(h, d->passed_quiesce);
            h = mix(h, d->in_reader); h = mix(h, d->reader_preexisting);
            for (int s = 0; s < RV_NSEGS; s++) h = mix(h, (uint64_t)d->seg[s]);
        }
    }
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rv_flavor_view fv;
        memset(&fv, 0, sizeof fv);
        rv_flavor_get(e, f, &fv);
        h = mix(h, fv.gpnum); h = mix(h, fv.completed); h = mix(h, (uint64_t)fv.phase); h = mix(h, (uint64_t)fv.walk_node);
        for (int n = 0; n < rv_tree_nodes(e); n++) {
            rv_node_view nv;
            rv_node_get(e, f, n, &nv);
            h = mix(h, nv.qsmask); h = mix(h, nv.gpnum); h = mix(h, nv.completed);
        }
    }
    return h;
}

/* Tests run on a virtual machine of a chosen speed: time travel's clock advances only with the
 * simulated work done, so checkpoint spacing, chunking and budgets are the same on any machine
 * and under any load. 200x and 5x real time bracket a fast desktop and a slow board. */
static tt *demo_on(double sim_s_per_wall_s)
{
    rv_config cfg;
    ui_builtin_scenario(&cfg);
    char err[256];
    tt *t = tt_new(&cfg, err, sizeof err);
    rv_config_free(&cfg);
    cr_assert(t, "tt_new: %s", err);
    tt_set_virtual_speed(t, sim_s_per_wall_s);
    return t;
}

static tt *demo(void) { return demo_on(20.0); }

Test(timetravel, seek_back_equals_straight_run)
{
    tt *a = demo(), *b = demo();
    tt_advance(a, 3500000000LL, 0);
    tt_seek(a, 1234567890LL);          /* back through a checkpoint */
    tt_advance(b, 1234567890LL, 0);    /* straight */
    cr_assert_eq(tt_now(a), 1234567890LL);
    cr_assert_eq(digest(tt_engine(a)), digest(tt_engine(b)), "state after a seek back differs from a straight run");
    tt_seek(a, 2500000000LL);          /* forward again over known checkpoints */
    tt_advance(b, 2500000000LL, 0);
    cr_assert_eq(digest(tt_engine(a)), digest(tt_engine(b)));
    cr_assert_gt(tt_checkpoints(a), 1);
    tt_free(a);
    tt_free(b);
}

Test(timetravel, step_back_restores_exact_prior_state)
{
    tt *t = demo();
    tt_advance(t, 1000000000LL, 0);
    enum tt_step kinds[] = {TT_STEP_TICK, TT_STEP_EVENT, TT_STEP_PHASE};
    for (int k = 0; k < 3; k++) {
        uint64_t before = digest(tt_engine(t));
        int64_t tb = tt_now(t);
        for (int i = 0; i < 5; i++) tt_step(t, kinds[k], RV_SCHED);
        cr_assert(tt_now(t) >= tb);
        for (int i = 0; i < 5; i++) tt_step_back(t, kinds[k], RV_SCHED);
        cr_assert_eq(tt_now(t), tb, "kind %d: time %lld != %lld", k, (long long)tt_now(t), (long long)tb);
        cr_assert_eq(digest(tt_engine(t)), before, "kind %d: state not restored", k);
    }
    /* event steps replayed after a step back are the same steps */
    tt_step(t, TT_STEP_EVENT, RV_SCHED);
    tt_step(t, TT_STEP_EVENT, RV_SCHED);
    uint64_t two = digest(tt_engine(t));
    tt_step_back(t, TT_STEP_EVENT, RV_SCHED);
    tt_step(t, TT_STEP_EVENT, RV_SCHED);
    cr_assert_eq(digest(tt_engine(t)), two);
    tt_free(t);
}

/* → from a moment exactly at a jiffy boundary (where a seek, a cue or Show me lands, before the events
 * at that time) goes to the next boundary, as from anywhere inside the jiffy: it ran only the tick at
 * the boundary and left the clock where it stood (the first → after Show me of 7.2 "did nothing"). */
Test(timetravel, a_jiffy_step_from_a_boundary_reaches_the_next_one)
{
    tt *t = demo();
    const int64_t jns = 1000000000LL / rv_engine_config(tt_engine(t))->hz;
    tt_seek(t, 499 * jns);
    tt_step(t, TT_STEP_TICK, RV_SCHED);
    cr_expect_eq(tt_now(t), 500 * jns, "from a boundary: %lld", (long long)tt_now(t));
    tt_seek(t, 499 * jns + jns / 2);
    tt_step(t, TT_STEP_TICK, RV_SCHED);
    cr_expect_eq(tt_now(t), 500 * jns, "from inside a jiffy: %lld", (long long)tt_now(t));
    tt_step(t, TT_STEP_TICK, RV_SCHED);
    cr_expect_eq(tt_now(t), 501 * jns, "from the boundary the last step reached: %lld", (long long)tt_now(t));
    tt_free(t);
}

/* A jiffy step lands on a boundary with its tick run; ← back to that boundary, by undo or not, shows the
 * same state, not the boundary without its tick (7.2's D 1900 became W 2000 after → ←). */
Test(timetravel, a_jiffy_step_back_shows_what_the_step_forward_showed)
{
    tt *t = demo();
    const int64_t jns = 1000000000LL / rv_engine_config(tt_engine(t))->hz;
    tt_seek(t, 400 * jns + jns / 2);
    tt_step(t, TT_STEP_TICK, RV_SCHED);
    cr_assert_eq(tt_now(t), 401 * jns);
    uint64_t at401 = digest(tt_engine(t));
    tt_step(t, TT_STEP_TICK, RV_SCHED);
    tt_step_back(t, TT_STEP_TICK, RV_SCHED); /* an undo */
    cr_expect_eq(tt_now(t), 401 * jns);
    cr_expect_eq(digest(tt_engine(t)), at401, "undo of a jiffy step: not the state the step showed");
    tt_seek(t, 402 * jns + jns / 2);
    tt_step_back(t, TT_STEP_TICK, RV_SCHED); /* no step to undo: back to the boundary before */
    cr_expect_eq(tt_now(t), 402 * jns);
    tt_seek(t, 401 * jns + jns / 3);
    tt_step_back(t, TT_STEP_TICK, RV_SCHED);
    cr_expect_eq(tt_now(t), 401 * jns);
    cr_expect_eq(digest(tt_engine(t)), at401, "a step back to a boundary: not the state a step forward showed");
    tt_free(t);
}

Test(timetravel, inject_after_seek_back_branches_and_keeps_old_future)
{
    tt *t = demo();
    tt_advance(t, 3000000000LL, 0);
    uint64_t old_future = digest(tt_engine(t));
    tt_seek(t, 1500000000LL);
    rv_inject cmd = {.kind = RV_INJ_KERNEL_LOOP, .cpu = 2, .flavor = RV_SCHED, .duration_s = 0.5};
    bool branched = false;
    char err[256] = "";
    cr_assert_eq(tt_inject(t, &cmd, &branched, err, sizeof err), 0, "%s", err);
    cr_assert(branched, "an injection with a known future must start a branch");
    cr_assert_eq(tt_branch_count(t), 2);
    cr_assert_eq(tt_branch_current(t), 1);
    cr_assert_eq(tt_branch_fork_time(t, 1), 1500000000LL);
    tt_advance(t, 3000000000LL, 0);
    uint64_t new_future = digest(tt_engine(t));
    cr_assert_neq(new_future, old_future, "the injection changed nothing?");
    /* the injection is part of the branch: seeking back before it and forward again replays it */
    tt_seek(t, 1000000000LL);
    tt_seek(t, 3000000000LL);
    cr_assert_eq(digest(tt_engine(t)), new_future);
    /* the old branch is still there, with its future */
    tt_switch_branch(t, 0);
    cr_assert_eq(tt_now(t), 3000000000LL);
    cr_assert_eq(digest(tt_engine(t)), old_future);
    tt_free(t);
}

Test(timetravel, inject_at_the_frontier_does_not_branch)
{
    tt *t = demo();
    tt_advance(t, 500000000LL, 0);
    rv_inject cmd = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_SCHED, .count = 100};
    bool branched = true;
    char err[256] = "";
    cr_assert_eq(tt_inject(t, &cmd, &branched, err, sizeof err), 0, "%s", err);
    cr_assert_not(branched);
    cr_assert_eq(tt_branch_count(t), 1);
    tt_free(t);
}

Test(timetravel, history_is_not_duplicated_by_resimulation)
{
    tt *t = demo();
    tt_advance(t, 2000000000LL, 0);
    size_t gps = tt_history(t)->gps[RV_SCHED].n;
    cr_assert_gt(gps, 10);
    tt_seek(t, 100000000LL);
    tt_seek(t, 2000000000LL);
    cr_assert_eq(tt_history(t)->gps[RV_SCHED].n, gps);
    tt_free(t);
}

Test(timetravel, look_ahead_marks_the_whole_run_without_leaking_the_future)
{
    tt *a = demo(), *b = demo();
    tt_advance(a, 500000000LL, 0);
    int guard = 0;
    while (tt_explore(a, 50) && guard++ < 10000) {}
    cr_assert_eq(tt_known_until(a), tt_end(a), "the look-ahead should reach the end");
    cr_assert_eq(tt_now(a), 500000000LL, "the live engine does not move while looking ahead");
    const ui_history *h = tt_history(a);
    cr_assert_gt(h->gps[RV_SCHED].n, 100);
    cr_assert_gt(h->gps[RV_SCHED].v[h->gps[RV_SCHED].n - 1].start, 15000000000LL, "GPs late in the run are known");
    /* "now" state only comes from the live engine */
    for (int c = 0; c < h->ncpus; c++) cr_assert_leq(h->cred_t[RV_SCHED][c], tt_now(a));
    cr_assert_gt(tt_checkpoints(a), 5, "the look-ahead leaves checkpoints along the run (%zu)", tt_checkpoints(a));
    /* a seek far ahead restores one of them: same state as a straight run */
    tt *c = demo();
    tt_seek(a, 17300000000LL);
    tt_advance(c, 17300000000LL, 0);
    cr_assert_eq(digest(tt_engine(a)), digest(tt_engine(c)));
    tt_free(c);
    tt_seek(a, 500000000LL);
    /* playing through the explored part adds nothing twice: same series as a plain run */
    tt_advance(a, 6000000000LL, 0);
    tt_advance(b, 20000000000LL, 0);
    cr_assert_eq(tt_history(a)->gps[RV_SCHED].n, tt_history(b)->gps[RV_SCHED].n);
    cr_assert_eq(tt_history(a)->fqs.n, tt_history(b)->fqs.n);
    tt_free(a);
    tt_free(b);
}

/* The checkpoint spacing follows the engine speed measured on the (injected) clock: a machine
 * that simulates slowly gets denser checkpoints so that a seek never re-simulates for long. */
Test(timetravel, checkpoint_spacing_follows_the_measured_speed_on_an_injected_clock)
{
    tt *fast = demo_on(200.0), *slow = demo_on(5.0);
    tt_advance(fast, 500000000LL, 0);
    tt_advance(slow, 500000000LL, 0);
    int guard = 0;
    while (tt_explore(fast, 50) && guard++ < 100000) {}
    guard = 0;
    while (tt_explore(slow, 50) && guard++ < 100000) {}
    cr_assert_eq(tt_known_until(fast), tt_end(fast));
    cr_assert_eq(tt_known_until(slow), tt_end(slow));
    cr_assert_gt(tt_checkpoints(slow), 5);
    cr_assert_lt(tt_interval(slow), tt_interval(fast), "slow machine: %lld ns between checkpoints, fast: %lld",
                 (long long)tt_interval(slow), (long long)tt_interval(fast));
    tt_free(fast);
    tt_free(slow);
}

/* Issue 11 item 6: every injection into a known future starts a branch, and memory used to grow
 * ~2 MB per press without limit (a full history copy per branch, ~1 MB per checkpoint). Branches
 * are now capped, a branch you leave keeps a sketch, checkpoints hold only what the future reads:
 * past the cap an injection costs about its own checkpoint and the newly simulated history. */
Test(timetravel, injections_into_a_known_future_stay_within_the_memory_budget)
{
    tt *t = demo_on(200);
    tt_advance(t, 1000000000LL, 0);
    rv_inject cmd = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_SCHED, .count = 50};
    char err[256] = "";
    size_t at_cap = 0;
    for (int i = 0; i < 60; i++) {
        tt_advance(t, tt_now(t) + 150000000LL, 0); /* play on a little, then back: a known future */
        tt_seek(t, tt_now(t) - 100000000LL);
        bool branched = false;
        cr_assert_eq(tt_inject(t, &cmd, &branched, err, sizeof err), 0, "%s", err);
        cr_assert(branched, "injection %d had a known future", i);
        cr_assert_leq(tt_branch_count(t), 16, "branches are capped");
        cr_assert_eq(tt_branch_current(t), tt_branch_count(t) - 1, "the new branch is the current one");
        if (i == 20) at_cap = tt_memory(t, NULL, NULL);
    }
    size_t ck = 0, hist = 0, total = tt_memory(t, &ck, &hist);
    size_t per_injection = (total - at_cap) / 39;
    cr_expect_leq(per_injection, 256u << 10, "%zu B per injection (%zu B after 20, %zu B after 60)", per_injection, at_cap, total);
    cr_expect_leq(hist, (size_t)16 << 20, "histories within their budget (%zu B)", hist);
    cr_expect_leq(ck, (size_t)64 << 20, "checkpoints within their budget (%zu B)", ck);
    /* the current branch still replays its injection exactly */
    int64_t now = tt_now(t);
    tt_advance(t, now + 500000000LL, 0);
    uint64_t ahead = digest(tt_engine(t));
    tt_seek(t, now - 100000000LL);
    tt_seek(t, now + 500000000LL);
    cr_expect_eq(digest(tt_engine(t)), ahead);
    /* and an older branch one switches to is re-simulated to the same time */
    tt_switch_branch(t, 3);
    cr_expect_eq(tt_now(t), now + 500000000LL);
    tt_free(t);
}

/* A series at its cap loses resolution away from the newest stretch: the newest GPs stay exact, the
 * bars still cover the same span in order, and nothing grows past the cap. */
Test(timetravel, history_series_are_capped_by_downsampling_old_gps)
{
    ui_history h;
    cr_assert_eq(ui_history_init(&h, 4, 1), 0);
    h.cap = 1000;
    uint64_t seq = 0;
    for (uint64_t gp = 1; gp <= 10000; gp++) {
        rv_event ev = {.seq = seq++, .t = (int64_t)gp * 1000, .type = RV_EV_GP_START, .flavor = RV_SCHED, .gp = gp, .cpu = -1, .node = -1};
        ui_history_take_series(&h, &ev);
        ev = (rv_event){.seq = seq++, .t = (int64_t)gp * 1000 + 600, .type = RV_EV_GP_END, .flavor = RV_SCHED, .gp = gp, .cpu = -1, .node = -1};
        ui_history_take_series(&h, &ev);
    }
    cr_assert_leq(h.gps[RV_SCHED].n, 1000u);
    cr_assert_leq(h.phase_t[RV_SCHED].n, 1000u);
    const ui_gp_bar *v = h.gps[RV_SCHED].v;
    size_t n = h.gps[RV_SCHED].n;
    cr_expect_eq(v[0].start, 1000, "the first GP still starts the history");
    cr_expect_eq(v[n - 1].gp, 10000u);
    cr_expect_eq(v[n - 1].end, 10000 * 1000 + 600, "the newest GP is exact");
    cr_expect_eq(v[n - 2].start, 9999 * 1000, "and the one before it");
    for (size_t i = 1; i < n; i++) cr_assert_geq(v[i].start, v[i - 1].end, "bars in order, not overlapping");
    ui_history_compact(&h, 100);
    cr_expect_leq(h.gps[RV_SCHED].n, 100u);
    cr_expect_eq(h.gps[RV_SCHED].v[h.gps[RV_SCHED].n - 1].end, 10000 * 1000 + 600);
    ui_history_free(&h);
}

static void take_gp(ui_history *h, uint64_t *seq, int f, uint64_t gp, int64_t start, int64_t end)
{
    rv_event ev = {.seq = (*seq)++, .t = start, .type = RV_EV_GP_START, .flavor = (int8_t)f, .gp = gp, .cpu = -1, .node = -1};
    ui_history_take_series(h, &ev);
    ev = (rv_event){.seq = (*seq)++, .t = end, .type = RV_EV_GP_END, .flavor = (int8_t)f, .gp = gp, .cpu = -1, .node = -1};
    ui_history_take_series(h, &ev);
}

/* Thinning goes by time, evenly: ten seconds of a GP every millisecond, ten idle seconds, ten more
 * busy ones, through a cap of 1,000. Halving the older half by position at every pass merged the
 * first seconds into a handful of bars (kernel-build's first 7,000 s became one bar, "GP 1"), and a
 * merged pair spanned the idle gap between them. */
Test(timetravel, thinning_is_even_in_time_and_keeps_idle_gaps)
{
    ui_history h;
    cr_assert_eq(ui_history_init(&h, 4, 1), 0);
    h.cap = 1000;
    uint64_t seq = 0, gp = 1;
    for (int64_t t = 0; t < 10000000000LL; t += 1000000, gp++) take_gp(&h, &seq, RV_SCHED, gp, t, t + 600000);
    for (int64_t t = 20000000000LL; t < 30000000000LL; t += 1000000, gp++) take_gp(&h, &seq, RV_SCHED, gp, t, t + 600000);
    const ui_gp_bar *v = h.gps[RV_SCHED].v;
    size_t n = h.gps[RV_SCHED].n, first = 0, third = 0;
    cr_assert_leq(n, 1000u);
    for (size_t i = 0; i < n; i++) {
        cr_assert(!(v[i].start < 15000000000LL && v[i].end > 15000000000LL), "a bar spans the idle gap: %lld to %lld ns",
                  (long long)v[i].start, (long long)v[i].end);
        if (v[i].start < 5000000000LL) first++;
        else if (v[i].start >= 20000000000LL && v[i].start < 25000000000LL) third++;
    }
    cr_expect_geq(first * 3, third, "the first busy 5 s keep %zu bars, the third's %zu", first, third);
    cr_expect_geq(first, 50u, "the run's start is not one bar: %zu bars in its first 5 s", first);
    ui_history_free(&h);
}

/* FQS marks of two flavors share a series: each is thinned among its own, so a sparse flavor's marks
 * are not lost to a dense one's and the dense one keeps marks all along (merged by position across
 * flavors, the first of a pair stood for both). */
Test(timetravel, fqs_marks_are_thinned_per_flavor)
{
    ui_history h;
    cr_assert_eq(ui_history_init(&h, 4, 1), 0);
    h.cap = 1000;
    uint64_t seq = 0;
    for (int64_t t = 0; t < 40000000000LL; t += 1000000) {
        int f = t % 10000000 == 0 ? RV_BH : RV_SCHED; /* rcu_bh every 10 ms, rcu_sched the other ms */
        rv_event ev = {.seq = seq++, .t = t, .type = RV_EV_FQS, .flavor = (int8_t)f, .gp = 1, .cpu = -1, .node = -1, .n = 4};
        ui_history_take_series(&h, &ev);
    }
    size_t sched[4] = {0}, bh[4] = {0};
    cr_assert_leq(h.fqs.n, 1000u);
    for (size_t i = 0; i < h.fqs.n; i++) {
        int q = (int)(h.fqs.v[i].t / 10000000000LL);
        if (h.fqs.v[i].flavor == RV_SCHED) sched[q]++;
        else bh[q]++;
    }
    for (int q = 0; q < 3; q++) {
        cr_expect_geq(sched[q], 20u, "rcu_sched keeps marks in %d0-%d0 s: %zu", q, q + 1, sched[q]);
        cr_expect_geq(bh[q], 20u, "rcu_bh keeps marks in %d0-%d0 s: %zu", q, q + 1, bh[q]);
    }
    cr_expect_geq(sched[0] * 3, sched[2], "evenly: %zu marks in the first 10 s, %zu in the third", sched[0], sched[2]);
    ui_history_free(&h);
}

/* The timeline's stretch: now at 3/4 of its span, but not past the run's end, so a span as long as the
 * run shows all of it at the end (shot kernel-build --at 7800 --timeline 7800 showed 1850-9650 s). */
Test(timetravel, the_timeline_stops_at_the_runs_end)
{
    int64_t t0, t1;
    panel_timeline_range(4000, 10000, 4000, &t0, &t1);
    cr_expect(t0 == 1000 && t1 == 5000, "mid-run: %lld..%lld", (long long)t0, (long long)t1);
    panel_timeline_range(10000, 10000, 10000, &t0, &t1);
    cr_expect(t0 == 0 && t1 == 10000, "the whole run at its end: %lld..%lld", (long long)t0, (long long)t1);
    panel_timeline_range(9000, 10000, 4000, &t0, &t1);
    cr_expect(t0 == 6000 && t1 == 10000, "near the end, now moves right: %lld..%lld", (long long)t0, (long long)t1);
    panel_timeline_range(1000, 10000, 20000, &t0, &t1);
    cr_expect(t0 == 0 && t1 == 20000, "a span past the run: from 0: %lld..%lld", (long long)t0, (long long)t1);
}

/* What the timeline draws over [lo, hi]: GP bars clipped to it, FQS passes and phase times in it. */
static uint64_t window_digest(const ui_history *h, int64_t lo, int64_t hi, size_t *nmarks)
{
    uint64_t d = 1469598103934665603ULL;
    *nmarks = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        for (size_t i = ui_history_gp_from(h, f, lo); i < h->gps[f].n && h->gps[f].v[i].start <= hi; i++) {
            const ui_gp_bar *b = &h->gps[f].v[i];
            int64_t e = b->end < 0 || b->end > hi ? hi : b->end;
            d = mix(mix(mix(d, b->gp), (uint64_t)(b->start < lo ? lo : b->start)), (uint64_t)e);
            ++*nmarks;
        }
        for (size_t i = 0; i < h->phase_t[f].n; i++)
            if (h->phase_t[f].v[i] >= lo && h->phase_t[f].v[i] <= hi) d = mix(d, (uint64_t)h->phase_t[f].v[i]);
    }
    for (size_t i = 0; i < h->fqs.n; i++) {
        const ui_mark *m = &h->fqs.v[i];
        if (m->t < lo || m->t > hi) continue;
        d = mix(mix(mix(d, (uint64_t)m->t), (uint64_t)m->flavor), (uint64_t)m->arg);
        ++*nmarks;
    }
    return d;
}

/* The history's memory bound thins a series at its cap. It thinned the older half of everything, and
 * once the look-ahead had passed the cap that was the stretch around now: a moment lost marks as the
 * run was explored, and a seek back to a stretch thinned meanwhile never got them back (hackbench,
 * 2 s in: "FQS triangles missing" after one more PgDn). Now the cap spares the stretch the timeline
 * shows, and a stretch that comes back into view thinned is rebuilt, the same as a run that never
 * thinned anything. A small cap makes the demo's 20 s pass it many times. */
Test(timetravel, the_window_around_now_is_exact_however_much_was_thinned_elsewhere)
{
    const int64_t back = 150000000LL, ahead = 50000000LL, at = 5000000000LL, far = 15000000000LL;
    tt *ref = demo();
    ((ui_history *)tt_history(ref))->cap = 0; /* never thins: every mark of the run */
    tt_seek(ref, tt_end(ref));
    size_t nref, n;
    uint64_t want = window_digest(tt_history(ref), at - back, at + ahead, &nref);
    cr_assert_gt(nref, 100u);

    /* at the moment while the look-ahead explores the whole run past the cap */
    tt *t = demo();
    ((ui_history *)tt_history(t))->cap = 1024;
    tt_set_window(t, back, ahead);
    tt_seek(t, at);
    int guard = 0;
    while (tt_explore(t, 50) && guard++ < 10000) {}
    cr_assert_eq(tt_known_until(t), tt_end(t));
    const ui_history *h = tt_history(t);
    cr_assert(ui_history_coarse_in(h, 0, tt_end(t)), "the cap thinned the run somewhere");
    cr_assert_not(ui_history_coarse_in(h, at - back, at + ahead), "but not the window around now");
    cr_expect_eq(window_digest(h, at - back, at + ahead, &n), want, "%zu marks, a plain run has %zu", n, nref);
    tt_free(t);

    /* far ahead first (the window at `at` is thinned on the way), then back */
    t = demo();
    h = tt_history(t);
    ((ui_history *)h)->cap = 1024;
    tt_set_window(t, back, ahead);
    tt_seek(t, far);
    cr_assert(ui_history_coarse_in(h, at - back, at + ahead), "thinned while now was elsewhere");
    tt_seek(t, at);
    guard = 0;
    while (tt_explore(t, 50) && guard++ < 10000) {}
    cr_assert_not(ui_history_coarse_in(h, at - back, at + ahead), "rebuilt on coming back");
    cr_expect_eq(window_digest(h, at - back, at + ahead, &n), want, "%zu marks after the detour, a plain run has %zu", n, nref);
    for (int f = 0; f < RV_NFLAVORS; f++)
        for (size_t i = 1; i < h->gps[f].n; i++) {
            cr_assert_geq(h->gps[f].v[i].start, h->gps[f].v[i - 1].end, "flavor %d bar %zu: in order, not overlapping (%lld after %lld..%lld)", f, i, (long long)h->gps[f].v[i].start, (long long)h->gps[f].v[i - 1].start, (long long)h->gps[f].v[i - 1].end);
            cr_assert_geq(h->gps[f].v[i - 1].end, 0, "flavor %d bar %zu: only the last one open", f, i - 1);
        }
    tt_free(t);
    tt_free(ref);
}
