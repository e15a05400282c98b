/* triggers.c — scripted events and captions that fire on the engine's own events, `when` conditions, and the record of what could not be applied. */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Triggers watch the event log the engine already keeps: after every step (engine.c calls
 * triggers_scan) the events emitted since the last scan are matched against the armed triggers,
 * and a trigger that reaches its n-th occurrence schedules its event or caption delay_s after
 * the occurrence, through the same queue entries (QE_SCRIPT, QE_CAPTION) as timed ones. Nothing
 * here reads the outside world, so a triggered run is as deterministic as a timed one.
 */

static const char *const trig_names[RV_TRIG_NKINDS] = {
    "time", "gp_start", "gp_end", "qs_report", "fqs", "stall", "cpu_owes_qs", "callbacks",
};

const char *rv_trig_event_name(enum rv_trig_event ev) { return (unsigned)ev < RV_TRIG_NKINDS ? trig_names[ev] : "?"; }

int rv_trig_event_from_name(const char *name)
{
    for (int i = 0; i < RV_TRIG_NKINDS; i++)
        if (strcmp(name, trig_names[i]) == 0) return i;
    return -1;
}

bool rv_cue_invites(const rv_cue *q, const char *change)
{
    for (int i = 0; i < q->ninvites; i++)
        if (!strcmp(q->invites[i], change)) return true;
    return false;
}

enum rv_when_unmet rv_when_unmet(const rv_when *w, const rv_config *cfg)
{
    if (w->has_mode && cfg->rcu.mode != w->mode) return RV_WHEN_MODE;
    /* the fix as the run has it: -1 (not given) is the mode's (rv_cfg_needs_gp_fix()); compared raw, a
     * `when` on it never held in a file that left it to the mode */
    if (w->has_needs_gp_fix && rv_cfg_needs_gp_fix(cfg) != w->needs_gp_fix) return RV_WHEN_NEEDS_GP_FIX;
    if (w->has_fast_no_hz && cfg->rcu.fast_no_hz != w->fast_no_hz) return RV_WHEN_FAST_NO_HZ;
    if (w->has_flavor && (w->flavor < 0 || w->flavor >= RV_NFLAVORS || !cfg->rcu.flavors[w->flavor])) return RV_WHEN_FLAVOR;
    return RV_WHEN_MET;
}

bool rv_when_holds(const rv_when *w, const rv_config *cfg) { return rv_when_unmet(w, cfg) == RV_WHEN_MET; }

typedef struct trig_item {
    rv_trigger on;
    bool is_caption;
    size_t index;
    bool armed;      /* still watching (one-shot: disarmed when it fires) */
    long seen;       /* occurrences so far */
    bool below;      /* RV_TRIG_CALLBACKS: the queue was below the threshold since the last crossing */
    int64_t due;     /* once fired: when its event or caption is due (the occurrence plus delay_s) */
} trig_item;

struct trig_engine {
    trig_item *items; size_t nitems, narmed;
    int64_t *cap_fired; size_t ncaps;   /* per caption: when it fired, -1 */
    int64_t *ev_fired; size_t nevs;     /* per scripted event: when it was due and ran, -1 */
    rv_not_applied *na; size_t nna, na_cap;
    rv_not_applied *pend; size_t npend; /* scratch: never-fired triggered events at the end */
    uint64_t orphaned[RV_NFLAVORS], adopted[RV_NFLAVORS], blocked[RV_NFLAVORS], blocked_gp[RV_NFLAVORS];
    struct rv_orphan_report *orph; size_t norph, orph_cap;
    uint64_t offlines, onlines;
    size_t *first; size_t nfirst, next_first; /* "first" events (indexes, in time order) and the next one due */
};

void triggers_free(struct trig_engine *t);
static void scan_types_update(rv_engine *e);
static uint64_t types_emitted(const rv_engine *e, uint64_t types);

static int64_t s2ns_t(double s) { return (int64_t)(s * (double)NS_PER_S); } /* as workload.c rounds */

