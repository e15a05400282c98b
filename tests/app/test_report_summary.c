/* test_report_summary.c — `rcuvis run`'s summary: the GP still open at the end, the total of RCU CPU time, legends, 80 columns. */
#include <criterion/criterion.h>

#include "report/report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static rv_thread_report threads[] = {{"hackbench", 931.206, true, false}, {"rcu_sched", 10.968695, true, true},
                                     {"ksoftirqd/3", 0.0000004, true, true}};
static struct rv_orphan_report orphans[] = {{0.104, 2, RV_SCHED, 0, 500}, {1.5, 3, RV_BH, 1, 12}};
static rv_stall_report stalls[] = {{80.007812, 9660, RV_SCHED, 0, 0, "INFO: rcu_sched self-detected stall on CPU { 0}  (t=9660 jiffies)", 0, 1, 0}};
static int stall_names[] = {0};

/* A long run's figures, as wide as they come: eight-digit counts, all three flavors, a 3.7 kthread's
 * scheduling split, hotplug, a stall, and rcu_sched's GP 166 open for 85 s waiting for CPU 0. */
static rv_report wide_report(void)
{
    rv_report r;
    memset(&r, 0, sizeof r);
    snprintf(r.scenario, sizeof r.scenario, "hackbench");
    r.mode = RV_MODE_KTHREAD, r.cpus = 16, r.hz = 1000, r.sim_seconds = 600.0, r.events = 194531330;
    r.tree_levels = 1, r.tree_nodes = 1, r.nodes_per_level[0] = 1, r.fanout = 64, r.fanout_leaf = 16;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rv_flavor_report *x = &r.flavors[f];
        x->enabled = true;
        x->grace_periods = 8558200, x->updates = 111709350, x->callbacks_invoked = 111706260, x->updates_per_gp = 130.5;
        x->gp_ms_p50 = 0.62, x->gp_ms_p99 = 1.38, x->gp_ms_max = 468.75;
        x->overhead_per_gp_us = 183.56, x->overhead_per_update_ns = 1406.3, x->gp_overhead_us = 183.56 * 8558200;
        x->kthread_sched_us = 122.87 * 8558200, x->kthread_wakeups = 23 * 8558200ull;
        x->fqs_scans = 19054040, x->idle_probes = 104200080, x->offline_credits = 1234567, x->stall_warnings = 1;
        x->sync_calls = 4500000, x->sync_latency_ms_mean = 12.5, x->callback_latency_ms_mean = 1.64;
    }
    rv_flavor_report *s = &r.flavors[RV_SCHED];
    s->gpnum = 166, s->completed = 165, s->gp_in_progress = true, s->gp_in_progress_s = 85.4609375;
    s->gp_waiting_cpus = 1, s->gp_waiting_cpu[0] = 0;
    rv_flavor_report *p = &r.flavors[RV_PREEMPT];
    p->gpnum = 4044, p->completed = 4043, p->gp_in_progress = true, p->gp_in_progress_s = 0.0031;
    p->gp_waiting_cpus = 7;
    for (int i = 0; i < 7; i++) p->gp_waiting_cpu[i] = i * 2;
    p->gp_waiting_tasks = 2, p->gp_waiting_pid[0] = 1234, p->gp_waiting_pid[1] = 1301;
    r.threads = threads, r.nthreads = 3;
    r.rcu_gp_kthreads_s = 11.145695, r.ksoftirqd_s = 3.98771, r.softirq_inline_s = 2.13455, r.tick_s = 0.112908, r.caller_s = 4.642096;
    r.max_irqs_off_us = 4.8, r.max_nonpreempt_us = 12.9;
    r.readers = 65154, r.callbacks_checked = 11189299, r.violations = 3;
    r.orphans = orphans, r.norphans = 2, r.cpu_offlines = 2, r.cpu_onlines = 1;
    r.stalls = stalls, r.nstalls = 1, r.stall_names = stall_names, r.nstall_names = 1;
    return r;
}

static char *summary(const rv_report *r)
{
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    cr_assert(f);
    cli_report_text(f, r, NULL, 0.764);
    fclose(f);
    return buf;
}

/* The text with each line break and the next line's indent made one space: a sentence reads whole
 * wherever the summary broke it. */
static char *flat(const char *text)
{
    char *f = strdup(text), *w = f;
    cr_assert(f);
    for (const char *c = text; *c; c++) {
        if (*c != '\n') { *w++ = *c; continue; }
        while (c[1] == ' ') c++;
        *w++ = ' ';
    }
    *w = 0;
    return f;
}

