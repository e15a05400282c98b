/* window.c — `rcuvis [SCENARIO]`: the SDL window, its frame loop, playback, file watching, F11/F12. */
#include "commands.h"
#include "window/workbook_hooks.h"
#include "window/window.h"
#include "util/numparse.h"
#ifdef __EMSCRIPTEN__
#include "window/web.h"
#endif

#include <SDL_image.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static double wall_ms(void) { return SDL_GetPerformanceCounter() * 1000.0 / (double)SDL_GetPerformanceFrequency(); }

static void usage(FILE *out)
{
    fprintf(out, "usage: rcuvis [SCENARIO] [--compare] [--mode softirq|kthread] [--seed N]\n"
                 "              [--scale N] [--set KEY=VALUE] [--cpus N] [--quiz QUIZ.json]\n"
                 "Opens the window on SCENARIO, a shipped scenario's name (omap-stall) or a\n"
                 ".json file; without one, on the default scenario. Press ? in the window\n"
                 "for the keys.\n"
                 "--quiz: the workbook column (W) shows this quiz file alone, a teacher's own\n"
                 "set, and opens with it.\n");
    /* the keys too, as ? lists them: a lecturer preparing a class read this and found no key named */
    const char *const (*rows)[2];
    int n = panel_help_keys(&rows);
    fprintf(out, "\nKeys in the window:\n");
    enum { KEY_COLS = 26, TEXT_COLS = 80 - 2 - KEY_COLS - 1 }; /* an 80-column terminal */
    for (int i = 0; i < n; i++) {
        int cols = 0; /* characters, not bytes: "→" is three */
        for (const unsigned char *p = (const unsigned char *)rows[i][0]; *p; p++) cols += (*p & 0xC0) != 0x80;
        fprintf(out, "  %s", rows[i][0]);
        if (cols > KEY_COLS) fprintf(out, "\n%*s", 2 + KEY_COLS, ""); /* a long key on a line of its own */
        else fprintf(out, "%*s", KEY_COLS - cols, "");
        /* the text wrapped at spaces (the table's texts are ASCII) */
        const char *t = rows[i][1];
        while (*t) {
            int len = (int)strlen(t);
            if (len > TEXT_COLS) {
                len = TEXT_COLS;
                while (len > 0 && t[len] != ' ') len--;
                if (len == 0) len = TEXT_COLS;
            }
            fprintf(out, " %.*s\n", len, t);
            t += len;
            while (*t == ' ') t++;
            if (*t) fprintf(out, "%*s", 2 + KEY_COLS, "");
        }
    }
}

/* The title in plain ASCII: some window managers read the legacy WM_NAME (Latin-1) and showed
 * the UTF-8 dash as mojibake; SDL also sets _NET_WM_NAME (UTF-8) from the same string. */
static void window_title(char *buf, size_t n, const char *name)
{
    snprintf(buf, n, "rcuvis - %s", name);
    for (char *p = buf; *p; p++)
        if ((unsigned char)*p >= 0x80) *p = '?';
}

static float hidpi_of(SDL_Window *win, SDL_Renderer *ren)
{
    int ww, wh, dw, dh;
    SDL_GetWindowSize(win, &ww, &wh);
    if (SDL_GetRendererOutputSize(ren, &dw, &dh) != 0 || ww <= 0) return 1.0f;
    return (float)dw / (float)ww;
}

#ifndef __EMSCRIPTEN__
/* An OpenGL renderer that is Mesa's llvmpipe (or another rasterizer running on the CPU: no GPU, a
 * virtual machine, Xvfb, a remote X display). SDL's own software renderer draws the window's frames
 * for much less CPU there: under Xvfb, `tree` playing took ~1.5 cores through llvmpipe (its threads
 * and the copy into GL) and ~0.6 of a core with it (CPU ticks over 8 s), at a higher frame rate. A
 * driver named in SDL_RENDER_DRIVER is kept. */
