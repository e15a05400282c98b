/* test_lecture.c — a lecturer's keys: cue to cue (PgDn/PgUp), next GP start/end/FQS/stall landing on the moment, J, presentation mode. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"
#include "scenario.h"
#include "text_runs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char cfgdir[64];

static void open_scenario(const char *name)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
}

/* The window's bounded seeks on a virtual machine (tt_set_virtual_speed: 200 simulated s a wall second,
 * whatever this machine's speed): a far seek then takes frames, as in the window. */
static void on_a_virtual_machine(void)
{
    for (int i = 0; i < W->app.nsessions; i++) tt_set_virtual_speed(W->app.s[i].tt, 200.0);
    W->app.bounded_seeks = true; /* as cmd_window() sets it */
}

static void setup(void) { window_fixture_open(cfgdir, "lecture", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

/* The whole run known in advance, as the window's look-ahead learns it over a few frames. */
static void explore_all(void)
{
    for (int i = 0; i < W->app.nsessions; i++)
        while (tt_explore(W->app.s[i].tt, 1000)) {}
}

static bool klog_has_stall(const ui_view *v)
{
    for (int i = 0; i < v->nklog; i++) if (v->klog[i].stall) return true;
    return false;
}

TestSuite(lecture, .init = setup, .fini = teardown);

/* Is `want` among the texts the window draws now? */
static bool drawn(const char *want)
{
    static runs R;
    R.n = 0;
    rd_set_text_observer(W->rd, keep_run, &R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
    for (int i = 0; i < R.n; i++)
        if (strstr(R.v[i].text, want)) return true;
    return false;
}

/* omap-stall and hackbench opened as "omap-stall · 3.6 (softirq)": nothing said they carry a lecture, and
 * a student who had not read the README never pressed PgDn. The top bar says so until the first cue;
 * a scenario without cues says nothing of the kind. */
Test(lecture, the_top_bar_says_a_scenario_has_a_lecture_until_its_first_cue)
{
    open_scenario("omap-stall.json");
    char want[64];
    snprintf(want, sizeof want, "PgDn: lecture, %zu cues", W->app.base.ncues);
    cr_expect(drawn(want), "omap-stall at t = 0 shows \"%s\"", want);
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 0);
    cr_expect_not(drawn("PgDn: lecture"), "gone once the lecture has begun");
    open_scenario("small-busy.json");
    cr_expect_not(drawn("PgDn: lecture"), "small-busy has no lecture");
}

/* hackbench's first caption is held to be read within its first 20 ms: the top bar then said "hackbench ·
 * 3.7 (kthread) · Caption held to be read (J skips)" and the lecture went unmentioned. Where a shorter
 * name leaves room (a 1400-pixel window, as on a 1600x900 screen), the hint stays beside the status. */
Test(lecture, the_lecture_hint_stays_beside_a_held_caption)
{
    open_scenario("hackbench.json");
    char err[512];
    rd_free(W->rd);
    W->rd = rd_new_offscreen(1400, 787, 1.0f, err, sizeof err);
    cr_assert(W->rd, "%s", err);
    frame();
    snprintf(W->app.st.status, sizeof W->app.st.status, "Caption held to be read (J skips)");
    W->app.st.status_routine = false;
    cr_expect(drawn("PgDn: lecture, 3 cues"), "the hint beside the held caption's status");
    cr_expect(drawn("Caption held to be read (J skips)"), "and the status whole");
}

/* hackbench's titles begin "1. ", "2. "...: PgDn said "Cue 3 of 3: 3. Two seconds in", the number twice. */
Test(lecture, pgdn_names_the_cue_number_once)
{
    open_scenario("hackbench.json");
    frame();
    key(SDLK_PAGEDOWN);
    cr_expect_str_eq(W->app.st.status, "Cue 1 of 3: A busy machine");
    /* a title that does not begin with its own number stays whole */
    cr_expect_str_eq(ui_cue_title_unnumbered("2. Bits clear", 1), "2. Bits clear");
    cr_expect_str_eq(ui_cue_title_unnumbered("10. Ten", 10), "Ten");
    cr_expect_str_eq(ui_cue_title_unnumbered("1. ", 1), "1. ");
    cr_expect_str_eq(ui_cue_title_unnumbered("The stall", 4), "The stall");
}

Test(lecture, pgdn_walks_the_cues_of_omap_stall)
{
    open_scenario("omap-stall.json");
    cr_assert_geq(W->app.base.ncues, 4);
    frame();
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 0);
    cr_assert_eq(ui_app_now(&W->app), (int64_t)(W->app.base.cues[0].at_s * 1e9 + 0.5) + 1);
    cr_assert_str_eq(W->app.s[0].view.caption, W->app.base.cues[0].caption, "the cue's caption is the one shown");
    /* on to the stall cue: the warning is in the kernel log at that moment */
    int stall_cue = -1;
    for (size_t i = 0; i < W->app.base.ncues; i++)
        if (strstr(W->app.base.cues[i].title, "stall")) { stall_cue = (int)i; break; }
    cr_assert_geq(stall_cue, 1);
    for (int i = 0; i < stall_cue; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, stall_cue);
    cr_assert(klog_has_stall(&W->app.s[0].view), "the stall cue shows the stall warning");
    /* a compare cue switches compare on; PgUp comes back and switches it off again */
    int cmp = -1;
    for (size_t i = 0; i < W->app.base.ncues; i++) if (W->app.base.cues[i].compare == 1) { cmp = (int)i; break; }
    cr_assert_gt(cmp, 0);
    while (W->app.st.cue < cmp) key(SDLK_PAGEDOWN);
    cr_assert(W->app.st.compare);
    cr_assert_eq(W->app.nsessions, 2);
    while (W->app.st.cue > 0) key(SDLK_PAGEUP);
    cr_assert_not(W->app.st.compare);
}

Test(lecture, d_lands_on_a_grace_period_end_and_s_on_the_stall)
{
    open_scenario("omap-stall.json");
    explore_all();
    frame();
    key(SDLK_d);
    int64_t t = ui_app_now(&W->app);
    const ui_history *h = tt_history(W->app.s[0].tt);
    bool is_end = false;
    uint64_t gp = 0;
    for (size_t i = 0; i < h->gps[RV_SCHED].n; i++)
        if (h->gps[RV_SCHED].v[i].end + 1 == t) { is_end = true; gp = h->gps[RV_SCHED].v[i].gp; }
    cr_assert(is_end, "D stopped at %lld ns, which is no grace-period end", (long long)t);
    cr_assert_geq(W->app.s[0].view.fl[RV_SCHED].completed, gp, "at the end, the grace period counts as completed");
    key(SDLK_s);
    cr_assert_eq(ui_app_now(&W->app), h->stalls.v[0].t + 1, "S lands on the stall itself");
    cr_assert(klog_has_stall(&W->app.s[0].view));
    keymod(SDLK_n, KMOD_SHIFT);
    cr_assert_lt(ui_app_now(&W->app), h->stalls.v[0].t, "Shift+N goes back to a GP start");
}

Test(lecture, j_lands_on_the_stall_itself)
{
    open_scenario("omap-stall.json");
    explore_all();
    ui_app_seek(&W->app, 80001000000LL); /* after the last caption, before the warning */
    frame();
    key(SDLK_j);
    const ui_history *h = tt_history(W->app.s[0].tt);
    cr_assert_eq(ui_app_now(&W->app), h->stalls.v[0].t + 1);
    cr_assert(klog_has_stall(&W->app.s[0].view), "after J the warning is on screen, not one jiffy before it");
}

Test(lecture, status_of_a_reset_does_not_outlive_the_next_key)
{
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_HOME);
    cr_assert(strstr(W->app.st.status, "t = 0"));
    key(SDLK_j);
    cr_assert_str_eq(W->app.st.status, "", "\"%s\" still shown after J", W->app.st.status);
}

Test(lecture, presentation_mode_hides_the_controls)
{
    open_scenario("omap-stall.json");
    frame();
    int before = 0, after = 0;
    for (int i = 0; i < W->app.fr.nhits; i++) before += W->app.fr.hits[i].kind == HIT_BUTTON;
    key(SDLK_F5);
    for (int i = 0; i < W->app.fr.nhits; i++) after += W->app.fr.hits[i].kind == HIT_BUTTON;
    cr_assert_gt(before, 5);
    cr_assert_eq(after, 0, "%d buttons still drawn in presentation mode", after);
}

