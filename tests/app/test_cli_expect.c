/* test_cli_expect.c — expect paths into the report JSON, their verdicts and lines; the report's JSON shape and types; expectations refused without a run. */
#include "report/report.h"
#include "report/expect.h"
#include "commands.h"
#include "scenario.h"
#include "temp_json.h"

#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <stdio.h>
#include <stdlib.h>
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
    x.equals_bool = true;
    r = run(&x);
    cr_expect_str_eq(r.line, "ok   busted = false, expected == false", "a true/false is quoted as written");
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

/* A mistyped path gets at run time what `rcuvis check` says of it: its "did you mean", and a list
 * of keys that ends in a count, not cut off */
Test(expect, mistyped_paths_get_the_check_suggestion)
{
    rv_expect x = ex("flavors.rcu_sched.grace_period");
    x.has_min = true;
    expect_result r = run(&x);
    cr_expect_str_eq(r.line, "FAIL flavors.rcu_sched.grace_period: not in the report: flavors.rcu_sched has no "
                             "\"grace_period\"; did you mean \"grace_periods\"?");
    x = ex("flavors.rcu_sched.zzzzzzzzzzzzzzzz");
    x.has_min = true;
    r = run(&x);
    const char *tail = " more: rcuvis check --paths lists them)";
    size_t ll = strlen(r.line), lt = strlen(tail);
    cr_expect(strstr(r.line, "(it has grace_periods, updates, ") && ll > lt && strcmp(r.line + ll - lt, tail) == 0, "%s", r.line);
}

static int check(const char *path, const rv_config *cfg, char *msg) { return expect_check_path(path, cfg, msg, 400); }

Test(expect_paths, good_paths_pass)
{
    char msg[400];
    const char *good[] = {"flavors.rcu_sched.grace_periods", "flavors.rcu_bh.gp_duration_ms.p99", "stalls.length",
                          "stalls.0.text", "threads.rcu_sched.cpu_seconds", "threads.0.name", "threads.length",
                          "safety.reader_pipe.10", "safety.reader_pipe.length", "tree.nodes_per_level.2", "cpus",
                          "accounting.softirq_inline_s", "latency.max_irqs_off_us", "captions_missed.count",
                          "captions_missed.judged", "captions_missed.list.0.why", "captions_missed.list.length"};
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) cr_expect_eq(check(good[i], NULL, msg), 0, "%s: %s", good[i], msg);
}

