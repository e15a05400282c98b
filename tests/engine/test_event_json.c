/* test_event_json.c — the hand-written --trace formatter prints exactly what printf's format strings did. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "rcuvis.h"

/* The formatter as it was written with snprintf (engine/events.c before the hand-written one), kept
 * here as the definition of the trace format: every line must match it byte for byte. */
static int reference_json(const rv_event *ev, char *buf, size_t n)
{
    int len = snprintf(buf, n, "{\"t\":%lld,\"ev\":\"%s\"", (long long)ev->t, rv_ev_name((enum rv_ev_type)ev->type));
#define ADD(...) do { if (len >= 0 && (size_t)len < n) len += snprintf(buf + len, n - (size_t)len, __VA_ARGS__); } while (0)
    const char *fl = ev->flavor >= 0 ? rv_flavor_name(ev->flavor) : "(null)"; /* glibc prints a NULL %s so */
    switch (ev->type) {
    case RV_EV_READER_BEGIN: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"len_ns\":%lld", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n); break;
    case RV_EV_READER_END: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"held_ns\":%lld", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n); break;
    case RV_EV_READER_BLOCK: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"node\":%d,\"blocks_gp\":%s", (unsigned long long)ev->id, ev->cpu, fl, ev->node, ev->arg ? "true" : "false"); break;
    case RV_EV_CB_QUEUE: ADD(",\"id\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"n\":%lld%s", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n, ev->arg == 1 ? ",\"lazy\":true" : ev->arg == 2 ? ",\"sync\":true" : ""); break;
    case RV_EV_CB_INVOKE: ADD(",\"id\":%llu,\"n\":%lld,\"cpu\":%d,\"flavor\":\"%s\"", (unsigned long long)ev->id, (long long)ev->n, ev->cpu, fl); break;
    case RV_EV_GP_START: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"cpu\":%d", fl, (unsigned long long)ev->gp, ev->cpu); break;
    case RV_EV_GP_END: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"duration_ns\":%lld,\"cpu\":%d", fl, (unsigned long long)ev->gp, (long long)ev->n, ev->cpu); break;
    case RV_EV_GP_INIT_NODE: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"node\":%d,\"qsmask\":\"0x%llx\"", fl, (unsigned long long)ev->gp, ev->node, (unsigned long long)ev->mask); break;
    case RV_EV_GP_CLEANUP_NODE: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"node\":%d", fl, (unsigned long long)ev->gp, ev->node); break;
    case RV_EV_NOTE_GP: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"what\":\"%s\"", ev->cpu, fl, (unsigned long long)ev->gp, ev->arg ? "cpuend" : "cpustart"); break;
    case RV_EV_QS: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu", ev->cpu, fl, (unsigned long long)ev->gp); break;
    case RV_EV_QS_REPORT: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"node\":%d,\"mask\":\"0x%llx\"", ev->cpu, fl, (unsigned long long)ev->gp, ev->node, (unsigned long long)ev->mask); break;
    case RV_EV_FQS: ADD(",\"flavor\":\"%s\",\"gp\":%llu,\"pass\":\"%s\",\"probed\":%lld,\"cpu\":%d", fl, (unsigned long long)ev->gp, ev->arg ? "check" : "snapshot", (long long)ev->n, ev->cpu); break;
    case RV_EV_FQS_CREDIT: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"why\":\"%s\"", ev->cpu, fl, (unsigned long long)ev->gp, ev->arg == 1 ? "ofl" : ev->arg == 2 ? "snap" : "dti"); break;
    case RV_EV_IDLE_ENTER: ADD(",\"cpu\":%d%s", ev->cpu, ev->arg ? ",\"tick_stopped\":true" : ""); break;
    case RV_EV_IDLE_EXIT: case RV_EV_CPU_OFFLINE: case RV_EV_CPU_ONLINE: ADD(",\"cpu\":%d", ev->cpu); break;
    case RV_EV_CB_ORPHAN: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"n\":%lld,\"adopted_by\":%d", ev->cpu, fl, (long long)ev->n, ev->node); break;
    case RV_EV_STALL: ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"kind\":\"%s\",\"jiffies\":%lld", ev->cpu, fl, (unsigned long long)ev->gp, ev->arg ? "other" : "self", (long long)ev->n); break;
    case RV_EV_SYNC_BEGIN: ADD(",\"task\":%llu,\"cpu\":%d,\"flavor\":\"%s\"", (unsigned long long)ev->id, ev->cpu, fl); break;
    case RV_EV_SYNC_END: ADD(",\"task\":%llu,\"cpu\":%d,\"flavor\":\"%s\",\"latency_ns\":%lld", (unsigned long long)ev->id, ev->cpu, fl, (long long)ev->n); break;
    case RV_EV_KTHREAD_WAKE: ADD(",\"flavor\":\"%s\",\"cpu\":%d,\"why\":\"%s\"", fl, ev->cpu, ev->arg == 1 ? "init" : ev->arg == 2 ? "fqs" : ev->arg == 4 ? "cleanup" : "timeout"); break;
    case RV_EV_SOFTIRQ: ADD(",\"cpu\":%d,\"where\":\"%s\",\"passes\":%lld", ev->cpu, ev->arg ? "ksoftirqd" : "irq_exit", (long long)ev->n); break;
    case RV_EV_KERNEL_LOOP: ADD(",\"cpu\":%d,\"duration_ns\":%lld", ev->cpu, (long long)ev->n); break;
    case RV_EV_INJECT: {
        bool has = ev->flavor >= 0;
        ADD(",\"kind\":\"%s\",\"cpu\":%d%s%s%s,\"count\":%lld", rv_inject_kind_name((enum rv_inject_kind)ev->arg), ev->cpu, has ? ",\"flavor\":\"" : "", has ? fl : "", has ? "\"" : "", (long long)ev->n);
        break;
    }
    case RV_EV_CAPTION: ADD(",\"index\":%lld", (long long)ev->n); break;
    case RV_EV_VIOLATION:
        if (ev->arg == 1) ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"gp\":%llu,\"reader\":%lld", ev->cpu, fl, (unsigned long long)ev->gp, (long long)ev->n);
        else ADD(",\"cpu\":%d,\"flavor\":\"%s\",\"cb\":%llu,\"reader\":%lld", ev->cpu, fl, (unsigned long long)ev->id, (long long)ev->n);
        break;
    case RV_EV_IDLE_DRAIN: ADD(",\"cpu\":%d,\"drain\":%lld", ev->cpu, (long long)ev->n); break;
    default: break;
    }
    ADD("}");
