/* evq.c — the engine's event queue: a binary min-heap ordered by (time, insertion sequence), with the soonest entry kept aside and the far future kept out. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Aside, unordered, until evq_advance() moves the horizon past it. */
void evq_push_far(evq *q, const qev *ev)
{
    if (q->nfar == q->far_cap) {
        size_t cap = q->far_cap ? q->far_cap * 2 : 256;
        qev *f = realloc(q->far, cap * sizeof *f);
        if (!f) abort();
        q->far = f; q->far_cap = cap;
    }
    q->far[q->nfar++] = *ev;
}

void evq_heap_insert(evq *q, const qev *ev)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 256;
        qev *h = realloc(q->h, cap * sizeof *h);
        if (!h) abort(); /* out of memory in the middle of a simulation: nothing sensible to do */
        q->h = h; q->cap = cap;
    }
    size_t i = q->n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!qev_before(ev, &q->h[p])) break;
        q->h[i] = q->h[p];
        i = p;
    }
    q->h[i] = *ev;
}

/* Bottom-up removal (Floyd): walk the hole at the root down to a leaf along the earlier child,
 * one comparison per level, then put the last entry back in and let it rise. The last entry
 * usually belongs near the bottom, so this does about half the comparisons of a plain sift-down.
 * The last entry's old slot gets a sentinel no real entry comes after (no event has seq
 * UINT64_MAX), so a node with one child needs no bounds check: its missing right child is never
 * the earlier one. Same (time, seq) order, hence the same pop sequence, as any correct heap. */
bool evq_pop(evq *q, qev *out)
{
    if (q->has_first) { *out = q->first; q->has_first = false; return true; }
    if (!q->n) return false;
    qev *h = q->h;
    *out = h[0];
    size_t n = --q->n;
    if (!n) return true;
    qev last = h[n];
    h[n] = (qev){.t = INT64_MAX, .seq = UINT64_MAX};
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
    return true;
}

/* Move the horizon on: the events aside that now lie before it join the heap. Keys are unique
 * (time, sequence), so when an event joins the heap does not change when it pops; the heap only
 * stays small (most of a busy machine's queue is readers and runstate ends many jiffies ahead). */
void evq_advance(evq *q, int64_t horizon)
{
    q->horizon = horizon;
    for (size_t i = 0; i < q->nfar;) {
        if (q->far[i].t < horizon) {
            qev ev = q->far[i];
            q->far[i] = q->far[--q->nfar];
            evq_push_seq(q, ev);
        } else i++;
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

/* A copy holding just the live entries. */
int evq_clone(evq *dst, const evq *src)
{
    bool ok = true;
    *dst = *src;
    dst->h = dup_or_null(src->h, src->n * sizeof *src->h, &ok);
    dst->cap = src->n;
    dst->far = dup_or_null(src->far, src->nfar * sizeof *src->far, &ok);
    dst->far_cap = src->nfar;
    if (!ok) { evq_free(dst); return -1; }
    return 0;
}

size_t evq_bytes(const evq *q) { return (q->cap + q->far_cap) * sizeof *q->h; }

void evq_free(evq *q)
{
    free(q->h); free(q->far);
    q->h = q->far = NULL;
    q->n = q->cap = q->nfar = q->far_cap = 0;
    q->has_first = false;
}