Test(lecture, a_bad_cue_is_a_located_error)
{
    char path[128];
    snprintf(path, sizeof path, "%s/bad.json", cfgdir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs("{\"name\": \"x\", \"cpus\": 2, \"duration_s\": 1, \"cues\": [{\"at_s\": 0.5, \"select_cpu\": 5}]}\n", f);
    fclose(f);
    char err[4096];
    cr_assert_neq(ui_app_load(&W->app, path, -1, err, sizeof err), 0);
    cr_assert(strstr(err, "cues[0].select_cpu"), "%s", err);
    f = fopen(path, "w");
    fputs("{\"name\": \"x\", \"cpus\": 2, \"duration_s\": 1, \"cues\": [{\"at_s\": 0.5, \"colour\": 1}]}\n", f);
    fclose(f);
    cr_assert_neq(ui_app_load(&W->app, path, -1, err, sizeof err), 0);
    cr_assert(strstr(err, "colour"), "%s", err);
}

/* A cue that leaves out flavor, compare or select_cpu keeps what the cues before it set
 * (scenarios/schema.json: "absent = leave as is"), so cue N looks the same however it is reached:
 * PgDn from the first cue, PgUp from a later one, or straight there (a cue= link, `shot --cue N`).
 * Going straight to cue 2 used to apply cue 2 alone: rcu_sched and one view, where PgDn showed
 * rcu_preempt in compare mode; PgUp from cue 3 (compare off) back to cue 2 stayed single. */
static const char *const inherit_json =
    "{\"name\": \"inherit\", \"cpus\": 8, \"duration_s\": 2,\n"
    " \"rcu\": {\"mode\": \"kthread\", \"flavors\": [\"rcu_sched\", \"rcu_preempt\"]},\n"
    " \"cues\": [{\"at_s\": 0.5, \"title\": \"one\", \"flavor\": \"rcu_preempt\", \"compare\": true},\n"
    "          {\"at_s\": 1.0, \"title\": \"two\", \"select_cpu\": 3},\n"
    "          {\"at_s\": 1.5, \"title\": \"three\", \"compare\": false, \"select_cpu\": null}]}\n";

static void open_inherit(void)
{
    char path[128], err[4096];
    snprintf(path, sizeof path, "%s/inherit.json", cfgdir);
    FILE *f = fopen(path, "w");
    cr_assert(f);
    fputs(inherit_json, f);
    fclose(f);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    frame();
}

static void assert_cue_two(const char *how)
{
    cr_assert_eq(W->app.st.cue, 1, "%s", how);
    cr_assert_eq(W->app.st.flavor, RV_PREEMPT, "%s: cue 1's rcu_preempt is kept by cue 2", how);
    cr_assert(W->app.st.compare, "%s: cue 1's compare is kept by cue 2", how);
    cr_assert_eq(W->app.nsessions, 2, "%s", how);
    cr_assert_eq(W->app.st.sel_cpu, 3, "%s", how);
}

Test(lecture, straight_to_a_cue_shows_what_earlier_cues_set)
{
    char err[512];
    open_inherit();
    cr_assert_eq(ui_app_goto_cue(&W->app, 1, err, sizeof err), 0, "%s", err);
    assert_cue_two("straight to cue 2");
    ui_cue_view v = ui_cue_view_at(&W->app.base, 1);
    cr_assert_eq(v.flavor_by, 0);
    cr_assert_eq(v.compare_by, 0);
    cr_assert_eq(v.select_by, 1);
}

Test(lecture, pgup_to_a_cue_shows_it_as_pgdn_did)
{
    open_inherit();
    cr_assert_not(W->app.st.compare);
    key(SDLK_PAGEDOWN);
    key(SDLK_PAGEDOWN);
    assert_cue_two("PgDn twice");
    key(SDLK_PAGEDOWN);
    cr_assert_not(W->app.st.compare, "cue 3 turns compare off");
    cr_assert_eq(W->app.st.sel_cpu, -1);
    key(SDLK_PAGEUP);
    assert_cue_two("PgUp from cue 3");
}

Test(lecture, the_fix_is_one_key_away_and_shows_a_badge)
{
    open_scenario("omap-stall.json");
    ui_app_seek(&W->app, 80100000000LL); /* just after the warning */
    frame();
    cr_assert(klog_has_stall(&W->app.s[0].view));
    cr_assert_str_eq(W->app.st.config_badge, "");
    key(SDLK_x); /* needs_gp_fix on: the mainline fix, re-simulated to the same moment */
    cr_assert(W->app.base.rcu.needs_gp_fix);
    cr_assert_eq(ui_app_now(&W->app), 80100000000LL, "the moment is kept");
    cr_assert_not(klog_has_stall(&W->app.s[0].view), "with the fix there is no stall warning");
    cr_assert(strstr(W->app.st.config_badge, "needs_gp_fix=true"), "badge: \"%s\"", W->app.st.config_badge);
    key(SDLK_x);
    key(SDLK_m); /* the other fix: 3.7's kthread */
    cr_assert_eq(W->app.s[0].cfg.rcu.mode, RV_MODE_KTHREAD);
    cr_assert_not(klog_has_stall(&W->app.s[0].view), "3.7 has no stall warning either");
    cr_assert(strstr(W->app.st.config_badge, "mode=kthread"));
    key(SDLK_u);
    cr_assert_eq(W->app.base.cpus, 4);
    cr_assert_eq(W->app.s[0].view.ncpus, 4);
}

/* Did the last key's step emit an event (seq >= c0) that m matches? */
static bool stepped_onto(const rv_engine *e, uint64_t c0, const tt_match *m)
{
    for (uint64_t s = c0; s < rv_event_count(e); s++) {
        const rv_event *ev = rv_event_get(e, s);
        if (ev && tt_event_matches(ev, m)) return true;
    }
    return false;
}

Test(lecture, r_goes_to_the_next_qs_report_of_the_flavor_shown)
{
    open_scenario("small-busy.json");
    ui_app_seek(&W->app, 1000000000LL);
    frame();
    key(SDLK_3); /* rcu_preempt */
    const rv_engine *e = tt_engine(W->app.s[0].tt);
    tt_match m = {RV_PREEMPT, -1, RV_EV_QS_REPORT};
    int64_t t_prev = ui_app_now(&W->app);
    for (int i = 0; i < 5; i++) {
        uint64_t c0 = rv_event_count(e = tt_engine(W->app.s[0].tt));
        key(SDLK_r);
        e = tt_engine(W->app.s[0].tt);
        cr_assert(stepped_onto(e, c0, &m), "R %d did not stop on an rcu_preempt QS report", i);
        cr_assert_geq(ui_app_now(&W->app), t_prev);
        t_prev = ui_app_now(&W->app);
        cr_assert(strstr(W->app.st.status, "QS report of rcu_preempt"), "status: %s", W->app.st.status);
    }
    /* Shift+R after a seek (no step to undo): back to the previous report, landing right after it */
    ui_app_seek(&W->app, 2500000000LL);
    frame();
    keymod(SDLK_r, KMOD_LSHIFT);
    int64_t now = ui_app_now(&W->app);
    cr_assert_lt(now, 2500000000LL);
    e = tt_engine(W->app.s[0].tt);
    bool at_report = false;
    for (uint64_t s = rv_event_count(e); s-- > 0;) {
        const rv_event *ev = rv_event_get(e, s);
        if (!ev || ev->t < now - 1) break;
        at_report |= ev->t == now - 1 && tt_event_matches(ev, &m);
    }
    cr_assert(at_report, "Shift+R landed at %lld ns, one ns after no rcu_preempt QS report", (long long)now);
    /* and nothing matching lies between it and where we were */
    ui_app_seek(&W->app, now);
    e = tt_engine(W->app.s[0].tt);
    uint64_t c0 = rv_event_count(e);
    rv_run_until(tt_engine(W->app.s[0].tt), 2500000000LL);
    e = tt_engine(W->app.s[0].tt);
    cr_assert_not(stepped_onto(e, c0, &m), "Shift+R skipped a later QS report");
}

Test(lecture, e_filters_event_steps_to_the_flavor_and_the_selected_cpu)
{
    open_scenario("small-busy.json");
    ui_app_seek(&W->app, 1000000000LL);
    frame();
    /* unfiltered, event steps stop at events of other flavors and other CPUs too */
    key(SDLK_2); /* rcu_bh */
    key(SDLK_TAB); /* CPU 0 */
    tt_match m = {RV_BH, 0, -1};
    int other = 0;
    for (int i = 0; i < 30; i++) {
        uint64_t c0 = rv_event_count(tt_engine(W->app.s[0].tt));
        keymod(SDLK_RIGHT, KMOD_LSHIFT);
        other += !stepped_onto(tt_engine(W->app.s[0].tt), c0, &m);
    }
    cr_assert_gt(other, 0, "the unfiltered steps happened to be all rcu_bh on CPU 0: the test shows nothing");
    key(SDLK_e);
    cr_assert(W->app.st.event_filter, "E turns the filter on");
    for (int i = 0; i < 30; i++) {
        uint64_t c0 = rv_event_count(tt_engine(W->app.s[0].tt));
        int64_t before = ui_app_now(&W->app);
        keymod(SDLK_RIGHT, KMOD_LSHIFT);
        cr_assert(stepped_onto(tt_engine(W->app.s[0].tt), c0, &m), "filtered step %d stopped on another flavor or CPU", i);
        cr_assert_geq(ui_app_now(&W->app), before);
    }
    /* visible while on: the top bar says what steps are limited to */
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 720, 1.0f, err, sizeof err);
    struct { bool seen; } found = {false};
    void see(void *ctx, const char *s, const char *end, int x, int y, int w, int h);
    rd_set_text_observer(rd, see, &found);
    ui_app_draw(&W->app, rd);
    rd_end(rd);
    rd_free(rd);
    cr_assert(found.seen, "no \"steps: bh, CPU 0\" in the top bar");
    /* back: the filtered step is undone exactly */
    int64_t t = ui_app_now(&W->app);
    keymod(SDLK_LEFT, KMOD_LSHIFT);
    cr_assert_leq(ui_app_now(&W->app), t);
    key(SDLK_e);
    cr_assert_not(W->app.st.event_filter);
}

void see(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    bool *seen = ctx;
    size_t n = end ? (size_t)(end - s) : strlen(s);
    const char *want = "steps: bh, CPU 0";
    if (n >= strlen(want) && !strncmp(s, want, strlen(want))) *seen = true;
}

static void label_seen(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    char *buf = ctx;
    size_t n = end ? (size_t)(end - s) : strlen(s), l = strlen(buf);
    if (l + n + 2 < 8192) { memcpy(buf + l, s, n); buf[l + n] = '\n'; buf[l + n + 1] = 0; }
}

