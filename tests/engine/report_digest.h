/* report_digest.h — a run's report (every scalar, every thread, stall, not-applied and orphan entry) as one number, for tests that compare two engines. */
#ifndef RCUVIS_TEST_REPORT_DIGEST_H
#define RCUVIS_TEST_REPORT_DIGEST_H

#include "rcuvis.h"

#include <stddef.h>
#include <stdint.h>

/* FNV-1a over n bytes, continuing from h. */
static inline uint64_t fx_mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 1099511628211ULL;
    return h;
}

/* The report's content as one number; if keep is not NULL it gets the report's scalars (lists
 * cleared). */
static inline uint64_t fx_report_digest(const rv_engine *e, rv_report *keep)
{
    rv_report r;
    rv_report_build(e, &r);
    uint64_t h = 14695981039346656037ULL;
    for (size_t i = 0; i < r.nthreads; i++) h = fx_mix(h, &r.threads[i], sizeof r.threads[i]);
    for (size_t i = 0; i < r.nstalls; i++) h = fx_mix(h, &r.stalls[i], sizeof r.stalls[i]);
    if (r.nstall_names) h = fx_mix(h, r.stall_names, r.nstall_names * sizeof *r.stall_names);
    for (size_t i = 0; i < r.nnot_applied; i++) h = fx_mix(h, &r.not_applied[i], sizeof r.not_applied[i]);
    for (size_t i = 0; i < r.norphans; i++) h = fx_mix(h, &r.orphans[i], sizeof r.orphans[i]);
    rv_report x = r; /* the scalars; the lists' contents are mixed in above, not their addresses */
    x.threads = NULL;
    x.stalls = NULL;
    x.stall_names = NULL;
    x.not_applied = NULL;
    x.orphans = NULL;
    h = fx_mix(h, &x, sizeof x);
    if (keep) *keep = x;
    rv_report_free(&r);
    return h;
}

#endif
