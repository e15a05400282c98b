#!/usr/bin/env bash
# xvfb_smoke.sh — the real window under Xvfb: starts, takes keys (Space, ?, F12), stays alive, draws a non-blank picture.
#   RCUVIS_BIN=build/rcuvis tests/e2e/xvfb_smoke.sh
set -u
bin=${RCUVIS_BIN:-build/rcuvis}
for t in Xvfb xdotool import; do
  command -v $t >/dev/null || { [ "${CI:-}" = true ] && { echo "FAIL: $t not installed: make deps-test should have installed it"; exit 1; }; echo "SKIP: $t not installed (apt-get install -y xvfb xdotool imagemagick)"; exit 0; }
done
[ -x "$bin" ] || { echo "FAIL: $bin is not built"; exit 1; }
# no display answering: exit 1 with a message, not the window running unseen in SDL's offscreen
# driver for ever (a monkey run waited an hour for it). The timeout only stops that hang.
for disp in :65000 unset; do
  if [ $disp = unset ]; then out=$(env -u DISPLAY timeout 120 "$bin" 2>&1); else out=$(DISPLAY=$disp timeout 120 "$bin" 2>&1); fi; rc=$?
  [ $rc -eq 1 ] && printf '%s' "$out" | grep -q "cannot open a window" \
    || { echo "FAIL: DISPLAY=$disp: exit $rc (1 and 'cannot open a window' wanted): $out"; exit 1; }
done
echo "ok: without a display the window says so and exits 1"
work=$(mktemp -d); apid=""; xpid=""
cleanup() { [ -n "$apid" ] && kill "$apid" 2>/dev/null; [ -n "$xpid" ] && kill "$xpid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
# a free display number: no socket and no lock file
. "$(dirname "$0")/lib/xvfb.sh"
start_xvfb "$work" 1400x900x24 || { xvfb_unavailable "$work"; exit $?; }
export DISPLAY=:$d XDG_CONFIG_HOME="$work/config" XDG_PICTURES_DIR="$work"
(cd "$work" && exec "$bin") >"$work/app.log" 2>&1 & apid=$!
# wait for the window to be mapped
win=""
while :; do   # as long as rcuvis lives (no time limit: the machine's speed is not under test)
  win=$(xdotool search --name '^rcuvis' 2>/dev/null | head -1)
  [ -n "$win" ] && break
  kill -0 $apid 2>/dev/null || break
  sleep 0.1
done
if [ -z "$win" ]; then echo "FAIL: no rcuvis window appeared"; cat "$work/app.log"; exit 1; fi
# SDL may re-create the window for its renderer: look it up again once it has been mapped
while kill -0 $apid 2>/dev/null && [ -z "$(xdotool search --onlyvisible --name '^rcuvis' 2>/dev/null)" ]; do sleep 0.1; done
win=$(xdotool search --onlyvisible --name '^rcuvis' 2>/dev/null | tail -1)
# the title is plain ASCII ("rcuvis - NAME"), so no window manager shows mojibake
case "$(xdotool getwindowname "$win")" in "rcuvis - "*) ;; *) echo "FAIL: title \"$(xdotool getwindowname "$win")\""; exit 1;; esac
for k in space question Escape space Right F12; do xdotool key --window "$win" $k; done
# F12 is the last key: once its picture exists every key before it was handled and frames drawn
while kill -0 $apid 2>/dev/null && ! ls "$work"/rcuvis-*-t*s.png >/dev/null 2>&1; do sleep 0.1; done
kill -0 $apid 2>/dev/null || { echo "FAIL: rcuvis exited after the keys"; cat "$work/app.log"; exit 1; }
# the frame that saved F12 may not have reached the X server yet on a loaded machine (seen under a
# load of 15): nudge it with a key and look again, for as long as rcuvis lives (a condition, not a
# time limit: a slow machine is slow, not broken)
colors=0
while kill -0 $apid 2>/dev/null; do
  import -window root "$work/shot.png" 2>/dev/null || { echo "FAIL: import could not take a screenshot"; exit 1; }
  colors=$(convert "$work/shot.png" -format %k info:)
  [ "${colors:-0}" -gt 20 ] && break
  xdotool key --window "$win" Escape
done
[ "${colors:-0}" -gt 20 ] || { echo "FAIL: the screenshot has only ${colors:-0} colours (blank window?)"; exit 1; }
# F12 saved a PNG named after the scenario, mode, flavor and time, into XDG_PICTURES_DIR
f12=$(ls "$work"/rcuvis-*-rcu_*-t*s.png 2>/dev/null | head -1)
[ -n "$f12" ] || { echo "FAIL: F12 did not save rcuvis-<scenario>-<mode>-<flavor>-t<time>s.png"; ls "$work"; exit 1; }
shot_colors=$(convert "$f12" -format %k info:)
[ "${shot_colors:-0}" -gt 20 ] || { echo "FAIL: the F12 picture is blank"; exit 1; }
t0=$(date +%s%N)
xdotool key --window "$win" ctrl+q
quit_guarded $apid || { echo "FAIL: Ctrl+Q did not quit (still running 60 s later)"; exit 1; }
wait $apid; rc=$?; apid=""
echo "NOTE Ctrl+Q to exit: $(( ($(date +%s%N) - t0) / 1000000 )) ms (printed, not asserted: see monkey.sh)"
[ $rc -eq 0 ] || { echo "FAIL: exit status $rc"; cat "$work/app.log"; exit 1; }
case $(basename "$f12") in rcuvis-small-busy-*) ;; *) echo "FAIL: the window did not open the default scenario small-busy ($(basename "$f12"))"; exit 1;; esac
echo "ok: window alive after keys, $colors colours on screen, F12 saved $(basename "$f12")"
