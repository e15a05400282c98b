/* rcuvis.h — the engine's one public header: configuration, commands, state views, events, report. */
#ifndef RCUVIS_H
#define RCUVIS_H

/*
 * The engine is a deterministic discrete-event model of Linux Tree RCU as of 3.6 (grace periods
 * driven from RCU_SOFTIRQ) and 3.7 (one grace-period kthread per flavor). It never reads a clock,
 * never touches a file or a screen: the caller builds an rv_config (usually through the scenario
 * module, scenario/scenario.h), creates an engine, advances simulated time and reads state, events and the
 * report back. The app, the CLI and the tests use nothing but this header.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RCUVIS_VERSION "0.1.0"

/* ---------------------------------------------------------------- basic enums */

enum { RV_SCHED = 0, RV_BH = 1, RV_PREEMPT = 2, RV_NFLAVORS = 3 };
enum rv_mode { RV_MODE_SOFTIRQ = 0, RV_MODE_KTHREAD = 1 }; /* 3.6 and 3.7 grace-period drivers */

/* Callback segments, as the kernel's nxttail[] indexes them. */
enum { RV_DONE_TAIL = 0, RV_WAIT_TAIL = 1, RV_NEXT_READY_TAIL = 2, RV_NEXT_TAIL = 3, RV_NSEGS = 4 };

#define RV_MAX_CPUS 4096
#define RV_PIPE_LEN 11 /* rcutorture's Reader Pipe histogram length (RCU_TORTURE_PIPE_LEN + 1) */

const char *rv_flavor_name(int flavor);     /* "rcu_sched", "rcu_bh", "rcu_preempt" */
const char *rv_synchronize_name(int flavor); /* "synchronize_sched", "synchronize_rcu_bh", "synchronize_rcu" */
int rv_flavor_from_name(const char *name);  /* -1 when unknown; accepts "sched", "rcu_sched", ... */
const char *rv_mode_name(enum rv_mode mode); /* "softirq", "kthread" */

/* ---------------------------------------------------------------- configuration */

/* Cost of each unit of RCU work, in simulated nanoseconds. Charged where the kernel charges it. */
typedef struct rv_costs {
    int64_t node_lock_ns;       /* acquire+release one rcu_node lock and touch its fields */
    int64_t node_init_ns;       /* per-node work in GP init/cleanup besides the lock (qsmask copy...) */
    int64_t cache_miss_ns;      /* remote dynticks probe by FQS (atomic_add_return on another CPU's line) */
    int64_t qs_report_ns;       /* rcu_report_qs_rdp(): leaf lock + bit clear */
    int64_t note_gp_ns;         /* note_new_gpnum()/rcu_process_gp_end() bookkeeping */
    int64_t cb_invoke_ns;       /* one callback invocation (average free/kfree) */
    int64_t call_rcu_ns;        /* enqueue one callback (charged to the caller) */
    int64_t softirq_entry_ns;   /* entering RCU_SOFTIRQ once (rcu_process_callbacks for all flavors) */
    int64_t tick_ns;            /* rcu_check_callbacks()+rcu_pending() in the scheduling-clock irq */
    int64_t wakeup_ns;          /* wake_up() of a sleeping kthread (try_to_wake_up), charged to the waker */
    int64_t local_wakeup_ns;    /* waking ksoftirqd/N on the waker's own CPU (wakeup_softirqd()), charged to the waker */
    int64_t sched_switch_ns;    /* one context switch into or out of a kthread: half to each side */
    int64_t timer_ns;           /* arming the GP kthread's FQS timeout (schedule_timeout's timer) */
    int64_t ctxsw_ns;           /* rcu_note_context_switch() (charged to the switching task) */
    int64_t kthread_latency_ns; /* wake-to-run delay of a woken kthread: IPI + schedule() (simulated, not CPU time) */
    int64_t ksoftirqd_latency_ns; /* simulated delay before ksoftirqd/N runs deferred softirq work */
} rv_costs;

/* A set of CPUs (bitmap over RV_MAX_CPUS). */
typedef struct rv_cpuset { uint64_t bits[RV_MAX_CPUS / 64]; } rv_cpuset;
/* Parse "all", "3", "0-15", "0-3,8,10-11" (against ncpus). Returns 0, or -1 with a message in err. */
int rv_cpuset_parse(rv_cpuset *set, const char *spec, int ncpus, char *err, size_t errlen);
bool rv_cpuset_has(const rv_cpuset *set, int cpu);
void rv_cpuset_add(rv_cpuset *set, int cpu);

/* Read-side critical sections of one flavor on each CPU of a phase. */
typedef struct rv_readers {
    double rate_per_s;    /* sections started per second per busy CPU (0 = none) */
    double mean_us;       /* mean length (exponential) */
    double long_prob;     /* probability that a section is a "long" one instead */
    double long_us;       /* length of a long section (rcutorture's mdelay(50) = 50000) */
    double preempt_prob;  /* rcu_preempt only: probability the reader is preempted (blkd_tasks) */
} rv_readers;

/* A workload phase: what a group of CPUs does between two moments. Later phases override earlier
 * ones for the CPUs they cover. All rates are per CPU while the CPU is busy. */
