#!/usr/bin/env bash
# bench.sh — performance figures: simulated seconds per wall second, and frame times off-screen.
set -u
bin=$1
for t in tests/bench/*.sh; do [ -e "$t" ] && RCUVIS_BIN=$bin bash "$t"; done
