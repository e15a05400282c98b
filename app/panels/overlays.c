/* overlays.c — top bar, error banner, caption, compare-side headers: the chrome around the panels. */
#include "panels/panels.h"

#include <stdio.h>
#include <string.h>

/* The top bar's clock: exact while paused (nanoseconds at HZ=128: omap-stall's warning at 80.0078125 s),
 * naming the moment a cue or a moment key landed 1 ns past ("0.300000 s", not "0.300000001 s"); to the
 * microsecond while playing, when nobody copies it and nine digits only flicker. */
static void top_bar_time(char *tb, size_t n, const ui_view *v, const ui_state *st)
{
    if (st->playing) ui_fmt_time_us(tb, n, v->now);
    else ui_fmt_clock(tb, n, v);
}

/* Over a clock that names a moment: the exact time, the one `shot --at` takes for this picture. */
static void clock_tip(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    if (st->playing || v->moment < 0) return;
    char m[64], x[64], tip[400];
    ui_fmt_time(m, sizeof m, v->moment);
    ui_fmt_time(x, sizeof x, v->now);
    x[strlen(x) - 2] = 0; /* shot takes seconds without the unit */
    snprintf(tip, sizeof tip, "t = %s, just after its events: the window stands 1 ns later, at %s s, since a time "
             "shows what happened before it. rcuvis shot --at %s draws this picture.", m, x, x);
    ui_tip_add(fr, r, tip);
}

static void fmt_speed(char *b, size_t n, double s)
{
    if (s >= 1) snprintf(b, n, "%gx", s);
    else snprintf(b, n, "1/%.0fx", 1.0 / s);
}

/* A status too long for the top bar's room, whole, in a box sized to its text (up to three lines
 * wrapped; it expires as it would in the bar). Hung under the bar's right end it hid the tree's and CPU
 * time panels' headings, about half the window's heading row (X at 1280x720: "re-simulated to this
 * moment: rcu.needs_gp_fix=false ..." over "rcu_node tree rcu_sched · g8 c8" and "CPU time, like top").
 * It goes where the window has room nothing else uses: the title row of the kernel log (the right-hand
 * one in compare mode), right of "Kernel log  N lines", running down over the right end of the log's
 * first rows when it takes more than one line (up over the timeline's right end when the log is folded
 * to its title). Compare's compact layout, which drops an empty log, has it over the CPU time panels'
 * bottom line instead (below). Only where neither has room (a status of more than three lines there,
 * compare's Why answers in the log's slot outside the compact layout) does it hang under the bar. */
/* A status box: where it goes, its font and its lines. */
typedef struct status_place { rd_rect box; enum rd_font font; int lines; } status_place;

/* Where status s goes below the bar, covering no heading (see status_toast()); false: only under the
 * bar, over the panels' headings. */
static bool status_place_below(rd_ctx *rd, const ui_layout *L, const ui_state *st, const char *s, status_place *out)
{
    int pad = rd_px(rd, 6), in = rd_px(rd, 2), lh = rd_line_height(rd, RD_BOLD);
    const rd_rect *k = L->nsides > 0 ? &L->side[L->nsides - 1].klog : NULL;
    bool why_there = L->why_floating && (st->sel_cpu >= 0 || st->sel_node >= 0);
    if (k && k->w > 0 && k->h > 0 && !why_there) {
        /* the log's title and its "N lines" (at most five digits), with the scrolled hint when it shows */
        const char *sub = st->klog_scroll && !ui_no_hints(st) ? "99999 lines · scrolled (wheel to return)" : "99999 lines";
        int from = k->x + pad + rd_text_width(rd, RD_BOLD, "Kernel log") + pad + rd_text_width(rd, RD_SANS, sub) + pad;
        int room = k->x + k->w - in - from, tw = rd_text_width(rd, RD_BOLD, s) + 2 * pad;
        int w = tw < room ? tw : room;
        int lines = w > 2 * pad ? panel_wrap_lines(rd, RD_BOLD, w - 2 * pad, s) : 99;
        int h = lines * lh + 2 * in;
        if (lines <= 3) {
            /* down over the log's first rows where the panel has them, else (a log folded to its title:
             * compare mode, presenting) up from its title row over the right end of the timeline above,
             * the stretch ahead of now, rather than over the panels' headings under the bar */
            int title_h = rd_line_height(rd, RD_BOLD) + rd_px(rd, 4);
            int y = h <= k->h - in ? k->y + in / 2 : k->y + title_h - h;
            *out = (status_place){{k->x + k->w - in - w, y, w, h}, RD_BOLD, lines};
            return true;
        }
    }
    /* compare's compact layout (a projector at 133 %) leaves an empty log out whole and puts the Why
     * answers in its slot: the status goes over the bottom line of the CPU time panels, which each keeps
     * for its "▼ N more rows" count, from the right-hand one's right end leftwards as far as the text
     * needs, in that line's font. Under the bar it hid both halves' heads ("3.6 (softirq), with 3.7's
     * cpu_need…") after X at omap-stall's cue 6. Up over the rows above only when it takes more lines. */
    if (L->compact && L->nsides == 2 && L->side[0].acct.h > 0 && L->side[1].acct.h > 0) {
        rd_rect c0 = panel_content(rd, L->side[0].acct), c1 = panel_content(rd, L->side[1].acct);
        int slh = rd_line_height(rd, RD_SANS_SMALL), room = c1.x + c1.w - c0.x;
        int tw = rd_text_width(rd, RD_SANS_SMALL, s) + 2 * pad, w = tw < room ? tw : room;
        int lines = w > 2 * pad ? panel_wrap_lines(rd, RD_SANS_SMALL, w - 2 * pad, s) : 99;
        int h = lines * slh + 2 * in;
        if (lines <= 3 && h <= c1.h) {
            *out = (status_place){{c1.x + c1.w - w, c1.y + c1.h + in - h, w, h}, RD_SANS_SMALL, lines};
            return true;
        }
    }
    return false;
}

