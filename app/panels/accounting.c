/* accounting.c — CPU time per thread like top, where RCU's work was charged, and costs per GP/update. */
#include "panels/panels.h"
#include "workbook/glossary.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* RCU's own kernel threads (GP kthreads, ksoftirqd/N, rcuc/N, rcuo): rcutorture's reader tasks are
 * named "rcu_torture_rea" but are a workload, not RCU's cost. */
static bool is_rcu_thread(const rv_thread_report *t)
{
    const char *n = t->name;
    return t->kernel_thread &&
           (!strncmp(n, "rcu_", 4) || !strncmp(n, "ksoftirqd", 9) || !strncmp(n, "rcuc", 4) || !strncmp(n, "rcuo", 4));
}

/* How many tasks a workload's task name stands for: the report sums a phase's task over every CPU of
 * the phase (one "hackbench" of 16 CPUs at 97 % read 1552.7 %, one "init" 141.6 %, where top shows one
 * line per task, none above 100 %): the most CPUs its phases cover at once (rv_cfg_task_cpus()); 0:
 * no phase names it. */
static int task_cpus(const ui_view *v, const rv_thread_report *t)
{
    if (t->kernel_thread || !v->cfg) return 0;
    return rv_cfg_task_cpus(v->cfg, t->name, v->ncpus);
}

/* The row keeps its % column with this name (bar_row() drops the column for a name that would
 * leave the bar shorter than 24 px). */
static bool bar_row_keeps_pct(ui_frame *fr, int row_w, const char *name, bool strong)
{
    rd_ctx *rd = fr->rd;
    int time_w = rd_text_width(rd, RD_MONO_SMALL, "000.0 ms "), pct_w = rd_text_width(rd, RD_MONO_SMALL, "100.0% ");
    int need = rd_text_width(rd, strong ? RD_BOLD : RD_SANS_SMALL, name) + rd_px(rd, 6);
    return need <= row_w - time_w - pct_w - rd_px(rd, 24);
}

/* The name column's share of a bar row (bar_row() may widen it for a long name, never narrow it). */
#define NAME_COL_PCT 46

/* The row draws this name whole, with its % column or without (bar_row() widens the name column up
 * to a 24-px bar, the % column given up first). */
static bool bar_row_name_whole(ui_frame *fr, int row_w, const char *name, bool strong)
{
    rd_ctx *rd = fr->rd;
    int need = rd_text_width(rd, strong ? RD_BOLD : RD_SANS_SMALL, name) + rd_px(rd, 6);
    return need <= row_w * NAME_COL_PCT / 100 || need <= row_w - rd_text_width(rd, RD_MONO_SMALL, "000.0 ms ") - rd_px(rd, 24);
}

/* A GP kthread's row, "rcu_sched  own 128 µs/GP" beside its name where the name column has the room: its
 * time in top divided by its flavor's grace periods, the article's own measure for rcu_sched (~30 µs
 * on its hackbench), which no picture showed; the flavor line's "cost per GP" also counts GP work
 * done outside the kthread (the wakers' wake_up(), the CPUs' own notes and reports), so a speaker set
 * the wrong figure beside the article's; "own" tells the two apart on a slide, which has no tooltip (a
 * speaker found "111 µs/GP" under "cost 191 µs per GP" and could not say which was the article's). */
static void gp_thread_per_gp(ui_frame *fr, rd_rect row, const rv_report *rep, const rv_thread_report *t, const char *nm)
{
    int f = rv_flavor_from_name(t->name);
    if (f < 0 || strcmp(nm, t->name) || !rep->flavors[f].enabled || rep->flavors[f].grace_periods == 0) return;
    rd_ctx *rd = fr->rd;
    char d[32], b[48];
    ui_fmt_dur(d, sizeof d, t->cpu_seconds / (double)rep->flavors[f].grace_periods);
    snprintf(b, sizeof b, "own %s/GP", d);
    int x = row.x + rd_text_width(rd, RD_BOLD, nm) + rd_px(rd, 8), w = rd_text_width(rd, RD_SANS_SMALL, b);
    if (x + w > row.x + row.w * NAME_COL_PCT / 100 - rd_px(rd, 4)) return; /* the bar's room is not the name's */
    int y = row.y + (row.h - rd_line_height(rd, RD_SANS_SMALL)) / 2;
    rd_text(rd, RD_SANS_SMALL, x, y, fr->th->text_dim, b);
    char tip[500];
    snprintf(tip, sizeof tip, "own %s/GP — the %s kthread's CPU time in top divided by %s's %llu grace periods%s. The flavor's "
             "\"cost per GP\" above counts the grace-period work done elsewhere too: the wakers' wake_up() of this kthread "
             "and the CPUs' own notes and quiescent-state reports in their softirqs.", d, t->name, t->name,
             (unsigned long long)rep->flavors[f].grace_periods,
             f == RV_SCHED ? ": the article's own measure (about 30 µs on its hackbench)" : "");
    ui_tip_add(fr, (rd_rect){x, row.y, w, row.h}, tip);
}

/* A row's bar from `from` seconds on the scale (0 for every row but the sleep/wake one, whose bar starts
 * where the work both designs do ends: "plus this much"). */
static void bar_row_from(ui_frame *fr, rd_rect row, const char *name, double from, double secs, double max, double elapsed,
                         rd_color col, bool hidden, bool strong)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    int name_w = row.w * NAME_COL_PCT / 100, time_w = rd_text_width(rd, RD_MONO_SMALL, "000.0 ms "), pct_w = rd_text_width(rd, RD_MONO_SMALL, "100.0% ");
    /* a narrow panel (beside the workbook at 1280x720) gives the name what the bar can spare, down to
     * a short bar, then drops the % column: "softirq at irq exi..." said nothing; the bar's length
     * and the time still compare the rows */
    int need = rd_text_width(rd, strong ? RD_BOLD : RD_SANS_SMALL, name) + rd_px(rd, 6), min_bar = rd_px(rd, 24);
    if (need > name_w) {
        if (!bar_row_keeps_pct(fr, row.w, name, strong)) pct_w = 0;
        name_w = need < row.w - time_w - pct_w - min_bar ? need : row.w - time_w - pct_w - min_bar;
        if (name_w < row.w * NAME_COL_PCT / 100) name_w = row.w * NAME_COL_PCT / 100;
    }
    rd_rect bar = {row.x + name_w, row.y + 2, row.w - name_w - time_w - pct_w, row.h - 4};
    if (bar.w > 0 && max > 0) {
        int x0 = from <= 0 ? 0 : from >= max ? bar.w : (int)(bar.w * (from / max));
        int w = from + secs >= max ? bar.w - x0 : (int)(bar.w * ((from + secs) / max)) - x0;
        if (secs > 0 && w < 2) w = 2;
        rd_rect b = {bar.x + x0, bar.y, w, bar.h};
        rd_fill(rd, b, rd_alpha(col, hidden ? 120 : 255));
        /* stripes say "not visible to top": time stolen from whatever task was interrupted */
        if (hidden) rd_hatch(rd, b, th->text, rd_px(rd, 5));
        /* past the scale (an exited thread's time beside the live ones'): a break in the bar says it is
         * cut, where a full bar drew 4.13 s the length of ksoftirqd/1's 600 ns */
        if (from + secs > max * 1.0001 && b.w > rd_px(rd, 16)) {
            int bx = b.x + b.w - rd_px(rd, 12), gw = rd_px(rd, 4);
            rd_fill(rd, (rd_rect){bx, b.y, gw, b.h}, th->panel);
            rd_line(rd, bx - 1, b.y + b.h - 1, bx + 1, b.y, th->text);
            rd_line(rd, bx + gw - 1, b.y + b.h - 1, bx + gw + 1, b.y, th->text);
        }
    }
    panel_text_fit(fr, strong ? RD_BOLD : RD_SANS_SMALL, row.x, row.y, name_w - rd_px(rd, 4), th->text, name);
    char t[32], p[32];
    if (secs >= 1000) snprintf(t, sizeof t, "%.0f s", secs); /* "97930 s": a tenth would not fit the column */
    else ui_fmt_dur(t, sizeof t, secs);
    /* a share that rounds to 0.0 but is not nothing reads "<0.1%": omap-stall's 1.21 ms of RCU work in 80 s
     * showed "0.0%" on every RCU row, which a class read as "RCU costs nothing" (a lecturer) */
    double share = elapsed > 0 ? 100.0 * secs / elapsed : 0.0;
    if (share > 0 && share < 0.05) snprintf(p, sizeof p, "<0.1%%");
    else snprintf(p, sizeof p, "%.1f%%", share);
    panel_text_in(fr, RD_MONO_SMALL, (rd_rect){row.x + row.w - time_w - pct_w, row.y, time_w - rd_px(rd, 4), row.h}, RD_RIGHT, th->text, t);
    if (pct_w > 0) panel_text_in(fr, RD_MONO_SMALL, (rd_rect){row.x + row.w - pct_w, row.y, pct_w, row.h}, RD_RIGHT, th->text_dim, p);
}

static void bar_row(ui_frame *fr, rd_rect row, const char *name, double secs, double max, double elapsed,
                    rd_color col, bool hidden, bool strong)
{
    bar_row_from(fr, row, name, 0, secs, max, elapsed, col, hidden, strong);
}

/* The panel's rows, planned before any is drawn: which show is decided by priority (below), then the
 * chosen ones are drawn top to bottom in their order. A row that does not show is counted, and the
 * last visible line then says how many are left out (a visible cue). */
enum acct_kind { AK_HEAD, AK_SPLIT, AK_WORK, AK_LAT, AK_FLAVOR, AK_THEAD, AK_EXITED, AK_THREAD };
/* Sections, with a small gap before each that shows below another: the RCU-work block (heading, rows,
 * the latency line), one per flavor, the top list. */
