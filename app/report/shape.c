/* shape.c — the keys of the report JSON as data, so `rcuvis check` can vet expect paths without a run. */
#include "report/report.h"

#include <stddef.h>

/* Keep in step with cli_report_json(); test_cli_expect.c walks both and fails when they differ. */

static const rk_key gp_duration[] = {{"p50", RK_LEAF, NULL, false}, {"p99", RK_LEAF, NULL, false},
                                     {"max", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false}};

static const rk_key flavor[] = {
    {"grace_periods", RK_LEAF, NULL, false}, {"updates", RK_LEAF, NULL, false},
    {"callbacks_invoked", RK_LEAF, NULL, false}, {"updates_per_gp", RK_LEAF, NULL, false},
    {"gp_overhead_us", RK_LEAF, NULL, false}, {"overhead_per_gp_us", RK_LEAF, NULL, false},
    {"overhead_per_update_ns", RK_LEAF, NULL, false}, {"gp_duration_ms", RK_OBJECT, gp_duration, false},
    {"fqs_scans", RK_LEAF, NULL, false}, {"idle_probes", RK_LEAF, NULL, false},
    {"offline_credits", RK_LEAF, NULL, false}, {"stall_warnings", RK_LEAF, NULL, false},
    {"sync_calls", RK_LEAF, NULL, false}, {"sync_latency_ms_mean", RK_LEAF, NULL, false},
    {"callback_latency_ms_mean", RK_LEAF, NULL, false}, {"callbacks_orphaned", RK_LEAF, NULL, false},
    {"callbacks_adopted", RK_LEAF, NULL, false}, {"blocked_tasks", RK_LEAF, NULL, false},
    {"blocked_tasks_gp", RK_LEAF, NULL, false}, {"dyntick_credits", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key tree[] = {
    {"levels", RK_LEAF, NULL, false}, {"nodes", RK_LEAF, NULL, false}, {"nodes_per_level", RK_ARRAY, NULL, false},
    {"fanout", RK_LEAF, NULL, false}, {"fanout_leaf", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key thread[] = {
    {"name", RK_LEAF, NULL, false}, {"cpu_seconds", RK_LEAF, NULL, false}, {"alive", RK_LEAF, NULL, false},
    {"kernel_thread", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key accounting[] = {
    {"rcu_gp_kthreads_s", RK_LEAF, NULL, false}, {"ksoftirqd_s", RK_LEAF, NULL, false},
    {"softirq_inline_s", RK_LEAF, NULL, false}, {"rcuc_s", RK_LEAF, NULL, false},
    {"tick_s", RK_LEAF, NULL, false}, {"caller_s", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key latency[] = {
    {"max_irqs_off_us", RK_LEAF, NULL, false}, {"max_nonpreempt_us", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key stall[] = {
    {"t_s", RK_LEAF, NULL, false}, {"jiffies", RK_LEAF, NULL, false}, {"flavor", RK_LEAF, NULL, false},
    {"cpu", RK_LEAF, NULL, false}, {"kind", RK_LEAF, NULL, false}, {"text", RK_LEAF, NULL, false},
    {NULL, RK_LEAF, NULL, false},
};

static const rk_key safety[] = {
    {"readers", RK_LEAF, NULL, false}, {"callbacks_checked", RK_LEAF, NULL, false},
    {"violations", RK_LEAF, NULL, false}, {"reader_pipe", RK_ARRAY, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key orphan[] = {
    {"t_s", RK_LEAF, NULL, false}, {"cpu", RK_LEAF, NULL, false}, {"flavor", RK_LEAF, NULL, false},
    {"n", RK_LEAF, NULL, false}, {"adopted_by", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key hotplug[] = {{"offlines", RK_LEAF, NULL, false}, {"onlines", RK_LEAF, NULL, false},
                                 {"orphans", RK_ARRAY, orphan, false}, {NULL, RK_LEAF, NULL, false}};

static const rk_key not_applied_item[] = {
    {"t_s", RK_LEAF, NULL, false}, {"index", RK_LEAF, NULL, false}, {"kind", RK_LEAF, NULL, false},
    {"cpu", RK_LEAF, NULL, false}, {"reason", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};

static const rk_key not_applied[] = {
    {"count", RK_LEAF, NULL, false}, {"list", RK_ARRAY, not_applied_item, false}, {NULL, RK_LEAF, NULL, false},
};

const rk_key cli_report_shape[] = {
    {"scenario", RK_LEAF, NULL, false}, {"path", RK_LEAF, NULL, false}, {"mode", RK_LEAF, NULL, false},
    {"cpus", RK_LEAF, NULL, false}, {"hz", RK_LEAF, NULL, false}, {"seed", RK_LEAF, NULL, false},
    {"duration_s", RK_LEAF, NULL, false}, {"busted", RK_LEAF, NULL, false}, {"sim_seconds", RK_LEAF, NULL, false},
    {"wall_seconds", RK_LEAF, NULL, false}, {"tree", RK_OBJECT, tree, false}, {"flavors", RK_FLAVORS, flavor, false},
    {"threads", RK_ARRAY, thread, true}, {"accounting", RK_OBJECT, accounting, false},
    {"latency", RK_OBJECT, latency, false}, {"stalls", RK_ARRAY, stall, false}, {"safety", RK_OBJECT, safety, false},
    {"hotplug", RK_OBJECT, hotplug, false}, {"events_not_applied", RK_OBJECT, not_applied, false},
    {"events", RK_LEAF, NULL, false}, {NULL, RK_LEAF, NULL, false},
};
