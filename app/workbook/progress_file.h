/* progress_file.h — private files replaced safely (util/safefile.h) and mkdir -p. */
#ifndef RCUVIS_PROGRESS_FILE_H
#define RCUVIS_PROGRESS_FILE_H

#include <stddef.h>

/* Replace `path` with `data` through util/safefile.h (unique temp file, fsync, rename, directory
 * fsync; symlinks followed, modes kept, read-only files refused); a new file gets mode 0600. A
 * reader, or the next run after a crash, sees the old file or the new one, never a mix. 0, or -1
 * with a message in err. */
int pf_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Create a directory and its parents (mode 0700: progress is private). 0, or -1 with a message. */
int pf_mkdirs(const char *dir, char *err, size_t errlen);

#endif
