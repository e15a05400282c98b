/* panel_why.c — "Why is this grace period waiting?": rv_explain() for the clicked CPU or node, plus inject buttons. */
#include "panel_api.h"

#include <stdio.h>

void panel_why_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, bool floating)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    char sub[96];
    if (st->sel_cpu >= 0) snprintf(sub, sizeof sub, "CPU %d, %s", st->sel_cpu, rv_flavor_name(v->flavor));
    else if (st->sel_node >= 0) snprintf(sub, sizeof sub, "rnp%d, %s", st->sel_node, rv_flavor_name(v->flavor));
    else snprintf(sub, sizeof sub, "whole GP of %s · click a CPU or a qsmask bit", rv_flavor_name(v->flavor));
    if (floating) rd_fill(rd, rd_inset(r, -rd_px(rd, 3)), rd_alpha(th->select, 60));
    rd_rect c = panel_frame(fr, r, "Why is it waiting?", sub);
    int bh = rd_line_height(rd, RD_SANS) + rd_px(rd, 6);
    bool cpu = st->sel_cpu >= 0 && st->sel_cpu < v->ncpus;
    int rows_btn = cpu ? 2 : 1;
    rd_rect text = {c.x, c.y, c.w, c.h - rows_btn * (bh + rd_px(rd, 3))};
    rd_text_wrap(rd, RD_SANS, text, th->text, v->why[0] ? v->why : "(no explanation available)");
    int y = c.y + c.h - rows_btn * (bh + rd_px(rd, 3)) + rd_px(rd, 3), x = c.x, gap = rd_px(rd, 4);
    rd_clip_push(rd, c);
    if (cpu) {
        const rv_cpu_view *cv = &v->cpus[st->sel_cpu];
        bool idle = cv->state == RV_CPU_IDLE_NOHZ || cv->state == RV_CPU_IDLE_TICK;
        bool off = cv->state == RV_CPU_OFFLINE;
        x += panel_button(fr, x, y, bh, "L long reader", ACT_INJ_READER, 0, false) + gap;
        x += panel_button(fr, x, y, bh, "K kernel loop", ACT_INJ_LOOP, 0, false) + gap;
        x += panel_button(fr, x, y, bh, idle ? "I wake" : "I idle", ACT_INJ_IDLE, 0, false) + gap;
        x += panel_button(fr, x, y, bh, off ? "O online" : "O offline", ACT_INJ_OFFLINE, 0, false) + gap;
        y += bh + rd_px(rd, 3);
        x = c.x;
        x += panel_button(fr, x, y, bh, "B call_rcu ×1000", ACT_INJ_BURST, 0, false) + gap;
        if (v->cfg && v->cfg->rcu.flavors[RV_PREEMPT])
            x += panel_button(fr, x, y, bh, "P preempted reader", ACT_INJ_PREEMPT, 0, false) + gap;
        x += panel_button(fr, x, y, bh, "Y synchronize", ACT_INJ_SYNC, 0, false) + gap;
    }
    x += panel_button(fr, x, y, bh, "Q force QS (FQS)", ACT_FQS, 0, false) + gap;
    rd_clip_pop(rd);
}
