/* test_present.c — presentation mode (F5, `shot --cue`): no how-to hints, and a cue shows what its caption points at. */
#include <criterion/criterion.h>

#include "window/window.h"
#include "window_fixture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char cfgdir[64];

static void setup(void) { window_fixture_open(cfgdir, "present", 1280, 720, false); }
static void teardown(void) { window_fixture_close(cfgdir); }

TestSuite(present, .init = setup, .fini = teardown);

/* A text run the renderer drew, as rd_set_text_observer reports it. */
typedef struct run { char text[160]; rd_rect r; } run;
typedef struct runs { run v[2048]; int n; } runs;

static void keep_run(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    runs *R = ctx;
    size_t len = end ? (size_t)(end - s) : strlen(s);
    if (R->n == 2048) return;
    run *u = &R->v[R->n++];
    snprintf(u->text, sizeof u->text, "%.*s", (int)(len < sizeof u->text ? len : sizeof u->text - 1), s);
    u->r = (rd_rect){x, y, w, h};
}

static void open_scenario(const char *name)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s", root, name);
    cr_assert_eq(ui_app_load(&W->app, path, -1, err, sizeof err), 0, "%s", err);
}

/* One window frame's text runs (R is big: the caller's static). */
static void frame_runs(runs *R)
{
    R->n = 0;
    rd_set_text_observer(W->rd, keep_run, R);
    frame();
    rd_set_text_observer(W->rd, NULL, NULL);
}

/* The first run holding needle, or NULL. */
static const run *find_run(const runs *R, const char *needle)
{
    for (int i = 0; i < R->n; i++)
        if (strstr(R->v[i].text, needle)) return &R->v[i];
    return NULL;
}

/* The how-to hints a lecture must not show: the window's words for the mouse. */
static const char *const hints[] = {"wheel", "click a CPU", "(scroll)", "hover a leaf"};

static const char *first_hint(const runs *R)
{
    for (size_t k = 0; k < sizeof hints / sizeof *hints; k++) {
        const run *u = find_run(R, hints[k]);
        if (u) return u->text;
    }
    return NULL;
}

/* F5, then PgDn through every cue of the scenario: no frame names the wheel, a click or a hover. */
static void no_hints_at_any_cue(const char *scenario)
{
    static runs R;
    open_scenario(scenario);
    frame_runs(&R);
    cr_assert(first_hint(&R), "%s: the window itself shows its hints (the check would prove nothing)", scenario);
    key(SDLK_F5);
    cr_assert(W->app.st.presenting);
    for (size_t c = 0; c < W->app.base.ncues; c++) {
        press(SDLK_PAGEDOWN);
        cr_assert_eq(W->app.st.cue, (int)c);
        frame_runs(&R);
        const char *h = first_hint(&R);
        cr_expect_null(h, "%s cue %zu, presenting, shows the hint \"%s\"", scenario, c + 1, h);
    }
}

Test(present, omap_stall_cues_show_no_mouse_hints) { no_hints_at_any_cue("omap-stall.json"); }
Test(present, hackbench_cues_show_no_mouse_hints) { no_hints_at_any_cue("hackbench.json"); }

static bool within(rd_rect a, rd_rect r) { return a.x >= r.x && a.y >= r.y && a.x + a.w <= r.x + r.w && a.y + a.h <= r.y + r.h; }

/* A run whose text starts with prefix (exact: whole text) drawn inside r. */
static bool run_in(const runs *R, const char *prefix, bool exact, rd_rect r)
{
    for (int i = 0; i < R->n; i++) {
        const run *u = &R->v[i];
        bool match = exact ? !strcmp(u->text, prefix) : !strncmp(u->text, prefix, strlen(prefix));
        if (match && within(u->r, r)) return true;
    }
    return false;
}

/* F5, then PgDn to cue n (1-based), and that frame's runs. */
static void present_cue(const char *scenario, int n, runs *R)
{
    open_scenario(scenario);
    frame();
    key(SDLK_F5);
    for (int i = 0; i < n; i++) press(SDLK_PAGEDOWN);
    cr_assert_eq(W->app.st.cue, n - 1);
    frame_runs(R);
}

