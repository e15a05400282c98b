#!/usr/bin/env bash
# unit.sh — run one Criterion test binary for tools/pool.sh: a RESULT line with its synthesis, or its failures.
#   tools/unit.sh [--in-process | --forked] BUILD_DIR TEST_BINARY [CRITERION_FILTER]
# --in-process: all the binary's tests in one process, one after another (tests/support/in_process.c,
# preloaded; after ASan's runtime when the binary is an ASan one), instead of a process per test.
# --forked: the same runner, but each test in a child fork()ed from it: a process per test, as under
# Criterion's runner, without an exec (and the loading of SDL's libraries) for each.
set -u
preload=""
if [ "${1:-}" = "--in-process" ] || [ "${1:-}" = "--forked" ]; then
  [ "$1" = "--forked" ] && export IN_PROCESS_FORK=1
  shift
  runner=${IN_PROCESS_RUNNER:-build/tests/support/in_process.so}
  case $runner in /*) ;; *) runner="$PWD/$runner" ;; esac
  [ -f "$runner" ] || { echo "unit.sh: $runner is missing (make test-build builds it)"; exit 1; }
  preload=$runner
  # UNIT_ASAN_RT: the ASan runtime the binary links ("" for a plain one), set once by tools/test-all.sh;
  # asked of ldd otherwise (ldd loads the binary's ~90 libraries: ~2 % of make test's CPU, run per binary)
  if [ -n "${UNIT_ASAN_RT+set}" ]; then asan=$UNIT_ASAN_RT
  else asan=$(ldd "$2" 2>/dev/null | awk '/libasan\.so/ {print $3; exit}'); fi
  [ -n "$asan" ] && preload="$asan:$runner"
fi
build=$1 t=$2 filter=${3:-}
export RCUVIS_BIN="$PWD/$build/rcuvis" RCUVIS_ROOT="$PWD"
rc=77
if [ -n "$preload" ]; then
  out=$(LD_PRELOAD="$preload" "$t" ${filter:+--filter "$filter"} 2>&1); rc=$?
fi
if [ $rc -eq 77 ]; then # not asked, or the binary uses what only Criterion's runner has
  out=$("$t" --jobs 2 ${filter:+--filter "$filter"} 2>&1); rc=$?
fi
line=$(printf '%s\n' "$out" | grep -E '^\[====\] Synthesis:' | tail -1)
# LeakSanitizer reports at a test process's exit, after the test has told Criterion it passed, and
# Criterion does not look at that exit status: a leak would pass unseen. Its report fails the binary.
leaks=$(printf '%s\n' "$out" | grep -c 'ERROR: LeakSanitizer: detected memory leaks')
if [ $rc -ne 0 ] || [ -z "$line" ] || [ "$leaks" -gt 0 ]; then
  if [ "$leaks" -gt 0 ]; then # each report whole (they are long: the first 60 lines of them)
    printf '%s\n' "$out" | sed -n '/ERROR: LeakSanitizer/,/^SUMMARY: AddressSanitizer/p' | head -60
    echo "$leaks test process(es) leaked memory (LeakSanitizer above)"
  else
    printf '%s\n' "$out" | tail -60 # the assertions' messages ([----] lines) with their [FAIL]
  fi
  echo "FAILED: $t"; exit 1
fi
echo "RESULT $(printf '%s' "$line" | sed -nE 's/.*Passing: ([0-9]+).*/\1/p') passed"
