#!/usr/bin/env bash
# fuzz.sh — run each libFuzzer harness for SECONDS on a copy of its seed corpus; print inputs/s and
# coverage; a crash is saved under BUILD/crashes/NAME/ (copy it to tests/fuzz/crashes/NAME/ once fixed).
#   tools/fuzz.sh build-fuzz SECONDS scenario quiz set progress
set -u
build=$1; secs=$2; shift 2
status=0
for h in "$@"; do
  work="$build/corpus/$h"; crashes="$build/crashes/$h"
  mkdir -p "$work" "$crashes"
  cp -n tests/fuzz/corpus/$h/* "$work"/ 2>/dev/null
  log="$build/fuzz-$h.log"
  ASAN_OPTIONS=detect_leaks=1 "$build/fuzz/fuzz_$h" -max_total_time="$secs" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$crashes/" -print_final_stats=1 "$work" >"$log" 2>&1
  rc=$?
  execs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -1)
  cov=$(grep -E '^#[0-9]+' "$log" | tail -1 | sed -nE 's/.*cov: ([0-9]+) ft: ([0-9]+).*/cov \1 edges, ft \2/p')
  printf 'fuzz %-9s %ss: %s inputs, %s inputs/s, %s, corpus %s files%s\n' "$h" "$secs" "${execs:-?}" \
    "$(( ${execs:-0} / (secs > 0 ? secs : 1) ))" "${cov:-coverage ?}" "$(ls "$work" | wc -l)" \
    "$([ $rc -ne 0 ] && echo ", CRASH: see $log and $crashes")"
  [ $rc -eq 0 ] || status=1
done
exit $status
