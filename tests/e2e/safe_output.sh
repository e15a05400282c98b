#!/usr/bin/env bash
# safe_output.sh — every output path (run --trace, shot -o) keeps the user's files: non-regular
# targets written through, symlinks kept, read-only refused, full disk reported (exit 2, OS message,
# old file intact, no temp left), concurrent writers, stale temp files of killed runs cleaned.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/safe_output.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
scn="$root/scenarios/small-busy.json"
tmp=$(mktemp -d)
mnt=""
cleanup() { [ -n "$mnt" ] && umount "$mnt" 2>/dev/null; rm -rf "$tmp"; }
trap cleanup EXIT
failed=0
. "$(dirname "$0")/lib/checks.sh"
no_temp_in() { ! ls -A "$1" | grep -q 'rcuvis-tmp' || fail "$2: a temp file was left in $1: $(ls -A "$1" | grep rcuvis-tmp)"; }

# --- a character device is written through, never replaced (as root this used to turn /dev/null
# into a regular file). As root the test uses its own device nodes, so that a binary with the old
# behaviour replaces those and not the system's /dev/null and /dev/full.
if mknod -m 666 "$tmp/null" c 1 3 2>/dev/null && mknod -m 666 "$tmp/full" c 1 7 2>/dev/null; then
  devnull="$tmp/null"; devfull="$tmp/full"
else
  devnull=/dev/null; devfull=/dev/full
fi
expect_rc 0 "trace into a null device" -- "$bin" run "$scn" --duration 1 --trace "$devnull"
[ -c "$devnull" ] || fail "$devnull is no longer a character device"
# a FIFO gets the stream; it stays a FIFO
mkfifo "$tmp/fifo"
( cat "$tmp/fifo" > "$tmp/fifo.out" ) &
reader=$!
expect_rc 0 "trace into a FIFO" -- "$bin" run "$scn" --duration 1 --trace "$tmp/fifo"
if [ -p "$tmp/fifo" ]; then wait $reader; else fail "the FIFO was replaced by a regular file"; kill $reader; wait $reader; fi
"$bin" run "$scn" --duration 1 --trace "$tmp/plain.jsonl" >/dev/null
cmp -s "$tmp/fifo.out" "$tmp/plain.jsonl" || fail "the FIFO's reader did not get the whole trace"
# /dev/stdout into a pipe: the link leads to /proc/self/fd/1, which names "pipe:[N]", not a file; the
# picture and the trace must still go down the pipe
"$bin" shot "$scn" --at 1 -o /dev/stdout 2>"$tmp/err" | cat > "$tmp/pipe.png"
[ "$(head -c 4 "$tmp/pipe.png" | od -An -tx1 | tr -d ' \n')" = 89504e47 ] || { fail "shot -o /dev/stdout into a pipe: no PNG came out"; sed 's/^/  stderr: /' "$tmp/err" | head -3; }
"$bin" run "$scn" --duration 1 --trace /dev/stdout 2>"$tmp/err" | grep '^{' > "$tmp/pipe.jsonl"
cmp -s "$tmp/pipe.jsonl" "$tmp/plain.jsonl" || fail "run --trace /dev/stdout into a pipe: the trace did not come whole"
# /dev/stdout redirected to a regular file: the chain ends at that file, but it is our stdout, not a
# file to replace. Renaming a temp file over it dropped what `>>` appended to, and the summary printed
# after the trace went to the unlinked old file. Written into the descriptor, as the shell would.
echo "KEEP ME" > "$tmp/log.txt"
"$bin" run "$scn" --duration 1 --trace /dev/stdout >> "$tmp/log.txt" 2>"$tmp/err" || fail "run --trace /dev/stdout >> FILE: exit $?"
[ "$(head -1 "$tmp/log.txt")" = "KEEP ME" ] || fail "run --trace /dev/stdout >> FILE: the file's earlier line was lost"
grep '^{' "$tmp/log.txt" | cmp -s - "$tmp/plain.jsonl" || fail "run --trace /dev/stdout >> FILE: the trace did not come whole"
grep -q "simulated 1.000 s" "$tmp/log.txt" || fail "run --trace /dev/stdout >> FILE: the summary printed after the trace was lost"
no_temp_in "$tmp" "trace into /dev/stdout as a file"
# /dev/stderr appended to a log that is no trace: written into (not refused as "not an rcuvis trace",
# not renamed over the log)
echo "log line" > "$tmp/stderr.log"
"$bin" run "$scn" --duration 1 --trace /dev/stderr >/dev/null 2>>"$tmp/stderr.log" || fail "run --trace /dev/stderr 2>> LOG: exit $?"
[ "$(head -1 "$tmp/stderr.log")" = "log line" ] && grep '^{' "$tmp/stderr.log" | cmp -s - "$tmp/plain.jsonl" \
  || fail "run --trace /dev/stderr 2>> LOG: wanted the log's line, then the whole trace"
