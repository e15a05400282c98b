/* test_klog_room.c — a kernel log of a line or two takes their height on slides and while presenting, and gives the rest to the CPU time panel; a full log keeps its rows. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "text_runs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;

/* a drawn as look at w x h logical pixels and scale, its text runs in R and its layout in a->L. */
static void draw(ui_app *a, const ex_look *look, int w, int h, float scale)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen((int)(w * scale), (int)(h * scale), scale, err, sizeof err);
    cr_assert(rd, "%s", err);
    R.n = 0;
    rd_set_text_observer(rd, keep_run, &R);
    ex_draw(a, rd, look);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
    rd_free(rd);
}

/* The most a kernel log of at most one short line may take at scale: its title and two rows. */
static int two_rows_high(float scale)
{
    char err[256];
    rd_ctx *rd = rd_new_offscreen(64, 64, scale, err, sizeof err);
    cr_assert(rd, "%s", err);
    int h = panel_chrome_height(rd) + 2 * rd_line_height(rd, RD_MONO_SMALL);
    rd_free(rd);
    return h;
}

static bool drawn_in(rd_rect r, const char *text)
{
    for (int i = 0; i < R.n; i++)
        if (starts_in(R.v[i].r, r) && !strcmp(R.v[i].text, text)) return true;
    return false;
}

static const struct { int w, h; float scale; } sizes[] = {{1280, 720, 1.0f}, {1600, 900, 1.0f}, {1280, 720, 1.5f}};

/* omap-stall's cue 6 (`shot omap-stall --cue 6 --clean --size 1920x1080`): 3.6's log held its stall
 * line and 3.7's nothing, over ~4 empty rows each, while 3.7's CPU time panel read "▼ 5 rows of top
 * hidden": the rcu_sched kthread the caption talks about was not shown. As a slide and in the
 * presenting window, each log is its title and two rows, the stall line still in it, and 3.7's top
 * list shows rcu_sched. */
Test(klog_room, a_log_of_one_line_gives_its_rows_to_the_cpu_time_panel)
{
    static const ex_look looks[] = {{.clean = true, .panel = -1, .klog = -1, .caption = -1},
                                    {.clean = false, .panel = -1, .klog = -1, .caption = -1}};
    ui_app a;
    app_at_cue(&a, "omap-stall.json", 5);
    cr_assert_eq(a.nsessions, 2, "cue 6 compares 3.6 and 3.7");
    for (size_t k = 0; k < sizeof looks / sizeof *looks; k++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
            draw(&a, &looks[k], sizes[s].w, sizes[s].h, sizes[s].scale);
            const char *what = looks[k].clean ? "slide" : "window";
            int most = two_rows_high(sizes[s].scale);
            for (int i = 0; i < 2; i++)
                cr_expect_leq(a.L.side[i].klog.h, most, "%s %dx%d x%.2f side %d: the log of %zu line(s) is %d px high, more than %d",
                              what, sizes[s].w, sizes[s].h, sizes[s].scale, i, a.s[i].view.klog_total, a.L.side[i].klog.h, most);
            bool stall = false;
            for (int r = 0; r < R.n; r++)
                stall |= starts_in(R.v[r].r, a.L.side[0].klog) && strstr(R.v[r].text, "self-detected stall") != NULL;
            cr_expect(stall, "%s %dx%d x%.2f: 3.6's stall warning is not in its log", what, sizes[s].w, sizes[s].h, sizes[s].scale);
            cr_expect(drawn_in(a.L.side[1].acct, "rcu_sched"), "%s %dx%d x%.2f: 3.7's top list does not show rcu_sched", what,
                      sizes[s].w, sizes[s].h, sizes[s].scale);
        }
    ui_app_free(&a);
}

/* rcutorture's hotplug messages (32 lines at 50 s) still fill the log's slot on a slide: the fit gives
 * room back only where a log has rows to spare. */
Test(klog_room, a_full_log_keeps_its_rows)
{
    ui_app a;
    app_load(&a, "rcutorture.json", true);
    app_seek(&a, 50000000000LL);
    ex_look look = {.clean = true, .panel = -1, .klog = -1, .caption = -1};
    draw(&a, &look, 1280, 720, 1.5f);
    for (int i = 0; i < 2; i++) {
        int lines = 0;
        for (int r = 0; r < R.n; r++) lines += starts_in(R.v[r].r, a.L.side[i].klog) && strstr(R.v[r].text, "smpboot:") != NULL;
        cr_expect_geq(lines, 4, "side %d: %d lines of its log shown", i, lines);
        cr_expect_gt(a.L.side[i].klog.h, two_rows_high(1.5f), "side %d: the full log was cut to two rows", i);
    }
    ui_app_free(&a);
}

