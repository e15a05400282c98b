/* merge.c — `rcuvis quiz --merge DIR`: a class summary per question from students' progress files and CSV exports. */
#include "workbook/classroom.h"
#include "workbook/score.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

typedef struct student_file { char name[256]; progress p; } student_file;

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

static void append(char *err, size_t errlen, const char *line)
{
    size_t n = strlen(err);
    if (n + 1 < errlen) snprintf(err + n, errlen - n, "%s\n", line);
}

/* Load every *.json and *.csv of dir; one message per bad file. Returns how many loaded, -1 on an unreadable dir. */
static int load_class(const char *dir, student_file **out, size_t *n, char *err, size_t errlen, int *bad)
{
    DIR *d = opendir(dir);
    *out = NULL;
    *n = 0;
    *bad = 0;
    if (!d) {
        char line[600];
        snprintf(line, sizeof line, "%s: cannot read the directory", dir);
        append(err, errlen, line);
        return -1;
    }
    char **names = NULL;
    size_t nn = 0, cap = 0;
    for (struct dirent *de; (de = readdir(d));) {
        if (de->d_name[0] == '.' || !(ends_with(de->d_name, ".json") || ends_with(de->d_name, ".csv"))) continue;
        if (nn == cap) {
            cap = cap ? cap * 2 : 32;
            char **nm = realloc(names, cap * sizeof *nm);
            if (!nm) break;
            names = nm;
        }
        names[nn] = strdup(de->d_name);
        if (names[nn]) nn++;
    }
    closedir(d);
    if (nn) qsort(names, nn, sizeof *names, by_name); /* the same class gives the same report */
    *out = calloc(nn ? nn : 1, sizeof **out);
    for (size_t i = 0; i < nn && *out; i++) {
        char path[4400], msg[4600];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        student_file *sf = &(*out)[*n];
        snprintf(sf->name, sizeof sf->name, "%s", names[i]);
        int rc = ends_with(names[i], ".csv") ? wb_csv_read(path, &sf->p, msg, sizeof msg)
                                              : progress_read_only(&sf->p, path, msg, sizeof msg);
        if (rc != 0) { append(err, errlen, msg); (*bad)++; continue; }
        /* a progress file from before student ids: the file stands for one student */
        if (!sf->p.student[0]) snprintf(sf->p.student, sizeof sf->p.student, "%.39s", names[i]);
        bool dup = false;
        for (size_t k = 0; k < *n && !dup; k++)
            if (!strcmp((*out)[k].p.student, sf->p.student)) {
                fprintf(stderr, "rcuvis: %s: the same student as %s (id %s); counted once\n", names[i], (*out)[k].name, sf->p.student);
                dup = true;
            }
        if (dup) { progress_free(&sf->p); continue; }
        (*n)++;
    }
    for (size_t i = 0; i < nn; i++) free(names[i]);
    free(names);
    return (int)*n;
}

/* The most common wrong first answer of a question over the class ("" when none), and its count. */
static size_t common_wrong(const quiz_question *q, const char *key, student_file *cls, size_t n, char *best, size_t bestsz)
{
    size_t best_count = 0;
    best[0] = 0;
    for (size_t i = 0; i < n; i++) {
        const progress_entry *e = progress_get(&cls[i].p, key, q->id, false);
        if (!e || !e->first[0]) continue;
        quiz_result r;
        quiz_grade(q, e->first, &r); /* first answers are stored in the file's letters */
        if (r.status != 0) continue;
        size_t count = 0;
        for (size_t k = 0; k < n; k++) {
            const progress_entry *o = progress_get(&cls[k].p, key, q->id, false);
            count += o && !strcmp(o->first, e->first);
        }
        /* ties go to the alphabetically first answer, so the report does not depend on file order */
        if (count > best_count || (count == best_count && strcmp(e->first, best) < 0)) {
            best_count = count;
            snprintf(best, bestsz, "%s", e->first);
        }
    }
    return best_count;
}

/* "b \"No RCU reader is running…\"" for a choice answer; numbers and yes/no as they are */
static void describe(const quiz_question *q, const char *answer, char *buf, size_t bufsz)
{
    if ((q->kind == QUIZ_CHOICE) && answer[0] >= 'a' && (size_t)(answer[0] - 'a') < q->nanswers && !answer[1]) {
        const char *t = q->answers[answer[0] - 'a'].text;
        snprintf(buf, bufsz, "%s \"%.36s%s\"", answer, t, strlen(t) > 36 ? "..." : "");
    } else {
        snprintf(buf, bufsz, "%s", answer);
    }
}

/* Whether a lesson is in the summary: every lesson, or the one asked for. */
static bool summarized(const quiz_lesson *only, const quiz_lesson *l) { return !only || only == l; }

/* Has the student any answer (or shown answer) in p outside the set's lessons? An export made
 * without --file holds the shipped workbook's rows, not a teacher's own set. */
static bool answers_elsewhere(const quiz_set *set, const progress *p)
{
    for (size_t i = 0; i < p->n; i++) {
        if (!p->e[i].attempts && !p->e[i].revealed) continue;
        bool in_set = false;
        for (size_t fi = 0; fi < set->n && !in_set; fi++)
            for (size_t li = 0; li < set->files[fi].nlessons && !in_set; li++) {
                char key[128];
                quiz_lesson_key(&set->files[fi], &set->files[fi].lessons[li], key, sizeof key);
                in_set = !strcmp(key, p->e[i].lesson);
            }
        if (!in_set) return true;
    }
    return false;
}

