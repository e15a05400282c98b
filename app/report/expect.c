/* expect.c — resolve an expect path in the report JSON and compare the value with the bounds; without a run, refuse expectations that can never pass. */
#include "report/expect.h"

#include "report/report.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool all_digits(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

/* Names of what a container holds, for "flavors has no \"rcu_foo\" (it has rcu_sched, rcu_bh)". */
/* At most this many names in a list of what a container holds; the rest are counted ("and 17
 * more"), never cut off without a word. */
#define LIST_MAX 12

static void list_keys(const cJSON *o, char *buf, size_t n)
{
    size_t k = 0;
    int shown = 0, more = 0;
    buf[0] = 0;
    for (const cJSON *it = o->child; it; it = it->next) {
        const char *name = it->string;
        if (!name && cJSON_IsObject(it)) name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "name"));
        if (!name) continue;
        if (shown < LIST_MAX && k + strlen(name) + 56 < n) {
            k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? ", " : "", name);
            shown++;
        } else {
            more++;
        }
    }
    if (more) snprintf(buf + k, n - k, " and %d more%s", more, cJSON_IsObject(o) ? ": rcuvis check --paths lists them" : "");
    if (!buf[0]) snprintf(buf, n, "it is empty");
}

static const char *o_has(const cJSON *o) { return o->child ? "it has " : ""; }

static const cJSON *by_name(const cJSON *arr, const char *name)
{
    for (const cJSON *it = arr->child; it; it = it->next) {
        const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "name"));
        if (n && strcmp(n, name) == 0) return it;
    }
    return NULL;
}

const cJSON *expect_lookup(const cJSON *report, const char *path, char *why, size_t whylen, bool *is_length,
                           double *length)
{
    char buf[256], seen[256] = "", keys[200];
    snprintf(buf, sizeof buf, "%s", path);
    const cJSON *cur = report;
    *is_length = false;
    char *save = NULL;
    for (char *seg = strtok_r(buf, ".", &save); seg; seg = strtok_r(NULL, ".", &save)) {
        const char *where = seen[0] ? seen : "the report";
        const cJSON *next = NULL;
        if (cJSON_IsArray(cur)) {
            int size = cJSON_GetArraySize(cur);
            if (strcmp(seg, "length") == 0) {
                if (strtok_r(NULL, ".", &save)) { snprintf(why, whylen, "nothing follows \"length\""); return NULL; }
                *is_length = true;
                *length = size;
                return cur;
            }
            if (all_digits(seg)) {
                long i = strlen(seg) < 9 ? strtol(seg, NULL, 10) : -1;
                next = i >= 0 && i < size ? cJSON_GetArrayItem(cur, (int)i) : NULL;
                if (!next) { snprintf(why, whylen, "%s has %d item%s, no item %s", where, size, size == 1 ? "" : "s", seg); return NULL; }
            } else if (!(next = by_name(cur, seg))) {
                list_keys(cur, keys, sizeof keys);
                snprintf(why, whylen, "%s has no item named \"%s\" (%s%s)", where, seg, o_has(cur), keys);
                return NULL;
            }
        } else if (cJSON_IsObject(cur)) {
            if (!(next = cJSON_GetObjectItemCaseSensitive(cur, seg))) {
                list_keys(cur, keys, sizeof keys);
                snprintf(why, whylen, "%s has no \"%s\" (%s%s)", where, seg, o_has(cur), keys);
                return NULL;
            }
        } else {
            snprintf(why, whylen, "%s is a plain value, it has no \"%s\"", where, seg);
            return NULL;
        }
        size_t l = strlen(seen);
        snprintf(seen + l, sizeof seen - l, "%s%s", l ? "." : "", seg);
        cur = next;
    }
    return cur;
}

static void fmt_num(double v, char *b, size_t n) { snprintf(b, n, "%.10g", v); }

static void bounds_text(const rv_expect *x, char *b, size_t n)
{
    char lo[40], hi[40], eq[40];
    fmt_num(x->min, lo, sizeof lo);
    fmt_num(x->max, hi, sizeof hi);
    if (x->equals_bool) snprintf(eq, sizeof eq, "%s", x->equals != 0 ? "true" : "false");
    else fmt_num(x->equals, eq, sizeof eq);
    if (x->has_equals_str) snprintf(b, n, "== \"%.150s\"", x->equals_str);
    else if (x->has_equals && (x->has_min || x->has_max)) snprintf(b, n, "== %s within %s..%s", eq, x->has_min ? lo : "", x->has_max ? hi : "");
    else if (x->has_equals) snprintf(b, n, "== %s", eq);
    else if (x->has_min && x->has_max) snprintf(b, n, "%s..%s", lo, hi);
    else if (x->has_min) snprintf(b, n, ">= %s", lo);
    else snprintf(b, n, "<= %s", hi);
}

