/* room.c — layout steps that need the panels' own measures, shared by the window and `rcuvis shot` so a slide lays out as the window does. */
#include "panels/panels.h"

#include <string.h>

/* One view: the "Why is it waiting?" panel under the tree gets the height a small tree leaves
 * unused. omap-stall's one node of two bits left the tree panel half empty while cue 4's answer
 * (why 75 s of idle did not count) stopped behind "▼ 4 more lines". */
static void give_why_the_trees_spare_room(ui_frame *fr, ui_layout *L, const ui_view *v)
{
    ui_side *s = &L->side[0];
    if (L->nsides != 1 || L->why.h <= 0 || s->tree.h <= 0 || L->why.x != s->tree.x) return;
    int spare = s->tree.h - panel_tree_height_needed(fr, s->tree.w, v, s->tree.h);
    if (spare <= 0) return;
    s->tree.h -= spare;
    L->why.y -= spare;
    L->why.h += spare;
}

/* The band of the strip its shown captions leave empty: what it can give while they keep their font. */
static int caption_spare(rd_ctx *rd, const ui_layout *L, ui_view *const *views, int n)
{
    rd_rect cap = L->caption;
    if (cap.h <= 0) return 0;
    const char *caps[2] = {views[0]->caption, n > 1 ? views[1]->caption : NULL};
    int font = panel_captions_font(rd, cap, caps, n);
    if (font >= 3) return 0; /* already the smallest font, which may not show it whole */
    /* the least height at which the strip keeps that font (a bigger strip never takes a smaller one) */
    int lo = rd_line_height(rd, RD_BIG) + 2 * rd_px(rd, 10), hi = cap.h;
    if (lo >= hi) return 0;
    while (lo < hi) {
        rd_rect t = cap;
        t.h = (lo + hi) / 2;
        if (panel_captions_font(rd, t, caps, n) <= font) hi = t.h;
        else lo = t.h + 1;
    }
    return cap.h - lo;
}

/* The caption strip is as tall as the scenario's longest caption needs, so the panels keep still as
 * captions change; the one shown may leave a band of it empty (hackbench's cue 3 at 120 % in a
 * 1280x720 window: ~60 px under its four lines, while the CPU time panel above cut its top list
 * before rcu_sched, the thread the caption sends the room to). When a side's CPU time panel cannot
 * show the rows it keeps first, the strip gives it that band, down to what the shown captions need in
 * the font they take now (so their text does not change), and no more than the panel lacks. */
static void give_the_accounting_the_captions_spare_room(rd_ctx *rd, ui_layout *L, ui_view *const *views, int nviews,
                                                        const ui_state *st)
{
    int n = L->nsides < nviews ? L->nsides : nviews;
    if (L->caption.h <= 0 || n <= 0) return;
    int want = 0;
    for (int i = 0; i < n; i++) {
        int s = panel_accounting_shortfall(rd, L->side[i].acct, views[i], st);
        if (s > want) want = s;
    }
    if (!want) return;
    int spare = caption_spare(rd, L, views, n);
    ui_layout_caption_give(L, spare < want ? spare : want);
}

/* Compare mode: a caption that points at the tree ("The 3.6 tree on the left is shaped for NR_CPUS=64",
 * "the tree shows it over") over trees squeezed to a sliver (hackbench's cue 2 and omap-stall's cue 5 at
 * the largest scale 1280x720 allows). The timelines give the CPUs-and-tree row what the trees lack,
 * down to a line per lane (panel_timeline_min_height()), the same on both sides so the halves stay level. */
static void give_a_cited_tree_the_timelines_room(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews, const ui_state *st)
{
    if (L->nsides != 2 || nviews < 2) return;
    bool cited = false;
    for (int i = 0; i < 2; i++) cited |= views[i]->caption && strstr(views[i]->caption, "tree") != NULL;
    if (!cited) return;
    rd_ctx *rd = fr->rd;
    int lh = rd_line_height(rd, RD_SANS_SMALL), surplus = 1 << 30;
    for (int i = 0; i < 2; i++) {
        int s = L->side[i].timeline.h - panel_timeline_min_height(rd, views[i], st);
        if (s < surplus) surplus = s;
        if (L->side[i].tree.h <= 0) return;
    }
    if (surplus <= 0) return;
    int d = surplus; /* the least that lets both trees lay out with room to spare, else all there is */
    for (int t = 0; t <= surplus; t += lh) {
        bool fits = true;
        for (int i = 0; i < 2 && fits; i++) {
            int h = L->side[i].tree.h + t;
            fits = panel_tree_height_needed(fr, L->side[i].tree.w, views[i], h) < h;
        }
        if (fits) { d = t; break; }
    }
    if (d <= 0) return;
    for (int i = 0; i < 2; i++) {
        ui_side *s = &L->side[i];
        s->cpus.h += d;
        s->tree.h += d;
        s->acct.y += d;
        s->timeline.y += d;
        s->timeline.h -= d;
    }
}

