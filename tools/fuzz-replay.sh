#!/usr/bin/env bash
# fuzz-replay.sh — replay every fuzz harness's seed corpus and the crashes found so far (regression inputs).
#   tools/fuzz-replay.sh BUILD_DIR      (every BUILD_DIR/fuzz/replay_HARNESS that make built)
set -u
build=${1:?build dir}; n=0
for b in "$build"/fuzz/replay_*; do
  [ -x "$b" ] || continue
  h=${b##*/replay_}; n=$((n + 1))
  out=$("$b" "tests/fuzz/corpus/$h" "tests/fuzz/crashes/$h" 2>&1) || { printf '%s\n' "$out" | tail -40; echo "FAILED: fuzz replay $h"; exit 1; }
  echo "RESULT $h: $(printf '%s\n' "$out" | tail -1)"
done
[ $n -gt 0 ] || { echo "FAILED: no $build/fuzz/replay_* built"; exit 1; }
