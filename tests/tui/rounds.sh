#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Settle mode in the TUI: the plan screen's Budget field (u: longer) gives
# the tiny profile (which has none: one round) rounds until the verdict is
# settled; the plan and confirm screens show the same estimate; the run
# screen shows the verdict line and the budget's bound on the ETA, and f
# finishes the run after the running round: a complete result of one
# round that says it was stopped.  Without f the 1-minute budget would
# run several rounds of the 3 s phase.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.xfs

results=$XDG_DATA_HOME/fsbench/results
mkdir -p "$XDG_CONFIG_HOME/fsbench"
cat >"$XDG_CONFIG_HOME/fsbench/fsbench.conf" <<'CONF'
phase "nap" {
  label = "sleep 3"
  command = 'sleep 3'
}
CONF

tui_start 120 32
tui_plan_image "$SCRATCH/t.img" 2G ext2 xfs -- nap
tui_wait 'Budget +‹ none ›'
tui_wait 'Repetitions +‹ 1 ›'
tui_keys u
tui_wait 'Budget +‹ 1m ›'
tui_wait 'Repetitions +‹ until settled ›'
est='at most 1m \(the budget\); a round.s length is unknown: no earlier tiny run and no nominal figures'
tui_wait "Estimate: $est"
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_wait 'rounds until the verdict is settled \(budget 1m\)'
tui_wait "Estimate +$est"
tui_keys y
tui_wait '─ Running ─'
tui_wait 'Verdict +after the first round' 20
tui_wait 'ETA at most [0-9:]+ left \(round 1 of at most 10, budget 1m\)' 20
tui_keys f
tui_wait 'Verdict +finishing after this round' 10
tui_wait 'Run finished' 120
tui_screen | grep -q 'Complete' || { tui_dump; fail "the finished run is not complete"; }
res=$(ls "$results"/*.fsbench)
[ "$(wc -w <<<"$res")" -eq 1 ] || fail "expected one result file, found: $res"
grep -q '^status = "complete"$' "$res" || fail "the result is not complete"
grep -q '^ended = "stopped"$' "$res" || { grep -E '^(ended|rounds)' "$res"; fail "the result does not say it was stopped"; }
grep -q '^rounds = 1$' "$res" || fail "f did not stop after the first round: $(grep '^rounds' "$res")"
grep -q '^budget = 60$' "$res" || fail "the budget is not recorded"
grep -q -- "--budget 1m" "$res" || fail "the recorded command line lacks --budget 1m"
[ "$(grep -c '^      run {' "$res")" -eq 2 ] || fail "expected one run per filesystem"
"$FSBENCH" show --ascii "$res" | grep -qE 'Rounds: +1 round; stopped after round 1, as asked, before the verdict settled' ||
	fail "the document does not say how the run ended"
tui_quit 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
exit 0
