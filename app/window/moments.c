/* moments.c — lecture navigation: go to a cue, to the next GP start / GP end / FQS pass / stall / QS report of the flavor shown, filtered event steps. */
#include "window/app.h"

#include <stdio.h>

int ui_app_goto_cue(ui_app *a, int idx, char *err, size_t errlen)
{
    err[0] = 0;
    if (!a->have_base || idx < 0 || (size_t)idx >= a->base.ncues) return -1;
    /* cues 1..idx+1 in order, not this cue alone: a cue that leaves out flavor or compare shows what
     * the cues before it set, wherever the lecture came from (PgUp from a later cue, a cue= link,
     * `shot --cue`); a field no cue up to here sets stays as it is */
    const ui_cue_view q = ui_cue_view_at(&a->base, idx);
    const double at_s = a->base.cues[idx].at_s; /* read now: set_compare rebuilds the sessions */
    ui_state *st = &a->st;
    if (q.compare >= 0 && (bool)q.compare != st->compare && ui_app_set_compare(a, q.compare == 1, err, errlen) != 0) return -1;
    /* the loader refuses a cue flavor the scenario does not enable ($.cues[N].flavor) */
    if (q.flavor >= 0 && a->base.rcu.flavors[q.flavor]) st->flavor = q.flavor;
    if (q.select_cpu >= -1) { st->sel_cpu = q.select_cpu < a->base.cpus ? q.select_cpu : -1; st->sel_node = -1; }
    if (q.timeline_s > 0) { /* as a wheel zoom: the span stays put whatever the speed, until the next zoom */
        st->timeline_span = (int64_t)(q.timeline_s * 1e9 + 0.5);
        st->timeline_manual = true;
    } else if (q.timeline_any) {
        st->timeline_manual = false; /* a stop of a lecture that zooms elsewhere: the default span, however it was reached */
    }
    st->playing = false;
    st->cue = idx;
    int64_t at = (int64_t)(at_s * 1e9 + 0.5), end = ui_app_end(a);
    ui_app_seek_moment(a, at);
    if (at > end) { /* the file allows it (its own end is later); a --set duration_s cut the run short */
        snprintf(err, errlen, "its moment, %.9g s, is after this run's end (%.9g s): showing the end instead",
                 at_s, (double)end / 1e9);
        return 1;
    }
    return 0;
}

void ui_app_seek_moment(ui_app *a, int64_t t)
{
    /* the engine runs events strictly before the time it is moved to (rv_run_until): one
     * nanosecond more shows the moment itself (the warning printed, the bit cleared) */
    int64_t end = ui_app_end(a);
    a->st.moment_ns = t < end ? t : -1; /* the clock names the moment, not the landing 1 ns later */
    ui_app_seek(a, t < end ? t + 1 : end);
}

int ui_app_next_cue(const ui_app *a, bool back)
{
    if (!a->have_base || !a->base.ncues) return -1;
    int n = (int)a->base.ncues;
    if (back && a->st.cue == 0) {
        /* back to the first cue's moment when moved away from it; at it, there is no cue before (PgUp
         * went there again without a word, where PgDn at the last cue says so) */
        int64_t at = (int64_t)(a->base.cues[0].at_s * 1e9 + 0.5), end = ui_app_end(a);
        return ui_app_now(a) == (at < end ? at + 1 : end) ? -1 : 0;
    }
    if (back) return a->st.cue > 0 ? a->st.cue - 1 : -1;
    return a->st.cue + 1 < n ? a->st.cue + 1 : -1;
}

int ui_app_cue_reached(const ui_app *a, int64_t t)
{
    /* in lecture order, stopping at the first cue still ahead: omap-stall's cue 5 goes back to 4.55 s
     * after cue 4 at 80 s, and with 10 s simulated the lecture has got to cue 3, not to cue 5 (PgDn
     * from there skipped the stall). Of those, the last whose view is the one on screen (compare on or
     * off): End over omap-stall's single 3.6 view read "6. 3.7: no warning" over the stall warning,
     * and PgDn said the lecture was over before its comparison was ever shown */
    if (!a->have_base) return -1;
    int reached = -1;
    for (size_t i = 0; i < a->base.ncues; i++) {
        if ((int64_t)(a->base.cues[i].at_s * 1e9 + 0.5) > t) break;
        int cmp = ui_cue_view_at(&a->base, (int)i).compare;
        if (cmp < 0 || (cmp == 1) == a->st.compare) reached = (int)i;
    }
    return reached;
}

