#!/usr/bin/env bash
# lecture.sh — a scripted lecture under Xvfb: omap-stall, hackbench and tree driven with cue keys only
# (F5, then PgDn per cue), one screenshot per cue, each checked to be a picture and to differ;
# first, without a display, `rcuvis shot --cue N` (the same cue as a file).
#   RCUVIS_BIN=build/rcuvis tests/e2e/lecture.sh            (1280x720, as in `make test`)
#   LECTURE_FULL=1 LECTURE_SIZE=1600x900 LECTURE_OUT=/tmp/lecture tests/e2e/lecture.sh   (both, kept)
set -u
bin=${RCUVIS_BIN:-build/rcuvis}
root=${RCUVIS_ROOT:-.}
size=${LECTURE_SIZE:-1280x720}
[ -x "$bin" ] || { echo "FAIL: $bin is not built"; exit 1; }
# without a display: `rcuvis shot --cue N` draws a cue as PgDn shows it; a cue that does not exist is a clear error
tmp1=$(mktemp -d)
"$bin" shot "$root/scenarios/omap-stall.json" --cue 4 --size 640x360 -o "$tmp1/cue4.png" || { echo "FAIL: shot --cue 4"; exit 1; }
[ -s "$tmp1/cue4.png" ] || { echo "FAIL: shot --cue 4 wrote nothing"; exit 1; }
msg=$("$bin" shot "$root/scenarios/omap-stall.json" --cue 99 -o "$tmp1/x.png" 2>&1); rc=$?
[ $rc = 2 ] && case "$msg" in *"--cue: expected 1 to"*) ;; *) false;; esac || { echo "FAIL: --cue 99 gave $rc: $msg"; exit 1; }
[ -e "$tmp1/x.png" ] && { echo "FAIL: --cue 99 left a file"; exit 1; }
msg=$("$bin" shot "$root/scenarios/big-machine.json" --cue 1 -o "$tmp1/x.png" 2>&1); rc=$?
[ $rc = 2 ] && case "$msg" in *'--cue: '*'big-machine'*' has no lecture cues (`cues` in the file); use --at') ;; *) false;; esac ||
  { echo "FAIL: --cue 1 without cues gave $rc: $msg"; exit 1; }
[ -e "$tmp1/x.png" ] && { echo "FAIL: --cue 1 without cues left a file"; exit 1; }
# --mode naming the file's own mode changes nothing: the same picture, cue caption and no badge
"$bin" shot "$root/scenarios/omap-stall.json" --cue 1 --size 640x360 -o "$tmp1/c1.png" &&
  "$bin" shot "$root/scenarios/omap-stall.json" --cue 1 --mode softirq --size 640x360 -o "$tmp1/c1s.png" &&
  cmp -s "$tmp1/c1.png" "$tmp1/c1s.png" || { echo "FAIL: --mode softirq on a softirq scenario changed its cue 1 picture"; exit 1; }
# an option that contradicts the cue's own view is refused, not overridden in silence (cue 5 is a compare cue)
msg=$("$bin" shot "$root/scenarios/omap-stall.json" --cue 5 --mode kthread -o "$tmp1/x.png" 2>&1); rc=$?
[ $rc = 2 ] && case "$msg" in *'--mode kthread: cue 5 is shown in compare mode'*'--at 4.554687501'*) ;; *) false;; esac ||
  { echo "FAIL: --cue 5 --mode kthread gave $rc: $msg"; exit 1; }
[ -e "$tmp1/x.png" ] && { echo "FAIL: --cue 5 --mode kthread left a file"; exit 1; }
msg=$("$bin" shot "$root/scenarios/omap-stall.json" --cue 2 --select 1 -o "$tmp1/x.png" 2>&1); rc=$?
[ $rc = 2 ] && case "$msg" in *'--select 1: cue 2 selects CPU 0'*) ;; *) false;; esac ||
  { echo "FAIL: --cue 2 --select 1 gave $rc: $msg"; exit 1; }
# a cue that leaves out flavor/compare/select_cpu keeps what the cues before it set, as PgDn
# leaves the window: --cue 2 of a file whose cue 1 sets rcu_preempt and compare is the picture of
# the same cue spelling them out (it used to apply cue 2 alone: rcu_sched, one view)
cat >"$tmp1/inherit.json" <<'JSON'
{"name": "inherit", "cpus": 4, "duration_s": 1, "rcu": {"mode": "kthread", "flavors": ["rcu_sched", "rcu_preempt"]},
 "cues": [{"at_s": 0.2, "title": "one", "flavor": "rcu_preempt", "compare": true},
          {"at_s": 0.5, "title": "two", "select_cpu": 2}]}
