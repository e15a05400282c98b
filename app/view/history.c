/* history.c — gathers grace periods, FQS passes, stalls and probe marks from the engine's event ring. */
#include "view/history.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static void coarse_add(ui_history *h, int64_t lo, int64_t hi);

/* The k-th smallest of a[0..n) (a is reordered): Wirth's selection (signed indices: j may pass 0). */
static int64_t kth_smallest(int64_t *a, size_t n, size_t k)
{
    long long l = 0, m = (long long)n - 1, kk = (long long)k;
    while (l < m) {
        int64_t x = a[kk];
        long long i = l, j = m;
        do {
            while (a[i] < x) i++;
            while (x < a[j]) j--;
            if (i <= j) {
                int64_t w = a[i]; a[i] = a[j]; a[j] = w;
                i++;
                j--;
            }
        } while (i <= j);
        if (j < kk) l = i;
        if (kk < i) m = j;
    }
    return a[kk];
}

/* The thinning rule that bars, times and marks share. Neighbours closer than the third quartile of
 * their spacings merge; the quartile is taken over an even sample of at most ~2,048 of them (near
 * enough, and cheap: selecting over every pair cost ~10 % of a long run's history), and a tie at the
 * quartile merges only when merging under it frees too little (an eighth of the stretch). */
enum { THIN_SAMPLE = 2048 };
static size_t thin_stride(size_t pairs) { return pairs / THIN_SAMPLE + 1; }
static int64_t thin_bar(int64_t *sample, size_t n) { return kth_smallest(sample, n, n * 3 / 4); }
static bool thin_frees_enough(size_t freed, size_t len) { return freed >= len / 8; }

/* Downsample entries [lo, hi) of a series (MERGE(a, b) gives the entry standing for both) and note
 * their stretch as coarse (TOF: an entry's time). Neighbours whose pair spans the least time
 * (PAIR_SPAN(a, b)) merge first: those at or under the third quartile, left to right, each entry in
 * one merge at most, which frees about three eighths to a half of the stretch. Merging pairs blindly by position kept the
 * merge count even but not the time: an idle stretch's sparse GPs merged into bars that covered the
 * idle time too, while a busy stretch stayed finer than a pixel; by time, bars tend to one width and
 * gaps between them survive. Two equal spans merge alike, so evenly spread entries still go 2:1. */
#define HALVE_RANGE(h, vec, lo, hi, MERGE, TOF, PAIR_SPAN)                               \
    do {                                                                                 \
        size_t hlo_ = (lo), hhi_ = (hi), hw_ = hlo_, np_ = hhi_ - hlo_ - 1;              \
        if (hhi_ < hlo_ + 2) break;                                                      \
        coarse_add((h), TOF((vec).v[hlo_]), TOF((vec).v[hhi_ - 1]));                     \
        size_t st_ = thin_stride(np_), ns_ = 0;                                          \
        int64_t *sp_ = malloc((np_ / st_ + 1) * sizeof *sp_), thr_ = INT64_MAX;          \
        if (sp_) {                                                                       \
            for (size_t hk_ = 0; hk_ < np_; hk_ += st_) sp_[ns_++] = PAIR_SPAN((vec).v[hlo_ + hk_], (vec).v[hlo_ + hk_ + 1]); \
            thr_ = thin_bar(sp_, ns_);                                                   \
            free(sp_);                                                                   \
        } /* out of memory: every pair merges, as by position */                         \
        /* under the quartile first: a tie there (evenly spread entries) merged every pair of the tie, \
         * the stretch thinned before as much as the new; the tie too when that frees too little */ \
        for (int le_ = 0; le_ < 2 && hw_ == hlo_; le_++) {                               \
            size_t freed_ = 0;                                                           \
            for (size_t hk_ = hlo_; hk_ + 1 < hhi_; hk_++) {                             \
                int64_t ps_ = PAIR_SPAN((vec).v[hk_], (vec).v[hk_ + 1]);                 \
                if (ps_ < thr_ || (le_ && ps_ == thr_)) { freed_++; hk_++; }             \
            }                                                                            \
            if (!le_ && !thin_frees_enough(freed_, hhi_ - hlo_)) continue;               \
            for (size_t hk_ = hlo_; hk_ < hhi_;) {                                       \
                int64_t ps_ = hk_ + 1 < hhi_ ? PAIR_SPAN((vec).v[hk_], (vec).v[hk_ + 1]) : INT64_MAX; \
                if (hk_ + 1 < hhi_ && (ps_ < thr_ || (le_ && ps_ == thr_))) {            \
                    (vec).v[hw_++] = MERGE((vec).v[hk_], (vec).v[hk_ + 1]);              \
                    hk_ += 2;                                                            \
                } else (vec).v[hw_++] = (vec).v[hk_++];                                  \
            }                                                                            \
        }                                                                                \
        memmove((vec).v + hw_, (vec).v + hhi_, ((vec).n - hhi_) * sizeof *(vec).v);      \
        (vec).n -= hhi_ - hw_;                                                           \
    } while (0)
