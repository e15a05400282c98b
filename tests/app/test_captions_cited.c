/* test_captions_cited.c — what a shipped caption or lecture cue tells the room to read in the CPU time panel is on screen: single and compared, at the projector's 1280x720 (1280x688 as the window), at 1600x900; and the two compared halves show the same sections. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"
#include "../support/shipped_scenarios.h"
#include "scenario.h"


#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];
static void setup(void) { window_fixture_open(cfgdir, "cited", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }
TestSuite(cited, .init = setup, .fini = teardown);

/* The sizes a talk meets: the projector (a picture from `shot`, the fullscreen window), the window on
 * it under a title bar, and a bigger screen. */
static const struct { int w, h; } sizes[] = {{1280, 720}, {1280, 688}, {1600, 900}};

/* The text runs drawn inside each side's CPU time panel, one per line (side 0, side 1). */
typedef struct panel_text { char *s[2]; size_t len[2], cap[2]; rd_rect acct[2]; int nsides; } panel_text;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    panel_text *P = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    for (int k = 0; k < P->nsides; k++) {
        rd_rect a = P->acct[k];
        if (x < a.x || y < a.y || x + w > a.x + a.w || y + h > a.y + a.h) continue;
        while (P->len[k] + len + 2 > P->cap[k]) {
            P->cap[k] = P->cap[k] ? 2 * P->cap[k] : 4096;
            P->s[k] = realloc(P->s[k], P->cap[k]);
            cr_assert(P->s[k]);
        }
        memcpy(P->s[k] + P->len[k], s, len);
        P->len[k] += len;
        P->s[k][P->len[k]++] = '\n';
        P->s[k][P->len[k]] = 0;
    }
}

static void panel_text_free(panel_text *P)
{
    for (int k = 0; k < 2; k++) free(P->s[k]);
    memset(P, 0, sizeof *P);
}

/* Draw the window as it stands into a w x h off-screen renderer and keep each panel's texts. */
static void draw_at(int w, int h, panel_text *P)
{
    char err[1024];
    rd_free(W->rd);
    W->rd = rd_new_offscreen(w, h, 1.0f, err, sizeof err);
    cr_assert(W->rd, "%s", err);
    frame(); /* lays the panels out at this size */
    memset(P, 0, sizeof *P);
    P->nsides = W->app.nsessions < 2 ? W->app.nsessions : 2;
    for (int k = 0; k < P->nsides; k++) P->acct[k] = W->app.L.side[k].acct;
    rd_set_text_observer(W->rd, keep_run, P);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
    for (int k = 0; k < P->nsides; k++) cr_assert(P->s[k], "side %d drew no CPU time panel", k);
}

static void open_scenario(const char *name)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
}

static void settle(void)
{
    while (ui_app_seek_continue(&W->app, 1000)) {}
}

/* Is `want` on side k? "=TEXT": a run that is exactly TEXT (a thread's row: "rcu_sched"); "6:" / "7:"
 * before it: only the 3.6 / 3.7 side must show it (the other has no such figure). */
static bool shows(const panel_text *P, int k, const char *want)
{
    enum rv_mode m = W->app.s[k].view.mode;
    if (!strncmp(want, "6:", 2) || !strncmp(want, "7:", 2)) {
        if ((want[0] == '6') != (m == RV_MODE_SOFTIRQ)) return true;
        want += 2;
    }
    if (want[0] != '=') return strstr(P->s[k], want) != NULL;
    char line[128];
    snprintf(line, sizeof line, "\n%s\n", want + 1);
    return strstr(P->s[k], line) != NULL || !strncmp(P->s[k], line + 1, strlen(line + 1));
}

/* The sections a half shows, by the words that begin them. */
static void sections(const char *s, char *out, size_t n)
{
    static const char *const mark[] = {"RCU work, by where", "longest irqs-off", "rcu_sched", "rcu_bh", "rcu_preempt",
                                       "per GP", "p50", "Threads (top)", "threads that exited"};
    out[0] = 0;
    for (size_t i = 0; i < sizeof mark / sizeof *mark; i++) {
        /* a flavor's own lines: "rcu_sched  12 GPs" or "rcu_sched: cost ...", not the GP kthreads row's name */
        bool on = false;
        if (!strncmp(mark[i], "rcu_", 4)) {
            char a[32], b[32];
            snprintf(a, sizeof a, "\n%s  ", mark[i]);
            snprintf(b, sizeof b, "\n%s: ", mark[i]);
            on = strstr(s, a) || strstr(s, b);
        } else on = strstr(s, mark[i]) != NULL;
        if (on) snprintf(out + strlen(out), n - strlen(out), "%s%s", *out ? ", " : "", mark[i]);
    }
}

