/* test_record.c — the window recorder without a display: the picker lists the user's scenarios, saving never replaces another file, a refused scripted event is announced, toggles/cue stops/trigger-relative injections are saved, captions per side and triggered. */
#include <criterion/criterion.h>

#include "scenario.h"
#include "window/window.h"
#include "window/workbook_hooks.h"

#include <cjson/cJSON.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rmtree.h"

static ui_win *W;
static char tmp[64];

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

static const char *scenario =
    "{\"name\": \"rec\", \"cpus\": 2, \"duration_s\": 1, \"seed\": 3,\n"
    " \"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.8, \"readers\": {\"rcu_sched\": {\"rate_per_s\": 100, \"mean_us\": 3}}}],\n"
    " \"events\": [{\"at_s\": 0.010, \"kind\": \"long_reader\", \"cpu\": 1, \"flavor\": \"rcu_sched\", \"duration_s\": 0.05},\n"
    "            {\"at_s\": 0.020, \"kind\": \"offline\", \"cpu\": 1}]}\n";

static void setup(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/rcuvis-record-XXXXXX");
    cr_assert(mkdtemp(tmp));
    char p[256];
    snprintf(p, sizeof p, "%s/config", tmp);
    setenv("XDG_CONFIG_HOME", p, 1);
    snprintf(p, sizeof p, "%s/data", tmp);
    setenv("XDG_DATA_HOME", p, 1);
    const char *root = getenv("RCUVIS_ROOT");
    setenv("RCUVIS_DATA", root ? root : ".", 1);
    snprintf(p, sizeof p, "%s/rec.json", tmp);
    put(p, scenario);
    W = calloc(1, sizeof *W);
    ui_app_init(&W->app);
    char err[1024];
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
}

static void teardown(void)
{
    ui_app_free(&W->app);
    ui_rec_free(&W->rec);
    free(W);
    if (rmtree(tmp) != 0) fprintf(stderr, "could not remove %s\n", tmp);
}

TestSuite(record, .init = setup, .fini = teardown);

Test(record, picker_lists_the_users_scenarios_beside_the_shipped_ones)
{
    char d[256], p[300];
    snprintf(d, sizeof d, "%s/data/rcuvis/scenarios", tmp);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", d);
    cr_assert_eq(system(cmd), 0);
    snprintf(p, sizeof p, "%s/mine.json", d);
    put(p, scenario);
    ui_win_fill_picker(W);
    bool mine = false, shipped = false;
    cr_assert_not_null(W->app.st.picker_cues);
    for (int i = 0; i < W->app.st.npicker; i++) {
        const char *it = W->app.st.picker_items[i];
        int cues = W->app.st.picker_cues[i];
        mine |= strstr(it, "/data/rcuvis/scenarios/mine.json") != NULL;
        shipped |= strstr(it, "scenarios/small-busy.json") != NULL;
        /* which carry a lecture, for the picker's "lecture: 6 cues (F5)" (a lecturer had to remember) */
        if (strstr(it, "scenarios/tree.json")) cr_expect_eq(cues, 6, "tree.json's lecture: %d cues", cues);
        if (strstr(it, "scenarios/hackbench.json")) cr_expect_eq(cues, 3, "hackbench.json's lecture: %d cues", cues);
        if (strstr(it, "scenarios/small-busy.json") || strstr(it, "mine.json")) cr_expect_eq(cues, 0, "%s has no lecture: %d", it, cues);
    }
    cr_expect(mine, "the user's scenario is not in the picker");
    cr_expect(shipped, "the shipped scenarios are not in the picker");
}

