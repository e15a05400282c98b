#!/usr/bin/env bash
# quiz.sh — end-to-end checks of `rcuvis quiz` and quiz files in `rcuvis check`: piped answers, progress, resets, corrupt files, --update-expected.
#   RCUVIS_BIN=build/rcuvis RCUVIS_ROOT=. bash tests/e2e/quiz.sh     (exit 0 = all passed)
set -u
bin=${RCUVIS_BIN:?set RCUVIS_BIN to the rcuvis binary}
root=${RCUVIS_ROOT:-.}
quiz="$root/quizzes/workbook.json"
[ -x "$bin" ] || { echo "FAIL: $bin is not an executable"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# a private state directory: never touch the user's real progress
export XDG_STATE_HOME="$tmp/state" RCUVIS_DATA="$root"
progress="$XDG_STATE_HOME/rcuvis/progress.json"
failed=0

fail() { echo "FAIL: $*"; failed=1; }
# expect_rc WANT DESCRIPTION INPUT -- COMMAND...: feed INPUT on stdin, keep stdout/stderr in $tmp/out, $tmp/err
expect_rc() {
  local want=$1 what=$2 input=$3; shift 4
  printf '%b' "$input" | "$@" >"$tmp/out" 2>"$tmp/err"; local rc=$?
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/  stderr: /' "$tmp/err" | head -5; return 1; }
}
err_has() { grep -qF -- "$1" "$tmp/err" || { fail "$2: stderr lacks '$1'"; sed 's/^/  stderr: /' "$tmp/err" | head -5; }; }
out_has() { grep -qF -- "$1" "$tmp/out" || { fail "$2: stdout lacks '$1'"; tail -5 "$tmp/out" | sed 's/^/  stdout: /'; }; }
json_get() { python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$@"; }

# --- help, and the shipped quiz passes check (predict answers recomputed by the engine)
expect_rc 0 "quiz --help" "" -- "$bin" quiz --help && out_has "--update-expected" "quiz --help"
expect_rc 0 "check the shipped quiz" "" -- "$bin" check "$quiz"

# --- a whole lesson answered through a pipe: one wrong answer, then all right
answers='4\n5\n65\n261\n3\na\na\na\na\n3\n261\n'
if expect_rc 0 "quiz 2 with piped answers" "$answers" -- "$bin" quiz 2; then
  out_has "Not quite." "wrong answer gets feedback"
  out_has "Those are the leaves." "per-answer feedback for 4"
  out_has "The answer: 261, computed by running the simulation" "predict answer shown with its origin"
  out_has "=== End of lesson 2: 10 of 10 answered right ===" "lesson summary"
  [ -f "$progress" ] || fail "progress file written under XDG_STATE_HOME"
  [ "$(json_get "$progress" 'd["lessons"]["workbook/2"]["2.1"]["attempts"]')" = 2 ] || fail "two attempts recorded for 2.1"
  [ "$(json_get "$progress" 'd["lessons"]["workbook/2"]["2.3"]["last"]')" = 261 ] || fail "the prediction is recorded"
  ls "$XDG_STATE_HOME/rcuvis" | grep -q tmp && fail "a temp file was left next to progress.json"
fi

expect_rc 0 "quiz --list" "" -- "$bin" quiz --list && out_has "10/10 right" "list shows lesson 2 done"

# --- continuing without a lesson starts at the first unfinished question; q saves and leaves
expect_rc 0 "quiz, then q" "q\n" -- "$bin" quiz && { out_has "question 1.1 (1 of 7)" "continues at lesson 1"; out_has "Progress saved." "q says progress is saved"; }

# --- end of input in the middle of a lesson ends cleanly
expect_rc 0 "quiz 1, input ends early" "a\n" -- "$bin" quiz 1 && out_has "(end of input) Progress saved." "EOF is clean"
[ "$(json_get "$progress" 'd["lessons"]["workbook/1"]["1.1"]["correct"]')" = True ] || fail "the answer before EOF was saved"

# --- hint and show-answer are recorded
expect_rc 0 "hint then show" "h\ns\n" -- "$bin" quiz 3 && out_has "Hint:" "h shows the hint"
[ "$(json_get "$progress" 'd["lessons"]["workbook/3"]["3.1"]["hinted"] and d["lessons"]["workbook/3"]["3.1"]["revealed"]')" = True ] || fail "hint and reveal recorded"

# --- input that is not an answer is explained, not counted
expect_rc 0 "nonsense input" "zzz\n" -- "$bin" quiz 4 && out_has "Type one letter, a to d." "nonsense explained"

# --- resets
expect_rc 0 "reset lesson 2" "" -- "$bin" quiz --reset 2 && out_has "Forgot 10 answers of lesson workbook/2" "reset one lesson"
expect_rc 0 "list after reset" "" -- "$bin" quiz --list && out_has " 0/10 right" "lesson 2 forgotten"
[ "$(json_get "$progress" '"workbook/1" in d["lessons"]')" = True ] || fail "reset of lesson 2 kept lesson 1"
expect_rc 0 "reset all" "" -- "$bin" quiz --reset-all && out_has "Forgot every answer." "reset-all"
[ "$(json_get "$progress" 'len(d["lessons"])')" = 0 ] || fail "reset-all empties the progress"
expect_rc 2 "unknown lesson" "" -- "$bin" quiz --reset 99 && err_has "rcuvis: quiz: no lesson \"99\"" "unknown lesson named"

# --- a corrupt progress file is reported and set aside, never wiped
printf '{"version": 1, "lessons": {' >"$progress"
expect_rc 0 "corrupt progress" "" -- "$bin" quiz --list && err_has "is corrupt" "corruption reported"
ls "$XDG_STATE_HOME/rcuvis" | grep -q '^progress.json.corrupt-[0-9]' || fail "corrupt file renamed progress.json.corrupt-<time>"
[ "$(cat "$XDG_STATE_HOME"/rcuvis/progress.json.corrupt-*)" = '{"version": 1, "lessons": {' ] || fail "the corrupt file's content is kept"

# --- review mode: answers visible, nothing recorded
rm -rf "$XDG_STATE_HOME"
expect_rc 0 "review" "" -- "$bin" quiz 6 --review && { out_has "[*] a) A kthread can be preempted" "review stars the right answer"; out_has "Quick Quiz 3" "review shows the article's quizzes"; }
[ -e "$progress" ] && fail "review must not write progress"

# --- a malformed quiz file: exact messages, from both quiz and check
cat >"$tmp/bad.json" <<'EOF'
{"id": "bad", "title": "Bad", "lessons": [{"id": "1", "title": "L", "questions": [
  {"id": "1.1", "kind": "choice", "question": "Q", "explanation": "E", "hnt": "x",
   "answers": [{"text": "a", "correct": true, "feedback": "f"}, {"text": "b", "feedback": "g"}]}]}]}
EOF
expect_rc 2 "quiz on a bad file" "" -- "$bin" quiz --file "$tmp/bad.json" && err_has "rcuvis: $tmp/bad.json: \$.lessons[0].questions[0].hnt: unknown key, did you mean \`hint\`?" "unknown key message"
"$bin" check "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err" && fail "check accepts a bad quiz"
err_has "\$.lessons[0].questions[0].hnt: unknown key, did you mean \`hint\`?" "check names the bad key"

# --- the model and the file disagree: check fails naming the question; --update-expected repairs atomically
sed 's/"expected": 261/"expected": 260/' "$quiz" >"$tmp/stale.json"
"$bin" check "$tmp/stale.json" >"$tmp/out" 2>"$tmp/err" && fail "check accepts a stale expectation"
err_has "question 2.3: stored 260, the engine computes 261" "disagreement message"
expect_rc 0 "update-expected" "" -- "$bin" quiz --update-expected "$tmp/stale.json" && out_has "question 2.3: expected 260 -> 261" "update lists the change"
expect_rc 0 "check after update" "" -- "$bin" check "$tmp/stale.json"
cmp -s "$tmp/stale.json" "$quiz" || fail "the updated file is identical to the shipped one"
ls "$tmp" | grep -q 'stale.json.tmp' && fail "update left a temp file"
expect_rc 0 "update again is a no-op" "" -- "$bin" quiz --update-expected "$tmp/stale.json" && out_has "all expected values agree with the engine" "no-op update"

[ $failed -eq 0 ] && echo "quiz e2e: all passed"
exit $failed