#define FIRST(a, b) (a)
static inline ui_gp_bar span_bar(ui_gp_bar a, ui_gp_bar b) { return (ui_gp_bar){a.gp, a.start, b.end}; }
#define T_MARK(m) ((m).t)
#define T_BAR(b) ((b).start)
#define T_SELF(x) (x)
/* the time a pair of neighbours covers: a merged bar spans both */
#define PS_BAR(a, b) (((b).end >= 0 ? (b).end : (b).start) - (a).start)
#define PS_SELF(a, b) ((b) - (a))

/* HALVE_RANGE for marks (FQS passes, violations, hotplug), which one series holds for every flavor:
 * a mark goes when it follows the last one kept of its own flavor by at most the third quartile of
 * those gaps, all flavors' together, so a dense flavor thins before a sparse one and both tend to one
 * spacing. Merged by position across flavors, the first of a pair stood for both, and once the thinned
 * stretch alternated rcu_sched and rcu_bh marks, rcu_sched's went. */
static void thin_marks(ui_history *h, ui_mark *v, size_t *n, size_t lo, size_t hi)
{
    if (hi < lo + 2) return;
    coarse_add(h, v[lo].t, v[hi - 1].t);
    size_t len = hi - lo, stride = thin_stride(len), ng = 0, k = 0;
    unsigned char *drop = calloc(len, 1);
    int64_t *gap = malloc((len / stride + 1) * sizeof *gap), last[256];
    for (int key = 0; key < 256; key++) last[key] = -1;
    for (size_t i = lo; i < hi && gap; i++) {
        unsigned char key = (unsigned char)v[i].flavor;
        if (last[key] >= 0 && k++ % stride == 0) gap[ng++] = v[i].t - v[last[key]].t;
        last[key] = (int64_t)i;
    }
    size_t w = lo;
    if (drop && gap && ng) {
        int64_t thr = thin_bar(gap, ng);
        /* under the quartile, and the tie at it only when that frees too little (HALVE_RANGE) */
        for (int le = 0; le < 2; le++) {
            size_t dropped = 0;
            for (int key = 0; key < 256; key++) last[key] = -1; /* now: the first of a pair that may still merge */
            for (size_t i = lo; i < hi; i++) {
                unsigned char key = (unsigned char)v[i].flavor;
                int64_t d = last[key] >= 0 ? v[i].t - v[last[key]].t : INT64_MAX;
                if (last[key] >= 0 && (d < thr || (le && d == thr))) { drop[i - lo] = 1; dropped++; last[key] = -1; }
                else last[key] = (int64_t)i;
            }
            if (le || thin_frees_enough(dropped, len)) break;
            memset(drop, 0, len);
        }
        for (size_t i = lo; i < hi; i++)
            if (!drop[i - lo]) v[w++] = v[i];
    } else if (ng || !gap) /* out of memory: every other mark goes, as by position */
        for (size_t i = lo; i < hi; i += 2) v[w++] = v[i];
    else w = hi; /* marks of distinct flavors only: nothing to merge */
    memmove(v + w, v + hi, (*n - hi) * sizeof *v);
    *n -= hi - w;
    free(drop);
    free(gap);
}

