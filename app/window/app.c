/* app.c — scenario loading, the compare split, time control across sessions, and drawing a frame. */
#include "window/app.h"
#include "view/layout_export.h"
#include "scenario.h"

#include "commands.h"
#include "window/workbook_hooks.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include <unistd.h>
#include <sys/stat.h>

void ui_app_init(ui_app *a)
{
    memset(a, 0, sizeof *a);
    ui_state_defaults(&a->st);
    a->pending_seek = -1;
    a->fr.mouse_x = a->fr.mouse_y = -1; /* no pointer: no tip */
}

void ui_app_vstatus(ui_app *a, double now_ms, const char *fmt, va_list ap)
{
    vsnprintf(a->st.status, sizeof a->st.status, fmt, ap);
    a->st.status_routine = false;
    a->status_until_ms = now_ms + UI_STATUS_MS;
}

void ui_app_status(ui_app *a, double now_ms, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ui_app_vstatus(a, now_ms, fmt, ap);
    va_end(ap);
}

bool ui_app_status_expire(ui_app *a, double now_ms)
{
    if (!a->st.status[0] || now_ms <= a->status_until_ms) return false;
    a->st.status[0] = 0;
    return true;
}

static void session_free(ui_session *s)
{
    tt_free(s->tt);
    if (s->have_rep) rv_report_free(&s->rep);
    rv_config_free(&s->cfg);
    ui_view_free(&s->view);
    memset(s, 0, sizeof *s);
}

void ui_app_free(ui_app *a)
{
    for (int i = 0; i < 2; i++) session_free(&a->s[i]);
    if (a->have_base) rv_config_free(&a->base);
    ui_frame_free(&a->fr);
    for (int i = 0; i < a->st.npicker; i++) free(a->st.picker_items[i]);
    free(a->st.picker_items);
    free(a->st.picker_cues);
    memset(a, 0, sizeof *a);
}

/* The version of path as it is now: mtime and size, or 0 and -1 without a file. */
static void file_stamp(const char *path, long long *mtime_ns, long long *size)
{
    struct stat sb;
    if (path && path[0] && stat(path, &sb) == 0) {
        *mtime_ns = (long long)sb.st_mtim.tv_sec * 1000000000LL + sb.st_mtim.tv_nsec;
        *size = (long long)sb.st_size;
    } else {
        *mtime_ns = 0;
        *size = -1;
    }
}

static void label_for(char *b, size_t n, enum rv_mode m)
{
    snprintf(b, n, "%s", m == RV_MODE_KTHREAD ? "3.7 (kthread)" : "3.6 (softirq)");
}

static int session_new(ui_session *s, const rv_config *cfg, enum rv_mode mode, double virt_speed, char *err, size_t errlen)
{
    memset(s, 0, sizeof *s);
    if (rv_config_copy(&s->cfg, cfg) != 0) { snprintf(err, errlen, "out of memory"); return -1; }
    s->cfg.rcu.mode = mode;
    s->tt = tt_new(&s->cfg, err, errlen);
    if (!s->tt) { rv_config_free(&s->cfg); return -1; }
    if (virt_speed > 0) tt_set_virtual_speed(s->tt, virt_speed);
    label_for(s->label, sizeof s->label, mode);
    return 0;
}

/* Build the sessions for cfg in the current mode into out[]; the caller swaps them in. */
static int build_sessions(ui_app *a, const rv_config *cfg, ui_session out[2], int *n, char *err, size_t errlen)
{
    if (a->st.compare) {
        if (session_new(&out[0], cfg, RV_MODE_SOFTIRQ, a->virt_speed, err, errlen) != 0) return -1;
        if (session_new(&out[1], cfg, RV_MODE_KTHREAD, a->virt_speed, err, errlen) != 0) { session_free(&out[0]); return -1; }
        *n = 2;
    } else {
        enum rv_mode m = a->mode_forced ? a->forced_mode : cfg->rcu.mode;
        if (session_new(&out[0], cfg, m, a->virt_speed, err, errlen) != 0) return -1;
        *n = 1;
    }
    return 0;
}

