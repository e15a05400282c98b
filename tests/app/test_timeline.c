/* test_timeline.c — the Timeline panel as a student reads it: what is faded, where labels go, which events it shows. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];

static void setup(void) { window_fixture_open(cfgdir, "timeline", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

TestSuite(timeline, .init = setup, .fini = teardown);

/* A text run the renderer drew, as rd_set_text_observer reports it. */
typedef struct run { char text[200]; rd_rect r; } run;
typedef struct runs { run v[4096]; int n; } runs;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    runs *R = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (R->n == 4096) return;
    run *u = &R->v[R->n++];
    snprintf(u->text, sizeof u->text, "%.*s", (int)(len < sizeof u->text ? len : sizeof u->text - 1), s);
    u->r = (rd_rect){x, y, w, h};
}

/* The scenario loaded (compare or not) with, when `future`, its whole future known, as the window's
 * look-ahead knows it after a while (the timeline draws that future faded); span_ns > 0 zooms the
 * timeline to it. */
static void open_at_future(const char *name, bool compare, int64_t span_ns, int64_t t, bool future)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, compare, err, sizeof err), 0, "%s", err);
    for (int i = 0; future && i < W->app.nsessions; i++)
        while (tt_explore(W->app.s[i].tt, 1000)) {}
    if (span_ns > 0) {
        W->app.st.timeline_span = span_ns;
        W->app.st.timeline_manual = true;
    }
    ui_app_seek(&W->app, t);
    while (ui_app_seek_continue(&W->app, 1000)) {}
}

static void open_at(const char *name, bool compare, int64_t span_ns, int64_t t) { open_at_future(name, compare, span_ns, t, true); }

