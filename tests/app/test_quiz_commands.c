/* test_quiz_commands.c — every command the workbook prints (terminal quiz, teacher view, window) names a shipped scenario by its name, never by a path. */
#include "quiz_positions.h"
#include "panels/workbook.h"
#include "paths.h"
#include "workbook/quiz.h"
#include "workbook/term.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rmtree.h"

/*
 * A lecturer's students copied question 5.2's `rcuvis run scenarios/omap-stall.json ...` into a
 * terminal in their own directory, where no scenarios/ exists, and it failed. `rcuvis run NAME` and
 * `rcuvis shot NAME` find a shipped scenario from anywhere. So every command a student can read,
 * whether the quiz file's text holds it or the code builds it ("Try it:", "That moment as a
 * picture:"), is collected here from what is really printed or drawn, for every question, and each
 * `run` or `shot` must name its scenario by a shipped name.
 */

static const char *root(void)
{
    const char *r = getenv("RCUVIS_ROOT");
    return r && *r ? r : ".";
}

/* A growing text of everything printed or drawn. */
typedef struct text { char *s; size_t len, cap; } text;
static void add(text *t, const char *s, size_t n)
{
    if (t->len + n + 2 > t->cap) {
        t->cap = (t->len + n + 2) * 2;
        t->s = realloc(t->s, t->cap);
        cr_assert_not_null(t->s);
    }
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = 0;
}

typedef struct found { int commands, named; } found;

/* One command ("rcuvis run omap-stall --set ..."): a `run` or `shot` names its scenario right after
 * the subcommand, by a shipped name (no directory, no .json, scenarios/NAME.json exists) or not at
 * all (`rcuvis run --json` runs the default). */
static void check_command(const char *cmd, size_t n, const char *where, found *fd)
{
    char c[1024];
    snprintf(c, sizeof c, "%.*s", (int)(n < sizeof c ? n : sizeof c - 1), cmd);
    fd->commands++;
    cr_expect(!strstr(c, "scenarios/"), "%s: a command names a path in the source tree: %s", where, c);
    char prog[64] = "", sub[32] = "", arg[256] = "";
    sscanf(c, "%63s %31s %255s", prog, sub, arg);
    if ((strcmp(sub, "run") && strcmp(sub, "shot")) || !arg[0] || arg[0] == '-') return;
    fd->named++;
    size_t al = strlen(arg);
    cr_expect(!strchr(arg, '/') && !(al > 5 && !strcmp(arg + al - 5, ".json")),
              "%s: `%s` names its scenario as %s, not by its shipped name", where, c, arg);
    char path[4096];
    snprintf(path, sizeof path, "%s/scenarios/%s.json", root(), arg);
    cr_expect_eq(access(path, R_OK), 0, "%s: `%s`: no shipped scenario %s", where, c, arg);
}

/* The commands in a printed or drawn text: the pieces between backquotes that start with rcuvis, and
 * the lines the terminal builds itself ("Try it: CMD", "That moment as a picture: CMD"). */
static void scan(const char *s, const char *where, found *fd)
{
    for (const char *open = strchr(s, '`'); open;) {
        const char *close = strchr(open + 1, '`');
        if (!close) break;
        const char *c = open + 1;
        if (!strncmp(c, "rcuvis ", 7) || !strncmp(c, "build/rcuvis ", 13)) check_command(c, (size_t)(close - c), where, fd);
        open = strchr(close + 1, '`');
    }
    static const char *const leads[] = {"Try it: ", "That moment as a picture: "};
    for (size_t k = 0; k < 2; k++)
        for (const char *p = strstr(s, leads[k]); p; p = strstr(p + 1, leads[k])) {
            const char *c = p + strlen(leads[k]), *nl = strchr(c, '\n');
            check_command(c, nl ? (size_t)(nl - c) : strlen(c), where, fd);
        }
    /* and no path at all, whatever the form: prose around a command counts too */
    const char *sp = strstr(s, "scenarios/");
    cr_expect_null(sp, "%s: prints a scenarios/ path: ...%.80s", where, sp ? (sp > s + 40 ? sp - 40 : s) : "");
}

static quiz_set load_shipped(void)
{
    quiz_set set = {0};
    char dir[4096], err[8192] = "";
    snprintf(dir, sizeof dir, "%s/quizzes", root());
    cr_assert_eq(quiz_set_load_dir(&set, dir, err, sizeof err), 0, "%s", err);
    cr_assert_gt(set.n, 0);
    cr_assert_eq(err[0], 0, "%s", err);
    return set;
}

