/* config.c — configuration defaults, names of enums, CPU sets, deep copy and range validation. */
#include "rcuvis.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const flavor_names[RV_NFLAVORS] = {"rcu_sched", "rcu_bh", "rcu_preempt"};

const char *rv_flavor_name(int flavor)
{
    return (flavor >= 0 && flavor < RV_NFLAVORS) ? flavor_names[flavor] : "?";
}

/* The kernel's synchronous wait for each flavor's grace period: rcu_preempt's is synchronize_rcu() in a
 * preemptible kernel (TREE_PREEMPT_RCU), where rcu_read_lock() is rcu_preempt's */
const char *rv_synchronize_name(int flavor)
{
    return flavor == RV_SCHED ? "synchronize_sched" : flavor == RV_BH ? "synchronize_rcu_bh" : flavor == RV_PREEMPT ? "synchronize_rcu" : "?";
}

int rv_flavor_from_name(const char *name)
{
    if (!name) return -1;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (strcmp(name, flavor_names[f]) == 0 || strcmp(name, flavor_names[f] + 4) == 0) return f;
    }
    return -1;
}

const char *rv_irqoff_kind_name(int kind)
{
    static const char *const names[RV_NIRQOFF] = {"lock", "gp_start", "fqs", "gp_end"};
    return kind >= 0 && kind < RV_NIRQOFF ? names[kind] : NULL;
}

const char *rv_irqoff_kind_words(int kind)
{
    switch (kind) {
    case RV_IRQOFF_GP_START: return " (3.6's GP start walk)";
    case RV_IRQOFF_FQS: return " (a 3.6 forcing pass)";
    case RV_IRQOFF_GP_END: return " (3.6's GP end into the next start)";
    default: return "";
    }
}

const char *rv_mode_name(enum rv_mode mode) { return mode == RV_MODE_KTHREAD ? "kthread" : "softirq"; }

static const char *const inject_names[RV_INJ_NKINDS] = {
    "long_reader", "preempt_reader", "kernel_loop", "idle", "wake",
    "offline", "online", "call_rcu_burst", "synchronize", "force_qs",
};

const char *rv_inject_kind_name(enum rv_inject_kind kind)
{
    return ((unsigned)kind < RV_INJ_NKINDS) ? inject_names[kind] : "?";
}

int rv_inject_kind_from_name(const char *name)
{
    for (int k = 0; name && k < RV_INJ_NKINDS; k++)
        if (strcmp(name, inject_names[k]) == 0) return k;
    return -1;
}

const char *rv_cpu_state_name(enum rv_cpu_state s)
{
    static const char *const n[] = {"user", "kernel", "idle (tick)", "dyntick-idle", "offline"};
    return ((unsigned)s <= RV_CPU_OFFLINE) ? n[s] : "?";
}

const char *rv_gp_phase_name(enum rv_gp_phase p)
{
    static const char *const n[] = {"idle", "init", "waiting for QSs", "cleanup"};
    return ((unsigned)p <= RV_GP_CLEANUP) ? n[p] : "?";
}

