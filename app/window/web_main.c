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
static char g_title[256];
static web_url g_url = {.cpu = -1, .theme = -1}; /* set by web_entry.c from the page URL */
static long g_frames;
static double g_last_draw_ms;
static double g_frame_cost_ms;  /* smoothed time spent in web_frame per drawn frame (bench-web prints it) */

/* the page shows fatal messages (a bad URL, a scenario that does not load) where a terminal would */
EM_JS(void, page_error_js, (const char *msg), {
    if (typeof rcuvisPageError === "function") rcuvisPageError(UTF8ToString(msg));
});
void web_page_error(const char *msg) { page_error_js(msg); }

/* tell the page a frame is on screen: tests and the loading overlay wait for it */
EM_JS(void, web_page_frame, (long frames, double sim_s, int playing), {
    if (typeof rcuvisPageFrame === "function") rcuvisPageFrame(frames, sim_s, playing);
});
EM_JS(int, web_page_width, (void), { return Math.max(640, window.innerWidth | 0); });
/* the page keeps a bar under the canvas (open a file, link to this moment) */
EM_JS(int, web_page_height, (void), {
    var bar = document.getElementById("bar");
    return Math.max(420, (window.innerHeight - (bar ? bar.offsetHeight : 0)) | 0);
});

static double wall_ms(void) { return emscripten_get_now(); }

