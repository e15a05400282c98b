/* test_quiz_messages.c — the quiz loader's messages: controls escaped, whole lines and "... and N more", a 64 MiB cap (issue 11, defect 8). */
#include "quiz_positions.h"
#include "workbook/quiz.h"
#include "workbook/json.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char err[16384];

/* A quiz with n questions, each carrying one unknown key (JSON text in key_json) and no explanation. */
static char *quiz_with(int n, const char *key_json, const char *value_json)
{
    size_t cap = 256 + (size_t)n * (128 + strlen(key_json) + strlen(value_json));
    char *t = malloc(cap);
    size_t o = (size_t)snprintf(t, cap, "{\"id\":\"t\",\"title\":\"t\",\"lessons\":[{\"id\":\"1\",\"title\":\"L\",\"questions\":[");
    for (int i = 0; i < n; i++)
        o += (size_t)snprintf(t + o, cap - o, "%s{\"id\":\"q%d\",\"kind\":\"choice\",\"question\":%s,\"%s\":1}",
                              i ? "," : "", i, value_json, key_json);
    snprintf(t + o, cap - o, "]}]}");
    return t;
}

static void expect_no_raw_controls(const char *s)
{
    for (const char *p = s; *p; p++)
        if (*p != '\n') cr_assert((unsigned char)*p >= 0x20 && *p != 0x7f, "raw control 0x%02x in: %s", (unsigned char)*p, s);
}

Test(quiz_messages, keys_and_values_with_controls_are_escaped)
{
    char *t = quiz_with(1, "evil\\u001b[2J\\nrcuvis: forged line", "7");
    quiz_file q;
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1);
    free(t);
    expect_no_raw_controls(err);
    cr_expect(strstr(err, "evil\\u001b[2J\\nrcuvis: forged line: unknown key"), "%s", err);
    /* a wrong-typed string value: "got string ..." quotes it escaped */
    t = quiz_with(1, "x", "\"a\\u001b]0;title\\u0007b\"");
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1);
    free(t);
    expect_no_raw_controls(err);
}

Test(quiz_messages, a_long_list_ends_with_and_n_more_on_whole_lines)
{
    char *t = quiz_with(600, "unknown_key", "\"q\"");
    quiz_file q;
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1);
    free(t);
    size_t n = strlen(err);
    cr_assert_gt(n, 1000);
    cr_expect_eq(err[n - 1], '\n', "the list ends with a whole line");
    const char *last = err + n - 1;
    while (last > err && last[-1] != '\n') last--;
    cr_expect(strncmp(last, "t.json: ... and ", 16) == 0 && strstr(last, " more\n"), "last line: %s", last);
    /* every other line is a complete message: FILE:LINE:COL: $.path: text */
    for (const char *p = err; p < last; p = strchr(p, '\n') + 1) {
        int l = 0, c = 0, k = 0;
        cr_expect(sscanf(p, "t.json:%d:%d: $.%n", &l, &c, &k) == 2 && k > 0 && l == 1 && c > 1, "line cut or mangled: %.80s", p);
    }
}

Test(quiz_messages, reading_stops_at_64_mib)
{
    errno = 0;
    cr_expect_null(qj_read_file("/dev/zero", NULL));
    cr_expect_eq(errno, EFBIG);
    quiz_file q;
    cr_expect_eq(quiz_load("/dev/zero", &q, false, err, sizeof err), -1);
    cr_expect(strstr(err, "larger than 64 MiB"), "%s", err);
}

Test(quiz_messages, a_number_too_large_is_refused_and_described)
{
    /* cJSON reads 1e400 as inf: a numeric answer no input can match, accepted as "ok" before */
    const char *t = "{\"id\":\"t\",\"title\":\"t\",\"lessons\":[{\"id\":\"1\",\"title\":\"L\",\"questions\":["
                    "{\"id\":\"q\",\"kind\":\"numeric\",\"question\":\"How many?\",\"explanation\":\"Because.\","
                    "\"answers\":[{\"value\":1e400,\"correct\":true}]}]}]}";
    quiz_file q;
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1, "accepted");
    cr_expect(strstr(err, "$.lessons[0].questions[0].answers[0].value: expected a number, got a number too large to represent"),
              "%s", err);
}

/* A quiz file's syntax error reads as a scenario's (the same checker, scenario/syntax.c): the place of
 * the culprit and what was expected and found there. cJSON alone said "unexpected end of input" for a
 * trailing comma, at the end of the file. */
