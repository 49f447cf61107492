#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Seed 001's flavours: an external journal (ext3, ext4) and an external XFS
# log on a second device, which fsbench makes as a second small image; plus
# data=journal and tmpfs as a contender.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext3 mkfs.ext4 mkfs.xfs mke2fs

img=$SCRATCH/j.img
"$FSBENCH" run --image "$img" --size 1G --fs ext2,ext3-extj,ext4-extj,xfs-extlog,ext3-journal,tmpfs \
	--phases tar,rm --profile tiny -o "$SCRATCH/j.fsbench" >"$SCRATCH/j.out" 2>&1 ||
	{ cat "$SCRATCH/j.out"; fail "fsbench run exited $?"; }
assert_no_leftovers "the journal run"
[ ! -e "$img.journal" ] || fail "the journal image was not removed"
grep -q "external journal image $img.journal on /dev/loop" "$SCRATCH/j.out" || fail "no journal image was made"
# (the timed runs' lines: the stall round's are marked "stall")
[ "$(grep -v ' stall\] ' "$SCRATCH/j.out" | grep -cE '\] (tar|rm) .* ok$')" -eq 12 ] || { cat "$SCRATCH/j.out"; fail "not every phase ran"; }
# the journal really was external: mkfs and mount options as run
grep -A6 'filesystem "ext4-extj"' "$SCRATCH/j.fsbench" | grep -q 'mkfs = "mkfs.ext4 .*-J device=/dev/loop' ||
	fail "ext4-extj was not made with an external journal"
grep -A8 'filesystem "xfs-extlog"' "$SCRATCH/j.fsbench" | grep -q 'mount_options = "logdev=/dev/loop' ||
	fail "xfs-extlog was not mounted with its log device"
grep -A8 'filesystem "ext3-journal"' "$SCRATCH/j.fsbench" | grep -q 'mount_options = "data=journal"' ||
	fail "ext3-journal was not mounted data=journal"
grep -A8 'filesystem "tmpfs"' "$SCRATCH/j.fsbench" | grep -q 'mount_options = "size=1073741824"' ||
	fail "tmpfs was not sized like the image"
exit 0
