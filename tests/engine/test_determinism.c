/* test_determinism.c — same scenario and seed give the same trace byte for byte; clones replay exactly; stepping granularity does not change history. */
#include "engine_fixtures.h"

#include <cjson/cJSON.h>

/* The --trace JSONL text, built by the sink. */
typedef struct trace {
    char *buf;
    size_t len, cap;
    uint64_t events;
} trace;

static void trace_sink(const rv_event *ev, void *ctx)
{
    trace *t = ctx;
    char line[512];
    int n = rv_event_to_json(ev, line, sizeof line);
    cr_assert(n > 0 && (size_t)n < sizeof line - 1, "event JSON truncated");
    line[n++] = '\n';
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = (t->cap + (size_t)n) * 2;
        t->buf = realloc(t->buf, t->cap);
        cr_assert_not_null(t->buf);
    }
    memcpy(t->buf + t->len, line, (size_t)n);
    t->len += (size_t)n;
    t->buf[t->len] = 0; /* kept a C string for strstr */
    t->events++;
}

static void trace_free(trace *t) { free(t->buf); memset(t, 0, sizeof *t); }

static bool same_trace(const trace *a, const trace *b)
{
    return a->len == b->len && a->events == b->events && memcmp(a->buf, b->buf, a->len) == 0;
}

/* A lively 8-CPU box: readers, updates, preempted readers, idle periods, a torture writer, and a
 * scripted kernel loop and hotplug. */
static void busy_config(rv_config *cfg, enum rv_mode mode, uint64_t seed)
{
    fx_config(cfg, 8, mode);
    cfg->seed = seed;
    cfg->duration_s = 1.0;
    rv_phase *ph = fx_add_phase(cfg, "all", 0.6);
    fx_readers_all(ph, 500, 30);
    ph->readers[RV_PREEMPT].preempt_prob = 0.2;
    for (int f = 0; f < RV_NFLAVORS; f++) ph->call_rcu_per_s[f] = 800;
    ph->kfree_rcu_per_s = 200;
    ph->sync_per_s[RV_SCHED] = 20;
    ph->idle_irqs_per_s = 50;
    ph->burst_mean = 3;
    ph->torture_writer = true;
    ph->torture_flavor = RV_PREEMPT;
    cfg->events = calloc(2, sizeof *cfg->events);
    cfg->nevents = 2;
    cfg->events[0] = (rv_inject){.kind = RV_INJ_KERNEL_LOOP, .cpu = 3, .duration_s = 0.05, .at_s = 0.1};
    cfg->events[1] = (rv_inject){.kind = RV_INJ_OFFLINE, .cpu = 5, .at_s = 0.2};
}

static rv_engine *traced(enum rv_mode mode, uint64_t seed, trace *t)
{
    rv_config cfg;
    busy_config(&cfg, mode, seed);
    rv_engine *e = fx_engine(&cfg, NULL);
    rv_config_free(&cfg);
    if (t) rv_engine_set_sink(e, trace_sink, t);
    return e;
}

/* Compare two reports field by field (pointers aside). */
static void same_report(const rv_engine *a, const rv_engine *b)
{
    rv_report ra, rb;
    rv_report_build(a, &ra);
    rv_report_build(b, &rb);
    cr_assert_eq(ra.nthreads, rb.nthreads);
    cr_assert_eq(ra.nstalls, rb.nstalls);
    for (size_t i = 0; i < ra.nthreads; i++)
        cr_expect_eq(memcmp(&ra.threads[i], &rb.threads[i], sizeof ra.threads[i]), 0, "thread %s", ra.threads[i].name);
    for (size_t i = 0; i < ra.nstalls; i++) cr_expect_eq(memcmp(&ra.stalls[i], &rb.stalls[i], sizeof ra.stalls[i]), 0);
    rv_report xa = ra, xb = rb;
    xa.threads = xb.threads = NULL;
    xa.stalls = xb.stalls = NULL;
    cr_assert_eq(ra.nnot_applied, rb.nnot_applied);
    cr_assert_eq(ra.norphans, rb.norphans);
    for (size_t i = 0; i < ra.norphans; i++) cr_expect_eq(memcmp(&ra.orphans[i], &rb.orphans[i], sizeof ra.orphans[i]), 0);
    xa.not_applied = xb.not_applied = NULL;
    xa.orphans = xb.orphans = NULL;
    cr_expect_eq(memcmp(&xa, &xb, sizeof xa), 0, "reports differ");
    cr_expect_eq(ra.events, rb.events);
    cr_expect_eq(ra.violations, rb.violations);
    rv_report_free(&ra);
    rv_report_free(&rb);
}

