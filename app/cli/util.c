/* util.c — helpers shared by the headless commands. */
#include "cli/util.h"

#include "scenario.h"
#include "util/readfile.h"

#include <stdio.h>
#include <stdlib.h>
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

/* Each line of said on stderr; one that names "PATH: $.json.path: " gets the line and column of that
 * JSON path in the file after PATH. */
void cli_print_with_places(const char *said, const char *path) { cli_write_with_places(stderr, said, path); }

void cli_write_with_places(FILE *dst, const char *said, const char *path)
{
    size_t text_len = 0;
    char *text = rf_read_file(path, &text_len, (size_t)64 << 20);
    char prefix[4200];
    snprintf(prefix, sizeof prefix, "%s: $", path);
    for (const char *p = said; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) + 1 : strlen(p);
        const char *at = text ? strstr(p, prefix) : NULL;
        int line, col;
        char jpath[512];
        if (at && at < p + n) {
            const char *js = at + strlen(path) + 2, *je = js;
            while (je < p + n && *je != ':' && *je != ' ' && *je != '\n') je++;
            snprintf(jpath, sizeof jpath, "%.*s", (int)(je - js), js);
        }
        if (at && at < p + n && rv_json_path_pos(text, text_len, jpath, &line, &col))
            fprintf(dst, "%.*s%s:%d:%d:%.*s", (int)(at - p), p, path, line, col, (int)(p + n - (at + strlen(path) + 1)),
                    at + strlen(path) + 1);
        else fwrite(p, 1, n, dst);
        p += n;
    }
    free(text);
}

