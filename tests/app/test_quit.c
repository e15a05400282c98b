/* test_quit.c — Ctrl+Q quits whatever has the keyboard: the scenario picker, the caption editor (issue 11, defect 11). */
#include "window_fixture.h"

static char dir[64];

static void setup(void) { window_fixture_open(dir, "quit", 640, 400, true); }
static void teardown(void) { window_fixture_close(dir); }

TestSuite(quit, .init = setup, .fini = teardown);

Test(quit, ctrl_q_quits_from_the_picker)
{
    ui_input_action(W, ACT_OPEN, 0, 1000); /* a click on Open: the picker takes every key */
    cr_assert(W->app.st.show_picker);
    press_mod(SDLK_q, KMOD_LCTRL);
    cr_assert(W->quit, "Ctrl+Q was swallowed by the picker");
}

Test(quit, ctrl_q_quits_from_the_caption_editor)
{
    press(SDLK_F2);
    cr_assert(W->rec.editing, "F2 opens the caption editor");
    press_mod(SDLK_q, KMOD_LCTRL);
    cr_assert(W->quit, "Ctrl+Q was swallowed by the caption editor");
}

Test(quit, q_alone_is_still_a_key)
{
    press(SDLK_q);
    cr_assert_not(W->quit, "q without Ctrl forces a quiescent-state pass, it does not quit");
}
