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
    char buf[900];
    cr_assert(panel_compare_note(&r36, &r37, buf, sizeof buf));
    cr_expect(strstr(buf, "3.6 30.1 ms over 1304 grace periods, 3.7 78.2 ms over 1517"), "%s", buf);
    cr_expect(strstr(buf, "36.1 ms is its kthreads' own sleep/wake"), "%s", buf);
    cr_expect(strstr(buf, "the other 42.1 ms is the kind of work 3.6 does too"), "%s", buf);
    /* no machinery figures in these reports: nothing per GP to set side by side */
    cr_expect_null(strstr(buf, "per GP"), "%s", buf);
}

/* small-busy at 8 s: 3.7's grace-period machinery, sleep/wake aside, is half as dear again per GP, and
 * its root relocks and end walk (rcu_gp_init(), rcu_gp_cleanup()) show in the lock counts: the strip says
 * so, with both counts. A lecturer read "the same kind of work" as "the same amount". */
Test(compare_note, a_dearer_3_7_gp_is_put_down_to_its_lock_visits_when_they_differ)
{
    rv_report r36 = side(0.0291, 0, 0, 1000), r37 = side(0.0349, 0.0423, 36100, 1000);
    /* the machinery, callbacks aside: 3.6 4.4 us per GP; 3.7 42.7 us of which 36.1 sleep/wake */
    r36.flavors[RV_SCHED].gp_overhead_us = 4400;
    r37.flavors[RV_SCHED].gp_overhead_us = 42700;
    r36.flavors[RV_SCHED].node_lock_visits = 3500;
    r37.flavors[RV_SCHED].node_lock_visits = 6500;
    char buf[900];
    cr_assert(panel_compare_note(&r36, &r37, buf, sizeof buf));
    cr_expect(strstr(buf, "Grace-period machinery per GP, sleep/wake aside: 3.6 4.4 µs, 3.7 6.6 µs: the model charges 3.7 6.5 "
                          "rcu_node lock visits per GP to 3.6's 3.5"),
              "%s", buf);
    cr_expect(strstr(buf, "(rcu_gp_init(), rcu_gp_cleanup()), where 3.6 often leaves that walk to the next start."), "%s", buf);
    /* the same counts but a 3.7 no dearer per GP: nothing to explain */
    r37.flavors[RV_SCHED].gp_overhead_us = 40500;
    cr_assert(panel_compare_note(&r36, &r37, buf, sizeof buf));
    cr_expect(strstr(buf, "3.6 4.4 µs, 3.7 4.4 µs."), "%s", buf);
    cr_expect_null(strstr(buf, "rcu_node lock"), "%s", buf);
    /* a buffer too small for the per-GP part keeps the whole sentences before it */
    char small[420];
    cr_assert(panel_compare_note(&r36, &r37, small, sizeof small));
    cr_expect(small[strlen(small) - 1] == '.', "ends on a whole sentence: %s", small);
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
