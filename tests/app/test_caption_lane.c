/* test_caption_lane.c — a slide whose caption strip shows the captions whole, and the window presenting a cue, leave the timeline's captions lane out; the window otherwise and the timeline alone keep it. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "text_runs.h"
#include "view/layout_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;

/* a drawn as look into a 1920x1080 picture at scale 1.5, its text runs in R and its layout in a->L. */
static void draw(ui_app *a, const ex_look *look)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.5f, err, sizeof err);
    cr_assert(rd, "%s", err);
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ex_draw(a, rd, look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
}

/* Sides whose timeline draws the captions lane's label. */
static int lanes_drawn(const ui_app *a)
{
    int n = 0;
    for (int s = 0; s < a->L.nsides; s++)
        for (int i = 0; i < R.n; i++)
            if (starts_in(R.v[i].r, a->L.side[s].timeline) && !strcmp(R.v[i].text, "captions")) { n++; break; }
    return n;
}

/* The height of side s's lanes (the timeline's plot hit rectangle, which spans its lanes and axis); 0: none. */
static int plot_h(const ui_app *a, int s)
{
    for (int k = 0; k < a->fr.nhits; k++)
        if (a->fr.hits[k].kind == HIT_TIMELINE && starts_in(a->fr.hits[k].r, a->L.side[s].timeline)) return a->fr.hits[k].r.h;
    return 0;
}

/* `shot hackbench --compare --at 30 --clean --size 1920x1080`: each half's captions lane read "Watch the
 * CPU time panel. 3.6 has no GP kthread: each drain step runs f…" over the strip that showed that
 * half's caption whole (compare splits the strip, each half's own). The slide leaves the lane out on
 * both halves; the window's picture and the timeline alone keep it. */
Test(caption_lane, a_compare_slide_leaves_the_lane_the_strip_repeats_out)
{
    ui_app a;
    app_load(&a, "hackbench.json", true);
    app_seek(&a, 30000000000LL);

    ex_look slide = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
    draw(&a, &slide);
    cr_assert(a.s[0].view.caption && a.s[1].view.caption, "both halves have a caption at 30 s");
    cr_assert_gt(a.L.caption.h, 0, "the slide shows its caption strip");
    cr_expect_eq(lanes_drawn(&a), 0, "a slide's timelines repeat the strip's captions in a captions lane");

    ex_look window = {.clean = false, .panel = -1, .klog = -1, .caption = -1}; /* after the slide: nothing of it stays */
    draw(&a, &window);
    cr_expect_eq(lanes_drawn(&a), 2, "the window's timelines lost their captions lane");

    ex_look alone = {.clean = false, .panel = UI_PANEL_TIMELINE, .klog = -1, .caption = -1};
    draw(&a, &alone);
    cr_expect_eq(lanes_drawn(&a), 2, "the timeline alone lost its captions lane");
    ui_app_free(&a);
}

/* omap-stall's cue 4 as a slide (one view): the strip shows the cue's caption whole, the lane's box of now
 * "An interrupt woke CP…" said the same moment in a few words. The lane is left out, the timeline's
 * other lanes still drawn. */
Test(caption_lane, a_cue_slide_leaves_the_lane_out)
{
    ui_app a;
    app_at_cue(&a, "omap-stall.json", 3);
    ex_look slide = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
    draw(&a, &slide);
    cr_assert_gt(a.L.caption.h, 0, "the cue's slide shows its caption strip");
    cr_expect_eq(lanes_drawn(&a), 0, "the cue's slide repeats its caption in the timeline's captions lane");
    cr_expect_gt(plot_h(&a, 0), 0, "no timeline plot drawn");
    ui_app_free(&a);
}

/* Presenting hackbench's cue 1 at 1280x720: the strip spoke the cue ("Sixteen busy CPUs pass quiescent
 * states constantly ...") while the timeline's captions lane showed the file's own caption of that moment
 * ("Watch the CPU time panel ..."), and a lecturer's class asked which of the two to read. Presenting at
 * a cue, the lane is left out; the window not presenting keeps it (there it is the captions' time line). */
Test(caption_lane, presenting_a_cue_leaves_the_lane_out)
{
    ui_app a;
    app_at_cue(&a, "hackbench.json", 0);
    a.st.presenting = true;
    ex_look window = {.clean = false, .panel = -1, .klog = -1, .caption = -1};
    draw(&a, &window);
    cr_assert(a.s[0].view.caption_is_cue, "the strip shows cue 1's caption: %s", a.s[0].view.caption ? a.s[0].view.caption : "(none)");
    cr_expect_eq(lanes_drawn(&a), 0, "presenting a cue, the timeline repeats a caption beside the strip's");
    cr_expect_gt(plot_h(&a, 0), 0, "no timeline plot drawn");
    a.st.presenting = false;
    draw(&a, &window);
    cr_expect_eq(lanes_drawn(&a), 1, "the window not presenting lost its captions lane");
    ui_app_free(&a);
}
