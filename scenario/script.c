/* script.c — the walk over a scenario's timed parts: "events", "captions" and "expect". */
#include "priv.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const char *const event_keys[] = {"at_s", "kind", "cpu", "flavor", "duration_s", "count", "on", "delay_s", "when", "first", "at_step", "comment"};
static const char *const caption_keys[] = {"at_s", "until_s", "text", "on", "delay_s", "duration_s", "when"};
static const char *const expect_keys[] = {"path", "min", "max", "equals", "why", "when", "at_s"};

/* A caption is wrapped to the strip's width where it is shown, and drawn on one line in the
 * timeline's caption lane: a newline or tab there is drawn as a box, not a break. */
static const sc_shown caption_text = {"a caption", "the strip wraps a caption to its width: write a space instead", false};
/* printed after the assertion's result, which is one line per assertion */
static const sc_shown expect_why = {"a reason", "it is printed on its assertion's one line: write a space instead", false};

/* ---------------------------------------------------------------- events */

/* Which kinds act on all CPUs when cpu is -1/"all"; the others need one named CPU. */
static bool kind_allows_all(int k) { return k == RV_INJ_IDLE || k == RV_INJ_WAKE || k == RV_INJ_FORCE_QS; }
static bool kind_needs_duration(int k)
{
    return k == RV_INJ_LONG_READER || k == RV_INJ_PREEMPT_READER || k == RV_INJ_KERNEL_LOOP;
}

/* The keys each kind reads besides those of every event (at_s or on, delay_s, when, first, at_step,
 * comment). Any other is refused, not ignored: "duration_s": 5 on an offline reads as "offline for
 * 5 s", and the CPU would stay offline to the end of the run. */
enum { EK_CPU = 1, EK_FLAVOR = 2, EK_DURATION = 4, EK_COUNT = 8 };
static const struct { unsigned bit; const char *key; } kind_key_names[] = {
    {EK_CPU, "cpu"}, {EK_FLAVOR, "flavor"}, {EK_DURATION, "duration_s"}, {EK_COUNT, "count"},
};
static const unsigned kind_keys[RV_INJ_NKINDS] = {
    [RV_INJ_LONG_READER] = EK_CPU | EK_FLAVOR | EK_DURATION,
    [RV_INJ_PREEMPT_READER] = EK_CPU | EK_FLAVOR | EK_DURATION, /* flavor: only rcu_preempt, what it is anyway */
    [RV_INJ_KERNEL_LOOP] = EK_CPU | EK_DURATION,
    [RV_INJ_IDLE] = EK_CPU | EK_DURATION,
    [RV_INJ_WAKE] = EK_CPU,
    [RV_INJ_OFFLINE] = EK_CPU,
    [RV_INJ_ONLINE] = EK_CPU,
    [RV_INJ_CALL_RCU_BURST] = EK_CPU | EK_FLAVOR | EK_COUNT,
    [RV_INJ_SYNCHRONIZE] = EK_CPU | EK_FLAVOR,
    [RV_INJ_FORCE_QS] = EK_CPU | EK_FLAVOR, /* cpu: the CPU that calls force_quiescent_state() */
};

/* Why kind has no use for the key: what the author likely meant, and where that is said instead. */
static const char *no_key_why(int kind, unsigned bit)
{
    if (bit == EK_COUNT) return "count is the number of callbacks a call_rcu_burst queues";
    if (bit == EK_FLAVOR)
        return kind == RV_INJ_KERNEL_LOOP ? "a kernel loop is no reader of a flavor; a long_reader is"
                                          : "it acts on the CPU, for every flavor alike";
    switch (kind) { /* duration_s */
    case RV_INJ_WAKE: return "a wake is instant; the idle event's duration_s says how long a CPU sleeps";
    case RV_INJ_OFFLINE: return "the CPU stays offline until an online event";
    case RV_INJ_ONLINE: return "the CPU stays online until an offline event";
    case RV_INJ_CALL_RCU_BURST: return "the callbacks are queued at once; count says how many";
    case RV_INJ_SYNCHRONIZE: return "the caller blocks until a grace period ends, however long that takes";
    default: return "one force-quiescent-state pass runs at once"; /* force_qs */
    }
}

/* Refuse the keys kind does not read; returns them, so that their values are not read as well. The
 * first refusal lists the kind's keys, later ones in the same event point to it. */
