/* export.h — pictures of the window for slides and documents: `rcuvis shot`. */
#ifndef RCUVIS_EXPORT_H
#define RCUVIS_EXPORT_H

/*
 * Module app/export/ — owns output made for people outside the window: `rcuvis shot` (PNG of the
 * window's picture at a moment, off-screen). It reuses the window's app state and the panels, so
 * an exported picture is the window's picture. It may include every module but the CLI.
 */

/* rcuvis shot SCENARIO.json --at S -o FILE.png [...] (shot.c); also declared in commands.h for main.c. */
int cmd_shot(int argc, char **argv);

#endif
