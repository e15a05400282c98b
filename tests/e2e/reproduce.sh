#!/usr/bin/env bash
# reproduce.sh — end-to-end checks of `rcuvis reproduce`: every claim holds but the documented gaps, calibrated rows apart, JSON shape, exit codes, messages.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/reproduce.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0

fail() { echo "FAIL: $*"; failed=1; }
# run WANT DESCRIPTION -- COMMAND...: keep stdout/stderr in $tmp/out, $tmp/err
run() {
  local want=$1 what=$2; shift 3
  "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/  stdout: /' "$tmp/out" | tail -40;
                             sed 's/^/  stderr: /' "$tmp/err" | head -5; return 1; }
}
err_has() { grep -qF -- "$1" "$tmp/err" || { fail "$2: stderr lacks '$1'"; sed 's/^/  stderr: /' "$tmp/err" | head -5; }; }
err_prefixed() { [ -s "$tmp/err" ] && ! grep -qv '^rcuvis: ' "$tmp/err" || fail "$1: every stderr line must start with 'rcuvis: '"; }

# The claims this model does not reproduce are bounded gaps (GAP): each one's sweep over the
# mechanism's real parameters shows no setting reaches it; README.md ("What the model reproduces,
# and what it does not") explains each. No claim may FAIL. If a gap starts to hold or to fail, the
# model changed and README.md and this list need updating.
known_gaps="hackbench-cpu hackbench-ns-per-update hackbench-us-per-gp scaling-range"
# The claims whose figure the scenario was set to give (hackbench.json's idle-entry and call_rcu()
# rates come from the article's own figures): they hold, but say "calibrated", are counted apart
# from the claims that hold, and do not fail the command. A maintainer found them reading "holds".
known_calibrated="hackbench-gps hackbench-updates-per-gp"

# --- the whole table: every claim holds but the known gaps. `make test` checks it on --quick runs
#     (the same claims and bounds on shortened timelines, about 10 s of CPU); the full-length runs
#     (kernel-build's FAST_NO_HZ sweep alone is minutes of CPU) run under `make soak`, which sets
#     RCUVIS_REPRODUCE_FULL=1.
full=${RCUVIS_REPRODUCE_FULL:-0}
start=$(date +%s)
if [ "$full" = 1 ]; then "$bin" reproduce >"$tmp/table" 2>"$tmp/err"; rc=$?
else "$bin" reproduce --quick >"$tmp/table" 2>"$tmp/err"; rc=$?; fi
echo "NOTE reproduce took $(( $(date +%s) - start )) s"
failing=$(grep -c 'FAILS$' "$tmp/table")
[ "$failing" = 0 ] || { fail "reproduce: $failing claims FAIL"; grep -B3 'FAILS$' "$tmp/table" | sed 's/^/  /'; }
gaps=$(sed -nE 's/^\[([a-z0-9-]+)\].*GAP$/\1/p' "$tmp/table" | sort | tr '\n' ' ' | sed 's/ $//')
[ "$gaps" = "$known_gaps" ] || { fail "reproduce: gaps are '$gaps', expected exactly '$known_gaps'"; grep -A3 'GAP$' "$tmp/table" | sed 's/^/  /'; }
calibrated=$(sed -nE 's/^\[([a-z0-9-]+)\].* calibrated$/\1/p' "$tmp/table" | sort | tr '\n' ' ' | sed 's/ $//')
[ "$calibrated" = "$known_calibrated" ] || fail "reproduce: calibrated rows are '$calibrated', expected exactly '$known_calibrated'"
[ $rc -eq 0 ] || fail "reproduce: exit $rc with every claim holding (or calibrated) or a bounded gap, wanted 0"
footer_re='^reproduce: ([0-9]+) of ([0-9]+) claims? holds?(, ([0-9]+) (is calibrated \(the scenario was set to give it\)|are calibrated \(the scenario was set to give them\)))?(, ([0-9]+) (is a bounded gap|are bounded gaps))?$'
footer=$(grep -E "$footer_re" "$tmp/table")
if [ -z "$footer" ]; then
  fail "reproduce: no 'N of M claims hold, C are calibrated (...), K are bounded gaps' line"; tail -2 "$tmp/table" | sed 's/^/  /'
