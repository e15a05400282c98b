/* test_stall.c — RCU CPU stall warnings: when they fire, their exact 3.6/3.7 text, re-arming, blocked preempted readers, the timeout's range. */
#include "engine_fixtures.h"

#include <ctype.h>

/* Parse "INFO: <flavor> self-detected stall on CPU { N}  (t=T jiffies)" exactly (two spaces before
 * the parenthesis). Returns true and fills cpu and t. */
static bool parse_self(const char *line, const char *flavor, int *cpu, unsigned long *t)
{
    char prefix[96];
    snprintf(prefix, sizeof prefix, "INFO: %s self-detected stall on CPU { ", flavor);
    size_t pl = strlen(prefix);
    if (strncmp(line, prefix, pl) != 0) return false;
    const char *p = line + pl;
    if (!isdigit((unsigned char)*p)) return false;
    *cpu = (int)strtol(p, (char **)&p, 10);
    if (strncmp(p, "}  (t=", 6) != 0) return false;
    p += 6;
    if (!isdigit((unsigned char)*p)) return false;
    *t = strtoul(p, (char **)&p, 10);
    return strcmp(p, " jiffies)") == 0;
}

/* Parse "INFO: <flavor> detected stalls on CPUs/tasks: {LIST} (detected by N, t=T jiffies)";
 * LIST is copied out (with its leading spaces). */
static bool parse_other(const char *line, const char *flavor, char *list, size_t listlen, int *by, unsigned long *t)
{
    char prefix[96];
    snprintf(prefix, sizeof prefix, "INFO: %s detected stalls on CPUs/tasks: {", flavor);
    size_t pl = strlen(prefix);
    if (strncmp(line, prefix, pl) != 0) return false;
    const char *p = line + pl, *close = strchr(p, '}');
    if (!close || (size_t)(close - p) >= listlen) return false;
    memcpy(list, p, (size_t)(close - p));
    list[close - p] = 0;
    p = close;
    if (strncmp(p, "} (detected by ", 15) != 0) return false;
    p += 15;
    if (!isdigit((unsigned char)*p)) return false;
    *by = (int)strtol(p, (char **)&p, 10);
    if (strncmp(p, ", t=", 4) != 0) return false;
    p += 4;
    if (!isdigit((unsigned char)*p)) return false;
    *t = strtoul(p, (char **)&p, 10);
    return strcmp(p, " jiffies)") == 0;
}

/* 4 CPUs at HZ 1000, CPUs 0-1 busy; CPU 1 loops in the kernel from 5 ms; a burst starts an
 * rcu_sched GP that CPU 1 cannot help. */
static rv_engine *looping_in(enum rv_mode mode, int timeout_s, double loop_s, int hz, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.hz = hz;
    cfg.rcu.stall_timeout_s = timeout_s;
    fx_add_phase(&cfg, "0-1", 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, loop_s, 0);
    cr_assert(fx_cpu(e, 1).kernel_loop);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 4);
    return e;
}

static rv_engine *looping(int timeout_s, double loop_s, int hz, fx_log *log)
{
    return looping_in(RV_MODE_KTHREAD, timeout_s, loop_s, hz, log);
}

static size_t stall_lines(const rv_engine *e) { return fx_klog_count(e, "stall"); }

