/* cli.c — `rcuvis quiz`: options, choosing lessons, resets, --update-expected; the asking is in quiz_term.c. */
#include "commands.h"
#include "workbook/classroom.h"
#include "workbook/progress.h"
#include "workbook/quiz.h"
#include "workbook/score.h"
#include "workbook/term.h"
#include "util/safefile.h"
#include "scenario.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static void usage(FILE *out)
{
    /* 80 columns: each form of the command, then what it does */
    fprintf(out,
            "usage: rcuvis quiz [LESSON] [--file QUIZ.json]\n"
            "           work through the workbook (all lessons, or one)\n"
            "       rcuvis quiz LESSON --again\n"
            "           every question of the lesson, also those already done\n"
            "       rcuvis quiz --list\n"
            "           lessons and your score: first try, after retries, with help\n"
            "       rcuvis quiz [LESSON] --review\n"
            "           again the questions you did not get right at the first try, oldest\n"
            "           first\n"
            "       rcuvis quiz [LESSON] --teacher\n"
            "           teacher view: every answer (file order), feedback and explanation\n"
            "       rcuvis quiz --export FILE.csv\n"
            "           your answers, one row per question (for a teacher; - = stdout)\n"
            "       rcuvis quiz [LESSON] --merge DIR [--skip-bad]\n"
            "           teacher: a line per student, then per question, of the progress files\n"
            "           and CSVs in DIR and its sub-folders (one student's files make one\n"
            "           line); a file that cannot be read stops the merge, unless\n"
            "           --skip-bad: then it is named on stderr and the others are merged\n"
            "       rcuvis quiz --reset LESSON | --reset-all\n"
            "           forget answers\n"
            "       rcuvis quiz --update-expected QUIZ.json\n"
            "           recompute predict answers with the engine, rewrite the file\n"
            "--basis B[,B...] asks, shows (--teacher), lists (--list, --review) and counts\n"
            "(--merge) only the questions whose answer rests on B: article (the article's\n"
            "words or figures), thread (the OMAP mail thread), kernel (the 3.6/3.7 code,\n"
            "beyond the article) or model (this model's own figures); repeatable.\n"
            "LESSON is QUIZ/ID, a lesson id, or a piece of its title; a lesson left halfway\n"
            "carries on where you stopped. Answers: letters (a, \"a c\"), a number, or yes/no;\n"
            "h shows the hint, s shows the answer, q quits. Options are shuffled per student\n"
            "and attempt.\n"
            "Progress: $XDG_STATE_HOME/rcuvis/progress.json.\n");
}

/* Messages from the loaders are "FILE: ..." lines; on stderr every line says who speaks. */
static void print_prefixed(const char *msg)
{
    for (const char *p = msg; p && *p;) {
        const char *nl = strchr(p, '\n');
        int n = nl ? (int)(nl - p) : (int)strlen(p);
        fprintf(stderr, "rcuvis: %.*s\n", n, p);
        p += n + (nl != NULL);
    }
}

/* " --basis article,thread" when questions are chosen by basis, for the commands we suggest; "" otherwise */
static char basis_opt[64];

