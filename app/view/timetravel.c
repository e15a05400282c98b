/* timetravel.c — checkpoints + deterministic re-simulation for seeking, exact step back, and branches. */
#include "view/timetravel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>

#define SEEK_BUDGET_MS 25.0    /* target wall time to re-simulate one checkpoint interval: the worst seek
                                * is one interval plus the restore, and it must stay under 50 ms */
#define RING 16384             /* our engines' event ring: read after every chunk, and small in clones */
/* The memory budget (issue 11: the window's memory must stay bounded however long you play and
 * however many times you inject). Sizes are counted (rv_engine_size, ui_history_bytes), not read
 * from /proc, so the same run keeps the same checkpoints on every machine.
 *   checkpoints of the current branch   <= CKPT_BUDGET (their count follows from one's size)
 *   its history                          <= UI_HIST_CAP entries per series (thinned away from the shown stretch)
 *   branches                             <= MAX_BRANCHES; a branch you leave keeps a sketch of its
 *                                           history (LEFT_HIST_CAP per series), its injections and
 *                                           at most LEFT_CKPTS periodic checkpoints; beyond
 *                                           MAX_BRANCHES the oldest one you are not on is dropped */
#define CKPT_BUDGET (64.0 * 1024 * 1024)
#define MAX_BRANCHES 16
#define LEFT_HIST_CAP 8192
#define LEFT_CKPTS 8
/* The timeline's stretch around now (tt_set_window) times this is what the history's downsampling
 * spares and what a rebuild makes exact: the margin lets now move a little before it has to be
 * rebuilt again. */
#define KEEP_MARGIN 2

/* A checkpoint is the engine and the history's "now" state (FQS credits, QS reports) as they were:
 * a restore puts both back. Without it a seek that restored a checkpoint inside a grace period lost
 * the credits made before it, or kept ones another pass had seen at that very instant (omap-stall's
 * 3.7 side showed "FQS credited: CPU 1" at 4.5546875 s after a detour to 45 s, not when arriving
 * straight from 0). */
typedef struct ckpt { int64_t t; rv_engine *e; ui_history *now_state; int refs; bool inject; } ckpt;
typedef struct op { uint8_t kind; int8_t flavor; int16_t type; int32_t cpu; int64_t limit; } op;
typedef struct pos { int64_t base; op *ops; size_t nops; enum tt_step kind; } pos;

typedef struct branch {
    ckpt **ck;
    size_t n, cap;
    ui_history hist;
    int64_t fork_t;
} branch;

struct tt {
    rv_engine *e;
    branch *br;
    int nbr, cur;
    size_t applied;     /* latest checkpoint of the current branch whose state the live engine contains */
    int64_t interval;   /* simulated ns between periodic checkpoints */
    int64_t chunk;      /* simulated ns per run_until between two reads of the event ring */
    double sim_per_wall; /* simulated ns per wall ns, smoothed (note_speed()) */
    double speed_sim, speed_wall; /* decayed sums of simulated ns and wall ms behind it */
    size_t max_ck;      /* checkpoints kept per branch, from the measured size of one (memory budget) */
    pos cursor;         /* how the live state was reached: seek(base) then ops */
    pos *undo;
    size_t nundo, capundo;
    rv_engine *scout;   /* look-ahead: simulates the rest of the run so the scrubber can mark it */
    int scout_branch;
    ui_history scout_now; /* the look-ahead's own "now" state, for the checkpoints it leaves */
    int64_t win_back, win_ahead; /* what the timeline shows before and after now (tt_set_window) */
    /* A rebuild: a copy of the branch's checkpoint at or before rb_lo re-simulates to past rb_hi into
     * rb_hist, which then replaces that stretch of the branch's history (tt_explore) */
    rv_engine *rb;
    ui_history rb_hist;
    int64_t rb_lo, rb_hi, rb_ck_t; /* rb_ck_t: time of the checkpoint whose state rb last took */
    int rb_branch;
    int64_t rb_too_dense; /* > 0: a window this wide held more than the cap allows; none that wide is rebuilt */
    tt_clock_fn clock;  /* wall clock in ms: every speed-derived decision reads it (tests inject one) */
    void *clock_ctx;
    double virt_speed;  /* > 0: a virtual machine simulating this many sim ns per wall ms ... */
    double virt_ms;     /* ... whose clock advances only with the simulated work done */
};