Test(stall, kernel_loop_self_detects_after_60_s)
{
    fx_log log = {.keep = FX_BIT(RV_EV_STALL) | FX_BIT(RV_EV_GP_START)};
    rv_engine *e = looping(60, 70, 1000, &log);
    fx_run_s(e, 59.0);
    cr_expect_eq(stall_lines(e), 0u, "nothing before the timeout");
    fx_run_s(e, 72.0);
    cr_assert_eq(stall_lines(e), 1u, "exactly one warning in 70 s");
    long k = fx_klog_find(e, "stall");
    const char *line = rv_klog_line(e, (size_t)k);
    int cpu = -1;
    unsigned long t = 0;
    cr_assert(parse_self(line, "rcu_sched", &cpu, &t), "not the 3.6/3.7 self-detected form: \"%s\"", line);
    cr_expect_eq(cpu, 1);
    cr_expect(t >= 60000 && t <= 60003, "t=%lu, expected about 60000", t);
    double at = (double)rv_klog_time(e, (size_t)k) / 1e9;
    cr_expect(at > 60.0 && at < 60.1, "printed at %.3f s", at);
    rv_report r;
    rv_report_build(e, &r);
    cr_assert_eq(r.nstalls, 1u);
    cr_expect_eq(r.stalls[0].kind, 0, "self-detected");
    cr_expect_eq(r.stalls[0].cpu, 1);
    cr_expect_eq(r.stalls[0].flavor, RV_SCHED);
    cr_expect_eq(r.stalls[0].jiffies, (uint64_t)t);
    cr_expect_str_eq(r.stalls[0].text, line);
    cr_assert_eq(r.stalls[0].ncpus_named, 1u, "the report names the stalled CPU");
    cr_expect_eq(rv_stall_cpus(&r, &r.stalls[0])[0], 1);
    cr_expect_eq(r.stalls[0].npids_named, 0u);
    cr_expect_eq(r.flavors[RV_SCHED].stall_warnings, 1u);
    cr_expect_eq(r.flavors[RV_BH].stall_warnings + r.flavors[RV_PREEMPT].stall_warnings, 0u,
                 "the loop still passes rcu_bh and rcu_preempt quiescent states");
    long ev = fx_find(&log, 0, RV_EV_STALL, RV_SCHED);
    cr_assert(ev >= 0);
    cr_expect_eq(log.v[ev].arg, 0);
    cr_expect_eq(log.v[ev].n, (int64_t)t);
    /* after the loop the CPU context-switches and the GP ends */
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f.completed, "GP completed once the loop ended");
    cr_expect_geq(f.gp_max_jiffies, 70000u);
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A persisting stall is reported again 3 * timeout + 3 jiffies later (3.7 and 3.6 alike). */
static void check_rearm(enum rv_mode mode)
{
    rv_engine *e = looping_in(mode, 3, 14, 1000, NULL);
    fx_run_s(e, 14.5);
    cr_assert_eq(stall_lines(e), 2u, "two warnings during a 14 s loop at a 3 s timeout");
    unsigned long t[2];
    size_t got = 0;
    for (size_t i = 0; i < rv_klog_count(e) && got < 2; i++) {
        int cpu;
        if (parse_self(rv_klog_line(e, i), "rcu_sched", &cpu, &t[got])) {
            cr_expect_eq(cpu, 1);
            got++;
        }
    }
    cr_assert_eq(got, 2u);
    cr_expect(t[0] >= 3000 && t[0] <= 3002, "first at t=%lu", t[0]);
    cr_expect_eq(t[1], t[0] + 3 * 3000 + 3, "re-armed at jiffies + 3*timeout + 3: t=%lu", t[1]);
    rv_engine_free(e);
}

Test(stall, rearmed_warning_after_three_timeouts_kthread) { check_rearm(RV_MODE_KTHREAD); }
Test(stall, rearmed_warning_after_three_timeouts_softirq) { check_rearm(RV_MODE_SOFTIRQ); }

/* HZ 100: the timeout counts jiffies of that HZ. */
Test(stall, timeout_in_jiffies_follows_hz)
{
    rv_engine *e = looping(3, 4, 100, NULL);
    fx_run_s(e, 4.5);
    cr_assert_eq(stall_lines(e), 1u);
    int cpu;
    unsigned long t;
    cr_assert(parse_self(rv_klog_line(e, (size_t)fx_klog_find(e, "stall")), "rcu_sched", &cpu, &t));
    cr_expect(t >= 300 && t <= 302, "t=%lu at HZ 100", t);
    rv_engine_free(e);
}

/* A kernel loop shorter than the timeout: no warning at all. */
Test(stall, short_loop_no_warning)
{
    rv_engine *e = looping(3, 2.5, 1000, NULL);
    fx_run_s(e, 8);
    cr_expect_eq(stall_lines(e), 0u);
    rv_flavor_view f = fx_flavor(e, RV_SCHED);
    cr_expect_eq(f.gpnum, f.completed);
    cr_expect_geq(f.gp_max_jiffies, 2400u, "the GP lasted as long as the loop");
    rv_engine_free(e);
}

