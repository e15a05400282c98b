/* test_debugfs.c — rv_debugfs(): rcugp, rcuhier, rcudata and rcu_pending in the 3.6/3.7 debugfs formats. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "rcuvis.h"
#include "scenario.h"
#include "engine_fixtures.h"
#include "internal.h"

#include <limits.h>
#include <stdlib.h>

/* An idle rcu_sched-only machine; offline: CPUs offline from boot (NULL: none); rcu_trace: counts for
 * the rcu_pending file. */
static rv_engine *idle_board_with(enum rv_mode mode, int cpus, const char *offline, bool rcu_trace)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.cpus = cpus;
    cfg.rcu.mode = mode;
    cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
    cfg.duration_s = 1;
    char err[256];
    if (offline) cr_assert_eq(rv_cpuset_parse(&cfg.initially_offline, offline, cfg.cpus, err, sizeof err), 0, "%s", err);
    rv_engine_opts opts = {.rcu_trace = rcu_trace};
    rv_engine *e = rv_engine_new(&cfg, &opts, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    return e;
}

static rv_engine *idle_board(enum rv_mode mode, int cpus) { return idle_board_with(mode, cpus, NULL, false); }

Test(debugfs, rcugp_shows_an_open_grace_period_and_its_age)
{
    rv_engine *e = idle_board(RV_MODE_SOFTIRQ, 2);
    char err[128], buf[4096];
    rv_inject burst = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 3};
    cr_assert_eq(rv_engine_inject(e, &burst, err, sizeof err), 0, "%s", err);
    rv_run_until(e, 2000000); /* 2 jiffies: the tick raised the softirq, a GP started */
    cr_assert_gt(rv_debugfs(e, "rcugp", buf, sizeof buf), 0);
    unsigned long completed, gpnum;
    long age, max;
    cr_assert_eq(sscanf(buf, "rcu_sched: completed=%lu gpnum=%lu age=%ld max=%ld", &completed, &gpnum, &age, &max), 4, "%s", buf);
    cr_expect_eq(gpnum, completed + 1, "a grace period is open: %s", buf);
    /* show_rcugp()'s format: two spaces between the fields (sscanf above passes either way) */
    cr_expect_not_null(strstr(buf, "  gpnum="), "%s", buf);
    cr_expect_not_null(strstr(buf, "  age="), "%s", buf);
    cr_expect_not_null(strstr(buf, "  max="), "%s", buf);
    cr_expect_geq(age, 0);
    rv_engine_free(e);
}

Test(debugfs, rcuhier_lists_every_node_by_level)
{
    rv_engine *e = idle_board(RV_MODE_KTHREAD, 64);
    char buf[8192];
    cr_assert_gt(rv_debugfs(e, "rcuhier", buf, sizeof buf), 0);
    cr_expect_not_null(strstr(buf, "rcu_sched: c=0 g=0 s=0 "), "%s", buf);
    /* 64 CPUs: a root over four leaves of 16; qsmaskinit shows the online CPUs / children */
    cr_expect_not_null(strstr(buf, "\n0/f ..>. 0:63 ^0    \n"), "%s", buf);
    cr_expect_not_null(strstr(buf, "0/ffff ..>. 0:15 ^0    0/ffff ..>. 16:31 ^1    0/ffff ..>. 32:47 ^2    0/ffff ..>. 48:63 ^3    \n"), "%s", buf);
    rv_engine_free(e);
}

/* rcu_init_one() clamps grphi at NR_CPUS - 1: a 3.7 kernel built for 64 CPUs and booted on 17 sizes
 * its tree for 17 (leaves of four, the last with CPU 16 alone) yet prints that leaf as 16:19; built
 * for 17, it prints 16:16. */
