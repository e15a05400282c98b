/* test_timeline_slide.c — the timeline alone on a slide (shot --panel timeline, fitted text): whole words in the captions lane, lanes that fill the panel, labels beside their marks. */
#include <criterion/criterion.h>

#include "app_load.h"
#include "export/export.h"
#include "panels/panels.h"
#include "text_runs.h"
#include "view/layout_export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;
static ui_app A;
static rd_ctx *RD;

/* The pictures a speaker takes for a slide: 1920x1080 and 1280x720, compared or not, with and without
 * captions (--set 'captions=[]'). */
typedef struct slide { int w, h; bool compare, captions; } slide;
static const slide slides[] = {
    {1920, 1080, true, true},  {1920, 1080, false, true},  {1280, 720, true, true},  {1280, 720, false, true},
    {1920, 1080, true, false}, {1920, 1080, false, false}, {1280, 720, true, false}, {1280, 720, false, false},
};
enum { NSLIDES = sizeof slides / sizeof *slides };

static const char *named(const slide *s)
{
    static char b[64];
    snprintf(b, sizeof b, "%dx%d%s%s", s->w, s->h, s->compare ? " compared" : "", s->captions ? "" : " without captions");
    return b;
}

/* `shot omap-stall --at 80.5 --panel timeline --timeline 90 --size WxH [--compare] [--set captions=[]]`:
 * A at that moment, RD at the fitted scale, its text runs in R. */
static void shoot(const slide *s)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/scenarios/omap-stall.json", root);
    ui_app_init(&A);
    if (!s->captions) cr_assert_eq(ui_app_set_override(&A, "captions", "[]"), 0);
    cr_assert_eq(ui_app_load(&A, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(&A, s->compare, err, sizeof err), 0, "%s", err);
    A.st.timeline_span = 90000000000LL;
    A.st.timeline_manual = true;
    app_seek(&A, 80500000000LL);
    RD = rd_new_offscreen(s->w, s->h, 1.0f, err, sizeof err);
    cr_assert(RD, "%s", err);
    ex_look look = {.panel = UI_PANEL_TIMELINE, .klog = -1, .caption = -1};
    ex_fit_panel_scale(&A, RD, &look);
    R.n = 0;
    rd_set_text_observer(RD, keep_run, &R);
    ex_draw(&A, RD, &look);
    rd_end(RD);
    rd_set_text_observer(RD, NULL, NULL);
}

static void unshoot(void)
{
    rd_free(RD);
    ui_app_free(&A);
}

/* Side i's plot (lanes and axis) and the times it spans. */
static const ui_hit *plot_of(int side)
{
    for (int k = 0; k < A.fr.nhits; k++)
        if (A.fr.hits[k].kind == HIT_TIMELINE && A.fr.hits[k].side == side) return &A.fr.hits[k];
    cr_assert_fail("no timeline drawn on side %d", side);
    return NULL;
}

static int x_of(const ui_hit *p, int64_t t) { return p->r.x + (int)((double)(t - p->t0) * p->r.w / (double)(p->t1 - p->t0)); }

/* The run reading exactly `text` that begins in r, or NULL. */
static const run *run_is(rd_rect r, const char *text)
{
    for (int k = 0; k < R.n; k++)
        if (starts_in(R.v[k].r, r) && !strcmp(R.v[k].text, text)) return &R.v[k];
    return NULL;
}

/* Where side i's captions lane ends: the top of the sched lane's label, left of the plot. */
static int sched_label_y(int side)
{
    const run *u = run_is(A.L.side[side].timeline, "sched");
    cr_assert(u, "side %d: no sched lane label", side);
    return u->r.y;
}

/* Is u a line of side i's captions lane: in the plot, above the sched lane's label, and no GP bar's
 * label ("GP 166", in the sched lane above its label's line)? */
static bool in_captions_lane(const run *u, int side)
{
    return starts_in(u->r, plot_of(side)->r) && u->r.y < sched_label_y(side) && strncmp(u->text, "GP", 2);
}

/* Is t (a trailing "…" taken off) whole words of one of side i's captions: found in its text, after a
 * space or at its start, before a space or at its end? */
static bool whole_words(int side, const char *t)
{
    char w[200];
    snprintf(w, sizeof w, "%s", t);
    size_t n = strlen(w), el = strlen("\u2026");
    if (n >= el && !strcmp(w + n - el, "\u2026")) w[n -= el] = 0;
    while (n && w[n - 1] == ' ') w[--n] = 0;
    if (!n) return true; /* the ellipsis alone */
    const rv_config *cfg = A.s[side].view.cfg;
    for (size_t c = 0; c < cfg->ncaptions; c++)
        for (const char *p = cfg->captions[c].text; (p = strstr(p, w)); p++)
            if ((p == cfg->captions[c].text || p[-1] == ' ') && (p[n] == 0 || p[n] == ' ')) return true;
    return false;
}

/* omap-stall's captions lane, the panel alone at 1920x1080, wrapped each caption inside its own time
 * span as a column a word or two wide: "call_r / cu() traffi / c.", "RCU_S / OFTIRQ", "e 3…". A line
 * of the lane holds whole words only, and a box too narrow for a word shows none. */
