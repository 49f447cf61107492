#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The plan screen's aging tick (issue 23): the aging group's heading reads
# "age the filesystem (aged against fresh)" with the time it adds to a
# round (quick: the profile's nominal figures); Space on it ticks the whole
# group after the plan's phases, and the estimate grows by it; Space again
# unticks it.  The plan then runs on a tiny image with stand-in aging
# phases around the real refresh (tests/integration/age-lib.sh): the result
# records --age and the refresh ran.  Nothing is left behind.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/age-lib.sh"
need_root
need_prog mkfs.ext4 blkid tar

age_conf "$SCRATCH/snap"
img=$SCRATCH/t.img
results=$XDG_DATA_HOME/fsbench/results

# the aging phases' rows, each with [MARK]
aging_rows() {
	local mark=$1 ph scr
	scr=$(tui_screen)
	for ph in age aged-grep aged-stat refresh fresh-grep fresh-stat; do
		grep -qE "\[$mark\] $ph " <<<"$scr" || { tui_dump; fail "$ph is not [$mark]"; }
	done
}
estimate() { tui_screen | sed -n 's/.*Estimate: \([^(]*\).*/\1/p'; }

tui_start 160 48 --config "$conf"
tui_plan_image "$img" 2G ext4 -- tar
tui_wait 'Phases \(1, '
# the quick profile's figures: the heading says what aging adds
tui_press_until p 'Size profile +‹ quick ›' 6
tui_wait '\[ \] aging +age the filesystem \(aged against fresh\): about [0-9]+ min [0-9]+ s a round'
before=$(estimate)
tui_plan_home phases
tui_press_until Down '^Space: age each filesystem' 40
tui_keys Space
tui_wait 'Phases \(7, '
tui_wait '\[x\] aging +age the filesystem'
aging_rows x
after=$(estimate)
[ "$before" != "$after" ] || { tui_dump; fail "the estimate did not change with aging ticked: $after"; }
note "estimate: $before → $after"
# and off again
tui_keys Space
tui_wait 'Phases \(1, '
aging_rows ' '
[ "$(estimate)" = "$before" ] || { tui_dump; fail "the estimate is not back: $(estimate), was $before"; }

# on, on the tiny profile, and run it
tui_keys Space
tui_wait 'Phases \(7, '
tui_press_until p 'Size profile +‹ tiny ›' 6
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys y
tui_wait '─ Running ─'
tui_wait 'Run finished' 240
res=$(ls "$results"/*.fsbench 2>/dev/null)
[ "$(wc -w <<<"$res")" = 1 ] || fail "expected one result file in $results, found: $res"
grep -q -- '--phases tar --age ' "$res" || { grep '^command' "$res" >&2; fail "the recorded command line does not say --age"; }
case $(run_records "$res" | grep '^ext4 refresh ') in
"ext4 refresh ok "*) ;;
*) run_records "$res" >&2; fail "refresh did not run ok" ;;
esac
[ "$(runs_of "$res" ext4 fresh-grep)" = 1 ] || fail "fresh-grep did not run"
tui_quit 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
no_copy "$SCRATCH" "the TUI run"
exit 0
