/* test_quiz.c — shipped quiz files load and agree with the engine; malformed files give exact messages; grading. */
#include "quiz_positions.h"
#include "commands.h"
#include "workbook/quiz.h"
#include "workbook/json.h"

#include <criterion/criterion.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "rmtree.h"

/* Scenario paths resolve through $RCUVIS_DATA; point it at the source tree. */
static const char *root(void)
{
    const char *r = getenv("RCUVIS_ROOT");
    return r && *r ? r : ".";
}
static void use_tree(void) { setenv("RCUVIS_DATA", root(), 1); }

TestSuite(quiz, .init = use_tree);

Test(quiz, every_shipped_quiz_file_loads_and_checks)
{
    char dir[4096], err[16384] = "";
    snprintf(dir, sizeof dir, "%s/quizzes", root());
    quiz_set set = {0};
    cr_assert_eq(quiz_set_load_dir(&set, dir, err, sizeof err), 0, "the quizzes directory can be read: %s", err);
    cr_assert_str_empty(err, "every shipped quiz file is valid, but: %s", err);
    cr_assert_geq(set.n, 1, "at least one quiz file is shipped");
    size_t questions = 0;
    for (size_t i = 0; i < set.n; i++) {
        for (size_t l = 0; l < set.files[i].nlessons; l++) questions += set.files[i].lessons[l].nquestions;
        char msg[16384] = "";
        cr_expect_eq(quiz_check_file(set.files[i].path, msg, sizeof msg), 0, "rcuvis check passes on %s:\n%s", set.files[i].path, msg);
    }
    cr_expect_geq(questions, 18, "the workbook has the article's 3 quizzes plus at least 15 more (has %zu)", questions);
    quiz_set_free(&set);
}

Test(quiz, every_predict_answer_matches_the_engine)
{
    char dir[4096], err[16384] = "";
    snprintf(dir, sizeof dir, "%s/quizzes", root());
    quiz_set set = {0};
    cr_assert_eq(quiz_set_load_dir(&set, dir, err, sizeof err), 0);
    int predicts = 0;
    for (size_t i = 0; i < set.n; i++)
        for (size_t l = 0; l < set.files[i].nlessons; l++)
            for (size_t k = 0; k < set.files[i].lessons[l].nquestions; k++) {
                const quiz_question *q = &set.files[i].lessons[l].questions[k];
                if (q->kind != QUIZ_PREDICT) continue;
                predicts++;
                quiz_value v;
                char msg[1024] = "";
                cr_assert_eq(quiz_measure_run(q, &v, msg, sizeof msg), 0, "question %s can be computed: %s", q->id, msg);
                char sv[64], cv[64];
                quiz_value_format(&q->expected, sv, sizeof sv);
                quiz_value_format(&v, cv, sizeof cv);
                cr_expect(quiz_value_equal(&v, &q->expected), "question %s of %s: stored %s, the engine computes %s", q->id,
                          set.files[i].path, sv, cv);
                /* the student typing the engine's own answer must be told it is right */
                quiz_result r;
                quiz_grade(q, cv, &r);
                cr_expect_eq(r.status, 1, "question %s accepts the engine's answer %s", q->id, cv);
            }
    cr_expect_geq(predicts, 4, "several predict questions are shipped (found %d)", predicts);
    quiz_set_free(&set);
}

/* ---------------------------------------------------------------- exact messages */

static void expect_error(const char *json, const char *message)
{
    quiz_file q;
    char err[8192] = "";
    int rc = quiz_parse(json, "t.json", &q, false, err, sizeof err);
    cr_assert_eq(rc, -1, "the file is rejected (rc %d) for: %s", rc, message);
    if (strstr(message, "t.json: ")) strip_positions(err, "t.json"); /* what each says; where is test_quiz_messages' */
    cr_expect(strstr(err, message) != NULL, "the messages\n%s\ncontain\n%s", err, message);
}

#define HEAD "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": ["
#define TAIL "]}]}"
#define Q(extra) "{\"id\": \"1.1\", \"question\": \"Q?\", \"explanation\": \"E.\", " extra "}"

/* The article's ~30 us per grace period is rcu_sched's CPU time divided by grace periods, a ratio of
 * seconds: "scale" lets a question ask it in microseconds. It multiplies the report number (or ratio)
 * before rounding, and only a report measure reads it. */
Test(quiz, a_report_measure_scales_its_number_before_rounding)
{
#define SCALED(extra) "{\"id\": \"t\", \"title\": \"T\", \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": [" \
    "{\"id\": \"1.1\", \"kind\": \"predict\", \"question\": \"Q\", \"explanation\": \"E\", " \
    "\"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=0.5\"]}, \"expected\": 0, " \
    "\"measure\": {\"measure\": \"report\", \"path\": \"threads.rcu_sched.cpu_seconds / flavors.rcu_sched.grace_periods\"" extra "}}]}]}"
    quiz_file plain, scaled;
    char err[4096] = "";
    cr_assert_eq(quiz_parse(SCALED(""), "t.json", &plain, false, err, sizeof err), 0, "%s", err);
    cr_assert_eq(quiz_parse(SCALED(", \"scale\": 1000000, \"round\": 1"), "t.json", &scaled, false, err, sizeof err), 0, "%s", err);
    quiz_value s_per_gp, us_per_gp;
    char msg[1024] = "";
    cr_assert_eq(quiz_measure_run(&plain.lessons[0].questions[0], &s_per_gp, msg, sizeof msg), 0, "%s", msg);
    cr_assert_eq(quiz_measure_run(&scaled.lessons[0].questions[0], &us_per_gp, msg, sizeof msg), 0, "%s", msg);
    cr_expect_gt(s_per_gp.num, 0);
    cr_expect_lt(s_per_gp.num, 0.001, "seconds per grace period: %g", s_per_gp.num);
    cr_expect_eq(us_per_gp.num, round(s_per_gp.num * 1e6 * 10) / 10, "microseconds, rounded to 0.1 after scaling: %g vs %g s",
                 us_per_gp.num, s_per_gp.num);
    quiz_free(&plain);
    quiz_free(&scaled);
    expect_error(SCALED(", \"scale\": 0"),
                 "t.json: $.lessons[0].questions[0].measure.scale: expected a number > 0 (1e6 turns seconds into microseconds), got 0");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 1, "
                        "\"to_s\": 2, \"scale\": 2}, \"expected\": 1, \"scenario\": {\"file\": \"s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].measure.scale: not used by measure grace_periods (it reads: flavor, from_s, to_s, round)");
