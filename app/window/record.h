/* record.h — the window's recorder: what the author does (injections, toggles, typed captions) becomes a scenario file that replays the session byte for byte. */
#ifndef RCUVIS_WINDOW_RECORD_H
#define RCUVIS_WINDOW_RECORD_H

#include "rcuvis.h"

#include <SDL.h>
#include <stdbool.h>
#include <stddef.h>

struct ui_win;

/*
 * Every injection is recorded as a scripted event at the simulated nanosecond it happened, with
 * "first": true (applied before anything else due then, as rv_engine_inject() was). Toggles
 * (Ctrl+K rcu.mode, Ctrl+G rcu.needs_gp_fix) and captions typed in the editor (F2) change the
 * scenario itself, so the session is re-simulated from the recorded configuration at the same
 * time: what is on screen is always what the saved file gives. Ctrl+S writes the scenario file
 * atomically into $XDG_DATA_HOME/rcuvis/scenarios (never over a shipped scenario or another file).
 */
typedef struct ui_recorder {
    char source[1024];            /* the scenario the recording belongs to ("" = none yet) */
    long long source_mtime_ns;    /* its version: a reload from disk starts a new recording */
    rv_config orig;               /* that scenario as loaded */
    bool have_orig;
    rv_inject *ev; size_t nev, evcap;
    rv_caption *cap; size_t ncap, capcap;
    bool has_mode, has_fix;       /* toggled in the window */
    enum rv_mode mode;
    bool needs_gp_fix;
    bool editing;                 /* the caption editor is open */
    char text[512];
    int64_t edit_t;
    size_t warned;                /* scripted events not applied already announced */
} ui_recorder;

void ui_rec_free(ui_recorder *r);
/* After a successful injection from the window. */
void ui_rec_injected(struct ui_win *w, const rv_inject *cmd);
/* Keys the recorder owns (F2, Ctrl+S, Ctrl+K, Ctrl+G, and all keys while the editor is open).
 * true when consumed. */
bool ui_rec_key(struct ui_win *w, const SDL_KeyboardEvent *k, double now_ms);
/* Text typed while the editor is open (SDL_TEXTINPUT). */
void ui_rec_text(struct ui_win *w, const char *utf8);
/* Once a frame after drawing: the editor overlay, warnings about scripted events not applied. */
void ui_rec_frame(struct ui_win *w, double now_ms);
/* Save as a scenario file; path receives where. 0 ok, -1 with a message. */
int ui_rec_save(struct ui_win *w, char *path, size_t pathlen, char *err, size_t errlen);
/* $XDG_DATA_HOME/rcuvis/scenarios (or ~/.local/share/...); "" when neither is known. */
void ui_rec_user_dir(char *buf, size_t n);

#endif