enum { SEC_WORK = 0, SEC_FLAVOR = 1, SEC_TOP = SEC_FLAVOR + RV_NFLAVORS, ACCT_NSEC };
/* What a short panel shows first, in this order:
 *  - the RCU-work heading;
 *  - the lines the caption on screen cites (acct_cites below): a caption that says "see the longest
 *    irqs-off stretch in the CPU time panel" or quotes the cost per GP must find it there. At
 *    1280x720 big-machine compared said "a few microseconds in the CPU time panel" over a 3.7 half
 *    whose latency line had given way to the top list; hackbench's lecture cue 3 quoted "135 against
 *    186 µs per GP" over two panels that showed no per-GP line at all;
 *  - the major rows of RCU work by where it was charged, in order: GP kthreads, ksoftirqd/N and
 *    softirq at irq exit (the article's point: the softirq row top never shows, the kthread it does),
 *    and whichever row holds the most time on either side (3.6's tasks row under hackbench, where
 *    its FAST_NO_HZ drains book the grace-period work);
 *  - the top list's heading and its rows down to its first RCU thread (among the first TOP_KEEP):
 *    what a caption's "top lists rcu_sched under its own name" points at (hackbench compared at
 *    1280x720 showed the RCU-work rows, then "▼ 27 more rows": 3.7's rcu_sched and 3.6's busiest
 *    ksoftirqd are second in top there, after hackbench). With no RCU thread among them the list still
 *    keeps its first two rows: compared, 3.7's side kept its list (rcu_sched second) and 3.6's showed its
 *    per-flavor costs instead, two panels that no longer compared like with like, and the list whose
 *    point under 3.6 is that no rcu_sched is in it was gone;
 *  - the minor RCU-work rows (tasks, rcuc, tick when none of them is the biggest): a few microseconds
 *    each tell less than which thread top lists. A clean compare clip of omap-stall's stall at
 *    1280x720 and 150 % (no caption strip to borrow room from, the cue bar below) showed its
 *    RCU-work rows, 19 µs of tasks and 90 µs of tick among them, then "▼ 12 more rows": rcu_sched in
 *    top, the point of a talk on 3.7's kthreads, never showed, and a video cannot scroll;
 *  - the rest in order (the latency line, the per-flavor lines, the rest of the list): the per-flavor
 *    lines are detail (GP counts, costs, lengths) the caption did not ask for.
 * Within a class other than the cited lines, once one row is left out so is every later one, so
 * nothing shows out of order. Scrolled, every row goes in order from the first not scrolled past. */
enum { TOP_KEEP = 3, TOP_KEEP_PLAIN = 2 };
enum { P_HEAD, P_CITED, P_WORK, P_KEEP, P_WORK_MINOR, P_REST, ACCT_NPRIO };
enum { NWORK_MAJOR = 3 }; /* GP kthreads, ksoftirqd/N, softirq at irq exit */
enum { NWORK = 6 }; /* the RCU-work rows: GP kthreads, ksoftirqd, softirq at irq exit, tasks, rcuc, tick */
/* lead: a heading, shown only with the row after it (big-machine compared showed "Threads (top)" over
 * no thread at all once the cited lines took the room of its rows) */
/* elide: a workload's row above the top list's first RCU thread, which that thread's row goes before
 * when both cannot show (the heading then names what it left out) */
typedef struct acct_row { unsigned char kind, sec, prio; bool shown, lead, elide; int idx, h; } acct_row;

/* Which of the panel's lines a caption cites, by the words the panel itself shows them with. */
typedef struct acct_cites { bool work[NWORK], split, lat, cost[RV_NFLAVORS], len[RV_NFLAVORS], top; } acct_cites;

static bool has_any(const char *s, const char *const *words)
{
    for (; *words; words++) if (strstr(s, *words)) return true;
    return false;
}

/* "top" as a word ("in top", "top lists it"), not inside "stop" or "topology" */
static bool has_word_top(const char *s)
{
    for (const char *p = s; (p = strstr(p, "top")); p += 3) {
        bool before = p == s || !(isalnum((unsigned char)p[-1]) || p[-1] == '_' || p[-1] == '-');
        bool after = !(isalnum((unsigned char)p[3]) || p[3] == '_' || p[3] == '-');
        if (before && after) return true;
    }
    return false;
}

/* A caption cites a line when it uses the panel's own words for it: a row's name ("GP kthreads", "the
 * tasks row"), "irqs-off" / "non-preemptible" for the latency line, "per GP" / "per grace period" /
 * "per update" for a flavor's cost line, "p50" / "p99" / "median" for how long its grace periods last,
 * "top" (the word) for the top list. A cost or length belongs to the flavors the caption names, else to
 * the flavor shown. An author who writes a new caption in these words gets its figure kept on screen. */
static void acct_cites_add(acct_cites *c, const char *s, int flavor_shown)
{
    if (!s) return;
    static const char *const work[NWORK][5] = {
        {"GP kthreads", NULL},
        {"ksoftirqd/N", "ksoftirqd row", NULL},
        {"softirq at irq exit", "softirq row", "softirq and tasks rows", NULL},
        {"tasks row", NULL},
        {"rcuc/N", "rcuc row", NULL},
        {"tick row", "scheduling-clock tick row", NULL},
    };
    for (int i = 0; i < NWORK; i++) c->work[i] |= has_any(s, work[i]);
    static const char *const lat[] = {"irqs-off", "non-preemptible", NULL};
    static const char *const cost[] = {"per GP", "per grace period", "per-grace-period", "per update", "cost per", NULL};
    static const char *const len[] = {"p50", "p99", "median", NULL};
    static const char *const split[] = {"in all", "sleep/wake", "both designs", NULL};
    c->lat |= has_any(s, lat);
    c->split |= has_any(s, split);
    c->top |= has_word_top(s);
    bool co = has_any(s, cost), le = has_any(s, len);
    if (!co && !le) return;
    /* the flavors the caption names ("rcu_sched kthread"), else the one shown */
    bool named = false;
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (strstr(s, rv_flavor_name(f))) {
            named = true;
            c->cost[f] |= co;
            c->len[f] |= le;
        }
    if (!named && flavor_shown >= 0 && flavor_shown < RV_NFLAVORS) {
        c->cost[flavor_shown] |= co;
        c->len[flavor_shown] |= le;
    }
}

/* What the captions on screen cite. Compared, both halves plan from the same set, so they keep the same
 * sections: this side's caption and what each mode's side shows now, the lecture cue in force where it
 * speaks (a single-view cue speaks on its file's side only), else that mode's timed caption (hackbench
 * at 1 s: 3.7's says "per grace period", 3.6's does not). A triggered caption only its own side knows. */
static void acct_cites_now(acct_cites *c, const ui_view *v, const ui_state *st)
{
    memset(c, 0, sizeof *c);
    if (v->caption == v->caption_paused) return; /* the narration is paused: it cites nothing on screen */
    acct_cites_add(c, v->caption, v->flavor);
    if (!st->compare || !v->cfg) return;
    const rv_cue *cue = ui_cue_in_force(v->cfg, st->cue, v->now, v->end, NULL) && v->cfg->cues[st->cue].caption[0]
                      ? &v->cfg->cues[st->cue] : NULL;
    for (int m = 0; m < 2; m++) {
        enum rv_mode mode = m ? RV_MODE_KTHREAD : RV_MODE_SOFTIRQ;
        if (cue && (cue->compare == 1 || (int)mode == st->file_mode)) {
            acct_cites_add(c, cue->caption, v->flavor);
            continue;
        }
        rv_config other = *v->cfg;
        other.rcu.mode = mode;
        acct_cites_add(c, ui_caption_timed(&other, v->now), v->flavor);
    }
}

/* The gap above section s when something shows above it: after the RCU-work block and between the
 * flavors' blocks, and above the top list (a little more after a flavor's block). */
static int acct_gap(rd_ctx *rd, int s, const int *shown_in, int upto)
{
    if (s == SEC_WORK) return 0;
    bool flavor_above = false, any_above = false;
    for (int k = 0; k < upto; k++) {
        if (!shown_in[k]) continue;
        any_above = true;
        if (k >= SEC_FLAVOR && k < SEC_TOP) flavor_above = true;
    }
    if (!any_above) return 0;
    if (s < SEC_TOP) return rd_px(rd, flavor_above ? 2 : 4);
    return rd_px(rd, flavor_above ? 6 : 4);
}

/* The height the shown rows take with their sections' gaps. */
static int acct_height(rd_ctx *rd, const int *shown_in, const int *h_in)
{
    int h = 0;
    for (int s = 0; s < ACCT_NSEC; s++)
        if (shown_in[s]) h += h_in[s] + acct_gap(rd, s, shown_in, s);
    return h;
}