static bool gl_runs_on_the_cpu(SDL_Renderer *ren)
{
    SDL_RendererInfo info;
    if (SDL_GetHint(SDL_HINT_RENDER_DRIVER) || SDL_GetRendererInfo(ren, &info) != 0 || strncmp(info.name, "opengl", 6) ||
        !SDL_GL_GetCurrentContext())
        return false;
    const unsigned char *(*gl_get_string)(unsigned int) = (const unsigned char *(*)(unsigned int))SDL_GL_GetProcAddress("glGetString");
    const char *what = gl_get_string ? (const char *)gl_get_string(0x1F01 /* GL_RENDERER */) : NULL;
    return what && (strstr(what, "llvmpipe") || strstr(what, "softpipe") || strstr(what, "Software Rasterizer") ||
                    strstr(what, "SwiftShader"));
}
#endif

static void save_screenshot(ui_win *w, double now)
{
    char path[1200], err[512];
    ui_win_shot_name(w, path, sizeof path);
    if (rd_save_png(w->rd, path, err, sizeof err) != 0) ui_win_status(w, now, "Screenshot failed: %s", err);
    else {
        char abs[PATH_MAX];
        ui_win_status(w, now, "Screenshot saved: %s", realpath(path, abs) ? abs : path);
    }
}

/* The icon from assets/icons/ (shipped data); a missing file only costs the icon. */
static void set_window_icon(SDL_Window *win)
{
    char buf[1024];
    const char *p = rcuvis_data_path("assets/icons/rcuvis-64.png", buf, sizeof buf);
    SDL_Surface *icon = p ? IMG_Load(p) : NULL;
    if (!icon) return;
    SDL_SetWindowIcon(win, icon);
    SDL_FreeSurface(icon);
}

/* Wall ms a caption needs on screen to be read: about four words a second, never under three
 * seconds (a short caption still needs finding at the bottom of the screen). */
double ui_caption_read_ms(const char *text)
{
    int words = 0;
    bool in_word = false;
    for (const char *p = text; *p; p++) {
        bool ws = *p == ' ' || *p == '\n' || *p == '\t';
        if (!ws && !in_word) words++;
        in_word = !ws;
    }
    double ms = words * 250.0;
    return ms < 3000 ? 3000 : ms;
}

/* Where playback may go this frame without carrying narration past unread: a caption that has not
 * been up for its reading time holds time just before its end, and a timed caption that would start
 * and end within one frame (fast speeds) stops time at its start, so it is on screen next frame.
 * The hackbench caption defining a "drain step" lasts 20 ms of simulation: 2 s at 1/100x. */
static int64_t caption_hold(ui_win *w, double now, int64_t from, int64_t to, bool *held)
{
    *held = false;
    for (int i = 0; i < w->app.nsessions && i < 2; i++) {
        const ui_view *v = &w->app.s[i].view;
        /* a caption leaves at its own end or when the next timed one takes the strip */
        int64_t next = ui_next_caption_start(&w->app.s[i].cfg, from);
        int64_t leaves = v->caption_until < next ? v->caption_until : next;
        /* v is last frame's view: only one drawn at this very moment speaks for what is on screen */
        if (v->caption && v->now == from && leaves > from && to >= leaves &&
            now - w->read_since_ms[i] < ui_caption_read_ms(v->caption)) {
            /* just before its end, on a whole microsecond where there is one to stand on: paused there
             * the top bar read "t = 0.019999999 s" (1 ns before a 20 ms caption's end), noise to a student */
            to = (leaves - 1) / 1000 * 1000 >= from ? (leaves - 1) / 1000 * 1000 : leaves - 1;
            *held = true;
        }
        if (next < to) to = next;
    }
    return to > from ? to : from;
}

/* Playback for one frame (the desktop loop and the page's frame callback): simulated time follows
 * the wall clock at the chosen speed, at most ~25 ms of simulation per frame, so fast speeds become
 * engine-limited rather than frozen; the achieved speed is smoothed for the top bar's readout. */
