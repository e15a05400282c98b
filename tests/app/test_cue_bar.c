/* test_cue_bar.c — a clip's burnt-in cue bar: a stall before the caption at its instant, the flavor shown, one time width, words whole; and the slide title's clock at one width. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "view/layout_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bar's text runs of one drawing, joined: what the bar at the picture's bottom says. */
typedef struct bar_text { int top; char text[1024]; int right; } bar_text;

static void keep_bar(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)h;
    bar_text *b = ctx;
    /* the bar begins at its clock ("t = "): a bar of two rows starts above top, the panel's text
     * in that band above a bar of one row is not the bar's */
    if (y < b->top || (!b->text[0] && strncmp(s, "t = ", 4) != 0)) return;
    size_t l = strlen(b->text), n = end ? (size_t)(end - s) : strlen(s);
    snprintf(b->text + l, sizeof b->text - l, "%.*s", (int)n, s);
    if (x + w > b->right) b->right = x + w;
}

Test(cue_bar, a_stall_warning_wins_over_a_caption_at_the_same_instant)
{
    /* omap-stall: the warning at 80.0078125 s, and a caption fired at that very instant; the bar
     * read "last event, at 80.007812 s: caption: \"An interrupt woke CPU 0 ...\"" */
    static ui_app a;
    app_load(&a, "omap-stall.json", false);
    app_seek(&a, 80007812501LL);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    bar_text b = {.top = 720 - ex_cue_bar_height(rd)};
    rd_set_text_observer(rd, keep_bar, &b);
    ex_look look = {.clean = true, .panel = -1, .klog = -1, .caption = -1, .cues = true};
    ex_draw(&a, rd, &look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    cr_assert(strstr(b.text, "rcu_sched stall warning"), "the bar: %s", b.text);
    /* the event's time as exact as the clock's: the warning is at 80.0078125 s, not 80.007812 */
    cr_assert(strstr(b.text, "at 80.007812500 s"), "the bar: %s", b.text);
    rd_free(rd);
    ui_app_free(&a);
}

/* Every frame's bar of a clip, each checked as it is drawn. */
typedef struct clip_bars {
    int w, h, frames, checked;
    bar_text cur;
    char first_time[64];
    char failure[1400];
} clip_bars;

/* "t = 0.010539597 s" of a bar: its time field */
static void time_field(const char *t, char *out, size_t n)
{
    const char *s = strstr(t, " s");
    snprintf(out, n, "%.*s", s ? (int)(s - t) : 0, t);
}

static int check_frame(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)n;
    clip_bars *c = ctx;
    c->frames++;
    /* the text scale is fitted before the first frame, and that leaves rd without an observer: frame 1
     * goes unseen, every later one is checked */
    if (c->cur.top > 0 && !c->failure[0]) {
        const char *t = c->cur.text;
        char tf[64];
        time_field(t, tf, sizeof tf);
        size_t l = strlen(t);
        if (strncmp(t, "t = ", 4) != 0)
            snprintf(c->failure, sizeof c->failure, "frame %d: the bar says \"%s\"", i + 1, t);
        else if (strstr(t, "rcu_bh") || strstr(t, "rcu_preempt"))
            snprintf(c->failure, sizeof c->failure, "frame %d: a clip of rcu_sched names another flavor's event: %s", i + 1, t);
        else if (c->first_time[0] && strlen(tf) != strlen(c->first_time))
            snprintf(c->failure, sizeof c->failure, "frame %d: time \"%s\", an earlier frame's \"%s\": the text jumps", i + 1, tf,
                     c->first_time);
        else if (c->cur.right > c->w)
            snprintf(c->failure, sizeof c->failure, "frame %d: the bar's text runs to x=%d of %d", i + 1, c->cur.right, c->w);
        else if (l >= 3 && !strcmp(t + l - 3, "…") && (l < 4 || t[l - 4] != ' '))
            snprintf(c->failure, sizeof c->failure, "frame %d: the bar's text is cut mid-word: %s", i + 1, t);
        if (!c->first_time[0]) snprintf(c->first_time, sizeof c->first_time, "%s", tf);
        c->checked++;
    }
    c->cur.top = c->h - 2 * ex_cue_bar_height(rd); /* as high as a bar of two rows starts */
    c->cur.text[0] = 0;
    c->cur.right = 0;
    rd_set_text_observer(rd, keep_bar, &c->cur);
    return 0;
}

Test(cue_bar, a_clip_bar_keeps_its_flavor_width_and_words)
{
    /* the speaker's clip: small-busy on 16 CPUs in leaves of 4, rcu_sched's tree at 1920x1080, where
     * the bar named rcu_bh and rcu_preempt events, printed "t = 0.009395302 s" then "t = 0.012100 s",
     * and cut "... for rcu_sched GP 4 (n…" */
    static ui_app a;
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root);
    ui_app_init(&a);
    ui_app_set_override(&a, "cpus", "16");
    ui_app_set_override(&a, "rcu.fanout", "4");
    ui_app_set_override(&a, "rcu.fanout_leaf", "4");
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    a.st.flavor = RV_SCHED;
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_anim an = {.from_ns = 9000000, .to_ns = 12100000, .fps = 25, .length_s = 6, .out = "unused/", .w = 1920, .h = 1080,
                  .scale = 1.0f, .fit_scale = true};
    ex_look look = {.clean = false, .panel = ui_panel_from_name("tree"), .klog = -1, .caption = -1, .cues = true};
    static clip_bars c;
    memset(&c, 0, sizeof c);
    c.w = 1920;
    c.h = 1080;
    cr_assert_eq(ex_clip_frames(&a, rd, &an, &look, check_frame, &c), 0);
    cr_assert_eq(c.frames, 150);
    cr_assert_eq(c.checked, 149);
    cr_assert_eq(c.failure[0], 0, "%s", c.failure);
    rd_free(rd);
    ui_app_free(&a);
}

