#!/usr/bin/env bash
# authoring.sh — nothing silent: a scripted event that cannot be applied is warned about, reported as
# events_not_applied, assertable by expect, and fails `rcuvis run --strict`; so does a caption whose
# trigger never fired; a clean run passes --strict.
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
  {"at_s": 0.51, "kind": "offline", "cpu": 2},
  {"at_s": 0.5, "kind": "long_reader", "cpu": 2, "flavor": "rcu_sched", "duration_s": 0.05}],
 "expect": [{"path": "events_not_applied.count", "equals": 0, "why": "every scripted event happened"}]}
JSON
out=$("$bin" run "$tmp/refused.json" 2>&1); rc=$?
[ $rc = 0 ] || bad "plain run exits $rc"
printf '%s\n' "$out" | grep -qF 'warning: '"$tmp"'/refused.json: $.events[0] (offline, cpu 2, due at 0.51 s) was not applied: CPU 2 is inside a read-side critical section' \
  && ok "summary warns about the refused offline, by its file and place in it (events are sorted by time)" || bad "no warning in: $(printf '%s\n' "$out" | tail -3)"
"$bin" run "$tmp/refused.json" --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q -- '--strict: 1 scripted event was not applied' "$tmp/err" && ok "--strict exits 1" || bad "--strict exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/refused.json" --expect >/dev/null 2>&1; rc=$?
[ $rc = 1 ] && ok "expect events_not_applied.count = 0 fails" || bad "expect exit $rc"
n=$("$bin" run "$tmp/refused.json" --json 2>"$tmp/err" | python3 -c 'import json,sys; d=json.load(sys.stdin)["events_not_applied"]; print(d["count"], d["list"][0]["kind"], d["list"][0]["cpu"], d["list"][0]["t_s"])')
[ "$n" = "1 offline 2 0.51" ] && ok "report lists it: $n" || bad "report: $n"
grep -qF 'warning: '"$tmp"'/refused.json: $.events[0] (offline' "$tmp/err" && ok "--json warns on stderr" || bad "--json silent on stderr"
"$bin" run "$root/scenarios/small-busy.json" --strict >/dev/null 2>&1 && ok "clean scenario passes --strict" || bad "small-busy fails --strict"
# check --strict and run --strict agree: a kernel_loop longer than the run failed check --strict (exit
# 1) while run --strict printed nothing and exited 0, though both help texts said they match. run
# prints check's warnings once, before the run, with the same place, and --strict fails on them.
cat > "$tmp/long.json" <<'JSON'
{"name": "long loop", "cpus": 8, "duration_s": 12,
 "workload": [{"task": "work", "cpus": "0-3", "busy_frac": 1.0}],
 "events": [{"at_s": 5, "kind": "kernel_loop", "cpu": 2, "duration_s": 60}]}
JSON
w='warning: '"$tmp"'/long.json:3:58: $.events[0].duration_s: a kernel_loop of 60 s is longer than the whole run (12 s), so it never ends in it'
"$bin" check --strict "$tmp/long.json" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF -- "$w" "$tmp/err" && ok "check --strict fails on a loop longer than the run" || bad "check --strict: exit $rc: $(cat "$tmp/err")"
"$bin" run --strict "$tmp/long.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && [ "$(grep -cF -- "$w" "$tmp/out")" = 1 ] && [ "$(grep -n -F -- "$w" "$tmp/out" | cut -d: -f1)" = 1 ] \
  && grep -qF -- '--strict: 1 warning about the file before the run' "$tmp/err" \
  && ok "run --strict prints the same warning once, before the run, and fails on it" || bad "run --strict: exit $rc: $(head -3 "$tmp/out") $(cat "$tmp/err")"
"$bin" run "$tmp/long.json" >/dev/null 2>&1 && ok "... and a run without --strict still passes" || bad "run without --strict fails"
"$bin" run --strict --json "$tmp/long.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && [ "$(grep -cF -- "$w" "$tmp/err")" = 1 ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out" \
  && ok "with --json the warning goes to stderr, once, and stdout stays JSON" || bad "run --json --strict: exit $rc: $(cat "$tmp/err")"
