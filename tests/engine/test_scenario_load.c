/* test_scenario_load.c — the scenario loader: values and defaults, exact messages for bad input, --set overrides. */
#include "rcuvis.h"
#include "scenario.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char err[16384], err_raw[16384];

/* A value's message names its place in the file ("t.json:1:37: $.cpus: ..."); most tests here are about
 * the words, so err holds the messages without that place ("t.json: $.cpus: ..."), err_raw as printed.
 * The places themselves are checked in value_messages_say_where_in_the_file. */
static void strip_places(const char *in, char *out, size_t n)
{
    size_t o = 0;
    for (const char *p = in; *p && o + 1 < n; p++) {
        /* "NAME:LINE:COL: $" -> "NAME: $" */
        if (*p == ':' && p[1] >= '0' && p[1] <= '9') {
            const char *q = p + 1;
            while (*q >= '0' && *q <= '9') q++;
            if (*q == ':' && q[1] >= '0' && q[1] <= '9') {
                const char *r = q + 1;
                while (*r >= '0' && *r <= '9') r++;
                if (!strncmp(r, ": $", 3)) { p = r; out[o++] = ':'; continue; }
            }
        }
        out[o++] = *p;
    }
    out[o] = 0;
}

/* Parse text as "t.json"; the config is freed here, the error text stays in err (and err_raw). */
static int parse(const char *text)
{
    rv_config cfg;
    err_raw[0] = 0;
    int rc = rv_scenario_parse(text, "t.json", &cfg, err_raw, sizeof err_raw);
    rv_config_free(&cfg);
    strip_places(err_raw, err, sizeof err);
    return rc;
}

/* Expect text to be rejected with exactly this message (all lines); a want that names a value's place
 * ("t.json:1:37: $.cpus") is compared with the message as printed. */
static void bad(const char *text, const char *want)
{
    int rc = parse(text);
    cr_expect_eq(rc, -1, "accepted: %s", text);
    char plain[16384];
    strip_places(want, plain, sizeof plain);
    const char *got = strcmp(plain, want) ? err_raw : err;
    cr_expect_str_eq(got, want, "input: %s\n  got: %s\n want: %s", text, got, want);
}

#define MIN "\"name\":\"m\",\"cpus\":4,\"duration_s\":1"

static char *write_tmp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/rv_scn_XXXXXX");
    int fd = mkstemp(path);
    cr_assert(fd >= 0);
    cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

/* ---------------------------------------------------------------- good input */