#undef ADD
    return len;
}

static uint64_t xs = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    xs ^= xs << 13; xs ^= xs >> 7; xs ^= xs << 17;
    return xs;
}

/* A value of any size: small, large, extreme, negative (as the field's type allows). */
static uint64_t any(void)
{
    static const uint64_t edge[] = {0, 1, 9, 10, 99, 100, 999, 1000, 12345, UINT32_MAX, (uint64_t)INT64_MAX,
                                    (uint64_t)INT64_MIN, UINT64_MAX, 1000000000000ull, 9999999999999999999ull};
    uint64_t r = next();
    switch (r % 4) {
    case 0: return edge[(r >> 8) % (sizeof edge / sizeof *edge)];
    case 1: return (r >> 8) % 1000;
    case 2: return next() >> (next() % 64);
    default: return next();
    }
}

static rv_event random_event(int type)
{
    rv_event ev;
    memset(&ev, 0, sizeof ev);
    ev.seq = next();
    ev.t = (int64_t)any();
    ev.type = (uint16_t)type;
    ev.flavor = (int8_t)(next() % 6) - 1; /* -1 .. 4: none, the three flavors, out of range */
    static const int8_t args[] = {0, 1, 2, 3, 4, 5, -1, 9, 127, -128};
    ev.arg = args[next() % (sizeof args / sizeof *args)];
    ev.cpu = (int32_t)any();
    ev.node = (int32_t)any();
    ev.id = any();
    ev.gp = any();
    ev.n = (int64_t)any();
    ev.mask = any();
    return ev;
}

/* Every type (and a few past the last), every field at ordinary and extreme values. */
Test(event_json, same_text_as_printf)
{
    char got[1024], want[1024];
    for (int type = 0; type < RV_EV_NTYPES + 3; type++) {
        for (int i = 0; i < 4000; i++) {
            rv_event ev = random_event(type);
            int gn = rv_event_to_json(&ev, got, sizeof got);
            int wn = reference_json(&ev, want, sizeof want);
            cr_assert_str_eq(got, want, "type %d", type);
            cr_assert_eq(gn, wn, "type %d: %s", type, want);
        }
    }
}

/* A buffer too small keeps snprintf's contract: the text is cut to fit (NUL-terminated) and the
 * return value is the length of the whole line. */
Test(event_json, truncates_like_snprintf)
{
    char full[1024], cut[1024];
    for (int type = 0; type < RV_EV_NTYPES; type++) {
        rv_event ev = random_event(type);
        int n = rv_event_to_json(&ev, full, sizeof full);
        cr_assert_eq((size_t)n, strlen(full));
        for (size_t sz = 0; sz <= (size_t)n + 1; sz++) {
            memset(cut, 'x', sizeof cut);
            cr_assert_eq(rv_event_to_json(&ev, cut, sz), n);
            if (sz == 0) { cr_assert_eq(cut[0], 'x', "nothing written into an empty buffer"); continue; }
            size_t k = sz - 1 < (size_t)n ? sz - 1 : (size_t)n;
            cr_assert_eq(memcmp(cut, full, k), 0);
            cr_assert_eq(cut[k], 0);
            cr_assert_eq(cut[k + 1], 'x', "nothing written past the buffer");
        }
    }
}
