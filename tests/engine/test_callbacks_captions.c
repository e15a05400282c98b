/* test_callbacks_captions.c — what the callbacks scenario's captions and lecture cues say about a CPU
 * tile (b=∞, blimit back to 10, the D/W/R counts) and about batches ("all N in one pass", "ONE callback"
 * a pass) is what the engine shows and does at the moment they appear. The claims are read from the
 * file's own words, so a caption rewritten to say something the engine does not do fails here. (The
 * captions until December 2026 said the 12000 queued past qhimark went "in one pass" and that blimit was
 * "back to 10" at 1.5095 s; in 3.6/3.7 a lifted limit, kept in rcu_do_batch()'s "int bl", takes one
 * callback a pass behind a task, and blimit is LONG_MAX until about 1.58 s. Both fail here.) */
#include "engine_fixtures.h"
#include "../support/caption_numbers.h"

#include <ctype.h>
#include <limits.h>

/* One text on screen from at_s (a cue until the next one, a timed caption until its until_s), about
 * CPU `cpu` (a cue's selection, or the first "CPU N" a caption names). */
typedef struct shown {
    char what[48];
    const char *text;
    double at_s, until_s;
    int cpu;
} shown;

static int cpu_named(const char *t)
{
    const char *p = strstr(t, "CPU ");
    return p && isdigit((unsigned char)p[4]) ? atoi(p + 4) : -1;
}

/* b=∞ said to be on the tile (+1), said not to be ("no b=∞": -1), or not mentioned (0). */
static int says_unlimited(const char *t)
{
    const char *p = strstr(t, "b=\u221e");
    if (!p) return 0;
    return (p - t >= 3 && strncmp(p - 3, "no ", 3) == 0) ? -1 : 1;
}

typedef struct claims_seen { int tile, batch, single, counts; } claims_seen;

/* Run mode m of the file to s->at_s (+1 ns, where the window lands), check what the text says of the
 * tile there, then run on to its end and check what it says of the batches. */
static void check_shown(const rv_config *file, enum rv_mode m, const shown *s, claims_seen *seen)
{
    rv_config cfg = *file;
    cfg.rcu.mode = m;
    fx_log log = {.keep = FX_BIT(RV_EV_CB_INVOKE)};
    rv_engine *e = fx_engine(&cfg, &log);
    const char *mode = m == RV_MODE_KTHREAD ? "3.7" : "3.6";
    int64_t at = FX_S(s->at_s) + 1;
    rv_run_until(e, at);
    const char *t = s->text;
    int c = s->cpu;
    if (c >= 0 && c < cfg.cpus) {
        rv_rdp_view r = fx_cpu(e, c).rdp[RV_SCHED];
        int u = says_unlimited(t);
        if (u) {
            seen->tile++;
            if (u > 0) cr_expect_eq(r.blimit, LONG_MAX, "%s %s: says b=∞ on CPU %d, but blimit is %ld", mode, s->what, c, r.blimit);
            else cr_expect_neq(r.blimit, LONG_MAX, "%s %s: says no b=∞ on CPU %d, but blimit is LONG_MAX", mode, s->what, c);
        }
        if (strstr(t, "back to 10")) {
            seen->tile++;
            cr_expect_eq(r.blimit, 10, "%s %s: says blimit is back to 10 on CPU %d, but it is %ld", mode, s->what, c, r.blimit);
        }
        /* the tile's counts: "D holds the 12000", "W holds the 3000", "D 9071" */
        static const struct { const char *phrase; int seg; } counts[] = {
            {"D holds the ", RV_DONE_TAIL}, {"W holds the ", RV_WAIT_TAIL}, {"D ", RV_DONE_TAIL}, {"W ", RV_WAIT_TAIL}, {"R ", RV_NEXT_READY_TAIL},
        };
        for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
            const char *from = t;
            long n;
            while ((n = (long)fx_number_after(t, counts[k].phrase, &from)) >= 0) {
                seen->counts++;
                cr_expect_eq(r.seg[counts[k].seg], n, "%s %s: says \"%s%ld\" of CPU %d, the tile has %ld", mode, s->what, counts[k].phrase,
                             n, c, r.seg[counts[k].seg]);
            }
        }
        /* while b=∞ is on the tile, "ONE callback" / "one per pass": the CPU's next passes take one each */
        bool single = u > 0 && (strstr(t, "ONE callback") || strstr(t, "one per pass"));
        if (single) {
            seen->single++;
            size_t from = log.n;
            while (rv_now_ns(e) < FX_S(s->until_s) && fx_count_from(&log, from, RV_EV_CB_INVOKE, RV_SCHED) < 20 && rv_step_event(e) != -1) {}
            long ones = 0;
            for (size_t i = from; i < log.n; i++) {
                if (log.v[i].cpu != c || log.v[i].flavor != RV_SCHED) continue;
                cr_expect_eq(log.v[i].n, 1, "%s %s: says one callback a pass, CPU %d invoked %lld at %.6f s", mode, s->what, c,
                             (long long)log.v[i].n, log.v[i].t / 1e9);
                ones++;
            }
            cr_expect_gt(ones, 0, "%s %s: says one callback a pass, but CPU %d invoked none after %.4f s", mode, s->what, c, s->at_s);
        }
    }
    /* "all N ... in one pass" / "one pass invokes all N": some CPU invokes N at one instant while it is up */
    const char *from = t;
    long n = (long)fx_number_after(t, "all ", &from);
    if (n > 0 && (strstr(t, "one pass") || strstr(t, "One pass"))) {
        seen->batch++;
        rv_run_until(e, FX_S(s->until_s));
        long most = 0, run = 0;
        int64_t run_t = -1;
        int run_cpu = -1;
        for (size_t i = 0; i < log.n; i++) {
            const rv_event *ev = &log.v[i];
            if (ev->t < at || ev->flavor != RV_SCHED) continue;
            if (ev->t != run_t || ev->cpu != run_cpu) run = 0;
            run_t = ev->t;
            run_cpu = ev->cpu;
            run += (long)ev->n;
            if (run > most) most = run;
        }
        cr_expect_geq(most, n, "%s %s: says all %ld go in one pass, but no CPU invoked more than %ld at once from %.4f to %.4f s", mode,
                      s->what, n, most, s->at_s, s->until_s);
    }
    rv_engine_free(e);
    fx_log_free(&log);
}

Test(callbacks_captions, what_the_lesson_says_is_what_the_engine_does)
{
    rv_config cfg;
    fx_shipped_config("callbacks", &cfg);
    claims_seen seen = {0};
    /* timed captions: in both kernels (compare mode shows each side's) */
    for (size_t i = 0; i < cfg.ncaptions; i++) {
        const rv_caption *k = &cfg.captions[i];
        cr_assert(k->until_s > k->at_s, "the callbacks captions are timed");
        shown s = {.text = k->text, .at_s = k->at_s, .until_s = k->until_s, .cpu = cpu_named(k->text)};
        snprintf(s.what, sizeof s.what, "captions[%d] at %g s", k->file_index, k->at_s);
        for (int m = 0; m < 2; m++) check_shown(&cfg, m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ, &s, &seen);
    }
    /* lecture cues: single view, the file's mode; each is up until the next (the last until the end) */
    int sel = -1;
    for (size_t i = 0; i < cfg.ncues; i++) {
        const rv_cue *q = &cfg.cues[i];
        cr_assert_neq(q->compare, 1, "the callbacks cues are single view");
        if (q->select_cpu >= 0) sel = q->select_cpu;
        shown s = {.text = q->caption, .at_s = q->at_s, .until_s = i + 1 < cfg.ncues ? cfg.cues[i + 1].at_s : cfg.duration_s, .cpu = sel};
        snprintf(s.what, sizeof s.what, "cue %zu at %g s", i + 1, q->at_s);
        check_shown(&cfg, cfg.rcu.mode, &s, &seen);
    }
    /* the lesson makes each kind of claim, so each check above has run */
    cr_expect_geq(seen.tile, 4, "claims about b=∞ or blimit 10: %d", seen.tile);
    cr_expect_geq(seen.batch, 2, "\"all N in one pass\" claims: %d", seen.batch);
    cr_expect_geq(seen.single, 2, "\"one callback a pass\" claims: %d", seen.single);
    cr_expect_geq(seen.counts, 4, "claims of D/W/R counts: %d", seen.counts);
    rv_config_free(&cfg);
}
