/* record.c — the window's recorder: injections, toggles and typed captions kept against simulated time, saved (Ctrl+S) as a scenario that replays the session byte for byte. */
#include "window/record.h"

#include "panels/caption_editor.h"
#include "view/timetravel.h"
#include "window/window.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void ui_rec_free(ui_recorder *r)
{
    if (r->have_orig) rv_config_free(&r->orig);
    free(r->ev);
    free(r->cap);
    memset(r, 0, sizeof *r);
}

/* A new scenario in the window starts a new recording. */
static void follow_source(ui_win *w)
{
    ui_recorder *r = &w->rec;
    if (!strcmp(r->source, w->app.source) && r->source_mtime_ns == w->src_mtime_ns && (r->have_orig || !w->app.have_base))
        return;
    bool reloaded = r->source[0] && !strcmp(r->source, w->app.source) && (r->nev || r->ncap || r->has_mode || r->has_fix);
    ui_rec_free(r);
    if (reloaded) ui_win_status(w, w->last_frame_ms, "The scenario changed on disk: what was recorded before the reload is dropped");
    snprintf(r->source, sizeof r->source, "%s", w->app.source);
    r->source_mtime_ns = w->src_mtime_ns;
    if (w->app.have_base && rv_config_copy(&r->orig, &w->app.base) == 0) r->have_orig = true;
}

/* The double that the loader turns back into exactly t nanoseconds ((int64_t)(s * 1e9)). */
static double exact_s(int64_t t)
{
    double s = (double)t / 1e9;
    for (int i = 0; i < 8 && (int64_t)(s * 1e9) < t; i++) s = nextafter(s, INFINITY);
    for (int i = 0; i < 8 && (int64_t)(s * 1e9) > t; i++) s = nextafter(s, -INFINITY);
    return s;
}

/* The loader's orders: events by time (file order on ties), captions timed by time then triggered. */
static void sort_events(rv_inject *v, size_t n)
{
    for (size_t k = 1; k < n; k++) {
        rv_inject t = v[k];
        size_t j = k;
        while (j > 0 && v[j - 1].at_s > t.at_s) { v[j] = v[j - 1]; j--; }
        v[j] = t;
    }
}

static int cap_key(const rv_caption *c, const rv_caption *d)
{
    bool tc = c->on.event != RV_TRIG_TIME, td = d->on.event != RV_TRIG_TIME;
    if (tc || td) return (int)tc - (int)td;
    return (c->at_s > d->at_s) - (c->at_s < d->at_s);
}

static void sort_captions(rv_caption *v, size_t n)
{
    for (size_t k = 1; k < n; k++) {
        rv_caption t = v[k];
        size_t j = k;
        while (j > 0 && cap_key(&v[j - 1], &t) > 0) { v[j] = v[j - 1]; j--; }
        v[j] = t;
    }
}

