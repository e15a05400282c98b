#!/usr/bin/env bash
# export.sh — pictures and numbers for talks: clean/panel PNGs, SVG parsed back, CSV tables parsed back,
#   animation frames counted and sized, the HTML report parsed back; bad options exit 2.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/export.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
omap="$root/scenarios/omap-stall.json"
[ -x "$bin" ] || { echo "FAIL: $bin is not an executable"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
. "$(dirname "$0")/lib/checks.sh"
png_size() { python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); assert d[:8]==b'\x89PNG\r\n\x1a\n'; print('%dx%d'%struct.unpack('>II',d[16:24]))" "$1"; }

# --- slides
# small-busy compared where no caption speaks: the strip holds the window's note on the two kernels' RCU
# time (a picture of it had an empty strip), in a slide too
for clean in "" --clean; do
  expect_rc 0 "compare note $clean" -- "$bin" shot "$root/scenarios/small-busy.json" --at 7.96 --compare $clean --size 1280x720 -o "$tmp/note$clean.svg"
  grep -o '>[^<]*<' "$tmp/note$clean.svg" | tr -d '<>' | tr '\n' ' ' | grep -qF "Grace-period machinery per GP, sleep/wake aside" ||
    fail "small-busy compared at 7.96 s $clean: no compare note in the strip"
done
expect_rc 0 "clean compare slide" -- "$bin" shot "$omap" --at 80.5 --compare --clean -o "$tmp/clean.png"
[ "$(png_size "$tmp/clean.png" 2>/dev/null)" = 1600x900 ] || fail "clean slide is not a 1600x900 PNG"
expect_rc 0 "tree panel at 960x540" -- "$bin" shot "$omap" --at 80.5 --panel tree --size 960x540 -o "$tmp/tree.png"
[ "$(png_size "$tmp/tree.png" 2>/dev/null)" = 960x540 ] || fail "tree panel is not 960x540"
# one panel alone grows its text with the picture (it was one 11-px log line in an empty canvas);
# --scale still sets it: then the picture is WxH times the scale, at that density
for size in 960x540 1600x900; do
  expect_rc 0 "klog panel at $size" -- "$bin" shot "$omap" --at 80.5 --panel klog --size $size -o "$tmp/klog-$size.svg"
  python3 - "$tmp/klog-$size.svg" "${size%x*}" <<'PY' || fail "klog panel at $size: the log line is not big and whole"
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
w = int(sys.argv[2])
line = [t for t in root.iter('{http://www.w3.org/2000/svg}text') if ''.join(t.itertext()).startswith('INFO: rcu_sched self-detected stall')]
assert len(line) == 1, len(line)
t = line[0]
size, end = float(t.get('font-size')), float(t.get('x')) + float(t.get('textLength'))
assert size >= 16, 'font-size %g' % size
assert w * 0.6 < end <= w, 'the line ends at x=%g of %d' % (end, w)
PY
done
expect_rc 0 "klog panel with --scale 1" -- "$bin" shot "$omap" --at 80.5 --panel klog --size 960x540 --scale 1 -o "$tmp/klog-s1.svg"
grep -qF 'font-size="11"' "$tmp/klog-s1.svg" || fail "--scale 1 no longer keeps the panel's text at scale 1"
expect_rc 2 "unknown panel" -- "$bin" shot "$omap" --at 1 --panel nope -o "$tmp/x.png"
grep -qF -- "--panel: expected cpus, tree" "$tmp/err" || fail "unknown panel: message"

# --- a slide drops every scroll instruction, also under the tree (its driver line at 1280x720 needs 3 lines,
# and showed 1 and "▼ 2 more lines (scroll)"); the count-only cues of other panels stay
expect_rc 0 "compare slide at 1280x720" -- "$bin" shot "$omap" --at 80.04 --compare --clean --size 1280x720 -o "$tmp/c720.svg"
grep -qF "(scroll)" "$tmp/c720.svg" && fail "a clean slide says (scroll): $(grep -o '[^>]*(scroll)' "$tmp/c720.svg")"
grep -qF "more lines" "$tmp/c720.svg" && fail "the tree's driver line is cut to a 'more lines' cue: $(grep -o '[^>]*more lines[^<]*' "$tmp/c720.svg")"
# (the explanation wraps where the panel ends a line: its text runs are read joined)
grep -o '>[^<]*<' "$tmp/c720.svg" | tr -d '<>' | tr '\n' ' ' | grep -qF "3.6 forces only from a tick's softirq or call_rcu()" ||
  fail "the tree's driver line lost its explanation"

# --- vector: the SVG parses, has the slide's texts as <text>, and no controls
expect_rc 0 "clean compare slide as SVG" -- "$bin" shot "$omap" --at 80.5 --compare --clean -o "$tmp/clean.svg"
python3 - "$tmp/clean.svg" <<'PY' || fail "SVG check"
import sys, xml.etree.ElementTree as ET
ns = {'s': 'http://www.w3.org/2000/svg'}
root = ET.parse(sys.argv[1]).getroot()
assert root.get('width') == '1600' and root.get('height') == '900', root.attrib
texts = [''.join(t.itertext()) for t in root.iter('{http://www.w3.org/2000/svg}text')]
joined = '\n'.join(texts)
assert len(texts) > 100, len(texts)
for want in ['rcu_node tree', 'self-detected stall', '3.7 (kthread)', 'omap-stall']:
    assert want in joined, want
# each side narrates its own run: 3.6's stall caption must not stand for both sides (it took the whole
# strip once), and 3.7's caption from 80 s shows in its strip half; the strip shows both whole, so the
# timelines leave their captions lane out (it repeated each cut with "…"; the lane is checked below, in
# the timeline alone)
assert 'in 3.7 there is no stall warning' in joined, "3.7's caption is missing from the strip"
lanes = [t for t in texts if t.startswith('One interrupt wakes CPU 0')]
assert len(lanes) == 1, ("3.7's caption: in the strip only", lanes)
assert any(t.startswith('An interrupt woke CPU 0') for t in texts), "3.6's stall caption"
assert 'captions' not in texts, "a slide's timeline keeps the captions lane its strip repeats"
for control in ['▶ play', 'Compare', 'Open', 'wheel zooms']:
    assert control not in joined, control
fams = {t.get('font-family') for t in root.iter('{http://www.w3.org/2000/svg}text')}
assert fams <= {'DejaVu Sans, sans-serif', 'DejaVu Sans Mono, monospace'}, fams
# spaces are layout: xml:space="preserve" keeps them in every renderer (rsvg-convert ignores CSS
# white-space, and "[   80.007812] " became "[ 80.007812] " with the rest of the line shifted)
assert root.get('{http://www.w3.org/XML/1998/namespace}space') == 'preserve', root.attrib
assert '[   80.007812] ' in texts, [t for t in texts if '80.0078' in t]
# a slide tells nobody to press a key: the caption's "Press M for 3.7's kthread mode ..." goes,
# the rest of the caption stays; counts read in the singular when there is one
assert not any(t.startswith('Press ') or ' Press ' in t for t in texts), [t for t in texts if 'Press' in t]
# (a sentence may wrap: --clean's text scale, 1.25 at 1600x900, is a 1280x720 slide's scaled up)
assert 'a false alarm, since nothing was ever waiting.' in ' '.join(texts), 'the caption lost more than the instruction'
assert '1 line' in texts and '1 lines' not in texts, [t for t in texts if 'line' in t]
PY
# the timeline alone keeps its captions lane: 3.7's caption from 80 s in 3.7's lane (the lane once ended
# it at the file's next caption, 3.6's triggered stall caption, whose at_s is 0)
expect_rc 0 "compared timeline alone as SVG" -- "$bin" shot "$omap" --at 80.5 --compare --panel timeline -o "$tmp/tl.svg"
python3 - "$tmp/tl.svg" <<'PY' || fail "timeline SVG check"
import sys, xml.etree.ElementTree as ET
texts = [''.join(t.itertext()) for t in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}text')]
assert texts.count('captions') == 2, ("a captions lane on each side", texts.count('captions'))
assert any(t.startswith('One interrupt wakes CPU 0') for t in texts), "3.7's caption is missing from its lane"
PY
if command -v rsvg-convert >/dev/null; then   # the converter the README names for PDF reads it
  rsvg-convert -f pdf "$tmp/clean.svg" -o "$tmp/clean.pdf" 2>"$tmp/err" && [ -s "$tmp/clean.pdf" ] || fail "rsvg-convert -f pdf of the slide"
fi

# a slide's overflow cues keep their counts but lose "wheel scrolls" / "(scroll)": nothing to scroll
expect_rc 0 "clean kernel-build slide as SVG" -- "$bin" shot "$root/scenarios/kernel-build.json" --at 2 --clean --size 960x540 -o "$tmp/kb.svg"
python3 - "$tmp/kb.svg" <<'PY' || fail "clean slide: overflow cues"
import sys, xml.etree.ElementTree as ET
texts = [''.join(t.itertext()) for t in ET.parse(sys.argv[1]).getroot().iter('{http://www.w3.org/2000/svg}text')]
cues = [t for t in texts if t.startswith('▼ ')]
assert any('more row' in t for t in cues) and any('more line' in t for t in cues), cues
for t in texts:
    assert 'wheel' not in t and 'scroll' not in t and 'hover' not in t and 'click' not in t, t
PY

# one picture is a .png or an .svg: any other name is refused, nothing is written
expect_rc 2 "shot -o x.jpg" -- "$bin" shot "$omap" --at 1 -o "$tmp/x.jpg" &&
  grep -qxF "rcuvis: shot: -o $tmp/x.jpg: expected a file ending in .png or .svg" "$tmp/err" ||
  fail "shot -o x.jpg: message: $(cat "$tmp/err")"
[ -e "$tmp/x.jpg" ] && fail "shot -o x.jpg wrote a file"
expect_rc 2 "a clip's name without --from/--to" -- "$bin" shot "$omap" --at 1 -o "$tmp/x.gif"
[ -e "$tmp/x.gif" ] && fail "shot --at -o x.gif wrote a file"
# every error line carries the prefix, also the loader's second and third problem
printf '{"cpus": 2, "bogus": 1}\n' >"$tmp/bad.json"
expect_rc 2 "a scenario with three problems" -- "$bin" shot "$tmp/bad.json" --at 0 -o "$tmp/x.png"
[ "$(wc -l <"$tmp/err")" -ge 2 ] || fail "bad scenario: wanted several error lines: $(cat "$tmp/err")"
grep -v '^rcuvis: shot: ' "$tmp/err" && fail "an error line without \"rcuvis: shot: \""

# a symlinked target stays a symlink (util/safefile.h writes through it)
: >"$tmp/target.svg"; ln -s target.svg "$tmp/link.svg"
expect_rc 0 "SVG through a symlink" -- "$bin" shot "$omap" --at 1 -o "$tmp/link.svg"
[ -L "$tmp/link.svg" ] && [ -s "$tmp/target.svg" ] || fail "SVG: the symlink was replaced or its target not written"

# --- an exported picture has no "(no caption at this moment)": the window's prompt, noise on a slide.
# A cue without a caption (hotplug-like, compare from cue 1) leaves the strip empty; a single-view
# cue's caption pictured in compare speaks in its own half and the other half stays empty
cat >"$tmp/nocap.json" <<'JSON'
{"name": "nocap", "cpus": 4, "duration_s": 1, "rcu": {"mode": "kthread"},
 "cues": [{"at_s": 0.3, "title": "one", "compare": true}, {"at_s": 0.5, "title": "two", "select_cpu": 1},
          {"at_s": 0.7, "title": "three", "caption": "Only the 3.7 side speaks."}]}
JSON
for args in "--cue 2" "--cue 2 --clean" "--cue 3" "--cue 3 --clean"; do
  expect_rc 0 "shot $args of a cue without a caption" -- "$bin" shot "$tmp/nocap.json" $args --size 960x540 -o "$tmp/nocap.svg" || continue
  grep -q "no caption at this moment" "$tmp/nocap.svg" && fail "shot $args: the slide says \"(no caption at this moment)\""
done
grep -q "Only the 3.7 side speaks" "$tmp/nocap.svg" || fail "shot --cue 3 --clean: the cue's caption is not on the slide"

# --- numbers: every kind parses as RFC 4180 with a header row and units in the column names
"$bin" run "$omap" --json >"$tmp/report.json" 2>/dev/null || fail "run --json"
for kind in gps timeseries threads stalls; do
  expect_rc 0 "run --csv $kind" -- "$bin" run "$omap" --csv $kind
  cp "$tmp/out" "$tmp/$kind.csv"
done
python3 - "$tmp" <<'PY' || fail "CSV check"
import csv, sys, os
d = sys.argv[1]
def rows(k):
    raw = open(os.path.join(d, k + '.csv'), newline='').read()
    assert raw.endswith('\r\n'), k + ': lines end in CRLF'
    return list(csv.DictReader(raw.splitlines(True)))
import json
rep = json.load(open(os.path.join(d, 'report.json')))
ngp = rep['flavors']['rcu_sched']['grace_periods'] + rep['flavors']['rcu_bh']['grace_periods']
gps = rows('gps')
done = [r for r in gps if r['completed'] == 'true']
assert len(done) == ngp, (len(done), ngp)   # one row per grace period the report counts
assert len(gps) == ngp + 1, len(gps)        # ...plus the spurious one still open at the end
last = gps[-1]
assert last['flavor'] == 'rcu_sched' and last['completed'] == 'false' and last['end_s'] == '', last
for r in gps[:-1]:
    assert abs((float(r['end_s']) - float(r['start_s'])) * 1e6 - float(r['duration_us'])) < 0.01, r
    assert r['charged_to'] in ('softirq_at_irq_exit', 'ksoftirqd', 'gp_kthread', 'tick', 'rcuc', 'none'), r
ts = rows('timeseries')
assert len(ts) == 90 and float(ts[-1]['end_s']) == 90.0, len(ts)
assert sum(int(r['rcu_sched_gps']) for r in ts) == rep['flavors']['rcu_sched']['grace_periods']
assert all(float(r['rcu_cpu_us']) >= 0 for r in ts)
st = rows('stalls')
assert len(st) == len(rep['stalls']) >= 1 and st[0]['kind'] == 'self' and 'self-detected stall' in st[0]['message'], st
th = rows('threads')
assert {'name', 'kind', 'cpu_us', 'alive'} <= set(th[0]), th[0]
assert len(th) == len(rep['threads']), (len(th), len(rep['threads']))
PY
# a phase's task sums one task per CPU: the threads table says how many (small-busy's worker on 4 CPUs)
expect_rc 0 "run --csv threads" -- "$bin" run "$root/scenarios/small-busy.json" --duration 0.5 --csv threads &&
  { out_has "name,kind,cpu_us,alive,tasks" "--csv threads header"; grep -qE '^worker,task,[0-9.]+,true,4'$'\r''?$' "$tmp/out" || fail "--csv threads: worker stands for 4 tasks"; }
expect_rc 0 "run --csv gps in kthread mode" -- "$bin" run "$omap" --mode kthread --csv gps
grep -q ',gp_kthread,' "$tmp/out" || fail "3.7: GP work is charged to the GP kthread"
expect_rc 2 "--csv with --json" -- "$bin" run "$omap" --csv gps --json
expect_rc 2 "--csv unknown kind" -- "$bin" run "$omap" --csv nope
grep -qF -- '--csv: expected "gps", "timeseries", "threads" or "stalls", got "nope"' "$tmp/err" || fail "--csv nope: message"

# --- animation: frame count and size, always PNG frames; a clip only through an encoder that exists
expect_rc 0 "frames only" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 --clean --cues -o "$tmp/frames/"
n=$(ls "$tmp/frames" | grep -c '^frame-[0-9]*\.png$')
[ "$n" -eq 10 ] || fail "1 s at 10 fps: $n frames, wanted 10"
[ "$(png_size "$tmp/frames/frame-00010.png" 2>/dev/null)" = 320x200 ] || fail "frame size is not 320x200"
cmp -s "$tmp/frames/frame-00001.png" "$tmp/frames/frame-00010.png" && fail "first and last frame are the same picture"
# re-export: an earlier clip's frames are rcuvis's own, so they are replaced, and a shorter clip leaves none behind
expect_rc 0 "frames into a directory that holds an earlier clip's frames" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 0.5 --size 320x200 -o "$tmp/frames/"
grep -qxF "rcuvis: shot: 5 frames (320x200, 10 fps) in $tmp/frames/, replacing the 10 frames of an earlier clip" "$tmp/err" ||
  { fail "re-export: message"; sed 's/^/  stderr: /' "$tmp/err"; }
[ "$(ls -A "$tmp/frames" | tr '\n' ' ')" = "frame-00001.png frame-00002.png frame-00003.png frame-00004.png frame-00005.png " ] ||
  fail "re-export: the directory holds $(ls -A "$tmp/frames" | tr '\n' ' '), wanted frames 1 to 5 only"
# anything rcuvis did not write stops it before a file is touched, and the message says what is there
echo mine >"$tmp/frames/notes.txt"
cp "$tmp/frames/frame-00003.png" "$tmp/f3.before"
expect_rc 2 "frames into a directory that holds someone else's file" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/frames/"
grep -qF "$tmp/frames/ holds 1 entry that rcuvis did not write (notes.txt)" "$tmp/err" && grep -qF "nothing was written or removed" "$tmp/err" ||
  { fail "foreign file in the frames directory: message"; sed 's/^/  stderr: /' "$tmp/err"; }
[ "$(cat "$tmp/frames/notes.txt")" = mine ] && cmp -s "$tmp/f3.before" "$tmp/frames/frame-00003.png" && [ ! -e "$tmp/frames/frame-00006.png" ] ||
  fail "foreign file in the frames directory: the directory was changed"
rm "$tmp/frames/notes.txt"
# another export holding the frame directory (its flock): refused before anything is touched. Two clips
# into one directory at once both exited 0, and the directory held frames of both sizes.
if command -v flock >/dev/null; then
  expect_rc 2 "frames into a directory another export holds" -- flock "$tmp/frames" "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/frames/" \
    && err_has "another rcuvis is writing a clip's frames into $tmp/frames/ right now; nothing was written or removed" "frames directory held"
  cmp -s "$tmp/f3.before" "$tmp/frames/frame-00003.png" && [ ! -e "$tmp/frames/frame-00006.png" ] || fail "frames directory held: it was changed"
fi
ln -s "$tmp/f3.before" "$tmp/frames/frame-00009.png" # a frame's name, but a symlink: not rcuvis's
expect_rc 2 "a symlink under a frame's name" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/frames/"
grep -qF "frame-00009.png (a symlink)" "$tmp/err" || fail "symlinked frame: message"
rm "$tmp/frames/frame-00009.png"
# another export writing into the same directory now (its temp file, of a live process): named as such,
# not as the user's file to move; and a dead one's temp file is cleaned, no reason to refuse
# (a process named rcuvis: sleep under that name, as /proc/PID/comm reads it)
ln -s "$(command -v sleep)" "$tmp/rcuvis"
"$tmp/rcuvis" 60 & live=$!
: >"$tmp/frames/.frame-00004.png.rcuvis-tmp-$live-abcdef"
expect_rc 2 "frames into a directory another export is writing" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/frames/"
err_has "another rcuvis (pid $live) is writing its frames into $tmp/frames/ right now (.frame-00004.png.rcuvis-tmp-$live-abcdef); nothing was written or removed" "a live writer's temp file"
kill $live 2>/dev/null; wait $live 2>/dev/null
# the temp file of a live process that is no rcuvis (a crashed export's pid, reused): said as such
sleep 60 & other=$!
mv "$tmp/frames/.frame-00004.png.rcuvis-tmp-$live-abcdef" "$tmp/frames/.frame-00004.png.rcuvis-tmp-$other-abcdef"
expect_rc 2 "a temp file whose pid is no rcuvis now" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/frames/"
err_has "holds .frame-00004.png.rcuvis-tmp-$other-abcdef, the temp file of a process $other that still runs but is no rcuvis now" "a reused pid"
kill $other 2>/dev/null; wait $other 2>/dev/null; live=$other
expect_rc 0 "frames once that writer is gone" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 0.5 --size 320x200 -o "$tmp/frames/"
[ -e "$tmp/frames/.frame-00004.png.rcuvis-tmp-$live-abcdef" ] && fail "a dead writer's temp file was left"

# a clip: re-exporting to the same name replaces it (as -o FILE.png does), through safefile; a fake
# encoder (writes a GIF's signature and the frame count: a clip replaces only a GIF) keeps this
# independent of ffmpeg
cat >"$tmp/fake-ffmpeg" <<'SH'
#!/bin/sh
for a; do last=$a; done
pat=$(printf '%s\n' "$@" | grep 'frame-%05d.png')
n=$(ls "$(dirname "$pat")" | grep -c '^frame-')
echo "GIF89a clip of $n frames" >"$last"
SH
chmod +x "$tmp/fake-ffmpeg"
RCUVIS_FFMPEG="$tmp/fake-ffmpeg" expect_rc 0 "clip" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/wake.gif"
grep -qxF "rcuvis: shot: wrote $tmp/wake.gif" "$tmp/err" || fail "clip: 'wrote' message"
RCUVIS_FFMPEG="$tmp/fake-ffmpeg" expect_rc 0 "the same clip again, shorter" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 0.3 --size 320x200 -o "$tmp/wake.gif"
[ "$(cat "$tmp/wake.gif")" = "GIF89a clip of 3 frames" ] || fail "re-exported clip: $(cat "$tmp/wake.gif"), wanted the 3-frame clip"
grep -qxF "rcuvis: shot: 3 frames (320x200, 10 fps) in $tmp/wake-frames/, replacing the 10 frames of an earlier clip" "$tmp/err" &&
  grep -qxF "rcuvis: shot: replaced $tmp/wake.gif" "$tmp/err" || { fail "re-exported clip: messages"; sed 's/^/  stderr: /' "$tmp/err"; }
[ "$(ls -A "$tmp/wake-frames" | wc -l)" -eq 3 ] || fail "re-exported clip: stale frames (or the encoder's temp file) left: $(ls -A "$tmp/wake-frames")"
[ -z "$(ls -A "$tmp" | grep rcuvis-tmp)" ] || fail "re-exported clip: a temp file was left beside it"
# a symlinked clip keeps its link; the file it names is replaced
mv "$tmp/wake.gif" "$tmp/real.gif" && ln -s real.gif "$tmp/wake.gif"
RCUVIS_FFMPEG="$tmp/fake-ffmpeg" expect_rc 0 "clip through a symlink" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 0.2 --size 320x200 -o "$tmp/wake.gif"
[ -L "$tmp/wake.gif" ] && [ "$(cat "$tmp/real.gif")" = "GIF89a clip of 2 frames" ] || fail "clip through a symlink: link replaced or target not written"
# a failing encoder, or someone's file among the frames: the clip stays as it was, and the message says so
printf '#!/bin/sh\nexit 3\n' >"$tmp/bad-ffmpeg"; chmod +x "$tmp/bad-ffmpeg"
RCUVIS_FFMPEG="$tmp/bad-ffmpeg" expect_rc 2 "failing encoder" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 0.5 --size 320x200 -o "$tmp/wake.gif"
grep -qF "$tmp/wake.gif was left unchanged" "$tmp/err" || fail "failing encoder: message"
[ "$(cat "$tmp/real.gif")" = "GIF89a clip of 2 frames" ] && [ "$(ls -A "$tmp/wake-frames" | wc -l)" -eq 5 ] || fail "failing encoder: the clip was changed or its temp file left"
touch "$tmp/wake-frames/thumbs.db"
RCUVIS_FFMPEG="$tmp/fake-ffmpeg" expect_rc 2 "clip whose frames directory holds someone's file" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 -o "$tmp/wake.gif"
grep -qF "(thumbs.db)" "$tmp/err" && grep -qF "$tmp/wake.gif was left unchanged" "$tmp/err" || fail "clip with a foreign file among its frames: message"
[ "$(cat "$tmp/real.gif")" = "GIF89a clip of 2 frames" ] || fail "clip with a foreign file among its frames: the clip was changed"
RCUVIS_FFMPEG=/nonexistent/ffmpeg expect_rc 2 "clip without an encoder" -- "$bin" shot "$omap" --from 1 --to 1.2 --fps 10 --length 0.5 --size 320x200 -o "$tmp/noenc.gif"
# RCUVIS_FFMPEG is the user's setting: that is what to fix, not a package to install (shot_talk.sh checks PATH's)
grep -qF "cannot run /nonexistent/ffmpeg (No such file or directory), the encoder RCUVIS_FFMPEG names" "$tmp/err" || fail "missing encoder: message"
[ -f "$tmp/noenc-frames/frame-00005.png" ] || fail "missing encoder: the frames are still written"
[ -e "$tmp/noenc.gif" ] && fail "missing encoder: no half-written clip"
if command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null; then
  expect_rc 0 "GIF clip" -- "$bin" shot "$omap" --from 79.9 --to 80.1 --fps 10 --length 1 --size 320x200 --compare -o "$tmp/clip.gif"
  got=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames,width,height -of csv=p=0 "$tmp/clip.gif")
  [ "$got" = "320,200,10" ] || fail "GIF: width,height,frames = $got, wanted 320,200,10"
  [ "$(ls "$tmp/clip-frames" | wc -l)" -eq 10 ] || fail "GIF: frames kept beside it"
