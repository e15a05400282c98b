/* term.h — the workbook in a terminal: ask a lesson's questions on a stream, or print it for review. */
#ifndef RCUVIS_QUIZ_TERM_H
#define RCUVIS_QUIZ_TERM_H

#include "workbook/progress.h"
#include "workbook/quiz.h"

#include <stdbool.h>
#include <stdio.h>

typedef struct quiz_term {
    FILE *in, *out;
    int width;          /* wrap prose at this many columns */
    progress *prog;     /* updated and saved after every answer; NULL = do not record */
    bool save_failed;   /* a save failed once (reported once) */
    bool reviewing;     /* asking the spaced-review queue (set by quiz_term_review) */
    /* glossary terms already explained under a question in this session (the window's G overlay and
     * hover tips are not here: each term is explained once, where a question first uses it) */
    const char *terms_seen[128];
    size_t nterms_seen;
    /* the file of the question being asked (set per question): a long entry already met under an
     * earlier question the student answered, in an earlier session, gets one line, not all of it */
    const quiz_file *file;
} quiz_term;

enum { QT_CONTINUE = 0, QT_QUIT = 1, QT_EOF = 2 };
/* Options are shown in the student's order (score.h: quiz_order_make) and graded in it.
 * Ask the lesson's questions in order (only_unfinished: skip those answered right or shown
 * before). Returns QT_CONTINUE when the lesson is over, QT_QUIT on `q`, QT_EOF at end of input. */
int quiz_term_lesson(quiz_term *t, const quiz_file *f, const quiz_lesson *l, bool only_unfinished);
/* Spaced review: ask the questions not right at the first try (of one lesson, or all when only is
 * NULL), oldest first; one right at the first try of its review, unhelped, leaves the queue. */
int quiz_term_review(quiz_term *t, const quiz_set *set, const quiz_lesson *only);
/* Teacher view: every question with its answers marked (in the file's order), feedback, hint and explanation. */
void quiz_term_teacher(FILE *out, int width, const quiz_file *f, const quiz_lesson *l);
/* "3 of 5 right" line data for a lesson. */
void quiz_term_lesson_stats(progress *p, const quiz_file *f, const quiz_lesson *l, size_t *right, size_t *shown);

/* Columns to wrap prose at: $COLUMNS, else the terminal's width, 80 when neither says, at most 100. */
int quiz_term_width(void);
/* Print text wrapped at width with every line indented (paragraph breaks at '\n' are kept). */
void quiz_wrap(FILE *out, const char *text, int indent, int width);
/* LEAD (may be "") and a command's ARGS on lines of at most WIDTH columns, broken only between
 * arguments, each broken line ending in " \\" so that a copy-paste runs the whole command */
void quiz_wrap_command(FILE *out, const char *lead, const char *const *args, size_t nargs, int indent, int width);

#endif
