/* test_compare_720.c — compare mode in a 1280x720 window: each half's accounting shows the tasks row, where 3.6 books its grace-period work, and each half's rcu_node tree stays readable; the single view's RCU-work rows keep their shares. */
#include <criterion/criterion.h>

#include "render/svg.h"
#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];

/* The window is 1280x720 less a title bar: the walkthrough's Xvfb window drew 1280x705. */
static void setup(void) { window_fixture_open(cfgdir, "cmp720", 1280, 705, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

static long count(const char *s, const char *needle)
{
    long n = 0;
    for (const char *p = s; (p = strstr(p, needle)); p += strlen(needle)) n++;
    return n;
}

/* The window's texts, as an SVG recorder sees them, with the scenario at t ns, in compare mode or not. */
static char *window_texts(const char *scenario, int64_t t, int sel_cpu, bool compare);
static int texts_flavor = -1; /* the flavor shown, when a test sets it; else the scenario's own */
static char *compare_texts_sel(const char *scenario, int64_t t, int sel_cpu) { return window_texts(scenario, t, sel_cpu, true); }
static char *compare_texts(const char *scenario, int64_t t) { return compare_texts_sel(scenario, t, -1); }

static char *window_texts(const char *scenario, int64_t t, int sel_cpu, bool compare)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, scenario);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, compare, err, sizeof err), 0, "%s", err);
    W->app.st.sel_cpu = sel_cpu;
    if (texts_flavor >= 0) W->app.st.flavor = texts_flavor;
    ui_app_seek(&W->app, t);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    ui_app_refresh_reports(&W->app, 0, 0);
    rd_svg *svg = rd_svg_new(1280, 705);
    rd_svg_attach(W->rd, svg);
    ui_app_draw(&W->app, W->rd);
    rd_end(W->rd);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    cr_assert_eq(rd_svg_write(svg, f), 0);
    fclose(f);
    rd_svg_free(svg);
    return buf;
}

Test(compare_720, the_tasks_row_shows_on_both_sides, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("hackbench.json", 40000000LL);
    /* the caption asks the student to watch the tasks row: 3.6's FAST_NO_HZ drains book their
     * grace-period work there, and without it 3.7 looks like pure added cost */
    cr_expect_eq(count(buf, "tasks: call_rcu(), idle"), 2, "the tasks row on both sides");
    cr_expect_geq(count(buf, "GP kthreads"), 2);
    free(buf);
}

Test(compare_720, both_halves_draw_omap_stalls_tree_as_nodes, .init = setup, .fini = teardown)
{
    /* 3.6's status lines are a line longer than 3.7's: under the legend its tree shrank to a strip
     * with no node label, so CPU 0's owed bit at the stall could not be read */
    char *buf = compare_texts("omap-stall.json", 80007812501LL);
    cr_expect_eq(count(buf, ">rnp0  CPUs 0-1<"), 2, "a labelled rnp0 box on each side");
    free(buf);
}

Test(compare_720, a_selected_cpus_why_shows_its_answer_on_both_sides, .init = setup, .fini = teardown)
{
    /* the inject buttons took the floating why panel's whole height: no answer at all */
    /* at 6 ms nothing waits for CPU 0 under either design (one workload, both lanes) */
    char *buf = compare_texts_sel("omap-stall.json", 6000000LL, 0);
    cr_expect_eq(count(buf, "nothing waits for CPU 0"), 2, "the answer on each side");
    cr_expect_eq(count(buf, "Keys: L reader"), 2, "the keys named in one line instead of the buttons");
    free(buf);
}

/* omap-stall's cue 4 selects CPU 0 at the stall; a lecturer pressed C there and each half's Why took its
 * kernel-log slot, so the stall warning the cue is about vanished from the screen. A fresh stall line
 * keeps the 3.6 half's slot when the two do not fit together; the 3.7 half, with nothing logged, explains. */
Test(compare_720, a_fresh_stall_warning_stays_when_a_cpu_is_selected, .init = setup, .fini = teardown)
{
    char *buf = compare_texts_sel("omap-stall.json", 80007812501LL, 0);
    cr_expect_eq(count(buf, "self-detected stall on CPU"), 1, "the stall warning on the 3.6 half");
    cr_expect_geq(count(buf, "nothing waits for CPU 0"), 1, "the 3.7 half's Why");
    free(buf);
}

