/* help.c — the `?` overlay listing every key, and the in-window scenario picker. */
#include "panels/panels.h"

#include <stdio.h>
#include <string.h>

/* Keep in step with app/window/input.c (and record.c, workbook_column.c); README's "The window"
 * section has the same table. */
static const char *const keys[][2] = {
    {"Space  or  .", "play / pause (. is what presenter clickers send)"},
    {"→  /  ←", "step one jiffy forward / back"},
    {"Shift+→  /  Shift+←", "step one event forward / back"},
    {"PgDn / PgUp", "next / previous lecture cue (clickers); no cues: GP phase"},
    {"Ctrl+→ / Ctrl+←", "next / previous grace-period phase (start, init, FQS, end)"},
    {"N  D  F  S  R", "next GP start / end / FQS pass / stall / QS report (Shift: back)"},
    {"E", "event steps and R: only the flavor shown (and selected CPU)"},
    {"[  /  ]", "slower / faster (x2 per press)"},
    {"0", "speed 1/100x"},
    {"Home  /  End", "t = 0, before cue 1 (reset) / the end of the run"},
    {"J", "next caption or stall warning, on the moment itself"},
    {"click scrubber / timeline", "jump there (time travel: re-simulated from a checkpoint)"},
    {"wheel", "zoom the timeline; scroll the log or a panel"},
    {"1  2  3", "show rcu_sched / rcu_bh / rcu_preempt"},
    {"click a CPU or a qsmask bit", "select it: \"why is it waiting?\" explains"},
    {"Tab  /  Shift+Tab", "select the next / previous CPU"},
    {"L  K  (Shift: 70 s)", "selected CPU: 1 s long reader / kernel loop (70 s: a stall)"},
    {"I  O", "selected CPU: idle / wake, offline / online"},
    {"B  P  Y", "call_rcu burst (1000), preempted reader, synchronize_*()"},
    {"Q", "force a quiescent-state pass (FQS) now"},
    {"Ctrl+B", "switch branch (injecting after a seek back makes one)"},
    {"C", "compare 3.6 and 3.7 side by side"},
    {"M  X  Z  Shift+Z", "toggle mode / needs_gp_fix / no_hz / fast_no_hz (recorded)"},
    {"U  /  Shift+U", "twice / half as many CPUs (re-simulated)"},
    {"Backspace", "the file's configuration again (undoes M X Z U)"},
    {"Ctrl+O,  drop a file", "open a scenario"},
    {"Ctrl+R", "reload the scenario file (automatic on change)"},
    {"W", "show / hide the workbook column"},
    {"A", "answer in the workbook column (Esc gives the keys back)"},
#ifdef __EMSCRIPTEN__
    {"F11", "fullscreen (the page's own; Esc leaves it)"},
#else
    {"F11", "fullscreen (remembered)"},
#endif
    {"F5", "presentation mode: hide the controls and hints"},
    {"V", "the panel under the mouse alone, large text (V: back)"},
    {"F12", "save the picture as a new PNG (no overlays)"},
    {"Ctrl+E", "save the visible range's numbers as CSV"},
    {"F2  /  F3", "record: type a caption / mark a cue stop here"},
    {"Ctrl+S", "save what you did as a scenario file"},
    {"Ctrl + / Ctrl − / Ctrl 0", "UI scale for projectors (bigger / smaller / 1x)"},
    {"T", "light / dark palette (both colour-blind safe)"},
    {"Esc", "close help, picker, V's panel, error or selection"},
    {"G", "glossary of every term on screen; / finds one"},
#ifndef __EMSCRIPTEN__
    {"Ctrl+F", "find a term in the glossary"}, /* a page leaves Ctrl+F to the browser's own find */
#endif
    {"?  F1  H", "this help"},
#ifndef __EMSCRIPTEN__
    {"Ctrl+Q", "quit"}, /* a page is closed as a tab; the browser keeps Ctrl+Q (Firefox quits on it) */
#endif
};

int panel_help_keys(const char *const (**rows)[2])
{
    *rows = keys;
    return (int)(sizeof keys / sizeof keys[0]);
}

