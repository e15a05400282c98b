/* fit.c — the text scale of a one-panel picture (--panel without --scale): as large as the panel keeps everything it shows. */
#include "export/export.h"
#include "view/layout_export.h"
#include "window/text_census.h"

static void draw_look(ui_app *a, rd_ctx *rd, void *look) { ex_draw(a, rd, look); }

float ex_panel_scale_limit(int w, int h) { return ui_text_census_limit(w, h); }

/* The rows the kernel-log lines of a's last drawn picture wrap to beyond one row each, over every
 * side: laid out and built by that drawing, at rd's scale. */
static int klog_wrapped(ui_app *a, rd_ctx *rd)
{
    int extra = 0;
    for (int i = 0; i < a->L.nsides && i < a->nsessions; i++)
        extra += panel_klog_wrapped_rows(rd, a->L.side[i].klog, &a->s[i].view, &a->st);
    return extra;
}

/* The rule: the largest scale in steps of 1/4 from ex_panel_scale_limit() (the panel keeps at least
 * 480x270 logical pixels) down to 1 whose drawing shows everything the scale-1 drawing shows: no
 * more text cut or shortened, nothing more hidden behind a cue, no fewer text runs (as
 * window/text_census.c counts them). A kernel log of one line grows until that line fills the
 * width; a tree of one node until its header does; 16 CPUs' tiles or a long thread list, which fill
 * the picture at 1, stay near 1. The app's current moment is drawn; rd is left at the chosen scale.
 *
 * The kernel log alone also wraps no line that scale 1 shows on one: a wrapped line is all its text
 * still, so the census let omap-stall's stall warning, compared at 1920x1080, grow to 4 and wrap over
 * four rows under each half's head while two thirds of the picture stayed empty; a dmesg line reads
 * as one line, and the largest scale that keeps it whole is still at least 1. */
float ex_fit_panel_scale(ui_app *a, rd_ctx *rd, const ex_look *look)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    float limit = ex_panel_scale_limit(w, h), best = 1.0f;
    bool klog = look->panel == UI_PANEL_KLOG;
    /* the CPU time panel's top list is as long as the machine has threads (hackbench's 16 ksoftirqd/N
     * rows): each row the larger text pushed out failed the rule, so the panel stayed at 1 with a fifth
     * of a speaker's slide empty. Its rows past the first RCU thread are what any size may cut ("▼ N
     * more rows in top"); the rule holds for the rest, and those rows fill what room is left. */
    bool top = look->panel == UI_PANEL_ACCT;
    if (top) a->st.top_essentials = true;
    ui_text_census base = ui_text_census_take(a, rd, 1.0f, draw_look, (void *)look);
    int wrapped = klog ? klog_wrapped(a, rd) : 0;
    /* a panel at a cue has the cue's words under it (slide.c) where they fit: a scale too large for them
     * would leave them out, which the census, counting what is drawn, cannot see */
    bool strip = a->L.caption.h > 0 && look->panel != UI_PANEL_CAPTION;
    for (float k = (float)((int)(limit * 4.0f)) / 4.0f; k > 1.001f; k -= 0.25f) {
        ui_text_census s = ui_text_census_take(a, rd, k, draw_look, (void *)look);
        if (!ui_text_census_keeps(&s, &base) || (klog && klog_wrapped(a, rd) > wrapped)) continue;
        if (strip && a->L.caption.h <= 0) continue;
        best = k;
        break;
    }
    a->st.top_essentials = false;
    rd_set_scale(rd, best);
    return best;
}
