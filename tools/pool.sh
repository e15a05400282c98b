#!/usr/bin/env bash
# pool.sh — run test jobs a few at a time, print each one's output whole when it ends, with its time.
#   tools/pool.sh JOBS LISTFILE     LISTFILE: one job a line, "label<TAB>command" (run with bash -c)
# Jobs start in the list's order (put the longest first); a job that fails shows its output's last
# 40 lines, one that passes its RESULT lines (on its own line) and SKIP, NOTE, monkey: lines.
# Exit 1 when any failed.
# Times are printed for the reader (where CI's minutes go), never compared with anything.
set -u
jobs=${1:?jobs}; list=${2:?list file}
out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
: >"$out/lock"
t0=$(date +%s%N)
ms_since() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
secs() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }

run_one() { # index label command
  local i=$1 label=$2 cmd=$3 s rc ms
  s=$(date +%s%N)
  # stdin is /dev/null: a job inherits the loop's, the list itself, and one that reads it (script(1)
  # forwards its stdin to the child) ate the rest of the list: make test ran 87 of 168 jobs and passed
  bash -c "$cmd" </dev/null >"$out/$i.log" 2>&1; rc=$?
  ms=$(ms_since "$s")
  echo "$rc $ms $label" >"$out/$i.res"
  {
    flock 9
    if [ "$rc" -eq 0 ]; then
      printf 'ok   %-46s %6ss  %s\n' "$label" "$(secs "$ms")" "$(sed -n 's/^RESULT //p' "$out/$i.log" | paste -sd';' - | sed 's/;/; /g')"
      grep -E '^(SKIP|NOTE|monkey:)' "$out/$i.log" | sed 's/^/       /' | head -40
    else
      printf 'FAIL %-46s %6ss (exit %d)\n' "$label" "$(secs "$ms")" "$rc"
      tail -40 "$out/$i.log" | sed 's/^/   | /'
    fi
  } 9>>"$out/lock"
}

n=0; running=0
while IFS=$'\t' read -r label cmd; do
  [ -n "$label" ] || continue
  case $label in \#*) continue ;; esac
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  run_one "$n" "$label" "$cmd" &
  n=$((n + 1)); running=$((running + 1))
done <"$list"
wait
# every job of the list ran, or the run fails: a shortened run must never read as a pass
want=$(grep -v '^#' "$list" | awk -F'\t' 'length($1) > 0' | wc -l)
if [ "$n" -ne "$want" ]; then echo "pool: $n of the list's $want jobs ran" >&2; exit 1; fi

fail=0; sum=0
for ((i = 0; i < n; i++)); do
  read -r rc ms label <"$out/$i.res" || { fail=$((fail + 1)); continue; }
  [ "$rc" -eq 0 ] || fail=$((fail + 1))
  sum=$((sum + ms))
done
wall=$(ms_since "$t0")
tests=$(cat "$out"/*.log 2>/dev/null | sed -n 's/^RESULT \([0-9]*\) passed$/\1/p' | awk '{s += $1} END {print s + 0}')
echo "$n jobs (${tests:-0} Criterion tests passed in them), $fail failed: $(secs "$wall") s of wall time for $(secs "$sum") s of jobs ($jobs at a time)"
echo "slowest:"
for ((i = 0; i < n; i++)); do cat "$out/$i.res"; done | sort -k2,2nr | head -6 | while read -r rc ms label; do printf '  %-46s %6ss\n' "$label" "$(secs "$ms")"; done
[ "$fail" -eq 0 ]
