#!/usr/bin/env bash
# step.sh — one step of `make test` with its time: "== NAME" before, "== NAME: W s (C s of CPU)" after.
#   tools/step.sh NAME LOG|- COMMAND...   LOG: the command's output goes there and its last 60 lines
#                                        are shown only when it fails (a build's commands); - shows all
# CPU is user + system time of everything the step ran: on a loaded machine the wall time grows,
# the CPU time much less, so the two together say where the minutes went.
set -u
name=$1 log=$2; shift 2
echo "== $name"
tf=$(mktemp); trap 'rm -f "$tf"' EXIT
TIMEFORMAT='%R %U %S'
exec 3>&1 4>&2
if [ "$log" = - ]; then { time "$@" >&3 2>&4 3>&- 4>&-; } 2>"$tf"; rc=$?
else mkdir -p "$(dirname "$log")"; { time "$@" >"$log" 2>&1 3>&- 4>&-; } 2>"$tf"; rc=$?
  [ $rc -eq 0 ] || { tail -60 "$log"; echo "(whole output: $log)"; }
fi
read -r real user sys <"$tf"
echo "== $name: ${real%.*} s ($(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%d", u + s}') s of CPU)$([ $rc -eq 0 ] || echo ", FAILED (exit $rc)")"
exit $rc
