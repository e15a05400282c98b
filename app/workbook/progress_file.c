/* progress_file.c — private files replaced through util/safefile.h, and mkdir -p. */
#include "workbook/progress_file.h"
#include "util/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int pf_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    return sf_write_file(path, data, len, 0600, err, errlen);
}

int pf_mkdirs(const char *dir, char *err, size_t errlen)
{
    char p[4096];
    snprintf(p, sizeof p, "%s", dir);
    for (char *s = p + 1; ; s++) {
        if (*s == '/' || *s == 0) {
            char c = *s;
            *s = 0;
            if (mkdir(p, 0700) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "cannot create directory %s: %s", p, strerror(errno));
                return -1;
            }
            *s = c;
            if (!c) break;
        }
    }
    struct stat st;
    if (stat(p, &st) != 0 || !S_ISDIR(st.st_mode)) { snprintf(err, errlen, "%s is not a directory", p); return -1; }
    return 0;
}
