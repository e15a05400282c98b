/* events.c — the one typed event log (ring + sink), its JSON-lines form, and the dmesg-style kernel log. */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* emit() writes an event field by field instead of clearing it first: that needs a struct with no
 * padding, whose bytes would otherwise be left as they were (events are compared bytewise) */
_Static_assert(sizeof(rv_event) == 2 * sizeof(uint64_t) + sizeof(uint16_t) + 2 * sizeof(int8_t) + 3 * sizeof(int32_t) + 4 * sizeof(uint64_t),
               "rv_event has no padding");

/* Names in 16-byte slots with their lengths: the --trace writer copies a whole slot with one store
 * and moves on by the length (rv_event_to_json()). */
typedef struct name16 { char s[16]; unsigned char n; } name16;
#define NAME16(lit) {lit, sizeof(lit) - 1}
static const name16 ev_names[RV_EV_NTYPES] = {
    NAME16("reader_begin"), NAME16("reader_end"), NAME16("reader_block"), NAME16("cb_queue"), NAME16("cb_invoke"),
    NAME16("gp_start"), NAME16("gp_init_node"), NAME16("gp_end"), NAME16("gp_cleanup_node"), NAME16("note_gp"),
    NAME16("qs"), NAME16("qs_report"), NAME16("fqs"), NAME16("fqs_credit"), NAME16("idle_enter"),
    NAME16("idle_exit"), NAME16("cpu_offline"), NAME16("cpu_online"), NAME16("cb_orphan"), NAME16("stall"),
    NAME16("sync_begin"), NAME16("sync_end"), NAME16("kthread_wake"), NAME16("softirq"), NAME16("kernel_loop"),
    NAME16("inject"), NAME16("caption"), NAME16("violation"), NAME16("idle_drain"),
};
static const name16 unknown_name = NAME16("?");

const char *rv_ev_name(enum rv_ev_type t) { return (unsigned)t < RV_EV_NTYPES ? ev_names[t].s : "?"; }

/* The sink sees an event once its fields are filled in, in order: a live sink when the next one
 * is emitted; any other in batches, when SINK_BATCH are waiting or the ring would overwrite one it
 * has not seen, and always before control returns to the engine's caller (rv_run_until() & co.).
 * Such a sink reads only the events it is given, so when it gets them does not change what it sees. */
void events_flush(rv_engine *e)
{
    if (e->sink_batch && e->flushed < e->nevents) {
        /* whole runs of ring slots: at most two calls, the second where the ring wraps around */
        uint64_t mask = e->ring_alloc - 1;
        for (uint64_t s = e->flushed; s < e->nevents;) {
            uint64_t n = e->nevents - s, to_end = e->ring_alloc - (s & mask);
            if (n > to_end) n = to_end;
            e->sink_batch(&e->ring[s & mask], (size_t)n, e->sink_ctx);
            s += n;
        }
    } else if (e->sink && e->flushed < e->nevents) {
        for (uint64_t s = e->flushed; s < e->nevents; s++) e->sink(&e->ring[s & (e->ring_alloc - 1)], e->sink_ctx);
    }
    e->flushed = e->nevents;
}

/* Slots that hold no event: an event only counted (emit(), ev_keep) leaves its slot as it was, so a
 * slot is the event `seq` only if its seq field says so. */
void events_ring_clear(rv_event *r, size_t n)
{
    /* every byte 0xff, so every slot's seq reads UINT64_MAX (empty); only seq is read in an empty
     * slot. One memset, not a store per slot: under ASan the loop checked each store (7 % of
     * test_quiz's CPU while the workbook's measures still logged into 65536-slot rings). */
    memset(r, 0xff, n * sizeof *r);
}

/* Move the events e's ring holds into r (cap slots, a power of two): each to its own seq's slot, the
 * rest of r empty; r becomes e's ring. */
static void ring_move_into(rv_engine *e, rv_event *r, size_t cap)
{
    events_ring_clear(r, cap);
    for (size_t i = 0; i < e->ring_alloc; i++) {
        const rv_event *ev = &e->ring[i];
        if (ev->seq != UINT64_MAX && ev->seq >= e->ring_first && ev->seq < e->nevents && e->nevents - ev->seq <= cap)
            r[ev->seq & (cap - 1)] = *ev;
    }
    free(e->ring);
    e->ring = r;
    e->ring_alloc = cap;
}

