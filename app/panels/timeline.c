/* timeline.c — grace periods as bars per flavor, FQS passes, stalls, injections and captions over time. */
#include "panels/panels.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int64_t timeline_span_uncapped(const ui_state *st)
{
    if (st->timeline_manual && st->timeline_span > 1000) return st->timeline_span;
    /* follow the speed: the window holds ~25 s of real playback, so bars move at a readable pace */
    double s = st->speed * 25e9;
    if (s < 20e6) s = 20e6;
    if (s > 600e9) s = 600e9;
    /* a clip's window holds no more than the clip: 0.3 s of hackbench played at 1x put all its grace
     * periods in the first 2 px of a 25 s window */
    if (st->timeline_cap > 0 && s > (double)st->timeline_cap) s = st->timeline_cap < 20000000 ? 20e6 : (double)st->timeline_cap;
    return (int64_t)s;
}

int64_t panel_timeline_span(const ui_state *st, int64_t end)
{
    int64_t s = timeline_span_uncapped(st);
    if (end > 0 && s > end) s = end < 20000000 ? 20000000 : end;
    return s;
}

void panel_timeline_range(int64_t now, int64_t end, int64_t span, int64_t *t0, int64_t *t1)
{
    int64_t lo = now - span * 3 / 4;
    /* a quarter of the span past the run's end held nothing: `shot kernel-build --at 7800 --timeline
     * 7800` showed 1850 s to 9650 s, the build's first half cut off for an empty stretch after it */
    if (end > 0 && lo + span > end) lo = end - span;
    if (lo < 0) lo = 0;
    *t0 = lo;
    *t1 = lo + span;
}

static int xof(rd_rect r, int64_t t, int64_t t0, int64_t span)
{
    return r.x + (int)((double)(t - t0) * r.w / (double)span);
}

/* 1-2-5 steps so that labels are ~100 px apart */
static int64_t nice_step(int64_t span, int width, int min_px)
{
    double want = (double)span * min_px / (width > 0 ? width : 1);
    double p = pow(10, floor(log10(want > 1 ? want : 1)));
    double steps[] = {1, 2, 5, 10};
    for (int i = 0; i < 4; i++) if (p * steps[i] >= want) return (int64_t)(p * steps[i]);
    return (int64_t)(p * 10);
}

static void fmt_axis(char *b, size_t n, int64_t t, int64_t step);

/* The axis step: ticks ~90 px apart, but at least four across the window where their times still keep
 * apart: a compared picture of the timeline alone, its text at twice the size, had 180 px between ticks
 * on a 750 px plot and a 90 s axis read "0 s" and "50 s" only. */
static int64_t axis_step(rd_ctx *rd, int64_t t1, int64_t span, int width)
{
    int64_t step = nice_step(span, width, rd_px(rd, 90));
    if (span / step >= 4) return step;
    int want = width / 5;
    char lab[32];
    fmt_axis(lab, sizeof lab, t1, nice_step(span, width, want));
    int need = rd_text_width(rd, RD_SANS_SMALL, lab) + rd_px(rd, 12);
    if (want < need) want = need;
    return want < rd_px(rd, 90) ? nice_step(span, width, want) : step;
}

static void fmt_axis(char *b, size_t n, int64_t t, int64_t step)
{
    double s = t / 1e9;
    if (step >= 1000000000LL) snprintf(b, n, "%.0f s", s);
    else if (step >= 100000000LL) snprintf(b, n, "%.1f s", s);
    else if (step >= 10000000LL) snprintf(b, n, "%.2f s", s);
    else if (step >= 1000000LL) snprintf(b, n, "%.3f s", s);
    else snprintf(b, n, "%.6f s", s);
}

static size_t first_mark(const ui_mark *m, size_t n, int64_t t)
{
    size_t lo = 0, hi = n;
    while (lo < hi) { size_t mid = (lo + hi) / 2; if (m[mid].t < t) lo = mid + 1; else hi = mid; }
    return lo;
}

/* Everything at or after now is faded, as the subtitle says ("faded = ahead of now"): a picture at T
 * shows the events before T. Marks, labels and caption boxes alike (a clip's frame at 79.98 s drew
 * 3.7's "wake CPU 0" at 80.0 s and both sides' next caption at full strength beside 3.6's faded
 * stall). The GP bars fade their own part after now. */
static bool ahead(const ui_view *v, int64_t t) { return t >= v->now; }
/* A mark at now itself is ahead too, but for the user's own changes: an injection made while paused at
 * now is applied at once (eleven B presses were drawn faded beside the tiles that showed them). */
static bool mark_ahead(const ui_view *v, int64_t t) { return t > v->now || (t == v->now && !(v->changed_at >= 0 && v->changed_at <= t)); }
static rd_color mark_col(const ui_view *v, int64_t t, rd_color c) { return mark_ahead(v, t) ? rd_alpha(c, (uint8_t)(c.a * 70 / 255)) : c; }
/* Faded scales the colour's own alpha: a caption box's fill is already translucent (40), and setting
 * it to 70 drew the captions to come darker than the one shown now. */
static rd_color ahead_col(const ui_view *v, int64_t t, rd_color c) { return ahead(v, t) ? rd_alpha(c, (uint8_t)(c.a * 70 / 255)) : c; }

/* One caption's box in the lane from at to nx (x0..x1 on screen), its reminder text inside; the part
 * after now faded (cover: a triggered caption covers a timed one it replaces, as the strip does). */
/* Where a caption box from x0 to x1 writes its text (see caption_box()). */
static void caption_text_span(rd_ctx *rd, const ui_view *v, rd_rect plot, int x0, int x1, int64_t at, int64_t t0, int64_t span, int *tx0,
                              int *tx1)
{
    int xn = xof(plot, v->now, t0, span);
    *tx0 = x0 + 3;
    *tx1 = x1 - 3;
    if (!ahead(v, at) && xn > x0 && xn < x1) {
        if (xn - x0 >= x1 - xn) *tx1 = xn - rd_px(rd, 4);
        else *tx0 = xn + rd_px(rd, 4);
    }
}

/* The text's span kept clear of [c0, c1), a later box (a triggered caption) drawn over this one: the
 * longer side of it. A compare picture read "ır busy…": "Four busy" under the box of the caption CPU 3's
 * hotplug triggered. */
static void text_span_avoid(int c0, int c1, int *tx0, int *tx1)
{
    if (c1 <= c0 || c1 <= *tx0 || c0 >= *tx1) return;
    int left = c0 - 3 - *tx0, right = *tx1 - (c1 + 3);
    if (left >= right) *tx1 = c0 - 3;
    else *tx0 = c1 + 3;
}

/* The first box after box k in the lane that is drawn over it (a triggered caption), on screen; c0 = c1
 * when none. */
static void lane_cover(const ui_view *v, const ui_history *h, rd_rect plot, size_t k, int x0, int x1, int64_t t0, int64_t span,
                       int *c0, int *c1);

static void caption_box(ui_frame *fr, const ui_view *v, rd_rect plot, int y, int lane_h, int x0, int x1, int64_t at,
                        int64_t t0, int64_t span, const char *text, bool cover, int c0, int c1)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    if (cover) rd_fill(rd, (rd_rect){x0, y + 1, x1 - x0, lane_h - 2}, th->panel);
    rd_fill(rd, (rd_rect){x0, y + 2, x1 - x0, lane_h - 4}, ahead_col(v, at, rd_alpha(th->caption_bg, 40)));
    rd_line(rd, x0, y + 2, x0, y + lane_h - 2, ahead_col(v, at, th->heading));
    int xn = xof(plot, v->now, t0, span);
    bool shown = !ahead(v, at);
    if (shown && xn < x1) /* a caption shown now: its stretch to come lighter, as a GP bar's */
        rd_fill(rd, (rd_rect){xn, y + 2, x1 - xn, lane_h - 4}, rd_alpha(th->panel, 150));
    /* The lane holds a reminder; the caption itself shows whole in the caption strip. Its text never
     * runs across the now line: big-machine's "...the F|QS snapshot pass" had the line through the F,
     * half the glyph at full strength and half faded. A caption shown now is on screen as a whole, so
     * its text stays at full strength, in the longer of its stretch seen and its stretch to come; one
     * not shown yet lies wholly ahead of now, faded. */
    int tx0, tx1;
    caption_text_span(rd, v, plot, x0, x1, at, t0, span, &tx0, &tx1);
    text_span_avoid(c0, c1, &tx0, &tx1);
    if (tx1 - tx0 <= rd_px(rd, 18)) return;
    rd_set_preview(rd, true); /* a reminder: the text fit of a picture of the panel alone does not count it */
    /* a lane of several lines (a picture of the timeline alone) wraps the caption at its spaces: a box a
     * word or two wide read "call_r / cu() traffi / c.", and one narrower than a word shows none of it */
    if (lane_h - rd_px(rd, 6) >= 2 * lh) {
        int n = panel_words_lines(rd, RD_SANS_SMALL, tx1 - tx0, text), fit = (lane_h - rd_px(rd, 6)) / lh;
        int h = (n < fit ? n : fit) * lh;
        panel_wrap_words(fr, RD_SANS_SMALL, (rd_rect){tx0, y + (lane_h - h) / 2, tx1 - tx0, h > 0 ? h : lh}, ahead_col(v, at, th->text),
                         text);
    } else {
        panel_text_fit(fr, RD_SANS_SMALL, tx0, y + (lane_h - lh) / 2, tx1 - tx0, ahead_col(v, at, th->text), text);
    }
    rd_set_preview(rd, false);
}

