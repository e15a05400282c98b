/* app.h — one loaded scenario as the window shows it: 1 or 2 timelines (compare), UI state, drawing. */
#ifndef RCUVIS_UI_APP_H
#define RCUVIS_UI_APP_H

/*
 * The window (window_main.c) and `rcuvis shot` (shot.c) both drive a ui_app: load a scenario,
 * move time, inject, build the views and draw them with the same panels. In compare mode the app
 * holds two engines, the scenario under 3.6 (softirq) and under 3.7 (kthread), always moved to
 * the same simulated time: one clock.
 */

#include "view/layout.h"
#include "panels/panels.h"
#include "view/timetravel.h"
#include "view/view.h"

#include <stdarg.h>

typedef struct ui_session {
    rv_config cfg;
    tt *tt;
    rv_report rep;
    bool have_rep;
    int64_t rep_t;
    double rep_wall_ms;
    ui_view view;
    char label[48];
} ui_session;

typedef struct ui_app {
    rv_config base;               /* as loaded, before the compare split */
    bool have_base;
    char name[160];               /* shown in the top bar and used in screenshot names */
    char source[1024];            /* file it came from ("" = built in) */
    /* The file's own values of what the window's keys change (cpus, needs_gp_fix, no_hz, fast_no_hz),
     * read without the overrides: the badge names only what differs from them, and a key pressed back
     * to the file's value drops its override (U then Shift+U said "changed: cpus=16" on a 16-CPU file). */
    struct ui_file_knobs { bool known; int cpus, needs_gp_fix; bool no_hz, fast_no_hz; enum rv_mode mode; } file_knobs;
    /* The version of source that was read (its mtime and size when loaded; 0 and -1 for none).
     * Every way a file gets in records it here: ui_app_load, and ui_app_set_config with a new
     * source (the workbook's "show me"), so the window's watcher compares the file on disk with
     * what is running, never with a file that was shown before. */
    long long source_mtime_ns;
    unsigned loads;               /* runs a workbook question's Show me loaded: a recording follows one run */
    long long source_size;
    ui_session s[2];
    int nsessions;
    ui_state st;
    ui_frame fr;
    ui_layout L;
    bool mode_forced;             /* --mode given (or M pressed): the single view uses it */
    /* an empty kernel log's fold, held for a clip (ex_clip_frames): 0 decided per frame, 1 folded
     * throughout (nothing is logged by the clip's end), 2 open throughout (something is) */
    int klog_hold;
    /* The window's kernel log height while presenting or comparing, held for the stretch being shown
     * (ui_app_layout, klog_stretch): what it was laid out for, and the height kept. */
    struct ui_klog_latch {
        bool set, known;
        int w, h, px, cue, nsessions, banner_h, caption_h, branch;
        size_t injects;
        bool compare, presenting, workbook;
        const void *tt0;
        int keep;
    } klog_latch;
    /* Compare's compact layout: the caption strip's height, held for the stretch being shown while no
     * cue's caption is in force (ui_app_layout, caption_stretch): what it was laid out for, the height. */
    struct ui_caption_latch {
        bool set;
        int w, h, px, cue, branch;
        size_t injects;
        bool presenting, workbook;
        const void *tt[2];
        char badge[256];
        int keep;
    } caption_latch;
    enum rv_mode forced_mode;
    char overrides[16][128];      /* --set KEY=VALUE and the window's config keys, applied on every load */
    char override_labels[16][160]; /* how a message names each: "--cpus 4" as typed; "" = "override KEY=VALUE" */
    int noverrides;
    /* Re-simulate at the same moment after the configuration changed (the window's recorder: the
     * file, the overrides and what was recorded); NULL = reload the file with the overrides. */
    int (*rebuild)(void *ctx, char *err, size_t errlen);
    void *rebuild_ctx;
    bool bounded_seeks;           /* the window: a seek never holds input longer than a frame (seek.c) */
    int64_t pending_seek;         /* -1, or where a bounded seek is going, a frame's budget at a time */
    bool pending_seek_tick;       /* that seek is a far jiffy step back: it lands with the boundary's tick */
    char seek_said[64];           /* a seek begun outside the window's input (the workbook's Show me) names its
                                     goal here, so the window reports its progress as it does a link's */
    double virt_speed;            /* tests: > 0 runs every session on a virtual machine (tt_set_virtual_speed) */
    /* Exports (`shot`): draws the caption strip in place of the window's, which says "(no caption
     * at this moment)" where a side has none (a prompt for the window, noise on a slide); NULL =
     * the window's strip. */
    void (*caption_strip)(ui_frame *fr, rd_rect r, ui_view *const *views, int nviews);
    /* When st.status leaves the top bar, on the clock the caller passes (the window's wall clock, a
     * test's own numbers): whoever writes a status through ui_app_status() keeps it up this long, the
     * workbook's hooks as much as the window's keys (their "Question 1.5: ..." was gone a frame later). */
    double status_until_ms;
} ui_app;

