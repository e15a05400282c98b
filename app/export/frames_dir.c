/* frames_dir.c — a clip's frame directory: made by rcuvis, so an earlier clip's frames are replaced; anything else refuses. */
#include "export/export.h"
#include "util/safefile.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

bool ex_is_frame_name(const char *name)
{
    /* exactly what ex_animate writes: frame-%05d.png (at most 20000 frames, so always 5 digits) */
    if (strncmp(name, "frame-", 6) != 0) return false;
    for (int i = 6; i < 11; i++)
        if (!isdigit((unsigned char)name[i])) return false;
    return !strcmp(name + 11, ".png");
}

/* "name", "name/" for a directory, "name (a symlink)" for anything else that is not a plain file */
static void describe(const char *dir, const char *name, char *out, size_t outlen)
{
    char full[4400];
    struct stat sb;
    snprintf(full, sizeof full, "%s/%s", dir, name);
    if (lstat(full, &sb) != 0 || S_ISREG(sb.st_mode)) snprintf(out, outlen, "%s", name);
    else if (S_ISDIR(sb.st_mode)) snprintf(out, outlen, "%s/", name);
    else if (S_ISLNK(sb.st_mode)) snprintf(out, outlen, "%s (a symlink)", name);
    else snprintf(out, outlen, "%s (not a regular file)", name);
}

/* Is pid an rcuvis now (/proc/PID/comm; where there is no /proc, assume so: the file says it was)? */
static bool pid_is_rcuvis(long pid)
{
    char path[64], comm[32] = "";
    snprintf(path, sizeof path, "/proc/%ld/comm", pid);
    FILE *f = fopen(path, "r");
    if (!f) return true;
    bool got = fgets(comm, sizeof comm, f) != NULL;
    fclose(f);
    return !got || !strncmp(comm, "rcuvis", 6);
}

/* An existing frame directory: how many of rcuvis's frames it holds, or -1 (message, and d closed)
 * when it holds anything else, which is the user's and stops us before a single file is touched.
 * *dp is left open at its end for the caller. */
static int scan(const char *dir, const char *note, DIR **dp, char *err, size_t errlen)
{
    DIR *d = opendir(dir);
    *dp = d;
    if (!d) { snprintf(err, errlen, "cannot read %s/: %s%s", dir, strerror(errno), note); return -1; }
    int frames = 0, foreign = 0;
    long writer = 0; /* a live process whose temp file is here: another export writing its frames now */
    char writer_file[300] = "";
    char listed[600] = "";
    struct dirent *de;
    while ((de = readdir(d))) {
        const char *n = de->d_name;
        if (!strcmp(n, ".") || !strcmp(n, "..")) continue;
        char full[4400];
        struct stat fs;
        snprintf(full, sizeof full, "%s/%s", dir, n);
        if (ex_is_frame_name(n) && lstat(full, &fs) == 0 && S_ISREG(fs.st_mode)) { frames++; continue; }
        /* safefile's temp name, NAME.rcuvis-tmp-PID-XXXXXX, of a process that lives (sf_clean_stale()
         * removed the dead ones'): another export at work, not something of the user's to move */
        long pid = sf_temp_pid(n);
        if (pid > 0 && pid != (long)getpid() && (kill((pid_t)pid, 0) == 0 || errno == EPERM)) {
            writer = pid;
            snprintf(writer_file, sizeof writer_file, "%s", n);
            continue;
        }
        if (++foreign <= 3) {
            char one[300];
            describe(dir, n, one, sizeof one);
            size_t l = strlen(listed);
            snprintf(listed + l, sizeof listed - l, "%s%s", l ? ", " : "", one);
        }
    }
    if (writer && !foreign) {
        closedir(d);
        /* the pid says who made the file, not who has that pid now: a crashed rcuvis's pid may be reused */
        if (pid_is_rcuvis(writer))
            snprintf(err, errlen,
                     "another rcuvis (pid %ld) is writing its frames into %s/ right now (%s); nothing was written or "
                     "removed: wait for it to finish or choose another -o%s", writer, dir, writer_file, note);
        else
            snprintf(err, errlen,
                     "%s/ holds %s, the temp file of a process %ld that still runs but is no rcuvis now; nothing was "
                     "written or removed: if no export is writing there, remove that file, or choose another -o%s",
                     dir, writer_file, writer, note);
        *dp = NULL;
        return -1;
    }
    if (foreign) {
        closedir(d);
        snprintf(err, errlen,
                 "%s/ holds %d %s that rcuvis did not write (%s%s); it replaces only its own frame-NNNNN.png files, so "
                 "nothing was written or removed: move %s or choose another -o%s",
                 dir, foreign, foreign == 1 ? "entry" : "entries", listed, foreign > 3 ? ", ..." : "",
                 foreign == 1 ? "it" : "them", note);
        *dp = NULL;
        return -1;
    }
    return frames;
}

/* The frame files go into dir: try the name pattern safefile uses for its temp files (a crashed
 * run's is cleaned by the next writer), so a directory we may not write is found now. */