static double monotonic_ms(void *ctx)
{
    (void)ctx;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* The only place time-travel reads wall time: checkpoint spacing, chunk sizes and budgets are all
 * derived from it, so a test that injects a clock gets the same decisions on any machine. */
static double wall_ms(const tt *t) { return t->virt_speed > 0 ? t->virt_ms : t->clock(t->clock_ctx); }
double tt_wall_ms(const tt *t) { return wall_ms(t); }

/* rv_run_until() for time travel's engines; on a virtual machine it also advances the clock by
 * the time that machine would have taken. */
static void run_engine(tt *t, rv_engine *e, int64_t to)
{
    int64_t before = rv_now_ns(e);
    rv_run_until(e, to);
    if (t->virt_speed > 0) t->virt_ms += (double)(rv_now_ns(e) - before) / t->virt_speed;
}

void tt_set_virtual_speed(tt *t, double sim_s_per_wall_s)
{
    t->virt_speed = sim_s_per_wall_s > 0 ? sim_s_per_wall_s * 1e6 : 0; /* sim ns per wall ms */
}

void tt_set_clock(tt *t, tt_clock_fn now_ms, void *ctx)
{
    t->clock = now_ms ? now_ms : monotonic_ms;
    t->clock_ctx = now_ms ? ctx : NULL;
}

/* Engine speed from the chunks just run, as decayed sums of simulated and wall time: on a machine
 * whose work comes in bursts (big-machine's FQS passes over 4096 CPUs) most chunks are quick and a
 * few hold the work, and an average of per-chunk ratios, as this was, overrated the speed 3x and
 * spaced checkpoints 1 s apart, too far to seek in 50 ms. */
static void note_speed(tt *t, int64_t sim_ns, double wall)
{
    t->speed_sim = 0.9 * t->speed_sim + (double)sim_ns;
    t->speed_wall = 0.9 * t->speed_wall + wall;
    if (t->speed_wall > 0.05) t->sim_per_wall = t->speed_sim / (t->speed_wall * 1e6);
}

static void ck_release(ckpt *c)
{
    if (c && --c->refs == 0) {
        rv_engine_free(c->e);
        if (c->now_state) ui_history_free(c->now_state);
        free(c->now_state);
        free(c);
    }
}

/* src's state and now_state's "now" part (the history fed by the engine that src is) */
static ckpt *ck_new(rv_engine *src, bool inject, const ui_history *now_state)
{
    ckpt *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->refs = 1;
    c->e = rv_engine_clone(src);
    c->now_state = malloc(sizeof *c->now_state);
    if (!c->e || !c->now_state || ui_history_init(c->now_state, now_state->ncpus, now_state->nnodes) != 0) {
        free(c->now_state);
        c->now_state = NULL;
        ck_release(c);
        return NULL;
    }
    ui_history_copy_instant(c->now_state, now_state);
    c->t = rv_now_ns(src);
    c->inject = inject;
    return c;
}

/* The look-ahead's engine and its "now" state go together. */
static void scout_drop(tt *t)
{
    if (t->scout) ui_history_free(&t->scout_now);
    rv_engine_free(t->scout);
    t->scout = NULL;
}

static int br_push(branch *b, ckpt *c)
{
    if (b->n == b->cap) {
        size_t nc = b->cap ? b->cap * 2 : 32;
        ckpt **nv = realloc(b->ck, nc * sizeof *nv);
        if (!nv) return -1;
        b->ck = nv; b->cap = nc;
    }
    b->ck[b->n++] = c;
    return 0;
}

static void pos_free(pos *p) { free(p->ops); p->ops = NULL; p->nops = 0; }

static int pos_copy(pos *d, const pos *s)
{
    *d = *s;
    d->ops = NULL;
    if (s->nops) {
        d->ops = malloc(s->nops * sizeof *d->ops);
        if (!d->ops) { d->nops = 0; return -1; }
        memcpy(d->ops, s->ops, s->nops * sizeof *d->ops);
    }
    return 0;
}

static void undo_clear(tt *t)
{
    for (size_t i = 0; i < t->nundo; i++) pos_free(&t->undo[i]);
    t->nundo = 0;
}

static void cursor_reset(tt *t)
{
    pos_free(&t->cursor);
    t->cursor.base = rv_now_ns(t->e);
}

static branch *cur(tt *t) { return &t->br[t->cur]; }

static void branch_free(branch *b)
{
    for (size_t i = 0; i < b->n; i++) ck_release(b->ck[i]);
    free(b->ck);
    ui_history_free(&b->hist);
}

/* Every event reaches the current branch's history as it is emitted, so nothing is lost however
 * many events a stretch of simulation produces (the ring is only a fallback). */
static void sink(const rv_event *evs, size_t n, void *ctx)
{
    tt *t = ctx;
    ui_history_take_run(&t->br[t->cur].hist, evs, n);
}

static void scout_sink(const rv_event *evs, size_t n, void *ctx)
{
    tt *t = ctx;
    if (t->scout_branch >= 0 && t->scout_branch < t->nbr) ui_history_take_series_run(&t->br[t->scout_branch].hist, evs, n);
    ui_history_take_instant_run(&t->scout_now, evs, n);
}

static void rebuild_sink(const rv_event *evs, size_t n, void *ctx)
{
    tt *t = ctx;
    ui_history_take_series_run(&t->rb_hist, evs, n);
}

static void rebuild_drop(tt *t)
{
    if (!t->rb) return;
    rv_engine_free(t->rb);
    ui_history_free(&t->rb_hist);
    t->rb = NULL;
}

/* The history's downsampling spares the timeline's stretch around `at` (margin included). */
static void keep_at(tt *t, int64_t at)
{
    ui_history *h = &t->br[t->cur].hist;
    h->keep_lo = at - KEEP_MARGIN * t->win_back;
    h->keep_hi = at + KEEP_MARGIN * t->win_ahead;
}

void tt_set_window(tt *t, int64_t back_ns, int64_t ahead_ns)
{
    t->win_back = back_ns > 0 ? back_ns : 0;
    t->win_ahead = ahead_ns > 0 ? ahead_ns : 0;
    if (t->rb_too_dense > t->win_back + t->win_ahead) t->rb_too_dense = 0; /* narrower: worth a try */
}

tt *tt_new(const rv_config *cfg, char *err, size_t errlen)
{
    tt *t = calloc(1, sizeof *t);
    if (!t) { snprintf(err, errlen, "out of memory"); return NULL; }
    rv_engine_opts opts = {.event_ring = RING};
    t->e = rv_engine_new(cfg, &opts, err, errlen);
    if (!t->e) { free(t); return NULL; }
    t->br = calloc(1, sizeof *t->br);
    t->nbr = 1;
    t->interval = 1000000000LL;
    t->chunk = 10000000LL;
    t->max_ck = 64;
    t->clock = monotonic_ms;
    t->win_back = 1500000000LL; /* the timeline's first window: 2 s, now at 3/4 */
    t->win_ahead = 500000000LL;
    if (!t->br || ui_history_init(&t->br[0].hist, rv_cpus(t->e), rv_tree_nodes(t->e)) != 0) {
        snprintf(err, errlen, "out of memory");
        rv_engine_free(t->e); free(t->br); free(t);
        return NULL;
    }
    ui_history_ingest(&t->br[0].hist, t->e);
    rv_engine_set_batch_sink(t->e, sink, t);
    ckpt *c0 = ck_new(t->e, false, &t->br[0].hist);
    if (!c0 || br_push(&t->br[0], c0) != 0) {
        snprintf(err, errlen, "cannot clone the engine for a checkpoint");
        ck_release(c0);
        tt_free(t);
        return NULL;
    }
    return t;
}

void tt_free(tt *t)
{
    if (!t) return;
    for (int b = 0; b < t->nbr; b++) branch_free(&t->br[b]);
    free(t->br);
    undo_clear(t);
    free(t->undo);
    pos_free(&t->cursor);
    rv_engine_free(t->e);
    scout_drop(t);
    rebuild_drop(t);
    free(t);
}

static void thin(tt *t);
static void adapt_interval(tt *t);
static size_t last_ck_at_or_before(const branch *b, int64_t to);

/* The first clone tells how big a checkpoint is: keep as many as the memory budget allows. */
static void measure_ck(tt *t, double sz)
{
    if (sz < 64 * 1024) sz = 64 * 1024;
    double n = CKPT_BUDGET / sz;
    t->max_ck = n < 12 ? 12 : n > 400 ? 400 : (size_t)n;
}

/* A branch we leave keeps a sketch: its history downsampled, its injections, the first checkpoint
 * and at most LEFT_CKPTS periodic ones (evenly spread); switching back re-simulates from those. */
static void leave_branch(tt *t, int bi)
{
    branch *b = &t->br[bi];
    ui_history_compact(&b->hist, LEFT_HIST_CAP);
    b->hist.cap = LEFT_HIST_CAP;
    size_t periodic = 0;
    for (size_t i = 1; i < b->n; i++) periodic += !b->ck[i]->inject;
    size_t every = (periodic + LEFT_CKPTS - 1) / LEFT_CKPTS, seen = 0, w = 0;
    for (size_t i = 0; i < b->n; i++) {
        bool keep = i == 0 || b->ck[i]->inject || every <= 1 || seen++ % every == every - 1;
        if (keep) b->ck[w++] = b->ck[i];
        else ck_release(b->ck[i]);
    }
    b->n = w;
}

/* At most MAX_BRANCHES: drop the oldest branch we are not on (indexes after it shift down). */
static void evict_branches(tt *t)
{
    while (t->nbr > MAX_BRANCHES) {
        int victim = t->cur == 0 ? 1 : 0;
        branch_free(&t->br[victim]);
        memmove(&t->br[victim], &t->br[victim + 1], (size_t)(t->nbr - victim - 1) * sizeof *t->br);
        t->nbr--;
        if (t->cur > victim) t->cur--;
        if (t->scout_branch == victim) { scout_drop(t); t->scout_branch = -1; }
        else if (t->scout_branch > victim) t->scout_branch--;
    }
}

/* What the window holds for time travel, counted: the live engine, the look-ahead, every distinct
 * checkpoint (shared ones once) and every branch's history. */
size_t tt_memory(const tt *t, size_t *checkpoints, size_t *histories)
{
    size_t ck = 0, hist = 0;
    for (int b = 0; b < t->nbr; b++) {
        hist += ui_history_bytes(&t->br[b].hist);
        for (size_t i = 0; i < t->br[b].n; i++) {
            const ckpt *c = t->br[b].ck[i];
            ck += (rv_engine_size(c->e) + ui_history_bytes(c->now_state)) / (size_t)c->refs;
        }
    }
    if (checkpoints) *checkpoints = ck;
    if (histories) *histories = hist;
    size_t rb = t->rb ? rv_engine_size(t->rb) + ui_history_bytes(&t->rb_hist) : 0;
    return ck + hist + rb + rv_engine_size(t->e) + (t->scout ? rv_engine_size(t->scout) + ui_history_bytes(&t->scout_now) : 0);
}

/* Whether the stretch the timeline shows around now is coarse, and then one slice of its rebuild:
 * re-simulate it from a checkpoint on a copy and splice what that saw into the branch's history.
 * A stretch is coarse where downsampling thinned it while now was elsewhere (the look-ahead or a long
 * play went past the cap), so without this the same moment showed fewer FQS marks after a detour
 * than on the first visit. Returns true while a rebuild is under way. */
static bool rebuild_step(tt *t, double deadline)
{
    branch *b = cur(t);
    if (t->rb && t->rb_branch != t->cur) rebuild_drop(t);
    if (!t->rb) {
        int64_t now = rv_now_ns(t->e), last = b->hist.known_until - 1;
        int64_t lo = now - t->win_back, hi = now + t->win_ahead;
        if (lo < 0) lo = 0;
        if (hi > last) hi = last;
        if (lo > hi || !ui_history_coarse_in(&b->hist, lo, hi)) return false;
        if (t->rb_too_dense && t->win_back + t->win_ahead >= t->rb_too_dense) return false;
        lo = now - KEEP_MARGIN * t->win_back;
        hi = now + KEEP_MARGIN * t->win_ahead;
        if (lo < 0) lo = 0;
        if (hi > last) hi = last;
        /* only what is coarse there: while playing, the stretch just ahead of the window */
        int64_t clo = hi, chi = lo;
        for (size_t i = 0; i < b->hist.coarse.n; i++) {
            const ui_span *c = &b->hist.coarse.v[i];
            if (c->hi < lo || c->lo > hi) continue;
            if (c->lo < clo) clo = c->lo;
            if (c->hi > chi) chi = c->hi;
        }
        lo = clo > lo ? clo : lo;
        hi = chi < hi ? chi : hi;
        ckpt *c = b->ck[last_ck_at_or_before(b, lo)];
        if (ui_history_init(&t->rb_hist, b->hist.ncpus, b->hist.nnodes) != 0) return false;
        t->rb = rv_engine_clone(c->e);
        if (!t->rb) { ui_history_free(&t->rb_hist); return false; }
        t->rb_hist.cap = 0; /* it holds one stretch, whole */
        /* what happened at lo before the checkpoint (one taken at lo, at 0 or at an injection) is in
         * the newest events a copy keeps */
        uint64_t s = rv_event_count(t->rb);
        while (s > 0) {
            const rv_event *ev = rv_event_get(t->rb, s - 1);
            if (!ev || ev->t < lo) break;
            s--;
        }
        t->rb_hist.next_seq = s;
        for (; s < rv_event_count(t->rb); s++) ui_history_take_series(&t->rb_hist, rv_event_get(t->rb, s));
        for (int f = 0; f < RV_NFLAVORS; f++) { /* the GPs already running there (after those events: one may be their GP start) */
            rv_flavor_view fv;
            rv_flavor_get(t->rb, f, &fv);
            if (fv.enabled && fv.gpnum != fv.completed) ui_history_open_gp(&t->rb_hist, f, fv.gpnum, fv.gp_start_ns);
        }
        rv_engine_set_batch_sink(t->rb, rebuild_sink, t);
        t->rb_lo = lo;
        t->rb_hi = hi;
        t->rb_ck_t = c->t;
        t->rb_branch = t->cur;
    }
    int64_t end = rv_end_ns(t->e);
    while (rv_now_ns(t->rb) <= t->rb_hi && rv_now_ns(t->rb) < end && wall_ms(t) < deadline) {
        int64_t now = rv_now_ns(t->rb), to = now + t->chunk < t->rb_hi + 1 ? now + t->chunk : t->rb_hi + 1;
        /* the branch's injections happen on the way, as in tt_advance: the state after the (last)
         * one at that moment is its checkpoint; the events the live run emitted there before taking
         * it (the injection's own, steps up to it) are among the newest the checkpoint keeps */
        size_t j = b->n;
        for (size_t i = 0; i < b->n; i++)
            if (b->ck[i]->inject && b->ck[i]->t > t->rb_ck_t && b->ck[i]->t <= to && (j == b->n || b->ck[i]->t == b->ck[j]->t)) j = i;
        if (j < b->n) {
            run_engine(t, t->rb, b->ck[j]->t);
            rv_engine *nx = rv_now_ns(t->rb) == b->ck[j]->t ? rv_engine_clone(b->ck[j]->e) : NULL;
            if (!nx) { rebuild_drop(t); return false; }
            for (uint64_t q = rv_event_count(t->rb); q < rv_event_count(nx); q++) {
                const rv_event *ev = rv_event_get(nx, q);
                if (ev) ui_history_take_series(&t->rb_hist, ev);
            }
            rv_engine_take_ring(nx, t->rb);
            rv_engine_free(t->rb);
            t->rb = nx;
            rv_engine_set_batch_sink(t->rb, rebuild_sink, t);
            t->rb_ck_t = b->ck[j]->t;
            continue;
        }
        run_engine(t, t->rb, to);
        if (rv_now_ns(t->rb) == now) break; /* the end of the run */
    }
    if (rv_now_ns(t->rb) <= t->rb_hi && rv_now_ns(t->rb) < end) return true;
    /* a stretch holding most of the cap would only be thinned again (its own window too wide for
     * the memory bound): it stays a sketch, and no window this wide is rebuilt */
    if (b->hist.cap && ui_history_count_in(&t->rb_hist, t->rb_lo, t->rb_hi) > b->hist.cap / 2)
        t->rb_too_dense = t->win_back + t->win_ahead;
    else
        ui_history_splice(&b->hist, &t->rb_hist, t->rb_lo, t->rb_hi);
    rebuild_drop(t);
    return true; /* now may have moved meanwhile: the next call looks again */
}

bool tt_explore(tt *t, double budget_ms)
{
    branch *b = cur(t);
    int64_t end = rv_end_ns(t->e);
    double deadline = wall_ms(t) + budget_ms;
    keep_at(t, rv_now_ns(t->e)); /* what the look-ahead brings is thinned away from now */
    bool rebuilding = rebuild_step(t, deadline);
    if (b->hist.known_until >= end) return rebuilding;
    ckpt *last = b->ck[b->n - 1];
    /* start (again) from the branch's latest checkpoint when the scout belongs to another branch
     * or the live engine has overtaken it */
    if (!t->scout || t->scout_branch != t->cur || rv_now_ns(t->scout) < last->t) {
        scout_drop(t);
        if (ui_history_init(&t->scout_now, b->hist.ncpus, b->hist.nnodes) != 0) return false;
        t->scout = rv_engine_clone(last->e);
        if (!t->scout) { ui_history_free(&t->scout_now); return false; }
        ui_history_copy_instant(&t->scout_now, last->now_state);
        t->scout_branch = t->cur;
        rv_engine_set_batch_sink(t->scout, scout_sink, t);
    }
    int64_t step = t->chunk;
    while (rv_now_ns(t->scout) < end && wall_ms(t) < deadline) {
        int64_t now = rv_now_ns(t->scout), to = now + step < end ? now + step : end;
        /* the look-ahead leaves checkpoints too, so a later seek far ahead restores instead of simulating */
        int64_t next_ck = b->ck[b->n - 1]->t + t->interval;
        if (next_ck > now && next_ck < to) to = next_ck;
        double w0 = wall_ms(t);
        run_engine(t, t->scout, to);
        double w = wall_ms(t) - w0;
        note_speed(t, rv_now_ns(t->scout) - now, w); /* the look-ahead measures engine speed too: it sets the checkpoint spacing */
        if (rv_now_ns(t->scout) == next_ck) {
            adapt_interval(t);
            ckpt *c = ck_new(t->scout, false, &t->scout_now);
            if (c && b->n == 1) measure_ck(t, (double)(rv_engine_size(c->e) + ui_history_bytes(c->now_state)));
            if (c && br_push(b, c) == 0) {
                if (b->n > t->max_ck) thin(t);
            } else ck_release(c);
        }
        if (w > budget_ms / 2 && step > 20000) step /= 2;
        else if (w < budget_ms / 8 && step < 1000000000LL) step *= 2;
        if (rv_now_ns(t->scout) == now) break;
    }
    if (rv_now_ns(t->scout) > b->hist.known_until) b->hist.known_until = rv_now_ns(t->scout);
    if (rv_now_ns(t->scout) >= end) scout_drop(t);
    return rebuilding || b->hist.known_until < end;
}

rv_engine *tt_engine(tt *t) { return t->e; }
const ui_history *tt_history(const tt *t) { return &t->br[t->cur].hist; }
int64_t tt_now(const tt *t) { return rv_now_ns(t->e); }
int64_t tt_end(const tt *t) { return rv_end_ns(t->e); }
int64_t tt_known_until(const tt *t) { return t->br[t->cur].hist.known_until; }
int tt_branch_count(const tt *t) { return t->nbr; }
int tt_branch_current(const tt *t) { return t->cur; }
int64_t tt_branch_fork_time(const tt *t, int b) { return (b >= 0 && b < t->nbr) ? t->br[b].fork_t : 0; }
size_t tt_checkpoints(const tt *t) { return t->br[t->cur].n; }
int64_t tt_interval(const tt *t) { return t->interval; }

static void restore(tt *t, size_t k)
{
    rv_engine *c = rv_engine_clone(cur(t)->ck[k]->e);
    if (!c) return; /* out of memory: stay where we are rather than lose the live state */
    rv_engine_take_ring(c, t->e); /* the event ring the live engine has grown, not a new one grown again */
    rv_engine_free(t->e);
    t->e = c;
    t->applied = k;
    ui_history_copy_instant(&cur(t)->hist, cur(t)->ck[k]->now_state);
    rv_engine_set_batch_sink(t->e, sink, t); /* clones start without one */
}

/* Simulate to `to` in chunks small enough that the event ring never overflows between reads and
 * that one chunk never blocks the window for long; stops early past deadline_ms (0 = none). */
static void run_plain_until(tt *t, int64_t to, double deadline_ms)
{
    while (rv_now_ns(t->e) < to) {
        if (deadline_ms > 0 && wall_ms(t) > deadline_ms) break;
        int64_t now = rv_now_ns(t->e), step = now + t->chunk < to ? now + t->chunk : to;
        uint64_t c0 = rv_event_count(t->e);
        double w0 = wall_ms(t);
        run_engine(t, t->e, step);
        double w = wall_ms(t) - w0;
        ui_history_ingest(&cur(t)->hist, t->e);
        uint64_t d = rv_event_count(t->e) - c0;
        /* chunks stay short in wall time (responsive playback) and in events (ring fallback) */
        if ((d > RING / 2 || w > 8.0) && t->chunk > 20000) t->chunk /= 2;
        else if (d < RING / 8 && w < 2.0 && t->chunk < 1000000000LL) t->chunk *= 2;
        note_speed(t, rv_now_ns(t->e) - now, w);
        if (rv_now_ns(t->e) < step) break; /* the engine refused to move (end of run) */
    }
}

static void run_plain(tt *t, int64_t to) { run_plain_until(t, to, 0); }

/* Keep at most max_ck: drop every other periodic checkpoint, double the interval. */
static void thin(tt *t)
{
    branch *b = cur(t);
    int64_t applied_t = b->ck[t->applied]->t;
    size_t w = 0;
    for (size_t i = 0; i < b->n; i++) {
        bool keep = i == 0 || b->ck[i]->inject || (i % 2 == 0) || i == b->n - 1;
        if (keep) b->ck[w++] = b->ck[i];
        else ck_release(b->ck[i]);
    }
    b->n = w;
    t->applied = 0;
    for (size_t i = 0; i < b->n; i++)
        if (b->ck[i]->t <= applied_t) t->applied = i;
    t->interval *= 2;
}

static void adapt_interval(tt *t)
{
    if (t->sim_per_wall <= 0) return;
    double want = t->sim_per_wall * SEEK_BUDGET_MS * 1e6;
    if (want < 100e6) want = 100e6;
    if (want > 10e9) want = 10e9;
    /* only shrink freely; growing is done by thinning so old checkpoints stay evenly spaced */
    if (want < (double)t->interval) t->interval = (int64_t)want;
    else if (cur(t)->n < 4) t->interval = (int64_t)want;
}

int64_t tt_advance(tt *t, int64_t to, double budget_ms)
{
    int64_t end = rv_end_ns(t->e);
    if (to > end) to = end;
    keep_at(t, to); /* the stretch around where this goes is not thinned on the way */
    double w0 = wall_ms(t), deadline = budget_ms > 0 ? w0 + budget_ms : 0;
    while (rv_now_ns(t->e) < to) {
        branch *b = cur(t);
        size_t j = t->applied + 1;
        int64_t now = rv_now_ns(t->e);
        if (j < b->n) {
            ckpt *c = b->ck[j];
            if (c->t > to) run_plain_until(t, to, deadline);
            else if (c->inject) {
                /* the branch's injection: its checkpoint is exactly the state after it */
                restore(t, j);
                cursor_reset(t);
            } else {
                /* within the frame's budget: a checkpoint interval can be seconds of work, and
                 * input waits while this runs (the rest is done on the next frames) */
                run_plain_until(t, c->t, deadline);
                if (rv_now_ns(t->e) == c->t) t->applied = j;
            }
        } else {
            int64_t next = b->ck[b->n - 1]->t + t->interval;
            while (next <= now) next += t->interval;
            if (next <= to && next <= end) {
                run_plain_until(t, next, deadline);
                if (rv_now_ns(t->e) == next) {
                    adapt_interval(t);
                    ckpt *c = ck_new(t->e, false, &cur(t)->hist);
                    if (c && b->n == 1) measure_ck(t, (double)(rv_engine_size(c->e) + ui_history_bytes(c->now_state)));
                    if (c && br_push(b, c) == 0) t->applied = b->n - 1;
                    else ck_release(c);
                    if (b->n > t->max_ck) thin(t);
                }
            } else {
                run_plain_until(t, to, deadline);
            }
        }
        if (rv_now_ns(t->e) == now) break; /* no progress: end of run */
        if (budget_ms > 0 && wall_ms(t) - w0 > budget_ms) break;
    }
    if (rv_now_ns(t->e) != t->cursor.base || t->cursor.nops) cursor_reset(t);
    return rv_now_ns(t->e);
}

static size_t last_ck_at_or_before(const branch *b, int64_t to)
{
    size_t lo = 0, hi = b->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (b->ck[mid]->t <= to) lo = mid + 1; else hi = mid;
    }
    return lo ? lo - 1 : 0;
}

