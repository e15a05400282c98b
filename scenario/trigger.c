/* trigger.c — the "on" (trigger), "delay_s" and "when" (configuration condition) keys shared by events, captions and cues. */
#include "priv.h"

#include <stdio.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const on_keys[] = {"event", "flavor", "cpu", "n", "count", "min_duration_s"};
static const char *const when_keys[] = {"mode", "needs_gp_fix", "fast_no_hz", "flavor"};

/* Which trigger events name a CPU: the others are per flavor only. */
static bool takes_cpu(int ev)
{
    return ev == RV_TRIG_QS_REPORT || ev == RV_TRIG_STALL || ev == RV_TRIG_CPU_OWES_QS || ev == RV_TRIG_CALLBACKS;
}

bool sc_trigger(sc_ctx *c, const cJSON *obj, rv_trigger *out)
{
    memset(out, 0, sizeof *out);
    out->flavor = -1;
    out->cpu = -1;
    out->n = 1;
    const cJSON *on = sc_get(c, obj, "on", false);
    if (!on) {
        if (sc_get(c, obj, "delay_s", false)) sc_bad(c, "delay_s", "delay_s counts from a trigger: add \"on\", or use at_s alone");
        return false;
    }
    if (sc_get(c, obj, "at_s", false)) {
        /* a --set that added "on" to a timed event of the file makes the file's at_s the conflict:
         * say which option did (the message named only the file's at_s) */
        char on_path[sizeof c->path.s + 4];
        snprintf(on_path, sizeof on_path, "%s.on", c->path.s);
        const char *prev = sc_dep_begin(c, on_path);
        sc_bad(c, "at_s", "give either at_s or \"on\", not both");
        sc_dep_end(c, prev);
    }
    if (!sc_is_object(c, on, "on")) return false;
    size_t old = sc_path_key(&c->path, "on");
    sc_check_keys(c, on, on_keys, N(on_keys));
    const char *names[RV_TRIG_NKINDS - 1];
    for (int k = 1; k < RV_TRIG_NKINDS; k++) names[k - 1] = rv_trig_event_name((enum rv_trig_event)k);
    int ev = -1;
    if (sc_get(c, on, "event", true) && sc_enum(c, on, "event", names, N(names), &ev)) out->event = (enum rv_trig_event)(ev + 1);
    int f;
    if (sc_flavor(c, on, "flavor", &f)) {
        const char *prev = sc_dep_begin(c, "$.rcu.flavors");
        if (!c->cfg->rcu.flavors[f]) {
            char enabled[80];
            sc_enabled_flavors(c, enabled, sizeof enabled);
            sc_bad(c, "flavor", "%s is not enabled (see rcu.flavors); add it to rcu.flavors or watch an enabled flavor (%s)",
                   rv_flavor_name(f), enabled);
        }
        sc_dep_end(c, prev);
        out->flavor = f;
    }
    long v;
    if (sc_get(c, on, "cpu", false)) {
        if (ev >= 0 && !takes_cpu(out->event))
            sc_bad(c, "cpu", "%s is not about one CPU; a cpu filter fits qs_report, stall, cpu_owes_qs and callbacks",
                   rv_trig_event_name(out->event));
        else {
            const char *prev = sc_dep_begin(c, "$.cpus");
            if (sc_int(c, on, "cpu", 0, c->ncpus - 1, &v)) out->cpu = (int)v;
            sc_dep_end(c, prev);
        }
    }
    if (sc_int(c, on, "n", 1, 1000000000, &v)) out->n = v;
    bool is_cb = out->event == RV_TRIG_CALLBACKS;
    if (is_cb && sc_get(c, on, "count", true) && sc_int(c, on, "count", 1, 1000000000, &v)) out->count = v;
    if (!is_cb && ev >= 0 && sc_get(c, on, "count", false))
        sc_bad(c, "count", "count is the threshold of the callbacks trigger; %s does not take one", rv_trig_event_name(out->event));
    /* the end of one long grace period (a stalled one): "n" counts every grace period before it, and
     * that count moves with any --set; an author had to read "g402" off a picture */
    bool is_end = out->event == RV_TRIG_GP_END;
    if (is_end) sc_num(c, on, "min_duration_s", 0, 604800, &out->min_duration_s);
    else if (ev >= 0 && sc_get(c, on, "min_duration_s", false))
        sc_bad(c, "min_duration_s", "min_duration_s picks the grace periods gp_end counts; %s does not take one", rv_trig_event_name(out->event));
    sc_path_pop(&c->path, old);
    sc_num(c, obj, "delay_s", 0, 604800, &out->delay_s);
    return true;
}

bool sc_when(sc_ctx *c, const cJSON *obj, rv_when *out)
{
    memset(out, 0, sizeof *out);
    const cJSON *w = sc_get(c, obj, "when", false);
    if (!w || !sc_is_object(c, w, "when")) return false;
    size_t old = sc_path_key(&c->path, "when");
    sc_check_keys(c, w, when_keys, N(when_keys));
    int m;
    if (sc_mode(c, w, "mode", &m)) { out->has_mode = true; out->mode = (enum rv_mode)m; }
    out->has_needs_gp_fix = sc_bool(c, w, "needs_gp_fix", &out->needs_gp_fix);
    out->has_fast_no_hz = sc_bool(c, w, "fast_no_hz", &out->fast_no_hz);
    int f;
    if (sc_flavor(c, w, "flavor", &f)) { out->has_flavor = true; out->flavor = f; }
    sc_path_pop(&c->path, old);
    return true;
}

void sc_check_before_end(sc_ctx *c, const cJSON *obj, const rv_trigger *on, double at_s, bool end_ok)
{
    if (c->end_s <= 0) return; /* duration_s is wrong (reported already): nothing to compare with */
    char end[40], g[40];
    sc_fmt_num(c->end_s, end, sizeof end);
    /* the engine runs nothing at or after the end (rv_step_event), so at_s must lie strictly before it */
    if (on->event == RV_TRIG_TIME && (at_s > c->end_s || (at_s == c->end_s && !end_ok))) {
        sc_fmt_num(at_s, g, sizeof g);
        sc_bad(c, "at_s", "expected a time before the scenario's end at %s s (duration_s), got %s", end, g);
    } else if (on->event != RV_TRIG_TIME && on->delay_s >= c->end_s) {
        sc_fmt_num(on->delay_s, g, sizeof g);
        sc_bad(c, "delay_s", "expected a delay shorter than the scenario's %s s (duration_s), got %s: counted from its "
               "trigger, it would fall after the end", end, g);
    }
}
