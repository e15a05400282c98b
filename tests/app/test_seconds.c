/* test_seconds.c — simulated nanoseconds as exact seconds (util/seconds.c). */
#include "util/seconds.h"

#include <criterion/criterion.h>

Test(seconds, exact_to_the_nanosecond_without_trailing_zeros)
{
    char b[40];
    exact_seconds(b, sizeof b, 60000000000LL);
    cr_expect_str_eq(b, "60");
    exact_seconds(b, sizeof b, 80007812500LL);
    cr_expect_str_eq(b, "80.0078125", "%%g said 80.0078");
    exact_seconds(b, sizeof b, 12000000001LL);
    cr_expect_str_eq(b, "12.000000001", "%%.9g said 12");
    exact_seconds(b, sizeof b, 0);
    cr_expect_str_eq(b, "0");
    exact_seconds(b, sizeof b, 500000000LL);
    cr_expect_str_eq(b, "0.5");
}
