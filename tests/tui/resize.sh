#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Resizing during a run, down to 60x20 and back, up to 160x48: the program
# neither crashes nor corrupts the screen.  Below 80x24 it shows the "too
# small" notice while the run goes on; at every size it can draw, the screen
# after the resize must equal a full repaint (Ctrl-L) of the same state.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 make cc ccache tar

# the screen without the progress pane (its clock and rates keep moving)
steady() {
	tui_settled | sed '2,8d'
}

check_size() {
	local w=$1 h=$2 a b n
	if [ "$w" -lt 80 ] || [ "$h" -lt 24 ]; then
		tui_wait "Terminal too small: ${w}×${h}"
		tui_screen | grep -qE 'Running|Run finished' || { tui_dump; fail "the notice does not say the run goes on"; }
		return
	fi
	# redrawn for the new size: the title on the first line, the key bar on
	# the last (tmux keeps the old bottom rows when it shrinks a window, so
	# the key bar alone could still be the old one)
	# and as many lines as the new size (until tmux has resized the pane the
	# capture is still the old screen, title and key bar included)
	local end=$((SECONDS + TUI_WAIT_S)) scr
	while :; do
		scr=$(tui_settled)
		n=$(wc -l <<<"$scr")
		[ "$n" -eq "$h" ] && head -1 <<<"$scr" | grep -q '^ fsbench ' && tail -1 <<<"$scr" | grep -q '? Help' && break
		[ $SECONDS -lt $end ] || { tui_dump; fail "no title and key bar on $n of ${h} lines at ${w}x${h}"; }
	done
	tui_screen | grep -qE '─ (Running|Run finished) ─' || { tui_dump; fail "no progress pane at ${w}x${h}"; }
	tui_screen | grep -q '^ Summary' || { tui_dump; fail "no summary at ${w}x${h}"; }
	# the same as a repaint from scratch; a phase may finish in between: retry
	for _ in 1 2 3; do
		a=$(steady)
		tui_keys C-l
		b=$(steady)
		[ "$a" = "$b" ] && return
	done
	diff <(echo "$a") <(echo "$b") >&2
	fail "the screen after resizing to ${w}x${h} differs from a full repaint"
}

tui_start 80 24
tui_plan_image "$SCRATCH/t.img" 2G ext2 -- tar make rm
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys y
tui_wait '─ Running ─'
pid=$(tui_pid)

for size in "60 20" "80 24" "160 48" "100 30" "79 24" "80 23" "60 20" "120 40" "80 24"; do
	tui_resize $size
	check_size $size
	kill -0 "$pid" 2>/dev/null || fail "fsbench died after resizing to $size"
done
tui_wait 'Run finished' 240
tui_wait 'Complete after'
# wide: the chart phase's table (the document's, judged with the rest)
# beside the chart, over the log; never among the lines of a narrow screen
tui_resize 160 48
check_size 160 48
tui_wait 'sorted by real time'
# it follows the chart's phase: Right from the total to the first phase, Left back
tui_keys Right
tui_wait '^ Summary .{40,} tar xf *$'
tui_keys Left
tui_wait '^ Summary .{40,} total *$'
tui_screen | grep -qE '^ Summary .{40,} total *$' && tui_screen | grep -qE '  Log *$' || { tui_dump; fail "no log beside the chart's table at 160x48"; }
tui_resize 60 20
check_size 60 20
tui_resize 80 24
check_size 80 24
tui_screen | grep -q 'sorted by real time' && { tui_dump; fail "the chart phase's table is among the lines at 80x24"; }
tui_screen | grep -qE '^ ext2 +1\.00 +1\.00 +1\.00 +1\.00$' || { tui_dump; fail "the summary is not complete"; }

tui_quit 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
exit 0