"$bin" run --strict --duration 3 "$tmp/long.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF -- "$w" "$tmp/out" && ok "a run cut short judges the file at its own duration_s (12 s, not 3 s)" || bad "cut short: exit $rc: $(grep warning "$tmp/out")"
# the schema says that the CPU's phase goes on during a kernel_loop (only a docs paragraph said so)
"$bin" schema | grep -qF "kernel_loop (cpu, duration_s: no context switch, preemption off; the CPU's phase goes on starting its readers and queuing its call_rcu()s all through the loop" \
  && ok "the schema's kernel_loop says the phase's readers and call_rcu()s go on" || bad "the schema's kernel_loop does not say what its phase does meanwhile"
# a run cut short (--duration, --set duration_s) never reaches small-busy's events at 5..12 s: not an
# error in the file, but not silent either: noted, counted in events_not_applied, fatal to --strict
"$bin" run "$root/scenarios/small-busy.json" --duration 2 --strict >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -q -- '--strict: 4 scripted events were not applied' "$tmp/err" && ok "--strict fails on a run cut short" || bad "cut short --strict exit $rc: $(tail -2 "$tmp/err")"
# one line for all of them (rcutorture cut to 5 s has ~400), naming the first few
grep -q "note: $root/scenarios/small-busy.json: this run ends at 2 s, before 4 scripted events: \$.events\[0\] (long_reader at 5 s), \$.events\[1\] (synchronize at 5.01 s), \$.events\[2\] (offline at 8 s) and 1 more" "$tmp/out" \
  && [ "$(grep -c "^note:" "$tmp/out")" = 1 ] && ! grep -q "^warning:" "$tmp/out" \
  && ok "cut short: the later events are noted, in one line, not as a warning" || bad "cut short note: $(grep -E '^(note|warning):' "$tmp/out" | head -3)"
n=$("$bin" run "$root/scenarios/small-busy.json" --set duration_s=2 --json 2>/dev/null | python3 -c 'import json,sys; d=json.load(sys.stdin)["events_not_applied"]; print(d["count"], d["list"][3]["index"], d["list"][3]["t_s"], d["list"][3]["reason"].split(";")[0])')
[ "$n" = "4 3 12 after the run's end, 2 s" ] && ok "cut short: report lists them: $n" || bad "cut short report: $n"
"$bin" run "$root/scenarios/small-busy.json" --duration 2 --expect >"$tmp/out" 2>/dev/null; rc=$?
[ $rc = 1 ] && grep -q 'FAIL events_not_applied.count = 4, expected == 0' "$tmp/out" && ok "cut short: expect count = 0 fails" || bad "cut short --expect exit $rc"
# a caption whose trigger never comes (n past the run's count) is warned about by its place in the
# file, and fails --strict; one meant for the other mode (when) is not, nor is a run cut short
cat > "$tmp/caption.json" <<'JSON'
{"name": "caption", "cpus": 4, "duration_s": 1, "seed": 1,
 "workload": [{"cpus": "all", "busy_frac": 0.8, "call_rcu_per_s": {"rcu_sched": 200}}],
 "captions": [
  {"at_s": 0, "text": "Boot."},
  {"on": {"event": "stall"}, "when": {"mode": "softirq"}, "text": "Only under 3.6, and it never comes here either."},
  {"on": {"event": "gp_start", "flavor": "rcu_sched", "n": 5000}, "text": "The five-thousandth grace period starts, long after this run ends."}]}
JSON
want='warning: '"$tmp"'/caption.json: $.captions[2] ("The five-thousandth grace period starts,...") was never shown: its trigger (gp_start of rcu_sched (occurrence 5000)) happened'
"$bin" run "$tmp/caption.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF -- "$want" "$tmp/out" && grep -qF "times before the run's end at 1 s" "$tmp/out" \
  && ok "summary warns about the caption that never fired" || bad "caption warning: exit $rc: $(grep warning "$tmp/out")"
