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

static cJSON *new_container(const char *next_seg)
{
    return all_digits(next_seg) ? cJSON_CreateArray() : cJSON_CreateObject();
}

/* Put v at seg inside parent (replacing), or report why not. Takes ownership of v either way. */
static int place(cJSON *parent, const char *seg, cJSON *v, const char *item, sc_errs *e, const sc_path *p)
{
    if (cJSON_IsObject(parent)) {
        if (cJSON_GetObjectItemCaseSensitive(parent, seg)) cJSON_ReplaceItemInObjectCaseSensitive(parent, seg, v);
        else cJSON_AddItemToObject(parent, seg, v);
        return 0;
    }
    int size = cJSON_GetArraySize(parent);
    long idx = all_digits(seg) && strlen(seg) < 9 ? strtol(seg, NULL, 10) : -1;
    if (idx < 0 || idx > size) {
        sc_errf(e, "--set \"%s\": %s is an array of %d items; expected an index 0..%d, got \"%s\"", item, p->s, size,
                size, seg);
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

static int apply_one(cJSON *root, const char *item, sc_errs *e)
{
    const char *eq = strchr(item, '=');
    if (!eq || eq == item) {
        sc_errf(e, "--set \"%s\": expected PATH=VALUE, like rcu.fanout_leaf=32", item);
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
    sc_errs_init(&quiet, e->file, NULL, 0);
    if (sc_syntax_check(eq + 1, strlen(eq + 1), &quiet, &skip) == 0) val = cJSON_ParseWithOpts(eq + 1, NULL, 1);
    if (!val) val = cJSON_CreateString(eq + 1);
    int rc = -1;
    sc_path p;
    sc_path_root(&p);
    cJSON *cur = root;
    if (path[0] == '.' || path[plen - 1] == '.' || strstr(path, "..")) {
        sc_errf(e, "--set \"%s\": expected a dotted path like rcu.fanout_leaf or workload.0.busy_frac", item);
        goto out;
    }
    char *save = NULL, *seg = strtok_r(path, ".", &save);
    for (;;) {
        char *next = strtok_r(NULL, ".", &save);
        if (!cJSON_IsObject(cur) && !cJSON_IsArray(cur)) {
            char g[200];
            sc_describe(cur, g, sizeof g);
            sc_errf(e, "--set \"%s\": %s holds %s, which has no \"%s\" inside", item, p.s, g, seg);
            goto out;
        }
        if (!next) {
            rc = place(cur, seg, val, item, e, &p);
            val = NULL;
            goto out;
        }
        cJSON *ch = child(cur, seg);
        if (!ch) {
            ch = new_container(next);
            if (place(cur, seg, ch, item, e, &p) < 0) goto out;
        }
        if (cJSON_IsArray(cur)) sc_path_index(&p, (int)strtol(seg, NULL, 10));
        else sc_path_key(&p, seg);
        cur = ch;
        seg = next;
    }
out:
    cJSON_Delete(val);
    free(path);
    return rc;
}

int sc_apply_overrides(cJSON *root, const rv_overrides *ov, sc_errs *errs)
{
    int bad = 0;
    if (!ov) return 0;
    for (size_t i = 0; i < ov->n; i++) {
        if (!ov->items[i]) continue;
        if (!cJSON_IsObject(root)) { sc_errf(errs, "--set: the scenario is not a JSON object"); return 1; }
        if (apply_one(root, ov->items[i], errs) < 0) bad++;
    }
    return bad;
}

int rv_scenario_override_tree(cJSON *root, const rv_overrides *ov, char *err, size_t errlen)
{
    sc_errs e;
    sc_errs_init(&e, "scenario", err, errlen);
    if (errlen) err[0] = 0;
    int bad = sc_apply_overrides(root, ov, &e);
    sc_errs_finish(&e);
    return bad ? -1 : 0;
}
