/* test_compare_tiles.c — compare mode under a tall caption strip: the CPU tiles keep their numbers, the legend giving up its last rows for them. */
#include "window_fixture.h"
#include "text_runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];
static runs R; /* static: 4096 runs of 200 bytes are too many for a stack */

static void teardown(void) { window_fixture_close(cfgdir); }

static bool within(rd_rect a, rd_rect r) { return a.x >= r.x && a.y >= r.y && a.x + a.w <= r.x + r.w && a.y + a.h <= r.y + r.h; }

/* Is a run reading exactly `text` drawn inside r? */
static bool drawn_in(const char *text, rd_rect r)
{
    for (int i = 0; i < R.n; i++)
        if (!strcmp(R.v[i].text, text) && within(R.v[i].r, r)) return true;
    return false;
}

/* kernel-build compared at 1 s in a w x h window: its strip is sized for the two sides' closing captions
 * (7200 s) at half the width each, and its CPU panels kept a six-row legend over one row of 16 tiles
 * 20 px wide, each with its state letter alone, while the tree beside them named CPUs by number
 * ("qsmask 0x4192"). Every tile shows its number now, on both sides. */
static void check_numbers(int w, int h)
{
    window_fixture_open(cfgdir, "cmptiles", w, h, false);
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/kernel-build.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 1000000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    R.n = 0;
    rd_set_text_observer(W->rd, keep_run, &R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
    cr_assert_eq(W->app.L.nsides, 2);
    for (int side = 0; side < 2; side++) {
        rd_rect cpus = W->app.L.side[side].cpus;
        for (int cpu = 0; cpu < 16; cpu++) {
            char num[8];
            snprintf(num, sizeof num, "%d", cpu);
            cr_expect(drawn_in(num, cpus), "%dx%d side %d: CPU %d's tile has no number", w, h, side, cpu);
        }
    }
}

/* a 1280x720 projector's window (1280x688 inside the title bar), and one filling the screen */
Test(compare_tiles, kernel_build_tiles_keep_their_numbers_at_1280x688, .fini = teardown) { check_numbers(1280, 688); }
Test(compare_tiles, kernel_build_tiles_keep_their_numbers_at_1280x720, .fini = teardown) { check_numbers(1280, 720); }
