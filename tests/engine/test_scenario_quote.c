/* test_scenario_quote.c — quoting user strings in loader messages never overruns its buffer (issue 11, defect 2). */
#include "rcuvis.h"
#include "scenario.h"
#include "priv.h"

#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* n control characters written as JSON escapes (\u0001), inside a JSON string */
static void controls(char *out, size_t cap, int n)
{
    size_t o = 0;
    for (int i = 0; i < n && o + 7 < cap; i++) o += (size_t)snprintf(out + o, cap - o, "\\u0001");
    out[o] = 0;
}

Test(scenario_quote, stays_inside_its_buffer_for_any_mix_of_escapes)
{
    /* the old code wrote its closing quote and NUL up to two bytes past the end */
    for (size_t n = 8; n <= 200; n++) {
        for (int count = 0; count <= 80; count += 1) {
            char src[128], buf[256];
            memset(src, 0x01, (size_t)count);
            src[count] = 0;
            if (count % 3 == 1) src[0] = 'a'; /* shift the escapes against the buffer end */
            memset(buf, 0x5a, sizeof buf);
            sc_quote(src, buf, n);
            cr_assert_eq((unsigned char)buf[n], 0x5a, "wrote past %zu bytes with %d controls", n, count);
            cr_assert_lt(strlen(buf), n);
            cr_assert_eq(buf[0], '"');
            cr_assert_eq(buf[strlen(buf) - 1], '"');
        }
    }
}

Test(scenario_quote, escapes_terminal_controls_and_marks_the_cut)
{
    char buf[200];
    sc_quote("a\x1b[31mred\x7f", buf, sizeof buf);
    cr_assert_str_eq(buf, "\"a\\u001b[31mred\\u007f\"");
    char many[64];
    memset(many, 0x02, 40);
    many[40] = 0;
    sc_quote(many, buf, sizeof buf);
    cr_assert(strstr(buf, "...\""), "a cut string ends with ...: %s", buf);
    cr_assert_null(strchr(buf, 0x02));
}

static char err[16384];

Test(scenario_quote, wrong_typed_string_of_controls_from_a_file)
{
    char esc[1024], text[2048];
    controls(esc, sizeof esc, 40);
    snprintf(text, sizeof text, "{\"name\":\"m\",\"cpus\":\"%s\",\"duration_s\":1}", esc);
    char path[] = "/tmp/rv_quote_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    rv_config cfg;
    int rc = rv_scenario_load(path, &cfg, err, sizeof err);
    unlink(path);
    rv_config_free(&cfg);
    cr_assert_eq(rc, -1);
    cr_assert(strstr(err, "$.cpus") && strstr(err, "\\u0001") && strstr(err, "...\""), "%s", err);
    cr_assert_null(strchr(err, 0x01), "a raw control character reached the message");
}

Test(scenario_quote, wrong_typed_string_of_controls_from_set)
{
    char text[] = "{\"name\":\"m\",\"cpus\":4,\"duration_s\":1}";
    char path[] = "/tmp/rv_quote_XXXXXX";
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    char set[256] = "cpus=";
    memset(set + 5, 0x01, 40); /* raw controls on the command line: VALUE is not JSON, so a string */
    set[45] = 0;
    const char *items[] = {set};
    rv_overrides ov = {items, 1};
    rv_config cfg;
    int rc = rv_scenario_load_with(path, &ov, &cfg, err, sizeof err);
    unlink(path);
    rv_config_free(&cfg);
    cr_assert_eq(rc, -1);
    cr_assert(strstr(err, "cpus") && strstr(err, "\\u0001"), "%s", err);
    cr_assert_null(strchr(err, 0x01), "a raw control character reached the message");
}

/* A value no JSON text reads back as is described in words, never as a made-up literal ("1e999"):
 * a number node without the file's text (made by code, not parsed) that overflowed. */
Test(scenario_quote, non_finite_numbers_in_words)
{
    char buf[200];
    sc_fmt_num(INFINITY, buf, sizeof buf);
    cr_expect_str_eq(buf, "a number too large to represent (overflows a double)");
    sc_fmt_num(-INFINITY, buf, sizeof buf);
    cr_expect_str_eq(buf, "a negative number too large to represent (overflows a double)");
    cJSON *v = cJSON_CreateNumber(INFINITY);
    sc_describe(v, buf, sizeof buf);
    cr_expect_str_eq(buf, "a number too large to represent (overflows a double)");
    cJSON_Delete(v);
    /* parsed with its literal attached, the file's text is quoted */
    const char *text = "[1, 1e400]";
    sc_errs e;
    sc_numlits lits = {0};
    size_t skip;
    sc_errs_init(&e, "t", NULL, 0);
    cr_assert_eq(sc_syntax_check(text, strlen(text), &e, &skip, &lits), 0);
    cJSON *arr = cJSON_Parse(text);
    sc_numlits_attach(arr, text, &lits);
    sc_numlits_free(&lits);
    sc_describe(cJSON_GetArrayItem(arr, 1), buf, sizeof buf);
    cr_expect_str_eq(buf, "1e400");
    sc_describe(cJSON_GetArrayItem(arr, 0), buf, sizeof buf);
    cr_expect_str_eq(buf, "1");
    cJSON_Delete(arr);
}
