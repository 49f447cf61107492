#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A refused device is listed, grey, with its reason, and cannot be chosen:
# a mounted loop device shows "refused: …", the detail pane says it is
# mounted where it is, and Enter only explains why, staying on the target
# screen.  Nothing is written to it.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 losetup

dev=$(new_loop 64M)
mkfs.ext2 -q -L tuiref "$dev" || fail "mkfs.ext2 $dev"
# read-only, so that the kernel itself never writes to it either
mnt=$(mount_tmp "$dev" ro)
sum=$(edge_sum "$dev")

tui_start 80 24
tui_wait 'Where should fsbench run'
# the list row: the device, its filesystem and label, refused with a reason
tui_wait "^  $dev +64 MiB ext2 +tuiref .*refused: "
# highlight it: the detail pane is titled with the highlighted device
tui_target_to "$dev" 60
tui_wait 'refused, and cannot be chosen:'
tui_screen | grep -qF -- "- mounted on $mnt" || { tui_dump; fail "the detail pane does not say where $dev is mounted"; }
tui_screen | grep -q 'LABEL=tuiref' || { tui_dump; fail "the detail pane does not show the signature's label"; }
# Enter does not choose it: it says why and stays
tui_keys Enter
tui_wait "^$dev cannot be used: "
tui_screen | grep -q 'Where should fsbench run' || fail "Enter on a refused device left the target screen"
tui_screen | grep -q 'Target: ' && fail "a refused device became the target"
# and the cursor is still on it
row=$(tui_screen | grep -n "^▶ $dev " | cut -d: -f1)
[ -n "$row" ] || { tui_dump; fail "the cursor is not on $dev"; }
tui_keys q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
[ "$(edge_sum "$dev")" = "$sum" ] || fail "$dev was written to"
exit 0