Test(present, hackbench_compare_cue_shows_the_rcu_threads_its_caption_names)
{
    /* cue 2: "the rcu_sched kthread does that work and top lists it under its own name" and "counted in
     * the tasks row"; the thread list was cut after the RCU-work rows, under two empty 90-px logs */
    static runs R;
    present_cue("hackbench.json", 2, &R);
    cr_assert(W->app.st.compare);
    const ui_layout *L = &W->app.L;
    cr_expect(run_in(&R, "rcu_sched", true, L->side[1].acct), "3.7's top list shows rcu_sched");
    bool thread = false; /* "ksoftirqd/12", not the RCU-work row "ksoftirqd/N" */
    for (int i = 0; i < R.n; i++)
        thread |= !strncmp(R.v[i].text, "ksoftirqd/", 10) && strcmp(R.v[i].text, "ksoftirqd/N") && within(R.v[i].r, L->side[0].acct);
    cr_expect(thread, "3.6's top list shows its busiest ksoftirqd thread");
    for (int i = 0; i < 2; i++)
        cr_expect(run_in(&R, "tasks: call_rcu()", false, L->side[i].acct), "side %d keeps its tasks row", i);
    /* both logs are empty: each keeps its title line only */
    int title = rd_line_height(W->rd, RD_BOLD) + rd_px(W->rd, 8);
    for (int i = 0; i < 2; i++) {
        cr_expect_eq(W->app.s[i].view.klog_total, 0u);
        cr_expect_leq(L->side[i].klog.h, title, "side %d: an empty log takes %d px", i, L->side[i].klog.h);
        cr_expect(run_in(&R, "Kernel log", true, L->side[i].klog), "side %d: the log's title still shows", i);
    }
}

Test(present, omap_stall_compare_cue_shows_37s_snapshot_credit)
{
    /* cue 5: "the rcu_sched kthread's first timed FQS pass ... credits it ("snap", which the kernel does
     * not trace), and the grace period ends":
     * credit and end share one instant, and the credit was drawn only while a GP was open */
    static runs R;
    present_cue("omap-stall.json", 5, &R);
    const ui_layout *L = &W->app.L;
    const ui_view *v = &W->app.s[1].view;
    cr_assert_eq(v->mode, RV_MODE_KTHREAD);
    cr_assert_eq(v->fl[v->flavor].gpnum, v->fl[v->flavor].completed, "3.7's grace period is over at the cue");
    cr_expect(run_in(&R, "snap", true, L->side[1].cpus), "3.7's credited CPU tile shows its snap badge");
    /* "1 d" where the box has room for the CPU's number, else "d" */
    cr_expect(run_in(&R, "1 d", true, L->side[1].tree) || run_in(&R, "d", true, L->side[1].tree), "3.7's tree shows the credited bit as d");
    cr_expect(run_in(&R, "FQS credited: CPU 1 snap", true, L->side[1].tree), "3.7's tree names the credit");
}

/* The darkest pixel (mean of r, g, b) drawn inside r: text at full strength is dark on the light panel,
 * faded text ("ahead of now") is light. A column dark from top to bottom is a line through the label,
 * not its ink (the now line, which a label may run across when it has no room beside its mark
 * otherwise). */
static int darkest(rd_rect r)
{
    SDL_Surface *s = rd_surface(W->rd);
    cr_assert(s);
    int best = 255;
    for (int x = r.x; x < r.x + r.w && x < s->w; x++) {
        int lo = 255, hi = 0;
        for (int y = r.y; y < r.y + r.h && y < s->h; y++) {
            Uint32 px = ((Uint32 *)((Uint8 *)s->pixels + y * s->pitch))[x];
            Uint8 cr, cg, cb;
            SDL_GetRGB(px, s->format, &cr, &cg, &cb);
            int l = (cr + cg + cb) / 3;
            if (l < lo) lo = l;
            if (l > hi) hi = l;
        }
        if (hi >= 100 && lo < best) best = lo;
    }
    return best;
}

