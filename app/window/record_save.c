/* record_save.c — Ctrl+S: the recorded session as a scenario file (the author's file, the window's overrides, injections, captions, cue stops), written atomically beside nothing of anyone else's. */
#include "window/record.h"

#include "scenario.h"
#include "view/timetravel.h"
#include "window/window.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ui_rec_user_dir(char *buf, size_t n)
{
    const char *x = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    if (x && x[0] == '/') snprintf(buf, n, "%s/rcuvis/scenarios", x);
    else if (home && home[0]) snprintf(buf, n, "%s/.local/share/rcuvis/scenarios", home);
    else buf[0] = 0;
}

static int mkdirs(const char *path)
{
    char p[1024];
    snprintf(p, sizeof p, "%s", path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        if (mkdir(p, 0755) != 0 && errno != EEXIST) return -1;
        *s = '/';
    }
    return mkdir(p, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static char *read_text(const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot read %s: %s", path, strerror(errno)); return NULL; }
    size_t cap = 65536, n = 0;
    char *s = malloc(cap);
    while (s) {
        if (n + 1 >= cap) {
            if (cap >= (64u << 20)) { free(s); s = NULL; break; }
            char *g = realloc(s, cap *= 2);
            if (!g) { free(s); s = NULL; break; }
            s = g;
        }
        size_t got = fread(s + n, 1, cap - n - 1, f);
        if (got == 0) break;
        n += got;
    }
    fclose(f);
    if (!s) { snprintf(err, errlen, "%s is too large or out of memory", path); return NULL; }
    s[n] = 0;
    return s;
}

/* Write text to path atomically: a unique temp file beside the target, checked writes, rename.
 * A symlink is followed so the link stays and its target gets the new content. */
static int write_atomic(const char *path, const char *text, char *err, size_t errlen)
{
    char real[PATH_MAX];
    const char *target = realpath(path, real) ? real : path;
    char tmp[PATH_MAX + 16];
    snprintf(tmp, sizeof tmp, "%s.XXXXXX", target);
    int fd = mkstemp(tmp);
    if (fd < 0) { snprintf(err, errlen, "cannot create a file beside %s: %s", target, strerror(errno)); return -1; }
    FILE *f = fdopen(fd, "wb");
    if (!f) { close(fd); unlink(tmp); snprintf(err, errlen, "%s", strerror(errno)); return -1; }
    bool ok = fputs(text, f) >= 0 && fputc('\n', f) != EOF && fflush(f) == 0 && fsync(fileno(f)) == 0;
    ok &= fclose(f) == 0;
    if (ok) (void)chmod(tmp, 0644);
    if (!ok || rename(tmp, target) != 0) {
        snprintf(err, errlen, "cannot write %s: %s", target, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

static const char *flavor_or_null(const rv_inject *e)
{
    bool uses = e->kind == RV_INJ_LONG_READER || e->kind == RV_INJ_CALL_RCU_BURST || e->kind == RV_INJ_SYNCHRONIZE ||
                e->kind == RV_INJ_FORCE_QS || e->kind == RV_INJ_PREEMPT_READER;
    return uses ? rv_flavor_name(e->kind == RV_INJ_PREEMPT_READER ? RV_PREEMPT : e->flavor) : NULL;
}

static cJSON *array_of(cJSON *root, const char *key)
{
    cJSON *a = cJSON_GetObjectItemCaseSensitive(root, key);
    if (cJSON_IsArray(a)) return a;
    if (a) cJSON_DeleteItemFromObjectCaseSensitive(root, key);
    return cJSON_AddArrayToObject(root, key);
}

static void set_item(cJSON *obj, const char *key, cJSON *v)
{
    if (cJSON_GetObjectItemCaseSensitive(obj, key)) cJSON_ReplaceItemInObjectCaseSensitive(obj, key, v);
    else cJSON_AddItemToObject(obj, key, v);
}

static cJSON *trigger_json(const rv_trigger *on)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "event", rv_trig_event_name(on->event));
    if (on->flavor >= 0) cJSON_AddStringToObject(o, "flavor", rv_flavor_name(on->flavor));
    if (on->cpu >= 0) cJSON_AddNumberToObject(o, "cpu", on->cpu);
    cJSON_AddNumberToObject(o, "n", (double)on->n);
    return o;
}

static cJSON *event_json(const rv_inject *e, const rv_trigger *trig, const char *comment, long shift)
{
    cJSON *o = cJSON_CreateObject();
    if (trig) {
        cJSON_AddItemToObject(o, "on", trigger_json(trig));
        cJSON_AddNumberToObject(o, "delay_s", trig->delay_s);
    } else {
        cJSON_AddNumberToObject(o, "at_s", e->at_s);
        cJSON_AddBoolToObject(o, "first", true);
        if (e->has_step) cJSON_AddNumberToObject(o, "at_step", (double)(e->at_step + (uint64_t)shift));
    }
    cJSON_AddStringToObject(o, "kind", rv_inject_kind_name(e->kind));
    cJSON_AddNumberToObject(o, "cpu", e->cpu);
    const char *fl = flavor_or_null(e);
    if (fl) cJSON_AddStringToObject(o, "flavor", fl);
    if (e->duration_s != 0) cJSON_AddNumberToObject(o, "duration_s", e->duration_s);
    if (e->count != 1) cJSON_AddNumberToObject(o, "count", (double)e->count);
    if (comment && comment[0]) cJSON_AddStringToObject(o, "comment", comment);
    return o;
}

static cJSON *cue_json(const rv_cue *q)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "at_s", q->at_s);
    if (q->title[0]) cJSON_AddStringToObject(o, "title", q->title);
    if (q->flavor >= 0) cJSON_AddStringToObject(o, "flavor", rv_flavor_name(q->flavor));
    if (q->select_cpu >= 0) cJSON_AddNumberToObject(o, "select_cpu", q->select_cpu);
    else if (q->select_cpu == -1) cJSON_AddNullToObject(o, "select_cpu");
    if (q->compare >= 0) cJSON_AddBoolToObject(o, "compare", q->compare == 1);
    if (q->timeline_s > 0) cJSON_AddNumberToObject(o, "timeline_s", q->timeline_s);
    if (q->caption[0]) cJSON_AddStringToObject(o, "caption", q->caption);
    if (q->ninvites) {
        cJSON *inv = cJSON_AddArrayToObject(o, "invites");
        for (int i = 0; i < q->ninvites; i++) cJSON_AddItemToArray(inv, cJSON_CreateString(q->invites[i]));
    }
    return o;
}

/* The saved copy lives in the user's folder, not beside its source: a relative "$schema" (the shipped
 * files' "schema.json") would point at nothing there, so it names the source's schema by its whole
 * path when that file exists. */
static void anchor_schema(cJSON *root, const char *source)
{
    cJSON *sch = cJSON_GetObjectItemCaseSensitive(root, "$schema");
    if (!cJSON_IsString(sch) || sch->valuestring[0] == '/' || strstr(sch->valuestring, "://")) return;
    char rel[1500], abs[PATH_MAX];
    const char *slash = strrchr(source, '/');
    if (slash) snprintf(rel, sizeof rel, "%.*s/%s", (int)(slash - source), source, sch->valuestring);
    else snprintf(rel, sizeof rel, "%s", sch->valuestring);
    if (realpath(rel, abs)) cJSON_SetValuestring(sch, abs);
}

/* item into arr before its at-th item. Not cJSON_InsertItemInArray(): Debian 12's cJSON 1.7.15 refuses
 * an insert before the last item of a parsed array (it returns false, and the cue was lost). The items
 * from at on are taken off the end and put back after it. */
static void insert_at(cJSON *arr, int at, cJSON *item)
{
    int n = cJSON_GetArraySize(arr);
    cJSON **tail = n > at ? malloc((size_t)(n - at) * sizeof *tail) : NULL;
    if (!tail) { cJSON_AddItemToArray(arr, item); return; } /* at the end, or out of memory: kept, if out of order */
    int k = 0;
    for (int i = n - 1; i >= at; i--) tail[k++] = cJSON_DetachItemFromArray(arr, i);
    cJSON_AddItemToArray(arr, item);
    while (k > 0) cJSON_AddItemToArray(arr, tail[--k]);
    free(tail);
}

/* The picker lists scenarios by name: the copy is told from its source by " (recorded)". */
static void mark_name(cJSON *root)
{
    cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    if (!cJSON_IsString(name)) return;
    size_t n = strlen(name->valuestring);
    static const char tag[] = " (recorded)";
    if (n >= sizeof tag - 1 && !strcmp(name->valuestring + n - (sizeof tag - 1), tag)) return;
    /* the loader takes names of at most 127 bytes: a long name is cut, on a character's start */
    size_t keep = n, room = 127 - (sizeof tag - 1);
    if (keep > room) {
        keep = room;
        while (keep > 0 && ((unsigned char)name->valuestring[keep] & 0xC0) == 0x80) keep--;
    }
    char buf[300];
    snprintf(buf, sizeof buf, "%.*s%s", (int)keep, name->valuestring, tag);
    cJSON_SetValuestring(name, buf);
}

char *ui_rec_json(ui_win *w, const rv_trigger *trig, const bool *use_trig, char (*comment)[256], const long *step_shift,
                  char *err, size_t errlen)
{
    ui_recorder *r = &w->rec;
    ui_app *a = &w->app;
    char *text = read_text(r->source, err, errlen);
    if (!text) return NULL;
    const char *body = strncmp(text, "\xEF\xBB\xBF", 3) == 0 ? text + 3 : text;
    cJSON *root = cJSON_Parse(body);
    free(text);
    if (!cJSON_IsObject(root)) { cJSON_Delete(root); snprintf(err, errlen, "%s no longer parses; fix it first", r->source); return NULL; }
    /* the window's overrides (--set, M X Z U) go into the file as values, so it loads as the session did */
    const cJSON *dur0 = cJSON_GetObjectItemCaseSensitive(root, "duration_s");
    double own_duration = cJSON_IsNumber(dur0) ? dur0->valuedouble : 0;
    const char *items[16];
    for (int i = 0; i < a->noverrides; i++) items[i] = a->overrides[i];
    rv_overrides ov = {items, (size_t)a->noverrides};
    if (rv_scenario_override_tree(root, &ov, err, errlen) != 0) { cJSON_Delete(root); return NULL; }
    /* except a shorter run: a --set duration_s is a way of watching, and the file's own events, captions
     * and cues after the shorter end would make the saved file one the loader refuses (times a run never
     * reaches). The saved file keeps its own length; the session's part of it loads as it ran. */
    cJSON *dur = cJSON_GetObjectItemCaseSensitive(root, "duration_s");
    if (own_duration > 0 && cJSON_IsNumber(dur) && dur->valuedouble < own_duration) cJSON_SetNumberValue(dur, own_duration);
    const rv_config *sc = rv_engine_config(tt_engine(a->s[0].tt));
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)sc->seed);
    set_item(root, "seed", sc->seed <= 9007199254740991ull ? cJSON_CreateNumber((double)sc->seed) : cJSON_CreateString(seed));
    if (!a->st.compare && a->mode_forced) { /* --mode or M: the single view's mode */
        cJSON *rcu = cJSON_GetObjectItemCaseSensitive(root, "rcu");
        if (!cJSON_IsObject(rcu)) { cJSON_DeleteItemFromObjectCaseSensitive(root, "rcu"); rcu = cJSON_AddObjectToObject(root, "rcu"); }
        set_item(rcu, "mode", cJSON_CreateString(rv_mode_name(sc->rcu.mode)));
    }
    if (r->nev) {
        cJSON *evs = array_of(root, "events");
        for (size_t i = 0; i < r->nev; i++) {
            /* already in the trigger form: it followed its moment in the re-simulated session */
            const rv_trigger *t = use_trig && use_trig[i] ? &trig[i] : r->ev[i].on.event != RV_TRIG_TIME ? &r->ev[i].on : NULL;
            cJSON_AddItemToArray(evs, event_json(&r->ev[i], t, comment ? comment[i] : NULL, step_shift ? step_shift[i] : 0));
        }
    }
    if (r->ncap) {
        cJSON *caps = array_of(root, "captions");
        for (size_t i = 0; i < r->ncap; i++) {
            cJSON *o = cJSON_CreateObject();
            cJSON_AddNumberToObject(o, "at_s", r->cap[i].at_s);
            cJSON_AddStringToObject(o, "text", r->cap[i].text);
            if (r->cap[i].when.has_mode) {
                cJSON *wh = cJSON_AddObjectToObject(o, "when");
                cJSON_AddStringToObject(wh, "mode", rv_mode_name(r->cap[i].when.mode));
            }
            cJSON_AddItemToArray(caps, o);
        }
    }
    if (r->ncue) {
        cJSON *cues = array_of(root, "cues");
        for (size_t i = 0; i < r->ncue; i++) {
            /* at its place in time, as the window shows it (ui_rec_cue_slot()) */
            int at = cJSON_GetArraySize(cues);
            while (at > 0) {
                const cJSON *t = cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cues, at - 1), "at_s");
                if (!cJSON_IsNumber(t) || t->valuedouble <= r->cue[i].at_s) break;
                at--;
            }
            insert_at(cues, at, cue_json(&r->cue[i]));
        }
    }
    anchor_schema(root, r->source);
    mark_name(root);
    char *out = cJSON_Print(root);
    cJSON_Delete(root);
    if (!out) snprintf(err, errlen, "out of memory");
    return out;
}

