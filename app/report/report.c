/* report.c — rv_report to the JSON of `rcuvis run --json`, and to the readable summary. */
#include "report/report.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A flavor is in the report when the scenario enables it: the config is what the user asked for. */
static bool flavor_on(const rv_report *r, const rv_config *cfg, int f)
{
    return cfg ? cfg->rcu.flavors[f] : r->flavors[f].enabled;
}

/* Threads by CPU time, descending; equal times by name so the order never depends on the engine's. */
static int cmp_thread(const void *a, const void *b)
{
    const rv_thread_report *x = a, *y = b;
    if (x->cpu_seconds != y->cpu_seconds) return x->cpu_seconds > y->cpu_seconds ? -1 : 1;
    return strcmp(x->name, y->name);
}

/* A sorted copy (the report stays as built); NULL on OOM or when there are no threads. */
static rv_thread_report *sorted_threads(const rv_report *r)
{
    if (r->nthreads == 0) return NULL;
    rv_thread_report *t = malloc(r->nthreads * sizeof *t);
    if (!t) return NULL;
    memcpy(t, r->threads, r->nthreads * sizeof *t);
    qsort(t, r->nthreads, sizeof *t, cmp_thread);
    return t;
}

/* How many tasks a thread's row stands for. The engine reports a workload phase's task once, its CPU
 * time summed over every CPU of the phases that name it, one task per CPU: hackbench on 16 CPUs is 16
 * tasks, where top would list 16 lines. Counted as the window's CPU time panel counts them
 * (rv_cfg_task_cpus()); 1 for a kernel thread, a task on one CPU, or without the config. */
static int thread_tasks(const rv_thread_report *t, const rv_config *cfg, int ncpus)
{
    if (t->kernel_thread || !cfg) return 1;
    int n = rv_cfg_task_cpus(cfg, t->name, ncpus);
    return n > 1 ? n : 1;
}

/* uint64 counters go out as raw integers: a double would round seeds above 2^53. */
static void add_u64(cJSON *o, const char *k, uint64_t v)
{
    char b[32];
    snprintf(b, sizeof b, "%" PRIu64, v);
    cJSON_AddRawToObject(o, k, b);
}

/* A whole number the shape calls a count (a CPU count, tree sizes, an index): written as add_u64
 * writes counters, so that the shape's type and the builder's agree (test_cli_expect.c). */
static void add_count(cJSON *o, const char *k, long long v) { add_u64(o, k, v < 0 ? 0 : (uint64_t)v); }

static cJSON *flavor_json(const rv_flavor_report *f)
{
    cJSON *o = cJSON_CreateObject();
    add_u64(o, "grace_periods", f->grace_periods);
    add_u64(o, "updates", f->updates);
    add_u64(o, "callbacks_invoked", f->callbacks_invoked);
    cJSON_AddNumberToObject(o, "updates_per_gp", f->updates_per_gp);
    cJSON_AddNumberToObject(o, "gp_overhead_us", f->gp_overhead_us);
    cJSON_AddNumberToObject(o, "fqs_overhead_us", f->fqs_overhead_us);
    cJSON_AddNumberToObject(o, "kthread_sched_us", f->kthread_sched_us);
    add_u64(o, "kthread_wakeups", f->kthread_wakeups);
    add_u64(o, "node_lock_visits", f->node_lock_visits);
    cJSON_AddNumberToObject(o, "overhead_per_gp_us", f->overhead_per_gp_us);
    cJSON_AddNumberToObject(o, "overhead_per_update_ns", f->overhead_per_update_ns);
    cJSON *d = cJSON_AddObjectToObject(o, "gp_duration_ms");
    cJSON_AddNumberToObject(d, "p50", f->gp_ms_p50);
    cJSON_AddNumberToObject(d, "p99", f->gp_ms_p99);
    cJSON_AddNumberToObject(d, "max", f->gp_ms_max);
    add_u64(o, "fqs_scans", f->fqs_scans);
    add_u64(o, "idle_probes", f->idle_probes);
    add_u64(o, "offline_credits", f->offline_credits);
    add_u64(o, "stall_warnings", f->stall_warnings);
    add_u64(o, "sync_calls", f->sync_calls);
    cJSON_AddNumberToObject(o, "sync_latency_ms_mean", f->sync_latency_ms_mean);
    cJSON_AddNumberToObject(o, "callback_latency_ms_mean", f->callback_latency_ms_mean);
    add_u64(o, "callbacks_orphaned", f->callbacks_orphaned);
    add_u64(o, "callbacks_adopted", f->callbacks_adopted);
    add_u64(o, "blocked_tasks", f->blocked_tasks);
    add_u64(o, "blocked_tasks_gp", f->blocked_tasks_gp);
    add_u64(o, "dyntick_credits", f->dyntick_credits);
    /* the grace period the run ended in, which none of the figures above count (added keys) */
    add_u64(o, "gpnum", f->gpnum);
    add_u64(o, "completed", f->completed);
    cJSON_AddBoolToObject(o, "gp_in_progress", f->gp_in_progress);
    cJSON_AddStringToObject(o, "gp_phase", rv_gp_phase_name(f->gp_phase));
    cJSON_AddNumberToObject(o, "gp_in_progress_s", f->gp_in_progress_s);
    add_u64(o, "gp_waiting_cpus", (uint64_t)f->gp_waiting_cpus);
    cJSON *cpus = cJSON_AddArrayToObject(o, "gp_waiting_cpu_list");
    for (int i = 0; cpus && i < f->gp_waiting_cpus && i < RV_WAITING_LISTED; i++)
        cJSON_AddItemToArray(cpus, cJSON_CreateNumber(f->gp_waiting_cpu[i]));
    add_u64(o, "gp_waiting_tasks", (uint64_t)f->gp_waiting_tasks);
    cJSON *pids = cJSON_AddArrayToObject(o, "gp_waiting_pid_list");
    for (int i = 0; pids && i < f->gp_waiting_tasks && i < RV_WAITING_LISTED; i++)
        cJSON_AddItemToArray(pids, cJSON_CreateNumber(f->gp_waiting_pid[i]));
    return o;
}

