/* keys.c — the keys of the "rcu" and "costs" blocks as data: the loader walks these tables, and `rcuvis schema` prints them with the engine's defaults. */
#include "priv.h"

#include <stddef.h>

/* Ranges are the loader's (SK_INT_HZ: lo..hz; SK_NR_CPUS: 0 or cpus..RV_MAX_CPUS). A key added
 * to rv_rcu_config gets a row here and, if it is no plain int or bool, a case in build_rcu(). */
const sc_key_spec sc_rcu_spec[] = {
    {"mode", SK_MODE, 0, 0, 0,
     "Who drives grace periods: \"softirq\" (Linux 3.6: no kthread; start, FQS and cleanup mainly from RCU_SOFTIRQ) or \"kthread\" (Linux 3.7: one grace-period kthread per flavor)."},
    {"fanout", SK_INT, 2, 64, offsetof(rv_rcu_config, fanout),
     "CONFIG_RCU_FANOUT: children per inner rcu_node. Absent: Kconfig's default, 64 on a 64-bit kernel and 32 on a 32-bit one (config_64bit), which also allows at most 32."},
    {"config_64bit", SK_BOOL, 0, 0, offsetof(rv_rcu_config, config_64bit),
     "CONFIG_64BIT: a 64-bit kernel; false for a 32-bit one such as an ARM board's: CONFIG_RCU_FANOUT then defaults to 32 and may be at most 32, and the boot log calls a fanout non-default against 32."},
    {"fanout_leaf", SK_INT, 2, 64, offsetof(rv_rcu_config, fanout_leaf),
     "CONFIG_RCU_FANOUT_LEAF: CPUs per leaf rcu_node."},
    {"no_hz", SK_BOOL, 0, 0, offsetof(rv_rcu_config, no_hz),
     "CONFIG_NO_HZ: idle CPUs stop their tick unless rcu_needs_cpu() keeps it for callbacks; every idle CPU, ticking or not, is in dyntick-idle, RCU's extended quiescent state."},
    {"stall_timeout_s", SK_INT, 3, 300, offsetof(rv_rcu_config, stall_timeout_s),
     "CONFIG_RCU_CPU_STALL_TIMEOUT: seconds a grace period may last before a stall warning."},
    {"jiffies_till_first_fqs", SK_INT_HZ, 0, 0, offsetof(rv_rcu_config, jiffies_till_first_fqs),
     "Jiffies from grace-period start to the first force-quiescent-state pass (at most hz)."},
    {"jiffies_till_next_fqs", SK_INT_HZ, 1, 0, offsetof(rv_rcu_config, jiffies_till_next_fqs),
     "Jiffies between later force-quiescent-state passes (1..hz)."},
    {"needs_gp_fix", SK_MODE_BOOL, 0, 0, offsetof(rv_rcu_config, needs_gp_fix),
     "Use 3.7's cpu_needs_another_gp(), which allows for the CPU's lagging rdp->completed and so asks for no grace period for callbacks already served; false keeps the 3.6 form (the OMAP false stall). Absent: as the mode had it (kthread/3.7 true, softirq/3.6 false)."},
    {"busted", SK_BOOL, 0, 0, offsetof(rv_rcu_config, busted),
     "Deliberately broken RCU, like the rcu_busted torture type of later kernels' rcutorture: callbacks run without waiting for a grace period. The safety checker must catch it."},
    {"blimit", SK_INT, 1, 1000000, offsetof(rv_rcu_config, blimit),
     "Callbacks invoked per batch before yielding (rcutree.blimit)."},
    {"qhimark", SK_INT, 1, 100000000, offsetof(rv_rcu_config, qhimark),
     "When call_rcu() finds a CPU's queue more than this above qlen_last_fqs_check (where its last overflow left it), it has a grace period started if none is running, or else lifts the batch limit and requests a forcing pass if none has run since that overflow or since the CPU came online (rcutree.qhimark)."},
    {"qlowmark", SK_INT, 0, 100000000, offsetof(rv_rcu_config, qlowmark),
     "Queue length at or below which a lifted batch limit is restored (rcutree.qlowmark); at most qhimark."},
    {"flavors", SK_FLAVORS, 0, 0, 0,
     "Flavors that exist, each with its own rcu_state, tree and kthread."},
    {"size_tree_by_nr_cpus", SK_MODE_BOOL, 0, 0, offsetof(rv_rcu_config, size_tree_by_nr_cpus),
     "Size the rcu_node tree by nr_cpu_ids, the possible CPUs (3.7's rcu_init_geometry(), which resizes whenever nr_cpu_ids < NR_CPUS) rather than by NR_CPUS (3.6's resizes only for a boot-time leaf fanout; see nr_cpus_compiled). Absent: as the mode had it (kthread true, softirq false)."},
    {"nr_cpus_compiled", SK_NR_CPUS, 0, 4096, offsetof(rv_rcu_config, nr_cpus_compiled),
     "NR_CPUS, the compile-time CPU limit that 3.6 sized the tree by; 0 means the same as cpus, otherwise at least cpus."},
    {"rcu_boost", SK_BOOL, 0, 0, offsetof(rv_rcu_config, rcu_boost),
     "CONFIG_RCU_BOOST: rcu_preempt callbacks are invoked in the per-CPU rcuc/N kthreads. Needs rcu_preempt in flavors."},
    {"fast_no_hz", SK_BOOL, 0, 0, offsetof(rv_rcu_config, fast_no_hz),
     "CONFIG_RCU_FAST_NO_HZ (3.6/3.7 form): a CPU entering idle with callbacks runs rcu_prepare_for_idle(), up to 5 attempts per jiffy of reporting a quiescent state, forcing quiescent states and raising the RCU softirq; it may then sleep with callbacks behind a 4-jiffy timer. Needs no_hz."},
    {"comment", SK_TEXT, 0, 0, 0,
     "Free text for the reader of the file (e.g. which NR_CPUS the modelled machine's kernel was built with, and why); checked to be a string, otherwise ignored."},
};
const size_t sc_rcu_nspec = sizeof sc_rcu_spec / sizeof sc_rcu_spec[0];