/* A status too long for the top bar's room, whole, in a box sized to its text (up to three lines
 * wrapped; it expires as it would in the bar). Hung under the bar's right end it hid the tree's and CPU
 * time panels' headings, about half the window's heading row (X at 1280x720: "re-simulated to this
 * moment: rcu.needs_gp_fix=false ..." over "rcu_node tree rcu_sched · g8 c8" and "CPU time, like top").
 * It goes where the window has room nothing else uses: the title row of the kernel log (the right-hand
 * one in compare mode), right of "Kernel log  N lines", running down over the right end of the log's
 * first rows when it takes more than one line (up over the timeline's right end when the log is folded
 * to its title); in compare's compact layout, which drops an empty log, over the CPU time panels'
 * bottom line. Only where neither has room (a status of more than three lines there, compare's Why
 * answers in the log's slot outside the compact layout) does it hang under the bar. */
static void status_toast(ui_frame *fr, const ui_layout *L, const ui_state *st, const char *s, rd_color col)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    rd_rect bar = L->top;
    int pad = rd_px(rd, 6), in = rd_px(rd, 2), lh = rd_line_height(rd, RD_BOLD);
    status_place p;
    if (status_place_below(rd, L, st, s, &p)) {
        int flh = rd_line_height(rd, p.font);
        rd_fill(rd, p.box, th->panel);
        rd_frame(rd, p.box, col, in);
        panel_wrap_fit(fr, p.font, (rd_rect){p.box.x + pad, p.box.y + in, p.box.w - 2 * pad, p.lines * flh}, col, s);
        return;
    }
    int most = bar.w - 2 * pad;
    int w = rd_text_width(rd, RD_BOLD, s) + 2 * pad;
    if (w > most) w = most;
    int x = bar.x + bar.w - pad - w;
    int lines = panel_wrap_lines(rd, RD_BOLD, w - 2 * pad, s);
    if (lines > 3) lines = 3;
    int h = lines * lh + 2 * rd_px(rd, 4);
    rd_rect box = {x, bar.y + bar.h, w, h};
    rd_fill(rd, box, th->panel);
    rd_frame(rd, box, col, rd_px(rd, 2));
    panel_wrap_fit(fr, RD_BOLD, (rd_rect){x + pad, box.y + rd_px(rd, 4), w - 2 * pad, h - 2 * rd_px(rd, 4)}, col, s);
}

