/* input.c — turns keys, clicks, wheel and drops into commands on the app (play, step, seek, inject...). */
#include "window/window.h"
#include "view/layout_export.h"
#include "scenario.h"

#include "commands.h"
#include "report/csv.h"
#include "window/workbook_hooks.h"
#ifdef __EMSCRIPTEN__
#include "window/web.h"
#endif

#include "util/newfile.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>
#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* End's far seek names this as where it goes; arriving, ui_input_frame() knows it by these words and
 * says where PgDn goes (ui_win_say_at_the_end()) instead of "At the end of the run, T" */
static const char END_OF_RUN[] = "the end of the run";

void ui_win_status(ui_win *w, double now_ms, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ui_app_vstatus(&w->app, now_ms, fmt, ap);
    va_end(ap);
}

static long long mtime_ns(const struct stat *sb) { return (long long)sb->st_mtim.tv_sec * 1000000000LL + sb->st_mtim.tv_nsec; }

/* A hover tip belongs to a hand on the mouse. A presenter's clicker (PgDn) or F5 changes the slide
 * under a pointer that merely rests there, and its tip would sit over the new caption: forget the
 * pointer until it moves again. */
static void hide_tip_until_the_mouse_moves(ui_app *a) { a->fr.mouse_x = a->fr.mouse_y = -1; }

void ui_win_watch(ui_win *w, double now)
{
    if (!w->app.source[0] || now - w->watch_ms < 500) return;
    w->watch_ms = now;
    struct stat sb;
    if (stat(w->app.source, &sb) != 0) return;
    long long mt = mtime_ns(&sb), size = (long long)sb.st_size;
    /* compared with the version the app read (every load path stamps it, app.c), not with a copy
     * kept here: "show me" loads another file without passing through the window, and that file
     * was reported as changed on disk */
    if (mt == w->app.source_mtime_ns && size == w->app.source_size) return;
    /* a broken version is tried once, not twice a second, until it changes again */
    if (!strcmp(w->failed_source, w->app.source) && mt == w->failed_mtime_ns && size == w->failed_size) return;
    char err[sizeof w->app.st.error];
    char src[1024];
    snprintf(src, sizeof src, "%s", w->app.source);
    if (ui_app_load(&w->app, src, -1, err, sizeof err) != 0) {
        snprintf(w->app.st.error, sizeof w->app.st.error, "%s", err);
        hide_tip_until_the_mouse_moves(&w->app); /* a glossary box under the resting pointer covered the error */
        snprintf(w->failed_source, sizeof w->failed_source, "%s", src);
        w->failed_mtime_ns = mt;
        w->failed_size = size;
    } else {
        w->app.st.error[0] = 0;
        ui_win_status(w, now, "%s changed on disk: reloaded at the same time", src);
    }
}

int ui_win_open(ui_win *w, const char *path, double now_ms)
{
    char err[sizeof w->app.st.error];
    /* another scenario starts at t = 0 with no cue; reloading the same file keeps the moment */
    bool same = path && !strcmp(path, w->app.source);
    if (ui_app_load(&w->app, path, -1, err, sizeof err) != 0) {
        snprintf(w->app.st.error, sizeof w->app.st.error, "%s", err);
        hide_tip_until_the_mouse_moves(&w->app); /* a glossary box under the resting pointer covered the error */
        return -1;
    }
    if (!same) {
        ui_app_seek(&w->app, 0);
        w->app.st.cue = -1;
        w->app.st.playing = false;
    }
    w->app.st.error[0] = 0;
    if (path) {
        snprintf(w->settings.last_scenario, sizeof w->settings.last_scenario, "%s", path);
        char e2[256];
        ui_settings_save(&w->settings, e2, sizeof e2);
    }
    ui_win_status(w, now_ms, "Opened %s", w->app.name);
    return 0;
}

/* What the highlighted scenario is about, read from the file itself; a file that does not load
 * says so here already, before anyone opens it. */
static void picker_describe(ui_win *w)
{
    ui_state *st = &w->app.st;
    st->picker_desc[0] = 0;
    if (st->picker_sel < 0 || st->picker_sel >= st->npicker) return;
    rv_config cfg;
    memset(&cfg, 0, sizeof cfg);
    char err[1024];
    if (rv_scenario_load(st->picker_items[st->picker_sel], &cfg, err, sizeof err) != 0) {
        snprintf(st->picker_desc, sizeof st->picker_desc, "Does not load: %s", err);
        return;
    }
    snprintf(st->picker_desc, sizeof st->picker_desc, "%d CPUs, %s, %g s. %s", cfg.cpus, rv_mode_name(cfg.rcu.mode),
             cfg.duration_s, cfg.description);
    rv_config_free(&cfg);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

void ui_win_fill_picker(ui_win *w)
{
    ui_state *st = &w->app.st;
    for (int i = 0; i < st->npicker; i++) free(st->picker_items[i]);
    free(st->picker_items);
    free(st->picker_cues);
    st->picker_items = NULL;
    st->picker_cues = NULL;
    st->npicker = 0;
    st->picker_sel = 0;
    char dirs[2][1024];
    rcuvis_data_path("scenarios", dirs[0], sizeof dirs[0]);
    ui_rec_user_dir(dirs[1], sizeof dirs[1]); /* the user's own scenarios (recorded with Ctrl+S) beside the shipped ones */
    int cap = 0;
    for (int k = 0; k < 2; k++) {
    const char *dir = dirs[k];
    DIR *d = dir[0] ? opendir(dir) : NULL;
    if (!d) continue;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 6 || strcmp(de->d_name + n - 5, ".json") || !strcmp(de->d_name, "schema.json")) continue;
        if (st->npicker == cap) {
            cap = cap ? cap * 2 : 32;
            char **nv = realloc(st->picker_items, (size_t)cap * sizeof *nv);
            if (!nv) break;
            st->picker_items = nv;
        }
        char full[2048 + 300];
        snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
        st->picker_items[st->npicker++] = strdup(full);
    }
    closedir(d);
    }
    if (st->npicker) qsort(st->picker_items, (size_t)st->npicker, sizeof *st->picker_items, cmp_str);
    /* which files carry a lecture, and how long: a lecturer under pressure had to remember that tree,
     * omap-stall and hackbench are the ones with cues. A dozen small files, loaded once per opening. */
    st->picker_cues = st->npicker ? calloc((size_t)st->npicker, sizeof *st->picker_cues) : NULL;
    for (int i = 0; st->picker_cues && i < st->npicker; i++) {
        rv_config cfg;
        memset(&cfg, 0, sizeof cfg);
        char err[256];
        if (!st->picker_items[i] || rv_scenario_load(st->picker_items[i], &cfg, err, sizeof err) != 0) { st->picker_cues[i] = -1; continue; }
        st->picker_cues[i] = (int)cfg.ncues;
        rv_config_free(&cfg);
    }
    picker_describe(w); /* the picker starts on the first entry (a lecturer reads the list top down) */
}

