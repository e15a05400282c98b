/* layout.c — splits the output into panels; proportions chosen so 64 CPU tiles and the tree stay readable. */
#include "view/layout.h"

#include <string.h>

static rd_rect take_top(rd_rect *r, int h)
{
    if (h > r->h) h = r->h;
    rd_rect out = {r->x, r->y, r->w, h};
    r->y += h; r->h -= h;
    return out;
}

static rd_rect take_bottom(rd_rect *r, int h)
{
    if (h > r->h) h = r->h;
    rd_rect out = {r->x, r->y + r->h - h, r->w, h};
    r->h -= h;
    return out;
}

static rd_rect take_left(rd_rect *r, int w)
{
    if (w > r->w) w = r->w;
    rd_rect out = {r->x, r->y, w, r->h};
    r->x += w; r->w -= w;
    return out;
}

static rd_rect take_right(rd_rect *r, int w)
{
    if (w > r->w) w = r->w;
    rd_rect out = {r->x + r->w - w, r->y, w, r->h};
    r->w -= w;
    return out;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

float ui_fit_scale(int out_w, int out_h, float want, bool compare)
{
    float s = want;
    float sw = (float)out_w / (compare ? UI_MIN_COMPARE_W : UI_MIN_LOGICAL_W);
    float sh = (float)out_h / (compare ? UI_MIN_COMPARE_H : UI_MIN_LOGICAL_H);
    if (sw < s) s = sw;
    if (sh < s) s = sh;
    return s < 0.5f ? 0.5f : s;
}

bool ui_layout_compact(rd_ctx *rd, int w, int h)
{
    float sc = rd_scale(rd) > 0 ? rd_scale(rd) : 1.0f;
    return w / sc < UI_MIN_LOGICAL_W - 0.5f || h / sc < UI_MIN_LOGICAL_H - 0.5f;
}

void ui_layout_compute(ui_layout *L, rd_ctx *rd, int w, int h, const ui_state *st, int banner_h, int caption_h)
{
    memset(L, 0, sizeof *L);
    int g = rd_px(rd, 4); /* gap between panels */
    rd_rect r = {0, 0, w, h};
    L->whole = r;
    L->top = take_top(&r, rd_px(rd, 34));
    if (banner_h > 0) L->banner = take_top(&r, banner_h);
    L->scrub = take_bottom(&r, rd_px(rd, 34));
    r = (rd_rect){r.x + g, r.y + g, r.w - 2 * g, r.h - 2 * g};
    if (st->show_workbook) {
        L->workbook = take_right(&r, clampi(r.w * 28 / 100, rd_px(rd, 220), r.w / 2));
        L->workbook.x += g; L->workbook.w -= g;
    }
    if (caption_h > 0) {
        /* the caption strip sits between the live panels and the timeline, full width */
        L->caption = (rd_rect){r.x, 0, r.w, caption_h};
    }
    if (!st->compare) {
        L->nsides = 1;
        ui_side *s = &L->side[0];
        /* minimums in lines of text, so a projector scale keeps lanes readable rather than crushed */
        int lh = rd_line_height(rd, RD_SANS_SMALL), head = rd_line_height(rd, RD_BOLD) + rd_px(rd, 8);
        int klog_h = clampi(r.h * 11 / 100, head + 2 * lh, head + 12 * lh);
        int tl_h = clampi(r.h * 19 / 100, head + 6 * (lh + rd_px(rd, 4)), head + 6 * rd_px(rd, 34));
        s->klog = take_bottom(&r, klog_h);
        rd_rect tl = take_bottom(&r, tl_h + g);
        s->timeline = (rd_rect){tl.x, tl.y, tl.w, tl.h - g};
        if (caption_h > 0) {
            rd_rect cap = take_bottom(&r, caption_h + g);
            L->caption.y = cap.y;
        }
        r.h -= g;
        int cpus_w = r.w * 40 / 100, tree_w = r.w * 32 / 100;
        s->cpus = take_left(&r, cpus_w);
        rd_rect mid = take_left(&r, tree_w + g);
        mid.x += g; mid.w -= g;
        r.x += g; r.w -= g;
        s->acct = r;
        int why_h = clampi(mid.h * 40 / 100, rd_px(rd, 120), mid.h / 2);
        L->why = take_bottom(&mid, why_h);
        mid.h -= g;
        s->tree = mid;
        s->head = (rd_rect){0, 0, 0, 0};
    } else {
        L->nsides = 2;
        int half = (r.w - g) / 2;
        if (caption_h > 0) {
            rd_rect cap = take_bottom(&r, caption_h + g);
            L->caption.y = cap.y + g;
        }
        /* a projector's 1280x720 at 133 % (UI_MIN_COMPARE_W x H): what the lecturer reads from the back
         * of the room is the two kernels' figures (the CPU time panel), the caption, the Why answer, the
         * tree and the tiles. The timeline goes (the scrubber below still tells the time; a larger
         * window or a smaller scale brings it back), and its height goes to the CPU time panel */
        L->compact = ui_layout_compact(rd, w, h);
        for (int i = 0; i < 2; i++) {
            rd_rect c = {r.x + i * (half + g), r.y, half, r.h};
            ui_side *s = &L->side[i];
            s->head = take_top(&c, rd_px(rd, 24));
            int rest = c.h;
            int lh = rd_line_height(rd, RD_SANS_SMALL), head = rd_line_height(rd, RD_BOLD) + rd_px(rd, 8);
            s->klog = take_bottom(&c, clampi(rest * (L->compact ? 18 : 15) / 100, head + 3 * lh, head + 12 * lh));
            if (L->compact) {
                s->acct = take_bottom(&c, clampi(rest * 42 / 100, rd_px(rd, 120), rd_px(rd, 400)) + g);
                s->acct.h -= g;
                s->timeline = (rd_rect){s->acct.x, s->acct.y + s->acct.h, s->acct.w, 0}; /* where it would be */
            } else {
                s->timeline = take_bottom(&c, clampi(rest * 18 / 100, head + 6 * (lh + rd_px(rd, 4)), head + 6 * rd_px(rd, 34)) + g);
                s->timeline.h -= g;
                s->acct = take_bottom(&c, clampi(rest * 27 / 100, rd_px(rd, 120), rd_px(rd, 400)) + g);
                s->acct.h -= g;
            }
            /* the CPUs and tree row keeps room for its titles and a row of tiles: a caption strip at
             * 960x540 left it none (the panels vanished) and at 1066x600 too little for any tile.
             * The accounting gives first, down to its title and two rows, then the timeline, down
             * to its title and three lanes */
            int row_min = rd_line_height(rd, RD_BOLD) + rd_px(rd, 7) + rd_px(rd, 30) + g;
            if (c.h < row_min) {
                int acct_floor = head + 3 * lh, tl_floor = head + 3 * (lh + rd_px(rd, 4));
                int d1 = clampi(row_min - c.h, 0, s->acct.h > acct_floor ? s->acct.h - acct_floor : 0);
                s->acct.y += d1; s->acct.h -= d1; c.h += d1;
                int d2 = clampi(row_min - c.h, 0, s->timeline.h > tl_floor ? s->timeline.h - tl_floor : 0);
                s->timeline.y += d2; s->timeline.h -= d2; s->acct.y += d2; c.h += d2;
            }
            int cw = c.w * 55 / 100;
            s->cpus = take_left(&c, cw);
            c.x += g; c.w -= g; c.h -= g;
            s->tree = c;
        }
        L->why_floating = true; /* each side's "why" takes its kernel-log slot while something is selected */
    }
}

/* Where a side's freed height goes. Compare mode: to the accounting panel, whose 3.6 and 3.7 rows
 * are the comparison (hackbench's cue on rcu_sched in top showed 5 of 30 rows over two empty logs;
 * half of it to the CPUs and tree still hid the tasks row that cue names). One view: its CPUs, tree
 * and accounting columns, which grow downwards. */
static void grow_above_klog(ui_layout *L, ui_side *sd, int dh)
{
    sd->timeline.y += dh;
    if (L->nsides > 1) {
        sd->acct.h += dh;
        return;
    }
    if (L->caption.h > 0) L->caption.y += dh;
    L->why.y += dh;
    sd->cpus.h += dh; sd->tree.h += dh; sd->acct.h += dh;
}

void ui_layout_fold_klog(ui_layout *L, int keep_h)
{
    for (int i = 0; i < L->nsides; i++) {
        ui_side *sd = &L->side[i];
        if (sd->klog.h <= keep_h) continue;
        int gap = sd->timeline.y + sd->timeline.h < sd->klog.y ? sd->klog.y - (sd->timeline.y + sd->timeline.h) : 0;
        int dh = sd->klog.h - keep_h + (keep_h ? 0 : gap); /* a title line keeps its gap above */
        sd->klog = (rd_rect){sd->klog.x, sd->klog.y + sd->klog.h - keep_h, sd->klog.w, keep_h};
        grow_above_klog(L, sd, dh);
    }
}

int ui_layout_klog_title_h(rd_ctx *rd) { return rd_line_height(rd, RD_BOLD) + rd_px(rd, 5); }

void ui_layout_caption_give(ui_layout *L, int dh)
{
    if (dh <= 0 || L->caption.h <= 0) return;
    if (dh > L->caption.h) dh = L->caption.h;
    L->caption.y += dh;
    L->caption.h -= dh;
    for (int i = 0; i < L->nsides; i++) {
        ui_side *sd = &L->side[i];
        sd->acct.h += dh;
        if (L->nsides > 1) { /* below the strip's old top: the timeline and the log, which move down with it */
            sd->timeline.y += dh;
            sd->klog.y += dh;
        } else { /* one view: the strip is under the CPUs, tree (and why) and accounting columns */
            sd->cpus.h += dh;
            sd->tree.h += dh;
        }
    }
    if (L->nsides == 1 && L->why.h > 0) L->why.y += dh;
}
