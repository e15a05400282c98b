/* util.c — helpers shared by the headless commands. */
#include "cli/util.h"

#include <stdio.h>
#include <string.h>

void cli_print_lines(const char *msg)
{
    for (const char *p = msg; *p;) {
        size_t n = strcspn(p, "\n");
        if (n) fprintf(stderr, "rcuvis: %.*s\n", (int)n, p);
        p += n;
        if (*p) p++;
    }
}