static int columns(const char *s, size_t bytes)
{
    int n = 0;
    for (size_t i = 0; i < bytes; i++) n += ((unsigned char)s[i] & 0xC0) != 0x80;
    return n;
}

/* The FLAVOR table ran to 120 columns, the kthread split line to 190, hotplug to 200. A stall line
 * quotes the kernel's message whole, as dmesg prints it, and keeps its length. */
Test(report_summary, every_line_fits_80_columns)
{
    rv_report r = wide_report();
    char *text = summary(&r);
    for (const char *l = text; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        if (strncmp(l, "stall [", 7) != 0)
            cr_expect_leq(columns(l, len), 80, "%d columns: %.*s", columns(l, len), (int)len, l);
        l += len + (e != NULL);
    }
    free(text);
}

/* omap-stall: "GP ms p50 / p99 / max 15.20 / 56.62 / 468.75" beside "stalls 1" hid that GP 166 never ended. */
Test(report_summary, the_gp_still_open_at_the_end_is_said_with_whom_it_waits_for)
{
    rv_report r = wide_report();
    char *text = summary(&r), *f = flat(text);
    cr_expect(strstr(f, "rcu_sched: 1 grace period still in progress at the end: GP 166, 85.461 s old (waiting for CPU 0); "
                        "longer than any completed GP, which is all the ms columns count"), "%s", text);
    cr_expect(strstr(f, "rcu_preempt: 1 grace period still in progress at the end: GP 4044, 3.100 ms old (waiting for "
                        "CPUs 0, 2, 4, 6 and 3 more and preempted readers P1234 and P1301)"), "%s", text);
    cr_expect_null(strstr(text, "rcu_bh: 1 grace period"), "rcu_bh has none open:\n%s", text);
    cr_expect_null(strstr(f, "GP 4044, 3.100 ms old (waiting for CPUs 0, 2, 4, 6 and 3 more and preempted readers P1234 and P1301); longer"),
                   "a GP younger than the longest completed one is no outlier:\n%s", text);
    free(f);
    free(text);
}

Test(report_summary, the_json_report_carries_the_open_gp)
{
    rv_report r = wide_report();
    cJSON *built = cli_report_json(&r, NULL, 0.764);
    cr_assert(built);
    char *printed = cJSON_Print(built); /* read back as --json prints it: counts are raw integers */
    cJSON *j = cJSON_Parse(printed);
    cr_assert(j);
    free(printed);
    cJSON_Delete(built);
    cJSON *s = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "flavors"), "rcu_sched");
    cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(s, "gp_in_progress")));
    cr_expect_eq(cJSON_GetObjectItem(s, "gpnum")->valuedouble, 166);
    cr_expect_eq(cJSON_GetObjectItem(s, "completed")->valuedouble, 165);
    cr_expect_float_eq(cJSON_GetObjectItem(s, "gp_in_progress_s")->valuedouble, 85.4609375, 1e-12);
    cr_expect_eq(cJSON_GetObjectItem(s, "gp_waiting_cpus")->valuedouble, 1);
    cJSON *cpus = cJSON_GetObjectItem(s, "gp_waiting_cpu_list");
    cr_expect_eq(cJSON_GetArraySize(cpus), 1);
    cr_expect_eq(cJSON_GetArrayItem(cpus, 0)->valuedouble, 0);
    cJSON *p = cJSON_GetObjectItem(cJSON_GetObjectItem(j, "flavors"), "rcu_preempt");
    cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(p, "gp_waiting_pid_list")), 2);
    cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetObjectItem(j, "flavors"), "rcu_bh"), "gp_in_progress")));
    cJSON_Delete(j);
}

