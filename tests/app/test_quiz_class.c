/* test_quiz_class.c — a teacher's tools: CSV export (RFC 4180, safe writes) and the class summary of --merge. */
#include "workbook/classroom.h"
#include "workbook/score.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rmtree.h"

static const char *quiz_json =
    "{\"id\": \"c\", \"title\": \"C\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": ["
    "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Pick b.\", \"explanation\": \"E.\","
    " \"answers\": [{\"text\": \"Apple, \\\"quoted\\\"\", \"feedback\": \"x\"}, {\"text\": \"B\", \"correct\": true, \"feedback\": \"y\"},"
    " {\"text\": \"C\", \"feedback\": \"z\"}]},"
    "{\"id\": \"1.2\", \"kind\": \"numeric\", \"question\": \"Five?\", \"explanation\": \"E.\","
    " \"answers\": [{\"value\": 5, \"correct\": true, \"feedback\": \"y\"}]}]}]}";

static char dir[64];
static quiz_file qf;
static quiz_set set;

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/rcuvis-test-class-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    char err[1024];
    cr_assert_eq(quiz_parse(quiz_json, "c.json", &qf, false, err, sizeof err), 0, "%s", err);
    set = (quiz_set){&qf, 1};
}
static void teardown(void)
{
    quiz_free(&qf);
    if (rmtree(dir) != 0) fprintf(stderr, "could not remove %s\n", dir);
}
TestSuite(class, .init = setup, .fini = teardown);

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    static char buf[8192];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    buf[n] = 0;
    fclose(f);
    return buf;
}

/* A student who answered 1.1 wrong (a), then right; 1.2 right at once. */
static void student(progress *p, const char *id, const char *first_11)
{
    memset(p, 0, sizeof *p);
    snprintf(p->student, sizeof p->student, "%s", id);
    progress_record(p, "c/1", "1.1", first_11, !strcmp(first_11, "b"), 10);
    if (strcmp(first_11, "b")) progress_record(p, "c/1", "1.1", "b", true, 11);
    progress_record(p, "c/1", "1.2", "5", true, 12);
    progress_get(p, "c/1", "1.2", true)->seconds = 42.4;
}

Test(class, export_is_rfc4180_one_row_per_question_and_reads_back)
{
    progress p;
    student(&p, "ann, \"the\" first", "a");
    char path[128], err[512];
    snprintf(path, sizeof path, "%s/ann.csv", dir);
    cr_assert_eq(wb_export_csv(&set, &p, path, err, sizeof err), 0, "%s", err);
    const char *text = slurp(path);
    cr_expect_str_eq(text, WB_CSV_HEADER "\r\n"
                     "\"ann, \"\"the\"\" first\",c/1,1.1,2,0,after retries,0,0,0,a\r\n"
                     "\"ann, \"\"the\"\" first\",c/1,1.2,1,1,first try,0,0,42,5\r\n");
    progress back;
    cr_assert_eq(wb_csv_read(path, &back, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(back.student, "ann, \"the\" first");
    const progress_entry *e = progress_get(&back, "c/1", "1.1", false);
    cr_assert_not_null(e);
    cr_expect_eq(wb_outcome_of(e), WB_RETRIES);
    cr_expect_str_eq(e->first, "a");
    cr_expect_eq(wb_outcome_of(progress_get(&back, "c/1", "1.2", false)), WB_FIRST_TRY);
    progress_free(&back);
    progress_free(&p);
}

Test(class, export_through_a_symlink_keeps_the_link)
{
    progress p;
    student(&p, "bo", "b");
    char target[128], link[128], err[512];
    snprintf(target, sizeof target, "%s/real.csv", dir);
    snprintf(link, sizeof link, "%s/link.csv", dir);
    FILE *f = fopen(target, "w");
    fputs(WB_CSV_HEADER "\r\n", f); /* an earlier export: --export replaces nothing else */
    fclose(f);
    cr_assert_eq(symlink("real.csv", link), 0);
    cr_assert_eq(wb_export_csv(&set, &p, link, err, sizeof err), 0, "%s", err);
    struct stat st;
    cr_expect(lstat(link, &st) == 0 && S_ISLNK(st.st_mode), "the link is still a link");
    cr_expect(strstr(slurp(target), "bo,c/1,1.1,1,1,first try"), "the target got the export");
    progress_free(&p);
}

Test(class, bad_csv_is_reported_with_file_and_line)
{
    char path[128], err[512];
    progress p;
    snprintf(path, sizeof path, "%s/bad.csv", dir);
    FILE *f = fopen(path, "w");
    fputs(WB_CSV_HEADER "\r\nx,c/1,1.1,two,0,to do,0,0,0,a\r\n", f);
    fclose(f);
    cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), -1);
    char want[256];
    snprintf(want, sizeof want, "%s:2: column attempts: expected a whole number, got \"two\"", path);
    cr_expect_str_eq(err, want);
    f = fopen(path, "w"); /* saved again by a spreadsheet: a byte order mark, LF line ends */
    fputs("\xEF\xBB\xBF" WB_CSV_HEADER "\nx,c/1,1.1,1,1,first try,0,0,3,b\n", f);
    fclose(f);
    cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), 0, "%s", err);
    cr_expect_eq(wb_outcome_of(progress_get(&p, "c/1", "1.1", false)), WB_FIRST_TRY);
    progress_free(&p);
    f = fopen(path, "w");
    fputs("student,lesson\nx,y\n", f);
    fclose(f);
    cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), -1);
    cr_expect(strstr(err, ":1: the header lacks the column question"), "%s", err);
    f = fopen(path, "w");
    fputs(WB_CSV_HEADER "\n\"x,c/1,1.1,1,0,to do,0,0,0,a\n", f);
    fclose(f);
    cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), -1);
    cr_expect(strstr(err, ":2: a quoted field is not closed"), "%s", err);
}