/* Every want on every side at every size; compared, both halves show the same sections. */
static void expect_cited(const char *what, const char *const *want)
{
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        panel_text P;
        draw_at(sizes[z].w, sizes[z].h, &P);
        for (int k = 0; k < P.nsides; k++)
            for (const char *const *w = want; *w; w++)
                cr_expect(shows(&P, k, *w), "%s at %dx%d, %s side: the caption cites \"%s\", the CPU time panel shows:\n%s", what,
                          sizes[z].w, sizes[z].h, W->app.s[k].view.label, *w, P.s[k]);
        for (int k = 0; k < P.nsides; k++) {
            char sec[256];
            sections(P.s[k], sec, sizeof sec);
            /* a heading comes with a row under it: big-machine compared showed "Threads (top)" over
             * nothing once the cited lines had taken its rows' room */
            for (const char *h = P.s[k]; (h = strstr(h, "Threads (top)\n")); h++) {
                const char *next = h + strlen("Threads (top)\n");
                cr_expect(*next && strncmp(next, "▼", strlen("▼")), "%s at %dx%d, %s side: \"Threads (top)\" with no thread under it:\n%s",
                          what, sizes[z].w, sizes[z].h, W->app.s[k].view.label, P.s[k]);
            }
            /* a cost line shown without its flavor's first line still says whose cost it is */
            if (strstr(sec, "per GP"))
                cr_expect(strstr(sec, "rcu_"), "%s at %dx%d, %s side: a cost per GP of no named flavor:\n%s", what, sizes[z].w,
                          sizes[z].h, W->app.s[k].view.label, P.s[k]);
        }
        if (P.nsides == 2) {
            char a[256], b[256];
            sections(P.s[0], a, sizeof a);
            sections(P.s[1], b, sizeof b);
            cr_expect_str_eq(a, b, "%s at %dx%d: the halves show different sections (%s | %s)", what, sizes[z].w, sizes[z].h, a, b);
        }
        panel_text_free(&P);
    }
}

/* A timed caption at t seconds, as the window shows it: single view (in the file's mode, then after M
 * in the other), then compared. */
static void expect_timed(const char *scenario, double t, const char *const *want_single, const char *const *want_other,
                         const char *const *want_compare)
{
    char what[160];
    open_scenario(scenario);
    ui_app_seek(&W->app, (int64_t)(t * 1e9));
    settle();
    cr_assert(W->app.s[0].view.caption || (frame(), W->app.s[0].view.caption), "%s at %g s shows no caption", scenario, t);
    snprintf(what, sizeof what, "%s at %g s, single view", scenario, t);
    if (want_single) expect_cited(what, want_single);
    if (want_other) {
        key(SDLK_m);
        settle();
        snprintf(what, sizeof what, "%s at %g s, single view after M", scenario, t);
        expect_cited(what, want_other);
        key(SDLK_m);
        settle();
    }
    char err[1024];
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, (int64_t)(t * 1e9));
    settle();
    snprintf(what, sizeof what, "%s at %g s, compared", scenario, t);
    if (want_compare) expect_cited(what, want_compare);
}

/* Lecture cue n (1-based) as a lecturer reaches it: presentation mode, then PgDn n times. */
static void expect_cue(const char *scenario, int n, const char *const *want)
{
    open_scenario(scenario);
    frame();
    key(SDLK_F5);
    for (int i = 0; i < n; i++) key(SDLK_PAGEDOWN);
    settle();
    cr_assert_eq(W->app.st.cue, n - 1);
    char what[160];
    snprintf(what, sizeof what, "%s cue %d (presenting)", scenario, n);
    expect_cited(what, want);
}

/* "see the longest irqs-off stretch in the CPU time panel" (3.6's init walk with interrupts off) */
Test(cited, big_machine_the_irqs_off_stretch)
{
    const char *const want[] = {"longest irqs-off stretch", NULL};
    expect_timed("big-machine.json", 0.25, want, want, want);
}

