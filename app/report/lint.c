/* lint.c — what a scenario says that its run will not show, found without running: timed captions that overlap (in either kernel's runs), `when` conditions that never hold. */
#include "report/report.h"

#include <stdio.h>

/* A caption's start for a one-line warning: at most max_bytes, control characters as spaces (the text
 * reaches the terminal), not split inside a UTF-8 character (the loader refuses text that is not UTF-8). */
void cli_caption_start(const char *s, size_t max_bytes, char *out, size_t n)
{
    size_t k = 0, max = n > 4 ? n - 4 : 0;
    for (; s[k] && k < max_bytes && k < max; k++) out[k] = (unsigned char)s[k] < 0x20 || s[k] == 0x7f ? ' ' : s[k];
    bool cut = s[k] != 0;
    while (cut && k > 0 && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
    /* at the last word's start when one is near ("after 75 s of..." rather than "of si...") */
    if (cut && s[k] != ' ') {
        size_t sp = k;
        while (sp > 0 && out[sp - 1] != ' ' && k - sp < 16) sp--;
        if (sp > 0 && out[sp - 1] == ' ' && k - sp < 16) k = sp - 1;
    }
    snprintf(out + k, n - k, "%s", cut ? "..." : "");
}

/* Only timed captions with an until_s can overlap: one without ends where the next one starts (the
 * view's caption_now). Triggered captions come at times no file states, so they are not judged. */
static bool spans(const rv_caption *c, const rv_config *cfg)
{
    return c->on.event == RV_TRIG_TIME && c->until_s > c->at_s && rv_when_holds(&c->when, cfg);
}

/* Which of a `when`'s keys a variant of the configuration changes (overlaps()). */
enum { VARY_MODE = 1, VARY_GP_FIX = 2, VARY_FAST_NO_HZ = 4 };
static bool names_varied(const rv_when *w, unsigned vary)
{
    return ((vary & VARY_MODE) && w->has_mode) || ((vary & VARY_GP_FIX) && w->has_needs_gp_fix) ||
           ((vary & VARY_FAST_NO_HZ) && w->has_fast_no_hz);
}

/* The file's own configuration (vary 0), or a variant of it (in_runs says which: " in --mode softirq
 * runs,"): then only pairs in which a caption's `when` names a varied key, as the rest overlap there
 * exactly as in the file's own and were reported for it. */
static size_t overlaps(FILE *out, const rv_config *cfg, const char *file, unsigned vary, const char *in_runs)
{
    size_t n = 0;
    const char *in_mode = vary ? in_runs : "";
    /* cfg->captions is sorted by time (timed ones first, ties in file order), so each caption is
     * compared with those that start after it while it is still up */
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        const rv_caption *a = &cfg->captions[i];
        if (!spans(a, cfg)) continue;
        for (size_t j = i + 1; j < cfg->ncaptions; j++) {
            const rv_caption *b = &cfg->captions[j];
            if (b->on.event != RV_TRIG_TIME || b->at_s >= a->until_s) break;
            if (!rv_when_holds(&b->when, cfg)) continue;
            if (vary && !names_varied(&a->when, vary) && !names_varied(&b->when, vary)) continue;
            char ta[40], tb[40];
            cli_caption_start(a->text, 30, ta, sizeof ta);
            cli_caption_start(b->text, 30, tb, sizeof tb);
            /* the view shows the caption that appeared last: b from its at_s; a again after b's end
             * only if a's until_s is later still */
            double b_end = b->until_s > b->at_s ? b->until_s : -1;
            char back[120] = "";
            if (b_end > 0 && b_end < a->until_s)
                snprintf(back, sizeof back, " and comes back from %.9g s to %.9g s", b_end, a->until_s);
            fprintf(out, "warning: %s: $.captions[%d] (\"%s\", %.9g s to %.9g s) overlaps $.captions[%d] (\"%s\", from %.9g s):%s "
                    "the strip shows one caption at a time, so the first gives way at %.9g s%s; end it by then (until_s) or "
                    "start the second at %.9g s or later\n",
                    file, a->file_index, ta, a->at_s, a->until_s, b->file_index, tb, b->at_s, in_mode, b->at_s, back, a->until_s);
            n++;
        }
    }
    return n;
}