/* One halving pass over [lo, hi) of each kind of series */
#define HALVE_BARS(h, vec, lo, hi) HALVE_RANGE(h, vec, lo, hi, span_bar, T_BAR, PS_BAR)
#define HALVE_TIMES(h, vec, lo, hi) HALVE_RANGE(h, vec, lo, hi, FIRST, T_SELF, PS_SELF)
#define HALVE_MARKS(h, vec, lo, hi) thin_marks(h, (vec).v, &(vec).n, lo, hi)

/* out = how many entries of a series (sorted by TOF) have a time below x */
#define COUNT_BELOW(vec, TOF, x, out)                                                    \
    do {                                                                                 \
        size_t l_ = 0, h_ = (vec).n;                                                     \
        while (l_ < h_) {                                                                \
            size_t m_ = l_ + (h_ - l_) / 2;                                              \
            if (TOF((vec).v[m_]) < (x)) l_ = m_ + 1; else h_ = m_;                       \
        }                                                                                \
        (out) = l_;                                                                      \
    } while (0)

/* A series at its cap loses resolution where the timeline is not looking: all that lies before the
 * kept stretch, else all that lies after it (what the look-ahead brought), each only when that frees
 * enough to be worth a pass. HALVE_RANGE merges what covers the least time first, so the thinned
 * stretch gets evenly coarser. Halving by position the older half of it, again at every pass, left
 * the start of a long run ever coarser: after kernel-build's 3.5 M grace periods its first 7,000 s
 * were one bar labelled "GP 1" and next to no FQS marks. Before that it was always the older half of
 * the whole series, and once the look-ahead had explored past the cap that was the stretch around
 * now: the same moment lost its FQS marks a few frames after a cue had shown them. Only a kept stretch holding most
 * of the cap on its own (a wide window over hackbench), or none, falls back to thinning all but the
 * newest eighth. The open GP bar, last, is never merged (open_last). */
#define SHED(h, vec, HALVE, TOF, open_last)                                              \
    do {                                                                                 \
        size_t n_ = (vec).n, lim_ = (open_last) && n_ ? n_ - 1 : n_, want_ = (h)->cap / 4; \
        size_t lo_ = 0, hi_ = lim_ - lim_ / 8, past_ = 0, from_ = lim_;                  \
        if (want_ < 2) want_ = 2;                                                        \
        if ((h)->keep_lo <= (h)->keep_hi) {                                              \
            COUNT_BELOW(vec, TOF, (h)->keep_lo, past_);                                  \
            COUNT_BELOW(vec, TOF, (h)->keep_hi + 1, from_);                              \
            if (from_ > lim_) from_ = lim_;                                              \
            if (past_ >= want_) { lo_ = 0; hi_ = past_; }                                \
            else if (lim_ - from_ >= want_) { lo_ = from_; hi_ = lim_; }                 \
        }                                                                                \
        HALVE(h, vec, lo_, hi_);                                                         \
    } while (0)

/* PUSH_CAPPED: append; a series at its cap first sheds entries away from the kept stretch. */
#define PUSH_CAPPED(h, vec, val, HALVE, TOF, open_last)                                  \
    do {                                                                                 \
        if ((h)->cap && (vec).n >= (h)->cap) SHED(h, vec, HALVE, TOF, open_last);         \
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
    h->keep_lo = 1; /* keep nothing until time travel says what the timeline shows */
    h->ncpus = ncpus;
    h->nnodes = nnodes;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        h->rep_t[f] = malloc(sizeof(int64_t) * 64 * (size_t)(nnodes > 0 ? nnodes : 1));
        h->cred_t[f] = malloc(sizeof(int64_t) * (size_t)ncpus);
        h->cred_arg[f] = calloc((size_t)ncpus, 1);
        h->cred_gp[f] = calloc((size_t)ncpus, sizeof(uint64_t));
        if (!h->rep_t[f] || !h->cred_t[f] || !h->cred_arg[f] || !h->cred_gp[f]) { ui_history_free(h); return -1; }
        for (int i = 0; i < 64 * nnodes; i++) h->rep_t[f][i] = -1;
        for (int i = 0; i < ncpus; i++) h->cred_t[f][i] = -1;
    }
    return 0;
}