/* "Compare the per-grace-period cost ... the longest left, a few microseconds in the CPU time panel":
 * at 1280x720 compared, 3.7's half gave the latency line's room to its top list (worker, rcu_sched)
 * and showed no per-GP line at all */
Test(cited, big_machine_the_per_gp_cost_and_37s_few_microseconds)
{
    const char *const want[] = {"longest irqs-off stretch", " per GP", NULL};
    expect_timed("big-machine.json", 1.5, want, want, want);
}

/* 3.7: "FQS passes now run many times per grace period, which is why its CPU time grows" (the GP
 * kthreads row); 3.6: "the two tasks rows match ... while 3.6's GP kthreads row stays at 0" */
Test(cited, fast_no_hz_the_rows_each_mode_names)
{
    const char *const k37[] = {"GP kthreads", " per GP", NULL};
    const char *const k36[] = {"tasks: call_rcu()", "GP kthreads", NULL};
    const char *const both[] = {"GP kthreads", "tasks: call_rcu()", " per GP", NULL};
    expect_timed("fast-no-hz.json", 0.5, k37, k36, both);
}

/* 3.7: "Watch the GP kthreads row ... about 23 sleep/wake cycles per grace period ... several times the article's
 * ~30 µs"; 3.6: "the tasks row ... No thread named rcu_sched shows in top" */
Test(cited, hackbench_the_rows_each_mode_names)
{
    const char *const k37[] = {"GP kthreads", " per GP", NULL};
    const char *const k36[] = {"tasks: call_rcu()", "Threads (top)", NULL};
    const char *const both[] = {"GP kthreads", " per GP", "tasks: call_rcu()", "Threads (top)", NULL};
    expect_timed("hackbench.json", 1.0, k37, k36, both);
}

/* "most GPs end in under a jiffy (median ~0.6 ms)" */
Test(cited, hackbench_cue_1_the_median_gp)
{
    const char *const want[] = {"RCU work, by where it was charged", "(p50)", NULL};
    expect_cue("hackbench.json", 1, want);
}

/* hackbench's cue 1 sent the room to "rcu_sched's own µs/GP, the article's measure", a figure the
 * 1280x720 panel leaves out beside the row's name (no room in the name column): a student set the
 * flavor line's "190 µs per GP", the one figure in sight, beside the article's 30 µs. A cue that names
 * own µs/GP has it on screen at every size. */
Test(cited, a_cue_naming_own_per_gp_shows_it)
{
    const char *const own[] = {"own ", NULL};
    char names[8][64];
    int cue[8], n = 0;
    fx_shipped it;
    for (fx_shipped_begin(&it); fx_shipped_next(&it);)
        for (size_t k = 0; k < it.cfg.ncues; k++)
            if (strstr(it.cfg.cues[k].caption, "own µs/GP") && n < 8) {
                snprintf(names[n], sizeof names[n], "%s", it.name);
                cue[n++] = (int)k + 1;
            }
    /* one cue at a time from a fresh window: expect_cue() presents with F5, which a second call would undo */
    if (n > 0) expect_cue(names[0], cue[0], own);
    cr_expect_leq(n, 1, "more cues name own µs/GP than this test opens (%d)", n);
}

/* hackbench's cue 1 now cites what the article's measure is made of, rcu_sched's time in top over its
 * grace periods, and the cost per GP it sets apart: those figures are on screen at every size. */
Test(cited, hackbench_cue_1_cites_the_figures_drawn)
{
    const char *const want[] = {"=rcu_sched", "47.0 ms", "426 GPs", "190 µs per GP", NULL};
    expect_cue("hackbench.json", 1, want);
    const char *cap = W->app.s[0].cfg.cues[0].caption;
    cr_expect(strstr(cap, "47.0 ms / 426") && strstr(cap, "190 µs cost per GP"), "cue 1 cites the figures drawn: %s", cap);
}

/* "counted in the tasks row. Right 3.7: the rcu_sched kthread does that work and top lists it" */
Test(cited, hackbench_cue_2_the_tasks_row_and_top)
{
    const char *const want[] = {"tasks: call_rcu()", "7:=rcu_sched", NULL};
    expect_cue("hackbench.json", 2, want);
}

/* "the tasks row ... the GP kthreads ... where top can see it ... The in-all rows split it ...
 * (135 against 186 µs per GP)": the per-GP line sat below the rows the 1280x688 window showed; the
 * in-all rows, the work both designs do and 3.7's sleep/wake on top, on both halves */
