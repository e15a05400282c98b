/* pending_validate_phases.c — (not built) rv_config_validate() should reject phase values the engine cannot run. */
/*
 * Gap kept out of the suite (config.c): rv_config_validate() checks the machine, rcu.* and costs
 * but no phase field, while the scenario schema bounds them (e.g. mean_us minimum 0). A config
 * built in code (the app, tests, predict questions) with a negative reader length passes
 * validation and rv_engine_new(); the engine then draws negative lengths, reader_start() treats
 * them as "never ends", and the first rcu_sched GP never completes (4 CPUs, busy_frac 1.5,
 * readers 100/s of mean -50 us: after 2 s gpnum 1, completed 0, 0 readers finished).
 * Expected: -1 with a message naming the field, like the other range checks.
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

Test(pending_validate_phases, phase_values_are_range_checked)
{
    rejects(neg_mean, "mean_us");
    rejects(big_busy, "busy_frac");
    rejects(neg_rate, "call_rcu");
    rejects(neg_prob, "preempt_prob");
    rejects(bad_torture, "torture_flavor");
}