/*
 * Cost defaults: what one unit of RCU work plausibly cost on a 2012 two-socket x86 server (Xeon
 * 5600/E5-2600 class, 2.5-3 GHz). Each figure is a hardware or kernel-path cost with its reasoning,
 * an estimate, not a measurement; only node_lock_ns was rounded with a reported figure in view (see
 * it). The per-GP, per-update and per-thread numbers of the report come out of how often the
 * modelled mechanisms do each unit of work.
 * - cache_miss_ns 250: FQS's atomic_add_return(0, &rdtp->dynticks) on another CPU's line
 *   (dyntick_save_progress_counter(), rcu_implicit_dynticks_qs()), and force_quiescent_state()'s
 *   raw_spin_trylock() of an fqslock that another forcing CPU took last. A read-for-ownership of a line
 *   another core holds costs tens of ns on the same socket, ~100 ns across the sockets of a
 *   two-socket Nehalem (the CAS figures in McKenney's perfbook) and 200-300 ns on larger NUMA
 *   machines. FQS probes CPUs all over the machine; the model takes the large-machine end
 *   everywhere (an estimate; the README's Costs section shows what ~100 ns would change).
 * - node_lock_ns 770: one rcu_node visit (raw_spin_lock + qsmask/gpnum/completed + unlock). The lock
 *   and those fields share the node's first cache line (struct rcu_node, v3.6 rcutree.h:118-143:
 *   lock, gpnum, completed, qsmask, expmask, wakemask, qsmaskinit, grpmask in 64 bytes), last written
 *   by another CPU: one read-for-ownership of it plus the locked operations, ~150-350 ns on a
 *   two-socket box and 500-1000 ns through the interconnect of the 4096-CPU machines the reported
 *   figure comes from. 770 was chosen in that upper range so that 3.6's irqs-off init walk over the
 *   261 nodes of a 4096-CPU tree takes the ~200 us reported (the article; 4096 CPUs in the mail
 *   thread): a calibrated figure, so that agreement is a consistency check, not a prediction, and
 *   high for the small machines most scenarios model (the same leaf lock costs a CPU's own report
 *   qs_report_ns; the README's Costs section says what a lower figure would change).
 * - qs_report_ns 150: a busy CPU's own report (rcu_report_qs_rdp()) in its softirq: the leaf lock,
 *   whose line comes from a sibling in the same leaf (assumed on the same socket, though CPU
 *   numbering can interleave sockets: an on-socket transfer, tens of ns) plus the lock and the bit
 *   clear: an estimate, cheaper than a remote probe.
 * - note_gp_ns 150: note_new_gpnum() and rcu_process_gp_end() each take the leaf lock
 *   (raw_spin_trylock(&rnp->lock)) to copy gpnum/completed: the same on-socket leaf-lock section as
 *   a report.
 * - cb_invoke_ns 350: one callback that frees a task, file or socket structure (kmem_cache_free()
 *   ~100 ns plus the destructor work around it).
 * - call_rcu_ns 40: __call_rcu(): irq save/restore and a list append on the local CPU (~100 cycles).
 * - softirq_entry_ns 300: __do_softirq() entry and rcu_process_callbacks() looking at each flavor.
 * - tick_ns 120: rcu_check_callbacks() + rcu_pending() in the scheduling-clock interrupt.
 * - wakeup_ns 2000: wake_up() of the sleeping GP kthread onto another CPU, paid by the waker
 *   (try_to_wake_up(): the target runqueue's lock, a remote line, enqueue_task_fair(), check_preempt,
 *   often a reschedule IPI). `perf bench sched pipe` round trips of ~4-8 us on such machines are two
 *   wakeups plus two context switches (and the wake-to-run latency, so this is the high end).
 * - local_wakeup_ns 500: a wakeup onto the waker's own CPU: try_to_wake_up() with the local
 *   runqueue's lock, enqueue_task_fair() and check_preempt_curr() setting TIF_NEED_RESCHED, no IPI and
 *   no remote line: an estimate, a quarter of the remote wakeup. wakeup_softirqd() (raise_softirq()
 *   outside interrupt context waking ksoftirqd/N) is one; so is a FAST_NO_HZ drain step's wake_up() of
 *   the GP kthread, which the idle task makes on an idle CPU that wake-affine keeps it on
 *   (kthread_wake()).
 * - sched_switch_ns 1500: one context switch (schedule(), switch_mm skipped for a kthread, the
 *   kthread's stack and task lines refetched): lmbench lat_ctx 2p/0K gives ~1-2 us on 2012 Xeons.
 *   A kthread's turn on a CPU (the GP kthread's sleep/wake cycle, ksoftirqd/N's run) takes two, in and
 *   back out, and each side pays about half of each: __schedule() charges what runs before
 *   context_switch() to the task leaving (update_curr() from put_prev_task()) and the switch and the
 *   refetches after it to the task arriving. So the kthread is charged one switch, and the task or
 *   idle loop it displaced the other.
 * - timer_ns 300: schedule_timeout()'s timer, armed and later deleted (timer base lock, list ops).
 * - ctxsw_ns 15: rcu_note_context_switch()'s flag writes, charged to the switching task.
 * - kthread_latency_ns 5000: wake-to-run delay of the woken GP kthread: the reschedule IPI, the
 *   exit from a shallow C-state if the CPU idles (C1/C1E exit is a few us) and schedule(). CFS lets
 *   a mostly-sleeping kthread preempt a busy CPU's task at once (see wake_to_run_ns()).
 * - ksoftirqd_latency_ns 50000: a deferred softirq waits for ksoftirqd/N, an ordinary CFS thread.
 */