Test(scenario_load, minimal_file_gets_kernel_defaults)
{
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse("{\"name\":\"tiny\",\"cpus\":2,\"duration_s\":1.5}", "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(cfg.name, "tiny");
    cr_expect_eq(cfg.cpus, 2);
    cr_expect_float_eq(cfg.duration_s, 1.5, 1e-12);
    cr_expect_eq(cfg.hz, 1000);
    cr_expect_eq(cfg.seed, 1);
    cr_expect_eq(cfg.rcu.mode, RV_MODE_KTHREAD);
    cr_expect_eq(rv_cfg_fanout(&cfg), 64);
    cr_expect_eq(cfg.rcu.fanout_leaf, 16);
    cr_expect_eq(cfg.rcu.blimit, 10);
    cr_expect(cfg.rcu.flavors[RV_SCHED] && cfg.rcu.flavors[RV_BH] && cfg.rcu.flavors[RV_PREEMPT]);
    cr_expect_eq(cfg.costs.node_lock_ns, 770);
    cr_expect_eq(cfg.nphases + cfg.nevents + cfg.ncaptions + cfg.nexpects, 0);
    cr_expect_str_eq(cfg.path, "");
    rv_config_free(&cfg);
}

Test(scenario_load, every_top_and_rcu_key_is_read)
{
    const char *text =
        "{\"$schema\":\"schema.json\",\"name\":\"all\",\"description\":\"d\",\"cpus\":8,\"hz\":250,"
        "\"seed\":\"18446744073709551615\",\"duration_s\":3,\"offline_cpus\":\"2-3\","
        "\"rcu\":{\"mode\":\"kthread\",\"fanout\":4,\"fanout_leaf\":2,\"no_hz\":false,\"stall_timeout_s\":21,"
        "\"jiffies_till_first_fqs\":0,\"jiffies_till_next_fqs\":250,\"needs_gp_fix\":true,\"busted\":true,"
        "\"blimit\":5,\"qhimark\":500,\"qlowmark\":50,\"flavors\":[\"bh\",\"preempt\"],"
        "\"size_tree_by_nr_cpus\":false,\"nr_cpus_compiled\":64,\"rcu_boost\":true,\"comment\":\"why\"},"
        "\"costs\":{\"tick_ns\":7,\"ksoftirqd_latency_ns\":0}}";
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(text, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(cfg.description, "d");
    cr_expect_eq(cfg.hz, 250);
    cr_expect_eq(cfg.seed, UINT64_MAX);
    cr_expect_eq(cfg.initially_offline_count, 2);
    cr_expect(rv_cpuset_has(&cfg.initially_offline, 2) && rv_cpuset_has(&cfg.initially_offline, 3));
    cr_expect(!rv_cpuset_has(&cfg.initially_offline, 1));
    const rv_rcu_config *r = &cfg.rcu;
    cr_expect_eq(r->mode, RV_MODE_KTHREAD);
    cr_expect_eq(r->fanout, 4);
    cr_expect_eq(r->fanout_leaf, 2);
    cr_expect(!r->no_hz && r->needs_gp_fix && r->busted && r->rcu_boost && !r->size_tree_by_nr_cpus);
    cr_expect_eq(r->stall_timeout_s, 21);
    cr_expect_eq(r->jiffies_till_first_fqs, 0);
    cr_expect_eq(r->jiffies_till_next_fqs, 250);
    cr_expect_eq(r->blimit, 5);
    cr_expect_eq(r->qhimark, 500);
    cr_expect_eq(r->qlowmark, 50);
    cr_expect(r->flavors[RV_PREEMPT] && r->flavors[RV_BH] && !r->flavors[RV_SCHED]); /* rcu_boost needs rcu_preempt */
    cr_expect_eq(r->nr_cpus_compiled, 64);
    cr_expect_eq(cfg.costs.tick_ns, 7);
    cr_expect_eq(cfg.costs.ksoftirqd_latency_ns, 0);
    cr_expect_eq(cfg.costs.node_lock_ns, 770, "costs not named keep their defaults");
    rv_config_free(&cfg);
}

Test(scenario_load, phase_defaults_and_values)
{
    const char *text = "{" MIN ",\"workload\":[{},{\"task\":\"hackbench\",\"start_s\":0.25,\"end_s\":2,\"cpus\":\"1,3\","
                       "\"busy_frac\":0.25,\"user_frac\":0,\"busy_period_ms\":3,\"ctxsw_per_s\":100,\"irqs_per_s\":7,"
                       "\"idle_irqs_per_s\":2,\"readers\":{\"rcu_preempt\":{\"rate_per_s\":10,\"mean_us\":4,"
                       "\"long_prob\":0.5,\"long_us\":50000,\"preempt_prob\":0.1},\"sched\":{\"rate_per_s\":3,\"mean_us\":2}},"
                       "\"call_rcu_per_s\":{\"rcu_bh\":9},\"kfree_rcu_per_s\":6,\"burst_mean\":8,"
                       "\"sync_per_s\":{\"rcu_sched\":0.5},\"torture\":{\"fake_writers\":4,\"writer\":true,\"flavor\":\"rcu_bh\"}}]}";
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(text, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_assert_eq(cfg.nphases, 2);
    const rv_phase *d = &cfg.phases[0], *p = &cfg.phases[1];
    cr_expect_str_eq(d->task, "task");
    for (int c = 0; c < 4; c++) cr_expect(rv_cpuset_has(&d->cpus, c), "default cpus all: %d", c);
    cr_expect(!rv_cpuset_has(&d->cpus, 4));
    cr_expect_float_eq(d->busy_frac, 1, 0);
    cr_expect_float_eq(d->user_frac, 0.5, 0);
    cr_expect_float_eq(d->busy_period_ms, 10, 0);
    cr_expect_float_eq(d->burst_mean, 1, 0);
    cr_expect_float_eq(d->readers[RV_SCHED].rate_per_s + d->call_rcu_per_s[RV_BH] + d->ctxsw_per_s, 0, 0);
    cr_expect_str_eq(p->task, "hackbench");
    cr_expect(rv_cpuset_has(&p->cpus, 1) && rv_cpuset_has(&p->cpus, 3) && !rv_cpuset_has(&p->cpus, 2));
    cr_expect_float_eq(p->start_s, 0.25, 0);
    cr_expect_float_eq(p->end_s, 2, 0); /* an end past the run's is allowed: the phase lasts to the end */
    cr_expect_float_eq(p->busy_frac, 0.25, 0);
    cr_expect_float_eq(p->user_frac, 0, 0);
    cr_expect_float_eq(p->readers[RV_PREEMPT].long_us, 50000, 0);
    cr_expect_float_eq(p->readers[RV_PREEMPT].preempt_prob, 0.1, 0);
    cr_expect_float_eq(p->readers[RV_SCHED].rate_per_s, 3, 0, "\"sched\" names rcu_sched");
    cr_expect_float_eq(p->call_rcu_per_s[RV_BH], 9, 0);
    cr_expect_float_eq(p->sync_per_s[RV_SCHED], 0.5, 0);
    cr_expect_float_eq(p->kfree_rcu_per_s, 6, 0);
    cr_expect_float_eq(p->burst_mean, 8, 0);
    cr_expect_eq(p->torture_fake_writers, 4);
    cr_expect(p->torture_writer);
    cr_expect_eq(p->torture_flavor, RV_BH);
    rv_config_free(&cfg);
}

Test(scenario_load, events_are_sorted_stably_and_defaulted)
{
    const char *text = "{" MIN ",\"events\":["
                       "{\"at_s\":0.5,\"kind\":\"offline\",\"cpu\":3},"
                       "{\"at_s\":0.2,\"kind\":\"idle\",\"cpu\":\"all\"},"
                       "{\"at_s\":0.5,\"kind\":\"call_rcu_burst\",\"cpu\":1,\"flavor\":\"rcu_bh\",\"count\":1000},"
                       "{\"at_s\":0.1,\"kind\":\"preempt_reader\",\"cpu\":2,\"duration_s\":0.25},"
                       "{\"kind\":\"force_qs\"}]}";
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(text, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_assert_eq(cfg.nevents, 5);
    cr_expect_eq(cfg.events[0].kind, RV_INJ_FORCE_QS);
    cr_expect_eq(cfg.events[0].flavor, RV_SCHED);
    cr_expect_eq(cfg.events[1].kind, RV_INJ_PREEMPT_READER);
    cr_expect_eq(cfg.events[1].flavor, RV_PREEMPT);
    cr_expect_float_eq(cfg.events[1].duration_s, 0.25, 0);
    cr_expect_eq(cfg.events[2].kind, RV_INJ_IDLE);
    cr_expect_eq(cfg.events[2].cpu, -1);
    cr_expect_eq(cfg.events[3].kind, RV_INJ_OFFLINE, "equal times keep file order");
    cr_expect_eq(cfg.events[3].cpu, 3);
    cr_expect_eq(cfg.events[4].kind, RV_INJ_CALL_RCU_BURST);
    cr_expect_eq(cfg.events[4].count, 1000);
    cr_expect_eq(cfg.events[4].flavor, RV_BH);
    rv_config_free(&cfg);
}

Test(scenario_load, captions_and_expects)
{
    const char *text = "{\"name\":\"m\",\"cpus\":4,\"duration_s\":3,\"captions\":[{\"at_s\":2,\"text\":\"second\"},{\"at_s\":1,\"until_s\":1.5,\"text\":\"first\"}],"
                       "\"expect\":[{\"path\":\"stalls.length\",\"equals\":0,\"why\":\"none\"},"
                       "{\"path\":\"stalls.0.flavor\",\"equals\":\"rcu_sched\"},{\"path\":\"cpus\",\"min\":1,\"max\":4},"
                       "{\"path\":\"busted\",\"equals\":true}]}";
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse(text, "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_assert_eq(cfg.ncaptions, 2);
    cr_expect_str_eq(cfg.captions[0].text, "first");
    cr_expect_float_eq(cfg.captions[0].until_s, 1.5, 0);
    cr_expect_str_eq(cfg.captions[1].text, "second");
    cr_assert_eq(cfg.nexpects, 4);
    cr_expect(cfg.expects[0].has_equals && cfg.expects[0].equals == 0 && !cfg.expects[0].has_min);
    cr_expect_str_eq(cfg.expects[0].why, "none");
    cr_expect(cfg.expects[1].has_equals_str && !cfg.expects[1].has_equals);
    cr_expect_str_eq(cfg.expects[1].equals_str, "rcu_sched");
    cr_expect(cfg.expects[2].has_min && cfg.expects[2].has_max && cfg.expects[2].max == 4);
    cr_expect(cfg.expects[3].has_equals && cfg.expects[3].equals == 1);
    rv_config_free(&cfg);
}

Test(scenario_load, shipped_small_busy_loads)
{
    rv_config cfg;
    const char *root = getenv("RCUVIS_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root ? root : ".");
    cr_assert_eq(rv_scenario_load(path, &cfg, err, sizeof err), 0, "%s", err);
    cr_expect_eq(cfg.cpus, 4);
    cr_expect_eq(cfg.rcu.mode, RV_MODE_KTHREAD);
    cr_expect_str_eq(cfg.path, path);
    cr_expect(cfg.nphases >= 1 && cfg.nevents >= 2 && cfg.ncaptions >= 4 && cfg.nexpects >= 3);
    rv_config_free(&cfg);
}

/* ---------------------------------------------------------------- syntax errors: line:col and what */

Test(scenario_syntax, missing_comma_points_at_next_key)
{
    bad("{\"name\":\"x\",\n \"cpus\": 4\n \"duration_s\":1}",
        "t.json:3:2: syntax error: expected ',' or '}' after the value of \"cpus\", found '\"' (a missing comma?)");
}

Test(scenario_syntax, trailing_comma)
{
    bad("{\"name\":\"x\",}", "t.json:1:13: syntax error: expected a key after ',', found '}' (JSON allows no trailing comma)");
    bad("{\"a\":[1,2,]}", "t.json:1:11: syntax error: expected a value after ',', found ']' (JSON allows no trailing comma)");
}

Test(scenario_syntax, unterminated_string_and_eof)
{
    bad("{\"name\":\"x", "t.json:1:11: syntax error: unterminated string (it starts at line 1, column 9)");
    bad("", "t.json:1:1: syntax error: expected a value, found end of file");
    bad("{\"name\":", "t.json:1:9: syntax error: expected a value, found end of file");
    bad("{\n  \"name\": \"a\n\"}", "t.json:2:13: syntax error: expected '\"' to end the string, found a line break");
}

Test(scenario_syntax, bad_tokens)
{
    bad("{\"cpus\": yes}", "t.json:1:10: syntax error: expected a value, found \"yes\"");
    bad("{\"cpus\": tru}", "t.json:1:10: syntax error: expected a value, found \"tru\"");
    bad("{\n// comment\n}", "t.json:2:1: syntax error: expected a key in double quotes or '}', found '/' (JSON has no comments)");
    bad("{'name': 1}", "t.json:1:2: syntax error: expected a key in double quotes or '}', found a single quote (JSON strings use double quotes)");
    bad("{\"cpus\": 04}", "t.json:1:10: syntax error: a number cannot have a leading zero");
    bad("{\"cpus\": 1.}", "t.json:1:12: syntax error: expected a digit after '.', found '}'");
    bad("{\"cpus\" 4}", "t.json:1:9: syntax error: expected ':' after the key \"cpus\", found \"4\"");
    bad("{} x", "t.json:1:4: syntax error: expected end of file after the JSON value, found \"x\"");
    /* a string whose closing quote is missing runs on to the next quote, and a bare word follows */
    bad("{\"name\": \"The end, \"cpus\": 4}",
        "t.json:1:21: syntax error: expected ',' or '}' after the value of \"name\", found \"cpus\" (a string missing its closing "
        "quote? this value ran on to the quote before it)");
    /* a file saved as UTF-16 ("found a non-ASCII character" named no encoding) */
    bad("\xff\xfe{\"", "t.json:1:1: syntax error: expected a value, found a UTF-16 byte order mark (the file is UTF-16: save it as UTF-8)");
    bad("{\"a\":\"\\q\"}", "t.json:1:7: syntax error: invalid escape '\\q' in a string");
    bad("{\"a\":\"x\\u0000\"}", "t.json:1:8: syntax error: '\\u0000' (a NUL character) cannot appear in a string");
}

/* JSON text is UTF-8 (RFC 8259 8.1). A Latin-1 "café" (0xE9) was accepted: `run --json` then wrote
 * the raw byte into its report and the window drew a box. Every string, a key too, is checked: the
 * message names the string's JSON path, the byte and its offset in the file. */
Test(scenario_syntax, text_that_is_not_utf8_is_refused_with_its_path)
{
    bad("{\"name\":\"caf\xe9\",\"cpus\":2,\"duration_s\":1}",
        "t.json:1:13: $.name: expected UTF-8 text, got the byte 0xe9 at file offset 12 (after \"caf\"), the start of a "
        "3-byte character, but byte 2 is '\"', not a continuation byte; in Latin-1 0xe9 is \"\xc3\xa9\"; save the file as UTF-8");
    bad("{" MIN ",\"captions\":[{\"at_s\":0,\"text\":\"ok\"},{\"at_s\":0.5,\"text\":\"x \x80\"}]}",
        "t.json:1:94: $.captions[1].text: expected UTF-8 text, got the byte 0x80 at file offset 93 (after \"x \"), a "
        "continuation byte with no character before it; save the file as UTF-8");
    /* a cue's title, a key, overlong forms, surrogates, past U+10FFFF */
    bad("{" MIN ",\"cues\":[{\"at_s\":0,\"title\":\"\xc0\xaf\"}]}",
        "t.json:1:64: $.cues[0].title: expected UTF-8 text, got the byte 0xc0 at file offset 63, the start of an overlong "
        "form, which UTF-8 forbids; in Latin-1 0xc0 is \"\xc3\x80\"; save the file as UTF-8");
    bad("{\"n\xffme\":1}", "t.json:1:4: $ (one of its keys): expected UTF-8 text, got the byte 0xff at file offset 3 (after "
        "\"n\"), never used in UTF-8; in Latin-1 0xff is \"\xc3\xbf\"; save the file as UTF-8");
    bad("{\"a\":[\"\xed\xa0\x80\"]}", "t.json:1:8: $.a[0]: expected UTF-8 text, got the byte 0xed at file offset 7, with "
        "0xa0 after it the start of a UTF-16 surrogate, which UTF-8 forbids; in Latin-1 0xed is \"\xc3\xad\"; save the file as UTF-8");
    bad("{\"a\":\"\xf4\x90\x80\x80\"}", "t.json:1:7: $.a: expected UTF-8 text, got the byte 0xf4 at file offset 6, with "
        "0x90 after it the start of a code point past U+10FFFF; in Latin-1 0xf4 is \"\xc3\xb4\"; save the file as UTF-8");
    /* after a byte order mark, the offset counts from the file's first byte */
    bad("\xef\xbb\xbf{\"a\":\"\xe2\x82\"}", "t.json:1:7: $.a: expected UTF-8 text, got the byte 0xe2 at file offset 9, the "
        "start of a 3-byte character, but byte 3 is '\"', not a continuation byte; in Latin-1 0xe2 is \"\xc3\xa2\"; save the file as UTF-8");
    /* UTF-8 of every length, and escapes, are fine */
    cr_expect_eq(parse("{\"name\":\"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80 \\u00e9 \\ud83d\\ude00\",\"cpus\":2,\"duration_s\":1}"), 0,
                 "%s", err);
}

/* cJSON refuses a lone UTF-16 surrogate escape; the loader then could only say that cJSON gave up */
Test(scenario_syntax, a_lone_surrogate_escape_is_named)
{
    bad("{\"a\":\"x\\ud800\"}", "t.json:1:8: syntax error: '\\ud800' is the first half of a UTF-16 surrogate pair, "
        "without the second (\\udc00..\\udfff) after it");
    bad("{\"a\":\"x\\ud800\\u0041\"}", "t.json:1:8: syntax error: '\\ud800' is the first half of a UTF-16 surrogate pair, "
        "without the second (\\udc00..\\udfff) after it");
    bad("{\"a\":\"\\uDC00\"}", "t.json:1:7: syntax error: '\\uDC00' is the second half of a UTF-16 surrogate pair, "
        "without the first (\\ud800..\\udbff) before it");
}

Test(scenario_syntax, columns_count_characters_not_bytes)
{
    /* "é" is two bytes in UTF-8 but one column in an editor */
    bad("{\"description\":\"é\" \"x\"}",
        "t.json:1:20: syntax error: expected ',' or '}' after the value of \"description\", found '\"' (a missing comma?)");
}

Test(scenario_syntax, byte_order_mark_is_skipped)
{
    cr_expect_eq(parse("\xEF\xBB\xBF{" MIN "}"), 0, "%s", err);
}

/* ---------------------------------------------------------------- schema errors: path, expected, got */

Test(scenario_schema, wrong_types_name_what_was_found)
{
    bad("{\"name\":\"m\",\"cpus\":\"16\",\"duration_s\":1}", "t.json: $.cpus: expected an integer 1..4096, got a string \"16\"");
    bad("{" MIN ",\"rcu\":[]}", "t.json: $.rcu: expected an object, got an array");
    bad("{" MIN ",\"rcu\":{\"no_hz\":1}}", "t.json: $.rcu.no_hz: expected true or false, got 1");
    bad("{\"name\":5,\"cpus\":4,\"duration_s\":1}", "t.json: $.name: expected a string, got 5");
    bad("{" MIN ",\"workload\":[{\"busy_frac\":true}]}", "t.json: $.workload[0].busy_frac: expected a number 0..1, got true");
    bad("{" MIN ",\"workload\":{}}", "t.json: $.workload: expected an array, got an object");
    bad("{" MIN ",\"workload\":[{\"readers\":{\"rcu_bh\":null}}]}", "t.json: $.workload[0].readers.rcu_bh: expected an object, got null");
    bad("[1]", "t.json: $: expected an object with \"name\", \"cpus\" and \"duration_s\", got an array");
}

Test(scenario_schema, out_of_range)
{
    bad("{" MIN ",\"rcu\":{\"fanout_leaf\":100}}", "t.json: $.rcu.fanout_leaf: expected an integer 2..64, got 100");
    bad("{" MIN ",\"rcu\":{\"fanout\":16.5}}", "t.json: $.rcu.fanout: expected an integer 2..64, got 16.5");
    bad("{" MIN ",\"hz\":5}", "t.json: $.hz: expected an integer 10..10000, got 5");
    bad("{\"name\":\"m\",\"cpus\":4,\"duration_s\":0}", "t.json: $.duration_s: expected a number above 0 and at most 604800, got 0");
    /* the engine counts whole nanoseconds: 1e-12 s ran 0 s and printed an empty report */
    bad("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1e-12}", "t.json: $.duration_s: expected at least 1e-09 (one nanosecond, the simulation's unit), got 1e-12");
    bad("{" MIN ",\"rcu\":{\"jiffies_till_first_fqs\":2000}}", "t.json: $.rcu.jiffies_till_first_fqs: expected an integer 0..1000, got 2000");
    bad("{" MIN ",\"rcu\":{\"qhimark\":10,\"qlowmark\":20}}", "t.json: $.rcu.qlowmark: expected at most qhimark (10), got 20");
    bad("{" MIN ",\"rcu\":{\"nr_cpus_compiled\":2}}", "t.json: $.rcu.nr_cpus_compiled: expected 0 or an integer 4..4096 (at least cpus), got 2; a kernel built for fewer CPUs cannot boot 4: raise it too (--set rcu.nr_cpus_compiled=4)");
    bad("{" MIN ",\"costs\":{\"tick_ns\":-1}}", "t.json: $.costs.tick_ns: expected an integer 0..1000000000, got -1");
    /* an escape sequence in the name would reach the terminal raw in run's summary */
    bad("{\"name\":\"a\\u001b[2Jb\",\"cpus\":4,\"duration_s\":1}",
        "t.json: $.name: expected a name without control characters (tab, newline, escape ...), got a string \"a\\u001b[2Jb\"");
    /* 2^53 + 1 as a number parses to 2^53: refused, not run with a seed one less than written */
    bad("{" MIN ",\"seed\":9007199254740993}", "t.json: $.seed: expected an integer 0..9007199254740991 (or a decimal string up to 2^64-1), got 9007199254740993");
    bad("{" MIN ",\"seed\":-3}", "t.json: $.seed: expected an integer 0..9007199254740991 (or a decimal string up to 2^64-1), got -3");
    bad("{" MIN ",\"seed\":\"18446744073709551616\"}",
        "t.json: $.seed: expected an integer 0..9007199254740991 (or a decimal string up to 2^64-1), got a string \"18446744073709551616\"");
    bad("{" MIN ",\"workload\":[{\"start_s\":0.5,\"end_s\":0.3}]}",
        "t.json: $.workload[0].end_s: expected 0 (until the end) or a time after start_s (0.5), got 0.3");
    bad("{" MIN ",\"workload\":[{\"readers\":{\"rcu_sched\":{\"preempt_prob\":0.5}}}]}",
        "t.json: $.workload[0].readers.rcu_sched.preempt_prob: only rcu_preempt readers can be preempted; expected 0 for rcu_sched, got 0.5");
    bad("{" MIN ",\"workload\":[{\"task\":\"a-task-name-that-is-far-too-long\"}]}",
        "t.json: $.workload[0].task: expected a string of at most 31 bytes, got 32 bytes");
}

/* A time key typed without its unit ("at" for "at_s") is two edits from it, too many for a short word:
 * it was answered with the list of valid keys instead of the one meant */
Test(scenario_schema, a_time_key_without_its_unit_names_the_key)
{
    bad("{" MIN ",\"captions\":[{\"at\":0.5,\"text\":\"a\"}]}", "t.json: $.captions[0].at: unknown key; did you mean \"at_s\"?");
    bad("{" MIN ",\"captions\":[{\"at_s\":0.5,\"until\":0.7,\"text\":\"a\"}]}",
        "t.json: $.captions[0].until: unknown key; did you mean \"until_s\"?");
}

/* An author who thinks in kernels wrote "3.7" in a condition and got no "did you mean", though an
 * expect's equals on "mode" names kthread for it: rcu.mode and when.mode now name the mode of the
 * kernel written (a string, "v3.6", or a bare number), and a misspelling keeps its nearest name. */
Test(scenario_schema, a_kernel_version_for_a_mode_names_the_mode)
{
    bad("{" MIN ",\"rcu\":{\"mode\":\"3.7\"}}",
        "t.json: $.rcu.mode: expected \"softirq\" or \"kthread\", got \"3.7\"; did you mean \"kthread\"?");
    bad("{" MIN ",\"rcu\":{\"mode\":3.6}}",
        "t.json: $.rcu.mode: expected \"softirq\" or \"kthread\", got 3.6; did you mean \"softirq\"?");
    bad("{" MIN ",\"captions\":[{\"text\":\"a\",\"when\":{\"mode\":\"v3.6\"}}]}",
        "t.json: $.captions[0].when.mode: expected \"softirq\" or \"kthread\", got \"v3.6\"; did you mean \"softirq\"?");
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"wake\",\"when\":{\"mode\":3.7}}]}",
        "t.json: $.events[0].when.mode: expected \"softirq\" or \"kthread\", got 3.7; did you mean \"kthread\"?");
    bad("{" MIN ",\"rcu\":{\"mode\":\"kthred\"}}",
        "t.json: $.rcu.mode: expected \"softirq\" or \"kthread\", got \"kthred\"; did you mean \"kthread\"?");
    bad("{" MIN ",\"rcu\":{\"mode\":\"3.8\"}}", "t.json: $.rcu.mode: expected \"softirq\" or \"kthread\", got \"3.8\"");
}

Test(scenario_schema, unknown_keys_suggest_the_nearest)
{
    bad("{" MIN ",\"nmae\":\"x\"}", "t.json: $.nmae: unknown key; did you mean \"name\"?");
    bad("{" MIN ",\"fanout\":3}", "t.json: $.fanout: unknown key; did you mean \"rcu.fanout\"?");
    bad("{" MIN ",\"rcu\":{\"fanoutleaf\":16}}", "t.json: $.rcu.fanoutleaf: unknown key; did you mean \"fanout_leaf\"?");
    bad("{" MIN ",\"workload\":[{\"busy_fraction\":1}]}", "t.json: $.workload[0].busy_fraction: unknown key; did you mean \"busy_frac\"?");
    bad("{" MIN ",\"workload\":[{\"readers\":{\"rcu_sced\":{}}}]}", "t.json: $.workload[0].readers.rcu_sced: unknown key; did you mean \"rcu_sched\"?");
    bad("{" MIN ",\"workload\":[{\"readers\":{\"rcu_bh\":{\"rate\":1}}}]}", "t.json: $.workload[0].readers.rcu_bh.rate: unknown key; did you mean \"rate_per_s\"?");
    bad("{" MIN ",\"events\":[{\"kind\":\"idle\",\"durtion_s\":1}]}", "t.json: $.events[0].durtion_s: unknown key; did you mean \"duration_s\"?");
    /* where the key meant is required and so missing too, that is the same typo: one message, which
     * says so, not a second "required key missing" (an author read two mistakes) */
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"kernel_loop\",\"cpu\":2,\"duraton_s\":6}]}",
        "t.json: $.events[0].duraton_s: unknown key; did you mean \"duration_s\" (required, missing)?");
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"long_reader\",\"cpuu\":1,\"duraton_s\":6}]}",
        "t.json: $.events[0].cpuu: unknown key; did you mean \"cpu\" (required, missing)?\n"
        "t.json: $.events[0].duraton_s: unknown key; did you mean \"duration_s\" (required, missing)?");
    bad("{\"nmae\":\"m\",\"cpus\":4,\"duration_s\":1}", "t.json: $.nmae: unknown key; did you mean \"name\" (required, missing)?");
    bad("{" MIN ",\"costs\":{\"zzz\":1}}",
        "t.json: $.costs.zzz: unknown key; valid here: node_lock_ns, node_init_ns, cache_miss_ns, qs_report_ns, note_gp_ns, "
        "cb_invoke_ns, call_rcu_ns, softirq_entry_ns, tick_ns, wakeup_ns, local_wakeup_ns, sched_switch_ns, timer_ns, ctxsw_ns, "
        "kthread_latency_ns, ksoftirqd_latency_ns");
    bad("{" MIN ",\"cpus\":4}", "t.json:1:37: $.cpus: duplicate key (only one value is allowed; the first is at line 1, column 13)");
    bad("{" MIN ",\"rcu\":{\"aaaaaa\":1,\"bbbbbb\":2}}",
        "t.json: $.rcu.aaaaaa: unknown key; valid here: mode, fanout, config_64bit, fanout_leaf, no_hz, stall_timeout_s, "
        "jiffies_till_first_fqs, jiffies_till_next_fqs, needs_gp_fix, busted, blimit, qhimark, qlowmark, flavors, "
        "size_tree_by_nr_cpus, nr_cpus_compiled, rcu_boost, fast_no_hz, comment\n"
        "t.json: $.rcu.bbbbbb: unknown key (valid keys listed above)");
}

Test(scenario_schema, bad_enums_and_flavors)
{
    bad("{" MIN ",\"rcu\":{\"mode\":\"threaded\"}}", "t.json: $.rcu.mode: expected \"softirq\" or \"kthread\", got \"threaded\"");
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\",\"rcu_shed\"]}}",
        "t.json: $.rcu.flavors[1]: expected \"rcu_sched\", \"rcu_bh\" or \"rcu_preempt\", got \"rcu_shed\"; did you mean \"rcu_sched\"?");
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_bh\",\"bh\"]}}", "t.json: $.rcu.flavors[1]: rcu_bh is listed twice");
    bad("{" MIN ",\"rcu\":{\"flavors\":[]}}",
        "t.json: $.rcu.flavors: expected an array of flavor names like [\"rcu_sched\", \"rcu_bh\"], got an empty array");
    bad("{" MIN ",\"workload\":[{\"torture\":{\"flavor\":\"srcu\"}}]}",
        "t.json: $.workload[0].torture.flavor: expected \"rcu_sched\", \"rcu_bh\" or \"rcu_preempt\", got \"srcu\"");
    bad("{" MIN ",\"events\":[{\"kind\":\"long_readr\",\"cpu\":0}]}",
        "t.json: $.events[0].kind: expected one of \"long_reader\", \"preempt_reader\", \"kernel_loop\", \"idle\", \"wake\", "
        "\"offline\", \"online\", \"call_rcu_burst\", \"synchronize\", \"force_qs\", got \"long_readr\"; did you mean \"long_reader\"?");
    /* a reader named for its flavor: one kind, long_reader, and a "flavor" (an author wrote "bh_reader") */
    bad("{" MIN ",\"events\":[{\"kind\":\"bh_reader\",\"cpu\":0}]}",
        "t.json: $.events[0].kind: expected an event kind, got \"bh_reader\"; a reader of rcu_bh is \"kind\": \"long_reader\" with "
        "\"flavor\": \"rcu_bh\"");
    bad("{" MIN ",\"events\":[{\"kind\":\"rcu_preempt_reader\",\"cpu\":0}]}",
        "t.json: $.events[0].kind: expected an event kind, got \"rcu_preempt_reader\"; an rcu_preempt reader is \"kind\": \"preempt_reader\"");
}

/* a phase's rates for a flavor the scenario does not run were dropped without a word */
Test(scenario_schema, phase_rates_for_a_disabled_flavor_are_refused)
{
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\"]},\"workload\":[{\"readers\":{\"rcu_preempt\":{\"rate_per_s\":10}}}]}",
        "t.json: $.workload[0].readers.rcu_preempt: rcu_preempt is not enabled (see rcu.flavors); add it to rcu.flavors "
        "or remove this entry");
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"sched\"]},\"workload\":[{},{\"call_rcu_per_s\":{\"rcu_sched\":1,\"bh\":10}}]}",
        "t.json: $.workload[1].call_rcu_per_s.bh: rcu_bh is not enabled (see rcu.flavors); add it to rcu.flavors "
        "or remove this entry");
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_bh\"]},\"workload\":[{\"sync_per_s\":{\"rcu_sched\":1}}]}",
        "t.json: $.workload[0].sync_per_s.rcu_sched: rcu_sched is not enabled (see rcu.flavors); add it to rcu.flavors "
        "or remove this entry");
    cr_expect_eq(parse("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_bh\"]},\"workload\":[{\"readers\":{\"rcu_bh\":{\"rate_per_s\":1,\"mean_us\":1}},"
                       "\"call_rcu_per_s\":{\"rcu_bh\":1}}]}"), 0, "%s", err);
}

