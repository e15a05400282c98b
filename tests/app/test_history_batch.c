/* test_history_batch.c — a history fed runs of events (the batch sink) equals one fed event by event. */
#include <criterion/criterion.h>

#include "view/history.h"
#include "window/app.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SERIES_EQ(a, b, what)                                                                          \
    do {                                                                                               \
        cr_assert_eq((a).n, (b).n, "%s: %zu entries taken one by one, %zu in runs", what, (a).n, (b).n); \
        if ((a).n) cr_assert_eq(memcmp((a).v, (b).v, (a).n * sizeof *(a).v), 0, "%s differ", what);     \
    } while (0)

/* Everything a history holds, field by field. */
static void assert_same_history(const ui_history *a, const ui_history *b)
{
    cr_assert_eq(a->next_seq, b->next_seq, "next_seq %llu vs %llu", (unsigned long long)a->next_seq, (unsigned long long)b->next_seq);
    cr_assert_eq(a->lost, b->lost);
    cr_assert_eq(a->known_until, b->known_until, "known_until %lld vs %lld", (long long)a->known_until, (long long)b->known_until);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        SERIES_EQ(a->gps[f], b->gps[f], "GP bars");
        SERIES_EQ(a->phase_t[f], b->phase_t[f], "phase times");
        size_t nn = (size_t)(a->nnodes > 0 ? a->nnodes : 1), nc = (size_t)a->ncpus;
        cr_assert_eq(memcmp(a->rep_t[f], b->rep_t[f], 64 * nn * sizeof *a->rep_t[f]), 0, "QS report times, per bit");
        cr_assert_eq(memcmp(a->cred_t[f], b->cred_t[f], nc * sizeof *a->cred_t[f]), 0, "FQS credit times");
        cr_assert_eq(memcmp(a->cred_gp[f], b->cred_gp[f], nc * sizeof *a->cred_gp[f]), 0, "FQS credit GPs");
        cr_assert_eq(memcmp(a->cred_arg[f], b->cred_arg[f], nc), 0, "FQS credit kinds");
    }
    SERIES_EQ(a->fqs, b->fqs, "FQS marks");
    SERIES_EQ(a->stalls, b->stalls, "stalls");
    SERIES_EQ(a->injects, b->injects, "injections");
    SERIES_EQ(a->violations, b->violations, "violations");
    SERIES_EQ(a->captions, b->captions, "captions");
    SERIES_EQ(a->hotplug, b->hotplug, "hotplug marks");
    cr_assert_eq(a->nrecent, b->nrecent);
    cr_assert_eq(memcmp(a->recent_cred, b->recent_cred, sizeof a->recent_cred), 0, "latest FQS credits");
}

static uint64_t xs = 88172645463325252ULL;
static uint64_t rnd(uint64_t n)
{
    xs ^= xs << 13; xs ^= xs >> 7; xs ^= xs << 17;
    return xs % n;
}

/* A stream of every event type with fields in and out of range, times that often repeat (a climb of
 * QS reports in one instant accumulates), fed in runs of random length. */
static void fill_stream(rv_event *v, size_t n, int ncpus, int nnodes)
{
    int64_t t = 1000;
    for (size_t i = 0; i < n; i++) {
        rv_event *ev = &v[i];
        memset(ev, 0, sizeof *ev);
        ev->seq = i;
        t += rnd(3) == 0 ? 0 : (int64_t)rnd(5000);
        ev->t = t;
        ev->type = (uint16_t)rnd(RV_EV_NTYPES);
        ev->flavor = (int8_t)((int)rnd(RV_NFLAVORS + 2) - 1);
        ev->arg = (int8_t)rnd(3);
        ev->cpu = (int32_t)rnd((uint64_t)ncpus + 2) - 1;
        ev->node = (int32_t)rnd((uint64_t)nnodes + 2) - 1;
        ev->id = rnd(100);
        ev->gp = rnd(50);
        ev->n = (int64_t)rnd(1000);
        ev->mask = rnd(1u << 16);
    }
}

static void take_one_by_one(ui_history *h, const rv_event *v, size_t n)
{
    for (size_t i = 0; i < n; i++) ui_history_take(h, &v[i]);
}

static void take_series_one_by_one(ui_history *h, const rv_event *v, size_t n)
{
    for (size_t i = 0; i < n; i++) ui_history_take_series(h, &v[i]);
}

/* Random runs of every type, with a small cap so that series are downsampled on the way, then a
 * seek back (truncate) and the same events again: the re-taken ones only update "now" state. */