/* Choose the rows that show in `room` px: by class, then in order (see the classes above). */
static void acct_choose(rd_ctx *rd, acct_row *rows, size_t n, int room, int skip)
{
    int shown_in[ACCT_NSEC] = {0}, h_in[ACCT_NSEC] = {0};
    if (skip > 0) { /* scrolled: in order, from the first row not scrolled past */
        for (size_t i = (size_t)skip; i < n; i++) {
            shown_in[rows[i].sec]++, h_in[rows[i].sec] += rows[i].h;
            if (acct_height(rd, shown_in, h_in) > room) return;
            rows[i].shown = true;
        }
        return;
    }
    for (int p = 0; p < ACCT_NPRIO; p++) {
        /* a class's rows in order, but the top list's workload rows above its first RCU thread after
         * that thread's (sweep 1): at 120 % in a 1280x720 window hackbench's cue 3 showed "hackbench"
         * and "▼ 24 more rows", and rcu_sched, the thread the article finds in top, was the one cut */
        for (int sweep = 0; sweep < 2; sweep++)
        for (size_t i = 0; i < n; i++) {
            acct_row *r = &rows[i];
            if (r->prio != p || r->shown || (!r->lead && r->elide != (sweep == 1))) continue;
            /* a heading comes with a row of its own below it (not one left for the second sweep), or not at all */
            acct_row *next = NULL;
            for (size_t j = i + 1; r->lead && j < n && rows[j].sec == r->sec && !next; j++)
                if (!rows[j].shown && (sweep == 1 || !rows[j].elide) && rows[j].kind == AK_THREAD) next = &rows[j];
                else if (rows[j].kind != AK_THREAD || !rows[j].elide) break;
            if (r->lead && !next) continue;
            int h = r->h + (next ? next->h : 0);
            shown_in[r->sec] += next ? 2 : 1, h_in[r->sec] += h;
            if (acct_height(rd, shown_in, h_in) <= room) {
                r->shown = true;
                if (next) next->shown = true;
                continue;
            }
            shown_in[r->sec] -= next ? 2 : 1, h_in[r->sec] -= h;
            if (p != P_CITED && !r->elide) break; /* the rest of this class would show out of order */
        }
    }
}

/* The RCU-work rows' seconds, in the panel's row order (GP kthreads, ksoftirqd, softirq at irq exit,
 * tasks, rcuc, tick): for this half and, compared, for the other's plan. */
static void acct_work_s(const rv_report *rep, double out[NWORK])
{
    out[0] = rep->rcu_gp_kthreads_s; out[1] = rep->ksoftirqd_s; out[2] = rep->softirq_inline_s;
    out[3] = rep->caller_s; out[4] = rep->rcuc_s; out[5] = rep->tick_s;
}

/* One side's plan: its rows in order with their classes (see the classes above), then which show in
 * `room` px, scrolled past `skip` rows. work_s: the RCU-work rows' seconds, in src order. */
typedef struct acct_plan {
    acct_row small[96], *rows;
    size_t order_small[64], *order, n, nalive, nshown;
} acct_plan;

static void acct_plan_free(acct_plan *p)
{
    if (p->rows && p->rows != p->small) free(p->rows);
    if (p->order && p->order != p->order_small) free(p->order);
    p->rows = NULL; p->order = NULL;
}

/* peer_work_s: compared, the other side's RCU-work seconds (NULL alone), so that both sides call the
 * same row the biggest and keep the same rows. */
/* split: the two in-all rows (the work both designs do, and 3.7's kthread sleep/wake on top of it), on
 * both halves when either side's kthreads slept and woke. */
static bool acct_plan_make(acct_plan *p, rd_ctx *rd, const rv_report *rep, const double *work_s, const double *peer_work_s,
                           const bool *boost_only, const acct_cites *cites, bool split, int room, int skip, bool essentials)
{
    int lh = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 2), bh = rd_line_height(rd, RD_BOLD);
    p->n = 0;
    p->order = rep->nthreads <= 64 ? p->order_small : malloc(rep->nthreads * sizeof *p->order);
    p->nalive = p->order ? ui_threads_top_order(rep, p->order) : 0;
    p->nshown = p->order ? rep->nthreads : 0;
    size_t cap = 4 + NWORK + 3 * RV_NFLAVORS + 2 + p->nshown;
    p->rows = cap <= 96 ? p->small : malloc(cap * sizeof *p->rows);
    if (!p->rows || !p->order) { acct_plan_free(p); return false; }
    acct_row *rows = p->rows;
    size_t n = 0;
#define ADD(kind_, sec_, prio_, idx_, h_) \
    (rows[n++] = (acct_row){(kind_), (sec_), (prio_), false, (kind_) == AK_THEAD || (kind_) == AK_EXITED, false, (idx_), (h_)})
    ADD(AK_HEAD, SEC_WORK, P_HEAD, 0, bh);
    /* 3.7's kthreads move the grace-period work and add their own sleep/wake on top: the in-all line
     * split in two rows, first under the heading. A lecturer saw each heading's "309 µs in all" against
     * 3.6's 120 µs, beside a caption saying the work only moved. Kept first where a caption speaks of
     * them ("sleep/wake", "in all"), else first among the minor rows: the top list's first RCU thread
     * goes before them (a talk's clip of omap-stall's stall lost 3.7's rcu_sched to them) */
    if (split)
        for (int k = 0; k < 2; k++) ADD(AK_SPLIT, SEC_WORK, cites->split ? P_CITED : P_WORK_MINOR, k, lh);
    /* the biggest row on either side is major wherever it stands */
    int big[2] = {0, 0};
    for (int i = 1; i < NWORK; i++) {
        if (work_s[i] > work_s[big[0]]) big[0] = i;
        if (peer_work_s && peer_work_s[i] > peer_work_s[big[1]]) big[1] = i;
    }
    for (int i = 0; i < NWORK; i++) {
        if (work_s[i] <= 0 && boost_only[i]) continue; /* rcuc only exists with RCU_BOOST */
        bool major = i < NWORK_MAJOR || i == big[0] || (peer_work_s && i == big[1]);
        ADD(AK_WORK, SEC_WORK, cites->work[i] ? P_CITED : major ? P_WORK : P_WORK_MINOR, i, lh);
    }
    ADD(AK_LAT, SEC_WORK, cites->lat ? P_CITED : P_REST, 0, lh);
    for (int f = 0; f < RV_NFLAVORS; f++) {
        if (!rep->flavors[f].enabled) continue;
        /* the bold first line gets the bold font's height: in a small line's row the '_' of
         * "rcu_sched" reached into the cost line below */
        ADD(AK_FLAVOR, SEC_FLAVOR + f, P_REST, f * 3, bh > lh ? bh : lh);
        ADD(AK_FLAVOR, SEC_FLAVOR + f, cites->cost[f] ? P_CITED : P_REST, f * 3 + 1, lh);
        ADD(AK_FLAVOR, SEC_FLAVOR + f, cites->len[f] ? P_CITED : P_REST, f * 3 + 2, lh);
    }
    /* the top list keeps its rows down to its first RCU thread, else its first two */
    size_t kept = p->nalive < TOP_KEEP_PLAIN ? p->nalive : TOP_KEEP_PLAIN;
    bool kept_rcu = false;
    for (size_t k = 0; k < p->nalive && k < TOP_KEEP; k++)
        if (is_rcu_thread(&rep->threads[p->order[k]])) { kept = k + 1; kept_rcu = true; break; }
    int ptop = cites->top ? P_CITED : P_KEEP;
    ADD(AK_THEAD, SEC_TOP, kept ? ptop : P_REST, 0, bh);
    for (size_t k = 0; k < p->nshown && (!essentials || k < kept); k++) {
        if (k == p->nalive) ADD(AK_EXITED, SEC_TOP, P_REST, 0, lh);
        bool rcu = is_rcu_thread(&rep->threads[p->order[k]]);
        /* an RCU thread's name is bold: its row is the bold font's height */
        ADD(AK_THREAD, SEC_TOP, k < kept ? ptop : P_REST, (int)k, rcu && bh > lh ? bh : lh);
        rows[n - 1].elide = k + 1 < kept && kept_rcu; /* above the first RCU thread */
    }
#undef ADD
    p->n = n;
    acct_choose(rd, rows, n, room, skip);
    return true;
}

/* Compared, both halves show the same lines apart from the top list's own rows: a line (the latency
 * line, a flavor's cost or length line, a heading) that only this side had room for gives way, so that
 * the two panels compare like with like. Each half plans the other as well (same room, same rules), so
 * both keep exactly the lines both could show. 3.6's top list, with no rcu_sched in it, is a row
 * shorter than 3.7's: the room it left decided whether 3.6's half showed its latency line, and which
 * lines a caption's length let through. */
static void acct_plan_match(acct_plan *self, const acct_plan *peer)
{
    for (size_t i = 0; i < self->n; i++) {
        acct_row *r = &self->rows[i];
        if (!r->shown || r->kind == AK_THREAD) continue;
        bool there = false;
        for (size_t j = 0; j < peer->n && !there; j++) {
            const acct_row *q = &peer->rows[j];
            there = q->shown && q->kind == r->kind && q->sec == r->sec && q->idx == r->idx;
        }
        if (!there) r->shown = false;
    }
    /* the top list's rows go with its heading (or the "exited" heading for the exited ones) */
    bool head = false;
    for (size_t i = 0; i < self->n; i++) {
        acct_row *r = &self->rows[i];
        if (r->kind == AK_THEAD || r->kind == AK_EXITED) head = r->shown;
        else if (r->kind == AK_THREAD && !head) r->shown = false;
    }
}

/* The open grace period's age for flavor f (0 when none is open). */
static double open_gp_age(const ui_view *v, int f)
{
    const ui_history *h = v->hist;
    if (!h || !h->gps[f].n) return 0;
    /* the bar open at now, not the history's last: once the look-ahead has run, that one lies in the
     * future and "oldest open" vanished from the same moment */
    size_t i = ui_history_gp_from(h, f, v->now + 1);
    if (i >= h->gps[f].n) return 0;
    const ui_gp_bar *g = &h->gps[f].v[i];
    return g->start <= v->now ? (v->now - g->start) / 1e9 : 0;
}

/* A flavor's three lines for a panel `room` px wide: its grace periods and updates (a), what a grace
 * period and an update cost (b), how long grace periods last (b2). A narrow panel (compare at
 * 1280x720, a slide with no hover to read a cut line) gets the same figures with the least needed
 * last dropped, before anything is cut with "…". Returns how many parts were left out. */
