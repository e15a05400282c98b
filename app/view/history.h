/* history.h — what the timeline and the tree need from the engine's event log, kept for the whole run. */
#ifndef RCUVIS_HISTORY_H
#define RCUVIS_HISTORY_H

/*
 * The engine keeps only the last events in a ring, so the app reads new events after every
 * advance (ui_history_ingest) and keeps the few kinds the pictures need: grace periods as bars,
 * FQS passes, stalls, injections, and, for the tree and the tiles, the latest quiescent-state
 * report per node and the latest FQS credit ("dti"/"ofl"/"snap") per CPU. Events are identified by their
 * sequence number, so re-simulating a stretch that was already seen (after a seek back) adds
 * nothing twice: the engine is deterministic and re-emits the same sequence numbers.
 */

#include "rcuvis.h"

typedef struct ui_gp_bar { uint64_t gp; int64_t start, end; /* end < 0: still running */ } ui_gp_bar;
typedef struct ui_span { int64_t lo, hi; } ui_span; /* a closed time range */
typedef struct ui_mark { int64_t t; uint64_t gp; int64_t n; int32_t cpu; int8_t flavor, arg; int16_t task; } ui_mark;

#define UI_VEC(T) struct { T *v; size_t n, cap; }

typedef struct ui_history {
    uint64_t next_seq;      /* events with seq below this have been taken in */
    uint64_t lost;          /* events that left the engine's ring before they were read */
    int64_t known_until;    /* latest simulated time ingested */
    UI_VEC(ui_gp_bar) gps[RV_NFLAVORS];
    UI_VEC(int64_t) phase_t[RV_NFLAVORS]; /* GP start, FQS pass, cleanup start, GP end: step back by phase */
    UI_VEC(ui_mark) fqs;      /* flavor, arg = pass (0 snapshot, 1 check), n = CPUs probed */
    UI_VEC(ui_mark) stalls;   /* flavor, arg = 0 self / 1 other, n = jiffies; cpu = the first CPU named (-1: only tasks),
                                 task = pid of the first blocked task named (0 none): who stalls, not who noticed */
    UI_VEC(ui_mark) injects;  /* arg = rv_inject_kind, cpu, flavor, n = count */
    UI_VEC(ui_mark) violations;
    UI_VEC(ui_mark) captions; /* n = caption index: when each caption (timed or triggered) was shown */
    UI_VEC(ui_mark) hotplug;  /* cpu, arg = 1 online / 0 offline (scripted, injected or rcutorture's) */
    size_t cap;               /* entries per series before it is downsampled (UI_HIST_CAP) */
    /* per flavor x node x qsmask bit (node * 64 + bit): when a QS report last cleared it, -1 never,
     * for the "just cleared" flash. Per bit, not per node: a node's newer report once hid the bits an
     * older one cleared in the same moment as another node's (tree cue 3: CPUs 8-10 outlined, 2-3 not) */
    int nnodes, ncpus;
    int64_t *rep_t[RV_NFLAVORS];
    /* per flavor x CPU: last FQS credit (time, 0 dti / 1 ofl) */
    int64_t *cred_t[RV_NFLAVORS];
    uint64_t *cred_gp[RV_NFLAVORS];   /* the GP the credit was for: only the current GP's matter */
    int8_t *cred_arg[RV_NFLAVORS];
    /* the latest FQS credits in order, for the "probes landing" list (ring; t = -1: forgotten, by a
     * truncation or a replay) */
    ui_mark recent_cred[64];
    unsigned nrecent;
    uint64_t recent_seq_end;          /* 1 + the event seq of the newest credit in the ring (0: none) */
    /* The cap's downsampling spares [keep_lo, keep_hi] (keep_lo > keep_hi: nothing): the stretch the
     * timeline shows around now, set by time travel. Where it did drop entries is kept in `coarse`
     * (sorted, disjoint), so that a stretch coming back into view can be rebuilt exactly
     * (ui_history_splice): the same moment then shows the same marks however one got there. */
    int64_t keep_lo, keep_hi;
    UI_VEC(ui_span) coarse;
} ui_history;