#undef SCALED
}

#define TWO "\"answers\": [{\"text\": \"a\", \"correct\": true, \"feedback\": \"f\"}, {\"text\": \"b\", \"feedback\": \"g\"}]"

Test(quiz_errors, syntax_error_names_line_and_column)
{
    expect_error("{\"lessons\": [\n  {\"id\": \"1\",, }\n]}", "t.json:2:14: syntax error: expected a key in double quotes, found ','");
    expect_error("{\"lessons\": [", "t.json:1:14: syntax error: expected a value, found end of file");
}

Test(quiz_errors, unknown_key_suggests_the_right_one)
{
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO ", \"hnt\": \"h\"") TAIL,
                 "t.json: $.lessons[0].questions[0].hnt: unknown key; did you mean \"hint\"?");
    expect_error("{\"id\": \"t\", \"title\": \"T\", \"lesons\": 1, \"lessons\": []}", "t.json: $.lesons: unknown key; did you mean \"lessons\"?");
    /* the scenario loader's rule (rv_suggest()): a swap of neighbours is one slip, case is ignored,
     * and a shortened key is meant */
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO ", \"hnit\": \"h\"") TAIL,
                 "t.json: $.lessons[0].questions[0].hnit: unknown key; did you mean \"hint\"?");
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO ", \"EXPLANATION\": \"h\"") TAIL,
                 "t.json: $.lessons[0].questions[0].EXPLANATION: unknown key; did you mean \"explanation\"?");
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO ", \"expl\": \"h\"") TAIL,
                 "t.json: $.lessons[0].questions[0].expl: unknown key; did you mean \"explanation\"?");
}

Test(quiz_errors, wrong_types_name_path_expected_and_got)
{
    expect_error(HEAD Q("\"kind\": \"choice\", \"answers\": {\"a\": 1}") TAIL,
                 "t.json: $.lessons[0].questions[0].answers: expected an array of 2 to 7 answers (letters a to g), got an object");
    expect_error(HEAD Q("\"kind\": \"chioce\", " TWO) TAIL,
                 "t.json: $.lessons[0].questions[0].kind: expected one of choice, multi, numeric, predict, got a string \"chioce\"; did you mean \"choice\"?");
    expect_error("{\"id\": \"t\", \"title\": \"T\", \"lessons\": []}", "t.json: $.lessons: expected a non-empty array of lessons, got an empty array");
    expect_error(HEAD "{\"id\": \"1.1\", \"kind\": \"choice\", \"question\": \"Q?\", " TWO "}" TAIL,
                 "t.json: $.lessons[0].questions[0].explanation: expected a non-empty string, got nothing (required)");
}

/* An author left the right answer's feedback out and met a bare "(required)": it now says that every
 * answer needs one, the right one too, and what it is for (the old message had neither). */
Test(quiz_errors, answer_feedback_says_it_is_required_on_every_answer)
{
    expect_error(HEAD Q("\"kind\": \"choice\", \"answers\": [{\"text\": \"a\", \"correct\": true}, {\"text\": \"b\", \"feedback\": \"g\"}]") TAIL,
                 "t.json: $.lessons[0].questions[0].answers[0].feedback: expected a non-empty string, got nothing (required on every "
                 "answer, the right one too: a student who picks it is told it after \"Correct.\", e.g. why it is right in a sentence)");
    expect_error(HEAD Q("\"kind\": \"choice\", \"answers\": [{\"text\": \"a\", \"correct\": true, \"feedback\": \"f\"}, {\"text\": \"b\"}]") TAIL,
                 "t.json: $.lessons[0].questions[0].answers[1].feedback: expected a non-empty string, got nothing (required on every "
                 "answer: a student who picks this wrong one is told it, e.g. what it overlooks)");
    expect_error(HEAD Q("\"kind\": \"numeric\", \"answers\": [{\"range\": [1, 2], \"correct\": true}]") TAIL,
                 "t.json: $.lessons[0].questions[0].answers[0].feedback: expected a non-empty string, got nothing (required on every "
                 "answer, the right one too");
    /* present but empty keeps the plain words: the key is there, its value is wrong */
    expect_error(HEAD Q("\"kind\": \"choice\", \"answers\": [{\"text\": \"a\", \"correct\": true, \"feedback\": \"\"}, {\"text\": \"b\", \"feedback\": \"g\"}]") TAIL,
                 "t.json: $.lessons[0].questions[0].answers[0].feedback: expected a non-empty string, got a string \"\"");
}

Test(quiz_errors, choice_needs_exactly_one_correct_answer)
{
    expect_error(HEAD Q("\"kind\": \"choice\", \"answers\": [{\"text\": \"a\", \"feedback\": \"f\"}, {\"text\": \"b\", \"feedback\": \"g\"}]") TAIL,
                 "t.json: $.lessons[0].questions[0].answers: expected exactly one answer with \"correct\": true for kind choice, got 0 (use kind multi for several)");
}

Test(quiz_errors, predict_needs_measure_expected_and_scenario)
{
    expect_error(HEAD Q("\"kind\": \"predict\"") TAIL,
                 "t.json: $.lessons[0].questions[0].measure: expected a measure object, got nothing (required for kind predict)");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"stall_appears\", \"by_s\": 5}, \"expected\": 1, \"scenario\": {\"file\": \"s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].expected: expected true or false for measure stall_appears, got 1");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 1, \"to_s\": 2}, \"scenario\": {\"file\": \"s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].expected: expected the engine's answer (a number), got nothing (run `rcuvis quiz --update-expected FILE`)");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 3, \"to_s\": 2, \"at_s\": 1}, \"expected\": 2, \"scenario\": {\"file\": \"s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].measure.at_s: not used by measure grace_periods (it reads: flavor, from_s, to_s, round)");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 3, \"to_s\": 2}, \"expected\": 2, \"scenario\": {\"file\": \"s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].measure.to_s: expected a number > from_s (3), got 2");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"holdout\", \"at_s\": 1}, \"expected\": 2, \"scenario\": {\"file\": \"s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].measure.measure: expected one of grace_periods, stall_appears, holdout_cpu, report, got a string \"holdout\"");
    expect_error(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"report\", \"path\": \"tree.nodes\"}, \"expected\": 2, \"scenario\": {\"file\": \"../s.json\"}") TAIL,
                 "t.json: $.lessons[0].questions[0].scenario.file: expected a .json file name, looked for beside the quiz (../scenarios/, scenarios/, its folder) or among the shipped scenarios (no '/' prefix, no ..), got a string \"../s.json\"");
}