void ui_history_free(ui_history *h)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        free(h->gps[f].v); free(h->phase_t[f].v);
        free(h->rep_t[f]); free(h->cred_t[f]); free(h->cred_arg[f]); free(h->cred_gp[f]);
    }
    free(h->fqs.v); free(h->stalls.v); free(h->injects.v); free(h->violations.v); free(h->hotplug.v); free(h->captions.v);
    free(h->coarse.v);
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
        d->rep_t[f] = malloc(64 * nn * sizeof(int64_t));
        d->cred_t[f] = malloc(nc * sizeof(int64_t)); d->cred_arg[f] = malloc(nc ? nc : 1);
        d->cred_gp[f] = malloc(nc * sizeof(uint64_t));
        if (!d->rep_t[f] || !d->cred_t[f] || !d->cred_arg[f] || !d->cred_gp[f]) { ok = 0; continue; }
        memcpy(d->cred_gp[f], s->cred_gp[f], nc * sizeof(uint64_t));
        memcpy(d->rep_t[f], s->rep_t[f], 64 * nn * sizeof(int64_t));
        memcpy(d->cred_t[f], s->cred_t[f], nc * sizeof(int64_t));
        memcpy(d->cred_arg[f], s->cred_arg[f], nc);
    }
    DUP(d->fqs, s->fqs); DUP(d->stalls, s->stalls); DUP(d->injects, s->injects); DUP(d->violations, s->violations);
    DUP(d->hotplug, s->hotplug); DUP(d->captions, s->captions); DUP(d->coarse, s->coarse);
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
            int64_t *bt = &h->rep_t[f][(size_t)ev->node * 64];
            for (uint64_t m = (uint64_t)ev->mask; m; m &= m - 1) bt[__builtin_ctzll(m)] = ev->t;
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
        PUSH_CAPPED(h, h->gps[f], ((ui_gp_bar){ev->gp, ev->t, -1}), HALVE_BARS, T_BAR, true);
        PUSH_CAPPED(h, h->phase_t[f], ev->t, HALVE_TIMES, T_SELF, false);
        break;
    case RV_EV_GP_END:
        if (!fok) break;
        if (h->gps[f].n && h->gps[f].v[h->gps[f].n - 1].end < 0) h->gps[f].v[h->gps[f].n - 1].end = ev->t;
        PUSH_CAPPED(h, h->phase_t[f], ev->t, HALVE_TIMES, T_SELF, false);
        break;
    case RV_EV_GP_CLEANUP_NODE:
        /* an empty series: a rebuild, which starts from a checkpoint after the phase before it */
        if (fok && (!h->phase_t[f].n || h->phase_t[f].v[h->phase_t[f].n - 1] < ev->t) && ev->node == 0)
            PUSH_CAPPED(h, h->phase_t[f], ev->t, HALVE_TIMES, T_SELF, false);
        break;
    case RV_EV_FQS:
        PUSH_CAPPED(h, h->fqs, mark_of(ev), HALVE_MARKS, T_MARK, false);
        if (fok) PUSH_CAPPED(h, h->phase_t[f], ev->t, HALVE_TIMES, T_SELF, false);
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
    case RV_EV_VIOLATION: PUSH_CAPPED(h, h->violations, mark_of(ev), HALVE_MARKS, T_MARK, false); break;
    case RV_EV_CPU_OFFLINE: case RV_EV_CPU_ONLINE: {
        ui_mark m = mark_of(ev);
        m.arg = ev->type == RV_EV_CPU_ONLINE;
        PUSH_CAPPED(h, h->hotplug, m, HALVE_MARKS, T_MARK, false);
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
        memcpy(d->rep_t[f], s->rep_t[f], 64 * nn * sizeof(int64_t));
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
#define AFTER_LO(c) ((c).lo > t)

void ui_history_truncate(ui_history *h, uint64_t seq, int64_t t)
{
    if (seq < h->next_seq) h->next_seq = seq;
    h->known_until = t;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        CUT(h->gps[f], AFTER_START);
        if (h->gps[f].n && h->gps[f].v[h->gps[f].n - 1].end > t) h->gps[f].v[h->gps[f].n - 1].end = -1;
        CUT(h->phase_t[f], AFTER_X);
        for (int i = 0; i < 64 * h->nnodes; i++)
            if (h->rep_t[f][i] > t) h->rep_t[f][i] = -1;
        for (int i = 0; i < h->ncpus; i++)
            if (h->cred_t[f][i] > t) h->cred_t[f][i] = -1;
    }
    CUT(h->fqs, AFTER_T); CUT(h->stalls, AFTER_T); CUT(h->injects, AFTER_T); CUT(h->violations, AFTER_T);
    CUT(h->hotplug, AFTER_T); CUT(h->captions, AFTER_T);
    CUT(h->coarse, AFTER_LO);
    if (h->coarse.n && h->coarse.v[h->coarse.n - 1].hi > t) h->coarse.v[h->coarse.n - 1].hi = t;
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

/* Thin a whole series until it fits (the open GP bar, last, is never merged). */
#define SQUEEZE(vec, capn, HALVE, open_last)                                             \
    do {                                                                                 \
        for (size_t was_ = 0; (vec).n > (capn) && (vec).n >= 4 && (vec).n != was_;) {    \
            was_ = (vec).n; /* a pass that frees nothing (marks of distinct flavors) ends it */ \
            HALVE(h, vec, 0, (open_last) ? (vec).n - 1 : (vec).n);                       \
        }                                                                                \
        if ((vec).n < (vec).cap / 2) {                                                   \
            void *nv_ = realloc((vec).v, ((vec).n ? (vec).n : 1) * sizeof *(vec).v);     \
            if (nv_) { (vec).v = nv_; (vec).cap = (vec).n ? (vec).n : 1; }               \
        }                                                                                \
    } while (0)

void ui_history_compact(ui_history *h, size_t cap)
{
    for (int f = 0; f < RV_NFLAVORS; f++) {
        SQUEEZE(h->gps[f], cap, HALVE_BARS, true);
        SQUEEZE(h->phase_t[f], cap, HALVE_TIMES, false);
    }
    SQUEEZE(h->fqs, cap, HALVE_MARKS, false);
    SQUEEZE(h->violations, cap, HALVE_MARKS, false);
    SQUEEZE(h->hotplug, cap, HALVE_MARKS, false);
}

size_t ui_history_bytes(const ui_history *h)
{
    size_t b = sizeof *h, nn = (size_t)(h->nnodes > 0 ? h->nnodes : 1), nc = (size_t)h->ncpus;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        b += h->gps[f].cap * sizeof *h->gps[f].v + h->phase_t[f].cap * sizeof *h->phase_t[f].v;
        b += nn * 64 * sizeof(int64_t) + nc * (2 * sizeof(int64_t) + 1); /* per-bit clear times; credits */
    }
    b += (h->fqs.cap + h->stalls.cap + h->injects.cap + h->violations.cap + h->hotplug.cap + h->captions.cap) * sizeof(ui_mark);
    b += h->coarse.cap * sizeof(ui_span);
    return b;
}