/* The simulated time in a picture's name, exact to the nanosecond with trailing zeros trimmed down to
 * milliseconds ("80.0078125", "80.500", "2.000"): a stall at 80.0078125 s was named t80.007s, and
 * `shot --at 80.007` drew the moment before the warning, not the picture that was saved. */
void ui_win_shot_time(char *buf, size_t n, int64_t t)
{
    if (t < 0) t = 0;
    snprintf(buf, n, "%lld.%09lld", (long long)(t / 1000000000LL), (long long)(t % 1000000000LL));
    size_t len = strlen(buf), keep = strchr(buf, '.') - buf + 4; /* the dot and three digits stay */
    while (len > keep && buf[len - 1] == '0') buf[--len] = 0;
}

/* stem of a picture's name: scenario, mode, flavor, compare and time, e.g.
 * rcuvis-omap-stall-softirq-rcu_sched-t80.0078125s (compare: ...-compare-rcu_sched-...) */
static void stem_at(const ui_win *w, char *buf, size_t n, int64_t from, int64_t to);

static void shot_stem(const ui_win *w, char *buf, size_t n) { stem_at(w, buf, n, ui_app_now(&w->app), -1); }

/* "rcuvis-NAME-MODE-FLAVOR-tTs" for the moment from, or "...-tAs-Bs" for the range [from, to] (to >= 0):
 * a CSV of the visible range was named after the moment shown, 0.02 s, while it held 0 to 0.25 s. */
static void stem_at(const ui_win *w, char *buf, size_t n, int64_t from, int64_t to)
{
    char name[64];
    size_t k = 0;
    /* the scenario's file stem if it has one, else its name, as a safe file-name fragment */
    const char *src = w->app.source[0] ? w->app.source : w->app.name;
    const char *base = strrchr(src, '/');
    base = base ? base + 1 : src;
    for (const char *p = base; *p && k < sizeof name - 1; p++) {
        if (!strcmp(p, ".json")) break;
        name[k++] = (isalnum((unsigned char)*p) || *p == '-' || *p == '_') ? *p : '-';
    }
    name[k] = 0;
    const ui_app *a = &w->app;
    enum rv_mode m = a->mode_forced ? a->forced_mode : a->base.rcu.mode;
    const char *dir = nf_pictures_dir();
    char at[40], until[48] = "";
    ui_win_shot_time(at, sizeof at, from);
    if (to >= 0) {
        char b[40];
        ui_win_shot_time(b, sizeof b, to);
        snprintf(until, sizeof until, "-%ss", b);
    }
    snprintf(buf, n, "%s/rcuvis-%s-%s-%s-t%ss%s", dir, name[0] ? name : "scenario",
             a->st.compare ? "compare" : m == RV_MODE_KTHREAD ? "kthread" : "softirq", rv_flavor_name(a->st.flavor), at, until);
}

void ui_win_shot_name(const ui_win *w, char *buf, size_t n)
{
    char stem[1100];
    shot_stem(w, stem, sizeof stem);
    snprintf(buf, n, "%s.png", stem);
    struct stat sb;
    for (int i = 2; i < 10000 && lstat(buf, &sb) == 0; i++) snprintf(buf, n, "%s-%d.png", stem, i);
}

/* F12: the window's picture without the help or picker overlay, the hover tip and the status line,
 * drawn again off-screen at the window's size and scale, to a name no file has yet (the name is
 * reserved with O_EXCL, so two F12 in the same simulated instant get -2, -3...). */
static void save_picture(ui_win *w, double now_ms)
{
    ui_state *st = &w->app.st;
    int pw, ph;
    rd_output_size(w->rd, &pw, &ph);
    char err[512], stem[1100], path[1200];
    rd_ctx *off = rd_new_offscreen(pw, ph, rd_scale(w->rd), err, sizeof err);
    if (!off) { ui_win_status(w, now_ms, "Picture not saved: %s", err); return; }
    bool help = st->show_help, picker = st->show_picker;
    char status[sizeof st->status];
    memcpy(status, st->status, sizeof status);
    st->show_help = st->show_picker = false;
    st->status[0] = 0;
    /* nor the hover tip: the pointer left resting over a panel put a glossary box over the picture */
    int mx = w->app.fr.mouse_x, my = w->app.fr.mouse_y;
    w->app.fr.mouse_x = w->app.fr.mouse_y = -1;
    ui_app_draw(&w->app, off);
    rd_end(off);
    w->app.fr.mouse_x = mx, w->app.fr.mouse_y = my;
    st->show_help = help; st->show_picker = picker;
    memcpy(st->status, status, sizeof status);
    shot_stem(w, stem, sizeof stem);
    if (nf_reserve(stem, "png", path, sizeof path) != 0) {
        ui_win_status(w, now_ms, "Picture not saved: cannot create %s: %s", path, strerror(errno));
        rd_free(off);
        return;
    }
    /* the reserved (empty) file is replaced atomically by the finished picture */
    if (rd_save_png(off, path, err, sizeof err) != 0) {
        unlink(path);
        ui_win_status(w, now_ms, "Picture not saved: %s", err);
    } else {
        char where[PATH_MAX + 64];
        /* the window as it is, hints and scrubber included: a speaker making slides wants `rcuvis shot`
         * (--clean, any size), which this message is the one place to point at */
        ui_win_status(w, now_ms, "Picture saved (without overlays): %s. For slides: rcuvis shot --clean (see --help)",
                      ui_saved_where(path, where, sizeof where));
    }
    rd_free(off);
}

/* E: the numbers behind the visible timeline range as CSV (grace periods and a time series of
 * 100 rows), one file each per engine, from a fresh run of the scenario as loaded. */
