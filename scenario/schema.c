/* schema.c — the walk over a scenario's top level, its "rcu" block and its "costs" into rv_config. */
#include "priv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const top_keys[] = {
    "$schema", "name", "description", "cpus", "hz", "seed", "duration_s", "offline_cpus",
    "rcu", "costs", "workload", "events", "captions", "cues", "expect",
};


/* A key that belongs one level down ("fanout" at the top) is pointed there. */
static const char *elsewhere(const char *k)
{
    for (size_t i = 0; i < sc_rcu_nspec; i++)
        if (strcmp(k, sc_rcu_spec[i].key) == 0) return "rcu.";
    for (size_t i = 0; i < sc_cost_nspec; i++)
        if (strcmp(k, sc_cost_spec_table[i].key) == 0) return "costs.";
    return NULL;
}

static void build_flavors(sc_ctx *c, const cJSON *arr, rv_rcu_config *r)
{
    size_t old = sc_path_key(&c->path, "flavors");
    bool seen[RV_NFLAVORS] = {false};
    char g[200];
    if (!cJSON_IsArray(arr) || cJSON_GetArraySize(arr) == 0) {
        sc_describe(arr, g, sizeof g);
        if (cJSON_IsArray(arr)) snprintf(g, sizeof g, "an empty array");
        sc_bad(c, NULL, "expected an array of flavor names like [\"rcu_sched\", \"rcu_bh\"], got %s", g);
        sc_path_pop(&c->path, old);
        return;
    }
    int i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        int f = cJSON_IsString(it) ? rv_flavor_from_name(it->valuestring) : -1;
        if (f < 0) {
            if (cJSON_IsString(it)) sc_quote(it->valuestring, g, sizeof g);
            else sc_describe(it, g, sizeof g);
            const char *s = cJSON_IsString(it) ? sc_suggest(it->valuestring, sc_flavor_keys, RV_NFLAVORS) : NULL;
            if (s) sc_bad(c, NULL, "expected \"rcu_sched\", \"rcu_bh\" or \"rcu_preempt\", got %s; did you mean \"%s\"?", g, s);
            else sc_bad(c, NULL, "expected \"rcu_sched\", \"rcu_bh\" or \"rcu_preempt\", got %s", g);
        } else if (seen[f]) {
            sc_bad(c, NULL, "%s is listed twice", rv_flavor_name(f));
        }
        if (f >= 0) seen[f] = true;
        sc_path_pop(&c->path, o2);
    }
    memcpy(r->flavors, seen, sizeof seen);
    sc_path_pop(&c->path, old);
}