Test(timeline_slide, the_captions_lane_never_breaks_a_word)
{
    int seen = 0;
    for (int z = 0; z < NSLIDES; z++) {
        if (!slides[z].captions) continue;
        shoot(&slides[z]);
        for (int i = 0; i < A.L.nsides; i++) {
            for (int k = 0; k < R.n; k++) {
                const run *u = &R.v[k];
                if (!in_captions_lane(u, i)) continue;
                seen++;
                cr_expect(whole_words(i, u->text), "%s, side %d: the captions lane shows \"%s\", a word cut", named(&slides[z]), i, u->text);
            }
        }
        unshoot();
    }
    cr_expect_gt(seen, 8, "too few caption lines seen (%d): the check would prove nothing", seen);
}

/* The same lane took ~80 % of the picture's height, the GP lanes squeezed under it. It stays within a
 * few lines of text (three, and its padding) and the sched lane's label in the upper half of the plot. */
Test(timeline_slide, the_captions_lane_takes_a_few_lines_and_the_lanes_the_rest)
{
    for (int z = 0; z < NSLIDES; z++) {
        if (!slides[z].captions) continue;
        shoot(&slides[z]);
        int lh = rd_line_height(RD, RD_SANS_SMALL);
        for (int i = 0; i < A.L.nsides; i++) {
            const ui_hit *p = plot_of(i);
            int lane_end = sched_label_y(i), bottom = p->r.y;
            for (int k = 0; k < R.n; k++)
                if (in_captions_lane(&R.v[k], i) && R.v[k].r.y + R.v[k].r.h > bottom) bottom = R.v[k].r.y + R.v[k].r.h;
            cr_expect_leq(bottom - p->r.y, 3 * lh + rd_px(RD, 8), "%s, side %d: caption text runs %d px down the lane (a line is %d px)",
                          named(&slides[z]), i, bottom - p->r.y, lh);
            cr_expect_leq(lane_end - p->r.y, p->r.h / 2, "%s, side %d: the sched lane's label is %d px down a plot %d px tall",
                          named(&slides[z]), i, lane_end - p->r.y, p->r.h);
        }
        unshoot();
    }
}

/* Without captions the lanes filled the top third of the panel, over half of it blank below the axis,
 * which read "0 s" and "50 s" only. The axis lies in the panel's bottom fifth, with at least four times. */
Test(timeline_slide, the_lanes_fill_the_panel_and_the_axis_has_times)
{
    for (int z = 0; z < NSLIDES; z++) {
        shoot(&slides[z]);
        for (int i = 0; i < A.L.nsides; i++) {
            const ui_hit *p = plot_of(i);
            rd_rect panel = A.L.side[i].timeline;
            int times = 0, axis_y = -1;
            for (int k = 0; k < R.n; k++) {
                const run *u = &R.v[k];
                size_t n = strlen(u->text);
                if (!starts_in(u->r, p->r) || n < 3 || strcmp(u->text + n - 2, " s") || u->text[0] < '0' || u->text[0] > '9') continue;
                char *end;
                strtod(u->text, &end);
                if (strcmp(end, " s")) continue;
                times++;
                axis_y = u->r.y;
            }
            cr_expect_geq(times, 4, "%s, side %d: the axis shows %d times", named(&slides[z]), i, times);
            cr_expect_geq(axis_y, panel.y + panel.h * 4 / 5, "%s, side %d: the axis is at %d px of a panel %d px tall", named(&slides[z]), i,
                          axis_y - panel.y, panel.h);
        }
        unshoot();
    }
}

/* How far mark x is from run u (0 when under it). */
static int dist(const run *u, int x) { return x < u->r.x ? u->r.x - x : x > u->r.x + u->r.w ? x - (u->r.x + u->r.w) : 0; }

/* Labels ran far from their marks: "80 s wake CPU 0  ! stall rcu_sched CPU 0" began at 5 s for marks at
 * 80 s, and 3.7's "call_rcu_burst CPU 0  call_rcu_burst CPU 1  idle" ran over 10-75 s for marks at 4.5
 * and 5 s. Each label is within 30 px of its own mark; the wake-up and 3.6's stall are labelled. */
Test(timeline_slide, each_event_label_sits_by_its_mark)
{
    static const struct { const char *text; int64_t t; } marks[] = {
        {"call_rcu_burst CPU 0", 4500000000LL}, {"call_rcu_burst CPU 1", 4500000000LL}, {"idle", 5000000000LL},
        {"wake CPU 0", 80000000000LL},          {"! stall rcu_sched CPU 0", 80007812500LL}, {"! stall CPU 0", 80007812500LL},
    };
    int checked = 0;
    for (int z = 0; z < NSLIDES; z++) {
        shoot(&slides[z]);
        for (int i = 0; i < A.L.nsides; i++) {
            const ui_hit *p = plot_of(i);
            bool stall = A.s[i].view.mode == RV_MODE_SOFTIRQ, wake = false, warned = false;
            for (size_t m = 0; m < sizeof marks / sizeof *marks; m++) {
                const run *u = run_is(p->r, marks[m].text);
                if (!u) continue;
                checked++;
                wake |= m == 3;
                warned |= m >= 4;
                int d = dist(u, x_of(p, marks[m].t));
                cr_expect_leq(d, rd_px(RD, 30), "%s, side %d: \"%s\" is %d px from its mark", named(&slides[z]), i, u->text, d);
            }
            cr_expect(wake, "%s, side %d: the wake-up is not labelled", named(&slides[z]), i);
            cr_expect(warned || !stall, "%s, side %d: the stall warning is not labelled", named(&slides[z]), i);
        }
        unshoot();
    }
    cr_expect_gt(checked, 20, "too few labels seen (%d): the check would prove nothing", checked);
}
