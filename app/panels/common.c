/* common.c — panel frames, buttons and CPU-state encodings shared by all panels. */
#include "panels/panels.h"

#include "workbook/glossary.h"

#include <stdio.h>
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
    int w = th_h <= r.h ? panel_text_fit(fr, RD_BOLD, x, y, r.w - 2 * pad, th->heading, title) : 0;
    if (th_h <= r.h) panel_term(fr, (rd_rect){x, y, w, th_h}, title);
    if (subtitle && *subtitle && th_h <= r.h)
        panel_text_fit(fr, RD_SANS, x + w + pad, y, r.w - w - 3 * pad, th->text_dim, subtitle);
    rd_clip_pop(rd);
    rd_line(rd, r.x + 1, r.y + th_h, r.x + r.w - 2, r.y + th_h, th->grid);
    return panel_content(rd, r);
}

rd_rect panel_content(rd_ctx *rd, rd_rect r)
{
    int pad = rd_px(rd, 6), th_h = rd_line_height(rd, RD_BOLD) + rd_px(rd, 4);
    return (rd_rect){r.x + pad, r.y + th_h + rd_px(rd, 3), r.w - 2 * pad, r.h - th_h - rd_px(rd, 3) - pad / 2};
}

int panel_chrome_height(rd_ctx *rd)
{
    const int tall = 1000; /* any height the frame's title and padding fit in */
    return tall - panel_content(rd, (rd_rect){0, 0, 100, tall}).h;
}

bool panel_subtitle_fits(ui_frame *fr, rd_rect r, const char *title, const char *subtitle)
{
    int pad = rd_px(fr->rd, 6); /* panel_frame(): pad, title, pad, subtitle, 2 pads */
    return rd_text_width(fr->rd, RD_BOLD, title) + rd_text_width(fr->rd, RD_SANS, subtitle) <= r.w - 4 * pad;
}

/* The tip for a label: its full text when it was shortened, then a line per glossary term in it. */
static void label_tip(ui_frame *fr, rd_rect r, const char *s, bool shortened);
/* The tip for any text: s first when with_text, then its glossary lines; cut counts a renderer's cut. */
static void label_tip_text(ui_frame *fr, rd_rect r, const char *s, bool with_text, bool cut);

int panel_text_fit(ui_frame *fr, enum rd_font f, int x, int y, int max_w, rd_color col, const char *s)
{
    if (!s || max_w <= 0) return 0;
    bool cut = rd_text_width(fr->rd, f, s) > max_w;
    int drawn = rd_text_fit(fr->rd, f, x, y, max_w, col, s);
    label_tip(fr, (rd_rect){x, y, cut ? max_w : drawn, rd_line_height(fr->rd, f)}, s, cut);
    return drawn;
}

void panel_text_in(ui_frame *fr, enum rd_font f, rd_rect r, int align, rd_color col, const char *s)
{
    if (!s) return;
    bool cut = rd_text_width(fr->rd, f, s) > r.w;
    rd_text_in(fr->rd, f, r, align, col, s);
    label_tip(fr, r, s, cut);
}

void panel_text_in_short(ui_frame *fr, enum rd_font f, rd_rect r, int align, rd_color col, const char *shown,
                         const char *whole)
{
    if (!shown) return;
    if (!whole || !strcmp(shown, whole)) {
        panel_text_in(fr, f, r, align, col, shown);
        return;
    }
    bool cut = rd_text_width(fr->rd, f, shown) > r.w;
    rd_text_in(fr->rd, f, r, align, col, shown);
    label_tip_text(fr, r, whole, true, cut);
}

static int span_width(rd_ctx *rd, enum rd_font f, const char *s, const char *end);

