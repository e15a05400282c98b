/* expect.c — resolve an expect path in the report JSON and compare the value with the bounds. */
#include "expect.h"

#include "cli_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool all_digits(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

/* Names of what a container holds, for "flavors has no \"rcu_foo\" (it has rcu_sched, rcu_bh)". */
static void list_keys(const cJSON *o, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (const cJSON *it = o->child; it && k + 40 < n; it = it->next) {
        const char *name = it->string;
        if (!name && cJSON_IsObject(it)) name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(it, "name"));
        if (name) k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? ", " : "", name);
    }
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
    fmt_num(x->equals, eq, sizeof eq);
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

/* Edit distance, for the "did you mean" of a misspelled first component. */
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

int expect_check_path(const char *path, char *msg, size_t msglen)
{
    char first[160];
    size_t n = strcspn(path, ".");
    snprintf(first, sizeof first, "%.*s", (int)(n < sizeof first - 1 ? n : sizeof first - 1), path);
    const char *best = NULL;
    int bestd = 3;
    for (size_t i = 0; i < cli_report_nkeys; i++) {
        if (strcmp(first, cli_report_keys[i]) == 0) return 0;
        int d = distance(first, cli_report_keys[i]);
        if (d < bestd) { bestd = d; best = cli_report_keys[i]; }
    }
    if (best) snprintf(msg, msglen, "\"%s\" is not a report key; did you mean \"%s\"?", first, best);
    else snprintf(msg, msglen, "\"%s\" is not a report key (the report has flavors, threads, accounting, latency, stalls, safety, tree, ...)", first);
    return -1;
}
