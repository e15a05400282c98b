/* test_theme_contrast.c — both palettes' text, grey secondary text and the dark theme's panel edges (the rcu_node boxes, the tree's connectors) stand out from the panel background by WCAG 2.x's contrast ratio. */
#include <criterion/criterion.h>

#include "render/theme.h"

#include <math.h>

/* WCAG 2.x relative luminance of an sRGB colour. */
static double luminance(rd_color c)
{
    double ch[3] = {c.r / 255.0, c.g / 255.0, c.b / 255.0};
    for (int i = 0; i < 3; i++) ch[i] = ch[i] <= 0.03928 ? ch[i] / 12.92 : pow((ch[i] + 0.055) / 1.055, 2.4);
    return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

static double contrast(rd_color a, rd_color b)
{
    double la = luminance(a), lb = luminance(b);
    return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* The formula itself: black on white is 21:1, a colour on itself 1:1. */
Test(theme_contrast, the_ratio_is_wcags)
{
    cr_assert_float_eq(contrast(rd_rgb(0x000000), rd_rgb(0xFFFFFF)), 21.0, 1e-9);
    cr_assert_float_eq(contrast(rd_rgb(0x5A6270), rd_rgb(0x5A6270)), 1.0, 1e-9);
}

/* Small text needs 4.5:1 (AA): the panels' text and their grey secondary text ("after 60.0 s
 * simulated", a node's "g40 c39 qsmask 0", the kernel log's stamps) on the panel's background, and on
 * the picture's background between panels, in both themes. */
Test(theme_contrast, text_and_grey_text_reach_aa_on_both_themes)
{
    for (int t = 0; t < UI_NTHEMES; t++) {
        const ui_theme *th = ui_theme_get(t);
        const struct { const char *what; rd_color fg, bg; } pairs[] = {
            {"text on panel", th->text, th->panel},         {"grey text on panel", th->text_dim, th->panel},
            {"heading on panel", th->heading, th->panel},   {"grey text on background", th->text_dim, th->bg},
        };
        for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
            cr_expect_geq(contrast(pairs[i].fg, pairs[i].bg), 4.5, "%s theme, %s: %.2f:1", th->name, pairs[i].what,
                          contrast(pairs[i].fg, pairs[i].bg));
    }
}

/* A stall warning's words in the kernel log, on the row tinted with the stall colour (alpha 28, as
 * panels/klog.c fills it): the line a slide about the OMAP stall is about. Warning words elsewhere too. */
Test(theme_contrast, a_stall_warning_line_reaches_aa_on_its_tint)
{
    for (int t = 0; t < UI_NTHEMES; t++) {
        const ui_theme *th = ui_theme_get(t);
        double a = 28 / 255.0;
        rd_color tint = {(uint8_t)lround(th->stall.r * a + th->panel.r * (1 - a)), (uint8_t)lround(th->stall.g * a + th->panel.g * (1 - a)),
                         (uint8_t)lround(th->stall.b * a + th->panel.b * (1 - a)), 255};
        cr_expect_geq(contrast(th->stall_text, tint), 4.5, "%s theme: %.2f:1", th->name, contrast(th->stall_text, tint));
        /* and the same words elsewhere: "oldest open 75.5 s", the timeline's "! stall", a wrong answer */
        cr_expect_geq(contrast(th->stall_text, th->panel), 4.5, "%s theme, on a panel: %.2f:1", th->name, contrast(th->stall_text, th->panel));
    }
}

/* A line that bounds or connects something (an rcu_node box, the tree's connectors, a panel's frame)
 * needs 3:1 against what is beside it (WCAG's non-text contrast). The dark theme drew them 0x3C444F
 * on 0x22272E, 1.5:1: near invisible on a projector. The light theme's edges are left as they were
 * (a light grey frame on white reads as a frame in a bright room; they are not changed here). */
Test(theme_contrast, dark_panel_edges_stand_out)
{
    const ui_theme *d = ui_theme_get(UI_THEME_DARK);
    cr_expect_geq(contrast(d->panel_edge, d->panel), 3.0, "dark edges on panel: %.2f:1", contrast(d->panel_edge, d->panel));
    cr_expect_geq(contrast(d->panel_edge, d->bg), 3.0, "dark edges on background: %.2f:1", contrast(d->panel_edge, d->bg));
}
