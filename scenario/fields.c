/* fields.c — typed, range-checked reads of one JSON value each, with path-naming messages. */
#include "priv.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const sc_flavor_keys[RV_NFLAVORS] = {"rcu_sched", "rcu_bh", "rcu_preempt"};

/* The deepest node of the file's tree along a message's JSON path ("$.events[6].cpu"): the value
 * itself, or for a key that is missing the object it is missing from. NULL for a path with a quoted
 * key (["odd key"]), which a file of plain keys never makes the loader print. */
static const cJSON *node_along(const cJSON *root, const char *path)
{
    if (!root || path[0] != '$') return NULL;
    const cJSON *v = root;
    const char *p = path + 1;
    while (*p) {
        const cJSON *next = NULL;
        if (*p == '.') {
            size_t n = strcspn(p + 1, ".[");
            char key[200];
            if (n == 0 || n >= sizeof key) return v;
            memcpy(key, p + 1, n);
            key[n] = 0;
            next = cJSON_IsObject(v) ? cJSON_GetObjectItemCaseSensitive(v, key) : NULL;
            p += 1 + n;
        } else if (*p == '[' && p[1] >= '0' && p[1] <= '9') {
            char *end;
            long i = strtol(p + 1, &end, 10);
            if (*end != ']') return v;
            next = cJSON_IsArray(v) && i <= 1000000 ? cJSON_GetArrayItem(v, (int)i) : NULL;
            p = end + 1;
        } else {
            return NULL;
        }
        if (!next) return v;
        v = next;
    }
    return v;
}

/* The child indexes from v down to want (pointer identity), in idx[0..*depth). */
static bool chain_to(const cJSON *v, const cJSON *want, int *idx, size_t *depth, size_t max)
{
    if (v == want) return true;
    if (*depth >= max) return false;
    int i = 0;
    for (const cJSON *ch = v->child; ch; ch = ch->next, i++) {
        idx[(*depth)++] = i;
        if (chain_to(ch, want, idx, depth, max)) return true;
        (*depth)--;
    }
    return false;
}

/* Where in the file the value at the current path is (or the object a missing key belongs in), so
 * that a message about a value says FILE:LINE:COL as a syntax error does (an author had to count
 * array items by hand to find $.events[6]). False when there is no file text or the place cannot be
 * found. */
static bool file_pos(sc_ctx *c, int *line, int *col)
{
    const cJSON *node = c->root ? node_along(c->root, c->path.s) : NULL;
    return node && sc_node_pos(c, node, line, col);
}

/* sc_bad's body; line > 0 puts "FILE:LINE:COL: " before a file value's message. */
static void bad_at(sc_ctx *c, int line, int col, const char *key, const char *fmt, va_list ap)
    __attribute__((format(printf, 5, 0)));
static void bad_at(sc_ctx *c, int line, int col, const char *key, const char *fmt, va_list ap)
{
    char msg[900];
    vsnprintf(msg, sizeof msg, fmt, ap);
    size_t old = key ? sc_path_key(&c->path, key) : c->path.len;
    const sc_origin *own = sc_origin_of(c->origins, c->path.s);
    const sc_origin *dep = c->dep ? sc_origin_of(c->origins, c->dep) : NULL;
    /* checked against a key an override changed: say so (a file value may be fine as filed) */
    char note[500] = "";
    if (dep && dep != own) {
        char name[200];
        sc_dotted(c->dep, name, sizeof name);
        snprintf(note, sizeof note, " (%s is set by %s)", name, dep->label);
    }
    if (own) {
        /* the value is the override's, not the file's: name the override (and the path only when
         * the problem is inside the value it set, as in --set rcu='{"fanout_leaf": 1}') */
        char text[2400];
        if (strcmp(own->path, c->path.s) == 0) snprintf(text, sizeof text, "%s: %s%s", own->label, msg, note);
        else snprintf(text, sizeof text, "%s: %s: %s%s", own->label, c->path.s, msg, note);
        sc_err_line(c->errs, text);
    } else if (line > 0 || file_pos(c, &line, &col)) {
        char at[2400];
        snprintf(at, sizeof at, "%s:%d:%d: %s: %s%s", c->errs->file, line, col, c->path.s, msg, note);
        sc_err_line(c->errs, at);
    } else {
        sc_errf(c->errs, "%s: %s%s", c->path.s, msg, note);
    }
    sc_path_pop(&c->path, old);
}

