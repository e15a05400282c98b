#!/usr/bin/env bash
# in_process.sh — tools/unit.sh --in-process and --forked (make test's runner, tests/support/in_process.c:
# the ASan lane in one process per binary, the plain lane in a forked process per test) on a canary
# binary: a test's environment and directory changes do not reach the next test (nor, forked, its
# globals), a failed assertion, a hang and a filter are reported as Criterion's runner would, a crash
# (forked) fails its test and the rest still run, a binary that needs Criterion's output redirection
# is run by Criterion's runner instead, and a failed .init skips the body and .fini, as Criterion's
# worker does.
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
build=$(dirname "$bin")
canary="$build/tests/support/runner_canary"
export IN_PROCESS_RUNNER="$build/tests/support/in_process.so"
cd "$root" || exit 1
fail=0
check() { # name expected-status expected-text [env...] -- [filter]   (RUNNER: --in-process or --forked)
  local name=$1 want_rc=$2 want=$3; shift 3
  local envs=(); while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  local out rc
  out=$(env RCUVIS_CANARY_KEEP=kept "${envs[@]}" tools/unit.sh "$RUNNER" "$build" "$canary" "$@" 2>&1); rc=$?
  if [ $rc -eq "$want_rc" ] && printf '%s\n' "$out" | grep -qF -- "$want"; then echo "ok   $RUNNER: $name"
  else fail=1; echo "FAIL $RUNNER: $name (status $rc, wanted $want_rc and \"$want\"):"; printf '%s\n' "$out" | tail -15; fi
}
for RUNNER in --in-process --forked; do
  check "eight tests, each starting afresh" 0 "RESULT 8 passed" --
  check "a failed assertion fails the binary and names the test" 1 "[FAIL] canary::c_fails_when_asked" RCUVIS_CANARY_FAIL=1 --
  check "...with the assertion's message" 1 "failed on purpose" RCUVIS_CANARY_FAIL=1 --
  check "a filter in test-all.sh's !(...) form" 0 "RESULT 6 passed" -- '!(canary/@(c|d)_*)'
  check "a hung test is stopped by its .timeout (its timer signal raised at once)" 1 "timed out: canary::e_hangs_when_asked" RCUVIS_CANARY_HANG=1 --
  check "cr_redirect_stderr() hands the binary to Criterion's runner" 0 "RESULT 8 passed" RCUVIS_CANARY_REDIRECT=1 --
  check "a failed .init fails its test, and neither the body nor .fini runs" 1 "(in its .init fixture)" RCUVIS_CANARY_INIT_FAIL=1 --
  out=$(env RCUVIS_CANARY_KEEP=kept RCUVIS_CANARY_INIT_FAIL=1 tools/unit.sh "$RUNNER" "$build" "$canary" 2>&1)
  if printf '%s\n' "$out" | grep -qE "fini ran|the test body ran"; then fail=1; echo "FAIL $RUNNER: after a failed .init, the body or .fini still ran:"; printf '%s\n' "$out" | tail -8; else echo "ok   $RUNNER: ...(neither ran)"; fi
done
RUNNER=--forked
check "a global one test sets is not seen by the next (a process per test)" 0 "RESULT 8 passed" RCUVIS_CANARY_GLOBALS=1 --
check "a crash fails its test, named" 1 "[FAIL] canary::g_crashes_when_asked: CRASH! (signal 11" RCUVIS_CANARY_CRASH=1 --
check "...and the tests after it still run" 1 "Tested: 8 | Passing: 7 | Failing: 1 | Crashing: 1" RCUVIS_CANARY_CRASH=1 --
exit $fail
