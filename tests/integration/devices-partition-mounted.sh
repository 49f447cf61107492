#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A partition of a partitioned loop disk is mounted: the partition and the
# disk are refused (the disk with --whole-disk too), the unused sibling is not.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog sfdisk partx mkfs.ext4 mount
disk=$(new_pdisk 64M)
mkfs_ext4 "${disk}p1" || fail "mkfs.ext4 ${disk}p1"
mnt=$(mount_tmp "${disk}p1")
expect_refused "${disk}p1" "mounted on $mnt"
expect_refused "$disk" "partition ${disk}p1: mounted on $mnt" --whole-disk
expect_refused "$disk" "partition ${disk}p1: mounted on $mnt"
expect_usable "${disk}p2"
# a partition is never a whole disk: --whole-disk names the disk
expect_refused "${disk}p2" "a partition of $disk, but --whole-disk asks for a whole disk" --whole-disk
