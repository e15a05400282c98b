/* progress.h — the student's workbook progress: answers and attempts per question, per lesson, on disk. */
#ifndef RCUVIS_PROGRESS_H
#define RCUVIS_PROGRESS_H

/*
 * One file, $XDG_STATE_HOME/rcuvis/progress.json (default ~/.local/state/rcuvis/), shared by the
 * terminal workbook and the window. Every save replaces the file atomically (progress_file.h), so a
 * crash leaves the previous progress intact. A file that cannot be understood is never wiped: it is
 * renamed progress.json.corrupt-<unix time> and reported, and the student starts afresh.
 *
 * Lessons are keyed "<quiz id>/<lesson id>" and questions by their id inside the lesson.
 */

#include <stdbool.h>
#include <stddef.h>

typedef struct progress_entry {
    char lesson[96];     /* "article/1" */
    char qid[24];        /* "1.2" */
    int attempts;        /* answers given (wrong ones included) */
    bool correct;        /* answered correctly at least once */
    bool revealed;       /* the student asked to see the answer */
    bool hinted;         /* the student read the hint */
    char last[64];       /* the last answer as typed, normalized ("ac", "261", "yes") */
    long long updated;   /* unix time of the last change */
    /* scoring (score.h): what happened before the question was first answered right */
    char first[64];      /* the first answer given, normalized like `last` ("" = none yet) */
    bool first_ok;       /* that first answer was right, with no hint read and no answer shown before it */
    bool helped;         /* the hint was read before the right answer, or the answer was shown */
    long long first_at;  /* unix time of the first answer or of showing the answer (0 = not yet) */
    double seconds;      /* time spent on the question, summed over visits (each visit capped, see clock.h) */
    /* spaced review (`rcuvis quiz --review`): questions not right at the first try come back */
    long long review_at; /* unix time of the last review answer (0 = never reviewed) */
    bool review_ok;      /* that review was answered right at its first try, unhelped: out of the queue */
    bool dirty;          /* changed by this process since its last save (merged over the file's copy) */
} progress_entry;

typedef struct progress {
    progress_entry *e; size_t n, cap;
    /* a random id made on first use and kept in the file: it seeds the order of each question's
     * options (quiz_order_make), so two students, or one student on two attempts, see different
     * orders; the file on disk wins when another process made one first */
    char student[40];
    char path[4096];
    /* resets since the last save, replayed on the file's copy so another process's answers to
     * other lessons survive and this process's reset is not undone by stale entries */
    bool reset_all;
    char (*resets)[96]; size_t nresets;
    /* set by progress_save when something happened the student must hear about (the file was
     * corrupted by someone else and set aside; everything in memory was written back). The
     * caller shows it and clears it. */
    char note[4600];
} progress;

/* $XDG_STATE_HOME/rcuvis/progress.json, or $HOME/.local/state/rcuvis/progress.json. */
const char *progress_default_path(char *buf, size_t bufsz);

/* Load path into p (a missing file is empty progress). Temp files of killed saves are removed
 * first. 0 ok; 1 the file was corrupt and has been set aside (msg says where; p is empty); -1 it
 * cannot be used at all (unreadable, a directory, written by a newer rcuvis, read-only: msg
 * explains, the file is left alone and saving is refused; a read-only file's answers are loaded). */
int progress_load(progress *p, const char *path, char *msg, size_t msglen);
/* Write p to p->path atomically, creating the directory. Under an exclusive flock on
 * PATH.lock, the file is re-read and this process's changes (answers given, lessons reset) are
 * applied to it, so the window and terminal sessions working at the same time never erase each
 * other's answers; afterwards p holds the merged progress. If the file turned out corrupt, it is
 * set aside, everything p holds is written and p->note says so. 0, or -1 with a message. */
int progress_save(progress *p, char *err, size_t errlen);
void progress_free(progress *p);

/* The entry of one question, or NULL. With create (use it to change the entry), the entry is
 * marked changed, and made zeroed if new (NULL only on OOM). */
progress_entry *progress_get(progress *p, const char *lesson, const char *qid, bool create);
/* Record one answer: attempts++, last = answer, correct |= ok; the first answer also sets first,
 * first_at and first_ok (right with no hint or shown answer before it); a right answer after the
 * hint sets helped. */
void progress_record(progress *p, const char *lesson, const char *qid, const char *answer, bool ok, long long now);
/* The student id, made (random, 16 hex digits) if p has none yet; it is saved with the next save. */
const char *progress_student(progress *p);
/* Read a progress file without changing anything on disk (a teacher's collected copies): 0, or -1
 * with a message naming the file and what is wrong, or -2 (message too) for a JSON that is not a
 * progress file at all (a scenario or the quiz itself in the folder). */
int progress_read_only(progress *p, const char *path, char *msg, size_t msglen);
/* Forget one lesson's answers (returns how many entries went) or all of them. */
size_t progress_reset_lesson(progress *p, const char *lesson);
void progress_reset_all(progress *p);

#endif
