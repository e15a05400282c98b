/* engine.c — engine lifetime, deep copies for time travel, and the main loop (ticks at jiffy boundaries, events between). */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *dup_mem(const void *src, size_t bytes)
{
    if (!src || !bytes) return NULL;
    void *p = malloc(bytes);
    if (p) memcpy(p, src, bytes);
    return p;
}

rv_engine *rv_engine_new(const rv_config *cfg, const rv_engine_opts *opts, char *err, size_t errlen)
{
    if (rv_config_validate(cfg, err, errlen)) return NULL;
    rv_engine *e = calloc(1, sizeof *e);
    if (!e || rv_config_copy(&e->cfg, cfg)) { free(e); snprintf(err, errlen, "out of memory"); return NULL; }
    e->cfg.rcu.fanout = rv_cfg_fanout(cfg); /* Kconfig's default resolved once: the engine reads the value */
    e->ncpus = cfg->cpus;
    e->hz = cfg->hz;
    e->jiffy_ns = NS_PER_S / cfg->hz;
    e->end = (int64_t)(cfg->duration_s * (double)NS_PER_S);
    e->ctx_cpu = -1;
    rng_seed(&e->r, cfg->seed, 0);
    size_t ring = opts && opts->event_ring ? opts->event_ring : 65536;
    e->rcu_trace = opts && opts->rcu_trace;
    e->ring_cap = 1;
    while (e->ring_cap < ring) e->ring_cap <<= 1;
    e->ring_alloc = e->ring_cap < RING_START ? e->ring_cap : RING_START;
    e->ring = calloc(e->ring_alloc, sizeof *e->ring);
    if (e->ring) events_ring_clear(e->ring, e->ring_alloc);
    events_update_slow_at(e);
    e->cpu = calloc((size_t)e->ncpus, sizeof *e->cpu);
    e->tick_list = calloc((size_t)e->ncpus, sizeof *e->tick_list);
    bool retire_ok = true; /* only flavors that exist retire elements */
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (cfg->rcu.flavors[f]) retire_ok &= (e->retire[f] = calloc(RETIRE_RING, sizeof *e->retire[f])) != NULL;
    e->phase_task = calloc(cfg->nphases + 1, sizeof *e->phase_task);
    e->phase_rates = calloc(cfg->nphases + 1, sizeof *e->phase_rates);
    if (!e->ring || !e->cpu || !e->tick_list || !retire_ok || !e->phase_task || !e->phase_rates) {
        rv_engine_free(e);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (tree_build(e, err, errlen)) { rv_engine_free(e); return NULL; }
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rcu_state *rsp = &e->rsp[f];
        rsp->flavor = f;
        rsp->enabled = cfg->rcu.flavors[f];
        rsp->walk_node = -1;
        rsp->kt.state = KT_IDLE;
        rsp->kt.run_t = rsp->kt.timeout_t = -1;
        rsp->kt.cpu = 0;
    }
    for (size_t i = 0; i < cfg->nphases; i++) e->phases_blip |= cfg->phases[i].idle_blips_per_s > 0;
    for (size_t i = 0; i < cfg->nphases; i++) e->phase_task[i] = task_index(e, cfg->phases[i].task[0] ? cfg->phases[i].task : "task");
    workload_rates(e);
    e->q.horizon = e->jiffy_ns; /* the first tick: see step_once() */
    e->q.width = e->jiffy_ns;   /* events aside wait in tick-long buckets (evq.c) */
    rcu_bootup_announce(e); /* rcu_init(), before the CPUs come up */
    e->nklog_boot = e->nklog;
    workload_boot(e);
    if (!e->trig) { rv_engine_free(e); snprintf(err, errlen, "out of memory"); return NULL; }
    triggers_scan(e);
    events_flush(e);
    return e;
}

