/* merge_files.c — find, load and check the files of a `quiz --merge` folder; every entry not taken is named. */
#include "workbook/merge_files.h"
#include "workbook/classroom.h"
#include "workbook/score.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

typedef struct walk {
    char dir[4096];  /* the folder given, without a trailing slash */
    mf_file *v; size_t n, cap;
    FILE *warn;
    char *err; size_t errlen;
    int bad;
} walk;

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Case-insensitive: BOB.CSV from a Windows machine is an export like bob.csv. */
static bool has_ext(const char *s, const char *ext)
{
    size_t n = strlen(s), m = strlen(ext);
    return n > m && !strcasecmp(s + n - m, ext);
}

static void append(char *err, size_t errlen, const char *line)
{
    size_t n = strlen(err);
    if (n + 1 < errlen) snprintf(err + n, errlen - n, "%s\n", line);
}

static void skipped(walk *w, const char *rel, const char *why)
{
    fprintf(w->warn, "rcuvis: %s/%s: skipped: %s\n", w->dir, rel, why);
}

/* Load one file into the next slot; a file that cannot be read is reported in err. */
static void take(walk *w, const char *rel, const char *path)
{
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 32;
        mf_file *nv = realloc(w->v, cap * sizeof *nv);
        if (!nv) { append(w->err, w->errlen, "out of memory"); w->bad++; return; }
        w->v = nv;
        w->cap = cap;
    }
    mf_file *f = &w->v[w->n];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", rel);
    snprintf(f->path, sizeof f->path, "%s", path);
    f->csv = has_ext(rel, ".csv");
    char msg[5600];
    int rc = f->csv ? wb_csv_read(path, &f->p, msg, sizeof msg) : progress_read_only(&f->p, path, msg, sizeof msg);
    if (rc == -2) { /* a scenario or the quiz file beside the hand-ins: no one's answers, like notes.txt */
        skipped(w, rel, "not an rcuvis progress file (no \"student\", no \"lessons\": a scenario, quiz or settings file?)");
        return;
    }
    if (rc != 0) { append(w->err, w->errlen, msg); w->bad++; return; }
    f->has_id = f->p.student[0] != 0;
    w->n++;
}

/* The names in a folder but . and .., sorted (the same class gives the same report); NULL when it cannot be read. */
static char **names_in(const char *path, size_t *n)
{
    DIR *d = opendir(path);
    *n = 0;
    if (!d) return NULL;
    char **names = NULL;
    size_t cap = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
        if (*n == cap) {
            cap = cap ? cap * 2 : 32;
            char **nm = realloc(names, cap * sizeof *nm);
            if (!nm) break;
            names = nm;
        }
        if ((names[*n] = strdup(de->d_name))) (*n)++;
    }
    closedir(d);
    if (*n) qsort(names, *n, sizeof *names, by_name);
    return names ? names : calloc(1, sizeof *names);
}

static void walk_dir(walk *w, const char *rel, int depth);

/* One entry of a folder: loaded, descended into, or named as skipped. */
static void visit(walk *w, const char *rel, const char *name, int depth)
{
    char path[5200], msg[600];
    snprintf(path, sizeof path, "%s/%s", w->dir, rel);
    struct stat st;
    if (stat(path, &st) != 0) { /* a dangling link, or gone since the listing */
        snprintf(msg, sizeof msg, "cannot read it: %s", strerror(errno));
        skipped(w, rel, msg);
    } else if (name[0] == '.') {
        skipped(w, rel, S_ISDIR(st.st_mode) ? "a hidden folder (its name starts with a dot)" : "a hidden file (its name starts with a dot)");
    } else if (S_ISDIR(st.st_mode)) {
        if (depth < MF_MAX_DEPTH) walk_dir(w, rel, depth + 1);
        else {
            snprintf(msg, sizeof msg, "a folder more than %d levels down, not read", MF_MAX_DEPTH);
            skipped(w, rel, msg);
        }
    } else if (!S_ISREG(st.st_mode)) {
        skipped(w, rel, "not a regular file"); /* a FIFO would block the read */
    } else if (has_ext(name, ".json") || has_ext(name, ".csv")) {
        take(w, rel, path);
    } else if (has_ext(name, ".json.lock")) {
        /* rcuvis's own lock beside a progress file (progress.c): a student's state folder handed
         * in whole, or the TA's own, holds one per save; it is no one's answers, and no news */
    } else {
        skipped(w, rel, "not a .json progress file or .csv export");
    }
}

