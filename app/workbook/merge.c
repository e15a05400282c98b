/* merge.c — `rcuvis quiz --merge DIR`: a class summary per question from students' progress files and CSV exports. */
#include "workbook/classroom.h"
#include "workbook/merge_files.h"
#include "workbook/score.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* One line of the summary: a student, from one file or several with the same student id. */
typedef struct student_row {
    char *label;   /* the files' names joined by " + " (malloc'd) */
    char id[40];   /* "" for a progress file from before student ids: never combined */
    size_t nfiles;
    progress p;    /* each question's furthest-along record over the files */
} student_row;

/* How far along a record is: answered right, answered, shown or hinted, untouched. */
static int standing(const progress_entry *e)
{
    /* an export's "right" after a shown answer is the CSV reader's guess (export.c); a record that
     * has times (a progress file's) knows, and wins over the guess on the answered level */
    bool guessed = e->helped && e->revealed && !e->updated;
    if (e->correct && !guessed) return 3;
    if (e->attempts) return 2;
    return e->revealed || e->hinted ? 1 : 0;
}

/* Whether a is further along than b; on equal standing the newer record (an export has no times,
 * so a progress file's record wins over it, and the first file by name over a later one). */
static bool further(const progress_entry *a, const progress_entry *b)
{
    if (standing(a) != standing(b)) return standing(a) > standing(b);
    if (a->updated != b->updated) return a->updated > b->updated;
    return a->first_at > b->first_at;
}

/* Add a file's records to a row, question by question: an early export and the final progress of
 * one student give the final answers, whichever file sorts first. */
static bool combine(progress *into, const progress *from)
{
    for (size_t i = 0; i < from->n; i++) {
        const progress_entry *e = &from->e[i];
        progress_entry *have = progress_get(into, e->lesson, e->qid, false);
        if (have && !further(e, have)) continue;
        if (!have && !(have = progress_get(into, e->lesson, e->qid, true))) return false;
        *have = *e;
    }
    return true;
}

static bool add_label(student_row *r, const char *name)
{
    size_t had = r->label ? strlen(r->label) : 0, len = had + strlen(name) + 4;
    char *nl = realloc(r->label, len);
    if (!nl) return false;
    snprintf(nl + had, len - had, "%s%s", had ? " + " : "", name);
    r->label = nl;
    r->nfiles++;
    return true;
}

/* The row of f's student (made when new), files in name order; NULL on OOM. */
static student_row *row_of(student_row *rows, size_t *n, const mf_file *f)
{
    for (size_t k = 0; k < *n; k++)
        if (f->has_id && !strcmp(rows[k].id, f->p.student)) return &rows[k];
    student_row *r = &rows[(*n)++];
    memset(r, 0, sizeof *r);
    if (f->has_id) snprintf(r->id, sizeof r->id, "%s", f->p.student);
    return r;
}

/* The name a file was handed in under: its folder under the merge's when it sits in one (an LMS
 * download has a folder per student), else the letters its base name starts with, lower-cased
 * ("gina" of gina-early.csv); "" for names that name nobody: the window's rcuvis-answers-ID.csv and
 * progress.json itself. */
static void name_stem(const char *rel, char *stem, size_t n)
{
    const char *slash = strchr(rel, '/');
    if (slash) {
        snprintf(stem, n, "%.*s", (int)(slash - rel), rel);
        return;
    }
    size_t k = 0;
    if (!strncmp(rel, "rcuvis-answers-", 15) || !strncasecmp(rel, "progress", 8)) rel = "";
    for (; isalpha((unsigned char)*rel) && k + 1 < n; rel++) stem[k++] = (char)tolower((unsigned char)*rel);
    stem[k] = 0;
}

/* One stderr line per student found in several files, naming them all: a copied file shows here
 * and in the row's label, where it used to hide its original. Files of one student under two
 * different names (alice.csv, aaron.csv) are asked about; gina-early.csv and gina.json are not. */
