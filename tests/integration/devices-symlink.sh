#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A path through symlinks is resolved first: the verdict is about the device
# number, and --yes-destroy may name the device by any path to it.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount
dev=$(new_loop 64M)
mkfs_ext4 "$dev" || fail "mkfs.ext4"
mnt=$(mount_tmp "$dev")
mkdir -p "$SCRATCH/by-id"
ln -s "$dev" "$SCRATCH/by-id/usb-Fake_Disk_0001"
ln -s "$SCRATCH/by-id/usb-Fake_Disk_0001" "$SCRATCH/second-hop"
expect_refused "$SCRATCH/by-id/usb-Fake_Disk_0001" "mounted on $mnt"
expect_refused "$SCRATCH/second-hop" "mounted on $mnt"
"$FSBENCH" devices --check "$SCRATCH/second-hop" | flatten | grep -qF "$SCRATCH/second-hop -> $dev (" ||
	fail "--check does not show what the symlink resolved to"

free=$(new_loop 64M)
ln -s "$free" "$SCRATCH/by-id/usb-Free_Disk_0002"
expect_usable "$SCRATCH/by-id/usb-Free_Disk_0002"
out=$("$FSBENCH" devices --check "$free" --yes-destroy="$SCRATCH/by-id/usb-Free_Disk_0002" 2>&1) ||
	fail "--yes-destroy through a symlink to the same device was refused: $out"