/* rcutorture's writer and readers on a flavor the scenario does not run would do nothing */
Test(scenario_schema, torture_on_a_disabled_flavor_is_refused)
{
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\"]},\"workload\":[{\"torture\":{\"writer\":true,\"flavor\":\"rcu_bh\"}}]}",
        "t.json: $.workload[0].torture.flavor: rcu_bh is not enabled (see rcu.flavors); add it to rcu.flavors or pick an "
        "enabled flavor");
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_bh\"]},\"workload\":[{\"torture\":{\"writer\":true}}]}",
        "t.json: $.workload[0].torture.flavor: rcu_sched (the default) is not enabled (see rcu.flavors); add it to "
        "rcu.flavors or name an enabled flavor here");
    cr_expect_eq(parse("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_bh\"]},\"workload\":[{\"torture\":{\"flavor\":\"rcu_bh\"}}]}"), 0,
                 "%s", err);
}

Test(scenario_schema, bad_cpusets)
{
    bad("{" MIN ",\"workload\":[{},{\"cpus\":\"0-7\"}]}", "t.json: $.workload[1].cpus: expected CPUs below 4, got \"0-7\"");
    bad("{" MIN ",\"workload\":[{\"cpus\":\"1-\"}]}", "t.json: $.workload[0].cpus: expected a CPU list like \"0-3,8\" or \"all\", got \"1-\"");
    /* a range written high to low is named, with the way round it goes (it read as a typo to find) */
    bad("{" MIN ",\"workload\":[{\"cpus\":\"0,3-1\"}]}", "t.json: $.workload[0].cpus: expected a CPU list like \"0-3,8\" or "
        "\"all\", got \"0,3-1\": the range 3-1 runs backwards (write 1-3)");
    /* a CPU named twice was taken silently (the union); the author meant something else, so which CPU
     * and the two items that name it are said, with the list that names each once */
    bad("{" MIN ",\"workload\":[{\"cpus\":\"0-3,2\"}]}", "t.json: $.workload[0].cpus: expected a CPU list that names each CPU "
        "once, got \"0-3,2\": CPU 2 appears twice, in 0-3 and in 2 (write 0-3)");
    bad("{" MIN ",\"offline_cpus\":\"1,0-1\"}", "t.json: $.offline_cpus: expected a CPU list that names each CPU once, got "
        "\"1,0-1\": CPU 1 appears twice, in 1 and in 0-1 (write 0-1)");
    bad("{" MIN ",\"workload\":[{\"cpus\":\"0,2,2\"}]}", "t.json: $.workload[0].cpus: expected a CPU list that names each CPU "
        "once, got \"0,2,2\": CPU 2 appears twice, in 2 and in 2 (write 0,2)");
    cr_expect_eq(parse("{" MIN ",\"workload\":[{\"cpus\":\"0-1,3\"}]}"), 0, "no CPU twice: %s", err);
    bad("{" MIN ",\"workload\":[{\"cpus\":[0,1]}]}", "t.json: $.workload[0].cpus: expected a CPU list like \"0-3,8\" or \"all\", got an array");
    /* A bare number was read as one CPU when it was one, so "cpus": 3 in a phase silently meant CPU 3
     * alone while looking like a count. Every number is refused, with the strings it could mean. */
    bad("{" MIN ",\"workload\":[{\"cpus\":4}]}",
        "t.json: $.workload[0].cpus: expected a CPU list string such as \"0-3\" (the first 4 CPUs), got 4 (a number)");
    bad("{" MIN ",\"workload\":[{\"cpus\":3}]}",
        "t.json: $.workload[0].cpus: expected a CPU list string such as \"3\" (CPU 3 alone) or \"0-2\" (the first 3 CPUs), got 3 (a number)");
    bad("{" MIN ",\"workload\":[{\"cpus\":0}]}",
        "t.json: $.workload[0].cpus: expected a CPU list string such as \"0\" (CPU 0 alone), got 0 (a number)");
    bad("{" MIN ",\"workload\":[{\"cpus\":1.5}]}",
        "t.json: $.workload[0].cpus: expected a CPU list string such as \"0-3\" or \"all\" (the machine has CPUs 0..3), got 1.5 (a number)");
    bad("{" MIN ",\"offline_cpus\":-1}",
        "t.json: $.offline_cpus: expected a CPU list string such as \"0-3\" or \"all\" (the machine has CPUs 0..3), got -1 (a number)");
    bad("{" MIN ",\"offline_cpus\":2}",
        "t.json: $.offline_cpus: expected a CPU list string such as \"2\" (CPU 2 alone) or \"0-1\" (the first 2 CPUs), got 2 (a number)");
    cr_expect_eq(parse("{" MIN ",\"workload\":[{\"cpus\":\"3\"}],\"offline_cpus\":\"2\"}"), 0, "the string forms: %s", err);
    bad("{" MIN ",\"offline_cpus\":\"0-3\"}", "t.json: $.offline_cpus: expected at least one CPU left online, got all 4 offline");
}

