/* test_seek.c — the window's seeks (show me, Home, step back, J, End, scrubber) hold input for at most a frame's slice, measured on an injected clock (issue 11, defect 11). */
#include "window/app.h"
#include "window/window.h"
#include "window/workbook_hooks.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rmtree.h"

/*
 * Every session runs on a virtual machine (ui_app.virt_speed): time travel's clock advances only
 * with the simulation done, SPEED simulated seconds per wall second. The engine work a call did is
 * then the simulated time it covered divided by SPEED, the same on any machine and under any load.
 * The window answers input within 100 ms when no call between two reads of events does more.
 */
#define FRAME_LIMIT_MS 100.0

static double work_ms(int64_t sim_ns, double speed) { return (double)sim_ns / (speed * 1e6); }

static uint64_t digest(const rv_engine *e)
{
    uint64_t h = 1469598103934665603ULL;
#define MIX(v) (h = (h ^ (uint64_t)(v)) * 1099511628211ULL)
    MIX(rv_now_ns(e));
    MIX(rv_event_count(e));
    for (int c = 0; c < rv_cpus(e); c++) {
        rv_cpu_view v;
        rv_cpu_get(e, c, &v);
        MIX(v.state); MIX(v.dynticks);
        for (int f = 0; f < RV_NFLAVORS; f++) { MIX(v.rdp[f].qs_owed); MIX(v.rdp[f].gpnum); }
    }
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rv_flavor_view fv;
        rv_flavor_get(e, f, &fv);
        MIX(fv.gpnum); MIX(fv.completed); MIX(fv.phase);
    }
#undef MIX
    return h;
}

/* The state a plain, unbounded seek to t reaches, for the app's current configuration. */
static uint64_t reference_at(const ui_app *a, int64_t t)
{
    char err[256];
    tt *r = tt_new(&a->s[0].cfg, err, sizeof err);
    cr_assert(r, "%s", err);
    tt_seek(r, t);
    uint64_t d = digest(tt_engine(r));
    tt_free(r);
    return d;
}

/* The state an exact jiffy step back from `from` reaches (tt_step_back: the previous boundary, its
 * tick run), for the app's current configuration. */
static uint64_t reference_jiffy_back(const ui_app *a, int64_t from)
{
    char err[256];
    tt *r = tt_new(&a->s[0].cfg, err, sizeof err);
    cr_assert(r, "%s", err);
    tt_seek(r, from);
    tt_step_back(r, TT_STEP_TICK, 0);
    uint64_t d = digest(tt_engine(r));
    tt_free(r);
    return d;
}

/* Frames until the seek is done: each one within the limit; returns how many it took. */
static int finish(ui_app *a, double speed)
{
    int frames = 0;
    while (ui_app_seek_pending(a)) {
        int64_t before = ui_app_now(a);
        ui_app_seek_continue(a, SEEK_SLICE_MS);
        double w = work_ms(ui_app_now(a) - before, speed);
        cr_assert_leq(w, FRAME_LIMIT_MS, "frame %d of the seek did %.0f ms of engine work", frames, w);
        cr_assert_lt(++frames, 100000, "the seek never arrives");
    }
    return frames;
}

static ui_app *window_app(double speed)
{
    ui_app *a = calloc(1, sizeof *a);
    ui_app_init(a);
    a->bounded_seeks = true; /* as cmd_window() sets it */
    a->virt_speed = speed;
    setenv("RCUVIS_DATA", "/nonexistent", 1); /* the built-in demo */
    char err[1024];
    cr_assert_eq(ui_app_load(a, NULL, -1, err, sizeof err), 0, "%s", err);
    return a;
}

static void app_free(ui_app *a)
{
    ui_app_free(a);
    free(a);
}

