/* test_lecture.c — a lecturer's keys: cue to cue (PgDn/PgUp), next GP start/end/FQS/stall landing on the moment, J, presentation mode. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

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
