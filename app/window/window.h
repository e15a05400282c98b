/* window.h — the interactive window's state and its input handling (separate from SDL window setup for tests). */
/*
 * Module app/window/ — owns the interactive window: SDL window and event loop, keys and clicks
 * turned into commands, the app state shared with `rcuvis shot` (app.h), settings, the built-in
 * demo and the workbook column's hooks. It may include every module below it (engine, scenario,
 * report, render, view, panels, workbook); nothing includes it but main.c and export/.
 */
#ifndef RCUVIS_WINDOW_H
#define RCUVIS_WINDOW_H

#include "window/record.h"
#include "window/settings.h"
#include "window/app.h"

#include <SDL.h>
#include <time.h>

typedef struct ui_win {
    ui_app app;
    rd_ctx *rd;
    float hidpi;                 /* drawable pixels per window coordinate */
    bool mouse_in_pixels;        /* events already come in drawable pixels (the page: its window is sized in device pixels) */
    ui_settings settings;
    bool quit, toggle_fullscreen, want_screenshot, scale_changed;
    double scale_asked_ms;       /* > 0: Ctrl +/- asked for a scale at this time; the fit then says what it gave */
    bool dragging;               /* on the scrubber or the timeline */
    bool wb_dragging;            /* a press in the workbook column: motion scrolls it until the release */
    ui_hit drag_hit;
    int drag_x;                  /* latest pointer x while dragging: one seek per frame, not per motion event */
    bool drag_pending;
    bool exploring;              /* the look-ahead has not reached the end of the run yet */
    int64_t pending_to;          /* where a far seek under way goes (seek.c moves it a slice per frame) */
    int64_t pending_from;        /* where that seek started (its progress in the status line) */
    char pending_what[96];       /* what it goes to ("the next caption"), "" for a scrubber seek */
    char stopped_what[96];       /* the far seek the key being handled stopped: its pending_what ("" none) */
    int64_t stopped_seek;        /* where the seek the key being handled stopped was going (-1: none) */
    double last_frame_ms;
    int point_x, point_y;        /* where the pointer last moved (kept while a clicker hides its tip): V's panel */
    bool pointer_seen;
    int fitted_focus;            /* the focused panel (-1 none) and compare mode the scale was fitted for */
    bool fitted_compare;
    double watch_ms;             /* last check of the scenario file */
    char failed_source[1024];    /* the version of a file whose reload failed (not retried until it changes) */
    long long failed_mtime_ns;
    long long failed_size;
    double achieved_speed;       /* simulated s per real s actually reached (engine-limited) */
    ui_recorder rec;             /* what the author does, saved as a scenario by Ctrl+S (record.c) */
    bool gloss_skip_slash;       /* the "/" that opened the glossary's search also arrives as text: not typed */
    /* the caption each view showed last frame and since when (wall ms): playback holds at its end
     * until it has been up long enough to read (ui_win_play) */
    const char *read_caption[2];
    double read_since_ms[2];
} ui_win;

/* The glossary overlay's search (glossary_search.c): a key or typed text it takes (true) or leaves;
 * closing the overlay forgets its search (every way out goes through ui_glossary_close()). */
bool ui_glossary_key(ui_win *w, const SDL_KeyboardEvent *k);
bool ui_glossary_text(ui_win *w, const char *utf8);
void ui_glossary_close(ui_state *st);
/* Handle one SDL event (keys, mouse, drops, window events). now_ms = wall clock for status timing. */
void ui_input_event(ui_win *w, const SDL_Event *ev, double now_ms);
/* Once per frame: apply the latest scrubber drag position, and take a far seek (J, End, the
 * scrubber) one frame's budget further, saying in the status line how far it got. */
void ui_input_frame(ui_win *w, double now_ms);
/* Playback for one frame: advance simulated time with the wall clock at the chosen speed (window.c). */
void ui_win_play(ui_win *w, double now);
/* A frame's work before drawing, in the desktop loop's order: the workbook's hook, playback, the file
 * watcher, and the status line dropped once its time (ui_app_status) is up. now is the window's clock. */
/* A seek the app began outside the window's input (the workbook's Show me, app->seek_said): the
 * window reports its progress as it does a link's. Called after ui_workbook_frame(). */
void ui_win_adopt_seek(ui_win *w);
void ui_win_tick(ui_win *w, double now);
/* The frame's scale for the window's size (rd's output), the UI scale and, with a panel focused (V), that
 * panel's larger text (focus.c); clears scale_changed. */
void ui_win_fit_scale(ui_win *w);
/* Is the scale out of date: the size or UI scale changed, V turned focus on or off, or compare changed
 * under a focused panel? */
bool ui_win_scale_stale(const ui_win *w);
/* V: the panel under the pointer, or the one last clicked, fills the window; V again returns. */
void ui_win_focus_key(ui_win *w, double now_ms);
/* Back to every panel (V, Esc). */
void ui_win_focus_off(ui_win *w, double now_ms);
/* Wall ms a caption needs on screen to be read (playback holds at its end until then). */
double ui_caption_read_ms(const char *text);
/* Wall-clock ms a far seek may simulate per frame (the window stays answerable to keys). */
#define UI_FAR_SEEK_FRAME_MS 40.0
/* Run an action (a key's or a button's). */
void ui_input_action(ui_win *w, int action, int arg, double now_ms);
/* Seek to t; a far one (many frames of simulation) says where it goes ("To WHAT at ...") and then how
 * far it got, frame by frame, until it arrives (ui_input_frame()). */
void ui_win_seek_to(ui_win *w, int64_t t, const char *what, double now_ms);
/* The status at the run's end, however it was reached (End, playback): where PgDn goes next. (input.c) */
void ui_win_say_at_the_end(ui_win *w, double now_ms);
/* Set the status line for a few seconds. */
void ui_win_status(ui_win *w, double now_ms, const char *fmt, ...);
/* Load a scenario into the window: on failure the error banner shows the loader's message and the
 * current scenario keeps running. Returns 0 on success. */
int ui_win_open(ui_win *w, const char *path, double now_ms);
/* A scenario file that changed on disk (its mtime or size differ from the version the app
 * loaded, whichever way it was loaded) is reloaded at the current time; a broken one shows its
 * error and the running scenario stays. Checked at most twice a second. */
void ui_win_watch(ui_win *w, double now_ms);
/* Fill the picker with the .json files in scenarios/. */
void ui_win_fill_picker(ui_win *w);
/* F12: file name with scenario, seed and time; directory $XDG_PICTURES_DIR or the current one. */
void ui_win_shot_name(const ui_win *w, char *buf, size_t n);
/* t ns as seconds for a picture's name: every nonzero digit kept, at least three decimals ("80.0078125"). */
void ui_win_shot_time(char *buf, size_t n, int64_t t);
#endif
