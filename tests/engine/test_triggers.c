/* test_triggers.c — triggers fire on the engine's own events, `when` picks per engine, refused events are recorded, "first" events equal injections. */
#include "engine_fixtures.h"
#include "scenario.h"

#include <math.h>

static rv_config load(const char *json)
{
    rv_config cfg;
    char err[4096];
    int rc = rv_scenario_parse(json, "t.json", &cfg, err, sizeof err);
    cr_assert_eq(rc, 0, "%s", err);
    return cfg;
}

static void load_fails(const char *json, const char *needle)
{
    rv_config cfg;
    char err[4096] = "";
    cr_assert_lt(rv_scenario_parse(json, "t.json", &cfg, err, sizeof err), 0, "accepted: %s", json);
    cr_expect(strstr(err, needle) != NULL, "expected \"%s\" in: %s", needle, err);
    rv_config_free(&cfg);
}

#define HEAD "{\"name\": \"t\", \"cpus\": 4, \"duration_s\": 1, \"seed\": 3, " \
             "\"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.8, \"readers\": {\"rcu_sched\": {\"rate_per_s\": 200, \"mean_us\": 3}}, " \
             "\"call_rcu_per_s\": {\"rcu_sched\": 200}}], "

static rv_engine *run(const rv_config *cfg, fx_log *log)
{
    rv_engine *e = fx_engine(cfg, log);
    rv_run_until(e, rv_end_ns(e));
    return e;
}

Test(triggers, refused_event_is_recorded_with_reason_and_hint)
{
    rv_config cfg = load(HEAD "\"events\": ["
                              "{\"at_s\": 0.5, \"kind\": \"long_reader\", \"cpu\": 2, \"flavor\": \"rcu_sched\", \"duration_s\": 0.05},"
                              "{\"at_s\": 0.51, \"kind\": \"offline\", \"cpu\": 2}]}");
    rv_engine *e = run(&cfg, NULL);
    cr_assert_eq(rv_not_applied_count(e), 1);
    const rv_not_applied *na = rv_not_applied_get(e, 0);
    cr_expect_eq(na->kind, RV_INJ_OFFLINE);
    cr_expect_eq(na->cpu, 2);
    cr_expect_eq(na->index, 1, "the index is the event's place in the file");
    cr_expect_float_eq(na->t_s, 0.51, 1e-9);
    cr_expect(strstr(na->reason, "read-side critical section") && strstr(na->reason, "move at_s later"), "%s", na->reason);
    rv_report rep;
    rv_report_build(e, &rep);
    cr_expect_eq(rep.nnot_applied, 1);
    rv_report_free(&rep);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(triggers, gp_start_nth_with_delay)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\", \"n\": 3}, "
                              "\"delay_s\": 0.0005, \"kind\": \"call_rcu_burst\", \"cpu\": 1, \"flavor\": \"rcu_sched\", \"count\": 77}]}");
    fx_log log = {.keep = FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_INJECT)};
    rv_engine *e = run(&cfg, &log);
    long third = -1, inj = -1;
    int starts = 0;
    for (size_t i = 0; i < log.n; i++) {
        if (fx_match(&log.v[i], RV_EV_GP_START, RV_SCHED) && ++starts == 3) third = (long)i;
        if (log.v[i].type == RV_EV_INJECT) inj = (long)i;
    }
    cr_assert(third >= 0 && inj >= 0);
    cr_expect_eq(log.v[inj].t, log.v[third].t + 500000, "fired 0.5 ms after the third rcu_sched gp_start");
    cr_expect_eq(log.v[inj].n, 77);
    cr_expect_eq(rv_event_fired_ns(e, 0), log.v[inj].t);
    cr_expect_eq(rv_not_applied_count(e), 0);
    fx_log_free(&log);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* The case that cost an author three guesses: offline a CPU while it still owes the GP a QS. */