# the same through /dev/fd/1 and /proc/self/fd/1, and for a picture: the text first, the PNG after it
for fdpath in /dev/fd/1 /proc/self/fd/1; do
  echo "KEEP" > "$tmp/fd.out"
  "$bin" shot "$scn" --at 1 -o "$fdpath" >> "$tmp/fd.out" 2>"$tmp/err" || fail "shot -o $fdpath >> FILE: exit $?"
  [ "$(head -c 9 "$tmp/fd.out" | od -An -tx1 | tr -d ' \n')" = 4b4545500a89504e47 ] || fail "shot -o $fdpath >> FILE: expected KEEP then a PNG"
done
# a closed stdout is an error named by the path, not a crash or a file made somewhere
expect_rc 2 "trace into a closed stdout" -- sh -c 'exec "$0" run "$1" --duration 1 --trace /dev/stdout >&-' "$bin" "$scn" \
  && err_has "/dev/stdout: cannot write" "trace into a closed stdout"

# --- a symlink keeps pointing where it points; its target gets the data and keeps its mode
mkdir "$tmp/real"
echo '{"t":0,"ev":"an older trace"}' > "$tmp/real/t.jsonl"; chmod 640 "$tmp/real/t.jsonl"
ln -s real/t.jsonl "$tmp/link.jsonl"
expect_rc 0 "trace through a symlink" -- "$bin" run "$scn" --duration 1 --trace "$tmp/link.jsonl"
[ -L "$tmp/link.jsonl" ] || fail "the symlink was replaced by a file"
cmp -s "$tmp/real/t.jsonl" "$tmp/plain.jsonl" || fail "the symlink's target did not get the trace"
[ "$(stat -c %a "$tmp/real/t.jsonl")" = 640 ] || fail "the target's mode changed to $(stat -c %a "$tmp/real/t.jsonl")"
no_temp_in "$tmp/real" "symlink"
# a dangling symlink: the file it names is created
ln -s real/new.png "$tmp/dangling.png"
expect_rc 0 "shot through a dangling symlink" -- "$bin" shot "$scn" --at 1 -o "$tmp/dangling.png"
[ -L "$tmp/dangling.png" ] && [ -s "$tmp/real/new.png" ] || fail "shot -o through a dangling symlink"
# --- a file with another hard link: both names get the new data (written in place, one inode), and
# no temp file is left; a rename over it left the other name on the old trace
echo '{"t":0,"ev":"an older trace"}' > "$tmp/real/hard.jsonl"; chmod 640 "$tmp/real/hard.jsonl"
ln "$tmp/real/hard.jsonl" "$tmp/hard2.jsonl"
expect_rc 0 "trace into a hard-linked file" -- "$bin" run "$scn" --duration 1 --trace "$tmp/real/hard.jsonl"
cmp -s "$tmp/hard2.jsonl" "$tmp/plain.jsonl" || fail "the file's other hard link kept the old trace"
[ "$(stat -c %i "$tmp/real/hard.jsonl")" = "$(stat -c %i "$tmp/hard2.jsonl")" ] || fail "the hard link was split in two files"
[ "$(stat -c %a "$tmp/hard2.jsonl")" = 640 ] || fail "the hard-linked file's mode changed to $(stat -c %a "$tmp/hard2.jsonl")"
no_temp_in "$tmp/real" "hard link"

# --- a trace replaces only a trace: a user's notes, or the scenario itself given as --trace by a slip
# of the tab key, was replaced by the events (exit 0)
echo "my notes" > "$tmp/notes.txt"
expect_rc 2 "trace over a file that is no trace" -- "$bin" run "$scn" --duration 1 --trace "$tmp/notes.txt" \
  && err_has 'notes.txt is not an rcuvis trace: expected a file starting with an event line {"t":' "trace over notes" \
  && err_has 'found text starting "my notes"' "trace over notes"
