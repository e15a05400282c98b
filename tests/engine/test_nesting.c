/* test_nesting.c — nested read-side critical sections: only the outermost unlock of a task ends its section (__rcu_read_unlock(), rcu_read_unlock_special()); no grace period may end under a reader older than it. */
#include "engine_fixtures.h"

/* 4 CPUs, rcu_preempt (and rcu_sched if `sched`). CPUs 0-2 busy and switching, with rcu_preempt updates so that GPs
 * keep coming; CPU 1 busy in the kernel and never switching on its own (ctxsw_per_s 0), so a reader
 * there is preempted only if something makes it (without rcu_sched, not even 3.6's __rcu_pending()
 * nudge, which is for a CPU owing rcu_sched a QS). `readers`: sampled rcu_preempt readers on CPU 1. */
static rv_engine *machine_flavors(enum rv_mode mode, double readers, bool sched, fx_log *log)
{
    rv_config cfg;
    fx_config(&cfg, 4, mode);
    cfg.rcu.flavors[RV_BH] = false;
    cfg.rcu.flavors[RV_SCHED] = sched;
    cfg.rcu.stall_timeout_s = 60;
    rv_phase *ph = fx_add_phase(&cfg, "0,2-3", 1.0);
    ph->call_rcu_per_s[RV_PREEMPT] = 500;
    ph->call_rcu_per_s[RV_SCHED] = 100;
    rv_phase *one = fx_add_phase(&cfg, "1", 1.0);
    one->user_frac = 0;
    one->ctxsw_per_s = 0;
    one->readers[RV_PREEMPT].rate_per_s = readers;
    one->readers[RV_PREEMPT].mean_us = 5;
    rv_engine *e = fx_engine(&cfg, log);
    rv_config_free(&cfg);
    return e;
}
static rv_engine *machine(enum rv_mode mode, double readers, fx_log *log) { return machine_flavors(mode, readers, false, log); }

/* The property itself, read off the log and not from the engine's checker: at every gp_end of a flavor,
 * no reader of that flavor that began before that GP's gp_start is still open. Returns the number of
 * GP ends that broke it (the first one described in why). */
static int gp_ends_under_older_readers(const fx_log *log, char *why, size_t n)
{
    enum { MAXR = 4096 };
    static struct { uint64_t id; int64_t begin; int flavor; } open[MAXR];
    static int64_t start[RV_NFLAVORS][4096];
    size_t nopen = 0;
    int bad = 0;
    why[0] = 0;
    for (size_t i = 0; i < log->n; i++) {
        const rv_event *ev = &log->v[i];
        if (ev->type == RV_EV_READER_BEGIN) {
            cr_assert_lt(nopen, (size_t)MAXR);
            open[nopen].id = ev->id; open[nopen].begin = ev->t; open[nopen].flavor = ev->flavor; nopen++;
        } else if (ev->type == RV_EV_READER_END) {
            for (size_t k = 0; k < nopen; k++)
                if (open[k].id == ev->id) { open[k] = open[--nopen]; break; }
        } else if (ev->type == RV_EV_GP_START) {
            cr_assert_lt(ev->gp, 4096u);
            start[ev->flavor][ev->gp] = ev->t;
        } else if (ev->type == RV_EV_GP_END) {
            int64_t s = ev->gp < 4096 ? start[ev->flavor][ev->gp] : 0;
            for (size_t k = 0; k < nopen; k++) {
                if (open[k].flavor != ev->flavor || open[k].begin >= s) continue;
                if (!bad++)
                    snprintf(why, n, "%s GP %llu (begun %.6f s) ended at %.6f s under reader %llu, begun %.6f s",
                             rv_flavor_name(ev->flavor), (unsigned long long)ev->gp, s / 1e9, ev->t / 1e9,
                             (unsigned long long)open[k].id, open[k].begin / 1e9);
                break;
            }
        }
    }
    return bad;
}

#define KEEP_GP_READERS (FX_BIT(RV_EV_READER_BEGIN) | FX_BIT(RV_EV_READER_END) | FX_BIT(RV_EV_GP_START) | FX_BIT(RV_EV_GP_END) | \
                         FX_BIT(RV_EV_READER_BLOCK) | FX_BIT(RV_EV_VIOLATION))

/* nested_min.json's case: a 1 s rcu_read_lock() inside a 3 s one on the same CPU. The inner unlock is not
 * the outermost: it must not report the CPU's rcu_preempt QS (the tick's RCU_READ_UNLOCK_NEED_QS waits
 * for the outermost rcu_read_unlock()), so the GPs begun after the outer reader wait until its end. The
 * engine reported the QS at the inner reader_end, and the GP ended under the outer reader. */
static void inner_unlock(enum rv_mode mode)
{
    fx_log log = {.keep = KEEP_GP_READERS};
    rv_engine *e = machine(mode, 0, &log);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 3.0, 0);
    fx_run_s(e, 1.0);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 1.0, 0);
    unsigned long before = fx_flavor(e, RV_PREEMPT).completed;
    fx_run_s(e, 3.0);
    cr_expect_leq(fx_flavor(e, RV_PREEMPT).completed, before, "%s: rcu_preempt GPs ended inside the outer reader (completed %lu -> %lu)",
                  rv_mode_name(mode), before, fx_flavor(e, RV_PREEMPT).completed);
    fx_run_s(e, 4.0);
    cr_expect_gt(fx_flavor(e, RV_PREEMPT).completed, before + 10, "%s: GPs go on once the outer reader ended", rv_mode_name(mode));
    char why[256];
    cr_expect_eq(gp_ends_under_older_readers(&log, why, sizeof why), 0, "%s: %s", rv_mode_name(mode), why);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}
