/* quiz_positions.h — tests: quiz messages without their "LINE:COL" ("t.json:1:346: $.x" reads "t.json: $.x"), for tests that check what a message says rather than where. */
#ifndef RCUVIS_TESTS_QUIZ_POSITIONS_H
#define RCUVIS_TESTS_QUIZ_POSITIONS_H

#include <ctype.h>
#include <string.h>

/* In place: every "FILE:LINE:COL: " at a line's start, for file, becomes "FILE: ". */
static inline void strip_positions(char *s, const char *file)
{
    size_t fl = strlen(file);
    for (char *line = s; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (strncmp(line, file, fl) || line[fl] != ':' || !isdigit((unsigned char)line[fl + 1])) continue;
        char *p = line + fl + 1;
        while (isdigit((unsigned char)*p)) p++;
        if (*p != ':' || !isdigit((unsigned char)p[1])) continue;
        p++;
        while (isdigit((unsigned char)*p)) p++;
        if (*p != ':') continue;
        memmove(line + fl, p, strlen(p) + 1); /* keeps the ':' after the column */
    }
}
#endif