[ "$(cat "$tmp/notes.txt")" = "my notes" ] || fail "trace over notes: the notes were changed"
cp "$scn" "$tmp/mine.json"
expect_rc 2 "a scenario traced into itself" -- "$bin" run "$tmp/mine.json" --duration 1 --trace "$tmp/mine.json" \
  && err_has "mine.json is not an rcuvis trace" "a scenario traced into itself"
cmp -s "$scn" "$tmp/mine.json" || fail "a scenario traced into itself was changed"
: > "$tmp/empty.jsonl"
expect_rc 0 "trace over an empty file" -- "$bin" run "$scn" --duration 1 --trace "$tmp/empty.jsonl"
no_temp_in "$tmp" "traces refused"

# --- refused: a read-only file, a directory; the OS message and exit 2
echo '{"t":0}' > "$tmp/ro.jsonl"; chmod 444 "$tmp/ro.jsonl"
expect_rc 2 "read-only target" -- "$bin" run "$scn" --duration 1 --trace "$tmp/ro.jsonl" && err_has "read-only" "read-only target"
[ "$(cat "$tmp/ro.jsonl")" = '{"t":0}' ] && [ "$(stat -c %a "$tmp/ro.jsonl")" = 444 ] || fail "the read-only file was changed"
# another user's file that we may not write: refused, and not called "read-only (mode 0644)" (needs
# root, to run as nobody)
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  mkdir -m 777 "$tmp/shared"; chmod 755 "$tmp"
  echo '{"t":0}' > "$tmp/shared/root.jsonl"; chmod 644 "$tmp/shared/root.jsonl"
  expect_rc 2 "another user's file" -- setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" run "$scn" --duration 1 --trace "$tmp/shared/root.jsonl" \
    && err_has "root.jsonl may not be written by you (mode 0644, owner uid 0, you are uid 65534)" "another user's file" \
    && err_lacks "read-only" "another user's file"
  [ "$(cat "$tmp/shared/root.jsonl")" = '{"t":0}' ] || fail "another user's file was changed"
  chmod 700 "$tmp"
fi
# shot picks its format from the name (.png, .svg), so the directory carries the extension
mkdir -p "$tmp/adir.png"
expect_rc 2 "directory target" -- "$bin" shot "$scn" --at 1 -o "$tmp/adir.png" && err_has "is a directory" "directory target"

# --- an output that cannot be written is found before the work, not after it. The proof is not a
# stopwatch: the scenario is a week of 4096 CPUs (the engine runs such a machine at about 0.2x real
# time), so --at 600000 would simulate for weeks, and any answer at all came before the simulation.
# The timeout only stops a hang (exit 124 fails the test); it measures nothing.
python3 - "$root/scenarios/big-machine.json" "$tmp/week.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d.update(name="week", duration_s=604800)
for k in ("captions", "expect", "$schema"): d.pop(k, None)
json.dump(d, open(sys.argv[2], "w"))
PY
guard="timeout 600"
expect_rc 2 "shot -o into a missing directory" -- $guard "$bin" shot "$tmp/week.json" --at 600000 -o "$tmp/no/such/x.png" \
  && err_has "rcuvis: shot: $tmp/no/such/x.png: cannot write: the directory $tmp/no/such does not exist" "shot -o into a missing directory"
echo text > "$tmp/afile"
expect_rc 2 "shot -o under a file" -- $guard "$bin" shot "$tmp/week.json" --at 600000 -o "$tmp/afile/x.svg" \
  && err_has "$tmp/afile/x.svg: cannot write: $tmp/afile is not a directory" "shot -o under a file"
echo keep > "$tmp/ro.png"; chmod 444 "$tmp/ro.png"
expect_rc 2 "shot -o a read-only picture" -- $guard "$bin" shot "$tmp/week.json" --at 600000 -o "$tmp/ro.png" \
  && err_has "is read-only" "shot -o a read-only picture"
[ "$(cat "$tmp/ro.png")" = keep ] || fail "the read-only picture was changed"
expect_rc 2 "clip frames into a missing directory" -- $guard "$bin" shot "$tmp/week.json" --from 599999 --to 600000 -o "$tmp/no/such/clip/" \
  && err_has "cannot create $tmp/no/such/clip/ for the frames: the directory $tmp/no/such does not exist" "clip frames into a missing directory"
expect_rc 2 "clip into a missing directory" -- $guard "$bin" shot "$tmp/week.json" --from 599999 --to 600000 -o "$tmp/no/such/c.gif" \
  && err_has "$tmp/no/such/c.gif: cannot write: the directory $tmp/no/such does not exist" "clip into a missing directory"