void rv_engine_free(rv_engine *e)
{
    if (!e) return;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        rcu_state *rsp = &e->rsp[f];
        if (rsp->rda)
            for (int c = 0; c < e->ncpus; c++) cblist_free(&rsp->rda[c].cbl);
        free(rsp->rda);
        free(rsp->rp);
        free(rsp->node);
        free(e->retire[f]);
        free(e->retire_pack[f]);
    }
    for (size_t i = 0; i < e->nklog; i++) free(e->klog[i].text);
    free(e->klog);
    free(e->stalls);
    free(e->stall_names);
    free(e->ring);
    free(e->cpu);
    free(e->tick_list);
    free(e->readers);
    free(e->tasks);
    free(e->phase_task);
    free(e->phase_rates);
    evq_free(&e->q);
    triggers_free(e->trig);
    rv_config_free(&e->cfg);
    free(e);
}

/* The Reader Pipe slots a clone must keep: a lookup only ever reads the slot of a live reader's
 * seen_retire, and that slot holds an index in [seen_retire, retire_count) within the last
 * RETIRE_RING retirements, so everything below both bounds can go. */
static void pack_retire(rv_engine *e, const rv_engine *src, int f, bool *ok)
{
    e->retire[f] = NULL;
    e->retire_pack[f] = NULL;
    e->retire_pack_first[f] = e->retire_pack_n[f] = 0;
    if (!src->retire[f] && !src->retire_pack[f]) return;
    uint64_t count = src->rsp[f].retire_count, lo = count > RETIRE_RING ? count - RETIRE_RING : 0;
    uint64_t oldest = count;
    for (size_t i = 0; i < src->nreaders; i++)
        if (src->readers[i].flavor == f && src->readers[i].seen_retire < oldest) oldest = src->readers[i].seen_retire;
    if (oldest > lo) lo = oldest;
    if (src->retire_pack[f] && src->retire_pack_first[f] > lo) lo = src->retire_pack_first[f];
    uint64_t n = count - lo;
    e->retire_pack_first[f] = lo;
    e->retire_pack_n[f] = n;
    if (!n) return;
    struct retire_slot *p = malloc(n * sizeof *p);
    if (!p) { *ok = false; return; }
    for (uint64_t i = 0; i < n; i++)
        p[i] = src->retire[f] ? src->retire[f][(lo + i) % RETIRE_RING] : src->retire_pack[f][lo + i - src->retire_pack_first[f]];
    e->retire_pack[f] = p;
}

struct retire_slot *retire_unpack(rv_engine *e, int f)
{
    struct retire_slot *r = calloc(RETIRE_RING, sizeof *r);
    if (!r) abort(); /* out of memory in the middle of a simulation */
    for (uint64_t i = 0; i < e->retire_pack_n[f]; i++) {
        uint64_t idx = e->retire_pack_first[f] + i;
        r[idx % RETIRE_RING] = e->retire_pack[f][i];
    }
    free(e->retire_pack[f]);
    e->retire_pack[f] = NULL;
    e->retire_pack_n[f] = 0;
    return e->retire[f] = r;
}

/* A copy that runs on exactly like the original. It holds only what the future can read: the
 * newest CLONE_EVENTS events (not the whole consumed ring), the queue's and lists' live entries,
 * and the Reader Pipe slots live readers can still look up; buffers grow again as it runs. */