/* Grow the ring buffer (double it, up to ring_cap): every event it holds moves to its slot in the new one.
 * A headless step can outspan the ring: an event only counted (emit(), ev_keep) takes a sequence
 * number but no slot, so one 3.6 GP start on 32 CPUs numbers more events than a 64-slot ring spans.
 * The kept events the trigger scanner has not seen all lie within ring_alloc of trig_scanned (emit()
 * comes here before one would land further), so the new ring reaches back to trig_scanned, and each
 * old slot's event moves by its own seq (copying the last ring_alloc seqs would drop the earliest
 * unscanned ones: test_triggers). Within the new span no two events share a slot. */
static void ring_grow(rv_engine *e)
{
    size_t cap = e->ring_alloc * 2;
    while (e->trig && cap <= e->nevents - e->trig_scanned) cap *= 2;
    rv_event *r = malloc(cap * sizeof *r);
    if (!r) abort(); /* out of memory in the middle of a simulation: nothing sensible to do */
    ring_move_into(e, r, cap);
}

/* A checkpoint restored by time travel (rv_engine_clone) starts with a small ring and grows it by
 * doubling as it runs, clearing each new ring: on fresh memory that was a tenth of a seek's time,
 * half of it page faults. The engine it replaces, freed right after, has a ring grown already:
 * `to` takes it when it is larger and within to's cap (the events `to` holds move into it, as when
 * it grows), and `from` is left without one (only rv_engine_free() may follow). A larger ring keeps
 * more of the newest events readable, as the grown ring would have; what the engine does is the same. */