/*
 * The events lane. Every mark (a stall warning's line, an injection's or a hotplug event's tick) is
 * something no label may cover, and so is the now line unless nothing else fits: a label goes beside
 * its own mark, right of it or else left of it, clear of the marks and of the labels placed before it
 * (the order of the attempts is in ev_label_one()). Stall warnings are placed
 * first (they matter most), then the rest in time order. A label with no room beside its mark, on
 * either side and even across the now line, joins the label of the nearest mark within its reach,
 * one label for both in time order, each part after its mark's time ("80.000 s wake CPU 0
 * 80.008 s ! stall rcu_sched CPU 0"): omap-stall's wake-up, 8 ms before 3.6's stall warning, once near
 * the window's left edge had no room left of its tick, the stall's label right of it, and went
 * unlabelled while 3.7's wake-up, with no stall beside it, was labelled. The times are what ties each
 * part to its mark: untimed, a shared label left of both marks ended "! stall rcu_sched CPU 0" right
 * against the wake-up's tick, and read as naming it. Marks at one instant share a label without
 * times. A stall label with no room anywhere is drawn over ticks all the same (they keep their hover
 * tips), never over another stall's label.
 *
 * A lane several lines tall (a picture of the timeline alone) holds labels in rows, one above the
 * other: a label with no room beside its mark in one row goes beside it in the next, and none is
 * shared. Shared in one row, the larger text of such a picture spread omap-stall's labels over most of
 * a 90 s window: "80 s wake CPU 0  ! stall rcu_sched CPU 0" began at 5 s, and "call_rcu_burst CPU 0
 * call_rcu_burst CPU 1  idle" ran from 5 to 75 s for marks at 4.5 and 5 s. A label with no room in
 * any row is left out (its hover tip still names it), which the text fit of such a picture counts.
 */
enum { EV_ITEMS = 160, EV_GROUP = 6, EV_ROWS = 4 };
enum { LANE_PX = 30 }; /* a lane's height before lanes_share() gives out what the panel has left */
typedef struct ev_item {
    int64_t t;
    int x, w;        /* the mark's x, its label's width */
    bool stall;
    int group;       /* the label (ev_group) that names it, -1: none */
    char lab[64];    /* the label drawn: its full form, or the short one when only that fits beside the mark */
    char full[64], brief[64]; /* a stall's full and short forms ("! stall CPU 0"; "": none) */
    char tm[32];     /* its time, for a label it shares with a mark elsewhere ("80.008 s "), and its width */
    int tw;
    char base[64];   /* a tick's label before counting ("call_rcu_burst CPU 1") */
    int count;       /* ticks drawn on one spot with that label, named once ("11× call_rcu_burst CPU 1") */
} ev_item;
typedef struct ev_group {
    int n, it[EV_GROUP]; /* items in time order */
    int lx, w;
    bool forced;         /* a stall label drawn over ticks for want of room */
    bool timed;          /* its marks are apart: each part says its mark's time */
    bool lead;           /* its marks are at one spot, the label left of it: their time once, first */
    int row;             /* its row in the lane, 0 the top one */
} ev_group;
typedef struct ev_layout {
    rd_ctx *rd;
    ev_item item[EV_ITEMS];
    int nitem;                    /* marks in view past EV_ITEMS are drawn, not labelled */
    ev_group grp[EV_ITEMS];
    int ngrp;
    int obst[EV_ITEMS + 1][2];    /* the marks and the now line: [from, to) */
    int nobst;
    int now_obst;                 /* the now line's index in obst (-1: not in view) */
    bool across_now;              /* a last resort: a label may run across the now line */
    int rows;                     /* rows of labels the lane holds (1 but in a tall lane) */
    int lo, hi, gap, sep, pad;
    int64_t tstep;                /* the precision of the times in shared labels (a tenth of the axis step) */
} ev_layout;

static int ev_obstacle(ev_layout *L, int a, int b)
{
    if (L->nobst == EV_ITEMS + 1) return -1;
    L->obst[L->nobst][0] = a;
    L->obst[L->nobst][1] = b;
    return L->nobst++;
}

static void ev_add(ev_layout *L, int64_t t, int x, bool stall, const char *lab, const char *brief)
{
    ev_obstacle(L, x - rd_px(L->rd, 2), x + rd_px(L->rd, 3));
    /* The same tick again on the same spot (B pressed eleven times while paused) is counted in one
     * label: each had its own, and the six a shared label holds read "call_rcu_burst CPU 1" six times
     * across 150 ms of the lane, as if six bursts had come one after another. */
    for (int k = 0; !stall && k < L->nitem; k++) {
        ev_item *o = &L->item[k];
        if (o->stall || abs(o->x - x) > rd_px(L->rd, 2) || strcmp(o->base, lab)) continue;
        o->count++;
        char counted[sizeof o->lab];
        snprintf(counted, sizeof counted, "%d%s\u00D7 %.40s", o->count > 99999 ? 99999 : o->count, o->count > 99999 ? "+" : "", o->base);
        memcpy(o->lab, counted, sizeof o->lab);
        memcpy(o->full, counted, sizeof o->full);
        o->w = rd_text_width(L->rd, RD_SANS_SMALL, o->lab);
        return;
    }
    if (L->nitem == EV_ITEMS) return;
    ev_item *it = &L->item[L->nitem++];
    it->t = t;
    it->x = x;
    it->stall = stall;
    it->group = -1;
    it->count = 1;
    snprintf(it->base, sizeof it->base, "%s", lab);
    snprintf(it->lab, sizeof it->lab, "%s", lab);
    snprintf(it->full, sizeof it->full, "%s", lab);
    snprintf(it->brief, sizeof it->brief, "%s", brief ? brief : "");
    it->w = rd_text_width(L->rd, stall ? RD_BOLD : RD_SANS_SMALL, lab);
    fmt_axis(it->tm, sizeof it->tm - 1, t, L->tstep);
    strcat(it->tm, " ");
    it->tw = rd_text_width(L->rd, RD_SANS_SMALL, it->tm);
}

/* Two marks apart whose times read the same at the lane's precision get microseconds, all of them. */
static void ev_times_apart(ev_layout *L)
{
    bool same = false;
    for (int a = 0; a < L->nitem && !same; a++)
        for (int b = a + 1; b < L->nitem && !same; b++)
            same = L->item[a].x != L->item[b].x && !strcmp(L->item[a].tm, L->item[b].tm);
    for (int a = 0; same && a < L->nitem; a++) {
        ev_item *it = &L->item[a];
        fmt_axis(it->tm, sizeof it->tm - 1, it->t, 1);
        strcat(it->tm, " ");
        it->tw = rd_text_width(L->rd, RD_SANS_SMALL, it->tm);
    }
}

/* A stall's label without its flavor ("! stall CPU 0"): beside its own mark when the full one has no
 * room there (the hover tip and the kernel log name the flavor). */
static void stall_brief(char *lab, size_t n, const ui_mark *m)
{
    if (m->task > 0) snprintf(lab, n, "! stall P%d", m->task);
    else if (m->cpu >= 0) snprintf(lab, n, "! stall CPU %d", m->cpu);
    else snprintf(lab, n, "! stall");
}

/* A stall's label: who holds the GP up, as the warning names it (a preempted reader's task, else a CPU). */
static void stall_label(char *lab, size_t n, const ui_mark *m)
{
    if (m->task > 0) snprintf(lab, n, "! stall %s task P%d", rv_flavor_name(m->flavor), m->task);
    else if (m->cpu >= 0) snprintf(lab, n, "! stall %s CPU %d", rv_flavor_name(m->flavor), m->cpu);
    else snprintf(lab, n, "! stall %s", rv_flavor_name(m->flavor));
}

/* An injection's or a hotplug event's label (pass 0 injections, 1 hotplug). */
static void tick_label(char *lab, size_t n, const ui_mark *m, int pass)
{
    if (pass) snprintf(lab, n, "CPU %d %s", m->cpu, m->arg ? "online" : "offline");
    else if (m->cpu >= 0) snprintf(lab, n, "%s CPU %d", rv_inject_kind_name((enum rv_inject_kind)m->arg), m->cpu);
    else snprintf(lab, n, "%s", rv_inject_kind_name((enum rv_inject_kind)m->arg));
}

/* A scripted or injected offline / online is also a hotplug event at the same instant (the engine logs
 * both): one tick and one label for it, the hotplug's (offline-mid-gp's lane said "offline CPU 2  CPU 2
 * offline", rcutorture's "online CPU 6  CPU 6 online"). */
static bool inject_is_hotplug(const ui_history *h, const ui_mark *m)
{
    if (m->arg != RV_INJ_OFFLINE && m->arg != RV_INJ_ONLINE) return false;
    for (size_t i = first_mark(h->hotplug.v, h->hotplug.n, m->t); i < h->hotplug.n && h->hotplug.v[i].t == m->t; i++)
        if (h->hotplug.v[i].cpu == m->cpu && (h->hotplug.v[i].arg != 0) == (m->arg == RV_INJ_ONLINE)) return true;
    return false;
}

