/* test_evq.c — the event queue pops in (time, seq) order, and a re-armed timer keeps one queue entry yet fires exactly where a fresh entry per arming would. */
#include "engine_fixtures.h"
#include "internal.h"

#include <stdlib.h>

static uint64_t lcg(uint64_t *x) { return (*x = *x * 6364136223846793005ull + 1442695040888963407ull) >> 33; }

/* The reference: index of the (time, seq)-first of n events, by a plain scan. */
static size_t ref_first(const qev *ref, size_t n)
{
    size_t m = 0;
    for (size_t i = 1; i < n; i++)
        if (ref[i].t < ref[m].t || (ref[i].t == ref[m].t && ref[i].seq < ref[m].seq)) m = i;
    return m;
}

/* Pop one event: it must be ref[m]; that one leaves the reference. Returns its time. */
static int64_t pop_expecting(evq *q, qev *ref, size_t *nref, size_t m, int round)
{
    qev got;
    cr_assert(evq_pop(q, &got));
    cr_assert_eq(got.id, ref[m].id, "round %d: popped event %llu, expected %llu", round,
                 (unsigned long long)got.id, (unsigned long long)ref[m].id);
    ref[m] = ref[--*nref];
    return got.t;
}

/* Random pushes (many at equal times) and pops against a sorted reference. */
Test(evq, pops_in_time_then_insertion_order)
{
    evq q = {0};
    enum { N = 5000 };
    static qev ref[N];
    size_t nref = 0;
    uint64_t x = 42;
    int64_t now = 0;
    for (int round = 0; round < N; round++) {
        if (lcg(&x) % 3 != 0 || nref == 0) {
            qev ev = {.t = now + (int64_t)(lcg(&x) % 8), .id = (uint64_t)round}; /* ties are common */
            evq_push(&q, ev);
            ev.seq = q.seq - 1;
            ref[nref++] = ev;
        } else {
            now = pop_expecting(&q, ref, &nref, ref_first(ref, nref), round);
        }
    }
    evq_free(&q);
}

/* The near queue switches from its sorted array to a heap past EVQ_SORTED_MAX entries and back
 * once empty: waves that fill it to several times that and drain it to nothing, and waves that
 * hover around the limit, must each pop in (time, seq) order, and the switch must happen. */
Test(evq, the_near_queue_keeps_its_order_across_both_forms)
{
    evq q = {0};
    enum { N = 4 * EVQ_SORTED_MAX };
    static qev ref[N];
    size_t nref = 0;
    uint64_t x = 7;
    int64_t now = 0;
    int round = 0;
    bool saw_heap = false;
    for (int wave = 0; wave < 40; wave++) {
        size_t fill = wave % 2 ? N : EVQ_SORTED_MAX + (size_t)(lcg(&x) % 3) - 1; /* over, or near, the limit */
        while (nref < fill) {
            qev ev = {.t = now + (int64_t)(lcg(&x) % 50), .id = (uint64_t)round++};
            evq_push(&q, ev);
            ev.seq = q.seq - 1;
            ref[nref++] = ev;
            saw_heap |= q.heap;
            if (lcg(&x) % 4 == 0) now = pop_expecting(&q, ref, &nref, ref_first(ref, nref), round++);
        }
        size_t keep = wave % 3 ? 0 : (size_t)(lcg(&x) % 10); /* mostly drain to empty */
        while (nref > keep) now = pop_expecting(&q, ref, &nref, ref_first(ref, nref), round++);
        cr_assert(nref > 0 || !q.heap, "wave %d: an empty queue goes back to the sorted array", wave);
    }
    cr_assert(saw_heap, "the waves must have turned the near queue into a heap");
    evq_free(&q);
}

/* With a horizon (the engine's next tick), later events wait aside until evq_advance() passes
 * them; popping whatever lies before the horizon and advancing it `step` by `step`, as step_once()
 * does tick by tick, must give exactly the global (time, seq) order. width > 0 keeps the events
 * aside in a calendar of buckets that wide (the engine's: one tick), beyond it in far[]. */
