/* test_input.c — synthetic SDL events drive the window's input code: play/pause, steps and exact step back,
 * clicks on tiles, injections and branches, drops of broken files, settings. No display needed. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window/workbook_hooks.h"
#include "view/layout_export.h"
#include "scenario.h"
#include "window_fixture.h"
#include "temp_json.h"

#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

static uint64_t mix(uint64_t h, uint64_t v) { return (h ^ v) * 1099511628211ULL; }

static uint64_t digest(const rv_engine *e)
{
    uint64_t h = 1469598103934665603ULL;
    h = mix(h, (uint64_t)rv_now_ns(e));
    h = mix(h, rv_event_count(e));
    for (int c = 0; c < rv_cpus(e); c++) {
        rv_cpu_view v;
        rv_cpu_get(e, c, &v);
        h = mix(h, (uint64_t)v.state);
        h = mix(h, v.dynticks);
        for (int f = 0; f < RV_NFLAVORS; f++) {
            h = mix(h, v.rdp[f].qs_owed); h = mix(h, v.rdp[f].in_reader); h = mix(h, v.rdp[f].gpnum);
            for (int s = 0; s < RV_NSEGS; s++) h = mix(h, (uint64_t)v.rdp[f].seg[s]);
        }
    }
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rv_flavor_view fv;
        rv_flavor_get(e, f, &fv);
        h = mix(h, fv.gpnum); h = mix(h, fv.completed); h = mix(h, (uint64_t)fv.phase);
    }
    return h;
}

static char cfgdir[64];

static void setup(void) { window_fixture_open(cfgdir, "input", 1280, 800, true); }
static void teardown(void) { window_fixture_close(cfgdir); }

static void click(int x, int y)
{
    click_left(x, y);
    frame();
}

static rd_rect hit_rect(int kind, int a)
{
    for (int i = 0; i < W->app.fr.nhits; i++)
        if (W->app.fr.hits[i].kind == kind && W->app.fr.hits[i].a == a) return W->app.fr.hits[i].r;
    cr_assert_fail("no hit of kind %d/%d on screen", kind, a);
    return (rd_rect){0, 0, 0, 0};
}

TestSuite(input, .init = setup, .fini = teardown);

Test(input, space_and_period_toggle_play)
{
    frame();
    cr_assert_not(W->app.st.playing);
    key(SDLK_SPACE);
    cr_assert(W->app.st.playing);
    key(SDLK_SPACE);
    cr_assert_not(W->app.st.playing);
    key(SDLK_PERIOD);
    cr_assert(W->app.st.playing, "'.' (presenter clicker) must toggle too");
    key(SDLK_RIGHT);
    cr_assert_not(W->app.st.playing, "stepping pauses");
}

Test(input, step_back_restores_exact_prior_state)
{
    ui_app_advance(&W->app, 1000000000LL, 0);
    frame();
    struct { SDL_Keycode fwd, back; Uint16 mod; } ways[] = {
        {SDLK_RIGHT, SDLK_LEFT, 0}, {SDLK_RIGHT, SDLK_LEFT, KMOD_LSHIFT}, {SDLK_PAGEDOWN, SDLK_PAGEUP, 0},
    };
    for (size_t w = 0; w < sizeof ways / sizeof ways[0]; w++) {
        rv_engine *e = tt_engine(W->app.s[0].tt);
        int64_t t0 = rv_now_ns(e);
        uint64_t d0 = digest(e);
        for (int i = 0; i < 4; i++) keymod(ways[w].fwd, ways[w].mod);
        /* several events can share one instant, so "forward" is a changed state, not always a later time */
        cr_assert(tt_now(W->app.s[0].tt) >= t0 && digest(tt_engine(W->app.s[0].tt)) != d0, "way %zu did not move forward", w);
        for (int i = 0; i < 4; i++) keymod(ways[w].back, ways[w].mod);
        e = tt_engine(W->app.s[0].tt);
        cr_assert_eq(rv_now_ns(e), t0, "way %zu: time not restored", w);
        cr_assert_eq(digest(e), d0, "way %zu: views differ after stepping back", w);
    }
}

