#!/usr/bin/env bash
# cli_asan.sh — the command line's main paths, and its refusals, on the ASan+UBSan build with leak checks on: no sanitizer report, the usual exit codes.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/cli_asan.sh     (exit 0 = all passed)
# The other e2e scripts drive the release binary; the unit tests, not the CLI's own code (argument
# parsing, output files, the subcommands' teardown), run under ASan. Skipped without build-asan/.
set -u
root=${RCUVIS_ROOT:-.}
bin="$root/build-asan/rcuvis"
[ -x "$bin" ] || { echo "SKIP: no $bin (make asan-build)"; exit 0; }
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export RCUVIS_DATA="$root"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export XDG_STATE_HOME="$tmp/state" XDG_CONFIG_HOME="$tmp/config"
failed=0 n=0
fail() { echo "FAIL: $*"; failed=1; }
# runs WANT_EXIT -- COMMAND...: that exit code and no sanitizer report on stderr
runs() {
  local want=$1; shift 2
  n=$((n + 1))
  "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null; local rc=$?
  [ $rc -eq "$want" ] || { fail "rcuvis $*: exit $rc, wanted $want"; head -5 "$tmp/err" | sed 's/^/  /'; }
  if grep -qE 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$tmp/err"; then
    fail "rcuvis $*: a sanitizer report"
    grep -E -A12 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:' "$tmp/err" | head -30 | sed 's/^/  /'
  fi
}
printf '{"cpus": 4, "duration_s": "x"}\n' >"$tmp/bad.json"
mkdir -p "$tmp/ro"

runs 0 -- run small-busy --set duration_s=0.5
runs 0 -- run omap-stall --set duration_s=2 --debugfs
runs 0 -- run hackbench --set duration_s=0.2 --mode softirq --json --work
runs 0 -- run hackbench --set duration_s=0.2 --trace "$tmp/t.json"
runs 0 -- run small-busy --set duration_s=0.5 --csv gps
runs 0 -- check "$root/scenarios/hackbench.json"
runs 0 -- shot small-busy --at 0.1 -o "$tmp/s.png"
runs 0 -- shot hackbench --at 0.05 --compare --size 1280x720 -o "$tmp/c.png"
runs 0 -- quiz --list
runs 0 -- reproduce --quick
runs 0 -- schema
runs 2 -- run /nonexistent.json
runs 2 -- check "$tmp/bad.json"
runs 2 -- run small-busy --set nosuch=1
runs 2 -- run small-busy --seed abc
runs 2 -- shot small-busy --at 99999 -o "$tmp/s.png"
runs 2 -- shot small-busy --at 0.1 -o "$tmp/no/such/dir/s.png"
runs 2 -- quiz --check "$tmp/bad.json"

[ $failed -eq 0 ] && echo "cli under ASan+UBSan: $n commands, exit codes as expected, no sanitizer report"
exit $failed