/* Every text one frame of the window draws off-screen at 1600x900, a line each (free it). */
static char *drawn_texts(void)
{
    char err[256], *texts = calloc(1, 8192);
    cr_assert_not_null(texts);
    rd_ctx *rd = rd_new_offscreen(1600, 900, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    rd_set_text_observer(rd, label_seen, texts);
    ui_app_draw(&W->app, rd);
    rd_end(rd);
    rd_free(rd);
    return texts;
}

Test(lecture, a_stall_of_a_blocked_task_is_explained_though_the_kernel_names_nobody)
{
    /* small-busy's 50 ms preempted reader made 30 s long: rcu_preempt's GP waits on it past the
     * timeout. 3.6/3.7's rcu_print_task_stall() skips the reader gp_tasks points to, here the only
     * one, so the kernel's line names nobody; the why panel says so and still names the reader */
    cr_assert_eq(ui_app_set_override(&W->app, "events.0.duration_s", "30"), 0);
    cr_assert_eq(ui_app_set_override(&W->app, "rcu.stall_timeout_s", "5"), 0);
    open_scenario("small-busy.json");
    ui_app_seek(&W->app, 10100000000LL);
    frame();
    key(SDLK_3);
    const ui_history *h = tt_history(W->app.s[0].tt);
    cr_assert_geq(h->stalls.n, 1);
    const ui_mark *m = &h->stalls.v[0];
    cr_assert_eq(m->flavor, RV_PREEMPT);
    cr_assert_eq(m->task, 0, "the warning names task P%d", m->task);
    const ui_view *v = &W->app.s[0].view;
    bool empty = false, ended = false;
    for (int i = 0; i < v->nklog; i++) {
        empty |= v->klog[i].stall && strstr(v->klog[i].text, "detected stalls on CPUs/tasks: {} (detected by") != NULL;
        ended |= strstr(v->klog[i].text, "INFO: Stall ended before state dump start") != NULL;
    }
    cr_assert(empty, "the warning in the log is not the empty-list form");
    cr_assert(ended, "no \"Stall ended before state dump start\" after it");
    cr_assert(strstr(v->why, "named nobody, yet a preempted reader holds this GP"), "why: %s", v->why);
    cr_assert(strstr(v->why, "was preempted inside rcu_read_lock()"), "why does not name the reader: %s", v->why);
    char *texts = drawn_texts();
    cr_assert(strstr(texts, "! stall rcu_preempt"), "no stall label on the timeline");
    cr_assert_null(strstr(texts, "! stall rcu_preempt CPU"), "the label names the detecting CPU");
    free(texts);
}

static int count_of(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle)) n++;
    return n;
}

Test(lecture, four_thousand_cpus_read_as_a_picture, .timeout = 60)
{
    open_scenario("big-machine.json");
    ui_app_seek(&W->app, 1503500000LL); /* inside a GP: thousands of idle CPUs and a few running ones owe a QS */
    frame();
    const ui_view *v = &W->app.s[0].view;
    /* "why": the idle ones in one line, never one by one; the running ones by number */
    cr_assert(strstr(v->why, "of them are dyntick-idle"), "%s", v->why);
    cr_assert_eq(count_of(v->why, "is dyntick-idle (dynticks="), 0, "idle CPUs listed one by one: %s", v->why);
    cr_assert_leq(count_of(v->why, "\n- "), 7, "%s", v->why);
    /* the panels: counts by state, the running CPUs still owing called out, leaves grouped */
    char *texts = drawn_texts();
    cr_assert(strstr(texts, "running, still owing: CPU "), "no call-out of the running CPUs that owe a QS:\n%s", texts);
    cr_assert(strstr(texts, " leaves, each: ") && strstr(texts, " Z, "), "no per-leaf counts by state (\"N leaves, each: ...\"):\n%s", texts);
    free(texts);
}

/* kernel-build is two hours long: J's next caption lies 7200 s ahead. No key may hold the window
 * for long and J must visibly start at once. Measured on a virtual machine (tt_set_virtual_speed),
 * whose clock advances only with simulated work, so the figures do not depend on this machine. */
Test(lecture, kernel_build_j_moves_at_once_and_keys_never_hold_the_window, .timeout = 120)
{
    open_scenario("kernel-build.json");
    on_a_virtual_machine();
    W->app.pending_seek = -1;
    frame();
    tt *t = W->app.s[0].tt;
    double w0 = tt_wall_ms(t);
    key(SDLK_j);
    cr_assert_leq(tt_wall_ms(t) - w0, 50.0, "J held the window %.0f ms", tt_wall_ms(t) - w0);
    cr_assert_eq(W->app.pending_seek, 7200000000000LL + 1, "J goes to the caption at 7200 s");
    cr_assert(strstr(W->app.st.status, "next caption"), "J says nothing: \"%s\"", W->app.st.status);
    int64_t prev = ui_app_now(&W->app);
    for (int f = 0; f < 3; f++) {
        w0 = tt_wall_ms(t);
        ui_input_frame(W, 1000);
        double spent = tt_wall_ms(t) - w0;
        cr_assert_leq(spent, UI_FAR_SEEK_FRAME_MS * 1.5, "frame %d simulated %.0f ms", f, spent);
        cr_assert_gt(ui_app_now(&W->app), prev, "frame %d of the seek did not move time", f);
        prev = ui_app_now(&W->app);
        cr_assert(strstr(W->app.st.status, "% simulated"), "status: %s", W->app.st.status);
    }
    /* a key stops the far seek; a key looking for something that never happens gives up quickly */
    w0 = tt_wall_ms(t);
    key(SDLK_s);
    cr_assert_eq(W->app.pending_seek, -1);
    cr_assert_leq(tt_wall_ms(t) - w0, 100.0, "S looked ahead for %.0f ms of wall time", tt_wall_ms(t) - w0);
    cr_assert(strstr(W->app.st.status, "No stall warning"), "status: %s", W->app.st.status);
}

/* omap-stall's single-view cues narrate 3.6. With M (3.7's kthread) on, the cue still moves time,
 * selection and title, but the caption shown is one written for kthread mode. */
Test(lecture, a_3_7_view_of_a_3_6_cue_never_shows_the_3_6_narration)
{
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_m);
    cr_assert_eq(W->app.s[0].cfg.rcu.mode, RV_MODE_KTHREAD);
    int extra = -1;
    for (size_t i = 0; i < W->app.base.ncues; i++)
        if (strstr(W->app.base.cues[i].title, "nobody needs")) extra = (int)i;
    cr_assert_geq(extra, 0);
    while (W->app.st.cue < extra) key(SDLK_PAGEDOWN);
    const ui_view *v = &W->app.s[0].view;
    cr_assert_str_eq(v->cue_title, W->app.base.cues[extra].title, "the cue is still in force");
    cr_assert(v->caption, "no caption at all");
    cr_assert_str_neq(v->caption, W->app.base.cues[extra].caption, "the 3.6 cue caption over a 3.7 picture");
    bool kthread_caption = false;
    for (size_t i = 0; i < W->app.base.ncaptions; i++)
        if (!strcmp(W->app.base.captions[i].text, v->caption)) kthread_caption = W->app.base.captions[i].when.has_mode && W->app.base.captions[i].when.mode == RV_MODE_KTHREAD;
    cr_assert(kthread_caption, "shown: %s", v->caption);
    /* back to 3.6: a 3.6 narration again (the cue's, or the softirq caption of the moment) */
    key(SDLK_m);
    const char *c = W->app.s[0].view.caption;
    cr_assert(c);
    for (size_t i = 0; i < W->app.base.ncaptions; i++)
        if (!strcmp(W->app.base.captions[i].text, c))
            cr_assert_not(W->app.base.captions[i].when.has_mode && W->app.base.captions[i].when.mode == RV_MODE_KTHREAD, "3.6 shows: %s", c);
}

/* `rcuvis shot omap-stall --cue 3 --mode kthread` draws once: that one frame must already know the
 * run differs from the file (the badge used to be computed after the views, so the first frame
 * showed the 3.6 cue caption over the 3.7 picture). */
Test(lecture, the_first_frame_of_a_forced_mode_cue_shows_the_right_caption)
{
    W->app.mode_forced = true;
    W->app.forced_mode = RV_MODE_KTHREAD;
    open_scenario("omap-stall.json");
    char err[512];
    cr_assert_eq(ui_app_goto_cue(&W->app, 2, err, sizeof err), 0, "%s", err);
    frame(); /* the first and only draw */
    cr_assert(W->app.s[0].view.caption);
    cr_assert_str_neq(W->app.s[0].view.caption, W->app.base.cues[2].caption);
}

Test(lecture, a_cue_after_a_shortened_runs_end_says_so)
{
    /* omap-stall watched for 30 s (--set duration_s=30): its cues at 80 s lie past that end. The
     * window shows the end, and says why the cue's moment is not there. */
    snprintf(W->app.overrides[0], sizeof W->app.overrides[0], "duration_s=30");
    W->app.noverrides = 1;
    open_scenario("omap-stall.json");
    int late = -1;
    for (size_t i = 0; i < W->app.base.ncues && late < 0; i++) if (W->app.base.cues[i].at_s > 30) late = (int)i;
    cr_assert_geq(late, 0, "omap-stall has a cue after 30 s");
    char err[512];
    cr_assert_eq(ui_app_goto_cue(&W->app, late, err, sizeof err), 1);
    cr_assert(strstr(err, "after this run's end (30 s): showing the end instead"), "%s", err);
    cr_assert_eq(ui_app_now(&W->app), ui_app_end(&W->app));
    cr_assert_eq(ui_app_goto_cue(&W->app, 0, err, sizeof err), 0, "the first cue (before 30 s) is reached: %s", err);
}

Test(lecture, a_new_slide_forgets_the_resting_pointers_hover_tip)
{
    /* the pointer rests where the next slide's caption will be; its tip must not cover it */
    open_scenario("omap-stall.json");
    frame();
    W->app.fr.mouse_x = 640, W->app.fr.mouse_y = 420;
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.fr.mouse_x, -1, "after PgDn the tip still follows a pointer nobody moved");
    W->app.fr.mouse_x = 640, W->app.fr.mouse_y = 420;
    key(SDLK_F5);
    cr_assert_eq(W->app.fr.mouse_x, -1, "after F5 the tip still follows a pointer nobody moved");
}