/* Next line of s wrapped to w: returns where the line ends; *next is where the following starts. */
static const char *wrap_line(rd_ctx *rd, enum rd_font f, int w, const char *p, const char **next)
{
    const char *q = p, *line_end = p;
    int acc = 0;
    while (*q && *q != '\n') {
        const char *word_end = q;
        while (*word_end == ' ') word_end++;
        const char *word_start = word_end;
        while (*word_end && *word_end != ' ' && *word_end != '\n') word_end++;
        /* a log line's short parenthesis wraps whole: V on the kernel log broke "(t=9660 / jiffies)" */
        if ((f == RD_MONO || f == RD_MONO_SMALL) && *word_start == '(' && !memchr(word_start, ')', (size_t)(word_end - word_start)) &&
            *word_end == ' ') {
            const char *e = word_end + 1;
            while (*e && *e != ' ' && *e != '\n' && *e != ')') e++;
            if (*e == ')' && e + 1 - word_start <= 24) word_end = e + 1;
        }
        char word[256];
        size_t n = (size_t)(word_end - q) < sizeof word - 1 ? (size_t)(word_end - q) : sizeof word - 1;
        memcpy(word, q, n);
        word[n] = 0;
        int ww = rd_text_width(rd, f, word);
        if (acc + ww > w && line_end != p) break;
        if (acc + ww > w) { /* one word wider than the line: break it at the width */
            const char *t = q;
            int a2 = 0;
            while (t < word_end) {
                const char *u = t + 1;
                while (u < word_end && ((unsigned char)*u & 0xC0) == 0x80) u++;
                char g[8];
                memcpy(g, t, (size_t)(u - t));
                g[u - t] = 0;
                int gw = rd_text_width(rd, f, g);
                if (a2 + gw > w && t > q) break;
                a2 += gw;
                t = u;
            }
            line_end = t;
            break;
        }
        acc += ww;
        q = word_end;
        line_end = q;
    }
    const char *nx = line_end;
    if (*nx == '\n') nx++;
    while (*nx == ' ') nx++;
    *next = nx;
    return line_end;
}

/* One wrapped line, p up to end, drawn in place: a copy into 512 bytes cut a line of a tip widened to
 * a 4K screen's whole width, past its 511th byte and without an ellipsis. */
static void text_span(rd_ctx *rd, enum rd_font f, int x, int y, rd_color col, const char *p, const char *end)
{
    rd_text_n(rd, f, x, y, col, p, end);
}

int panel_wrap_lines(rd_ctx *rd, enum rd_font f, int w, const char *s)
{
    int n = 0;
    if (w <= 0) return 0;
    for (const char *p = s; p && *p; n++) wrap_line(rd, f, w, p, &p);
    return n;
}

int panel_wrap_last_width(rd_ctx *rd, enum rd_font f, int w, const char *s)
{
    const char *p = s, *from = s, *end = s;
    while (w > 0 && p && *p) {
        from = p;
        end = wrap_line(rd, f, w, p, &p);
    }
    return from < end ? span_width(rd, f, from, end) : 0;
}

int panel_wrap(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s, int skip)
{
    /* captions, the tree's driver line, tips: no wheel moves them, so no "(scroll)" (a picture
     * showed "▼ 2 more lines (scroll)" under the tree, even with --clean) */
    return panel_wrap_cue(fr, f, r, col, s, skip, false);
}