[ "$(grep -c 'was never shown' "$tmp/out")" = 1 ] && ok "... and not about the softirq-only one" || bad "caption warnings: $(grep -c 'was never shown' "$tmp/out")"
"$bin" run "$tmp/caption.json" --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF -- '--strict: 1 caption was never shown' "$tmp/err" && ok "--strict exits 1 for it" || bad "caption --strict exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/caption.json" --json >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF -- "$want" "$tmp/err" && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$tmp/out" \
  && ok "--json: the caption warning goes to stderr" || bad "--json caption warning: exit $rc: $(cat "$tmp/err")"
m=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["captions_missed"]; print(c["count"], c["judged"], c["list"][0]["path"], c["list"][0]["why"][:24])' "$tmp/out" 2>&1)
[ "$m" = "1 True \$.captions[2] its trigger (gp_start of" ] && ok "--json: captions_missed lists it: $m" || bad "--json captions_missed: $m"
"$bin" run "$tmp/caption.json" --json --duration 0.5 >"$tmp/out" 2>/dev/null
m=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["captions_missed"]; print(c["count"], c["judged"])' "$tmp/out" 2>&1)
[ "$m" = "0 False" ] && ok "--json, cut short: captions_missed not judged" || bad "--json cut short captions_missed: $m"
"$bin" run "$tmp/caption.json" --set 'events=[{"at_s": 0.5, "kind": "online", "cpu": 3}]' --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF -- '--strict: 1 scripted event was not applied and 1 caption was never shown' "$tmp/err" \
  && ok "--strict counts both kinds" || bad "both kinds: exit $rc: $(cat "$tmp/err")"
# a run whose options change the scenario (a workbook "Try it" with --set) may rightly miss a caption:
# the warning names the options and gives no advice to edit the file; --strict still counts it
"$bin" run "$tmp/caption.json" --set costs.tick_ns=200 >"$tmp/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -qF '$.captions[2] ("The five-thousandth grace period starts,...") was not shown in this run (--set costs.tick_ns=200): its trigger (gp_start of rcu_sched (occurrence 5000)) happened' "$tmp/out" \
  && ! grep -q 'lengthen duration_s' "$tmp/out" && ok "a variant run's missed caption names its options, no advice" || bad "variant caption: exit $rc: $(grep -i caption "$tmp/out")"
"$bin" run "$tmp/caption.json" --set costs.tick_ns=200 --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF -- '--strict: 1 caption was never shown' "$tmp/err" && ok "... and --strict still counts it" || bad "variant --strict: exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/caption.json" --mode kthread --seed 3 >"$tmp/out" 2>&1
grep -qF 'was never shown: its trigger' "$tmp/out" && grep -q 'lengthen duration_s' "$tmp/out" && ok "--mode and --seed are no variant: the author's warning" || bad "mode/seed caption: $(grep -i caption "$tmp/out")"
"$bin" run "$tmp/caption.json" --duration 0.5 --strict >"$tmp/out" 2>&1; rc=$?
[ $rc = 0 ] && ! grep -q 'never shown' "$tmp/out" && ok "a run cut short does not judge its captions" || bad "cut short caption: exit $rc: $(grep never "$tmp/out")"
for m in softirq kthread; do
  "$bin" run "$root/scenarios/small-busy.json" --mode $m --strict >"$tmp/out" 2>&1; rc=$?
  [ $rc = 0 ] && ! grep -q 'never shown' "$tmp/out" && ok "small-busy ($m): every caption shown" || bad "small-busy $m: exit $rc: $(grep never "$tmp/out")"
done
# a time after the file's own end is the file's mistake: refused before anything runs
sed 's/"at_s": 12.0, "kind": "online"/"at_s": 99, "kind": "online"/' "$root/scenarios/small-busy.json" > "$tmp/late.json"
grep -q '"at_s": 99' "$tmp/late.json" || bad "late.json: the sed found no event to move"
"$bin" run "$tmp/late.json" --strict --expect >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -qE "late\.json:[0-9]+:[0-9]+: \\\$\.events\[3\]\.at_s: expected a time before the scenario's end at 20 s \(duration_s\), got 99" "$tmp/err" \
  && ok "an event after the file's end is refused (exit 2)" || bad "late event: exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/late.json" --duration 2 >/dev/null 2>&1; rc=$?
[ $rc = 2 ] && ok "... also when the run is shortened" || bad "late event with --duration 2: exit $rc"
# a string that is not UTF-8 (an editor saving Latin-1) is refused at load, never copied into the
# report: run --json used to print the raw 0xE9 byte, which no JSON reader accepts
printf '{"name": "caf\xe9", "cpus": 2, "duration_s": 1}\n' >"$tmp/latin1.json"
"$bin" run "$tmp/latin1.json" --json >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && [ ! -s "$tmp/out" ] && grep -qF 'latin1.json:1:14: $.name: expected UTF-8 text, got the byte 0xe9 at file offset 13' "$tmp/err" \
  && ok "a Latin-1 name is refused with its path and offset (exit 2)" || bad "Latin-1 name: exit $rc: $(cat "$tmp/err")"
# two timed captions that overlap: the strip shows one at a time, so the later one cut the earlier
# one's until_s short in silence; now a warning naming both, and --strict fails
cat > "$tmp/overlap.json" <<'JSON'
{"name": "overlap", "cpus": 2, "duration_s": 5,
 "captions": [{"at_s": 1, "until_s": 2, "text": "first"}, {"at_s": 1.5, "until_s": 3, "text": "second"},
              {"at_s": 3.5, "until_s": 4, "text": "alone"}]}
JSON
"$bin" run "$tmp/overlap.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF 'warning: '"$tmp"'/overlap.json:2:15: $.captions[0] ("first", 1 s to 2 s) overlaps $.captions[1] ("second", from 1.5 s): the strip shows one caption at a time, so the first gives way at 1.5 s' "$tmp/out" \
  && [ "$(grep -c overlaps "$tmp/out")" = 1 ] && ok "overlapping captions are warned about, both named" || bad "overlap: exit $rc: $(grep warning "$tmp/out")"
"$bin" run "$tmp/overlap.json" --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF -- '--strict: 1 pair of captions overlap' "$tmp/err" && ok "--strict fails on overlapping captions" || bad "overlap --strict: exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/overlap.json" --json >/dev/null 2>"$tmp/err"
grep -qF '$.captions[0] ("first"' "$tmp/err" && ok "--json: the overlap warning goes to stderr" || bad "--json overlap: $(cat "$tmp/err")"
# check says the same without running (stderr; still ok: a warning)
"$bin" check "$tmp/overlap.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF '$.captions[0] ("first", 1 s to 2 s) overlaps $.captions[1]' "$tmp/err" && ok "check warns about overlapping captions" || bad "check overlap: exit $rc: $(cat "$tmp/err")"
# a caption for the other kernel (`when` mode) overlaps only in that kernel's runs: check (which judges
# the file) says so and names the mode; a run in the file's own mode has nothing to warn about
cat > "$tmp/overlap-mode.json" <<'JSON'
{"name": "overlap-mode", "cpus": 2, "duration_s": 3, "rcu": {"mode": "kthread"},
 "captions": [{"at_s": 1, "until_s": 2, "text": "both kernels"},
              {"at_s": 1.5, "until_s": 2.5, "text": "only 3.6", "when": {"mode": "softirq"}}]}
JSON
"$bin" check "$tmp/overlap-mode.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF '$.captions[0] ("both kernels", 1 s to 2 s) overlaps $.captions[1] ("only 3.6", from 1.5 s): in --mode softirq runs, the strip shows one caption at a time' "$tmp/err" \
  && grep -qF 'ok, with 1 warning' "$tmp/out" && ok "check warns of captions that overlap in the other kernel's runs" || bad "check overlap-mode: exit $rc: $(cat "$tmp/out" "$tmp/err")"