typedef struct rv_phase {
    char task[32];             /* name of the tasks, as top would show them ("hackbench", "cc1") */
    double start_s, end_s;     /* end_s <= start_s means "until the end of the run" */
    rv_cpuset cpus;
    double busy_frac;          /* fraction of time not idle (0..1) */
    double user_frac;          /* of the busy time, fraction in user mode (ticks there are QSs) */
    double busy_period_ms;     /* mean busy stretch before the CPU goes idle (if busy_frac < 1) */
    double ctxsw_per_s;        /* context switches per second while busy */
    double irqs_per_s;         /* device irqs/IPIs per second while busy (softirq opportunities) */
    double idle_irqs_per_s;    /* interrupts per second arriving while idle (wake the CPU briefly) */
    double idle_blips_per_s;   /* while busy: instants per second when every task blocks and the CPU
                                  passes through the idle loop (hackbench), too short to show as idle */
    rv_readers readers[RV_NFLAVORS];
    double call_rcu_per_s[RV_NFLAVORS]; /* call_rcu*() rate per flavor */
    double kfree_rcu_per_s;             /* lazy callbacks (counted on the preempt flavor if present, else sched) */
    double burst_mean;                  /* callbacks arrive in bursts of this mean size (>=1) */
    double sync_per_s[RV_NFLAVORS];     /* synchronize_*() calls per second (each blocks a task) */
    /* rcutorture-style pieces (0 = off) */
    int torture_fake_writers;           /* tasks looping: sleep 1..10 jiffies, synchronize_*() */
    bool torture_writer;                /* one writer retiring an element each jiffy through a 10-stage pipeline */
    int torture_flavor;                 /* flavor the torture writers use */
} rv_phase;

/* Scripted events and interactive injections share one type. */
enum rv_inject_kind {
    RV_INJ_LONG_READER = 0,  /* cpu, flavor, duration_s: a read-side critical section */
    RV_INJ_PREEMPT_READER,   /* cpu, duration_s: an rcu_preempt reader preempted right away (blkd_tasks) */
    RV_INJ_KERNEL_LOOP,      /* cpu, duration_s: loop in the kernel, no context switch, preemption off */
    RV_INJ_IDLE,             /* cpu (-1 = all), duration_s (<=0: until woken): go idle now */
    RV_INJ_WAKE,             /* cpu (-1 = all): an interrupt wakes the CPU; it stays busy per its phase */
    RV_INJ_OFFLINE,          /* cpu: CPU hotplug offline */
    RV_INJ_ONLINE,           /* cpu: CPU hotplug online */
    RV_INJ_CALL_RCU_BURST,   /* cpu, flavor, count: queue count callbacks now */
    RV_INJ_SYNCHRONIZE,      /* cpu, flavor: a task calls synchronize_*() and blocks */
    RV_INJ_FORCE_QS,         /* flavor: an explicit force_quiescent_state() (as rcutorture can) */
    RV_INJ_NKINDS
};
const char *rv_inject_kind_name(enum rv_inject_kind kind); /* "long_reader", "kernel_loop", ... */
int rv_inject_kind_from_name(const char *name);             /* -1 when unknown */

/* A trigger: a scripted event or caption fires at a time (RV_TRIG_TIME, at its at_s) or when the
 * n-th matching engine event happens, delay_s later. Matching is done by the engine on its own event
 * log (engine/triggers.c), so a triggered run is as deterministic as a timed one. */
enum rv_trig_event {
    RV_TRIG_TIME = 0,     /* no condition: at at_s */
    RV_TRIG_GP_START,     /* a grace period of flavor starts (gp_start) */
    RV_TRIG_GP_END,       /* a grace period of flavor ends (gp_end) */
    RV_TRIG_QS_REPORT,    /* a CPU's quiescent state is reported to its leaf rcu_node (qs_report) */
    RV_TRIG_FQS,          /* a force-quiescent-state pass (fqs) */
    RV_TRIG_STALL,        /* an RCU CPU stall warning (stall) */
    RV_TRIG_CPU_OWES_QS,  /* GP init sets a CPU's bit in its leaf's qsmask: the CPU now owes a QS */
    RV_TRIG_CALLBACKS,    /* callbacks queued on a CPU reach `count` (counted again after dropping below) */
    RV_TRIG_NKINDS
};
const char *rv_trig_event_name(enum rv_trig_event ev); /* "gp_start", ...; "time" for RV_TRIG_TIME */
int rv_trig_event_from_name(const char *name);         /* -1 when unknown */

typedef struct rv_trigger {
    enum rv_trig_event event;
    int flavor;         /* -1 = any flavor */
    int cpu;            /* -1 = any CPU */
    long n;             /* fire at the n-th occurrence, 1-based */
    long count;         /* RV_TRIG_CALLBACKS: threshold of callbacks queued on the CPU */
    double min_duration_s; /* RV_TRIG_GP_END: only grace periods that lasted at least this long (0 = any) */
    double delay_s;     /* after the occurrence */
} rv_trigger;

/* A condition on the configuration: the event or caption exists only in engines whose config
 * matches (compare mode runs two engines, one per mode, from one file). Zero = always. */
typedef struct rv_when {
    bool has_mode; enum rv_mode mode;
    bool has_needs_gp_fix, needs_gp_fix;
    bool has_fast_no_hz, fast_no_hz;
    bool has_flavor; int flavor; /* the flavor is enabled */
} rv_when;
struct rv_config;
bool rv_when_holds(const rv_when *w, const struct rv_config *cfg);
/* Which key of w this configuration does not meet, first in the order mode, needs_gp_fix, fast_no_hz,
 * flavor; RV_WHEN_MET when it holds (rv_when_holds() is this == RV_WHEN_MET) */
enum rv_when_unmet { RV_WHEN_MET, RV_WHEN_MODE, RV_WHEN_NEEDS_GP_FIX, RV_WHEN_FAST_NO_HZ, RV_WHEN_FLAVOR };
enum rv_when_unmet rv_when_unmet(const rv_when *w, const struct rv_config *cfg);

