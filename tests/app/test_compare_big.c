/* test_compare_big.c — compare mode on a 1280x720 projector reaches 133 % text, and at that scale each half keeps what the lecturer reads from the back of the room: the RCU-work rows, the caption, the Why answer, the tree's boxes, the CPU tiles. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "text_runs.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];
static runs R;

static void teardown(void) { window_fixture_close(cfgdir); }

/* hackbench in a window of w x h pixels, compared at 2 s, after Ctrl+= pressed `presses` times from 100 %:
 * the scale the window draws at */
static float window_scale_after(int w, int h, int presses)
{
    window_fixture_open(cfgdir, "cmpbig", w, h, false);
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[512];
    snprintf(path, sizeof path, "%s/scenarios/hackbench.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    W->app.st.ui_scale = 1.0f;
    ui_win_fit_scale(W);
    for (int i = 0; i < presses; i++) press_mod(SDLK_EQUALS, KMOD_LCTRL);
    if (ui_win_scale_stale(W)) ui_win_fit_scale(W);
    return rd_scale(W->rd);
}

/* A lecturer at a 1280x720 projector (1280x688 under a title bar) pressed Ctrl+= three times in compare
 * mode and got 115-120 %: the 1066x600 points one view needs held compare too, its small text 12 px */
Test(compare_big, ctrl_plus_reaches_133_percent_at_1280x720, .fini = teardown)
{
    float s = window_scale_after(1280, 720, 3);
    cr_expect_geq(s, 1.3f, "compare at 1280x720 draws at %.0f%%", s * 100);
    cr_expect_geq(10.5f * s, 13.0f, "the small font is %.1f px", 10.5f * s);
}

Test(compare_big, ctrl_plus_reaches_133_percent_at_1280x688, .fini = teardown)
{
    float s = window_scale_after(1280, 688, 3);
    cr_expect_geq(s, 1.3f, "compare at 1280x688 draws at %.0f%%", s * 100);
}

/* Leaving compare mode refits the scale to the one view's room, and coming back gives the 133 % again */
Test(compare_big, leaving_compare_refits_the_scale, .fini = teardown)
{
    float in = window_scale_after(1280, 720, 3);
    press(SDLK_c);
    cr_assert(!W->app.st.compare);
    cr_assert(ui_win_scale_stale(W), "compare left: the scale is stale");
    ui_win_fit_scale(W);
    float out = rd_scale(W->rd);
    cr_expect_leq(out * UI_MIN_LOGICAL_W, 1280.5f, "one view at %.0f%% leaves less than its 1066 points", out * 100);
    cr_expect_leq(out * UI_MIN_LOGICAL_H, 720.5f);
    press(SDLK_c);
    cr_assert(W->app.st.compare);
    if (ui_win_scale_stale(W)) ui_win_fit_scale(W);
    cr_expect_float_eq(rd_scale(W->rd), in, 0.001f);
}

/* Draws a at w x h at the largest scale compare mode fits there (150 % asked), each text run to R;
 * returns the scale and how many runs came out cut. */
static float draw_big(ui_app *a, int w, int h, int *cut)
{
    char err[512];
    float s = ui_fit_scale(w, h, 1.5f, true);
    rd_ctx *rd = rd_new_offscreen(w, h, s, err, sizeof err);
    cr_assert(rd, "%s", err);
    R.n = 0;
    rd_text_stats_reset(rd);
    app_draw_observed(a, rd, keep_run, &R);
    rd_text_stats ts;
    rd_text_stats_get(rd, &ts);
    *cut = ts.clipped + (ts.shortened > a->fr.ntips_shortened ? ts.shortened - a->fr.ntips_shortened : 0);
    for (int i = 0; i < ts.nsamples; i++) fprintf(stderr, "cut: [%s]\n", ts.samples[i]);
    rd_free(rd);
    return s;
}

/* how many runs starting in r contain needle */
static int in_rect(rd_rect r, const char *needle)
{
    int n = 0;
    for (int i = 0; i < R.n; i++) n += starts_in(R.v[i].r, r) && strstr(R.v[i].text, needle);
    return n;
}

/* runs starting in r whose text is s */
static int exact_in(rd_rect r, const char *s)
{
    int n = 0;
    for (int i = 0; i < R.n; i++) n += starts_in(R.v[i].r, r) && !strcmp(R.v[i].text, s);
    return n;
}

/* runs starting in r */
static int runs_in(rd_rect r)
{
    int n = 0;
    for (int i = 0; i < R.n; i++) n += starts_in(R.v[i].r, r);
    return n;
}

static const struct { int w, h; } projector[] = {{1280, 720}, {1280, 688}};

/* A shipped scenario compared, at t (its seek finished), CPU sel selected (-1: none). */
static void compared_at(ui_app *a, const char *scenario, int64_t t, int sel)
{
    app_load(a, scenario, true);
    app_seek(a, t);
    a->st.sel_cpu = sel;
}

/* hackbench's cue 2 ("The 3.6 tree on the left is shaped for NR_CPUS=64"), presenting and not: both
 * halves at 133 % show their RCU-work rows with their shares, the caption, the CPU tiles and the
 * tree's boxes (3.6's four leaves were two lines of words), and no text is cut. The timeline is what
 * gave way. */
Test(compare_big, hackbench_cue_2_keeps_figures_caption_tiles_and_trees)
{
    for (int present = 0; present < 2; present++)
        for (size_t z = 0; z < sizeof projector / sizeof *projector; z++) {
            ui_app a;
            app_at_cue(&a, "hackbench.json", 1);
            cr_assert(a.st.compare, "cue 2 compares");
            a.st.presenting = present;
            int cut;
            float s = draw_big(&a, projector[z].w, projector[z].h, &cut);
            const char *what = present ? "presenting" : "window";
            cr_expect_geq(s, 1.3f, "%dx%d: %.2f", projector[z].w, projector[z].h, s);
            cr_expect_eq(cut, 0, "%dx%d %s: %d runs cut", projector[z].w, projector[z].h, what, cut);
            cr_expect(a.L.compact);
            cr_expect_gt(a.L.caption.h, 0, "the caption strip");
            cr_expect_gt(in_rect(a.L.caption, "NR_CPUS=64"), 0, "%s: the caption names the tree", what);
            for (int sd = 0; sd < 2; sd++) {
                const ui_side *S = &a.L.side[sd];
                cr_expect_eq(S->timeline.h, 0, "the timeline gives way");
                cr_expect_eq(in_rect(S->acct, "in all"), 1, "%s side %d: the in-all row", what, sd);
                cr_expect_eq(in_rect(S->acct, "tasks: call_rcu(), idle"), 1, "%s side %d: the tasks row", what, sd);
                cr_expect_geq(in_rect(S->acct, "%"), 4, "%s side %d: the rows' shares", what, sd);
                int tiles = 0;
                for (int c = 0; c < 16; c++) {
                    char num[8];
                    snprintf(num, sizeof num, "%d", c);
                    tiles += exact_in(S->cpus, num) > 0;
                }
                cr_expect_eq(tiles, 16, "%s side %d: %d of 16 tiles numbered", what, sd, tiles);
                cr_expect_gt(in_rect(S->tree, "rnp0"), 0, "%s side %d: the root's box", what, sd);
            }
            /* 3.6's tree: its leaves' boxes, not "rnp1–rnp4: 4 leaves" in words */
            cr_expect_gt(in_rect(a.L.side[0].tree, "rnp1"), 0, "%s: 3.6's first leaf", what);
            cr_expect_eq(in_rect(a.L.side[0].tree, "4 leaves"), 0, "%s: 3.6's tree in words", what);
            ui_app_free(&a);
        }
}

/* hackbench compared at 2 s with CPU 4 selected: each half's Why answer in three lines or more (at
 * 133 % with the timeline's room it was one line over "▼ 4 more lines"), and the figures stay */
Test(compare_big, a_selected_cpus_why_gets_lines)
{
    for (size_t z = 0; z < sizeof projector / sizeof *projector; z++) {
        ui_app a;
        compared_at(&a, "hackbench.json", 2000000000LL, 4);
        int cut;
        draw_big(&a, projector[z].w, projector[z].h, &cut);
        cr_expect_eq(cut, 0, "%d runs cut", cut);
        for (int sd = 0; sd < 2; sd++) {
            const ui_side *S = &a.L.side[sd];
            cr_expect_eq(in_rect(S->klog, "Why is it waiting?"), 1, "side %d: the Why panel", sd);
            cr_expect_geq(runs_in(S->klog), 1 + 3, "%dx%d side %d: the Why answer in %d lines", projector[z].w, projector[z].h, sd,
                          runs_in(S->klog) - 1);
            cr_expect_eq(in_rect(S->acct, "tasks: call_rcu(), idle"), 1, "side %d: the tasks row", sd);
        }
        ui_app_free(&a);
    }
}

/* Outside compare, and in compare where the window has the room, the layout is as before: the timeline
 * shows (1600x900 at 100 %; one view at 1280x720 at 120 %). */
Test(compare_big, a_larger_room_keeps_the_timeline)
{
    char err[512];
    for (int compare = 0; compare < 2; compare++) {
        ui_app a;
        app_load(&a, "hackbench.json", compare);
        app_seek(&a, 2000000000LL);
        int w = compare ? 1600 : 1280, h = compare ? 900 : 720;
        rd_ctx *rd = rd_new_offscreen(w, h, ui_fit_scale(w, h, compare ? 1.0f : 1.5f, compare), err, sizeof err);
        cr_assert(rd, "%s", err);
        app_draw_observed(&a, rd, keep_run, &R);
        rd_free(rd);
        cr_expect(!a.L.compact);
        for (int sd = 0; sd < a.L.nsides; sd++) cr_expect_gt(a.L.side[sd].timeline.h, 0, "compare %d side %d", compare, sd);
        ui_app_free(&a);
    }
}

/* omap-stall's cue 5 ("...credits it ("snap")...; the GP ends without a tick, the CPU outlined in
 * yellow"), compared and presented at 133 %: each half's two CPUs were strips of a number and a letter
 * under five rows of legend, with no "snap" on 3.7's idle CPU and no "owed" on 3.6's two. A machine of
 * a few CPUs keeps its tiles' badges before the legend's last rows. */
Test(compare_big, omap_stalls_two_tiles_keep_their_badges)
{
    for (size_t z = 0; z < sizeof projector / sizeof *projector; z++) {
        ui_app a;
        app_at_cue(&a, "omap-stall.json", 4);
        cr_assert(a.st.compare, "cue 5 compares");
        a.st.presenting = true;
        int cut;
        float s = draw_big(&a, projector[z].w, projector[z].h, &cut);
        cr_expect_geq(s, 1.3f);
        cr_expect_eq(cut, 0, "%dx%d: %d runs cut", projector[z].w, projector[z].h, cut);
        int k = a.s[0].view.mode == RV_MODE_KTHREAD ? 0 : 1, o = 1 - k; /* 3.7's side, 3.6's */
        cr_expect_eq(exact_in(a.L.side[k].cpus, "snap"), 1, "%dx%d: 3.7's idle CPU 1 shows its \"snap\" credit", projector[z].w,
                     projector[z].h);
        cr_expect_eq(exact_in(a.L.side[o].cpus, "\u25CB"), 2, "%dx%d: 3.6's two CPUs show that they owe a QS", projector[z].w,
                     projector[z].h);
        cr_expect_gt(in_rect(a.L.side[o].cpus, "U user"), 0, "the legend's first row stays");
        ui_app_free(&a);
    }
}

/* omap-stall compared at the stall with CPU 0 selected, at 133 %: 3.6's Why answer, under the stall line
 * in its kernel log's slot, showed its first sentence and nothing saying more was left out (1600x900
 * said "▼ 4 more lines"); the room could not tell. When lines are left out, the answer says so, at its
 * last line's end when no line is spare, and its first sentence stays whole. */
Test(compare_big, a_why_answer_cut_to_its_first_sentence_says_more_follows)
{
    for (size_t z = 0; z < sizeof projector / sizeof *projector; z++) {
        ui_app a;
        compared_at(&a, "omap-stall.json", 80007812501LL, 0);
        int cut;
        draw_big(&a, projector[z].w, projector[z].h, &cut);
        cr_expect(a.L.compact);
        cr_expect_eq(cut, 0, "%dx%d: %d runs cut", projector[z].w, projector[z].h, cut);
        int k = a.s[0].view.mode == RV_MODE_SOFTIRQ ? 0 : 1; /* 3.6's half */
        const ui_side *S = &a.L.side[k];
        cr_assert_eq(in_rect(S->klog, "Why is it waiting?"), 1, "%dx%d: 3.6's Why panel", projector[z].w, projector[z].h);
        cr_expect_eq(in_rect(S->klog, "self-detected stall"), 1, "%dx%d: the stall line stays above it", projector[z].w,
                     projector[z].h);
        cr_expect_gt(in_rect(S->klog, "The stall warning at"), 0, "%dx%d: the answer's first sentence", projector[z].w, projector[z].h);
        cr_expect_gt(in_rect(S->klog, "\u25BC"), 0, "%dx%d: nothing says the answer goes on", projector[z].w, projector[z].h);
        ui_app_free(&a);
    }
}

/* The strip's empty band under the caption runs drawn in it (the strip's height when none). */
static int caption_band(const ui_layout *L)
{
    int bottom = L->caption.y;
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, L->caption) && R.v[i].r.y + R.v[i].r.h > bottom) bottom = R.v[i].r.y + R.v[i].r.h;
    return L->caption.y + L->caption.h - bottom;
}

