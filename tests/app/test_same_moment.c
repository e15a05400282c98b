/* test_same_moment.c — one moment, one picture: however the window got there (cues, one PgDn too many, the look-ahead, a seek back from far ahead), the timeline and the panels show the same. */
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
 * look-ahead the test waits for (hackbench's 8 s still pass the history's cap three times). */
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

/* n frames of the window's loop, drawing aside: a slice of a seek under way, else the look-ahead */
static void frames(ui_app *a, int n)
{
    for (int i = 0; i < n; i++)
        if (!ui_app_seek_continue(a, SEEK_SLICE_MS)) ui_app_explore(a, 8.0);
}

static void arrive(ui_app *a) { while (ui_app_seek_continue(a, SEEK_SLICE_MS)) {} }
static void explore_all(ui_app *a) { while (ui_app_explore(a, 8.0)) {} }

/* What the timeline draws of one session before now: its GP bars (clipped to now: the end of the one
 * still open is known only to the look-ahead) and its FQS passes, from the window's left edge on. */
typedef struct marks { size_t fqs, bars; uint64_t digest; } marks;

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ULL; }

static marks before_now(const ui_app *a, int s)
{
    const ui_history *h = tt_history(a->s[s].tt);
    int64_t now = ui_app_now(a), lo = now - panel_timeline_span(&a->st, ui_app_end(a)) * 3 / 4;
    marks m = {0, 0, 1469598103934665603ULL};
    for (int f = 0; f < RV_NFLAVORS; f++)
        for (size_t i = ui_history_gp_from(h, f, lo); i < h->gps[f].n && h->gps[f].v[i].start < now; i++) {
            const ui_gp_bar *b = &h->gps[f].v[i];
            m.digest = mix(mix(mix(m.digest, b->gp), (uint64_t)b->start), (uint64_t)(b->end < 0 || b->end > now ? now : b->end));
            m.bars++;
        }
    for (size_t i = 0; i < h->fqs.n; i++) {
        const ui_mark *q = &h->fqs.v[i];
        if (q->t < lo || q->t >= now) continue;
        m.digest = mix(mix(mix(m.digest, (uint64_t)q->t), (uint64_t)q->flavor), (uint64_t)q->arg);
        m.fqs++;
    }
    return m;
}

static void expect_same(marks got, marks want, const char *what, int s)
{
    cr_expect_eq(got.fqs, want.fqs, "%s, side %d: %zu FQS passes before now, not %zu", what, s, got.fqs, want.fqs);
    cr_expect_eq(got.bars, want.bars, "%s, side %d: %zu GP bars before now, not %zu", what, s, got.bars, want.bars);
    cr_expect_eq(got.digest, want.digest, "%s, side %d: other marks before now", what, s);
}

/* The student's report: in hackbench, PgDn three times (compare, 2 s in) and once more ("That was the
 * last cue") showed the same t = 2.000000001 s, but the second picture had lost FQS triangles before
 * now. Nothing happened at the fourth PgDn; the look-ahead went on exploring meanwhile, pushed the
 * history's series past their cap, and the cap thinned their older half, the stretch around now.
 * `rcuvis shot --at 2.000000001 --compare` (no look-ahead) showed them all. */
Test(same_moment, one_pgdn_too_many_and_the_look_ahead_keep_the_marks_a_cue_showed, .timeout = 60)
{
    load(&W->app, "hackbench.json", "8", true, SPEED);
    key(SDLK_F5);
    for (int i = 0; i < 3; i++) {
        press(SDLK_PAGEDOWN);
        arrive(&W->app);
        frames(&W->app, 18); /* the ~0.3 s between two clicks */
    }
    cr_assert(W->app.st.compare, "cue 3 shows 3.6 against 3.7");
    cr_assert_eq(W->app.nsessions, 2);
    int64_t at = (int64_t)(W->app.base.cues[2].at_s * 1e9 + 0.5) + 1;
    cr_assert_eq(ui_app_now(&W->app), at);
    frame();
    marks shown[2] = {before_now(&W->app, 0), before_now(&W->app, 1)};
    cr_assert_gt(shown[0].fqs, 1000u, "hackbench's 3.6 side has thousands of FQS passes in the window");

    press(SDLK_PAGEDOWN);
    cr_assert(strstr(W->app.st.status, "last cue"), "%s", W->app.st.status);
    explore_all(&W->app); /* as the window does while the lecturer talks: the whole run, past the cap */
    frame();
    cr_assert_eq(ui_app_now(&W->app), at);
    for (int s = 0; s < 2; s++) expect_same(before_now(&W->app, s), shown[s], "after the last PgDn and the look-ahead", s);

    /* and what `shot --at` draws: a plain seek, nothing explored */
    ui_app *shot = calloc(1, sizeof *shot);
    ui_app_init(shot);
    shot->st.compare = true;
    load(shot, "hackbench.json", "8", false, SPEED);
    ui_app_seek(shot, at);
    for (int s = 0; s < 2; s++) expect_same(before_now(shot, s), shown[s], "a plain shot", s);
    ui_app_free(shot);
    free(shot);
}

/* On a slow machine cue 3's seek (0.3 s to 2 s, both sides) takes many frames; a click meanwhile
 * stops it ("any key stops"), but one that goes nowhere must not: the fourth PgDn said "That was
 * the last cue" and left the window at 1.68 s, between cues. */
Test(same_moment, a_pgdn_past_the_last_cue_lets_its_seek_arrive)
{
    load(&W->app, "hackbench.json", "8", true, 1.0);
    key(SDLK_F5);
    for (int i = 0; i < 3; i++) press(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 2);
    cr_assert(ui_app_seek_pending(&W->app), "the slow machine is still on its way to cue 3");
    frames(&W->app, 3);
    cr_assert(ui_app_seek_pending(&W->app));
    press(SDLK_PAGEDOWN);
    cr_assert(strstr(W->app.st.status, "last cue"), "%s", W->app.st.status);
    cr_assert(ui_app_seek_pending(&W->app), "the click past the last cue stopped cue 3's seek at %.9f s", ui_app_now(&W->app) / 1e9);
    arrive(&W->app);
    cr_expect_eq(ui_app_now(&W->app), (int64_t)(W->app.base.cues[2].at_s * 1e9 + 0.5) + 1);
}

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