static void add_tree(cJSON *root, const rv_report *r)
{
    cJSON *t = cJSON_AddObjectToObject(root, "tree");
    add_count(t, "levels", r->tree_levels);
    add_count(t, "nodes", r->tree_nodes);
    cJSON *per = cJSON_AddArrayToObject(t, "nodes_per_level");
    int levels = r->tree_levels < 0 ? 0 : r->tree_levels > 4 ? 4 : r->tree_levels;
    for (int l = 0; l < levels; l++) {
        char b[24];
        snprintf(b, sizeof b, "%d", r->nodes_per_level[l] < 0 ? 0 : r->nodes_per_level[l]);
        cJSON_AddItemToArray(per, cJSON_CreateRaw(b));
    }
    add_count(t, "fanout", r->fanout);
    add_count(t, "fanout_leaf", r->fanout_leaf);
}

static void add_threads(cJSON *root, const rv_report *r, const rv_config *cfg)
{
    cJSON *a = cJSON_AddArrayToObject(root, "threads");
    rv_thread_report *ts = sorted_threads(r);
    for (size_t i = 0; ts && i < r->nthreads; i++) {
        const rv_thread_report *t = &ts[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", t->name);
        cJSON_AddNumberToObject(o, "cpu_seconds", t->cpu_seconds);
        cJSON_AddBoolToObject(o, "alive", t->alive);
        cJSON_AddBoolToObject(o, "kernel_thread", t->kernel_thread);
        /* added beside the old keys, which keep their meaning: cpu_seconds stays the sum */
        add_count(o, "tasks", thread_tasks(t, cfg, r->cpus));
        cJSON_AddItemToArray(a, o);
    }
    free(ts);
}

static void add_stalls(cJSON *root, const rv_report *r)
{
    cJSON *a = cJSON_AddArrayToObject(root, "stalls");
    for (size_t i = 0; i < r->nstalls; i++) {
        const rv_stall_report *s = &r->stalls[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "t_s", s->t_s);
        add_u64(o, "jiffies", s->jiffies);
        cJSON_AddStringToObject(o, "flavor", rv_flavor_name(s->flavor));
        cJSON_AddNumberToObject(o, "cpu", s->cpu);
        cJSON_AddStringToObject(o, "kind", s->kind ? "other" : "self");
        /* everyone the warning names, however long its text: the stalled CPUs (for "self", cpu itself;
         * for "other", not the CPU that noticed) and the blocked tasks' pids */
        cJSON *cpus = cJSON_AddArrayToObject(o, "cpu_list");
        for (uint32_t k = 0; cpus && k < s->ncpus_named; k++) cJSON_AddItemToArray(cpus, cJSON_CreateNumber(rv_stall_cpus(r, s)[k]));
        cJSON *pids = cJSON_AddArrayToObject(o, "pid_list");
        for (uint32_t k = 0; pids && k < s->npids_named; k++) cJSON_AddItemToArray(pids, cJSON_CreateNumber(rv_stall_pids(r, s)[k]));
        cJSON_AddStringToObject(o, "text", s->text);
        cJSON_AddItemToArray(a, o);
    }
}

/* Every scripted event that did not happen, so `expect` can assert there are none. */
static void add_not_applied(cJSON *root, const rv_report *r)
{
    cJSON *na = cJSON_AddObjectToObject(root, "events_not_applied");
    add_u64(na, "count", r->nnot_applied);
    cJSON *a = cJSON_AddArrayToObject(na, "list");
    for (size_t i = 0; i < r->nnot_applied; i++) {
        const rv_not_applied *x = &r->not_applied[i];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "t_s", x->t_s);
        add_count(o, "index", x->index);
        cJSON_AddStringToObject(o, "kind", rv_inject_kind_name(x->kind));
        cJSON_AddNumberToObject(o, "cpu", x->cpu);
        cJSON_AddStringToObject(o, "reason", x->reason);
        cJSON_AddItemToArray(a, o);
    }
}

/* Callbacks moved off CPUs that went offline, and who adopted them. */
static void add_hotplug(cJSON *root, const rv_report *r)
{
    cJSON *h = cJSON_AddObjectToObject(root, "hotplug");
    add_u64(h, "offlines", r->cpu_offlines);
    add_u64(h, "onlines", r->cpu_onlines);
    cJSON *a = cJSON_AddArrayToObject(h, "orphans");
    for (size_t i = 0; i < r->norphans; i++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddNumberToObject(o, "t_s", r->orphans[i].t_s);
        cJSON_AddNumberToObject(o, "cpu", r->orphans[i].cpu);
        cJSON_AddStringToObject(o, "flavor", rv_flavor_name(r->orphans[i].flavor));
        add_count(o, "n", r->orphans[i].n);
        cJSON_AddNumberToObject(o, "adopted_by", r->orphans[i].adopted_by);
        cJSON_AddItemToArray(a, o);
    }
}

static void add_safety(cJSON *root, const rv_report *r)
{
    cJSON *s = cJSON_AddObjectToObject(root, "safety");
    add_u64(s, "readers", r->readers);
    add_u64(s, "callbacks_checked", r->callbacks_checked);
    add_u64(s, "violations", r->violations);
    cJSON *p = cJSON_AddArrayToObject(s, "reader_pipe");
    for (int i = 0; i < RV_PIPE_LEN; i++) {
        char b[32];
        snprintf(b, sizeof b, "%" PRIu64, r->reader_pipe[i]);
        cJSON_AddItemToArray(p, cJSON_CreateRaw(b));
    }
}

cJSON *cli_report_json(const rv_report *r, const rv_config *cfg, double wall_s)
{
    cJSON *root = cJSON_CreateObject();
    if (!root) return NULL;
    cJSON_AddStringToObject(root, "scenario", r->scenario);
    if (cfg) cJSON_AddStringToObject(root, "path", cfg->path);
    cJSON_AddStringToObject(root, "mode", rv_mode_name(r->mode));
    add_count(root, "cpus", r->cpus);
    add_count(root, "hz", r->hz);
    add_u64(root, "seed", r->seed);
    if (cfg) {
        cJSON_AddNumberToObject(root, "duration_s", cfg->duration_s);
        cJSON_AddBoolToObject(root, "busted", cfg->rcu.busted);
    }
    cJSON_AddNumberToObject(root, "sim_seconds", r->sim_seconds);
    cJSON_AddNumberToObject(root, "wall_seconds", wall_s);
    add_tree(root, r);
    cJSON *fl = cJSON_AddObjectToObject(root, "flavors");
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (flavor_on(r, cfg, f)) cJSON_AddItemToObject(fl, rv_flavor_name(f), flavor_json(&r->flavors[f]));
    add_threads(root, r, cfg);
    cJSON *acc = cJSON_AddObjectToObject(root, "accounting");
    cJSON_AddNumberToObject(acc, "rcu_gp_kthreads_s", r->rcu_gp_kthreads_s);
    cJSON_AddNumberToObject(acc, "ksoftirqd_s", r->ksoftirqd_s);
    cJSON_AddNumberToObject(acc, "softirq_inline_s", r->softirq_inline_s);
    cJSON_AddNumberToObject(acc, "rcuc_s", r->rcuc_s);
    cJSON_AddNumberToObject(acc, "tick_s", r->tick_s);
    cJSON_AddNumberToObject(acc, "caller_s", r->caller_s);
    /* the six summed, as the summary and reproduce's softirq-same-cost claim add them (an added key) */
    cJSON_AddNumberToObject(acc, "total_s", r->rcu_gp_kthreads_s + r->ksoftirqd_s + r->softirq_inline_s + r->rcuc_s + r->tick_s + r->caller_s);
    cJSON *lat = cJSON_AddObjectToObject(root, "latency");
    cJSON_AddNumberToObject(lat, "max_irqs_off_us", r->max_irqs_off_us);
    /* what that stretch was: a bare 1.8 ms on big-machine's 3.6 read as the article's GP-init latency,
     * which is a forcing pass there */
    cJSON_AddStringToObject(lat, "max_irqs_off_in", rv_irqoff_kind_name(r->max_irqs_off_in) ? rv_irqoff_kind_name(r->max_irqs_off_in) : "lock");
    cJSON_AddNumberToObject(lat, "max_nonpreempt_us", r->max_nonpreempt_us);
    add_stalls(root, r);
    add_safety(root, r);
    add_hotplug(root, r);
    add_not_applied(root, r);
    add_u64(root, "events", r->events);
    return root;
}

