/* test_web_url.c — the page URL's fragment (#SCENARIO&t=S&cue=N...): accepted forms and located errors. */
#include "window/web_url.h"

#include <criterion/criterion.h>
#include <string.h>

static char err[600];

Test(web_url, scenario_time_and_cpu)
{
    web_url u;
    cr_assert_eq(web_url_parse("#omap-stall&t=80.02&cpu=3", &u, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(u.scenario, "omap-stall");
    cr_expect(u.has_t);
    cr_expect_float_eq(u.t_s, 80.02, 1e-9);
    cr_expect_eq(u.cpu, 3);
    cr_expect_eq(u.cue, 0);
    cr_expect_str_eq(u.mode, "");
    cr_expect_eq(u.theme, -1);
}

Test(web_url, empty_means_default_scenario_playing)
{
    web_url u;
    cr_assert_eq(web_url_parse("", &u, err, sizeof err), 0);
    cr_expect_str_eq(u.scenario, "");
    cr_expect(!u.has_t);
    cr_expect_eq(u.cpu, -1);
    cr_assert_eq(web_url_parse("#", &u, err, sizeof err), 0);
    cr_assert_eq(web_url_parse(NULL, &u, err, sizeof err), 0);
}

Test(web_url, keys_without_a_scenario)
{
    web_url u;
    cr_assert_eq(web_url_parse("#cue=2&theme=dark", &u, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(u.scenario, "");
    cr_expect_eq(u.cue, 2);
    cr_expect_eq(u.theme, 1);
    cr_assert_eq(web_url_parse("#mode=compare&t=3", &u, err, sizeof err), 0, "%s", err);
    cr_expect_str_eq(u.mode, "compare");
}

static void expect_error(const char *hash, const char *needle)
{
    web_url u = {.cpu = 7};
    err[0] = 0;
    cr_expect_eq(web_url_parse(hash, &u, err, sizeof err), -1, "%s should fail", hash);
    cr_expect(strstr(err, needle) != NULL, "%s: message \"%s\" lacks \"%s\"", hash, err, needle);
    cr_expect_eq(u.cpu, 7, "nothing half-applied");
}

Test(web_url, bad_input_says_what_was_expected_and_found)
{
    expect_error("#omap-stall&t=-1", "t: expected seconds >= 0, found \"-1\"");
    expect_error("#omap-stall&t=abc", "found \"abc\"");
    expect_error("#omap-stall&t=nan", "found \"nan\"");
    expect_error("#omap-stall&t=", "found \"\"");
    expect_error("#../etc/passwd", "found '.'");
    expect_error("#a&b", "expected KEY=VALUE after '&', found \"b\"");
    expect_error("#x&cue=0", "cue: expected a lecture cue number >= 1");
    /* a key twice, or a cue with a moment or a view of its own: the later or the cue won silently */
    expect_error("#omap-stall&t=80.02&t=1", "t given twice; keep one");
    expect_error("#omap-stall&cpu=1&cpu=0", "cpu given twice");
    expect_error("#omap-stall&mode=kthread&cue=5", "cue=5 shows the lecture's own view, as PgDn does: leave out mode=");
    expect_error("#x&cpu=-2", "cpu: expected a CPU number");
    expect_error("#x&mode=fast", "mode: expected softirq, kthread or compare, found \"fast\"");
    expect_error("#x&theme=blue", "theme: expected light or dark");
    expect_error("#x&speed=2", "unknown key \"speed\"");
}

/* "Link to this moment" after a workbook question's Show me (rcu.fast_no_hz=false) opened the run with
 * FAST_NO_HZ on: 3915 grace periods where the student's screen had 992. A link carries the view's
 * changed settings as set=, each a --set of the window. */
Test(web_url, set_carries_changed_settings)
{
    web_url u;
    cr_assert_eq(web_url_parse("#fast-no-hz&t=2&set=rcu.mode=kthread&set=rcu.fast_no_hz=false&set=duration_s=2", &u, err, sizeof err), 0,
                 "%s", err);
    cr_expect_eq(u.nsets, 3);
    cr_expect_str_eq(u.sets[0], "rcu.mode=kthread");
    cr_expect_str_eq(u.sets[1], "rcu.fast_no_hz=false");
    cr_expect_str_eq(u.sets[2], "duration_s=2");
    cr_expect(web_url_set_ok("workload.0.idle_blips_per_s=10000"));
    cr_expect_not(web_url_set_ok("cpus"), "no value");
    cr_expect_not(web_url_set_ok("=3"), "no key");
    cr_expect_not(web_url_set_ok("name=a b"), "a space");
    expect_error("#small-busy&set=rcu.no_hz", "set: expected KEY=VALUE");
    expect_error("#small-busy&set=x=\"y\"", "found \"x=\"y\"\"");
    expect_error("#small-busy&set=a=1&set=b=1&set=c=1&set=d=1&set=e=1&set=f=1&set=g=1&set=h=1&set=i=1", "at most 8 settings");
}