/* The marks in [t0, t1]: stalls first, then injections and hotplug events, each series in time order. */
static void ev_collect(ev_layout *L, rd_ctx *rd, const ui_history *h, rd_rect plot, int64_t t0, int64_t t1, int64_t span,
                       int64_t tstep)
{
    memset(L, 0, sizeof *L);
    L->rd = rd;
    L->tstep = tstep;
    L->now_obst = -1;
    L->rows = 1;
    L->lo = plot.x;
    L->hi = plot.x + plot.w;
    L->gap = rd_px(rd, 5);
    L->sep = rd_px(rd, 10);
    L->pad = rd_px(rd, 4);
    char lab[64], brief[64];
    for (size_t i = first_mark(h->stalls.v, h->stalls.n, t0); i < h->stalls.n && h->stalls.v[i].t <= t1; i++) {
        stall_label(lab, sizeof lab, &h->stalls.v[i]);
        stall_brief(brief, sizeof brief, &h->stalls.v[i]);
        ev_add(L, h->stalls.v[i].t, xof(plot, h->stalls.v[i].t, t0, span), true, lab, brief);
    }
    for (int pass = 0; pass < 2; pass++) {
        const ui_mark *mv = pass ? h->hotplug.v : h->injects.v;
        size_t mn = pass ? h->hotplug.n : h->injects.n;
        for (size_t i = first_mark(mv, mn, t0); i < mn && mv[i].t <= t1; i++) {
            if (!pass && inject_is_hotplug(h, &mv[i])) continue;
            tick_label(lab, sizeof lab, &mv[i], pass);
            ev_add(L, mv[i].t, xof(plot, mv[i].t, t0, span), false, lab, NULL);
        }
    }
    ev_times_apart(L);
}

static bool ev_group_has_stall(const ev_layout *L, const ev_group *g)
{
    for (int k = 0; k < g->n; k++)
        if (L->item[g->it[k]].stall) return true;
    return false;
}

/* Whether [at, at + w) is free in row `row`: inside the lane, clear of the marks, the now line
 * (unless across_now) and the row's labels placed (with their margin) but group `skip`'s, the one
 * being placed again. stalls_only: only other stalls' labels count (a stall label drawn over ticks for
 * want of room). Marks and the now line run through every row. */
static bool ev_free(const ev_layout *L, int at, int w, int skip, bool stalls_only, int row)
{
    if (at < L->lo || at + w > L->hi) return false;
    for (int k = 0; !stalls_only && k < L->nobst; k++)
        if ((k != L->now_obst || !L->across_now) && at < L->obst[k][1] && at + w > L->obst[k][0]) return false;
    for (int g = 0; g < L->ngrp; g++) {
        const ev_group *gr = &L->grp[g];
        if (g == skip || gr->n == 0 || gr->row != row || (stalls_only && !ev_group_has_stall(L, gr))) continue;
        if (at < gr->lx + gr->w + L->pad && at + w > gr->lx - L->pad) return false;
    }
    return true;
}

/* Where a label of width w for the marks from xs to xe goes on one side of them, right beside them; INT_MIN when a mark, the now line or a label is in the way. It never steps past
 * another mark: a label beyond one reads as that mark's (offline-mid-gp's burst got "▌▌call_rcu_burst",
 * its offline tick's label went left of both); the two share a label instead (ev_share), or, in a lane
 * of rows, each goes in a row of its own beside both (ev_cluster). */
static int ev_place(const ev_layout *L, int xs, int xe, int w, int skip, bool right, int row)
{
    int at = right ? xe + L->gap : xs - L->gap - w;
    return ev_free(L, at, w, skip, false, row) ? at : INT_MIN;
}

/* Time order; at one instant, the engine's order (omap-stall's bursts at 4.5 s: CPU 0's, then CPU 1's). */
static bool ev_before(const ev_layout *L, int a, int b) { return L->item[a].t < L->item[b].t || (L->item[a].t == L->item[b].t && a < b); }

/* The width of a label naming items it[0..n), where their marks run from and to, and whether the
 * marks are apart (*timed: each part then says its mark's time). */
static int ev_span(const ev_layout *L, const int *it, int n, int *xs, int *xe, bool *timed)
{
    int w = 0;
    *xs = INT_MAX;
    *xe = INT_MIN;
    for (int k = 0; k < n; k++) {
        const ev_item *e = &L->item[it[k]];
        if (e->x < *xs) *xs = e->x;
        if (e->x > *xe) *xe = e->x;
    }
    *timed = *xe - *xs > rd_px(L->rd, 2);
    for (int k = 0; k < n; k++) {
        const ev_item *e = &L->item[it[k]];
        w += e->w + (*timed ? e->tw : 0) + (k ? L->sep : 0);
    }
    return w;
}

/* In a lane of rows, marks a few pixels apart are one spot that each of their labels goes beside, in a
 * row of its own: omap-stall's bursts at 4.5 s had no room between their tick and the idle event's 0.5 s
 * (8 px) later, nor left of it by the window's edge, and went unlabelled. [*xs, *xe] grows to the marks
 * within that reach of it. */
static void ev_cluster(const ev_layout *L, int *xs, int *xe)
{
    int near = rd_px(L->rd, 10);
    for (bool grew = true; grew;) {
        grew = false;
        for (int k = 0; k < L->nitem; k++) {
            int x = L->item[k].x;
            if (x >= *xs - near && x < *xs) { *xs = x; grew = true; }
            if (x <= *xe + near && x > *xe) { *xe = x; grew = true; }
        }
    }
}

/* Label group g as items it[0..n) (any order: kept in time order) right of their marks or left of
 * them, in row `row`, if there is room; false leaves g as it was. */
static bool ev_try(ev_layout *L, int g, const int *it, int n, bool right, int row)
{
    int s[EV_GROUP], xs, xe;
    memcpy(s, it, (size_t)n * sizeof *s);
    for (int a = 1; a < n; a++) /* insertion sort: a handful of items */
        for (int b = a; b > 0 && ev_before(L, s[b], s[b - 1]); b--) { int tmp = s[b]; s[b] = s[b - 1]; s[b - 1] = tmp; }
    bool timed;
    int w = ev_span(L, s, n, &xs, &xe, &timed);
    if (L->rows > 1) ev_cluster(L, &xs, &xe);
    /* marks at one spot, labelled left of it: the label says their time once, first ("80 s wake CPU 0
     * ! stall rcu_sched CPU 0"). Its far end lies a label's length from the spot: on omap-stall's 90 s
     * timeline "wake CPU 0" read as a wake-up at 66 s (a lecturer), and with the stall's words put
     * first instead, the stall read as one at ~50 s (a student) */
    bool lead = !timed && n > 1 && !right;
    if (lead) w += L->item[s[0]].tw;
    int at = ev_place(L, xs, xe, w, g, right, row);
    if (at == INT_MIN) return false;
    ev_group *gr = &L->grp[g];
    memcpy(gr->it, s, (size_t)n * sizeof *s);
    gr->n = n;
    gr->lx = at;
    gr->w = w;
    gr->forced = false;
    gr->timed = timed;
    gr->lead = lead;
    gr->row = row;
    for (int k = 0; k < n; k++) L->item[s[k]].group = g;
    return true;
}

/* Item i shares the label of item j (which may have none yet), right of their marks or else left of
 * them; g is i's own fresh group, used when j has no label. Only in a lane of one row: the part of a
 * shared label after the first lies a label's length from its mark. */
static bool ev_share(ev_layout *L, int i, int j, int g)
{
    int gj = L->item[j].group, set[EV_GROUP], n = 0;
    if (L->rows > 1 || (gj >= 0 && L->grp[gj].n == EV_GROUP)) return false;
    if (gj >= 0) {
        memcpy(set, L->grp[gj].it, (size_t)L->grp[gj].n * sizeof *set);
        n = L->grp[gj].n;
    } else {
        set[n++] = j;
    }
    set[n++] = i;
    for (int side = 0; side < 2; side++)
        if (ev_try(L, gj >= 0 ? gj : g, set, n, side == 0, 0)) return true;
    return false;
}

/* Item e labelled in its short form (brief) or its full one; false: it has no short form. */
static bool ev_use_form(const ev_layout *L, ev_item *e, bool brief)
{
    if (brief && !e->brief[0]) return false;
    const char *src = brief ? e->brief : e->full; /* both as long as lab, and NUL-terminated */
    memcpy(e->lab, src, strlen(src) + 1);
    e->w = rd_text_width(L->rd, e->stall ? RD_BOLD : RD_SANS_SMALL, e->lab);
    return true;
}

