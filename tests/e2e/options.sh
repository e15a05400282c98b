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
# an option's value that is the next option: "--theme --at 1" said "unexpected argument '1'", "-o --at 1"
# named the picture --at, and run's "--trace --json" wrote a file named --json and no JSON
refused "option --theme needs a value, got the option --at" -- "$bin" shot "$scn" --theme --at 1 -o "$tmp/x.png"
refused "option -o needs a value, got the option --at" -- "$bin" shot "$scn" -o --at 1
# in $tmp, where a binary that takes --json for the file name leaves it (not in the caller's folder)
abs_bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin"); abs_scn=$(cd "$(dirname "$scn")" && pwd)/$(basename "$scn")
refused "option '--trace' needs a value, got the option '--json'" -- env -C "$tmp" "$abs_bin" run "$abs_scn" --trace --json
[ ! -e "$tmp/--json" ] || fail "run --trace --json wrote a file named --json"
# "--" ends shot's options as it ends run's: a scenario whose name starts with a dash
cp "$scn" "$tmp/-dash.json"
"$bin" shot --at 1 -o "$tmp/x.png" -- "$tmp/-dash.json" >"$tmp/out" 2>"$tmp/err" && [ -s "$tmp/x.png" ] \
  || fail "shot ... -- FILE: exit $?: $(head -2 "$tmp/err")"
refused "unexpected argument" -- "$bin" shot --at 1 -o "$tmp/x.png" -- "$scn" "$scn"
# what the flag's parser takes, the scenario gets as that number ("0004" was then refused as a string)
"$bin" shot "$scn" --at 0.1 --cpus 0004 -o "$tmp/c4.png" >"$tmp/out" 2>"$tmp/err" || fail "shot --cpus 0004: exit $?: $(head -2 "$tmp/err")"
"$bin" run "$scn" --duration .5 --cpus 0004 >"$tmp/out" 2>"$tmp/err" && grep -q "^simulated 0.500 s" "$tmp/out" \
  || fail "run --duration .5 --cpus 0004: $(head -2 "$tmp/err")"
refused "--cpus: expected an integer from 1 to 4096" -- "$bin" run "$scn" --cpus " 4"
refused "--duration: expected a number" -- "$bin" run "$scn" --duration nan
refused "--scale: expected a number from 0.5 to 4" -- "$bin" --scale nan "$scn"
refused "--seed: expected an integer" -- "$bin" --seed 99999999999999999999 "$scn"
# --- seeds: run, shot, the window and reproduce take the scenario's whole range (a uint64_t) and
# refuse the same text in the same words (shot and the window stopped at 2^63-1)
seed_msg() { sed -E 's/^rcuvis: ((run|shot|reproduce): )?//; s/ \(see rcuvis run --help\)$//' "$tmp/err"; }
for v in 18446744073709551616 -1 abc 1.5 ""; do
  want="--seed: expected an integer from 0 to 18446744073709551615, got \"$v\""
  refused "$want" -- "$bin" run "$scn" --seed "$v"; m_run=$(seed_msg)
  refused "$want" -- "$bin" shot "$scn" --at 1 --seed "$v" -o "$tmp/x.png"; m_shot=$(seed_msg)
  refused "$want" -- "$bin" --seed "$v" "$scn"; m_win=$(seed_msg)
  refused "$want" -- "$bin" reproduce --seed "$v"; m_rep=$(seed_msg)
  [ "$m_run" = "$m_shot" ] && [ "$m_run" = "$m_win" ] && [ "$m_run" = "$m_rep" ] \
    || fail "--seed $v: different messages: run '$m_run', shot '$m_shot', window '$m_win', reproduce '$m_rep'"
done
"$bin" shot "$scn" --at 0.5 --seed 18446744073709551615 -o "$tmp/max.png" >"$tmp/out" 2>"$tmp/err" \
  || fail "shot --seed 2^64-1: exit $?: $(head -2 "$tmp/err")"
[ -s "$tmp/max.png" ] || fail "shot --seed 2^64-1 wrote no picture"
"$bin" run "$scn" --duration 0.1 --seed 18446744073709551615 --json >"$tmp/out" 2>"$tmp/err" || fail "run --seed 2^64-1: exit $?"
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["seed"] == 2**64 - 1' "$tmp/out" \
  || fail "run --seed 2^64-1: the report has another seed"
[ $failed -eq 0 ] && echo "options: all passed"
exit $failed