void sc_bad(sc_ctx *c, const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bad_at(c, 0, 0, key, fmt, ap);
    va_end(ap);
}


/*
 * cJSON keeps no positions, so the node is found again in the text: its place among its siblings at
 * each level, followed through the text. Overrides only replace values in place or append, so a
 * value the file gave keeps its place; one an override gave (or sits in) has no place in the file.
 */
bool sc_node_pos(sc_ctx *c, const cJSON *node, int *line, int *col)
{
    /* past the cap the message is not listed: no need to search the text for it */
    if (!c->text || !c->root || c->errs->count >= SC_MAX_ERRORS || sc_origin_of(c->origins, c->path.s)) return false;
    int idx[300];
    size_t depth = 0, off;
    if (!chain_to(c->root, node, idx, &depth, sizeof idx / sizeof idx[0])) return false;
    if (sc_locate(c->text, c->text_len, idx, depth, &off) < 0) return false;
    sc_line_col(c->text, off, line, col);
    return true;
}

void sc_bad_node(sc_ctx *c, const cJSON *node, const char *key, const char *fmt, ...)
{
    int line = 0, col = 0;
    size_t old = key ? sc_path_key(&c->path, key) : c->path.len; /* the origin is the key's */
    if (!sc_node_pos(c, node, &line, &col)) line = 0;
    sc_path_pop(&c->path, old);
    va_list ap;
    va_start(ap, fmt);
    bad_at(c, line, col, key, fmt, ap);
    va_end(ap);
}

static bool known(const char *k, const char *const *keys, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(k, keys[i]) == 0) return true;
    return false;
}

/* A second value for a key: said where it is, and where the first one is. */
static void duplicate(sc_ctx *c, const cJSON *first, const cJSON *again)
{
    size_t old = sc_path_key(&c->path, again->string);
    int l, col;
    bool placed = sc_node_pos(c, first, &l, &col);
    sc_path_pop(&c->path, old);
    if (placed)
        sc_bad_node(c, again, again->string, "duplicate key (only one value is allowed; the first is at line %d, column %d)",
                    l, col);
    else
        sc_bad(c, again->string, "duplicate key (only one value is allowed)");
}

/* Note a "did you mean \"key\"?" just added (the error text grew from `before`) for a key obj lacks,
 * for fold_into_meant(). Only a message that was listed whole is noted. */
static void remember_meant(sc_ctx *c, const cJSON *obj, const char *key, size_t before)
{
    const sc_errs *e = c->errs;
    if (cJSON_GetObjectItemCaseSensitive(obj, key) || c->nmeant == sizeof c->meant / sizeof c->meant[0]) return;
    if (!e->buf || e->len <= before || e->buf[e->len - 1] != '?') return;
    c->meant[c->nmeant++] = (struct sc_meant){obj, key, e->len};
}

/* A required key that is missing where an unknown key of obj was answered "did you mean" it: one
 * typo, so its message becomes "did you mean \"duration_s\" (required, missing)?" and no second
 * "required key missing" follows. False when there is no such message (or no room to amend it). */
static bool fold_into_meant(sc_ctx *c, const cJSON *obj, const char *key)
{
    static const char add[] = " (required, missing)";
    const size_t n = sizeof add - 1;
    sc_errs *e = c->errs;
    for (size_t i = 0; i < c->nmeant; i++) {
        struct sc_meant *m = &c->meant[i];
        if (m->obj != obj || strcmp(m->key, key) || e->len + n + 1 > e->cap) continue;
        size_t at = m->end - 1; /* before the '?' */
        memmove(e->buf + at + n, e->buf + at, e->len - at + 1);
        memcpy(e->buf + at, add, n);
        e->len += n;
        for (size_t j = 0; j < c->nmeant; j++)
            if (c->meant[j].end > at) c->meant[j].end += n;
        m->obj = NULL; /* said once */
        return true;
    }
    return false;
}

void sc_check_keys(sc_ctx *c, const cJSON *obj, const char *const *keys, size_t n)
{
    sc_check_keys_hint(c, obj, keys, n, NULL);
}