Test(quiz_messages, syntax_errors_say_what_was_expected_where)
{
    quiz_file q;
    static const struct { const char *text, *want; } cases[] = {
        {"{\"id\": \"t\",\n \"lessons\": [1, 2,],\n \"title\": \"T\"}",
         "t.json:2:19: syntax error: expected a value after ',', found ']' (JSON allows no trailing comma)\n"},
        {"{\"id\": \"t\", \"lessons\": [],\n}",
         "t.json:2:1: syntax error: expected a key after ',', found '}' (JSON allows no trailing comma)\n"},
        {"{\"id\": \"t\" \"lessons\": []}",
         "t.json:1:12: syntax error: expected ',' or '}' after the value of \"id\", found '\"' (a missing comma?)\n"},
        {"{\"lessons\": ['1']}", "t.json:1:14: syntax error: expected a value, found a single quote (JSON strings use double quotes)\n"},
        {"{\"lessons\": [] // done\n}", "t.json:1:16: syntax error: expected ',' or '}' after the value of \"lessons\", found '/' (JSON has no comments)\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        cr_assert_eq(quiz_parse(cases[i].text, "t.json", &q, false, err, sizeof err), -1, "accepted: %s", cases[i].text);
        cr_expect_str_eq(err, cases[i].want);
    }
    /* a UTF-8 byte order mark is no error, as for scenarios; a column after it counts from after it */
    cr_assert_eq(quiz_parse("\xEF\xBB\xBF{\"lessons\": [,]}", "t.json", &q, false, err, sizeof err), -1);
    cr_expect_str_eq(err, "t.json:1:14: syntax error: expected a value, found ','\n");
}

/* A quiz's strings must be UTF-8 as a scenario's are (the same checker): the JSON path, the byte and
 * its file offset; not called a syntax error. A Latin-1 title was accepted and drawn as a box. */
Test(quiz_messages, text_that_is_not_utf8_is_refused_with_its_path)
{
    quiz_file q;
    cr_assert_eq(quiz_parse("{\"lessons\": [{\"id\": \"1\", \"title\": \"caf\xe9\"}]}", "t.json", &q, false, err, sizeof err), -1);
    cr_expect_str_eq(err, "t.json:1:39: $.lessons[0].title: expected UTF-8 text, got the byte 0xe9 at file offset 38 (after "
                          "\"caf\"), the start of a 3-byte character, but byte 2 is '\"', not a continuation byte; in Latin-1 "
                          "0xe9 is \"\xc3\xa9\"; save the file as UTF-8\n");
}

/* `rcuvis check` and `rcuvis quiz` load through quiz_load: the file's name and the same message */
Test(quiz_messages, a_trailing_comma_in_a_file_is_named)
{
    char path[] = "/tmp/rcuvis-quiz-syntax-XXXXXX";
    int fd = mkstemp(path);
    cr_assert_geq(fd, 0);
    const char *t = "{\n  \"id\": \"t\",\n  \"lessons\": [\n    {\"id\": \"1\", \"title\": \"L\",}\n  ]\n}\n";
    cr_assert_eq(write(fd, t, strlen(t)), (ssize_t)strlen(t));
    close(fd);
    quiz_file q;
    int rc = quiz_load(path, &q, false, err, sizeof err);
    unlink(path);
    cr_assert_eq(rc, -1);
    char want[200];
    snprintf(want, sizeof want, "%s:4:30: syntax error: expected a key after ',', found '}' (JSON allows no trailing comma)\n", path);
    cr_expect_str_eq(err, want);
}

/* "basis" says what a question rests on: one of three words, a near miss named. */
Test(quiz_messages, basis_is_one_of_three_words)
{
    const char *head = "{\"id\":\"t\",\"title\":\"t\",\"lessons\":[{\"id\":\"1\",\"title\":\"L\",\"questions\":["
                       "{\"id\":\"q\",\"kind\":\"numeric\",\"question\":\"How many?\",\"explanation\":\"Because.\","
                       "\"answers\":[{\"value\":1,\"correct\":true,\"feedback\":\"Yes.\"}],\"basis\":";
    char t[1024];
    quiz_file q;
    snprintf(t, sizeof t, "%s\"modle\"}]}]}", head);
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1, "accepted");
    strip_positions(err, "t.json");
    cr_expect(strstr(err, "t.json: $.lessons[0].questions[0].basis: expected one of article (the article answers it), kernel (the "
                          "kernel's code, beyond the article), model (this model's own figures or choices), thread (the mail thread a "
                          "lesson presents), got a string \"modle\""
                          "; did you mean \"model\"?"),
              "%s", err);
    snprintf(t, sizeof t, "%s\"kernel\"}]}]}", head);
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    cr_expect_eq(q.lessons[0].questions[0].basis, QB_KERNEL);
    cr_expect_str_eq(quiz_basis_label(QB_KERNEL), "the kernel, beyond the article");
    quiz_free(&q);
}

