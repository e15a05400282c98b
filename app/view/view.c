/* view.c — copies engine state into a ui_view each frame; hit list and number formatting for panels. */
#include "view/view.h"

#include "view/timetravel.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ui_hit_add(ui_frame *fr, rd_rect r, int kind, int a, int b)
{
    if (fr->nhits == fr->caphits) {
        int nc = fr->caphits ? fr->caphits * 2 : 256;
        ui_hit *nv = realloc(fr->hits, (size_t)nc * sizeof *nv);
        if (!nv) return -1;
        fr->hits = nv;
        fr->caphits = nc;
    }
    fr->hits[fr->nhits++] = (ui_hit){.r = r, .kind = kind, .a = a, .b = b, .side = fr->side};
    return fr->nhits - 1;
}

const ui_hit *ui_hit_find(const ui_frame *fr, int x, int y)
{
    for (int i = fr->nhits; i-- > 0;)
        if (rd_contains(fr->hits[i].r, x, y)) return &fr->hits[i];
    return NULL;
}

void ui_tip_add(ui_frame *fr, rd_rect r, const char *text)
{
    if (!text || !*text || r.w <= 0 || r.h <= 0) return;
    if (fr->ntips == fr->captips) {
        int nc = fr->captips ? fr->captips * 2 : 128;
        ui_tip *nv = realloc(fr->tips, (size_t)nc * sizeof *nv);
        if (!nv) return;
        fr->tips = nv;
        fr->captips = nc;
    }
    ui_tip *t = &fr->tips[fr->ntips++];
    t->r = r;
    snprintf(t->text, sizeof t->text, "%s", text);
}

void ui_frame_free(ui_frame *fr)
{
    free(fr->hits);
    free(fr->tips);
    fr->hits = NULL;
    fr->tips = NULL;
    fr->nhits = fr->caphits = fr->ntips = fr->captips = 0;
}

const ui_tip *ui_tip_find(const ui_frame *fr, int x, int y)
{
    for (int i = fr->ntips; i-- > 0;)
        if (rd_contains(fr->tips[i].r, x, y)) return &fr->tips[i];
    return NULL;
}

bool ui_no_hints(const ui_state *st) { return st->clean || st->presenting; }

void ui_state_defaults(ui_state *st)
{
    memset(st, 0, sizeof *st);
    st->theme = 0;
    st->ui_scale = 1.0f;
    st->speed = UI_START_SPEED; /* 1/100x: a 3 ms FQS interval takes 0.3 s to watch */
    st->flavor = RV_SCHED;
    st->sel_cpu = -1;
    st->sel_node = -1;
    st->hover_cpu = -1;
    st->cue = -1;
    st->moment_ns = -1;
    st->bar_since_ns = -1;
    st->focus_panel = st->last_panel = -1;
    st->timeline_span = 2000000000LL;
    st->flash_ns = 3000000LL;
}

static bool has_stall(const char *s)
{
    return strstr(s, "stall") != NULL || strstr(s, "Stall") != NULL;
}

static const char *caption_now(const rv_engine *e, const rv_config *cfg, int64_t now, int64_t *from, int64_t *until, int *index);
static int64_t cue_ns(const rv_config *cfg, int cue);

/* Thousands of CPUs: the whole-GP answer counts the dyntick-idle ones in one line (the next FQS
 * pass credits them all alike) and spends its words on the few that are not idle, which are the
 * ones that can hold a grace period up. Small machines keep rv_explain()'s CPU-by-CPU list. */
static void big_why(ui_view *v, const rv_engine *e, int node)
{
    const rv_flavor_view *fl = &v->fl[v->flavor];
    if (v->ncpus <= 16 || fl->gpnum == fl->completed || !v->nodes) return;
    int lo = 0, hi = v->ncpus - 1;
    if (node >= 0 && node < v->nnodes) { lo = v->nodes[node].grplo; hi = v->nodes[node].grphi; }
    int owing = 0, idle = 0, off = 0, leaves = 0, leaves_owing = 0, busy[4], nbusy = 0;
    char more[160] = "";
    size_t ml = 0;
    for (int n = 0; n < v->nnodes; n++) {
        const rv_node_view *nd = &v->nodes[n];
        if (nd->nchildren || nd->grphi < lo || nd->grplo > hi) continue;
        leaves++;
        leaves_owing += nd->qsmask != 0;
        for (unsigned long bits = nd->qsmask; bits; bits &= bits - 1) {
            int c = nd->grplo + __builtin_ctzl(bits);
            if (c < 0 || c >= v->ncpus) continue;
            owing++;
            if (v->cpus[c].state == RV_CPU_OFFLINE) off++;
            else if (!(v->cpus[c].dynticks & 1)) idle++;
            else if (nbusy < 4) busy[nbusy++] = c;
            else {
                if (ml < sizeof more - 16) ml += (size_t)snprintf(more + ml, sizeof more - ml, "%s%d", more[0] ? ", " : "", c);
                nbusy++;
            }
        }
    }
    if (idle + off <= 2) return; /* few enough to list one by one */
    char out[sizeof v->why];
    size_t len = 0;
    /* keep the engine's opening ("rcu_sched GP 325, 3.000 ms old.") */
    const char *old = strstr(v->why, " old.");
    if (old) len = (size_t)snprintf(out, sizeof out, "%.*s", (int)(old + 5 - v->why), v->why);
    char where[48] = "";
    if (node > 0 && node < v->nnodes) snprintf(where, sizeof where, " under rnp%d", node);
    len += (size_t)snprintf(out + len, sizeof out - len, "%s%d of %d CPUs%s still owe it a QS, in %d of %d leaves.",
                            len ? " " : "", owing, hi - lo + 1, where, leaves_owing, leaves);
    if (idle && len < sizeof out)
        len += (size_t)snprintf(out + len, sizeof out - len, "\n- %d of them are dyntick-idle (dynticks even): idle is a QS, but an idle "
                                "CPU never reports it; an FQS pass reads each counter and credits them all (\"snap\" at a GP's first, "
                                "snapshot pass, which has no rcu_fqs trace event of its own; \"dti\" at later ones).%s", idle,
                                v->mode == RV_MODE_SOFTIRQ ? " In 3.6 FQS runs only from a CPU that takes ticks or calls call_rcu()." : "");
    if (off && len < sizeof out)
        len += (size_t)snprintf(out + len, sizeof out - len, "\n- %d of them are offline: an FQS pass credits them (\"ofl\", once the GP is more than 2 jiffies "
                                "old, if their counters show no idle pass).", off);
    if (!nbusy && len < sizeof out)
        len += (size_t)snprintf(out + len, sizeof out - len, "\n- None of them is running: no CPU here can report by itself.");
    for (int i = 0; i < nbusy && i < 4 && len < sizeof out; i++) {
        len += (size_t)snprintf(out + len, sizeof out - len, "\n- ");
        if (len < sizeof out) len += (size_t)rv_explain(e, v->flavor, busy[i], -1, out + len, sizeof out - len);
    }
    if (nbusy > 4 && len < sizeof out)
        len += (size_t)snprintf(out + len, sizeof out - len, "\n- and %d more running CPU%s: %s%s", nbusy - 4,
                                nbusy - 4 == 1 ? " owes one: CPU" : "s owe one: CPUs", more, nbusy - 4 > 12 ? ", …" : "");
    /* blocked tasks, as the engine named them */
    for (const char *t = strstr(v->why, "\n- task "); t && len < sizeof out; t = strstr(t + 1, "\n- task ")) {
        const char *end = strchr(t + 1, '\n');
        int n = end ? (int)(end - t) : (int)strlen(t);
        len += (size_t)snprintf(out + len, sizeof out - len, "%.*s", n, t);
    }
    snprintf(v->why, sizeof v->why, "%s", out);
}

