#!/usr/bin/env bash
# unit.sh — run one Criterion test binary for tools/pool.sh: a RESULT line with its synthesis, or its failures.
#   tools/unit.sh BUILD_DIR TEST_BINARY [CRITERION_FILTER]
set -u
build=$1 t=$2 filter=${3:-}
export RCUVIS_BIN="$PWD/$build/rcuvis" RCUVIS_ROOT="$PWD"
out=$("$t" --jobs 2 ${filter:+--filter "$filter"} 2>&1); rc=$?
line=$(printf '%s\n' "$out" | grep -E '^\[====\] Synthesis:' | tail -1)
# LeakSanitizer reports at a test process's exit, after the test has told Criterion it passed, and
# Criterion does not look at that exit status: a leak would pass unseen. Its report fails the binary.
leaks=$(printf '%s\n' "$out" | grep -c 'ERROR: LeakSanitizer: detected memory leaks')
if [ $rc -ne 0 ] || [ -z "$line" ] || [ "$leaks" -gt 0 ]; then
  if [ "$leaks" -gt 0 ]; then # each report whole (they are long: the first 60 lines of them)
    printf '%s\n' "$out" | sed -n '/ERROR: LeakSanitizer/,/^SUMMARY: AddressSanitizer/p' | head -60
    echo "$leaks test process(es) leaked memory (LeakSanitizer above)"
  else
    printf '%s\n' "$out" | grep -vE '^\[----\]' | tail -40
  fi
  echo "FAILED: $t"; exit 1
fi
echo "RESULT $(printf '%s' "$line" | sed -nE 's/.*Passing: ([0-9]+).*/\1/p') passed"
