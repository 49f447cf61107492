#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# doc/screens/capture.sh — make the screenshots in doc/screens/: the real
# fsbench in tmux, every screen at 80x24 and 160x48, saved as the text
# capture-pane prints.  Needs root (an image run and a loop device), tmux,
# e2fsprogs, make, cc, ccache.  Run from the build directory:
#
#   FSBENCH=$PWD/fsbench FSB_SRCDIR=$PWD FSB_BUILDDIR=$PWD \
#   FSB_TESTLIB=$PWD/tests/lib.sh doc/screens/capture.sh
#
# It uses tests/lib.sh and tests/tui/tui-lib.sh, so everything it makes is
# cleaned up at exit like a test's.
. "${FSB_TESTLIB:?run it as the header says}"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 make cc ccache tar

out=${SCREENS_OUT:-$FSB_SRCDIR/doc/screens}
results=$XDG_DATA_HOME/fsbench/results
mkdir -p "$results" "$XDG_CONFIG_HOME/fsbench"
cp "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" "$results/"
# the bonnie phases run long enough at 1G to show their progress bar
printf 'profile "tiny" { synth_size = "1G" }\n' >"$XDG_CONFIG_HOME/fsbench/fsbench.conf"
export TUI_ENV="TZ=UTC"

# shot NAME — the screen at its current size, and at the other one
shot() {
	local name=$1
	tui_settled >"$out/$name-80x24.txt"
	tui_resize 160 48
	sleep 0.3
	tui_settled >"$out/$name-160x48.txt"
	tui_resize 80 24
	sleep 0.3
	tui_settled >/dev/null
	note "$name"
}

# a refused device (mounted) and a usable one for the target and confirm screens
refused=$(new_loop 64M)
mkfs.ext2 -q -L photos "$refused"
mount_tmp "$refused" >/dev/null
usable=$(new_loop 1G)
mkfs.ext4 -q -L scratch "$usable"

tui_start 80 24
tui_wait 'Where should fsbench run'
tui_target_to "$refused" 60
shot target-refused
tui_press_until Down "─ $usable ─" 60
shot target-usable
tui_keys Enter
tui_wait "Target: $usable"
tui_keys Enter
tui_wait "ALL DATA ON $usable"
tui_keys "sdz" Enter
tui_wait 'does not name'
shot confirm-device
tui_keys Escape
tui_wait "Target: $usable"
tui_keys q
tui_wait 'Where should fsbench run'
tui_keys '?'
tui_wait 'Help: Target'
shot help
tui_keys Escape
tui_keys End Up Enter
tui_wait '│ File '
shot image-dialog
tui_keys C-u "$SCRATCH/fsbench.img" Tab C-u 2G Enter
tui_wait 'Target: new image file'
tui_plan_none fs
tui_plan_tick fs ext2 ext4
tui_keys Tab
tui_plan_none phases
tui_plan_tick phases tar make rm block-write block-read
tui_press_until p 'Size profile +‹ tiny ›' 6
tui_keys Tab Down Down
shot plan
tui_keys Enter
tui_wait 'Start the run on a new image file'
shot confirm-image
tui_keys y
# ext2 finished, ext4 building
tui_wait '^ ext2 +1\.00 +1\.00 +1\.00 ' 240
tui_wait '─ Running ─'
tui_wait 'make +phase 2 of 5' 120
sleep 2
shot run
# a built-in phase reports how far it is: the progress bar, at both sizes
tui_wait '\] +[0-9]{1,3}%' 240
tmx capture-pane -p -t t >"$out/run-progress-80x24.txt"
tui_resize 160 48
tui_wait '\] +[0-9]{1,3}%'
tmx capture-pane -p -t t >"$out/run-progress-160x48.txt"
tui_resize 80 24
note run-progress
tui_wait 'Run finished' 240
shot run-finished
tui_keys Enter
tui_wait '— complete'
shot result
tui_keys q
tui_wait 'Results in '
shot browse
tui_keys Home Space Space c
tui_wait 'Comparing 2 result files'
shot compare
tui_keys q q
tui_wait 'Run finished'
tui_resize 60 20
tui_wait 'Terminal too small'
tmx capture-pane -p -t t >"$out/too-small-60x20.txt"
note too-small
tui_resize 80 24
tui_keys Q
tui_wait_exit
exit 0