static bool exists(const char *p)
{
    struct stat sb;
    return lstat(p, &sb) == 0;
}

/* Where to save: the file saved before in this recording, else <stem>-recorded[-N].json in the
 * user's directory; never a shipped scenario, never someone else's file. */
static int target_path(ui_win *w, char *path, size_t n, char *err, size_t errlen)
{
    static char saved_for[1024], saved[1200];
    if (saved[0] && !strcmp(saved_for, w->rec.source)) { snprintf(path, n, "%s", saved); return 0; }
    char dir[1024];
    ui_rec_user_dir(dir, sizeof dir);
    if (!dir[0]) { snprintf(err, errlen, "neither XDG_DATA_HOME nor HOME is set: nowhere to save"); return -1; }
    if (mkdirs(dir) != 0) { snprintf(err, errlen, "cannot create %s: %s", dir, strerror(errno)); return -1; }
    const char *base = strrchr(w->rec.source, '/');
    base = base ? base + 1 : w->rec.source;
    char stem[200];
    snprintf(stem, sizeof stem, "%.199s", base);
    char *dot = strstr(stem, ".json");
    if (dot) *dot = 0;
    for (int k = 1; k < 1000; k++) {
        if (k == 1) snprintf(path, n, "%s/%s-recorded.json", dir, stem);
        else snprintf(path, n, "%s/%s-recorded-%d.json", dir, stem, k);
        if (!exists(path)) {
            snprintf(saved_for, sizeof saved_for, "%s", w->rec.source);
            snprintf(saved, sizeof saved, "%s", path);
            return 0;
        }
    }
    snprintf(err, errlen, "too many recorded copies of %s in %s", stem, dir);
    return -1;
}

