# checks.sh — the assertions the CLI e2e scripts share; source it after setting $tmp (a scratch
# directory) and failed=0. Each helper records a failure and goes on, so one run lists them all.

fail() { echo "FAIL: $*"; failed=1; }
# expect_rc WANT DESCRIPTION -- COMMAND...: run it, keep stdout/stderr in $tmp/out, $tmp/err
expect_rc() {
  local want=$1 what=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/  stderr: /' "$tmp/err" | head -5; return 1; }
}
err_has() { grep -qF -- "$1" "$tmp/err" || { fail "$2: stderr lacks '$1'"; sed 's/^/  stderr: /' "$tmp/err" | head -5; }; }
err_lacks() { grep -qF -- "$1" "$tmp/err" && fail "$2: stderr has '$1'"; }
out_lacks() { grep -qF -- "$1" "$tmp/out" && fail "$2: stdout has '$1'"; }
out_has() { grep -qF -- "$1" "$tmp/out" || { fail "$2: stdout lacks '$1'"; head -5 "$tmp/out" | sed 's/^/  stdout: /'; }; }
# err_at FILE MESSAGE DESCRIPTION: stderr has "FILE:LINE:COL: MESSAGE", a value's message with its place
err_at() {
  grep -F -- ": $2" "$tmp/err" | grep -F -- "$1:" | grep -qE -- ':[0-9]+:[0-9]+: ' ||
    { fail "$3: stderr lacks '$1:LINE:COL: $2'"; sed 's/^/  stderr: /' "$tmp/err" | head -5; }
}