Test(triggers, offline_while_cpu_owes_qs)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"cpu_owes_qs\", \"flavor\": \"rcu_sched\", \"cpu\": 2, \"n\": 2}, "
                              "\"kind\": \"offline\", \"cpu\": 2}]}");
    fx_log log = {.keep = FX_BIT(RV_EV_CPU_OFFLINE) | FX_BIT(RV_EV_GP_INIT_NODE)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_run_until(e, rv_end_ns(e));
    cr_expect_eq(rv_not_applied_count(e), 0, "%s", rv_not_applied_count(e) ? rv_not_applied_get(e, 0)->reason : "");
    long off = fx_find(&log, 0, RV_EV_CPU_OFFLINE, -1);
    cr_assert(off >= 0, "CPU 2 went offline");
    long init = -1;
    for (long i = off; i >= 0; i--)
        if (fx_match(&log.v[i], RV_EV_GP_INIT_NODE, RV_SCHED)) { init = i; break; }
    cr_assert(init >= 0);
    cr_expect_eq(log.v[off].t, log.v[init].t, "offline at the instant the leaf's qsmask got CPU 2's bit");
    cr_expect(log.v[init].mask & (1ull << 2));
    fx_log_free(&log);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(triggers, callbacks_threshold)
{
    rv_config cfg = load(HEAD "\"events\": [{\"at_s\": 0.2, \"kind\": \"call_rcu_burst\", \"cpu\": 3, \"flavor\": \"rcu_sched\", \"count\": 1500},"
                              "{\"on\": {\"event\": \"callbacks\", \"cpu\": 3, \"count\": 1000}, \"kind\": \"force_qs\", \"flavor\": \"rcu_sched\"}]}");
    fx_log log = {.keep = FX_BIT(RV_EV_INJECT)};
    rv_engine *e = run(&cfg, &log);
    cr_assert_eq(log.n, 2);
    cr_expect_eq(log.v[1].arg, RV_INJ_FORCE_QS);
    cr_expect_eq(log.v[1].t, FX_S(0.2), "the burst crossed 1000 callbacks on CPU 3");
    fx_log_free(&log);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(triggers, never_fired_trigger_is_not_applied_at_the_end)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"stall\"}, \"kind\": \"wake\", \"cpu\": 1}]}");
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_run_until(e, rv_end_ns(e) / 2);
    cr_expect_eq(rv_not_applied_count(e), 0, "not yet: the run is not over");
    rv_run_until(e, rv_end_ns(e));
    cr_assert_eq(rv_not_applied_count(e), 1);
    cr_expect(strstr(rv_not_applied_get(e, 0)->reason, "stall") != NULL);
    cr_expect_float_eq(rv_not_applied_get(e, 0)->t_s, -1, 1e-9);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* The advice for a trigger that never fired names the keys that would make it fire: a callbacks
 * trigger's threshold is "count", "n" only when above 1 (it cannot go lower), the filter only when
 * there is one. */
Test(triggers, never_fired_advice_names_the_threshold_key)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"callbacks\", \"cpu\": 3, \"count\": 100000}, \"kind\": \"force_qs\"},"
                              "{\"on\": {\"event\": \"stall\"}, \"kind\": \"wake\", \"cpu\": 1},"
                              "{\"on\": {\"event\": \"callbacks\", \"count\": 100000, \"n\": 2}, \"kind\": \"force_qs\"},"
                              "{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\", \"n\": 5000}, \"kind\": \"wake\", \"cpu\": 1}]}");
    rv_engine *e = run(&cfg, NULL);
    cr_assert_eq(rv_not_applied_count(e), 4);
    static const char *const want[] = {
        "its trigger (callbacks on CPU 3 reaching 100000) happened 0 times before the end of the run; lower \"count\", "
        "loosen the filter or lengthen duration_s",
        "its trigger (stall) happened 0 times before the end of the run; lengthen duration_s",
        "its trigger (callbacks reaching 100000 (occurrence 2)) happened 0 times before the end of the run; lower \"count\" "
        "or \"n\", or lengthen duration_s",
        NULL};
    for (size_t i = 0; i < 4; i++) {
        const rv_not_applied *x = rv_not_applied_get(e, i);
        if (x->index < 3) cr_expect_str_eq(x->reason, want[x->index]);
        else cr_expect(strstr(x->reason, "; lower \"n\", loosen the filter or lengthen duration_s") != NULL, "%s", x->reason);
    }
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* A stall trigger's cpu is the CPU that prints the warning, so its never-fired text says "printed by
 * CPU 1", not "on CPU 1" (an author read that as CPU 1's own stall and filtered on the stalled CPU). */