/* When the grace period in progress already drew a stall warning, "why" starts with whom it named:
 * a blocked task is the culprit, the CPU that printed the warning only noticed. */
static void stall_note(ui_view *v)
{
    const ui_history *h = v->hist;
    const rv_flavor_view *fv = &v->fl[v->flavor];
    if (!h || fv->gpnum == fv->completed) return;
    const ui_mark *m = NULL;
    for (size_t i = h->stalls.n; i-- > 0;) {
        const ui_mark *x = &h->stalls.v[i];
        if (x->t > v->now) continue;
        if (x->flavor == v->flavor && x->gp == fv->gpnum) m = x;
        break;
    }
    if (!m) return;
    char tb[32], note[512];
    ui_fmt_time(tb, sizeof tb, m->t);
    if (m->task > 0)
        snprintf(note, sizeof note, "The stall warning at %s names task P%d: a reader preempted inside rcu_read_lock(), on "
                 "blkd_tasks%s. The CPU that printed it only noticed.\n", tb, m->task, m->cpu >= 0 ? " (and CPUs that owe a QS)" : "");
    else if (m->cpu >= 0 && m->cpu < v->ncpus && !v->cpus[m->cpu].rdp[v->flavor].qs_owed)
        /* the warning is a moment's picture: a self-detected stall's own set_need_resched() often gets
         * the CPU its QS at once (a reader it preempts goes onto blkd_tasks and holds the GP instead) */
        snprintf(note, sizeof note, "The stall warning at %s named CPU %d: it owed this GP a QS when printed, and has reported "
                 "one since.\n", tb, m->cpu);
    else if (m->cpu >= 0)
        snprintf(note, sizeof note, "The stall warning at %s names CPU %d: it still owes this GP a QS.\n", tb, m->cpu);
    else {
        /* a warning that named no one while readers sit on blkd_tasks: 3.6/3.7's rcu_print_task_stall()
         * starts after gp_tasks and so never prints the latest-queued reader blocking the GP (stall.c) */
        bool blkd = false;
        for (int n = 0; n < v->nnodes && v->nodes; n++) blkd |= v->nodes[n].n_blkd_tasks > 0;
        if (!blkd) return;
        snprintf(note, sizeof note, "The stall warning at %s named nobody, yet a preempted reader holds this GP: 3.6/3.7's "
                 "rcu_print_task_stall() starts after gp_tasks, so the reader it points to, the latest queued, is never "
                 "printed (later kernels fixed it). Hence \"Stall ended before state dump start\".\n", tb);
    }
    size_t nl = strlen(note), wl = strlen(v->why);
    if (nl + wl + 1 > sizeof v->why) wl = sizeof v->why - nl - 1;
    memmove(v->why + nl, v->why, wl);
    v->why[nl + wl] = 0;
    memcpy(v->why, note, nl);
}

/* " on CPU N" for an event run in a CPU's context, "" for one with none */
static const char *on_cpu(int cpu, char *b, size_t n)
{
    if (cpu < 0) return "";
    snprintf(b, n, " on CPU %d", cpu);
    return b;
}

/* How much an event says in a clip's cue bar: a landmark the talk is about first, then the grace
 * period's own steps, then the workload's traffic, a caption last (the strip above shows its words
 * already; at the OMAP stall one fired at the warning's instant and the bar named it instead of the
 * warning). Compared among the events at one instant (a still) or since the frame before (a clip).
 * Among the grace period's steps, those that change what the tree and tiles draw (a qsmask bit
 * cleared by a report or an FQS credit) and what stands in the GP's way come before the ones that do
 * not: a tree clip's frame showed CPU 0's bit just cleared under "CPU 8 passed a quiescent state ...
 * (not reported yet)", the later of two equals. BAR_GP_STEP is the least a GP step ranks. */
enum { BAR_GP_STEP = 4 };
static int bar_rank(const rv_event *ev)
{
    switch (ev->type) {
    case RV_EV_STALL:
    case RV_EV_VIOLATION: return 7;
    case RV_EV_GP_START:
    case RV_EV_GP_END:
    case RV_EV_CPU_OFFLINE:
    case RV_EV_CPU_ONLINE:
    case RV_EV_CB_ORPHAN: return 6;
    /* a bit the picture clears, and what stands in the GP's way (a preempted reader, a kernel loop, a
     * lecturer's injection) */
    case RV_EV_QS_REPORT:
    case RV_EV_FQS_CREDIT:
    case RV_EV_READER_BLOCK:
    case RV_EV_KERNEL_LOOP:
    case RV_EV_INJECT: return 5;
    /* the GP's other steps: noticed, passed but not yet reported, a pass, the walk, a wakeup, a
     * FAST_NO_HZ drain step */
    case RV_EV_NOTE_GP:
    case RV_EV_QS:
    case RV_EV_FQS:
    case RV_EV_GP_INIT_NODE:
    case RV_EV_GP_CLEANUP_NODE:
    case RV_EV_KTHREAD_WAKE:
    case RV_EV_IDLE_DRAIN: return BAR_GP_STEP;
    case RV_EV_CAPTION: return 0;
    /* the workload's own steady traffic (readers, callbacks, synchronize calls, idle, softirq runs): a
     * tree clip's bar read "CPU 8 left its rcu_sched read-side critical section" frame after frame
     * while the qsmask bits it showed were being cleared */
    default: return 1;
    }
}

/* The cue bar's event: the latest of the flavor shown or of none (a clip of rcu_sched's tree said
 * "CPU 7 left its rcu_bh read-side critical section"), the best ranked among those at its instant.
 * A bounded look back, as each frame builds a view: a run of other flavors' events longer than that
 * leaves the bar without one rather than slow every frame. */