void sc_check_keys_hint(sc_ctx *c, const cJSON *obj, const char *const *keys, size_t n,
                        const char *(*elsewhere)(const char *key))
{
    bool listed = false;
    for (const cJSON *it = obj->child; it; it = it->next) {
        const char *k = it->string ? it->string : "";
        for (const cJSON *prev = obj->child; prev != it; prev = prev->next) {
            if (prev->string && strcmp(prev->string, k) == 0) {
                duplicate(c, prev, it);
                break;
            }
        }
        if (known(k, keys, n)) continue;
        const char *pre = elsewhere ? elsewhere(k) : NULL;
        if (pre) { sc_bad(c, k, "unknown key; did you mean \"%s%s\"?", pre, k); continue; }
        const char *s = sc_suggest(k, keys, n);
        if (s) {
            /* an override's key is answered with the PATH to give it ("rcu.fanout_leaf") */
            size_t at = sc_path_key(&c->path, k);
            bool from_override = sc_origin_of(c->origins, c->path.s) != NULL;
            sc_path_pop(&c->path, at);
            char where[600] = "";
            if (from_override) {
                sc_dotted(c->path.s, where, sizeof where - 1);
                if (where[0]) strcat(where, ".");
            }
            size_t before = c->errs->len;
            sc_bad(c, k, "unknown key; did you mean \"%s%s\"?", where, s);
            remember_meant(c, obj, s, before);
            continue;
        }
        /* no close match: list what is valid here (once per object), so the author need not open
         * the schema */
        if (listed) { sc_bad(c, k, "unknown key (valid keys listed above)"); continue; }
        listed = true;
        char list[600];
        size_t o = 0;
        for (size_t i = 0; i < n && o + 40 < sizeof list; i++)
            o += (size_t)snprintf(list + o, sizeof list - o, "%s%s", i ? ", " : "", keys[i]);
        sc_bad(c, k, "unknown key; valid here: %s", list);
    }
}

const cJSON *sc_get(sc_ctx *c, const cJSON *obj, const char *key, bool required)
{
    const cJSON *v = obj ? cJSON_GetObjectItemCaseSensitive(obj, key) : NULL;
    if (!v && required && !fold_into_meant(c, obj, key)) sc_bad(c, key, "required key missing");
    return v;
}

static void got(const cJSON *v, char *buf, size_t n) { sc_describe(v, buf, n); }

/* Integral doubles only: 16.0 is accepted as 16, 16.5 is not. */
bool sc_int(sc_ctx *c, const cJSON *obj, const char *key, long lo, long hi, long *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    char g[200];
    if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) || v->valuedouble < (double)lo ||
        v->valuedouble > (double)hi) {
        got(v, g, sizeof g);
        sc_bad(c, key, "expected an integer %ld..%ld, got %s", lo, hi, g);
        return false;
    }
    *out = (long)v->valuedouble;
    return true;
}

bool sc_num(sc_ctx *c, const cJSON *obj, const char *key, double lo, double hi, double *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    char g[200], a[40], b[40];
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || v->valuedouble < lo || v->valuedouble > hi) {
        got(v, g, sizeof g);
        sc_fmt_num(lo, a, sizeof a);
        sc_fmt_num(hi, b, sizeof b);
        sc_bad(c, key, "expected a number %s..%s, got %s", a, b, g);
        return false;
    }
    *out = v->valuedouble;
    return true;
}

bool sc_num_pos(sc_ctx *c, const cJSON *obj, const char *key, double hi, double *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    char g[200], b[40];
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble) || !(v->valuedouble > 0) || v->valuedouble > hi) {
        got(v, g, sizeof g);
        sc_fmt_num(hi, b, sizeof b);
        sc_bad(c, key, "expected a number above 0 and at most %s, got %s", b, g);
        return false;
    }
    *out = v->valuedouble;
    return true;
}

bool sc_bool(sc_ctx *c, const cJSON *obj, const char *key, bool *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    if (!cJSON_IsBool(v)) {
        char g[200];
        got(v, g, sizeof g);
        sc_bad(c, key, "expected true or false, got %s", g);
        return false;
    }
    *out = cJSON_IsTrue(v);
    return true;
}

bool sc_str(sc_ctx *c, const cJSON *obj, const char *key, char *out, size_t outsz)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    char g[200];
    if (!cJSON_IsString(v)) {
        got(v, g, sizeof g);
        sc_bad(c, key, "expected a string, got %s", g);
        return false;
    }
    size_t n = strlen(v->valuestring);
    if (n >= outsz) { /* refuse rather than cut: a silently shortened name or path misleads later */
        sc_bad(c, key, "expected a string of at most %zu bytes, got %zu bytes", outsz - 1, n);
        return false;
    }
    memcpy(out, v->valuestring, n + 1);
    return true;
}