int panel_wrap_cue(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s, int skip, bool scroll_hint)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, f), total = panel_wrap_lines(rd, f, r.w, s);
    int fit = lh > 0 ? r.h / lh : 0;
    if (skip > total - fit) skip = total - fit;
    if (skip < 0) skip = 0;
    bool more = total - skip > fit;
    int show = more ? fit - 1 : total - skip;
    const char *p = s;
    int y = r.y;
    if (more && fit == 1) {
        /* room for one line: its words, cut, and the cue beside them (a compare half in a laptop's
         * browser showed "▼ 4 more lines (scroll)" and not a word of the answer) */
        char cue[64], line[2048]; /* a wrapped line of any text drawn here (tips hold 2048 bytes) */
        snprintf(cue, sizeof cue, "  ▼ %d more", total - skip - 1);
        for (int i = 0; p && *p && i < skip; i++) wrap_line(rd, f, r.w, p, &p);
        const char *nx, *end = p && *p ? wrap_line(rd, f, r.w, p, &nx) : p;
        size_t n = (size_t)(end - p) < sizeof line - 1 ? (size_t)(end - p) : sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        int cw = rd_text_width(rd, RD_SANS_SMALL, cue);
        int tw = panel_text_fit(fr, f, r.x, y, r.w - cw, col, line);
        rd_text(rd, RD_SANS_SMALL, r.x + tw, y + (lh - rd_line_height(rd, RD_SANS_SMALL)), fr->th->heading, cue);
        panel_explain(fr, (rd_rect){r.x, r.y, r.w, lh}, s);
        return total;
    }
    for (int i = 0; p && *p && i < skip + show; i++) {
        const char *nx, *end = wrap_line(rd, f, r.w, p, &nx);
        if (i >= skip) {
            text_span(rd, f, r.x, y, col, p, end);
            y += lh;
        }
        p = nx;
    }
    panel_explain(fr, (rd_rect){r.x, r.y, r.w, y - r.y}, s);
    if (more && fit > 0) {
        char cue[64];
        snprintf(cue, sizeof cue, "▼ %d more line%s%s", total - skip - show, total - skip - show == 1 ? "" : "s",
                 scroll_hint ? " (scroll)" : "");
        rd_text(rd, RD_SANS_SMALL, r.x, y, fr->th->heading, cue);
    }
    return total;
}

void panel_wrap_fit(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, f), fit = lh > 0 ? r.h / lh : 1;
    if (fit < 1) fit = 1;
    const char *p = s;
    int y = r.y;
    for (int i = 0; p && *p && i < fit - 1; i++) {
        const char *nx, *end = wrap_line(rd, f, r.w, p, &nx);
        text_span(rd, f, r.x, y, col, p, end);
        y += lh;
        p = nx;
    }
    bool cut = p && *p && rd_text_width(rd, f, p) > r.w;
    if (p && *p) rd_text_fit(rd, f, r.x, y, r.w, col, p); /* the rest, shortened with "…" */
    /* the hover tip: the whole text when it was cut (the last line's tip held only its remainder),
     * else its glossary terms, as panel_wrap's */
    label_tip(fr, (rd_rect){r.x, r.y, r.w, y + lh - r.y}, s, cut);
}

/* The width of s up to end, in pieces of a buffer's length (a caption's line at 4K width is long). */
static int span_width(rd_ctx *rd, enum rd_font f, const char *s, const char *end)
{
    int w = 0;
    char buf[256];
    while (s < end) {
        size_t n = (size_t)(end - s) < sizeof buf - 1 ? (size_t)(end - s) : sizeof buf - 1;
        while (n > 1 && ((unsigned char)s[n] & 0xC0) == 0x80) n--; /* never split a UTF-8 sequence */
        memcpy(buf, s, n);
        buf[n] = 0;
        w += rd_text_width(rd, f, buf);
        s += n;
    }
    return w;
}

/* The next line of s at most w wide, broken only at spaces: where it ends, NULL when its first word
 * alone is wider than w (wrap_line() would cut that word in two); *next is where the following line
 * starts. */
static const char *words_line(rd_ctx *rd, enum rd_font f, int w, const char *p, const char **next)
{
    const char *q = p, *line_end = *p == '\n' ? p : NULL;
    int acc = 0;
    while (*q && *q != '\n') {
        const char *e = q;
        while (*e == ' ') e++;
        while (*e && *e != ' ' && *e != '\n') e++;
        int ww = span_width(rd, f, q, e);
        if (acc + ww > w) break;
        acc += ww;
        q = line_end = e;
    }
    const char *nx = line_end ? line_end : p;
    if (*nx == '\n') nx++;
    while (*nx == ' ') nx++;
    *next = nx;
    return line_end;
}

int panel_words_lines(rd_ctx *rd, enum rd_font f, int w, const char *s)
{
    int n = 0;
    for (const char *p = s; w > 0 && p && *p && words_line(rd, f, w, p, &p); n++) {}
    return n;
}

