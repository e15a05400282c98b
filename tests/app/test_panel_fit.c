/* test_panel_fit.c — a one-panel picture's fitted text scale (shot --panel without --scale) keeps what scale 1 shows: the tree's g/c lines, the compare heads' qualifier, a kernel log line on one line. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "panels/panels.h"
#include "text_runs.h"
#include "view/layout_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;

/* One picture of a as look says, at rd's scale, its text runs into R. */
static void draw_runs(ui_app *a, rd_ctx *rd, const ex_look *look)
{
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ex_draw(a, rd, look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
}

/* Runs that begin with a node's GP numbers, "g40 c39 ..." */
static int gc_lines(void)
{
    int n = 0;
    for (int i = 0; i < R.n; i++) {
        const char *t = R.v[i].text;
        char *end;
        if (t[0] != 'g' || t[1] < '0' || t[1] > '9') continue;
        strtoul(t + 1, &end, 10);
        n += end[0] == ' ' && end[1] == 'c' && end[2] >= '0' && end[2] <= '9';
    }
    return n;
}

/* tree's cue 4, the tree alone at 1920x1080: at scale 1 every node's second line reads "g40 c39
 * qsmask ..."; the fitted scale (2.25) left the leaves "qsmask 0" alone, the README's "no label gone"
 * broken without a mark. */
Test(panel_fit, the_fitted_tree_keeps_every_nodes_gp_numbers)
{
    ui_app a;
    char err[512];
    app_load(&a, "tree.json", false);
    cr_assert_eq(ui_app_goto_cue(&a, 3, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&a, 1000)) {}
    a.st.presenting = true;
    ui_app_refresh_reports(&a, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look look = {.panel = UI_PANEL_TREE, .klog = -1, .caption = -1};
    draw_runs(&a, rd, &look);
    int base = gc_lines();
    cr_assert_geq(base, 5, "scale 1 shows the root's and the leaves' g/c numbers (%d)", base);
    float k = ex_fit_panel_scale(&a, rd, &look);
    draw_runs(&a, rd, &look);
    cr_expect_eq(gc_lines(), base, "at the fitted scale %.2f, %d of %d nodes show their g/c numbers", k, gc_lines(), base);
    cr_expect_gt(k, 1.0f, "the tree fills the picture at a scale above 1");
    rd_free(rd);
    ui_app_free(&a);
}

/* The run in r that contains s, or NULL. */
static const run *run_with(rd_rect r, const char *s)
{
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, r) && strstr(R.v[i].text, s)) return &R.v[i];
    return NULL;
}

/* omap-stall compared at 80.5 s, the kernel log alone at 1920x1080: fitted at 4, 3.6's stall warning
 * wrapped over four rows while two thirds of the picture stayed empty, and the heads read "3.6
 * (softirq) — grace period…" and "3.7 (kthread) — grace perio…", the qualifier that makes the
 * comparison fair ("with 3.6's cpu_needs_another_gp()") gone. Fitted, the warning is one line, its
 * text larger than at scale 1, and 3.7's head keeps its qualifier whole. */
Test(panel_fit, the_fitted_compare_log_keeps_its_line_whole_and_its_heads_qualifier)
{
    ui_app a;
    char err[512];
    app_load(&a, "omap-stall.json", true);
    app_seek(&a, 80500000000LL);
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look look = {.panel = UI_PANEL_KLOG, .klog = -1, .caption = -1};
    draw_runs(&a, rd, &look);
    const run *one = run_with(a.L.side[0].klog, "self-detected stall");
    cr_assert(one && strstr(one->text, "jiffies)"), "scale 1 draws the warning on one line");
    int h1 = one->r.h;
    float k = ex_fit_panel_scale(&a, rd, &look);
    draw_runs(&a, rd, &look);
    const run *line = run_with(a.L.side[0].klog, "self-detected stall");
    cr_assert(line, "the fitted picture shows the warning");
    cr_expect(strstr(line->text, "INFO: rcu_sched") && strstr(line->text, "jiffies)"), "at %.2f the warning wraps: its first row is \"%s\"",
              k, line->text);
    cr_expect_gt(line->r.h, h1, "at %.2f the warning is %d px tall, at scale 1 %d", k, line->r.h, h1);
    const run *head = run_with(a.L.side[1].head, "3.7 (kthread)");
    cr_assert(head, "3.7's head is drawn");
    cr_expect(strstr(head->text, "(kthread), with 3.6's cpu_needs_another_gp()"), "at %.2f 3.7's head reads \"%s\"", k, head->text);
    rd_free(rd);
    ui_app_free(&a);
}

