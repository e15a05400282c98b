/* test_responsive.c — playback yields within its budget, so input is read again soon whatever the engine does (issue 11, defect 11). */
#include "view/timetravel.h"
#include "window/app.h"

#include <criterion/criterion.h>

/* A virtual machine simulating sim_s_per_wall_s simulated seconds per wall second: budgets are
 * counted in the work done, the same on any machine and under any load. */
static tt *demo_on(double sim_s_per_wall_s)
{
    rv_config cfg;
    ui_builtin_scenario(&cfg);
    char err[256];
    tt *t = tt_new(&cfg, err, sizeof err);
    rv_config_free(&cfg);
    cr_assert(t, "tt_new: %s", err);
    tt_set_virtual_speed(t, sim_s_per_wall_s);
    return t;
}

Test(responsive, playback_returns_within_its_budget_before_the_next_checkpoint)
{
    /* 1 simulated second per wall second: a checkpoint interval (1 s at first) costs a whole
     * second; the window gives playback 25 ms per frame. The call must come back after about that
     * much work (plus one chunk), not after the whole interval, or Ctrl+Q waits a second or more. */
    tt *t = demo_on(1.0);
    int64_t got = tt_advance(t, 5000000000LL, 25.0);
    cr_expect_lt(got, 100000000LL, "one frame of playback simulated %.3f s (about %.0f ms of work)", got / 1e9, got / 1e6);
    cr_expect_gt(got, 0, "but it made progress");
    /* and frame after frame it still gets there, with the same result as an unbudgeted run */
    for (int i = 0; i < 1000 && tt_now(t) < 1500000000LL; i++) tt_advance(t, 1500000000LL, 25.0);
    cr_expect_eq(tt_now(t), 1500000000LL);
    cr_expect_geq(tt_checkpoints(t), 2, "the checkpoint at 1 s was still taken");
    tt_free(t);
}

Test(responsive, look_ahead_returns_within_its_budget)
{
    tt *t = demo_on(1.0);
    int64_t before = tt_known_until(t);
    tt_explore(t, 8.0);
    cr_expect_lt(tt_known_until(t) - before, 100000000LL, "one look-ahead slice learned %.3f s", (tt_known_until(t) - before) / 1e9);
    tt_free(t);
}
