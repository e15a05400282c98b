/* rmtree.h — a test's scratch directory removed in the test's own process, not by system("rm -rf"). */
#ifndef RCUVIS_TEST_RMTREE_H
#define RCUVIS_TEST_RMTREE_H

/*
 * system() forks the test process to run a shell and rm: under ASan, whose process maps terabytes
 * of shadow, that was ~13 ms of CPU per call, once per window test. Symbolic links are removed,
 * never followed. Returns 0 when path and everything under it is gone (or was never there).
 */

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static inline int rmtree(const char *path)
{
    DIR *d = opendir(path);
    if (!d) return remove(path) == 0 || errno == ENOENT ? 0 : -1;
    int rc = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        char sub[4096];
        if (snprintf(sub, sizeof sub, "%s/%s", path, de->d_name) >= (int)sizeof sub) { rc = -1; continue; }
        struct stat st;
        if (lstat(sub, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (rmtree(sub) != 0) rc = -1;
        } else if (remove(sub) != 0 && errno != ENOENT) {
            rc = -1;
        }
    }
    closedir(d);
    return rmdir(path) == 0 && rc == 0 ? 0 : -1;
}

#endif
