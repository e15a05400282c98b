/* events.c — the one typed event log (ring + sink), its JSON-lines form, and the dmesg-style kernel log. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const ev_names[RV_EV_NTYPES] = {
    "reader_begin", "reader_end", "reader_block", "cb_queue", "cb_invoke", "gp_start", "gp_init_node",
    "gp_end", "gp_cleanup_node", "note_gp", "qs", "qs_report", "fqs", "fqs_credit", "idle_enter",
    "idle_exit", "cpu_offline", "cpu_online", "cb_orphan", "stall", "sync_begin", "sync_end",
    "kthread_wake", "softirq", "kernel_loop", "inject", "caption", "violation",
    "idle_drain",
};

const char *rv_ev_name(enum rv_ev_type t) { return (unsigned)t < RV_EV_NTYPES ? ev_names[t] : "?"; }

/* The sink sees an event once its fields are filled in, in order: a live sink when the next one
 * is emitted; any other in batches, when SINK_BATCH are waiting or the ring would overwrite one it
 * has not seen, and always before control returns to the engine's caller (rv_run_until() & co.).
 * Such a sink reads only the events it is given, so when it gets them does not change what it sees. */
void events_flush(rv_engine *e)
{
    if (e->sink && e->flushed < e->nevents) {
        for (uint64_t s = e->flushed; s < e->nevents; s++) e->sink(&e->ring[s & (e->ring_alloc - 1)], e->sink_ctx);
    }
    e->flushed = e->nevents;
}

/* Slots that hold no event: an event only counted (emit(), ev_keep) leaves its slot as it was, so a
 * slot is the event `seq` only if its seq field says so. */
void events_ring_clear(rv_event *r, size_t n)
{
    for (size_t i = 0; i < n; i++) r[i].seq = UINT64_MAX;
}

/* Double the ring buffer (up to ring_cap): every event it holds moves to its slot in the new one. */
static void ring_grow(rv_engine *e)
{
    size_t cap = e->ring_alloc * 2;
    rv_event *r = malloc(cap * sizeof *r);
    if (!r) abort(); /* out of memory in the middle of a simulation: nothing sensible to do */
    events_ring_clear(r, cap);
    uint64_t kept = e->nevents - e->ring_first < e->ring_alloc ? e->nevents - e->ring_first : e->ring_alloc;
    for (uint64_t s = e->nevents - kept; s < e->nevents; s++) r[s & (cap - 1)] = e->ring[s & (e->ring_alloc - 1)];
    free(e->ring);
    e->ring = r;
    e->ring_alloc = cap;
}

/* The trigger scanner (triggers.c) reads every event once, after the step that emitted it: the
 * ring may not overwrite an event it has not seen yet, whatever ring_cap says (a headless run
 * keeps a tiny ring, but one FQS pass on 4096 CPUs emits thousands of credits in one step). */
static bool unscanned_would_be_lost(const rv_engine *e)
{
    return e->trig && e->nevents - e->trig_scanned >= e->ring_alloc;
}

/* Events a batched sink may have waiting before they are flushed: a batch, and never more than
 * the ring holds (the next emit would overwrite the oldest). */
static uint64_t sink_batch(const rv_engine *e) { return e->ring_alloc < SINK_BATCH ? e->ring_alloc : SINK_BATCH; }

void events_update_slow_at(rv_engine *e)
{
    /* before triggers_boot() the scanner's types are not known yet: keep everything */
    e->ev_keep = !e->trig || e->ev_keep_all || events_read(e) ? UINT64_MAX : e->scan_types;
    uint64_t at = e->ring_alloc < e->ring_cap ? e->ring_first + e->ring_alloc : UINT64_MAX;
    if (e->sink) {
        uint64_t full = e->sink_live ? 0 : e->flushed + sink_batch(e);
        if (full < at) at = full;
    }
    if (e->trig && e->trig_scanned + e->ring_alloc < at) at = e->trig_scanned + e->ring_alloc;
    e->emit_slow_at = at;
}

