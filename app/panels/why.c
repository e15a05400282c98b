/* why.c — "Why is this grace period waiting?": rv_explain() for the clicked CPU or node, plus inject buttons. */
#include "panels/panels.h"

#include <stdio.h>
#include <string.h>

/* Where s's sentence after p ends: past its ". ", "? ", "! " or line end, or at s's end; NULL: none after p.
 * Not at a colon: a lecture's cut at "...a tickless CPU never reports it:" left the room waiting for
 * what the colon announced. */
static const char *sentence_end(const char *p)
{
    if (!*p) return NULL;
    for (; *p; p++) {
        if (*p == '\n') return p + 1;
        if ((*p == '.' || *p == '?' || *p == '!') && (p[1] == ' ' || p[1] == '\n' || !p[1])) return p + 1;
    }
    return p;
}

/* s without its asides: each " (...)" group, with the space before it (nested groups go with theirs).
 * "rcu_read_lock()" keeps its parentheses: no space before them. The answer is in the main clause;
 * the asides qualify it (hackbench's credited CPU: "An FQS pass credited CPU 3 for rcu_sched GP 2931
 * ("dti": ...three lines...); the CPU itself reported nothing."). */
static void strip_asides(const char *s, char *out, size_t n)
{
    size_t o = 0;
    int depth = 0;
    for (const char *p = s; *p && o + 1 < n; p++) {
        if (*p == ' ' && p[1] == '(' && p[2] != ')' && !depth) { depth = 1; p++; continue; }
        if (depth) {
            depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
            continue;
        }
        out[o++] = *p;
    }
    out[o] = 0;
}

/* The length of s's longest run of whole sentences that wraps in `lines` lines at width w (0: not even
 * the first), trailing spaces left out. */
static size_t whole_sentences(rd_ctx *rd, enum rd_font f, int w, int lines, const char *s)
{
    char head[sizeof ((ui_view *)0)->why];
    size_t keep = 0;
    for (const char *e = sentence_end(s); e; e = sentence_end(e)) {
        size_t n = (size_t)(e - s);
        if (n >= sizeof head) break;
        memcpy(head, s, n);
        head[n] = 0;
        if (panel_wrap_lines(rd, f, w, head) > lines) break;
        keep = n;
        if (!*e) break;
    }
    while (keep > 0 && (s[keep - 1] == ' ' || s[keep - 1] == '\n')) keep--;
    return keep;
}

/* Lines s's first sentence takes without its asides: what must show of the answer. */
static int first_sentence_lines(rd_ctx *rd, enum rd_font f, int w, const char *s)
{
    char brief[sizeof ((ui_view *)0)->why];
    strip_asides(s, brief, sizeof brief);
    const char *e = sentence_end(brief);
    if (e) brief[e - brief] = 0;
    return panel_wrap_lines(rd, f, w, brief);
}

/* Draws s's first `keep` bytes wrapped at the top of text in f, then says what of whole (the full
 * answer) they leave out: with a line to spare (cue), a "▼ N more lines" line under them; else at the
 * end of their last line, in the longest form that fits there ("▼ N more lines", "▼ N more", "▼"),
 * the last words giving way to "…" where not even "▼" fits. Compared at 133 % on a projector, 3.6's
 * answer at omap-stall's stall showed its first sentence and nothing saying four lines were left out
 * (1600x900 said "▼ 4 more lines"). Hovering the lines shows whole. */
