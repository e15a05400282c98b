/* view.h — the snapshot panels draw from (engine state copied out), the UI state, and a frame's hit list. */
/*
 * Module app/view/ — owns what is shown, apart from how it is drawn: the view snapshot copied out
 * of an engine, the UI state, the timeline history, time travel (checkpoints, look-ahead,
 * branches) and the layout of panels for a window size. It may include the engine and the
 * renderer's types; never panels, the window or the CLI.
 */
#ifndef RCUVIS_VIEW_H
#define RCUVIS_VIEW_H

/*
 * Panels never talk to the engine: ui_view_build() copies what they need out of one engine
 * (CPU and node views, flavor state, the cached report, the latest kernel-log lines, the
 * "why" text), and the panels turn that plus ui_state into pixels. The window and `rcuvis shot`
 * build the same view and call the same panels, so a screenshot is the window's picture.
 *
 * While drawing, panels record clickable areas in the frame's hit list; the window's input code
 * looks clicks up there, so hit-testing always matches what was drawn.
 */

#include "view/history.h"
#include "rcuvis.h"
#include "render/render.h"
#include "render/theme.h"

#define UI_KLOG_LINES 160
#define UI_MAX_LEVELS 16 /* the kernel stops at 4; a fanout of 2 on 4096 CPUs needs 12 */

typedef struct ui_klog_line { int64_t t; const char *text; bool stall; } ui_klog_line;

typedef struct ui_view {
    const rv_config *cfg;
    const char *label;           /* "3.7 (kthread)" / "3.6 (softirq)" */
    enum rv_mode mode;
    int flavor;                  /* flavor shown in the tree and tiles */
    int64_t now, end, known_until;
    int64_t moment;              /* now is 1 ns past this moment (a cue's, a moment key's, an event's): the clock
                                    shows it, "t = 0.300000 s", not the landing "0.300000001 s"; -1 none */
    int hz, ncpus, nnodes, levels, level_count[UI_MAX_LEVELS];
    rv_cpu_view *cpus;           /* ncpus */
    rv_node_view *nodes;         /* nnodes, of `flavor` */
    rv_flavor_view fl[RV_NFLAVORS];
    const rv_report *report;     /* may be a little older than now (cached) */
    const ui_history *hist;
    ui_klog_line klog[UI_KLOG_LINES];
    int nklog;                   /* lines kept, oldest first */
    size_t klog_total;           /* lines in the engine's log */
    char why[2048];              /* rv_explain() for the selection (or the whole GP) */
    int branch, nbranches;
    int64_t branch_fork;
    const char *caption;         /* scenario caption active now (or the current cue's), or NULL */
    const char *caption_text;    /* the file's own words of it, without the window's notes (a cue's "Cue 3, at
                                    2 s: " before them kept); NULL when the strip shows a note of the window's
                                    ("Changed ...", "Captions paused") or nothing. F3 copies these. */
    const char *caption_under_pause; /* paused: the caption's words, when it was up before the injection (else NULL) */
    int64_t caption_until;       /* when that caption leaves the strip (INT64_MAX: not before the next one) */
    char caption_paused[256];    /* what the strip says instead of a caption once the user's own change is on screen */
    char caption_marked[1600];   /* a cue's caption under a changed configuration, with a line saying so */
    int64_t changed_at;          /* the user's first injection in this run (tt_first_intervention()), or -1 */
    const char *cue_title;       /* title of the lecture cue in force, or NULL */
    bool caption_is_cue;         /* the strip shows that cue's caption (its own words, perhaps marked), not the
                                    file's timed caption nor a note of the window's */
    int cue_number;              /* that cue's number, 1-based (0 with no title) */
    int ncues;                   /* the scenario's lecture cues (0: it has no lecture) */
    char last_event[320];        /* the latest event in words (what the last step did) */
    char last_event_what[240];   /* the same without "last event, at T: ", for a top bar with little room */
    /* the event a cue bar names (export/slide.c), of the flavor shown or of none: the weightiest of the
     * latest instant (a still) or since the clip's frame before (st.bar_since_ns), a landmark (stall,
     * GP start/end, hotplug) first, a caption last (view.c bar_rank()). bar_event_t: its time, -1 none. */
    int64_t bar_event_t;
    char bar_event[240];
} ui_view;

