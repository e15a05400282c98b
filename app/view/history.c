/* history.c — gathers grace periods, FQS passes, stalls and probe marks from the engine's event ring. */
#include "view/history.h"

#include <stdlib.h>
#include <string.h>

/* Downsample the older half of a series 2:1 (MERGE(a, b) gives the entry standing for both). */
#define HALVE_OLD(vec, keep_n, MERGE)                                                    \
    do {                                                                                 \
        size_t half_ = (keep_n) / 2 & ~(size_t)1, w_ = 0;                                 \
        for (size_t i_ = 0; i_ + 1 < half_; i_ += 2) (vec).v[w_++] = MERGE((vec).v[i_], (vec).v[i_ + 1]); \
        memmove((vec).v + w_, (vec).v + half_, ((vec).n - half_) * sizeof *(vec).v);    \
        (vec).n -= half_ - w_;                                                           \
    } while (0)
#define FIRST(a, b) (a)
static inline ui_gp_bar span_bar(ui_gp_bar a, ui_gp_bar b) { return (ui_gp_bar){a.gp, a.start, b.end}; }

/* PUSH_CAPPED: append; a series at its cap first loses resolution in its older half. */
#define PUSH_CAPPED(vec, val, MERGE, capn)                                               \
    do {                                                                                 \
        if ((capn) && (vec).n >= (capn)) HALVE_OLD(vec, (vec).n, MERGE);                  \
        PUSH(vec, val);                                                                  \
    } while (0)

#define PUSH(vec, val)                                                                   \
    do {                                                                                 \
        if ((vec).n == (vec).cap) {                                                      \
            size_t nc = (vec).cap ? (vec).cap * 2 : 64;                                  \
            void *nv = realloc((vec).v, nc * sizeof *(vec).v);                           \
            if (!nv) break;                                                              \
            (vec).v = nv; (vec).cap = nc;                                                \
        }                                                                                \
        (vec).v[(vec).n++] = (val);                                                      \
    } while (0)

#define DUP(dst, src)                                                                    \
    do {                                                                                 \
        (dst).n = (dst).cap = (src).n;                                                   \
        (dst).v = NULL;                                                                  \
        if ((src).n) {                                                                   \
            (dst).v = malloc((src).n * sizeof *(src).v);                                 \
            if (!(dst).v) { (dst).n = (dst).cap = 0; ok = 0; }                           \
            else memcpy((dst).v, (src).v, (src).n * sizeof *(src).v);                    \
        }                                                                                \
    } while (0)

int ui_history_init(ui_history *h, int ncpus, int nnodes)
{
    memset(h, 0, sizeof *h);
    h->cap = UI_HIST_CAP;
    h->ncpus = ncpus;
    h->nnodes = nnodes;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        h->rep_t[f] = malloc(sizeof(int64_t) * (size_t)(nnodes > 0 ? nnodes : 1));
        h->rep_mask[f] = calloc((size_t)(nnodes > 0 ? nnodes : 1), sizeof(uint64_t));
        h->cred_t[f] = malloc(sizeof(int64_t) * (size_t)ncpus);
        h->cred_arg[f] = calloc((size_t)ncpus, 1);
        h->cred_gp[f] = calloc((size_t)ncpus, sizeof(uint64_t));
        if (!h->rep_t[f] || !h->rep_mask[f] || !h->cred_t[f] || !h->cred_arg[f] || !h->cred_gp[f]) { ui_history_free(h); return -1; }
        for (int i = 0; i < nnodes; i++) h->rep_t[f][i] = -1;
        for (int i = 0; i < ncpus; i++) h->cred_t[f][i] = -1;
    }
    return 0;
}

void ui_history_free(ui_history *h)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        free(h->gps[f].v); free(h->phase_t[f].v);
        free(h->rep_t[f]); free(h->rep_mask[f]); free(h->cred_t[f]); free(h->cred_arg[f]); free(h->cred_gp[f]);
    }
    free(h->fqs.v); free(h->stalls.v); free(h->injects.v); free(h->violations.v); free(h->hotplug.v); free(h->captions.v);
    memset(h, 0, sizeof *h);
}