size_t cli_report_caption_overlaps(FILE *out, const rv_config *cfg, const char *file) { return overlaps(out, cfg, file, 0, ""); }

/* For check, which judges the file rather than one run: a caption for the other kernel (`when`:
 * {"mode": ...}) shows in --mode runs and in compare's other half, one for the fix or FAST_NO_HZ after
 * X or Shift+Z in the window. A run warns of its own configuration only. */
size_t cli_report_caption_overlaps_other_mode(FILE *out, const rv_config *cfg, const char *file)
{
    size_t n = 0;
    /* the other kernel (M), and in the file's own kernel the fix and FAST_NO_HZ turned the other way (X,
     * Shift+Z: omap-stall's cue 6 invites X), each where a caption's `when` names it */
    for (unsigned vary = VARY_MODE; vary <= VARY_FAST_NO_HZ; vary <<= 1) {
        rv_config v;
        if (rv_config_copy(&v, cfg) != 0) return n;
        char in_runs[64];
        if (vary == VARY_MODE) {
            v.rcu.mode = cfg->rcu.mode == RV_MODE_KTHREAD ? RV_MODE_SOFTIRQ : RV_MODE_KTHREAD;
            snprintf(in_runs, sizeof in_runs, " in --mode %s runs,", v.rcu.mode == RV_MODE_KTHREAD ? "kthread" : "softirq");
        } else if (vary == VARY_GP_FIX) {
            v.rcu.needs_gp_fix = !rv_cfg_needs_gp_fix(cfg);
            snprintf(in_runs, sizeof in_runs, " in runs with rcu.needs_gp_fix=%s,", v.rcu.needs_gp_fix ? "true" : "false");
        } else {
            v.rcu.fast_no_hz = !cfg->rcu.fast_no_hz;
            snprintf(in_runs, sizeof in_runs, " in runs with rcu.fast_no_hz=%s,", v.rcu.fast_no_hz ? "true" : "false");
        }
        n += overlaps(out, &v, file, vary, in_runs);
        rv_config_free(&v);
    }
    return n;
}

/* A triggered caption's time is the run's to say, so check cannot judge it (spans() above); after a
 * run the engine knows when each caption came up. A caption with its own end (until_s, or duration_s
 * for a triggered one) that another caption displaces before that end was cut short in silence: an
 * author's 15 s stall caption lost its last 5 s to a callbacks caption, and both --strict runs passed.
 * Pairs of timed captions are left to the check above, which reports them from the file alone. */
