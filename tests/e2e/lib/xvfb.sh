# xvfb.sh — sourced by the window tests: start Xvfb on a display number it picks itself.
#   start_xvfb WORKDIR WxHxD   sets xpid and d (the display number); returns 1 when Xvfb did not start
# -displayfd lets the server take the first free display and say which: two tests (or two
# helpers' test runs on one machine) starting at the same moment can no longer pick the same one,
# which made one of them SKIP. No time limit: a slow machine is slow, not broken.
start_xvfb() {
  : >"$1/xvfb.display"
  Xvfb -displayfd 3 -screen 0 "$2" -nolisten tcp 3>"$1/xvfb.display" >"$1/xvfb.log" 2>&1 & xpid=$!
  while ! grep -q '[0-9]' "$1/xvfb.display" 2>/dev/null && kill -0 "$xpid" 2>/dev/null; do sleep 0.1; done
  d=$(tr -cd '0-9' <"$1/xvfb.display")
  [ -n "$d" ]
}
# Xvfb would not start: a failure in CI (make deps-test installs it), a skip elsewhere.
xvfb_unavailable() {
  if [ "${CI:-}" = true ]; then echo "FAIL: Xvfb did not start: $(cat "$1/xvfb.log")"; return 1; fi
  echo "SKIP: Xvfb did not start: $(cat "$1/xvfb.log")"
}
