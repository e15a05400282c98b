/* evq.c — the engine's event queue, ordered by (time, insertion sequence): the events before the next tick in a small sorted array (a binary min-heap when many), the soonest kept aside, the later ones in a calendar of tick-long buckets. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Double an array of queue entries (first_cap for an empty one). Out of memory in the middle of a
 * simulation leaves nothing sensible to do but abort. */
static void qev_grow(qev **v, size_t *cap, size_t first_cap)
{
    size_t c = *cap ? *cap * 2 : first_cap;
    qev *p = realloc(*v, c * sizeof *p);
    if (!p) abort();
    *v = p;
    *cap = c;
}

/* An event at or after the horizon: into its tick's bucket if the calendar reaches that far, else
 * into far[]. A bucket's key t / width is >= cal_key, as t >= horizon >= cal_key * width. */
void evq_push_far(evq *q, const qev *ev)
{
    if (q->width > 0) {
        int64_t key = ev->t / q->width;
        if (key - q->cal_key < EVQ_BUCKETS) {
            if (!q->cal && !(q->cal = calloc(EVQ_BUCKETS, sizeof *q->cal))) abort();
            evq_bucket *bk = &q->cal[key & (EVQ_BUCKETS - 1)];
            if (bk->n == bk->cap) qev_grow(&bk->ev, &bk->cap, 16);
            bk->ev[bk->n++] = *ev;
            q->ncal++;
            return;
        }
    }
    if (!q->nfar || ev->t < q->far_min) q->far_min = ev->t;
    if (q->nfar == q->far_cap) qev_grow(&q->far, &q->far_cap, 256);
    q->far[q->nfar++] = *ev;
}

/* The near queue (the events before the horizon) takes one of two forms.
 * - Small (up to EVQ_SORTED_MAX entries): an array sorted latest first, so the next event is its
 *   last entry. A pop takes it off the end; an insert walks in from the end (the soon side, where
 *   most new events belong: a kthread wakeup or the next blip a few microseconds ahead) and shifts
 *   the entries it passes. A busy 16-CPU machine holds about fifteen events before the next tick,
 *   and there this beats a binary heap, whose pop copies a 40-byte entry per level of a sift-down.
 * - Large: a binary min-heap (h[0] the next), so a machine with thousands of CPUs does not pay a
 *   shift of thousands of entries per insert. An array sorted latest first, read backwards, is
 *   already a valid heap: one reversal switches forms. Below a quarter of the limit it turns back.
 * Keys (time, sequence) are unique, so either form pops in the same order as any correct
 * priority queue. */
static void sorted_insert(evq *q, const qev *ev)
{
    qev *h = q->h;
    size_t i = q->n++;
    for (; i > 0 && qev_before(&h[i - 1], ev); i--) h[i] = h[i - 1]; /* entries due before ev move one nearer the end */
    h[i] = *ev;
}

static void heap_insert(evq *q, const qev *ev)
{
    size_t i = q->n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!qev_before(ev, &q->h[p])) break;
        q->h[i] = q->h[p];
        i = p;
    }
    q->h[i] = *ev;
}

void evq_near_insert(evq *q, const qev *ev)
{
    if (q->n == q->cap) qev_grow(&q->h, &q->cap, 256);
    if (q->heap) { heap_insert(q, ev); return; }
    if (q->n < EVQ_SORTED_MAX) { sorted_insert(q, ev); return; }
    for (size_t i = 0, j = q->n - 1; i < j; i++, j--) { qev t = q->h[i]; q->h[i] = q->h[j]; q->h[j] = t; }
    q->heap = true; /* soonest first: a sorted array is a heap */
    heap_insert(q, ev);
}

/* Bottom-up removal (Floyd): walk the hole at the root down to a leaf along the earlier child,
 * one comparison per level, then put the last entry back in and let it rise. The last entry
 * usually belongs near the bottom, so this does about half the comparisons of a plain sift-down.
 * The last entry's old slot gets a sentinel no real entry comes after (no event has seq
 * UINT64_MAX), so a node with one child needs no bounds check: its missing right child is never
 * the earlier one. */
static void heap_pop(evq *q, qev *out)
{
    qev *h = q->h;
    *out = h[0];
    size_t n = --q->n;
    if (!n) { q->heap = false; return; } /* empty: back to the sorted array */
    qev last = h[n];
    h[n].t = INT64_MAX; h[n].seq = UINT64_MAX; /* only the key: qev_before() reads nothing else, and slots from n on are never read as entries */
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n) break;
        size_t m = l + qev_before(&h[l + 1], &h[l]); /* l + 1 <= n: at worst the sentinel */
        h[i] = h[m];
        i = m;
    }
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!qev_before(&last, &h[p])) break;
        h[i] = h[p];
        i = p;
    }
    h[i] = last;
}

/* A heap shrunk to a quarter of the limit goes back to the sorted array (the hysteresis keeps a
 * queue hovering at the limit from switching back and forth): its entries popped in order fill
 * the array from the end. */
static void heap_to_sorted(evq *q)
{
    qev tmp[EVQ_SORTED_MAX / 4];
    size_t n = q->n;
    for (size_t k = 0; k < n; k++) heap_pop(q, &tmp[k]);
    for (size_t k = 0; k < n; k++) q->h[k] = tmp[n - 1 - k];
    q->n = n;
    q->heap = false;
}

