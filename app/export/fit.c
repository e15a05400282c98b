/* fit.c — the text scale of a one-panel picture (--panel without --scale): as large as the panel keeps everything it shows. */
#include "export/export.h"
#include "window/text_census.h"

static void draw_look(ui_app *a, rd_ctx *rd, void *look) { ex_draw(a, rd, look); }

float ex_panel_scale_limit(int w, int h) { return ui_text_census_limit(w, h); }

/* The rule: the largest scale in steps of 1/4 from ex_panel_scale_limit() (the panel keeps at least
 * 480x270 logical pixels) down to 1 whose drawing shows everything the scale-1 drawing shows: no
 * more text cut or shortened, nothing more hidden behind a cue, no fewer text runs (as
 * window/text_census.c counts them). A kernel log of one line grows until that line fills the
 * width; a tree of one node until its header does; 16 CPUs' tiles or a long thread list, which fill
 * the picture at 1, stay near 1. The app's current moment is drawn; rd is left at the chosen scale. */
float ex_fit_panel_scale(ui_app *a, rd_ctx *rd, const ex_look *look)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    float best = ui_text_census_fit(a, rd, 1.0f, ex_panel_scale_limit(w, h), draw_look, (void *)look);
    rd_set_scale(rd, best);
    return best;
}
