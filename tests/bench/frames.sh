#!/usr/bin/env bash
# frames.sh — frame times of the window's drawing, off-screen with SDL's software renderer:
# p50/p99 per frame (advance 1/60 s of playback + build views + draw) at 2, 16, 64 and 4096 CPUs.
#   RCUVIS_BIN=build/rcuvis tests/bench/frames.sh
# Figures only: nothing here asserts wall-clock time.
set -u
bin=${RCUVIS_BIN:-build/rcuvis}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
scen() { # cpus busy_cpus
  cat >"$work/b$1.json" <<JSON
{
  "name": "bench-$1",
  "cpus": $1, "hz": 1000, "seed": 1, "duration_s": 30,
  "rcu": {"mode": "kthread"},
  "workload": [{
    "task": "hackbench", "cpus": "all", "busy_frac": 0.8, "user_frac": 0.5, "busy_period_ms": 8,
    "ctxsw_per_s": 1500, "irqs_per_s": 800, "idle_irqs_per_s": 20,
    "readers": {"rcu_sched": {"rate_per_s": 2000, "mean_us": 4}},
    "call_rcu_per_s": {"rcu_sched": 400}, "burst_mean": 4
  }]
}
JSON
}
echo "frames.sh: software renderer, off-screen; frame = playback step + views + draw"
for n in 2 16 64 4096; do
  scen $n
  frames=300; [ $n -ge 1024 ] && frames=60
  for size in 1600x900; do
    out=$("$bin" shot "$work/b$n.json" --at 1 --size $size --bench-frames $frames 2>&1) || { echo "cpus=$n: FAILED: $out"; continue; }
    echo "cpus=$n $out"
  done
done
# time travel: a 10-minute run on 16 CPUs, then seeks to random moments (checkpoint + re-simulation)
scen 16
sed -i 's/"duration_s": 30/"duration_s": 600/' "$work/b16.json"
echo "cpus=16 10-minute run: $("$bin" shot "$work/b16.json" --at 590 --bench-seeks 40 2>&1 | tr '\n' ' ')"
