#!/usr/bin/env bash
# cli.sh — end-to-end checks of `rcuvis run` and `rcuvis check`: exit codes, messages, JSON report, traces.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/cli.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
scn="$root/scenarios/small-busy.json"
[ -x "$bin" ] || { echo "FAIL: $bin is not an executable"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

. "$(dirname "$0")/lib/checks.sh"
err_prefixed() { [ -s "$tmp/err" ] && ! grep -qv '^rcuvis: ' "$tmp/err" || fail "$1: every stderr line must start with 'rcuvis: '"; }

# --- version and help
expect_rc 0 "--version" -- "$bin" --version && out_has "rcuvis " "--version"
expect_rc 0 "--help" -- "$bin" --help && out_has "rcuvis run" "--help"
expect_rc 0 "run --help" -- "$bin" run --help && out_has "--set PATH=VALUE" "run --help"
expect_rc 0 "check --help" -- "$bin" check --help && out_has "usage: rcuvis check" "check --help"
# the window's help names its keys, as ? does (a lecturer preparing a class found none there)
expect_rc 0 "SCENARIO --help" -- "$bin" "$root/scenarios/omap-stall.json" --help && out_has "PgDn / PgUp" "the window's --help lists the keys"
# help texts fit an 80-column terminal (they ran to 91-122 columns); the window's is the scenario's
for cmd in "" schema shot reproduce quiz run check glossary "$root/scenarios/small-busy.json"; do
  "$bin" $cmd --help > "$tmp/help" 2>&1
  wide=$(python3 -c 'import sys; print(max(len(l) for l in open(sys.argv[1], encoding="utf-8").read().splitlines()))' "$tmp/help")
  [ "$wide" -le 80 ] || fail "rcuvis ${cmd:+$cmd }--help has a line of $wide columns"
done
# a shipped scenario's bare name works wherever a scenario goes (the README says `shot omap-stall`): the
# usage lines said SCENARIO.json, and a speaker took the name for a file to write
for cmd in "" shot run "$root/scenarios/small-busy.json"; do
  expect_rc 0 "${cmd:-rcuvis} --help" -- "$bin" $cmd --help &&
    out_has "a shipped scenario's name" "rcuvis ${cmd:+$cmd }--help" && out_lacks "SCENARIO.json" "rcuvis ${cmd:+$cmd }--help"
done
# output that never arrived is a failure with a word why: these exited 0 (help, version, a check's
# "FILE: ok", the quiz and claim lists) or 2 without a message (schema) into a full device
full=/dev/full
mknod -m 666 "$tmp/full" c 1 7 2>/dev/null && full="$tmp/full"
for cmd in "--help" "--version" "run --help" "shot --help" "schema" "schema quiz" "check $root/scenarios/small-busy.json" \
           "quiz --list" "reproduce --list"; do
  XDG_STATE_HOME="$tmp/state" "$bin" $cmd > "$full" 2>"$tmp/err" </dev/null; rc=$?
  [ $rc -eq 2 ] || fail "rcuvis $cmd > full device: exit $rc, wanted 2"
  err_has "cannot write to standard output: No space left on device" "rcuvis $cmd > full device"
done
# the run summary too, except the lines that quote the kernel (stall warnings) as it printed them
"$bin" run omap-stall --duration 85 > "$tmp/sum" 2>&1
wide=$(grep -v '^stall \[' "$tmp/sum" | python3 -c 'import sys; print(max(len(l.rstrip("\n")) for l in sys.stdin))')
[ "$wide" -le 80 ] || fail "the run summary has a line of $wide columns"
# a long run says how far it has got (on a terminal; RCUVIS_PROGRESS=1 anywhere), and stopping on
# its way to say so changes nothing it prints; stderr that is no terminal gets no progress line
RCUVIS_PROGRESS=1 "$bin" run omap-stall --duration 20 --json > "$tmp/p1" 2>"$tmp/p1err"
"$bin" run omap-stall --duration 20 --json > "$tmp/p0" 2>"$tmp/p0err"
grep -q '^rcuvis: run: omap-stall: 10.0 of 20.0 simulated s (50 %)$' "$tmp/p1err" || fail "RCUVIS_PROGRESS=1: no progress line: $(head -3 "$tmp/p1err")"
grep -q 'simulated s' "$tmp/p0err" && fail "a progress line on a stderr that is no terminal"
diff <(grep -v wall "$tmp/p0") <(grep -v wall "$tmp/p1") >/dev/null || fail "the progress line's stops changed the report"

# --- run --json: one object with every key other tools read
if expect_rc 0 "run --json" -- "$bin" run "$scn" --json --duration 2; then
  python3 - "$tmp/out" <<'EOF' || fail "run --json: report keys"
import json, sys
d = json.load(open(sys.argv[1]))
for k in ["scenario", "mode", "cpus", "hz", "seed", "sim_seconds", "wall_seconds", "tree", "flavors", "threads",
          "accounting", "latency", "stalls", "safety", "events"]:
    assert k in d, "missing top-level key " + k
assert d["scenario"] == "small-busy" and d["cpus"] == 4 and d["hz"] == 1000 and d["mode"] == "kthread", d["scenario"]
assert abs(d["sim_seconds"] - 2) < 1e-9, "sim_seconds %r" % d["sim_seconds"]
assert d["wall_seconds"] >= 0
for k in ["levels", "nodes", "nodes_per_level", "fanout", "fanout_leaf"]:
    assert k in d["tree"], "tree." + k
assert sorted(d["flavors"]) == ["rcu_bh", "rcu_preempt", "rcu_sched"], sorted(d["flavors"])
for name, f in d["flavors"].items():
    for k in ["grace_periods", "updates", "callbacks_invoked", "updates_per_gp", "gp_overhead_us", "kthread_sched_us", "overhead_per_gp_us",
              "overhead_per_update_ns", "gp_duration_ms", "fqs_scans", "idle_probes", "stall_warnings",
              "offline_credits", "sync_calls", "sync_latency_ms_mean", "callback_latency_ms_mean"]:
        assert k in f, name + "." + k
    assert set(f["gp_duration_ms"]) == {"p50", "p99", "max"}
secs = [t["cpu_seconds"] for t in d["threads"]]
assert secs == sorted(secs, reverse=True), "threads not sorted by CPU time"
assert all("name" in t and "alive" in t for t in d["threads"])
assert all(isinstance(t.get("tasks"), int) and t["tasks"] >= 1 for t in d["threads"]), "threads[].tasks"
for k in ["rcu_gp_kthreads_s", "ksoftirqd_s", "softirq_inline_s", "rcuc_s", "tick_s", "caller_s"]:
    assert k in d["accounting"], "accounting." + k
assert set(d["latency"]) >= {"max_irqs_off_us", "max_nonpreempt_us"}
assert isinstance(d["stalls"], list)
for s in d["stalls"]:
    assert set(s) >= {"t_s", "jiffies", "flavor", "cpu", "kind", "text"} and s["kind"] in ("self", "other")
s = d["safety"]
assert set(s) >= {"readers", "callbacks_checked", "violations", "reader_pipe"}
assert len(s["reader_pipe"]) == 11 and all(isinstance(x, int) for x in s["reader_pipe"]), s["reader_pipe"]
EOF
fi

# --- the text summary
expect_rc 0 "run (text)" -- "$bin" run "$scn" --duration 1 && { out_has "THREAD" "summary"; out_has "FLAVOR" "summary"; out_has "safety:" "summary";
  out_has "tasks (call_rcu(), idle drains, context switches)" "summary names the tasks' row as the window does"; }
# a phase's 16 tasks are one row named as the window names it, with each task's share, not 1552 %
expect_rc 0 "run hackbench (text)" -- "$bin" run hackbench --duration 0.2 && { out_has "hackbench ×16" "threads table group row";
  out_has "% each" "threads table per-task %CPU"; }
# rcutorture's Reader Pipe line is in the summary of a run with rcutorture (authoring.sh: only there)
expect_rc 0 "run rcutorture (text)" -- "$bin" run "$root/scenarios/rcutorture.json" --duration 1 && out_has "Reader Pipe:" "rcutorture summary"

# --- shorthands and --set reach the report
# hackbench's kernel is built for NR_CPUS=64: more CPUs need a bigger NR_CPUS too, and the error says how
expect_rc 2 "--cpus above NR_CPUS" -- "$bin" run "$root/scenarios/hackbench.json" --cpus 80 --duration 0.1 && err_has "rcu.nr_cpus_compiled=80" "--cpus above NR_CPUS"
if expect_rc 0 "shorthands" -- "$bin" run "$scn" --json --mode softirq --cpus 8 --duration 0.5 --seed 42 --set rcu.fanout_leaf=8 --set rcu.nr_cpus_compiled=8; then
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert (d["mode"],d["cpus"],d["seed"],d["sim_seconds"])==("softirq",8,42,0.5), d' "$tmp/out" \
    || fail "shorthands: report does not show mode/cpus/seed/duration"
fi
expect_rc 0 "shipped scenario by name" -- "$bin" run small-busy --duration 0.1 --json

[ -w /dev/full ] && expect_rc 2 "report to a full disk" -- sh -c "'$bin' run '$scn' --duration 0.1 --json >/dev/full" && err_has "cannot write the report" "report to a full disk"

# --- bad input and usage: exit 2, message prefixed "rcuvis: "
expect_rc 2 "missing file" -- "$bin" run "$tmp/nope.json" && { err_has "cannot read: No such file or directory" "missing file"; err_prefixed "missing file"; }
# a bare name that is no file here and no shipped scenario: where rcuvis looked, not only "cannot read"
expect_rc 2 "unknown shipped name" -- "$bin" run no-such-scenario && err_has "no-such-scenario: no such file here, and no shipped scenario of that name: rcuvis looks for scenarios/no-such-scenario.json" "unknown name"
# a folder here named like a shipped scenario: said so, with the shipped file's path ("Is a directory" alone puzzled)
mkdir -p "$tmp/cwd-tree/tree"
(cd "$tmp/cwd-tree" && "$bin" run tree >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] || fail "a folder named tree: exit $(cat "$tmp/rc")"
err_has "tree: this is a folder in the working directory, not a scenario file; the shipped scenario of that name is" "a folder named tree"
(cd "$tmp/cwd-tree" && "$bin" tree >"$tmp/out" 2>"$tmp/err"; echo $? >"$tmp/rc")
[ "$(cat "$tmp/rc")" = 2 ] || fail "rcuvis tree beside a folder named tree: exit $(cat "$tmp/rc")"
err_has "tree: this is a folder in the working directory" "rcuvis tree beside a folder named tree"
grep -q "no command either" "$tmp/err" && fail "a folder named tree: 'tree is no command either' after it"
RCUVIS_DATA=/nonexistent expect_rc 2 "unknown name in RCUVIS_DATA" -- "$bin" run omap-stall && err_has "no shipped scenario of that name in RCUVIS_DATA (/nonexistent/scenarios/omap-stall.json)" "RCUVIS_DATA named"
printf '{"name": "x",\n "cpus": 4\n "duration_s": 1}\n' >"$tmp/syntax.json"
expect_rc 2 "syntax error" -- "$bin" run "$tmp/syntax.json" && { err_has "syntax.json:3:2: syntax error:" "syntax error"; err_prefixed "syntax error"; }
expect_rc 2 "unknown option" -- "$bin" run "$scn" --frobnicate && { err_has "unknown option '--frobnicate'" "unknown option"; err_prefixed "unknown option"; }
# a slip in an option gets the option meant, as a slip in a command or a scenario name does
expect_rc 2 "a mistyped option" -- "$bin" run "$scn" --expct && err_has "unknown option '--expct'; did you mean '--expect'?" "--expct"
expect_rc 2 "a mistyped shot option" -- "$bin" shot "$scn" --att 1 -o "$tmp/never.png" && err_has "unknown option '--att'; did you mean '--at'?" "--att"
expect_rc 2 "a mistyped check option" -- "$bin" check --strct "$scn" && err_has "unknown option '--strct'; did you mean '--strict'?" "--strct"
expect_rc 2 "a mistyped reproduce option" -- "$bin" reproduce --quik && err_has "unknown option '--quik'; did you mean '--quick'?" "--quik"
# a value-taking option given twice is refused (the later one silently won), and the next option is no value
expect_rc 2 "reproduce --html twice" -- "$bin" reproduce --html "$tmp/a.html" --html "$tmp/b.html" && err_has "--html given twice" "--html twice"
expect_rc 2 "reproduce --html --quick" -- "$bin" reproduce --html --quick && err_has "--html needs a value, not the option --quick" "--html --quick"
[ -e ./--quick ] && { rm -f ./--quick; fail "reproduce --html --quick wrote a page named --quick"; }
expect_rc 2 "an option with '=' where shot takes none" -- "$bin" shot "$scn" --cue=2 -o "$tmp/never.png" && err_has "'--cue' is an option here, but not with '='" "--cue=2"
expect_rc 2 "no scenario" -- "$bin" run --json && err_prefixed "no scenario"
expect_rc 2 "--cpus 0" -- "$bin" run "$scn" --cpus 0 && err_has "--cpus" "--cpus 0"
expect_rc 2 "--cpus 5000" -- "$bin" run "$scn" --cpus 5000 && err_has "--cpus" "--cpus 5000"
expect_rc 2 "--duration -1" -- "$bin" run "$scn" --duration -1 && err_has "--duration" "--duration -1"
expect_rc 2 "--mode bogus" -- "$bin" run "$scn" --mode threaded && err_has "--mode" "--mode bogus"
expect_rc 2 "--set out of range" -- "$bin" run "$scn" --set rcu.fanout_leaf=100 \
  && { err_has 'rcuvis: --set rcu.fanout_leaf=100: expected an integer 2..64, got 100' "--set out of range"; err_prefixed "--set out of range"; }
# a value an override put there is the override's problem, not the file's
expect_rc 2 "--set unknown key" -- "$bin" run "$scn" --set rcu.fanoutleaf=8 && {
  err_has 'rcuvis: --set rcu.fanoutleaf=8: unknown key; did you mean "rcu.fanout_leaf"?' "--set unknown key"
  grep -qF 'small-busy.json' "$tmp/err" && fail "--set unknown key: blames the file: $(cat "$tmp/err")"
}
# a file value checked against an overridden key names the override that changed it
printf '{"name": "c", "cpus": 4, "duration_s": 1, "workload": [{"cpus": "0-3", "busy_frac": 0.5}]}\n' >"$tmp/cpus4.json"
for how in "--cpus 1" "--set cpus=1"; do
  # shellcheck disable=SC2086 # the option and its value are two words
  expect_rc 2 "$how" -- "$bin" run "$tmp/cpus4.json" $how && {
    err_at "cpus4.json" "\$.workload[0].cpus: expected CPUs below 1, got \"0-3\" (cpus is set by $how)" "$how"
    err_prefixed "$how"
  }
done
expect_rc 2 "--set a huge number" -- "$bin" run "$tmp/cpus4.json" --set duration_s=1e400 \
  && err_has 'rcuvis: --set duration_s=1e400: expected a number above 0 and at most 604800, got 1e400' "--set a huge number"
expect_rc 2 "--set without =" -- "$bin" run "$scn" --set rcu.fanout_leaf && err_has "PATH=VALUE" "--set without ="

# --- --trace: atomic, deterministic, one JSON object per line in time order
expect_rc 0 "trace 1" -- "$bin" run "$scn" --duration 3 --trace "$tmp/a.jsonl"
expect_rc 0 "trace 2" -- "$bin" run "$scn" --duration 3 --trace "$tmp/b.jsonl"
[ -f "$tmp/a.jsonl" ] && ! ls -A "$tmp" | grep -q 'rcuvis-tmp' || fail "trace: file missing or temp file left behind"
cmp -s "$tmp/a.jsonl" "$tmp/b.jsonl" || fail "trace: same scenario and seed gave different traces"
python3 - "$tmp/a.jsonl" <<'EOF' || fail "trace: lines are not JSON objects in time order"
import json, sys
last = -1
for n, line in enumerate(open(sys.argv[1]), 1):
    o = json.loads(line)
    assert isinstance(o, dict) and "t" in o and "ev" in o, "line %d: %r" % (n, line[:80])
    assert o["t"] >= last, "line %d goes back in time" % n
    last = o["t"]
EOF
expect_rc 0 "trace with --json" -- "$bin" run "$scn" --duration 3 --json --trace "$tmp/d.jsonl" \
  && python3 -c 'import json,sys; n=json.load(open(sys.argv[1]))["events"]; m=sum(1 for _ in open(sys.argv[2])); assert n==m, (n,m)' "$tmp/out" "$tmp/d.jsonl" \
  || fail "trace: line count differs from the report's event count"
cmp -s "$tmp/a.jsonl" "$tmp/d.jsonl" || fail "trace: --json changed the trace"
# a caption's "index" is its place in the file's captions: omap-stall's captions are not in time order
# in the file, and the softirq run shows 0, 2, 5, 8 and 11 (each moment has a caption per mode and fix)
expect_rc 0 "trace captions" -- "$bin" run "$root/scenarios/omap-stall.json" --trace "$tmp/o.jsonl" \
  && python3 - "$root/scenarios/omap-stall.json" "$tmp/o.jsonl" <<'EOF' || fail "trace: a caption's index is not its place in the file"
import json, sys
caps = json.load(open(sys.argv[1]))["captions"]
got = [json.loads(l) for l in open(sys.argv[2]) if '"ev":"caption"' in l]
idx = [o["index"] for o in got]
assert idx == [0, 2, 5, 8, 11], idx
for o in got:
    c = caps[o["index"]]
    assert c.get("when", {}).get("mode", "softirq") == "softirq" and not c.get("when", {}).get("needs_gp_fix", False), (o, c)
    if "at_s" in c: assert abs(c["at_s"] * 1e9 - o["t"]) < 1e6, (o, c["at_s"])
assert caps[11]["text"].startswith("An interrupt woke CPU 0 after 75 s"), caps[11]["text"][:40]
EOF
expect_rc 0 "trace other seed" -- "$bin" run "$scn" --duration 3 --seed 2 --trace "$tmp/c.jsonl"
if [ -s "$tmp/a.jsonl" ] && cmp -s "$tmp/a.jsonl" "$tmp/c.jsonl"; then fail "trace: seed 2 gave the same trace as seed 1"; fi
expect_rc 2 "trace unwritable" -- "$bin" run "$scn" --duration 0.1 --trace "$tmp/no/such/dir/t.jsonl" \
  && { err_has "cannot write" "trace unwritable"; err_prefixed "trace unwritable"; }

# an interrupted run leaves neither FILE nor its temp file behind. The signal goes in once the temp
# file exists (the handler is installed right after), whatever the machine's speed.
"$bin" run "$scn" --duration 100000 --trace "$tmp/int.jsonl" >/dev/null 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null && ! ls -A "$tmp" | grep -q 'int\.jsonl'; do sleep 0.05; done
kill -TERM $pid; wait $pid; rc=$?
[ $rc -eq 143 ] || fail "trace: SIGTERM during a run: exit $rc, wanted 143"
ls -A "$tmp" | grep -q 'int\.jsonl' && fail "trace: an interrupted run left $(ls -A "$tmp" | grep 'int\.jsonl')"

# --- --expect: 0 when all hold, 1 when one fails, each assertion on its own line
cat >"$tmp/exp-ok.json" <<'EOF'
{"name": "exp", "cpus": 2, "duration_s": 0.5,
 "expect": [{"path": "cpus", "equals": 2, "why": "the machine has two CPUs"},
            {"path": "mode", "equals": "kthread"},
            {"path": "safety.reader_pipe.length", "equals": 11},
            {"path": "sim_seconds", "min": 0.5, "max": 0.5}]}
EOF
expect_rc 0 "--expect passing" -- "$bin" run "$tmp/exp-ok.json" --expect && { out_has "ok   cpus = 2, expected == 2: the machine has two CPUs" "--expect passing"; out_has "4 of 4 passed" "--expect passing"; }
cat >"$tmp/exp-bad.json" <<'EOF'
{"name": "exp", "cpus": 2, "duration_s": 0.5,
 "expect": [{"path": "cpus", "max": 1, "why": "deliberately wrong"},
            {"path": "stalls.0.text", "equals": "x"},
            {"path": "flavors.rcu_sched.grace_periods", "min": 0}]}
EOF
# an expectation a --set changed says so beside its place: the file's line shows what the file has
expect_rc 1 "--expect with a --set expectation" -- "$bin" run "$tmp/exp-bad.json" --expect --set expect.0.max=1.5 \
  && out_has "FAIL cpus = 2, expected <= 1.5: deliberately wrong  ($tmp/exp-bad.json:2:13: \$.expect[0], changed by --set expect.0.max=1.5)" "--expect names the --set that changed it"
# --json: the results carry their place, and a failure is said on stderr too (stdout is the JSON)
"$bin" run "$tmp/exp-bad.json" --expect --json >"$tmp/ej.json" 2>"$tmp/ej.err"; rc=$?
[ $rc = 1 ] || fail "--expect --json failing: exit $rc"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); f=[x for x in d["expect"] if not x["ok"]]; sys.exit(0 if f and f[0]["place"].endswith("exp-bad.json:2:13: $.expect[0]") else 1)' "$tmp/ej.json" \
  || fail "--expect --json: a failing result has no place: $(head -c 400 "$tmp/ej.json")"