static void horizon_run(int64_t width, int64_t step, uint64_t seed)
{
    enum { N = 20000 };
    evq q = {0};
    q.horizon = step;
    q.width = width;
    static qev ref[N];
    size_t nref = 0, pops = 0, max_aside = 0, max_far = 0;
    uint64_t x = seed;
    int64_t now = 0;
    for (int round = 0; round < N; round++) {
        if (lcg(&x) % 2 == 0 || nref == 0) {
            uint64_t kind = lcg(&x) % 8; /* many near, some far, a few beyond the calendar's reach */
            int64_t ahead = kind == 0 ? (int64_t)(lcg(&x) % 60000) : kind < 3 ? (int64_t)(lcg(&x) % 5000) : (int64_t)(lcg(&x) % 150);
            qev ev = {.t = now + ahead, .id = (uint64_t)round};
            evq_push(&q, ev);
            ev.seq = q.seq - 1;
            ref[nref++] = ev;
            if (q.nfar + q.ncal > max_aside) max_aside = q.nfar + q.ncal;
            if (q.nfar > max_far) max_far = q.nfar;
            continue;
        }
        size_t m = ref_first(ref, nref);
        while (evq_peek_t(&q) >= q.horizon) { /* the tick: nothing before it is left */
            cr_assert_geq(ref[m].t, q.horizon, "round %d: event at %lld hidden beyond the horizon %lld", round,
                          (long long)ref[m].t, (long long)q.horizon);
            now = q.horizon;
            evq_advance(&q, q.horizon + step);
        }
        now = pop_expecting(&q, ref, &nref, m, round);
        pops++;
    }
    cr_expect_gt(max_aside, 50, "events waited aside (%zu at most): the test needs a far future", max_aside);
    if (width) cr_expect_gt(max_far, 5, "events beyond the calendar (%zu at most) must be tried too", max_far);
    cr_expect_gt(pops, N / 3);
    evq_free(&q);
}

Test(evq, events_beyond_the_horizon_pop_in_the_same_order) { horizon_run(0, 100, 99); }

/* The engine's way: a calendar one tick wide, the horizon moving a tick at a time. */
Test(evq, events_in_the_calendar_pop_in_the_same_order) { horizon_run(100, 100, 99); }

/* A horizon that stops inside buckets (not the engine's way, but allowed) takes only their earlier entries. */
Test(evq, a_horizon_inside_a_bucket_pops_in_the_same_order) { horizon_run(100, 70, 5); }

/* A clone of a queue with events in its calendar and far[] pops exactly like the original. */
Test(evq, a_clone_pops_like_the_original)
{
    evq q = {0}, c;
    q.horizon = q.width = 100;
    uint64_t x = 3;
    for (int i = 0; i < 3000; i++) {
        qev ev = {.t = (int64_t)(lcg(&x) % 50000), .id = (uint64_t)i};
        evq_push(&q, ev);
    }
    cr_assert(q.ncal > 0 && q.nfar > 0);
    cr_assert_eq(evq_clone(&c, &q), 0);
    cr_expect_eq(c.ncal, 0, "a clone keeps the calendar's entries in far[]");
    cr_expect_eq(evq_bytes(&c), (q.n + q.nfar + q.ncal) * sizeof(qev), "a clone holds just the live entries");
    for (int popped = 0; popped < 3000;) {
        qev a, b;
        bool ha = evq_pop(&q, &a), hb = evq_pop(&c, &b);
        cr_assert_eq(ha, hb);
        if (!ha) { evq_advance(&q, q.horizon + 100); evq_advance(&c, c.horizon + 100); continue; }
        cr_assert_eq(a.id, b.id, "pop %d", popped);
        cr_assert_eq(a.seq, b.seq);
        popped++;
    }
    evq_free(&q);
    evq_free(&c);
}

