/* evq.c — the engine's event queue: a binary min-heap ordered by (time, insertion sequence). */
#include "internal.h"

#include <stdlib.h>

static inline bool before(const qev *a, const qev *b) { return a->t < b->t || (a->t == b->t && a->seq < b->seq); }

void evq_push(evq *q, qev ev)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 256;
        qev *h = realloc(q->h, cap * sizeof *h);
        if (!h) abort(); /* out of memory in the middle of a simulation: nothing sensible to do */
        q->h = h; q->cap = cap;
    }
    ev.seq = q->seq++;
    size_t i = q->n++;
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!before(&ev, &q->h[p])) break;
        q->h[i] = q->h[p];
        i = p;
    }
    q->h[i] = ev;
}

bool evq_pop(evq *q, qev *out)
{
    if (!q->n) return false;
    *out = q->h[0];
    qev last = q->h[--q->n];
    size_t i = 0, n = q->n;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        const qev *best = &last;
        if (l < n && before(&q->h[l], best)) { m = l; best = &q->h[l]; }
        if (r < n && before(&q->h[r], best)) { m = r; }
        if (m == i) break;
        q->h[i] = q->h[m];
        i = m;
    }
    if (n) q->h[i] = last;
    return true;
}