grep -qF "rcuvis: FAIL cpus = 2, expected <= 1: deliberately wrong  ($tmp/exp-bad.json:2:13: \$.expect[0])" "$tmp/ej.err" \
  || fail "--expect --json: the failure is not on stderr: $(cat "$tmp/ej.err")"
expect_rc 1 "--expect failing" -- "$bin" run "$tmp/exp-bad.json" --expect \
  && { out_has "FAIL cpus = 2, expected <= 1: deliberately wrong  ($tmp/exp-bad.json:2:13: \$.expect[0])" "--expect failing names its place, line and column"; out_has "FAIL stalls.0.text: not in the report" "--expect missing path"; out_has "($tmp/exp-bad.json:3:13: \$.expect[1])" "--expect missing path names its place"; out_has "ok   flavors.rcu_sched.grace_periods" "--expect"; }
# an expectation for one mode only (`when`): checked there, skipped and said so in the other; check
# vets it against its own mode's report, so a 3.6-only path is refused only where it is wrong
cat >"$tmp/exp-when.json" <<'EOF'
{"name": "expw", "cpus": 2, "duration_s": 0.5,
 "expect": [{"path": "cpus", "equals": 2},
            {"path": "threads.rcu_sched.cpu_seconds", "min": 0, "when": {"mode": "kthread"}},
            {"path": "accounting.rcu_gp_kthreads_s", "equals": 0, "when": {"mode": "softirq"}}]}
