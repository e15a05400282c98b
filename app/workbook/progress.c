/* progress.c — load, update and atomically save the workbook progress file; set corrupt files aside. */
#include "workbook/progress.h"
#include "workbook/progress_file.h"
#include "workbook/json.h"
#include "util/safefile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* 2 added the student id and the scoring and review fields; a rcuvis that knows only 1 then
 * leaves the file alone ("newer rcuvis") instead of setting it aside as corrupt. 1 is still read. */
#define PROGRESS_VERSION 2

const char *progress_default_path(char *buf, size_t bufsz)
{
    const char *xdg = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    /* the XDG spec says a relative XDG_STATE_HOME is invalid and must be ignored */
    if (xdg && xdg[0] == '/') snprintf(buf, bufsz, "%s/rcuvis/progress.json", xdg);
    else snprintf(buf, bufsz, "%s/.local/state/rcuvis/progress.json", home && *home ? home : ".");
    return buf;
}

void progress_free(progress *p)
{
    free(p->e);
    free(p->resets);
    p->e = NULL;
    p->resets = NULL;
    p->n = p->cap = p->nresets = 0;
    p->reset_all = false;
}

progress_entry *progress_get(progress *p, const char *lesson, const char *qid, bool create)
{
    for (size_t i = 0; i < p->n; i++)
        if (!strcmp(p->e[i].lesson, lesson) && !strcmp(p->e[i].qid, qid)) {
            if (create) p->e[i].dirty = true;
            return &p->e[i];
        }
    if (!create) return NULL;
    if (p->n == p->cap) {
        size_t ncap = p->cap ? p->cap * 2 : 32;
        progress_entry *ne = realloc(p->e, ncap * sizeof *ne);
        if (!ne) return NULL;
        p->e = ne; p->cap = ncap;
    }
    progress_entry *e = &p->e[p->n++];
    memset(e, 0, sizeof *e);
    snprintf(e->lesson, sizeof e->lesson, "%s", lesson);
    snprintf(e->qid, sizeof e->qid, "%s", qid);
    e->dirty = true;
    return e;
}

void progress_record(progress *p, const char *lesson, const char *qid, const char *answer, bool ok, long long now)
{
    progress_entry *e = progress_get(p, lesson, qid, true);
    if (!e) return;
    if (e->attempts == 0 && !e->revealed) {
        snprintf(e->first, sizeof e->first, "%s", answer ? answer : "");
        e->first_ok = ok && !e->hinted;
        e->first_at = now;
    }
    if (ok && !e->correct && e->hinted) e->helped = true;
    e->attempts++;
    e->correct = e->correct || ok;
    snprintf(e->last, sizeof e->last, "%s", answer ? answer : "");
    e->updated = now;
}

const char *progress_student(progress *p)
{
    if (p->student[0]) return p->student;
    unsigned long long r = 0;
    int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);
    if (fd < 0 || read(fd, &r, sizeof r) != (ssize_t)sizeof r)
        r = (unsigned long long)time(NULL) * 6364136223846793005ULL ^ (unsigned long long)getpid() << 17; /* no urandom: still differs per student */
    if (fd >= 0) close(fd);
    snprintf(p->student, sizeof p->student, "%016llx", r);
    return p->student;
}

static size_t drop_lesson(progress *p, const char *lesson)
{
    size_t kept = 0, gone = 0;
    for (size_t i = 0; i < p->n; i++) {
        if (!strcmp(p->e[i].lesson, lesson)) { gone++; continue; }
        p->e[kept++] = p->e[i];
    }
    p->n = kept;
    return gone;
}

size_t progress_reset_lesson(progress *p, const char *lesson)
{
    char (*nr)[96] = realloc(p->resets, (p->nresets + 1) * sizeof *nr);
    if (nr) {
        p->resets = nr;
        snprintf(p->resets[p->nresets++], sizeof *nr, "%s", lesson);
    }
    return drop_lesson(p, lesson);
}

void progress_reset_all(progress *p)
{
    p->n = 0;
    p->nresets = 0;
    p->reset_all = true;
}

