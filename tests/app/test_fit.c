/* test_fit.c — every shipped scenario, drawn off-screen at projector sizes and UI scales, shows all its text whole. */
#include "demo_app.h"
#include <criterion/criterion.h>

#include "window/app.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Window sizes a lecture room meets (1280x688: a 1280x720 projector under a title bar), and UI scales
 * from 100 to 150 %. The output is the window's pixels; the UI scale shrinks the logical space the
 * panels lay out in, as in the window (compare mode's down to UI_MIN_COMPARE_W x H, 133 % here). */
static const struct { int w, h; } sizes[] = {{1280, 720}, {1280, 688}, {1600, 900}, {1920, 1080}};
static const float scales[] = {1.0f, 1.25f, 1.5f};

/* The moments drawn per scenario: early (first grace periods), and a later one where stalls and
 * long grace periods have had time to appear, capped so the test stays fast on long runs. */
static void moments(const ui_app *a, int64_t out[2])
{
    int64_t end = ui_app_end(a);
    out[0] = end < 300000000LL ? end / 2 : 300000000LL;
    out[1] = end < 80000000000LL ? end * 9 / 10 : 80000000000LL;
    if (a->base.cpus > 256 && out[1] > 1500000000LL) out[1] = 1500000000LL;
}

/* Draws the app at every size and scale; returns failures (and prints which label was cut). */
static int check_all_sizes(ui_app *a, const char *what)
{
    int bad = 0;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++) {
            char err[512];
            /* the window lowers a scale that leaves too little room (ui_fit_scale); so does the test */
            float sc = ui_fit_scale(sizes[i].w, sizes[i].h, scales[k], a->st.compare);
            rd_ctx *rd = rd_new_offscreen(sizes[i].w, sizes[i].h, sc, err, sizeof err);
            cr_assert(rd, "%s", err);
            rd_text_stats_reset(rd);
            ui_app_draw(a, rd);
            rd_end(rd);
            rd_text_stats ts;
            rd_text_stats_get(rd, &ts);
            int unexplained = ts.shortened - a->fr.ntips_shortened;
            if (ts.clipped > 0 || unexplained > 0) {
                bad++;
                fprintf(stderr, "%s at %dx%d scale %.2f: %d clipped, %d shortened without a hover tip:", what, sizes[i].w,
                        sizes[i].h, sc, ts.clipped, unexplained > 0 ? unexplained : 0);
                for (int s = 0; s < ts.nsamples; s++) fprintf(stderr, " [%s]", ts.samples[s]);
                fprintf(stderr, "\n");
            }
            rd_free(rd);
        }
    return bad;
}

Test(fit, every_scenario_every_size_no_clipped_text)
{
    const char *dir = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char sdir[1024];
    snprintf(sdir, sizeof sdir, "%s/scenarios", dir);
    DIR *d = opendir(sdir);
    cr_assert(d, "cannot open %s", sdir);
    struct dirent *e;
    int bad = 0, nscen = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") || !strcmp(e->d_name, "schema.json")) continue;
        char path[1400];
        snprintf(path, sizeof path, "%s/%s", sdir, e->d_name);
        for (int compare = 0; compare < 2; compare++) {
            ui_app a;
            ui_app_init(&a);
            a.st.compare = compare;
            char err[4096];
            cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
            int64_t ts[2];
            moments(&a, ts);
            for (int m = 0; m < 2; m++) {
                ui_app_seek(&a, ts[m]);
                ui_app_refresh_reports(&a, 0, 0);
                char what[1600];
                snprintf(what, sizeof what, "%s%s t=%.3fs", e->d_name, compare ? " compare" : "", ts[m] / 1e9);
                bad += check_all_sizes(&a, what);
            }
            ui_app_free(&a);
        }
        nscen++;
    }
    closedir(d);
    cr_assert_geq(nscen, 5, "found only %d scenarios in %s", nscen, sdir);
    cr_assert_eq(bad, 0, "%d pictures had cut text (listed on stderr)", bad);
}

/* Every lecture cue of every shipped scenario, compared and presented on the projector at the largest
 * scale compare mode fits (133 %), its selection and caption as PgDn leaves them: all text whole. */
Test(fit, every_cue_compared_on_the_projector_no_clipped_text)
{
    const char *dir = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char sdir[1024];
    snprintf(sdir, sizeof sdir, "%s/scenarios", dir);
    DIR *d = opendir(sdir);
    cr_assert(d, "cannot open %s", sdir);
    struct dirent *e;
    int bad = 0, ncues = 0;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 6 || strcmp(e->d_name + n - 5, ".json") || !strcmp(e->d_name, "schema.json")) continue;
        char path[1400], err[4096];
        snprintf(path, sizeof path, "%s/%s", sdir, e->d_name);
        ui_app a;
        ui_app_init(&a);
        cr_assert_eq(ui_app_load(&a, path, -1, err, sizeof err), 0, "%s", err);
        for (size_t c = 0; c < a.base.ncues; c++) {
            cr_assert_eq(ui_app_goto_cue(&a, (int)c, err, sizeof err), 0, "%s cue %zu: %s", e->d_name, c + 1, err);
            if (!a.st.compare) cr_assert_eq(ui_app_set_compare(&a, true, err, sizeof err), 0, "%s", err);
            while (ui_app_seek_continue(&a, 1000)) {}
            ui_app_refresh_reports(&a, 0, 0);
            a.st.presenting = true;
            for (size_t i = 0; i < 2; i++) {
                char err2[512];
                float sc = ui_fit_scale(sizes[i].w, sizes[i].h, 1.5f, true);
                rd_ctx *rd = rd_new_offscreen(sizes[i].w, sizes[i].h, sc, err2, sizeof err2);
                cr_assert(rd, "%s", err2);
                rd_text_stats_reset(rd);
                ui_app_draw(&a, rd);
                rd_end(rd);
                rd_text_stats ts;
                rd_text_stats_get(rd, &ts);
                int unexplained = ts.shortened - a.fr.ntips_shortened;
                if (ts.clipped > 0 || unexplained > 0) {
                    bad++;
                    fprintf(stderr, "%s cue %zu compared at %dx%d scale %.2f: %d clipped, %d shortened without a hover tip:", e->d_name,
                            c + 1, sizes[i].w, sizes[i].h, sc, ts.clipped, unexplained > 0 ? unexplained : 0);
                    for (int k = 0; k < ts.nsamples; k++) fprintf(stderr, " [%s]", ts.samples[k]);
                    fprintf(stderr, "\n");
                }
                rd_free(rd);
            }
            a.st.presenting = false;
            ncues++;
        }
        ui_app_free(&a);
    }
    closedir(d);
    cr_assert_geq(ncues, 5, "found only %d cues in %s", ncues, sdir);
    cr_assert_eq(bad, 0, "%d pictures had cut text (listed on stderr)", bad);
}

/* The overlays (help, glossary) are drawn over the panels at the same sizes: whole too. */
Test(fit, overlays_fit_every_size)
{
    int bad = 0;
    for (int which = 0; which < 2; which++) {
        ui_app a;
        demo_app_load(&a);
        a.st.show_help = which == 0;
        a.st.show_glossary = which == 1;
        bad += check_all_sizes(&a, which ? "glossary overlay" : "help overlay");
        ui_app_free(&a);
    }
    cr_assert_eq(bad, 0);
}