Test(record, save_never_replaces_a_file_it_did_not_write)
{
    char d[256], taken[300], path[1200], err[512];
    snprintf(d, sizeof d, "%s/data/rcuvis/scenarios", tmp);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", d);
    cr_assert_eq(system(cmd), 0);
    snprintf(taken, sizeof taken, "%s/rec-recorded.json", d);
    put(taken, "someone else's file\n");
    rv_inject cmd2 = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 7};
    ui_app_seek(&W->app, 5000000);
    char msg[256];
    cr_assert_eq(ui_app_inject(&W->app, &cmd2, msg, sizeof msg), 0, "%s", msg);
    ui_rec_injected(W, &cmd2);
    char note[256];
    cr_assert_eq(ui_rec_save(W, path, sizeof path, note, sizeof note, err, sizeof err), 0, "%s", err);
    cr_expect(strstr(path, "rec-recorded-2.json") != NULL, "saved to %s", path);
    FILE *f = fopen(taken, "r");
    char line[64] = "";
    cr_assert_not_null(f);
    cr_expect_not_null(fgets(line, sizeof line, f));
    fclose(f);
    cr_expect_str_eq(line, "someone else's file\n");
    rv_config cfg;
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cfg.nevents, 3);
    bool found = false;
    for (size_t i = 0; i < cfg.nevents; i++)
        found |= cfg.events[i].kind == RV_INJ_CALL_RCU_BURST && cfg.events[i].count == 7 && cfg.events[i].first &&
                 cfg.events[i].has_step && (int64_t)(cfg.events[i].at_s * 1e9) == 5000000;
    cr_expect(found, "the injection is not in the saved file as a first/at_step event at 5 ms");
    rv_config_free(&cfg);
}

Test(record, a_refused_scripted_event_is_announced_in_the_window)
{
    ui_app_seek(&W->app, 30000000);
    ui_rec_frame(W, 1000);
    cr_expect(strstr(W->app.st.status, "Scripted offline (CPU 1) not applied: CPU 1 is inside a read-side critical section") != NULL,
              "status: %s", W->app.st.status);
    cr_expect(strstr(W->app.st.status, "move at_s later") != NULL, "no hint in: %s", W->app.st.status);
}

/* ---------------------------------------------------------------- toggles, cue stops, triggers */

static void press(SDL_Keycode sym)
{
    SDL_Event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = SDL_KEYDOWN;
    ev.key.keysym.sym = sym;
    ui_input_event(W, &ev, 1000);
}

static cJSON *saved_json(char *path, size_t n)
{
    char err[512], note[256];
    cr_assert_eq(ui_rec_save(W, path, n, note, sizeof note, err, sizeof err), 0, "%s", err);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f);
    static char buf[1 << 16];
    size_t got = fread(buf, 1, sizeof buf - 1, f);
    buf[got] = 0;
    fclose(f);
    cJSON *root = cJSON_Parse(buf);
    cr_assert_not_null(root, "%s", buf);
    return root;
}

/* Inject through the window, as a click would, and let the recorder take it. */
static void inject_recorded(const rv_inject *inj)
{
    char msg[256];
    cr_assert_eq(ui_app_inject(&W->app, inj, msg, sizeof msg), 0, "%s", msg);
    ui_rec_injected(W, inj);
}

/* Save the session and return its last scripted event (*root owns it: cJSON_Delete it). */
static cJSON *last_saved_event(cJSON **root)
{
    char path[1200];
    *root = saved_json(path, sizeof path);
    cJSON *evs = cJSON_GetObjectItem(*root, "events");
    return cJSON_GetArrayItem(evs, cJSON_GetArraySize(evs) - 1);
}