void events_make_room(rv_engine *e)
{
    if (e->sink && e->flushed < e->nevents && (e->sink_live || e->nevents - e->flushed >= sink_batch(e))) events_flush(e);
    if ((e->nevents - e->ring_first >= e->ring_alloc && e->ring_alloc < e->ring_cap) || unscanned_would_be_lost(e))
        ring_grow(e);
    events_update_slow_at(e);
}

uint64_t rv_event_count(const rv_engine *e) { return e->nevents; }

const rv_event *rv_event_get(const rv_engine *e, uint64_t seq)
{
    if (seq >= e->nevents || seq < e->ring_first || e->nevents - seq > e->ring_alloc) return NULL;
    const rv_event *ev = &e->ring[seq & (e->ring_alloc - 1)];
    return ev->seq == seq ? ev : NULL; /* else only counted (no one read events of its type then) */
}

static void set_sink(rv_engine *e, rv_event_sink sink, void *ctx, bool live)
{
    events_flush(e);
    e->sink = sink;
    e->sink_ctx = ctx;
    e->sink_live = sink && live;
    e->flushed = e->nevents;
    events_update_slow_at(e);
}

void rv_engine_set_sink(rv_engine *e, rv_event_sink sink, void *ctx) { set_sink(e, sink, ctx, false); }
void rv_engine_set_sink_live(rv_engine *e, rv_event_sink sink, void *ctx) { set_sink(e, sink, ctx, true); }