Test(compare_720, single_view_rcu_work_rows_all_keep_their_share, .init = setup, .fini = teardown)
{
    /* a walkthrough at 1280x720 found "GP kthreads (rcu_sched/bh/preempt) 4.54 ms" and the tasks
     * row without the % the other rows had: the long names cost them the column */
    char *buf = window_texts("hackbench.json", 30000000LL, -1, false);
    const char *a = strstr(buf, ">RCU work, by where it was charged<"), *z = a ? strstr(a, ">longest irqs-off") : NULL;
    cr_assert(a && z, "no RCU-work block drawn");
    long pct = 0;
    for (const char *p = a; (p = strstr(p, "%<")) && p < z; p += 2) pct++;
    /* hackbench has no RCU_BOOST: the two in-all rows (3.7's kthreads sleep and wake), GP kthreads,
     * ksoftirqd/N, softirq at irq exit, tasks, tick */
    cr_expect_eq(pct, 7, "each of the seven RCU-work rows shows its %% (found %ld)", pct);
    free(buf);
}

/* The font-size and font-weight of the first SVG <text> at or after from whose content starts with
 * prefix, as "size/weight" in out (cr_assert: it is there). */
static void text_font(const char *svg, const char *from, const char *prefix, char *out, size_t n)
{
    const char *hit = NULL;
    for (const char *p = from; (p = strstr(p, prefix)); p++)
        if (p > svg && p[-1] == '>' && strstr(p, "</text>")) { hit = p; break; }
    cr_assert(hit, "no text starting \"%s\"", prefix);
    const char *open = hit;
    while (open > svg && strncmp(open, "<text", 5)) open--;
    const char *size = strstr(open, "font-size=\""), *weight = strstr(open, "font-weight=\"");
    cr_assert(size && size < hit);
    int sz = atoi(size + 11);
    snprintf(out, n, "%d/%s", sz, weight && weight < hit ? "bold" : "normal");
}

Test(compare_720, both_caption_halves_in_one_size, .init = setup, .fini = teardown)
{
    /* omap-stall at 20 s: 3.6's caption is twice as long as 3.7's; the short one was drawn in the big
     * font beside the long one in the small bold font, as if it were the headline */
    char *buf = compare_texts("omap-stall.json", 20000000000LL);
    char f36[32], f37[32];
    /* each caption shows twice: first in the timeline's lane (small font), then in the strip */
    const char *p36 = "That extra grace period has nothing", *p37 = "Both CPUs are dyntick-idle. The kthread";
    const char *lane36 = strstr(buf, p36), *lane37 = strstr(buf, p37);
    cr_assert(lane36 && lane37);
    const char *strip36 = strstr(lane36 + 1, p36), *strip37 = strstr(lane37 + 1, p37);
    cr_assert(strip36 && strip37, "each caption shows in the lane and in the strip");
    text_font(buf, strip36, p36, f36, sizeof f36);
    text_font(buf, strip37, p37, f37, sizeof f37);
    cr_expect_str_eq(f36, f37, "3.6's caption in %s, 3.7's in %s", f36, f37);
    free(buf);
}

/* hackbench's captions end with "Press M for 3.6 ..." / "Press M for 3.7 ...": in compare mode both are
 * on screen, so each side's strip leaves that sentence out; the single view keeps it. */
Test(compare_720, no_press_m_when_both_versions_show, .init = setup, .fini = teardown)
{
    char *cmp = compare_texts("hackbench.json", 200000000LL);
    cr_expect_gt(count(cmp, "Watch the GP kthreads row in the CPU time panel"), 0, "3.7's caption is there");
    cr_expect_gt(count(cmp, "Watch the CPU time panel. 3.6 has no GP kthread"), 0, "3.6's caption is there");
    cr_expect_eq(count(cmp, "Press M"), 0, "compare mode still says Press M");
    free(cmp);
    char *one = window_texts("hackbench.json", 200000000LL, -1, false);
    cr_expect_gt(count(one, "Press M for 3.6"), 0, "the single view keeps its Press M");
    free(one);
}

/* The per-flavor lines of the CPU time panel at 1280x720 ended "(1.4 per…" and "(p…": a slide has no
 * hover to read them. A narrow panel drops the least needed figures first, so what shows is whole. */
Test(compare_720, flavor_lines_shorten_before_they_are_cut, .init = setup, .fini = teardown)
{
    char *buf = window_texts("omap-stall.json", 80500000000LL, -1, false);
    cr_expect_gt(count(buf, "(p50)") + count(buf, " p50"), 0, "the GP-length lines are there");
    cr_expect_eq(count(buf, "(p50)") + count(buf, " p50,"), count(buf, "(p99)") + count(buf, " p99"),
                 "a GP-length line was cut before its p99");
    cr_expect_eq(count(buf, "per GP)…"), 0, "the GP/update line was cut");
    cr_expect_eq(count(buf, "% of 1 CPU") + count(buf, "% of one CPU"), 1, "the CPU time panel's subtitle was cut");
    free(buf);
}