Test(record, the_classroom_toggles_are_recorded_and_keep_the_injections)
{
    ui_app_seek(&W->app, 5000000);
    rv_inject b = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 7};
    inject_recorded(&b);
    press(SDLK_m); /* the classroom key: re-simulated through the recorder */
    cr_expect(strstr(W->app.st.status, "recorded") != NULL, "status: %s", W->app.st.status);
    cr_expect_eq(ui_app_now(&W->app), 5000000, "the moment is kept");
    cr_expect_eq(W->app.s[0].cfg.rcu.mode, RV_MODE_SOFTIRQ, "M did not switch to 3.6");
    /* the injection is part of the re-simulated run */
    const rv_config *ec = rv_engine_config(tt_engine(W->app.s[0].tt));
    bool has = false;
    for (size_t i = 0; i < ec->nevents; i++) has |= ec->events[i].kind == RV_INJ_CALL_RCU_BURST && ec->events[i].count == 7;
    cr_expect(has, "the toggle lost the recorded injection");
    press(SDLK_x);
    char path[1200];
    cJSON *root = saved_json(path, sizeof path);
    cJSON *rcu = cJSON_GetObjectItem(root, "rcu");
    cr_assert_not_null(rcu);
    cr_expect_str_eq(cJSON_GetObjectItem(rcu, "mode")->valuestring, "softirq");
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(rcu, "needs_gp_fix")), "X in softirq mode turns the fix on");
    cJSON_Delete(root);
}

Test(record, m_still_switches_the_mode_of_the_built_in_demo)
{
    setenv("RCUVIS_DATA", "/nonexistent", 1); /* no shipped scenarios: the built-in demo, which has no file */
    char err[1024];
    cr_assert_eq(ui_app_load(&W->app, NULL, -1, err, sizeof err), 0, "%s", err);
    cr_assert_str_eq(W->app.source, "");
    enum rv_mode before = W->app.s[0].cfg.rcu.mode;
    press(SDLK_m);
    cr_expect_neq(W->app.s[0].cfg.rcu.mode, before, "M did nothing: %s", W->app.st.status);
}

Test(record, compare_and_reload_keep_what_was_injected)
{
    ui_app_seek(&W->app, 5000000);
    rv_inject b = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 9};
    inject_recorded(&b);
    press(SDLK_c); /* compare rebuilds the sessions from the configuration: the live injection is not in it */
    ui_rec_frame(W, 1000);
    cr_assert_eq(W->app.nsessions, 2);
    for (int s = 0; s < 2; s++) {
        const rv_config *ec = rv_engine_config(tt_engine(W->app.s[s].tt));
        bool has = false;
        for (size_t i = 0; i < ec->nevents; i++) has |= ec->events[i].kind == RV_INJ_CALL_RCU_BURST && ec->events[i].count == 9;
        cr_expect(has, "side %d lost the recorded injection", s);
    }
    cr_expect_eq(ui_app_now(&W->app), 5000000);
}

Test(record, a_cue_stop_keeps_time_flavor_selection_and_caption)
{
    ui_app_seek(&W->app, 7000000);
    W->app.st.sel_cpu = 1;
    press(SDLK_F3);
    cr_assert_eq(W->app.base.ncues, 1, "PgDn does not see the new stop");
    char path[1200];
    cJSON *root = saved_json(path, sizeof path);
    cJSON *cue = cJSON_GetArrayItem(cJSON_GetObjectItem(root, "cues"), 0);
    cr_assert_not_null(cue);
    cr_expect_eq((int64_t)(cJSON_GetObjectItem(cue, "at_s")->valuedouble * 1e9), 7000000);
    cr_expect_str_eq(cJSON_GetObjectItem(cue, "flavor")->valuestring, "rcu_sched");
    cr_expect_eq(cJSON_GetObjectItem(cue, "select_cpu")->valueint, 1);
    cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(cue, "compare")));
    cJSON_Delete(root);
    rv_config cfg;
    char err[512];
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cfg.ncues, 1);
    rv_config_free(&cfg);
}

/* A zoomed timeline (the wheel) is part of the stop: the author widened it for a long grace period, and
 * the file's cue now says so (timeline_s), so PgDn and shot --cue show it the same. Not zoomed: no key. */
