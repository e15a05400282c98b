/* merge_files.h — the files a class summary reads: found in a folder and its sub-folders, loaded, checked against the quiz. */
#ifndef RCUVIS_QUIZ_MERGE_FILES_H
#define RCUVIS_QUIZ_MERGE_FILES_H

#include "workbook/progress.h"
#include "workbook/quiz.h"

#include <stdbool.h>
#include <stdio.h>

/* Sub-folders are read this deep below the folder given (an LMS download has one folder per
 * student; deeper than this is more likely a copy of something else than a hand-in). */
#define MF_MAX_DEPTH 4

typedef struct mf_file {
    char name[1024];  /* relative to the folder: "alice.csv", "Bob Smith_12345_/progress.json" */
    char path[5200];  /* the folder and name, as messages name the file */
    bool csv;         /* an export (rows for every question of the quiz it was made with) */
    bool has_id;      /* the file names its student (progress files from before ids do not) */
    progress p;
} mf_file;

/* Load every *.json and *.csv (any case) under dir, sorted by name, folders in place. Each entry
 * not taken gets one "rcuvis: DIR/NAME: skipped: why" line on warn. A file that cannot be read adds
 * its message to err and counts in *bad. Returns how many loaded, -1 when dir is not a readable
 * folder (err says why). */
int mf_load(const char *dir, mf_file **out, size_t *n, FILE *warn, char *err, size_t errlen, int *bad);
void mf_free(mf_file *v, size_t n);
/* A record with an answer given or shown (a hint alone is not one). */
bool mf_answered(const progress_entry *e);
/* Warn on `warn` about f's answers to lessons or questions of set's quizzes that set lacks, and
 * about an export holding rows for only part of set's questions (cut short, or another version). */
void mf_check(const quiz_set *set, const mf_file *f, FILE *warn);
/* The lesson of set whose progress key is key, or NULL; *quiz_known tells whether key's quiz id
 * ("workbook" of "workbook/9") is one of set's. */
const quiz_lesson *mf_set_lesson(const quiz_set *set, const char *key, bool *quiz_known);

#endif
