/* test_run_cut_short.c — a run shortened below its scenario (--set duration_s) lists every event due after its end as not applied. */
#include "engine_fixtures.h"
#include "scenario.h"

#include <stdio.h>
#include <unistd.h>

/* The loader refuses times after the file's own end; only a --set that shortens the run leaves events
 * past the end, so these load a file through rv_scenario_load_with as `rcuvis run --set` does. */
static rv_config load_shortened(const char *json, const char *set)
{
    char path[] = "/tmp/rv_cut_XXXXXX", err[4096];
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, json, strlen(json)), (ssize_t)strlen(json));
    close(fd);
    const char *items[] = {set};
    rv_overrides ov = {items, 1};
    rv_config cfg;
    int rc = rv_scenario_load_with(path, &ov, &cfg, err, sizeof err);
    unlink(path);
    cr_assert_eq(rc, 0, "%s", err);
    return cfg;
}

/* An engine for cfg, run to its (shortened) end. */
static rv_engine *run_to_end(const rv_config *cfg)
{
    rv_engine *e = fx_engine(cfg, NULL);
    rv_run_until(e, rv_end_ns(e));
    return e;
}

#define HEAD "{\"name\": \"t\", \"cpus\": 4, \"duration_s\": 1, \"seed\": 3, " \
             "\"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.8, \"call_rcu_per_s\": {\"rcu_sched\": 200}}], "

/* Before, events after a shortened end simply never ran: the report said count 0 and --strict passed. */
Test(run_cut_short, timed_events_after_the_end_are_not_applied)
{
    rv_config cfg = load_shortened(HEAD "\"events\": ["
                                        "{\"at_s\": 0.1, \"kind\": \"wake\", \"cpu\": 1},"
                                        "{\"at_s\": 0.9, \"kind\": \"idle\", \"cpu\": 2},"
                                        "{\"at_s\": 0.6, \"kind\": \"wake\", \"cpu\": 2},"
                                        "{\"at_s\": 0.7, \"kind\": \"idle\", \"cpu\": 3, \"when\": {\"mode\": \"softirq\"}}]}",
                                   "duration_s=0.5");
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_run_until(e, rv_end_ns(e) / 2);
    cr_expect_eq(rv_not_applied_count(e), 0, "not yet: the run is not over");
    rv_run_until(e, rv_end_ns(e));
    /* file order 2 (0.6 s) and 1 (0.9 s), in time order; 3 is not this engine's (kthread mode), 0 ran */
    cr_assert_eq(rv_not_applied_count(e), 2);
    const rv_not_applied *a = rv_not_applied_get(e, 0), *b = rv_not_applied_get(e, 1);
    cr_expect_eq(a->index, 2);
    cr_expect_float_eq(a->t_s, 0.6, 1e-12);
    cr_expect_eq(a->kind, RV_INJ_WAKE);
    cr_expect_str_eq(a->reason, "after the run's end, 0.5 s; a run longer than 0.6 s (duration_s) applies it");
    cr_expect_eq(b->index, 1);
    cr_expect_float_eq(b->t_s, 0.9, 1e-12);
    cr_expect_geq(rv_event_fired_ns(e, 0), 0, "the event before the end ran");

    rv_report rep;
    rv_report_build(e, &rep);
    cr_expect_eq(rep.nnot_applied, 2, "the report (events_not_applied, --strict) counts them");
    rv_report_free(&rep);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(run_cut_short, triggered_event_whose_delay_passes_the_end)
{
    /* the first rcu_sched grace period starts within a few ms; 0.45 s later is past a 0.3 s run */
    rv_config cfg = load_shortened(HEAD "\"events\": [{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\"}, "
                                        "\"delay_s\": 0.45, \"kind\": \"wake\", \"cpu\": 1}]}",
                                   "duration_s=0.3");
    rv_engine *e = run_to_end(&cfg);
    cr_assert_eq(rv_not_applied_count(e), 1);
    const rv_not_applied *a = rv_not_applied_get(e, 0);
    cr_expect(a->t_s > 0.45 && a->t_s < 0.6, "due at the trigger plus delay_s, got %g", a->t_s);
    cr_expect(strstr(a->reason, "after the run's end, 0.3 s (its trigger fired and delay_s put it at ") == a->reason, "%s", a->reason);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(run_cut_short, a_full_run_lists_nothing)
{
    rv_config cfg = load_shortened(HEAD "\"events\": [{\"at_s\": 0.9, \"kind\": \"idle\", \"cpu\": 2}]}", "seed=4");
    rv_engine *e = run_to_end(&cfg);
    cr_expect_eq(rv_not_applied_count(e), 0, "%s", rv_not_applied_count(e) ? rv_not_applied_get(e, 0)->reason : "");
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* A caption due at the shortened run's very end is not shown, as the events due there are not run: a
 * quiz's run of small-busy cut at 5 s ended on its 5 s caption, telling of a reader that never entered. */
Test(run_cut_short, a_caption_due_at_the_end_is_not_shown)
{
    rv_config cfg = load_shortened(HEAD "\"captions\": [{\"at_s\": 0, \"text\": \"start\"}, {\"at_s\": 0.5, \"text\": \"half way\"}],"
                                        " \"events\": [{\"at_s\": 0.5, \"kind\": \"idle\", \"cpu\": 2}]}",
                                   "duration_s=0.5");
    rv_engine *e = run_to_end(&cfg);
    cr_expect_eq(rv_caption_fired_ns(e, 0), 0, "the first caption is shown at 0 s");
    cr_expect_lt(rv_caption_fired_ns(e, 1), 0, "the caption at the end is not shown");
    cr_expect_eq(rv_not_applied_count(e), 1, "the event at the end is not run");
    rv_engine_free(e);
    rv_config_free(&cfg);
}
