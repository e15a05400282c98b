/* rng.c — xoshiro256** pseudo-random numbers: seeded streams so every run is reproducible. */
#include "internal.h"

#include <math.h>

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* Each CPU gets its own stream so that adding a CPU does not reshuffle the others' workloads. */
void rng_seed(rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * 0xd1342543de82ef95ull);
    for (int i = 0; i < 4; i++) r->s[i] = splitmix(&x);
}

/* lo <= exp(-m) <= hi for 0 <= m <= 30, exp() meaning the libm result (within one ulp of e^-m):
 * e^-m = 2^-n * e^w with n = round(m / ln 2) and |w| <= ln(2)/2; e^w from its Taylor series to
 * degree 3, whose remainder is below |w|^4/4! * e^|w| < 8.6e-4 of the value. The bounds allow
 * 2e-3: loose enough to be cheap, tight enough that a product lands between them once in ~250
 * draws of a count, and only then does rng_poisson() pay for exp(). */
void rng_exp_neg_bounds(double m, double *lo, double *hi)
{
    double y = m * 1.4426950408889634; /* m / ln 2 */
    int n = (int)(y + 0.5);
    double w = ((double)n - y) * 0.6931471805599453;
    double q = 1 + w * (1 + w * (1.0 / 2 + w * (1.0 / 6)));
    union { uint64_t u; double d; } scale = {.u = (uint64_t)(1023 - n) << 52}; /* 2^-n, n <= 44 */
    double a = q * scale.d;
    *lo = a * (1 - 2e-3);
    *hi = a * (1 + 2e-3);
}

/* Knuth's loop against the exact e^-mean, from product p after k draws. */
static long rng_poisson_exact(rng *r, double mean, double p, long k)
{
    double l = exp(-mean);
    while (k == 0 || p > l) { k++; p *= rng_unit(r); }
    return k - 1;
}

long rng_poisson(rng *r, double mean)
{
    if (mean <= 0) return 0;
    if (mean > 30) { /* normal approximation: large counts per jiffy are batched anyway */
        double u1 = rng_unit(r) + 1e-300, u2 = rng_unit(r);
        double z = sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
        long v = lround(mean + z * sqrt(mean));
        return v < 0 ? 0 : v;
    }
    if (mean < 0.02) return rng_poisson_small(r, mean); /* the common per-tick case */
    /* Knuth: multiply uniforms until the product drops to e^-mean. exp() is dear next to one draw,
     * and the product almost never lands near e^-mean, so the loop runs against bounds of it and
     * asks exp() only when the product falls between them: the same draws, the same count.
     * First against bounds that cost a subtraction and a division, 1 - m < e^-m < 1/(1 + m) (from
     * e^m > 1 + m and e^-m > 1 - m; the gaps, about m^2/2 >= 2e-4 here, dwarf any rounding): a lazy
     * blip count (mean mostly below 3) decides there on its first draw about three times in four,
     * and only a product between them pays for rng_exp_neg_bounds() and then, rarely, exp(). */
    if (!(mean <= 30)) return rng_poisson_exact(r, mean, 1.0, 0); /* NaN: as the plain loop */
    double u = rng_unit(r);
    if (u < 1 - mean) return 0; /* 1 - mean < 1 / (1 + mean): the loop below would stop at once */
    return rng_poisson_knuth_from(r, mean, u);
}

/* The rest of rng_poisson()'s Knuth loop, its first draw p (>= 1 - mean) taken, 0.02 <= mean <= 30. */
long rng_poisson_knuth_from(rng *r, double mean, double p)
{
    const double lo_c = 1 - mean, hi_c = 1 / (1 + mean);
    long k = 1;
    while (p > hi_c) { k++; p *= rng_unit(r); } /* p > hi_c > e^-mean: the plain loop goes on */
    if (p < lo_c) return k - 1;                  /* p < lo_c < e^-mean: the plain loop stops here */
    double lo, hi;
    rng_exp_neg_bounds(mean, &lo, &hi);
    while (p > hi) { k++; p *= rng_unit(r); }
    if (p < lo) return k - 1;                  /* p < lo <= e^-mean: the plain loop stops here too */
    return rng_poisson_exact(r, mean, p, k);   /* p in [lo, hi]: only exp() can tell */
}

/* Knuth's loop against an e^-mean its caller worked out once (a workload stream's rate is fixed for a
 * phase). For 0.02 <= mean <= 30 and exp_neg_mean == exp(-mean) this is rng_poisson(r, mean): the same
 * draws and the same count, since the bounded loop above ends exactly where this plain one does. */
long rng_poisson_knuth(rng *r, double exp_neg_mean)
{
    double p = 1.0;
    long k = 0;
    do { k++; p *= rng_unit(r); } while (p > exp_neg_mean);
    return k - 1;
}

int rng_range(rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }
