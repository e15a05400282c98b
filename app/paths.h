/* paths.h — where rcuvis's shipped data (scenarios, quizzes, assets) is found. Shared by every part of the app. */
#ifndef RCUVIS_PATHS_H
#define RCUVIS_PATHS_H
#include <stddef.h>

/* Where shipped data lives: $RCUVIS_DATA, else the source tree (next to the binary's ../), else
 * PREFIX/share/rcuvis. Writes e.g. "/work/main/scenarios/default.json" into buf. (paths.c) */
const char *rcuvis_data_path(const char *rel, char *buf, size_t bufsz);
/* Where a font file is read from, by the window and by `rcuvis check`: assets/fonts/FILE through the
 * data path when it can be opened, else Debian's fonts-dejavu-core copy. Writes into buf. (paths.c) */
const char *rcuvis_font_path(const char *file, char *buf, size_t bufsz);
/* A scenario argument: a file that is there, or a path, as given; a bare name ("omap-stall") the shipped
 * scenarios/omap-stall.json; NULL when it is neither, with a message in err that says where rcuvis
 * looked (a student outside the source tree met only "cannot read: No such file or directory"). */
const char *rcuvis_scenario_path(const char *arg, char *buf, size_t n, char *err, size_t errlen);
/* How the user runs rcuvis, for commands printed to be copied: argv[0] when it holds a path
 * ("build/rcuvis" from a source tree), else "rcuvis" (found through PATH). main() sets it. */
void rcuvis_set_invoked_as(const char *argv0);
const char *rcuvis_command_name(void);
#endif
