/* test_fmt_time.c — the top bar's time reads back exactly: what `shot --at` is given from it lands on the moment shown. */
#include <criterion/criterion.h>

#include "view/view.h"

#include <math.h>
#include <stdint.h>
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