"$bin" run "$tmp/overlap-mode.json" --strict >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && ok "a run in the file's own mode does not warn of the other mode's overlap" || bad "run overlap-mode --strict: exit $rc: $(cat "$tmp/err")"
"$bin" run "$tmp/overlap-mode.json" --mode softirq --strict >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF '$.captions[0] ("both kernels", 1 s to 2 s) overlaps $.captions[1] ("only 3.6"' "$tmp/out" && ok "a --mode softirq run warns of it as its own" || bad "run overlap-mode --mode softirq --strict: exit $rc: $(cat "$tmp/out" "$tmp/err")"
# a triggered caption's time is the run's: after the run, one cut short by the next caption to come
# up is warned about like two timed ones, with the moment, and fails --strict
cat > "$tmp/overlap-fired.json" <<'JSON'
{"name": "overlap-fired", "cpus": 2, "duration_s": 1,
 "workload": [{"task": "w", "cpus": "all", "busy_frac": 0.9, "busy_period_ms": 10, "ctxsw_per_s": 1000, "call_rcu_per_s": {"rcu_sched": 1000}}],
 "captions": [{"on": {"event": "gp_end", "flavor": "rcu_sched", "n": 1}, "duration_s": 0.95, "text": "first grace period over"},
              {"at_s": 0.9, "text": "late and timed"}]}
JSON
"$bin" run "$tmp/overlap-fired.json" --strict >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qE 'warning: '"$tmp"'/overlap-fired.json: in this run \$\.captions\[0\] \("first grace period over", shown from [0-9.]+ s to [0-9.]+ s\) gives way at 0.9 s to \$\.captions\[1\] \("late and timed", timed\): the strip shows one caption at a time; end the first by then \(duration_s\)' "$tmp/out" \
  && grep -qF -- '--strict: 1 pair of captions overlap' "$tmp/err" && ok "a triggered caption cut short in a run is warned about and fails --strict" || bad "overlap-fired: exit $rc: $(cat "$tmp/out" "$tmp/err" | grep -E 'warning|strict')"
# gp_end with min_duration_s: the end of the one long grace period, wherever the reader that holds it
# starts (n would count every short grace period before it); refused on other events
cat > "$tmp/long-gp.json" <<'JSON'
{"name": "long-gp", "cpus": 2, "duration_s": 2,
 "workload": [{"task": "w", "cpus": "all", "busy_frac": 0.9, "busy_period_ms": 10, "ctxsw_per_s": 1000, "call_rcu_per_s": {"rcu_sched": 1000}}],
 "events": [{"at_s": 0.5, "kind": "long_reader", "cpu": 1, "flavor": "rcu_sched", "duration_s": 0.3}],
 "captions": [{"on": {"event": "gp_end", "flavor": "rcu_sched", "min_duration_s": 0.2}, "duration_s": 0.1, "text": "the long one ended"}]}
JSON
for at in 0.5 1.1; do
  "$bin" run "$tmp/long-gp.json" --set events.0.at_s=$at --trace - 2>"$tmp/err" | grep '"ev":"caption"' >"$tmp/out"
  t=$(sed -n 's/.*"t":\([0-9]*\).*/\1/p' "$tmp/out")
  lo=$(awk -v a=$at 'BEGIN{printf "%d", (a+0.3)*1e9}'); hi=$(awk -v a=$at 'BEGIN{printf "%d", (a+0.35)*1e9}')
  [ -n "$t" ] && [ "$t" -ge "$lo" ] && [ "$t" -le "$hi" ] && ok "gp_end min_duration_s fires as the long grace period ends (reader at $at s: $t ns)" || bad "min_duration_s, reader at $at s: caption at '$t' ns, wanted $lo..$hi"
done
sed 's/"min_duration_s": 0.2/"min_duration_s": 5/' "$tmp/long-gp.json" >"$tmp/long-5.json"
"$bin" run "$tmp/long-5.json" >"$tmp/out" 2>&1
grep -qE 'its trigger \(gp_end of rcu_sched lasting 5 s or more\) happened 0 times before the run.s end at 2 s; lower "min_duration_s" \(the longest grace period that ended lasted 0\.3[0-9]* s\)' "$tmp/out" \
  && ok "a min_duration_s that no grace period reached says how long the longest lasted" || bad "min_duration_s 5: $(grep warning "$tmp/out")"
sed 's/"event": "gp_end"/"event": "fqs"/' "$tmp/long-gp.json" >"$tmp/long-fqs.json"
"$bin" check "$tmp/long-fqs.json" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -qF '$.captions[0].on.min_duration_s: min_duration_s picks the grace periods gp_end counts; fqs does not take one' "$tmp/err" \
  && ok "min_duration_s on another event is refused, with its path" || bad "min_duration_s on fqs: exit $rc: $(cat "$tmp/err")"