Test(quiz_errors, ids_must_be_unique)
{
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO) ", " Q("\"kind\": \"choice\", " TWO) TAIL,
                 "t.json: $.lessons[0].questions[1].id: expected a unique question id, got \"1.1\" again (first at $.lessons[0].questions[0])");
}

Test(quiz_errors, at_needs_a_scenario_and_a_valid_moment)
{
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO ", \"at\": \"first_stal\"") TAIL,
                 "t.json: $.lessons[0].questions[0].at: expected seconds >= 0 or \"first_stall\", got a string \"first_stal\"");
    expect_error(HEAD Q("\"kind\": \"choice\", " TWO ", \"at\": 3") TAIL, "t.json: $.lessons[0].questions[0].at: a moment needs a \"scenario\" to happen in");
}

/* An author writing a new predict question met "after a deliberate model change run ...": the command
 * is the way to store the engine's value for a new question too, and the message now says so. */
Test(quiz_errors, model_disagreement_names_question_stored_and_computed)
{
    use_tree();
    const char *text = HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"report\", \"path\": \"tree.nodes\", \"at_s\": 0}, "
                              "\"expected\": 7, \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"cpus=64\", \"rcu.nr_cpus_compiled=64\", \"duration_s=0.001\"]}") TAIL;
    quiz_file q;
    char err[4096] = "";
    cr_assert_eq(quiz_parse(text, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    cr_expect_eq(quiz_check_model(&q, err, sizeof err), 1);
    /* at the "expected" key of the text it was parsed from (one line here: its column) */
    char want[512];
    snprintf(want, sizeof want, "t.json:1:%d: $.lessons[0].questions[0].expected: question 1.1: stored 7, the engine computes 5 (for a new "
             "question, or after a deliberate model change, run `rcuvis quiz --update-expected t.json`)\n", (int)(strstr(text, "\"expected\"") - text) + 1);
    cr_expect_str_eq(err, want);
    quiz_free(&q);
}

/* Options are shuffled per student, so "Both of the above." points at whatever lands above it: it was
 * accepted although README forbade it. Now the loader refuses it at the option's text (exit 2 in
 * `rcuvis check`), and options that merely use such words inside a name of their own still load. */
Test(quiz_errors, an_option_that_refers_to_other_options_is_refused)
{
#define OPTS(b) "\"answers\": [{\"text\": \"a\", \"correct\": true, \"feedback\": \"f\"}, {\"text\": \"" b "\", \"feedback\": \"g\"}]"
    const char *bad[] = {"Both of the above.", "None of these", "All of the above", "Option b, but later", "a and c", "(b) with a delay"};
    const char *cites[] = {"of the above", "none of these", "of the above", "option b", "a letter naming an option", "a letter in parentheses"};
    char json[1024], want[512];
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(json, sizeof json, HEAD Q("\"kind\": \"choice\", \"answers\": [{\"text\": \"a\", \"correct\": true, \"feedback\": \"f\"}, "
                                           "{\"text\": \"%s\", \"feedback\": \"g\"}]") TAIL, bad[i]);
        snprintf(want, sizeof want, "t.json: $.lessons[0].questions[0].answers[1].text: expected an option that stands on its own, "
                 "got one that refers to other options (\"%s\")", cites[i]);
        expect_error(json, want);
    }
    const char *fine[] = {"The CPU above it in the tree", "Optional: a timer", "Rcu_bh and rcu_sched", "A jiffy (about 4 ms)"};
    for (size_t i = 0; i < sizeof fine / sizeof *fine; i++) {
        snprintf(json, sizeof json, HEAD Q("\"kind\": \"choice\", \"answers\": [{\"text\": \"a\", \"correct\": true, \"feedback\": \"f\"}, "
                                           "{\"text\": \"%s\", \"feedback\": \"g\"}]") TAIL, fine[i]);
        quiz_file q;
        char err[4096] = "";
        cr_expect_eq(quiz_parse(json, "t.json", &q, false, err, sizeof err), 0, "\"%s\" stands on its own: %s", fine[i], err);
        quiz_free(&q);
    }
#undef OPTS
}

/* A misspelt report path of a prediction was blamed on the question's scenario, with no "did you mean"
 * (an expect's has one), and captions_missed.count, which an expect may name, was refused: the path is
 * now checked as an expect's is, at measure.path, and the report a measure reads has captions_missed. */