const char *sc_find_control(const char *s, bool newline_ok)
{
    for (; *s; s++)
        if (((unsigned char)*s < 0x20 && !(newline_ok && *s == '\n')) || *s == 0x7f) return s;
    return NULL;
}

/* "a tab (\t)": the character as the author would type it in JSON. */
static void control_name(unsigned char ch, char *buf, size_t n)
{
    if (ch == '\t') snprintf(buf, n, "a tab (\\t)");
    else if (ch == '\n') snprintf(buf, n, "a newline (\\n)");
    else if (ch == '\r') snprintf(buf, n, "a carriage return (\\r)");
    else if (ch == 0x1b) snprintf(buf, n, "an escape (\\u001b)");
    else snprintf(buf, n, "control character \\u%04x", ch);
}

bool sc_text(sc_ctx *c, const cJSON *obj, const char *key, char *out, size_t outsz, const sc_shown *how)
{
    if (!sc_str(c, obj, key, out, outsz)) return false;
    const char *bad = sc_find_control(out, how->newline_ok);
    if (!bad) return true;
    size_t at = 1; /* in characters, as an editor counts them */
    for (const char *p = out; p < bad; p++) at += ((unsigned char)*p & 0xC0) != 0x80;
    char name[40], q[200];
    control_name((unsigned char)*bad, name, sizeof name);
    sc_quote(out, q, sizeof q);
    sc_bad(c, key, "expected %s without control characters, got %s at character %zu of %s; %s", how->what, name, at, q,
           how->instead);
    return false;
}

static void enum_list(const char *const *names, size_t n, char *buf, size_t sz)
{
    size_t o = 0;
    if (n == 2) { snprintf(buf, sz, "\"%s\" or \"%s\"", names[0], names[1]); return; }
    if (n > 3) o += (size_t)snprintf(buf, sz, "one of ");
    for (size_t i = 0; i < n && o < sz; i++)
        o += (size_t)snprintf(buf + o, sz - o, "%s\"%s\"", i == 0 ? "" : (n <= 3 && i == n - 1) ? " or " : ", ", names[i]);
}

bool sc_enum(sc_ctx *c, const cJSON *obj, const char *key, const char *const *names, size_t n, int *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    char g[200], list[400];
    if (cJSON_IsString(v)) {
        for (size_t i = 0; i < n; i++)
            if (strcmp(v->valuestring, names[i]) == 0) { *out = (int)i; return true; }
        sc_quote(v->valuestring, g, sizeof g);
    } else {
        got(v, g, sizeof g);
    }
    enum_list(names, n, list, sizeof list);
    const char *s = cJSON_IsString(v) ? sc_suggest(v->valuestring, names, n) : NULL;
    if (s) sc_bad(c, key, "expected %s, got %s; did you mean \"%s\"?", list, g, s);
    else sc_bad(c, key, "expected %s, got %s", list, g);
    return false;
}

/* rcu.mode and a condition's mode: an author who thinks in kernels writes "3.7" (or 3.7, a number),
 * which got no "did you mean" while an expect's equals on "mode" got one; the kernel a mode stands
 * for is named now, and a misspelling still gets its nearest name from sc_enum(). */
bool sc_mode(sc_ctx *c, const cJSON *obj, const char *key, int *out)
{
    static const char *const names[] = {"softirq", "kthread"};
    static const char *const kernels[] = {"3.6", "3.7"};
    static const double numbers[] = {3.6, 3.7}; /* strtod's correctly rounded 3.6 is the literal's */
    const size_t n = sizeof names / sizeof names[0];
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    char g[64];
    if (cJSON_IsString(v)) {
        const char *s = v->valuestring;
        if (s[0] == 'v' || s[0] == 'V') s++; /* "v3.7" */
        for (size_t i = 0; i < n; i++)
            if (strcmp(s, kernels[i]) == 0) {
                sc_quote(v->valuestring, g, sizeof g);
                sc_bad(c, key, "expected \"softirq\" or \"kthread\", got %s; did you mean \"%s\"?", g, names[i]);
                return false;
            }
    } else if (cJSON_IsNumber(v)) {
        for (size_t i = 0; i < n; i++)
            if (v->valuedouble == numbers[i]) {
                got(v, g, sizeof g);
                sc_bad(c, key, "expected \"softirq\" or \"kthread\", got %s; did you mean \"%s\"?", g, names[i]);
                return false;
            }
    }
    return sc_enum(c, obj, key, names, n, out);
}