static void ev_label_one(ev_layout *L, int i)
{
    ev_item *e = &L->item[i];
    if (e->group >= 0) return; /* named in another's label already */
    int g = L->ngrp++;
    L->grp[g].n = 0;
    /* the nearest other mark within reach of its label, to share a label with when its own has no room */
    int j = -1;
    for (int k = 0; k < L->nitem; k++) {
        int d = abs(L->item[k].x - e->x);
        if (k != i && d <= e->w + 3 * L->gap && (j < 0 || d < abs(L->item[j].x - e->x))) j = k;
    }
    bool same = j >= 0 && abs(L->item[j].x - e->x) <= rd_px(L->rd, 2);
    /* Its own label right of its mark; one shared with a mark at the same instant (omap-stall's two
     * bursts at 4.5 s read "call_rcu_burst CPU 0  call_rcu_burst CPU 1"); its own left of its mark:
     * clear of the now line first, only then across it (a label is of one strength, so the line does
     * not split it into faded and not, though it hides a sliver). Only then one shared with the nearest
     * mark elsewhere, its parts timed: 3.6's stall 12 ms before now at 80.02 s joined the wake-up's
     * label rather than run across the line, and a label beside its own mark reads at a glance. */
    for (int form = 0; form < 2 && e->group < 0; form++) {
        /* a stall's short form beside its own mark comes before a label shared with another mark */
        if (form == 1 && !ev_use_form(L, e, true)) break;
        for (int across = 0; across < 2 && e->group < 0; across++) {
            L->across_now = across;
            for (int row = 0; row < L->rows && e->group < 0; row++)
                (void)(ev_try(L, g, &i, 1, true, row) || (same && ev_share(L, i, j, g)) || ev_try(L, g, &i, 1, false, row));
            L->across_now = false;
        }
    }
    if (e->group < 0) ev_use_form(L, e, false); /* a shared label names it in full */
    for (int across = 0; across < 2 && e->group < 0 && j >= 0; across++) {
        L->across_now = across;
        (void)ev_share(L, i, j, g);
        L->across_now = false;
    }
    if (e->group >= 0) {
        if (L->grp[g].n == 0) L->ngrp--; /* it joined another's label: its own, the last, stays unused */
        return;
    }
    if (e->stall) { /* a stall is labelled all the same, over ticks if need be, never over another stall's label */
        int at = e->x + L->gap;
        if (at + e->w > L->hi) at = e->x - L->gap - e->w;
        for (int row = 0; row < L->rows; row++)
            if (ev_free(L, at, e->w, g, true, row)) {
                L->grp[g] = (ev_group){.n = 1, .it = {i}, .lx = at, .w = e->w, .forced = true, .row = row};
                e->group = g;
                return;
            }
    }
    L->ngrp--; /* unlabelled: its hover tip still names it */
}

static void ev_layout_labels(ev_layout *L)
{
    for (int pass = 0; pass < 2; pass++) {
        int order[EV_ITEMS], n = 0;
        for (int i = 0; i < L->nitem; i++)
            if (L->item[i].stall == (pass == 0)) order[n++] = i;
        for (int a = 1; a < n; a++) /* the two tick series interleave */
            for (int b = a; b > 0 && ev_before(L, order[b], order[b - 1]); b--) { int tmp = order[b]; order[b] = order[b - 1]; order[b - 1] = tmp; }
        for (int k = 0; k < n; k++) ev_label_one(L, order[k]);
    }
}

/* The band of row `row` of labels in an events lane at y, lane_h tall: the rows as one block in its
 * middle; one row is the whole lane (its text in the middle). */
static rd_rect ev_row_band(const ev_layout *L, int y, int lane_h, int lh, int row)
{
    if (L->rows <= 1) return (rd_rect){0, y, 0, lane_h};
    int block = L->rows * lh + (L->rows - 1) * L->pad;
    return (rd_rect){0, y + (lane_h - block) / 2 + row * (lh + L->pad), 0, lh};
}

/* How many rows of labels a lane lane_h tall holds: one in the window, whose lanes are LANE_PX tall
 * and grow by half at most (lanes_share()), else as many as fit, up to EV_ROWS. */
static int ev_rows_in(rd_ctx *rd, int lane_h, int lh)
{
    if (lane_h <= rd_px(rd, LANE_PX * 3 / 2)) return 1;
    int n = (lane_h - rd_px(rd, 6) + rd_px(rd, 4)) / (lh + rd_px(rd, 4));
    return n < 1 ? 1 : n > EV_ROWS ? EV_ROWS : n;
}

/* The events lane as laid out: stall lines through every lane, ticks, then the labels. */
static void ev_draw(ui_frame *fr, const ui_view *v, const ui_history *h, const ev_layout *L, rd_rect plot, int y, int lane_h, int64_t t0,
                    int64_t t1, int64_t span)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    for (size_t i = first_mark(h->stalls.v, h->stalls.n, t0); i < h->stalls.n && h->stalls.v[i].t <= t1; i++) {
        int x = xof(plot, h->stalls.v[i].t, t0, span);
        /* one the look-ahead knows but now has not reached is faded, as the panel's subtitle says
         * ("faded = ahead of now"): a clip's frame before omap-stall's warning drew it as printed */
        rd_color scol = ahead_col(v, h->stalls.v[i].t, th->stall);
        rd_fill(rd, (rd_rect){x - 1, plot.y, rd_px(rd, 3), y + lane_h - plot.y}, scol);
        rd_triangle(rd, x, plot.y, rd_px(rd, 12), true, scol);
        panel_term(fr, (rd_rect){x - rd_px(rd, 6), plot.y, rd_px(rd, 12), y + lane_h - plot.y}, "stall");
    }
    for (int pass = 0; pass < 2; pass++) {
        const ui_mark *mv = pass ? h->hotplug.v : h->injects.v;
        size_t mn = pass ? h->hotplug.n : h->injects.n;
        for (size_t i = first_mark(mv, mn, t0); i < mn && mv[i].t <= t1; i++) {
            const ui_mark *m = &mv[i];
            if (!pass && inject_is_hotplug(h, m)) continue;
            int x = xof(plot, m->t, t0, span);
            char lab[64];
            tick_label(lab, sizeof lab, m, pass);
            ui_tip_add(fr, (rd_rect){x - rd_px(rd, 4), y, rd_px(rd, 8), lane_h}, lab);
            bool under = false; /* a stall label drawn here for want of room: the tick would cut its text */
            for (int g = 0; g < L->ngrp && !under; g++)
                under = L->grp[g].n && L->grp[g].forced && x + rd_px(rd, 3) > L->grp[g].lx && x - rd_px(rd, 2) < L->grp[g].lx + L->grp[g].w;
            if (under) continue;
            if (pass) {
                rd_rect tk = {x - rd_px(rd, 2), y + rd_px(rd, 3), rd_px(rd, 5), lane_h - rd_px(rd, 6)};
                rd_fill(rd, tk, mark_col(v, m->t, m->arg ? th->passed : th->offline));
                if (!m->arg) rd_hatch(rd, tk, mark_col(v, m->t, rd_rgb(0xFFFFFF)), rd_px(rd, 3));
            } else {
                rd_fill(rd, (rd_rect){x - rd_px(rd, 2), y + rd_px(rd, 3), rd_px(rd, 4), lane_h - rd_px(rd, 6)}, mark_col(v, m->t, th->heading));
            }
        }
    }
    for (int g = 0; g < L->ngrp; g++) {
        int x = L->grp[g].lx;
        rd_rect band = ev_row_band(L, y, lane_h, lh, L->grp[g].row);
        int ly = band.y + (band.h - lh) / 2;
        if (L->grp[g].lead) {
            const ev_item *e0 = &L->item[L->grp[g].it[0]];
            rd_text(rd, RD_SANS_SMALL, x, ly, mark_col(v, e0->t, th->text_dim), e0->tm);
            x += e0->tw;
        }
        for (int k = 0; k < L->grp[g].n; k++) {
            const ev_item *e = &L->item[L->grp[g].it[k]];
            if (L->grp[g].timed) {
                rd_text(rd, RD_SANS_SMALL, x, ly, mark_col(v, e->t, th->text_dim), e->tm);
                x += e->tw;
            }
            rd_text(rd, e->stall ? RD_BOLD : RD_SANS_SMALL, x, ly, mark_col(v, e->t, e->stall ? th->stall_text : th->text), e->lab);
            if (e->stall) panel_explain(fr, (rd_rect){x, band.y, e->w, band.h}, e->full); /* P<pid>: what a task in a warning is */
            if (strcmp(e->lab, e->full)) ui_tip_add(fr, (rd_rect){x, band.y, e->w, band.h}, e->full); /* the short form's flavor */
            x += e->w + L->sep;
        }
    }
}

/* Where the captions lane ends timed caption i: its until_s; else the next timed caption of this
 * side's configuration (the next one in the file may be another mode's: omap-stall's 3.7 caption at
 * 80 s is followed by 3.6's triggered stall caption, whose at_s is 0), or a caption this run showed
 * after it, whichever comes first. The strip gives way to such a caption for good
 * (rv_caption_until_ns()), so the lane must not go on showing this one after it. */
