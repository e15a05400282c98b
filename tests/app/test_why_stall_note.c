/* test_why_stall_note.c — "Why is it waiting?" opens with whom the GP's stall warning named, in the tense that holds now: a CPU that has reported since is no longer said to "still owe" (long-reader.json at 12.1 s). */
#include <criterion/criterion.h>

#include "temp_json.h"
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* long-reader.json cut to 14 s: CPU 3 inside a 15 s rcu_read_lock() from 2 s, never switching; the
 * self-detected rcu_preempt stall at 12.009 s names CPU 3, and its set_need_resched() preempts the
 * task, which goes onto blkd_tasks while CPU 3 reports its QS. */
static const char *const scenario =
    "{\"name\": \"lr\", \"cpus\": 8, \"hz\": 1000, \"seed\": 7, \"duration_s\": 14,\n"
    " \"rcu\": {\"mode\": \"kthread\", \"flavors\": [\"rcu_sched\", \"rcu_preempt\"], \"no_hz\": true, \"fast_no_hz\": true,\n"
    "         \"stall_timeout_s\": 10},\n"
    " \"workload\": [{\"task\": \"idler\", \"cpus\": \"all\", \"busy_frac\": 0.02, \"busy_period_ms\": 1, \"ctxsw_per_s\": 1000,\n"
    "                \"irqs_per_s\": 100, \"idle_irqs_per_s\": 20, \"call_rcu_per_s\": {\"rcu_preempt\": 200, \"rcu_sched\": 50}},\n"
    "               {\"task\": \"reader\", \"cpus\": \"3\", \"start_s\": 2, \"end_s\": 17, \"busy_frac\": 1.0, \"user_frac\": 0.0,\n"
    "                \"ctxsw_per_s\": 0, \"irqs_per_s\": 100}],\n"
    " \"events\": [{\"at_s\": 2.0, \"kind\": \"long_reader\", \"cpu\": 3, \"flavor\": \"rcu_preempt\", \"duration_s\": 15}]}\n";

Test(why_stall_note, a_cpu_named_by_the_warning_that_has_reported_since)
{
    char path[] = "/tmp/rcuvis-whynote-XXXXXX.json";
    write_temp_json(path, scenario);
    ui_app a;
    char err[4096];
    ui_app_init(&a);
    cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
    unlink(path);
    a.st.flavor = RV_PREEMPT;
    a.st.sel_cpu = 3;
    ui_app_seek(&a, 12100000000LL);
    while (ui_app_seek_continue(&a, 1000)) {}
    ui_app_refresh_reports(&a, 0, 0);
    rd_ctx *rd = rd_new_offscreen(1600, 900, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    ui_app_draw(&a, rd);
    rd_end(rd);
    const char *why = a.s[0].view.why;
    cr_expect(strstr(why, "The stall warning at 12.009000 s named CPU 3: it owed this GP a QS when printed, and has reported one since."),
              "%s", why);
    cr_expect_null(strstr(why, "still owes"), "%s", why);
    cr_expect(strstr(why, "CPU 3 itself has reported its quiescent state."), "%s", why);
    cr_expect(strstr(why, "preempted on this CPU at 12.009000 s, by the self-detected stall warning's set_need_resched()"), "%s", why);
    rd_free(rd);
    ui_app_free(&a);
}
