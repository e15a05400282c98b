/* runner_canary.c — Criterion tests of the in-process runner itself (tests/support/in_process.c), driven by tests/e2e/in_process.sh. */
/*
 * Each test does what a real test might and the runner must cope with: change the environment, the
 * working directory or a global (the next test must not see them; the global only where each test
 * has a process of its own), fail an assertion, hang, crash, or ask for Criterion's output
 * redirection. The environment variables the script sets choose the failures; without them every
 * test passes.
 */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char start_cwd[PATH_MAX];
static int set_by_test_a; /* a process of its own starts every test with this 0 */

Test(canary, a_changes_the_environment_and_the_directory)
{
    cr_assert_not_null(getcwd(start_cwd, sizeof start_cwd));
    setenv("RCUVIS_CANARY_LEFT", "by test a", 1);
    unsetenv("RCUVIS_CANARY_KEEP");
    cr_assert_eq(chdir("/"), 0);
    set_by_test_a = 1;
}

Test(canary, b_starts_as_a_process_would)
{
    char cwd[PATH_MAX];
    cr_expect_null(getenv("RCUVIS_CANARY_LEFT"), "test a's variable is still set");
    cr_expect_str_eq(getenv("RCUVIS_CANARY_KEEP") ? getenv("RCUVIS_CANARY_KEEP") : "(unset)", "kept",
                     "the variable test a removed is gone");
    cr_assert_not_null(getcwd(cwd, sizeof cwd));
    if (start_cwd[0]) cr_expect_str_eq(cwd, start_cwd, "test a's working directory is still current");
    if (getenv("RCUVIS_CANARY_GLOBALS")) cr_expect_eq(set_by_test_a, 0, "test a's global is still set: not a process of its own");
}

Test(canary, c_fails_when_asked)
{
    if (getenv("RCUVIS_CANARY_FAIL")) cr_assert_eq(1 + 1, 3, "failed on purpose");
    cr_assert(true);
}

Test(canary, d_redirects_when_asked)
{
    if (getenv("RCUVIS_CANARY_REDIRECT")) {
        cr_redirect_stderr();
        fprintf(stderr, "hidden");
        fflush(stderr);
        cr_assert_stderr_eq_str("hidden");
    }
}

/* A hang without waiting for one: the timer's signal is raised at once, so what is checked is the
 * runner's answer to it (the .timeout's handler is in place and names the test), not how long a
 * second takes on a loaded machine. Without the handler the signal would kill the run unnamed. */
Test(canary, e_hangs_when_asked, .timeout = 30)
{
    if (getenv("RCUVIS_CANARY_HANG")) {
        raise(SIGALRM);
        for (;;) pause();
    }
}

static void init_fails_when_asked(void)
{
    if (getenv("RCUVIS_CANARY_INIT_FAIL")) cr_assert_fail("the fixture failed on purpose");
}
static void fini_says_so(void)
{
    if (getenv("RCUVIS_CANARY_INIT_FAIL")) fprintf(stderr, "fini ran after a failed init\n");
}

Test(canary, f_has_a_fixture_that_fails_when_asked, .init = init_fails_when_asked, .fini = fini_says_so)
{
    cr_assert_null(getenv("RCUVIS_CANARY_INIT_FAIL"), "the test body ran after its .init failed");
}

Test(canary, g_crashes_when_asked)
{
    if (getenv("RCUVIS_CANARY_CRASH")) raise(SIGSEGV);
}

Test(canary, h_runs_after_a_crash)
{
    cr_assert(true);
}
