#!/usr/bin/env bash
# authoring_doc.sh — every command in docs/authoring.md's ```sh blocks runs, in order, in an empty
# directory, and succeeds; then the scenario the walkthrough built passes its own expectations.
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
mkdir "$work/bin" && ln -s "$bin" "$work/bin/rcuvis"
awk '/^```sh$/ {on=1; next} /^```$/ {on=0; next} on' "$root/docs/authoring.md" > "$work/walkthrough.sh"
n=$(grep -cE '^(rcuvis|cat|grep) ' "$work/walkthrough.sh")
[ "$n" -ge 9 ] || { echo "FAIL: only $n commands extracted from docs/authoring.md"; exit 1; }
if ! (cd "$work" && PATH="$work/bin:$PATH" bash -e -o pipefail walkthrough.sh) > "$work/out.txt" 2>&1; then
  echo "FAIL: a command of docs/authoring.md failed:"; tail -20 "$work/out.txt"; exit 1
fi
fail=0
# 3.6/3.7's rcu_print_task_stall() skips the task gp_tasks points to, here the only one: "{}", then the
# kernel's "Stall ended before state dump start"
grep -q 'detected stalls on CPUs/tasks: {} (detected by' "$work/out.txt" && grep -q 'INFO: Stall ended before state dump start' "$work/out.txt" \
  && echo "ok   the task stall, as 3.7 printed it" || { echo "FAIL: no task stall in the 3.7 form in the output"; fail=1; }
grep -q 'expect: 7 of 7 passed' "$work/out.txt" && echo "ok   the walkthrough's scenario passes its 7 expectations" || { echo "FAIL: expectations"; fail=1; }
grep -q 'exit status 1' "$work/out.txt" && echo "ok   --strict fails on the refused event" || { echo "FAIL: --strict did not fail"; fail=1; }
[ -s "$work/stall.png" ] && [ -s "$work/stall-compare.png" ] && echo "ok   shots written" || { echo "FAIL: shots missing"; fail=1; }
echo "ok   $n commands of docs/authoring.md ran"
exit $fail