void ui_app_init(ui_app *a);
void ui_app_free(ui_app *a);

/* How long a status stays in the top bar. */
#define UI_STATUS_MS 6000.0
/* Post a status line (printf-style) that stays until now_ms + UI_STATUS_MS, or until the next key. */
void ui_app_status(ui_app *a, double now_ms, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void ui_app_vstatus(ui_app *a, double now_ms, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));
/* Once a frame: drop a status whose time is up. True when it dropped one (the page redraws then). */
bool ui_app_status_expire(ui_app *a, double now_ms);

/* Load a scenario file (or the default one when path is NULL: scenarios/default.json, else a
 * built-in demo). On error returns -1 with the loader's exact message and leaves a running app
 * untouched. seed_override < 0 keeps the file's seed. */
int ui_app_load(ui_app *a, const char *path, long long seed_override, char *err, size_t errlen);
/* The same with any seed of the scenario's range (a uint64_t: 0..2^64-1, as `rcuvis run --seed`),
 * which a long long cannot carry; has_seed false keeps the file's seed. */
int ui_app_load_seed(ui_app *a, const char *path, bool has_seed, uint64_t seed, char *err, size_t errlen);
/* Replace the scenario by cfg (copied), keeping the current simulated time. */
int ui_app_set_config(ui_app *a, const rv_config *cfg, const char *name, const char *source, char *err, size_t errlen);
int ui_app_set_compare(ui_app *a, bool on, char *err, size_t errlen);

int64_t ui_app_now(const ui_app *a);
int64_t ui_app_end(const ui_app *a);
/* Go to t. With a->bounded_seeks (the window) this restores the nearest checkpoint and simulates
 * for at most SEEK_SLICE_MS of time travel's (injectable) clock; the rest is left in
 * a->pending_seek for ui_app_seek_continue(), one slice per frame, so input is read between
 * slices whatever the distance. Without it (shot, anim, tests) it returns at t. (seek.c) */
void ui_app_seek(ui_app *a, int64_t t);
#define SEEK_SLICE_MS 25.0
/* One frame's slice of a pending bounded seek; true while one is still under way. */
bool ui_app_seek_continue(ui_app *a, double budget_ms);
/* A key or a click overrides a seek under way: stay where it got to. */
void ui_app_seek_cancel(ui_app *a);
bool ui_app_seek_pending(const ui_app *a);
/* Advance all sessions to t (playback). Returns the time reached. */
int64_t ui_app_advance(ui_app *a, int64_t t, double budget_ms);
/* One step (back: undo the last step of that kind, exactly). With a->bounded_seeks, a step back
 * whose re-simulation would not fit in a frame's slice at the measured engine speed becomes a
 * bounded seek to the step's time instead (seek.c). */
void ui_app_step(ui_app *a, enum tt_step kind, bool back);
/* ui_app_step's far case: true when the step back was made a bounded seek (then it is done). */
bool ui_app_step_back_bounded(ui_app *a, enum tt_step kind);
/* Inject into every session. *note receives "new branch ..." when one started. */
int ui_app_inject(ui_app *a, const rv_inject *cmd, char *msg, size_t msglen);
void ui_app_switch_branch(ui_app *a);

/* Look ahead in every session for at most budget_ms in total; true while unfinished. */
bool ui_app_explore(ui_app *a, double budget_ms);
/* Tell time travel what the timeline shows around now (its span, speed or zoom): that stretch is
 * kept exact in the history (tt_set_window). Moves and ui_app_explore() call it. */
void ui_app_sync_window(ui_app *a);
/* Refresh cached reports (at most every min_interval_ms of wall time; 0 = now). */
void ui_app_refresh_reports(ui_app *a, double now_wall_ms, double min_interval_ms);
/* Build views, lay out for w x h and draw everything into rd. */
void ui_app_draw(ui_app *a, rd_ctx *rd);
/* The window's arrangement of views (built for this moment) for rd's w x h, into a->L: what
 * ui_app_draw draws into, found without drawing (a clip learns where its caption strip is). */
void ui_app_layout(ui_app *a, rd_ctx *rd, ui_view *const *views);