Test(lecture, left_from_the_stall_cue_goes_back_in_time)
{
    /* a cue lands one nanosecond past its moment; Left went back that nanosecond only: the clock
     * stood still at 80.007812 s while the warning vanished from the log */
    open_scenario("omap-stall.json");
    frame();
    int stall_cue = -1;
    for (size_t i = 0; i < W->app.base.ncues; i++)
        if (strstr(W->app.base.cues[i].title, "stall")) { stall_cue = (int)i; break; }
    cr_assert_geq(stall_cue, 0);
    char err[256];
    cr_assert_eq(ui_app_goto_cue(&W->app, stall_cue, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    int64_t cue_t = ui_app_now(&W->app), jiffy = 1000000000LL / W->app.base.hz;
    cr_assert(klog_has_stall(&W->app.s[0].view));
    key(SDLK_LEFT);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    int64_t t = ui_app_now(&W->app);
    cr_assert_leq(t, cue_t - 1 - jiffy + 1, "Left from %lld ns reached %lld ns: less than a jiffy back", (long long)cue_t, (long long)t);
    cr_assert_gt(t, cue_t - 2 * jiffy, "Left went more than a jiffy back");
    /* Shift+Left from the cue: the previous event's moment, strictly earlier than the stall's */
    cr_assert_eq(ui_app_goto_cue(&W->app, stall_cue, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    keymod(SDLK_LEFT, KMOD_LSHIFT);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    cr_assert_lt(ui_app_now(&W->app), cue_t - 1, "Shift+Left stayed at the stall's own instant");
}

Test(lecture, fqs_credits_are_listed_once_however_often_one_seeks_back)
{
    /* S at omap-stall's stall shows "FQS credited: CPU 1 dti"; Home and S again replayed the credit
     * into the list a second time ("CPU 1 dti, CPU 1 dti"), once more per seek */
    open_scenario("omap-stall.json");
    explore_all();
    frame();
    char first[512] = "";
    for (int round = 0; round < 3; round++) {
        key(SDLK_HOME);
        while (ui_app_seek_continue(&W->app, 1000)) {}
        key(SDLK_s);
        while (ui_app_seek_continue(&W->app, 1000)) {}
        frame();
        char *texts = drawn_texts();
        const char *c = strstr(texts, "FQS credited: ");
        cr_assert_not_null(c, "no FQS credit line at the stall");
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(c, "\n"), c);
        free(texts);
        if (round == 0) snprintf(first, sizeof first, "%s", line);
        cr_expect_str_eq(line, first, "seek %d changed the list: %s", round, line);
    }
    cr_expect_null(strstr(first, "dti, CPU 1 dti"), "a credit listed twice: %s", first);
}

Test(lecture, after_the_users_own_change_the_scripted_captions_pause)
{
    /* a 70 s kernel loop on CPU 0 from t = 0 makes a real stall at about 60 s; omap-stall's stall
     * caption ("a false alarm, since nothing was ever waiting") fired on it and told the opposite of
     * the screen */
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_TAB); /* CPU 0 */
    cr_assert_eq(W->app.st.sel_cpu, 0);
    explore_all(); /* a known future: the injection starts a branch */
    keymod(SDLK_k, KMOD_LSHIFT);
    /* the status says what was done first (it said only "New branch 2 started at ...", cut off) */
    cr_expect(strncmp(W->app.st.status, "Injected kernel_loop on CPU 0: new branch 2", 43) == 0, "status: %s", W->app.st.status);
    explore_all();
    key(SDLK_s);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    const ui_view *v = &W->app.s[0].view;
    cr_assert(klog_has_stall(v), "no stall after a 70 s kernel loop");
    cr_assert_not_null(v->caption);
    cr_expect(strstr(v->caption, "Captions paused: you changed this run at") != NULL, "caption: %s", v->caption);
    cr_expect_null(strstr(v->caption, "false alarm"), "the scripted story over the user's own stall: %s", v->caption);
}

Test(lecture, shift_s_on_the_only_stall_says_there_is_none_earlier)
{
    /* S lands 1 ns past the stall; Shift+S looked back from there and found the same stall again */
    open_scenario("omap-stall.json");
    explore_all();
    frame();
    key(SDLK_s);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    int64_t at = ui_app_now(&W->app);
    keymod(SDLK_s, KMOD_LSHIFT);
    cr_expect_eq(ui_app_now(&W->app), at, "Shift+S moved from the only stall");
    cr_expect(strstr(W->app.st.status, "No stall warning of rcu_sched before now") != NULL, "status: %s", W->app.st.status);
}

/* offline-mid-gp's first caption is timed and open-ended; the triggered ones that follow end it in
 * the strip for good. The timeline's captions lane must say the same at every moment: it went on
 * drawing the first caption up to the next timed one (1.2 s) while the strip said "no caption". */
Test(lecture, caption_lane_and_strip_agree_after_a_triggered_caption)
{
    open_scenario("offline-mid-gp.json");
    explore_all();
    const rv_config *cfg = &W->app.s[0].cfg;
    const ui_history *h = tt_history(W->app.s[0].tt);
    cr_assert_gt(h->captions.n, 2, "the triggered captions fired");
    const int64_t moments[] = {100000000, 400000000, 600000000, 750000000, 1000000000, 1300000000};
    for (size_t m = 0; m < sizeof moments / sizeof *moments; m++) {
        ui_app_seek(&W->app, moments[m]);
        frame();
        const ui_view *v = &W->app.s[0].view;
        int64_t end = panel_caption_lane_end(v, h, 0);
        bool lane = moments[m] >= 0 && moments[m] < end;
        /* by text: the view's caption points into its engine's copy of the scenario, not into cfg */
        bool strip = v->caption && strcmp(v->caption, cfg->captions[0].text) == 0;
        cr_expect_eq(lane, strip, "t = %.2f s: the lane %s caption 1 (until %.4f s), the strip %s", moments[m] / 1e9,
                     lane ? "shows" : "does not show", end / 1e9, strip ? "shows it" : "does not");
    }
}

/* A cue that does not ask for compare is written for its file's own mode: omap-stall's cue 4 ("The
 * stall warning (3.6)") said "the kernel prints a self-detected stall" under the 3.7 side of compare
 * too, which shows no stall. In compare it speaks on the 3.6 side only; a compare cue on both. */
Test(lecture, a_single_view_cue_speaks_on_its_own_side_in_compare)
{
    open_scenario("omap-stall.json");
    char err[1024];
    int stall_cue = -1, cmp_cue = -1;
    for (size_t i = 0; i < W->app.base.ncues; i++) {
        if (strstr(W->app.base.cues[i].title, "stall warning (3.6)")) stall_cue = (int)i;
        if (W->app.base.cues[i].compare == 1 && cmp_cue < 0) cmp_cue = (int)i;
    }
    cr_assert(stall_cue >= 0 && cmp_cue >= 0);
    cr_assert_eq(ui_app_goto_cue(&W->app, stall_cue, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    W->app.st.cue = stall_cue; /* the cue stays current: only the view changed */
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    const char *cue_text = W->app.base.cues[stall_cue].caption;
    cr_assert_eq(W->app.nsessions, 2);
    cr_expect_eq(W->app.s[0].view.mode, RV_MODE_SOFTIRQ);
    const char *c36 = W->app.s[0].view.caption, *c37 = W->app.s[1].view.caption;
    cr_expect(c36 && !strcmp(c36, cue_text), "the 3.6 side reads the cue's own caption");
    cr_expect(c37 && strcmp(c37, cue_text), "the 3.7 side, which has no stall, read the 3.6 cue's caption");
    cr_assert_eq(ui_app_goto_cue(&W->app, cmp_cue, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    for (int s = 0; s < 2; s++) {
        const char *c = W->app.s[s].view.caption;
        cr_expect(c && !strcmp(c, W->app.base.cues[cmp_cue].caption), "a compare cue speaks on side %d too", s);
    }
}

/* The first `n` rcu_sched FQS passes at or after `from` in a fresh headless run of the same scenario. */
static void next_fqs_of(const char *name, int64_t from, int64_t *t, int *cpu, int n)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    rv_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    rv_run_until(e, from);
    int k = 0;
    uint64_t seen = rv_event_count(e);
    while (k < n && rv_step_event(e) >= 0) {
        for (uint64_t i = seen; i < rv_event_count(e) && k < n; i++) {
            const rv_event *ev = rv_event_get(e, i);
            if (ev && ev->type == RV_EV_FQS && ev->flavor == RV_SCHED) { t[k] = ev->t; cpu[k] = ev->cpu; k++; }
        }
        seen = rv_event_count(e);
    }
    cr_assert_eq(k, n);
    rv_engine_free(e);
}

/* F lands on the very next FQS pass (Shift+F on the one before), even after the look-ahead has simulated (and thinned the history
 * of) the whole run: hackbench has ~20 passes a millisecond, and F once jumped 8 s ahead over them. */
Test(lecture, f_lands_on_the_very_next_fqs_pass)
{
    enum { N = 12 };
    open_scenario("hackbench.json");
    W->app.st.flavor = RV_SCHED;
    explore_all();
    ui_app_seek(&W->app, 30000000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    int64_t want[N];
    int cpu[N];
    next_fqs_of("hackbench.json", 30000000000LL, want, cpu, N);
    for (int k = 0; k < N; k++) {
        key(SDLK_f);
        cr_assert_eq(ui_app_now(&W->app), want[k] + 1, "F number %d landed at %lld ns; that FQS pass is at %lld ns", k + 1,
                     (long long)ui_app_now(&W->app), (long long)want[k]);
        char on[32];
        snprintf(on, sizeof on, "on CPU %d", cpu[k]);
        cr_expect(strstr(W->app.st.status, on) != NULL, "the status names the CPU: %s", W->app.st.status);
    }
    /* and Shift+F walks back over the same passes, one by one */
    for (int k = N - 2; k >= 0; k--) {
        keymod(SDLK_f, KMOD_SHIFT);
        cr_assert_eq(ui_app_now(&W->app), want[k] + 1, "Shift+F back to pass %d landed at %lld ns; it is at %lld ns", k + 1,
                     (long long)ui_app_now(&W->app), (long long)want[k]);
    }
}

/* U at hackbench's NR_CPUS (64): the refusal is a short line the top bar shows whole, naming the
 * key to raise, not the loader's JSON-path message cut to "$.rcu.nr_..." */
Test(lecture, u_at_nr_cpus_says_why_it_stops)
{
    open_scenario("hackbench.json");
    frame();
    key(SDLK_u); /* 16 -> 32 */
    key(SDLK_u); /* 32 -> 64 */
    cr_assert_eq(W->app.base.cpus, 64);
    key(SDLK_u);
    cr_assert_eq(W->app.base.cpus, 64, "a kernel built for 64 CPUs cannot boot 128");
    cr_expect_str_eq(W->app.st.status, "NR_CPUS is 64 here: a kernel built for 64 CPUs cannot boot 128 (raise rcu.nr_cpus_compiled)");
}

/* Compared, S goes to the nearest stall warning on either side: omap-stall's is 3.6's (3.7 prints none),
 * and S answered "No stall warning of rcu_sched up to 90 s" because only the leading 3.7 side was asked. */
Test(lecture, s_in_compare_finds_the_36_stall)
{
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_c);
    cr_assert(W->app.st.compare && W->app.nsessions == 2);
    explore_all();
    int k36 = W->app.s[0].cfg.rcu.mode == RV_MODE_SOFTIRQ ? 0 : 1;
    const ui_history *h = tt_history(W->app.s[k36].tt);
    cr_assert_gt(h->stalls.n, 0u, "3.6 prints a stall warning");
    cr_assert_eq(tt_history(W->app.s[1 - k36].tt)->stalls.n, 0u, "3.7 prints none");
    key(SDLK_s);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    cr_expect_eq(ui_app_now(&W->app), h->stalls.v[0].t + 1, "S landed at %lld ns, not on 3.6's stall", (long long)ui_app_now(&W->app));
    cr_expect(klog_has_stall(&W->app.s[k36].view), "the warning is on screen");
}

/* A tablet has no PgDn: the page's cue buttons send ACT_CUE, which walks the cues as PgDn / PgUp do. */
Test(lecture, the_cue_action_walks_the_cues_as_pgdn_and_pgup)
{
    open_scenario("omap-stall.json");
    frame();
    ui_input_action(W, ACT_CUE, 1, 0);
    ui_input_action(W, ACT_CUE, 1, 0);
    cr_expect_eq(W->app.st.cue, 1, "two steps forward: the second cue");
    ui_input_action(W, ACT_CUE, 0, 0);
    cr_expect_eq(W->app.st.cue, 0, "one back: the first");
}

/* A click or key stopped the seek to a cue part-way: the top bar said "Cue 3 of 3" over 1.04 s and a
 * student compared that moment's figures with cue 3's caption. It now says where the picture stopped. */
Test(lecture, a_seek_stopped_short_of_a_cue_says_so)
{
    open_scenario("hackbench.json");
    frame();
    cr_assert_geq(W->app.base.ncues, 3);
    W->app.st.cue = 2; /* as ui_app_goto_cue() leaves it, with its seek under way */
    W->app.pending_seek = (int64_t)(W->app.base.cues[2].at_s * 1e9 + 0.5) + 1;
    key(SDLK_LSHIFT);
    cr_expect(strstr(W->app.st.status, "on the way to cue 3"), "status: %s", W->app.st.status);
    cr_expect_lt(W->app.pending_seek, 0, "the key stopped the seek");
    /* a click on the Kernel log's title, with the cue's announcement still in the top bar */
    snprintf(W->app.st.status, sizeof W->app.st.status, "Cue 3 of 3: Two seconds in");
    W->app.pending_seek = (int64_t)(W->app.base.cues[2].at_s * 1e9 + 0.5) + 1;
    rd_rect k = W->app.L.side[0].klog;
    click_left(k.x + 20, k.y + 5);
    cr_expect(strstr(W->app.st.status, "on the way to cue 3"), "after a click: %s", W->app.st.status);
}

/* The text runs drawn inside r in one frame, joined with spaces. */
typedef struct runs_in { rd_rect r; char text[8192]; } runs_in;
static void keep_in(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)w; (void)h;
    runs_in *k = ctx;
    if (x < k->r.x || x >= k->r.x + k->r.w || y < k->r.y || y >= k->r.y + k->r.h) return;
    size_t l = strlen(k->text), n = end ? (size_t)(end - s) : strlen(s);
    snprintf(k->text + l, sizeof k->text - l, "%.*s ", (int)n, s);
}

/* One frame, the text drawn in r into k (reset first). */
static void drawn_in(rd_rect r, runs_in *k)
{
    memset(k, 0, sizeof *k);
    k->r = r;
    rd_set_text_observer(W->rd, keep_in, k);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

/* tree's lecture at 1280x688 (a 1280x720 projector less the window's frame): every caption names
 * rnp1..rnp4, and the leaves were bare bits (a title needed 96 px; a leaf had 88) */
Test(lecture, the_tree_lecture_names_its_leaves_at_1280x720)
{
    rd_free(W->rd);
    char err[256];
    W->rd = rd_new_offscreen(1280, 688, 1.0f, err, sizeof err);
    cr_assert(W->rd, "%s", err);
    open_scenario("tree.json");
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 4; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 3);
    frame();
    static runs_in k;
    drawn_in(W->app.L.side[0].tree, &k);
    for (int i = 1; i <= 4; i++) {
        char name[16];
        snprintf(name, sizeof name, "rnp%d", i);
        cr_expect(strstr(k.text, name) != NULL, "%s is not named in the tree: %s", name, k.text);
    }
}

/* Played on past a cue, its caption kept quoting the cue moment's figures over panels that had moved
 * on (hackbench's cue 3, "385 against 154 ms", at 5.6 s): it now says which moment it speaks of. */
Test(lecture, a_cue_caption_played_past_says_its_moment)
{
    open_scenario("hackbench.json");
    frame();
    key(SDLK_F5);
    for (int i = 0; i < 3; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 2);
    const char *cue = W->app.base.cues[2].caption;
    cr_assert_str_eq(W->app.s[0].view.caption, cue, "at the cue's moment the caption is the cue's own");
    ui_app_seek(&W->app, ui_app_now(&W->app) + 500000000LL);
    frame();
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && !strncmp(cap, "Cue 3, at 2", 11), "caption: %s", cap ? cap : "(none)");
    cr_expect(strstr(cap, cue) != NULL, "the cue's words follow");
    cr_expect_str_eq(W->app.s[0].view.caption_text, cue, "F3 would copy the cue's own words");
}

/* In presentation mode a refused or do-nothing key said nothing: PgDn after the last cue, a Shift+Z the
 * scenario cannot take. The presenting top bar shows what the status says, but not the routine "Cue N
 * of M", which its line names already. */
Test(lecture, presenting_still_says_why_a_key_did_nothing)
{
    open_scenario("tree.json");
    frame();
    key(SDLK_F5);
    key(SDLK_PAGEDOWN);
    static runs_in k;
    drawn_in(W->app.L.top, &k);
    cr_expect_null(strstr(k.text, "Cue 1 of"), "the routine status is left out: %s", k.text);
    for (size_t i = 0; i < W->app.base.ncues + 1; i++) key(SDLK_PAGEDOWN);
    drawn_in(W->app.L.top, &k);
    cr_expect(strstr(k.text, "That was the last cue") != NULL, "top bar: %s", k.text);
    /* and PgUp at the first cue's moment, which went there again without a word */
    for (size_t i = 0; i < W->app.base.ncues + 1; i++) key(SDLK_PAGEUP);
    cr_assert_eq(W->app.st.cue, 0);
    cr_expect(strstr(W->app.st.status, "This is the first cue") != NULL, "status: %s", W->app.st.status);
}

/* file's lecture in presentation mode at cue n (1-based), as F5 and PgDn n times get there */
static void present_at_cue(const char *file, int n)
{
    open_scenario(file);
    W->app.st.cue = -1; /* a new file's lecture starts before its first cue */
    W->app.st.presenting = false;
    frame();
    key(SDLK_F5);
    for (int i = 0; i < n; i++) key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, n - 1);
}

/* A step back from a cue read "(no caption at this moment)"; then the cue before narrated, and one
 * event before tree's cue 5 read cue 4's "GP 40 waits" over a grace period already over. Near the cue
 * it narrates its moment, marked as just ahead; nearer the cue before, that one does. */
Test(lecture, a_step_back_from_a_cue_narrates_the_nearer_cue)
{
    /* tree: 4 us before cue 5, the grace period is already over: cue 5 narrates, marked just ahead */
    present_at_cue("tree.json", 5);
    int64_t at5 = (int64_t)llround(W->app.base.cues[4].at_s * 1e9);
    ui_app_seek(&W->app, at5 - 4000);
    frame();
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && !strncmp(cap, "Cue 5, at ", 10) && strstr(cap, "(just ahead): "), "caption: %s", cap ? cap : "(none)");
    cr_expect(strstr(cap, W->app.base.cues[4].caption) != NULL, "cue 5's words: %s", cap);
    cr_expect_str_eq(W->app.s[0].view.cue_title, W->app.base.cues[4].title);
    /* omap-stall: 1 us after cue 3, nearer it than cue 4: cue 3 narrates */
    present_at_cue("omap-stall.json", 4);
    int64_t at3 = (int64_t)llround(W->app.base.cues[2].at_s * 1e9), at4 = (int64_t)llround(W->app.base.cues[3].at_s * 1e9);
    ui_app_seek(&W->app, at3 + 1000);
    frame();
    cap = W->app.s[0].view.caption;
    cr_assert(cap && !strncmp(cap, "Cue 3, at ", 10), "caption: %s", cap ? cap : "(none)");
    cr_expect(strstr(cap, W->app.base.cues[2].caption) != NULL, "cue 3's words: %s", cap);
    /* 30 s before cue 4 (nearer it than cue 3, but not a step or two back) read "Cue 4 (just ahead)"
     * over the file's own narration of that moment */
    ui_app_seek(&W->app, at4 - 30000000000LL);
    frame();
    cap = W->app.s[0].view.caption;
    cr_expect(!cap || !strstr(cap, "just ahead"), "30 s before the cue: %s", cap ? cap : "(none)");
}

/* From tree's cue 5, Right went past cue 6's moment (not gone to yet) and the projector read "(no
 * caption at this moment)": the cue whose moment was passed narrates it. */
Test(lecture, stepping_past_a_later_cue_narrates_that_cue)
{
    present_at_cue("tree.json", 5);
    int64_t at6 = (int64_t)llround(W->app.base.cues[5].at_s * 1e9);
    ui_app_seek(&W->app, at6 + 500000); /* half a jiffy past cue 6 */
    frame();
    const char *cap = W->app.s[0].view.caption;
    cr_assert(cap && !strncmp(cap, "Cue 6, at ", 10), "caption: %s", cap ? cap : "(none)");
    cr_expect_str_eq(W->app.s[0].view.cue_title, W->app.base.cues[5].title);
    /* only a cue of the view on screen: hackbench's cue 1 (one engine), then 2.5 s, read compare cue 3's
     * "385 against 154 ms" over a single view */
    open_scenario("hackbench.json");
    W->app.st.cue = -1;
    frame();
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 0);
    cr_assert_not(W->app.st.compare);
    ui_app_seek(&W->app, 2500000000LL);
    frame();
    cap = W->app.s[0].view.caption;
    cr_expect(!cap || strncmp(cap, "Cue 3", 5), "a compare cue over one engine: %s", cap ? cap : "(none)");
}

