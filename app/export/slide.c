/* slide.c — draws an exported picture: the window's, a clean slide, or one panel; same panels as the window. */
#include "export/export.h"
#include "view/layout_export.h"

#include <stdio.h>
#include <string.h>

/* Views for every session, built as ui_app_draw builds them (same flash window). */
static int build_views(ui_app *a, rd_ctx *rd, ui_view **views)
{
    a->fr.rd = rd;
    a->fr.th = ui_theme_get(a->st.theme);
    a->fr.nhits = 0;
    ui_app_config_badge(a, a->st.config_badge, sizeof a->st.config_badge); /* read by the views (cue captions) */
    for (int i = 0; i < a->nsessions; i++) {
        ui_session *s = &a->s[i];
        ui_view_build(&s->view, s->tt, s->have_rep ? &s->rep : NULL, &a->st, s->label);
        views[i] = &s->view;
    }
    int64_t jiffy = a->base.hz > 0 ? 1000000000LL / a->base.hz : 1000000;
    a->st.flash_ns = (int64_t)(a->st.speed * 0.25e9);
    if (a->st.flash_ns < jiffy) a->st.flash_ns = jiffy;
    return a->nsessions;
}

/* The top bar of a slide: what and when, no controls. */
static void bar_time(char *b, size_t n, int64_t ns, int digits);

static void title_strip(ui_frame *fr, rd_rect r, const ui_app *a, const ui_view *v, int clock_digits)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (r.h <= 0) return;
    rd_fill(rd, r, th->panel);
    rd_line(rd, r.x, r.y + r.h - 1, r.x + r.w, r.y + r.h - 1, th->panel_edge);
    char tb[64], t[512];
    if (clock_digits == 6 || clock_digits == 9) bar_time(tb, sizeof tb, v->moment >= 0 ? v->moment : v->now, clock_digits);
    else ui_fmt_clock(tb, sizeof tb, v);
    unsigned long long jf = v->hz > 0 ? (unsigned long long)(v->now / (1000000000LL / v->hz)) : 0;
    /* a lecture cue's title, as the window's presentation bar shows it: the best title a slide has */
    snprintf(t, sizeof t, "%s · %s · %s · t = %s (jiffy %llu)%s%s", a->name, a->st.compare ? "3.6 vs 3.7" : v->label,
             rv_flavor_name(v->flavor), tb, jf, v->cue_title && v->cue_title[0] ? " · " : "", v->cue_title ? v->cue_title : "");
    int pad = rd_px(rd, 8), room = r.w - 2 * pad, tw = rd_text_width(rd, RD_BOLD, t);
    if (!a->st.config_badge[0]) {
        rd_text_in(rd, RD_BOLD, (rd_rect){r.x + pad, r.y, room, r.h}, RD_LEFT, th->heading, t);
        return;
    }
    /* a run that is not the file's says so, as the window's top bar does with the same filled badge
     * (overlays.c): a slide of "--set rcu.fast_no_hz=false" must not pass for the shipped scenario.
     * It follows the title; when both do not fit, the badge keeps at most half the line. */
    char b[300];
    snprintf(b, sizeof b, "changed: %s", a->st.config_badge);
    int gap = rd_px(rd, 12), bw = rd_text_width(rd, RD_SANS_SMALL, b) + rd_px(rd, 8);
    if (tw + gap + bw > room) {
        if (bw > room / 2) bw = room / 2;
        if (tw > room - gap - bw) tw = room - gap - bw;
    }
    rd_text_in(rd, RD_BOLD, (rd_rect){r.x + pad, r.y, tw, r.h}, RD_LEFT, th->heading, t);
    int in = rd_px(rd, 4), bh = rd_line_height(rd, RD_SANS_SMALL) + in;
    if (bh > r.h - in) bh = r.h - in;
    rd_rect br = {r.x + pad + tw + gap, r.y + (r.h - bh) / 2, bw, bh};
    rd_fill(rd, br, th->stall);
    rd_text_in(rd, RD_SANS_SMALL, (rd_rect){br.x + in, br.y, br.w - 2 * in, br.h}, RD_LEFT, rd_rgb(0xFFFFFF), b);
}

/* The band above one panel of a changed run: the scenario and the same filled badge as a slide's
 * title line (title_strip), so that two panel pictures side by side say which is the shipped run. */
