/* workbook.h — the window's workbook column: lessons, progress, the current question, answering, "show me". */
#ifndef RCUVIS_PANEL_WORKBOOK_H
#define RCUVIS_PANEL_WORKBOOK_H

/*
 * A self-contained panel: it owns its quiz session (quiz_session.h), records its own click areas,
 * and draws with the render and panel helpers only. The window keeps one workbook_panel, draws it
 * in its workbook column, forwards keys while the panel has focus and clicks that land in the
 * column, and loads a scenario when "show me" asks for one.
 *
 * Focus: A ("answer") or a click in the column gives the panel the keyboard, Esc gives it back.
 * Keys while focused: a-g pick (multi: toggle), Up/Down + Space the same with a cursor, digits . -
 * type a number, y/n a yes/no prediction, Backspace, Enter check (again: next question), h hint,
 * s show the answer, m show me, PgUp/PgDn or Left/Right previous/next question, Home/End
 * previous/next lesson, i the lesson's intro (always above its first question), v teacher (review) mode,
 * Esc gives focus back to the window.
 */

#include "panels/panels.h"
#include "workbook/session.h"

#include <SDL.h>
#include <stdbool.h>

typedef struct workbook_panel workbook_panel;

/* What "show me" asks the window to load: the scenario file with these --set overrides and seed,
 * run up to at_s and paused there. Pointers are valid during the callback only. */
typedef struct workbook_show_me {
    const char *scenario_path;          /* full path */
    const char *const *overrides;       /* "rcu.mode=softirq"; for rv_scenario_load_with() */
    size_t noverrides;
    bool has_seed;
    uint64_t seed;                      /* replaces the scenario's seed when has_seed */
    double at_s;                        /* pause here; 0 when the question names no moment */
    const char *question_id;            /* "5.5", for the status line */
} workbook_show_me;
typedef void (*workbook_show_me_fn)(const workbook_show_me *req, void *ctx);

/* quiz_dir NULL = the shipped quizzes/ (a file: that quiz alone), progress_path NULL = $XDG_STATE_HOME/rcuvis/progress.json.
 * NULL with a message when no quiz can be loaded. */
workbook_panel *workbook_panel_new(const char *quiz_dir, const char *progress_path, char *err, size_t errlen);
void workbook_panel_free(workbook_panel *wb);

void workbook_panel_on_show_me(workbook_panel *wb, workbook_show_me_fn fn, void *ctx);
void workbook_panel_set_review(workbook_panel *wb, bool on);   /* teacher mode: answers visible */
void workbook_panel_set_focus(workbook_panel *wb, bool on);
bool workbook_panel_has_focus(const workbook_panel *wb);
/* A warning for the window's status line or banner (corrupt progress set aside, save failed), or the
 * panel's own note about the current question (see workbook_panel_note); "" if none. */
const char *workbook_panel_message(const workbook_panel *wb);
/* The panel's note about the current question ("Question 5.1 has no scenario to show; ..."), drawn
 * under its buttons; "" when none, or once another question is shown. */
const char *workbook_panel_note(const workbook_panel *wb);
void workbook_panel_set_note(workbook_panel *wb, const char *text);
/* Where to open when the column is shown with `scenario` loaded (quiz_session_open_for: the first
 * question of the scenario's lesson, unless the student has a place to keep, which a note then
 * says). Returns QS_PLACE_NONE, QS_PLACE_KEPT or QS_PLACE_MOVED. */
int workbook_panel_open_for(workbook_panel *wb, const char *scenario);

void workbook_panel_draw(workbook_panel *wb, ui_frame *fr, rd_rect r);
/* true when the panel used the key (only while focused; Esc included). */
bool workbook_panel_key(workbook_panel *wb, SDL_Keycode key, Uint16 mod);
/* A click in the area last drawn: true when it hit something of the panel (and gives it focus). */
bool workbook_panel_click(workbook_panel *wb, int x, int y);
void workbook_panel_scroll(workbook_panel *wb, int lines); /* mouse wheel: + = down */
/* The wheel at (x, y): scrolls when over the column drawn last (true), else false. */
bool workbook_panel_wheel(workbook_panel *wb, int x, int y, int lines);
/* Drag to scroll: a press in the text drags it (a finger on a tablet), a press on the scroll bar drags
 * the bar; true when the press may drag. The drag follows the pointer's y until the release. */
bool workbook_panel_press(workbook_panel *wb, int x, int y);
void workbook_panel_drag(workbook_panel *wb, int y);
void workbook_panel_release(workbook_panel *wb);
int workbook_panel_scrolled(const workbook_panel *wb); /* pixels scrolled down */
/* Playback crossed (prev_s, now_s] of scenario_path: true if a question is asked there (the panel
 * now shows it and takes focus); the window should pause. */
bool workbook_panel_moment(workbook_panel *wb, const char *scenario_path, double prev_s, double now_s);

quiz_session *workbook_panel_session(workbook_panel *wb); /* tests and status lines */

/* The window finds clicks through the frame's hit list: copy the panel's click areas there as
 * hits of kind hit_kind (a = index), the catch-all first so that specific areas, added later, win. */
void workbook_panel_publish_hits(const workbook_panel *wb, ui_frame *fr, int hit_kind);
/* A click on published hit `index`: the panel takes focus and acts. false if no such hit. */
bool workbook_panel_click_hit(workbook_panel *wb, int index);

#endif