Test(determinism, same_seed_same_trace)
{
    for (int m = 0; m < 2; m++) {
        trace ta = {0}, tb = {0};
        rv_engine *a = traced(m, 7, &ta), *b = traced(m, 7, &tb);
        fx_run_s(a, 1.0);
        fx_run_s(b, 1.0);
        cr_assert_gt(ta.events, 10000u, "a lively trace: %lu events", (unsigned long)ta.events);
        cr_expect(same_trace(&ta, &tb), "%s: traces differ (%zu vs %zu bytes)", rv_mode_name(m), ta.len, tb.len);
        same_report(a, b);
        cr_expect_eq(rv_klog_count(a), rv_klog_count(b));
        rv_engine_free(a);
        rv_engine_free(b);
        trace_free(&ta);
        trace_free(&tb);
    }
}

Test(determinism, different_seed_different_trace)
{
    trace ta = {0}, tb = {0};
    rv_engine *a = traced(RV_MODE_KTHREAD, 7, &ta), *b = traced(RV_MODE_KTHREAD, 8, &tb);
    fx_run_s(a, 0.3);
    fx_run_s(b, 0.3);
    cr_expect_not(same_trace(&ta, &tb), "seed 7 and 8 gave the same trace");
    rv_engine_free(a);
    rv_engine_free(b);
    trace_free(&ta);
    trace_free(&tb);
}

/* A clone at t continues exactly like the original, and like a fresh run that never stopped. */
Test(determinism, clone_replays_exactly)
{
    trace ref = {0}, ta = {0}, tb = {0};
    rv_engine *c = traced(RV_MODE_SOFTIRQ, 11, &ref);
    fx_run_s(c, 0.25);
    size_t ref_at_t = ref.len;
    fx_run_s(c, 0.6);

    rv_engine *a = traced(RV_MODE_SOFTIRQ, 11, NULL);
    fx_run_s(a, 0.25);
    uint64_t seq_at_t = rv_event_count(a);
    rv_engine *b = rv_engine_clone(a);
    cr_assert_not_null(b);
    cr_expect_eq(rv_now_ns(b), rv_now_ns(a));
    cr_expect_eq(rv_jiffies(b), rv_jiffies(a));
    cr_expect_eq(rv_event_count(b), seq_at_t);
    cr_expect_eq(rv_klog_count(b), rv_klog_count(a));
    rv_engine_set_sink(a, trace_sink, &ta);
    rv_engine_set_sink(b, trace_sink, &tb);
    fx_run_s(b, 0.6); /* the clone first: the original must not be disturbed by it */
    fx_run_s(a, 0.6);
    cr_assert_gt(ta.events, 1000u);
    cr_expect(same_trace(&ta, &tb), "clone and original diverged");
    cr_expect_eq(ta.len, ref.len - ref_at_t, "the fresh run's tail has the same length");
    cr_expect_eq(memcmp(ta.buf, ref.buf + ref_at_t, ta.len < ref.len - ref_at_t ? ta.len : ref.len - ref_at_t), 0,
                 "the clone's history from t equals an uninterrupted run's");
    same_report(a, b);
    same_report(a, c);
    rv_engine_free(a);
    rv_engine_free(b);
    rv_engine_free(c);
    trace_free(&ref);
    trace_free(&ta);
    trace_free(&tb);
}

