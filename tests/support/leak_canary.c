/* leak_canary.c — a Criterion test that leaks on purpose: make test's ASan lane checks that tools/unit.sh fails it. */
/*
 * Criterion counts a test as passed once its body returns, and LeakSanitizer reports only later, at
 * the test process's exit, whose status Criterion ignores. For a long while every leak in the ASan
 * lane passed unseen that way (five test files leaked; the app's code did not). tools/unit.sh now
 * fails a binary whose output holds a LeakSanitizer report, and tools/test-all.sh runs it on this
 * one, expecting that failure, so the check cannot quietly stop working again.
 */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

Test(leak_canary, leaks_one_block_and_passes)
{
    char *block = malloc(32);
    cr_assert_not_null(block);
    strcpy(block, "never freed");
    block = NULL; /* the only pointer to it is gone: a direct leak */
    cr_assert_null(block);
}
