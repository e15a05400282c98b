#!/usr/bin/env bash
# test-all.sh — the tests of `make test` once the trees are built: every Criterion binary, fuzz
# replay and end-to-end script, two at a time (tools/pool.sh), longest first.
#   tools/test-all.sh [--plain] [--asan] [--e2e] PLAIN_BUILD ASAN_BUILD   (no lane flag = all three)
# plain: every test binary and the fuzz corpora on the -O2 build.
# asan:  the same under AddressSanitizer + UndefinedBehaviorSanitizer, but the long matrices run a
#        part of themselves (asan_part below).
# e2e:   tests/e2e/*.sh on the plain binary; the GUI monkey prefers the ASan one (monkey.sh).
set -u
lanes=""
while [ $# -gt 2 ]; do lanes="$lanes ${1#--}"; shift; done
[ -n "$lanes" ] || lanes="plain asan e2e"
plain=${1:?plain build dir}; asan=${2:?asan build dir}
has() { case " $lanes " in *" $1 "*) return 0 ;; esac; return 1; }
list=$(mktemp); pybin=""; trap 'rm -f "$list"; [ -z "$pybin" ] || rm -rf "$pybin"' EXIT
# The e2e scripts' Python helpers (standard library only) run on the distribution's interpreter when
# python3 on PATH is something else: a version manager's shim (pyenv's) cost ~0.27 s a call against
# 0.03 s, and make test makes ~95 calls (the e2e lane: 192 to 147 s of jobs).
if [ -x /usr/bin/python3 ] && [ "$(command -v python3)" != /usr/bin/python3 ]; then
  pybin=$(mktemp -d) && ln -s /usr/bin/python3 "$pybin/python3"
fi
add() { printf '%s\t%s\n' "$1" "$2" >>"$list"; }
added=" "
sanitize='ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1'
# the ASan runtime, asked of ldd once here rather than by tools/unit.sh for each binary
asan_rt=""
has asan && asan_rt=$(ldd "$asan/tests/support/leak_canary" 2>/dev/null | awk '/libasan\.so/ {print $3; exit}')
# The ASan tree's binaries run their tests in one process each (tools/unit.sh --in-process: a
# process per test cost ~150 ms of ASan start-up and exit scan, a third of that lane); the plain
# tree's in a process per test, so every test still runs isolated once: each a child fork()ed from
# the same runner (--forked), which spares each test the exec and the loading of SDL's ~90 libraries
# that Criterion's runner pays (the plain lane: 149 to ~107 s of jobs, 57 to ~33 s of them in the kernel).
unit() { # build binary [filter]
  local env="IN_PROCESS_RUNNER='$plain/tests/support/in_process.so' UNIT_ASAN_RT= " how="--forked "
  [ "$1" = "$asan" ] && env="$sanitize IN_PROCESS_RUNNER='$plain/tests/support/in_process.so' ${asan_rt:+UNIT_ASAN_RT='$asan_rt' }" how="--in-process "
  add "unit ${1}/${2#"$1"/tests/}${3:+ (part)}" "${env}tools/unit.sh $how$1 $2 ${3:+'$3'}"
  added="$added$2 "
}
e2e() {
  add "e2e $(basename "$1" .sh)" "${pybin:+PATH='$pybin':\$PATH }RCUVIS_BIN='$PWD/$plain/rcuvis' RCUVIS_ROOT='$PWD' timeout ${RCUVIS_E2E_TIMEOUT:-3600} bash $1"
  added="$added$1 "
}
fuzz() { # build
  local env=""; [ "$1" = "$asan" ] && env="ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "
  add "fuzz replay $1" "${env}tools/fuzz-replay.sh $1"
}

