/* internal.h — the engine's private structures (rcu_state, rcu_node, rcu_data, CPUs, queue), shared by the engine sources only. */
#ifndef RCUVIS_INTERNAL_H
#define RCUVIS_INTERNAL_H

#include "rcuvis.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#define NS_PER_S 1000000000LL
#define RCU_STALL_RAT_DELAY 2      /* jiffies others wait past the deadline before reporting */
#define MAX_SOFTIRQ_RESTART 10     /* __do_softirq() restarts before deferring to ksoftirqd */
#define RCU_TORTURE_PIPE_LEN 10
#define LONG_MAX_BLIMIT LONG_MAX

/* fqs_state values, as in rcutree.h */
enum { RCU_GP_IDLE = 0, RCU_GP_INIT = 1, RCU_SAVE_DYNTICK = 2, RCU_FORCE_QS = 3 };
/* gp_flags (3.7) */
enum { RCU_GP_FLAG_INIT = 0x1, RCU_GP_FLAG_FQS = 0x2 };

/* ------------------------------------------------------------------ PRNG (xoshiro256**) */
typedef struct rng { uint64_t s[4]; } rng;
void rng_seed(rng *r, uint64_t seed, uint64_t stream);
/* xoshiro256** next, inline: every tick draws at least once */
static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t result = rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = rng_rotl(s[3], 45);
    return result;
}
static inline double rng_unit(rng *r) { return (double)(rng_next(r) >> 11) * 0x1.0p-53; } /* [0,1) */
/* exponential with that mean; inline: a FAST_NO_HZ blip, a context switch and an update burst each draw one */
static inline double rng_exp(rng *r, double mean) { return -mean * log(1.0 - rng_unit(r)); }
long rng_poisson(rng *r, double mean);
long rng_poisson_knuth_from(rng *r, double mean, double p); /* rng.c: rng_poisson()'s Knuth loop after a first draw p >= 1 - mean */
/* rng_poisson() for 0 < mean < 0.02, one draw: at most a couple of events, P(N >= 1) = 1 - e^-m ~ m - m^2/2
 * and P(N >= 2) ~ m^2/2 (1 - m/3). Shared by rng_poisson() and rng_poisson_inline(), which must agree. */
static inline long rng_poisson_small(rng *r, double mean)
{
    double u = rng_unit(r);
    if (u >= mean - mean * mean / 2) return 0;
    return u < (mean * mean / 2) * (1 - mean / 3) ? 2 : 1;
}

/* rng_poisson() with its common exits inline (a lazy blip count draws one at every FQS probe of its CPU):
 * the same draws and the same count. A small mean draws once against rng_poisson()'s P(N >= 1) bounds;
 * Knuth's loop (0.02 <= mean <= 30) stops at its first draw u when u < 1 - mean < e^-mean. */
static inline long rng_poisson_inline(rng *r, double mean)
{
    if (mean >= 0.02 && mean <= 30) {
        double u = rng_unit(r);
        if (u < 1 - mean) return 0;
        return rng_poisson_knuth_from(r, mean, u);
    }
    if (mean > 0 && mean < 0.02) return rng_poisson_small(r, mean);
    return rng_poisson(r, mean); /* 0, large means, NaN */
}
void rng_exp_neg_bounds(double m, double *lo, double *hi); /* lo <= exp(-m) <= hi, 0 <= m <= 30 (rng_poisson()) */
long rng_poisson_knuth(rng *r, double exp_neg_mean); /* rng_poisson(r, m) for 0.02 <= m <= 30, given exp(-m) */
int rng_range(rng *r, int lo, int hi);      /* inclusive */

/* ------------------------------------------------------------------ event queue */
enum qev_kind {
    QE_RUNSTATE,      /* cpu: end of a busy or idle stretch */
    QE_CTXSW,         /* cpu: the next context switch */
    QE_READER_BEGIN,  /* cpu, arg = flavor: next sampled reader */
    QE_READER_END,    /* cpu, id = reader id */
    QE_SOFTIRQ,       /* cpu, arg = 0 irq exit, 1 ksoftirqd: deferred RCU_SOFTIRQ */
    QE_KTHREAD,       /* arg = flavor: the GP kthread runs */
    QE_SCRIPT,        /* id = index into cfg.events */
    QE_PHASE,         /* a workload phase boundary */
    QE_KLOOP_END,     /* cpu: end of an injected kernel loop */
    QE_IDLE_IRQ,      /* cpu: an interrupt arriving while idle */
    QE_FAKE_WRITER,   /* id = writer index */
    QE_CAPTION,       /* id = caption index */
    QE_RCUC,          /* cpu: rcuc/N runs the boosted flavor's callbacks */
    QE_IDLE_BLIP,     /* cpu: a busy CPU passes through the idle loop for an instant */
    QE_IDLE_GP_TIMER, /* cpu: RCU_FAST_NO_HZ's idle_gp_timer wakes an idle CPU holding callbacks */
};

typedef struct qev {
    int64_t t;
    uint64_t seq;
    uint64_t id;
    uint32_t gen;
    int32_t cpu;
    int16_t kind;
    int16_t arg;
} qev;

/* One slot of the calendar of events aside (evq.c): the events of one tick-long stretch, unordered. */
typedef struct evq_bucket { qev *ev; size_t n, cap; } evq_bucket;
#define EVQ_BUCKETS 256 /* ticks ahead the calendar covers; later events wait in far[] */

typedef struct evq {
    qev *h; size_t n, cap; uint64_t seq;   /* the near queue (evq.c): sorted latest first, or a heap */
    bool heap;                             /* h[] is a binary min-heap (h[0] next), not sorted (h[n - 1] next) */
    qev first; bool has_first;             /* if set, earlier than everything in h[] */
    /* events at or after `horizon` (if set, > 0) wait aside until evq_advance() moves the horizon
     * past them: peek and pop see only what lies before the horizon. With a bucket width (the tick),
     * those within EVQ_BUCKETS widths wait in the calendar cal[] (bucket t / width, counted from
     * cal_key, the first bucket not yet moved), later ones unordered in far[] (earliest far_min);
     * without one (width 0) all wait in far[]. */
    qev *far; size_t nfar, far_cap; int64_t horizon;
    int64_t width, cal_key, far_min;
    evq_bucket *cal; size_t ncal;
} evq;
/* *d = *s, field by field: GCC compiled the struct assignment in the inlined push into `rep movsl`,
 * slow to start for 40 bytes, on the path every queued event takes */
static inline void qev_copy(qev *d, const qev *s)
{
    d->t = s->t; d->seq = s->seq; d->id = s->id;
    d->gen = s->gen; d->cpu = s->cpu; d->kind = s->kind; d->arg = s->arg;
}
static inline bool qev_before(const qev *a, const qev *b) { return a->t < b->t || (a->t == b->t && a->seq < b->seq); }
#define EVQ_SORTED_MAX 64 /* the near queue's entries beyond which it turns into a heap (evq.c) */
/* The next of the near queue's n > 0 entries, in either of its forms. */
static inline const qev *evq_near_next(const evq *q) { return q->heap ? &q->h[0] : &q->h[q->n - 1]; }
void evq_push_far(evq *q, const qev *ev);     /* evq.c: aside, beyond the horizon */
void evq_near_insert(evq *q, const qev *ev);  /* evq.c: into the near queue */
/* Queue an event with ev.seq as given (a place in the order taken earlier). The soonest event
 * waits in q->first, outside h[], when it arrived after everything queued was already
 * later: the common "push, then pop it next" pattern (a kthread wakeup a few microseconds ahead,
 * the next idle blip) then never walks h[]. Inline: every scheduled event comes here, and
 * most go aside or to `first`, a few stores. The event comes by pointer: GCC keeps this out of line
 * at most call sites, and a 40-byte argument by value was copied with `rep movs` at each of them
 * (~2 % of FAST_NO_HZ hackbench's time on that one instruction). */