else
  # the counts add up, and the calibrated rows are not counted among those that hold
  n_hold=$(sed -E "s/$footer_re/\1/" <<<"$footer"); n_all=$(sed -E "s/$footer_re/\2/" <<<"$footer")
  n_cal=$(sed -E "s/$footer_re/\4/" <<<"$footer"); n_gap=$(sed -E "s/$footer_re/\7/" <<<"$footer")
  n_rows=$(grep -cE '^\[[a-z0-9-]+\]' "$tmp/table"); n_holds_rows=$(grep -cE '^\[[a-z0-9-]+\].* holds$' "$tmp/table")
  [ "${n_cal:-0}" = "$(wc -w <<<"$known_calibrated")" ] || fail "reproduce: footer counts ${n_cal:-0} calibrated: '$footer'"
  [ "${n_gap:-0}" = "$(wc -w <<<"$known_gaps")" ] || fail "reproduce: footer counts ${n_gap:-0} gaps: '$footer'"
  [ "$n_hold" = "$n_holds_rows" ] || fail "reproduce: footer counts $n_hold holding, the table shows $n_holds_rows: '$footer'"
  [ $((n_hold + ${n_cal:-0} + ${n_gap:-0})) = "$n_all" ] && [ "$n_all" = "$n_rows" ] \
    || fail "reproduce: footer '$footer' does not add up to the table's $n_rows claims"
fi
grep -q '^  hackbench-gps: .*idle-entry rate' "$tmp/table" || fail "reproduce: the table does not say which input calibrates hackbench-gps"
[ "$full" = 1 ] && grep -q -- '--quick' "$tmp/table" && fail "reproduce: a full run must not say it was shortened"
[ -s "$tmp/err" ] && { fail "reproduce: unexpected stderr"; sed 's/^/  stderr: /' "$tmp/err" | head -5; }

# --- --quick says so in the table, and shows the short run's own count
"$bin" reproduce --quick --only hackbench-gps >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -le 1 ] || fail "reproduce --quick --only hackbench-gps: exit $rc"
grep -q -- '--quick' "$tmp/out" || fail "reproduce --quick: the table does not say the runs were shortened"
"$bin" reproduce --quick --only hackbench-gps --json >"$tmp/out" 2>"$tmp/err"
python3 -c 'import json,sys; c=json.load(open(sys.argv[1]))["claims"][0]; assert "in a 6 s run" in c["simulated"], c["simulated"]' "$tmp/out" \
  || fail "reproduce --quick: the simulated figure does not show the short run's own count"

# --- --only a calibrated claim: it says so, is counted apart, and exits 0 as a claim that holds does
if run 0 "reproduce --quick --only hackbench-gps" -- "$bin" reproduce --quick --only hackbench-gps; then
  grep -qE '^\[hackbench-gps\].* calibrated$' "$tmp/out" || fail "--only hackbench-gps: the row does not read calibrated"
  grep -qE '^\[hackbench-gps\].* holds$' "$tmp/out" && fail "--only hackbench-gps: the row reads holds"
  grep -qx 'reproduce: 0 of 1 claim holds, 1 is calibrated (the scenario was set to give it)' "$tmp/out" \
    || { fail "--only hackbench-gps: footer"; tail -1 "$tmp/out" | sed 's/^/  /'; }
fi