/* A task preempted inside rcu_read_lock() for longer than the timeout: another CPU reports it
 * two jiffies after the deadline, naming the task (P<pid>) instead of a CPU. */
/* 3.6/3.7's rcu_print_task_stall() walks list_for_each_entry_continue() from the gp_tasks entry, which
 * starts AFTER it: the reader gp_tasks points to (the latest queued of those blocking the GP) is never
 * printed. With one preempted reader the warning names nobody, "{}", and the kernel adds "Stall ended
 * before state dump start"; with two, it names the earlier one, for the leaf and again for the root
 * (one node here). The engine printed every blocked reader before. */
static rv_engine *preempted_readers(fx_log *log, int n)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.rcu.stall_timeout_s = 3;
    fx_add_phase(&cfg, "0-1", 1.0);
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    for (int i = 0; i < n; i++) {
        fx_inject(e, RV_INJ_PREEMPT_READER, 1 - i % 2, RV_PREEMPT, 5.0, 0);
        fx_run_s(e, 0.001);
    }
    cr_assert_eq(fx_count(log, RV_EV_READER_BLOCK, RV_PREEMPT), (size_t)n, "preempted at once onto blkd_tasks");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, n);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 2);
    fx_run_s(e, 0.100);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_gp_tasks, n, "the new GP waits for the blocked tasks");
    rv_flavor_view f = fx_flavor(e, RV_PREEMPT);
    cr_assert_neq(f.gpnum, f.completed);
    char why[1024];
    rv_explain(e, RV_PREEMPT, -1, -1, why, sizeof why);
    cr_expect(strstr(why, "blkd_tasks") != NULL, "explain: %s", why);
    fx_run_s(e, 3.5);
    return e;
}

/* The "{...}" list of the first rcu_preempt detected-stalls line. */
/* The report's cpu_list and pid_list of stall s hold exactly the CPUs and " P<pid>" tasks that line
 * (the whole kernel log line; s->text may be cut) names between its braces, in its order. */
static void expect_names_as_printed(const rv_report *r, const rv_stall_report *s, const char *line)
{
    const char *p = strchr(line, '{'), *close = p ? strchr(p, '}') : NULL;
    cr_assert(p && close, "no list in \"%s\"", line);
    uint32_t nc = 0, np = 0;
    for (p++; p < close;) {
        if (*p == ' ') { p++; continue; }
        bool task = *p == 'P';
        char *end;
        long v = strtol(task ? p + 1 : p, &end, 10);
        cr_assert(end > p && end <= close, "unparsed list at \"%.20s\"", p);
        if (task) {
            cr_assert_lt(np, s->npids_named, "the report lists %u pids, the line more", s->npids_named);
            cr_expect_eq(rv_stall_pids(r, s)[np], v, "pid %u: report %d, line %ld", np, rv_stall_pids(r, s)[np], v);
            np++;
        } else {
            cr_assert_lt(nc, s->ncpus_named, "the report lists %u CPUs, the line more", s->ncpus_named);
            cr_expect_eq(rv_stall_cpus(r, s)[nc], v, "CPU %u: report %d, line %ld", nc, rv_stall_cpus(r, s)[nc], v);
            nc++;
        }
        p = end;
    }
    cr_expect_eq(nc, s->ncpus_named, "the line names %u CPUs, the report %u", nc, s->ncpus_named);
    cr_expect_eq(np, s->npids_named, "the line names %u tasks, the report %u", np, s->npids_named);
}

static const char *other_stall_list(rv_engine *e, char *list, size_t n)
{
    long k = fx_klog_find(e, "rcu_preempt detected stalls");
    cr_assert(k >= 0, "no rcu_preempt other-CPU stall line; first stall line: %s",
              rv_klog_line(e, (size_t)fx_klog_find(e, "stall")));
    const char *line = rv_klog_line(e, (size_t)k);
    int by = -1;
    unsigned long t = 0;
    cr_assert(parse_other(line, "rcu_preempt", list, n, &by, &t), "not the detected-stalls form: \"%s\"", line);
    cr_expect(by == 0 || by == 1, "detected by a ticking CPU, got %d", by);
    cr_expect(t >= 3002 && t <= 3004, "RCU_STALL_RAT_DELAY after the deadline: t=%lu", t);
    cr_expect_eq(fx_klog_count(e, "self-detected"), 0u, "no CPU owes the GP anything");
    return line;
}

