#!/usr/bin/env bash
# shot_slides.sh — what a speaker preparing slides ran into next: shot and reproduce --html replacing any
#   file without a word, a --clean slide of a changed run not saying so and its text too small at
#   1920x1080, --cue with another --mode accepted, a clip over before it starts, rounded --at values,
#   SVG text without a generic font family.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/shot_slides.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
hb="$root/scenarios/hackbench.json"
tree="$root/scenarios/tree.json"
[ -x "$bin" ] || { echo "FAIL: $bin is not an executable"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
. "$(dirname "$0")/lib/checks.sh"
# svg_line FILE TEXT: one of the picture's text runs is exactly TEXT
svg_line() { python3 - "$1" "$2" <<'PY'
import sys, xml.etree.ElementTree as ET
texts = [''.join(t.itertext()) for t in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}text')]
sys.exit(0 if sys.argv[2] in texts else 1)
PY
}
small=(--size 640x360)

# --- 1. a still replaces only a picture of its own kind, and says what it wrote
printf 'my notes\nfor the talk\n' >"$tmp/notes.png"
expect_rc 2 "-o over a text file named .png" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/notes.png" &&
  err_has "rcuvis: shot: $tmp/notes.png is not a PNG picture: expected a file starting with the PNG signature" "-o notes.png" &&
  err_has 'found text starting "my notes"' "-o notes.png: what it found"
[ "$(cat "$tmp/notes.png")" = "$(printf 'my notes\nfor the talk')" ] || fail "-o notes.png: the notes were changed"
[ -z "$(ls -A "$tmp" | grep rcuvis-tmp)" ] || fail "-o notes.png: a temp file was left"
# refused before the simulation, not after it: a week of 4096 CPUs would take weeks to reach --at 600000
python3 - "$root/scenarios/big-machine.json" "$tmp/week.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d.update(name="week", duration_s=604800)
for k in ("captions", "expect", "$schema"): d.pop(k, None)
json.dump(d, open(sys.argv[2], "w"))
PY
expect_rc 2 "-o notes.png before a week's simulation" -- timeout 60 "$bin" shot "$tmp/week.json" --at 600000 -o "$tmp/notes.png" &&
  err_has "is not a PNG picture" "-o notes.png, checked first"
printf '<svg xmlns="http://www.w3.org/2000/svg"/>' >"$tmp/svg.png"
expect_rc 2 "-o x.png over an SVG" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/svg.png" && err_has 'found text starting "<svg' "-o x.png over an SVG"
printf 'notes' >"$tmp/notes.svg"
expect_rc 2 "-o over a text file named .svg" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/notes.svg" &&
  err_has "$tmp/notes.svg is not an SVG picture: expected a file starting with \"<?xml\" or \"<svg\"" "-o notes.svg"
[ "$(cat "$tmp/notes.svg")" = notes ] || fail "-o notes.svg: the notes were changed"
# a clip is no different: -o notes.gif over a text file is refused before a frame is drawn
printf 'notes' >"$tmp/notes.gif"
expect_rc 2 "a clip over a text file named .gif" -- "$bin" shot "$hb" --from 0.5 --to 0.51 --length 0.2 --fps 5 "${small[@]}" -o "$tmp/notes.gif" &&
  err_has "$tmp/notes.gif is not a GIF animation: expected a file starting with \"GIF87a\" or \"GIF89a\"" "-o notes.gif"
[ "$(cat "$tmp/notes.gif")" = notes ] || fail "-o notes.gif: the notes were changed"
[ -e "$tmp/notes-frames" ] && fail "-o notes.gif: a frame directory was made"
# what it writes, new or replaced, on stderr as a clip says it (stdout may be the picture: -o /dev/stdout)
expect_rc 0 "a new picture" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/a.png" && err_has "rcuvis: shot: wrote $tmp/a.png" "new picture"
[ -s "$tmp/out" ] && fail "a new picture: stdout is not empty"
expect_rc 0 "the same picture again" -- "$bin" shot "$hb" --at 2 "${small[@]}" -o "$tmp/a.png" && err_has "rcuvis: shot: replaced $tmp/a.png" "again"
: >"$tmp/empty.png"
expect_rc 0 "over an empty file" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/empty.png" && err_has "replaced $tmp/empty.png" "empty file"
[ "$(head -c 4 "$tmp/empty.png" | od -An -tx1 | tr -d ' \n')" = 89504e47 ] || fail "over an empty file: no PNG written"
# an SVG as editors save it (byte order mark, blank line, XML declaration) is one
printf '\357\273\277\n  <?xml version="1.0"?>\n<svg/>' >"$tmp/edited.svg"
expect_rc 0 "over an edited SVG" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/edited.svg" && err_has "replaced $tmp/edited.svg" "edited SVG"
# a symlink is written through when it leads to a picture, refused when it leads to something else
ln -s a.png "$tmp/link.png"
expect_rc 0 "through a link to a picture" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/link.png" && err_has "replaced $tmp/link.png" "link"
[ -L "$tmp/link.png" ] || fail "the link to a picture was replaced by a file"
echo "keep me" >"$tmp/keep.txt"; ln -s keep.txt "$tmp/tolist.png"
expect_rc 2 "through a link to notes" -- "$bin" shot "$hb" --at 1 "${small[@]}" -o "$tmp/tolist.png" && err_has "is not a PNG picture" "link to notes"
[ -L "$tmp/tolist.png" ] && [ "$(cat "$tmp/keep.txt")" = "keep me" ] || fail "a link to notes: the notes or the link changed"
# a pipe still gets the picture alone
"$bin" shot "$hb" --at 1 "${small[@]}" -o /dev/stdout 2>"$tmp/err" | cat >"$tmp/pipe.png"
[ "$(head -c 4 "$tmp/pipe.png" | od -An -tx1 | tr -d ' \n')" = 89504e47 ] || fail "-o /dev/stdout: no PNG came down the pipe"
err_has "rcuvis: shot: wrote /dev/stdout" "-o /dev/stdout"

# --- reproduce --html: the same rule for its page (a claim that takes a moment, --quick)
html=(reproduce --quick --only rcutorture-pipe)
echo "agenda" >"$tmp/r.html"
expect_rc 2 "--html over notes" -- "$bin" "${html[@]}" --html "$tmp/r.html" &&
  err_has "rcuvis: reproduce: --html: $tmp/r.html is not an HTML page: expected a file starting with \"<!DOCTYPE html>\" or \"<html>\", found text starting \"agenda\"" "--html over notes"
[ -s "$tmp/out" ] && fail "--html over notes: the claims ran before the refusal"
[ "$(cat "$tmp/r.html")" = agenda ] || fail "--html over notes: the notes were changed"
rm "$tmp/r.html"
expect_rc 0 "--html, new" -- "$bin" "${html[@]}" --html "$tmp/r.html" && err_has "rcuvis: reproduce: wrote $tmp/r.html" "--html new"
expect_rc 0 "--html, again" -- "$bin" "${html[@]}" --html "$tmp/r.html" && err_has "rcuvis: reproduce: replaced $tmp/r.html" "--html again"
# the page on stdout redirected to a file: that file is rcuvis's own output (refusing it as "not an
# HTML page" broke the command), written into rather than renamed over (util/safefile.h), and the page
# alone: the claims table goes to stderr then, as run's summary does beside --trace -
"$bin" "${html[@]}" --html /dev/stdout >"$tmp/own.html" 2>"$tmp/err"; rc=$?
[ $rc -eq 0 ] || fail "--html /dev/stdout > file: exit $rc: $(head -2 "$tmp/err")"
cmp -s "$tmp/own.html" "$tmp/r.html" || fail "--html /dev/stdout > file: the file is not the page alone"
grep -q '^CLAIM ' "$tmp/err" || fail "--html /dev/stdout: the claims table did not go to stderr"
printf '\n  <HTML><body>mine</body></HTML>\n' >"$tmp/upper.html"
expect_rc 0 "--html over <HTML>" -- "$bin" "${html[@]}" --html "$tmp/upper.html" && err_has "replaced $tmp/upper.html" "--html over <HTML>"

# --- 2a. a clean slide of a changed run says so in its title line, as the window's picture does
expect_rc 0 "clean slide of a changed run" -- "$bin" shot "$hb" --at 1 --compare --clean --set rcu.fast_no_hz=false --size 1280x720 -o "$tmp/ch.svg"
svg_line "$tmp/ch.svg" "changed: rcu.fast_no_hz=false" || fail "clean slide of a changed run: no \"changed: rcu.fast_no_hz=false\" in the picture"
expect_rc 0 "window picture of a changed run" -- "$bin" shot "$hb" --at 1 --compare --set rcu.fast_no_hz=false --size 1280x720 -o "$tmp/chw.svg"
svg_line "$tmp/chw.svg" "changed: rcu.fast_no_hz=false" || fail "the window's picture lost its badge"
expect_rc 0 "clean slide of the file's run" -- "$bin" shot "$hb" --at 1 --compare --clean --size 1280x720 -o "$tmp/file.svg"
grep -q ">changed: " "$tmp/file.svg" && fail "clean slide of the file's run says changed"
expect_rc 0 "clean slide with --mode" -- "$bin" shot "$hb" --at 1 --clean --mode softirq --size 1280x720 -o "$tmp/m.svg"
svg_line "$tmp/m.svg" "changed: mode=softirq" || fail "clean slide with --mode softirq: no \"changed: mode=softirq\""
# one panel of a changed run too: two accounting pictures side by side looked alike but for their numbers
expect_rc 0 "panel of a changed run" -- "$bin" shot "$hb" --at 1 --compare --panel accounting --set rcu.fast_no_hz=false --size 1280x720 -o "$tmp/pch.svg"
svg_line "$tmp/pch.svg" "changed: rcu.fast_no_hz=false" || fail "--panel picture of a changed run: no \"changed: rcu.fast_no_hz=false\""
expect_rc 0 "panel of the file's run" -- "$bin" shot "$hb" --at 1 --compare --panel accounting --size 1280x720 -o "$tmp/pfile.svg"
grep -q ">changed: " "$tmp/pfile.svg" && fail "--panel picture of the file's run says changed"
# a clean slide of a cue keeps the cue's title, as the presenting window's top bar does
expect_rc 0 "clean slide of a cue" -- "$bin" shot "$tree" --cue 4 --clean --size 1280x720 -o "$tmp/cue4.svg"
grep -q "One CPU holds the whole grace period" "$tmp/cue4.svg" || fail "clean slide of tree's cue 4: no cue title"
# one panel at a cue keeps the cue's words under it, as the whole picture does; --no-caption leaves them out
expect_rc 0 "panel at a cue" -- "$bin" shot "$hb" --cue 3 --panel timeline --size 1280x720 -o "$tmp/pcue.svg"
grep -q ">Two seconds in\." "$tmp/pcue.svg" || fail "--panel timeline --cue 3: no cue caption"
expect_rc 0 "panel at a cue, --no-caption" -- "$bin" shot "$hb" --cue 3 --panel timeline --no-caption --size 1280x720 -o "$tmp/pnocap.svg"
grep -q ">Two seconds in\." "$tmp/pnocap.svg" && fail "--panel timeline --cue 3 --no-caption: the caption is there"
expect_rc 2 "--no-caption on the window's picture" -- "$bin" shot "$hb" --cue 3 --no-caption --size 640x360 -o "$tmp/x.png" &&
  err_has "--no-caption goes with --clean (a slide) or --panel" "--no-caption without --clean or --panel"

# --- 2b. --clean without --scale: a 1280x720 slide's text scaled up to the picture
expect_rc 0 "clean 1920x1080" -- "$bin" shot "$hb" --at 1 --compare --clean --size 1920x1080 -o "$tmp/big.svg"
expect_rc 0 "clean 1280x720 at 1.5" -- "$bin" shot "$hb" --at 1 --compare --clean --size 1280x720 --scale 1.5 -o "$tmp/big15.svg"
cmp -s "$tmp/big.svg" "$tmp/big15.svg" || fail "--clean --size 1920x1080 is not --size 1280x720 --scale 1.5"
grep -q 'width="1920" height="1080"' "$tmp/big.svg" || fail "--clean --size 1920x1080: not 1920x1080 pixels"
expect_rc 0 "clean 1920x1080 at scale 1" -- "$bin" shot "$hb" --at 1 --compare --clean --size 1920x1080 --scale 1 -o "$tmp/big1.svg"
cmp -s "$tmp/big.svg" "$tmp/big1.svg" && fail "an explicit --scale 1 did not win over --clean's default"
# 1600x900 gives 1.25; 1000x1000 would give 0.78, and stays 1
expect_rc 0 "clean 1600x900" -- "$bin" shot "$hb" --at 1 --clean --size 1600x900 -o "$tmp/s125.svg"
expect_rc 0 "clean 1280x720 at 1.25" -- "$bin" shot "$hb" --at 1 --clean --size 1280x720 --scale 1.25 -o "$tmp/s125b.svg"
cmp -s "$tmp/s125.svg" "$tmp/s125b.svg" || fail "--clean --size 1600x900 is not --size 1280x720 --scale 1.25"
expect_rc 0 "clean 1000x1000" -- "$bin" shot "$hb" --at 1 --clean --size 1000x1000 -o "$tmp/sq.svg"
expect_rc 0 "clean 1000x1000 at 1" -- "$bin" shot "$hb" --at 1 --clean --size 1000x1000 --scale 1 -o "$tmp/sq1.svg"
cmp -s "$tmp/sq.svg" "$tmp/sq1.svg" || fail "--clean --size 1000x1000 is not at scale 1"
expect_rc 0 "shot --help" -- "$bin" shot --help && out_has "min(W/1280, H/720)" "shot --help on --clean's text scale"

# --- 3. --cue with a --mode the cue is not written for is refused, as --cue with --compare is
expect_rc 2 "--cue 5 --mode softirq" -- "$bin" shot "$tree" --cue 5 --mode softirq "${small[@]}" -o "$tmp/c.png" &&
  err_has "rcuvis: shot: --mode softirq: cue 5 is written for the scenario's own mode, kthread (3.7)" "--cue 5 --mode softirq" &&
  err_has "with --at 0.194004001 instead of --cue 5" "--cue 5 --mode softirq: the way out"
[ -e "$tmp/c.png" ] && fail "--cue 5 --mode softirq: a picture was written"
expect_rc 2 "--cue 5 --mode 3.6" -- "$bin" shot "$tree" --cue 5 --mode 3.6 "${small[@]}" -o "$tmp/c.png" && err_has "cue 5 is written for" "--mode 3.6"
expect_rc 0 "--cue 5 --mode kthread (its own)" -- "$bin" shot "$tree" --cue 5 --mode kthread "${small[@]}" -o "$tmp/c.png"
# an option given twice: the later one won without a word
expect_rc 2 "--at twice" -- "$bin" shot "$tree" --at 0.1 --at 0.2 "${small[@]}" -o "$tmp/twice.png" && err_has "rcuvis: shot: --at given twice; keep one" "--at twice"
# the same change spelt as an override is refused in the same words (it silenced the cue's caption)
rm -f "$tmp/c.png"
expect_rc 2 "--cue 5 --set rcu.mode=softirq" -- "$bin" shot "$tree" --cue 5 --set rcu.mode=softirq "${small[@]}" -o "$tmp/c.png" &&
  err_has "rcuvis: shot: --set rcu.mode=softirq: cue 5 is written for the scenario's own mode, kthread (3.7)" "--cue 5 --set rcu.mode=softirq"
[ -e "$tmp/c.png" ] && fail "--cue 5 --set rcu.mode=softirq: a picture was written"
expect_rc 0 "--cue 5 --set rcu.mode=kthread (its own)" -- "$bin" shot "$tree" --cue 5 --set rcu.mode=kthread "${small[@]}" -o "$tmp/c.png"
# beside --mode naming the cue's own kernel, the override is still checked
expect_rc 2 "--cue 5 --mode kthread --set rcu.mode=softirq" -- "$bin" shot "$tree" --cue 5 --mode kthread --set rcu.mode=softirq "${small[@]}" -o "$tmp/c.png" &&
  err_has "--set rcu.mode=softirq: cue 5 is written for" "--mode and --set together"
# --cpus twice is refused like --at twice (the later one won)
expect_rc 2 "--cpus twice" -- "$bin" shot "$tree" --at 0.1 --cpus 4 --cpus 8 "${small[@]}" -o "$tmp/c.png" && err_has "--cpus given twice; keep one" "--cpus twice"
# a cue that invites the change of mode takes it
python3 - "$tree" "$tmp/invites.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['cues'][4]['invites'] = ['mode']
json.dump(d, open(sys.argv[2], 'w'))
PY
expect_rc 0 "--cue 5 --mode softirq, invited" -- "$bin" shot "$tmp/invites.json" --cue 5 --mode softirq "${small[@]}" -o "$tmp/inv.png"

# --- 4. a clip without --length plays at the window's pace, 1/100, held between 5 and 30 s, and says so
# before any frame is drawn: the span in real time made tree's 31.5 ms grace period 3 frames (0.12 s),
# and the warning came after "wrote x.gif", once the useless clip existed
frames_in() { find "$1" -name 'frame-*.png' | wc -l; }
# line_before TEXT1 TEXT2: stderr says TEXT1 on an earlier line than TEXT2
line_before() { python3 - "$tmp/err" "$1" "$2" <<'PY'
import sys
lines = open(sys.argv[1]).read().splitlines()
at = lambda t: next((i for i, l in enumerate(lines) if t in l), None)
a, b = at(sys.argv[2]), at(sys.argv[3])
sys.exit(0 if a is not None and b is not None and a < b else 1)
PY
}
expect_rc 0 "a 31.5 ms clip" -- "$bin" shot "$tree" --from 0.163 --to 0.1945 --panel tree --size 320x200 -o "$tmp/blink/" &&
  err_has "rcuvis: shot: a 5 s clip (125 frames at 25 fps) without --length: 0.0315 s of simulated time at 1/159 speed, not the window's 1/100 speed, which would be over in 3.15 s; --length SECONDS sets another" "short span" &&
  { [ "$(frames_in "$tmp/blink")" = 125 ] || fail "a 31.5 ms clip: $(frames_in "$tmp/blink") frames, not 5 s at 25 fps"; } &&
  { line_before "a 5 s clip" "125 frames (320x200" || fail "the clip's length is said after its frames: $(cat "$tmp/err")"; }
expect_rc 0 "a 100 ms clip" -- "$bin" shot "$tree" --from 0.1 --to 0.2 --fps 2 --panel tree --size 320x200 -o "$tmp/window/" &&
  err_has "rcuvis: shot: a 10 s clip (20 frames at 2 fps) without --length: 0.1 s of simulated time at 1/100 speed, the window's; --length SECONDS sets another" "the window's pace" &&
  { [ "$(frames_in "$tmp/window")" = 20 ] || fail "a 100 ms clip: $(frames_in "$tmp/window") frames"; }
expect_rc 0 "a clip of 1 s" -- "$bin" shot "$tree" --from 0.5 --to 1.5 --fps 2 --panel tree --size 320x200 -o "$tmp/second/" &&
  err_has "rcuvis: shot: a 30 s clip (60 frames at 2 fps) without --length: 1 s of simulated time at 1/30 speed, not the window's 1/100 speed, which would take 100 s; --length SECONDS sets another" "long span" &&
  { [ "$(frames_in "$tmp/second")" = 60 ] || fail "a clip of 1 s: $(frames_in "$tmp/second") frames"; }
expect_rc 0 "the same clip with --length" -- "$bin" shot "$tree" --from 0.163 --to 0.1945 --panel tree --size 320x200 --length 0.2 --fps 10 -o "$tmp/given/" &&
  err_lacks "without --length" "--length given" && err_lacks "warning" "--length given"
# into a clip file: the length is said before the frames, and so before "wrote"
cat >"$tmp/fake-ffmpeg" <<'SH'
#!/bin/sh
for a; do out=$a; done
printf 'GIF89a' >"$out"
SH
chmod +x "$tmp/fake-ffmpeg"
RCUVIS_FFMPEG="$tmp/fake-ffmpeg" expect_rc 0 "a 31.5 ms GIF" -- "$bin" shot "$tree" --from 0.163 --to 0.1945 --fps 10 --panel tree --size 320x200 -o "$tmp/blink.gif" &&
  { line_before "a 5 s clip (50 frames at 10 fps)" "wrote $tmp/blink.gif" || fail "a GIF's length is said after it was written: $(cat "$tmp/err")"; }

# --- 5. a moment past the end is named as typed
expect_rc 2 "--at just past the end" -- "$bin" shot "$hb" --at 60.000000001 -o "$tmp/x.png" &&
  err_has "rcuvis: shot: --at 60.000000001 is after the end of the run (60 s)" "--at 60.000000001"
expect_rc 2 "--to just past the end" -- "$bin" shot "$root/scenarios/omap-stall.json" --from 89 --to 90.0000001 -o "$tmp/y/" &&
  err_has "--to 90.0000001 is after the end of the run (90 s)" "--to 90.0000001"

# --- 6. SVG text names a generic family after DejaVu, for a viewer without it
expect_rc 0 "an SVG with a kernel log" -- "$bin" shot "$root/scenarios/omap-stall.json" --at 80.5 --size 960x540 -o "$tmp/f.svg"
python3 - "$tmp/f.svg" <<'PY' || fail "SVG font families"
import sys, xml.etree.ElementTree as ET
fams = {t.get('font-family') for t in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}text')}
assert fams == {'DejaVu Sans, sans-serif', 'DejaVu Sans Mono, monospace'}, fams
PY

[ $failed -eq 0 ] && echo "shot_slides: all passed"
exit $failed
