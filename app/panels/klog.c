/* klog.c — the engine's dmesg-style kernel log; stall warnings stand out in the kernel's own words. */
#include "panels/panels.h"

#include <stdio.h>

/* Where line k's text starts after its timestamp, and the lines the text takes wrapped there. A line
 * wider than the panel wraps under its own text, as dmesg reads in a narrow terminal with the stamps
 * kept clear: a compare half at 1280x720 cut "INFO: rcu_sched detected stalls on CPUs/tasks: { 0 1}
 * (detected by 2, t=…" at its edge, hiding which CPU saw it and how long it had waited. Where the
 * stamp would leave the text under a third of the width, it wraps from the left edge. */
static int klog_lines(rd_ctx *rd, const ui_klog_line *k, int w, char *ts, size_t tsn, int *indent)
{
    snprintf(ts, tsn, "[%5lld.%06lld] ", (long long)(k->t / 1000000000LL), (long long)((k->t % 1000000000LL) / 1000));
    int tsw = rd_text_width(rd, RD_MONO_SMALL, ts);
    *indent = w - tsw >= w / 3 ? tsw : 0;
    int n = panel_wrap_lines(rd, RD_MONO_SMALL, w - *indent, k->text);
    return (*indent ? 0 : 1) + (n > 0 ? n : 1);
}

/* The lines the content rect c shows: the newest that fit whole, each with the rows it wraps to; the
 * newest always shows, its last row ending in "…" only when it alone is taller than the panel. Returns
 * the last one's index (-1: none) and its first in *first; *extra (may be NULL): the rows beyond one
 * per line that they take. */
static int klog_shown(rd_ctx *rd, rd_rect c, const ui_view *v, const ui_state *st, int *first, int *extra)
{
    int lh = rd_line_height(rd, RD_MONO_SMALL);
    int rows = c.h / (lh > 0 ? lh : 1), last = v->nklog - 1 - st->klog_scroll;
    *first = last;
    if (extra) *extra = 0;
    if (rows <= 0 || last < 0) return -1;
    int used = 0;
    for (int i = last; i >= 0; i--) {
        char ts[40];
        int indent, n = klog_lines(rd, &v->klog[i], c.w, ts, sizeof ts, &indent);
        if (used + n > rows && i < last) break;
        used += n;
        *first = i;
        if (extra) *extra += n - 1;
    }
    return last;
}

/* The height of a kernel-log panel of width w that shows its newest line whole (title, the line's
 * rows, the frame's padding); 0 when the log is empty. */
int panel_klog_newest_height(rd_ctx *rd, int w, const ui_view *v)
{
    if (v->nklog == 0) return 0;
    int cw = panel_content(rd, (rd_rect){0, 0, w, 1000}).w;
    char ts[40];
    int indent, n = klog_lines(rd, &v->klog[v->nklog - 1], cw, ts, sizeof ts, &indent);
    return panel_chrome_height(rd) + n * rd_line_height(rd, RD_MONO_SMALL);
}

/* The height of a kernel-log panel of width w that shows every line it keeps, wrapped as drawn, and
 * at least two rows: one line (or "(nothing logged)") and room for the next, so a second line does
 * not move the panels above; no more than max_h, where the panel scrolls as before. */
int panel_klog_rows(rd_ctx *rd, int w, const ui_view *v, int max_rows)
{
    int cw = panel_content(rd, (rd_rect){0, 0, w, 1000}).w, rows = 0;
    for (int i = v->nklog - 1; i >= 0 && rows < max_rows; i--) {
        char ts[40];
        int indent;
        rows += klog_lines(rd, &v->klog[i], cw, ts, sizeof ts, &indent);
    }
    return rows;
}

int panel_klog_height_needed(rd_ctx *rd, int w, const ui_view *v, int max_h)
{
    int lh = rd_line_height(rd, RD_MONO_SMALL), chrome = panel_chrome_height(rd);
    int rows = panel_klog_rows(rd, w, v, lh > 0 ? (max_h - chrome + lh - 1) / lh : 0);
    int h = chrome + (rows > 2 ? rows : 2) * lh;
    return h < max_h ? h : max_h;
}

int panel_klog_wrapped_rows(rd_ctx *rd, rd_rect r, const ui_view *v, const ui_state *st)
{
    if (r.h <= 0 || v->nklog == 0) return 0;
    int first, extra;
    return klog_shown(rd, panel_content(rd, r), v, st, &first, &extra) < 0 ? 0 : extra;
}

void panel_klog_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    char sub[96];
    snprintf(sub, sizeof sub, "%zu line%s%s", v->klog_total, v->klog_total == 1 ? "" : "s", st->klog_scroll && !ui_no_hints(st) ? " · scrolled (wheel to return)" : "");
    rd_rect c = panel_frame(fr, r, "Kernel log", sub);
    ui_hit_add(fr, r, HIT_KLOG, 0, 0);
    int lh = rd_line_height(rd, RD_MONO_SMALL);
    int rows = c.h / (lh > 0 ? lh : 1);
    if (rows <= 0) return;
    if (v->nklog == 0) {
        rd_text(rd, RD_SANS_SMALL, c.x, c.y, th->text_dim,
                ui_no_hints(st) ? "(nothing logged)" : "(nothing logged yet: stall warnings and hotplug messages appear here)");
        return;
    }
    int first, last = klog_shown(rd, c, v, st, &first, NULL);
    if (last < 0) return;
    rd_clip_push(rd, c);
    int y = c.y;
    for (int i = first; i <= last && y < c.y + c.h; i++) {
        const ui_klog_line *k = &v->klog[i];
        char ts[40];
        int indent, n = klog_lines(rd, k, c.w, ts, sizeof ts, &indent);
        if (n > (c.y + c.h - y) / lh) n = (c.y + c.h - y) / lh;
        if (k->stall) {
            rd_fill(rd, (rd_rect){c.x - rd_px(rd, 4), y, rd_px(rd, 3), n * lh}, th->stall);
            rd_fill(rd, (rd_rect){c.x, y, c.w, n * lh}, rd_alpha(th->stall, 28));
        }
        rd_text(rd, RD_MONO_SMALL, c.x, y, th->text_dim, ts);
        /* its glossary terms on hover (inside panel_wrap_fit): { 0}, P<pid>, self-detected, jiffies
         * in a stall warning; rcutorture's Reader Pipe; hotplug's orphaned or adopted callbacks */
        int ty = indent ? y : y + lh, tn = indent ? n : n - 1;
        if (tn > 0)
            panel_wrap_fit(fr, RD_MONO_SMALL, (rd_rect){c.x + indent, ty, c.w - indent, tn * lh}, k->stall ? th->stall_text : th->text, k->text);
        y += n * lh;
    }
    rd_clip_pop(rd);
}