int64_t tt_checkpoint_before(const tt *t, int64_t to)
{
    const branch *b = &t->br[t->cur];
    return b->n ? b->ck[last_ck_at_or_before(b, to)]->t : 0;
}

static void seek_keep_undo(tt *t, int64_t to)
{
    int64_t end = rv_end_ns(t->e), now = rv_now_ns(t->e);
    if (to < 0) to = 0;
    if (to > end) to = end;
    size_t k = last_ck_at_or_before(cur(t), to);
    if (to < now || (to == now && t->cursor.nops) || k > t->applied) restore(t, k);
    tt_advance(t, to, 0);
    cursor_reset(t);
}

void tt_seek(tt *t, int64_t to)
{
    undo_clear(t);
    seek_keep_undo(t, to);
}

/* After a single step: account for checkpoints passed; an unapplied injection passed by the
 * step is applied (the branch says it happened), then we come back to where the step ended. */
static void after_op(tt *t)
{
    ui_history_ingest(&cur(t)->hist, t->e);
    branch *b = cur(t);
    int64_t now = rv_now_ns(t->e);
    for (size_t j = t->applied + 1; j < b->n && b->ck[j]->t <= now; j++) {
        if (b->ck[j]->inject) {
            restore(t, j);
            run_plain(t, now);
            cursor_reset(t);
        } else {
            t->applied = j;
        }
    }
}