/* omap-stall compared at t ns with a 667-ms timeline (as the README's clip around the wake-up shows it). */
static void omap_wakeup_at(int64_t t, runs *R)
{
    open_scenario("omap-stall.json");
    char err[4096];
    cr_assert_eq(ui_app_set_compare(&W->app, true, err, sizeof err), 0, "%s", err);
    for (int i = 0; i < W->app.nsessions; i++)
        while (tt_explore(W->app.s[i].tt, 1000)) {} /* the future known, as a clip's look-ahead knows it */
    W->app.st.timeline_span = 667000000LL;
    W->app.st.timeline_manual = true;
    ui_app_seek(&W->app, t);
    while (ui_app_seek_continue(&W->app, 1000)) {}
    frame_runs(R);
}

/* The darkest pixel of the first run starting with prefix in side i's timeline; -1 when not drawn. */
static int timeline_ink(const runs *R, int side, const char *prefix)
{
    for (int k = 0; k < R->n; k++)
        if (!strncmp(R->v[k].text, prefix, strlen(prefix)) && within(R->v[k].r, W->app.L.side[side].timeline)) return darkest(R->v[k].r);
    return -1;
}

Test(present, the_timeline_fades_everything_ahead_of_now_on_both_sides)
{
    /* 20 ms before omap-stall's wake-up (80.0 s) the look-ahead knows it: 3.7 drew "wake CPU 0" and
     * both sides' next caption at full strength beside 3.6's faded stall, and 3.6 had no wake label */
    static runs R;
    const char *caption[2] = {"An interrupt", "One interrupt"}; /* each side's caption from 80 s on */
    int before[2][2], after[2][2];
    omap_wakeup_at(79980000000LL, &R);
    for (int i = 0; i < 2; i++) {
        before[i][0] = timeline_ink(&R, i, "wake CPU 0");
        before[i][1] = timeline_ink(&R, i, caption[i]);
    }
    omap_wakeup_at(80020000000LL, &R);
    for (int i = 0; i < 2; i++) {
        after[i][0] = timeline_ink(&R, i, "wake CPU 0");
        after[i][1] = timeline_ink(&R, i, caption[i]);
    }
    for (int i = 0; i < 2; i++)
        for (int k = 0; k < 2; k++) {
            const char *what = k ? caption[i] : "wake CPU 0";
            cr_expect_geq(before[i][k], 0, "side %d: \"%s\" labelled ahead of now", i, what);
            cr_expect_geq(after[i][k], 0, "side %d: \"%s\" labelled once past", i, what);
            cr_expect_gt(before[i][k], after[i][k] + 60, "side %d: \"%s\" ahead of now is faded (darkest %d, once past %d)",
                         i, what, before[i][k], after[i][k]);
        }
}

/* A 1280x720 projector gives the window 1280x688 inside its title bar. */
static void setup_688(void) { window_fixture_open(cfgdir, "present688", 1280, 688, false); }
TestSuite(present688, .init = setup_688, .fini = teardown);

Test(present688, on_a_projector_the_cue_still_shows_rcu_sched_in_top)
{
    /* there the caption strip was sized for the cues' captions at half width, ~55 px taller than the
     * three lines they take across it, and 3.7's top list stopped after hackbench */
    static runs R;
    present_cue("hackbench.json", 2, &R);
    cr_expect(run_in(&R, "rcu_sched", true, W->app.L.side[1].acct), "3.7's top list shows rcu_sched");
}

