#!/usr/bin/env bash
# record_window.sh — the recorder under Xvfb: inject, toggle with M, type a caption, land on a GP start
# with N and inject (saved on that trigger), mark a cue stop, toggle with X, N and inject again, Ctrl+S;
# then `rcuvis run` of the saved file must give the session's trace event for event, and the opened file
# is untouched.
set -u
bin=${RCUVIS_BIN:?}; root=${RCUVIS_ROOT:?}
for t in Xvfb xdotool; do
  command -v $t >/dev/null || { echo "SKIP: $t not installed (apt-get install -y xvfb xdotool)"; exit 0; }
done
work=$(mktemp -d); apid=""; xpid=""
cleanup() { [ -n "$apid" ] && kill "$apid" 2>/dev/null; [ -n "$xpid" ] && kill "$xpid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
fail=0
ok() { echo "ok   $*"; }
bad() { echo "FAIL $*"; fail=1; }
# a small machine so the whole session fits in the window engine's event ring
cat > "$work/tiny.json" <<'JSON'
{"name": "tiny", "cpus": 2, "hz": 250, "seed": 5, "duration_s": 0.5,
 "rcu": {"mode": "softirq", "flavors": ["rcu_sched"]},
 "workload": [{"cpus": "all", "busy_frac": 0.6, "user_frac": 0.5, "busy_period_ms": 5, "ctxsw_per_s": 200,
               "irqs_per_s": 100, "readers": {"rcu_sched": {"rate_per_s": 100, "mean_us": 5}},
               "call_rcu_per_s": {"rcu_sched": 50}}],
 "captions": [{"at_s": 0, "text": "the author's first caption"}]}
JSON
cp "$work/tiny.json" "$work/tiny.orig"
. "$(dirname "$0")/lib/xvfb.sh"
start_xvfb "$work" 1280x800x24 || { xvfb_unavailable "$work"; exit $?; }
export DISPLAY=:$d XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data" XDG_STATE_HOME="$work/state" \
       RCUVIS_RECORD_TRACE="$work/session.jsonl"
(cd "$work" && exec "$bin" "$work/tiny.json") >"$work/app.log" 2>&1 & apid=$!
win=""
for i in $(seq 600); do   # up to a minute on a loaded machine
  win=$(xdotool search --name '^rcuvis' 2>/dev/null | head -1)
  [ -n "$win" ] && break
  kill -0 $apid 2>/dev/null || break
  sleep 0.1
done
[ -n "$win" ] || { echo "FAIL: no rcuvis window (alive: $(kill -0 $apid 2>/dev/null && echo yes || echo no))"; cat "$work/app.log"; exit 1; }
# SDL may re-create the window for its renderer: send keys once it has settled
win=$(settled_window $apid '^rcuvis') || { echo "FAIL: the rcuvis window went away"; cat "$work/app.log"; exit 1; }
# the window handles events in the order they come, so no key needs to wait for the previous one
k() { xdotool key --window "$win" "$@"; }
k Home                                          # t = 0, paused: the same session on any machine
for i in 1 2 3 4 5 6 7 8; do k Right; done     # 8 ticks at HZ 250: 32 ms
k Tab                                           # select CPU 0
k b                                             # call_rcu burst of 1000 on CPU 0 (recorded at its step)
for i in 1 2 3; do k Right; done
k m                                             # toggle rcu.mode with the classroom key (recorded, re-simulated)
for i in 1 2 3; do k Right; done
k F2
xdotool type --window "$win" --delay 20 "burst served"
k Tab Tab                                       # for 3.7 (kthread) only: a per-mode caption, shown here
k Return                                        # caption at this moment (recorded)
k n                                             # land on the next rcu_sched grace-period start
k Tab                                           # CPU 1
k y                                             # synchronize_rcu on CPU 1: recorded after that GP start
k F3                                            # cue stop here (time, flavor, CPU 1, caption shown)
for i in 1 2 3 4; do k Right; done
k x                                             # toggle needs_gp_fix (recorded, re-simulated)
k n                                             # the next GP start again
k b                                             # a burst on CPU 1: Ctrl+S proves its trigger form replays exactly
for i in 1 2 3 4 5 6; do k Right; done          # past the next GP start: what follows is at its time again
k l                                             # a long reader on CPU 1, step-exact
for i in 1 2; do k Right; done
k ctrl+s
kill -0 $apid 2>/dev/null || { echo "FAIL: rcuvis exited"; cat "$work/app.log"; exit 1; }
k ctrl+q
# Ctrl+Q comes after Ctrl+S: once the window has quit, the save is done (however slow the machine)
for i in $(seq 600); do kill -0 $apid 2>/dev/null || break; sleep 0.1; done
kill -0 $apid 2>/dev/null && { echo "FAIL: rcuvis did not quit on Ctrl+Q"; exit 1; }
wait $apid; apid=""
saved=$(ls "$work"/data/rcuvis/scenarios/*.json 2>/dev/null | head -1)
[ -n "$saved" ] && ok "Ctrl+S saved $(basename "$saved") into \$XDG_DATA_HOME/rcuvis/scenarios" || { bad "nothing saved"; cat "$work/app.log"; exit 1; }
cmp -s "$work/tiny.json" "$work/tiny.orig" && ok "the opened scenario file is untouched" || bad "the source file changed"
ls "$work"/*.png >/dev/null 2>&1 && bad "Ctrl+S still saved a PNG" || ok "Ctrl+S no longer saves a PNG"
python3 - "$saved" <<'PY' || fail=1
import json, sys
d = json.load(open(sys.argv[1]))
ev = d.get("events", [])
kinds = [e["kind"] for e in ev]
def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what)
    return cond
ok = check(kinds == ["call_rcu_burst", "synchronize", "call_rcu_burst", "long_reader"], "recorded events %s" % kinds)
ok &= check(d["rcu"].get("mode") == "kthread", "M recorded as rcu.mode = %s" % d["rcu"].get("mode"))
ok &= check(d["rcu"].get("needs_gp_fix") is False, "X recorded as rcu.needs_gp_fix = %s" % d["rcu"].get("needs_gp_fix"))
ok &= check([c["text"] for c in d["captions"]] == ["the author's first caption", "burst served"], "captions %s" % [c["text"] for c in d["captions"]])
ok &= check(d["captions"][-1].get("when") == {"mode": "kthread"}, "the typed caption is for 3.7 only: when %s" % d["captions"][-1].get("when"))
if len(ev) == 4:
    b, s, b2, l = ev
    ok &= check(b.get("first") is True and "at_s" in b and "on" not in b, "the burst is at its time: at_s %s" % b.get("at_s"))
    on = s.get("on", {})
    ok &= check(on.get("event") == "gp_start" and on.get("flavor") == "rcu_sched" and on.get("n", 0) >= 1 and "at_s" not in s,
                "the synchronize after N is saved relative to the trigger: on %s, delay_s %s %s" % (on, s.get("delay_s"), s.get("comment", "")))
    ok &= check(l.get("first") is True and "at_step" in l, "the reader, after the next GP start, is step-exact: at_step %s" % l.get("at_step"))
    on2 = b2.get("on", {})
    ok &= check(on2.get("event") == "gp_start" and on2.get("n", 0) > on.get("n", 0) and "comment" not in b2,
                "the last burst, after N, is saved on its trigger after the save-time check: on %s, delay_s %s %s" % (on2, b2.get("delay_s"), b2.get("comment", "")))
cues = d.get("cues", [])
ok &= check(len(cues) == 1 and cues[0].get("flavor") == "rcu_sched" and cues[0].get("select_cpu") == 1 and cues[0].get("compare") is False
            and "grace-period start" in cues[0].get("title", "") and cues[0].get("caption") == "burst served",
            "cue stop: %s" % cues)
sys.exit(0 if ok else 1)
PY
"$bin" check "$saved" >/dev/null && ok "the saved file passes rcuvis check" || bad "rcuvis check rejects the saved file"
# --strict fails on any recorded event not applied or caption never shown; the one warning about the
# file itself is that the reader recorded with its 1 s default outlasts tiny's 0.5 s (what the author did)
"$bin" run "$saved" --strict --trace "$work/run.jsonl" >"$work/run.out" 2>"$work/run.err"; rc=$?
if [ $rc -eq 0 ] || { [ $rc -eq 1 ] && grep -qx 'rcuvis: run: --strict: 1 warning about the file before the run' "$work/run.err" &&
                      grep -q 'long_reader of 1 s is longer than the whole run' "$work/run.out" "$work/run.err"; }; then
  ok "rcuvis run --strict of the saved file: every event applied, every caption shown"
else bad "rcuvis run of the saved file failed (exit $rc): $(head -3 "$work/run.err")"; fi
n=$(wc -l < "$work/session.jsonl")
[ "$n" -gt 100 ] && ok "session trace: $n events" || bad "session trace has only $n events"
if head -n "$n" "$work/run.jsonl" | cmp -s - "$work/session.jsonl"; then
  ok "rcuvis run of the saved file reproduces the session's $n events byte for byte"
else
  bad "traces differ:"; head -n "$n" "$work/run.jsonl" | diff - "$work/session.jsonl" | head -6
fi
grep -q '"ev":"inject","kind":"call_rcu_burst","cpu":0,"flavor":"rcu_sched","count":1000' "$work/session.jsonl" && ok "the session has the injection" || bad "no injection in the session trace"
grep -q '"ev":"caption","index":1' "$work/session.jsonl" && ok "the session shows the typed caption" || bad "typed caption not in the session"
grep -c '"ev":"inject"' "$work/session.jsonl" | grep -qx 4 && ok "the session has the 4 injections" || bad "the session has $(grep -c '"ev":"inject"' "$work/session.jsonl") injections, not 4"
exit $fail
