/* panels.h — the draw functions of every panel, and the small helpers they share. */
/*
 * Module app/panels/ — one file per panel (CPUs, tree, accounting, timeline, kernel log, why,
 * help, overlays, the workbook column) and compose.c, which lays every panel into one picture for
 * the window, `rcuvis shot` and tests alike. Panels read views (view.h) and draw through the
 * renderer; they never touch an engine or SDL events. They may include engine, render, view and
 * workbook (for the workbook panel's session); never the window or the CLI.
 */
#ifndef RCUVIS_PANEL_API_H
#define RCUVIS_PANEL_API_H
#include "view/layout.h"
#include "view/view.h"

/* Shared helpers (panel_common.c). */
/* Panel background + title bar; returns the content rect below the title. */
rd_rect panel_frame(ui_frame *fr, rd_rect r, const char *title, const char *subtitle);
/* The content rect panel_frame() returns for r, without drawing: a panel that sizes itself measures
 * with the very arithmetic it draws with. */
rd_rect panel_content(rd_ctx *rd, rd_rect r);
/* The height a panel's frame takes beside its content: its title line and padding. */
int panel_chrome_height(rd_ctx *rd);
/* Would panel_frame() show this subtitle whole beside the title in r? A panel with a shorter form of
 * its subtitle uses that instead of a cut one (a slide has no hover to read the rest). */
bool panel_subtitle_fits(ui_frame *fr, rd_rect r, const char *title, const char *subtitle);
/* A clickable button; `on` draws it pressed. Returns its width. */
int panel_button(ui_frame *fr, int x, int y, int h, const char *label, int action, int arg, bool on);
/* Width panel_button() will take for label. */
int panel_button_width(ui_frame *fr, const char *label);
/* rd_text_fit that, when it has to shorten s, leaves the full text as a hover tip. */
int panel_text_fit(ui_frame *fr, enum rd_font f, int x, int y, int max_w, rd_color col, const char *s);
/* rd_text_in with the same promise. */
void panel_text_in(ui_frame *fr, enum rd_font f, rd_rect r, int align, rd_color col, const char *s);
/* panel_text_in of a short form of a longer text (words dropped to fit, not cut): the hover tip
 * carries the long form, whole. */
void panel_text_in_short(ui_frame *fr, enum rd_font f, rd_rect r, int align, rd_color col, const char *shown,
                         const char *whole);
/* Word-wrapped text in r, starting `skip` lines down; never cuts a line: when lines remain below,
 * the last row shows "▼ N more lines" instead (a visible cue; the whole text is the hover tip).
 * Nothing scrolls such text, so the cue never says "(scroll)". Returns the total line count. */
int panel_wrap(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s, int skip);
/* Word-wrapped text in r's whole lines; the last line holds the rest, shortened with "…" (its hover
 * tip has it whole): for a short status line that must not grow a cue of its own. */
void panel_wrap_fit(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s);
/* Word-wrapped text in r's whole lines that never breaks a word: where words remain (the lines ran
 * out, or the next word is wider than r), the last line shown ends with "…"; a text whose first word
 * does not fit shows nothing (letters of a word read as nothing). The hover tip has it whole. Returns
 * the lines drawn. */
int panel_wrap_words(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s);
/* Lines panel_wrap_words() would take for s at width w with room for every line (those up to the
 * first word wider than w). */
int panel_words_lines(rd_ctx *rd, enum rd_font f, int w, const char *s);
/* The same for text the wheel scrolls (the why panel): scroll_hint adds "(scroll)" to the cue; a
 * slide or a lecture passes false (!ui_no_hints(st)), keeping the count and dropping the instruction. */
int panel_wrap_cue(ui_frame *fr, enum rd_font f, rd_rect r, rd_color col, const char *s, int skip, bool scroll_hint);
/* A caption for one side of compare mode: without its "Press M ..." sentences, since both versions are
 * on screen already. s itself when it has none. */
const char *panel_compare_text(const char *s, char *buf, size_t n);
/* s without its sentences that tell the viewer to press, click, hover or scroll ("Press M for
 * 3.7 ..."): a slide has no keyboard. Returns s itself when nothing is dropped (or buf is too
 * small to hold the rest), else buf. */
