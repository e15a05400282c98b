/* record.h — the window's recorder: what the author does (injections, toggles, typed captions, cue stops) becomes a scenario file that replays the session byte for byte. */
#ifndef RCUVIS_WINDOW_RECORD_H
#define RCUVIS_WINDOW_RECORD_H

#include "rcuvis.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

struct ui_win;

/*
 * Every injection is recorded as a scripted event at the simulated nanosecond it happened, with
 * "first": true and "at_step" (right after the engine step it followed, as rv_engine_inject() was).
 * An injection made after N/D/F/S landed on a grace-period start/end, FQS pass or stall warning
 * remembers that moment: Ctrl+S saves it as "on" + "delay_s" when a fresh run proves the trigger
 * form gives the same trace (record_trigger.c), else at its time with a comment saying why. Once
 * the run is re-simulated (a toggle, a caption), such an event follows its moment in the window
 * too, in the trigger form (its occurrence number known from the session), as the file will.
 *
 * Configuration toggles (M X Z Shift+Z U Shift+U, reconfig.c) and captions typed in the editor
 * (F2) change the scenario itself: the session is re-simulated from the file, the window's
 * overrides and everything recorded, at the same time (ui_app.rebuild), so what is on screen is
 * always what the saved file gives. F3 marks a cue stop (time, flavor, selection, compare, the
 * caption shown). Ctrl+S writes the scenario atomically into $XDG_DATA_HOME/rcuvis/scenarios
 * (never over a shipped scenario or another file).
 */

/* The moment an injection followed: a kind of ui_moment (app.h) of a flavor, at t, its n-th
 * occurrence in the run (0: not known from the session; a fresh run counts it at Ctrl+S); kind < 0 =
 * none. at: when the injection was made (a triggered event's own at_s is 0, as the loader has it). */
typedef struct ui_rec_anchor { int kind; int flavor; int64_t t; long n; int64_t at; } ui_rec_anchor;

typedef struct ui_recorder {
    char source[1024];            /* the scenario the recording belongs to ("" = none yet) */
    long long source_mtime_ns;    /* its version: a reload from disk starts a new recording */
    unsigned loads;               /* the app's Show me count it follows: Show me's run of the same file starts a new recording */
    rv_config orig;               /* that scenario as loaded (its seed is kept on re-simulation) */
    bool have_orig;
    rv_inject *ev; ui_rec_anchor *anchor; size_t nev, evcap;
    size_t nbaked;                /* of ev, those the sessions were last re-simulated with (scripted there); the
                                     rest are live injections, each branch's own */
    rv_caption *cap; size_t ncap, capcap;
    rv_cue *cue; size_t ncue, cuecap;
    ui_rec_anchor landed;         /* the last moment N/D/F/S landed on (kind < 0: none) */
    const void *synced;           /* the session (its first time-travel engine) that has all of it */
    bool editing;                 /* the caption editor is open */
    int edit_mode;                /* the caption is for: -1 every mode, else only that rv_mode (Tab) */
    char text[512];
    int64_t edit_t;
    size_t warned;                /* scripted events not applied already announced */
} ui_recorder;

void ui_rec_free(ui_recorder *r);
/* After Ctrl+B showed another branch: back on a branch with no injection of its own (the scripted
 * run), the live injections recorded on the others are dropped, so that no later re-simulation (C, a
 * compare cue, Ctrl+R) replays them into the run the captions narrate. */
void ui_rec_branch_shown(struct ui_win *w);
/* After a successful injection from the window. */
void ui_rec_injected(struct ui_win *w, const rv_inject *cmd);
/* After N/D/F/S landed on a moment (kind: enum ui_moment) of flavor at t. */
void ui_rec_landed(struct ui_win *w, int kind, int flavor, int64_t t);
/* Keys the recorder owns (F2, F3, Ctrl+S, and all keys while the editor is open). true when consumed. */
bool ui_rec_key(struct ui_win *w, const SDL_KeyboardEvent *k, double now_ms);
/* Text typed while the editor is open (SDL_TEXTINPUT). */
void ui_rec_text(struct ui_win *w, const char *utf8);
/* Once a frame after drawing: the editor overlay, warnings about scripted events not applied. */
void ui_rec_frame(struct ui_win *w, double now_ms);
/* Re-simulate the session from the file, the window's overrides and what was recorded, at the
 * same time (the configuration toggles go through here). 0 ok, -1 with a message. */
int ui_rec_rebuild(struct ui_win *w, char *err, size_t errlen);
/* Save as a scenario file; path receives where, note what the save could not do exactly ("" when
 * nothing). 0 ok, -1 with a message. */
int ui_rec_save(struct ui_win *w, char *path, size_t pathlen, char *note, size_t notelen, char *err, size_t errlen);
/* $XDG_DATA_HOME/rcuvis/scenarios (or ~/.local/share/...); "" when neither is known. */
void ui_rec_user_dir(char *buf, size_t n);

/* record_save.c: the scenario file text (the file as the author wrote it, the window's overrides
 * and mode, what was recorded). trig[i] (may be NULL) gives event i's trigger form, with comment[i]
 * its note (NULL or ""); step_shift[i] is added to its at_step. Caller frees. */
char *ui_rec_json(struct ui_win *w, const rv_trigger *trig, const bool *use_trig, char (*comment)[256],
                  const long *step_shift, char *err, size_t errlen);
/* record_trigger.c: decide, for each injection that followed a landed moment, whether its trigger
 * form replays exactly (use_trig[i]); comment[i] says why not when it does not. 0 ok, -1 err. */
int ui_rec_triggerize(struct ui_win *w, rv_trigger *trig, bool *use_trig, char (*comment)[256], long *step_shift,
                      int *nconverted, int *nfallback, char *err, size_t errlen);

/* Recorded cue stops go in time order among a scenario's cues (record.c). */
size_t ui_rec_cue_slot(const rv_cue *cues, size_t n, double at_s);
size_t ui_rec_cue_insert(rv_cue *cues, size_t n, const rv_cue *q);

#endif
