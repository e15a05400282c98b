/* test_rng_lazy_blips.c — rng_poisson() at the means a lazy blip count draws (0.02-3) equals Knuth's plain loop, draw for draw. */
#include "engine_fixtures.h"
#include "internal.h"

#include <math.h>
#include <string.h>

/* Knuth's loop against libm's exp(-mean), as rng_poisson() must behave for 0.02 <= mean <= 30. */
static long knuth_plain(rng *r, double mean)
{
    double l = exp(-mean), p = 1.0;
    long k = 0;
    do { k++; p *= rng_unit(r); } while (p > l);
    return k - 1;
}

/* Seed one stream, copy it, draw with each function: the counts and the streams afterwards must match. */
static void expect_same_draw(long (*got_fn)(rng *, double), long (*want_fn)(rng *, double), const char *want_name,
                             double mean, uint64_t seed, uint64_t stream, int draw)
{
    rng a, b;
    rng_seed(&a, seed, stream);
    b = a;
    long got = got_fn(&a, mean), want = want_fn(&b, mean);
    cr_assert_eq(got, want, "mean %.17g draw %d: %ld, %s %ld", mean, draw, got, want_name, want);
    cr_assert(memcmp(&a, &b, sizeof a) == 0, "mean %.17g draw %d: the stream moved on differently", mean, draw);
}

static long poisson_inline(rng *r, double mean) { return rng_poisson_inline(r, mean); }

/* rng_poisson() first compares the product with 1 - m and 1 / (1 + m) and computes its tighter bounds
 * only between them. A lazy blip count (idle_blips_per_s times the time since the last count) has its
 * mean mostly below 3, where those cheap bounds decide; sweep that range densely, with the means near
 * 0.02 (the narrowest gap between the cheap bounds and e^-m) included. */
Test(rng_lazy_blips, small_means_match_the_plain_loop)
{
    for (int i = 0; i < 600000; i++) {
        double mean = i % 3 == 0 ? 0.02 + 0.01 * (i % 1000) / 1000.0 : 0.02 + 2.98 * (int)(((long long)i * 7919) % 600000) / 600000.0;
        expect_same_draw(rng_poisson, knuth_plain, "plain loop", mean, (uint64_t)i * 31 + 5, 1 + (uint64_t)(i % 16), i);
    }
}

/* The cheap bounds themselves, as doubles: 1 - m below libm's exp(-m), 1 / (1 + m) above it. */
Test(rng_lazy_blips, cheap_bounds_hold)
{
    for (int i = 0; i <= 2000000; i++) {
        double m = 0.02 + 29.98 * i / 2000000;
        double l = exp(-m);
        cr_assert(1 - m < l && l < 1 / (1 + m), "m = %.17g: exp(-m) = %.17g outside (%.17g, %.17g)", m, l, 1 - m, 1 / (1 + m));
    }
}

/* rng_poisson_inline() (a lazy blip count's draw, its first-draw exits inline) is rng_poisson(): the
 * same count and the same stream afterwards, across the small-mean branch, Knuth's range and beyond. */
Test(rng_lazy_blips, inline_form_matches_rng_poisson)
{
    for (int i = 0; i < 400000; i++) {
        double mean = i % 4 == 0 ? 0.025 * (i % 1000) / 1000.0                  /* 0 .. 0.025: both sides of 0.02 */
                    : i % 4 == 1 ? 0.02 + 2.98 * (double)((i * 7919LL) % 400000) / 400000.0
                    : i % 4 == 2 ? 3 + 29 * (double)(i % 1000) / 1000.0             /* up to 32: past 30 too */
                                 : 0.019 + 0.002 * (double)(i % 1000) / 1000.0;
        expect_same_draw(poisson_inline, rng_poisson, "rng_poisson", mean, (uint64_t)i * 17 + 3, 1 + (uint64_t)(i % 16), i);
    }
    double odd[] = {0.0, -1.0, 0.02, 30.0, 30.000000001, NAN};
    for (size_t i = 0; i < sizeof odd / sizeof odd[0]; i++) {
        expect_same_draw(poisson_inline, rng_poisson, "rng_poisson", odd[i], 99, 1, (int)i);
    }
}
