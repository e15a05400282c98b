#!/usr/bin/env bash
# options.sh — every number given as an option is parsed strictly (issue 11, defect 7): exit 2 and a
# message naming the option for nan, inf, overflow, trailing junk, out of range; never a picture at t=0.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/options.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
scn="$root/scenarios/small-busy.json"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
failed=0
fail() { echo "FAIL: $*"; failed=1; }
# refused WANT_IN_STDERR -- COMMAND...: exit 2, stderr names the option, no picture written
refused() {
  local want=$1; shift 2
  rm -f "$tmp/x.png"
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ $rc -eq 2 ] || fail "$*: exit $rc, wanted 2"
  grep -qF -- "$want" "$tmp/err" || fail "$*: stderr lacks '$want': $(head -2 "$tmp/err")"
  [ ! -e "$tmp/x.png" ] || fail "$*: wrote a picture anyway"
}
for v in nan inf -inf 1e10 0x10 " 1" 1x; do
  refused "--at: expected a number" -- "$bin" shot "$scn" --at "$v" -o "$tmp/x.png"
done
refused "--scale: expected a number from 0.5 to 4" -- "$bin" shot "$scn" --at 1 --scale nan -o "$tmp/x.png"
refused "--seed: expected an integer" -- "$bin" shot "$scn" --at 1 --seed 99999999999999999999 -o "$tmp/x.png"
refused "--size: expected WIDTHxHEIGHT" -- "$bin" shot "$scn" --at 1 --size 320x200x -o "$tmp/x.png"
refused "(the scenario has 4 CPUs), got 4" -- "$bin" shot "$scn" --at 1 --select 4 -o "$tmp/x.png"
refused "--at 500 is after the end of the run" -- "$bin" shot "$scn" --at 500 -o "$tmp/x.png"
refused "--cpus: expected an integer from 1 to 4096" -- "$bin" run "$scn" --cpus " 4"
refused "--duration: expected a number" -- "$bin" run "$scn" --duration nan
refused "--scale: expected a number from 0.5 to 4" -- "$bin" --scale nan "$scn"
refused "--seed: expected an integer" -- "$bin" --seed 99999999999999999999 "$scn"
[ $failed -eq 0 ] && echo "options: all passed"
exit $failed
