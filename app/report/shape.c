/* shape.c — the keys of the report JSON and the type of each value, as data, so `rcuvis check` can vet expect paths and comparisons without a run. */
#include "report/report.h"

#include <stddef.h>

/* Keep in step with cli_report_json(); test_cli_expect.c walks both and fails when a key or a
 * value's type differs (RT_COUNT where the builder calls add_u64, which writes a raw integer). */

#define NUM(n) {n, RK_LEAF, NULL, false, RT_NUMBER}
#define CNT(n) {n, RK_LEAF, NULL, false, RT_COUNT}
#define STR(n) {n, RK_LEAF, NULL, false, RT_STRING}
#define BOOL(n) {n, RK_LEAF, NULL, false, RT_BOOL}
#define OBJ(n, sub) {n, RK_OBJECT, sub, false, RT_NONE}
#define LIST(n, items) {n, RK_ARRAY, NULL, false, items} /* an array of plain values */
#define END {NULL, RK_LEAF, NULL, false, RT_NONE}

static const rk_key gp_duration[] = {NUM("p50"), NUM("p99"), NUM("max"), END};

static const rk_key flavor[] = {
    CNT("grace_periods"), CNT("updates"), CNT("callbacks_invoked"), NUM("updates_per_gp"),
    NUM("gp_overhead_us"), NUM("fqs_overhead_us"), NUM("kthread_sched_us"), CNT("kthread_wakeups"), CNT("node_lock_visits"), NUM("overhead_per_gp_us"), NUM("overhead_per_update_ns"),
    OBJ("gp_duration_ms", gp_duration), CNT("fqs_scans"), CNT("idle_probes"), CNT("offline_credits"),
    CNT("stall_warnings"), CNT("sync_calls"), NUM("sync_latency_ms_mean"), NUM("callback_latency_ms_mean"),
    CNT("callbacks_orphaned"), CNT("callbacks_adopted"), CNT("blocked_tasks"), CNT("blocked_tasks_gp"),
    CNT("dyntick_credits"), CNT("gpnum"), CNT("completed"), BOOL("gp_in_progress"), STR("gp_phase"), NUM("gp_in_progress_s"),
    CNT("gp_waiting_cpus"), LIST("gp_waiting_cpu_list", RT_NUMBER), CNT("gp_waiting_tasks"), LIST("gp_waiting_pid_list", RT_NUMBER), END,
};

static const rk_key tree[] = {
    NUM("levels"), NUM("nodes"), LIST("nodes_per_level", RT_NUMBER), NUM("fanout"), NUM("fanout_leaf"), END,
};

static const rk_key thread[] = {STR("name"), NUM("cpu_seconds"), BOOL("alive"), BOOL("kernel_thread"), NUM("tasks"), END};

static const rk_key accounting[] = {
    NUM("rcu_gp_kthreads_s"), NUM("ksoftirqd_s"), NUM("softirq_inline_s"), NUM("rcuc_s"), NUM("tick_s"), NUM("caller_s"), NUM("total_s"), END,
};

static const rk_key latency[] = {NUM("max_irqs_off_us"), NUM("max_nonpreempt_us"), END};

static const rk_key stall[] = {NUM("t_s"), CNT("jiffies"), STR("flavor"), NUM("cpu"), STR("kind"), STR("text"), END};

static const rk_key safety[] = {
    CNT("readers"), CNT("callbacks_checked"), CNT("violations"), LIST("reader_pipe", RT_COUNT), END,
};

static const rk_key orphan[] = {NUM("t_s"), NUM("cpu"), STR("flavor"), NUM("n"), NUM("adopted_by"), END};

static const rk_key hotplug[] = {CNT("offlines"), CNT("onlines"), {"orphans", RK_ARRAY, orphan, false, RT_NONE}, END};

static const rk_key not_applied_item[] = {NUM("t_s"), NUM("index"), STR("kind"), NUM("cpu"), STR("reason"), END};

static const rk_key not_applied[] = {NUM("count"), {"list", RK_ARRAY, not_applied_item, false, RT_NONE}, END};

const rk_key cli_report_shape[] = {
    STR("scenario"), STR("path"), STR("mode"), NUM("cpus"), NUM("hz"), CNT("seed"), NUM("duration_s"),
    BOOL("busted"), NUM("sim_seconds"), NUM("wall_seconds"), OBJ("tree", tree),
    {"flavors", RK_FLAVORS, flavor, false, RT_NONE}, {"threads", RK_ARRAY, thread, true, RT_NONE},
    OBJ("accounting", accounting), OBJ("latency", latency), {"stalls", RK_ARRAY, stall, false, RT_NONE},
    OBJ("safety", safety), OBJ("hotplug", hotplug), OBJ("events_not_applied", not_applied), CNT("events"), END,
};

const char *rk_type_name(rk_type t)
{
    switch (t) {
    case RT_NUMBER: return "a number";
    case RT_COUNT: return "a count (a whole number, 0 or more)";
    case RT_STRING: return "a string";
    case RT_BOOL: return "true or false";
    case RT_NONE: break;
    }
    return "no value";
}