/* ---------------------------------------------------------------- text summary */

#define TOP_THREADS 12
/* Every line of the summary fits a terminal of this width: the same text in a terminal, a file and a
 * pipe (tests and docs quote it), and 80 columns is the narrowest terminal anyone still meets. */
#define SUMMARY_COLUMNS 80

/* Columns of UTF-8 text (the group's "×" is two bytes and one column). */
static int text_columns(const char *s)
{
    int n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* One paragraph of prose, broken at spaces into lines of SUMMARY_COLUMNS at most; lines after the
 * first start with indent spaces. A word longer than a line stays whole. */
static void text_wrapped(FILE *out, int indent, const char *text)
{
    const char *p = text;
    int col = 0;
    bool first = true;
    while (*p) {
        const char *sp = p;
        while (*sp == ' ') sp++;
        const char *we = sp;
        while (*we && *we != ' ') we++;
        char word[512];
        int wl = (int)(we - sp) < (int)sizeof word - 1 ? (int)(we - sp) : (int)sizeof word - 1;
        memcpy(word, sp, (size_t)wl);
        word[wl] = 0;
        int gap = first ? (int)(sp - p) : 1, w = text_columns(word);
        if (!*word) break;
        if (!first && col + gap + w > SUMMARY_COLUMNS) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            gap = 0;
        }
        fprintf(out, "%*s%s", gap, "", word);
        col += gap + w;
        first = false;
        p = we;
    }
    fprintf(out, "\n");
}

/* A thread's CPU seconds to the millisecond, as top's TIME+ is to the hundredth: the microseconds
 * printed before ("931.206000") said nothing a reader used. A thread that ran less than half a
 * millisecond says so rather than "0.000", since it did run (the JSON keeps the exact figure). */
static void fmt_cpu_s(double s, char *b, size_t n)
{
    if (s > 0 && s < 0.0005) snprintf(b, n, "<0.001");
    else snprintf(b, n, "%.3f", s);
}

static void text_threads(FILE *out, const rv_report *r, const rv_config *cfg)
{
    /* top's %CPU: 100% is one CPU busy for the whole run */
    double span = r->sim_seconds > 0 ? r->sim_seconds : 1;
    fprintf(out, "\n  %-20s %12s %9s\n", "THREAD", "CPU s", "%CPU");
    rv_thread_report *ts = sorted_threads(r);
    size_t shown = r->nthreads < TOP_THREADS ? r->nthreads : TOP_THREADS;
    int group = 0; /* the tasks of the first group row shown, for the note under the table */
    for (size_t i = 0; ts && i < shown; i++) {
        const rv_thread_report *t = &ts[i];
        /* a phase's tasks are one row, "hackbench ×16", as in the window: CPU s is their sum, and %CPU
         * each task's average, which top would show on each of their lines ("hackbench 1552.7%" read as
         * one task using 15 CPUs) */
        int n = thread_tasks(t, cfg, r->cpus);
        char name[64], cpu_s[24];
        if (n > 1) snprintf(name, sizeof name, "%s \u00D7%d", t->name, n);
        else snprintf(name, sizeof name, "%s", t->name);
        if (n > 1 && !group) group = n;
        fmt_cpu_s(t->cpu_seconds, cpu_s, sizeof cpu_s);
        int pad = 20 - text_columns(name);
        fprintf(out, "  %s%*s %12s %8.2f%%%s%s\n", name, pad > 0 ? pad : 0, "", cpu_s,
                100.0 * t->cpu_seconds / span / n, n > 1 ? " each" : "", t->alive ? "" : "  (exited)");
    }
    if (r->nthreads > shown) fprintf(out, "  ... and %zu more threads (see --json)\n", r->nthreads - shown);
    if (r->nthreads == 0) fprintf(out, "  (no threads reported)\n");
    if (group) {
        char note[256];
        snprintf(note, sizeof note, "  \u00D7%d: a workload phase's %d tasks, one per CPU, in one row: CPU s is their sum, "
                                    "%%CPU each task's average (top lists each task on a line of its own)", group, group);
        text_wrapped(out, 2, note);
    }
    free(ts);
}