bool evq_pop(evq *q, qev *out)
{
    if (q->has_first) { *out = q->first; q->has_first = false; return true; }
    if (!q->n) return false;
    if (!q->heap) { *out = q->h[--q->n]; return true; }
    heap_pop(q, out);
    if (q->heap && q->n < EVQ_SORTED_MAX / 4) heap_to_sorted(q);
    return true;
}

/* Move the horizon on: the events aside that now lie before it join the near queue. Keys are unique
 * (time, sequence), so when an event joins it does not change when it pops; the near queue only
 * stays small (most of a busy machine's queue is readers and runstate ends many jiffies ahead).
 * With a calendar, a move looks only at the buckets it passes (for the engine one: its horizon
 * moves a tick at a time, on a multiple of the width) and at far[] only once the calendar has come
 * within reach of far[]'s earliest event, not at every event aside on every tick. */
void evq_advance(evq *q, int64_t horizon)
{
    q->horizon = horizon;
    if (q->width <= 0) { /* no calendar: look at everything aside */
        for (size_t i = 0; i < q->nfar;) {
            if (q->far[i].t < horizon) {
                qev ev = q->far[i];
                q->far[i] = q->far[--q->nfar];
                evq_push_seq(q, &ev);
            } else i++;
        }
        return;
    }
    int64_t key = horizon / q->width; /* the first bucket not wholly before the horizon */
    if (!q->ncal && q->cal_key < key) q->cal_key = key; /* the buckets passed are all empty */
    for (; q->cal_key < key; q->cal_key++) { /* every entry of these lies before the horizon */
        evq_bucket *b = &q->cal[q->cal_key & (EVQ_BUCKETS - 1)];
        for (size_t i = 0; i < b->n; i++) evq_push_seq(q, &b->ev[i]);
        q->ncal -= b->n;
        b->n = 0;
    }
    if (horizon % q->width && q->ncal) { /* a horizon inside a bucket: only its earlier entries go */
        evq_bucket *b = &q->cal[key & (EVQ_BUCKETS - 1)];
        for (size_t i = 0; i < b->n;) {
            if (b->ev[i].t < horizon) {
                qev ev = b->ev[i];
                b->ev[i] = b->ev[--b->n];
                q->ncal--;
                evq_push_seq(q, &ev);
            } else i++;
        }
    }
    if (q->nfar && q->far_min / q->width - q->cal_key < EVQ_BUCKETS) { /* far[] within reach */
        size_t n = q->nfar;
        q->nfar = 0;
        for (size_t i = 0; i < n; i++) { /* in place: evq_push_far() appends to far[] only below i */
            qev ev = q->far[i];
            if (ev.t < horizon) evq_push_seq(q, &ev);
            else evq_push_far(q, &ev);
        }
    }
}

static void *dup_or_null(const void *src, size_t bytes, bool *ok)
{
    if (!bytes) return NULL;
    void *p = malloc(bytes);
    if (!p) { *ok = false; return NULL; }
    memcpy(p, src, bytes);
    return p;
}

/* A copy holding just the live entries. The calendar's entries go to the copy's far[] (an event
 * aside may wait in either: the copy's first evq_advance() puts them back in buckets), so a
 * checkpoint holds no bucket array. */
int evq_clone(evq *dst, const evq *src)
{
    bool ok = true;
    *dst = *src;
    dst->h = dup_or_null(src->h, src->n * sizeof *src->h, &ok);
    dst->cap = src->n;
    size_t nfar = src->nfar + src->ncal;
    dst->far = nfar ? malloc(nfar * sizeof *dst->far) : NULL;
    ok &= !nfar || dst->far;
    dst->far_cap = dst->nfar = dst->far ? nfar : 0;
    dst->cal = NULL;
    dst->ncal = 0;
    if (dst->far) {
        if (src->nfar) memcpy(dst->far, src->far, src->nfar * sizeof *dst->far); /* src->far may be NULL when empty */
        size_t k = src->nfar;
        for (size_t i = 0; src->cal && i < EVQ_BUCKETS; i++)
            for (size_t j = 0; j < src->cal[i].n; j++) dst->far[k++] = src->cal[i].ev[j];
        dst->far_min = dst->far[0].t;
        for (size_t i = 1; i < nfar; i++) if (dst->far[i].t < dst->far_min) dst->far_min = dst->far[i].t;
    }
    if (!ok) { evq_free(dst); return -1; }
    return 0;
}

size_t evq_bytes(const evq *q)
{
    size_t n = q->cap + q->far_cap;
    for (size_t i = 0; q->cal && i < EVQ_BUCKETS; i++) n += q->cal[i].cap;
    return n * sizeof *q->h + (q->cal ? EVQ_BUCKETS * sizeof *q->cal : 0);
}

void evq_free(evq *q)
{
    free(q->h); free(q->far);
    for (size_t i = 0; q->cal && i < EVQ_BUCKETS; i++) free(q->cal[i].ev);
    free(q->cal);
    q->h = q->far = NULL;
    q->cal = NULL;
    q->n = q->cap = q->nfar = q->far_cap = q->ncal = 0;
    q->has_first = false;
    q->heap = false;
}
