/* override.c — apply `--set PATH=VALUE` to the scenario's JSON tree before it is validated. */
#include "priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Overrides edit the tree, not rv_config, so that an override goes through exactly the checks a
 * file value goes through and a bad one is reported with its JSON path. Missing objects on the way
 * are created ("costs.tick_ns" on a file without "costs"); an array index may name an existing
 * item or the one just past the end (which appends).
 */

static bool all_digits(const char *s) { return *s && strspn(s, "0123456789") == strlen(s); }

void sc_override_label(const rv_overrides *ov, const char *const *labels, size_t i, char *buf, size_t n)
{
    /* no label from the caller (a quiz's overrides, the window's knobs): say what it is, not how */
    const char *text = labels && labels[i] ? labels[i] : ov->items[i], *pre = labels && labels[i] ? "" : "override ";
    /* as typed when short and printable; else quoted, escaped and cut, so one problem stays one line */
    bool plain = strlen(text) <= 100;
    for (const char *p = text; plain && *p; p++) plain = (unsigned char)*p >= ' ' && *p != 0x7f;
    if (plain) { snprintf(buf, n, "%s%s", pre, text); return; }
    char q[120];
    sc_quote(text, q, sizeof q);
    snprintf(buf, n, "%s%s", pre, q);
}

void sc_dotted(const char *json_path, char *buf, size_t n)
{
    size_t o = 0;
    const char *p = json_path[0] == '$' ? json_path + 1 : json_path;
    if (*p == '.') p++;
    for (; *p && o + 1 < n; p++) {
        if (*p == '[') { if (o) buf[o++] = '.'; continue; }
        if (*p == ']') continue;
        buf[o++] = *p;
    }
    buf[o] = 0;
}

void sc_origins_free(sc_origins *o)
{
    free(o->v);
    *o = (sc_origins){0};
}

static void add_origin(sc_origins *o, const sc_path *p, const char *label)
{
    if (!o) return;
    if (o->n == o->cap) { /* out of memory only costs the attribution */
        size_t cap = o->cap ? o->cap * 2 : 8;
        sc_origin *nv = realloc(o->v, cap * sizeof *nv);
        if (!nv) return;
        o->v = nv;
        o->cap = cap;
    }
    snprintf(o->v[o->n].path, sizeof o->v[o->n].path, "%s", p->s);
    snprintf(o->v[o->n].label, sizeof o->v[o->n].label, "%s", label);
    o->n++;
}

const sc_origin *sc_origin_of(const sc_origins *o, const char *path)
{
    const sc_origin *found = NULL;
    for (size_t i = 0; o && i < o->n; i++) {
        size_t l = strlen(o->v[i].path);
        if (strncmp(path, o->v[i].path, l) == 0 && (path[l] == 0 || path[l] == '.' || path[l] == '['))
            found = &o->v[i]; /* later overrides win, here as in the tree */
    }
    return found;
}

static cJSON *new_container(const char *next_seg)
{
    return all_digits(next_seg) ? cJSON_CreateArray() : cJSON_CreateObject();
}