/* "CPU 0", "CPUs 0, 3 and 5", "CPUs 0, 1, 2, 3 and 12 more": whom a list names, the first ones. */
static int who_text(char *b, size_t n, const char *one, const char *many, const char *prefix, const int *ids, int count)
{
    int listed = count < RV_WAITING_LISTED ? count : RV_WAITING_LISTED, shown = listed < 4 ? listed : 4;
    int len = snprintf(b, n, "%s", count == 1 ? one : many);
    for (int i = 0; i < shown && (size_t)len < n; i++)
        len += snprintf(b + len, n - (size_t)len, "%s%s%d", i == 0 ? " " : i == shown - 1 && count == shown ? " and " : ", ",
                        prefix, ids[i]);
    if (count > shown && (size_t)len < n) len += snprintf(b + len, n - (size_t)len, " and %d more", count - shown);
    return len;
}

/* The grace period a flavor ended the run in. The duration columns count completed grace periods
 * only, so omap-stall's GP open for its last 85 s showed nowhere but in "stalls 1": said here, with
 * whom it waits for, as the stall warning would name them. A run that ends mid-GP says so too (a
 * few milliseconds old), and that is no fault. */
static void text_open_gp(FILE *out, int f, const rv_flavor_report *x)
{
    if (!x->gp_in_progress) return;
    char line[768], who[256] = "";
    int len = 0;
    if (x->gp_waiting_cpus) len += who_text(who, sizeof who, "CPU", "CPUs", "", x->gp_waiting_cpu, x->gp_waiting_cpus);
    if (x->gp_waiting_tasks && (size_t)len < sizeof who) {
        if (len) len += snprintf(who + len, sizeof who - (size_t)len, " and ");
        if ((size_t)len < sizeof who)
            who_text(who + len, sizeof who - (size_t)len, "preempted reader", "preempted readers", "P", x->gp_waiting_pid,
                     x->gp_waiting_tasks);
    }
    double age = x->gp_in_progress_s;
    char agetxt[32];
    if (age >= 1) snprintf(agetxt, sizeof agetxt, "%.3f s", age);
    else snprintf(agetxt, sizeof agetxt, "%.3f ms", age * 1e3);
    /* a 3.7 init walk not yet at every leaf owes its CPUs' bits to the leaves it has not set up */
    const char *state = x->gp_phase == RV_GP_INIT ? (who[0] ? "initialising the rcu_node tree, so far waiting for "
                                                             : "initialising the rcu_node tree")
                      : who[0] ? "waiting for " : "every CPU and task has reported: it is ending";
    snprintf(line, sizeof line, "  %s: 1 grace period still in progress at the end: GP %" PRIu64 ", %s old (%s%s)%s",
             rv_flavor_name(f), x->gpnum, agetxt, state, who,
             age * 1e3 > x->gp_ms_max ? "; longer than any completed GP, which is all the ms columns count" : "");
    text_wrapped(out, 4, line);
}

/* Seconds in one unit for a line of figures meant to be added up: the unit of their total. */
typedef struct unit { double scale; const char *name; int decimals; } unit;
static unit unit_for(double total_s)
{
    if (total_s >= 1 || total_s == 0) return (unit){1, "s", 3};
    if (total_s >= 1e-3) return (unit){1e3, "ms", 3};
    return (unit){1e6, "us", 1};
}

