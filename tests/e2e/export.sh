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
fail() { echo "FAIL: $*"; failed=1; }
expect_rc() {
  local want=$1 what=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/  stderr: /' "$tmp/err" | head -5; return 1; }
}
png_size() { python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(24); assert d[:8]==b'\x89PNG\r\n\x1a\n'; print('%dx%d'%struct.unpack('>II',d[16:24]))" "$1"; }

# --- slides
expect_rc 0 "clean compare slide" -- "$bin" shot "$omap" --at 80.5 --compare --clean -o "$tmp/clean.png"
[ "$(png_size "$tmp/clean.png" 2>/dev/null)" = 1600x900 ] || fail "clean slide is not a 1600x900 PNG"
expect_rc 0 "tree panel at 960x540" -- "$bin" shot "$omap" --at 80.5 --panel tree --size 960x540 -o "$tmp/tree.png"
[ "$(png_size "$tmp/tree.png" 2>/dev/null)" = 960x540 ] || fail "tree panel is not 960x540"
expect_rc 2 "unknown panel" -- "$bin" shot "$omap" --at 1 --panel nope -o "$tmp/x.png"
grep -qF -- "--panel: expected cpus, tree" "$tmp/err" || fail "unknown panel: message"
expect_rc 2 "unknown output type" -- "$bin" shot "$omap" --at 1 -o "$tmp/x.bmp"

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
for control in ['▶ play', 'Compare', 'Open', 'wheel zooms']:
    assert control not in joined, control
fams = {t.get('font-family') for t in root.iter('{http://www.w3.org/2000/svg}text')}
assert fams <= {'DejaVu Sans', 'DejaVu Sans Mono'}, fams
PY

# --- numbers: every kind parses as RFC 4180 with a header row and units in the column names
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
gps = rows('gps')
assert len(gps) == 155, len(gps)          # 154 completed (as `run` reports) + the spurious one still open
last = gps[-1]
assert last['flavor'] == 'rcu_sched' and last['completed'] == 'false' and last['end_s'] == '', last
for r in gps[:-1]:
    assert abs((float(r['end_s']) - float(r['start_s'])) * 1e6 - float(r['duration_us'])) < 0.01, r
    assert r['charged_to'] in ('softirq_at_irq_exit', 'ksoftirqd', 'gp_kthread', 'tick', 'rcuc', 'none'), r
ts = rows('timeseries')
assert len(ts) == 90 and float(ts[-1]['end_s']) == 90.0, len(ts)
assert sum(int(r['rcu_sched_gps']) for r in ts) == 154
assert all(float(r['rcu_cpu_us']) >= 0 for r in ts)
st = rows('stalls')
assert len(st) == 1 and st[0]['kind'] == 'self' and 'self-detected stall' in st[0]['message'], st
th = rows('threads')
assert {'name', 'kind', 'cpu_us', 'alive'} <= set(th[0]), th[0]
PY
expect_rc 0 "run --csv gps in kthread mode" -- "$bin" run "$omap" --mode kthread --csv gps
grep -q ',gp_kthread,' "$tmp/out" || fail "3.7: GP work is charged to the GP kthread"
expect_rc 2 "--csv with --json" -- "$bin" run "$omap" --csv gps --json
expect_rc 2 "--csv unknown kind" -- "$bin" run "$omap" --csv nope
grep -qF -- "--csv: expected gps, timeseries, threads or stalls" "$tmp/err" || fail "--csv nope: message"

[ $failed -eq 0 ] && echo "export: all checks passed"
exit $failed
