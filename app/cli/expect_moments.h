/* expect_moments.h — `rcuvis run --expect`: the reports as of each expectation's at_s, taken on the way through the run. */
#ifndef RCUVIS_CLI_EXPECT_MOMENTS_H
#define RCUVIS_CLI_EXPECT_MOMENTS_H

#include "rcuvis.h"

#include <cjson/cJSON.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct expect_moments {
    size_t n;
    double *at_s;     /* the expectations' distinct at_s, earliest first */
    cJSON **printed;  /* the report as of at_s[i], printed and read back as the end's is; NULL until taken */
    bool *taken;      /* false: the run ended before at_s[i] (a shortened one), or the report could not be built */
} expect_moments;

/* The moments cfg's expectations name (n = 0: none); -1 when out of memory. */
int expect_moments_init(expect_moments *m, const rv_config *cfg);
/* Run e up to each moment in turn and keep the report there; those after e's end stay untaken. */
void expect_moments_take(expect_moments *m, rv_engine *e, const rv_config *cfg);
/* at_s as the file has it, to the nanosecond and no further ("12.000000001", "80.0078125", "5"). */
void expect_moments_fmt(char *buf, size_t n, double at_s);
/* The report as of at_s, or NULL when it was not taken. */
const cJSON *expect_moments_report(const expect_moments *m, double at_s);
void expect_moments_free(expect_moments *m);

#endif
