/* test_hotplug.c — CPU offline/online: orphaned callbacks adopted elsewhere, qsmaskinit edits up the tree, blocked readers moved to the root, and refused commands. */
#include "engine_fixtures.h"

static rv_engine *machine(int cpus, enum rv_mode mode, const char *busy, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, cpus, mode);
    if (busy) fx_add_phase(&cfg, busy, 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}

static void offline(rv_engine *e, int cpu) { fx_inject(e, RV_INJ_OFFLINE, cpu, 0, 0, 0); }
static void online(rv_engine *e, int cpu) { fx_inject(e, RV_INJ_ONLINE, cpu, 0, 0, 0); }

/* Callbacks still waiting on an outgoing CPU move to the first online CPU and run there. */
static void check_orphans(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_CB_ORPHAN) | FX_BIT(RV_EV_CB_INVOKE) | FX_BIT(RV_EV_CB_QUEUE) | FX_BIT(RV_EV_CPU_OFFLINE)};
    rv_engine *e = machine(4, mode, "all", &log);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.020, 0); /* the GP cannot end for 20 ms */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 30);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_PREEMPT, 0, 12);
    fx_run_s(e, 0.008);
    long q2 = fx_cpu(e, 2).rdp[RV_SCHED].qlen;
    cr_assert_gt(q2, 0, "callbacks still queued on CPU 2");
    long q0 = fx_cpu(e, 0).rdp[RV_SCHED].qlen;
    offline(e, 2);
    cr_expect_eq(fx_cpu(e, 2).state, RV_CPU_OFFLINE);
    cr_expect_eq(fx_cpu(e, 2).rdp[RV_SCHED].qlen, 0, "nothing left on the dead CPU");
    cr_expect_eq(fx_cpu(e, 0).rdp[RV_SCHED].qlen, q0 + q2, "CPU 0 adopted them");
    long orph = fx_find(&log, 0, RV_EV_CB_ORPHAN, RV_SCHED);
    cr_assert(orph >= 0, "no cb_orphan event");
    cr_expect_eq(log.v[orph].cpu, 2);
    cr_expect_eq(log.v[orph].n, q2);
    cr_expect_eq(log.v[orph].node, 0, "adopted by CPU 0");
    cr_expect_eq(fx_klog_count(e, "CPU 2 is now offline"), 1u);
    fx_run_s(e, 0.200);
    /* the burst's record was invoked on the adopting CPU */
    long qev = fx_find(&log, 0, RV_EV_CB_QUEUE, RV_SCHED);
    int64_t on0 = 0;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_CB_INVOKE, RV_SCHED) && log.v[i].id == log.v[qev].id) {
            cr_expect_eq(log.v[i].cpu, 0, "invoked on CPU %d", log.v[i].cpu);
            on0 += log.v[i].n;
        }
    cr_expect_eq(on0, 30);
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.flavors[RV_SCHED].callbacks_invoked, r.flavors[RV_SCHED].updates, "every callback counted once");
    cr_expect_eq(r.flavors[RV_PREEMPT].callbacks_invoked, 12u);
    cr_expect_eq(r.violations, 0u);
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(hotplug, orphaned_callbacks_run_elsewhere_kthread) { check_orphans(RV_MODE_KTHREAD); }
Test(hotplug, orphaned_callbacks_run_elsewhere_softirq) { check_orphans(RV_MODE_SOFTIRQ); }