/* The student added six numbers by hand; the JSON keeps the exact parts and gains their sum. */
Test(report_summary, rcu_cpu_time_has_its_total_and_says_where_costs_come_from)
{
    rv_report r = wide_report();
    char *text = summary(&r);
    cr_expect(strstr(text, "RCU CPU time, 22.023 s in all: GP kthreads 11.146, ksoftirqd 3.988,"), "%s", text);
    cr_expect_null(strstr(text, "11.145695"), "no microseconds of seconds:\n%s", text);
    cr_expect(strstr(text, "costs: the model's per-operation figures (README, \"Costs\""), "%s", text);
    cJSON *j = cli_report_json(&r, NULL, 0.764);
    cJSON *acc = cJSON_GetObjectItem(j, "accounting");
    cr_expect_float_eq(cJSON_GetObjectItem(acc, "total_s")->valuedouble, 22.022959, 1e-9);
    cr_expect_float_eq(cJSON_GetObjectItem(acc, "rcu_gp_kthreads_s")->valuedouble, 11.145695, 1e-12, "the parts stay exact");
    cJSON_Delete(j);
    /* a run whose RCU time is under a millisecond (omap-stall) reads in microseconds, not as zeros */
    rv_report small = r;
    small.rcu_gp_kthreads_s = 0, small.ksoftirqd_s = 1.2e-6, small.softirq_inline_s = 0.00071652, small.tick_s = 8.424e-5,
    small.caller_s = 5.1255e-5;
    char *t2 = summary(&small);
    cr_expect(strstr(t2, "RCU CPU time, 853.2 us in all: GP kthreads 0.0, ksoftirqd 1.2, softirq"), "%s", t2);
    free(t2);
    free(text);
}

/* Every column header of the three FLAVOR tables is named in a legend line under its table. */
Test(report_summary, the_column_headers_have_a_legend)
{
    rv_report r = wide_report();
    char *text = summary(&r);
    const char *const legend[] = {"updates: callbacks queued", "upd/GP: per completed GP", "p50/p99/max ms: how long",
                                  "us/GP, ns/update: CPU time of the GP machinery", "FQS: forcing passes",
                                  "probes: remote dynticks reads", "offline: QSs FQS credited to offline CPUs",
                                  "synchronize_*() calls returned: counts and mean latency"};
    char *f = flat(text);
    for (size_t i = 0; i < sizeof legend / sizeof *legend; i++)
        cr_expect(strstr(f, legend[i]), "no legend \"%s\" in:\n%s", legend[i], text);
    free(f);
    free(text);
}

/* A 3.7 GP caught in its init walk waits for no CPU of the leaves not yet set up; one whose CPUs and
 * tasks have all reported is ending. Neither is said to wait for no one. */
Test(report_summary, an_open_gp_in_init_or_cleanup_says_where_it_is)
{
    rv_report r = wide_report();
    rv_flavor_report *s = &r.flavors[RV_SCHED];
    s->gp_phase = RV_GP_INIT, s->gp_in_progress_s = 4.5e-5, s->gp_waiting_cpus = 2, s->gp_waiting_cpu[1] = 1;
    rv_flavor_report *p = &r.flavors[RV_PREEMPT];
    p->gp_phase = RV_GP_CLEANUP, p->gp_waiting_cpus = 0, p->gp_waiting_tasks = 0;
    char *text = summary(&r), *f = flat(text);
    cr_expect(strstr(f, "GP 166, 0.045 ms old (initialising the rcu_node tree, so far waiting for CPUs 0 and 1)"), "%s", text);
    cr_expect(strstr(f, "GP 4044, 3.100 ms old (every CPU and task has reported: it is ending)"), "%s", text);
    free(f);
    free(text);
}

/* The summary's stall stamp is the kernel log's: printk truncates to microseconds, so a stall at
 * 80.0234375 s reads [   80.023437] in dmesg and must read the same here (rounding gave ...438). */
Test(report_summary, the_stall_stamp_is_truncated_as_dmesg_stamps_it)
{
    rv_report r = wide_report();
    rv_stall_report s = stalls[0];
    s.t_s = 80.0234375;
    r.stalls = &s;
    char *text = summary(&r);
    cr_expect(strstr(text, "stall [   80.023437] INFO: rcu_sched self-detected stall"), "%s", text);
    free(text);
}

/* A caption's start in a one-line warning ends at a word when one ends near the cut: a student read
 * "after 75 s of si..." in a Try it run's warning as garbled. */
Test(report_summary, a_captions_start_is_cut_at_a_word)
{
    char out[48];
    cli_caption_start("An interrupt woke CPU 0 after 75 s of silence, and its first tick", 40, out, sizeof out);
    cr_expect_str_eq(out, "An interrupt woke CPU 0 after 75 s of...");
    cli_caption_start("The five-thousandth grace period starts, long after", 40, out, sizeof out);
    cr_expect_str_eq(out, "The five-thousandth grace period starts,...", "a cut at a space keeps the whole word before it");
    cli_caption_start("Short.", 40, out, sizeof out);
    cr_expect_str_eq(out, "Short.");
    cli_caption_start("Averyveryveryverylongwordwithoutanyspacesinsideitatall", 20, out, sizeof out);
    cr_expect_str_eq(out, "Averyveryveryverylon...", "no space near the cut: cut where the bytes end");
}