static const rv_event *bar_event_of(const rv_engine *e, uint64_t cnt, int flavor, int64_t since, const rv_event **ended)
{
    const rv_event *best = NULL, *newest = NULL, *newest_gp = NULL;
    *ended = NULL;
    uint64_t stop = cnt > 4096 ? cnt - 4096 : 0;
    for (uint64_t i = cnt; i-- > stop;) {
        const rv_event *ev = rv_event_get(e, i);
        if (!ev) break; /* left the ring */
        if (since < 0 && best && ev->t != best->t) break; /* a still: the latest instant only */
        if (ev->flavor >= 0 && ev->flavor != flavor) continue;
        if (since >= 0) {
            if (!newest) newest = ev;
            if (!newest_gp && bar_rank(ev) >= BAR_GP_STEP) newest_gp = ev;
            if (ev->t <= since) { if (newest_gp) break; continue; } /* before the frame: only its GP step is wanted */
        }
        if (!best || bar_rank(ev) > bar_rank(best)) best = ev; /* a tie keeps the later one */
        if (since >= 0 && ev->type == RV_EV_GP_END && !*ended) *ended = ev;
    }
    /* a GP that ended and the next that started between two frames: the start alone (a tie keeps the
     * later) left the tree clip's climax, GP 40's end, unnamed; the caller names both */
    if (*ended && !(best && best->type == RV_EV_GP_START && best->flavor == (*ended)->flavor && best->gp == (*ended)->gp + 1))
        *ended = NULL;
    /* a clip's frame: the weightiest since the frame before; when only the workload's traffic came
     * since (or nothing), the grace period's latest step, which the frame still shows */
    if (since >= 0 && !(best && bar_rank(best) >= BAR_GP_STEP)) return newest_gp ? newest_gp : best ? best : newest;
    return best;
}

/* Did the cue ask for every change the run has (the badge: "rcu.needs_gp_fix=true · mode=kthread", each
 * key before its "=")? Its "invites" list says so (omap-stall's cue 6: "Press X ...", invites
 * rcu.needs_gp_fix); a caption that merely mentions a key, or "user mode", does not. */
static bool badge_keys_all(const char *badge, bool (*covered)(const char *key, size_t n, const void *ctx), const void *ctx)
{
    bool any = false;
    for (const char *p = badge; *p;) {
        const char *sep = strstr(p, " \u00B7 "), *end = sep ? sep : p + strlen(p);
        size_t n = strcspn(p, "=");
        if ((size_t)(end - p) < n) n = (size_t)(end - p);
        if (!covered(p, n, ctx)) return false;
        any = true;
        p = sep ? sep + strlen(" \u00B7 ") : end;
    }
    return any;
}

static bool key_is(const char *key, size_t n, const char *name) { return strlen(name) == n && !strncmp(key, name, n); }

static bool invited(const char *key, size_t n, const void *ctx)
{
    char k[sizeof ((rv_cue *)0)->invites[0]];
    if (n >= sizeof k) return false; /* longer than any change a cue can invite */
    memcpy(k, key, n);
    k[n] = 0;
    return rv_cue_invites(ctx, k);
}

static bool cue_invites(const char *badge, const rv_cue *q) { return badge_keys_all(badge, invited, q); }

/* A caption's `when` that tests a changed key was written for the changed value too (it holds, or
 * it would not show): hackbench's {"fast_no_hz": false} caption is the one for Shift+Z's run. */
static bool tested(const char *key, size_t n, const void *ctx)
{
    const rv_when *w = ctx;
    return (key_is(key, n, "mode") && w->has_mode) || (key_is(key, n, "rcu.needs_gp_fix") && w->has_needs_gp_fix) ||
           (key_is(key, n, "rcu.fast_no_hz") && w->has_fast_no_hz);
}

/* The engine cannot tell a CPU that reported its own quiescent state from one an FQS pass credited
 * before it noticed the GP ("... (or FQS credited it)"); the history can: the tile says "dti" and a
 * lecturer read the hedge aloud to a student asking how a CPU running kernel code counted as idle. */
static void credited_why(ui_view *v, int cpu)
{
    int f = v->flavor;
    if (!strstr(v->why, "has already reported its quiescent state")) return;
    int k = ui_history_credit(v->hist, f, cpu, v->fl[f].gpnum, v->now); /* what the tile shows */
    if (k < 0) return;
    /* rcu_implicit_dynticks_qs() credits "dti" for a counter even now or moved by two since the
     * snapshot; dyntick_save_progress_counter() "snap" for one even at the GP's first pass */
    const char *how = k == 1 ? "\"ofl\": it was offline"
                    : k == 2 ? "\"snap\": its dynticks counter was even at the GP's first pass, so it was idle then, "
                               "whatever it does since"
                             : "\"dti\": at a later pass its dynticks counter was even (idle then) or had moved by two or "
                               "more since the GP's snapshot (it passed through idle); idle is an extended quiescent state, "
                               "whatever it runs now";
    snprintf(v->why, sizeof v->why, "An FQS pass credited CPU %d for %s GP %lu (%s); the CPU itself reported nothing.", cpu,
             rv_flavor_name(f), (unsigned long)v->fl[f].gpnum, how);
}

/* How to get the scripted run back, in the words of the paused strip: Ctrl+B steps to the next branch
 * kept (ui_app_switch_branch()), so it names the presses to the nearest one without an injection (the
 * recorder then drops the injections, ui_rec_branch_shown(), so no re-simulation brings them back).
 * None kept (the injection had no known future to branch from, or the branch was evicted): the run is
 * the scripted one only before the change (Ctrl+R would replay the recorded injection, as Ctrl+S saves it). */
static void paused_way_back(const struct tt *t, char *out, size_t n)
{
    int nbr = tt_branch_count(t), cur = tt_branch_current(t), presses = 0;
    for (int k = 1; k < nbr && !presses; k++)
        if (tt_branch_first_intervention(t, (cur + k) % nbr) < 0) presses = k;
    if (presses == 1) snprintf(out, n, "Ctrl+B returns to the scripted run.");
    else if (presses > 1) snprintf(out, n, "Ctrl+B, pressed %d times, returns to the scripted run.", presses);
    else snprintf(out, n, "Before that moment the run is as scripted.");
}

