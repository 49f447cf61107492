#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Read-only: a loop device attached read-only, and one set read-only with
# blockdev --setro.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

img=$(mktemp "$SCRATCH/ro.XXXXXX")
truncate -s 64M "$img"
dev=$(losetup --show -r -f "$img") || fail "losetup -r"
at_exit losetup -d "$dev"
expect_refused "$dev" "read-only"

dev=$(new_loop 64M)
blockdev --setro "$dev" || fail "blockdev --setro"
at_exit blockdev --setrw "$dev"
expect_refused "$dev" "read-only"
blockdev --setrw "$dev"
expect_usable "$dev"