Test(input, click_cpu_selects_and_key_injects)
{
    frame();
    rd_rect r = hit_rect(HIT_CPU, 5);
    click(r.x + r.w / 2, r.y + r.h / 2);
    cr_assert_eq(W->app.st.sel_cpu, 5);
    cr_assert(strstr(W->app.s[0].view.why, "5") != NULL, "why panel should speak of CPU 5: %s", W->app.s[0].view.why);
    size_t before = tt_history(W->app.s[0].tt)->injects.n;
    key(SDLK_k);
    cr_assert_eq(tt_history(W->app.s[0].tt)->injects.n, before + 1, "kernel loop not injected: %s", W->app.st.status);
    key(SDLK_ESCAPE);
    cr_assert_eq(W->app.st.sel_cpu, -1);
    key(SDLK_l);
    cr_assert(strstr(W->app.st.status, "Select a CPU"), "without a selection the user is told what to do");
}

Test(input, inject_after_scrubbing_back_starts_a_branch)
{
    ui_app_advance(&W->app, 3000000000LL, 0);
    frame();
    rd_rect r = hit_rect(HIT_SCRUB, 0);
    click(r.x + r.w / 40, r.y + r.h / 2); /* ~0.5 s of a 20 s run */
    cr_assert_lt(ui_app_now(&W->app), 1000000000LL);
    W->app.st.sel_cpu = 2;
    key(SDLK_b);
    cr_assert_eq(tt_branch_count(W->app.s[0].tt), 2);
    cr_assert(strstr(W->app.st.status, "branch"), "the user must be told a branch started: %s", W->app.st.status);
    keymod(SDLK_b, KMOD_LCTRL);
    cr_assert_eq(tt_branch_current(W->app.s[0].tt), 0, "Ctrl+B goes back to the first branch");
}

/* A status line is about the last action, a click as a key: "Back to t = 0" stayed on after a click on
 * the scrubber took the window to 5 s */
Test(input, a_scrubber_click_clears_the_last_actions_status)
{
    ui_app_advance(&W->app, 3000000000LL, 0);
    frame();
    key(SDLK_HOME);
    cr_assert(strstr(W->app.st.status, "Back to t = 0"), "Home says where it went: %s", W->app.st.status);
    frame();
    rd_rect r = hit_rect(HIT_SCRUB, 0);
    click(r.x + r.w / 40, r.y + r.h / 2);
    cr_expect(!strstr(W->app.st.status, "Back to t = 0"), "after a click: %s", W->app.st.status);
}

Test(input, speed_keys_are_logarithmic_and_clamped)
{
    double s0 = W->app.st.speed;
    key(SDLK_RIGHTBRACKET);
    cr_assert_float_eq(W->app.st.speed, s0 * 2, 1e-12);
    for (int i = 0; i < 40; i++) key(SDLK_LEFTBRACKET);
    cr_assert_float_eq(W->app.st.speed, 0.001, 1e-12);
    for (int i = 0; i < 60; i++) key(SDLK_RIGHTBRACKET);
    cr_assert_float_eq(W->app.st.speed, 100000, 1e-6);
}

Test(input, overlays_and_keys)
{
    key(SDLK_F1);
    cr_assert(W->app.st.show_help);
    key(SDLK_ESCAPE);
    cr_assert_not(W->app.st.show_help);
    key(SDLK_c);
    cr_assert(W->app.st.compare);
    cr_assert_eq(W->app.nsessions, 2);
    cr_assert_eq(W->app.s[0].cfg.rcu.mode, RV_MODE_SOFTIRQ);
    cr_assert_eq(W->app.s[1].cfg.rcu.mode, RV_MODE_KTHREAD);
    key(SDLK_RIGHT);
    cr_assert_eq(tt_now(W->app.s[0].tt), tt_now(W->app.s[1].tt), "one clock in compare mode");
    key(SDLK_3);
    cr_assert_eq(W->app.st.flavor, RV_PREEMPT);
    setenv("XDG_PICTURES_DIR", cfgdir, 1); /* F12 writes a file: keep it out of the working tree */
    key(SDLK_F12);
    cr_assert(strstr(W->app.st.status, "Picture saved"), "F12 says where it saved: %s", W->app.st.status);
    unsetenv("XDG_PICTURES_DIR");
    float sc = W->app.st.ui_scale;
    keymod(SDLK_EQUALS, KMOD_LCTRL);
    cr_assert_gt(W->app.st.ui_scale, sc);
    cr_assert(W->scale_changed);
    key(SDLK_w);
    cr_assert(W->app.st.show_workbook);
    cr_assert_gt(W->app.L.workbook.w, 0, "the layout keeps a column for the workbook");
}