else
  echo "NOTE: ffmpeg not installed: the GIF encoding check is skipped (frames were checked)"
fi
expect_rc 2 "--to before --from" -- "$bin" shot "$omap" --from 2 --to 1 -o "$tmp/x/"
expect_rc 2 "--fps without an animation" -- "$bin" shot "$omap" --at 1 --fps 10 -o "$tmp/x.png"
# a whole-window picture laid out in fewer points than the window is made for is drawn, with a warning
expect_rc 0 "a small layout" -- "$bin" shot "$omap" --at 1 --size 1024x576 --scale 1.25 --clean -o "$tmp/small.png" &&
  err_has "rcuvis: shot: warning: the window's layout gets 1024x576 points here, less than the 1066x600 it is made for" "small layout warned"
# compare mode is made for 960x516 points (a 1280x720 projector at 133 %): no warning there, one below it
expect_rc 0 "compare at 133 %" -- "$bin" shot "$omap" --at 1 --compare --size 960x540 --scale 1.3333 -o "$tmp/small.png"
grep -q "warning" "$tmp/err" && fail "compare at 960x540 is what it is made for: $(cat "$tmp/err")"
expect_rc 0 "compare smaller" -- "$bin" shot "$omap" --at 1 --compare --size 900x500 --scale 1.5 -o "$tmp/small.png" &&
  err_has "rcuvis: shot: warning: the window's layout gets 900x500 points here, less than the 960x516 it is made for" "small compare warned"
