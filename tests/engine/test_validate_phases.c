/* pending_validate_phases.c — regression: rv_config_validate() should reject phase values the engine cannot run. */
/*
 * Gap kept out of the suite (config.c): rv_config_validate() checks the machine, rcu.* and costs
 * but no phase field, while the scenario schema bounds them (e.g. mean_us minimum 0). A config
 * built in code (the app, tests, predict questions) with a negative reader length passes
 * validation and rv_engine_new(); the engine then draws negative lengths, reader_start() treats
 * them as "never ends", and the first rcu_sched GP never completes (4 CPUs, busy_frac 1.5,
 * readers 100/s of mean -50 us: after 2 s gpnum 1, completed 0, 0 readers finished).
 * Worse, torture_flavor is used as an index: with torture_flavor = 7 the engine reads
 * e->rsp[7] in target_flavor() (UBSan: "engine/workload.c:50:15: runtime error: index 7 out of
 * bounds for type 'rcu_state [3]'") on the first jiffy.
 * Expected: -1 with a message naming the field, like the other range checks, and rv_engine_new()
 * refusing the config.
 */
#include "engine_fixtures.h"

static void rejects(void (*spoil)(rv_phase *), const char *field)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    spoil(fx_add_phase(&cfg, "all", 1.0));
    char err[256] = "";
    cr_expect_eq(rv_config_validate(&cfg, err, sizeof err), -1, "%s accepted", field);
    cr_expect(strstr(err, field) != NULL, "message \"%s\" does not name %s", err, field);
    rv_config_free(&cfg);
}

static void neg_mean(rv_phase *ph) { ph->readers[RV_SCHED].rate_per_s = 100; ph->readers[RV_SCHED].mean_us = -50; }
static void big_busy(rv_phase *ph) { ph->busy_frac = 1.5; }
static void neg_rate(rv_phase *ph) { ph->call_rcu_per_s[RV_BH] = -10; }
static void neg_prob(rv_phase *ph) { ph->readers[RV_PREEMPT].preempt_prob = -0.5; }
static void bad_torture(rv_phase *ph) { ph->torture_writer = true; ph->torture_flavor = 7; }

Test(validate_phases, phase_values_are_range_checked)
{
    rejects(neg_mean, "mean_us");
    rejects(big_busy, "busy_frac");
    rejects(neg_rate, "call_rcu");
    rejects(neg_prob, "preempt_prob");
    rejects(bad_torture, "torture_flavor");
}

Test(validate_phases, engine_refuses_an_out_of_range_torture_flavor)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    bad_torture(fx_add_phase(&cfg, "all", 1.0));
    char err[256] = "";
    rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
    rv_config_free(&cfg);
    cr_expect_null(e, "accepted; the first jiffy indexes rsp[7]");
    if (e) rv_engine_free(e);
}