/* The column's "more below: wheel, drag or Shift+Down": the window hands the wheel over the column,
 * and a press in its text (a tablet's finger), to the workbook; elsewhere they stay the window's. */
Test(input, the_wheel_and_a_press_over_the_workbook_column_are_the_columns)
{
    unsetenv("RCUVIS_DATA");
    char state[128], err[1024], path[512];
    snprintf(state, sizeof state, "%s/state", cfgdir);
    setenv("XDG_STATE_HOME", state, 1);
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/omap-stall.json", root && *root ? root : ".");
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    key(SDLK_w);
    SDL_KeyboardEvent k;
    memset(&k, 0, sizeof k);
    k.type = SDL_KEYDOWN;
    k.keysym.sym = SDLK_a; /* the keyboard to the column, and s: the answer's explanation overflows it */
    cr_assert(ui_workbook_key(&W->app, &k, 0));
    k.keysym.sym = SDLK_s;
    cr_assert(ui_workbook_key(&W->app, &k, 0));
    frame();
    frame();
    rd_rect c = W->app.L.workbook;
    cr_assert_gt(c.w, 0);
    int x = c.x + c.w / 2, y = c.y + c.h / 2;
    cr_expect(ui_workbook_wheel(&W->app, x, y, -1), "the wheel over the column scrolls it");
    cr_expect_not(ui_workbook_wheel(&W->app, 5, y, -1), "the wheel elsewhere is the window's");
    cr_expect(ui_workbook_press(&W->app, x, y), "the question overflows the column: a press may drag");
    ui_workbook_release(&W->app);
    cr_expect_not(ui_workbook_press(&W->app, 5, y), "a press elsewhere drags nothing");
    /* covered by the glossary, or gone in V's one panel: the wheel is not the column's */
    W->app.st.show_glossary = true; /* G (the column has the keyboard here, so set directly) */
    frame();
    cr_expect_not(ui_workbook_wheel(&W->app, x, y, -1), "the glossary over the column keeps its wheel");
    W->app.st.show_glossary = false;
    W->app.st.focus_panel = UI_PANEL_KLOG;
    frame();
    cr_expect_not(ui_workbook_wheel(&W->app, x, y, -1), "V's one panel has no column");
    W->app.st.focus_panel = -1;
}

Test(input, dropping_a_broken_file_keeps_the_running_scenario)
{
    char path[] = "/tmp/rcuvis-drop-XXXXXX.json";
    write_temp_json(path, "{ \"name\": \"x\", \"cpus\": \"many\" }\n");
    ui_app_advance(&W->app, 700000000LL, 0);
    char name[160];
    snprintf(name, sizeof name, "%s", W->app.name);
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_DROPFILE;
    ev.drop.file = SDL_strdup(path);
    W->app.fr.mouse_x = 200, W->app.fr.mouse_y = 300; /* resting over the panels: its tip would cover the banner */
    ui_input_event(W, &ev, 1000);
    frame();
    cr_assert(W->app.st.error[0], "the load error must be shown");
    cr_expect_eq(W->app.fr.mouse_x, -1, "no hover tip over the error until the pointer moves");
    cr_assert(strstr(W->app.st.error, path), "the message names the file: %s", W->app.st.error);
    cr_assert_str_eq(W->app.name, name);
    cr_assert_eq(ui_app_now(&W->app), 700000000LL, "the previous scenario keeps its time");
    cr_assert_gt(W->app.L.banner.h, 0, "the banner is on screen");
    key(SDLK_ESCAPE);
    cr_assert_eq(W->app.st.error[0], 0);
    unlink(path);
}