Test(stall, preempted_reader_reported_as_task)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_STALL)};
    rv_engine *e = preempted_readers(&log, 1);
    char list[256];
    other_stall_list(e, list, sizeof list);
    cr_expect_str_eq(list, "", "the one blocked reader is gp_tasks's: never printed, got {%s}", list);
    cr_expect_eq(fx_klog_count(e, "INFO: Stall ended before state dump start"), 1u, "nobody named");
    long ev = fx_find(&log, 0, RV_EV_STALL, RV_PREEMPT);
    cr_assert(ev >= 0);
    cr_expect_eq(log.v[ev].arg, 1, "kind: other");
    cr_expect_eq((int)log.v[ev].id, 0, "the event names no task either");
    fx_run_s(e, 6);
    rv_flavor_view f = fx_flavor(e, RV_PREEMPT);
    cr_expect_eq(f.gpnum, f.completed, "the GP ends when the reader unlocks");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 0);
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(stall, of_two_preempted_readers_the_earlier_is_named)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_STALL)};
    rv_engine *e = preempted_readers(&log, 2);
    long b0 = fx_find(&log, 0, RV_EV_READER_BLOCK, RV_PREEMPT);
    cr_assert(b0 >= 0);
    int first = (int)(1000 + log.v[b0].id % 30000); /* the pid the engine gives a reader */
    char list[256], want[64];
    other_stall_list(e, list, sizeof list);
    snprintf(want, sizeof want, " P%d P%d", first, first);
    cr_expect_str_eq(list, want, "the earlier reader, for the leaf and again for the root: {%s}", list);
    cr_expect_eq(fx_klog_count(e, "INFO: Stall ended before state dump start"), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* The kernel names every blocked task and CPU (printk's KERN_CONT pieces make one line, however
 * long); a 400-byte list stopped after ~60 of 150 blocked readers with no mark, and only 64 per node
 * were looked at. The kernel log has the whole line; the report's fixed-size text ends with " …". */
Test(stall, every_blocked_reader_is_named_however_many)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_STALL)};
    rv_engine *e = preempted_readers(&log, 150);
    static char list[8192];
    const char *line = other_stall_list(e, list, sizeof list);
    int named = 0;
    for (const char *p = list; (p = strstr(p, " P")); p += 2) named++;
    cr_expect_eq(named, 2 * 149, "all but gp_tasks's reader, for the leaf and again for the root (one node): %d named", named);
    rv_report r;
    rv_report_build(e, &r);
    const rv_stall_report *s = NULL;
    for (size_t i = 0; i < r.nstalls && !s; i++)
        if (r.stalls[i].kind == 1 && r.stalls[i].flavor == RV_PREEMPT) s = &r.stalls[i];
    cr_assert_not_null(s);
    size_t n = strlen(s->text);
    cr_expect_eq(n, sizeof s->text - 1, "the report's text is as long as it holds");
    cr_expect(n >= 4 && !strcmp(s->text + n - 4, " …"), "and says it is cut: ...%s", s->text + (n > 40 ? n - 40 : 0));
    cr_expect(!strncmp(s->text, line, n - 4), "its start is the kernel log's line");
    cr_expect_eq(s->npids_named, 2u * 149u, "but its pid_list names every task the line does");
    expect_names_as_printed(&r, s, line);
    rv_report_free(&r);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* jiffies_till_stall_check(): the timeout is 3..300 s, read at each GP start. */