EOF
expect_rc 0 "--expect with when, 3.7" -- "$bin" run "$tmp/exp-when.json" --expect \
  && { out_has "skip accounting.rcu_gp_kthreads_s: its when asks mode softirq, this run is kthread  ($tmp/exp-when.json:4:13: \$.expect[2])" "--expect skips the 3.6 one, saying why"; out_has "expect: 2 of 2 passed (1 skipped" "--expect counts the skipped apart"; }
expect_rc 0 "--expect with when, 3.6" -- "$bin" run "$tmp/exp-when.json" --expect --mode softirq \
  && { out_has "skip threads.rcu_sched.cpu_seconds" "--expect skips the 3.7 one under 3.6"; out_has "ok   accounting.rcu_gp_kthreads_s = 0" "--expect checks the 3.6 one"; }
expect_rc 0 "check: a when for the other mode" -- "$bin" check "$tmp/exp-when.json"
sed 's/"accounting.rcu_gp_kthreads_s", "equals": 0/"threads.rcu_sched.cpu_seconds", "equals": 0/' "$tmp/exp-when.json" >"$tmp/exp-when2.json"
expect_rc 2 "check vets a when's path in its mode" -- "$bin" check "$tmp/exp-when2.json" \
  && err_has '$.expect[2].path: threads has no "rcu_sched": in mode softirq (3.6)' "check: a 3.6-only expect naming a 3.7 thread"