int triggers_boot(rv_engine *e)
{
    const rv_config *cfg = &e->cfg;
    struct trig_engine *t = calloc(1, sizeof *t);
    if (!t) return -1;
    t->ncaps = cfg->ncaptions;
    t->nevs = cfg->nevents;
    t->cap_fired = malloc((t->ncaps + 1) * sizeof *t->cap_fired);
    t->ev_fired = malloc((t->nevs + 1) * sizeof *t->ev_fired);
    t->items = calloc(t->ncaps + t->nevs + 1, sizeof *t->items);
    t->first = calloc(t->nevs + 1, sizeof *t->first);
    if (!t->cap_fired || !t->ev_fired || !t->items || !t->first) { triggers_free(t); return -1; }
    e->trig = t; /* rv_engine_new reports out of memory when it stays NULL */
    for (size_t i = 0; i < t->nevs; i++) {
        const rv_inject *ev = &cfg->events[i];
        t->ev_fired[i] = -1;
        if (!rv_when_holds(&ev->when, cfg)) continue; /* not this engine's event: deliberate, not a failure */
        if (ev->on.event == RV_TRIG_TIME && ev->first) { t->first[t->nfirst++] = i; continue; } /* cfg.events is in time order */
        if (ev->on.event == RV_TRIG_TIME) { sched_at(e, s2ns_t(ev->at_s), QE_SCRIPT, -1, 0, i, 0); continue; }
        t->items[t->nitems++] = (trig_item){ev->on, false, i, true, 0, true, -1};
    }
    for (size_t i = 0; i < t->ncaps; i++) {
        const rv_caption *c = &cfg->captions[i];
        t->cap_fired[i] = -1;
        if (!rv_when_holds(&c->when, cfg)) continue;
        if (c->on.event == RV_TRIG_TIME) { sched_at(e, s2ns_t(c->at_s), QE_CAPTION, -1, 0, i, 0); continue; }
        t->items[t->nitems++] = (trig_item){c->on, true, i, true, 0, true, -1};
    }
    t->narmed = t->nitems;
    scan_types_update(e);
    /* events logged before the scanner existed (every type was kept then) are walked at the first scan */
    e->scan_hits = types_emitted(e, e->scan_types);
    e->scan_hits_seen = 0;
    return 0;
}

void triggers_free(struct trig_engine *t)
{
    if (!t) return;
    free(t->first); free(t->items); free(t->cap_fired); free(t->ev_fired); free(t->na); free(t->pend); free(t->orph);
    free(t);
}

static void *dup_arr(const void *src, size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (p && bytes) memcpy(p, src, bytes);
    return p;
}

struct trig_engine *triggers_clone(const struct trig_engine *s, const rv_config *cfg)
{
    (void)cfg;
    if (!s) return NULL;
    struct trig_engine *t = malloc(sizeof *t);
    if (!t) return NULL;
    *t = *s;
    t->items = dup_arr(s->items, (s->ncaps + s->nevs + 1) * sizeof *s->items);
    t->cap_fired = dup_arr(s->cap_fired, (s->ncaps + 1) * sizeof *s->cap_fired);
    t->ev_fired = dup_arr(s->ev_fired, (s->nevs + 1) * sizeof *s->ev_fired);
    t->na = dup_arr(s->na, s->na_cap * sizeof *s->na);
    t->orph = dup_arr(s->orph, s->orph_cap * sizeof *s->orph);
    t->first = dup_arr(s->first, (s->nevs + 1) * sizeof *s->first);
    t->pend = NULL; t->npend = 0;
    if (!t->first || !t->items || !t->cap_fired || !t->ev_fired || !t->na || !t->orph) { triggers_free(t); return NULL; }
    return t;
}

/* ------------------------------------------------------------------ matching */

static long cpu_qlen(const rv_engine *e, int cpu, int flavor)
{
    long n = 0;
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (e->rsp[f].enabled && (flavor < 0 || flavor == f)) n += e->rsp[f].rda[cpu].qlen;
    return n;
}

static void fire(rv_engine *e, trig_item *it, int64_t at)
{
    it->armed = false;
    e->trig->narmed--;
    int64_t t = at + s2ns_t(it->on.delay_s);
    if (t < e->now) t = e->now;
    it->due = t;
    sched_at(e, t, it->is_caption ? QE_CAPTION : QE_SCRIPT, -1, 0, it->index, 0);
}

static void occurrence(rv_engine *e, trig_item *it, int64_t at)
{
    long want = it->on.n > 0 ? it->on.n : 1;
    if (++it->seen >= want) fire(e, it, at);
}

/* The CPUs of leaf `node` whose bits are in mask get one occurrence each (cpu filter applied). */
static void per_leaf_cpu(rv_engine *e, trig_item *it, const rv_event *ev)
{
    const rcu_state *rsp = &e->rsp[ev->flavor];
    if (ev->node < 0 || ev->node >= e->nnodes) return;
    const rcu_node *rnp = &rsp->node[ev->node];
    for (int c = rnp->grplo; c <= rnp->grphi && c < e->ncpus && it->armed; c++) {
        const rcu_data *rdp = &rsp->rda[c];
        if (rdp->mynode != ev->node || !(ev->mask & rdp->grpmask)) continue;
        if (it->on.cpu >= 0 && it->on.cpu != c) continue;
        occurrence(e, it, ev->t);
    }
}

