/* cues.c — a scenario's "cues": lecture stops (time, flavor, selection, compare, caption) for PgDn and clickers. */
#include "priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const cue_keys[] = {"at_s", "title", "flavor", "select_cpu", "compare", "caption", "invites", "timeline_s"};

/* What a cue may invite: the configuration the window's own keys change (M, X, Z, Shift+Z, U and Shift+U), named
 * as the top bar's "changed:" badge names them. */
static const char *const cue_invitable[] = {"mode", "rcu.needs_gp_fix", "rcu.no_hz", "rcu.fast_no_hz", "cpus"};

/* "invites": ["rcu.needs_gp_fix"]: each a distinct name from cue_invitable */
static void build_invites(sc_ctx *c, const cJSON *it, rv_cue *q)
{
    const cJSON *arr = sc_get(c, it, "invites", false);
    if (!arr || !sc_is_array(c, arr, "invites")) return;
    size_t old = sc_path_key(&c->path, "invites");
    int i = 0;
    for (const cJSON *v = arr->child; v; v = v->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        size_t k = 0;
        while (k < N(cue_invitable) && !(cJSON_IsString(v) && !strcmp(v->valuestring, cue_invitable[k]))) k++;
        bool dup = false;
        for (int j = 0; k < N(cue_invitable) && j < q->ninvites; j++) dup |= !strcmp(q->invites[j], cue_invitable[k]);
        if (k == N(cue_invitable) || dup) {
            char g[200];
            sc_describe(v, g, sizeof g);
            sc_bad_node(c, v, NULL, dup ? "expected each change once, got %s twice"
                                : "expected a change the window's keys make: \"mode\" (M), \"rcu.needs_gp_fix\" (X), "
                                  "\"rcu.no_hz\" (Z), \"rcu.fast_no_hz\" (Shift+Z) or \"cpus\" (U, Shift+U), got %s", g);
        } else {
            snprintf(q->invites[q->ninvites++], sizeof q->invites[0], "%s", cue_invitable[k]);
        }
        sc_path_pop(&c->path, o2);
    }
    sc_path_pop(&c->path, old);
}

/* the title is one line of the top bar and the status line; the caption is wrapped to the strip */
static const sc_shown cue_title = {"a title", "it is one line of the top bar: write a space instead", false};
static const sc_shown cue_caption = {"a caption", "the strip wraps a caption to its width: write a space instead", false};

static void build_cue(sc_ctx *c, const cJSON *it, rv_cue *q)
{
    q->flavor = -1;
    q->select_cpu = -2;
    q->compare = -1;
    sc_check_keys(c, it, cue_keys, N(cue_keys));
    /* within the scenario, its end included (a last stop on the final picture); c->end_s is the
     * file's own end or a longer one from --set, so a --set that shortens the run does not refuse
     * the file (the window and `shot` then go to the run's end) */
    if (sc_get(c, it, "at_s", true) && sc_num(c, it, "at_s", 0, 604800, &q->at_s) && c->end_s > 0 && q->at_s > c->end_s) {
        char end[40], g[40];
        sc_fmt_num(c->end_s, end, sizeof end);
        sc_fmt_num(q->at_s, g, sizeof g);
        sc_bad(c, "at_s", "expected a time within the scenario's %s s (duration_s), got %s", end, g);
    }
    /* an empty title left the top bar's "Cue 2: " with nothing after it */
    if (sc_get(c, it, "title", false) && sc_text(c, it, "title", q->title, sizeof q->title, &cue_title) && !q->title[0])
        sc_bad(c, "title", "expected a non-empty string (the top bar names the cue by it), got \"\"");
    if (sc_get(c, it, "caption", false)) sc_text(c, it, "caption", q->caption, sizeof q->caption, &cue_caption);
    build_invites(c, it, q);
    if (sc_get(c, it, "flavor", false)) {
        int f = -1;
        if (sc_flavor(c, it, "flavor", &f)) {
            q->flavor = f;
            /* the window would keep showing the flavor before, in silence (and so would shot) */
            if (!c->cfg->rcu.flavors[f]) {
                char on[80];
                sc_enabled_flavors(c, on, sizeof on);
                const char *prev = sc_dep_begin(c, "$.rcu.flavors");
                sc_bad(c, "flavor", "%s is not enabled (see rcu.flavors); add it to rcu.flavors or show an enabled flavor (%s)",
                       rv_flavor_name(f), on);
                sc_dep_end(c, prev);
            }
        }
    }
    const cJSON *sel = sc_get(c, it, "select_cpu", false);
    if (sel) {
        if (cJSON_IsNull(sel)) q->select_cpu = -1; /* null clears the selection */
        else if (cJSON_IsNumber(sel) && sel->valuedouble >= 0 && sel->valuedouble < c->ncpus && sel->valuedouble == (int)sel->valuedouble)
            q->select_cpu = (int)sel->valuedouble;
        else {
            /* c->ncpus, not cfg->cpus: when "cpus" itself was wrong, cfg->cpus is the engine's default */
            char g[200];
            sc_describe(sel, g, sizeof g);
            const char *prev = sc_dep_begin(c, "$.cpus");
            sc_bad(c, "select_cpu", "expected a CPU 0..%d, or null to clear the selection, got %s", c->ncpus - 1, g);
            sc_dep_end(c, prev);
        }
    }
    if (sc_get(c, it, "compare", false)) {
        bool on = false;
        if (sc_bool(c, it, "compare", &on)) q->compare = on;
    }
    /* a 45 s stalled grace period was a sliver of the default 250 ms timeline, and no cue could widen it */
    sc_num(c, it, "timeline_s", 0.001, 604800, &q->timeline_s);
}

