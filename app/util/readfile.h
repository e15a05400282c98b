/* readfile.h — a whole file into memory, NUL-terminated, with a size cap: for every JSON file rcuvis reads besides scenarios. */
#ifndef RCUVIS_UTIL_READFILE_H
#define RCUVIS_UTIL_READFILE_H

#include <stddef.h>

/* The file's bytes and a NUL (malloc'd), its length in *len (when len is not NULL); NULL with errno
 * when it cannot be read or holds more than max bytes (EFBIG: /dev/zero must not eat memory). A
 * directory gives EISDIR, which says more than EIO. */
char *rf_read_file(const char *path, size_t *len, size_t max);

#endif