rv_engine *rv_engine_clone(const rv_engine *src)
{
    rv_engine *e = malloc(sizeof *e);
    if (!e) return NULL;
    *e = *src;
    e->sink = NULL; e->sink_ctx = NULL; e->sink_live = false; e->sink_batch = NULL;
    bool ok = rv_config_copy(&e->cfg, &src->cfg) == 0;
    bool q_ok = evq_clone(&e->q, &src->q) == 0;
    e->cpu = dup_mem(src->cpu, (size_t)src->ncpus * sizeof *src->cpu);
    e->tick_list = dup_mem(src->tick_list, (size_t)src->ncpus * sizeof *src->tick_list);
    e->readers = dup_mem(src->readers, src->nreaders * sizeof *src->readers);
    e->readers_cap = src->nreaders;
    e->tasks = dup_mem(src->tasks, (size_t)src->ntasks * sizeof *src->tasks);
    e->phase_task = dup_mem(src->phase_task, (src->cfg.nphases + 1) * sizeof *src->phase_task);
    e->phase_rates = dup_mem(src->phase_rates, (src->cfg.nphases + 1) * sizeof *src->phase_rates);
    uint64_t held = src->nevents - src->ring_first;
    if (held > src->ring_alloc) held = src->ring_alloc;
    if (held > CLONE_EVENTS) held = CLONE_EVENTS;
    e->ring_alloc = src->ring_cap < RING_START ? src->ring_cap : RING_START;
    e->ring_first = src->nevents - held;
    e->ring = malloc(e->ring_alloc * sizeof *e->ring);
    if (e->ring) events_ring_clear(e->ring, e->ring_alloc);
    for (uint64_t s = e->ring_first; e->ring && s < src->nevents; s++)
        e->ring[s & (e->ring_alloc - 1)] = src->ring[s & (src->ring_alloc - 1)];
    e->flushed = e->nevents;
    events_update_slow_at(e);
    e->stalls = dup_mem(src->stalls, src->nstalls * sizeof *src->stalls);
    e->stalls_cap = src->nstalls;
    e->stall_names = dup_mem(src->stall_names, src->nstall_names * sizeof *src->stall_names);
    e->stall_names_cap = src->nstall_names;
    e->klog = dup_mem(src->klog, src->nklog * sizeof *src->klog);
    e->klog_cap = src->nklog;
    e->trig = triggers_clone(src->trig, &src->cfg);
    for (size_t i = 0; e->klog && i < src->nklog; i++) { e->klog[i].text = strdup(src->klog[i].text); ok &= e->klog[i].text != NULL; }
    for (int f = 0; f < RV_NFLAVORS; f++) {
        pack_retire(e, src, f, &ok);
        rcu_state *rsp = &e->rsp[f];
        rsp->node = dup_mem(src->rsp[f].node, (size_t)src->nnodes * sizeof *rsp->node);
        rsp->rda = dup_mem(src->rsp[f].rda, (size_t)src->ncpus * sizeof *rsp->rda);
        rsp->rp = src->rsp[f].rp ? dup_mem(src->rsp[f].rp, (size_t)src->ncpus * sizeof *rsp->rp) : NULL;
        ok &= rsp->node && rsp->rda && (!src->rsp[f].rp || rsp->rp);
        for (int c = 0; rsp->rda && c < src->ncpus; c++)
            if (cblist_clone(&rsp->rda[c].cbl, &src->rsp[f].rda[c].cbl)) {
                ok = false;
                for (int k = c; k < src->ncpus; k++) rsp->rda[k].cbl.ring = NULL;
                break;
            }
    }
    ok &= q_ok && e->cpu && e->tick_list && e->ring && (!src->nreaders || e->readers) &&
          (!src->tasks || e->tasks) && e->phase_task && e->phase_rates && (!src->nstalls || e->stalls) && (!src->nstall_names || e->stall_names) && (!src->nklog || e->klog) &&
          (!src->trig || e->trig);
    if (!ok) {
        if (e->klog) for (size_t i = 0; i < src->nklog; i++) if (!e->klog[i].text) { e->nklog = i; break; }
        if (!e->klog) e->nklog = 0;
        rv_engine_free(e);
        return NULL;
    }
    return e;
}

/* Bytes the engine holds on the heap, counted from its own sizes (not the allocator's): what a
 * time-travel checkpoint costs, the same on every machine. */
size_t rv_engine_size(const rv_engine *e)
{
    size_t b = sizeof *e + evq_bytes(&e->q) + (size_t)e->ncpus * (sizeof *e->cpu + sizeof *e->tick_list) +
               e->readers_cap * sizeof *e->readers + (size_t)e->ntasks * sizeof *e->tasks +
               (e->cfg.nphases + 1) * sizeof *e->phase_task + (e->cfg.nphases + 1) * sizeof *e->phase_rates +
               e->ring_alloc * sizeof *e->ring +
               e->stalls_cap * sizeof *e->stalls + e->stall_names_cap * sizeof *e->stall_names + e->klog_cap * sizeof *e->klog;
    for (size_t i = 0; i < e->nklog; i++) b += strlen(e->klog[i].text) + 1;
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (e->retire[f]) b += RETIRE_RING * sizeof *e->retire[f];
        b += e->retire_pack_n[f] * sizeof *e->retire[f];
        const rcu_state *rsp = &e->rsp[f];
        if (rsp->node) b += (size_t)e->nnodes * sizeof *rsp->node;
        if (rsp->rda) {
            b += (size_t)e->ncpus * sizeof *rsp->rda;
            if (rsp->rp) b += (size_t)e->ncpus * sizeof *rsp->rp;
            for (int c = 0; c < e->ncpus; c++) b += rsp->rda[c].cbl.cap * sizeof(cb_rec);
        }
    }
    return b;
}