void ui_win_play(ui_win *w, double now)
{
    ui_state *st = &w->app.st;
    /* when each view's caption came on screen, playing or paused (a caption read while paused is read) */
    /* by the file's own words (caption_text): a cue's caption marked "Cue 3, at ..." once playing moved
     * past its moment is the caption already read at the cue, and restarting its reading time froze a
     * lecture for 15 s after Space, with the cue's status line hiding the hold's message */
    for (int i = 0; i < w->app.nsessions && i < 2; i++) {
        const ui_view *v = &w->app.s[i].view;
        const char *words = v->caption_text ? v->caption_text : v->caption;
        if (words != w->read_caption[i]) { w->read_caption[i] = words; w->read_since_ms[i] = now; }
    }
    if (st->playing) {
        double dt = now - w->last_frame_ms;
        if (dt > 100) dt = 100; /* after a stall (window drag, hidden tab), do not jump ahead */
        int64_t from = ui_app_now(&w->app);
        int64_t step = (int64_t)(dt * 1e6 * st->speed), to = from + step;
        /* on a whole microsecond where a frame moves one or more: the top bar paused after playing read
         * "t = 0.019999999 s", the frame's wall-clock fraction, exact but noise to a student */
        if (step >= 1000 && to / 1000 * 1000 > from) to = to / 1000 * 1000;
        if (to == from) to = from + 1;
        bool held;
        to = caption_hold(w, now, from, to, &held);
        if (held && (now >= w->app.status_until_ms || st->status_routine)) /* "Cue 3 of 6" hid it: time stood still unexplained */
            ui_win_status(w, now, "Caption held to be read (J skips)");
        int64_t got = to > from ? ui_app_advance(&w->app, to, 25.0) : from;
        if (!held) { /* a hold is not the engine falling behind: keep the readout at the speed last reached */
            double a = dt > 0 ? (got - from) / (dt * 1e6) : st->speed;
            w->achieved_speed = w->achieved_speed > 0 ? 0.9 * w->achieved_speed + 0.1 * a : a;
            st->speed_actual = w->achieved_speed;
        }
        if (got >= ui_app_end(&w->app)) { st->playing = false; ui_win_say_at_the_end(w, now); }
    }
    w->last_frame_ms = now;
}

void ui_win_adopt_seek(ui_win *w)
{
    if (!w->app.seek_said[0]) return;
    if (ui_app_seek_pending(&w->app) && w->app.nsessions) { /* reported as a link's is (ui_input_frame) */
        w->pending_to = w->app.pending_seek;
        w->pending_from = tt_checkpoint_before(w->app.s[0].tt, w->pending_to);
        snprintf(w->pending_what, sizeof w->pending_what, "%s", w->app.seek_said);
    } else w->pending_what[0] = 0; /* an earlier seek's words, cancelled by the reload: not "At ..." over this one */
    w->app.seek_said[0] = 0;
}

void ui_win_tick(ui_win *w, double now)
{
    ui_workbook_frame(&w->app, now); /* may pause or seek to a question's moment, and say so */
    ui_win_adopt_seek(w);
    ui_win_play(w, now);
    ui_win_watch(w, now);
    ui_app_status_expire(&w->app, now); /* after the hooks: what they posted this frame stays its time */
}

