/* record.c — the window's recorder: injections, toggles, typed captions and cue stops kept against simulated time (or the moment they followed), re-simulated so the window shows what Ctrl+S saves. */
#include "window/record.h"
#include "util/utf8.h"

#include "panels/caption_editor.h"
#include "scenario.h"
#include "view/timetravel.h"
#include "window/window.h"
#include "util/newfile.h"
#include "util/readfile.h"
#include "util/safefile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void ui_rec_free(ui_recorder *r)
{
    if (r->have_orig) rv_config_free(&r->orig);
    free(r->ev);
    free(r->anchor);
    free(r->cap);
    free(r->cue);
    memset(r, 0, sizeof *r);
    r->landed.kind = -1;
}

static int rebuild_hook(void *ctx, char *err, size_t errlen) { return ui_rec_rebuild(ctx, err, errlen); }

/* A new scenario in the window starts a new recording. */
static void follow_source(ui_win *w)
{
    ui_recorder *r = &w->rec;
    /* every configuration change (M X Z U) of a scenario file re-simulates through the recorder,
     * so it is kept; the built-in demo has no file to record into (reconfig.c handles it alone) */
    w->app.rebuild = w->app.source[0] ? rebuild_hook : NULL;
    w->app.rebuild_ctx = w;
    if (!strcmp(r->source, w->app.source) && r->source_mtime_ns == w->app.source_mtime_ns && r->loads == w->app.loads &&
        (r->have_orig || !w->app.have_base))
        return;
    bool same = r->source[0] && !strcmp(r->source, w->app.source) && (r->nev || r->ncap || r->ncue);
    bool on_disk = r->source_mtime_ns != w->app.source_mtime_ns;
    ui_rec_free(r);
    /* a workbook question's Show me loads its own run of the same file: the injections recorded on the
     * run before were replayed into it, with the recording's seed, and its seek cut short */
    if (same)
        ui_win_status(w, w->last_frame_ms, on_disk ? "The scenario changed on disk: what was recorded before the reload is dropped"
                                                   : "Show me runs the question's own scenario: what was recorded on the run before is dropped");
    snprintf(r->source, sizeof r->source, "%s", w->app.source);
    r->source_mtime_ns = w->app.source_mtime_ns;
    r->loads = w->app.loads;
    if (w->app.have_base && rv_config_copy(&r->orig, &w->app.base) == 0) r->have_orig = true;
    r->synced = w->app.nsessions ? w->app.s[0].tt : NULL;
}

/* The sessions were rebuilt behind the recorder's back (C for compare, a cue that switches it,
 * Ctrl+R): live injections since the last re-simulation are not in them. Re-simulate with
 * everything recorded, so the window keeps showing what Ctrl+S saves. */
static void resync(ui_win *w)
{
    ui_recorder *r = &w->rec;
    if (!r->have_orig || !w->app.nsessions || w->app.s[0].tt == r->synced) return;
    r->synced = w->app.s[0].tt;
    if (!r->nev && !r->ncap && !r->ncue) return;
    char err[512];
    if (ui_rec_rebuild(w, err, sizeof err) != 0) ui_win_status(w, w->last_frame_ms, "Recorder: %s", err);
}

/* The double that the loader turns back into exactly t nanoseconds ((int64_t)(s * 1e9)). */
static double exact_s(int64_t t)
{
    double s = (double)t / 1e9;
    for (int i = 0; i < 8 && (int64_t)(s * 1e9) < t; i++) s = nextafter(s, INFINITY);
    for (int i = 0; i < 8 && (int64_t)(s * 1e9) > t; i++) s = nextafter(s, -INFINITY);
    return s;
}

static void to_trigger(rv_inject *e, const ui_rec_anchor *an);

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

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
    if (n < *cap) return true;
    size_t c = *cap ? *cap * 2 : 16;
    void *p = realloc(*v, c * size);
    if (!p) return false;
    *v = p;
    *cap = c;
    return true;
}

