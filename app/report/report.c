/* report.c — rv_report to the JSON of `rcuvis run --json`, and to the readable summary. */
#include "report/report.h"

#include <inttypes.h>
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
    cJSON *lat = cJSON_AddObjectToObject(root, "latency");
    cJSON_AddNumberToObject(lat, "max_irqs_off_us", r->max_irqs_off_us);
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

/* Columns of UTF-8 text (the group's "×" is two bytes and one column). */
static int text_columns(const char *s)
{
    int n = 0;
    for (; *s; s++) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
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
        char name[64];
        if (n > 1) snprintf(name, sizeof name, "%s \u00D7%d", t->name, n);
        else snprintf(name, sizeof name, "%s", t->name);
        if (n > 1 && !group) group = n;
        int pad = 20 - text_columns(name);
        fprintf(out, "  %s%*s %12.6f %8.2f%%%s%s\n", name, pad > 0 ? pad : 0, "", t->cpu_seconds,
                100.0 * t->cpu_seconds / span / n, n > 1 ? " each" : "", t->alive ? "" : "  (exited)");
    }
    if (r->nthreads > shown) fprintf(out, "  ... and %zu more threads (see --json)\n", r->nthreads - shown);
    if (r->nthreads == 0) fprintf(out, "  (no threads reported)\n");
    if (group)
        fprintf(out, "  \u00D7%d: a workload phase's %d tasks, one per CPU, in one row: CPU s is their sum, %%CPU each\n"
                     "  task's average (top lists each task on a line of its own)\n", group, group);
    free(ts);
}