void rv_engine_take_ring(rv_engine *to, rv_engine *from)
{
    if (!to || !from || !to->ring || !from->ring || from->ring_alloc <= to->ring_alloc || from->ring_alloc > to->ring_cap) return;
    rv_event *r = from->ring;
    size_t cap = from->ring_alloc;
    from->ring = NULL;
    from->ring_alloc = 0;
    ring_move_into(to, r, cap);
    events_update_slow_at(to);
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

/* One sink at a time: an event sink or a batch sink (events_read() and emit()'s slow path look at
 * `sink`, so a batch sink also sets it, to a function that is never called). */
static void batch_only(const rv_event *ev, void *ctx) { (void)ev; (void)ctx; }

static void set_sink(rv_engine *e, rv_event_sink sink, rv_event_batch_sink batch, void *ctx, bool live)
{
    events_flush(e);
    e->sink = batch ? batch_only : sink;
    e->sink_batch = batch;
    e->sink_ctx = ctx;
    e->sink_live = sink && live;
    e->flushed = e->nevents;
    events_update_slow_at(e);
}

void rv_engine_set_sink(rv_engine *e, rv_event_sink sink, void *ctx) { set_sink(e, sink, NULL, ctx, false); }
void rv_engine_set_sink_live(rv_engine *e, rv_event_sink sink, void *ctx) { set_sink(e, sink, NULL, ctx, true); }
void rv_engine_set_batch_sink(rv_engine *e, rv_event_batch_sink sink, void *ctx) { set_sink(e, NULL, sink, ctx, false); }

/* The --trace line is written by hand rather than by snprintf: a trace writes every event, and
 * formatting with snprintf cost ~3,000 instructions a line, ten times the engine's own work per
 * event. The text is exactly what the format strings in the comments say (printf's %lld, %llu, %d,
 * 0x%llx and %s, with a NULL string printed as glibc prints it, "(null)"). */
static const char digit_pairs[201] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static const uint64_t pow10_u64[20] = {
    1ull, 10ull, 100ull, 1000ull, 10000ull, 100000ull, 1000000ull, 10000000ull, 100000000ull, 1000000000ull,
    10000000000ull, 100000000000ull, 1000000000000ull, 10000000000000ull, 100000000000000ull,
    1000000000000000ull, 10000000000000000ull, 100000000000000000ull, 1000000000000000000ull,
    10000000000000000000ull,
};

/* Decimal digits of v (1 for 0): log10 from the bit length (1233/4096 ~ log10(2)), corrected by one
 * comparison. */
static inline unsigned decimal_digits(uint64_t v)
{
    v |= 1; /* 0 has one digit too; no power of ten above 1 is odd, so the count is v's */
    unsigned bits = 64u - (unsigned)__builtin_clzll(v), d = (bits * 1233u) >> 12;
    return d + 1u - (v < pow10_u64[d]);
}

/* %llu, written from the last digit back, two at a time, straight into place. Not marked inline:
 * inlined at its ~40 calls it took enough of LTO's inlining budget that the engine's hot paths lost some
 * of theirs (hackbench 2 s +0.5 % instructions); a call costs the trace ~1 %. */
static char *put_u64(char *p, uint64_t v)
{
    char *end = p + decimal_digits(v), *q = end;
    while (v >= 100) {
        unsigned r = (unsigned)(v % 100);
        v /= 100;
        q -= 2;
        memcpy(q, digit_pairs + 2 * r, 2);
    }
    if (v >= 10) memcpy(q - 2, digit_pairs + 2 * v, 2);
    else q[-1] = (char)('0' + v);
    return end;
}

static char *put_i64(char *p, int64_t v)
{
    if (v < 0) { *p++ = '-'; return put_u64(p, 0 - (uint64_t)v); }
    return put_u64(p, (uint64_t)v);
}

static char *put_hex(char *p, uint64_t v)
{
    char tmp[16];
    char *q = tmp + sizeof tmp;
    do { *--q = "0123456789abcdef"[v & 15]; v >>= 4; } while (v);
    size_t n = (size_t)(tmp + sizeof tmp - q);
    memcpy(p, q, n);
    return p + n;
}

static char *put_str(char *p, const char *s)
{
    size_t n = strlen(s);
    memcpy(p, s, n);
    return p + n;
}

/* a name from a 16-byte slot: one 16-byte copy (the line has room to spare), then its length */
static char *put_name(char *p, const name16 *nm)
{
    memcpy(p, nm->s, sizeof nm->s);
    return p + nm->n;
}

/* The flavor as printf's %s printed rv_flavor_name()'s answer, or NULL for no flavor. The names must
 * be config.c's (test_event_json compares against rv_flavor_name()). */
static const name16 flavor_names[RV_NFLAVORS] = {NAME16("rcu_sched"), NAME16("rcu_bh"), NAME16("rcu_preempt")};
static const name16 null_name = NAME16("(null)");
static inline const name16 *flavor_name16(int flavor)
{
    return flavor < 0 ? &null_name : flavor < RV_NFLAVORS ? &flavor_names[flavor] : &unknown_name;
}

/* The longest line (the fixed text of the longest case, five 20-character numbers and three names)
 * is under 300 characters: this leaves room for put_name()'s 16-byte copies past the line's end. */
#define JSON_LINE_MAX 512

/* rcu_implicit_dynticks_qs() traces "dti" and "ofl"; a GP's first pass, dyntick_save_progress_counter(),
 * credits an even counter without any trace: the engine calls that "snap" (gp.c credit_kind()). */
const char *rv_fqs_credit_name(int arg) { return arg == 1 ? "ofl" : arg == 2 ? "snap" : "dti"; }

int rv_event_to_json(const rv_event *ev, char *buf, size_t n)
{
    char line[JSON_LINE_MAX];
    char *start = n >= JSON_LINE_MAX ? buf : line, *p = start; /* a roomy buffer is written in place */
#define LIT(s) (memcpy(p, s, sizeof(s) - 1), p += sizeof(s) - 1)
#define I(v) (p = put_i64(p, (int64_t)(v)))
#define U(v) (p = put_u64(p, (uint64_t)(v)))
#define X(v) (p = put_hex(p, (uint64_t)(v)))
#define S(s) (p = put_name(p, s))
    /* {"t":%lld,"ev":"%s" */
    LIT("{\"t\":"); I(ev->t); LIT(",\"ev\":\""); S(ev->type < RV_EV_NTYPES ? &ev_names[ev->type] : &unknown_name); LIT("\"");
    const name16 *fl = flavor_name16(ev->flavor);
    switch (ev->type) {
    case RV_EV_READER_BEGIN: /* ,"id":%llu,"cpu":%d,"flavor":"%s","len_ns":%lld */
        LIT(",\"id\":"); U(ev->id); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"len_ns\":"); I(ev->n);
        break;
    case RV_EV_READER_END: /* ,"id":%llu,"cpu":%d,"flavor":"%s","held_ns":%lld */
        LIT(",\"id\":"); U(ev->id); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"held_ns\":"); I(ev->n);
        break;
    case RV_EV_READER_BLOCK: /* ,"id":%llu,"cpu":%d,"flavor":"%s","node":%d,"blocks_gp":true|false */
        LIT(",\"id\":"); U(ev->id); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"node\":"); I(ev->node);
        if (ev->arg) LIT(",\"blocks_gp\":true"); else LIT(",\"blocks_gp\":false");
        break;
    case RV_EV_CB_QUEUE: /* ,"id":%llu,"cpu":%d,"flavor":"%s","n":%lld then ,"lazy":true (arg 1) or ,"sync":true (arg 2) */
        LIT(",\"id\":"); U(ev->id); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"n\":"); I(ev->n);
        if (ev->arg == 1) LIT(",\"lazy\":true");
        else if (ev->arg == 2) LIT(",\"sync\":true");
        break;
    case RV_EV_CB_INVOKE: /* ,"id":%llu,"n":%lld,"cpu":%d,"flavor":"%s" */
        LIT(",\"id\":"); U(ev->id); LIT(",\"n\":"); I(ev->n); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\"");
        break;
    case RV_EV_GP_START: /* ,"flavor":"%s","gp":%llu,"cpu":%d (whose softirq or GP kthread started it; -1 none) */
        LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp); LIT(",\"cpu\":"); I(ev->cpu);
        break;
    case RV_EV_GP_END: /* ,"flavor":"%s","gp":%llu,"duration_ns":%lld,"cpu":%d */
        LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp); LIT(",\"duration_ns\":"); I(ev->n); LIT(",\"cpu\":"); I(ev->cpu);
        break;
    case RV_EV_GP_INIT_NODE: /* ,"flavor":"%s","gp":%llu,"node":%d,"qsmask":"0x%llx" */
        LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp); LIT(",\"node\":"); I(ev->node); LIT(",\"qsmask\":\"0x"); X(ev->mask); LIT("\"");
        break;
    case RV_EV_GP_CLEANUP_NODE: /* ,"flavor":"%s","gp":%llu,"node":%d */
        LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp); LIT(",\"node\":"); I(ev->node);
        break;
    case RV_EV_NOTE_GP: /* ,"cpu":%d,"flavor":"%s","gp":%llu,"what":"cpuend"|"cpustart" */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp);
        if (ev->arg) LIT(",\"what\":\"cpuend\""); else LIT(",\"what\":\"cpustart\"");
        break;
    case RV_EV_QS: /* ,"cpu":%d,"flavor":"%s","gp":%llu */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp);
        break;
    case RV_EV_QS_REPORT: /* ,"cpu":%d,"flavor":"%s","gp":%llu,"node":%d,"mask":"0x%llx" */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp); LIT(",\"node\":"); I(ev->node);
        LIT(",\"mask\":\"0x"); X(ev->mask); LIT("\"");
        break;
    case RV_EV_FQS: /* ,"flavor":"%s","gp":%llu,"pass":"check"|"snapshot","probed":%lld,"cpu":%d */
        LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp);
        if (ev->arg) LIT(",\"pass\":\"check\""); else LIT(",\"pass\":\"snapshot\"");
        LIT(",\"probed\":"); I(ev->n); LIT(",\"cpu\":"); I(ev->cpu);
        break;
    case RV_EV_FQS_CREDIT: /* ,"cpu":%d,"flavor":"%s","gp":%llu,"why":"dti"|"ofl"|"snap" */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp);
        LIT(",\"why\":\""); p = put_str(p, rv_fqs_credit_name(ev->arg)); LIT("\"");
        break;
    case RV_EV_IDLE_ENTER: /* ,"cpu":%d then ,"tick_stopped":true (arg) */
        LIT(",\"cpu\":"); I(ev->cpu);
        if (ev->arg) LIT(",\"tick_stopped\":true");
        break;
    case RV_EV_IDLE_EXIT: case RV_EV_CPU_OFFLINE: case RV_EV_CPU_ONLINE: /* ,"cpu":%d */
        LIT(",\"cpu\":"); I(ev->cpu);
        break;
    case RV_EV_CB_ORPHAN: /* ,"cpu":%d,"flavor":"%s","n":%lld,"adopted_by":%d */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"n\":"); I(ev->n); LIT(",\"adopted_by\":"); I(ev->node);
        break;
    case RV_EV_STALL: /* ,"cpu":%d,"flavor":"%s","gp":%llu,"kind":"other"|"self","jiffies":%lld */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"gp\":"); U(ev->gp);
        if (ev->arg) LIT(",\"kind\":\"other\""); else LIT(",\"kind\":\"self\"");
        LIT(",\"jiffies\":"); I(ev->n);
        break;
    case RV_EV_SYNC_BEGIN: /* ,"task":%llu,"cpu":%d,"flavor":"%s" */
        LIT(",\"task\":"); U(ev->id); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\"");
        break;
    case RV_EV_SYNC_END: /* ,"task":%llu,"cpu":%d,"flavor":"%s","latency_ns":%lld */
        LIT(",\"task\":"); U(ev->id); LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl); LIT("\",\"latency_ns\":"); I(ev->n);
        break;
    case RV_EV_KTHREAD_WAKE: /* ,"flavor":"%s","cpu":%d,"why":"init"|"fqs"|"cleanup"|"timeout" */
        LIT(",\"flavor\":\""); S(fl); LIT("\",\"cpu\":"); I(ev->cpu);
        if (ev->arg == 1) LIT(",\"why\":\"init\"");
        else if (ev->arg == 2) LIT(",\"why\":\"fqs\"");
        else if (ev->arg == 4) LIT(",\"why\":\"cleanup\"");
        else LIT(",\"why\":\"timeout\"");
        break;
    case RV_EV_SOFTIRQ: /* ,"cpu":%d,"where":"ksoftirqd"|"irq_exit","passes":%lld */
        LIT(",\"cpu\":"); I(ev->cpu);
        if (ev->arg) LIT(",\"where\":\"ksoftirqd\""); else LIT(",\"where\":\"irq_exit\"");
        LIT(",\"passes\":"); I(ev->n);
        break;
    case RV_EV_KERNEL_LOOP: /* ,"cpu":%d,"duration_ns":%lld */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"duration_ns\":"); I(ev->n);
        break;
    case RV_EV_INJECT: /* ,"kind":"%s","cpu":%d then ,"flavor":"%s" (when it has one) then ,"count":%lld */
        LIT(",\"kind\":\""); p = put_str(p, rv_inject_kind_name((enum rv_inject_kind)ev->arg)); LIT("\",\"cpu\":"); I(ev->cpu);
        if (ev->flavor >= 0) { LIT(",\"flavor\":\""); S(fl); LIT("\""); }
        LIT(",\"count\":"); I(ev->n);
        break;
    case RV_EV_CAPTION: /* ,"index":%lld (n: the caption's place in the file) */
        LIT(",\"index\":"); I(ev->n);
        break;
    case RV_EV_VIOLATION: /* ,"cpu":%d,"flavor":"%s","cb":%llu,"reader":%lld; a GP's end (arg 1): "gp":%llu instead of "cb" */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"flavor\":\""); S(fl);
        if (ev->arg == 1) { LIT("\",\"gp\":"); U(ev->gp); }
        else { LIT("\",\"cb\":"); U(ev->id); }
        LIT(",\"reader\":"); I(ev->n);
        break;
    case RV_EV_IDLE_DRAIN: /* ,"cpu":%d,"drain":%lld */
        LIT(",\"cpu\":"); I(ev->cpu); LIT(",\"drain\":"); I(ev->n);
        break;
    default: break;
    }
    LIT("}");
