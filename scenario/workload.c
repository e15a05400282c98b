/* workload.c — the walk over "workload": phases, their per-flavor reader and update rates. */
#include "priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* Rates above these are not a workload but a way to make the simulation spin: one event per
 * microsecond per CPU is already far beyond what the kernel of 2012 sustained. */
#define MAX_RATE 1e6
#define MAX_US 1e9

static const char *const phase_keys[] = {
    "task", "start_s", "end_s", "cpus", "busy_frac", "user_frac", "busy_period_ms", "ctxsw_per_s",
    "irqs_per_s", "idle_irqs_per_s", "idle_blips_per_s", "readers", "call_rcu_per_s", "kfree_rcu_per_s", "burst_mean",
    "sync_per_s", "torture",
};
static const char *const reader_keys[] = {"rate_per_s", "mean_us", "long_prob", "long_us", "preempt_prob"};
static const char *const torture_keys[] = {"fake_writers", "writer", "flavor"};

/* the task's name heads its CPUs' tiles and its row of the thread list, one line each */
static const sc_shown task_name = {"a task name", "it is one line of the CPU tiles: write a space instead", false};

/* Keys of a {FLAVOR: ...} map are flavor names; "sched" and "rcu_sched" name the same one. */
static int map_flavor(sc_ctx *c, const cJSON *it, bool *seen)
{
    int f = rv_flavor_from_name(it->string);
    if (f < 0) {
        const char *s = sc_suggest(it->string, sc_flavor_keys, RV_NFLAVORS);
        if (s) sc_bad(c, it->string, "unknown key; did you mean \"%s\"?", s);
        else sc_bad(c, it->string, "unknown key; expected a flavor: rcu_sched, rcu_bh or rcu_preempt");
        return -1;
    }
    if (seen[f]) { sc_bad_node(c, it, it->string, "duplicate key (%s is already given)", rv_flavor_name(f)); return -1; }
    seen[f] = true;
    /* rates for a flavor the scenario does not run would be dropped without a word */
    if (!c->cfg->rcu.flavors[f]) {
        const char *prev = sc_dep_begin(c, "$.rcu.flavors");
        sc_bad(c, it->string, "%s is not enabled (see rcu.flavors); add it to rcu.flavors or remove this entry",
               rv_flavor_name(f));
        sc_dep_end(c, prev);
        return -1;
    }
    return f;
}

/* key (a length in microseconds) must be above 0 when by (a rate or probability) is above 0. */
static void needs_length(sc_ctx *c, const cJSON *obj, bool needed, const char *by, bool given, double us, const char *key,
                         const char *what)
{
    if (!needed) return;
    double v = cJSON_GetObjectItemCaseSensitive(obj, by)->valuedouble;
    char g[40];
    sc_fmt_num(v, g, sizeof g);
    if (!sc_get(c, obj, key, false))
        sc_bad(c, key, "required key missing: %s is %s, so the %s in microseconds is needed (without it every section "
               "would last 0 us)", by, g, what);
    else if (given && !(us > 0))
        sc_bad(c, key, "expected a number above 0 when %s is above 0 (%s), got 0: a 0 us section holds nothing up; "
               "set %s to 0 for none", by, g, by);
}

static void build_reader(sc_ctx *c, const cJSON *obj, int f, rv_readers *r)
{
    sc_check_keys(c, obj, reader_keys, N(reader_keys));
    bool rate = sc_num(c, obj, "rate_per_s", 0, MAX_RATE, &r->rate_per_s);
    bool mean = sc_num(c, obj, "mean_us", 0, MAX_US, &r->mean_us);
    bool prob = sc_num(c, obj, "long_prob", 0, 1, &r->long_prob);
    bool len = sc_num(c, obj, "long_us", 0, MAX_US, &r->long_us);
    /* a length left out is 0, and a 0 µs section is over the moment it starts: readers that hold
     * nothing up, with no word said. A rate or a probability needs the length it draws. */
    needs_length(c, obj, rate && r->rate_per_s > 0, "rate_per_s", mean, r->mean_us, "mean_us", "mean length");
    needs_length(c, obj, prob && r->long_prob > 0, "long_prob", len, r->long_us, "long_us", "length of a long section");
    double p = 0;
    if (sc_num(c, obj, "preempt_prob", 0, 1, &p)) {
        /* only CONFIG_TREE_PREEMPT_RCU readers can be preempted; elsewhere it would be silently ignored */
        if (p > 0 && f != RV_PREEMPT) {
            char g[40];
            sc_fmt_num(p, g, sizeof g);
            sc_bad(c, "preempt_prob", "only rcu_preempt readers can be preempted; expected 0 for %s, got %s",
                   rv_flavor_name(f), g);
        } else {
            r->preempt_prob = p;
        }
    }
}

static void build_readers(sc_ctx *c, const cJSON *obj, rv_phase *ph)
{
    bool seen[RV_NFLAVORS] = {false};
    for (const cJSON *it = obj->child; it; it = it->next) {
        int f = map_flavor(c, it, seen);
        if (f < 0) continue;
        size_t old = sc_path_key(&c->path, it->string);
        if (cJSON_IsObject(it)) build_reader(c, it, f, &ph->readers[f]);
        else sc_is_object(c, it, NULL);
        sc_path_pop(&c->path, old);
    }
}

static void build_rate_map(sc_ctx *c, const cJSON *obj, double *rates)
{
    bool seen[RV_NFLAVORS] = {false};
    for (const cJSON *it = obj->child; it; it = it->next) {
        int f = map_flavor(c, it, seen);
        if (f >= 0) sc_num(c, obj, it->string, 0, MAX_RATE, &rates[f]);
    }
}