/* Move a file we cannot read aside, never deleting it: the student may want it back. */
static int set_aside(const char *path, char *dest, size_t destsz)
{
    long long t = (long long)time(NULL);
    for (int k = 0; k < 100; k++) {
        if (k == 0) snprintf(dest, destsz, "%s.corrupt-%lld", path, t);
        else snprintf(dest, destsz, "%s.corrupt-%lld-%d", path, t, k);
        if (access(dest, F_OK) == 0) continue;
        return rename(path, dest);
    }
    errno = EEXIST;
    return -1;
}

static const char *const top_keys[] = {"version", "student", "lessons", NULL};
/* booleans first (1..3 and the scoring ones are checked as such), then the rest */
static const char *const entry_keys[] = {"attempts", "correct", "revealed", "hinted", "last", "updated",
                                         "first", "first_ok", "helped", "first_at", "seconds", "review_at",
                                         "review_ok", NULL};

/* The scoring and review fields (added after the first format); an older file lacks them and gets
 * values derived from what it has. false when one has the wrong type. */
static bool scoring_from_json(progress_entry *e, const cJSON *q)
{
    const cJSON *first = cJSON_GetObjectItemCaseSensitive(q, "first");
    const cJSON *fok = cJSON_GetObjectItemCaseSensitive(q, "first_ok");
    const cJSON *helped = cJSON_GetObjectItemCaseSensitive(q, "helped");
    const cJSON *rok = cJSON_GetObjectItemCaseSensitive(q, "review_ok");
    const cJSON *nums[3] = {cJSON_GetObjectItemCaseSensitive(q, "first_at"), cJSON_GetObjectItemCaseSensitive(q, "seconds"),
                            cJSON_GetObjectItemCaseSensitive(q, "review_at")};
    if ((first && !cJSON_IsString(first)) || (fok && !cJSON_IsBool(fok)) || (helped && !cJSON_IsBool(helped)) ||
        (rok && !cJSON_IsBool(rok)))
        return false;
    for (int i = 0; i < 3; i++)
        if (nums[i] && (!cJSON_IsNumber(nums[i]) || nums[i]->valuedouble < 0 || !(nums[i]->valuedouble <= 1e15)))
            return false; /* in range before the casts below (1e400 reads as inf: converting it is undefined) */
    if (first) snprintf(e->first, sizeof e->first, "%s", first->valuestring);
    else if (e->attempts == 1) snprintf(e->first, sizeof e->first, "%s", e->last);
    /* an old record: right after one answer and no help can only have been right at the first try */
    e->first_ok = fok ? cJSON_IsTrue(fok) : e->correct && e->attempts == 1 && !e->hinted && !e->revealed;
    e->helped = helped ? cJSON_IsTrue(helped) : (e->correct && e->hinted) || e->revealed;
    e->first_at = nums[0] ? (long long)nums[0]->valuedouble : (e->attempts || e->revealed ? e->updated : 0);
    e->seconds = nums[1] ? nums[1]->valuedouble : 0;
    e->review_at = nums[2] ? (long long)nums[2]->valuedouble : 0;
    e->review_ok = cJSON_IsTrue(rok);
    return true;
}