void panel_help_draw(ui_frame *fr, rd_rect r, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int n = (int)(sizeof keys / sizeof keys[0]);
    int pad = rd_px(rd, 16);
    /* one column if it fits, else two; if two are too wide, the smaller fonts (large UI scales) */
    enum rd_font fk = RD_BOLD, fd = RD_SANS;
    int ncol = 1, per = n, kw[2], dw[2], lh = 0, w = 0, h = 0;
    for (int attempt = 0; attempt < 3; attempt++) {
        if (attempt == 2) { fk = RD_MONO_SMALL; fd = RD_SANS_SMALL; }
        lh = rd_line_height(rd, fd) + rd_px(rd, 3);
        ncol = (n + 2) * lh + 2 * pad > r.h ? 2 : 1;
        if (attempt == 1) ncol = 2;
        per = (n + ncol - 1) / ncol;
        w = pad;
        for (int c = 0; c < ncol; c++) {
            kw[c] = dw[c] = 0;
            for (int i = c * per; i < n && i < (c + 1) * per; i++) {
                int a = rd_text_width(rd, fk, keys[i][0]), b = rd_text_width(rd, fd, keys[i][1]);
                if (a > kw[c]) kw[c] = a;
                if (b > dw[c]) dw[c] = b;
            }
            w += kw[c] + dw[c] + 2 * pad;
        }
        h = (per + 2 + (st->show_workbook ? 2 : 0)) * lh + 2 * pad;
        if (w <= r.w && h <= r.h) break;
    }
    if (w > r.w) w = r.w;
    if (h > r.h) h = r.h;
    rd_fill(rd, r, rd_alpha(rd_rgb(0x000000), 110));
    rd_rect box = {r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, w, h};
    rd_fill(rd, box, th->panel);
    rd_frame(rd, box, th->heading, rd_px(rd, 2));
    rd_clip_push(rd, box);
    int x = box.x + pad, y = box.y + pad;
    rd_text(rd, RD_BIG, x, y, th->heading, "Keys");
    y += lh * 2;
    /* the workbook column's keys differ (Home/End a lesson, PgUp/PgDn a question): a student who asked
     * for help with the column's keyboard read the simulation's and pressed End into the next lesson */
    if (st->show_workbook) {
        panel_wrap_fit(fr, fd, (rd_rect){x, y - lh / 2, box.w - 2 * pad, 2 * lh}, th->text_dim,
                       "These are the window's keys. Once A gives the workbook column the keyboard, its own apply (its footer "
                       "lists them): a-g pick, Enter checks, h hint, PgUp/PgDn question, Home/End lesson, Esc gives the keys back.");
        y += 2 * lh;
    }
    for (int c = 0, cx = x; c < ncol; cx += kw[c] + dw[c] + 2 * pad, c++)
        for (int i = c * per, row = 0; i < n && i < (c + 1) * per; i++, row++) {
            rd_text(rd, fk, cx, y + row * lh, th->text, keys[i][0]);
            rd_text(rd, fd, cx + kw[c] + pad, y + row * lh, th->text, keys[i][1]);
        }
    rd_clip_pop(rd);
}

void panel_picker_draw(ui_frame *fr, rd_rect r, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int lh = rd_line_height(rd, RD_SANS) + rd_px(rd, 6), pad = rd_px(rd, 14);
    int n = st->npicker;
    int desc_h = 4 * rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 8);
    int w = r.w * 60 / 100, h = (n + 3) * lh + 2 * pad + desc_h;
    if (h > r.h * 85 / 100) h = r.h * 85 / 100;
    rd_fill(rd, r, rd_alpha(rd_rgb(0x000000), 110));
    rd_rect box = {r.x + (r.w - w) / 2, r.y + (r.h - h) / 2, w, h};
    rd_fill(rd, box, th->panel);
    rd_frame(rd, box, th->heading, rd_px(rd, 2));
    rd_clip_push(rd, box);
    int x = box.x + pad, y = box.y + pad;
    rd_text(rd, RD_BIG, x, y, th->heading, "Open a scenario");
    y += lh + rd_px(rd, 8);
    rd_text(rd, RD_SANS_SMALL, x, y, th->text_dim, "↑/↓ and Enter, or click · Esc closes · you can also drop a .json file on the window");
    y += lh;
    if (n == 0) rd_text(rd, RD_SANS, x, y, th->text, "No scenarios/*.json found.");
    rd_rect desc = {x, box.y + box.h - pad / 2 - desc_h, w - 2 * pad, desc_h - rd_px(rd, 4)};
    rd_line(rd, desc.x, desc.y - rd_px(rd, 3), desc.x + desc.w, desc.y - rd_px(rd, 3), th->grid);
    /* the description's last line ends in "…" (with its whole text on hover) where it runs longer than
     * four lines: it stopped mid-word, as if that were all ("...the -rcu tree he") */
    panel_wrap_fit(fr, RD_SANS_SMALL, desc, th->text_dim, st->picker_desc);
    int list_bottom = desc.y - rd_px(rd, 6);
    int visible = (list_bottom - y) / lh, first = 0;
    if (visible < 1) visible = 1;
    if (st->picker_sel >= visible) first = st->picker_sel - visible + 1;
    for (int i = first; i < n && y + lh <= list_bottom; i++) {
        rd_rect row = {x, y, w - 2 * pad, lh};
        if (i == st->picker_sel) rd_fill(rd, row, rd_mix(th->panel, th->flavor[0], 0.25f));
        const char *name = strrchr(st->picker_items[i], '/');
        int tag_w = 0, cues = st->picker_cues ? st->picker_cues[i] : 0;
        if (cues != 0) {
            /* at the row's right: a lecture's length (F5 presents it), or a file that will not open */
            char tag[48];
            if (cues > 0) snprintf(tag, sizeof tag, "lecture: %d cue%s (F5)", cues, cues == 1 ? "" : "s");
            else snprintf(tag, sizeof tag, "does not load");
            tag_w = rd_text_width(rd, RD_SANS_SMALL, tag);
            if (tag_w > row.w / 2) tag_w = 0;
            else panel_text_in(fr, RD_SANS_SMALL, (rd_rect){row.x + row.w - rd_px(rd, 6) - tag_w, row.y, tag_w, row.h}, RD_LEFT,
                               cues > 0 ? th->text_dim : th->stall_text, tag);
        }
        panel_text_in(fr, RD_SANS, (rd_rect){row.x + rd_px(rd, 6), row.y, row.w - rd_px(rd, 12) - (tag_w ? tag_w + rd_px(rd, 12) : 0), row.h},
                   RD_LEFT, th->text, name ? name + 1 : st->picker_items[i]);
        ui_hit_add(fr, row, HIT_PICKER_ITEM, i, 0);
        y += lh;
    }
    rd_clip_pop(rd);
}