Test(scenario_schema, events_need_what_their_kind_uses)
{
    bad("{" MIN ",\"events\":[{\"kind\":\"offline\"}]}", "t.json: $.events[0].cpu: required key missing");
    bad("{" MIN ",\"events\":[{\"kind\":\"offline\",\"cpu\":\"all\"}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3 (offline acts on one CPU), got a string \"all\"");
    bad("{" MIN ",\"events\":[{\"kind\":\"wake\",\"cpu\":4}]}", "t.json: $.events[0].cpu: expected a CPU 0..3, or -1 or \"all\", got 4");
    /* a CPU list where one CPU goes: an author who wanted CPUs 4-7 idle was told only what one event takes,
     * so the message says where to go for several */
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"idle\",\"cpu\":\"2-3\"}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3, or -1 or \"all\", got a string \"2-3\": an event takes one CPU, or all of "
        "them; for several, write one idle event per CPU, or, for CPUs idle from the start, leave them out of every phase's "
        "\"cpus\" (a CPU no phase covers is idle; see \"Idle CPUs and dyntick-idle\" in docs/authoring.md)");
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"offline\",\"cpu\":\"1,2\"}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3 (offline acts on one CPU), got a string \"1,2\": for several, write one "
        "offline event per CPU, or, for CPUs offline from boot, list them in offline_cpus");
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"kernel_loop\",\"cpu\":\"0-1\",\"duration_s\":1}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3 (kernel_loop acts on one CPU), got a string \"0-1\": for several, write one "
        "kernel_loop event per CPU");
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"idle\",\"cpu\":\"x\"}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3, or -1 or \"all\", got a string \"x\"");
    bad("{" MIN ",\"events\":[{\"kind\":\"long_reader\",\"cpu\":1}]}", "t.json: $.events[0].duration_s: required key missing");
    bad("{" MIN ",\"events\":[{\"kind\":\"preempt_reader\",\"cpu\":1,\"duration_s\":1,\"flavor\":\"rcu_bh\"}]}",
        "t.json: $.events[0].flavor: a preempt_reader is always rcu_preempt, got rcu_bh");
    /* a caption's trigger watching a flavor that is not enabled: the remedy, as for events and cues */
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\"]},\"captions\":[{\"on\":{\"event\":\"stall\",\"flavor\":\"rcu_bh\"},\"text\":\"x\"}]}",
        "t.json: $.captions[0].on.flavor: rcu_bh is not enabled (see rcu.flavors); add it to rcu.flavors or watch an enabled "
        "flavor (rcu_sched)");
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\"]},\"events\":[{\"kind\":\"synchronize\",\"cpu\":0,\"flavor\":\"rcu_bh\"}]}",
        "t.json: $.events[0].flavor: rcu_bh is not enabled (see rcu.flavors); add it to rcu.flavors or pick an enabled "
        "flavor (rcu_sched)");
    bad("{" MIN ",\"events\":[{\"kind\":\"call_rcu_burst\",\"cpu\":0,\"count\":0}]}",
        "t.json: $.events[0].count: expected an integer 1..1000000000, got 0");
}

/* A duplicate key named only its JSON path: it now says where in the file it is, and where the
 * first one is (a scenario's rcu block can run over many lines). */
Test(scenario_schema, duplicate_key_says_where_both_are)
{
    bad("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1,\n \"rcu\": {\"mode\": \"kthread\",\n   \"mode\": \"softirq\"}}",
        "t.json:3:4: $.rcu.mode: duplicate key (only one value is allowed; the first is at line 2, column 10)");
    /* inside arrays, after a byte order mark (columns count from after it, as an editor shows them) */
    bad("\xEF\xBB\xBF{" MIN ",\"events\":[{\"kind\":\"wake\"},\n{\"kind\":\"idle\",\"cpu\":0,\"cpu\":1}]}",
        "t.json:2:24: $.events[1].cpu: duplicate key (only one value is allowed; the first is at line 2, column 16)");
    bad("{" MIN ",\"workload\":[{\"readers\":{\"sched\":{},\n  \"rcu_sched\":{}}}]}",
        "t.json:2:3: $.workload[0].readers.rcu_sched: duplicate key (rcu_sched is already given)");
}

/* "cpu": 3.5 said "expected a CPU 0..7 ..., got 3.5", a value inside the range */
Test(scenario_schema, a_fractional_cpu_is_called_not_whole)
{
    bad("{" MIN ",\"events\":[{\"kind\":\"kernel_loop\",\"cpu\":2.5,\"duration_s\":1}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3 (kernel_loop acts on one CPU), got 2.5, which is not a whole number");
    bad("{" MIN ",\"events\":[{\"kind\":\"idle\",\"cpu\":0.5}]}",
        "t.json: $.events[0].cpu: expected a CPU 0..3, or -1 or \"all\", got 0.5, which is not a whole number");
}

/* A newline or tab in a caption passed check and was drawn as a box in the caption strip and the
 * timeline's lane; every text the window or a terminal shows refuses control characters, saying
 * which one, where, and what to write instead. */
Test(scenario_schema, shown_text_refuses_control_characters)
{
    bad("{" MIN ",\"captions\":[{\"at_s\":0,\"text\":\"First line.\\nSecond line.\\tTabbed.\"}]}",
        "t.json: $.captions[0].text: expected a caption without control characters, got a newline (\\n) at character 12 "
        "of \"First line.\\nSecond line.\\tTabbed.\"; the strip wraps a caption to its width: write a space instead");
    bad("{" MIN ",\"cues\":[{\"at_s\":0,\"title\":\"a\\tb\",\"caption\":\"é\\u001b[2J\"}]}",
        "t.json: $.cues[0].title: expected a title without control characters, got a tab (\\t) at character 2 of "
        "\"a\\tb\"; it is one line of the top bar: write a space instead\n"
        "t.json: $.cues[0].caption: expected a caption without control characters, got an escape (\\u001b) at "
        "character 2 of \"é\\u001b[2J\"; the strip wraps a caption to its width: write a space instead");
    bad("{" MIN ",\"workload\":[{\"task\":\"cc\\r1\"}]}",
        "t.json: $.workload[0].task: expected a task name without control characters, got a carriage return (\\r) at "
        "character 3 of \"cc\\r1\"; it is one line of the CPU tiles: write a space instead");
    bad("{" MIN ",\"expect\":[{\"path\":\"cpus\",\"min\":1,\"why\":\"one\\u007f\"}]}",
        "t.json: $.expect[0].why: expected a reason without control characters, got control character \\u007f at "
        "character 4 of \"one\\u007f\"; it is printed on its assertion's one line: write a space instead");
    bad("{" MIN ",\"expect\":[{\"path\":\"cp\\u0001us\",\"min\":1}]}",
        "t.json: $.expect[0].path: expected a dotted path into the report like \"flavors.rcu_sched.grace_periods\", got "
        "\"cp\\u0001us\"");
    /* the description is shown only in the window's scenario picker, which breaks the line at a newline */
    bad("{" MIN ",\"description\":\"Two lines\\nare fine.\\tA tab is not.\"}",
        "t.json: $.description: expected a description without control characters, got a tab (\\t) at character 20 of "
        "\"Two lines\\nare fine.\\tA tab is not.\"; write a space instead (a newline is fine: the picker breaks the line "
        "there)");
    cr_expect_eq(parse("{" MIN ",\"description\":\"Two lines\\nare fine.\"}"), 0, "%s", err);
    /* event and rcu comments are never shown: free text, as before */
    cr_expect_eq(parse("{" MIN ",\"rcu\":{\"comment\":\"a\\tb\"},\"events\":[{\"kind\":\"wake\",\"comment\":\"x\\ny\"}]}"), 0,
                 "%s", err);
}

/* CONFIG_RCU_BOOST boosts rcu_preempt only (Kconfig: depends on TREE_PREEMPT_RCU): without that
 * flavor the key changed nothing, without a word */
Test(scenario_schema, rcu_boost_needs_rcu_preempt)
{
    bad("{" MIN ",\"rcu\":{\"rcu_boost\":true,\"flavors\":[\"rcu_sched\",\"rcu_bh\"]}}",
        "t.json: $.rcu.rcu_boost: needs rcu_preempt in flavors (CONFIG_RCU_BOOST depends on CONFIG_TREE_PREEMPT_RCU), "
        "got flavors without it");
    cr_expect_eq(parse("{" MIN ",\"rcu\":{\"rcu_boost\":false,\"flavors\":[\"rcu_sched\"]}}"), 0, "%s", err);
    cr_expect_eq(parse("{" MIN ",\"rcu\":{\"rcu_boost\":true,\"flavors\":[\"preempt\"]}}"), 0, "%s", err);
}

/* A key the event's kind does not read was dropped without a word: "duration_s" on an offline read
 * as "offline for 5 s" left the CPU offline to the end, and a flavor or count on a kernel_loop did
 * nothing. Each is refused, saying why and which keys the kind takes. */
Test(scenario_schema, events_refuse_keys_their_kind_does_not_take)
{
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"offline\",\"cpu\":1,\"duration_s\":5}]}",
        "t.json: $.events[0].duration_s: offline takes no duration_s (the CPU stays offline until an online event); "
        "keys for offline: kind, cpu, at_s or on, delay_s, when, first, at_step, comment");
    bad("{" MIN ",\"events\":[{\"kind\":\"kernel_loop\",\"cpu\":3,\"duration_s\":0.5,\"flavor\":\"rcu_bh\",\"count\":5}]}",
        "t.json: $.events[0].flavor: kernel_loop takes no flavor (a kernel loop is no reader of a flavor; a long_reader "
        "is); keys for kernel_loop: kind, cpu, duration_s, at_s or on, delay_s, when, first, at_step, comment\n"
        "t.json: $.events[0].count: kernel_loop takes no count (count is the number of callbacks a call_rcu_burst "
        "queues); its keys are listed above");
    bad("{" MIN ",\"events\":[{\"kind\":\"wake\",\"duration_s\":0.1}]}",
        "t.json: $.events[0].duration_s: wake takes no duration_s (a wake is instant; the idle event's duration_s says "
        "how long a CPU sleeps); keys for wake: kind, cpu, at_s or on, delay_s, when, first, at_step, comment");
    bad("{" MIN ",\"events\":[{\"kind\":\"synchronize\",\"cpu\":0,\"count\":2}]}",
        "t.json: $.events[0].count: synchronize takes no count (count is the number of callbacks a call_rcu_burst "
        "queues); keys for synchronize: kind, cpu, flavor, at_s or on, delay_s, when, first, at_step, comment");
    bad("{" MIN ",\"events\":[{\"kind\":\"idle\",\"flavor\":\"rcu_sched\"}]}",
        "t.json: $.events[0].flavor: idle takes no flavor (it acts on the CPU, for every flavor alike); keys for idle: "
        "kind, cpu, duration_s, at_s or on, delay_s, when, first, at_step, comment");
    /* a refused key's value is not read as well: one message, not a second about its range */
    bad("{" MIN ",\"events\":[{\"kind\":\"force_qs\",\"duration_s\":-7}]}",
        "t.json: $.events[0].duration_s: force_qs takes no duration_s (one force-quiescent-state pass runs at once); "
        "keys for force_qs: kind, cpu, flavor, at_s or on, delay_s, when, first, at_step, comment");
    /* every kind with every key it takes, as the window's recorder writes them */
    cr_expect_eq(parse("{" MIN ",\"events\":["
                       "{\"kind\":\"long_reader\",\"cpu\":0,\"flavor\":\"rcu_bh\",\"duration_s\":0.1},"
                       "{\"kind\":\"preempt_reader\",\"cpu\":0,\"flavor\":\"rcu_preempt\",\"duration_s\":0.1},"
                       "{\"kind\":\"kernel_loop\",\"cpu\":0,\"duration_s\":0.1},"
                       "{\"kind\":\"idle\",\"cpu\":\"all\",\"duration_s\":0},"
                       "{\"kind\":\"wake\",\"cpu\":-1},{\"kind\":\"offline\",\"cpu\":1},{\"kind\":\"online\",\"cpu\":1},"
                       "{\"kind\":\"call_rcu_burst\",\"cpu\":2,\"flavor\":\"rcu_sched\",\"count\":9},"
                       "{\"kind\":\"synchronize\",\"cpu\":2,\"flavor\":\"rcu_bh\"},"
                       "{\"kind\":\"force_qs\",\"cpu\":-1,\"flavor\":\"rcu_sched\",\"comment\":\"c\"}]}"), 0, "%s", err);
}