enum { WORDS_MAX = 32 }; /* lines panel_wrap_words() draws at most */

int panel_wrap_words(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, f), fit = lh > 0 ? r.h / lh : 0, n = 0;
    if (fit > WORDS_MAX) fit = WORDS_MAX;
    const char *from[WORDS_MAX], *to[WORDS_MAX], *p = s;
    while (n < fit && r.w > 0 && p && *p) {
        const char *nx, *e = words_line(rd, f, r.w, p, &nx);
        if (!e) break; /* a word wider than the line: the text ends before it */
        from[n] = p;
        to[n++] = e;
        p = nx;
    }
    bool rest = p && *p;
    /* words left over: the last line makes room for "…"; a line gives way to the one above it when
     * not even its first word leaves that room */
    int ew = rd_text_width(rd, f, "\u2026");
    while (rest && n > 0) {
        const char *nx, *e = words_line(rd, f, r.w - ew, from[n - 1], &nx);
        if (e && e > from[n - 1]) {
            to[n - 1] = e;
            break;
        }
        n--;
    }
    for (int i = 0; i < n; i++) {
        int x = r.x + rd_text_n(rd, f, r.x, r.y + i * lh, col, from[i], to[i]);
        if (rest && i == n - 1) rd_text(rd, f, x, r.y + i * lh, col, "\u2026");
    }
    label_tip(fr, (rd_rect){r.x, r.y, r.w, n > 0 ? n * lh : r.h}, s, rest);
    return n;
}

/* What a slide does with a sentence (without_sentences()). */
enum sentence_fate { KEEP_SENTENCE, DROP_SENTENCE, KEEP_AFTER_COLON };

/* A sentence that asks the viewer to do something with the window. One that asks to stop or step and
 * then says, after a colon, what that shows keeps its answer: "Stop ... and ask 'Why is it waiting?'
 * about a CPU: one in its holdoff waits for its next tick" gives "One in its holdoff waits ...". */
static enum sentence_fate tells_to_act(const char *p)
{
    static const char *const verbs[] = {"Press ", "Click ", "Hover ", "Scroll ", "Drag ", "Use the wheel", "Select "};
    for (size_t i = 0; i < sizeof verbs / sizeof *verbs; i++)
        if (!strncmp(p, verbs[i], strlen(verbs[i]))) return DROP_SENTENCE;
    if (strncmp(p, "Stop ", 5) && strncmp(p, "Step ", 5)) return KEEP_SENTENCE;
    for (const char *q = p; *q; q++) {
        if ((*q == '.' || *q == '?' || *q == '!') && q[1] == ' ') break;
        if (*q == ':' && q[1] == ' ') return KEEP_AFTER_COLON;
    }
    return DROP_SENTENCE;
}

/* A sentence that asks for the other kernel version: in compare mode both are already on screen. */
static enum sentence_fate asks_for_other_mode(const char *p)
{
    return !strncmp(p, "Press M ", 8) || !strncmp(p, "Press M.", 8) ? DROP_SENTENCE : KEEP_SENTENCE;
}

/* s without its sentences that fate() drops (or with only what follows their colon); s itself when
 * nothing changes (or buf is too small). */
