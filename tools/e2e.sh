#!/usr/bin/env bash
# e2e.sh — run every end-to-end script in tests/e2e/ against a built rcuvis; print "N passed, N failed".
#   tools/e2e.sh build/rcuvis
set -u
bin=$(realpath "$1"); export RCUVIS_BIN="$bin" RCUVIS_ROOT="$PWD"
pass=0; fail=0
for t in tests/e2e/*.sh; do
  [ -e "$t" ] || continue
  # a safety net against a hang only (an hour, ~100x the slowest script), never a speed check
  if out=$(timeout "${RCUVIS_E2E_TIMEOUT:-3600}" bash "$t" 2>&1); then pass=$((pass+1)); echo "ok   $t"; printf '%s\n' "$out" | grep -E '^(SKIP|NOTE)' ; else fail=$((fail+1)); echo "FAIL $t"; printf '%s\n' "$out" | tail -30; fi
done
echo "e2e: $pass passed, $fail failed"
[ $fail -eq 0 ]