/* One frame's text runs (R is big: the caller's static). */
static void frame_runs(runs *R)
{
    R->n = 0;
    rd_set_text_observer(W->rd, keep_run, R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

/* Side i's timeline plot (the hit rect: lanes and axis) and the time range it shows. */
static const ui_hit *plot_of(int side)
{
    for (int k = 0; k < W->app.fr.nhits; k++)
        if (W->app.fr.hits[k].kind == HIT_TIMELINE && W->app.fr.hits[k].side == side) return &W->app.fr.hits[k];
    cr_assert_fail("no timeline drawn on side %d", side);
    return NULL;
}

static int x_of(const ui_hit *p, int64_t t) { return p->r.x + (int)((double)(t - p->t0) * p->r.w / (double)(p->t1 - p->t0)); }

static bool within(rd_rect a, rd_rect r) { return a.x >= r.x && a.y >= r.y && a.x + a.w <= r.x + r.w && a.y + a.h <= r.y + r.h; }

/* Does run u, drawn in side i's timeline, run across that side's now line (2 px wide at x_of(now))? */
static bool across_now(const run *u, int side)
{
    const ui_hit *p = plot_of(side);
    int xn = x_of(p, ui_app_now(&W->app));
    return within(u->r, p->r) && u->r.x < xn + 1 && u->r.x + u->r.w > xn - 1;
}

/* Mean of r, g, b of the pixel at x, y: the light panel is near 255, ink is dark. */
static int lum(int x, int y)
{
    SDL_Surface *s = rd_surface(W->rd);
    cr_assert(s && x >= 0 && y >= 0 && x < s->w && y < s->h);
    Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
    Uint8 cr, cg, cb;
    SDL_GetRGB(px, s->format, &cr, &cg, &cb);
    return (cr + cg + cb) / 3;
}

/* hackbench at 50 ms: the caption shown since 20 ms and the one from 100 ms on (the look-ahead knows
 * it). Faded = ahead of now, so the box to come must be lighter than the one shown; it was darker
 * (its translucent fill's alpha was set to 70, not scaled down). */
Test(timeline, a_caption_box_ahead_of_now_is_lighter_than_the_one_shown)
{
    static runs R;
    open_at("hackbench.json", false, 0, 50000000LL);
    frame_runs(&R);
    const ui_hit *p = plot_of(0);
    int y = p->r.y + rd_px(W->rd, 5); /* inside the captions lane's boxes, above their text */
    int shown = lum(x_of(p, 20000000LL) + 1, y), to_come = lum(x_of(p, 100000000LL) + 1, y);
    cr_expect_gt(to_come, shown, "the caption box ahead of now (%d) is not lighter than the one shown (%d)", to_come, shown);
}

/* The darkest pixel of r: text at full strength is dark, faded or white-on-pale text is light. */
static int darkest(rd_rect r)
{
    int best = 255;
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            int l = lum(x, y);
            if (l < best) best = l;
        }
    return best;
}

/* big-machine at 1.5 s, compared: the caption shown since 0.5 s runs past now. Its lane text ran across
 * the now line, "...the F|QS snapshot pass" with half the F at full strength and half faded. */
Test(timeline, a_captions_text_never_runs_across_the_now_line)
{
    static runs R;
    open_at_future("big-machine.json", true, 0, 1500000000LL, false);
    frame_runs(&R);
    int drawn[2] = {0, 0};
    for (int k = 0; k < R.n; k++)
        for (int i = 0; i < 2; i++) {
            if (strncmp(R.v[k].text, "The idle CPUs", 13) || !within(R.v[k].r, plot_of(i)->r)) continue;
            drawn[i]++;
            cr_expect(!across_now(&R.v[k], i), "side %d: \"%s\" runs across the now line", i, R.v[k].text);
        }
    for (int i = 0; i < 2; i++) cr_expect_eq(drawn[i], 1, "side %d: the caption shown is named in its lane once", i);
}

/* omap-stall at 4.52 s, compared: GP 165 began just before now and GP 166 after it. "GP 1|65" had the
 * now line through it and its "65" white on the pale part to come; GP 166's white label was as pale. */
Test(timeline, gp_labels_stay_on_one_side_of_now_and_readable)
{
    static runs R;
    open_at("omap-stall.json", true, 0, 4520000000LL);
    frame_runs(&R);
    int ahead_labels = 0;
    for (int k = 0; k < R.n; k++)
        for (int i = 0; i < 2; i++) {
            const run *u = &R.v[k];
            if (strncmp(u->text, "GP ", 3) || !within(u->r, plot_of(i)->r)) continue;
            cr_expect(!across_now(u, i), "side %d: \"%s\" runs across the now line", i, u->text);
            if (u->r.x > x_of(plot_of(i), ui_app_now(&W->app))) {
                ahead_labels++;
                cr_expect_lt(darkest(u->r), 170, "side %d: \"%s\" ahead of now is unreadable (darkest %d)", i, u->text, darkest(u->r));
            }
        }
    cr_expect_gt(ahead_labels, 0, "no GP label ahead of now (the check would prove nothing)");
}

/* The first run in side i's timeline whose text starts with prefix, or NULL. */
static const run *run_in_timeline(const runs *R, int side, const char *prefix)
{
    for (int k = 0; k < R->n; k++)
        if (!strncmp(R->v[k].text, prefix, strlen(prefix)) && within(R->v[k].r, plot_of(side)->r)) return &R->v[k];
    return NULL;
}

/* A run drawn just before u that gives a time ("80.008 s "): u is a part of a shared label. */
static bool timed(const runs *R, const run *u)
{
    for (int k = 0; k < R->n; k++) {
        const run *q = &R->v[k];
        size_t n = strlen(q->text);
        if (q != u && q->r.y == u->r.y && abs(q->r.x + q->r.w - u->r.x) <= 1 && n > 3 && !strcmp(q->text + n - 3, " s ")) return true;
    }
    return false;
}

/* omap-stall's wake-up (80.0 s) is labelled "wake CPU 0" on both sides, beside its own tick, at every
 * moment its tick is in the window. 3.6's stall warning comes 8 ms after it: from about 80.1 s on, with
 * the tick near the window's left edge, 3.6 had no room left of the tick and the stall's label right of
 * it, and drew no label while 3.7 did; at 1100x610 it went past the stall's label, far from its tick. */
static void wake_is_labelled_beside_its_tick(void)
{
    static runs R;
    const int64_t wake = 80000000000LL;
    int seen[2] = {0, 0};
    for (int64_t t = 80001000000LL; t < 80190000000LL; t += 12000000LL) {
        open_at("omap-stall.json", true, 0, t);
        frame_runs(&R);
        for (int i = 0; i < 2; i++) {
            const ui_hit *p = plot_of(i);
            int xw = x_of(p, wake);
            if (xw < p->r.x) continue;
            seen[i]++;
            const run *u = run_in_timeline(&R, i, "wake CPU 0");
            cr_expect(u, "t = %.3f s, side %d: the wake-up's tick (x %d) has no label", t / 1e9, i, xw);
            if (!u) continue;
            /* its own label, or one it shares with the stall's, in time order, each part after its time:
             * "80.000 s wake CPU 0  80.008 s ! stall ..." */
            int x0 = u->r.x, x1 = u->r.x + u->r.w;
            const run *st = run_in_timeline(&R, i, "! stall");
            if (st && timed(&R, st)) continue; /* the times say which mark each part names */
            if (st) {
                cr_expect(x1 <= st->r.x || st->r.x + st->r.w <= x0, "t = %.3f s, side %d: the labels overlap", t / 1e9, i);
                bool shared = abs(st->r.x - x1) <= rd_px(W->rd, 14) || abs(x0 - (st->r.x + st->r.w)) <= rd_px(W->rd, 14);
                if (shared) {
                    cr_expect_lt(x0, st->r.x, "t = %.3f s, side %d: one label for both, but the stall before the wake-up", t / 1e9, i);
                    if (st->r.x + st->r.w > x1) x1 = st->r.x + st->r.w;
                    if (st->r.x < x0) x0 = st->r.x;
                }
            }
            int far = x0 > xw ? x0 - xw : xw - x1;
            cr_expect_leq(far, rd_px(W->rd, 30), "t = %.3f s, side %d: \"wake CPU 0\" is %d px from its tick", t / 1e9, i, far);
        }
    }
    cr_expect_gt(seen[0], 5);
    cr_expect_gt(seen[1], 5);
}

Test(timeline, omap_stalls_wake_up_is_labelled_beside_its_tick_on_both_sides) { wake_is_labelled_beside_its_tick(); }

/* omap-stall's cues 4 and 6 show the whole 90 s run: the wake-up (80.000 s) and the stall (80.008 s)
 * fall on one spot and share a label left of it, a label's length long. Its far end misled either way:
 * "wake CPU 0" there read as a wake-up at 66 s (a lecturer), "! stall ..." there as a stall at ~50 s (a
 * student). The label says the spot's time first ("80 s wake CPU 0  ! stall rcu_sched CPU 0"), and
 * ends at the spot, at 1280x720 and 1920x1080, compared or not. */
Test(timeline, a_label_shared_at_one_spot_says_its_time_first)
{
    static runs R;
    const int64_t stall = 80007812500LL;
    static const struct { int w, h; } sizes[] = {{1280, 720}, {1920, 1080}};
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
        for (int compare = 0; compare < 2; compare++) {
            char err[512];
            rd_free(W->rd);
            W->rd = rd_new_offscreen(sizes[z].w, sizes[z].h, 1.0f, err, sizeof err);
            cr_assert(W->rd, "%s", err);
            open_at("omap-stall.json", compare, 90000000000LL, 80007812501LL);
            frame_runs(&R);
            const ui_hit *p = plot_of(0); /* 3.6: the side with the stall */
            const char *how = compare ? " compared" : "";
            const run *u = run_in_timeline(&R, 0, "wake CPU 0"), *st = run_in_timeline(&R, 0, "! stall");
            cr_assert(u && st, "%dx%d%s: the wake-up or the stall has no label", sizes[z].w, sizes[z].h, how);
            const run *first = NULL;
            for (int k = 0; k < R.n; k++)
                if (R.v[k].r.y == u->r.y && within(R.v[k].r, p->r) && R.v[k].r.x < u->r.x && (!first || R.v[k].r.x > first->r.x)) first = &R.v[k];
            cr_expect(first && !strncmp(first->text, "80", 2) && timed(&R, u), "%dx%d%s: the shared label does not start with 80 s (%s)", sizes[z].w,
                      sizes[z].h, how, first ? first->text : "nothing before it");
            int xs = x_of(p, stall), far = xs - (st->r.x + st->r.w);
            cr_expect(far >= 0 && far <= rd_px(W->rd, 12), "%dx%d%s: the label ends %d px from the spot", sizes[z].w, sizes[z].h, how, far);
        }
}

/* The browser page's size. */
static void setup_page(void) { window_fixture_open(cfgdir, "timeline-page", 1100, 610, false); }
TestSuite(timeline_page, .init = setup_page, .fini = teardown);

Test(timeline_page, omap_stalls_wake_up_is_labelled_beside_its_tick_on_both_sides) { wake_is_labelled_beside_its_tick(); }

/* offline-mid-gp brings CPU 2 back at 1.2 s by a scripted "online" event: the engine logs the injection
 * and the hotplug event it caused, and the lane said it twice, "online CPU 2  CPU 2 online". */
Test(timeline, a_scripted_hotplug_is_one_mark_with_one_label)
{
    static runs R;
    open_at("offline-mid-gp.json", false, 0, 1250000000LL);
    frame_runs(&R);
    int n = 0;
    for (int k = 0; k < R.n; k++)
        if ((!strcmp(R.v[k].text, "online CPU 2") || !strcmp(R.v[k].text, "CPU 2 online")) && within(R.v[k].r, plot_of(0)->r)) n++;
    cr_expect_eq(n, 1, "CPU 2's return is named %d times on the timeline", n);
    cr_expect(run_in_timeline(&R, 0, "CPU 2 online"), "it is named as a hotplug event");
}

/* At 80.2 s the caption on each side still tells of the wake-up (and 3.6's of its stall warning), but
 * the 250-ms window holds only 190 ms before now: neither was on the timeline, while the kernel log
 * showed the warning. The events lane names them at its left edge, with their times. */
Test(timeline, the_events_the_caption_speaks_of_stay_named_once_scrolled_past)
{
    static runs R;
    open_at("omap-stall.json", true, 0, 80200000000LL);
    frame_runs(&R);
    for (int i = 0; i < 2; i++) {
        cr_assert_gt(plot_of(i)->t0, 80007812500LL, "side %d: the window still shows the wake-up (the check would prove nothing)", i);
        cr_expect(run_in_timeline(&R, i, "wake CPU 0"), "side %d: the wake-up the caption speaks of is not named", i);
        cr_expect(run_in_timeline(&R, i, "80.000 s"), "side %d: nor when it was", i);
    }
    cr_expect(run_in_timeline(&R, 0, "! stall rcu_sched CPU 0"), "3.6: the stall warning its caption speaks of is not named");
    cr_expect_null(run_in_timeline(&R, 1, "! stall"), "3.7 has no stall warning");
}

/* Every tick on the time axis carries its time: the last one, too near the panel's edge for its label,
 * was drawn alone, a stray mark at the right end of nearly every timeline (big-machine at 1.5 s: a tick
 * at 1.55 s, labelled nowhere). */
Test(timeline, every_axis_tick_has_its_time)
{
    static runs R;
    open_at_future("big-machine.json", false, 0, 1500000000LL, false);
    frame_runs(&R);
    const ui_hit *p = plot_of(0);
    int lh = rd_line_height(W->rd, RD_SANS_SMALL), axis_y = p->r.y + p->r.h - (lh + rd_px(W->rd, 2));
    int ticks = 0, xn = x_of(p, ui_app_now(&W->app));
    for (int x = p->r.x; x < p->r.x + p->r.w; x++) {
        if (abs(x - xn) <= rd_px(W->rd, 2)) continue; /* the now line runs down to the axis too */
        if (lum(x, axis_y + rd_px(W->rd, 2)) > 160) continue; /* the ticks are lines in text_dim under the lanes */
        ticks++;
        bool labelled = false;
        for (int k = 0; k < R.n; k++)
            labelled |= R.v[k].r.x >= x && R.v[k].r.x <= x + rd_px(W->rd, 3) && R.v[k].r.y >= axis_y && strstr(R.v[k].text, " s");
        cr_expect(labelled, "the axis tick at x %d has no time", x);
    }
    cr_expect_gt(ticks, 3, "no axis ticks found (the check would prove nothing)");
}

/* How far mark x is from run u (0 when under it). */
static int dist(const run *u, int x) { return x < u->r.x ? u->r.x - x : x > u->r.x + u->r.w ? x - (u->r.x + u->r.w) : 0; }

/* omap-stall compared at 80.02 s (`shot --compare --panel timeline --size 1920x1080`): 3.6's lane read
 * "wake CPU 0  ! stall rcu_sched CPU 0 ▌|", one label left of both marks, so the stall's words ended
 * against the wake-up's tick, 8 ms before the stall's own line. Each label is nearer its own mark than
 * any other, or says its mark's time, at every moment both marks are in view, at 1280x720 and
 * 1920x1080. */
Test(timeline, each_event_label_is_nearest_its_own_mark)
{
    static runs R;
    const int64_t wake = 80000000000LL, stall = 80007812500LL;
    static const struct { int w, h; } sizes[] = {{1280, 720}, {1920, 1080}};
    int checked = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        char err[512];
        rd_free(W->rd);
        W->rd = rd_new_offscreen(sizes[z].w, sizes[z].h, 1.0f, err, sizeof err);
        cr_assert(W->rd, "%s", err);
        for (int64_t t = 80009000000LL; t < 80190000000LL; t += 3000000LL) {
            open_at("omap-stall.json", true, 0, t);
            frame();
            frame_runs(&R);
            for (int i = 0; i < 2; i++) {
                const ui_hit *p = plot_of(i);
                bool has_stall = W->app.s[i].view.mode == RV_MODE_SOFTIRQ;
                int xw = x_of(p, wake), xs = x_of(p, stall);
                if (xw < p->r.x) continue;
                for (int k = 0; k < R.n; k++) {
                    const run *u = &R.v[k];
                    bool is_wake = !strcmp(u->text, "wake CPU 0"), is_stall = !strncmp(u->text, "! stall", 7);
                    if ((!is_wake && !is_stall) || !within(u->r, p->r) || timed(&R, u)) continue;
                    int own = is_wake ? xw : xs, other = is_wake ? xs : xw;
                    checked++;
                    if (has_stall)
                        cr_expect_lt(dist(u, own), dist(u, other), "%dx%d, t = %.3f s, side %d: \"%s\" is %d px from its mark, %d px from the %s's",
                                     sizes[z].w, sizes[z].h, t / 1e9, i, u->text, dist(u, own), dist(u, other), is_wake ? "stall" : "wake-up");
                    cr_expect_leq(dist(u, own), rd_px(W->rd, 30), "%dx%d, t = %.3f s, side %d: \"%s\" is %d px from its mark", sizes[z].w,
                                  sizes[z].h, t / 1e9, i, u->text, dist(u, own));
                }
            }
        }
    }
    cr_expect_gt(checked, 40, "too few labels seen (%d): the check would prove nothing", checked);
}

