/* layout.h — where each panel goes for a window size, UI scale and mode (single, compare, workbook column). */
#ifndef RCUVIS_LAYOUT_H
#define RCUVIS_LAYOUT_H
#include "render/render.h"
#include "view/view.h"

/* One engine's panels. In compare mode there are two sides with the same geometry, so the
 * accounting panels line up row for row. */
typedef struct ui_side { rd_rect head, cpus, tree, acct, timeline, klog; } ui_side;

typedef struct ui_layout {
    rd_rect whole, top, banner, scrub, why, caption;
    rd_rect workbook;       /* right-hand column for the workbook panel (w = 0 when hidden) */
    ui_side side[2];
    int nsides;
    bool why_floating;      /* compare mode: no why panel of its own; each side shows it in its klog slot */
    bool compact;           /* compare mode in less than UI_MIN_LOGICAL_W x H: no timeline, an empty log left out */
} ui_layout;

/* banner_h: height the error banner needs (0 when none); caption_h: the caption strip (0 when the
 * scenario has no captions; reserved even between captions so panels do not jump). */
void ui_layout_compute(ui_layout *L, rd_ctx *rd, int w, int h, const ui_state *st, int banner_h, int caption_h);
/* Whether compare mode lays out w x h at rd's scale in its compact form (ui_layout.compact). */
bool ui_layout_compact(rd_ctx *rd, int w, int h);
/* An empty kernel log gives its height to the panels above: keep_h = 0 drops it (a slide), else it
 * keeps that much at the bottom (ui_layout_klog_title_h(): its title, "Kernel log  0 lines", so the
 * room still says where a stall warning would appear). In compare mode the accounting panels grow,
 * in one view the CPUs, tree and accounting columns. */
void ui_layout_fold_klog(ui_layout *L, int keep_h);
int ui_layout_klog_title_h(rd_ctx *rd);
/* The caption strip gives dh of its height (from its top) to the panels above it: in compare mode the
 * accounting panels, in one view the CPUs, tree and accounting columns. */
void ui_layout_caption_give(ui_layout *L, int dh);
/* The smallest logical space (output pixels / scale) the panels are laid out for: every label fits
 * there. A UI scale that would leave less (150 % on a 1280x720 projector) is lowered to fit. */
#define UI_MIN_LOGICAL_W 1066
#define UI_MIN_LOGICAL_H 600
/* Compare mode's own smallest space: a lecturer comparing 3.6 and 3.7 on a 1280x720 projector (or
 * 1280x688 under a title bar) gets 133 % text. Below UI_MIN_LOGICAL_W x H each half leaves out what
 * the comparison needs least (ui_layout.compact): its timeline, the scrubber still telling the time,
 * and an empty kernel log; panel_layout_share_room() hands the room on. */
#define UI_MIN_COMPARE_W 960
#define UI_MIN_COMPARE_H 516
/* The scale to draw an out_w x out_h output with when `want` is asked for (never below 0.5), in
 * compare mode or not. */
float ui_fit_scale(int out_w, int out_h, float want, bool compare);
#endif
