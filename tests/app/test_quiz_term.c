/* test_quiz_term.c — the terminal workbook on streams: answers, hints, retries, show, quit and end of input. */
#include "workbook/progress.h"
#include "workbook/quiz.h"
#include "workbook/term.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *lesson_json =
    "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"Basics\", \"questions\": ["
    "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Pick b.\", \"hint\": \"Not a.\", \"explanation\": \"Because b.\","
    " \"answers\": [{\"text\": \"A\", \"feedback\": \"no a\"}, {\"text\": \"B\", \"correct\": true, \"feedback\": \"yes b\"}]},"
    "{\"id\": \"1.2\", \"kind\": \"numeric\", \"question\": \"Nodes for 64 CPUs?\", \"explanation\": \"Four leaves and a root.\","
    " \"answers\": [{\"value\": 5, \"correct\": true, \"feedback\": \"yes\"}, {\"value\": 4, \"feedback\": \"add the root\"}]}]}]}";

typedef struct run { char *out; size_t outlen; int rc; progress prog; } run;

static void session(run *r, quiz_file *f, const char *input, bool only_unfinished)
{
    FILE *in = fmemopen((void *)input, strlen(input), "r");
    FILE *out = open_memstream(&r->out, &r->outlen);
    cr_assert(in && out);
    quiz_term t = {.in = in, .out = out, .width = 80, .prog = &r->prog};
    r->rc = quiz_term_lesson(&t, f, &f->lessons[0], only_unfinished);
    fclose(in);
    fclose(out);
}

static quiz_file load(void)
{
    quiz_file f;
    char err[2048];
    cr_assert_eq(quiz_parse(lesson_json, "t.json", &f, false, err, sizeof err), 0, "%s", err);
    return f;
}

/* progress saves go to a scratch directory, removed afterwards */
static char sdir[64], ppath[256];
static void scratch(void)
{
    snprintf(sdir, sizeof sdir, "/tmp/rcuvis-test-term-XXXXXX");
    cr_assert_not_null(mkdtemp(sdir));
    snprintf(ppath, sizeof ppath, "%s/progress.json", sdir);
}
static void unscratch(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", sdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", sdir);
}
TestSuite(term, .init = scratch, .fini = unscratch);

Test(term, wrong_then_hint_then_right_records_everything)
{
    quiz_file f = load();
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    session(&r, &f, "a\nh\nb\n4\n5\n", false);
    cr_expect_eq(r.rc, QT_CONTINUE);
    cr_expect(strstr(r.out, "Not quite.\n  no a\n"), "%s", r.out);
    cr_expect(strstr(r.out, "Hint:\n  Not a.\n"), "the hint is shown on h");
    cr_expect(strstr(r.out, "Correct.\n  yes b\n\nThe answer: b\n\n  Because b.\n"), "feedback then the explanation: %s", r.out);
    cr_expect(strstr(r.out, "  add the root\n"), "per-answer feedback for a numeric answer");
    cr_expect(strstr(r.out, "=== End of lesson 1: 2 of 2 answered right ===\n"), "%s", r.out);
    const progress_entry *e = progress_get(&r.prog, "t/1", "1.1", false);
    cr_assert_not_null(e);
    cr_expect_eq(e->attempts, 2);
    cr_expect(e->correct && e->hinted && !e->revealed);
    /* and it reached the disk after every answer */
    progress back;
    char msg[512];
    cr_assert_eq(progress_load(&back, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(progress_get(&back, "t/1", "1.2", false)->attempts, 2);
    progress_free(&back);
    progress_free(&r.prog);
    free(r.out);
    quiz_free(&f);
}

Test(term, end_of_input_ends_cleanly)
{
    quiz_file f = load();
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    session(&r, &f, "b\n", false);
    cr_expect_eq(r.rc, QT_EOF, "EOF in the middle of the lesson is reported as such");
    cr_expect(progress_get(&r.prog, "t/1", "1.1", false)->correct);
    cr_expect_null(progress_get(&r.prog, "t/1", "1.2", false));
    progress_free(&r.prog);
    free(r.out);
    quiz_free(&f);
}

Test(term, not_understood_input_is_not_an_attempt_and_q_quits)
{
    quiz_file f = load();
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    session(&r, &f, "zz\nq\n", false);
    cr_expect_eq(r.rc, QT_QUIT);
    cr_expect(strstr(r.out, "Type one letter, a to b.\n"), "%s", r.out);
    cr_expect_null(progress_get(&r.prog, "t/1", "1.1", false), "nothing recorded for input that is not an answer");
    progress_free(&r.prog);
    free(r.out);
    quiz_free(&f);
}

Test(term, show_answer_marks_revealed_and_unfinished_skips_done_questions)
{
    quiz_file f = load();
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    progress_record(&r.prog, "t/1", "1.1", "b", true, 1);
    session(&r, &f, "s\n", true);
    cr_expect_eq(r.rc, QT_CONTINUE);
    cr_expect_null(strstr(r.out, "Pick b."), "the question answered before is skipped");
    cr_expect(strstr(r.out, "The answer: 5\n"), "%s", r.out);
    cr_expect(progress_get(&r.prog, "t/1", "1.2", false)->revealed);
    progress_free(&r.prog);
    free(r.out);
    quiz_free(&f);
}

Test(term, review_shows_every_answer_marked)
{
    quiz_file f = load();
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    quiz_term_review(o, 80, &f, &f.lessons[0]);
    fclose(o);
    cr_expect(strstr(out, "  [ ] a) A\n         no a\n"), "every answer with its feedback: %s", out);
    cr_expect(strstr(out, "  [*] b) B\n"), "the right answer is starred: %s", out);
    cr_expect(strstr(out, "  [*] 5\n"), "numeric answers are listed: %s", out);
    cr_expect(strstr(out, "  Explanation:\n    Because b.\n"), "%s", out);
    free(out);
    quiz_free(&f);
}

Test(term, wrap_breaks_at_spaces_and_keeps_paragraphs)
{
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    quiz_wrap(o, "aaaa bbbb cccc dddd eeee ffff gggg hhhh iiii jjjj kkkk\nsecond", 2, 30);
    fclose(o);
    cr_expect_str_eq(out, "  aaaa bbbb cccc dddd eeee\n  ffff gggg hhhh iiii jjjj\n  kkkk\n  second\n");
    free(out);
}