/* Counters come out of a double; compare equality with a relative tolerance that forgives the
 * last printed digit, not a real difference. */
static bool num_equal(double a, double b) { return fabs(a - b) <= 1e-9 * fmax(1.0, fmax(fabs(a), fabs(b))); }

static bool check_number(const rv_expect *x, double v)
{
    if (x->has_equals_str) return false;
    if (x->has_equals && !num_equal(v, x->equals)) return false;
    if (x->has_min && v < x->min) return false;
    if (x->has_max && v > x->max) return false;
    return true;
}

void expect_eval(const cJSON *report, const rv_expect *x, expect_result *out)
{
    char why[400] = "", bounds[200], val[256] = "";
    bool is_len = false;
    double len = 0;
    bounds_text(x, bounds, sizeof bounds);
    const char *author = x->why[0] ? x->why : "";
    const cJSON *v = expect_lookup(report, x->path, why, sizeof why, &is_len, &len);
    out->ok = false;
    out->value[0] = 0;
    if (!v) {
        /* a path the report's shape has no place for gets the words of `rcuvis check` (its "did you
         * mean"); one that fits the shape but not this report (stalls.0 without stalls) the lookup's */
        char shape[400];
        if (expect_check_path(x->path, NULL, shape, sizeof shape) < 0) snprintf(why, sizeof why, "%s", shape);
        snprintf(out->line, sizeof out->line, "FAIL %.159s: not in the report: %.400s%s%.255s", x->path, why,
                 author[0] ? "; " : "", author);
        return;
    }
    if (is_len || cJSON_IsNumber(v) || cJSON_IsBool(v) || cJSON_IsRaw(v)) {
        double d = is_len ? len : cJSON_IsBool(v) ? (double)cJSON_IsTrue(v) : cJSON_IsRaw(v) ? strtod(v->valuestring, NULL) : v->valuedouble;
        if (cJSON_IsBool(v)) snprintf(val, sizeof val, "%s", cJSON_IsTrue(v) ? "true" : "false");
        else fmt_num(d, val, sizeof val);
        out->ok = check_number(x, d);
        if (x->has_equals_str) snprintf(why, sizeof why, " (a number, not a string)");
    } else if (cJSON_IsString(v)) {
        snprintf(val, sizeof val, "\"%.240s\"", v->valuestring);
        out->ok = x->has_equals_str && strcmp(v->valuestring, x->equals_str) == 0;
        if (!x->has_equals_str) snprintf(why, sizeof why, " (a string; only \"equals\" with a string can match it)");
    } else {
        snprintf(val, sizeof val, "%s", cJSON_IsArray(v) ? "an array" : cJSON_IsObject(v) ? "an object" : "null");
        snprintf(why, sizeof why, " (name a value inside it%s)", cJSON_IsArray(v) ? ", or .length" : "");
    }
    snprintf(out->value, sizeof out->value, "%s", val);
    snprintf(out->line, sizeof out->line, "%-4s %.159s = %.255s, expected %.199s%.400s%s%.255s", out->ok ? "ok" : "FAIL",
             x->path, val, bounds, out->ok ? "" : why, author[0] ? ": " : "", author);
}

/* ---------------------------------------------------------------- keys `rcuvis run` adds */

/* captions_missed is built by `rcuvis run` from the engine and the file's captions (cli_report_json
 * knows neither), yet it is part of the printed report, so an expect may name it like any key. */
static const rk_key missed_item[] = {
    {"index", RK_LEAF, NULL, false, RT_COUNT, RKD_ANY, NULL}, {"path", RK_LEAF, NULL, false, RT_STRING, RKD_ANY, NULL},
    {"text", RK_LEAF, NULL, false, RT_STRING, RKD_ANY, NULL}, {"why", RK_LEAF, NULL, false, RT_STRING, RKD_ANY, NULL}, {NULL, RK_LEAF, NULL, false, RT_NONE, RKD_ANY, NULL},
};
static const rk_key missed[] = {
    {"count", RK_LEAF, NULL, false, RT_COUNT, RKD_ANY, NULL}, {"judged", RK_LEAF, NULL, false, RT_BOOL, RKD_ANY, NULL},
    {"list", RK_ARRAY, missed_item, false, RT_NONE, RKD_ANY, NULL}, {NULL, RK_LEAF, NULL, false, RT_NONE, RKD_ANY, NULL},
};
const rk_key expect_run_shape[] = {
    {"captions_missed", RK_OBJECT, missed, false, RT_NONE, RKD_ANY, NULL}, {NULL, RK_LEAF, NULL, false, RT_NONE, RKD_ANY, NULL},
};