void ui_view_build(ui_view *v, struct tt *t, const rv_report *report, const ui_state *st, const char *label)
{
    rv_engine *e = tt_engine(t);
    const rv_config *cfg = rv_engine_config(e);
    int ncpus = rv_cpus(e), nnodes = rv_tree_nodes(e);
    if (!v->cpus || v->ncpus != ncpus) {
        free(v->cpus);
        v->cpus = calloc((size_t)ncpus, sizeof *v->cpus);
    }
    if (!v->nodes || v->nnodes != nnodes) {
        free(v->nodes);
        v->nodes = calloc((size_t)(nnodes > 0 ? nnodes : 1), sizeof *v->nodes);
    }
    v->cfg = cfg;
    v->ncues = (int)cfg->ncues;
    v->label = label;
    v->mode = cfg->rcu.mode;
    v->flavor = st->flavor;
    if (!cfg->rcu.flavors[v->flavor]) v->flavor = RV_SCHED;
    v->now = tt_now(t);
    v->end = tt_end(t);
    v->known_until = tt_known_until(t);
    v->hz = cfg->hz;
    v->ncpus = v->cpus ? ncpus : 0;
    v->nnodes = v->nodes ? nnodes : 0;
    v->levels = rv_tree_levels(e);
    if (v->levels > UI_MAX_LEVELS) v->levels = UI_MAX_LEVELS;
    for (int l = 0; l < v->levels; l++) v->level_count[l] = rv_tree_level_count(e, l);
    for (int c = 0; c < v->ncpus; c++) rv_cpu_get(e, c, &v->cpus[c]);
    for (int n = 0; n < v->nnodes; n++) rv_node_get(e, v->flavor, n, &v->nodes[n]);
    for (int f = 0; f < RV_NFLAVORS; f++) rv_flavor_get(e, f, &v->fl[f]);
    v->report = report;
    v->hist = tt_history(t);

    /* the window's log starts after the boot lines (`run --dmesg` prints them): three lines that never
     * change would take rows from the CPU time panel on every scenario */
    size_t boot = rv_klog_boot_count(e), nk = rv_klog_count(e);
    v->klog_total = nk - boot;
    size_t first = nk - boot > UI_KLOG_LINES ? nk - UI_KLOG_LINES : boot;
    v->nklog = 0;
    for (size_t i = first; i < nk; i++) {
        const char *s = rv_klog_line(e, i);
        v->klog[v->nklog++] = (ui_klog_line){rv_klog_time(e, i), s ? s : "", s && has_stall(s)};
    }

    int cpu = st->sel_cpu < ncpus ? st->sel_cpu : -1, node = st->sel_node < nnodes ? st->sel_node : -1;
    v->why[0] = 0;
    rv_explain(e, v->flavor, cpu, cpu >= 0 ? -1 : node, v->why, sizeof v->why);
    if (cpu >= 0) credited_why(v, cpu);
    if (cpu < 0) big_why(v, e, node);
    stall_note(v);

    v->branch = tt_branch_current(t);
    v->nbranches = tt_branch_count(t);
    v->branch_fork = tt_branch_fork_time(t, v->branch);

    v->last_event[0] = 0;
    v->last_event_what[0] = 0;
    uint64_t cnt = rv_event_count(e);
    const rv_event *last = cnt ? rv_event_get(e, cnt - 1) : NULL;
    if (last) {
        char d[240], tb[32];
        ui_describe_event(last, rv_engine_config(e), d, sizeof d);
        /* to the microsecond: the line is long already, and it names the event, not a time to type */
        ui_fmt_time_us(tb, sizeof tb, last->t);
        /* the events at the last one's instant (a jiffy step runs every CPU's tick at its boundary, an
         * FQS pass credits CPUs at once): the line names one of them, and after → a student took
         * "... on CPU 15" for all the step had done */
        size_t same = 1;
        for (uint64_t s = cnt - 1; s-- > 0 && same < 100000;) {
            const rv_event *p = rv_event_get(e, s);
            if (!p || p->t != last->t) break;
            same++;
        }
        if (same > 1) snprintf(v->last_event, sizeof v->last_event, "last of %zu events at %s: %s", same, tb, d);
        else snprintf(v->last_event, sizeof v->last_event, "last event, at %s: %s", tb, d);
        snprintf(v->last_event_what, sizeof v->last_event_what, "%s", d);
    }
    const rv_event *ended = NULL;
    const rv_event *bar = bar_event_of(e, cnt, v->flavor, st->bar_since_ns, &ended);
    v->bar_event_t = bar ? bar->t : -1;
    v->bar_event[0] = 0;
    if (bar && ended) {
        char where[24];
        snprintf(v->bar_event, sizeof v->bar_event, "%s grace period %llu ended, %llu started%s", rv_flavor_name(bar->flavor),
                 (unsigned long long)ended->gp, (unsigned long long)bar->gp, on_cpu(bar->cpu, where, sizeof where));
    } else if (bar) ui_describe_event(bar, rv_engine_config(e), v->bar_event, sizeof v->bar_event);
    /* a moment is shown 1 ns past itself (the engine runs events strictly before the time it is moved
     * to): the clock names the moment, whether the window landed there (a cue: maybe no event at that
     * instant) or an event step did (the event just run) */
    v->moment = st->moment_ns >= 0 && v->now == st->moment_ns + 1 ? st->moment_ns
              : last && v->now == last->t + 1 ? last->t : -1;
    int64_t caption_from = -1;
    int caption_index = -1;
    v->caption = caption_now(e, cfg, v->now, &caption_from, &v->caption_until, &caption_index);
    /* a lecture cue's own caption wins while the cue is current (from its time to the next cue's) */
    v->cue_title = NULL;
    v->cue_number = 0;
    const char *cue_said = NULL; /* a cue's caption marked only with the moment it speaks of */
    const char *cue_words = NULL; /* what the strip shows for the cue that speaks here, as the cue left it */
    int cue_hushed = -1; /* a single-view cue whose caption the changed configuration silenced */
    /* stepped back before the cue gone to (Left, Home): the lecture's narration of that moment is the
     * cue before it, whose moment has passed (omap-stall's cue 4 less one step read "(no caption at this
     * moment)" just where a lecturer compares before and after the stall) */
    int cue = st->cue;
    bool before = false; /* narrating with a cue before the one gone to, in lecture order */
    bool ahead = false;  /* narrating with the cue gone to, whose moment is just ahead */
    int64_t since = -1;  /* ahead: the moment of the cue before, after which a file caption is newer */
    if (cue >= 0 && (size_t)cue < cfg->ncues && v->now < cue_ns(cfg, cue)) {
        /* the lecture's order, not time's: omap-stall's cue 5 returns to 4.55 s after cue 4 at 80 s */
        int prev = cue;
        while (--prev >= 0 && cue_ns(cfg, prev) > v->now) {}
        /* a step or two back from the cue (within 100 ms, and nearer it than the cue before) is still
         * about its moment: tree's cue 5 less 4 us read cue 4's "GP 40 waits" over a grace period
         * already over; further back, the cue before it narrates (omap-stall 30 s before its stall read
         * "just ahead") */
        int64_t to_cue = cue_ns(cfg, cue) - v->now;
        const int64_t step_back_ns = 100000000; /* 100 ms: a few steps or jiffies, not the stretch before the cue */
        bool near = to_cue <= step_back_ns && (prev < 0 || to_cue <= v->now - cue_ns(cfg, prev));
        if (near) { ahead = true; since = prev >= 0 ? cue_ns(cfg, prev) : -1; }
        else if (prev >= 0) cue = prev, before = true;
        else cue = -1;
    } else if (cue >= 0 && (size_t)cue < cfg->ncues && !ui_cue_in_force(cfg, cue, v->now, v->end, NULL)) {
        /* stepped or played past a later cue not gone to yet (tree's cue 5, then Right past cue 6's
         * moment): that cue narrates its moment, rather than a blank strip; only a cue of the view on
         * screen (a compare cue's "Left 3.6 ... Right" over one engine misled), the first in lecture
         * order of those at the latest moment; and no cue past the next one PgDn brings: J from
         * omap-stall's cue 3 with C on went to 80 s, where cue 5 (4.55 s, compared) read "Back at 4.55
         * s" in the top bar over the wake-up, and PgDn then brought cue 4 (a lecturer's walk-through) */
        int passed = -1;
        for (int i = 0; (size_t)i < cfg->ncues && i <= st->cue + 1; i++)
            if (cue_ns(cfg, i) <= v->now && (ui_cue_view_at(cfg, i).compare == 1) == st->compare &&
                (passed < 0 || cue_ns(cfg, i) > cue_ns(cfg, passed)))
                passed = i;
        if (passed >= 0) cue = passed;
    }
    if (cue >= 0 && (size_t)cue < cfg->ncues) {
        const rv_cue *q = &cfg->cues[cue];
        int64_t nx = cue_ns(cfg, st->cue); /* until the cue gone to */
        /* the file's own caption that started after the cue's moment is the newer narration (J from
         * omap-stall's cue 1 went to 4.0 s and 4.5 s, and the strip kept cue 1's words) */
        bool newer = caption_from > (ahead ? since : cue_ns(cfg, cue));
        if (!newer && (before || ahead || ui_cue_in_force(cfg, cue, v->now, v->end, &nx))) {
            /* a single-view cue's caption is written for the file's configuration: once the window
             * changed mode or fixes (the badge), the captions whose `when` matches speak instead, so
             * the 3.7 view never reads the 3.6 narration, unless the cue invited that very change ("Press
             * M to see this under 3.7": it then speaks, marked below as followed). In compare mode a cue that asked for compare,
             * or follows one that did (ui_cue_view_at), speaks for both sides; any other speaks only on
             * its file's side (omap-stall's "3.6 prints a self-detected stall" ran under the 3.7 side
             * too, which shows no stall) */
            bool speaks = st->compare ? ui_cue_view_at(cfg, cue).compare == 1 || (int)v->mode == st->file_mode
                                      : !st->config_badge[0] || cue_invites(st->config_badge, q);
            if (q->caption[0] && speaks) { v->caption = q->caption; caption_from = (int64_t)(q->at_s * 1e9); v->caption_until = nx; }
            else if (q->caption[0] && !st->compare) cue_hushed = cue;
            else if (q->caption[0] && !v->caption) {
                /* C at a single-view cue: the cue narrates its file's side, and tree (no timed captions)
                 * left this side's strip empty over a tree at another grace period (a lecturer) */
                snprintf(v->caption_marked, sizeof v->caption_marked,
                         "Cue %d narrates the %s side. This side runs the same load under %s, with grace periods of its "
                         "own, so its numbers differ; C goes back to the cue's single view.",
                         cue + 1, st->file_mode == RV_MODE_KTHREAD ? "3.7" : "3.6", v->mode == RV_MODE_KTHREAD ? "3.7" : "3.6");
                v->caption = v->caption_marked;
                v->caption_until = nx;
            }
            /* a compared cue speaks under any configuration, but its figures are the file's: with
             * U pressed (32 CPUs) hackbench's cue 3 quoted 16-CPU numbers over a 32-CPU run. Say so
             * first, and how to get the file's configuration back (a slide drops the key sentence) */
            /* a cue that compares ("Left 3.6 ... Right 3.7 ...") over one engine: C pressed at hackbench's
             * cue 2 left its two-sided narration over a single 3.7 view. Say so, and how to see both */
            /* both notes when both apply: omap-stall's cue 6 compares and invites X; with C left and X pressed
             * the compare note alone dropped "as this cue invites" */
            char one_view[160] = "";
            if (q->caption[0] && speaks && !st->compare && ui_cue_view_at(cfg, cue).compare == 1)
                snprintf(one_view, sizeof one_view, "This cue compares 3.6 and 3.7 side by side (C shows both); here only %s is "
                         "on screen. ", v->mode == RV_MODE_KTHREAD ? "3.7" : "3.6");
            if (q->caption[0] && speaks && st->config_badge[0]) {
                /* a cue that invites the very change ("Press X for it (rcu.needs_gp_fix)") was followed, not
                 * contradicted: a lecturer met "describes the scenario as shipped" right after doing what
                 * omap-stall's cue 6 asked */
                if (cue_invites(st->config_badge, q))
                    snprintf(v->caption_marked, sizeof v->caption_marked,
                             "%sChanged (%s), as this cue invites; until the change, it describes the scenario as shipped. "
                             "The cue: %s", one_view, st->config_badge, q->caption);
                else
                    snprintf(v->caption_marked, sizeof v->caption_marked,
                             "%sChanged (%s): this cue describes the scenario as shipped, so its figures may not match the "
                             "screen. Press Backspace to restore the file's configuration. The cue: %s", one_view, st->config_badge,
                             q->caption);
                v->caption = v->caption_marked;
            } else if (one_view[0]) {
                snprintf(v->caption_marked, sizeof v->caption_marked, "%sThe cue: %s", one_view, q->caption);
                v->caption = v->caption_marked;
            }
            /* played or stepped on past the cue's moment, its caption still quotes that moment's figures
             * while the panels move on (hackbench's cue 3 read "385 against 154 ms" over 1.08 s vs 432 ms
             * five seconds later): it says which moment it speaks of */
            int64_t at = (int64_t)llround(q->at_s * 1e9);
            if (v->caption == q->caption && (v->now > at + 1 || ahead)) {
                char tb[32];
                ui_fmt_time(tb, sizeof tb, at);
                snprintf(v->caption_marked, sizeof v->caption_marked, "Cue %d, at %s%s: %s", cue + 1, tb, ahead ? " (just ahead)" : "",
                         q->caption);
                v->caption = v->caption_marked;
                cue_said = q->caption;
            }
            if (q->caption[0] && speaks) cue_words = v->caption;
            v->cue_title = q->title;
            v->cue_number = cue + 1;
        }
    }
    /* A file's caption is written for the file's configuration, like a cue's: under a changed one
     * (the badge) its figures may not be the screen's (hackbench's "about 22 sleep/wake cycles per
     * grace period" over a --set rcu.fast_no_hz=false run that has a few). Say so before it, unless
     * its `when` tests every changed key, i.e. it was written for the change too. */
    if (caption_index >= 0 && v->caption == cfg->captions[caption_index].text && st->config_badge[0] &&
        !badge_keys_all(st->config_badge, tested, &cfg->captions[caption_index].when)) {
        ui_caption_changed(v->caption_marked, sizeof v->caption_marked, st->config_badge, v->caption);
        v->caption = v->caption_marked;
    }
    /* the silenced cue with no caption of the run to speak instead: an empty strip read as "this cue
     * has nothing to say" (tree's cues carry its whole narration, and it has no timed captions) */
    if (!v->caption && cue_hushed >= 0) {
        snprintf(v->caption_marked, sizeof v->caption_marked,
                 "Changed (%s): cue %d's caption is written for the scenario as shipped, so it is not shown over "
                 "this run (press Backspace to restore the file's configuration and the caption).",
                 st->config_badge, cue_hushed + 1);
        v->caption = v->caption_marked;
    }
    /* The file's narration describes the run it scripted. After the user's own injection (a kernel
     * loop, an offline CPU...) a caption may tell the opposite of the screen (omap-stall's "a false
     * alarm, nothing was ever waiting" over a stall the user caused): the strip says so instead. From
     * the injection's own instant, the caption already up included: Q at omap-stall's cue 3 ends GP
     * 165 at once, and the cue went on reading "GP 165, which only idle CPU 0 still owes" until the
     * next PgDn. Before that instant (seeking back on the changed branch) the run is the scripted one. */
    int64_t changed = v->changed_at = tt_first_intervention(t);
    /* the words a pause hides that were up before the injection: a recorded cue stop (F3) keeps them when
     * they are the author's own caption, typed in this session for the run being recorded (an author typed
     * "burst served", then recorded a synchronize and a stop there) */
    const char *words_before = v->caption == v->caption_marked ? cue_said : v->caption;
    bool kept_for_cue = caption_from >= 0 && changed >= 0 && caption_from <= changed;
    if (v->caption && changed >= 0 && v->now >= changed) {
        char tb[32], back[96];
        /* an injection at a moment the clock shows (a cue's, landed 1 ns past it) reads as that moment:
         * "t = 4.539000 s" above "you changed this run at 4.539000001 s" looked like two times */
        ui_fmt_time(tb, sizeof tb, v->moment >= 0 && changed == v->moment + 1 ? v->moment : changed);
        paused_way_back(t, back, sizeof back);
        snprintf(v->caption_paused, sizeof v->caption_paused,
                 "Captions paused: you changed this run at %s, so the scenario's narration may no longer match what "
                 "happens. %s", tb, back);
        v->caption = v->caption_paused;
        v->caption_until = INT64_MAX; /* a notice, not narration: nothing to hold playback for */
        /* the cue's title is narration too: "5. The root empties" stood over a tree the injection kept
         * waiting */
        v->cue_title = NULL;
        v->cue_number = 0;
    }
    v->caption_text = v->caption == v->caption_paused ? NULL : v->caption == v->caption_marked ? cue_said : v->caption;
    v->caption_is_cue = cue_words && v->caption == cue_words;
    v->caption_under_pause = v->caption == v->caption_paused && kept_for_cue ? words_before : NULL;
}