/* Re-simulate the session from the recorded scenario, at the same time: what the saved file gives. */
static int apply_working(ui_win *w, char *err, size_t errlen)
{
    ui_recorder *r = &w->rec;
    if (!r->have_orig) { snprintf(err, errlen, "no scenario to record into"); return -1; }
    rv_config cfg;
    if (rv_config_copy(&cfg, &r->orig) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
    if (r->has_mode) cfg.rcu.mode = r->mode;
    if (r->has_fix) cfg.rcu.needs_gp_fix = r->needs_gp_fix;
    rv_inject *ev = realloc(cfg.events, (cfg.nevents + r->nev + 1) * sizeof *ev);
    rv_caption *cp = realloc(cfg.captions, (cfg.ncaptions + r->ncap + 1) * sizeof *cp);
    if (ev) cfg.events = ev;
    if (cp) cfg.captions = cp;
    if (!ev || !cp) { rv_config_free(&cfg); snprintf(err, errlen, "out of memory"); return -1; }
    if (r->nev) memcpy(ev + cfg.nevents, r->ev, r->nev * sizeof *ev); /* r->ev is NULL until the first */
    cfg.nevents += r->nev;
    if (r->ncap) memcpy(cp + cfg.ncaptions, r->cap, r->ncap * sizeof *cp);
    cfg.ncaptions += r->ncap;
    sort_events(cfg.events, cfg.nevents);
    sort_captions(cfg.captions, cfg.ncaptions);
    char name[160], src[1024];
    snprintf(name, sizeof name, "%s", w->app.name);
    snprintf(src, sizeof src, "%s", w->app.source);
    int rc = ui_app_set_config(&w->app, &cfg, name, src, err, errlen);
    rv_config_free(&cfg);
    return rc;
}

void ui_rec_injected(ui_win *w, const rv_inject *cmd)
{
    ui_recorder *r = &w->rec;
    follow_source(w);
    if (!r->have_orig) return;
    int64_t t = ui_app_now(&w->app);
    /* injecting after seeking back starts a new branch: recorded events of the abandoned future go */
    size_t keep = 0;
    bool dropped = false;
    for (size_t i = 0; i < r->nev; i++) {
        if ((int64_t)(r->ev[i].at_s * 1e9) > t) { dropped = true; continue; }
        r->ev[keep++] = r->ev[i];
    }
    r->nev = keep;
    if (r->nev == r->evcap) {
        size_t cap = r->evcap ? r->evcap * 2 : 16;
        rv_inject *v = realloc(r->ev, cap * sizeof *v);
        if (!v) return;
        r->ev = v; r->evcap = cap;
    }
    rv_inject *e = &r->ev[r->nev++];
    *e = *cmd;
    memset(&e->on, 0, sizeof e->on);
    memset(&e->when, 0, sizeof e->when);
    e->at_s = exact_s(t);
    e->first = true;
    e->has_step = true; /* right after the step the session's engine had done: even after the tick at t */
    e->at_step = rv_engine_steps(tt_engine(w->app.s[0].tt));
    e->file_index = (int)(r->orig.nevents + r->nev - 1);
    /* dropped events may already be part of the re-simulated scenario (after a toggle or caption) */
    char err[256];
    if (dropped && apply_working(w, err, sizeof err) != 0) ui_win_status(w, w->last_frame_ms, "Recorder: %s", err);
}

static void add_caption(ui_win *w, double now_ms)
{
    ui_recorder *r = &w->rec;
    if (!r->text[0]) return;
    if (r->ncap == r->capcap) {
        size_t cap = r->capcap ? r->capcap * 2 : 8;
        rv_caption *v = realloc(r->cap, cap * sizeof *v);
        if (!v) return;
        r->cap = v; r->capcap = cap;
    }
    rv_caption *c = &r->cap[r->ncap++];
    memset(c, 0, sizeof *c);
    c->at_s = exact_s(r->edit_t);
    snprintf(c->text, sizeof c->text, "%s", r->text);
    char err[256];
    if (apply_working(w, err, sizeof err) != 0) { r->ncap--; ui_win_status(w, now_ms, "Caption not added: %s", err); return; }
    ui_win_status(w, now_ms, "Caption added at %.6f s (Ctrl+S saves the scenario)", c->at_s);
}

static void toggle(ui_win *w, bool mode, double now_ms)
{
    ui_recorder *r = &w->rec;
    const rv_config *cur = &w->app.base;
    if (mode) { r->has_mode = true; r->mode = cur->rcu.mode == RV_MODE_KTHREAD ? RV_MODE_SOFTIRQ : RV_MODE_KTHREAD; }
    else { r->has_fix = true; r->needs_gp_fix = !rv_cfg_needs_gp_fix(cur); /* the effective value: absent follows the mode */ }
    char err[256];
    if (apply_working(w, err, sizeof err) != 0) { ui_win_status(w, now_ms, "Toggle failed: %s", err); return; }
    if (mode) ui_win_status(w, now_ms, "rcu.mode = %s (recorded; the run is re-simulated to this moment)", rv_mode_name(r->mode));
    else ui_win_status(w, now_ms, "rcu.needs_gp_fix = %s (recorded; the run is re-simulated to this moment)", r->needs_gp_fix ? "true" : "false");
}

bool ui_rec_key(ui_win *w, const SDL_KeyboardEvent *k, double now_ms)
{
    ui_recorder *r = &w->rec;
    SDL_Keycode sym = k->keysym.sym;
    bool ctrl = k->keysym.mod & KMOD_CTRL;
    follow_source(w);
    if (r->editing) {
        if (sym == SDLK_ESCAPE) { r->editing = false; SDL_StopTextInput(); }
        else if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) { r->editing = false; SDL_StopTextInput(); add_caption(w, now_ms); }
        else if (sym == SDLK_BACKSPACE) {
            size_t n = strlen(r->text);
            while (n > 0 && ((unsigned char)r->text[n - 1] & 0xC0) == 0x80) n--; /* a whole UTF-8 character */
            if (n > 0) n--;
            r->text[n] = 0;
        }
        return true; /* typing must not inject or seek */
    }
    if (sym == SDLK_F2 && !ctrl) {
        if (!r->have_orig) { ui_win_status(w, now_ms, "Open a scenario file first: captions are recorded into it"); return true; }
        r->editing = true;
        r->text[0] = 0;
        r->edit_t = ui_app_now(&w->app);
        w->app.st.playing = false;
        SDL_StartTextInput();
        return true;
    }
    if (!ctrl) return false;
    if (sym == SDLK_s) {
        char path[1200], err[512];
        if (ui_rec_save(w, path, sizeof path, err, sizeof err) != 0) ui_win_status(w, now_ms, "Not saved: %s", err);
        else ui_win_status(w, now_ms, "Saved scenario %s (%zu injections, %zu captions recorded)", path, r->nev, r->ncap);
        return true;
    }
    if (sym == SDLK_k || sym == SDLK_g) {
        if (!r->have_orig) { ui_win_status(w, now_ms, "Open a scenario file first"); return true; }
        toggle(w, sym == SDLK_k, now_ms);
        return true;
    }
    return false;
}