/* Each half's CPUs subtitle was cut at "2 idle (2 tick stopped…": it takes a shorter form, whole. */
Test(compare_720, cpus_subtitles_show_whole, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("omap-stall.json", 80500000000LL);
    cr_expect_eq(count(buf, " online, "), 2, "a CPUs subtitle per side");
    cr_expect_eq(count(buf, " owe a QS") + count(buf, " owes a QS"), 2, "a CPUs subtitle was cut before its QS count");
    free(buf);
}

/* Each half's timeline subtitle was cut at "faded = ahead of now (already…": it drops the aside first. */
Test(compare_720, timeline_subtitles_show_whole, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("hackbench.json", 200000000LL);
    cr_expect_eq(count(buf, "faded = ahead of now"), 2, "each half's timeline says what faded means");
    cr_expect_eq(count(buf, "ahead of now</text>") + count(buf, "ahead of now (already simulated)</text>"), 2,
                 "a timeline subtitle was cut");
    free(buf);
}

/* The tree header of rcu_preempt in small-busy's compare view read "rcu_preempt · g1042 c…": it now
 * leaves out the flavor's name (the top bar shows it) before it would cut a number. */
Test(compare_720, tree_headers_keep_their_numbers_whole, .init = setup, .fini = teardown)
{
    texts_flavor = RV_PREEMPT;
    char *buf = compare_texts("small-busy.json", 5040000000LL);
    texts_flavor = -1;
    /* a cut text is its kept part, then a separate "…": "rcu_preempt · g1042 c</text>" */
    cr_expect_eq(count(buf, " c</text>") + count(buf, " g</text>"), 0, "a tree header cut inside gpnum/completed");
    free(buf);
}

/* "Add up the rows" was the only way to read RCU's total CPU time at 1280x720; then each heading gave
 * "X in all", larger for 3.7 everywhere (732 against 598 ms on hackbench), beside captions saying 3.7
 * only moved the work. Both halves now split the total in two rows: the work both designs do, and the
 * GP kthreads' own sleep/wake on top of it, which 3.6's half shows empty ("none: no GP kthread"). */
static double row_secs(const char *from)
{
    /* the row's time: the first "<text ...>N unit</text>" after its name */
    const char *p = strstr(from, "</text>");
    for (int i = 0; p && i < 4; i++) {
        const char *t = strstr(p + 7, ">");
        if (!t) return -1;
        double x;
        char unit[8];
        if (sscanf(t + 1, "%lf %7[^<]<", &x, unit) == 2)
            return !strcmp(unit, "ms") ? x / 1e3 : !strcmp(unit, "µs") ? x / 1e6 : !strcmp(unit, "s") ? x : x / 1e9;
        if (sscanf(t + 1, "%lf<", &x) == 1) return x;
        p = strstr(t, "</text>");
    }
    return -1;
}

Test(compare_720, rcu_work_in_all_split_in_two_rows, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("hackbench.json", 2000000001LL);
    cr_expect_eq(count(buf, ">in all: GP, QS and callback work</text>"), 2, "each half shows the work both designs do, named for what it is");
    cr_expect_eq(count(buf, ">+ GP kthreads' own sleep/wake</text>"), 2, "each half shows the sleep/wake row");
    cr_expect_eq(count(buf, ">none: no GP kthread</text>"), 1, "3.6's sleep/wake row says why it is empty");
    cr_expect_eq(count(buf, " in all</text>"), 0, "no heading total beside the split");
    /* 3.7's half (the second): both parts, and the sleep/wake a real share */
    const char *w36 = strstr(buf, ">in all: GP, QS and callback work</text>"), *w37 = w36 ? strstr(w36 + 1, ">in all: GP, QS and callback work</text>") : NULL;
    cr_assert(w36 && w37);
    const char *s37 = strstr(w37, ">+ GP kthreads' own sleep/wake</text>");
    cr_assert_not_null(s37);
    double both36 = row_secs(w36), both37 = row_secs(w37), sw37 = row_secs(s37);
    cr_expect(both36 > 0.5 && both37 > 0.3 && sw37 > 0.15 * (both37 + sw37), "3.6 %g s, 3.7 %g s + %g s sleep/wake", both36, both37, sw37);
    free(buf);
}

/* Paused at the OMAP stall in a 1280x720 window the top bar had room for "omap-stall · 3.6 (softirq)
 * — last event, at 80.007812 s:…" and not a word of the event. It now drops the time, then the
 * scenario's name, before cutting the words; and rcu_bh, with no grace period yet, says so instead of
 * "cost 0 per GP, 0 ns per update". */