Test(stall, timeout_range)
{
    rv_config cfg;
    char err[256];
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.stall_timeout_s = 2;
    cr_expect_eq(rv_config_validate(&cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, "rcu.stall_timeout_s: expected 3..300, got 2");
    cfg.rcu.stall_timeout_s = 301;
    cr_expect_eq(rv_config_validate(&cfg, err, sizeof err), -1);
    cr_expect_null(rv_engine_new(&cfg, NULL, err, sizeof err), "the engine refuses it too");
    cr_expect_str_eq(err, "rcu.stall_timeout_s: expected 3..300, got 301");
    int ok[] = {3, 300};
    for (int i = 0; i < 2; i++) {
        cfg.rcu.stall_timeout_s = ok[i];
        cfg.hz = 250;
        rv_engine *e = fx_engine(&cfg, NULL);
        fx_run_s(e, 0.010);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 1);
        cr_assert(rv_step_gp_phase(e, RV_SCHED, FX_S(1)));
        rv_flavor_view f = fx_flavor(e, RV_SCHED);
        uint64_t start_j = (uint64_t)(f.gp_start_ns / (FX_NS_PER_S / 250));
        cr_expect_eq(f.jiffies_stall, start_j + (uint64_t)ok[i] * 250u, "deadline %d s after GP start", ok[i]);
        rv_engine_free(e);
    }
}

/* A reader preempted after its CPU already reported the current GP blocks only the next GP. */
Test(stall, preempted_reader_after_qs_blocks_only_next_gp)
{
    fx_log log = {.keep = FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_GP_END) | FX_BIT(RV_EV_GP_START)};
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.rcu.needs_gp_fix = true;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, &log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_LONG_READER, 3, RV_SCHED, 0.010, 0); /* holds rcu_sched, not rcu_preempt */
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 1);
    /* wait until CPU 1 has reported the rcu_preempt GP, which is still running */
    int64_t lim = FX_S(0.5);
    while (rv_now_ns(e) < lim && !(fx_flavor(e, RV_PREEMPT).gpnum == 1 && !(fx_node(e, RV_PREEMPT, 0).qsmask & 0x2ul)))
        rv_step_event(e);
    rv_flavor_view f = fx_flavor(e, RV_PREEMPT);
    cr_assert_eq(f.gpnum, 1ul);
    cr_assert_eq(f.completed, 0ul, "GP 1 still running once CPU 1 has reported it");
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 0.080, 0);
    long b = fx_find_last(&log, RV_EV_READER_BLOCK, RV_PREEMPT);
    cr_assert(b >= 0);
    cr_expect_eq(log.v[b].arg, 0, "does not block the current GP");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_gp_tasks, 0);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 1);
    fx_run_s(e, 0.030);
    cr_expect_geq(fx_flavor(e, RV_PREEMPT).completed, 1ul, "GP 1 ended without waiting for it");
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 1);
    fx_run_s(e, 0.060);
    f = fx_flavor(e, RV_PREEMPT);
    cr_expect_eq(f.gpnum, 2ul);
    cr_expect_eq(f.completed, 1ul, "GP 2 waits for the reader");
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_gp_tasks, 1, "made to block GP 2 at its init");
    fx_run_s(e, 0.200);
    cr_expect_geq(fx_flavor(e, RV_PREEMPT).completed, 2ul);
    long end2 = -1;
    for (size_t i = 0; i < log.n; i++)
        if (fx_match(&log.v[i], RV_EV_GP_END, RV_PREEMPT) && log.v[i].gp == 2) end2 = (long)i;
    cr_assert(end2 >= 0);
    cr_expect_geq(log.v[end2].t, FX_S(0.085), "GP 2 ended only when the reader unlocked");
    rv_engine_free(e);
    fx_log_free(&log);
}

/* Which flavors a long reader stalls: rcu_read_lock_sched() only rcu_sched; rcu_read_lock_bh()
 * disables bh and preemption, so rcu_bh and rcu_sched, and RCU_SOFTIRQ waits for local_bh_enable(),
 * so rcu_preempt too; an rcu_preempt reader gets preempted and is then reported as a task. */
