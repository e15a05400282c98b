/* util.c — helpers shared by the headless commands. */
#include "cli/util.h"

#include "scenario.h"

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

/* A file's text, NUL-terminated (malloc'd; NULL if unreadable), its length in *len; at most 4 MiB
 * (no schema or scenario comes near). */
char *cli_read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *text = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n + 4096 > cap) {
            char *nt = cap < (4u << 20) ? realloc(text, cap = cap ? cap * 2 : 65536) : NULL;
            if (!nt) break;
            text = nt;
        }
        size_t got = fread(text + n, 1, cap - n - 1, f);
        if (got == 0) break;
        n += got;
    }
    fclose(f);
    if (text) text[n] = 0;
    *len = n;
    return text;
}

/* Each line of said on stderr; one that names "PATH: $.json.path: " gets the line and column of that
 * JSON path in the file after PATH. */
void cli_print_with_places(const char *said, const char *path)
{
    size_t text_len = 0;
    char *text = cli_read_text(path, &text_len);
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
            fprintf(stderr, "%.*s%s:%d:%d:%.*s", (int)(at - p), p, path, line, col, (int)(p + n - (at + strlen(path) + 1)),
                    at + strlen(path) + 1);
        else fwrite(p, 1, n, stderr);
        p += n;
    }
    free(text);
}