Test(quiz_errors, a_report_measure_path_is_checked_where_it_is_written)
{
    use_tree();
    const char *text = HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"report\", \"path\": \"stals.length\"}, "
                              "\"expected\": 0, \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=0.1\"]}") TAIL;
    quiz_file q;
    char err[4096] = "";
    cr_assert_eq(quiz_parse(text, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    cr_expect_eq(quiz_check_model(&q, err, sizeof err), 1);
    char want[512];
    snprintf(want, sizeof want, "t.json:1:%d: $.lessons[0].questions[0].measure.path: question 1.1: \"stals\" is not a report key; "
             "did you mean \"stalls\"?", (int)(strstr(text, "\"path\"") - text) + 1);
    cr_expect(!strncmp(err, want, strlen(want)), "the message\n%s\nstarts\n%s", err, want);
    quiz_free(&q);
    /* the other side of a ratio too */
    text = HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"report\", \"path\": \"tree.nodes / tree.levls\"}, "
                  "\"expected\": 1, \"scenario\": {\"file\": \"small-busy.json\", \"overrides\": [\"duration_s=0.1\"]}") TAIL;
    cr_assert_eq(quiz_parse(text, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    cr_expect_eq(quiz_check_model(&q, err, sizeof err), 1);
    cr_expect(strstr(err, "measure.path: question 1.1: after the ' / ': ") && strstr(err, "did you mean \"levels\"?"), "%s", err);
    quiz_free(&q);
    /* captions_missed.count, a path an expect may name: the omap-stall run misses none of its captions */
    text = HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"report\", \"path\": \"captions_missed.count\"}, "
                  "\"expected\": 0, \"scenario\": {\"file\": \"omap-stall.json\", \"overrides\": [\"duration_s=1\"]}") TAIL;
    cr_assert_eq(quiz_parse(text, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    err[0] = 0;
    cr_expect_eq(quiz_check_model(&q, err, sizeof err), 0, "%s", err);
    quiz_free(&q);
}

Test(quiz_errors, a_scenario_is_not_a_quiz)
{
    char path[4096], err[256] = "";
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root());
    cr_expect_eq(quiz_check_file(path, err, sizeof err), 1, "a file without \"lessons\" is left to the scenario checker");
    cr_expect_str_empty(err);
}

/* An author's quiz in their own folder (quizzes/ beside scenarios/) names their own scenario: it is
 * found beside the quiz from any working directory (it was looked for only among the shipped ones and
 * in the working directory's scenarios/, so `check` passed in one folder and failed in the next), the
 * command the answer prints names its path, and a missing one is reported at its "file" with where
 * rcuvis looked. */
static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f, "%s", path);
    fputs(text, f);
    cr_assert_eq(fclose(f), 0);
}

/* A misspelt scenario.file was reported with the folders looked in and nothing more: the author had
 * to spot "netlod" against "netload". The nearest scenario of those folders (the quiz's own and the
 * shipped ones) is named now; a name near none of them gets no guess, and the quiz itself and
 * schema.json are never offered. */
Test(quiz_errors, a_misspelt_scenario_file_gets_the_nearest_name)
{
    use_tree();
    char dir[] = "/tmp/rv_quiznear_XXXXXX", p[256], s[256], err[4096] = "";
    cr_assert_not_null(mkdtemp(dir));
    snprintf(s, sizeof s, "%s/bh-netload.json", dir);
    write_text(s, "{\"name\": \"n\", \"cpus\": 2, \"duration_s\": 1}");
    const struct { const char *file, *tail; } cases[] = {
        {"bh-netlod.json", "and among the shipped scenarios; did you mean \"bh-netload.json\"?\n"},
        {"omap-stal.json", "and among the shipped scenarios; did you mean \"omap-stall.json\"?\n"},
        {"zzzzzzzz.json", "and among the shipped scenarios\n"},
        {"quizz.json", "and among the shipped scenarios\n"}, /* the quiz itself (quiz.json) is no scenario */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text, HEAD Q("\"kind\": \"choice\", " TWO ", \"scenario\": {\"file\": \"%s\"}") TAIL, cases[i].file);
        snprintf(p, sizeof p, "%s/quiz.json", dir);
        write_text(p, text);
        quiz_file q;
        cr_expect_eq(quiz_load(p, &q, false, err, sizeof err), -1, "%s was found", cases[i].file);
        size_t el = strlen(err), tl = strlen(cases[i].tail);
        cr_expect(el >= tl && strcmp(err + el - tl, cases[i].tail) == 0, "%s: the message\n%s\nends with\n%s", cases[i].file, err,
                  cases[i].tail);
    }
    unlink(p);
    unlink(s);
    cr_expect_eq(rmdir(dir), 0);
}

