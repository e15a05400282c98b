/* test_status.c — the workbook's messages stay in the window's top bar for the status line's time, on the window's own clock. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window/workbook_hooks.h"
#include "text_runs.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64], path[512];

/* The window without the built-in demo's hidden data: the shipped workbook and scenarios. */
static void setup(void)
{
    window_fixture_open(cfgdir, "status", 1280, 720, false);
    char state[128];
    snprintf(state, sizeof state, "%s/state", cfgdir);
    setenv("XDG_STATE_HOME", state, 1); /* a student with no progress */
    const char *root = getenv("RCUVIS_ROOT");
    setenv("RCUVIS_DATA", root && *root ? root : ".", 1);
}
static void teardown(void) { window_fixture_close(cfgdir); }

TestSuite(status, .init = setup, .fini = teardown);

static void open_shipped(const char *name)
{
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root && *root ? root : ".", name);
    cr_assert_eq(ui_win_open(W, path, 0), 0, "%s", W->app.st.error);
    W->app.st.show_workbook = true;
    cr_assert(ui_workbook_available(), "the shipped workbook loads");
}

/* A key as the window delivers it, at the window's time now. */
static void key_at(SDL_Keycode k, double now)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = k;
    ui_input_event(W, &ev, now);
}

/* The window's frames from `from` to `to` ms, 16 ms apart (each: the hooks, playback, the status's expiry,
 * a drawing); the status line has to hold `want` through all of them. */
static void frames_keep(double from, double to, const char *want)
{
    for (double t = from; t <= to; t += 16) {
        ui_win_tick(W, t);
        frame();
        cr_assert(strstr(W->app.st.status, want), "at %.0f ms the top bar says \"%s\", not \"%s\"", t, W->app.st.status, want);
    }
}

/* Show me (question 1.5, small-busy at 2 s): "Question 1.5: ..." was written into the status without a
 * time to stay, and the window's next frame cleared it, so it was never seen. */
Test(status, show_me_names_the_question_for_the_status_lines_time)
{
    open_shipped("small-busy");
    key_at(SDLK_a, 1000); /* the workbook takes the keyboard */
    for (int i = 0; i < 4; i++) key_at(SDLK_PAGEDOWN, 1000);
    key_at(SDLK_m, 1000); /* 1.5 is a prediction not answered yet: the first m warns, the second looks */
    key_at(SDLK_m, 1000);
    frames_keep(1000, 1000 + UI_STATUS_MS - 16, "Question 1.5");
    cr_expect_eq(ui_app_now(&W->app), 2000000000LL, "show me went to the question's moment");
    ui_win_tick(W, 1000 + UI_STATUS_MS + 16);
    cr_expect_str_empty(W->app.st.status, "and leaves when its time is up: \"%s\"", W->app.st.status);
}

/* m on a question without a scenario (omap-stall's lesson opens on 5.1): the note goes to the top bar too. */
Test(status, show_me_with_nothing_to_show_says_why_for_the_status_lines_time)
{
    open_shipped("omap-stall");
    ui_win_tick(W, 500);
    frame(); /* the column opens on the scenario's lesson when it is first drawn */
    key_at(SDLK_a, 1000);
    key_at(SDLK_m, 2000);
    frames_keep(2000, 2000 + UI_STATUS_MS - 16, "has no scenario to show");
    ui_win_tick(W, 2000 + UI_STATUS_MS + 16);
    cr_expect_str_empty(W->app.st.status);
}

/* Playback that crosses a question's moment stops there and says so (1.5 is asked at small-busy's 2 s). */
Test(status, a_question_met_while_playing_is_announced_for_the_status_lines_time)
{
    open_shipped("small-busy");
    ui_app_seek(&W->app, 1990000000LL);
    W->app.st.playing = true;
    ui_win_tick(W, 100); /* the workbook notes where playback is */
    cr_assert(W->app.st.playing);
    ui_app_seek(&W->app, 2010000000LL); /* the next frame finds the moment crossed */
    frames_keep(3000, 3000 + UI_STATUS_MS - 16, "question 1.5 is about this moment");
    cr_expect_not(W->app.st.playing, "playback stopped at the question");
    ui_win_tick(W, 3000 + UI_STATUS_MS + 16);
    cr_expect_str_empty(W->app.st.status);
}