Test(input, corrupt_settings_are_set_aside_not_dropped)
{
    char dir[128], path[160];
    snprintf(dir, sizeof dir, "%s/rcuvis", cfgdir);
    snprintf(path, sizeof path, "%s/settings.json", dir);
    ui_settings s = {.ui_scale = 1.5f, .theme = 1};
    char err[256], note[1400];
    cr_assert_eq(ui_settings_save(&s, err, sizeof err), 0, "%s", err);
    ui_settings r;
    cr_assert_eq(ui_settings_load(&r, note, sizeof note), 0);
    cr_assert_float_eq(r.ui_scale, 1.5f, 1e-6);
    cr_assert_eq(r.theme, 1);
    FILE *f = fopen(path, "w");
    fputs("{ this is not json", f);
    fclose(f);
    cr_assert_eq(ui_settings_load(&r, note, sizeof note), 1);
    cr_assert(strstr(note, "corrupt"), "%s", note);
    cr_assert_float_eq(r.ui_scale, 1.0f, 1e-6);
    DIR *d = opendir(dir);
    bool aside = false;
    struct dirent *de;
    while ((de = readdir(d))) aside |= strncmp(de->d_name, "settings.json.corrupt-", 22) == 0;
    closedir(d);
    cr_assert(aside, "the corrupt file must be kept beside");
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(text, f);
    fclose(f);
}

Test(input, edited_scenario_reloads_at_the_same_time_and_a_broken_edit_keeps_it_running)
{
    char path[] = "/tmp/rcuvis-watch-XXXXXX.json";
    int fd = mkstemps(path, 5);
    cr_assert(fd >= 0);
    close(fd);
    const char *good = "{\"name\": \"watch-a\", \"cpus\": 4, \"duration_s\": 10,"
                       " \"workload\": [{\"task\": \"w\", \"cpus\": \"all\", \"busy_frac\": 0.5,"
                       " \"readers\": {\"rcu_sched\": {\"rate_per_s\": 100, \"mean_us\": 3}}}]}\n";
    write_file(path, good);
    cr_assert_eq(ui_win_open(W, path, 1000), 0, "%s", W->app.st.error);
    cr_assert_str_eq(W->app.name, "watch-a");
    ui_app_advance(&W->app, 2500000000LL, 0);
    char edited[1024];
    snprintf(edited, sizeof edited, "%s", good);
    memcpy(strstr(edited, "watch-a"), "watch-b", 7);
    write_file(path, edited);
    ui_win_watch(W, 5000);
    cr_assert_str_eq(W->app.name, "watch-b", "the edit was not picked up");
    cr_assert_eq(ui_app_now(&W->app), 2500000000LL, "a reload keeps the current time");
    cr_assert_eq(W->app.st.error[0], 0);
    write_file(path, "{\"name\": \"watch-c\", \"cpus\": 4, \"duration_s\": 10, \"bogus_key\": 1}\n");
    ui_win_watch(W, 10000);
    cr_assert_str_eq(W->app.name, "watch-b", "a broken file must not replace the running scenario");
    cr_assert(strstr(W->app.st.error, "bogus_key"), "the exact error is shown: %s", W->app.st.error);
    cr_assert_eq(ui_app_now(&W->app), 2500000000LL);
    unlink(path);
}

/* A file's mtime set to a fixed second: two writes within one clock tick can share an mtime. */
static void set_mtime(const char *path, time_t sec)
{
    struct timespec ts[2] = {{sec, 0}, {sec, 0}};
    cr_assert_eq(utimensat(AT_FDCWD, path, ts, 0), 0, "utimensat %s", path);
}

static const char watch_text[] = "{\"name\": \"watch-a\", \"cpus\": 4, \"duration_s\": 10,"
                                 " \"workload\": [{\"task\": \"w\", \"cpus\": \"all\", \"busy_frac\": 0.5,"
                                 " \"readers\": {\"rcu_sched\": {\"rate_per_s\": 100, \"mean_us\": 3}}}]}\n";

/* The tester's path: a scenario opened in the window, then the workbook's "show me" loads another
 * file (through ui_app_set_config, not ui_win_open). The watcher compared the new file with the
 * old file's stamp and said "changed on disk: reloaded" about a file nobody touched. */
