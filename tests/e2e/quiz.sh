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
# Options are shuffled per student, so a scripted student reads the screen: drive ANSWERS -- ARGS
# answers `rcuvis quiz ARGS` one prompt at a time; an answer "=TEXT" is the letter of the option
# whose text starts with TEXT, anything else is typed as is. Output in $tmp/out, exit code returned.
cat >"$tmp/drive.py" <<'PY'
import os, re, subprocess, sys
answers = sys.argv[1].split("|") if sys.argv[1] else []
p = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(os.environ["DRIVE_ERR"], "w"))
out, buf, seen = open(os.environ["DRIVE_OUT"], "w"), "", ""
while True:
    chunk = os.read(p.stdout.fileno(), 65536).decode()
    if not chunk:
        break
    buf += chunk
    seen += chunk
    out.write(chunk)
    if not buf.endswith("> "):
        continue
    if not answers:
        p.stdin.close()
        continue
    a = answers.pop(0)
    if a.startswith("="):
        block = seen[seen.rfind("\n--- "):]
        hits = [m.group(1) for m in re.finditer(r"^  ([a-g])\) (.*)$", block, re.M) if m.group(2).startswith(a[1:])]
        if len(hits) != 1:
            sys.exit("drive: no single option starts with %r in:%s" % (a[1:], block))
        a = hits[0]
    out.write("[typed %s]\n" % a)
    buf = ""
    p.stdin.write((a + "\n").encode())
    p.stdin.flush()
sys.exit(p.wait())
PY
drive() {
  local want=$1 what=$2 answers=$3; shift 4
  DRIVE_OUT="$tmp/out" DRIVE_ERR="$tmp/err" python3 "$tmp/drive.py" "$answers" -- "$@"; local rc=$?
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc, wanted $want"; sed 's/^/  stderr: /' "$tmp/err" | head -5; return 1; }
}

# --- help, and the shipped quiz passes check (predict answers recomputed by the engine)
expect_rc 0 "quiz --help" "" -- "$bin" quiz --help && out_has "--update-expected" "quiz --help"
expect_rc 0 "check the shipped quiz" "" -- "$bin" check "$quiz"

# --- a whole lesson answered through a pipe: one wrong answer, then all right
answers='4|5|65|261|3|=Two leaves|=Child node|=Nothing more|=261.|3|366|8'
if drive 0 "quiz 2 answered by a scripted student" "$answers" -- "$bin" quiz 2; then
  out_has "Not quite." "wrong answer gets feedback"
  grep -q "a letter means the option shown above it" "$tmp/err" || fail "piped answers are told that options are shuffled"
  out_has "Those are the leaves." "per-answer feedback for 4"
  out_has "The answer: 261, computed by running the simulation" "predict answer shown with its origin"
  out_has "=== End of lesson 2: 11 of 11 done: 10 first try, 1 after retries ===" "lesson summary separates first tries"
  [ -f "$progress" ] || fail "progress file written under XDG_STATE_HOME"
  [ "$(json_get "$progress" 'd["lessons"]["workbook/2"]["2.1"]["attempts"]')" = 2 ] || fail "two attempts recorded for 2.1"
  [ "$(json_get "$progress" 'd["lessons"]["workbook/2"]["2.3"]["last"]')" = 261 ] || fail "the prediction is recorded"
  [ "$(json_get "$progress" 'd["lessons"]["workbook/2"]["2.5"]["last"]')" = a ] || fail "choice answers are stored in the file's letters"
  [ "$(json_get "$progress" 'd["lessons"]["workbook/2"]["2.1"]["first"], d["lessons"]["workbook/2"]["2.1"]["first_ok"]')" = "('4', False)" ] || fail "the first answer is kept"
  ls "$XDG_STATE_HOME/rcuvis" | grep -q tmp && fail "a temp file was left next to progress.json"
fi