/* 3.7's head in omap-stall at every width from a slide's half to a phone's: a head too narrow for its
 * whole text kept "3.7 (kthread) — grace periods driven by the rcu_* kthreads" over the qualifier that
 * says this 3.7 runs 3.6's cpu_needs_another_gp(); the qualifier now goes before the generic words,
 * and is cut (with its hover tip) only where nothing shorter fits. */
Test(panel_fit, a_narrow_compare_head_keeps_its_qualifier_before_the_generic_words)
{
    ui_app a;
    char err[512];
    app_load(&a, "omap-stall.json", true);
    app_seek(&a, 1000000000LL);
    rd_ctx *rd = rd_new_offscreen(1200, 200, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look look = {.panel = UI_PANEL_KLOG, .klog = -1, .caption = -1};
    draw_runs(&a, rd, &look); /* the views and the frame's theme */
    const ui_view *v = &a.s[1].view;
    cr_assert_eq(v->mode, RV_MODE_KTHREAD);
    int tested = 0;
    for (int w = 120; w <= 1000; w += 10) {
        a.fr.rd = rd;
        rd_begin(rd, a.fr.th->bg);
        R.n = 0;
        rd_set_text_observer(rd, keep_run, &R);
        panel_side_head_draw(&a.fr, (rd_rect){0, 0, w, 40}, v);
        rd_end(rd);
        rd_set_text_observer(rd, NULL, NULL);
        cr_assert_gt(R.n, 0);
        /* the head's text, "…" and all */
        char text[400] = "";
        for (int i = 0; i < R.n; i++) strncat(text, R.v[i].text, sizeof text - strlen(text) - 1);
        /* the generic words only after the whole qualifier; the qualifier begun at any width a head has */
        if (strstr(text, "grace period")) cr_expect(strstr(text, "with 3.6's cpu_needs_another_gp()"), "%d px: \"%s\"", w, text);
        else tested++;
        if (w >= 200) cr_expect(!strncmp(text, "3.7 (kthread), w", 16), "%d px: \"%s\"", w, text);
    }
    cr_expect_gt(tested, 0, "no width left out the generic words (the check would prove nothing)");
    rd_free(rd);
    ui_app_free(&a);
}

/* The text scale a clip of tree from 0.163 to 0.1945 s, the tree alone at 960x540, is drawn at. */
static int scale_frame(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)i; (void)n;
    *(float *)ctx = rd_scale(rd);
    return 0;
}

static float clip_scale(bool cues)
{
    ui_app a;
    char err[512];
    app_load(&a, "tree.json", false);
    rd_ctx *rd = rd_new_offscreen(960, 540, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_anim an = {.from_ns = 163000000LL, .to_ns = 194500000LL, .fps = 10, .length_s = 6, .out = "unused/", .w = 960, .h = 540,
                  .scale = 1.0f, .fit_scale = true};
    ex_look look = {.panel = UI_PANEL_TREE, .cues = cues, .klog = -1, .caption = -1};
    float k = 0;
    cr_assert_eq(ex_clip_frames(&a, rd, &an, &look, scale_frame, &k), 0);
    rd_free(rd);
    ui_app_free(&a);
    return k;
}

/* The cue bar's words wrap to a second row rather than shrink the panel: with --cues the clip was
 * fitted at 1.25, without at 2, the tree in the top half and the bottom half empty. */
Test(panel_fit, the_cue_bar_does_not_shrink_a_clips_panel)
{
    float plain = clip_scale(false), cued = clip_scale(true);
    cr_expect_gt(plain, 1.0f);
    cr_expect_eq(cued, plain, "with the cue bar the clip's text scale is %.2f, without %.2f", cued, plain);
}