static void callbacks_check(rv_engine *e, trig_item *it, int cpu, int64_t t)
{
    if (cpu < 0 || cpu >= e->ncpus || (it->on.cpu >= 0 && it->on.cpu != cpu)) return;
    long q = cpu_qlen(e, cpu, it->on.flavor);
    if (q < it->on.count) { it->below = true; return; }
    if (it->below) { it->below = false; occurrence(e, it, t); }
}

static void match(rv_engine *e, trig_item *it, const rv_event *ev)
{
    const rv_trigger *on = &it->on;
    bool fl_ok = on->flavor < 0 || on->flavor == ev->flavor;
    switch (on->event) {
    case RV_TRIG_GP_START: if (ev->type == RV_EV_GP_START && fl_ok) occurrence(e, it, ev->t); break;
    case RV_TRIG_GP_END: /* ev->n: how long the grace period lasted (gp_finish()) */
        if (ev->type == RV_EV_GP_END && fl_ok && (double)ev->n >= on->min_duration_s * NS_PER_S) occurrence(e, it, ev->t);
        break;
    case RV_TRIG_FQS: if (ev->type == RV_EV_FQS && fl_ok) occurrence(e, it, ev->t); break;
    case RV_TRIG_STALL:
        if (ev->type == RV_EV_STALL && fl_ok && (on->cpu < 0 || on->cpu == ev->cpu)) occurrence(e, it, ev->t);
        break;
    case RV_TRIG_QS_REPORT: /* the leaf's report names the CPUs whose bits it cleared; climbs do not count again */
        if (ev->type == RV_EV_QS_REPORT && fl_ok) per_leaf_cpu(e, it, ev);
        break;
    case RV_TRIG_CPU_OWES_QS: /* GP init copied qsmaskinit into the leaf: its CPUs with bits set owe a QS */
        if (ev->type == RV_EV_GP_INIT_NODE && fl_ok) per_leaf_cpu(e, it, ev);
        break;
    case RV_TRIG_CALLBACKS:
        if (ev->type == RV_EV_CB_QUEUE || ev->type == RV_EV_CB_INVOKE) callbacks_check(e, it, ev->cpu, ev->t);
        else if (ev->type == RV_EV_CB_ORPHAN) { callbacks_check(e, it, ev->cpu, ev->t); callbacks_check(e, it, ev->node, ev->t); }
        break;
    default: break;
    }
}

/* Counts the report needs that no engine module keeps (the log has them). */
static void count_for_report(struct trig_engine *t, const rv_event *ev)
{
    if (ev->type == RV_EV_CPU_OFFLINE) t->offlines++;
    if (ev->type == RV_EV_CPU_ONLINE) t->onlines++;
    if (ev->flavor < 0 || ev->flavor >= RV_NFLAVORS) return;
    if (ev->type == RV_EV_READER_BLOCK) {
        t->blocked[ev->flavor]++;
        t->blocked_gp[ev->flavor] += ev->arg != 0;
    } else if (ev->type == RV_EV_CB_ORPHAN) {
        t->orphaned[ev->flavor] += (uint64_t)ev->n;
        if (ev->node >= 0) t->adopted[ev->flavor] += (uint64_t)ev->n;
        if (t->norph == t->orph_cap) {
            size_t cap = t->orph_cap ? t->orph_cap * 2 : 8;
            struct rv_orphan_report *o = realloc(t->orph, cap * sizeof *o);
            if (!o) return;
            t->orph = o; t->orph_cap = cap;
        }
        struct rv_orphan_report *o = &t->orph[t->norph++];
        memset(o, 0, sizeof *o); /* padding too: reports are compared bytewise */
        o->t_s = (double)ev->t / NS_PER_S; o->cpu = ev->cpu; o->flavor = ev->flavor; o->adopted_by = ev->node; o->n = (long)ev->n;
    }
}

/* Does an armed trigger read events of this type? Per-node events (a leaf's QS report, a node's
 * GP init) are logged only for a reader of the log or such a trigger (tree.c, gp.c). */