# --- a terminal narrower than the 120-column table (or COLUMNS below it) gets one block per claim in
#     80 columns, whose first line still reads "[ID] ... VERDICT"; a pipe keeps the table
if run 0 "COLUMNS=80 reproduce --quick --only hackbench-gps" -- env COLUMNS=80 "$bin" reproduce --quick --only hackbench-gps; then
  grep -qE '^\[hackbench-gps\] +calibrated$' "$tmp/out" || fail "COLUMNS=80: the block does not start with its id and verdict"
  grep -qE '^  simulated:  853,500 in 10 min' "$tmp/out" || fail "COLUMNS=80: no 'simulated:' line in the block"
  wide=$(python3 -c 'import sys; print(max(len(l) for l in open(sys.argv[1], encoding="utf-8").read().splitlines()))' "$tmp/out")
  [ "$wide" -le 80 ] || fail "COLUMNS=80: a line of $wide columns"
  grep -q '^CLAIM  ' "$tmp/out" && fail "COLUMNS=80: the 120-column table's header is still there"
fi

# --- ...but a calibrated claim is judged as any other: a scenario that misses its figure FAILS it
mkdir -p "$tmp/slow/scenarios"
python3 - "$root/scenarios/hackbench.json" "$tmp/slow/scenarios/hackbench.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["rcu"]["fast_no_hz"] = False  # the tick path: about a third of the article's grace periods
json.dump(d, open(sys.argv[2], "w"))
EOF
if run 1 "calibrated claim that misses" -- env RCUVIS_DATA="$tmp/slow" "$bin" reproduce --quick --only hackbench-gps; then
  grep -qE '^\[hackbench-gps\].* FAILS$' "$tmp/out" || fail "calibrated claim that misses: the row does not read FAILS"
  grep -qx 'reproduce: 0 of 1 claim holds' "$tmp/out" || fail "calibrated claim that misses: footer"
fi

# --- --json: one object, every claim with its fields; all_hold false exactly because of the known gaps,
#     none_fail true (quick runs are shorter, but the gaps and the holds are the same)
"$bin" reproduce --quick --json >"$tmp/all.json" 2>"$tmp/err"; rc=$?
python3 - "$tmp/all.json" "$rc" "$known_gaps" "$known_calibrated" <<'EOF' || fail "reproduce --quick --json"
import json, sys
d = json.load(open(sys.argv[1]))
claims = d["claims"]
assert len(claims) >= 14, "only %d claims" % len(claims)
ids = [c["id"] for c in claims]
assert len(set(ids)) == len(ids), "duplicate claim ids"
for c in claims:
    for k, t in [("id", str), ("claim", str), ("article", str), ("simulated", str), ("holds", bool), ("gap", bool)]:
        assert isinstance(c.get(k), t), "%s: %s is not a %s" % (c.get("id"), k, t.__name__)
    assert c["simulated"], c["id"]
assert d["quick"] is True
assert all(r.get("wall_seconds", -1) >= 0 and "error" not in r for r in d["runs"]), "a run failed"
assert d["all_hold"] == all(c["holds"] for c in claims), "all_hold disagrees with the claims"
assert d["none_fail"] == all(c["holds"] or c["gap"] for c in claims), "none_fail disagrees with the claims"
assert (int(sys.argv[2]) == 0) == d["none_fail"], "exit status %s with none_fail %s" % (sys.argv[2], d["none_fail"])
assert not any(c["holds"] and c["gap"] for c in claims), "a claim both holds and is a gap"
failing = sorted(c["id"] for c in claims if not c["holds"] and not c["gap"])
assert failing == [], "failing claims %s" % failing
gaps = sorted(c["id"] for c in claims if c["gap"])
assert gaps == sys.argv[3].split(), "gaps %s, expected exactly %s" % (gaps, sys.argv[3])
# calibrated: a key of its own on every claim; a calibrated claim still holds (so "holds", all_hold and
# none_fail read as before) and names the input it was set from
for c in claims:
    assert isinstance(c.get("calibrated"), bool), "%s: calibrated is not a bool" % c["id"]
    assert not c["calibrated"] or (c["holds"] and not c["gap"] and c.get("calibrated_by")), c
    assert c["calibrated"] or "calibrated_by" not in c, c
