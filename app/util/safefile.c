/* safefile.c — unique temp file beside the target, checked writes, fsync, rename; write-through for non-regular targets. */
#include "util/safefile.h"
#include "util/tempguard.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void (*sf_test_hook)(enum sf_stage stage, const char *tmp_path);

#define TMP_TAG ".rcuvis-tmp-"
#define BUF_SIZE 65536

struct sf_out {
    int fd;
    int err;              /* first errno of a failed write; later writes are skipped */
    char *target;         /* the resolved file that ends up holding the data */
    char *shown;          /* the path as the user gave it, for messages */
    char *tmp;            /* NULL when writing through */
    bool guarded;         /* tmp is registered with util/tempguard.h */
    bool linked;          /* target had other hard links: the data is copied into it, not renamed over it */
    dev_t dev; ino_t ino; /* the target when it was opened, if linked */
    size_t used;
    char buf[BUF_SIZE];
};

static int write_all(int fd, const char *p, size_t n)
{
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0) { if (errno == EINTR) continue; return errno ? errno : EIO; }
        if (w == 0) return EIO;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

static void split_dir(const char *path, char *dir, size_t dirlen, const char **base)
{
    const char *slash = strrchr(path, '/');
    if (!slash) { snprintf(dir, dirlen, "."); *base = path; return; }
    size_t n = (size_t)(slash - path);
    if (n == 0) n = 1; /* "/x": the directory is "/" */
    snprintf(dir, dirlen, "%.*s", (int)n, path);
    *base = slash + 1;
}

int sf_resolve(const char *path, char *out, size_t outlen)
{
    char cur[PATH_MAX], link[PATH_MAX];
    if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur) { errno = ENAMETOOLONG; return -1; }
    for (int hops = 0; hops < 40; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            if (snprintf(out, outlen, "%s", cur) >= (int)outlen) { errno = ENAMETOOLONG; return -1; }
            return 0;
        }
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0) return -1;
        link[n] = 0;
        if (link[0] == '/') {
            snprintf(cur, sizeof cur, "%s", link);
        } else { /* relative to the link's own directory */
            char dir[PATH_MAX];
            const char *base;
            split_dir(cur, dir, sizeof dir, &base);
            if (snprintf(cur, sizeof cur, "%s/%s", dir, link) >= (int)sizeof cur) { errno = ENAMETOOLONG; return -1; }
        }
    }
    errno = ELOOP;
    return -1;
}

/* The process umask without changing it (another thread may be creating files right now). */
static mode_t current_umask(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    unsigned m = 022;
    int found = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "Umask: %o", &m) == 1) { found = 1; break; }
    if (f) fclose(f);
    if (!found) { mode_t old = umask(022); umask(old); return old; }
    return (mode_t)m;
}

static int fail(char *err, size_t errlen, const char *shown, const char *what, int e)
{
    snprintf(err, errlen, "%s: %s: %s", shown, what, strerror(e));
    errno = e;
    return -1;
}

/* mkstemp beside the target failed: say what is wrong with the directory, which the user did not name
 * ("/nonexistent/x.png: cannot write: No such file or directory" reads as if x.png were missing) */
static int fail_dir(char *err, size_t errlen, const char *shown, const char *dir, int e)
{
    struct stat ds;
    if (e == ENOENT) snprintf(err, errlen, "%s: cannot write: the directory %s does not exist", shown, dir);
    else if (e == ENOTDIR && stat(dir, &ds) == 0 && !S_ISDIR(ds.st_mode))
        snprintf(err, errlen, "%s: cannot write: %s is not a directory", shown, dir);
    else if (e == ENOTDIR) snprintf(err, errlen, "%s: cannot write: a part of %s is not a directory", shown, dir);
    else snprintf(err, errlen, "%s: cannot write into the directory %s: %s", shown, dir, strerror(e));
    errno = e;
    return -1;
}

static void free_out(sf_out *o)
{
    if (!o) return;
    free(o->target);
    free(o->shown);
    free(o->tmp);
    free(o);
}

/* sf_own_fd() (see safefile.h). Such a path is no file to replace: with stdout redirected
 * to a regular file, following /dev/stdout -> /proc/self/fd/1 -> out.txt and renaming a temp file
 * over out.txt dropped what `>>` had appended to, and everything printed on stdout after that went
 * to the unlinked old file. The shell's own `> /dev/stdout` writes into the descriptor: so do we. */