/* Done callbacks stay done on adoption: the adopting CPU invokes them without waiting for a GP. */
Test(hotplug, adopted_done_callbacks_run_without_a_new_gp)
{
    rv_engine *e = machine(4, RV_MODE_SOFTIRQ, "0-2", NULL);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 2, RV_SCHED, 0, 5000); /* drains 10 per batch on a busy CPU */
    unsigned long g;
    int64_t until = FX_S(0.5);
    while (rv_now_ns(e) < until && fx_cpu(e, 2).rdp[RV_SCHED].seg[RV_DONE_TAIL] == 0) rv_step_event(e);
    rv_rdp_view r = fx_cpu(e, 2).rdp[RV_SCHED];
    cr_assert_gt(r.seg[RV_DONE_TAIL], 100, "a long DONE list");
    g = fx_flavor(e, RV_SCHED).completed;
    long done = r.seg[RV_DONE_TAIL];
    offline(e, 2);
    rv_rdp_view a = fx_cpu(e, 0).rdp[RV_SCHED];
    cr_expect_geq(a.seg[RV_DONE_TAIL], done, "adopted into DONE");
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.002);
    cr_expect_lt(fx_cpu(e, 0).rdp[RV_SCHED].seg[RV_DONE_TAIL], done, "CPU 0 is invoking them");
    cr_expect_leq(fx_flavor(e, RV_SCHED).completed, g + 1, "no GP wait needed for done callbacks");
    fx_run_s(e, 1.0);
    rv_report rep;
    rv_report_build(e, &rep);
    cr_expect_eq(rep.flavors[RV_SCHED].callbacks_invoked, 5000u, "every adopted callback ran");
    rv_report_free(&rep);
    rv_engine_free(e);
}

/* qsmaskinit loses the CPU's bit, and the parent's bit when a leaf empties; online restores both. */
Test(hotplug, qsmaskinit_follows_hotplug_up_the_tree)
{
    rv_engine *e = machine(17, RV_MODE_KTHREAD, "0-8", NULL);
    cr_assert_eq(rv_tree_nodes(e), 3);
    rv_node_view l2 = fx_node(e, RV_SCHED, 2);
    cr_assert_eq(l2.grplo, 9);
    cr_assert_eq(l2.grphi, 16);
    cr_expect_eq(l2.qsmaskinit, 0xfful);
    fx_run_s(e, 0.003);
    offline(e, 12);
    cr_expect_eq(fx_node(e, RV_SCHED, 2).qsmaskinit, 0xfful & ~(1ul << 3), "bit of CPU 12 cleared");
    cr_expect_eq(fx_node(e, RV_SCHED, 0).qsmaskinit, 0x3ul, "the leaf still has CPUs");
    for (int c = 9; c <= 16; c++)
        if (c != 12) offline(e, c);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        cr_expect_eq(fx_node(e, f, 2).qsmaskinit, 0ul);
        cr_expect_eq(fx_node(e, f, 0).qsmaskinit, 0x1ul, "%s: empty leaf leaves the root's qsmaskinit", rv_flavor_name(f));
    }
    online(e, 14);
    cr_expect_eq(fx_node(e, RV_SCHED, 2).qsmaskinit, 1ul << 5);
    cr_expect_eq(fx_node(e, RV_SCHED, 0).qsmaskinit, 0x3ul, "the leaf is back in the root");
    cr_expect_eq(fx_klog_count(e, "smpboot: Booting Node 0 Processor 14 APIC 0xe"), 1u, "the x86 line for a CPU coming up");
    /* GPs keep working with the holes */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 14, RV_SCHED, 0, 3);
    fx_run_s(e, 0.2);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_geq(f.completed, 1ul);
    cr_expect_eq(f.gpnum, f.completed);
    cr_expect_eq(fx_cpu(e, 14).rdp[RV_SCHED].qlen, 0);
    rv_engine_free(e);
}