/* Edit distance, for the "did you mean" of a misspelled key. */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40) return 99;
    int d[41][41];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            if (d[i - 1][j] + 1 < best) best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best) best = d[i][j - 1] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

static const rk_key *find_key(const rk_key *keys, const char *name, const char **suggestion)
{
    /* one slip in a short key, two in a medium one, a third of a long one (as the loader does) */
    size_t len = strlen(name);
    int bestd = (len <= 4 ? 1 : len <= 8 ? 2 : (int)(len / 3)) + 1;
    *suggestion = NULL;
    /* the top level is the builder's keys and then run's */
    for (int t = 0; t < (keys == cli_report_shape ? 2 : 1); t++)
        for (const rk_key *k = t ? expect_run_shape : keys; k->name; k++) {
            if (strcmp(k->name, name) == 0) return k;
            int d = distance(name, k->name);
            if (d < bestd) { bestd = d; *suggestion = k->name; }
        }
    return NULL;
}

static void key_list(const rk_key *keys, char *buf, size_t n)
{
    size_t o = 0;
    int shown = 0, more = 0;
    buf[0] = 0;
    for (int t = 0; t < (keys == cli_report_shape ? 2 : 1); t++)
        for (const rk_key *k = t ? expect_run_shape : keys; k->name; k++) {
            if (shown < LIST_MAX && o + strlen(k->name) + 56 < n) {
                o += (size_t)snprintf(buf + o, n - o, "%s%s", o ? ", " : "", k->name);
                shown++;
            } else {
                more++;
            }
        }
    if (more) snprintf(buf + o, n - o, " and %d more: rcuvis check --paths lists them", more);
}

/* "stalls[0].flavor" or "$.stalls.length", JSONPath habits, as the dotted path the report takes
 * ("stalls.0.flavor"); false when path has neither. */
static bool dotted_form(const char *path, char *out, size_t n)
{
    const char *p = path;
    bool changed = false;
    if (p[0] == '$') { p += p[1] == '.' ? 2 : 1; changed = true; }
    size_t o = 0;
    for (; *p && o + 2 < n; p++) {
        if (*p == '[') {
            const char *q = p + 1;
            char quote = (*q == '"' || *q == '\'') ? *q++ : 0;
            const char *end = quote ? strchr(q, quote) : strchr(q, ']');
            if (!end || (quote && end[1] != ']')) return false;
            if (o && out[o - 1] != '.') out[o++] = '.';
            for (; q < end && o + 2 < n; q++) out[o++] = *q;
            p = quote ? end + 1 : end;
            changed = true;
            continue;
        }
        out[o++] = *p;
    }
    out[o] = 0;
    return changed;
}

/* Can the report of this configuration have a thread called name? The report lists exactly: every
 * phase's task, the grace-period kthreads (named as their flavor) in mode kthread, ksoftirqd/N
 * and rcuc/N of the CPUs where they ran (rcuc/N only with rcu.rcu_boost), and kernel_loop/N of a
 * CPU where a kernel_loop event ran with no phase covering it. A name outside these is never there;
 * false with why. ksoftirqd/N and rcuc/N of a real CPU, or kernel_loop/N of a CPU some event loops
 * on, may be absent from a run that gave them nothing to do, but that only the run can tell. */
