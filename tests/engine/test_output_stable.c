/* test_output_stable.c — optimisations keep the output: listening, ring size and checkpoint clones never change a run's report or trace. */
#include "engine_fixtures.h"
#include "report_digest.h"
#include "scenario.h"

#include <glob.h>
#include <limits.h>
#include <stdio.h>

#define SLICE_S 1.5 /* simulated seconds of each shipped scenario (enough for several GPs, FQS, readers) */

/* FNV-1a over the --trace JSON lines: two runs with the same digest wrote the same trace. */
typedef struct digest { uint64_t h, events; } digest;

static void digest_sink(const rv_event *ev, void *ctx)
{
    digest *d = ctx;
    char line[512];
    int n = rv_event_to_json(ev, line, sizeof line);
    cr_assert(n > 0 && (size_t)n < sizeof line - 1, "event JSON truncated");
    for (int i = 0; i < n; i++) d->h = (d->h ^ (unsigned char)line[i]) * 1099511628211ULL;
    d->h = (d->h ^ '\n') * 1099511628211ULL;
    d->events++;
}

static bool load(const char *name, enum rv_mode mode, rv_config *cfg)
{
    const char *root = getenv("RCUVIS_ROOT");
    char path[PATH_MAX], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root ? root : ".", name);
    memset(cfg, 0, sizeof *cfg);
    if (rv_scenario_load(path, cfg, err, sizeof err) != 0) {
        cr_log_error("%s: %s", path, err);
        return false;
    }
    cfg->rcu.mode = mode;
    if (cfg->duration_s > SLICE_S) cfg->duration_s = SLICE_S;
    return true;
}

static rv_engine *start(const rv_config *cfg, size_t ring, digest *d)
{
    rv_engine_opts opts = {.event_ring = ring};
    char err[512];
    rv_engine *e = rv_engine_new(cfg, &opts, err, sizeof err);
    cr_assert_not_null(e, "%s", err);
    if (d) rv_engine_set_sink(e, digest_sink, d);
    return e;
}

/* A checkpoint's life in time travel: cloned, the original dropped, cloned again to run on. */
static rv_engine *through_checkpoint(rv_engine *e, digest *d)
{
    rv_engine *ck = rv_engine_clone(e);
    cr_assert_not_null(ck);
    rv_engine_free(e);
    rv_engine *live = rv_engine_clone(ck);
    cr_assert_not_null(live);
    rv_engine_free(ck);
    if (d) rv_engine_set_sink(live, digest_sink, d);
    return live;
}

/* Per-CPU counters and the kernel's own debugfs text do not depend on who listens. */
static void same_per_cpu_views(const rv_engine *a, const rv_engine *b, const char *name)
{
    for (int c = 0; c < rv_cpus(a); c++) {
        rv_cpu_view va, vb;
        rv_cpu_get(a, c, &va);
        rv_cpu_get(b, c, &vb);
        for (int f = 0; f < RV_NFLAVORS; f++) {
            cr_expect_eq(va.rdp[f].dynticks_fqs, vb.rdp[f].dynticks_fqs, "%s: cpu %d dynticks_fqs", name, c);
            cr_expect_eq(va.rdp[f].offline_fqs, vb.rdp[f].offline_fqs, "%s: cpu %d offline_fqs", name, c);
        }
    }
    static char da[1 << 20], db[1 << 20];
    cr_assert_geq(rv_debugfs(a, "rcudata", da, sizeof da), 0);
    cr_assert_geq(rv_debugfs(b, "rcudata", db, sizeof db), 0);
    cr_expect_str_eq(da, db, "%s: debugfs rcudata", name);
}

static const char *const shipped[] = {"small-busy", "hackbench", "kernel-build", "omap-stall", "rcutorture",
                                       "scaling", "fast-no-hz", "big-machine", "offline-mid-gp", "tree", "callbacks", "bh-netload"};