expect_rc 0 "one panel small" -- "$bin" shot "$omap" --at 1 --size 640x360 --scale 2 --panel tree -o "$tmp/small.png"
grep -q "warning" "$tmp/err" && fail "one panel at 640x360 is no small layout: $(cat "$tmp/err")"
# a picture beyond the renderer's 16384 pixels is refused before the simulation, naming both options
expect_rc 2 "--size at --scale too large" -- "$bin" shot "$omap" --at 1 --size 8192x8192 --scale 4 -o "$tmp/x.png" &&
  err_has "rcuvis: shot: --size 8192x8192 at --scale 4 is 32768x32768 pixels; at most 16384 each way" "too large, before simulating"

# --- the HTML report: one page, no network, the table and four figures as inline SVG
"$bin" reproduce --quick --html "$tmp/report.html" >"$tmp/out" 2>"$tmp/err"; rc=$?
[ "$rc" -le 1 ] || fail "reproduce --html: exit $rc"
nclaims=$("$bin" reproduce --list | wc -l)
python3 - "$tmp/report.html" "$nclaims" <<'PY' || fail "HTML check"
import sys, re
from html.parser import HTMLParser
src = open(sys.argv[1], encoding='utf-8').read()
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.rows = 0; s.svgs = 0; s.fetch = []; s.texts = 0
    def handle_starttag(s, tag, a):
        a = dict(a)
        if tag == 'tr': s.rows += 1
        if tag == 'svg': s.svgs += 1
        if tag == 'text': s.texts += 1
        for k in ('src', 'href'):
            if k in a: s.fetch.append((tag, a[k]))
        if tag == 'link': s.fetch.append((tag, a))