/* A cue's moment in ns, rounded as the window's cue keys land on it. */
static int64_t cue_ns(const rv_config *cfg, int cue) { return (int64_t)llround(cfg->cues[cue].at_s * 1e9); }

/* The caption shown at now: a timed one from its at_s (even at that very instant), a triggered one
 * from when this engine saw its trigger; `when` is this engine's (compare mode: each side its own). With no
 * engine (e NULL), the timed ones alone. */
static const char *caption_now(const rv_engine *e, const rv_config *cfg, int64_t now, int64_t *from_out, int64_t *until_out,
                               int *index)
{
    int64_t until_best = INT64_MAX;
    /* of the captions showing now, the one that appeared last: a triggered caption that has run
     * its duration_s gives the strip back to the timed one it interrupted */
    int best = -1;
    int64_t from_best = -1;
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        const rv_caption *c = &cfg->captions[i];
        bool timed = c->on.event == RV_TRIG_TIME;
        if (timed && !rv_when_holds(&c->when, cfg)) continue;
        int64_t fired = e ? rv_caption_fired_ns(e, i) : -1;
        int64_t from = timed ? (int64_t)(c->at_s * 1e9) : fired;
        if (from < 0 || from > now || from < from_best) continue;
        /* due at the run's very end (a quiz's run cut at small-busy's 5 s), it is not shown, as the
         * engine runs no scripted event there: it told of a reader entering at 5 s that never did */
        if (timed && cfg->duration_s > 0 && from >= (int64_t)llround(cfg->duration_s * 1e9)) continue;
        /* until its until_s / duration_s, else until the next caption this engine showed */
        int64_t until = fired >= 0 ? rv_caption_until_ns(e, i) : c->until_s > c->at_s ? (int64_t)(c->until_s * 1e9) : INT64_MAX;
        if (now >= until) continue;
        best = (int)i;
        from_best = from;
        until_best = until;
    }
    *from_out = from_best;
    *until_out = best < 0 ? INT64_MAX : until_best;
    if (index) *index = best;
    return best < 0 ? NULL : cfg->captions[best].text;
}