expect_rc 1 "--expect --json" -- "$bin" run "$tmp/exp-bad.json" --expect --json \
  && python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [e["ok"] for e in d["expect"]]==[False,False,True], d["expect"]; assert [e["index"] for e in d["expect"]]==[0,1,2]' "$tmp/out" \
  || fail "--expect --json: results not in the JSON"

# --- check: good files print "FILE: ok", bad ones exit 2 with one message per problem
expect_rc 0 "check good" -- "$bin" check "$scn" "$tmp/exp-ok.json" && { out_has "$scn: ok" "check good"; out_has "exp-ok.json: ok" "check good"; }
cat >"$tmp/bad.json" <<'EOF'
{"name": "bad", "cpus": 4, "duration_s": 1,
 "rcu": {"mode": "threaded", "fanoutleaf": 16},
 "workload": [{"cpus": "0-7"}],
 "expect": [{"path": "flavours.rcu_sched.grace_periods", "min": 1}]}
EOF
expect_rc 2 "check bad" -- "$bin" check "$scn" "$tmp/bad.json" && {
  out_has "$scn: ok" "check bad: the good file is still ok"
  err_has '$.rcu.mode: expected "softirq" or "kthread", got "threaded"' "check bad"
  err_has '$.rcu.fanoutleaf: unknown key; did you mean "fanout_leaf"?' "check bad"
  err_has '$.workload[0].cpus: expected CPUs below 4, got "0-7"' "check bad"
  err_prefixed "check bad"
  grep -qF "bad.json: ok" "$tmp/out" && fail "check bad: printed ok for an invalid file"
}
cat >"$tmp/badexp.json" <<'EOF'
{"name": "bad", "cpus": 4, "duration_s": 1, "expect": [{"path": "flavours.rcu_sched.grace_periods", "min": 1}]}
EOF
expect_rc 2 "check expect path" -- "$bin" check "$tmp/badexp.json" && err_has '$.expect[0].path: "flavours" is not a report key; did you mean "flavors"?' "check expect path"
cat >"$tmp/badexp2.json" <<'EOF'
{"name": "bad", "cpus": 4, "duration_s": 1, "rcu": {"flavors": ["rcu_sched"]},
 "expect": [{"path": "flavors.rcu_sched.grace_period", "min": 1}, {"path": "flavors.rcu_bh.grace_periods", "min": 1}]}