int64_t panel_caption_lane_end(const ui_view *v, const ui_history *h, size_t i)
{
    const rv_caption *cp = &v->cfg->captions[i];
    int64_t at = (int64_t)(cp->at_s * 1e9);
    if (cp->until_s > cp->at_s) return (int64_t)(cp->until_s * 1e9);
    int64_t nx = v->end;
    for (size_t k = 0; k < v->cfg->ncaptions; k++) {
        const rv_caption *o = &v->cfg->captions[k];
        int64_t ot = (int64_t)(o->at_s * 1e9);
        if (k != i && o->on.event == RV_TRIG_TIME && ot > at && ot < nx && rv_when_holds(&o->when, v->cfg)) nx = ot;
    }
    for (size_t k = 0; h && k < h->captions.n; k++) {
        int64_t t = h->captions.v[k].t;
        size_t o = (size_t)h->captions.v[k].n;
        if (o != i && (t > at || (t == at && o > i)) && t < nx) nx = t;
    }
    return nx;
}

/* The captions lane's boxes: k < ncaptions the timed captions of this side's configuration, then, one
 * per entry of the history's captions, the triggered ones where this run showed them (the history has
 * every caption the engine logged, ahead of now too once simulated), until their duration or the next
 * caption; drawn in that order, so a triggered caption covers a timed one it replaces, as the strip
 * does. False: no box k (another configuration's caption, a timed caption's history entry, one after
 * the user's own change). */
static size_t lane_boxes(const ui_view *v, const ui_history *h) { return v->cfg->ncaptions + h->captions.n; }

static bool lane_box(const ui_view *v, const ui_history *h, size_t k, int64_t *at, int64_t *nx, size_t *ci)
{
    size_t nc = v->cfg->ncaptions;
    if (k < nc) {
        const rv_caption *cp = &v->cfg->captions[k];
        if (cp->on.event != RV_TRIG_TIME || !rv_when_holds(&cp->when, v->cfg)) return false;
        *at = (int64_t)(cp->at_s * 1e9);
        if (*at >= v->end) return false; /* due at or after the run's end: never shown (view.c) */
        *nx = panel_caption_lane_end(v, h, k);
        *ci = k;
    } else {
        size_t j = k - nc, i = (size_t)h->captions.v[j].n;
        if (i >= nc || v->cfg->captions[i].on.event == RV_TRIG_TIME) return false;
        const rv_caption *cp = &v->cfg->captions[i];
        *at = h->captions.v[j].t;
        *nx = j + 1 < h->captions.n ? h->captions.v[j + 1].t : v->end;
        if (cp->show_s > 0 && *at + (int64_t)(cp->show_s * 1e9) < *nx) *nx = *at + (int64_t)(cp->show_s * 1e9);
        *ci = i;
    }
    if (v->changed_at < 0) return true;
    /* the strip pauses from the user's own change on (view.c), a caption already up included: the
     * box ends there, and none starts after */
    if (*nx > v->changed_at) *nx = v->changed_at;
    return *at < v->changed_at;
}

/* The caption the lane shows at now (the latest to begin, as a triggered one covers a timed one):
 * where its box begins, and where the box before it ended (-1: none). False: no caption now. */
static void lane_cover(const ui_view *v, const ui_history *h, rd_rect plot, size_t k, int x0, int x1, int64_t t0, int64_t span,
                       int *c0, int *c1)
{
    *c0 = *c1 = 0;
    for (size_t j = k + 1; j < lane_boxes(v, h); j++) {
        int64_t at, nx;
        size_t i;
        if (j < v->cfg->ncaptions || !lane_box(v, h, j, &at, &nx, &i)) continue; /* only a triggered caption covers */
        int a = xof(plot, at, t0, span), b = xof(plot, nx, t0, span);
        if (a < x0) a = x0;
        if (b > x1) b = x1;
        if (b <= a) continue;
        *c0 = a, *c1 = b;
        return;
    }
}

static bool caption_now(const ui_view *v, const ui_history *h, int64_t *from, int64_t *prev_end)
{
    int64_t at, nx;
    size_t i;
    *from = -1;
    *prev_end = -1;
    for (size_t k = 0; k < lane_boxes(v, h); k++)
        if (lane_box(v, h, k, &at, &nx, &i) && !ahead(v, at) && v->now < nx && at >= *from) *from = at;
    for (size_t k = 0; *from >= 0 && k < lane_boxes(v, h); k++)
        if (lane_box(v, h, k, &at, &nx, &i) && nx <= *from && nx > *prev_end) *prev_end = nx;
    return *from >= 0;
}

/*
 * What the caption shown now speaks of may lie left of the window: omap-stall's "An interrupt woke
 * CPU 0 ... stall warning" stays up for 10 s, but at 1/100x the window holds 190 ms before now, and
 * from 80.2 s on neither the wake-up nor the warning was on the timeline (the log still showed the
 * warning, so the picture could not tie the two). The events lane names, at its left edge, the
 * newest events (up to three) from the end of the caption before it up to the window's edge, each
 * with its time: "◀ 80.000 s wake CPU 0 · 80.008 s ! stall rcu_sched CPU 0". It takes the room left
 * of the first mark or label in view, dropping the older events first ("2 earlier · ..."); its hover
 * tip names the three and counts the rest.
 */
enum { PRIOR_MAX = 3 };
typedef struct prior_ev { int64_t t; bool stall; char lab[64]; } prior_ev;

/* Keep the event at t among the newest PRIOR_MAX in p[0..*kept) (time order), counting every one in *n. */
static void prior_keep(prior_ev *p, int *kept, int *n, int64_t t, bool stall, const char *lab)
{
    (*n)++;
    int at = *kept;
    while (at > 0 && p[at - 1].t > t) at--;
    if (*kept == PRIOR_MAX) {
        if (at == 0) return; /* older than all kept */
        memmove(p, p + 1, (size_t)(at - 1) * sizeof *p);
        at--;
    } else {
        memmove(p + at + 1, p + at, (size_t)(*kept - at) * sizeof *p);
        (*kept)++;
    }
    p[at] = (prior_ev){.t = t, .stall = stall};
    snprintf(p[at].lab, sizeof p[at].lab, "%s", lab);
}

static void prior_chip(ui_frame *fr, const ui_history *h, const ev_layout *L, rd_rect plot, int y, int lane_h, int64_t lo, int64_t t0,
                       int64_t step)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    prior_ev p[PRIOR_MAX];
    int kept = 0, n = 0;
    char lab[64], tip[1024], tm[32];
    for (size_t i = first_mark(h->stalls.v, h->stalls.n, lo); i < h->stalls.n && h->stalls.v[i].t < t0; i++) {
        stall_label(lab, sizeof lab, &h->stalls.v[i]);
        prior_keep(p, &kept, &n, h->stalls.v[i].t, true, lab);
    }
    for (int pass = 0; pass < 2; pass++) {
        const ui_mark *mv = pass ? h->hotplug.v : h->injects.v;
        size_t mn = pass ? h->hotplug.n : h->injects.n;
        for (size_t i = first_mark(mv, mn, lo); i < mn && mv[i].t < t0; i++) {
            if (!pass && inject_is_hotplug(h, &mv[i])) continue;
            tick_label(lab, sizeof lab, &mv[i], pass);
            prior_keep(p, &kept, &n, mv[i].t, false, lab);
        }
    }
    if (!kept) return;
    /* the room: from the lane's left edge to the first mark, the now line or label in it */
    int x0 = plot.x + rd_px(rd, 2), room_end = plot.x + plot.w;
    for (int k = 0; k < L->nobst; k++)
        if (L->obst[k][0] >= plot.x && L->obst[k][0] < room_end) room_end = L->obst[k][0];
    for (int g = 0; g < L->ngrp; g++)
        if (L->grp[g].n && L->grp[g].row == 0 && L->grp[g].lx - L->pad < room_end) room_end = L->grp[g].lx - L->pad;
    room_end -= L->pad;
    const char *arrow = "\u25C0 ", *dot = " \u00B7 ";
    int wa = rd_text_width(rd, RD_SANS_SMALL, arrow), wd = rd_text_width(rd, RD_SANS_SMALL, dot), wt[PRIOR_MAX], wl[PRIOR_MAX];
    for (int k = 0; k < kept; k++) {
        fmt_axis(tm, sizeof tm, p[k].t, step / 10); /* a digit finer than the axis: 80.000 s and 80.008 s stay apart */
        char buf[48];
        snprintf(buf, sizeof buf, "%s ", tm);
        wt[k] = rd_text_width(rd, RD_SANS_SMALL, buf);
        wl[k] = rd_text_width(rd, RD_SANS_SMALL, p[k].lab);
    }
    int first = 0; /* the oldest shown: drop the older ones until the rest fits */
    char more[32] = "";
    for (; first < kept; first++) {
        int dropped = n - (kept - first), w = wa;
        more[0] = 0;
        if (dropped) snprintf(more, sizeof more, "%d earlier%s", dropped, dot);
        w += rd_text_width(rd, RD_SANS_SMALL, more);
        for (int k = first; k < kept; k++) w += wt[k] + wl[k] + (k > first ? wd : 0);
        if (x0 + w <= room_end) break;
    }
    if (first == kept) return; /* not even the newest: no room, the captions lane's box still says it began before */
    rd_rect band = ev_row_band(L, y, lane_h, rd_line_height(rd, RD_SANS_SMALL), 0); /* the chip is in the top row */
    int ly = band.y + (band.h - rd_line_height(rd, RD_SANS_SMALL)) / 2, x = x0;
    x += rd_text(rd, RD_SANS_SMALL, x, ly, th->text_dim, arrow);
    if (more[0]) x += rd_text(rd, RD_SANS_SMALL, x, ly, th->text_dim, more);
    size_t tl = (size_t)snprintf(tip, sizeof tip, "Before this window, since the caption shown now began:");
    for (int k = first; k < kept; k++) {
        if (k > first) x += rd_text(rd, RD_SANS_SMALL, x, ly, th->text_dim, dot);
        fmt_axis(tm, sizeof tm, p[k].t, step / 10);
        char buf[48];
        snprintf(buf, sizeof buf, "%s ", tm);
        x += rd_text(rd, RD_SANS_SMALL, x, ly, th->text_dim, buf);
        x += rd_text(rd, RD_SANS_SMALL, x, ly, p[k].stall ? th->stall_text : th->text, p[k].lab);
    }
    for (int k = 0; k < kept && tl < sizeof tip; k++) {
        fmt_axis(tm, sizeof tm, p[k].t, step / 10);
        tl += (size_t)snprintf(tip + tl, sizeof tip - tl, "%s %s %s", k ? ";" : "", tm, p[k].lab);
    }
    if (n > kept && tl < sizeof tip) snprintf(tip + tl, sizeof tip - tl, " (and %d earlier)", n - kept);
    ui_tip_add(fr, (rd_rect){x0, y, x - x0, lane_h}, tip);
    panel_explain(fr, (rd_rect){x0, y, x - x0, lane_h}, tip); /* "stall", P<pid> */
}

