#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The claim API against a race: the loop device is detached and its name
# attached to another file between the checks and mkfs, or between two
# filesystems.  tests/helpers/claim_race drives the real API (see there).
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4
truncate -s 64M "$SCRATCH/a.img" "$SCRATCH/b.img"
dev=$(new_loop 64M "$SCRATCH/a.img")
"$HELPERS/claim_race" "$dev" "$SCRATCH/a.img" "$SCRATCH/b.img" || fail "claim_race found a broken expectation"
