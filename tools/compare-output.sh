#!/usr/bin/env bash
# compare-output.sh — an optimisation keeps the output: two rcuvis binaries must print the same
# report (minus wall_seconds), the same --trace and the same debugfs files for every shipped scenario,
# in both GP modes.
#   tools/compare-output.sh OLD_BIN NEW_BIN [TRACE_SECONDS]
# Reports compare whole runs; traces compare the first TRACE_SECONDS simulated seconds (default 30)
# so that a 10-minute trace need not be written to disk; the debugfs files (rcudata, rcuhier, ...:
# per-CPU and per-node state that the report sums away) come from a headless run of that length, so
# the engine's no-listener short paths are compared too. Exit 1 if any difference is listed.
set -u
old=${1:?old binary}; new=${2:?new binary}; tsec=${3:-30}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
strip='import json,sys
d=json.load(open(sys.argv[1]))
def walk(x):
    if isinstance(x, dict):
        return {k: walk(v) for k, v in x.items() if k not in ("wall_seconds", "cpu_seconds")}
    if isinstance(x, list):
        return [walk(v) for v in x]
    return x
print(json.dumps(walk(d), sort_keys=True))'
bad=0
for s in "$root"/scenarios/*.json; do
  n=$(basename "$s" .json); [ "$n" = schema ] && continue
  dur=$(python3 -c "import json,sys; print(min(float(sys.argv[2]), json.load(open(sys.argv[1])).get('duration_s', 60)))" "$s" "$tsec")
  for mode in kthread softirq; do
    for b in old new; do
      bin=$old; [ $b = new ] && bin=$new
      "$bin" run "$s" --mode $mode --json >"$tmp/$b.json" 2>"$tmp/$b.err"; echo $? >"$tmp/$b.rc"
      python3 -c "$strip" "$tmp/$b.json" >"$tmp/$b.norm" 2>/dev/null || cp "$tmp/$b.err" "$tmp/$b.norm"
      "$bin" run "$s" --mode $mode --duration "$dur" --trace "$tmp/$b.jsonl" >/dev/null 2>&1
      sha256sum <"$tmp/$b.jsonl" | cut -c1-16 >"$tmp/$b.sum"; rm -f "$tmp/$b.jsonl"
      "$bin" run "$s" --mode $mode --duration "$dur" --debugfs 2>&1 | grep -v ' of wall time ' >"$tmp/$b.dbg"
    done
    if ! cmp -s "$tmp/old.norm" "$tmp/new.norm" || ! cmp -s "$tmp/old.rc" "$tmp/new.rc"; then
      echo "DIFF report  $n --mode $mode"; diff <(tr ',' '\n' <"$tmp/old.norm") <(tr ',' '\n' <"$tmp/new.norm") | head -8; bad=1
    elif ! cmp -s "$tmp/old.sum" "$tmp/new.sum"; then
      echo "DIFF trace   $n --mode $mode (first ${dur} s): $(cat "$tmp/old.sum") vs $(cat "$tmp/new.sum")"; bad=1
    elif ! cmp -s "$tmp/old.dbg" "$tmp/new.dbg"; then
      echo "DIFF debugfs $n --mode $mode (first ${dur} s)"; diff "$tmp/old.dbg" "$tmp/new.dbg" | head -8; bad=1
    else
      echo "same         $n --mode $mode (report; trace $(cat "$tmp/new.sum"); debugfs)"
    fi
  done
done
exit $bad