static void build_torture(sc_ctx *c, const cJSON *obj, rv_phase *ph)
{
    sc_check_keys(c, obj, torture_keys, N(torture_keys));
    long v;
    if (sc_int(c, obj, "fake_writers", 0, 64, &v)) ph->torture_fake_writers = (int)v;
    sc_bool(c, obj, "writer", &ph->torture_writer);
    sc_flavor(c, obj, "flavor", &ph->torture_flavor);
    /* torture's readers and writer on a flavor the scenario does not run would do nothing, silently */
    int f = ph->torture_flavor;
    if (f >= 0 && f < RV_NFLAVORS && !c->cfg->rcu.flavors[f]) {
        bool given = cJSON_GetObjectItemCaseSensitive(obj, "flavor") != NULL;
        const char *prev = sc_dep_begin(c, "$.rcu.flavors");
        sc_bad(c, "flavor", "%s%s is not enabled (see rcu.flavors); add it to rcu.flavors or %s", rv_flavor_name(f),
               given ? "" : " (the default)", given ? "pick an enabled flavor" : "name an enabled flavor here");
        sc_dep_end(c, prev);
    }
}

static void phase_defaults(rv_phase *ph, int ncpus)
{
    memset(ph, 0, sizeof *ph);
    snprintf(ph->task, sizeof ph->task, "task");
    for (int i = 0; i < ncpus; i++) rv_cpuset_add(&ph->cpus, i);
    ph->busy_frac = 1;
    ph->user_frac = 0.5;
    ph->busy_period_ms = 10;
    ph->burst_mean = 1;
}

static void build_phase(sc_ctx *c, const cJSON *obj, rv_phase *ph)
{
    sc_check_keys(c, obj, phase_keys, N(phase_keys));
    phase_defaults(ph, c->ncpus);
    if (sc_text(c, obj, "task", ph->task, sizeof ph->task, &task_name) && !ph->task[0])
        sc_bad(c, "task", "expected a non-empty task name, got \"\"");
    /* a phase that starts at or after the end never runs (c->end_s: the file's own end, or a longer
     * one from --set; a --set that shortens the run leaves the file valid) */
    if (sc_num(c, obj, "start_s", 0, 604800, &ph->start_s) && c->end_s > 0 && ph->start_s >= c->end_s) {
        char end[40], g[40];
        sc_fmt_num(c->end_s, end, sizeof end);
        sc_fmt_num(ph->start_s, g, sizeof g);
        sc_bad(c, "start_s", "expected a time before the scenario's end at %s s (duration_s), got %s", end, g);
    }
    if (sc_num(c, obj, "end_s", 0, 604800, &ph->end_s) && ph->end_s > 0 && ph->end_s <= ph->start_s) {
        char st[40], en[40];
        sc_fmt_num(ph->start_s, st, sizeof st);
        sc_fmt_num(ph->end_s, en, sizeof en);
        sc_bad(c, "end_s", "expected 0 (until the end) or a time after start_s (%s), got %s", st, en);
    }
    sc_cpuset(c, obj, "cpus", &ph->cpus);
    sc_num(c, obj, "busy_frac", 0, 1, &ph->busy_frac);
    sc_num(c, obj, "user_frac", 0, 1, &ph->user_frac);
    sc_num_pos(c, obj, "busy_period_ms", 3600000, &ph->busy_period_ms);
    sc_num(c, obj, "ctxsw_per_s", 0, MAX_RATE, &ph->ctxsw_per_s);
    sc_num(c, obj, "irqs_per_s", 0, MAX_RATE, &ph->irqs_per_s);
    sc_num(c, obj, "idle_irqs_per_s", 0, MAX_RATE, &ph->idle_irqs_per_s);
    sc_num(c, obj, "idle_blips_per_s", 0, MAX_RATE, &ph->idle_blips_per_s);
    sc_num(c, obj, "kfree_rcu_per_s", 0, MAX_RATE, &ph->kfree_rcu_per_s);
    sc_num(c, obj, "burst_mean", 1, 1e6, &ph->burst_mean);
    const cJSON *o;
    if ((o = sc_get(c, obj, "readers", false)) && sc_is_object(c, o, "readers")) {
        size_t old = sc_path_key(&c->path, "readers");
        build_readers(c, o, ph);
        sc_path_pop(&c->path, old);
    }
    static const char *const maps[] = {"call_rcu_per_s", "sync_per_s"};
    double *rates[] = {ph->call_rcu_per_s, ph->sync_per_s};
    for (size_t i = 0; i < N(maps); i++) {
        if ((o = sc_get(c, obj, maps[i], false)) && sc_is_object(c, o, maps[i])) {
            size_t old = sc_path_key(&c->path, maps[i]);
            build_rate_map(c, o, rates[i]);
            sc_path_pop(&c->path, old);
        }
    }
    if ((o = sc_get(c, obj, "torture", false)) && sc_is_object(c, o, "torture")) {
        size_t old = sc_path_key(&c->path, "torture");
        build_torture(c, o, ph);
        sc_path_pop(&c->path, old);
    }
}

void sc_build_workload(sc_ctx *c, const cJSON *arr)
{
    size_t n = (size_t)cJSON_GetArraySize(arr);
    if (n == 0) return;
    rv_phase *ph = calloc(n, sizeof *ph);
    if (!ph) { sc_bad(c, "workload", "out of memory"); return; }
    size_t old = sc_path_key(&c->path, "workload");
    int i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        if (sc_is_object(c, it, NULL)) build_phase(c, it, &ph[i]);
        sc_path_pop(&c->path, o2);
    }
    sc_path_pop(&c->path, old);
    c->cfg->phases = ph;
    c->cfg->nphases = n;
}