void panel_top_draw(ui_frame *fr, const ui_layout *L, const ui_view *v, const ui_state *st, const char *scenario_name)
{
    rd_rect r = L->top;
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    rd_fill(rd, r, th->panel);
    rd_line(rd, r.x, r.y + r.h - 1, r.x + r.w, r.y + r.h - 1, th->panel_edge);
    int pad = rd_px(rd, 6), bh = r.h - rd_px(rd, 8), y = r.y + rd_px(rd, 4), x = r.x + pad, gap = rd_px(rd, 4);
    rd_clip_push(rd, r);
    if (st->presenting) {
        /* presentation mode: no controls, only where we are (time, scenario, the cue in force) */
        char tb[64], line[512];
        top_bar_time(tb, sizeof tb, v, st);
        unsigned long long jf = v->hz > 0 ? (unsigned long long)(v->now / (1000000000LL / v->hz)) : 0;
        /* the cue's title first: the line is cut at its end when a badge and a status share the bar, and
         * "4. The s…" lost the one thing a room reads there */
        /* "3 of 6 · An extra grace period nobody needs": presenting, the bar's "PgDn: lecture, 6 cues" is
         * hidden, and a lecturer could not tell how far the lecture had to go */
        char title[300] = "";
        if (v->cue_title && v->cue_title[0]) {
            if (v->ncues > 1 && v->cue_number > 0) /* the title's own "3. " gives way to the count */
                snprintf(title, sizeof title, "%d of %d · %s", v->cue_number, v->ncues,
                         ui_cue_title_unnumbered(v->cue_title, v->cue_number));
            else snprintf(title, sizeof title, "%s", v->cue_title);
        }
        if (title[0])
            snprintf(line, sizeof line, "%s · t = %s  (jiffy %llu, HZ=%d) · %s · %s%s", title, tb, jf, v->hz,
                     scenario_name ? scenario_name : "", st->compare ? "3.6 vs 3.7" : v->label, st->event_filter ? " · steps filtered" : "");
        else
            snprintf(line, sizeof line, "t = %s  (jiffy %llu, HZ=%d) · %s · %s%s", tb, jf, v->hz, scenario_name ? scenario_name : "",
                     st->compare ? "3.6 vs 3.7" : v->label, st->event_filter ? " · steps filtered" : "");
        if (st->config_badge[0]) {
            /* the same filled red badge as outside presentation mode: in plain dark text among the
             * line's words, "changed: cpus=32" went unnoticed in a lecture */
            char b[300];
            snprintf(b, sizeof b, "changed: %s", st->config_badge);
            int bw = rd_text_width(rd, RD_SANS_SMALL, b) + rd_px(rd, 8), room = r.w - 2 * pad;
            if (bw > room / 2) bw = room / 2;
            rd_rect br = {x, y + rd_px(rd, 2), bw, bh - rd_px(rd, 4)};
            rd_fill(rd, br, th->stall);
            panel_text_in(fr, RD_SANS_SMALL, rd_inset(br, rd_px(rd, 4)), RD_LEFT, rd_rgb(0xFFFFFF), b);
            x += bw + gap;
        }
        /* the one key a room may need named: the words on screen (dti, snap, ofl, qsmaskinit, holdoff,
         * FQS...) are explained in the glossary, and nothing else in presentation mode says so. Small and
         * dim at the right, in the longest form that leaves the line above whole; none when it would not */
        static const char *const gl[] = {"G: glossary of every term on screen, such as dti, snap, ofl, FQS",
                                         "G: glossary of the terms on screen",
                                         "G: glossary"};
        int w = r.x + r.w - pad - x, lw = rd_text_width(rd, RD_BOLD, line), gap2 = rd_px(rd, 24); /* right of the badge */
        /* what a key just did or why it did nothing ("That was the last cue", a refused Shift+Z) goes at
         * the right instead of the glossary hint: in presentation mode a refused key said nothing at all */
        bool say = st->status[0] && !st->status_routine, toast = false;
        if (say) {
            int sw = rd_text_width(rd, RD_SANS_SMALL, st->status), most = w - (lw < w / 2 ? lw : w / 2) - gap2;
            /* a status that would cut the line (the cue, the time) goes below where a place there covers no
             * heading: after X at omap-stall's cue 6, compared at 133 %, the bar read "…(jiffy 10241, HZ=1…" */
            status_place below;
            if (sw > most || (lw + gap2 + sw > w && status_place_below(rd, L, st, st->status, &below))) toast = true, sw = 0;
            if (sw > 0) {
                panel_text_fit(fr, RD_SANS_SMALL, x + w - sw, y + (bh - rd_line_height(rd, RD_SANS_SMALL)) / 2, sw, th->stall_text,
                               st->status);
                w -= sw + gap2;
            }
        }
        for (size_t k = 0; k < sizeof gl / sizeof *gl && !st->show_glossary && !say; k++) {
            int gw = rd_text_width(rd, RD_SANS_SMALL, gl[k]);
            if (lw + gap2 + gw > w) continue;
            panel_text_in(fr, RD_SANS_SMALL, (rd_rect){x + w - gw, y, gw, bh}, RD_LEFT, th->text_dim, gl[k]);
            w -= gw + gap2;
            break;
        }
        panel_text_in(fr, RD_BOLD, (rd_rect){x, y, w, bh}, RD_LEFT, th->heading, line);
        rd_clip_pop(rd);
        if (toast) status_toast(fr, L, st, st->status, th->stall_text);
        return;
    }
    x += panel_button(fr, x, y, bh, st->playing ? "❚❚ pause" : "▶ play", ACT_PLAY, 0, st->playing) + gap;
    x += panel_button(fr, x, y, bh, "◀", ACT_STEP_BACK, 0, false) + gap;
    x += panel_button(fr, x, y, bh, "▶|", ACT_STEP_FWD, 0, false) + gap * 2;
    x += panel_button(fr, x, y, bh, "−", ACT_SLOWER, 0, false);
    char sp[32], spd[128];
    fmt_speed(sp, sizeof sp, st->speed);
    /* the readout students need: how much simulated time one real second shows */
    char per[32];
    ui_fmt_dur(per, sizeof per, st->speed);
    if (st->playing && st->speed_actual > 0 && st->speed_actual < st->speed * 0.7) {
        /* say so when the engine cannot keep up instead of pretending */
        char act[32];
        fmt_speed(act, sizeof act, st->speed_actual);
        snprintf(spd, sizeof spd, " %s (engine-limited: %s) ", sp, act);
    } else snprintf(spd, sizeof spd, " %s (1 s = %s) ", sp, per);
    int sw = rd_text_width(rd, RD_SANS, spd);
    panel_text_in(fr, RD_SANS, (rd_rect){x, y, sw, bh}, RD_CENTER, th->text, spd);
    x += sw;
    x += panel_button(fr, x, y, bh, "+", ACT_FASTER, 0, false) + gap * 3;
    char tb[64], tl[128];
    top_bar_time(tb, sizeof tb, v, st);
    unsigned long long jf = v->hz > 0 ? (unsigned long long)(v->now / (1000000000LL / v->hz)) : 0;
    snprintf(tl, sizeof tl, "t = %s  (jiffy %llu, HZ=%d)", tb, jf, v->hz);
    int tlw = rd_text(rd, RD_BOLD, x, y + (bh - rd_line_height(rd, RD_BOLD)) / 2, th->heading, tl);
    panel_explain(fr, (rd_rect){x, y, tlw, bh}, tl);
    char tt[80];
    snprintf(tt, sizeof tt, "t = %s", tb);
    clock_tip(fr, (rd_rect){x, y, rd_text_width(rd, RD_BOLD, tt), bh}, v, st);
    x += tlw + gap * 3;
    char name[256], names[4][256];
    const char *kernel = st->compare ? "3.6 vs 3.7" : v->label ? v->label : "";
    snprintf(name, sizeof name, "%s · %s", scenario_name ? scenario_name : "", kernel);
    if (v->nbranches > 1) {
        size_t l = strlen(name);
        snprintf(name + l, sizeof name - l, " · branch %d of %d", v->branch + 1, v->nbranches);
    }
    /* shorter forms, the kernel kept to the last: at 115 % in a 1280x720 window it read "small-busy ·
     * 3.7 (k…", the one word a single view says nowhere else cut */
    char vshort[32];
    snprintf(vshort, sizeof vshort, "%s", kernel);
    char *paren = st->compare ? NULL : strstr(vshort, " (");
    if (paren) *paren = 0; /* "3.7 (kthread)" -> "3.7" */
    snprintf(names[0], sizeof names[0], "%s", name);
    snprintf(names[1], sizeof names[1], "%s · %s", scenario_name ? scenario_name : "", vshort);
    snprintf(names[2], sizeof names[2], "%s", kernel);
    snprintf(names[3], sizeof names[3], "%s", vshort);
    /* right side: flavor selector and mode buttons, placed from the right edge */
    int rx = r.x + r.w - pad;
    const char *labels[] = {"?", "Open", "Compare"};
    int acts[] = {ACT_HELP, ACT_OPEN, ACT_COMPARE};
    for (int i = 0; i < 3; i++) {
        int w = rd_text_width(rd, RD_SANS, labels[i]) + rd_px(rd, 12);
        rx -= w;
        panel_button(fr, rx, y, bh, labels[i], acts[i], 0, i == 2 && st->compare);
        rx -= gap;
    }
    rx -= gap * 2;
    for (int f = RV_NFLAVORS - 1; f >= 0; f--) {
        if (!v->fl[f].enabled) continue;
        const char *n = rv_flavor_name(f) + 4;
        int w = rd_text_width(rd, RD_SANS, n) + rd_px(rd, 12);
        rx -= w;
        panel_button(fr, rx, y, bh, n, ACT_FLAVOR, f, f == v->flavor);
        rx -= gap;
    }
    int mid_w = rx - x - gap;
    if (st->config_badge[0] && mid_w > rd_px(rd, 60)) {
        /* changed in the window: a filled badge, so nobody mistakes the run for the file's */
        char b[300];
        snprintf(b, sizeof b, "changed: %s", st->config_badge);
        int bw = rd_text_width(rd, RD_SANS_SMALL, b) + rd_px(rd, 8);
        if (bw > mid_w / 2) bw = mid_w / 2;
        rd_rect br = {x, y + rd_px(rd, 2), bw, bh - rd_px(rd, 4)};
        rd_fill(rd, br, th->stall);
        panel_text_in(fr, RD_SANS_SMALL, rd_inset(br, rd_px(rd, 4)), RD_LEFT, rd_rgb(0xFFFFFF), b);
        x += bw + gap;
        mid_w -= bw + gap;
    }
    if (st->event_filter && mid_w > rd_px(rd, 60)) {
        /* E is on: event steps skip what is not about this flavor (and CPU); say so while it lasts */
        char b[128];
        if (st->sel_cpu >= 0 && st->sel_cpu < v->ncpus) snprintf(b, sizeof b, "steps: %s, CPU %d", rv_flavor_name(v->flavor) + 4, st->sel_cpu);
        else snprintf(b, sizeof b, "steps: %s only", rv_flavor_name(v->flavor) + 4);
        int bw = rd_text_width(rd, RD_SANS_SMALL, b) + rd_px(rd, 8);
        if (bw > mid_w * 3 / 5) bw = mid_w * 3 / 5;
        rd_rect br = {x, y + rd_px(rd, 2), bw, bh - rd_px(rd, 4)};
        rd_fill(rd, br, th->heading);
        panel_text_in(fr, RD_SANS_SMALL, rd_inset(br, rd_px(rd, 4)), RD_LEFT, th->panel, b);
        panel_term(fr, br, "steps:");
        x += bw + gap;
        mid_w -= bw + gap;
    }
    /* a routine status ("Cue 2 of 6: ...", whose title the strip shows anyway) is cut as before: hung under
     * the bar after every PgDn, it hid the tree's gpnum/completed heading the cue spoke of */
    bool toast = st->status[0] && !st->status_routine && rd_text_width(rd, RD_BOLD, st->status) > mid_w;
    /* a status too long for the bar's line takes two small lines in the bar where they fit: hung under
     * the bar it covered panel titles ("Scale capped ..." over the tree's, "Compare: ..." over 3.7's head) */
    int slh = rd_line_height(rd, RD_SANS_SMALL);
    if (toast && mid_w > rd_px(rd, 120) && 2 * slh <= r.h - rd_px(rd, 2) &&
        panel_wrap_lines(rd, RD_SANS_SMALL, mid_w, st->status) <= 2) {
        int lines = panel_wrap_lines(rd, RD_SANS_SMALL, mid_w, st->status);
        panel_wrap_fit(fr, RD_SANS_SMALL, (rd_rect){x, r.y + (r.h - lines * slh) / 2, mid_w, lines * slh}, th->ok, st->status);
        toast = false;
        mid_w = 0; /* the status has the middle */
    }
    if (mid_w > 0) {
        /* paused: after the name, what the last step did (the event that brought the state here) */
        char whole[640], both[640];
        snprintf(whole, sizeof whole, "%s — %s", name, v->last_event);
        snprintf(both, sizeof both, "%s", whole);
        /* at 1280x720 the whole line was cut before the event's words ("... — last event, at 80.007812 s:…"):
         * drop the time, then the scenario's name, before cutting what the last step did; the whole line,
         * with the time and how many events shared it, stays as the hover tip */
        if (rd_text_width(rd, RD_SANS, both) > mid_w) snprintf(both, sizeof both, "%s — %s", name, v->last_event_what);
        if (rd_text_width(rd, RD_SANS, both) > mid_w) snprintf(both, sizeof both, "%s", v->last_event_what);
        bool in_bar = st->status[0] && !toast;
        const char *msg = in_bar ? st->status : (!st->playing && v->last_event[0] && !st->compare) ? both : name;
        if (msg == name) /* the longest form of the name that fits */
            for (int k = 0; k < 4 && rd_text_width(rd, RD_SANS, msg) > mid_w; k++) msg = names[k];
        enum rd_font mf = in_bar ? RD_BOLD : RD_SANS;
        /* the last event's words in the small font rather than cut: a student read "CPU 0 left its
         * rcu_preempt read-side critical se…" at 1280x720, with nobody to hover */
        if (msg == both && rd_text_width(rd, RD_SANS, msg) > mid_w && rd_text_width(rd, RD_SANS_SMALL, msg) <= mid_w)
            mf = RD_SANS_SMALL;
        /* a scenario with a lecture says so until its first cue, at the bar's right when what the bar
         * says leaves room for it: hackbench and omap-stall opened as "hackbench · 3.7 (kthread)" and a
         * student never learned that PgDn walks a lecture */
        char hint[64] = "";
        int hint_room = 0;
        if (v->ncues > 0 && st->cue < 0 && !st->clean) {
            snprintf(hint, sizeof hint, "PgDn: lecture, %d cue%s", v->ncues, v->ncues == 1 ? "" : "s");
            hint_room = rd_text_width(rd, RD_BOLD, hint) + rd_px(rd, 16);
        }
        if (in_bar) {
            /* a status message stands where the name and the kernel were: keep them ("small-busy · 3.7
             * (kthread)", else the kernel alone) before it, the kernel being the one thing a single view
             * says nowhere else (a student could not tell which kernel the held caption was about), the
             * scenario what a lecturer's room lost while "Caption held to be read (J skips)" showed;
             * first with room left for the lecture hint, in a shorter form if need be (hackbench's held
             * first caption hid it at 1280x720), else as before */
            bool placed = false;
            for (int pass = hint_room > 0 ? 0 : 1; pass < 2 && !placed; pass++)
                for (int k = 0; k < 6; k++) {
                    char mode[300];
                    snprintf(mode, sizeof mode, "%s · ", k / 2 == 0 ? name : k / 2 == 1 ? names[1] : kernel);
                    if (!kernel[0] || (k / 2 == 2 && st->compare)) break;
                    int mw = rd_text_width(rd, RD_SANS, mode);
                    /* the message in the plain font rather than the name left out */
                    enum rd_font f = k % 2 ? RD_SANS : RD_BOLD;
                    int avail = mid_w - (pass == 0 ? hint_room : 0);
                    if (mw + rd_text_width(rd, f, msg) > avail) continue; /* never at the cost of the message's words */
                    mf = f;
                    panel_text_in(fr, RD_SANS, (rd_rect){x, y, mw, bh}, RD_LEFT, th->text, mode);
                    x += mw;
                    mid_w -= mw;
                    placed = true;
                    break;
                }
        }
        /* the name ("omap-stall · 3.6 (softirq)") may go down to "omap-stall · 3.6" for the hint, no further */
        if (hint_room > 0 && msg == name && rd_text_width(rd, mf, msg) + hint_room > mid_w &&
            rd_text_width(rd, mf, names[1]) + hint_room <= mid_w)
            msg = names[1];
        if (hint_room > 0 && rd_text_width(rd, mf, msg) + hint_room <= mid_w) {
            int hw = rd_text_width(rd, RD_BOLD, hint);
            panel_text_in(fr, RD_BOLD, (rd_rect){x + mid_w - hw, y, hw, bh}, RD_LEFT, th->ok, hint);
            mid_w -= hint_room;
        }
        panel_text_in_short(fr, mf, (rd_rect){x, y, mid_w, bh}, RD_LEFT, in_bar ? th->ok : th->text, msg,
                            msg == both ? whole : NULL);
    }
    rd_clip_pop(rd);
    if (toast) status_toast(fr, L, st, st->status, th->ok);
}

