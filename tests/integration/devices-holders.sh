#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Holders: a device-mapper device stacked on a loop device.  Needs a kernel
# with device-mapper; elsewhere the rule is covered by tests/unit/test_device.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog dmsetup
[ -c /dev/mapper/control ] || skip "device-mapper is not available here (no /dev/mapper/control)"
dmsetup version >/dev/null 2>&1 || skip "device-mapper is not available in this kernel (dmsetup version fails)"
dev=$(new_loop 64M)
name=fsbtest-$$
dmsetup create "$name" --table "0 $(blockdev --getsz "$dev") linear $dev 0" || fail "dmsetup create"
at_exit dmsetup remove --retry "$name"
expect_refused "$dev" "used by /dev/dm-[0-9]+ \\(device-mapper device $name\\)"
