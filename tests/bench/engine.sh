#!/usr/bin/env bash
# engine.sh — engine speed (simulated seconds per wall second) on shipped scenarios, and the wall time of `rcuvis reproduce`.
#   RCUVIS_BIN=build/rcuvis bash tests/bench/engine.sh      (figures only: nothing here is asserted)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# speed NAME [run options...]: one headless run, its pace from the report's own clock
speed() {
  local name=$1; shift
  if ! "$bin" run "$name" --json "$@" >"$tmp/r.json" 2>"$tmp/err"; then
    printf '  %-34s (not run: %s)\n' "$name $*" "$(head -1 "$tmp/err")"
    return
  fi
  python3 - "$tmp/r.json" "$name $*" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
sim, wall = d["sim_seconds"], d["wall_seconds"]
pace = sim / wall if wall > 0 else float("inf")
print("  %-34s %5d CPUs %8.1f sim s in %7.2f wall s = %9.1f sim s per wall s, %6.2f M events/s"
      % (sys.argv[2], d["cpus"], sim, wall, pace, d["events"] / wall / 1e6 if wall > 0 else 0))
EOF
}

echo "engine speed (rcuvis run, one core):"
speed small-busy
speed hackbench                      # 1 simulated minute, 16 CPUs, 3.7, RCU_FAST_NO_HZ drains
speed hackbench --mode softirq
speed hackbench --set duration_s=600 # the article's ten minutes
speed hackbench --set duration_s=600 --set rcu.fast_no_hz=false  # ten minutes on the tick path
speed big-machine                    # 4096 CPUs

# reproduce CLAIMS_OPTIONS...: total wall time as the command measures it, and the verdict line
reproduce() {
  local t0 t1
  t0=$(date +%s.%N)
  "$bin" reproduce "$@" --json >"$tmp/rep.json" 2>"$tmp/err"
  local rc=$?
  t1=$(date +%s.%N)
  python3 - "$tmp/rep.json" "$rc" "$t0" "$t1" "$*" <<'EOF'
import json, sys
rc, t0, t1, opts = int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
try:
    d = json.load(open(sys.argv[1]))
except Exception:
    print("  reproduce %-22s exit %d, no JSON (see rcuvis reproduce %s)" % (opts, rc, opts))
    sys.exit(0)
held = sum(c["holds"] for c in d["claims"])
runs = d["runs"]
slow = sorted(runs, key=lambda r: -r["wall_seconds"])[:3]
print("  reproduce %-22s %6.1f s wall, %6.1f s CPU, %d runs, %d of %d claims hold (exit %d)"
      % (opts, t1 - t0, d.get("cpu_seconds", 0), len(runs), held, len(d["claims"]), rc))
for r in slow:
    print("      slowest: %-14s %-44s %7.2f s" % (r["scenario"], " ".join(r["sets"]), r["wall_seconds"]))
EOF
}

echo "rcuvis reproduce (parallel runs on $(nproc) CPUs; load average now $(cut -d' ' -f1 /proc/loadavg)):"
reproduce
reproduce --quick
reproduce --quick --seeds 3
