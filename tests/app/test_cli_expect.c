/* test_cli_expect.c — expect paths into the report JSON, their verdicts and lines; the report's JSON shape. */
#include "cli_report.h"
#include "expect.h"

#include <criterion/criterion.h>
#include <string.h>

static const char *report_text =
    "{\"cpus\":4,\"mode\":\"kthread\",\"busted\":false,"
    "\"flavors\":{\"rcu_sched\":{\"grace_periods\":12,\"gp_duration_ms\":{\"p50\":3.5}}},"
    "\"threads\":[{\"name\":\"worker\",\"cpu_seconds\":2.5},{\"name\":\"rcu_sched\",\"cpu_seconds\":0.01}],"
    "\"stalls\":[{\"t_s\":60.5,\"text\":\"INFO: rcu_sched self-detected stall on CPU { 0}\"}],"
    "\"safety\":{\"violations\":0,\"reader_pipe\":[5,0,0,0,0,0,0,0,0,0,0]}}";

static cJSON *report;
static void setup(void) { report = cJSON_Parse(report_text); cr_assert(report); }
static void teardown(void) { cJSON_Delete(report); }

static rv_expect ex(const char *path)
{
    rv_expect x;
    memset(&x, 0, sizeof x);
    snprintf(x.path, sizeof x.path, "%s", path);
    return x;
}

static expect_result run(const rv_expect *x)
{
    expect_result r;
    expect_eval(report, x, &r);
    return r;
}

TestSuite(expect, .init = setup, .fini = teardown);

Test(expect, numbers_against_bounds)
{
    rv_expect x = ex("flavors.rcu_sched.grace_periods");
    x.has_min = true, x.min = 1;
    snprintf(x.why, sizeof x.why, "GPs happen");
    expect_result r = run(&x);
    cr_expect(r.ok);
    cr_expect_str_eq(r.line, "ok   flavors.rcu_sched.grace_periods = 12, expected >= 1: GPs happen");
    x.has_max = true, x.max = 10;
    r = run(&x);
    cr_expect(!r.ok);
    cr_expect_str_eq(r.line, "FAIL flavors.rcu_sched.grace_periods = 12, expected 1..10: GPs happen");
    rv_expect y = ex("flavors.rcu_sched.gp_duration_ms.p50");
    y.has_equals = true, y.equals = 3.5;
    cr_expect(run(&y).ok);
}

Test(expect, arrays_by_index_length_and_name)
{
    rv_expect x = ex("stalls.length");
    x.has_equals = true, x.equals = 1;
    cr_expect(run(&x).ok);
    x = ex("safety.reader_pipe.length");
    x.has_equals = true, x.equals = 11;
    cr_expect(run(&x).ok);
    x = ex("safety.reader_pipe.0");
    x.has_min = true, x.min = 5;
    cr_expect(run(&x).ok);
    x = ex("threads.rcu_sched.cpu_seconds");
    x.has_max = true, x.max = 0.02;
    expect_result r = run(&x);
    cr_expect(r.ok, "%s", r.line);
    cr_expect_str_eq(r.value, "0.01");
}

Test(expect, strings_and_booleans)
{
    rv_expect x = ex("mode");
    x.has_equals_str = true;
    snprintf(x.equals_str, sizeof x.equals_str, "kthread");
    cr_expect(run(&x).ok);
    snprintf(x.equals_str, sizeof x.equals_str, "softirq");
    expect_result r = run(&x);
    cr_expect(!r.ok);
    cr_expect_str_eq(r.line, "FAIL mode = \"kthread\", expected == \"softirq\"");
    x = ex("busted");
    x.has_equals = true, x.equals = 0;
    cr_expect(run(&x).ok, "false compares as 0");
    x = ex("stalls.0.text");
    x.has_min = true, x.min = 0;
    r = run(&x);
    cr_expect(!r.ok, "a string has no numeric bounds");
    cr_expect(strstr(r.line, "only \"equals\" with a string") != NULL, "%s", r.line);
}

