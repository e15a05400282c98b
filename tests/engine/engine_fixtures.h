/* engine_fixtures.h — shared helpers for the engine tests: configs built in code, an event recorder, counting and finding events. */
#ifndef ENGINE_FIXTURES_H
#define ENGINE_FIXTURES_H

#include "rcuvis.h"
#include "scenario.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FX_NS_PER_S 1000000000LL
#define FX_S(s) ((int64_t)((s) * (double)FX_NS_PER_S))

/* ---------------------------------------------------------------- configs */

/* A shipped scenario's configuration (scenarios/NAME.json under RCUVIS_ROOT), or the test fails */
static inline void fx_shipped_config(const char *name, rv_config *cfg)
{
    const char *root = getenv("RCUVIS_ROOT");
    char path[PATH_MAX], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root ? root : ".", name);
    memset(cfg, 0, sizeof *cfg);
    cr_assert_eq(rv_scenario_load(path, cfg, err, sizeof err), 0, "%s: %s", path, err);
}

/* The kernel defaults on a small machine; mode softirq (3.6) or kthread (3.7). */
static inline void fx_config(rv_config *cfg, int cpus, enum rv_mode mode)
{
    rv_config_defaults(cfg);
    snprintf(cfg->name, sizeof cfg->name, "fixture");
    cfg->cpus = cpus;
    cfg->rcu.mode = mode;
    cfg->duration_s = 600;
}

/* Append a phase covering `cpus` ("all", "0-3", ...) from t=0 to the end: busy_frac of the time
 * busy, mostly in the kernel, context switching and taking interrupts at modest rates. */
static inline rv_phase *fx_add_phase(rv_config *cfg, const char *cpus, double busy_frac)
{
    rv_phase *p = realloc(cfg->phases, (cfg->nphases + 1) * sizeof *p);
    cr_assert_not_null(p);
    cfg->phases = p;
    rv_phase *ph = &p[cfg->nphases++];
    memset(ph, 0, sizeof *ph);
    snprintf(ph->task, sizeof ph->task, "work");
    char err[256];
    cr_assert_eq(rv_cpuset_parse(&ph->cpus, cpus, cfg->cpus, err, sizeof err), 0, "%s", err);
    ph->busy_frac = busy_frac;
    ph->user_frac = 0.5;
    ph->busy_period_ms = 20;
    ph->ctxsw_per_s = 1000;
    ph->irqs_per_s = 500;
    ph->burst_mean = 1;
    return ph;
}

/* Readers of every enabled flavor at `rate` per second, short ones. */
static inline void fx_readers_all(rv_phase *ph, double rate, double mean_us)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        ph->readers[f].rate_per_s = rate;
        ph->readers[f].mean_us = mean_us;
    }
}

/* ---------------------------------------------------------------- the event recorder */

/* Every event the engine emits, kept in order (or only the types in `keep`, a bit mask, if not 0). */
typedef struct fx_log {
    rv_event *v;
    size_t n, cap;
    uint64_t keep;
} fx_log;

#define FX_BIT(t) (1ull << (t))

static inline void fx_sink(const rv_event *ev, void *ctx)
{
    fx_log *l = ctx;
    if (l->keep && !(l->keep & FX_BIT(ev->type))) return;
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 1024;
        l->v = realloc(l->v, l->cap * sizeof *l->v);
        if (!l->v) abort();
    }
    l->v[l->n++] = *ev;
}

static inline void fx_log_free(fx_log *l)
{
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* An engine for cfg; records into log if log is not NULL. Fails the test on a config error. */
static inline rv_engine *fx_engine(const rv_config *cfg, fx_log *log)
{
    char err[512] = "";
    rv_engine *e = rv_engine_new(cfg, NULL, err, sizeof err);
    cr_assert_not_null(e, "rv_engine_new: %s", err);
    if (log) rv_engine_set_sink(e, fx_sink, log);
    return e;
}

static inline void fx_run_s(rv_engine *e, double s) { rv_run_until(e, FX_S(s)); }

/* The report of a machine built from cfg and run for s simulated seconds (rv_report_free() it). */
static inline rv_report fx_report_after(const rv_config *cfg, double s)
{
    rv_engine *e = fx_engine(cfg, NULL);
    fx_run_s(e, s);
    rv_report r;
    rv_report_build(e, &r);
    rv_engine_free(e);
    return r;
}

/* An engine for a machine of `cpus` CPUs whose CPUs `busy` ("0-1", "all") are busy busy_frac of the
 * time, each queueing call_rcu_sched() at call_rcu_per_s (0: none); the others idle. */
static inline rv_engine *fx_stream_engine(int cpus, enum rv_mode mode, const char *busy, double busy_frac, double call_rcu_per_s,
                                          fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    rv_phase *ph = fx_add_phase(&cfg, busy, busy_frac);
    ph->call_rcu_per_s[RV_SCHED] = call_rcu_per_s;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

/* The shipped scenario scenarios/NAME.json (under RCUVIS_ROOT, tools/unit.sh's source tree), loaded. */
static inline void fx_load_shipped(const char *name, rv_config *cfg)
{
    const char *root = getenv("RCUVIS_ROOT");
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root ? root : ".", name);
    memset(cfg, 0, sizeof *cfg);
    cr_assert_eq(rv_scenario_load(path, cfg, err, sizeof err), 0, "%s", err);
}

/* Run until jiffy j (the tick at j itself included). */
static inline void fx_run_jiffies(rv_engine *e, uint64_t j)
{
    while (rv_jiffies(e) < j) rv_step_jiffy(e);
}

/* An injection that must succeed. */
static inline void fx_inject(rv_engine *e, enum rv_inject_kind kind, int cpu, int flavor, double dur_s, long count)
{
    rv_inject cmd = {.kind = kind, .cpu = cpu, .flavor = flavor, .duration_s = dur_s, .count = count};
    char err[256] = "";
    int rc = rv_engine_inject(e, &cmd, err, sizeof err);
    cr_assert_eq(rc, 0, "inject %s on cpu %d: %s", rv_inject_kind_name(kind), cpu, err);
}

/* An injection that must fail; its message goes to err. */
static inline void fx_inject_fails(rv_engine *e, const rv_inject *cmd, char *err, size_t errlen)
{
    err[0] = 0;
    cr_assert_eq(rv_engine_inject(e, cmd, err, errlen), -1, "inject %s on cpu %d was accepted",
                 rv_inject_kind_name(cmd->kind), cmd->cpu);
    cr_assert(err[0], "no error message");
}

/* ---------------------------------------------------------------- reading the log */

/* flavor -1 matches any event. */
static inline bool fx_match(const rv_event *ev, int type, int flavor)
{
    return ev->type == type && (flavor < 0 || ev->flavor == flavor);
}

static inline size_t fx_count(const fx_log *l, int type, int flavor)
{
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++) k += fx_match(&l->v[i], type, flavor);
    return k;
}