typedef struct rv_inject {
    enum rv_inject_kind kind;
    int cpu;            /* -1 = all CPUs where meaningful */
    int flavor;         /* RV_SCHED... */
    double duration_s;
    long count;
    double at_s;        /* for scripted events: when (ignored by rv_engine_inject) */
    rv_trigger on;      /* scripted events: fire on a condition instead of at at_s */
    rv_when when;       /* scripted events: only in engines whose config matches */
    int file_index;     /* position in the scenario file's "events" (cfg.events is sorted by time) */
    bool first;         /* timed events: applied before anything else due at at_s, as an injection after
                           rv_run_until(at) is; the recorder sets it */
    bool has_step;      /* first events: applied right after the engine's at_step-th step (rv_engine_steps), */
    bool at_unwritten;  /* the file wrote neither at_s nor "on" (at 0 s then; `rcuvis check` warns); false for
                           an event an override made, and ignored by the engine */
    uint64_t at_step;   /* exactly where the window's injection was (it may follow the tick at at_s) */
} rv_inject;

typedef struct rv_caption {
    double at_s, until_s; /* until_s <= at_s: shown until the next caption */
    char text[512];
    rv_trigger on;        /* shown when the trigger fires instead of at at_s */
    double show_s;        /* triggered captions: shown this long (0: until the next caption) */
    rv_when when;         /* only in engines whose config matches */
    int file_index;       /* position in the scenario file's "captions" (cfg.captions is sorted) */
} rv_caption;

/* A lecture stop of a scenario (its "cues"): where the window goes on PgDn / a presenter clicker.
 * The engine never reads these; the config carries them like captions so one load gives both. */
typedef struct rv_cue {
    double at_s;
    int flavor;           /* flavor to show, -1 = leave as is */
    int select_cpu;       /* CPU to select, -1 = clear the selection, -2 = leave as is */
    int compare;          /* 1 = compare 3.6/3.7, 0 = single view, -1 = leave as is */
    double timeline_s;    /* the timeline panel's span in seconds, as a wheel zoom sets it (0 = leave as is) */
    char title[96];       /* short name of the stop ("" = none) */
    char caption[512];    /* shown in the caption strip while this cue is current ("" = none) */
    /* the window's changes this cue asks the viewer to make ("invites": "rcu.needs_gp_fix", "mode", ...):
     * once made, the caption strip says the cue invited them rather than that it no longer fits */
    char invites[5][24];
    int ninvites;
} rv_cue;
/* Does the cue's "invites" list name this change ("mode", "rcu.needs_gp_fix", ...)? */
bool rv_cue_invites(const rv_cue *q, const char *change);

/* An `expect` assertion of a scenario: a dotted path into the report JSON (as `rcuvis run --json`
 * prints it, e.g. "flavors.rcu_sched.grace_periods" or "stalls.0.cpu" or "stalls.length") and
 * bounds. Checked by the CLI, not the engine. */
typedef struct rv_expect {
    char path[160];
    bool has_min, has_max, has_equals;
    double min, max, equals;
    bool equals_bool;     /* has_equals came as true/false (1/0): `rcuvis check` refuses it for a number */
    char equals_str[256]; /* when the expected value is a string (has_equals false) */
    bool has_equals_str;
    char why[256];        /* the author's explanation, printed when the assertion fails */
    bool has_when;        /* checked only in runs whose configuration matches (a 3.6-only figure) */
    rv_when when;
    bool has_at;          /* checked against the report as of at_s (what a caption then quotes), not the end's */
    double at_s;
} rv_expect;

typedef struct rv_rcu_config {
    enum rv_mode mode;
    int fanout;                    /* CONFIG_RCU_FANOUT; 0 (default): Kconfig's default, 64 or 32 by config_64bit */
    int fanout_leaf;               /* CONFIG_RCU_FANOUT_LEAF: 16 */
    bool config_64bit;             /* CONFIG_64BIT (default true): RCU_FANOUT's range and default follow it */
    bool no_hz;                    /* CONFIG_NO_HZ: idle CPUs without callbacks stop their tick */
    int stall_timeout_s;           /* 60, clamped 3..300 like jiffies_till_stall_check() */
    int jiffies_till_first_fqs;    /* 3 */
    int jiffies_till_next_fqs;     /* 3 */
    int needs_gp_fix;              /* 1: 3.7's cpu_needs_another_gp(), 0: the 3.6 form, -1 (default): as the mode had it */
    bool busted;                   /* invoke callbacks without waiting for a grace period */
    int blimit, qhimark, qlowmark; /* 10 / 10000 / 100 */
    bool flavors[RV_NFLAVORS];     /* which flavors exist (rcu_preempt = CONFIG_TREE_PREEMPT_RCU) */
    int size_tree_by_nr_cpus;      /* 1: tree sized by nr_cpu_ids (3.7), 0: by NR_CPUS (3.6), -1 (default): as the mode did */
    int nr_cpus_compiled;          /* NR_CPUS, the compile-time bound; 0 = same as cpus */
    bool rcu_boost;                /* CONFIG_RCU_BOOST: rcu_preempt callbacks run in rcuc/N */
    bool fast_no_hz;               /* CONFIG_RCU_FAST_NO_HZ: idle entry drains callbacks (QS + FQS + softirq) */
} rv_rcu_config;

