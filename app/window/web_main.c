/* web_main.c — the browser build's frame: what one turn of window.c's loop does, called by the browser. */
#ifdef __EMSCRIPTEN__
#include "commands.h"
#include "window/web.h"
#include "window/web_url.h"
#include "window/workbook_hooks.h"

#include <ctype.h>
#include <emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * The same cmd_window() as the desktop sets everything up; its while loop cannot run in a page
 * (the browser would never get to paint), so window.c hands over to web_run_loop() instead and
 * web_frame() below does what one turn of that loop does. Keep the two in step: this is a copy
 * of window.c's loop body with the idle wait replaced by "skip drawing while nothing changes".
 */

static ui_win *g_w;
static SDL_Window *g_win;
static SDL_Renderer *g_ren;
static void shipped_name(char *name, size_t n);
static char g_hash_source[1024]; /* the scenario the address names (web_sync_hash()) */
static int g_hash_cue = -1;       /* the lecture cue the address names, 0-based (-1: none written) */
static char g_title[256];
static web_url g_url = {.cpu = -1, .theme = -1}; /* set by web_entry.c from the page URL */
static long g_frames;
static double g_last_draw_ms;
static double g_frame_cost_ms;  /* smoothed time spent in web_frame per drawn frame (bench-web prints it) */
/* the same, per phase: advance the engine, look ahead (history), draw the panels, present the picture */
enum { PH_ADVANCE, PH_EXPLORE, PH_DRAW, PH_PRESENT, PH_N };
static double g_phase_ms[PH_N], g_phase_now[PH_N];
/* the cheapest of the last FRAME_WINDOW drawn frames, whole and per phase: on a loaded machine the
 * averages above include time the program was not running; the minimum is close to what a frame
 * costs when the program has the core (bench-web prints both) */
#define FRAME_WINDOW 120
static double g_recent[FRAME_WINDOW][PH_N + 1];

/* the page shows fatal messages (a bad URL, a scenario that does not load) where a terminal would */
EM_JS(void, page_error_js, (const char *msg), {
    if (typeof rcuvisPageError === "function") rcuvisPageError(UTF8ToString(msg));
});
void web_page_error(const char *msg) { page_error_js(msg); }

/* tell the page a frame is on screen: tests and the loading overlay wait for it */
EM_JS(void, web_page_frame, (long frames, double sim_s, int playing, int ncues, int workbook, int dark), {
    if (typeof rcuvisPageFrame === "function") rcuvisPageFrame(frames, sim_s, playing, ncues, workbook, dark);
});
EM_JS(int, web_page_width, (void), { return Math.max(640, window.innerWidth | 0); });
/* the page keeps a bar under the canvas (open a file, link to this moment) */
EM_JS(int, web_page_height, (void), {
    var bar = document.getElementById("bar");
    return Math.max(420, (window.innerHeight - (bar ? bar.offsetHeight : 0)) | 0);
});

/* Device pixels per CSS pixel (a MacBook 2, a laptop at 125 % scaling or a zoomed page 1.25), kept
 * within 1..3: at 3 the software renderer already fills nine times the pixels */
static double web_dpr(void)
{
    double r = emscripten_get_device_pixel_ratio();
    return r >= 1 && r <= 3 ? r : r > 3 ? 3 : 1;
}
/* the canvas's place on the page, in CSS pixels; its backing store is the SDL window, in device pixels */
EM_JS(void, web_canvas_css_size, (int w, int h), {
    var c = document.getElementById("canvas");
    if (c) { c.style.width = w + "px"; c.style.height = h + "px"; }
});

static double wall_ms(void) { return emscripten_get_now(); }

/* The lecture's place in the address, when the address is a plain one ("name", "name&cue=N", with a
 * cpu= that the next cue's own selection replaces): one that also sets a time, a mode or a setting
 * means more than a cue, and a cue link may not name a mode, so it is left as it is. */