mkdir "$tmp/users"; echo mine > "$tmp/users/notes.txt"
expect_rc 2 "clip into the user's directory" -- $guard "$bin" shot "$tmp/week.json" --from 599999 --to 600000 -o "$tmp/users/" \
  && err_has "holds 1 entry that rcuvis did not write (notes.txt)" "clip into the user's directory"
[ "$(ls -A "$tmp/users")" = notes.txt ] || fail "the check changed the user's directory: $(ls -A "$tmp/users")"
# reproduce prints its table when every run is done: an empty stdout shows none ran
expect_rc 2 "reproduce --html into a missing directory" -- $guard "$bin" reproduce --html "$tmp/no/such/r.html" \
  && err_has "rcuvis: reproduce: --html: $tmp/no/such/r.html: cannot write: the directory $tmp/no/such does not exist" "reproduce --html"
[ ! -s "$tmp/out" ] || fail "reproduce --html ran the claims before refusing the path: $(head -2 "$tmp/out")"
expect_rc 2 "quiz --export into a missing directory" -- env XDG_STATE_HOME="$tmp/qsx" RCUVIS_DATA="$root" "$bin" quiz --export "$tmp/no/such/me.csv" \
  && err_has "rcuvis: quiz: --export: $tmp/no/such/me.csv: cannot write: the directory $tmp/no/such does not exist" "quiz --export"
[ ! -e "$tmp/qsx" ] || fail "quiz --export wrote progress before refusing its path"
# --update-expected runs every predict question and then rewrites the file: a read-only one is refused first
cp "$root/quizzes/workbook.json" "$tmp/wb.json"; chmod 444 "$tmp/wb.json"
expect_rc 2 "update-expected of a read-only quiz" -- env RCUVIS_DATA="$root" "$bin" quiz --update-expected "$tmp/wb.json" \
  && err_has "$tmp/wb.json is read-only (mode 0444); not replacing it; nothing was computed" "update-expected read-only"
cmp -s "$tmp/wb.json" "$root/quizzes/workbook.json" || fail "update-expected changed a read-only quiz"
no_temp_in "$tmp" "checks before the work"

# --- a full device: exit 2 with the OS message (written through, so the error is the device's)
expect_rc 2 "shot -o a full device" -- "$bin" shot "$scn" --at 1 -o "$devfull" && err_has "No space left on device" "shot -o a full device"
ln -s "$devfull" "$tmp/full.png"   # through a symlink too: the link survives, the device gets the write
expect_rc 2 "shot -o a link to a full device" -- "$bin" shot "$scn" --at 1 -o "$tmp/full.png" && err_has "No space left on device" "shot -o a link to a full device"
[ -L "$tmp/full.png" ] || fail "shot replaced the symlink to the full device"
expect_rc 2 "trace into a full device" -- "$bin" run "$scn" --duration 1 --trace "$devfull" && err_has "No space left on device" "trace into a full device"
[ -c "$devfull" ] || fail "$devfull is no longer a character device"