/* The window's own statuses keep their time as before, and a key press still clears any of them. */
Test(status, a_key_clears_a_posted_status)
{
    open_shipped("small-busy");
    ui_app_status(&W->app, 1000, "posted %d", 1);
    ui_win_tick(W, 1016);
    cr_expect_str_eq(W->app.st.status, "posted 1");
    key_at(SDLK_RIGHT, 1032);
    cr_expect_str_empty(W->app.st.status, "the next key makes it stale: \"%s\"", W->app.st.status);
}

/* Ctrl+E in the workbook column writes the student's answers as `rcuvis quiz --export` does, into the
 * pictures folder (in the page: a download), under a new name each time: a student in the browser had
 * no way to hand their work in. */
Test(status, ctrl_e_in_the_column_exports_the_answers)
{
    open_shipped("small-busy");
    key_at(SDLK_a, 0); /* the column takes the keyboard */
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = SDLK_e;
    ev.key.keysym.mod = KMOD_LCTRL;
    for (int i = 0; i < 2; i++) ui_input_event(W, &ev, 10);
    cr_expect(strstr(W->app.st.status, "Your answers, for your teacher: rcuvis-answers-"), "the file's name first: %s", W->app.st.status);
    cr_expect(strstr(W->app.st.status, ".csv in /"), "then its folder: %s", W->app.st.status);
    char cmd[300], line[256] = "";
    snprintf(cmd, sizeof cmd, "ls %s | grep -c '^rcuvis-answers-.*\\.csv$'", cfgdir);
    FILE *p = popen(cmd, "r");
    cr_assert_not_null(p);
    if (!fgets(line, sizeof line, p)) line[0] = 0;
    pclose(p);
    cr_expect_eq(atoi(line), 2, "two exports, two files (the second beside the first, not over it)");
    snprintf(cmd, sizeof cmd, "for f in %s/rcuvis-answers-*.csv; do head -1 \"$f\"; break; done", cfgdir);
    p = popen(cmd, "r");
    cr_assert_not_null(p);
    if (!fgets(line, sizeof line, p)) line[0] = 0;
    pclose(p);
    cr_expect(!strncmp(line, "student,lesson,question,attempts", 32), "the --export header: %s", line);
}

/* h on a question without a hint did nothing at all; the column and the status line now say so. The
 * shipped omap-stall opens the column on lesson 5; 5.3 has no hint. */
Test(status, h_without_a_hint_says_so)
{
    open_shipped("omap-stall");
    frames_keep(0, 0, ""); /* a frame: the column opens on the scenario's lesson */
    key_at(SDLK_a, 10);
    key_at(SDLK_PAGEDOWN, 10);
    key_at(SDLK_PAGEDOWN, 10);
    key_at(SDLK_h, 20);
    cr_expect(strstr(W->app.st.status, "Question 5.3 has no hint"), "status: %s", W->app.st.status);
}

/* At 1280x720 the bar's middle holds about forty characters: "At the end of the run: Home goes b…" hid
 * the key it named. A status too long for the bar's line is drawn whole on two small lines in the bar
 * (hung under it, it covered panel titles: "Scale capped ..." over the tree's), and in a box under the
 * bar only when longer than that; a short one stays. */
