/* test_top_order.c — the "Threads (top)" list: live threads first, biggest first, as top(1) shows them; exited ones after. */
#include <criterion/criterion.h>

#include "view/view.h"

#include <string.h>

static rv_thread_report thread(const char *name, double secs, bool alive)
{
    rv_thread_report t = {.cpu_seconds = secs, .alive = alive};
    snprintf(t.name, sizeof t.name, "%s", name);
    return t;
}

Test(top_order, live_threads_first_then_the_exited_ones)
{
    /* kernel-build's end: the compilers' summed time is the largest figure, but they are gone */
    rv_thread_report th[] = {thread("cc1", 97929.8, false), thread("rcu_sched", 289.0, true),
                             thread("make", 310.0, false), thread("rcu_bh", 14.4, true),
                             thread("ksoftirqd/0", 3.42, true)};
    rv_report rep = {.threads = th, .nthreads = 5};
    size_t order[5];
    cr_assert_eq(ui_threads_top_order(&rep, order), 3);
    const char *want[] = {"rcu_sched", "rcu_bh", "ksoftirqd/0", "cc1", "make"};
    for (int i = 0; i < 5; i++) cr_assert_str_eq(th[order[i]].name, want[i], "row %d", i);
}

Test(top_order, all_alive_or_all_exited_keep_the_report_order)
{
    rv_thread_report th[] = {thread("hackbench", 50, true), thread("rcu_sched", 2, true)};
    rv_report rep = {.threads = th, .nthreads = 2};
    size_t order[2];
    cr_assert_eq(ui_threads_top_order(&rep, order), 2);
    cr_assert_eq(order[0], 0);
    cr_assert_eq(order[1], 1);
    th[0].alive = th[1].alive = false;
    cr_assert_eq(ui_threads_top_order(&rep, order), 0);
    cr_assert_eq(order[0], 0);
    cr_assert_eq(order[1], 1);
    rep.nthreads = 0;
    cr_assert_eq(ui_threads_top_order(&rep, order), 0);
}