Test(expect_paths, bad_paths_say_why)
{
    char msg[400];
    struct { const char *path, *want; } bad[] = {
        {"flavours.rcu_sched.grace_periods", "\"flavours\" is not a report key; did you mean \"flavors\"?"},
        {"flavors.rcu_sched.grace_period", "flavors.rcu_sched has no \"grace_period\"; did you mean \"grace_periods\"?"},
        {"flavors.sched.grace_periods", "flavors has no \"sched\"; did you mean \"rcu_sched\"? (a scenario's keys take the short forms, the report and its paths only the long names)"},
        {"flavors.rcu_schedd.grace_periods", "flavors has no \"rcu_schedd\" (flavors are named rcu_sched, rcu_bh, rcu_preempt)"},
        {"stalls.first.text", "stalls is an array: expected an index or \"length\" after it, got \"first\""},
        {"stalls.length.x", "nothing can follow stalls.length"},
        {"cpus.max", "cpus is a single value; \"max\" cannot follow it"},
        {"flavors.rcu_sched", "flavors.rcu_sched is an object; name a value in it (flavors.rcu_sched.grace_periods...)"},
        {"stalls", "stalls is an array; name an item (stalls.0) or its length (stalls.length)"},
        {"flavors", "flavors is an object; name a flavor in it (flavors.rcu_sched...)"},
        {"safety.zzzzzzzz", "safety has no \"zzzzzzzz\" (it has readers, callbacks_checked, violations, reader_pipe)"},
        {"zzzzzzzz", "\"zzzzzzzz\" is not a report key (the report has scenario, path, mode, cpus, hz, seed, duration_s, "
                     "busted, sim_seconds, wall_seconds, tree, flavors and 9 more: rcuvis check --paths lists them)"},
        /* JSONPath habits: the hint was "stalls", the nearest key, which the path already had */
        {"stalls[0].flavor", "expected a dotted path (an index or a name is a part of its own), got \"stalls[0].flavor\"; "
                             "did you mean \"stalls.0.flavor\"?"},
        {"$.threads[\"rcu_sched\"].cpu_seconds", "expected a dotted path (an index or a name is a part of its own), got "
                                                  "\"$.threads[\"rcu_sched\"].cpu_seconds\"; did you mean \"threads.rcu_sched.cpu_seconds\"?"},
        {"captions_mised.count", "\"captions_mised\" is not a report key; did you mean \"captions_missed\"?"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        cr_expect_eq(check(bad[i].path, NULL, msg), -1, "accepted %s", bad[i].path);
        cr_expect_str_eq(msg, bad[i].want);
    }
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.rcu.flavors[RV_PREEMPT] = false;
    cr_expect_eq(check("flavors.rcu_preempt.grace_periods", &cfg, msg), -1);
    cr_expect_str_eq(msg, "rcu_preempt is not enabled in rcu.flavors, so the report has no flavors.rcu_preempt");
}

/* Every leaf of the JSON the report builder writes is a valid path, and every path the shape
 * allows exists in that JSON: the two descriptions of the report cannot drift apart. */
static void json_leaves(const cJSON *v, char *path, size_t len, int *n)
{
    char msg[400];
    if (!cJSON_IsObject(v) && !cJSON_IsArray(v)) {
        (*n)++;
        cr_expect_eq(check(path, NULL, msg), 0, "report JSON has %s but the shape rejects it: %s", path, msg);
        return;
    }
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        int w = cJSON_IsObject(v) ? snprintf(path + len, 256 - len, "%s%s", len ? "." : "", c->string)
                                  : snprintf(path + len, 256 - len, ".%d", i);
        json_leaves(c, path, len + (size_t)w, n);
        path[len] = 0;
    }
}

static void shape_leaves(const rk_key *keys, const cJSON *rep, char *path, size_t len, int *n)
{
    for (const rk_key *k = keys; k->name; k++) {
        int w = snprintf(path + len, 256 - len, "%s%s", len ? "." : "", k->name);
        size_t l2 = len + (size_t)w;
        if (k->kind == RK_FLAVORS) l2 += (size_t)snprintf(path + l2, 256 - l2, ".rcu_sched");
        if (k->kind == RK_ARRAY) l2 += (size_t)snprintf(path + l2, 256 - l2, ".0");
        if (k->sub) shape_leaves(k->sub, rep, path, l2, n);
        else {
            char why[400];
            bool is_len;
            double length;
            (*n)++;
            cr_expect_not_null(expect_lookup(rep, path, why, sizeof why, &is_len, &length), "shape has %s, report lacks it: %s", path, why);
        }
        path[len] = 0;
    }
}

/* What the builder wrote at a leaf, in the shape's words: add_u64's raw integers are counts. */
static rk_type json_type(const cJSON *v)
{
    return cJSON_IsRaw(v) ? RT_COUNT : cJSON_IsNumber(v) ? RT_NUMBER : cJSON_IsString(v) ? RT_STRING
         : cJSON_IsBool(v) ? RT_BOOL : RT_NONE;
}

/* Every leaf of the built (not re-parsed: raw counts stay raw) JSON has the type the shape gives
 * its path, so `rcuvis check` judges an expectation by what the report really holds. */
