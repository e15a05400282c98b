# xvfb.sh — sourced by the window tests: start Xvfb on a display number it picks itself.
#   start_xvfb WORKDIR WxHxD   sets xpid and d (the display number); returns 1 when Xvfb did not start
# -displayfd lets the server take the first free display and say which: two tests (or two
# helpers' test runs on one machine) starting at the same moment can no longer pick the same one,
# which made one of them SKIP. No time limit: a slow machine is slow, not broken.
# -noreset: an X server resets itself when its last client leaves, and a client that connects during
# the reset is refused. The readiness check below (or any xdotool call before the window connects)
# is such a last client: without -noreset the window then, now and then, found "no display
# answered" (seen in a fresh clone's `make test`, 2026-12-03, and in 1 of 3 xvfb_smoke runs). A server
# that names its display must also answer a client there; one that does not is stopped and another
# started (at most three, counted, never timed).
start_xvfb() {
  local try
  for try in 1 2 3; do
    : >"$1/xvfb.display"
    Xvfb -displayfd 3 -screen 0 "$2" -nolisten tcp -noreset 3>"$1/xvfb.display" >"$1/xvfb.log" 2>&1 & xpid=$!
    while ! grep -q '[0-9]' "$1/xvfb.display" 2>/dev/null && kill -0 "$xpid" 2>/dev/null; do sleep 0.1; done
    d=$(tr -cd '0-9' <"$1/xvfb.display")
    [ -n "$d" ] || return 1
    DISPLAY=:$d xdotool getdisplaygeometry >/dev/null 2>&1 && return 0
    echo "Xvfb on :$d does not answer (attempt $try); starting another" >>"$1/xvfb.log"
    kill "$xpid" 2>/dev/null; wait "$xpid" 2>/dev/null
  done
  return 1
}
# Xvfb would not start: a failure in CI (make deps-test installs it), a skip elsewhere.
xvfb_unavailable() {
  if [ "${CI:-}" = true ]; then echo "FAIL: Xvfb did not start: $(cat "$1/xvfb.log")"; return 1; fi
  echo "SKIP: Xvfb did not start: $(cat "$1/xvfb.log")"
}

# settled_window PID NAME_REGEX: print the id of PID's window once it has settled (SDL may re-create
# the window for its renderer): the same viewable id in five lookups in a row. A condition, not a
# fixed wait; returns 1 if the process dies first.
settled_window() {
  local pid=$1 re=$2 id="" same=0 w
  while kill -0 "$pid" 2>/dev/null; do
    w=$(xdotool search --onlyvisible --pid "$pid" --name "$re" 2>/dev/null | tail -1)
    if [ -n "$w" ] && [ "$w" = "$id" ]; then same=$((same+1)); else same=0; id=$w; fi
    [ -n "$id" ] && [ $same -ge 4 ] && { echo "$id"; return 0; }
    sleep 0.1
  done
  return 1
}

# still_picture WIN OUT.png: screenshot WIN into OUT.png once two screenshots in a row are the same
# (a cue's seek goes a slice per frame; the picture stops changing when it has arrived). Bounded
# only by the process living: a slow machine takes longer, and that is not a failure.
still_picture() {
  local win=$1 out=$2 last="$2.last.png"
  rm -f "$last"
  while import -window "$win" "$out" 2>/dev/null; do
    if [ -f "$last" ] && cmp -s "$last" "$out"; then rm -f "$last"; return 0; fi
    cp "$out" "$last"
    sleep 0.2
  done
  rm -f "$last"
  return 1
}

# quit_guarded PID: wait for PID to exit after Ctrl+Q. Returns 1 only if it is still running 60 s
# later: a hang guard far above anything a loaded machine takes, not a speed check (the time
# itself is printed by the callers, never judged).
quit_guarded() {
  local pid=$1 guard=$((SECONDS + 60))
  while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $guard ]; do sleep 0.05; done
  ! kill -0 "$pid" 2>/dev/null
}

# release_keys KEY...: let go of these keys on the X server itself. xdotool sends a key through XTEST
# when its window has the focus (with no window manager, the window under test), so the keys of `key
# --window W ctrl+q` are pressed on the server; when the window quits on the press (a fast frame makes
# that likely), xdotool's releases go to a dead window (BadWindow, and xdotool exits), and Control and
# Q stay held for every window after: the monkey's later windows read a plain `q` as Ctrl+Q and quit
# mid-run, or never saw the press of a Q already held and ignored their Ctrl+Q. A key that is not held
# ignores its release.
release_keys() { xdotool keyup --delay 0 "$@" 2>/dev/null; true; }