static unsigned refuse_foreign_keys(sc_ctx *c, const cJSON *obj, int kind)
{
    const char *name = rv_inject_kind_name((enum rv_inject_kind)kind);
    unsigned refused = 0;
    for (size_t i = 0; i < N(kind_key_names); i++) {
        unsigned bit = kind_key_names[i].bit;
        const char *key = kind_key_names[i].key;
        if ((kind_keys[kind] & bit) || !sc_get(c, obj, key, false)) continue;
        if (refused) {
            sc_bad(c, key, "%s takes no %s (%s); its keys are listed above", name, key, no_key_why(kind, bit));
        } else {
            char list[200] = "kind";
            for (size_t k = 0; k < N(kind_key_names); k++)
                if (kind_keys[kind] & kind_key_names[k].bit)
                    snprintf(list + strlen(list), sizeof list - strlen(list), ", %s", kind_key_names[k].key);
            sc_bad(c, key, "%s takes no %s (%s); keys for %s: %s, at_s or on, delay_s, when, first, at_step, comment",
                   name, key, no_key_why(kind, bit), name, list);
        }
        refused |= bit;
    }
    return refused;
}

static void event_cpu_checked(sc_ctx *c, const cJSON *obj, rv_inject *ev);

/* A CPU list where an event's one CPU goes ("cpu": "4-7"): an author who wanted several CPUs idle was
 * told only what one event takes. Where to go instead, for buf after the message (else ""). */
static void several_cpus_hint(const cJSON *v, enum rv_inject_kind kind, char *buf, size_t n)
{
    const char *s = cJSON_IsString(v) ? v->valuestring : "";
    bool list = *s && strspn(s, "0123456789,-") == strlen(s) && strpbrk(s, ",-") && strspn(s, "0123456789") > 0;
    buf[0] = 0;
    if (!list) return;
    if (kind == RV_INJ_IDLE)
        snprintf(buf, n, ": an event takes one CPU, or all of them; for several, write one idle event per CPU, or, for CPUs idle "
                 "from the start, leave them out of every phase's \"cpus\" (a CPU no phase covers is idle; see \"Idle CPUs and "
                 "dyntick-idle\" in docs/authoring.md)");
    else if (kind == RV_INJ_OFFLINE)
        snprintf(buf, n, ": for several, write one offline event per CPU, or, for CPUs offline from boot, list them in "
                 "offline_cpus");
    else
        snprintf(buf, n, ": for several, write one %s event per CPU", rv_inject_kind_name(kind));
}

static void event_cpu(sc_ctx *c, const cJSON *obj, rv_inject *ev)
{
    const char *prev = sc_dep_begin(c, "$.cpus"); /* the CPU is checked against the CPU count */
    event_cpu_checked(c, obj, ev);
    sc_dep_end(c, prev);
}

static void event_cpu_checked(sc_ctx *c, const cJSON *obj, rv_inject *ev)
{
    const cJSON *v = sc_get(c, obj, "cpu", !kind_allows_all((int)ev->kind));
    if (!v) return;
    bool all = (cJSON_IsString(v) && strcmp(v->valuestring, "all") == 0) || (cJSON_IsNumber(v) && v->valuedouble == -1);
    if (all && kind_allows_all((int)ev->kind)) { ev->cpu = -1; return; }
    if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < c->ncpus && v->valuedouble == (int)v->valuedouble) {
        ev->cpu = (int)v->valuedouble;
        return;
    }
    char g[200];
    sc_describe(v, g, sizeof g);
    /* 3.5 is in range: say what is wrong with it */
    bool part = cJSON_IsNumber(v) && isfinite(v->valuedouble) && v->valuedouble != floor(v->valuedouble);
    const char *whole = part ? ", which is not a whole number" : "";
    char several[300];
    several_cpus_hint(v, ev->kind, several, sizeof several);
    if (kind_allows_all((int)ev->kind))
        sc_bad(c, "cpu", "expected a CPU 0..%d, or -1 or \"all\", got %s%s%s", c->ncpus - 1, g, whole, several);
    else
        sc_bad(c, "cpu", "expected a CPU 0..%d (%s acts on one CPU), got %s%s%s", c->ncpus - 1,
               rv_inject_kind_name(ev->kind), g, whole, several);
}

/* A kind named for a flavor's reader ("bh_reader", "rcu_sched_reader"): readers of rcu_sched and rcu_bh
 * are one kind, long_reader, told apart by "flavor"; an author who wrote "bh_reader" got only the list.
 * True when it said so. */