Test(history_batch, runs_of_synthetic_events_equal_one_by_one)
{
    enum { N = 60000, CPUS = 8, NODES = 3 };
    rv_event *v = malloc(N * sizeof *v);
    cr_assert_not_null(v);
    fill_stream(v, N, CPUS, NODES);
    for (int series_only = 0; series_only < 2; series_only++) {
        ui_history a, b;
        cr_assert_eq(ui_history_init(&a, CPUS, NODES), 0);
        cr_assert_eq(ui_history_init(&b, CPUS, NODES), 0);
        a.cap = b.cap = 256;
        size_t at = 0;
        for (int pass = 0; pass < 12; pass++) {
            while (at < N) {
                size_t run = 1 + (size_t)rnd(rnd(4) ? 300 : 5);
                if (run > N - at) run = N - at;
                if (series_only) {
                    take_series_one_by_one(&a, v + at, run);
                    ui_history_take_series_run(&b, v + at, run);
                } else {
                    take_one_by_one(&a, v + at, run);
                    ui_history_take_run(&b, v + at, run);
                }
                at += run;
            }
            assert_same_history(&a, &b);
            /* back to an earlier event, as a seek does, and on again from before it: events
             * already in the series come once more */
            size_t back = (size_t)rnd(N / 2);
            ui_history_truncate(&a, v[back].seq, v[back].t);
            ui_history_truncate(&b, v[back].seq, v[back].t);
            at = back > 1000 ? back - 1000 : 0;
        }
        ui_history_free(&a);
        ui_history_free(&b);
    }
    free(v);
}

/* A real run through the engine's batch sink, with a stall, hotplug, injections and a caption:
 * the sink's runs feed one history, the same events one by one another. */
typedef struct both { ui_history one, runs; size_t calls, events; bool seen[RV_EV_NTYPES]; } both;

static void both_sink(const rv_event *evs, size_t n, void *ctx)
{
    both *b = ctx;
    cr_assert_gt(n, 0u);
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(evs[i].seq, b->events + i, "runs hold consecutive events, in order");
        ui_history_take(&b->one, &evs[i]);
        if (evs[i].type < RV_EV_NTYPES) b->seen[evs[i].type] = true;
    }
    ui_history_take_run(&b->runs, evs, n);
    b->calls++;
    b->events += n;
}

Test(history_batch, engine_batch_sink_builds_the_same_history)
{
    rv_config cfg;
    ui_builtin_scenario(&cfg);
    cfg.rcu.stall_timeout_s = 3;
    cfg.duration_s = 8;
    rv_inject *ev = realloc(cfg.events, (cfg.nevents + 4) * sizeof *ev);
    cr_assert_not_null(ev);
    cfg.events = ev;
    ev[cfg.nevents++] = (rv_inject){.kind = RV_INJ_KERNEL_LOOP, .cpu = 1, .duration_s = 4.5, .at_s = 0.5};
    ev[cfg.nevents++] = (rv_inject){.kind = RV_INJ_OFFLINE, .cpu = 2, .at_s = 1.0};
    ev[cfg.nevents++] = (rv_inject){.kind = RV_INJ_ONLINE, .cpu = 2, .at_s = 2.0};
    ev[cfg.nevents++] = (rv_inject){.kind = RV_INJ_FORCE_QS, .cpu = -1, .flavor = RV_SCHED, .at_s = 2.5};
    rv_caption cap = {.at_s = 0.2, .until_s = 1.0, .text = "a caption"};
    free(cfg.captions); /* the built-in demo's own, replaced by this one */
    cfg.captions = &cap; /* not owned: detached before rv_config_free */
    cfg.ncaptions = 1;
    char err[256];
    rv_engine *e = rv_engine_new(&cfg, &(rv_engine_opts){.event_ring = 1024}, err, sizeof err);
    cfg.captions = NULL;
    cfg.ncaptions = 0;
    rv_config_free(&cfg);
    cr_assert_not_null(e, "%s", err);
    both b;
    memset(&b, 0, sizeof b);
    cr_assert_eq(ui_history_init(&b.one, rv_cpus(e), rv_tree_nodes(e)), 0);
    cr_assert_eq(ui_history_init(&b.runs, rv_cpus(e), rv_tree_nodes(e)), 0);
    b.events = rv_event_count(e);
    ui_history_ingest(&b.one, e);
    ui_history_ingest(&b.runs, e);
    rv_engine_set_batch_sink(e, both_sink, &b);
    for (int64_t t = 0; t < 8000000000LL; t += 250000000LL) rv_run_until(e, t + 250000000LL);
    rv_engine_set_batch_sink(e, NULL, NULL);
    cr_assert_eq(b.events, rv_event_count(e), "every event reached the sink");
    cr_assert_lt(b.calls * 20, b.events, "events came in runs (%zu calls for %zu events)", b.calls, b.events);
    static const int wanted[] = {RV_EV_GP_START, RV_EV_GP_END, RV_EV_FQS, RV_EV_FQS_CREDIT, RV_EV_QS_REPORT,
                                 RV_EV_STALL, RV_EV_INJECT, RV_EV_CAPTION, RV_EV_CPU_OFFLINE, RV_EV_CPU_ONLINE};
    for (size_t i = 0; i < sizeof wanted / sizeof *wanted; i++)
        cr_assert(b.seen[wanted[i]], "the run emitted no %s", rv_ev_name((enum rv_ev_type)wanted[i]));
    cr_assert_gt(b.runs.stalls.n, 0u);
    assert_same_history(&b.one, &b.runs);
    ui_history_free(&b.one);
    ui_history_free(&b.runs);
    rv_engine_free(e);
}