static void text_flavors(FILE *out, const rv_report *r, const rv_config *cfg)
{
    /* Three tables of 80 columns at most, where one row per flavor ran to 120: grace periods, their
     * cost, their callbacks. Counts run to eight digits on a long run (hackbench's 10 minutes: 11
     * million updates, 10 million probes): columns wide enough that a count never runs into its
     * neighbour ("63308 346708" read as one "FQS probes" figure). */
    fprintf(out, "\n  %-12s %8s %10s %7s %8s %8s %9s %6s\n", "FLAVOR", "GPs", "updates", "upd/GP", "p50 ms", "p99 ms", "max ms",
            "stalls");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!flavor_on(r, cfg, f)) continue;
        const rv_flavor_report *x = &r->flavors[f];
        fprintf(out, "  %-12s %8" PRIu64 " %10" PRIu64 " %7.1f %8.2f %8.2f %9.2f %6" PRIu64 "\n", rv_flavor_name(f),
                x->grace_periods, x->updates, x->updates_per_gp, x->gp_ms_p50, x->gp_ms_p99, x->gp_ms_max, x->stall_warnings);
    }
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (flavor_on(r, cfg, f)) text_open_gp(out, f, &r->flavors[f]);
    text_wrapped(out, 2, "  updates: callbacks queued; upd/GP: per completed GP; p50/p99/max ms: how long the "
                         "completed GPs took (median, 99th percentile, longest)");

    fprintf(out, "\n  %-12s %10s %11s %10s %11s %8s\n", "FLAVOR", "us/GP", "ns/update", "FQS", "probes", "offline");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!flavor_on(r, cfg, f)) continue;
        const rv_flavor_report *x = &r->flavors[f];
        fprintf(out, "  %-12s %10.2f %11.1f %10" PRIu64 " %11" PRIu64 " %8" PRIu64 "\n", rv_flavor_name(f), x->overhead_per_gp_us,
                x->overhead_per_update_ns, x->fqs_scans, x->idle_probes, x->offline_credits);
    }
    text_wrapped(out, 2, "  us/GP, ns/update: CPU time of the GP machinery (wherever charged) per GP, per update; "
                         "FQS: forcing passes; probes: remote dynticks reads; offline: QSs FQS credited to offline CPUs");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        const rv_flavor_report *x = &r->flavors[f];
        /* the split a reader of the article needs: GP work (which 3.6 runs too, hidden in softirq and
         * idle drains) against what only a kthread pays to be scheduled */
        if (!flavor_on(r, cfg, f) || !(x->kthread_sched_us > 0 && x->grace_periods)) continue;
        char line[512];
        snprintf(line, sizeof line, "  %s: of the %.2f us/GP, %.2f us is the GP kthread's own scheduling (wake_up(), its "
                 "context switches, its FQS timer: %.1f sleep/wake cycles per GP); GP work %.2f us", rv_flavor_name(f),
                 x->overhead_per_gp_us, x->kthread_sched_us / (double)x->grace_periods,
                 (double)x->kthread_wakeups / (double)x->grace_periods,
                 (x->gp_overhead_us - x->kthread_sched_us) / (double)x->grace_periods);
        text_wrapped(out, 4, line);
    }

    bool any = false;
    for (int f = 0; f < RV_NFLAVORS; f++) any |= flavor_on(r, cfg, f) && (r->flavors[f].sync_calls || r->flavors[f].callbacks_invoked);
    if (!any) return;
    fprintf(out, "\n  %-12s %10s %13s %12s %13s\n", "FLAVOR", "callbacks", "latency ms", "synchronize", "latency ms");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!flavor_on(r, cfg, f)) continue;
        const rv_flavor_report *x = &r->flavors[f];
        fprintf(out, "  %-12s %10" PRIu64 " %13.2f %12" PRIu64 " %13.2f\n", rv_flavor_name(f), x->callbacks_invoked,
                x->callback_latency_ms_mean, x->sync_calls, x->sync_latency_ms_mean);
    }
    text_wrapped(out, 2, "  callbacks invoked, synchronize_*() calls returned: counts and mean latency");
}

/* Where RCU's CPU time went, its total (the figure the article's claim compares: the student added
 * six numbers by hand), and where the costs behind it come from. */
static void text_rcu_time(FILE *out, const rv_report *r)
{
    const double part[] = {r->rcu_gp_kthreads_s, r->ksoftirqd_s, r->softirq_inline_s, r->rcuc_s, r->tick_s, r->caller_s};
    double total = 0;
    for (size_t i = 0; i < sizeof part / sizeof *part; i++) total += part[i];
    unit u = unit_for(total);
    char line[1024];
    const int d = u.decimals;
    snprintf(line, sizeof line, "RCU CPU time, %.*f %s in all: GP kthreads %.*f, ksoftirqd %.*f, softirq inline (hidden in "
             "other tasks) %.*f, rcuc %.*f, scheduling-clock tick %.*f, tasks (call_rcu(), idle drains, context switches) "
             "%.*f %s", d, total * u.scale, u.name, d, part[0] * u.scale, d, part[1] * u.scale, d, part[2] * u.scale, d,
             part[3] * u.scale, d, part[4] * u.scale, d, part[5] * u.scale, u.name);
    text_wrapped(out, 2, line);
    text_wrapped(out, 2, "  costs: the model's per-operation figures (README, \"Costs\"; --set costs.NAME=NS changes "
                         "one); `rcuvis reproduce` compares the results with the article");
}