/* J from omap-stall's cue 1 went to the file's captions at 4.0 s and 4.5 s, and the strip kept cue 1's
 * words: a caption of the file that starts after the cue's moment is the newer narration. */
Test(lecture, a_caption_starting_after_the_cue_speaks)
{
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_F5);
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 0);
    const rv_config *cfg = &W->app.base;
    size_t later = cfg->ncaptions;
    for (size_t i = 0; i < cfg->ncaptions; i++)
        if (cfg->captions[i].on.event == RV_TRIG_TIME && cfg->captions[i].at_s > cfg->cues[0].at_s &&
            cfg->captions[i].at_s < cfg->cues[1].at_s && rv_when_holds(&cfg->captions[i].when, cfg)) { later = i; break; }
    cr_assert_lt(later, cfg->ncaptions, "omap-stall has a timed caption between cues 1 and 2");
    char want[600];
    snprintf(want, sizeof want, "%s", cfg->captions[later].text);
    ui_app_seek(&W->app, (int64_t)llround(cfg->captions[later].at_s * 1e9) + 1);
    frame();
    cr_expect_str_eq(W->app.s[0].view.caption, want);
}

/* After an injection at tree's cue 4 (L: a long reader on CPU 13), PgDn to cue 5 paused its caption but
 * the top bar still read "5. The root empties: the grace period is over" over a tree still waiting */