void ui_caption_changed(char *out, size_t n, const char *badge, const char *text)
{
    snprintf(out, n,
             "Changed (%s): this caption describes the scenario as shipped, so its figures may not match the screen "
             "(press Backspace to restore it). The caption: %.511s", badge, text); /* captions hold <= 511 bytes */
}

const char *ui_caption_timed(const rv_config *cfg, int64_t now)
{
    int64_t from, until;
    return caption_now(NULL, cfg, now, &from, &until, NULL);
}

bool ui_cue_in_force(const rv_config *cfg, int cue, int64_t now, int64_t end, int64_t *until)
{
    if (cue < 0 || (size_t)cue >= cfg->ncues) return false;
    int64_t at = cue_ns(cfg, cue), nx = end + 1;
    /* current until time reaches the next cue moment after it (cues are in lecture order) */
    for (size_t i = 0; i < cfg->ncues; i++) {
        int64_t qt = cue_ns(cfg, (int)i);
        if (qt > at && qt < nx) nx = qt;
    }
    if (until) *until = nx;
    return now >= at && now < nx;
}

const char *ui_cue_title_unnumbered(const char *title, int n)
{
    char num[16];
    int l = snprintf(num, sizeof num, "%d. ", n);
    return strncmp(title, num, (size_t)l) == 0 && title[l] ? title + l : title;
}