bool tt_event_matches(const rv_event *ev, const tt_match *m)
{
    if (m->type >= 0 && ev->type != m->type) return false;
    if (m->cpu >= 0 && ev->cpu >= 0 && ev->cpu != m->cpu) return false;
    if (m->flavor >= 0 && ev->flavor != m->flavor && !(ev->flavor < 0 && m->cpu >= 0 && ev->cpu == m->cpu)) return false;
    return true;
}

/* Events one at a time until one matches or time passes limit (limit < 0: until -limit events
 * were emitted in all), or (live steps, deadline_ms > 0)
 * the wall clock passes deadline_ms. The ring is read after every event, so a long walk through
 * thousands of unmatched events loses none of them. */
static bool step_until_match(tt *t, const tt_match *m, int64_t limit, double deadline_ms)
{
    for (unsigned n = 1;; n++) {
        uint64_t c0 = rv_event_count(t->e);
        int64_t before = rv_now_ns(t->e);
        if (rv_step_event(t->e) < 0) return false;
        if (t->virt_speed > 0) t->virt_ms += (double)(rv_now_ns(t->e) - before) / t->virt_speed;
        uint64_t c1 = rv_event_count(t->e);
        bool hit = false;
        for (uint64_t s = c0; s < c1 && !hit; s++) {
            const rv_event *ev = rv_event_get(t->e, s);
            hit = ev && tt_event_matches(ev, m);
        }
        ui_history_ingest(&cur(t)->hist, t->e);
        if (hit) return true;
        /* limit < 0: a replay of a step the wall clock stopped, after exactly -limit events in all */
        if (limit >= 0 ? rv_now_ns(t->e) >= limit : (int64_t)c1 >= -limit) return false;
        if (deadline_ms > 0 && n % 64 == 0 && wall_ms(t) > deadline_ms) return false;
    }
}