Test(compare_720, a_paused_top_bar_keeps_the_last_events_words, .init = setup, .fini = teardown)
{
    W->app.st.playing = false;
    char *buf = window_texts("omap-stall.json", 80007812501LL, -1, false);
    /* the bar's middle: the last event (here the caption shown at the wakeup) in words */
    const char *mid = strstr(buf, ">caption: \"An interrupt woke CPU 0");
    const char *old_form = strstr(buf, "— last event, at");
    cr_expect_not_null(mid, "the top bar shows the event's words%s%.90s", old_form ? ": " : "", old_form ? old_form : "");
    /* what the short form drops (the scenario, the instant, how many events shared it) is the hover tip
     * over it, whole */
    const ui_tip *tip = NULL;
    for (int i = 0; i < W->app.fr.ntips && !tip; i++)
        if (strstr(W->app.fr.tips[i].text, "omap-stall") && strstr(W->app.fr.tips[i].text, " at 80.0078")) tip = &W->app.fr.tips[i];
    cr_assert_not_null(tip, "no hover tip holds the whole line");
    cr_expect(strstr(tip->text, "last of ") || strstr(tip->text, "last event, at "), "%s", tip->text);
    cr_expect(strstr(tip->text, "caption: \"An interrupt woke CPU 0") != NULL, "%s", tip->text);
    cr_expect(ui_tip_find(&W->app.fr, tip->r.x + 2, tip->r.y + tip->r.h / 2) == tip, "the tip is the one under the bar's words");
    cr_expect(strstr(buf, "no grace period has ended yet") != NULL, "rcu_bh has no GP yet");
    cr_expect(strstr(buf, "cost 0 per GP") == NULL, "no cost for GPs that never ran");
    free(buf);
}

/* 3.6 has no kthread to name; the tree says which CPU's softirq started the grace period (the
 * trace's gp_start "cpu"), so a lecture can show the work landing on different CPUs. (A tree whose
 * subtitle has no room for the flavor names it here: "3.6: no kthread; rcu_sched GP 17 started".) */
Test(compare_720, the_36_tree_names_the_cpu_that_started_the_gp, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("hackbench.json", 2000000000LL);
    const char *at = strstr(buf, "3.6: no kthread; ");
    cr_assert_not_null(at, "the 3.6 tree names where its GP started");
    const char *gp_at = at + strlen("3.6: no kthread; ");
    if (!strncmp(gp_at, "rcu_sched ", 10)) gp_at += 10;
    unsigned long gp = 0;
    int cpu = -1;
    /* the line may wrap after "started on": the CPU then starts the next text run */
    const char *cpu_at = strstr(gp_at, "CPU ");
    cr_expect_eq(sscanf(gp_at, "GP %lu started on", &gp), 1, "%.60s", at);
    cr_expect(cpu_at && cpu_at - gp_at < 200 && sscanf(cpu_at, "CPU %d", &cpu) == 1, "%.200s", at);
    cr_expect(gp > 0 && cpu >= 0 && cpu < 16, "GP %lu on CPU %d", gp, cpu);
    free(buf);
}

/* A text run the renderer drew, as rd_set_text_observer reports it. */
typedef struct run { char text[96]; rd_rect r; } run;
typedef struct runs { run v[1024]; int n; } runs;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    runs *R = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (R->n == 1024) return;
    run *u = &R->v[R->n++];
    snprintf(u->text, sizeof u->text, "%.*s", (int)(len < sizeof u->text ? len : sizeof u->text - 1), s);
    u->r = (rd_rect){x, y, w, h};
}

static bool within(rd_rect a, rd_rect r) { return a.x >= r.x && a.y >= r.y && a.x + a.w <= r.x + r.w && a.y + a.h <= r.y + r.h; }

/* Does text name leaf rnp<k>: "rnp1  CPUs 0-15", or a run of leaves "rnp2–rnp4" / "rnp2–4"? */
static bool names_leaf(const char *text, int k)
{
    for (const char *p = text; (p = strstr(p, "rnp")); p += 3) {
        char *e;
        long a = strtol(p + 3, &e, 10), b = a;
        if (e == p + 3) continue;
        if (!strncmp(e, "–", strlen("–"))) {
            const char *q = e + strlen("–");
            if (!strncmp(q, "rnp", 3)) q += 3;
            b = strtol(q, NULL, 10);
        }
        if (a <= k && k <= b) return true;
    }
    return false;
}

/* A shipped scenario loaded into the fixture's window and compared. */
static void load_compared(const char *scenario)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, scenario);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
}

/* Which side of the last frame shows 3.6. */
static int softirq_side(void)
{
    int side = -1;
    for (int s = 0; s < W->app.nsessions && s < 2; s++)
        if (W->app.s[s].view.mode == RV_MODE_SOFTIRQ) side = s;
    cr_assert_geq(side, 0, "no 3.6 side");
    return side;
}

