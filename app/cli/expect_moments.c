/* expect_moments.c — the reports as of each expectation's at_s: a caption's figure checked at its own moment. */
#include "cli/expect_moments.h"
#include "report/report.h"
#include "util/seconds.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int by_time(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int expect_moments_init(expect_moments *m, const rv_config *cfg)
{
    memset(m, 0, sizeof *m);
    size_t k = 0;
    for (size_t i = 0; i < cfg->nexpects; i++) k += cfg->expects[i].has_at;
    if (!k) return 0;
    m->at_s = malloc(k * sizeof *m->at_s);
    m->printed = calloc(k, sizeof *m->printed);
    m->taken = calloc(k, sizeof *m->taken);
    if (!m->at_s || !m->printed || !m->taken) { expect_moments_free(m); return -1; }
    for (size_t i = 0; i < cfg->nexpects; i++)
        if (cfg->expects[i].has_at) m->at_s[m->n++] = cfg->expects[i].at_s;
    qsort(m->at_s, m->n, sizeof *m->at_s, by_time);
    size_t u = 0; /* two expectations at one moment read one report */
    for (size_t i = 0; i < m->n; i++)
        if (!u || m->at_s[i] != m->at_s[u - 1]) m->at_s[u++] = m->at_s[i];
    m->n = u;
    return 0;
}

void expect_moments_take(expect_moments *m, rv_engine *e, const rv_config *cfg)
{
    for (size_t i = 0; i < m->n; i++) {
        /* as shot --at S and the window have it: the events at S itself not yet applied */
        int64_t t = (int64_t)llround(m->at_s[i] * 1e9);
        if (t >= rv_end_ns(e)) break; /* at the end: the end's own report (run_expects()) */
        rv_run_until(e, t);
        rv_report rep;
        rv_report_build(e, &rep);
        cJSON *json = cli_report_json(&rep, cfg, 0);
        char *text = json ? cJSON_Print(json) : NULL;
        m->printed[i] = text ? cJSON_Parse(text) : NULL;
        m->taken[i] = m->printed[i] != NULL;
        free(text);
        cJSON_Delete(json);
        rv_report_free(&rep);
    }
}

void expect_moments_fmt(char *buf, size_t n, double at_s) { exact_seconds(buf, n, (int64_t)llround(at_s * 1e9)); }

const cJSON *expect_moments_report(const expect_moments *m, double at_s)
{
    for (size_t i = 0; i < m->n; i++)
        if (m->at_s[i] == at_s) return m->taken[i] ? m->printed[i] : NULL;
    return NULL;
}

void expect_moments_free(expect_moments *m)
{
    for (size_t i = 0; m->printed && i < m->n; i++) cJSON_Delete(m->printed[i]);
    free(m->at_s); free(m->printed); free(m->taken);
    memset(m, 0, sizeof *m);
}