/* A problem of the override itself, named as the user gave it (not as the file's). */
static void set_err(sc_errs *e, const char *label, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void set_err(sc_errs *e, const char *label, const char *fmt, ...)
{
    char msg[900], line[1400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char shown[400];
    sc_utf8_escape(label, shown, sizeof shown); /* the user's bytes, which may not be UTF-8 */
    snprintf(line, sizeof line, "%s: %s", shown, msg);
    sc_err_line(e, line);
}

/* Put v at seg inside parent (replacing), or report why not. Takes ownership of v either way. */
static int place(cJSON *parent, const char *seg, cJSON *v, const char *label, sc_errs *e, const sc_path *p)
{
    if (cJSON_IsObject(parent)) {
        if (cJSON_GetObjectItemCaseSensitive(parent, seg)) cJSON_ReplaceItemInObjectCaseSensitive(parent, seg, v);
        else cJSON_AddItemToObject(parent, seg, v);
        return 0;
    }
    int size = cJSON_GetArraySize(parent);
    long idx = all_digits(seg) && strlen(seg) < 9 ? strtol(seg, NULL, 10) : -1;
    if (idx < 0 || idx > size) {
        char valid[120]; /* the items there are, and the one past them that appends */
        if (size == 0) snprintf(valid, sizeof valid, "is empty; expected index 0 (appends an item)");
        else if (size == 1) snprintf(valid, sizeof valid, "has 1 item; expected index 0 (that item) or 1 (appends one)");
        else snprintf(valid, sizeof valid, "has %d items; expected an index 0..%d (an item) or %d (appends one)", size,
                      size - 1, size);
        set_err(e, label, "%s %s, got \"%s\"", p->s, valid, seg);
        cJSON_Delete(v);
        return -1;
    }
    if (idx == size) cJSON_AddItemToArray(parent, v);
    else cJSON_ReplaceItemInArray(parent, (int)idx, v);
    return 0;
}

static cJSON *child(cJSON *parent, const char *seg)
{
    if (cJSON_IsObject(parent)) return cJSON_GetObjectItemCaseSensitive(parent, seg);
    if (!all_digits(seg) || strlen(seg) >= 9) return NULL;
    return cJSON_GetArrayItem(parent, (int)strtol(seg, NULL, 10));
}

/* The path of seg inside the value at p (an array index or a key). */
static void path_of(sc_path *p, const cJSON *parent, const char *seg)
{
    if (cJSON_IsArray(parent)) sc_path_index(p, (int)strtol(seg, NULL, 10));
    else sc_path_key(p, seg);
}

/* Keys whose value is a CPU list string. The command line has no JSON types: "--set offline_cpus=1"
 * can only mean the list "1", so there a number is taken as the list it spells (and a file written
 * from the overridden tree, the recorder's, holds the string the loader asks for). */
static bool cpu_list_key(const char *path)
{
    if (strcmp(path, "offline_cpus") == 0) return true;
    if (strncmp(path, "workload.", 9) != 0) return false;
    const char *p = path + 9;
    size_t d = strspn(p, "0123456789");
    return d > 0 && strcmp(p + d, ".cpus") == 0;
}

static int apply_one(cJSON *root, const char *item, const char *label, sc_errs *e, sc_origins *origins)
{
    const char *eq = strchr(item, '=');
    if (!eq || eq == item) {
        set_err(e, label, "expected PATH=VALUE, like rcu.fanout_leaf=32");
        return -1;
    }
    /* as in a file: a string that is not UTF-8 would reach the window's text and run --json's report */
    size_t bad;
    char why[200];
    if (!sc_utf8_check(item, strlen(item), &bad, why, sizeof why)) {
        set_err(e, label, "expected UTF-8 text, got the byte 0x%02x at byte %zu of the override, %s", (unsigned char)item[bad], bad, why);
        return -1;
    }
    size_t plen = (size_t)(eq - item);
    char *path = malloc(plen + 1);
    if (!path) return -1;
    memcpy(path, item, plen);
    path[plen] = 0;
    /* JSON if it parses ("32", "true", "[\"rcu_sched\"]", "\"x\""), else the text itself */
    cJSON *val = NULL;
    sc_errs quiet; /* the same strict syntax as files (no "\u0000"), without messages */
    size_t skip;
    sc_numlits lits = {0};
    sc_errs_init(&quiet, e->file, NULL, 0);
    if (sc_syntax_check(eq + 1, strlen(eq + 1), &quiet, &skip, &lits) == 0) {
        val = cJSON_ParseWithOpts(eq + 1, NULL, 1);
        sc_numlits_attach(val, eq + 1 + skip, &lits); /* --set duration_s=1e400 is reported as 1e400 */
    }
    sc_numlits_free(&lits);
    if (val && cJSON_IsNumber(val) && cpu_list_key(path)) {
        cJSON_Delete(val);
        val = NULL;
    }
    if (!val) val = cJSON_CreateString(eq + 1);
    int rc = -1;
    sc_path p;
    sc_path_root(&p);
    cJSON *cur = root;
    if (path[0] == '.' || path[plen - 1] == '.' || strstr(path, "..")) {
        set_err(e, label, "expected a dotted path like rcu.fanout_leaf or workload.0.busy_frac");
        goto out;
    }
    char *save = NULL, *seg = strtok_r(path, ".", &save);
    for (;;) {
        char *next = strtok_r(NULL, ".", &save);
        if (!cJSON_IsObject(cur) && !cJSON_IsArray(cur)) {
            char g[200];
            sc_describe(cur, g, sizeof g);
            set_err(e, label, "%s holds %s, which has no \"%s\" inside", p.s, g, seg);
            goto out;
        }
        if (!next) {
            rc = place(cur, seg, val, label, e, &p);
            val = NULL;
            if (rc == 0) {
                path_of(&p, cur, seg);
                add_origin(origins, &p, label);
            }
            goto out;
        }
        cJSON *ch = child(cur, seg);
        bool created = !ch;
        if (!ch) {
            ch = new_container(next);
            if (place(cur, seg, ch, label, e, &p) < 0) goto out;
        }
        path_of(&p, cur, seg);
        /* an object or item made on the way is the override's too ("workload.1.busy_frac" appends
         * an item whose missing "task" is then the override's problem, not the file's) */
        if (created) add_origin(origins, &p, label);
        cur = ch;
        seg = next;
    }
out:
    cJSON_Delete(val);
    free(path);
    return rc;
}

int sc_apply_overrides(cJSON *root, const rv_overrides *ov, const char *const *labels, sc_errs *errs,
                       sc_origins *origins)
{
    int bad = 0;
    if (!ov) return 0;
    for (size_t i = 0; i < ov->n; i++) {
        if (!ov->items[i]) continue;
        char label[200];
        sc_override_label(ov, labels, i, label, sizeof label);
        if (!cJSON_IsObject(root)) { set_err(errs, label, "the scenario is not a JSON object"); return 1; }
        if (apply_one(root, ov->items[i], label, errs, origins) < 0) bad++;
    }
    return bad;
}

int rv_scenario_override_tree(cJSON *root, const rv_overrides *ov, char *err, size_t errlen)
{
    sc_errs e;
    sc_errs_init(&e, "scenario", err, errlen);
    if (errlen) err[0] = 0;
    int bad = sc_apply_overrides(root, ov, NULL, &e, NULL);
    sc_errs_finish(&e);
    return bad ? -1 : 0;
}