static void text_flavors(FILE *out, const rv_report *r, const rv_config *cfg)
{
    /* FQS passes and idle probes run to six and seven digits on a long run: columns wide enough that a
     * count never runs into its neighbour ("63308 346708" read as one "FQS probes" figure) */
    fprintf(out, "\n  %-12s %8s %9s %7s %26s %11s %11s %8s %9s %6s\n", "FLAVOR", "GPs", "updates", "upd/GP",
            "GP ms p50 / p99 / max", "us/GP", "ns/update", "FQS", "probes", "stalls");
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!flavor_on(r, cfg, f)) continue;
        const rv_flavor_report *x = &r->flavors[f];
        char gp[40];
        snprintf(gp, sizeof gp, "%.2f / %.2f / %.2f", x->gp_ms_p50, x->gp_ms_p99, x->gp_ms_max);
        fprintf(out, "  %-12s %8" PRIu64 " %9" PRIu64 " %7.1f %26s %11.2f %11.1f %8" PRIu64 " %9" PRIu64 " %6" PRIu64 "\n",
                rv_flavor_name(f), x->grace_periods, x->updates, x->updates_per_gp, gp, x->overhead_per_gp_us,
                x->overhead_per_update_ns, x->fqs_scans, x->idle_probes, x->stall_warnings);
        if (x->sync_calls || x->callbacks_invoked)
            fprintf(out, "  %-12s %" PRIu64 " callbacks invoked (mean latency %.2f ms), %" PRIu64
                         " synchronize calls (mean %.2f ms), %" PRIu64 " offline credits\n",
                    "", x->callbacks_invoked, x->callback_latency_ms_mean, x->sync_calls, x->sync_latency_ms_mean,
                    x->offline_credits);
        /* the split a reader of the article needs: GP work (which 3.6 runs too, hidden in softirq and
         * idle drains) against what only a kthread pays to be scheduled */
        if (x->kthread_sched_us > 0 && x->grace_periods)
            fprintf(out, "  %-12s of the %.2f us/GP, %.2f us is the GP kthread's own scheduling (wake_up(), its context "
                         "switches, its FQS timer: %.1f sleep/wake cycles per GP); GP work %.2f us\n", "", x->overhead_per_gp_us,
                    x->kthread_sched_us / (double)x->grace_periods, (double)x->kthread_wakeups / (double)x->grace_periods,
                    (x->gp_overhead_us - x->kthread_sched_us) / (double)x->grace_periods);
    }
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
    fprintf(out, "simulated %.3f s in %.3f s of wall time", r->sim_seconds, wall_s);
    if (wall_s >= 1e-4) { /* slower than real time (4096 CPUs) reads 0.14x, not 0x */
        double x = r->sim_seconds / wall_s;
        fprintf(out, x >= 10 ? " (%.0fx real time)" : " (%.2gx real time)", x);
    }
    fprintf(out, "; %" PRIu64 " events\n", r->events);
    fprintf(out, "rcu_node tree: %d level%s, %d node%s", r->tree_levels, r->tree_levels == 1 ? "" : "s", r->tree_nodes,
            r->tree_nodes == 1 ? "" : "s");
    for (int l = 0; r->tree_levels > 1 && l < r->tree_levels && l < 4; l++)
        fprintf(out, "%s%d", l ? " + " : " (", r->nodes_per_level[l]);
    fprintf(out, "%s, fanout %d, leaf %d\n", r->tree_levels > 1 ? ")" : "", r->fanout, r->fanout_leaf);
    text_threads(out, r, cfg);
    text_flavors(out, r, cfg);
    fprintf(out, "\nRCU CPU time: GP kthreads %.6f s, ksoftirqd %.6f s, softirq inline (hidden in other tasks) %.6f s,\n"
                 "              rcuc %.6f s, scheduling-clock tick %.6f s,\n"
                 "              tasks (call_rcu(), idle drains, context switches) %.6f s\n",
            r->rcu_gp_kthreads_s, r->ksoftirqd_s, r->softirq_inline_s, r->rcuc_s, r->tick_s, r->caller_s);
    fprintf(out, "latency (RCU's own code): longest irqs-off stretch %.1f us, longest non-preemptible stretch %.1f us\n",
            r->max_irqs_off_us, r->max_nonpreempt_us);
    fprintf(out, "safety: %" PRIu64 " readers, %" PRIu64 " callbacks checked, %" PRIu64 " violation%s%s\n", r->readers,
            r->callbacks_checked, r->violations, r->violations == 1 ? "" : "s",
            r->violations ? "  <-- callbacks ran, or grace periods ended, under readers that predate them" : "");
    if (reader_pipe_says_something(r, cfg)) {
        fprintf(out, "Reader Pipe:");
        for (int i = 0; i < RV_PIPE_LEN; i++) fprintf(out, " %" PRIu64, r->reader_pipe[i]);
        fprintf(out, "\n");
    }
    /* only with --json or --trace before: a hotplug scenario's summary said nothing of its CPUs going and coming */
    if (r->cpu_offlines || r->cpu_onlines) {
        uint64_t moved = 0;
        for (size_t i = 0; i < r->norphans; i++) moved += (uint64_t)r->orphans[i].n;
        fprintf(out, "hotplug: %" PRIu64 " offline%s, %" PRIu64 " online%s; %" PRIu64 " callback%s moved off dying CPUs in %zu batch%s",
                r->cpu_offlines, r->cpu_offlines == 1 ? "" : "s", r->cpu_onlines, r->cpu_onlines == 1 ? "" : "s", moved,
                moved == 1 ? "" : "s", r->norphans, r->norphans == 1 ? "" : "es");
        for (size_t i = 0; i < r->norphans && i < 3; i++)
            fprintf(out, "%s CPU %d -> CPU %d at %.6f s (%ld %s)", i ? "," : ":", r->orphans[i].cpu, r->orphans[i].adopted_by,
                    r->orphans[i].t_s, r->orphans[i].n, rv_flavor_name(r->orphans[i].flavor));
        fprintf(out, "%s\n", r->norphans > 3 ? ", ... (see --json)" : "");
    }
    if (r->nstalls == 0) fprintf(out, "stalls: none\n");
    for (size_t i = 0; i < r->nstalls; i++)
        fprintf(out, "stall [%12.6f] %s\n", r->stalls[i].t_s, r->stalls[i].text);
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