Test(lecture, an_injection_pauses_the_cue_title_with_the_caption)
{
    present_at_cue("tree.json", 4);
    cr_assert_geq(W->app.st.sel_cpu, 0, "cue 4 selects a CPU");
    key(SDLK_l);
    key(SDLK_PAGEDOWN);
    frame();
    const ui_view *v = &W->app.s[0].view;
    cr_assert(v->caption && strstr(v->caption, "Captions paused: you changed this run at"), "caption: %s", v->caption ? v->caption : "(none)");
    cr_expect_null(v->cue_title, "the cue's title is narration too: %s", v->cue_title ? v->cue_title : "");
}

/* W while presenting showed the column's how-to ("A (answer) or a click gives the workbook the
 * keyboard") to the room, where F5 hides every other hint; with the keyboard given (A), the keys show. */
Test(lecture, presenting_the_workbook_column_shows_no_how_to)
{
    unsetenv("RCUVIS_DATA");
    open_scenario("omap-stall.json");
    frame();
    key(SDLK_F5);
    key(SDLK_w);
    frame();
    cr_assert_gt(W->app.L.workbook.w, 0);
    static runs_in k;
    drawn_in(W->app.L.workbook, &k);
    cr_expect(strstr(k.text, "Workbook") != NULL, "column: %s", k.text);
    cr_expect_null(strstr(k.text, "gives the workbook the keyboard"), "a how-to in F5: %s", k.text);
    cr_expect_null(strstr(k.text, "A to answer"), "a how-to in F5: %s", k.text);
    key(SDLK_F5); /* not presenting: the how-to is back */
    drawn_in(W->app.L.workbook, &k);
    cr_expect(strstr(k.text, "gives the workbook the keyboard") != NULL, "column: %s", k.text);
}

/* With W on at 1280x720 the tree's cells are under 17 px and lost every number; a node whose widest
 * number fits its cells keeps them (rnp1's 0-3), and no node numbers some cells and not others. */
Test(lecture, a_narrow_tree_keeps_the_numbers_that_fit)
{
    char err[512];
    rd_free(W->rd); /* a 1280x720 screen's window: 1280x688 */
    W->rd = rd_new_offscreen(1280, 688, 1.0f, err, sizeof err);
    cr_assert(W->rd, "%s", err);
    unsetenv("RCUVIS_DATA");
    present_at_cue("tree.json", 4);
    key(SDLK_w);
    frame();
    cr_assert_gt(W->app.L.workbook.w, 0);
    static runs_in k;
    drawn_in(W->app.L.side[0].tree, &k);
    cr_expect(strstr(k.text, "0 1 2 3 ") != NULL, "rnp1's cells: %s", k.text);
    cr_expect_null(strstr(k.text, "8 9 "), "rnp3 numbered in part: %s", k.text);
}

/* C at hackbench's cue 2 ("Left 3.6: ... Right 3.7: ...") left that two-sided narration over one 3.7
 * view, the "tree on the left" nowhere. The strip says the cue compares and that C shows both. */
Test(lecture, a_compare_cue_over_one_view_says_it_compares)
{
    present_at_cue("hackbench.json", 2);
    cr_assert(W->app.st.compare, "cue 2 compares");
    char cue_text[512]; /* a copy: C rebuilds base, and its cues with it */
    snprintf(cue_text, sizeof cue_text, "%s", W->app.base.cues[1].caption);
    key(SDLK_c);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    cr_assert_not(W->app.st.compare);
    const char *c = W->app.s[0].view.caption;
    cr_assert_not_null(c);
    cr_expect(strstr(c, "This cue compares 3.6 and 3.7 side by side (C shows both)") == c, "strip: %s", c);
    cr_expect(strstr(c, cue_text) != NULL, "the cue's words follow: %s", c);
}

/* Q6.16's Show me goes to kernel-build at 7700 s: minutes of simulation on a Chromebook, and its one
 * status line ("Question 6.16: kernel-build at 7700.000 s") faded after a few seconds, so a student
 * thought the page hung. The window reports its progress as it does a far link's. */
Test(lecture, show_me_to_a_far_moment_reports_its_progress, .timeout = 60)
{
    setenv("XDG_STATE_HOME", cfgdir, 1); /* the workbook keeps the student's id and answers there */
    open_scenario("small-busy.json");
    W->app.bounded_seeks = true; /* as cmd_window() sets it */
    W->app.pending_seek = -1;
    W->app.st.show_workbook = true;
    frame();
    key(SDLK_a);
    /* from 1.1 to 6.16: lessons 1 to 5 hold 7 + 11 + 12 + 7 + 10 questions, then 15 more */
    for (int i = 0; i < 7 + 11 + 12 + 7 + 10 + 15; i++) press(SDLK_PAGEDOWN);
    key(SDLK_m);
    ui_win_tick(W, 2000); /* the workbook's frame: kernel-build loaded, the seek begun */
    cr_assert(strstr(W->app.source, "kernel-build") != NULL, "Show me of 6.16 opened %s", W->app.source);
    cr_assert(ui_app_seek_pending(&W->app), "7700 s is a far seek");
    ui_input_frame(W, 2016);
    cr_expect(strstr(W->app.st.status, "To question 6.16's moment at") == W->app.st.status &&
              strstr(W->app.st.status, "% simulated (any key stops)"), "status: %s", W->app.st.status);
    ui_app_seek_cancel(&W->app);
}

/* A lecturer answering "why is this CPU orange?" by a click: at tree's cue 3 CPU 11 runs kernel code
 * (K) and owes; the answer never said what K means for rcu_sched. At hackbench's cue 1 CPU 0 is K with
 * "dti" on its tile; the answer hedged "(or FQS credited it)". */
Test(lecture, why_says_what_kernel_mode_and_a_credit_mean)
{
    present_at_cue("tree.json", 3);
    W->app.st.sel_cpu = 11;
    frame();
    const char *why = W->app.s[0].view.why;
    cr_expect(strstr(why, "CPU 11 noticed rcu_sched GP 40 and is running kernel code (K): a tick there is no rcu_sched quiescent state"),
              "why: %s", why);
    present_at_cue("hackbench.json", 1);
    W->app.st.sel_cpu = 0;
    frame();
    why = W->app.s[0].view.why;
    cr_expect(strstr(why, "An FQS pass credited CPU 0 for rcu_sched GP") == why && strstr(why, "\"dti\""), "why: %s", why);
    cr_expect_null(strstr(why, "(or FQS credited it)"), "why: %s", why);
}

/* omap-stall's cue 6 compares and invites X. With C left and X pressed the compare note alone dropped
 * "as this cue invites": both are said. */
Test(lecture, a_compare_cue_over_one_view_keeps_the_invited_change)
{
    present_at_cue("omap-stall.json", 6);
    key(SDLK_c);
    key(SDLK_x);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    const char *c = W->app.s[0].view.caption;
    cr_assert_not_null(c);
    cr_expect(strstr(c, "This cue compares 3.6 and 3.7 side by side") == c, "strip: %s", c);
    cr_expect(strstr(c, "as this cue invites") != NULL, "strip: %s", c);
}

/* What a cue looks like once reached, for comparing two ways of getting there. */
typedef struct cue_look {
    int cue, flavor, sel_cpu, nsessions;
    bool compare;
    int64_t now;
    char caption[1600], title[200];
} cue_look;