int ui_app_set_config(ui_app *a, const rv_config *cfg, const char *name, const char *source, char *err, size_t errlen)
{
    /* Ctrl+R reloads a->source through here: copied first, as writing a->source from itself is an
     * overlapping snprintf (the page's C library left it empty, and the address lost its scenario) */
    char source_copy[sizeof a->source], name_copy[sizeof a->name];
    snprintf(source_copy, sizeof source_copy, "%s", source ? source : "");
    snprintf(name_copy, sizeof name_copy, "%s", name ? name : "");
    source = source ? source_copy : NULL;
    name = name ? name_copy : NULL;
    ui_session ns[2];
    int n = 0;
    memset(ns, 0, sizeof ns);
    /* --mode (or M) naming the file's own mode changes nothing: no "changed: mode=" badge, and the
     * file's lecture captions stay (a lecturer typing --mode softirq on omap-stall lost cue 1's) */
    if (a->mode_forced && a->forced_mode == cfg->rcu.mode) a->mode_forced = false;
    if (build_sessions(a, cfg, ns, &n, err, errlen) != 0) return -1;
    rv_config copy;
    if (rv_config_copy(&copy, cfg) != 0) {
        for (int i = 0; i < n; i++) session_free(&ns[i]);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    int64_t t = a->nsessions ? ui_app_now(a) : 0;
    for (int i = 0; i < 2; i++) session_free(&a->s[i]);
    a->pending_seek = -1; /* it was going somewhere in the old sessions */
    if (a->have_base) rv_config_free(&a->base);
    a->base = copy;
    a->have_base = true;
    /* the file's own mode, not an override's (a question's rcu.mode made omap-stall's 3.6 cues speak on
     * the 3.7 half in compare) */
    a->st.file_mode = (int)(a->file_knobs.known ? a->file_knobs.mode : cfg->rcu.mode);
    memcpy(a->s, ns, sizeof ns);
    a->nsessions = n;
    snprintf(a->name, sizeof a->name, "%s", name && *name ? name : cfg->name);
    /* Another file (show me loads its question's scenario through here): its version is the one
     * running now. The same file keeps its stamp: a compare toggle or a re-simulation did not
     * read what may have changed on disk since, and the watcher must still see that change. */
    if (strcmp(a->source, source ? source : "")) file_stamp(source, &a->source_mtime_ns, &a->source_size);
    snprintf(a->source, sizeof a->source, "%s", source ? source : "");
    if (a->st.sel_cpu >= cfg->cpus) a->st.sel_cpu = -1;
    if (!cfg->rcu.flavors[a->st.flavor]) { /* the new scenario may not have the flavor shown before */
        a->st.flavor = RV_SCHED;
        for (int f = RV_NFLAVORS - 1; f >= 0; f--) if (cfg->rcu.flavors[f]) a->st.flavor = f;
    }
    a->st.sel_node = -1;
    if (t > 0) ui_app_seek(a, t);
    ui_app_refresh_reports(a, 0, 0);
    return 0;
}

int ui_app_load(ui_app *a, const char *path, long long seed_override, char *err, size_t errlen)
{
    return ui_app_load_seed(a, path, seed_override >= 0, seed_override >= 0 ? (uint64_t)seed_override : 0, err, errlen);
}

/* The file's own values of the window's knobs: cfg's when no override applies, else the file read
 * again without them (the badge compares with these, reconfig.c). */
static void file_knobs_of(ui_app *a, const char *path, const rv_config *cfg)
{
    rv_config raw;
    const rv_config *f = cfg;
    char err[512];
    memset(&raw, 0, sizeof raw);
    a->file_knobs.known = false;
    if (path && a->noverrides > 0) {
        rv_overrides none = {NULL, 0};
        if (rv_scenario_load_labeled(path, &none, NULL, &raw, err, sizeof err) != 0) return;
        f = &raw;
    }
    a->file_knobs.known = true;
    a->file_knobs.cpus = f->cpus;
    a->file_knobs.needs_gp_fix = f->rcu.needs_gp_fix;
    a->file_knobs.no_hz = f->rcu.no_hz;
    a->file_knobs.fast_no_hz = f->rcu.fast_no_hz;
    a->file_knobs.mode = f->rcu.mode;
    if (f == &raw) rv_config_free(&raw);
}

int ui_app_load_seed(ui_app *a, const char *path, bool has_seed, uint64_t seed, char *err, size_t errlen)
{
    rv_config cfg;
    char buf[1024];
    const char *p = path;
    if (!p) {
        /* scenarios/default.json when someone installed one, else the shipped small-busy, else the
         * built-in demo (a tree without its data files) */
        p = rcuvis_data_path("scenarios/default.json", buf, sizeof buf);
        if (access(p, R_OK) != 0) p = rcuvis_data_path("scenarios/small-busy.json", buf, sizeof buf);
        if (access(p, R_OK) != 0) p = NULL;
    } else {
        /* a bare name ("omap-stall") means a shipped scenario, as for `rcuvis run` */
        p = rcuvis_scenario_path(p, buf, sizeof buf, err, errlen);
        if (!p) return -1;
    }
    /* stamped before reading: a change made while it is read shows as a newer version later */
    long long mtime_ns, size;
    file_stamp(p, &mtime_ns, &size);
    if (p) {
        memset(&cfg, 0, sizeof cfg);
        const char *items[16], *labels[16];
        for (int i = 0; i < a->noverrides; i++) {
            items[i] = a->overrides[i];
            labels[i] = a->override_labels[i][0] ? a->override_labels[i] : NULL;
        }
        rv_overrides ov = {items, (size_t)a->noverrides};
        if (rv_scenario_load_labeled(p, &ov, labels, &cfg, err, errlen) != 0) return -1;
    } else {
        ui_builtin_scenario(&cfg);
    }
    if (has_seed) cfg.seed = seed;
    file_knobs_of(a, p, &cfg);
    int rc = ui_app_set_config(a, &cfg, cfg.name, p ? p : "", err, errlen);
    rv_config_free(&cfg);
    if (rc == 0 && p) snprintf(a->st.scenario_path, sizeof a->st.scenario_path, "%s", p);
    if (rc == 0) {
        a->source_mtime_ns = mtime_ns;
        a->source_size = size;
    }
    return rc;
}

int ui_app_set_compare(ui_app *a, bool on, char *err, size_t errlen)
{
    if (on == a->st.compare || !a->have_base) { a->st.compare = on; return 0; }
    bool old = a->st.compare;
    a->st.compare = on;
    rv_config cfg;
    if (rv_config_copy(&cfg, &a->base) != 0) { a->st.compare = old; return -1; }
    char name[160], src[1024];
    snprintf(name, sizeof name, "%s", a->name);
    snprintf(src, sizeof src, "%s", a->source);
    int rc = ui_app_set_config(a, &cfg, name, src, err, errlen);
    rv_config_free(&cfg);
    if (rc != 0) a->st.compare = old;
    return rc;
}

int64_t ui_app_now(const ui_app *a) { return a->nsessions ? tt_now(a->s[0].tt) : 0; }
int64_t ui_app_end(const ui_app *a) { return a->nsessions ? tt_end(a->s[0].tt) : 0; }

void ui_app_sync_window(ui_app *a)
{
    /* what the timeline shows around now (panel_timeline_range()): now at 3/4 of the span, further
     * left near the run's start and further right near its end, so up to a whole span on either side;
     * at least the 3/4 and 1/4 of the middle of the run, since time travel keeps the stretch about the
     * moment a seek goes to with the window of the moment it leaves */
    int64_t span = panel_timeline_span(&a->st, ui_app_end(a));
    for (int i = 0; i < a->nsessions; i++) {
        int64_t now = tt_now(a->s[i].tt), t0, t1, back = span * 3 / 4, ahead = span - span * 3 / 4;
        panel_timeline_range(now, tt_end(a->s[i].tt), span, &t0, &t1);
        if (now - t0 > back) back = now - t0;
        if (t1 - now > ahead) ahead = t1 - now;
        tt_set_window(a->s[i].tt, back, ahead);
    }
}

int64_t ui_app_advance(ui_app *a, int64_t t, double budget_ms)
{
    if (!a->nsessions) return 0;
    ui_app_sync_window(a);
    int64_t reached = tt_advance(a->s[0].tt, t, budget_ms);
    /* one clock: the second engine follows the first exactly */
    for (int i = 1; i < a->nsessions; i++) tt_advance(a->s[i].tt, reached, 0);
    return reached;
}

void ui_app_step(ui_app *a, enum tt_step kind, bool back)
{
    if (!a->nsessions) return;
    ui_app_seek_cancel(a);
    if (back && ui_app_step_back_bounded(a, kind)) return;
    if (a->nsessions == 1 || kind == TT_STEP_TICK) {
        for (int i = 0; i < a->nsessions; i++) {
            if (back) tt_step_back(a->s[i].tt, kind, a->st.flavor);
            else tt_step(a->s[i].tt, kind, a->st.flavor);
        }
        return;
    }
    /* compare mode: events and phases differ between 3.6 and 3.7; step the 3.7 side (the one the
     * article is about) and bring the other to the same time */
    ui_session *lead = &a->s[1];
    if (back) tt_step_back(lead->tt, kind, a->st.flavor);
    else tt_step(lead->tt, kind, a->st.flavor);
    tt_seek(a->s[0].tt, tt_now(lead->tt));
}

int ui_app_inject(ui_app *a, const rv_inject *cmd, char *msg, size_t msglen)
{
    msg[0] = 0;
    int rc = 0;
    for (int i = 0; i < a->nsessions; i++) {
        bool br = false;
        char err[256] = "";
        if (tt_inject(a->s[i].tt, cmd, &br, err, sizeof err) != 0) {
            snprintf(msg, msglen, "%s", err);
            rc = -1;
            continue;
        }
        if (err[0]) snprintf(msg, msglen, "%s", err);
        else if (br && i == 0) {
            /* short: the caller puts what was injected first, and the top bar of a 1280x720 window
             * cut the longer form off */
            snprintf(msg, msglen, "new branch %d, Ctrl+B returns to the previous future", tt_branch_count(a->s[i].tt));
        }
    }
    return rc;
}

void ui_app_switch_branch(ui_app *a)
{
    for (int i = 0; i < a->nsessions; i++) {
        int n = tt_branch_count(a->s[i].tt);
        if (n > 1) tt_switch_branch(a->s[i].tt, (tt_branch_current(a->s[i].tt) + 1) % n);
    }
}

bool ui_app_explore(ui_app *a, double budget_ms)
{
    bool more = false;
    ui_app_sync_window(a); /* a zoom since the last frame: the stretch to keep exact changed */
    for (int i = 0; i < a->nsessions; i++) more |= tt_explore(a->s[i].tt, budget_ms / a->nsessions);
    return more;
}

void ui_app_refresh_reports(ui_app *a, double now_ms, double min_interval_ms)
{
    for (int i = 0; i < a->nsessions; i++) {
        ui_session *s = &a->s[i];
        int64_t t = tt_now(s->tt);
        if (s->have_rep && s->rep_t == t) continue;
        if (s->have_rep && min_interval_ms > 0 && now_ms - s->rep_wall_ms < min_interval_ms) continue;
        if (s->have_rep) rv_report_free(&s->rep);
        rv_report_build(tt_engine(s->tt), &s->rep);
        s->have_rep = true;
        s->rep_t = t;
        s->rep_wall_ms = now_ms;
    }
}

/* The workbook column's content comes from the window's workbook hooks. */
static void draw_workbook_column(ui_frame *fr, rd_rect r, void *ctx) { ui_workbook_draw(fr, r, ctx); }

void ui_app_draw(ui_app *a, rd_ctx *rd)
{
    a->fr.rd = rd;
    a->fr.th = ui_theme_get(a->st.theme);
    ui_view *views[2] = {NULL, NULL};
    /* before the views: whether the run differs from the file decides whose caption a cue shows */
    ui_app_config_badge(a, a->st.config_badge, sizeof a->st.config_badge);
    for (int i = 0; i < a->nsessions; i++) {
        ui_session *s = &a->s[i];
        ui_view_build(&s->view, s->tt, s->have_rep ? &s->rep : NULL, &a->st, s->label);
        views[i] = &s->view;
    }
    if (!a->nsessions) {
        rd_begin(rd, a->fr.th->bg);
        return;
    }
    /* the flash window follows the playback speed: ~0.25 s of real time, at least one jiffy */
    int64_t jiffy = a->base.hz > 0 ? 1000000000LL / a->base.hz : 1000000;
    a->st.flash_ns = (int64_t)(a->st.speed * 0.25e9);
    if (a->st.flash_ns < jiffy) a->st.flash_ns = jiffy;
    ui_app_layout(a, rd, views);
    if (a->st.focus_panel >= 0) { /* V: one panel fills the picture */
        ui_draw_focus(&a->fr, &a->L, views, a->nsessions, &a->st, a->st.focus_panel);
        return;
    }
    if (!a->caption_strip) {
        ui_draw_all(&a->fr, &a->L, views, a->nsessions, &a->st, a->name, draw_workbook_column, a);
        return;
    }
    /* the panels draw no strip into an empty rectangle; the export's own goes where it was */
    rd_rect strip = a->L.caption;
    a->L.caption = (rd_rect){strip.x, strip.y, 0, 0};
    ui_draw_all(&a->fr, &a->L, views, a->nsessions, &a->st, a->name, draw_workbook_column, a);
    a->L.caption = strip;
    a->caption_strip(&a->fr, strip, views, a->L.nsides < a->nsessions ? a->L.nsides : a->nsessions);
}

/* Does the kernel log fold to its title line? When no side has logged anything, in compare mode and
 * while presenting, where an empty panel of 80-95 px took the room of what the captions point at
 * (hackbench's cue on rcu_sched in top showed its thread list cut after five rows); unless compare's
 * why answer takes the log's slot (a selection). */
static bool klog_folds(const ui_app *a, ui_view *const *views)
{
    if (!a->st.compare && !a->st.presenting) return false;
    if (a->st.compare && (a->st.sel_cpu >= 0 || a->st.sel_node >= 0)) return false;
    if (a->klog_hold) return a->klog_hold == 1; /* a clip: the panels must not move when the first line comes */
    for (int i = 0; i < a->nsessions; i++)
        if (views[i]->klog_total > 0) return false;
    return true;
}

/* Does a kernel log with lines take only their height? Where an empty one folds (compare mode,
 * presenting), but not when compare's why answer takes its slot, nor in a clip, whose panels must
 * not move as lines come. The window's own view keeps its log's height: a log to scroll through. */
static bool klog_fits(const ui_app *a)
{
    if (!a->st.compare && !a->st.presenting) return false;
    if (a->st.compare && (a->st.sel_cpu >= 0 || a->st.sel_node >= 0)) return false;
    return !a->klog_hold;
}

/* The end of the stretch the window shows: the next lecture cue's moment when it comes later (the
 * lecturer plays on to it, then presses PgDn), else the run's end (no cues, the last cue, or a next
 * cue that goes back in time). */
static int64_t stretch_end(const ui_app *a)
{
    int64_t end = ui_app_end(a), now = ui_app_now(a);
    int next = a->st.cue + 1;
    if (a->have_base && next >= 0 && (size_t)next < a->base.ncues) {
        int64_t at = (int64_t)(a->base.cues[next].at_s * 1e9 + 0.5);
        if (at >= now && at < end) return at;
    }
    return end;
}

/* Presenting or comparing, the kernel log took the height of its lines as they came: empty, it was
 * its title; the first line (offline-mid-gp's "smpboot: CPU 2 is now offline" at 0.104 s) made it two
 * rows, and every panel above it moved down while the lecturer played, the picture jumping for the
 * room. It now takes, for the whole stretch being shown (to the next cue, else the run's end), the
 * height its lines will need by the stretch's end as far as the look-ahead knows them, and holds it:
 * the panels move when the lecturer changes cue, size, scale, mode (compare, F5, W), the run (a key
 * that re-simulates, an injection, a branch) or a selection, never because time passed. Until the
 * look-ahead has reached the stretch's end the height is worked out again each frame, and grows if it
 * finds lines coming (in the first frames after a cue, before playback gets far). A line the latch
 * did not foresee still gets its rows: a log held at its title grows when it has one. Slides and
 * clips keep their own rules (slide.c, anim.c). Returns the height to fold the log to. */
static int klog_stretch(ui_app *a, rd_ctx *rd, ui_view *const *views, int banner_h, int cap_h)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    struct ui_klog_latch k = {
        .set = true, .w = w, .h = h, .px = rd_px(rd, 1000), .cue = a->st.cue, .nsessions = a->nsessions,
        .banner_h = banner_h, .caption_h = cap_h, .branch = a->nsessions ? tt_branch_current(a->s[0].tt) : 0,
        .injects = a->nsessions && views[0]->hist ? views[0]->hist->injects.n : 0, .compare = a->st.compare,
        .presenting = a->st.presenting, .workbook = a->st.show_workbook, .tt0 = a->nsessions ? (const void *)a->s[0].tt : NULL};
    struct ui_klog_latch *l = &a->klog_latch;
    bool same = l->set && l->known && l->w == k.w && l->h == k.h && l->px == k.px && l->cue == k.cue &&
                l->nsessions == k.nsessions && l->banner_h == k.banner_h && l->caption_h == k.caption_h &&
                l->branch == k.branch && l->injects == k.injects && l->compare == k.compare &&
                l->presenting == k.presenting && l->workbook == k.workbook && l->tt0 == k.tt0;
    bool unforeseen = false; /* held at its title, yet a line is there */
    for (int i = 0; same && i < a->nsessions; i++) unforeseen |= views[i]->klog_total > 0;
    if (same && !(unforeseen && l->keep <= ui_layout_klog_title_h(rd))) return l->keep;
    k.keep = panel_klog_stretch_height(&a->fr, &a->L, views, a->nsessions, stretch_end(a), &k.known);
    /* while the look-ahead still runs, the height only grows: a shorter one found later would move the
     * panels back up */
    if (!k.known && l->set && !same && l->w == k.w && l->h == k.h && l->px == k.px && l->cue == k.cue &&
        l->compare == k.compare && l->presenting == k.presenting && l->tt0 == k.tt0 && l->keep > k.keep)
        k.keep = l->keep;
    *l = k;
    return k.keep;
}