Test(record, a_cue_stop_keeps_a_zoomed_timeline)
{
    ui_app_seek(&W->app, 7000000);
    press(SDLK_F3);
    W->app.st.timeline_span = 40000000000LL; /* 40 s */
    W->app.st.timeline_manual = true;
    ui_app_seek(&W->app, 8000000);
    press(SDLK_F3);
    char path[1200];
    cJSON *root = saved_json(path, sizeof path);
    cJSON *cues = cJSON_GetObjectItem(root, "cues");
    cr_assert_eq(cJSON_GetArraySize(cues), 2);
    cr_expect_null(cJSON_GetObjectItem(cJSON_GetArrayItem(cues, 0), "timeline_s"), "an unzoomed stop says nothing of the timeline");
    cJSON *ts = cJSON_GetObjectItem(cJSON_GetArrayItem(cues, 1), "timeline_s");
    cr_assert_not_null(ts);
    cr_expect_float_eq(ts->valuedouble, 40.0, 1e-9);
    cJSON_Delete(root);
    rv_config cfg;
    char err[512];
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_float_eq(cfg.cues[1].timeline_s, 40.0, 1e-9);
    rv_config_free(&cfg);
}

/* ---------------------------------------------------------------- captions: per side, triggered */

static const char *captioned =
    "{\"name\": \"cap\", \"cpus\": 2, \"duration_s\": 1, \"seed\": 3,\n"
    " \"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.8, \"readers\": {\"rcu_sched\": {\"rate_per_s\": 100, \"mean_us\": 3}},\n"
    "               \"call_rcu_per_s\": {\"rcu_sched\": 100}}],\n"
    " \"captions\": [{\"at_s\": 0, \"until_s\": 0.9, \"text\": \"both\"},\n"
    "              {\"at_s\": 0.1, \"until_s\": 0.5, \"when\": {\"mode\": \"softirq\"}, \"text\": \"only 3.6\"},\n"
    "              {\"on\": {\"event\": \"gp_start\", \"flavor\": \"rcu_sched\", \"n\": 20}, \"duration_s\": 0.01, \"text\": \"triggered\"}]}\n";

static void load_captioned(void)
{
    char p[256], err[1024];
    snprintf(p, sizeof p, "%s/cap.json", tmp);
    put(p, captioned);
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
}

/* The n-th GP start of rcu_sched (1-based) of the loaded run, from its history. */
static int64_t gp_start(int n)
{
    if (strcmp(W->app.name, "cap")) load_captioned(); /* a workload with callbacks: grace periods */
    ui_app_seek(&W->app, 900000000);
    const ui_history *h = tt_history(W->app.s[0].tt);
    cr_assert_gt(h->gps[RV_SCHED].n, (size_t)n);
    return h->gps[RV_SCHED].v[n - 1].start;
}

/* Land on the n-th GP start with the moment keys (as N does) and inject there. */
static void inject_at_gp_start(int n, const rv_inject *inj)
{
    int64_t T = gp_start(n);
    ui_app_seek_moment(&W->app, T);
    ui_rec_landed(W, UI_MOMENT_GP_START, RV_SCHED, T);
    inject_recorded(inj);
}

Test(record, an_injection_after_a_landed_gp_start_is_saved_on_its_trigger)
{
    rv_inject y = {.kind = RV_INJ_SYNCHRONIZE, .cpu = 0, .flavor = RV_SCHED, .count = 1};
    inject_at_gp_start(4, &y);
    cJSON *root = NULL, *e = last_saved_event(&root);
    cJSON *on = cJSON_GetObjectItem(e, "on");
    cr_assert_not_null(on, "saved at its time: %s", cJSON_PrintUnformatted(e));
    cr_expect_str_eq(cJSON_GetObjectItem(on, "event")->valuestring, "gp_start");
    cr_expect_eq(cJSON_GetObjectItem(on, "n")->valueint, 4);
    cr_expect_eq((int64_t)(cJSON_GetObjectItem(e, "delay_s")->valuedouble * 1e9), 1);
    cJSON_Delete(root);
}