static void long_reader_stalls(int flavor, const char *const want[], size_t nwant)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 4, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.stall_timeout_s = 3;
        fx_add_phase(&cfg, "0-1", 1.0);
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        fx_run_s(e, 0.005);
        fx_inject(e, RV_INJ_LONG_READER, 1, flavor, 4.0, 0);
        for (int f = 0; f < RV_NFLAVORS; f++) fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, f, 0, 1);
        fx_run_s(e, 4.5);
        cr_expect_eq(fx_klog_count(e, "stall"), nwant, "%s reader, %s: %zu stall lines", rv_flavor_name(flavor),
                     rv_mode_name(m), fx_klog_count(e, "stall"));
        for (size_t i = 0; i < nwant; i++)
            cr_expect_eq(fx_klog_count(e, want[i]), 1u, "%s reader, %s: missing \"%s\"", rv_flavor_name(flavor), rv_mode_name(m), want[i]);
        rv_engine_free(e);
    }
}

Test(stall, which_flavors_a_long_reader_stalls)
{
    const char *sched[] = {"INFO: rcu_sched self-detected stall on CPU { 1}  (t=3000 jiffies)"};
    long_reader_stalls(RV_SCHED, sched, 1);
    /* rcu_read_lock_bh() also keeps RCU_SOFTIRQ from running on CPU 1 (irq_exit() runs no softirq
     * while bh is disabled), so the CPU cannot report even the rcu_preempt QS its ticks note: all three
     * stall. rcu_pending() visits rcu_preempt first (for_each_rcu_flavor()) and, with its QS noted
     * but unreported, stops there on every tick, so CPU 1 never runs rcu_bh's or rcu_sched's stall
     * check: CPU 0 reports those two, RCU_STALL_RAT_DELAY later. The engine had run the softirq inside
     * the section and printed rcu_sched's then rcu_bh's self-detected stalls. */
    const char *bh[] = {"INFO: rcu_preempt self-detected stall on CPU { 1}  (t=3000 jiffies)",
                        "INFO: rcu_bh detected stalls on CPUs/tasks: { 1} (detected by 0, t=3002 jiffies)",
                        "INFO: rcu_sched detected stalls on CPUs/tasks: { 1} (detected by 0, t=3002 jiffies)"};
    long_reader_stalls(RV_BH, bh, 3);
    /* the one preempted reader is the one gp_tasks points to, which 3.6/3.7 never print */
    const char *pr[] = {"INFO: rcu_preempt detected stalls on CPUs/tasks: {} (detected by"};
    long_reader_stalls(RV_PREEMPT, pr, 1);
}

/* Three CPUs in long rcu_bh readers hold rcu_bh's grace period (and rcu_preempt's: no softirq runs
 * there); their ticks stop at rcu_preempt in rcu_pending(), so another CPU reports rcu_bh's stall:
 * the report's cpu_list names all three, in the order the line prints them (leaf by leaf, each leaf's
 * CPUs by number), and not the CPU that noticed, the report's cpu. */
Test(stall, the_report_lists_every_cpu_the_warning_names)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        fx_config(&cfg, 8, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ);
        cfg.rcu.stall_timeout_s = 3;
        fx_add_phase(&cfg, "all", 1.0);
        rv_engine *e = fx_engine(&cfg, NULL);
        rv_config_free(&cfg);
        fx_run_s(e, 0.005);
        const int readers[] = {6, 2, 5};
        for (int i = 0; i < 3; i++) fx_inject(e, RV_INJ_LONG_READER, readers[i], RV_BH, 4.0, 0);
        for (int f = 0; f < RV_NFLAVORS; f++) fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, f, 0, 1);
        fx_run_s(e, 3.5);
        rv_report r;
        rv_report_build(e, &r);
        const rv_stall_report *s = NULL;
        for (size_t i = 0; i < r.nstalls && !s; i++)
            if (r.stalls[i].flavor == RV_BH) s = &r.stalls[i];
        cr_assert_not_null(s, "%s: no rcu_bh warning", rv_mode_name(m));
        cr_expect_eq(s->kind, 1, "%s: reported by another CPU", rv_mode_name(m));
        const int want[] = {2, 5, 6};
        cr_expect(s->cpu != 2 && s->cpu != 5 && s->cpu != 6, "%s: CPU %d, a stalled one, noticed", rv_mode_name(m), s->cpu);
        cr_assert_eq(s->ncpus_named, 3u, "%s: %u CPUs named: %s", rv_mode_name(m), s->ncpus_named, s->text);
        for (int i = 0; i < 3; i++) cr_expect_eq(rv_stall_cpus(&r, s)[i], want[i], "%s: CPU %d of the list", rv_mode_name(m), i);
        expect_names_as_printed(&r, s, s->text);
        rv_report_free(&r);
        rv_engine_free(e);
    }
}

