/* test_invariants.c — random machines under random commands: the kernel's invariants hold after every step, nothing is lost, nothing runs early. */
#include "engine_fixtures.h"

/* A tiny deterministic generator for the test's own choices (the engine has its own). */
static uint64_t lcg_state;
static uint32_t pick(uint32_t n)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg_state >> 33) % n;
}

static void check_state(const rv_engine *e, const char *where)
{
    int cpus = rv_cpus(e), nodes = rv_tree_nodes(e);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rv_flavor_view fv = fx_flavor(e, f);
        if (!fv.enabled) continue;
        cr_assert_leq(fv.completed, fv.gpnum, "%s %s", where, rv_flavor_name(f));
        cr_assert_leq(fv.gpnum - fv.completed, 1ul, "%s %s", where, rv_flavor_name(f));
        bool gp = fv.gpnum != fv.completed;
        for (int n = 0; n < nodes; n++) {
            rv_node_view nv = fx_node(e, f, n);
            cr_assert_geq(nv.n_blkd_tasks, nv.n_gp_tasks, "%s node %d", where, n);
            cr_assert_geq(nv.n_gp_tasks, 0);
            cr_assert_leq(nv.completed, nv.gpnum, "%s %s node %d", where, rv_flavor_name(f), n);
            cr_assert_leq(nv.gpnum, fv.gpnum);
            if (!gp) cr_assert_eq(nv.n_gp_tasks, 0, "%s %s node %d: tasks block no GP", where, rv_flavor_name(f), n);
            if (nv.level == rv_tree_levels(e) - 1) {
                /* bits left in qsmask but gone from qsmaskinit belong to CPUs that went offline */
                unsigned long extra = nv.qsmask & ~nv.qsmaskinit;
                while (extra) {
                    int cpu = nv.grplo + __builtin_ctzl(extra);
                    extra &= extra - 1;
                    cr_assert_eq(fx_cpu(e, cpu).state, RV_CPU_OFFLINE, "%s: cpu %d owes a GP but left qsmaskinit", where, cpu);
                }
            }
        }
        if (gp && fv.phase == RV_GP_WAIT) {
            rv_node_view root = fx_node(e, f, 0);
            for (int n = 1; n < nodes; n++) {
                rv_node_view nv = fx_node(e, f, n);
                rv_node_view p = fx_node(e, f, nv.parent);
                bool busy = nv.qsmask != 0 || nv.n_gp_tasks > 0;
                cr_assert_eq(busy, (p.qsmask & nv.grpmask) != 0, "%s %s: node %d holds 0x%lx/%d tasks, parent bit %d",
                             where, rv_flavor_name(f), n, nv.qsmask, nv.n_gp_tasks, (p.qsmask & nv.grpmask) != 0);
            }
            (void)root;
        }
    }
    for (int c = 0; c < cpus; c++) {
        rv_cpu_view v = fx_cpu(e, c);
        if (v.running_kthread >= 0) {
            rv_flavor_view k = fx_flavor(e, v.running_kthread);
            cr_assert(k.kthread_running && k.kthread_cpu == c, "%s: cpu %d says %s's kthread runs on it, the flavor says cpu %d (%s)",
                      where, c, rv_flavor_name(v.running_kthread), k.kthread_cpu, k.kthread_running ? "running" : "asleep");
        }
        if (v.state == RV_CPU_IDLE_NOHZ && v.running_kthread < 0) /* the GP kthread may be running on an idle CPU */
            cr_assert_eq(v.dynticks & 1, 0ul, "%s: cpu %d dyntick-idle with an odd counter", where, c);
        if (v.state == RV_CPU_USER || v.state == RV_CPU_KERNEL) cr_assert_eq(v.dynticks & 1, 1ul, "%s: busy cpu %d even", where, c);
        for (int f = 0; f < RV_NFLAVORS; f++) {
            const rv_rdp_view *r = &v.rdp[f];
            long sum = 0;
            for (int s = 0; s < RV_NSEGS; s++) {
                cr_assert_geq(r->seg[s], 0);
                sum += r->seg[s];
            }
            cr_assert_eq(sum, r->qlen, "%s: cpu %d %s segments %ld != qlen %ld", where, c, rv_flavor_name(f), sum, r->qlen);
            cr_assert_leq(r->qlen_lazy, r->qlen);
            if (v.state == RV_CPU_OFFLINE) cr_assert_eq(r->qlen, 0, "%s: offline cpu %d holds callbacks", where, c);
        }
    }
}

/* Known engine bugs (pending_invariants.c, pending_kthread_migrate.c, pending_preempt_inject.c)
 * would make most seeds fail sooner or later, so by default the generator steers clear of their
 * triggers: no preempted-reader injection on a CPU that cannot be preempted, the 3.7 kthread
 * only on single-node trees (its walk never spans slices there, so it cannot change CPU mid-walk),
 * and no kernel loop or injected reader still running when the workload phase ends
 * (pending_phase_end_busy.c). */
static bool unrestricted;
#define PHASE_END_S 0.6