JSON
sed 's/"select_cpu": 2}/"select_cpu": 2, "flavor": "rcu_preempt", "compare": true}/' "$tmp1/inherit.json" >"$tmp1/explicit.json"
grep -q '"compare": true}]' "$tmp1/explicit.json" || { echo "FAIL: explicit.json was not written"; exit 1; }
"$bin" shot "$tmp1/inherit.json" --cue 2 --size 640x360 -o "$tmp1/inh.png" &&
  "$bin" shot "$tmp1/explicit.json" --cue 2 --size 640x360 -o "$tmp1/exp.png" &&
  cmp -s "$tmp1/inh.png" "$tmp1/exp.png" || { echo "FAIL: shot --cue 2 does not keep cue 1's flavor and compare"; exit 1; }
# an option against what an earlier cue set is refused, naming that cue
msg=$("$bin" shot "$tmp1/inherit.json" --cue 2 --flavor rcu_sched -o "$tmp1/x.png" 2>&1); rc=$?
[ $rc = 2 ] && case "$msg" in *'--flavor rcu_sched: cue 2 shows rcu_preempt (as cue 1 set it)'*) ;; *) false;; esac ||
  { echo "FAIL: --cue 2 --flavor rcu_sched gave $rc: $msg"; exit 1; }
rm -rf "$tmp1"
for t in Xvfb xdotool import convert; do
  command -v $t >/dev/null || { echo "SKIP: $t not installed (apt-get install -y xvfb xdotool imagemagick)"; exit 0; }
done
[ -x "$bin" ] || { echo "FAIL: $bin is not built"; exit 1; }
work=$(mktemp -d); apid=""; xpid=""
out=${LECTURE_OUT:-$work/shots}
mkdir -p "$out"
cleanup() { [ -n "$apid" ] && kill "$apid" 2>/dev/null; [ -n "$xpid" ] && kill "$xpid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
. "$(dirname "$0")/lib/xvfb.sh"
start_xvfb "$work" ${size}x24 || { xvfb_unavailable "$work"; exit $?; }
export DISPLAY=:$d XDG_CONFIG_HOME="$work/config" XDG_PICTURES_DIR="$work"
total=0
# `make test` plays omap-stall only (short); LECTURE_FULL=1 adds hackbench and tree
scens="omap-stall"; [ -n "${LECTURE_FULL:-}" ] && scens="omap-stall hackbench tree"
for scen in $scens; do
  ncues=$(grep -c '"title":' "$root/scenarios/$scen.json")
  "$bin" "$root/scenarios/$scen.json" >"$work/$scen.log" 2>&1 & apid=$!
  win=""
  for i in $(seq 100); do
    win=$(xdotool search --onlyvisible --name "^rcuvis - $scen$" 2>/dev/null | tail -1)
    [ -n "$win" ] && break
    kill -0 $apid 2>/dev/null || break
    sleep 0.1
  done
  [ -n "$win" ] || { echo "FAIL: no window for $scen"; cat "$work/$scen.log"; exit 1; }
  # the title is UTF-8-clean ASCII (the old "rcuvis â€”" mojibake) and _NET_WM_NAME is set
  name=$(xdotool getwindowname "$win")
  case "$name" in "rcuvis - $scen") ;; *) echo "FAIL: window title \"$name\""; exit 1;; esac
  # SDL may re-create the window for its renderer: use it once it has settled
  win=$(settled_window $apid "^rcuvis - $scen\$") || { echo "FAIL: the $scen window went away"; cat "$work/$scen.log"; exit 1; }
  # presentation mode, the pointer out of the way (no hover tip in the pictures), then the cues
  xdotool key --window "$win" F5
  xdotool mousemove --window "$win" 2 2
  prev=""
  for n in $(seq "$ncues"); do
    xdotool key --window "$win" Next
    f="$out/$scen-cue$n.png"
    # the cue's seek arrives over frames: take the picture once it has stopped changing
    still_picture "$win" "$f" || { echo "FAIL: no screenshot for $scen cue $n"; exit 1; }
    colors=$(convert "$f" -format %k info:)
    [ "${colors:-0}" -gt 20 ] || { echo "FAIL: $scen cue $n is blank"; exit 1; }
    if [ -n "$prev" ] && cmp -s "$prev" "$f"; then echo "FAIL: $scen cue $n looks the same as cue $((n-1))"; exit 1; fi
    prev=$f
    total=$((total+1))
  done
  kill -0 $apid 2>/dev/null || { echo "FAIL: rcuvis exited during the $scen lecture"; cat "$work/$scen.log"; exit 1; }
  xdotool key --window "$win" ctrl+q
  quit_guarded $apid || { echo "FAIL: Ctrl+Q did not quit (still running 60 s later)"; exit 1; }
  wait $apid; apid=""
  release_keys ctrl q   # if the window quit before xdotool let go of them (lib/xvfb.sh)
done
echo "ok: lecture at $size, $total cue screenshots${LECTURE_OUT:+ in $out}"