static inline void evq_push_seq(evq *q, const qev *ev)
{
    if (ev->t >= q->horizon && q->horizon > 0) { evq_push_far(q, ev); return; }
    if (q->has_first) {
        if (qev_before(ev, &q->first)) {
            qev was;
            qev_copy(&was, &q->first);
            qev_copy(&q->first, ev);
            evq_near_insert(q, &was);
            return;
        }
    } else if (!q->n || qev_before(ev, evq_near_next(q))) {
        qev_copy(&q->first, ev);
        q->has_first = true;
        return;
    }
    evq_near_insert(q, ev);
}
static inline void evq_push(evq *q, qev ev) { ev.seq = q->seq++; evq_push_seq(q, &ev); }
bool evq_pop(evq *q, qev *out);
static inline int64_t evq_peek_t(const evq *q) { return q->has_first ? q->first.t : q->n ? evq_near_next(q)->t : INT64_MAX; }
void evq_advance(evq *q, int64_t horizon);
int evq_clone(evq *dst, const evq *src);
size_t evq_bytes(const evq *q);
void evq_free(evq *q);

/* A timer re-armed far more often than it expires (the GP kthread's FQS timeout, re-armed on every
 * FQS pass; FAST_NO_HZ's idle_gp_timer). Each arming takes its place in the queue's order (a
 * sequence number) as a push would, but while an earlier entry of the same timer is still queued
 * no new entry is pushed: that one, when it comes up, is pushed again at the latest arming's time
 * and sequence number (sched_rearm(), rearm_due()). Live events keep their (time, seq) keys, so
 * they run in exactly the order a fresh entry per arming gave, without a stale entry per arming. */
typedef struct rearm_timer {
    qev next;            /* the latest arming: time, sequence number, gen, kind, cpu, arg, id */
    bool queued;         /* this timer has an entry on the queue ... */
    uint32_t queued_gen; /* ... with this gen ... */
    int64_t queued_t;    /* ... at this time */
} rearm_timer;

/* ------------------------------------------------------------------ callbacks */
enum cb_kind { CB_NORMAL = 0, CB_LAZY = 1, CB_SYNC = 2, CB_TORTURE = 3 };
typedef struct cb_rec {     /* a batch of n callbacks queued together on one CPU */
    uint64_t id;
    int64_t t_queued;
    long n;
    uint64_t retire_idx;    /* position in the flavor's retirement sequence (Reader Pipe) */
    uint32_t aux;           /* sync: task id; torture: pipe stage */
    uint8_t kind;
    uint8_t counted;        /* retirement already marked invoked */
} cb_rec;

/* One CPU's segmented callback list: records [head, tail[0]) are DONE, [tail[0], tail[1]) WAIT,
 * [tail[1], tail[2]) NEXT_READY, [tail[2], end) NEXT — the kernel's nxttail[] as indexes. */
typedef struct cblist {
    cb_rec *ring; uint64_t cap;    /* power of two */
    uint64_t head, end;
    uint64_t tail[3];              /* RCU_DONE_TAIL, RCU_WAIT_TAIL, RCU_NEXT_READY_TAIL */
    long seg[RV_NSEGS];            /* callbacks per segment */
} cblist;

/* ------------------------------------------------------------------ readers */
/* One read-side critical section. Sections nest: rcu_read_lock() inside rcu_read_lock() only deepens
 * the task's t->rcu_read_lock_nesting (rcu_preempt), preempt_disable() depth (rcu_sched) or
 * local_bh_disable() depth (rcu_bh), and only the outermost unlock ends the task's critical section
 * (__rcu_read_unlock() calls rcu_read_unlock_special() only when the nesting drops from 1). A section
 * that begins on a CPU whose running task is already inside one of the same flavor joins that task's
 * nest (same `task`, `nested` set); the nest's one record with `nested` clear, its holder, carries the
 * task's RCU state (blocked, node, blocks_gp, blkd_seq, blkd_at, blkd_why). Records of a nest may end in
 * any order: the last one to end is the outermost unlock (reader_finish()). */
typedef struct reader {
    uint64_t id;
    int64_t begin;
    int64_t end;              /* scheduled end */
    int32_t cpu;
    int8_t flavor;
    int8_t blocked;           /* rcu_preempt (holder): RCU_READ_UNLOCK_BLOCKED, queued on blkd_tasks until the outermost unlock */
    int8_t need_qs;           /* tick saw it owing a preempt QS: report at unlock (RCU_READ_UNLOCK_NEED_QS) */
    int8_t injected;
    int32_t node;             /* leaf (or root) whose blkd_tasks holds it */
    int8_t blocks_gp;         /* it is at or after gp_tasks: blocks the current GP */
    int8_t nested;            /* inside an open section of the same flavor and task: not the nest's holder */
    int8_t preempted;         /* rcu_preempt: its task is switched out (runnable, not running on its CPU) */
    int8_t blkd_why;          /* enum preempt_why: what switched the task out when it was queued on blkd_tasks */
    uint64_t task;            /* the task whose nest it belongs to (the first section's id) */
    int64_t blkd_at;          /* when it was queued on blkd_tasks */
    uint64_t seen_retire;     /* Reader Pipe: element current when it began */
    uint64_t blkd_seq;        /* when it was queued on blkd_tasks (larger = later): of the readers blocking
                               * the GP, the latest is the one gp_tasks points to (print_task_stall()) */
} reader;
/* The pid a stall warning prints for a reader's task (" P<pid>"). */
static inline int reader_pid(const reader *r) { return (int)(1000 + r->task % 30000); }

/* What made a context switch happen, as far as a preempted reader's story needs it (views.c): the
 * caller of context_switch_why() says; everything else is a plain context switch. */
enum preempt_why {
    PW_SWITCH = 0,   /* a context switch of the workload */
    PW_STALL,        /* print_cpu_stall()'s set_need_resched() after a self-detected stall */
    PW_RESCHED,      /* 3.6 __rcu_pending()'s set_need_resched() for a CPU owing rcu_sched/rcu_bh a QS */
    PW_INJECT,       /* a preempt_reader event */
    PW_KTHREAD,      /* a GP kthread woke on the CPU (3.7) */
    PW_KSOFTIRQD,    /* ksoftirqd/N took the CPU */
};

/* ------------------------------------------------------------------ rcu_node / rcu_data / rcu_state */
typedef struct rcu_node {
    unsigned long qsmask, qsmaskinit, grpmask;
    int grpnum, grplo, grphi, level, parent;
    int first_child, nchildren;
    int qsmaskinit_weight;          /* bits set in qsmaskinit, an FQS pass's probes (tree_set_cpu_online()); fills padding */
    unsigned long gpnum, completed;
    int n_blkd, n_gp_tasks;         /* blkd_tasks length; entries from gp_tasks on */
    /* leaves: FQS credited the dyntick-idle CPUs in fqs_idle_mask fqs_idle_passes times in a row and has
     * not yet added that to their rcu_data.dynticks_fqs (gp.c; read through rdp_dynticks_fqs()) */
    unsigned long fqs_idle_mask, fqs_idle_passes;
} rcu_node;

/* Which of __rcu_pending()'s tests answered a call (rp_count.n[]) */
enum rp_answer { RP_REPORT_QS, RP_CB_READY, RP_CPU_NEEDS_GP, RP_GP_COMPLETED, RP_GP_STARTED, RP_NEED_FQS, RP_NEED_NOTHING,
                 RP_NANSWERS };

/* With rcu_trace (CONFIG_RCU_TRACE), one CPU's __rcu_pending() calls by the test that answered them
 * (debugfs rcu_pending: rpq= cbr= cng= gpc= gps= nf= nn=). Every call counts in exactly one, so the
 * kernel's n_rcu_pending (np=) is their sum and is not kept; qs_pending (qsp=) counts calls that found
 * a QS still owed (the tests go on after it). Kept beside rcu_data, not in it: the tick reads rcu_data
 * on every call, and a larger one cost an untraced run ~1 % of its instructions. */
typedef struct rp_count { unsigned long n[RP_NANSWERS], qs_pending; } rp_count;