void rv_costs_defaults(rv_costs *c)
{
    c->node_lock_ns = 770;
    c->node_init_ns = 0;
    c->cache_miss_ns = 250;
    c->qs_report_ns = 150;
    c->note_gp_ns = 150;
    c->cb_invoke_ns = 350;
    c->call_rcu_ns = 40;
    c->softirq_entry_ns = 300;
    c->tick_ns = 120;
    c->wakeup_ns = 2000;
    c->local_wakeup_ns = 500;
    c->sched_switch_ns = 1500;
    c->timer_ns = 300;
    c->ctxsw_ns = 15;
    c->kthread_latency_ns = 5000;
    c->ksoftirqd_latency_ns = 50000;
}

bool rv_cfg_needs_gp_fix(const rv_config *cfg)
{
    return cfg->rcu.needs_gp_fix < 0 ? cfg->rcu.mode == RV_MODE_KTHREAD : cfg->rcu.needs_gp_fix != 0;
}

/* init/Kconfig's RCU_FANOUT: "default 64 if 64BIT", "default 32 if !64BIT" (its range 2..64 or 2..32
 * alike); v3.6 rcutree_plugin.h:47 tests the same pair before it calls a fanout "non-default". A 32-bit
 * ARM board (omap-stall's OMAP4) has 32. */
int rv_cfg_fanout(const rv_config *cfg)
{
    return cfg->rcu.fanout > 0 ? cfg->rcu.fanout : cfg->rcu.config_64bit ? 64 : 32;
}

bool rv_cfg_tree_by_nr_cpu_ids(const rv_config *cfg)
{
    return cfg->rcu.size_tree_by_nr_cpus < 0 ? cfg->rcu.mode == RV_MODE_KTHREAD : cfg->rcu.size_tree_by_nr_cpus != 0;
}

/* A phase runs at t: from start_s to end_s (an end at or before the start: to the run's end). */
static bool phase_runs_at(const rv_phase *ph, double t) { return t >= ph->start_s && (ph->end_s <= ph->start_s || t < ph->end_s); }

int rv_cfg_task_cpus(const rv_config *cfg, const char *task, int ncpus)
{
    int most = 0;
    if (ncpus > RV_MAX_CPUS) ncpus = RV_MAX_CPUS;
    /* the CPUs at once can only change where a phase starts: look at each such moment */
    for (size_t s = 0; s < cfg->nphases; s++) {
        if (strcmp(cfg->phases[s].task, task)) continue;
        double t = cfg->phases[s].start_s;
        int n = 0;
        for (int c = 0; c < ncpus; c++)
            for (size_t p = 0; p < cfg->nphases; p++)
                if (!strcmp(cfg->phases[p].task, task) && phase_runs_at(&cfg->phases[p], t) && rv_cpuset_has(&cfg->phases[p].cpus, c)) {
                    n++;
                    break;
                }
        if (n > most) most = n;
    }
    return most;
}

int rv_cfg_tree_cpus(const rv_config *cfg)
{
    int nr = cfg->rcu.nr_cpus_compiled > cfg->cpus ? cfg->rcu.nr_cpus_compiled : cfg->cpus;
    return rv_cfg_tree_by_nr_cpu_ids(cfg) ? cfg->cpus : nr;
}

void rv_config_defaults(rv_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    snprintf(cfg->name, sizeof cfg->name, "unnamed");
    cfg->cpus = 4;
    cfg->hz = 1000;
    cfg->seed = 1;
    cfg->duration_s = 10.0;
    rv_rcu_config *r = &cfg->rcu;
    r->mode = RV_MODE_KTHREAD;
    r->fanout = 0;                 /* Kconfig's default: rv_cfg_fanout() */
    r->config_64bit = true;
    r->fanout_leaf = 16;
    r->no_hz = true;
    r->stall_timeout_s = 60;
    r->jiffies_till_first_fqs = 3;
    r->jiffies_till_next_fqs = 3;
    r->needs_gp_fix = -1;          /* as the mode had it: 3.7 yes (3.6.11 got it in stable), 3.6 no */
    r->busted = false;
    r->blimit = 10;
    r->qhimark = 10000;
    r->qlowmark = 100;
    for (int f = 0; f < RV_NFLAVORS; f++) r->flavors[f] = true;
    r->size_tree_by_nr_cpus = -1;  /* as the mode did: 3.7 by nr_cpu_ids, 3.6 by NR_CPUS */
    r->nr_cpus_compiled = 0;
    r->rcu_boost = false;
    r->fast_no_hz = false; /* the kernel default: CONFIG_RCU_FAST_NO_HZ=n */
    rv_costs_defaults(&cfg->costs);
}