/* Recorded events that the new configuration cannot hold (fewer CPUs, a flavor gone). */
static int check_fits(const ui_recorder *r, const rv_config *cfg, char *err, size_t errlen)
{
    for (size_t i = 0; i < r->nev; i++) {
        const rv_inject *e = &r->ev[i];
        if (e->cpu >= cfg->cpus) {
            snprintf(err, errlen, "the recorded %s on CPU %d needs at least %d CPUs (seek back before it and inject again to drop it)",
                     rv_inject_kind_name(e->kind), e->cpu, e->cpu + 1);
            return -1;
        }
    }
    return 0;
}

int ui_rec_rebuild(ui_win *w, char *err, size_t errlen)
{
    ui_recorder *r = &w->rec;
    follow_source(w);
    if (!r->have_orig || !r->source[0]) { snprintf(err, errlen, "the built-in demo has no file: open a scenario to change or record it"); return -1; }
    ui_app *a = &w->app;
    const char *items[16];
    for (int i = 0; i < a->noverrides; i++) items[i] = a->overrides[i];
    rv_overrides ov = {items, (size_t)a->noverrides};
    rv_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (rv_scenario_load_with(r->source, &ov, &cfg, err, errlen) != 0) return -1;
    cfg.seed = r->orig.seed; /* a --seed given to the window stays */
    if (check_fits(r, &cfg, err, errlen) != 0) { rv_config_free(&cfg); return -1; }
    rv_inject *ev = realloc(cfg.events, (cfg.nevents + r->nev + 1) * sizeof *ev);
    if (ev) cfg.events = ev;
    rv_caption *cp = realloc(cfg.captions, (cfg.ncaptions + r->ncap + 1) * sizeof *cp);
    if (cp) cfg.captions = cp;
    rv_cue *cu = realloc(cfg.cues, (cfg.ncues + r->ncue + 1) * sizeof *cu);
    if (cu) cfg.cues = cu;
    if (!ev || !cp || !cu) { rv_config_free(&cfg); snprintf(err, errlen, "out of memory"); return -1; }
    /* a re-simulated run takes other steps than the live one did: from now on an injection is
     * placed by its time alone (before anything else due then), the same in the window and the file */
    for (size_t i = 0; i < r->nev; i++) {
        r->ev[i].has_step = false;
        r->ev[i].file_index = (int)(cfg.nevents + i);
        /* an injection that followed a moment keeps following it (it moves with it if it moved) */
        const ui_rec_anchor *an = &r->anchor[i];
        if (an->kind >= 0 && an->kind < 4 && an->n > 0 && r->ev[i].on.event == RV_TRIG_TIME) to_trigger(&r->ev[i], an);
    }
    if (r->nev) memcpy(ev + cfg.nevents, r->ev, r->nev * sizeof *ev); /* r->ev is NULL until the first */
    cfg.nevents += r->nev;
    for (size_t i = 0; i < r->ncap; i++) r->cap[i].file_index = (int)(cfg.ncaptions + i); /* saved after the file's */
    if (r->ncap) memcpy(cp + cfg.ncaptions, r->cap, r->ncap * sizeof *cp);
    cfg.ncaptions += r->ncap;
    for (size_t i = 0; i < r->ncue; i++) cfg.ncues = ui_rec_cue_insert(cu, cfg.ncues, &r->cue[i]);
    sort_events(cfg.events, cfg.nevents);
    sort_captions(cfg.captions, cfg.ncaptions);
    char name[160], src[1024];
    snprintf(name, sizeof name, "%s", a->name);
    snprintf(src, sizeof src, "%s", a->source);
    int rc = ui_app_set_config(a, &cfg, name, src, err, errlen);
    rv_config_free(&cfg);
    if (rc == 0) r->synced = a->s[0].tt, r->nbaked = r->nev;
    return rc;
}

void ui_rec_branch_shown(ui_win *w)
{
    ui_recorder *r = &w->rec;
    ui_app *a = &w->app;
    if (!a->nsessions || r->nev <= r->nbaked || a->s[0].tt != r->synced) return;
    if (tt_branch_first_intervention(a->s[0].tt, tt_branch_current(a->s[0].tt)) >= 0) return;
    /* Q at omap-stall's cue 3, Ctrl+B back, then cue 5's compare: the rebuild replayed the Q as a
     * scripted event, and cue 5's caption spoke of a GP 166 the replayed pass had prevented */
    r->nev = r->nbaked;
}

