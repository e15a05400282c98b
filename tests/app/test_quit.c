/* test_quit.c — Ctrl+Q quits whatever has the keyboard: the scenario picker, the caption editor (issue 11, defect 11). */
#include "window/window.h"

#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

static ui_win *W;

static void setup(void)
{
    setenv("RCUVIS_DATA", "/nonexistent", 1); /* the built-in demo */
    setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
    W = calloc(1, sizeof *W);
    ui_app_init(&W->app);
    char err[1024];
    cr_assert_eq(ui_app_load(&W->app, NULL, -1, err, sizeof err), 0, "%s", err);
}

static void teardown(void)
{
    ui_app_free(&W->app);
    ui_rec_free(&W->rec);
    free(W);
}

static void press(SDL_Keycode k, Uint16 mod)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = k;
    ev.key.keysym.mod = mod;
    ui_input_event(W, &ev, 1000);
}

TestSuite(quit, .init = setup, .fini = teardown);

Test(quit, ctrl_q_quits_from_the_picker)
{
    ui_input_action(W, ACT_OPEN, 0, 1000); /* a click on Open: the picker takes every key */
    cr_assert(W->app.st.show_picker);
    press(SDLK_q, KMOD_LCTRL);
    cr_assert(W->quit, "Ctrl+Q was swallowed by the picker");
}

Test(quit, ctrl_q_quits_from_the_caption_editor)
{
    press(SDLK_F2, 0);
    cr_assert(W->rec.editing, "F2 opens the caption editor");
    press(SDLK_q, KMOD_LCTRL);
    cr_assert(W->quit, "Ctrl+Q was swallowed by the caption editor");
}

Test(quit, q_alone_is_still_a_key)
{
    press(SDLK_q, 0);
    cr_assert_not(W->quit, "q without Ctrl forces a quiescent-state pass, it does not quit");
}
