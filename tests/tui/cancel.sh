#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Stopping a run from the TUI: first the metric, baseline and chart switch
# while it runs; then q asks once (default: keep running); yes
# cancels, cleans up (no mount, no loop device, no phase process left) and
# keeps the finished cells on the screen and in the result file, marked
# interrupted.  Q asks and quits after the cleanup; SIGTERM quits without
# asking, also after the cleanup, with status 128 + 15.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 make cc ccache tar

results=$XDG_DATA_HOME/fsbench/results

start_run() {
	tui_start 80 24
	tui_plan_image "$SCRATCH/t.img" 2G ext2 ext4 -- tar make rm
	tui_keys Enter
	tui_wait 'Start the run'
	tui_keys y
	tui_wait '─ Running ─'
}

# --- q: asks, No keeps running, Yes cancels and keeps what finished ---
start_run
# the tar cell of ext2 is in: 1.00, the rest still to come
tui_wait '^ ext2 +1\.00 +… ' 60
# while it runs: the metric, the baseline and the chart switch
tui_keys m
tui_wait '^ \(real time normalized to ext2 '
tui_keys b
tui_wait '^ \(real time normalized to ext4 '
tui_keys B
tui_wait '^ \(real time normalized to ext2 '
tui_keys M
tui_wait '^ \(dead time \(real - usr\) normalized to ext2 '
tui_keys Home Right
tui_wait '^ tar, dead time'
tui_screen | grep -q '─ Running ─' || fail "switching the tables stopped the run"
tui_keys q
tui_wait 'Cancel the run\?'
tui_keys Enter		# the default answer is No
tui_wait_gone 'Cancel the run\?'
tui_screen | grep -q '─ Running ─' || fail "the default answer stopped the run"
tui_keys q
tui_wait 'Cancel the run\?'
tui_keys y
tui_wait 'Interrupted after' 60
tui_screen | grep -qE '^ ext2 +1\.00 ' || { tui_dump; fail "the finished cells are gone"; }
assert_no_leftovers "a cancelled TUI run"
res=$(ls "$results"/*.fsbench)
grep -q '^status = "interrupted"' "$res" || fail "the result is not marked interrupted"
sed -n "/^filesystem \"ext2\"/,/^}/p" "$res" | grep -A6 'phase "tar"' | grep -q "run {" || { cat "$res" >&2; fail "the finished tar run is not in the result file"; }
tui_quit 'Target: new image file' 'Where should fsbench run'
tmx kill-session -t t
rm -f "$results"/*

# --- Q during a run: asks, then quits once the engine cleaned up ---
start_run
tui_keys Q
tui_wait 'Quit fsbench\?'
tui_keys y
tui_wait_exit 60
[ "$TUI_STATUS" = 0 ] || fail "Q: fsbench exited with $TUI_STATUS"
tui_assert_restored
assert_no_leftovers "Q during a TUI run"
grep -q '^status = "interrupted"' "$results"/*.fsbench || fail "Q: the result is not marked interrupted"
tmx kill-session -t t
rm -f "$results"/*

# --- SIGTERM: no question, clean up, exit 143 ---
start_run
kill -TERM "$(tui_pid)"
tui_wait_exit 60
[ "$TUI_STATUS" = 143 ] || fail "SIGTERM: fsbench exited with $TUI_STATUS, not 143"
tui_assert_restored
assert_no_leftovers "SIGTERM during a TUI run"
exit 0
