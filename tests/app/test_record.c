/* test_record.c — the window recorder without a display: the picker lists the user's scenarios, saving never replaces another file, a refused scripted event is announced. */
#include <criterion/criterion.h>

#include "scenario.h"
#include "window/window.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static ui_win *W;
static char tmp[64];

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}

static const char *scenario =
    "{\"name\": \"rec\", \"cpus\": 2, \"duration_s\": 1, \"seed\": 3,\n"
    " \"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.8, \"readers\": {\"rcu_sched\": {\"rate_per_s\": 100, \"mean_us\": 3}}}],\n"
    " \"events\": [{\"at_s\": 0.010, \"kind\": \"long_reader\", \"cpu\": 1, \"flavor\": \"rcu_sched\", \"duration_s\": 0.05},\n"
    "            {\"at_s\": 0.020, \"kind\": \"offline\", \"cpu\": 1}]}\n";

static void setup(void)
{
    snprintf(tmp, sizeof tmp, "/tmp/rcuvis-record-XXXXXX");
    cr_assert(mkdtemp(tmp));
    char p[256];
    snprintf(p, sizeof p, "%s/config", tmp);
    setenv("XDG_CONFIG_HOME", p, 1);
    snprintf(p, sizeof p, "%s/data", tmp);
    setenv("XDG_DATA_HOME", p, 1);
    const char *root = getenv("RCUVIS_ROOT");
    setenv("RCUVIS_DATA", root ? root : ".", 1);
    snprintf(p, sizeof p, "%s/rec.json", tmp);
    put(p, scenario);
    W = calloc(1, sizeof *W);
    ui_app_init(&W->app);
    char err[1024];
    cr_assert_eq(ui_app_load(&W->app, p, -1, err, sizeof err), 0, "%s", err);
}

static void teardown(void)
{
    ui_app_free(&W->app);
    ui_rec_free(&W->rec);
    free(W);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0) {}
}

TestSuite(record, .init = setup, .fini = teardown);

Test(record, picker_lists_the_users_scenarios_beside_the_shipped_ones)
{
    char d[256], p[300];
    snprintf(d, sizeof d, "%s/data/rcuvis/scenarios", tmp);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", d);
    cr_assert_eq(system(cmd), 0);
    snprintf(p, sizeof p, "%s/mine.json", d);
    put(p, scenario);
    ui_win_fill_picker(W);
    bool mine = false, shipped = false;
    for (int i = 0; i < W->app.st.npicker; i++) {
        mine |= strstr(W->app.st.picker_items[i], "/data/rcuvis/scenarios/mine.json") != NULL;
        shipped |= strstr(W->app.st.picker_items[i], "scenarios/small-busy.json") != NULL;
    }
    cr_expect(mine, "the user's scenario is not in the picker");
    cr_expect(shipped, "the shipped scenarios are not in the picker");
}

Test(record, save_never_replaces_a_file_it_did_not_write)
{
    char d[256], taken[300], path[1200], err[512];
    snprintf(d, sizeof d, "%s/data/rcuvis/scenarios", tmp);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s'", d);
    cr_assert_eq(system(cmd), 0);
    snprintf(taken, sizeof taken, "%s/rec-recorded.json", d);
    put(taken, "someone else's file\n");
    rv_inject cmd2 = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 7};
    ui_app_seek(&W->app, 5000000);
    char msg[256];
    cr_assert_eq(ui_app_inject(&W->app, &cmd2, msg, sizeof msg), 0, "%s", msg);
    ui_rec_injected(W, &cmd2);
    cr_assert_eq(ui_rec_save(W, path, sizeof path, err, sizeof err), 0, "%s", err);
    cr_expect(strstr(path, "rec-recorded-2.json") != NULL, "saved to %s", path);
    FILE *f = fopen(taken, "r");
    char line[64] = "";
    cr_assert_not_null(f);
    cr_expect_not_null(fgets(line, sizeof line, f));
    fclose(f);
    cr_expect_str_eq(line, "someone else's file\n");
    rv_config cfg;
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cfg.nevents, 3);
    bool found = false;
    for (size_t i = 0; i < cfg.nevents; i++)
        found |= cfg.events[i].kind == RV_INJ_CALL_RCU_BURST && cfg.events[i].count == 7 && cfg.events[i].first &&
                 cfg.events[i].has_step && (int64_t)(cfg.events[i].at_s * 1e9) == 5000000;
    cr_expect(found, "the injection is not in the saved file as a first/at_step event at 5 ms");
    rv_config_free(&cfg);
}

Test(record, a_refused_scripted_event_is_announced_in_the_window)
{
    ui_app_seek(&W->app, 30000000);
    ui_rec_frame(W, 1000);
    cr_expect(strstr(W->app.st.status, "Scripted offline (CPU 1) not applied: CPU 1 is inside a read-side critical section") != NULL,
              "status: %s", W->app.st.status);
    cr_expect(strstr(W->app.st.status, "move at_s later") != NULL, "no hint in: %s", W->app.st.status);
}
