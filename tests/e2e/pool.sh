#!/usr/bin/env bash
# pool.sh — the test runner (tools/pool.sh) runs every job of its list: a job that reads stdin does not eat the rest of the list.
#   RCUVIS_ROOT=. bash tests/e2e/pool.sh     (exit 0 = passed)
set -u
root=${RCUVIS_ROOT:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# two slow jobs hold the pool while the third reads stdin: it used to get the list file and swallow
# the 40 lines after it (script(1) in export.sh did that to make test, which then ran 87 of 168 jobs)
{ printf 'a\tsleep 0.2\nb\tsleep 0.3\nc\tcat >/dev/null\n'; for i in $(seq 1 40); do printf 'j%d\ttrue\n' "$i"; done; } >"$tmp/list"
"$root/tools/pool.sh" 2 "$tmp/list" >"$tmp/out" 2>&1; rc=$?
ran=$(grep -c '^ok ' "$tmp/out")
[ "$rc" -eq 0 ] && [ "$ran" -eq 43 ] || { echo "FAIL: pool ran $ran of 43 jobs (exit $rc)"; tail -5 "$tmp/out"; exit 1; }
echo "pool: all 43 jobs ran"
