/* test_check_held.c — check's warnings about events due on a CPU that a scripted kernel loop or reader holds: which, and where the span ends. */
#include "cli/check_held.h"
#include "scenario.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* check_held()'s lines for a scenario given as text, and how many it counted */
static char *held_warnings(const char *json, size_t *n)
{
    char err[4096];
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(json, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    char *out = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&out, &len);
    cr_assert_not_null(f);
    *n = check_held(&cfg, "t.json", f);
    fclose(f);
    rv_config_free(&cfg);
    return out;
}

#define HEAD "{\"name\": \"h\", \"cpus\": 2, \"duration_s\": 5, \"workload\": [{\"busy_frac\": 0.5}], \"events\": ["

/* An author scripted a second kernel loop on a CPU still in the first; check said ok and only the
 * run said "not applied". Each kind the engine refuses there is warned about, once. */
Test(check_held, events_inside_a_kernel_loop_are_warned_about)
{
    size_t n;
    char *out = held_warnings(HEAD "{\"at_s\": 1, \"kind\": \"kernel_loop\", \"cpu\": 1, \"duration_s\": 2},"
                                   "{\"at_s\": 2, \"kind\": \"kernel_loop\", \"cpu\": 1, \"duration_s\": 0.5},"
                                   "{\"at_s\": 2.5, \"kind\": \"idle\", \"cpu\": 1, \"duration_s\": 0.1},"
                                   "{\"at_s\": 2.6, \"kind\": \"synchronize\", \"cpu\": 1}]}", &n);
    cr_expect_eq(n, 3, "%s", out);
    cr_expect(strstr(out, "warning: t.json: $.events[1]: kernel_loop of CPU 1 at 2 s will not be applied: CPU 1 is inside "
                          "the kernel_loop of $.events[0] then (1 s to 3 s), and a CPU loops in one kernel loop at a time; move it "
                          "to 3 s or later\n") != NULL, "%s", out);
    cr_expect(strstr(out, "$.events[2]: idle of CPU 1 at 2.5 s") != NULL, "%s", out);
    cr_expect(strstr(out, "$.events[3]: synchronize of CPU 1 at 2.6 s") != NULL, "%s", out);
    free(out);
}

/* What the engine applies is left alone: another CPU, a kernel loop inside a reader, a wake, an
 * rcu_preempt reader (preempted within milliseconds, it then holds nothing), the holder's first and
 * last instants (the run orders the two), a holder whose `when` leaves this configuration out, and
 * a triggered event (its moment is the run's). */
Test(check_held, what_may_apply_is_not_warned_about)
{
    size_t n;
    char *out = held_warnings(HEAD "{\"at_s\": 1, \"kind\": \"long_reader\", \"cpu\": 0, \"flavor\": \"rcu_bh\", \"duration_s\": 1},"
                                   "{\"at_s\": 1.5, \"kind\": \"kernel_loop\", \"cpu\": 0, \"duration_s\": 0.1},"
                                   "{\"at_s\": 1.5, \"kind\": \"idle\", \"cpu\": 1, \"duration_s\": 0.1},"
                                   "{\"at_s\": 1.6, \"kind\": \"wake\", \"cpu\": 0},"
                                   "{\"at_s\": 1, \"kind\": \"synchronize\", \"cpu\": 0},"
                                   "{\"at_s\": 2, \"kind\": \"synchronize\", \"cpu\": 0},"
                                   "{\"at_s\": 3, \"kind\": \"long_reader\", \"cpu\": 1, \"flavor\": \"rcu_preempt\", \"duration_s\": 1},"
                                   "{\"at_s\": 3.5, \"kind\": \"idle\", \"cpu\": 1, \"duration_s\": 0.1},"
                                   "{\"at_s\": 3, \"kind\": \"kernel_loop\", \"cpu\": 0, \"duration_s\": 1, \"when\": {\"mode\": \"softirq\"}},"
                                   "{\"at_s\": 3.5, \"kind\": \"synchronize\", \"cpu\": 0},"
                                   "{\"on\": {\"event\": \"gp_start\", \"n\": 3}, \"kind\": \"idle\", \"cpu\": 0, \"duration_s\": 0.1}]}", &n);
    cr_expect_eq(n, 0, "%s", out);
    free(out);
}