static bool thread_can_exist(const char *name, const rv_config *cfg, char *why, size_t n)
{
    for (size_t i = 0; i < cfg->nphases; i++)
        if (strcmp(cfg->phases[i].task, name) == 0) return true;
    if (strncmp(name, "kernel_loop/", 12) == 0 && all_digits(name + 12)) {
        long cpu = strlen(name + 12) < 6 ? strtol(name + 12, NULL, 10) : RV_MAX_CPUS;
        for (size_t i = 0; i < cfg->nevents; i++)
            if (cfg->events[i].kind == RV_INJ_KERNEL_LOOP && cfg->events[i].cpu == cpu && rv_when_holds(&cfg->events[i].when, cfg))
                return true;
        snprintf(why, n, "threads has no \"%s\": that is the task of a kernel_loop event on CPU %ld that no phase covers, and "
                 "this scenario has no kernel_loop on CPU %ld", name, cpu, cpu);
        return false;
    }
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (strcmp(name, rv_flavor_name(f)) != 0) continue;
        if (!cfg->rcu.flavors[f])
            snprintf(why, n, "threads has no \"%s\": %s is not enabled in rcu.flavors, so it has no grace-period kthread", name, name);
        else if (cfg->rcu.mode != RV_MODE_KTHREAD)
            snprintf(why, n, "threads has no \"%s\": in mode softirq (3.6) grace periods are driven from RCU_SOFTIRQ, with no "
                     "kthread; that time is in accounting.ksoftirqd_s and accounting.softirq_inline_s", name);
        else return true;
        return false;
    }
    static const char *const per_cpu[] = {"ksoftirqd/", "rcuc/"};
    for (int k = 0; k < 2; k++) {
        size_t l = strlen(per_cpu[k]);
        if (strncmp(name, per_cpu[k], l) != 0 || !all_digits(name + l)) continue;
        long cpu = strlen(name + l) < 6 ? strtol(name + l, NULL, 10) : RV_MAX_CPUS;
        bool comes_online = false; /* a CPU offline from boot runs nothing unless an event brings it up */
        for (size_t i = 0; cpu < cfg->cpus && i < cfg->nevents; i++)
            comes_online |= cfg->events[i].kind == RV_INJ_ONLINE && cfg->events[i].cpu == cpu && rv_when_holds(&cfg->events[i].when, cfg);
        if (cpu >= cfg->cpus)
            snprintf(why, n, "threads has no \"%s\": the machine has CPUs 0..%d", name, cfg->cpus - 1);
        else if (rv_cpuset_has(&cfg->initially_offline, (int)cpu) && !comes_online)
            snprintf(why, n, "threads has no \"%s\": CPU %ld is offline from boot (offline_cpus) and no event brings it online, "
                     "so its per-CPU threads never run", name, cpu);
        else if (k == 1 && !cfg->rcu.rcu_boost)
            snprintf(why, n, "threads has no \"%s\": rcuc/N threads run rcu_preempt's callbacks only with rcu.rcu_boost, "
                     "which this scenario leaves off", name);
        else return true;
        return false;
    }
    char tasks[200] = "";
    size_t o = 0;
    for (size_t i = 0; i < cfg->nphases && o + 40 < sizeof tasks; i++) {
        bool dup = false;
        for (size_t j = 0; j < i; j++) dup |= strcmp(cfg->phases[j].task, cfg->phases[i].task) == 0;
        if (!dup) o += (size_t)snprintf(tasks + o, sizeof tasks - o, "%s%s", o ? ", " : "", cfg->phases[i].task);
    }
    char kthreads[80] = "";
    o = 0;
    for (int f = 0; f < RV_NFLAVORS && cfg->rcu.mode == RV_MODE_KTHREAD; f++)
        if (cfg->rcu.flavors[f]) o += (size_t)snprintf(kthreads + o, sizeof kthreads - o, "%s, ", rv_flavor_name(f));
    /* kernel_loop/N too where the file loops (the CPUs are left to the message above, when it is named) */
    bool loops = false;
    for (size_t i = 0; i < cfg->nevents; i++) loops |= cfg->events[i].kind == RV_INJ_KERNEL_LOOP && rv_when_holds(&cfg->events[i].when, cfg);
    snprintf(why, n, "threads has no \"%s\": no phase's task has that name (%s%s) and no kernel thread does (%sksoftirqd/N%s%s)",
             name, cfg->nphases ? "they are " : "the workload has no phases", tasks, kthreads,
             cfg->rcu.rcu_boost ? ", rcuc/N" : "", loops ? ", kernel_loop/N of a CPU a kernel_loop runs on with no phase" : "");
    return false;
}

/* Walk the path through the report's shape: keys of objects, enabled flavor names, array indexes,
 * "length", thread names; the path must end on a value, not on an object or an array. On success
 * *type is what the value holds (an array's length: a count). */
int expect_path_type(const char *path, const rv_config *cfg, rk_type *type, char *msg, size_t msglen)
{
    return expect_path_leaf(path, cfg, type, NULL, msg, msglen);
}

