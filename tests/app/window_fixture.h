/* window_fixture.h — the window under test without a display: a ui_win drawing off-screen, its settings in a temp dir, key presses. */
#ifndef RCUVIS_TEST_WINDOW_FIXTURE_H
#define RCUVIS_TEST_WINDOW_FIXTURE_H

/*
 * Shared by the tests that drive the window's input code (test_input, test_lecture, test_export,
 * test_quit...). Header-only and static inline: each test binary is one .c file, and a helper a
 * file does not use costs nothing and warns nothing. Criterion runs every test in its own process,
 * so the one W per binary is never shared between tests.
 */

#include "window/window.h"
#include "window/workbook_hooks.h"
#include "rmtree.h"

#include <criterion/criterion.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ui_win *W;

/* A fresh W: settings and pictures go to a new /tmp/rcuvis-TAG-XXXXXX (dir, 64 bytes), drawing to
 * an off-screen w x h renderer; demo loads the built-in demo (RCUVIS_DATA hides scenarios/),
 * otherwise nothing is loaded yet. */
static inline void window_fixture_open(char *dir, const char *tag, int w, int h, bool demo)
{
    snprintf(dir, 64, "/tmp/rcuvis-%s-XXXXXX", tag);
    cr_assert(mkdtemp(dir));
    setenv("XDG_CONFIG_HOME", dir, 1);
    setenv("XDG_PICTURES_DIR", dir, 1); /* F12 writes a file: keep it out of the working tree */
    if (demo) setenv("RCUVIS_DATA", "/nonexistent", 1); /* the built-in demo, whatever scenarios/ holds */
    W = calloc(1, sizeof *W);
    cr_assert(W);
    ui_app_init(&W->app);
    char err[1024];
    if (demo) cr_assert_eq(ui_app_load(&W->app, NULL, -1, err, sizeof err), 0, "%s", err);
    W->rd = rd_new_offscreen(w, h, 1.0f, err, sizeof err);
    cr_assert(W->rd, "%s", err);
    W->hidpi = 1;
}

static inline void window_fixture_close(const char *dir)
{
    rd_free(W->rd);
    ui_app_free(&W->app);
    ui_workbook_close();
    ui_rec_free(&W->rec);
    free(W);
    W = NULL;
    if (rmtree(dir) != 0) fprintf(stderr, "could not remove %s\n", dir);
    unsetenv("RCUVIS_DATA");
    unsetenv("XDG_PICTURES_DIR");
}

/* One frame as the window draws it (reports refreshed, every panel). */
static inline void frame(void)
{
    ui_app_refresh_reports(&W->app, 0, 0);
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
}

/* A key press with modifiers, as SDL delivers it; press_mod does not draw, keymod draws a frame after. */
static inline void press_mod(SDL_Keycode k, Uint16 mod)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = k;
    ev.key.keysym.mod = mod;
    ui_input_event(W, &ev, 1000);
}
static inline void press(SDL_Keycode k) { press_mod(k, 0); }
static inline void keymod(SDL_Keycode k, Uint16 mod) { press_mod(k, mod); frame(); }
static inline void key(SDL_Keycode k) { keymod(k, 0); }
/* A left click at (x, y) in window pixels: button down, then up, at the fixture's fixed time. */
static inline void click_left(int x, int y)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.x = x;
    ev.button.y = y;
    ui_input_event(W, &ev, 1000);
    ev.type = SDL_MOUSEBUTTONUP;
    ui_input_event(W, &ev, 1000);
}
#endif
