#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The device holding / (here a whole disk without partitions, /dev/vda on
# the CI VM) is refused as holding the root filesystem, --allow-root-disk
# or not.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

majmin=$(findmnt -rno MAJ:MIN / | tail -n1)
inchroot=
if [ -z "$majmin" ]; then
	# a chroot whose root is no mount point: fsbench takes / from stat, so
	# does the test (and no line of the mount table says "mounted on /")
	majmin=$(stat -c '%Hd:%Ld' /) || fail "stat /"
	inchroot=1
	note "/ is not in the mount table (a chroot): its device is $majmin, from stat"
fi
case $majmin in
0:*)
	src=$(findmnt -rno SOURCE / | tail -n1)
	[ -b "$src" ] || skip "/ is not on a block device here (${src:-$majmin})"
	root=$src ;;
*)
	name=$(sed -n 's/^DEVNAME=//p' "/sys/dev/block/$majmin/uevent")
	root=/dev/$name ;;
esac
[ -b "$root" ] || skip "no device node for the root filesystem ($majmin)"
expect_refused "$root" "holds the root filesystem"
expect_refused "$root" "holds the root filesystem" --allow-root-disk
[ -n "$inchroot" ] || expect_refused "$root" "mounted on /(,|\$| )"
# and the disk it is on, when / is on a partition
if [ -e "/sys/dev/block/$majmin/partition" ]; then
	disk=/dev/$(basename "$(readlink -f "/sys/dev/block/$majmin/..")")
	expect_refused "$disk" "holds the root filesystem" --whole-disk --allow-root-disk
fi