bool triggers_watch(const rv_engine *e, int ev_type)
{
    const struct trig_engine *t = e->trig;
    if (!t || !t->narmed) return false;
    for (size_t i = 0; i < t->nitems; i++) {
        const trig_item *it = &t->items[i];
        if (!it->armed) continue;
        if ((it->on.event == RV_TRIG_QS_REPORT && ev_type == RV_EV_QS_REPORT) ||
            (it->on.event == RV_TRIG_CPU_OWES_QS && ev_type == RV_EV_GP_INIT_NODE))
            return true;
    }
    return false;
}

_Static_assert(RV_EV_NTYPES <= 64, "scan_types is a 64-bit mask of event types");
#define EVBIT(type) (1ull << (type))
/* count_for_report() reads these whatever is armed */
#define REPORT_TYPES (EVBIT(RV_EV_READER_BLOCK) | EVBIT(RV_EV_CB_ORPHAN) | EVBIT(RV_EV_CPU_OFFLINE) | EVBIT(RV_EV_CPU_ONLINE))

/* The event types match() can act on for an armed trigger of this kind. */
static uint64_t trigger_types(enum rv_trig_event kind)
{
    switch (kind) {
    case RV_TRIG_GP_START: return EVBIT(RV_EV_GP_START);
    case RV_TRIG_GP_END: return EVBIT(RV_EV_GP_END);
    case RV_TRIG_FQS: return EVBIT(RV_EV_FQS);
    case RV_TRIG_STALL: return EVBIT(RV_EV_STALL);
    case RV_TRIG_QS_REPORT: return EVBIT(RV_EV_QS_REPORT);
    case RV_TRIG_CPU_OWES_QS: return EVBIT(RV_EV_GP_INIT_NODE);
    case RV_TRIG_CALLBACKS: return EVBIT(RV_EV_CB_QUEUE) | EVBIT(RV_EV_CB_INVOKE) | EVBIT(RV_EV_CB_ORPHAN);
    default: return 0;
    }
}

/* Events of these types emitted so far (emit() counts every event by type anyway). */
static uint64_t types_emitted(const rv_engine *e, uint64_t types)
{
    uint64_t n = 0;
    for (; types; types &= types - 1) n += e->ev_count[__builtin_ctzll(types)];
    return n;
}

/* What the scanner reads (rv_engine.scan_types): the report's counts and the types armed triggers
 * match. Recomputed when the armed set changes (boot, a trigger fired); a headless emit() logs
 * only these types, and counts them in scan_hits so that a step that emitted none of them is not
 * walked (step_once()). */
static void scan_types_update(rv_engine *e)
{
    struct trig_engine *t = e->trig;
    uint64_t types = REPORT_TYPES;
    for (size_t i = 0; i < t->nitems && t->narmed; i++)
        if (t->items[i].armed) types |= trigger_types(t->items[i].on.event);
    e->scan_types = types;
    events_update_slow_at(e);
}

void triggers_scan(rv_engine *e)
{
    struct trig_engine *t = e->trig;
    if (!t) return;
    uint64_t end = e->nevents; /* events emitted while firing are matched on the next scan */
    uint64_t s = e->trig_scanned;
    e->trig_scanned = end;
    if (e->scan_hits == e->scan_hits_seen) return; /* nothing it reads since the last scan */
    e->scan_hits_seen = e->scan_hits;
    size_t armed = t->narmed;
    /* events.c grows the ring rather than overwrite events not scanned yet, so none is lost here; a
     * headless step may number more events than the ring spans, but beyond ring_alloc of the last
     * scan it holds only counted ones (ring_grow() says why) */
    uint64_t stop = end - s > e->ring_alloc ? s + e->ring_alloc : end;
    for (; s < stop; s++) { /* most events need nothing here */
        const rv_event *ev = &e->ring[s & (e->ring_alloc - 1)];
        if (ev->seq != s || !(e->scan_types & EVBIT(ev->type))) continue; /* only counted, or not read here */
        switch (ev->type) {
        case RV_EV_READER_BLOCK: case RV_EV_CB_ORPHAN: case RV_EV_CPU_OFFLINE: case RV_EV_CPU_ONLINE:
            count_for_report(t, ev);
            break;
        default: break;
        }
        if (!t->narmed) continue;
        for (size_t i = 0; i < t->nitems; i++)
            if (t->items[i].armed) match(e, &t->items[i], ev);
    }
    if (t->narmed != armed) scan_types_update(e); /* a trigger fired: it reads nothing more */
}

/* ------------------------------------------------------------------ firing */