static void changed_band(ui_frame *fr, rd_rect r, const ui_app *a)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int pad = rd_px(rd, 8), in = rd_px(rd, 4), gap = rd_px(rd, 10);
    char b[300];
    snprintf(b, sizeof b, "changed: %s", a->st.config_badge);
    int room = r.w - 2 * pad;
    int nw = rd_text_width(rd, RD_SANS_SMALL, a->name);
    int bw = rd_text_width(rd, RD_SANS_SMALL, b) + 2 * in;
    if (nw + gap + bw > room) { /* the badge first: it is what the band is for */
        if (bw > room) bw = room;
        nw = room - bw - gap > 0 ? room - bw - gap : 0;
    }
    if (nw > 0) rd_text_in(rd, RD_SANS_SMALL, (rd_rect){r.x + pad, r.y, nw, r.h}, RD_LEFT, th->heading, a->name);
    int bh = rd_line_height(rd, RD_SANS_SMALL) + in;
    if (bh > r.h - in) bh = r.h - in;
    rd_rect br = {r.x + pad + (nw > 0 ? nw + gap : 0), r.y + (r.h - bh) / 2, bw, bh};
    rd_fill(rd, br, th->stall);
    rd_text_in(rd, RD_SANS_SMALL, (rd_rect){br.x + in, br.y, br.w - 2 * in, br.h}, RD_LEFT, rd_rgb(0xFFFFFF), b);
}

/* One panel's title line (--panel): which run and moment the picture is of, in the small font so the
 * panel keeps its room. A picture of the kernel log alone said neither scenario, kernel nor time. */
static void panel_title_band(ui_frame *fr, rd_rect r, const ui_app *a, const ui_view *v, int clock_digits)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    if (r.h <= 0) return;
    char tb[64], t[512], t2[512];
    if (clock_digits == 6 || clock_digits == 9) bar_time(tb, sizeof tb, v->moment >= 0 ? v->moment : v->now, clock_digits);
    else ui_fmt_clock(tb, sizeof tb, v);
    const char *kernel = a->st.compare ? "3.6 vs 3.7" : v->label;
    snprintf(t, sizeof t, "%s · %s · %s · t = %s%s%s", a->name, kernel, rv_flavor_name(v->flavor), tb,
             v->cue_title && v->cue_title[0] ? " · " : "", v->cue_title ? v->cue_title : "");
    snprintf(t2, sizeof t2, "%s · %s · t = %s", a->name, kernel, tb); /* a narrow picture: the flavor and cue go first */
    int pad = rd_px(rd, 8), room = r.w - 2 * pad;
    rd_text_in(rd, RD_SANS_SMALL, (rd_rect){r.x + pad, r.y, room, r.h}, RD_LEFT, th->heading,
               rd_text_width(rd, RD_SANS_SMALL, t) <= room ? t : t2);
}

static void draw_side_panels(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st)
{
    /* compare: the why panel lives in each side's klog slot, as in the window */
    panel_draw_sides(fr, L, views, nviews, st, L->why_floating && (st->sel_cpu >= 0 || st->sel_node >= 0));
}

int ex_cue_bar_height(rd_ctx *rd) { return rd_line_height(rd, RD_BOLD) + rd_px(rd, 10); }

/* The bar's fonts, biggest first: a clip takes the biggest in which every frame's words fit; after
 * them, the smallest on two rows (EX_BAR_TWO_ROWS). */
static const enum rd_font cue_fonts[] = {RD_BOLD, RD_SANS, RD_SANS_SMALL};
enum { NCUE_FONTS = sizeof cue_fonts / sizeof cue_fonts[0] };
_Static_assert((int)EX_BAR_TWO_ROWS == (int)NCUE_FONTS, "two rows come after the one-row fonts");

/* The bar's height as look draws it: two rows of the smallest font, or one of the biggest. */
static int bar_height(rd_ctx *rd, const ex_look *look)
{
    if (look && look->bar_font == EX_BAR_TWO_ROWS) return 2 * rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 10);
    return ex_cue_bar_height(rd);
}

/* Seconds with exactly digits decimals (6 or 9): one width for every frame of a clip, where the
 * window's clock prints as many as the time needs ("0.009395302 s", then "0.012100 s") */
static void bar_time(char *b, size_t n, int64_t ns, int digits)
{
    long long s = (long long)(ns / 1000000000LL), frac = (long long)(ns % 1000000000LL);
    if (digits == 6) snprintf(b, n, "%lld.%06lld s", s, frac / 1000);
    else snprintf(b, n, "%lld.%09lld s", s, frac);
}