Test(input, show_me_loading_another_file_is_not_a_change_on_disk)
{
    char path[] = "/tmp/rcuvis-watch-XXXXXX.json";
    write_temp_json(path, watch_text);
    set_mtime(path, 1000000000); /* 2001: surely not small-busy.json's mtime */
    cr_assert_eq(ui_win_open(W, path, 1000), 0, "%s", W->app.st.error);
    ui_win_watch(W, 2000);
    cr_assert_str_eq(W->app.name, "watch-a");
    /* the shipped workbook (the fixture hid the data directory for the built-in demo) */
    unsetenv("RCUVIS_DATA");
    char state[128];
    snprintf(state, sizeof state, "%s/state", cfgdir);
    setenv("XDG_STATE_HOME", state, 1);
    W->app.st.show_workbook = true;
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    /* question 1.5 (small-busy at t = 2 s) and "show me", as in test_quiz_panel.c */
    SDL_KeyboardEvent k;
    memset(&k, 0, sizeof k);
    k.type = SDL_KEYDOWN;
    k.keysym.sym = SDLK_a;
    cr_assert(ui_workbook_key(&W->app, &k, 0));
    for (int i = 0; i < 4; i++) { k.keysym.sym = SDLK_PAGEDOWN; ui_workbook_key(&W->app, &k, 0); }
    k.keysym.sym = SDLK_m;
    cr_assert(ui_workbook_key(&W->app, &k, 0));
    cr_assert(ui_workbook_key(&W->app, &k, 0)); /* 1.5 is a prediction not answered yet: the first m warns */
    ui_workbook_frame(&W->app, 3000);
    cr_assert(strstr(W->app.source, "small-busy.json"), "show me loaded %s", W->app.source);
    cr_assert(strstr(W->app.st.status, "Question 1.5"), "%s", W->app.st.status);
    ui_win_watch(W, 5000);
    cr_expect_null(strstr(W->app.st.status, "changed on disk"), "nothing changed on disk: %s", W->app.st.status);
    cr_expect(strstr(W->app.st.status, "Question 1.5"), "the question's status stays: %s", W->app.st.status);
    cr_expect_eq(W->app.base.duration_s, 3.0, "the question's overrides were not dropped by a reload");
    unlink(path);
}

/* A file switched to the way show me switches (ui_app_set_config with another source) is watched
 * from the version that was loaded: untouched it stays, a touch or an edit reloads it. */