size_t cli_report_fired_overlaps(FILE *out, const rv_engine *e, const char *file)
{
    const rv_config *cfg = rv_engine_config(e);
    size_t n = 0;
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        const rv_caption *a = &cfg->captions[i];
        int64_t fa = rv_caption_fired_ns(e, i);
        bool own_end = a->on.event == RV_TRIG_TIME ? a->until_s > a->at_s : a->show_s > 0;
        if (fa < 0 || !own_end) continue;
        int64_t end = rv_caption_until_ns(e, i);
        /* the first caption to come up after a while a is still due: the one the strip switches to */
        size_t cut = cfg->ncaptions;
        int64_t fc = INT64_MAX;
        for (size_t j = 0; j < cfg->ncaptions; j++) {
            int64_t fj = rv_caption_fired_ns(e, j);
            if (j == i || fj < 0 || fj >= end || fj < fa || (fj == fa && j < i)) continue;
            if (fj < fc || (fj == fc && j < cut)) { fc = fj; cut = j; }
        }
        if (cut == cfg->ncaptions) continue;
        const rv_caption *b = &cfg->captions[cut];
        if (a->on.event == RV_TRIG_TIME && b->on.event == RV_TRIG_TIME) continue;
        char ta[40], tb[40];
        cli_caption_start(a->text, 30, ta, sizeof ta);
        cli_caption_start(b->text, 30, tb, sizeof tb);
        /* the strip shows the caption that came up last: a again once b ends, if a is still due then */
        bool b_own_end = b->on.event == RV_TRIG_TIME ? b->until_s > b->at_s : b->show_s > 0;
        int64_t b_end = rv_caption_until_ns(e, cut);
        char back[96] = "";
        if (b_own_end && b_end < end) snprintf(back, sizeof back, " and comes back from %.9g s to %.9g s", b_end / 1e9, end / 1e9);
        fprintf(out, "warning: %s: in this run $.captions[%d] (\"%s\", shown from %.9g s to %.9g s) gives way at %.9g s to "
                "$.captions[%d] (\"%s\", %s)%s: the strip shows one caption at a time; end the first by then (%s) or move "
                "the second (%s)\n",
                file, a->file_index, ta, fa / 1e9, end / 1e9, fc / 1e9, b->file_index, tb,
                b->on.event == RV_TRIG_TIME ? "timed" : "its trigger fired then", back, a->on.event == RV_TRIG_TIME ? "until_s" : "duration_s",
                b->on.event == RV_TRIG_TIME ? "at_s" : "delay_s, or another occurrence n");
        n++;
    }
    return n;
}

/* A reader or kernel loop longer than the whole run never ends in it, and whatever its end would show
 * (the stalled grace period ending, the CPU's quiescent state) is never shown: an author's
 * "duration_s": 45000, meant as 45 s, passed check and --strict. Events that outlast the run by less
 * than its own length are often meant (a stall held to the end), so only these are warned about. */
/* cfg->events and cfg->captions are sorted by time; warnings go in the file's order, as check's others
 * do. The k-th in the file, or NULL. */
static const rv_inject *event_in_file_order(const rv_config *cfg, size_t k)
{
    for (size_t i = 0; i < cfg->nevents; i++)
        if (cfg->events[i].file_index == (int)k) return &cfg->events[i];
    return NULL;
}

static const rv_caption *caption_in_file_order(const rv_config *cfg, size_t k)
{
    for (size_t i = 0; i < cfg->ncaptions; i++)
        if (cfg->captions[i].file_index == (int)k) return &cfg->captions[i];
    return NULL;
}

size_t cli_report_outlasting_events(FILE *out, const rv_config *cfg, const char *file)
{
    size_t n = 0;
    for (size_t k = 0; k < cfg->nevents; k++) {
        const rv_inject *ev = event_in_file_order(cfg, k);
        if (!ev) continue;
        bool lasts = ev->kind == RV_INJ_LONG_READER || ev->kind == RV_INJ_PREEMPT_READER || ev->kind == RV_INJ_KERNEL_LOOP;
        if (!lasts || ev->duration_s <= cfg->duration_s) continue;
        fprintf(out, "warning: %s: $.events[%d].duration_s: a %s of %.9g s is longer than the whole run (%.9g s), so it never "
                "ends in it and nothing its end would bring is shown; durations are in seconds (%.9g ms is %.9g s)\n",
                file, ev->file_index, rv_inject_kind_name(ev->kind), ev->duration_s, cfg->duration_s, ev->duration_s,
                ev->duration_s / 1000);
        n++;
    }
    /* a caption up for longer than the whole run: "duration_s": 1500 meant as 1.5 s held a triggered
     * caption to the end, and check said nothing (run only hinted at it, "shown ... to 1504.497 s") */
    for (size_t k = 0; k < cfg->ncaptions; k++) {
        const rv_caption *c = caption_in_file_order(cfg, k);
        if (!c) continue;
        bool triggered = c->on.event != RV_TRIG_TIME;
        double up = triggered ? c->show_s : c->until_s - c->at_s;
        if (up <= cfg->duration_s || (!triggered && c->until_s <= c->at_s)) continue;
        fprintf(out, "warning: %s: $.captions[%d].%s: a caption up for %.9g s is longer than the whole run (%.9g s); "
                "times are in seconds (%.9g ms is %.9g s)\n", file, c->file_index, triggered ? "duration_s" : "until_s", up,
                cfg->duration_s, triggered ? up : c->until_s, (triggered ? up : c->until_s) / 1000);
        n++;
    }
    return n;
}