# a reader longer than the whole run (45000 meant as 45 s) never ends in it: check says so, with the unit
cat > "$tmp/units.json" <<'JSON'
{"name": "units", "cpus": 2, "duration_s": 50,
 "events": [{"at_s": 2, "kind": "long_reader", "cpu": 1, "flavor": "rcu_sched", "duration_s": 45000}]}
JSON
"$bin" check "$tmp/units.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF '$.events[0].duration_s: a long_reader of 45000 s is longer than the whole run (50 s), so it never ends in it' "$tmp/err" \
  && grep -qF 'durations are in seconds (45000 ms is 45 s)' "$tmp/err" && ok "check warns of a reader longer than the whole run" || bad "units: exit $rc: $(cat "$tmp/err")"
# an expectation whose when names a flavor the file does not enable is never checked: check says so
cat > "$tmp/wf.json" <<'JSON'
{"name": "wf", "cpus": 2, "duration_s": 1, "rcu": {"flavors": ["rcu_sched"]},
 "expect": [{"path": "cpus", "equals": 2},
            {"path": "cpus", "equals": 2, "when": {"flavor": "rcu_bh"}}]}
JSON
"$bin" check "$tmp/wf.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF 'wf.json:3:52: $.expect[1].when.flavor: rcu_bh is not enabled (rcu.flavors has rcu_sched), so this expectation is never checked' "$tmp/err" \
  && ok "check warns of an expectation whose when never holds" || bad "expect when.flavor: exit $rc: $(cat "$tmp/err")"
# a caption up for longer than the whole run (1500 meant as 1.5 s): check says so too, with the unit
cat > "$tmp/capl.json" <<'JSON'
{"name": "capl", "cpus": 2, "duration_s": 8,
 "events": [{"at_s": 1, "kind": "kernel_loop", "cpu": 1, "duration_s": 4}],
 "captions": [{"on": {"event": "stall"}, "duration_s": 1500, "text": "a stall"},
              {"at_s": 1, "until_s": 2000, "text": "long"}]}
JSON
"$bin" check "$tmp/capl.json" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 0 ] && grep -qF "capl.json:3:42: \$.captions[0].duration_s: a caption up for 1500 s is longer than the whole run (8 s); times are in seconds (1500 ms is 1.5 s)" "$tmp/err" \
  && grep -qF '$.captions[1].until_s: a caption up for 1999 s is longer than the whole run (8 s); times are in seconds (2000 ms is 2 s)' "$tmp/err" \
  && ok "check warns of a caption up for longer than the whole run" || bad "caption units: exit $rc: $(cat "$tmp/err")"
# expect at_s: the report as it stood then, the figure a caption quotes mid-run; a run cut short
# before it skips it; stopping there changes nothing the run does (same trace)
cat > "$tmp/at.json" <<'JSON'
{"name": "at", "cpus": 4, "duration_s": 3, "seed": 3, "rcu": {"mode": "softirq", "stall_timeout_s": 3},
 "workload": [{"task": "w", "cpus": "all", "busy_frac": 0.9, "busy_period_ms": 10, "ctxsw_per_s": 1000, "call_rcu_per_s": {"rcu_sched": 1000}}],
 "events": [{"at_s": 0.5, "kind": "long_reader", "cpu": 1, "flavor": "rcu_sched", "duration_s": 1}],
 "expect": [{"path": "flavors.rcu_sched.grace_periods", "at_s": 0.6, "min": 1},
            {"path": "flavors.rcu_sched.grace_periods", "at_s": 1.4, "max": 0, "why": "held since 0.5 s"},
            {"path": "stalls.length", "at_s": 2.5, "min": 0}]}