static void export_numbers(ui_win *w, double now_ms)
{
    ui_app *a = &w->app;
    int64_t span = panel_timeline_span(&a->st, ui_app_end(a)), t0, t1;
    panel_timeline_range(ui_app_now(a), ui_app_end(a), span, &t0, &t1);
    if (t1 > ui_app_end(a)) t1 = ui_app_end(a);
    char range[1100], moment[1100], base[1200], path[1300], err[512], first[1300] = "";
    stem_at(w, range, sizeof range, t0, t1);
    shot_stem(w, moment, sizeof moment);
    int n = 0;
    for (int s = 0; s < a->nsessions; s++)
        for (int k = 0; k < 3; k++) {
            /* the range's grace periods and time series, and the threads table up to the moment shown (a
             * speaker's table for a slide had no threads file); all three of a fresh run of the file */
            static const enum csv_kind kinds[3] = {CSV_GPS, CSV_TIMESERIES, CSV_THREADS};
            csv_opts o = {.kind = kinds[k], .interval_s = span / 100 / 1e9, .from_ns = t0, .to_ns = t1};
            if (kinds[k] == CSV_THREADS) o.from_ns = 0, o.to_ns = ui_app_now(a);
            const char *stem = kinds[k] == CSV_THREADS ? moment : range;
            snprintf(base, sizeof base, "%s%s%s-%s", stem, a->nsessions > 1 ? "-" : "",
                     a->nsessions > 1 ? (a->s[s].cfg.rcu.mode == RV_MODE_KTHREAD ? "kthread" : "softirq") : "", csv_kind_name(o.kind));
            if (csv_save_new(&a->s[s].cfg, &o, base, path, sizeof path, err, sizeof err) != 0) {
                ui_win_status(w, now_ms, "CSV not saved: %s", err);
                return;
            }
            if (!n++) snprintf(first, sizeof first, "%s", path);
        }
    char where[PATH_MAX + 64];
    /* with the workbook column open a student meant their answers (A, then Ctrl+E) and got six CSVs */
    ui_saved_where(first, where, sizeof where);
    if (w->app.st.show_workbook)
        ui_win_status(w, now_ms, "Saved %d CSV files of the simulation (your answers: A, then Ctrl+E), first: %s", n, where);
    else
        ui_win_status(w, now_ms, "Saved %d CSV files, first: %s (the visible range's GPs and time series, threads up to now)", n, where);
}

static void inject(ui_win *w, enum rv_inject_kind kind, double dur, long count, double now_ms)
{
    ui_app *a = &w->app;
    bool needs_cpu = kind != RV_INJ_FORCE_QS;
    if (needs_cpu && (a->st.sel_cpu < 0 || a->st.sel_cpu >= a->base.cpus)) {
        ui_win_status(w, now_ms, "Select a CPU first (click its tile), then press the key again");
        return;
    }
    rv_inject cmd = {.kind = kind, .cpu = needs_cpu ? a->st.sel_cpu : -1, .flavor = a->st.flavor, .duration_s = dur, .count = count > 0 ? count : 1};
    if (kind == RV_INJ_PREEMPT_READER) cmd.flavor = RV_PREEMPT;
    char msg[512];
    if (ui_app_inject(a, &cmd, msg, sizeof msg) != 0) {
        ui_win_status(w, now_ms, "Not possible: %s", msg);
        return;
    }
    ui_rec_injected(w, &cmd); /* kept for Ctrl+S (record.c) */
    /* what was done first, then what it did to the timeline (a new branch, or a dropped future) */
    char what[96];
    if (needs_cpu) snprintf(what, sizeof what, "Injected %s on CPU %d", rv_inject_kind_name(kind), cmd.cpu);
    else snprintf(what, sizeof what, "Injected %s", rv_inject_kind_name(kind));
    if (msg[0]) ui_win_status(w, now_ms, "%s: %s", what, msg);
    else ui_win_status(w, now_ms, "%s", what);
    ui_app_refresh_reports(a, now_ms, 0);
}

static void set_speed(ui_win *w, double s, double now_ms)
{
    if (s < 0.001) s = 0.001;
    if (s > 100000) s = 100000; /* far beyond what the engine runs at 4096 CPUs: the readout says so */
    w->app.st.speed = s;
    /* short enough for the top bar of a 1280x720 window (the longer form ended in "simulat...") */
    if (s >= 1) ui_win_status(w, now_ms, "Speed %gx: %g s simulated per real second", s, s);
    else ui_win_status(w, now_ms, "Speed 1/%.0fx: %g ms simulated per real second", 1 / s, s * 1000);
}

static void set_scale(ui_win *w, float s, double now_ms)
{
    if (s < 0.6f) s = 0.6f;
    if (s > 4.0f) s = 4.0f;
    w->app.st.ui_scale = s;
    w->settings.ui_scale = s;
    w->scale_changed = true;
    char err[256];
    ui_settings_save(&w->settings, err, sizeof err);
    ui_win_status(w, now_ms, "UI scale %.0f%%", s * 100);
    w->scale_asked_ms = now_ms; /* the next fit corrects this when the window cannot give it */
}

/* The next lecture cue (back: the one before), as PgDn / PgUp and the browser page's cue buttons go. */
static void cue_step(ui_win *w, bool back, double now_ms)
{
    ui_app *a = &w->app;
    int idx = ui_app_next_cue(a, back);
    char err[512];
    if (idx < 0) {
        /* a click that goes nowhere does not stop the last cue's own seek on its way: "That
         * was the last cue" then stood between two cues, wherever the seek had got to */
        if (w->stopped_seek >= 0) {
            w->app.pending_seek = w->stopped_seek;
            snprintf(w->pending_what, sizeof w->pending_what, "%s", w->stopped_what); /* and its progress line */
        }
        if (back && a->st.cue < 0) ui_win_status(w, now_ms, "Before cue 1: PgDn starts the lecture");
        else ui_win_status(w, now_ms, back ? "This is the first cue" : "That was the last cue (PgUp goes back)");
    }
    else if (ui_app_goto_cue(a, idx, err, sizeof err) != 0) ui_win_status(w, now_ms, "Cue %d: %s", idx + 1, err); /* refused, or past the end */
    else {
        ui_win_status(w, now_ms, "Cue %d of %zu%s%s", idx + 1, a->base.ncues, a->base.cues[idx].title[0] ? ": " : "",
                      ui_cue_title_unnumbered(a->base.cues[idx].title, idx + 1));
        a->st.status_routine = true; /* the presenting top bar names the cue already */
    }
}