/* For tests (RCUVIS_RECORD_TRACE=FILE): the session's event log in the --trace format. */
static int dump_trace(ui_win *w, const char *file, char *err, size_t errlen)
{
    const rv_engine *e = tt_engine(w->app.s[0].tt);
    FILE *f = fopen(file, "w");
    if (!f) { snprintf(err, errlen, "cannot write %s: %s", file, strerror(errno)); return -1; }
    char line[1024];
    uint64_t n = rv_event_count(e);
    bool whole = true;
    for (uint64_t s = 0; s < n; s++) {
        const rv_event *ev = rv_event_get(e, s);
        if (!ev) { whole = false; continue; }
        rv_event_to_json(ev, line, sizeof line);
        fprintf(f, "%s\n", line);
    }
    if (fclose(f) != 0 || !whole) { snprintf(err, errlen, "the session trace in %s is incomplete", file); return -1; }
    return 0;
}

int ui_rec_save(ui_win *w, char *path, size_t pathlen, char *note, size_t notelen, char *err, size_t errlen)
{
    ui_recorder *r = &w->rec;
    note[0] = 0;
    if (!r->source[0] || !w->app.nsessions || !r->have_orig) {
        snprintf(err, errlen, "the built-in demo has no scenario file to record into: open one (Ctrl+O) first");
        return -1;
    }
    size_t n = r->nev ? r->nev : 1;
    rv_trigger *trig = calloc(n, sizeof *trig);
    bool *use = calloc(n, sizeof *use);
    char (*comment)[256] = calloc(n, sizeof *comment);
    long *shift = calloc(n, sizeof *shift);
    char *json = NULL;
    int rc = -1, conv = 0, fb = 0;
    if (!trig || !use || !comment || !shift) snprintf(err, errlen, "out of memory");
    else if (ui_rec_triggerize(w, trig, use, comment, shift, &conv, &fb, err, errlen) == 0)
        json = ui_rec_json(w, trig, use, comment, shift, err, errlen);
    if (json) rc = target_path(w, path, pathlen, err, errlen);
    if (json && rc == 0) rc = write_atomic(path, json, err, errlen);
    if (conv || fb) snprintf(note, notelen, " (%d after the moment they followed%s%d at their time: see their comment)", conv, fb ? ", " : "", fb);
    if (fb && !conv) snprintf(note, notelen, " (%d at their time, not after the moment they followed: see their comment)", fb);
    if (conv && !fb) snprintf(note, notelen, " (%d saved after the moment they followed)", conv);
    free(json); free(trig); free(use); free(comment); free(shift);
    const char *tr = getenv("RCUVIS_RECORD_TRACE");
    if (rc == 0 && tr && tr[0]) rc = dump_trace(w, tr, err, errlen);
    return rc;
}