static size_t timer_entries(const evq *q)
{
    size_t n = q->has_first && q->first.kind == QE_KTHREAD;
    for (size_t i = 0; i < q->n; i++) n += q->h[i].kind == QE_KTHREAD;
    return n;
}

/*
 * A timer re-armed at every "FQS pass" (sched_rearm) among other events, against the old way: a
 * fresh entry per arming, stale ones dropped by the gen check. The live pops must be the same
 * events at the same (time, seq); the re-armed queue may hold only one entry for the timer.
 */
Test(evq, rearmed_timer_fires_like_a_fresh_entry_per_arming)
{
    rv_engine *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b); /* a: sched_rearm; b: reference */
    cr_assert(a && b);
    rearm_timer tm = {0};
    uint32_t gen_a = 0, gen_b = 0;
    uint64_t x = 7;
    size_t max_a = 0, max_b = 0, fired = 0;
    for (int step = 0; step < 20000; step++) {
        uint64_t r = lcg(&x) % 10;
        if (r < 3) { /* another event, soon */
            int64_t t = a->now + 1 + (int64_t)(lcg(&x) % 3000);
            sched_at(a, t, QE_CTXSW, 0, 0, (uint64_t)step, 0);
            sched_at(b, t, QE_CTXSW, 0, 0, (uint64_t)step, 0);
        } else if (r < 5) { /* re-arm the timer a few "jiffies" ahead, on a jiffy boundary */
            int64_t t = (a->now / 1000 + 1 + (int64_t)(lcg(&x) % 3)) * 1000;
            sched_rearm(a, &tm, t, QE_KTHREAD, 0, 0, 2, ++gen_a);
            sched_at(b, t, QE_KTHREAD, 0, 0, 2, ++gen_b);
        } else if (r == 5) { /* cancel */
            ++gen_a; ++gen_b;
        } else { /* run the next live event of each and compare */
            qev ea, eb;
            bool live_a = false, live_b = false;
            while (!live_a && evq_pop(&a->q, &ea)) {
                a->now = ea.t;
                live_a = ea.kind != QE_KTHREAD || (rearm_due(a, &tm, &ea, gen_a) && ea.gen == gen_a);
            }
            while (!live_b && evq_pop(&b->q, &eb)) {
                b->now = eb.t;
                live_b = eb.kind != QE_KTHREAD || eb.gen == gen_b;
            }
            cr_assert_eq(live_a, live_b, "step %d: one queue ran dry, the other did not", step);
            if (!live_a) { a->now = b->now = a->now > b->now ? a->now : b->now; continue; }
            a->now = b->now = ea.t; /* the engine handles only live events: their time is the clock */
            cr_assert_eq(ea.t, eb.t, "step %d: live event at %lld, reference at %lld", step, (long long)ea.t, (long long)eb.t);
            cr_assert_eq(ea.seq, eb.seq, "step %d: same time, different place in the order", step);
            cr_assert_eq(ea.kind, eb.kind);
            cr_assert_eq(ea.id, eb.id);
            fired += ea.kind == QE_KTHREAD;
            if (ea.kind == QE_KTHREAD) ++gen_a, ++gen_b; /* a fired timer is no longer armed */
        }
        size_t ta = timer_entries(&a->q), tb = timer_entries(&b->q);
        if (ta > max_a) max_a = ta;
        if (tb > max_b) max_b = tb;
    }
    cr_expect_gt(fired, 100, "the timer fired %zu times: the test needs it to fire often", fired);
    /* an arming earlier than the queued entry still needs an entry of its own: a handful, not one per arming */
    cr_expect_leq(max_a * 4, max_b, "the re-armed timer had up to %zu entries queued (fresh entries: %zu)", max_a, max_b);
    cr_expect_gt(max_b, 6, "the reference should pile up stale entries (%zu): the test needs frequent re-arming", max_b);
    evq_free(&a->q); evq_free(&b->q);
    free(a); free(b);
}