int ui_history_init(ui_history *h, int ncpus, int nnodes);
void ui_history_free(ui_history *h);
int ui_history_copy(ui_history *dst, const ui_history *src);
/* Take one event from the live engine (its sink): updates "now" state and, once per sequence
 * number, the time series. */
void ui_history_take(ui_history *h, const rv_event *ev);
/* Take one event from a look-ahead engine: time series only (the future must not leak into "now"). */
void ui_history_take_series(ui_history *h, const rv_event *ev);
/* The same for a run of events with consecutive sequence numbers, oldest first (the engine's batch
 * sink): the history ends as it would after ui_history_take() / ui_history_take_series() on each in
 * turn, at a fraction of the cost. */
void ui_history_take_run(ui_history *h, const rv_event *evs, size_t n);
void ui_history_take_series_run(ui_history *h, const rv_event *evs, size_t n);
/* The "now" state alone (FQS credits, QS reports) from a run of events: a look-ahead's own copy, so
 * that the checkpoints it leaves carry it (see ui_history_copy_instant). */
void ui_history_take_instant_run(ui_history *h, const rv_event *evs, size_t n);
/* Copy the "now" state (latest FQS credit per CPU, latest QS report per node, the recent credits)
 * from src to dst, both made by ui_history_init for the same machine: a checkpoint keeps it and a
 * restore puts it back, since it is what the events before that moment left, which a re-simulation
 * from the checkpoint does not emit again. */
void ui_history_copy_instant(ui_history *dst, const ui_history *src);
/* Read every event the engine emitted since the last call (from its ring). */
void ui_history_ingest(ui_history *h, const rv_engine *e);
/* Forget everything at or after seq / after time t (a new branch starts there). */
void ui_history_truncate(ui_history *h, uint64_t seq, int64_t t);
/* Index of the first GP bar of flavor f that ends at/after t (or is running); n if none. */
size_t ui_history_gp_from(const ui_history *h, int f, int64_t t);
/* Was cpu credited by FQS (dti/ofl) during grace period gp of flavor f, at or before now? -1 no, else arg. */
int ui_history_credit(const ui_history *h, int f, int cpu, uint64_t gp, int64_t now);
/* Latest phase-change time of flavor f strictly before t, or -1. */
int64_t ui_history_prev_phase(const ui_history *h, int f, int64_t t);

/* Memory bound. Every series holds at most UI_HIST_CAP entries: when one fills up, the stretch away
 * from the one the timeline shows is thinned, neighbours that cover the least time first (two GP bars
 * become one bar spanning both; of two FQS marks of a flavor, two phase times, violations or hotplug
 * marks, the later goes), so the shown stretch stays exact and the rest gets evenly coarser, like a
 * zoomed-out timeline, its gaps kept. Injections and stalls are never dropped. */
#define UI_HIST_CAP (1u << 17)
/* Downsample every series to at most cap entries (a branch one has left keeps a sketch). */
void ui_history_compact(ui_history *h, size_t cap);
/* Does [lo, hi] overlap a stretch downsampling thinned out? */
bool ui_history_coarse_in(const ui_history *h, int64_t lo, int64_t hi);
/* A history that starts from a checkpoint (a rebuild) learns the GP of flavor f already running
 * there, which started at `start`, before the events it will see. */
void ui_history_open_gp(ui_history *h, int f, uint64_t gp, int64_t start);
/* Entries of the largest capped series of x with a time in [lo, hi]: what a splice would bring in. */
size_t ui_history_count_in(const ui_history *x, int64_t lo, int64_t hi);
/* Replace what the capped series (GP bars, phase times, FQS, violations, hotplug) hold for [lo, hi]
 * by x's, which saw every event of that stretch (a re-simulation from a checkpoint at or before lo
 * to past hi, told the GPs running there: ui_history_open_gp): the stretch is exact again and no
 * longer coarse. 0, or -1 out of memory (h unchanged for the series that failed). */
int ui_history_splice(ui_history *h, const ui_history *x, int64_t lo, int64_t hi);
/* Bytes held by the series and per-CPU/per-node arrays (counted, not measured). */
size_t ui_history_bytes(const ui_history *h);
#endif