/* An injection into the clone changes the clone's future only. */
Test(determinism, inject_after_clone_diverges_only_the_clone)
{
    trace ref = {0}, ta = {0}, tb = {0};
    rv_engine *c = traced(RV_MODE_KTHREAD, 3, NULL);
    fx_run_s(c, 0.2);
    rv_engine_set_sink(c, trace_sink, &ref);
    fx_run_s(c, 0.5);

    rv_engine *a = traced(RV_MODE_KTHREAD, 3, NULL);
    fx_run_s(a, 0.2);
    rv_engine *b = rv_engine_clone(a);
    cr_assert_not_null(b);
    rv_engine_set_sink(a, trace_sink, &ta);
    rv_engine_set_sink(b, trace_sink, &tb);
    fx_inject(b, RV_INJ_CALL_RCU_BURST, 1, RV_BH, 0, 500);
    fx_run_s(a, 0.5);
    fx_run_s(b, 0.5);
    cr_expect(same_trace(&ta, &ref), "the original was changed by its clone's injection");
    cr_expect_not(same_trace(&ta, &tb), "the injection changed nothing");
    /* (the burst also reshuffles later random draws, so only its own record is compared) */
    cr_expect_not_null(strstr(tb.buf, "\"kind\":\"call_rcu_burst\",\"cpu\":1,\"flavor\":\"rcu_bh\",\"count\":500"));
    cr_expect_null(strstr(ta.buf, "call_rcu_burst"));
    rv_engine_free(a);
    rv_engine_free(b);
    rv_engine_free(c);
    trace_free(&ref);
    trace_free(&ta);
    trace_free(&tb);
}

/* Event steps, jiffy steps and one long run produce the same history. */
Test(determinism, stepping_granularity_does_not_matter)
{
    trace tr = {0}, te = {0}, tj = {0};
    rv_engine *r = traced(RV_MODE_KTHREAD, 5, &tr), *se = traced(RV_MODE_KTHREAD, 5, &te), *sj = traced(RV_MODE_KTHREAD, 5, &tj);
    const int64_t end = FX_S(0.15);
    rv_run_until(r, end);
    int64_t last = rv_now_ns(se);
    size_t steps = 0;
    while (rv_now_ns(se) < end) {
        uint64_t before = te.events;
        int64_t t = rv_step_event(se);
        cr_assert_neq(t, -1);
        cr_assert_geq(t, last, "time never goes back");
        cr_assert(t > last || te.events > before || rv_now_ns(se) == t, "a step made no progress");
        last = t;
        steps++;
    }
    cr_expect_gt(steps, 500u);
    while (rv_now_ns(sj) < end) {
        uint64_t j = rv_jiffies(sj);
        rv_step_jiffy(sj);
        cr_assert_eq(rv_jiffies(sj), j + 1, "one jiffy per rv_step_jiffy");
        cr_assert_eq(rv_now_ns(sj), (int64_t)(j + 1) * 1000000, "time at the jiffy boundary");
    }
    /* the event stepper may have handled events at `end`; the others stop before it */
    rv_run_until(r, end + 1);
    rv_run_until(sj, end + 1);
    size_t k = tr.len < te.len ? tr.len : te.len;
    cr_expect_eq(memcmp(tr.buf, te.buf, k), 0, "event steps diverged from one run");
    cr_expect(same_trace(&tr, &tj), "jiffy steps diverged from one run");
    rv_engine_free(r);
    rv_engine_free(se);
    rv_engine_free(sj);
    trace_free(&tr);
    trace_free(&te);
    trace_free(&tj);
}

/* The ring keeps the newest events; the sink and the ring agree on them. */
Test(determinism, ring_and_sink_agree)
{
    rv_config cfg;
    busy_config(&cfg, RV_MODE_KTHREAD, 9);
    rv_engine_opts opts = {.event_ring = 1000}; /* rounded up to 1024 */
    char err[256];
    rv_engine *e = rv_engine_new(&cfg, &opts, err, sizeof err);
    rv_config_free(&cfg);
    cr_assert_not_null(e, "%s", err);
    fx_log log = {0};
    rv_engine_set_sink(e, fx_sink, &log);
    fx_run_s(e, 0.1);
    uint64_t n = rv_event_count(e);
    cr_assert_gt(n, 5000u);
    cr_expect_eq(log.n, (size_t)n, "the sink saw every event (none emitted before boot)");
    cr_expect_null(rv_event_get(e, n), "not emitted yet");
    cr_expect_null(rv_event_get(e, n - 1025), "left the ring");
    for (uint64_t s = n - 1024; s < n; s++) {
        const rv_event *ev = rv_event_get(e, s);
        cr_assert_not_null(ev, "seq %lu", (unsigned long)s);
        cr_assert_eq(ev->seq, s);
        cr_assert_eq(memcmp(ev, &log.v[s], sizeof *ev), 0, "seq %lu differs between ring and sink", (unsigned long)s);
    }
    for (size_t i = 1; i < log.n; i++) {
        cr_assert_eq(log.v[i].seq, log.v[i - 1].seq + 1);
        cr_assert_geq(log.v[i].t, log.v[i - 1].t, "events in time order");
    }
    rv_engine_free(e);
    fx_log_free(&log);
}

