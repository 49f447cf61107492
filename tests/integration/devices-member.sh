#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Member signatures (blkid USAGE raid or crypto): LUKS, LVM2 and md headers
# written by tests/helpers/mksig so the test never depends on cryptsetup,
# lvm2 or mdadm; the real tools are used as well when they are installed.
# A LUKS header in front of a filesystem refuses too.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4
check_kind() {
	local kind=$1 want=$2 dev
	dev=$(new_loop 64M)
	"$HELPERS/mksig" "$kind" "$dev" || fail "mksig $kind"
	expect_refused "$dev" "$want"
}
check_kind luks1 "LUKS encrypted volume \\(crypto_LUKS signature\\)"
check_kind lvm2 "member of an LVM volume group \\(LVM2_member signature\\)"
check_kind md "member of a Linux RAID array \\(linux_raid_member signature\\)"

dev=$(new_loop 64M)
mkfs_ext4 "$dev" || fail "mkfs.ext4"
"$HELPERS/mksig" luks1 "$dev" || fail "mksig luks1"
expect_refused "$dev" "LUKS encrypted volume"
"$FSBENCH" devices --check "$dev" | flatten | grep -qE '^    0x438 ext4 ' ||
	fail "--check does not list the ext4 signature behind the LUKS one (as wipefs does)"

if command -v pvcreate >/dev/null 2>&1; then
	dev=$(new_loop 64M)
	pvcreate -q -y "$dev" >/dev/null 2>&1 && expect_refused "$dev" "member of an LVM volume group"
	pvremove -q -y "$dev" >/dev/null 2>&1
else
	note "pvcreate not installed: the crafted LVM2 label above stands in for it"
fi
if command -v cryptsetup >/dev/null 2>&1; then
	dev=$(new_loop 64M)
	printf 'fsbench-test-key' >"$SCRATCH/key"
	cryptsetup -q luksFormat --type luks2 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
		"$dev" "$SCRATCH/key" >/dev/null 2>&1 && expect_refused "$dev" "LUKS encrypted volume"
else
	note "cryptsetup not installed: the crafted LUKS1 header above stands in for it"
fi
