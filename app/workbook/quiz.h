/* quiz.h — the workbook's data model: quiz files of lessons of questions, loading, grading, measures. */
/*
 * Module app/workbook/ — owns quiz files (loading, checking, grading), predict measures computed
 * by running the engine, the progress file, and the terminal workbook (`rcuvis quiz`). It may
 * include the engine, scenario and report modules; never render, panels or the window (the
 * window's workbook panel includes this module, not the other way round).
 */
#ifndef RCUVIS_QUIZ_H
#define RCUVIS_QUIZ_H

/*
 * A quiz file (quizzes/NAME.json, format in quizzes/schema.json) holds lessons; a lesson holds
 * ordered questions. Loading validates everything and copies it into these plain structs (no cJSON
 * pointer survives the load). The terminal workbook (quiz_cli.c), the checker (quiz_check.c) and
 * the window panel (panel_workbook.c) all read the same structs and grade through quiz_grade().
 *
 * `predict` questions store an `expected` value that the engine computes by running the
 * question's scenario (quiz_measure_run); `rcuvis check` recomputes it and fails when the stored
 * value and the model disagree, so the workbook cannot drift from the model.
 */

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum quiz_kind { QUIZ_CHOICE, QUIZ_MULTI, QUIZ_NUMERIC, QUIZ_PREDICT, QUIZ_NKINDS };
const char *quiz_kind_name(enum quiz_kind k);
/* What a question rests on, so a student knows what the article alone answers: "basis" in the file,
 * optional (QB_NONE: not said). */
enum quiz_basis { QB_NONE = 0, QB_ARTICLE, QB_KERNEL, QB_MODEL, QB_THREAD };
/* "from the article", "the kernel, beyond the article", "this model, not the article", "from the mail thread"; "" for QB_NONE */
const char *quiz_basis_label(enum quiz_basis b);
/* A set of bases, for `rcuvis quiz --basis`: bit QUIZ_BASIS_BIT(b) for each basis b chosen. */
#define QUIZ_BASIS_BIT(b) (1u << (unsigned)(b))
/* The names a student types, in the order they are listed: "article, thread, kernel, model". */
#define QUIZ_BASIS_NAMES "article, thread, kernel, model"
/* Add the bases of a comma list ("article", "article,thread") to *mask. 0 ok; -1 with a message
 * naming the word not understood and the valid ones (nothing added then). */
int quiz_basis_parse(const char *list, unsigned *mask, char *err, size_t errlen);
/* The mask as the option that gives it ("article,thread"), in QUIZ_BASIS_NAMES order. */
void quiz_basis_format(unsigned mask, char *buf, size_t bufsz);

/* A measure: what the engine computes for a predict question. */
enum quiz_measure_kind {
    QM_GRACE_PERIODS, /* grace periods of `flavor` completed in [from_s, to_s) */
    QM_STALL_APPEARS, /* did a stall warning (of `flavor`, or any) appear by by_s? (bool) */
    QM_HOLDOUT_CPU,   /* lowest CPU whose bit is still set in its leaf's qsmask at at_s; -1 if none */
    QM_REPORT,        /* a number from the run report (rv_report_build) at at_s or the end */
    QM_NKINDS
};
const char *quiz_measure_name(enum quiz_measure_kind k);

typedef struct quiz_measure {
    enum quiz_measure_kind kind;
    int flavor;          /* RV_SCHED...; -1 = any flavor (stall_appears only) */
    double from_s, to_s; /* grace_periods window; by_s of stall_appears is stored in to_s */
    double at_s;         /* holdout_cpu, report (-1 = end of the run) */
    char path[160];      /* report: dotted path, "flavors.rcu_sched.grace_periods", "stalls.0.jiffies" */
    int round;           /* decimals to round the computed number to; -1 = exact */
    double scale;        /* report: the number (or ratio) times this, before rounding (1e6: s to us); 1 = as is */
} quiz_measure;
/* Where a measure is read, in simulated seconds: a window's end, the moment named, or -1 for the run's
 * end (a report without at_s). Show me opens a prediction there. */
double quiz_measure_horizon(const quiz_measure *m);