static void check_scenario_with(const char *name, bool busted)
{
    for (int m = 0; m < 2; m++) {
        rv_config cfg;
        cr_assert(load(name, m, &cfg), "cannot load %s", name);
        cfg.rcu.busted = busted;
        int64_t end = (int64_t)(cfg.duration_s * 1e9);

        /* reference: the default ring, a listener from the start, one run_until */
        digest ref = {14695981039346656037ULL, 0};
        rv_engine *a = start(&cfg, 0, &ref);
        rv_run_until(a, end);
        uint64_t rep = fx_report_digest(a, NULL);
        cr_assert_gt(ref.events, 100u, "%s: a lively trace", name);

        /* headless: the smallest ring, no listener */
        rv_engine *b = start(&cfg, RV_RING_HEADLESS, NULL);
        rv_run_until(b, end);
        cr_expect_eq(fx_report_digest(b, NULL), rep, "%s %s: headless report differs", name, rv_mode_name(m));
        /* a headless engine may count per-CPU FQS credits instead of logging them: the report's
         * event count (in the digest) is the same, the log holds no more than the reference's */
        cr_expect_leq(rv_event_count(b), ref.events, "%s: event count", name);
        same_per_cpu_views(a, b, name);

        /* a small ring with a listener, through two checkpoints at odd times */
        digest dc = {14695981039346656037ULL, 0};
        rv_engine *c = start(&cfg, RV_RING_HEADLESS, &dc);
        rv_run_until(c, end / 3 + 12345);
        c = through_checkpoint(c, &dc);
        rv_run_until(c, 2 * end / 3 + 777);
        c = through_checkpoint(c, &dc);
        rv_run_until(c, end);
        cr_expect_eq(dc.events, ref.events, "%s %s: events through checkpoints", name, rv_mode_name(m));
        cr_expect_eq(dc.h, ref.h, "%s %s: trace differs through checkpoints", name, rv_mode_name(m));
        cr_expect_eq(fx_report_digest(c, NULL), rep, "%s %s: report differs through checkpoints", name, rv_mode_name(m));

        /* the listener joins mid-run: what it sees is the reference's tail, and the run is the same */
        rv_engine *d = start(&cfg, 0, NULL);
        rv_run_until(d, end / 2);
        digest dd = {14695981039346656037ULL, 0};
        rv_engine_set_sink(d, digest_sink, &dd);
        rv_run_until(d, end);
        cr_expect_eq(rv_event_count(d), ref.events);
        cr_expect_eq(fx_report_digest(d, NULL), rep, "%s %s: report differs with a late listener", name, rv_mode_name(m));

        rv_engine_free(a);
        rv_engine_free(b);
        rv_engine_free(c);
        rv_engine_free(d);
        rv_config_free(&cfg);
    }
}

static void check_scenario(const char *name) { check_scenario_with(name, false); }

Test(output_stable, small_busy) { check_scenario(shipped[0]); }
Test(output_stable, hackbench) { check_scenario(shipped[1]); }
Test(output_stable, kernel_build) { check_scenario(shipped[2]); }
Test(output_stable, omap_stall) { check_scenario(shipped[3]); }
Test(output_stable, rcutorture) { check_scenario(shipped[4]); }
Test(output_stable, scaling) { check_scenario(shipped[5]); }
Test(output_stable, fast_no_hz) { check_scenario(shipped[6]); }
Test(output_stable, big_machine) { check_scenario(shipped[7]); }
/* triggered on qs_report: a headless run still logs the per-node events an armed trigger reads */
Test(output_stable, offline_mid_gp) { check_scenario(shipped[8]); }
Test(output_stable, tree) { check_scenario(shipped[9]); }
/* five scripted floods: batches of blimit, and one callback a pass past qhimark (3.6/3.7's int bl) */
Test(output_stable, callbacks) { check_scenario(shipped[10]); }
/* two flavors, one stalled by a kernel loop while the other keeps ending grace periods */
Test(output_stable, bh_netload) { check_scenario(shipped[11]); }

/* Every scenario in scenarios/ is in shipped[] and has its test above (tree had been left out). */
Test(output_stable, every_shipped_scenario_is_checked)
{
    const char *root = getenv("RCUVIS_ROOT");
    char pattern[PATH_MAX];
    snprintf(pattern, sizeof pattern, "%s/scenarios/*.json", root ? root : ".");
    glob_t g;
    cr_assert_eq(glob(pattern, 0, NULL, &g), 0, "no scenarios under %s", pattern);
    size_t found = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        const char *base = strrchr(g.gl_pathv[i], '/') ? strrchr(g.gl_pathv[i], '/') + 1 : g.gl_pathv[i];
        if (strcmp(base, "schema.json") == 0) continue;
        found++;
        bool listed = false;
        for (size_t k = 0; k < sizeof shipped / sizeof shipped[0]; k++)
            listed |= strncmp(base, shipped[k], strlen(shipped[k])) == 0 && strcmp(base + strlen(shipped[k]), ".json") == 0;
        cr_expect(listed, "scenarios/%s has no output_stable test", base);
    }
    cr_expect_eq(found, sizeof shipped / sizeof shipped[0], "shipped[] names %zu scenarios, scenarios/ holds %zu",
                 sizeof shipped / sizeof shipped[0], found);
    globfree(&g);
}

/* 4080 idle CPUs: a headless run credits them per leaf and counts the credits instead of logging
 * 1.78 M events, yet reports, counts and per-CPU "df" are the listened run's (above). */
