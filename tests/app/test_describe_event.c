/* test_describe_event.c — the "last event" line (window top bar, clip --cues bar) tells a caption by its words. */
#include <criterion/criterion.h>
#include <string.h>

#include "rcuvis.h"
#include "view/view.h"

Test(describe_event, a_caption_by_its_words)
{
    rv_caption caps[2];
    memset(caps, 0, sizeof caps);
    snprintf(caps[0].text, sizeof caps[0].text, "Short one.");
    snprintf(caps[1].text, sizeof caps[1].text, "An interrupt woke CPU 0 after 75 s of silence.\nIts tick ran, and the "
             "grace period that had waited since 5 s ended at last.");
    caps[0].file_index = 4; caps[1].file_index = 9;
    rv_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.captions = caps; cfg.ncaptions = 2;
    rv_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RV_EV_CAPTION;
    ev.id = 1; ev.n = 9;
    char b[240];
    ui_describe_event(&ev, &cfg, b, sizeof b);
    cr_expect_str_eq(b, "caption: \"An interrupt woke CPU 0 after 75 s of silence. Its…\"");
    ev.id = 0; ev.n = 4;
    ui_describe_event(&ev, &cfg, b, sizeof b);
    cr_expect_str_eq(b, "caption: \"Short one.\"");
    /* no config: its place in the file, as the trace names it */
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "caption 4");
    /* a cut never splits a UTF-8 character */
    snprintf(caps[0].text, sizeof caps[0].text, "ééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé");
    ui_describe_event(&ev, &cfg, b, sizeof b);
    cr_expect_str_eq(b, "caption: \"éééééééééééééééééééééééééééééééééééééééééééééééééé…\"");
}

/* Which CPU started a grace period or ran a forcing pass: in 3.6 its softirq, in 3.7 the GP kthread's
 * CPU (a student could not find which CPU did 3.6's GP work); an event with no CPU names none. */
Test(describe_event, gp_events_name_the_cpu_that_ran_them)
{
    rv_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RV_EV_GP_START; ev.flavor = RV_SCHED; ev.gp = 154; ev.cpu = 3;
    char b[240];
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "rcu_sched grace period 154 started on CPU 3");
    ev.type = RV_EV_FQS; ev.arg = 1; ev.n = 2; ev.cpu = 12;
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "rcu_sched force-quiescent-state check pass on CPU 12 probed 2 CPUs");
    ev.type = RV_EV_QS; ev.cpu = 0; ev.gp = 165;
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "CPU 0 passed a quiescent state for rcu_sched GP 165 (not reported yet)");
    ev.gp = 154;
    ev.type = RV_EV_GP_END; ev.cpu = -1;
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "rcu_sched grace period 154 ended");
}

/* A synchronous wait is named as the kernel names it: "synchronize_bh()" and "synchronize_preempt()" do
 * not exist (a kernel reviewer's report). */
Test(describe_event, synchronize_calls_by_their_kernel_names)
{
    rv_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RV_EV_SYNC_BEGIN;
    ev.cpu = 2;
    char b[240];
    const char *const want[RV_NFLAVORS] = {[RV_SCHED] = "a task on CPU 2 called synchronize_sched() and blocks",
                                           [RV_BH] = "a task on CPU 2 called synchronize_rcu_bh() and blocks",
                                           [RV_PREEMPT] = "a task on CPU 2 called synchronize_rcu() and blocks"};
    for (int f = 0; f < RV_NFLAVORS; f++) {
        ev.flavor = (int8_t)f;
        ui_describe_event(&ev, NULL, b, sizeof b);
        cr_expect_str_eq(b, want[f]);
    }
}

/* A softirq that re-raised itself says how many passes it ran: a flood drains blimit (10) callbacks a
 * pass, ten passes at irq exit, and the line was the same for one pass as for ten (7.2's show me). */
Test(describe_event, a_softirq_says_how_many_passes_it_ran)
{
    rv_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RV_EV_SOFTIRQ; ev.cpu = 1; ev.n = 1; ev.arg = 0;
    char b[240];
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "RCU_SOFTIRQ ran on CPU 1 at irq exit (charged to the interrupted task)");
    ev.n = 10; ev.arg = 1;
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "RCU_SOFTIRQ ran 10 passes on CPU 1 in ksoftirqd");
}

/* A section nested in another of its flavor says so at both ends: an author's status line read "CPU 2
 * left its rcu_sched read-side critical section" three seconds into a scripted five-second reader,
 * when one of the workload's short readers inside it ended. */
Test(describe_event, a_nested_reader_says_the_cpu_is_still_inside)
{
    rv_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = RV_EV_READER_END; ev.cpu = 2; ev.flavor = RV_SCHED; ev.arg = 1;
    char b[240];
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "CPU 2 left a nested rcu_sched read-side critical section, still inside another");
    ev.arg = 0;
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "CPU 2 left its rcu_sched read-side critical section");
    ev.type = RV_EV_READER_BEGIN; ev.arg = 1;
    ui_describe_event(&ev, NULL, b, sizeof b);
    cr_expect_str_eq(b, "CPU 2 entered an rcu_sched read-side critical section nested in another");
}