#undef LIT
#undef I
#undef U
#undef X
#undef S
    /* like snprintf: at most n - 1 characters and a NUL, and the length the whole line needs */
    size_t len = (size_t)(p - start);
    if (start == buf) *p = 0;
    else if (n) {
        size_t k = len < n - 1 ? len : n - 1;
        memcpy(buf, line, k);
        buf[k] = 0;
    }
    return (int)len;
}

void klog(rv_engine *e, const char *fmt, ...)
{
    char buf[600];
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *text = NULL;
    if (n >= 0 && (size_t)n >= sizeof buf) { /* a stall warning naming many CPUs: the whole line */
        if ((text = malloc((size_t)n + 1))) vsnprintf(text, (size_t)n + 1, fmt, again);
    } else {
        text = strdup(buf);
    }
    va_end(again);
    if (!text) return;
    if (e->nklog == e->klog_cap) {
        size_t cap = e->klog_cap ? e->klog_cap * 2 : 32;
        klog_line *k = realloc(e->klog, cap * sizeof *k);
        if (!k) { free(text); return; }
        e->klog = k; e->klog_cap = cap;
    }
    e->klog[e->nklog].t = e->now;
    e->klog[e->nklog].text = text;
    e->nklog++;
}

size_t rv_klog_count(const rv_engine *e) { return e->nklog; }
size_t rv_klog_boot_count(const rv_engine *e) { return e->nklog_boot; }
const char *rv_klog_line(const rv_engine *e, size_t i) { return i < e->nklog ? e->klog[i].text : ""; }
int64_t rv_klog_time(const rv_engine *e, size_t i) { return i < e->nklog ? e->klog[i].t : 0; }
