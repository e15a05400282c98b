#!/usr/bin/env bash
# shot_talk.sh — what a speaker exporting slides ran into: CSV times exact enough to picture, --flavor, --set
#   and --cpus of shot, encoder messages that say what is on disk, precise -o and --cue messages.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/shot_talk.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
omap="$root/scenarios/omap-stall.json"
busy="$root/scenarios/small-busy.json"
[ -x "$bin" ] || { echo "FAIL: $bin is not an executable"; exit 1; }
case $bin in /*) ;; *) bin="$PWD/$bin" ;; esac # run below with another PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
. "$(dirname "$0")/lib/checks.sh"
svg_has() { python3 - "$1" "$2" <<'PY' || fail "$3: the picture lacks \"$2\""
import sys, xml.etree.ElementTree as ET
texts = [''.join(t.itertext()) for t in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}text')]
sys.exit(0 if any(sys.argv[2] in t for t in texts) else 1)
PY
}

# --- 1. every time column of every --csv kind to the nanosecond, so a row's moment can be pictured
expect_rc 0 "run --csv stalls" -- "$bin" run "$omap" --csv stalls
t=$(sed -n 2p "$tmp/out" | cut -d, -f1)
[ "$t" = 80.007812500 ] || fail "--csv stalls: t_s is $t, wanted 80.007812500 (the warning's exact time)"
named=$(python3 -c 'import csv,sys; r = list(csv.DictReader(open(sys.argv[1]))); print(r[0]["cpu_list"] + "|" + r[0]["pid_list"])' "$tmp/out")
[ "$named" = "0|" ] || fail "--csv stalls: cpu_list|pid_list is \"$named\", wanted \"0|\" (CPU 0 self-detected, no task)"
# a picture 1 ns past a row's time shows its event (at the row's time itself it has not happened yet)
at=$(python3 -c "import sys; s, f = sys.argv[1].split('.'); n = int(s) * 10**9 + int(f) + 1; print('%d.%09d' % divmod(n, 10**9))" "$t")
expect_rc 0 "shot at the stall row's time + 1 ns" -- "$bin" shot "$omap" --at "$at" --panel klog --size 960x540 -o "$tmp/klog.svg"
svg_has "$tmp/klog.svg" "self-detected stall" "the kernel log 1 ns past the CSV's stall time"
for kind in gps timeseries stalls; do
  args=(); [ $kind = timeseries ] && args=(--interval 0.0015625)
  expect_rc 0 "run --csv $kind" -- "$bin" run "$omap" --csv $kind --duration 85 "${args[@]}" || continue
  python3 - "$tmp/out" $kind <<'PY' || fail "--csv $kind: a time column is not to the nanosecond"
import csv, re, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='').read().splitlines(True)))
assert rows, 'no rows'
cols = [c for c in rows[0] if c.endswith('_s')]
assert cols, rows[0].keys()
for r in rows:
    for c in cols:
        assert r[c] == '' or re.fullmatch(r'\d+\.\d{9}', r[c]), (c, r[c])
PY
done

# --- 2. a flavor the scenario does not enable is refused, with the ones it has
expect_rc 2 "--flavor rcu_preempt on omap-stall" -- "$bin" shot "$omap" --at 80.007812501 --flavor rcu_preempt -o "$tmp/x.png" &&
  err_has "omap-stall.json does not enable rcu_preempt; it has rcu_sched and rcu_bh" "--flavor rcu_preempt"
[ -e "$tmp/x.png" ] && fail "--flavor rcu_preempt: a picture was written"
expect_rc 2 "--flavor rcu_preempt on an omap-stall clip" -- "$bin" shot "$omap" --from 1 --to 1.1 --fps 10 --flavor preempt -o "$tmp/fl/"
[ -e "$tmp/fl" ] && fail "--flavor rcu_preempt clip: frames were written"
expect_rc 0 "--flavor rcu_bh on omap-stall" -- "$bin" shot "$omap" --at 1 --flavor rcu_bh --clean --size 960x540 -o "$tmp/bh.svg"
svg_has "$tmp/bh.svg" "rcu_bh" "--flavor rcu_bh slide"

# --- 3. --set and --cpus, as run and the window take them, in stills, clips and compare
expect_rc 0 "shot --help" -- "$bin" shot --help
grep -qF -- "--set PATH=VALUE" "$tmp/out" && grep -qF -- "--cpus N" "$tmp/out" || fail "shot --help lacks --set or --cpus"
expect_rc 0 "still with --cpus and --set" -- "$bin" shot "$busy" --at 1 --cpus 16 --set rcu.fanout_leaf=4 --panel tree --size 960x540 -o "$tmp/t16.svg"
svg_has "$tmp/t16.svg" "CPUs 12-15" "--cpus 16 --set rcu.fanout_leaf=4: the fourth leaf"
expect_rc 0 "compare clip with --cpus" -- "$bin" shot "$busy" --from 1 --to 1.01 --fps 10 --length 0.2 --compare --cpus 8 --size 640x360 -o "$tmp/c8/"
[ "$(ls "$tmp/c8" | wc -l)" -eq 2 ] || fail "compare clip with --cpus: $(ls "$tmp/c8" | wc -l) frames, wanted 2"
expect_rc 0 "compare still with --cpus and --set" -- "$bin" shot "$busy" --at 1 --compare --cpus 16 --set rcu.fanout_leaf=4 --panel tree --size 1280x720 -o "$tmp/c16.svg"
svg_has "$tmp/c16.svg" "CPUs 12-15" "compare --cpus 16 --set rcu.fanout_leaf=4: the fourth leaf"
expect_rc 2 "--cpus 0" -- "$bin" shot "$busy" --at 1 --cpus 0 -o "$tmp/x.png" && err_has 'rcuvis: shot: --cpus: expected an integer from 1 to 4096, got "0"' "--cpus 0"
expect_rc 2 "--set without =" -- "$bin" shot "$busy" --at 1 --set cpus -o "$tmp/x.png" && err_has 'rcuvis: shot: --set: expected PATH=VALUE, got "cpus"' "--set cpus"
expect_rc 2 "--set of an unknown key" -- "$bin" shot "$busy" --at 1 --set rcu.fanoutleaf=3 -o "$tmp/x.png" &&
  err_has 'rcuvis: shot: --set rcu.fanoutleaf=3: unknown key; did you mean "rcu.fanout_leaf"?' "--set unknown key"
expect_rc 2 "--cpus below a CPU the file names" -- "$bin" shot "$omap" --at 1 --cpus 1 -o "$tmp/x.png" && err_has "(cpus is set by --cpus 1)" "--cpus 1"
long=$(printf 'x%.0s' $(seq 1 140))
expect_rc 2 "--set too long to keep" -- "$bin" shot "$busy" --at 1 --set "name=$long" -o "$tmp/x.png" && err_has "at most 127 characters" "--set too long"
[ -e "$tmp/x.png" ] && fail "a refused --set/--cpus wrote a picture"

# --- 5. the encoder's messages say what to fix and what is on disk
RCUVIS_FFMPEG=/nonexistent expect_rc 2 "RCUVIS_FFMPEG names nothing" -- "$bin" shot "$omap" --from 1 --to 1.2 --fps 10 --length 0.5 --size 320x200 -o "$tmp/a.gif" &&
  { err_has "cannot run /nonexistent (No such file or directory), the encoder RCUVIS_FFMPEG names" "RCUVIS_FFMPEG=/nonexistent";
    grep -qF "Debian package" "$tmp/err" && fail "RCUVIS_FFMPEG=/nonexistent: the message sends the user to a package"; }
err_has "$tmp/a.gif was not written; $tmp/a-frames/ holds this run's 5 frames" "RCUVIS_FFMPEG=/nonexistent: what is on disk"
mkdir "$tmp/nopath"
PATH="$tmp/nopath" RCUVIS_FFMPEG= expect_rc 2 "no ffmpeg on PATH" -- "$bin" shot "$omap" --from 1 --to 1.2 --fps 10 --length 0.5 --size 320x200 -o "$tmp/b.gif" &&
  err_has "cannot run ffmpeg (No such file or directory): install the Debian package ffmpeg" "no ffmpeg on PATH"
printf '#!/bin/sh\nfor a; do last=$a; done\necho GIF89a made >"$last"\n' >"$tmp/ok-ffmpeg"; chmod +x "$tmp/ok-ffmpeg"
RCUVIS_FFMPEG="$tmp/ok-ffmpeg" expect_rc 0 "a clip" -- "$bin" shot "$omap" --from 1 --to 1.2 --fps 10 --length 1 --size 320x200 -o "$tmp/c.gif"
RCUVIS_FFMPEG=/bin/false expect_rc 2 "an encoder that fails" -- "$bin" shot "$omap" --from 1 --to 1.2 --fps 10 --length 0.3 --size 320x200 -o "$tmp/c.gif" &&
  err_has "/bin/false (RCUVIS_FFMPEG) failed (exit 1) encoding $tmp/c.gif; $tmp/c.gif was left unchanged and is still the earlier clip, while $tmp/c-frames/ now holds this run's 3 frames (replacing the 10 that were there), which that clip does not show" "failing encoder"
[ "$(cat "$tmp/c.gif")" = "GIF89a made" ] && [ "$(ls "$tmp/c-frames" | wc -l)" -eq 3 ] || fail "failing encoder: the disk is not as the message says"

# --- 6. precise -o and --cue messages
mkdir "$tmp/outdir"
for o in "$tmp/outdir/" "$tmp/outdir"; do
  expect_rc 2 "a still to -o $o" -- "$bin" shot "$omap" --at 1 -o "$o" &&
    err_has "-o $o: a directory is for a clip's frames (--from and --to); one picture goes to a file ending in .png or .svg" "-o $o"
done
expect_rc 2 "a still to -o x.gif" -- "$bin" shot "$omap" --at 1 -o "$tmp/x.gif" && err_has "a .gif file is a clip, made with --from and --to" "-o x.gif"
expect_rc 2 "a still to -o x.jpg" -- "$bin" shot "$omap" --at 1 -o "$tmp/x.jpg" && err_has "-o $tmp/x.jpg: expected a file ending in .png or .svg" "-o x.jpg"
grep -qF "directory/" "$tmp/err" && fail "-o x.jpg: the message still offers a directory"
for c in 0 7 abc; do
  expect_rc 2 "--cue $c" -- "$bin" shot "$omap" --cue $c -o "$tmp/x.png" &&
    err_has "rcuvis: shot: --cue: expected 1 to 6 (the lecture cues of $omap), got \"$c\"" "--cue $c"
done
# and lists them by name, as a speaker had to read the file to learn which stop was which
grep -qF "  6  at 80.0078125 s, compared: 6. 3.7: no warning" "$tmp/err" || fail "--cue abc: the cues are not listed: $(cat "$tmp/err")"

# --timeline: the panel spans what a long grace period needs (a 45 s stall was a sliver of 250 ms)
"$bin" shot "$omap" --at 80.01 --timeline 80 -o "$tmp/tl.svg" 2>"$tmp/err" || fail "--timeline 80: $(cat "$tmp/err")"
grep -qF '>window 80.0 s' "$tmp/tl.svg" || fail "--timeline 80: the timeline does not span 80 s: $(grep -o 'window [^<]*' "$tmp/tl.svg" | head -1)"
grep -qF '>GP 166<' "$tmp/tl.svg" || fail "--timeline 80: the stalled grace period's bar is not labelled"
expect_rc 2 "--timeline 0" -- "$bin" shot "$omap" --at 1 --timeline 0 -o "$tmp/x.png" && err_has "--timeline: expected a number from 0.001" "--timeline 0"
# a cue's timeline_s: omap-stall's cue 4 widens the timeline to the whole stalled grace period, cue 5
# (back at 4.55 s) narrows it again; --timeline given with --cue wins
for c in "4 90.0 s" "5 250 ms"; do
  set -- $c
  "$bin" shot "$omap" --cue $1 -o "$tmp/c.svg" 2>"$tmp/err" || fail "--cue $1: $(cat "$tmp/err")"
  grep -qF ">window $2 $3" "$tmp/c.svg" || fail "--cue $1: timeline $(grep -o '>window [^<]*' "$tmp/c.svg" | head -1), wanted $2 $3"
done
"$bin" shot "$omap" --cue 4 --timeline 20 -o "$tmp/c.svg" 2>"$tmp/err" && grep -qF '>window 20.0 s' "$tmp/c.svg" || fail "--cue 4 --timeline 20: the option did not win"

[ $failed -eq 0 ] && echo "shot_talk: all passed"
exit $failed
