/* test_compare_note.c — compare mode's note on the two sides' RCU time: 3.7's total split into its kthreads' sleep/wake and the rest. */
#include <criterion/criterion.h>

#include "panels/panels.h"

#include <string.h>

static rv_report side(double softirq_s, double kthreads_s, double sleep_wake_us, uint64_t gps)
{
    rv_report r;
    memset(&r, 0, sizeof r);
    r.softirq_inline_s = softirq_s;
    r.rcu_gp_kthreads_s = kthreads_s;
    r.tick_s = softirq_s > 0 ? 0.001 : 0;
    r.flavors[RV_SCHED].enabled = true;
    r.flavors[RV_SCHED].grace_periods = gps;
    r.flavors[RV_SCHED].kthread_sched_us = sleep_wake_us;
    return r;
}

/* small-busy's figures at 10 s: 3.6 30.1 ms in all, 3.7 78.2 ms of which 36.1 ms sleep/wake */
Test(compare_note, splits_3_7s_total_into_sleep_wake_and_the_work_3_6_does_too)
{
    rv_report r36 = side(0.0291, 0, 0, 1304), r37 = side(0.0349, 0.0423, 36100, 1517);
    char buf[640];
    cr_assert(panel_compare_note(&r36, &r37, buf, sizeof buf));
    cr_expect(strstr(buf, "3.6 30.1 ms") && strstr(buf, "3.7 78.2 ms"), "%s", buf);
    cr_expect(strstr(buf, "36.1 ms is its kthreads' own sleep/wake"), "%s", buf);
    cr_expect(strstr(buf, "the other 42.1 ms is the same kind of work as all of 3.6's"), "%s", buf);
    cr_expect(strstr(buf, "3.6 1304, 3.7 1517"), "%s", buf);
}

Test(compare_note, nothing_to_say_before_both_sides_have_spent_anything)
{
    rv_report none = side(0, 0, 0, 0), r36 = side(0.01, 0, 0, 10), r37 = side(0.01, 0.01, 5000, 10);
    char buf[640];
    cr_expect_not(panel_compare_note(&none, &r37, buf, sizeof buf));
    cr_expect_not(panel_compare_note(&r36, &none, buf, sizeof buf));
    cr_expect_not(panel_compare_note(&r36, &r36, buf, sizeof buf), "a side with no sleep/wake is not 3.7");
    cr_expect_not(panel_compare_note(NULL, &r37, buf, sizeof buf));
}
