#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Backing a loop device, which O_EXCL does not catch: a loop device on a
# loop device, and a filesystem holding an attached image file.  A loop
# device on a refused device inherits its reasons.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount
first=$(new_loop 64M)
second=$(losetup --show -f "$first") || fail "losetup on $first"
at_exit losetup -d "$second"
expect_refused "$first" "backs loop device $second"
# the upper one is a fine target: its backing is only used by itself
expect_usable "$second"

fsdev=$(new_loop 64M)
mkfs_ext4 "$fsdev" || fail "mkfs.ext4"
mnt=$(mount_tmp "$fsdev")
truncate -s 16M "$mnt/inner.img"
inner=$(losetup --show -f "$mnt/inner.img") || fail "losetup $mnt/inner.img"
at_exit losetup -d "$inner"
expect_refused "$fsdev" "holds $mnt/inner.img, the backing file of loop device $inner"

# a loop device attached straight to a mounted device writes to that device
over=$(losetup --show -f "$fsdev") || fail "losetup on $fsdev"
at_exit losetup -d "$over"
expect_refused "$over" "backing device $fsdev: mounted on $mnt"