ui_cue_view ui_cue_view_at(const rv_config *cfg, int cue)
{
    ui_cue_view v = {.flavor = -1, .select_cpu = -2, .compare = -1, .flavor_by = -1, .select_by = -1, .compare_by = -1};
    for (int i = 0; i <= cue && (size_t)i < cfg->ncues; i++) {
        const rv_cue *q = &cfg->cues[i];
        if (q->flavor >= 0) { v.flavor = q->flavor; v.flavor_by = i; }
        if (q->select_cpu >= -1) { v.select_cpu = q->select_cpu; v.select_by = i; }
        if (q->compare >= 0) { v.compare = q->compare; v.compare_by = i; }
    }
    if (cue >= 0 && (size_t)cue < cfg->ncues) v.timeline_s = cfg->cues[cue].timeline_s;
    for (size_t i = 0; i < cfg->ncues; i++) v.timeline_any |= cfg->cues[i].timeline_s > 0;
    return v;
}

/* The soonest timed caption of cfg (its `when` holding) that starts after `after`, in ns, or INT64_MAX:
 * playback stops there for a frame so that a fast speed cannot carry a caption past unseen. */
int64_t ui_next_caption_start(const rv_config *cfg, int64_t after)
{
    int64_t best = INT64_MAX;
    for (size_t i = 0; i < cfg->ncaptions; i++) {
        const rv_caption *c = &cfg->captions[i];
        if (c->on.event != RV_TRIG_TIME || !rv_when_holds(&c->when, cfg)) continue;
        int64_t at = (int64_t)(c->at_s * 1e9);
        if (at > after && at < best) best = at;
    }
    return best;
}

/* The first ~50 characters of a caption on one line: whitespace runs become one space, the cut falls
 * on a UTF-8 character boundary (at a word's end when one is near) and is marked with "…". */
static void caption_words(const char *text, char *out, size_t n)
{
    enum { WANT = 50 };
    char buf[WANT * 4 + 8];
    size_t k = 0, chars = 0;
    int cut = 0;
    bool space = false;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        bool ws = *p == ' ' || *p == '\n' || *p == '\t' || *p == '\r';
        if (ws) { space = k > 0; continue; }
        if ((*p & 0xC0) != 0x80) { /* a character starts here */
            if (chars + space >= WANT) { cut = space ? 2 : 1; break; } /* 2: between two words */
            if (space) { buf[k++] = ' '; chars++; space = false; }
            chars++;
        }
        if (k < sizeof buf - 1) buf[k++] = (char)*p;
    }
    buf[k] = 0;
    if (cut) {
        char *sp = strrchr(buf, ' ');
        if (cut == 1 && sp && sp - buf >= (ptrdiff_t)k - 15) *sp = 0; /* end on a whole word when one ends near */
        snprintf(out, n, "%s…", buf);
    } else {
        snprintf(out, n, "%s", buf);
    }
}

void ui_describe_event(const rv_event *ev, const rv_config *cfg, char *b, size_t n)
{
    const char *fl = ev->flavor >= 0 ? rv_flavor_name(ev->flavor) : "";
    unsigned long long gp = (unsigned long long)ev->gp;
    long long cnt = (long long)ev->n;
    int cpu = ev->cpu, node = ev->node;
    char where[24];
    switch (ev->type) {
    /* the CPU whose softirq (3.6) or GP kthread (3.7) did it: a student asked which CPU starts GPs */
    case RV_EV_GP_START: snprintf(b, n, "%s grace period %llu started%s", fl, gp, on_cpu(cpu, where, sizeof where)); break;
    case RV_EV_GP_END: snprintf(b, n, "%s grace period %llu ended%s", fl, gp, on_cpu(cpu, where, sizeof where)); break;
    case RV_EV_GP_INIT_NODE: snprintf(b, n, "%s GP %llu: initialisation reached rnp%d", fl, gp, node); break;
    case RV_EV_GP_CLEANUP_NODE: snprintf(b, n, "%s GP %llu: cleanup reached rnp%d", fl, gp, node); break;
    case RV_EV_NOTE_GP: snprintf(b, n, "CPU %d noticed %s grace period %llu", cpu, fl, gp); break;
    /* the GP it counts for: a CPU whose rdp lags can note one for a GP already over (the OMAP stall) */
    case RV_EV_QS: snprintf(b, n, "CPU %d passed a quiescent state for %s GP %llu (not reported yet)", cpu, fl, gp); break;
    case RV_EV_QS_REPORT:
        snprintf(b, n, "CPU %d reported to rnp%d: bits %#llx cleared (%s)", cpu, node, (unsigned long long)ev->mask, fl);
        break;
    case RV_EV_FQS:
        snprintf(b, n, "%s force-quiescent-state %s pass%s probed %lld CPU%s", fl, ev->arg ? "check" : "snapshot",
                 on_cpu(cpu, where, sizeof where), cnt, cnt == 1 ? "" : "s");
        break;
    case RV_EV_FQS_CREDIT:
        snprintf(b, n, "FQS credited CPU %d for %s: %s", cpu, fl,
                 ev->arg == 1 ? "offline (ofl)" : ev->arg == 2 ? "idle at the GP's first pass (snap, untraced)" : "dyntick-idle (dti)");
        break;
    /* a section nested in another of the flavor says so: the CPU is still inside the outer one */
    case RV_EV_READER_BEGIN:
        if (ev->arg) snprintf(b, n, "CPU %d entered an %s read-side critical section nested in another", cpu, fl);
        else snprintf(b, n, "CPU %d entered an %s read-side critical section", cpu, fl);
        break;
    case RV_EV_READER_END:
        if (ev->arg) snprintf(b, n, "CPU %d left a nested %s read-side critical section, still inside another", cpu, fl);
        else snprintf(b, n, "CPU %d left its %s read-side critical section", cpu, fl);
        break;
    case RV_EV_READER_BLOCK: snprintf(b, n, "an %s reader on CPU %d was preempted: queued on rnp%d's blkd_tasks", fl, cpu, node); break;
    case RV_EV_CB_QUEUE: snprintf(b, n, "CPU %d queued %lld %s callback%s", cpu, cnt, fl, cnt == 1 ? "" : "s"); break;
    case RV_EV_CB_INVOKE: snprintf(b, n, "CPU %d invoked %lld %s callback%s", cpu, cnt, fl, cnt == 1 ? "" : "s"); break;
    case RV_EV_IDLE_ENTER: snprintf(b, n, "CPU %d went idle%s", cpu, ev->arg ? " and stopped its tick" : ""); break;
    case RV_EV_IDLE_EXIT: snprintf(b, n, "CPU %d left idle", cpu); break;
    case RV_EV_CPU_OFFLINE: snprintf(b, n, "CPU %d went offline", cpu); break;
    case RV_EV_CPU_ONLINE: snprintf(b, n, "CPU %d came online", cpu); break;
    case RV_EV_CB_ORPHAN: snprintf(b, n, "%lld %s callbacks of dead CPU %d adopted by CPU %d", cnt, fl, cpu, node); break;
    case RV_EV_STALL: /* name who stalls (a blocked task, else a CPU), then who noticed */
        if (!ev->arg) snprintf(b, n, "%s stall warning: CPU %d self-detected that it holds up the GP", fl, cpu);
        else if (ev->id) snprintf(b, n, "%s stall warning: task P%llu, preempted in its reader, holds up the GP (detected by CPU %d)",
                                  fl, (unsigned long long)ev->id, cpu);
        else if (node >= 0) snprintf(b, n, "%s stall warning: CPU %d holds up the GP (detected by CPU %d)", fl, node, cpu);
        else snprintf(b, n, "%s stall warning (detected by CPU %d; the stall ended before the dump)", fl, cpu);
        break;
    /* the kernel's names: synchronize_sched(), synchronize_rcu_bh(), and synchronize_rcu() for rcu_preempt
     * (a preemptible kernel's rcu_read_lock() is rcu_preempt's); not "synchronize_bh()" */
    case RV_EV_SYNC_BEGIN: snprintf(b, n, "a task on CPU %d called %s() and blocks", cpu, rv_synchronize_name(ev->flavor)); break;
    case RV_EV_SYNC_END: snprintf(b, n, "%s() on CPU %d returned after %.3f ms", rv_synchronize_name(ev->flavor), cpu, cnt / 1e6); break;
    case RV_EV_KTHREAD_WAKE: {
        static const char *const why[] = {"", "to start a GP", "for FQS", "on its timeout", "to clean up"};
        snprintf(b, n, "%s kthread woken on CPU %d %s", fl, cpu, (ev->arg >= 1 && ev->arg <= 4) ? why[ev->arg] : "");
        break;
    }
    /* more than one pass: rcu_do_batch() stopped at blimit and raised the softirq again, and
     * __do_softirq() ran it again, up to MAX_SOFTIRQ_RESTART passes in all (a flood drains blimit, 10,
     * a pass; past qhimark only one: 3.6/3.7's int bl, engine/callbacks.c) */
    case RV_EV_SOFTIRQ:
        if (cnt > 1) snprintf(b, n, "RCU_SOFTIRQ ran %lld passes on CPU %d %s", cnt, cpu, ev->arg ? "in ksoftirqd" : "at irq exit (charged to the interrupted task)");
        else snprintf(b, n, "RCU_SOFTIRQ ran on CPU %d %s", cpu, ev->arg ? "in ksoftirqd" : "at irq exit (charged to the interrupted task)");
        break;
    case RV_EV_KERNEL_LOOP: snprintf(b, n, "CPU %d loops in the kernel for %.0f ms", cpu, cnt / 1e6); break;
    case RV_EV_INJECT: snprintf(b, n, "injected %s%s", rv_inject_kind_name((enum rv_inject_kind)ev->arg), cpu >= 0 ? "" : ""); break;
    case RV_EV_CAPTION: /* id: its index in the engine's (sorted) captions */
        if (cfg && ev->id < cfg->ncaptions) {
            char w[256];
            caption_words(cfg->captions[ev->id].text, w, sizeof w);
            snprintf(b, n, "caption: \"%s\"", w);
        } else {
            snprintf(b, n, "caption %lld", cnt);
        }
        break;
    case RV_EV_VIOLATION:
        if (ev->arg == 1) snprintf(b, n, "SAFETY VIOLATION: %s GP %llu ended while reader %lld, older than it, was still running", fl,
                                   (unsigned long long)ev->gp, cnt);
        else snprintf(b, n, "SAFETY VIOLATION: a %s callback ran while reader %lld was still running", fl, cnt);
        break;
    case RV_EV_IDLE_DRAIN:
        snprintf(b, n, "CPU %d entering idle with callbacks: QS, force_quiescent_state(), softirq (RCU_FAST_NO_HZ, %lld tries left)", cpu, cnt);
        break;
    default: snprintf(b, n, "%s", rv_ev_name((enum rv_ev_type)ev->type)); break;
    }
}