/* The entries of DIR/rel (rel "" = DIR itself), in name order. */
static void walk_dir(walk *w, const char *rel, int depth)
{
    char path[5200];
    snprintf(path, sizeof path, "%s%s%s", w->dir, rel[0] ? "/" : "", rel);
    size_t n;
    char **names = names_in(path, &n);
    if (!names) {
        char msg[600];
        snprintf(msg, sizeof msg, "cannot read the folder: %s", strerror(errno));
        skipped(w, rel, msg);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        char sub[1024];
        int len = snprintf(sub, sizeof sub, "%s%s%s", rel, rel[0] ? "/" : "", names[i]);
        if (len < 0 || (size_t)len >= sizeof sub) skipped(w, rel[0] ? rel : names[i], rel[0] ? "an entry in it: its path is too long" : "the path is too long");
        else visit(w, sub, names[i], depth);
        free(names[i]);
    }
    free(names);
}

int mf_load(const char *dir, mf_file **out, size_t *n, FILE *warn, char *err, size_t errlen, int *bad)
{
    walk w = {.warn = warn, .err = err, .errlen = errlen};
    snprintf(w.dir, sizeof w.dir, "%s", dir);
    for (size_t k = strlen(w.dir); k > 1 && w.dir[k - 1] == '/'; k--) w.dir[k - 1] = 0; /* "class/" names files class/x.csv */
    *out = NULL;
    *n = 0;
    *bad = 0;
    struct stat st;
    char line[5200];
    if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
        snprintf(line, sizeof line, "%s: is a file, not a folder: --merge takes the folder the files were handed in to", dir);
        append(err, errlen, line);
        return -1;
    }
    size_t top;
    char **names = names_in(dir, &top);
    if (!names) {
        snprintf(line, sizeof line, "%s: cannot read the folder: %s", dir, strerror(errno));
        append(err, errlen, line);
        return -1;
    }
    for (size_t i = 0; i < top; i++) free(names[i]);
    free(names);
    walk_dir(&w, "", 0);
    *out = w.v;
    *n = w.n;
    *bad = w.bad;
    return (int)w.n;
}

void mf_free(mf_file *v, size_t n)
{
    for (size_t i = 0; i < n; i++) progress_free(&v[i].p);
    free(v);
}

const quiz_lesson *mf_set_lesson(const quiz_set *set, const char *key, bool *quiz_known)
{
    *quiz_known = false;
    const char *slash = strchr(key, '/');
    size_t idlen = slash ? (size_t)(slash - key) : strlen(key);
    for (size_t fi = 0; fi < set->n; fi++) {
        const quiz_file *f = &set->files[fi];
        if (strlen(f->id) != idlen || strncmp(f->id, key, idlen)) continue;
        *quiz_known = true;
        return slash ? quiz_find_lesson(f, slash + 1) : NULL;
    }
    return NULL;
}

static bool has_question(const quiz_lesson *l, const char *qid)
{
    for (size_t i = 0; i < l->nquestions; i++)
        if (!strcmp(l->questions[i].id, qid)) return true;
    return false;
}

/* A list of up to 5 ids, then "and N more". */
typedef struct id_list { char text[400]; size_t n; } id_list;

static void note_id(id_list *ids, const char *id)
{
    if (ids->n < 5) {
        size_t len = strlen(ids->text);
        snprintf(ids->text + len, sizeof ids->text - len, "%s%s", ids->n ? ", " : "", id);
    }
    ids->n++;
}

static void ids_end(const id_list *ids, char *buf, size_t bufsz)
{
    if (ids->n > 5) snprintf(buf, bufsz, "%s and %zu more", ids->text, ids->n - 5);
    else snprintf(buf, bufsz, "%s", ids->text);
}

bool mf_answered(const progress_entry *e) { return e->attempts || e->revealed; }