static void build_rcu(sc_ctx *c, const cJSON *obj)
{
    rv_rcu_config *r = &c->cfg->rcu;
    size_t old = sc_path_key(&c->path, "rcu");
    const char *keys[64];
    size_t nk = 0;
    for (size_t i = 0; i < sc_rcu_nspec && nk < N(keys); i++) keys[nk++] = sc_rcu_spec[i].key;
    sc_check_keys(c, obj, keys, nk);
    int mode;
    if (sc_mode(c, obj, "mode", &mode)) r->mode = (enum rv_mode)mode;
    /* plain ints and bools straight from the table; the rest by hand below */
    for (size_t i = 0; i < sc_rcu_nspec; i++) {
        const sc_key_spec *k = &sc_rcu_spec[i];
        long v;
        bool b;
        char *field = (char *)r + k->off;
        if (k->type == SK_INT && sc_int(c, obj, k->key, k->lo, k->hi, &v)) *(int *)field = (int)v;
        /* FQS delays are in jiffies and the kernel clamps them to one second (HZ) */
        if (k->type == SK_INT_HZ) {
            const char *prev = sc_dep_begin(c, "$.hz");
            if (sc_int(c, obj, k->key, k->lo, c->hz_known ? c->cfg->hz : SC_HZ_MAX, &v)) *(int *)field = (int)v;
            sc_dep_end(c, prev);
        }
        if (k->type == SK_BOOL) sc_bool(c, obj, k->key, (bool *)field);
        /* absent: the field keeps -1, "as the mode had it" (rv_cfg_needs_gp_fix(), rv_cfg_tree_cpus()) */
        if (k->type == SK_MODE_BOOL && sc_bool(c, obj, k->key, &b)) *(int *)field = b;
        if (k->type == SK_TEXT) { /* free text (why this NR_CPUS ...): checked, not kept */
            const cJSON *note = sc_get(c, obj, k->key, false);
            if (note && !cJSON_IsString(note))
                sc_bad(c, k->key, "expected a string (free text), got a %s", cJSON_IsNumber(note) ? "number" : "non-string value");
        }
    }
    const cJSON *fl = sc_get(c, obj, "flavors", false);
    if (fl) build_flavors(c, fl, r);
    const cJSON *nc = sc_get(c, obj, "nr_cpus_compiled", false);
    const char *prev = sc_dep_begin(c, "$.cpus");
    if (nc) {
        /* NR_CPUS is a compile-time upper bound on nr_cpu_ids, so it cannot be below cpus */
        char g[200];
        double d = cJSON_IsNumber(nc) ? nc->valuedouble : -1;
        int lo = c->cpus_known ? c->cfg->cpus : 1; /* cpus itself is wrong: check only the range */
        if (cJSON_IsNumber(nc) && d == floor(d) && (d == 0 || (d >= lo && d <= RV_MAX_CPUS))) {
            r->nr_cpus_compiled = (int)d;
        } else if (!c->cpus_known) {
            sc_describe(nc, g, sizeof g);
            sc_bad(c, "nr_cpus_compiled", "expected 0 or an integer 1..%d (at least cpus), got %s", RV_MAX_CPUS, g);
        } else {
            sc_describe(nc, g, sizeof g);
            sc_bad(c, "nr_cpus_compiled", "expected 0 or an integer %d..%d (at least cpus), got %s; a kernel built "
                   "for fewer CPUs cannot boot %d: raise it too (--set rcu.nr_cpus_compiled=%d)",
                   c->cfg->cpus, RV_MAX_CPUS, g, c->cfg->cpus, c->cfg->cpus);
        }
    }
    sc_dep_end(c, prev);
    prev = sc_dep_begin(c, "$.rcu.qhimark");
    if (r->qlowmark > r->qhimark)
        sc_bad(c, "qlowmark", "expected at most qhimark (%d), got %d", r->qhimark, r->qlowmark);
    sc_dep_end(c, prev);
    prev = sc_dep_begin(c, "$.rcu.mode");
    /* 3.6 has no jiffies_till_*_fqs module parameters: force_quiescent_state() always uses
     * RCU_JIFFIES_TILL_FORCE_QS (3 jiffies) */
    static const char *const fqs_keys[] = {"jiffies_till_first_fqs", "jiffies_till_next_fqs"};
    for (size_t i = 0; i < N(fqs_keys) && r->mode == RV_MODE_SOFTIRQ; i++) {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(obj, fqs_keys[i]);
        if (k && !(cJSON_IsNumber(k) && k->valuedouble == 3))
            sc_bad(c, fqs_keys[i], "3.6 (mode softirq) has no such parameter: its softirq forces quiescent states once "
                   "jiffies passes the grace period's start + RCU_JIFFIES_TILL_FORCE_QS (3): at its 4th tick, and every 4th "
                   "tick after; set it only with mode kthread (3.7)");
    }
    sc_dep_end(c, prev);
    prev = sc_dep_begin(c, "$.rcu.no_hz");
    if (r->fast_no_hz && !r->no_hz) /* Kconfig: RCU_FAST_NO_HZ depends on NO_HZ */
        sc_bad(c, "fast_no_hz", "needs no_hz (CONFIG_RCU_FAST_NO_HZ depends on CONFIG_NO_HZ), got no_hz false");
    sc_dep_end(c, prev);
    /* Kconfig: RCU_BOOST depends on TREE_PREEMPT_RCU; without the flavor it would change nothing, silently */
    prev = sc_dep_begin(c, "$.rcu.flavors");
    if (r->rcu_boost && !r->flavors[RV_PREEMPT])
        sc_bad(c, "rcu_boost", "needs rcu_preempt in flavors (CONFIG_RCU_BOOST depends on CONFIG_TREE_PREEMPT_RCU), "
               "got flavors without it");
    sc_dep_end(c, prev);
    sc_path_pop(&c->path, old);
}

