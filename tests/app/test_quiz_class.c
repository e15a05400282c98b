/* test_quiz_class.c — a teacher's tools: CSV export (RFC 4180, safe writes) and the class summary of --merge. */
#include "workbook/classroom.h"
#include "workbook/score.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
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
    fputs("old", f);
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
    cr_expect_eq(wb_merge_dir(&set, NULL, dir, o, err, sizeof err), 0, "%s", err);
    fclose(o);
    cr_expect(strstr(out, "Class summary of"), "%s", out);
    cr_expect(strstr(out, ": 4 students\n"), "ann's two files count once: %s", out);
    cr_expect(strstr(out, "  1.1             4        25%      0      0  a \"Apple, \"quoted\"\" (2)\n"), "%s", out);
    cr_expect(strstr(out, "  1.2             4       100%      0      0  -\n"), "%s", out);
    /* a line per student file, by the name the teacher gave it: di right at once on both, bo after a retry on 1.1 */
    cr_expect(strstr(out, "\nStudents (of 2 questions; answered = "), "%s", out);
    cr_expect(strstr(out, "  di.csv                              2          2              0          0     0\n"), "%s", out);
    cr_expect(strstr(out, "  bo.csv                              2          1              1          0     0\n"), "%s", out);
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
    cr_expect_eq(wb_merge_dir(&set, NULL, dir, o, err, sizeof err), 0, "%s", err);
    fclose(o);
    cr_expect(strstr(out, "  ed.json                             0          0              0          0     0  (answers to another quiz only"), "%s", out);
    free(out);
    unlink(path);
    /* one broken file: exit 2, named, and no summary */
    snprintf(path, sizeof path, "%s/zed.json", dir);
    FILE *f = fopen(path, "w");
    fputs("{\"version\": 1, \"lessons\": [", f);
    fclose(f);
    out = NULL;
    o = open_memstream(&out, &len);
    cr_expect_eq(wb_merge_dir(&set, NULL, dir, o, err, sizeof err), 2);
    fclose(o);
    cr_expect_eq(len, 0, "no summary from a class with a broken file");
    cr_expect(strstr(err, "zed.json:1:"), "%s", err);
    struct stat st;
    cr_expect_eq(stat(path, &st), 0, "a teacher's copy is never moved aside");
    free(out);
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
    s.n[WB_UNTOUCHED] = 5, s.n[WB_OPEN] = 2;
    wb_score_format(&s, buf, sizeof buf);
    cr_expect_str_eq(buf, "none of 7 done yet");
    s.n[WB_OPEN] = 1, s.n[WB_FIRST_TRY] = 1;
    wb_score_format(&s, buf, sizeof buf);
    cr_expect_str_eq(buf, "1 first try, 6 to do");
}