static void say_combined(const student_row *r, const mf_file *files, size_t nfiles, FILE *warn)
{
    if (r->nfiles < 2) return;
    fprintf(warn, "rcuvis: ");
    char first[64] = "", stem[64];
    bool two_names = false;
    for (size_t i = 0, said = 0; i < nfiles; i++) {
        if (!files[i].has_id || strcmp(files[i].p.student, r->id)) continue;
        fprintf(warn, "%s%s", said++ ? " + " : "", files[i].path);
        name_stem(files[i].name, stem, sizeof stem);
        if (!stem[0]) continue;
        if (!first[0]) snprintf(first, sizeof first, "%s", stem);
        else two_names |= strcmp(first, stem) != 0;
    }
    fprintf(warn, ": the same student id (%s), combined into one row: each question from the file furthest along on it%s\n", r->id,
            two_names ? " (files named after different students: a copy?)" : "");
}

static void free_rows(student_row *rows, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        free(rows[i].label);
        progress_free(&rows[i].p);
    }
    free(rows);
}

/* The summary's rows from the loaded files; NULL on OOM. */
static student_row *make_rows(const mf_file *files, size_t nfiles, size_t *n, FILE *warn)
{
    student_row *rows = calloc(nfiles ? nfiles : 1, sizeof *rows);
    *n = 0;
    for (size_t i = 0; i < nfiles && rows; i++) {
        student_row *r = row_of(rows, n, &files[i]);
        if (!add_label(r, files[i].name) || !combine(&r->p, &files[i].p)) { free_rows(rows, *n); return NULL; }
    }
    for (size_t i = 0; rows && i < *n; i++) say_combined(&rows[i], files, nfiles, warn);
    return rows;
}

/* The most common wrong first answer of a question over the class ("" when none), and its count. */
static size_t common_wrong(const quiz_question *q, const char *key, student_row *cls, size_t n, char *best, size_t bestsz)
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

/* Whether a question is counted: every one, or (--basis) those resting on a chosen basis, as
 * quiz_set_keep_basis() keeps them for asking. The files are checked against the whole quiz all the
 * same, so an answer to a question left out is not taken for one to another version. */
static bool counted(unsigned basis, const quiz_question *q) { return !basis || (q->basis != QB_NONE && (basis & QUIZ_BASIS_BIT(q->basis))); }


/* Has the student any answer (or shown answer) in p outside the set's lessons? An export made
 * without --file holds the shipped workbook's rows, not a teacher's own set. */
static bool answers_elsewhere(const quiz_set *set, const progress *p)
{
    for (size_t i = 0; i < p->n; i++) {
        bool known;
        if (mf_answered(&p->e[i]) && !mf_set_lesson(set, p->e[i].lesson, &known)) return true;
    }
    return false;
}

/* "lab/1, lab/2": the lessons outside set that p answered, each once, up to 5, then "and N more". */
static void lessons_elsewhere(const quiz_set *set, const progress *p, char *buf, size_t bufsz)
{
    size_t n = 0, len = 0;
    buf[0] = 0;
    for (size_t i = 0; i < p->n; i++) {
        const progress_entry *e = &p->e[i];
        bool known, seen = false;
        if (!mf_answered(e) || mf_set_lesson(set, e->lesson, &known)) continue;
        for (size_t k = 0; k < i && !seen; k++)
            seen = mf_answered(&p->e[k]) && !strcmp(p->e[k].lesson, e->lesson);
        if (seen) continue;
        if (n++ < 5 && len < bufsz) len += (size_t)snprintf(buf + len, bufsz - len, "%s%s", n > 1 ? ", " : "", e->lesson);
    }
    if (n > 5 && len < bufsz) snprintf(buf + len, bufsz - len, " and %zu more", n - 5);
}

bool wb_answers_only_elsewhere(const quiz_set *set, const progress *p)
{
    for (size_t i = 0; i < p->n; i++) {
        bool known;
        if (mf_answered(&p->e[i]) && mf_set_lesson(set, p->e[i].lesson, &known)) return false;
    }
    return answers_elsewhere(set, p);
}

/* The per-student columns: a shown answer never answered right is apart from the answered ones (a
 * student who pressed s on every question answered none), and "with help" is right after help. */
enum { R_FIRST, R_RETRIES, R_HELPED, R_OPEN, R_SHOWN, R_N };

