/* test_acct_cue.c — a short CPU time panel: a clip keeps the top list's first rows before lower-value lines. */
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