typedef struct rv_config {
    char name[128];
    char description[1024];
    char path[512];            /* file it came from, "" if built in code */
    int cpus;                  /* nr_cpu_ids, 1..4096 */
    int hz;                    /* 100, 250, 300, 1000 ... */
    uint64_t seed;
    double duration_s;
    double file_duration_s;    /* the file's own duration_s, before --set / --duration (0: not from a file) */
    rv_rcu_config rcu;
    rv_costs costs;
    int initially_offline_count;   /* CPUs listed offline at boot */
    rv_cpuset initially_offline;
    rv_phase *phases;   size_t nphases;
    rv_inject *events;  size_t nevents;   /* sorted by at_s */
    rv_caption *captions; size_t ncaptions; /* sorted by at_s */
    rv_cue *cues; size_t ncues;             /* lecture stops, in lecture order (app only) */
    rv_expect *expects; size_t nexpects;
} rv_config;

/* The settings that follow the mode unless given: 3.7 has the cpu_needs_another_gp() fix and sizes
 * the tree by nr_cpu_ids (rcu_init_geometry() recomputes it when nr_cpu_ids != NR_CPUS); 3.6 has
 * neither (its rcu_init_geometry() keeps the compile-time NR_CPUS shape). */
bool rv_cfg_needs_gp_fix(const rv_config *cfg);
/* CONFIG_RCU_FANOUT as the run has it: the scenario's, else Kconfig's default for the word size */
int rv_cfg_fanout(const rv_config *cfg);
bool rv_cfg_tree_by_nr_cpu_ids(const rv_config *cfg);
int rv_cfg_tree_cpus(const rv_config *cfg);       /* the CPU count the rcu_node tree is sized for */
/* How many tasks a workload task's name stands for: the most CPUs the phases naming it cover at one
 * time (a phase is one task per CPU; two phases at different times on different CPUs are still that
 * many at once), among CPUs below ncpus; 0 when no phase names it. The report sums their CPU time
 * under the one name. */
int rv_cfg_task_cpus(const rv_config *cfg, const char *task, int ncpus);

/* Fill every field with the kernel's defaults (3.7 kthread mode, 64/16, HZ 1000, 60 s, 10/10000/100,
 * all three flavors, NO_HZ on) and a single idle phase-free workload. */
void rv_config_defaults(rv_config *cfg);
void rv_costs_defaults(rv_costs *costs);
void rv_config_free(rv_config *cfg);              /* frees the arrays, not cfg itself */
int rv_config_copy(rv_config *dst, const rv_config *src); /* deep copy; 0 or -1 on OOM */
/* Range checks that do not need JSON paths (cpus 1..4096, fanout 2..64, ...). 0 ok, else -1 and a
 * message naming the field ("rcu.fanout_leaf: expected 2..64, got 100"). */
int rv_config_validate(const rv_config *cfg, char *err, size_t errlen);

/* ---------------------------------------------------------------- engine lifetime and time */

typedef struct rv_engine rv_engine;

typedef struct rv_engine_opts {
    size_t event_ring;  /* events kept in memory for readers (0 = default 65536) */
    bool rcu_trace;     /* CONFIG_RCU_TRACE=y: also count what rv_debugfs()'s "rcu_pending" file shows (costs
                         * the tick-driven hackbench ~3 % of its instructions, so only runs that print it) */
} rv_engine_opts;
/* event_ring for runs that read only the report (and maybe a sink). With a ring this small and no
 * sink, per-CPU FQS credits and per-node QS-report/GP-init events are counted, not logged (unless an
 * armed trigger matches them): the report is the same, the ring holds fewer events. */
#define RV_RING_HEADLESS 64

/* Create an engine for cfg (copied). Returns NULL and a message in err on a config error. */
rv_engine *rv_engine_new(const rv_config *cfg, const rv_engine_opts *opts, char *err, size_t errlen);
void rv_engine_free(rv_engine *e);
/* A full independent copy (time travel checkpoints, compare mode, predict questions). */
rv_engine *rv_engine_clone(const rv_engine *e);
/* Time travel's restore: `to` (a fresh clone) takes the larger event ring `from` has grown; `from` may
 * then only be freed. The simulation is the same; only the ring's memory is reused. */
void rv_engine_take_ring(rv_engine *to, rv_engine *from);
/* The work a run did so far, for `make bench`'s floor: what any engine producing this output
 * must do at least once per item (a tick, a softirq run, an idle entry, a queued event). */
typedef struct rv_work {
    uint64_t ticks, busy_ticks, softirq_runs, idle_entries, queue_events, events, grace_periods, fqs_credits;
    uint64_t node_visits;   /* GP init + cleanup of every node, and one visit per leaf per FQS pass */
} rv_work;
void rv_engine_work(const rv_engine *e, rv_work *w);
/* Heap bytes the engine holds, from its own counts (deterministic): what one checkpoint costs. */
size_t rv_engine_size(const rv_engine *e);

int64_t rv_now_ns(const rv_engine *e);     /* simulated time */
uint64_t rv_engine_steps(const rv_engine *e); /* units of progress so far (queue events and tick sweeps) */
uint64_t rv_jiffies(const rv_engine *e);   /* simulated jiffies since boot */
int64_t rv_end_ns(const rv_engine *e);     /* duration_s in ns */
const rv_config *rv_engine_config(const rv_engine *e);

/* Advance to t_ns (processing every event with time < t_ns; time becomes t_ns). */
void rv_run_until(rv_engine *e, int64_t t_ns);
/* Process exactly the next event (whatever its kind); returns its time, or -1 when the next one
 * lies at or beyond the scenario's end (rv_end_ns). */