Test(record, after_a_toggle_an_injection_keeps_following_its_moment)
{
    rv_inject b = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_SCHED, .count = 500};
    inject_at_gp_start(6, &b);
    press(SDLK_x); /* re-simulated: the burst is now the 6th GP start's, in the window as in the file */
    const rv_config *ec = rv_engine_config(tt_engine(W->app.s[0].tt));
    const rv_inject *got = NULL;
    for (size_t i = 0; i < ec->nevents; i++)
        if (ec->events[i].kind == RV_INJ_CALL_RCU_BURST && ec->events[i].count == 500) got = &ec->events[i];
    cr_assert_not_null(got, "the toggle lost the injection");
    cr_expect_eq(got->on.event, RV_TRIG_GP_START);
    cr_expect_eq(got->on.n, 6);
    cr_expect_eq((int64_t)(got->on.delay_s * 1e9), 1);
    cJSON *root = NULL, *e = last_saved_event(&root);
    cr_expect_not_null(cJSON_GetObjectItem(e, "on"), "saved: %s", cJSON_PrintUnformatted(e));
    cr_expect_null(cJSON_GetObjectItem(e, "comment"));
    cJSON_Delete(root);
}

Test(record, a_trigger_form_that_would_not_replay_stays_at_its_time_and_says_why)
{
    /* the anchor claims a moment between two GP starts: the 4th start + delay is not the injection's time */
    int64_t T = gp_start(4), T5 = gp_start(5);
    int64_t fake = T + (T5 - T) / 2;
    ui_app_seek(&W->app, fake + 1000);
    ui_rec_landed(W, UI_MOMENT_GP_START, RV_SCHED, fake);
    rv_inject y = {.kind = RV_INJ_SYNCHRONIZE, .cpu = 0, .flavor = RV_SCHED, .count = 1};
    inject_recorded(&y);
    cJSON *root = NULL, *e = last_saved_event(&root);
    cr_expect_null(cJSON_GetObjectItem(e, "on"), "an inexact trigger form was saved");
    cr_expect_eq((int64_t)(cJSON_GetObjectItem(e, "at_s")->valuedouble * 1e9), fake + 1000);
    cJSON *c = cJSON_GetObjectItem(e, "comment");
    cr_assert(cJSON_IsString(c), "no comment says why");
    cr_expect(strstr(c->valuestring, "different trace") != NULL, "comment: %s", c->valuestring);
    cJSON_Delete(root);
}

static void draw(void)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(1280, 800, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(&W->app, rd);
    rd_free(rd);
}

Test(record, compare_shows_each_sides_own_caption)
{
    load_captioned();
    char err[256];
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 200000000);
    draw();
    cr_assert_str_eq(W->app.s[0].view.label, "3.6 (softirq)");
    cr_expect_str_eq(W->app.s[0].view.caption, "only 3.6");
    cr_expect_str_eq(W->app.s[1].view.caption, "both");
    ui_app_seek(&W->app, 600000000); /* the 3.6 caption ended: the one it covered shows again */
    draw();
    cr_expect_str_eq(W->app.s[0].view.caption, "both");
}

Test(record, j_reaches_a_triggered_caption_and_it_gives_the_strip_back)
{
    load_captioned();
    ui_app_seek(&W->app, 900000000);
    const ui_history *h = tt_history(W->app.s[0].tt);
    cr_assert_gt(h->gps[RV_SCHED].n, 20u);
    int64_t fired = h->gps[RV_SCHED].v[19].start;
    cr_assert_gt(fired, 1000);
    ui_app_seek(&W->app, fired - 1000);
    cr_expect_eq(ui_app_next_caption(&W->app, 1000), fired, "J does not know the triggered caption");
    ui_app_seek(&W->app, fired + 1);
    draw();
    cr_expect_str_eq(W->app.s[0].view.caption, "triggered");
    ui_app_seek(&W->app, fired + 20000000); /* after its duration_s */
    draw();
    cr_expect_str_eq(W->app.s[0].view.caption, "both");
}