Test(quiz_errors, a_quiz_finds_its_own_scenario_beside_it)
{
    use_tree();
    char dir[] = "/tmp/rv_quizdir_XXXXXX", p[256], err[4096] = "", arg[1024];
    cr_assert_not_null(mkdtemp(dir));
    snprintf(p, sizeof p, "%s/quizzes", dir); cr_assert_eq(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/scenarios", dir); cr_assert_eq(mkdir(p, 0700), 0);
    snprintf(p, sizeof p, "%s/scenarios/mine.json", dir);
    write_text(p, "{\"name\": \"mine\", \"cpus\": 2, \"duration_s\": 1}");
    snprintf(p, sizeof p, "%s/quizzes/q.json", dir);
    write_text(p, HEAD Q("\"kind\": \"choice\", " TWO ", "
                         "\"scenario\": {\"file\": \"mine.json\"}, \"at\": 0.5") ","
                   Q("\"kind\": \"choice\", " TWO ", "
                     "\"scenario\": {\"file\": \"omap-stall.json\"}") TAIL);
    /* two questions with the id 1.1 would be refused: give the second its own */
    char text[4096];
    FILE *f = fopen(p, "r"); cr_assert_not_null(f);
    size_t n = fread(text, 1, sizeof text - 1, f); text[n] = 0; fclose(f);
    char *second = strstr(strstr(text, "\"1.1\"") + 1, "\"1.1\"");
    cr_assert_not_null(second);
    second[3] = '2';
    write_text(p, text);
    quiz_file q;
    cr_assert_eq(quiz_load(p, &q, false, err, sizeof err), 0, "%s", err);
    const quiz_question *mine = &q.lessons[0].questions[0], *shipped = &q.lessons[0].questions[1];
    char want[512];
    snprintf(want, sizeof want, "%s/scenarios/mine.json", dir);
    cr_expect_str_eq(mine->scenario_path, want);
    cr_expect_str_eq(quiz_scenario_arg(mine, arg, sizeof arg), want, "not shipped: its path");
    cr_expect_str_eq(quiz_scenario_arg(shipped, arg, sizeof arg), "omap-stall", "shipped: its name");
    cr_expect_eq(quiz_check_file(p, err, sizeof err), 0, "%s", err);
    quiz_free(&q);
    snprintf(want, sizeof want, "%s/scenarios/mine.json", dir);
    cr_assert_eq(unlink(want), 0);
    cr_expect_eq(quiz_load(p, &q, false, err, sizeof err), -1);
    strip_positions(err, p);
    snprintf(want, sizeof want, "%s: $.lessons[0].questions[0].scenario.file: question 1.1: no mine.json: looked in "
                                "%s/scenarios/, %s/quizzes/scenarios/, %s/quizzes/ and among the shipped scenarios\n", p, dir, dir, dir);
    cr_expect_str_eq(err, want);
    /* the other layouts: scenarios/ inside the quiz's folder, a path written with a doubled slash, and a
     * symlinked quiz folder, each from a working directory that is not the quiz's */
    char sub[200], q2[300], link[200], cwd[4096];
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    char data[PATH_MAX];
    cr_assert_not_null(realpath(root(), data));
    setenv("RCUVIS_DATA", data, 1); /* the shipped scenarios, from any working directory */
    cr_assert_eq(chdir("/"), 0);
    snprintf(sub, sizeof sub, "%s/quizzes/scenarios", dir);
    cr_assert_eq(mkdir(sub, 0700), 0);
    snprintf(q2, sizeof q2, "%s/mine.json", sub);
    write_text(q2, "{\"name\": \"mine\", \"cpus\": 2, \"duration_s\": 1}");
    cr_expect_eq(quiz_load(p, &q, false, err, sizeof err), 0, "scenarios/ inside the quiz's folder: %s", err);
    quiz_free(&q);
    cr_assert_eq(unlink(q2), 0);
    cr_assert_eq(rmdir(sub), 0);
    snprintf(q2, sizeof q2, "%s/scenarios/mine.json", dir);
    write_text(q2, "{\"name\": \"mine\", \"cpus\": 2, \"duration_s\": 1}");
    snprintf(q2, sizeof q2, "%s/quizzes//q.json", dir);
    cr_expect_eq(quiz_load(q2, &q, false, err, sizeof err), 0, "a doubled slash: %s", err);
    if (!err[0]) { snprintf(want, sizeof want, "%s/scenarios/mine.json", dir); cr_expect_str_eq(q.lessons[0].questions[0].scenario_path, want); }
    quiz_free(&q);
    snprintf(link, sizeof link, "%s/elsewhere", dir);
    cr_assert_eq(mkdir(link, 0700), 0);
    snprintf(link, sizeof link, "%s/elsewhere/qz", dir);
    snprintf(sub, sizeof sub, "%s/quizzes", dir);
    cr_assert_eq(symlink(sub, link), 0);
    snprintf(q2, sizeof q2, "%s/q.json", link);
    cr_expect_eq(quiz_load(q2, &q, false, err, sizeof err), 0, "a symlinked quiz folder: %s", err);
    quiz_free(&q);
    /* a folder with a space: the command to copy quotes the path */
    char spaced[200], qs[250], sc[600];
    snprintf(spaced, sizeof spaced, "%s/my lecture", dir);
    cr_assert_eq(mkdir(spaced, 0700), 0);
    snprintf(qs, sizeof qs, "%s/q.json", spaced);
    snprintf(sc, sizeof sc, "cp '%s/quizzes/q.json' '%s'", dir, qs);
    cr_assert_eq(system(sc), 0);
    snprintf(sc, sizeof sc, "%s/scenarios/mine.json", dir);
    cr_assert_eq(unlink(sc), 0); /* else the folder above would hold it */
    snprintf(sc, sizeof sc, "%s/mine.json", spaced);
    write_text(sc, "{\"name\": \"mine\", \"cpus\": 2, \"duration_s\": 1}");
    cr_assert_eq(quiz_load(qs, &q, false, err, sizeof err), 0, "%s", err);
    snprintf(want, sizeof want, "'%s/my lecture/mine.json'", dir);
    cr_expect_str_eq(quiz_scenario_arg(&q.lessons[0].questions[0], arg, sizeof arg), want);
    quiz_free(&q);
    cr_assert_eq(chdir(cwd), 0);
    cr_expect_eq(rmtree(dir), 0);
}

/* ---------------------------------------------------------------- grading */

static quiz_file load_ok(const char *text)
{
    quiz_file q;
    char err[4096] = "";
    cr_assert_eq(quiz_parse(text, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    return q;
}

Test(quiz_grade, choice_and_multi_letters)
{
    quiz_file f = load_ok(HEAD Q("\"kind\": \"choice\", " TWO) ", {\"id\": \"1.2\", \"kind\": \"multi\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": ["
                          "{\"text\": \"a\", \"correct\": true, \"feedback\": \"fa\"}, {\"text\": \"b\", \"feedback\": \"fb\"}, "
                          "{\"text\": \"c\", \"correct\": true, \"feedback\": \"fc\"}]}" TAIL);
    const quiz_question *c = &f.lessons[0].questions[0], *m = &f.lessons[0].questions[1];
    quiz_result r;
    quiz_grade(c, " A ", &r);
    cr_expect_eq(r.status, 1);
    cr_expect_str_eq(r.message, "f");
    quiz_grade(c, "b", &r);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.message, "g");
    quiz_grade(c, "z", &r);
    cr_expect_eq(r.status, -1, "a letter past the answers is not understood");
    quiz_grade(c, "a b", &r);
    cr_expect_eq(r.status, -1, "kind choice takes one letter");
    quiz_grade(m, "c,a", &r);
    cr_expect_eq(r.status, 1);
    cr_expect_str_eq(r.normalized, "ac");
    cr_expect_str_eq(r.message, "(a) fa\n(c) fc");
    quiz_grade(m, "ab", &r);
    cr_expect_eq(r.status, 0);
    cr_expect(strstr(r.message, "Not the full set: 1 of the 2 right answers picked, 1 wrong one.") != NULL, "%s", r.message);
    char ans[32];
    quiz_correct_answer(m, ans, sizeof ans);
    cr_expect_str_eq(ans, "a, c");
    quiz_free(&f);
}

Test(quiz_grade, numeric_values_ranges_and_otherwise)
{
    quiz_file f = load_ok(HEAD Q("\"kind\": \"numeric\", \"answers\": [{\"value\": 5, \"correct\": true, \"feedback\": \"yes\"}, "
                                 "{\"range\": [60, 70], \"feedback\": \"too many\"}], \"otherwise\": \"count again\"") TAIL);
    const quiz_question *q = &f.lessons[0].questions[0];
    quiz_result r;
    quiz_grade(q, "5.0", &r);
    cr_expect_eq(r.status, 1);
    quiz_grade(q, "65", &r);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.message, "too many\nYour number is far too high (over twice what counts as right).");
    quiz_grade(q, "7", &r);
    cr_expect_str_eq(r.message, "count again\nYour number is too high.");
    quiz_grade(q, "five", &r);
    cr_expect_eq(r.status, -1);
    quiz_free(&f);
}

/* A student typed "1,000" as the feedback prints numbers and was told "Type a number": thousands
 * grouped by commas are read, anything else with a comma still is not a number. */
Test(quiz_grade, numbers_with_grouped_thousands)
{
    quiz_file f = load_ok(HEAD Q("\"kind\": \"numeric\", \"answers\": [{\"value\": 100000, \"correct\": true, \"feedback\": \"yes\"}, "
                                 "{\"value\": 1000.5, \"feedback\": \"close\"}]") TAIL);
    const quiz_question *q = &f.lessons[0].questions[0];
    quiz_result r;
    quiz_grade(q, "100,000", &r);
    cr_expect_eq(r.status, 1, "100,000: %s", r.message);
    quiz_grade(q, " 1,000.5 ", &r);
    cr_expect_eq(r.status, 0, "1,000.5 is read as 1000.5: %s", r.message);
    cr_expect(strstr(r.message, "close") != NULL, "%s", r.message);
    static const char *const not_numbers[] = {"10,00", "1,0000", ",100", "1,000,0", "1.5,000", "1,,000", "100,"};
    for (size_t i = 0; i < sizeof not_numbers / sizeof not_numbers[0]; i++) {
        quiz_grade(q, not_numbers[i], &r);
        cr_expect_eq(r.status, -1, "\"%s\" is not a number", not_numbers[i]);
    }
    quiz_free(&f);
}

/* A student who answered 1.5 with 300 and then with 50 got the same words twice: a wrong number
 * now also says which way the right one lies, for numeric and numeric predict questions alike. */
Test(quiz_grade, a_wrong_number_says_too_high_or_too_low)
{
    quiz_file f = load_ok(HEAD Q("\"kind\": \"numeric\", \"answers\": [{\"range\": [330, 334], \"correct\": true, \"feedback\": \"yes\"}, "
                                 "{\"value\": 3, \"feedback\": \"the interval\"}]") ", {\"id\": \"1.2\", \"kind\": \"predict\", \"question\": \"Q\", "
                          "\"explanation\": \"E\", \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"sched\", \"from_s\": 1, \"to_s\": 2}, "
                          "\"expected\": 100, \"tolerance\": 10, \"feedback\": {\"incorrect\": \"Count again.\"}, \"scenario\": {\"file\": \"s.json\"}}, "
                          "{\"id\": \"1.3\", \"kind\": \"predict\", \"question\": \"Q\", \"explanation\": \"E\", "
                          "\"measure\": {\"measure\": \"holdout_cpu\", \"flavor\": \"sched\", \"at_s\": 1}, \"expected\": -1, "
                          "\"scenario\": {\"file\": \"s.json\"}}, "
                          "{\"id\": \"1.4\", \"kind\": \"numeric\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": ["
                          "{\"value\": 10, \"correct\": true, \"feedback\": \"y\"}, {\"value\": 20, \"correct\": true, \"feedback\": \"y\"}]}" TAIL);
    const quiz_question *num = &f.lessons[0].questions[0], *pred = &f.lessons[0].questions[1];
    const quiz_question *cpu = &f.lessons[0].questions[2], *two = &f.lessons[0].questions[3];
    quiz_result r;
    quiz_grade(num, "1000", &r);
    cr_expect_str_eq(r.message, "No, that is not it.\nYour number is far too high (over twice what counts as right).");
    quiz_grade(num, "400", &r);
    cr_expect_str_eq(r.message, "No, that is not it.\nYour number is too high.", "within twice the range's top: not far");
    quiz_grade(num, "3", &r);
    cr_expect_str_eq(r.message, "the interval\nYour number is far too low (under half of what counts as right).", "an answer's own feedback gets the direction too");
    quiz_grade(num, "332", &r);
    cr_expect_str_eq(r.message, "yes", "a right answer gets no direction");
    quiz_grade(pred, "300", &r);
    cr_expect_str_eq(r.message, "Count again.\nYour number is far too high (over twice what counts as right).");
    quiz_grade(pred, "150", &r);
    cr_expect_str_eq(r.message, "Count again.\nYour number is too high.", "150 against at most 110: high, not far (28 then 8 for 5.8 read alike)");
    quiz_grade(pred, "50", &r);
    cr_expect_str_eq(r.message, "Count again.\nYour number is too low.", "the two wrong answers now read differently");
    quiz_grade(pred, "89", &r);
    cr_expect_str_eq(r.message, "Count again.\nYour number is too low.", "the tolerance's edge: 90 counts, 89 is low");
    quiz_grade(cpu, "2", &r);
    cr_expect_eq(r.status, 0);
    cr_expect_str_eq(r.message, "That is not what the simulation does.", "a CPU number is not higher or lower than -1");
    quiz_grade(two, "15", &r);
    cr_expect_str_eq(r.message, "No, that is not it.", "between two right answers there is no direction to give");
    quiz_grade(two, "25", &r);
    cr_expect_str_eq(r.message, "No, that is not it.\nYour number is too high.");
    quiz_free(&f);
}

Test(quiz_grade, predict_yes_no_and_tolerance)
{
    quiz_file f = load_ok(HEAD Q("\"kind\": \"predict\", \"measure\": {\"measure\": \"stall_appears\", \"by_s\": 5}, \"expected\": true, "
                                 "\"scenario\": {\"file\": \"s.json\"}") ", {\"id\": \"1.2\", \"kind\": \"predict\", \"question\": \"Q\", "
                          "\"explanation\": \"E\", \"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"sched\", \"from_s\": 1, \"to_s\": 2}, "
                          "\"expected\": 100, \"tolerance\": 10, \"scenario\": {\"file\": \"s.json\"}}" TAIL);
    const quiz_question *b = &f.lessons[0].questions[0], *n = &f.lessons[0].questions[1];
    quiz_result r;
    quiz_grade(b, "Yes", &r);
    cr_expect_eq(r.status, 1);
    quiz_grade(b, "n", &r);
    cr_expect_eq(r.status, 0);
    quiz_grade(b, "maybe", &r);
    cr_expect_eq(r.status, -1);
    quiz_grade(n, "110", &r);
    cr_expect_eq(r.status, 1, "within the tolerance");
    quiz_grade(n, "111", &r);
    cr_expect_eq(r.status, 0, "outside the tolerance");
    quiz_free(&f);
}

/* A tolerance given as a share of the expected value follows the value when the engine changes it
 * (--update-expected rewrites only "expected"); it cannot be given together with an absolute one. */
Test(quiz_grade, predict_tolerance_pct_scales_with_expected)
{
#define PCT(exp, tol) HEAD "{\"id\": \"1.1\", \"kind\": \"predict\", \"question\": \"Q\", \"explanation\": \"E\", " \
    "\"measure\": {\"measure\": \"grace_periods\", \"flavor\": \"rcu_sched\", \"from_s\": 1, \"to_s\": 2}, " \
    "\"expected\": " exp ", " tol ", \"scenario\": {\"file\": \"s.json\"}}" TAIL
    quiz_file f = load_ok(PCT("200", "\"tolerance_pct\": 20"));
    const quiz_question *q = &f.lessons[0].questions[0];
    quiz_result r;
    quiz_grade(q, "240", &r);
    cr_expect_eq(r.status, 1, "20%% of 200 is 40");
    quiz_grade(q, "241", &r);
    cr_expect_eq(r.status, 0);
    char ans[96];
    quiz_correct_answer(q, ans, sizeof ans);
    cr_expect_str_eq(ans, "200 (give or take 20%, 40)");
    quiz_free(&f);
    f = load_ok(PCT("2000", "\"tolerance_pct\": 20"));
    quiz_grade(&f.lessons[0].questions[0], "2400", &r);
    cr_expect_eq(r.status, 1, "the same question after the engine's answer moved tenfold");
    quiz_free(&f);
    /* a big share's worth is written out, rounded to 3 digits: 1580, not 1.58e+03 */
    f = load_ok(PCT("10548", "\"tolerance_pct\": 15"));
    quiz_correct_answer(&f.lessons[0].questions[0], ans, sizeof ans);
    cr_expect_str_eq(ans, "10548 (give or take 15%, 1580)");
    quiz_free(&f);
    expect_error(PCT("200", "\"tolerance\": 5, \"tolerance_pct\": 20"),
                 "t.json: $.lessons[0].questions[0].tolerance_pct: give either tolerance (an absolute distance) or tolerance_pct (a share of expected), not both");
#undef PCT
}

/* ---------------------------------------------------------------- canonical printing */

Test(quiz_json, printing_is_stable_and_keeps_key_order)
{
    const char *text = "{\"b\": 1, \"a\": [1, 2.5, true, null], \"s\": \"\\\"q\\\" \\u00e9\\n\"}";
    int l, c;
    char what[64];
    cJSON *j = qj_parse(text, &l, &c, what, sizeof what);
    cr_assert_not_null(j);
    char *once = qj_print(j);
    cr_expect_str_eq(once, "{\"b\": 1, \"a\": [1, 2.5, true, null], \"s\": \"\\\"q\\\" \xc3\xa9\\n\"}\n");
    cJSON *k = qj_parse(once, &l, &c, what, sizeof what);
    char *twice = qj_print(k);
    cr_expect_str_eq(once, twice, "printing what was printed changes nothing");
    free(once); free(twice);
    cJSON_Delete(j); cJSON_Delete(k);
}

/* `rcuvis quiz --basis`: a comma list or the option repeated adds up; a word it does not know is
 * named with the valid ones and adds nothing. */
Test(quiz_basis, parse_lists_and_names_the_valid_ones)
{
    unsigned m = 0;
    char err[256];
    cr_expect_eq(quiz_basis_parse("article", &m, err, sizeof err), 0, "%s", err);
    cr_expect_eq(m, QUIZ_BASIS_BIT(QB_ARTICLE));
    cr_expect_eq(quiz_basis_parse("model,thread", &m, err, sizeof err), 0, "%s", err);
    cr_expect_eq(m, QUIZ_BASIS_BIT(QB_ARTICLE) | QUIZ_BASIS_BIT(QB_MODEL) | QUIZ_BASIS_BIT(QB_THREAD));
    char b[64];
    quiz_basis_format(m, b, sizeof b);
    cr_expect_str_eq(b, "article,thread,model", "the reading order, whatever the typed one");
    unsigned before = m;
    cr_expect_eq(quiz_basis_parse("kernel,articel", &m, err, sizeof err), -1);
    cr_expect_eq(m, before, "a list with a bad word adds nothing");
    cr_expect(strstr(err, "unknown basis \"articel\" (did you mean article?)"), "%s", err);
    cr_expect(strstr(err, "article, thread, kernel, model"), "%s", err);
    cr_expect_eq(quiz_basis_parse("", &m, err, sizeof err), -1);
    cr_expect_eq(quiz_basis_parse("kernel,", &m, err, sizeof err), -1);
    cr_expect(strstr(err, "article, thread, kernel, model"), "%s", err);
}

/* The filter keeps the questions of the chosen bases, in order, and every lesson (perhaps empty);
 * a question that states no basis is not in any choice. */
Test(quiz_basis, keep_drops_the_other_questions)
{
    static const char json[] =
        "{\"id\": \"b\", \"title\": \"B\", \"lessons\": ["
        "{\"id\": \"1\", \"title\": \"L1\", \"questions\": ["
        " {\"id\": \"1.1\", \"basis\": \"article\", \"kind\": \"numeric\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": [{\"value\": 1, \"correct\": true, \"feedback\": \"f\"}]},"
        " {\"id\": \"1.2\", \"basis\": \"kernel\", \"kind\": \"numeric\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": [{\"value\": 1, \"correct\": true, \"feedback\": \"f\"}]},"
        " {\"id\": \"1.3\", \"kind\": \"numeric\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": [{\"value\": 1, \"correct\": true, \"feedback\": \"f\"}]},"
        " {\"id\": \"1.4\", \"basis\": \"thread\", \"kind\": \"numeric\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": [{\"value\": 1, \"correct\": true, \"feedback\": \"f\"}]}]},"
        "{\"id\": \"2\", \"title\": \"L2\", \"questions\": ["
        " {\"id\": \"2.1\", \"basis\": \"model\", \"kind\": \"numeric\", \"question\": \"Q\", \"explanation\": \"E\", \"answers\": [{\"value\": 1, \"correct\": true, \"feedback\": \"f\"}]}]}]}";
    quiz_set set = {0};
    set.files = calloc(1, sizeof *set.files);
    cr_assert_not_null(set.files);
    char err[2048];
    cr_assert_eq(quiz_parse(json, "b.json", &set.files[0], false, err, sizeof err), 0, "%s", err);
    set.n = 1;
    size_t total = 0;
    cr_expect_eq(quiz_set_keep_basis(&set, QUIZ_BASIS_BIT(QB_ARTICLE) | QUIZ_BASIS_BIT(QB_THREAD), &total), 2);
    cr_expect_eq(total, 5);
    const quiz_file *f = &set.files[0];
    cr_assert_eq(f->nlessons, 2, "lessons stay");
    cr_assert_eq(f->lessons[0].nquestions, 2);
    cr_expect_str_eq(f->lessons[0].questions[0].id, "1.1");
    cr_expect_str_eq(f->lessons[0].questions[1].id, "1.4");
    cr_expect_eq(f->lessons[1].nquestions, 0, "lesson 2 has no such question left");
    quiz_set_free(&set);
}

/* A predict answer that changes with the kernel must say which kernel it is about: README's authoring
 * rule is that overrides set every setting the answer depends on. 7.6 left rcu.mode to small-busy's
 * file (3.7) and asked a student, who had no way to know, for a figure that is 2.3 in 3.7 and 1.2 in
 * 3.6. Each predict question without an rcu.mode override is run in both modes: the answer must hold
 * in both, or the question must pin the mode. */
Test(quiz, a_predict_answer_that_depends_on_the_mode_pins_it)
{
    char dir[4096], err[16384] = "";
    snprintf(dir, sizeof dir, "%s/quizzes", root());
    quiz_set set = {0};
    cr_assert_eq(quiz_set_load_dir(&set, dir, err, sizeof err), 0);
    int checked = 0;
    for (size_t i = 0; i < set.n; i++)
        for (size_t l = 0; l < set.files[i].nlessons; l++)
            for (size_t k = 0; k < set.files[i].lessons[l].nquestions; k++) {
                const quiz_question *q = &set.files[i].lessons[l].questions[k];
                if (q->kind != QUIZ_PREDICT || !q->has_scenario) continue;
                bool pinned = false;
                for (size_t o = 0; o < q->noverrides; o++) pinned |= !strncmp(q->overrides[o], "rcu.mode=", 9);
                if (pinned) continue;
                static const char *const modes[] = {"rcu.mode=softirq", "rcu.mode=kthread"};
                for (int m = 0; m < 2; m++) {
                    quiz_question copy = *q;
                    char **ov = calloc(q->noverrides + 1, sizeof *ov);
                    cr_assert(ov);
                    for (size_t o = 0; o < q->noverrides; o++) ov[o] = q->overrides[o];
                    ov[q->noverrides] = (char *)modes[m];
                    copy.overrides = ov;
                    copy.noverrides = q->noverrides + 1;
                    quiz_value v;
                    char msg[1024] = "", cv[64];
                    int rc = quiz_measure_run(&copy, &v, msg, sizeof msg);
                    free(ov);
                    if (rc) continue; /* a scenario that refuses the other mode (a 3.6-only knob) pins it itself */
                    quiz_value_format(&v, cv, sizeof cv);
                    quiz_result r;
                    quiz_grade(q, cv, &r);
                    cr_expect_eq(r.status, 1, "question %s: with %s the engine gives %s, which the question marks wrong; its overrides should set rcu.mode", q->id, modes[m], cv);
                    checked++;
                }
            }
    cr_expect_geq(checked, 2, "some predict questions leave the mode to their scenario (checked %d runs)", checked);
    quiz_set_free(&set);
}

static const quiz_question *question_by_id(const quiz_file *f, const char *id)
{
    for (size_t l = 0; l < f->nlessons; l++)
        for (size_t k = 0; k < f->lessons[l].nquestions; k++)
            if (!strcmp(f->lessons[l].questions[k].id, id)) return &f->lessons[l].questions[k];
    return NULL;
}

/* 4.1's explanation said "the first warning's t is about the stall timeout times HZ", while 5.6, whose
 * answer the engine computes from omap-stall, finds the warning 75.5 s into the grace period, 60 s being
 * the timeout (t=9660 at HZ=128), and calls a t far above the timeout this bug's sign: a student who
 * took 4.1 at its word got 5.6 wrong. check_cpu_stall() runs from a tick (v3.6/v3.7 rcutree.c), so t is
 * at least the timeout times HZ and as much more as no CPU ticked. */
Test(quiz, the_stall_line_explanation_agrees_with_the_omap_answer)
{
    char path[4096], err[4096];
    snprintf(path, sizeof path, "%s/quizzes/workbook.json", root());
    quiz_file f;
    cr_assert_eq(quiz_load(path, &f, false, err, sizeof err), 0, "%s", err);
    const quiz_question *line = question_by_id(&f, "4.1"), *omap = question_by_id(&f, "5.6");
    cr_assert(line && omap && omap->has_expected);
    cr_assert_gt(omap->expected.num, 60 * 1.1, "5.6's warning comes well past the 60 s timeout (%g s)", omap->expected.num);
    cr_expect_null(strstr(line->explanation, "is about the stall timeout"), "%s", line->explanation);
    cr_expect(strstr(line->explanation, "at least the stall timeout times HZ") && strstr(line->explanation, "t=9660"),
              "4.1 says t is at least the timeout and points at omap-stall's: %s", line->explanation);
    quiz_free(&f);
}