/* The moment of `kind` after (or before) now in one session's history, or -1. */
static int64_t find_in(const ui_history *h, enum ui_moment kind, int flavor, int64_t now, bool back)
{
    int64_t best = -1;
#define CONSIDER(t) do { int64_t t_ = (t); \
        if (t_ >= 0 && (back ? t_ < now : t_ > now) && (best < 0 || (back ? t_ > best : t_ < best))) best = t_; } while (0)
    switch (kind) {
    case UI_MOMENT_GP_START:
        for (size_t i = 0; i < h->gps[flavor].n; i++) CONSIDER(h->gps[flavor].v[i].start);
        break;
    case UI_MOMENT_GP_END:
        for (size_t i = 0; i < h->gps[flavor].n; i++) CONSIDER(h->gps[flavor].v[i].end);
        break;
    case UI_MOMENT_FQS:
        for (size_t i = 0; i < h->fqs.n; i++) if (h->fqs.v[i].flavor == flavor) CONSIDER(h->fqs.v[i].t);
        break;
    case UI_MOMENT_STALL:
        for (size_t i = 0; i < h->stalls.n; i++) if (h->stalls.v[i].flavor == flavor) CONSIDER(h->stalls.v[i].t);
        break;
    }
#undef CONSIDER
    return best;
}

/* The moment in one session's history, learning more of its run (bounded) while none is known yet. */
static int64_t find_exploring(ui_session *s, enum ui_moment kind, int flavor, int64_t now, bool back, double budget_ms)
{
    for (;;) {
        int64_t t = find_in(tt_history(s->tt), kind, flavor, now, back);
        if (t >= 0 || back) return t;
        if (budget_ms <= 0 || !tt_explore(s->tt, budget_ms > 50 ? 50 : budget_ms))
            return find_in(tt_history(s->tt), kind, flavor, now, back);
        budget_ms -= 50;
    }
}

int64_t ui_app_find_moment(ui_app *a, enum ui_moment kind, bool back, double explore_budget_ms)
{
    if (!a->nsessions) return -1;
    int64_t now = ui_app_now(a);
    /* a moment lands 1 ns past itself (ui_app_seek_moment()): looking back from there must not find
     * the moment one stands on (Shift+S on the only stall landed on it again) */
    if (back && now > 0) now--;
    /* in compare mode the 3.7 side leads, as for event steps; but a stall warning is wanted on
     * whichever side prints one: omap-stall compared answered "No stall warning of rcu_sched up to
     * 90 s" over a 3.6 half that had printed one at 80 s. The nearest of either side's. */
    int first = kind == UI_MOMENT_STALL ? 0 : a->nsessions - 1, n = a->nsessions - first;
    int64_t best = -1;
    for (int i = first; i < a->nsessions; i++) {
        int64_t t = find_exploring(&a->s[i], kind, a->st.flavor, now, back, explore_budget_ms / n);
        if (t >= 0 && (best < 0 || (back ? t > best : t < best))) best = t;
    }
    return best;
}

const char *ui_moment_name(enum ui_moment kind)
{
    static const char *const names[] = {"grace-period start", "grace-period end", "FQS pass", "stall warning"};
    return (unsigned)kind < sizeof names / sizeof names[0] ? names[kind] : "?";
}

static tt_match filter_of(const ui_app *a, int type)
{
    const ui_state *st = &a->st;
    /* R always means the flavor on screen; the CPU narrows it only while E is on */
    tt_match m = {.flavor = -1, .cpu = -1, .type = type};
    if (st->event_filter || type >= 0) m.flavor = st->flavor;
    if (st->event_filter && st->sel_cpu >= 0 && st->sel_cpu < a->base.cpus) m.cpu = st->sel_cpu;
    return m;
}