Test(scenario_schema, captions_and_expects)
{
    bad("{" MIN ",\"captions\":[{\"at_s\":0.5}]}", "t.json: $.captions[0].text: required key missing");
    bad("{" MIN ",\"expect\":[{\"path\":\"cpus\"}]}", "t.json: $.expect[0]: expected at least one of \"min\", \"max\" or \"equals\"");
    /* present with the wrong type: one message, what is wrong with it (no false "at least one of") */
    bad("{" MIN ",\"expect\":[{\"path\":\"cpus\",\"min\":\"10\"}]}",
        "t.json: $.expect[0].min: expected a number -1e+300..1e+300, got a string \"10\"");
    bad("{" MIN ",\"expect\":[{\"path\":\"cpus\",\"max\":null}]}", "t.json: $.expect[0].max: expected a number -1e+300..1e+300, got null");
    bad("{" MIN ",\"expect\":[{\"path\":\"cpus\",\"min\":5,\"max\":1}]}", "t.json: $.expect[0].max: expected at least min (5), got 1");
    bad("{" MIN ",\"expect\":[{\"path\":\"a..b\",\"min\":0}]}",
        "t.json: $.expect[0].path: expected a dotted path into the report like \"flavors.rcu_sched.grace_periods\", got \"a..b\"");
    bad("{" MIN ",\"expect\":[{\"path\":\"cpus\",\"equals\":[]}]}", "t.json: $.expect[0].equals: expected a number, a string or true/false, got an array; to test a list in the report, end the "
        "path with an element (.0, .1, ...) or with .length and compare that");
}

/* A moment the run never reaches is a mistake in the file, not a silently skipped event: at_s 99 in
 * a 1 s scenario used to load, and its event was never applied and never reported. */
Test(scenario_schema, event_after_the_end_is_refused)
{
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"idle\",\"cpu\":1},{\"at_s\":99,\"kind\":\"idle\",\"cpu\":1}]}",
        "t.json: $.events[1].at_s: expected a time before the scenario's end at 1 s (duration_s), got 99");
    /* the engine runs nothing at the end itself, so at_s = duration_s is after it too */
    bad("{" MIN ",\"events\":[{\"at_s\":1,\"kind\":\"wake\",\"cpu\":0}]}",
        "t.json: $.events[0].at_s: expected a time before the scenario's end at 1 s (duration_s), got 1");
    bad("{" MIN ",\"events\":[{\"at_s\":2,\"first\":true,\"at_step\":5,\"kind\":\"wake\",\"cpu\":0}]}",
        "t.json: $.events[0].at_s: expected a time before the scenario's end at 1 s (duration_s), got 2");
    /* a trigger happens at 0 s at the earliest: a delay as long as the run can never come due */
    bad("{" MIN ",\"events\":[{\"on\":{\"event\":\"gp_start\"},\"delay_s\":5,\"kind\":\"wake\",\"cpu\":0}]}",
        "t.json: $.events[0].delay_s: expected a delay shorter than the scenario's 1 s (duration_s), got 5: counted from "
        "its trigger, it would fall after the end");
    /* but a recorded one (first + at_step) is applied after its step even at the end, as it was injected */
    cr_expect_eq(parse("{" MIN ",\"events\":[{\"at_s\":1,\"first\":true,\"at_step\":5,\"kind\":\"wake\",\"cpu\":0}]}"), 0, "%s", err);
    cr_expect_eq(parse("{" MIN ",\"events\":[{\"at_s\":0.999,\"kind\":\"idle\",\"cpu\":1},"
                       "{\"on\":{\"event\":\"gp_start\"},\"delay_s\":0.5,\"kind\":\"wake\",\"cpu\":0}]}"), 0, "%s", err);
}

/* A cue's flavor must be one the scenario runs, as a phase's readers must: the window kept showing
 * the flavor before without a word, and `check` said ok. A CPU beyond the count is refused too. */
Test(scenario_schema, cue_flavor_not_enabled_and_cpu_beyond_the_count_are_refused)
{
    bad("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\",\"rcu_preempt\"]},\"cues\":[{\"at_s\":0.5,\"flavor\":\"rcu_bh\"}]}",
        "t.json: $.cues[0].flavor: rcu_bh is not enabled (see rcu.flavors); add it to rcu.flavors or show an enabled "
        "flavor (rcu_sched, rcu_preempt)");
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5},{\"at_s\":0.6,\"select_cpu\":4}]}",
        "t.json: $.cues[1].select_cpu: expected a CPU 0..3, or null to clear the selection, got 4");
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5,\"select_cpu\":\"2\"}]}",
        "t.json: $.cues[0].select_cpu: expected a CPU 0..3, or null to clear the selection, got a string \"2\"");
    cr_expect_eq(parse("{" MIN ",\"rcu\":{\"flavors\":[\"rcu_sched\",\"rcu_bh\"]},\"cues\":[{\"at_s\":0.5,\"flavor\":\"bh\","
                       "\"select_cpu\":3},{\"at_s\":0.6,\"select_cpu\":null}]}"), 0, "%s", err);
}

/* "invites" names the changes the window's keys make, each once: a typo or a --set key the window cannot
 * change would never match the badge, and the cue would silently keep its "may not match" warning */
Test(scenario_schema, cue_invites_only_the_windows_changes)
{
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5,\"invites\":[\"rcu.needs_gp_fix\",\"needs_gp_fix\"]}]}",
        "t.json:1:87: $.cues[0].invites[1]: expected a change the window's keys make: \"mode\" (M), \"rcu.needs_gp_fix\" (X), "
        "\"rcu.no_hz\" (Z), \"rcu.fast_no_hz\" (Shift+Z) or \"cpus\" (U, Shift+U), got a string \"needs_gp_fix\"");
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5,\"invites\":[\"mode\",\"mode\"]}]}",
        "t.json: $.cues[0].invites[1]: expected each change once, got a string \"mode\" twice");
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5,\"invites\":\"mode\"}]}",
        "t.json: $.cues[0].invites: expected an array, got a string \"mode\"");
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"cues\":[{\"at_s\":0.5,\"invites\":[\"cpus\",\"mode\"]}]}", "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_assert_eq(cfg.ncues, 1);
    cr_expect_eq(cfg.cues[0].ninvites, 2);
    cr_expect_str_eq(cfg.cues[0].invites[0], "cpus");
    cr_expect_str_eq(cfg.cues[0].invites[1], "mode");
    rv_config_free(&cfg);
}

/* A compare cue, or one inviting M, runs the file under the other kernel too: `check` said ok to a 3.7
 * file with jiffies_till_first_fqs (3.6 has no such parameter), and the lecture then stuck at that cue
 * with an engine message naming neither file nor cue. An empty title left "Cue 2: " bare. */
Test(scenario_schema, a_cue_needing_the_other_kernel_is_checked_against_it)
{
#define FQS1 "\"rcu\":{\"mode\":\"kthread\",\"jiffies_till_first_fqs\":1}"
    bad("{" MIN "," FQS1 ",\"cues\":[{\"at_s\":0.2},{\"at_s\":0.5,\"compare\":true},{\"at_s\":0.7,\"invites\":[\"mode\"]}]}",
        "t.json:1:122: $.cues[1].compare: this cue (and 1 later cue like it) compares 3.6 with 3.7, but 3.6 (mode softirq) "
        "refuses this file: rcu.jiffies_till_first_fqs: 3.6 (mode softirq) has no FQS interval parameters; its softirq "
        "forces once jiffies passes the grace period's start + RCU_JIFFIES_TILL_FORCE_QS (3): at its 4th tick, and "
        "every 4th tick after (expected 3, got 1)");
    bad("{" MIN "," FQS1 ",\"cues\":[{\"at_s\":0.5,\"invites\":[\"mode\"]}]}",
        "t.json: $.cues[0].invites: this cue invites M (the other kernel), but 3.6 (mode softirq) refuses this file: "
        "rcu.jiffies_till_first_fqs: 3.6 (mode softirq) has no FQS interval parameters; its softirq "
        "forces once jiffies passes the grace period's start + RCU_JIFFIES_TILL_FORCE_QS (3): at its 4th tick, and "
        "every 4th tick after (expected 3, got 1)");
    /* a cue that stays in the file's kernel needs nothing of the other */
    cr_expect_eq(parse("{" MIN "," FQS1 ",\"cues\":[{\"at_s\":0.5,\"compare\":false,\"invites\":[\"cpus\"]}]}"), 0, "%s", err);
    /* nor does a --set: one run's choice, not the lecture's */
    rv_config cfg;
    const char *set[] = {"rcu.jiffies_till_first_fqs=1"};
    rv_overrides ov = {set, 1};
    char *path = write_tmp("{" MIN ",\"rcu\":{\"mode\":\"kthread\"},\"cues\":[{\"at_s\":0.5,\"compare\":true}]}");
    cr_expect_eq(rv_scenario_load_with(path, &ov, &cfg, err, sizeof err), 0, "%s", err);
    rv_config_free(&cfg);
    unlink(path);
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5,\"title\":\"\"}]}",
        "t.json: $.cues[0].title: expected a non-empty string (the top bar names the cue by it), got \"\"");
#undef FQS1
}

Test(scenario_schema, cue_after_the_end_is_refused)
{
    bad("{" MIN ",\"cues\":[{\"at_s\":0.5,\"title\":\"a\"},{\"at_s\":500,\"title\":\"b\"}]}",
        "t.json: $.cues[1].at_s: expected a time within the scenario's 1 s (duration_s), got 500");
    /* a cue may stop on the final picture, at the end itself */
    cr_expect_eq(parse("{" MIN ",\"cues\":[{\"at_s\":1,\"title\":\"the end\"}]}"), 0, "%s", err);
}

Test(scenario_schema, caption_must_end_after_it_starts_and_start_before_the_end)
{
    bad("{" MIN ",\"captions\":[{\"at_s\":0.6,\"until_s\":0.4,\"text\":\"x\"}]}",
        "t.json: $.captions[0].until_s: expected a time after at_s (0.6), got 0.4");
    bad("{" MIN ",\"captions\":[{\"at_s\":0.5,\"until_s\":0.5,\"text\":\"x\"}]}",
        "t.json: $.captions[0].until_s: expected a time after at_s (0.5), got 0.5");
    bad("{" MIN ",\"captions\":[{\"until_s\":0,\"text\":\"x\"}]}", "t.json: $.captions[0].until_s: expected a time after at_s (0), got 0");
    bad("{" MIN ",\"captions\":[{\"at_s\":3,\"text\":\"x\"}]}",
        "t.json: $.captions[0].at_s: expected a time before the scenario's end at 1 s (duration_s), got 3");
    /* shown until after the end is harmless: it stays up to the last picture */
    cr_expect_eq(parse("{" MIN ",\"captions\":[{\"at_s\":0.5,\"until_s\":9,\"text\":\"x\"}]}"), 0, "%s", err);
}

/* A triggered caption's duration_s of 0 was accepted and counted as shown, yet nobody saw it: refused
 * as an empty timed span is (fails on the old loader, which took it). */
