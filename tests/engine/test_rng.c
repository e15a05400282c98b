/* test_rng.c — rng_poisson() gives the same counts and leaves the stream where Knuth's plain loop against exp() does. */
#include "engine_fixtures.h"
#include "internal.h"

#include <math.h>
#include <string.h>

/* The draw as rng.c wrote it before its loop ran against bounds of e^-mean. */
static long poisson_plain(rng *r, double mean)
{
    if (mean <= 0) return 0;
    if (mean > 30) {
        double u1 = rng_unit(r) + 1e-300, u2 = rng_unit(r);
        double z = sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
        long v = lround(mean + z * sqrt(mean));
        return v < 0 ? 0 : v;
    }
    if (mean < 0.02) {
        double u = rng_unit(r);
        if (u >= mean - mean * mean / 2) return 0;
        return u < (mean * mean / 2) * (1 - mean / 3) ? 2 : 1;
    }
    double l = exp(-mean), p = 1.0;
    long k = 0;
    do { k++; p *= rng_unit(r); } while (p > l);
    return k - 1;
}

Test(rng, exp_neg_bounds_hold_and_are_tight)
{
    for (int i = 0; i <= 3000000; i++) {
        double m = 30.0 * i / 3000000;
        double lo, hi, l = exp(-m);
        rng_exp_neg_bounds(m, &lo, &hi);
        cr_assert(lo <= l && l <= hi, "m = %.17g: exp(-m) = %.17g outside [%.17g, %.17g]", m, l, lo, hi);
        cr_assert(hi / lo < 1 + 5e-3, "m = %.17g: bounds [%.17g, %.17g] too loose", m, lo, hi);
    }
}

Test(rng, poisson_matches_the_plain_loop)
{
    rng pick;
    rng_seed(&pick, 7, 99);
    for (int i = 0; i < 400000; i++) {
        /* means across every branch, dense where the bounded loop runs (0.02 .. 30) */
        double mean = i % 10 == 0 ? 40 * rng_unit(&pick) : i % 10 == 1 ? 0.03 * rng_unit(&pick) : 0.02 + 29.98 * rng_unit(&pick);
        rng a, b;
        rng_seed(&a, (uint64_t)i, 1 + (uint64_t)(i % 16));
        b = a;
        long got = rng_poisson(&a, mean), want = poisson_plain(&b, mean);
        cr_assert_eq(got, want, "mean %.17g seed %d: %ld, plain loop %ld", mean, i, got, want);
        cr_assert(memcmp(&a, &b, sizeof a) == 0, "mean %.17g seed %d: the stream moved on differently", mean, i);
    }
    rng a, b;
    rng_seed(&a, 1, 1);
    b = a;
    cr_assert_eq(rng_poisson(&a, NAN), poisson_plain(&b, NAN));
    cr_assert(memcmp(&a, &b, sizeof a) == 0, "NaN mean: the stream moved on differently");
}