/* 3.7: every CPU reported the rcu_bh GP, but all of them sit in long rcu_sched readers, so the GP
 * kthread cannot run its cleanup. The deadline passes with nobody left in any qsmask: the kernel
 * says "Stall ended before state dump start". */
Test(stall, stall_ended_before_state_dump)
{
    rv_config cfg;
    fx_config(&cfg, 2, RV_MODE_KTHREAD);
    cfg.rcu.stall_timeout_s = 3;
    fx_add_phase(&cfg, "all", 1.0);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_BH, 0, 1);
    while (fx_flavor(e, RV_BH).phase != RV_GP_WAIT && rv_now_ns(e) < FX_S(0.1)) rv_step_event(e);
    rv_flavor_view f = fx_flavor(e, RV_BH);
    cr_assert_eq(f.phase, RV_GP_WAIT);
    uint64_t start_j = (uint64_t)(f.gp_start_ns / 1000000);
    for (int c = 0; c < 2; c++) fx_inject(e, RV_INJ_LONG_READER, c, RV_SCHED, 5.0, 0);
    fx_run_s(e, 0.5);
    f = fx_flavor(e, RV_BH);
    cr_expect_eq(fx_node(e, RV_BH, 0).qsmask, 0ul, "every CPU reported");
    cr_expect_neq(f.gpnum, f.completed, "but the cleanup cannot run");
    fx_run_s(e, 4.0);
    long k = fx_klog_find(e, "Stall ended");
    cr_assert(k >= 0, "no warning");
    cr_expect_str_eq(rv_klog_line(e, (size_t)k), "INFO: Stall ended before state dump start");
    cr_expect_eq(rv_klog_time(e, (size_t)k), (int64_t)(start_j + 3000 + 2) * 1000000, "at the deadline + RCU_STALL_RAT_DELAY");
    rv_report r;
    rv_report_build(e, &r);
    cr_assert_geq(r.nstalls, 1u);
    cr_expect_eq(r.stalls[0].kind, 1);
    cr_expect_eq(r.stalls[0].flavor, RV_BH);
    cr_expect_eq(r.stalls[0].ncpus_named + r.stalls[0].npids_named, 0u, "the warning names nobody, nor does the report");
    rv_report_free(&r);
    fx_run_s(e, 6.0);
    f = fx_flavor(e, RV_BH);
    cr_expect_eq(f.gpnum, f.completed, "the GP ends once the readers let the kthread run");
    rv_engine_free(e);
}

/* The "why" text of a looping CPU names when the next warning comes, and that moment is still ahead:
 * before the first warning, and under it (it read "If this lasts 3 s, a stall warning follows" beside
 * the warning it announced) */
static double next_warning_named(const rv_engine *e, int cpu)
{
    char why[2048];
    rv_explain(e, RV_SCHED, cpu, -1, why, sizeof why);
    const char *p = strstr(why, "still loops at ");
    cr_assert(p, "no next-warning time in: %s", why);
    return strtod(p + strlen("still loops at "), NULL);
}

Test(stall, why_names_the_next_warning_ahead)
{
    rv_engine *e = looping_in(RV_MODE_KTHREAD, 3, 14, 1000, NULL);
    fx_run_s(e, 1.0);
    double first = next_warning_named(e, 1);
    cr_expect(first > 3.0 && first < 3.1, "first warning due at %.6f s", first);
    fx_run_s(e, 4.0); /* past the first warning (t=3000) */
    cr_assert_eq(stall_lines(e), 1u);
    double now = (double)rv_now_ns(e) / 1e9, next = next_warning_named(e, 1);
    cr_expect_gt(next, now, "the next warning named at %.6f s, now %.6f s", next, now);
    cr_expect(next > first + 9.0 && next < first + 9.1, "a repeat 3 timeouts + 3 jiffies later: %.6f s", next);
    rv_engine_free(e);
}

