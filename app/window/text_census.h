/* text_census.h — what a drawn frame shows of its text, to find the largest text scale that loses none of it. */
#ifndef RCUVIS_TEXT_CENSUS_H
#define RCUVIS_TEXT_CENSUS_H

#include "render/render.h"
#include "window/app.h"

#include <stdbool.h>

/* Text runs drawn, lines or rows hidden behind "▼ N more" / "… and N more" cues, and what the
 * renderer counted as cut at an edge, shortened with "…" (minus the excused ones) or left out. */
typedef struct ui_text_census {
    long runs, hidden;
    int clipped, shortened, dropped, cut_glyphs;
} ui_text_census;

/* Draw one frame of a with draw(a, rd, ctx) at text scale k and count what it shows. Not counted: axis
 * labels ("80.45 s"), which any width spaces out by design; caption previews shortened with "…" and
 * the timeline's caption lane (rd_set_preview; the caption strip shows them whole); compare's side
 * heads ending in "…" (the engine's name comes first, the rest repeats what the panels show). */
ui_text_census ui_text_census_take(ui_app *a, rd_ctx *rd, float k, void (*draw)(ui_app *a, rd_ctx *rd, void *ctx), void *ctx);

/* Does s show everything base shows: nothing more cut, shortened, left out or hidden, no run gone? */
bool ui_text_census_keeps(const ui_text_census *s, const ui_text_census *base);

/* The most a one-panel picture of w x h output pixels may scale its text: the panel keeps at least
 * 480x270 logical pixels, and at most 4 (never below 1). */
float ui_text_census_limit(int w, int h);

/* The largest text scale in steps of 1/4 from limit down to above base_k whose frame keeps everything
 * the frame at base_k shows, else base_k; rd is left at neither (the caller sets its scale). */
float ui_text_census_fit(ui_app *a, rd_ctx *rd, float base_k, float limit, void (*draw)(ui_app *a, rd_ctx *rd, void *ctx), void *ctx);

#endif
