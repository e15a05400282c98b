/* record_trigger.c — Ctrl+S: an injection that followed a landed moment (N D F S) is saved as "on" + "delay_s" when a fresh run proves the trigger form replays the session exactly. */
#include "window/record.h"

#include "scenario.h"
#include "window/window.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * A recorded injection is placed exactly by "at_step" (the engine step it followed). The trigger
 * form ({"on": {"event": "gp_start", "flavor": ..., "n": k}, "delay_s": d}) says what the author
 * meant and survives edits to the workload, but it is a queue entry the engine pops, not an
 * injection between two steps: it is one more step, and it may meet other work due at the same
 * instant. So it is kept only when a full run of the file with it gives the same event trace as
 * the step-exact file (the one the e2e test compares with the session); otherwise the event stays
 * at its time and its "comment" says why. Later step-exact events count the extra step.
 */

#define VERIFY_MAX_EVENTS 20000000ull /* beyond this the check would stall the window: keep the time form */

static const int moment_trig[] = {RV_TRIG_GP_START, RV_TRIG_GP_END, RV_TRIG_FQS, RV_TRIG_STALL}; /* by ui_moment */
static const int moment_ev[] = {RV_EV_GP_START, RV_EV_GP_END, RV_EV_FQS, RV_EV_STALL};

typedef struct run_sum {
    uint64_t hash, nevents;
    bool over;                     /* gave up at VERIFY_MAX_EVENTS */
    const ui_rec_anchor *anchor;   /* occurrences to count (reference run only), or NULL */
    long *seen;                    /* per recorded event: matching events at or before its moment */
    size_t nanchor;
} run_sum;

static void sink(const rv_event *ev, void *ctx)
{
    run_sum *s = ctx;
    if (s->over) return;
    if (++s->nevents > VERIFY_MAX_EVENTS) { s->over = true; return; }
    char line[1024];
    int n = rv_event_to_json(ev, line, sizeof line);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof line) n = (int)sizeof line - 1;
    for (int i = 0; i < n; i++) s->hash = (s->hash ^ (unsigned char)line[i]) * 1099511628211ull; /* FNV-1a */
    s->hash = (s->hash ^ '\n') * 1099511628211ull;
    for (size_t i = 0; s->anchor && i < s->nanchor; i++) {
        const ui_rec_anchor *a = &s->anchor[i];
        if (a->kind < 0 || (int)ev->type != moment_ev[a->kind] || ev->flavor != a->flavor || ev->t > a->t) continue;
        s->seen[i]++;
    }
}

/* Run the scenario text to its end, summing its trace. 0 ok, -1 err. */
static int run_text(const char *json, run_sum *s, char *err, size_t errlen)
{
    rv_config cfg;
    memset(&cfg, 0, sizeof cfg);
    if (rv_scenario_parse(json, "the recorded scenario", &cfg, err, errlen) != 0) return -1;
    rv_engine_opts o = {.event_ring = RV_RING_HEADLESS};
    rv_engine *e = rv_engine_new(&cfg, &o, err, errlen);
    rv_config_free(&cfg);
    if (!e) return -1;
    s->hash = 1469598103934665603ull;
    s->nevents = 0;
    s->over = false;
    rv_engine_set_sink(e, sink, s);
    int64_t end = rv_end_ns(e), chunk = 10000000; /* 10 ms at a time, so a too-long check stops early */
    while (rv_now_ns(e) < end && !s->over) rv_run_until(e, rv_now_ns(e) + chunk < end ? rv_now_ns(e) + chunk : end);
    rv_engine_set_sink(e, NULL, NULL);
    rv_engine_free(e);
    return 0;
}

int ui_rec_triggerize(ui_win *w, rv_trigger *trig, bool *use, char (*comment)[256], long *shift, int *nconv, int *nfb,
                      char *err, size_t errlen)
{
    ui_recorder *r = &w->rec;
    *nconv = *nfb = 0;
    size_t ncand = 0;
    for (size_t i = 0; i < r->nev; i++) {
        if (r->ev[i].on.event != RV_TRIG_TIME) (*nconv)++; /* the re-simulated session already runs it so */
        else ncand += r->anchor[i].kind >= 0 && r->anchor[i].kind < 4;
    }
    if (!ncand) return 0;
    /* the reference: every event step-exact, as the session ran; it also counts the occurrences */
    char *ref_text = ui_rec_json(w, NULL, NULL, NULL, NULL, err, errlen);
    if (!ref_text) return -1;
    long *seen = calloc(r->nev, sizeof *seen);
    if (!seen) { free(ref_text); snprintf(err, errlen, "out of memory"); return -1; }
    run_sum ref = {.anchor = r->anchor, .seen = seen, .nanchor = r->nev};
    int rc = run_text(ref_text, &ref, err, errlen);
    free(ref_text);
    if (rc != 0) { free(seen); return -1; }
    for (size_t i = 0; i < r->nev; i++) {
        const ui_rec_anchor *an = &r->anchor[i];
        if (an->kind < 0 || an->kind >= 4 || r->ev[i].on.event != RV_TRIG_TIME) continue;
        const char *what = ui_moment_name((enum ui_moment)an->kind);
        if (ref.over) {
            snprintf(comment[i], sizeof comment[i], "Recorded after %s %s, kept at its time: the run is too long (over %llu events) to check that the trigger form replays it exactly.",
                     rv_flavor_name(an->flavor), what, VERIFY_MAX_EVENTS);
            (*nfb)++;
            continue;
        }
        if (seen[i] <= 0) {
            snprintf(comment[i], sizeof comment[i], "Recorded after %s %s, kept at its time: a fresh run of the file does not reach that moment.",
                     rv_flavor_name(an->flavor), what);
            (*nfb)++;
            continue;
        }
        int64_t at = (int64_t)(r->ev[i].at_s * 1e9);
        double d = (double)(at - an->t) / 1e9;
        for (int k = 0; k < 8 && (int64_t)(d * 1e9) < at - an->t; k++) d = nextafter(d, INFINITY);
        trig[i] = (rv_trigger){.event = (enum rv_trig_event)moment_trig[an->kind], .flavor = an->flavor, .cpu = -1, .n = seen[i], .delay_s = d};
        /* the trigger's queue entry is one engine step: step-exact events after it count it */
        use[i] = true;
        for (size_t j = i + 1; j < r->nev; j++) shift[j]++;
        char *text = ui_rec_json(w, trig, use, comment, shift, err, errlen);
        run_sum got = {0};
        bool same = text && run_text(text, &got, err, errlen) == 0 && !got.over && got.hash == ref.hash && got.nevents == ref.nevents;
        free(text);
        if (same) { (*nconv)++; continue; }
        use[i] = false;
        for (size_t j = i + 1; j < r->nev; j++) shift[j]--;
        snprintf(comment[i], sizeof comment[i],
                 "Recorded %.9f s after %s %s %ld, kept at its time: that trigger form gives a different trace (other work is due at the same instant).",
                 d, rv_flavor_name(an->flavor), what, seen[i]);
        (*nfb)++;
    }
    free(seen);
    return 0;
}