p = P(); p.feed(src)
assert p.rows == 1 + int(sys.argv[2]), p.rows     # header + one row per claim
assert p.svgs == 4, p.svgs                       # scaling, FQS as CPUs idle, where charged, omap timeline
assert p.texts > 40, p.texts                     # axis labels and legends stay text
assert not p.fetch, p.fetch                      # nothing to load: the page is self-contained
assert not re.search(r'url\(\s*["\']?https?:|@import', src)
for want in ['scaling-leaf-step', 'omap-kthread', 'Per-grace-period cost against CPUs', 'OMAP board',
             'more of them idle: forcing work per grace period', 'forcing quiescent states (FQS)']:
    assert want in src, want
# the verdicts as the terminal gives them: a bounded gap is GAP, explained, never a red FAILS
import json, subprocess
verdicts = re.findall(r'<td class="(ok|gap|no)">(holds|GAP|FAILS)</td>', src)
calibrated = re.findall(r'<tr><td class="id">([a-z0-9-]+)</td>(?:(?!</tr>).)*<td class="cal" title="[^"]+"><span>calibrated</span></td></tr>', src)
assert len(verdicts) + len(calibrated) == int(sys.argv[2]), (verdicts, calibrated)
assert ('no', 'FAILS') not in verdicts, "a claim reads FAILS"
if ('gap', 'GAP') in verdicts:
    assert 'bounded gap' in src and 'sweep' in src, "GAP is not explained on the page"
