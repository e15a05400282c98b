/* shape.c — the keys of the report JSON and the type of each value, as data, so `rcuvis check` can vet expect paths and comparisons without a run. */
#include "report/report.h"

#include <stddef.h>

/* Keep in step with cli_report_json(); test_cli_expect.c walks both and fails when a key or a
 * value's type differs (RT_COUNT where the builder calls add_u64, which writes a raw integer). */

#define NUM(n) {n, RK_LEAF, NULL, false, RT_NUMBER, RKD_ANY, NULL}
#define CNT(n) {n, RK_LEAF, NULL, false, RT_COUNT, RKD_ANY, NULL}
#define STR(n) {n, RK_LEAF, NULL, false, RT_STRING, RKD_ANY, NULL}
#define BOOL(n) {n, RK_LEAF, NULL, false, RT_BOOL, RKD_ANY, NULL}
#define OBJ(n, sub) {n, RK_OBJECT, sub, false, RT_NONE, RKD_ANY, NULL}
#define LIST(n, items) {n, RK_ARRAY, NULL, false, items, RKD_ANY, NULL} /* an array of plain values */
#define END {NULL, RK_LEAF, NULL, false, RT_NONE, RKD_ANY, NULL}
/* a string of a closed set, a CPU number (or -1 for all CPUs), a thread's name */
#define ENUM(n, vals) {n, RK_LEAF, NULL, false, RT_STRING, RKD_VALUES, vals}
#define FLAVOR(n) {n, RK_LEAF, NULL, false, RT_STRING, RKD_FLAVOR, NULL}
#define CPU(n) {n, RK_LEAF, NULL, false, RT_NUMBER, RKD_CPU, NULL}
#define CPU_ALL(n) {n, RK_LEAF, NULL, false, RT_NUMBER, RKD_CPU_ALL, NULL}
/* an array of CPU numbers (the CPUs a grace period still waits for): each item is judged as a CPU */
#define LIST_CPU(n) {n, RK_ARRAY, NULL, false, RT_NUMBER, RKD_CPU, NULL}

/* rv_mode_name(), the stall kinds (report.c's add_stalls), rv_flavor_name() and rv_inject_kind_name():
 * test_cli_expect.c fails when these lists and those functions differ */
static const char *const mode_values[] = {"softirq", "kthread", NULL};
static const char *const stall_kind_values[] = {"self", "other", NULL};
static const char *const flavor_values[] = {"rcu_sched", "rcu_bh", "rcu_preempt", NULL};
static const char *const event_kind_values[] = {"long_reader", "preempt_reader", "kernel_loop", "idle", "wake", "offline",
                                                "online", "call_rcu_burst", "synchronize", "force_qs", NULL};

const char *const *rk_key_values(const rk_key *k)
{
    return k->domain == RKD_VALUES ? k->values : k->domain == RKD_FLAVOR ? flavor_values : NULL;
}

static const rk_key gp_duration[] = {NUM("p50"), NUM("p99"), NUM("max"), END};

static const rk_key flavor[] = {
    CNT("grace_periods"), CNT("updates"), CNT("callbacks_invoked"), NUM("updates_per_gp"),
    NUM("gp_overhead_us"), NUM("fqs_overhead_us"), NUM("kthread_sched_us"), CNT("kthread_wakeups"), CNT("node_lock_visits"), NUM("overhead_per_gp_us"), NUM("overhead_per_update_ns"),
    OBJ("gp_duration_ms", gp_duration), CNT("fqs_scans"), CNT("idle_probes"), CNT("offline_credits"),
    CNT("stall_warnings"), CNT("sync_calls"), NUM("sync_latency_ms_mean"), NUM("callback_latency_ms_mean"),
    CNT("callbacks_orphaned"), CNT("callbacks_adopted"), CNT("blocked_tasks"), CNT("blocked_tasks_gp"),
    CNT("dyntick_credits"), CNT("gpnum"), CNT("completed"), BOOL("gp_in_progress"), STR("gp_phase"), NUM("gp_in_progress_s"),
    CNT("gp_waiting_cpus"), LIST_CPU("gp_waiting_cpu_list"), CNT("gp_waiting_tasks"), LIST("gp_waiting_pid_list", RT_NUMBER), END,
};

static const rk_key tree[] = {
    CNT("levels"), CNT("nodes"), LIST("nodes_per_level", RT_COUNT), CNT("fanout"), CNT("fanout_leaf"), END,
};

static const rk_key thread[] = {{"name", RK_LEAF, NULL, false, RT_STRING, RKD_THREAD, NULL}, NUM("cpu_seconds"), BOOL("alive"),
                                BOOL("kernel_thread"), CNT("tasks"), END};

static const rk_key accounting[] = {
    NUM("rcu_gp_kthreads_s"), NUM("ksoftirqd_s"), NUM("softirq_inline_s"), NUM("rcuc_s"), NUM("tick_s"), NUM("caller_s"), NUM("total_s"), END,
};

static const char *const irqoff_in_values[] = {"lock", "gp_start", "fqs", "gp_end", NULL};
static const rk_key latency[] = {NUM("max_irqs_off_us"), ENUM("max_irqs_off_in", irqoff_in_values), NUM("max_nonpreempt_us"), END};

static const rk_key stall[] = {NUM("t_s"), CNT("jiffies"), FLAVOR("flavor"), CPU("cpu"), ENUM("kind", stall_kind_values),
                               LIST_CPU("cpu_list"), LIST("pid_list", RT_NUMBER), STR("text"), END};

static const rk_key safety[] = {
    CNT("readers"), CNT("callbacks_checked"), CNT("violations"), LIST("reader_pipe", RT_COUNT), END,
};

static const rk_key orphan[] = {NUM("t_s"), CPU("cpu"), FLAVOR("flavor"), CNT("n"), CPU("adopted_by"), END};

static const rk_key hotplug[] = {CNT("offlines"), CNT("onlines"), {"orphans", RK_ARRAY, orphan, false, RT_NONE, RKD_ANY, NULL}, END};

static const rk_key not_applied_item[] = {NUM("t_s"), CNT("index"), ENUM("kind", event_kind_values), CPU_ALL("cpu"), STR("reason"), END};

static const rk_key not_applied[] = {CNT("count"), {"list", RK_ARRAY, not_applied_item, false, RT_NONE, RKD_ANY, NULL}, END};

const rk_key cli_report_shape[] = {
    STR("scenario"), STR("path"), ENUM("mode", mode_values), CNT("cpus"), CNT("hz"), CNT("seed"), NUM("duration_s"),
    BOOL("busted"), NUM("sim_seconds"), NUM("wall_seconds"), OBJ("tree", tree),
    {"flavors", RK_FLAVORS, flavor, false, RT_NONE, RKD_ANY, NULL}, {"threads", RK_ARRAY, thread, true, RT_NONE, RKD_ANY, NULL},
    OBJ("accounting", accounting), OBJ("latency", latency), {"stalls", RK_ARRAY, stall, false, RT_NONE, RKD_ANY, NULL},
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