int panel_banner_height(rd_ctx *rd, const ui_state *st, int width)
{
    (void)width;
    if (!st->error[0]) return 0;
    int lines = 1;
    for (const char *p = st->error; *p; p++) lines += *p == '\n';
    if (lines > 8) lines = 8;
    return (lines + 1) * rd_line_height(rd, RD_MONO) + rd_px(rd, 10);
}

void panel_banner_draw(ui_frame *fr, rd_rect r, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (r.h <= 0) return;
    rd_fill(rd, r, th->error_bg);
    rd_fill(rd, (rd_rect){r.x, r.y, rd_px(rd, 6), r.h}, th->stall);
    int x = r.x + rd_px(rd, 12), y = r.y + rd_px(rd, 4);
    rd_clip_push(rd, r);
    rd_text(rd, RD_BOLD, x, y, th->error_text, "⚠ Could not load the scenario — the previous one keeps running. Esc or click to dismiss.");
    y += rd_line_height(rd, RD_MONO);
    const char *p = st->error;
    for (int i = 0; i < 8 && *p; i++) {
        const char *e = strchr(p, '\n');
        char line[1024];
        size_t n = e ? (size_t)(e - p) : strlen(p);
        if (n >= sizeof line) n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        panel_text_fit(fr, RD_MONO, x, y, r.w - 2 * (x - r.x), th->error_text, line);
        y += rd_line_height(rd, RD_MONO);
        p = e ? e + 1 : p + n;
    }
    rd_clip_pop(rd);
    ui_hit_add(fr, r, HIT_BANNER, 0, 0);
}