Test(record, a_shorter_run_saves_a_file_that_still_loads)
{
    /* watched with --set duration_s=0.015: the file's own offline at 0.020 s lies past that end. The
     * saved file must keep its own length, or the loader would refuse it (a time no run reaches). */
    char err[1024], p[256], path[1200], note[256], msg[256];
    snprintf(p, sizeof p, "%s/rec.json", tmp);
    snprintf(W->app.overrides[0], sizeof W->app.overrides[0], "duration_s=0.015");
    W->app.noverrides = 1;
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
    rv_inject inj = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 5};
    ui_app_seek(&W->app, 5000000);
    cr_assert_eq(ui_app_inject(&W->app, &inj, msg, sizeof msg), 0, "%s", msg);
    ui_rec_injected(W, &inj);
    cr_assert_eq(ui_rec_save(W, path, sizeof path, note, sizeof note, err, sizeof err), 0, "%s", err);
    rv_config cfg;
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "the saved file is refused: %s", err);
    cr_expect_eq(cfg.duration_s, 1.0);
    cr_expect_eq(cfg.nevents, 3);
    rv_config_free(&cfg);
}

Test(record, a_run_cut_short_names_its_later_events_in_one_line)
{
    /* watched for 0.015 s: the file's offline at 0.020 s never comes; said once, with the run's end */
    char err[1024], p[256];
    snprintf(p, sizeof p, "%s/rec.json", tmp);
    snprintf(W->app.overrides[0], sizeof W->app.overrides[0], "duration_s=0.015");
    W->app.noverrides = 1;
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 15000000);
    ui_rec_frame(W, 1000);
    cr_expect(strstr(W->app.st.status, "1 scripted event due after this run's end (0.015 s), so not run") != NULL,
              "status: %s", W->app.st.status);
}

/* F3 during a lecture: the new stop goes in time order among the file's (it was appended and PgDn met
 * it after a later stop), it keeps what the caption it copies invites, and the saved copy, which lives
 * in the user's folder, keeps a $schema that still points at the schema and a name the picker tells
 * from its source's. */
Test(record, a_cue_stop_goes_in_time_order_and_the_copy_stands_on_its_own)
{
    char p[256], err[1024], sch[256];
    snprintf(sch, sizeof sch, "%s/schema.json", tmp);
    put(sch, "{}\n");
    snprintf(p, sizeof p, "%s/lec.json", tmp);
    put(p, "{\"$schema\": \"schema.json\", \"name\": \"lec\", \"cpus\": 2, \"duration_s\": 1, \"seed\": 3,\n"
           " \"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.5}],\n"
           " \"cues\": [{\"at_s\": 0.2, \"title\": \"a\", \"caption\": \"Press M to see 3.7.\", \"invites\": [\"mode\"]},\n"
           "          {\"at_s\": 0.8, \"title\": \"b\"}]}\n");
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
    W->app.st.cue = 0;
    ui_app_seek(&W->app, 300000000);
    press(SDLK_F3);
    cr_assert_eq(W->app.base.ncues, 3);
    cr_expect_eq(W->app.st.cue, 1, "the new stop is the second");
    cr_expect_eq(W->rec.ncue, 1, "recorded");
    const rv_cue *q = &W->app.base.cues[1];
    cr_expect_eq((int64_t)(q->at_s * 1e9 + 0.5), 300000000);
    cr_expect_str_eq(q->caption, "Press M to see 3.7.");
    cr_expect_eq(q->ninvites, 1);
    cr_expect_str_eq(W->app.base.cues[2].title, "b");
    char path[1200];
    cJSON *root = saved_json(path, sizeof path);
    cJSON *cues = cJSON_GetObjectItem(root, "cues");
    cr_assert_eq(cJSON_GetArraySize(cues), 3);
    double t[3];
    for (int i = 0; i < 3; i++) t[i] = cJSON_GetObjectItem(cJSON_GetArrayItem(cues, i), "at_s")->valuedouble;
    cr_expect(t[0] < t[1] && t[1] < t[2], "saved in time order: %g %g %g", t[0], t[1], t[2]);
    cJSON *inv = cJSON_GetObjectItem(cJSON_GetArrayItem(cues, 1), "invites");
    cr_expect(cJSON_IsArray(inv) && cJSON_GetArraySize(inv) == 1 && !strcmp(cJSON_GetArrayItem(inv, 0)->valuestring, "mode"));
    char abs[PATH_MAX];
    cr_assert_not_null(realpath(sch, abs));
    cr_expect_str_eq(cJSON_GetObjectItem(root, "$schema")->valuestring, abs);
    cr_expect_str_eq(cJSON_GetObjectItem(root, "name")->valuestring, "lec (recorded)");
    cJSON_Delete(root);
    rv_config cfg;
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cfg.ncues, 3);
    rv_config_free(&cfg);
}

