#!/usr/bin/env bash
# test-web.sh — make test-web: the browser build in Debian's headless chromium (tests/web/test_web.py).
set -u
build=${1:-build}
command -v chromium >/dev/null || { echo "test-web: chromium missing: run make deps-web" >&2; exit 2; }
exec timeout 600 python3 -u "$(dirname "$0")/test_web.py" "$build"
