/* progress_file.h — crash-safe file replacement (temp file + fsync + rename + directory fsync) and mkdir -p. */
#ifndef RCUVIS_PROGRESS_FILE_H
#define RCUVIS_PROGRESS_FILE_H

#include <stddef.h>

/* Replace `path` with `data` so that a reader (or the next run after a crash or power loss) sees
 * either the old file or the new one, never a mix: write PATH.tmp-PID, fsync it, rename it over
 * PATH, fsync the directory. 0, or -1 with a message in err (the temp file is removed). */
int pf_write_atomic(const char *path, const void *data, size_t len, char *err, size_t errlen);

/* Create a directory and its parents (mode 0700: progress is private). 0, or -1 with a message. */
int pf_mkdirs(const char *dir, char *err, size_t errlen);

/* Test hook: called at each stage of pf_write_atomic with the temp file's path. A test can _exit()
 * from it to simulate a crash at that point. NULL in normal runs. */
enum pf_stage { PF_STAGE_PARTIAL = 1, /* half of the data written, nothing synced */
                PF_STAGE_BEFORE_RENAME = 2 /* all written and fsynced, not yet renamed */ };
extern void (*pf_test_hook)(enum pf_stage stage, const char *tmp_path);

#endif
