/* test_snap_captions.c — a shipped caption or cue that names the "snap" mark says what the window shows:
 * a grace period's first (snapshot) FQS pass credits idle CPUs as "snap", later passes as "dti". Such
 * texts said the first pass credits "silently" or "untraced", true of the kernel's trace_rcu_fqs() but
 * not of the window, whose tiles, tree and trace mark the credit "snap" (omap-stall's cue 5 at 4.5547 s
 * in 3.7: "FQS credited: CPU 1 snap"). Each such text is checked in every mode it is shown in, up to
 * its end: the first-pass credits it speaks of happen, each "snap" at a snapshot pass and each "dti" at
 * a later one. */
#include "engine_fixtures.h"
#include "../support/shipped_scenarios.h"


/* Run cfg to `until`; check the snap/dti credits so far match the passes they came from, and return
 * how many snap credits there were. `last_snap` (if not NULL): whether the last credit at or before
 * `until` was a snap credit. */
static int check_credits(const rv_config *cfg, int64_t until, const char *what, bool *last_snap)
{
    fx_log log = {.keep = FX_BIT(RV_EV_FQS) | FX_BIT(RV_EV_FQS_CREDIT)};
    rv_engine *e = fx_engine(cfg, &log);
    rv_run_until(e, until);
    rv_engine_free(e);
    int snaps = 0;
    long last = -1;
    for (size_t k = 0; k < log.n; k++) {
        const rv_event *c = &log.v[k];
        if (c->type != RV_EV_FQS_CREDIT || c->arg == 1) continue; /* "ofl" is not this text's matter */
        last = (long)k;
        /* the pass the credit came from: the FQS event of the same flavor, GP and instant */
        int pass = -1;
        for (size_t j = k; j < log.n && log.v[j].t == c->t && pass < 0; j++)
            if (log.v[j].type == RV_EV_FQS && log.v[j].flavor == c->flavor && log.v[j].gp == c->gp) pass = log.v[j].arg;
        cr_assert_geq(pass, 0, "%s: a %s credit at %.6f s with no FQS pass", what, rv_fqs_credit_name(c->arg), c->t / 1e9);
        cr_expect_eq(pass, c->arg == 2 ? 0 : 1, "%s: a \"%s\" credit at %.6f s came from a %s pass", what, rv_fqs_credit_name(c->arg), c->t / 1e9,
                     pass ? "later (check)" : "first (snapshot)");
        snaps += c->arg == 2;
    }
    if (last_snap) *last_snap = last >= 0 && log.v[last].arg == 2;
    fx_log_free(&log);
    return snaps;
}

Test(snap_captions, texts_that_name_snap_match_the_passes)
{
    char what[160];
    int texts = 0;
    fx_shipped it;
    for (fx_shipped_begin(&it); fx_shipped_next(&it);) {
        const rv_config cfg = it.cfg; /* a copy that runs alter (mode); the walk frees the original */
        const char *name = it.name;
        /* captions: in each mode whose engine shows them, up to their end */
        for (size_t k = 0; k < cfg.ncaptions; k++) {
            const rv_caption *c = &cfg.captions[k];
            cr_expect_null(strstr(c->text, "silently at"), "%s: caption %d calls a first-pass credit silent; the window marks it \"snap\": %s",
                           name, c->file_index, c->text);
            if (!strstr(c->text, "\"snap\"")) continue;
            for (int m = 0; m < 2; m++) {
                rv_config run = cfg;
                run.rcu.mode = m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
                if (!rv_when_holds(&c->when, &run)) continue;
                double until = c->until_s > c->at_s ? c->until_s : run.duration_s;
                if (until > run.duration_s) until = run.duration_s;
                snprintf(what, sizeof what, "%s caption %d (%s)", name, c->file_index, m ? "3.7" : "3.6");
                texts++;
                cr_expect_gt(check_credits(&run, FX_S(until), what, NULL), 0, "%s: speaks of \"snap\" credits; there were none by %g s", what,
                             until);
            }
        }
        /* cues: "credits it ("snap" ...)" is the credit just made at the cue's moment, in the mode the cue
         * speaks of (a compare cue's "kthread" side, else the file's mode) */
        for (size_t k = 0; k < cfg.ncues; k++) {
            const rv_cue *q = &cfg.cues[k];
            cr_expect_null(strstr(q->caption, "untraced"), "%s: cue %zu calls a first-pass credit untraced; the window marks it \"snap\"", name,
                           k + 1);
            if (!strstr(q->caption, "credits it (\"snap\"")) continue;
            rv_config run = cfg;
            if (strstr(q->caption, "kthread")) run.rcu.mode = RV_MODE_KTHREAD;
            snprintf(what, sizeof what, "%s cue %zu (%s)", name, k + 1, run.rcu.mode == RV_MODE_KTHREAD ? "3.7" : "3.6");
            texts++;
            bool last_snap = false;
            cr_expect_gt(check_credits(&run, FX_S(q->at_s) + 1, what, &last_snap), 0, "%s: no snap credit", what);
            cr_expect(last_snap, "%s: says a CPU was just credited \"snap\"; the last credit before %g s was not", what, q->at_s);
        }
    }
    /* omap-stall's 3.7 caption from 5 s and cue 5, small-busy's caption from 16 s (both modes) */
    cr_expect_geq(texts, 4, "texts naming snap checked: %d", texts);
}