# --- a full file system: a 64 KiB tmpfs (needs root); the old file stays whole, no temp is left
mnt="$tmp/small"; mkdir "$mnt"
if mount -t tmpfs -o size=64k tmpfs "$mnt" 2>/dev/null; then
  # a PNG's signature, then words to compare: shot replaces only a picture (util/ownfile.h)
  printf '\211PNG\r\n\032\nprevious picture' > "$mnt/pic.png"; cp "$mnt/pic.png" "$tmp/pic.before"
  expect_rc 2 "shot on a full disk" -- "$bin" shot "$scn" --at 1 -o "$mnt/pic.png" && err_has "No space left on device" "shot on a full disk"
  cmp -s "$mnt/pic.png" "$tmp/pic.before" || fail "a failed shot damaged the old file"
  no_temp_in "$mnt" "shot on a full disk"
  expect_rc 2 "trace on a full disk" -- "$bin" run "$scn" --duration 5 --trace "$mnt/t.jsonl" && err_has "No space left on device" "trace on a full disk"
  [ ! -e "$mnt/t.jsonl" ] || fail "a failed trace left a file"
  no_temp_in "$mnt" "trace on a full disk"
  # a clip whose first frame does not fit: the frame and the OS's reason are named, and the frame
  # directory it made goes again (it said "frames 1 to 0" and left an empty one); a directory the
  # user had stays. The rest of the tmpfs is filled first, so no frame fits at any picture size.
  cat /dev/zero > "$mnt/filler" 2>/dev/null
  expect_rc 2 "clip frames on a full disk" -- "$bin" shot "$scn" --from 1 --to 1.2 -o "$mnt/clip/" \
    && { err_has "$mnt/clip/frame-00001.png: cannot write: No space left on device; no frame was written, $mnt/clip/ was removed again" "clip frames on a full disk"
         grep -q "frames 1 to 0" "$tmp/err" && fail "clip frames on a full disk: still says 'frames 1 to 0'"; }
  [ ! -e "$mnt/clip" ] || fail "a clip that wrote no frame left its frame directory: $(ls -A "$mnt/clip")"
  expect_rc 2 "clip file on a full disk" -- "$bin" shot "$scn" --from 1 --to 1.2 -o "$mnt/c.gif" \
    && err_has "$mnt/c-frames/frame-00001.png: cannot write: No space left on device; no frame was written, $mnt/c-frames/ was removed again; $mnt/c.gif was not written" "clip file on a full disk"
  [ ! -e "$mnt/c-frames" ] && [ ! -e "$mnt/c.gif" ] || fail "a clip that wrote no frame left $(ls -A "$mnt")"
  mkdir "$mnt/mine"
  expect_rc 2 "clip frames into the user's directory on a full disk" -- "$bin" shot "$scn" --from 1 --to 1.2 -o "$mnt/mine/" \
    && err_has "no frame was written into $mnt/mine/" "clip into the user's directory on a full disk"
  [ -d "$mnt/mine" ] || fail "a failed clip removed the user's own directory"
  no_temp_in "$mnt" "clips on a full disk"
  umount "$mnt"; mnt=""
else
  echo "NOTE full-disk test on tmpfs skipped (mount needs root); /dev/full covered the message"
fi

# --- two runs tracing into the same file at once: each writes its own temp file, the result is one
# whole trace (it used to be a mix of both)
"$bin" run "$scn" --duration 3 --trace "$tmp/same.jsonl" >/dev/null 2>"$tmp/e1" & p1=$!
"$bin" run "$scn" --duration 3 --trace "$tmp/same.jsonl" >/dev/null 2>"$tmp/e2" & p2=$!
wait $p1 && wait $p2 || fail "concurrent traces: $(cat "$tmp/e1" "$tmp/e2")"
"$bin" run "$scn" --duration 3 --trace "$tmp/one.jsonl" >/dev/null
cmp -s "$tmp/same.jsonl" "$tmp/one.jsonl" || fail "two concurrent traces into one file corrupted it"
no_temp_in "$tmp" "concurrent traces"

# --- SIGKILL mid-write leaves a temp file; the next writer in that directory removes it (only
# temp files of dead processes: a live one's is left alone)
mkdir "$tmp/k"
"$bin" run "$scn" --duration 100000 --trace "$tmp/k/big.jsonl" >/dev/null 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null && [ -z "$(ls -A "$tmp/k")" ]; do sleep 0.05; done   # until its file exists
kill -KILL $pid; wait $pid 2>/dev/null
ls -A "$tmp/k" | grep -q "^\.big\.jsonl\.rcuvis-tmp-$pid-" || fail "SIGKILL: expected a leftover temp file of pid $pid, found: $(ls -A "$tmp/k")"
sleep 1000 & live=$!
touch "$tmp/k/.other.png.rcuvis-tmp-$live-abcdef"
expect_rc 0 "next run after SIGKILL" -- "$bin" run "$scn" --duration 1 --trace "$tmp/k/next.jsonl"
ls -A "$tmp/k" | grep -q "rcuvis-tmp-$pid-" && fail "the killed run's temp file was not cleaned"
[ -e "$tmp/k/.other.png.rcuvis-tmp-$live-abcdef" ] || fail "a live process's temp file was removed"
kill $live; wait $live 2>/dev/null

