/* test_same_moment.c — one moment, one picture: however the window got there (a seek straight from 0, a detour far ahead, a checkpoint the look-ahead left), the panels show the same. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The window as cmd_window() runs it: bounded seeks, a slice per frame, and the look-ahead between
 * frames. Every session runs on a virtual machine (ui_app.virt_speed): time travel's clock advances
 * only with the simulation done, so slices, budgets and checkpoint spacing are the same on any
 * machine and under any load.
 */
#define SPEED 20.0 /* simulated seconds per wall second */

static char cfgdir[64];
static void setup(void) { window_fixture_open(cfgdir, "moment", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }
TestSuite(same_moment, .init = setup, .fini = teardown);

static void scenario_path(const char *name, char *path, size_t n)
{
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, n, "%s/scenarios/%s", root && *root ? root : ".", name);
}

/* A shipped scenario as the window runs it; duration (or NULL) shortens the run, and with it the
 * look-ahead the test waits for. */
static void load(ui_app *a, const char *name, const char *duration, bool bounded, double speed)
{
    char path[1024], err[4096];
    scenario_path(name, path, sizeof path);
    a->bounded_seeks = bounded;
    a->virt_speed = speed;
    if (duration) cr_assert_eq(ui_app_set_override(a, "duration_s", duration), 0);
    cr_assert_eq(ui_app_load(a, path, -1, err, sizeof err), 0, "%s", err);
    a->st.playing = false;
}

static void arrive(ui_app *a) { while (ui_app_seek_continue(a, SEEK_SLICE_MS)) {} }
static void explore_all(ui_app *a) { while (ui_app_explore(a, 8.0)) {} }

/* The picture of one moment, every pixel (reports refreshed, all panels). */
static uint32_t *picture(ui_app *a)
{
    ui_app_refresh_reports(a, 0, 0);
    ui_app_draw(a, W->rd);
    rd_end(W->rd);
    SDL_Surface *s = rd_surface(W->rd);
    uint32_t *p = malloc((size_t)s->w * (size_t)s->h * 4);
    cr_assert(p);
    for (int y = 0; y < s->h; y++) memcpy(p + (size_t)y * (size_t)s->w, (char *)s->pixels + (size_t)y * (size_t)s->pitch, (size_t)s->w * 4);
    return p;
}

static long pixels_differing(const uint32_t *a, const uint32_t *b)
{
    SDL_Surface *s = rd_surface(W->rd);
    long n = 0;
    for (long i = 0; i < (long)s->w * s->h; i++) n += a[i] != b[i];
    return n;
}

/* A second window state at the same moment as W, reached another way. */
static ui_app *other(const char *name, const char *duration, bool compare)
{
    ui_app *a = calloc(1, sizeof *a);
    cr_assert(a);
    ui_app_init(a);
    a->st.compare = compare;
    load(a, name, duration, true, SPEED);
    return a;
}

/* A checkpoint holds the engine; the history's "now" state beside it (the latest FQS credit of each
 * CPU, the latest QS report of each node, the credits listed under the tree) stayed what the last
 * pass through that instant had left. omap-stall, compare, at 4.5546875 s exactly (the events of
 * that instant not yet run): straight from 0 nothing is credited yet; after a detour to 45 s the
 * 3.7 side already showed "FQS credited: CPU 1 dti", the credit the next nanosecond brings. */
Test(same_moment, a_detour_far_ahead_brings_back_no_credit_from_another_pass, .timeout = 60)
{
    const int64_t at = 4554687500LL;
    W->app.st.compare = true;
    load(&W->app, "omap-stall.json", NULL, true, SPEED);
    ui_app_seek(&W->app, at);
    arrive(&W->app);
    explore_all(&W->app);
    uint32_t *straight = picture(&W->app);

    ui_app *a = other("omap-stall.json", NULL, true);
    ui_app_seek(a, 45000012345LL);
    arrive(a);
    explore_all(a);
    ui_app_seek(a, at);
    arrive(a);
    explore_all(a);
    uint32_t *detour = picture(a);
    cr_expect_eq(pixels_differing(straight, detour), 0, "%ld pixels differ after the detour to 45 s", pixels_differing(straight, detour));
    free(straight);
    free(detour);
    ui_app_free(a);
    free(a);
}

/* The other way round: a seek that restores a checkpoint inside a grace period never saw the credits
 * made before it. hackbench, compare, 2 s in, once the look-ahead has left checkpoints along the run:
 * the tree's "FQS credited: CPU 12 dti, CPU 9 dti, ..." and the tiles' dti were gone. */
Test(same_moment, a_checkpoint_inside_a_grace_period_keeps_its_credits, .timeout = 60)
{
    const int64_t at = 2000000001LL;
    W->app.st.compare = true;
    load(&W->app, "hackbench.json", "8", true, SPEED);
    ui_app_seek(&W->app, at);
    arrive(&W->app);
    explore_all(&W->app);
    uint32_t *straight = picture(&W->app);

    ui_app *a = other("hackbench.json", "8", true);
    explore_all(a);
    ui_app_seek(a, at);
    arrive(a);
    explore_all(a);
    uint32_t *restored = picture(a);
    cr_expect_eq(pixels_differing(straight, restored), 0, "%ld pixels differ when the seek restored a checkpoint near 2 s",
                 pixels_differing(straight, restored));
    free(straight);
    free(restored);
    ui_app_free(a);
    free(a);
}
