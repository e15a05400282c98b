/* test_squeezed.c — small windows and pictures (1066x600, the smallest supported size, and below): the CPUs panel keeps a row of tiles and shortens its legend rather than draw it over its title, and no panel's text lands on other text or past its panel. */
#include <criterion/criterion.h>

#include "panels/panels.h"
#include "app_load.h"
#include "text_runs.h"
#include "window/app.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static runs R;

static bool meets(rd_rect a, rd_rect b) { return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h; }

/* One frame of a, w x h logical pixels at scale, its text runs in R. */
static void draw(ui_app *a, int w, int h, float scale)
{
    char err[512];
    rd_ctx *rd = rd_new_offscreen((int)(w * scale), (int)(h * scale), scale, err, sizeof err);
    cr_assert(rd, "%s", err);
    R.n = 0;
    app_draw_observed(a, rd, keep_run, &R);
    rd_free(rd);
}

static bool is_state_letter(const char *s) { return strlen(s) == 1 && strchr("UKIZX", s[0]); }

/* In every side's CPUs panel: the legend's words stay under the title row, no two texts overlap, and
 * at least one tile shows its state letter. */
static void check_cpus(const ui_app *a, const char *what)
{
    for (int s = 0; s < a->L.nsides; s++) {
        rd_rect p = a->L.side[s].cpus;
        cr_assert(p.h > 0, "%s: side %d has no CPUs panel", what, s);
        int title = -1, tiles = 0;
        for (int i = 0; i < R.n; i++)
            if (starts_in(R.v[i].r, p) && (!strcmp(R.v[i].text, "CPUs") || !strcmp(R.v[i].text, "CPU"))) title = i;
        cr_assert(title >= 0, "%s: side %d: no CPUs title", what, s);
        rd_rect row = {p.x, p.y, p.w, R.v[title].r.y + R.v[title].r.h - p.y};
        for (int i = 0; i < R.n; i++) {
            const run *u = &R.v[i];
            if (!starts_in(u->r, p) || i == title) continue;
            if (u->r.y >= row.y + row.h && is_state_letter(u->text)) tiles++;
            bool subtitle = u->r.y == R.v[title].r.y; /* the subtitle shares the title's baseline */
            cr_assert(subtitle || !meets(u->r, row), "%s: side %d: \"%s\" drawn over the CPUs panel's title row", what, s, u->text);
            for (int j = i + 1; j < R.n; j++)
                if (starts_in(R.v[j].r, p) && j != title && R.v[j].r.w > 0 && u->r.w > 0)
                    cr_assert(!meets(u->r, R.v[j].r), "%s: side %d: \"%s\" and \"%s\" drawn over each other", what, s, u->text,
                              R.v[j].text);
        }
        cr_assert(tiles >= 1, "%s: side %d: no CPU tile shows its state", what, s);
    }
}

/* hackbench's cue 3 presented at 1066x600, the README's smallest size: its legend was drawn up over
 * "CPUs" and the panel header, and no tile was left. */
Test(squeezed, hackbench_cue_3_at_1066x600_keeps_tiles_under_the_title)
{
    ui_app a;
    char err[512];
    app_load(&a, "hackbench.json", false);
    cr_assert_eq(ui_app_goto_cue(&a, 2, err, sizeof err), 0, "%s", err);
    a.st.presenting = true;
    draw(&a, 1066, 600, 1.0f);
    check_cpus(&a, "hackbench cue 3, 1066x600");
    ui_app_free(&a);
}

/* omap-stall compared at 960x540 scale 2 (a slide), and a 4-CPU scenario compared at 960x540. */
Test(squeezed, compared_below_the_smallest_size_keeps_tiles)
{
    ui_app a;
    app_load(&a, "omap-stall.json", true);
    a.st.clean = true;
    app_seek(&a, 80500000000LL);
    draw(&a, 960, 540, 2.0f);
    check_cpus(&a, "omap-stall compared, 960x540 x2");
    ui_app_free(&a);
    app_load(&a, "small-busy.json", true);
    app_seek(&a, 2000000000LL);
    draw(&a, 960, 540, 1.0f);
    check_cpus(&a, "small-busy compared, 960x540");
    ui_app_free(&a);
}

/* The tree's driver and credits lines stay inside the tree panel in a small live window. */
Test(squeezed, tree_status_lines_stay_in_their_panel)
{
    static const struct { const char *scen; bool compare; int w, h; float scale; int64_t t; } cases[] = {
        {"hackbench.json", false, 800, 500, 1.0f, 2000000000LL},
        {"omap-stall.json", true, 960, 540, 2.0f, 80500000000LL},
        {"omap-stall.json", false, 800, 500, 1.0f, 80500000000LL},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ui_app a;
        app_load(&a, cases[k].scen, cases[k].compare);
        app_seek(&a, cases[k].t);
        draw(&a, cases[k].w, cases[k].h, cases[k].scale);
        for (int s = 0; s < a.L.nsides; s++) {
            rd_rect p = a.L.side[s].tree;
            for (int i = 0; i < R.n; i++) {
                const run *u = &R.v[i];
                /* the driver line ("3.6: no kthread; ...") and the credits ("FQS credited: ...") in the
                 * tree's column: they were drawn from the content's top whatever its height */
                bool status = !strncmp(u->text, "3.6: ", 5) || !strncmp(u->text, "3.7: ", 5) || !strncmp(u->text, "FQS credited", 12);
                if (!status || u->r.x < p.x || u->r.x >= p.x + p.w) continue;
                cr_assert(u->r.y >= p.y && u->r.y + u->r.h <= p.y + p.h, "%s %dx%d: tree text \"%s\" at y %d..%d, outside its panel (y %d..%d)",
                          cases[k].scen, cases[k].w, cases[k].h, u->text, u->r.y, u->r.y + u->r.h, p.y, p.y + p.h);
            }
        }
        ui_app_free(&a);
    }
}

/* A laptop's browser leaves the page about 1280x606: omap-stall's cue 5 compared there showed "▼ 4 more
 * lines (scroll)" and not a word of 3.6's answer (the keys line took the panel's other line). With one
 * line of room, the line is the answer's first, cut, with the cue beside it; with two, the keys line
 * gives way to the answer. */
Test(squeezed, a_short_why_panel_shows_the_answer_not_just_the_cue)
{
    ui_app a;
    char err[512];
    app_load(&a, "omap-stall.json", true);
    cr_assert_eq(ui_app_goto_cue(&a, 4, err, sizeof err), 0, "%s", err);
    draw(&a, 1280, 606, 1.0f);
    bool answer = false;
    for (int i = 0; i < R.n; i++) answer |= strstr(R.v[i].text, "CPU 0 is dyntick-idle") != NULL;
    cr_expect(answer, "3.6's Why panel shows the first words of its answer");
    ui_app_free(&a);
}