void ui_view_free(ui_view *v)
{
    free(v->cpus);
    free(v->nodes);
    v->cpus = NULL;
    v->nodes = NULL;
}

/* Microseconds, or as many nanosecond digits as the time has: at HZ=128 a jiffy is 7812.5 us, and a
 * time read off the top bar and typed into `shot --at` must land on the moment shown, not 500 ns
 * before its event ("80.0078125 s", not "80.007812 s"). */
void ui_fmt_time_us(char *buf, size_t n, int64_t ns)
{
    snprintf(buf, n, "%lld.%06lld s", (long long)(ns / 1000000000LL), (long long)(ns % 1000000000LL / 1000));
}

void ui_fmt_time(char *buf, size_t n, int64_t ns)
{
    long long s = (long long)(ns / 1000000000LL), frac = (long long)(ns % 1000000000LL);
    if (frac % 1000 == 0) { ui_fmt_time_us(buf, n, ns); return; }
    int digits = 9;
    while (frac % 10 == 0) { frac /= 10; digits--; }
    snprintf(buf, n, "%lld.%0*lld s", s, digits, frac);
}

void ui_fmt_clock(char *buf, size_t n, const ui_view *v)
{
    ui_fmt_time(buf, n, v->moment >= 0 ? v->moment : v->now);
}

void ui_fmt_dur(char *buf, size_t n, double s)
{
    if (s < 0) s = 0;
    if (s >= 10) snprintf(buf, n, "%.1f s", s);
    else if (s >= 1) snprintf(buf, n, "%.2f s", s);
    else if (s >= 1e-3) snprintf(buf, n, "%.*f ms", s >= 0.1 ? 0 : s >= 0.01 ? 1 : 2, s * 1e3);
    else if (s >= 1e-6) snprintf(buf, n, "%.*f µs", s >= 1e-4 ? 0 : 1, s * 1e6);
    else if (s > 0) snprintf(buf, n, "%.0f ns", s * 1e9);
    else snprintf(buf, n, "0");
}

size_t ui_threads_top_order(const rv_report *rep, size_t *order)
{
    size_t k = 0;
    for (int alive = 1; alive >= 0; alive--) /* the report is sorted biggest first: keep that within each part */
        for (size_t i = 0; i < rep->nthreads; i++)
            if (rep->threads[i].alive == (alive == 1)) order[k++] = i;
    size_t nalive = 0;
    while (nalive < k && rep->threads[order[nalive]].alive) nalive++;
    return nalive;
}

void ui_fmt_count(char *buf, size_t n, long v)
{
    long a = v < 0 ? -v : v;
    if (a < 10000) snprintf(buf, n, "%ld", v);
    else if (a < 1000000) snprintf(buf, n, "%.1fk", v / 1e3);
    else if (a < 1000000000) snprintf(buf, n, "%.1fM", v / 1e6);
    else snprintf(buf, n, "%.1fG", v / 1e9);
}