Test(output_stable, big_machine_headless_counts_credits)
{
    rv_config cfg;
    cr_assert(load("big-machine", RV_MODE_SOFTIRQ, &cfg));
    cfg.duration_s = 0.2;
    digest ref = {14695981039346656037ULL, 0};
    rv_engine *a = start(&cfg, 0, &ref), *b = start(&cfg, RV_RING_HEADLESS, NULL);
    rv_run_until(a, FX_S(0.2));
    rv_run_until(b, FX_S(0.2));
    rv_report ra, rb;
    rv_report_build(a, &ra);
    rv_report_build(b, &rb);
    cr_expect_eq(ra.events, ref.events);
    cr_expect_eq(rb.events, ref.events, "the report counts the credits it did not log");
    cr_expect_gt(ra.flavors[RV_SCHED].dyntick_credits, 4080u * 5, "several GPs' worth of idle credits");
    cr_expect_eq(rb.flavors[RV_SCHED].dyntick_credits, ra.flavors[RV_SCHED].dyntick_credits);
    cr_expect_lt(rv_event_count(b) + ra.flavors[RV_SCHED].dyntick_credits / 2, ref.events, "credits were counted, not logged");
    rv_work wa, wb;
    rv_engine_work(a, &wa);
    rv_engine_work(b, &wb);
    cr_expect_eq(wb.fqs_credits, wa.fqs_credits);
    cr_expect_eq(wb.events, wa.events);
    rv_report_free(&ra);
    rv_report_free(&rb);
    rv_engine_free(a);
    rv_engine_free(b);
    rv_config_free(&cfg);
}

/* rcutorture's busted RCU runs callbacks under live readers: only then does a reader's Reader Pipe
 * slot get read after it changed, so only then must a checkpoint's packed slots be exact. */
Test(output_stable, rcutorture_busted) { check_scenario_with(shipped[4], true); }

/* Long readers under busted RCU, a checkpoint every 5 ms: readers alive at a checkpoint whose
 * element was already retired and invoked must report the same Reader Pipe stage after it. */
Test(output_stable, reader_pipe_survives_checkpoints)
{
    rv_config cfg;
    fx_config(&cfg, 4, RV_MODE_KTHREAD);
    cfg.duration_s = 1.0;
    cfg.rcu.busted = true;
    rv_phase *ph = fx_add_phase(&cfg, "all", 0.9);
    fx_readers_all(ph, 300, 8000);
    for (int f = 0; f < RV_NFLAVORS; f++) ph->call_rcu_per_s[f] = 3000;
    rv_engine *a = start(&cfg, 0, NULL), *c = start(&cfg, 0, NULL);
    rv_run_until(a, FX_S(1.0));
    for (int k = 1; k <= 200; k++) {
        rv_run_until(c, FX_S(0.005 * k) - 3333);
        c = through_checkpoint(c, NULL);
    }
    rv_run_until(c, FX_S(1.0));
    rv_report ra, rc;
    rv_report_build(a, &ra);
    rv_report_build(c, &rc);
    cr_assert_gt(ra.reader_pipe[2], 0u, "some readers saw their element freed (busted)");
    for (int i = 0; i < RV_PIPE_LEN; i++) cr_expect_eq(rc.reader_pipe[i], ra.reader_pipe[i], "pipe stage %d", i);
    rv_report_free(&ra);
    rv_report_free(&rc);
    cr_expect_eq(fx_report_digest(c, NULL), fx_report_digest(a, NULL));
    rv_engine_free(a);
    rv_engine_free(c);
    rv_config_free(&cfg);
}

/* A checkpoint is small: it does not copy the consumed event ring nor the whole Reader Pipe ring,
 * and a clone of it stays as small (the size is counted, not measured, so this holds anywhere). */
Test(output_stable, checkpoints_hold_only_what_the_future_reads)
{
    rv_config cfg;
    cr_assert(load("hackbench", RV_MODE_KTHREAD, &cfg));
    rv_engine *e = start(&cfg, 16384, NULL);
    rv_run_until(e, (int64_t)(cfg.duration_s * 1e9));
    rv_engine *ck = rv_engine_clone(e);
    cr_assert_not_null(ck);
    size_t live = rv_engine_size(e), small = rv_engine_size(ck);
    cr_expect_gt(live, 16384 * sizeof(rv_event), "the live engine holds its full ring (%zu B)", live);
    cr_expect_lt(small, 200 * 1024, "checkpoint of %zu B", small);
    rv_engine *again = rv_engine_clone(ck);
    cr_assert_not_null(again);
    cr_expect_eq(rv_engine_size(again), small, "a clone of a checkpoint is no bigger");
    /* the newest events stay readable in the clone (the window's "last event", step back) */
    uint64_t n = rv_event_count(ck);
    cr_assert_not_null(rv_event_get(ck, n - 1));
    cr_expect_eq(memcmp(rv_event_get(ck, n - 1), rv_event_get(e, n - 1), sizeof(rv_event)), 0);
    cr_expect_null(rv_event_get(ck, n - 16000), "the consumed ring was not copied");
    rv_engine_free(again);
    rv_engine_free(ck);
    rv_engine_free(e);
    rv_config_free(&cfg);
}