int64_t rv_step_event(rv_engine *e);
/* Advance to the next jiffy boundary. */
void rv_step_jiffy(rv_engine *e);
/* Advance until the next grace-period phase change of flavor (start, init done, FQS pass, end)
 * or limit_ns; returns true if one happened. */
bool rv_step_gp_phase(rv_engine *e, int flavor, int64_t limit_ns);

/* Apply a command now (same path as scripted events). 0 ok, -1 with a message when impossible
 * ("cpu 3 is already offline"). */
int rv_engine_inject(rv_engine *e, const rv_inject *cmd, char *err, size_t errlen);

/* ---------------------------------------------------------------- events (the one log) */

enum rv_ev_type {
    RV_EV_READER_BEGIN,  /* id, cpu, flavor, n = length ns (-1 open-ended); arg 1: nested in a section its task holds */
    RV_EV_READER_END,    /* id, cpu, flavor, n = held ns; arg 1: an inner one, its task still in a section */
    RV_EV_READER_BLOCK,  /* id, cpu, flavor(preempt), node: preempted inside rcu_read_lock() → blkd_tasks */
    RV_EV_CB_QUEUE,      /* id, cpu, flavor, n (a batch record of n callbacks), arg=1 if lazy, 2 if synchronize */
    RV_EV_CB_INVOKE,     /* id, cpu, flavor, n */
    RV_EV_GP_START,      /* flavor, gp */
    RV_EV_GP_INIT_NODE,  /* flavor, gp, node: init walk reached node */
    RV_EV_GP_END,        /* flavor, gp (= completed) */
    RV_EV_GP_CLEANUP_NODE, /* flavor, gp, node */
    RV_EV_NOTE_GP,       /* cpu, flavor, gp: the CPU noticed the new GP ("cpustart") */
    RV_EV_QS,            /* cpu, flavor, gp: passed a quiescent state (local, no lock) */
    RV_EV_QS_REPORT,     /* cpu, flavor, gp, node, mask: bits cleared in node ("cpuqs"/climb) */
    RV_EV_FQS,           /* flavor, gp, arg: 0 snapshot pass, 1 check pass; n = CPUs probed */
    RV_EV_FQS_CREDIT,    /* cpu, flavor, gp, arg: 0 "dti", 1 "ofl", 2 "snap" (a GP's first pass: untraced in the kernel) */
    RV_EV_IDLE_ENTER,    /* cpu, arg: 1 if the tick stopped */
    RV_EV_IDLE_EXIT,     /* cpu */
    RV_EV_CPU_OFFLINE,   /* cpu */
    RV_EV_CPU_ONLINE,    /* cpu */
    RV_EV_CB_ORPHAN,     /* cpu (dead), flavor, n, node = adopting cpu */
    RV_EV_STALL,         /* cpu (reporter), flavor, gp, arg: 0 self, 1 other; n = jiffies; text in klog;
                            node = first CPU the warning names (-1 none), id = pid of the first task (P<pid>) it names (0 none) */
    RV_EV_SYNC_BEGIN,    /* id (task), cpu, flavor */
    RV_EV_SYNC_END,      /* id (task), cpu, flavor, n = latency ns */
    RV_EV_KTHREAD_WAKE,  /* flavor, cpu, arg: 1 INIT, 2 FQS, 3 timeout, 4 cleanup */
    RV_EV_SOFTIRQ,       /* cpu, arg: 0 irq exit (inline), 1 ksoftirqd; n = passes (restarts) */
    RV_EV_KERNEL_LOOP,   /* cpu, n = duration ns (begin) */
    RV_EV_INJECT,        /* arg = rv_inject_kind, cpu, flavor, n = count */
    RV_EV_CAPTION,       /* id = index in cfg.captions (sorted by time), n = its place in the file (file_index) */
    RV_EV_VIOLATION,     /* cpu, flavor, id = callback record, n = reader id still running; arg 1: no callback,
                          * GP gp ended while reader n, begun before that GP, was still running */
    RV_EV_IDLE_DRAIN,    /* cpu, n = drain attempts left: RCU_FAST_NO_HZ pushed callbacks on idle entry */
    RV_EV_NTYPES
};
const char *rv_ev_name(enum rv_ev_type t); /* "reader_begin", "cb_queue", "gp_start", ... */

typedef struct rv_event {
    uint64_t seq;      /* position in the log, from 0 */
    int64_t t;         /* simulated ns */
    uint16_t type;     /* enum rv_ev_type */
    int8_t flavor;     /* -1 if none */
    int8_t arg;
    int32_t cpu;       /* -1 if none */
    int32_t node;      /* -1 if none */
    int32_t spare;     /* always 0: fills what would be padding, so events compare bytewise */
    uint64_t id;
    uint64_t gp;
    int64_t n;
    uint64_t mask;
} rv_event;

/* Sequence number the next event will get (= number of events logged so far). An engine no one
 * listens to (RV_RING_HEADLESS, no sink) counts per-CPU FQS credits without logging them: the
 * report's `events` counts those too. */
uint64_t rv_event_count(const rv_engine *e);
/* The event with that sequence number, or NULL if it left the ring (or is not yet emitted). */
const rv_event *rv_event_get(const rv_engine *e, uint64_t seq);
/* Called for every event, in order, once its fields are filled in (the CLI's --trace writer). NULL
 * to remove. Events reach it in batches, all of them by the time the engine call that emitted them
 * returns: such a sink must use only the event it is given, not the engine's state while it runs. */