enum ui_hit_kind {
    HIT_NONE = 0, HIT_CPU, HIT_NODE, HIT_NODE_BIT, HIT_SCRUB, HIT_TIMELINE, HIT_BUTTON, HIT_PICKER_ITEM,
    HIT_FLAVOR, HIT_KLOG, HIT_BANNER, HIT_WHY, HIT_ACCT, HIT_GLOSSARY,
    HIT_WORKBOOK /* the workbook's own hits (ui_workbook.h): a, b are its to use */
};

typedef struct ui_hit { rd_rect r; int kind, a, b; int side; int64_t t0, t1; } ui_hit;

/* A hover explanation: the full text of a shortened label, or a glossary line for a term. */
typedef struct ui_tip { rd_rect r; char text[2048]; } ui_tip; /* a caption line can name ten terms: their explanations, whole */

typedef struct ui_frame {
    rd_ctx *rd;
    const ui_theme *th;
    ui_hit *hits;
    int nhits, caphits;
    ui_tip *tips;
    int ntips, captips;
    int ntips_shortened;         /* labels drawn shortened that carry their full text as a tip */
    int nterm_missing;           /* panel_term() calls whose term has no glossary entry (tests read it) */
    char term_missing[64];       /* the first such term */
    int mouse_x, mouse_y;        /* where the pointer is (-1 when outside): the tip shown there */
    int side;                    /* 0 or 1 in compare mode: tags hits */
    int caption_font;            /* a clip's caption font, one for all its frames (panel_captions_font()): the
                                    strip draws no bigger; 0 (the window, a picture): each caption's own fit */
    bool audience;               /* presentation mode (F5): drawn for a room, so no placeholder words and no
                                    hover tips over what the lecturer points at */
} ui_frame;

/* Actions behind HIT_BUTTON (a = action). */
enum ui_action {
    ACT_NONE = 0, ACT_PLAY, ACT_STEP_BACK, ACT_STEP_FWD, ACT_SLOWER, ACT_FASTER, ACT_OPEN, ACT_HELP,
    ACT_COMPARE, ACT_FLAVOR, ACT_INJ_READER, ACT_INJ_IDLE, ACT_INJ_OFFLINE, ACT_INJ_LOOP, ACT_INJ_BURST,
    ACT_INJ_PREEMPT, ACT_INJ_SYNC, ACT_FQS, ACT_BRANCH, ACT_DISMISS, ACT_WORKBOOK, ACT_RESET,
    ACT_CUE /* arg 1: the next lecture cue (PgDn), 0: the one before (PgUp) */
};

/* The playback speed the window starts at (simulated seconds per real second), and a clip's without
 * --length (anim.c), so that a clip paces events as the window first shows them. */
#define UI_START_SPEED 0.01

