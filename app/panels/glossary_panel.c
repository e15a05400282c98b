/* glossary_panel.c — the `G` overlay: every term on screen with its one-line explanation, in columns, or those a search finds (/ or Ctrl+F). */
#include "panels/panels.h"

#include "workbook/glossary.h"
#include "workbook/glossary_find.h"

#include <stdio.h>
#include <stdlib.h>

/* The entries the overlay lists: all of them, or the search's matches (names first). */
typedef struct shown { size_t *idx, n, named; bool all; } shown;

static shown entries_shown(const ui_state *st, size_t total)
{
    shown s = {malloc((total ? total : 1) * sizeof *s.idx), 0, 0, !st->glossary_query[0]};
    if (!s.idx) return (shown){NULL, 0, 0, true};
    if (s.all) {
        for (size_t i = 0; i < total; i++) s.idx[i] = i;
        s.n = s.named = total;
    } else s.n = glossary_find(st->glossary_query, s.idx, total, &s.named);
    return s;
}

/* The line under the title: how to search, or what the search found. */
static void search_line(ui_frame *fr, int x, int y, int w, const ui_state *st, const shown *s)
{
    const ui_theme *th = fr->th;
    char line[256];
    if (!st->glossary_query[0] && !st->glossary_typing) {
        panel_text_fit(fr, RD_SANS_SMALL, x, y, w, th->text_dim,
                       "/ finds a term · G or Esc closes · wheel or ↑/↓ scrolls · hover any label in the window for its line");
        return;
    }
    const char *caret = st->glossary_typing ? "▏" : "";
    if (s->n == 0)
        snprintf(line, sizeof line, "Find: %s%s — no term or explanation mentions it · Backspace edits · Esc shows all",
                 st->glossary_query, caret);
    else if (s->named == s->n)
        snprintf(line, sizeof line, "Find: %s%s — %zu term%s · %s · Esc shows all", st->glossary_query, caret, s->n,
                 s->n == 1 ? "" : "s", st->glossary_typing ? "Enter keeps it" : "/ edits");
    else if (s->named == 0)
        snprintf(line, sizeof line, "Find: %s%s — no term is named so; %zu explanation%s mention%s it · %s · Esc shows all", st->glossary_query,
                 caret, s->n, s->n == 1 ? "" : "s", s->n == 1 ? "s" : "", st->glossary_typing ? "Enter keeps it" : "/ edits");
    else
        snprintf(line, sizeof line, "Find: %s%s — %zu named, %zu more mention it · %s · Esc shows all", st->glossary_query, caret,
                 s->named, s->n - s->named, st->glossary_typing ? "Enter keeps it" : "/ edits");
    panel_text_fit(fr, RD_SANS_SMALL, x, y, w, th->heading, line);
}

void panel_glossary_draw(ui_frame *fr, rd_rect r, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    size_t total;
    const glossary_entry *g = glossary_all(&total);
    shown s = entries_shown(st, total);
    int pad = rd_px(rd, 14), gap = rd_px(rd, 18);
    rd_fill(rd, r, rd_alpha(rd_rgb(0x000000), 110));
    rd_rect box = rd_inset(r, rd_px(rd, 24));
    rd_fill(rd, box, th->panel);
    rd_frame(rd, box, th->heading, rd_px(rd, 2));
    rd_clip_push(rd, box);
    int x = box.x + pad, y = box.y + pad;
    int hw = rd_text(rd, RD_BIG, x, y, th->heading, "Glossary");
    search_line(fr, x + hw + pad, y + rd_px(rd, 6), box.w - hw - 3 * pad, st, &s);
    y += rd_line_height(rd, RD_BIG) + rd_px(rd, 6);
    int ncol = box.w > rd_px(rd, 900) ? 3 : box.w > rd_px(rd, 560) ? 2 : 1;
    int colw = (box.w - 2 * pad - (ncol - 1) * gap) / ncol;
    enum rd_font f = RD_SANS_SMALL;
    int lh = rd_line_height(rd, RD_SANS_SMALL), bottom = box.y + box.h - pad - lh; /* last line: the cue */
    size_t first = s.n == 0 ? 0 : st->glossary_scroll < (int)s.n ? (size_t)(st->glossary_scroll > 0 ? st->glossary_scroll : 0) : s.n - 1;
    if (!s.all && s.n > 0) {
        /* a search's few results in the panel's larger font, one column of a readable measure, when they
         * all fit: a lecturer projecting "dti" for the room got a third of the overlay in small print */
        int w1 = box.w - 2 * pad, most = rd_px(rd, 900);
        if (w1 > most) w1 = most;
        int l1 = rd_line_height(rd, RD_SANS), b1 = box.y + box.h - pad - l1, need = y;
        for (size_t k = 0; k < s.n && need <= b1; k++) {
            char line[GLOSSARY_TEXT_MAX]; /* a 512-byte line ended seven entries mid-word */
            snprintf(line, sizeof line, "%s — %s", g[s.idx[k]].term, g[s.idx[k]].line);
            need += panel_wrap_lines(rd, RD_SANS, w1, line) * l1 + rd_px(rd, 4) + (k == s.named && k > 0 ? l1 + rd_px(rd, 3) : 0);
        }
        /* all of them on screen: nothing to scroll (one ↓ flipped the four results of "dti" to small print) */
        if (need <= b1) f = RD_SANS, ncol = 1, colw = w1, lh = l1, bottom = b1, first = 0;
    }
    size_t i = first;
    for (int c = 0; c < ncol && i < s.n; c++) {
        int cx = x + c * (colw + gap), cy = y;
        while (i < s.n) {
            /* where names stop matching, a line says that the rest only mention what was searched */
            bool heading = !s.all && i == s.named && (i > first || s.named == 0);
            int hh = heading ? lh + rd_px(rd, 3) : 0;
            char line[GLOSSARY_TEXT_MAX];
            snprintf(line, sizeof line, "%s — %s", g[s.idx[i]].term, g[s.idx[i]].line);
            int h = panel_wrap_lines(rd, f, colw, line) * lh;
            if (cy + hh + h > bottom) break;
            if (heading) {
                char sub[96];
                snprintf(sub, sizeof sub, "Explanations that mention \"%s\":", st->glossary_query);
                panel_text_fit(fr, f, cx, cy, colw, th->text_dim, sub);
                cy += hh;
            }
            panel_wrap(fr, f, (rd_rect){cx, cy, colw, h}, th->text, line, 0);
            cy += h + rd_px(rd, 3);
            i++;
        }
    }
    const char *what = s.all ? "term" : "match";
    char cue[96];
    if (i < s.n) snprintf(cue, sizeof cue, "▼ %zu more %s%s below · wheel or ↓", s.n - i, what, s.n - i == 1 ? "" : what[0] == 'm' ? "es" : "s");
    else if (first > 0) snprintf(cue, sizeof cue, "▲ %zu %s%s above · wheel or ↑", first, what, first == 1 ? "" : what[0] == 'm' ? "es" : "s");
    else cue[0] = 0;
    if (cue[0]) rd_text(rd, RD_SANS_SMALL, x, bottom, th->heading, cue);
    ui_hit_add(fr, box, HIT_GLOSSARY, 0, 0);
    rd_clip_pop(rd);
    free(s.idx);
}