int cmd_window(int argc, char **argv)
{
    const char *path = NULL;
    bool compare = false;
    unsigned long long seed = 0;
    bool has_seed = false;
    float scale_arg = 0;
    enum rv_mode mode = RV_MODE_KTHREAD;
    bool mode_set = false;
    const char *sets[16], *set_flags[16];
    int nsets = 0;
    const char *quiz = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--compare")) compare = true;
        else if (!strcmp(o, "--help") || !strcmp(o, "-h")) { usage(stdout); return 0; }
        else if (!strcmp(o, "--set") || !strcmp(o, "--cpus")) { /* as for `rcuvis run` */
            if (!val) { fprintf(stderr, "rcuvis: option %s needs a value\n", o); return 2; }
            i++;
            if (nsets == 16) { fprintf(stderr, "rcuvis: at most 16 --set/--cpus options\n"); return 2; }
            if (!strcmp(o, "--set") && !strchr(val, '=')) { fprintf(stderr, "rcuvis: --set: expected KEY=VALUE, got \"%s\"\n", val); return 2; }
            if (!strcmp(o, "--cpus")) {
                char *end;
                long n = strtol(val, &end, 10);
                if (end == val || *end || n < 1 || n > 4096) { fprintf(stderr, "rcuvis: --cpus: expected 1..4096, got \"%s\"\n", val); return 2; }
            }
            static char cpus_kv[32]; /* --cpus N is --set cpus=N (the last --cpus wins, as for run) */
            if (!strcmp(o, "--cpus")) snprintf(cpus_kv, sizeof cpus_kv, "cpus=%s", val);
            set_flags[nsets] = o;
            sets[nsets++] = !strcmp(o, "--cpus") ? cpus_kv : val;
        }
        else if (!strcmp(o, "--quiz")) {
            if (!val) { fprintf(stderr, "rcuvis: option --quiz needs a quiz file\n"); return 2; }
            quiz = argv[++i];
        }
        else if (!strcmp(o, "--mode") || !strcmp(o, "--seed") || !strcmp(o, "--scale")) {
            if (!val) { fprintf(stderr, "rcuvis: option %s needs a value\n", o); return 2; }
            i++;
            if (!strcmp(o, "--mode")) {
                if (!strcmp(val, "softirq") || !strcmp(val, "3.6")) mode = RV_MODE_SOFTIRQ;
                else if (!strcmp(val, "kthread") || !strcmp(val, "3.7")) mode = RV_MODE_KTHREAD;
                else if (!strcmp(val, "compare")) { compare = true; continue; }
                else { fprintf(stderr, "rcuvis: --mode: expected softirq, kthread or compare, got \"%s\"\n", val); return 2; }
                mode_set = true;
            } else { /* numbers: util/numparse.h (no nan, no saturation, the message names the option) */
                char nerr[256];
                double sc = 0;
                int nrc = !strcmp(o, "--seed") ? np_seed(o, val, &seed, nerr, sizeof nerr)
                                               : np_double(o, val, 0.5, 4, &sc, nerr, sizeof nerr);
                if (nrc != 0) { fprintf(stderr, "rcuvis: %s\n", nerr); return 2; }
                if (!strcmp(o, "--seed")) has_seed = true;
                if (sc) scale_arg = (float)sc;
            }
        } else if (o[0] == '-' && o[1]) { fprintf(stderr, "rcuvis: unknown option '%s'\n", o); usage(stderr); return 2; }
        else if (!path) path = o;
        else { fprintf(stderr, "rcuvis: one scenario at a time (got '%s' and '%s')\n", path, o); return 2; }
    }

    if (quiz) { /* checked before any window: a broken quiz is the file's problems on stderr, as for a scenario */
        char qerr[16384] = "";
        if (ui_workbook_use_file(quiz, qerr, sizeof qerr) != 0) {
            for (const char *p = qerr; *p;) {
                size_t n = strcspn(p, "\n");
                if (n) fprintf(stderr, "rcuvis: %.*s\n", (int)n, p);
                p += n + (p[n] != 0);
            }
            return 2;
        }
    }
    ui_win *w = calloc(1, sizeof *w);
    if (!w) return 1;
    ui_app_init(&w->app);
    w->app.bounded_seeks = true; /* every seek a frame's slice at a time: input is read between (seek.c) */
    char note[1400];
    ui_settings_load(&w->settings, note, sizeof note);
    w->app.st.ui_scale = scale_arg > 0 ? scale_arg : w->settings.ui_scale;
    w->app.st.theme = w->settings.theme;
    w->app.st.compare = compare;
    w->app.st.show_workbook = quiz != NULL; /* asked for a quiz: it is what they came for */
    w->app.mode_forced = mode_set;
    w->app.forced_mode = mode;
    for (int i = 0; i < nsets; i++) {
        const char *eq = strchr(sets[i], '=');
        char key[128], label[160];
        snprintf(key, sizeof key, "%.*s", (int)(eq - sets[i]), sets[i]);
        /* messages name the option as typed: "--cpus 4", "--set rcu.fanout_leaf=3" */
        snprintf(label, sizeof label, "%s %s", set_flags[i], !strcmp(set_flags[i], "--cpus") ? eq + 1 : sets[i]);
        ui_app_set_override_labeled(&w->app, key, eq + 1, label);
    }
    char err[sizeof w->app.st.error];
    /* a file named on the command line that does not load is an error, not a cue for a default */
    if (ui_app_load_seed(&w->app, path, has_seed, seed, err, sizeof err) != 0) {
        /* one "rcuvis: " per problem, as `rcuvis check` and `rcuvis run` print the same file's */
        for (const char *p = err; *p;) {
            size_t n = strcspn(p, "\n");
            if (n) fprintf(stderr, "rcuvis: %.*s\n", (int)n, p);
            p += n + (p[n] != 0);
        }
        ui_app_free(&w->app);
        free(w);
        return 2;
    }
    if (path) snprintf(w->settings.last_scenario, sizeof w->settings.last_scenario, "%s", path);
    if (note[0]) snprintf(w->app.st.error, sizeof w->app.st.error, "%s", note);

    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_EVENTS) != 0) {
        fprintf(stderr, "rcuvis: cannot open a window: %s (without a display, use `rcuvis shot`)\n", SDL_GetError());
        ui_app_free(&w->app);
        free(w);
        return 1;
    }
    /* With no display answering, SDL falls back to its offscreen driver: the window would run
     * unseen and unstoppable (a GUI test waited for it for ever). Only when asked for by name. */
    const char *driver = SDL_GetCurrentVideoDriver();
    if (driver && (!strcmp(driver, "offscreen") || !strcmp(driver, "dummy")) && !getenv("SDL_VIDEODRIVER")) {
        const char *display = getenv("DISPLAY");
        fprintf(stderr, "rcuvis: cannot open a window: no display answered (DISPLAY=%s; without a display, use `rcuvis shot`)\n",
                display ? display : "unset");
        SDL_Quit();
        ui_app_free(&w->app);
        free(w);
        return 1;
    }
    SDL_EventState(SDL_DROPFILE, SDL_ENABLE);
    char title[256];
    window_title(title, sizeof title, w->app.name);
    /* open at a size that fits the screen (a 1280x720 projector included), top bar on screen */
    int ww = 1400, wh = 860;
    SDL_Rect ub;
    if (SDL_GetDisplayUsableBounds(0, &ub) == 0 && ub.w > 0 && ub.h > 0) {
        if (ww > ub.w) ww = ub.w;
        if (wh > ub.h - 32) wh = ub.h - 32; /* room for a title bar the bounds do not count */
        if (wh < 420) wh = ub.h;
    }