# a row the scenario was set to give reads calibrated, in its own style, explained and counted apart
assert sorted(calibrated) == ['hackbench-gps', 'hackbench-updates-per-gp'], calibrated
assert 'td.cal{' in src and '<p><b>calibrated</b>:' in src, "calibrated has no style or legend"
assert re.search(r'<b>\d+ of %s hold</b>, 2 are calibrated \(the scenario was set to give them\)' % sys.argv[2], src), "header counts"
assert 'workload.0.cpus=' not in src, "a legend shows raw --set keys"
PY

# a fitted timeline picture compared: each side's head in fewer words rather than cut ("...from RCU_…",
# "...by the rc…" at 1920x1080, with nobody to hover)
expect_rc 0 "compare timeline panel" -- "$bin" shot "$root/scenarios/hackbench.json" --at 2 --compare --panel timeline --size 1920x1080 -o "$tmp/tlc.svg"
heads=$(grep -o '>[^<]*<' "$tmp/tlc.svg" | tr -d '<>' | grep -E '^3\.[67] \((softirq|kthread)\)')
[ "$(printf '%s\n' "$heads" | grep -c .)" -eq 2 ] || fail "compare timeline: not two side heads: $heads"
# a cut head is its kept part, then a separate "…" run: every head must be one of the whole forms
printf '%s\n' "$heads" | grep -vxE '3\.6 \(softirq\)( — (grace periods|GPs) driven from RCU_SOFTIRQ| — GPs in RCU_SOFTIRQ)?|3\.7 \(kthread\)( — (grace periods|GPs) driven by the rcu_\* kthreads| — GP kthreads)?' &&
  fail "compare timeline: a side head is cut: $heads"