Test(class, merge_summarizes_a_class_and_counts_a_student_once)
{
    char path[128], err[2048];
    /* three students: two first answered a (wrong), one c; one right at once; ann twice (json and csv) */
    const char *ids[] = {"ann", "bo", "cy", "di"}, *firsts[] = {"a", "a", "c", "b"};
    for (int i = 0; i < 4; i++) {
        progress p;
        student(&p, ids[i], firsts[i]);
        snprintf(path, sizeof path, "%s/%s.csv", dir, ids[i]);
        cr_assert_eq(wb_export_csv(&set, &p, path, err, sizeof err), 0, "%s", err);
        if (i == 0) {
            snprintf(p.path, sizeof p.path, "%s/ann-progress.json", dir);
            cr_assert_eq(progress_save(&p, err, sizeof err), 0, "%s", err);
        }
        progress_free(&p);
    }
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    cr_expect_eq(wb_merge_dir(&set, NULL, 0, dir, o, stderr, err, sizeof err), 0, "%s", err);
    fclose(o);
    cr_expect(strstr(out, "Class summary of"), "%s", out);
    cr_expect(strstr(out, ": 4 students\n"), "ann's two files count once: %s", out);
    cr_expect(strstr(out, "  1.1             4        25%      0      0  a \"Apple, \"quoted\"\" (2)\n"), "%s", out);
    cr_expect(strstr(out, "  1.2             4       100%      0      0  -\n"), "%s", out);
    /* a line per student file, by the name the teacher gave it: di right at once on both, bo after a retry on 1.1 */
    cr_expect(strstr(out, "\nStudents (of 2 questions; answered = "), "%s", out);
    cr_expect(strstr(out, "  di.csv                              2          2              0          0     0      0   100%\n"), "%s", out);
    cr_expect(strstr(out, "  bo.csv                              2          1              1          0     0      0    50%\n"), "%s", out);
    free(out);
    /* a student who exported another quiz's answers: nothing here, said so on their line */
    progress other;
    memset(&other, 0, sizeof other);
    snprintf(other.student, sizeof other.student, "ed");
    progress_record(&other, "workbook/2", "2.1", "65", true, 10);
    cr_expect(wb_answers_only_elsewhere(&set, &other), "ed answered only another quiz");
    snprintf(path, sizeof path, "%s/ed.json", dir);
    snprintf(other.path, sizeof other.path, "%s", path);
    cr_assert_eq(progress_save(&other, err, sizeof err), 0, "%s", err);
    progress_free(&other);
    out = NULL;
    o = open_memstream(&out, &len);
    cr_expect_eq(wb_merge_dir(&set, NULL, 0, dir, o, stderr, err, sizeof err), 0, "%s", err);
    fclose(o);
    /* the note names what the file holds (it guessed "exported without --file?", also of a file made with it) */
    cr_expect(strstr(out, "  ed.json                             0          0              0          0     0      0     0%  "
                          "(answers only to lesson workbook/2: merge with --file for that quiz?)\n"), "%s", out);
    free(out);
    unlink(path);
    /* one broken file: exit 2, named, and no summary */
    snprintf(path, sizeof path, "%s/zed.json", dir);
    FILE *f = fopen(path, "w");
    fputs("{\"version\": 1, \"lessons\": [", f);
    fclose(f);
    out = NULL;
    o = open_memstream(&out, &len);
    cr_expect_eq(wb_merge_dir(&set, NULL, 0, dir, o, stderr, err, sizeof err), 2);
    fclose(o);
    cr_expect_eq(len, 0, "no summary from a class with a broken file");
    cr_expect(strstr(err, "zed.json:1:"), "%s", err);
    cr_expect(strstr(err, "1 file could not be merged, so none was (--skip-bad merges the others and names it)"), "%s", err);
    struct stat st;
    cr_expect_eq(stat(path, &st), 0, "a teacher's copy is never moved aside");
    free(out);
    /* --skip-bad: the other students are merged, the broken file named on warn and counted in the summary */
    char *warned = NULL;
    size_t wlen = 0;
    out = NULL;
    o = open_memstream(&out, &len);
    FILE *w = open_memstream(&warned, &wlen);
    cr_expect_eq(wb_merge_dir_ex(&set, NULL, 0, dir, true, o, w, err, sizeof err), 0, "%s", err);
    fclose(o);
    fclose(w);
    cr_expect(strstr(out, ": 4 students (1 file skipped, named on stderr)\n"), "%s", out);
    cr_expect(strstr(warned, "rcuvis: skipped ") && strstr(warned, "zed.json:1:"), "%s", warned);
    free(out);
    free(warned);
}

