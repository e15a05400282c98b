/* common.c — panel frames, buttons and CPU-state encodings shared by all panels. */
#include "panels/panels.h"

#include <string.h>

rd_rect panel_frame(ui_frame *fr, rd_rect r, const char *title, const char *subtitle)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    rd_fill(rd, r, th->panel);
    rd_frame(rd, r, th->panel_edge, 1);
    int pad = rd_px(rd, 6), th_h = rd_line_height(rd, RD_BOLD) + rd_px(rd, 4);
    int x = r.x + pad, y = r.y + rd_px(rd, 2);
    rd_clip_push(rd, r);
    int w = rd_text(rd, RD_BOLD, x, y, th->heading, title);
    if (subtitle && *subtitle)
        rd_text_fit(rd, RD_SANS, x + w + pad, y, r.w - w - 3 * pad, th->text_dim, subtitle);
    rd_clip_pop(rd);
    rd_line(rd, r.x + 1, r.y + th_h, r.x + r.w - 2, r.y + th_h, th->grid);
    return (rd_rect){r.x + pad, r.y + th_h + rd_px(rd, 3), r.w - 2 * pad, r.h - th_h - rd_px(rd, 3) - pad / 2};
}

int panel_button_width(ui_frame *fr, const char *label) { return rd_text_width(fr->rd, RD_SANS, label) + rd_px(fr->rd, 12); }

int panel_button(ui_frame *fr, int x, int y, int h, const char *label, int action, int arg, bool on)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int w = rd_text_width(rd, RD_SANS, label) + rd_px(rd, 12);
    rd_rect b = {x, y, w, h};
    rd_fill(rd, b, on ? th->heading : th->panel);
    rd_frame(rd, b, on ? th->heading : th->panel_edge, 1);
    rd_text_in(rd, RD_SANS, b, RD_CENTER, on ? th->panel : th->text, label);
    ui_hit_add(fr, b, HIT_BUTTON, action, arg);
    return w;
}

rd_color panel_cpu_color(const ui_theme *th, const rv_cpu_view *c)
{
    switch (c->state) {
    case RV_CPU_USER: return th->user;
    case RV_CPU_KERNEL: return th->kernel;
    case RV_CPU_IDLE_TICK: return th->idle_tick;
    case RV_CPU_IDLE_NOHZ: return th->idle_nohz;
    default: return th->offline;
    }
}

const char *panel_cpu_letter(const rv_cpu_view *c)
{
    static const char *const L[] = {"U", "K", "I", "Z", "X"};
    return ((unsigned)c->state <= RV_CPU_OFFLINE) ? L[c->state] : "?";
}

bool panel_fresh(int64_t t, int64_t now, int64_t window)
{
    return t >= 0 && t <= now && now - t <= window;
}
