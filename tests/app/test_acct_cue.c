/* test_acct_cue.c — a short CPU time panel: its "▼" cue counts the top list's rows it hides and names the other lines it hides, and a clip keeps the list's first rows before lower-value lines. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "text_runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;

/* A thread row's name as drawn, back to the report's: no rank ("#2 "), no group (" ×16"), no " (exited)". */
static void row_name(const char *s, char *out, size_t n)
{
    if (s[0] == '#' && strchr(s, ' ')) s = strchr(s, ' ') + 1;
    snprintf(out, n, "%s", s);
    char *cut = strstr(out, " \u00D7");
    if (cut) *cut = 0;
    if ((cut = strstr(out, " (exited)"))) *cut = 0;
}

/* How many of the report's threads side s draws as rows of its CPU time panel. */
static int thread_rows_drawn(const ui_app *a, int s)
{
    const rv_report *rep = a->s[s].view.report;
    rd_rect p = a->L.side[s].acct;
    int n = 0;
    for (int i = 0; i < R.n; i++) {
        if (!starts_in(R.v[i].r, p)) continue;
        char nm[200];
        row_name(R.v[i].text, nm, sizeof nm);
        for (size_t k = 0; k < rep->nthreads; k++)
            if (!strcmp(nm, rep->threads[k].name)) { n++; break; }
    }
    return n;
}

/* The panel's "▼ ..." cue on side s, or NULL. */
static const char *cue_of(const ui_app *a, int s)
{
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, a->L.side[s].acct) && !strncmp(R.v[i].text, "\u25BC ", strlen("\u25BC "))) return R.v[i].text;
    return NULL;
}

/* Does side s draw a line of flavor fn's block: its first ("rcu_bh  12 GPs ..."), or a line shown
 * without it, which names the flavor ("rcu_bh: 31.4 µs per GP ...")? */
static bool flavor_drawn(const ui_app *a, int s, const char *fn)
{
    char first[40], named[40];
    snprintf(first, sizeof first, "%s  ", fn);
    snprintf(named, sizeof named, "%s: ", fn);
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, a->L.side[s].acct) &&
            (!strncmp(R.v[i].text, first, strlen(first)) || !strncmp(R.v[i].text, named, strlen(named))))
            return true;
    return false;
}

/* A clean compare slide of scenario at t ns, 1280x720 at UI scale 1.5 (1920x1080 pixels), as
 * `rcuvis shot --compare --clean --size 1280x720 --scale 1.5` draws it. */
