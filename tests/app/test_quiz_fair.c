/* test_quiz_fair.c — no position or length gives the answer away: shuffled options, balanced option lengths. */
#include "workbook/quiz.h"
#include "workbook/score.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static quiz_file shipped(void)
{
    const char *root = getenv("RCUVIS_ROOT");
    char path[1024], err[4096];
    snprintf(path, sizeof path, "%s/quizzes/workbook.json", root && *root ? root : ".");
    quiz_file f;
    cr_assert_eq(quiz_load(path, &f, false, err, sizeof err), 0, "%s", err);
    return f;
}

static size_t first_correct(const quiz_question *q)
{
    for (size_t i = 0; i < q->nanswers; i++)
        if (q->answers[i].correct) return i;
    return 0;
}

/* For every choice and multi question, over many students (or many attempts of one student), the
 * right answer is shown at each position about equally often: within 5 standard deviations of a
 * fair draw. Deterministic (fixed ids); the order of the file (no shuffle) fails it at once. */
static void expect_uniform(bool vary_student)
{
    quiz_file f = shipped();
    enum { N = 2000 };
    size_t checked = 0;
    for (size_t li = 0; li < f.nlessons; li++)
        for (size_t qi = 0; qi < f.lessons[li].nquestions; qi++) {
            const quiz_question *q = &f.lessons[li].questions[qi];
            if (q->kind != QUIZ_CHOICE && q->kind != QUIZ_MULTI) continue;
            size_t right = first_correct(q), at[8] = {0};
            for (int k = 0; k < N; k++) {
                char student[32];
                snprintf(student, sizeof student, "student-%d", vary_student ? k : 7);
                quiz_order o;
                quiz_order_make(q, student, vary_student ? 0 : k, &o);
                at[quiz_order_letter(&o, right) - 'a']++;
            }
            double p = 1.0 / (double)q->nanswers, mean = N * p, sd = sqrt(N * p * (1 - p));
            for (size_t pos = 0; pos < q->nanswers; pos++)
                cr_expect(fabs((double)at[pos] - mean) <= 5 * sd, "question %s: the right answer is shown as %c) %zu times of %d, expected %.0f +- %.0f",
                          q->id, (char)('a' + pos), at[pos], N, mean, 5 * sd);
            checked++;
        }
    cr_expect_geq(checked, 20, "the shipped workbook has its choice questions");
    quiz_free(&f);
}

Test(fair, right_answer_position_is_uniform_over_students) { expect_uniform(true); }
Test(fair, right_answer_position_is_uniform_over_attempts) { expect_uniform(false); }

/* Over the workbook's single-choice questions, the right answer is the (strictly) longest option,
 * and the shortest, about as often as chance gives: within 2 standard deviations of the sum over
 * questions of 1/options. The workbook before rebalancing (longest right in 21 of 26) fails. */
Test(fair, option_length_does_not_predict_the_answer)
{
    quiz_file f = shipped();
    double mean = 0, var = 0;
    int longest = 0, shortest = 0;
    for (size_t li = 0; li < f.nlessons; li++)
        for (size_t qi = 0; qi < f.lessons[li].nquestions; qi++) {
            const quiz_question *q = &f.lessons[li].questions[qi];
            if (q->kind != QUIZ_CHOICE) continue;
            size_t right = first_correct(q), rlen = strlen(q->answers[right].text);
            bool is_longest = true, is_shortest = true;
            for (size_t i = 0; i < q->nanswers; i++) {
                if (i == right) continue;
                size_t len = strlen(q->answers[i].text);
                is_longest = is_longest && rlen > len;
                is_shortest = is_shortest && rlen < len;
            }
            longest += is_longest;
            shortest += is_shortest;
            double p = 1.0 / (double)q->nanswers;
            mean += p;
            var += p * (1 - p);
        }
    double lo = mean - 2 * sqrt(var), hi = mean + 2 * sqrt(var);
    cr_expect(longest >= lo && longest <= hi, "the right answer is the longest option in %d questions; chance gives %.1f to %.1f", longest, lo, hi);
    cr_expect(shortest >= lo && shortest <= hi, "the right answer is the shortest option in %d questions; chance gives %.1f to %.1f", shortest, lo, hi);
    quiz_free(&f);
}

static const char *two_q =
    "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": ["
    "{\"id\": \"1.1\", \"kind\": \"multi\", \"question\": \"Pick a and c.\", \"explanation\": \"E.\","
    " \"answers\": [{\"text\": \"A\", \"correct\": true, \"feedback\": \"fa\"}, {\"text\": \"B\", \"feedback\": \"fb\"},"
    " {\"text\": \"C\", \"correct\": true, \"feedback\": \"fc\"}, {\"text\": \"D\", \"feedback\": \"fd\"}]}]}]}";

Test(fair, order_is_stable_per_student_and_attempt_and_grading_follows_it)
{
    quiz_file f;
    char err[1024];
    cr_assert_eq(quiz_parse(two_q, "t.json", &f, false, err, sizeof err), 0, "%s", err);
    const quiz_question *q = &f.lessons[0].questions[0];
    quiz_order a, b;
    quiz_order_make(q, "alice", 3, &a);
    quiz_order_make(q, "alice", 3, &b);
    cr_expect_eq(memcmp(a.shown, b.shown, a.n), 0, "the same student, question and attempt: the same order");
    int differ = 0;
    for (int k = 0; k < 20; k++) {
        quiz_order_make(q, "alice", k, &b);
        differ += memcmp(a.shown, b.shown, a.n) != 0;
    }
    cr_expect_geq(differ, 10, "other attempts mostly see other orders (%d of 20 differ)", differ);
    /* find an order where A is not shown as a), then answer in shown letters */
    for (int k = 0; quiz_order_letter(&a, 0) == 'a' && k < 100; k++) quiz_order_make(q, "bob", k, &a);
    cr_assert_neq(quiz_order_letter(&a, 0), 'a');
    char typed[8] = {quiz_order_letter(&a, 0), ' ', quiz_order_letter(&a, 2), 0};
    quiz_result r;
    quiz_grade_ordered(q, &a, typed, &r);
    cr_expect_eq(r.status, 1, "the shown letters of A and C are right: %s", typed);
    cr_expect_str_eq(r.normalized, "ac", "progress keeps the file's letters");
    char tag[8];
    snprintf(tag, sizeof tag, "(%c) f", quiz_order_letter(&a, 0));
    cr_expect(strstr(r.message, tag), "feedback is tagged with the shown letter: %s", r.message);
    char ans[32];
    quiz_correct_answer_ordered(q, &a, ans, sizeof ans);
    char want[32];
    char l0 = quiz_order_letter(&a, 0), l2 = quiz_order_letter(&a, 2);
    snprintf(want, sizeof want, "%c, %c", l0 < l2 ? l0 : l2, l0 < l2 ? l2 : l0);
    cr_expect_str_eq(ans, want);
    quiz_grade_ordered(q, &a, "a c", &r); /* the file's letters are not the shown ones here */
    cr_expect(r.status != 1 || (quiz_order_letter(&a, 0) == 'c' && quiz_order_letter(&a, 2) == 'a'));
    quiz_free(&f);
}