/* The timeline's legend, most needed first (a short row keeps the first ones): the FQS triangles, a GP
 * kthread's or softirq's first pass (the snapshot, grey) and its later passes (orange), then the bars'
 * two shades, odd and even GP numbers, in the flavor shown. */
static int timeline_legend(const ui_theme *th, const ui_view *v, panel_legend_item *leg)
{
    int f = v->flavor >= 0 && v->flavor < RV_NFLAVORS ? v->flavor : 0;
    int n = 0;
    leg[n++] = (panel_legend_item){SW_FILL, th->text_dim, "\u25B2 first FQS pass (snapshot)", "snapshot pass"};
    leg[n++] = (panel_legend_item){SW_FILL, th->fqs, "\u25B2 later FQS pass", "FQS"};
    leg[n++] = (panel_legend_item){SW_FILL, th->flavor[f], "odd GP", "GP bar blues"};
    leg[n++] = (panel_legend_item){SW_FILL, rd_mix(th->flavor[f], th->panel, 0.35f), "even GP", "GP bar blues"};
    return n;
}

/* Lines of its boxes' text the captions lane shows at most, and the part of the lanes' height it
 * takes at most. */
enum { CAP_LINES = 3, CAP_SHARE = 3 /* a third */ };

/* The lines the caption boxes in view (plot.w wide) want, at most CAP_LINES, as a height. */
static int captions_need(rd_ctx *rd, const ui_view *v, const ui_history *h, const ui_state *st, rd_rect plot, int64_t t0, int64_t span)
{
    int lh = rd_line_height(rd, RD_SANS_SMALL), lines = 1;
    for (size_t k = 0; k < lane_boxes(v, h); k++) {
        int64_t at, nx;
        size_t i;
        if (!lane_box(v, h, k, &at, &nx, &i) || nx < t0 || at > t0 + span) continue;
        int x0 = xof(plot, at, t0, span), x1 = xof(plot, nx, t0, span), tx0, tx1;
        if (x0 < plot.x) x0 = plot.x;
        if (x1 > plot.x + plot.w) x1 = plot.x + plot.w;
        caption_text_span(rd, v, plot, x0, x1, at, t0, span, &tx0, &tx1);
        if (tx1 - tx0 <= rd_px(rd, 18)) continue;
        char slide[2048];
        const char *text = v->cfg->captions[i].text;
        if (st->clean) text = panel_slide_text(text, slide, sizeof slide);
        int n = panel_words_lines(rd, RD_SANS_SMALL, tx1 - tx0, text);
        if (n > lines) lines = n;
    }
    return (lines < CAP_LINES ? lines : CAP_LINES) * lh + rd_px(rd, 8);
}

/*
 * The height the lanes leave over (extra, beyond lane_h each in an area `lanes` tall) shared out: a
 * picture of the timeline alone (`--panel timeline`) once gave the captions lane every line its boxes
 * wrapped to, a word or two wide, and ~80 % of a 1920x1080 picture, the GP lanes squeezed under it;
 * without captions the lanes filled a third of the picture. First the captions lane, up to
 * CAP_LINES lines as the boxes in view need; then the other lanes, up to half as tall again; then
 * the captions lane up to its bound (compared, both halves then have the same lanes at the same
 * heights whatever their captions, so the sched lanes still line up side by side), at most a
 * CAP_SHARE-th of the lanes; the rest, when it is a lane's height or more, to the other lanes. The
 * window's timeline is never tall enough for that last step (its lanes stay at most LANE_PX and half
 * again, ev_rows_in()).
 */
static void lanes_share(rd_ctx *rd, const ui_view *v, const ui_history *h, const ui_state *st, rd_rect lanes, int64_t t0, int64_t span,
                        int other, int *lane_h, int *cap_h, int *extra)
{
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    bool caps = *cap_h > 0;
    int cap_max = CAP_LINES * lh + rd_px(rd, 8);
    if (cap_max > lanes.h / CAP_SHARE) cap_max = lanes.h / CAP_SHARE;
    if (cap_max < *cap_h) cap_max = *cap_h;
    if (caps && *extra >= lh + rd_px(rd, 4)) {
        int need = captions_need(rd, v, h, st, lanes, t0, span);
        if (need > cap_max) need = cap_max;
        if (need > *cap_h + *extra) need = *cap_h + *extra;
        if (need > *cap_h) {
            *extra -= need - *cap_h;
            *cap_h = need;
        }
    }
    if (other > 0 && *extra >= other * rd_px(rd, 4)) {
        int grow = *extra / other, most = *lane_h / 2;
        if (grow > most) grow = most;
        *lane_h += grow;
        *extra -= grow * other;
    }
    if (caps && *extra > 0 && (*cap_h > *lane_h || *extra >= lh)) {
        int more = cap_max - *cap_h < *extra ? cap_max - *cap_h : *extra;
        if (more > 0) {
            *cap_h += more;
            *extra -= more;
        }
    }
    if (other > 0 && *extra >= *lane_h) { /* room for another lane: never so in the window */
        *lane_h += *extra / other;
        *extra -= *extra / other * other;
        if (caps) *cap_h += *extra; /* the few pixels left */
    }
}

/* Does the timeline have a captions lane? Where the scenario has captions, but not on a slide whose
 * caption strip shows each side's caption whole (st->no_caption_lane): there the lane's box of the
 * caption shown now repeats it cut to a few words ("Watch the CPU time panel. 3.6 has no GP kthread:
 * each drain step runs f…" over the strip's whole text, hackbench compared at 30 s), and the boxes
 * before and after it are a word or two each, nothing a room can read; the lanes below take its
 * height. The window and the timeline alone (`--panel timeline`) keep it: no strip there says it. */
static bool caption_lane(const ui_view *v, const ui_state *st)
{
    return v->cfg && v->cfg->ncaptions > 0 && !st->no_caption_lane;
}