/* rcutorture's Reader Pipe is the ages of the torture writer's elements that readers saw: a run
 * without rcutorture pieces printed "Reader Pipe: 0 0 0 ..." (or a lone 1 from a scripted long
 * reader), a line that says nothing there. It stays whenever a reader saw an element a grace
 * period past its retirement (index 2 on): that is an RCU bug, never hidden. The JSON report keeps
 * safety.reader_pipe always. */
static bool reader_pipe_says_something(const rv_report *r, const rv_config *cfg)
{
    for (int i = 2; i < RV_PIPE_LEN; i++) if (r->reader_pipe[i]) return true;
    if (!cfg) return true;
    for (size_t i = 0; i < cfg->nphases; i++)
        if (cfg->phases[i].torture_writer || cfg->phases[i].torture_fake_writers > 0) return true;
    return false;
}

void cli_report_text(FILE *out, const rv_report *r, const rv_config *cfg, double wall_s)
{
    fprintf(out, "%s: %d CPUs, HZ %d, %s mode (%s), seed %" PRIu64 "%s\n", r->scenario, r->cpus, r->hz,
            rv_mode_name(r->mode), r->mode == RV_MODE_KTHREAD ? "3.7" : "3.6", r->seed,
            cfg && cfg->rcu.busted ? ", BUSTED RCU" : "");
    char sim[256];
    int n = snprintf(sim, sizeof sim, "simulated %.3f s in %.3f s of wall time", r->sim_seconds, wall_s);
    if (wall_s >= 1e-4) { /* slower than real time (4096 CPUs) reads 0.14x, not 0x */
        double x = r->sim_seconds / wall_s;
        n += snprintf(sim + n, sizeof sim - (size_t)n, x >= 10 ? " (%.0fx real time)" : " (%.2gx real time)", x);
    }
    snprintf(sim + n, sizeof sim - (size_t)n, "; %" PRIu64 " events", r->events);
    text_wrapped(out, 2, sim);
    fprintf(out, "rcu_node tree: %d level%s, %d node%s", r->tree_levels, r->tree_levels == 1 ? "" : "s", r->tree_nodes,
            r->tree_nodes == 1 ? "" : "s");
    for (int l = 0; r->tree_levels > 1 && l < r->tree_levels && l < 4; l++)
        fprintf(out, "%s%d", l ? " + " : " (", r->nodes_per_level[l]);
    fprintf(out, "%s, fanout %d, leaf %d\n", r->tree_levels > 1 ? ")" : "", r->fanout, r->fanout_leaf);
    text_threads(out, r, cfg);
    text_flavors(out, r, cfg);
    fprintf(out, "\n");
    text_rcu_time(out, r);
    char line[1024];
    snprintf(line, sizeof line, "latency (RCU's own code): longest irqs-off stretch %.1f us%s, longest non-preemptible stretch %.1f us",
             r->max_irqs_off_us, rv_irqoff_kind_words(r->max_irqs_off_in), r->max_nonpreempt_us);
    text_wrapped(out, 2, line);
    snprintf(line, sizeof line, "safety: %" PRIu64 " readers, %" PRIu64 " callbacks checked, %" PRIu64 " violation%s%s", r->readers,
             r->callbacks_checked, r->violations, r->violations == 1 ? "" : "s",
             r->violations ? "  <-- callbacks ran, or grace periods ended, under readers that predate them" : "");
    text_wrapped(out, 2, line);
    if (reader_pipe_says_something(r, cfg)) {
        fprintf(out, "Reader Pipe:");
        for (int i = 0; i < RV_PIPE_LEN; i++) fprintf(out, " %" PRIu64, r->reader_pipe[i]);
        fprintf(out, "\n");
    }
    /* only with --json or --trace before: a hotplug scenario's summary said nothing of its CPUs going and coming */
    if (r->cpu_offlines || r->cpu_onlines) {
        uint64_t moved = 0;
        for (size_t i = 0; i < r->norphans; i++) moved += (uint64_t)r->orphans[i].n;
        /* the counts, then one line per batch (the first three): one line of all of them ran to 200 columns */
        fprintf(out, "hotplug: %" PRIu64 " offline%s, %" PRIu64 " online%s; %" PRIu64 " callback%s moved off dying CPUs in %zu batch%s%s\n",
                r->cpu_offlines, r->cpu_offlines == 1 ? "" : "s", r->cpu_onlines, r->cpu_onlines == 1 ? "" : "s", moved,
                moved == 1 ? "" : "s", r->norphans, r->norphans == 1 ? "" : "es", r->norphans ? ":" : "");
        for (size_t i = 0; i < r->norphans && i < 3; i++)
            fprintf(out, "  CPU %d -> CPU %d at %.6f s (%ld %s)\n", r->orphans[i].cpu, r->orphans[i].adopted_by, r->orphans[i].t_s,
                    r->orphans[i].n, rv_flavor_name(r->orphans[i].flavor));
        if (r->norphans > 3) fprintf(out, "  ... and %zu more (see --json)\n", r->norphans - 3);
    }
    if (r->nstalls == 0) fprintf(out, "stalls: none\n");
    /* the kernel's own text, whole and on one line as dmesg has it (greps for it must find it) */
    for (size_t i = 0; i < r->nstalls; i++) {
        /* stamped as printk stamps (and --dmesg prints) it: microseconds truncated, not rounded */
        long long ns = llround(r->stalls[i].t_s * 1e9);
        fprintf(out, "stall [%5lld.%06lld] %s\n", ns / 1000000000LL, ns % 1000000000LL / 1000, r->stalls[i].text);
    }
    cli_report_not_applied(out, r, cfg ? (cfg->path[0] ? cfg->path : cfg->name) : r->scenario);
}