void ui_input_action(ui_win *w, int action, int arg, double now_ms)
{
    ui_app *a = &w->app;
    ui_state *st = &a->st;
    char err[1024];
    switch (action) {
    case ACT_PLAY:
        if (!st->playing && ui_app_now(a) >= ui_app_end(a)) {
            ui_win_status(w, now_ms, "At the end of the run: Home goes back to the start");
            break;
        }
        st->playing = !st->playing;
        w->last_frame_ms = now_ms;
        /* play pressed over a caption is "read it, go on": a lecturer who had talked through cue 3 pressed
         * Space and time froze for ~10 s, held for the caption's reading time, and a second Space did
         * not help; captions that come up while playing are still held for theirs */
        if (st->playing)
            for (int i = 0; i < 2; i++) w->read_since_ms[i] = now_ms - 1e9;
        break;
    case ACT_STEP_FWD: st->playing = false; ui_app_step(a, TT_STEP_TICK, false); break;
    case ACT_STEP_BACK: st->playing = false; ui_app_step(a, TT_STEP_TICK, true); break;
    case ACT_SLOWER: set_speed(w, st->speed / 2, now_ms); break;
    case ACT_FASTER: set_speed(w, st->speed * 2, now_ms); break;
    case ACT_OPEN:
        ui_win_fill_picker(w);
        st->show_picker = true;
        st->show_help = false;
#ifdef __EMSCRIPTEN__
        web_pick_file(); /* the browser's file dialog over the list: a file from the student's disk, or cancel and pick from the list */
#endif
        break;
    case ACT_HELP: st->show_help = !st->show_help; st->show_picker = false; break;
    case ACT_CUE: if (a->base.ncues) cue_step(w, arg == 0, now_ms); break;
    case ACT_COMPARE: {
        bool was_playing = st->playing;
        if (ui_app_set_compare(a, !st->compare, err, sizeof err) != 0) ui_win_status(w, now_ms, "Compare failed: %s", err);
        else /* the switch pauses playback (its catching up is a seek, which stops play): say so, or time
              * standing still looks like a hang */
            ui_win_status(w, now_ms, "%s%s", st->compare ? "Compare: 3.6 left, 3.7 right, one clock" : "Single view",
                          was_playing && (!st->playing || ui_app_seek_pending(a)) ? "; paused (Space plays)" : "");
        break;
    }
    case ACT_FLAVOR:
        if (arg >= 0 && arg < RV_NFLAVORS && a->base.rcu.flavors[arg]) { st->flavor = arg; st->sel_node = -1; }
        else ui_win_status(w, now_ms, "%s is not enabled in this scenario", rv_flavor_name(arg));
        break;
    case ACT_INJ_READER: inject(w, RV_INJ_LONG_READER, arg ? 70.0 : 1.0, 0, now_ms); break;
    case ACT_INJ_LOOP: inject(w, RV_INJ_KERNEL_LOOP, arg ? 70.0 : 1.0, 0, now_ms); break;
    case ACT_INJ_IDLE: {
        bool idle = st->sel_cpu >= 0 && st->sel_cpu < a->s[0].view.ncpus &&
                    (a->s[0].view.cpus[st->sel_cpu].state == RV_CPU_IDLE_NOHZ || a->s[0].view.cpus[st->sel_cpu].state == RV_CPU_IDLE_TICK);
        inject(w, idle ? RV_INJ_WAKE : RV_INJ_IDLE, 0, 0, now_ms);
        break;
    }
    case ACT_INJ_OFFLINE: {
        bool off = st->sel_cpu >= 0 && st->sel_cpu < a->s[0].view.ncpus && a->s[0].view.cpus[st->sel_cpu].state == RV_CPU_OFFLINE;
        inject(w, off ? RV_INJ_ONLINE : RV_INJ_OFFLINE, 0, 0, now_ms);
        break;
    }
    case ACT_INJ_BURST: inject(w, RV_INJ_CALL_RCU_BURST, 0, 1000, now_ms); break;
    case ACT_INJ_PREEMPT:
        if (!a->base.rcu.flavors[RV_PREEMPT]) { ui_win_status(w, now_ms, "rcu_preempt is not enabled in this scenario"); break; }
        inject(w, RV_INJ_PREEMPT_READER, 0.5, 0, now_ms);
        break;
    case ACT_INJ_SYNC: inject(w, RV_INJ_SYNCHRONIZE, 0, 0, now_ms); break;
    case ACT_FQS: inject(w, RV_INJ_FORCE_QS, 0, 0, now_ms); break;
    case ACT_BRANCH:
        if (a->nsessions && tt_branch_count(a->s[0].tt) > 1) {
            ui_app_switch_branch(a);
            ui_rec_branch_shown(w);
            ui_win_status(w, now_ms, "Branch %d of %d", tt_branch_current(a->s[0].tt) + 1, tt_branch_count(a->s[0].tt));
        } else ui_win_status(w, now_ms, "Only one branch: inject something after seeking back to start another");
        break;
    case ACT_DISMISS: st->error[0] = 0; break;
    case ACT_WORKBOOK: st->show_workbook = !st->show_workbook; break;
    case ACT_RESET:
        st->playing = false;
        ui_app_seek(a, 0);
        /* a reset of the lecture too: "let me start again" is Home, then PgDn, and that PgDn went on
         * from the old cue (cue 4 at 80 s), or said "That was the last cue" at t = 0 in compare. Before
         * cue 1, PgDn gives cue 1 with the mode and compare it sets, as after a fresh F5 */
        st->cue = -1;
        if (a->base.ncues) ui_win_status(w, now_ms, "Back to t = 0: PgDn starts the lecture at cue 1");
        else ui_win_status(w, now_ms, "Back to t = 0");
        break;
    default: break;
    }
}

/* Where a seek goes, in the clock's words: the moment itself when it lands 1 ns past one. */
static void fmt_dest(char *tb, size_t n, const ui_state *st, int64_t t)
{
    ui_fmt_time(tb, n, st->moment_ns >= 0 && t == st->moment_ns + 1 ? st->moment_ns : t);
}

/* A seek that may take many frames (seek.c bounds every one to a slice per frame) says at once
 * where it goes; ui_input_frame() then says how far it got. */
void ui_win_seek_to(ui_win *w, int64_t t, const char *what, double now_ms)
{
    int64_t now = ui_app_now(&w->app);
    int64_t from = w->app.nsessions ? tt_checkpoint_before(w->app.s[0].tt, t) : t;
    if (now <= t && now > from) from = now;
    w->pending_what[0] = 0;
    ui_app_seek(&w->app, t);
    if (!ui_app_seek_pending(&w->app)) return;
    w->pending_from = from;
    w->pending_to = t;
    snprintf(w->pending_what, sizeof w->pending_what, "%s", what);
    char tb[32];
    fmt_dest(tb, sizeof tb, &w->app.st, t);
    ui_win_status(w, now_ms, "To %s at %s: simulating there (any key stops)", what, tb);
}

/* A click or drag on the scrubber or the timeline. A far one (kernel-build near its end) reports its
 * progress as moments do: it said nothing for minutes. */
static void seek_at(ui_win *w, const ui_hit *h, int x, double now_ms)
{
    if (h->r.w <= 0) return;
    double f = (double)(x - h->r.x) / h->r.w;
    if (f < 0) f = 0;
    if (f > 1) f = 1;
    ui_win_seek_to(w, h->t0 + (int64_t)(f * (double)(h->t1 - h->t0)), "the time clicked", now_ms);
}