int expect_path_leaf(const char *path, const rv_config *cfg, rk_type *type, const rk_key **leaf, char *msg, size_t msglen)
{
    char buf[256], where[256] = "", list[400];
    snprintf(buf, sizeof buf, "%s", path);
    const rk_key *keys = cli_report_shape; /* the keys expected at this level, when at an object */
    const rk_key *node = NULL;             /* the container or value reached so far */
    enum { AT_OBJECT, AT_FLAVORS, AT_ARRAY, AT_VALUE } at = AT_OBJECT;
    char *save = NULL;
    *type = RT_NONE;
    if (leaf) *leaf = NULL;
    char dotted[256];
    if (strchr(path, '[') || path[0] == '$') {
        /* "stalls[0]" is no key, and the nearest key ("stalls") would be the wrong advice */
        if (dotted_form(path, dotted, sizeof dotted))
            snprintf(msg, msglen, "expected a dotted path (an index or a name is a part of its own), got \"%s\"; did you mean \"%s\"?",
                     path, dotted);
        else
            snprintf(msg, msglen, "expected a dotted path like stalls.0.flavor, got \"%s\"", path);
        return -1;
    }
    for (char *seg = strtok_r(buf, ".", &save); seg; seg = strtok_r(NULL, ".", &save)) {
        const char *sugg;
        switch (at) {
        case AT_OBJECT:
            node = find_key(keys, seg, &sugg);
            if (!node) {
                key_list(keys, list, sizeof list);
                if (!where[0] && sugg) snprintf(msg, msglen, "\"%s\" is not a report key; did you mean \"%s\"?", seg, sugg);
                else if (!where[0]) snprintf(msg, msglen, "\"%s\" is not a report key (the report has %s)", seg, list);
                else if (sugg) snprintf(msg, msglen, "%s has no \"%s\"; did you mean \"%s\"?", where, seg, sugg);
                else snprintf(msg, msglen, "%s has no \"%s\" (it has %s)", where, seg, list);
                return -1;
            }
            at = node->kind == RK_LEAF ? AT_VALUE : node->kind == RK_OBJECT ? AT_OBJECT
                 : node->kind == RK_FLAVORS ? AT_FLAVORS : AT_ARRAY;
            keys = node->sub;
            break;
        case AT_FLAVORS: {
            int f = -1;
            for (int i = 0; i < RV_NFLAVORS; i++)
                if (strcmp(seg, rv_flavor_name(i)) == 0) f = i;
            if (f < 0) {
                /* the scenario keys take "sched" for rcu_sched; the report, and so its paths, the long names */
                bool short_form = !strcmp(seg, "sched") || !strcmp(seg, "bh") || !strcmp(seg, "preempt");
                if (short_form)
                    snprintf(msg, msglen, "%s has no \"%s\"; did you mean \"rcu_%s\"? (a scenario's keys take the short forms, "
                             "the report and its paths only the long names)", where, seg, seg);
                else snprintf(msg, msglen, "%s has no \"%s\" (flavors are named rcu_sched, rcu_bh, rcu_preempt)", where, seg);
                return -1;
            }
            if (cfg && !cfg->rcu.flavors[f]) {
                snprintf(msg, msglen, "%s is not enabled in rcu.flavors, so the report has no %s.%s", seg, where, seg);
                return -1;
            }
            at = AT_OBJECT;
            break;
        }
        case AT_ARRAY:
            if (strcmp(seg, "length") == 0) {
                if (strtok_r(NULL, ".", &save)) { snprintf(msg, msglen, "nothing can follow %s.length", where); return -1; }
                *type = RT_COUNT;
                return 0;
            }
            if (!all_digits(seg) && !node->by_name) {
                snprintf(msg, msglen, "%s is an array: expected an index or \"length\" after it, got \"%s\"", where, seg);
                return -1;
            }
            if (!all_digits(seg) && cfg && !thread_can_exist(seg, cfg, msg, msglen)) return -1;
            at = node->sub ? AT_OBJECT : AT_VALUE; /* an item of plain values: node keeps their type */
            keys = node->sub;
            break;
        case AT_VALUE:
            snprintf(msg, msglen, "%s is a single value; \"%s\" cannot follow it", where, seg);
            return -1;
        }
        size_t l = strlen(where);
        snprintf(where + l, sizeof where - l, "%s%s", l ? "." : "", seg);
    }
    if (at == AT_VALUE) {
        *type = node->type;
        if (leaf) *leaf = node; /* a plain array's item: the array's key, whose type is the items' */
        return 0;
    }
    if (at == AT_ARRAY) snprintf(msg, msglen, "%s is an array; name an item (%s.0) or its length (%s.length)", where, where, where);
    else if (at == AT_FLAVORS) snprintf(msg, msglen, "%s is an object; name a flavor in it (%s.rcu_sched...)", where, where);
    else snprintf(msg, msglen, "%s is an object; name a value in it (%s.%s...)", where[0] ? where : "the path", where, keys[0].name);
    return -1;
}