void sc_enabled_flavors(const sc_ctx *c, char *buf, size_t n)
{
    size_t k = 0;
    buf[0] = 0;
    for (int g = 0; g < RV_NFLAVORS; g++)
        if (c->cfg->rcu.flavors[g] && k < n) k += (size_t)snprintf(buf + k, n - k, "%s%s", k ? ", " : "", rv_flavor_name(g));
}

bool sc_flavor(sc_ctx *c, const cJSON *obj, const char *key, int *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    int f = cJSON_IsString(v) ? rv_flavor_from_name(v->valuestring) : -1;
    if (f >= 0) { *out = f; return true; }
    int dummy;
    sc_enum(c, obj, key, sc_flavor_keys, RV_NFLAVORS, &dummy); /* reports the error */
    return false;
}

static bool cpuset(sc_ctx *c, const cJSON *v, const char *key, rv_cpuset *out);

bool sc_cpuset(sc_ctx *c, const cJSON *obj, const char *key, rv_cpuset *out)
{
    const cJSON *v = sc_get(c, obj, key, false);
    if (!v) return false;
    const char *prev = sc_dep_begin(c, "$.cpus"); /* CPUs are checked against the CPU count */
    bool ok = cpuset(c, v, key, out);
    sc_dep_end(c, prev);
    return ok;
}

/* The first range of a CPU list written high to low ("3-1"), copied into buf, or false: the list
 * parser only says the list is malformed, which leaves the author looking for a typo. */
static bool backward_range(const char *sp, char *buf, size_t n)
{
    for (const char *p = sp; *p;) {
        char *end;
        long lo = strtol(p, &end, 10);
        if (end == p) return false;
        if (*end == '-') {
            const char *q = end + 1;
            long hi = strtol(q, &end, 10);
            if (end == q) return false;
            if (hi < lo) { snprintf(buf, n, "%ld-%ld", lo, hi); return true; }
        }
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',') return false;
    }
    return false;
}

/* The first CPU a well-formed list names twice ("0-3,2": "CPU 2 appears twice, in 0-3 and in 2"), said
 * into buf, or false. An overlap is most often a slip in a list meant otherwise (4-7 typed as 2?), and
 * the loader would silently have taken the union. */
/* The next item of a well-formed CPU list at p ("2" or "0-3"): its CPUs lo..hi; returns where it ends. */
static const char *list_item(const char *p, long *lo, long *hi)
{
    char *end;
    *lo = *hi = strtol(p, &end, 10);
    if (*end == '-') *hi = strtol(end + 1, &end, 10);
    return end;
}

static bool repeated_cpu(const char *sp, char *buf, size_t n)
{
    rv_cpuset seen = {0};
    for (const char *p = sp; *p;) {
        long lo, hi;
        const char *end = list_item(p, &lo, &hi);
        if (end == p) return false; /* "all" */
        for (long cpu = lo; cpu <= hi && cpu < RV_MAX_CPUS; cpu++) {
            if (!rv_cpuset_has(&seen, (int)cpu)) { rv_cpuset_add(&seen, (int)cpu); continue; }
            /* the earlier item that named it, found again */
            const char *q = sp, *qend;
            long qlo, qhi;
            while ((qend = list_item(q, &qlo, &qhi)) && !(cpu >= qlo && cpu <= qhi)) q = *qend == ',' ? qend + 1 : qend;
            snprintf(buf, n, "CPU %ld appears twice, in %.*s and in %.*s", cpu, (int)(qend - q), q, (int)(end - p), p);
            return true;
        }
        p = *end == ',' ? end + 1 : end;
    }
    return false;
}