Test(debugfs, rcuhier_clamps_grphi_at_nr_cpus)
{
    for (int compiled = 0; compiled <= 64; compiled += 64) {
        rv_config cfg;
        rv_config_defaults(&cfg);
        cfg.cpus = 17;
        cfg.rcu.mode = RV_MODE_KTHREAD;
        cfg.rcu.fanout_leaf = 4;
        cfg.rcu.fanout = 4;
        cfg.rcu.nr_cpus_compiled = compiled;
        cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
        cfg.duration_s = 1;
        char err[256], buf[8192];
        rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
        cr_assert_not_null(e, "%s", err);
        cr_assert_gt(rv_debugfs(e, "rcuhier", buf, sizeof buf), 0);
        const char *last_leaf = compiled ? " ..>. 16:19 ^1    \n" : " ..>. 16:16 ^1    \n";
        const char *root = compiled ? " ..>. 0:23 ^0    \n" : " ..>. 0:16 ^0    \n";
        cr_expect_not_null(strstr(buf, last_leaf), "NR_CPUS %d: %s", compiled ? compiled : 17, buf);
        cr_expect_not_null(strstr(buf, root), "NR_CPUS %d: %s", compiled ? compiled : 17, buf);
        rv_engine_free(e);
        rv_config_free(&cfg);
    }
}

Test(debugfs, rcudata_marks_offline_cpus_and_callback_segments)
{
    rv_engine *e = idle_board(RV_MODE_SOFTIRQ, 4);
    char err[128], buf[8192];
    rv_inject off = {.kind = RV_INJ_OFFLINE, .cpu = 3};
    cr_assert_eq(rv_engine_inject(e, &off, err, sizeof err), 0, "%s", err);
    rv_inject burst = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 1, .flavor = RV_SCHED, .count = 5};
    cr_assert_eq(rv_engine_inject(e, &burst, err, sizeof err), 0, "%s", err);
    cr_assert_gt(rv_debugfs(e, "rcudata", buf, sizeof buf), 0);
    /* pgp= is gpnum - 1 from rcu_init_percpu_data() until the CPU's first QS: -1 as %lu before GP 1 */
    cr_expect_not_null(strstr(buf, "rcu_sched:\n  0 c=0 g=0 pq=0 pgp=18446744073709551615 qp=0 dt="), "3.6 prints pgp=: %s", buf);
    cr_expect_not_null(strstr(buf, "\n  3!c="), "offline CPU 3 gets a '!': %s", buf);
    cr_expect_not_null(strstr(buf, "ql=0/5 qs=N..."), "CPU 1's five callbacks sit in NEXT: %s", buf);
    cr_expect_eq(rv_debugfs(e, "rcu_pending_nope", buf, sizeof buf), -1);
    rv_engine_free(e);
}

/* After a qhimark overflow __call_rcu_core() sets blimit to LONG_MAX and print_one_rcu_data() prints
 * it with %ld: the kernel's rcudata shows b=9223372036854775807 on a 64-bit machine, not -1. */
Test(debugfs, rcudata_prints_an_unlimited_blimit_as_long_max)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.cpus = 2;
    cfg.rcu.mode = RV_MODE_SOFTIRQ;
    cfg.rcu.flavors[RV_BH] = cfg.rcu.flavors[RV_PREEMPT] = false;
    cfg.rcu.qhimark = 20;
    cfg.rcu.qlowmark = 5;
    cfg.duration_s = 1;
    char err[256], buf[8192];
    rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    rv_inject burst = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 40};
    cr_assert_eq(rv_engine_inject(e, &burst, err, sizeof err), 0, "%s", err); /* over qhimark: a GP starts */
    cr_assert_eq(rv_engine_inject(e, &burst, err, sizeof err), 0, "%s", err); /* over it again, a GP open: blimit = LONG_MAX */
    cr_assert_gt(rv_debugfs(e, "rcudata", buf, sizeof buf), 0);
    cr_expect_not_null(strstr(buf, " b=9223372036854775807 "), "%s", buf);
    cr_expect_null(strstr(buf, " b=-1 "), "%s", buf);
    rv_engine_free(e);
}

/* The files list the flavors as for_each_rcu_flavor() visits them: rcu_init_one() list_add()s each
 * at the head of rcu_struct_flavors, so the last registered, rcu_preempt, comes first, then rcu_bh,
 * then rcu_sched. The engine listed rcu_sched first. */