static int flavor_lines(rd_ctx *rd, const rv_flavor_report *fl, int f, double open, int room, char *a, char *b, char *b2)
{
    char u[32], g50[32], g99[32], pg[32], age[32], pu[32];
    int dropped = 0;
    /* an update's cost in ns, as the article gives it ("about 300 ns"), up to 10 µs; above, in the
     * unit that reads (big-machine's "133441 ns per update" is 133 µs) */
    if (fl->overhead_per_update_ns < 10000) snprintf(pu, sizeof pu, "%.0f ns", fl->overhead_per_update_ns);
    else ui_fmt_dur(pu, sizeof pu, fl->overhead_per_update_ns / 1e9);
    ui_fmt_count(u, sizeof u, (long)fl->updates);
    snprintf(a, 256, "%s  %llu GP%s · %s updates (%.1f per GP)", rv_flavor_name(f), (unsigned long long)fl->grace_periods,
             fl->grace_periods == 1 ? "" : "s", u, fl->updates_per_gp);
    ui_fmt_dur(pg, sizeof pg, fl->overhead_per_gp_us / 1e6);
    ui_fmt_dur(g50, sizeof g50, fl->gp_ms_p50 / 1e3);
    ui_fmt_dur(g99, sizeof g99, fl->gp_ms_p99 / 1e3);
    ui_fmt_dur(age, sizeof age, open);
    /* no GP yet: "cost 0 per GP, 0 ns per update" read as free grace periods */
    if (!fl->grace_periods) snprintf(b, 256, "no grace period has ended yet");
    else if (fl->kthread_sched_us > 0) {
        /* 3.7: how much of a GP's cost is the kthread's own scheduling (wake_up(), its switches, its
         * timer), which 3.6 never pays; the rest is the GP work 3.6 does too, under no RCU name in top. A
         * student read "186 against 135 µs per GP" as 3.7 adding grace-period work */
        char ks[32];
        ui_fmt_dur(ks, sizeof ks, fl->kthread_sched_us / (double)fl->grace_periods / 1e6);
        /* how many sleep/wake cycles that is: hackbench's captions cite "about 22 per GP", which no panel showed */
        double cycles = (double)fl->kthread_wakeups / (double)fl->grace_periods;
        snprintf(b, 256, "cost %s per GP (%s of it kthread sleep/wake, %.*f per GP), %s per update", pg, ks,
                 cycles < 10 ? 1 : 0, cycles, pu);
        if (rd_text_width(rd, RD_SANS_SMALL, b) > room)
            snprintf(b, 256, "cost %s per GP (%s of it kthread sleep/wake), %s per update", pg, ks, pu);
        if (rd_text_width(rd, RD_SANS_SMALL, b) > room)
            snprintf(b, 256, "%s per GP (%s kthread sleep/wake), %s/update", pg, ks, pu);
        if (rd_text_width(rd, RD_SANS_SMALL, b) > room)
            snprintf(b, 256, "%s per GP (%s sleep/wake), %s/upd", pg, ks, pu);
        if (rd_text_width(rd, RD_SANS_SMALL, b) > room) {
            snprintf(b, 256, "%s per GP, %s/update", pg, pu);
            dropped++; /* the kthread's share */
        }
    } else {
        snprintf(b, 256, "cost %s per GP, %s per update", pg, pu);
        if (rd_text_width(rd, RD_SANS_SMALL, b) > room) /* was cut at "2205 ns per upd…" */
            snprintf(b, 256, "%s per GP, %s/update", pg, pu);
    }
    if (!fl->grace_periods) snprintf(a, 256, "%s  0 GPs · %s update%s", rv_flavor_name(f), u, fl->updates == 1 ? "" : "s");
    if (rd_text_width(rd, RD_BOLD, a) > room) {
        snprintf(a, 256, "%s  %llu GP%s · %s updates", rv_flavor_name(f), (unsigned long long)fl->grace_periods,
                 fl->grace_periods == 1 ? "" : "s", u);
        dropped++; /* "(N per GP)" */
    }
    /* beside the workbook column (1280x720) it was cut to "rcu_sched  426 GPs · 55.2k u…": the count of
     * updates goes, the line below still gives the cost per update */
    if (fl->grace_periods && rd_text_width(rd, RD_BOLD, a) > room) {
        snprintf(a, 256, "%s  %llu GP%s", rv_flavor_name(f), (unsigned long long)fl->grace_periods, fl->grace_periods == 1 ? "" : "s");
        dropped++;
    }
    char pre[64] = "", pre_short[64] = "", fqs[48], idle[48];
    if (open > 0) {
        snprintf(pre, sizeof pre, "oldest open: %s · ", age);
        snprintf(pre_short, sizeof pre_short, "oldest open %s · ", age);
    }
    snprintf(fqs, sizeof fqs, " · %llu FQS passes", (unsigned long long)fl->fqs_scans);
    snprintf(idle, sizeof idle, " · %llu idle probes", (unsigned long long)fl->idle_probes);
    const char *stall = fl->stall_warnings ? " · STALL WARNINGS" : "";
    /* no GP has ended: no length to give ("GP lasts 0 (p50), 0 (p99)" read as instant grace periods) */
    char lasts[96], lasts_short[96], lasts_tiny[96], pre_tiny[64] = "";
    if (fl->grace_periods) {
        snprintf(lasts, sizeof lasts, "GP lasts %s (p50), %s (p99)", g50, g99);
        snprintf(lasts_short, sizeof lasts_short, "GP %s p50, %s p99", g50, g99);
        snprintf(lasts_tiny, sizeof lasts_tiny, "p50 %s, p99 %s", g50, g99);
    } else {
        snprintf(lasts, sizeof lasts, "no GP length yet");
        snprintf(lasts_short, sizeof lasts_short, "no GP yet");
        snprintf(lasts_tiny, sizeof lasts_tiny, "no GP yet");
    }
    if (open > 0) snprintf(pre_tiny, sizeof pre_tiny, "open %s · ", age);
    int form;
    for (form = 0; form < 6; form++) { /* longest first; the last one is drawn whatever its width */
        if (form < 3)
            snprintf(b2, 320, "%s%s%s%s%s", pre, lasts, form < 2 ? fqs : "", form < 1 ? idle : "", stall);
        else if (form == 3) /* the figures alone: a stall shows in the line's colour */
            snprintf(b2, 320, "%s%s", pre_short, lasts_short);
        else /* presenting beside the workbook column at 1280x688 that read "oldest open 744 µs · GP 623 µs
              * p50, 1…": fewer words, the three figures kept (the flavor's line above says GPs) */
            snprintf(b2, 320, "%s%s", pre_tiny, form == 4 ? lasts_short : lasts_tiny);
        if (rd_text_width(rd, RD_SANS_SMALL, b2) <= room) break;
    }
    /* each shorter form leaves one more part out: idle probes, FQS passes, the words of a stall, then
     * "oldest", then "GP" */
    return dropped + (form < 6 ? form : 5);
}

/* The panel's plan at content height room, for the shortfall and the spare below. */
static bool acct_plan_at(acct_plan *plan, rd_ctx *rd, const ui_view *v, const ui_state *st, int room)
{
    const rv_report *rep = v->report;
    double work_s[NWORK];
    acct_work_s(rep, work_s);
    /* rcuc's row only exists with RCU_BOOST (as drawn) */
    bool boost_only[NWORK] = {false, false, false, false, true, false};
    acct_cites cites;
    acct_cites_now(&cites, v, st);
    /* compared, 3.6's half has the in-all rows too (3.7's kthreads sleep and wake) */
    bool split = panel_sleep_wake_s(rep) > 0 || (st->compare && v->mode == RV_MODE_SOFTIRQ);
    return acct_plan_make(plan, rd, rep, work_s, NULL, boost_only, &cites, split, room, 0, false);
}

int panel_accounting_shortfall(rd_ctx *rd, rd_rect r, const ui_view *v, const ui_state *st)
{
    if (!v->report || r.h <= 0 || st->acct_scroll > 0) return 0;
    rd_rect c = panel_content(rd, r);
    int lh = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 2);
    for (int more = 0; more <= rd_px(rd, 400); more += lh) {
        acct_plan plan;
        if (!acct_plan_at(&plan, rd, v, st, c.h - lh + more)) return 0;
        bool all = true; /* every RCU-work row too, the minor ones the top list's first rows go before */
        for (size_t i = 0; i < plan.n && all; i++) all = plan.rows[i].shown || plan.rows[i].prio >= P_REST;
        acct_plan_free(&plan);
        if (all) return more;
    }
    return 0; /* more than any layout could give */
}

/* The plan as panel_accounting_draw() makes it at content height room: compared (peer), matched row
 * for row with the other half's. */
static bool acct_plan_drawn(acct_plan *plan, rd_ctx *rd, const ui_view *v, const ui_view *peer, const ui_state *st, int room)
{
    const rv_report *rep = v->report;
    bool boost_only[NWORK] = {false, false, false, false, true, false};
    double work_s[NWORK], pwork[NWORK];
    acct_work_s(rep, work_s);
    acct_cites cites;
    acct_cites_now(&cites, v, st);
    bool paired = peer && peer->report;
    if (paired) acct_work_s(peer->report, pwork);
    bool split = panel_sleep_wake_s(rep) > 0 || (paired && panel_sleep_wake_s(peer->report) > 0);
    if (!acct_plan_make(plan, rd, rep, work_s, paired ? pwork : NULL, boost_only, &cites, split, room, 0, st->top_essentials)) return false;
    if (paired) {
        acct_cites pc;
        acct_cites_now(&pc, peer, st);
        acct_plan other;
        if (acct_plan_make(&other, rd, peer->report, pwork, work_s, boost_only, &pc, split, room, 0, st->top_essentials)) {
            acct_plan_match(plan, &other);
            acct_plan_free(&other);
        }
    }
    return true;
}

