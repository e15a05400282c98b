/* paths.c — `rcuvis check --paths`: every report path an expect can name, and which report paths count each trace event kind. */
#include "report/report.h"
#include "report/expect.h"

#include <stdio.h>
#include <string.h>

/* Where the report summarises each kind of trace event. Kinds that are plumbing (a CPU noticing a
 * GP, one node of the init walk) are listed with NULL: assert on what they lead to, or read --trace.
 * test_cli_expect.c fails when a new event kind is missing here or a path is not in the shape. */
const report_event_paths report_event_path_table[] = {
    {"reader_begin", "safety.readers", "read-side critical sections that finished"},
    {"reader_end", "safety.readers", NULL},
    {"reader_block", "flavors.rcu_preempt.blocked_tasks", "readers preempted onto blkd_tasks; blocked_tasks_gp: of them, blocking a GP"},
    {"cb_queue", "flavors.<flavor>.updates", "callbacks queued (call_rcu, kfree_rcu, synchronize)"},
    {"cb_invoke", "flavors.<flavor>.callbacks_invoked", "also callback_latency_ms_mean"},
    {"gp_start", "flavors.<flavor>.grace_periods", "counted when they end; gp_duration_ms.p50/p99/max"},
    {"gp_init_node", NULL, "plumbing: the init walk; assert on grace_periods or tree.*"},
    {"gp_end", "flavors.<flavor>.grace_periods", NULL},
    {"gp_cleanup_node", NULL, "plumbing: the cleanup walk"},
    {"note_gp", NULL, "plumbing: a CPU noticed a new GP"},
    {"qs", NULL, "plumbing: a local quiescent state; its report is qs_report"},
    {"qs_report", NULL, "not counted: grace_periods end only when every report is in"},
    {"fqs", "flavors.<flavor>.fqs_scans", "also idle_probes (remote dynticks reads)"},
    {"fqs_credit", "flavors.<flavor>.dyntick_credits", "\"dti\" and \"snap\"; \"ofl\" credits are flavors.<flavor>.offline_credits"},
    {"idle_enter", NULL, "not counted: use accounting.* or --trace"},
    {"idle_exit", NULL, NULL},
    {"cpu_offline", "hotplug.offlines", NULL},
    {"cpu_online", "hotplug.onlines", NULL},
    {"cb_orphan", "hotplug.orphans", "each record: t_s, cpu, flavor, n, adopted_by; totals flavors.<flavor>.callbacks_orphaned / callbacks_adopted"},
    {"stall", "stalls", "each warning: t_s, jiffies, flavor, cpu, kind, cpu_list, pid_list, text; flavors.<flavor>.stall_warnings"},
    {"sync_begin", "flavors.<flavor>.sync_calls", "also sync_latency_ms_mean"},
    {"sync_end", "flavors.<flavor>.sync_calls", NULL},
    {"kthread_wake", "threads.<name>.cpu_seconds", "GP kthreads' CPU time; accounting.rcu_gp_kthreads_s"},
    {"softirq", "accounting.softirq_inline_s", "also accounting.ksoftirqd_s and threads.ksoftirqd/N"},
    /* latency.* measures RCU's own stretches (GP init and cleanup, FQS passes, callback batches): an
     * injected loop is the workload's, and pointing an author there let "the loop ran 25 s" be
     * asserted on a figure of a few microseconds */
    {"kernel_loop", "stalls", "if it outlasts the stall timeout; also flavors.<flavor>.gp_duration_ms.max. Not latency.*: "
                              "that counts RCU's own stretches only"},
    {"inject", "events_not_applied", "scripted events that were refused or never triggered: count, list.N.{t_s,index,kind,cpu,reason}"},
    {"caption", NULL, "not an assertion"},
    {"violation", "safety.violations", NULL},
    {"idle_drain", NULL, "RCU_FAST_NO_HZ drain passes: assert on accounting.* or --trace"},
    {"boost (RCU_BOOST)", "accounting.rcuc_s", "callbacks run in rcuc/N; threads.rcuc/N; priority boosting of readers is not modelled"},
    {NULL, NULL, NULL},
};

/* The type column of the list: what an expect may compare the value with follows from it. */
static const char *type_word(rk_type t)
{
    return t == RT_COUNT ? "count" : t == RT_STRING ? "string" : t == RT_BOOL ? "true/false" : "number";
}

