/* progress_file.c — crash-safe file replacement (temp file + fsync + rename + directory fsync) and mkdir -p. */
#include "workbook/progress_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void (*pf_test_hook)(enum pf_stage stage, const char *tmp_path);

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) { if (errno == EINTR) continue; return -1; }
        p += w; n -= (size_t)w;
    }
    return 0;
}

/* fsync the directory holding path, so the rename itself survives a power loss */
static int sync_dir(const char *path)
{
    char copy[4096];
    snprintf(copy, sizeof copy, "%s", path);
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY);
    if (fd < 0) return -1;
    int rc = fsync(fd);
    close(fd);
    return rc;
}

int pf_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp-%ld", path, (long)getpid());
    /* a leftover of an earlier crashed process with our pid is garbage: replace it */
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) { snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno)); return -1; }
    const char *p = data;
    size_t half = len / 2;
    int rc = write_all(fd, p, half);
    if (rc == 0 && pf_test_hook) pf_test_hook(PF_STAGE_PARTIAL, tmp);
    if (rc == 0) rc = write_all(fd, p + half, len - half);
    if (rc == 0) rc = fsync(fd);
    int saved = errno;
    if (close(fd) != 0 && rc == 0) { rc = -1; saved = errno; }
    if (rc != 0) {
        snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(saved));
        unlink(tmp);
        return -1;
    }
    if (pf_test_hook) pf_test_hook(PF_STAGE_BEFORE_RENAME, tmp);
    if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot rename %s to %s: %s", tmp, path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    if (sync_dir(path) != 0) {
        /* the new contents are in place; only durability across power loss is in doubt */
        snprintf(err, errlen, "warning: cannot sync the directory of %s: %s", path, strerror(errno));
    }
    return 0;
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
