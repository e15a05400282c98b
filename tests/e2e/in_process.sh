#!/usr/bin/env bash
# in_process.sh — tools/unit.sh --in-process (the ASan lane's runner, tests/support/in_process.c) on a
# canary binary: a test's environment and directory changes do not reach the next test, a failed
# assertion, a hang and a filter are reported as Criterion's runner would, and a binary that needs
# Criterion's output redirection is run by Criterion's runner instead; a failed .init skips the body
# and .fini, as Criterion's worker does.
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
build=$(dirname "$bin")
canary="$build/tests/support/runner_canary"
export IN_PROCESS_RUNNER="$build/tests/support/in_process.so"
cd "$root" || exit 1
fail=0
check() { # name expected-status expected-text [env...] -- [filter]
  local name=$1 want_rc=$2 want=$3; shift 3
  local envs=(); while [ $# -gt 0 ] && [ "$1" != "--" ]; do envs+=("$1"); shift; done; shift
  local out rc
  out=$(env RCUVIS_CANARY_KEEP=kept "${envs[@]}" tools/unit.sh --in-process "$build" "$canary" "$@" 2>&1); rc=$?
  if [ $rc -eq "$want_rc" ] && printf '%s\n' "$out" | grep -qF -- "$want"; then echo "ok   $name"
  else fail=1; echo "FAIL $name (status $rc, wanted $want_rc and \"$want\"):"; printf '%s\n' "$out" | tail -15; fi
}
check "six tests in one process, each starting afresh" 0 "RESULT 6 passed" --
check "a failed assertion fails the binary and names the test" 1 "[FAIL] canary::c_fails_when_asked" RCUVIS_CANARY_FAIL=1 --
check "...with the assertion's message" 1 "failed on purpose" RCUVIS_CANARY_FAIL=1 --
check "a filter in test-all.sh's !(...) form" 0 "RESULT 4 passed" -- '!(canary/@(c|d)_*)'
check "a hung test is stopped by its .timeout (its timer signal raised at once)" 1 "timed out: canary::e_hangs_when_asked" RCUVIS_CANARY_HANG=1 --
check "cr_redirect_stderr() hands the binary to Criterion's runner" 0 "RESULT 6 passed" RCUVIS_CANARY_REDIRECT=1 --
check "a failed .init fails its test, and neither the body nor .fini runs" 1 "(in its .init fixture)" RCUVIS_CANARY_INIT_FAIL=1 --
out=$(env RCUVIS_CANARY_KEEP=kept RCUVIS_CANARY_INIT_FAIL=1 tools/unit.sh --in-process "$build" "$canary" 2>&1)
if printf '%s\n' "$out" | grep -qE "fini ran|the test body ran"; then fail=1; echo "FAIL after a failed .init, the body or .fini still ran:"; printf '%s\n' "$out" | tail -8; else echo "ok   ...(neither ran)"; fi
exit $fail
