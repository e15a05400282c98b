/* test_present_column.c — presenting (F5) with the workbook column open: the headings of the panels beside it, and the CPU time panel's rows, keep their words and figures in a shorter form rather than cut with "…". */
#include "window_fixture.h"
#include "text_runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];
static runs R; /* static: 4096 runs of 200 bytes are too many for a stack */

static void teardown(void) { window_fixture_close(cfgdir); }

/* hackbench in a w x h window, presenting at cue 1 with the workbook column shown; R holds the frame's text. */
static void present_with_column(int w, int h)
{
    window_fixture_open(cfgdir, "prcol", w, h, false);
    char state[128], path[1024], err[4096];
    snprintf(state, sizeof state, "%s/state", cfgdir);
    setenv("XDG_STATE_HOME", state, 1);
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    snprintf(path, sizeof path, "%s/scenarios/hackbench.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    key(SDLK_F5);
    key(SDLK_w);
    key(SDLK_PAGEDOWN);
    cr_assert(W->app.st.show_workbook);
    R.n = 0;
    rd_set_text_observer(W->rd, keep_run, &R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

static const run *find_run(const char *prefix)
{
    for (int i = 0; i < R.n; i++)
        if (!strncmp(R.v[i].text, prefix, strlen(prefix))) return &R.v[i];
    return NULL;
}

/* Is an ellipsis drawn on the line of run u (the same y), to its right? */
static bool cut_on_line_of(const run *u)
{
    for (int i = 0; i < R.n; i++)
        if (R.v[i].r.y == u->r.y && R.v[i].r.x >= u->r.x && strstr(R.v[i].text, "\u2026")) return true;
    return false;
}

/* The window opens at 1280x688 on a 1280x720 screen and at 1400x860 on a 1600x900 one (window.c);
 * a window filling either screen is checked too. At 1280x688 the column left the CPU time panel
 * "300 ms · % o…", "RCU work, by where it was ch…" and "rcu_sched  426 GPs · 55.2k u…", and the
 * Why panel "whole GP of rcu_sch…": a room watching a lecture has no pointer to hover for the rest. */
static void check_headings(int w, int h)
{
    present_with_column(w, h);
    cr_assert(find_run("Workbook"), "%dx%d: the workbook column is drawn", w, h);
    static const char *const heads[] = {"CPU time, like top", "RCU work", "rcu_sched  ", "Why is it waiting?", "Threads (top)"};
    for (size_t i = 0; i < sizeof heads / sizeof *heads; i++) {
        const run *u = find_run(heads[i]);
        cr_assert(u, "%dx%d: a heading \"%s\" is drawn", w, h, heads[i]);
        cr_expect(!cut_on_line_of(u), "%dx%d: the line of \"%s\" ends in \"…\"", w, h, u->text);
    }
}

/* The first run drawn in r that contains s, or NULL. */
static const run *find_in(rd_rect r, const char *s)
{
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, r) && strstr(R.v[i].text, s)) return &R.v[i];
    return NULL;
}

/* The CPU time panel's rows beside the column read "in all: GP/QS/callback w…" (its time kept, its %
 * gone), "longest irqs-off stretch 4.8 µs · non-pre…" and "oldest open 744 µs · GP 623 µs p50, 1…":
 * each keeps its figures in a shorter form instead (the in-all row its name's first words), and no
 * line of the panel is cut. */
static void check_acct_rows(int w, int h)
{
    present_with_column(w, h);
    rd_rect acct = W->app.L.side[0].acct;
    cr_assert_gt(acct.w, 0, "%dx%d: the CPU time panel is drawn", w, h);
    const run *all = find_in(acct, "in all");
    cr_assert(all, "%dx%d: the in-all row is drawn", w, h);
    cr_expect(!cut_on_line_of(all), "%dx%d: the in-all row reads \"%s…\"", w, h, all->text);
    const run *lat = find_in(acct, "irqs-off");
    cr_assert(lat, "%dx%d: the latency row is drawn", w, h);
    /* both stretches, each with its figure: "... 4.8 µs · non-preemptible 10.2 µs" (or ", non-preempt") */
    const char *dot = strstr(lat->text, "s \u00B7 ") ? strstr(lat->text, "s \u00B7 ") : strstr(lat->text, "s, ");
    cr_expect(!cut_on_line_of(lat), "%dx%d: the latency row reads \"%s…\"", w, h, lat->text);
    cr_expect(dot && strstr(dot, "non-preempt") && dot[strlen(dot) - 1] == 's', "%dx%d: the latency row reads \"%s\"", w, h, lat->text);
    const run *len = find_in(acct, "p50");
    cr_assert(len, "%dx%d: rcu_sched's GP lengths are drawn", w, h);
    /* hackbench at 300 ms has a grace period open: its age, then both lengths */
    cr_expect(!cut_on_line_of(len), "%dx%d: the GP-length row reads \"%s…\"", w, h, len->text);
    cr_expect(strstr(len->text, "open") && strstr(len->text, "p99"), "%dx%d: the GP-length row reads \"%s\"", w, h, len->text);
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, acct))
            cr_expect(!strstr(R.v[i].text, "\u2026"), "%dx%d: a line of the CPU time panel is cut: \"%s\"", w, h, R.v[i].text);
}

Test(present_column, headings_fit_at_1280x688, .fini = teardown) { check_headings(1280, 688); }
Test(present_column, headings_fit_at_1280x720, .fini = teardown) { check_headings(1280, 720); }
Test(present_column, headings_fit_at_1400x860, .fini = teardown) { check_headings(1400, 860); }
Test(present_column, headings_fit_at_1600x900, .fini = teardown) { check_headings(1600, 900); }
Test(present_column, acct_rows_keep_their_figures_at_1280x688, .fini = teardown) { check_acct_rows(1280, 688); }
Test(present_column, acct_rows_keep_their_figures_at_1280x720, .fini = teardown) { check_acct_rows(1280, 720); }
Test(present_column, acct_rows_keep_their_figures_at_1400x860, .fini = teardown) { check_acct_rows(1400, 860); }
Test(present_column, acct_rows_keep_their_figures_at_1600x900, .fini = teardown) { check_acct_rows(1600, 900); }