/* Run the tick at now when now is a jiffy boundary whose tick has not run (the engine runs events strictly
 * before the time it is moved to): rv_step_jiffy() then runs that tick alone and the clock stays. */
static void run_pending_tick(tt *t)
{
    const rv_config *cfg = rv_engine_config(t->e);
    int64_t jns = 1000000000LL / (cfg->hz > 0 ? cfg->hz : 1000); /* the engine's jiffy_ns */
    if ((int64_t)(rv_jiffies(t->e) + 1) * jns <= rv_now_ns(t->e)) rv_step_jiffy(t->e);
}

/* The position a jiffy step lands on: the seek to now's boundary, which stops before its tick, and the
 * tick (an undo to a bare seek showed the jiffy without its tick). */
static void cursor_at_tick(tt *t)
{
    cursor_reset(t);
    t->cursor.ops = malloc(sizeof *t->cursor.ops);
    if (t->cursor.ops) t->cursor.ops[t->cursor.nops++] = (op){.kind = TT_STEP_TICK, .flavor = -1, .type = -1, .cpu = -1};
}

/* deadline_ms > 0: a live step that may stop on the wall clock (replays never do: they stop where
 * the live step stopped, recorded in its op's limit) */
static bool do_op(tt *t, op o, double deadline_ms)
{
    bool hit = true;
    int64_t before = rv_now_ns(t->e); /* a virtual machine's clock follows the work done */
    if (o.kind == TT_STEP_TICK) run_pending_tick(t); /* a jiffy step's landing: the tick at its boundary */
    else if (o.kind == TT_STEP_EVENT) rv_step_event(t->e);
    else if (o.kind == TT_STEP_MATCH) { hit = step_until_match(t, &(tt_match){o.flavor, o.cpu, o.type}, o.limit, deadline_ms); before = rv_now_ns(t->e); }
    else hit = rv_step_gp_phase(t->e, o.flavor, o.limit);
    if (t->virt_speed > 0) t->virt_ms += (double)(rv_now_ns(t->e) - before) / t->virt_speed;
    after_op(t);
    return hit;
}