/* The lane is as tall as the longest caption of the scenario needs in the bold font (at least
 * two lines of the big one), so every caption shows whole and the panels never jump. */
int panel_caption_height(rd_ctx *rd, const ui_view *v, int width, int cue_width)
{
    if (!v->cfg || (v->cfg->ncaptions == 0 && v->cfg->ncues == 0)) return 0;
    int pad = rd_px(rd, 10), w = width - 2 * pad, lines = 2, cue_w = cue_width - 2 * pad;
    for (size_t i = 0; i < v->cfg->ncaptions; i++) {
        int n = panel_wrap_lines(rd, RD_BOLD, w, v->cfg->captions[i].text);
        if (n > lines) lines = n;
    }
    for (size_t i = 0; i < v->cfg->ncues; i++) {
        int n = panel_wrap_lines(rd, RD_BOLD, cue_w, v->cfg->cues[i].caption);
        if (n > lines) lines = n;
    }
    int h = lines * rd_line_height(rd, RD_BOLD);
    int big = 2 * rd_line_height(rd, RD_BIG);
    return (h > big ? h : big) + rd_px(rd, 10);
}

/* The least strip height that shows text whole in the bold font or bigger (one line of the big one when
 * it fits there) in a strip strip_w wide, or in one of its halves (half). */