/* ---------------------------------------------------------------- the merge (TA review 7) */

typedef struct merged { int rc; char *out, *warn; size_t outlen, warnlen; char err[4096]; } merged;

/* wb_merge_dir over `path` (dir when NULL), its summary and warnings as strings. */
static void merge_into(merged *m, const char *path, const quiz_lesson *only)
{
    FILE *o = open_memstream(&m->out, &m->outlen), *w = open_memstream(&m->warn, &m->warnlen);
    m->rc = wb_merge_dir(&set, only, 0, path ? path : dir, o, w, m->err, sizeof m->err);
    fclose(o);
    fclose(w);
}
static void merged_free(merged *m) { free(m->out); free(m->warn); }
/* The class folder merged, and merged without error. */
static void merge_ok(merged *m)
{
    merge_into(m, NULL, NULL);
    cr_expect_eq(m->rc, 0, "%s", m->err);
}

static void save_csv(progress *p, const char *name)
{
    char path[256], err[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cr_assert_eq(wb_export_csv(&set, p, path, err, sizeof err), 0, "%s", err);
}
static void save_json(progress *p, const char *name)
{
    char err[512], lock[4200];
    snprintf(p->path, sizeof p->path, "%s/%s", dir, name);
    cr_assert_eq(progress_save(p, err, sizeof err), 0, "%s", err);
    snprintf(lock, sizeof lock, "%s.lock", p->path);
    unlink(lock); /* a teacher's folder holds the files handed in, not our lock */
}
static void put_file(const char *name, const char *text)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    fclose(f);
}
static void make_dir(const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    cr_assert_eq(mkdir(path, 0700), 0, "%s", path);
}
static void fresh(progress *p, const char *id)
{
    memset(p, 0, sizeof *p);
    snprintf(p->student, sizeof p->student, "%s", id);
}

/* Findings 1-2: an early export and the final progress of one student were graded on the file that
 * sorted first (1 of 2 answered), and a copied file hid its original's name. */
Test(class, merge_combines_one_students_files_question_by_question)
{
    progress p;
    fresh(&p, "gi");
    progress_record(&p, "c/1", "1.1", "b", true, 10);
    save_csv(&p, "gi-early.csv"); /* 1.1 only */
    progress_record(&p, "c/1", "1.2", "4", false, 20);
    progress_record(&p, "c/1", "1.2", "5", true, 21);
    save_json(&p, "gi.json");     /* 1.1 and 1.2: sorts after gi-early.csv */
    progress_free(&p);
    student(&p, "al", "b");
    save_csv(&p, "al.csv");
    save_csv(&p, "aaron.csv");    /* al's file under another name */
    progress_free(&p);
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.out, ": 2 students\n"), "%s", m.out);
    cr_expect(strstr(m.out, "  gi-early.csv + gi.json              2          1              1          0     0      0    50%\n"),
              "the newer file's 1.2 counts: %s", m.out);
    cr_expect(strstr(m.out, "  aaron.csv + al.csv                  2          2              0          0     0      0   100%\n"),
              "a copy shows in the label: %s", m.out);
    cr_expect(strstr(m.out, "  1.2             2        50%      0      0  4 (1)\n"), "each student once per question: %s", m.out);
    char want[512];
    snprintf(want, sizeof want, "rcuvis: %s/gi-early.csv + %s/gi.json: the same student id (gi), combined into one row", dir, dir);
    cr_expect(strstr(m.warn, want), "%s", m.warn);
    /* one student's two files are not called a copy; one file under two students' names is */
    snprintf(want, sizeof want, "%s/gi.json: the same student id (gi), combined into one row: each question from the file furthest along on it\n", dir);
    cr_expect(strstr(m.warn, want), "no question of copying for gi-early.csv + gi.json: %s", m.warn);
    cr_expect(strstr(m.warn, "al.csv: the same student id (al), combined into one row: each question from the file furthest along on it "
                             "(files named after different students: a copy?)\n"), "%s", m.warn);
    cr_expect_null(strstr(m.warn, "counted once"), "%s", m.warn);
    merged_free(&m);
}

