/* newfile.c — reserve a new file's name without taking an existing one, and the pictures folder. */
#include "util/newfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int nf_reserve(const char *stem, const char *ext, char *path, size_t n)
{
    int fd = -1;
    for (int i = 1; i < 10000 && fd < 0; i++) {
        if (i == 1) snprintf(path, n, "%s.%s", stem, ext);
        else snprintf(path, n, "%s-%d.%s", stem, i, ext);
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
        if (fd < 0 && errno != EEXIST) return -1;
    }
    if (fd < 0) return -1; /* errno: EEXIST, all 9999 names taken */
    close(fd);
    return 0;
}

const char *nf_pictures_dir(void)
{
    const char *dir = getenv("XDG_PICTURES_DIR");
    struct stat sb;
    return dir && *dir && stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode) ? dir : ".";
}