/* A name near the loader's 127 bytes: " (recorded)" pushed it past, and the saved copy did not load. */
Test(record, a_long_name_still_loads_once_marked_recorded)
{
    char p[256], err[1024], name[126];
    memset(name, 'n', sizeof name - 1);
    name[sizeof name - 1] = 0;
    snprintf(p, sizeof p, "%s/long.json", tmp);
    char text[600];
    snprintf(text, sizeof text, "{\"name\": \"%s\", \"cpus\": 2, \"duration_s\": 1, \"seed\": 3,\n"
                                " \"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.5}]}\n", name);
    put(p, text);
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 300000000);
    press(SDLK_F3);
    char path[1200];
    cJSON *root = saved_json(path, sizeof path);
    const char *saved = cJSON_GetObjectItem(root, "name")->valuestring;
    cr_expect_leq(strlen(saved), 127, "%zu bytes", strlen(saved));
    cr_expect(strstr(saved, " (recorded)") != NULL, "%s", saved);
    cJSON_Delete(root);
    rv_config cfg;
    cr_expect_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    rv_config_free(&cfg);
}

/* A workbook question's Show me of the scenario on screen: the injections recorded on the run before
 * were replayed into the question's run (with the recording's seed), and its seek cut short. The
 * question's run starts a new recording, and the window says so. */
Test(record, show_me_of_the_same_scenario_starts_a_new_recording)
{
    char err[1024], xdg[256];
    snprintf(xdg, sizeof xdg, "%s/state", tmp);
    setenv("XDG_STATE_HOME", xdg, 1);
    cr_assert_eq(ui_app_load(&W->app, "small-busy", -1, err, sizeof err), 0, "%s", err);
    ui_rec_frame(W, 0);
    ui_app_seek(&W->app, 5000000);
    rv_inject b = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 7};
    inject_recorded(&b);
    cr_assert_gt(W->rec.nev, 0);
    /* question 1.5: small-busy at 2 s, shown (m twice: it is a prediction not answered yet) */
    W->app.st.show_workbook = true;
    press(SDLK_a);
    for (int i = 0; i < 4; i++) press(SDLK_PAGEDOWN);
    press(SDLK_m);
    press(SDLK_m);
    ui_workbook_frame(&W->app, 0);
    ui_rec_frame(W, 0);
    cr_expect_eq(W->rec.nev, 0, "the recording of the run before was kept");
    cr_expect(strstr(W->app.st.status, "what was recorded on the run before is dropped") != NULL, "status: %s", W->app.st.status);
    const rv_config *ec = rv_engine_config(tt_engine(W->app.s[0].tt));
    for (size_t i = 0; i < ec->nevents; i++)
        cr_expect(!(ec->events[i].kind == RV_INJ_CALL_RCU_BURST && ec->events[i].count == 7), "the injection was replayed");
}