void ui_rec_text(ui_win *w, const char *utf8)
{
    ui_recorder *r = &w->rec;
    if (!r->editing) return;
    size_t n = strlen(r->text), m = strlen(utf8);
    if (n + m < sizeof r->text) memcpy(r->text + n, utf8, m + 1);
}

void ui_rec_frame(ui_win *w, double now_ms)
{
    ui_recorder *r = &w->rec;
    follow_source(w);
    ui_app *a = &w->app;
    if (r->editing) panel_caption_editor_draw(&a->fr, a->L.whole, r->text, r->edit_t);
    if (!a->nsessions) return;
    /* nothing silent: a scripted event the engine refused is announced with why and how to fix it */
    const rv_engine *e = tt_engine(a->s[0].tt);
    size_t n = rv_not_applied_count(e);
    if (n < r->warned) r->warned = n; /* went back in time */
    if (n > r->warned) {
        const rv_not_applied *x = rv_not_applied_get(e, n - 1);
        if (x) ui_win_status(w, now_ms, "Scripted %s (CPU %d) not applied: %s", rv_inject_kind_name(x->kind), x->cpu, x->reason);
        r->warned = n;
    }
}

/* ---------------------------------------------------------------- saving */

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

/* The scenario file as the author wrote it, plus what was recorded. */
static char *recorded_json(ui_win *w, char *err, size_t errlen)
{
    ui_recorder *r = &w->rec;
    char *text = read_text(r->source, err, errlen);
    if (!text) return NULL;
    const char *body = strncmp(text, "\xEF\xBB\xBF", 3) == 0 ? text + 3 : text;
    cJSON *root = cJSON_Parse(body);
    free(text);
    if (!cJSON_IsObject(root)) { cJSON_Delete(root); snprintf(err, errlen, "%s no longer parses; fix it first", r->source); return NULL; }
    const rv_config *sc = rv_engine_config(tt_engine(w->app.s[0].tt));
    char seed[32];
    snprintf(seed, sizeof seed, "%llu", (unsigned long long)sc->seed);
    set_item(root, "seed", sc->seed <= 9007199254740992ull ? cJSON_CreateNumber((double)sc->seed) : cJSON_CreateString(seed));
    bool single = !w->app.st.compare;
    if (r->has_mode || r->has_fix || (single && w->app.mode_forced)) {
        cJSON *rcu = cJSON_GetObjectItemCaseSensitive(root, "rcu");
        if (!cJSON_IsObject(rcu)) { cJSON_DeleteItemFromObjectCaseSensitive(root, "rcu"); rcu = cJSON_AddObjectToObject(root, "rcu"); }
        if (r->has_mode || (single && w->app.mode_forced))
            set_item(rcu, "mode", cJSON_CreateString(rv_mode_name(single ? sc->rcu.mode : r->mode)));
        if (r->has_fix) set_item(rcu, "needs_gp_fix", cJSON_CreateBool(r->needs_gp_fix));
    }
    cJSON *evs = array_of(root, "events");
    for (size_t i = 0; i < r->nev; i++) {
        const rv_inject *e = &r->ev[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "at_s", e->at_s);
        cJSON_AddBoolToObject(o, "first", true);
        cJSON_AddNumberToObject(o, "at_step", (double)e->at_step);
        cJSON_AddStringToObject(o, "kind", rv_inject_kind_name(e->kind));
        cJSON_AddNumberToObject(o, "cpu", e->cpu);
        const char *fl = flavor_or_null(e);
        if (fl) cJSON_AddStringToObject(o, "flavor", fl);
        if (e->duration_s != 0) cJSON_AddNumberToObject(o, "duration_s", e->duration_s);
        if (e->count != 1) cJSON_AddNumberToObject(o, "count", (double)e->count);
        cJSON_AddItemToArray(evs, o);
    }
    cJSON *caps = array_of(root, "captions");
    for (size_t i = 0; i < r->ncap; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "at_s", r->cap[i].at_s);
        cJSON_AddStringToObject(o, "text", r->cap[i].text);
        cJSON_AddItemToArray(caps, o);
    }
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

int ui_rec_save(ui_win *w, char *path, size_t pathlen, char *err, size_t errlen)
{
    follow_source(w);
    ui_recorder *r = &w->rec;
    if (!r->source[0] || !w->app.nsessions) {
        snprintf(err, errlen, "the built-in demo has no scenario file to record into: open one (Ctrl+O) first");
        return -1;
    }
    char *json = recorded_json(w, err, errlen);
    if (!json) return -1;
    int rc = target_path(w, path, pathlen, err, errlen);
    if (rc == 0) rc = write_atomic(path, json, err, errlen);
    free(json);
    const char *tr = getenv("RCUVIS_RECORD_TRACE");
    if (rc == 0 && tr && tr[0]) rc = dump_trace(w, tr, err, errlen);
    return rc;
}