JSON
"$bin" run "$tmp/at.json" --expect --trace "$tmp/at1.jsonl" >"$tmp/out" 2>&1; rc=$?
g06=$(sed -n 's/^ok   flavors.rcu_sched.grace_periods = \([0-9]*\), expected >= 1 (at 0.6 s)$/\1/p' "$tmp/out")
[ $rc = 1 ] && [ -n "$g06" ] && grep -qF "FAIL flavors.rcu_sched.grace_periods = $g06, expected <= 0 (at 1.4 s): held since 0.5 s  ($tmp/at.json:5:13: \$.expect[1])" "$tmp/out" \
  && ok "expect at_s reads the report of its moment ($g06 GPs at 0.6 s and still at 1.4 s: the reader holds one)" || bad "expect at_s: exit $rc: $(grep -E '^(ok|FAIL|skip)' "$tmp/out")"
"$bin" run "$tmp/at.json" --expect --duration 2 >"$tmp/out" 2>&1
grep -qF 'skip stalls.length: its at_s (2.5 s) is after this run'"'"'s end (2 s)  ('"$tmp/at.json:6:13: \$.expect[2])" "$tmp/out" && ok "a run cut short skips an expect whose at_s is after its end" || bad "at_s past the end: $(grep -E 'skip|expect:' "$tmp/out")"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d.pop('expect'); json.dump(d, open(sys.argv[2], 'w'))" "$tmp/at.json" "$tmp/at0.json"
"$bin" run "$tmp/at0.json" --trace "$tmp/at0.jsonl" >/dev/null 2>&1
cmp -s <(grep -v '"scenario"' "$tmp/at1.jsonl") <(grep -v '"scenario"' "$tmp/at0.jsonl") && ok "stopping at the expectations' moments leaves the trace as it was" || bad "expect at_s changed the trace"
# at_s at the run's end reads the end's report; at a shortened run's end, or after it, it is skipped
# (that report judges events the shortened run never reached); captions_missed at a moment is refused
cat > "$tmp/at-end.json" <<'JSON'
{"name": "at-end", "cpus": 2, "duration_s": 2,
 "events": [{"at_s": 1.5, "kind": "call_rcu_burst", "cpu": 0, "flavor": "rcu_sched", "count": 10}],
 "expect": [{"path": "events_not_applied.count", "at_s": 1, "equals": 0},
            {"path": "events_not_applied.count", "at_s": 2, "equals": 0}]}
JSON
"$bin" run "$tmp/at-end.json" --expect >"$tmp/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -qF 'ok   events_not_applied.count = 0, expected == 0 (at 2 s)' "$tmp/out" && ok "an expect at the run's end reads the end's report" || bad "at_s = duration_s: exit $rc: $(grep -E '^(ok|FAIL|skip)' "$tmp/out")"
"$bin" run "$tmp/at-end.json" --expect --duration 1 >"$tmp/out" 2>&1; rc=$?
[ $rc = 0 ] && grep -qF 'skip events_not_applied.count: its at_s (1 s) is at this run'"'"'s end (1 s)' "$tmp/out" && grep -qF 'skip events_not_applied.count: its at_s (2 s) is after this run'"'"'s end (1 s)' "$tmp/out" \
  && ok "a shortened run skips an expect at or after its end" || bad "at_s and --duration 1: exit $rc: $(grep -E '^(ok|FAIL|skip)' "$tmp/out")"
sed 's/"path": "events_not_applied.count", "at_s": 1/"path": "captions_missed.count", "at_s": 1/' "$tmp/at-end.json" >"$tmp/at-cm.json"
"$bin" check "$tmp/at-cm.json" >/dev/null 2>"$tmp/err"; rc=$?
[ $rc = 2 ] && grep -qF '$.expect[0].at_s: captions_missed is judged at the run'"'"'s end' "$tmp/err" && ok "check refuses at_s on captions_missed" || bad "at_s on captions_missed: exit $rc: $(cat "$tmp/err")"
sed 's/"min_duration_s": 0.2/"min_duration_s": 2/' "$tmp/long-gp.json" >"$tmp/long-2.json"
"$bin" check "$tmp/long-2.json" >/dev/null 2>"$tmp/err"
grep -qF '$.captions[0].on.min_duration_s: no grace period lasts 2 s in a 2 s run, so this caption never fires' "$tmp/err" && ok "check warns of a min_duration_s as long as the run" || bad "min_duration_s 2 in 2 s: $(cat "$tmp/err")"
# a `when` on needs_gp_fix in a file that leaves the fix to its mode (3.7: fixed) holds as the run has
# it (it never held: the loaded -1 was compared raw); check also judges overlaps with the fix turned
# the other way (X in the window)
cat > "$tmp/wfix.json" <<'JSON'
{"name": "wfix", "cpus": 2, "duration_s": 1, "rcu": {"mode": "kthread"},
 "captions": [{"at_s": 0.1, "until_s": 0.5, "text": "fixed", "when": {"needs_gp_fix": true}},
              {"at_s": 0.6, "until_s": 0.9, "text": "unfixed", "when": {"needs_gp_fix": false}},
              {"at_s": 0.7, "until_s": 0.8, "text": "both"}]}
