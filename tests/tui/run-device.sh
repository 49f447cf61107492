#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A run on a real block device from the TUI, to the end: a loop device
# holding an ext4 filesystem is picked on the target screen, the plan is
# ext2 and the tar phase with the tiny profile, and the confirmation gets
# the device's exact name typed.  The run must reach mkfs on the device —
# afterwards it holds an ext2 filesystem with a new UUID (blkid, apart from
# fsbench), unmounted and free — and the result file must record the
# device as its target, with the mkfs command as run on it.
# (tests/tui/confirm-device.sh: every answer but the exact name does not
# proceed; tests/integration/run-device-*.sh: the same from the command line.)
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext2 mkfs.ext4 losetup blkid findmnt tar

imgdir=$(new_imgdir)
dev=$(new_loop 1G "$imgdir/target.img")
mkfs.ext4 -q -L before "$dev" || fail "mkfs.ext4 $dev"
old_uuid=$(blkid -p -o value -s UUID "$dev")
[ -n "$old_uuid" ] || fail "no UUID on $dev after mkfs.ext4"
tui_short_data_home
"$FSBENCH" prepare --profile tiny tree >/dev/null || fail "fsbench prepare tree failed"

tui_start 100 30
tui_pick_device "$dev"
# the plan: ext2 alone, tar alone, the tiny profile
tui_plan_none fs
tui_plan_tick fs ext2
tui_wait 'Filesystems \(1\)'
tui_keys Tab
tui_plan_none phases
tui_plan_tick phases tar
tui_wait 'Phases \(1, '
tui_press_until p 'Size profile +‹ tiny ›' 6

# the confirmation: the device's exact name, then Enter
tui_keys Enter
tui_wait "ALL DATA ON $dev WILL BE DESTROYED"
tui_screen | grep -qE "Contains +ext4, label before, UUID $old_uuid" || { tui_dump; fail "the confirmation does not say what is on $dev"; }
tui_keys "$dev"
tui_wait "Device name: +$dev"
tui_keys Enter
tui_wait '─ Running ─' 20
tui_wait 'Run finished' 240
tui_wait 'Complete after'

# the device changed: ext2 now, a new UUID, as blkid reads it off the disk
type=$(blkid -p -o value -s TYPE "$dev")
uuid=$(blkid -p -o value -s UUID "$dev")
[ "$type" = ext2 ] || { tui_dump; fail "$dev holds '$type' after the run, expected ext2 (was ext4): no mkfs reached it"; }
[ -n "$uuid" ] && [ "$uuid" != "$old_uuid" ] || fail "$dev kept its UUID $old_uuid: no new filesystem"
! findmnt -rn -S "$dev" >/dev/null || fail "$dev is still mounted after the run"

# the result file names the device as its target and the mkfs run on it
res=$(ls "$results"/*.fsbench 2>/dev/null)
[ "$(wc -w <<<"$res")" = 1 ] || fail "expected one result file in $results, found: $res"
grep -q '^status = "complete"' "$res" || fail "the result file is not complete"
grep -A4 '^target {' "$res" | grep -q 'kind = "device"' || { cat "$res"; fail "the result's target kind is not device"; }
grep -A4 '^target {' "$res" | grep -q "path = \"$dev\"" || { cat "$res"; fail "the result's target path is not $dev"; }
grep -A8 'filesystem "ext2"' "$res" | grep -q "uuid = \"$uuid\"" || { cat "$res"; fail "the result does not record the UUID $uuid on $dev"; }
grep -A8 'filesystem "ext2"' "$res" | grep -qE "mkfs = \"mkfs\\.ext2 .*$dev\"" || { cat "$res"; fail "the result does not record mkfs on $dev"; }
grep -qE '^ +run \{' "$res" || fail "no run recorded"
"$FSBENCH" show --ascii "$res" | grep -q "^Target: device $dev" || fail "show does not name the device"

tui_quit 'Target: '"$dev" 'Where should fsbench run'
assert_no_leftovers "the TUI's device run"
"$FSBENCH" devices --check "$dev" >"$SCRATCH/check.out" 2>&1 ||
	{ cat "$SCRATCH/check.out"; fail "$dev is not free again after the run"; }
exit 0
