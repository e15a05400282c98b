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

/* The answer in text. The window scrolls it (wheel) behind a "▼ N more lines" cue. A slide or a lecture
 * cannot scroll: omap-stall's cue 4 exported at 1280x720 x1.5 stopped mid-sentence, "...and found CPU 0"
 * over "▼ 4 more lines". There it takes the smaller font when that shows it whole, else shows the
 * sentences that fit whole, then counts the lines left out. */
static void why_text(ui_frame *fr, rd_rect text, const char *s, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (!ui_no_hints(st) || st->why_scroll > 0) {
        panel_wrap_cue(fr, RD_SANS, text, th->text, s, st->why_scroll, !ui_no_hints(st));
        return;
    }
    static const enum rd_font fonts[] = {RD_SANS, RD_SANS_SMALL};
    for (size_t i = 0; i < sizeof fonts / sizeof *fonts; i++)
        if (panel_wrap_lines(rd, fonts[i], text.w, s) * rd_line_height(rd, fonts[i]) <= text.h) {
            panel_wrap(fr, fonts[i], text, th->text, s, 0);
            return;
        }
    enum rd_font f = RD_SANS_SMALL;
    int lh = rd_line_height(rd, f), fit = lh > 0 ? text.h / lh - 1 : 0; /* a line for the count */
    char head[sizeof ((ui_view *)0)->why];
    size_t keep = 0;
    for (const char *e = sentence_end(s); e; e = sentence_end(e)) {
        size_t n = (size_t)(e - s);
        if (n >= sizeof head) break;
        memcpy(head, s, n);
        head[n] = 0;
        if (panel_wrap_lines(rd, f, text.w, head) > fit) break;
        keep = n;
        if (!*e) break;
    }
    if (!keep) { /* not even its first sentence: the lines that fit, then the count */
        panel_wrap_cue(fr, f, text, th->text, s, 0, false);
        return;
    }
    memcpy(head, s, keep);
    while (keep > 0 && (head[keep - 1] == ' ' || head[keep - 1] == '\n')) keep--;
    head[keep] = 0;
    int shown = panel_wrap_lines(rd, f, text.w, head);
    panel_wrap(fr, f, (rd_rect){text.x, text.y, text.w, shown * lh}, th->text, head, 0);
    const char *rest = s + keep;
    while (*rest == ' ' || *rest == '\n') rest++;
    int left = panel_wrap_lines(rd, f, text.w, rest);
    char cue[64];
    snprintf(cue, sizeof cue, "\u25BC %d more line%s", left, left == 1 ? "" : "s");
    rd_text(rd, RD_SANS_SMALL, text.x, text.y + shown * lh, th->heading, cue);
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
    rd_rect text = {c.x, c.y, c.w, c.h - btn_h};
    ui_hit_add(fr, text, HIT_WHY, 0, 0);
    why_text(fr, text, v->why[0] ? v->why : "(no explanation available)", st);
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