/* A CPU coming online during a GP is not waited for by it; the next GP includes it. */
Test(hotplug, onlined_cpu_joins_the_next_gp)
{
    fx_log log = {.keep = FX_BIT(RV_EV_GP_INIT_NODE) | FX_BIT(RV_EV_QS_REPORT) | FX_BIT(RV_EV_FQS_CREDIT)};
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0-2", &log);
    fx_run_s(e, 0.003);
    offline(e, 3);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.020, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 2);
    fx_run_s(e, 0.006);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_assert_neq(f.gpnum, f.completed, "GP held by the reader");
    unsigned long g = f.gpnum;
    online(e, 3);
    rv_node_view root = fx_node(e, RV_SCHED, 0);
    cr_expect_neq(root.qsmaskinit & 0x8ul, 0ul, "back in qsmaskinit");
    cr_expect_eq(root.qsmask & 0x8ul, 0ul, "but not owed to the running GP");
    rv_cpu_view v = fx_cpu(e, 3);
    cr_expect_not(v.rdp[RV_SCHED].qs_owed);
    cr_expect_eq(v.rdp[RV_SCHED].gpnum, v.rdp[RV_SCHED].completed, "rdp->gpnum = rdp->completed = rnp->completed");
    cr_expect_eq(v.rdp[RV_SCHED].completed, g - 1);
    cr_expect_eq(v.dynticks & 1, 1ul, "counter forced odd");
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 3, RV_SCHED, 0, 2);
    fx_run_s(e, 0.200);
    cr_expect_geq(fx_flavor(e, RV_SCHED).completed, g + 1);
    bool in_g = false, in_next = false;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (fx_match(ev, RV_EV_QS_REPORT, RV_SCHED) && ev->gp == g && (ev->mask & 0x8)) in_g = true;
        if (fx_match(ev, RV_EV_FQS_CREDIT, RV_SCHED) && ev->gp == g && ev->cpu == 3) in_g = true;
        if (fx_match(ev, RV_EV_GP_INIT_NODE, RV_SCHED) && ev->gp == g + 1) in_next = (ev->mask & 0x8) != 0;
    }
    cr_expect_not(in_g, "CPU 3 reported for the GP that began while it was offline");
    cr_expect(in_next, "GP %lu's qsmask includes CPU 3", g + 1);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* rcu_preempt_offline_tasks(): when a leaf loses its last CPU, its blocked readers go to the root,
 * and still block the GP there. */
Test(hotplug, blocked_readers_move_to_the_root)
{
    rv_engine *e = machine(17, RV_MODE_KTHREAD, "0-10", NULL);
    fx_run_s(e, 0.003);
    fx_inject(e, RV_INJ_PREEMPT_READER, 10, RV_PREEMPT, 0.050, 0);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 2).n_blkd_tasks, 1, "on CPU 10's leaf");
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 2);
    fx_run_s(e, 0.010);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 2).n_gp_tasks, 1, "it blocks the GP");
    unsigned long g = fx_flavor(e, RV_PREEMPT).gpnum;
    cr_assert_neq(g, fx_flavor(e, RV_PREEMPT).completed);
    for (int c = 9; c <= 16; c++) offline(e, c);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 2).n_blkd_tasks, 0);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 1, "moved to the root");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_gp_tasks, 1);
    fx_run_s(e, 0.040);
    cr_expect_eq(fx_flavor(e, RV_PREEMPT).completed, g - 1, "still waiting for the reader");
    fx_run_s(e, 0.150);
    cr_expect_geq(fx_flavor(e, RV_PREEMPT).completed, g, "ended after the reader left");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 0);
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_eq(r.violations, 0u);
    rv_report_free(&r);
    rv_engine_free(e);
}

/* migrate_tasks() at CPU_DYING moves a task preempted inside rcu_read_lock() to an online CPU, which
 * runs its rcu_read_unlock(): the reader ends there, and the report that ends the GP it held is made
 * there. The engine ended it on the dead CPU and reported in CPU 0's name, CPU 0 being offline too. */
