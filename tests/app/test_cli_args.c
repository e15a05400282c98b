/* test_cli_args.c — `rcuvis run` option parsing: forms, order of overrides, shorthand checks, usage errors. */
#include "cli/args.h"

#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <string.h>

static int parse(cli_run_opts *o, int argc, const char **argv) { return cli_run_parse(argc, (char **)argv, o); }

Test(cli_args, shorthands_become_overrides_in_order)
{
    const char *argv[] = {"run", "--cpus", "8", "s.json", "--set", "rcu.fanout_leaf=32", "--mode=softirq",
                          "--duration", "0.25", "--seed", "18446744073709551615", "--busted", "--json", "--expect",
                          "--trace", "t.jsonl"};
    cli_run_opts o;
    cr_assert_eq(parse(&o, 16, argv), 0);
    cr_expect_str_eq(o.scenario, "s.json");
    cr_assert_eq(o.nsets, 6);
    cr_expect_str_eq(o.sets[0], "cpus=8");
    cr_expect_str_eq(o.sets[1], "rcu.fanout_leaf=32");
    cr_expect_str_eq(o.sets[2], "rcu.mode=\"softirq\"");
    cr_expect_str_eq(o.sets[3], "duration_s=0.25");
    cr_expect_str_eq(o.sets[4], "seed=\"18446744073709551615\"", "seeds pass as strings to keep 64 bits");
    cr_expect_str_eq(o.sets[5], "rcu.busted=true");
    cr_expect(o.json && o.expect && !o.help);
    cr_expect_str_eq(o.trace, "t.jsonl");
    cli_run_opts_free(&o);
}

Test(cli_args, double_dash_ends_options)
{
    const char *argv[] = {"run", "--json", "--", "--odd-name.json"};
    cli_run_opts o;
    cr_assert_eq(parse(&o, 4, argv), 0);
    cr_expect_str_eq(o.scenario, "--odd-name.json");
    cli_run_opts_free(&o);
}

Test(cli_args, help_wins)
{
    const char *argv[] = {"run", "--help", "--frob"};
    cli_run_opts o;
    cr_expect_eq(parse(&o, 3, argv), 0);
    cr_expect(o.help);
    cli_run_opts_free(&o);
}

/* Rejected with exit status 2; the messages are compared all together at the end of the test. */
static void usage_error(int argc, const char **argv)
{
    cli_run_opts o;
    cr_expect_eq(parse(&o, argc, argv), 2, "accepted: %s", argv[argc - 1]);
    cli_run_opts_free(&o);
    fflush(stderr);
}