static bool reader_kind_names_a_flavor(sc_ctx *c, const cJSON *obj)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, "kind");
    if (!cJSON_IsString(v) || !strstr(v->valuestring, "read") || rv_inject_kind_from_name(v->valuestring) >= 0) return false;
    const char *flavor = strstr(v->valuestring, "preempt") ? NULL : strstr(v->valuestring, "bh") ? "rcu_bh"
                         : strstr(v->valuestring, "sched") ? "rcu_sched" : NULL;
    char g[200];
    sc_quote(v->valuestring, g, sizeof g);
    if (strstr(v->valuestring, "preempt"))
        sc_bad(c, "kind", "expected an event kind, got %s; an rcu_preempt reader is \"kind\": \"preempt_reader\"", g);
    else if (flavor)
        sc_bad(c, "kind", "expected an event kind, got %s; a reader of %s is \"kind\": \"long_reader\" with \"flavor\": \"%s\"", g,
               flavor, flavor);
    else return false;
    return true;
}

static void build_event(sc_ctx *c, const cJSON *obj, rv_inject *ev)
{
    const char *kinds[RV_INJ_NKINDS];
    for (int k = 0; k < RV_INJ_NKINDS; k++) kinds[k] = rv_inject_kind_name((enum rv_inject_kind)k);
    sc_check_keys(c, obj, event_keys, N(event_keys));
    memset(ev, 0, sizeof *ev);
    ev->cpu = -1;
    ev->count = 1;
    sc_num(c, obj, "at_s", 0, 604800, &ev->at_s);
    int kind = -1;
    if (!sc_get(c, obj, "kind", true) || reader_kind_names_a_flavor(c, obj) || !sc_enum(c, obj, "kind", kinds, RV_INJ_NKINDS, &kind)) return;
    ev->kind = (enum rv_inject_kind)kind;
    unsigned keys = kind_keys[kind] & ~refuse_foreign_keys(c, obj, kind);
    event_cpu(c, obj, ev);
    ev->flavor = kind == RV_INJ_PREEMPT_READER ? RV_PREEMPT : RV_SCHED;
    if (keys & EK_FLAVOR) {
        if (sc_flavor(c, obj, "flavor", &ev->flavor) && kind == RV_INJ_PREEMPT_READER && ev->flavor != RV_PREEMPT)
            sc_bad(c, "flavor", "a preempt_reader is always rcu_preempt, got %s", rv_flavor_name(ev->flavor));
        if (!c->cfg->rcu.flavors[ev->flavor]) {
            const char *prev = sc_dep_begin(c, "$.rcu.flavors");
            char on[80];
            sc_enabled_flavors(c, on, sizeof on);
            sc_bad(c, "flavor", "%s is not enabled (see rcu.flavors); add it to rcu.flavors or pick an enabled flavor (%s)",
                   rv_flavor_name(ev->flavor), on);
            sc_dep_end(c, prev);
        }
    }
    if (kind_needs_duration(kind)) {
        if (sc_get(c, obj, "duration_s", true)) sc_num_pos(c, obj, "duration_s", 604800, &ev->duration_s);
    } else if (keys & EK_DURATION) {
        sc_num(c, obj, "duration_s", -1, 604800, &ev->duration_s); /* idle: <= 0 sleeps until woken */
    }
    long n;
    if ((keys & EK_COUNT) && sc_int(c, obj, "count", 1, 1000000000, &n)) ev->count = n;
    char note[2048];
    sc_str(c, obj, "comment", note, sizeof note); /* for the reader (the recorder explains its choices here) */
    bool triggered = sc_trigger(c, obj, &ev->on);
    /* for check's warning (cli_scenario_warnings()): an event a --set appends key by key relies on 0 s,
     * so one the overrides made (c->path is this event's) is not the file's forgotten at_s */
    ev->at_unwritten = !triggered && !cJSON_HasObjectItem(obj, "at_s") && !sc_origin_of(c->origins, c->path.s);
    sc_when(c, obj, &ev->when);
    if (sc_bool(c, obj, "first", &ev->first) && ev->first && triggered)
        sc_bad(c, "first", "\"first\" orders an event at a fixed time; it does not combine with \"on\"");
    long step;
    if (sc_get(c, obj, "at_step", false) && !ev->first) sc_bad(c, "at_step", "at_step places a \"first\" event; add \"first\": true");
    /* long is 32 bits on some targets (wasm32, the browser build): there the bound is LONG_MAX */
    else if (sc_int(c, obj, "at_step", 0, LONG_MAX > 2000000000000000LL ? (long)2000000000000000LL : LONG_MAX, &step)) {
        ev->has_step = true;
        ev->at_step = (uint64_t)step;
    }
    /* a recorded event (first + at_step) may sit at the very end: the engine applies it after the
     * step it followed even there (triggers_first_due), as the window did when it was injected */
    sc_check_before_end(c, obj, &ev->on, ev->at_s, ev->first && ev->has_step);
}