/* Same order as the fields of rv_costs, which are all int64_t: the loader indexes them as an array. */
const sc_cost_spec sc_cost_spec_table[] = {
    {"node_lock_ns", "Acquire and release one rcu_node lock and touch its fields."},
    {"node_init_ns", "Per-node work in grace-period init/cleanup besides the lock."},
    {"cache_miss_ns", "One remote dynticks probe by force-quiescent-state (a cache miss)."},
    {"qs_report_ns", "Reporting a quiescent state: leaf lock and bit clear."},
    {"note_gp_ns", "A CPU noticing a grace-period start or end."},
    {"cb_invoke_ns", "Invoking one callback (an average kfree)."},
    {"call_rcu_ns", "Queueing one callback, charged to the caller."},
    {"softirq_entry_ns", "Entering RCU_SOFTIRQ once."},
    {"tick_ns", "RCU's part of the scheduling-clock interrupt."},
    {"wakeup_ns", "wake_up() of a sleeping grace-period kthread onto another CPU, charged to the waker (a busy CPU's softirq or task, the FQS timer's softirq)."},
    {"local_wakeup_ns", "A wakeup onto the waker's own CPU, charged to the waker: ksoftirqd/N (raise_softirq() outside interrupts), and the GP kthread woken by a FAST_NO_HZ drain step in the idle task."},
    {"sched_switch_ns", "One context switch; a kthread's turn on a CPU (the GP kthread's sleep/wake, ksoftirqd/N's run) takes two, half of each charged to the kthread, half to the task or idle loop it displaced."},
    {"timer_ns", "Arming the kthread's FQS timeout, charged to the kthread."},
    {"ctxsw_ns", "rcu_note_context_switch(), charged to the switching task."},
    {"kthread_latency_ns", "Delay between a kthread's wakeup and it running."},
    {"ksoftirqd_latency_ns", "Delay before ksoftirqd/N runs deferred softirq work."},
};
const size_t sc_cost_nspec = sizeof sc_cost_spec_table / sizeof sc_cost_spec_table[0];
_Static_assert(sizeof(rv_costs) == sizeof sc_cost_spec_table / sizeof sc_cost_spec_table[0] * sizeof(int64_t),
               "sc_cost_spec_table must list every rv_costs field");
