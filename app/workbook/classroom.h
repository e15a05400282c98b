/* classroom.h — a teacher's view of a class: one student's progress as CSV, and a summary of many students' files. */
#ifndef RCUVIS_QUIZ_CLASSROOM_H
#define RCUVIS_QUIZ_CLASSROOM_H

#include "workbook/progress.h"
#include "workbook/quiz.h"

#include <stdio.h>

/*
 * `rcuvis quiz --export FILE.csv` writes one row per question of the workbook (RFC 4180: CRLF line
 * ends, fields quoted when they hold a comma, quote or line break) with the columns of
 * WB_CSV_HEADER; answers are in the file's letters, like the teacher view. `rcuvis quiz --merge
 * DIR` reads every progress file (*.json) and export (*.csv) in DIR and its sub-folders and prints a
 * line per student, then, per question, how many students answered it, the share right at the
 * first try and the most common wrong first answer. Files with the same student id (a progress
 * file and an export, or a copy) make one line, each question taken from the file furthest along.
 */
#define WB_CSV_HEADER "student,lesson,question,attempts,first_try_right,outcome,hints_used,shown,time_spent_s,first_answer"

/* The CSV text for p over every question of set (malloc'd, NULL on OOM). */
char *wb_csv_text(const quiz_set *set, progress *p);
/* Write it to path ("-" = stdout) through util/safefile.h (never half-written; a symlink's target
 * is replaced, a pipe or device written through). 0, or -1 with a message. */
int wb_export_csv(const quiz_set *set, progress *p, const char *path, char *err, size_t errlen);
/* Whether path may take an export (util/ownfile.h's OF_ANSWERS): nothing there, an empty file, a
 * pipe or device, or an earlier export (its header's columns in any order or separation, as a
 * spreadsheet saves it again). A user's other file (a name typed by mistake) is -1, with what was
 * expected and found in err. */
int wb_export_check(const char *path, char *err, size_t errlen);
/* Read an export back: the rows become entries of p (p->student from the rows). 0, or -1 with
 * "FILE:LINE: ..." in err. */
int wb_csv_read(const char *path, progress *p, char *err, size_t errlen);
/* Summarize every *.json and *.csv under dir (merge_files.h) on out: a line per student, then per
 * question, over every lesson of set or only the lesson `only` (NULL: all), every question or (basis,
 * QUIZ_BASIS_BIT; 0 = all) those resting on a chosen basis. Warnings (entries
 * skipped, files combined, answers the quiz lacks, exports cut short) go to warn as "rcuvis: ..."
 * lines and leave the result 0. 2 when dir is not a readable folder, holds no such file, or a file
 * is invalid (every problem is reported in err, one per line, and nothing is printed on out). */
int wb_merge_dir(const quiz_set *set, const quiz_lesson *only, unsigned basis, const char *dir, FILE *out, FILE *warn, char *err, size_t errlen);
/* wb_merge_dir, but with skip_bad a file that cannot be read or is invalid does not stop the merge:
 * each is named on warn ("rcuvis: skipped FILE: why") and counted in the summary's first line, and the
 * others are merged (a teacher's thirty files, one of them cut short by a full USB stick). */
int wb_merge_dir_ex(const quiz_set *set, const quiz_lesson *only, unsigned basis, const char *dir, bool skip_bad, FILE *out,
                    FILE *warn, char *err, size_t errlen);
/* Whether p holds an answer outside set's lessons while none inside: an export of it is empty for set. */
bool wb_answers_only_elsewhere(const quiz_set *set, const progress *p);

#endif