Test(cited, hackbench_cue_3_the_per_gp_costs)
{
    const char *const want[] = {"tasks: call_rcu()", "GP kthreads", "in all", "own sleep/wake", " per GP", "7:=rcu_sched", NULL};
    expect_cue("hackbench.json", 3, want);
}

/* "one more CPU adds two rcu_node structures ... and the per-grace-period figure jumps" */
Test(cited, scaling_the_per_gp_figure)
{
    const char *const want[] = {" per GP", NULL};
    expect_timed("scaling.json", 2.0, want, want, want);
}

/* kernel-build's 3.7 caption said "scroll the CPU time panel down to its list": the panel keeps what a
 * caption cites on screen, and a slide or a lecture has nobody at the wheel. No shipped caption or cue
 * sends the room scrolling. */
Test(cited, no_caption_asks_the_room_to_scroll)
{
    int seen = 0;
    fx_shipped it;
    for (fx_shipped_begin(&it); fx_shipped_next(&it);) {
        const rv_config *cfg = &it.cfg;
        for (size_t k = 0; k < cfg->ncaptions; k++, seen++)
            cr_expect_null(strstr(cfg->captions[k].text, "scroll"), "%s: caption %d asks to scroll: %s", it.path,
                           cfg->captions[k].file_index, cfg->captions[k].text);
        for (size_t k = 0; k < cfg->ncues; k++, seen++)
            cr_expect_null(strstr(cfg->cues[k].caption, "scroll"), "%s: cue %zu asks to scroll: %s", it.path, k + 1,
                           cfg->cues[k].caption);
    }
    cr_expect_gt(seen, 20, "the shipped captions were read");
}

/* Does a text that puts 3.7's kthread sleep/wake before the room say first that the GP work moved, the
 * article's point, and that the extra is the model's? NULL when it does, else what it lacks. */
static const char *sleep_wake_framing(const char *t)
{
    const char *sw = strstr(t, "sleep/wake");
    if (!sw) return NULL;
    const char *mv = strstr(t, "move");
    if (!mv || mv > sw) return "that the GP work moved (before the sleep/wake)";
    if (!strstr(t, "model")) return "that the sleep/wake figure is the model's";
    return NULL;
}

/* small-busy's first caption, the default scenario's first words, said 3.7's kthreads "add their own
 * sleep/wake on top" and that "even the work both do costs 3.7 more": a student's first lesson was
 * "3.7 costs more", the opposite of the article ("do not represent new overhead"). A caption or cue
 * shown in both modes that speaks of the sleep/wake says first that the work moved, and whose the
 * extra is. (A caption shown in 3.7 alone explains the kthread's cost in its own terms.) */
Test(cited, sleep_wake_comes_after_the_article_point)
{
    int seen = 0;
    fx_shipped it;
    for (fx_shipped_begin(&it); fx_shipped_next(&it);) {
        const rv_config *cfg = &it.cfg;
        for (size_t k = 0; k < cfg->ncaptions; k++) {
            if (cfg->captions[k].when.has_mode) continue;
            const char *lack = sleep_wake_framing(cfg->captions[k].text);
            seen += strstr(cfg->captions[k].text, "sleep/wake") != NULL;
            cr_expect_null(lack, "%s: caption %d speaks of 3.7's sleep/wake without saying %s: %s", it.path,
                           cfg->captions[k].file_index, lack, cfg->captions[k].text);
        }
        for (size_t k = 0; k < cfg->ncues; k++) {
            const char *lack = sleep_wake_framing(cfg->cues[k].caption);
            seen += strstr(cfg->cues[k].caption, "sleep/wake") != NULL;
            cr_expect_null(lack, "%s: cue %zu speaks of 3.7's sleep/wake without saying %s: %s", it.path, k + 1, lack,
                           cfg->cues[k].caption);
        }
    }
    cr_expect_geq(seen, 2, "small-busy's first caption and hackbench's cue 3 were read");
}

/* Cue 3's "Added: the kthread's own sleep/wake, ~125 µs per GP": the 3.7 half's cost line names that
 * share (report's kthread_sched_us), at every size a talk meets; 3.6, with no kthread, has none. A
 * student read "186 against 135 µs per GP" as 3.7 adding grace-period work. */