#ifdef __EMSCRIPTEN__
    /* the page sizes its window in device pixels itself (web_main.c): SDL's own HiDPI canvas was twice
     * the size of the software renderer's picture, drawn into its top-left quarter */
    Uint32 wflags = SDL_WINDOW_RESIZABLE;
#else
    Uint32 wflags = SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | (w->settings.fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0);
#endif
    SDL_Window *win = SDL_CreateWindow(title, SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, ww, wh, wflags);
    SDL_Renderer *ren = win ? SDL_CreateRenderer(win, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC) : NULL;
#ifndef __EMSCRIPTEN__
    if (ren && gl_runs_on_the_cpu(ren)) {
        SDL_DestroyRenderer(ren);
        ren = NULL;
    }
#endif
    if (win && !ren) ren = SDL_CreateRenderer(win, -1, SDL_RENDERER_SOFTWARE | SDL_RENDERER_PRESENTVSYNC); /* SDL paces it */
    if (!win || !ren) {
        fprintf(stderr, "rcuvis: cannot open a window: %s\n", SDL_GetError());
        if (win) SDL_DestroyWindow(win);
        SDL_Quit();
        ui_app_free(&w->app);
        free(w);
        return 1;
    }
    SDL_SetWindowMinimumSize(win, 640, 420);
    set_window_icon(win);
    w->hidpi = hidpi_of(win, ren);
    w->rd = rd_new_window(ren, w->app.st.ui_scale * w->hidpi, err, sizeof err);
    w->scale_changed = true; /* fit the scale to the window on the first frame */
    if (!w->rd) {
        fprintf(stderr, "rcuvis: %s\n", err);
        SDL_DestroyRenderer(ren);
        SDL_DestroyWindow(win);
        SDL_Quit();
        ui_app_free(&w->app);
        free(w);
        return 1;
    }
    /* start playing: the default scenario shows something within seconds without a key press */
    w->app.st.playing = true;
    w->last_frame_ms = wall_ms();