typedef void (*rv_event_sink)(const rv_event *ev, void *ctx);
void rv_engine_set_sink(rv_engine *e, rv_event_sink sink, void *ctx);
/* The same for a sink that reads the engine itself (rv_report_build(), rv_now_ns()) when it sees an
 * event: it gets each event as soon as the next one is emitted, one call per emit (slower). */
void rv_engine_set_sink_live(rv_engine *e, rv_event_sink sink, void *ctx);
/* A sink that takes events a run at a time, when and under the rules rv_engine_set_sink() says: each
 * call hands n >= 1 events with consecutive sequence numbers, oldest first, in the engine's own storage
 * (valid during the call only). One call instead of one per event, so a sink that wants only a few
 * types can skip the rest with a test each. Replaces any other sink; NULL removes it. */
typedef void (*rv_event_batch_sink)(const rv_event *evs, size_t n, void *ctx);
void rv_engine_set_batch_sink(rv_engine *e, rv_event_batch_sink sink, void *ctx);
/* One JSON object (no newline) in the --trace format: {"t":123,"ev":"gp_start","flavor":"rcu_sched","gp":5}.
 * Returns the length of the whole line, like snprintf (the text is truncated to fit bufsz). */
int rv_event_to_json(const rv_event *ev, char *buf, size_t bufsz);
/* An FQS credit's name (RV_EV_FQS_CREDIT's arg), as the trace spells it: "dti", "ofl" or "snap". */
const char *rv_fqs_credit_name(int arg);

/* Kernel log: dmesg-style lines ("[   60.001000] INFO: rcu_sched self-detected stall on CPU { 0}  (t=60001 jiffies)"). */
size_t rv_klog_count(const rv_engine *e);
size_t rv_klog_boot_count(const rv_engine *e); /* the first lines, logged at boot (rcu_bootup_announce()) */
const char *rv_klog_line(const rv_engine *e, size_t i);  /* without the timestamp prefix */
int64_t rv_klog_time(const rv_engine *e, size_t i);

/* ---------------------------------------------------------------- triggers, captions, not-applied events */

/* A scripted event that could not be applied: when it was due, what it was, why it failed and
 * what would make it apply. Nothing is dropped silently: `rcuvis run` warns, the report lists
 * these as events_not_applied, and --strict fails on them. */
typedef struct rv_not_applied {
    double t_s;          /* when it was due (-1: its trigger never fired) */
    int index;           /* position in the scenario file's "events" (rv_inject.file_index) */
    enum rv_inject_kind kind;
    int cpu;
    bool after_end;      /* due only after the run's end (a run cut short by --duration / --set duration_s) */
    char reason[400];
} rv_not_applied;
/* Events that failed so far (applied in order of time). At the end of the run (rv_now_ns >=
 * rv_end_ns) this also lists triggered events whose trigger never fired. */
size_t rv_not_applied_count(const rv_engine *e);
const rv_not_applied *rv_not_applied_get(const rv_engine *e, size_t i);

/* When caption i fired (simulated ns), or -1 when it has not fired (yet), or never will in this
 * engine (its `when` does not hold). */
int64_t rv_caption_fired_ns(const rv_engine *e, size_t i);
/* When caption i stops being shown, given it fired: its until_s / show_s, else the next caption's
 * firing (INT64_MAX while none has fired after it). -1 when it has not fired. */
int64_t rv_caption_until_ns(const rv_engine *e, size_t i);
/* The caption shown at the engine's current time, or -1. */
int rv_caption_current(const rv_engine *e);
/* Caption i (cfg.captions order) that this engine should have shown but never did, asked at the
 * end of the run: its `when` holds here and it has not fired. why says what happened instead ("its
 * trigger (gp_start of rcu_sched (occurrence 5000)) happened 312 times before the run's end at
 * 20 s"). False, why untouched, while the run has not reached its end. */
bool rv_caption_missed(const rv_engine *e, size_t i, char *why, size_t n);
/* The same, why without the advice to the file's author ("; loosen the filter or lengthen duration_s"):
 * for a run whose options changed the scenario, where the file itself may be right. */
bool rv_caption_missed_plain(const rv_engine *e, size_t i, char *why, size_t n);
/* When scripted event i fired (was due), or -1. */
int64_t rv_event_fired_ns(const rv_engine *e, size_t i);

/* ---------------------------------------------------------------- state views (read-only copies) */

enum rv_cpu_state { RV_CPU_USER, RV_CPU_KERNEL, RV_CPU_IDLE_TICK, RV_CPU_IDLE_NOHZ, RV_CPU_OFFLINE };
const char *rv_cpu_state_name(enum rv_cpu_state s);

typedef struct rv_rdp_view {          /* struct rcu_data of one CPU, one flavor */
    unsigned long gpnum, completed;   /* this CPU's (possibly stale) view */
    bool passed_quiesce, qs_pending;
    bool qs_owed;                     /* this CPU's bit still set in its leaf's qsmask */
    long seg[RV_NSEGS];               /* callbacks in DONE, WAIT, NEXT_READY, NEXT */
    long qlen, qlen_lazy;
    long blimit;
    unsigned long n_cbs_invoked, dynticks_fqs, offline_fqs;
    bool in_reader;                   /* a read-side critical section of this flavor is running */
    int64_t reader_since_ns;
    bool reader_preexisting;          /* began before the current GP started: the GP waits for it */
} rv_rdp_view;