Test(triggers, never_fired_stall_trigger_names_the_printing_cpu)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"stall\", \"flavor\": \"rcu_sched\", \"cpu\": 1}, \"kind\": \"wake\", \"cpu\": 2}]}");
    rv_engine *e = run(&cfg, NULL);
    cr_assert_eq(rv_not_applied_count(e), 1);
    const char *why = rv_not_applied_get(e, 0)->reason;
    cr_expect(strstr(why, "its trigger (stall of rcu_sched printed by CPU 1) happened 0 times") != NULL, "%s", why);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* A caption whose trigger never comes is missed, with what its trigger did; one for the other mode
 * (when), a timed one and one that fired are not. The warning of `rcuvis run` names captions by
 * their place in the file, which the loader's sort (triggered ones last) must not lose. */
Test(triggers, never_fired_caption_is_missed_at_the_end)
{
    rv_config cfg = load(HEAD "\"rcu\": {\"mode\": \"kthread\"}, \"captions\": ["
                              "{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\", \"n\": 5000}, \"text\": \"never\"},"
                              "{\"on\": {\"event\": \"stall\"}, \"when\": {\"mode\": \"softirq\"}, \"text\": \"other mode\"},"
                              "{\"at_s\": 0.5, \"text\": \"timed\"},"
                              "{\"on\": {\"event\": \"gp_end\", \"n\": 1}, \"text\": \"fires\"},"
                              "{\"on\": {\"event\": \"gp_end\", \"n\": 2}, \"delay_s\": 0.999, \"text\": \"too late\"}]}");
    cr_assert_eq(cfg.captions[0].file_index, 2, "timed captions sort first");
    cr_assert_eq(cfg.captions[1].file_index, 0);
    rv_engine *e = fx_engine(&cfg, NULL);
    char why[512] = "";
    rv_run_until(e, rv_end_ns(e) / 2);
    cr_expect_not(rv_caption_missed(e, 1, why, sizeof why), "not yet: the run is not over");
    rv_run_until(e, rv_end_ns(e));
    cr_expect_not(rv_caption_missed(e, 0, why, sizeof why), "the timed caption fired");
    cr_assert(rv_caption_missed(e, 1, why, sizeof why), "n 5000 in a 1 s run never comes");
    cr_expect(strstr(why, "gp_start of rcu_sched (occurrence 5000)") && strstr(why, "times before the run's end at 1 s"), "%s", why);
    cr_expect_not(rv_caption_missed(e, 2, why, sizeof why), "a softirq caption is not missed in a kthread engine");
    cr_expect_not(rv_caption_missed(e, 3, why, sizeof why), "it fired");
    cr_assert(rv_caption_missed(e, 4, why, sizeof why), "delay_s put it past the end");
    cr_expect(strstr(why, "delay_s put it at") != NULL, "%s", why);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(triggers, when_and_caption_firing_per_engine)
{
    const char *json = HEAD "\"rcu\": {\"mode\": \"softirq\"}, \"captions\": ["
                            "{\"at_s\": 0, \"text\": \"both\"},"
                            "{\"at_s\": 0.1, \"text\": \"only 3.7\", \"when\": {\"mode\": \"kthread\"}},"
                            "{\"on\": {\"event\": \"gp_end\", \"flavor\": \"rcu_sched\", \"n\": 2}, \"duration_s\": 0.01, \"text\": \"second GP over\"}]}";
    rv_config cfg = load(json);
    fx_log log = {.keep = FX_BIT(RV_EV_GP_END)};
    rv_engine *e = fx_engine(&cfg, &log);
    rv_run_until(e, FX_S(0.5));
    cr_expect_eq(rv_caption_fired_ns(e, 0), 0);
    cr_expect_eq(rv_caption_fired_ns(e, 1), -1, "softirq engine: the kthread caption never fires");
    long second = -1;
    int ends = 0;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_GP_END, RV_SCHED) && ++ends == 2) second = (long)i;
    cr_assert(second >= 0);
    int64_t f = rv_caption_fired_ns(e, 2);
    cr_expect_eq(f, log.v[second].t);
    cr_expect_eq(rv_caption_until_ns(e, 2), f + FX_S(0.01));
    cr_expect_eq(rv_caption_until_ns(e, 0), f, "the timed caption gives way to the triggered one");
    cr_expect_eq(rv_caption_current(e), -1, "0.5 s: the triggered caption's 10 ms are over");
    rv_engine_free(e);
    fx_log_free(&log);
    cfg.rcu.mode = RV_MODE_KTHREAD;
    e = fx_engine(&cfg, NULL);
    rv_run_until(e, FX_S(0.1) + 1);
    cr_expect_eq(rv_caption_fired_ns(e, 1), FX_S(0.1), "kthread engine: it fires");
    cr_expect_eq(rv_caption_current(e), 1);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* A "first" event at t gives the same log as rv_run_until(t) + rv_engine_inject: the recorder's
 * promise that a saved session replays byte for byte. t is a tick boundary on purpose. */
