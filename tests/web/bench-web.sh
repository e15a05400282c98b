#!/usr/bin/env bash
# bench-web.sh — make bench-web: engine speed in headless chromium vs native, first frame, frame rate (figures only).
set -u
build=${1:-build}
command -v chromium >/dev/null || { echo "bench-web: chromium missing: run make deps-web" >&2; exit 2; }
exec timeout 3600 python3 -u "$(dirname "$0")/bench_web.py" "$build"