static void build_costs(sc_ctx *c, const cJSON *obj)
{
    size_t old = sc_path_key(&c->path, "costs");
    /* a retired key gets its own message rather than "unknown key" */
    if (cJSON_GetObjectItemCaseSensitive(obj, "kthread_wakeup_ns"))
        sc_bad(c, "kthread_wakeup_ns", "retired: the kthread's wakeup is now costed as the kernel pays it, split into "
               "wakeup_ns (the waker's wake_up()), sched_switch_ns (two context switches per sleep/wake cycle, split "
               "between the kthread and the task it displaced) and timer_ns (arming the FQS timeout); set those instead");
    cJSON *rest = NULL; /* the other keys, so the retired one is not also called unknown */
    if (cJSON_GetObjectItemCaseSensitive(obj, "kthread_wakeup_ns") && (rest = cJSON_Duplicate(obj, 1)))
        cJSON_DeleteItemFromObjectCaseSensitive(rest, "kthread_wakeup_ns");
    const char *keys[64];
    size_t nk = 0;
    for (size_t i = 0; i < sc_cost_nspec && nk < N(keys); i++) keys[nk++] = sc_cost_spec_table[i].key;
    sc_check_keys(c, rest ? rest : obj, keys, nk);
    cJSON_Delete(rest);
    int64_t *field = &c->cfg->costs.node_lock_ns;
    for (size_t i = 0; i < sc_cost_nspec; i++) {
        long v;
        if (sc_int(c, obj, sc_cost_spec_table[i].key, 0, SC_COST_MAX, &v)) field[i] = v;
    }
    sc_path_pop(&c->path, old);
}

/* seed: an integer a double holds exactly, or a decimal string for the full 64-bit range. The bound is
 * 2^53 - 1: 2^53 + 1 written as a number parses to 2^53, so a bound of 2^53 let it through rounded. */
static void build_seed(sc_ctx *c, const cJSON *root)
{
    const cJSON *v = sc_get(c, root, "seed", false);
    if (!v) return;
    if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= 9007199254740991.0 &&
        v->valuedouble == floor(v->valuedouble)) {
        c->cfg->seed = (uint64_t)v->valuedouble;
        return;
    }
    if (cJSON_IsString(v) && v->valuestring[0] && strspn(v->valuestring, "0123456789") == strlen(v->valuestring) &&
        strlen(v->valuestring) <= 20) {
        unsigned long long s = 0;
        bool over = false;
        for (const char *p = v->valuestring; *p; p++) {
            unsigned d = (unsigned)(*p - '0');
            if (s > (UINT64_MAX - d) / 10) over = true;
            s = s * 10 + d;
        }
        if (!over) { c->cfg->seed = s; return; }
    }
    char g[200];
    sc_describe(v, g, sizeof g);
    sc_bad(c, "seed", "expected an integer 0..9007199254740991 (or a decimal string up to 2^64-1), got %s", g);
}

static void build_offline(sc_ctx *c, const cJSON *root)
{
    const cJSON *v = sc_get(c, root, "offline_cpus", false);
    if (!v) return;
    rv_cpuset set;
    if (cJSON_IsString(v) && v->valuestring[0] == 0) return; /* "" = none offline */
    if (!sc_cpuset(c, root, "offline_cpus", &set)) return;
    int n = 0;
    for (int i = 0; i < c->ncpus; i++) n += rv_cpuset_has(&set, i);
    if (c->cpus_known && n >= c->cfg->cpus) {
        const char *prev = sc_dep_begin(c, "$.cpus");
        sc_bad(c, "offline_cpus", "expected at least one CPU left online, got all %d offline", n);
        sc_dep_end(c, prev);
        return;
    }
    c->cfg->initially_offline = set;
    c->cfg->initially_offline_count = n;
}