static void json_types(const cJSON *v, char *path, size_t len, int *n)
{
    char msg[400];
    if (!cJSON_IsObject(v) && !cJSON_IsArray(v)) {
        rk_type t = RT_NONE;
        (*n)++;
        cr_expect_eq(expect_path_type(path, NULL, &t, msg, sizeof msg), 0, "%s: %s", path, msg);
        cr_expect_eq(t, json_type(v), "%s: the shape says %s, the builder wrote %s", path, rk_type_name(t), rk_type_name(json_type(v)));
        return;
    }
    int i = 0;
    for (const cJSON *c = v->child; c; c = c->next, i++) {
        int w = cJSON_IsObject(v) ? snprintf(path + len, 256 - len, "%s%s", len ? "." : "", c->string)
                                  : snprintf(path + len, 256 - len, ".%d", i);
        json_types(c, path, len + (size_t)w, n);
        path[len] = 0;
    }
}

Test(report_json, shape_and_builder_agree)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    rv_thread_report th[1] = {{"rcu_sched", 0.5, true, true}};
    /* a stall naming a CPU and a task, so that both its lists have an item 0 */
    rv_stall_report st[1] = {{60.0, 60001, RV_SCHED, 0, 1, "INFO: rcu_sched detected stalls on CPUs/tasks: { P1234 0}", 0, 1, 1}};
    int names[2] = {0, 1234};
    rv_report r;
    memset(&r, 0, sizeof r);
    r.tree_levels = 3;
    r.threads = th, r.nthreads = 1, r.stalls = st, r.nstalls = 1, r.stall_names = names, r.nstall_names = 2;
    rv_not_applied na[1] = {{.t_s = 0.51, .index = 1, .kind = RV_INJ_OFFLINE, .cpu = 2, .reason = "CPU 2 is inside a read-side critical section"}};
    struct rv_orphan_report orph[1] = {{0.2, 2, RV_SCHED, 0, 500}};
    r.not_applied = na, r.nnot_applied = 1, r.orphans = orph, r.norphans = 1;
    /* a GP open at the end, waiting for a CPU and a task: its lists have an item 0 */
    rv_flavor_report *open = &r.flavors[RV_SCHED];
    open->gp_in_progress = true, open->gpnum = 7, open->completed = 6, open->gp_in_progress_s = 0.5;
    open->gp_waiting_cpus = 1, open->gp_waiting_cpu[0] = 3, open->gp_waiting_tasks = 1, open->gp_waiting_pid[0] = 1042;
    cJSON *j = cli_report_json(&r, &cfg, 0.1);
    char *s = cJSON_PrintUnformatted(j);
    cJSON *p = cJSON_Parse(s);
    cr_assert(p);
    char path[256] = "";
    int n1 = 0, n2 = 0;
    json_leaves(p, path, 0, &n1);
    shape_leaves(cli_report_shape, p, path, 0, &n2);
    cr_expect_gt(n1, 80, "walked %d leaves of the JSON", n1);
    cr_expect_gt(n2, 40, "walked %d leaves of the shape", n2);
    int n3 = 0;
    json_types(j, path, 0, &n3);
    cr_expect_eq(n3, n1, "typed %d leaves of %d", n3, n1);
    cJSON_Delete(p);
    free(s);
    cJSON_Delete(j);
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
    for (const rk_key *k = cli_report_shape; k->name; k++) cr_expect_not_null(cJSON_GetObjectItem(p, k->name), "key %s", k->name);
    cJSON_Delete(p);
    free(s);
    cJSON_Delete(j);
}

/* ---------------------------------------------------------------- expectations that can never pass */

/* What `rcuvis check` says of an expect list (the JSON of its items) in a small scenario with
 * only rcu_sched: its lines, "" when it finds nothing. */
static void vet(const char *items, char *out, size_t n)
{
    char text[4096], err[4096];
    snprintf(text, sizeof text, "{\"name\": \"v\", \"cpus\": 2, \"duration_s\": 1, \"rcu\": {\"flavors\": [\"rcu_sched\"]}, "
                                "\"expect\": [%s]}", items);
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(text, "v.json", &cfg, err, sizeof err), 0, "%s: %s", items, err);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert(f);
    int problems = expect_vet(&cfg, "v.json", f);
    fclose(f);
    snprintf(out, n, "%s", buf);
    int lines = 0;
    for (const char *c = buf; *c; c++) lines += *c == '\n';
    cr_expect_eq(problems, lines, "%s: %d problems, %d lines", items, problems, lines);
    free(buf);
    rv_config_free(&cfg);
}

