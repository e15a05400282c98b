#!/usr/bin/env bash
# scenarios.sh — every shipped scenario is its own test: run it with --expect; plus the variants the
# seeds talk about (the OMAP stall's two fixes, rcutorture with --busted).
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
fail=0
say() { echo "$*"; }
for f in "$root"/scenarios/*.json; do
  case $f in */schema.json) continue;; esac
  if out=$("$bin" run "$f" --expect 2>&1); then say "ok   $(basename "$f"): $(printf '%s\n' "$out" | tail -1)"
  else fail=1; say "FAIL $(basename "$f")"; printf '%s\n' "$out" | grep -E '^(FAIL|rcuvis:)' ; fi
done
stalls() { "$bin" run "$root/scenarios/omap-stall.json" "$@" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["stalls"]))'; }
n=$(stalls --mode kthread); [ "$n" = 0 ] && say "ok   omap-stall --mode kthread: no stall" || { fail=1; say "FAIL omap-stall --mode kthread: $n stalls"; }
n=$(stalls --set rcu.needs_gp_fix=true); [ "$n" = 0 ] && say "ok   omap-stall needs_gp_fix: no stall" || { fail=1; say "FAIL omap-stall needs_gp_fix: $n stalls"; }
fqs=$("$bin" run "$root/scenarios/omap-stall.json" --mode kthread --trace /tmp/rcuvis-omap.$$.jsonl --json >/dev/null &&
      python3 - /tmp/rcuvis-omap.$$.jsonl <<'PY'
import json,sys
ev=[json.loads(l) for l in open(sys.argv[1])]
# FQS passes of rcu_sched after the last burst (4.5 s) while no rcu_sched callback is queued
q=i=0; n=0
for e in ev:
    if e.get('flavor')!='rcu_sched': continue
    if e['ev']=='cb_queue': q+=e['n']
    elif e['ev']=='cb_invoke': i+=e['n']
    elif e['ev']=='fqs' and e['t']>4.5e9 and q==i: n+=1
print(n)
PY
); rm -f /tmp/rcuvis-omap.$$.jsonl
[ "${fqs:-0}" -ge 1 ] && say "ok   omap-stall --mode kthread: $fqs FQS passes with zero callbacks pending" || { fail=1; say "FAIL omap-stall kthread FQS with no callbacks: ${fqs:-none}"; }
v=$("$bin" run "$root/scenarios/rcutorture.json" --busted --duration 60 --json | python3 -c 'import json,sys; s=json.load(sys.stdin)["safety"]; print(s["violations"], sum(s["reader_pipe"][2:]))')
set -- $v; [ "$1" -gt 0 ] && [ "$2" -gt 0 ] && say "ok   rcutorture --busted: $1 violations, $2 readers saw stale elements" || { fail=1; say "FAIL rcutorture --busted caught nothing: $v"; }
exit $fail