typedef struct rcu_data {
    unsigned long gpnum, completed, passed_quiesce_gpnum;
    bool passed_quiesce, qs_pending;
    bool beenonline;            /* rcu_init_percpu_data() ran: the CPU has been online (debugfs lists only these) */
    bool cbs_closed;            /* 3.7 rcu_cleanup_dead_cpu() set nxttail[RCU_NEXT_TAIL] = NULL (no call_rcu() here) until
                                 * the CPU comes back: debugfs's qs= then reads N... */
    unsigned long grpmask;
    int mynode;
    cblist cbl;
    long qlen, qlen_lazy, blimit, qlen_last_fqs_check;
    unsigned long n_force_qs_snap;
    unsigned long dynticks_snap;
    unsigned long n_cbs_invoked, n_cbs_orphaned, n_cbs_adopted;
    unsigned long dynticks_fqs, offline_fqs;
    unsigned long ticks_this_gp;
} rcu_data;

enum kt_state { KT_IDLE, KT_INIT, KT_WAIT, KT_CLEANUP };
#define RV_ONOFF_WAIT_MAX 32 /* hotplug operations waiting for init walks (a walk lasts microseconds) */
/* A CPU hotplug operation's RCU part (rcu_cpu_notify(): CPU_DEAD or CPU_UP_PREPARE), flavor by flavor;
 * in 3.7 a flavor's part waits while its kthread's init walk holds rsp->onoff_mutex (hotplug.c). */
struct onoff_op { int cpu; bool online; int8_t parts_done; /* flavors done, in for_each_rcu_flavor()'s order */ };

typedef struct gp_kthread {          /* 3.7 rcu_gp_kthread */
    enum kt_state state;
    int cpu;                         /* CPU it runs (or last ran) on */
    int walk;                        /* next node of the init/cleanup walk */
    int64_t timeout_t;               /* FQS wait timeout (-1: none) */
    int64_t run_t;                   /* scheduled run (-1: none) */
    uint32_t gen;                    /* of the pending run event */
    uint32_t tgen;                   /* of the armed FQS timer */
    rearm_timer timer;               /* its queue entry (sched_rearm()) */
    bool running;                    /* on a CPU right now (for views) */
    bool wake_paid;                  /* a waker's wake_up() has woken it since it last ran: its FQS timer, due
                                      * meanwhile, finds it runnable and wakes nobody */
    int fqs_state;                   /* rcu_gp_kthread()'s local: RCU_SAVE_DYNTICK, then RCU_FORCE_QS */
} gp_kthread;

typedef struct rcu_state {
    int flavor;
    bool enabled;
    bool gp_fix;                     /* rv_cfg_needs_gp_fix(), read by every cpu_needs_another_gp() (tree_build()) */
    unsigned long gpnum, completed;
    int fqs_state, gp_flags;
    bool fqs_active, fqs_need_gp;    /* 3.6 force_quiescent_state(): its pass is running; a GP start it owes once the pass ends */
    uint64_t gp_start, jiffies_stall, jiffies_force_qs, gp_max;
    int64_t gp_start_ns;
    int gp_start_cpu;                /* whose context started the current (or last) GP: 3.6 a CPU's softirq, 3.7 the kthread's CPU; -1 none */
    int64_t fqs_snap_ns;             /* when this GP's first FQS pass (the dynticks snapshot) ran (views.c) */
    unsigned long n_force_qs, n_force_qs_ngp, n_force_qs_lh;
    rcu_node *node;                  /* breadth-first, root = node[0] */
    rcu_data *rda;                   /* per CPU */
    rp_count *rp;                    /* per CPU with rcu_trace, else NULL */
    gp_kthread kt;
    int walk_node;                   /* for views: node being initialised/cleaned (-1) */
    /* statistics */
    uint64_t grace_periods, updates, cbs_invoked, fqs_scans, idle_probes, offline_credits, stalls;
    uint64_t dyntick_credits;        /* FQS credits for dyntick-idle ("dti" and "snap"), whether logged or counted */
    uint64_t sync_calls; int64_t sync_latency_sum;
    int64_t gp_overhead_ns, kthread_ns;
    int64_t fqs_ns;                  /* of gp_overhead_ns: spent in FQS passes (force_qs_rnp()) */
    int64_t kt_sched_ns;             /* of gp_overhead_ns: the 3.7 kthread's own scheduling (wake_up(), its two
                                        switches per sleep/wake cycle, the FQS timeout timer): what 3.6 never pays */
    uint64_t kt_wakeups;             /* the 3.7 kthread's sleep/wake cycles (woken by a waker or its FQS timer) */
    uint64_t node_lock_visits;       /* rcu_node visits charged node_lock_ns (walks, climbs, FQS leaves, root
                                        relocks): 3.7's separate init and cleanup walks take more per GP */
    int64_t cb_latency_sum; uint64_t cb_latency_n;
    uint64_t gp_hist[64 * 8];        /* GP durations: log2 buckets of ns, 8 sub-buckets */
    int64_t gp_max_ns;
    uint64_t retire_count;           /* Reader Pipe: elements retired (callback records queued) */
} rcu_state;

/* ------------------------------------------------------------------ CPUs */
enum run_state { RS_BUSY, RS_IDLE, RS_OFFLINE };

typedef struct cpu_t {
    int id;
    enum run_state run;
    bool user;                /* busy in user mode at the last tick */
    bool tick_on;
    /* idle blips and FQS (below), small fields kept in what was padding: the cpu_t size is in every
     * checkpoint's byte count */
    bool blip_scheduled;      /* an idle blip is on the queue (drawn only while FAST_NO_HZ would drain at one) */
    bool blip_lazy;           /* blips since blip_lazy_since are not simulated one by one: settle_blips() counts them */
    int8_t dyntick_drain;     /* RCU_FAST_NO_HZ's drain attempts left (struct rcu_dynticks), 0..5 */
    int8_t leaf_off;          /* this CPU's bit in its leaf (< 64): see leaf_idle */
    unsigned long dynticks;   /* even = RCU-idle */
    int phase;                /* index of the phase in force, -1 = none (idle) */
    int nonpreempt;           /* sched readers + kernel loop: no context switch possible */
    int bh_disabled;          /* bh readers */
    bool ctxsw_deferred;      /* a context switch is due as soon as nonpreempt drops to 0 */
    uint8_t need_resched;     /* 0, or why set_need_resched() was called (PW_STALL, PW_RESCHED): TIF_NEED_RESCHED,
                               * which do_tick() acts on at this interrupt's exit */
    bool ctxsw_scheduled;
    bool kloop;
    int64_t kloop_since;
    int64_t offline_since;    /* when cpu_offline() last took it down (views.c: which GPs never waited for it) */
    bool softirq_pending;
    bool softirq_scheduled;
    bool ksoftirqd_running;   /* ksoftirqd/N holds the CPU, its loop's next __do_softirq() queued (ksoftirqd_loop()) */
    bool rcuc_scheduled;
    int running_kthread;      /* flavor, or -1 */
    uint32_t gen_run, gen_ctxsw, gen_reader[RV_NFLAVORS], gen_softirq, gen_idle_irq;
    uint64_t busy_ticks;      /* ticks taken while busy: the clock of the update streams */
    uint64_t next_upd[7];     /* busy tick of the next burst: call_rcu per flavor, kfree_rcu, sync per flavor */
    int upd_phase;            /* the phase next_upd[] was drawn for (-2: none yet) */
    uint64_t next_upd_due;    /* the least next_upd[] of upd_phase's active streams (tick_updates()) */
    int64_t idle_until;       /* forced idle (inject/script) until; 0 = none; INT64_MAX = until woken */
    int64_t pending_idle_until; /* an idle request waiting for a pinned CPU (kernel loop, injected reader) */
    int64_t blip_lazy_since;
    uint32_t gen_blip, gen_idle_timer;
    rearm_timer idle_timer;   /* queue entry of RCU_FAST_NO_HZ's idle_gp_timer */
    uint64_t dyntick_holdoff; /* RCU_FAST_NO_HZ (struct rcu_dynticks): the jiffy of the last holdoff */
    /* FQS's per-leaf summary: on a leaf's first CPU (leaf_off 0), leaf_idle holds the leaf's CPUs whose
     * dynticks is even (dynticks_idle()/dynticks_busy() keep it) */
    unsigned long leaf_idle;
    /* also on a leaf's first CPU, per flavor: the leaf's CPUs an FQS check pass must visit because their
     * dynticks counter may have moved since that flavor's snapshot pass (dynticks_moved()), or may move
     * when a probe counts their lazy blips, or because they are offline (gp.c, fqs_snapshot_running()) */
    unsigned long leaf_dirty[RV_NFLAVORS];
    /* Random streams, one per kind of draw, so that the workload a CPU runs does not depend on what RCU
     * does: r (busy/idle periods, user or kernel at a tick), r_read (sampled readers), r_upd (update
     * bursts), r_irq (interrupts while idle) are drawn only by the workload's own events; r_rcu serves
     * the draws that RCU's state decides when to make (a context switch queued for an owed QS, a blip
     * queued for a drain or counted at a probe, the next interrupt that could run a raised softirq).
     * With one shared stream, 3.6 and 3.7 of one seed ran different workloads after a few ms. */
    rng r, r_read, r_upd, r_irq, r_rcu;
    /* accounting, ns */
    int64_t ksoftirqd_ns, rcuc_ns, inline_ns, tick_ns_total;
} cpu_t;