/* Whether two captions of the run show as one across the strip: the same words from the same moment
 * on the other side (offline-mid-gp's, which name no kernel), else each in its half. */
static bool caption_spans(const rv_config *other, const rv_caption *c)
{
    for (size_t j = 0; j < other->ncaptions; j++) {
        const rv_caption *o = &other->captions[j];
        if (o->on.event == c->on.event && o->at_s == c->at_s && rv_when_holds(&o->when, other) && !strcmp(o->text, c->text))
            return true;
    }
    return false;
}

/* The height the strip needs for the captions side i's engine may show from now to `until`: its timed
 * captions up now (even under a triggered one, which gives the strip back) or starting before until,
 * and its triggered ones not yet fired, each as the strip would show it (under a changed
 * configuration, with the line saying so). */
static int stretch_captions_need(ui_app *a, rd_ctx *rd, int i, int strip_w, int64_t now, int64_t until)
{
    const rv_config *cfg = &a->s[i].cfg, *other = &a->s[1 - i].cfg;
    const rv_engine *e = tt_engine(a->s[i].tt);
    int need = 0;
    for (size_t k = 0; k < cfg->ncaptions; k++) {
        const rv_caption *c = &cfg->captions[k];
        if (!rv_when_holds(&c->when, cfg)) continue;
        if (c->on.event == RV_TRIG_TIME) {
            bool timed_end = c->until_s > c->at_s;
            int64_t at = (int64_t)(c->at_s * 1e9), end = timed_end ? (int64_t)(c->until_s * 1e9) : INT64_MAX;
            for (size_t j = 0; !timed_end && j < cfg->ncaptions; j++) { /* else up until the next timed one */
                const rv_caption *n = &cfg->captions[j];
                int64_t nat = (int64_t)(n->at_s * 1e9);
                if (n->on.event == RV_TRIG_TIME && nat > at && nat < end && rv_when_holds(&n->when, cfg)) end = nat;
            }
            if (at >= until || end <= now) continue;
        } else {
            int64_t fired = rv_caption_fired_ns(e, k);
            if (fired >= 0 && fired <= now) continue; /* up now or over: the views say */
        }
        char marked[1600];
        const char *text = c->text;
        if (a->st.config_badge[0]) {
            ui_caption_changed(marked, sizeof marked, a->st.config_badge, c->text);
            text = marked;
        }
        int h = panel_caption_need(rd, text, strip_w, !caption_spans(other, c));
        if (h > need) need = h;
    }
    return need;
}