int expect_check_path(const char *path, const rv_config *cfg, char *msg, size_t msglen)
{
    rk_type type;
    return expect_path_type(path, cfg, &type, msg, msglen);
}

/* ---------------------------------------------------------------- comparisons against the path's type */

/* Where the vetting of one expectation reports: "rcuvis: FILE: $.expect[I].KEY: MSG" lines on err. */
typedef struct vet_sink {
    FILE *err;
    const char *file;
    size_t index;
    int problems;
} vet_sink;

static void problem(vet_sink *s, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void problem(vet_sink *s, const char *key, const char *fmt, ...)
{
    char msg[1000];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(s->err, "rcuvis: %s: $.expect[%zu].%s: %s\n", s->file, s->index, key, msg);
    s->problems++;
}

/* A string as the file gave it, quoted, its quotes, backslashes and control characters escaped
 * (it reaches the terminal), and cut after 60 bytes with "..." so a long one stays one line. */
static void quote(const char *s, char *out, size_t n)
{
    size_t o = 0;
    out[o++] = '"';
    for (size_t i = 0; s[i]; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i == 60 || o + 12 >= n) { o += (size_t)snprintf(out + o, n - o, "..."); break; }
        if (c == '"' || c == '\\') o += (size_t)snprintf(out + o, n - o, "\\%c", c);
        else if (c < 0x20 || c == 0x7f) o += (size_t)snprintf(out + o, n - o, "\\u%04x", c);
        else out[o++] = (char)c;
    }
    snprintf(out + o, n - o, "\"");
}

/* The "equals" as the file wrote it: a string "...", true/false, or a number. */
static void equals_text(const rv_expect *x, char *b, size_t n)
{
    char q[100];
    if (x->has_equals_str) { quote(x->equals_str, q, sizeof q); snprintf(b, n, "a string %s", q); }
    else if (x->equals_bool) snprintf(b, n, "%s", x->equals != 0 ? "true" : "false");
    else fmt_num(x->equals, b, n);
}

/* min and max order numbers; a string or true/false has no order they could bound. */
static void vet_unordered(vet_sink *s, const rv_expect *x, rk_type t)
{
    const char *want = t == RT_STRING ? "\"equals\" with a string" : "\"equals\": true or false";
    char v[40];
    if (x->has_min) {
        fmt_num(x->min, v, sizeof v);
        problem(s, "min", "%s holds %s, which min and max cannot bound: expected %s, got min %s", x->path, rk_type_name(t), want, v);
    }
    if (x->has_max) {
        fmt_num(x->max, v, sizeof v);
        problem(s, "max", "%s holds %s, which min and max cannot bound: expected %s, got max %s", x->path, rk_type_name(t), want, v);
    }
}

/* An "equals" the value at the path can never be: a string for a number, a number for a string,
 * a true/false for a number, a number other than 1 or 0 for true/false (which compare as 1 and 0),
 * a fraction or a negative number for a count. */
static void vet_equals(vet_sink *s, const rv_expect *x, rk_type t)
{
    if (!x->has_equals && !x->has_equals_str) return;
    bool num = x->has_equals && !x->equals_bool;
    const char *want = NULL;
    if (t == RT_STRING && !x->has_equals_str) want = "a string";
    else if (t == RT_BOOL && !x->equals_bool && !(num && (x->equals == 0 || x->equals == 1))) want = "true or false (or 1 or 0)";
    else if ((t == RT_NUMBER || t == RT_COUNT) && !num) want = "a number";
    else if (t == RT_COUNT && (x->equals < 0 || x->equals != floor(x->equals))) want = "a whole number, 0 or more";
    if (!want) return;
    char got[120];
    equals_text(x, got, sizeof got);
    problem(s, "equals", "%s holds %s; expected %s, got %s", x->path, rk_type_name(t), want, got);
}