Test(triggers, first_event_equals_injection)
{
    rv_config cfg = load(HEAD "\"captions\": [{\"at_s\": 0.25, \"text\": \"same instant\"}]}");
    fx_log a = {0}, b = {0};
    rv_engine *e = fx_engine(&cfg, &a);
    rv_run_until(e, FX_S(0.25));
    rv_inject cmd = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_SCHED, .count = 500};
    char err[256];
    cr_assert_eq(rv_engine_inject(e, &cmd, err, sizeof err), 0, "%s", err);
    rv_run_until(e, FX_S(0.6));
    rv_config c2;
    rv_config_copy(&c2, &cfg);
    rv_inject *evs = calloc(1, sizeof *evs);
    *evs = cmd;
    evs->at_s = 0.25;
    evs->first = true;
    c2.events = evs;
    c2.nevents = 1;
    rv_engine *e2 = fx_engine(&c2, &b);
    rv_run_until(e2, FX_S(0.6));
    cr_assert_eq(a.n, b.n, "%zu events after an injection, %zu after the scripted first event", a.n, b.n);
    size_t diff = a.n;
    for (size_t i = 0; i < a.n && diff == a.n; i++)
        if (memcmp(&a.v[i], &b.v[i], sizeof a.v[i]) != 0) diff = i;
    cr_expect_eq(diff, a.n, "logs differ at event %zu", diff);
    rv_engine_free(e);
    rv_engine_free(e2);
    fx_log_free(&a);
    fx_log_free(&b);
    rv_config_free(&c2);
    rv_config_free(&cfg);
}

Test(triggers, clone_keeps_trigger_state)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"gp_end\", \"n\": 4}, \"kind\": \"force_qs\", \"flavor\": \"rcu_sched\"}]}");
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_run_until(e, FX_S(0.01));
    rv_engine *c = rv_engine_clone(e);
    cr_assert_not_null(c);
    rv_run_until(e, rv_end_ns(e));
    rv_run_until(c, rv_end_ns(c));
    cr_expect_eq(rv_event_fired_ns(e, 0), rv_event_fired_ns(c, 0));
    cr_expect_gt(rv_event_fired_ns(c, 0), 0);
    rv_engine_free(e);
    rv_engine_free(c);
    rv_config_free(&cfg);
}