Test(cited, hackbench_cue_3_splits_the_kthreads_sleep_wake_from_gp_work)
{
    open_scenario("hackbench.json");
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 3; i++) key(SDLK_PAGEDOWN);
    settle();
    cr_assert(W->app.st.compare && W->app.nsessions == 2);
    int k37 = W->app.s[0].cfg.rcu.mode == RV_MODE_KTHREAD ? 0 : 1;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        panel_text P;
        draw_at(sizes[i].w, sizes[i].h, &P);
        cr_expect(strstr(P.s[k37], " sleep/wake), ") != NULL || strstr(P.s[k37], " sleep/wake, ") != NULL,
                  "%dx%d: 3.7's cost line lacks its sleep/wake share:\n%s", sizes[i].w, sizes[i].h, P.s[k37]);
        /* 3.6's cost line has no such share; its sleep/wake row says why it is empty */
        cr_expect(strstr(P.s[1 - k37], "of it kthread sleep/wake") == NULL && strstr(P.s[1 - k37], "none: no GP kthread"),
                  "%dx%d: 3.6 has no kthread to wake:\n%s", sizes[i].w, sizes[i].h, P.s[1 - k37]);
        panel_text_free(&P);
    }
    /* the cue's "~23 per GP" is on the panel where the line has room for it (the cycles counted, report's
     * kthread_wakeups) */
    panel_text P;
    draw_at(1280, 720, &P);
    cr_expect(strstr(P.s[k37], "of it kthread sleep/wake, 23 per GP)") != NULL, "1280x720: the cycles per GP:\n%s", P.s[k37]);
    panel_text_free(&P);
}

/* hackbench at 2 s: a grace period is open ("oldest open ..." on rcu_sched's line). That line read the
 * history's last GP bar, so once the look-ahead had run on, that bar lay in the future and the same
 * moment lost it. */
Test(cited, oldest_open_stays_after_the_look_ahead)
{
    open_scenario("hackbench.json");
    ui_app_seek(&W->app, 2000000000LL);
    settle();
    panel_text P;
    draw_at(1600, 900, &P);
    cr_assert(strstr(P.s[0], "oldest open") != NULL, "precondition: a GP open at 2 s:\n%s", P.s[0]);
    panel_text_free(&P);
    while (tt_known_until(W->app.s[0].tt) < 2500000000LL && tt_explore(W->app.s[0].tt, 1000)) {}
    cr_assert_geq(tt_known_until(W->app.s[0].tt), 2500000000LL, "the look-ahead ran on");
    draw_at(1600, 900, &P);
    cr_expect(strstr(P.s[0], "oldest open") != NULL, "the open GP is gone from the same moment:\n%s", P.s[0]);
    panel_text_free(&P);
}

/* Compared, the halves show the same sections at every height a window may have, not only at the
 * sizes above: each scenario at a few moments, heights 540 to 900 in steps of 12 px. The halves had
 * planned their rows apart, and 3.6's top list, a row shorter without rcu_sched in it, left room for
 * lines that 3.7's half did not show (small-busy at 5 s, 1280x720: "longest irqs-off" on 3.6's half
 * only; at 1280x828 3.6's "p50" line only). */
Test(cited, compared_halves_show_the_same_sections_at_any_height)
{
    static const struct { const char *scenario; double t; } at[] = {
        {"hackbench.json", 1.0}, {"hackbench.json", 30.0}, {"small-busy.json", 5.0}, {"kernel-build.json", 20.0}, {"scaling.json", 2.0}};
    int checked = 0;
    for (size_t i = 0; i < sizeof at / sizeof *at; i++) {
        open_scenario(at[i].scenario);
        char err[1024];
        cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
        ui_app_seek(&W->app, (int64_t)(at[i].t * 1e9));
        settle();
        for (int h = 540; h <= 900; h += 12) {
            panel_text P;
            draw_at(1280, h, &P);
            cr_assert_eq(P.nsides, 2);
            char a[256], b[256];
            sections(P.s[0], a, sizeof a);
            sections(P.s[1], b, sizeof b);
            cr_expect_str_eq(a, b, "%s at %g s, 1280x%d: the halves show different sections (%s | %s)", at[i].scenario, at[i].t, h, a, b);
            checked++;
            panel_text_free(&P);
        }
    }
    cr_expect_eq(checked, 5 * 31);
}