/* What would make a refused event apply, from the kind and the refusal. */
static const char *hint(const rv_inject *ev, const char *err)
{
    if (strstr(err, "not enabled")) return "enable the flavor in rcu.flavors";
    if (strstr(err, "read-side critical section"))
        return "it applies once the CPU has left its reader: move at_s later, or trigger it with \"on\" (for example "
               "{\"event\": \"qs_report\", \"cpu\": N}) and a delay_s";
    if (strstr(err, "looping in the kernel")) return "move it after the kernel loop ends";
    if (strstr(err, "last online CPU")) return "bring another CPU online first";
    if (strstr(err, "already offline")) return "it needs the CPU online: remove the duplicate offline or put an online before it";
    if (strstr(err, "already online")) return "it needs the CPU offline: put an offline event before it";
    if (strstr(err, "is offline")) return "it needs the CPU online: move it outside the CPU's offline stretch";
    (void)ev;
    return "check the event's fields against the schema";
}

static void record_not_applied(rv_engine *e, size_t index, double t_s, const char *why)
{
    struct trig_engine *t = e->trig;
    const rv_inject *ev = &e->cfg.events[index];
    if (t->nna == t->na_cap) {
        size_t cap = t->na_cap ? t->na_cap * 2 : 8;
        rv_not_applied *n = realloc(t->na, cap * sizeof *n);
        if (!n) return;
        t->na = n; t->na_cap = cap;
    }
    rv_not_applied *r = &t->na[t->nna++];
    memset(r, 0, sizeof *r);
    r->t_s = t_s; r->index = ev->file_index; r->kind = ev->kind; r->cpu = ev->cpu;
    snprintf(r->reason, sizeof r->reason, "%s", why);
}

void triggers_run_script(rv_engine *e, size_t index)
{
    const rv_inject *ev = &e->cfg.events[index];
    char err[200], why[400];
    if (e->trig && index < e->trig->nevs) e->trig->ev_fired[index] = e->now;
    if (apply_inject(e, ev, err, sizeof err) == 0) return;
    size_t k = strlen(err); /* the message, then what would make it apply: both fit in why */
    memcpy(why, err, k);
    snprintf(why + k, sizeof why - k, "; %.190s", hint(ev, err));
    klog(e, "rcuvis: scripted %s at %.3f s not applied: %s", rv_inject_kind_name(ev->kind), (double)e->now / NS_PER_S, why);
    if (e->trig) record_not_applied(e, index, (double)e->now / NS_PER_S, why);
}

int64_t triggers_next_first(const rv_engine *e)
{
    const struct trig_engine *t = e->trig;
    if (!t || t->next_first >= t->nfirst) return INT64_MAX;
    return s2ns_t(e->cfg.events[t->first[t->next_first]].at_s);
}

/* A recorded event (has_step) goes right after the step it followed in the window, even when that
 * step was the tick at its own instant; a hand-written "first" event goes before anything due then. */
bool triggers_first_due(const rv_engine *e, int64_t tnext, int64_t limit)
{
    const struct trig_engine *t = e->trig;
    if (!t || t->next_first >= t->nfirst) return false;
    const rv_inject *ev = &e->cfg.events[t->first[t->next_first]];
    int64_t at = s2ns_t(ev->at_s);
    if (ev->has_step) return e->steps >= ev->at_step && at <= limit;
    return at <= tnext && at < limit;
}

void triggers_run_first(rv_engine *e)
{
    struct trig_engine *t = e->trig;
    int64_t at = triggers_next_first(e);
    if (at == INT64_MAX) return;
    if (at > e->now) e->now = at;
    size_t index = t->first[t->next_first++];
    enum exec_ctx saved = e->ctx; int saved_cpu = e->ctx_cpu;
    e->ctx = CTX_NONE; e->ctx_cpu = -1; /* as rv_engine_inject() runs: from outside any handler */
    triggers_run_script(e, index);
    e->ctx = saved; e->ctx_cpu = saved_cpu;
}

void triggers_show_caption(rv_engine *e, size_t index)
{
    if (e->trig && index < e->trig->ncaps) e->trig->cap_fired[index] = e->now;
    rv_event *ce = emit(e, RV_EV_CAPTION, -1, -1);
    if (ce) {
        ce->id = index; /* in cfg.captions, sorted by time: what the app looks its text up by */
        /* the trace's "index": its place in the file's "captions" ($.captions[n]), as check and
         * events_not_applied name it */
        ce->n = index < e->cfg.ncaptions ? e->cfg.captions[index].file_index : (int64_t)index;
    }
}

