/* test_shot_name.c — F12's picture names carry the exact simulated time, so `shot --at` can draw the same moment again. */
#include <criterion/criterion.h>

#include "window/window.h"

#include <stdlib.h>

/* omap-stall's stall warning is at 80.0078125 s: F12 named it t80.007s, and `shot --at 80.007` drew
 * the moment before the warning. Every digit down to the nanosecond stays; trailing zeros go, down to
 * the milliseconds every name had. */
Test(shot_name, the_time_is_exact_to_the_nanosecond)
{
    static const struct { int64_t t; const char *want; } cases[] = {
        {80007812500LL, "80.0078125"}, {2000000000LL, "2.000"}, {80500000000LL, "80.500"},
        {1LL, "0.000000001"},          {0LL, "0.000"},          {7799123456789LL, "7799.123456789"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char b[40];
        ui_win_shot_time(b, sizeof b, cases[i].t);
        cr_expect_str_eq(b, cases[i].want, "%lld ns", (long long)cases[i].t);
        /* read back as `shot --at` reads it: the same nanosecond */
        cr_expect_eq((int64_t)(strtod(b, NULL) * 1e9 + 0.5), cases[i].t, "%s", b);
    }
}