cal = sorted(c["id"] for c in claims if c["calibrated"])
assert cal == sys.argv[4].split(), "calibrated %s, expected exactly %s" % (cal, sys.argv[4])
EOF

# --- the per-GP and per-update claims use the article's own arithmetic: rcu_sched's CPU time over the
#     grace periods and over the updates of --quick's own hackbench run (read from its "runs": a tenth
#     of the shipped minute), not overhead_per_gp_us / overhead_per_update_ns, which count the wakers'
#     and the softirq's share too. (This compared with the whole minute, and held within 0.6 % by luck.)
hb_dur=$(python3 -c 'import json,sys; print([r for r in json.load(open(sys.argv[1]))["runs"] if r["scenario"] == "hackbench" and r["sets"] == ["rcu.mode=kthread"]][0]["duration_s"])' "$tmp/all.json")
"$bin" run "$root/scenarios/hackbench.json" --set rcu.mode=kthread --duration "$hb_dur" --seed 1 --json >"$tmp/hb.json" 2>/dev/null
python3 - "$tmp/all.json" "$tmp/hb.json" <<'EOF' || fail "reproduce: per-GP / per-update claims are not rcu_sched's time over GPs / updates"
import json, sys
claims = {c["id"]: c for c in json.load(open(sys.argv[1]))["claims"]}
r = json.load(open(sys.argv[2]))
k = [t for t in r["threads"] if t["name"] == "rcu_sched"][0]["cpu_seconds"]
f = r["flavors"]["rcu_sched"]
for cid, want in [("hackbench-us-per-gp", k * 1e6 / f["grace_periods"]), ("hackbench-ns-per-update", k * 1e9 / f["updates"])]:
    got = float(claims[cid]["simulated"].split()[0])
    assert abs(got - want) <= 0.006 * want, "%s: %s, but rcu_sched gives %.3g" % (cid, claims[cid]["simulated"], want)
    assert abs(got - f["overhead_per_gp_us" if "gp" in cid else "overhead_per_update_ns"]) > 0.1 * got, cid + " is the machinery figure"
EOF

# --- --list names the same claims as --json
if run 0 "reproduce --list" -- "$bin" reproduce --list; then
  python3 - "$tmp/all.json" "$tmp/out" <<'EOF' || fail "reproduce --list: ids differ from --json"
import json, sys
ids = [c["id"] for c in json.load(open(sys.argv[1]))["claims"]]
listed = [l.split()[0] for l in open(sys.argv[2]) if l.strip()]
assert ids == listed, (ids, listed)
EOF
fi

# --- --only runs one claim; the same seed gives the same figure, with or without parallel runs
if run 0 "reproduce --only omap-stall" -- "$bin" reproduce --only omap-stall --json; then
  cp "$tmp/out" "$tmp/a.json"
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [c["id"] for c in d["claims"]] == ["omap-stall"], d' \
    "$tmp/a.json" || fail "--only omap-stall: not exactly that claim"
fi
if run 0 "reproduce --only scaling-range --jobs 1" -- "$bin" reproduce --only scaling-range --jobs 1 --json; then
  cp "$tmp/out" "$tmp/j1.json"
  if run 0 "reproduce --only scaling-range --jobs 2" -- "$bin" reproduce --only scaling-range --jobs 2 --json; then
    python3 - "$tmp/j1.json" "$tmp/out" <<'EOF' || fail "--jobs 1 and --jobs 2 disagree"
import json, sys
a, b = (json.load(open(p))["claims"] for p in sys.argv[1:3])
assert [c["simulated"] for c in a] == [c["simulated"] for c in b], (a, b)
EOF
  fi
fi