static void slide(ui_app *a, const char *scenario, int64_t t)
{
    char err[512];
    app_load(a, scenario, true);
    app_seek(a, t);
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.5f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_look look = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ex_draw(a, rd, &look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
}

/* Each side's cue says exactly how many rows of the top list it hides ("▼ 15 more rows in top"), and
 * a flavor whose lines are all hidden is named in it: hackbench at 60 s said "▼ 19 more rows" over 2
 * of 17 threads (the hidden rcu_bh lines counted as thread rows), omap-stall at 80.5 s "▼ 10 more
 * rows" over 1 of 4. */
static void expect_honest_cues(const char *scenario, int64_t t)
{
    ui_app a;
    slide(&a, scenario, t);
    cr_assert_eq(a.L.nsides, 2);
    int cues = 0;
    for (int s = 0; s < 2; s++) {
        const rv_report *rep = a.s[s].view.report;
        cr_assert(rep);
        int shown = thread_rows_drawn(&a, s), hidden = (int)rep->nthreads - shown;
        const char *cue = cue_of(&a, s);
        if (hidden > 0) {
            cr_assert(cue, "%s side %d: %d of %zu threads drawn, no cue", scenario, s, shown, rep->nthreads);
            char want[64];
            snprintf(want, sizeof want, "\u25BC %d more row%s in top", hidden, hidden == 1 ? "" : "s");
            cr_expect(!strncmp(cue, want, strlen(want)), "%s side %d: %d of %zu threads drawn, the cue reads \"%s\"", scenario, s, shown,
                      rep->nthreads, cue);
            cues++;
        }
        for (int f = 0; f < RV_NFLAVORS; f++) {
            const char *fn = rv_flavor_name(f);
            if (!rep->flavors[f].enabled || flavor_drawn(&a, s, fn)) continue;
            cr_expect(cue && strstr(cue, fn), "%s side %d: %s's lines are hidden unmarked (cue: \"%s\")", scenario, s, fn, cue ? cue : "none");
        }
    }
    cr_expect_gt(cues, 0, "%s: no side hides thread rows (the check would prove nothing)", scenario);
    ui_app_free(&a);
}

Test(acct_cue, the_cue_counts_hidden_thread_rows_apart_from_hidden_lines)
{
    expect_honest_cues("hackbench.json", 60000000000LL);
    expect_honest_cues("omap-stall.json", 80500000000LL);
}

/* A clip's frames, the text runs of each side's CPU time panel noted per frame. */
typedef struct clip_watch { const ui_app *a; int n; bool top[64][2], rcu[64][2]; } clip_watch;

static bool rcu_row(const char *s)
{
    char nm[200];
    row_name(s, nm, sizeof nm);
    return !strcmp(nm, "rcu_sched") || (!strncmp(nm, "ksoftirqd/", 10) && nm[10] >= '0' && nm[10] <= '9');
}

static int clip_frame(void *ctx, rd_ctx *rd, int i, int n)
{
    (void)rd; (void)n;
    clip_watch *cw = ctx;
    if (i < 64)
        for (int s = 0; s < cw->a->L.nsides && s < 2; s++)
            for (int k = 0; k < R.n; k++) {
                if (!starts_in(R.v[k].r, cw->a->L.side[s].acct)) continue;
                cw->top[i][s] |= !strcmp(R.v[k].text, "Threads (top)");
                cw->rcu[i][s] |= rcu_row(R.v[k].text);
            }
    cw->n++;
    R.n = 0;
    return 0;
}

/* omap-stall compared, clean, with the cue bar, 1280x720 at 1.5, the clip over the stall warning: the
 * CPU time panel ended at "scheduling-clock tick" and "▼ 12 more rows" in every frame, and 3.7's
 * rcu_sched, the thread a talk on 3.7's kthreads points at, never showed. Each frame now shows the
 * top list's heading and its first RCU thread on both sides. */
Test(acct_cue, a_short_clip_panel_keeps_the_first_rcu_thread)
{
    ui_app a;
    char err[512];
    app_load(&a, "omap-stall.json", true);
    rd_ctx *rd = rd_new_offscreen(1920, 1080, 1.5f, err, sizeof err);
    cr_assert(rd, "%s", err);
    ex_anim an = {.from_ns = 79980000000LL, .to_ns = 80060000000LL, .fps = 10, .length_s = 4, .out = "unused/", .w = 1920, .h = 1080,
                  .scale = 1.5f};
    ex_look look = {.clean = true, .panel = -1, .cues = true, .klog = -1, .caption = -1};
    static clip_watch cw;
    memset(&cw, 0, sizeof cw);
    cw.a = &a;
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    cr_assert_eq(ex_clip_frames(&a, rd, &an, &look, clip_frame, &cw), 0);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
    cr_assert_eq(cw.n, 40);
    for (int s = 0; s < 2; s++) {
        int bad = 0, first = -1;
        for (int i = 0; i < cw.n && i < 64; i++)
            if (!(cw.top[i][s] && cw.rcu[i][s]) && !bad++) first = i;
        cr_expect_eq(bad, 0, "%s side: %d of %d frames without %s (the first: frame %d)", s ? "3.7" : "3.6", bad, cw.n,
                     first >= 0 && cw.top[first][s] ? "an RCU thread in the top list" : "the top list", first + 1);
    }
    ui_app_free(&a);
}