/* A reader of rcu_sched or rcu_bh holds its CPU against idle and synchronize, and the message names it. */
Test(check_held, a_reader_is_named_as_the_holder)
{
    size_t n;
    char *out = held_warnings(HEAD "{\"at_s\": 1, \"kind\": \"long_reader\", \"cpu\": 1, \"flavor\": \"rcu_bh\", \"duration_s\": 1},"
                                   "{\"at_s\": 1.5, \"kind\": \"synchronize\", \"cpu\": 1, \"flavor\": \"rcu_sched\"}]}", &n);
    cr_expect_eq(n, 1, "%s", out);
    cr_expect(strstr(out, "$.events[1]: synchronize of CPU 1 at 1.5 s will not be applied: CPU 1 is inside the rcu_bh "
                          "long_reader of $.events[0] then (1 s to 2 s), and no task there may sleep in synchronize_*() before it "
                          "ends; move it to 2 s or later\n") != NULL, "%s", out);
    free(out);
}

#define HEAD12 "{\"name\": \"h\", \"cpus\": 2, \"duration_s\": 12, \"workload\": [{\"busy_frac\": 0.5}], \"events\": ["

/* "will likely not be applied" said of an idle inside a timed kernel loop that nothing could stop read
 * as a guess: where the file settles it, the warning says it will not be applied. "likely" stays where
 * the holder itself may not apply: its CPU offline at boot or by a hotplug event before it (or at a
 * moment only the run knows), or another kernel loop that may be running when it starts. */
Test(check_held, likely_only_where_the_holder_may_not_apply)
{
    size_t n;
    char *out = held_warnings(HEAD12 "{\"at_s\": 5, \"kind\": \"kernel_loop\", \"cpu\": 1, \"duration_s\": 6},"
                                   "{\"at_s\": 6, \"kind\": \"idle\", \"cpu\": 1, \"duration_s\": 1},"
                                   "{\"at_s\": 8, \"kind\": \"offline\", \"cpu\": 1}]}", &n);
    cr_expect_eq(n, 1, "%s", out);
    cr_expect(strstr(out, "warning: t.json: $.events[1]: idle of CPU 1 at 6 s will not be applied: CPU 1 is inside the "
                          "kernel_loop of $.events[0] then (5 s to 11 s), and the CPU cannot switch to the idle task before it ends; "
                          "move it to 11 s or later\n") != NULL, "an offline during the loop changes nothing: %s", out);
    free(out);
    const char *maybe[] = {
        HEAD12 "{\"at_s\": 1, \"kind\": \"offline\", \"cpu\": 1}, {\"at_s\": 2, \"kind\": \"online\", \"cpu\": 1},",
        HEAD12 "{\"on\": {\"event\": \"gp_end\", \"n\": 2}, \"kind\": \"offline\", \"cpu\": 1},",
        HEAD12 "{\"on\": {\"event\": \"gp_end\", \"n\": 2}, \"kind\": \"kernel_loop\", \"cpu\": 1, \"duration_s\": 1},",
        HEAD12 "{\"at_s\": 4.5, \"kind\": \"kernel_loop\", \"cpu\": 1, \"duration_s\": 1},",
    };
    for (size_t i = 0; i < sizeof maybe / sizeof *maybe; i++) {
        char json[1024];
        snprintf(json, sizeof json, "%s{\"at_s\": 5, \"kind\": \"kernel_loop\", \"cpu\": 1, \"duration_s\": 6},"
                 "{\"at_s\": 6, \"kind\": \"idle\", \"cpu\": 1, \"duration_s\": 1}]}", maybe[i]);
        out = held_warnings(json, &n);
        cr_expect(strstr(out, "idle of CPU 1 at 6 s will likely not be applied") != NULL &&
                  strstr(out, "; move it to 11 s or later, if the events before it applied; rcuvis run says what happened\n") != NULL,
                  "case %zu: %s", i, out);
        free(out);
    }
}