/* Outcomes of p over every lesson of set, or only the lesson `only` (wb_lesson_score() summed). */
static void set_score(const quiz_set *set, const quiz_lesson *only, const progress *p, wb_score *sum)
{
    memset(sum, 0, sizeof *sum);
    for (size_t fi = 0; fi < set->n; fi++)
        for (size_t li = 0; li < set->files[fi].nlessons; li++) {
            if (!summarized(only, &set->files[fi].lessons[li])) continue;
            wb_score sc;
            wb_lesson_score(p, &set->files[fi], &set->files[fi].lessons[li], &sc);
            for (int k = 0; k < WB_NOUTCOMES; k++) sum->n[k] += sc.n[k];
            sum->total += sc.total;
        }
}

bool wb_answers_only_elsewhere(const quiz_set *set, const progress *p)
{
    wb_score sc;
    set_score(set, NULL, p, &sc);
    return sc.n[WB_UNTOUCHED] == sc.total && answers_elsewhere(set, p);
}

/* One line per student (per file, by the name the teacher gave it): how many of the summarized
 * questions they answered, and how: right at the first try, after retries, with help, still open. A
 * teacher grading by student had only per-question figures and the files' random ids. */
static void per_student(const quiz_set *set, const quiz_lesson *only, student_file *cls, size_t n, FILE *out)
{
    wb_score all;
    set_score(set, only, NULL, &all);
    fprintf(out, "\nStudents (of %zu question%s; answered = right at the first try + after retries + with help + still open):\n"
            "  %-28s %8s  %9s  %13s  %9s  %4s\n", all.total, all.total == 1 ? "" : "s", "file", "answered", "first try",
            "after retries", "with help", "open");
    for (size_t i = 0; i < n; i++) {
        wb_score sc;
        set_score(set, only, &cls[i].p, &sc);
        size_t done = sc.total - sc.n[WB_UNTOUCHED];
        fprintf(out, "  %-28s %8zu  %9zu  %13zu  %9zu  %4zu%s\n", cls[i].name, done, sc.n[WB_FIRST_TRY], sc.n[WB_RETRIES],
                sc.n[WB_HELPED], sc.n[WB_OPEN],
                !done && answers_elsewhere(set, &cls[i].p) ? "  (answers to another quiz only: exported without --file?)" : "");
    }
}

int wb_merge_dir(const quiz_set *set, const quiz_lesson *only, const char *dir, FILE *out, char *err, size_t errlen)
{
    err[0] = 0;
    student_file *cls;
    size_t n;
    int bad;
    int loaded = load_class(dir, &cls, &n, err, errlen, &bad);
    int rc = 0;
    if (loaded < 0 || bad) {
        rc = 2;
    } else if (n == 0) {
        char line[600];
        snprintf(line, sizeof line, "%s: no progress files (*.json) or exports (*.csv) to merge", dir);
        append(err, errlen, line);
        rc = 2;
    }
    if (rc == 0) {
        fprintf(out, "Class summary of %s: %zu student%s%s%s\n", dir, n, n == 1 ? "" : "s", only ? ", lesson " : "", only ? only->id : "");
        per_student(set, only, cls, n, out);
        for (size_t fi = 0; fi < set->n; fi++)
            for (size_t li = 0; li < set->files[fi].nlessons; li++) {
                const quiz_lesson *l = &set->files[fi].lessons[li];
                if (!summarized(only, l)) continue;
                char key[128];
                quiz_lesson_key(&set->files[fi], l, key, sizeof key);
                fprintf(out, "\nLesson %s: %s\n  %-8s %8s %10s %6s %6s  %s\n", l->id, l->title, "question", "answered",
                        "first try", "hint", "shown", "most common wrong first answer");
                for (size_t qi = 0; qi < l->nquestions; qi++) {
                    const quiz_question *q = &l->questions[qi];
                    size_t answered = 0, first = 0, hints = 0, shown = 0;
                    for (size_t i = 0; i < n; i++) {
                        const progress_entry *e = progress_get(&cls[i].p, key, q->id, false);
                        enum wb_outcome o = wb_outcome_of(e);
                        if (o == WB_UNTOUCHED) continue;
                        answered++;
                        first += o == WB_FIRST_TRY;
                        hints += e->hinted;
                        shown += e->revealed;
                    }
                    char share[16] = "-", wrong[64], what[200] = "-";
                    if (answered) snprintf(share, sizeof share, "%.0f%%", 100.0 * (double)first / (double)answered);
                    size_t wc = common_wrong(q, key, cls, n, wrong, sizeof wrong);
                    if (wc) {
                        char d[160];
                        describe(q, wrong, d, sizeof d);
                        snprintf(what, sizeof what, "%s (%zu)", d, wc);
                    }
                    fprintf(out, "  %-8s %8zu %10s %6zu %6zu  %s\n", q->id, answered, share, hints, shown, what);
                }
            }
    }
    for (size_t i = 0; i < n; i++) progress_free(&cls[i].p);
    free(cls);
    return rc;
}