/* No context switch can happen while preemption (sched readers, kernel loops) or bottom halves
 * (rcu_read_lock_bh(), which raises preempt_count) are disabled. */
static inline bool cpu_preemptible(const cpu_t *c) { return c->nonpreempt == 0 && c->bh_disabled == 0; }

/* rcu_idle_enter()/rcu_idle_exit() on the dynticks counter: even = RCU-idle, odd = not. Every change
 * of parity goes through these two, so they also keep the leaf's summary of its dyntick-idle CPUs,
 * which lets an FQS pass credit a leaf's idle CPUs without visiting them (gp.c). */
/* Mark the CPU in every flavor's leaf_dirty: its counter moved, or may move unseen (lazy blips, offline). */
static inline void dynticks_moved(cpu_t *c)
{
    unsigned long *dirty = c[-c->leaf_off].leaf_dirty, bit = 1ul << c->leaf_off;
    for (int f = 0; f < RV_NFLAVORS; f++) dirty[f] |= bit;
}
static inline void dynticks_idle(cpu_t *c)
{
    if (c->dynticks & 1) { c->dynticks++; dynticks_moved(c); }
    c[-c->leaf_off].leaf_idle |= 1ul << c->leaf_off;
}
static inline void dynticks_busy(cpu_t *c)
{
    if (!(c->dynticks & 1)) { c->dynticks++; dynticks_moved(c); }
    c[-c->leaf_off].leaf_idle &= ~(1ul << c->leaf_off);
}
/* dynticks_idle() then dynticks_busy() (an idle blip), as one step: the counter moves on to the next
 * odd value (by 2 from odd, by 1 from even), once marked, and the CPU ends up out of leaf_idle. */
static inline void dynticks_idle_busy(cpu_t *c)
{
    c->dynticks = (c->dynticks + 1) | 1;
    dynticks_moved(c);
    c[-c->leaf_off].leaf_idle &= ~(1ul << c->leaf_off);
}

/* kthread: reported as a kernel thread (a kernel_loop's own task, kloop_task()), not a phase's task */
typedef struct task_acct { char name[32]; int64_t ns; bool alive, kthread; } task_acct;
typedef struct klog_line { int64_t t; char *text; } klog_line;

enum exec_ctx { CTX_NONE, CTX_TICK, CTX_SOFTIRQ, CTX_KSOFTIRQD, CTX_KTHREAD, CTX_TASK, CTX_RCUC };

struct rv_engine {
    rv_config cfg;
    int ncpus, hz;
    int64_t jiffy_ns;
    int64_t now, end;
    uint64_t jiffies;
    evq q;
    rng r;
    cpu_t *cpu;
    rcu_state rsp[RV_NFLAVORS];
    int levels, nnodes, levelcnt[4], levelspread[4], level_first[4];
    int *tick_list; int ntick;
    bool phases_blip;         /* some phase has idle_blips_per_s > 0 (else ensure_blip() returns at once) */
    reader *readers; size_t nreaders, readers_cap; /* active readers */
    uint64_t next_reader_id, next_cb_id, next_task_id;
    uint64_t next_blkd_seq;   /* reader.blkd_seq */
    struct onoff_op onoff_q[RV_ONOFF_WAIT_MAX]; int n_onoff; /* hotplug operations in progress, oldest first */
    /* execution context while handling something */
    enum exec_ctx ctx; int ctx_cpu; int ctx_flavor;
    int ctxsw_why;            /* enum preempt_why of the context switch in progress (context_switch_why()) */
    bool waker_idle_task;     /* a FAST_NO_HZ drain step is running in the idle task: a wake_up() of the GP
                               * kthread lands on this very CPU (kthread_wake()) */
    int64_t irqoff_from, stretch_nonpreempt; /* irqoff_from: the flavor's gp_overhead_ns when the open irqs-off region began */
    int64_t max_irqoff, max_nonpreempt;
    int irqoff_depth;         /* irqs-off regions begun and not yet ended (irqoff_region_begin()) */
    int irqoff_kind, max_irqoff_in; /* enum rv_irqoff_kind: the open region's, the longest stretch's */
    /* accounting */
    task_acct *tasks; int ntasks;
    int *phase_task;                 /* phase index -> tasks[] index */
    struct phase_rates *phase_rates; /* phase index -> its update streams' rates (workload.c) */
    int64_t tick_total_ns, caller_ns;
    /* events: the ring holds seqs [max(ring_first, nevents - ring_cap), nevents); its buffer
     * (ring_alloc slots) starts small and doubles up to ring_cap as events arrive, so an engine
     * that keeps few events (a headless run, a fresh clone) never touches more memory than that */
    rv_event *ring; size_t ring_cap, ring_alloc; uint64_t nevents, flushed, ring_first;
    uint64_t ev_count[RV_EV_NTYPES];          /* events emitted, by type (rv_engine_work) */
    uint64_t events_counted;  /* per-CPU detail events counted but not logged: no one reads them (events_read()) */
    uint64_t emit_slow_at;   /* emit() takes its slow path from this seq on: 0 with a live sink
                              * (flush first), the seq that would overwrite an unflushed event or
                              * fill a ring buffer still allowed to grow, or never
                              * (events_update_slow_at() keeps it right) */
    /* what emit() writes to the ring: every type when someone reads the log (events_read(), or
     * rv_step_gp_phase()'s ev_keep_all), else only the types triggers_scan() reads (scan_types);
     * the rest are only counted (events_update_slow_at() keeps ev_keep right) */
    uint64_t ev_keep, scan_types;
    uint64_t scan_hits, scan_hits_seen;       /* events of scan_types emitted / walked by triggers_scan() */
    bool ev_keep_all;
    bool rcu_trace;          /* CONFIG_RCU_TRACE: count __rcu_pending()'s answers for debugfs rcu_pending (rv_engine_opts) */
    uint64_t n_ticks, n_qevents;              /* scheduling-clock ticks taken, queue events handled */
    rv_event_sink sink; void *sink_ctx;
    bool sink_live;           /* the sink reads engine state: hand it each event at the next emit (rv_engine_set_sink_live) */
    klog_line *klog; size_t nklog, klog_cap;
    size_t nklog_boot;                        /* the first lines, rcu_bootup_announce()'s (tree.c) */
    rv_stall_report *stalls; size_t nstalls, stalls_cap;
    int *stall_names; size_t nstall_names, stall_names_cap; /* each stall's CPUs then pids (rv_stall_report.names_at) */
    /* safety */
    uint64_t n_readers_done, callbacks_checked, violations;
    uint64_t reader_pipe[RV_PIPE_LEN];
    struct retire_slot { uint64_t idx; int64_t invoked_t; unsigned long completed_at; } *retire[RV_NFLAVORS];
    /* a clone keeps only the slots a live reader can still look up (retire_pack_first on), and
     * rebuilds the full ring the first time it retires or checks something (retire_ring()) */
    struct retire_slot *retire_pack[RV_NFLAVORS]; uint64_t retire_pack_first[RV_NFLAVORS], retire_pack_n[RV_NFLAVORS];
    /* torture writers */
    int nfake_writers;
    /* triggers, caption firings, not-applied events, hotplug/blocked counts (triggers.c) */
    struct trig_engine *trig;
    uint64_t steps;           /* step_once() units done: where a recorded injection goes (rv_inject.at_step) */
    uint64_t trig_scanned;    /* events up to here were seen by triggers_scan() */
    /* last, so that the hot fields above keep their places: when set, events go to it in runs
     * (rv_engine_set_batch_sink) and `sink` only says there is a sink */
    rv_event_batch_sink sink_batch;
};