/* On equal standing the newer record wins, whichever file sorts first. */
Test(class, merge_takes_the_newer_of_two_equal_records)
{
    progress p;
    fresh(&p, "ty");
    progress_record(&p, "c/1", "1.1", "a", false, 50);
    save_json(&p, "ty-a.json");
    progress_free(&p);
    fresh(&p, "ty");
    progress_record(&p, "c/1", "1.1", "c", false, 90);
    save_json(&p, "ty-b.json");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.out, "  1.1             1         0%      0      0  c \"C\" (1)\n"), "%s", m.out);
    merged_free(&m);
}

/* Finding 3: a student who pressed s on every question read as "answered, with help". */
Test(class, merge_puts_shown_answers_apart_from_answered_ones)
{
    progress p;
    fresh(&p, "sam");
    wb_mark_shown(&p, "c/1", "1.1");
    wb_mark_shown(&p, "c/1", "1.2");
    save_json(&p, "sam.json");
    save_csv(&p, "sam2.csv"); /* the same as an export ("with help", shown 1, no answer) */
    progress_free(&p);
    fresh(&p, "su"); /* shown, then answered right (quiz --again); a hint, then right */
    wb_mark_shown(&p, "c/1", "1.1");
    progress_record(&p, "c/1", "1.1", "b", true, 30);
    wb_mark_hint(&p, "c/1", "1.2");
    progress_record(&p, "c/1", "1.2", "5", true, 31);
    save_csv(&p, "su.csv");
    progress_free(&p);
    char *sam = strdup(slurp(strcat(strcpy((char[128]){0}, dir), "/sam2.csv")));
    cr_expect(strstr(sam, ",c/1,1.1,0,0,with help,0,1,0,\r\n"), "%s", sam);
    free(sam);
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.out, "answered = right at the first try + after retries + with help + still open;\n"
                            "with help = right after the hint or the shown answer; open = tried, not right yet; "
                            "shown = the answer shown, never answered right;\n"
                            "a student's --list counts with help and shown together, as with help;\n"
                            "score = right at the first try, as a share of all 2 questions, a figure to grade from):\n"), "%s", m.out);
    cr_expect(strstr(m.out, "file                         answered  first try  after retries  with help  open  shown  score\n"), "%s", m.out);
    /* the per-question table counts sam's shown answers as answered, and says so */
    cr_expect(strstr(m.out, "\nPer question (answered = answered or shown the answer; "), "%s", m.out);
    cr_expect(strstr(m.out, "  1.1             2         0%      0      2  -\n"), "%s", m.out);
    cr_expect(strstr(m.out, "  sam.json + sam2.csv                 0          0              0          0     0      2     0%\n"), "%s", m.out);
    cr_expect(strstr(m.out, "  su.csv                              2          0              0          2     0      0     0%\n"), "%s", m.out);
    merged_free(&m);
}

/* Findings 7 and 16: BOB.CSV, an LMS folder per student and a spreadsheet's .xlsx were left out
 * without a word; a file given for the folder read "cannot read the directory". */
