#!/usr/bin/env bash
# authoring.sh — nothing silent: a scripted event that cannot be applied is warned about, reported as
# events_not_applied, assertable by expect, and fails `rcuvis run --strict`; a clean run passes --strict.
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }
cat > "$tmp/refused.json" <<'JSON'
{"name": "refused", "cpus": 4, "duration_s": 1, "seed": 1,
 "workload": [{"cpus": "all", "busy_frac": 0.8}],
 "events": [
  {"at_s": 0.5, "kind": "long_reader", "cpu": 2, "flavor": "rcu_sched", "duration_s": 0.05},
  {"at_s": 0.51, "kind": "offline", "cpu": 2}],
 "expect": [{"path": "events_not_applied.count", "equals": 0, "why": "every scripted event happened"}]}
JSON
out=$("$bin" run "$tmp/refused.json" 2>&1); rc=$?
[ $rc = 0 ] || bad "plain run exits $rc"
printf '%s\n' "$out" | grep -q 'warning: scripted event 1 (offline, cpu 2) due at 0.510000 s was not applied: CPU 2 is inside a read-side critical section' \
  && ok "summary warns about the refused offline" || bad "no warning in: $(printf '%s\n' "$out" | tail -3)"
"$bin" run "$tmp/refused.json" --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q -- '--strict: 1 scripted event was not applied' "$tmp/err" && ok "--strict exits 1" || bad "--strict exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/refused.json" --expect >/dev/null 2>&1; rc=$?
[ $rc = 1 ] && ok "expect events_not_applied.count = 0 fails" || bad "expect exit $rc"
n=$("$bin" run "$tmp/refused.json" --json 2>"$tmp/err" | python3 -c 'import json,sys; d=json.load(sys.stdin)["events_not_applied"]; print(d["count"], d["list"][0]["kind"], d["list"][0]["cpu"], d["list"][0]["t_s"])')
[ "$n" = "1 offline 2 0.51" ] && ok "report lists it: $n" || bad "report: $n"
grep -q 'warning: scripted event 1' "$tmp/err" && ok "--json warns on stderr" || bad "--json silent on stderr"
"$bin" run "$root/scenarios/small-busy.json" --duration 2 --strict >/dev/null 2>&1 && ok "clean scenario passes --strict" || bad "small-busy fails --strict"
# one source of truth: the shipped schema is what `rcuvis schema` prints
"$bin" schema > "$tmp/schema.json" && diff -q "$tmp/schema.json" "$root/scenarios/schema.json" >/dev/null \
  && ok "scenarios/schema.json = rcuvis schema" || bad "scenarios/schema.json differs from rcuvis schema"
# report coverage: the paths an author asserts on are listed
paths=$("$bin" check --paths)
for p in events_not_applied.count hotplug.orphans.length 'hotplug.orphans.<i>.adopted_by' 'flavors.<flavor>.callbacks_adopted' \
         'flavors.<flavor>.blocked_tasks' 'flavors.<flavor>.offline_credits' 'cb_orphan          hotplug.orphans'; do
  printf '%s\n' "$paths" | grep -qF -- "$p" && ok "check --paths lists $p" || bad "check --paths lacks $p"
done
# the shipped trigger scenario and the OMAP variants' captions (when): each variant narrates itself
"$bin" run "$root/scenarios/offline-mid-gp.json" --expect --strict >/dev/null && ok "offline-mid-gp passes --expect --strict" || bad "offline-mid-gp"
exit $fail