int ui_history_copy(ui_history *d, const ui_history *s)
{
    int ok = 1;
    *d = *s;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        DUP(d->gps[f], s->gps[f]);
        DUP(d->phase_t[f], s->phase_t[f]);
        size_t nn = (size_t)(s->nnodes > 0 ? s->nnodes : 1), nc = (size_t)s->ncpus;
        d->rep_t[f] = malloc(nn * sizeof(int64_t)); d->rep_mask[f] = malloc(nn * sizeof(uint64_t));
        d->cred_t[f] = malloc(nc * sizeof(int64_t)); d->cred_arg[f] = malloc(nc ? nc : 1);
        d->cred_gp[f] = malloc(nc * sizeof(uint64_t));
        if (!d->rep_t[f] || !d->rep_mask[f] || !d->cred_t[f] || !d->cred_arg[f] || !d->cred_gp[f]) { ok = 0; continue; }
        memcpy(d->cred_gp[f], s->cred_gp[f], nc * sizeof(uint64_t));
        memcpy(d->rep_t[f], s->rep_t[f], nn * sizeof(int64_t));
        memcpy(d->rep_mask[f], s->rep_mask[f], nn * sizeof(uint64_t));
        memcpy(d->cred_t[f], s->cred_t[f], nc * sizeof(int64_t));
        memcpy(d->cred_arg[f], s->cred_arg[f], nc);
    }
    DUP(d->fqs, s->fqs); DUP(d->stalls, s->stalls); DUP(d->injects, s->injects); DUP(d->violations, s->violations);
    DUP(d->hotplug, s->hotplug); DUP(d->captions, s->captions);
    if (!ok) { ui_history_free(d); return -1; }
    return 0;
}

static ui_mark mark_of(const rv_event *ev)
{
    return (ui_mark){.t = ev->t, .gp = ev->gp, .n = ev->n, .cpu = ev->cpu, .flavor = ev->flavor, .arg = ev->arg};
}

/* "What is true right now" (latest FQS credit per CPU, latest report per node): fed only by the
 * live engine, every time it passes an event, so a look-ahead never leaks the future into it. */
static void take_instant(ui_history *h, const rv_event *ev)
{
    int f = ev->flavor;
    bool fok = f >= 0 && f < RV_NFLAVORS;
    switch (ev->type) {
    case RV_EV_FQS_CREDIT:
        if (fok && ev->cpu >= 0 && ev->cpu < h->ncpus) {
            h->cred_t[f][ev->cpu] = ev->t;
            h->cred_gp[f][ev->cpu] = ev->gp;
            h->cred_arg[f][ev->cpu] = ev->arg;
        }
        /* a seek back replays events this ring already holds (a restored engine numbers them again
         * from the checkpoint): drop what it kept from that instant on first, or "FQS credited: CPU 1
         * dti, CPU 1 dti" grew by one at every seek */
        if (ev->seq < h->recent_seq_end)
            for (unsigned i = 0; i < 64; i++)
                if (h->recent_cred[i].t >= ev->t) h->recent_cred[i].t = -1;
        h->recent_cred[h->nrecent++ % 64] = mark_of(ev);
        h->recent_seq_end = ev->seq + 1;
        break;
    case RV_EV_QS_REPORT:
        if (fok && ev->node >= 0 && ev->node < h->nnodes) {
            /* several reports in the same instant (a climb) accumulate into one flash */
            if (h->rep_t[f][ev->node] == ev->t) h->rep_mask[f][ev->node] |= ev->mask;
            else h->rep_mask[f][ev->node] = ev->mask;
            h->rep_t[f][ev->node] = ev->t;
        }
        break;
    default: break;
    }
}

/* The time series the timeline and the scrubber draw: taken once per event (by sequence number),
 * from the live engine or from the look-ahead, whichever reaches it first. */