/* Node `node`'s click target on `side` in the last frame (its widest HIT_NODE), and its narrowest
 * qsmask bit (1 << 20 when it has none drawn). */
static rd_rect node_target(int side, int node, int *narrowest_bit)
{
    rd_rect box = {0, 0, 0, 0};
    *narrowest_bit = 1 << 20;
    for (int h = 0; h < W->app.fr.nhits; h++) {
        const ui_hit *x = &W->app.fr.hits[h];
        if (x->side != side || x->a != node) continue;
        if (x->kind == HIT_NODE && x->r.w > box.w) box = x->r;
        if (x->kind == HIT_NODE_BIT && x->r.w < *narrowest_bit) *narrowest_bit = x->r.w;
    }
    return box;
}

/* The lecturer's projector: hackbench compared at 1280x720, 30 s in. 3.6 sizes its tree by NR_CPUS
 * (rnp0 over four leaves of 16 CPUs); in the compare half the leaves were rows of 7-px bits with no
 * name, unreadable from the back of the room. Each leaf is now named in text of a readable height,
 * its state is said in words, and its click target (HIT_NODE) is a box, not a sliver. */
Test(compare_720, the_36_trees_leaves_are_named_in_readable_text, .init = setup, .fini = teardown)
{
    load_compared("hackbench.json");
    /* 30 s in, at the first 0.1 ms step where 3.6's leaf still waits for four CPUs or more, whose box
     * then says how many in words (up to three it names them: "CPU 5" beside the owed swatch). A grace
     * period lasts ~0.6 ms here, and the one open at exactly 30 s may have its CPUs' reports in. */
    static runs R;
    int side = 0;
    for (int step = 0; step < 50; step++) {
        ui_app_seek(&W->app, 30000000000LL + step * 100000LL);
        while (ui_app_seek_continue(&W->app, 1000)) {}
        R.n = 0;
        rd_set_text_observer(W->rd, keep_run, &R);
        frame();
        rd_set_text_observer(W->rd, NULL, NULL);
        side = softirq_side();
        const ui_view *sv = &W->app.s[side].view;
        bool owing = false;
        for (int k = sv->nnodes - sv->level_count[sv->levels - 1]; k < sv->nnodes; k++) owing |= __builtin_popcountl(sv->nodes[k].qsmask) >= 4;
        if (owing && sv->fl[sv->flavor].gpnum != sv->fl[sv->flavor].completed) break;
    }
    const ui_view *v = &W->app.s[side].view;
    rd_rect tree = W->app.L.side[side].tree;
    cr_assert_gt(v->levels, 1, "3.6's tree has leaves under its root");
    int nleaves = v->level_count[v->levels - 1], first = v->nnodes - nleaves;
    int owe = 0, empty = 0;
    for (int i = 0; i < R.n; i++)
        if (within(R.v[i].r, tree)) {
            owe += strstr(R.v[i].text, " owe") != NULL;
            empty += strstr(R.v[i].text, "NR_CPUS=64") != NULL;
        }
    for (int k = first; k < v->nnodes; k++) {
        const rv_node_view *n = &v->nodes[k];
        int tallest = 0;
        for (int i = 0; i < R.n; i++)
            if (within(R.v[i].r, tree) && names_leaf(R.v[i].text, k) && R.v[i].r.h > tallest) tallest = R.v[i].r.h;
        cr_expect_geq(tallest, 12, "leaf rnp%d (CPUs %d-%d): %s", k, n->grplo, n->grphi,
                      tallest ? "its name is drawn too small to read" : "no text names it in the tree panel");
        int narrowest_bit;
        rd_rect box = node_target(side, k, &narrowest_bit);
        cr_expect(box.w >= 40 && box.h >= 24, "leaf rnp%d: its click target is %dx%d px", k, box.w, box.h);
        cr_expect_geq(narrowest_bit, 12, "leaf rnp%d: a qsmask bit %d px wide", k, narrowest_bit);
        /* hovering the leaf still tells its own story (its CPUs, or why it is not in qsmaskinit) */
        char want[16];
        snprintf(want, sizeof want, "rnp%d", k);
        const ui_tip *tip = ui_tip_find(&W->app.fr, box.x + box.w / 2, box.y + box.h / 2);
        cr_expect(tip && strstr(tip->text, want), "leaf rnp%d: hovering it shows %s", k, tip ? tip->text : "no tip");
        if (n->grplo >= v->ncpus)
            cr_expect(tip && strstr(tip->text, "NR_CPUS=64") && strstr(tip->text, "nr_cpu_ids"), "leaf rnp%d: the tip says why it exists: %s",
                      k, tip ? tip->text : "no tip");
    }
    /* hackbench's 16 CPUs sit under rnp1; rnp2-rnp4 cover CPUs 16-63, which this machine does not have:
     * 3.6 builds the tree for NR_CPUS=64 (a student took the two sides' different trees for a bug) */
    cr_expect_gt(owe, 0, "the leaf whose CPUs still owe says so in words");
    cr_expect_gt(empty, 0, "the leaves past the machine's CPUs say the tree is built for NR_CPUS=64");
}