/* Whether a moment of kind/flavor happened in (from, to] in the session's history: the injection
 * then follows that one, not the moment landed on. */
static bool moment_between(const ui_history *h, int kind, int flavor, int64_t from, int64_t to)
{
#define IN(t) ((t) > from && (t) <= to)
    switch (kind) {
    case UI_MOMENT_GP_START: for (size_t i = 0; i < h->gps[flavor].n; i++) if (IN(h->gps[flavor].v[i].start)) return true; break;
    case UI_MOMENT_GP_END: for (size_t i = 0; i < h->gps[flavor].n; i++) if (IN(h->gps[flavor].v[i].end)) return true; break;
    case UI_MOMENT_FQS: for (size_t i = 0; i < h->fqs.n; i++) if (h->fqs.v[i].flavor == flavor && IN(h->fqs.v[i].t)) return true; break;
    case UI_MOMENT_STALL: for (size_t i = 0; i < h->stalls.n; i++) if (h->stalls.v[i].flavor == flavor && IN(h->stalls.v[i].t)) return true; break;
    default: break;
    }
#undef IN
    return false;
}

/* Which occurrence of its kind the anchor's moment is, from the session itself: the grace-period
 * number (gp_start and gp_end events carry it, counting from 1), the stall warnings so far (the
 * history keeps all of them); 0 when the session cannot say (FQS passes: the history thins them). */
static long occurrence(ui_win *w, const ui_rec_anchor *an)
{
    const rv_engine *e = tt_engine(w->app.s[0].tt);
    rv_flavor_view fv;
    rv_flavor_get(e, an->flavor, &fv);
    const ui_history *h = tt_history(w->app.s[0].tt);
    long n = 0;
    switch (an->kind) {
    case UI_MOMENT_GP_START: return fv.gp_start_ns == an->t ? (long)fv.gpnum : 0;
    case UI_MOMENT_GP_END:
        for (size_t i = 0; i < h->gps[an->flavor].n; i++) /* the bar that ended then is the last one completed */
            if (h->gps[an->flavor].v[i].end == an->t) return (long)fv.completed;
        return 0;
    case UI_MOMENT_STALL:
        for (size_t i = 0; i < h->stalls.n; i++) n += h->stalls.v[i].flavor == an->flavor && h->stalls.v[i].t <= an->t;
        return n;
    default: return 0;
    }
}

/* The trigger form of an anchored event: its moment's occurrence, then the time since it. */
static void to_trigger(rv_inject *e, const ui_rec_anchor *an)
{
    static const enum rv_trig_event trig_of[] = {RV_TRIG_GP_START, RV_TRIG_GP_END, RV_TRIG_FQS, RV_TRIG_STALL};
    e->on = (rv_trigger){.event = trig_of[an->kind], .flavor = an->flavor, .cpu = -1, .n = an->n, .delay_s = exact_s(an->at - an->t)};
    e->at_s = 0; /* as the loader leaves a triggered event: it sorts among the events the same way */
    e->first = false;
    e->has_step = false;
}

void ui_rec_landed(ui_win *w, int kind, int flavor, int64_t t)
{
    follow_source(w);
    w->rec.landed = (ui_rec_anchor){.kind = kind, .flavor = flavor, .t = t};
}