static void row_score(const quiz_set *set, const quiz_lesson *only, unsigned basis, const progress *p, size_t n[R_N], size_t *total)
{
    memset(n, 0, R_N * sizeof *n);
    *total = 0;
    for (size_t fi = 0; fi < set->n; fi++)
        for (size_t li = 0; li < set->files[fi].nlessons; li++) {
            const quiz_lesson *l = &set->files[fi].lessons[li];
            if (!summarized(only, l)) continue;
            char key[128];
            quiz_lesson_key(&set->files[fi], l, key, sizeof key);
            for (size_t qi = 0; qi < l->nquestions; qi++) {
                if (!counted(basis, &l->questions[qi])) continue;
                (*total)++;
                const progress_entry *e = p ? progress_get((progress *)p, key, l->questions[qi].id, false) : NULL;
                switch (wb_outcome_of(e)) {
                case WB_FIRST_TRY: n[R_FIRST]++; break;
                case WB_RETRIES: n[R_RETRIES]++; break;
                case WB_HELPED: n[e->correct ? R_HELPED : R_SHOWN]++; break;
                case WB_OPEN: n[R_OPEN]++; break;
                default: break;
                }
            }
        }
}

/* The columns a name takes on a terminal: its characters, not its bytes (an accented letter is two
 * bytes in UTF-8, and padding by bytes pushed the numbers of "zoë.csv" one column left). */
static size_t name_cols(const char *s)
{
    size_t cols = 0;
    for (; *s; s++)
        if (((unsigned char)*s & 0xC0) != 0x80) cols++;
    return cols;
}

/* One line per student (by the names the teacher gave the files): how many of the summarized
 * questions they answered, and how: right at the first try, after retries, with help, still open;
 * and how many they only had shown (which --list, for the student, counts with "with help": the
 * legend says so, as a student's 13 "with help" read as the table's 0 with help and 13 shown). A
 * teacher grading by student had only per-question figures and the files' random ids. */
static void per_student(const quiz_set *set, const quiz_lesson *only, unsigned basis, student_row *rows, size_t n, FILE *out)
{
    size_t total, c[R_N];
    row_score(set, only, basis, NULL, c, &total);
    int w = 28; /* LMS names ("Alice Anderson_123456_assignsubmission_file_alice.csv") widen it */
    for (size_t i = 0; i < n; i++)
        if (name_cols(rows[i].label) > (size_t)w) w = name_cols(rows[i].label) > 200 ? 200 : (int)name_cols(rows[i].label);
    fprintf(out, "\nStudents (of %zu question%s; answered = right at the first try + after retries + with help + still open;\n"
            "with help = right after the hint or the shown answer; open = tried, not right yet; shown = the answer shown, "
            "never answered right;\n"
            "a student's --list counts with help and shown together, as with help;\n"
            "score = right at the first try, as a share of all %zu question%s, a figure to grade from):\n"
            "  %-*s %8s  %9s  %13s  %9s  %4s  %5s  %5s\n", total, total == 1 ? "" : "s", total, total == 1 ? "" : "s", w, "file",
            "answered", "first try", "after retries", "with help", "open", "shown", "score");
    for (size_t i = 0; i < n; i++) {
        row_score(set, only, basis, &rows[i].p, c, &total);
        size_t done = c[R_FIRST] + c[R_RETRIES] + c[R_HELPED] + c[R_OPEN];
        char note[400] = "";
        if (!done && !c[R_SHOWN] && wb_answers_only_elsewhere(set, &rows[i].p)) {
            char lessons[300];
            lessons_elsewhere(set, &rows[i].p, lessons, sizeof lessons);
            snprintf(note, sizeof note, "  (answers only to lesson%s %s: merge with --file for that quiz?)",
                     strchr(lessons, ',') || strstr(lessons, " more") ? "s" : "", lessons);
        }
        size_t cols = name_cols(rows[i].label);
        int pad = w + (int)(strlen(rows[i].label) - (cols < (size_t)w ? cols : (size_t)w)); /* bytes for w columns */
        /* a whole percent, rounded down: 66 of 82 is 80 %, never shown as a grade it did not reach */
        size_t score = total ? c[R_FIRST] * 100 / total : 0;
        fprintf(out, "  %-*s %8zu  %9zu  %13zu  %9zu  %4zu  %5zu  %4zu%%%s\n", pad, rows[i].label, done, c[R_FIRST], c[R_RETRIES],
                c[R_HELPED], c[R_OPEN], c[R_SHOWN], score, note);
    }
}