/* A clean clip's title strip, "omap-stall · 3.6 (softirq) · rcu_sched · t = 79.990400000 s (jiffy ...)":
 * its clock printed as many decimals as each frame's time needed, so the jiffy beside it moved as the
 * frames went by (a speaker's clip). Every frame's clock has one width. */
typedef struct title_clock { char first[64], cur[64], failure[300]; int frames; } title_clock;

static void keep_title_clock(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    title_clock *tc = ctx;
    char t[600];
    size_t n = end ? (size_t)(end - s) : strlen(s);
    snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t - 1 ? n : sizeof t - 1), s);
    const char *p = strstr(t, " · t = "), *q = p ? strstr(p, " (jiffy") : NULL;
    if (p && q) snprintf(tc->cur, sizeof tc->cur, "%.*s", (int)(q - p), p);
}

static int title_frame(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)n;
    title_clock *tc = ctx;
    if (tc->cur[0] && !tc->failure[0]) {
        if (!tc->first[0]) snprintf(tc->first, sizeof tc->first, "%s", tc->cur);
        else if (strlen(tc->cur) != strlen(tc->first))
            snprintf(tc->failure, sizeof tc->failure, "frame %d: clock \"%s\", an earlier frame's \"%s\"", i + 1, tc->cur, tc->first);
        tc->frames++;
    }
    tc->cur[0] = 0;
    rd_set_text_observer(rd, keep_title_clock, tc);
    return 0;
}

Test(cue_bar, a_clean_clips_title_clock_keeps_one_width)
{
    static ui_app a;
    app_load(&a, "omap-stall.json", false);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(640, 360, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    /* 25 frames from 79.99 s to 80.0 s: 0.4 ms apart, some on a microsecond, some not */
    ex_anim an = {.from_ns = 79990000000LL, .to_ns = 80000000000LL, .fps = 25, .length_s = 1, .out = "unused/", .w = 640,
                  .h = 360, .scale = 1.0f};
    ex_look look = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
    static title_clock tc;
    memset(&tc, 0, sizeof tc);
    rd_set_text_observer(rd, keep_title_clock, &tc);
    cr_assert_eq(ex_clip_frames(&a, rd, &an, &look, title_frame, &tc), 0);
    cr_assert_gt(tc.frames, 20, "the title's clock was read in %d frames", tc.frames);
    cr_expect_eq(tc.failure[0], 0, "%s", tc.failure);
    rd_free(rd);
    ui_app_free(&a);
}

/* Frames whose bar names a reader entering or leaving its critical section. */
typedef struct reader_bars { bar_text cur; int h, frames, readers; } reader_bars;

static int count_reader_bar(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)i; (void)n;
    reader_bars *c = ctx;
    if (c->cur.top > 0) {
        c->frames++;
        c->readers += strstr(c->cur.text, "read-side critical section") != NULL;
    }
    c->cur.top = c->h - 2 * ex_cue_bar_height(rd);
    c->cur.text[0] = 0;
    rd_set_text_observer(rd, keep_bar, &c->cur);
    return 0;
}

/* A speaker's clip of one grace period on tree's rcu_node tree: its bar read "CPU 8 left its rcu_sched
 * read-side critical section" frame after frame, the workload's steady readers, while the tree above
 * it had its qsmask bits cleared. A frame's bar names the weightiest event since the frame before:
 * QS reports, FQS passes and credits before the readers' comings and goings. */
Test(cue_bar, a_clip_bar_names_the_grace_period_not_the_readers)
{
    static ui_app a;
    app_load(&a, "tree.json", false);
    a.st.flavor = RV_SCHED;
    char err[256];
    rd_ctx *rd = rd_new_offscreen(960, 540, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_anim an = {.from_ns = 163000000, .to_ns = 194500000, .fps = 10, .length_s = 6, .out = "unused/", .w = 960, .h = 540,
                  .scale = 1.0f, .fit_scale = true};
    ex_look look = {.clean = false, .panel = ui_panel_from_name("tree"), .klog = -1, .caption = -1, .cues = true};
    static reader_bars c;
    memset(&c, 0, sizeof c);
    c.h = 540;
    cr_assert_eq(ex_clip_frames(&a, rd, &an, &look, count_reader_bar, &c), 0);
    cr_assert_gt(c.frames, 50);
    cr_expect_lt(c.readers * 4, c.frames, "%d of %d frames name a reader", c.readers, c.frames);
    rd_free(rd);
    ui_app_free(&a);
}
