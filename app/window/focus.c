/* focus.c — V: one panel fills the window at the largest text size that still shows all it shows at the window's scale. */
#include "window/window.h"
#include "view/layout_export.h"
#include "window/text_census.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A lecturer at 1280x720 cannot make the kernel log's stall line readable from the back of the room
 * with the UI scale alone (it tops out at 150 % there, ~12 px of text). V lays out the panel under the
 * pointer (or the one last clicked) alone over the whole window, both halves' copies in compare mode,
 * and draws the frame at a larger scale. Which scale follows `shot --panel`'s rule (text_census.c, which
 * export/fit.c uses too): the largest, in steps of 1/4 up to min(W/480, H/270) and at most 4, at
 * which the panel still shows everything it shows at the window's own scale: nothing more cut, ended
 * with "…", left out of a line or hidden behind a "▼ N more" cue, and no text run gone. It is fitted
 * when V is pressed, when the window's size or UI scale changes and when compare turns on or off.
 */

static void draw_window(ui_app *a, rd_ctx *rd, void *ctx) { (void)ctx; ui_app_draw(a, rd); }

/* The focused panel's scale for an ow x oh window whose own scale is base (never below it). Trial frames
 * are drawn off-screen, without the overlays and the tip, at the app's current moment. */
static float focus_scale(ui_app *a, int ow, int oh, float base)
{
    float lim = ui_text_census_limit(ow, oh);
    if (lim <= base) return base;
    char err[256];
    rd_ctx *off = rd_new_offscreen(ow, oh, base, err, sizeof err);
    if (!off) return base;
    ui_state *st = &a->st;
    bool help = st->show_help, gloss = st->show_glossary, picker = st->show_picker;
    int mx = a->fr.mouse_x, my = a->fr.mouse_y;
    rd_ctx *was = a->fr.rd; /* the trials draw through the off-screen renderer freed below */
    st->show_help = st->show_glossary = st->show_picker = false;
    a->fr.mouse_x = a->fr.mouse_y = -1;
    ui_app_refresh_reports(a, 0, 0);
    float best = ui_text_census_fit(a, off, base, lim, draw_window, NULL);
    st->show_help = help, st->show_glossary = gloss, st->show_picker = picker;
    a->fr.mouse_x = mx, a->fr.mouse_y = my;
    /* nothing may point at the freed renderer, nor click on a trial's boxes (at a scale not chosen):
     * the next frame draws them again */
    a->fr.rd = was;
    a->fr.nhits = a->fr.ntips = a->fr.ntips_shortened = 0;
    rd_free(off);
    return best;
}

void ui_win_fit_scale(ui_win *w)
{
    int ow, oh;
    rd_output_size(w->rd, &ow, &oh);
    float hidpi = w->hidpi > 0 ? w->hidpi : 1.0f;
    /* a scale that leaves too little room for the panels is lowered until every label fits */
    float want = w->app.st.ui_scale * hidpi, got = ui_fit_scale(ow, oh, want, w->app.st.compare), was = w->app.st.scale_capped;
    w->app.st.scale_capped = got < want - 0.005f ? got / hidpi : 0;
    /* settings keep the scale asked for (150 % on the big screen); a window that opens, or is made, too
     * small for it lowered it without a word, and a lecturer at the 1280x720 projector took 115 % for the
     * setting. Said once as the cap begins (not each resize); the asked scale stays for the big screen */
    if (w->scale_asked_ms <= 0 && w->app.st.scale_capped > 0 && was <= 0) {
        char said[sizeof w->app.st.status];
        snprintf(said, sizeof said, "%s", w->app.st.status); /* "Opened hackbench" at the start: both are said */
        ui_win_status(w, w->last_frame_ms, "%s%sUI scale %.0f%% is kept for a larger window: this one fits %.0f%%", said,
                      said[0] ? " · " : "", w->app.st.ui_scale * 100, w->app.st.scale_capped * 100);
    }
    /* a lecturer pressed Ctrl+= three times at 1280x720, read "UI scale 152%" and saw nothing grow:
     * the fit keeps every label whole, so the status says what the window gives */
    if (w->scale_asked_ms > 0 && w->app.st.scale_capped > 0)
        ui_win_status(w, w->scale_asked_ms, "Scale capped at %.0f%%, the most that fits (asked %.0f%%; V enlarges a panel)",
                      w->app.st.scale_capped * 100, w->app.st.ui_scale * 100);
    w->scale_asked_ms = 0;
    if (w->app.st.focus_panel >= 0 && w->app.nsessions) got = focus_scale(&w->app, ow, oh, got);
    rd_set_scale(w->rd, got);
    w->scale_changed = false;
    w->fitted_focus = w->app.st.focus_panel;
    w->fitted_compare = w->app.st.compare;
}

bool ui_win_scale_stale(const ui_win *w)
{
    /* compare mode fits a larger scale than one view (UI_MIN_COMPARE_W): entering or leaving it refits */
    return w->scale_changed || w->fitted_focus != w->app.st.focus_panel || w->fitted_compare != w->app.st.compare;
}

static const char *panel_title(int p)
{
    static const char *const titles[UI_NPANELS] = {"CPUs", "rcu_node tree", "CPU time", "Timeline", "Kernel log",
                                                   "Why is it waiting?", "The caption"};
    return p >= 0 && p < UI_NPANELS ? titles[p] : "?";
}

void ui_win_focus_key(ui_win *w, double now_ms)
{
    ui_app *a = &w->app;
    ui_state *st = &a->st;
    if (st->focus_panel >= 0) {
        ui_win_focus_off(w, now_ms);
        return;
    }
    bool sel = st->sel_cpu >= 0 || st->sel_node >= 0;
    int p = w->pointer_seen ? ui_layout_panel_at(&a->L, w->point_x, w->point_y, sel) : UI_PANEL_NONE;
    if (p < 0) p = st->last_panel;
    if (p < 0) {
        ui_win_status(w, now_ms, "V fills the window with one panel: point at it (or click it), then press V");
        return;
    }
    st->focus_panel = p;
    st->show_help = false;
    ui_glossary_close(st);
    /* the panel moved under a pointer that merely rests there: its tip would cover the big text (as F5's) */
    a->fr.mouse_x = a->fr.mouse_y = -1;
    ui_win_status(w, now_ms, "%s fills the window (V or Esc returns)", panel_title(p));
}

void ui_win_focus_off(ui_win *w, double now_ms)
{
    if (w->app.st.focus_panel < 0) return;
    w->app.st.focus_panel = -1;
    w->app.fr.mouse_x = w->app.fr.mouse_y = -1;
    ui_win_status(w, now_ms, "Every panel again");
}