static void preempted_reader_moves_on(enum rv_mode mode)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_END) | FX_BIT(RV_EV_GP_END)};
    rv_engine *e = machine(4, mode, "all", &log);
    fx_run_s(e, 0.003);
    fx_inject(e, RV_INJ_PREEMPT_READER, 3, RV_PREEMPT, 0.050, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 1, RV_PREEMPT, 0, 2);
    fx_run_s(e, 0.010);
    unsigned long g = fx_flavor(e, RV_PREEMPT).gpnum;
    cr_assert_neq(g, fx_flavor(e, RV_PREEMPT).completed, "%s: the reader holds the GP", rv_mode_name(mode));
    offline(e, 0);
    offline(e, 3); /* its tasks go to CPU 1, the first online CPU */
    fx_run_s(e, 0.200);
    long end = fx_find_last(&log, RV_EV_READER_END, RV_PREEMPT);
    cr_assert(end >= 0);
    cr_expect_eq(log.v[end].cpu, 1, "%s: the reader ended on CPU %d", rv_mode_name(mode), log.v[end].cpu);
    long gp_end = -1;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_GP_END, RV_PREEMPT) && log.v[i].gp == g) gp_end = (long)i;
    cr_assert(gp_end >= 0, "%s: GP %lu ended", rv_mode_name(mode), g);
    cr_expect_geq(log.v[gp_end].t, log.v[end].t, "%s: not before the unlock", rv_mode_name(mode));
    if (mode == RV_MODE_SOFTIRQ) { /* 3.6 ends it in the unlocking task's context; 3.7 wakes the kthread */
        cr_expect_eq(log.v[gp_end].t, log.v[end].t, "at the unlock");
        cr_expect_eq(log.v[gp_end].cpu, 1, "reported on CPU %d", log.v[gp_end].cpu);
    }
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(hotplug, a_preempted_reader_moves_to_an_online_cpu_softirq) { preempted_reader_moves_on(RV_MODE_SOFTIRQ); }
Test(hotplug, a_preempted_reader_moves_to_an_online_cpu_kthread) { preempted_reader_moves_on(RV_MODE_KTHREAD); }

/* Commands that cannot be carried out are refused with a message, and change nothing. */
Test(hotplug, refused_commands)
{
    rv_engine *e = machine(4, RV_MODE_KTHREAD, "0-1", NULL);
    fx_run_s(e, 0.002);
    char err[256];
    offline(e, 1);
    offline(e, 2);
    offline(e, 3);
    uint64_t events = rv_event_count(e);
    rv_inject last = {.kind = RV_INJ_OFFLINE, .cpu = 0};
    fx_inject_fails(e, &last, err, sizeof err);
    cr_expect_str_eq(err, "CPU 0 is the last online CPU");
    cr_expect_neq(fx_cpu(e, 0).state, RV_CPU_OFFLINE);
    rv_inject again = {.kind = RV_INJ_OFFLINE, .cpu = 2};
    fx_inject_fails(e, &again, err, sizeof err);
    cr_expect_str_eq(err, "CPU 2 is already offline");
    rv_inject up = {.kind = RV_INJ_ONLINE, .cpu = 0};
    fx_inject_fails(e, &up, err, sizeof err);
    cr_expect_str_eq(err, "CPU 0 is already online");
    rv_inject burst_off = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 3, .flavor = RV_SCHED, .count = 1};
    fx_inject_fails(e, &burst_off, err, sizeof err);
    cr_expect_str_eq(err, "CPU 3 is offline");
    online(e, 1);
    cr_expect_gt(rv_event_count(e), events);

    rv_inject bad_cpu = {.kind = RV_INJ_OFFLINE, .cpu = 4};
    fx_inject_fails(e, &bad_cpu, err, sizeof err);
    cr_expect_str_eq(err, "cpu: expected 0..3, got 4");
    rv_inject neg = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = -1, .flavor = RV_SCHED, .count = 1};
    fx_inject_fails(e, &neg, err, sizeof err);
    cr_expect_str_eq(err, "cpu: expected 0..3, got -1");
    rv_inject idle_bad = {.kind = RV_INJ_IDLE, .cpu = 9};
    fx_inject_fails(e, &idle_bad, err, sizeof err);
    cr_expect_str_eq(err, "cpu: expected 0..3 or -1 (all), got 9");
    rv_inject bad_flavor = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = 3, .count = 1};
    fx_inject_fails(e, &bad_flavor, err, sizeof err);
    rv_inject zero = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_BH, .count = 0};
    fx_inject_fails(e, &zero, err, sizeof err);
    cr_expect_str_eq(err, "count: expected a positive number, got 0");
    rv_inject nodur = {.kind = RV_INJ_LONG_READER, .cpu = 0, .flavor = RV_BH, .duration_s = 0};
    fx_inject_fails(e, &nodur, err, sizeof err);
    cr_expect_str_eq(err, "duration_s: expected a positive number of seconds, got 0");
    rv_inject loop = {.kind = RV_INJ_KERNEL_LOOP, .cpu = 1, .duration_s = 0.01};
    fx_inject(e, loop.kind, 1, 0, 0.01, 0);
    fx_inject_fails(e, &loop, err, sizeof err);
    cr_expect_str_eq(err, "CPU 1 is already looping in the kernel");
    rv_inject off_loop = {.kind = RV_INJ_OFFLINE, .cpu = 1};
    fx_inject_fails(e, &off_loop, err, sizeof err);
    cr_expect_str_eq(err, "CPU 1 is looping in the kernel; it cannot be offlined now");
    rv_engine_free(e);
}