static inline size_t fx_count_from(const fx_log *l, size_t from, int type, int flavor)
{
    size_t k = 0;
    for (size_t i = from; i < l->n; i++) k += fx_match(&l->v[i], type, flavor);
    return k;
}

/* Sum of ev->n over matching events. */
static inline int64_t fx_sum_n(const fx_log *l, int type, int flavor)
{
    int64_t s = 0;
    for (size_t i = 0; i < l->n; i++)
        if (fx_match(&l->v[i], type, flavor)) s += l->v[i].n;
    return s;
}

/* Index of the first matching event at or after `from`, or -1. */
static inline long fx_find(const fx_log *l, size_t from, int type, int flavor)
{
    for (size_t i = from; i < l->n; i++)
        if (fx_match(&l->v[i], type, flavor)) return (long)i;
    return -1;
}

/* Index of the first matching event after event i in the same instant (and of GP gp, unless gp < 0), or -1. */
static inline long fx_find_same_t(const fx_log *l, size_t i, int type, int flavor, long gp)
{
    for (size_t j = i + 1; j < l->n && l->v[j].t == l->v[i].t; j++)
        if (fx_match(&l->v[j], type, flavor) && (gp < 0 || l->v[j].gp == (uint64_t)gp)) return (long)j;
    return -1;
}

/* Index of the last matching event, or -1. */
static inline long fx_find_last(const fx_log *l, int type, int flavor)
{
    for (size_t i = l->n; i-- > 0;)
        if (fx_match(&l->v[i], type, flavor)) return (long)i;
    return -1;
}

/* Events of one type counted in the engine's own ring (no sink needed). */
static inline size_t fx_ring_count(const rv_engine *e, uint64_t from, int type, int flavor)
{
    size_t k = 0;
    for (uint64_t s = from; s < rv_event_count(e); s++) {
        const rv_event *ev = rv_event_get(e, s);
        if (ev && fx_match(ev, type, flavor)) k++;
    }
    return k;
}

/* ---------------------------------------------------------------- views */

static inline rv_flavor_view fx_flavor(const rv_engine *e, int f)
{
    rv_flavor_view v;
    rv_flavor_get(e, f, &v);
    return v;
}

static inline rv_node_view fx_node(const rv_engine *e, int f, int n)
{
    rv_node_view v;
    rv_node_get(e, f, n, &v);
    return v;
}

static inline rv_cpu_view fx_cpu(const rv_engine *e, int cpu)
{
    rv_cpu_view v;
    rv_cpu_get(e, cpu, &v);
    return v;
}

static inline long fx_qlen_total(const rv_engine *e, int f)
{
    long q = 0;
    for (int c = 0; c < rv_cpus(e); c++) q += fx_cpu(e, c).rdp[f].qlen;
    return q;
}

/* The first klog line containing `needle`, or -1. */
static inline long fx_klog_find(const rv_engine *e, const char *needle)
{
    for (size_t i = 0; i < rv_klog_count(e); i++)
        if (strstr(rv_klog_line(e, i), needle)) return (long)i;
    return -1;
}

static inline size_t fx_klog_count(const rv_engine *e, const char *needle)
{
    size_t k = 0;
    for (size_t i = 0; i < rv_klog_count(e); i++) k += strstr(rv_klog_line(e, i), needle) != NULL;
    return k;
}

/* Run until flavor f has no GP in progress and no callbacks queued anywhere (or limit_s). */
static inline bool fx_run_until_quiet(rv_engine *e, int f, double limit_s)
{
    while (rv_now_ns(e) < FX_S(limit_s)) {
        rv_step_jiffy(e);
        rv_flavor_view v = fx_flavor(e, f);
        if (v.gpnum == v.completed && fx_qlen_total(e, f) == 0) return true;
    }
    return false;
}

#endif