Test(scenario_schema, triggered_caption_needs_a_duration_above_0)
{
    bad("{" MIN ",\"captions\":[{\"on\":{\"event\":\"gp_start\"},\"duration_s\":0,\"text\":\"x\"}]}",
        "t.json: $.captions[0].duration_s: expected a time above 0 (how long the caption stays up; leave duration_s out to "
        "keep it up until the next caption), got 0");
    bad("{" MIN ",\"captions\":[{\"on\":{\"event\":\"gp_start\"},\"duration_s\":0.0,\"text\":\"x\"}]}",
        "t.json: $.captions[0].duration_s: expected a time above 0 (how long the caption stays up; leave duration_s out to "
        "keep it up until the next caption), got 0.0");
    /* a value that is no number gets one message, not the type's and then the range's */
    bad("{" MIN ",\"captions\":[{\"on\":{\"event\":\"gp_start\"},\"duration_s\":true,\"text\":\"x\"}]}",
        "t.json: $.captions[0].duration_s: expected a number 0..604800, got true");
    cr_expect_eq(parse("{" MIN ",\"captions\":[{\"on\":{\"event\":\"gp_start\"},\"duration_s\":0.01,\"text\":\"x\"}]}"), 0, "%s", err);
    cr_expect_eq(parse("{" MIN ",\"captions\":[{\"on\":{\"event\":\"gp_start\"},\"text\":\"x\"}]}"), 0, "%s", err);
}

/* After one wrong key, later checks use only values that were read: "cpus": "2" used to make the
 * cue's select_cpu, nr_cpus_compiled and offline_cpus answer to the engine's default of 4 CPUs,
 * and a wrong hz made the FQS delays answer to 1000. */
Test(scenario_schema, later_checks_do_not_quote_defaults_after_an_error)
{
    bad("{\"name\":\"m\",\"cpus\":\"2\",\"duration_s\":1,\"cues\":[{\"at_s\":0,\"select_cpu\":5}]}",
        "t.json: $.cpus: expected an integer 1..4096, got a string \"2\"");
    bad("{\"name\":\"m\",\"cpus\":\"8\",\"duration_s\":1,\"rcu\":{\"nr_cpus_compiled\":2},\"offline_cpus\":\"0-3\"}",
        "t.json: $.cpus: expected an integer 1..4096, got a string \"8\"");
    bad("{\"name\":\"m\",\"cpus\":2,\"hz\":\"100\",\"duration_s\":1,\"rcu\":{\"jiffies_till_first_fqs\":2000}}",
        "t.json: $.hz: expected an integer 10..10000, got a string \"100\"");
    /* what is wrong whatever cpus is, is still said */
    bad("{\"name\":\"m\",\"cpus\":\"2\",\"duration_s\":1,\"cues\":[{\"at_s\":0,\"select_cpu\":5000}]}",
        "t.json: $.cpus: expected an integer 1..4096, got a string \"2\"\n"
        "t.json: $.cues[0].select_cpu: expected a CPU 0..4095, or null to clear the selection, got 5000");
    /* and no time is compared with a duration_s that is itself wrong */
    bad("{\"name\":\"m\",\"cpus\":2,\"duration_s\":\"1\",\"events\":[{\"at_s\":99,\"kind\":\"idle\",\"cpu\":1}]}",
        "t.json: $.duration_s: expected a number above 0 and at most 604800, got a string \"1\"");
}

Test(scenario_schema, missing_required_keys_all_reported)
{
    bad("{}", "t.json: $.name: required key missing\nt.json: $.cpus: required key missing\nt.json: $.duration_s: required key missing");
}

Test(scenario_schema, several_problems_one_line_each)
{
    int rc = parse("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1,\"rcu\":{\"fanoutleaf\":3,\"mode\":\"threaded\",\"fanout_leaf\":100}}");
    cr_assert_eq(rc, -1);
    cr_expect_str_eq(err, "t.json: $.rcu.fanoutleaf: unknown key; did you mean \"fanout_leaf\"?\n"
                          "t.json: $.rcu.mode: expected \"softirq\" or \"kthread\", got \"threaded\"\n"
                          "t.json: $.rcu.fanout_leaf: expected an integer 2..64, got 100");
}

Test(scenario_schema, long_lists_are_capped)
{
    char text[4096] = "{" MIN;
    for (int i = 0; i < 30; i++) snprintf(text + strlen(text), sizeof text - strlen(text), ",\"zz%02d\":1", i);
    strcat(text, "}");
    cr_assert_eq(parse(text), -1);
    int lines = 1;
    for (const char *p = err; *p; p++) lines += *p == '\n';
    cr_expect_eq(lines, 26, "25 problems and a summary line, got %d", lines);
    cr_expect(strstr(err, "t.json: ... and 5 more problems") != NULL, "%s", err);
}

Test(scenario_schema, cross_field_checks_come_from_validate)
{
    /* each key is in range, but 4096 CPUs do not fit 4 levels of fanout 2 */
    bad("{\"name\":\"m\",\"cpus\":4096,\"duration_s\":1,\"rcu\":{\"fanout\":2,\"fanout_leaf\":2}}",
        "t.json:1:47: $.rcu.fanout: 4096 CPUs need more than 4 rcu_node levels at fanout 2/2 (MAX_RCU_LVLS is 4: fanout_leaf x fanout^3 = 16 CPUs at most); rcu.fanout 13 fits");
}

Test(scenario_schema, a_failed_load_leaves_no_arrays)
{
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"workload\":[{}],\"hz\":1}", "t.json", &cfg, err, sizeof err), -1);
    cr_expect_eq(cfg.phases, NULL);
    cr_expect_eq(cfg.nphases, 0);
    rv_config_free(&cfg);
}

/* ---------------------------------------------------------------- files and --set overrides */

Test(scenario_file, missing_file_and_file_name_in_messages)
{
    rv_config cfg;
    cr_expect_eq(rv_scenario_load("/nonexistent/x.json", &cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, "/nonexistent/x.json: cannot read: No such file or directory");
    char *p = write_tmp("{\"name\":\"m\",\n\"cpus\":4,,\"duration_s\":1}");
    char want[256];
    snprintf(want, sizeof want, "%s:2:10: syntax error: expected a key in double quotes, found ','", p);
    cr_expect_eq(rv_scenario_load(p, &cfg, err, sizeof err), -1);
    cr_expect_str_eq(err, want);
    unlink(p);
}

static int load_with(const char *text, const char **items, size_t n, rv_config *cfg, char **path)
{
    *path = write_tmp(text);
    rv_overrides ov = {items, n};
    int rc = rv_scenario_load_with(*path, &ov, cfg, err_raw, sizeof err_raw);
    strip_places(err_raw, err, sizeof err);
    unlink(*path);
    return rc;
}

Test(scenario_set, overrides_replace_and_create_values)
{
    const char *items[] = {"rcu.fanout_leaf=32", "costs.tick_ns=5", "rcu.mode=softirq", "workload.0.busy_frac=0.5",
                           "rcu.flavors=[\"rcu_sched\"]", "name=\"renamed\"", "workload.1.task=cc1", "seed=7",
                           "rcu.fanout_leaf=8"};
    rv_config cfg;
    char *path;
    cr_assert_eq(load_with("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1,\"workload\":[{\"busy_frac\":1}]}", items, 9, &cfg, &path), 0, "%s", err);
    cr_expect_eq(cfg.rcu.fanout_leaf, 8, "later overrides win");
    cr_expect_eq(cfg.costs.tick_ns, 5, "missing object created");
    cr_expect_eq(cfg.rcu.mode, RV_MODE_SOFTIRQ, "a VALUE that is not JSON is a string");
    cr_expect(cfg.rcu.flavors[RV_SCHED] && !cfg.rcu.flavors[RV_BH] && !cfg.rcu.flavors[RV_PREEMPT]);
    cr_expect_str_eq(cfg.name, "renamed");
    cr_expect_eq(cfg.seed, 7);
    cr_assert_eq(cfg.nphases, 2, "index just past the end appends");
    cr_expect_float_eq(cfg.phases[0].busy_frac, 0.5, 0);
    cr_expect_str_eq(cfg.phases[1].task, "cc1");
    rv_config_free(&cfg);
}

Test(scenario_set, overrides_are_validated_like_the_file)
{
    const char *items[] = {"rcu.fanout_leaf=100", "rcu.fanoutleaf=3", "cpus=\"8\""};
    rv_config cfg;
    char *path;
    cr_assert_eq(load_with("{" MIN "}", items, 3, &cfg, &path), -1);
    char want[1024];
    snprintf(want, sizeof want,
             "override cpus=\"8\": expected an integer 1..4096, got a string \"8\"\n"
             "override rcu.fanoutleaf=3: unknown key; did you mean \"rcu.fanout_leaf\"?\n"
             "override rcu.fanout_leaf=100: expected an integer 2..64, got 100");
    cr_expect_str_eq(err, want);
}

Test(scenario_set, malformed_overrides)
{
    const char *items[] = {"nokey", "workload.3.busy_frac=1", "name.x=1", "rcu..mode=kthread"};
    rv_config cfg;
    char *path;
    cr_assert_eq(load_with("{" MIN ",\"workload\":[]}", items, 4, &cfg, &path), -1);
    char want[2048];
    snprintf(want, sizeof want,
             "override nokey: expected PATH=VALUE, like rcu.fanout_leaf=32\n"
             "override workload.3.busy_frac=1: $.workload is empty; expected index 0 (appends an item), got \"3\"\n"
             "override name.x=1: $.name holds a string \"m\", which has no \"x\" inside\n"
             "override rcu..mode=kthread: expected a dotted path like rcu.fanout_leaf or workload.0.busy_frac");
    cr_expect_str_eq(err, want);
}

/* "--set events.5.cpu=1" on a file with one event said "an array of 1 items; expected an index
 * 0..1": the index past the end appends, and the message now says so, whatever the length. */
Test(scenario_set, an_index_out_of_range_says_which_exist_and_which_appends)
{
    const char *items[] = {"events.5.cpu=1", "captions.7.text=x", "expect.x.path=cpus"};
    rv_config cfg;
    char *path;
    cr_assert_eq(load_with("{" MIN ",\"events\":[{\"kind\":\"wake\"}],\"captions\":[{\"text\":\"a\"},{\"text\":\"b\"}],"
                           "\"expect\":[]}", items, 3, &cfg, &path), -1);
    cr_expect_str_eq(err, "override events.5.cpu=1: $.events has 1 item; expected index 0 (that item) or 1 (appends one), got \"5\"\n"
                          "override captions.7.text=x: $.captions has 2 items; expected an index 0..1 (an item) or 2 "
                          "(appends one), got \"7\"\n"
                          "override expect.x.path=cpus: $.expect is empty; expected index 0 (appends an item), got \"x\"");
    /* the index past the end does append */
    const char *append[] = {"events.1.kind=wake"};
    cr_assert_eq(load_with("{" MIN ",\"events\":[{\"kind\":\"wake\"}]}", append, 1, &cfg, &path), 0, "%s", err);
    cr_expect_eq(cfg.nevents, 2);
    rv_config_free(&cfg);
}

/* --set duration_s shortens runs (benches, tests, quizzes): events the file places after the
 * shortened end load (the run reports them as not applied), while a file that is wrong by its own
 * duration stays wrong. A longer run lets every event it reaches load. */
Test(scenario_set, shortened_run_keeps_the_files_later_events)
{
    const char *shorter[] = {"duration_s=0.5"};
    rv_config cfg;
    char *path;
    cr_assert_eq(load_with("{" MIN ",\"events\":[{\"at_s\":0.8,\"kind\":\"idle\",\"cpu\":1}],\"cues\":[{\"at_s\":1}],"
                           "\"captions\":[{\"at_s\":0.9,\"text\":\"late\"}]}", shorter, 1, &cfg, &path), 0, "%s", err);
    cr_expect_float_eq(cfg.duration_s, 0.5, 0);
    cr_expect_eq(cfg.nevents, 1);
    rv_config_free(&cfg);

    cr_assert_eq(load_with("{" MIN ",\"events\":[{\"at_s\":99,\"kind\":\"idle\",\"cpu\":1}]}", shorter, 1, &cfg, &path), -1);
    char want[512];
    snprintf(want, sizeof want, "%s: $.events[0].at_s: expected a time before the scenario's end at 1 s (duration_s), got 99", path);
    cr_expect_str_eq(err, want);

    const char *moved[] = {"events.0.at_s=7"};
    cr_assert_eq(load_with("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"idle\",\"cpu\":1}]}", moved, 1, &cfg, &path), -1);
    snprintf(want, sizeof want, "override events.0.at_s=7: expected a time before the scenario's end at 1 s (duration_s), got 7");
    cr_expect_str_eq(err, want);

    /* a workload phase that starts after the end would never run */
    cr_assert_eq(load_with("{" MIN ",\"workload\":[{\"cpus\":\"all\",\"busy_frac\":0.5},{\"cpus\":\"all\",\"start_s\":5}]}",
                           NULL, 0, &cfg, &path), -1);
    snprintf(want, sizeof want, "%s: $.workload[1].start_s: expected a time before the scenario's end at 1 s (duration_s), got 5", path);
    cr_expect_str_eq(err, want);
    cr_assert_eq(load_with("{" MIN ",\"workload\":[{\"cpus\":\"all\",\"start_s\":0.5}]}", shorter, 1, &cfg, &path), 0,
                 "a phase after a shortened end is not the file's fault: %s", err);
    rv_config_free(&cfg);

    const char *longer[] = {"duration_s=100"};
    cr_expect_eq(load_with("{" MIN ",\"events\":[{\"at_s\":99,\"kind\":\"idle\",\"cpu\":1}]}", longer, 1, &cfg, &path), 0, "%s", err);
    rv_config_free(&cfg);
}

/* ---------------------------------------------------------------- never trust input */

#ifndef FUZZ_ROUNDS
#define FUZZ_ROUNDS 3000 /* a longer hunt: make CFLAGS=-DFUZZ_ROUNDS=200000 */
#endif
#ifndef FUZZ_SEED
#define FUZZ_SEED 0x9E3779B97F4A7C15ull
#endif

static char *read_small_busy(size_t *len)
{
    const char *root = getenv("RCUVIS_ROOT");
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/small-busy.json", root ? root : ".");
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s", path);
    static char text[65536];
    *len = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[*len] = 0;
    return text;
}

/* Whatever the bytes, the loader either returns a config that validates or explains itself with
 * lines that all name the file; it never crashes (run under ASan by `make test`). */
static void load_or_explain(const char *buf)
{
    rv_config cfg;
    char msg[256];
    err[0] = 0;
    if (rv_scenario_parse(buf, "t.json", &cfg, err, sizeof err) == 0) {
        cr_expect_eq(rv_config_validate(&cfg, msg, sizeof msg), 0, "accepted an invalid config: %s", msg);
    } else {
        cr_expect(err[0] != 0, "rejected without a message: %s", buf);
        for (const char *line = err; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL)
            cr_expect(strncmp(line, "t.json:", 7) == 0, "line without the file name: %.80s", line);
    }
    rv_config_free(&cfg);
}

Test(scenario_fuzz, every_truncation_is_a_syntax_error)
{
    size_t len;
    const char *text = read_small_busy(&len);
    const char *end = strrchr(text, '}');
    cr_assert(end);
    char *buf = malloc(len + 1);
    for (size_t n = 0; n <= (size_t)(end - text); n++) {
        memcpy(buf, text, n);
        buf[n] = 0;
        cr_assert_eq(rv_scenario_parse(buf, "t.json", &(rv_config){0}, err, sizeof err), -1, "prefix %zu accepted", n);
        cr_assert(strstr(err, "syntax error") != NULL, "prefix %zu: %s", n, err);
    }
    free(buf);
}

Test(scenario_fuzz, mutated_files_load_or_explain)
{
    static const char alphabet[] = "{}[],:\"0123456789-.eE+ \n\\tfnux";
    size_t len;
    const char *text = read_small_busy(&len);
    char *buf = malloc(2 * len + 64);
    uint64_t x = FUZZ_SEED;
    for (int round = 0; round < FUZZ_ROUNDS; round++) {
        memcpy(buf, text, len + 1);
        size_t n = len;
        int edits = 1 + round % 3;
        for (int k = 0; k < edits && n > 1; k++) {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17; /* xorshift: deterministic, so failures reproduce */
            size_t at = (size_t)(x % n);
            switch ((x >> 32) % 3) {
            case 0: buf[at] = alphabet[(x >> 40) % (sizeof alphabet - 1)]; break;
            case 1: memmove(buf + at, buf + at + 1, n - at); n--; break;
            default: { /* duplicate a short run: repeated keys, doubled commas, nested values */
                size_t run = 1 + (x >> 48) % 16;
                if (at + run > n) run = n - at;
                memmove(buf + at + run, buf + at, n - at + 1);
                n += run;
            }
            }
        }
        load_or_explain(buf);
    }
    free(buf);
}

Test(scenario_load, fast_no_hz_and_idle_blips)
{
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"rcu\":{\"fast_no_hz\":true},\"workload\":[{\"idle_blips_per_s\":2500}]}", "t.json",
                                   &cfg, err, sizeof err), 0, "%s", err);
    cr_expect(cfg.rcu.fast_no_hz);
    cr_expect_eq(cfg.nphases, 1);
    cr_expect_float_eq(cfg.phases[0].idle_blips_per_s, 2500.0, 1e-9);
    rv_config_free(&cfg);
    cr_assert_eq(rv_scenario_parse("{" MIN "}", "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect(!cfg.rcu.fast_no_hz, "off by default, as CONFIG_RCU_FAST_NO_HZ was");
    rv_config_free(&cfg);
    cr_expect_eq(parse("{" MIN ",\"workload\":[{\"idle_blips_per_s\":-1}]}"), -1);
    cr_expect(strstr(err, "t.json: $.workload[0].idle_blips_per_s: expected") != NULL, "got: %s", err);
    bad("{" MIN ",\"rcu\":{\"fast_no_hz\":1}}", "t.json: $.rcu.fast_no_hz: expected true or false, got 1");
    bad("{" MIN ",\"rcu\":{\"fast_no_hz\":true,\"no_hz\":false}}",
        "t.json: $.rcu.fast_no_hz: needs no_hz (CONFIG_RCU_FAST_NO_HZ depends on CONFIG_NO_HZ), got no_hz false");
}

/* issue 9: 3.6 has no FQS interval parameters; the retired kthread_wakeup_ns names its replacements;
 * rcu.comment must be text; needs_gp_fix and the tree's sizing follow the mode unless given. */
Test(scenario_load, fidelity_keys)
{
    bad("{" MIN ",\"rcu\":{\"mode\":\"softirq\",\"jiffies_till_first_fqs\":0}}",
        "t.json: $.rcu.jiffies_till_first_fqs: 3.6 (mode softirq) has no such parameter: its softirq forces "
        "quiescent states once jiffies passes the grace period's start + RCU_JIFFIES_TILL_FORCE_QS (3): at its 4th tick, "
        "and every 4th tick after; set it only with mode kthread (3.7)");
    bad("{" MIN ",\"costs\":{\"kthread_wakeup_ns\":9000}}",
        "t.json: $.costs.kthread_wakeup_ns: retired: the kthread's wakeup is now costed as the kernel pays it, split into "
        "wakeup_ns (the waker's wake_up()), sched_switch_ns (two context switches per sleep/wake cycle, split between "
        "the kthread and the task it displaced) and timer_ns (arming the FQS timeout); set those instead");
    bad("{" MIN ",\"rcu\":{\"comment\":3}}", "t.json: $.rcu.comment: expected a string (free text), got a number");
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"rcu\":{\"mode\":\"softirq\",\"jiffies_till_first_fqs\":3,\"comment\":\"x\"}}",
                                   "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect(!rv_cfg_needs_gp_fix(&cfg) && !rv_cfg_tree_by_nr_cpu_ids(&cfg), "3.6 defaults");
    rv_config_free(&cfg);
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"rcu\":{\"mode\":\"kthread\",\"wakeup_ns\":1}}", "t.json", &cfg, err, sizeof err), -1);
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"rcu\":{\"mode\":\"kthread\"},\"costs\":{\"wakeup_ns\":1,\"sched_switch_ns\":2,"
                                   "\"timer_ns\":3}}", "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect(rv_cfg_needs_gp_fix(&cfg) && rv_cfg_tree_by_nr_cpu_ids(&cfg), "3.7 defaults");
    cr_expect(cfg.costs.wakeup_ns == 1 && cfg.costs.sched_switch_ns == 2 && cfg.costs.timer_ns == 3);
    rv_config_free(&cfg);
}