/* A disabled flavor cannot be targeted; rcu_preempt is off without CONFIG_TREE_PREEMPT_RCU. */
Test(hotplug, disabled_flavor_refused)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_SOFTIRQ);
    cfg.rcu.flavors[RV_PREEMPT] = false;
    rv_engine *e = fx_engine(&cfg, NULL);
    char err[256];
    rv_inject sync = {.kind = RV_INJ_SYNCHRONIZE, .cpu = 0, .flavor = RV_PREEMPT};
    fx_inject_fails(e, &sync, err, sizeof err);
    cr_expect_str_eq(err, "flavor rcu_preempt is not enabled in this scenario");
    rv_inject pr = {.kind = RV_INJ_PREEMPT_READER, .cpu = 0, .duration_s = 1};
    fx_inject_fails(e, &pr, err, sizeof err);
    cr_expect_str_eq(err, "flavor rcu_preempt is not enabled in this scenario");
    rv_report r;
    rv_report_build(e, &r);
    cr_expect_not(r.flavors[RV_PREEMPT].enabled);
    rv_report_free(&r);
    rv_engine_free(e);
}

/* A CPU offline from boot is outside the tree until it comes online. */
Test(hotplug, initially_offline_cpus)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    char err[128];
    cr_assert_eq(rv_cpuset_parse(&cfg.initially_offline, "2-3", 4, err, sizeof err), 0);
    cfg.initially_offline_count = 2;
    rv_engine *e = fx_engine(&cfg, NULL);
    cr_expect_eq(fx_cpu(e, 2).state, RV_CPU_OFFLINE);
    cr_expect_eq(fx_cpu(e, 3).state, RV_CPU_OFFLINE);
    cr_expect_eq(fx_node(e, RV_SCHED, 0).qsmaskinit, 0x3ul);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
    fx_run_s(e, 0.1);
    cr_expect_geq(fx_flavor(e, RV_SCHED).completed, 1ul, "GPs do not wait for CPUs that never came up");
    online(e, 3);
    cr_expect_eq(fx_node(e, RV_SCHED, 0).qsmaskinit, 0xbul);
    rv_engine_free(e);
}

/* Step until flavor f's 3.7 kthread is part-way through its init walk (it has initialised node 0 or 1,
 * not every leaf), or past the walk. */
static void step_into_walk(rv_engine *e, int f)
{
    int64_t lim = rv_now_ns(e) + FX_S(1);
    while (!(fx_flavor(e, f).phase == RV_GP_INIT && fx_flavor(e, f).walk_node >= 0 && fx_flavor(e, f).walk_node < 2) &&
           rv_now_ns(e) < lim)
        rv_step_event(e);
    cr_assert_eq(fx_flavor(e, f).phase, RV_GP_INIT, "caught %s's walk in progress", rv_flavor_name(f));
}