static int strip_need(rd_ctx *rd, const char *text, int strip_w, bool half)
{
    if (!text || !text[0]) return 0;
    int pad = rd_px(rd, 10), w = half ? (strip_w - rd_px(rd, 4)) / 2 : strip_w;
    if (rd_text_width(rd, RD_BIG, text) <= w - 2 * pad) return rd_line_height(rd, RD_BIG) + pad;
    return panel_wrap_lines(rd, RD_BOLD, w - 2 * pad, text) * rd_line_height(rd, RD_BOLD) + pad;
}

int panel_caption_need(rd_ctx *rd, const char *text, int strip_w, bool half)
{
    char b[1600];
    return strip_need(rd, panel_compare_text(text, b, sizeof b), strip_w, half);
}

/* The caption strip's fonts, biggest first: a caption takes the biggest that shows it whole. */
static const enum rd_font caption_fonts[] = {RD_BIG, RD_BOLD, RD_SANS, RD_SANS_SMALL};
enum { NCAPTION_FONTS = sizeof caption_fonts / sizeof caption_fonts[0] };

static rd_rect caption_text_rect(rd_ctx *rd, rd_rect r)
{
    int pad = rd_px(rd, 10);
    return (rd_rect){r.x + pad, r.y + rd_px(rd, 4), r.w - 2 * pad, r.h - rd_px(rd, 6)};
}

