/* caption_editor.h — the small overlay in which an author types a caption at the current moment (window recorder). */
#ifndef RCUVIS_PANEL_CAPTION_EDITOR_H
#define RCUVIS_PANEL_CAPTION_EDITOR_H
#include "view/view.h"

/* A box near the bottom of `whole`: the moment, for which configurations (scope, e.g. "every
 * mode" or "only 3.6 (softirq)"), the text typed so far with a cursor (its end in view), and the
 * keys; past four fifths of cap bytes (what the editor holds), how many are used. */
void panel_caption_editor_draw(ui_frame *fr, rd_rect whole, const char *text, size_t cap, int64_t at_ns, const char *scope);
#endif
