#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A probe libblkid calls ambiguous (an xfs superblock at 0 and an ext4 one at
# 1 KiB): refused, since nobody can tell which one the system would mount.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mkfs.xfs
truncate -s 320M "$SCRATCH/xfs.img"
mkfs.xfs -q -f "$SCRATCH/xfs.img" || fail "mkfs.xfs"
dev=$(new_loop 320M)
mkfs_ext4 "$dev" || fail "mkfs.ext4"
dd if="$SCRATCH/xfs.img" of="$dev" bs=512 count=1 conv=notrunc status=none || fail "dd"
expect_refused "$dev" "ambiguous signatures \\((xfs, ext4|ext4, xfs)\\)"