static void settle(void)
{
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
}

/* file's lecture at cue n, then C: the comparison turned on, or off at a cue that compares */
static void present_at_cue_then_c(const char *file, int n)
{
    present_at_cue(file, n);
    key(SDLK_c);
    settle();
}

static cue_look look_now(void)
{
    cue_look l = {.cue = W->app.st.cue, .flavor = W->app.st.flavor, .sel_cpu = W->app.st.sel_cpu,
                  .nsessions = W->app.nsessions, .compare = W->app.st.compare, .now = ui_app_now(&W->app)};
    const ui_view *v = &W->app.s[0].view;
    snprintf(l.caption, sizeof l.caption, "%s", v->caption ? v->caption : "");
    snprintf(l.title, sizeof l.title, "%s", v->cue_title ? v->cue_title : "");
    return l;
}

static void expect_same_look(const cue_look *got, const cue_look *want, const char *how)
{
    cr_expect_eq(got->cue, want->cue, "%s: cue %d, not %d", how, got->cue + 1, want->cue + 1);
    cr_expect_eq(got->now, want->now, "%s: at %lld ns, not %lld", how, (long long)got->now, (long long)want->now);
    cr_expect_eq(got->compare, want->compare, "%s: compare %d", how, got->compare);
    cr_expect_eq(got->nsessions, want->nsessions, "%s: %d sessions", how, got->nsessions);
    cr_expect_eq(got->flavor, want->flavor, "%s: flavor", how);
    cr_expect_eq(got->sel_cpu, want->sel_cpu, "%s: selected CPU %d", how, got->sel_cpu);
    cr_expect_str_eq(got->caption, want->caption, "%s: strip", how);
    cr_expect_str_eq(got->title, want->title, "%s: top bar's cue", how);
}

/* A lecturer's "let me start again": Home, then PgDn. After the last cue it said "That was the last
 * cue" at t = 0, still in compare; after cue 3 it jumped to cue 4 at 80 s. Home is a reset: the next
 * PgDn gives cue 1 exactly as a fresh F5 and PgDn does. */
Test(lecture, home_then_pgdn_starts_the_lecture_again)
{
    present_at_cue("omap-stall.json", 1);
    settle();
    cue_look fresh = look_now();
    cr_assert_eq(fresh.cue, 0);
    cr_assert_not(fresh.compare);
    /* from the last cue (a compare one) */
    for (size_t i = 1; i < W->app.base.ncues; i++) key(SDLK_PAGEDOWN);
    settle();
    cr_assert_eq(W->app.st.cue, (int)W->app.base.ncues - 1);
    cr_assert(W->app.st.compare, "omap-stall's last cue compares");
    key(SDLK_HOME);
    cr_expect_eq(ui_app_now(&W->app), 0);
    cr_expect_eq(W->app.st.cue, -1, "Home leaves the lecture before cue 1, not at cue %d", W->app.st.cue + 1);
    cr_expect(strstr(W->app.st.status, "PgDn") != NULL, "Home's status names the way on: %s", W->app.st.status);
    key(SDLK_PAGEDOWN);
    settle();
    cue_look again = look_now();
    expect_same_look(&again, &fresh, "Home, PgDn after the last cue");
    /* from cue 3 */
    key(SDLK_PAGEDOWN);
    key(SDLK_PAGEDOWN);
    settle();
    cr_assert_eq(W->app.st.cue, 2);
    key(SDLK_HOME);
    key(SDLK_PAGEDOWN);
    settle();
    again = look_now();
    expect_same_look(&again, &fresh, "Home, PgDn after cue 3");
    /* PgUp before cue 1 goes nowhere and says where PgDn goes */
    key(SDLK_HOME);
    key(SDLK_PAGEUP);
    cr_expect_eq(W->app.st.cue, -1);
    cr_expect_eq(ui_app_now(&W->app), 0, "PgUp before the first cue moved the clock");
    cr_expect(strstr(W->app.st.status, "PgDn") != NULL, "status: %s", W->app.st.status);
}

/* End goes to the end of the run: the lecture is then at the last cue reached by that time, so PgDn
 * says it was the last and PgUp goes to the one before (it went on from wherever the lecture was). */
Test(lecture, end_leaves_the_lecture_at_the_last_cue_reached)
{
    present_at_cue("omap-stall.json", 1);
    key(SDLK_END);
    settle();
    cr_assert_eq(ui_app_now(&W->app), ui_app_end(&W->app), "End is the run's end, simulated there");
    /* cues 1-4 are single views; cue 5 turns compare on, so the single view has not reached it: the
     * lecture is at cue 4 (the stall), and PgDn shows the comparison */
    cr_assert_not(W->app.st.compare);
    cr_assert_eq(ui_cue_view_at(&W->app.base, 4).compare, 1, "omap-stall's cue 5 compares");
    cr_expect_eq(W->app.st.cue, 3, "after End the lecture is at cue %d, not 4", W->app.st.cue + 1);
    /* the top bar names no cue at the run's end when the cue reached no longer narrates it (hackbench):
     * the status says where PgDn goes */
    cr_expect(strstr(W->app.st.status, "PgDn: cue 5 of 6, Back at 4.55 s") != NULL, "status after End: %s", W->app.st.status);
    key(SDLK_PAGEDOWN);
    settle();
    cr_expect_eq(W->app.st.cue, 4, "PgDn after End went to cue %d", W->app.st.cue + 1);
    cr_expect(W->app.st.compare, "cue 5 compares");
    /* from the last cue, End leaves it there */
    key(SDLK_PAGEDOWN);
    settle();
    int n = (int)W->app.base.ncues;
    cr_assert_eq(W->app.st.cue, n - 1);
    key(SDLK_END);
    settle();
    cr_expect_eq(W->app.st.cue, n - 1, "End at the last cue kept cue %d", W->app.st.cue + 1);
    cr_expect(strstr(W->app.st.status, "past the lecture's last cue") != NULL, "status after End: %s", W->app.st.status);
    key(SDLK_PAGEDOWN);
    cr_expect(strstr(W->app.st.status, "That was the last cue") != NULL, "PgDn after End: %s", W->app.st.status);
}

/* End goes to the run's end even while only the start of it is known (compared, or early in a long
 * run, it went to the end of what the look-ahead had simulated, mid-run under a scrubber drawn to the
 * end): with 10 s known, it simulates the rest over frames, says so, and leaves the lecture at the
 * last cue the end reaches in the lecture's order: cue 4 (cue 5 returns to 4.55 s, but compares). */
Test(lecture, end_goes_to_the_runs_end_before_it_is_known)
{
    present_at_cue("omap-stall.json", 1);
    const rv_config *c = &W->app.base;
    cr_assert_eq(c->ncues, 6);
    cr_assert_gt(c->cues[3].at_s, c->cues[4].at_s, "cue 5 goes back in time");
    ui_app_seek(&W->app, 10000000000LL);
    frame();
    cr_assert_eq(tt_known_until(W->app.s[0].tt), ui_app_now(&W->app), "the test wants 10 s known, no more");
    on_a_virtual_machine();
    key(SDLK_END);
    cr_expect(ui_app_seek_pending(&W->app), "110 s of omap-stall within one frame's slice?");
    cr_expect(strstr(W->app.st.status, "the end of the run") != NULL, "status: %s", W->app.st.status);
    settle();
    cr_expect_eq(ui_app_now(&W->app), ui_app_end(&W->app));
    cr_expect_eq(W->app.st.cue, 3, "End left the lecture at cue %d", W->app.st.cue + 1);
    key(SDLK_PAGEDOWN);
    cr_expect_eq(W->app.st.cue, 4, "PgDn then went to cue %d", W->app.st.cue + 1);
}

/* A digression far past the next cue does not borrow a later cue's narration: from omap-stall's cue
 * 3, C, then a jump to 80 s (J twice, in a lecturer's walk-through) read "5. Back at 4.55 s" over the
 * wake-up, with cue 5's caption, and PgDn then brought cue 4. Only the next cue PgDn brings may narrate
 * a moment played or stepped past it. */
Test(lecture, a_far_digression_names_no_cue_beyond_the_next)
{
    present_at_cue_then_c("omap-stall.json", 3);
    cr_assert(W->app.st.compare);
    ui_win_seek_to(W, 80000000000LL, "the time clicked", 0);
    settle();
    for (int i = 0; i < W->app.nsessions; i++) {
        const char *t = W->app.s[i].view.cue_title;
        cr_expect(!t || !strstr(t, "Back at 4.55"), "side %d at 80 s names \"%s\"", i, t);
        const char *c = W->app.s[i].view.caption;
        cr_expect(!c || !strstr(c, "Cue 5"), "side %d at 80 s narrates with \"%s\"", i, c);
    }
    key(SDLK_PAGEDOWN);
    settle();
    cr_expect_eq(W->app.st.cue, 3, "PgDn went to cue %d", W->app.st.cue + 1);
}

/* C at tree's cue 4 (a single 3.7 view; tree has no timed captions) left the 3.6 side's strip empty
 * over a tree at another grace period: that side says whose side the cue narrates. */
Test(lecture, compare_at_a_single_view_cue_says_which_side_it_narrates)
{
    present_at_cue_then_c("tree.json", 4);
    cr_assert(W->app.st.compare);
    cr_assert_eq(W->app.nsessions, 2);
    int seen = 0;
    for (int i = 0; i < 2; i++) {
        const ui_view *v = &W->app.s[i].view;
        cr_assert(v->caption && v->caption[0], "side %d (%s): an empty caption strip", i, v->mode == RV_MODE_KTHREAD ? "3.7" : "3.6");
        if (v->mode == RV_MODE_SOFTIRQ) {
            cr_expect(strstr(v->caption, "Cue 4 narrates the 3.7 side") != NULL, "3.6 side: %s", v->caption);
            seen++;
        } else cr_expect(strstr(v->caption, "Cue 4 narrates") == NULL, "3.7 side: %s", v->caption);
    }
    cr_expect_eq(seen, 1);
}