/* the moment the URL names: t wins over cue; either one opens paused there */
static void apply_url_moment(ui_win *w)
{
    ui_state *st = &w->app.st;
    int64_t at = -1;
    if (g_url.has_t) at = (int64_t)(g_url.t_s * 1e9 + 0.5);
    else if (g_url.cue > 0) {
        if ((size_t)g_url.cue > w->app.base.ncaptions) {
            ui_win_status(w, wall_ms(), "The link asks for caption %d; this scenario has %zu", g_url.cue, w->app.base.ncaptions);
        } else at = (int64_t)(w->app.base.captions[g_url.cue - 1].at_s * 1e9);
    }
    if (at >= 0) {
        int64_t end = ui_app_end(&w->app);
        if (at > end) {
            ui_win_status(w, wall_ms(), "The link's time %.3f s is past the end of the run (%.3f s): shown at the end", at / 1e9, end / 1e9);
            at = end;
        }
        st->playing = false;
        ui_app_seek(&w->app, at);
    }
    if (g_url.cpu >= 0) {
        if (g_url.cpu < w->app.base.cpus) { st->sel_cpu = g_url.cpu; st->sel_node = -1; }
        else ui_win_status(w, wall_ms(), "The link selects CPU %d; this scenario has %d CPUs", g_url.cpu, w->app.base.cpus);
    }
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
    int pw = web_page_width(), ph = web_page_height(), ww, wh;
    SDL_GetWindowSize(g_win, &ww, &wh);
    if (pw != ww || ph != wh) { SDL_SetWindowSize(g_win, pw, ph); w->scale_changed = true; }
    if (w->scale_changed) {
        int dw, dh;
        w->hidpi = SDL_GetRendererOutputSize(g_ren, &dw, &dh) == 0 && pw > 0 ? (float)dw / (float)pw : 1.0f;
        if (w->hidpi <= 0) w->hidpi = 1.0f;
        rd_set_scale(w->rd, w->app.st.ui_scale * w->hidpi);
        w->scale_changed = false;
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
    if (st->playing) {
        double dt = now - w->last_frame_ms;
        if (dt > 100) dt = 100; /* a hidden tab gets no frames: do not jump ahead on return */
        int64_t from = ui_app_now(&w->app);
        int64_t to = from + (int64_t)(dt * 1e6 * st->speed);
        if (to == from) to = from + 1;
        int64_t got = ui_app_advance(&w->app, to, 25.0);
        double a = dt > 0 ? (got - from) / (dt * 1e6) : st->speed;
        w->achieved_speed = w->achieved_speed > 0 ? 0.9 * w->achieved_speed + 0.1 * a : a;
        st->speed_actual = w->achieved_speed;
        if (got >= ui_app_end(&w->app)) { st->playing = false; ui_win_status(w, now, "End of the run (Home goes back to 0)"); }
    }
    w->last_frame_ms = now;
    ui_win_watch(w, now);
    if (st->status[0] && now > w->status_until_ms) { st->status[0] = 0; had_event = true; }
    char want[256];
    snprintf(want, sizeof want, "rcuvis — %s", w->app.name);
    if (strcmp(want, g_title)) { snprintf(g_title, sizeof g_title, "%s", want); SDL_SetWindowTitle(g_win, g_title); }
    bool busy = st->playing || w->dragging || w->exploring;
    w->exploring = ui_app_explore(&w->app, st->playing ? 4.0 : 8.0);
    /* paused and idle: the desktop sleeps up to 100 ms in its event wait; a page just skips the draw */
    if (!busy && !had_event && !w->want_screenshot && g_frames > 0 && now - g_last_draw_ms < 100) {
        web_files_frame(now);
        return;
    }
    ui_app_refresh_reports(&w->app, now, st->playing ? 250 : 0);
    ui_app_draw(&w->app, w->rd);
    if (w->want_screenshot) {
        /* F12: written to the downloads folder, which web_files_frame hands to the browser */
        char path[1200], err[512];
        w->want_screenshot = false;
        ui_win_shot_name(w, path, sizeof path);
        if (rd_save_png(w->rd, path, err, sizeof err) != 0) ui_win_status(w, now, "Screenshot failed: %s", err);
        else ui_win_status(w, now, "Screenshot downloaded: %s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
    }
    rd_end(w->rd);
    double cost = wall_ms() - now;
    g_frame_cost_ms = g_frames ? 0.9 * g_frame_cost_ms + 0.1 * cost : cost;
    g_last_draw_ms = now;
    g_frames++;
    web_page_frame(g_frames, ui_app_now(&w->app) / 1e9, st->playing);
    web_files_frame(now);
}

void web_run_loop(ui_win *w, SDL_Window *win, SDL_Renderer *ren)
{
    g_w = w;
    g_win = win;
    g_ren = ren;
    if (g_url.theme >= 0) w->app.st.theme = g_url.theme;
    apply_url_moment(w);
    w->last_frame_ms = wall_ms();
    w->scale_changed = true;
    /* 0 fps = requestAnimationFrame: the display's rate; 1 = unwind this stack, never return here */
    emscripten_set_main_loop(web_frame, 0, 1);
}

/* The page calls this for a file dropped on it or chosen in its Open dialog (copied into MEMFS). */
EMSCRIPTEN_KEEPALIVE int web_open(const char *path)
{
    if (!g_w) return -1;
    return ui_win_open(g_w, path, wall_ms());
}

/* For tests and the page: the state a picture depends on, as JSON. */
EMSCRIPTEN_KEEPALIVE const char *web_state(void)
{
    static char buf[512];
    if (!g_w) return "{}";
    const ui_state *st = &g_w->app.st;
    /* a shipped scenario can be linked by name; a file from the student's disk cannot */
    const char *dir = "/rcuvis/scenarios/", *src = g_w->app.source;
    char name[80] = "";
    if (!strncmp(src, dir, strlen(dir))) {
        size_t k = 0;
        for (const char *p = src + strlen(dir); *p && strcmp(p, ".json") && k < sizeof name - 1; p++)
            if (isalnum((unsigned char)*p) || *p == '-' || *p == '_') name[k++] = *p;
        name[k] = 0;
    }
    snprintf(buf, sizeof buf, "{\"scenario\":\"%s\",\"external\":%d,\"t_ns\":%lld,\"frames\":%ld,\"playing\":%d,\"theme\":%d,\"status\":%d,\"sel_cpu\":%d,\"compare\":%d,\"exploring\":%d,\"frame_cost_ms\":%.2f}",
             name, src[0] && !name[0] ? 1 : 0, (long long)ui_app_now(&g_w->app), g_frames, st->playing ? 1 : 0, st->theme, st->status[0] ? 1 : 0, st->sel_cpu,
             st->compare ? 1 : 0, g_w->exploring ? 1 : 0, g_frame_cost_ms);
    return buf;
}

void web_set_url(const web_url *u) { g_url = *u; }
#endif