static void list_lessons(const quiz_set *set, progress *prog)
{
    for (size_t i = 0; i < set->n; i++) {
        const quiz_file *f = &set->files[i];
        printf("%s (%s)\n", f->title, f->id);
        for (size_t j = 0; j < f->nlessons; j++) {
            wb_score sc;
            char line[160];
            if (!f->lessons[j].nquestions) continue; /* --basis left none of it */
            wb_lesson_score(prog, f, &f->lessons[j], &sc);
            if (sc.n[WB_UNTOUCHED] == sc.total) { /* "0/7 done" read as a verdict on a lesson never opened */
                /* a student who read a hint and quit found the lesson "not started" */
                wb_score_format(&sc, line, sizeof line);
                printf("  %-4s %-46s %s\n", f->lessons[j].id, f->lessons[j].title, line);
                continue;
            }
            /* "0/7 done" after wrong answers says it all: no "none of 7 done" after it */
            if (wb_score_done(&sc)) wb_score_format(&sc, line, sizeof line);
            else line[0] = 0;
            char head[160];
            int hn = snprintf(head, sizeof head, "  %-4s %-46s %2zu/%-2zu done", f->lessons[j].id, f->lessons[j].title,
                              wb_score_done(&sc), sc.total);
            /* the score's words go under the lesson when they would run past 80 columns */
            if (!line[0]) printf("%s\n", head);
            else if (hn + 2 + (int)strlen(line) <= 80) printf("%s  %s\n", head, line);
            else printf("%s\n%7s%s\n", head, "", line);
        }
    }
    wb_due *due = NULL;
    size_t n = wb_review_queue(prog, set, NULL, &due);
    free(due);
    /* "without help": a right answer after reading the hint is "with help", and comes back too (a
     * student who hinted and then answered right read "not right at the first try" as a wrong count) */
    if (n) printf("%zu question%s not right at the first try without help (a hint is help):\n`rcuvis quiz --review%s` brings %s back.\n", n,
                  n == 1 ? "" : "s", basis_opt, n == 1 ? "it" : "them");
}