static int push_undo(tt *t, enum tt_step kind)
{
    if (t->nundo == t->capundo) {
        size_t nc = t->capundo ? t->capundo * 2 : 64;
        pos *nv = realloc(t->undo, nc * sizeof *nv);
        if (!nv) return -1;
        t->undo = nv; t->capundo = nc;
    }
    if (t->nundo >= 4096) { /* bounded: forget the oldest */
        pos_free(&t->undo[0]);
        memmove(t->undo, t->undo + 1, (t->nundo - 1) * sizeof *t->undo);
        t->nundo--;
    }
    if (pos_copy(&t->undo[t->nundo], &t->cursor) != 0) return -1;
    t->undo[t->nundo].kind = kind;
    t->nundo++;
    return 0;
}

/* Phase and filtered steps look at most 30 s ahead, and no further than ~80 ms of wall time at the
 * measured engine speed (4096 CPUs simulate slower than real time): a key never holds the window
 * past the 100 ms a user notices; pressing it again looks further. */
static int64_t step_limit(const tt *t, int64_t now, int64_t end)
{
    int64_t horizon = 30000000000LL;
    if (t->sim_per_wall > 0 && t->sim_per_wall * 0.08e9 < (double)horizon) horizon = (int64_t)(t->sim_per_wall * 0.08e9);
    if (horizon < 10000000LL) horizon = 10000000LL;
    return now + horizon < end ? now + horizon : end;
}

