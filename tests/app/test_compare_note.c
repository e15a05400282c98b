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
    /* 30.1 ms / 1304 = 23.1 us; 42.1 ms / 1517 = 27.8 us: dearer, but no lock counts to say why */
    cr_expect(strstr(buf, "Per grace period: 3.6 23.1 µs, 3.7 27.8 µs."), "%s", buf);
    cr_expect_null(strstr(buf, "rcu_node lock"), "%s", buf);
}

/* small-busy at 8 s: 3.7's work besides sleep/wake is dearer per GP, and its kthread's two walks per GP
 * (rcu_gp_init(), rcu_gp_cleanup()) show in the lock counts: the strip says so, with both counts. A
 * lecturer read "the same kind of work" as "the same amount" and found 3.7's 21 % dearer. */
Test(compare_note, a_dearer_3_7_gp_is_put_down_to_its_lock_visits_when_they_differ)
{
    rv_report r36 = side(0.0291, 0, 0, 1000), r37 = side(0.0349, 0.0423, 36100, 1000);
    r36.flavors[RV_SCHED].node_lock_visits = 3600;
    r37.flavors[RV_SCHED].node_lock_visits = 6400;
    char buf[900];
    cr_assert(panel_compare_note(&r36, &r37, buf, sizeof buf));
    cr_expect(strstr(buf, "Per grace period: 3.6 30.1 µs, 3.7 42.1 µs: 3.7 takes an rcu_node lock 6.4 times per GP against 3.6's 3.6"),
              "%s", buf);
    cr_expect(strstr(buf, "(rcu_gp_init(), rcu_gp_cleanup())."), "%s", buf);
    /* the same counts but a 3.7 no dearer per GP: nothing to explain */
    r37.rcu_gp_kthreads_s = 0.0042;
    cr_assert(panel_compare_note(&r36, &r37, buf, sizeof buf));
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