/* The 3.6 tree's node at t (ns) in omap-stall compared: its click target, and its narrowest qsmask bit. */
static rd_rect omap_36_node(int64_t t, int *narrowest_bit)
{
    ui_app_seek(&W->app, t);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    return node_target(softirq_side(), 0, narrowest_bit);
}

Test(compare_720, the_36_tree_keeps_its_place_as_fqs_credits_appear, .init = setup, .fini = teardown)
{
    /* omap-stall just before and after CPU 1's wakeup at 80 s: after it the header gains "FQS credited:
     * CPU 1 dti". The node moved down a line and, with the legend kept, turned into a box with no bits
     * (a clip of that moment jumped halfway through); it keeps its place and its numbered bits */
    load_compared("omap-stall.json");
    int bit_before, bit_after;
    rd_rect before = omap_36_node(79980000000LL, &bit_before), after = omap_36_node(80060000000LL, &bit_after);
    cr_assert_gt(before.w, 0, "the node is drawn at 79.98 s");
    cr_expect(before.x == after.x && before.y == after.y && before.w == after.w && before.h == after.h,
              "the node moved: %d,%d %dx%d at 79.98 s, %d,%d %dx%d at 80.06 s", before.x, before.y, before.w, before.h, after.x,
              after.y, after.w, after.h);
    cr_expect_geq(bit_before, 12, "a qsmask bit %d px wide at 79.98 s", bit_before);
    cr_expect_geq(bit_after, 12, "a qsmask bit %d px wide at 80.06 s", bit_after);
}

Test(compare_720, both_cpu_time_panels_show_the_same_sections, .init = setup, .fini = teardown)
{
    /* scaling compared at 2 s: 3.7's panel kept its top list (rcu_sched second in it) while 3.6's, with
     * no RCU thread near the top, showed its per-flavor costs instead: the halves no longer compared,
     * and 3.6's list (whose point is that no rcu_sched is in it) was gone */
    char *buf = compare_texts("scaling.json", 2000000000LL);
    cr_expect_eq(count(buf, ">Threads (top)<"), 2, "a top list on each side");
    free(buf);
}

/* A woken 3.7 kthread was labelled "woken, last ran on CPU 13": kthread_wake() had already moved it to
 * the waker's CPU, and the label called that its last; it now names its waker. tree at 194.003 ms: CPU 13's
 * report has woken it for cleanup; it last ran on CPU 0. */
Test(compare_720, a_woken_kthread_is_named_by_the_cpu_it_will_run_on, .init = setup, .fini = teardown)
{
    char *buf = window_texts("tree.json", 194003000LL, -1, false);
    cr_expect(strstr(buf, "kthread woken by CPU 13") != NULL, "the tree panel's driver line");
    cr_expect_null(strstr(buf, "woken, last ran"), "the waker's CPU called the last one run on");
    free(buf);
}

/* 3.7's init walk, stopped at rnp1 (tree at 163.0045 ms): the CPU running the GP kthread was drawn and
 * explained as running user code, and CPUs under leaves the walk had not reached showed "✓ done" for a
 * GP that had asked them nothing yet (a kernel reviewer's report). */
Test(compare_720, the_init_walk_asks_no_cpu_ahead_of_it, .init = setup, .fini = teardown)
{
    char *buf = window_texts("tree.json", 163004500LL, 0, false);
    cr_expect(strstr(buf, "initialising at rnp1") != NULL, "stopped inside the walk");
    cr_expect(strstr(buf, "is running the rcu_sched") && strstr(buf, "GP kthread, kernel code"), "CPU 0's Why line");
    cr_expect_null(strstr(buf, "running user code"), "the kthread's CPU is not in user mode");
    /* at this size a tile's badge is the bare glyph: no tile shows one (CPUs 0-3 owe, 4-15 are not asked yet) */
    cr_expect_eq(count(buf, ">✓<") + count(buf, " done<"), 0, "no CPU under an unreached leaf is done");
    free(buf);
}

/* omap-stall's 3.7 half keeps 3.6's cpu_needs_another_gp(), as the -rcu branch Walmsley tested did: its
 * heading says so (a reviewer took "3.7" there for v3.7 as released); hackbench's 3.7 half has 3.7's own. */
