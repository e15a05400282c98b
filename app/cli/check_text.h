/* check_text.h — `rcuvis check`'s warnings about a scenario's text that the window cannot draw as written. */
#ifndef RCUVIS_CLI_CHECK_TEXT_H
#define RCUVIS_CLI_CHECK_TEXT_H

#include "rcuvis.h"

#include <stdio.h>

/* One "warning: FILE: $.captions[2].text: ..." line on out per shown text of cfg (name, description,
 * phase tasks, captions, cue titles and captions) with a character the window's fonts lack (drawn as
 * "?") and one per text with right-to-left script (drawn left to right). Returns how many; a "note:"
 * (not counted) when the fonts cannot be read. */
size_t check_text(const rv_config *cfg, const char *file, FILE *out);

#endif