void ex_cue_bar_text(char *buf, size_t n, int64_t clock_ns, int64_t ev_t, const char *what, const char *side, int digits)
{
    char tb[40], te[40];
    bar_time(tb, sizeof tb, clock_ns, digits);
    if (ev_t < 0) { snprintf(buf, n, "t = %s", tb); return; }
    bar_time(te, sizeof te, ev_t, digits);
    /* "event at", not "last event": a clip's frame names the weightiest one since the frame before
     * (view.c bar_event_of()), which readers may have followed */
    snprintf(buf, n, "t = %s   %sevent at %s: %s", tb, side, te, what);
}

/* The bar's strip and the room its words have in it */
static rd_rect bar_rect(rd_ctx *rd, rd_rect top_bar, const ex_look *look)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    int bh = bar_height(rd, look);
    return top_bar.h > 0 ? (rd_rect){0, 0, w, top_bar.y + top_bar.h > bh ? top_bar.y + top_bar.h : bh} : (rd_rect){0, h - bh, w, bh};
}

int ex_cue_bar_fit(rd_ctx *rd, const char *text)
{
    int room = bar_rect(rd, (rd_rect){0, 0, 0, 0}, NULL).w - 2 * rd_px(rd, 5);
    for (int i = 0; i < NCUE_FONTS; i++)
        if (rd_text_width(rd, cue_fonts[i], text) <= room) return i;
    return panel_wrap_lines(rd, RD_SANS_SMALL, room, text) <= 2 ? EX_BAR_TWO_ROWS : -1;
}

/* text ended at the last word that leaves room for "…" (the renderer alone cut "(not reported yet)"
 * to "(n…"); text itself when it fits */
static const char *bar_words(rd_ctx *rd, enum rd_font f, const char *text, int room, char *buf, size_t n)
{
    if (rd_text_width(rd, f, text) <= room) return text;
    snprintf(buf, n, "%s", text);
    for (char *sp = strrchr(buf, ' '); sp && sp > buf; sp = strrchr(buf, ' ')) {
        *sp = 0;
        size_t l = strlen(buf);
        while (l && (buf[l - 1] == ',' || buf[l - 1] == ':' || buf[l - 1] == ' ')) buf[--l] = 0;
        if (l + sizeof " …" > n) continue;
        memcpy(buf + l, " …", sizeof " …");
        if (rd_text_width(rd, f, buf) <= room) return buf;
        buf[l] = 0;
    }
    return text; /* not even one word fits: the renderer cuts it */
}

/* The cue bar of an animation: when we are and what just happened. A slide or a single panel leaves
 * the bottom strip free for it (draw_look); the window's picture has its controls on top (top_bar),
 * which a clip cannot use, so there it covers them instead of the caption at the bottom. In compare the
 * latest event is the left side's, and the bar says so. */
static void cue_bar(ui_frame *fr, const ui_view *v, rd_rect top_bar, bool compare, const ex_look *look)
{
    rd_ctx *rd = fr->rd;
    rd_rect r = bar_rect(rd, top_bar, look);
    rd_fill(rd, r, fr->th->caption_bg);
    int64_t clock = v->moment >= 0 ? v->moment : v->now;
    int digits = look->bar_digits;
    if (digits != 6 && digits != 9) /* one picture: as many as its times need */
        digits = clock % 1000 || (v->bar_event_t >= 0 && v->bar_event_t % 1000) ? 9 : 6;
    char t[600], cut[600];
    const char *side = compare && v->bar_event_t >= 0 ? (v->mode == RV_MODE_SOFTIRQ ? "3.6: " : "3.7: ") : "";
    ex_cue_bar_text(t, sizeof t, clock, v->bar_event_t, v->bar_event, side, digits);
    rd_rect in = rd_inset(r, rd_px(rd, 5));
    if (look->bar_font == EX_BAR_TWO_ROWS) { /* a clip whose words need it in every frame's bar */
        panel_wrap_fit(fr, RD_SANS_SMALL, in, fr->th->caption_text, t);
        return;
    }
    int fi = look->bar_font < 0 ? 0 : look->bar_font >= NCUE_FONTS ? NCUE_FONTS - 1 : look->bar_font;
    enum rd_font f = cue_fonts[fi];
    rd_text_in(rd, f, in, RD_LEFT, fr->th->caption_text, bar_words(rd, f, t, in.w, cut, sizeof cut));
}