/* A gp_end trigger's min_duration_s as long as the whole run can never be met: no grace period lasts
 * longer than the run it is in (the twin of a reader longer than the run). */
size_t cli_report_unreachable_triggers(FILE *out, const rv_config *cfg, const char *file)
{
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t k = 0; k < (pass ? cfg->nevents : cfg->ncaptions); k++) {
            const rv_inject *ev = pass ? event_in_file_order(cfg, k) : NULL;
            const rv_caption *cap = pass ? NULL : caption_in_file_order(cfg, k);
            const rv_trigger *on = ev ? &ev->on : cap ? &cap->on : NULL;
            if (!on || on->event != RV_TRIG_GP_END || on->min_duration_s <= 0 || on->min_duration_s < cfg->duration_s) continue;
            fprintf(out, "warning: %s: $.%s[%zu].on.min_duration_s: no grace period lasts %.9g s in a %.9g s run, so this %s "
                    "never fires\n", file, pass ? "events" : "captions", k, on->min_duration_s, cfg->duration_s,
                    pass ? "event" : "caption");
            n++;
        }
    return n;
}

/* when.flavor holds only while the flavor is enabled, and nothing but rcu.flavors (the file's, or a
 * --set) enables one: naming a disabled flavor makes the caption or event dead in this run. Not a
 * load error, since a --set rcu.flavors is what such a condition is for; but not silent. */
static bool dead_flavor(const rv_when *w, const rv_config *cfg)
{
    return w->has_flavor && w->flavor >= 0 && w->flavor < RV_NFLAVORS && !cfg->rcu.flavors[w->flavor];
}

size_t cli_report_dead_conditions(FILE *out, const rv_config *cfg, const char *file)
{
    char on[80] = "";
    size_t k = 0, n = 0;
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (cfg->rcu.flavors[f] && k < sizeof on) k += (size_t)snprintf(on + k, sizeof on - k, "%s%s", k ? ", " : "", rv_flavor_name(f));
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        const rv_caption *c = &cfg->captions[i];
        if (!dead_flavor(&c->when, cfg)) continue;
        fprintf(out, "warning: %s: $.captions[%d].when.flavor: %s is not enabled (rcu.flavors has %s), so this caption is never "
                "shown; add it to rcu.flavors or drop the condition\n", file, c->file_index, rv_flavor_name(c->when.flavor), on);
        n++;
    }
    for (size_t i = 0; i < cfg->nevents; i++) {
        const rv_inject *e = &cfg->events[i];
        if (!dead_flavor(&e->when, cfg)) continue;
        fprintf(out, "warning: %s: $.events[%d].when.flavor: %s is not enabled (rcu.flavors has %s), so this event is never "
                "applied; add it to rcu.flavors or drop the condition\n", file, e->file_index, rv_flavor_name(e->when.flavor), on);
        n++;
    }
    /* an expectation too: skipped in every run, it checked nothing and passed --strict */
    for (size_t i = 0; i < cfg->nexpects; i++) {
        const rv_expect *x = &cfg->expects[i];
        if (!x->has_when || !dead_flavor(&x->when, cfg)) continue;
        fprintf(out, "warning: %s: $.expect[%zu].when.flavor: %s is not enabled (rcu.flavors has %s), so this expectation is "
                "never checked; add it to rcu.flavors or drop the condition\n", file, i, rv_flavor_name(x->when.flavor), on);
        n++;
    }
    return n;
}