void panel_timeline_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int64_t span = panel_timeline_span(st, v->end), t0, t1;
    panel_timeline_range(v->now, v->end, span, &t0, &t1);
    char sub[448], a[32];
    ui_fmt_dur(a, sizeof a, span / 1e9);
    const ui_history *h = v->hist;
    char lost[160] = ""; /* the engine's ring overflowed between two reads: some marks are missing, say how many */
    if (h && h->lost) snprintf(lost, sizeof lost, " · %llu event%s not seen", (unsigned long long)h->lost, h->lost == 1 ? "" : "s");
    /* a stretch the history's memory bound thinned (UI_HIST_CAP): its bars merge many GPs and its FQS
     * marks are a sample, which without a word read as one 90-minute GP and no forcing (kernel-build's
     * whole run) */
    int64_t thin_lo = -1, thin_hi = -1;
    for (size_t i = 0; h && i < h->coarse.n; i++)
        if (h->coarse.v[i].lo <= t1 && h->coarse.v[i].hi >= t0) {
            if (thin_lo < 0) thin_lo = h->coarse.v[i].lo;
            thin_hi = h->coarse.v[i].hi < t1 ? h->coarse.v[i].hi : t1;
        }
    if (thin_hi >= 0) {
        size_t l = strlen(lost);
        char b0[32], b1[32];
        snprintf(b1, sizeof b1, thin_hi >= 100000000000LL ? "%.0f s" : "%.3g s", thin_hi / 1e9);
        snprintf(b0, sizeof b0, thin_lo >= 100000000000LL ? "%.0f s" : "%.3g s", thin_lo / 1e9);
        if (thin_lo - t0 <= span / 100) snprintf(lost + l, sizeof lost - l, " · thinned before %s", b1);
        else snprintf(lost + l, sizeof lost - l, " · thinned %s to %s", b0, b1);
    }
    /* the longest form that fits beside the title, down to the window's span (compare mode at 1280x720
     * cut the first one at "(already…" on slides, where there is no hover to read the rest) */
    const char *how = st->timeline_manual ? "zoomed: wheel zooms" : "follows the speed; wheel zooms";
    int form, first = ui_no_hints(st) ? 2 : 0; /* a slide or a lecture: no "wheel zooms" */
    for (form = first; form < 4; form++) {
        if (form == 0) snprintf(sub, sizeof sub, "window %s (%s) · faded = ahead of now (already simulated)%s", a, how, lost);
        else if (form == 1) snprintf(sub, sizeof sub, "window %s (%s) · faded = ahead of now%s", a, how, lost);
        else if (form == 2) snprintf(sub, sizeof sub, "window %s · faded = ahead of now%s", a, lost);
        else snprintf(sub, sizeof sub, "window %s%s", a, lost);
        if (panel_subtitle_fits(fr, r, "Timeline", sub)) break;
    }
    rd_note_dropped(fr->rd, (form < 4 ? form : 3) - first); /* a slide or a lecture starts at form 2 by design */
    rd_rect c = panel_frame(fr, r, "Timeline", sub);
    if (!h) return;
    int lh = rd_line_height(rd, RD_SANS_SMALL);
    int label_w = rd_text_width(rd, RD_SANS_SMALL, "rcu_preempt ") + rd_px(rd, 4);
    int nfl = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) nfl += v->fl[f].enabled;
    bool have_caps = v->cfg && v->cfg->ncaptions > 0, cap_lane = caption_lane(v, st);
    int axis_h = lh + rd_px(rd, 2);
    int lanes = nfl + 1 + (cap_lane ? 1 : 0);
    /* a legend row under the axis where the lanes keep a line's height without it: a lecturer found
     * nothing on screen saying what grey and orange triangles or light and dark bars meant */
    panel_legend_item leg[4];
    int nleg = timeline_legend(th, v, leg);
    int leg_h = panel_legend_rows(fr, (rd_rect){c.x, 0, c.w, 0}, leg, nleg, 1, NULL, false);
    /* ... and tall enough for their bars to carry "GP 165" (bar.h = 6/10 of the lane, at least lh - 2 below) */
    int lane_keep = (lh - 2) * 10 / 6 + 1;
    if (lane_keep < lh + rd_px(rd, 4)) lane_keep = lh + rd_px(rd, 4);
    if (leg_h > 0 && (c.h - axis_h - leg_h - rd_px(rd, 2)) / (lanes > 0 ? lanes : 1) >= lane_keep) {
        panel_legend_rows(fr, (rd_rect){c.x, c.y + c.h - leg_h, c.w, leg_h}, leg, nleg, 1, NULL, true);
        c.h -= leg_h + rd_px(rd, 2);
    }
    int lane_h = (c.h - axis_h) / (lanes > 0 ? lanes : 1);
    if (lane_h > rd_px(rd, LANE_PX)) lane_h = rd_px(rd, LANE_PX);
    int cap_h = cap_lane ? lane_h : 0, other = lanes - (cap_lane ? 1 : 0);
    int extra = c.h - axis_h - lanes * lane_h;
    lanes_share(rd, v, h, st, (rd_rect){c.x + label_w, c.y, c.w - label_w, c.h - axis_h}, t0, span, other, &lane_h, &cap_h, &extra);
    rd_rect plot = {c.x + label_w, c.y, c.w - label_w, cap_h + other * lane_h};
    int hi = ui_hit_add(fr, (rd_rect){plot.x, plot.y, plot.w, plot.h + axis_h}, HIT_TIMELINE, 0, 0);
    if (hi >= 0) { fr->hits[hi].t0 = t0; fr->hits[hi].t1 = t1; }
    rd_clip_push(rd, (rd_rect){c.x, c.y, c.w, c.h});
    int y = plot.y;
    /* captions lane */
    if (cap_lane) {
        char slide[2048]; /* a slide's lane leaves out "Press M ..." as its caption strip does */
        rd_text(rd, RD_SANS_SMALL, c.x, y + (cap_h - lh) / 2, th->text_dim, "captions");
        panel_term(fr, (rd_rect){c.x, y, label_w, cap_h}, "caption lane");
        for (size_t k = 0; k < lane_boxes(v, h); k++) {
            int64_t at, nx;
            size_t i;
            if (!lane_box(v, h, k, &at, &nx, &i) || nx < t0 || at > t1) continue;
            int x0 = xof(plot, at, t0, span), x1 = xof(plot, nx, t0, span);
            if (x0 < plot.x) x0 = plot.x;
            if (x1 > plot.x + plot.w) x1 = plot.x + plot.w;
            const char *text = v->cfg->captions[i].text;
            int c0, c1;
            lane_cover(v, h, plot, k, x0, x1, t0, span, &c0, &c1);
            caption_box(fr, v, plot, y, cap_h, x0, x1, at, t0, span, st->clean ? panel_slide_text(text, slide, sizeof slide) : text,
                        k >= v->cfg->ncaptions, c0, c1);
        }
        y += cap_h;
    }
    /* one lane per flavor: GP bars, FQS passes as ticks below them */
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!v->fl[f].enabled) continue;
        bool sel = f == v->flavor;
        panel_text_fit(fr, sel ? RD_BOLD : RD_SANS_SMALL, c.x, y + (lane_h - lh) / 2, label_w - rd_px(rd, 2), th->flavor[f], rv_flavor_name(f) + 4);
        panel_term(fr, (rd_rect){c.x, y, label_w, lane_h}, "GP bar blues");
        rd_clip_push(rd, (rd_rect){plot.x, y, plot.w, lane_h});
        rd_line(rd, plot.x, y + lane_h - 1, plot.x + plot.w, y + lane_h - 1, th->grid);
        int last_x = -1;
        for (size_t i = ui_history_gp_from(h, f, t0); i < h->gps[f].n; i++) {
            const ui_gp_bar *g = &h->gps[f].v[i];
            if (g->start > t1) break;
            int64_t e = g->end >= 0 ? g->end : h->known_until;
            int x0 = xof(plot, g->start, t0, span), x1 = xof(plot, e, t0, span);
            if (x1 <= last_x && x1 - x0 < 2) continue; /* many GPs in one pixel: one is enough */
            last_x = x1;
            if (x1 - x0 < 1) x1 = x0 + 1;
            int bh = lane_h * 6 / 10;
            rd_rect bar = {x0, y + (lane_h - bh) / 4, x1 - x0, bh > 2 ? bh : 2};
            /* a thinned bar (several GPs) in tones of its own, by its place rather than its GP's parity
             * (which meant nothing there): touching thinned bars in one tone read as one GP hours long
             * (kernel-build's whole run); two tones show there are many */
            uint64_t last_gp = i + 1 < h->gps[f].n ? h->gps[f].v[i + 1].gp - 1 : g->gp;
            bool merged = last_gp > g->gp && ui_history_coarse_in(h, g->start, e);
            rd_color col = merged ? rd_mix(th->flavor[f], th->panel, (i & 1) ? 0.45f : 0.15f)
                           : (g->gp & 1) ? th->flavor[f] : rd_mix(th->flavor[f], th->panel, 0.35f);
            bool future = g->start > v->now;
            rd_fill(rd, bar, future ? rd_alpha(col, 70) : col);
            if (g->start <= v->now && e > v->now && !future) {
                /* the part after now is not seen yet in this play-through: lighter */
                int xn = xof(plot, v->now, t0, span);
                rd_fill(rd, (rd_rect){xn, bar.y, x1 - xn, bar.h}, rd_alpha(th->panel, 150));
            }
            char gl[64];
            /* a bar the history's thinning merged stands for every GP up to the next bar's: "GP 1"
             * over 5,000 s of a build read as one grace period that long */
            if (merged)
                snprintf(gl, sizeof gl, "GPs %llu\u2013%llu (thinned)", (unsigned long long)g->gp, (unsigned long long)last_gp);
            else snprintf(gl, sizeof gl, "GP %llu", (unsigned long long)g->gp);
            /* labelled only where the whole label fits inside the bar and the lane, and on one side of
             * the now line: white on the part seen, else in the text colour on the pale part to come
             * (white was unreadable there, and omap-stall's "GP 1|65" had its "65" on it) */
            int glw = rd_text_width(rd, RD_SANS_SMALL, gl);
            int vis0 = bar.x > plot.x ? bar.x : plot.x, vis1 = bar.x + bar.w < plot.x + plot.w ? bar.x + bar.w : plot.x + plot.w;
            int xn = xof(plot, v->now, t0, span);
            int seen1 = future ? vis0 : (vis1 < xn - 1 ? vis1 : xn - 1), come0 = vis0 > xn + 1 ? vis0 : xn + 1;
            int ly = bar.y + (bar.h - lh) / 2;
            bool tall = bar.h >= lh - 2;
            if (tall && seen1 - vis0 >= glw + 6) rd_text(rd, RD_SANS_SMALL, vis0 + 3, ly, rd_rgb(0xFFFFFF), gl);
            else if (tall && vis1 - come0 >= glw + 6) rd_text(rd, RD_SANS_SMALL, come0 + 3, ly, ahead_col(v, g->start, th->text), gl);
            /* what a bar is, on hover, where it is wide enough to point at (a QA pass found no way to ask
             * a bar what it stood for); a thinned one says how to see its GPs one by one */
            if (bar.w >= rd_px(rd, 3)) {
                char tip[320], d[32];
                ui_fmt_dur(d, sizeof d, (double)(e - g->start) / 1e9);
                if (merged)
                    snprintf(tip, sizeof tip, "%s, %s: %s of grace periods that the timeline's memory bound merged into "
                             "one bar (thinned); zoom in or seek there to see each", gl, rv_flavor_name(f), d);
                else snprintf(tip, sizeof tip, "%s of %s: %s%s", gl, rv_flavor_name(f), d, g->end < 0 ? " so far, still running" : "");
                ui_tip_add(fr, bar, tip);
            }
        }
        last_x = -1;
        for (size_t i = first_mark(h->fqs.v, h->fqs.n, t0); i < h->fqs.n && h->fqs.v[i].t <= t1; i++) {
            const ui_mark *m = &h->fqs.v[i];
            if (m->flavor != f) continue;
            int x = xof(plot, m->t, t0, span);
            if (x == last_x) continue;
            last_x = x;
            /* a lane of a picture of the timeline alone is tall: the triangles stay the window's size */
            int ts = lane_h / 4 > 3 ? lane_h / 4 : 3;
            if (ts > rd_px(rd, 12)) ts = rd_px(rd, 12);
            rd_triangle(rd, x, y + lane_h - ts - 1, ts, false, ahead_col(v, m->t, m->arg ? th->fqs : th->text_dim));
        }
        rd_clip_pop(rd);
        y += lane_h;
    }
    /* events lane: stall warnings, injections and hotplug, each a mark labelled beside it (ev_layout) */
    rd_text(rd, RD_SANS_SMALL, c.x, y + (lane_h - lh) / 2, th->text_dim, "events");
    static ev_layout L; /* ~22 KB, kept off the stack (the web build has emscripten's 64 KB); one UI thread draws */
    int64_t step = axis_step(rd, t1, span, plot.w), cap_from, cap_prev;
    ev_collect(&L, rd, h, plot, t0, t1, span, step / 10); /* a digit finer than the axis, as the chip's */
    L.rows = ev_rows_in(rd, lane_h, lh);
    int xn = xof(plot, v->now, t0, span);
    if (xn >= plot.x && xn < plot.x + plot.w) L.now_obst = ev_obstacle(&L, xn - rd_px(rd, 2), xn + rd_px(rd, 2));
    ev_layout_labels(&L);
    ev_draw(fr, v, h, &L, plot, y, lane_h, t0, t1, span);
    if (have_caps && caption_now(v, h, &cap_from, &cap_prev) && cap_from < t0)
        prior_chip(fr, h, &L, plot, y, lane_h, cap_prev >= 0 ? cap_prev : 0, t0, step);
    y += lane_h;
    /* axis */
    for (int64_t t = (t0 / step) * step; t <= t1; t += step) {
        if (t < t0) continue;
        int x = xof(plot, t, t0, span);
        char lab[32];
        fmt_axis(lab, sizeof lab, t, step);
        /* a tick whose time has no room before the panel's edge is left out with it: alone it read as a
         * stray mark at the right end of every timeline */
        if (x + 2 + rd_text_width(rd, RD_SANS_SMALL, lab) > c.x + c.w) continue;
        rd_line(rd, x, y, x, y + rd_px(rd, 4), th->text_dim);
        rd_text(rd, RD_SANS_SMALL, x + 2, y + 1, th->text_dim, lab);
    }
    /* now */
    rd_fill(rd, (rd_rect){xn - rd_px(rd, 1), plot.y, rd_px(rd, 2), y - plot.y + rd_px(rd, 4)}, th->select);
    rd_clip_pop(rd);
}