static void draw_look(ui_app *a, rd_ctx *rd, const ex_look *look);

void ex_draw(ui_app *a, rd_ctx *rd, const ex_look *look)
{
    draw_look(a, rd, look);
    if (look->cues && a->nsessions)
        cue_bar(&a->fr, &a->s[0].view, !look->clean && look->panel < 0 ? a->L.top : (rd_rect){0, 0, 0, 0}, a->st.compare, look);
}

/* The caption strip of an exported picture: the window's, without its "(no caption at this
 * moment)". A side with nothing to say gets an empty box, as a clip's strip between captions; in
 * compare the side that has a caption keeps it in its half (overlays.c's strip_texts splits the
 * strip the same way: a caption, after its "Press M ..." sentences are dropped, on one side only). */
static void export_strip(ui_frame *fr, rd_rect r, ui_view *const *views, int n)
{
    if (r.w <= 0 || r.h <= 0 || n <= 0) return;
    char b[2][1600]; /* a marked caption (view.h caption_marked) */
    const char *c[2] = {NULL, NULL};
    bool on[2] = {false, false};
    for (int i = 0; i < n && i < 2; i++) {
        c[i] = n > 1 ? panel_compare_text(views[i]->caption, b[i], sizeof b[i]) : views[i]->caption;
        on[i] = c[i] && c[i][0];
    }
    if (on[0] && (n < 2 || on[1])) { panel_captions_draw(fr, r, views, n); return; }
    rd_ctx *rd = fr->rd;
    if (!on[0] && (n < 2 || !on[1])) {
        /* 3.6 and 3.7 side by side with nothing to say: the window's note on their RCU time (overlays.c) */
        char note[900];
        if (panel_compare_note_views(views, n, note, sizeof note)) {
            panel_captions_draw(fr, r, views, n);
            return;
        }
        rd_fill(rd, r, fr->th->panel);
        rd_frame(rd, r, fr->th->panel_edge, 1);
        return;
    }
    /* one side only: its half as panel_captions_draw lays the halves out (overlays.c, strip_halves) */
    int g = rd_px(rd, 4), half = (r.w - g) / 2, k = on[0] ? 0 : 1;
    rd_rect halves[2] = {{r.x, r.y, half, r.h}, {r.x + half + g, r.y, r.w - half - g, r.h}};
    rd_fill(rd, halves[1 - k], fr->th->panel);
    rd_frame(rd, halves[1 - k], fr->th->panel_edge, 1);
    ui_view *v = views[k];
    const char *own = v->caption;
    v->caption = c[k]; /* without the "Press M ..." that compare has no use for */
    panel_caption_draw(fr, halves[k], v);
    v->caption = own;
}

/* A caption as look shows it: a slide or one panel has no keyboard, so the sentences that ask for a
 * key ("Press M for 3.7 ...") go (into buf); the window's picture keeps them. */
static const char *shown_caption(const ex_look *look, const char *c, char *buf, size_t n)
{
    return look->clean || look->panel >= 0 ? panel_slide_text(c, buf, n) : c;
}

/* The views' captions as look shows them while a slide is laid out and drawn; their own are kept in
 * was, for put_captions_back (the views keep pointing at the scenario's own text after the picture). */
static void show_captions(const ex_look *look, ui_view *const *views, int n, char bufs[2][4096], const char *was[2])
{
    for (int i = 0; i < n; i++) {
        was[i] = views[i]->caption;
        views[i]->caption = shown_caption(look, views[i]->caption, bufs[i], sizeof bufs[i]);
    }
}

static void put_captions_back(ui_view *const *views, int n, const char *const was[2])
{
    for (int i = 0; i < n; i++) views[i]->caption = was[i];
}

/* The strip under one panel at a cue (width w): as tall as the cue's words take in the plain font
 * (the panel is the picture; the words go beside it as a note), the same on both sides of compare, and no taller than most (the strip then takes a smaller
 * font); 0 when not even the smallest font holds them in most: a thumbnail keeps its panel rather than
 * show the words cut. */