static void draw_head(ui_frame *fr, rd_rect text, enum rd_font f, const char *s, size_t keep, const char *whole, bool cue,
                      bool scroll_hint)
{
    rd_ctx *rd = fr->rd;
    char head[sizeof ((ui_view *)0)->why + 8];
    if (keep >= sizeof head - 8) keep = sizeof head - 9;
    memcpy(head, s, keep);
    head[keep] = 0;
    int lh = rd_line_height(rd, f), shown = panel_wrap_lines(rd, f, text.w, head);
    int left = panel_wrap_lines(rd, f, text.w, whole) - shown;
    if (left < 1) left = 1;
    char forms[4][64];
    int nf = 0;
    const char *ls = left == 1 ? "" : "s";
    if (scroll_hint) snprintf(forms[nf++], sizeof forms[0], "\u25BC %d more line%s (scroll)", left, ls);
    snprintf(forms[nf++], sizeof forms[0], "\u25BC %d more line%s", left, ls);
    if (!cue) {
        snprintf(forms[nf++], sizeof forms[0], "\u25BC %d more", left);
        snprintf(forms[nf++], sizeof forms[0], "\u25BC");
    }
    if (cue) {
        rd_rect r = {text.x, text.y, text.w, shown * lh};
        panel_wrap(fr, f, r, fr->th->text, head, 0);
        panel_explain_whole(fr, r, whole);
        rd_text(rd, RD_SANS_SMALL, text.x, text.y + shown * lh, fr->th->heading, forms[0]);
        return;
    }
    int sp = rd_text_width(rd, RD_SANS_SMALL, "  "), last = panel_wrap_last_width(rd, f, text.w, head), k = 0;
    while (k < nf - 1 && last + sp + rd_text_width(rd, RD_SANS_SMALL, forms[k]) > text.w) k++;
    if (last + sp + rd_text_width(rd, RD_SANS_SMALL, forms[k]) > text.w) {
        /* the last line is full: its last words give way to "…" and the mark, in as many lines */
        int mark = sp + rd_text_width(rd, RD_SANS_SMALL, forms[k]);
        size_t n = keep;
        for (;;) {
            while (n > 0 && head[n - 1] != ' ') n--;
            while (n > 0 && head[n - 1] == ' ') n--;
            if (!n) break;
            memcpy(head + n, "\u2026", sizeof "\u2026");
            if (panel_wrap_lines(rd, f, text.w, head) <= shown && panel_wrap_last_width(rd, f, text.w, head) + mark <= text.w) break;
        }
        if (!n) { /* one long word: as it was, the mark cut at the edge */
            memcpy(head, s, keep);
            head[keep] = 0;
        }
        shown = panel_wrap_lines(rd, f, text.w, head);
        last = panel_wrap_last_width(rd, f, text.w, head);
    }
    rd_rect r = {text.x, text.y, text.w, shown * lh};
    panel_wrap(fr, f, r, fr->th->text, head, 0);
    panel_explain_whole(fr, r, whole);
    int y = text.y + (shown - 1) * lh + lh - rd_line_height(rd, RD_SANS_SMALL);
    panel_text_fit(fr, RD_SANS_SMALL, text.x + last + sp, y, text.w - last - sp, fr->th->heading, forms[k]);
}

/* The answer in text. The answer comes before its asides and its later sentences: a compare half at
 * 1280x720 showed the title and the first line of a three-line parenthesis, and a "▼ 3 more lines" cue
 * where the answer was. In the order tried, in the panel's font (then, on a slide or in a lecture,
 * which cannot scroll, the smaller one): the whole text; the text without its asides ("(...)"); the
 * sentences that fit whole, then a line counting the rest; the same without asides; the first
 * sentence without asides, alone, the count at its last line's end. The hover tip has it all; the window
 * scrolls it (wheel), whole. */