/* Fill p from the parsed tree; on a shape error write why into why and return -1. */
static int from_json(progress *p, const cJSON *root, char *why, size_t whysz)
{
    if (!cJSON_IsObject(root)) { snprintf(why, whysz, "$: expected an object"); return -1; }
    for (const cJSON *k = root->child; k; k = k->next) {
        bool ok = false;
        for (int i = 0; top_keys[i]; i++) ok = ok || !strcmp(k->string, top_keys[i]);
        if (!ok) { snprintf(why, whysz, "$.%s: unknown key", k->string); return -1; }
    }
    const cJSON *student = cJSON_GetObjectItemCaseSensitive(root, "student");
    if (student && (!cJSON_IsString(student) || strlen(student->valuestring) >= sizeof p->student)) {
        snprintf(why, whysz, "$.student: expected a short string");
        return -1;
    }
    if (student) snprintf(p->student, sizeof p->student, "%s", student->valuestring);
    const cJSON *lessons = cJSON_GetObjectItemCaseSensitive(root, "lessons");
    if (!cJSON_IsObject(lessons)) { snprintf(why, whysz, "$.lessons: expected an object"); return -1; }
    for (const cJSON *l = lessons->child; l; l = l->next) {
        if (!cJSON_IsObject(l) || strlen(l->string) >= sizeof p->e[0].lesson) {
            snprintf(why, whysz, "$.lessons.%s: expected an object", l->string);
            return -1;
        }
        for (const cJSON *q = l->child; q; q = q->next) {
            const cJSON *att = cJSON_GetObjectItemCaseSensitive(q, "attempts");
            const cJSON *last = cJSON_GetObjectItemCaseSensitive(q, "last");
            const cJSON *upd = cJSON_GetObjectItemCaseSensitive(q, "updated");
            bool bad = !cJSON_IsObject(q) || strlen(q->string) >= sizeof p->e[0].qid || !cJSON_IsNumber(att) ||
                       att->valuedouble < 0 || att->valuedouble > 1e9 || (last && !cJSON_IsString(last)) ||
                       (upd && (!cJSON_IsNumber(upd) || fabs(upd->valuedouble) > 1e15)); /* in range before the casts below */
            for (int i = 1; !bad && i <= 3; i++) {
                const cJSON *b = cJSON_GetObjectItemCaseSensitive(q, entry_keys[i]);
                bad = b && !cJSON_IsBool(b);
            }
            for (const cJSON *k = cJSON_IsObject(q) ? q->child : NULL; k && !bad; k = k->next) {
                bool ok = false;
                for (int i = 0; entry_keys[i]; i++) ok = ok || !strcmp(k->string, entry_keys[i]);
                bad = !ok;
            }
            if (bad) { snprintf(why, whysz, "$.lessons.%s.%s: not a valid answer record", l->string, q->string); return -1; }
            progress_entry *e = progress_get(p, l->string, q->string, true);
            if (!e) { snprintf(why, whysz, "out of memory"); return -1; }
            e->attempts = (int)att->valuedouble;
            e->correct = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "correct"));
            e->revealed = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "revealed"));
            e->hinted = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "hinted"));
            if (last) snprintf(e->last, sizeof e->last, "%s", last->valuestring);
            if (upd) e->updated = (long long)upd->valuedouble;
            if (!scoring_from_json(e, q)) {
                snprintf(why, whysz, "$.lessons.%s.%s: not a valid answer record", l->string, q->string);
                return -1;
            }
        }
    }
    return 0;
}

/* The directory part of path, for stale temp files and mkdir. */
static void dir_of(const char *path, char *dir, size_t n)
{
    snprintf(dir, n, "%s", path);
    char *d = dirname(dir);
    if (d != dir) memmove(dir, d, strlen(d) + 1);
}

/* Load path; after_set_aside ends the message when a corrupt file was moved away. */
static int load(progress *p, const char *path, char *msg, size_t msglen, const char *after_set_aside)
{
    memset(p, 0, sizeof *p);
    snprintf(p->path, sizeof p->path, "%s", path);
    if (msg && msglen) msg[0] = 0;
    struct stat st;
    bool have = stat(path, &st) == 0;
    if (have && S_ISDIR(st.st_mode)) {
        snprintf(msg, msglen, "progress file %s is a directory, not a file; progress will not be saved", path);
        p->path[0] = 0;
        return -1;
    }
    size_t len;
    char *text = qj_read_file(path, &len);
    if (!text) {
        if (errno == ENOENT) return 0;
        snprintf(msg, msglen, "cannot read progress file %s: %s", path, strerror(errno));
        p->path[0] = 0; /* refuse to overwrite what we could not read */
        return -1;
    }
    char why[512] = "";
    int line, col;
    char what[QJ_WHAT_MAX];
    cJSON *root = qj_parse(text, &line, &col, what, sizeof what);
    free(text);
    if (!root) {
        snprintf(why, sizeof why, "%d:%d: %s", line, col, len ? what : "the file is empty");
    } else {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");
        if (cJSON_IsNumber(v) && v->valuedouble > PROGRESS_VERSION) {
            snprintf(msg, msglen, "progress file %s was written by a newer rcuvis (format %g); leaving it alone, "
                     "progress will not be saved", path, v->valuedouble);
            cJSON_Delete(root);
            p->path[0] = 0;
            return -1;
        }
        if (!cJSON_IsNumber(v) || (v->valuedouble != 1 && v->valuedouble != PROGRESS_VERSION))
            snprintf(why, sizeof why, "$.version: expected 1 or 2");
        else from_json(p, root, why, sizeof why);
        cJSON_Delete(root);
    }
    if (!why[0]) {
        for (size_t i = 0; i < p->n; i++) p->e[i].dirty = false; /* as on disk: nothing to merge yet */
        if (have && ((st.st_mode & 0222) == 0 || access(path, W_OK) != 0)) {
            /* shown, never replaced: the student (or a teacher) made it read-only on purpose */
            snprintf(msg, msglen, "progress file %s is read-only (mode %04o); answers will not be saved",
                     path, (unsigned)(st.st_mode & 07777));
            p->path[0] = 0;
            return -1;
        }
        return 0;
    }
    progress_free(p);
    char dest[4200];
    if (set_aside(path, dest, sizeof dest) != 0) {
        snprintf(msg, msglen, "progress file %s is corrupt (%s) and could not be moved aside: %s; "
                 "progress will not be saved", path, why, strerror(errno));
        p->path[0] = 0;
        return -1;
    }
    snprintf(msg, msglen, "progress file %s is corrupt (%s); moved it to %s and %s", path, why, dest, after_set_aside);
    return 1;
}