Test(class, merge_reads_sub_folders_and_names_what_it_skips)
{
    progress p;
    student(&p, "bo", "b");
    save_csv(&p, "BOB.CSV");
    progress_free(&p);
    make_dir("cy folder");
    student(&p, "cy", "a");
    save_csv(&p, "cy folder/cy.csv");
    progress_free(&p);
    make_dir("a"); make_dir("a/b"); make_dir("a/b/c"); make_dir("a/b/c/d"); make_dir("a/b/c/d/e");
    student(&p, "xi", "c");
    save_csv(&p, "a/b/c/d/x.csv");
    progress_free(&p);
    put_file("a/b/c/d/e/y.csv", "never read");
    put_file("zed.xlsx", "PK");
    put_file(".DS_Store", "x");
    char slash[128];
    snprintf(slash, sizeof slash, "%s/", dir);
    merged m;
    merge_into(&m, slash, NULL);
    cr_expect_eq(m.rc, 0, "%s", m.err);
    char want[1024];
    snprintf(want, sizeof want, "rcuvis: %s/.DS_Store: skipped: a hidden file (its name starts with a dot)\n"
             "rcuvis: %s/a/b/c/d/e: skipped: a folder more than 4 levels down, not read\n"
             "rcuvis: %s/zed.xlsx: skipped: not a .json progress file or .csv export\n", dir, dir, dir);
    cr_expect_str_eq(m.warn, want);
    cr_expect(strstr(m.out, ": 3 students\n"), "%s", m.out);
    const char *bob = strstr(m.out, "\n  BOB.CSV "), *x = strstr(m.out, "\n  a/b/c/d/x.csv "), *cy = strstr(m.out, "\n  cy folder/cy.csv ");
    cr_expect(bob && x && cy && bob < x && x < cy, "rows by name, folders in place: %s", m.out);
    merged_free(&m);
    char file[128];
    snprintf(file, sizeof file, "%s/BOB.CSV", dir);
    merge_into(&m, file, NULL);
    cr_expect_eq(m.rc, 2);
    snprintf(want, sizeof want, "%s: is a file, not a folder: --merge takes the folder the files were handed in to\n", file);
    cr_expect_str_eq(m.err, want);
    cr_expect_eq(m.outlen, 0);
    merged_free(&m);
}

/* Findings 4 and 8: answers to another version's questions were dropped without a word, and an
 * export cut at a row boundary went through. */
Test(class, merge_warns_of_answers_the_quiz_lacks_and_short_exports)
{
    put_file("olga.csv", WB_CSV_HEADER "\r\nol,c/1,1.1,1,1,first try,0,0,3,b\r\nol,c/1,1.3,2,0,after retries,0,0,3,a\r\n");
    progress p;
    fresh(&p, "un");
    progress_record(&p, "c/1", "1.1", "b", true, 10);
    for (int i = 1; i <= 7; i++) {
        char q[8];
        snprintf(q, sizeof q, "9.%d", i);
        progress_record(&p, "c/9", q, "a", true, 10);
    }
    progress_record(&p, "other/1", "1.1", "a", true, 10); /* another quiz altogether: not a version of this one */
    save_json(&p, "un.json");
    progress_free(&p);
    fresh(&p, "vi");
    for (int i = 1; i <= 7; i++) {
        char q[8];
        snprintf(q, sizeof q, "1.%d", i + 2);
        progress_record(&p, "c/1", q, "a", true, 10);
    }
    save_json(&p, "vi.json");
    progress_free(&p);
    merged m;
    merge_into(&m, NULL, NULL);
    cr_expect_eq(m.rc, 0, "warnings leave the exit status: %s", m.err);
    char want[2048];
    snprintf(want, sizeof want,
             "rcuvis: %s/olga.csv: 1 answer to a question the quiz lacks (1.3): another version of the quiz?\n"
             "rcuvis: %s/olga.csv: rows for 1 of the 2 questions: cut short, or exported from another version?\n"
             "rcuvis: %s/un.json: 7 answers to a lesson the quiz lacks (c/9): another version of the quiz?\n"
             "rcuvis: %s/vi.json: 7 answers to questions the quiz lacks (1.3, 1.4, 1.5, 1.6, 1.7 and 2 more): another version of the quiz?\n",
             dir, dir, dir, dir);
    cr_expect_str_eq(m.warn, want);
    merged_free(&m);
}

/* Finding 6: a hint read on a question then left unanswered was not counted in the hint column. */
Test(class, merge_counts_hints_on_questions_left_unanswered)
{
    progress p;
    fresh(&p, "pat");
    wb_mark_hint(&p, "c/1", "1.2");
    save_json(&p, "pat.json");
    progress_free(&p);
    fresh(&p, "pa2");
    progress_record(&p, "c/1", "1.1", "b", true, 10);
    wb_mark_hint(&p, "c/1", "1.2");
    save_csv(&p, "pat2.csv");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.out, "  1.2             0          -      2      0  -\n"), "%s", m.out);
    merged_free(&m);
}