Test(compare_720, a_half_with_the_other_kernels_predicate_says_so, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("omap-stall.json", 80007812501LL);
    cr_expect_eq(count(buf, "3.7 (kthread), with 3.6's cpu_needs_another_gp()"), 1);
    free(buf);
    buf = compare_texts("hackbench.json", 2000000001LL);
    cr_expect_eq(count(buf, "cpu_needs_another_gp()"), 0);
    free(buf);
}

/* 3.6 forces quiescent states only from a ticking CPU's softirq: at omap-stall's cue 5 both CPUs have
 * stopped their ticks, and "next FQS in 2 jiffies" promised a pass that nothing would run (a kernel
 * reviewer's report); the countdown now says so. */
Test(compare_720, a_tickless_36_board_runs_no_fqs, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("omap-stall.json", 4554687501LL);
    cr_expect(strstr(buf, "but no CPU ticks to run it") != NULL || strstr(buf, "but no CPU") != NULL, "3.6's countdown");
    cr_expect_null(strstr(buf, "FQS in"), "no countdown to a pass nobody runs");
    free(buf);
}

/* The width of the bar drawn just before the row named `name` (bar_row() draws the bar, then the name),
 * on the half that starts at x0 (0 or the right half's x), in compare_texts()'s SVG. */
static int bar_before(const char *svg, const char *name, int x0)
{
    char want[96];
    snprintf(want, sizeof want, ">%s</text>", name);
    for (const char *t = strstr(svg, want); t; t = strstr(t + 1, want)) {
        const char *tx = t;
        while (tx > svg && strncmp(tx, "<text x=\"", 9)) tx--;
        if (atoi(tx + 9) < x0 || (x0 == 0 && atoi(tx + 9) >= 640)) continue;
        const char *r = tx;
        while (r > svg && strncmp(r, "<rect ", 6)) r--;
        const char *w = strstr(r, "width=\"");
        return w && w < tx ? atoi(w + 7) : -1;
    }
    return -1;
}

/* Compare halves share their bars' scale: omap-stall's wake-up had 3.6's softirq-at-irq-exit row (717 us)
 * and 3.7's GP kthreads row (1.53 ms) drawn the same length, and in the thread list 3.6's "ksoftirqd/1
 * 600 ns" as long as 3.7's "rcu_sched 1.53 ms": each side scaled to its own largest (a student's report). */
Test(compare_720, compare_halves_share_the_bar_scale, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("omap-stall.json", 80007812501LL);
    int left = bar_before(buf, "softirq at irq exit (hidden in tasks)", 0), right = bar_before(buf, "GP kthreads (rcu_sched/bh/preempt)", 640);
    cr_assert(left > 0 && right > 0, "bars found: 3.6 irq exit %d, 3.7 GP kthreads %d", left, right);
    /* 882 us against 1.23 ms today (the engine's figures, 2026-12-07): 0.72 of the length, where a scale
     * of each side's own would draw both full */
    cr_expect_lt(left * 100, right * 85, "882 us against 1.23 ms: %d px against %d px", left, right);
    cr_expect_gt(left * 100, right * 60, "882 us against 1.23 ms: %d px against %d px", left, right);
    free(buf);
}

/* omap-stall's rcu_bh has no grace period by the wake-up: its lines said "GP lasts 0 (p50), 0 (p99)",
 * read as instant grace periods (a student's report); they now say there is no length yet. */
Test(compare_720, a_flavor_without_grace_periods_gives_no_length, .init = setup, .fini = teardown)
{
    texts_flavor = RV_BH;
    char *buf = window_texts("omap-stall.json", 80007812501LL, -1, false);
    texts_flavor = -1;
    cr_expect(strstr(buf, "no GP length yet") || strstr(buf, "no GP yet"), "rcu_bh's length line");
    cr_expect_null(strstr(buf, "GP lasts 0 (p50)"), "a length of 0 for grace periods that never ran");
    free(buf);
}

/* hackbench's cue 2 ("The 3.6 tree on the left is shaped for NR_CPUS=64 (four leaves ...)") over trees
 * squeezed to a sliver: a caption that names the tree has the timelines give the CPUs-and-tree row what
 * the trees lack, down to a line per lane. Either both trees lay out with room to spare, or the
 * timelines are at that floor. */