/* Each message says where, as a scenario's does: the key's own line and column, or for a key that is
 * missing the object it belongs in; so an editor jumps to it in a thousand-line workbook. */
Test(quiz_messages, messages_say_line_and_column)
{
    const char *t = "{\n"
                    "  \"id\": \"t\", \"title\": \"T\",\n"
                    "  \"lessons\": [{\"id\": \"1\", \"title\": \"L\", \"questions\": [\n"
                    "    {\"id\": \"1.1\", \"kind\": \"numeric\", \"question\": \"Q?\", \"explanation\": \"E.\",\n"
                    "     \"answers\": [{\"range\": [16000, 14000], \"correct\": true}], \"hnt\": \"h\"},\n"
                    "    {\"id\": \"1.2\", \"question\": \"No explanation?\",\n"
                    "     \"answers\": [{\"text\": \"a\", \"correct\": true}, {\"text\": \"b\"}]}\n"
                    "  ]}]\n"
                    "}\n";
    quiz_file q;
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1, "accepted");
    cr_expect(strstr(err, "t.json:5:63: $.lessons[0].questions[0].hnt: unknown key"), "the key's place: %s", err);
    cr_expect(strstr(err, "t.json:5:19: $.lessons[0].questions[0].answers[0].range: expected [low, high] with low <= high, "
                          "got [16000, 14000] (low above high: swap them)"),
              "the range's place and its values: %s", err);
    cr_expect(strstr(err, "t.json:6:5: $.lessons[0].questions[1].explanation: expected a non-empty string"),
              "a missing key: the question it is missing from: %s", err);
}

/* A tolerance of more than 100 % makes every answer from 0 to twice the model's right. */
Test(quiz_messages, a_tolerance_beyond_100_percent_is_refused)
{
    const char *t = "{\"id\":\"t\",\"title\":\"t\",\"lessons\":[{\"id\":\"1\",\"title\":\"L\",\"questions\":["
                    "{\"id\":\"q\",\"kind\":\"predict\",\"question\":\"How many? Within 300%.\",\"explanation\":\"E.\","
                    "\"measure\":{\"measure\":\"grace_periods\"},\"expected\":100,\"tolerance_pct\":300,"
                    "\"scenario\":{\"file\":\"small-busy.json\"}}]}]}";
    quiz_file q;
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1, "accepted");
    cr_expect(strstr(err, "tolerance_pct: expected a percentage 0..100 of the engine's answer, got 300"), "%s", err);
}

/* A lesson title heads its line in `rcuvis quiz --list` (160 bytes with the "N/M done" count after
 * it) and the panel's heading: one past QUIZ_LESSON_TITLE_MAX bytes is refused at its path, with
 * both lengths; one at the limit loads. */
Test(quiz_messages, a_lesson_title_too_long_for_its_line_is_refused)
{
    char title[QUIZ_LESSON_TITLE_MAX + 2];
    memset(title, 'T', QUIZ_LESSON_TITLE_MAX + 1);
    title[QUIZ_LESSON_TITLE_MAX + 1] = 0;
    char t[1024];
    const char *fmt = "{\"id\":\"t\",\"title\":\"t\",\"lessons\":[{\"id\":\"1\",\"title\":\"%s\",\"questions\":[{\"id\":\"1.1\",\"kind\":\"choice\","
                      "\"question\":\"Q?\",\"explanation\":\"E.\",\"answers\":[{\"text\":\"a\",\"correct\":true,\"feedback\":\"f\"},"
                      "{\"text\":\"b\",\"feedback\":\"g\"}]}]}]}";
    snprintf(t, sizeof t, fmt, title);
    quiz_file q;
    cr_assert_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), -1);
    cr_expect(strstr(err, "lessons[0].title") != NULL, "%s", err);
    char want[96];
    snprintf(want, sizeof want, "at most %d bytes, got %d", QUIZ_LESSON_TITLE_MAX, QUIZ_LESSON_TITLE_MAX + 1);
    cr_expect(strstr(err, want) != NULL, "%s", err);
    title[QUIZ_LESSON_TITLE_MAX] = 0;
    snprintf(t, sizeof t, fmt, title);
    cr_expect_eq(quiz_parse(t, "t.json", &q, false, err, sizeof err), 0, "%s", err);
    quiz_free(&q);
}