/* End over kernel-build is a long run to 7800 s, and any key stops it. A QA pass found: Space stopped
 * it and started playback too; nothing said where it had stopped; X re-simulated to the moment and the
 * status went on "To the end of the run ...: -1 % simulated". On a virtual machine (200 simulated s a
 * second), as the J test, so nothing depends on this machine's speed. */
Test(lecture, a_key_stops_ends_long_run_and_says_where, .timeout = 120)
{
    open_scenario("kernel-build.json");
    on_a_virtual_machine();
    W->app.pending_seek = -1;
    frame();
    key(SDLK_END);
    cr_assert(ui_app_seek_pending(&W->app), "7800 s within one frame's slice?");
    ui_input_frame(W, 1000);
    int64_t got = ui_app_now(&W->app);
    press(SDLK_SPACE);
    cr_expect_not(ui_app_seek_pending(&W->app), "Space did not stop End's run");
    cr_expect_not(W->app.st.playing, "Space stopped End's run and started playback too");
    cr_expect_eq(ui_app_now(&W->app), got, "the picture moved from where the run stopped");
    cr_expect(strstr(W->app.st.status, "Stopped at ") && strstr(W->app.st.status, "on the way to the end of the run"), "status: %s",
              W->app.st.status);
    /* a key that re-simulates (X) stops it too; its own catching up is not reported as End's */
    key(SDLK_END);
    ui_input_frame(W, 1000);
    press(SDLK_x);
    for (int f = 0; f < 4; f++) {
        ui_input_frame(W, 1000);
        cr_expect_null(strstr(W->app.st.status, "the end of the run"), "frame %d after X: %s", f, W->app.st.status);
    }
}

/* End never takes the lecture backwards: at hackbench's last cue (3, compared), C then End put it
 * back at cue 1, the last single-view cue, and PgDn brought cue 2 (a QA pass). */
Test(lecture, end_never_takes_the_lecture_backwards)
{
    present_at_cue_then_c("hackbench.json", 3);
    cr_assert_eq(ui_cue_view_at(&W->app.base, 2).compare, 1, "hackbench's cue 3 compares");
    cr_assert_not(W->app.st.compare, "C at the compared cue 3 turns the comparison off");
    /* End sets the lecture's place as it leaves; the minute's simulation there is not needed (a
     * virtual machine, as the window's bounded seeks, so the run's end is far) */
    on_a_virtual_machine();
    key(SDLK_END);
    cr_expect_eq(W->app.st.cue, 2, "End left the lecture at cue %d", W->app.st.cue + 1);
    key(SDLK_ESCAPE); /* stops End's run */
    press(SDLK_PAGEDOWN);
    cr_expect(strstr(W->app.st.status, "That was the last cue") != NULL, "PgDn after End: %s", W->app.st.status);
}

/* A digression is not a reset: from cue 3, a click on the scrubber at 60 s (to show that nothing
 * happens for a long while), then PgDn, goes on with the lecture at cue 4. */
Test(lecture, a_seek_elsewhere_keeps_the_lectures_place)
{
    present_at_cue("omap-stall.json", 3);
    ui_win_seek_to(W, 60000000000LL, "the time clicked", 0);
    settle();
    cr_assert_eq(W->app.st.cue, 2);
    key(SDLK_PAGEDOWN);
    cr_expect_eq(W->app.st.cue, 3, "PgDn after a seek to 60 s went to cue %d", W->app.st.cue + 1);
}

/* Q at omap-stall's cue 3 (3.6) ends the GP the cue calls open at once (GP 165 when the cue stood
 * before it ended, GP 166 now), and the strip went on reading "GP 165, which only idle CPU 0 still
 * owes" over a tree showing it over, until the next PgDn. The injection pauses
 * the captions from its own instant, the cue's on screen and its title included, and says how to
 * get the scripted run back; Ctrl+B does. */
Test(lecture, an_injection_pauses_the_cue_caption_on_screen_at_once)
{
    present_at_cue("omap-stall.json", 3);
    settle();
    cue_look before = look_now();
    cr_assert_str_eq(before.caption, W->app.base.cues[2].caption, "cue 3 speaks before Q");
    explore_all(); /* a known future, as the window's look-ahead has by then: Q starts a branch */
    key(SDLK_q);
    const ui_view *v = &W->app.s[0].view;
    cr_assert_not_null(v->caption);
    cr_expect(strstr(v->caption, "Captions paused: you changed this run at") == v->caption, "strip after Q: %s", v->caption);
    cr_expect(strstr(v->caption, "Ctrl+B returns to the scripted run") != NULL, "how to get back: %s", v->caption);
    cr_expect_null(v->cue_title, "cue 3's title still over the changed run: %s", v->cue_title ? v->cue_title : "");
    cr_expect_null(v->caption_text, "F3 would copy the cue's words over the changed run");
    keymod(SDLK_b, KMOD_LCTRL);
    settle();
    cue_look back = look_now();
    cr_expect_str_eq(back.caption, before.caption, "Ctrl+B brings cue 3 back");
    cr_expect_str_eq(back.title, before.title);
    /* seeking back before the injection on the changed branch: the run there is the scripted one */
    keymod(SDLK_b, KMOD_LCTRL);
    settle();
    cr_assert(strstr(W->app.s[0].view.caption, "Captions paused") != NULL);
    ui_app_seek(&W->app, (int64_t)(W->app.base.cues[1].at_s * 1e9 + 0.5) + 1);
    frame();
    cr_expect_null(strstr(W->app.s[0].view.caption ? W->app.s[0].view.caption : "", "Captions paused"),
                   "before the change: %s", W->app.s[0].view.caption);
}

/* L (a long reader) at tree's cue 4, with no future simulated yet: no branch is kept, so Ctrl+B has
 * nothing to return to (and Ctrl+R would replay the recorded L): the strip says the run is scripted
 * only before the change. */
Test(lecture, an_injection_without_a_branch_names_the_way_back)
{
    present_at_cue("tree.json", 4);
    settle();
    cr_assert_geq(W->app.st.sel_cpu, 0, "cue 4 selects a CPU");
    cr_assert_eq(tt_known_until(W->app.s[0].tt), ui_app_now(&W->app), "the test wants no known future");
    key(SDLK_l);
    cr_assert_eq(tt_branch_count(W->app.s[0].tt), 1);
    const ui_view *v = &W->app.s[0].view;
    cr_assert(v->caption && strstr(v->caption, "Captions paused") == v->caption, "strip after L: %s", v->caption ? v->caption : "(none)");
    cr_expect(strstr(v->caption, "Before that moment the run is as scripted.") != NULL, "%s", v->caption);
    cr_expect_null(strstr(v->caption, "Ctrl+B"), "no branch to return to: %s", v->caption);
    cr_expect_null(v->cue_title);
}

/* Q at omap-stall's cue 3, Ctrl+B back to the scripted branch, then on to cue 5, which turns compare on
 * and so re-simulates the sessions: the recorder replayed the Q as a scripted event there, and cue 5's
 * caption ("the extra grace period has just started") spoke over a 3.6 tree where the replayed pass had
 * ended GP 165 and no GP 166 had begun. Back on the scripted branch the recorded Q is dropped. */
Test(lecture, ctrl_b_back_to_the_scripted_run_stays_scripted_through_a_compare_cue)
{
    present_at_cue("omap-stall.json", 3);
    settle();
    explore_all();
    key(SDLK_q);
    cr_assert_gt(W->rec.nev, W->rec.nbaked, "Q is recorded as a live injection");
    keymod(SDLK_b, KMOD_LCTRL);
    settle();
    cr_expect_eq(W->rec.nev, W->rec.nbaked, "back on the scripted branch, the recorded Q goes");
    key(SDLK_PAGEDOWN);
    key(SDLK_PAGEDOWN);
    settle();
    cr_assert_eq(W->app.st.cue, 4, "cue 5");
    cr_assert(W->app.st.compare, "cue 5 compares");
    for (int i = 0; i < W->app.nsessions; i++) {
        const ui_view *v = &W->app.s[i].view;
        cr_expect_lt(tt_first_intervention(W->app.s[i].tt), 0, "no injection in the re-simulated %s", v->label);
        if (v->mode == RV_MODE_SOFTIRQ)
            cr_expect_eq(v->fl[RV_SCHED].gpnum, 166ul, "3.6 runs the extra GP 166 as scripted: g%lu", (unsigned long)v->fl[RV_SCHED].gpnum);
        cr_expect(v->caption && !strstr(v->caption, "Captions paused"), "%s: %s", v->label, v->caption ? v->caption : "(none)");
    }
}

/* A cue's timeline_s frames its own stop: omap-stall's cue 4 spans the run's 90 s to show the stalled grace
 * period whole; PgUp from there to cue 3 kept 90 s, and cue 3's moments were a sliver of it. Cue 3
 * shows the default span however it is reached, and a zoom of the viewer's own is left alone in a
 * file whose cues never zoom (tree). */
Test(lecture, a_cue_timeline_zoom_holds_for_its_own_stop)
{
    present_at_cue("omap-stall.json", 4);
    cr_expect(W->app.st.timeline_manual, "cue 4 zooms the timeline");
    cr_expect_eq(W->app.st.timeline_span, 90000000000LL);
    key(SDLK_PAGEUP);
    cr_assert_eq(W->app.st.cue, 2);
    cr_expect_not(W->app.st.timeline_manual, "cue 3, reached back from cue 4, keeps cue 4's 90 s");
    key(SDLK_PAGEDOWN);
    key(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, 4);
    cr_expect_not(W->app.st.timeline_manual, "cue 5 (back at 4.55 s) keeps cue 4's 90 s");
    present_at_cue("tree.json", 2);
    W->app.st.timeline_span = 5000000000LL;
    W->app.st.timeline_manual = true;
    key(SDLK_PAGEDOWN);
    cr_expect(W->app.st.timeline_manual && W->app.st.timeline_span == 5000000000LL, "a lecture whose cues never zoom undid the viewer's zoom");
}
