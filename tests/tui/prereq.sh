#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The plan screen keeps the plan runnable as phases are ticked (issue 16):
# ticking make2 alone ticks make and tar too and says so on the hint line;
# unticking make unticks clean and make2 and says so; the plan run after
# make2 is ticked again (tar, make, make2 on ext2, tiny profile) has no
# failed phase.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 make cc ccache tar

img=$SCRATCH/t.img
results=$XDG_DATA_HOME/fsbench/results

# marked MARK PHASE…: the phases' rows show [MARK] ("x" ticked, " " not)
marked() {
	local mark=$1 ph scr
	shift
	scr=$(tui_screen)
	for ph in "$@"; do
		grep -qE "\[$mark\] $ph " <<<"$scr" || { tui_dump; fail "$ph is not [$mark]"; }
	done
}
ticked() { marked x "$@"; }
unticked() { marked ' ' "$@"; }

tui_start 100 30
tui_plan_image "$img" 2G ext2 --
tui_wait 'Phases \(0, '

# make2 alone brings make and tar, and the hint line says so
tui_plan_home phases
tui_press_until Down '^make2: ' 30
tui_keys Space
tui_wait '^Ticked make and tar too: make2 needs them before it'
tui_wait 'Phases \(3, '
ticked tar make make2
unticked cp clean rm

# clean needs make, which is there: nothing else changes
tui_press_until Up '^clean: ' 5
tui_keys Space
tui_wait 'Phases \(4, '
ticked tar make clean make2
tui_screen | grep -qE '^(Ticked|Unticked)' && { tui_dump; fail "ticking clean changed other phases"; }

# unticking make takes clean and make2 along; tar stays
tui_press_until Up '^make: ' 5
tui_keys Space
tui_wait '^Unticked clean and make2 too: they need make before them'
tui_wait 'Phases \(1, '
ticked tar
unticked make clean make2

# make2 again: only make is missing now
tui_press_until Down '^make2: ' 5
tui_keys Space
tui_wait '^Ticked make too: make2 needs it before it'
tui_wait 'Phases \(3, '
ticked tar make make2

# the plan runs, and no phase fails
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys y
tui_wait '─ Running ─'
tui_wait 'Run finished' 240
tui_wait 'Complete after'
tui_screen | grep -q 'failed phases' && { tui_dump; fail "a phase failed"; }
res=$(ls "$results"/*.fsbench 2>/dev/null)
[ "$(wc -w <<<"$res")" = 1 ] || fail "expected one result file in $results, found: $res"
grep -q '^status = "complete"' "$res" || fail "the result file is not complete"
grep -q -- '--phases tar,make,make2 ' "$res" || { grep '^command' "$res" >&2; fail "the run's phases are not tar, make, make2"; }
grep -qE 'status = "(failed|interrupted|unavailable)"' "$res" && { cat "$res" >&2; fail "a phase did not run ok"; }
# ext2, its three phases and their three runs
n=$(grep -oE 'status = "ok"' "$res" | wc -l)
[ "$n" -ge 7 ] || { cat "$res" >&2; fail "expected 7 \"ok\" (ext2, 3 phases, 3 runs), found $n"; }

tui_quit 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
[ ! -e "$img" ] || fail "the image file was not removed"
exit 0
