#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# q from every screen leads out: each screen goes back one step with q and
# the first one quits, with exit status 0 and the terminal restored
# (normal screen, cursor visible, keypad and mouse modes off).  Q quits
# from anywhere.  One fsbench session per starting point.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 tar

results=$XDG_DATA_HOME/fsbench/results
mkdir -p "$results"
cp "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" "$results/"

# out KEYS… — press q (or the given keys) until fsbench exits; check it left cleanly
out() {
	local what=$1 i
	shift
	for ((i = 0; i < 8; i++)); do
		[ -s "$SCRATCH/tui.status" ] && break
		tui_keys "${@:-q}"
		sleep 0.3
	done
	tui_wait_exit 20
	[ "$TUI_STATUS" = 0 ] || fail "$what: fsbench exited with $TUI_STATUS"
	tui_assert_restored
	tmx kill-session -t t
	note "$what: left cleanly"
}

# target
tui_start 80 24
tui_wait 'Where should fsbench run'
out "target"

# the help overlay: any key closes it, then q
tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys '?'
tui_wait 'Help: Target'
tui_keys q
tui_wait_gone 'Help: Target'
out "help overlay"

# a dialog (the image file form): Esc closes it
tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys End Up Enter
tui_wait '│ File '
tui_keys Escape
tui_wait_gone '│ File '
out "image dialog"

# plan and confirm
tui_start 80 24
tui_plan_image "$SCRATCH/t.img" 2G ext2 -- tar
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys q
tui_wait 'Target: new image file'
tui_keys q
tui_wait 'Where should fsbench run'
out "confirm, plan"

# Q from the plan quits at once
tui_start 80 24
tui_plan_image "$SCRATCH/t.img" 2G ext2 -- tar
tui_keys Q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "Q: fsbench exited with $TUI_STATUS"
tui_assert_restored
tmx kill-session -t t

# browse: the list, an open result, a comparison
tui_start 80 24
tui_wait 'Where should fsbench run'
tui_keys r
tui_wait 'Results in '
tui_wait 'complete +full +no +device 3GB partition'
tui_keys Enter
tui_wait 'Desktop Filesystem Benchmarks in 2.6.3'
tui_keys q
tui_wait 'Results in '
tui_keys q
tui_wait 'Where should fsbench run'
out "browse"

# a finished run
tui_start 80 24
tui_plan_image "$SCRATCH/t.img" 2G ext2 -- tar
tui_keys Enter
tui_wait 'Start the run'
tui_keys y
tui_wait 'Run finished' 60
tui_keys q
tui_wait 'Target: new image file'
out "finished run"
assert_no_leftovers "the TUI run"
exit 0