void rv_engine_work(const rv_engine *e, rv_work *w)
{
    memset(w, 0, sizeof *w);
    w->ticks = e->n_ticks;
    for (int c = 0; c < e->ncpus; c++) w->busy_ticks += e->cpu[c].busy_ticks;
    w->softirq_runs = e->ev_count[RV_EV_SOFTIRQ];
    w->idle_entries = e->ev_count[RV_EV_IDLE_ENTER];
    w->queue_events = e->n_qevents;
    w->events = e->nevents + e->events_counted;
    for (int f = 0; f < RV_NFLAVORS; f++) w->grace_periods += e->rsp[f].grace_periods;
    w->fqs_credits = e->ev_count[RV_EV_FQS_CREDIT];
    /* the tree work a GP needs at the least: init and cleanup visit every node, an FQS pass every leaf */
    int leaves = e->levelcnt[e->levels - 1];
    for (int f = 0; f < RV_NFLAVORS; f++)
        w->node_visits += e->rsp[f].grace_periods * 2 * (uint64_t)e->nnodes + e->rsp[f].fqs_scans * (uint64_t)leaves;
}

int64_t rv_now_ns(const rv_engine *e) { return e->now; }
uint64_t rv_engine_steps(const rv_engine *e) { return e->steps; }
uint64_t rv_jiffies(const rv_engine *e) { return e->jiffies; }
int64_t rv_end_ns(const rv_engine *e) { return e->end; }
const rv_config *rv_engine_config(const rv_engine *e) { return &e->cfg; }
int rv_cpus(const rv_engine *e) { return e->ncpus; }

/* Which ticking CPU goes first this jiffy. Every CPU's tick of a jiffy falls at the same instant
 * (tick_sched_timer() on aligned hrtimers); on hardware the CPUs then race for the rcu_node locks
 * and for rsp->fqslock in force_quiescent_state(), and the winner varies. Taking them in CPU order
 * every jiffy handed CPU 0 the first look at each new GP and FQS deadline, so under 3.6 (where the
 * first CPU to look does that work in its softirq) ksoftirqd/0 did nearly three times the work of
 * ksoftirqd/15. The start is a hash of the jiffy, not a draw: no CPU's random stream moves, and
 * unlike `jiffies % n` it does not alias with work that recurs every 2 or 3 jiffies. */
static int tick_sweep_start(uint64_t jiffies, int n)
{
    uint64_t z = jiffies * 0x9E3779B97F4A7C15ull; /* splitmix64's finaliser */
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    return (int)(((z >> 32) * (uint64_t)n) >> 32);
}

static void jiffy_sweep(rv_engine *e)
{
    jiffy_global(e);
    int n = e->ntick;
    int stackbuf[256];
    int *list = n <= 256 ? stackbuf : malloc((size_t)n * sizeof *list);
    if (!list) abort();
    memcpy(list, e->tick_list, (size_t)n * sizeof *list); /* ticks may start or stop ticks */
    int first = n > 1 ? tick_sweep_start(e->jiffies, n) : 0;
    for (int k = 0, i = first; k < n; k++, i = i + 1 == n ? 0 : i + 1)
        if (e->cpu[list[i]].tick_on) { e->n_ticks++; do_tick(e, list[i]); }
    if (list != stackbuf) free(list);
}