const char *panel_slide_text(const char *s, char *buf, size_t n);
/* Lines s takes wrapped to width w (nothing drawn). */
int panel_wrap_lines(rd_ctx *rd, enum rd_font f, int w, const char *s);
/* The width of the last line of s wrapped to width w (0 for an empty s). */
int panel_wrap_last_width(rd_ctx *rd, enum rd_font f, int w, const char *s);
/* A legend of swatches and words that wraps to the width of r instead of running off it; each
 * item carries a hover tip (its glossary line). Returns the height it takes (draw=false: measure). */
enum panel_swatch { SW_NONE, SW_FILL, SW_FRAME, SW_HATCH, SW_HATCH_DIM, SW_DOTS, SW_SEGS /* the four callback colours; col unused */ };
typedef struct panel_legend_item { enum panel_swatch sw; rd_color col; const char *text; const char *term; } panel_legend_item;
int panel_legend(ui_frame *fr, rd_rect r, const panel_legend_item *items, int n, bool draw);
/* The same in at most max_rows rows: where the items take more, those at the end are left out and
 * `hint` (may be NULL) ends the last row ("more: press G"); max_rows 0 draws nothing and returns 0. A
 * panel short of room keeps its content and shortens its legend rather than draw one over the other. */
int panel_legend_rows(ui_frame *fr, rd_rect r, const panel_legend_item *items, int n, int max_rows, const char *hint, bool draw);
/* Hover over r explains term with its glossary line; a term missing from the glossary is counted. */
void panel_term(ui_frame *fr, rd_rect r, const char *term);
/* Hover over r explains every glossary term written in s (nothing when s has none). */
void panel_explain(ui_frame *fr, rd_rect r, const char *s);
/* The same with s itself first in the tip: for a text drawn in a shorter form (the why panel's answer). */
void panel_explain_whole(ui_frame *fr, rd_rect r, const char *s);
/* The glossary overlay (`G`). */
void panel_glossary_draw(ui_frame *fr, rd_rect r, const ui_state *st);
/* The tip under the pointer, drawn last so it sits above every panel. */
void panel_tip_draw(ui_frame *fr, rd_rect whole);
/* Colour and letter for a CPU state (the letter makes the state readable without colour). */
rd_color panel_cpu_color(const ui_theme *th, const rv_cpu_view *c);
const char *panel_cpu_letter(const rv_cpu_view *c);
/* Is a highlight at time t (ns) still fresh at now? */
bool panel_fresh(int64_t t, int64_t now, int64_t window);
/* "Just cleared" (the tree's outlined bit, the CPU tile's yellow border): bit b of node n was
 * cleared by a report or an FQS credit within st->flash_ns of now and is still clear now. */
bool panel_bit_just_cleared(const ui_view *v, const ui_state *st, const rv_node_view *n, int b);
/* Does the tree or a tile show an FQS credit ("dti"/"ofl"/"snap") made at t (ns) for grace period gp? One of
 * the GP in progress; with none in progress, one of the GP that just ended while it is as fresh as the
 * "just cleared" outline (st->flash_ns). */
bool panel_credit_shown(const ui_view *v, const ui_state *st, uint64_t gp, int64_t t);
/* The credit a CPU's tile and qsmask cell show: -1 none, else RV_EV_FQS_CREDIT's arg, 0 dti, 1 ofl, 2 snap
 * (panel_credit_shown()). */
int panel_cpu_credit(const ui_view *v, const ui_state *st, int cpu);

/* The top bar into L->top; a status too long for it goes where L leaves room (overlays.c, status_toast). */
void panel_top_draw(ui_frame *fr, const ui_layout *L, const ui_view *v, const ui_state *st, const char *scenario_name);
void panel_banner_draw(ui_frame *fr, rd_rect r, const ui_state *st);
int panel_banner_height(rd_ctx *rd, const ui_state *st, int width);
void panel_side_head_draw(ui_frame *fr, rd_rect r, const ui_view *v);
void panel_cpus_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st);
/* The height (at most `have`) at which the tree panel, w wide, draws what it draws at `have`: the same
 * text lines, legend, nodes and bits, less the room nothing uses. panel_tree_draw() lays itself out
 * with the same measure. A layout gives what it does not need to the panel below it. */
