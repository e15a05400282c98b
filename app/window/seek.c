/* seek.c — moving the window's time without holding up its input: seeks and far step backs a frame's slice at a time. */
#include "window/app.h"

/*
 * A seek restores the latest checkpoint before its target and simulates the rest. Checkpoints are
 * spaced for ~40 ms of re-simulation, but a long run thins them (memory budget), a target past
 * what the look-ahead knows has none, and a re-loaded scenario (file changed, M/X/Z/U knobs,
 * compare, a workbook question's "show me") has only the one at t = 0: such a seek can be minutes
 * of work. The window (a->bounded_seeks) therefore simulates at most SEEK_SLICE_MS per call, read on
 * time travel's clock (tests inject a virtual one), and the frame loop continues it through
 * ui_app_seek_continue() between reading events, so Ctrl+Q is answered within a frame.
 */

/* A step back re-simulates from the checkpoint before where it lands; up to this much wall time
 * (at the measured engine speed) it is done at once and stays an exact undo, beyond it (checkpoints
 * thinned over a long run) it becomes a bounded seek to the step's time. Checkpoints are spaced for
 * about 40 ms (timetravel.c), so ordinary steps stay exact. */
#define STEP_BACK_MAX_MS 60.0
/* Before the engine speed is measured (the first frames): the same decision by simulated time. */
#define STEP_BACK_MAX_NS 10000000000LL

bool ui_app_seek_pending(const ui_app *a) { return a->pending_seek >= 0; }

void ui_app_seek_cancel(ui_app *a) { a->pending_seek = -1; }

/* land_on_tick: the seek is a jiffy step back, which lands with its boundary's tick run (tt_step_back) */
static void begin_seek(ui_app *a, int64_t t, bool land_on_tick)
{
    a->pending_seek = -1;
    a->pending_seek_tick = false;
    if (!a->nsessions) return;
    int64_t end = ui_app_end(a);
    if (t < 0) t = 0;
    if (t > end) t = end;
    ui_app_sync_window(a);
    if (!a->bounded_seeks) {
        for (int i = 0; i < a->nsessions; i++) {
            tt_seek(a->s[i].tt, t);
            if (land_on_tick) tt_land_on_tick(a->s[i].tt);
        }
        return;
    }
    /* restore only (a checkpoint's time), or stay when going forward from within reach */
    int64_t now = ui_app_now(a), from = tt_checkpoint_before(a->s[0].tt, t);
    if (now <= t && now > from) from = now;
    for (int i = 0; i < a->nsessions; i++) tt_seek(a->s[i].tt, from);
    a->pending_seek = t;
    a->pending_seek_tick = land_on_tick; /* the first slice may already arrive */
    ui_app_seek_continue(a, SEEK_SLICE_MS);
}

void ui_app_seek(ui_app *a, int64_t t) { begin_seek(a, t, false); }

bool ui_app_seek_continue(ui_app *a, double budget_ms)
{
    if (a->pending_seek < 0) return false;
    if (!a->nsessions) { a->pending_seek = -1; return false; }
    a->st.playing = false;
    /* ui_app_advance bounds the first session; the others follow to the same time */
    if (ui_app_advance(a, a->pending_seek, budget_ms / a->nsessions) >= a->pending_seek) {
        a->pending_seek = -1;
        if (a->pending_seek_tick)
            for (int i = 0; i < a->nsessions; i++) tt_land_on_tick(a->s[i].tt);
        a->pending_seek_tick = false;
    }
    return a->pending_seek >= 0;
}

bool ui_app_step_back_bounded(ui_app *a, enum tt_step kind)
{
    if (!a->bounded_seeks || !a->nsessions) return false;
    /* compare mode steps events and phases on the 3.7 side (app.c) */
    tt *lead = a->s[a->nsessions == 1 || kind == TT_STEP_TICK ? 0 : 1].tt;
    int64_t to = tt_step_back_to(lead, kind, a->st.flavor);
    /* at most from the checkpoint before the landing time to now (an undo replays its steps) */
    int64_t work = tt_now(lead) - tt_checkpoint_before(lead, to);
    double speed = tt_speed(lead);
    bool far = speed > 0 ? (double)work / speed > STEP_BACK_MAX_MS : work > STEP_BACK_MAX_NS;
    if (!far) return false;
    begin_seek(a, to, kind == TT_STEP_TICK); /* near or far, a jiffy step lands with its boundary's tick */
    return true;
}