int progress_load(progress *p, const char *path, char *msg, size_t msglen)
{
    char dir[4096];
    dir_of(path, dir, sizeof dir);
    sf_clean_stale(dir); /* temp files of saves that were killed mid-write */
    return load(p, path, msg, msglen, "started with empty progress");
}

static int write_locked(progress *p, char *err, size_t errlen);

/* Apply p's changes to the file's current contents: resets first, then every changed entry; other
 * entries come from the file (another process may have answered them, or reset them away). */
static int merge_with_file(progress *p, char *err, size_t errlen)
{
    progress disk;
    char msg[4096];
    int rc = load(&disk, p->path, msg, sizeof msg, "kept the answers this session holds");
    if (rc < 0) { snprintf(err, errlen, "%s", msg); progress_free(&disk); return -1; }
    if (rc == 1) {
        /* corrupted behind our back: what this process holds (loaded earlier, answered since) is
         * the best copy there is, so all of it is written, not only this session's changes */
        snprintf(p->note, sizeof p->note, "%s", msg);
        for (size_t i = 0; i < p->n; i++) p->e[i].dirty = true;
    }
    if (p->reset_all) disk.n = 0;
    for (size_t i = 0; i < p->nresets; i++) drop_lesson(&disk, p->resets[i]);
    for (size_t i = 0; i < p->n; i++) {
        if (!p->e[i].dirty) continue;
        progress_entry *d = progress_get(&disk, p->e[i].lesson, p->e[i].qid, true);
        if (!d) { snprintf(err, errlen, "out of memory"); progress_free(&disk); return -1; }
        *d = p->e[i];
    }
    for (size_t i = 0; i < disk.n; i++) disk.e[i].dirty = false;
    if (!disk.student[0]) snprintf(disk.student, sizeof disk.student, "%s", p->student);
    snprintf(p->student, sizeof p->student, "%s", disk.student); /* the first id saved stays */
    /* p takes the merged entries; its path stays */
    free(p->e);
    free(p->resets);
    p->e = disk.e; p->n = disk.n; p->cap = disk.cap;
    p->resets = NULL; p->nresets = 0; p->reset_all = false;
    free(disk.resets);
    return 0;
}

/* Hold progress.json.lock (flock) so that two processes never interleave read-merge-write: without
 * it both read the same file and the second rename drops the first one's answer. -1 on failure. */
static int lock_file(const char *path, char *err, size_t errlen)
{
    char lp[4200];
    snprintf(lp, sizeof lp, "%s.lock", path);
    int fd = open(lp, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) { snprintf(err, errlen, "cannot open the lock file %s: %s", lp, strerror(errno)); return -1; }
    while (flock(fd, LOCK_EX) != 0) {
        if (errno == EINTR) continue;
        snprintf(err, errlen, "cannot lock %s: %s", lp, strerror(errno));
        close(fd);
        return -1;
    }
    return fd;
}

int progress_save(progress *p, char *err, size_t errlen)
{
    if (!p->path[0]) { snprintf(err, errlen, "progress is not being saved (see the earlier message)"); return -1; }
    char dir[4096];
    dir_of(p->path, dir, sizeof dir);
    if (pf_mkdirs(dir, err, errlen) != 0) return -1;
    int lock = lock_file(p->path, err, errlen);
    if (lock < 0) return -1;
    int rc = write_locked(p, err, errlen);
    close(lock); /* releases the flock */
    return rc;
}