/* Units of progress, each the next queued event or the tick sweep at the next jiffy boundary,
 * whichever is first, until one would lie at or beyond `limit` (false then), or only one (`once`,
 * true if it was taken). The loop is in here rather than in rv_run_until(): with handle_qev()
 * inlined this function is large, and a call per unit saved and restored its six callee-saved
 * registers every time (kernel-build, 300 s: 9.78 G instructions before, 9.57 G after). Out of line,
 * so that its one copy serves every caller. */
static __attribute__((noinline)) bool run_steps(rv_engine *e, int64_t limit, bool once)
{
    for (;;) {
        int64_t next_tick = (int64_t)(e->jiffies + 1) * e->jiffy_ns;
        int64_t tq = evq_peek_t(&e->q);
        int64_t tnext = tq < next_tick ? tq : next_tick;
        if (triggers_first_due(e, tnext, limit)) { /* recorded injections */
            triggers_run_first(e);
            triggers_scan(e);
            if (once) return true;
            continue;
        }
        if (tnext >= limit) return false;
        if (tq < next_tick) {
            qev ev;
            evq_pop(&e->q, &ev);
            e->n_qevents++;
            e->now = ev.t;
            handle_qev(e, &ev);
            e->ctx = CTX_NONE; e->ctx_cpu = -1;
        } else {
            e->now = next_tick;
            e->jiffies++;
            /* The queue's near part holds only events before the next tick; later ones wait aside (evq.c).
             * The tick goes before any event at or after its time (tq < next_tick above), so an
             * event aside is always pulled into the near queue, here, before it can be the next one due. */
            evq_advance(&e->q, (int64_t)(e->jiffies + 1) * e->jiffy_ns);
            jiffy_sweep(e);
        }
        e->steps++;
        /* tested inline, as this runs every step: only a step that emitted an event the scanner reads
         * needs a scan; otherwise the new events are passed over as scanned */
        if (e->scan_hits != e->scan_hits_seen) triggers_scan(e);
        else e->trig_scanned = e->nevents;
        if (once) return true;
    }
}

/* One unit of progress (run_steps()); false if it lies at or beyond `limit`. */
static bool step_once(rv_engine *e, int64_t limit) { return run_steps(e, limit, true); }

void rv_run_until(rv_engine *e, int64_t t)
{
    run_steps(e, t, false);
    if (t > e->now) e->now = t;
    events_flush(e);
}

int64_t rv_step_event(rv_engine *e)
{
    bool ok = step_once(e, e->end); /* nothing at or beyond the scenario's end */
    events_flush(e);
    return ok ? e->now : -1;
}

void rv_step_jiffy(rv_engine *e)
{
    int64_t next_tick = (int64_t)(e->jiffies + 1) * e->jiffy_ns;
    rv_run_until(e, next_tick);
    step_once(e, next_tick + 1); /* the tick at the boundary itself */
    events_flush(e);
}

static bool gp_phase_event(const rv_engine *e, const rv_event *ev, int flavor)
{
    return ev && ev->flavor == flavor &&
           (ev->type == RV_EV_GP_START || ev->type == RV_EV_GP_END || ev->type == RV_EV_FQS ||
            (ev->type == RV_EV_GP_INIT_NODE && ev->node == e->nnodes - 1));
}

bool rv_step_gp_phase(rv_engine *e, int flavor, int64_t limit)
{
    uint64_t seen = e->nevents;
    bool hit = false;
    e->ev_keep_all = true; /* it reads the ring itself, even in a headless engine */
    events_update_slow_at(e);
    while (!hit && step_once(e, limit)) {
        for (uint64_t s = seen; s < e->nevents && !hit; s++) hit = gp_phase_event(e, rv_event_get(e, s), flavor);
        seen = e->nevents;
    }
    e->ev_keep_all = false;
    events_update_slow_at(e);
    if (!hit && limit > e->now) e->now = limit;
    events_flush(e);
    return hit;
}

int rv_engine_inject(rv_engine *e, const rv_inject *cmd, char *err, size_t errlen)
{
    int rc = apply_inject(e, cmd, err, errlen);
    triggers_scan(e);
    events_flush(e);
    return rc;
}