int panel_accounting_spare(rd_ctx *rd, rd_rect r, const ui_view *v, const ui_view *peer, const ui_state *st, bool top_too)
{
    if (!v->report || r.h <= 0 || st->acct_scroll > 0) return 0;
    rd_rect c = panel_content(rd, r);
    int lh = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 2), step = rd_px(rd, 4), spare = 0;
    acct_plan now;
    if (!acct_plan_drawn(&now, rd, v, peer, st, c.h - lh)) return 0;
    /* the rows shown now that must stay: those ahead of the top list, and the top list's kept rows
     * too when asked; less room a few pixels at a time until one of them would go */
    for (int less = step; less < c.h - lh; less += step) {
        acct_plan p;
        if (!acct_plan_drawn(&p, rd, v, peer, st, c.h - lh - less)) break;
        bool kept = p.n == now.n;
        for (size_t i = 0; i < p.n && kept; i++) {
            int pr = now.rows[i].prio;
            bool counts = now.rows[i].sec == SEC_TOP ? top_too && pr < P_REST : pr < P_KEEP;
            if (counts && now.rows[i].shown) kept = p.rows[i].shown;
        }
        acct_plan_free(&p);
        if (!kept) break;
        spare = less;
    }
    acct_plan_free(&now);
    return spare;
}

/* The words beside "Threads (top)" (row `head`), longest form first; returns how many forms. The rows
 * its first RCU thread's went before, when they are left out, by rank and name ("#1 hackbench ×16,
 * 31.1 s"): a list that began at "#2 rcu_sched" would hide what top has first. Else, with a group row
 * shown, what "×16" means, where a slide has no hover tip for it. */
static int thead_note(ui_frame *fr, const ui_view *v, const rv_report *rep, const size_t *order, const acct_row *rows, size_t n,
                      size_t head, char note[3][200])
{
    char names[160] = "", first[96] = "";
    int left = 0;
    for (size_t k = head + 1; k < n && rows[k].sec == rows[head].sec && rows[k].kind == AK_THREAD; k++) {
        if (!rows[k].elide || rows[k].shown) continue;
        const rv_thread_report *t = &rep->threads[order[rows[k].idx]];
        int g = task_cpus(v, t);
        char one[96], tm[32];
        ui_fmt_dur(tm, sizeof tm, t->cpu_seconds);
        if (g > 1) snprintf(one, sizeof one, "#%d %s \u00D7%d, %s", rows[k].idx + 1, t->name, g, tm);
        else snprintf(one, sizeof one, "#%d %s, %s", rows[k].idx + 1, t->name, tm);
        if (!left) snprintf(first, sizeof first, "%s", one);
        size_t len = strlen(names);
        snprintf(names + len, sizeof names - len, "%s%s", left ? "; " : "", one);
        left++;
    }
    if (left) {
        snprintf(note[0], 200, " \u00B7 %s", names);
        snprintf(note[1], 200, left > 1 ? " \u00B7 %s; ..." : " \u00B7 %s", first);
        snprintf(note[2], 200, " \u00B7 %d row%s above", left, left == 1 ? "" : "s");
        return 3;
    }
    for (size_t k = head + 1; k < n && rows[k].sec == rows[head].sec; k++) {
        if (!rows[k].shown || rows[k].kind != AK_THREAD) continue;
        const rv_thread_report *t = &rep->threads[order[rows[k].idx]];
        int g = task_cpus(v, t);
        if (g < 2) continue;
        snprintf(note[0], 200, " \u00B7 %s \u00D7%d: its %d tasks, one per CPU, summed", t->name, g, g);
        snprintf(note[1], 200, " \u00B7 \u00D7%d: %d tasks summed", g, g);
        return 2;
    }
    return 0;
}

/* The bottom line's cue for the rows the plan leaves out (from row `skip`, the first not scrolled
 * past), longest form first; returns how many forms. The top list's rows and the panel's other lines
 * are counted apart: one count for both said "▼ 19 more rows" under a list that had 15 more, the
 * hidden per-flavor lines counted as threads, and nothing said the rcu_bh block was gone. The first
 * form names the hidden lines ("rcu_bh lines, irqs-off line"), the next gives their number. Every
 * form starts with the same number (the top list's, else the lines'), which the text census reads. */
static int acct_cue(const acct_row *rows, size_t n, size_t skip, char forms[4][256])
{
    static const char *const split_name[2] = {"in-all row", "sleep/wake row"};
    static const char *const work_name[NWORK] = {"GP kthreads row", "ksoftirqd/N row", "softirq row", "tasks row", "rcuc row", "tick row"};
    static const char *const flavor_part[3] = {"GP count", "cost", "GP lengths"};
    int top_hidden = 0, top_shown = 0, lines = 0;
    char names[200] = "";
    size_t nl = 0;
#define NAME(...) (nl < sizeof names ? nl += (size_t)snprintf(names + nl, sizeof names - nl, __VA_ARGS__) : nl)
    for (size_t i = 0; i < n; i++) {
        const acct_row *w = &rows[i];
        if (w->kind == AK_THREAD) {
            top_shown += w->shown;
            top_hidden += !w->shown && i >= skip;
            continue;
        }
        /* the list's headings go with its rows, which are counted */
        if (w->shown || i < skip || w->kind == AK_THEAD || w->kind == AK_EXITED) continue;
        lines++;
        const char *sep = nl ? ", " : "";
        if (w->kind == AK_HEAD) NAME("%sRCU-work heading", sep);
        else if (w->kind == AK_SPLIT) NAME("%s%s", sep, split_name[w->idx]);
        else if (w->kind == AK_WORK) NAME("%s%s", sep, work_name[w->idx]);
        else if (w->kind == AK_LAT) NAME("%sirqs-off line", sep);
        else if (w->kind == AK_FLAVOR) {
            /* a flavor none of whose lines shows is named once */
            int f = w->idx / 3;
            bool all = true;
            for (size_t j = 0; j < n; j++)
                if (rows[j].kind == AK_FLAVOR && rows[j].idx / 3 == f && (rows[j].shown || j < skip)) all = false;
            if (!all) NAME("%s%s %s", sep, rv_flavor_name(f), flavor_part[w->idx % 3]);
            else if (w->idx % 3 == 0 || !(i > 0 && rows[i - 1].kind == AK_FLAVOR && rows[i - 1].idx / 3 == f && i - 1 >= skip))
                NAME("%s%s lines", sep, rv_flavor_name(f));
        }
    }
#undef NAME
    if (!top_hidden && !lines) return 0;
    char top[64] = "", cnt[48];
    if (top_hidden && top_shown) snprintf(top, sizeof top, "%d more row%s in top", top_hidden, top_hidden == 1 ? "" : "s");
    else if (top_hidden) snprintf(top, sizeof top, "%d row%s of top hidden", top_hidden, top_hidden == 1 ? "" : "s");
    snprintf(cnt, sizeof cnt, "%d line%s hidden", lines, lines == 1 ? "" : "s");
    int k = 0;
    if (!lines) snprintf(forms[k++], 256, "\u25BC %s", top);
    else if (!top_hidden) {
        snprintf(forms[k++], 256, "\u25BC %s: %.200s", cnt, names);
        snprintf(forms[k++], 256, "\u25BC %s", cnt);
    } else {
        snprintf(forms[k++], 256, "\u25BC %s \u00B7 hidden: %.170s", top, names); /* names is at most 200: the fit shortens it */
        snprintf(forms[k++], 256, "\u25BC %s \u00B7 %s", top, cnt);
        snprintf(forms[k++], 256, "\u25BC %s \u00B7 +%d line%s", top, lines, lines == 1 ? "" : "s");
    }
    return k;
}