expect_rc 0 "quiz --list" "" -- "$bin" quiz --list && { grep -A1 -F "11/11 done" "$tmp/out" | tail -1 | grep -qxF "       10 first try, 1 after retries" || fail "list shows lesson 2's score, its words under the lesson when the line would pass 80 columns"; [ "$(awk '{ if (length($0) > 80) n++ } END { print n+0 }' "$tmp/out")" = 0 ] || fail "quiz --list has lines over 80 columns"; out_has "Grace periods and readers                      not started (7 questions)" "an untouched lesson is not started"; out_has "1 question not right at the first try without help (a hint is help):" "list counts the review queue"; out_has "\`rcuvis quiz --review\` brings it back." "list counts the review queue"; }
student=$(json_get "$progress" 'd["student"]')
[ ${#student} -eq 16 ] || fail "a student id is made and kept in progress.json (got '$student')"

# --- continuing without a lesson carries on after the lesson last answered in (2, done: so 3, not 1.1,
# the first unfinished question of the workbook); q saves and leaves
expect_rc 0 "quiz, then q" "q\n" -- "$bin" quiz && { out_has "question 3.1 (1 of" "continues after lesson 2"; out_has "Progress saved." "q says progress is saved"; }

# --- end of input in the middle of a lesson ends cleanly
drive 0 "quiz 1, input ends early" "=Every reader that was already" -- "$bin" quiz 1 && out_has "(end of input) Progress saved." "EOF is clean"
[ "$(json_get "$progress" 'd["lessons"]["workbook/1"]["1.1"]["correct"]')" = True ] || fail "the answer before EOF was saved"
# --- naming a lesson left halfway carries on at its first unfinished question; --again asks them all
expect_rc 0 "quiz 1 again, halfway" "q\n" -- "$bin" quiz 1 && { out_has "Lesson 1: 1 of 7 done; carrying on with the rest" "a halfway lesson says it carries on"; out_has "question 1.2 (2 of 7)" "carries on at 1.2"; }
expect_rc 0 "quiz 1 --again" "q\n" -- "$bin" quiz 1 --again && out_has "question 1.1 (1 of 7)" "--again starts at 1.1"

# --- hint and show-answer are recorded
expect_rc 0 "hint then show" "h\ns\n" -- "$bin" quiz 3 && out_has "Hint:" "h shows the hint"
[ "$(json_get "$progress" 'd["lessons"]["workbook/3"]["3.1"]["hinted"] and d["lessons"]["workbook/3"]["3.1"]["revealed"]')" = True ] || fail "hint and reveal recorded"

# --- input that is not an answer is explained, not counted
expect_rc 0 "nonsense input" "zzz\n" -- "$bin" quiz 4 && out_has "Type one letter, a to d." "nonsense explained"

# --- a teacher's tools: export one student's answers, merge a class
expect_rc 0 "export" "" -- "$bin" quiz --export "$tmp/me.csv" && out_has "Wrote your answers to $tmp/me.csv" "export says where" && out_has "first_answer in the quiz file's letters" "export says whose letters first_answer holds"
# a target it cannot write is bad input, as for shot -o: exit 2, the old file kept
mkdir -p "$tmp/adir"
expect_rc 2 "export to a directory" "" -- "$bin" quiz --export "$tmp/adir"
# a user's own file under the name (typed by mistake) is left as it was; an earlier export is replaced
printf 'My notes\n' >"$tmp/notes.txt"
expect_rc 2 "export over a user's file" "" -- "$bin" quiz --export "$tmp/notes.txt" && err_has "is not an rcuvis answers export" "export over notes refused"
[ "$(cat "$tmp/notes.txt")" = "My notes" ] || fail "export over notes changed them"
expect_rc 0 "export again over the earlier export" "" -- "$bin" quiz --export "$tmp/me.csv"
[ "$(head -1 "$tmp/me.csv" | tr -d '\r')" = "student,lesson,question,attempts,first_try_right,outcome,hints_used,shown,time_spent_s,first_answer" ] || fail "export header"
grep -q $'^[0-9a-f]*,workbook/2,2.1,2,0,after retries,0,0,[0-9]*,4\r$' "$tmp/me.csv" || fail "2.1: two attempts, not first try, first answer 4, CRLF ends"
[ "$(grep -c . "$tmp/me.csv")" -eq "$(( $(python3 -c 'import json,sys; print(sum(len(l["questions"]) for l in json.load(open(sys.argv[1]))["lessons"]))' "$quiz") + 1 ))" ] || fail "one row per question"
mkdir -p "$tmp/class"
cp "$tmp/me.csv" "$tmp/class/ann.csv"
cp "$progress" "$tmp/class/ann.json"   # the same student twice: one row, both files named
sed 's/^[0-9a-f]*,/bo,/; s/,2.1,2,0,after retries,0,0,\([0-9]*\),4/,2.1,1,1,first try,0,0,\1,5/' "$tmp/me.csv" >"$tmp/class/bo.csv"
if expect_rc 0 "merge a class" "" -- "$bin" quiz --merge "$tmp/class"; then
  out_has "Class summary of $tmp/class: 2 students" "two students"
  grep -qE '^  2\.1 +2 +50% +0 +0  4 \(1\)$' "$tmp/out" || fail "2.1: half right at the first try, 4 the common wrong answer"
  err_has "rcuvis: $tmp/class/ann.csv + $tmp/class/ann.json: the same student id ($student), combined into one row" "a duplicate is named with its folder"
  grep -qE '^  bo\.csv ' "$tmp/out" || fail "a line per student file, by its name"
  grep -qE '^  ann\.csv \+ ann\.json ' "$tmp/out" || fail "one row names both of a student's files"
fi
# options the merge used to ignore (the export was not written, progress not reset) are refused
for opt in "--export $tmp/y.csv" --teacher "--reset 2" --reset-all --again --review --list; do
  # shellcheck disable=SC2086
  expect_rc 2 "--merge with $opt" "" -- "$bin" quiz --merge "$tmp/class" $opt && err_has "it does not go with ${opt%% *}" "--merge with $opt refused"
done
[ -e "$tmp/y.csv" ] && fail "--merge --export wrote a file"
expect_rc 2 "--merge a file" "" -- "$bin" quiz --merge "$tmp/class/bo.csv" && err_has "bo.csv: is a file, not a folder: --merge takes the folder" "--merge FILE"
# what an LMS download or a spreadsheet leaves: folders per student, upper-case names, other files
mkdir -p "$tmp/lms/Bo Brown_1_assignsubmission_file_"
cp "$tmp/class/bo.csv" "$tmp/lms/Bo Brown_1_assignsubmission_file_/bo.csv"
cp "$tmp/me.csv" "$tmp/lms/ANN.CSV"
printf 'PK' >"$tmp/lms/cy.xlsx"
printf 'x' >"$tmp/lms/.DS_Store"
sed 's/^[0-9a-f]*,/di,/' "$tmp/me.csv" | head -30 >"$tmp/lms/di.csv"   # cut at a row boundary
if expect_rc 0 "merge an LMS folder" "" -- "$bin" quiz --merge "$tmp/lms"; then
  out_has "Class summary of $tmp/lms: 3 students" "sub-folders and ANN.CSV read"
  grep -qE '^  Bo Brown_1_assignsubmission_file_/bo\.csv ' "$tmp/out" || fail "a file in a sub-folder is named by its path"
  err_has "rcuvis: $tmp/lms/cy.xlsx: skipped: not a .json progress file or .csv export" "a file not taken is named"
  err_has "rcuvis: $tmp/lms/.DS_Store: skipped: a hidden file" "a hidden file is named"
  err_has "rcuvis: $tmp/lms/di.csv: rows for 29 of the $(( $(grep -c . "$tmp/me.csv") - 1 )) questions: cut short" "a cut export is named"
fi
# pressed s without answering: shown, not answered nor "with help"
mkdir -p "$tmp/sam"
XDG_STATE_HOME="$tmp/st-sam" expect_rc 0 "s on 2.1" "s\nq\n" -- "$bin" quiz 2
XDG_STATE_HOME="$tmp/st-sam" expect_rc 0 "sam exports" "" -- "$bin" quiz --export "$tmp/sam/sam.csv"
if expect_rc 0 "merge sam" "" -- "$bin" quiz 2 --merge "$tmp/sam"; then
  grep -qE '^  sam\.csv +0 +0 +0 +0 +0 +1 +0%$' "$tmp/out" || { fail "a shown answer is neither answered nor with help"; grep sam.csv "$tmp/out"; }
fi
# one lesson: the LESSON argument was ignored and every lesson came out
if expect_rc 0 "merge one lesson" "" -- "$bin" quiz 2 --merge "$tmp/class"; then
  out_has "Class summary of $tmp/class: 2 students, lesson 2" "the lesson is named"
  grep -q '^Lesson 2:' "$tmp/out" || fail "lesson 2 summarized"
  grep -q '^Lesson 3:' "$tmp/out" && fail "lesson 3 summarized though lesson 2 was asked"
fi
# a teacher's own set, exported without --file: the shipped workbook's empty rows, and a warning
python3 - "$quiz" "$tmp/week7.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d['id'] = 'week7'; d['title'] = 'Week 7'
d['lessons'] = [d['lessons'][1]]
json.dump(d, open(sys.argv[2], 'w'))
PY
XDG_STATE_HOME="$tmp/st7" expect_rc 0 "answer the week 7 set" "65\n" -- "$bin" quiz --file "$tmp/week7.json"
XDG_STATE_HOME="$tmp/st7" expect_rc 0 "export without --file" "" -- "$bin" quiz --export "$tmp/w7.csv" &&
  err_has "warning: none of your answers is to the shipped workbook; they are to another quiz file: export with --file FILE" "export without --file"
XDG_STATE_HOME="$tmp/st7" expect_rc 0 "export with --file" "" -- "$bin" quiz --file "$tmp/week7.json" --export "$tmp/w7.csv" &&
  { ! grep -q "warning:" "$tmp/err" || fail "export with --file: warned: $(cat "$tmp/err")"; }
printf 'student,lesson\n' >"$tmp/class/broken.csv"
expect_rc 2 "merge with a broken file" "" -- "$bin" quiz --merge "$tmp/class" && err_has "broken.csv:1: the header lacks the column question" "broken file named"

# --- resets
expect_rc 0 "reset lesson 2" "" -- "$bin" quiz --reset 2 && out_has "Forgot 11 answers of lesson workbook/2" "reset one lesson"
expect_rc 0 "list after reset" "" -- "$bin" quiz --list && { out_has "The rcu_node tree                              not started (11 questions)" "lesson 2 forgotten"; ! grep -q "none of\| 0/11 done" "$tmp/out" || fail "a lesson never opened reads 'not started', not '0/11 done' or 'none of 11 done'"; }
[ "$(json_get "$progress" 'd["student"]')" = "$student" ] || fail "a reset keeps the student id"
[ "$(json_get "$progress" '"workbook/1" in d["lessons"]')" = True ] || fail "reset of lesson 2 kept lesson 1"
expect_rc 0 "reset all" "" -- "$bin" quiz --reset-all && out_has "Forgot every answer." "reset-all"
[ "$(json_get "$progress" 'len(d["lessons"])')" = 0 ] || fail "reset-all empties the progress"
expect_rc 2 "unknown lesson" "" -- "$bin" quiz --reset 99 && err_has "rcuvis: quiz: no lesson \"99\"" "unknown lesson named"

# --- a corrupt progress file is reported and set aside, never wiped
printf '{"version": 1, "lessons": {' >"$progress"
expect_rc 0 "corrupt progress" "" -- "$bin" quiz --list && err_has "is corrupt" "corruption reported"
ls "$XDG_STATE_HOME/rcuvis" | grep -q '^progress.json.corrupt-[0-9]' || fail "corrupt file renamed progress.json.corrupt-<time>"
[ "$(cat "$XDG_STATE_HOME"/rcuvis/progress.json.corrupt-*)" = '{"version": 1, "lessons": {' ] || fail "the corrupt file's content is kept"

# --- teacher view: answers visible in the file's order, nothing recorded
rm -rf "$XDG_STATE_HOME"
expect_rc 0 "teacher" "" -- "$bin" quiz 6 --teacher && { out_has "[*] a) A kthread can be preempted" "teacher view stars the right answer"; out_has "Quick Quiz 3" "teacher view shows the article's quizzes"; }
[ -e "$progress" ] && fail "the teacher view must not write progress"

# --- spaced review: what was not right at the first try comes back, oldest first
expect_rc 0 "review with nothing to review" "" -- "$bin" quiz --review && out_has "Nothing to review" "empty review"
drive 0 "lesson 3: a wrong first answer" "=It has entered the idle loop|=It is idle as far|q" -- "$bin" quiz 3
drive 0 "lesson 2: a wrong first answer" "4|5|q" -- "$bin" quiz 2
python3 - "$progress" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["lessons"]["workbook/3"]["3.1"]["first_at"] = 100  # answered long before 2.1
json.dump(d, open(sys.argv[1], "w"))
PY
if drive 0 "review" "=It is idle as far|4|5" -- "$bin" quiz --review; then
  out_has "Review: 2 questions" "review counts the questions"
  grep -n -- "--- Review" "$tmp/out" | head -1 | grep -q "question 3.1" || fail "the oldest (3.1) comes first"
fi
drive 0 "review again" "" -- "$bin" quiz --review && { out_has "Review: 1 question " "3.1 cleared, 2.1 (wrong again) stays"; out_has "question 2.1 ---" "2.1 asked again"; }

# --- a malformed quiz file: exact messages, from both quiz and check
cat >"$tmp/bad.json" <<'EOF'
{"id": "bad", "title": "Bad", "lessons": [{"id": "1", "title": "L", "questions": [
  {"id": "1.1", "kind": "choice", "question": "Q", "explanation": "E", "hnt": "x",
   "answers": [{"text": "a", "correct": true, "feedback": "f"}, {"text": "b", "feedback": "g"}]}]}]}
EOF
expect_rc 2 "quiz on a bad file" "" -- "$bin" quiz --file "$tmp/bad.json" && err_has "rcuvis: $tmp/bad.json:2:72: \$.lessons[0].questions[0].hnt: unknown key; did you mean \"hint\"?" "unknown key message (with the key's line:column)"
# the window's own quiz (--quiz): a broken one is refused before any window opens, as check words it
expect_rc 2 "window --quiz on a bad file" "" -- "$bin" --quiz "$tmp/bad.json" && err_has "rcuvis: $tmp/bad.json:2:72: \$.lessons[0].questions[0].hnt: unknown key" "window --quiz names the bad key"
expect_rc 2 "window --quiz on a scenario" "" -- "$bin" --quiz "$root/scenarios/tree.json" && err_has "not a quiz file" "window --quiz on a scenario"
# a file named as a quiz that does not parse: its syntax error with line:column (it said "not a quiz
# file (no \"lessons\")", which told a teacher nothing about the stray comma)
printf '{"id": "x", "lessons": [}\n' >"$tmp/syntax.json"
printf 'garbage {' >"$tmp/garbage.txt"
expect_rc 2 "quiz --file on a syntax error" "" -- "$bin" quiz --file "$tmp/syntax.json" && err_has "rcuvis: $tmp/syntax.json:1:25: syntax error" "quiz --file: the syntax error's place"
expect_rc 2 "quiz --file on garbage" "" -- "$bin" quiz --file "$tmp/garbage.txt" && err_has "rcuvis: $tmp/garbage.txt:1:1: syntax error" "quiz --file on garbage: line:column"
expect_rc 2 "update-expected on garbage" "" -- "$bin" quiz --update-expected "$tmp/garbage.txt" && err_has "rcuvis: $tmp/garbage.txt:1:1: syntax error" "update-expected on garbage: line:column"
# a missing value names its option and what it wants; the next option is not a value; a typo gets a hint
expect_rc 2 "quiz --file without a value" "" -- "$bin" quiz --file && err_has "rcuvis: quiz: --file needs a QUIZ.json after it" "--file alone"
expect_rc 2 "quiz --file --list" "" -- "$bin" quiz --file --list && err_has "--file needs a QUIZ.json after it, not the option --list" "--file --list"
expect_rc 2 "quiz --lsit" "" -- "$bin" quiz --lsit && err_has "unknown option '--lsit'; did you mean '--list'?" "--lsit"
grep -q "^usage:" "$tmp/err" && fail "quiz --lsit: the whole usage text was printed for one typo"
"$bin" check "$tmp/bad.json" >"$tmp/out" 2>"$tmp/err" && fail "check accepts a bad quiz"
err_has "\$.lessons[0].questions[0].hnt: unknown key; did you mean \"hint\"?" "check names the bad key"

# an option that points at others ("Both of the above."): options are shuffled, so check refuses it (exit 2, line:column, path)
cat >"$tmp/both.json" <<'EOF'
{"id": "both", "title": "Both", "lessons": [{"id": "1", "title": "L", "questions": [
  {"id": "1.1", "kind": "choice", "question": "Q", "explanation": "E",
   "answers": [{"text": "a", "correct": true, "feedback": "f"}, {"text": "Both of the above.", "feedback": "g"}]}]}]}
EOF
expect_rc 2 "check on an option that refers to others" "" -- "$bin" check "$tmp/both.json" \
  && err_has "rcuvis: $tmp/both.json:3:66: \$.lessons[0].questions[0].answers[1].text: expected an option that stands on its own" "the option named with its place"
# a prediction's misspelt report path: named at measure.path with a "did you mean", as an expect's is
cat >"$tmp/path.json" <<'EOF'
{"id": "path", "title": "Path", "lessons": [{"id": "1", "title": "L", "questions": [
  {"id": "1.1", "kind": "predict", "question": "Q", "explanation": "E", "expected": 0,
   "measure": {"measure": "report", "path": "stals.length"}, "scenario": {"file": "small-busy.json", "overrides": ["duration_s=0.1"]}}]}]}
EOF
expect_rc 2 "check on a misspelt measure path" "" -- "$bin" check "$tmp/path.json" \
  && err_has "\$.lessons[0].questions[0].measure.path: question 1.1: \"stals\" is not a report key; did you mean \"stalls\"?" "the path named, with a did you mean"
# the quiz files' schema, from any directory
(cd "$tmp" && "$bin" schema quiz >"$tmp/out" 2>"$tmp/err") || fail "rcuvis schema quiz failed"
cmp -s "$tmp/out" "$root/quizzes/schema.json" || fail "rcuvis schema quiz differs from quizzes/schema.json"

# --- the model and the file disagree: check fails naming the question; --update-expected repairs atomically
sed 's/"expected": 261/"expected": 260/' "$quiz" >"$tmp/stale.json"
"$bin" check "$tmp/stale.json" >"$tmp/out" 2>"$tmp/err" && fail "check accepts a stale expectation"
err_has "question 2.3: stored 260, the engine computes 261" "disagreement message"
expect_rc 0 "update-expected" "" -- "$bin" quiz --update-expected "$tmp/stale.json" && out_has "question 2.3: expected 260 -> 261" "update lists the change"
expect_rc 0 "check after update" "" -- "$bin" check "$tmp/stale.json"
cmp -s "$tmp/stale.json" "$quiz" || fail "the updated file is identical to the shipped one"
ls "$tmp" | grep -q 'stale.json.tmp' && fail "update left a temp file"
expect_rc 0 "update again is a no-op" "" -- "$bin" quiz --update-expected "$tmp/stale.json" && out_has "all expected values agree with the engine" "no-op update"

# --- a new student who quits before answering comes back to the same order: the id that seeds it
# is saved when the first question opens (it was drawn anew on each visit until a first answer)
fresh="$tmp/fresh-state"
order() { printf 'q\n' | XDG_STATE_HOME="$fresh" "$bin" quiz 6 2>/dev/null | grep -E '^ +[a-d]\) ' | cut -c1-24; }
first=$(order); second=$(order)
[ -n "$first" ] && [ "$first" = "$second" ] || fail "a student who quit at 6.1 saw its options in a new order: '$first' then '$second'"
[ -n "$(json_get "$fresh/rcuvis/progress.json" 'd["student"]' 2>/dev/null)" ] || fail "quitting before any answer saved no student id"

# --- --basis: a lecturer's subset (the questions the article alone answers), in the quiz, the teacher
# view and the list; progress keeps the rest, and a word it does not know is named with the valid ones
export XDG_STATE_HOME="$tmp/basis-state"
count() { python3 -c 'import json,sys; print(sum(1 for l in json.load(open(sys.argv[1]))["lessons"] for q in l["questions"] if q.get("basis") in sys.argv[2].split(",")))' "$quiz" "$1"; }
ids() { python3 -c 'import json,sys; print(" ".join(q["id"] for l in json.load(open(sys.argv[1]))["lessons"] for q in l["questions"] if q.get("basis") in sys.argv[2].split(",")))' "$quiz" "$1"; }
all=$(python3 -c 'import json,sys; print(sum(len(l["questions"]) for l in json.load(open(sys.argv[1]))["lessons"]))' "$quiz")
expect_rc 0 "quiz --help names --basis" "" -- "$bin" quiz --help && out_has "--basis B[,B...]" "quiz --help documents --basis"
expect_rc 2 "--basis with a word it does not know" "" -- "$bin" quiz --basis artcle --list && { err_has "unknown basis \"artcle\" (did you mean article?)" "the bad word named"; err_has "article, thread, kernel, model" "the valid ones named"; }
expect_rc 2 "--basis with an empty piece" "" -- "$bin" quiz --basis article, --list && err_has "article, thread, kernel, model" "the valid ones named"
expect_rc 2 "--basis does not go with --export" "" -- "$bin" quiz --basis article --export "$tmp/sub.csv" && err_has "does not go with --export" "export refused"
[ -e "$tmp/sub.csv" ] && fail "--basis with --export wrote a file"
if expect_rc 0 "--list --basis article" "" -- "$bin" quiz --list --basis article; then
  out_has "Only the questions that rest on the article (--basis article): $(count article) of $all." "the list says what it shows"
  grep -q "^  2 \|^  7 " "$tmp/out" && fail "lessons without an article question are not listed"
  out_has "not started ($(python3 -c 'import json,sys; print(sum(1 for q in json.load(open(sys.argv[1]))["lessons"][5]["questions"] if q.get("basis") == "article"))' "$quiz") questions)" "lesson 6 counts only its article questions"
fi
if expect_rc 0 "--teacher --basis thread" "" -- "$bin" quiz --teacher --basis thread; then
  got=$(grep -oE '^--- [0-9]+\.[0-9]+ ' "$tmp/out" | cut -d' ' -f2 | tr '\n' ' ' | sed 's/ $//')
  [ "$got" = "$(ids thread)" ] || fail "the teacher view shows the thread's questions only: got '$got', wanted '$(ids thread)'"
fi
expect_rc 0 "--basis repeated" "" -- "$bin" quiz --teacher --basis thread --basis model && cp "$tmp/out" "$tmp/repeated"
expect_rc 0 "--basis as a comma list" "" -- "$bin" quiz --teacher --basis model,thread && cmp -s "$tmp/out" "$tmp/repeated" || fail "--basis a --basis b and --basis b,a choose the same questions"
first=$(ids article | cut -d' ' -f1)
expect_rc 0 "quiz --basis article, then q" "q\n" -- "$bin" quiz --basis article && { out_has "question $first (1 of" "the quiz starts at the first article question"; out_has "\`rcuvis quiz --basis article\` continues" "the way back keeps --basis"; }
expect_rc 0 "a lesson with no question of that basis" "" -- "$bin" quiz 7 --basis article && out_has "Lesson 7 (Callbacks and batch limits) has none" "an empty choice is said"
# homework on the article alone is graded on the article's questions (--basis was refused with --merge)
mkdir -p "$tmp/class-article" && cp "$tmp/class/ann.csv" "$tmp/class/bo.csv" "$tmp/class-article/"
if expect_rc 0 "--merge --basis article" "" -- "$bin" quiz --merge "$tmp/class-article" --basis article; then
  out_has "the questions resting on article (--basis article)" "the summary says which questions it counts"
  out_has "Students (of $(count article) questions;" "it counts the article's questions only"
  grep -qE '^  2\.1 ' "$tmp/out" && fail "a question not resting on the article is not listed"
  grep -q "lacks" "$tmp/err" && fail "answers to the questions left out are not taken for another version"
fi
export XDG_STATE_HOME="$tmp/state"

[ $failed -eq 0 ] && echo "quiz e2e: all passed"
exit $failed