static int write_locked(progress *p, char *err, size_t errlen)
{
    progress_student(p); /* every saved file names its student (the file's own id wins in the merge) */
    if (merge_with_file(p, err, errlen) != 0) return -1;
    int rc = -1;
    char *text = NULL;
    cJSON *root = cJSON_CreateObject();
    cJSON *lessons = root && cJSON_AddNumberToObject(root, "version", PROGRESS_VERSION) &&
                             (!p->student[0] || cJSON_AddStringToObject(root, "student", p->student))
                         ? cJSON_AddObjectToObject(root, "lessons") : NULL;
    if (!lessons) goto oom;
    for (size_t i = 0; i < p->n; i++) {
        const progress_entry *e = &p->e[i];
        cJSON *l = cJSON_GetObjectItemCaseSensitive(lessons, e->lesson);
        if (!l) l = cJSON_AddObjectToObject(lessons, e->lesson);
        cJSON *q = l ? cJSON_AddObjectToObject(l, e->qid) : NULL;
        if (!q) goto oom;
        cJSON_AddNumberToObject(q, "attempts", e->attempts);
        cJSON_AddBoolToObject(q, "correct", e->correct);
        cJSON_AddBoolToObject(q, "revealed", e->revealed);
        cJSON_AddBoolToObject(q, "hinted", e->hinted);
        cJSON_AddStringToObject(q, "last", e->last);
        cJSON_AddNumberToObject(q, "updated", (double)e->updated);
        cJSON_AddStringToObject(q, "first", e->first);
        cJSON_AddBoolToObject(q, "first_ok", e->first_ok);
        cJSON_AddBoolToObject(q, "helped", e->helped);
        cJSON_AddNumberToObject(q, "first_at", (double)e->first_at);
        cJSON_AddNumberToObject(q, "seconds", e->seconds);
        cJSON_AddNumberToObject(q, "review_at", (double)e->review_at);
        cJSON_AddBoolToObject(q, "review_ok", e->review_ok);
    }
    if (!(text = qj_print(root))) goto oom;
    rc = pf_write_atomic(p->path, text, strlen(text), err, errlen);
    goto out;
oom:
    snprintf(err, errlen, "out of memory");
out:
    free(text);
    cJSON_Delete(root);
    return rc;
}

/* A teacher's folder also holds other JSON (a scenario, the quiz file itself): its "$.version:
 * expected 1 or 2" read as a damaged progress file. A progress file has a student id or a
 * "lessons" object (a quiz's "lessons" is an array). */
static bool looks_like_progress(const cJSON *root)
{
    return !cJSON_IsObject(root) || cJSON_GetObjectItemCaseSensitive(root, "student") ||
           cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(root, "lessons"));
}

int progress_read_only(progress *p, const char *path, char *msg, size_t msglen)
{
    memset(p, 0, sizeof *p); /* no path: nothing of this can be saved back by mistake */
    size_t len;
    char *text = qj_read_file(path, &len);
    if (!text) { snprintf(msg, msglen, "%s: cannot read: %s", path, strerror(errno)); return -1; }
    int line, col;
    char what[QJ_WHAT_MAX], why[512] = "";
    cJSON *root = qj_parse(text, &line, &col, what, sizeof what);
    free(text);
    if (!root) {
        snprintf(msg, msglen, "%s:%d:%d: %s", path, line, col, len ? what : "the file is empty");
        return -1;
    }
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "version");
    if (!looks_like_progress(root)) {
        snprintf(msg, msglen, "%s: not an rcuvis progress file (no \"student\", no \"lessons\" object: a scenario, quiz "
                 "or settings file?)", path);
        cJSON_Delete(root);
        return -2;
    }
    if (cJSON_IsNumber(v) && v->valuedouble > PROGRESS_VERSION)
        snprintf(why, sizeof why, "written by a newer rcuvis (progress format %g, this one reads 1 and 2)", v->valuedouble);
    else if (!cJSON_IsNumber(v) || (v->valuedouble != 1 && v->valuedouble != PROGRESS_VERSION)) snprintf(why, sizeof why, "$.version: expected 1 or 2");
    else from_json(p, root, why, sizeof why);
    cJSON_Delete(root);
    if (why[0]) { snprintf(msg, msglen, "%s: %s", path, why); progress_free(p); return -1; }
    return 0;
}