/* Compare's compact layout, no cue's caption in force: the strip was as tall as the scenario's longest
 * caption in two big lines' least, and callbacks' first caption (four lines across both halves) took
 * ~170 px of a 1280x688 window at 133 %, the trees squeezed above it. It takes what the captions of
 * the stretch being shown need (now to the next cue, else the run's end: what is up and what comes),
 * and holds it as the kernel log does (klog_stretch), so playing on never moves the panels; a caption
 * the reckoning missed (a seek back) still gets its room. Never more than full, the old height. */
static int caption_stretch(ui_app *a, rd_ctx *rd, ui_view *const *views, int strip_w, int full)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    struct ui_caption_latch k = {
        .set = true, .w = w, .h = h, .px = rd_px(rd, 1000), .cue = a->st.cue, .branch = tt_branch_current(a->s[0].tt),
        .injects = views[0]->hist ? views[0]->hist->injects.n : 0, .presenting = a->st.presenting,
        .workbook = a->st.show_workbook, .tt = {a->s[0].tt, a->s[1].tt}};
    snprintf(k.badge, sizeof k.badge, "%s", a->st.config_badge);
    struct ui_caption_latch *l = &a->caption_latch;
    bool same = l->set && l->w == k.w && l->h == k.h && l->px == k.px && l->cue == k.cue && l->branch == k.branch &&
                l->injects == k.injects && l->presenting == k.presenting && l->workbook == k.workbook &&
                l->tt[0] == k.tt[0] && l->tt[1] == k.tt[1] && !strcmp(l->badge, k.badge);
    /* the compare note, up where no caption is, takes what room the captions leave (in a smaller font,
     * or with a count of lines left out): its figures grow as the run plays, and it never moves the
     * panels. A stretch without a caption keeps the old height, which shows the note whole. */
    if (same && panel_captions_need(rd, strip_w, views, 2) <= l->keep) return l->keep;
    int64_t now = ui_app_now(a), until = stretch_end(a);
    k.keep = panel_captions_need(rd, strip_w, views, 2);
    for (int i = 0; i < 2; i++) {
        int n = stretch_captions_need(a, rd, i, strip_w, now, until);
        if (n > k.keep) k.keep = n;
    }
    if (same && l->keep > k.keep) k.keep = l->keep; /* a missed caption: it grows, never shrinks */
    if (k.keep <= 0 || k.keep > full) k.keep = full;
    *l = k;
    return k.keep;
}