/* Apply op o after the current position, recorded in the cursor so that it replays exactly. */
static bool push_op(tt *t, op o)
{
    op *nv = realloc(t->cursor.ops, (t->cursor.nops + 1) * sizeof *nv);
    if (!nv) return false;
    t->cursor.ops = nv;
    t->cursor.ops[t->cursor.nops++] = o;
    pos keep;
    if (pos_copy(&keep, &t->cursor) != 0) return false;
    bool hit = do_op(t, o, o.kind == TT_STEP_MATCH ? wall_ms(t) + 80.0 : 0);
    /* stopped without a match (limit or wall clock): replays stop at this very moment too */
    if (!hit && o.kind == TT_STEP_MATCH && keep.nops) keep.ops[keep.nops - 1].limit = -(int64_t)rv_event_count(t->e);
    /* after_op may have reset the cursor (injection passed); otherwise it is base + ops */
    if (t->cursor.nops == 0 && rv_now_ns(t->e) != keep.base) pos_free(&keep);
    else { pos_free(&t->cursor); t->cursor = keep; }
    return hit;
}

void tt_step(tt *t, enum tt_step kind, int flavor)
{
    int64_t now = rv_now_ns(t->e), end = rv_end_ns(t->e);
    if (now >= end) return;
    push_undo(t, kind);
    if (kind == TT_STEP_TICK) {
        /* at a boundary whose tick has not run yet (a seek, a cue or Show me lands before the events at
         * its time), that tick alone left the clock where it stood, and the first → after Show me of
         * 7.2 looked ignored: one jiffy forward is the next boundary */
        run_pending_tick(t);
        if (rv_now_ns(t->e) < end) rv_step_jiffy(t->e);
        after_op(t);
        cursor_at_tick(t); /* on a boundary with its tick run */
        return;
    }
    push_op(t, (op){.kind = (uint8_t)kind, .flavor = (int8_t)flavor, .type = -1, .cpu = -1, .limit = step_limit(t, now, end)});
}

bool tt_step_match(tt *t, const tt_match *m)
{
    int64_t now = rv_now_ns(t->e), end = rv_end_ns(t->e);
    if (now >= end) return false;
    push_undo(t, TT_STEP_MATCH);
    return push_op(t, (op){.kind = TT_STEP_MATCH, .flavor = (int8_t)m->flavor, .type = (int16_t)m->type,
                           .cpu = m->cpu, .limit = step_limit(t, now, end)});
}

static void goto_pos(tt *t, const pos *p)
{
    seek_keep_undo(t, p->base);
    for (size_t i = 0; i < p->nops; i++) (void)do_op(t, p->ops[i], 0);
    pos_free(&t->cursor);
    pos_copy(&t->cursor, p);
}

/* Where a step back goes when it does not undo a step: the previous jiffy boundary, the previous
 * event's moment or the previous phase change of flavor. A cue or a "next stall" lands one
 * nanosecond past its moment (ui_app_seek_moment(): the engine runs events strictly before the time
 * it is moved to), so "before now" means before now - 1: from a cue at a tick, Left goes to the
 * jiffy before, not to the same instant without its tick (the clock stood still while the stall
 * warning vanished). */
static int64_t back_target(const tt *t, enum tt_step kind, int flavor)
{
    int64_t now = rv_now_ns(t->e), target = 0, here = now > 0 ? now - 1 : 0;
    const rv_config *cfg = rv_engine_config(t->e);
    int hz = cfg->hz > 0 ? cfg->hz : 1000;
    if (kind == TT_STEP_TICK) {
        const int64_t jns = 1000000000LL / hz; /* the engine's jiffy_ns: its boundaries are j * jns (HZ=300 too) */
        int64_t j = (int64_t)rv_jiffies(t->e);
        target = j * jns;
        while (target >= here && j > 0) target = --j * jns;
        if (target >= here) target = 0;
    } else if (kind == TT_STEP_EVENT) {
        /* the previous event's moment, shown as a cue shows one: just past it */
        target = here;
        for (uint64_t s = rv_event_count(t->e); s-- > 0;) {
            const rv_event *ev = rv_event_get(t->e, s);
            if (!ev) break;
            if (ev->t < here) { target = ev->t + 1; break; }
        }
    } else {
        target = ui_history_prev_phase(&t->br[t->cur].hist, flavor, now);
        if (target < 0) target = 0;
    }
    return target;
}

int64_t tt_step_back_to(const tt *t, enum tt_step kind, int flavor)
{
    if (t->nundo && t->undo[t->nundo - 1].kind == kind) return t->undo[t->nundo - 1].base;
    return back_target(t, kind, flavor);
}

double tt_speed(const tt *t) { return t->sim_per_wall * 1e6; }

void tt_step_back(tt *t, enum tt_step kind, int flavor)
{
    if (t->nundo && t->undo[t->nundo - 1].kind == kind) {
        pos p = t->undo[--t->nundo];
        goto_pos(t, &p);
        pos_free(&p);
        return;
    }
    tt_seek(t, back_target(t, kind, flavor));
    if (kind == TT_STEP_TICK) tt_land_on_tick(t); /* as a step forward lands: with the boundary's tick */
}

void tt_land_on_tick(tt *t)
{
    if (rv_now_ns(t->e) <= 0) return; /* t = 0: no tick has run there, forward or back */
    run_pending_tick(t);
    after_op(t);
    cursor_at_tick(t);
}