static const char *without_sentences(const char *s, char *buf, size_t n, enum sentence_fate (*fate)(const char *))
{
    if (!s || !n) return s;
    size_t k = 0;
    bool changed = false;
    for (const char *p = s; *p;) {
        /* a sentence runs through its ". ", "? " or "! " (a dot inside "3.7's" does not end it) */
        const char *end = NULL;
        for (const char *q = p; *q && !end; q++)
            if ((*q == '.' || *q == '?' || *q == '!') && q[1] == ' ') end = q + 1;
        size_t len = end ? (size_t)(end - p) : strlen(p);
        enum sentence_fate f = fate(p);
        const char *from = p;
        size_t keep = len;
        if (f == KEEP_AFTER_COLON) {
            const char *colon = strstr(p, ": ");
            from = colon + 2;
            keep = len - (size_t)(from - p);
            if (keep == 0) f = DROP_SENTENCE; /* "Stop here: " says nothing after its colon */
        }
        if (f == DROP_SENTENCE) changed = true;
        else {
            if (k + keep + 2 > n) return s;
            if (k) buf[k++] = ' ';
            memcpy(buf + k, from, keep);
            if (f == KEEP_AFTER_COLON) {
                changed = true;
                /* it starts a sentence now: "one in its holdoff" -> "One ...", but a name stays as the
                 * kernel spells it ("rcu_sched's kthread", "qsmask") */
                size_t wl = 0;
                while (wl < keep && buf[k + wl] >= 'a' && buf[k + wl] <= 'z') wl++;
                bool plain = wl > 0 && (wl == keep || buf[k + wl] == ' ' || buf[k + wl] == ',');
                static const char *const names[] = {"qsmask", "jiffies", "dynticks", "ksoftirqd", "rcuc"};
                for (size_t i = 0; plain && i < sizeof names / sizeof *names; i++)
                    if (wl == strlen(names[i]) && !strncmp(buf + k, names[i], wl)) plain = false;
                if (plain) buf[k] = (char)(buf[k] - 'a' + 'A');
            }
            k += keep;
        }
        p += len;
        while (*p == ' ') p++;
    }
    if (!changed) return s;
    buf[k] = 0;
    return buf;
}

/* An aside in parentheses that speaks to the window's user, "(press C)" or "(cue 3)": a slide has no
 * keys and no cues to go to. Its content must start so. */
static bool aside_for_the_window(const char *in)
{
    static const char *const starts[] = {"press ", "Press ", "cue ", "see cue "};
    for (size_t i = 0; i < sizeof starts / sizeof *starts; i++)
        if (!strncmp(in, starts[i], strlen(starts[i]))) return true;
    return false;
}

/* An aside asking for compare mode, "(press C)": compared, it asks for what is on screen ("Compared
 * (press C), ..." read so while compared). */
static bool aside_for_compare(const char *in)
{
    return (!strncmp(in, "press C", 7) || !strncmp(in, "Press C", 7)) && (in[7] == ')' || in[7] == ' ' || in[7] == ',');
}

/* s without the asides aside() picks (and the space before each) into buf; s when there is none or
 * buf is too small. Nested parentheses inside an aside go with it. */
static const char *without_asides(const char *s, char *buf, size_t n, bool (*aside)(const char *))
{
    size_t k = 0;
    bool dropped = false;
    for (const char *p = s; *p;) {
        if (*p == ' ' && p[1] == '(' && aside(p + 2)) {
            const char *q = p + 2;
            for (int depth = 1; *q && depth; q++) depth += (*q == '(') - (*q == ')');
            p = q;
            dropped = true;
            continue;
        }
        if (k + 2 > n) return s;
        buf[k++] = *p++;
    }
    if (!dropped) return s;
    buf[k] = 0;
    return buf;
}

/* A caption without the sentences fate drops and the asides aside drops, in buf (or s unchanged). */
static const char *caption_trimmed(const char *s, char *buf, size_t n, enum sentence_fate (*fate)(const char *),
                                   bool (*aside)(const char *))
{
    const char *t = without_sentences(s, buf, n, fate);
    if (!t || !n) return t;
    char tmp[4096];
    const char *u = without_asides(t, tmp, sizeof tmp, aside);
    if (u == t) return t;
    size_t len = strlen(u);
    if (len + 1 > n) return t;
    memcpy(buf, u, len + 1);
    return buf;
}

const char *panel_slide_text(const char *s, char *buf, size_t n)
{
    return caption_trimmed(s, buf, n, tells_to_act, aside_for_the_window);
}

const char *panel_compare_text(const char *s, char *buf, size_t n)
{
    return caption_trimmed(s, buf, n, asks_for_other_mode, aside_for_compare);
}

int panel_legend(ui_frame *fr, rd_rect r, const panel_legend_item *items, int n, bool draw)
{
    return panel_legend_rows(fr, r, items, n, 1 << 20, NULL, draw);
}