JSON
[ "$("$bin" run "$tmp/wfix.json" --trace - 2>/dev/null | grep -c '"ev":"caption"')" = 2 ] && ok "a needs_gp_fix when holds as the mode has the fix" || bad "wfix: captions shown: $("$bin" run "$tmp/wfix.json" --trace - 2>/dev/null | grep '"ev":"caption"')"
"$bin" check "$tmp/wfix.json" >/dev/null 2>"$tmp/err"
grep -qF '$.captions[1] ("unfixed", 0.6 s to 0.9 s) overlaps $.captions[2] ("both", from 0.7 s): in runs with rcu.needs_gp_fix=false,' "$tmp/err" \
  && ok "check judges overlaps with the fix turned the other way" || bad "wfix check: $(cat "$tmp/err")"
# a `when` naming a flavor the file does not enable: the caption can never show (only a --set
# rcu.flavors enables one); warned about, fatal to --strict, and silent once --set enables it
cat > "$tmp/when.json" <<'JSON'
{"name": "when", "cpus": 2, "duration_s": 1, "rcu": {"flavors": ["rcu_sched", "rcu_preempt"]},
 "captions": [{"at_s": 0, "text": "bh only", "when": {"flavor": "rcu_bh"}}]}
JSON
"$bin" run "$tmp/when.json" --strict >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc = 1 ] && grep -qF 'warning: '"$tmp"'/when.json:2:55: $.captions[0].when.flavor: rcu_bh is not enabled (rcu.flavors has rcu_sched, rcu_preempt), so this caption is never shown' "$tmp/out" \
  && grep -qF -- '--strict: 1 `when` condition never holds' "$tmp/err" && ok "a when.flavor that is not enabled is warned about, --strict fails" || bad "when.flavor: exit $rc: $(grep warning "$tmp/out") $(cat "$tmp/err")"
"$bin" run "$tmp/when.json" --strict --set 'rcu.flavors=["rcu_sched","rcu_bh"]' >"$tmp/out" 2>&1 && ! grep -q 'when.flavor' "$tmp/out" \
  && ok "... not once --set enables the flavor" || bad "when.flavor with --set: $(grep -i warn "$tmp/out")"
# rcutorture's Reader Pipe only where rcutorture runs (the JSON keeps safety.reader_pipe always)
"$bin" run "$root/scenarios/small-busy.json" | grep -q 'Reader Pipe' && bad "small-busy (no rcutorture) prints a Reader Pipe line" || ok "no Reader Pipe line without rcutorture"
"$bin" run "$root/scenarios/rcutorture.json" --duration 2 2>/dev/null | grep -q '^Reader Pipe: ' && ok "rcutorture prints its Reader Pipe" || bad "rcutorture lost its Reader Pipe line"
"$bin" run "$root/scenarios/small-busy.json" --json | python3 -c 'import json,sys; assert len(json.load(sys.stdin)["safety"]["reader_pipe"]) == 11' \
  && ok "--json keeps safety.reader_pipe" || bad "--json lost safety.reader_pipe"
# run --help says the unit of a trace line's "t"
"$bin" run --help | grep -q '"t" is the simulated' && "$bin" run --help | grep -q 'time in nanoseconds' && ok "run --help: the trace's \"t\" is in nanoseconds" || bad "run --help does not say the trace's unit"
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