int cmd_quiz(int argc, char **argv)
{
    const char *lesson = NULL, *file = NULL, *reset = NULL, *update = NULL, *export_to = NULL, *merge = NULL;
    bool review = false, teacher = false, reset_all = false, list = false, again = false, skip_bad = false;
    unsigned basis = 0; /* QUIZ_BASIS_BIT of each basis asked for; 0 = every question */
    basis_opt[0] = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        /* an option's value is the next word unless that is another option (`--file --list` named
         * no file), as run and shot take theirs */
        bool has_next = i + 1 < argc && strncmp(argv[i + 1], "--", 2) != 0;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { usage(stdout); return 0; }
        else if (!strcmp(a, "--review")) review = true;
        else if (!strcmp(a, "--teacher")) teacher = true;
        else if (!strcmp(a, "--reset-all")) reset_all = true;
        else if (!strcmp(a, "--list")) list = true;
        else if (!strcmp(a, "--again")) again = true;
        else if (!strcmp(a, "--skip-bad")) skip_bad = true;
        else if (!strcmp(a, "--reset") && has_next) reset = argv[++i];
        else if (!strcmp(a, "--file") && has_next) file = argv[++i];
        else if (!strcmp(a, "--update-expected") && has_next) update = argv[++i];
        else if (!strcmp(a, "--export") && has_next) export_to = argv[++i];
        else if (!strcmp(a, "--merge") && has_next) merge = argv[++i];
        else if (!strcmp(a, "--basis") && has_next) {
            char berr[256];
            if (quiz_basis_parse(argv[++i], &basis, berr, sizeof berr) != 0) {
                fprintf(stderr, "rcuvis: quiz: --basis: %s\n", berr);
                return 2;
            }
        }
        else if (a[0] == '-') {
            static const char *const with_value[] = {"--reset", "--file", "--update-expected", "--export", "--merge", "--basis"};
            static const char *const what[] = {"a LESSON", "a QUIZ.json", "a QUIZ.json", "a FILE.csv (- for stdout)", "a DIR",
                                               "a basis (article, thread, kernel or model)"};
            for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++)
                if (!strcmp(a, with_value[k])) {
                    fprintf(stderr, "rcuvis: quiz: %s needs %s after it%s%s%s\n", a, what[k], i + 1 < argc ? ", not the option " : "",
                            i + 1 < argc ? argv[i + 1] : "", " (rcuvis quiz --help)");
                    return 2;
                }
            static const char *const opts[] = {"--help", "--review", "--teacher", "--reset-all", "--list", "--again", "--reset",
                                               "--file", "--update-expected", "--export", "--merge", "--basis", "--skip-bad"};
            char hint[96];
            fprintf(stderr, "rcuvis: quiz: unknown option '%s'%s (rcuvis quiz --help)\n", a,
                    rv_option_hint(a, opts, sizeof opts / sizeof *opts, hint, sizeof hint));
            return 2;
        }
        else if (!lesson) lesson = a;
        else { fprintf(stderr, "rcuvis: quiz: one LESSON at a time (got %s and %s)\n", lesson, a); return 2; }
    }
    if (basis && (update || export_to || reset || reset_all)) {
        /* a subset of the questions is for asking, showing, listing and counting; an export or a reset
         * of a part of the answers would be read as the whole */
        fprintf(stderr, "rcuvis: quiz: --basis chooses the questions asked, shown (--teacher), listed (--list) or counted (--merge); "
                        "it does not go with %s\n", update ? "--update-expected" : export_to ? "--export"
                                                       : reset ? "--reset" : "--reset-all");
        return 2;
    }
    if (merge && (update || export_to || teacher || reset || reset_all || again || review || list)) {
        /* each went unheeded: the merge came out, and no export was written or progress reset */
        fprintf(stderr, "rcuvis: quiz: --merge summarizes the files in a folder; it does not go with %s\n",
                update ? "--update-expected" : export_to ? "--export" : teacher ? "--teacher" : reset ? "--reset"
                : reset_all ? "--reset-all" : again ? "--again" : review ? "--review" : "--list");
        return 2;
    }
    if (skip_bad && !merge) {
        fprintf(stderr, "rcuvis: quiz: --skip-bad goes with --merge DIR (a class's files, some of which may be unreadable)\n");
        return 2;
    }
    if (update) return quiz_update_expected(update, stdout, stderr);
    if (export_to && strcmp(export_to, "-")) {
        /* checked before the quiz files and progress are read (and progress is given a student id):
         * a path that cannot take the export stops us with nothing changed */
        char perr[4400];
        if (sf_check(export_to, perr, sizeof perr) != 0 || wb_export_check(export_to, perr, sizeof perr) != 0) {
            fprintf(stderr, "rcuvis: quiz: --export: %s\n", perr);
            return 2;
        }
    }

    quiz_set set = {0};
    char err[16384] = "";
    if (file) {
        if (quiz_set_add_file(&set, file, err, sizeof err) != 0) { print_prefixed(err); quiz_set_free(&set); return 2; }
    } else {
        char dir[4096];
        rcuvis_data_path("quizzes", dir, sizeof dir);
        if (quiz_set_load_dir(&set, dir, err, sizeof err) != 0 || set.n == 0) {
            fprintf(stderr, "rcuvis: quiz: no quiz files in %s (looked in $RCUVIS_DATA/quizzes when set, else beside the binary's source tree, else in the install prefix; set RCUVIS_DATA to the folder holding quizzes/, or give --file FILE)\n", dir);
            print_prefixed(err);
            quiz_set_free(&set);
            return 2;
        }
        print_prefixed(err); /* a broken file does not hide the others */
    }

    int status = 0;
    const quiz_file *qf = NULL;
    const quiz_lesson *ql = NULL;
    if (lesson && quiz_set_find(&set, lesson, &qf, &ql, err, sizeof err) != 0) {
        fprintf(stderr, "rcuvis: quiz: %s\n", err);
        quiz_set_free(&set);
        return 2;
    }
    if (merge) { /* `rcuvis quiz 2 --merge DIR`: lesson 2 alone (the 2 was ignored, and 75 rows came out) */
        int mrc = wb_merge_dir_ex(&set, ql, basis, merge, skip_bad, stdout, stderr, err, sizeof err);
        if (mrc) print_prefixed(err);
        quiz_set_free(&set);
        return mrc;
    }
    if (basis) {
        /* a lecturer's subset (--basis article for homework on the article alone): the other questions
         * are dropped before anything is asked, shown, listed or queued for review; progress keeps them */
        char names[48], words[160] = "";
        quiz_basis_format(basis, names, sizeof names);
        snprintf(basis_opt, sizeof basis_opt, " --basis %s", names);
        static const struct { enum quiz_basis b; const char *words; } said[] = {
            {QB_ARTICLE, "the article"}, {QB_THREAD, "the mail thread"}, {QB_KERNEL, "the kernel's code"}, {QB_MODEL, "this model's figures"}};
        for (size_t k = 0, n = 0; k < sizeof said / sizeof *said; k++)
            if (basis & QUIZ_BASIS_BIT(said[k].b))
                n += (size_t)snprintf(words + n, sizeof words - n, "%s%s", n ? " or " : "", said[k].words);
        size_t lesson_total = ql ? ql->nquestions : 0, total, kept = quiz_set_keep_basis(&set, basis, &total);
        size_t in_lesson = ql ? ql->nquestions : kept;
        if (ql) printf("Only the questions that rest on %s (--basis %s): %zu of lesson %s's %zu.\n", words, names, in_lesson, ql->id, lesson_total);
        else printf("Only the questions that rest on %s (--basis %s): %zu of %zu.\n", words, names, kept, total);
        if (!in_lesson) {
            if (ql) printf("Lesson %s (%s) has none; `rcuvis quiz --list%s` shows the lessons that have some.\n", ql->id, ql->title, basis_opt);
            else printf("No question says it rests on %s.\n", names);
            quiz_set_free(&set);
            return 0;
        }
    }
    if (teacher) {
        for (size_t i = 0; i < set.n; i++)
            for (size_t j = 0; j < set.files[i].nlessons; j++)
                if ((!ql || ql == &set.files[i].lessons[j]) && set.files[i].lessons[j].nquestions)
                    quiz_term_teacher(stdout, quiz_term_width(), &set.files[i], &set.files[i].lessons[j]);
        quiz_set_free(&set);
        return 0;
    }

    progress prog;
    char ppath[4096], msg[8192];
    progress_default_path(ppath, sizeof ppath);
    int lrc = progress_load(&prog, ppath, msg, sizeof msg);
    if (lrc != 0) fprintf(stderr, "rcuvis: %s\n", msg);

    if (reset || reset_all) {
        const quiz_file *rf = NULL;
        const quiz_lesson *rl = NULL;
        char key[128] = "";
        if (reset && quiz_set_find(&set, reset, &rf, &rl, err, sizeof err) != 0) {
            fprintf(stderr, "rcuvis: quiz: %s\n", err);
            status = 2;
            goto out;
        }
        if (rl) {
            quiz_lesson_key(rf, rl, key, sizeof key);
            size_t n = progress_reset_lesson(&prog, key);
            printf("Forgot %zu answer%s of lesson %s (%s).\n", n, n == 1 ? "" : "s", key, rl->title);
        } else {
            progress_reset_all(&prog);
            printf("Forgot every answer.\n");
        }
        if (progress_save(&prog, err, sizeof err) != 0) { fprintf(stderr, "rcuvis: cannot save progress: %s\n", err); status = 1; }
        goto out;
    }
    if (list) { list_lessons(&set, &prog); goto out; }
    if (export_to) {
        /* the id goes into the export: keep it, so a later export names the same student */
        if (!prog.student[0] && prog.path[0]) {
            progress_student(&prog);
            if (progress_save(&prog, err, sizeof err) != 0) fprintf(stderr, "rcuvis: cannot save progress: %s\n", err);
        }
        if (wb_export_csv(&set, &prog, export_to, err, sizeof err) != 0) {
            fprintf(stderr, "rcuvis: quiz: %s\n", err);
            status = 2; /* a bad output path, as for shot -o and run --trace (README, Reliability) */
        } else if (strcmp(export_to, "-")) {
            /* a student compared first_answer with the letter typed and found another: the options were
             * shuffled for them, the file keeps the quiz file's own letters (as the teacher view shows them) */
            printf("Wrote your answers to %s (one row per question; first_answer in the quiz file's letters, as "
                   "--teacher lists the options, not the shuffled ones you saw); hand it to your teacher for "
                   "`rcuvis quiz --merge`.\n", export_to);
        }
        /* a student who answered a teacher's own set (--file) and exported without it handed in the
         * shipped workbook's rows, all unanswered, with a message of success */
        if (status == 0 && wb_answers_only_elsewhere(&set, &prog)) {
            if (file)
                fprintf(stderr, "rcuvis: quiz: warning: none of your answers is to %s; they are to another quiz (the shipped "
                                "workbook, or another file): export without --file, or with the file you answered\n", file);
            else
                fprintf(stderr, "rcuvis: quiz: warning: none of your answers is to the shipped workbook; they are to another "
                                "quiz file: export with --file FILE, the file your teacher gave you\n");
        }
        goto out;
    }

    /* a student who wrote a list of letters for the pipe had them graded against a reshuffled order
     * (the order changes when a question comes back), with no word that it could */
    if (!isatty(STDIN_FILENO))
        fprintf(stderr, "rcuvis: quiz: note: answers come from a pipe or file, but options are shuffled per student and "
                        "attempt: a letter means the option shown above it in this run\n");
    quiz_term t = {.in = stdin, .out = stdout, .width = quiz_term_width(), .prog = &prog};
    int rc = QT_CONTINUE;
    if (review) {
        rc = quiz_term_review(&t, &set, ql);
    } else if (ql) {
        /* a lesson left halfway carries on at its first unfinished question, as `rcuvis quiz` does: a
         * student who quit at 6.3 and types `rcuvis quiz 6` must not land on 6.1 again, reshuffled */
        size_t right, shown;
        quiz_term_lesson_stats(&prog, qf, ql, &right, &shown);
        bool resume = !again && right + shown > 0 && right + shown < ql->nquestions;
        if (resume)
            printf("Lesson %s: %zu of %zu done; carrying on with the rest (`rcuvis quiz %s --again%s` asks every question).\n",
                   ql->id, right + shown, ql->nquestions, lesson, basis_opt);
        rc = quiz_term_lesson(&t, qf, ql, resume);
    } else {
        /* no lesson named: carry on where the student stopped, the lesson they last answered in
         * (wb_last_lesson(), as the window's workbook does), then the unfinished lessons after it,
         * then those before it */
        bool asked = false;
        size_t nl = 0, start = 0, lf = 0, ll = 0;
        bool has_last = wb_last_lesson(&prog, &set, &lf, &ll);
        for (size_t i = 0; i < set.n; i++) {
            if (has_last && i < lf) start += set.files[i].nlessons; /* the lessons before the last one's */
            if (has_last && i == lf) start += ll;
            nl += set.files[i].nlessons;
        }
        for (size_t k = 0; k < nl && rc == QT_CONTINUE; k++) {
            size_t at = (start + k) % nl, i = 0;
            while (at >= set.files[i].nlessons) at -= set.files[i++].nlessons;
            size_t right, shown;
            const quiz_lesson *l = &set.files[i].lessons[at];
            quiz_term_lesson_stats(&prog, &set.files[i], l, &right, &shown);
            if (right + shown == l->nquestions) continue;
            asked = true;
            rc = quiz_term_lesson(&t, &set.files[i], l, true);
        }
        if (!asked) printf("Every question%s is answered. `rcuvis quiz LESSON%s` goes through a lesson again; "
                           "`rcuvis quiz --reset-all` starts over.\n", basis ? " of this choice" : "", basis_opt);
    }
    if (t.save_failed) {
        /* the answers were graded but not kept: a script (or a teacher) must see that */
        fprintf(stderr, "rcuvis: quiz: progress was NOT saved (see above)\n");
        status = 1;
    } else {
        if (rc == QT_QUIT) printf("Progress saved. `rcuvis quiz%s` continues where you stopped.\n", basis_opt);
        if (rc == QT_EOF) printf("(end of input) Progress saved.\n");
    }
out:
    progress_free(&prog);
    quiz_set_free(&set);
    return status;
}