void ui_rec_injected(ui_win *w, const rv_inject *cmd)
{
    ui_recorder *r = &w->rec;
    follow_source(w);
    if (!r->have_orig) return;
    /* sessions rebuilt since the last sync (a click on C between frames) lack earlier live injections */
    bool stale = w->app.nsessions && w->app.s[0].tt != r->synced;
    int64_t t = ui_app_now(&w->app);
    /* injecting after seeking back starts a new branch: recorded events of the abandoned future go */
    size_t keep = 0;
    bool dropped = false;
    for (size_t i = 0; i < r->nev; i++) {
        if (r->anchor[i].at > t) { dropped = true; continue; }
        r->anchor[keep] = r->anchor[i];
        r->ev[keep++] = r->ev[i];
    }
    r->nev = keep;
    if (r->nev == r->evcap) { /* events and their anchors grow together */
        size_t c = r->evcap ? r->evcap * 2 : 16;
        rv_inject *v = realloc(r->ev, c * sizeof *v);
        if (!v) return;
        r->ev = v;
        ui_rec_anchor *an = realloc(r->anchor, c * sizeof *an);
        if (!an) return;
        r->anchor = an;
        r->evcap = c;
    }
    rv_inject *e = &r->ev[r->nev];
    *e = *cmd;
    memset(&e->on, 0, sizeof e->on);
    memset(&e->when, 0, sizeof e->when);
    e->at_s = exact_s(t);
    e->first = true;
    e->has_step = true; /* right after the step the session's engine had done: even after the tick at t */
    e->at_step = rv_engine_steps(tt_engine(w->app.s[0].tt));
    e->file_index = (int)(r->orig.nevents + r->nev);
    /* the moment N/D/F/S landed on, if the session is still after it and before the next such one */
    ui_rec_anchor an = r->landed;
    const ui_history *h = tt_history(w->app.s[0].tt);
    if (w->app.nsessions != 1 || an.kind < 0 || an.t > t || an.flavor < 0 || an.flavor >= RV_NFLAVORS ||
        moment_between(h, an.kind, an.flavor, an.t, t))
        an.kind = -1; /* compare mode: the two sides have different moments; none is the one followed */
    an.n = an.kind >= 0 ? occurrence(w, &an) : 0;
    an.at = t;
    r->anchor[r->nev] = an;
    r->nev++;
    /* dropped events may already be part of the re-simulated scenario (after a toggle or caption) */
    char err[256];
    if ((dropped || stale) && ui_rec_rebuild(w, err, sizeof err) != 0) ui_win_status(w, w->last_frame_ms, "Recorder: %s", err);
}

static void add_caption(ui_win *w, double now_ms)
{
    ui_recorder *r = &w->rec;
    if (!r->text[0]) { ui_win_status(w, now_ms, "Empty caption: nothing recorded"); return; }
    if (!grow((void **)&r->cap, &r->capcap, r->ncap, sizeof *r->cap)) return;
    rv_caption *c = &r->cap[r->ncap++];
    memset(c, 0, sizeof *c);
    c->at_s = exact_s(r->edit_t);
    snprintf(c->text, sizeof c->text, "%s", r->text);
    if (r->edit_mode >= 0) { c->when.has_mode = true; c->when.mode = (enum rv_mode)r->edit_mode; } /* per-mode caption */
    char err[256];
    if (ui_rec_rebuild(w, err, sizeof err) != 0) { r->ncap--; ui_win_status(w, now_ms, "Caption not added: %s", err); return; }
    ui_win_status(w, now_ms, "Caption added at %.6f s (Ctrl+S saves the scenario)", c->at_s);
}

/* Where a recorded cue goes among cues[0..n): after the last one at or before its time, so PgDn meets
 * it in time order (it was appended, and visited after a later stop of the file). A file that returns
 * to an earlier moment keeps its own order; the new stop follows the last one not after it. */
size_t ui_rec_cue_slot(const rv_cue *cues, size_t n, double at_s)
{
    size_t i = n;
    while (i > 0 && cues[i - 1].at_s > at_s) i--;
    return i;
}

/* Insert q at its slot in cues (room for n + 1); the new count. */
size_t ui_rec_cue_insert(rv_cue *cues, size_t n, const rv_cue *q)
{
    size_t at = ui_rec_cue_slot(cues, n, q->at_s);
    memmove(cues + at + 1, cues + at, (n - at) * sizeof *cues);
    cues[at] = *q;
    return n + 1;
}

/* F3: a lecture stop here: the time, the flavor, the selection, compare, and the caption shown
 * (in compare mode only when both sides show the same one: else each side keeps its own). */