void panel_accounting_draw(ui_frame *fr, rd_rect r, const ui_view *v, const ui_state *st, const ui_view *peer, rd_rect peer_r)
{
    rd_ctx *rd = fr->rd;
    const ui_theme *th = fr->th;
    const rv_report *rep = v->report;
    char sub[128], tb[32];
    ui_fmt_dur(tb, sizeof tb, rep ? rep->sim_seconds : 0);
    snprintf(sub, sizeof sub, "after %s simulated · %% of one CPU", tb);
    /* a narrow panel keeps both facts in fewer words rather than cutting the second ("· % of…") */
    if (!panel_subtitle_fits(fr, r, "CPU time, like top", sub)) snprintf(sub, sizeof sub, "%s · %% of 1 CPU", tb);
    /* beside the workbook column (1280x720, 1600x900) that too ended "300 ms · % o…": the time goes
     * first (the top bar's t = says it), then the words, top's own column name meaning the same */
    if (!panel_subtitle_fits(fr, r, "CPU time, like top", sub)) snprintf(sub, sizeof sub, "%% of 1 CPU");
    if (!panel_subtitle_fits(fr, r, "CPU time, like top", sub)) snprintf(sub, sizeof sub, "%%CPU");
    rd_rect c = panel_frame(fr, r, "CPU time, like top", sub);
    if (!rep) return;
    ui_hit_add(fr, c, HIT_ACCT, 0, 0);
    int lh = rd_line_height(rd, RD_SANS_SMALL) + rd_px(rd, 2);
    double el = rep->sim_seconds;
    int bottom = c.y + c.h - lh;
    /* n, and the short name every row takes when one long name would cost its row the % column
     * (a narrow panel at 1280x720): a student compares the rows' shares, so all keep them; the
     * hover tip and G still explain each term, and the stripes still mark what top does not see */
    double work_s[NWORK];
    acct_work_s(rep, work_s);
    struct { const char *n, *shortn, *term; double s; bool hidden, boost_only; } src[NWORK] = {
        {"GP kthreads (rcu_sched/bh/preempt)", "GP kthreads", "GP kthreads", work_s[0], false, false},
        {"ksoftirqd/N", "ksoftirqd/N", "ksoftirqd/N", work_s[1], false, false},
        {"softirq at irq exit (hidden in tasks)", "softirq at irq exit", "hidden in tasks", work_s[2], true, false},
        /* the tasks row before the tick's: 3.6's grace-period work lands there (FAST_NO_HZ drains
         * in the idle task), and a compare half at 1280x720 has room for four rows only */
        {"tasks: call_rcu(), idle drains, switches", "tasks: call_rcu(), idle", "call_rcu", work_s[3], true, false},
        {"rcuc/N", "rcuc/N", "rcuc/N", work_s[4], false, true},
        {"scheduling-clock tick", "tick", "jiffy", work_s[5], true, false},
    };
    bool use_short = false;
    for (size_t i = 0; i < NWORK; i++)
        if (!bar_row_keeps_pct(fr, c.w, src[i].n, false)) use_short = true;
    double smax = 0;
    for (size_t i = 0; i < NWORK; i++) if (src[i].s > smax) smax = src[i].s;
    /* the flavors' lines, and what their shorter forms left out (whether or not they show, as before) */
    int room = c.w - rd_px(rd, 8);
    char fa[RV_NFLAVORS][256], fb[RV_NFLAVORS][256], fb2[RV_NFLAVORS][320];
    int fdrop[RV_NFLAVORS] = {0};
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (rep->flavors[f].enabled) {
            fdrop[f] = flavor_lines(rd, &rep->flavors[f], f, open_gp_age(v, f), room, fa[f], fb[f], fb2[f]);
            rd_note_dropped(rd, fdrop[f]);
        }

    /* the plan: every row in order, its section, height and class; compared, matched with the other half's */
    bool boost_only[NWORK];
    for (int i = 0; i < NWORK; i++) boost_only[i] = src[i].boost_only;
    acct_cites cites;
    acct_cites_now(&cites, v, st);
    /* compare: the other half, planned with the same rules in the same room (acct_plan_match) */
    bool paired = peer && peer->report && st->acct_scroll <= 0 && peer_r.h == r.h;
    double pwork[NWORK];
    if (paired) acct_work_s(peer->report, pwork);
    acct_plan plan;
    bool split_rows = panel_sleep_wake_s(rep) > 0 || (peer && peer->report && panel_sleep_wake_s(peer->report) > 0);
    if (!acct_plan_make(&plan, rd, rep, work_s, paired ? pwork : NULL, boost_only, &cites, split_rows, bottom - c.y, st->acct_scroll, st->top_essentials)) return;
    /* compare: both halves' bars on one scale, each the larger of the two sides' (a student compared
     * 3.6's "ksoftirqd/1 600 ns" and 3.7's "rcu_sched 1.53 ms", drawn the same length) */
    double peer_smax = 0, peer_tmax = 0;
    if (paired) {
        const rv_report *prep = peer->report;
        for (size_t i = 0; i < NWORK; i++) if (pwork[i] > peer_smax) peer_smax = pwork[i];
        acct_cites pc;
        acct_cites_now(&pc, peer, st);
        acct_plan other;
        if (acct_plan_make(&other, rd, prep, pwork, work_s, boost_only, &pc, split_rows, bottom - c.y, 0, st->top_essentials)) {
            acct_plan_match(&plan, &other);
            if (other.nshown) peer_tmax = prep->threads[other.order[0]].cpu_seconds;
            acct_plan_free(&other);
        }
    }
    if (peer_smax > smax) smax = peer_smax;
    /* with the in-all rows, every RCU-work row on their scale: the rows where it was charged are parts
     * of the total, and both halves' totals compare at a glance */
    double sum = panel_rcu_work_s(rep), sleep_wake = panel_sleep_wake_s(rep);
    if (split_rows) {
        if (sum > smax) smax = sum;
        if (peer && peer->report && panel_rcu_work_s(peer->report) > smax) smax = panel_rcu_work_s(peer->report);
    }
    bool split_shown = false;
    for (size_t i = 0; i < plan.n; i++) split_shown |= plan.rows[i].kind == AK_SPLIT && plan.rows[i].shown;
    const acct_row *rows = plan.rows;
    const size_t n = plan.n, nshown = plan.nshown, *order = plan.order;

    rd_clip_push(rd, c);
    int shown_in[ACCT_NSEC] = {0}, y = c.y;
    double tmax = nshown ? rep->threads[order[0]].cpu_seconds : 0; /* the top live thread sets the scale */
    if (peer_tmax > tmax) tmax = peer_tmax;
    for (size_t i = 0; i < n; i++) {
        const acct_row *w = &rows[i];
        if (!w->shown) continue;
        if (!shown_in[w->sec]) y += acct_gap(rd, w->sec, shown_in, w->sec);
        shown_in[w->sec]++;
        rd_rect row = {c.x, y, c.w, w->h};
        y += w->h;
        switch (w->kind) {
        case AK_HEAD: { /* 1. where RCU's own work went: the article's point is the softirq row nobody sees in top */
            /* shorter forms before a cut: beside the workbook column at 1280x720 it read "RCU work, by
             * where it was ch…", and presenting, nobody hovers for the rest */
            static const char *const heads[] = {"RCU work, by where it was charged", "RCU work, where charged", "RCU work"};
            size_t hk = 0;
            while (hk + 1 < sizeof heads / sizeof *heads && rd_text_width(rd, RD_BOLD, heads[hk]) > c.w) hk++;
            int hw = panel_text_fit(fr, RD_BOLD, c.x, row.y, c.w, th->heading, heads[hk]);
            /* the rows' sum beside the heading, where it needs no row of its own (a compare half at
             * 1280x720 shows four rows): 3.6 against 3.7 in all is the article's "not new overhead" */
            if (split_shown) {
                /* the in-all rows below say it, split; the rows by where add up to both of them (3.7's
                 * kthread sleep/wake is charged where it runs too), which a speaker's audience summed and
                 * found 2.57 s more than "in all" */
                static const char *const note[2] = {" · the rows below add up to both lines", " · rows below: both lines"};
                for (int k = 0; k < 2 && hw > 0; k++)
                    if (hw + rd_text_width(rd, RD_SANS_SMALL, note[k]) <= c.w) {
                        rd_text(rd, RD_SANS_SMALL, c.x + hw, row.y + (row.h - rd_line_height(rd, RD_SANS_SMALL)) / 2,
                                th->text_dim, note[k]);
                        break;
                    }
                break;
            }
            char all[4][128], d[32], rest[32];
            ui_fmt_dur(d, sizeof d, sum);
            /* 3.7: the sum less the GP kthreads' own sleep/wake (the waker's wake_up(), their switches and
             * timers, which 3.6 never pays) is the grace-period work to set beside 3.6's sum: a student
             * saw 598 against 732 ms as 3.7 adding work, and the caption made them subtract */
            int nforms = 0;
            if (sleep_wake > 0) {
                ui_fmt_dur(rest, sizeof rest, sum - sleep_wake > 0 ? sum - sleep_wake : 0);
                snprintf(all[0], sizeof all[0], " · %s in all, %s without kthread sleep/wake", d, rest);
                snprintf(all[1], sizeof all[1], " · %s in all, %s w/o sleep/wake", d, rest);
                /* the workbook column open: hackbench's cue 3 cites this figure ("1,070 ms against 3.7's
                 * 824") and the two forms above had no room; the total alone lost it */
                snprintf(all[2], sizeof all[2], " · %s, %s w/o sleep/wake", d, rest);
                nforms = 3;
            }
            snprintf(all[nforms++], sizeof all[0], " · %s in all", d);
            for (int form = 0; form < nforms && hw > 0; form++) {
                int aw = rd_text_width(rd, RD_SANS, all[form]);
                if (hw + aw > c.w) continue;
                rd_text(rd, RD_SANS, c.x + hw, row.y, th->text_dim, all[form]);
                const char *sw = strstr(all[form], ", ");
                if (sw) { /* the second figure explains itself on hover */
                    char lead[128];
                    snprintf(lead, sizeof lead, "%.*s", (int)(sw - all[form]), all[form]);
                    int lw = rd_text_width(rd, RD_SANS, lead);
                    panel_term(fr, (rd_rect){c.x + hw + lw, row.y, aw - lw, row.h}, "sleep/wake");
                }
                break;
            }
            break;
        }
        case AK_SPLIT: { /* RCU's time in all: the work both designs do, then 3.7's sleep/wake on top of it */
            double rest = sum - sleep_wake > 0 ? sum - sleep_wake : 0;
            /* the long name where it keeps the % column (as the other rows); else the first shorter one drawn
             * whole: presenting beside the workbook column at 1280x688 it read "in all: GP/QS/callback w…" */
            static const char *const name[2][4] = {
                {"in all: GP, QS and callback work", "in all: GP/QS/callback work", "in all: GP/QS/callbacks", "in all"},
                {"+ GP kthreads' own sleep/wake", "+ kthread sleep/wake", "+ sleep/wake", NULL}};
            int nk = use_short || !bar_row_keeps_pct(fr, c.w, name[w->idx][0], false) ? 1 : 0;
            while (nk + 1 < 4 && name[w->idx][nk + 1] && !bar_row_name_whole(fr, c.w, name[w->idx][nk], false)) nk++;
            if (nk > 1) rd_note_dropped(rd, nk - 1);
            const char *nm = name[w->idx][nk];
            if (w->idx == 0) {
                bar_row(fr, row, nm, rest, smax, el, th->heading, false, false);
                char tip[600], a[32], b[32];
                ui_fmt_dur(a, sizeof a, rest);
                ui_fmt_dur(b, sizeof b, sum);
                snprintf(tip, sizeof tip, "%s of RCU's CPU time in all (%s) is work 3.6 and 3.7 both do: starting, forcing "
                         "and ending grace periods, the CPUs' quiescent-state reports, invoking callbacks. 3.7 moves the "
                         "grace-period part of it into the GP kthreads, where top shows it; how much of it there is differs "
                         "with the design (3.6 walks a tree built for NR_CPUS, 3.7 one sized to the machine and twice per GP; 3.7 lets forcing requests share a pass). The "
                         "figures are the model's.", a, b);
                ui_tip_add(fr, (rd_rect){c.x, row.y, c.w, row.h}, tip);
            } else {
                bar_row_from(fr, row, nm, rest, sleep_wake, smax, el, th->kernel, false, false);
                if (sleep_wake <= 0) { /* 3.6's half: no thread to put to sleep, nothing to add */
                    int x = c.x + c.w * NAME_COL_PCT / 100;
                    int nw = rd_text_width(rd, RD_SANS_SMALL, nm) + rd_px(rd, 6);
                    if (nw > c.w * NAME_COL_PCT / 100) x = c.x + nw;
                    int room_w = c.x + c.w - rd_text_width(rd, RD_MONO_SMALL, "000.0 ms 100.0% ") - x;
                    const char *none = rd_text_width(rd, RD_SANS_SMALL, "none: no GP kthread") <= room_w ? "none: no GP kthread" : "none";
                    if (rd_text_width(rd, RD_SANS_SMALL, none) <= room_w) rd_text(rd, RD_SANS_SMALL, x, row.y, th->text_dim, none);
                }
                panel_term(fr, (rd_rect){c.x, row.y, c.w, row.h}, "sleep/wake");
            }
            break;
        }
        case AK_WORK: {
            int k = w->idx;
            bar_row(fr, row, use_short ? src[k].shortn : src[k].n, src[k].s, smax, el, th->flavor[0], src[k].hidden, false);
            panel_term(fr, (rd_rect){c.x, row.y, c.w * NAME_COL_PCT / 100, lh}, src[k].term);
            break;
        }
        case AK_LAT: { /* the latency side of the 3.6 -> 3.7 change: how long RCU kept interrupts / preemption off */
            char lat[160], a[32], b[32];
            ui_fmt_dur(a, sizeof a, rep->max_irqs_off_us / 1e6);
            ui_fmt_dur(b, sizeof b, rep->max_nonpreempt_us / 1e6);
            /* what the stretch was, where the row has room: big-machine's 3.6 showed a bare 1.82 ms, which a
             * speaker took for the article's ~200 µs init walk; it is a forcing pass over 4,080 idle CPUs */
            snprintf(lat, sizeof lat, "longest irqs-off stretch %s%s · non-preemptible %s", a, rv_irqoff_kind_words(rep->max_irqs_off_in), b);
            /* then fewer words round the same two figures, before a cut: presenting beside the workbook
             * column (1280x688 to 1600x900) it read "longest irqs-off stretch 4.8 µs · non-pre…" */
            static const char *const shorter[] = {"longest irqs-off stretch %s · non-preemptible %s", "longest irqs-off %s · non-preemptible %s",
                                                  "max irqs-off %s · non-preemptible %s", "max irqs-off %s · non-preempt %s",
                                                  "max irqs-off %s, non-preempt %s", "irqs-off %s · non-preempt %s"};
            for (size_t k = 0; k < sizeof shorter / sizeof *shorter && rd_text_width(rd, RD_SANS_SMALL, lat) > c.w; k++) {
                snprintf(lat, sizeof lat, shorter[k], a, b);
                /* a word each ("stretch", "longest"...); the first, what the stretch was, uncounted as before */
                if (k > 0) rd_note_dropped(rd, 1);
            }
            panel_text_fit(fr, RD_SANS_SMALL, c.x, row.y, c.w, th->text, lat);
            /* two figures, two terms: each half of the row explains its own */
            char first[96];
            const char *sep = strstr(lat, " · ") ? strstr(lat, " · ") + 4 : strstr(lat, ", ") ? strstr(lat, ", ") + 2 : lat;
            snprintf(first, sizeof first, "%.*s", (int)(sep - lat), lat);
            int split = rd_text_width(rd, RD_SANS_SMALL, first);
            if (split > c.w) split = c.w;
            panel_term(fr, (rd_rect){c.x, row.y, split, lh}, "irqs-off");
            if (split < c.w) panel_term(fr, (rd_rect){c.x + split, row.y, c.w - split, lh}, "non-preemptible");
            break;
        }
        case AK_FLAVOR: { /* 2. per flavor: what a grace period and an update cost */
            int f = w->idx / 3, k = w->idx % 3;
            const rv_flavor_report *fl = &rep->flavors[f];
            char line[400];
            const char *text = k == 0 ? fa[f] : k == 1 ? fb[f] : fb2[f];
            /* a cited line shown without its flavor's first line names the flavor itself */
            if (k > 0 && shown_in[w->sec] == 1) {
                char pfx[32], la[256], lb[256], lb2[320];
                snprintf(pfx, sizeof pfx, "%s: ", rv_flavor_name(f));
                int more = flavor_lines(rd, fl, f, open_gp_age(v, f), room - rd_text_width(rd, RD_SANS_SMALL, pfx), la, lb, lb2);
                if (more > fdrop[f]) rd_note_dropped(rd, more - fdrop[f]);
                snprintf(line, sizeof line, "%s%s", pfx, k == 1 ? lb : lb2);
                text = line;
            }
            rd_fill(rd, (rd_rect){c.x, row.y + rd_px(rd, 1), rd_px(rd, 4), w->h - rd_px(rd, 2)}, th->flavor[f]);
            rd_color col = k == 0 ? th->text : k == 2 && fl->stall_warnings ? th->stall_text : k == 2 ? th->text_dim : th->text;
            panel_text_fit(fr, k == 0 ? RD_BOLD : RD_SANS_SMALL, c.x + rd_px(rd, 8), row.y, c.w - rd_px(rd, 8), col, text);
            /* rows 0 and 1 name two figures: the part after the split explains "update" (a row-wide
             * GP tip answered a hover on "16 updates" with the grace-period entry) */
            static const char *const term[3] = {"GP", "cost per GP", "p50/p99"};
            int split = c.w;
            if (k < 2) {
                const char *u_at = strstr(text, k == 0 ? " · " : ", ");
                if (u_at) {
                    char head[400];
                    snprintf(head, sizeof head, "%.*s", (int)(u_at - text), text);
                    split = rd_px(rd, 8) + rd_text_width(rd, k == 0 ? RD_BOLD : RD_SANS_SMALL, head);
                }
                if (split > c.w) split = c.w;
            }
            /* 3.7's "(125 µs of it kthread sleep/wake)" explains itself on hover */
            const char *paren = k == 1 ? strstr(text, " (") : NULL;
            int psplit = split;
            if (paren && paren < text + strlen(text) && strstr(paren, "sleep/wake")) {
                char head[400];
                snprintf(head, sizeof head, "%.*s", (int)(paren - text), text);
                psplit = rd_px(rd, 8) + rd_text_width(rd, RD_SANS_SMALL, head);
                if (psplit > split) psplit = split;
            }
            panel_term(fr, (rd_rect){c.x, row.y, psplit, w->h}, term[k]);
            if (psplit < split) panel_term(fr, (rd_rect){c.x + psplit, row.y, split - psplit, w->h}, "sleep/wake");
            if (split < c.w) panel_term(fr, (rd_rect){c.x + split, row.y, c.w - split, w->h}, "update");
            break;
        }
        /* 3. top: the live threads, biggest first, as top(1) lists them; then, apart and dimmed, what the
         * exited ones used (top no longer shows them: after kernel-build's builds, the compilers' summed
         * CPU time must not head a list the caption calls "what is left") */
        case AK_THEAD: {
            int hw = panel_text_fit(fr, RD_BOLD, c.x, row.y, c.w, th->heading, "Threads (top)");
            if (hw <= 0) break;
            char note[3][200];
            int nforms = thead_note(fr, v, rep, order, rows, n, i, note);
            int ny = row.y + (rd_line_height(rd, RD_BOLD) - rd_line_height(rd, RD_SANS_SMALL));
            for (int form = 0; form < nforms; form++) {
                int nw = rd_text_width(rd, RD_SANS_SMALL, note[form]);
                if (hw + nw > c.w) continue;
                rd_text(rd, RD_SANS_SMALL, c.x + hw, ny, th->text_dim, note[form]);
                panel_explain(fr, (rd_rect){c.x + hw, ny, nw, rd_line_height(rd, RD_SANS_SMALL)}, note[form]); /* "×16" */
                break;
            }
            break;
        }
        case AK_EXITED:
        { /* "exited (no longer in top; bars capped)" under ksoftirqd read as if ksoftirqd had exited */
            const char *ex = "threads that exited, gone from top (a broken bar runs past the scale)";
            if (rd_text_width(rd, RD_SANS_SMALL, ex) > c.w) ex = "threads that exited (broken bar: past the scale)";
            if (rd_text_width(rd, RD_SANS_SMALL, ex) > c.w) ex = "threads that exited, gone from top";
            panel_text_fit(fr, RD_SANS_SMALL, c.x, row.y, c.w, th->text_dim, ex);
        }
            break;
        case AK_THREAD: {
            const rv_thread_report *t = &rep->threads[order[w->idx]];
            bool rcu = is_rcu_thread(t);
            /* a phase's tasks on N CPUs are one row, "hackbench ×16": their CPU time summed (so its %
             * may pass 100, N CPUs' worth), where RCU's kthreads are one thread each */
            int ncpu = task_cpus(v, t);
            char nm[80], group[16] = "", rank[16] = "";
            if (ncpu > 1) snprintf(group, sizeof group, " \u00D7%d", ncpu);
            /* rows above it left out for it (elide): it says where it stands in top */
            for (size_t k = 0; k < i; k++)
                if (rows[k].kind == AK_THREAD && rows[k].elide && !rows[k].shown) snprintf(rank, sizeof rank, "#%d ", w->idx + 1);
            snprintf(nm, sizeof nm, "%s%s%s%s", rank, t->name, group, t->alive ? "" : " (exited)");
            bar_row(fr, row, nm, t->cpu_seconds, tmax, el, rcu ? th->kernel : th->user, false, rcu);
            gp_thread_per_gp(fr, row, rep, t, nm);
            if (ncpu > 1) {
                char tip[1200];
                double pct = el > 0 ? 100.0 * t->cpu_seconds / el : 0;
                /* with the glossary's "×N" line under it, as every term on screen explains itself */
                const char *g = glossary_line("\u00D7N");
                snprintf(tip, sizeof tip,
                         "%s \u00D7%d — %d %s tasks, one per CPU of the workload's phase, summed: %.1f%% of one CPU is "
                         "%d CPUs at %.1f%% each on average. top lists each task on a line of its own, none above 100%%.%s%s",
                         t->name, ncpu, ncpu, t->name, pct, ncpu, pct / ncpu, g ? "\n\u00D7N — " : "", g ? g : "");
                ui_tip_add(fr, (rd_rect){c.x, row.y, c.w, w->h}, tip);
            }
            if (!strncmp(nm, "ksoftirqd", 9)) panel_term(fr, (rd_rect){c.x, row.y, c.w * NAME_COL_PCT / 100, w->h}, "ksoftirqd/N");
            else if (!strncmp(nm, "swapper", 7)) panel_term(fr, (rd_rect){c.x, row.y, c.w * NAME_COL_PCT / 100, w->h}, "swapper");
            break;
        }
        }
    }
    /* the bottom line: a warning that must not scroll away, else the "more below" cue */
    char cue[4][256];
    int ncue = st->acct_scroll >= 0 ? acct_cue(rows, n, (size_t)st->acct_scroll, cue) : 0;
    acct_plan_free(&plan);
    if (rep->violations) {
        char vb[96];
        /* a violation is a callback run, or a grace period ended, under a reader older than it */
        snprintf(vb, sizeof vb, "⚠ %llu RCU violation%s: a reader outlived %s grace period", (unsigned long long)rep->violations,
                 rep->violations == 1 ? "" : "s", rep->violations == 1 ? "its" : "their");
        panel_text_fit(fr, RD_BOLD, c.x, c.y + c.h - lh, c.w, th->stall_text, vb);
    } else if (ncue > 0) {
        /* a slide or a lecture keeps the counts (they inform) but not the instruction (nobody holds the
         * mouse); the longest form that fits, the instruction dropped before the names and counts */
        const char *hint = ui_no_hints(st) ? "" : " \u00B7 wheel scrolls";
        char line[320];
        int form = -1;
        for (int pass = 0; pass < 2 && form < 0; pass++)
            for (int k = 0; k < ncue && form < 0; k++) {
                snprintf(line, sizeof line, "%.255s%s", cue[k], pass ? "" : hint);
                if (rd_text_width(rd, RD_SANS_SMALL, line) <= c.w) form = k;
            }
        if (form < 0) snprintf(line, sizeof line, "%.255s", cue[ncue - 1]); /* shortened with "…", its tip whole */
        panel_text_fit(fr, RD_SANS_SMALL, c.x, c.y + c.h - lh, c.w, th->heading, line);
        /* a shorter form names on hover what the first one names on screen */
        if (form != 0) ui_tip_add(fr, (rd_rect){c.x, c.y + c.h - lh, c.w, lh}, cue[0]);
    } else if (st->acct_scroll > 0)
        panel_text_fit(fr, RD_SANS_SMALL, c.x, c.y + c.h - lh, c.w, th->heading,
                       ui_no_hints(st) ? "▲ scrolled" : "▲ scrolled · wheel scrolls back");
    rd_clip_pop(rd);
}