int sf_own_fd(const char *path)
{
    char cur[PATH_MAX], link[PATH_MAX];
    if (snprintf(cur, sizeof cur, "%s", path) >= (int)sizeof cur) return -1;
    for (int hops = 0; hops < 40; hops++) {
        const char *num = NULL;
        char mine[64];
        int ml = snprintf(mine, sizeof mine, "/proc/%ld/fd/", (long)getpid());
        if (!strcmp(cur, "/dev/stdout")) return STDOUT_FILENO;
        if (!strcmp(cur, "/dev/stderr")) return STDERR_FILENO;
        if (!strncmp(cur, "/dev/fd/", 8)) num = cur + 8;
        else if (!strncmp(cur, "/proc/self/fd/", 14)) num = cur + 14;
        else if (!strncmp(cur, mine, (size_t)ml)) num = cur + ml;
        if (num) {
            char *end;
            errno = 0;
            long n = strtol(num, &end, 10);
            if (isdigit((unsigned char)*num) && !*end && !errno && n <= INT_MAX) return (int)n;
            return -1;
        }
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) return -1;
        ssize_t n = readlink(cur, link, sizeof link - 1);
        if (n < 0) return -1;
        link[n] = 0;
        if (link[0] == '/') snprintf(cur, sizeof cur, "%s", link);
        else {
            char dir[PATH_MAX];
            const char *base;
            split_dir(cur, dir, sizeof dir, &base);
            if (snprintf(cur, sizeof cur, "%s/%s", dir, link) >= (int)sizeof cur) return -1;
        }
    }
    return -1;
}

/* One of our descriptors (sf_own_fd()): a copy of it is written into, at its offset (or appending, when
 * it was opened so), after what stdio still holds for it; nothing is renamed. */
static sf_out *open_own_fd(sf_out *o, int fd, const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (fstat(fd, &st) != 0) { int e = errno; free_out(o); fail(err, errlen, path, "cannot write", e); return NULL; }
    if (S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s is a directory, not a file", path);
        free_out(o);
        errno = EISDIR;
        return NULL;
    }
    int acc = fcntl(fd, F_GETFL);
    if (acc >= 0 && (acc & O_ACCMODE) == O_RDONLY) {
        snprintf(err, errlen, "%s: cannot write: descriptor %d is open for reading only", path, fd);
        free_out(o);
        errno = EBADF;
        return NULL;
    }
    if (fd == STDOUT_FILENO) fflush(stdout); /* what was printed before comes first */
    if (fd == STDERR_FILENO) fflush(stderr);
    o->fd = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    if (o->fd < 0 || !(o->target = strdup(path))) {
        int e = o->fd < 0 ? errno : ENOMEM;
        free_out(o);
        fail(err, errlen, path, "cannot write", e);
        return NULL;
    }
    return o;
}

/* A pipe, device or socket at `where`: written into as the shell's `>` would, never replaced.
 * o->target must already be set. Messages name `path`, the user's name for it. */