void panel_scrub_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    (void)st;
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    rd_fill(rd, r, th->panel);
    rd_line(rd, r.x, r.y, r.x + r.w, r.y, th->panel_edge);
    int pad = rd_px(rd, 8);
    char a[32], b[32];
    ui_fmt_dur(b, sizeof b, v->end / 1e9);
    snprintf(a, sizeof a, "0 s");
    int lw = rd_text_width(rd, RD_SANS_SMALL, "0 s") + pad, rw = rd_text_width(rd, RD_SANS_SMALL, b) + pad;
    panel_text_in(fr, RD_SANS_SMALL, (rd_rect){r.x + pad / 2, r.y, lw, r.h}, RD_LEFT, th->text_dim, a);
    panel_text_in(fr, RD_SANS_SMALL, (rd_rect){r.x + r.w - rw, r.y, rw - pad / 2, r.h}, RD_LEFT, th->text_dim, b);
    rd_rect bar = {r.x + lw + pad / 2, r.y + rd_px(rd, 7), r.w - lw - rw - pad, r.h - rd_px(rd, 14)};
    int64_t end = v->end > 0 ? v->end : 1;
    rd_fill(rd, bar, th->bg);
    int kx = bar.x + (int)((double)v->known_until * bar.w / end);
    rd_fill(rd, (rd_rect){bar.x, bar.y, kx - bar.x, bar.h}, rd_mix(th->bg, th->flavor[v->flavor], 0.15f));
    const ui_history *h = v->hist;
    if (h) {
        /* GP starts of the shown flavor, as ticks: density tells busy from quiet stretches; a GP
         * long enough to span pixels (a 75-s stall) is a bar, the open one up to what is known */
        int f = v->flavor, last = -1;
        for (size_t i = 0; i < h->gps[f].n; i++) {
            const ui_gp_bar *g = &h->gps[f].v[i];
            int x = bar.x + (int)((double)g->start * bar.w / end);
            int64_t ge = g->end >= 0 ? g->end : h->known_until;
            int xe = bar.x + (int)((double)ge * bar.w / end);
            if (xe - x >= 3 && xe - x >= bar.w / 50) { /* long compared with the run, not just a few pixels */
                rd_fill(rd, (rd_rect){x, bar.y + bar.h / 2, xe - x, bar.h - bar.h / 2}, th->flavor[f]);
                if (g->end < 0) ui_tip_add(fr, (rd_rect){x, bar.y, xe - x, bar.h}, "the open grace period: it has not ended yet");
            }
            if (x == last) continue;
            last = x;
            rd_line(rd, x, bar.y + bar.h / 2, x, bar.y + bar.h - 1, th->flavor[f]);
        }
        for (size_t i = 0; i < h->stalls.n; i++) {
            int x = bar.x + (int)((double)h->stalls.v[i].t * bar.w / end);
            rd_triangle(rd, x, bar.y, rd_px(rd, 10), true, th->stall);
        }
        for (size_t i = 0; i < h->injects.n; i++) {
            int x = bar.x + (int)((double)h->injects.v[i].t * bar.w / end);
            rd_fill(rd, (rd_rect){x, bar.y, 1, bar.h / 2}, th->heading);
        }
    }
    if (v->cfg) {
        for (size_t i = 0; i < v->cfg->ncaptions; i++) {
            if (v->cfg->captions[i].on.event != RV_TRIG_TIME) continue; /* triggered: where they fired, below */
            int x = bar.x + (int)(v->cfg->captions[i].at_s * 1e9 * bar.w / end);
            rd_fill(rd, (rd_rect){x, bar.y + bar.h - rd_px(rd, 4), rd_px(rd, 2), rd_px(rd, 4)}, th->text_dim);
        }
        for (size_t k = 0; h && k < h->captions.n; k++) {
            size_t i = (size_t)h->captions.v[k].n;
            if (i >= v->cfg->ncaptions || v->cfg->captions[i].on.event == RV_TRIG_TIME) continue;
            int x = bar.x + (int)((double)h->captions.v[k].t * bar.w / end);
            rd_fill(rd, (rd_rect){x, bar.y + bar.h - rd_px(rd, 4), rd_px(rd, 2), rd_px(rd, 4)}, th->text_dim);
        }
    }
    if (v->nbranches > 1 && v->branch_fork > 0) {
        int x = bar.x + (int)((double)v->branch_fork * bar.w / end);
        rd_fill(rd, (rd_rect){x - 1, bar.y - rd_px(rd, 3), rd_px(rd, 3), bar.h + rd_px(rd, 6)}, th->flavor[2]);
    }
    rd_frame(rd, bar, th->panel_edge, 1);
    int nx = bar.x + (int)((double)v->now * bar.w / end);
    rd_fill(rd, (rd_rect){nx - rd_px(rd, 2), r.y + rd_px(rd, 3), rd_px(rd, 4), r.h - rd_px(rd, 6)}, th->select);
    int hi = ui_hit_add(fr, (rd_rect){bar.x, r.y, bar.w, r.h}, HIT_SCRUB, 0, 0);
    if (hi >= 0) { fr->hits[hi].t0 = 0; fr->hits[hi].t1 = end; }
}

int panel_timeline_min_height(rd_ctx *rd, const ui_view *v, const ui_state *st)
{
    int lh = rd_line_height(rd, RD_SANS_SMALL), nfl = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) nfl += v->fl[f].enabled;
    int lanes = nfl + 1 + (caption_lane(v, st) ? 1 : 0);
    return panel_chrome_height(rd) + lh + rd_px(rd, 2) + lanes * (lh + rd_px(rd, 2));
}