static void click(ui_win *w, int x, int y, double now_ms)
{
    ui_app *a = &w->app;
    ui_state *st = &a->st;
    const ui_hit *h = ui_hit_find(&a->fr, x, y);
    if (st->show_help) { st->show_help = false; return; }
    if (st->show_glossary) { ui_glossary_close(st); return; }
    if (st->show_picker) {
        if (h && h->kind == HIT_PICKER_ITEM && h->a < st->npicker) {
            st->show_picker = false;
            ui_win_open(w, st->picker_items[h->a], now_ms);
        } else if (!h || h->kind != HIT_PICKER_ITEM) st->show_picker = false;
        return;
    }
    /* the panel clicked is V's when the pointer is not on one (a clicker's PgDn hid it) */
    int p = st->focus_panel < 0 ? ui_layout_panel_at(&a->L, x, y, st->sel_cpu >= 0 || st->sel_node >= 0) : -1;
    if (p >= 0) st->last_panel = p;
    if (!h) return;
    switch (h->kind) {
    case HIT_CPU: {
        int cpu = h->a;
        if (cpu < 0) { /* heat-map row: a = -(first cpu) - 1, b = cols<<16 | cell width */
            int cw = h->b & 0xffff, cols = h->b >> 16;
            int col = cw > 0 ? (x - h->r.x) / cw : 0;
            if (col >= cols) col = cols - 1;
            cpu = -cpu - 1 + col;
        }
        if (cpu < a->base.cpus) { st->sel_cpu = st->sel_cpu == cpu ? -1 : cpu; st->sel_node = -1; }
        break;
    }
    case HIT_NODE_BIT: {
        const ui_view *v = &a->s[h->side < a->nsessions ? h->side : 0].view;
        if (h->a < v->nnodes) {
            const rv_node_view *n = &v->nodes[h->a];
            bool leaf = n->nchildren == 0;
            if (leaf) { st->sel_cpu = n->grplo + h->b; st->sel_node = h->a; }
            else { st->sel_cpu = -1; st->sel_node = n->first_child + h->b; }
        }
        break;
    }
    case HIT_NODE: st->sel_node = st->sel_node == h->a ? -1 : h->a; st->sel_cpu = -1; break;
    case HIT_SCRUB:
    case HIT_TIMELINE:
        w->dragging = true;
        w->drag_hit = *h;
        st->playing = false;
        st->status[0] = 0; /* "Back to t = 0" stayed on after a click took the window to 5 s */
        seek_at(w, h, x, now_ms);
        break;
    case HIT_BUTTON: ui_input_action(w, h->a, h->b, now_ms); break;
    case HIT_BANNER: st->error[0] = 0; break;
    case HIT_WORKBOOK: ui_workbook_click(a, h, now_ms); break;
    default: break;
    }
}