Test(expect_vet, possible_expectations_pass)
{
    const char *good[] = {
        "{\"path\": \"stalls.length\", \"equals\": 1}", "{\"path\": \"stalls.length\", \"min\": 0, \"max\": 0}",
        "{\"path\": \"stalls.0.flavor\", \"equals\": \"rcu_sched\"}", "{\"path\": \"busted\", \"equals\": false}",
        "{\"path\": \"busted\", \"equals\": 0}", "{\"path\": \"threads.rcu_sched.alive\", \"equals\": true}",
        "{\"path\": \"cpus\", \"equals\": 2, \"min\": 2, \"max\": 4}", "{\"path\": \"sim_seconds\", \"min\": -1, \"max\": 0.5}",
        "{\"path\": \"flavors.rcu_sched.gp_duration_ms.p50\", \"equals\": 2.5}", "{\"path\": \"safety.reader_pipe.0\", \"max\": 0.5}",
        "{\"path\": \"tree.nodes_per_level.0\", \"equals\": 1}", "{\"path\": \"threads.ksoftirqd/1.cpu_seconds\", \"min\": 0}",
        "{\"path\": \"captions_missed.count\", \"equals\": 0}", "{\"path\": \"captions_missed.judged\", \"equals\": true}",
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        char out[2000];
        vet(good[i], out, sizeof out);
        cr_expect_str_eq(out, "", "%s", good[i]);
    }
}

/* Each impossible comparison is named by its JSON path, with what the report path holds and what
 * the file gave; every problem of one expectation gets its own line. */