Test(status, a_status_too_long_for_the_top_bar_is_drawn_whole_under_it)
{
    open_shipped("big-machine");
    static runs q;
    const char *longer = "At the end of the run: Home goes back to the start, End stays here, and the wheel scrolls back";
    const char *longest = "At the end of the run: Home goes back to the start, End stays here, the wheel scrolls back, "
                          "PgUp walks the lecture's cues backwards and J skips to the caption the run showed before";
    for (int pass = 0; pass < 4; pass++) {
        const char *msg = pass == 1 ? "Saved" : pass == 3 ? longest : longer;
        ui_app_status(&W->app, 0, "%s", msg);
        W->app.st.status_routine = pass == 2; /* "Cue 2 of 6: ..." hung under the bar hid the tree's heading */
        q.n = 0;
        rd_set_text_observer(W->rd, keep_run, &q);
        frame();
        rd_set_text_observer(W->rd, NULL, NULL);
        int top_h = W->app.L.top.y + W->app.L.top.h; /* the bar as the frame laid it out */
        bool whole = false, cut = false, below = false;
        char joined[1024] = "";
        for (int i = 0; i < q.n; i++) {
            if (strstr(q.v[i].text, "…") && !strncmp(q.v[i].text, "At the end", 10)) cut = true;
            if (strstr(msg, q.v[i].text) && strlen(q.v[i].text) > 3) {
                if (q.v[i].r.y >= top_h) below = true;
                size_t l = strlen(joined);
                snprintf(joined + l, sizeof joined - l, "%s%s", l ? " " : "", q.v[i].text);
            }
        }
        whole = strstr(joined, msg) != NULL;
        if (pass != 2) {
            cr_expect(whole, "the status is drawn whole: \"%s\"", joined);
            cr_expect_not(cut, "the status is not cut with …");
        }
        if (pass == 3) cr_expect(below, "a status longer than two lines of the bar hangs under it");
        else cr_expect_not(below, "%s", pass == 0 ? "a status of two small lines stays in the bar"
                                        : pass == 1 ? "a short status stays in the bar" : "a routine status is not hung under the bar");
    }
}

