/* test_fmt_time.c — the top bar's time: exact digits that read back to the nanosecond, a moment named as itself, not 1 ns past. */
#include <criterion/criterion.h>

#include "view/view.h"
#include "window/app.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

Test(fmt_time, whole_microseconds_keep_six_digits)
{
    char b[64];
    ui_fmt_time(b, sizeof b, 0);
    cr_expect_str_eq(b, "0.000000 s");
    ui_fmt_time(b, sizeof b, 61234567000LL);
    cr_expect_str_eq(b, "61.234567 s");
}

/* omap-stall runs at HZ=128: a jiffy is 7,812,500 ns, and its stall warning lands on one. The top bar
 * said 80.007812 s, and `shot --at 80.007812` drew the moment 500 ns before the warning. */
Test(fmt_time, a_jiffy_at_hz128_reads_back_to_the_nanosecond)
{
    char b[64];
    ui_fmt_time(b, sizeof b, 80007812500LL);
    cr_expect_str_eq(b, "80.0078125 s");
    for (int64_t j = 0; j < 20000; j += 7) {
        int64_t t = j * 7812500LL + (j % 3 == 0 ? 1 : 0); /* some with a stray nanosecond */
        ui_fmt_time(b, sizeof b, t);
        int64_t back = (int64_t)(strtod(b, NULL) * 1e9 + 0.5); /* as shot parses --at */
        cr_assert_eq(back, t, "%lld ns shown as \"%s\" reads back as %lld", (long long)t, b, (long long)back);
    }
}

/* The clock where a cue or a moment key lands: 1 ns past the moment (so its events are drawn), it
 * names the moment. A student read hackbench's cue at 0.3 s as "t = 0.300000001 s", a rounding
 * artefact to him, and omap-stall's warning as "t = 80.007812501 s" (the jiffy is 80.0078125 s). */
static void clock_at_cue(const char *scenario, int cue, const char *want)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096], b[64];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, scenario);
    ui_app a;
    ui_app_init(&a);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_goto_cue(&a, cue - 1, err, sizeof err), 0, "%s", err);
    rd_ctx *rd = rd_new_offscreen(640, 360, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(&a, rd); /* builds the views */
    rd_end(rd);
    const ui_view *v = &a.s[0].view;
    ui_fmt_clock(b, sizeof b, v);
    cr_expect_str_eq(b, want, "%s cue %d: the clock reads \"%s\" at %lld ns", scenario, cue, b, (long long)v->now);
    ui_fmt_time(b, sizeof b, v->now - 1);
    cr_expect_str_eq(b, want, "the window stands 1 ns past the moment");
    rd_free(rd);
    ui_app_free(&a);
}

Test(fmt_time, a_cue_names_its_moment)
{
    clock_at_cue("hackbench.json", 1, "0.300000 s");
    clock_at_cue("omap-stall.json", 4, "80.0078125 s");
}

Test(fmt_time, a_step_to_an_event_names_the_event)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096], b[64];
    snprintf(path, sizeof path, "%s/scenarios/omap-stall.json", root);
    ui_app a;
    ui_app_init(&a);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    ui_app_seek(&a, 80007812501LL); /* as `shot --at 80.007812501`: the stall warning is in the log */
    rd_ctx *rd = rd_new_offscreen(640, 360, 1.0f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ui_app_draw(&a, rd);
    rd_end(rd);
    ui_fmt_clock(b, sizeof b, &a.s[0].view);
    cr_expect_str_eq(b, "80.0078125 s");
    rd_free(rd);
    ui_app_free(&a);
}