int panel_tree_height_needed(ui_frame *fr, int w, const ui_view *v, int have);
/* Does a tree panel w x h draw the tree's boxes (not its levels in words)? */
bool panel_tree_draws_boxes(ui_frame *fr, int w, const ui_view *v, int h);
/* The least height at which the timeline draws its axis and every lane a line tall (labels apart). */
int panel_timeline_min_height(rd_ctx *rd, const ui_view *v, const ui_state *st);
void panel_tree_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st);
/* peer: compared, the other half's view and panel (NULL alone): both halves show the same lines */
void panel_accounting_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, const ui_view *peer, rd_rect peer_r);
/* RCU's CPU time in all, wherever charged (the panel's "RCU work" rows), and of it the 3.7 GP kthreads'
 * own sleep/wake (the waker's wake_up(), their context switches and FQS timers; 0 in 3.6), in seconds */
double panel_rcu_work_s(const rv_report *rep);
double panel_sleep_wake_s(const rv_report *rep);
/* Compare mode with no caption in force: what the two sides' RCU time says so far, in words (3.7's
 * larger total read as "3.7 adds overhead"); false when there is nothing to compare yet */
bool panel_compare_note(const rv_report *r36, const rv_report *r37, char *buf, size_t n);
/* The same for the views on screen: false unless they are two, one 3.6 and one 3.7, in either order. */
bool panel_compare_note_views(ui_view *const *views, int nviews, char *buf, size_t n);
/* How much taller r must be for the panel to show every row it keeps before the rest (its headings,
 * the lines the caption cites, the RCU-work rows, the top list down to its first RCU thread): 0 when
 * it shows them all. A layout gives the panel what another one leaves empty, up to that. */
int panel_accounting_shortfall(rd_ctx *rd, rd_rect r, const ui_view *v, const ui_state *st);
/* How much shorter r could be and still show those rows (top_too), or only those ahead of the top
 * list (its headings, the lines the caption cites, the major RCU-work rows): what it can give another
 * panel that matters more (compare's compact layout: a Why answer, a tree the caption cites). peer:
 * compared, the other half's view, whose rows these match. */
int panel_accounting_spare(rd_ctx *rd, rd_rect r, const ui_view *v, const ui_view *peer, const ui_state *st, bool top_too);
void panel_timeline_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st);
/* The timeline's span: a zoom's, else one following the speed; never longer than the run (end > 0:
 * its length), which at high speed or zoomed out had 540 s of empty axis after a 60 s run. */
int64_t panel_timeline_span(const ui_state *st, int64_t end);
/* The stretch [*t0, *t0 + span] the timeline shows at now: now at 3/4 of the span, but never past the
 * run's end (end > 0), so that at the end of a run a span as long as the run shows all of it. */
void panel_timeline_range(int64_t now, int64_t end, int64_t span, int64_t *t0, int64_t *t1);
/* Where the timeline's captions lane ends timed caption i (as the caption strip ends it). */
int64_t panel_caption_lane_end(const ui_view *v, const ui_history *h, size_t i);
void panel_scrub_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st);
void panel_klog_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st);
/* The rows beyond one per line that the kernel-log lines panel_klog_draw() shows in r take: lines
 * wrapped, or stamps set on a row of their own (0: each line on one row). */
int panel_klog_wrapped_rows(rd_ctx *rd, rd_rect r, const ui_view *v, const ui_state *st);
int panel_klog_newest_height(rd_ctx *rd, int w, const ui_view *v);
/* The height a kernel-log panel of width w needs to show all its kept lines (at least two rows),
 * capped at max_h. */
int panel_klog_height_needed(rd_ctx *rd, int w, const ui_view *v, int max_h);
/* The height "Why is it waiting?" wants at width w: its title, and its answer's first sentence without
 * its asides and a line for the rest (or all of a shorter answer), in the panel's font; whole: all of
 * the answer. */
int panel_why_height_wanted(rd_ctx *rd, int w, const ui_view *v, bool whole);
/* The rows the kept kernel-log lines take in a panel of width w, wrapped as drawn, newest first,
 * counted until max_rows is reached. */
int panel_klog_rows(rd_ctx *rd, int w, const ui_view *v, int max_rows);
void panel_why_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, bool floating);
void panel_caption_draw(ui_frame *fr, rd_rect r, const ui_view *v);
/* The caption strip's height: the scenario's captions wrapped at width (half the strip in compare
 * mode, where the two sides' captions may differ), its lecture cues' at cue_width (a cue's caption
 * is one for both sides and spans the strip). */