Test(debugfs, flavors_in_the_kernels_list_order)
{
    rv_config cfg;
    rv_config_defaults(&cfg);
    cfg.cpus = 2;
    cfg.duration_s = 1;
    char err[256], buf[8192];
    rv_engine_opts traced = {.rcu_trace = true}; /* rcu_pending exists only with CONFIG_RCU_TRACE */
    rv_engine *e = rv_engine_new(&cfg, &traced, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    rv_run_until(e, 3000000);
    const char *files[] = {"rcugp", "rcuhier", "rcudata", "rcu_pending"};
    for (int i = 0; i < 4; i++) {
        cr_assert_gt(rv_debugfs(e, files[i], buf, sizeof buf), 0);
        const char *p = strstr(buf, "rcu_preempt:"), *b = strstr(buf, "rcu_bh:"), *s = strstr(buf, "rcu_sched:");
        cr_assert(p && b && s, "%s lists all three flavors:\n%s", files[i], buf);
        cr_expect(p < b && b < s, "%s: rcu_preempt, rcu_bh, then rcu_sched:\n%s", files[i], buf);
    }
    rv_engine_free(e);
}

/* One flavor's rcu_pending lines: the nine counters of each CPU, in print_one_rcu_pending()'s order
 * (3.7 has no nf=: its softirq never forces). Returns the number of CPUs read. */
typedef struct pending_row { long np, qsp, rpq, cbr, cng, gpc, gps, nf, nn; } pending_row;

static int pending_rows(const char *buf, const char *flavor, bool v36, pending_row *rows, int max)
{
    char head[32];
    snprintf(head, sizeof head, "%s:\n", flavor);
    const char *p = strstr(buf, head);
    cr_assert_not_null(p, "no %s section:\n%s", flavor, buf);
    p += strlen(head);
    int n = 0, used, cpu;
    char mark;
    for (; n < max; n++, p += used) {
        pending_row *r = &rows[n];
        used = 0;
        r->nf = 0;
        int got = v36 ? sscanf(p, "%3d%cnp=%ld qsp=%ld rpq=%ld cbr=%ld cng=%ld gpc=%ld gps=%ld nf=%ld nn=%ld\n%n", &cpu, &mark,
                               &r->np, &r->qsp, &r->rpq, &r->cbr, &r->cng, &r->gpc, &r->gps, &r->nf, &r->nn, &used)
                      : sscanf(p, "%3d%cnp=%ld qsp=%ld rpq=%ld cbr=%ld cng=%ld gpc=%ld gps=%ld nn=%ld\n%n", &cpu, &mark,
                               &r->np, &r->qsp, &r->rpq, &r->cbr, &r->cng, &r->gpc, &r->gps, &r->nn, &used);
        if (got != (v36 ? 11 : 10) || !used) break;
        cr_assert_eq(cpu, n, "rows in CPU order: %s", p);
    }
    return n;
}

static rv_engine *shipped(const char *name, enum rv_mode mode, double seconds, bool rcu_trace)
{
    char err[4096];
    rv_config cfg;
    fx_shipped_config(name, &cfg);
    cfg.rcu.mode = mode;
    cfg.duration_s = seconds;
    rv_engine_opts opts = {.rcu_trace = rcu_trace};
    rv_engine *e = rv_engine_new(&cfg, &opts, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    rv_run_until(e, (int64_t)(seconds * 1e9));
    return e;
}

/* __rcu_pending() returns at the first test that finds work, counting it there, or counts nn: so np is
 * the sum of rpq, cbr, cng, gpc, gps, nf and nn (qsp is counted on the way and the tests go on).
 * rcu_pending() asks the flavors in for_each_rcu_flavor() order and stops at the first with work: a
 * later flavor is asked exactly as often as the one before it found nothing. In 3.6 the softirq is
 * asked to force a GP that outlived jiffies_force_qs (nf), in 3.7 never. */
Test(debugfs, rcu_pending_counts_each_call_at_the_test_that_answered_it)
{
    enum rv_mode modes[] = {RV_MODE_SOFTIRQ, RV_MODE_KTHREAD};
    const char *flavors[] = {"rcu_preempt", "rcu_bh", "rcu_sched"};
    static char buf[1 << 16];
    for (int m = 0; m < 2; m++) {
        bool v36 = modes[m] == RV_MODE_SOFTIRQ;
        rv_engine *e = shipped("small-busy", modes[m], 3, true);
        cr_assert_gt(rv_debugfs(e, "rcu_pending", buf, sizeof buf), 0);
        cr_expect_eq(strstr(buf, " nf=") != NULL, v36, "nf= only in 3.6:\n%s", buf);
        pending_row rows[3][64];
        int ncpu = rv_cpus(e);
        long nf = 0, nn_total = 0;
        for (int f = 0; f < 3; f++) {
            cr_assert_eq(pending_rows(buf, flavors[f], v36, rows[f], 64), ncpu, "%s: one row per CPU:\n%s", flavors[f], buf);
            for (int c = 0; c < ncpu; c++) {
                const pending_row *r = &rows[f][c];
                cr_expect_eq(r->np, r->rpq + r->cbr + r->cng + r->gpc + r->gps + r->nf + r->nn,
                             "%s CPU %d: every call answered once:\n%s", flavors[f], c, buf);
                if (f > 0) cr_expect_eq(r->np, rows[f - 1][c].nn, "%s CPU %d is asked when %s had nothing:\n%s",
                                        flavors[f], c, flavors[f - 1], buf);
                nf += r->nf;
                nn_total += r->nn;
            }
        }
        cr_expect_gt(rows[0][0].np, 1000, "3 s of busy ticks ask rcu_pending() on CPU 0:\n%s", buf);
        cr_expect_gt(nn_total, 0);
        if (v36) cr_expect_gt(nf, 0, "small-busy's 3.6 GPs outlive jiffies_force_qs on some ticks:\n%s", buf);
        rv_engine_free(e);
    }
}

/* The counts are CONFIG_RCU_TRACE's: an engine made without rcu_trace has no rcu_pending file, and
 * counting changes nothing else (same rcudata, rcuhier and report figures after the same run). */
Test(debugfs, rcu_pending_needs_rcu_trace_and_changes_nothing_else)
{
    static char a[1 << 16], b[1 << 16];
    rv_engine *plain = shipped("small-busy", RV_MODE_SOFTIRQ, 2, false);
    rv_engine *traced = shipped("small-busy", RV_MODE_SOFTIRQ, 2, true);
    cr_expect_eq(rv_debugfs(plain, "rcu_pending", a, sizeof a), -1, "no CONFIG_RCU_TRACE, no rcu_pending file");
    cr_expect_gt(rv_debugfs(traced, "rcu_pending", b, sizeof b), 0);
    const char *files[] = {"rcudata", "rcuhier", "rcugp"};
    for (int i = 0; i < 3; i++) {
        cr_assert_gt(rv_debugfs(plain, files[i], a, sizeof a), 0);
        cr_assert_gt(rv_debugfs(traced, files[i], b, sizeof b), 0);
        cr_expect_str_eq(a, b, "%s differs when rcu_pending is counted", files[i]);
    }
    rv_engine *clone = rv_engine_clone(traced); /* a checkpoint keeps the counts */
    cr_assert_not_null(clone);
    cr_assert_gt(rv_debugfs(traced, "rcu_pending", a, sizeof a), 0);
    cr_assert_gt(rv_debugfs(clone, "rcu_pending", b, sizeof b), 0);
    cr_expect_str_eq(a, b);
    rv_engine_free(clone);
    rv_engine_free(plain);
    rv_engine_free(traced);
}

/* Like snprintf, rv_debugfs() says how long the whole file is when the buffer is too small, so a
 * caller can make room: `run --debugfs` on 4096 CPUs printed rcudata cut at ~3500 CPUs with exit 0. */
Test(debugfs, a_short_buffer_learns_the_files_whole_length)
{
    rv_engine *e = idle_board(RV_MODE_SOFTIRQ, 64);
    static char whole[1 << 16], part[100];
    int n = rv_debugfs(e, "rcudata", whole, sizeof whole);
    cr_assert_gt(n, (int)sizeof part, "64 CPUs' rcudata is longer than %zu bytes", sizeof part);
    cr_assert_lt(n, (int)sizeof whole);
    cr_expect_eq(rv_debugfs(e, "rcudata", part, sizeof part), n, "the length of the whole file, not of what fitted");
    cr_expect_eq(strlen(part), sizeof part - 1);
    cr_expect_eq(strncmp(part, whole, sizeof part - 1), 0, "the start of the same text");
    rv_engine_free(e);
}

/* print_one_rcu_data() and show_rcu_pending() skip a CPU whose rdp->beenonline is still 0: one offline
 * from boot has no line until it first comes online (then it keeps one, with `!` when offline again). */
Test(debugfs, a_cpu_offline_since_boot_has_no_line_until_it_comes_online)
{
    char err[256], buf[8192];
    rv_engine *e = idle_board_with(RV_MODE_SOFTIRQ, 4, "3", true);
    rv_run_until(e, 2000000);
    const char *files[] = {"rcudata", "rcu_pending"};
    for (int i = 0; i < 2; i++) {
        cr_assert_gt(rv_debugfs(e, files[i], buf, sizeof buf), 0);
        cr_expect_not_null(strstr(buf, "\n  2 "), "%s lists online CPU 2:\n%s", files[i], buf);
        cr_expect_null(strstr(buf, "\n  3"), "%s lists CPU 3, never online:\n%s", files[i], buf);
    }
    rv_inject on = {.kind = RV_INJ_ONLINE, .cpu = 3};
    cr_assert_eq(rv_engine_inject(e, &on, err, sizeof err), 0, "%s", err);
    rv_run_until(e, 4000000);
    cr_assert_gt(rv_debugfs(e, "rcudata", buf, sizeof buf), 0);
    cr_expect_not_null(strstr(buf, "\n  3 c="), "CPU 3 is listed once it has been online:\n%s", buf);
    rv_engine_free(e);
}

/* 3.7's rcu_cleanup_dead_cpu() ends with nxttail[RCU_NEXT_TAIL] = NULL ("Disallow further callbacks"),
 * so print_one_rcu_data()'s first qs= test (NEXT_READY tail != NEXT tail) reads 'N' on a dead CPU with
 * no callbacks; 3.6 leaves the tails as init_callback_list() made them, all '.'. Onlining re-inits them. */
Test(debugfs, a_dead_cpu_shows_3_7s_closed_callback_list_until_it_returns)
{
    char err[256], buf[8192];
    for (int m = 0; m < 2; m++) {
        enum rv_mode mode = m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
        rv_engine *e = idle_board(mode, 4);
        rv_run_until(e, 2000000);
        rv_inject off = {.kind = RV_INJ_OFFLINE, .cpu = 3};
        cr_assert_eq(rv_engine_inject(e, &off, err, sizeof err), 0, "%s", err);
        rv_run_until(e, 4000000);
        cr_assert_gt(rv_debugfs(e, "rcudata", buf, sizeof buf), 0);
        const char *line = strstr(buf, "\n  3!c=");
        cr_assert_not_null(line, "%s", buf);
        const char *want = m ? " ql=0/0 qs=N... " : " ql=0/0 qs=.... ";
        const char *eol = strchr(line + 1, '\n');
        const char *at = strstr(line, want);
        cr_expect(at && (!eol || at < eol), "%s: dead CPU 3 should show%s:\n%s", m ? "3.7" : "3.6", want, buf);
        rv_inject on = {.kind = RV_INJ_ONLINE, .cpu = 3};
        cr_assert_eq(rv_engine_inject(e, &on, err, sizeof err), 0, "%s", err);
        rv_run_until(e, 6000000);
        cr_assert_gt(rv_debugfs(e, "rcudata", buf, sizeof buf), 0);
        line = strstr(buf, "\n  3 c=");
        cr_assert_not_null(line, "%s", buf);
        eol = strchr(line + 1, '\n');
        at = strstr(line, " qs=N");
        cr_expect(!at || (eol && at > eol), "back online, CPU 3's list is open again:\n%s", buf);
        rv_engine_free(e);
    }
}

/* 3.6's rcu_init_percpu_data() sets passed_quiesce_gpnum = rnp->gpnum - 1 (v3.6 rcutree.c:2558): a
 * CPU coming online shows pgp= one below its leaf's gpnum until its first quiescent state. */
Test(debugfs, a_cpu_coming_online_in_3_6_starts_pgp_below_its_leafs_gpnum)
{
    char err[256], buf[8192];
    rv_engine *e = idle_board_with(RV_MODE_SOFTIRQ, 4, "3", false);
    rv_run_until(e, 2000000);
    rv_inject burst = {.kind = RV_INJ_CALL_RCU_BURST, .cpu = 0, .flavor = RV_SCHED, .count = 5};
    cr_assert_eq(rv_engine_inject(e, &burst, err, sizeof err), 0, "%s", err);
    rv_run_until(e, 30000000); /* some grace periods go by: gpnum is no longer 0 */
    rv_inject on = {.kind = RV_INJ_ONLINE, .cpu = 3};
    cr_assert_eq(rv_engine_inject(e, &on, err, sizeof err), 0, "%s", err);
    cr_assert_gt(rv_debugfs(e, "rcudata", buf, sizeof buf), 0);
    const char *line = strstr(buf, "\n  3 c=");
    cr_assert_not_null(line, "%s", buf);
    unsigned long c = 0, g = 0, pgp = 0;
    int pq = -1;
    cr_assert_eq(sscanf(line, "\n  3 c=%lu g=%lu pq=%d pgp=%lu", &c, &g, &pq, &pgp), 4, "%s", line);
    cr_expect_gt(c, 0ul, "grace periods should have completed: %s", buf);
    cr_assert_gt(rv_debugfs(e, "rcuhier", buf, sizeof buf), 0);
    unsigned long leaf_c = 0, leaf_g = 0;
    const char *st = strstr(buf, "rcu_sched: ");
    cr_assert_not_null(st, "%s", buf);
    /* one leaf, the root: its gpnum is the flavor's */
    cr_assert_eq(sscanf(st, "rcu_sched: c=%lu g=%lu", &leaf_c, &leaf_g), 2, "%s", buf);
    cr_expect_eq(pgp, leaf_g - 1, "pgp=%lu, leaf gpnum %lu", pgp, leaf_g);
    rv_engine_free(e);
}

/* rcudata's dt= is the kernel's dynticks counter, which every trip through idle moves. A busy
 * hackbench CPU's trips are counted into the model's counter only when something looks (an FQS
 * probe: settle_blips()), so the file printed lower counters than the kernel would have, by two a
 * trip (the engine read its state as it was). Printed now and printed after settling every CPU by
 * hand, the file must be the same. */
Test(debugfs, rcudata_counts_every_trip_through_idle)
{
    rv_config cfg;
    fx_load_shipped("hackbench", &cfg);
    char err[256];
    rv_engine *e = rv_engine_new(&cfg, NULL, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    rv_config_free(&cfg);
    fx_run_s(e, 0.3);
    int lazy = 0;
    for (int c = 0; c < e->ncpus; c++) lazy += e->cpu[c].blip_lazy && e->cpu[c].blip_lazy_since < e->now;
    cr_assert_gt(lazy, 0, "some CPU has trips through idle not yet counted");
    static char before[1 << 16], after[1 << 16];
    cr_assert_lt(rv_debugfs(e, "rcudata", before, sizeof before), (int)sizeof before);
    for (int c = 0; c < e->ncpus; c++) settle_blips(e, c);
    cr_assert_lt(rv_debugfs(e, "rcudata", after, sizeof after), (int)sizeof after);
    cr_expect_str_eq(before, after);
    rv_engine_free(e);
}