double panel_rcu_work_s(const rv_report *rep)
{
    return rep->rcu_gp_kthreads_s + rep->ksoftirqd_s + rep->softirq_inline_s + rep->caller_s + rep->rcuc_s + rep->tick_s;
}

double panel_sleep_wake_s(const rv_report *rep)
{
    double s = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) s += rep->flavors[f].kthread_sched_us / 1e6;
    return s;
}

static uint64_t all_grace_periods(const rv_report *rep)
{
    uint64_t n = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) n += rep->flavors[f].enabled ? rep->flavors[f].grace_periods : 0;
    return n;
}

static uint64_t all_node_lock_visits(const rv_report *rep)
{
    uint64_t n = 0;
    for (int f = 0; f < RV_NFLAVORS; f++) n += rep->flavors[f].enabled ? rep->flavors[f].node_lock_visits : 0;
    return n;
}

/* The grace-period machinery's CPU time in us (starting, forcing, ending GPs, wherever charged), the
 * 3.7 kthread's own sleep/wake aside: what the two designs share, without the callbacks. */
static double machinery_us(const rv_report *rep)
{
    double us = 0;
    for (int f = 0; f < RV_NFLAVORS; f++)
        if (rep->flavors[f].enabled) us += rep->flavors[f].gp_overhead_us - rep->flavors[f].kthread_sched_us;
    return us;
}

