/* test_quiz_term.c — the terminal workbook on streams: answers, hints, retries, show, quit and end of input. */
#include "workbook/progress.h"
#include "workbook/quiz.h"
#include "workbook/score.h"
#include "paths.h"
#include "workbook/term.h"
#include "workbook/glossary.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rmtree.h"

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
    if (rmtree(sdir) != 0) fprintf(stderr, "could not remove %s\n", sdir);
}
TestSuite(term, .init = scratch, .fini = unscratch);

/* Options are shown in the student's order: the letter question 1.1's file option i has for the
 * student "term-test" on its first visit */
static char letter(const quiz_file *f, size_t i)
{
    quiz_order o;
    quiz_order_make(&f->lessons[0].questions[0], "term-test", 0, &o);
    return quiz_order_letter(&o, i);
}

Test(term, wrong_then_hint_then_right_records_everything)
{
    quiz_file f = load();
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    char input[32], want[64];
    snprintf(input, sizeof input, "%c\nh\n%c\n4\n5\n", letter(&f, 0), letter(&f, 1));
    session(&r, &f, input, false);
    cr_expect_eq(r.rc, QT_CONTINUE);
    cr_expect(strstr(r.out, "Not quite.\n  no a\n"), "%s", r.out);
    cr_expect(strstr(r.out, "Hint:\n  Not a.\n"), "the hint is shown on h");
    snprintf(want, sizeof want, "Correct.\n  yes b\n\nThe answer: %c\n\n  Because b.\n", letter(&f, 1));
    cr_expect(strstr(r.out, want), "feedback then the explanation: %s", r.out);
    snprintf(want, sizeof want, "  %c) B\n", letter(&f, 1));
    cr_expect(strstr(r.out, want), "B is shown at its shuffled letter: %s", r.out);
    cr_expect(strstr(r.out, "  add the root\n"), "per-answer feedback for a numeric answer");
    cr_expect(strstr(r.out, "=== End of lesson 1: 2 of 2 done: 1 after retries, 1 with help ===\n"), "%s", r.out);
    const progress_entry *e = progress_get(&r.prog, "t/1", "1.1", false);
    cr_assert_not_null(e);
    cr_expect_eq(e->attempts, 2);
    cr_expect(e->correct && e->hinted && !e->revealed);
    cr_expect(e->helped && !e->first_ok, "right after the hint: with help");
    cr_expect_str_eq(e->first, "a", "the first answer, in the file's letters");
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
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    char input[4] = {letter(&f, 1), '\n', 0};
    session(&r, &f, input, false);
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
    quiz_term_teacher(o, 80, &f, &f.lessons[0]);
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

Test(term, wrap_keeps_a_run_of_spaces_inside_a_line)
{
    /* quiz 4.1's answers differ only by the two spaces before "(t=": a break there printed both alike */
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    quiz_wrap(o, "INFO: rcu_sched self-detected stall on CPU { 0}  (t=60001 jiffies)", 2, 50);
    fclose(o);
    cr_expect(strstr(out, "0}  (t=60001") != NULL, "the two spaces were broken apart: %s", out);
    free(out);
}

/* The trick question's note says the obvious answer is wrong: it is for a student who fell for
 * it (a wrong answer in this visit) or asked for the answer, never after a right first answer. */
static const char *trick_json =
    "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"Basics\", \"questions\": ["
    "{\"id\": \"1.1\", \"kind\": \"numeric\", \"trick\": true, \"question\": \"Nodes for 17 CPUs?\","
    " \"explanation\": \"Two leaves and a root.\", \"answers\": [{\"value\": 3, \"correct\": true, \"feedback\": \"yes\"}]}]}]}";

static char *trick_session(const char *input)
{
    quiz_file f;
    char err[2048];
    cr_assert_eq(quiz_parse(trick_json, "t.json", &f, false, err, sizeof err), 0, "%s", err);
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    unlink(ppath);
    session(&r, &f, input, false);
    cr_expect_eq(r.rc, QT_CONTINUE);
    progress_free(&r.prog);
    quiz_free(&f);
    return r.out;
}

Test(term, trick_note_only_for_who_missed_it)
{
    const char *note = "(A trick question:";
    char *out = trick_session("3\n");
    cr_expect(strstr(out, "Correct.\n"), "%s", out);
    cr_expect_null(strstr(out, note), "right at the first try: the obvious answer was not a trap for them: %s", out);
    free(out);
    out = trick_session("2\n3\n");
    cr_expect(strstr(out, "Not quite.\n"), "%s", out);
    cr_expect(strstr(out, note), "right after a wrong answer: the note explains the trap: %s", out);
    free(out);
    out = trick_session("s\n");
    cr_expect(strstr(out, "The answer: 3\n(A trick question:"), "shown: the note follows the answer: %s", out);
    free(out);
}

Test(term, a_command_wraps_between_arguments_with_a_backslash)
{
    /* "Try it:" lines are copied into a shell: never break inside an argument or between --set
     * and its value, and end every broken line with " \\" so the pasted lines stay one command */
    const char *args[] = {"rcuvis", "run", "fast-no-hz", "--set rcu.mode=kthread", "--set rcu.no_hz=true",
                          "--set rcu.needs_gp_fix=true", "--set duration_s=2"};
    char *out = NULL;
    size_t len = 0;
    FILE *o = open_memstream(&out, &len);
    quiz_wrap_command(o, "Try it:", args, 7, 2, 60);
    fclose(o);
    cr_expect_str_eq(out, "  Try it: rcuvis run fast-no-hz --set rcu.mode=kthread \\\n"
                          "      --set rcu.no_hz=true --set rcu.needs_gp_fix=true \\\n"
                          "      --set duration_s=2\n");
    free(out);
    out = NULL;
    o = open_memstream(&out, &len);
    quiz_wrap_command(o, "Try it:", args, 3, 2, 60);
    fclose(o);
    cr_expect_str_eq(out, "  Try it: rcuvis run fast-no-hz\n", "a short command stays on one line");
    free(out);
}

/* a clock that jumps 1000 s at every reading: each visit's time is then the cap, exactly */
static double fake_t;
static double jumping_clock(void) { return fake_t += 1000; }

Test(term, first_try_is_scored_apart_and_time_per_visit_is_capped)
{
    quiz_file f = load();
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    wb_set_clock(jumping_clock);
    char input[16];
    snprintf(input, sizeof input, "%c\n5\n", letter(&f, 1));
    session(&r, &f, input, false);
    wb_set_clock(NULL);
    cr_expect(strstr(r.out, "=== End of lesson 1: 2 of 2 done: 2 first try ===\n"), "%s", r.out);
    const progress_entry *e = progress_get(&r.prog, "t/1", "1.1", false);
    cr_expect(e->first_ok && !e->helped);
    cr_expect_eq(e->seconds, WB_VISIT_CAP_S, "one visit counts at most the cap: %g", e->seconds);
    wb_score sc;
    wb_lesson_score(&r.prog, &f, &f.lessons[0], &sc);
    cr_expect_eq(sc.n[WB_FIRST_TRY], 2);
    progress_free(&r.prog);
    free(r.out);
    quiz_free(&f);
}

Test(term, review_asks_what_was_not_right_first_oldest_first_until_cleared)
{
    quiz_file f = load();
    quiz_set set = {&f, 1};
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    /* 1.2 went wrong first, long ago; 1.1 needed the hint, later */
    progress_record(&r.prog, "t/1", "1.2", "4", false, 100);
    progress_record(&r.prog, "t/1", "1.2", "5", true, 101);
    wb_mark_hint(&r.prog, "t/1", "1.1");
    progress_record(&r.prog, "t/1", "1.1", "b", true, 200);
    progress_get(&r.prog, "t/1", "1.1", true)->first_at = 200;
    wb_due *due = NULL;
    cr_assert_eq(wb_review_queue(&r.prog, &set, NULL, &due), 2);
    cr_expect_eq(due[0].question, 1, "the oldest first: 1.2");
    cr_expect_eq(due[1].question, 0);
    free(due);
    /* 1.2 right at once in the review; 1.1 wrong, then right */
    quiz_order o;
    quiz_order_make(&f.lessons[0].questions[0], "term-test", 1, &o); /* 1.1 had one answer before */
    char input[32];
    snprintf(input, sizeof input, "5\n%c\n%c\n", quiz_order_letter(&o, 0), quiz_order_letter(&o, 1));
    FILE *in = fmemopen(input, strlen(input), "r");
    FILE *out = open_memstream(&r.out, &r.outlen);
    quiz_term t = {.in = in, .out = out, .width = 80, .prog = &r.prog};
    cr_expect_eq(quiz_term_review(&t, &set, NULL), QT_CONTINUE);
    fclose(in);
    fclose(out);
    cr_expect(strstr(r.out, "Review: 2 questions"), "%s", r.out);
    char *a = strstr(r.out, "question 1.2 ---"), *b = strstr(r.out, "question 1.1 ---");
    cr_expect(a && b && a < b, "1.2 is asked before 1.1: %s", r.out);
    cr_assert_eq(wb_review_queue(&r.prog, &set, NULL, &due), 1, "1.2 is cleared, 1.1 comes back");
    cr_expect_eq(due[0].question, 0);
    free(due);
    const progress_entry *e = progress_get(&r.prog, "t/1", "1.1", false);
    cr_expect(!e->first_ok, "a review never rewrites the first try");
    progress_free(&r.prog);
    free(r.out);
    quiz_free(&f);
}

/* A progress file of the first format (no student id, no scoring fields) still loads, and its
 * records get the scores they must have had: one right answer without help was a first try. */
Test(term, first_format_progress_loads_with_derived_scores)
{
    FILE *f = fopen(ppath, "w");
    cr_assert_not_null(f);
    fputs("{\"version\": 1, \"lessons\": {\"t/1\": {"
          "\"1.1\": {\"attempts\": 1, \"correct\": true, \"revealed\": false, \"hinted\": false, \"last\": \"b\", \"updated\": 5},"
          "\"1.2\": {\"attempts\": 3, \"correct\": true, \"revealed\": false, \"hinted\": true, \"last\": \"5\", \"updated\": 6}}}}", f);
    fclose(f);
    progress p;
    char msg[512];
    cr_assert_eq(progress_load(&p, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(wb_outcome_of(progress_get(&p, "t/1", "1.1", false)), WB_FIRST_TRY);
    cr_expect_eq(wb_outcome_of(progress_get(&p, "t/1", "1.2", false)), WB_HELPED);
    cr_expect_str_eq(progress_get(&p, "t/1", "1.1", false)->first, "b");
    cr_expect_eq(progress_save(&p, msg, sizeof msg), 0, "%s", msg);
    progress_free(&p);
    cr_assert_eq(progress_load(&p, ppath, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(strlen(p.student), 16, "saving gives the file a student id");
    progress_free(&p);
}

/* "Try it: rcuvis run ..." failed with "command not found" for a student running build/rcuvis from
 * the source tree: the command is printed the way rcuvis was started, when that was a path. */
Test(quiz_term, try_it_names_rcuvis_as_it_was_started)
{
    cr_expect_str_eq(rcuvis_command_name(), "rcuvis", "before main() sets it");
    rcuvis_set_invoked_as("rcuvis");
    cr_expect_str_eq(rcuvis_command_name(), "rcuvis", "found through PATH: the bare name");
    rcuvis_set_invoked_as("build/rcuvis");
    cr_expect_str_eq(rcuvis_command_name(), "build/rcuvis");
    rcuvis_set_invoked_as(NULL);
    cr_expect_str_eq(rcuvis_command_name(), "build/rcuvis", "no argv[0]: unchanged");
}

/* A terminal session over a quiz file's text, rcuvis named as on PATH, answering with `input`; the
 * caller frees r.out, r.prog and f. */
static run session_of(const char *json, quiz_file *f, const char *input)
{
    char err[2048];
    cr_assert_eq(quiz_parse(json, "t.json", f, false, err, sizeof err), 0, "%s", err);
    rcuvis_set_invoked_as("rcuvis");
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    session(&r, f, input, false);
    return r;
}

/* Question 1.6 asks whose qsmask bit is set at t = 5.04 s; its "Try it:" ran the scenario to its
 * end, whose report says nothing about that moment. A holdout_cpu question's command stops at the
 * moment and prints the tree there (--debugfs: rcuhier's qsmask and G per node); other questions'
 * commands stay as they were. */
Test(term, try_it_of_a_holdout_question_stops_at_its_moment_and_prints_the_tree)
{
    static const char json[] =
        "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"predict\", \"question\": \"Whose bit?\", \"explanation\": \"A task's.\","
        " \"scenario\": {\"file\": \"small-busy.json\"}, \"at\": 5.04,"
        " \"measure\": {\"measure\": \"holdout_cpu\", \"flavor\": \"rcu_preempt\", \"at_s\": 5.04}, \"expected\": -1},"
        "{\"id\": \"1.2\", \"kind\": \"predict\", \"question\": \"How many?\", \"explanation\": \"Some.\","
        " \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=3\"]},"
        " \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 2, \"to_s\": 3},"
        " \"expected\": 145, \"tolerance\": 30}]}]}";
    quiz_file f;
    run r = session_of(json, &f, "s\ns\n");
    cr_expect(strstr(r.out, "  Try it: rcuvis run small-busy --duration 5.04 --debugfs\n"), "%s", r.out);
    cr_expect(strstr(r.out, "  Try it: rcuvis run small-busy --set duration_s=3\n"), "%s", r.out);
    free(r.out);
    progress_free(&r.prog);
    quiz_free(&f);
}

/* A student in a terminal has no G overlay and no hover tips: a question's glossary terms are
 * explained under it, each once per session; a question about a moment names the command for its
 * picture, before the answer for a choice (looking is part of answering) and after it for a
 * prediction (the picture would show the answer), showing the flavor it asks about (1.6's rcu_preempt
 * question drew rcu_sched's tree, every bit owed, against its answer); its basis is said under its header. */
Test(term, terms_explained_once_and_the_moment_as_a_picture)
{
    static const char json[] =
        "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Which bit of qsmask clears first?\","
        " \"answers\": [{\"text\": \"CPU 0's\", \"correct\": true, \"feedback\": \"Yes.\"}, {\"text\": \"CPU 1's\", \"feedback\": \"No.\"}],"
        " \"explanation\": \"CPU 0's.\","
        " \"scenario\": {\"file\": \"small-busy.json\"}, \"at\": 5.04},"
        "{\"id\": \"1.2\", \"kind\": \"predict\", \"basis\": \"model\", \"question\": \"How many bits of qsmask are set?\","
        " \"explanation\": \"One.\","
        " \"scenario\": {\"file\": \"small-busy.json\"}, \"at\": 5.04,"
        " \"measure\": {\"measure\": \"holdout_cpu\", \"flavor\": \"rcu_preempt\", \"at_s\": 5.04}, \"expected\": -1}]}]}";
    quiz_file f;
    run r = session_of(json, &f, "s\ns\n");
    const char *first = strstr(r.out, "    qsmask: Bits of an rcu_node");
    cr_expect(first, "1.1 explains qsmask:\n%s", r.out);
    cr_expect(first && !strstr(first + 1, "    qsmask: "), "explained once, not again under 1.2:\n%s", r.out);
    const char *q2 = strstr(r.out, "question 1.2");
    const char *shot1 = strstr(r.out, "That moment as a picture: rcuvis shot small-busy --at 5.04 -o q1.1.png");
    const char *shot2 = strstr(r.out, "--flavor rcu_preempt -o q1.2.png" /* the command may wrap before it */);
    const char *ans2 = q2 ? strstr(q2, "The answer:") : NULL;
    cr_expect(shot1 && q2 && shot1 < q2 && shot1 < strstr(r.out, "The answer:"), "1.1 (a choice) names its picture before its answer:\n%s", r.out);
    cr_expect(shot2 && ans2 && shot2 > ans2, "1.2 (a prediction) names its picture only after its answer:\n%s", r.out);
    cr_expect(q2 && strstr(q2, " ---\n  [this model, not the article]\n"), "1.2 says what it rests on:\n%s", r.out);
    cr_expect(!strstr(r.out, "1.1 (1 of 2) ---\n  ["), "1.1 has no basis, and says none:\n%s", r.out);
    free(r.out);
    progress_free(&r.prog);
    quiz_free(&f);
}

/* The terms block under a question explains the glossary terms it uses, but not with the answer: under
 * lesson 7's "how many callbacks does one batch invoke (blimit)?" blimit's line ("10 by default")
 * answered it as it was asked. Such a term waits for a later question, where it gives nothing away. */
Test(term, a_term_whose_line_states_the_answer_is_left_for_later)
{
    static const char *json =
        "{\"id\": \"g\", \"title\": \"G\", \"lessons\": [{\"id\": \"1\", \"title\": \"Batches\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"numeric\", \"question\": \"In ksoftirqd/N, at most how many callbacks does one batch invoke (blimit)?\","
        " \"explanation\": \"Ten.\", \"answers\": [{\"value\": 10, \"correct\": true, \"feedback\": \"yes\"}]},"
        "{\"id\": \"1.2\", \"kind\": \"numeric\", \"question\": \"How many rcu_node structures has a tree of 64 CPUs, whatever blimit is?\","
        " \"explanation\": \"Five.\", \"answers\": [{\"value\": 5, \"correct\": true, \"feedback\": \"yes\"}]}]}]}";
    quiz_file f;
    char err[2048];
    cr_assert_eq(quiz_parse(json, "g.json", &f, false, err, sizeof err), 0, "%s", err);
    run r = {0};
    session(&r, &f, "10\n5\n", false);
    const char *second = strstr(r.out, "question 1.2");
    cr_assert_not_null(second, "%s", r.out);
    const char *blimit = strstr(r.out, "    blimit: ");
    cr_expect_not_null(strstr(r.out, "ksoftirqd/N: "), "a term that does not give the answer is explained:\n%s", r.out);
    cr_expect(blimit && blimit > second, "blimit is explained under 1.2, not under 1.1, whose answer its line states:\n%s", r.out);
    free(r.out);
    progress_free(&r.prog);
    quiz_free(&f);
}

/* A term named in terms_after_answer is not explained under its question, whose answer its line gives
 * (2.8's NR_CPUS line spelled out the trick), but after the answer; a term the question lists that is
 * no glossary term, or not spelled as the glossary spells it, is refused with its JSON path. */
Test(term, terms_after_answer_wait_for_the_answer)
{
    static const char *json =
        "{\"id\": \"g\", \"title\": \"G\", \"lessons\": [{\"id\": \"1\", \"title\": \"Trees\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"A kernel built with NR_CPUS=4096 boots in ksoftirqd/N's world on 4 CPUs. How many nodes?\","
        " \"explanation\": \"The big tree.\", \"terms_after_answer\": [\"NR_CPUS\"],"
        " \"answers\": [{\"text\": \"261\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"1\", \"feedback\": \"no\"}]}]}]}";
    quiz_file f;
    char err[2048];
    cr_assert_eq(quiz_parse(json, "g.json", &f, false, err, sizeof err), 0, "%s", err);
    run r = {0};
    session(&r, &f, "s\n", false); /* shown: the same block follows a right answer */
    const char *answer = strstr(r.out, "The answer:");
    const char *line = strstr(r.out, "    NR_CPUS: ");
    cr_assert_not_null(answer, "%s", r.out);
    cr_expect_not_null(strstr(r.out, "ksoftirqd/N: "), "the other term is explained under the question:\n%s", r.out);
    cr_expect(strstr(r.out, "ksoftirqd/N: ") < answer, "under the question:\n%s", r.out);
    cr_expect(line && line > answer, "NR_CPUS is explained after the answer, not before:\n%s", r.out);
    free(r.out);
    progress_free(&r.prog);
    quiz_free(&f);

    static const char *bad =
        "{\"id\": \"g\", \"title\": \"G\", \"lessons\": [{\"id\": \"1\", \"title\": \"Trees\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"How many nodes?\", \"explanation\": \"The big tree.\","
        " \"terms_after_answer\": [\"NR_CPUS\", \"no such term\", \"nr_cpus\"], \"answers\": [{\"text\": \"261\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"1\", \"feedback\": \"no\"}]}]}]}";
    cr_expect_neq(quiz_parse(bad, "bad.json", &f, false, err, sizeof err), 0, "a term the glossary lacks is refused");
    cr_expect_not_null(strstr(err, "$.lessons[0].questions[0].terms_after_answer[1]"), "%s", err);
    cr_expect_not_null(strstr(err, "\"no such term\""), "%s", err);
    cr_expect_not_null(strstr(err, "terms_after_answer[2]"), "a term in another case than the glossary's is refused too: %s", err);
    cr_expect_not_null(strstr(err, "did you mean \"NR_CPUS\"?"), "and told the glossary's spelling: %s", err);
    /* a slip gets the nearest term, as a misspelt key does */
    static const char *slip =
        "{\"id\": \"g\", \"title\": \"G\", \"lessons\": [{\"id\": \"1\", \"title\": \"Trees\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Who?\", \"explanation\": \"It.\","
        " \"terms_after_answer\": [\"selfdetected\"], \"answers\": [{\"text\": \"A\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"B\", \"feedback\": \"no\"}]}]}]}";
    cr_expect_neq(quiz_parse(slip, "slip.json", &f, false, err, sizeof err), 0);
    cr_expect_not_null(strstr(err, "got a string \"selfdetected\"; did you mean \"self-detected\"?"), "%s", err);
}

/* A student met the nine lines of "quiescent state" under the first question of every lesson they
 * opened, each in a new session. A long entry is shown whole once; in a later session, under a
 * question after one the student answered that used it, one line of it. A term held for after the
 * answer is named under the question, so a student who does not know it knows it is coming. */
Test(term, a_long_entry_read_in_an_earlier_session_takes_one_line)
{
    static const char *json =
        "{\"id\": \"q\", \"title\": \"Q\", \"lessons\": [{\"id\": \"1\", \"title\": \"QS\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Is a context switch a quiescent state?\", \"explanation\": \"Yes.\","
        " \"answers\": [{\"text\": \"Yes\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"No\", \"feedback\": \"no\"}]},"
        "{\"id\": \"1.2\", \"kind\": \"choice\", \"question\": \"Is user mode a quiescent state, and what is NR_CPUS?\", \"explanation\": \"Yes.\","
        " \"terms_after_answer\": [\"NR_CPUS\"],"
        " \"answers\": [{\"text\": \"Yes\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"No\", \"feedback\": \"no\"}]}]}]}";
    quiz_file f;
    char err[2048];
    cr_assert_eq(quiz_parse(json, "q.json", &f, false, err, sizeof err), 0, "%s", err);
    const char *full = glossary_line("quiescent state");
    cr_assert(full && strlen(full) > 200, "the entry is a long one");
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    session(&r, &f, "s\nq\n", false); /* 1.1 shown, then quit at 1.2 */
    cr_expect_not_null(strstr(r.out, "quiescent state: A moment"), "whole the first time:\n%s", r.out);
    cr_expect_not_null(strstr(r.out, "blkd_tasks)."), "all of it:\n%s", r.out);
    const char *held = strstr(r.out, "Explained after you answer");
    cr_expect(held && strstr(held, "NR_CPUS.") && strstr(held, "NR_CPUS.") < strstr(held, "Your answer"),
              "the held term is named under 1.2:\n%s", r.out);
    free(r.out);
    r.out = NULL;
    session(&r, &f, "s\n", true); /* a new session: 1.2 only */
    cr_expect_not_null(strstr(r.out, "quiescent state: A moment"), "still there:\n%s", r.out);
    cr_expect_null(strstr(r.out, "blkd_tasks)."), "but one line of it, not nine:\n%s", r.out);
    free(r.out);
    progress_free(&r.prog);
    quiz_free(&f);
}

/* A term two questions of a lesson hold for after the answer is explained after the second, not the
 * first: blimit's entry, printed after 7.3's answer, gave 7.7 (which holds it too) away. */
Test(term, a_term_a_later_question_holds_waits_for_it)
{
    static const char *json =
        "{\"id\": \"q\", \"title\": \"Q\", \"lessons\": [{\"id\": \"1\", \"title\": \"B\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"What does an overflow do?\", \"explanation\": \"It lifts it.\","
        " \"terms_after_answer\": [\"blimit\"],"
        " \"answers\": [{\"text\": \"A\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"B\", \"feedback\": \"no\"}]},"
        "{\"id\": \"1.2\", \"kind\": \"choice\", \"question\": \"And then how many per pass?\", \"explanation\": \"One.\","
        " \"terms_after_answer\": [\"blimit\"],"
        " \"answers\": [{\"text\": \"A\", \"correct\": true, \"feedback\": \"yes\"}, {\"text\": \"B\", \"feedback\": \"no\"}]}]}]}";
    quiz_file f;
    char err[2048];
    cr_assert_eq(quiz_parse(json, "q.json", &f, false, err, sizeof err), 0, "%s", err);
    run r = {0};
    snprintf(r.prog.path, sizeof r.prog.path, "%s", ppath);
    snprintf(r.prog.student, sizeof r.prog.student, "term-test");
    session(&r, &f, "s\ns\n", false); /* both shown */
    const char *q2 = strstr(r.out, "question 1.2");
    cr_assert_not_null(q2, "%s", r.out);
    const char *entry = strstr(r.out, "blimit: ");
    cr_expect(entry && entry > q2, "blimit's entry comes after 1.2's answer, not 1.1's:\n%s", r.out);
    free(r.out);
    progress_free(&r.prog);
    quiz_free(&f);
}