/* Reader Pipe bookkeeping: the last RETIRE_RING retirements per flavor. A reader that outlives
 * that many retirements reports index 1 for its element (unknown age, never a false alarm). */
#define RETIRE_RING 16384
#define RING_START 256     /* event ring slots allocated at first (it doubles up to ring_cap) */
#define SINK_BATCH 256     /* events a (not live) sink is handed at most at once: they stay in cache */
#define CLONE_EVENTS 256   /* newest events a clone keeps readable (e.g. "last event", step back) */

struct retire_slot *retire_unpack(rv_engine *e, int f);   /* engine.c: a clone's first Reader Pipe use */
/* The flavor's Reader Pipe ring, rebuilt in full if this engine is a clone that kept only a pack. */
static inline struct retire_slot *retire_ring(rv_engine *e, int f) { return e->retire[f] ? e->retire[f] : retire_unpack(e, f); }

/* A workload phase's update stream (call_rcu per flavor, kfree_rcu, synchronize per flavor), worked
 * out once at boot for the tick: bursts per busy tick (m), and for a sparse stream the log of the
 * chance that a tick has none, which turns one uniform draw into the gap to the next burst. */
enum { UPD_KFREE = RV_NFLAVORS, UPD_SYNC = RV_NFLAVORS + 1, UPD_STREAMS = 2 * RV_NFLAVORS + 1 };
/* exp_neg = exp(-m), for a dense stream's Knuth draw; p_one = P(exactly one burst | at least one),
 * for a sparse stream's zero-truncated Poisson count on the tick its gap ends */
typedef struct upd_rate { double m, log_none, exp_neg, p_one; } upd_rate;
/* A burst's size beyond its first callback is geometric with mean burst_mean - 1, drawn as
 * floor(Exp(scale)) = floor(-scale * log(x)) with scale = 1 / log(1 + 1/(burst_mean - 1)): that floor
 * is k with probability (1 - q) q^k, q = exp(-1/scale) = (burst_mean - 1) / burst_mean, whose mean is
 * q / (1 - q) = burst_mean - 1. For a small scale, stream_take() reads the floor off the steps
 * exp(-k/scale) instead of calling log(): burst_lo[k-1] / burst_hi[k-1] bracket them by a relative 1e-6. */
#define BURST_STEPS 32
/* The steps' answers by range of x (workload.c, burst_extra()): x's bit pattern shifted right by
 * BURST_KEY_SHIFT splits each octave into 128 ranges; the table covers the BURST_TABLE ranges just
 * below and at 1.0 (x >= 2^-8, 99.6 % of draws), each holding the steps' answer for every x in it,
 * or -1 where a step's band meets the range (there the steps themselves decide). */
#define BURST_KEY_SHIFT 45
#define BURST_TABLE 1024
typedef struct phase_rates {
    upd_rate s[UPD_STREAMS];
    int8_t active[UPD_STREAMS], nactive;  /* the streams with bursts at all, in stream order */
    int8_t burst_steps;                   /* steps filled (0: draw with log()) */
    double burst_scale;                   /* the exponential's scale above (0: bursts of one) */
    double burst_lo[BURST_STEPS], burst_hi[BURST_STEPS];
    uint64_t burst_key0;                  /* the table's first range: x's bits >> BURST_KEY_SHIFT */
    int8_t burst_table[BURST_TABLE];
} phase_rates;

/* ------------------------------------------------------------------ module functions */
/* events.c */
void events_flush(rv_engine *e);
void events_make_room(rv_engine *e);   /* flush to the sink; grow the ring buffer when full */
void events_update_slow_at(rv_engine *e);   /* also what emit() keeps (ev_keep) */
void events_ring_clear(rv_event *r, size_t n);

/* Log one event and return it for the caller to fill in (the sink sees it at the latest when
 * control returns to the engine's caller; a live sink at the next emit). Inline: with no sink and a small ring, as in a headless run, this is a few stores, and
 * an event of a type no one reads there is only counted: NULL, so the caller's `if (ev)` skips its
 * fields (they were written to a discard slot, ~31 M events in kernel-build's 300 s, most of them
 * counted only). Every caller tests the pointer. */
static inline rv_event *emit(rv_engine *e, int type, int cpu, int flavor)
{
    e->ev_count[type]++;
    if (!(e->ev_keep & (1ull << type))) { e->nevents++; return NULL; } /* no one reads it: count only */
    e->scan_hits += (e->scan_types >> type) & 1;
    if (__builtin_expect(e->nevents >= e->emit_slow_at, 0)) events_make_room(e);
    rv_event *ev = &e->ring[e->nevents & (e->ring_alloc - 1)];
    /* every byte, field by field (the struct has no padding: events are compared bytewise). Not
     * memset(): in this inlined code GCC made it `rep stosl`, whose start-up cost, paid for every
     * event a window or --trace logs, was ~1.5 % of a window's run */
    ev->seq = e->nevents;
    ev->t = e->now;
    ev->type = (uint16_t)type;
    ev->flavor = (int8_t)flavor;
    ev->arg = 0;
    ev->cpu = cpu;
    ev->node = -1;
    ev->spare = 0;
    ev->id = 0;
    ev->gp = 0;
    ev->n = 0;
    ev->mask = 0;
    e->nevents++;
    return ev; /* without a sink `flushed` needs no upkeep: rv_engine_set_sink() resets it */
}
/* Does anyone read individual events? A sink (trace, recorder) or a ring kept for readers (the window)
 * does; a headless run (RV_RING_HEADLESS slots, no sink) reads only counts, so a per-CPU detail event
 * such as an FQS credit may be counted there instead of logged (event_count_only()). */