void sc_build_config(sc_ctx *c, const cJSON *root)
{
    rv_config *cfg = c->cfg;
    char g[200];
    if (!cJSON_IsObject(root)) {
        sc_describe(root, g, sizeof g);
        sc_bad(c, NULL, "expected an object with \"name\", \"cpus\" and \"duration_s\", got %s", g);
        return;
    }
    sc_check_keys_hint(c, root, top_keys, N(top_keys), elsewhere);
    long v;
    const cJSON *nm = sc_get(c, root, "name", true);
    if (nm) {
        if (sc_str(c, root, "name", cfg->name, sizeof cfg->name)) {
            if (!cfg->name[0]) sc_bad(c, "name", "expected a non-empty string, got \"\"");
            /* the name goes raw into the summary's first line, titles and file names: an escape
             * sequence in a shared file must not clear a terminal or recolour it */
            for (const char *q = cfg->name; *q; q++)
                if ((unsigned char)*q < 0x20 || *q == 0x7f) {
                    char got[200];
                    sc_describe(nm, got, sizeof got);
                    sc_bad(c, "name", "expected a name without control characters (tab, newline, escape ...), got %s", got);
                    break;
                }
        }
    }
    /* shown only by the window's scenario picker, which breaks the line at a '\n' (rd_text_wrap) */
    static const sc_shown desc = {"a description", "write a space instead (a newline is fine: the picker breaks the line there)", true};
    sc_text(c, root, "description", cfg->description, sizeof cfg->description, &desc);
    /* cpus and hz first: CPU sets and FQS delays are checked against them */
    if (sc_get(c, root, "cpus", true) && sc_int(c, root, "cpus", 1, RV_MAX_CPUS, &v)) {
        cfg->cpus = (int)v;
        c->ncpus = cfg->cpus;
        c->cpus_known = true;
    }
    c->hz_known = !sc_get(c, root, "hz", false); /* absent: the default is the scenario's hz */
    if (sc_int(c, root, "hz", 10, SC_HZ_MAX, &v)) { cfg->hz = (int)v; c->hz_known = true; }
    build_seed(c, root);
    c->end_s = c->file_end_s;
    if (sc_get(c, root, "duration_s", true) && sc_num_pos(c, root, "duration_s", SC_DURATION_MAX, &cfg->duration_s)) {
        /* the engine counts whole nanoseconds: 1e-12 s ran 0 s and printed an empty report */
        if (cfg->duration_s < SC_DURATION_MIN)
            sc_bad(c, "duration_s", "expected at least %g (one nanosecond, the simulation's unit), got %g", SC_DURATION_MIN, cfg->duration_s);
        else if (cfg->duration_s > c->end_s)
            c->end_s = cfg->duration_s; /* lengthened by --set: events up to the new end are applied */
    }
    build_offline(c, root);
    const cJSON *o;
    if ((o = sc_get(c, root, "rcu", false)) && sc_is_object(c, o, "rcu")) build_rcu(c, o);
    if ((o = sc_get(c, root, "costs", false)) && sc_is_object(c, o, "costs")) build_costs(c, o);
    if ((o = sc_get(c, root, "workload", false)) && sc_is_array(c, o, "workload")) sc_build_workload(c, o);
    if ((o = sc_get(c, root, "events", false)) && sc_is_array(c, o, "events")) sc_build_events(c, o);
    if ((o = sc_get(c, root, "captions", false)) && sc_is_array(c, o, "captions")) sc_build_captions(c, o);
    if ((o = sc_get(c, root, "cues", false)) && sc_is_array(c, o, "cues")) sc_build_cues(c, o);
    if ((o = sc_get(c, root, "expect", false)) && sc_is_array(c, o, "expect")) sc_build_expects(c, o);
}
