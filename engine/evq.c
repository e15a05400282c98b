/* evq.c — the engine's event queue: a binary min-heap ordered by (time, insertion sequence), with the soonest entry kept aside. */
#include "internal.h"

#include <stdlib.h>

static inline bool before(const qev *a, const qev *b) { return a->t < b->t || (a->t == b->t && a->seq < b->seq); }

static void heap_insert(evq *q, qev ev);

void evq_push(evq *q, qev ev)
{
    ev.seq = q->seq++;
    evq_push_seq(q, ev);
}

/* The soonest event waits in q->first, outside the heap, when it arrived after everything queued
 * was already later: the common "push, then pop it next" pattern (a kthread wakeup a few
 * microseconds ahead, the next idle blip) then never walks the heap. */
void evq_push_seq(evq *q, qev ev)
{
    if (q->has_first) {
        if (before(&ev, &q->first)) { qev was = q->first; q->first = ev; ev = was; }
    } else if (!q->n || before(&ev, &q->h[0])) {
        q->first = ev;
        q->has_first = true;
        return;
    }
    heap_insert(q, ev);
}

static void heap_insert(evq *q, qev ev)
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
        if (!before(&ev, &q->h[p])) break;
        q->h[i] = q->h[p];
        i = p;
    }
    q->h[i] = ev;
}

/* Bottom-up removal (Floyd): walk the hole at the root down to a leaf along the earlier child,
 * one comparison per level, then put the last entry back in and let it rise. The last entry
 * usually belongs near the bottom, so this does about half the comparisons of a plain sift-down.
 * Same (time, seq) order, hence the same pop sequence, as any correct heap. */
bool evq_pop(evq *q, qev *out)
{
    if (q->has_first) { *out = q->first; q->has_first = false; return true; }
    if (!q->n) return false;
    *out = q->h[0];
    size_t n = --q->n;
    if (!n) return true;
    qev *h = q->h;
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1;
        if (l >= n) break;
        size_t m = l + 1 < n && before(&h[l + 1], &h[l]) ? l + 1 : l;
        h[i] = h[m];
        i = m;
    }
    qev last = h[n];
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!before(&last, &h[p])) break;
        h[i] = h[p];
        i = p;
    }
    h[i] = last;
    return true;
}