static void take(ui_history *h, const rv_event *ev)
{
    int f = ev->flavor;
    bool fok = f >= 0 && f < RV_NFLAVORS;
    switch (ev->type) {
    case RV_EV_GP_START:
        if (!fok) break;
        /* a GP that never saw its end (ring loss) is closed where the next one starts */
        if (h->gps[f].n && h->gps[f].v[h->gps[f].n - 1].end < 0) h->gps[f].v[h->gps[f].n - 1].end = ev->t;
        PUSH_CAPPED(h->gps[f], ((ui_gp_bar){ev->gp, ev->t, -1}), span_bar, h->cap);
        PUSH_CAPPED(h->phase_t[f], ev->t, FIRST, h->cap);
        break;
    case RV_EV_GP_END:
        if (!fok) break;
        if (h->gps[f].n && h->gps[f].v[h->gps[f].n - 1].end < 0) h->gps[f].v[h->gps[f].n - 1].end = ev->t;
        PUSH_CAPPED(h->phase_t[f], ev->t, FIRST, h->cap);
        break;
    case RV_EV_GP_CLEANUP_NODE:
        if (fok && h->phase_t[f].n && h->phase_t[f].v[h->phase_t[f].n - 1] < ev->t && ev->node == 0)
            PUSH_CAPPED(h->phase_t[f], ev->t, FIRST, h->cap);
        break;
    case RV_EV_FQS:
        PUSH_CAPPED(h->fqs, mark_of(ev), FIRST, h->cap);
        if (fok) PUSH_CAPPED(h->phase_t[f], ev->t, FIRST, h->cap);
        break;
    case RV_EV_STALL: {
        ui_mark m = mark_of(ev);
        m.cpu = ev->node;
        m.task = (int16_t)ev->id;
        PUSH(h->stalls, m);
        break;
    }
    case RV_EV_INJECT: PUSH(h->injects, mark_of(ev)); break;
    case RV_EV_CAPTION: { ui_mark m = mark_of(ev); m.n = (int64_t)ev->id; PUSH(h->captions, m); break; }
    case RV_EV_VIOLATION: PUSH_CAPPED(h->violations, mark_of(ev), FIRST, h->cap); break;
    case RV_EV_CPU_OFFLINE: case RV_EV_CPU_ONLINE: {
        ui_mark m = mark_of(ev);
        m.arg = ev->type == RV_EV_CPU_ONLINE;
        PUSH_CAPPED(h->hotplug, m, FIRST, h->cap);
        break;
    }
    default: break;
    }
}

void ui_history_take(ui_history *h, const rv_event *ev)
{
    take_instant(h, ev);
    ui_history_take_series(h, ev);
}

void ui_history_take_series(ui_history *h, const rv_event *ev)
{
    if (ev->seq < h->next_seq) return;
    take(h, ev);
    h->next_seq = ev->seq + 1;
    if (ev->t > h->known_until) h->known_until = ev->t;
}

/* The event types take_instant() or take() do anything with. Any other event only moves next_seq and
 * known_until, so a run of events can pass over it with one test (most of a run's events: softirq
 * passes, QS notes, callbacks, idle entries). A type added to either switch must be added here:
 * test_history_batch compares a run taken both ways. */
#define BIT(t) (1ull << (t))
static const uint64_t taken_types =
    BIT(RV_EV_FQS_CREDIT) | BIT(RV_EV_QS_REPORT) |                                 /* take_instant() */
    BIT(RV_EV_GP_START) | BIT(RV_EV_GP_END) | BIT(RV_EV_GP_CLEANUP_NODE) | BIT(RV_EV_FQS) |
    BIT(RV_EV_STALL) | BIT(RV_EV_INJECT) | BIT(RV_EV_CAPTION) | BIT(RV_EV_VIOLATION) |
    BIT(RV_EV_CPU_OFFLINE) | BIT(RV_EV_CPU_ONLINE);                                /* take() */