typedef struct ui_state {
    int theme;
    float ui_scale;
    float scale_capped;           /* > 0: the UI scale in use, lowered from ui_scale to fit the window */
    bool playing, compare, show_help, show_picker, show_workbook, fullscreen, show_glossary;
    bool clean;                   /* slides (`shot --clean`, export): panels skip buttons and how-to hints */
    bool no_caption_lane;         /* a slide whose caption strip shows each side's caption whole, or the presenting
                                   * window whose strip shows a cue's caption: its timelines leave their
                                   * captions lane out (export/slide.c, window/app.c) */
    double speed;                 /* simulated seconds per real second */
    double speed_actual;          /* what playback reached (lower when the engine cannot keep up) */
    int flavor;
    int sel_cpu, sel_node;        /* -1 none */
    int klog_scroll;              /* lines scrolled up from the newest */
    int why_scroll;               /* lines of "Why is it waiting?" scrolled past */
    int acct_scroll;              /* rows of the accounting panel scrolled past */
    int glossary_scroll;          /* entries of the glossary overlay scrolled past */
    char glossary_query[48];      /* what the glossary overlay's search shows (empty: every entry) */
    bool glossary_typing;         /* keys type into that search (/ or Ctrl+F; Enter or Esc end it) */
    int64_t timeline_span;        /* ns of simulated time across the timeline (when not auto) */
    bool timeline_manual;         /* the user zoomed: stop following the speed */
    int64_t timeline_cap;         /* > 0: the speed-following window is at most this (a clip's own span) */
    int64_t flash_ns;             /* how long a cleared bit / probe stays highlighted (sim ns) */
    char status[512];             /* last action, shown in the top bar ("saved ...") */
    bool status_routine;          /* it only repeats what the presenting top bar shows (a cue reached): not
                                     drawn there, where the line names the cue already */
    char error[4096];             /* a load error, shown until dismissed */
    char scenario_path[1024];
    /* scenario picker */
    char **picker_items;
    int *picker_cues;             /* per item: its lecture's cue count (0 none, -1 does not load) */
    int npicker, picker_sel;
    char picker_desc[1200];       /* description of the highlighted scenario (or why it does not load) */
    int hover_cpu;
    int cue;                      /* lecture cue last gone to (-1 none) */
    int64_t moment_ns;            /* the moment a cue, a moment key or J last landed 1 ns past (-1 none): the
                                     clock names it while the window stays there (ui_view.moment) */
    int64_t bar_since_ns;         /* a clip's previous frame (-1: none, a still or the window): its cue bar
                                     names the weightiest event since then, not only of the latest instant */
    int file_mode;                /* the loaded configuration's rcu.mode (before --mode / M): a cue that does
                                     not ask for compare was written for it, and in compare only its lane shows
                                     the cue's caption */
    bool presenting;              /* presentation mode: controls and hints hidden */
    bool event_filter;            /* E: event steps (Shift+arrows) and R stop only at events of the flavor shown
                                     and, with a CPU selected, of that CPU; the top bar says so while on */
    char config_badge[256];       /* what differs from the scenario file ("" = nothing): shown in the top bar */
    /* V: one panel fills the window in a large text size (enum ui_panel_id of view/layout_export.h; -1
     * none), for the back of a lecture room; both halves' copy of it in compare mode. Playback, seeks,
     * cues, compare and F5 leave it on; V or Esc turns it off. */
    int focus_panel;
    int last_panel;               /* the panel last clicked (V takes it when the pointer is on none), -1 none */
    bool top_essentials;          /* the top list shows only its rows down to its first RCU thread: what a
                                     one-panel picture's text fit (export/fit.c) must keep; the rest fills
                                     whatever room the chosen size leaves */
} ui_state;

int ui_hit_add(ui_frame *fr, rd_rect r, int kind, int a, int b);
const ui_hit *ui_hit_find(const ui_frame *fr, int x, int y); /* topmost (last added) hit */
/* Record a hover tip over r (copied). */
void ui_tip_add(ui_frame *fr, rd_rect r, const char *text);
const ui_tip *ui_tip_find(const ui_frame *fr, int x, int y); /* topmost, or NULL */
/* Free the hit and tip lists a frame grew (ui_hit_add, ui_tip_add) and empty them. */
void ui_frame_free(ui_frame *fr);

void ui_state_defaults(ui_state *st);
/* Do panels leave out their how-to hints ("wheel zooms", "click a CPU", "(scroll)", "· wheel scrolls")?
 * On a slide (clean) and while presenting (F5, `shot --cue`): nobody in the room holds the mouse.
 * Counts that inform ("▼ 7 more rows") stay. The one test every panel asks. */
bool ui_no_hints(const ui_state *st);

/* Fill v from the live engine. `report` is the caller's cached report. Allocates cpus/nodes on
 * first use (ui_view_free). */
