#!/usr/bin/env bash
# run-tests.sh — run Criterion test binaries, print one summary line, fail if any failed.
#   tools/run-tests.sh BUILD_DIR TEST_BINARY...
set -u
build=$1; shift
export RCUVIS_BIN="$PWD/$build/rcuvis" RCUVIS_ROOT="$PWD"
fail=0; pass_total=0; fail_total=0
for t in "$@"; do
  out=$("$t" --jobs 2 2>&1); rc=$?
  line=$(printf '%s\n' "$out" | grep -E '^\[====\] Synthesis:' | tail -1)
  p=$(printf '%s' "$line" | sed -nE 's/.*Passing: ([0-9]+).*/\1/p'); f=$(printf '%s' "$line" | sed -nE 's/.*Failing: ([0-9]+).*/\1/p')
  c=$(printf '%s' "$line" | sed -nE 's/.*Crashing: ([0-9]+).*/\1/p')
  pass_total=$((pass_total + ${p:-0})); fail_total=$((fail_total + ${f:-0} + ${c:-0}))
  if [ $rc -ne 0 ]; then fail=1; printf '%s\n' "$out" | grep -vE '^\[----\]' | tail -40; echo "FAILED: $t"; else echo "ok   $t  ${line#*Synthesis: }"; fi
done
echo "$build: $pass_total passed, $fail_total failed"
exit $fail
