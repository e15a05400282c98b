#!/usr/bin/env bash
# unit.sh — run one Criterion test binary for tools/pool.sh: a RESULT line with its synthesis, or its failures.
#   tools/unit.sh BUILD_DIR TEST_BINARY [CRITERION_FILTER]
set -u
build=$1 t=$2 filter=${3:-}
export RCUVIS_BIN="$PWD/$build/rcuvis" RCUVIS_ROOT="$PWD"
out=$("$t" --jobs 2 ${filter:+--filter "$filter"} 2>&1); rc=$?
line=$(printf '%s\n' "$out" | grep -E '^\[====\] Synthesis:' | tail -1)
if [ $rc -ne 0 ] || [ -z "$line" ]; then printf '%s\n' "$out" | grep -vE '^\[----\]' | tail -40; echo "FAILED: $t"; exit 1; fi
echo "RESULT $(printf '%s' "$line" | sed -nE 's/.*Passing: ([0-9]+).*/\1/p') passed"