/* ---- coarse stretches and their rebuild ---------------------------------------------------- */

/* Note [lo, hi] as coarse, merged with the stretches it touches. Out of memory it is not noted:
 * that stretch then stays a sketch, as every stretch was before a rebuild existed. */
static void coarse_add(ui_history *h, int64_t lo, int64_t hi)
{
    if (lo > hi) return;
    size_t i = 0, j, n = h->coarse.n;
    while (i < n && h->coarse.v[i].hi < lo - 1) i++;
    for (j = i; j < n && h->coarse.v[j].lo <= hi + 1; j++) {
        if (h->coarse.v[j].lo < lo) lo = h->coarse.v[j].lo;
        if (h->coarse.v[j].hi > hi) hi = h->coarse.v[j].hi;
    }
    if (j > i) {
        h->coarse.v[i] = (ui_span){lo, hi};
        memmove(h->coarse.v + i + 1, h->coarse.v + j, (n - j) * sizeof *h->coarse.v);
        h->coarse.n -= j - i - 1;
        return;
    }
    PUSH(h->coarse, ((ui_span){lo, hi}));
    if (h->coarse.n == n) return;
    memmove(h->coarse.v + i + 1, h->coarse.v + i, (n - i) * sizeof *h->coarse.v);
    h->coarse.v[i] = (ui_span){lo, hi};
}