/* Events due only after a shortened run's end, in one line: rcutorture cut to 5 s has ~400 of them,
 * and a wall of identical warnings would hide the ones that say something went wrong. A note, not
 * a warning: whoever shortened the run chose it (the workbook's own "Try it" commands do), and
 * nothing went wrong; --strict and expect still count them. The JSON report keeps every entry. */
static void report_after_end(FILE *out, const rv_report *r, const char *file)
{
    size_t n = 0, shown = 0;
    for (size_t i = 0; i < r->nnot_applied; i++) n += r->not_applied[i].after_end;
    if (!n) return;
    fprintf(out, "note: %s: this run ends at %g s, before %zu scripted event%s:", file, r->sim_seconds, n, n == 1 ? "" : "s");
    for (size_t i = 0; i < r->nnot_applied && shown < 3; i++) {
        const rv_not_applied *x = &r->not_applied[i];
        if (!x->after_end) continue;
        fprintf(out, "%s $.events[%d] (%s at %.9g s)", shown ? "," : "", x->index, rv_inject_kind_name(x->kind), x->t_s);
        shown++;
    }
    if (n > shown) fprintf(out, " and %zu more", n - shown);
    fprintf(out, "; the scenario's own duration_s runs %s (--json lists each)\n", n == 1 ? "it" : "them");
}

/* Past this many, one line counts the rest: a 1,024-CPU scenario whose 37 triggers never fired printed
 * 37 warnings of 250 characters each, burying the run's summary. --json lists every one. */
#define NOT_APPLIED_SHOWN 10

void cli_report_not_applied(FILE *out, const rv_report *r, const char *file)
{
    report_after_end(out, r, file);
    size_t shown = 0, rest = 0;
    for (size_t i = 0; i < r->nnot_applied; i++) {
        const rv_not_applied *x = &r->not_applied[i];
        if (x->after_end) continue;
        if (shown == NOT_APPLIED_SHOWN) { rest++; continue; }
        shown++;
        /* what and when in the parentheses, why in the reason: a triggered event that never came
         * due has no time, and its reason says what its trigger did */
        char cpu[24], when[48] = "";
        if (x->cpu >= 0) snprintf(cpu, sizeof cpu, "cpu %d", x->cpu);
        else snprintf(cpu, sizeof cpu, "all CPUs");
        if (x->t_s >= 0) snprintf(when, sizeof when, ", due at %.9g s", x->t_s);
        fprintf(out, "warning: %s: $.events[%d] (%s, %s%s) was not applied: %s\n", file, x->index,
                rv_inject_kind_name(x->kind), cpu, when, x->reason);
    }
    if (rest)
        fprintf(out, "warning: %s: and %zu more scripted event%s not applied (--json lists each, with its reason)\n", file, rest,
                rest == 1 ? " was" : "s were");
}