typedef struct rv_cpu_view {
    int cpu;
    enum rv_cpu_state state;
    unsigned long dynticks;           /* even = idle (extended quiescent state) */
    bool tick_running;
    bool kernel_loop;                 /* in a scripted/injected kernel loop */
    bool softirq_pending;
    int running_kthread;              /* flavor whose GP kthread runs here now, or -1 */
    int leaf;                         /* index of its leaf rcu_node */
    rv_rdp_view rdp[RV_NFLAVORS];
    double cpu_seconds_rcu;           /* RCU work charged on this CPU so far */
    char task[32];                    /* current workload task name ("idle", "swapper" ...) */
} rv_cpu_view;
int rv_cpus(const rv_engine *e);
void rv_cpu_get(const rv_engine *e, int cpu, rv_cpu_view *out);

typedef struct rv_node_view {         /* struct rcu_node */
    int index, level, parent, grpnum, grplo, grphi;
    int nchildren, first_child;       /* children are indexes first_child .. first_child+nchildren-1 (inner nodes) */
    unsigned long qsmask, qsmaskinit, grpmask;
    unsigned long gpnum, completed;
    int n_blkd_tasks;                 /* tasks on blkd_tasks */
    int n_gp_tasks;                   /* of them, blocking the current GP (from gp_tasks on) */
} rv_node_view;
int rv_tree_levels(const rv_engine *e);
int rv_tree_nodes(const rv_engine *e);
int rv_tree_level_count(const rv_engine *e, int level); /* nodes at that level, root = 0 */
void rv_node_get(const rv_engine *e, int flavor, int node, rv_node_view *out);

enum rv_gp_phase { RV_GP_IDLE, RV_GP_INIT, RV_GP_WAIT, RV_GP_CLEANUP };
const char *rv_gp_phase_name(enum rv_gp_phase p);
typedef struct rv_flavor_view {       /* struct rcu_state */
    bool enabled;
    unsigned long gpnum, completed;
    enum rv_gp_phase phase;
    int fqs_state;                    /* rsp->fqs_state: 0 RCU_GP_IDLE, 1 RCU_GP_INIT, 2 RCU_SAVE_DYNTICK, 3 RCU_FORCE_QS
                                         (3.6 only; 3.7's kthread keeps it in a local, so 0 as debugfs shows) */
    int walk_node;                    /* node the init/cleanup walk is at, -1 if none */
    int kthread_cpu;                  /* 3.7: CPU the GP kthread last ran on (-1 softirq mode) */
    int gp_start_cpu;                 /* CPU whose softirq (3.6) or GP kthread (3.7) started the current or last GP; -1 none */
    bool kthread_running;
    bool kthread_woken;               /* 3.7: woken (wake_up()) and not yet running: it runs a wake-up latency later */
    bool fqs_requested;               /* 3.7: RCU_GP_FLAG_FQS set during a GP: the kthread forces at its next run, whatever next_fqs_ns says */
    int64_t gp_start_ns;              /* of the current (or last) GP */
    int64_t next_fqs_ns;              /* when the next FQS is due, -1 if none */
    uint64_t n_force_qs, gp_max_jiffies;
    uint64_t jiffies_stall;
    uint64_t grace_periods;           /* completed since boot */
} rv_flavor_view;
void rv_flavor_get(const rv_engine *e, int flavor, rv_flavor_view *out);

/* "Why is this grace period still waiting?" One or more lines of plain English naming the CPU or
 * task that holds it up and why. cpu >= 0 asks about a CPU, node >= 0 about a node, both -1 about
 * the whole grace period. Returns the length written. */
int rv_explain(const rv_engine *e, int flavor, int cpu, int node, char *buf, size_t bufsz);

/* The debugfs files of CONFIG_RCU_TRACE, in the 3.6/3.7 formats (3.6 adds pgp= to rcudata and nf= to
 * rcu_pending): name is "rcugp", "rcuhier", "rcudata" or "rcu_pending" (the last only from an engine
 * made with rv_engine_opts.rcu_trace: -1 otherwise). Returns the length of the whole file, as snprintf
 * does (bufsz or more: buf holds only its start; 4096 CPUs' rcudata takes over a megabyte), or -1 for
 * an unknown name. */
int rv_debugfs(const rv_engine *e, const char *name, char *buf, size_t bufsz);

/* ---------------------------------------------------------------- report (rcuvis run --json) */

