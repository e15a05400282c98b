/* workbook_hooks.h — the hooks through which the workbook (quiz) panel plugs into the window's right column. */
#ifndef RCUVIS_UI_WORKBOOK_H
#define RCUVIS_UI_WORKBOOK_H

/*
 * The window keeps a right-hand column for the workbook (toggled with W). The workbook's owner
 * implements these functions in app/window/workbook_column.c. (Weak placeholders in a separate archive
 * member were tried and removed: ld pulls the weak member as soon as ui_draw.o needs the symbol,
 * before it revisits the member with the real one.)
 *
 * Contract:
 * - ui_workbook_draw draws inside r only, with app/render.h primitives (see render.h); it may add
 *   hits of kind HIT_WORKBOOK (a, b free for the workbook's use) with ui_hit_add().
 * - ui_workbook_key is offered every key press while the column is shown, before the window's
 *   own keys; return true when the key was used (then the window ignores it).
 * - ui_workbook_click receives clicks on HIT_WORKBOOK hits.
 * - ui_workbook_frame runs once per frame before playback advances: it may pause, seek, step or
 *   load a scenario through ui_app.h (ui_app_seek, ui_app_step, ui_app_load...) to show a question's moment.
 * - A message for the top bar goes through ui_app_status(a, now_ms, ...) with the now_ms the hook was
 *   given: a status written straight into a->st.status has no time to stay and is gone the next frame.
 */

#include "render/render.h"
#include "view/view.h"

#include <SDL.h>
#include <stdbool.h>

struct ui_app;

/* The workbook the column shows: this quiz file alone (`rcuvis SCENARIO --quiz FILE`, a teacher's own
 * set, as `rcuvis quiz --file` in a terminal), instead of every file in the data's quizzes/. Before
 * the column is first shown. 0, or -1 with the file's problems in err (one a line, as `rcuvis
 * check` gives them) when it does not load as a quiz. */
int ui_workbook_use_file(const char *path, char *err, size_t errlen);
bool ui_workbook_available(void);
/* The window is closing: the column's panel is freed and the column forgets its place and its quiz
 * file, so a window opened after it (in the same process: the tests' window fixture) starts afresh. */
void ui_workbook_close(void);
void ui_workbook_draw(ui_frame *fr, rd_rect r, struct ui_app *a);
bool ui_workbook_key(struct ui_app *a, const SDL_KeyboardEvent *k, double now_ms);
bool ui_workbook_click(struct ui_app *a, const ui_hit *h, double now_ms);
void ui_workbook_frame(struct ui_app *a, double now_ms);
/* Scrolling the column: the wheel over it (true when used), and a press, drag and release, which
 * scroll its text as a finger does or move its scroll bar (ui_workbook_press true: a drag may follow). */
bool ui_workbook_wheel(struct ui_app *a, int x, int y, int dy);
bool ui_workbook_press(struct ui_app *a, int x, int y);
void ui_workbook_drag(struct ui_app *a, int y);
void ui_workbook_release(struct ui_app *a);
#endif