Test(expect, missing_paths_fail_with_the_reason)
{
    rv_expect x = ex("stalls.3.text");
    x.has_equals_str = true;
    expect_result r = run(&x);
    cr_expect(!r.ok);
    cr_expect_str_eq(r.line, "FAIL stalls.3.text: not in the report: stalls has 1 item, no item 3");
    x = ex("flavors.rcu_bh.grace_periods");
    x.has_min = true;
    r = run(&x);
    cr_expect_str_eq(r.line, "FAIL flavors.rcu_bh.grace_periods: not in the report: flavors has no \"rcu_bh\" (it has rcu_sched)");
    x = ex("threads.ksoftirqd/0.cpu_seconds");
    x.has_min = true;
    r = run(&x);
    cr_expect_str_eq(r.line, "FAIL threads.ksoftirqd/0.cpu_seconds: not in the report: threads has no item named "
                             "\"ksoftirqd/0\" (it has worker, rcu_sched)");
    x = ex("cpus.x");
    x.has_min = true;
    cr_expect(!run(&x).ok);
    x = ex("flavors");
    x.has_min = true;
    r = run(&x);
    cr_expect(!r.ok, "an object is not a value");
    cr_expect(strstr(r.line, "name a value inside it") != NULL, "%s", r.line);
}

Test(expect_paths, first_component_must_be_a_report_key)
{
    char msg[400];
    cr_expect_eq(expect_check_path("flavors.rcu_sched.grace_periods", msg, sizeof msg), 0);
    cr_expect_eq(expect_check_path("stalls.length", msg, sizeof msg), 0);
    cr_expect_eq(expect_check_path("flavours.rcu_sched.grace_periods", msg, sizeof msg), -1);
    cr_expect_str_eq(msg, "\"flavours\" is not a report key; did you mean \"flavors\"?");
    cr_expect_eq(expect_check_path("zzzzzzzz", msg, sizeof msg), -1);
}

Test(report_json, shape_order_and_enabled_flavors)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.rcu.flavors[RV_BH] = false;
    rv_thread_report th[3] = {{"rcu_sched", 0.5, true, true}, {"worker", 3.0, true, false}, {"ksoftirqd/0", 0.5, true, true}};
    rv_report r;
    memset(&r, 0, sizeof r);
    snprintf(r.scenario, sizeof r.scenario, "t");
    r.mode = RV_MODE_SOFTIRQ;
    r.cpus = 4, r.hz = 250, r.seed = UINT64_MAX, r.tree_levels = 2, r.nodes_per_level[0] = 1, r.nodes_per_level[1] = 3;
    r.threads = th, r.nthreads = 3;
    r.reader_pipe[10] = 7;
    r.flavors[RV_SCHED].grace_periods = 9;
    cJSON *j = cli_report_json(&r, &cfg, 0.25);
    cr_assert(j);
    char *s = cJSON_PrintUnformatted(j);
    cJSON *p = cJSON_Parse(s); /* what --json prints, read back */
    cr_assert(p, "%s", s);
    cr_expect_str_eq(cJSON_GetObjectItem(p, "mode")->valuestring, "softirq");
    cr_expect(strstr(s, "\"seed\":18446744073709551615") != NULL, "seed printed exactly: %s", s);
    cJSON *fl = cJSON_GetObjectItem(p, "flavors");
    cr_expect_eq(cJSON_GetArraySize(fl), 2);
    cr_expect_null(cJSON_GetObjectItem(fl, "rcu_bh"));
    cr_expect_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(fl, "rcu_sched"), "grace_periods")->valuedouble, 9);
    cJSON *ts = cJSON_GetObjectItem(p, "threads");
    cr_expect_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(ts, 0), "name")->valuestring, "worker");
    cr_expect_str_eq(cJSON_GetObjectItem(cJSON_GetArrayItem(ts, 1), "name")->valuestring, "ksoftirqd/0", "ties by name");
    cJSON *pipe = cJSON_GetObjectItem(cJSON_GetObjectItem(p, "safety"), "reader_pipe");
    cr_expect_eq(cJSON_GetArraySize(pipe), RV_PIPE_LEN);
    cr_expect_eq(cJSON_GetArrayItem(pipe, 10)->valuedouble, 7);
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(p, "tree"), "nodes_per_level")), 2);
    for (size_t i = 0; i < cli_report_nkeys; i++)
        if (strcmp(cli_report_keys[i], "expect")) cr_expect_not_null(cJSON_GetObjectItem(p, cli_report_keys[i]), "key %s", cli_report_keys[i]);
    cJSON_Delete(p);
    free(s);
    cJSON_Delete(j);
}
