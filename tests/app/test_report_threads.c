/* test_report_threads.c — `rcuvis run`'s THREAD table names a phase's tasks as the window does ("hackbench ×16") with a per-task %CPU, and --json adds their count. */
#include <criterion/criterion.h>

#include "report/report.h"
#include "scenario.h"
#include "temp_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void load(rv_config *cfg, const char *name)
{
    char path[512], err[1024];
    const char *root = getenv("RCUVIS_ROOT");
    snprintf(path, sizeof path, "%s/scenarios/%s", root && *root ? root : ".", name);
    cr_assert_eq(rv_scenario_load(path, cfg, err, sizeof err), 0, "%s", err);
}

/* hackbench's 16 tasks at 97 % for 2 s, summed as the engine reports them, and rcu_sched */
static rv_thread_report threads[] = {{"hackbench", 31.04, true, false}, {"rcu_sched", 0.3647, true, true}};

static rv_report hackbench_report(void)
{
    rv_report r;
    memset(&r, 0, sizeof r);
    snprintf(r.scenario, sizeof r.scenario, "hackbench");
    r.cpus = 16, r.hz = 1000, r.sim_seconds = 2.0;
    r.threads = threads, r.nthreads = 2;
    return r;
}

/* The text a report prints. */
static char *summary(const rv_report *r, const rv_config *cfg)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    cr_assert(f);
    cli_report_text(f, r, cfg, 0.1);
    fclose(f);
    return buf;
}

/* The line of the THREAD table that starts with name, or NULL. */
static const char *row(const char *text, const char *name)
{
    char want[80];
    snprintf(want, sizeof want, "\n  %s ", name);
    const char *p = strstr(text, want);
    return p ? p + 3 : NULL;
}

/* It printed "hackbench  31.039000  1552.01%": one task that used fifteen CPUs. */
Test(report_threads, a_phases_tasks_are_one_group_row_with_each_tasks_share)
{
    rv_config cfg;
    load(&cfg, "hackbench.json");
    rv_report r = hackbench_report();
    char *text = summary(&r, &cfg);
    const char *h = row(text, "hackbench \u00D716");
    cr_assert(h, "the group row is named as the window names it:\n%s", text);
    double pct = 0;
    cr_assert_eq(sscanf(h, "hackbench \u00D716 %*f %lf%%", &pct), 1, "%.80s", h);
    cr_expect(pct > 96.9 && pct < 97.1, "%%CPU is each task's share (97 %%), not the sum: %.80s", h);
    cr_expect(strstr(h, "31.040 "), "CPU s stays the sum, to the millisecond: %.80s", h);
    cr_expect_null(strstr(text, "1552"), "no %%CPU reads as one task above 100 %%:\n%s", text);
    cr_expect(strstr(text, "\u00D716: a workload phase's 16 tasks, one per CPU"), "the note says what the group is:\n%s", text);
    const char *k = row(text, "rcu_sched");
    cr_assert(k, "%s", text);
    cr_expect(sscanf(k, "rcu_sched %*f %lf%%", &pct) == 1 && pct > 18.2 && pct < 18.3, "a kthread keeps its own %%CPU: %.80s", k);
    cr_expect_null(strstr(text, "rcu_sched \u00D7"), "a kernel thread is one thread");
    /* the columns still line up: CPU s ends where the header's does, with the two-byte × counted once */
    const char *hd = strstr(text, "THREAD");
    int want = (int)(strstr(hd, "CPU s") - hd) + 5;
    int got = (int)(strstr(h, "31.040") - h) + 6 - 1; /* a column less than bytes: the × is two */
    cr_expect_eq(got, want, "the CPU s column is aligned (%d vs %d)", got, want);
    free(text);
    rv_config_free(&cfg);
}

/* --json keeps every key it had (cpu_seconds still the sum) and adds how many tasks the row sums. */
Test(report_threads, json_adds_the_task_count_and_keeps_the_sum)
{
    rv_config cfg;
    load(&cfg, "hackbench.json");
    rv_report r = hackbench_report();
    cJSON *j = cli_report_json(&r, &cfg, 0.1);
    cr_assert(j);
    cJSON *ts = cJSON_GetObjectItem(j, "threads");
    cJSON *h = cJSON_GetArrayItem(ts, 0), *k = cJSON_GetArrayItem(ts, 1);
    cr_expect_str_eq(cJSON_GetObjectItem(h, "name")->valuestring, "hackbench", "the name is not renamed");
    cr_expect_float_eq(cJSON_GetObjectItem(h, "cpu_seconds")->valuedouble, 31.04, 1e-9);
    /* a count, written raw as every count is (check refuses "tasks": 1.5) */
    cr_expect_str_eq(cJSON_GetObjectItem(h, "tasks")->valuestring, "16");
    cr_expect_str_eq(cJSON_GetObjectItem(k, "tasks")->valuestring, "1");
    cJSON_Delete(j);
    rv_config_free(&cfg);
}

/* A task on one CPU stays a plain row, as top shows it; one named by two phases counts their CPUs once each. */
Test(report_threads, a_task_on_one_cpu_is_a_plain_row)
{
    char path[] = "/tmp/rcuvis-threads-XXXXXX.json", err[1024];
    write_temp_json(path, "{\"name\": \"t\", \"cpus\": 4, \"duration_s\": 2, \"workload\": ["
                          "{\"task\": \"solo\", \"cpus\": \"3\", \"busy_frac\": 0.5},"
                          "{\"task\": \"pair\", \"cpus\": \"0-1\", \"busy_frac\": 0.5},"
                          "{\"task\": \"pair\", \"cpus\": \"1-2\", \"busy_frac\": 0.5}]}\n");
    rv_config cfg;
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    unlink(path);
    rv_thread_report th[2] = {{"pair", 1.5, true, false}, {"solo", 0.5, true, false}};
    rv_report r;
    memset(&r, 0, sizeof r);
    r.cpus = 4, r.sim_seconds = 1.0, r.threads = th, r.nthreads = 2;
    char *text = summary(&r, &cfg);
    const char *s = row(text, "solo");
    cr_assert(s, "%s", text);
    cr_expect(strstr(s, "50.00%\n") == strchr(s, '%') - 5, "a plain row, as before: %.60s", s);
    cr_expect(row(text, "pair \u00D73"), "CPUs 0-1 and 1-2 are three tasks:\n%s", text);
    cr_expect(strstr(text, "50.00% each"), "%s", text);
    free(text);
    rv_config_free(&cfg);
}