/* A student pressed C on the default scenario, saw 3.7's RCU time at 2.6 times 3.6's with nothing on
 * screen to say why, and concluded the article was wrong: the strip, when no caption speaks, splits
 * 3.7's total into the price of running the work in a thread and the work itself. The grace-period
 * machinery is then set beside 3.6's per grace period (3.7 often runs more of them; callbacks aside),
 * and where 3.7's is dearer, the model's count of rcu_node lock visits says where that comes from: a
 * lecturer read "the same kind of work" as "the same amount" and found 3.7's half as dear again on
 * small-busy. */
bool panel_compare_note_views(ui_view *const *views, int nviews, char *buf, size_t n)
{
    if (nviews != 2 || views[0]->mode == views[1]->mode) return false;
    const ui_view *v36 = views[0]->mode == RV_MODE_SOFTIRQ ? views[0] : views[1], *v37 = v36 == views[0] ? views[1] : views[0];
    return panel_compare_note(v36->report, v37->report, buf, n);
}

bool panel_compare_note(const rv_report *r36, const rv_report *r37, char *buf, size_t n)
{
    if (!r36 || !r37) return false;
    double a = panel_rcu_work_s(r36), b = panel_rcu_work_s(r37), sw = panel_sleep_wake_s(r37);
    if (a <= 0 || b <= 0 || sw <= 0 || sw > b) return false;
    char da[32], db[32], dsw[32], drest[32];
    ui_fmt_dur(da, sizeof da, a);
    ui_fmt_dur(db, sizeof db, b);
    ui_fmt_dur(dsw, sizeof dsw, sw);
    ui_fmt_dur(drest, sizeof drest, b - sw);
    uint64_t g36 = all_grace_periods(r36), g37 = all_grace_periods(r37);
    int len = snprintf(buf, n,
                       "RCU's CPU time so far: 3.6 %s over %llu grace periods, 3.7 %s over %llu. Of 3.7's, %s is its kthreads' "
                       "own sleep/wake (wake_up(), context switches, FQS timers), a price a softirq never pays; the other %s is "
                       "the kind of work 3.6 does too (starting, forcing and ending grace periods, callbacks), now charged where "
                       "top shows it: the article's point.",
                       da, (unsigned long long)g36, db, (unsigned long long)g37, dsw, drest);
    if (len < 0 || (size_t)len >= n || !g36 || !g37) return true;
    double pa = machinery_us(r36) / (double)g36, pb = machinery_us(r37) / (double)g37;
    if (pa <= 0 || pb <= 0) return true;
    double v36 = (double)all_node_lock_visits(r36) / (double)g36, v37 = (double)all_node_lock_visits(r37) / (double)g37;
    int more = snprintf(buf + len, n - (size_t)len, " Grace-period machinery per GP, sleep/wake aside: 3.6 %.1f µs, 3.7 %.1f µs", pa, pb);
    if (more < 0 || (size_t)more >= n - (size_t)len) { buf[len] = 0; return true; }
    len += more;
    if (pb > pa * 1.1 && v37 > v36 + 0.5)
        /* v3.7 rcu_gp_init() takes the root's lock before its walk, rcu_gp_cleanup() before and after its
         * own; v3.6 rcu_report_qs_rsp() skips the end's walk when the CPU ending the GP has callbacks
         * waiting, leaving it to rcu_start_gp()'s walk for the next GP. The count is the model's: visits
         * charged node_lock_ns (a CPU's own QS report, charged qs_report_ns, is not among them) */
        more = snprintf(buf + len, n - (size_t)len,
                        ": the model charges 3.7 %.1f rcu_node lock visits per GP to 3.6's %.1f, as 3.7 retakes the root to "
                        "start a GP and twice to end it, and walks the tree to end it (rcu_gp_init(), rcu_gp_cleanup()), where "
                        "3.6 often leaves that walk to the next start.",
                        v37, v36);
    else more = snprintf(buf + len, n - (size_t)len, ".");
    if (more < 0 || (size_t)more >= n - (size_t)len) buf[len] = 0;
    return true;
}
