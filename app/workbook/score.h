/* score.h — how a question was answered (first try, after retries, with help), per lesson; the workbook clock; option order. */
#ifndef RCUVIS_QUIZ_SCORE_H
#define RCUVIS_QUIZ_SCORE_H

#include "workbook/progress.h"
#include "workbook/quiz.h"

#include <stdbool.h>
#include <stddef.h>

/* ---------------------------------------------------------------- the clock */

/* Wall time in seconds for `updated`, `first_at` and time spent; tests install a fake one. */
typedef double (*wb_clock_fn)(void);
void wb_set_clock(wb_clock_fn fn); /* NULL = the real clock */
double wb_now(void);
/* Time spent per visit of a question counts at most this much: a student who walks away from an
 * open question should not look like one who thought about it for an hour. */
#define WB_VISIT_CAP_S 600.0
/* Add the time of a visit that began at `since` (wb_now() seconds) to the question's entry. */
void wb_add_time(progress *p, const char *lesson, const char *qid, double since);

/* ---------------------------------------------------------------- outcomes */

enum wb_outcome {
    WB_UNTOUCHED,     /* never answered nor shown */
    WB_OPEN,          /* answered, not right yet, not shown */
    WB_FIRST_TRY,     /* right at the first answer, with no hint or shown answer before it */
    WB_RETRIES,       /* right after wrong answers, without help */
    WB_HELPED,        /* right after reading the hint, or the answer was shown */
    WB_NOUTCOMES
};
const char *wb_outcome_name(enum wb_outcome o); /* "first try", "after retries", ... */
enum wb_outcome wb_outcome_of(const progress_entry *e); /* NULL = untouched */

typedef struct wb_score {
    size_t n[WB_NOUTCOMES]; size_t total;
    size_t hinted_only; /* questions whose hint was read and that have no answer yet: the lesson was opened */
} wb_score;
void wb_lesson_score(const progress *p, const quiz_file *f, const quiz_lesson *l, wb_score *out);
/* "3 first try, 1 after retries, 1 with help, 2 to do" (parts that are 0 left out); "not started (7 questions)",
 * "opened, none of 7 answered yet" after a hint only,
 * for a lesson never opened, "none of 7 done yet" after answers that were not right */
void wb_score_format(const wb_score *s, char *buf, size_t bufsz);
/* Done = right or shown (the question's explanation has been read). */
size_t wb_score_done(const wb_score *s);

/* Mark the hint read / the answer shown on the question's entry (creating it); false when nothing changed. */
bool wb_mark_hint(progress *p, const char *lesson, const char *qid);
bool wb_mark_shown(progress *p, const char *lesson, const char *qid);
/* A review answer (spaced review): the first of a review visit sets review_at, and review_ok when
 * it is right and unhelped (the question then leaves the queue). */
void wb_mark_review(progress *p, const char *lesson, const char *qid, bool first_of_visit, bool right_unhelped);

/* ---------------------------------------------------------------- spaced review */

/* Every question of the set in the file's order, with its lesson's progress key ("article/1") and its
 * progress entry (NULL: never touched): the walk the export, the review queue and the student's last
 * lesson share. */
typedef struct wb_question_ref {
    size_t file, lesson, question;
    const quiz_lesson *l;
    const char *key;
    const progress_entry *e;
} wb_question_ref;
void wb_each_question(const quiz_set *set, const progress *p, void (*fn)(void *ctx, const wb_question_ref *q), void *ctx);

typedef struct wb_due { size_t file, lesson, question; long long since; } wb_due;
/* Questions not right at the first try (answered or shown) and not yet cleared in a review,
 * oldest first (by their last review, or their first answer when never reviewed). only_file /
 * only_lesson limit it to one lesson (NULL = all). malloc'd array in *out, count returned. */
size_t wb_review_queue(const progress *p, const quiz_set *set, const quiz_lesson *only_lesson, wb_due **out);
/* The lesson of the student's latest new answer (the latest first answer or shown answer, `first_at`;
 * not a review or a hint read later): where they stopped, which need not be the first unfinished lesson
 * (`rcuvis quiz 5` may come first). False when no question of the set has been answered. */
bool wb_last_lesson(const progress *p, const quiz_set *set, size_t *file, size_t *lesson);

/* ---------------------------------------------------------------- option order */

/* The order a student sees a question's options in: shown[i] is the index in the file of the
 * option shown as letter 'a'+i. Progress and grading keep the file's letters. */
typedef struct quiz_order { size_t n; unsigned char shown[8]; } quiz_order;
void quiz_order_identity(const quiz_question *q, quiz_order *o);
/* Deterministic from (student, question id, attempt): the same triple gives the same order. */
void quiz_order_make(const quiz_question *q, const char *student, int attempt, quiz_order *o);
/* The shown letter ('a'..) of the file's option i. */
char quiz_order_letter(const quiz_order *o, size_t file_index);
/* Grade letters typed in the shown order (o NULL = the file's order): normalized holds the file's
 * letters, feedback tags the shown ones. Numbers and yes/no are graded as quiz_grade does. */
void quiz_grade_ordered(const quiz_question *q, const quiz_order *o, const char *input, quiz_result *out);
/* The right answer in shown letters ("b, d"); other kinds as quiz_correct_answer. */
void quiz_correct_answer_ordered(const quiz_question *q, const quiz_order *o, char *buf, size_t bufsz);

#endif
