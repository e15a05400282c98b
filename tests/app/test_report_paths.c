/* test_report_paths.c — every trace event kind is in `check --paths`' table, and every path it names exists in the report's shape. */
#include "report/expect.h"
#include "report/report.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

static void subst(const char *in, char *out, size_t n)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 16 < n;) {
        if (!strncmp(p, "<flavor>", 8)) { o += (size_t)snprintf(out + o, n - o, "rcu_preempt"); p += 8; }
        else if (!strncmp(p, "<name>", 6)) { o += (size_t)snprintf(out + o, n - o, "rcu_sched"); p += 6; }
        else out[o++] = *p++;
    }
    out[o] = 0;
}

Test(report_paths, every_event_kind_is_listed)
{
    for (int t = 0; t < RV_EV_NTYPES; t++) {
        const char *name = rv_ev_name((enum rv_ev_type)t);
        bool found = false;
        for (const report_event_paths *p = report_event_path_table; p->event; p++) found |= !strcmp(p->event, name);
        cr_expect(found, "trace event \"%s\" is missing from report_event_path_table (app/report/paths.c)", name);
    }
}

Test(report_paths, listed_paths_exist)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    for (const report_event_paths *p = report_event_path_table; p->event; p++) {
        if (!p->path) continue;
        char path[200], msg[400], len[220];
        subst(p->path, path, sizeof path);
        snprintf(len, sizeof len, "%s.%s", path, strstr(path, "events_not_applied") ? "count" : "length");
        bool ok = expect_check_path(path, &cfg, msg, sizeof msg) == 0 || expect_check_path(len, &cfg, msg, sizeof msg) == 0;
        cr_expect(ok, "%s -> %s: %s", p->event, path, msg);
    }
    rv_config_free(&cfg);
}

Test(report_paths, authoring_paths_in_shape)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    const char *paths[] = {"events_not_applied.count", "events_not_applied.list.0.reason", "hotplug.orphans.0.adopted_by",
                           "hotplug.offlines", "flavors.rcu_sched.callbacks_adopted", "flavors.rcu_preempt.blocked_tasks_gp",
                           "flavors.rcu_sched.dyntick_credits", "flavors.rcu_sched.offline_credits"};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        char msg[400];
        cr_expect_eq(expect_check_path(paths[i], &cfg, msg, sizeof msg), 0, "%s: %s", paths[i], msg);
    }
    rv_config_free(&cfg);
}