/* The trace format: one object per event with the fields the CLI documents. */
Test(determinism, event_json_format)
{
    rv_event ev = {.seq = 3, .t = 123, .type = RV_EV_GP_START, .flavor = RV_SCHED, .cpu = -1, .node = -1, .gp = 5};
    char buf[256];
    int n = rv_event_to_json(&ev, buf, sizeof buf);
    cr_expect_str_eq(buf, "{\"t\":123,\"ev\":\"gp_start\",\"flavor\":\"rcu_sched\",\"gp\":5,\"cpu\":-1}");
    cr_expect_eq(n, (int)strlen(buf));
    ev = (rv_event){.t = 9, .type = RV_EV_FQS_CREDIT, .flavor = RV_BH, .cpu = 2, .gp = 7, .arg = 1};
    rv_event_to_json(&ev, buf, sizeof buf);
    cr_expect_str_eq(buf, "{\"t\":9,\"ev\":\"fqs_credit\",\"cpu\":2,\"flavor\":\"rcu_bh\",\"gp\":7,\"why\":\"ofl\"}");
    char small[10];
    n = rv_event_to_json(&ev, small, sizeof small);
    cr_expect_gt(n, 9, "returns the full length like snprintf");
    cr_expect_eq(strlen(small), 9u, "and truncates");
    for (int t = 0; t < RV_EV_NTYPES; t++) cr_expect_str_neq(rv_ev_name((enum rv_ev_type)t), "?", "type %d has a name", t);
    cr_expect_str_eq(rv_ev_name(RV_EV_NTYPES), "?");
}

/* Every event of a lively run (all kinds of activity, hotplug, stalls, violations) formats to one
 * valid JSON object whose fields say what the event says. */