Test(triggers, loader_errors)
{
    load_fails(HEAD "\"events\": [{\"at_s\": 1, \"on\": {\"event\": \"gp_start\"}, \"kind\": \"wake\", \"cpu\": 0}]}", "either at_s or");
    load_fails(HEAD "\"events\": [{\"on\": {\"event\": \"gp_strat\"}, \"kind\": \"wake\", \"cpu\": 0}]}", "did you mean \"gp_start\"");
    load_fails(HEAD "\"events\": [{\"on\": {\"event\": \"gp_end\", \"cpu\": 1}, \"kind\": \"wake\", \"cpu\": 0}]}", "$.events[0].on.cpu");
    load_fails(HEAD "\"events\": [{\"on\": {\"event\": \"callbacks\"}, \"kind\": \"wake\", \"cpu\": 0}]}", "$.events[0].on.count: required");
    load_fails(HEAD "\"events\": [{\"at_s\": 1, \"delay_s\": 0.1, \"kind\": \"wake\", \"cpu\": 0}]}", "delay_s counts from a trigger");
    load_fails(HEAD "\"captions\": [{\"on\": {\"event\": \"fqs\"}, \"until_s\": 3, \"text\": \"x\"}]}", "use duration_s");
    load_fails(HEAD "\"captions\": [{\"at_s\": 1, \"when\": {\"mode\": \"kthred\"}, \"text\": \"x\"}]}", "did you mean \"kthread\"");
    load_fails(HEAD "\"events\": [{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_preempt\"}, \"kind\": \"wake\", \"cpu\": 0}], \"rcu\": {\"flavors\": [\"rcu_sched\"]}}",
               "rcu_preempt is not enabled");
}

/* After rv_step_jiffy the tick at the boundary has run: an injection there follows it. at_step
 * puts the replayed event at that very step (the window steps by jiffies before injecting). */
Test(triggers, at_step_event_equals_injection_after_the_tick)
{
    rv_config cfg = load(HEAD "\"rcu\": {\"mode\": \"softirq\"}}");
    fx_log a = {0}, b = {0};
    rv_engine *e = fx_engine(&cfg, &a);
    while (rv_now_ns(e) < FX_S(0.25)) rv_step_jiffy(e);
    rv_inject cmd = {.kind = RV_INJ_SYNCHRONIZE, .cpu = 1, .flavor = RV_SCHED, .count = 1};
    char err[256];
    int64_t t = rv_now_ns(e);
    uint64_t steps = rv_engine_steps(e);
    cr_assert_eq(rv_engine_inject(e, &cmd, err, sizeof err), 0, "%s", err);
    rv_run_until(e, FX_S(0.6));
    rv_config c2;
    rv_config_copy(&c2, &cfg);
    rv_inject *evs = calloc(1, sizeof *evs);
    *evs = cmd;
    evs->at_s = (double)t / 1e9;
    while ((int64_t)(evs->at_s * 1e9) < t) evs->at_s = nextafter(evs->at_s, 1e9);
    evs->first = true;
    evs->has_step = true;
    evs->at_step = steps;
    c2.events = evs;
    c2.nevents = 1;
    rv_engine *e2 = fx_engine(&c2, &b);
    rv_run_until(e2, FX_S(0.6));
    cr_assert_eq(a.n, b.n, "%zu events after an injection, %zu after the recorded event", a.n, b.n);
    size_t diff = a.n;
    for (size_t i = 0; i < a.n && diff == a.n; i++)
        if (memcmp(&a.v[i], &b.v[i], sizeof a.v[i]) != 0) diff = i;
    cr_expect_eq(diff, a.n, "logs differ at event %zu", diff);
    cr_expect_eq(rv_not_applied_count(e2), 0);
    rv_engine_free(e);
    rv_engine_free(e2);
    fx_log_free(&a);
    fx_log_free(&b);
    rv_config_free(&c2);
    rv_config_free(&cfg);
}