#ifdef __EMSCRIPTEN__
    web_run_loop(w, win, ren); /* a page cannot block: the browser calls the frame (web_main.c) */
#endif
    while (!w->quit) {
        double now = wall_ms();
        SDL_Event ev;
        /* paused and idle: sleep in the event wait instead of spinning */
        bool busy = w->app.st.playing || w->dragging || w->exploring || ui_app_seek_pending(&w->app);
        if (!busy && SDL_WaitEventTimeout(&ev, 100)) ui_input_event(w, &ev, wall_ms());
        while (SDL_PollEvent(&ev)) {
            if (ev.type == SDL_WINDOWEVENT && (ev.window.event == SDL_WINDOWEVENT_SIZE_CHANGED ||
                                               ev.window.event == SDL_WINDOWEVENT_DISPLAY_CHANGED))
                w->scale_changed = true;
            ui_input_event(w, &ev, wall_ms());
        }
        if (w->quit) break; /* Ctrl+Q or the window closed: not one more frame of simulation and drawing */
        ui_input_frame(w, wall_ms()); /* drags, and a far seek a frame's slice at a time (seek.c) */
        now = wall_ms();
        if (ui_win_scale_stale(w)) {
            /* HiDPI factor can change when the window moves between monitors */
            w->hidpi = hidpi_of(win, ren);
            ui_win_fit_scale(w); /* the UI scale, lowered to fit; a focused panel's (V) larger one */
        }
        if (w->toggle_fullscreen) {
            bool fs = SDL_GetWindowFlags(win) & SDL_WINDOW_FULLSCREEN_DESKTOP;
            SDL_SetWindowFullscreen(win, fs ? 0 : SDL_WINDOW_FULLSCREEN_DESKTOP);
            w->toggle_fullscreen = false;
            w->settings.fullscreen = !fs; /* remembered for the next start */
            char e3[256];
            ui_settings_save(&w->settings, e3, sizeof e3);
            w->scale_changed = true;
        }
        ui_state *st = &w->app.st;
        ui_win_tick(w, now);
        char want[256];
        window_title(want, sizeof want, w->app.name);
        if (strcmp(want, title)) { snprintf(title, sizeof title, "%s", want); SDL_SetWindowTitle(win, title); }
        /* a few ms per frame to learn the rest of the run: the scrubber then marks every GP and stall */
        /* (not while a far seek simulates the same future: it would only slow it down) */
        w->exploring = ui_app_seek_pending(&w->app) || ui_app_explore(&w->app, st->playing ? 4.0 : 8.0);
        ui_app_refresh_reports(&w->app, now, st->playing ? 250 : 0);
        ui_app_draw(&w->app, w->rd);
        ui_rec_frame(w, now); /* caption editor overlay, warnings about scripted events not applied */
        if (w->want_screenshot) {
            w->want_screenshot = false;
            save_screenshot(w, now);
        }
        rd_end(w->rd);
    }
    char e2[256];
    ui_settings_save(&w->settings, e2, sizeof e2);
    rd_free(w->rd);
    SDL_DestroyRenderer(ren);
    SDL_DestroyWindow(win);
    SDL_Quit();
    ui_app_free(&w->app);
    ui_workbook_close();
    ui_rec_free(&w->rec);
    free(w);
    return 0;
}
