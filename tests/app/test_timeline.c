/* test_timeline.c — the Timeline panel as a student reads it: what is faded, where labels go, which events it shows. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];

static void setup(void) { window_fixture_open(cfgdir, "timeline", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

TestSuite(timeline, .init = setup, .fini = teardown);

/* A text run the renderer drew, as rd_set_text_observer reports it. */
typedef struct run { char text[200]; rd_rect r; } run;
typedef struct runs { run v[4096]; int n; } runs;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    runs *R = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (R->n == 4096) return;
    run *u = &R->v[R->n++];
    snprintf(u->text, sizeof u->text, "%.*s", (int)(len < sizeof u->text ? len : sizeof u->text - 1), s);
    u->r = (rd_rect){x, y, w, h};
}

/* The scenario loaded (compare or not) with its whole future known, as the window's look-ahead knows it
 * after a while (the timeline draws that future faded); span_ns > 0 zooms the timeline to it. */
static void open_at(const char *name, bool compare, int64_t span_ns, int64_t t)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, compare, err, sizeof err), 0, "%s", err);
    for (int i = 0; i < W->app.nsessions; i++)
        while (tt_explore(W->app.s[i].tt, 1000)) {}
    if (span_ns > 0) {
        W->app.st.timeline_span = span_ns;
        W->app.st.timeline_manual = true;
    }
    ui_app_seek(&W->app, t);
    while (ui_app_seek_continue(&W->app, 1000)) {}
}

/* One frame's text runs (R is big: the caller's static). */
static void frame_runs(runs *R)
{
    R->n = 0;
    rd_set_text_observer(W->rd, keep_run, R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

/* Side i's timeline plot (the hit rect: lanes and axis) and the time range it shows. */
static const ui_hit *plot_of(int side)
{
    for (int k = 0; k < W->app.fr.nhits; k++)
        if (W->app.fr.hits[k].kind == HIT_TIMELINE && W->app.fr.hits[k].side == side) return &W->app.fr.hits[k];
    cr_assert_fail("no timeline drawn on side %d", side);
    return NULL;
}

static int x_of(const ui_hit *p, int64_t t) { return p->r.x + (int)((double)(t - p->t0) * p->r.w / (double)(p->t1 - p->t0)); }

/* Mean of r, g, b of the pixel at x, y: the light panel is near 255, ink is dark. */
static int lum(int x, int y)
{
    SDL_Surface *s = rd_surface(W->rd);
    cr_assert(s && x >= 0 && y >= 0 && x < s->w && y < s->h);
    Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
    Uint8 cr, cg, cb;
    SDL_GetRGB(px, s->format, &cr, &cg, &cb);
    return (cr + cg + cb) / 3;
}

/* hackbench at 50 ms: the caption shown since 20 ms and the one from 100 ms on (the look-ahead knows
 * it). Faded = ahead of now, so the box to come must be lighter than the one shown; it was darker
 * (its translucent fill's alpha was set to 70, not scaled down). */
Test(timeline, a_caption_box_ahead_of_now_is_lighter_than_the_one_shown)
{
    static runs R;
    open_at("hackbench.json", false, 0, 50000000LL);
    frame_runs(&R);
    const ui_hit *p = plot_of(0);
    int y = p->r.y + rd_px(W->rd, 5); /* inside the captions lane's boxes, above their text */
    int shown = lum(x_of(p, 20000000LL) + 1, y), to_come = lum(x_of(p, 100000000LL) + 1, y);
    cr_expect_gt(to_come, shown, "the caption box ahead of now (%d) is not lighter than the one shown (%d)", to_come, shown);
}