static bool same_rect(rd_rect x, rd_rect y) { return x.x == y.x && x.y == y.y && x.w == y.w && x.h == y.h; }

/* a's layout drawn at t (its look-ahead finished first, as the window's is a few frames after a cue). */
static ui_layout layout_at(ui_app *a, int64_t t, int w, int h)
{
    ex_look window = {.clean = false, .panel = -1, .klog = -1, .caption = -1};
    app_seek(a, t);
    while (ui_app_explore(a, 1000)) {}
    ui_app_refresh_reports(a, 0, 0);
    draw(a, &window, w, h, 1.0f);
    return a->L;
}

static bool klog_says(const ui_app *a, int side, const char *what)
{
    for (int r = 0; r < R.n; r++)
        if (starts_in(R.v[r].r, a->L.side[side].klog) && strstr(R.v[r].text, what)) return true;
    return false;
}

/* A lecturer comparing offline-mid-gp played it: at 0.104 s the first line ("smpboot: CPU 2 is now
 * offline") came, the log grew from its title to two rows and every panel above it moved down, and
 * again nothing but time had passed at 1.2 s. Over the stretch shown (no cues: the whole run) the
 * log keeps its height, and shows its lines as they come. */
Test(klog_room, comparing_the_panels_stay_put_as_the_log_fills)
{
    for (size_t s = 0; s < 2; s++) {
        ui_app a;
        app_load(&a, "offline-mid-gp.json", true);
        ui_layout before = layout_at(&a, 50000000LL, sizes[s].w, sizes[s].h);
        cr_expect_not(klog_says(&a, 0, "smpboot"), "nothing logged yet at 0.05 s");
        static const int64_t later[] = {200000000LL, 1300000000LL};
        for (int k = 0; k < 2; k++) {
            ui_layout L = layout_at(&a, later[k], sizes[s].w, sizes[s].h);
            for (int i = 0; i < 2; i++) {
                const ui_side *p = &before.side[i], *q = &L.side[i];
                /* the log's height, and the CPUs and trees above it (the CPU time panel may still take the
                 * band a shorter caption leaves in the strip: room.c, not the log) */
                cr_expect(p->klog.h == q->klog.h && same_rect(p->cpus, q->cpus) && same_rect(p->tree, q->tree),
                          "%dx%d side %d: between 0.05 s and %.1f s the log went from %d px to %d (CPUs %d+%d, then %d+%d)",
                          sizes[s].w, sizes[s].h, i, later[k] / 1e9, p->klog.h, q->klog.h, p->cpus.y, p->cpus.h, q->cpus.y, q->cpus.h);
            }
            cr_expect(klog_says(&a, 0, "smpboot: CPU 2 is now offline"), "%dx%d at %.1f s: the line is not shown", sizes[s].w,
                      sizes[s].h, later[k] / 1e9);
        }
        ui_app_free(&a);
    }
}

/* Presenting omap-stall from cue 3 (4.539 s) on, the lecturer plays to cue 4's moment, the stall warning
 * at 80.0078125 s: the log has the room for it from the cue on, and the panels do not move when it
 * comes. */
Test(klog_room, presenting_a_cue_the_log_has_room_for_what_the_stretch_will_log)
{
    for (size_t s = 0; s < 2; s++) {
        ui_app a;
        app_at_cue(&a, "omap-stall.json", 2);
        a.st.presenting = true;
        ui_layout before = layout_at(&a, ui_app_now(&a), sizes[s].w, sizes[s].h);
        ui_layout L = layout_at(&a, 80007812501LL, sizes[s].w, sizes[s].h);
        cr_expect(klog_says(&a, 0, "self-detected stall"), "%dx%d: the stall warning is not in the log", sizes[s].w, sizes[s].h);
        const ui_side *p = &before.side[0], *q = &L.side[0];
        cr_expect(same_rect(p->cpus, q->cpus) && same_rect(p->acct, q->acct) && same_rect(p->timeline, q->timeline) &&
                      same_rect(p->klog, q->klog),
                  "%dx%d: the panels moved when the warning came (log %d px high, then %d)", sizes[s].w, sizes[s].h, p->klog.h,
                  q->klog.h);
        ui_app_free(&a);
    }
}