/* Index in caption_fonts of the biggest font that shows text whole in the strip r (0 when it fits on
 * one line in the big font). */
static size_t caption_fit(rd_ctx *rd, rd_rect r, const char *text)
{
    if (!text || !text[0] || rd_text_width(rd, RD_BIG, text) <= r.w - 2 * rd_px(rd, 10)) return 0;
    rd_rect t = caption_text_rect(rd, r);
    for (size_t i = 0; i < NCAPTION_FONTS; i++)
        if (panel_wrap_lines(rd, caption_fonts[i], t.w, text) * rd_line_height(rd, caption_fonts[i]) <= t.h) return i;
    return NCAPTION_FONTS - 1;
}

/* The strip in the biggest font that shows the caption whole, but no bigger than caption_fonts[from]
 * (compare mode: both halves in one size) nor than a clip's font for all its frames (fr->caption_font). */
static void caption_draw_from(ui_frame *fr, rd_rect r, const char *caption, size_t from)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (r.w <= 0 || r.h <= 0) return;
    bool on = caption && caption[0];
    rd_fill(rd, r, on ? th->caption_bg : th->panel);
    rd_frame(rd, r, th->panel_edge, 1);
    int pad = rd_px(rd, 10);
    if (!on) { /* a prompt for the user at the screen, not for a room (F5) */
        if (!fr->audience) panel_text_in(fr, RD_SANS, rd_inset(r, pad), RD_LEFT, th->text_dim, "(no caption at this moment)");
        return;
    }
    size_t i = caption_fit(rd, r, caption);
    if (i < from) i = from;
    if (fr->caption_font > 0 && i < (size_t)fr->caption_font) i = (size_t)fr->caption_font;
    if (i >= NCAPTION_FONTS) i = NCAPTION_FONTS - 1;
    /* one line when it fits (centred), else wrapped */
    if (rd_text_width(rd, caption_fonts[i], caption) <= r.w - 2 * pad) {
        panel_text_in(fr, caption_fonts[i], rd_inset(r, pad), RD_CENTER, th->caption_text, caption);
        return;
    }
    panel_wrap(fr, caption_fonts[i], caption_text_rect(rd, r), th->caption_text, caption, 0);
}

void panel_caption_draw(ui_frame *fr, rd_rect r, const ui_view *v) { caption_draw_from(fr, r, v->caption, 0); }

/* What the strip shows for the sides' captions (n: 1, or 2 in compare mode, where "Press M for 3.7
 * ..." has nothing left to show: both versions are on screen): one caption across the strip
 * (false, *c0), or each side its own in its half (true, *c0 and *c1). b0, b1: bn bytes each. */
static bool strip_texts(const char *const *caps, int n, char *b0, char *b1, size_t bn, const char **c0, const char **c1)
{
    *c0 = caps[0];
    *c1 = NULL;
    if (n < 2) return false;
    *c0 = panel_compare_text(caps[0], b0, bn);
    *c1 = panel_compare_text(caps[1], b1, bn);
    bool same = (!*c0 || !(*c0)[0]) == (!*c1 || !(*c1)[0]) && (!*c0 || !(*c0)[0] || !strcmp(*c0, *c1));
    return !same;
}

static void strip_halves(rd_ctx *rd, rd_rect r, rd_rect *left, rd_rect *right)
{
    int g = rd_px(rd, 4), half = (r.w - g) / 2;
    *left = (rd_rect){r.x, r.y, half, r.h};
    *right = (rd_rect){r.x + half + g, r.y, r.w - half - g, r.h};
}

/* Index in caption_fonts of the font the strip r takes for what strip_texts() said: two captions
 * side by side read as one slide, so both take the size the longer one needs (a short 3.7 caption
 * in the big font beside a long 3.6 one in a small font looked like a headline). */
static size_t strip_fit(rd_ctx *rd, rd_rect r, bool split, const char *c0, const char *c1)
{
    if (!split) return caption_fit(rd, r, c0);
    rd_rect left, right;
    strip_halves(rd, r, &left, &right);
    size_t f0 = caption_fit(rd, left, c0), f1 = caption_fit(rd, right, c1);
    return f0 > f1 ? f0 : f1;
}

int panel_captions_font(rd_ctx *rd, rd_rect r, const char *const *captions, int n)
{
    char b0[1600], b1[1600]; /* a marked caption (view.h caption_marked) */
    const char *c0, *c1;
    bool split = strip_texts(captions, n, b0, b1, sizeof b0, &c0, &c1);
    return (int)strip_fit(rd, r, split, c0, c1);
}

int panel_captions_need(rd_ctx *rd, int strip_w, ui_view *const *views, int nviews)
{
    const char *caps[2] = {views[0]->caption, nviews > 1 ? views[1]->caption : NULL};
    char b0[1600], b1[1600];
    const char *c0, *c1;
    bool split = strip_texts(caps, nviews > 1 ? 2 : 1, b0, b1, sizeof b0, &c0, &c1);
    if (split) {
        int h0 = strip_need(rd, c0, strip_w, true), h1 = strip_need(rd, c1, strip_w, true);
        return h0 > h1 ? h0 : h1;
    }
    return c0 && c0[0] ? strip_need(rd, c0, strip_w, false) : 0;
}

