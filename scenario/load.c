/* load.c — rv_scenario_load/parse/load_with: read, syntax-check, override, walk, validate. */
#include "priv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A scenario is a few kilobytes; anything this big is a wrong file, not a scenario. */
#define MAX_FILE (64u << 20)

/* duration_s as the file gives it, or 0 when it gives none that the walk would accept (the walk
 * reports that; nothing is then compared with it). */
static double file_duration(const cJSON *root)
{
    const cJSON *d = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "duration_s") : NULL;
    if (!cJSON_IsNumber(d) || !isfinite(d->valuedouble) || !(d->valuedouble >= SC_DURATION_MIN) || d->valuedouble > SC_DURATION_MAX) return 0;
    return d->valuedouble;
}

/*
 * rv_config_validate()'s checks span keys, so its messages start with the key they blame in the
 * engine's own spelling ("rcu.fanout: ...", "workload[2].busy_frac: ..."): that key's place in the
 * file, when the file has it, goes before the message as every other problem's does. False, and
 * nothing reported, when the message names no key the file holds.
 */
static bool report_at_key(sc_ctx *c, const cJSON *root, const char *msg)
{
    size_t klen = strcspn(msg, ": ");
    if (klen == 0 || klen >= 200 || strncmp(msg + klen, ": ", 2)) return false;
    char key[200];
    memcpy(key, msg, klen);
    key[klen] = 0;
    const cJSON *node = root;
    size_t old = c->path.len;
    char *save = NULL;
    for (char *part = strtok_r(key, ".", &save); part && node; part = strtok_r(NULL, ".", &save)) {
        char *br = strchr(part, '[');
        if (br) *br = 0;
        node = cJSON_GetObjectItemCaseSensitive(node, part);
        sc_path_key(&c->path, part);
        for (char *b = br; b && node; b = strchr(b + 1, '[')) {
            int i = atoi(b + 1);
            node = cJSON_IsArray(node) ? cJSON_GetArrayItem(node, i) : NULL;
            sc_path_index(&c->path, i);
        }
    }
    if (node) sc_bad_node(c, node, NULL, "%s", msg + klen + 2);
    sc_path_pop(&c->path, old);
    return node != NULL;
}

/*
 * The order matters for the messages: a syntax error stops everything (nothing after it can be
 * trusted), then overrides are applied to the tree, then the whole tree is walked and every
 * problem collected, and only a tree without problems reaches rv_config_validate (whose checks
 * span several fields and would otherwise repeat what the walk already said).
 */