enum { RV_WAITING_LISTED = 16 }; /* how many waited-for CPUs and tasks a report names (it counts all) */
typedef struct rv_flavor_report {
    bool enabled;
    uint64_t grace_periods, updates, callbacks_invoked;
    double updates_per_gp;
    double gp_overhead_us;          /* CPU time of this flavor's GP machinery, wherever charged */
    double fqs_overhead_us;         /* of it, the FQS passes (force_qs_rnp(): leaf locks and dynticks probes) */
    double kthread_sched_us;        /* of it, the 3.7 GP kthread's own scheduling: the waker's wake_up(), two
                                       context switches per sleep/wake cycle, arming its FQS timeout (0 in 3.6) */
    uint64_t kthread_wakeups;       /* the 3.7 GP kthread's sleep/wake cycles (0 in 3.6): the captions' "~22 per GP" */
    uint64_t node_lock_visits;      /* rcu_node lock visits charged costs.node_lock_ns: walks, climbs, FQS leaves,
                                       root relocks (3.7's kthread walks the tree twice per GP, 3.6 often once) */
    double overhead_per_gp_us, overhead_per_update_ns;
    double gp_ms_p50, gp_ms_p99, gp_ms_max;
    uint64_t fqs_scans, idle_probes, offline_credits, stall_warnings;
    uint64_t sync_calls; double sync_latency_ms_mean;
    double callback_latency_ms_mean;
    uint64_t callbacks_orphaned, callbacks_adopted; /* moved off CPUs going offline */
    uint64_t blocked_tasks, blocked_tasks_gp;       /* rcu_preempt readers preempted (blkd_tasks); of them blocking a GP */
    uint64_t dyntick_credits;                       /* FQS credited a CPU for being dyntick-idle ("dti", or "snap" in a GP's first pass) */
    /* The grace period still open when the report was built (gpnum one past completed). None of the
     * figures above count it: a GP stuck for the last 85 s of a run is in no duration percentile. */
    uint64_t gpnum, completed;
    bool gp_in_progress;
    enum rv_gp_phase gp_phase;                      /* where it is (RV_GP_IDLE when none is open): a 3.7 GP whose
                                                       init walk has not reached every leaf waits for no CPU yet */
    double gp_in_progress_s;                        /* its age (0 when none is open) */
    int gp_waiting_cpus;                            /* CPUs still in a leaf's qsmask: they owe it a QS */
    int gp_waiting_cpu[RV_WAITING_LISTED];          /* the first of them by CPU number (gp_waiting_cpus of them, at most) */
    int gp_waiting_tasks;                           /* preempted readers blocking it (blkd_tasks from gp_tasks on) */
    int gp_waiting_pid[RV_WAITING_LISTED];          /* their pids as a stall warning prints them (" P<pid>"), the first ones */
} rv_flavor_report;

typedef struct rv_thread_report {
    char name[32];      /* "rcu_sched", "ksoftirqd/3", "rcuc/0", "hackbench" */
    double cpu_seconds;
    bool alive;         /* still running at the end (workload tasks exit when their phase ends) */
    bool kernel_thread;
} rv_thread_report;

typedef struct rv_stall_report {
    double t_s; uint64_t jiffies; int flavor; int cpu; int kind; /* 0 self, 1 other */
    char text[512];   /* the kernel's line; a long one ends " …" (the kernel log has it whole) */
    /* Everyone the warning names, however many, in the order it prints them: ncpus_named CPUs, then
     * npids_named tasks (" P<pid>"), from names_at in the report's stall_names (rv_stall_cpus(),
     * rv_stall_pids()). A task printed twice (a one-node tree's root is also its leaf) is listed twice. */
    size_t names_at; uint32_t ncpus_named, npids_named;
} rv_stall_report;

/* What ran in the longest irqs-off stretch of a run (rv_report.max_irqs_off_in): a single lock
 * section (a leaf's lock with its dynticks probes, a QS report, one node of 3.7's walks), 3.6's whole
 * grace-period start walk (rcu_start_gp(): irqs off from its caller's lock through the walk, which
 * holds onofflock and takes one node's lock at a time), 3.6's whole forcing pass
 * (force_quiescent_state() under fqslock, irqs off throughout, with any GP end and start it brings),
 * or 3.6's GP end walk into the next start (rcu_report_qs_rsp(), "irqs remain disabled"). */
enum rv_irqoff_kind { RV_IRQOFF_LOCK, RV_IRQOFF_GP_START, RV_IRQOFF_FQS, RV_IRQOFF_GP_END, RV_NIRQOFF };
const char *rv_irqoff_kind_name(int kind); /* "lock", "gp_start", "fqs", "gp_end" (NULL out of range) */
/* The same in words for a reader, " (a 3.6 forcing pass)", to follow the stretch's length; "" for a
 * single lock section, which needs no name */
const char *rv_irqoff_kind_words(int kind);

typedef struct rv_report {
    char scenario[128];
    enum rv_mode mode;
    int cpus, hz; uint64_t seed;
    double sim_seconds;
    int tree_levels, tree_nodes, nodes_per_level[4], fanout, fanout_leaf;
    rv_flavor_report flavors[RV_NFLAVORS];
    rv_thread_report *threads; size_t nthreads; /* sorted by cpu_seconds, descending */
    double rcu_gp_kthreads_s, ksoftirqd_s, softirq_inline_s, rcuc_s, tick_s, caller_s;
    double max_irqs_off_us, max_nonpreempt_us;
    int max_irqs_off_in;                        /* enum rv_irqoff_kind: what the longest irqs-off stretch was */
    rv_stall_report *stalls; size_t nstalls;
    int *stall_names; size_t nstall_names;      /* the CPUs and pids the stalls name (rv_stall_report) */
    uint64_t readers, callbacks_checked, violations;
    uint64_t reader_pipe[RV_PIPE_LEN];
    uint64_t events;
    rv_not_applied *not_applied; size_t nnot_applied; /* as rv_not_applied_get() lists them */
    /* hotplug: each cb_orphan record (callbacks moved from a dead CPU to an online one) */
    struct rv_orphan_report { double t_s; int cpu, flavor, adopted_by; long n; } *orphans; size_t norphans;
    uint64_t cpu_offlines, cpu_onlines;               /* hotplug transitions that happened */
} rv_report;

/* Build the report for the run so far (allocates threads and stalls). */
void rv_report_build(const rv_engine *e, rv_report *out);
void rv_report_free(rv_report *r);
/* The CPUs (s->ncpus_named of them) and the pids (s->npids_named) that stall s of report r names. */
static inline const int *rv_stall_cpus(const rv_report *r, const rv_stall_report *s) { return r->stall_names + s->names_at; }
static inline const int *rv_stall_pids(const rv_report *r, const rv_stall_report *s) { return r->stall_names + s->names_at + s->ncpus_named; }

#endif
