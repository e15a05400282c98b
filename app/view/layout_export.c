/* layout_export.c — slide layouts: the window's arrangement minus its controls, or one panel at full size. */
#include "view/layout_export.h"

#include <string.h>

static const char *const names[UI_NPANELS] = {"cpus", "tree", "accounting", "timeline", "klog", "why", "caption"};

int ui_panel_from_name(const char *name)
{
    for (int i = 0; i < UI_NPANELS; i++)
        if (!strcmp(name, names[i])) return i;
    return UI_PANEL_NONE;
}

const char *ui_panel_name(int id) { return id >= 0 && id < UI_NPANELS ? names[id] : "?"; }

static void shift(rd_rect *r, int dy) { if (r->w > 0 || r->h > 0) r->y += dy; }

void ui_layout_clean(ui_layout *L, rd_ctx *rd, int w, int h, const ui_state *st, int title_h, int caption_h, bool drop_klog)
{
    ui_state s = *st;
    s.show_workbook = false; /* a slide is the model's picture; the workbook is the window's */
    /* Lay out as the window would on a canvas taller by what the top bar and scrubber take, then
     * slide it up so that the top bar's place is the title strip and the scrubber falls off the
     * bottom: the panels keep the window's proportions and fill the picture. */
    ui_layout probe;
    ui_layout_compute(&probe, rd, w, h, &s, 0, caption_h);
    int chrome = probe.top.h + probe.scrub.h - title_h;
    ui_layout_compute(L, rd, w, h + chrome, &s, 0, caption_h);
    int dy = title_h - L->top.h;
    for (int i = 0; i < L->nsides; i++) {
        ui_side *sd = &L->side[i];
        shift(&sd->head, dy); shift(&sd->cpus, dy); shift(&sd->tree, dy);
        shift(&sd->acct, dy); shift(&sd->timeline, dy); shift(&sd->klog, dy);
    }
    shift(&L->why, dy);
    shift(&L->caption, dy);
    L->whole = (rd_rect){0, 0, w, h};
    L->top = (rd_rect){0, 0, w, title_h};
    L->scrub = (rd_rect){0, h, w, 0};
    L->banner = (rd_rect){0, 0, 0, 0};
    if (drop_klog) ui_layout_fold_klog(L, 0); /* an empty log is an empty panel: a slide leaves it out */
}

static bool holds(rd_rect r, int x, int y) { return r.w > 0 && r.h > 0 && x >= r.x && x < r.x + r.w && y >= r.y && y < r.y + r.h; }

int ui_layout_panel_at(const ui_layout *L, int x, int y, bool why_in_klog)
{
    if (holds(L->why, x, y)) return UI_PANEL_WHY;
    if (holds(L->caption, x, y)) return UI_PANEL_CAPTION;
    for (int i = 0; i < L->nsides; i++) {
        const ui_side *s = &L->side[i];
        if (holds(s->cpus, x, y)) return UI_PANEL_CPUS;
        if (holds(s->tree, x, y)) return UI_PANEL_TREE;
        if (holds(s->acct, x, y)) return UI_PANEL_ACCT;
        if (holds(s->timeline, x, y)) return UI_PANEL_TIMELINE;
        if (holds(s->klog, x, y)) return L->why_floating && why_in_klog ? UI_PANEL_WHY : UI_PANEL_KLOG;
    }
    return UI_PANEL_NONE;
}

void ui_layout_single(ui_layout *L, rd_ctx *rd, int w, int h, const ui_state *st, int panel, int top_h)
{
    memset(L, 0, sizeof *L);
    L->whole = (rd_rect){0, 0, w, h};
    int g = rd_px(rd, 4);
    if (top_h > 0) { /* a band above the panel (a picture of a changed run says so there) */
        L->top = (rd_rect){0, 0, w, top_h};
        h -= top_h;
    }
    /* the caption and the why panel belong to the picture, not to a side (compare shows each
     * side's why in its own half, as the window does) */
    bool shared = panel == UI_PANEL_CAPTION || (panel == UI_PANEL_WHY && !st->compare);
    L->nsides = st->compare ? 2 : 1;
    /* the kernel log asked for by name stays the kernel log: with a CPU selected, compare's why
     * answers took its slot and `--panel klog --compare --select 0` drew two Why panels */
    L->why_floating = st->compare && panel != UI_PANEL_KLOG;
    rd_rect all = {g, (top_h > 0 ? top_h : 0) + g, w - 2 * g, h - 2 * g};
    if (shared) {
        if (panel == UI_PANEL_CAPTION) L->caption = all;
        else L->why = all;
        return;
    }
    int half = (all.w - g) / 2, half_h = (all.h - g) / 2;
    /* compare's kernel logs one above the other: a dmesg line is read whole, on one row, so side by
     * side its half width kept omap-stall's stall line at 15 px in a 1920x1080 slide, nine tenths of it
     * empty; stacked, each side has the whole width */
    bool stacked = L->nsides > 1 && panel == UI_PANEL_KLOG;
    for (int i = 0; i < L->nsides; i++) {
        rd_rect c = L->nsides == 1 ? all
                  : stacked ? (rd_rect){all.x, all.y + i * (half_h + g), all.w, half_h}
                            : (rd_rect){all.x + i * (half + g), all.y, half, all.h};
        ui_side *sd = &L->side[i];
        if (L->nsides > 1) {
            int hh = rd_px(rd, 24);
            sd->head = (rd_rect){c.x, c.y, c.w, hh};
            c.y += hh; c.h -= hh;
        }
        switch (panel) {
        case UI_PANEL_CPUS: sd->cpus = c; break;
        case UI_PANEL_TREE: sd->tree = c; break;
        case UI_PANEL_ACCT: sd->acct = c; break;
        case UI_PANEL_TIMELINE: sd->timeline = c; break;
        case UI_PANEL_KLOG: case UI_PANEL_WHY: sd->klog = c; break; /* compare: why takes the klog slot */
        default: break;
        }
    }
}