/* print_cpu_stall()'s set_need_resched() only sets TIF_NEED_RESCHED: the stalled CPU switches at the
 * tick's irq exit if it can be preempted, or as soon as it can. CPU 1 loops in the kernel with no user
 * time and no switches of its own, so that flag is the only way it ever passes a QS: the rcu_sched GP
 * must end when the loop does (the engine dropped the request on a CPU that could not be preempted:
 * no GP ended in 5 s), and the warning's switch must come after the tick's softirq, so the QS it
 * gives is reported at a later tick, not the warning's (a switch inside rcu_pending() made them one). */
static rv_engine *quiet_kernel_loop(enum rv_mode mode, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.rcu.flavors[RV_PREEMPT] = true; /* CONFIG_PREEMPT: a flagged CPU switches at irq exit */
    cfg.rcu.stall_timeout_s = 3;
    fx_add_phase(&cfg, "0,2-3", 1.0)->ctxsw_per_s = 0;
    rv_phase *quiet = fx_add_phase(&cfg, "1", 1.0);
    quiet->ctxsw_per_s = 0;
    quiet->user_frac = 0;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    fx_run_s(e, 0.005);
    return e;
}

Test(stall, the_warnings_resched_request_waits_for_the_loop_to_end)
{
    for (int m = 0; m < 2; m++) {
        fx_log log = {.keep = FX_BIT(RV_EV_STALL) | FX_BIT(RV_EV_GP_END)};
        rv_engine *e = quiet_kernel_loop(m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, &log);
        fx_inject(e, RV_INJ_KERNEL_LOOP, 1, 0, 3.2, 0);
        fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_SCHED, 0, 4);
        fx_run_s(e, 5.0);
        long st = fx_find(&log, 0, RV_EV_STALL, RV_SCHED);
        cr_assert(st >= 0, "%s: CPU 1's loop outlasts the 3 s timeout", rv_mode_name(m));
        cr_expect_eq(log.v[st].cpu, 1, "%s: self-detected", rv_mode_name(m));
        long end = fx_find(&log, (size_t)st, RV_EV_GP_END, RV_SCHED);
        cr_assert(end >= 0, "%s: the GP CPU 1 held never ended after its loop", rv_mode_name(m));
        double t_end = (double)log.v[end].t / 1e9;
        cr_expect(t_end >= 3.205 && t_end < 3.215, "%s: GP ended at %.4f s, the loop at 3.205 s", rv_mode_name(m), t_end);
        rv_engine_free(e);
        fx_log_free(&log);
    }
}

Test(stall, the_warnings_switch_comes_at_irq_exit_after_the_softirq)
{
    fx_log log = {.keep = FX_BIT(RV_EV_STALL) | FX_BIT(RV_EV_QS_REPORT) | FX_BIT(RV_EV_READER_BLOCK)};
    rv_engine *e = quiet_kernel_loop(RV_MODE_SOFTIRQ, &log);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 3.4, 0);
    fx_inject(e, RV_INJ_CALL_RCU_BURST, 0, RV_PREEMPT, 0, 4);
    fx_run_s(e, 3.2);
    long st = fx_find(&log, 0, RV_EV_STALL, RV_PREEMPT);
    cr_assert(st >= 0, "the reader outlasts the 3 s timeout");
    cr_assert_eq(log.v[st].cpu, 1);
    long blk = fx_find(&log, (size_t)st, RV_EV_READER_BLOCK, RV_PREEMPT);
    cr_assert(blk >= 0, "the warning's switch preempts the reader");
    cr_expect_eq(log.v[blk].t, log.v[st].t, "switched at the warning's own irq exit");
    long rep = -1;
    for (size_t i = (size_t)st; i < log.n && rep < 0; i++)
        if (fx_match(&log.v[i], RV_EV_QS_REPORT, RV_PREEMPT) && log.v[i].cpu == 1) rep = (long)i;
    cr_assert(rep >= 0, "CPU 1 reports the QS that switch gave");
    cr_expect_geq(log.v[rep].t - log.v[st].t, FX_S(0.001), "reported %lld ns after the warning, not a tick later",
                  (long long)(log.v[rep].t - log.v[st].t));
    rv_engine_free(e);
    fx_log_free(&log);
}