Test(cli_args, bad_usage_is_exit_2, .init = cr_redirect_stderr)
{
    const char *a1[] = {"run", "s.json", "--cpus", "0"};
    usage_error(4, a1);
    const char *a2[] = {"run", "s.json", "--cpus", "4097"};
    usage_error(4, a2);
    const char *a3[] = {"run", "s.json", "--cpus", "8x"};
    usage_error(4, a3);
    const char *a4[] = {"run", "s.json", "--duration", "0"};
    usage_error(4, a4);
    const char *a5[] = {"run", "s.json", "--seed", "18446744073709551616"};
    usage_error(4, a5);
    const char *a6[] = {"run", "s.json", "--mode", "3.7"};
    usage_error(4, a6);
    const char *a7[] = {"run", "s.json", "--json=yes"};
    usage_error(3, a7);
    const char *a8[] = {"run", "s.json", "--trace"};
    usage_error(3, a8);
    const char *a9[] = {"run", "a.json", "b.json"};
    usage_error(3, a9);
    const char *a10[] = {"run", "--json"};
    usage_error(2, a10);
    const char *a11[] = {"run", "s.json", "--set", "novalue"};
    usage_error(4, a11);
    const char *a12[] = {"run", "s.json", "--frobnicate"};
    usage_error(3, a12);
    /* the review's cases: 1e400 was "from 0 to 604800" and 0 "above 0" in other quotes; --mode kthred
     * had no "did you mean" that "mode": "kthred" in a file gets */
    const char *a13[] = {"run", "s.json", "--duration", "1e400"};
    usage_error(4, a13);
    const char *a14[] = {"run", "s.json", "--mode", "kthred"};
    usage_error(4, a14);
    const char *a15[] = {"run", "s.json", "--csv", "gp"};
    usage_error(4, a15);
    const char *a16[] = {"run", "s.json", "--csv", "threads", "--interval", "0"};
    usage_error(6, a16);
    /* the next option is no value: "--trace --json" wrote the trace into a file named --json */
    const char *a17[] = {"run", "s.json", "--trace", "--json"};
    usage_error(4, a17);
    cr_expect_stderr_eq_str(
        "rcuvis: run: --cpus: expected an integer from 1 to 4096, got \"0\" (see rcuvis run --help)\n"
        "rcuvis: run: --cpus: expected an integer from 1 to 4096, got \"4097\" (see rcuvis run --help)\n"
        "rcuvis: run: --cpus: expected an integer from 1 to 4096, got \"8x\" (see rcuvis run --help)\n"
        "rcuvis: run: --duration: expected a number above 0 and at most 604800, got \"0\" (see rcuvis run --help)\n"
        "rcuvis: run: --seed: expected an integer from 0 to 18446744073709551615, got \"18446744073709551616\" (see rcuvis run --help)\n"
        "rcuvis: run: --mode: expected \"softirq\" or \"kthread\", got \"3.7\"; did you mean \"kthread\"? (see rcuvis run --help)\n"
        "rcuvis: run: option '--json' takes no value (see rcuvis run --help)\n"
        "rcuvis: run: option '--trace' needs a value (see rcuvis run --help)\n"
        "rcuvis: run: one scenario at a time, got \"a.json\" and \"b.json\" (see rcuvis run --help)\n"
        "rcuvis: run: missing SCENARIO, a shipped scenario's name or a .json file (see rcuvis run --help)\n"
        "rcuvis: run: --set: expected PATH=VALUE, got \"novalue\" (see rcuvis run --help)\n"
        "rcuvis: run: unknown option '--frobnicate' (see rcuvis run --help)\n"
        "rcuvis: run: --duration: expected a number above 0 and at most 604800, got \"1e400\" (see rcuvis run --help)\n"
        "rcuvis: run: --mode: expected \"softirq\" or \"kthread\", got \"kthred\"; did you mean \"kthread\"? (see rcuvis run --help)\n"
        "rcuvis: run: --csv: expected \"gps\", \"timeseries\", \"threads\" or \"stalls\", got \"gp\"; did you mean \"gps\"? (see rcuvis run --help)\n"
        "rcuvis: run: --interval: expected a number from 0.001 to 86400, got \"0\" (see rcuvis run --help)\n"
        "rcuvis: run: option '--trace' needs a value, got the option '--json' (a value that starts with '-' goes after '=') "
        "(see rcuvis run --help)\n");
}

/* numbers that pass the flag's parser but are no JSON numbers ("0004", ".5", "5.") reach the loader as
 * the parsed value: they were refused there as `got a string "0004"`. The label keeps what was typed. */
Test(cli_args, numbers_pass_as_parsed)
{
    const char *argv[] = {"run", "s.json", "--cpus", "0004", "--duration", ".5", "--duration=5."};
    cli_run_opts o;
    cr_assert_eq(parse(&o, 7, argv), 0);
    cr_assert_eq(o.nsets, 3);
    cr_expect_str_eq(o.sets[0], "cpus=4");
    cr_expect_str_eq(o.set_labels[0], "--cpus 0004");
    cr_expect_str_eq(o.sets[1], "duration_s=0.5");
    cr_expect_str_eq(o.set_labels[1], "--duration .5");
    cr_expect_str_eq(o.sets[2], "duration_s=5");
    cli_run_opts_free(&o);
}

/* after '=' a value may start with dashes: the user said so */
Test(cli_args, dashes_after_equals_are_a_value)
{
    const char *argv[] = {"run", "s.json", "--trace=--json"};
    cli_run_opts o;
    cr_assert_eq(parse(&o, 3, argv), 0);
    cr_expect_str_eq(o.trace, "--json");
    cr_expect(!o.json);
    cli_run_opts_free(&o);
}
