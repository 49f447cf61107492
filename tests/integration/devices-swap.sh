#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Active swap: a swap partition on a loop device, and a filesystem holding
# an active swap file.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkswap swapon swapoff mkfs.ext4 mount
dev=$(new_loop 64M)
mkswap -q "$dev" >/dev/null || fail "mkswap $dev"
swapon "$dev" || skip "swapon does not work here"
at_exit swapoff "$dev"
expect_refused "$dev" "(^|[-:;] )active swap"

fsdev=$(new_loop 64M)
mkfs_ext4 "$fsdev" || fail "mkfs.ext4"
mnt=$(mount_tmp "$fsdev")
dd if=/dev/zero of="$mnt/swapfile" bs=1M count=8 status=none && chmod 600 "$mnt/swapfile" &&
	mkswap -q "$mnt/swapfile" >/dev/null || fail "mkswap on a file"
swapon "$mnt/swapfile" || skip "swapon of a file does not work here"
at_exit swapoff "$mnt/swapfile"
expect_refused "$fsdev" "holds the active swap file $mnt/swapfile"
