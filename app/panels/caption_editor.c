/* caption_editor.c — draws the recorder's caption editor: where the caption will appear, what is typed, how to finish. */
#include "panels/caption_editor.h"

#include <stdio.h>
#include <string.h>

/* The typed caption and its cursor with the end in view: cut from the right (rd_text_fit), a caption
 * wider than the box hid the words being typed behind "…". Too wide, it shows "…" and as much of its
 * end as fits; glyph advances add up exactly (draw_run() places each glyph at the sum of those before). */
static void draw_typed(rd_ctx *rd, int x, int y, int room, rd_color col, const char *text)
{
    char line[600];
    snprintf(line, sizeof line, "%s_", text);
    if (rd_text_width(rd, RD_BIG, line) <= room) { rd_text(rd, RD_BIG, x, y, col, line); return; }
    int ell = rd_text_width(rd, RD_BIG, "…"), acc = 0;
    const char *p = line + strlen(line);
    while (p > line) {
        const char *q = p - 1;
        while (q > line && ((unsigned char)*q & 0xC0) == 0x80) q--; /* the start of the character before p */
        char one[8];
        size_t k = (size_t)(p - q) < sizeof one ? (size_t)(p - q) : sizeof one - 1;
        memcpy(one, q, k);
        one[k] = 0;
        int cw = rd_text_width(rd, RD_BIG, one);
        if (ell + acc + cw > room) break;
        acc += cw;
        p = q;
    }
    int w = rd_text(rd, RD_BIG, x, y, col, "…");
    rd_text(rd, RD_BIG, x + w, y, col, p);
}

void panel_caption_editor_draw(ui_frame *fr, rd_rect whole, const char *text, size_t cap, int64_t at_ns, const char *scope)
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
    draw_typed(rd, r.x + pad, r.y + pad + sh + pad / 2, r.w - 2 * pad, th->caption_text, text);
    /* near the limit the keys' line says how much is left: at the limit the editor takes no more, and
     * typing that simply stopped looked like a hang */
    size_t n = strlen(text);
    char keys[240];
    if (cap && n * 5 >= cap * 4)
        snprintf(keys, sizeof keys, "%zu of %zu bytes%s   Enter: add it here   Esc: cancel   Backspace: delete", n, cap,
                 n >= cap ? ": full, the most a caption holds" : "");
    else
        snprintf(keys, sizeof keys, "Enter: add it here   Esc: cancel   Backspace: delete   Tab: every mode / only 3.6 / only 3.7   Ctrl+S saves");
    rd_text_fit(rd, RD_SANS, r.x + pad, r.y + r.h - pad - sh, r.w - 2 * pad, hint, keys);
}
