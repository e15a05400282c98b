/* test_slide_layout.c — a slide (`shot --clean`, `--cue`) takes the window's last layout steps: the caption strip's empty band to a short CPU time panel, the tree's unused height to "Why is it waiting?". */
#include <criterion/criterion.h>

#include "export/export.h"
#include "app_load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const ex_look slide = {.clean = true, .panel = -1, .klog = -1, .caption = -1};

/* omap-stall's one node of two bits as a 1280x720 slide of cue 4: the tree panel kept ~100 px under its
 * legend while the answer below it took the smaller font. The tree is now as tall as it draws, and "Why
 * is it waiting?" starts where it did and takes the rest. */
Test(slide_layout, the_why_panel_takes_what_the_tree_does_not_use)
{
    ui_app a;
    app_at_cue(&a, "omap-stall.json", 3);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_layout(&a, rd, &slide);
    ui_layout L = a.L;
    cr_assert_eq(L.nsides, 1);
    cr_assert_gt(L.why.h, 0, "one view: the why panel is under the tree");
    a.fr.rd = rd;
    int need = panel_tree_height_needed(&a.fr, L.side[0].tree.w, &a.s[0].view, L.side[0].tree.h);
    cr_expect_eq(L.side[0].tree.h, need, "the tree keeps only what it draws (%d px), not %d", need, L.side[0].tree.h);
    cr_expect_gt(L.why.h, L.side[0].tree.h, "the answer has the larger part of the column: why %d, tree %d", L.why.h, L.side[0].tree.h);
    rd_free(rd);
    ui_app_free(&a);
}

/* Every cue of hackbench and omap-stall as a slide, at the sizes and scales a talk meets: a CPU time panel
 * that cannot show its first rows is given the caption strip's empty band, down to the height at which
 * the strip's caption would take a smaller font. So either it lacks nothing, or the strip has no band
 * left to give. */
Test(slide_layout, a_short_cpu_time_panel_gets_the_caption_strips_empty_band)
{
    static const char *const scenarios[] = {"hackbench.json", "omap-stall.json"};
    static const struct { int w, h; float scale; } looks[] = {{1280, 720, 1.0f}, {1280, 720, 1.5f}, {1066, 600, 1.0f},
                                                             {1066, 600, 1.25f}, {960, 540, 1.0f}, {1920, 1080, 2.0f}};
    int gave = 0;
    for (size_t s = 0; s < sizeof scenarios / sizeof *scenarios; s++) {
        ui_app a;
        app_load(&a, scenarios[s], false);
        size_t ncues = a.base.ncues;
        ui_app_free(&a);
        for (size_t c = 0; c < ncues; c++) {
            app_at_cue(&a, scenarios[s], (int)c);
            for (size_t k = 0; k < sizeof looks / sizeof *looks; k++) {
                char err[256];
                rd_ctx *rd = rd_new_offscreen((int)(looks[k].w * looks[k].scale), (int)(looks[k].h * looks[k].scale), looks[k].scale, err, sizeof err);
                cr_assert(rd, "%s", err);
                ex_layout(&a, rd, &slide);
                ui_layout L = a.L;
                char bufs[2][4096];
                const char *caps[2] = {NULL, NULL};
                int n = ex_captions(&a, rd, &slide, bufs, caps);
                if (L.nsides < n) n = L.nsides;
                a.st.clean = true; /* as the slide is laid out and drawn */
                int lack = 0;
                for (int i = 0; i < n; i++) {
                    int x = panel_accounting_shortfall(rd, L.side[i].acct, &a.s[i].view, &a.st);
                    if (x > lack) lack = x;
                }
                a.st.clean = false;
                if (lack > 0 && L.caption.h > 0) {
                    int font = panel_captions_font(rd, L.caption, caps, n);
                    rd_rect less = L.caption;
                    less.h -= 1;
                    cr_expect(font >= 3 || panel_captions_font(rd, less, caps, n) > font,
                              "%s cue %zu at %dx%d x%.2f: the CPU time panel lacks %d px while the caption strip (%d px) "
                              "has room to spare in its font", scenarios[s], c + 1, looks[k].w, looks[k].h, looks[k].scale,
                              lack, L.caption.h);
                }
                gave += lack == 0 && L.caption.h > 0;
                rd_free(rd);
            }
            ui_app_free(&a);
        }
    }
    cr_expect_gt(gave, 0, "some slides show every first row");
}

/* hackbench compared as a 1280x720 slide with CPU 3 selected (shot --compare --select 3 --clean): the
 * empty kernel log was dropped, and with it the slot where each half answers "Why is it waiting?" */
Test(slide_layout, a_compared_slide_with_a_selection_keeps_the_why_slot)
{
    ui_app a;
    app_load(&a, "hackbench.json", true);
    a.st.sel_cpu = 3;
    ui_app_seek(&a, 2000000001LL);
    while (ui_app_seek_continue(&a, 1000)) {}
    ui_app_refresh_reports(&a, 0, 0);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_layout(&a, rd, &slide);
    cr_assert_eq(a.L.nsides, 2);
    cr_assert(a.L.why_floating);
    for (int i = 0; i < 2; i++)
        cr_expect_gt(a.L.side[i].klog.h, 3 * rd_line_height(rd, RD_SANS), "half %d: a why slot of %d px", i, a.L.side[i].klog.h);
    rd_free(rd);
    ui_app_free(&a);
}