/* Finding 12: a scenario or quiz file in the folder read "$.version: expected 1 or 2". */
Test(class, merge_names_a_json_that_is_not_a_progress_file)
{
    /* the quiz file beside the hand-ins is skipped, named, like any other stray file (it stopped the
     * whole class summary with exit 2; review 8) */
    put_file("quiz.json", "{\"id\": \"lab\", \"lessons\": []}");
    progress p;
    student(&p, "al", "b");
    save_csv(&p, "al.csv");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.warn, "/quiz.json: skipped: not an rcuvis progress file"), "%s", m.warn);
    cr_expect(strstr(m.out, ": 1 student\n"), "%s", m.out);
    merged_free(&m);
    put_file("quiz.json", "{\"version\": 3, \"student\": \"x\", \"lessons\": {}}");
    merge_into(&m, NULL, NULL);
    cr_expect(strstr(m.err, "/quiz.json: written by a newer rcuvis (progress format 3"), "%s", m.err);
    merged_free(&m);
}

/* The workbook's title said "none of 7 done" over a lesson never opened, which read as a verdict;
 * quiz --list says "not started" there, and so does the title now. */
Test(score, a_lesson_never_opened_reads_not_started)
{
    char buf[160];
    wb_score s = {.total = 7};
    s.n[WB_UNTOUCHED] = 7;
    wb_score_format(&s, buf, sizeof buf);
    cr_expect_str_eq(buf, "not started (7 questions)");
    /* a student who read a hint and quit found the lesson "not started" */
    s.hinted_only = 1;
    wb_score_format(&s, buf, sizeof buf);
    cr_expect_str_eq(buf, "opened, none of 7 answered yet");
    s.hinted_only = 0;
    s.n[WB_UNTOUCHED] = 5, s.n[WB_OPEN] = 2;
    wb_score_format(&s, buf, sizeof buf);
    cr_expect_str_eq(buf, "none of 7 done yet");
    s.n[WB_OPEN] = 1, s.n[WB_FIRST_TRY] = 1;
    wb_score_format(&s, buf, sizeof buf);
    cr_expect_str_eq(buf, "1 first try, 6 to do");
}

/* A record that rcuvis never writes, "right at the first try" with a first answer the key marks wrong,
 * is named (a TA's hand-edited export read 76 of 76 at the first try); an honest file is not. */
Test(class, merge_names_records_right_at_the_first_try_with_a_wrong_first_answer)
{
    progress p;
    student(&p, "ok", "a");
    save_csv(&p, "honest.csv");
    progress_free(&p);
    student(&p, "ed", "c");
    progress_get(&p, "c/1", "1.1", true)->first_ok = true; /* edited: first answer c, "first try" */
    save_json(&p, "edited.json");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    char want[256];
    snprintf(want, sizeof want, "rcuvis: %s/edited.json: 1 question recorded as right at the first try whose recorded first answer "
                                "this quiz's key marks wrong, or which has none (1.1)", dir);
    cr_expect(strstr(m.warn, want), "%s", m.warn);
    cr_expect_null(strstr(m.warn, "honest.csv: 1 question"), "%s", m.warn);
    merged_free(&m);
}

/* An LMS download has a folder per student: there the folder names the student, and progress.json names
 * no one. One student's gina.csv and progress.json are not a copy; the same progress.json under two
 * students' folders is (a review found the warning the wrong way round for both). */
Test(class, merge_asks_about_a_copy_by_the_students_folders)
{
    char sub[256];
    const char *folders[] = {"Gina_1", "Al_2", "Bo_3"};
    for (int i = 0; i < 3; i++) {
        snprintf(sub, sizeof sub, "%s/%s", dir, folders[i]);
        cr_assert_eq(mkdir(sub, 0700), 0);
    }
    progress p;
    student(&p, "gi", "b");
    save_csv(&p, "Gina_1/gina.csv");
    save_json(&p, "Gina_1/progress.json");
    progress_free(&p);
    student(&p, "al", "b");
    save_json(&p, "Al_2/progress.json");
    save_json(&p, "Bo_3/progress.json");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.warn, "Gina_1/progress.json: the same student id (gi), combined into one row: each question from the file furthest along on it\n"),
              "one student's two files are not called a copy: %s", m.warn);
    cr_expect(strstr(m.warn, "Bo_3/progress.json: the same student id (al), combined into one row: each question from the file furthest along on it "
                             "(files named after different students: a copy?)\n"), "the copy is asked about: %s", m.warn);
    merged_free(&m);
}