/* Compare mode with a CPU or node selected: each half answers "Why is it waiting?" in its kernel log's
 * slot, 15 % of the half. At 1280x720 at 115 % that was two lines, and 3.6's answer for hackbench's CPU 4
 * ("...is running kernel code: a tick there is no rcu_sched quiescent state, since ...") stopped
 * mid-sentence. The timelines give the slots what the answers want (panel_why_height_wanted()), down to a
 * line per lane; the same on both sides so the halves stay level. The CPU time panel, which holds the
 * two kernels' figures, keeps its rows. */
static void give_the_why_answers_the_timelines_room(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews,
                                                    const ui_state *st)
{
    if (L->nsides != 2 || nviews < 2 || !L->why_floating || (st->sel_cpu < 0 && st->sel_node < 0)) return;
    rd_ctx *rd = fr->rd;
    int want = 0, surplus = 1 << 30;
    for (int i = 0; i < 2; i++) {
        ui_side *s = &L->side[i];
        if (s->klog.h <= 0 || s->timeline.h <= 0) return;
        int lack = panel_why_height_wanted(rd, s->klog.w, views[i], false) - s->klog.h;
        if (lack > want) want = lack;
        int sp = s->timeline.h - panel_timeline_min_height(rd, views[i], st);
        if (sp < surplus) surplus = sp;
    }
    int d = want < surplus ? want : surplus;
    if (d <= 0) return;
    for (int i = 0; i < 2; i++) {
        ui_side *s = &L->side[i];
        s->timeline.h -= d;
        s->klog.y -= d;
        s->klog.h += d;
    }
}

/* The least room either half's CPU time panel can give while keeping its rows ahead of the top list,
 * and the top list's first rows too when top_too (compared, the halves give the same). */
static int accounting_spare(rd_ctx *rd, const ui_layout *L, ui_view *const *views, const ui_state *st, bool top_too)
{
    int spare = 1 << 30;
    for (int i = 0; i < 2; i++) {
        int s = panel_accounting_spare(rd, L->side[i].acct, views[i], views[1 - i], st, top_too);
        if (s < spare) spare = s;
    }
    return spare;
}

/* Compare's compact layout (no timeline, UI_MIN_COMPARE_W): what a lecturer reads from the back of the
 * room at 133 % goes first, and the CPU time panel, which took the timeline's height, gives it back.
 * With a CPU or node selected, each half's Why answer gets what its whole answer wants from that panel,
 * down to the rows ahead of its top list (the two kernels' figures); hackbench's CPU 4 at 1280x720 read
 * one line of 3.6's answer over "▼ 4 more lines" beside a band of empty panel. A caption that cites
 * the tree gets the trees what they lack to draw their boxes, from the caption strip's empty band, then
 * from that panel down to its rows and its top list's first RCU thread. The same on both sides so the
 * halves stay level. */
