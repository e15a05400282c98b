/* test_numparse.c — the strict option-number parser: whole text, finite, no overflow, in range, messages naming the option. */
#include "util/numparse.h"

#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

static char err[256];

Test(numparse, doubles_refuse_nan_inf_hex_spaces_and_out_of_range)
{
    double v = 7;
    const char *bad[] = {"nan", "NaN", "inf", "-inf", "1e10", "0x10", " 1", "1 ", "", "-", "1.5.2", "1e", "e5", "+1", "1e999"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_expect_eq(np_double("--at", bad[i], 0, 604800, &v, err, sizeof err), -1, "accepted \"%s\"", bad[i]);
        cr_expect(strstr(err, "--at: expected a number from 0 to 604800"), "%s", err);
    }
    cr_expect_eq(v, 7, "a refused value leaves the default alone");
    cr_assert_eq(np_double("--at", "1.5", 0, 604800, &v, err, sizeof err), 0);
    cr_expect_eq(v, 1.5);
    cr_assert_eq(np_double("--at", ".5", 0, 604800, &v, err, sizeof err), 0);
    cr_assert_eq(np_double("--at", "6e2", 0, 604800, &v, err, sizeof err), 0);
    cr_expect_eq(v, 600);
}

/* 1e-320 is above 0 but underflows a double: the refusal says why, where "above 0" alone contradicted it */
Test(numparse, a_positive_number_too_small_for_a_double_is_named_so)
{
    double v = 7;
    cr_expect_eq(np_double_pos("--duration", "1e-320", 604800, &v, err, sizeof err), -1);
    cr_expect_str_eq(err, "--duration: expected a number above 0 and at most 604800, got \"1e-320\", too close to 0 to be told from it");
    cr_expect_eq(np_double_pos("--duration", "0", 604800, &v, err, sizeof err), -1);
    cr_expect_str_eq(err, "--duration: expected a number above 0 and at most 604800, got \"0\"");
    cr_expect_eq(np_double_pos("--duration", "-1e-320", 604800, &v, err, sizeof err), -1);
    cr_expect(!strstr(err, "too close"), "%s", err);
    cr_expect_eq(v, 7);
}

Test(numparse, integers_refuse_overflow_instead_of_saturating)
{
    long long v = -1;
    cr_expect_eq(np_int64("--seed", "99999999999999999999", 0, INT64_MAX, &v, err, sizeof err), -1);
    cr_expect(strstr(err, "--seed: expected an integer from 0 to 9223372036854775807, got \"99999999999999999999\""), "%s", err);
    cr_expect_eq(v, -1);
    cr_expect_eq(np_int64("--seed", "9223372036854775807", 0, INT64_MAX, &v, err, sizeof err), 0);
    cr_expect_eq(v, INT64_MAX);
    unsigned long long u = 7;
    cr_expect_eq(np_seed("--seed", "18446744073709551615", &u, err, sizeof err), 0);
    cr_expect_eq(u, 18446744073709551615ull, "a seed takes the scenario's whole uint64_t range");
    cr_expect_eq(np_seed("--seed", "18446744073709551616", &u, err, sizeof err), -1);
    cr_expect(strstr(err, "--seed: expected an integer from 0 to 18446744073709551615, got \"18446744073709551616\""), "%s", err);
    /* strtoull would wrap these to 2^64-1 and 0 */
    cr_expect_eq(np_seed("--seed", "-1", &u, err, sizeof err), -1);
    cr_expect_eq(np_seed("--seed", "-0", &u, err, sizeof err), -1);
    cr_expect_eq(np_seed("--seed", "+1", &u, err, sizeof err), -1);
    cr_expect_eq(np_seed("--seed", "", &u, err, sizeof err), -1);
    cr_expect_eq(u, 18446744073709551615ull, "a refused seed leaves the value alone");
    int n;
    cr_expect_eq(np_int("--select", "4.0", 0, 3, &n, err, sizeof err), -1);
    cr_expect_eq(np_int("--select", "4", 0, 3, &n, err, sizeof err), -1);
    cr_expect_eq(np_int("--select", "-1", 0, 3, &n, err, sizeof err), -1);
    cr_expect_eq(np_int("--select", "3", 0, 3, &n, err, sizeof err), 0);
    cr_expect_eq(n, 3);
}

Test(numparse, sizes_are_exactly_w_x_h)
{
    int w = 1, h = 1;
    const char *bad[] = {"320x200x", "320x", "x200", "320x200 ", "320*200", "319x200", "320x8193", "320x2e2"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_expect_eq(np_size("--size", bad[i], 320, 200, 8192, 8192, &w, &h, err, sizeof err), -1, "accepted \"%s\"", bad[i]);
    cr_expect(strstr(err, "--size: expected WIDTHxHEIGHT"), "%s", err);
    cr_assert_eq(np_size("--size", "1280X720", 320, 200, 8192, 8192, &w, &h, err, sizeof err), 0);
    cr_expect(w == 1280 && h == 720);
}

Test(numparse, messages_do_not_echo_control_characters)
{
    double v;
    cr_expect_eq(np_double("--scale", "\x1b[31m", 0.5, 4, &v, err, sizeof err), -1);
    cr_expect_null(strchr(err, 0x1b), "%s", err);
}