/* Whether an entry before i holds an answer to the same lesson: each lesson is listed once. */
static bool lesson_seen(const progress *p, size_t i)
{
    for (size_t k = 0; k < i; k++)
        if (mf_answered(&p->e[k]) && !strcmp(p->e[k].lesson, p->e[i].lesson)) return true;
    return false;
}

/* The answers (given, or shown) to lessons or questions of set's quizzes that set lacks: another
 * version of the quiz, whose answers the summary would otherwise drop without a word. */
static void check_unknown(const quiz_set *set, const mf_file *f, FILE *warn)
{
    id_list lessons = {"", 0}, questions = {"", 0};
    size_t in_lessons = 0, in_questions = 0;
    for (size_t i = 0; i < f->p.n; i++) {
        const progress_entry *e = &f->p.e[i];
        if (!mf_answered(e)) continue;
        bool known;
        const quiz_lesson *l = mf_set_lesson(set, e->lesson, &known);
        if (!known) continue; /* another quiz altogether: the summary's line says so */
        if (!l) {
            if (!lesson_seen(&f->p, i)) note_id(&lessons, e->lesson);
            in_lessons++;
        }
        else if (!has_question(l, e->qid)) { note_id(&questions, e->qid); in_questions++; }
    }
    char list[512];
    if (in_lessons) {
        ids_end(&lessons, list, sizeof list);
        fprintf(warn, "rcuvis: %s: %zu answer%s to %s the quiz lacks (%s): another version of the quiz?\n", f->path,
                in_lessons, in_lessons == 1 ? "" : "s", lessons.n == 1 ? "a lesson" : "lessons", list);
    }
    if (in_questions) {
        ids_end(&questions, list, sizeof list);
        fprintf(warn, "rcuvis: %s: %zu answer%s to %s the quiz lacks (%s): another version of the quiz?\n", f->path,
                in_questions, in_questions == 1 ? "" : "s", questions.n == 1 ? "a question" : "questions", list);
    }
}

/* An export has a row for every question of the quiz it was made with (answered or not), so one
 * with rows for some of set's questions but not all was cut short or made with another version. */
typedef struct row_count { size_t total, rows; } row_count;

static void count_row(void *ctx, const wb_question_ref *q)
{
    row_count *c = ctx;
    c->total++;
    c->rows += q->e != NULL;
}

static void check_rows(const quiz_set *set, const mf_file *f, FILE *warn)
{
    row_count c = {0, 0};
    wb_each_question(set, &f->p, count_row, &c);
    size_t total = c.total, rows = c.rows;
    /* no row at all: an export of another quiz, which the summary's line names */
    if (rows && rows < total)
        fprintf(warn, "rcuvis: %s: rows for %zu of the %zu questions: cut short, or exported from another version?\n",
                f->path, rows, total);
}

/* Records that contradict themselves or the answer key: "right at the first try" with a first answer
 * the key marks wrong, or none at all. The tool never writes such a record (progress.c sets first_ok
 * from the graded first answer), so a hand-edited file is the likely cause; a TA found an edited
 * export counted 76 of 76 at the first try, while the same table listed its first answers as wrong. */
static void note_inconsistent(void *ctx, const wb_question_ref *q)
{
    const progress_entry *e = q->e;
    if (!e || !e->first_ok) return;
    const quiz_question *qq = &q->l->questions[q->question];
    quiz_result r;
    if (e->first[0]) quiz_grade(qq, e->first, &r);
    if (!e->first[0] || r.status != 1) note_id(ctx, qq->id);
}

static void check_consistent(const quiz_set *set, const mf_file *f, FILE *warn)
{
    id_list bad = {"", 0};
    wb_each_question(set, &f->p, note_inconsistent, &bad);
    if (!bad.n) return;
    char list[512];
    ids_end(&bad, list, sizeof list);
    fprintf(warn, "rcuvis: %s: %zu question%s recorded as right at the first try whose recorded first answer this quiz's key "
                  "marks wrong, or which has none (%s): edited by hand, or answered under another version of the quiz?\n",
            f->path, bad.n, bad.n == 1 ? "" : "s", list);
}

void mf_check(const quiz_set *set, const mf_file *f, FILE *warn)
{
    check_unknown(set, f, warn);
    if (f->csv) check_rows(set, f, warn);
    check_consistent(set, f, warn);
}