static void compact_gives_from_the_accounting(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews, const ui_state *st)
{
    if (L->nsides != 2 || nviews < 2 || !L->compact) return;
    rd_ctx *rd = fr->rd;
    if ((st->sel_cpu >= 0 || st->sel_node >= 0) && L->why_floating) {
        int want = 0;
        for (int i = 0; i < 2; i++) {
            ui_side *s = &L->side[i];
            if (s->klog.h <= 0) return;
            int lack = panel_why_height_wanted(rd, s->klog.w, views[i], true) - s->klog.h;
            if (lack > want) want = lack;
        }
        if (want <= 0) return;
        int spare = accounting_spare(rd, L, views, st, false), d = want < spare ? want : spare;
        for (int i = 0; d > 0 && i < 2; i++) {
            ui_side *s = &L->side[i];
            s->acct.h -= d;
            s->timeline.y -= d;
            s->klog.y -= d;
            s->klog.h += d;
        }
        return;
    }
    bool cited = false;
    for (int i = 0; i < 2; i++) cited |= views[i]->caption && strstr(views[i]->caption, "tree") != NULL;
    if (!cited) return;
    /* what both trees lack to lay out their boxes (hackbench's cue 2, "The 3.6 tree on the left is
     * shaped for NR_CPUS=64", drew 3.6's as two lines of words), else all there is */
    int lh = rd_line_height(rd, RD_SANS_SMALL), lack = 0;
    for (int t = 0; t <= rd_px(rd, 300); t += lh) {
        lack = t;
        bool fits = true;
        for (int i = 0; i < 2 && fits; i++) {
            int h = L->side[i].tree.h + t;
            fits = panel_tree_draws_boxes(fr, L->side[i].tree.w, views[i], h) && panel_tree_height_needed(fr, L->side[i].tree.w, views[i], h) < h;
        }
        if (fits) break;
    }
    if (lack <= 0) return;
    /* first the band the caption strip leaves empty (through the CPU time panel above it) */
    int cs = caption_spare(rd, L, views, 2);
    ui_layout_caption_give(L, cs < lack ? cs : lack);
    int spare = accounting_spare(rd, L, views, st, true), d = spare < lack ? spare : lack;
    for (int i = 0; d > 0 && i < 2; i++) {
        ui_side *s = &L->side[i];
        s->cpus.h += d;
        s->tree.h += d;
        s->acct.y += d;
        s->acct.h -= d;
    }
}

void panel_layout_fit_klog(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews)
{
    int n = L->nsides < nviews ? L->nsides : nviews, keep = 0;
    for (int i = 0; i < n; i++) {
        rd_rect k = L->side[i].klog;
        if (k.h <= 0) return; /* already left out */
        int need = panel_klog_height_needed(fr->rd, k.w, views[i], k.h);
        if (need > keep) keep = need; /* the halves stay level: the longer log sets both */
    }
    if (keep > 0) ui_layout_fold_klog(L, keep);
}

/* Marks of a series with now < t <= until. */
static int marks_between(const ui_mark *m, size_t n, int64_t now, int64_t until)
{
    int c = 0;
    for (size_t i = 0; i < n; i++) c += m[i].t > now && m[i].t <= until;
    return c;
}

int panel_klog_stretch_height(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, int64_t until, bool *known)
{
    rd_ctx *rd = fr->rd;
    int n = L->nsides < nviews ? L->nsides : nviews, keep = ui_layout_klog_title_h(rd);
    int lh = rd_line_height(rd, RD_MONO_SMALL), chrome = panel_chrome_height(rd);
    *known = true;
    for (int i = 0; i < n; i++) {
        const ui_view *v = views[i];
        rd_rect k = L->side[i].klog;
        if (k.h <= 0) continue;
        if (v->known_until < until && v->known_until < v->end) *known = false;
        int coming = 0;
        if (v->hist) /* each such event writes one log entry (stall.c record_stall(), hotplug.c) */
            coming = marks_between(v->hist->stalls.v, v->hist->stalls.n, v->now, until) +
                     marks_between(v->hist->hotplug.v, v->hist->hotplug.n, v->now, until);
        int most = lh > 0 ? (k.h - chrome) / lh : 0;
        int rows = v->klog_total > 0 ? panel_klog_rows(rd, k.w, v, most) : 0;
        if (rows + coming == 0) continue; /* nothing now nor coming: the title alone */
        rows += coming;
        int h = chrome + (rows > 2 ? rows : 2) * lh;
        if (h > k.h) h = k.h;
        if (h > keep) keep = h;
    }
    return keep;
}

void panel_layout_share_room(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews, const ui_state *st)
{
    if (nviews <= 0) return;
    give_the_accounting_the_captions_spare_room(fr->rd, L, views, nviews, st);
    give_why_the_trees_spare_room(fr, L, views[0]);
    give_a_cited_tree_the_timelines_room(fr, L, views, nviews, st);
    give_the_why_answers_the_timelines_room(fr, L, views, nviews, st);
    compact_gives_from_the_accounting(fr, L, views, nviews, st);
}
