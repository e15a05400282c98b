/* test_compare_workload.c — one seed is one workload: 3.6 and 3.7 (compare mode's two lanes) run the same readers and the same call_rcu() bursts at the same instants. */
#include "engine_fixtures.h"

/* The readers that begin and the callback batches queued in the first `secs` of cfg under `mode`. */
static void record(rv_config *cfg, enum rv_mode mode, double secs, fx_log *log)
{
    cfg->rcu.mode = mode;
    memset(log, 0, sizeof *log);
    log->keep = FX_BIT(RV_EV_READER_BEGIN) | FX_BIT(RV_EV_CB_QUEUE);
    rv_engine *e = fx_engine(cfg, log);
    fx_run_s(e, secs);
    rv_engine_free(e);
}

/* The workload's events must match one for one: time, CPU, flavor, batch size. RCU's own draws (a
 * context switch queued for an owed quiescent state, a FAST_NO_HZ blip queued for a drain or counted
 * at an FQS probe, the next interrupt that could run a raised softirq) come at different moments in
 * the two modes; with one random stream per CPU they shifted every later workload draw, and the two
 * lanes of one seed differed after a few milliseconds (small-busy: its 39th reader). */
/* Events of one instant by CPU: a jiffy's ticks run from a place in the list of ticking CPUs that
 * depends on how many tick (jiffy_sweep()), and RCU keeps a few more CPUs' ticks on in one mode than
 * in the other, so the same bursts of one instant may be logged in another CPU order. */
static int by_time_then_cpu(const void *pa, const void *pb)
{
    const rv_event *x = pa, *y = pb;
    if (x->t != y->t) return x->t < y->t ? -1 : 1;
    if (x->cpu != y->cpu) return x->cpu < y->cpu ? -1 : 1;
    if (x->type != y->type) return x->type < y->type ? -1 : 1;
    if (x->flavor != y->flavor) return x->flavor < y->flavor ? -1 : 1;
    return x->n < y->n ? -1 : x->n > y->n;
}

static void expect_same_workload(rv_config *cfg, double secs, size_t at_least)
{
    fx_log a, b;
    record(cfg, RV_MODE_SOFTIRQ, secs, &a);
    record(cfg, RV_MODE_KTHREAD, secs, &b);
    qsort(a.v, a.n, sizeof *a.v, by_time_then_cpu);
    qsort(b.v, b.n, sizeof *b.v, by_time_then_cpu);
    cr_assert_geq(a.n, at_least, "only %zu workload events: the test would prove little", a.n);
    for (size_t i = 0; i < a.n && i < b.n; i++) {
        const rv_event *x = &a.v[i], *y = &b.v[i];
        cr_assert(x->t == y->t && x->type == y->type && x->cpu == y->cpu && x->flavor == y->flavor && x->n == y->n,
                  "workload event %zu differs: 3.6 type %u at %lld ns on CPU %d (n %lld), 3.7 type %u at %lld ns on CPU %d (n %lld)",
                  i, x->type, (long long)x->t, x->cpu, (long long)x->n, y->type, (long long)y->t, y->cpu, (long long)y->n);
    }
    cr_assert_eq(a.n, b.n, "3.6 logged %zu workload events, 3.7 %zu", a.n, b.n);
    fx_log_free(&a);
    fx_log_free(&b);
}

/* Part-time busy CPUs with readers of every flavor and sparse call_rcu() bursts: context switches
 * are queued only while a QS is owed, which the two modes decide differently. */
Test(compare_workload, tick_driven_machine)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_SOFTIRQ);
    for (int f = 0; f < RV_NFLAVORS; f++) cfg.rcu.flavors[f] = true;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.6);
    fx_readers_all(ph, 2000, 2);
    ph->readers[RV_PREEMPT].preempt_prob = 0.1;
    ph->call_rcu_per_s[RV_SCHED] = 400;
    ph->call_rcu_per_s[RV_PREEMPT] = 300;
    ph->burst_mean = 3;
    expect_same_workload(&cfg, 2, 10000);
    rv_config_free(&cfg);
}

/* RCU_FAST_NO_HZ with idle blips: blips are queued only while a drain would run at them and counted
 * lazily at FQS probes otherwise, both decided by RCU's state. */
Test(compare_workload, fast_no_hz_machine)
{
    rv_config cfg;
    fx_config(&cfg, 8, RV_MODE_SOFTIRQ);
    cfg.rcu.no_hz = true;
    cfg.rcu.fast_no_hz = true;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.9);
    fx_readers_all(ph, 200, 1);
    ph->call_rcu_per_s[RV_SCHED] = 5000;
    ph->burst_mean = 4;
    ph->idle_blips_per_s = 2000;
    ph->ctxsw_per_s = 10000;
    expect_same_workload(&cfg, 2, 10000);
    rv_config_free(&cfg);
}