/* A predicted or expected value: a number or a yes/no. */
typedef struct quiz_value { bool is_bool; bool b; double num; } quiz_value;
/* "12", "0.25", "yes", "no" */
void quiz_value_format(const quiz_value *v, char *buf, size_t bufsz);
bool quiz_value_equal(const quiz_value *a, const quiz_value *b);

typedef struct quiz_answer {
    char *text;      /* choice/multi: the option; numeric: optional label */
    bool correct;
    char *feedback;  /* shown when the student picks this answer */
    double lo, hi;   /* numeric: accepted interval (value +- tolerance, or range) */
} quiz_answer;

typedef struct quiz_question {
    char id[24];               /* perfbook-style "1.2", unique in its file */
    enum quiz_kind kind;
    char *question, *explanation;
    char *hint;                /* NULL if none */
    char *source;              /* e.g. "the article's Quick Quiz 1"; NULL if none */
    enum quiz_basis basis;     /* what the answer rests on: the article, the kernel's code, or this model */
    bool trick;
    char **terms_after; size_t nterms_after; /* glossary terms whose entries give the answer away: the
                                              * terminal explains them after the answer, not under the question */
    quiz_answer *answers; size_t nanswers;  /* choice, multi, numeric */
    char *otherwise;           /* numeric: feedback for a number no answer matches; NULL = generic */
    /* predict */
    quiz_measure measure;
    bool has_expected;         /* false only while loading for --update-expected */
    quiz_value expected;
    double tolerance;          /* accepted distance of the student's number from `expected` */
    double tolerance_pct;      /* > 0: the distance is this share of |expected| instead, so it follows
                                * the engine's value through --update-expected (quiz_tolerance()) */
    char *fb_correct, *fb_incorrect; /* predict feedback; NULL = generic */
    /* the scenario the question refers to ("show me"), optional except for predict */
    bool has_scenario;
    char scenario[256];        /* a file name: the quiz's own scenarios/ (or its folder) first, else the shipped ones */
    char scenario_path[1024];  /* where quiz_load() found it; "" from quiz_parse(), which has no folder */
    char **overrides; size_t noverrides; /* "rcu.mode=softirq" */
    bool has_seed; uint64_t seed;
    bool has_at, at_first_stall; double at_s; /* the moment the window pauses to ask */
    char jpath[96];            /* "$.lessons[0].questions[2]", for messages */
} quiz_question;

/* The longest lesson title a quiz file may give (bytes): room for it in `rcuvis quiz --list`'s line and the panel's heading. */
#define QUIZ_LESSON_TITLE_MAX 95

typedef struct quiz_lesson {
    char id[24];
    char *title, *intro;       /* intro may be NULL */
    quiz_question *questions; size_t nquestions;
} quiz_lesson;

typedef struct quiz_file {
    char id[64];               /* the file's "id": progress is keyed by it */
    char *title, *description;
    char path[512];
    quiz_lesson *lessons; size_t nlessons;
    char *text; size_t text_len; /* the text it was parsed from: later messages (check) give their line:column in it */
} quiz_file;

/* Load and validate. 0 ok; 1 the JSON has no top-level "lessons" (not a quiz, nothing filled);
 * -1 invalid: one message per line in err ("FILE:LINE:COL: ..." or "FILE: $.path: expected ...,
 * got ..."). `allow_missing_expected` lets --update-expected load files that lack values. */
int quiz_load(const char *path, quiz_file *q, bool allow_missing_expected, char *err, size_t errlen);
int quiz_parse(const char *text, const char *name, quiz_file *q, bool allow_missing_expected,
               char *err, size_t errlen);
/* Why quiz_load() returned 1 for a file the user named as a quiz (quiz --file, --update-expected):
 * its JSON syntax error as "FILE:LINE:COL: syntax error: ...", else "FILE: not a quiz file (no
 * \"lessons\")". One line, ending in a newline. (rcuvis check tries such a file as a scenario.) */
void quiz_not_a_quiz(const char *path, char *err, size_t errlen);
void quiz_free(quiz_file *q);
void quiz_question_free(quiz_question *q); /* what one question owns (quiz_free frees them all) */

const quiz_lesson *quiz_find_lesson(const quiz_file *q, const char *id);

/* ---------------------------------------------------------------- the shipped set (quiz_set.c) */