EOF
expect_rc 2 "check deep expect path" -- "$bin" check "$tmp/badexp2.json" && {
  err_has '$.expect[0].path: flavors.rcu_sched has no "grace_period"; did you mean "grace_periods"?' "check deep expect path"
  err_has '$.expect[1].path: rcu_bh is not enabled in rcu.flavors, so the report has no flavors.rcu_bh' "check disabled flavor path"
}
# expectations that no run can pass (what the path holds decides): check refuses them, and run --expect
# does before it simulates (nothing on stdout); without --expect they are not read and the run goes on
cat >"$tmp/exptypes.json" <<'EOF'
{"name": "t", "cpus": 2, "duration_s": 1,
 "expect": [{"path": "stalls.length", "min": 0},
            {"path": "stalls.length", "equals": "one"},
            {"path": "stalls.0.flavor", "min": 1},
            {"path": "stalls.length", "min": 3, "equals": 2},
            {"path": "busted", "equals": 2},
            {"path": "flavors.rcu_sched.grace_periods", "equals": 2.5}]}
EOF
if expect_rc 2 "check impossible expects" -- "$bin" check "$tmp/exptypes.json"; then
  err_has 'exptypes.json:3:39: $.expect[1].equals: stalls.length holds a count (a whole number, 0 or more); expected a number, got a string "one"' "check equals string on a count"
  err_has 'exptypes.json:4:41: $.expect[2].min: stalls.0.flavor holds a string, which min and max cannot bound: expected "equals" with a string, got min 1' "check min on a string"
  err_has 'exptypes.json:5:49: $.expect[3].equals: expected at least min (3), got 2: no value can pass both' "check equals below min"
  err_has 'exptypes.json:6:32: $.expect[4].equals: busted holds true or false; expected true or false (or 1 or 0), got 2' "check equals 2 on true/false"
  err_has 'exptypes.json:7:57: $.expect[5].equals: flavors.rcu_sched.grace_periods holds a count (a whole number, 0 or more); expected a whole number, 0 or more, got 2.5' "check fraction for a count"
  err_prefixed "check impossible expects"
  [ "$(wc -l <"$tmp/err")" -eq 5 ] || fail "check impossible expects: wanted 5 messages, got: $(cat "$tmp/err")"
  cp "$tmp/err" "$tmp/check-err"
  expect_rc 2 "run --expect refuses impossible expects" -- "$bin" run "$tmp/exptypes.json" --expect && {
    cmp -s "$tmp/err" "$tmp/check-err" || fail "run --expect and check word impossible expects differently: $(cat "$tmp/err")"
    [ -s "$tmp/out" ] && fail "run --expect: simulated before refusing: $(head -3 "$tmp/out")"
  }
  expect_rc 2 "run --json --expect refuses impossible expects" -- "$bin" run "$tmp/exptypes.json" --json --expect
  expect_rc 0 "run without --expect does not read expects" -- "$bin" run "$tmp/exptypes.json"
