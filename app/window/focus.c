/* focus.c — V: one panel fills the window at the largest text size that still shows all it shows at the window's scale. */
#include "window/window.h"
#include "view/layout_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A lecturer at 1280x720 cannot make the kernel log's stall line readable from the back of the room
 * with the UI scale alone (it tops out at 150 % there, ~12 px of text). V lays out the panel under the
 * pointer (or the one last clicked) alone over the whole window, both halves' copies in compare mode,
 * and draws the frame at a larger scale. Which scale follows `shot --panel`'s rule (export/fit.c, which
 * the window may not include): the largest, in steps of 1/4 up to min(W/480, H/270) and at most 4, at
 * which the panel still shows everything it shows at the window's own scale: nothing more cut, ended
 * with "…", left out of a line or hidden behind a "▼ N more" cue, and no text run gone. It is fitted
 * when V is pressed, when the window's size or UI scale changes and when compare turns on or off.
 */

typedef struct focus_seen {
    const ui_app *a;
    long runs, hidden;
    int excused;        /* "…" that ends a caption's preview in the timeline, or a compare side's head */
    bool after_caption; /* the last run was a caption's shortened start */
} focus_seen;

/* Timeline axis labels ("80.45 s"): any width spaces them out, by design. */
static bool axis_label(const char *t)
{
    const char *p = t;
    while ((*p >= '0' && *p <= '9') || *p == '.' || *p == '-' || *p == '+') p++;
    return p > t && (!strcmp(p, " s") || !strcmp(p, " ms") || !strcmp(p, " µs") || !strcmp(p, " ns") || !strcmp(p, "s"));
}

/* A caption's text or its start: 1 whole, 2 shortened (the strip shows it whole), 0 neither */
static int caption_run(const ui_app *a, const char *t)
{
    size_t n = strlen(t);
    if (n < 8) return 0;
    for (size_t i = 0; i < a->base.ncaptions; i++)
        if (!strncmp(a->base.captions[i].text, t, n)) return a->base.captions[i].text[n] ? 2 : 1;
    return 0;
}

static bool in_side_head(const ui_layout *L, int y)
{
    for (int i = 0; i < L->nsides && L->nsides > 1; i++)
        if (L->side[i].head.h > 0 && y >= L->side[i].head.y && y < L->side[i].head.y + L->side[i].head.h) return true;
    return false;
}

static void observe(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)w; (void)h;
    focus_seen *sn = ctx;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    char t[600];
    snprintf(t, sizeof t, "%.*s", (int)(n < sizeof t - 1 ? n : sizeof t - 1), s);
    if (!strcmp(t, "…")) { sn->excused += sn->after_caption || in_side_head(&sn->a->L, y); sn->after_caption = false; return; }
    int cap = caption_run(sn->a, t);
    sn->after_caption = cap == 2;
    if (cap || axis_label(t)) return;
    sn->runs++;
    const char *num = NULL;
    if (!strncmp(t, "▼ ", strlen("▼ "))) num = t + strlen("▼ ");
    else if (!strncmp(t, "… and ", strlen("… and "))) num = t + strlen("… and ");
    if (num && *num >= '0' && *num <= '9') sn->hidden += strtol(num, NULL, 10);
}

typedef struct focus_measure { long runs, hidden; int clipped, shortened, dropped, cut_glyphs; } focus_measure;

static focus_measure measure(ui_app *a, rd_ctx *rd, float k)
{
    focus_seen sn = {a, 0, 0, 0, false};
    rd_set_scale(rd, k);
    rd_text_stats_reset(rd);
    rd_set_text_observer(rd, observe, &sn);
    ui_app_draw(a, rd);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    rd_text_stats ts;
    rd_text_stats_get(rd, &ts);
    return (focus_measure){sn.runs, sn.hidden, ts.clipped, ts.shortened - sn.excused, ts.dropped, ts.cut_glyphs};
}

/* The focused panel's scale for an ow x oh window whose own scale is base (never below it). Trial frames
 * are drawn off-screen, without the overlays and the tip, at the app's current moment. */
static float focus_scale(ui_app *a, int ow, int oh, float base)
{
    float lim = (float)ow / 480.0f, lh = (float)oh / 270.0f;
    if (lh < lim) lim = lh;
    if (lim > 4.0f) lim = 4.0f;
    if (lim <= base) return base;
    char err[256];
    rd_ctx *off = rd_new_offscreen(ow, oh, base, err, sizeof err);
    if (!off) return base;
    ui_state *st = &a->st;
    bool help = st->show_help, gloss = st->show_glossary, picker = st->show_picker;
    int mx = a->fr.mouse_x, my = a->fr.mouse_y;
    st->show_help = st->show_glossary = st->show_picker = false;
    a->fr.mouse_x = a->fr.mouse_y = -1;
    ui_app_refresh_reports(a, 0, 0);
    focus_measure b = measure(a, off, base);
    float best = base;
    for (float k = (float)((int)(lim * 4.0f)) / 4.0f; k > base + 0.001f; k -= 0.25f) {
        focus_measure s = measure(a, off, k);
        if (s.clipped <= b.clipped && s.cut_glyphs <= b.cut_glyphs && s.shortened <= b.shortened && s.dropped <= b.dropped &&
            s.hidden <= b.hidden && s.runs >= b.runs) {
            best = k;
            break;
        }
    }
    st->show_help = help, st->show_glossary = gloss, st->show_picker = picker;
    a->fr.mouse_x = mx, a->fr.mouse_y = my;
    rd_free(off);
    return best;
}

void ui_win_fit_scale(ui_win *w)
{
    int ow, oh;
    rd_output_size(w->rd, &ow, &oh);
    float hidpi = w->hidpi > 0 ? w->hidpi : 1.0f;
    /* a scale that leaves too little room for the panels is lowered until every label fits */
    float want = w->app.st.ui_scale * hidpi, got = ui_fit_scale(ow, oh, want);
    w->app.st.scale_capped = got < want - 0.005f ? got / hidpi : 0;
    if (w->app.st.focus_panel >= 0 && w->app.nsessions) got = focus_scale(&w->app, ow, oh, got);
    rd_set_scale(w->rd, got);
    w->scale_changed = false;
    w->fitted_focus = w->app.st.focus_panel;
    w->fitted_compare = w->app.st.compare;
}

bool ui_win_scale_stale(const ui_win *w)
{
    return w->scale_changed || w->fitted_focus != w->app.st.focus_panel ||
           (w->app.st.focus_panel >= 0 && w->fitted_compare != w->app.st.compare);
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
    st->show_help = st->show_glossary = false;
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
