#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Listed in fstab (--fstab points the check at a fixture): by UUID=, LABEL=,
# PARTUUID=, PARTLABEL= and by path; an fstab that does not name it leaves
# it usable, and an --fstab that cannot be read is a usage error.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog sfdisk partx mkfs.ext4 blkid
disk=$(new_pdisk 64M)
part=${disk}p2
mkfs_ext4 -L fsbtest "$part" || fail "mkfs.ext4"
uuid=$(blkid -p -s UUID -o value "$part")
partuuid=$(blkid -p -s PART_ENTRY_UUID -o value "$part")
[ -n "$uuid" ] && [ -n "$partuuid" ] || fail "blkid did not report UUID and PARTUUID of $part"
sfdisk -q --part-label "$disk" 2 fsbpart >/dev/null 2>&1 || fail "sfdisk --part-label"
ensure_parts "$disk"

fstab=$SCRATCH/fstab
for spec in "UUID=$uuid" "UUID=\"$uuid\"" "LABEL=fsbtest" "PARTUUID=$partuuid" "PARTLABEL=fsbpart" "$part"; do
	printf '# fixture\nproc /proc proc defaults 0 0\n%s /data ext4 defaults 0 2\n' "$spec" >"$fstab"
	expect_refused "$part" "listed in $fstab as .* \\(for /data\\)" --fstab "$fstab"
done
printf 'UUID=00000000-0000-0000-0000-000000000000 /data ext4 defaults 0 2\nLABEL=other /x ext4 defaults 0 0\n' >"$fstab"
expect_usable "$part" --fstab "$fstab"

# listed by its partition: the whole disk is refused for it
printf 'PARTUUID=%s /data ext4 defaults 0 2\n' "$partuuid" >"$fstab"
expect_refused "$disk" "partition $part: listed in $fstab" --fstab "$fstab" --whole-disk

out=$("$FSBENCH" devices --check "$part" --fstab "$SCRATCH/missing" 2>&1)
[ $? = 2 ] || fail "an unreadable --fstab should be a usage error (exit 2): $out"
