/* safefile.h — the one way rcuvis writes a user's file: never clobbered, never half-written, errors reported. */
#ifndef RCUVIS_UTIL_SAFEFILE_H
#define RCUVIS_UTIL_SAFEFILE_H

/*
 * Every writer (run --trace, shot -o, the window's PNG save, progress, settings, check --fix)
 * goes through here. The promise:
 *  - a regular target is replaced atomically: the data goes to a unique temp file beside it
 *    (".NAME.rcuvis-tmp-PID-XXXXXX", from mkstemp), every write, the fsync and the close are
 *    checked, then rename() puts it in place and the directory is fsynced. A reader sees the old
 *    file or the new one, never a mix; on any error the target is untouched;
 *  - a symlink keeps pointing where it points: the chain is followed and its final target is
 *    replaced (the temp file goes in that target's directory);
 *  - a file with other hard links keeps them: the complete, fsynced temp file is copied into it in
 *    place (a rename would leave the other names on the old data); should that copy fail midway,
 *    the message names the temp file, kept with the whole new data;
 *  - a target that is not a regular file (/dev/null, a FIFO, a terminal, a device) is written
 *    through, never replaced by a regular file;
 *  - a name for one of this process's descriptors (/dev/stdout, /dev/stderr, /dev/fd/N,
 *    /proc/self/fd/N) is written into that descriptor, whatever it is open on: `--trace /dev/stdout
 *    >> log` appends to log after what was printed before, as the shell's redirection would;
 *  - an existing file keeps its mode (and owner, when we may set it); a read-only file, or one we
 *    may not write, is refused, not replaced; a directory is refused with a clear message;
 *  - temp files left by a process that died (SIGKILL, power loss) are removed the next time any
 *    writer opens a file in that directory: only names of this pattern whose PID is not alive.
 * Failures carry the path and the OS message (strerror).
 */

#include <stddef.h>
#include <sys/types.h>

typedef struct sf_out sf_out;

/* Start writing path. new_mode is the mode of a file that does not exist yet (the umask applies);
 * an existing file keeps its own. NULL and a message when the place cannot be written. */
sf_out *sf_open(const char *path, mode_t new_mode, char *err, size_t errlen);
/* Append bytes (buffered). 0, or -1 once any write has failed (the error is kept for sf_commit). */
int sf_write(sf_out *o, const void *data, size_t len);
/* The temp file being written, or NULL when the target is written through (not a regular file). */
const char *sf_temp_path(const sf_out *o);
/* Flush, fsync, close and rename into place. 0, or -1 with "PATH: cannot write: REASON" (the temp
 * file is removed and the target left as it was). Frees o either way. */
int sf_commit(sf_out *o, char *err, size_t errlen);
/* Give up: remove the temp file, free o (NULL is fine). The target is untouched. */
void sf_abort(sf_out *o);

/* Before a long job whose output goes to path (a simulation, the reproduction): would sf_open succeed
 * now? 0, or -1 with sf_open's message (a missing or read-only directory, a directory or a read-only
 * file as target...). A regular target's temp file is created beside it and removed again; a pipe or
 * device is only checked with access(). It cannot promise the later write (the disk may fill up in
 * the meantime): the writer still checks everything. */
int sf_check(const char *path, char *err, size_t errlen);

/* sf_open + sf_write + sf_commit of one buffer. */
int sf_write_file(const char *path, const void *data, size_t len, mode_t new_mode, char *err, size_t errlen);

/* ".NAME.rcuvis-tmp-PID-XXXXXX", the temp file a writer makes beside its target -> PID, or 0 when
 * name is not one of those. */
long sf_temp_pid(const char *name);
/* Remove temp files of this pattern in dir whose PID is not alive; how many went. */
int sf_clean_stale(const char *dir);

/* The descriptor path names when it is one of this process's own open files: "/dev/stdout",
 * "/dev/stderr", "/dev/fd/N", "/proc/self/fd/N", "/proc/PID/fd/N" with our PID, or a symlink chain
 * that reaches one of those; -1 otherwise. sf_open writes into such a descriptor. */
int sf_own_fd(const char *path);

/* Follow path's symlink chain to the file it finally names (which may not exist yet). 0, or -1
 * (ELOOP, ENAMETOOLONG). */
int sf_resolve(const char *path, char *out, size_t outlen);

/* Test hook: called with the temp file's path after half the data (PARTIAL) and when everything is
 * written and fsynced but not yet renamed. A test may _exit() from it to simulate a crash. */
enum sf_stage { SF_STAGE_PARTIAL = 1, SF_STAGE_BEFORE_RENAME = 2 };
extern void (*sf_test_hook)(enum sf_stage stage, const char *tmp_path);

#endif
