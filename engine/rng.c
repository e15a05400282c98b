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

double rng_exp(rng *r, double mean) { return -mean * log(1.0 - rng_unit(r)); }

long rng_poisson(rng *r, double mean)
{
    if (mean <= 0) return 0;
    if (mean > 30) { /* normal approximation: large counts per jiffy are batched anyway */
        double u1 = rng_unit(r) + 1e-300, u2 = rng_unit(r);
        double z = sqrt(-2 * log(u1)) * cos(6.283185307179586 * u2);
        long v = lround(mean + z * sqrt(mean));
        return v < 0 ? 0 : v;
    }
    if (mean < 0.02) { /* the common per-tick case: at most one event, P(N>=1) = 1 - e^-m ~ m - m^2/2 */
        double u = rng_unit(r);
        if (u >= mean - mean * mean / 2) return 0;
        return u < (mean * mean / 2) * (1 - mean / 3) ? 2 : 1;
    }
    double l = exp(-mean), p = 1.0;
    long k = 0;
    do { k++; p *= rng_unit(r); } while (p > l);
    return k - 1;
}

int rng_range(rng *r, int lo, int hi) { return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1)); }