/* ------------------------------------------------------------------ queries */

static void trigger_text(const rv_trigger *on, char *buf, size_t n)
{
    int k = snprintf(buf, n, "%s", rv_trig_event_name(on->event));
    if (on->flavor >= 0 && k >= 0 && (size_t)k < n) k += snprintf(buf + k, n - (size_t)k, " of %s", rv_flavor_name(on->flavor));
    /* a stall trigger's cpu is the CPU that prints the warning, which for another CPU's stall is not
     * the stalled one (print_other_cpu_stall()): "on CPU 1" read as CPU 1's stall to an author */
    if (on->cpu >= 0 && k >= 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, on->event == RV_TRIG_STALL ? " printed by CPU %d" : " on CPU %d", on->cpu);
    if (on->event == RV_TRIG_CALLBACKS && k >= 0 && (size_t)k < n) k += snprintf(buf + k, n - (size_t)k, " reaching %ld", on->count);
    if (on->event == RV_TRIG_GP_END && on->min_duration_s > 0 && k >= 0 && (size_t)k < n)
        k += snprintf(buf + k, n - (size_t)k, " lasting %.9g s or more", on->min_duration_s);
    if (on->n > 1 && k >= 0 && (size_t)k < n) snprintf(buf + k, n - (size_t)k, " (occurrence %ld)", on->n);
}

/* What would make a trigger that never fired fire: lower its threshold keys (a callbacks trigger's
 * is "count", every trigger's occurrence is "n"; only those above their minimum of 1), loosen its
 * filter (only if it has one), or run longer. "lower \"count\" or \"n\", loosen the filter or lengthen duration_s" */
static void trigger_fix(const rv_engine *e, const rv_trigger *on, char *buf, size_t n)
{
    const char *part[3];
    char keys[224] = "";
    int np = 0;
    bool cnt = on->event == RV_TRIG_CALLBACKS && on->count > 1, occ = on->n > 1;
    bool dur = on->event == RV_TRIG_GP_END && on->min_duration_s > 0;
    if (cnt || occ || dur) {
        /* how far to lower min_duration_s: the longest grace period that ended, of the flavor watched; and
         * one still open at the end, which gp_end never saw (omap-stall's stalled one, 85 s old): lowering
         * the key would only catch a short one */
        char longest[120] = "";
        int64_t max = 0, open = 0;
        bool ended = false;
        for (int f = 0; dur && f < RV_NFLAVORS; f++) {
            const rcu_state *rsp = &e->rsp[f];
            if (!rsp->enabled || (on->flavor >= 0 && on->flavor != f)) continue;
            ended |= rsp->grace_periods > 0;
            if (rsp->gp_max_ns > max) max = rsp->gp_max_ns;
            if (gp_in_progress(rsp) && e->now - rsp->gp_start_ns > open) open = e->now - rsp->gp_start_ns;
        }
        int k = 0;
        if (dur && ended) k = snprintf(longest, sizeof longest, " (the longest grace period that ended lasted %.3g s", (double)max / NS_PER_S);
        else if (dur) k = snprintf(longest, sizeof longest, " (no grace period ended");
        if (dur && open > max && k >= 0 && (size_t)k < sizeof longest)
            k += snprintf(longest + k, sizeof longest - (size_t)k, "; one %.3g s old was still open at the end", (double)open / NS_PER_S);
        if (dur && k >= 0 && (size_t)k < sizeof longest) snprintf(longest + k, sizeof longest - (size_t)k, ")");
        snprintf(keys, sizeof keys, "lower %s%s%s%s%s%s", cnt ? "\"count\"" : "", cnt && (occ || dur) ? " or " : "",
                 dur ? "\"min_duration_s\"" : "", longest, dur && occ ? " or " : "", occ ? "\"n\"" : "");
        part[np++] = keys;
    }
    if (on->flavor >= 0 || on->cpu >= 0) part[np++] = "loosen the filter";
    part[np++] = "lengthen duration_s";
    size_t k = 0;
    buf[0] = 0;
    for (int i = 0; i < np && k < n; i++)
        k += (size_t)snprintf(buf + k, n - k, "%s%s", i == 0 ? "" : i < np - 1 ? ", " : cnt && occ && np == 2 ? ", or " : " or ",
                              part[i]);
}

/* An event due at or after the end never ran (nothing runs then: rv_step_event). The loader refuses
 * such a time in the file, so this is a run cut short (--duration, --set duration_s=2): the event
 * still counts as not applied, so that expect and --strict see it. */