void ui_app_layout(ui_app *a, rd_ctx *rd, ui_view *const *views)
{
    int w, h;
    rd_output_size(rd, &w, &h);
    if (a->st.focus_panel >= 0) { /* V: that panel alone, both halves' copies in compare mode */
        ui_layout_single(&a->L, rd, w, h, &a->st, a->st.focus_panel, 0);
        return;
    }
    /* presenting at a cue, the strip speaks the cue's words, and the timeline's captions lane showed the
     * file's timed caption beside them, cut to a few words: a lecturer's class saw two captions and asked
     * which to read. The lane stays where the strip shows the file's captions (it is their time line). */
    a->st.no_caption_lane = false;
    for (int i = 0; a->st.presenting && i < a->nsessions; i++) a->st.no_caption_lane |= views[i]->caption_is_cue;
    /* compare mode may split the strip under the two sides (each its own caption): sized for half */
    int cap_w = a->st.show_workbook ? w * 70 / 100 : w - rd_px(rd, 8);
    /* a lecture cue's caption is the same on both sides, so it spans the strip: measured at full width
     * (at half width hackbench's cues left ~55 px of the strip empty under three lines, while the
     * CPU time panel above hid the rcu_sched row the cue's caption points at) */
    int cap_h = panel_caption_height(rd, views[0], a->nsessions > 1 ? cap_w / 2 : cap_w, cap_w);
    bool cue_words = false;
    for (int i = 0; i < a->nsessions; i++) cue_words |= views[i]->caption_is_cue;
    /* compare's compact layout sizes the strip to the stretch's captions (a clip keeps the old rule: its
     * frames span stretches and its panels must not move) */
    if (cap_h > 0 && a->st.compare && a->nsessions == 2 && !a->klog_hold && !cue_words && ui_layout_compact(rd, w, h))
        cap_h = caption_stretch(a, rd, views, cap_w, cap_h);
    int banner_h = panel_banner_height(rd, &a->st, w);
    ui_layout_compute(&a->L, rd, w, h, &a->st, banner_h, cap_h);
    /* compare's compact layout leaves an empty log out whole: its title line is room the figures need */
    const int fold_h = a->L.compact ? 0 : ui_layout_klog_title_h(rd);
    if (a->klog_hold) { /* a clip: its own rule, fixed for all its frames */
        if (klog_folds(a, views)) ui_layout_fold_klog(&a->L, fold_h);
        else if (klog_fits(a)) panel_layout_fit_klog(&a->fr, &a->L, views, a->nsessions);
    } else if (klog_fits(a)) {
        int kh = klog_stretch(a, rd, views, banner_h, cap_h);
        if (kh <= ui_layout_klog_title_h(rd) && klog_folds(a, views)) kh = fold_h; /* nothing logged or foreseen */
        ui_layout_fold_klog(&a->L, kh);
    }
    /* a->fr draws into the layout's rd: ui_app_draw() and ex_layout() set it before laying out */
    panel_layout_share_room(&a->fr, &a->L, views, a->nsessions, &a->st);
}

const char *ui_saved_where(const char *path, char *buf, size_t n)
{
#ifdef __EMSCRIPTEN__
    if (!strncmp(path, "/downloads/", 11)) {
        snprintf(buf, n, "downloaded as %s (see the browser's downloads)", path + 11);
        return buf;
    }
#endif
    /* the file's name first, then its folder: the top bar cuts a long line at its end, and
     * "/tmp/lecturer3/pics/rcuv…" hid the one thing a student must hand in */
    char abs[PATH_MAX];
    const char *full = realpath(path, abs) ? abs : path;
    const char *slash = strrchr(full, '/');
    if (!slash) snprintf(buf, n, "%s", full);
    else if (slash == full) snprintf(buf, n, "%s in /", slash + 1);
    else snprintf(buf, n, "%s in %.*s", slash + 1, (int)(slash - full), full);
    return buf;
}