Test(expect_vet, impossible_expectations_are_refused)
{
    struct { const char *items, *want; } bad[] = {
        {"{\"path\": \"stalls.length\", \"equals\": \"one\"}",
         "rcuvis: v.json: $.expect[0].equals: stalls.length holds a count (a whole number, 0 or more); expected a number, got a string \"one\"\n"},
        {"{\"path\": \"stalls.0.flavor\", \"min\": 1}",
         "rcuvis: v.json: $.expect[0].min: stalls.0.flavor holds a string, which min and max cannot bound: expected \"equals\" with a string, got min 1\n"},
        {"{\"path\": \"stalls.length\", \"min\": 3, \"equals\": 2}",
         "rcuvis: v.json: $.expect[0].equals: expected at least min (3), got 2: no value can pass both\n"},
        {"{\"path\": \"cpus\", \"max\": 1.5, \"equals\": 2}",
         "rcuvis: v.json: $.expect[0].equals: expected at most max (1.5), got 2: no value can pass both\n"},
        {"{\"path\": \"mode\", \"equals\": 1}", "rcuvis: v.json: $.expect[0].equals: mode holds a string; expected a string, got 1\n"},
        {"{\"path\": \"mode\", \"equals\": true}", "rcuvis: v.json: $.expect[0].equals: mode holds a string; expected a string, got true\n"},
        {"{\"path\": \"cpus\", \"equals\": true}",
         "rcuvis: v.json: $.expect[0].equals: cpus holds a count (a whole number, 0 or more); expected a number, got true\n"},
        {"{\"path\": \"busted\", \"equals\": 2}",
         "rcuvis: v.json: $.expect[0].equals: busted holds true or false; expected true or false (or 1 or 0), got 2\n"},
        {"{\"path\": \"threads.0.alive\", \"equals\": \"yes\"}",
         "rcuvis: v.json: $.expect[0].equals: threads.0.alive holds true or false; expected true or false (or 1 or 0), got a string \"yes\"\n"},
        {"{\"path\": \"busted\", \"min\": 0, \"max\": 1}",
         "rcuvis: v.json: $.expect[0].min: busted holds true or false, which min and max cannot bound: expected \"equals\": true or false, got min 0\n"
         "rcuvis: v.json: $.expect[0].max: busted holds true or false, which min and max cannot bound: expected \"equals\": true or false, got max 1\n"},
        {"{\"path\": \"stalls.0.text\", \"equals\": \"x\", \"max\": 3}",
         "rcuvis: v.json: $.expect[0].max: stalls.0.text holds a string, which min and max cannot bound: expected \"equals\" with a string, got max 3\n"},
        {"{\"path\": \"flavors.rcu_sched.grace_periods\", \"equals\": 2.5}",
         "rcuvis: v.json: $.expect[0].equals: flavors.rcu_sched.grace_periods holds a count (a whole number, 0 or more); expected a whole number, 0 or more, got 2.5\n"},
        {"{\"path\": \"safety.reader_pipe.length\", \"equals\": -1}",
         "rcuvis: v.json: $.expect[0].equals: safety.reader_pipe.length holds a count (a whole number, 0 or more); expected a whole number, 0 or more, got -1\n"},
        {"{\"path\": \"safety.violations\", \"max\": -1}",
         "rcuvis: v.json: $.expect[0].max: safety.violations holds a count (a whole number, 0 or more); expected a max of 0 or more, got -1\n"},
        {"{\"path\": \"flavors.rcu_bh.updates\", \"equals\": \"x\"}",
         "rcuvis: v.json: $.expect[0].path: rcu_bh is not enabled in rcu.flavors, so the report has no flavors.rcu_bh\n"},
        /* thread names that no run of this configuration can have were only found by the run */
        {"{\"path\": \"threads.rcu_bh.cpu_seconds\", \"max\": 1}",
         "rcuvis: v.json: $.expect[0].path: threads has no \"rcu_bh\": rcu_bh is not enabled in rcu.flavors, so it has no "
         "grace-period kthread\n"},
        {"{\"path\": \"threads.postgres.cpu_seconds\", \"min\": 1}",
         "rcuvis: v.json: $.expect[0].path: threads has no \"postgres\": no phase's task has that name (the workload has no "
         "phases) and no kernel thread does (rcu_sched, ksoftirqd/N)\n"},
        {"{\"path\": \"threads.ksoftirqd/2.cpu_seconds\", \"min\": 0}",
         "rcuvis: v.json: $.expect[0].path: threads has no \"ksoftirqd/2\": the machine has CPUs 0..1\n"},
        {"{\"path\": \"threads.rcuc/0.alive\", \"equals\": true}",
         "rcuvis: v.json: $.expect[0].path: threads has no \"rcuc/0\": rcuc/N threads run rcu_preempt's callbacks only with "
         "rcu.rcu_boost, which this scenario leaves off\n"},
        {"{\"path\": \"cpus\", \"min\": 1}, {\"path\": \"stalls.0.text\", \"equals\": \"a\\\"b\\u0001\"}, {\"path\": \"cpus\", \"equals\": \"a\\\"b\\u0001\"}",
         "rcuvis: v.json: $.expect[2].equals: cpus holds a count (a whole number, 0 or more); expected a number, got a string "
         "\"a\\\"b\\u0001\"\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char out[2000];
        vet(bad[i].items, out, sizeof out);
        cr_expect_str_eq(out, bad[i].want, "%s", bad[i].items);
    }
}

/* Strings of a closed set, CPU numbers and counts the review found `check` passing while no run could:
 * each was "ok" before (every case here fails on the old vetting). The scenario of vet(): 2 CPUs,
 * only rcu_sched. */
Test(expect_vet, values_no_run_can_have_are_refused)
{
    struct { const char *items, *want; } bad[] = {
        {"{\"path\": \"hotplug.orphans.0.flavor\", \"equals\": \"sched\"}",
         "rcuvis: v.json: $.expect[0].equals: hotplug.orphans.0.flavor holds \"rcu_sched\"; expected one of those, got \"sched\"; "
         "did you mean \"rcu_sched\"?\n"},
        {"{\"path\": \"stalls.0.kind\", \"equals\": \"selff\"}",
         "rcuvis: v.json: $.expect[0].equals: stalls.0.kind holds \"self\" or \"other\"; expected one of those, got \"selff\"; "
         "did you mean \"self\"?\n"},
        {"{\"path\": \"mode\", \"equals\": \"3.7\"}",
         "rcuvis: v.json: $.expect[0].equals: mode holds \"softirq\" or \"kthread\"; expected one of those, got \"3.7\"; did you "
         "mean \"kthread\"?\n"},
        {"{\"path\": \"stalls.0.flavor\", \"equals\": \"rcu_bh\"}",
         "rcuvis: v.json: $.expect[0].equals: stalls.0.flavor holds a flavor this scenario enables, \"rcu_sched\"; expected one "
         "of those, got \"rcu_bh\", which rcu.flavors leaves out\n"},
        {"{\"path\": \"events_not_applied.list.0.kind\", \"equals\": \"readers\"}",
         "rcuvis: v.json: $.expect[0].equals: events_not_applied.list.0.kind holds \"long_reader\", \"preempt_reader\", "
         "\"kernel_loop\", \"idle\", \"wake\", \"offline\", \"online\", \"call_rcu_burst\", \"synchronize\" or \"force_qs\"; "
         "expected one of those, got \"readers\"\n"},
        {"{\"path\": \"threads.0.name\", \"equals\": \"ksoftirqd/2\"}",
         "rcuvis: v.json: $.expect[0].equals: threads.0.name holds the name of a thread of this configuration; expected one it "
         "can have, got \"ksoftirqd/2\": threads has no \"ksoftirqd/2\": the machine has CPUs 0..1\n"},
        {"{\"path\": \"stalls.0.cpu\", \"equals\": 7}",
         "rcuvis: v.json: $.expect[0].equals: stalls.0.cpu holds a CPU number, 0..1 on this 2-CPU machine (cpus); expected one "
         "of those, got 7\n"},
        {"{\"path\": \"hotplug.orphans.0.adopted_by\", \"min\": 2}",
         "rcuvis: v.json: $.expect[0].min: hotplug.orphans.0.adopted_by holds a CPU number, 0..1 on this 2-CPU machine (cpus); "
         "expected a min of at most 1, got 2\n"},
        {"{\"path\": \"events_not_applied.list.0.cpu\", \"max\": -2}",
         "rcuvis: v.json: $.expect[0].max: events_not_applied.list.0.cpu holds a CPU number, 0..1 on this 2-CPU machine (cpus), "
         "or -1 for an event on all CPUs; expected a max of at least -1, got -2\n"},
        {"{\"path\": \"events_not_applied.count\", \"equals\": 0.5}",
         "rcuvis: v.json: $.expect[0].equals: events_not_applied.count holds a count (a whole number, 0 or more); expected a "
         "whole number, 0 or more, got 0.5\n"},
        {"{\"path\": \"tree.levels\", \"equals\": 1.5}",
         "rcuvis: v.json: $.expect[0].equals: tree.levels holds a count (a whole number, 0 or more); expected a whole number, "
         "0 or more, got 1.5\n"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char out[2000];
        vet(bad[i].items, out, sizeof out);
        cr_expect_str_eq(out, bad[i].want, "%s", bad[i].items);
    }
    const char *good[] = {
        "{\"path\": \"stalls.0.kind\", \"equals\": \"other\"}", "{\"path\": \"mode\", \"equals\": \"softirq\"}",
        "{\"path\": \"stalls.0.cpu\", \"equals\": 1}", "{\"path\": \"events_not_applied.list.0.cpu\", \"equals\": -1}",
        "{\"path\": \"threads.0.name\", \"equals\": \"rcu_sched\"}", "{\"path\": \"stalls.0.cpu\", \"min\": 0, \"max\": 9}",
        "{\"path\": \"events_not_applied.list.0.kind\", \"equals\": \"offline\"}",
    };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        char out[2000];
        vet(good[i], out, sizeof out);
        cr_expect_str_eq(out, "", "%s", good[i]);
    }
}

/* The closed sets in the shape are the engine's names and the builder's words: a new mode, event
 * kind or flavor name cannot make `check` refuse what the report writes. */
Test(expect_vet, closed_sets_match_the_engine_and_the_builder)
{
    char msg[400];
    rk_type t;
    const rk_key *leaf;
    cr_assert_eq(expect_path_leaf("mode", NULL, &t, &leaf, msg, sizeof msg), 0, "%s", msg);
    const char *const *v = rk_key_values(leaf);
    cr_expect_str_eq(v[0], rv_mode_name(RV_MODE_SOFTIRQ));
    cr_expect_str_eq(v[1], rv_mode_name(RV_MODE_KTHREAD));
    cr_expect_null(v[2]);
    cr_assert_eq(expect_path_leaf("events_not_applied.list.0.kind", NULL, &t, &leaf, msg, sizeof msg), 0, "%s", msg);
    v = rk_key_values(leaf);
    for (int k = 0; k < RV_INJ_NKINDS; k++) cr_expect_str_eq(v[k], rv_inject_kind_name((enum rv_inject_kind)k));
    cr_expect_null(v[RV_INJ_NKINDS]);
    cr_assert_eq(expect_path_leaf("hotplug.orphans.0.flavor", NULL, &t, &leaf, msg, sizeof msg), 0, "%s", msg);
    v = rk_key_values(leaf);
    for (int f = 0; f < RV_NFLAVORS; f++) cr_expect_str_eq(v[f], rv_flavor_name(f));
    /* the stall kinds as the builder writes them: 0 self-detected, 1 detected by another CPU */
    rv_config cfg;
    rv_config_defaults(&cfg);
    rv_stall_report st[2] = {{1.0, 1001, RV_SCHED, 0, 0, "self", 0, 0, 0}, {2.0, 2001, RV_SCHED, 1, 1, "other", 0, 0, 0}};
    rv_report r;
    memset(&r, 0, sizeof r);
    r.stalls = st, r.nstalls = 2;
    cJSON *j = cli_report_json(&r, &cfg, 0);
    cr_assert_eq(expect_path_leaf("stalls.0.kind", NULL, &t, &leaf, msg, sizeof msg), 0, "%s", msg);
    v = rk_key_values(leaf);
    for (int i = 0; i < 2; i++) {
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(j, "stalls"), i), "kind"));
        cr_expect(kind && (!strcmp(kind, v[0]) || !strcmp(kind, v[1])), "the builder wrote kind %s", kind ? kind : "(none)");
    }
    cJSON_Delete(j);
    rv_config_free(&cfg);
}