static void step_past_walk(rv_engine *e, int f)
{
    int64_t lim = rv_now_ns(e) + FX_S(1);
    while (fx_flavor(e, f).phase == RV_GP_INIT && rv_now_ns(e) < lim) rv_step_event(e);
    cr_assert_neq(fx_flavor(e, f).phase, RV_GP_INIT);
}

/* 3.7's rcu_gp_init() holds rsp->onoff_mutex over its whole walk, so a CPU going offline mid-walk
 * edits qsmaskinit only after it. Without that, the last CPU of a leaf left after the walk had set
 * the leaf's bit in its parent's qsmask and before it reached the leaf: the leaf started the GP with
 * an empty qsmask, nothing could ever clear its bit above, and the GP never ended (a stall warning
 * naming no CPU followed 60 s later; engine review). */
Test(hotplug, a_cpu_going_offline_mid_walk_waits_for_the_walk)
{
    rv_config cfg;
    fx_config(&cfg, 32, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
    cfg.rcu.fanout_leaf = 16; /* a root over leaves 0-15 and 16-31 */
    rv_phase *ph = fx_add_phase(&cfg, "0-16", 1.0);
    ph->call_rcu_per_s[RV_SCHED] = 500; /* grace periods all along */
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    for (int c = 17; c < 32; c++) offline(e, c); /* CPU 16 is the second leaf's only CPU */
    fx_run_s(e, 0.010);
    unsigned long g0 = fx_flavor(e, RV_SCHED).gpnum;
    step_into_walk(e, RV_SCHED); /* the walk has initialised the root (node 0) and not yet the second leaf */
    unsigned long g = fx_flavor(e, RV_SCHED).gpnum;
    cr_assert_gt(g, g0);
    offline(e, 16);
    fx_run_s(e, rv_now_ns(e) / 1e9 + 0.5);
    cr_expect_gt(fx_flavor(e, RV_SCHED).completed, g, "GP %lu ended (completed %lu)", g, fx_flavor(e, RV_SCHED).completed);
    rv_engine_free(e);
}


/* 3.7's rcu_cleanup_dead_cpu() takes rsp->onoff_mutex before it orphans and adopts the dead CPU's
 * callbacks (rcu_send_cbs_to_orphanage(), rcu_adopt_orphan_cbs()), so those wait for the walk too, not
 * only the qsmaskinit edits. And rcu_cpu_notify() runs the flavors' CPU_DEAD work one after another in
 * one task, for_each_rcu_flavor(): rcu_preempt, rcu_bh, rcu_sched. So while rcu_bh's walk holds its
 * mutex, rcu_sched's part waits behind it, its own mutex free; while rcu_sched's walk holds its mutex,
 * rcu_bh's part, which comes first, is done at once. The engine used to orphan and adopt at once, and
 * then ran the flavors in the opposite order (helper review against v3.6/v3.7 rcu_cpu_notify()). */
static void orphans_wait_for(int walking)
{
    const int other = walking == RV_SCHED ? RV_BH : RV_SCHED;
    fx_log log = {.keep = FX_BIT(RV_EV_CB_ORPHAN)};
    rv_config cfg;
    fx_config(&cfg, 32, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_PREEMPT] = false;
    cfg.rcu.fanout_leaf = 16;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 1, other, 0.100, 0); /* the other flavor's GP stays in its wait */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 5, other, 0, 7);
    fx_run_s(e, 0.010);
    cr_assert_eq(fx_flavor(e, other).phase, RV_GP_WAIT);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 5, walking, 0, 9);
    step_into_walk(e, walking);
    cr_assert_neq(fx_flavor(e, other).phase, RV_GP_INIT, "%s's onoff_mutex is free", rv_flavor_name(other));
    long qw = fx_cpu(e, 5).rdp[walking].qlen, qo = fx_cpu(e, 5).rdp[other].qlen;
    cr_assert(qw > 0 && qo > 0);
    fx_inject(e, RV_INJ_OFFLINE, 5, 0, 0, 0);
    cr_expect_eq(fx_cpu(e, 5).state, RV_CPU_OFFLINE, "the CPU itself is gone at once");
    cr_expect_eq(fx_count(&log, RV_EV_CB_ORPHAN, walking), 0u, "CPU_DEAD waits for %s's onoff_mutex", rv_flavor_name(walking));
    cr_expect_eq(fx_cpu(e, 5).rdp[walking].qlen, qw);
    if (other == RV_BH) { /* rcu_bh's part comes first */
        cr_expect_eq(fx_count(&log, RV_EV_CB_ORPHAN, RV_BH), 1u, "rcu_bh's part, before rcu_sched's, is done at once");
        cr_expect_eq(fx_cpu(e, 5).rdp[RV_BH].qlen, 0);
    } else {
        cr_expect_eq(fx_count(&log, RV_EV_CB_ORPHAN, RV_SCHED), 0u, "rcu_sched's part waits behind rcu_bh's");
        cr_expect_eq(fx_cpu(e, 5).rdp[RV_SCHED].qlen, qo);
    }
    step_past_walk(e, walking);
    cr_expect_eq(fx_cpu(e, 5).rdp[walking].qlen, 0, "adopted once the walk let go");
    cr_expect_eq(fx_cpu(e, 5).rdp[other].qlen, 0);
    cr_expect_eq(fx_count(&log, RV_EV_CB_ORPHAN, RV_SCHED), 1u);
    cr_expect_eq(fx_count(&log, RV_EV_CB_ORPHAN, RV_BH), 1u);
    if (log.n >= 2) cr_expect_eq(log.v[0].flavor, RV_BH, "rcu_bh's callbacks are orphaned first either way");
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(hotplug, orphans_wait_for_the_walk_too) { orphans_wait_for(RV_SCHED); }
Test(hotplug, a_walk_of_rcu_bh_holds_back_rcu_scheds_part) { orphans_wait_for(RV_BH); }

