#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Listed in crypttab (--crypttab points the check at a fixture), by UUID=
# and by path.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 blkid
dev=$(new_loop 64M)
mkfs_ext4 "$dev" || fail "mkfs.ext4"
uuid=$(blkid -p -s UUID -o value "$dev")
ct=$SCRATCH/crypttab
for spec in "UUID=$uuid" "$dev"; do
	printf '# <name> <device> <key> <options>\ncryptscratch %s none luks,discard\n' "$spec" >"$ct"
	expect_refused "$dev" "listed in $ct as .*encrypted volume cryptscratch" --crypttab "$ct"
done
printf 'cryptother UUID=00000000-0000-0000-0000-000000000000 none luks\n' >"$ct"
expect_usable "$dev" --crypttab "$ct"