Test(determinism, every_event_is_valid_json)
{
    rv_config cfg;
    busy_config(&cfg, RV_MODE_KTHREAD, 13);
    cfg.rcu.stall_timeout_s = 3;
    cfg.rcu.rcu_boost = true;
    rv_inject *ev = realloc(cfg.events, 6 * sizeof *ev);
    cr_assert_not_null(ev);
    cfg.events = ev;
    ev[1].at_s = 0.01; /* offline CPU 5 early, while its callbacks wait: cb_orphan */
    ev[2] = (rv_inject){.kind = RV_INJ_KERNEL_LOOP, .cpu = 2, .duration_s = 3.5, .at_s = 0.3};
    ev[3] = (rv_inject){.kind = RV_INJ_ONLINE, .cpu = 5, .at_s = 0.5};
    ev[4] = (rv_inject){.kind = RV_INJ_FORCE_QS, .cpu = -1, .flavor = RV_BH, .at_s = 0.6};
    ev[5] = (rv_inject){.kind = RV_INJ_CALL_RCU_BURST, .cpu = 7, .flavor = RV_SCHED, .count = 20000, .at_s = 0.7};
    cfg.nevents = 6;
    cfg.duration_s = 4.0;
    rv_caption cap = {.at_s = 0.2, .until_s = 1.0, .text = "a caption"};
    cfg.captions = &cap; /* not owned: detached before rv_config_free */
    cfg.ncaptions = 1;
    fx_log log = {0};
    rv_engine *e = fx_engine(&cfg, &log);
    cfg.captions = NULL;
    cfg.ncaptions = 0;
    rv_config_free(&cfg);
    fx_run_s(e, 4.0);
    bool seen[RV_EV_NTYPES] = {false};
    char buf[1024];
    for (size_t i = 0; i < log.n; i++) {
        const rv_event *x = &log.v[i];
        int n = rv_event_to_json(x, buf, sizeof buf);
        cr_assert(n > 0 && (size_t)n < sizeof buf);
        cJSON *j = cJSON_Parse(buf);
        cr_assert_not_null(j, "not JSON: %s", buf);
        cr_assert(cJSON_IsObject(j));
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(j, "t"), *name = cJSON_GetObjectItemCaseSensitive(j, "ev");
        cr_assert(cJSON_IsNumber(t) && (int64_t)t->valuedouble == x->t, "%s", buf);
        cr_assert(cJSON_IsString(name), "%s", buf);
        cr_assert_str_eq(name->valuestring, rv_ev_name((enum rv_ev_type)x->type));
        const cJSON *fl = cJSON_GetObjectItemCaseSensitive(j, "flavor");
        if (fl) {
            cr_assert(cJSON_IsString(fl), "%s", buf);
            cr_assert_eq(rv_flavor_from_name(fl->valuestring), x->flavor, "%s", buf);
        }
        const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(j, "cpu");
        if (cpu) cr_assert(cJSON_IsNumber(cpu) && (int)cpu->valuedouble == x->cpu, "%s", buf);
        const cJSON *gp = cJSON_GetObjectItemCaseSensitive(j, "gp");
        if (gp) cr_assert(cJSON_IsNumber(gp) && (uint64_t)gp->valuedouble == x->gp, "%s", buf);
        seen[x->type] = true;
        cJSON_Delete(j);
    }
    int kinds = 0;
    for (int k = 0; k < RV_EV_NTYPES; k++) kinds += seen[k];
    cr_expect_geq(kinds, 26, "a run that shows nearly every event kind (%d seen)", kinds);
    cr_expect(seen[RV_EV_STALL] && seen[RV_EV_CB_ORPHAN] && seen[RV_EV_CPU_ONLINE] && seen[RV_EV_READER_BLOCK] &&
              seen[RV_EV_CAPTION] && seen[RV_EV_KERNEL_LOOP]);
    rv_engine_free(e);
    fx_log_free(&log);
}

/* A clone owns everything it uses: it runs on after the original is freed, and it never feeds the
 * original's sink. */
Test(determinism, clone_is_independent_of_the_original)
{
    trace ta = {0}, tc = {0}, ref = {0};
    rv_engine *r = traced(RV_MODE_KTHREAD, 21, NULL);
    fx_run_s(r, 0.1);
    rv_engine_set_sink(r, trace_sink, &ref);
    fx_run_s(r, 0.3);

    rv_engine *a = traced(RV_MODE_KTHREAD, 21, &ta);
    fx_run_s(a, 0.1);
    size_t seen = ta.len;
    rv_engine *c = rv_engine_clone(a);
    cr_assert_not_null(c);
    rv_engine_free(a);
    fx_run_s(c, 0.3);
    cr_expect_eq(ta.len, seen, "the clone wrote into the original's sink");
    rv_engine_set_sink(c, trace_sink, &tc);
    fx_run_s(c, 0.3); /* nothing new */
    cr_expect_eq(tc.events, 0u);
    rv_report rc;
    rv_report_build(c, &rc);
    cr_expect_eq(rc.events, rv_event_count(r));
    cr_expect_eq(rv_klog_count(c), rv_klog_count(r));
    for (size_t i = 0; i < rv_klog_count(c); i++) cr_expect_str_eq(rv_klog_line(c, i), rv_klog_line(r, i));
    rv_report_free(&rc);
    same_report(c, r);
    rv_engine_free(c);
    rv_engine_free(r);
    trace_free(&ta);
    trace_free(&tc);
    trace_free(&ref);
}

/* A sink attached mid-run sees exactly the events from then on; detaching and re-attaching leaves
 * a gap of exactly the events emitted in between, all still readable from the ring. */