/* The terminal: the teacher view of every lesson, a student's session that asks for every answer
 * (s: the explanation and its "Try it:"), and the feedback a prediction's grading prints. Lines are
 * not wrapped (a width no line reaches), so a command is one line. */
Test(quiz_commands, the_terminal_and_the_teacher_view_name_shipped_scenarios)
{
    rcuvis_set_invoked_as("rcuvis");
    quiz_set set = load_shipped();
    found fd = {0};
    size_t questions = 0;
    for (size_t i = 0; i < set.n; i++)
        for (size_t j = 0; j < set.files[i].nlessons; j++) {
            const quiz_file *f = &set.files[i];
            const quiz_lesson *l = &f->lessons[j];
            char *out = NULL, where[128];
            size_t outlen = 0;
            FILE *o = open_memstream(&out, &outlen);
            cr_assert_not_null(o);
            quiz_term_teacher(o, 100000, f, l);
            fclose(o);
            snprintf(where, sizeof where, "rcuvis quiz %s --teacher", l->id);
            scan(out, where, &fd);
            free(out);

            text input = {0};
            for (size_t q = 0; q < l->nquestions; q++) add(&input, "s\n", 2);
            out = NULL;
            o = open_memstream(&out, &outlen);
            FILE *in = fmemopen(input.s, input.len, "r");
            cr_assert(o && in);
            quiz_term t = {.in = in, .out = o, .width = 100000, .prog = NULL};
            cr_expect_eq(quiz_term_lesson(&t, f, l, false), QT_CONTINUE);
            fclose(in);
            fclose(o);
            snprintf(where, sizeof where, "rcuvis quiz %s", l->id);
            scan(out, where, &fd);
            free(out);
            free(input.s);

            for (size_t q = 0; q < l->nquestions; q++, questions++) {
                const quiz_question *qq = &l->questions[q];
                if (qq->kind != QUIZ_PREDICT) continue;
                char v[64];
                quiz_value_format(&qq->expected, v, sizeof v);
                const char *wrong = qq->expected.is_bool ? (qq->expected.b ? "no" : "yes") : "123456789";
                quiz_result r;
                snprintf(where, sizeof where, "question %s's feedback", qq->id);
                quiz_grade(qq, v, &r);
                scan(r.message, where, &fd);
                quiz_grade(qq, wrong, &r);
                scan(r.message, where, &fd);
            }
        }
    cr_expect_gt(questions, 60, "every question of the shipped workbook was asked");
    cr_expect_gt(fd.commands, 40, "commands found: %d (the scan must see the Try it lines)", fd.commands);
    cr_expect_gt(fd.named, 30, "commands naming a scenario: %d", fd.named);
    quiz_set_free(&set);
}

static void keep_text(void *ctx, const char *s, const char *end, int x, int y, int w, int h)
{
    (void)x; (void)y; (void)w; (void)h;
    add(ctx, s, end ? (size_t)(end - s) : strlen(s));
    add(ctx, " ", 1); /* the window wraps at spaces: a space puts a wrapped command back together */
}

/* The window's column shows the quiz file's text: in teacher view every option with its feedback,
 * the hint and the explanation; a prediction's feedback after a right and a wrong answer. */
Test(quiz_commands, the_window_column_names_shipped_scenarios)
{
    char dir[] = "/tmp/rcuvis-test-commands-XXXXXX", qdir[4096], pp[256], err[4096];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(qdir, sizeof qdir, "%s/quizzes", root());
    snprintf(pp, sizeof pp, "%s/progress.json", dir);
    workbook_panel *wb = workbook_panel_new(qdir, pp, err, sizeof err);
    cr_assert_not_null(wb, "%s", err);
    const int W = 520, H = 7000; /* tall enough that nothing of a question is scrolled away */
    rd_ctx *rd = rd_new_offscreen(W, H, 1.0f, err, sizeof err);
    cr_assert_not_null(rd, "%s", err);
    quiz_session *s = workbook_panel_session(wb);
    quiz_session_set_review(s, true);
    quiz_session_goto(s, 0, 0, 0);
    found fd = {0};
    int questions = 0;
    do {
        const quiz_question *q = quiz_session_question(s);
        for (int pass = 0; pass < (q->kind == QUIZ_PREDICT ? 3 : 1); pass++) {
            if (pass) { /* a right, then a wrong prediction: its feedback */
                char v[64];
                quiz_value_format(&q->expected, v, sizeof v);
                s->input[0] = 0;
                quiz_session_type(s, pass == 1 ? v : q->expected.is_bool ? (q->expected.b ? "no" : "yes") : "123456789");
                quiz_session_submit(s);
            }
            text drawn = {0};
            add(&drawn, "", 0);
            rd_set_text_observer(rd, keep_text, &drawn);
            ui_frame fr = {.rd = rd, .th = ui_theme_get(UI_THEME_LIGHT)};
            rd_begin(rd, fr.th->bg);
            workbook_panel_draw(wb, &fr, (rd_rect){0, 0, W, H});
            rd_end(rd);
            rd_set_text_observer(rd, NULL, NULL);
            ui_frame_free(&fr);
            char where[96];
            snprintf(where, sizeof where, "the window's question %s", q->id);
            cr_expect(strstr(drawn.s, q->explanation ? "The answer:" : ""), "%s: the explanation is drawn", where);
            scan(drawn.s, where, &fd);
            free(drawn.s);
        }
        questions++;
    } while (quiz_session_step(s, +1));
    cr_expect_gt(questions, 60);
    cr_expect_gt(fd.commands, 10, "commands found in the column: %d", fd.commands);
    workbook_panel_free(wb);
    rd_free(rd);
    if (rmtree(dir) != 0) fprintf(stderr, "could not remove %s\n", dir);
}