void sc_build_cues(sc_ctx *c, const cJSON *arr)
{
    size_t n = (size_t)cJSON_GetArraySize(arr);
    if (n == 0) return;
    rv_cue *cues = calloc(n, sizeof *cues);
    if (!cues) { sc_bad(c, "cues", "out of memory"); return; }
    size_t old = sc_path_key(&c->path, "cues");
    int i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        if (sc_is_object(c, it, NULL)) build_cue(c, it, &cues[i]);
        sc_path_pop(&c->path, o2);
    }
    sc_path_pop(&c->path, old);
    /* kept in file order: the order the lecture visits them (it may return to a moment, e.g. to compare) */
    c->cfg->cues = cues;
    c->cfg->ncues = n;
}

/* The cue's place in the file, "$.cues[i].<key>", for a message about it. */
static void cue_bad(sc_ctx *c, const cJSON *cue, size_t i, const char *key, const char *msg)
{
    size_t old = sc_path_key(&c->path, "cues"), o2 = sc_path_index(&c->path, (int)i);
    const cJSON *node = cJSON_GetObjectItemCaseSensitive(cue, key);
    sc_bad_node(c, node ? node : cue, node ? key : NULL, "%s", msg);
    sc_path_pop(&c->path, o2);
    sc_path_pop(&c->path, old);
}

/*
 * A compare cue runs the file under both kernels, and a cue that invites "mode" asks for M: the
 * other mode must accept the file as well. The loader validated only the file's own mode, so a
 * 3.7 file with jiffies_till_first_fqs (which 3.6 refuses) passed `check` and then stopped the
 * lecture at that cue, with an engine message that named neither the file nor the cue. Only the
 * first such cue is reported: the cause is the configuration, the same for all of them.
 */
void sc_check_cue_modes(sc_ctx *c, const cJSON *root)
{
    const rv_config *cfg = c->cfg;
    const cJSON *arr = cJSON_GetObjectItemCaseSensitive(root, "cues");
    if (!cJSON_IsArray(arr) || cfg->ncues == 0) return;
    rv_config other = *cfg; /* a shallow copy: rv_config_validate only reads it */
    other.rcu.mode = cfg->rcu.mode == RV_MODE_KTHREAD ? RV_MODE_SOFTIRQ : RV_MODE_KTHREAD;
    char why[600];
    if (rv_config_validate(&other, why, sizeof why) == 0) return;
    const char *name = other.rcu.mode == RV_MODE_SOFTIRQ ? "3.6 (mode softirq)" : "3.7 (mode kthread)";
    size_t i = 0, more = 0, first = cfg->ncues;
    const char *key = NULL;
    for (const cJSON *it = arr->child; it && i < cfg->ncues; it = it->next, i++) {
        const rv_cue *q = &cfg->cues[i];
        bool invites = rv_cue_invites(q, "mode");
        if (q->compare != 1 && !invites) continue;
        if (first < cfg->ncues) { more++; continue; }
        first = i;
        key = q->compare == 1 ? "compare" : "invites";
    }
    if (first == cfg->ncues) return;
    char msg[1100], also[64] = "";
    if (more) snprintf(also, sizeof also, " (and %zu later cue%s like it)", more, more == 1 ? "" : "s");
    snprintf(msg, sizeof msg, "this cue%s %s, but %s refuses this file: %s", also,
             !strcmp(key, "compare") ? "compares 3.6 with 3.7" : "invites M (the other kernel)", name, why);
    i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++)
        if (i == first) { cue_bad(c, it, i, key, msg); break; }
}