/* Eleven bursts injected at one paused moment (a student pressing B to see a flood): the events lane
 * gave each its own "call_rcu_burst CPU 1", six of them in one shared label running 150 ms to the right
 * of their single tick, read as six bursts one after another. One label counts them, beside the tick,
 * drawn as done (not faded as the future is: they happened at now). */
Test(timeline, bursts_at_one_moment_are_counted_in_one_label)
{
    static runs R;
    open_at_future("small-busy.json", false, 0, 25000000LL, false);
    char msg[256];
    for (int k = 0; k < 11; k++) {
        rv_inject b = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_SCHED, .count = 1000};
        cr_assert_eq(ui_app_inject(&W->app, &b, msg, sizeof msg), 0, "%s", msg);
    }
    frame_runs(&R);
    int named = 0;
    const run *lab = NULL;
    for (int k = 0; k < R.n; k++) {
        if (!within(R.v[k].r, plot_of(0)->r) || !strstr(R.v[k].text, "call_rcu_burst CPU 1")) continue;
        named++;
        lab = &R.v[k];
    }
    cr_expect_eq(named, 1, "the bursts are named in %d labels", named);
    cr_assert_not_null(lab);
    cr_expect_str_eq(lab->text, "11\u00D7 call_rcu_burst CPU 1");
    cr_expect_leq(dist(lab, x_of(plot_of(0), W->app.s[0].view.now)), rd_px(W->rd, 12), "the label is beside its tick");
    /* the label's text is cut by the now line's pixels at its left only; its darkest pixel is text */
    rd_rect r = lab->r;
    r.x += rd_px(W->rd, 4);
    r.w -= rd_px(W->rd, 4);
    cr_expect_lt(darkest(r), 110, "the bursts happened at now: their label is not faded as the future (darkest %d)", darkest(r));
}

