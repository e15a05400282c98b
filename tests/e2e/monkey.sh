#!/usr/bin/env bash
# monkey.sh — the real window under Xvfb takes seeded random keys, clicks, wheel turns and drags on
# every shipped scenario: no sanitizer report, no crash, RSS within a budget, and Ctrl+Q still quits.
#   RCUVIS_BIN=build-asan/rcuvis RCUVIS_ROOT=. bash tests/e2e/monkey.sh
#   MONKEY_EVENTS=N (per scenario, default 180; `make soak` uses 20000), MONKEY_SEED, MONKEY_RSS_MB
# (180 and not more in `make test`, ~2,200 over the twelve scenarios as 200 were over eleven: the ASan
# window's CPU follows the events sent, ~50 ms each, and at 400 the monkey was a quarter of the tests'
# CPU; the soak is where length finds things)
# Prefers the ASan build (build-asan/rcuvis) when it exists beside the given binary's tree.
# Timing is printed, never asserted: how long Ctrl+Q took is a NOTE (the guarantee that input is
# read within a frame's budget is tested on a virtual clock in tests/app/test_responsive.c).
set -u
root=${RCUVIS_ROOT:-.}
bin=${RCUVIS_BIN:-build/rcuvis}
[ -x "$root/build-asan/rcuvis" ] && [ -z "${MONKEY_NO_ASAN:-}" ] && bin="$root/build-asan/rcuvis"
events=${MONKEY_EVENTS:-180}; seed=${MONKEY_SEED:-1}; rss_budget=${MONKEY_RSS_MB:-3072}
for t in Xvfb xdotool python3; do
  command -v $t >/dev/null || { echo "SKIP: $t not installed"; exit 0; }