struct tt;
void ui_view_build(ui_view *v, struct tt *t, const rv_report *report, const ui_state *st, const char *label);
void ui_view_free(ui_view *v);
/* The caption cfg's own timeline shows at now, without an engine: the timed ones only (a triggered
 * caption is known only to the engine that saw its trigger); NULL if none. */
const char *ui_caption_timed(const rv_config *cfg, int64_t now);
/* A file's caption under a changed configuration (badge: what changed), as the strip shows it: a line
 * saying its figures may not be the screen's, then the caption. */
void ui_caption_changed(char *out, size_t n, const char *badge, const char *text);
/* Whether lecture cue `cue` is in force at now: from its time until the next cue's (or past `end`,
 * the run's end); *until (may be NULL) gets that end. */
bool ui_cue_in_force(const rv_config *cfg, int cue, int64_t now, int64_t end, int64_t *until);
/* What lecture cue `cue` shows: cues 1..cue+1 applied in order, as PgDn from the first one leaves
 * the window (a cue that leaves out flavor, select_cpu or compare keeps what an earlier cue set).
 * Each field is the last value set, with the cue (0-based) that set it in *_by, or "leave as is"
 * (flavor -1, select_cpu -2, compare -1; *_by -1) when no cue up to this one sets it. The window,
 * `shot --cue`, the web page's cue= links and the cue captions all read this one answer. */
typedef struct ui_cue_view {
    int flavor, select_cpu, compare;
    int flavor_by, select_by, compare_by;
    /* the timeline's span at this stop alone, not carried to the next: a zoom frames one moment (PgUp from
     * omap-stall's 110 s stall back to cue 3 kept 110 s, and the moments cue 3 speaks of were a sliver).
     * 0 with timeline_any: this stop shows the default span; neither: the file's cues leave it alone */
    double timeline_s;
    bool timeline_any;
} ui_cue_view;
ui_cue_view ui_cue_view_at(const rv_config *cfg, int cue);
/* A cue's title after "Cue N of M: ": without the "N. " the file may begin it with ("Cue 3 of 3: 3. Two
 * seconds in" said the number twice); any other title as it is. n is 1-based. */
const char *ui_cue_title_unnumbered(const char *title, int n);
/* The soonest timed caption of cfg (its `when` holding) starting after `after` ns, or INT64_MAX. */
int64_t ui_next_caption_start(const rv_config *cfg, int64_t after);

/* One engine event in plain words ("CPU 3 reported to rnp1: bits 0x8 cleared (rcu_sched)"). cfg is the
 * engine's config (rv_engine_config()): a caption event is told by its words from it, `caption: "An
 * interrupt woke CPU 0 after 75 s of silence. Its…"`; with NULL (or an index it lacks), by its number. */
void ui_describe_event(const rv_event *ev, const rv_config *cfg, char *buf, size_t n);

/* Formatting helpers shared by panels. */
void ui_fmt_time(char *buf, size_t n, int64_t ns);      /* "61.234567 s", "80.0078125 s" (exact) */
void ui_fmt_time_us(char *buf, size_t n, int64_t ns);   /* "80.007812 s": to the microsecond, for a moving clock or a label */
/* The clock of a view standing still: the moment it sits 1 ns past when it has one ("0.300000 s" for a cue at
 * 0.3 s, "80.0078125 s" for omap-stall's warning), else now, exact (ui_fmt_time). */
void ui_fmt_clock(char *buf, size_t n, const ui_view *v);
void ui_fmt_dur(char *buf, size_t n, double seconds);   /* "12.3 ms", "450 µs", "2.10 s" */
void ui_fmt_count(char *buf, size_t n, long v);          /* "12", "3.4k", "1.2M" */
/* The report's threads in the order the "Threads (top)" list shows them: the live ones first, as
 * top(1) lists them (biggest first), then the exited ones. order gets rep->nthreads indices; returns
 * how many are alive. */
size_t ui_threads_top_order(const rv_report *rep, size_t *order);
#endif