#undef BIT
_Static_assert(RV_EV_NTYPES <= 64, "taken_types has one bit per event type");

static inline bool is_taken(const rv_event *ev) { return ev->type < 64 && (taken_types >> ev->type) & 1; }

/* ui_history_take() (instant) or ui_history_take_series() on each event in turn, for a run with
 * consecutive sequence numbers: the ones the series already hold (re-simulated after a seek back)
 * come first and feed only "now" state; the rest are new, and only the types taken cost more than a
 * bit test and a max. */
static void take_run(ui_history *h, const rv_event *evs, size_t n, bool instant)
{
    if (!n) return;
    size_t i = 0;
    if (evs[0].seq < h->next_seq) {
        uint64_t seen = h->next_seq - evs[0].seq;
        size_t old = seen < n ? (size_t)seen : n;
        if (instant)
            for (; i < old; i++)
                if (is_taken(&evs[i])) take_instant(h, &evs[i]);
        i = old;
    }
    if (i == n) return;
    int64_t known = h->known_until;
    for (; i < n; i++) {
        const rv_event *ev = &evs[i];
        if (ev->t > known) known = ev->t;
        if (!is_taken(ev)) continue;
        if (instant) take_instant(h, ev);
        take(h, ev);
    }
    h->next_seq = evs[n - 1].seq + 1;
    h->known_until = known;
}

void ui_history_take_run(ui_history *h, const rv_event *evs, size_t n) { take_run(h, evs, n, true); }
void ui_history_take_series_run(ui_history *h, const rv_event *evs, size_t n) { take_run(h, evs, n, false); }

void ui_history_take_instant_run(ui_history *h, const rv_event *evs, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (is_taken(&evs[i])) take_instant(h, &evs[i]);
}

void ui_history_copy_instant(ui_history *d, const ui_history *s)
{
    if (d == s || d->ncpus != s->ncpus || d->nnodes != s->nnodes) return;
    size_t nn = (size_t)(s->nnodes > 0 ? s->nnodes : 1), nc = (size_t)s->ncpus;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        memcpy(d->rep_t[f], s->rep_t[f], nn * sizeof(int64_t));
        memcpy(d->rep_mask[f], s->rep_mask[f], nn * sizeof(uint64_t));
        memcpy(d->cred_t[f], s->cred_t[f], nc * sizeof(int64_t));
        memcpy(d->cred_gp[f], s->cred_gp[f], nc * sizeof(uint64_t));
        memcpy(d->cred_arg[f], s->cred_arg[f], nc);
    }
    memcpy(d->recent_cred, s->recent_cred, sizeof d->recent_cred);
    d->nrecent = s->nrecent;
    d->recent_seq_end = s->recent_seq_end;
}

void ui_history_ingest(ui_history *h, const rv_engine *e)
{
    uint64_t count = rv_event_count(e);
    for (uint64_t s = h->next_seq; s < count; s++) {
        const rv_event *ev = rv_event_get(e, s);
        if (!ev) {
            /* left the ring: skip to the oldest one still there, counting the gap once */
            uint64_t lo = s + 1, hi = count;
            while (lo < hi) {
                uint64_t mid = lo + (hi - lo) / 2;
                if (rv_event_get(e, mid)) hi = mid; else lo = mid + 1;
            }
            h->lost += lo - s;
            s = lo - 1;
            continue;
        }
        take_instant(h, ev);
        take(h, ev);
    }
    if (count > h->next_seq) h->next_seq = count;
    int64_t now = rv_now_ns(e);
    if (now > h->known_until) h->known_until = now;
}

#define CUT(vec, cond)                                                                   \
    do {                                                                                 \
        while ((vec).n && (cond((vec).v[(vec).n - 1]))) (vec).n--;                       \
    } while (0)
#define AFTER_T(m) ((m).t > t)
#define AFTER_START(b) ((b).start > t)
#define AFTER_X(x) ((x) > t)