fi
# moments the run never reaches, and a caption that ends before it starts: refused, never skipped in silence
cat >"$tmp/late.json" <<'EOF'
{"name": "late", "cpus": 4, "duration_s": 20,
 "events": [{"at_s": 5, "kind": "idle", "cpu": 1}, {"at_s": 99, "kind": "idle", "cpu": 1}],
 "captions": [{"at_s": 6, "until_s": 4, "text": "backwards"}],
 "cues": [{"at_s": 500, "title": "too late"}]}
EOF
expect_rc 2 "check times after the end" -- "$bin" check "$tmp/late.json" && {
  err_at "late.json" "\$.events[1].at_s: expected a time before the scenario's end at 20 s (duration_s), got 99" "check late event"
  err_at 'late.json' '$.captions[0].until_s: expected a time after at_s (6), got 4' "check backward caption"
  err_at "late.json" "\$.cues[0].at_s: expected a time within the scenario's 20 s (duration_s), got 500" "check late cue"
  err_prefixed "check times after the end"
}
expect_rc 2 "run refuses an event after the end" -- "$bin" run "$tmp/late.json" --strict --expect && err_has '$.events[1].at_s' "run late event"
# after a wrong "cpus" no later message quotes the engine's default CPU count as the file's
printf '{"name": "c", "cpus": "2", "duration_s": 1, "cues": [{"at_s": 0, "select_cpu": 5}]}\n' >"$tmp/cpustr.json"
expect_rc 2 "check cpus as a string" -- "$bin" check "$tmp/cpustr.json" && {
  err_at 'cpustr.json' '$.cpus: expected an integer 1..4096, got a string "2"' "check cpus as a string"
  grep -q 'select_cpu' "$tmp/err" && fail "check cpus as a string: a follow-on select_cpu message: $(cat "$tmp/err")"
}
expect_rc 2 "check syntax" -- "$bin" check "$tmp/syntax.json" && err_has "syntax.json:3:2: syntax error" "check syntax"
# numbers a double cannot hold are quoted as written (cJSON reads 1e400 as inf; it read "got 1e999");
# an expect "min" of the wrong type gets its own message only, not a false "at least one of"
cat >"$tmp/huge.json" <<'EOF'
{"name": "h", "cpus": 2, "duration_s": 1e400, "hz": -1e400,
 "expect": [{"path": "flavors.rcu_sched.grace_periods", "min": "10"}]}
EOF
expect_rc 2 "check huge numbers" -- "$bin" check "$tmp/huge.json" && {
  err_at 'huge.json' '$.duration_s: expected a number above 0 and at most 604800, got 1e400' "check huge numbers"
  err_at 'huge.json' '$.hz: expected an integer 10..10000, got -1e400' "check huge numbers"
  err_at 'huge.json' '$.expect[0].min: expected a number -1e+300..1e+300, got a string "10"' "check expect min string"
  grep -qF '1e999' "$tmp/err" && fail "check huge numbers: a made-up literal: $(cat "$tmp/err")"
  grep -qF 'at least one of' "$tmp/err" && fail "check expect min string: a false second message: $(cat "$tmp/err")"
  [ "$(wc -l <"$tmp/err")" -eq 3 ] || fail "check huge numbers: wanted 3 messages, got: $(cat "$tmp/err")"
}
# the window refuses a bad file at startup as check and run do: the same lines, every one prefixed
# (it loads the file before it opens a display, so this needs none)
if expect_rc 2 "check for the window" -- "$bin" check "$tmp/huge.json"; then
  cp "$tmp/err" "$tmp/check-err"
  expect_rc 2 "run for the window" -- "$bin" run "$tmp/huge.json" && { cmp -s "$tmp/err" "$tmp/check-err" || fail "run and check print a bad file differently"; }
  expect_rc 2 "window refuses a bad file" -- env -u DISPLAY HOME="$tmp" "$bin" "$tmp/huge.json" && {
    err_prefixed "window refuses a bad file"
    cmp -s "$tmp/err" "$tmp/check-err" || fail "window refuses a bad file: not as check prints it: $(cat "$tmp/err")"
  }
  expect_rc 2 "window --set" -- env -u DISPLAY HOME="$tmp" "$bin" "$tmp/cpus4.json" --set rcu.fanoutleaf=3 \
    && { err_has 'rcuvis: --set rcu.fanoutleaf=3: unknown key; did you mean "rcu.fanout_leaf"?' "window --set"; err_prefixed "window --set"; }
  # and names --cpus as typed, as run does, not as the key it stands for
  expect_rc 2 "window --cpus" -- env -u DISPLAY HOME="$tmp" "$bin" "$tmp/cpus4.json" --cpus 3 --set rcu.nr_cpus_compiled=2 \
    && { err_has '(cpus is set by --cpus 3)' "window --cpus"; err_prefixed "window --cpus"; }