int panel_caption_height(rd_ctx *rd, const ui_view *v, int width, int cue_width);
/* Compare's compact layout sizes the strip to what it shows. The least height that shows text (a
 * caption, without its "Press M" sentences) whole in the bold font or bigger across a strip strip_w
 * wide, or in one of its halves (half); and the least that shows what the strip shows now for views
 * (each side's caption, one across it or each in its half as panel_captions_draw() puts them; 0 with
 * none up). */
int panel_caption_need(rd_ctx *rd, const char *text, int strip_w, bool half);
int panel_captions_need(rd_ctx *rd, int strip_w, ui_view *const *views, int nviews);
/* Compare mode: each side's own caption (they differ when captions depend on the mode or fix),
 * the strip split under the two sides; one caption across when both show the same. */
void panel_captions_draw(ui_frame *fr, rd_rect r, ui_view *const *views, int nviews);
/* The font the strip r takes for the sides' captions (n: 1, or 2 in compare mode, as the views hold
 * them when drawn): 0 for the biggest, higher for smaller ones. A clip draws all its frames in the
 * highest any of them takes (ui_frame.caption_font), so its caption text keeps one size. */
int panel_captions_font(rd_ctx *rd, rd_rect r, const char *const *captions, int n);
void panel_help_draw(ui_frame *fr, rd_rect r, const ui_state *st);
/* The `?` overlay's rows, {keys, what they do}; the count. (`rcuvis SCENARIO.json --help` prints them.) */
int panel_help_keys(const char *const (**rows)[2]);
void panel_picker_draw(ui_frame *fr, rd_rect r, const ui_state *st);

/* After a layout (the window's, or a slide's): the steps that need the panels' own measures, which the
 * layout code cannot take (view/ does not know the panels). The caption strip gives the band its caption
 * leaves empty to a CPU time panel short of its first rows, and, in one view, "Why is it waiting?" takes
 * the height the tree does not use. The views' captions are the ones the picture shows; fr->rd is the
 * renderer laid out for. (room.c) */
void panel_layout_share_room(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews, const ui_state *st);
/* The kernel log as tall as its lines need (panel_klog_height_needed(), the same on both sides), the
 * rest to the panels above it (ui_layout_fold_klog()). Where the log is part of what the room reads
 * off a picture, not a terminal to scroll: compare mode, presenting, slides. At omap-stall's cue 6, a
 * 1920x1080 slide, the logs held one line and none over ~4 empty rows while the CPU time panel hid
 * the 3.7 top list, where the rcu_sched kthread the caption talks about appears. Run before
 * panel_layout_share_room(), so the caption strip gives only what the CPU time panel still lacks. */
void panel_layout_fit_klog(ui_frame *fr, ui_layout *L, ui_view *const *views, int nviews);
/* The window's kernel log while presenting or comparing, for a stretch of the run from now to until
 * (the next lecture cue, else the run's end): the height the log will need over all of it, the
 * same on both sides: its lines now and one row for each stall warning or hotplug line the look-ahead
 * has seen coming (ui_history), at least two rows once any line is there or coming, else its title
 * alone (ui_layout_klog_title_h()); no more than the slot L gives it. *known: false when a view's
 * look-ahead has not reached until yet (lines may still come). (room.c) */
int panel_klog_stretch_height(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, int64_t until, bool *known);

/* Draws the right-hand column (the workbook) inside r; the window supplies it, panels do not
 * know who fills the column. */
typedef void (*ui_column_draw_fn)(ui_frame *fr, rd_rect r, void *ctx);

/* V: the one panel (enum ui_panel_id) that ui_layout_single() put in L, each side's copy in compare mode,
 * drawn alone over the whole picture, with the overlays (help, glossary, picker) and the hover tip that
 * go over any picture. In compare mode "Why is it waiting?" is each side's own, in its half. */
/* Each side's panels (compare's head, CPUs, tree, CPU time, timeline, kernel log), those with room;
 * why_in_klog: a side's kernel-log slot shows "Why is it waiting?" instead (compare with a selection,
 * or the Why panel focused). The window, V and shot's slides draw their sides with it. */
void panel_draw_sides(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st, bool why_in_klog);
void ui_draw_focus(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st, int panel);

/* The whole picture for 1 or 2 views (compare). Same code for the window and `rcuvis shot`.
 * column (may be NULL) fills L->workbook when that column is shown. */
void ui_draw_all(ui_frame *fr, const ui_layout *L, ui_view *const *views, int nviews, const ui_state *st,
                 const char *scenario_name, ui_column_draw_fn column, void *column_ctx);
#endif