Test(seek, show_me_loads_the_question_and_seeks_a_slice_per_frame)
{
    char dir[] = "/tmp/rcuvis-seek-XXXXXX", path[512], err[4096];
    cr_assert(mkdtemp(dir));
    setenv("XDG_STATE_HOME", dir, 1);
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root && *root ? root : ".");
    const double speed = 0.1; /* a slow machine: the question's 2 s are 20 s of work */
    ui_app a;
    ui_app_init(&a);
    a.bounded_seeks = true;
    a.virt_speed = speed;
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    a.st.show_workbook = true;
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    /* question 1.5 (small-busy at t = 2 s), "show me", as in test_quiz_panel.c */
    SDL_KeyboardEvent k;
    memset(&k, 0, sizeof k);
    k.type = SDL_KEYDOWN;
    k.keysym.sym = SDLK_a;
    cr_assert(ui_workbook_key(&a, &k, 0));
    for (int i = 0; i < 4; i++) { k.keysym.sym = SDLK_PAGEDOWN; ui_workbook_key(&a, &k, 0); }
    k.keysym.sym = SDLK_m;
    cr_assert(ui_workbook_key(&a, &k, 0));
    cr_assert(ui_workbook_key(&a, &k, 0)); /* 1.5 is a prediction not answered yet: the first m warns */
    ui_workbook_frame(&a, 0);
    cr_assert(strstr(a.st.status, "Question 1.5") != NULL, "%s", a.st.status);
    /* the re-loaded scenario has only its checkpoint at 0: the frame may not simulate to 2 s */
    double w = work_ms(ui_app_now(&a), speed);
    cr_assert_leq(w, FRAME_LIMIT_MS, "the show-me frame did %.0f ms of engine work (reached %.3f s)", w, ui_app_now(&a) / 1e9);
    cr_assert(ui_app_seek_pending(&a));
    int frames = finish(&a, speed);
    cr_expect_gt(frames, 100);
    cr_assert_eq(ui_app_now(&a), 2000000000LL, "at the question's moment in the end");
    cr_expect_eq(digest(tt_engine(a.s[0].tt)), reference_at(&a, 2000000000LL), "the same state as one plain seek");
    cr_expect_not(a.st.playing);
    ui_app_free(&a);
    if (rmtree(dir) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

Test(seek, a_far_step_back_becomes_a_bounded_seek_to_the_same_moment)
{
    const double speed = 1.0; /* a 4096-CPU scenario runs about this fast */
    ui_app *a = window_app(speed);
    /* the first periodic checkpoint comes at 1 s: stepping back from 0.95 s re-simulates from 0 */
    ui_app_advance(a, 950000000LL, 0);
    cr_assert_eq(tt_checkpoint_before(a->s[0].tt, 950000000LL), 0);
    ui_app_step(a, TT_STEP_TICK, true);
    double w = work_ms(ui_app_now(a) - 0, speed);
    cr_assert_leq(w, FRAME_LIMIT_MS, "Left did %.0f ms of engine work at once (reached %.3f s)", w, ui_app_now(a) / 1e9);
    finish(a, speed);
    cr_assert_eq(ui_app_now(a), 949000000LL, "one jiffy back, as an exact step back goes");
    /* with the boundary's tick run, as the exact step back and a jiffy step forward land */
    cr_expect_eq(digest(tt_engine(a->s[0].tt)), reference_jiffy_back(a, 950000000LL));
    cr_expect_neq(reference_jiffy_back(a, 950000000LL), reference_at(a, 949000000LL), "the tick changes what is shown");
    app_free(a);
}

Test(seek, a_near_step_back_is_still_an_exact_undo)
{
    const double speed = 1000.0; /* fast: the checkpoint before is a few ms of work away */
    ui_app *a = window_app(speed);
    ui_app_advance(a, 3000000000LL, 0);
    for (int i = 0; i < 3; i++) ui_app_step(a, TT_STEP_EVENT, false);
    uint64_t before = digest(tt_engine(a->s[0].tt));
    ui_app_step(a, TT_STEP_EVENT, false);
    ui_app_step(a, TT_STEP_EVENT, true);
    cr_assert_not(ui_app_seek_pending(a));
    cr_assert_eq(digest(tt_engine(a->s[0].tt)), before, "Shift+Left undid exactly the last event step");
    app_free(a);
}

Test(seek, the_reset_button_ends_a_far_seek_under_way)
{
    const double speed = 0.1;
    ui_win *w = calloc(1, sizeof *w);
    ui_app_init(&w->app);
    w->app.bounded_seeks = true;
    w->app.virt_speed = speed;
    setenv("RCUVIS_DATA", "/nonexistent", 1);
    setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
    char err[1024];
    cr_assert_eq(ui_app_load(&w->app, NULL, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&w->app, 15000000000LL); /* 150 s of work: under way for many frames */
    cr_assert(ui_app_seek_pending(&w->app));
    ui_input_frame(w, 0);
    cr_assert_gt(ui_app_now(&w->app), 0);
    ui_input_action(w, ACT_RESET, 0, 0); /* the button: no key press cancels anything first */
    for (int i = 0; i < 20; i++) ui_input_frame(w, 0);
    cr_assert_eq(ui_app_now(&w->app), 0, "the old seek went on after Home: %.3f s", ui_app_now(&w->app) / 1e9);
    cr_assert_not(ui_app_seek_pending(&w->app));
    ui_app_free(&w->app);
    free(w);
}

Test(seek, without_bounded_seeks_a_seek_arrives_at_once)
{
    /* `rcuvis shot`, anim and the tests: one call, the moment asked for */
    ui_app *a = window_app(0.1);
    a->bounded_seeks = false;
    ui_app_seek(a, 1500000000LL);
    cr_assert_eq(ui_app_now(a), 1500000000LL);
    cr_assert_not(ui_app_seek_pending(a));
    app_free(a);
}
