/* test_burst_table.c — a burst's size read off the phase's table of ranges is floor(-scale * log(x)), the draw it replaces, at every range's edges and beside every step. */
#include "engine_fixtures.h"
#include "internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double from_bits(uint64_t u) { double x; memcpy(&x, &u, sizeof x); return x; }

/* The phase rates of an engine whose one phase has bursts of this mean. */
static rv_engine *engine_with_bursts(rv_config *cfg, double burst_mean)
{
    fx_config(cfg, 2, RV_MODE_KTHREAD);
    rv_phase *ph = fx_add_phase(cfg, "all", 1.0);
    ph->call_rcu_per_s[RV_SCHED] = 1000;
    ph->burst_mean = burst_mean;
    return fx_engine(cfg, NULL);
}

static void expect_log_answer(const phase_rates *pr, double x, double burst_mean)
{
    if (!(x > 0 && x <= 1)) return;
    long want = (long)(-pr->burst_scale * log(x)), got = workload_burst_extra(pr, x);
    cr_assert_eq(got, want, "burst_mean %g, x = %a: %ld extra callbacks, log() says %ld", burst_mean, x, got, want);
}

/* Every x the table could get wrong lies at a range's edge or beside a step's bound; check those, each
 * neighbour one ulp away, and a spread of draws in between. */
static void expect_table_exact(double burst_mean)
{
    rv_config cfg;
    rv_engine *e = engine_with_bursts(&cfg, burst_mean);
    const phase_rates *pr = &e->phase_rates[0];
    for (int i = 0; i <= BURST_TABLE; i++) {
        uint64_t key = pr->burst_key0 + (uint64_t)i;
        for (int d = -2; d <= 2; d++) expect_log_answer(pr, from_bits((key << BURST_KEY_SHIFT) + (uint64_t)(int64_t)d), burst_mean);
    }
    for (int k = 0; k < pr->burst_steps; k++) {
        const double bounds[3] = {pr->burst_lo[k], pr->burst_hi[k], exp(-(k + 1) / pr->burst_scale)};
        for (int b = 0; b < 3; b++)
            for (int d = -3; d <= 3; d++) {
                double x = bounds[b];
                for (int s = 0; s < abs(d); s++) x = nextafter(x, d < 0 ? 0 : 2); /* d ulps away */
                expect_log_answer(pr, x, burst_mean);
            }
    }
    rng r;
    rng_seed(&r, 7, 1);
    for (int n = 0; n < 200000; n++) expect_log_answer(pr, 1.0 - rng_unit(&r), burst_mean);
    rv_engine_free(e);
    rv_config_free(&cfg);
}

Test(burst_table, hackbench_bursts) { expect_table_exact(5); }
Test(burst_table, kernel_build_bursts) { expect_table_exact(2); }
Test(burst_table, nearly_single_callbacks) { expect_table_exact(1.05); }
Test(burst_table, bursts_past_the_steps) { expect_table_exact(30); }

/* The table must answer most draws itself (else the steps' loop, and its mispredicted exit, is back):
 * x is uniform on (0, 1], so a range answers its width's share of the draws. The draws below the
 * table (x < 2^-8) and in a range that meets a step's band are left to the steps and log(): with
 * 128 ranges an octave about 3 % (with 32, 9 %). */
Test(burst_table, most_draws_are_answered_by_the_table)
{
    rv_config cfg;
    rv_engine *e = engine_with_bursts(&cfg, 5);
    const phase_rates *pr = &e->phase_rates[0];
    double share = 0;
    for (int i = 0; i < BURST_TABLE; i++) {
        uint64_t key = pr->burst_key0 + (uint64_t)i;
        if (pr->burst_table[i] >= 0) share += fmin(from_bits((key + 1) << BURST_KEY_SHIFT), 1.0) - from_bits(key << BURST_KEY_SHIFT);
    }
    cr_expect_gt(pr->burst_steps, 0, "burst_mean 5 should have steps");
    cr_expect_geq(share, 0.95, "the table answers only %.1f %% of draws", 100 * share);
    rv_engine_free(e);
    rv_config_free(&cfg);
}