void rv_config_free(rv_config *cfg)
{
    if (!cfg) return;
    free(cfg->phases);
    free(cfg->events);
    free(cfg->captions);
    free(cfg->expects);
    free(cfg->cues);
    cfg->cues = NULL;
    cfg->ncues = 0;
    cfg->phases = NULL; cfg->events = NULL; cfg->captions = NULL; cfg->expects = NULL;
    cfg->nphases = cfg->nevents = cfg->ncaptions = cfg->nexpects = 0;
}

static void *dup_array(const void *src, size_t n, size_t size, int *failed)
{
    if (!src || n == 0) return NULL;
    void *p = malloc(n * size);
    if (!p) { *failed = 1; return NULL; }
    memcpy(p, src, n * size);
    return p;
}

int rv_config_copy(rv_config *dst, const rv_config *src)
{
    int failed = 0;
    *dst = *src;
    dst->phases = dup_array(src->phases, src->nphases, sizeof *src->phases, &failed);
    dst->events = dup_array(src->events, src->nevents, sizeof *src->events, &failed);
    dst->captions = dup_array(src->captions, src->ncaptions, sizeof *src->captions, &failed);
    dst->expects = dup_array(src->expects, src->nexpects, sizeof *src->expects, &failed);
    dst->cues = dup_array(src->cues, src->ncues, sizeof *src->cues, &failed);
    if (failed) { rv_config_free(dst); return -1; }
    return 0;
}

bool rv_cpuset_has(const rv_cpuset *set, int cpu)
{
    return cpu >= 0 && cpu < RV_MAX_CPUS && (set->bits[cpu / 64] >> (cpu % 64)) & 1;
}

void rv_cpuset_add(rv_cpuset *set, int cpu)
{
    if (cpu >= 0 && cpu < RV_MAX_CPUS) set->bits[cpu / 64] |= 1ull << (cpu % 64);
}

static int parse_uint(const char **p, long *out)
{
    if (!isdigit((unsigned char)**p)) return -1;
    char *end;
    *out = strtol(*p, &end, 10);
    *p = end;
    return 0;
}

int rv_cpuset_parse(rv_cpuset *set, const char *spec, int ncpus, char *err, size_t errlen)
{
    memset(set, 0, sizeof *set);
    if (strcmp(spec, "all") == 0) {
        for (int c = 0; c < ncpus; c++) rv_cpuset_add(set, c);
        return 0;
    }
    const char *p = spec;
    if (!*p) { snprintf(err, errlen, "expected a CPU list like \"0-3,8\" or \"all\", got \"\""); return -1; }
    while (*p) {
        long lo, hi;
        if (parse_uint(&p, &lo) < 0) goto bad;
        hi = lo;
        if (*p == '-') { p++; if (parse_uint(&p, &hi) < 0) goto bad; }
        if (hi < lo) goto bad;
        if (hi >= ncpus) {
            snprintf(err, errlen, "expected CPUs below %d, got \"%s\"", ncpus, spec);
            return -1;
        }
        for (long c = lo; c <= hi; c++) rv_cpuset_add(set, (int)c);
        if (*p == ',') p++;
        else if (*p) goto bad;
    }
    return 0;
bad:
    snprintf(err, errlen, "expected a CPU list like \"0-3,8\" or \"all\", got \"%s\"", spec);
    return -1;
}

#define CHECK_RANGE(field, val, lo, hi)                                                        \
    do {                                                                                       \
        if ((val) < (lo) || (val) > (hi)) {                                                    \
            snprintf(err, errlen, "%s: expected %ld..%ld, got %ld", field, (long)(lo), (long)(hi), \
                     (long)(val));                                                             \
            return -1;                                                                         \
        }                                                                                      \
    } while (0)