static void add_cue(ui_win *w, double now_ms)
{
    ui_recorder *r = &w->rec;
    ui_app *a = &w->app;
    if (!grow((void **)&r->cue, &r->cuecap, r->ncue, sizeof *r->cue)) return;
    rv_cue q;
    memset(&q, 0, sizeof q);
    int64_t t = ui_app_now(a);
    q.at_s = exact_s(t);
    q.flavor = a->st.flavor;
    q.select_cpu = a->st.sel_cpu >= 0 && a->st.sel_cpu < a->base.cpus ? a->st.sel_cpu : -1;
    q.compare = a->st.compare;
    /* a zoomed timeline (the wheel) is part of the stop: the long grace period the author widened it for */
    if (a->st.timeline_manual && a->st.timeline_span > 1000) q.timeline_s = (double)a->st.timeline_span / 1e9;
    for (int i = 0; i < a->nsessions; i++) { /* the caption of this moment, not of the last frame drawn */
        ui_session *s = &a->s[i];
        ui_view_build(&s->view, s->tt, s->have_rep ? &s->rep : NULL, &a->st, s->label);
    }
    /* the file's own words: a caption the window marked ("Changed (...)", "Captions paused") is its note,
     * not narration (caption_text NULL), and a cue's "Cue 3, at 2 s: " is the window's too */
    const char *c0 = a->s[0].view.caption_text, *c1 = a->nsessions > 1 ? a->s[1].view.caption_text : c0;
    /* paused by an injection just recorded, the author's own caption from before it still narrates their
     * run (the injections are part of it now); a file's caption there was written for the run without them */
    const char *u0 = a->s[0].view.caption_under_pause, *u1 = a->nsessions > 1 ? a->s[1].view.caption_under_pause : u0;
    if (!c0 && u0 && u1 && !strcmp(u0, u1))
        for (size_t i = 0; i < r->ncap; i++)
            if (!strcmp(r->cap[i].text, u0)) { c0 = c1 = u0; break; }
    if (c0 && c1 && !strcmp(c0, c1)) snprintf(q.caption, sizeof q.caption, "%s", c0);
    /* the caption of the cue in force comes with what it invites ("Press M ..." stays an invitation) */
    const rv_cue *cur = a->st.cue >= 0 && (size_t)a->st.cue < a->base.ncues ? &a->base.cues[a->st.cue] : NULL;
    if (cur && q.caption[0] && !strcmp(q.caption, cur->caption)) {
        q.ninvites = cur->ninvites;
        memcpy(q.invites, cur->invites, sizeof q.invites);
    }
    const ui_rec_anchor *an = &r->landed;
    const ui_history *h = tt_history(a->s[a->nsessions - 1].tt);
    if (an->kind >= 0 && an->t <= t && an->flavor >= 0 && an->flavor < RV_NFLAVORS && !moment_between(h, an->kind, an->flavor, an->t, t))
        snprintf(q.title, sizeof q.title, "%s: %s", rv_flavor_name(an->flavor), ui_moment_name((enum ui_moment)an->kind));
    else
        snprintf(q.title, sizeof q.title, "stop %zu at %.3f s", ui_rec_cue_slot(a->base.cues, a->base.ncues, q.at_s) + 1, q.at_s);
    r->cue[r->ncue++] = q;
    /* cues are the app's, not the engine's: the running sessions need no re-simulation */
    rv_cue *v = realloc(a->base.cues, (a->base.ncues + 1) * sizeof *v);
    if (!v) { r->ncue--; ui_win_status(w, now_ms, "Cue stop not added: out of memory"); return; }
    a->base.cues = v;
    size_t slot = ui_rec_cue_slot(v, a->base.ncues, q.at_s);
    a->base.ncues = ui_rec_cue_insert(v, a->base.ncues, &q);
    a->st.cue = (int)slot;
    ui_win_status(w, now_ms, "Cue stop %zu recorded at %.6f s: %s (PgDn/PgUp visit it, Ctrl+S saves it)", slot + 1, q.at_s, q.title);
}