static inline bool events_read(const rv_engine *e) { return e->sink || e->ring_cap > RV_RING_HEADLESS; }
static inline void event_count_only(rv_engine *e, int type, uint64_t n) { e->events_counted += n; e->ev_count[type] += n; }
void klog(rv_engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void rcu_bootup_announce(rv_engine *e);

/* tree.c */
int tree_build(rv_engine *e, char *err, size_t errlen);
void rcu_report_qs_rnp(rv_engine *e, rcu_state *rsp, unsigned long mask, int node);
/* the same, for a caller that reports many leaves: it asked qs_report_logged() once */
void rcu_report_qs_rnp_logged(rv_engine *e, rcu_state *rsp, unsigned long mask, int node, bool logged);
bool qs_report_logged(const rv_engine *e);
/* A 3.6 FQS pass's leaf reports when no one reads per-node events: the climbs into one parent are
 * applied together (tree.c), at the latest when the parent would clear; qs_batch_flush() at the end. */
typedef struct qs_batch { int parent; long climbs; unsigned long mask; } qs_batch;
void rcu_report_qs_leaf_batched(rv_engine *e, rcu_state *rsp, unsigned long mask, int n, qs_batch *b);
void qs_batch_flush(rv_engine *e, rcu_state *rsp, qs_batch *b);
void tree_set_cpu_online(rv_engine *e, rcu_state *rsp, int cpu, bool online);
static inline rcu_node *leaf_of(rcu_state *rsp, rcu_data *rdp) { return &rsp->node[rdp->mynode]; }
static inline bool gp_in_progress(const rcu_state *rsp) { return rsp->gpnum != rsp->completed; }

/* gp.c: the per-CPU side and the 3.6 softirq driver */
void rcu_process_callbacks(rv_engine *e, int cpu);   /* RCU_SOFTIRQ handler, all flavors */
/* cpu_needs_another_gp(): 3.6 counts anything beyond DONE; the 3.7 fix looks one segment further
 * when this CPU has not yet seen the latest GP end (its WAIT callbacks are really done). Inline:
 * every softirq pass and every rcu_pending() asks it, nearly always during a GP. */
static inline bool cpu_needs_another_gp(const rv_engine *e, const rcu_state *rsp, const rcu_data *rdp)
{
    (void)e;
    if (gp_in_progress(rsp)) return false;
    const long *seg = rdp->cbl.seg;
    if (rsp->gp_fix && rsp->completed != rdp->completed) return seg[2] + seg[3] > 0;
    return seg[1] + seg[2] + seg[3] > 0;
}
void rcu_start_gp(rv_engine *e, rcu_state *rsp, int cpu);
void rcu_report_qs_rsp(rv_engine *e, rcu_state *rsp);
void force_quiescent_state(rv_engine *e, rcu_state *rsp, bool relaxed);
void rcu_gp_fqs_pass(rv_engine *e, rcu_state *rsp); /* 3.6: the pass from force_quiescent_state() */
void rcu_gp_fqs(rv_engine *e, rcu_state *rsp); /* 3.7: the pass from rcu_gp_kthread() only */
unsigned long rdp_dynticks_fqs(const rcu_state *rsp, int cpu); /* with credits a leaf has not handed out yet */
void gp_init_node(rv_engine *e, rcu_state *rsp, int n, int cpu);
void gp_begin(rv_engine *e, rcu_state *rsp);
/* debugfs rcugp's max=: the longest GP in jiffies, measured where the kernel measures it (3.6
 * rcu_report_qs_rsp(), 3.7 the start of rcu_gp_cleanup(), before its walk) */
static inline void record_gp_max(const rv_engine *e, rcu_state *rsp)
{
    uint64_t dur = e->jiffies - rsp->gp_start;
    if (dur > rsp->gp_max) rsp->gp_max = dur;
}
void gp_finish(rv_engine *e, rcu_state *rsp);
void note_gp_changes(rv_engine *e, rcu_state *rsp, int cpu);
void rcu_qs_note(rv_engine *e, int cpu, int flavor);
/* rcu_sched_qs() & co.: a CPU-local flag only; reporting happens in softirq. Inline because every
 * tick, context switch and softirq pass calls it and nearly always finds the QS already noted. */
static inline void rcu_qs(rv_engine *e, int cpu, int flavor)
{
    const rcu_state *rsp = &e->rsp[flavor];
    if (!rsp->enabled) return;
    const rcu_data *rdp = &rsp->rda[cpu];
    if (rdp->passed_quiesce && rdp->passed_quiesce_gpnum == rdp->gpnum) return;
    rcu_qs_note(e, cpu, flavor);
}
void raise_softirq(rv_engine *e, int cpu);
void check_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu);  /* stall.c */
void ensure_ctxsw_owed(rv_engine *e, int cpu);                 /* workload.c */
/* __rcu_pending() for one flavor, in the kernel's order; runs the stall check on the way. `traced` is
 * a constant at each use: rcu_pending() inlines the untraced form, in which the counting folds away
 * (counting in every return path cost the tick-driven hackbench ~3 % more instructions), and
 * rcu_pending_traced() (gp.c) the counted one, so the kernel's tests are written once. */
static inline __attribute__((always_inline)) bool rcu_pending_flavor_as(rv_engine *e, rcu_state *rsp, int cpu, const bool traced)
{
    rcu_data *rdp = &rsp->rda[cpu];
#define RP_ANSWER(a) do { if (traced) rsp->rp[cpu].n[a]++; return (a) != RP_NEED_NOTHING; } while (0)
    /* check_cpu_stall()'s own first test, made here: before the deadline (nearly every tick) the
     * check does nothing at all, so the call is skipped */
    if (__builtin_expect(e->jiffies >= rsp->jiffies_stall, 0)) check_cpu_stall(e, rsp, cpu);
    if (rdp->qs_pending) {
        if (rdp->passed_quiesce) RP_ANSWER(RP_REPORT_QS);
        if (traced) rsp->rp[cpu].qs_pending++;
        ensure_ctxsw_owed(e, cpu); /* the workload's next context switch, drawn now that one is owed */
        /* 3.6 only (3.7 dropped it): for rcu_sched and rcu_bh (!rdp->preemptible), once forcing is due
         * (ULONG_CMP_LT(rsp->jiffies_force_qs - 1, jiffies)), set_need_resched(). On a CONFIG_PREEMPT
         * kernel, which is the one with rcu_preempt (TREE_PREEMPT_RCU depends on PREEMPT, TREE_RCU on
         * !PREEMPT), the CPU then goes through schedule() at this interrupt's exit, or as soon as it is
         * preemptible, and rcu_note_context_switch() there is its QS. Without PREEMPT the flag waits for
         * a return to user mode or a cond_resched(): the workload's own switches, drawn above. */
        if (e->cfg.rcu.mode == RV_MODE_SOFTIRQ && rsp->flavor != RV_PREEMPT && e->rsp[RV_PREEMPT].enabled &&
            e->jiffies >= rsp->jiffies_force_qs && !e->cpu[cpu].need_resched)
            e->cpu[cpu].need_resched = PW_RESCHED;
    }
    if (rdp->cbl.seg[RV_DONE_TAIL] > 0) RP_ANSWER(RP_CB_READY);
    if (cpu_needs_another_gp(e, rsp, rdp)) RP_ANSWER(RP_CPU_NEEDS_GP);
    const rcu_node *rnp = &rsp->node[rdp->mynode];
    if (rdp->completed != rnp->completed) RP_ANSWER(RP_GP_COMPLETED);
    if (rdp->gpnum != rnp->gpnum) RP_ANSWER(RP_GP_STARTED);
    /* 3.6 only: a GP old enough to force is the softirq's to push (3.7's kthread forces on its own timer) */
    if (e->cfg.rcu.mode != RV_MODE_KTHREAD && gp_in_progress(rsp) && rsp->jiffies_force_qs < e->jiffies) RP_ANSWER(RP_NEED_FQS);
    RP_ANSWER(RP_NEED_NOTHING);
#undef RP_ANSWER
}
/* for_each_rcu_flavor(): rcu_init_one() list_add()s each rcu_state at the head of rcu_struct_flavors,
 * and rcu_init() registers rcu_sched, then rcu_bh, then rcu_preempt (v3.6 rcutree.c:2737 and
 * 2806-2808, v3.7 rcutree.c:2897 and 2967-2969), so the kernel visits rcu_preempt, rcu_bh, rcu_sched:
 * the engine's flavor numbers backwards. The order shows: rcu_pending() stops at the first flavor with
 * work, skipping the later flavors' stall checks on that tick, so with two flavors stalled at once
 * rcu_preempt's warning comes first; the softirq handles rcu_preempt first; debugfs lists it first. */
#define for_each_rcu_flavor(f) for (int f = RV_NFLAVORS - 1; f >= 0; f--)

/* __rcu_pending() ORed over flavors (rcu_pending()). Always inline: the tick asks it for every CPU it
 * interrupts, and the call's frame was a fifth of its cost; plain `inline`, gcc's LTO kept it out of
 * line (a copy for each of its two callers' units), its frame back (kernel-build, 300 s: 9.57 G to
 * 9.46 G instructions when forced in). */
bool rcu_pending_traced(rv_engine *e, int cpu); /* gp.c: the same, counting each answer */
static inline __attribute__((always_inline)) bool rcu_pending(rv_engine *e, int cpu)
{
    if (__builtin_expect(e->rcu_trace, 0)) return rcu_pending_traced(e, cpu);
    /* unrolled (3 = RV_NFLAVORS): each flavor's fields then sit at fixed offsets from e, and the
     * loop's pointer stepping goes (3 % of hackbench-ticks' instructions with rcu_process_callbacks()) */
#pragma GCC unroll 3
    for_each_rcu_flavor(f)
        if (e->rsp[f].enabled && rcu_pending_flavor_as(e, &e->rsp[f], cpu, false)) return true;
    return false;
}

/* kthread.c (3.7) */
void kthread_wake(rv_engine *e, rcu_state *rsp, int waker_cpu, int reason);
void kthread_run(rv_engine *e, rcu_state *rsp);

