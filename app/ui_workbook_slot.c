/* ui_workbook_slot.c — weak placeholders for the workbook hooks, replaced by app/panel_workbook.c. */
#include "ui_workbook.h"

#include "panel_api.h"

__attribute__((weak)) bool ui_workbook_available(void) { return false; }

__attribute__((weak)) void ui_workbook_draw(ui_frame *fr, rd_rect r, struct ui_app *a)
{
    (void)a;
    rd_rect c = panel_frame(fr, r, "Workbook", "W hides this column");
    rd_text_wrap(fr->rd, RD_SANS, c, fr->th->text_dim,
                 "The workbook (quick quizzes tied to this scenario) is not part of this build yet. "
                 "This column is where it will appear.");
}

__attribute__((weak)) bool ui_workbook_key(struct ui_app *a, const SDL_KeyboardEvent *k, double now_ms)
{
    (void)a; (void)k; (void)now_ms;
    return false;
}

__attribute__((weak)) bool ui_workbook_click(struct ui_app *a, const ui_hit *h, double now_ms)
{
    (void)a; (void)h; (void)now_ms;
    return false;
}

__attribute__((weak)) void ui_workbook_frame(struct ui_app *a, double now_ms)
{
    (void)a; (void)now_ms;
}