fi
expect_rc 2 "check nothing" -- "$bin" check
for f in "$root"/scenarios/*.json; do
  expect_rc 0 "check shipped $(basename "$f")" -- "$bin" check "$f"
done
# a key the event's kind does not use was dropped without a word (the CPU stayed offline to the end)
printf '{"name": "k", "cpus": 4, "duration_s": 10,\n "events": [{"at_s": 3, "kind": "offline", "cpu": 1, "duration_s": 5}]}\n' >"$tmp/foreign.json"
expect_rc 2 "check a key the kind does not take" -- "$bin" check "$tmp/foreign.json" && {
  err_at "foreign.json" "\$.events[0].duration_s: offline takes no duration_s (the CPU stays offline until an online event); keys for offline: kind, cpu," "foreign key"
  err_prefixed "foreign key"
}
# a newline or tab in a caption was drawn as a box in the strip and the timeline's caption lane
printf '{"name": "c", "cpus": 2, "duration_s": 1,\n "captions": [{"at_s": 0, "text": "First line.\\nSecond line.\\tTabbed."}]}\n' >"$tmp/ctl.json"
expect_rc 2 "check a caption with a newline" -- "$bin" check "$tmp/ctl.json" && {
  err_at 'ctl.json' '$.captions[0].text: expected a caption without control characters, got a newline (\n) at character 12 of "First line.\nSecond line.\tTabbed."; the strip wraps a caption to its width: write a space instead' "caption control"
  err_prefixed "caption control"
}
# a duplicate key says where in the file both are; a CPU of 3.5 that it is not whole
printf '{"name": "d", "cpus": 4, "duration_s": 1,\n "rcu": {"mode": "kthread",\n   "mode": "softirq"},\n "events": [{"kind": "kernel_loop", "cpu": 3.5, "duration_s": 0.5}]}\n' >"$tmp/dup.json"
expect_rc 2 "check a duplicate key" -- "$bin" check "$tmp/dup.json" && {
  err_has "dup.json:3:4: \$.rcu.mode: duplicate key (only one value is allowed; the first is at line 2, column 10)" "duplicate key"
  err_at "dup.json" "\$.events[0].cpu: expected a CPU 0..3 (kernel_loop acts on one CPU), got 3.5, which is not a whole number" "cpu 3.5"
  err_prefixed "duplicate key"
}
# an index past the end of an array: which ones exist, and which one appends
expect_rc 2 "--set an index out of range" -- "$bin" run "$tmp/foreign.json" --set events.5.cpu=1 \
  && err_has 'rcuvis: --set events.5.cpu=1: $.events has 1 item; expected index 0 (that item) or 1 (appends one), got "5"' "--set index"
expect_rc 0 "check a JSON Schema" -- "$bin" check "$root/scenarios/schema.json" && out_has "schema.json: ok (a JSON Schema" "check schema"
# the window's glossary in a terminal: a term by name in any case, one only mentioned, and none
expect_rc 0 "glossary by name" -- "$bin" glossary QSMASK && out_has "Bits of an rcu_node still owed a QS" "glossary qsmask"
expect_rc 0 "glossary by the kernel's longer name" -- "$bin" glossary blkd_tasks && out_has "Tasks preempted inside an rcu_preempt reader" "glossary blkd_tasks"
expect_rc 0 "glossary by mention" -- "$bin" glossary hotplug && out_has 'No term is named "hotplug"; these explanations mention it:' "glossary mention"
expect_rc 0 "glossary of a group row" -- "$bin" glossary "×N" && out_has "one on each of its CPUs" "glossary ×N"
# words typed without quotes that together name an entry are one term, shown once; two terms that
# find the same entry show it once, then "(above)"
expect_rc 0 "glossary of an unquoted name" -- "$bin" glossary two-jiffy limit && {
  [ "$(grep -c '^two-jiffy limit$' "$tmp/out")" = 1 ] || fail "glossary two-jiffy limit: the entry is not shown exactly once"; }
expect_rc 0 "glossary of two terms" -- "$bin" glossary qsmask fqs && { out_has "Bits of an rcu_node still owed a QS" "glossary qsmask fqs";
  out_has "Force quiescent states" "glossary qsmask fqs"; }
expect_rc 0 "glossary of one entry twice" -- "$bin" glossary gp GP && out_has "    (above)" "glossary gp GP"
# a name as the screen shows it, explained by an entry of another name (the tree's leaves, a GP's phases)
expect_rc 0 "glossary of a leaf's name" -- "$bin" glossary rnp1 && out_has "rnp1 to rnp4 cover CPUs 0-3" "glossary rnp1"
expect_rc 0 "glossary of a phase" -- "$bin" glossary cleanup && out_has "once the root's qsmask is empty" "glossary cleanup"
expect_rc 0 "glossary of a GP number pair" -- "$bin" glossary "g40 c39" && out_has "gpnum / completed of a node" "glossary g40 c39"
expect_rc 0 "glossary of a numbered thread" -- "$bin" glossary ksoftirqd/3 && out_has "ksoftirqd/N" "glossary ksoftirqd/3"
# a name only inside another word or a longer identifier is not that entry: "top" is not "tick stopped",
# cpu_needs_another_gp is not "CPU" (a student got both)
expect_rc 0 "glossary top" -- "$bin" glossary top && out_lacks "tick stopped" "glossary top"
# every name that starts with the word, not the first one only (dynticks, dynticks even/odd, dyntick-idle)
expect_rc 0 "glossary dyntick" -- "$bin" glossary dyntick && out_has "dynticks even/odd" "glossary dyntick: every name" &&
  out_has "dyntick-idle" "glossary dyntick: dyntick-idle too"
expect_rc 0 "glossary cpu_needs_another_gp" -- "$bin" glossary cpu_needs_another_gp && out_has "test, made only while no grace period runs, of whether a CPU's" "glossary cpu_needs_another_gp"
# a word with a leading dash is a mistyped option, not a term (it was looked up, "--bogus" and "--" too);
# after --, a term may start with a dash; a full disk is an error with the OS's reason
expect_rc 2 "glossary --bogus" -- "$bin" glossary --bogus && err_has 'unknown option "--bogus"' "glossary --bogus"
expect_rc 0 "glossary -- fqs" -- "$bin" glossary -- fqs && out_has "FQS" "glossary -- fqs"
expect_rc 2 "glossary -- after a term" -- "$bin" glossary fqs -- && err_has '"--" goes before the terms' "glossary fqs --"
[ -w /dev/full ] && expect_rc 2 "glossary to a full disk" -- sh -c "'$bin' glossary fqs >/dev/full" && err_has "cannot write to stdout: No space left on device" "glossary to a full disk"
[ -w /dev/full ] && expect_rc 2 "check --paths to a full disk" -- sh -c "'$bin' check --paths >/dev/full" && err_has "cannot write to standard output: No space left on device" "check --paths to a full disk"
# the kernel's segment names, and a whole word before a word's start: "WAIT" is the callback segment,
# not "Why is it waiting?" (a student looking up the names lesson 7 uses)
expect_rc 0 "glossary WAIT" -- "$bin" glossary WAIT && out_has "DONE, WAIT, NEXT_READY, NEXT" "glossary WAIT" && out_lacks "Why is it waiting?" "glossary WAIT"
expect_rc 0 "glossary NEXT_READY" -- "$bin" glossary NEXT_READY && out_has "drawn as D, W, R and N" "glossary NEXT_READY"
for t in debugfs stutter jitter overhead_per_gp_us gp_duration_ms "extended quiescent state"; do
  expect_rc 0 "glossary $t" -- "$bin" glossary "$t" && out_lacks "No term is named" "glossary $t"
done
expect_rc 2 "glossary of nothing" -- "$bin" glossary zzzz && err_has 'rcuvis: glossary: no term matches "zzzz" (`rcuvis glossary` lists all' "glossary none"
expect_rc 0 "help lists glossary" -- "$bin" --help && out_has "rcuvis glossary [TERM...]" "help glossary"

# --- a first word that is no command, file or shipped scenario (a speaker tried `rcuvis slide --help`
# and got the window's help with exit 0): a near miss of a command is named, any other word gets
# the not-found message and the list of commands; a file or a shipped name still opens the window
expect_rc 2 "a misspelled command" -- "$bin" chek "$scn" && err_has 'rcuvis: unknown command "chek"; did you mean "check"?' "chek"
expect_rc 2 "a misspelled command with --help" -- "$bin" reproduse --help && err_has 'did you mean "reproduce"?' "reproduse --help"
for word in slide anim; do
  expect_rc 2 "rcuvis $word --help" -- "$bin" $word --help &&
    { err_has "$word: no such file here, and no shipped scenario of that name" "$word --help";
      err_has "the commands are run, check, schema, shot, reproduce, quiz and glossary" "$word --help"; err_prefixed "$word --help"; }
  out_lacks "usage:" "$word --help"
done
expect_rc 0 "a shipped scenario's window help" -- "$bin" small-busy --help && out_has "usage: rcuvis [SCENARIO]" "small-busy --help"
# a file in the working directory named like a command's near miss is a file, and wins
mkdir "$tmp/cwd" && cp "$scn" "$tmp/cwd/chek"
abs_bin=$bin; case $abs_bin in /*) ;; *) abs_bin="$PWD/$abs_bin" ;; esac
cd "$tmp/cwd" && expect_rc 0 "a file named chek" -- "$abs_bin" chek --help && out_has "usage: rcuvis [SCENARIO]" "a file named chek"
cd - >/dev/null
# near misses of a shipped scenario, and a path that lacks only its .json
expect_rc 2 "a near miss of a shipped name" -- "$bin" run offline-mid-gpp && err_has 'did you mean "offline-mid-gp"?' "offline-mid-gpp"
expect_rc 2 "the start of a shipped name" -- "$bin" run omap && err_has 'did you mean "omap-stall"?' "omap"
expect_rc 2 "no shipped name near" -- "$bin" run zzzzzz && err_lacks "did you mean" "zzzzzz"
expect_rc 2 "a path without its .json" -- "$bin" run "$root/scenarios/tree" && err_has "$root/scenarios/tree: no such file; did you mean $root/scenarios/tree.json?" "scenarios/tree"

# an empty first argument (a shell variable that was not set) is named as such, not quoted as ""
expect_rc 2 "empty first argument" -- "$bin" "" && err_has "rcuvis: the first argument is empty: expected a command" "empty first argument" \
  && err_lacks "rcuvis: : " "empty first argument"

[ $failed -eq 0 ] && echo "cli.sh: all passed"
exit $failed