/* callbacks.c */
void cblist_init(cblist *l);
void cblist_free(cblist *l);
int cblist_clone(cblist *dst, const cblist *src);
void cblist_append(cblist *l, const cb_rec *rec);      /* at RCU_NEXT_TAIL */
void cblist_advance(cblist *l);                        /* DONE<-WAIT, WAIT<-NEXT_READY, NEXT_READY<-NEXT */
void cblist_accelerate_all(cblist *l);                 /* everything not done into WAIT */
void cblist_next_ready(cblist *l);                     /* NEXT_READY <- NEXT */
static inline long cblist_len(const cblist *l) { return l->seg[0] + l->seg[1] + l->seg[2] + l->seg[3]; }
void call_rcu(rv_engine *e, int cpu, int flavor, long n, int kind, uint32_t aux);
void rcu_do_batch(rv_engine *e, rcu_state *rsp, int cpu, bool unlimited);
bool rcu_needs_cpu(rv_engine *e, int cpu);
bool rcu_prepare_for_idle(rv_engine *e, int cpu);
/* fast_no_hz.c: the idle path asks "does this CPU hold callbacks?" several times per drain round;
 * inline, and the _cbs forms take the answer the caller already has */
static inline bool rcu_cpu_has_callbacks(const rv_engine *e, int cpu)
{
#pragma GCC unroll 3 /* three tests with constant offsets, no loop counter */
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (e->rsp[f].enabled && e->rsp[f].rda[cpu].qlen > 0) return true;
    return false;
}
/* rcu_needs_cpu(): may this idle CPU stop its tick? Plain 3.6/3.7: not while it holds callbacks.
 * FAST_NO_HZ: yes, except during the jiffy of a holdoff (the drain just failed or just finished).
 * Its *delta_jiffies answer (with non-lazy callbacks, sleep at most to round_up(jiffies + 4, 4):
 * v3.6 rcutree_plugin.h:1896-1901) is not kept: the idle_gp_timer that rcu_prepare_for_idle() posts
 * for the same jiffy (post_idle_gp_timer()) wakes the CPU then anyway. */
static inline bool rcu_needs_cpu_cbs(const rv_engine *e, int cpu, bool cbs)
{
    return cbs && (!e->cfg.rcu.fast_no_hz || e->cpu[cpu].dyntick_holdoff == e->jiffies);
}
bool rcu_prepare_for_idle_cbs(rv_engine *e, int cpu, bool cbs);
void synchronize_rcu_flavor(rv_engine *e, int cpu, int flavor, uint32_t task);
long cblist_orphan(rv_engine *e, rcu_state *rsp, int dead, int to);

/* stall.c */
void check_cpu_stall(rv_engine *e, rcu_state *rsp, int cpu);
void record_gp_stall_check_time(rv_engine *e, rcu_state *rsp);

/* hotplug.c */
int cpu_offline(rv_engine *e, int cpu, char *err, size_t errlen);
int cpu_online(rv_engine *e, int cpu, char *err, size_t errlen);
void rcu_onoff_after_walk(rv_engine *e); /* mutex_unlock(&rsp->onoff_mutex): hotplug work that waited for the walk */
void rcu_init_percpu_data(rv_engine *e, int cpu, bool boot);

/* account.c */
/* An irqs-off lock section of that length (inline: every FQS leaf and QS report has one). Inside an
 * irqs-off region (below) the region's whole length counts instead. */
static inline void charge_lock_section_as(rv_engine *e, int64_t ns, int kind)
{
    if (!e->irqoff_depth && ns > e->max_irqoff) { e->max_irqoff = ns; e->max_irqoff_in = kind; }
}
static inline void charge_lock_section(rv_engine *e, int64_t ns) { charge_lock_section_as(e, ns, RV_IRQOFF_LOCK); }
/* A region that runs with interrupts disabled throughout, whatever locks it takes and drops inside:
 * 3.6's force_quiescent_state() (raw_spin_trylock_irqsave(&rsp->fqslock) ... irqrestore, the whole
 * pass over the leaves and any GP end and start it brings), and 3.6's end of a GP
 * (rcu_report_qs_rsp()'s walk, "irqs remain disabled", into rcu_start_gp()'s). Its length is the
 * grace-period work the flavor was charged meanwhile: all of it ran with interrupts off. Regions
 * nest: an inner one belongs to the outer stretch. */
static inline void irqoff_region_begin(rv_engine *e, const rcu_state *rsp, int kind)
{
    if (!e->irqoff_depth++) { e->irqoff_from = (int64_t)rsp->gp_overhead_ns; e->irqoff_kind = kind; }
}
static inline void irqoff_region_end(rv_engine *e, const rcu_state *rsp)
{
    if (--e->irqoff_depth) return;
    int64_t len = (int64_t)rsp->gp_overhead_ns - e->irqoff_from;
    if (len > e->max_irqoff) { e->max_irqoff = len; e->max_irqoff_in = e->irqoff_kind; }
}
int task_index(rv_engine *e, const char *name);
/* The tasks[] index of the task looping in the kernel on a CPU no phase covers ("kernel_loop/N"). */
int kloop_task(rv_engine *e, int cpu);
/* Its name, into buf (32 bytes hold any). */
void kloop_task_name(int cpu, char *buf, size_t n);
void gp_hist_add(rcu_state *rsp, int64_t ns);
double gp_hist_quantile(const rcu_state *rsp, double q);

/* safety.c */
reader *reader_start(rv_engine *e, int cpu, int flavor, int64_t len, bool injected);
void reader_finish(rv_engine *e, uint64_t id);
void softirq_after_bh_enable(rv_engine *e, int cpu); /* workload.c: local_bh_enable()'s pending softirq */
reader *reader_find(rv_engine *e, uint64_t id);
/* A callback queued at t_queued may run only if every reader of its flavor that had begun by
 * then has ended. Violations are counted and traced; the run goes on. Inline: rcu_do_batch() runs
 * it for every callback record it invokes. */
static inline void safety_check_invoke(rv_engine *e, int flavor, const cb_rec *rec, long n)
{
    e->callbacks_checked += (uint64_t)n;
    struct retire_slot *s = &retire_ring(e, flavor)[rec->retire_idx % RETIRE_RING];
    if (s->idx == rec->retire_idx && s->invoked_t < 0) {
        s->invoked_t = e->now;
        s->completed_at = e->rsp[flavor].completed;
    }
    for (size_t i = 0; i < e->nreaders; i++) {
        const reader *r = &e->readers[i];
        if (r->flavor == flavor && r->begin < rec->t_queued) {
            e->violations += (uint64_t)n;
            rv_event *ev = emit(e, RV_EV_VIOLATION, r->cpu, flavor);
            if (ev) { ev->id = rec->id; ev->n = (int64_t)r->id; }
            return;
        }
    }
}
void safety_note_retire(rv_engine *e, int flavor, cb_rec *rec);
void safety_check_gp_end(rv_engine *e, const rcu_state *rsp); /* a GP ends: no reader older than it may still be open */

/* workload.c */
void workload_boot(rv_engine *e);
void workload_rates(rv_engine *e);   /* fill phase_rates[] */
long workload_burst_extra(const phase_rates *pr, double x); /* a burst's extra callbacks for the draw x (tests) */
void handle_qev(rv_engine *e, const qev *ev);
void jiffy_global(rv_engine *e);
void do_tick(rv_engine *e, int cpu);
void cpu_go_idle(rv_engine *e, int cpu, int64_t until);
void cpu_wake(rv_engine *e, int cpu);
void ensure_ctxsw(rv_engine *e, int cpu);
void ensure_ctxsw_owed(rv_engine *e, int cpu); /* the same, the caller having seen a flavor wait for this CPU's QS */
void ensure_blip(rv_engine *e, int cpu);
void settle_blips(rv_engine *e, int cpu);   /* bring a busy CPU's dynticks up to date with its unsimulated blips */
void preempt_note_context_switch(rv_engine *e, int cpu);
/* rcu_note_context_switch(): rcu_sched_qs() and rcu_preempt_note_context_switch() (preempted readers
 * get queued). No rcu_bh QS here: rcu_bh gets its quiescent states from rcu_check_callbacks() when
 * the tick did not interrupt a softirq, and from rcu_bh_qs() after each handler in __do_softirq().
 * Inline: a FAST_NO_HZ blip that drains switches four times. Forced, because gcc's LTO otherwise keeps
 * one out-of-line copy whose call and frame are a third of its ~20 instructions. */