/* qsort is not stable; the original index breaks ties so same-time events keep file order. */
typedef struct { rv_inject ev; size_t idx; } ev_sort;
static int cmp_event(const void *a, const void *b)
{
    const ev_sort *x = a, *y = b;
    if (x->ev.at_s != y->ev.at_s) return x->ev.at_s < y->ev.at_s ? -1 : 1;
    return x->idx < y->idx ? -1 : x->idx > y->idx;
}

void sc_build_events(sc_ctx *c, const cJSON *arr)
{
    size_t n = (size_t)cJSON_GetArraySize(arr);
    if (n == 0) return;
    ev_sort *tmp = calloc(n, sizeof *tmp);
    rv_inject *evs = calloc(n, sizeof *evs);
    if (!tmp || !evs) { free(tmp); free(evs); sc_bad(c, "events", "out of memory"); return; }
    size_t old = sc_path_key(&c->path, "events");
    int i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        if (sc_is_object(c, it, NULL)) build_event(c, it, &tmp[i].ev);
        tmp[i].idx = (size_t)i;
        sc_path_pop(&c->path, o2);
    }
    sc_path_pop(&c->path, old);
    qsort(tmp, n, sizeof *tmp, cmp_event);
    for (size_t k = 0; k < n; k++) { evs[k] = tmp[k].ev; evs[k].file_index = (int)tmp[k].idx; }
    free(tmp);
    c->cfg->events = evs;
    c->cfg->nevents = n;
}

/* ---------------------------------------------------------------- captions */

static int cmp_caption(const void *a, const void *b)
{
    const rv_caption *x = a, *y = b;
    bool tx = x->on.event != RV_TRIG_TIME, ty = y->on.event != RV_TRIG_TIME; /* triggered ones last, in file order */
    if (tx || ty) return (int)tx - (int)ty;
    return (x->at_s > y->at_s) - (x->at_s < y->at_s);
}

void sc_build_captions(sc_ctx *c, const cJSON *arr)
{
    size_t n = (size_t)cJSON_GetArraySize(arr);
    if (n == 0) return;
    rv_caption *caps = calloc(n, sizeof *caps);
    if (!caps) { sc_bad(c, "captions", "out of memory"); return; }
    size_t old = sc_path_key(&c->path, "captions");
    int i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        rv_caption *cap = &caps[i];
        cap->file_index = i; /* the sort below moves it: warnings name it by its place in the file */
        if (sc_is_object(c, it, NULL)) {
            sc_check_keys(c, it, caption_keys, N(caption_keys));
            sc_num(c, it, "at_s", 0, 604800, &cap->at_s);
            bool has_until = sc_num(c, it, "until_s", 0, 604800, &cap->until_s);
            bool triggered = sc_trigger(c, it, &cap->on);
            sc_check_before_end(c, it, &cap->on, cap->at_s, false);
            sc_when(c, it, &cap->when);
            if (triggered && sc_get(c, it, "until_s", false))
                sc_bad(c, "until_s", "a triggered caption's time is not known in advance: use duration_s");
            else if (has_until && cap->until_s <= cap->at_s) { /* shown from at_s until until_s: an empty or backward span */
                char a[40], u[40];
                sc_fmt_num(cap->at_s, a, sizeof a);
                sc_fmt_num(cap->until_s, u, sizeof u);
                sc_bad(c, "until_s", "expected a time after at_s (%s), got %s", a, u);
            }
            double shown = 0;
            /* one message for a value that is no number ("got true" came twice, with two ranges) */
            const bool shown_num = sc_num(c, it, "duration_s", 0, 604800, &shown);
            if (shown_num && !triggered)
                sc_bad(c, "duration_s", "duration_s is for triggered captions; a timed one uses until_s");
            else if (triggered && shown_num && shown <= 0) {
                /* as until_s <= at_s is refused: 0 s of caption is one nobody sees, yet a run counts it shown */
                char g[64];
                sc_describe(cJSON_GetObjectItemCaseSensitive(it, "duration_s"), g, sizeof g);
                sc_bad(c, "duration_s", "expected a time above 0 (how long the caption stays up; leave duration_s out to keep "
                       "it up until the next caption), got %s", g);
            } else cap->show_s = shown;
            if (sc_get(c, it, "text", true) && sc_text(c, it, "text", cap->text, sizeof cap->text, &caption_text) && !cap->text[0])
                sc_bad(c, "text", "expected a non-empty string, got \"\"");
        }
        sc_path_pop(&c->path, o2);
    }
    sc_path_pop(&c->path, old);
    /* captions rarely tie; an insertion sort keeps equal times in file order and n is small */
    for (size_t k = 1; k < n; k++) {
        rv_caption t = caps[k];
        size_t j = k;
        while (j > 0 && cmp_caption(&caps[j - 1], &t) > 0) { caps[j] = caps[j - 1]; j--; }
        caps[j] = t;
    }
    c->cfg->captions = caps;
    c->cfg->ncaptions = n;
}