EM_JS(void, web_page_set_cue_hash, (const char *name, int cue), {
    if (!/^#?[A-Za-z0-9_-]*(&cue=[0-9]+)?(&cpu=[0-9]+)?$/.test(location.hash)) return;
    history.replaceState(null, "", location.pathname + location.search + "#" + UTF8ToString(name) + "&cue=" + cue);
});

EM_JS(void, web_page_set_hash, (const char *frag), {
    var f = UTF8ToString(frag);
    history.replaceState(null, "", location.pathname + location.search + (f ? "#" + f : ""));  // no hashchange, no reload
});

/* Another scenario opened (the list, a dropped file, show me): the address names it, or nothing for a
 * file from the student's disk, so that a reload or a copied address brings back what is on screen
 * (it kept the first link's scenario). The first scenario is the link's own: its address stays. */
static void web_sync_hash(void)
{
    /* a lecture's place too: a student at cue 3 who reloaded the page was back at cue 1, the link's */
    int cue = g_w->app.st.cue;
    if (!strcmp(g_hash_source, g_w->app.source)) {
        if (cue == g_hash_cue || cue < 0 || (size_t)cue >= g_w->app.base.ncues) return;
        g_hash_cue = cue;
        char name[80];
        shipped_name(name, sizeof name);
        if (!name[0]) return; /* a file from the student's disk: no address can bring it back */
        web_page_set_cue_hash(name, cue + 1);
        return;
    }
    bool first = !g_hash_source[0];
    snprintf(g_hash_source, sizeof g_hash_source, "%s", g_w->app.source);
    g_hash_cue = first ? cue : -1; /* the link's own cue is already in the address */
    if (first) return;
    char name[80];
    shipped_name(name, sizeof name);
    web_page_set_hash(name);
}

/* The moment the URL names: its cue first (time, flavor, selection, compare, as PgDn), then t
 * moves the time and cpu the selection. Anything the scenario does not have is refused with the
 * reason in err (-1): a teacher's link that silently showed another moment would mislead a class. */
static int apply_url_moment(ui_win *w, char *err, size_t errlen)
{
    ui_state *st = &w->app.st;
    const char *name = g_url.scenario[0] ? g_url.scenario : "the default scenario";
    int64_t end = ui_app_end(&w->app);
    if (g_url.has_t && (int64_t)(g_url.t_s * 1e9 + 0.5) > end) {
        snprintf(err, errlen, "URL fragment: t=%g is past the end of %s (%.3f s)", g_url.t_s, name, end / 1e9);
        return -1;
    }
    if (g_url.cpu >= w->app.base.cpus) {
        snprintf(err, errlen, "URL fragment: cpu=%d, but %s has CPUs 0..%d", g_url.cpu, name, w->app.base.cpus - 1);
        return -1;
    }
    if (g_url.cue > 0) {
        char e2[256] = "";
        if ((size_t)g_url.cue > w->app.base.ncues) {
            if (w->app.base.ncues) snprintf(err, errlen, "URL fragment: cue=%d, but %s has cues 1..%zu", g_url.cue, name, w->app.base.ncues);
            else snprintf(err, errlen, "URL fragment: cue=%d, but %s has no lecture cues (name a time with t=)", g_url.cue, name);
            return -1;
        }
        if (ui_app_goto_cue(&w->app, g_url.cue - 1, e2, sizeof e2) != 0) {
            snprintf(err, errlen, "URL fragment: cue=%d: %s", g_url.cue, e2[0] ? e2 : "could not go there");
            return -1;
        }
        /* where in the lecture the link lands, as PgDn says it: a student following a cue link did not
         * know it was one, nor that PgDn (or "Cue ▶") goes on */
        const rv_cue *q = &w->app.base.cues[g_url.cue - 1];
        if (!g_url.has_t)
            ui_win_status(w, wall_ms(), "Cue %d of %zu%s%s (%s)", g_url.cue, w->app.base.ncues, q->title[0] ? ": " : "", ui_cue_title_unnumbered(q->title, g_url.cue),
                          (size_t)g_url.cue < w->app.base.ncues ? "PgDn or \"Cue ▶\" goes on" : "the last; PgUp goes back");
    }
    if (g_url.has_t) {
        st->playing = false;
        /* kernel-build at t=3600 simulates for tens of seconds: the status says how far it got, where
         * the picture's intermediate moments looked like the link had opened at the wrong time */
        ui_win_seek_to(w, (int64_t)(g_url.t_s * 1e9 + 0.5), "the link's moment", wall_ms());
    }
    if (g_url.cpu >= 0) { st->sel_cpu = g_url.cpu; st->sel_node = -1; }
    return 0;
}

static void web_frame(void)
{
    ui_win *w = g_w;
    double now = wall_ms();
    SDL_Event ev;
    bool had_event = false;
    while (SDL_PollEvent(&ev)) {
        had_event = true;
        if (ev.type == SDL_WINDOWEVENT && (ev.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
                                           ev.window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED))
            w->scale_changed = true;
        ui_input_event(w, &ev, wall_ms());
    }
    if (w->quit) {
        /* q in a page: keep the picture, stop the loop, save the settings as the desktop does */
        char e2[256];
        ui_settings_save(&w->settings, e2, sizeof e2);
        web_files_frame(wall_ms());
        emscripten_cancel_main_loop();
        web_page_error("rcuvis stopped (q). Reload the page to start again.");
        return;
    }
    ui_input_frame(w, wall_ms());
    now = wall_ms();
    /* The window is the canvas's backing store, in device pixels, shown at the page's size in CSS
     * pixels: sharp at any device pixel ratio, and SDL hands mouse events over in the same device
     * pixels (it scales them by window width / CSS width), hence mouse_in_pixels. */
    int pw = web_page_width(), ph = web_page_height(), ww, wh;
    double dpr = web_dpr();
    int tw = (int)(pw * dpr + 0.5), th = (int)(ph * dpr + 0.5);
    SDL_GetWindowSize(g_win, &ww, &wh);
    if (tw != ww || th != wh || (float)dpr != w->hidpi) {
        SDL_SetWindowSize(g_win, tw, th);
        web_canvas_css_size(pw, ph);
        w->hidpi = (float)dpr;
        w->scale_changed = true;
    }
    /* as the desktop loop: the scale refitted when the page, the UI scale, V's focus or compare
     * changed (ui_win_fit_scale(): V's panel takes its larger text here too) */
    if (ui_win_scale_stale(w)) {
        ui_win_fit_scale(w);
        had_event = true;
    }
    if (w->toggle_fullscreen) {
        bool fs = SDL_GetWindowFlags(g_win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
        SDL_SetWindowFullscreen(g_win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
        w->toggle_fullscreen = false;
        w->scale_changed = true;
    }
    ui_state *st = &w->app.st;
    ui_workbook_frame(&w->app, now);
    ui_win_adopt_seek(w);
    double t_adv = wall_ms();
    ui_win_play(w, now);
    ui_win_watch(w, now);
    if (ui_app_status_expire(&w->app, now)) had_event = true;
    char want[256];
    snprintf(want, sizeof want, "rcuvis — %s", w->app.name);
    if (strcmp(want, g_title)) { snprintf(g_title, sizeof g_title, "%s", want); SDL_SetWindowTitle(g_win, g_title); }
    bool busy = st->playing || w->dragging || w->exploring;
    double t_exp = wall_ms();
    g_phase_now[PH_ADVANCE] = t_exp - t_adv;
    w->exploring = ui_app_explore(&w->app, st->playing ? 4.0 : 8.0);
    double t_draw = wall_ms();
    g_phase_now[PH_EXPLORE] = t_draw - t_exp;
    /* paused and idle: the desktop sleeps up to 100 ms in its event wait; a page just skips the draw */
    if (!busy && !had_event && !w->want_screenshot && g_frames > 0 && now - g_last_draw_ms < 100) {
        web_files_frame(now);
        return;
    }
    ui_app_refresh_reports(&w->app, now, st->playing ? 250 : 0);
    ui_app_draw(&w->app, w->rd);
    double t_present = wall_ms();
    g_phase_now[PH_DRAW] = t_present - t_draw;
    if (w->want_screenshot) {
        /* F12: written to the downloads folder, which web_files_frame hands to the browser */
        char path[1200], err[512];
        w->want_screenshot = false;
        ui_win_shot_name(w, path, sizeof path);
        if (rd_save_png(w->rd, path, err, sizeof err) != 0) ui_win_status(w, now, "Screenshot failed: %s", err);
        else ui_win_status(w, now, "Screenshot downloaded: %s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
    }
    rd_end(w->rd);
    double done = wall_ms(), cost = done - now;
    g_phase_now[PH_PRESENT] = done - t_present;
    g_frame_cost_ms = g_frames ? 0.9 * g_frame_cost_ms + 0.1 * cost : cost;
    for (int i = 0; i < PH_N; i++) g_phase_ms[i] = g_frames ? 0.9 * g_phase_ms[i] + 0.1 * g_phase_now[i] : g_phase_now[i];
    double *slot = g_recent[g_frames % FRAME_WINDOW];
    for (int i = 0; i < PH_N; i++) slot[i] = g_phase_now[i];
    slot[PH_N] = cost;
    g_last_draw_ms = now;
    g_frames++;
    web_page_frame(g_frames, ui_app_now(&w->app) / 1e9, st->playing, (int)w->app.base.ncues, st->show_workbook,
                   st->theme == UI_THEME_DARK); /* the page's bar follows T: it stayed light under a dark picture */
    web_sync_hash();
    web_files_frame(now);
}

void web_run_loop(ui_win *w, SDL_Window *win, SDL_Renderer *ren)
{
    g_w = w;
    g_win = win;
    g_ren = ren;
    w->mouse_in_pixels = true;
    w->hidpi = 0; /* set from the page's device pixel ratio by the first frame */
    if (g_url.theme >= 0) w->app.st.theme = g_url.theme;
    char err[400];
    if (apply_url_moment(w, err, sizeof err) != 0) {
        /* the page shows why and nothing starts: no picture of some other moment */
        web_page_error(err);
        emscripten_exit_with_live_runtime();
    }
    w->last_frame_ms = wall_ms();
    w->scale_changed = true;
    /* 0 fps = requestAnimationFrame: the display's rate; 1 = unwind this stack, never return here */
    emscripten_set_main_loop(web_frame, 0, 1);
}

/* The page calls this for a file dropped on it or chosen in its Open dialog (copied into MEMFS
 * under /uploads): the same ui_win_open as a drop on the desktop window. A file that does not
 * load leaves the scenario on screen and shows the loader's message in the error banner. */
EMSCRIPTEN_KEEPALIVE int web_open(const char *path)
{
    if (!g_w) return -1;
    g_w->app.st.show_picker = false;
    return ui_win_open(g_w, path, wall_ms());
}

/* a shipped scenario's name ("omap-stall"), or "" for a file from the student's disk */
static void shipped_name(char *name, size_t n)
{
    const char *dir = "/rcuvis/scenarios/", *src = g_w->app.source;
    size_t k = 0;
    if (!strncmp(src, dir, strlen(dir)))
        for (const char *p = src + strlen(dir); *p && strcmp(p, ".json") && k < n - 1; p++)
            if (isalnum((unsigned char)*p) || *p == '-' || *p == '_') name[k++] = *p;
    name[k] = 0;
}

/* the cue whose moment is on screen (1-based), or 0: a link then names the cue, not a time */
static int cue_on_screen(void)
{
    const ui_app *a = &g_w->app;
    int c = a->st.cue;
    if (c < 0 || (size_t)c >= a->base.ncues) return 0;
    const rv_cue *q = &a->base.cues[c];
    int64_t at = (int64_t)(q->at_s * 1e9 + 0.5), end = ui_app_end(a);
    if (ui_app_now(a) != (at < end ? at + 1 : end)) return 0; /* ui_app_seek_moment's time */
    int cmp = ui_cue_view_at(&a->base, c).compare; /* as the cue= link would open it */
    if (cmp >= 0 && (cmp == 1) != a->st.compare) return 0;
    return c + 1;
}

static void json_str(char *out, size_t n, const char *s)
{
    size_t k = 0;
    for (; *s && k + 7 < n; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') { out[k++] = '\\'; out[k++] = (char)ch; }
        else if (ch < 0x20) k += (size_t)snprintf(out + k, n - k, "\\u%04x", ch);
        else out[k++] = (char)ch;
    }
    out[k] = 0;
}

/* the cheapest recent frame and the cheapest of each phase, as JSON numbers "whole,adv,exp,draw,present" */
static void recent_minima(char *out, size_t n)
{
    double m[PH_N + 1];
    long have = g_frames < FRAME_WINDOW ? g_frames : FRAME_WINDOW;
    for (int i = 0; i <= PH_N; i++) {
        m[i] = have ? g_recent[0][i] : 0;
        for (long f = 1; f < have; f++) if (g_recent[f][i] < m[i]) m[i] = g_recent[f][i];
    }
    snprintf(out, n, "%.2f,%.2f,%.2f,%.2f,%.2f", m[PH_N], m[PH_ADVANCE], m[PH_EXPLORE], m[PH_DRAW], m[PH_PRESENT]);
}

/* For tests and the page: the state a picture depends on, as JSON. */
/* The page's own buttons for what a tablet has no key for: the next lecture cue (forward: 1) or the
 * one before (PgDn / PgUp), and the workbook column (W). */
EMSCRIPTEN_KEEPALIVE int web_cue(int forward)
{
    if (!g_w) return -1;
    ui_input_action(g_w, ACT_CUE, forward ? 1 : 0, wall_ms());
    return 0;
}
EMSCRIPTEN_KEEPALIVE int web_workbook(void)
{
    if (!g_w) return -1;
    ui_input_action(g_w, ACT_WORKBOOK, 0, wall_ms());
    return 0;
}

EMSCRIPTEN_KEEPALIVE const char *web_state(void)
{
    static char buf[8192 + 2400];
    if (!g_w) return "{}";
    const ui_state *st = &g_w->app.st;
    char name[80], title[400], error[8192], status[1100], minima[128], gquery[120];
    shipped_name(name, sizeof name);
    json_str(title, sizeof title, g_w->app.name);
    json_str(error, sizeof error, st->error);
    json_str(status, sizeof status, st->status);
    recent_minima(minima, sizeof minima);
    json_str(gquery, sizeof gquery, st->glossary_query);
    snprintf(buf, sizeof buf, "{\"scenario\":\"%s\",\"external\":%d,\"name\":\"%s\",\"error\":\"%s\",\"t_ns\":%lld,\"frames\":%ld,"
             "\"playing\":%d,\"theme\":%d,\"status\":\"%s\",\"sel_cpu\":%d,\"compare\":%d,\"cue\":%d,\"picker\":%d,\"exploring\":%d,\"glossary\":%d,\"glossary_query\":\"%s\",\"frame_cost_ms\":%.2f,\"phase_ms\":[%.2f,%.2f,%.2f,%.2f],\"min_ms\":[%s]}",
             name, g_w->app.source[0] && !name[0] ? 1 : 0, title, error, (long long)ui_app_now(&g_w->app), g_frames,
             st->playing ? 1 : 0, st->theme, status, st->sel_cpu, st->compare ? 1 : 0, cue_on_screen(),
             st->show_picker ? 1 : 0, g_w->exploring ? 1 : 0, st->show_glossary ? 1 : 0, gquery, g_frame_cost_ms,
             g_phase_ms[PH_ADVANCE], g_phase_ms[PH_EXPLORE], g_phase_ms[PH_DRAW], g_phase_ms[PH_PRESENT], minima);
    return buf;
}

/* "Link to this moment": the URL fragment that opens what is on screen (web_url.h's grammar), or
 * "" for a scenario from the student's disk, which another browser cannot load, or "-" for settings a
 * link cannot carry. At a cue's moment
 * the link names the cue; otherwise the time in ns, the selected CPU and compare. */
EMSCRIPTEN_KEEPALIVE const char *web_link(void)
{
    static char buf[1024];
    char name[80];
    if (!g_w) return "";
    shipped_name(name, sizeof name);
    const ui_app *a = &g_w->app;
    if (!name[0] && a->source[0]) return "";
    int cue = cue_on_screen(), n;
    /* the mode the page was started in (&mode=), unless the cue (or one before it) sets compare */
    const char *mode = a->st.compare && !(cue && ui_cue_view_at(&a->base, cue - 1).compare == 1) ? "&mode=compare"
                       : !a->st.compare && a->mode_forced ? (a->forced_mode == RV_MODE_KTHREAD ? "&mode=kthread" : "&mode=softirq") : "";
    /* a cue sets its own view, and a link may not name a mode beside it (web_url.c): a view the cue
     * does not show (another mode, M pressed) is linked by its time, which keeps the mode */
    if (cue && mode[0]) cue = 0;
    if (cue) n = snprintf(buf, sizeof buf, "%s&cue=%d", name, cue);
    else {
        long long t = (long long)ui_app_now(a);
        char frac[16];
        snprintf(frac, sizeof frac, "%09lld", t % 1000000000LL);
        for (int k = 8; k >= 0 && frac[k] == '0'; k--) frac[k] = 0;
        n = snprintf(buf, sizeof buf, "%s&t=%lld%s%s%s", name, t / 1000000000LL, frac[0] ? "." : "", frac, mode);
    }
    if (a->st.sel_cpu >= 0 && n > 0 && (size_t)n < sizeof buf)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "&cpu=%d", a->st.sel_cpu);
    /* the view's changed settings (a workbook question's, M X Z U): without them the link opened another
     * run; one a link cannot carry makes no link (the page says so) rather than a wrong one */
    for (int i = 0; i < a->noverrides && i < WEB_URL_SETS; i++) {
        if (!web_url_set_ok(a->overrides[i]) || n <= 0 || (size_t)n >= sizeof buf) return "-";
        n += snprintf(buf + n, sizeof buf - (size_t)n, "&set=%s", a->overrides[i]);
    }
    if (a->noverrides > WEB_URL_SETS || n <= 0 || (size_t)n >= sizeof buf) return "-";
    return buf;
}

void web_set_url(const web_url *u) { g_url = *u; }
#endif