# the timeline says what its marks mean (grey and orange triangles, dark and light bars), and the tree
# what "g40 c39" is: a lecturer found neither on screen
grep -qF "later FQS pass" "$tmp/tlc.svg" && grep -qF "first FQS pass (snapshot)" "$tmp/tlc.svg" || fail "the fitted timeline has no legend"
expect_rc 0 "hackbench at 1600x900" -- "$bin" shot "$root/scenarios/hackbench.json" --at 2 --size 1600x900 -o "$tmp/hb900.svg"
grep -qF "gN cM = gpnum, completed" "$tmp/hb900.svg" || fail "the tree's legend does not explain gN cM"
grep -qF "odd GP" "$tmp/hb900.svg" || fail "the window's timeline at 1600x900 has no legend"

# a 16:9 thumbnail (320x180) is a size like any other; a whole window far bigger than a window, with
# its text at scale 1, says how to get larger text
expect_rc 0 "a 16:9 thumbnail" -- "$bin" shot "$omap" --at 80.01 --size 320x180 --clean -o "$tmp/thumb.png"
[ "$(png_size "$tmp/thumb.png" 2>/dev/null)" = 320x180 ] || fail "the thumbnail is not 320x180"
"$bin" shot "$omap" --at 80.01 --size 3840x2160 -o "$tmp/big.png" 2>"$tmp/err" || fail "a 3840x2160 window picture"
grep -qF -- "--size 1920x1080 --scale 2 gives 3840x2160 pixels" "$tmp/err" || fail "a huge whole-window picture gives no hint: $(cat "$tmp/err")"