static int load_text(const char *text, size_t len, const char *name, const char *path, const rv_overrides *ov,
                     const char *const *labels, rv_config *cfg, char *err, size_t errlen)
{
    sc_errs e;
    sc_errs_init(&e, name, err, errlen);
    rv_config_defaults(cfg);
    size_t skip = 0;
    sc_numlits lits = {0};
    sc_origins origins = {0};
    if (sc_syntax_check(text, len, &e, &skip, &lits) < 0) goto fail;
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text + skip, len - skip, &end, 0);
    if (!root) { /* the checker accepted it, so this is cJSON's own limit (or memory) */
        int l = 1, c = 1;
        if (end && end >= text + skip && end <= text + len) sc_line_col(text + skip, (size_t)(end - text - skip), &l, &c);
        char line[700];
        snprintf(line, sizeof line, "%s:%d:%d: syntax error: cJSON cannot parse this (too deep or out of memory)", e.file, l, c);
        sc_err_line(&e, line);
        goto fail;
    }
    sc_numlits_attach(root, text + skip, &lits);
    /* the file's own duration, before a --set shortens it: what the file's timed parts answer to */
    double file_end = file_duration(root);
    sc_apply_overrides(root, ov, labels, &e, &origins);
    sc_ctx c = {.errs = &e, .cfg = cfg, .ncpus = RV_MAX_CPUS, .file_end_s = file_end, .origins = &origins,
                .text = text + skip, .text_len = len - skip, .root = root};
    sc_path_root(&c.path);
    sc_build_config(&c, root);
    if (e.count == 0) {
        char msg[600];
        /* these checks span several keys: name the overrides, as the file alone may be fine */
        if (rv_config_validate(cfg, msg, sizeof msg) < 0) {
            if (origins.n == 0) { if (!report_at_key(&c, root, msg)) sc_errf(&e, "%s", msg); }
            else {
                char with[700] = "", lab[200];
                size_t o = 0;
                for (size_t i = 0; i < ov->n && o + 4 < sizeof with; i++) {
                    if (!ov->items[i]) continue;
                    sc_override_label(ov, labels, i, lab, sizeof lab);
                    o += (size_t)snprintf(with + o, sizeof with - o, "%s%s", o ? ", " : "", lab);
                }
                sc_errf(&e, "%s (with %s)", msg, with);
            }
        }
        /* the file's own cues against the file as written: a --set is one run's choice (a sweep of
         * jiffies_till_first_fqs over hackbench runs 3.7 alone), not the lecture's */
        if (e.count == 0 && origins.n == 0) sc_check_cue_modes(&c, root);
    }
    cJSON_Delete(root);
    if (e.count) goto fail;
    sc_numlits_free(&lits);
    sc_origins_free(&origins);
    snprintf(cfg->path, sizeof cfg->path, "%s", path ? path : "");
    cfg->file_duration_s = file_end; /* `run` tells a run cut short from one that reached the file's end */
    return 0;
fail:
    sc_numlits_free(&lits);
    sc_origins_free(&origins);
    sc_errs_finish(&e);
    rv_config_free(cfg);
    rv_config_defaults(cfg); /* leave a usable, array-free config behind */
    return -1;
}

/* Whole file into memory; on failure a "FILE: cannot read: <why>" message. */
static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno)); return NULL; }
    size_t cap = 8192, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0) break;
        if (n + 1 == cap) {
            if (cap >= MAX_FILE) { free(buf); buf = NULL; errno = EFBIG; break; }
            char *nb = realloc(buf, cap * 2);
            if (!nb) { free(buf); buf = NULL; errno = ENOMEM; break; }
            buf = nb;
            cap *= 2;
        }
    }
    if (buf && ferror(f)) { int er = errno; free(buf); buf = NULL; errno = er ? er : EIO; }
    int er = errno;
    fclose(f);
    if (!buf) {
        snprintf(err, errlen, "%s: cannot read: %s", path, er == EFBIG ? "larger than 64 MiB, not a scenario" : strerror(er));
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

int rv_scenario_load_with(const char *path, const rv_overrides *ov, rv_config *cfg, char *err, size_t errlen)
{
    return rv_scenario_load_labeled(path, ov, NULL, cfg, err, errlen);
}

int rv_scenario_load_labeled(const char *path, const rv_overrides *ov, const char *const *labels, rv_config *cfg,
                             char *err, size_t errlen)
{
    char dummy[1];
    if (!err || errlen == 0) { err = dummy; errlen = sizeof dummy; }
    size_t len = 0;
    char *text = read_file(path, &len, err, errlen);
    if (!text) { rv_config_defaults(cfg); return -1; }
    int rc = load_text(text, len, path, path, ov, labels, cfg, err, errlen);
    free(text);
    return rc;
}

int rv_scenario_load(const char *path, rv_config *cfg, char *err, size_t errlen)
{
    return rv_scenario_load_with(path, NULL, cfg, err, errlen);
}

int rv_scenario_parse(const char *text, const char *name, rv_config *cfg, char *err, size_t errlen)
{
    char dummy[1];
    if (!err || errlen == 0) { err = dummy; errlen = sizeof dummy; }
    return load_text(text ? text : "", text ? strlen(text) : 0, name, NULL, NULL, NULL, cfg, err, errlen);
}