/* Numbers a double cannot hold are quoted as the file writes them: cJSON reads 1e400 as inf, which
 * was reported as "got 1e999", a literal the file never had. */
Test(scenario_numbers, unrepresentable_numbers_are_quoted_as_written)
{
    bad("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1e400}", "t.json: $.duration_s: expected a number above 0 and at most 604800, got 1e400");
    bad("{\"name\":\"m\",\"cpus\":4,\"hz\":-1E+400,\"duration_s\":1}", "t.json: $.hz: expected an integer 10..10000, got -1E+400");
    bad("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1e-400}", "t.json: $.duration_s: expected a number above 0 and at most 604800, got 1e-400");
    /* the n-th number node is the n-th literal: the right one is quoted, after numbers that fit */
    bad("{\"name\":\"m\",\"cpus\":4,\"duration_s\":1,\"workload\":[{\"busy_frac\":0.5,\"user_frac\":0},{\"busy_frac\":2e999}]}",
        "t.json: $.workload[1].busy_frac: expected a number 0..1, got 2e999");
    char text[700], want[300];
    snprintf(text, sizeof text, "\xEF\xBB\xBF{\"name\":\"m\",\"cpus\":4,\"duration_s\":1%0400d}", 0);
    snprintf(want, sizeof want, "t.json: $.duration_s: expected a number above 0 and at most 604800, got "
             "100000000000000000000000... (a 401-character number)");
    bad(text, want);
    /* and those a message would print in another form: an exponent, a fraction's trailing zero (1e15
     * was "got 1e+15") */
    bad("{" MIN ",\"workload\":[{\"busy_frac\":0.5,\"call_rcu_per_s\":{\"sched\":1e15}}]}",
        "t.json: $.workload[0].call_rcu_per_s.sched: expected a number 0..1000000, got 1e15");
    bad("{" MIN ",\"workload\":[{\"busy_frac\":1.50}]}", "t.json: $.workload[0].busy_frac: expected a number 0..1, got 1.50");
    bad("{\"name\":\"m\",\"cpus\":5E3,\"duration_s\":1}", "t.json: $.cpus: expected an integer 1..4096, got 5E3");
}

static int load_labeled(const char *text, const char **items, const char **labels, size_t n, char **path)
{
    rv_config cfg;
    *path = write_tmp(text);
    rv_overrides ov = {items, n};
    int rc = rv_scenario_load_labeled(*path, &ov, labels, &cfg, err_raw, sizeof err_raw);
    strip_places(err_raw, err, sizeof err);
    rv_config_free(&cfg);
    unlink(*path);
    return rc;
}

/* A bad value an override put there is the override's problem, named as the user typed it; a file
 * value checked against an overridden key says which override changed that key. Before, both read
 * "FILE: $.path: ..." as if the file were wrong. */
/* An override's text must be UTF-8 as a file's is; the message shows the byte escaped, not raw. */
Test(scenario_set, an_override_that_is_not_utf8_is_refused)
{
    char *path;
    const char *it[] = {"name=caf\xe9"}, *lb[] = {"--set name=caf\xe9"};
    cr_assert_eq(load_labeled("{" MIN "}", it, lb, 1, &path), -1);
    cr_expect_str_eq(err, "--set name=caf\\xE9: expected UTF-8 text, got the byte 0xe9 at byte 8 of the override, the start "
                          "of a 3-byte character cut off after 1 byte; in Latin-1 0xe9 is \"\xc3\xa9\"");
    const char *ok[] = {"name=caf\xc3\xa9"};
    cr_expect_eq(load_labeled("{" MIN "}", ok, NULL, 1, &path), 0, "%s", err);
}