/* The compare note in the strip: the panel's own colours (not a caption's), in the biggest font that
 * shows it whole, so it never reads as the scenario author's words */
static void compare_note_draw(ui_frame *fr, rd_rect r, const char *note)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    rd_fill(rd, r, th->panel);
    rd_frame(rd, r, th->panel_edge, 1);
    rd_rect t = caption_text_rect(rd, r);
    static const enum rd_font fonts[] = {RD_SANS, RD_SANS_SMALL};
    enum rd_font f = RD_SANS_SMALL;
    for (size_t i = 0; i < sizeof fonts / sizeof fonts[0]; i++)
        if (panel_wrap_lines(rd, fonts[i], t.w, note) * rd_line_height(rd, fonts[i]) <= t.h) { f = fonts[i]; break; }
    panel_wrap(fr, f, t, th->text, note, 0);
}

void panel_captions_draw(ui_frame *fr, rd_rect r, ui_view *const *views, int nviews)
{
    const char *caps[2] = {views[0]->caption, nviews > 1 ? views[1]->caption : NULL};
    char b0[1600], b1[1600];
    const char *c0, *c1;
    bool split = strip_texts(caps, nviews > 1 ? 2 : 1, b0, b1, sizeof b0, &c0, &c1);
    char note[900];
    if (!split && (!c0 || !c0[0]) && r.w > 0 && r.h > 0 && panel_compare_note_views(views, nviews, note, sizeof note)) {
        compare_note_draw(fr, r, note);
        return;
    }
    if (!split) { caption_draw_from(fr, r, c0, 0); return; }
    rd_rect left, right;
    strip_halves(fr->rd, r, &left, &right);
    size_t from = strip_fit(fr->rd, r, true, c0, c1);
    caption_draw_from(fr, left, c0, from);
    caption_draw_from(fr, right, c1, from);
}

void panel_side_head_draw(ui_frame *fr, rd_rect r, const ui_view *v)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (r.h <= 0) return;
    rd_fill(rd, r, v->mode == RV_MODE_KTHREAD ? rd_mix(th->panel, th->flavor[0], 0.18f) : rd_mix(th->panel, th->kernel, 0.25f));
    rd_frame(rd, r, th->panel_edge, 1);
    /* a side whose cpu_needs_another_gp() is the other kernel's (omap-stall's 3.7 half keeps 3.6's form,
     * as the -rcu branch Walmsley tested did; X gives 3.6 the fix) says so in its heading, not only in
     * a caption: a reviewer took "3.7" there for v3.7 as released */
    int fix = v->cfg ? v->cfg->rcu.needs_gp_fix : -1;
    const char *other = v->mode == RV_MODE_KTHREAD && fix == 0 ? "3.6's" : v->mode == RV_MODE_SOFTIRQ && fix == 1 ? "3.7's" : NULL;
    const char *drv = v->mode == RV_MODE_KTHREAD ? "by the rcu_* kthreads" : "from RCU_SOFTIRQ";
    char t[4][200];
    int nt = 0;
    /* The qualifier is what makes the two halves a fair comparison, the generic words repeat what the
     * panels show: a head too narrow for both keeps the qualifier, and is cut only where even that does
     * not fit (the hover tip has it whole). It fell back to "3.7 (kthread) — grace perio…" once, in a
     * fitted kernel-log picture. */
    if (other) {
        snprintf(t[nt++], sizeof t[0], "%s, with %s cpu_needs_another_gp() — grace periods driven %s", v->label, other, drv);
        snprintf(t[nt++], sizeof t[0], "%s, with %s cpu_needs_another_gp()", v->label, other);
    } else {
        /* shorter forms before a cut: a fitted timeline picture compared read "... driven from RCU_…"
         * and "... by the rc…", with nobody to hover */
        snprintf(t[nt++], sizeof t[0], "%s — grace periods driven %s", v->label, drv);
        snprintf(t[nt++], sizeof t[0], "%s — GPs driven %s", v->label, drv);
        snprintf(t[nt++], sizeof t[0], "%s — %s", v->label, v->mode == RV_MODE_KTHREAD ? "GP kthreads" : "GPs in RCU_SOFTIRQ");
        snprintf(t[nt++], sizeof t[0], "%s", v->label);
    }
    rd_rect in = rd_inset(r, rd_px(rd, 6));
    int k = 0;
    while (k + 1 < nt && rd_text_width(rd, RD_BOLD, t[k]) > in.w) k++;
    /* a cut qualifier is a loss the text fit must see: it excuses a side head's "…", which cuts only
     * the generic words of a head without one */
    if (other && rd_text_width(rd, RD_BOLD, t[k]) > in.w) rd_note_dropped(rd, 1);
    panel_text_in(fr, RD_BOLD, in, RD_LEFT, th->heading, t[k]);
}