/* Room a legend item's swatch takes before its words: a square (SW_SEGS's too, so the legend's rows
 * and every panel laid out around them stay as they were) */
static int swatch_w(enum panel_swatch sw, int s, int sp) { return sw == SW_NONE ? 0 : s + sp; }

int panel_legend_rows(ui_frame *fr, rd_rect r, const panel_legend_item *items, int n, int max_rows, const char *hint, bool draw)
{
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, RD_SANS_SMALL), s = rd_px(rd, 10), sp = rd_px(rd, 3), gap = rd_px(rd, 10);
    if (max_rows <= 0) return 0;
    int x = r.x, row = 0, shown = n;
    /* where the items take more rows than max_rows, the last row keeps room for the hint: the
     * items are in order of importance (the states first), so the tail is what goes */
    int hint_w = hint && *hint ? rd_text_width(rd, RD_SANS_SMALL, hint) : 0;
    for (int i = 0; i < n; i++) {
        int w = swatch_w(items[i].sw, s, sp) + rd_text_width(rd, RD_SANS_SMALL, items[i].text);
        if (x > r.x && x + w > r.x + r.w) { x = r.x; row++; }
        if (row >= max_rows) { shown = i; break; }
        x += w + gap;
    }
    if (shown < n) { /* drop items from the end until the hint fits after them on the last row */
        for (;; shown--) {
            x = r.x, row = 0;
            for (int i = 0; i < shown; i++) {
                int w = swatch_w(items[i].sw, s, sp) + rd_text_width(rd, RD_SANS_SMALL, items[i].text);
                if (x > r.x && x + w > r.x + r.w) { x = r.x; row++; }
                x += w + gap;
            }
            if (!hint_w || (row < max_rows - 1) || x + hint_w <= r.x + r.w || shown == 0) break;
        }
    }
    x = r.x;
    int y = r.y;
    for (int i = 0; i < shown; i++) {
        const panel_legend_item *it = &items[i];
        int w = swatch_w(it->sw, s, sp) + rd_text_width(rd, RD_SANS_SMALL, it->text);
        if (x > r.x && x + w > r.x + r.w) { x = r.x; y += lh; }
        if (draw) {
            rd_rect sq = {x, y + (lh - s) / 2, s, s};
            switch (it->sw) {
            case SW_FILL: rd_fill(rd, sq, it->col); break;
            case SW_FRAME: rd_frame(rd, sq, it->col, rd_px(rd, 2)); break;
            case SW_HATCH: rd_fill(rd, sq, it->col); rd_hatch(rd, sq, rd_rgb(0xFFFFFF), rd_px(rd, 4)); break;
            case SW_HATCH_DIM: rd_fill(rd, sq, it->col); rd_hatch(rd, sq, fr->th->text_dim, rd_px(rd, 4)); break;
            case SW_DOTS: rd_fill(rd, sq, it->col); rd_dots(rd, sq, rd_rgb(0xFFFFFF), rd_px(rd, 4)); break;
            case SW_SEGS: /* the tile's four callback bars' colours, D W R N, side by side in the square */
                for (int k = 0; k < 4; k++) rd_fill(rd, (rd_rect){x + k * s / 4, sq.y, (k + 1) * s / 4 - k * s / 4, s}, fr->th->seg[k]);
                break;
            case SW_NONE: break;
            }
            panel_text_fit(fr, RD_SANS_SMALL, x + swatch_w(it->sw, s, sp), y, r.x + r.w - x, fr->th->text, it->text);
            panel_term(fr, (rd_rect){x, y, w, lh}, it->term ? it->term : it->text);
        }
        x += w + gap;
    }
    if (shown < n && hint_w) {
        if (x > r.x && x + hint_w > r.x + r.w) { x = r.x; y += lh; } /* a row of its own, under the last item row */
        if (draw) {
            panel_text_fit(fr, RD_SANS_SMALL, x, y, r.x + r.w - x, fr->th->text_dim, hint);
            /* the hover says what the hint stands for: the items left out are the glossary's terms */
            char tip[160];
            snprintf(tip, sizeof tip, "%d more legend items: the glossary (G) explains every term on screen", n - shown);
            ui_tip_add(fr, (rd_rect){x, y, hint_w, lh}, tip);
        }
    }
    if (draw && shown < n) rd_note_dropped(rd, n - shown);
    return shown == 0 && !hint_w ? 0 : y + lh - r.y;
}