/* A stretch the history's memory bound thinned says so in the subtitle ("thinned before ..."), and a
 * span as long as the run shows the whole run at its end, from 0 s: shot kernel-build --at 7800
 * --timeline 7800 drew 1850-9650 s and its first 7,000 s as one bar labelled "GP 1", with nothing
 * saying that bar stood for millions. */
Test(timeline, a_thinned_stretch_says_so_and_the_whole_run_shows_at_its_end)
{
    static runs R;
    open_at_future("fast-no-hz.json", false, 0, 0, false);
    ((ui_history *)tt_history(W->app.s[0].tt))->cap = 1024;
    W->app.st.timeline_span = 4000000000LL;
    W->app.st.timeline_manual = true;
    ui_app_seek(&W->app, 4000000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    cr_assert_eq(ui_app_end(&W->app), 10000000000LL, "fast-no-hz runs ten seconds");
    W->app.st.timeline_span = ui_app_end(&W->app);
    ui_app_seek(&W->app, ui_app_end(&W->app));
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame_runs(&R);
    bool thinned = false, zero = false;
    for (int k = 0; k < R.n; k++) {
        if (strstr(R.v[k].text, "thinned before")) thinned = true;
        if (!strcmp(R.v[k].text, "0 s") && within(R.v[k].r, plot_of(0)->r)) zero = true;
    }
    cr_expect(thinned, "the subtitle does not say the stretch was thinned");
    cr_expect(zero, "the timeline at the run's end, a run long, does not start at 0 s");
    /* no bar stands for several GPs under one GP's name */
    const ui_history *h = tt_history(W->app.s[0].tt);
    for (int k = 0; k < R.n; k++) {
        unsigned long long gp;
        if (sscanf(R.v[k].text, "GP %llu", &gp) != 1) continue;
        for (size_t i = 0; i + 1 < h->gps[RV_SCHED].n; i++)
            if (h->gps[RV_SCHED].v[i].gp == gp)
                cr_expect_eq(h->gps[RV_SCHED].v[i + 1].gp, gp + 1, "\"%s\" stands for GPs %llu to %llu", R.v[k].text, gp,
                             (unsigned long long)h->gps[RV_SCHED].v[i + 1].gp - 1);
    }
}

/* The stretch the timeline shows is exact from the run's very start: there, now sits left of its 3/4
 * and the window reaches nearly a whole span ahead, which time travel kept only a quarter span of, so
 * the look-ahead thinned the rest ("thinned 0.127 s to 0.25 s" on opening fast-no-hz, for good). */
Test(timeline, the_start_of_a_run_is_shown_exact)
{
    static runs R;
    open_at_future("fast-no-hz.json", false, 0, 0, false);
    ui_app_sync_window(&W->app); /* as the window does before its look-ahead works, every frame */
    while (tt_explore(W->app.s[0].tt, 1000)) {}
    ui_app_seek(&W->app, 20000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    ui_app_sync_window(&W->app);
    while (tt_explore(W->app.s[0].tt, 1000)) {} /* a rebuild of what the window shows, if it is coarse */
    cr_assert(ui_history_coarse_in(tt_history(W->app.s[0].tt), 0, tt_end(W->app.s[0].tt)), "the look-ahead thinned nothing: no test");
    frame_runs(&R);
    for (int k = 0; k < R.n; k++) cr_expect(!strstr(R.v[k].text, "thinned"), "at 20 ms: \"%s\"", R.v[k].text);
}

/* No window longer than the run: at high speed, or zoomed out, a 60 s run had 540 s of empty axis. */
Test(timeline, the_window_is_never_longer_than_the_run)
{
    ui_state st;
    memset(&st, 0, sizeof st);
    st.speed = 100; /* follows the speed: 2500 s, capped at 600 */
    cr_expect_eq(panel_timeline_span(&st, 60000000000LL), 60000000000LL);
    cr_expect_eq(panel_timeline_span(&st, 0), 600000000000LL, "no run length known: the speed's span");
    st.timeline_manual = true;
    st.timeline_span = 3600000000000LL;
    cr_expect_eq(panel_timeline_span(&st, 10000000000LL), 10000000000LL, "a zoom out as far as the run");
    st.timeline_span = 2000000000LL;
    cr_expect_eq(panel_timeline_span(&st, 10000000000LL), 2000000000LL, "a zoom within the run is kept");
}

/* A GP bar says on hover what it is: omap-stall's GP 166, open for 75 s, and its length */
Test(timeline, a_gp_bar_says_on_hover_what_it_is)
{
    open_at("omap-stall.json", false, 90000000000LL, 80000000000LL);
    frame();
    bool found = false;
    for (int i = 0; i < W->app.fr.ntips && !found; i++)
        if (strstr(W->app.fr.tips[i].text, "GP 166 of rcu_sched: ")) found = true;
    cr_expect(found, "no tip names GP 166");
}