int rv_config_validate(const rv_config *cfg, char *err, size_t errlen)
{
    CHECK_RANGE("cpus", cfg->cpus, 1, RV_MAX_CPUS);
    CHECK_RANGE("hz", cfg->hz, 10, 10000);
    if (!(cfg->duration_s > 0) || cfg->duration_s > 86400.0 * 7) {
        snprintf(err, errlen, "duration_s: expected a number of seconds in (0, 604800], got %g", cfg->duration_s);
        return -1;
    }
    const rv_rcu_config *r = &cfg->rcu;
    if (r->fanout && !r->config_64bit && r->fanout > 32) {
        snprintf(err, errlen, "rcu.fanout: a 32-bit kernel (rcu.config_64bit false) allows 2..32 (Kconfig's RCU_FANOUT "
                 "range), got %d", r->fanout);
        return -1;
    }
    if (r->fanout) CHECK_RANGE("rcu.fanout", r->fanout, 2, 64);
    const int fanout = rv_cfg_fanout(cfg);
    CHECK_RANGE("rcu.fanout_leaf", r->fanout_leaf, 2, 64);
    CHECK_RANGE("rcu.stall_timeout_s", r->stall_timeout_s, 3, 300);
    CHECK_RANGE("rcu.jiffies_till_first_fqs", r->jiffies_till_first_fqs, 0, cfg->hz);
    CHECK_RANGE("rcu.jiffies_till_next_fqs", r->jiffies_till_next_fqs, 1, cfg->hz);
    /* 3.6 has no such parameters: force_quiescent_state() uses RCU_JIFFIES_TILL_FORCE_QS (3) */
    if (r->mode == RV_MODE_SOFTIRQ && (r->jiffies_till_first_fqs != 3 || r->jiffies_till_next_fqs != 3)) {
        snprintf(err, errlen, "rcu.jiffies_till_%s_fqs: 3.6 (mode softirq) has no FQS interval parameters; its softirq "
                 "forces once jiffies passes the grace period's start + RCU_JIFFIES_TILL_FORCE_QS (3): at its 4th tick, and "
                 "every 4th tick after (expected 3, got %d)",
                 r->jiffies_till_first_fqs != 3 ? "first" : "next",
                 r->jiffies_till_first_fqs != 3 ? r->jiffies_till_first_fqs : r->jiffies_till_next_fqs);
        return -1;
    }
    CHECK_RANGE("rcu.blimit", r->blimit, 1, 1000000);
    CHECK_RANGE("rcu.qhimark", r->qhimark, 1, 100000000);
    CHECK_RANGE("rcu.qlowmark", r->qlowmark, 0, 100000000);
    if (r->fast_no_hz && !r->no_hz) {
        snprintf(err, errlen, "rcu.fast_no_hz: needs rcu.no_hz (CONFIG_RCU_FAST_NO_HZ depends on CONFIG_NO_HZ)");
        return -1;
    }
    if (r->nr_cpus_compiled) CHECK_RANGE("rcu.nr_cpus_compiled", r->nr_cpus_compiled, cfg->cpus, RV_MAX_CPUS);
    /* the tree must fit in 4 levels, as MAX_RCU_LVLS allows */
    double cap = r->fanout_leaf;
    for (int l = 1; l < 4; l++) cap *= fanout;
    int n = rv_cfg_tree_cpus(cfg);
    if (n > cap) {
        /* say what would fit: the smallest fanout for this leaf size, and the smallest leaf for this fanout */
        int f = fanout, leaf = r->fanout_leaf;
        while (f < 64 && (double)r->fanout_leaf * f * f * f < n) f++;
        while (leaf < 64 && (double)leaf * fanout * fanout * fanout < n) leaf++;
        char fix[160] = "";
        if ((double)r->fanout_leaf * f * f * f >= n) snprintf(fix, sizeof fix, "; rcu.fanout %d fits", f);
        if ((double)leaf * fanout * fanout * fanout >= n)
            snprintf(fix + strlen(fix), sizeof fix - strlen(fix), "%s rcu.fanout_leaf %d fits", fix[0] ? ", or" : ";", leaf);
        snprintf(err, errlen, "rcu.fanout: %d CPUs need more than 4 rcu_node levels at fanout %d/%d (MAX_RCU_LVLS is 4: "
                 "fanout_leaf x fanout^3 = %.0f CPUs at most)%s", n, fanout, r->fanout_leaf, cap, fix);
        return -1;
    }
    bool any = false;
    for (int f = 0; f < RV_NFLAVORS; f++) any |= r->flavors[f];
    if (!any) { snprintf(err, errlen, "rcu.flavors: expected at least one flavor, got none"); return -1; }
    const int64_t *costs = &cfg->costs.node_lock_ns;
    for (size_t i = 0; i < sizeof cfg->costs / sizeof(int64_t); i++) {
        if (costs[i] < 0 || costs[i] > 1000000000) {
            snprintf(err, errlen, "costs: expected 0..1000000000 ns, got %lld", (long long)costs[i]);
            return -1;
        }
    }
    for (size_t i = 0; i < cfg->nphases; i++) { /* rates, lengths and fractions of each phase */
        const rv_phase *ph = &cfg->phases[i];
        const char *bad = NULL;
        double v = 0;
#define PHASE_CHECK(cond, val, what) do { if (!bad && !(cond)) { bad = what; v = (val); } } while (0)
        PHASE_CHECK(ph->busy_frac >= 0 && ph->busy_frac <= 1, ph->busy_frac, "busy_frac: expected 0..1");
        PHASE_CHECK(ph->user_frac >= 0 && ph->user_frac <= 1, ph->user_frac, "user_frac: expected 0..1");
        PHASE_CHECK(ph->busy_period_ms > 0 || ph->busy_frac >= 1 || ph->busy_frac <= 0, ph->busy_period_ms, "busy_period_ms: expected > 0");
        PHASE_CHECK(ph->ctxsw_per_s >= 0, ph->ctxsw_per_s, "ctxsw_per_s: expected >= 0");
        PHASE_CHECK(ph->irqs_per_s >= 0, ph->irqs_per_s, "irqs_per_s: expected >= 0");
        PHASE_CHECK(ph->idle_irqs_per_s >= 0, ph->idle_irqs_per_s, "idle_irqs_per_s: expected >= 0");
        PHASE_CHECK(ph->idle_blips_per_s >= 0, ph->idle_blips_per_s, "idle_blips_per_s: expected >= 0");
        PHASE_CHECK(ph->kfree_rcu_per_s >= 0, ph->kfree_rcu_per_s, "kfree_rcu_per_s: expected >= 0");
        PHASE_CHECK(ph->burst_mean >= 0, ph->burst_mean, "burst_mean: expected >= 0");
        PHASE_CHECK(ph->torture_flavor >= 0 && ph->torture_flavor < RV_NFLAVORS, ph->torture_flavor, "torture_flavor: expected a flavor index 0..2");
        PHASE_CHECK(ph->torture_fake_writers >= 0 && ph->torture_fake_writers <= 1000, ph->torture_fake_writers, "torture_fake_writers: expected 0..1000");
        for (int f = 0; f < RV_NFLAVORS; f++) {
            const rv_readers *rd = &ph->readers[f];
            PHASE_CHECK(rd->rate_per_s >= 0, rd->rate_per_s, "readers.rate_per_s: expected >= 0");
            PHASE_CHECK(rd->mean_us >= 0, rd->mean_us, "readers.mean_us: expected >= 0");
            PHASE_CHECK(rd->long_us >= 0, rd->long_us, "readers.long_us: expected >= 0");
            PHASE_CHECK(rd->long_prob >= 0 && rd->long_prob <= 1, rd->long_prob, "readers.long_prob: expected 0..1");
            PHASE_CHECK(rd->preempt_prob >= 0 && rd->preempt_prob <= 1, rd->preempt_prob, "readers.preempt_prob: expected 0..1");
            PHASE_CHECK(ph->call_rcu_per_s[f] >= 0, ph->call_rcu_per_s[f], "call_rcu_per_s: expected >= 0");
            PHASE_CHECK(ph->sync_per_s[f] >= 0, ph->sync_per_s[f], "sync_per_s: expected >= 0");
        }
#undef PHASE_CHECK
        if (bad) { snprintf(err, errlen, "workload[%zu].%s, got %g", i, bad, v); return -1; }
    }
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *ev = &cfg->events[i];
        if (ev->cpu >= cfg->cpus) {
            snprintf(err, errlen, "events[%zu].cpu: expected -1..%d, got %d", i, cfg->cpus - 1, ev->cpu);
            return -1;
        }
    }
    return 0;
}