Test(scenario_set, messages_name_the_override)
{
    char *path, want[1024];
    const char *it1[] = {"rcu.fanoutleaf=3"}, *lb1[] = {"--set rcu.fanoutleaf=3"};
    cr_assert_eq(load_labeled("{" MIN "}", it1, lb1, 1, &path), -1);
    cr_expect_str_eq(err, "--set rcu.fanoutleaf=3: unknown key; did you mean \"rcu.fanout_leaf\"?");

    const char *it2[] = {"cpus=1"}, *lb2[] = {"--cpus 1"};
    cr_assert_eq(load_labeled("{" MIN ",\"workload\":[{\"cpus\":\"0-3\"}],\"events\":[{\"at_s\":0.5,\"kind\":\"offline\",\"cpu\":3}]}",
                              it2, lb2, 1, &path), -1);
    snprintf(want, sizeof want,
             "%s: $.workload[0].cpus: expected CPUs below 1, got \"0-3\" (cpus is set by --cpus 1)\n"
             "%s: $.events[0].cpu: expected a CPU 0..0 (offline acts on one CPU), got 3 (cpus is set by --cpus 1)", path, path);
    cr_expect_str_eq(err, want);

    /* inside a value the override set: the path too; an item it created: its missing keys are its own */
    const char *it3[] = {"rcu={\"fanout_leaf\":1}", "events.0.at_s=0.5", "hz=10", "rcu.jiffies_till_first_fqs=50",
                         "duration_s=1e400"};
    const char *lb3[] = {"--set rcu={\"fanout_leaf\":1}", "--set events.0.at_s=0.5", "--set hz=10",
                         "--set rcu.jiffies_till_first_fqs=50", "--set duration_s=1e400"};
    cr_assert_eq(load_labeled("{" MIN "}", it3, lb3, 5, &path), -1);
    cr_expect_str_eq(err, "--set duration_s=1e400: expected a number above 0 and at most 604800, got 1e400\n"
                          "--set rcu={\"fanout_leaf\":1}: $.rcu.fanout_leaf: expected an integer 2..64, got 1\n"
                          "--set rcu.jiffies_till_first_fqs=50: expected an integer 0..10, got 50 (hz is set by --set hz=10)\n"
                          "--set events.0.at_s=0.5: $.events[0].kind: required key missing");

    /* checks across keys (rv_config_validate) name every override: the file alone may be fine */
    const char *it4[] = {"cpus=4096", "rcu.fanout=2", "rcu.fanout_leaf=2", "rcu.nr_cpus_compiled=4096"};
    const char *lb4[] = {"--cpus 4096", NULL, NULL, NULL};
    cr_assert_eq(load_labeled("{" MIN "}", it4, lb4, 4, &path), -1);
    snprintf(want, sizeof want, "%s: rcu.fanout: 4096 CPUs need more than 4 rcu_node levels at fanout 2/2 (MAX_RCU_LVLS is 4: fanout_leaf x fanout^3 = 16 CPUs at most); rcu.fanout 13 fits (with --cpus 4096, "
             "override rcu.fanout=2, override rcu.fanout_leaf=2, override rcu.nr_cpus_compiled=4096)", path);
    cr_expect_str_eq(err, want);

    /* a file value that is wrong by itself stays the file's */
    const char *it5[] = {"seed=3"}, *lb5[] = {"--seed 3"};
    cr_assert_eq(load_labeled("{" MIN ",\"rcu\":{\"fanout_leaf\":1}}", it5, lb5, 1, &path), -1);
    snprintf(want, sizeof want, "%s: $.rcu.fanout_leaf: expected an integer 2..64, got 1", path);
    cr_expect_str_eq(err, want);
}

/* The other keys checks compare against: the mode, no_hz, the enabled flavors. */
Test(scenario_set, messages_name_the_override_a_check_depends_on)
{
    char *path, want[2048];
    const char *it[] = {"rcu.mode=\"softirq\"", "rcu.flavors=[\"rcu_sched\"]", "rcu.no_hz=false"};
    const char *lb[] = {"--mode softirq", "--set rcu.flavors=[\"rcu_sched\"]", "--set rcu.no_hz=false"};
    cr_assert_eq(load_labeled("{" MIN ",\"rcu\":{\"jiffies_till_first_fqs\":5,\"no_hz\":true,\"fast_no_hz\":true},"
                              "\"events\":[{\"at_s\":0.2,\"kind\":\"synchronize\",\"cpu\":0,\"flavor\":\"rcu_bh\"}],"
                              "\"cues\":[{\"at_s\":0.5,\"flavor\":\"rcu_preempt\"}]}",
                              it, lb, 3, &path), -1);
    snprintf(want, sizeof want,
             "%s: $.rcu.jiffies_till_first_fqs: 3.6 (mode softirq) has no such parameter: its softirq forces "
             "quiescent states once jiffies passes the grace period's start + RCU_JIFFIES_TILL_FORCE_QS (3): at its 4th tick, "
             "and every 4th tick after; set it only with mode kthread (3.7) (rcu.mode is set by --mode softirq)\n"
             "%s: $.rcu.fast_no_hz: needs no_hz (CONFIG_RCU_FAST_NO_HZ depends on CONFIG_NO_HZ), got no_hz false "
             "(rcu.no_hz is set by --set rcu.no_hz=false)\n"
             "%s: $.events[0].flavor: rcu_bh is not enabled (see rcu.flavors); add it to rcu.flavors or pick an enabled "
             "flavor (rcu_sched) (rcu.flavors is set by --set rcu.flavors=[\"rcu_sched\"])\n"
             "%s: $.cues[0].flavor: rcu_preempt is not enabled (see rcu.flavors); add it to rcu.flavors or show an enabled "
             "flavor (rcu_sched) (rcu.flavors is set by --set rcu.flavors=[\"rcu_sched\"])",
             path, path, path, path);
    cr_expect_str_eq(err, want);
}

/* A --set that gives a timed event of the file a trigger: the conflict is reported at the file's
 * at_s, which alone read as the file's mistake; it now names the option that added "on". A file with
 * both, and an override that sets both, keep their plain message. */
Test(scenario_set, a_trigger_set_on_a_timed_event_names_the_option)
{
    char *path, want[1024];
    const char *it[] = {"events.0.on={\"event\":\"gp_start\",\"n\":3}"};
    const char *lb[] = {"--set events.0.on={\"event\":\"gp_start\",\"n\":3}"};
    cr_assert_eq(load_labeled("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"wake\",\"cpu\":1}]}", it, lb, 1, &path), -1);
    snprintf(want, sizeof want, "%s: $.events[0].at_s: give either at_s or \"on\", not both (events.0.on is set by "
                                "--set events.0.on={\"event\":\"gp_start\",\"n\":3})", path);
    cr_expect_str_eq(err, want);
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"on\":{\"event\":\"gp_start\"},\"kind\":\"wake\",\"cpu\":1}]}",
        "t.json: $.events[0].at_s: give either at_s or \"on\", not both");
}

/* The command line has no JSON types: "--set offline_cpus=1" and "--set workload.0.cpus=2" can only
 * mean the lists "1" and "2", so there a number is the list it spells, while the same number in the
 * file (or inside a JSON value of an override) is refused like any bare number. */
Test(scenario_set, a_number_set_on_a_cpu_list_is_that_list)
{
    const char *items[] = {"offline_cpus=1", "workload.0.cpus=2"};
    rv_config cfg;
    char *path;
    cr_assert_eq(load_with("{" MIN ",\"workload\":[{\"busy_frac\":1}]}", items, 2, &cfg, &path), 0, "%s", err);
    cr_expect(rv_cpuset_has(&cfg.initially_offline, 1) && !rv_cpuset_has(&cfg.initially_offline, 0));
    cr_expect(rv_cpuset_has(&cfg.phases[0].cpus, 2) && !rv_cpuset_has(&cfg.phases[0].cpus, 0) &&
              !rv_cpuset_has(&cfg.phases[0].cpus, 1), "CPU 2 alone");
    rv_config_free(&cfg);
    const char *json[] = {"workload=[{\"cpus\": 2}]"};
    cr_assert_eq(load_with("{" MIN "}", json, 1, &cfg, &path), -1);
    cr_expect_str_eq(err, "override workload=[{\"cpus\": 2}]: $.workload[0].cpus: expected a CPU list string such as \"2\" "
                          "(CPU 2 alone) or \"0-1\" (the first 2 CPUs), got 2 (a number)");
}

/* {"rate_per_s": 2000, "long_prob": 0.01} without lengths gave readers of 0 us (the engine draws a
 * length from mean_us, and long_us for the long ones): refused, as is a length of 0 with a rate. */
Test(scenario_schema, readers_need_their_lengths)
{
    bad("{" MIN ",\"workload\":[{\"readers\":{\"rcu_preempt\":{\"rate_per_s\":2000,\"long_prob\":0.01}}}]}",
        "t.json: $.workload[0].readers.rcu_preempt.mean_us: required key missing: rate_per_s is 2000, so the mean length in "
        "microseconds is needed (without it every section would last 0 us)\n"
        "t.json: $.workload[0].readers.rcu_preempt.long_us: required key missing: long_prob is 0.01, so the length of a long "
        "section in microseconds is needed (without it every section would last 0 us)");
    bad("{" MIN ",\"workload\":[{\"readers\":{\"rcu_sched\":{\"rate_per_s\":10,\"mean_us\":0}}}]}",
        "t.json: $.workload[0].readers.rcu_sched.mean_us: expected a number above 0 when rate_per_s is above 0 (10), got 0: "
        "a 0 us section holds nothing up; set rate_per_s to 0 for none");
    /* no rate, no length needed; a length without a rate is harmless */
    cr_expect_eq(parse("{" MIN ",\"workload\":[{\"readers\":{\"rcu_sched\":{\"rate_per_s\":0},\"rcu_bh\":{\"mean_us\":3}}}]}"), 0, "%s", err);
    cr_expect_eq(parse("{" MIN ",\"workload\":[{\"readers\":{\"rcu_sched\":{\"rate_per_s\":5,\"mean_us\":2,\"long_prob\":0}}}]}"), 0,
                 "%s", err);
}

/* "sched", "bh" and "preempt" name the flavors wherever a flavor goes (the schema and README say so),
 * and a near miss of either form gets a did-you-mean. */
Test(scenario_schema, short_flavor_names_are_the_flavors)
{
    rv_config cfg;
    cr_assert_eq(rv_scenario_parse("{" MIN ",\"rcu\":{\"flavors\":[\"sched\",\"preempt\"]},\"workload\":[{\"readers\":"
                                   "{\"preempt\":{\"rate_per_s\":1,\"mean_us\":1}},\"call_rcu_per_s\":{\"sched\":2}}],"
                                   "\"events\":[{\"at_s\":0.5,\"kind\":\"synchronize\",\"cpu\":0,\"flavor\":\"preempt\"}]}",
                                   "t.json", &cfg, err, sizeof err), 0, "%s", err);
    cr_expect(cfg.rcu.flavors[RV_SCHED] && cfg.rcu.flavors[RV_PREEMPT] && !cfg.rcu.flavors[RV_BH]);
    cr_expect_float_eq(cfg.phases[0].readers[RV_PREEMPT].rate_per_s, 1, 0);
    cr_expect_float_eq(cfg.phases[0].call_rcu_per_s[RV_SCHED], 2, 0);
    cr_expect_eq(cfg.events[0].flavor, RV_PREEMPT);
    rv_config_free(&cfg);
    bad("{" MIN ",\"events\":[{\"at_s\":0.5,\"kind\":\"synchronize\",\"cpu\":0,\"flavor\":\"rcu_shed\"}]}",
        "t.json: $.events[0].flavor: expected \"rcu_sched\", \"rcu_bh\" or \"rcu_preempt\", got \"rcu_shed\"; did you mean \"rcu_sched\"?");
}

/* A value's message says where it is, as a syntax error does: an author with a 150-line file had to
 * count array items to find $.events[2]. The place is the member's key ("cpu": 9); a missing key points
 * at the object it is missing from; a value an override set has no place in the file and names the
 * override instead. */
Test(scenario_load, value_messages_say_where_in_the_file)
{
    const char *text = "{\"name\": \"m\", \"cpus\": 4, \"duration_s\": 1,\n"
                       " \"events\": [\n"
                       "   {\"at_s\": 0.1, \"kind\": \"offline\", \"cpu\": 1},\n"
                       "   {\"at_s\": 0.2, \"kind\": \"online\", \"cpu\": 1},\n"
                       "   {\"at_s\": 0.3, \"kind\": \"offline\", \"cpu\": 9}],\n"
                       " \"workload\": [{\"cpus\": \"all\", \"busy_frac\": 0.5,\n"
                       "   \"readers\": {\"rcu_sched\": {\"rate_per_s\": 10}}}]}\n";
    cr_assert_eq(parse(text), -1);
    cr_expect(strstr(err_raw, "t.json:5:37: $.events[2].cpu: expected a CPU 0..3") != NULL, "%s", err_raw);
    cr_expect(strstr(err_raw, "t.json:7:16: $.workload[0].readers.rcu_sched.mean_us: required key missing") != NULL, "%s", err_raw);
    /* a lone CR (an old Mac file) ends a line as LF and CRLF do: everything was line 1 */
    cr_assert_eq(parse("{\"name\":\"t\",\"cpus\":2,\r\"duration_s\":1,\r\"hz\":7}"), -1);
    cr_expect(strstr(err_raw, "t.json:3:1: $.hz: expected an integer 10..10000, got 7") != NULL, "%s", err_raw);
    cr_assert_eq(parse("{\"name\":\"t\",\"cpus\":2,\r\n\"duration_s\":1,\r\n\"hz\":7}"), -1);
    cr_expect(strstr(err_raw, "t.json:3:1: $.hz:") != NULL, "CRLF: %s", err_raw);
    cr_assert_eq(parse("{\"name\":\"t\",\r\"cpus\":2 \"x\":1}"), -1);
    cr_expect(strstr(err_raw, "t.json:2:10: syntax error") != NULL, "a syntax error after a lone CR: %s", err_raw);
    const char *items[] = {"rcu.fanout_leaf=1"};
    char *path;
    rv_config cfg;
    cr_assert_eq(load_with("{\"name\": \"m\", \"cpus\": 4, \"duration_s\": 1}", items, 1, &cfg, &path), -1);
    cr_expect(strstr(err_raw, "rcu.fanout_leaf=1") != NULL && strstr(err_raw, "json:") == NULL && !strstr(err_raw, ":1:"), "%s", err_raw);
}