Test(compare_720, a_caption_citing_the_tree_gives_it_the_timelines_room, .init = setup, .fini = teardown)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/hackbench.json", root);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
    W->app.st.ui_scale = 1.15f; /* the largest 1280x720 gives */
    rd_set_scale(W->rd, 1.15f);
    cr_assert_eq(ui_app_goto_cue(&W->app, 1, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame();
    cr_assert(W->app.st.compare, "cue 2 compares");
    cr_assert(strstr(W->app.s[0].view.caption, "tree"), "the cue names the tree: %s", W->app.s[0].view.caption);
    bool fits = true, floor = true;
    for (int i = 0; i < 2; i++) {
        const ui_side *s = &W->app.L.side[i];
        fits &= panel_tree_height_needed(&W->app.fr, s->tree.w, &W->app.s[i].view, s->tree.h) < s->tree.h;
        floor &= s->timeline.h - panel_timeline_min_height(W->rd, &W->app.s[i].view, &W->app.st) < rd_line_height(W->rd, RD_SANS_SMALL);
    }
    cr_expect(fits || floor, "the trees lack room (%d px) while the timelines keep %d px", W->app.L.side[0].tree.h,
              W->app.L.side[0].timeline.h);
}

/* big-machine compared at 1280x705: each half's heat map is a strip of grey blocks, one-pixel cells a
 * leaf's columns each, and a student could not tell what a block stood for. Hovering it says. At 50 ms
 * the 3.6 half drew no map at all: its sentences left 12 px for 13 rows of cells (the 2 px gap under
 * them was not counted), so only one tip was found there before that was fixed. */
Test(compare_720, the_heat_map_says_what_a_cell_is, .init = setup, .fini = teardown)
{
    char *buf = compare_texts("big-machine.json", 50000000LL);
    free(buf);
    int found = 0;
    for (int i = 0; i < W->app.fr.ntips; i++)
        if (strstr(W->app.fr.tips[i].text, "one cell per CPU")) {
            found++;
            cr_expect(strstr(W->app.fr.tips[i].text, "rcu_node leaf"), "the blocks are leaves: %s", W->app.fr.tips[i].text);
        }
    cr_expect_eq(found, 2, "a tip over each half's heat map (found %d of %d tips)", found, W->app.fr.ntips);
}

/* The text drawn inside r below its first line (the panel's title), runs joined by spaces. */
static void text_below_title(const runs *R, rd_rect r, char *out, size_t n)
{
    size_t l = 0;
    int top = -1;
    out[0] = 0;
    for (int i = 0; i < R->n; i++)
        if (within(R->v[i].r, r) && (top < 0 || R->v[i].r.y < top)) top = R->v[i].r.y;
    for (int i = 0; i < R->n; i++)
        if (within(R->v[i].r, r) && R->v[i].r.y > top + 2 && l < n)
            l += (size_t)snprintf(out + l, n - l, "%s%s", l ? " " : "", R->v[i].text);
}

/* A lecturer compared hackbench at 1280x720 at the largest UI scale it gives (115 %), clicked CPU 3 and
 * read "Why is it waiting?  CPU 3, rcu_sched" over 3.6's 'An FQS pass credited CPU 3 for rcu_sched GP
 * 2931 ("dti": at a later pass its dynticks counter was' and "▼ 2 more lines": the parenthesis took the
 * room of the answer. Every CPU, on both halves, in the window and presenting: at least one sentence
 * shows whole (the answer comes first; its asides give way), and CPU 3's on the 3.6 half says that the
 * CPU itself reported nothing. */
Test(compare_720, each_halfs_why_answer_shows_a_whole_sentence_at_115, .init = setup, .fini = teardown)
{
    load_compared("hackbench.json");
    rd_set_scale(W->rd, 1.15f);
    W->app.st.ui_scale = 1.15f;
    ui_app_seek(&W->app, 2000000001LL);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    static runs R;
    static char shown[8192];
    for (int presenting = 0; presenting < 2; presenting++) {
        W->app.st.presenting = presenting;
        for (int cpu = 0; cpu < 16; cpu++) {
            W->app.st.sel_cpu = cpu;
            R.n = 0;
            rd_set_text_observer(W->rd, keep_run, &R);
            frame();
            rd_set_text_observer(W->rd, NULL, NULL);
            for (int side = 0; side < 2; side++) {
                rd_rect why = W->app.L.side[side].klog;
                cr_assert_gt(why.h, 0, "the why panel has its slot");
                text_below_title(&R, why, shown, sizeof shown);
                bool whole = strstr(shown, ". ") || strstr(shown, ".)") || (strlen(shown) && shown[strlen(shown) - 1] == '.');
                cr_expect(whole, "%s CPU %d, %s half: no whole sentence: %s", presenting ? "presenting," : "window,", cpu,
                          W->app.s[side].view.mode == RV_MODE_SOFTIRQ ? "3.6" : "3.7", shown);
                if (cpu == 3 && side == softirq_side())
                    cr_expect(strstr(shown, "the CPU itself") && strstr(shown, "reported nothing"), "CPU 3's answer on 3.6: %s", shown);
            }
        }
    }
}