/* ---------------------------------------------------------------- expect */

static void build_expect(sc_ctx *c, const cJSON *obj, rv_expect *x)
{
    sc_check_keys(c, obj, expect_keys, N(expect_keys));
    if (sc_get(c, obj, "path", true) && sc_str(c, obj, "path", x->path, sizeof x->path)) {
        const char *p = x->path;
        size_t len = strlen(p);
        if (len == 0 || p[0] == '.' || p[len - 1] == '.' || strstr(p, "..") || sc_find_control(p, false)) {
            char q[200];
            sc_quote(p, q, sizeof q);
            sc_bad(c, "path", "expected a dotted path into the report like \"flavors.rcu_sched.grace_periods\", got %s", q);
        }
    }
    x->has_min = sc_num(c, obj, "min", -1e300, 1e300, &x->min);
    x->has_max = sc_num(c, obj, "max", -1e300, 1e300, &x->max);
    const cJSON *eq = sc_get(c, obj, "equals", false);
    if (eq) {
        if (cJSON_IsNumber(eq)) { x->has_equals = true; x->equals = eq->valuedouble; }
        else if (cJSON_IsBool(eq)) { x->has_equals = x->equals_bool = true; x->equals = cJSON_IsTrue(eq); } /* report bools compare as 1/0 */
        else if (cJSON_IsString(eq)) x->has_equals_str = sc_str(c, obj, "equals", x->equals_str, sizeof x->equals_str);
        else {
            char g[200];
            sc_describe(eq, g, sizeof g);
            /* a list in the report (stalls.0.cpu_list) is compared element by element, or by its size */
            sc_bad(c, "equals", "expected a number, a string or true/false, got %s%s", g,
                   cJSON_IsArray(eq) || cJSON_IsObject(eq) ? "; to test a list in the report, end the path with an element (.0, .1, ...) "
                                                              "or with .length and compare that" : "");
        }
    }
    sc_text(c, obj, "why", x->why, sizeof x->why, &expect_why);
    /* a figure a caption quotes mid-run: the report as it stood then (events at that very instant not
     * yet applied, as in shot --at); within the file's run, as an event's at_s */
    if (sc_get(c, obj, "at_s", false)) x->has_at = sc_num(c, obj, "at_s", 0, c->end_s > 0 ? c->end_s : 604800, &x->at_s);
    /* an author checking "the same under 3.7" in one file: each mode's figures under its own when */
    x->has_when = sc_when(c, obj, &x->when);
    /* absent, not invalid: a "min" of the wrong type was reported above as what it is */
    if (!sc_get(c, obj, "min", false) && !sc_get(c, obj, "max", false) && !eq)
        sc_bad(c, NULL, "expected at least one of \"min\", \"max\" or \"equals\"");
    if (x->has_min && x->has_max && x->min > x->max) {
        char mn[40], mx[40];
        sc_fmt_num(x->min, mn, sizeof mn);
        sc_fmt_num(x->max, mx, sizeof mx);
        sc_bad(c, "max", "expected at least min (%s), got %s", mn, mx);
    }
}

void sc_build_expects(sc_ctx *c, const cJSON *arr)
{
    size_t n = (size_t)cJSON_GetArraySize(arr);
    if (n == 0) return;
    rv_expect *xs = calloc(n, sizeof *xs);
    if (!xs) { sc_bad(c, "expect", "out of memory"); return; }
    size_t old = sc_path_key(&c->path, "expect");
    int i = 0;
    for (const cJSON *it = arr->child; it; it = it->next, i++) {
        size_t o2 = sc_path_index(&c->path, i);
        if (sc_is_object(c, it, NULL)) build_expect(c, it, &xs[i]);
        sc_path_pop(&c->path, o2);
    }
    sc_path_pop(&c->path, old);
    c->cfg->expects = xs;
    c->cfg->nexpects = n;
}