/* Configuration changed in the window (re-simulated at the same moment). */
enum ui_knob { UI_KNOB_MODE, UI_KNOB_GP_FIX, UI_KNOB_NO_HZ, UI_KNOB_FAST_NO_HZ, UI_KNOB_CPUS_MORE, UI_KNOB_CPUS_FEWER };
/* Turn a knob; msg says what it did (or why not). 0 ok, -1 not possible (msg says why). */
/* The window's own changes (overrides, forced mode, the file's knobs), kept across an attempt to apply
 * others and put back when it fails to load. */
typedef struct ui_changes {
    char overrides[16][128], labels[16][160];
    int n;
    bool forced;
    enum rv_mode forced_mode;
    struct ui_file_knobs knobs;
} ui_changes;
void ui_app_changes_keep(const ui_app *a, ui_changes *c);
void ui_app_changes_restore(ui_app *a, const ui_changes *c);
int ui_app_turn(ui_app *a, enum ui_knob k, char *msg, size_t msglen);
/* Set KEY=VALUE for every later load (replacing the same key); -1 when there is no room. */
int ui_app_set_override(ui_app *a, const char *key, const char *value);
/* Same, remembering the option as the user typed it ("--set cpus=4", "--cpus 4") for messages. */
int ui_app_set_override_labeled(ui_app *a, const char *key, const char *value, const char *label);
/* Back to the file's configuration: drops every override (--set, M X Z U) and a forced mode,
 * re-simulated to the same moment (Backspace). 0 ok, -1 nothing to restore or it failed (msg says). */
int ui_app_restore_file_config(ui_app *a, char *msg, size_t msglen);
/* What differs from the file, for the badge ("" when nothing). */
void ui_app_config_badge(const ui_app *a, char *buf, size_t n);

/* The caption moment J goes to: the next time a caption (timed or triggered, as this run showed
 * it) or a stall warning appears after now, or -1 when none is known yet. */
int64_t ui_app_next_caption(ui_app *a, double explore_budget_ms);

/* Lecture cues (the scenario's "cues"): go to cue idx (its time; the flavor, selection and compare
 * that cues 1..idx+1 leave, ui_cue_view_at, so it looks the same however it is reached). 0 ok,
 * -1 when there is no such cue or compare could not switch (err), 1 when the cue lies after a run
 * cut short by --set duration_s (the end is shown; err says so). */
int ui_app_goto_cue(ui_app *a, int idx, char *err, size_t errlen);
/* The cue PgDn (back = PgUp) goes to from the current one, or -1. */
int ui_app_next_cue(const ui_app *a, bool back);
/* Where the lecture stands once the clock is at t by End: the last cue of the lecture's longest
 * opening run of cues whose moments are all at or before t, or -1 (before cue 1). */
int ui_app_cue_reached(const ui_app *a, int64_t t);

/* Moments a lecture steps between, for the flavor shown. */
enum ui_moment { UI_MOMENT_GP_START, UI_MOMENT_GP_END, UI_MOMENT_FQS, UI_MOMENT_STALL };
/* Time of the next (back: previous) such moment, exploring ahead for at most explore_budget_ms of
 * wall time when it is not known yet; -1 when there is none. */
int64_t ui_app_find_moment(ui_app *a, enum ui_moment kind, bool back, double explore_budget_ms);
const char *ui_moment_name(enum ui_moment kind);
/* Event step filtered by the E toggle (the flavor shown, the selected CPU) and, type >= 0, to
 * events of that rv_ev_type (R: QS reports). In compare mode the 3.7 side leads and the other
 * follows to its time. True when such an event was reached (forward) or found (back). */
bool ui_app_step_match(ui_app *a, int type, bool back);
/* The time of the next (back: previous) moment of `kind` of the flavor shown, found exactly by stepping
 * the engine to the event or re-simulating back to it (the history that ui_app_find_moment() reads
 * thins old moments, so it can skip seconds of FQS passes), with the CPU whose context ran it in *cpu
 * (-1 if none); -1 when none is found within the step horizon (then look in the history). The caller
 * lands 1 ns past it, as for every moment. */
int64_t ui_app_step_to_moment(ui_app *a, enum ui_moment kind, bool back, int *cpu);
/* Seek so that everything that happens at t has happened (the engine runs events before t only). */
void ui_app_seek_moment(ui_app *a, int64_t t);

/* Where a file the window just wrote can be found, for the status line: "NAME in FOLDER" (absolute,
 * the name first, as the top bar cuts a long line at its end); in the
 * browser page, whose folder for pictures and exports is the browser's downloads, "downloaded as NAME"
 * (a path like /downloads/... exists on no student's computer). Returns buf. */
const char *ui_saved_where(const char *path, char *buf, size_t n);

/* The default scenario used when none is given and scenarios/default.json is missing. */
void ui_builtin_scenario(rv_config *cfg);
#endif