/* callbacks compared at its start, before its first cue, at 133 %: the strip was as tall as the longest
 * caption of the scenario (a cue's) in two big lines' least, and the first caption's four lines sat over
 * ~80 px of empty strip while the trees above were squeezed. The strip takes what the captions of the
 * stretch to the first cue need: the one up (461 bytes) and the one coming at 0.5 s (509 bytes), and keeps
 * that height while the run plays on to the cue, both shown whole. */
Test(compare_big, compact_strip_takes_the_stretchs_captions_and_holds)
{
    for (size_t z = 0; z < sizeof projector / sizeof *projector; z++) {
        ui_app a;
        compared_at(&a, "callbacks.json", 1000000LL, -1);
        int cut;
        draw_big(&a, projector[z].w, projector[z].h, &cut);
        cr_expect(a.L.compact);
        cr_expect_eq(cut, 0, "%dx%d: %d runs cut", projector[z].w, projector[z].h, cut);
        cr_assert_gt(in_rect(a.L.caption, "In the single view"), 0, "%dx%d: the first caption", projector[z].w, projector[z].h);
        char err[256];
        rd_ctx *rd = rd_new_offscreen(projector[z].w, projector[z].h, ui_fit_scale(projector[z].w, projector[z].h, 1.5f, true), err,
                                      sizeof err);
        cr_assert(rd, "%s", err);
        int line = rd_line_height(rd, RD_BOLD);
        rd_free(rd);
        int h0 = a.L.caption.h, band = caption_band(&a.L);
        cr_expect_lt(band, 2 * line, "%dx%d: %d px of the %d px strip empty under its caption", projector[z].w, projector[z].h, band, h0);
        for (int64_t t = 300000000LL; t <= 500000000LL; t += 200000000LL) { /* played on, the next caption up */
            app_seek(&a, t);
            draw_big(&a, projector[z].w, projector[z].h, &cut);
            cr_expect_eq(cut, 0, "%dx%d at %lld ns: %d runs cut", projector[z].w, projector[z].h, (long long)t, cut);
            cr_expect_eq(a.L.caption.h, h0, "%dx%d at %lld ns: the strip went from %d to %d px", projector[z].w, projector[z].h,
                         (long long)t, h0, a.L.caption.h);
        }
        cr_expect_gt(in_rect(a.L.caption, "2000"), 0, "the 0.5 s caption is up");
        ui_app_free(&a);
    }
}

/* hackbench compared at 1 s at 133 %: 3.6's tree in words ended with "too many boxes for this room: V sh…",
 * cut where a shorter whole form fits. Nothing in either tree is cut. */
Test(compare_big, the_trees_more_boxes_hint_is_never_cut)
{
    for (size_t z = 0; z < sizeof projector / sizeof *projector; z++) {
        ui_app a;
        compared_at(&a, "hackbench.json", 1000000000LL, -1);
        int cut;
        draw_big(&a, projector[z].w, projector[z].h, &cut);
        for (int sd = 0; sd < 2; sd++) {
            const ui_side *S = &a.L.side[sd];
            cr_expect_eq(exact_in(S->tree, "\u2026"), 0, "%dx%d side %d: a cut text in the tree", projector[z].w, projector[z].h, sd);
            cr_expect_eq(in_rect(S->tree, "V sh") - in_rect(S->tree, "V shows"), 0, "%dx%d side %d: the hint cut", projector[z].w,
                         projector[z].h, sd);
        }
        ui_app_free(&a);
    }
}
