/* timetravel.h — a live engine with checkpoints, deterministic re-simulation, undoable steps and branches. */
#ifndef RCUVIS_TIMETRAVEL_H
#define RCUVIS_TIMETRAVEL_H

/*
 * The engine is single-threaded and deterministic, so "going back" means: restore the latest
 * checkpoint (an rv_engine_clone) at or before the target time and simulate forward again. The
 * forward run takes checkpoints every `interval` of simulated time, no threads involved; the
 * interval adapts to how fast the engine runs so that a seek never re-simulates more than about
 * 40 ms of wall time.
 *
 * An injection changes the future. It is stored as a checkpoint taken right after it, and when
 * the known future (checkpoints after now) exists, a new branch starts: the old branch and its
 * future stay available (tt_switch_branch), nothing is discarded.
 *
 * Steps (by event, by grace-period phase) are recorded as a position "base time + ops" and pushed
 * on an undo stack, so stepping back restores exactly the previous state, not an approximation.
 */

#include "view/history.h"
#include "rcuvis.h"

enum tt_step { TT_STEP_TICK = 0, TT_STEP_EVENT = 1, TT_STEP_PHASE = 2, TT_STEP_MATCH = 3 };

/* Which events a filtered step stops at (TT_STEP_MATCH): -1 in a field means "any".
 * flavor: events of that flavor (flavor-less events too when they happen on the cpu filtered on);
 * cpu: events on that CPU and events of no CPU (GP start/end, FQS passes); type: enum rv_ev_type. */
typedef struct tt_match { int flavor, cpu, type; } tt_match;
bool tt_event_matches(const rv_event *ev, const tt_match *m);

typedef struct tt tt;

tt *tt_new(const rv_config *cfg, char *err, size_t errlen);
void tt_free(tt *t);

/* Wall time in milliseconds. Everything time travel derives from wall time (the measured engine
 * speed, hence checkpoint spacing, chunk sizes, look-ahead and playback budgets) reads this clock;
 * the default is CLOCK_MONOTONIC. Tests inject a deterministic one so that no decision depends on
 * how fast the machine is. NULL restores the default. */
typedef double (*tt_clock_fn)(void *ctx);
void tt_set_clock(tt *t, tt_clock_fn now_ms, void *ctx);
/* A virtual machine for tests and benches: wall time advances only with simulated work, at
 * sim_s_per_wall_s simulated seconds per wall second (0 = the real clock again). */
void tt_set_virtual_speed(tt *t, double sim_s_per_wall_s);
/* The wall clock time travel reads (the virtual one under tt_set_virtual_speed): tests measure
 * how long a key kept the window busy with it. */
double tt_wall_ms(const tt *t);

rv_engine *tt_engine(tt *t);            /* the live engine (read it, do not advance it directly) */
const ui_history *tt_history(const tt *t);
int64_t tt_now(const tt *t);
int64_t tt_end(const tt *t);            /* duration of the run */
int64_t tt_known_until(const tt *t);    /* how far this branch has been simulated */
int64_t tt_checkpoint_before(const tt *t, int64_t to); /* time of the latest checkpoint at or before to */

/* Advance to t (forward only; clamps to the end). When budget_ms > 0 stops early once that much
 * wall time was spent (playback keeps the window responsive); returns the time reached. */
int64_t tt_advance(tt *t, int64_t to, double budget_ms);
/* Go anywhere: back through a checkpoint, forward by simulation. Clears the undo stack. */
void tt_seek(tt *t, int64_t to);
/* One step forward of the given kind (flavor for phases); pushes the prior position for undo. */
void tt_step(tt *t, enum tt_step kind, int flavor);
/* Step event by event until one matching m has happened (at most 30 s of simulated time ahead, or
 * about 0.25 s of wall time at the measured speed); pushes the prior position for undo. Returns
 * true when a matching event was reached, false when the limit came first (time moved anyway). */
bool tt_step_match(tt *t, const tt_match *m);
/* Back to the previous matching event (undoing the last filtered step when there is one), landing
 * right after it; looks back through the event ring, then re-simulates up to 8 checkpoint
 * intervals. False (and time unchanged) when none was found. */
bool tt_step_match_back(tt *t, const tt_match *m);
/* The last match before now, found in the ring or by re-simulating a few checkpoint intervals back
 * (never by undoing a step): lands 1 ns past it and returns its time, or stays and returns -1. */
int64_t tt_find_match_back(tt *t, const tt_match *m);
/* One step back: undoes the last step if it was of this kind, else goes to the previous jiffy
 * boundary / previous event time / previous phase change of flavor. */
void tt_step_back(tt *t, enum tt_step kind, int flavor);
/* The time tt_step_back(kind, flavor) would go to (the undone step's start, or the previous jiffy,
 * event or phase change): the window asks first, to keep a far one bounded. */
int64_t tt_step_back_to(const tt *t, enum tt_step kind, int flavor);
/* After a seek to a jiffy boundary: run that boundary's tick, as a jiffy step (either way) lands
 * (the window's far step back, which becomes a bounded seek). */
void tt_land_on_tick(tt *t);
/* Engine speed as measured on time travel's clock: simulated ns per wall ms (0 = not measured yet). */
double tt_speed(const tt *t);

/* Apply an injection now. *branched is set when a new branch had to start (a known future existed).
 * 0 ok, -1 with the engine's message. */
int tt_inject(tt *t, const rv_inject *cmd, bool *branched, char *err, size_t errlen);

/* Look ahead: simulate the rest of the current branch on a separate clone for at most budget_ms,
 * so the timeline and the scrubber know the whole run (GPs, stalls) before playback gets there.
 * First, when the stretch tt_set_window names around now was thinned by the history's memory bound
 * while now was elsewhere, it is rebuilt exactly (re-simulated from a checkpoint on another clone):
 * the same moment shows the same marks however one got there.
 * Single-threaded: call it from the frame loop. Returns true while there is more to do. */
bool tt_explore(tt *t, double budget_ms);
/* What the timeline shows before and after now (ns): the history keeps that stretch (with a margin)
 * exact when it has to thin itself, and tt_explore rebuilds it where it is not. */
void tt_set_window(tt *t, int64_t back_ns, int64_t ahead_ns);

int tt_branch_count(const tt *t);
int tt_branch_current(const tt *t);
int64_t tt_branch_fork_time(const tt *t, int branch); /* where it split off (0 for the first) */
/* The earliest injection the user made that the current branch's state includes (its own or one of
 * the branches it split from), or -1 for a run as the scenario scripted it. */
int64_t tt_first_intervention(const tt *t);
/* The same for any branch kept (-1 also for no such branch): the branches still as scripted. */
int64_t tt_branch_first_intervention(const tt *t, int branch);
/* Switch to another branch, at the same simulated time when it exists there. */
void tt_switch_branch(tt *t, int branch);

/* Diagnostics for tests and the bench: checkpoints held by the current branch, interval. */
size_t tt_checkpoints(const tt *t);
int64_t tt_interval(const tt *t);
/* Bytes time travel holds (counted, so the same on any machine; see the budget in timetravel.c):
 * the total, and optionally the checkpoints' and the histories' shares. */
size_t tt_memory(const tt *t, size_t *checkpoints, size_t *histories);
#endif
