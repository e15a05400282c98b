/* set.c — the workbook's quiz files loaded together, and finding a lesson by a name a student types. */
#include "workbook/quiz.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void quiz_lesson_key(const quiz_file *f, const quiz_lesson *l, char *buf, size_t bufsz)
{
    snprintf(buf, bufsz, "%s/%s", f->id, l->id);
}

/* Take ownership of a loaded quiz; ids must differ because progress is keyed by them. */
static int add_loaded(quiz_set *s, quiz_file q, const char *path, char *err, size_t errlen)
{
    for (size_t i = 0; i < s->n; i++)
        if (!strcmp(s->files[i].id, q.id)) {
            snprintf(err, errlen, "%s: quiz id \"%s\" is already used by %s\n", path, q.id, s->files[i].path);
            quiz_free(&q);
            return -1;
        }
    quiz_file *nf = realloc(s->files, (s->n + 1) * sizeof *nf);
    if (!nf) { quiz_free(&q); snprintf(err, errlen, "out of memory\n"); return -1; }
    s->files = nf;
    s->files[s->n++] = q;
    return 0;
}

int quiz_set_add_file(quiz_set *s, const char *path, char *err, size_t errlen)
{
    quiz_file q;
    int rc = quiz_load(path, &q, false, err, errlen);
    if (rc == 1) { quiz_not_a_quiz(path, err, errlen); return -1; }
    if (rc != 0) return -1;
    return add_loaded(s, q, path, err, errlen);
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int quiz_set_load_dir(quiz_set *s, const char *dir, char *err, size_t errlen)
{
    if (err && errlen) err[0] = 0;
    DIR *d = opendir(dir);
    if (!d) { snprintf(err, errlen, "cannot read %s: %s\n", dir, strerror(errno)); return -1; }
    char **names = NULL;
    size_t n = 0;
    for (struct dirent *de; (de = readdir(d));) {
        size_t len = strlen(de->d_name);
        if (len < 6 || strcmp(de->d_name + len - 5, ".json") || de->d_name[0] == '.') continue;
        char **nn = realloc(names, (n + 1) * sizeof *nn);
        if (!nn) break;
        names = nn;
        names[n++] = strdup(de->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    for (size_t i = 0; i < n; i++) {
        char path[4096], msg[4096];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        quiz_file q;
        int rc = quiz_load(path, &q, false, msg, sizeof msg);
        if (rc == 0) rc = add_loaded(s, q, path, msg, sizeof msg);
        if (rc < 0 && err) { size_t l = strlen(err); snprintf(err + l, errlen - l, "%s", msg); }
        free(names[i]);
    }
    free(names);
    return 0;
}

void quiz_set_free(quiz_set *s)
{
    for (size_t i = 0; i < s->n; i++) quiz_free(&s->files[i]);
    free(s->files);
    s->files = NULL;
    s->n = 0;
}

static bool title_has(const char *title, const char *piece)
{
    size_t n = strlen(piece);
    for (const char *t = title; *t; t++) if (!strncasecmp(t, piece, n)) return true;
    return false;
}

int quiz_set_find(const quiz_set *s, const char *name, const quiz_file **f, const quiz_lesson **l, char *err, size_t errlen)
{
    /* exact keys first, so "1" never loses to a title that happens to contain a 1 */
    for (int pass = 0; pass < 3; pass++) {
        int hits = 0;
        char cands[512] = "";
        for (size_t i = 0; i < s->n; i++)
            for (size_t j = 0; j < s->files[i].nlessons; j++) {
                const quiz_lesson *ls = &s->files[i].lessons[j];
                char key[128];
                quiz_lesson_key(&s->files[i], ls, key, sizeof key);
                bool m = pass == 0 ? !strcmp(key, name) : pass == 1 ? !strcmp(ls->id, name) : title_has(ls->title, name);
                if (!m) continue;
                if (!hits++) { *f = &s->files[i]; *l = ls; }
                size_t cl = strlen(cands);
                snprintf(cands + cl, sizeof cands - cl, "%s%s (%s)", cl ? ", " : "", key, ls->title);
            }
        if (hits == 1) return 0;
        if (hits > 1) { snprintf(err, errlen, "lesson \"%s\" is ambiguous: %s", name, cands); return -1; }
    }
    snprintf(err, errlen, "no lesson \"%s\" (see `rcuvis quiz --list`)", name);
    return -1;
}

size_t quiz_set_keep_basis(quiz_set *s, unsigned mask, size_t *total)
{
    size_t kept = 0, all = 0;
    for (size_t f = 0; f < s->n; f++)
        for (size_t l = 0; l < s->files[f].nlessons; l++) {
            quiz_lesson *ls = &s->files[f].lessons[l];
            size_t k = 0;
            for (size_t i = 0; i < ls->nquestions; i++) {
                quiz_question *q = &ls->questions[i];
                if (q->basis != QB_NONE && mask & QUIZ_BASIS_BIT(q->basis)) ls->questions[k++] = *q;
                else quiz_question_free(q);
            }
            all += ls->nquestions;
            ls->nquestions = k;
            kept += k;
        }
    if (total) *total = all;
    return kept;
}