int rv_event_to_json(const rv_event *ev, char *buf, size_t n)
{
    int len = snprintf(buf, n, "{\"t\":%lld,\"ev\":\"%s\"", (long long)ev->t, rv_ev_name((enum rv_ev_type)ev->type));
#define ADD(...) do { if (len >= 0 && (size_t)len < n) len += snprintf(buf + len, n - (size_t)len, __VA_ARGS__); } while (0)
    const char *fl = ev->flavor >= 0 ? rv_flavor_name(ev->flavor) : NULL;
    switch (ev->type) {
    case RV_EV_READER_BEGIN: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"len_ns\":%lld", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n); break;
    case RV_EV_READER_END: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"held_ns\":%lld", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n); break;
    case RV_EV_READER_BLOCK: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"node\":%d,\"blocks_gp\":%s", (unsigned long long)ev->id, ev->cpu, fl, ev->node, ev->arg ? "true" : "false"); break;
    case RV_EV_CB_QUEUE: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"n\":%lld%s", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n, ev->arg == 1 ? ",\"lazy\":true" : ev->arg == 2 ? ",\"sync\":true" : ""); break;
    case RV_EV_CB_INVOKE: ADD(",\"id\":%llu,\"n\":%lld,\"cpu\":%d,\"flavor\":\"%s\"", (unsigned long long)ev->id, (long long)ev->n, ev->cpu, fl); break;
    case RV_EV_GP_START: ADD(",\"flavor\":\"%s\",\"gp\":%llu", fl, (unsigned long long)ev->gp); break;
    case RV_EV_GP_END: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"duration_ns\":%lld", fl, (unsigned long long)ev->gp, (long long)ev->n); break;
    case RV_EV_GP_INIT_NODE: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"node\":%d,\"qsmask\":\"0x%llx\"", fl, (unsigned long long)ev->gp, ev->node, (unsigned long long)ev->mask); break;
    case RV_EV_GP_CLEANUP_NODE: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"node\":%d", fl, (unsigned long long)ev->gp, ev->node); break;
    case RV_EV_NOTE_GP: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"what\":\"%s\"", ev->cpu, fl, (unsigned long long)ev->gp, ev->arg ? "cpuend" : "cpustart"); break;
    case RV_EV_QS: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu", ev->cpu, fl, (unsigned long long)ev->gp); break;
    case RV_EV_QS_REPORT: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"node\":%d,\"mask\":\"0x%llx\"", ev->cpu, fl, (unsigned long long)ev->gp, ev->node, (unsigned long long)ev->mask); break;
    case RV_EV_FQS: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"pass\":\"%s\",\"probed\":%lld", fl, (unsigned long long)ev->gp, ev->arg ? "check" : "snapshot", (long long)ev->n); break;
    case RV_EV_FQS_CREDIT: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"why\":\"%s\"", ev->cpu, fl, (unsigned long long)ev->gp, ev->arg ? "ofl" : "dti"); break;
    case RV_EV_IDLE_ENTER: ADD(",\"cpu\":%d%s", ev->cpu, ev->arg ? ",\"tick_stopped\":true" : ""); break;
    case RV_EV_IDLE_EXIT: case RV_EV_CPU_OFFLINE: case RV_EV_CPU_ONLINE: ADD(",\"cpu\":%d", ev->cpu); break;
    case RV_EV_CB_ORPHAN: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"n\":%lld,\"adopted_by\":%d", ev->cpu, fl, (long long)ev->n, ev->node); break;
    case RV_EV_STALL: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"kind\":\"%s\",\"jiffies\":%lld", ev->cpu, fl, (unsigned long long)ev->gp, ev->arg ? "other" : "self", (long long)ev->n); break;
    case RV_EV_SYNC_BEGIN: ADD(",\"task\":%llu,\"cpu\":%d,\"flavor\":\"%s\"", (unsigned long long)ev->id, ev->cpu, fl); break;
    case RV_EV_SYNC_END: ADD(",\"task\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"latency_ns\":%lld", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n); break;
    case RV_EV_KTHREAD_WAKE: ADD(",\"flavor\":\"%s\",\"cpu\":%d,\"why\":\"%s\"", fl, ev->cpu, ev->arg == 1 ? "init" : ev->arg == 2 ? "fqs" : ev->arg == 4 ? "cleanup" : "timeout"); break;
    case RV_EV_SOFTIRQ: ADD(",\"cpu\":%d,\"where\":\"%s\",\"passes\":%lld", ev->cpu, ev->arg ? "ksoftirqd" : "irq_exit", (long long)ev->n); break;
    case RV_EV_KERNEL_LOOP: ADD(",\"cpu\":%d,\"duration_ns\":%lld", ev->cpu, (long long)ev->n); break;
    case RV_EV_INJECT: ADD(",\"kind\":\"%s\",\"cpu\":%d%s%s%s,\"count\":%lld", rv_inject_kind_name((enum rv_inject_kind)ev->arg), ev->cpu, fl ? ",\"flavor\":\"" : "", fl ? fl : "", fl ? "\"" : "", (long long)ev->n); break;
    case RV_EV_CAPTION: ADD(",\"index\":%llu", (unsigned long long)ev->id); break;
    case RV_EV_VIOLATION: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"cb\":%llu,\"reader\":%lld", ev->cpu, fl, (unsigned long long)ev->id, (long long)ev->n); break;
    case RV_EV_IDLE_DRAIN: ADD(",\"cpu\":%d,\"drain\":%lld", ev->cpu, (long long)ev->n); break;
    default: break;
    }
    ADD("}");
#undef ADD
    return len;
}

void klog(rv_engine *e, const char *fmt, ...)
{
    char buf[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (e->nklog == e->klog_cap) {
        size_t cap = e->klog_cap ? e->klog_cap * 2 : 32;
        klog_line *k = realloc(e->klog, cap * sizeof *k);
        if (!k) return;
        e->klog = k; e->klog_cap = cap;
    }
    char *text = strdup(buf);
    if (!text) return;
    e->klog[e->nklog].t = e->now;
    e->klog[e->nklog].text = text;
    e->nklog++;
}

size_t rv_klog_count(const rv_engine *e) { return e->nklog; }
const char *rv_klog_line(const rv_engine *e, size_t i) { return i < e->nklog ? e->klog[i].text : ""; }
int64_t rv_klog_time(const rv_engine *e, size_t i) { return i < e->nklog ? e->klog[i].t : 0; }
