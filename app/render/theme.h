/* theme.h — colour palettes (Okabe–Ito based, colour-blind safe) shared by every panel. */
#ifndef RCUVIS_THEME_H
#define RCUVIS_THEME_H
#include "render/render.h"

/*
 * Meaning is never carried by hue alone: every coloured state also has a letter, a shape or a
 * pattern (see app/panels/cpus.c's legend). Hues come from Okabe & Ito's 8-colour set, which stays
 * distinguishable under the common colour-vision deficiencies and on washed-out projectors.
 */
typedef struct ui_theme {
    const char *name;
    rd_color bg, panel, panel_edge, text, text_dim, heading, grid;
    rd_color user, kernel, idle_tick, idle_nohz, offline;   /* CPU states */
    rd_color reader_old, reader_new;                        /* pre-existing reader (GP waits) / new one */
    rd_color owed, passed, cleared;                         /* qsmask bit set / QS passed / reported */
    rd_color seg[4];                                        /* DONE, WAIT, NEXT_READY, NEXT */
    rd_color flavor[3];                                     /* rcu_sched, rcu_bh, rcu_preempt lanes */
    rd_color fqs, stall, caption_bg, caption_text, select, walk, error_bg, error_text, ok;
    rd_color stall_text;                                    /* a stall warning's words on its tinted row */
} ui_theme;

enum { UI_THEME_LIGHT = 0, UI_THEME_DARK = 1, UI_NTHEMES = 2 };
const ui_theme *ui_theme_get(int which);
const char *ui_theme_name(int which); /* "light", "dark" */
int ui_theme_from_name(const char *name); /* -1 when unknown */
#endif