Test(input, a_file_switched_to_outside_ui_win_open_is_still_watched)
{
    char a_path[] = "/tmp/rcuvis-watch-XXXXXX.json", b_path[] = "/tmp/rcuvis-watch-XXXXXX.json";
    write_temp_json(a_path, watch_text);
    set_mtime(a_path, 1000000000);
    char b_text[1024];
    snprintf(b_text, sizeof b_text, "%s", watch_text);
    memcpy(strstr(b_text, "watch-a"), "watch-b", 7);
    write_temp_json(b_path, b_text);
    set_mtime(b_path, 1100000000);
    cr_assert_eq(ui_win_open(W, a_path, 1000), 0, "%s", W->app.st.error);
    rv_config cfg;
    char err[4096];
    cr_assert_eq(rv_scenario_load(b_path, &cfg, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_config(&W->app, &cfg, cfg.name, b_path, err, sizeof err), 0, "%s", err);
    rv_config_free(&cfg);
    W->app.st.status[0] = 0;
    ui_win_watch(W, 5000);
    cr_assert_eq(W->app.st.status[0], 0, "an untouched file is not reloaded: %s", W->app.st.status);
    /* touched: the same text, a newer mtime */
    set_mtime(b_path, 1200000000);
    ui_win_watch(W, 10000);
    cr_assert(strstr(W->app.st.status, "changed on disk"), "a touch is a change: '%s'", W->app.st.status);
    /* edited */
    ui_app_advance(&W->app, 1500000000LL, 0);
    FILE *f = fopen(b_path, "w");
    cr_assert(f);
    fputs(watch_text, f); /* back to watch-a's text */
    fclose(f);
    set_mtime(b_path, 1300000000);
    W->app.st.status[0] = 0;
    ui_win_watch(W, 15000);
    cr_assert_str_eq(W->app.name, "watch-a", "the edit was picked up");
    cr_assert(strstr(W->app.st.status, "changed on disk"), "'%s'", W->app.st.status);
    cr_assert_eq(ui_app_now(&W->app), 1500000000LL, "a reload keeps the current time");
    W->app.st.status[0] = 0;
    ui_win_watch(W, 20000);
    cr_assert_eq(W->app.st.status[0], 0, "reloaded once, not again: %s", W->app.st.status);
    unlink(a_path);
    unlink(b_path);
}

Test(input, dragging_the_scrubber_seeks_once_per_frame)
{
    frame();
    rd_rect r = hit_rect(HIT_SCRUB, 0);
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEBUTTONDOWN;
    ev.button.button = SDL_BUTTON_LEFT;
    ev.button.x = r.x + 1;
    ev.button.y = r.y + r.h / 2;
    ui_input_event(W, &ev, 1000);
    cr_assert(W->dragging);
    for (int i = 1; i <= 10; i++) {
        memset(&ev, 0, sizeof ev);
        ev.type = SDL_MOUSEMOTION;
        ev.motion.x = r.x + r.w * i / 100;
        ev.motion.y = r.y + r.h / 2;
        ui_input_event(W, &ev, 1000);
    }
    ui_input_frame(W, 1000);
    int64_t want = (int64_t)((double)(r.w * 10 / 100) / r.w * (double)ui_app_end(&W->app));
    int64_t got = ui_app_now(&W->app);
    cr_assert(got > want - ui_app_end(&W->app) / 100 && got < want + ui_app_end(&W->app) / 100,
              "dragged to %lld, expected about %lld", (long long)got, (long long)want);
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_MOUSEBUTTONUP;
    ui_input_event(W, &ev, 1000);
    cr_assert_not(W->dragging);
}

Test(input, clicking_the_heat_map_selects_the_cpu_under_the_pointer)
{
    rv_config cfg;
    ui_builtin_scenario(&cfg);
    cfg.cpus = 1024;
    for (size_t i = 0; i < cfg.nphases; i++) rv_cpuset_parse(&cfg.phases[i].cpus, i ? "1000-1023" : "0-999", 1024, NULL, 0);
    char err[256];
    cr_assert_eq(ui_app_set_config(&W->app, &cfg, "dense", "", err, sizeof err), 0, "%s", err);
    rv_config_free(&cfg);
    frame();
    /* the heat map registers one hit per row: a = -(first CPU of the row) - 1, b = cols << 16 | cell width */
    const ui_hit *row = NULL;
    for (int i = 0; i < W->app.fr.nhits && !row; i++)
        if (W->app.fr.hits[i].kind == HIT_CPU && W->app.fr.hits[i].a == -1 - 2 * (W->app.fr.hits[i].b >> 16)) row = &W->app.fr.hits[i];
    cr_assert(row, "no third heat-map row");
    int cols = row->b >> 16, cw = row->b & 0xffff;
    click(row->r.x + 5 * cw + cw / 2, row->r.y + row->r.h / 2);
    cr_assert_eq(W->app.st.sel_cpu, 2 * cols + 5);
}

Test(input, j_jumps_to_the_next_caption)
{
    frame();
    key(SDLK_j);
    /* on the moment itself: one ns past it, so everything at that time has happened */
    cr_assert_eq(ui_app_now(&W->app), (int64_t)(W->app.base.captions[1].at_s * 1e9) + 1, "J goes to the next caption");
    key(SDLK_j);
    cr_assert_eq(ui_app_now(&W->app), (int64_t)(W->app.base.captions[2].at_s * 1e9) + 1);
}

Test(input, tab_cycles_the_selected_cpu)
{
    frame();
    key(SDLK_TAB);
    cr_assert_eq(W->app.st.sel_cpu, 0);
    key(SDLK_TAB);
    cr_assert_eq(W->app.st.sel_cpu, 1);
    keymod(SDLK_TAB, KMOD_LSHIFT);
    keymod(SDLK_TAB, KMOD_LSHIFT);
    cr_assert_eq(W->app.st.sel_cpu, W->app.base.cpus - 1, "Shift+Tab wraps around");
}

Test(input, an_event_step_is_narrated)
{
    ui_app_advance(&W->app, 150000000LL, 0);
    keymod(SDLK_RIGHT, KMOD_LSHIFT);
    const rv_engine *e = tt_engine(W->app.s[0].tt);
    const rv_event *last = rv_event_get(e, rv_event_count(e) - 1);
    cr_assert(last);
    char want[240];
    ui_describe_event(last, rv_engine_config(e), want, sizeof want);
    cr_assert(strstr(W->app.s[0].view.last_event, want), "top bar should tell what the step did: '%s' vs '%s'",
              W->app.s[0].view.last_event, want);
}

/* After a jiffy step the top bar names the last of the events at that instant and says how many there
 * were: every CPU's tick ran at the boundary, and the one event's CPU read as all the step had done. */
Test(input, a_jiffy_step_says_how_many_events_shared_its_instant)
{
    ui_app_advance(&W->app, 150000000LL, 0);
    key(SDLK_RIGHT);
    const rv_engine *e = tt_engine(W->app.s[0].tt);
    uint64_t cnt = rv_event_count(e);
    const rv_event *last = rv_event_get(e, cnt - 1);
    cr_assert(last);
    size_t same = 0;
    for (uint64_t s = cnt; s-- > 0;) {
        const rv_event *p = rv_event_get(e, s);
        if (!p || p->t != last->t) break;
        same++;
    }
    cr_assert_gt(same, 1, "the demo's jiffy boundary runs more than one event (%zu)", same);
    char want[64];
    snprintf(want, sizeof want, "last of %zu events at ", same);
    cr_expect(strstr(W->app.s[0].view.last_event, want) != NULL, "'%s' should say '%s'", W->app.s[0].view.last_event, want);
}

Test(input, a_far_click_on_the_scrubber_says_where_it_is_going)
{
    /* a slow machine (a tenth of real time): the click's seek takes many frames; it said nothing */
    W->app.bounded_seeks = true;
    W->app.virt_speed = 0.1;
    char err[1024];
    cr_assert_eq(ui_app_load(&W->app, NULL, -1, err, sizeof err), 0, "%s", err);
    frame();
    rd_rect r = hit_rect(HIT_SCRUB, 0);
    click(r.x + r.w * 9 / 10, r.y + r.h / 2);
    cr_assert(ui_app_seek_pending(&W->app), "the seek was not far enough to be bounded");
    cr_expect(strstr(W->app.st.status, "To the time clicked at") != NULL, "status: %s", W->app.st.status);
    for (int i = 0; i < 10000 && ui_app_seek_pending(&W->app); i++) ui_input_frame(W, 1000 + i);
    cr_expect(strstr(W->app.st.status, "At the time clicked") != NULL, "status on arrival: %s", W->app.st.status);
}

/* The footer and README say "A (answer)": upper-case A (Shift+a, as xdotool sends "A") must give the
 * workbook the keyboard like lower-case a, as W, C and G work in either case. */
Test(input, upper_case_a_gives_the_workbook_the_keyboard)
{
    char state[128];
    snprintf(state, sizeof state, "%s/state", cfgdir);
    setenv("XDG_STATE_HOME", state, 1);
    unsetenv("RCUVIS_DATA"); /* the shipped workbook (the fixture hid the data directory) */
    keymod(SDLK_w, KMOD_LSHIFT);
    cr_assert(W->app.st.show_workbook, "W shows the workbook column");
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
    SDL_KeyboardEvent esc;
    memset(&esc, 0, sizeof esc);
    esc.type = SDL_KEYDOWN;
    esc.keysym.sym = SDLK_ESCAPE;
    keymod(SDLK_a, KMOD_LSHIFT);
    cr_expect(ui_workbook_key(&W->app, &esc, 0), "after Shift+a the workbook has the keyboard (Esc is its own)");
    cr_expect_not(ui_workbook_key(&W->app, &esc, 0), "Esc gave the keyboard back");
    keymod(SDLK_a, KMOD_LCTRL);
    cr_expect_not(ui_workbook_key(&W->app, &esc, 0), "Ctrl+a is not A");
}

/* C while playing pauses (the new sides start paused at the same moment): the status says so, where
 * time standing still after C looked like a hang; paused already, it says nothing of pausing. */
Test(input, compare_while_playing_says_it_paused)
{
    ui_app_seek(&W->app, 2000000000LL); /* at 0 a new side has nothing to catch up */
    while (ui_app_seek_continue(&W->app, 1000)) {}
    W->app.st.playing = true;
    key(SDLK_c);
    cr_assert(W->app.st.compare);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    /* the status says what became of playback, either way (the window pauses here; Xvfb shows it) */
    if (!W->app.st.playing) cr_expect(strstr(W->app.st.status, "paused (Space plays)"), "status: %s", W->app.st.status);
    else cr_expect_null(strstr(W->app.st.status, "paused"), "still playing, yet: %s", W->app.st.status);
    key(SDLK_c);
    cr_expect_null(strstr(W->app.st.status, "paused"), "was paused already: %s", W->app.st.status);
}