static void save(ui_win *w, double now_ms)
{
    ui_recorder *r = &w->rec;
    char path[1200], err[512], note[512];
    if (ui_rec_save(w, path, sizeof path, note, sizeof note, err, sizeof err) != 0) { ui_win_status(w, now_ms, "Not saved: %s", err); return; }
    char badge[256];
    ui_app_config_badge(&w->app, badge, sizeof badge);
#ifdef __EMSCRIPTEN__
    /* the page keeps it in the browser (IndexedDB), under a path no student's computer has, and hands a
     * copy to the browser's downloads (the pictures folder is them): a student had no way to take it out */
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    char shown[1300], stem[1300], dl[1400] = "", derr[256];
    size_t len = 0;
    char *text = rf_read_file(path, &len, (size_t)64 << 20);
    size_t bl = strlen(base);
    snprintf(stem, sizeof stem, "%s/%.*s", nf_pictures_dir(), (int)(bl > 5 && !strcmp(base + bl - 5, ".json") ? bl - 5 : bl), base);
    bool reserved = text && nf_reserve(stem, "json", dl, sizeof dl) == 0;
    bool got = reserved && sf_write_file(dl, text, len, 0644, derr, sizeof derr) == 0;
    if (reserved && !got) unlink(dl); /* not an empty file handed to the browser */
    free(text);
    const char *dbase = strrchr(dl, '/');
    snprintf(shown, sizeof shown, "%s, kept in this browser (Open lists it)%s%s", base, got ? " and downloaded as " : "",
             got ? (dbase ? dbase + 1 : dl) : "");
#else
    const char *shown = path;
#endif
    ui_win_status(w, now_ms, "Saved scenario %s: %zu injections%s, %zu captions, %zu cue stops%s%s", shown, r->nev, note, r->ncap, r->ncue,
                  badge[0] ? ", " : "", badge);
}

bool ui_rec_key(ui_win *w, const SDL_KeyboardEvent *k, double now_ms)
{
    ui_recorder *r = &w->rec;
    SDL_Keycode sym = k->keysym.sym;
    bool ctrl = k->keysym.mod & KMOD_CTRL;
    follow_source(w);
    resync(w);
    if (r->editing) {
        if (sym == SDLK_ESCAPE) { r->editing = false; SDL_StopTextInput(); }
        else if (sym == SDLK_RETURN || sym == SDLK_KP_ENTER) { r->editing = false; SDL_StopTextInput(); add_caption(w, now_ms); }
        else if (sym == SDLK_TAB) r->edit_mode = r->edit_mode == -1 ? RV_MODE_SOFTIRQ : r->edit_mode == RV_MODE_SOFTIRQ ? RV_MODE_KTHREAD : -1;
        else if (sym == SDLK_BACKSPACE) utf8_pop(r->text); /* a whole UTF-8 character */
        return true; /* typing must not inject or seek */
    }
    if ((sym == SDLK_F2 || sym == SDLK_F3) && !ctrl) {
        if (!r->have_orig || !w->app.nsessions) {
            ui_win_status(w, now_ms, "Open a scenario file first: %s recorded into it", sym == SDLK_F2 ? "captions are" : "cue stops are");
            return true;
        }
        w->app.st.playing = false;
        if (sym == SDLK_F3) { add_cue(w, now_ms); return true; }
        r->editing = true;
        r->edit_mode = -1;
        r->text[0] = 0;
        r->edit_t = ui_app_now(&w->app);
        SDL_StartTextInput();
        return true;
    }
    if (ctrl && sym == SDLK_s) { save(w, now_ms); return true; }
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
    resync(w);
    ui_app *a = &w->app;
    if (r->editing)
        panel_caption_editor_draw(&a->fr, a->L.whole, r->text, sizeof r->text - 1, r->edit_t,
                                  r->edit_mode < 0 ? "every mode" : r->edit_mode == RV_MODE_SOFTIRQ ? "3.6 (softirq) only" : "3.7 (kthread) only");
    if (!a->nsessions) return;
    /* nothing silent: a scripted event the engine refused is announced with why and how to fix it */
    const rv_engine *e = tt_engine(a->s[0].tt);
    size_t n = rv_not_applied_count(e);
    if (n < r->warned) r->warned = n; /* went back in time */
    if (n > r->warned) {
        const rv_not_applied *x = rv_not_applied_get(e, n - 1);
        size_t late = 0; /* a run cut short (a quiz's or --set duration_s): its later events in one line */
        for (size_t i = 0; i < n; i++) { const rv_not_applied *y = rv_not_applied_get(e, i); late += y && y->after_end; }
        if (x && x->after_end)
            ui_win_status(w, now_ms, "%zu scripted event%s due after this run's end (%g s), so not run", late, late == 1 ? "" : "s",
                          (double)rv_end_ns(e) / 1e9);
        else if (x) ui_win_status(w, now_ms, "Scripted %s (CPU %d) not applied: %s", rv_inject_kind_name(x->kind), x->cpu, x->reason);
        r->warned = n;
    }
}
