/* klog.c — the engine's dmesg-style kernel log; stall warnings stand out in the kernel's own words. */
#include "panels/panels.h"

#include <stdio.h>

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
    int last = v->nklog - 1 - st->klog_scroll;
    if (last < 0) last = -1;
    int first = last - rows + 1;
    if (first < 0) first = 0;
    if (v->nklog == 0) {
        rd_text(rd, RD_SANS_SMALL, c.x, c.y, th->text_dim,
                ui_no_hints(st) ? "(nothing logged)" : "(nothing logged yet: stall warnings and hotplug messages appear here)");
        return;
    }
    rd_clip_push(rd, c);
    int y = c.y;
    for (int i = first; i <= last; i++) {
        const ui_klog_line *k = &v->klog[i];
        char ts[40];
        snprintf(ts, sizeof ts, "[%5lld.%06lld] ", (long long)(k->t / 1000000000LL), (long long)((k->t % 1000000000LL) / 1000));
        int x = c.x;
        if (k->stall) {
            rd_fill(rd, (rd_rect){c.x - rd_px(rd, 4), y, rd_px(rd, 3), lh}, th->stall);
            rd_fill(rd, (rd_rect){c.x, y, c.w, lh}, rd_alpha(th->stall, 28));
        }
        x += rd_text(rd, RD_MONO_SMALL, x, y, th->text_dim, ts);
        int tw = rd_text(rd, RD_MONO_SMALL, x, y, k->stall ? th->stall : th->text, k->text);
        /* its glossary terms on hover: { 0}, P<pid>, self-detected, jiffies in a stall warning;
         * rcutorture's Reader Pipe; hotplug's orphaned or adopted callbacks */
        panel_explain(fr, (rd_rect){x, y, tw, lh}, k->text);
        y += lh;
    }
    rd_clip_pop(rd);
}
