/* test_tile_credited.c — a CPU tile whose bit an FQS pass cleared says "credited", not "reported". */
#include <criterion/criterion.h>

#include "app_load.h"
#include "render/render.h"

#include <string.h>

typedef struct seen { int credited, reported; } seen;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    seen *S = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (len == strlen("\u2713 credited") && !strncmp(s, "\u2713 credited", len)) S->credited++;
    if (len == strlen("\u2713 reported") && !strncmp(s, "\u2713 reported", len)) S->reported++;
}

/* tree's cue 3 (0-based 2): the GP's first pass found CPUs 7 and 15 idle and cleared their bits ("snap");
 * the caption says they report nothing themselves, and their tiles read "✓ reported snap" (a student's
 * read of the lecture; checked failing before: 0 tiles said "credited"). The CPUs that did report keep
 * "reported". */
Test(tile_credited, a_bit_an_fqs_pass_cleared_reads_credited)
{
    ui_app a;
    app_at_cue(&a, "tree.json", 2);
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1600, 900, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    seen S = {0};
    app_draw_observed(&a, rd, keep_run, &S);
    cr_expect_geq(S.credited, 2, "CPUs 7 and 15 read credited (%d tiles did)", S.credited);
    cr_expect_geq(S.reported, 1, "the CPUs that reported themselves still read reported");
    rd_free(rd);
    ui_app_free(&a);
}