static void random_command(rv_engine *e, int cpus)
{
    rv_inject cmd = {.cpu = (int)pick((uint32_t)cpus), .flavor = (int)pick(RV_NFLAVORS)};
    switch (pick(12)) {
    case 0: cmd.kind = RV_INJ_LONG_READER; cmd.duration_s = 0.001 * (1 + pick(30)); break;
    case 1: {
        cmd.kind = RV_INJ_PREEMPT_READER;
        cmd.duration_s = 0.001 * (1 + pick(30));
        rv_cpu_view v = fx_cpu(e, cmd.cpu);
        if (!unrestricted && (v.rdp[RV_SCHED].in_reader || v.rdp[RV_BH].in_reader || v.kernel_loop)) return;
        break;
    }
    case 2: cmd.kind = RV_INJ_KERNEL_LOOP; cmd.duration_s = 0.001 * (1 + pick(20)); break;
    case 3: cmd.kind = RV_INJ_IDLE; cmd.cpu = pick(3) ? cmd.cpu : -1; cmd.duration_s = pick(2) ? 0 : 0.001 * (1 + pick(50)); break;
    case 4: cmd.kind = RV_INJ_WAKE; cmd.cpu = pick(3) ? cmd.cpu : -1; break;
    case 5: case 6: cmd.kind = RV_INJ_OFFLINE; break;
    case 7: cmd.kind = RV_INJ_ONLINE; break;
    case 8: case 9: cmd.kind = RV_INJ_CALL_RCU_BURST; cmd.count = 1 + pick(pick(10) ? 50 : 12000); break;
    case 10: cmd.kind = RV_INJ_SYNCHRONIZE; break;
    default: cmd.kind = RV_INJ_FORCE_QS; break;
    }
    bool pins = cmd.kind == RV_INJ_LONG_READER || cmd.kind == RV_INJ_KERNEL_LOOP;
    if (!unrestricted && pins && rv_now_ns(e) + FX_S(cmd.duration_s) >= FX_S(PHASE_END_S)) return;
    char err[256];
    (void)rv_engine_inject(e, &cmd, err, sizeof err); /* refusals are fine; state must stay sane */
}

static void one_case(uint64_t seed)
{
    lcg_state = seed * 0x9e3779b97f4a7c15ull + 1;
    static const int sizes[] = {1, 2, 3, 4, 8, 17, 20, 40};
    int cpus = sizes[pick(8)];
    rv_config cfg;
    fx_config(&cfg, cpus, pick(2) ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
    bool single_node_only = !unrestricted && cfg.rcu.mode == RV_MODE_KTHREAD;
    cfg.seed = seed;
    cfg.hz = pick(2) ? 1000 : 250;
    cfg.rcu.no_hz = pick(4) != 0;
    cfg.rcu.needs_gp_fix = pick(2);
    cfg.rcu.rcu_boost = pick(3) == 0;
    if (cpus > 16 && pick(2)) cfg.rcu.fanout_leaf = 4 + (int)pick(8);
    if (single_node_only && cpus > 16) {
        cfg.cpus = cpus = 16;
        cfg.rcu.fanout_leaf = 16;
    }
    if (pick(4) == 0) cfg.rcu.flavors[pick(RV_NFLAVORS)] = false;
    if (!cfg.rcu.flavors[0] && !cfg.rcu.flavors[1] && !cfg.rcu.flavors[2]) cfg.rcu.flavors[0] = true;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.2 + 0.2 * pick(5));
    fx_readers_all(ph, 200.0 * pick(4), 20);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        ph->readers[f].long_prob = 0.01 * pick(3);
        ph->readers[f].long_us = 3000;
        ph->call_rcu_per_s[f] = 300.0 * pick(4);
    }
    ph->readers[RV_PREEMPT].preempt_prob = 0.1 * pick(4);
    ph->kfree_rcu_per_s = 100.0 * pick(3);
    ph->idle_irqs_per_s = 20.0 * pick(3);
    ph->end_s = PHASE_END_S; /* then the box goes quiet: everything queued must drain */
    rv_engine *e = fx_engine(&cfg, NULL);
    char where[96];
    snprintf(where, sizeof where, "seed %lu (%d CPUs, %s)", (unsigned long)seed, cpus, rv_mode_name(cfg.rcu.mode));
    rv_config_free(&cfg);
    for (int k = 0; k < 60; k++) {
        int64_t until = rv_now_ns(e) + FX_S(0.001) * (1 + pick(15));
        while (rv_now_ns(e) < until) {
            if (rv_step_event(e) < 0) break;
            check_state(e, where);
        }
        random_command(e, cpus);
        check_state(e, where);
    }
    /* everything online and awake-able again, then a quiet second */
    for (int c = 0; c < cpus; c++) {
        rv_inject on = {.kind = RV_INJ_ONLINE, .cpu = c};
        char err[128];
        (void)rv_engine_inject(e, &on, err, sizeof err);
    }
    fx_run_s(e, 3.0);
    check_state(e, where);
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.violations, 0u, "%s: %lu violations", where, (unsigned long)r.violations);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!r.flavors[f].enabled) continue;
        cr_expect_eq(r.flavors[f].callbacks_invoked, r.flavors[f].updates, "%s: %s invoked %lu of %lu", where, rv_flavor_name(f),
                     (unsigned long)r.flavors[f].callbacks_invoked, (unsigned long)r.flavors[f].updates);
        cr_expect_eq(fx_qlen_total(e, f), 0, "%s: %s callbacks still queued", where, rv_flavor_name(f));
    }
    cr_expect_eq(fx_klog_count(e, "stall"), 0u, "%s: %s", where, fx_klog_find(e, "stall") >= 0 ? rv_klog_line(e, (size_t)fx_klog_find(e, "stall")) : "");
    rv_report_free(&r);
    rv_engine_free(e);
}

#ifndef INVARIANTS_NO_TESTS /* pending_invariants.c reuses the machinery above with the seeds that fail */
static void seeds(uint64_t from, uint64_t to)
{
    for (uint64_t s = from; s <= to; s++) one_case(s);
}

Test(invariants, random_machines_and_commands_1_10) { seeds(1, 10); }
Test(invariants, random_machines_and_commands_11_20) { seeds(11, 20); }
Test(invariants, random_machines_and_commands_21_30) { seeds(21, 30); }
Test(invariants, random_machines_and_commands_31_40) { seeds(31, 40); }
#endif
