/* glossary_panel.c — the `G` overlay: every term on screen with its one-line explanation, in columns. */
#include "panels/panels.h"

#include "workbook/glossary.h"

#include <stdio.h>

void panel_glossary_draw(ui_frame *fr, rd_rect r, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    size_t n;
    const glossary_entry *g = glossary_all(&n);
    int pad = rd_px(rd, 14), gap = rd_px(rd, 18);
    rd_fill(rd, r, rd_alpha(rd_rgb(0x000000), 110));
    rd_rect box = rd_inset(r, rd_px(rd, 24));
    rd_fill(rd, box, th->panel);
    rd_frame(rd, box, th->heading, rd_px(rd, 2));
    rd_clip_push(rd, box);
    int x = box.x + pad, y = box.y + pad;
    int hw = rd_text(rd, RD_BIG, x, y, th->heading, "Glossary");
    panel_text_fit(fr, RD_SANS_SMALL, x + hw + pad, y + rd_px(rd, 6), box.w - hw - 3 * pad, th->text_dim,
                   "G or Esc closes · wheel or ↑/↓ scrolls · hover any label in the window for its line");
    y += rd_line_height(rd, RD_BIG) + rd_px(rd, 6);
    int ncol = box.w > rd_px(rd, 900) ? 3 : box.w > rd_px(rd, 560) ? 2 : 1;
    int colw = (box.w - 2 * pad - (ncol - 1) * gap) / ncol;
    int lh = rd_line_height(rd, RD_SANS_SMALL), bottom = box.y + box.h - pad - lh; /* last line: the cue */
    size_t first = st->glossary_scroll < (int)n ? (size_t)(st->glossary_scroll > 0 ? st->glossary_scroll : 0) : n - 1;
    size_t i = first;
    for (int c = 0; c < ncol && i < n; c++) {
        int cx = x + c * (colw + gap), cy = y;
        while (i < n) {
            char line[512];
            snprintf(line, sizeof line, "%s — %s", g[i].term, g[i].line);
            int h = panel_wrap_lines(rd, RD_SANS_SMALL, colw, line) * lh;
            if (cy + h > bottom) break;
            panel_wrap(fr, RD_SANS_SMALL, (rd_rect){cx, cy, colw, h}, th->text, line, 0);
            cy += h + rd_px(rd, 3);
            i++;
        }
    }
    char cue[96];
    if (i < n) snprintf(cue, sizeof cue, "▼ %zu more term%s below · wheel or ↓", n - i, n - i == 1 ? "" : "s");
    else if (first > 0) snprintf(cue, sizeof cue, "▲ %zu term%s above · wheel or ↑", first, first == 1 ? "" : "s");
    else cue[0] = 0;
    if (cue[0]) rd_text(rd, RD_SANS_SMALL, x, bottom, th->heading, cue);
    ui_hit_add(fr, box, HIT_GLOSSARY, 0, 0);
    rd_clip_pop(rd);
}