Test(triggers, qs_report_of_one_cpu)
{
    rv_config cfg = load(HEAD "\"events\": [{\"on\": {\"event\": \"qs_report\", \"flavor\": \"rcu_sched\", \"cpu\": 3, \"n\": 5}, "
                              "\"kind\": \"force_qs\", \"flavor\": \"rcu_sched\"}]}");
    fx_log log = {.keep = FX_BIT(RV_EV_QS_REPORT) | FX_BIT(RV_EV_INJECT)};
    rv_engine *e = run(&cfg, &log);
    int seen = 0;
    int64_t fifth = -1;
    for (size_t i = 0; i < log.n && fifth < 0; i++)
        if (fx_match(&log.v[i], RV_EV_QS_REPORT, RV_SCHED) && (log.v[i].mask & (1ull << 3)) && ++seen == 5) fifth = log.v[i].t;
    long inj = fx_find(&log, 0, RV_EV_INJECT, RV_SCHED);
    cr_assert(fifth >= 0 && inj >= 0);
    cr_expect_eq(log.v[inj].t, fifth, "fired at CPU 3's fifth rcu_sched QS report");
    fx_log_free(&log);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

/* A headless engine logs only the event types its triggers read and counts the rest, but every event
 * still takes a sequence number, and the ring is indexed by it. On 32 CPUs one step of a 3.6 GP start
 * emits more than the 64-event headless ring spans (init records, credits, ...): the gp_start the
 * trigger waits for was dropped when the ring grew, so the offline fired at a later GP than in a run
 * with a listener (--trace, the window). Both must fire at the same moment. */
Test(triggers, a_headless_run_fires_as_a_listened_one_when_a_step_outspans_the_ring)
{
    static const char *json =
        "{\"name\": \"t\", \"cpus\": 32, \"duration_s\": 0.05, \"seed\": 11, \"rcu\": {\"mode\": \"softirq\"}, "
        "\"workload\": [{\"task\": \"w\", \"cpus\": \"all\", \"busy_frac\": 0.8, \"ctxsw_per_s\": 3000, \"irqs_per_s\": 1000, "
        "\"call_rcu_per_s\": {\"rcu_sched\": 200, \"rcu_preempt\": 500}}], "
        "\"events\": [{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\", \"n\": 1}, \"kind\": \"call_rcu_burst\", \"cpu\": 5, "
        "\"flavor\": \"rcu_sched\", \"count\": 100}, "
        "{\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\", \"n\": 1}, \"kind\": \"offline\", \"cpu\": 5}]}";
    double t[2];
    for (int listened = 0; listened < 2; listened++) {
        rv_config cfg = load(json);
        fx_log log = {0};
        rv_engine *e = listened ? run(&cfg, &log) : NULL;
        if (!listened) {
            char err[256];
            rv_engine_opts opts = {.event_ring = RV_RING_HEADLESS}; /* what `rcuvis run` gives a headless engine */
            e = rv_engine_new(&cfg, &opts, err, sizeof err);
            cr_assert_not_null(e, "%s", err);
            rv_run_until(e, rv_end_ns(e));
        }
        rv_report r;
        rv_report_build(e, &r);
        cr_assert_gt(r.norphans, 0, "CPU 5 went offline with callbacks");
        t[listened] = r.orphans[0].t_s;
        rv_report_free(&r);
        rv_engine_free(e);
        fx_log_free(&log);
        rv_config_free(&cfg);
    }
    cr_expect_eq(t[0], t[1], "offline at %.9f s headless, %.9f s with a listener", t[0], t[1]);
}
