/* session.h — the workbook as an interactive session: position, selection, typed input, grading, progress. */
#ifndef RCUVIS_QUIZ_SESSION_H
#define RCUVIS_QUIZ_SESSION_H

/*
 * What the window's workbook panel shows and changes, without any drawing: which question is
 * current, which letters are picked or what number is typed, the last verdict, and whether the
 * explanation is open. Answers go through quiz_grade() and into the same progress file as the
 * terminal workbook (saved after every answer). Kept apart from panel_workbook.c so it can be
 * tested without SDL.
 */

#include "workbook/progress.h"
#include "workbook/quiz.h"
#include "workbook/score.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct quiz_session {
    quiz_set set;              /* owned */
    progress prog;             /* owned; path "" = not saving */
    bool review;               /* teacher mode: answers visible, nothing recorded */
    size_t file, lesson, question;
    /* the current question's interaction */
    quiz_order order;          /* the options as shown (fixed while the question is open; the file's order in teacher mode) */
    double since;              /* wb_now() when the question was opened or last recorded: time spent */
    unsigned sel;              /* choice/multi: picked answers, bit i = shown letter a+i */
    int cursor;                /* answer highlighted by Up/Down */
    char input[48];            /* numeric/predict: what is typed ("261", "yes") */
    quiz_result last;          /* last verdict; last.status == -2 when nothing was submitted yet */
    bool done;                 /* answered right or shown: the explanation is open */
    bool hint_shown;
    char message[2048];        /* for the panel: quiz files that did not load, corrupt progress set aside, save failures */
    double *stall_at;          /* per question (flattened): resolved "first_stall" moment, 0 = not yet, -1 = none */
    size_t nstall_at;
    signed char *same_run;     /* per question (flattened): its run is the file's as the window plays it, 0 = not yet known, 1 yes, -1 no */
    size_t nsame_run;
    bool id_kept;              /* the student id that seeds option orders is in the progress file */
} quiz_session;

/* Load every quiz in quiz_dir (NULL = the shipped quizzes/; a file: that quiz alone) and the progress file (NULL = the
 * default path). 0 ok (msg may still carry a warning, e.g. a corrupt progress file set aside), -1
 * no quiz could be loaded (msg says why). */
int quiz_session_open(quiz_session *s, const char *quiz_dir, const char *progress_path, char *msg, size_t msglen);
void quiz_session_close(quiz_session *s);
/* Save the student id that seeds the option orders, once, when the workbook is first shown: drawn
 * anew on each visit until an answer saved it, the order changed under a student who left before
 * answering, and their letter from last time named another option. Opening a session writes nothing
 * (the window opens one at its first frame, shown or not). */
void quiz_session_keep_student(quiz_session *s);

const quiz_file *quiz_session_file(const quiz_session *s);
const quiz_lesson *quiz_session_lesson(const quiz_session *s);
const quiz_question *quiz_session_question(const quiz_session *s);
/* The progress record of the current question, or NULL. */
const progress_entry *quiz_session_entry(const quiz_session *s);

/* Move to a question (resets the interaction; a question answered before opens as done). */
void quiz_session_goto(quiz_session *s, size_t file, size_t lesson, size_t question);
/* Teacher mode on or off (answers visible, nothing recorded, the file's order of options). */
void quiz_session_set_review(quiz_session *s, bool on);
/* Next/previous question (dir +1/-1), across lessons and files; false at either end. */
bool quiz_session_step(quiz_session *s, int dir);
bool quiz_session_step_lesson(quiz_session *s, int dir);
/* The first question not yet answered right or shown (the "continue" position). */
void quiz_session_resume(quiz_session *s);
/* Lesson l of file f at its first question not done yet (its first when all are). */
void quiz_session_open_lesson(quiz_session *s, size_t f, size_t l);

/* The lesson about a scenario file (a path or a name; its base name is compared with the questions'
 * "file"): the one with the most questions on it, the first of equals. false when no question uses it. */
bool quiz_session_scenario_lesson(const quiz_session *s, const char *scenario, size_t *file, size_t *lesson);
/* Where the workbook opens when the window shows it with `scenario` loaded: a student with unfinished
 * work keeps their place (the resume position: where they stopped); a student who has answered nothing
 * yet, or everything, starts at the first question of the scenario's lesson (its intro above it).
 * Returns QS_PLACE_MOVED (now there), QS_PLACE_KEPT (the scenario has a lesson, the place was kept) or
 * QS_PLACE_NONE (no lesson is about it; nothing changed). */
enum { QS_PLACE_NONE, QS_PLACE_KEPT, QS_PLACE_MOVED };
int quiz_session_open_for(quiz_session *s, const char *scenario);

/* Input. pick: choice selects the answer shown as letter a+i, multi toggles it. */
void quiz_session_pick(quiz_session *s, int i);
void quiz_session_type(quiz_session *s, const char *text); /* appends */
void quiz_session_backspace(quiz_session *s);
/* Grade what is picked or typed; records it. Returns last.status (1 right, 0 wrong, -1 not understood). */
int quiz_session_submit(quiz_session *s);
void quiz_session_hint(quiz_session *s);
void quiz_session_reveal(quiz_session *s);
/* A prediction not answered yet (no answer given, not shown): its "show me" moment shows what it
 * asks to predict (5.6's t=9660 in the kernel log). */
bool quiz_session_unanswered_prediction(const quiz_session *s);
/* The student looked at that moment anyway: help, as the hint is (recorded as the hint read, so a
 * right answer after it is no first try). */
void quiz_session_looked(quiz_session *s);

/* If a question about the scenario file `scenario` as shipped (no overrides but duration_s, no
 * seed) has its moment in (prev_s, now_s], make it current and return true: the window pauses
 * there to ask it. A "first_stall" moment is found once by running the scenario (then cached). */
bool quiz_session_moment(quiz_session *s, const char *scenario, double prev_s, double now_s);

#endif