/* The runs drawn in the top bar by one frame. */
static void top_runs(runs *q)
{
    q->n = 0;
    rd_set_text_observer(W->rd, keep_run, q);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

static bool in_top(const run *r) { return r->r.y < W->app.L.top.y + W->app.L.top.h; }

/* At 115 % in a 1280x720 window the bar read "small-busy · 3.7 (k…": the kernel, the one thing a single
 * view names nowhere else, was cut. Shorter whole forms come first ("small-busy · 3.7"). And while a
 * status stands there ("Caption held to be read (J skips)"), the scenario's name stays before it where
 * it fits: the bar dropped it. */
Test(status, the_top_bar_keeps_the_kernel_whole_and_the_name_beside_a_status)
{
    open_shipped("small-busy");
    W->app.st.show_workbook = false;
    W->app.st.playing = true; /* the name, not the last event */
    W->app.st.status[0] = 0;  /* "Opened small-busy" */
    static runs q;
    for (float sc = 1.0f; sc <= 1.151f; sc += 0.05f) {
        rd_set_scale(W->rd, sc);
        top_runs(&q);
        bool kernel = false;
        for (int i = 0; i < q.n; i++) {
            if (!in_top(&q.v[i])) continue;
            cr_expect(!(strstr(q.v[i].text, "3.7 (k") && !strstr(q.v[i].text, "3.7 (kthread)")), "at %.2f: cut \"%s\"", sc, q.v[i].text);
            const char *e = q.v[i].text + strlen(q.v[i].text);
            kernel |= (strlen(q.v[i].text) >= 3 && !strcmp(e - 3, "3.7")) || strstr(q.v[i].text, "3.7 (kthread)");
        }
        cr_expect(kernel, "at %.2f the bar names the kernel whole", sc);
    }
    rd_set_scale(W->rd, 1.0f);
    ui_app_status(&W->app, 0, "%s", "Caption held to be read (J skips)");
    top_runs(&q);
    bool named = false;
    for (int i = 0; i < q.n; i++) named |= in_top(&q.v[i]) && !strncmp(q.v[i].text, "small-busy · 3.7", strlen("small-busy · 3.7"));
    cr_expect(named, "the scenario and the kernel before the status");
}

/* Paused after playing, the bar read "t = 0.019999999 s": the frame's wall-clock fraction of a
 * microsecond, exact and noise. Playback moves on whole microseconds where a frame moves one or more. */
Test(status, playback_stops_on_whole_microseconds)
{
    open_shipped("small-busy");
    W->app.st.speed = 0.01;
    W->app.st.playing = true;
    double now = 1000.0;
    W->last_frame_ms = now;
    for (int i = 0; i < 20; i++) {
        now += 16.6667; /* a 60 Hz frame's fractional milliseconds */
        ui_win_play(W, now);
        cr_expect_eq(ui_app_now(&W->app) % 1000, 0, "frame %d at %lld ns", i, (long long)ui_app_now(&W->app));
    }
}

/* The runs of q that are pieces of the status (4 bytes or more), joined with spaces into joined; the
 * index of the first (drawn last, over the panels), -1 when none is. */
static int status_runs(const runs *q, char *joined, size_t n)
{
    int first = -1;
    joined[0] = 0;
    for (int i = 0; i < q->n; i++) {
        if (strlen(q->v[i].text) < 4 || !strstr(W->app.st.status, q->v[i].text)) continue;
        if (first < 0) first = i;
        size_t l = strlen(joined);
        snprintf(joined + l, n - l, "%s%s", l ? " " : "", q->v[i].text);
    }
    return first;
}

static bool overlap(rd_rect a, rd_rect b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }

/* A lecturer's X at 1280x720 (the GP-fix knob, re-simulated at this moment): its status, too long for the
 * top bar, hung under the bar's right end over the tree's and CPU time panels' headings, about half the
 * window's heading row. The M, X, Z and U statuses are drawn whole, and cover no heading: not the top
 * bar's words, no panel's title, nor compare's side heads; at 1280x720 and 1600x900, one view and
 * compared. */
Test(status, a_knobs_status_covers_no_heading)
{
    static const char *const titles[] = {"CPUs", "rcu_node tree", "CPU time, like top", "Why is it waiting?", "Timeline",
                                         "Kernel log", "RCU work, by where it was charged", "Threads (top)"};
    static const struct { int w, h; } sizes[] = {{1280, 720}, {1600, 900}};
    static const SDL_Keycode knobs[] = {SDLK_x, SDLK_m, SDLK_z, SDLK_u};
    static runs q;
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
        for (int cmp = 0; cmp < 2; cmp++)
            for (size_t k = 0; k < sizeof knobs / sizeof *knobs; k++) {
                char err[256];
                rd_free(W->rd);
                W->rd = rd_new_offscreen(sizes[s].w, sizes[s].h, 1.0f, err, sizeof err);
                cr_assert(W->rd, "%s", err);
                open_shipped("small-busy");
                W->app.st.show_workbook = false;
                if (cmp) cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
                ui_app_seek(&W->app, 20000000LL);
                while (ui_app_seek_continue(&W->app, 1000)) {}
                key_at(knobs[k], 1000);
                while (ui_app_seek_continue(&W->app, 1000)) {}
                char what[96];
                snprintf(what, sizeof what, "%dx%d%s, key %c", sizes[s].w, sizes[s].h, cmp ? " compared" : "", (char)knobs[k]);
                cr_assert(W->app.st.status[0], "%s: no status", what);
                q.n = 0;
                rd_set_text_observer(W->rd, keep_run, &q);
                frame();
                rd_set_text_observer(W->rd, NULL, NULL);
                /* the status's runs (drawn last, over the panels) and the rest */
                char joined[1024];
                int first = status_runs(&q, joined, sizeof joined);
                cr_expect(strstr(joined, W->app.st.status), "%s: the status is not drawn whole: \"%s\"", what, joined);
                if (first < 0) continue;
                int top_h = W->app.L.top.y + W->app.L.top.h;
                bool toast = q.v[first].r.y >= top_h; /* else in the bar, where it stands for the name */
                if (!toast) continue;
                for (int i = first; i < q.n; i++) {
                    if (!strstr(W->app.st.status, q.v[i].text)) continue;
                    for (int j = 0; j < first; j++) {
                        bool heading = q.v[j].r.y < top_h;
                        for (size_t t = 0; t < sizeof titles / sizeof *titles; t++) heading |= !strcmp(q.v[j].text, titles[t]);
                        for (int sd = 0; sd < W->app.L.nsides && W->app.L.nsides > 1; sd++)
                            heading |= starts_in(q.v[j].r, W->app.L.side[sd].head);
                        cr_expect(!heading || !overlap(q.v[i].r, q.v[j].r), "%s: the status's \"%s\" covers \"%s\"", what, q.v[i].text,
                                  q.v[j].text);
                    }
                }
            }
}

/* A lecturer's X at omap-stall's cue 6 (the GP-fix knob), compared at 133 % on a 1280x720 projector
 * (960x540 points, 960x516 under a title bar): the compact layout drops both empty kernel logs, so the
 * status had no log title row to go to. Not presenting, it hung under the bar over both halves' heads;
 * presenting, it stood in the bar and cut the cue's line to "…(jiffy 10241, HZ=1…". It now goes over
 * the CPU time panels' bottom line (their "▼ N more rows" count), whole, covering no heading, no row of
 * figures and no caption, and the presenting bar's line stays whole. */
Test(status, a_knobs_status_in_compact_compare_covers_nothing_essential)
{
    static const char *const titles[] = {"CPUs", "rcu_node tree", "CPU time, like top", "Why is it waiting?",
                                         "RCU work, by where it was charged", "Threads (top)"};
    static const int heights[] = {688, 720};
    static runs q;
    for (size_t z = 0; z < sizeof heights / sizeof *heights; z++)
        for (int present = 0; present < 2; present++) {
            char err[256], what[64];
            snprintf(what, sizeof what, "1280x%d at 133 %%%s", heights[z], present ? ", presenting" : "");
            if (z || present) { /* a fresh window: X is recorded, and a second X would turn the fix back off */
                teardown();
                setup();
            }
            rd_free(W->rd);
            W->rd = rd_new_offscreen(1280, heights[z], 1.3333f, err, sizeof err);
            cr_assert(W->rd, "%s", err);
            open_shipped("omap-stall");
            W->app.st.show_workbook = false;
            cr_assert_eq(ui_app_goto_cue(&W->app, 5, err, sizeof err), 0, "%s", err);
            while (ui_app_seek_continue(&W->app, 1000)) {}
            cr_assert(W->app.st.compare, "cue 6 compares");
            W->app.st.presenting = present;
            key_at(SDLK_x, 1000);
            while (ui_app_seek_continue(&W->app, 1000)) {}
            cr_assert(strstr(W->app.st.status, "re-simulated"), "%s: the status is \"%s\"", what, W->app.st.status);
            q.n = 0;
            rd_set_text_observer(W->rd, keep_run, &q);
            frame();
            rd_set_text_observer(W->rd, NULL, NULL);
            const ui_layout *L = &W->app.L;
            cr_assert(L->compact, "%s: the compact layout", what);
            cr_expect_eq(L->side[0].klog.h + L->side[1].klog.h, 0, "%s: both empty logs left out", what);
            int top_h = L->top.y + L->top.h;
            char joined[1024];
            int first = status_runs(&q, joined, sizeof joined);
            cr_expect(strstr(joined, W->app.st.status), "%s: the status is not drawn whole: \"%s\"", what, joined);
            cr_assert_geq(first, 0, "%s: no status drawn", what);
            cr_expect_geq(q.v[first].r.y, top_h, "%s: the status stands in the bar", what);
            for (int i = first; i < q.n; i++) {
                if (!strstr(W->app.st.status, q.v[i].text)) continue;
                for (int j = 0; j < first; j++) {
                    const run *o = &q.v[j];
                    bool essential = o->r.y < top_h || starts_in(o->r, L->side[0].head) || starts_in(o->r, L->side[1].head) ||
                                     starts_in(o->r, L->caption);
                    for (size_t t = 0; t < sizeof titles / sizeof *titles; t++) essential |= !strcmp(o->text, titles[t]);
                    /* in a CPU time panel, only its bottom line's count may be covered */
                    for (int sd = 0; sd < 2; sd++) essential |= starts_in(o->r, L->side[sd].acct) && strncmp(o->text, "\u25BC", 3);
                    cr_expect(!essential || !overlap(q.v[i].r, o->r), "%s: the status's \"%s\" covers \"%s\"", what, q.v[i].text, o->text);
                }
            }
            if (present) { /* the bar's line, the cue's title and the time, whole */
                bool whole = false;
                for (int i = 0; i < first; i++) whole |= q.v[i].r.y < top_h && !strncmp(q.v[i].text, "6 of 6", 6) && strstr(q.v[i].text, "HZ=128)");
                cr_expect(whole, "%s: the bar's line is cut", what);
            }
        }
}