/* Shown, then answered wrong and left: the export's row ("with help", shown, no first answer) reads as
 * right later, a guess; the same student's progress file knows it was not, and wins (review 8). */
Test(class, merge_trusts_a_progress_file_over_an_exports_guess)
{
    progress p;
    fresh(&p, "sh");
    cr_assert(wb_mark_shown(&p, "c/1", "1.1"));
    progress_record(&p, "c/1", "1.1", "a", false, 20);
    save_csv(&p, "sh.csv");
    save_json(&p, "sh.json");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    const char *row = strstr(m.out, "  sh.csv + sh.json");
    cr_assert_not_null(row, "%s", m.out);
    size_t c[6];
    cr_assert_eq(sscanf(row + strlen("  sh.csv + sh.json"), "%zu %zu %zu %zu %zu %zu", &c[0], &c[1], &c[2], &c[3], &c[4], &c[5]), 6, "%s", row);
    cr_expect_eq(c[3], 0, "not right with help: %s", row);
    cr_expect_eq(c[5], 1, "shown, never answered right: %s", row);
    merged_free(&m);
}

/* ---------------------------------------------------------------- a spreadsheet's re-save (class review 8) */

/* Finding 1: a spreadsheet that reads the question id "1.10" as the number 1.1 leaves two rows
 * for 1.1; the later one replaced the earlier without a word, so the merge counted one question's
 * record under another's id and the real one as never answered. */
Test(class, csv_with_a_question_twice_is_refused_naming_both_lines)
{
    char path[128], err[1024];
    progress p;
    snprintf(path, sizeof path, "%s/twice.csv", dir);
    FILE *f = fopen(path, "w");
    fputs(WB_CSV_HEADER "\r\nx,c/1,1.1,4,0,with help,1,0,0,a\r\nx,c/1,1.2,1,1,first try,0,0,0,5\r\n"
          "x,c/1,1.1,1,1,first try,0,0,0,b\r\n", f);
    fclose(f);
    cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), -1);
    char want[512];
    snprintf(want, sizeof want, "%s:4: a second row for question 1.1 of c/1 (the first is line 2)", path);
    cr_expect(!strncmp(err, want, strlen(want)), "%s", err);
    cr_expect(strstr(err, "1.10"), "says how a spreadsheet makes one: %s", err);
}

/* Finding 2: a CSV saved by a spreadsheet with ";" (or tab) separators, or as UTF-16 "Unicode
 * text", stopped the whole merge with "the header lacks the column student" though it was there. */
Test(class, csv_saved_with_semicolons_or_tabs_is_read)
{
    char path[128], err[1024];
    progress p;
    snprintf(path, sizeof path, "%s/semi.csv", dir);
    const char *texts[] = {
        "\xEF\xBB\xBFstudent;lesson;question;attempts;first_try_right;outcome;hints_used;shown;time_spent_s;first_answer\r\n"
        "x;c/1;1.1;1;1;first try;0;0;3;b\r\nx;c/1;1.2;0;0;not answered;0;0;0;\r\n",
        "student\tlesson\tquestion\tattempts\tfirst_try_right\toutcome\thints_used\tshown\ttime_spent_s\tfirst_answer\n"
        "x\tc/1\t1.1\t1\t1\tfirst try\t0\t0\t3\tb\nx\tc/1\t1.2\t0\t0\tnot answered\t0\t0\t0\t\n",
    };
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(path, "w");
        fputs(texts[i], f);
        fclose(f);
        cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), 0, "%d: %s", i, err);
        cr_expect_str_eq(p.student, "x");
        cr_expect_eq(wb_outcome_of(progress_get(&p, "c/1", "1.1", false)), WB_FIRST_TRY, "%d", i);
        cr_expect_not_null(progress_get(&p, "c/1", "1.2", false), "%d", i);
        progress_free(&p);
    }
}

Test(class, csv_in_utf16_says_so)
{
    char path[128], err[1024];
    progress p;
    snprintf(path, sizeof path, "%s/u16.csv", dir);
    FILE *f = fopen(path, "wb");
    fwrite("\xFF\xFEs\0t\0u\0", 1, 8, f);
    fclose(f);
    cr_expect_eq(wb_csv_read(path, &p, err, sizeof err), -1);
    char want[256];
    snprintf(want, sizeof want, "%s:1: the file is UTF-16", path);
    cr_expect(!strncmp(err, want, strlen(want)), "%s", err);
}