/* The newest `count` events read back alike from two engines (both have each one, or neither). */
static void same_newest_events(const rv_engine *a, const rv_engine *b, uint64_t count)
{
    uint64_t n = rv_event_count(a);
    cr_assert_eq(rv_event_count(b), n);
    for (uint64_t s = n > count ? n - count : 0; s < n; s++) {
        const rv_event *x = rv_event_get(a, s), *y = rv_event_get(b, s);
        cr_expect_eq(x != NULL, y != NULL, "event %llu readable in one engine only", (unsigned long long)s);
        if (x && y) cr_expect_eq(memcmp(x, y, sizeof *x), 0, "event %llu differs", (unsigned long long)s);
    }
}

/* Time travel's restore (rv_engine_take_ring): a restored checkpoint that takes the ring the engine it
 * replaces has grown runs on exactly as one that grows its own, and reads back the same events; a
 * ring no larger than its own is not taken. */
Test(determinism, a_restored_clone_that_takes_a_grown_ring_runs_on_the_same)
{
    trace ta = {0}, tb = {0};
    rv_engine *run = traced(RV_MODE_KTHREAD, 5, NULL);
    fx_run_s(run, 0.2);
    rv_engine *ck = rv_engine_clone(run);
    cr_assert_not_null(ck);
    rv_engine_free(run);
    /* the engine replaced: another run (a seek to another branch), its ring grown to 65536 slots
     * and holding its own events, none of which may show through */
    rv_engine *live = traced(RV_MODE_KTHREAD, 6, NULL);
    fx_run_s(live, 0.8);
    rv_engine *a = rv_engine_clone(ck), *b = rv_engine_clone(ck);
    cr_assert(a && b);
    size_t small = rv_engine_size(b);
    rv_engine_take_ring(b, live);
    cr_expect_gt(rv_engine_size(b), small, "the restored clone kept its own small ring");
    rv_engine_free(live); /* all that may follow the take */
    same_newest_events(a, b, 512);
    rv_engine_set_sink(a, trace_sink, &ta);
    rv_engine_set_sink(b, trace_sink, &tb);
    fx_run_s(a, 0.8);
    fx_run_s(b, 0.8);
    cr_assert_gt(ta.events, 1000u);
    cr_expect(same_trace(&ta, &tb), "the clone with the taken ring ran differently (%zu vs %zu bytes)", ta.len, tb.len);
    same_report(a, b);
    same_newest_events(a, b, 4096);

    rv_engine *c = rv_engine_clone(ck); /* a ring of a few hundred slots: not taken by b */
    cr_assert_not_null(c);
    size_t big = rv_engine_size(b);
    rv_engine_take_ring(b, c);
    cr_expect_eq(rv_engine_size(b), big);
    fx_run_s(c, 0.3); /* and c still runs on its own */
    cr_expect_gt(rv_event_count(c), rv_event_count(ck));
    rv_engine_free(c);
    rv_engine_free(a);
    rv_engine_free(b);
    rv_engine_free(ck);
    trace_free(&ta);
    trace_free(&tb);
}

Test(determinism, sink_attach_detach)
{
    rv_engine *e = traced(RV_MODE_SOFTIRQ, 17, NULL);
    fx_run_s(e, 0.02);
    fx_log log = {0};
    uint64_t a0 = rv_event_count(e);
    rv_engine_set_sink(e, fx_sink, &log);
    fx_run_s(e, 0.04);
    uint64_t a1 = rv_event_count(e);
    cr_assert_gt(a1, a0);
    cr_assert_eq(log.n, (size_t)(a1 - a0));
    cr_expect_eq(log.v[0].seq, a0);
    rv_engine_set_sink(e, NULL, NULL);
    fx_run_s(e, 0.05);
    uint64_t a2 = rv_event_count(e);
    rv_engine_set_sink(e, fx_sink, &log);
    fx_run_s(e, 0.06);
    cr_assert_eq(log.n, (size_t)((a1 - a0) + (rv_event_count(e) - a2)));
    cr_expect_eq(log.v[a1 - a0].seq, a2, "resumes at the first event after re-attaching");
    for (size_t i = 1; i < log.n; i++)
        if (i != (size_t)(a1 - a0)) cr_assert_eq(log.v[i].seq, log.v[i - 1].seq + 1);
    const rv_event *gap = rv_event_get(e, a1);
    cr_expect(gap != NULL && gap->seq == a1, "the undelivered events stay in the ring");
    rv_engine_free(e);
    fx_log_free(&log);
}
