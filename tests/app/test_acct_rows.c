/* test_acct_rows.c — the accounting panel's "where it was charged" rows: in a compare half at 1280x720 the tasks row, where 3.6 books its grace-period work, is on screen. */
#include <criterion/criterion.h>

#include "render/svg.h"
#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];

/* The window is 1280x720 less a title bar: the walkthrough's Xvfb window drew 1280x705. */
static void setup(void) { window_fixture_open(cfgdir, "acct", 1280, 705, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

static long count(const char *s, const char *needle)
{
    long n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

Test(acct_rows, compare_at_720_shows_the_tasks_row_on_both_sides, .init = setup, .fini = teardown)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/hackbench.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 40000000LL);
    ui_app_refresh_reports(&W->app, 0, 0);
    rd_svg *svg = rd_svg_new(1280, 705);
    rd_svg_attach(W->rd, svg);
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(rd_svg_write(svg, f), 0);
    fclose(f);
    rd_svg_free(svg);
    /* the caption asks the student to watch the tasks row: 3.6's FAST_NO_HZ drains book their
     * grace-period work there, and without it 3.7 looks like pure added cost */
    cr_expect_eq(count(buf, "tasks: call_rcu(), idle drains, switches"), 2, "the tasks row on both sides");
    cr_expect_eq(count(buf, "GP kthreads (rcu_sched/bh/preempt)"), 2);
    free(buf);
}