# omap-stall's cue 4: the exited threads' heading names them as threads that exited ("exited (no longer
# in top; bars capped)" under ksoftirqd read as if ksoftirqd had exited)
expect_rc 0 "omap-stall cue 4 clean" -- "$bin" shot "$omap" --cue 4 --clean --size 1280x720 -o "$tmp/o4.svg"
grep -qF ">threads that exited" "$tmp/o4.svg" || fail "the exited threads' heading: $(grep -o '>[^<]*exited[^<]*' "$tmp/o4.svg")"

# one panel alone names its run and moment on a title line (a kernel-log picture said neither)
grep -o '>[^<]*<' "$tmp/tlc.svg" | tr -d '<>' | grep -qxF "hackbench · 3.6 vs 3.7 · rcu_sched · t = 2.000000 s" ||
  fail "the timeline panel picture has no title line: $(grep -o '>[^<]*<' "$tmp/tlc.svg" | head -3 | tr -d '<>')"

# on a terminal a long shot reports its progress on stderr (after a second of wall time); the run
# goes to --at in steps then, and the picture must be the one a direct run draws
if command -v script >/dev/null; then
  "$bin" shot "$root/scenarios/omap-stall.json" --at 85 --compare -o "$tmp/direct.png" 2>/dev/null
  script -qec "'$bin' shot '$root/scenarios/omap-stall.json' --at 85 --compare -o '$tmp/tty.png'" /dev/null </dev/null >/dev/null 2>&1
  cmp -s "$tmp/direct.png" "$tmp/tty.png" || fail "shot on a terminal (stepping to --at) drew another picture than a direct run"
fi

[ $failed -eq 0 ] && echo "export: all checks passed"
exit $failed
