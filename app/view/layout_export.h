/* layout_export.h — layouts for exported pictures: clean slides (no controls) and one panel alone. */
#ifndef RCUVIS_LAYOUT_EXPORT_H
#define RCUVIS_LAYOUT_EXPORT_H
#include "view/layout.h"

/* The panels `--panel` can crop to. */
enum ui_panel_id { UI_PANEL_NONE = -1, UI_PANEL_CPUS = 0, UI_PANEL_TREE, UI_PANEL_ACCT, UI_PANEL_TIMELINE,
                   UI_PANEL_KLOG, UI_PANEL_WHY, UI_PANEL_CAPTION, UI_NPANELS };
int ui_panel_from_name(const char *name);  /* cpus|tree|accounting|timeline|klog|why|caption, else -1 */
const char *ui_panel_name(int id);

/* A slide: the window's arrangement without the top bar's controls and the scrubber. A title
 * strip of title_h replaces the top bar (L->top), and the panels grow into the rest; with
 * drop_klog (nothing logged on any side) the kernel log gives its rows to the panels above it. */
void ui_layout_clean(ui_layout *L, rd_ctx *rd, int w, int h, const ui_state *st, int title_h, int caption_h, bool drop_klog);

/* The panel whose rectangle in L holds (x, y) (enum ui_panel_id), or UI_PANEL_NONE (the top bar, the
 * scrubber, a side's head, the workbook column, a gap). why_in_klog: compare mode with a selection, where
 * each side's kernel-log slot shows "Why is it waiting?". */
int ui_layout_panel_at(const ui_layout *L, int x, int y, bool why_in_klog);

/* One panel filling w x h (two halves, each under its side's header, in compare mode), below a band
 * of top_h pixels (L->top) when top_h > 0. Only that panel's rect (and the band) is non-empty:
 * side[i].<panel>, L->why or L->caption. */
void ui_layout_single(ui_layout *L, rd_ctx *rd, int w, int h, const ui_state *st, int panel, int top_h);
#endif