/* A tip explains at most this many terms: the Why panel's text names a dozen, and their explanations
 * made a box of ~25 lines over the tree, the caption and the timeline, cut mid-word at the buffer's
 * end. The rest are counted, and G lists them all. */
#define TIP_TERMS 3

typedef struct explain_acc {
    char buf[2048]; size_t len;          /* as big as a ui_tip */
    const char *seen[32]; int nseen, shown;
    char more[600]; size_t more_len;     /* the names of the terms past TIP_TERMS */
} explain_acc;

static void explain_hit(void *ctx, const char *term, const char *at, size_t len)
{
    (void)at; (void)len;
    explain_acc *e = ctx;
    for (int i = 0; i < e->nseen; i++) if (!strcmp(e->seen[i], term)) return;
    if (e->nseen < 32) e->seen[e->nseen++] = term;
    const char *line = glossary_line(term);
    if (!line) return;
    char entry[1024];
    int n = snprintf(entry, sizeof entry, "%s%s — %s", e->len ? "\n" : "", term, line);
    /* whole entries only, and room kept for the line that counts the rest */
    if (e->shown >= TIP_TERMS || n <= 0 || (size_t)n >= sizeof entry || e->len + (size_t)n + sizeof e->more + 80 >= sizeof e->buf) {
        int m = snprintf(e->more + e->more_len, sizeof e->more - e->more_len, "%s%s", e->more_len ? ", " : "", term);
        if (m > 0 && e->more_len + (size_t)m < sizeof e->more) e->more_len += (size_t)m;
        return;
    }
    memcpy(e->buf + e->len, entry, (size_t)n + 1);
    e->len += (size_t)n;
    e->shown++;
}

void panel_explain(ui_frame *fr, rd_rect r, const char *s) { label_tip(fr, r, s, false); }

void panel_explain_whole(ui_frame *fr, rd_rect r, const char *s) { label_tip_text(fr, r, s, true, false); }

static void label_tip(ui_frame *fr, rd_rect r, const char *s, bool shortened) { label_tip_text(fr, r, s, shortened, shortened); }

/* The tip: s itself first when with_text, then a line per glossary term in s. `cut` counts the label
 * among those the renderer shortened (test_fit checks every one of them has its tip). */
static void label_tip_text(ui_frame *fr, rd_rect r, const char *s, bool with_text, bool cut)
{
    explain_acc e;
    e.len = 0;
    e.nseen = e.shown = 0;
    e.more_len = 0;
    e.buf[0] = e.more[0] = 0;
    if (with_text) {
        int n = snprintf(e.buf, sizeof e.buf, "%s", s);
        e.len = n > 0 && (size_t)n < sizeof e.buf ? (size_t)n : sizeof e.buf - 1;
    }
    if (cut) fr->ntips_shortened++;
    glossary_scan(s, NULL, explain_hit, &e);
    if (e.more_len) {
        int n = snprintf(e.buf + e.len, sizeof e.buf - e.len, "%sAlso here: %s (G explains every term on screen)", e.len ? "\n" : "", e.more);
        if (n > 0) e.len += (size_t)n < sizeof e.buf - e.len ? (size_t)n : sizeof e.buf - e.len - 1;
    }
    if (e.len) ui_tip_add(fr, r, e.buf);
}

