#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Mounted: refused, by device number, with the mount point named.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount umount
dev=$(new_loop 64M)
mkfs_ext4 "$dev" || fail "mkfs.ext4 $dev"
mnt=$(mount_tmp "$dev")
expect_refused "$dev" "mounted on $mnt"
# mounted twice (a bind mount): both places are named
mkdir "$SCRATCH/bind"
mount --bind "$mnt" "$SCRATCH/bind" || fail "mount --bind"
at_exit umount "$SCRATCH/bind"
expect_refused "$dev" "mounted on .*$SCRATCH/bind"