Test(nesting, the_inner_unlock_does_not_end_the_outer_section_kthread) { inner_unlock(RV_MODE_KTHREAD); }
Test(nesting, the_inner_unlock_does_not_end_the_outer_section_softirq) { inner_unlock(RV_MODE_SOFTIRQ); }

/* Sampled readers of the workload begin on a CPU whatever it runs: inside a scripted long reader they
 * are nested sections of the same task, and their ends (thousands) must not report the QS either. */
static void sampled_inside(enum rv_mode mode)
{
    fx_log log = {.keep = KEEP_GP_READERS};
    rv_engine *e = machine(mode, 2000, &log);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 2.0, 0);
    unsigned long before = fx_flavor(e, RV_PREEMPT).completed;
    fx_run_s(e, 2.4);
    cr_expect_gt(fx_count(&log, RV_EV_READER_END, RV_PREEMPT), 1000u, "sampled readers ran inside the long one");
    /* and their events say they are nested (the status line's "still inside another"); the long one
     * began on a CPU in no section, so its begin does not */
    size_t nested_ends = 0, long_begins_nested = 0;
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *ev = &log.v[i];
        if (ev->flavor != RV_PREEMPT || ev->cpu != 1 || ev->t < FX_S(0.5) || ev->t >= FX_S(2.4)) continue;
        if (ev->type == RV_EV_READER_END && ev->arg) nested_ends++;
        if (ev->type == RV_EV_READER_BEGIN && ev->n >= FX_S(1.0) && ev->arg) long_begins_nested++;
    }
    cr_expect_gt(nested_ends, 1000u, "%s: ends inside the long reader marked nested: %zu", rv_mode_name(mode), nested_ends);
    cr_expect_eq(long_begins_nested, 0u, "the long reader's begin is not nested");
    cr_expect_eq(fx_count(&log, RV_EV_READER_BEGIN, RV_PREEMPT) > 0, true);
    cr_expect_leq(fx_flavor(e, RV_PREEMPT).completed, before, "%s: rcu_preempt GPs ended inside the long reader (completed %lu -> %lu)",
                  rv_mode_name(mode), before, fx_flavor(e, RV_PREEMPT).completed);
    fx_run_s(e, 3.0);
    char why[256];
    cr_expect_eq(gp_ends_under_older_readers(&log, why, sizeof why), 0, "%s: %s", rv_mode_name(mode), why);
    rv_engine_free(e);
    fx_log_free(&log);
}
Test(nesting, sampled_readers_inside_a_long_reader_kthread) { sampled_inside(RV_MODE_KTHREAD); }
Test(nesting, sampled_readers_inside_a_long_reader_softirq) { sampled_inside(RV_MODE_SOFTIRQ); }

/* Scripted readers may overlap out of order: an inner one that outlives the outer one. The task's
 * section is then the union, and its last unlock is the outermost one: GPs begun after the outer
 * rcu_read_lock() wait until the inner reader's end. */
Test(nesting, an_inner_reader_that_outlives_the_outer_one_holds_the_section)
{
    fx_log log = {.keep = KEEP_GP_READERS};
    rv_engine *e = machine(RV_MODE_KTHREAD, 0, &log);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 0.5, 0);
    fx_run_s(e, 0.7);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 1.0, 0);
    unsigned long before = fx_flavor(e, RV_PREEMPT).completed;
    fx_run_s(e, 1.6);
    cr_expect_leq(fx_flavor(e, RV_PREEMPT).completed, before, "GPs ended between the outer reader's end and the inner's");
    fx_run_s(e, 2.5);
    cr_expect_gt(fx_flavor(e, RV_PREEMPT).completed, before);
    char why[256];
    cr_expect_eq(gp_ends_under_older_readers(&log, why, sizeof why), 0, "%s", why);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A task preempted inside nested sections is one task: rcu_preempt_note_context_switch() queues it once
 * on blkd_tasks (one reader_block), not once per rcu_read_lock(). */
Test(nesting, a_preempted_nest_is_queued_once)
{
    fx_log log = {.keep = KEEP_GP_READERS};
    rv_engine *e = machine(RV_MODE_KTHREAD, 0, &log);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 1.0, 0);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_PREEMPT, 0.5, 0);
    fx_inject(e, RV_INJ_PREEMPT_READER, 1, RV_PREEMPT, 0.2, 0); /* a third level, and the task is preempted */
    cr_expect_eq(fx_count(&log, RV_EV_READER_BLOCK, RV_PREEMPT), 1u, "the task went %zu times onto blkd_tasks",
                 fx_count(&log, RV_EV_READER_BLOCK, RV_PREEMPT));
    fx_run_s(e, 2.0);
    cr_expect_eq(fx_node(e, RV_PREEMPT, 0).n_blkd_tasks, 0, "the task left blkd_tasks at its outermost unlock");
    char why[256];
    cr_expect_eq(gp_ends_under_older_readers(&log, why, sizeof why), 0, "%s", why);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* rcu_sched: preempt_disable() nests by count. An inner rcu_read_lock_sched() that outlives the outer
 * one keeps preemption off, so the CPU gives no rcu_sched QS until the last one ends. */
Test(nesting, sched_sections_nest_by_depth)
{
    fx_log log = {.keep = KEEP_GP_READERS};
    rv_engine *e = machine_flavors(RV_MODE_KTHREAD, 0, true, &log);
    fx_run_s(e, 0.5);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.3, 0);
    fx_inject(e, RV_INJ_LONG_READER, 1, RV_SCHED, 0.6, 0);
    fx_run_s(e, 2.0);
    char why[256];
    cr_expect_eq(gp_ends_under_older_readers(&log, why, sizeof why), 0, "%s", why);
    cr_expect_eq(fx_count(&log, RV_EV_VIOLATION, -1), 0u);
    rv_engine_free(e);
    fx_log_free(&log);
}