static void why_text(ui_frame *fr, rd_rect text, const char *s, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    bool hints = !ui_no_hints(st);
    if (st->why_scroll > 0) {
        panel_wrap_cue(fr, RD_SANS, text, th->text, s, st->why_scroll, hints);
        return;
    }
    char brief[sizeof ((ui_view *)0)->why];
    strip_asides(s, brief, sizeof brief);
    static const enum rd_font fonts[] = {RD_SANS, RD_SANS_SMALL};
    for (int i = 0; i < (hints ? 1 : 2); i++) {
        enum rd_font f = fonts[i];
        int lh = rd_line_height(rd, f), fit = lh > 0 ? text.h / lh : 0;
        if (panel_wrap_lines(rd, f, text.w, s) <= fit) {
            panel_wrap(fr, f, text, th->text, s, 0);
            return;
        }
        int nbrief = panel_wrap_lines(rd, f, text.w, brief);
        if (nbrief <= fit) { /* it says the asides are there: on a line to spare, else after the text */
            draw_head(fr, text, f, brief, strlen(brief), s, nbrief < fit, hints);
            return;
        }
        size_t keep = whole_sentences(rd, f, text.w, fit - 1, s); /* a line for the count */
        if (keep) {
            draw_head(fr, text, f, s, keep, s, true, hints);
            return;
        }
        if ((keep = whole_sentences(rd, f, text.w, fit - 1, brief))) {
            draw_head(fr, text, f, brief, keep, s, true, hints);
            return;
        }
        if ((keep = whole_sentences(rd, f, text.w, fit, brief))) {
            draw_head(fr, text, f, brief, keep, s, false, hints);
            return;
        }
    }
    /* not even the first sentence without its asides: its lines that fit, then the count */
    panel_wrap_cue(fr, hints ? RD_SANS : RD_SANS_SMALL, text, th->text, brief, 0, false);
    panel_explain_whole(fr, text, s);
}

