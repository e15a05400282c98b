/* app_load.h — tests: load a shipped scenario (or a file) into a window-less ui_app and seek it to a settled moment. */
#ifndef RCUVIS_TESTS_APP_LOAD_H
#define RCUVIS_TESTS_APP_LOAD_H

#include "window/app.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>

/* A shipped scenario by name (or a file by absolute path) in a, compared or not. */
static inline void app_load(ui_app *a, const char *scenario, bool compare)
{
    const char *root = getenv("RCUVIS_ROOT") ? getenv("RCUVIS_ROOT") : ".";
    char path[1024], err[4096];
    if (scenario[0] == '/') snprintf(path, sizeof path, "%s", scenario);
    else snprintf(path, sizeof path, "%s/scenarios/%s", root, scenario);
    ui_app_init(a);
    cr_assert_eq(ui_app_load(a, path, -1, err, sizeof err), 0, "%s", err);
    cr_assert_eq(ui_app_set_compare(a, compare, err, sizeof err), 0, "%s", err);
}

/* A shipped scenario (not compared) at lecture cue `cue` (0-based), its seek finished, with the reports
 * the panels read. */
static inline void app_at_cue(ui_app *a, const char *scenario, int cue)
{
    char err[512];
    app_load(a, scenario, false);
    cr_assert_eq(ui_app_goto_cue(a, cue, err, sizeof err), 0, "%s", err);
    while (ui_app_seek_continue(a, 1000)) {}
    ui_app_refresh_reports(a, 0, 0);
}

/* One frame of a drawn into rd (with the reports the panels read), each text run handed to fn. */
static inline void app_draw_observed(ui_app *a, rd_ctx *rd, rd_text_observer fn, void *ctx)
{
    ui_app_refresh_reports(a, 0, 0);
    rd_set_text_observer(rd, fn, ctx);
    ui_app_draw(a, rd);
    rd_end(rd);
    rd_set_text_observer(rd, NULL, NULL);
}

/* Seek to t and finish the seek (no frame budget), with the reports the panels read. */
static inline void app_seek(ui_app *a, int64_t t)
{
    ui_app_seek(a, t);
    while (ui_app_seek_continue(a, 1000)) {}
    ui_app_refresh_reports(a, 0, 0);
}
#endif