static void after_end(const rv_engine *e, const rv_inject *ev, double due_s, bool triggered, rv_not_applied *r)
{
    memset(r, 0, sizeof *r);
    r->t_s = due_s; r->index = ev->file_index; r->kind = ev->kind; r->cpu = ev->cpu; r->after_end = true;
    char why[120] = "";
    if (triggered) snprintf(why, sizeof why, " (its trigger fired and delay_s put it at %.9g s)", due_s);
    snprintf(r->reason, sizeof r->reason, "after the run's end, %g s%s; a run longer than %.9g s (duration_s) applies it",
             (double)e->end / NS_PER_S, why, due_s);
}

/* Is timed event i one that never ran although this engine would have run it (not a "first" one,
 * which has its own entry, and not one whose `when` leaves it out)? */
static bool timed_never_ran(const rv_engine *e, size_t i)
{
    const rv_inject *ev = &e->cfg.events[i];
    return ev->on.event == RV_TRIG_TIME && !ev->first && e->trig->ev_fired[i] < 0 && rv_when_holds(&ev->when, &e->cfg);
}

/* Triggered events still armed at the end of the run never happened: list them too, and every
 * event that was due only after the end. */
static void fill_pending(const rv_engine *e)
{
    struct trig_engine *t = e->trig;
    t->npend = 0;
    if (e->now < e->end) return;
    size_t n = t->nfirst - t->next_first;
    for (size_t i = 0; i < t->nitems; i++) n += !t->items[i].is_caption && (t->items[i].armed || t->ev_fired[t->items[i].index] < 0);
    for (size_t i = 0; i < t->nevs; i++) n += timed_never_ran(e, i);
    if (!n) return;
    rv_not_applied *p = realloc(t->pend, n * sizeof *p);
    if (!p) return;
    t->pend = p;
    for (size_t i = 0; i < t->nitems; i++) {
        const trig_item *it = &t->items[i];
        if (!it->armed || it->is_caption) continue;
        const rv_inject *ev = &e->cfg.events[it->index];
        rv_not_applied *r = &p[t->npend++];
        memset(r, 0, sizeof *r);
        char what[160], fix[300];
        trigger_text(&it->on, what, sizeof what);
        trigger_fix(e, &it->on, fix, sizeof fix);
        r->t_s = -1; r->index = ev->file_index; r->kind = ev->kind; r->cpu = ev->cpu;
        snprintf(r->reason, sizeof r->reason, "its trigger (%.100s) happened %ld time%s before the end of the run; %.220s", what,
                 it->seen, it->seen == 1 ? "" : "s", fix);
    }
    for (size_t k = t->next_first; k < t->nfirst; k++) { /* recorded events whose moment never came */
        const rv_inject *ev = &e->cfg.events[t->first[k]];
        rv_not_applied *r = &p[t->npend++];
        memset(r, 0, sizeof *r);
        r->t_s = ev->at_s; r->index = ev->file_index; r->kind = ev->kind; r->cpu = ev->cpu;
        snprintf(r->reason, sizeof r->reason, "the run ended before its moment (at_step %llu); remove at_step or lengthen duration_s",
                 (unsigned long long)ev->at_step);
    }
    for (size_t i = 0; i < t->nevs; i++) /* cfg.events is in time order */
        if (timed_never_ran(e, i)) after_end(e, &e->cfg.events[i], e->cfg.events[i].at_s, false, &p[t->npend++]);
    for (size_t i = 0; i < t->nitems; i++) { /* fired, but delay_s put the event past the end */
        const trig_item *it = &t->items[i];
        if (it->armed || it->is_caption || t->ev_fired[it->index] >= 0) continue;
        after_end(e, &e->cfg.events[it->index], (double)it->due / NS_PER_S, true, &p[t->npend++]);
    }
}

size_t rv_not_applied_count(const rv_engine *e)
{
    if (!e->trig) return 0;
    fill_pending(e);
    return e->trig->nna + e->trig->npend;
}

const rv_not_applied *rv_not_applied_get(const rv_engine *e, size_t i)
{
    const struct trig_engine *t = e->trig;
    if (!t) return NULL;
    if (i < t->nna) return &t->na[i];
    return i - t->nna < t->npend ? &t->pend[i - t->nna] : NULL;
}

int64_t rv_caption_fired_ns(const rv_engine *e, size_t i)
{
    return e->trig && i < e->trig->ncaps ? e->trig->cap_fired[i] : -1;
}