typedef struct quiz_set { quiz_file *files; size_t n; } quiz_set;
/* Load every quiz file in dir (files without "lessons", such as schema.json, are skipped), sorted
 * by name. 0 ok (problems in single files are reported in err but the rest loads), -1 when the
 * directory cannot be read. */
int quiz_set_load_dir(quiz_set *s, const char *dir, char *err, size_t errlen);
/* Add one file. 0 ok, -1 with messages in err. */
int quiz_set_add_file(quiz_set *s, const char *path, char *err, size_t errlen);
void quiz_set_free(quiz_set *s);
/* Keep only the questions whose basis is in mask (QUIZ_BASIS_BIT; a question that states no basis is
 * dropped): `rcuvis quiz --basis`. Lessons stay, possibly with no question left. Returns how many
 * questions are kept; *total (if not NULL) gets how many there were. */
size_t quiz_set_keep_basis(quiz_set *s, unsigned mask, size_t *total);
/* Find a lesson by "QUIZ/LESSON", by lesson id, or by a unique case-insensitive piece of its
 * title. 0 found; -1 with a message (not found, or ambiguous: names the candidates). */
int quiz_set_find(const quiz_set *s, const char *name, const quiz_file **f, const quiz_lesson **l, char *err, size_t errlen);
/* Progress key of a lesson: "QUIZ/LESSON". */
void quiz_lesson_key(const quiz_file *f, const quiz_lesson *l, char *buf, size_t bufsz);

/* ---------------------------------------------------------------- grading */

typedef struct quiz_result {
    int status;            /* 1 correct, 0 wrong, -1 input not understood (nothing recorded) */
    char message[2048];    /* feedback to show (per chosen answer, newline separated), or why the input was not understood */
    char normalized[64];   /* the answer as recorded in progress ("ac", "261", "yes") */
} quiz_result;
/* Grade a typed answer: letters for choice/multi ("b", "a c", "A,C"), a number for numeric and
 * numeric predict, yes/no for boolean predict. */
void quiz_grade(const quiz_question *q, const char *input, quiz_result *out);
/* The accepted distance from a predict question's expected number (tolerance, or tolerance_pct of it). */
double quiz_tolerance(const quiz_question *q);
/* The correct answer in words ("b", "a, c", "261", "yes"). */
void quiz_correct_answer(const quiz_question *q, char *buf, size_t bufsz);

/* ---------------------------------------------------------------- measures (run the engine) */

/* Full path of the question's scenario file. */
const char *quiz_scenario_path(const quiz_question *q, char *buf, size_t bufsz);
/* The name a printed command gives the question's scenario: the shipped name, its file without
 * ".json" ("omap-stall"), which `rcuvis run` and `rcuvis shot` find from any directory (a path
 * such as scenarios/omap-stall.json only works inside the source tree). */
const char *quiz_scenario_name(const quiz_question *q, char *buf, size_t bufsz);
/* For a command to copy: the shipped name, or the path of a scenario that is not shipped. */
const char *quiz_scenario_arg(const quiz_question *q, char *buf, size_t bufsz);
/* Run the question's scenario with its overrides and seed and compute its measure.
 * 0 ok; -1 with a message (scenario missing, measure time past duration_s, bad report path). */
int quiz_measure_run(const quiz_question *q, quiz_value *out, char *err, size_t errlen);
/* Check that the question's moment exists: `at` within duration_s, or a first stall that really
 * appears. On success *at_s holds the moment in seconds. 0 ok, -1 with a message. */
int quiz_moment_resolve(const quiz_question *q, double *at_s, char *err, size_t errlen);

/* ---------------------------------------------------------------- checking (quiz_check.c) */

/* Recompute every predict question and resolve every moment of a loaded quiz; one message per
 * line in err ("FILE: $.lessons[1].questions[2].expected: question 2.3: stored 12, the engine
 * computes 13 ..."). Returns the number of problems. */
int quiz_check_model(const quiz_file *q, char *err, size_t errlen);
/* `rcuvis quiz --update-expected FILE`: recompute every expected value and rewrite the file in
 * canonical form, atomically, if anything changed; one line per change on out. 0 ok, 1 a measure
 * could not be computed (file untouched), 2 the file is invalid. */
int quiz_update_expected(const char *path, FILE *out, FILE *errout);

#endif