/* A question's first-try figures, kept for the list of the hardest. */
typedef struct hard_q { const char *lesson, *qid; size_t answers, first, order; } hard_q;

static int by_share(const void *a, const void *b)
{
    const hard_q *x = a, *y = b;
    /* x's share below y's: first/answers < first'/answers', cross-multiplied to stay in integers */
    size_t l = x->first * y->answers, r = y->first * x->answers;
    if (l != r) return l < r ? -1 : 1;
    if (x->answers != y->answers) return x->answers > y->answers ? -1 : 1; /* more students behind it */
    return x->order < y->order ? -1 : x->order > y->order;
}

/* The few questions the class got wrong most at the first try: with 82 rows per class, most of
 * them empty, a teacher had to read every row to find what to go over again. A question one
 * student answered says little of a class, so it takes two (one in a class of one). */
static void hardest(hard_q *h, size_t nh, size_t nstudents, FILE *out)
{
    size_t min = nstudents > 1 ? 2 : 1, k = 0;
    for (size_t i = 0; i < nh; i++)
        if (h[i].answers >= min && h[i].first < h[i].answers) h[k++] = h[i];
    if (!k) return;
    qsort(h, k, sizeof *h, by_share);
    fprintf(out, "\nHardest for the class (lowest share right at the first try, of questions answered by %zu or more):\n", min);
    for (size_t i = 0; i < k && i < 5; i++)
        fprintf(out, "  %-8s %4.0f%% of %zu answered, lesson %s\n", h[i].qid, 100.0 * (double)h[i].first / (double)h[i].answers,
                h[i].answers, h[i].lesson);
}

/* Per question of each summarized lesson: how many answered (or were shown the answer), the share
 * right at the first try, hints read (on questions left unanswered too: a hint that sends students
 * away is one a teacher wants to see), answers shown, the most common wrong first answer. */
static void per_question(const quiz_set *set, const quiz_lesson *only, unsigned basis, student_row *rows, size_t n, FILE *out)
{
    hard_q *hard = NULL;
    size_t nhard = 0, cap = 0;
    int legend = 0;
    for (size_t fi = 0; fi < set->n; fi++)
        for (size_t li = 0; li < set->files[fi].nlessons; li++) {
            const quiz_lesson *l = &set->files[fi].lessons[li];
            if (!summarized(only, l)) continue;
            size_t in = 0;
            for (size_t qi = 0; qi < l->nquestions; qi++) in += counted(basis, &l->questions[qi]);
            if (!in) continue;
            char key[128];
            quiz_lesson_key(&set->files[fi], l, key, sizeof key);
            /* "answered" counts the students only shown the answer too (the table above keeps them
             * apart): said once, as a column read 5 answered where all 5 had pressed s */
            if (!nhard && !legend++)
                fprintf(out, "\nPer question (answered = answered or shown the answer; first try = the share of them right "
                        "at the first try;\nhint = read the hint, answered or not):\n");
            fprintf(out, "\nLesson %s: %s\n  %-8s %8s %10s %6s %6s  %s\n", l->id, l->title, "question", "answered",
                    "first try", "hint", "shown", "most common wrong first answer");
            for (size_t qi = 0; qi < l->nquestions; qi++) {
                const quiz_question *q = &l->questions[qi];
                if (!counted(basis, q)) continue;
                size_t answers = 0, first = 0, hints = 0, shown = 0;
                for (size_t i = 0; i < n; i++) {
                    const progress_entry *e = progress_get(&rows[i].p, key, q->id, false);
                    hints += e && e->hinted;
                    enum wb_outcome o = wb_outcome_of(e);
                    if (o == WB_UNTOUCHED) continue;
                    answers++;
                    first += o == WB_FIRST_TRY;
                    shown += e->revealed;
                }
                char share[16] = "-", wrong[64], what[200] = "-";
                if (answers) snprintf(share, sizeof share, "%.0f%%", 100.0 * (double)first / (double)answers);
                size_t wc = common_wrong(q, key, rows, n, wrong, sizeof wrong);
                if (wc) {
                    char d[160];
                    describe(q, wrong, d, sizeof d);
                    snprintf(what, sizeof what, "%s (%zu)", d, wc);
                }
                fprintf(out, "  %-8s %8zu %10s %6zu %6zu  %s\n", q->id, answers, share, hints, shown, what);
                if (nhard == cap) {
                    hard_q *nh = realloc(hard, (cap = cap ? cap * 2 : 64) * sizeof *nh);
                    if (!nh) { free(hard); return; } /* the list is an extra: the table above is whole */
                    hard = nh;
                }
                hard[nhard] = (hard_q){l->id, q->id, answers, first, nhard};
                nhard++;
            }
        }
    hardest(hard, nhard, n, out);
    free(hard);
}