/* The tester's file: `check` said "ok" and `run --expect` simulated 40 s to fail three assertions
 * any reading of the file could have refused. Both now exit 2 with the same lines, run before it
 * simulates anything (nothing on stdout). */
static const char *tester_file =
    "{\"name\": \"stall8\", \"cpus\": 8, \"duration_s\": 40, \"seed\": 1,\n"
    " \"rcu\": {\"mode\": \"softirq\", \"stall_timeout_s\": 21}, \"workload\": [{\"cpus\": \"3\"}],\n"
    " \"events\": [{\"at_s\": 2, \"kind\": \"kernel_loop\", \"cpu\": 3, \"duration_s\": 25}],\n"
    " \"expect\": [{\"path\": \"stalls.length\", \"min\": 1}, {\"path\": \"stalls.0.flavor\", \"equals\": \"rcu_sched\"},\n"
    "            {\"path\": \"stalls.length\", \"equals\": \"one\"}, {\"path\": \"stalls.0.flavor\", \"min\": 1},\n"
    "            {\"path\": \"stalls.length\", \"min\": 3, \"equals\": 2}]}\n";

static void redirect_both(void)
{
    cr_redirect_stdout();
    cr_redirect_stderr();
}

Test(expect_vet, check_and_run_refuse_before_running, .init = redirect_both)
{
    char path[] = "/tmp/rcuvis-expect-types-XXXXXX.json", want[2000];
    write_temp_json(path, tester_file);
    snprintf(want, sizeof want,
             "rcuvis: %s:5:39: $.expect[2].equals: stalls.length holds a count (a whole number, 0 or more); expected a number, got a string \"one\"\n"
             "rcuvis: %s:5:85: $.expect[3].min: stalls.0.flavor holds a string, which min and max cannot bound: expected \"equals\" with a string, got min 1\n"
             "rcuvis: %s:6:49: $.expect[4].equals: expected at least min (3), got 2: no value can pass both\n",
             path, path, path);
    char *check_argv[] = {"check", path, NULL}, *run_argv[] = {"run", path, "--expect", NULL};
    int check_rc = cmd_check(2, check_argv);
    int run_rc = cmd_run(3, run_argv);
    fflush(stdout);
    fflush(stderr);
    unlink(path);
    cr_expect_eq(check_rc, 2, "check accepted expectations that can never pass");
    cr_expect_eq(run_rc, 2, "run --expect accepted expectations that can never pass");
    char both[4200];
    snprintf(both, sizeof both, "%s%s", want, want);
    cr_expect_stderr_eq_str(both);
    cr_expect_stdout_eq_str("", "run simulated (or check printed ok) before refusing");
}

