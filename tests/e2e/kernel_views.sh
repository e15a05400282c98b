#!/usr/bin/env bash
# kernel_views.sh — `rcuvis run --dmesg --debugfs`: the kernel log and the debugfs files in the kernel's own formats.
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
fail=0
out=$("$bin" run "$root/scenarios/omap-stall.json" --duration 80.1 --dmesg --debugfs) || { echo "FAIL: run exited $?"; exit 1; }
grep -qxF '[   80.007812] INFO: rcu_sched self-detected stall on CPU { 0}  (t=9660 jiffies)' <<<"$out" \
  || { echo "FAIL: the dmesg line of the OMAP stall is missing or misformatted"; fail=1; }
# the log has a heading: its first line read as the summary's stall line printed twice
# (RCU's boot line first: rcu_bootup_announce(); OMAP's board has no oddness notes)
grep -A2 -xF 'kernel log (dmesg), 2 lines:' <<<"$out" | tail -n +2 | paste -sd'|' \
  | grep -qxF '[    0.000000] Hierarchical RCU implementation.|[   80.007812] INFO: rcu_sched self-detected stall on CPU { 0}  (t=9660 jiffies)' \
  || { echo "FAIL: the dmesg lines (boot line, then the stall) are not under a 'kernel log (dmesg), N lines:' heading"; fail=1; }
# hackbench's machine: NR_CPUS=64 booted on 16 CPUs with FAST_NO_HZ, the notes tab-indented as the kernel prints them
hb=$("$bin" run "$root/scenarios/hackbench.json" --duration 0.01 --dmesg) || { echo "FAIL: hackbench run exited $?"; exit 1; }
grep -qxF "$(printf '[    0.000000] \tRCU restricting CPUs from NR_CPUS=64 to nr_cpu_ids=16.')" <<<"$hb" \
  || { echo "FAIL: no NR_CPUS restriction note in hackbench's boot log"; fail=1; }
# the summary says the spurious GP is still open, and whom it waits for (the duration columns count completed GPs only)
grep -qE '^  rcu_sched: 1 grace period still in progress at the end: GP [0-9]+, 7[5-9]\.[0-9]{3} s old$' <<<"$out" \
  && grep -qE '^    \(waiting for CPU 0\); longer than any completed GP' <<<"$out" \
  || { echo "FAIL: the summary does not say GP N is still open, waiting for CPU 0"; fail=1; }
# the spurious GP still open: gpnum one past completed, begun ~75 s (9,600+ jiffies at HZ=128) ago
# (its number depends on the workload before the idle stretch, so it is read, not fixed)
rcugp=$(grep -E '^rcu_sched: completed=[0-9]+  gpnum=[0-9]+  age=[0-9]+  max=[0-9]+$' <<<"$out")
read -r c g age < <(sed -E 's/.*completed=([0-9]+)  gpnum=([0-9]+)  age=([0-9]+).*/\1 \2 \3/' <<<"$rcugp")
[ -n "${c:-}" ] && [ "$g" = $((c + 1)) ] && [ "$age" -ge 9600 ] \
  || { echo "FAIL: rcugp does not show the spurious GP still open: ${rcugp:-no rcugp line}"; fail=1; }
grep -qE '^  0 c=[0-9]+ g=[0-9]+ pq=[01] pgp=[0-9]+ qp=[01] dt=[0-9]+/[0-9a-f]+/0 df=[0-9]+ of=0 ql=0/0 qs=\.\.\.\. b=10 ci=[0-9]+ co=0 ca=0$' <<<"$out" \
  || { echo "FAIL: rcudata line for CPU 0 is not in the 3.6 format"; fail=1; }
tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
"$bin" run "$root/scenarios/small-busy.json" --duration 9 --json --debugfs --dmesg > "$tmp" || { echo "FAIL: --json run"; exit 1; }
python3 - "$tmp" <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))
assert any(l["text"] == "smpboot: CPU 3 is now offline" for l in r["dmesg"]), "no hotplug line in dmesg"
assert "  3!c=" in r["debugfs"]["rcudata"], "offline CPU 3 lacks its '!' in rcudata"
assert r["debugfs"]["rcuhier"].startswith("rcu_preempt: c="), "rcuhier header: rcu_preempt first, as for_each_rcu_flavor() lists them"
PY
"$bin" run "$root/scenarios/omap-stall.json" --json > "$tmp" || { echo "FAIL: omap-stall --json run"; exit 1; }
python3 - "$tmp" <<'PY' || fail=1
import json, sys
f = json.load(open(sys.argv[1]))["flavors"]["rcu_sched"]
assert f["gp_in_progress"] is True and f["gpnum"] == f["completed"] + 1, "the open GP is not in the report: %r" % f
assert f["gp_in_progress_s"] > 80 and f["gp_waiting_cpus"] == 1 and f["gp_waiting_cpu_list"] == [0], "whom it waits for: %r" % f
PY
[ $fail = 0 ] && echo "kernel_views.sh: all passed"
exit $fail