/* Finding 4: a file name with accented letters pushed its row's numbers left, one column per
 * letter, as the names were padded by bytes. */
Test(class, merge_lines_up_rows_with_accented_names)
{
    progress p;
    student(&p, "zo", "b");
    save_csv(&p, "zo\xC3\xAB.csv");
    progress_free(&p);
    student(&p, "al", "a");
    save_csv(&p, "al.csv");
    progress_free(&p);
    merged m;
    merge_ok(&m);
    const char *al = strstr(m.out, "\n  al.csv"), *zo = strstr(m.out, "\n  zo\xC3\xAB.csv");
    cr_assert(al && zo, "%s", m.out);
    /* the same count of characters (not bytes) up to the end of the line */
    size_t chars[2] = {0, 0};
    const char *rows[2] = {al + 1, zo + 1};
    for (int i = 0; i < 2; i++)
        for (const char *c = rows[i]; *c && *c != '\n'; c++)
            if (((unsigned char)*c & 0xC0) != 0x80) chars[i]++;
    cr_expect_eq(chars[0], chars[1], "%s", m.out);
    merged_free(&m);
}

/* Finding 5: the per-question table has a row for every question, most of them empty in a class
 * part way through; what the class got wrong had to be searched for row by row. */
Test(class, merge_lists_the_questions_the_class_found_hardest)
{
    /* 1.1: two of three wrong at the first try (33%); 1.2: all right, so not listed */
    const char *ids[] = {"ann", "bo", "cy"}, *firsts[] = {"a", "c", "b"};
    for (int i = 0; i < 3; i++) {
        progress p;
        student(&p, ids[i], firsts[i]);
        char name[32];
        snprintf(name, sizeof name, "%s.csv", ids[i]);
        save_csv(&p, name);
        progress_free(&p);
    }
    merged m;
    merge_ok(&m);
    cr_expect(strstr(m.out, "\nHardest for the class (lowest share right at the first try, of questions answered by 2 or more):\n"
                            "  1.1        33% of 3 answered, lesson 1\n"), "%s", m.out);
    const char *hard = strstr(m.out, "\nHardest");
    cr_expect(hard && !strstr(hard, "  1.2 "), "all right at the first try: not among the hardest: %s", m.out);
    merged_free(&m);
    /* one student's only wrong answer says little of a class: in a class of two it is not listed */
    char path[256];
    snprintf(path, sizeof path, "%s/cy.csv", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/bo.csv", dir);
    unlink(path);
    progress p;
    fresh(&p, "bo");
    progress_record(&p, "c/1", "1.2", "5", true, 10);
    save_csv(&p, "bo.csv");
    progress_free(&p);
    merge_ok(&m);
    cr_expect(!strstr(m.out, "Hardest"), "1.1 answered by ann alone: %s", m.out);
    merged_free(&m);
}

/* Finding 6: `--export thesis.txt` (a name typed by mistake) replaced the file with the CSV; an
 * export replaces only an earlier export (as re-saved by a spreadsheet too), or an empty file. */
Test(class, export_replaces_only_an_earlier_export)
{
    progress p;
    student(&p, "bo", "b");
    char path[128], err[1024];
    snprintf(path, sizeof path, "%s/thesis.txt", dir);
    put_file("thesis.txt", "My thesis, chapter 1\nRCU is...\n");
    cr_expect_eq(wb_export_csv(&set, &p, path, err, sizeof err), -1);
    char want[512];
    snprintf(want, sizeof want, "%s is not an rcuvis answers export: expected a file starting with the header "
             "student,lesson,question,..., found text starting \"My thesis, chapter 1\"", path);
    cr_expect(!strncmp(err, want, strlen(want)), "%s", err);
    cr_expect_str_eq(slurp(path), "My thesis, chapter 1\nRCU is...\n");
    /* an earlier export, one a spreadsheet saved with ';' and a byte order mark, and an empty file are replaced */
    const char *earlier[] = {WB_CSV_HEADER "\r\nbo,c/1,1.1,0,0,not answered,0,0,0,\r\n",
                             "\xEF\xBB\xBFstudent;lesson;question;attempts\r\n", ""};
    for (int i = 0; i < 3; i++) {
        put_file("ann.csv", earlier[i]);
        snprintf(path, sizeof path, "%s/ann.csv", dir);
        cr_expect_eq(wb_export_csv(&set, &p, path, err, sizeof err), 0, "%d: %s", i, err);
        cr_expect(strstr(slurp(path), "bo,c/1,1.1,1,1,first try"), "%d", i);
    }
    progress_free(&p);
}