/* A phase's task is a thread of the report, and the GP kthreads are only there in mode kthread. */
Test(expect_vet, thread_names_follow_the_configuration)
{
    char text[1024], err[2048], msg[400];
    snprintf(text, sizeof text, "{\"name\": \"t\", \"cpus\": 2, \"duration_s\": 1, \"rcu\": {\"mode\": \"softirq\"}, "
                                "\"workload\": [{\"task\": \"postgres\"}, {\"task\": \"cc1\", \"start_s\": 0.5}]}");
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(text, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(check("threads.postgres.cpu_seconds", &cfg, msg), 0, "%s", msg);
    cr_expect_eq(check("threads.ksoftirqd/1.cpu_seconds", &cfg, msg), 0, "%s", msg);
    cr_expect_eq(check("threads.rcu_sched.cpu_seconds", &cfg, msg), -1);
    cr_expect_str_eq(msg, "threads has no \"rcu_sched\": in mode softirq (3.6) grace periods are driven from RCU_SOFTIRQ, with no "
                          "kthread; that time is in accounting.ksoftirqd_s and accounting.softirq_inline_s");
    cr_expect_eq(check("threads.mysql.cpu_seconds", &cfg, msg), -1);
    cr_expect_str_eq(msg, "threads has no \"mysql\": no phase's task has that name (they are postgres, cc1) and no kernel "
                          "thread does (ksoftirqd/N)");
    rv_config_free(&cfg);
}

/* captions_missed is in the printed report (`rcuvis run` adds it), so an expect on it is checked,
 * not refused as "not a report key". */
Test(expect, captions_missed_is_assertable)
{
    cJSON *rep = cJSON_Parse("{\"captions_missed\": {\"count\": 0, \"judged\": true, \"list\": []}}");
    cr_assert(rep);
    rv_expect x = ex("captions_missed.count");
    x.has_equals = true, x.equals = 0;
    expect_result r;
    expect_eval(rep, &x, &r);
    cr_expect(r.ok, "%s", r.line);
    cr_expect_str_eq(r.line, "ok   captions_missed.count = 0, expected == 0");
    char msg[400];
    rk_type t;
    cr_expect_eq(expect_path_type("captions_missed.count", NULL, &t, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(t, RT_COUNT);
    cJSON_Delete(rep);
}