static inline __attribute__((always_inline)) void context_switch_cost(rv_engine *e)
{
    /* a flag write in the switching task, not GP machinery: what charge() books for CTX_TASK (or for
     * the GP kthread's own context when the kthread is the one switching) */
    int64_t ns = e->cfg.costs.ctxsw_ns;
    if (ns > 0) {
        if (e->ctx == CTX_KTHREAD) e->rsp[e->ctx_flavor].kthread_ns += ns;
        else e->caller_ns += ns;
    }
}
static inline __attribute__((always_inline)) void context_switch(rv_engine *e, int cpu)
{
    context_switch_cost(e);
    rcu_qs(e, cpu, RV_SCHED);
    if (e->rsp[RV_PREEMPT].enabled) preempt_note_context_switch(e, cpu);
    e->cpu[cpu].ctxsw_deferred = false;
    e->cpu[cpu].need_resched = 0; /* schedule() clears TIF_NEED_RESCHED */
}
/* context_switch() whose cause a reader preempted by it keeps (reader.blkd_why) */
static inline void context_switch_why(rv_engine *e, int cpu, int why)
{
    e->ctxsw_why = why;
    context_switch(e, cpu);
    e->ctxsw_why = PW_SWITCH;
}
void tick_start(rv_engine *e, int cpu);
void tick_stop(rv_engine *e, int cpu);
/* Queue an event at t (never before now). Inline: every scheduled event comes through here (a blip,
 * a context switch, a reader, a kthread run); out of line in workload.c, gcc kept the call on those
 * paths, and forcing it inline everywhere cost 1 % more instructions than letting gcc choose. */
static inline void sched_at(rv_engine *e, int64_t t, int kind, int cpu, int arg, uint64_t id, uint32_t gen)
{
    evq_push(&e->q, (qev){.t = t < e->now ? e->now : t, .id = id, .gen = gen, .cpu = cpu, .kind = (int16_t)kind, .arg = (int16_t)arg});
}
void sched_rearm(rv_engine *e, rearm_timer *tm, int64_t t, int kind, int cpu, int arg, uint64_t id, uint32_t gen);
bool rearm_due(rv_engine *e, rearm_timer *tm, const qev *ev, uint32_t gen);
const rv_phase *cpu_phase(const rv_engine *e, int cpu);
int apply_inject(rv_engine *e, const rv_inject *cmd, char *err, size_t errlen);

/* triggers.c */
int triggers_boot(rv_engine *e);                       /* schedule timed items, arm triggered ones */
void triggers_scan(rv_engine *e);                      /* match the events emitted since the last scan */
bool triggers_watch(const rv_engine *e, int ev_type);  /* an armed trigger matches events of this type */
int64_t triggers_next_first(const rv_engine *e);       /* time of the next "first" event, INT64_MAX if none */
bool triggers_first_due(const rv_engine *e, int64_t tnext, int64_t limit); /* before the step at tnext? */
void triggers_run_first(rv_engine *e);                 /* apply it (now = its time) */
void triggers_run_script(rv_engine *e, size_t index);  /* QE_SCRIPT: apply, or record why not */
void triggers_show_caption(rv_engine *e, size_t index); /* QE_CAPTION */
struct trig_engine *triggers_clone(const struct trig_engine *t, const rv_config *cfg);
void triggers_free(struct trig_engine *t);
void triggers_report(const rv_engine *e, rv_report *r);

/* account.c's hot half */
/* Charge ns of work done in the current execution context (inline: it runs on every tick and
 * pass). gp_work marks grace-period machinery
 * (as opposed to callback invocation or enqueueing), which the per-GP overhead figures count. */
static inline void charge(rv_engine *e, int flavor, int64_t ns, bool gp_work)
{
    if (ns <= 0) return;
    int cpu = e->ctx_cpu;
    switch (e->ctx) {
    case CTX_TICK:
        if (cpu >= 0) e->cpu[cpu].tick_ns_total += ns;
        e->tick_total_ns += ns;
        break;
    case CTX_SOFTIRQ:
        if (cpu >= 0) e->cpu[cpu].inline_ns += ns;
        break;
    case CTX_KSOFTIRQD:
        if (cpu >= 0) e->cpu[cpu].ksoftirqd_ns += ns;
        break;
    case CTX_KTHREAD:
        e->rsp[e->ctx_flavor].kthread_ns += ns;
        break;
    case CTX_RCUC:
        if (cpu >= 0) e->cpu[cpu].rcuc_ns += ns;
        break;
    case CTX_TASK:
    case CTX_NONE:
        e->caller_ns += ns;
        break;
    }
    if (gp_work && flavor >= 0) e->rsp[flavor].gp_overhead_ns += ns;
    /* longest stretch of grace-period machinery that nothing can preempt: softirq, tick or the
     * kthread between its cond_resched() points (callback batches are not counted here) */
    if (gp_work && e->ctx != CTX_TASK && e->ctx != CTX_NONE && e->ctx != CTX_RCUC) e->stretch_nonpreempt += ns;
}

/* charge(e, rsp->flavor, ns, true) from rcu_process_callbacks() (run_softirq() has set e->ctx to CTX_SOFTIRQ or
 * CTX_KSOFTIRQD and e->ctx_cpu to cpu), written out: grace-period work booked to this CPU's softirq time and to
 * the current stretch without a preemption point. */
static inline void charge_softirq(rv_engine *e, rcu_state *rsp, int cpu, int64_t ns)
{
    if (ns <= 0) return;
    cpu_t *c = &e->cpu[cpu];
    if (e->ctx == CTX_KSOFTIRQD) c->ksoftirqd_ns += ns;
    else c->inline_ns += ns;
    rsp->gp_overhead_ns += ns;
    e->stretch_nonpreempt += ns;
}

/* charge() from inside rcu_gp_kthread() (kthread_run() has set e->ctx = CTX_KTHREAD and e->ctx_flavor =
 * rsp->flavor), written out: grace-period work, booked to the kthread and to its current stretch
 * without a preemption point. Used by kthread.c and by the 3.7 FQS pass (rcu_gp_fqs()). */
/* The half of a kthread's context switches that the task or idle loop it displaced pays (config.c,
 * sched_switch_ns): that task's time, in the callers' bucket, outside any kthread. */
static inline void charge_displaced(rv_engine *e, int flavor, int64_t ns, bool gp_work)
{
    if (ns <= 0) return;
    e->caller_ns += ns;
    if (gp_work && flavor >= 0) e->rsp[flavor].gp_overhead_ns += ns;
}

/* ksoftirqd/N's turn on a CPU: switched in, and out again when nothing is left pending. It pays one
 * switch's worth, the task or idle loop it displaced the other (not grace-period machinery: like
 * softirq_entry_ns, the price of running RCU_SOFTIRQ in a thread). */
static inline void ksoftirqd_turn_switches(rv_engine *e, int cpu)
{
    const int64_t sw = e->cfg.costs.sched_switch_ns;
    if (sw <= 0) return;
    e->cpu[cpu].ksoftirqd_ns += sw;
    charge_displaced(e, -1, sw, false);
}

/* One rcu_node lock section outside the walks' summed charges (a root retaken, the last lock of a
 * forcing pass, a leaf owing nothing): node_lock_ns of grace-period work in the current context,
 * an irqs-off section of its own, one more visit counted. */
static inline void node_lock_visit(rv_engine *e, rcu_state *rsp)
{
    charge(e, rsp->flavor, e->cfg.costs.node_lock_ns, true);
    charge_lock_section(e, e->cfg.costs.node_lock_ns);
    rsp->node_lock_visits++;
}

static inline void charge_kthread(rv_engine *e, rcu_state *rsp, int64_t ns)
{
    if (ns <= 0) return;
    rsp->kthread_ns += ns;
    rsp->gp_overhead_ns += ns;
    e->stretch_nonpreempt += ns;
}


#endif