void panel_why_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, bool floating)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    char sub[96];
    if (st->sel_cpu >= 0) snprintf(sub, sizeof sub, "CPU %d, %s", st->sel_cpu, rv_flavor_name(v->flavor));
    else if (st->sel_node >= 0) snprintf(sub, sizeof sub, "rnp%d, %s", st->sel_node, rv_flavor_name(v->flavor));
    else {
        /* the longest form that fits beside the title: at 1280x720 the full one ended "click a CPU o…";
         * the flavor's name goes first (its tab in the top bar says it), then "qsmask", the hint last */
        const char *fl = rv_flavor_name(v->flavor);
        char forms[5][96];
        int nf = 0;
        if (!ui_no_hints(st)) {
            snprintf(forms[nf++], sizeof forms[0], "whole GP of %s · click a CPU or a qsmask bit", fl);
            snprintf(forms[nf++], sizeof forms[0], "whole GP · click a CPU or a qsmask bit");
            snprintf(forms[nf++], sizeof forms[0], "whole GP · click a CPU or a bit");
        }
        snprintf(forms[nf++], sizeof forms[0], "whole GP of %s", fl);
        /* beside the workbook column at 1280x720 even that ended "whole GP of rcu_sch…"; the panel's
         * first line names the flavor ("rcu_sched GP 427, ..."), so the subtitle can leave it out */
        snprintf(forms[nf++], sizeof forms[0], "whole GP");
        int k = 0;
        while (k < nf - 1 && !panel_subtitle_fits(fr, r, "Why is it waiting?", forms[k])) k++;
        if (k) rd_note_dropped(rd, 1);
        memcpy(sub, forms[k], sizeof forms[k]);
    }
    if (floating) rd_fill(rd, rd_inset(r, -rd_px(rd, 3)), rd_alpha(th->select, 60));
    rd_rect c = panel_frame(fr, r, "Why is it waiting?", sub);
    int bh = rd_line_height(rd, RD_SANS) + rd_px(rd, 6), gap = rd_px(rd, 4);
    bool cpu = st->sel_cpu >= 0 && st->sel_cpu < v->ncpus;
    /* the actions that make sense here, laid out left to right and wrapped to the panel width */
    struct { const char *label; int act; } b[8];
    int nb = 0;
    if (cpu) {
        const rv_cpu_view *cv = &v->cpus[st->sel_cpu];
        bool idle = cv->state == RV_CPU_IDLE_NOHZ || cv->state == RV_CPU_IDLE_TICK;
        bool off = cv->state == RV_CPU_OFFLINE;
        b[nb].label = "L long reader"; b[nb++].act = ACT_INJ_READER;
        b[nb].label = "K kernel loop"; b[nb++].act = ACT_INJ_LOOP;
        b[nb].label = idle ? "I wake" : "I idle"; b[nb++].act = ACT_INJ_IDLE;
        b[nb].label = off ? "O online" : "O offline"; b[nb++].act = ACT_INJ_OFFLINE;
        b[nb].label = "B call_rcu ×1000"; b[nb++].act = ACT_INJ_BURST;
        if (v->cfg && v->cfg->rcu.flavors[RV_PREEMPT]) { b[nb].label = "P preempted reader"; b[nb++].act = ACT_INJ_PREEMPT; }
        b[nb].label = "Y synchronize"; b[nb++].act = ACT_INJ_SYNC;
    }
    b[nb].label = "Q force QS (FQS)"; b[nb++].act = ACT_FQS;
    if (ui_no_hints(st)) nb = 0; /* a slide or a lecture shows the answer, not the buttons */
    int rows = nb ? 1 : 0, x = 0;
    for (int i = 0; i < nb; i++) {
        int w = panel_button_width(fr, b[i].label);
        if (x > 0 && x + w > c.w) { rows++; x = 0; }
        x += w + gap;
    }
    int btn_h = nb ? rows * (bh + rd_px(rd, 3)) : 0;
    /* the answer before the buttons: where they would leave under three lines of it (a compare half
     * at 1280x720 showed the buttons and no text at all), one line names the keys instead */
    int lh = rd_line_height(rd, RD_SANS);
    bool keys_line = false;
    if (nb && c.h - btn_h < 3 * lh) { nb = 0; btn_h = lh; keys_line = true; }
    if (keys_line && c.h < 3 * lh) { btn_h = 0; keys_line = false; } /* two lines or less: all of it for the answer */
    const char *answer = v->why[0] ? v->why : "(no explanation available)";
    if (keys_line && first_sentence_lines(rd, RD_SANS, c.w, answer) * lh > c.h - btn_h) {
        btn_h = 0; /* the answer before the keys (the help lists them): at 115 % a compare half had room for */
        keys_line = false; /* "...running kernel code: a tick there is no" over the keys, not for its sentence */
    }
    rd_rect text = {c.x, c.y, c.w, c.h - btn_h};
    ui_hit_add(fr, text, HIT_WHY, 0, 0);
    why_text(fr, text, answer, st);
    if (keys_line)
        panel_text_fit(fr, RD_SANS_SMALL, c.x, c.y + c.h - lh, c.w, th->text_dim,
                       cpu ? "Keys: L reader · K loop · I idle/wake · O offline · B call_rcu · Y synchronize · Q FQS"
                           : "Key: Q forces quiescent states (FQS)");
    int y = c.y + c.h - btn_h + rd_px(rd, 3);
    x = c.x;
    rd_clip_push(rd, c);
    for (int i = 0; i < nb; i++) {
        int w = panel_button_width(fr, b[i].label);
        if (x > c.x && x + w > c.x + c.w) { x = c.x; y += bh + rd_px(rd, 3); }
        x += panel_button(fr, x, y, bh, b[i].label, b[i].act, 0, false) + gap;
    }
    rd_clip_pop(rd);
}

int panel_why_height_wanted(rd_ctx *rd, int w, const ui_view *v, bool whole)
{
    const char *answer = v->why[0] ? v->why : "(no explanation available)";
    int inner = panel_content(rd, (rd_rect){0, 0, w, 1000}).w;
    int all = panel_wrap_lines(rd, RD_SANS, inner, answer), first = first_sentence_lines(rd, RD_SANS, inner, answer) + 1;
    return panel_chrome_height(rd) + (all < first || whole ? all : first) * rd_line_height(rd, RD_SANS);
}
