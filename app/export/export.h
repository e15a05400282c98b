/* export.h — pictures of the window for slides and documents: `rcuvis shot`. */
#ifndef RCUVIS_EXPORT_H
#define RCUVIS_EXPORT_H

/*
 * Module app/export/ — owns output made for people outside the window: `rcuvis shot` (PNG of the
 * window's picture at a moment, off-screen). It reuses the window's app state and the panels, so
 * an exported picture is the window's picture. It may include every module but the CLI.
 */

#include "window/app.h"

/* What an exported picture shows: the window's picture, a clean slide, or one panel. */
typedef struct ex_look {
    bool clean;   /* no buttons, hints, scrubber or empty panels (slides) */
    int panel;    /* enum ui_panel_id (view/layout_export.h), or -1 for the whole picture */
} ex_look;

/* Draw the app's current moment into rd as look says (slide.c). */
void ex_draw(ui_app *a, rd_ctx *rd, const ex_look *look);

/* rcuvis shot SCENARIO.json --at S -o FILE.png [...] (shot.c); also declared in commands.h for main.c. */
int cmd_shot(int argc, char **argv);

#endif