void panel_term(ui_frame *fr, rd_rect r, const char *term)
{
    const char *line = glossary_line(term);
    if (!line) {
        if (!fr->nterm_missing++) snprintf(fr->term_missing, sizeof fr->term_missing, "%s", term);
        return;
    }
    char tip[GLOSSARY_TEXT_MAX]; /* 320 bytes cut sleep/wake's and ksoftirqd/N's explanations mid-word */
    snprintf(tip, sizeof tip, "%s — %s", term, line);
    ui_tip_add(fr, r, tip);
}

void panel_tip_draw(ui_frame *fr, rd_rect whole)
{
    const ui_tip *t = ui_tip_find(fr, fr->mouse_x, fr->mouse_y);
    if (!t || fr->mouse_x < 0) return;
    rd_ctx *rd = fr->rd;
    int pad = rd_px(rd, 6), maxw = whole.w / 2 > rd_px(rd, 260) ? whole.w / 2 : whole.w - 2 * pad;
    int w = rd_text_width(rd, RD_SANS, t->text) + 2 * pad;
    if (w > maxw) w = maxw;
    int h = panel_wrap_lines(rd, RD_SANS, w - 2 * pad, t->text) * rd_line_height(rd, RD_SANS) + 2 * pad;
    /* taller than the window: the whole width before a cut (panel_wrap then ends it with "…") */
    if (h > whole.h && w < whole.w) {
        w = whole.w;
        h = panel_wrap_lines(rd, RD_SANS, w - 2 * pad, t->text) * rd_line_height(rd, RD_SANS) + 2 * pad;
    }
    if (h > whole.h) h = whole.h;
    int x = fr->mouse_x + rd_px(rd, 14), y = fr->mouse_y + rd_px(rd, 18);
    if (x + w > whole.x + whole.w) x = whole.x + whole.w - w;
    if (y + h > whole.y + whole.h) y = fr->mouse_y - h - rd_px(rd, 6);
    if (x < whole.x) x = whole.x;
    if (y < whole.y) y = whole.y;
    rd_rect box = {x, y, w, h};
    rd_fill(rd, box, fr->th->panel);
    rd_frame(rd, box, fr->th->heading, 1);
    panel_wrap(fr, RD_SANS, rd_inset(box, pad), fr->th->text, t->text, 0);
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
    panel_explain(fr, b, label);
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

bool panel_bit_just_cleared(const ui_view *v, const ui_state *st, const rv_node_view *n, int b)
{
    const ui_history *h = v->hist;
    if (!h || !n || b < 0 || b >= 64 || n->index < 0 || n->index >= h->nnodes) return false;
    uint64_t bit = 1ULL << b;
    /* A bit cleared at the end of one grace period and set again by the next one's init, inside
     * the flash window (fast-no-hz: GPs of a few jiffies), is owed again: outlining it as well
     * drew one bit both as "QS still owed" and "just cleared". */
    if ((uint64_t)n->qsmask & bit) return false;
    return panel_fresh(h->rep_t[v->flavor][(size_t)n->index * 64 + (size_t)b], v->now, st->flash_ns);
}

bool panel_credit_shown(const ui_view *v, const ui_state *st, uint64_t gp, int64_t t)
{
    const rv_flavor_view *fl = &v->fl[v->flavor];
    if (t < 0 || t > v->now) return false;
    if (fl->gpnum != fl->completed) return gp == fl->gpnum;
    /* 3.7's kthread credits the last idle CPU and ends the grace period in the same instant (omap-stall
     * at 4.5546875 s): shown only while the GP was open, that credit never showed at all, though the
     * cue's caption names it (a first-pass credit, "snap") beside the cell it outlined as just cleared */
    return gp == fl->completed && panel_fresh(t, v->now, st->flash_ns);
}

int panel_cpu_credit(const ui_view *v, const ui_state *st, int cpu)
{
    const ui_history *h = v->hist;
    int f = v->flavor;
    if (!h || cpu < 0 || cpu >= h->ncpus || h->cred_t[f][cpu] < 0) return -1;
    return panel_credit_shown(v, st, h->cred_gp[f][cpu], h->cred_t[f][cpu]) ? h->cred_arg[f][cpu] : -1;
}