static void key(ui_win *w, const SDL_KeyboardEvent *k, double now_ms)
{
    ui_app *a = &w->app;
    ui_state *st = &a->st;
    SDL_Keycode sym = k->keysym.sym;
    Uint16 mod = k->keysym.mod;
    bool ctrl = mod & KMOD_CTRL, shift = mod & KMOD_SHIFT;
    if (ctrl && sym == SDLK_q) { w->quit = true; return; } /* whatever is open: picker, caption editor, workbook */
    if (st->show_picker) {
        if (sym == SDLK_ESCAPE) st->show_picker = false;
        else if (sym == SDLK_DOWN && st->picker_sel + 1 < st->npicker) { st->picker_sel++; picker_describe(w); }
        else if (sym == SDLK_UP && st->picker_sel > 0) { st->picker_sel--; picker_describe(w); }
        else if ((sym == SDLK_RETURN || sym == SDLK_KP_ENTER) && st->npicker) {
            st->show_picker = false;
            ui_win_open(w, st->picker_items[st->picker_sel], now_ms);
        }
        return;
    }
    /* a status line is about the last action: the next key makes it stale ("Back to t = 0" after J) */
    if (!k->repeat) st->status[0] = 0;
    /* the glossary overlay's search (glossary_search.c): / or Ctrl+F, then typing goes to it */
    if (ui_glossary_key(w, k)) return;
    /* the glossary overlay: arrows scroll it, G or Esc close it; other keys work as usual */
    if (st->show_glossary && !ctrl && (sym == SDLK_DOWN || sym == SDLK_UP)) {
        st->glossary_scroll += sym == SDLK_DOWN ? 3 : -3;
        if (st->glossary_scroll < 0) st->glossary_scroll = 0;
        return;
    }
    if (ui_rec_key(w, k, now_ms)) return; /* record.c: caption editor (F2), cue stop (F3), Ctrl+S save as scenario */
    /* the workbook column gets the keys first while it is shown (typing an answer, a b c...) */
    if (st->show_workbook && !st->show_help && ui_workbook_key(a, k, now_ms)) return;
    if (ctrl) {
        switch (sym) {
        case SDLK_o: ui_input_action(w, ACT_OPEN, 0, now_ms); return;
        case SDLK_b: ui_input_action(w, ACT_BRANCH, 0, now_ms); return;
        case SDLK_e: export_numbers(w, now_ms); return;
        case SDLK_r:
            if (a->source[0]) {
                if (ui_win_open(w, a->source, now_ms) == 0) ui_win_status(w, now_ms, "Reloaded %s", a->source);
            } else ui_win_status(w, now_ms, "The built-in demo has no file to reload");
            return;
        case SDLK_EQUALS: case SDLK_PLUS: case SDLK_KP_PLUS:
            /* at the cap the asked scale stays as it is (the big screen's): raising it there changed
             * nothing on screen and only grew the number kept for later */
            if (st->scale_capped > 0) {
                ui_win_status(w, now_ms, "Scale capped at %.0f%%, the most that fits (asked %.0f%%, kept for a larger window; V enlarges a panel)",
                              st->scale_capped * 100, st->ui_scale * 100);
                return;
            }
            set_scale(w, st->ui_scale * 1.15f, now_ms);
            return;
        case SDLK_MINUS: case SDLK_KP_MINUS:
            /* smaller than what shows: from 150 % capped at 115 %, one press asked 130 % and nothing moved */
            set_scale(w, (st->scale_capped > 0 ? st->scale_capped : st->ui_scale) / 1.15f, now_ms);
            return;
        case SDLK_0: case SDLK_KP_0: set_scale(w, 1.0f, now_ms); return;
        case SDLK_RIGHT: st->playing = false; ui_app_step(a, TT_STEP_PHASE, false); return;
        case SDLK_LEFT: st->playing = false; ui_app_step(a, TT_STEP_PHASE, true); return;
        default: return;
        }
    }
    switch (sym) {
    case SDLK_SPACE: case SDLK_PERIOD:
        /* Space over a far seek stops it, and only that: it also started playback from there, and the
         * clock ran on from a picture the user had meant to halt (a QA pass, End over kernel-build) */
        if (w->stopped_what[0]) { st->playing = false; break; }
        ui_input_action(w, ACT_PLAY, 0, now_ms);
        break;
    case SDLK_RIGHT: case SDLK_LEFT: {
        bool back = sym == SDLK_LEFT;
        st->playing = false;
        if (!shift) ui_app_step(a, TT_STEP_TICK, back);
        else if (!st->event_filter) ui_app_step(a, TT_STEP_EVENT, back);
        else if (!ui_app_step_match(a, -1, back)) /* E: only events of the flavor shown (and selected CPU) */
            ui_win_status(w, now_ms, back ? "No earlier event of %s%s found (E turns the filter off)"
                                          : "No event of %s%s in the next stretch (E turns the filter off)",
                          rv_flavor_name(st->flavor), st->sel_cpu >= 0 ? " on the selected CPU" : "");
        break;
    }
    case SDLK_e: /* filter event steps to the flavor shown and the selected CPU */
        st->event_filter = !st->event_filter;
        if (!st->event_filter) ui_win_status(w, now_ms, "Event steps: every event again");
        else if (st->sel_cpu >= 0) ui_win_status(w, now_ms, "Event steps (Shift+arrows) and R: %s events of CPU %d only", rv_flavor_name(st->flavor), st->sel_cpu);
        else ui_win_status(w, now_ms, "Event steps (Shift+arrows): %s events only (select a CPU to narrow further)", rv_flavor_name(st->flavor));
        break;
    case SDLK_r: { /* next (Shift: previous) QS report of the flavor shown: lands right after it */
        st->playing = false;
        bool cpu = st->event_filter && st->sel_cpu >= 0;
        if (ui_app_step_match(a, RV_EV_QS_REPORT, shift))
            ui_win_status(w, now_ms, "%s QS report of %s%s", shift ? "Previous" : "Next", rv_flavor_name(st->flavor), cpu ? " by the selected CPU" : "");
        else
            ui_win_status(w, now_ms, "No %s QS report of %s%s %s", shift ? "earlier" : "further", rv_flavor_name(st->flavor),
                          cpu ? " by the selected CPU" : "", shift ? "found" : "in the next stretch (press again to look further)");
        break;
    }
    case SDLK_PAGEDOWN: case SDLK_PAGEUP: /* presenter clickers send these: cue to cue when the scenario has cues */
        hide_tip_until_the_mouse_moves(a);
        if (a->base.ncues) cue_step(w, sym == SDLK_PAGEUP, now_ms);
        else {
            st->playing = false;
            ui_app_step(a, TT_STEP_PHASE, sym == SDLK_PAGEUP);
        }
        break;
    case SDLK_n: case SDLK_d: case SDLK_f: case SDLK_s: { /* next (Shift: previous) moment of the flavor shown */
        enum ui_moment m = sym == SDLK_n ? UI_MOMENT_GP_START : sym == SDLK_d ? UI_MOMENT_GP_END
                         : sym == SDLK_f ? UI_MOMENT_FQS : UI_MOMENT_STALL;
        /* to a GP start, end or FQS pass: step the engine to the event itself (or back to it). The history
         * that ui_app_find_moment() reads thins old moments (hackbench has ~20 FQS passes a ms), and F
         * once skipped 8 s of them. The step also names the CPU whose softirq or kthread did it. */
        int ev_cpu = -1;
        int64_t t = m != UI_MOMENT_STALL ? ui_app_step_to_moment(a, m, shift, &ev_cpu) : -1;
        /* else at most ~80 ms of looking ahead per key (input answers within 100 ms); the background
         * look-ahead goes on, and pressing again looks further */
        if (t < 0) t = ui_app_find_moment(a, m, shift, 80);
        if (t < 0) {
            char tb[32];
            ui_fmt_time(tb, sizeof tb, a->nsessions ? tt_known_until(a->s[a->nsessions - 1].tt) : 0);
            if (shift) ui_win_status(w, now_ms, "No %s of %s before now", ui_moment_name(m), rv_flavor_name(st->flavor));
            else ui_win_status(w, now_ms, "No %s of %s up to %s (simulated so far; press again later to look further)",
                               ui_moment_name(m), rv_flavor_name(st->flavor), tb);
            break;
        }
        st->playing = false;
        /* on the moment itself (one ns past it: the state right after it happened), over frames when far */
        char what[96];
        snprintf(what, sizeof what, "the %s of %s", ui_moment_name(m), rv_flavor_name(st->flavor));
        st->moment_ns = t < ui_app_end(a) ? t : -1; /* the clock names the moment, not the landing 1 ns later */
        ui_win_seek_to(w, t < ui_app_end(a) ? t + 1 : t, what, now_ms);
        if (!ui_app_seek_pending(&w->app)) {
            if (ev_cpu >= 0) ui_win_status(w, now_ms, "%s of %s, on CPU %d", ui_moment_name(m), rv_flavor_name(st->flavor), ev_cpu);
            else ui_win_status(w, now_ms, "%s of %s", ui_moment_name(m), rv_flavor_name(st->flavor));
        }
        ui_rec_landed(w, (int)m, st->flavor, t); /* an injection now is recorded after this moment */
        break;
    }
    case SDLK_F5: st->presenting = !st->presenting; hide_tip_until_the_mouse_moves(a); break;
    case SDLK_m: case SDLK_x: case SDLK_z: case SDLK_u: { /* configuration, re-simulated at this moment (and recorded) */
        enum ui_knob kn = sym == SDLK_m ? UI_KNOB_MODE : sym == SDLK_x ? UI_KNOB_GP_FIX
                        : sym == SDLK_z ? (shift ? UI_KNOB_FAST_NO_HZ : UI_KNOB_NO_HZ)
                        : shift ? UI_KNOB_CPUS_FEWER : UI_KNOB_CPUS_MORE;
        char msg[600];
        ui_app_turn(a, kn, msg, sizeof msg);
        ui_win_status(w, now_ms, "%s", msg);
        break;
    }
    case SDLK_BACKSPACE: { /* undo M X Z U (and --set): the file's configuration, which the cues describe */
        char msg[600];
        ui_app_restore_file_config(a, msg, sizeof msg);
        ui_win_status(w, now_ms, "%s", msg);
        break;
    }
    case SDLK_LEFTBRACKET: ui_input_action(w, ACT_SLOWER, 0, now_ms); break;
    case SDLK_RIGHTBRACKET: ui_input_action(w, ACT_FASTER, 0, now_ms); break;
    case SDLK_0: set_speed(w, 0.01, now_ms); break;
    case SDLK_HOME: ui_input_action(w, ACT_RESET, 0, now_ms); break;
    case SDLK_END: {
        st->playing = false;
        /* the run's end, as the scrubber draws it, not the end of what the look-ahead has simulated so
         * far: compared, or early in a long run, that was somewhere mid-run with the scrubber's end
         * still ahead. Far away it is reached over frames (any key stops), as a click there is */
        int64_t end = ui_app_end(a);
        /* the lecture goes to the end with the clock, as Home takes it back to before cue 1: PgDn then
         * says it was the last cue and PgUp gives the one before, where they went on from the cue
         * left (PgDn after End went back to cue 2 at 4.52 s). Other seeks (a click on the scrubber,
         * J, S) are a digression: PgDn goes on with the lecture from the cue left */
        /* never backwards: with C turning cue 3's comparison off, End from hackbench's last cue put
         * the lecture back at cue 1, and PgDn brought cue 2 (a QA pass) */
        if (a->base.ncues) {
            int reached = ui_app_cue_reached(a, end);
            if (reached > st->cue) st->cue = reached;
        }
        ui_win_seek_to(w, end, END_OF_RUN, now_ms);
        if (!ui_app_seek_pending(a)) ui_win_say_at_the_end(w, now_ms);
        break;
    }
    case SDLK_1: case SDLK_2: case SDLK_3: ui_input_action(w, ACT_FLAVOR, (int)(sym - SDLK_1), now_ms); break;
    case SDLK_l: ui_input_action(w, ACT_INJ_READER, shift, now_ms); break;
    case SDLK_k: ui_input_action(w, ACT_INJ_LOOP, shift, now_ms); break;
    case SDLK_i: ui_input_action(w, ACT_INJ_IDLE, 0, now_ms); break;
    case SDLK_o: ui_input_action(w, ACT_INJ_OFFLINE, 0, now_ms); break;
    case SDLK_b: ui_input_action(w, ACT_INJ_BURST, 0, now_ms); break;
    case SDLK_p: ui_input_action(w, ACT_INJ_PREEMPT, 0, now_ms); break;
    case SDLK_y: ui_input_action(w, ACT_INJ_SYNC, 0, now_ms); break;
    case SDLK_q: ui_input_action(w, ACT_FQS, 0, now_ms); break;
    case SDLK_c: ui_input_action(w, ACT_COMPARE, 0, now_ms); break;
    case SDLK_w: ui_input_action(w, ACT_WORKBOOK, 0, now_ms); break;
    case SDLK_g:
        if (st->show_glossary) ui_glossary_close(st);
        else {
            ui_glossary_close(st); /* opens on every entry */
            st->show_glossary = true;
            st->glossary_scroll = 0;
        }
        st->show_help = false; st->show_picker = false;
        break;
    case SDLK_TAB: { /* select the next / previous CPU without the mouse (presenting) */
        int n = a->base.cpus > 0 ? a->base.cpus : 1;
        st->sel_cpu = st->sel_cpu < 0 ? (shift ? n - 1 : 0) : (st->sel_cpu + (shift ? n - 1 : 1)) % n;
        st->sel_node = -1;
        break;
    }
    case SDLK_j: { /* jump to the next caption (timed or triggered) or stall warning: the moments a lesson is about */
        /* a short look ahead only (a key must answer at once); the background look-ahead goes on */
        int64_t best = ui_app_next_caption(a, 20);
        if (best < 0) {
            /* "that is known so far" only while the look-ahead has not reached the run's end */
            bool all_known = a->nsessions > 0;
            for (int i = 0; i < a->nsessions; i++) all_known &= tt_known_until(a->s[i].tt) >= ui_app_end(a);
            ui_win_status(w, now_ms, "No caption or stall ahead%s", all_known ? " in the run" : " (that is known so far)");
            break;
        }
        st->playing = false;
        /* on the moment itself; far ahead (kernel-build's next caption is 2 hours away) it is
         * reached over frames, and the status line says so from the first one */
        st->moment_ns = best < ui_app_end(a) ? best : -1;
        ui_win_seek_to(w, best < ui_app_end(a) ? best + 1 : best, "the next caption or stall warning", now_ms);
        break;
    }
    case SDLK_t:
        st->theme = (st->theme + 1) % UI_NTHEMES;
        w->settings.theme = st->theme;
        { char e[256]; ui_settings_save(&w->settings, e, sizeof e); }
        break;
    case SDLK_SLASH: if (shift) ui_input_action(w, ACT_HELP, 0, now_ms); break;
    case SDLK_QUESTION: case SDLK_F1: case SDLK_h: ui_input_action(w, ACT_HELP, 0, now_ms); break;
    case SDLK_F11: w->toggle_fullscreen = true; break;
    case SDLK_F12: save_picture(w, now_ms); break;
    case SDLK_v: ui_win_focus_key(w, now_ms); break; /* one panel fills the window (focus.c) */
    case SDLK_ESCAPE:
        if (st->show_help) st->show_help = false;
        else if (st->show_glossary) ui_glossary_close(st);
        else if (st->focus_panel >= 0) ui_win_focus_off(w, now_ms);
        else if (st->error[0]) st->error[0] = 0;
        else { st->sel_cpu = -1; st->sel_node = -1; }
        break;
    default: break;
    }
}