# --- --seeds: one entry per seed, consecutive from --seed
if run 0 "reproduce --only omap-fix --seed 40 --seeds 3" -- "$bin" reproduce --only omap-fix --seed 40 --seeds 3 --json; then
  python3 - "$tmp/out" <<'EOF' || fail "--seed 40 --seeds 3: seeds"
import json, sys
c = json.load(open(sys.argv[1]))["claims"][0]
assert [s["seed"] for s in c["seeds"]] == [40, 41, 42], c["seeds"]
EOF
fi

# --- a run past --timeout is stopped and fails its claim (exit 1), named in the table
if run 1 "--timeout" -- "$bin" reproduce --only hackbench-gps --timeout 0.01; then
  grep -q 'time limit' "$tmp/out" || fail "--timeout: the table does not say the run was stopped"
fi

# --- a worker runs many jobs in turn: a run's figures do not depend on which runs went before it in
#     the same worker (one worker takes all 44 in cost order; three share them as they free up)
"$bin" reproduce --quick --jobs 1 --json >"$tmp/one.json" 2>"$tmp/err"
"$bin" reproduce --quick --jobs 3 --json >"$tmp/three.json" 2>"$tmp/err"
python3 - "$tmp/one.json" "$tmp/three.json" <<'EOF' || fail "--jobs 1 and --jobs 3 give different figures"
import json, sys
def untimed(d):
    if isinstance(d, dict): return {k: untimed(v) for k, v in d.items() if "wall" not in k and "cpu" not in k}
    if isinstance(d, list): return [untimed(x) for x in d]
    return d
one, three = (json.load(open(f)) for f in sys.argv[1:3])
assert len(one["runs"]) > 20, len(one["runs"])
assert untimed(one) == untimed(three)
EOF

# --- usage errors exit 2 with rcuvis: messages
run 2 "--only unknown" -- "$bin" reproduce --only no-such-claim && { err_has "no claim 'no-such-claim'" "--only unknown"; err_prefixed "--only unknown"; }
run 2 "--only near miss" -- "$bin" reproduce --only omap-stal && err_has "did you mean omap-stall" "--only near miss"
run 2 "unknown option" -- "$bin" reproduce --frobnicate && err_prefixed "unknown option"
run 2 "--seeds 0" -- "$bin" reproduce --seeds 0 && err_has "--seeds" "--seeds 0"
run 2 "--seed x" -- "$bin" reproduce --seed x && err_has "--seed" "--seed x"
run 2 "--timeout -1" -- "$bin" reproduce --timeout -1 && err_has "--timeout" "--timeout -1"
run 2 "--only without a value" -- "$bin" reproduce --only && err_prefixed "--only without a value"
run 0 "--help" -- "$bin" reproduce --help && grep -qF -- "--seeds K" "$tmp/out" || fail "--help lacks --seeds"

# --- a missing scenario is a usage error, named
mkdir -p "$tmp/empty/scenarios"
run 2 "missing scenario" -- env RCUVIS_DATA="$tmp/empty" "$bin" reproduce --only omap-stall &&
  { err_has "scenario 'omap-stall' not found" "missing scenario"; err_prefixed "missing scenario"; }

# --- a claim that fails makes the exit status 1 and shows FAILS: a stall timeout longer than the run
mkdir -p "$tmp/busy/scenarios"
python3 - "$root/scenarios/omap-stall.json" "$tmp/busy/scenarios/omap-stall.json" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d.setdefault("rcu", {})["stall_timeout_s"] = 300
d["duration_s"] = min(d.get("duration_s", 90), 290)
d.pop("expect", None)
json.dump(d, open(sys.argv[2], "w"))
EOF
if run 1 "failing claim" -- env RCUVIS_DATA="$tmp/busy" "$bin" reproduce --only omap-stall; then
  grep -q 'FAILS' "$tmp/out" || fail "failing claim: no FAILS in the table"
  grep -q '^reproduce: 0 of 1 claim holds' "$tmp/out" || fail "failing claim: summary line"
fi