/* `rcuvis check` names such a command in a quiz file, with where it is and what to write instead. */
Test(quiz_commands, check_names_a_command_with_a_scenarios_path)
{
    static const char json[] =
        "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"intro\": \"Run `rcuvis run small-busy`.\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Which?\", \"explanation\": \"See `rcuvis run scenarios/small-busy.json --json`.\","
        " \"answers\": [{\"text\": \"A\", \"correct\": true, \"feedback\": \"Yes; `rcuvis shot scenarios/omap-stall.json --at 1 -o x.png` shows it.\"},"
        " {\"text\": \"B\", \"feedback\": \"No.\"}]}]}]}";
    quiz_file f;
    char err[4096];
    cr_assert_eq(quiz_parse(json, "t.json", &f, false, err, sizeof err), 0, "%s", err);
    err[0] = 0;
    cr_expect_eq(quiz_check_model(&f, err, sizeof err), 2, "%s", err);
    strip_positions(err, "t.json"); /* what it says; where is test_quiz's */
    cr_expect(strstr(err, "t.json: $.lessons[0].questions[0].explanation: question 1.1: the command `rcuvis run "
                          "scenarios/small-busy.json --json` names scenarios/small-busy.json"), "%s", err);
    cr_expect(strstr(err, "write the shipped name small-busy"), "%s", err);
    cr_expect(strstr(err, "$.lessons[0].questions[0].answers[0].feedback: question 1.1:") && strstr(err, "shipped name omap-stall"), "%s", err);
    quiz_free(&f);
}

/* A predict question that accepts a near answer says how near in its text: `check` names one that does
 * not (question 1.5 said nothing of its 30, and a student bisected 200, 100, 150). */
Test(quiz_commands, check_names_a_tolerance_the_question_does_not_state)
{
    static const char json[] =
        "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": ["
        "{\"id\": \"1.1\", \"kind\": \"predict\", \"question\": \"How many grace periods in the first second?\","
        " \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 0, \"to_s\": 1},"
        " \"expected\": 100, \"tolerance\": 30, \"explanation\": \"E.\", \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=1\"]}},"
        "{\"id\": \"1.2\", \"kind\": \"predict\", \"question\": \"And in the next? Within 20%.\","
        " \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 0, \"to_s\": 1},"
        " \"expected\": 100, \"tolerance_pct\": 20, \"explanation\": \"E.\", \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=1\"]}},"
        "{\"id\": \"1.3\", \"kind\": \"predict\", \"question\": \"How many end within the first second?\","
        " \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 0, \"to_s\": 1},"
        " \"expected\": 100, \"tolerance\": 30, \"explanation\": \"E.\", \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=1\"]}}]}]}";
    quiz_file f;
    char err[8192];
    cr_assert_eq(quiz_parse(json, "t.json", &f, false, err, sizeof err), 0, "%s", err);
    err[0] = 0;
    quiz_check_model(&f, err, sizeof err);
    strip_positions(err, "t.json");
    cr_expect(strstr(err, "t.json: $.lessons[0].questions[0].question: question 1.1: answers within 30 of the model's value count as "
                          "right, but the question does not say so"), "%s", err);
    cr_expect(strstr(err, "end it with \"Within 30.\""), "%s", err);
    cr_expect_null(strstr(err, "question 1.2: answers within"), "1.2 states its 20%%: %s", err);
    cr_expect(strstr(err, "question 1.3: answers within 30 of the model's value"), "a \"within\" with no amount: %s", err);
    quiz_free(&f);
}