/* Where End left the lecture: the top bar names a cue only while it narrates the moment on screen, so
 * after End over hackbench (cue 1 at 0.3 s, the run's end at 60 s) the presenter saw no title and could
 * not tell that PgDn would bring cue 2 (a lecturer's walk-through). The status line says it. */
void ui_win_say_at_the_end(ui_win *w, double now_ms)
{
    const rv_config *c = &w->app.base;
    int next = w->app.st.cue + 1;
    if (!c->ncues) ui_win_status(w, now_ms, "End of the run (Home goes back to 0)");
    else if ((size_t)next < c->ncues)
        ui_win_status(w, now_ms, "End of the run. PgDn: cue %d of %zu, %s (Home goes back to 0)", next + 1, c->ncues,
                      ui_cue_title_unnumbered(c->cues[next].title, next + 1));
    else ui_win_status(w, now_ms, "End of the run, past the lecture's last cue (Home goes back to 0)");
}

void ui_input_frame(ui_win *w, double now_ms)
{
    if (w->dragging && w->drag_pending) seek_at(w, &w->drag_hit, w->drag_x, now_ms);
    else ui_app_seek_continue(&w->app, SEEK_SLICE_MS); /* a far seek, a slice per frame (seek.c) */
    w->drag_pending = false;
    if (!w->pending_what[0]) return; /* only moments and End report their progress */
    char tb[32];
    fmt_dest(tb, sizeof tb, &w->app.st, w->pending_to);
    if (!ui_app_seek_pending(&w->app)) {
        if (ui_app_now(&w->app) >= w->pending_to) {
            if (w->pending_to == ui_app_end(&w->app) && !strcmp(w->pending_what, END_OF_RUN)) ui_win_say_at_the_end(w, now_ms);
            else ui_win_status(w, now_ms, "At %s, %s", w->pending_what, tb);
        }
        w->pending_what[0] = 0;
        return;
    }
    w->app.st.playing = false;
    double span = (double)(w->pending_to - w->pending_from);
    int pct = span > 0 ? (int)(100.0 * (double)(ui_app_now(&w->app) - w->pending_from) / span) : 0;
    ui_win_status(w, now_ms, "To %s at %s: %d %% simulated (any key stops)", w->pending_what, tb, pct);
}