/* What a leaf of a closed set can hold, after its type: the strings, or the CPU numbers. */
static void print_domain(FILE *out, const rk_key *k)
{
    const char *const *vals = rk_key_values(k);
    if (vals) {
        size_t n = 0;
        while (vals[n]) n++;
        fprintf(out, ":");
        for (size_t i = 0; i < n; i++) fprintf(out, "%s\"%s\"", i == 0 ? " " : i + 1 == n ? " or " : ", ", vals[i]);
        if (k->domain == RKD_FLAVOR) fprintf(out, " (enabled ones)");
    } else if (k->domain == RKD_CPU) {
        fprintf(out, ": a CPU, 0..cpus-1");
    } else if (k->domain == RKD_CPU_ALL) {
        fprintf(out, ": a CPU, 0..cpus-1, or -1 (all CPUs)");
    } else if (k->domain == RKD_THREAD) {
        fprintf(out, ": a phase's task or a kernel thread of the configuration");
    }
}

/* Which CPU a CPU path names, where its name leaves it open: an author who read stalls.0.cpu as the
 * stalled CPU asserted it and only the run said otherwise (a warning of kind "other" is printed by
 * the CPU that noticed; the stalled ones are its cpu_list). */
static const struct { const char *path, *note; } cpu_notes[] = {
    {"stalls.<i>.cpu", "the CPU whose tick printed the warning: the stalled one for kind \"self\","},
    {"stalls.<i>.cpu", "the one that noticed for \"other\" (the stalled CPUs are its cpu_list)"},
    {"stalls.<i>.cpu_list.<i>", "every CPU the warning names as stalled, in its order ([cpu] for \"self\")"},
    {"stalls.<i>.pid_list.<i>", "every blocked task it names (\" P<pid>\"), in its order; a one-node tree prints each twice"},
    {"hotplug.orphans.<i>.cpu", "the CPU that went offline with the callbacks"},
    {"hotplug.orphans.<i>.adopted_by", "the online CPU that took them"},
};

static void print_notes(FILE *out, const char *path)
{
    for (size_t i = 0; i < sizeof cpu_notes / sizeof cpu_notes[0]; i++)
        if (strcmp(cpu_notes[i].path, path) == 0) fprintf(out, "  %-44s %s\n", "", cpu_notes[i].note);
}

static void walk(FILE *out, const rk_key *keys, char *prefix, size_t len, size_t cap)
{
    for (const rk_key *k = keys; k->name; k++) {
        const char *seg = k->kind == RK_FLAVORS ? "%s%s.<flavor>" : k->kind == RK_ARRAY ? "%s%s.<i>" : "%s%s";
        size_t n = len;
        n += (size_t)snprintf(prefix + len, cap - len, seg, len ? "." : "", k->name);
        if (n >= cap) n = cap - 1;
        if (k->kind == RK_ARRAY) {
            char whole[440];
            snprintf(whole, sizeof whole, "%.*s.length", (int)(n - 4), prefix);
            fprintf(out, "  %-44s %s%s\n", whole, type_word(RT_COUNT), k->by_name ? "   (items also by name: .<name>)" : "");
        }
        if (k->sub) walk(out, k->sub, prefix, n, cap);
        else {
            fprintf(out, "  %-44s %s", prefix, type_word(k->type));
            print_domain(out, k);
            fprintf(out, "\n");
            print_notes(out, prefix);
        }
        prefix[len] = 0;
    }
}

void report_print_paths(FILE *out)
{
    char prefix[400] = "";
    fprintf(out, "Report paths an expect can name (<flavor>: rcu_sched, rcu_bh, rcu_preempt when enabled;\n"
                 "<i>: an index from 0; <name>: a thread's name), and what each holds: a number or a count\n"
                 "(a whole number, 0 or more) takes min, max and equals; a string only equals with a string;\n"
                 "true/false only equals with true or false; after a colon, the values a path can hold\n"
                 "(rcuvis check refuses an equals outside them):\n");
    walk(out, cli_report_shape, prefix, 0, sizeof prefix);
    walk(out, expect_run_shape, prefix, 0, sizeof prefix); /* what `rcuvis run` adds to it */
    fprintf(out, "\nTrace events (rcuvis run --trace) and the report paths that count them:\n");
    for (const report_event_paths *p = report_event_path_table; p->event; p++)
        fprintf(out, "  %-18s %s%s%s\n", p->event, p->path ? p->path : "-", p->note ? "  " : "", p->note ? p->note : "");
}