done
[ -x "$bin" ] || { echo "FAIL: $bin is not built"; exit 1; }
bin=$(realpath "$bin")
work=$(mktemp -d); apid=""; xpid=""
cleanup() { [ -n "$apid" ] && kill -9 "$apid" 2>/dev/null; [ -n "$xpid" ] && kill "$xpid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
. "$(dirname "$0")/lib/xvfb.sh"
start_xvfb "$work" 1400x900x24 || { xvfb_unavailable "$work"; exit $?; }
export DISPLAY=:$d XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_PICTURES_DIR="$work/pics" RCUVIS_DATA="$root"
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
mkdir -p "$work/pics"
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# The process's window as it is now: SDL may replace its first X window while it sets up the renderer
# (an accelerated renderer on a window created without OpenGL is recreated), so an id found early can
# die under us; events and Ctrl+Q go to the newest window the process has (ids grow).
current_win() { xdotool search --all --pid "$1" --name '^rcuvis' 2>/dev/null | sort -n | tail -1; }
total=0

for scn in "$root"/scenarios/*.json; do
  name=$(basename "$scn" .json)
  [ "$name" = schema ] && continue
  for attempt in 1 2; do
    (cd "$work" && exec "$bin" "$scn") >"$work/$name.log" 2>&1 & apid=$!
    win=""
    while kill -0 $apid 2>/dev/null; do   # as long as it lives: no time limit on a slow machine
      # this process's window (_NET_WM_PID): a window of an earlier attempt may still be listed
      win=$(current_win $apid)
      [ -n "$win" ] && break
      sleep 0.1
    done
    [ -n "$win" ] && break
    wait $apid
    # the X server did not answer (seen under a load of 15): the machine's trouble, tried once more
    grep -q "cannot open a window" "$work/$name.log" && [ $attempt = 1 ] || break
    echo "NOTE monkey $name: the window did not open ($(grep -m1 'cannot open a window' "$work/$name.log")); starting it again"
  done
  if [ -z "$win" ]; then fail "$name: no window"; tail -20 "$work/$name.log"; apid=""; continue; fi
  # the events, seeded: batches of xdotool commands (one process per batch keeps it fast); a click
  # waits 12 ms after itself as a key does (xdotool's default for click is 100 ms, which made the
  # clicks two thirds of the monkey's time while the window drew the same picture)
  # (WIN in a batch stands for the window id, looked up again as each batch is sent)
  python3 - "$seed" "$name" "$events" WIN "$work/keys" >"$work/events" <<'PY'
import random, sys, zlib
seed, name, n, win = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
r = random.Random(seed * 1000003 + zlib.crc32(name.encode()))
keys = ("space Right Left Up Down Home End plus minus bracketleft bracketright comma period Tab Return "
        "Escape question F1 F12 BackSpace slash 1 2 3 4 5 6 7 8 9 0 a b c d e f g h i j k l m n o p q r s t u v w x y z "
        "shift+Right shift+Left shift+Tab").split()
open(sys.argv[5], "w").write(" ".join(keys))  # what release_keys lets go of after each batch
batch = []
for i in range(n):
    x, y = r.randrange(0, 1400), r.randrange(0, 860)
    k = r.random()
    if k < 0.45:   batch.append("key --window %s %s" % (win, r.choice(keys)))
    elif k < 0.70: batch.append("mousemove --window %s %d %d click --delay 12 1" % (win, x, y))
    elif k < 0.82: batch.append("mousemove --window %s %d %d click --delay 12 %d" % (win, x, y, r.choice((4, 5))))
    else:
        x2, y2 = r.randrange(0, 1400), r.randrange(0, 860)
        batch.append("mousemove --window %s %d %d mousedown 1 mousemove --window %s %d %d mouseup 1" % (win, x, y, win, x2, y2))
    if len(batch) == 40 or i == n - 1:
        print(" ".join(batch)); batch = []
PY
  sent=0
  while read -r line; do
    kill -0 $apid 2>/dev/null || break
    w=$(current_win $apid); [ -n "$w" ] && win=$w
    # shellcheck disable=SC2086
    xdotool ${line//WIN/$win} 2>/dev/null
    # shellcheck disable=SC2046
    release_keys ctrl $(cat "$work/keys")   # any key of the batch, had xdotool died half-way through it (lib/xvfb.sh)
    sent=$((sent + 40))
  done <"$work/events"
  [ $sent -gt $events ] && sent=$events
  total=$((total + sent))
  if ! kill -0 $apid 2>/dev/null; then
    wait $apid; rc=$?; apid=""
    fail "$name: rcuvis died during the monkey (status $rc)"; grep -m5 -E "ERROR|runtime error|SUMMARY" "$work/$name.log"; tail -5 "$work/$name.log"
    continue
  fi
  rss=$(awk '/^VmRSS/ {print int($2/1024)}' /proc/$apid/status)
  [ "${rss:-0}" -le "$rss_budget" ] || fail "$name: RSS ${rss} MB above the budget of ${rss_budget} MB"
  # Ctrl+Q goes to the window; the process must end by itself (no kill)
  w=$(current_win $apid); [ -n "$w" ] && win=$w
  t0=$(date +%s%N)
  xdotool key --window "$win" ctrl+q 2>/dev/null   # its releases may find the window gone: BadWindow (release_keys below)
  # a window that ignores Ctrl+Q fails here, not at the runner's one-hour limit; 60 s is a hang
  # guard far above anything a loaded machine takes (the time itself is printed, not judged)
  guard=$((SECONDS + 60))
  while kill -0 $apid 2>/dev/null && [ $SECONDS -lt $guard ]; do sleep 0.02; done
  if kill -0 $apid 2>/dev/null; then
    fail "$name: still running 60 s after Ctrl+Q"; kill -ABRT $apid; wait $apid; apid=""; tail -20 "$work/$name.log"; continue
  fi
  wait $apid; rc=$?; apid=""
  ms=$(( ($(date +%s%N) - t0) / 1000000 ))
  release_keys ctrl q   # when the window quit before xdotool let go of them (lib/xvfb.sh)
  [ $rc -eq 0 ] || fail "$name: exit status $rc after Ctrl+Q"
  if grep -qE "AddressSanitizer|LeakSanitizer|runtime error:" "$work/$name.log"; then
    fail "$name: sanitizer report"; grep -m10 -E "ERROR|runtime error|SUMMARY|#[0-9] " "$work/$name.log"
  fi
  echo "NOTE monkey $name: $sent events, RSS ${rss} MB, Ctrl+Q to exit ${ms} ms"
done
[ $failed -eq 0 ] && echo "monkey: $total events on every scenario ($(basename "$(dirname "$bin")")/rcuvis), no sanitizer report, all quit on Ctrl+Q"
exit $failed