/* [lo, hi] is exact again. A stretch it cuts in two needs one more entry; out of memory the whole
 * stretch stays noted (a rebuild too many, never a sketch taken for exact). */
static void coarse_sub(ui_history *h, int64_t lo, int64_t hi)
{
    for (size_t i = 0; i < h->coarse.n; i++) {
        ui_span *c = &h->coarse.v[i];
        if (c->hi < lo || c->lo > hi) continue;
        if (c->lo < lo && c->hi > hi) {
            size_t n = h->coarse.n;
            ui_span right = {hi + 1, c->hi};
            PUSH(h->coarse, right);
            if (h->coarse.n == n) return;
            c = &h->coarse.v[i];
            memmove(h->coarse.v + i + 2, h->coarse.v + i + 1, (n - i - 1) * sizeof *h->coarse.v);
            h->coarse.v[i + 1] = right;
            c->hi = lo - 1;
            return;
        }
        if (c->lo < lo) c->hi = lo - 1;
        else if (c->hi > hi) c->lo = hi + 1;
        else {
            memmove(c, c + 1, (h->coarse.n - i - 1) * sizeof *c);
            h->coarse.n--;
            i--;
        }
    }
}

bool ui_history_coarse_in(const ui_history *h, int64_t lo, int64_t hi)
{
    for (size_t i = 0; i < h->coarse.n; i++)
        if (h->coarse.v[i].lo <= hi && h->coarse.v[i].hi >= lo) return true;
    return false;
}

void ui_history_open_gp(ui_history *h, int f, uint64_t gp, int64_t start)
{
    if (f < 0 || f >= RV_NFLAVORS || (h->gps[f].n && h->gps[f].v[h->gps[f].n - 1].start >= start)) return;
    PUSH(h->gps[f], ((ui_gp_bar){gp, start, -1}));
}

#define COUNT_IN(vec, TOF, lo, hi, out)                                                  \
    do {                                                                                 \
        size_t a_, b_;                                                                   \
        COUNT_BELOW(vec, TOF, lo, a_);                                                   \
        COUNT_BELOW(vec, TOF, (hi) + 1, b_);                                             \
        if (b_ - a_ > (out)) (out) = b_ - a_;                                            \
    } while (0)

size_t ui_history_count_in(const ui_history *x, int64_t lo, int64_t hi)
{
    size_t most = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        COUNT_IN(x->gps[f], T_BAR, lo, hi, most);
        COUNT_IN(x->phase_t[f], T_SELF, lo, hi, most);
    }
    COUNT_IN(x->fqs, T_MARK, lo, hi, most);
    COUNT_IN(x->violations, T_MARK, lo, hi, most);
    COUNT_IN(x->hotplug, T_MARK, lo, hi, most);
    return most;
}

/* dst's entries with a time in [lo, hi] become src's (both sorted by time, so the result is too). */
#define SPLICE(dst, src, TOF, lo, hi, ok)                                                \
    do {                                                                                 \
        size_t a0_, a1_, b0_, b1_;                                                       \
        COUNT_BELOW(dst, TOF, lo, a0_);                                                  \
        COUNT_BELOW(dst, TOF, (hi) + 1, a1_);                                            \
        COUNT_BELOW(src, TOF, lo, b0_);                                                  \
        COUNT_BELOW(src, TOF, (hi) + 1, b1_);                                            \
        size_t nn_ = (dst).n - (a1_ - a0_) + (b1_ - b0_);                                \
        if (nn_ > (dst).cap) {                                                           \
            void *nv_ = realloc((dst).v, nn_ * sizeof *(dst).v);                         \
            if (!nv_) { (ok) = 0; break; }                                               \
            (dst).v = nv_; (dst).cap = nn_;                                              \
        }                                                                                \
        if ((dst).n > a1_) memmove((dst).v + a0_ + (b1_ - b0_), (dst).v + a1_, ((dst).n - a1_) * sizeof *(dst).v); \
        if (b1_ > b0_) memcpy((dst).v + a0_, (src).v + b0_, (b1_ - b0_) * sizeof *(dst).v); \
        (dst).n = nn_;                                                                   \
    } while (0)