static sf_out *open_through(sf_out *o, const char *where, const char *path, char *err, size_t errlen)
{
    o->fd = open(where, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (o->fd < 0) { int e = errno; free_out(o); fail(err, errlen, path, "cannot write", e); return NULL; }
    return o;
}

sf_out *sf_open(const char *path, mode_t new_mode, char *err, size_t errlen)
{
    if (!path || !*path) { snprintf(err, errlen, "empty output path"); errno = EINVAL; return NULL; }
    sf_out *o = calloc(1, sizeof *o);
    char target[PATH_MAX];
    if (!o || !(o->shown = strdup(path))) { free_out(o); fail(err, errlen, path, "cannot write", ENOMEM); return NULL; }
    o->fd = -1;
    int fd = sf_own_fd(path);
    if (fd >= 0) return open_own_fd(o, fd, path, err, errlen);
    /* A path that leads to a pipe, device or socket is written into, as the shell's `>` would. Asked
     * through the path itself, before following links by hand: /dev/stdout -> /proc/self/fd/1 ->
     * "pipe:[N]" names no file, but opening the path reaches the pipe. */
    struct stat pst;
    if (stat(path, &pst) == 0 && !S_ISREG(pst.st_mode) && !S_ISDIR(pst.st_mode)) {
        if (!(o->target = strdup(path))) { free_out(o); fail(err, errlen, path, "cannot write", ENOMEM); return NULL; }
        return open_through(o, path, path, err, errlen);
    }
    if (sf_resolve(path, target, sizeof target) != 0) { int e = errno; free_out(o); fail(err, errlen, path, "cannot follow the link", e); return NULL; }
    if (!(o->target = strdup(target))) { free_out(o); fail(err, errlen, path, "cannot write", ENOMEM); return NULL; }

    char dir[PATH_MAX];
    const char *base;
    split_dir(target, dir, sizeof dir, &base);
    struct stat st;
    int exists = stat(target, &st) == 0;
    if (!exists && errno == ENOTDIR) { free_out(o); fail_dir(err, errlen, path, dir, ENOTDIR); return NULL; } /* x.txt/y.png */
    if (!exists && errno != ENOENT) { int e = errno; free_out(o); fail(err, errlen, path, "cannot write", e); return NULL; }
    if (exists && S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s is a directory, not a file", path);
        free_out(o);
        errno = EISDIR;
        return NULL;
    }
    if (exists && !S_ISREG(st.st_mode)) return open_through(o, target, path, err, errlen); /* became one since */
    if (exists && ((st.st_mode & 0222) == 0 || access(target, W_OK) != 0)) {
        /* "read-only (mode 0644)" for another user's file read as a contradiction: say whose it is */
        if ((st.st_mode & 0222) == 0)
            snprintf(err, errlen, "%s is read-only (mode %04o); not replacing it", path, (unsigned)(st.st_mode & 07777));
        else
            snprintf(err, errlen, "%s may not be written by you (mode %04o, owner uid %u, you are uid %u); not replacing it",
                     path, (unsigned)(st.st_mode & 07777), (unsigned)st.st_uid, (unsigned)geteuid());
        free_out(o);
        errno = EACCES;
        return NULL;
    }

    sf_clean_stale(dir);
    size_t n = strlen(dir) + strlen(base) + 64;
    if (!(o->tmp = malloc(n))) { free_out(o); fail(err, errlen, path, "cannot write", ENOMEM); return NULL; }
    snprintf(o->tmp, n, "%s/.%s" TMP_TAG "%ld-XXXXXX", dir, base, (long)getpid());
    /* a ^C from here on removes the temp file (util/tempguard.h); none may land between the two */
    sigset_t oldmask;
    tg_block(&oldmask);
    o->fd = mkstemp(o->tmp);
    if (o->fd >= 0) (void)fcntl(o->fd, F_SETFD, FD_CLOEXEC);
    o->guarded = o->fd >= 0 && tg_add(o->tmp) == 0;
    tg_unblock(&oldmask);
    if (o->fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        free_out(o);
        fail_dir(err, errlen, path, dir, e);
        return NULL;
    }
    if (exists && st.st_nlink > 1) { o->linked = true; o->dev = st.st_dev; o->ino = st.st_ino; }
    if (exists) {
        if (st.st_uid != geteuid() || st.st_gid != getegid()) (void)!fchown(o->fd, st.st_uid, st.st_gid);
        (void)fchmod(o->fd, st.st_mode & 07777);
    } else {
        (void)fchmod(o->fd, new_mode & ~current_umask() & 07777);
    }
    return o;
}

static void flush_buf(sf_out *o)
{
    if (!o->err && o->used) o->err = write_all(o->fd, o->buf, o->used);
    o->used = 0;
}

int sf_write(sf_out *o, const void *data, size_t len)
{
    if (o->err) return -1;
    const char *p = data;
    if (o->used + len > sizeof o->buf) {
        flush_buf(o);
        if (!o->err && len >= sizeof o->buf) o->err = write_all(o->fd, p, len);
        else if (!o->err) { memcpy(o->buf, p, len); o->used = len; }
    } else {
        memcpy(o->buf + o->used, p, len);
        o->used += len;
    }
    return o->err ? -1 : 0;
}

const char *sf_temp_path(const sf_out *o) { return o ? o->tmp : NULL; }

/* fsync the directory holding path, so the rename itself survives a power loss */
static void sync_dir_of(const char *path)
{
    char dir[PATH_MAX];
    const char *base;
    split_dir(path, dir, sizeof dir, &base);
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return;
    (void)fsync(fd);
    close(fd);
}

/* A file with other hard links keeps them: a rename would leave the other names on the old data (an
 * author's scenario linked into two folders, saved from the window, stayed old in the other). The
 * complete, fsynced temp file is copied into the file in place and then removed; 0 or an errno. If
 * the copy fails midway the target may hold part of it, so the temp file is kept with the whole new
 * data and its path goes into the message (*kept). */
static int copy_into_linked(sf_out *o, bool *kept)
{
    *kept = false;
    int in = open(o->tmp, O_RDONLY | O_CLOEXEC);
    if (in < 0) return errno;
    int out = open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (out < 0) { int e = errno; close(in); return e; }
    int e = 0;
    off_t size = 0;
    char buf[16384];
    for (;;) {
        ssize_t n = read(in, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) { e = errno; break; }
        if (n == 0) break;
        if ((e = write_all(out, buf, (size_t)n)) != 0) break;
        size += n;
        *kept = true; /* the target is changed from here on: the temp file is the whole new data */
    }
    if (!e && ftruncate(out, size) != 0) e = errno;
    if (!e && fsync(out) != 0) e = errno;
    if (close(out) != 0 && !e && errno != EINTR) e = errno;
    close(in);
    if (!e) *kept = false;
    return e;
}

int sf_commit(sf_out *o, char *err, size_t errlen)
{
    flush_buf(o);
    if (!o->err && o->tmp && fsync(o->fd) != 0) o->err = errno;
    if (!o->err && !o->tmp && fsync(o->fd) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP)
        o->err = errno; /* pipes, terminals and /dev/null cannot be synced: that is no error */
    if (close(o->fd) != 0 && !o->err && errno != EINTR) o->err = errno;
    o->fd = -1;
    struct stat now;
    if (!o->err && o->tmp && o->linked && stat(o->target, &now) == 0 && now.st_dev == o->dev && now.st_ino == o->ino &&
        now.st_nlink > 1 && S_ISREG(now.st_mode)) {
        bool kept;
        o->err = copy_into_linked(o, &kept);
        if (o->err && kept) {
            int e = o->err;
            snprintf(err, errlen, "%s: cannot write: %s (it has other hard links and was written in place; the whole new "
                     "data is in %s)", o->shown, strerror(e), o->tmp);
            if (o->guarded) tg_remove(o->tmp); /* kept: neither ^C nor sf_abort() may remove it */
            o->guarded = false;
            free(o->tmp);
            o->tmp = NULL;
            sf_abort(o);
            errno = e;
            return -1;
        }
        /* done (or failed before touching the target): the temp file goes, as after a rename */
    } else if (!o->err && o->tmp) {
        if (sf_test_hook) sf_test_hook(SF_STAGE_BEFORE_RENAME, o->tmp);
        /* a signal waits until the name is renamed and forgotten: the handler must not remove the
         * user's new file's old name, nor see a freed one */
        sigset_t oldmask;
        tg_block(&oldmask);
        if (rename(o->tmp, o->target) != 0) o->err = errno;
        else {
            if (o->guarded) tg_remove(o->tmp);
            o->guarded = false;
            free(o->tmp);
            o->tmp = NULL;
        }
        tg_unblock(&oldmask);
        if (!o->err) sync_dir_of(o->target);
    }
    int e = o->err;
    if (e) fail(err, errlen, o->shown, "cannot write", e);
    sf_abort(o);
    errno = e;
    return e ? -1 : 0;
}

void sf_abort(sf_out *o)
{
    if (!o) return;
    if (o->fd >= 0) close(o->fd);
    sigset_t oldmask;
    tg_block(&oldmask);
    if (o->tmp) unlink(o->tmp);
    if (o->guarded) tg_remove(o->tmp);
    o->guarded = false;
    tg_unblock(&oldmask);
    free_out(o);
}

int sf_check(const char *path, char *err, size_t errlen)
{
    struct stat pst;
    if (path && *path && stat(path, &pst) == 0 && !S_ISREG(pst.st_mode) && !S_ISDIR(pst.st_mode)) {
        /* a pipe or device is only asked: opening a FIFO would wait for its reader, and closing it
         * again would end that reader's stream before the real output came */
        if (access(path, W_OK) != 0) return fail(err, errlen, path, "cannot write", errno);
        return 0;
    }
    /* everything else: the very steps of the real write up to its temp file (the same checks and
     * messages), then the temp file goes again and the target is as it was */
    sf_out *o = sf_open(path, 0600, err, errlen);
    if (!o) return -1;
    sf_abort(o);
    return 0;
}

int sf_write_file(const char *path, const void *data, size_t len, mode_t new_mode, char *err, size_t errlen)
{
    sf_out *o = sf_open(path, new_mode, err, errlen);
    if (!o) return -1;
    size_t half = len / 2;
    sf_write(o, data, half);
    flush_buf(o);
    if (!o->err && o->tmp && sf_test_hook) sf_test_hook(SF_STAGE_PARTIAL, o->tmp);
    sf_write(o, (const char *)data + half, len - half);
    return sf_commit(o, err, errlen);
}

long sf_temp_pid(const char *name)
{
    if (name[0] != '.') return 0;
    const char *tag = strstr(name, TMP_TAG);
    if (!tag || tag == name + 1) return 0;
    const char *p = tag + strlen(TMP_TAG);
    char *end;
    if (!isdigit((unsigned char)*p)) return 0;
    long pid = strtol(p, &end, 10);
    if (*end != '-' || strlen(end + 1) != 6 || pid <= 0) return 0;
    return pid;
}

int sf_clean_stale(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int gone = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        long pid = sf_temp_pid(de->d_name);
        if (!pid || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue; /* alive (or not ours to judge) */
        char full[PATH_MAX];
        struct stat st;
        if (snprintf(full, sizeof full, "%s/%s", dir, de->d_name) >= (int)sizeof full) continue;
        if (lstat(full, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid()) continue;
        if (unlink(full) == 0) gone++;
    }
    closedir(d);
    return gone;
}