static bool caption_missed(const rv_engine *e, size_t i, char *why, size_t n, bool advise)
{
    const struct trig_engine *t = e->trig;
    if (!t || i >= t->ncaps || e->now < e->end || t->cap_fired[i] >= 0) return false;
    const rv_caption *c = &e->cfg.captions[i];
    if (!rv_when_holds(&c->when, &e->cfg)) return false; /* meant for another configuration */
    double end_s = (double)e->end / NS_PER_S;
    if (c->on.event == RV_TRIG_TIME) { /* the loader keeps at_s before the file's end: a shortened run */
        snprintf(why, n, "it was due at %.9g s, after the run's end at %g s", c->at_s, end_s);
        return true;
    }
    for (size_t k = 0; k < t->nitems; k++) {
        const trig_item *it = &t->items[k];
        if (!it->is_caption || it->index != i) continue;
        char what[160], fix[300];
        trigger_text(&it->on, what, sizeof what);
        trigger_fix(e, &it->on, fix, sizeof fix);
        if (it->armed)
            snprintf(why, n, "its trigger (%s) happened %ld time%s before the run's end at %g s%s%s", what, it->seen,
                     it->seen == 1 ? "" : "s", end_s, advise ? "; " : "", advise ? fix : "");
        else /* it fired, but the occurrence plus delay_s lies at or after the end */
            snprintf(why, n, "its trigger (%s) fired, but delay_s put it at %.9g s, after the run's end at %g s%s", what,
                     (double)it->due / NS_PER_S, end_s, advise ? "; shorten delay_s or lengthen duration_s" : "");
        return true;
    }
    return false;
}

bool rv_caption_missed(const rv_engine *e, size_t i, char *why, size_t n) { return caption_missed(e, i, why, n, true); }
bool rv_caption_missed_plain(const rv_engine *e, size_t i, char *why, size_t n) { return caption_missed(e, i, why, n, false); }

int64_t rv_event_fired_ns(const rv_engine *e, size_t i)
{
    return e->trig && i < e->trig->nevs ? e->trig->ev_fired[i] : -1;
}

int64_t rv_caption_until_ns(const rv_engine *e, size_t i)
{
    int64_t f = rv_caption_fired_ns(e, i);
    if (f < 0) return -1;
    const rv_caption *c = &e->cfg.captions[i];
    if (c->on.event == RV_TRIG_TIME && c->until_s > c->at_s) return s2ns_t(c->until_s);
    if (c->on.event != RV_TRIG_TIME && c->show_s > 0) return f + s2ns_t(c->show_s);
    int64_t next = INT64_MAX;
    for (size_t k = 0; k < e->trig->ncaps; k++) {
        int64_t g = e->trig->cap_fired[k];
        if (k != i && g >= 0 && (g > f || (g == f && k > i)) && g < next) next = g;
    }
    return next;
}

int rv_caption_current(const rv_engine *e)
{
    if (!e->trig) return -1;
    int best = -1;
    int64_t bt = -1;
    for (size_t i = 0; i < e->trig->ncaps; i++) {
        int64_t f = e->trig->cap_fired[i];
        if (f >= 0 && f <= e->now && f >= bt) { best = (int)i; bt = f; }
    }
    if (best >= 0 && rv_caption_until_ns(e, (size_t)best) <= e->now) return -1;
    return best;
}

void triggers_report(const rv_engine *e, rv_report *r)
{
    const struct trig_engine *t = e->trig;
    if (!t) return;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        r->flavors[f].callbacks_orphaned = t->orphaned[f];
        r->flavors[f].callbacks_adopted = t->adopted[f];
        r->flavors[f].blocked_tasks = t->blocked[f];
        r->flavors[f].blocked_tasks_gp = t->blocked_gp[f];
        r->flavors[f].dyntick_credits = e->rsp[f].dyntick_credits; /* gp.c counts them: they may not be logged */
    }
    r->cpu_offlines = t->offlines;
    r->cpu_onlines = t->onlines;
    size_t n = rv_not_applied_count(e);
    if (n) {
        r->not_applied = malloc(n * sizeof *r->not_applied);
        for (size_t i = 0; r->not_applied && i < n; i++) r->not_applied[i] = *rv_not_applied_get(e, i);
        if (r->not_applied) r->nnot_applied = n;
    }
    if (t->norph) {
        r->orphans = malloc(t->norph * sizeof *r->orphans);
        if (r->orphans) { memcpy(r->orphans, t->orph, t->norph * sizeof *r->orphans); r->norphans = t->norph; }
    }
}