# The long matrices run whole once (plain); under ASan a representative part of each: test_fit
# its overlays at every size (every scenario is drawn under ASan by the GUI monkey), the random
# machines their first 100 seeds, output stability the scenarios but the three largest. The window
# tests that simulate a whole run, sweep 155 window sizes, fit a panel's text scale by drawing it at
# every step, or draw every scenario's panels for their terms (3-11 s of CPU each under ASan), and
# those that seek hackbench compared to its cues (~2.5 s each under ASan: test_top_rows, test_same_moment) run
# plain only; the other tests of their files draw the same panels under ASan, and the GUI monkey
# draws every scenario under ASan (make test's CI time was 403 s against its ~6 min).
asan_part() {
  case $1 in
    *test_fit) echo 'fit/overlays*' ;;
    *test_regress_invariants) echo 'invariants/seeds_1_100' ;;
    *test_output_stable) echo '!(output_stable/@(big_machine|hackbench|fast_no_hz))' ;;
    *test_captions_cited) echo '!(cited/compared_halves_show_the_same_sections_at_any_height)' ;;
    *test_acct_cue) echo '!(acct_cue/the_cue_counts_hidden_thread_rows_apart_from_hidden_lines)' ;;
    *test_compare_720) echo '!(compare_720/@(a_half_with_the_other_kernels_predicate_says_so|the_36_trees_leaves_are_named_in_readable_text))' ;;
    *test_lecture) echo '!(lecture/@(f_lands_on_the_very_next_fqs_pass|end_never_takes_the_lecture_backwards))' ;;
    *test_export) echo '!(export/@(a_fitted_panel_keeps_the_figures_a_shorter_form_would_drop|one_panel_text_grows_to_fill_the_picture|a_cpu_time_panel_grows_past_its_long_top_list|one_panel_at_a_cue_keeps_the_cues_words))' ;;
    *test_timeline) echo '!(timeline/@(a_caption_box_ahead_of_now_is_lighter_than_the_one_shown|each_event_label_is_nearest_its_own_mark))' ;;
    *test_glossary) echo '!(glossary/every_term_drawn_is_explained_where_it_is_drawn)' ;;
    *test_top_rows) echo '@(top_rows/a_phases_tasks_read_as_a_group|top_rows/the_gp_kthread_row_gives_its_time_per_grace_period)' ;;
    *test_same_moment) echo '!(same_moment/@(one_pgdn_too_many_and_the_look_ahead_keep_the_marks_a_cue_showed|a_checkpoint_inside_a_grace_period_keeps_its_credits))' ;;
  esac
}

# Known long jobs first, so that both lanes finish together; the rest follows in name order.
has e2e && e2e tests/e2e/monkey.sh
has e2e && e2e tests/e2e/scenarios.sh   # kernel-build's two hours and ten minutes under --expect, alone ~26 s
has plain && unit "$plain" "$plain/tests/app/test_fit"
has plain && unit "$plain" "$plain/tests/engine/test_regress_invariants"
has asan && unit "$asan" "$asan/tests/engine/test_regress_invariants" "$(asan_part test_regress_invariants)"
has asan && unit "$asan" "$asan/tests/engine/test_output_stable" "$(asan_part test_output_stable)"
has plain && unit "$plain" "$plain/tests/engine/test_output_stable"
has e2e && e2e tests/e2e/reproduce.sh
has asan && unit "$asan" "$asan/tests/app/test_fit" "$(asan_part test_fit)"
has e2e && e2e tests/e2e/lecture.sh
for t in "$asan"/tests/engine/test_* "$asan"/tests/app/test_*; do
  has asan && [ -x "$t" ] && case $added in *" $t "*) ;; *) unit "$asan" "$t" "$(asan_part "$t")" ;; esac
done
has e2e && for t in tests/e2e/*.sh; do case $added in *" $t "*) ;; *) e2e "$t" ;; esac; done
for t in "$plain"/tests/engine/test_* "$plain"/tests/app/test_*; do
  has plain && [ -x "$t" ] && case $added in *" $t "*) ;; *) unit "$plain" "$t" ;; esac
done
has plain && fuzz "$plain"
# tools/unit.sh must fail a binary whose test leaks (Criterion alone would pass it): the canary leaks.
has asan && add "unit $asan/support/leak_canary (must fail)" \
  "out=\$(${sanitize} IN_PROCESS_RUNNER='$plain/tests/support/in_process.so' tools/unit.sh --in-process $asan $asan/tests/support/leak_canary); rc=\$?; if [ \$rc -eq 1 ] && printf '%s' \"\$out\" | grep -q 'leaked memory'; then echo 'RESULT 1 passed'; else printf '%s\\n' \"\$out\"; echo 'unit.sh did not fail a test that leaks'; exit 1; fi"
has asan && fuzz "$asan"
[ -z "${TEST_LIST:-}" ] || { cut -f1,2 "$list"; exit 0; }   # TEST_LIST=1: show the jobs, run none
tools/pool.sh "${TEST_JOBS:-2}" "$list"
