/* readfile.c — a whole file into memory, NUL-terminated, with a size cap (see readfile.h). */
#include "util/readfile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

char *rf_read_file(const char *path, size_t *len, size_t max)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (cap - n < 4096) {
            if (cap >= max) { free(buf); fclose(f); errno = EFBIG; return NULL; }
            size_t ncap = cap ? cap * 2 : 16384;
            char *nb = realloc(buf, ncap + 1);
            if (!nb) { free(buf); fclose(f); errno = ENOMEM; return NULL; }
            buf = nb; cap = ncap;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f), why = errno;
    fclose(f);
    if (bad) { free(buf); errno = why ? why : EIO; return NULL; }
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}