static int cue_strip_height(rd_ctx *rd, ui_view *const *views, int n, int w, int most)
{
    int pad = rd_px(rd, 10), tw = w - 2 * pad, bold = 0, small = 0;
    for (int i = 0; i < n; i++) {
        const char *c = views[i]->caption;
        if (!c || !c[0]) continue;
        int b = panel_wrap_lines(rd, RD_SANS, tw, c) * rd_line_height(rd, RD_SANS);
        int s = panel_wrap_lines(rd, RD_SANS_SMALL, tw, c) * rd_line_height(rd, RD_SANS_SMALL);
        if (b > bold) bold = b;
        if (s > small) small = s;
    }
    int chrome = rd_px(rd, 6) + rd_px(rd, 4); /* the strip's text inset (overlays.c, caption_text_rect) and a margin */
    if (small + chrome > most) return 0;
    return bold + chrome < most ? bold + chrome : most;
}

/* A slide's or one panel's layout into a->L for views (their captions as shown), over rd's picture
 * less the cue bar's strip at its bottom. */
static void lay_out_slide(ui_app *a, rd_ctx *rd, const ex_look *look, ui_view *const *views, int n)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    if (look->cues) h -= bar_height(rd, look); /* the bar goes below the picture, not over its caption */
    a->st.no_caption_lane = false; /* one panel: no strip says the captions (set below for a slide) */
    if (look->panel >= 0) {
        /* a panel of a run that is not the file's says so above it, as a slide's title line does: the
         * accounting panel of "--set rcu.fast_no_hz=false" looked like the shipped one but for its numbers */
        int band = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 12); /* and any panel its title line */
        /* one panel at a lecture cue keeps the cue's words under it, as the whole picture at that cue
         * does: a speaker's timeline of hackbench's cue 3 came without the sentence the cue says, its
         * captions lane showing the file's timed caption cut to three lines instead. --no-caption
         * (look->caption 0) leaves it out; a clip (its layout fixed for every frame) has no cue. */
        bool cue_words = false;
        for (int i = 0; i < n; i++) cue_words |= views[i]->caption_is_cue && views[i]->caption && views[i]->caption[0];
        int cap_h = 0, g = rd_px(rd, 4);
        if (cue_words && look->caption != 0 && look->panel != UI_PANEL_CAPTION && !a->klog_hold)
            cap_h = cue_strip_height(rd, views, n, w - 2 * g, (h - band) / 4); /* the panel keeps three quarters */
        ui_layout_single(&a->L, rd, w, h - (cap_h > 0 ? cap_h + g : 0), &a->st, look->panel, band);
        if (cap_h > 0) {
            a->L.whole.h = h;
            a->L.caption = (rd_rect){g, h - g - cap_h, w - 2 * g, cap_h};
            a->st.no_caption_lane = true; /* the strip says the cue; the timeline's lane would say another caption */
        }
        return;
    }
    /* compare: either side's caption counts, and each side shows its own (panel_captions_draw()
     * splits the strip when they differ), so the strip is sized for half the width as the
     * window sizes it; 3.6's stall caption must never stand for both sides */
    bool logged = false, captioned = false;
    for (int i = 0; i < n; i++) {
        logged |= views[i]->klog_total > 0;
        captioned |= views[i]->caption && views[i]->caption[0];
    }
    if (look->klog >= 0) logged = look->klog;
    if (look->caption >= 0) captioned = look->caption;
    int cap_w = w - rd_px(rd, 8);
    int cap_h = captioned ? panel_caption_height(rd, views[0], n > 1 ? cap_w / 2 : cap_w, cap_w) : 0; /* cues span it (app.c) */
    /* no caption, but 3.6 and 3.7 side by side: the strip the window shows then holds the compare note (RCU
     * time split into sleep/wake and the rest, the machinery per GP), which a speaker's slide had lost */
    char note[900];
    if (!captioned && look->caption != 0 && panel_compare_note_views(views, n, note, sizeof note)) {
        const char *was = views[0]->caption;
        views[0]->caption = note; /* measured as a caption: the note's own font is no larger */
        cap_h = panel_caption_height(rd, views[0], cap_w, cap_w);
        views[0]->caption = was;
    }
    /* the strip shows the captions whole, so the timelines leave their captions lane out (timeline.c,
     * caption_lane()). Compare mode too: the strip splits under the halves when their captions differ,
     * each half's own under it (panel_captions_draw()), and a cue's caption, one for both, stands in
     * for the scenario's caption that the lane's box of now would cut to a few words. A strip holding
     * the compare note (no caption now) keeps the lanes: they are then the only place captions show. */
    a->st.no_caption_lane = captioned && cap_h > 0;
    int title_h = rd_line_height(rd, RD_BOLD) + rd_px(rd, 10);
    /* compare's why answers take the kernel log's slot: with a CPU or node selected an empty log is not
     * dropped (hackbench compared with --select 3 --clean drew no Why panel at all) */
    bool selected = a->st.sel_cpu >= 0 || a->st.sel_node >= 0;
    ui_layout_clean(&a->L, rd, w, h, &a->st, title_h, cap_h, !logged && !(a->st.compare && selected));
    /* a log with lines keeps only their height (as the window does when presenting); not with compare's
     * why answers in its slot, nor in a clip (its layout is fixed for all frames) */
    bool why_in_klog = a->L.why_floating && (a->st.sel_cpu >= 0 || a->st.sel_node >= 0);
    if (logged && !why_in_klog && !a->klog_hold) panel_layout_fit_klog(&a->fr, &a->L, views, n);
    /* then as the window does (app.c, ui_app_layout): the strip's empty band to a CPU time panel short of
     * its first rows, the tree's unused height to "Why is it waiting?". A clip's slides keep the layout
     * they were given, which depends on nothing a frame shows, so its panels do not move frame to frame. */
    if (!a->klog_hold) panel_layout_share_room(&a->fr, &a->L, views, n, &a->st);
}