/* A count is never below 0: a max under 0 lets nothing pass. */
static void vet_count_bounds(vet_sink *s, const rv_expect *x)
{
    char v[40];
    if (!x->has_max || x->max >= 0) return;
    fmt_num(x->max, v, sizeof v);
    problem(s, "max", "%s holds %s; expected a max of 0 or more, got %s", x->path, rk_type_name(RT_COUNT), v);
}

/* A number "equals" outside min..max: no value is both. (The loader refused min > max.) */
static void vet_equals_in_bounds(vet_sink *s, const rv_expect *x)
{
    if (!x->has_equals || x->equals_bool) return;
    char eq[40], b[40];
    fmt_num(x->equals, eq, sizeof eq);
    if (x->has_min && x->equals < x->min) {
        fmt_num(x->min, b, sizeof b);
        problem(s, "equals", "expected at least min (%s), got %s: no value can pass both", b, eq);
    } else if (x->has_max && x->equals > x->max) {
        fmt_num(x->max, b, sizeof b);
        problem(s, "equals", "expected at most max (%s), got %s: no value can pass both", b, eq);
    }
}

/* ---------------------------------------------------------------- closed sets: names and CPU numbers */

/* A value an author may have meant: a flavor's short name ("sched" for rcu_sched, as the scenario
 * itself may write it), the kernel a mode stands for ("3.7" for kthread), else the nearest by edit
 * distance (as find_key judges a key); NULL when none is plausibly meant. */
static const char *meant_value(const char *got, const char *const *vals)
{
    static const char *const alias[][2] = {{"3.6", "softirq"}, {"3.7", "kthread"}};
    for (const char *const *v = vals; *v; v++)
        if (!strncmp(*v, "rcu_", 4) && !strcmp(*v + 4, got)) return *v;
    for (size_t a = 0; a < sizeof alias / sizeof *alias; a++)
        for (const char *const *v = vals; *v; v++)
            if (!strcmp(got, alias[a][0]) && !strcmp(*v, alias[a][1])) return *v;
    size_t len = strlen(got);
    int bestd = (len <= 4 ? 1 : len <= 8 ? 2 : (int)(len / 3)) + 1;
    const char *best = NULL;
    for (const char *const *v = vals; *v; v++) {
        int d = distance(got, *v);
        if (d < bestd) { bestd = d; best = *v; }
    }
    return best;
}

/* "\"self\" or \"other\"", "\"a\", \"b\" or \"c\"": the values a message offers. */
static void or_list(const char *const *vals, char *b, size_t n)
{
    size_t o = 0, count = 0;
    b[0] = 0;
    for (const char *const *v = vals; *v; v++) count++;
    for (size_t i = 0; i < count && o < n; i++)
        o += (size_t)snprintf(b + o, n - o, "%s\"%s\"", i == 0 ? "" : i + 1 == count ? " or " : ", ", vals[i]);
}

/* A string "equals" outside the closed set of its path (stalls.0.kind: "self" or "other"): no run
 * writes it. Flavors: only those the configuration enables appear in a report. */
static void vet_string_set(vet_sink *s, const rv_expect *x, const rk_key *leaf, const rv_config *cfg)
{
    const char *const *vals = rk_key_values(leaf);
    if (!vals || !x->has_equals_str) return;
    const char *enabled[RV_NFLAVORS + 1];
    size_t ne = 0;
    for (int f = 0; leaf->domain == RKD_FLAVOR && cfg && f < RV_NFLAVORS; f++)
        if (cfg->rcu.flavors[f]) enabled[ne++] = rv_flavor_name(f);
    enabled[ne] = NULL;
    const char *const *allowed = ne ? enabled : vals;
    bool known = false, allowed_here = false;
    for (const char *const *v = vals; *v; v++) known |= !strcmp(*v, x->equals_str);
    for (const char *const *v = allowed; *v; v++) allowed_here |= !strcmp(*v, x->equals_str);
    if (allowed_here) return;
    char list[300], q[100], hint[80] = "";
    or_list(allowed, list, sizeof list);
    quote(x->equals_str, q, sizeof q);
    if (known) { /* a flavor this configuration leaves out */
        problem(s, "equals", "%s holds a flavor this scenario enables, %s; expected one of those, got %s, which rcu.flavors "
                "leaves out", x->path, list, q);
        return;
    }
    const char *near = meant_value(x->equals_str, allowed);
    if (near) snprintf(hint, sizeof hint, "; did you mean \"%s\"?", near);
    problem(s, "equals", "%s holds %s; expected one of those, got %s%s", x->path, list, q, hint);
}