static int probe_write(const char *dir, const char *note, char *err, size_t errlen)
{
    char probe[4400];
    snprintf(probe, sizeof probe, "%s/.probe.rcuvis-tmp-%ld-XXXXXX", dir, (long)getpid());
    int fd = mkstemp(probe);
    if (fd < 0) { snprintf(err, errlen, "cannot write the frames into %s/: %s%s", dir, strerror(errno), note); return -1; }
    close(fd);
    unlink(probe);
    return 0;
}

/* Where dir would be made: its parent, for the message when it cannot be */
static void parent_of(const char *dir, char *out, size_t outlen)
{
    const char *slash = strrchr(dir, '/');
    if (!slash) snprintf(out, outlen, ".");
    else if (slash == dir) snprintf(out, outlen, "/");
    else snprintf(out, outlen, "%.*s", (int)(slash - dir), dir);
}

static int cannot_create(const char *dir, const char *note, int e, char *err, size_t errlen)
{
    char parent[4200];
    parent_of(dir, parent, sizeof parent);
    if (e == ENOENT) snprintf(err, errlen, "cannot create %s/ for the frames: the directory %s does not exist%s", dir, parent, note);
    else snprintf(err, errlen, "cannot create %s/ for the frames: %s%s", dir, strerror(e), note);
    return -1;
}

/* The frame directory's lock: an flock on the directory itself, held from before the earlier frames
 * are removed until the clip is encoded. Two exports into one clip at once each found no temp file of
 * the other yet, both went on and both exited 0, leaving frames of both clips mixed in the directory
 * (and a GIF made of them). A directory needs no lock file that would be an entry the user did not
 * write. The fd, or -1 with a message (another export holds it: nothing was touched). */
static int lock_dir(const char *dir, const char *note, char *err, size_t errlen)
{
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) { snprintf(err, errlen, "cannot use %s/ for the frames: %s%s", dir, strerror(errno), note); return -1; }
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
        if (errno == EINTR) continue;
        int e = errno;
        close(fd);
        if (e == EWOULDBLOCK)
            snprintf(err, errlen, "another rcuvis is writing a clip's frames into %s/ right now; nothing was written or removed: "
                     "wait for it to finish or choose another -o%s", dir, note);
        else snprintf(err, errlen, "cannot lock %s/ for the frames: %s%s", dir, strerror(e), note);
        return -1;
    }
    return fd;
}

int ex_frames_dir_check(const char *dir, const char *note, char *err, size_t errlen)
{
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        if (errno != ENOENT) { snprintf(err, errlen, "cannot use %s/ for the frames: %s%s", dir, strerror(errno), note); return -1; }
        /* made and removed again: it did not exist a moment ago, so it is nobody's yet */
        if (mkdir(dir, 0755) != 0) return cannot_create(dir, note, errno, err, errlen);
        int rc = probe_write(dir, note, err, errlen);
        rmdir(dir);
        return rc;
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s exists and is not a directory, so it cannot hold the frames%s", dir, note);
        return -1;
    }
    int lock = lock_dir(dir, note, err, errlen); /* another export at work now is found before we simulate */
    if (lock < 0) return -1;
    close(lock);
    sf_clean_stale(dir); /* as prepare does: a dead rcuvis's temp file is no reason to refuse */
    DIR *d;
    int frames = scan(dir, note, &d, err, errlen);
    if (d) closedir(d);
    return frames < 0 ? -1 : probe_write(dir, note, err, errlen);
}

int ex_frames_dir_prepare(const char *dir, const char *note, int *earlier, bool *created, int *lock, char *err, size_t errlen)
{
    *earlier = 0;
    *created = false;
    *lock = -1;
    struct stat sb;
    if (stat(dir, &sb) != 0) {
        if (errno != ENOENT) { snprintf(err, errlen, "cannot use %s/ for the frames: %s%s", dir, strerror(errno), note); return -1; }
        if (mkdir(dir, 0755) == 0) *created = true;
        else if (errno != EEXIST) return cannot_create(dir, note, errno, err, errlen);
        /* EEXIST: another export made it a moment ago; its lock decides */
        if (stat(dir, &sb) != 0) { snprintf(err, errlen, "cannot use %s/ for the frames: %s%s", dir, strerror(errno), note); return -1; }
    }
    if (!S_ISDIR(sb.st_mode)) {
        snprintf(err, errlen, "%s exists and is not a directory, so it cannot hold the frames%s", dir, note);
        return -1;
    }
    if ((*lock = lock_dir(dir, note, err, errlen)) < 0) return -1;
    if (*created) return 0;
    sf_clean_stale(dir); /* an encoder's temp file left by an rcuvis that died (never a live one) */
    DIR *d;
    int frames = scan(dir, note, &d, err, errlen);
    if (frames < 0) { close(*lock); *lock = -1; return -1; }
    struct dirent *de;
    /* second pass: the earlier clip's frames go, so a shorter clip leaves none of them behind */
    rewinddir(d);
    while ((de = readdir(d))) {
        if (!ex_is_frame_name(de->d_name)) continue;
        char full[4400];
        snprintf(full, sizeof full, "%s/%s", dir, de->d_name);
        if (unlink(full) != 0 && errno != ENOENT) {
            int e = errno;
            closedir(d);
            close(*lock);
            *lock = -1;
            snprintf(err, errlen, "cannot remove the earlier frame %s: %s%s", full, strerror(e), note);
            return -1;
        }
    }
    closedir(d);
    *earlier = frames;
    return 0;
}