int ex_captions(ui_app *a, rd_ctx *rd, const ex_look *look, char bufs[2][4096], const char *caps[2])
{
    ui_view *views[2] = {NULL, NULL};
    int n = build_views(a, rd, views);
    for (int i = 0; i < n; i++) caps[i] = shown_caption(look, views[i]->caption, bufs[i], sizeof bufs[i]);
    return n;
}

void ex_layout(ui_app *a, rd_ctx *rd, const ex_look *look)
{
    ui_view *views[2] = {NULL, NULL};
    int n = build_views(a, rd, views);
    if (!n) return;
    if (!look->clean && look->panel < 0) {
        ui_app_layout(a, rd, views);
        return;
    }
    bool was_clean = a->st.clean;
    a->st.clean = true;
    char bufs[2][4096];
    const char *was[2] = {NULL, NULL};
    show_captions(look, views, n, bufs, was);
    lay_out_slide(a, rd, look, views, n);
    put_captions_back(views, n, was);
    a->st.clean = was_clean;
    a->st.no_caption_lane = false;
}

static void draw_look(ui_app *a, rd_ctx *rd, const ex_look *look)
{
    if (!look->clean && look->panel < 0) {
        a->caption_strip = export_strip;
        ui_app_draw(a, rd);
        a->caption_strip = NULL;
        return;
    }
    ui_view *views[2] = {NULL, NULL};
    int n = build_views(a, rd, views);
    rd_begin(rd, a->fr.th->bg);
    if (!n) return;
    ui_state *st = &a->st;
    bool was_clean = st->clean;
    st->clean = true;
    char bufs[2][4096];
    const char *was[2] = {NULL, NULL};
    show_captions(look, views, n, bufs, was);
    lay_out_slide(a, rd, look, views, n);
    ui_frame *fr = &a->fr;
    if (look->panel >= 0) {
        if (look->panel == UI_PANEL_WHY && st->compare) {
            /* each half explains its own engine; draw the why panel into the klog slots */
            for (int i = 0; i < a->L.nsides && i < n; i++) {
                fr->side = i;
                panel_side_head_draw(fr, a->L.side[i].head, views[i]);
                panel_why_draw(fr, a->L.side[i].klog, views[i], st, false);
            }
            fr->side = 0;
        } else draw_side_panels(fr, &a->L, views, n, st);
        if (a->L.why.h > 0) panel_why_draw(fr, a->L.why, views[0], st, false);
        if (a->L.caption.h > 0) export_strip(fr, a->L.caption, views, n); /* compare: each side its own */
        if (a->L.top.h > 0 && a->st.config_badge[0]) changed_band(fr, a->L.top, a);
        else if (a->L.top.h > 0) panel_title_band(fr, a->L.top, a, views[0], look->clock_digits);
    } else {
        draw_side_panels(fr, &a->L, views, n, st);
        if (!a->L.why_floating) panel_why_draw(fr, a->L.why, views[0], st, false);
        /* a clip keeps its caption strip between captions: empty, no placeholder words */
        if (a->L.caption.h > 0) export_strip(fr, a->L.caption, views, n);
        title_strip(fr, a->L.top, a, views[0], look->clock_digits);
    }
    put_captions_back(views, n, was);
    st->clean = was_clean;
    st->no_caption_lane = false;
}
