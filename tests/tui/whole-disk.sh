#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The TUI's whole-disk path (--whole-disk on the command line), on a
# partitioned loop device standing in for a disk: the list refuses it as it
# is, with the partition table as its first reason; Enter asks an extra
# question, default No, that lists what will be lost (the partition table
# and every partition, with its filesystem and label); No keeps the target
# screen; Yes plans a run on the whole disk, and the confirmation then
# checks it as a whole disk (usable) and still wants its name.  Nothing is
# written to the disk and no run starts.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext4 losetup blkid sfdisk partx

dev=$(tui_partitioned_loop 700M 100MiB 200MiB) || fail "cannot make a partitioned loop device"
mkfs.ext4 -q -L keep1 "${dev}p1" || fail "mkfs.ext4 ${dev}p1"
sum=$(edge_sum "$dev")
results=$XDG_DATA_HOME/fsbench/results

tui_start 140 40
tui_wait 'Where should fsbench run'
tui_target_to "$dev" 80
# refused as it is, the partition table the reason shown in the list
tui_wait "^│ refused, and cannot be chosen"
tui_choose_refused "$dev" 'a whole disk with a gpt partition table' 'the whole disk' 'Use the whole disk' \
	"the list does not show the partition table as the first reason"
grep -qF "$dev is a whole disk with a gpt partition table" <<<"$screen" || { tui_dump; fail "the question does not say what the disk is"; }
grep -qF -- "- the gpt partition table" <<<"$screen" || { tui_dump; fail "the partition table is not listed as lost"; }
grep -qE -- "- partition ${dev}p1 +100 MiB +ext4 \"keep1\"" <<<"$screen" || { tui_dump; fail "partition 1 is not listed"; }
grep -qE -- "- partition ${dev}p2 +200 MiB" <<<"$screen" || { tui_dump; fail "partition 2 is not listed"; }
# the default is No
tui_keys Enter
tui_wait "$dev not chosen"
tui_screen | grep -q 'Use the whole disk' && fail "No left the question open"
tui_wait 'Where should fsbench run'
# now Yes
tui_keys Enter
tui_wait 'Use the whole disk'
tui_yes_confirms "$dev" "the whole disk"
tui_keys q
tui_wait 'Where should fsbench run'
tui_keys q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
tui_assert_restored
[ "$(edge_sum "$dev")" = "$sum" ] || fail "$dev was written to"
[ "$(blkid -o value -s LABEL "${dev}p1")" = keep1 ] || fail "${dev}p1 lost its filesystem"
if compgen -G "$results/*.fsbench" >/dev/null; then
	fail "a run started: $(ls "$results")"
fi
exit 0