/* A thread's name that no thread of this configuration can have (threads.0.name == "foo"). */
static void vet_thread_name(vet_sink *s, const rv_expect *x, const rk_key *leaf, const rv_config *cfg)
{
    char why[400], q[100];
    if (leaf->domain != RKD_THREAD || !x->has_equals_str || !cfg || thread_can_exist(x->equals_str, cfg, why, sizeof why)) return;
    quote(x->equals_str, q, sizeof q);
    problem(s, "equals", "%s holds the name of a thread of this configuration; expected one it can have, got %s: %s", x->path, q, why);
}

/* A CPU number outside the machine (stalls.0.cpu == 7 on 2 CPUs). The CPU count is cfg's: the file's
 * for `check`, the run's (after --cpus or --set) for `run --expect`, which vets again before it runs. */
static void vet_cpu(vet_sink *s, const rv_expect *x, const rk_key *leaf, const rv_config *cfg)
{
    if (!cfg || (leaf->domain != RKD_CPU && leaf->domain != RKD_CPU_ALL)) return;
    int lo = leaf->domain == RKD_CPU_ALL ? -1 : 0, hi = cfg->cpus - 1;
    char range[160], v[40];
    snprintf(range, sizeof range, "a CPU number, 0..%d on this %d-CPU machine (cpus)%s", hi, cfg->cpus,
             lo < 0 ? ", or -1 for an event on all CPUs" : "");
    if (x->has_equals && !x->equals_bool && (x->equals < lo || x->equals > hi || x->equals != floor(x->equals))) {
        fmt_num(x->equals, v, sizeof v);
        problem(s, "equals", "%s holds %s; expected one of those, got %s", x->path, range, v);
    }
    if (x->has_min && x->min > hi) {
        fmt_num(x->min, v, sizeof v);
        problem(s, "min", "%s holds %s; expected a min of at most %d, got %s", x->path, range, hi, v);
    }
    if (x->has_max && x->max < lo) {
        fmt_num(x->max, v, sizeof v);
        problem(s, "max", "%s holds %s; expected a max of at least %d, got %s", x->path, range, lo, v);
    }
}

/* Every problem of one expectation, each on its own line; the path first, as nothing else can be
 * judged without knowing what it holds, and the value's set only when its type fits. */
static void vet_one(vet_sink *s, const rv_expect *x, const rv_config *cfg)
{
    char msg[400];
    rk_type t;
    const rk_key *leaf;
    if (expect_path_leaf(x->path, cfg, &t, &leaf, msg, sizeof msg) < 0) { problem(s, "path", "%s", msg); return; }
    /* captions_missed is the run's verdict at its end (app/report/captions_missed.c): a moment's report has none */
    if (x->has_at && !strncmp(x->path, "captions_missed", 15) && (!x->path[15] || x->path[15] == '.')) {
        problem(s, "at_s", "captions_missed is judged at the run's end, so no moment's report has it; drop at_s (the end's report has it)");
        return;
    }
    int before = s->problems;
    vet_equals(s, x, t);
    bool typed = s->problems == before;
    if (typed && leaf) {
        vet_string_set(s, x, leaf, cfg);
        vet_thread_name(s, x, leaf, cfg);
        vet_cpu(s, x, leaf, cfg);
    }
    if (t == RT_STRING || t == RT_BOOL) { vet_unordered(s, x, t); return; } /* their min, max: said above */
    vet_equals_in_bounds(s, x);
    if (t == RT_COUNT) vet_count_bounds(s, x);
}

/* One whose `when` excludes this configuration names paths of the other (threads.rcu_sched under
 * 3.6): vetted in the configurations it is for, skipped here as --expect skips it. */
static int vet_all(const rv_config *cfg, const char *file, FILE *err, bool with_when_only)
{
    vet_sink s = {err, file, 0, 0};
    for (s.index = 0; s.index < cfg->nexpects; s.index++) {
        const rv_expect *x = &cfg->expects[s.index];
        if ((x->has_when || !with_when_only) && (!x->has_when || rv_when_holds(&x->when, cfg))) vet_one(&s, x, cfg);
    }
    return s.problems;
}

int expect_vet(const rv_config *cfg, const char *file, FILE *err) { return vet_all(cfg, file, err, false); }
int expect_vet_when(const rv_config *cfg, const char *file, FILE *err) { return vet_all(cfg, file, err, true); }