/* A key or a click stopped a seek on its way to the lecture cue the top bar announced: say where the
 * picture stopped, instead of leaving "Cue 3 of 3" over a moment that is not the cue's (a student
 * compared 1.04 s figures with cue 3's caption). A key that moves on (PgDn, the page's cue buttons) says its own. */
static void stopped_short_of_cue(ui_win *w, double now_ms)
{
    ui_app *a = &w->app;
    int c = a->st.cue;
    if (w->stopped_seek < 0 || c < 0 || (size_t)c >= a->base.ncues) return;
    int64_t at = (int64_t)(a->base.cues[c].at_s * 1e9 + 0.5), end = ui_app_end(a);
    if (w->stopped_seek != (at < end ? at + 1 : end)) return; /* ui_app_seek_moment()'s target: not this cue's */
    char tb[32];
    ui_fmt_time(tb, sizeof tb, ui_app_now(a));
    ui_win_status(w, now_ms, "Stopped at %s on the way to cue %d (PgDn goes on)", tb, c + 1);
}

void ui_input_event(ui_win *w, const SDL_Event *ev, double now_ms)
{
    ui_state *st = &w->app.st;
    float k = w->mouse_in_pixels ? 1 : w->hidpi > 0 ? w->hidpi : 1;
    /* a key or a click (Home, End, Ctrl+Q, a button...) overrides a far seek under way */
    w->stopped_seek = -1;
    w->stopped_what[0] = 0;
    if (ev->type == SDL_KEYDOWN || ev->type == SDL_MOUSEBUTTONDOWN) {
        w->stopped_seek = w->app.pending_seek;
        /* its words go with it: X during End's run over kernel-build re-simulated to the moment (a seek
         * of its own) and the status went on "To the end of the run ...: -1 % simulated" (a QA pass) */
        if (w->stopped_seek >= 0 && w->pending_what[0]) snprintf(w->stopped_what, sizeof w->stopped_what, "%s", w->pending_what);
        w->pending_what[0] = 0;
        ui_app_seek_cancel(&w->app);
    }
    switch (ev->type) {
    case SDL_QUIT: w->quit = true; break;
    case SDL_KEYDOWN: key(w, &ev->key, now_ms); break;
    case SDL_TEXTINPUT: if (!ui_glossary_text(w, ev->text.text)) ui_rec_text(w, ev->text.text); break;
    case SDL_MOUSEBUTTONDOWN:
        if (ev->button.button == SDL_BUTTON_LEFT) {
            int x = (int)(ev->button.x * k), y = (int)(ev->button.y * k);
            click(w, x, y, now_ms);
            /* in the workbook column a press may also drag its text (a tablet's finger) */
            w->wb_dragging = ui_workbook_press(&w->app, x, y);
        }
        break;
    case SDL_MOUSEBUTTONUP:
        if (w->drag_pending) seek_at(w, &w->drag_hit, w->drag_x, now_ms);
        w->drag_pending = false;
        w->dragging = false;
        if (w->wb_dragging) ui_workbook_release(&w->app);
        w->wb_dragging = false;
        break;
    case SDL_MOUSEMOTION: {
        int x = (int)(ev->motion.x * k), y = (int)(ev->motion.y * k);
        w->app.fr.mouse_x = x;
        w->app.fr.mouse_y = y;
        w->point_x = x, w->point_y = y, w->pointer_seen = true;
        if (w->dragging) { w->drag_x = x; w->drag_pending = true; break; }
        if (w->wb_dragging) { ui_workbook_drag(&w->app, y); break; }
        const ui_hit *h = ui_hit_find(&w->app.fr, x, y);
        st->hover_cpu = (h && h->kind == HIT_CPU && h->a >= 0) ? h->a : -1;
        break;
    }
    case SDL_MOUSEWHEEL: {
        int mx, my;
        SDL_GetMouseState(&mx, &my);
        int px = (int)(mx * k), py = (int)(my * k);
        if (w->pointer_seen) px = w->point_x, py = w->point_y; /* the last motion's, in the same pixels */
        const ui_hit *h = ui_hit_find(&w->app.fr, px, py);
        int dy = ev->wheel.y;
        if (ui_workbook_wheel(&w->app, px, py, dy)) break; /* "more below: wheel ..." */
        if (h && h->kind == HIT_KLOG) {
            st->klog_scroll += dy * 3;
            if (st->klog_scroll < 0) st->klog_scroll = 0;
            if (st->klog_scroll > UI_KLOG_LINES) st->klog_scroll = UI_KLOG_LINES;
        } else if (h && h->kind == HIT_GLOSSARY) {
            st->glossary_scroll -= dy * 2;
            if (st->glossary_scroll < 0) st->glossary_scroll = 0;
        } else if (h && h->kind == HIT_ACCT) {
            st->acct_scroll -= dy * 2;
            if (st->acct_scroll < 0) st->acct_scroll = 0;
            if (st->acct_scroll > 60) st->acct_scroll = 60;
        } else if (h && h->kind == HIT_WHY) {
            st->why_scroll -= dy * 2;
            if (st->why_scroll < 0) st->why_scroll = 0;
            if (st->why_scroll > 200) st->why_scroll = 200;
        } else if (h && (h->kind == HIT_TIMELINE || h->kind == HIT_SCRUB)) {
            double f = pow(1.5, -dy);
            int64_t end = ui_app_end(&w->app), s = (int64_t)(panel_timeline_span(st, end) * f);
            st->timeline_manual = true;
            if (s < 1000000) s = 1000000;
            if (s > 3600LL * 1000000000LL) s = 3600LL * 1000000000LL;
            if (end > 0 && s > end) s = end; /* the whole run is as far as zooming out goes */
            st->timeline_span = s;
        }
        break;
    }
    case SDL_DROPFILE:
        if (ev->drop.file) {
            st->show_picker = false;
            ui_win_open(w, ev->drop.file, now_ms);
            SDL_free(ev->drop.file);
        }
        break;
    default: break;
    }
    /* after the key's own handling, which clears the status and may post its own */
    if (w->stopped_seek >= 0 && (!st->status[0] || !strncmp(st->status, "Cue ", 4)) && w->app.pending_seek < 0)
        stopped_short_of_cue(w, now_ms); /* a click leaves "Cue 3 of 3: ..." standing: replaced too */
    /* a far seek a key stopped (End, J, N...) says where it stopped, unless the key said something else
     * (a QA pass stopped End's run over kernel-build and nothing said where the picture stood) */
    if (w->stopped_what[0] && w->app.pending_seek < 0 &&
        (!st->status[0] || !strncmp(st->status, "To ", 3))) {
        char tb[32];
        ui_fmt_time(tb, sizeof tb, ui_app_now(&w->app));
        ui_win_status(w, now_ms, "Stopped at %s on the way to %s", tb, w->stopped_what);
    }
}
