/* caption_editor.c — draws the recorder's caption editor: where the caption will appear, what is typed, how to finish. */
#include "panels/caption_editor.h"

#include <stdio.h>

void panel_caption_editor_draw(ui_frame *fr, rd_rect whole, const char *text, int64_t at_ns, const char *scope)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int pad = rd_px(rd, 10), lh = rd_line_height(rd, RD_BIG), sh = rd_line_height(rd, RD_SANS);
    int w = whole.w * 3 / 4, h = lh + 2 * sh + 4 * pad;
    rd_rect r = {whole.x + (whole.w - w) / 2, whole.y + whole.h - h - rd_px(rd, 60), w, h};
    rd_fill(rd, r, th->caption_bg);
    rd_frame(rd, r, th->caption_text, 2);
    char head[200];
    snprintf(head, sizeof head, "New caption at %.6f s, shown in %s (recorded into the scenario)", (double)at_ns / 1e9, scope);
    rd_color hint = rd_mix(th->caption_text, th->caption_bg, 0.3f); /* readable on the caption colour */
    rd_text_fit(rd, RD_BOLD, r.x + pad, r.y + pad, r.w - 2 * pad, th->caption_text, head);
    char line[600];
    snprintf(line, sizeof line, "%s_", text);
    rd_text_fit(rd, RD_BIG, r.x + pad, r.y + pad + sh + pad / 2, r.w - 2 * pad, th->caption_text, line);
    rd_text_fit(rd, RD_SANS, r.x + pad, r.y + r.h - pad - sh, r.w - 2 * pad, hint,
                "Enter: add it here   Esc: cancel   Backspace: delete   Tab: every mode / only 3.6 / only 3.7   Ctrl+S saves");
}
