#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The UI must not compete with what it measures: over a run of about 20 s
# (tar, make and rm on ext2 and ext4, tiny profile) on a large terminal,
# where a redraw costs most, the UI thread must use well under 1% of a CPU.
# Its time comes from /proc/PID/task/PID/stat: the main thread is the UI
# thread, the engine runs in a thread of its own and the phases in child
# processes.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 make cc ccache tar

# FSB_TUI_CPU_SIZE="80 24" measures at the smallest size instead
read -r cols rows <<<"${FSB_TUI_CPU_SIZE:-160 48}"
tui_start "$cols" "$rows"
tui_plan_image "$SCRATCH/t.img" 2G ext2 ext4 -- tar make rm
tui_keys Enter
tui_wait 'Start the run on a new image file'
tui_keys y
tui_wait '─ Running ─'
pid=$(tui_pid)
[ -n "$pid" ] || fail "no fsbench process"
cpu0=$(thread_cpu "$pid" "$pid")
t0=$(date +%s.%N)
tui_wait 'Run finished' 240
t1=$(date +%s.%N)
cpu1=$(thread_cpu "$pid" "$pid")
tui_wait 'Complete after'

read -r used wall pct < <(awk -v a="$cpu0" -v b="$cpu1" -v s="$t0" -v e="$t1" \
	'BEGIN { printf "%.2f %.1f %.3f\n", b - a, e - s, (b - a) / (e - s) * 100 }')
note "UI thread at ${cols}x$rows: $used s of CPU in $wall s of run = $pct% of one CPU"
awk -v w="$wall" 'BEGIN { exit !(w >= 5) }' || fail "the run took only $wall s: too short to measure"
awk -v p="$pct" 'BEGIN { exit !(p < 1.0) }' || fail "the UI thread used $pct% of a CPU while the phases ran"

tui_quit 'Target: new image file' 'Where should fsbench run'
assert_no_leftovers "the TUI run"
exit 0