/* In compare mode the 3.7 side leads a step; the other side follows to its time. */
static void follow_lead(ui_app *a, int64_t t)
{
    for (int i = 0; i < a->nsessions - 1; i++) tt_seek(a->s[i].tt, t);
}

int64_t ui_app_step_to_moment(ui_app *a, enum ui_moment kind, bool back, int *cpu)
{
    *cpu = -1;
    if (!a->nsessions) return -1;
    static const int type_of[] = {RV_EV_GP_START, RV_EV_GP_END, RV_EV_FQS, RV_EV_STALL};
    if ((unsigned)kind >= sizeof type_of / sizeof type_of[0]) return -1;
    /* every CPU's, as the history search: the E filter's CPU narrows event steps, not moments */
    tt_match m = {.flavor = a->st.flavor, .cpu = -1, .type = type_of[kind]};
    ui_session *lead = &a->s[a->nsessions - 1];
    int64_t t = -1;
    if (back) t = tt_find_match_back(lead->tt, &m); /* lands 1 ns past it */
    else if (tt_step_match(lead->tt, &m)) t = tt_now(lead->tt); /* stops right after its match */
    if (t < 0) return -1;
    /* the match among the newest events: its time (a forward step stands on it) and its CPU */
    const rv_engine *e = tt_engine(lead->tt);
    for (uint64_t s = rv_event_count(e), k = 0; s-- > 0 && k < 4096; k++) {
        const rv_event *ev = rv_event_get(e, s);
        if (!ev) break;
        if (tt_event_matches(ev, &m) && ev->t <= t) { t = ev->t; *cpu = ev->cpu; break; }
    }
    follow_lead(a, t);
    return t;
}

bool ui_app_step_match(ui_app *a, int type, bool back)
{
    if (!a->nsessions) return false;
    tt_match m = filter_of(a, type);
    ui_session *lead = &a->s[a->nsessions - 1];
    bool hit = back ? tt_step_match_back(lead->tt, &m) : tt_step_match(lead->tt, &m);
    follow_lead(a, tt_now(lead->tt));
    return hit;
}

/* The first caption (or stall warning) after now in any session: shown captions are in the
 * history (the engine logs each one, timed or triggered, when it appears); timed ones are also
 * known from the file before the run gets there. Explores ahead (bounded) when needed. */
int64_t ui_app_next_caption(ui_app *a, double explore_budget_ms)
{
    if (!a->nsessions) return -1;
    int64_t now = ui_app_now(a);
    for (;;) {
        int64_t best = -1, known = INT64_MAX;
#define CONSIDER(t) do { int64_t t_ = (t); if (t_ > now && (best < 0 || t_ < best)) best = t_; } while (0)
        for (int s = 0; s < a->nsessions; s++) {
            const ui_history *h = tt_history(a->s[s].tt);
            const rv_config *cfg = &a->s[s].cfg;
            if (h->known_until < known) known = h->known_until;
            for (size_t i = 0; i < h->captions.n; i++) CONSIDER(h->captions.v[i].t);
            for (size_t i = 0; i < h->stalls.n; i++) CONSIDER(h->stalls.v[i].t);
            for (size_t i = 0; i < cfg->ncaptions; i++)
                if (cfg->captions[i].on.event == RV_TRIG_TIME && rv_when_holds(&cfg->captions[i].when, cfg))
                    CONSIDER((int64_t)(cfg->captions[i].at_s * 1e9));
        }
#undef CONSIDER
        /* a triggered caption may come before the timed one found: look until that is known */
        if ((best >= 0 && best <= known) || explore_budget_ms <= 0) return best;
        bool more = false;
        double slice = explore_budget_ms < 50 ? explore_budget_ms : 50;
        for (int s = 0; s < a->nsessions; s++) more |= tt_explore(a->s[s].tt, slice / a->nsessions);
        if (!more) explore_budget_ms = 0;
        explore_budget_ms -= slice;
    }
}