/* rcu_init_percpu_data() runs entirely under onoff_mutex in 3.7, from CPU_UP_PREPARE, before the CPU
 * is started: a CPU brought up mid-walk starts only after the walk. The engine used to start it at once,
 * deferring only its qsmaskinit edit. A second command for it meanwhile is refused. */
Test(hotplug, online_mid_walk_starts_after_the_walk)
{
    rv_config cfg;
    fx_config(&cfg, 32, RV_MODE_KTHREAD);
    cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
    cfg.rcu.fanout_leaf = 16;
    char err[256];
    cr_assert_eq(rv_cpuset_parse(&cfg.initially_offline, "20", 32, err, sizeof err), 0);
    cfg.initially_offline_count = 1;
    rv_phase *ph = fx_add_phase(&cfg, "0-19", 1.0);
    ph->call_rcu_per_s[RV_SCHED] = 500;
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.010);
    step_into_walk(e, RV_SCHED);
    fx_inject(e, RV_INJ_ONLINE, 20, 0, 0, 0);
    cr_expect_eq(fx_cpu(e, 20).state, RV_CPU_OFFLINE, "not started while the walk holds onoff_mutex");
    rv_inject again = {.kind = RV_INJ_ONLINE, .cpu = 20};
    fx_inject_fails(e, &again, err, sizeof err);
    cr_expect_str_eq(err, "CPU 20: a hotplug operation on it is still in progress");
    step_past_walk(e, RV_SCHED);
    cr_expect_neq(fx_cpu(e, 20).state, RV_CPU_OFFLINE, "started after the walk");
    cr_expect(fx_node(e, RV_SCHED, 2).qsmaskinit & (1ul << 4), "in its leaf's qsmaskinit");
    rv_engine_free(e);
}