/* Latest event matching m with time < before among the events the live engine still holds. */
static int64_t ring_last_match(const tt *t, const tt_match *m, int64_t before)
{
    for (uint64_t s = rv_event_count(t->e); s-- > 0;) {
        const rv_event *ev = rv_event_get(t->e, s);
        if (!ev) break;
        if (ev->t < before && tt_event_matches(ev, m)) return ev->t;
    }
    return -1;
}

bool tt_step_match_back(tt *t, const tt_match *m)
{
    if (t->nundo && t->undo[t->nundo - 1].kind == TT_STEP_MATCH) {
        pos p = t->undo[--t->nundo];
        goto_pos(t, &p);
        pos_free(&p);
        return true;
    }
    return tt_find_match_back(t, m) >= 0;
}

int64_t tt_find_match_back(tt *t, const tt_match *m)
{
    int64_t now = rv_now_ns(t->e);
    /* "before" excludes the instant we stand on: one ns past a moment is that moment */
    int64_t before = now > 0 ? now - 1 : 0, found = ring_last_match(t, m, before);
    /* not in the ring (a seek keeps only the newest events): re-simulate checkpoint intervals
     * backwards, newest first, watching for the last match before now */
    size_t k = last_ck_at_or_before(cur(t), before);
    for (int tries = 0; found < 0 && tries < 8 && cur(t)->n; tries++) {
        int64_t from = cur(t)->ck[k]->t;
        restore(t, k);
        if (t->virt_speed > 0) t->virt_ms += (double)(before - from) / t->virt_speed;
        while (rv_now_ns(t->e) < before) {
            uint64_t c0 = rv_event_count(t->e);
            if (rv_step_event(t->e) < 0) break;
            for (uint64_t s = c0; s < rv_event_count(t->e); s++) {
                const rv_event *ev = rv_event_get(t->e, s);
                if (ev && ev->t < before && tt_event_matches(ev, m)) found = ev->t;
            }
        }
        ui_history_ingest(&cur(t)->hist, t->e);
        if (found >= 0 || k == 0 || from == 0) break;
        before = from;
        k--;
    }
    tt_seek(t, found >= 0 ? found + 1 : now);
    return found;
}

int tt_inject(tt *t, const rv_inject *cmd, bool *branched, char *err, size_t errlen)
{
    *branched = false;
    rebuild_drop(t); /* it re-simulates a future this changes */
    if (errlen) err[0] = 0;
    int64_t now = rv_now_ns(t->e);
    uint64_t seq_before = rv_event_count(t->e);
    bool future = tt_known_until(t) > now || t->applied + 1 < cur(t)->n;
    int old_cur = t->cur;
    /* the branch is made before the injection so that its events land in the new history */
    if (future) {
        branch *nb = realloc(t->br, (size_t)(t->nbr + 1) * sizeof *nb);
        if (nb) {
            t->br = nb;
            branch *old = &t->br[t->cur], *b = &t->br[t->nbr];
            memset(b, 0, sizeof *b);
            if (ui_history_copy(&b->hist, &old->hist) == 0) {
                ui_history_truncate(&b->hist, seq_before, now);
                for (size_t i = 0; i <= t->applied && i < old->n; i++) {
                    old->ck[i]->refs++;
                    br_push(b, old->ck[i]);
                }
                b->fork_t = now;
                /* the branch left behind keeps its history and its injections; its periodic
                 * checkpoints past the fork go (memory), it is re-simulated if you switch back */
                size_t w = 0;
                for (size_t i = 0; i < old->n; i++) {
                    if (i > t->applied && !old->ck[i]->inject) ck_release(old->ck[i]);
                    else old->ck[w++] = old->ck[i];
                }
                old->n = w;
                t->cur = t->nbr++;
                *branched = true;
            }
        }
    }
    if (rv_engine_inject(t->e, cmd, err, errlen) != 0) {
        if (*branched) { /* nothing happened: take the new branch back */
            branch_free(&t->br[--t->nbr]);
            t->cur = old_cur;
            *branched = false;
        }
        return -1;
    }
    if (*branched) {
        leave_branch(t, old_cur);
        evict_branches(t);
    }
    branch *b = cur(t);
    if (future && !*branched) {
        /* no memory for a branch: the old future is abandoned, and the user is told so */
        for (size_t i = t->applied + 1; i < b->n; i++) ck_release(b->ck[i]);
        b->n = t->applied + 1;
        ui_history_truncate(&b->hist, seq_before, now);
        ui_history_ingest(&b->hist, t->e);
        snprintf(err, errlen, "out of memory: the previous future of this run was dropped");
    }
    ui_history_ingest(&b->hist, t->e);
    ckpt *c = ck_new(t->e, true, &b->hist);
    if (c && br_push(b, c) == 0) t->applied = b->n - 1;
    else ck_release(c);
    cursor_reset(t);
    return 0;
}

int64_t tt_branch_first_intervention(const tt *t, int bi)
{
    if (bi < 0 || bi >= t->nbr) return -1;
    /* a branch starts with its parent's checkpoints up to the fork, the injection ones included; a
     * branch left behind is thinned (leave_branch()) but keeps every injection checkpoint */
    const branch *b = &t->br[bi];
    for (size_t i = 0; i < b->n; i++)
        if (b->ck[i]->inject) return b->ck[i]->t;
    return -1;
}

int64_t tt_first_intervention(const tt *t) { return tt_branch_first_intervention(t, t->cur); }

void tt_switch_branch(tt *t, int bi)
{
    if (bi < 0 || bi >= t->nbr || bi == t->cur) return;
    int64_t now = rv_now_ns(t->e);
    rebuild_drop(t);
    leave_branch(t, t->cur);
    t->cur = bi;
    cur(t)->hist.cap = UI_HIST_CAP;
    undo_clear(t);
    size_t k = last_ck_at_or_before(cur(t), now);
    restore(t, k);
    tt_advance(t, now, 0);
    cursor_reset(t);
}