/* set as the shortest list that names it ("0-3,6"), for a message's "write ..." */
static void cpuset_text(const rv_cpuset *set, int ncpus, char *buf, size_t n)
{
    size_t o = 0;
    buf[0] = 0;
    for (int cpu = 0; cpu < ncpus && o + 1 < n; cpu++) {
        if (!rv_cpuset_has(set, cpu)) continue;
        int last = cpu;
        while (last + 1 < ncpus && rv_cpuset_has(set, last + 1)) last++;
        int w = last > cpu ? snprintf(buf + o, n - o, "%s%d-%d", o ? "," : "", cpu, last) : snprintf(buf + o, n - o, "%s%d", o ? "," : "", cpu);
        if (w < 0 || (size_t)w >= n - o) break;
        o += (size_t)w;
        cpu = last;
    }
}

/* A bare number where a CPU list is meant: the strings it could stand for, each with its reading
 * ("4" is CPU 4 alone, "0-3" the first four), only those the machine has. */
static void cpu_number(sc_ctx *c, const cJSON *v, const char *key)
{
    char g[200], ex[200] = "";
    size_t k = 0;
    got(v, g, sizeof g);
    double d = v->valuedouble;
    bool whole = isfinite(d) && d == floor(d) && d >= 0 && d <= RV_MAX_CPUS;
    int n = whole ? (int)d : -1;
    if (whole && n < c->ncpus)
        k += (size_t)snprintf(ex + k, sizeof ex - k, "\"%d\" (CPU %d alone)", n, n);
    if (whole && n >= 2 && n <= c->ncpus)
        k += (size_t)snprintf(ex + k, sizeof ex - k, "%s\"0-%d\" (the first %d CPUs)", k ? " or " : "", n - 1, n);
    if (!k && c->cpus_known)
        snprintf(ex, sizeof ex, "\"0-%d\" or \"all\" (the machine has CPUs 0..%d)", c->ncpus - 1, c->ncpus - 1);
    else if (!k)
        snprintf(ex, sizeof ex, "\"0-3\", \"2\" or \"all\"");
    sc_bad(c, key, "expected a CPU list string such as %s, got %s (a number)", ex, g);
}

static bool cpuset(sc_ctx *c, const cJSON *v, const char *key, rv_cpuset *out)
{
    char err[300], g[200];
    if (cJSON_IsNumber(v)) {
        /* "cpus": 4 in a phase reads like the machine's CPU count but would have meant CPU 4 alone:
         * a list is always a string, and the message spells out both readings */
        cpu_number(c, v, key);
        return false;
    } else if (cJSON_IsString(v)) {
        const char *sp = v->valuestring;
        if (strcmp(sp, "all") != 0 && strspn(sp, "0123456789,-") != strlen(sp)) {
            /* quoted here: rv_cpuset_parse echoes the text as is, which must not carry a newline */
            sc_quote(sp, g, sizeof g);
            sc_bad(c, key, "expected a CPU list like \"0-3,8\" or \"all\", got %s", g);
            return false;
        }
        char back[48];
        if (backward_range(sp, back, sizeof back)) {
            char lo[24];
            const char *dash = strchr(back, '-');
            snprintf(lo, sizeof lo, "%.*s", (int)(dash - back), back);
            sc_quote(sp, g, sizeof g);
            sc_bad(c, key, "expected a CPU list like \"0-3,8\" or \"all\", got %s: the range %s runs backwards (write %s-%s)", g,
                   back, dash + 1, lo);
            return false;
        }
        if (rv_cpuset_parse(out, sp, c->ncpus, err, sizeof err) < 0) {
            sc_bad(c, key, "%s", err);
            return false;
        }
        char twice[160];
        if (repeated_cpu(sp, twice, sizeof twice)) {
            char once[200];
            cpuset_text(out, c->ncpus, once, sizeof once);
            sc_quote(sp, g, sizeof g);
            sc_bad(c, key, "expected a CPU list that names each CPU once, got %s: %s (write %s)", g, twice, once);
            return false;
        }
        return true;
    }
    got(v, g, sizeof g);
    sc_bad(c, key, "expected a CPU list like \"0-3,8\" or \"all\", got %s", g);
    return false;
}

bool sc_is_object(sc_ctx *c, const cJSON *v, const char *key)
{
    if (cJSON_IsObject(v)) return true;
    char g[200];
    got(v, g, sizeof g);
    sc_bad(c, key, "expected an object, got %s", g);
    return false;
}

bool sc_is_array(sc_ctx *c, const cJSON *v, const char *key)
{
    if (cJSON_IsArray(v)) return true;
    char g[200];
    got(v, g, sizeof g);
    sc_bad(c, key, "expected an array, got %s", g);
    return false;
}
