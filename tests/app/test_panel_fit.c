/* test_panel_fit.c — a one-panel picture's fitted text scale (shot --panel without --scale) keeps what scale 1 shows: the tree's g/c lines, the compare heads' qualifier, a kernel log line on one line. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
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
