#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Without root the program still starts, says what needs root, refuses an
# image file with the reason, browses results, and runs on a directory
# (the one target that needs no root) to the end.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root		# to become someone else
need_prog setpriv tar
id nobody >/dev/null 2>&1 || skip "needs the user nobody"

# a world the unprivileged user can use: results, cache, temp and the target
chmod 755 "$SCRATCH"
mkdir -p "$XDG_DATA_HOME/fsbench/results" "$SCRATCH/cache" "$SCRATCH/tmp" "$SCRATCH/target"
cp "$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench" "$XDG_DATA_HOME/fsbench/results/"
chown -R nobody "$XDG_DATA_HOME" "$SCRATCH/cache" "$SCRATCH/target"
chmod 1777 "$SCRATCH/tmp"
export XDG_CACHE_HOME=$SCRATCH/cache TMPDIR=$SCRATCH/tmp
TUI_USER=nobody

tui_start 80 24
tui_wait 'Where should fsbench run'
tui_wait '^ Not root: devices and image files need root'
tui_wait 'Image file… +needs root'
tui_keys End Up Enter
tui_wait '^an image file needs root'
tui_screen | grep -q '│ File ' && fail "the image dialog opened without root"

# the browser works
tui_keys r
tui_wait 'complete +full +no +device 3GB partition'
tui_keys Enter
tui_wait '^ ext2 +1\.00 +1\.00 +1\.00 +1\.00 +1\.00 +1\.00 +1\.00 +1\.00$'
tui_keys q q
tui_wait 'Where should fsbench run'

# a directory run, start to end
tui_keys End Enter
tui_wait '│ Directory '
tui_keys C-u "$SCRATCH/target" Enter
tui_wait "Target: directory $SCRATCH/target"
# no filesystems to tick for a directory: the phases have the keyboard
tui_plan_none phases
tui_plan_tick phases tar rm
tui_press_until p 'Size profile +‹ tiny ›' 6
tui_keys Enter
tui_wait 'Start the run in this directory'
tui_keys y
tui_wait 'Run finished' 120
tui_wait 'Complete after'
res=$(ls -t "$XDG_DATA_HOME"/fsbench/results/fsbench-*.fsbench | head -1)
[ -n "$res" ] || fail "no result file"
[ "$(stat -c %U "$res")" = nobody ] || fail "the result was not written by nobody"
grep -q '^status = "complete"' "$res" || fail "the directory run is not complete"
tui_keys q
tui_wait "Target: directory"
tui_keys q q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
[ -z "$(ls -A "$SCRATCH/target")" ] || fail "the directory run left files behind: $(ls -A "$SCRATCH/target")"
exit 0