void ui_history_truncate(ui_history *h, uint64_t seq, int64_t t)
{
    if (seq < h->next_seq) h->next_seq = seq;
    h->known_until = t;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        CUT(h->gps[f], AFTER_START);
        if (h->gps[f].n && h->gps[f].v[h->gps[f].n - 1].end > t) h->gps[f].v[h->gps[f].n - 1].end = -1;
        CUT(h->phase_t[f], AFTER_X);
        for (int i = 0; i < h->nnodes; i++)
            if (h->rep_t[f][i] > t) { h->rep_t[f][i] = -1; h->rep_mask[f][i] = 0; }
        for (int i = 0; i < h->ncpus; i++)
            if (h->cred_t[f][i] > t) h->cred_t[f][i] = -1;
    }
    CUT(h->fqs, AFTER_T); CUT(h->stalls, AFTER_T); CUT(h->injects, AFTER_T); CUT(h->violations, AFTER_T);
    CUT(h->hotplug, AFTER_T); CUT(h->captions, AFTER_T);
    for (unsigned i = 0; i < 64; i++)
        if (h->recent_cred[i].t > t) h->recent_cred[i].t = -1;
}

size_t ui_history_gp_from(const ui_history *h, int f, int64_t t)
{
    size_t lo = 0, hi = h->gps[f].n;
    /* bars are ordered by start and do not overlap, so ends are ordered too (open one last) */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const ui_gp_bar *b = &h->gps[f].v[mid];
        if (b->end >= 0 && b->end < t) lo = mid + 1; else hi = mid;
    }
    return lo;
}

int ui_history_credit(const ui_history *h, int f, int cpu, uint64_t gp, int64_t now)
{
    if (!h || f < 0 || f >= RV_NFLAVORS || cpu < 0 || cpu >= h->ncpus) return -1;
    if (h->cred_t[f][cpu] < 0 || h->cred_t[f][cpu] > now || h->cred_gp[f][cpu] != gp) return -1;
    return h->cred_arg[f][cpu];
}

int64_t ui_history_prev_phase(const ui_history *h, int f, int64_t t)
{
    size_t lo = 0, hi = h->phase_t[f].n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (h->phase_t[f].v[mid] < t) lo = mid + 1; else hi = mid;
    }
    return lo ? h->phase_t[f].v[lo - 1] : -1;
}

/* Halve a whole series until it fits (the open GP bar, last, is never merged: n/2 < n - 1). */
#define SQUEEZE(vec, capn, MERGE)                                                        \
    do {                                                                                 \
        while ((vec).n > (capn) && (vec).n >= 4) HALVE_OLD(vec, (vec).n, MERGE);          \
        if ((vec).n < (vec).cap / 2) {                                                   \
            void *nv_ = realloc((vec).v, ((vec).n ? (vec).n : 1) * sizeof *(vec).v);     \
            if (nv_) { (vec).v = nv_; (vec).cap = (vec).n ? (vec).n : 1; }               \
        }                                                                                \
    } while (0)

void ui_history_compact(ui_history *h, size_t cap)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        SQUEEZE(h->gps[f], cap, span_bar);
        SQUEEZE(h->phase_t[f], cap, FIRST);
    }
    SQUEEZE(h->fqs, cap, FIRST);
    SQUEEZE(h->violations, cap, FIRST);
    SQUEEZE(h->hotplug, cap, FIRST);
}

size_t ui_history_bytes(const ui_history *h)
{
    size_t b = sizeof *h, nn = (size_t)(h->nnodes > 0 ? h->nnodes : 1), nc = (size_t)h->ncpus;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        b += h->gps[f].cap * sizeof *h->gps[f].v + h->phase_t[f].cap * sizeof *h->phase_t[f].v;
        b += nn * 2 * sizeof(int64_t) + nc * (2 * sizeof(int64_t) + 1);
    }
    b += (h->fqs.cap + h->stalls.cap + h->injects.cap + h->violations.cap + h->hotplug.cap + h->captions.cap) * sizeof(ui_mark);
    return b;
}