# --- --figures DIR: the page's figures as pictures for slides, written as shot writes (atomically, a
# foreign file left alone); a missing folder is refused before anything runs
mkdir "$tmp/figs"
if run 0 "reproduce --quick --only scaling-idle --figures" -- "$bin" reproduce --quick --only scaling-idle --figures "$tmp/figs"; then
  head -c 8 "$tmp/figs/idle.png" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || fail "--figures: idle.png is not a PNG"
  grep -q '<svg' "$tmp/figs/idle.svg" || fail "--figures: idle.svg is not an SVG"
  # for a slide the PNG is drawn at twice the page's 820x420 (IHDR's width and height, big-endian); the SVG keeps it
  dims=$(od -An -tu1 -j16 -N8 "$tmp/figs/idle.png" | awk '{print ($1*16777216+$2*65536+$3*256+$4) "x" ($5*16777216+$6*65536+$7*256+$8)}')
  [ "$dims" = 1640x840 ] || fail "--figures: idle.png is $dims, not 1640x840"
  grep -q '<svg[^>]* width="820" height="420"' "$tmp/figs/idle.svg" || fail "--figures: idle.svg is not 820x420"
  err_has "wrote $tmp/figs/idle.png" "--figures says what it wrote"
  [ "$(ls "$tmp/figs" | wc -l)" = 2 ] || fail "--figures: one claim's figure is two files, got: $(ls "$tmp/figs")"
fi
echo "my notes" > "$tmp/figs/idle.png"
run 2 "--figures over a foreign file" -- "$bin" reproduce --quick --only scaling-idle --figures "$tmp/figs" && err_has "is not a PNG" "--figures over a foreign file"
[ "$(cat "$tmp/figs/idle.png")" = "my notes" ] || fail "--figures clobbered a file it did not make"
run 2 "--figures into no folder" -- "$bin" reproduce --only scaling-idle --figures "$tmp/none" && err_has "make the folder first" "--figures into no folder"
run 0 "--figures, a claim with no figure" -- "$bin" reproduce --quick --only hackbench-gps --figures "$tmp/figs" \
  && err_has "the claims chosen have no figure" "--figures with no figure says so"

# --- the "where" figure, a talk's slide on "moved, not added": one group for 3.6 and one for 3.7, each
# with its total under it, the total run --json gives (accounting.total_s) for the same 6 s of hackbench.
# A speaker had to add five bars a side on stage; and softirq-same-cost (the figure's claim when
# softirq-hidden is not run) also has a price sweep of eight runs, which drew ten groups, each cut to "3.6…"
want=""
for m in softirq kthread; do
  "$bin" run hackbench --duration 6 --mode $m --json >"$tmp/run.json" 2>/dev/null || fail "run hackbench --duration 6 --mode $m --json"
  want="$want$(python3 -c 'import json,sys; print("%.2f s in all" % json.load(open(sys.argv[1]))["accounting"]["total_s"])' "$tmp/run.json")|"
done
for only in softirq-hidden softirq-same-cost; do
  rm -rf "$tmp/wfig"; mkdir "$tmp/wfig"
  run 0 "reproduce --quick --only $only --figures" -- "$bin" reproduce --quick --only $only --figures "$tmp/wfig" || continue
  got=$(python3 - "$tmp/wfig/where.svg" <<'EOF'
import html, re, sys
t = [html.unescape(x) for x in re.findall(r'<text[^>]*>([^<]*)</text>', open(sys.argv[1], encoding='utf-8').read())]
print("|".join(x for x in t if x.startswith(("3.6", "3.7"))) + "#" + "".join(x + "|" for x in t if x.endswith(" in all")))
EOF
)
  [ "$got" = "3.6: rcu.mode=softirq|3.7: rcu.mode=kthread#$want" ] \
    || fail "--only $only: where.svg's groups and totals read '$got', wanted 3.6 and 3.7 over '$want'"
done

exit $failed
