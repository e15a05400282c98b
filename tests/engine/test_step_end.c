/* pending_step_end.c — regression: rv_step_event() should report the end of the scenario with -1, as rcuvis.h says. */
/*
 * Header/behaviour mismatch, fixed; kept as a regression test: rcuvis.h says rv_step_event() "returns its
 * time, or -1 at the end", but step_once() is called with limit INT64_MAX and there is always a
 * next tick, so it never returns -1: after rv_run_until(e, rv_end_ns(e)) on a 10 ms scenario it
 * returns 10000000, 11000000, 12000000, ... and simulated time runs past duration_s. Either stop
 * at rv_end_ns() (return -1 once the next event lies at or beyond it) or change the comment.
 */
#include "engine_fixtures.h"

Test(step_end, step_event_returns_minus_one_at_the_end)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.duration_s = 0.01;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    rv_run_until(e, rv_end_ns(e));
    int64_t t = 0;
    for (int i = 0; i < 100 && t >= 0; i++) t = rv_step_event(e);
    cr_expect_eq(t, -1, "still stepping at %lld ns, past the end at %lld", (long long)rv_now_ns(e), (long long)rv_end_ns(e));
    cr_expect_leq(rv_now_ns(e), rv_end_ns(e));
    rv_engine_free(e);
}