Test(present, omap_stall_cue_4_shows_the_whole_why_answer)
{
    /* cue 4 is the stall warning: the Why panel's answer (the first FQS pass ran only 75 s into the
     * GP and found CPU 0 running) stopped behind "▼ 4 more lines" under a tree panel half empty */
    static runs R;
    present_cue("omap-stall.json", 4, &R);
    bool running = false;
    for (int i = 0; i < R.n; i++) {
        running |= strstr(R.v[i].text, "CPU 0 running") && within(R.v[i].r, W->app.L.why);
        cr_expect(!(strstr(R.v[i].text, "more line") && within(R.v[i].r, W->app.L.why)), "the why panel hides lines: %s", R.v[i].text);
    }
    cr_expect(running, "the why answer reaches 'found CPU 0 running'");
}

/* Nothing in presentation mode said that dti, snap, ofl, qsmaskinit, holdoff or FQS are explained
 * under G (a student found the glossary only by reading the README): the top bar names the key, small,
 * at every cue, beside a line it leaves whole; with the glossary open it says nothing. */
static void glossary_named_at_every_cue(const char *scenario)
{
    static runs R;
    open_scenario(scenario);
    key(SDLK_F5);
    for (size_t c = 0; c < W->app.base.ncues; c++) {
        press(SDLK_PAGEDOWN);
        frame_runs(&R);
        const run *g = find_run(&R, "G: glossary");
        cr_expect(g && within(g->r, W->app.L.top), "%s cue %zu: the top bar does not name G", scenario, c + 1);
        for (int i = 0; i < R.n; i++)
            cr_expect(!within(R.v[i].r, W->app.L.top) || strcmp(R.v[i].text, "…"), "%s cue %zu: the top bar's line is cut",
                      scenario, c + 1);
    }
    key(SDLK_g);
    cr_assert(W->app.st.show_glossary);
    frame_runs(&R);
    cr_expect_null(find_run(&R, "G: glossary"), "%s: the glossary is open, and the top bar still names G", scenario);
}

Test(present, omap_stall_cues_name_the_glossary_key) { glossary_named_at_every_cue("omap-stall.json"); }
Test(present, hackbench_cues_name_the_glossary_key) { glossary_named_at_every_cue("hackbench.json"); }

/* Presenting hides the bar's "PgDn: lecture, 6 cues": the cue's title says how far the lecture has got
 * ("3 of 6 · An extra grace period nobody needs"; a lecturer could not tell how many cues were left). */
Test(present, the_cue_title_says_which_of_how_many)
{
    static runs R;
    present_cue("omap-stall.json", 3, &R);
    const run *t = find_run(&R, "3 of 6 · An extra grace period nobody needs");
    cr_expect(t && within(t->r, W->app.L.top), "the top bar does not say cue 3 of 6");
}

/* A share of one CPU that rounds to 0.0 % but is not nothing reads "<0.1%": omap-stall's RCU rows (1.06
 * ms in 80 s) showed "0.0%" each, which a class read as "RCU costs nothing"; a true zero stays "0.0%". */
Test(present, a_tiny_share_reads_under_a_tenth_of_a_percent)
{
    static runs R;
    present_cue("omap-stall.json", 4, &R);
    rd_rect acct = W->app.L.side[0].acct;
    cr_expect(run_in(&R, "<0.1%", true, acct), "no \"<0.1%%\" in the CPU time panel");
    cr_expect(run_in(&R, "0.0%", true, acct), "GP kthreads' true zero under 3.6 no longer reads 0.0%%");
}

/* hackbench compared in a 1280x688 window (cue 3): two rows of small CPU tiles, each with its number beside its
 * state letter; they drew the letter alone, and the tree's "qsmask 0x2000" named a CPU 13 the room
 * could not find (a lecturer). */
Test(present688, small_cpu_tiles_keep_their_numbers)
{
    static runs R;
    present_cue("hackbench.json", 3, &R);
    for (int side = 0; side < 2; side++) {
        rd_rect cpus = W->app.L.side[side].cpus;
        for (int cpu = 0; cpu < 16; cpu++) {
            char num[8];
            snprintf(num, sizeof num, "%d", cpu);
            cr_expect(run_in(&R, num, true, cpus), "side %d: CPU %d's tile has no number", side, cpu);
        }
    }
}