/* GP bars: the bars over [lo, hi] become x's (x knows every GP that ran there, the one already
 * running when it started included: ui_history_open_gp). A bar of h that stood for several GPs and
 * reached into the stretch keeps its part outside it, as a sketch (head, tail): a seek back from far
 * ahead in kernel-build had left one bar "GP 1" from 0 s across the whole window. The series keeps
 * its rule: sorted, no overlap, only the last bar open. */
static int splice_bars(ui_history *h, int f, const ui_history *x, int64_t lo, int64_t hi)
{
    const ui_gp_bar *dv = h->gps[f].v, *xv = x->gps[f].v;
    size_t n = h->gps[f].n, a0 = ui_history_gp_from(h, f, lo), a1, b0 = ui_history_gp_from(x, f, lo), b1;
    COUNT_BELOW(h->gps[f], T_BAR, hi + 1, a1);
    COUNT_BELOW(x->gps[f], T_BAR, hi + 1, b1);
    if (a1 < a0) a1 = a0;
    if (b1 < b0) b1 = b0;
    bool open = b1 > b0 && xv[b1 - 1].end < 0; /* a GP still running at hi */
    ui_gp_bar head = {0, 0, -1}, tail = {0, 0, -1};
    bool has_head = false, has_tail = false;
    int64_t last_end = -1;
    if (a1 > a0) {
        int64_t first = b1 > b0 && xv[b0].start < lo ? xv[b0].start : lo;
        if (dv[a0].start < first) { head = (ui_gp_bar){dv[a0].gp, dv[a0].start, first - 1}; has_head = true; }
        const ui_gp_bar *m = &dv[a1 - 1];
        if (m->end < 0 || m->end > hi) {
            if (open) last_end = m->end; /* it ends where h's bar over that moment does (beyond hi) */
            else { tail = (ui_gp_bar){b1 > b0 ? xv[b1 - 1].gp + 1 : m->gp, hi + 1, m->end}; has_tail = true; }
        }
    }
    if (open && last_end < 0 && a1 < n) last_end = dv[a1].start - 1; /* never open before another bar */
    if (open && last_end >= 0 && last_end < xv[b1 - 1].start) last_end = xv[b1 - 1].start;
    size_t nn = a0 + has_head + (b1 - b0) + has_tail + (n - a1), w = a0;
    ui_gp_bar *v = malloc((nn ? nn : 1) * sizeof *v);
    if (!v) return -1;
    if (a0) memcpy(v, dv, a0 * sizeof *v);
    if (has_head) v[w++] = head;
    if (b1 > b0) memcpy(v + w, xv + b0, (b1 - b0) * sizeof *v);
    w += b1 - b0;
    if (open) v[w - 1].end = last_end;
    if (has_tail) v[w++] = tail;
    if (n > a1) memcpy(v + w, dv + a1, (n - a1) * sizeof *v);
    free(h->gps[f].v);
    h->gps[f].v = v;
    h->gps[f].cap = nn ? nn : 1;
    h->gps[f].n = nn;
    return 0;
}

int ui_history_splice(ui_history *h, const ui_history *x, int64_t lo, int64_t hi)
{
    int ok = 1;
    if (lo > hi) return 0;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (splice_bars(h, f, x, lo, hi) != 0) ok = 0;
        SPLICE(h->phase_t[f], x->phase_t[f], T_SELF, lo, hi, ok);
    }
    SPLICE(h->fqs, x->fqs, T_MARK, lo, hi, ok);
    SPLICE(h->violations, x->violations, T_MARK, lo, hi, ok);
    SPLICE(h->hotplug, x->hotplug, T_MARK, lo, hi, ok);
    if (!ok) return -1;
    coarse_sub(h, lo, hi);
    return 0;
}
