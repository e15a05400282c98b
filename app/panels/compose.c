/* compose.c — composes every panel into one picture; shared by the window and `rcuvis shot`. */
#include "panels/panels.h"
#include "view/layout_export.h"

/* Over any picture: the overlay asked for, and the tip under the pointer (none over an overlay, whose
 * words would hide what the tip explains). */
static void draw_overlays(ui_frame *fr, const ui_layout *L, const ui_state *st)
{
    if (st->show_picker || st->show_help || st->show_glossary) fr->ntips = 0;
    if (st->show_picker) panel_picker_draw(fr, L->whole, st);
    else if (st->show_help) panel_help_draw(fr, L->whole, st);
    else if (st->show_glossary) panel_glossary_draw(fr, L->whole, st);
    if (st->show_picker || st->show_help || st->show_glossary) fr->ntips = 0;
    /* presenting, the pointer rests on what the lecturer talks about: a tip there covered the caption
     * and the Why text the room was reading (G still shows every term) */
    if (!st->presenting) panel_tip_draw(fr, L->whole);
}

/* Compare mode, something selected: the side's Why takes its kernel-log slot. A log with lines keeps
 * its newest above it when both fit (the title and a line of Why below); where they do not, a stall
 * warning printed in the last second keeps the whole slot: at omap-stall's cue 4 a lecturer pressed C
 * and the stall warning the cue is about vanished from both halves. */
static void why_and_klog(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st)
{
    rd_ctx *rd = fr->rd;
    int kh = panel_klog_newest_height(rd, r.w, v), gap = rd_px(rd, 4);
    int why_min = rd_line_height(rd, RD_BOLD) + rd_px(rd, 7) + rd_line_height(rd, RD_SANS); /* its title and one line */
    if (kh <= 0 || st->klog_scroll) { panel_why_draw(fr, r, v, st, false); return; }
    if (r.h - kh - gap >= why_min) {
        panel_klog_draw(fr, (rd_rect){r.x, r.y, r.w, kh}, v, st);
        panel_why_draw(fr, (rd_rect){r.x, r.y + kh + gap, r.w, r.h - kh - gap}, v, st, false);
        return;
    }
    const ui_klog_line *newest = &v->klog[v->nklog - 1];
    bool fresh_stall = newest->stall && v->now >= newest->t && v->now - newest->t < 1000000000LL;
    if (fresh_stall) panel_klog_draw(fr, r, v, st);
    else panel_why_draw(fr, r, v, st, false);
}

void panel_draw_sides(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st, bool why_in_klog)
{
    int n = L->nsides < nviews ? L->nsides : nviews;
    for (int i = 0; i < n; i++) {
        const ui_side *s = &L->side[i];
        const ui_view *v = views[i];
        fr->side = i;
        if (L->nsides > 1 && s->head.h > 0) panel_side_head_draw(fr, s->head, v);
        if (s->cpus.h > 0) panel_cpus_draw(fr, s->cpus, v, st);
        if (s->tree.h > 0) panel_tree_draw(fr, s->tree, v, st);
        const bool two = n == 2;
        if (s->acct.h > 0) panel_accounting_draw(fr, s->acct, v, st, two ? views[1 - i] : NULL, two ? L->side[1 - i].acct : (rd_rect){0});
        if (s->timeline.h > 0) panel_timeline_draw(fr, s->timeline, v, st);
        if (s->klog.h > 0) {
            if (why_in_klog) why_and_klog(fr, s->klog, v, st);
            else panel_klog_draw(fr, s->klog, v, st);
        }
    }
    fr->side = 0;
}

void ui_draw_focus(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st, int panel)
{
    fr->nhits = 0;
    fr->ntips = 0;
    fr->ntips_shortened = 0;
    fr->nterm_missing = 0;
    fr->audience = st->presenting;
    rd_begin(fr->rd, fr->th->bg);
    int n = L->nsides < nviews ? L->nsides : nviews;
    panel_draw_sides(fr, L, views, nviews, st, panel == UI_PANEL_WHY); /* compare's why lives in each side's kernel-log slot (ui_layout_single) */
    if (L->why.h > 0) panel_why_draw(fr, L->why, views[0], st, false);
    if (L->caption.h > 0) panel_captions_draw(fr, L->caption, views, n); /* each side's own in compare */
    draw_overlays(fr, L, st);
}

void ui_draw_all(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st,
                 const char *scenario_name, ui_column_draw_fn column, void *column_ctx)
{
    fr->nhits = 0;
    fr->ntips = 0;
    fr->ntips_shortened = 0;
    fr->nterm_missing = 0;
    fr->audience = st->presenting;
    rd_begin(fr->rd, fr->th->bg);
    /* compare mode: each side explains its own engine, in place of its kernel log, while something is
     * selected (the two answers differ: that is the point of comparing) */
    bool sel = st->sel_cpu >= 0 || st->sel_node >= 0;
    panel_draw_sides(fr, L, views, nviews, st, L->why_floating && sel);
    if (!L->why_floating) panel_why_draw(fr, L->why, views[0], st, false);
    if (L->workbook.w > 0 && column) column(fr, L->workbook, column_ctx);
    panel_captions_draw(fr, L->caption, views, L->nsides < nviews ? L->nsides : nviews); /* each side's own in compare */
    panel_scrub_draw(fr, L->scrub, views[0], st);
    panel_top_draw(fr, L, views[0], st, scenario_name);
    panel_banner_draw(fr, L->banner, st);
    draw_overlays(fr, L, st);
}