/* err's lines, one per file that could not be merged, to warn as "rcuvis: skipped LINE" */
static void report_skipped(const char *err, FILE *warn)
{
    for (const char *p = err; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len) fprintf(warn, "rcuvis: skipped %.*s\n", (int)len, p);
        p += len + (nl != NULL);
    }
}

int wb_merge_dir(const quiz_set *set, const quiz_lesson *only, unsigned basis, const char *dir, FILE *out, FILE *warn, char *err, size_t errlen)
{
    return wb_merge_dir_ex(set, only, basis, dir, false, out, warn, err, errlen);
}

int wb_merge_dir_ex(const quiz_set *set, const quiz_lesson *only, unsigned basis, const char *dir, bool skip_bad, FILE *out,
                    FILE *warn, char *err, size_t errlen)
{
    err[0] = 0;
    mf_file *files;
    size_t nfiles, n = 0;
    int bad;
    int loaded = mf_load(dir, &files, &nfiles, warn, err, errlen, &bad);
    if (loaded < 0 || (bad && !skip_bad)) {
        size_t len = strlen(err);
        if (loaded >= 0 && len + 1 < errlen)
            snprintf(err + len, errlen - len, "%d file%s could not be merged, so none was (--skip-bad merges the others and names %s)\n",
                     bad, bad == 1 ? "" : "s", bad == 1 ? "it" : "them");
        mf_free(files, nfiles);
        return 2;
    }
    if (bad) { /* skip_bad: named on warn, counted in the summary */
        report_skipped(err, warn);
        err[0] = 0;
    }
    if (nfiles == 0) {
        size_t len = strlen(err);
        if (len + 1 < errlen) {
            if (bad) snprintf(err + len, errlen - len, "%s: none of its files could be merged (each is named above)\n", dir);
            else snprintf(err + len, errlen - len, "%s: no progress files (*.json) or exports (*.csv) to merge\n", dir);
        }
        mf_free(files, nfiles);
        return 2;
    }
    for (size_t i = 0; i < nfiles; i++) mf_check(set, &files[i], warn);
    student_row *rows = make_rows(files, nfiles, &n, warn);
    mf_free(files, nfiles);
    if (!rows) { snprintf(err, errlen, "out of memory\n"); return 2; }
    char chosen[160] = "";
    if (basis) {
        char names[48];
        quiz_basis_format(basis, names, sizeof names);
        snprintf(chosen, sizeof chosen, ", the questions resting on %s (--basis %s)", names, names);
    }
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1] == '/') dl--; /* "class/" as typed: the summary names the folder as stderr does */
    char skipped[96] = "";
    if (bad) snprintf(skipped, sizeof skipped, " (%d file%s skipped, named on stderr)", bad, bad == 1 ? "" : "s");
    fprintf(out, "Class summary of %.*s: %zu student%s%s%s%s%s\n", (int)dl, dir, n, n == 1 ? "" : "s", only ? ", lesson " : "", only ? only->id : "",
            chosen, skipped);
    per_student(set, only, basis, rows, n, out);
    per_question(set, only, basis, rows, n, out);
    free_rows(rows, n);
    return 0;
}