# --- SIGTERM during a clip export: the clip file's temp (open from the start, while the frames are
# drawn) and the frame being written go with the process (util/tempguard.h); ".c.gif.rcuvis-tmp-PID-..."
# used to stay beside the clip until another rcuvis wrote there. No timing: the test waits for a frame
# to appear (the export has 18,000 to draw), stops the process there, checks that it is mid-export
# (its clip's temp file exists), and only then sends SIGTERM, delivered when it is let go.
mkdir "$tmp/sig"
"$bin" shot "$root/scenarios/hackbench.json" --from 0 --to 10 --fps 30 --length 600 --size 320x180 -o "$tmp/sig/c.gif" >/dev/null 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null && [ ! -e "$tmp/sig/c-frames/frame-00002.png" ]; do sleep 0.05; done
kill -STOP $pid 2>/dev/null || fail "SIGTERM during a clip: the export ended before its third frame"
ls -A "$tmp/sig" | grep -q '^\.c\.gif\.rcuvis-tmp-' || fail "SIGTERM during a clip: no temp file of the clip mid-export (nothing to clean)"
kill -TERM $pid; kill -CONT $pid; wait $pid; rc=$?
[ $rc -eq 143 ] || fail "SIGTERM during a clip: exit $rc, wanted 143"
no_temp_in "$tmp/sig" "SIGTERM during a clip"
no_temp_in "$tmp/sig/c-frames" "SIGTERM during a clip"
[ ! -e "$tmp/sig/c.gif" ] || fail "SIGTERM during a clip: a clip file was written"

# --- `rcuvis quiz` exits non-zero when progress cannot be saved, and says why
export RCUVIS_DATA="$root"
answers='4\n5\n65\n261\n3\na\na\na\na\n3\n261\n'
mkdir -p "$tmp/qs1/rcuvis/progress.json"   # a directory where the file should be
printf '%b' "$answers" | XDG_STATE_HOME="$tmp/qs1" "$bin" quiz 2 >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] || fail "quiz with a directory as progress file: exit 0"
err_has "is a directory" "quiz with a directory as progress file"
grep -q "Progress saved" "$tmp/out" && fail "quiz claimed 'Progress saved' when it was not"
mkdir -p "$tmp/qs2/rcuvis"; echo '{"version": 1, "lessons": {}}' > "$tmp/qs2/rcuvis/progress.json"
chmod 444 "$tmp/qs2/rcuvis/progress.json"
printf '%b' "$answers" | XDG_STATE_HOME="$tmp/qs2" "$bin" quiz 2 >"$tmp/out" 2>"$tmp/err"; rc=$?
[ $rc -ne 0 ] || fail "quiz with a read-only progress file: exit 0"
err_has "read-only" "quiz with a read-only progress file"
[ "$(stat -c %a "$tmp/qs2/rcuvis/progress.json")" = 444 ] && [ "$(cat "$tmp/qs2/rcuvis/progress.json")" = '{"version": 1, "lessons": {}}' ] \
  || fail "the read-only progress file was replaced or its mode changed"

# two `rcuvis quiz` processes answering at once keep both sets of answers: each alone (into its own
# state) tells which questions it answers; at once, into one state, the file must hold them all.
# A fixed student id makes the option order (shuffled per student) the same in every state.
seed_state() { mkdir -p "$1/rcuvis"; echo '{"version": 2, "student": "00000000c0ffee00", "lessons": {}}' > "$1/rcuvis/progress.json"; }
ans1='a\na\na\na\na\na\na\na\na\na\na\na\nq\n'
for d in qsA qsB qsAB; do seed_state "$tmp/$d"; done
printf '%b' "$answers" | XDG_STATE_HOME="$tmp/qsA" "$bin" quiz 2 >/dev/null 2>&1
printf '%b' "$ans1" | XDG_STATE_HOME="$tmp/qsB" "$bin" quiz 1 >/dev/null 2>&1
printf '%b' "$answers" | XDG_STATE_HOME="$tmp/qsAB" "$bin" quiz 2 >/dev/null 2>"$tmp/e1" & p1=$!
printf '%b' "$ans1" | XDG_STATE_HOME="$tmp/qsAB" "$bin" quiz 1 >/dev/null 2>"$tmp/e2" & p2=$!
wait $p1; wait $p2
python3 - "$tmp/qsA" "$tmp/qsB" "$tmp/qsAB" <<'PY' || fail "two concurrent quiz processes: an answer was lost"
import json, sys
keys = lambda d: {(l, q) for l, qs in json.load(open(d + "/rcuvis/progress.json"))["lessons"].items() for q in qs}
a, b, ab = keys(sys.argv[1]), keys(sys.argv[2]), keys(sys.argv[3])
assert a and b, (a, b)
assert a | b <= ab, "missing: %s" % sorted((a | b) - ab)
PY

[ $failed -eq 0 ] && echo "safe_output: all passed"
exit $failed
