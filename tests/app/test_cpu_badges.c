/* test_cpu_badges.c — what a CPU tile's badges say of its callbacks: the batch limit lifted by a qhimark overflow. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];
static void setup(void) { window_fixture_open(cfgdir, "cpu-badges", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }
TestSuite(cpu_badges, .init = setup, .fini = teardown);

typedef struct seen { int blimit; } seen;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    seen *S = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (len == strlen("b=\u221E") && !strncmp(s, "b=\u221E", len)) S->blimit++;
}

static int blimit_badges(void)
{
    seen S = {0};
    rd_set_text_observer(W->rd, keep_run, &S);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
    return S.blimit;
}

static void burst(int cpu, long n)
{
    char msg[256];
    rv_inject b = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = cpu, .flavor = RV_SCHED, .count = n};
    cr_assert_eq(ui_app_inject(&W->app, &b, msg, sizeof msg), 0, "%s", msg);
}

/* Lesson 7 teaches that a flood past qhimark lifts blimit until the queue drains to qlowmark, and the
 * only place to see it was --debugfs's b= field (a student's review). CPU 0 of small-busy (3.7) gets
 * 12000 callbacks, which ask the kthread for a grace period, then, the grace period running, 100 more:
 * __call_rcu_core() lifts its limit, and its tile says so; once the flood has drained it does not. */
Test(cpu_badges, a_lifted_batch_limit_shows_on_the_tile_until_the_flood_drains)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&W->app, 1000000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    cr_expect_eq(blimit_badges(), 0, "no tile has its limit lifted before the flood");
    burst(0, 12000);
    ui_app_seek(&W->app, 1001000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    burst(0, 100);
    cr_expect_eq(blimit_badges(), 1, "CPU 0's tile shows its lifted limit");
    ui_app_seek(&W->app, 1100000000LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    cr_expect_eq(blimit_badges(), 0, "the flood drained, the limit is back");
}
