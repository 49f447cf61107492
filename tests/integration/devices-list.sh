#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# fsbench devices: the table fits 80 columns, shows our loop devices with
# their verdicts, and follows with the reasons and signatures of each;
# --all also shows detached loop devices.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount
usable=$(new_loop 64M)
mkfs_ext4 -L fsblist "$usable" || fail "mkfs.ext4"
busy=$(new_loop 64M)
mkfs_ext4 "$busy" || fail "mkfs.ext4"
mnt=$(mount_tmp "$busy")
raw=$("$FSBENCH" devices 2>&1) || fail "fsbench devices failed: $raw"
out=$(flatten <<<"$raw")
printf '%s\n' "$raw" | head -n 40
# a single word (a long mount path) cannot be wrapped: only lines with room to break count
long=$(awk 'length > 80 && NF > 1' <<<"$raw")
[ -z "$long" ] || fail "lines wider than 80 columns: $long"
head -n1 <<<"$out" | grep -qE '^DEVICE +MAJ:MIN +SIZE +TYPE +FSTYPE LABEL +MOUNTPOINT +VERDICT$' || fail "no table header"
grep -qE "^$usable +7:[0-9]+ +64 MiB loop +ext4 fsblist +usable\$" <<<"$out" || fail "$usable is not listed as usable ext4 fsblist"
grep -qE "^$busy +7:[0-9]+ +64 MiB loop +ext4 +.* refused\$" <<<"$out" || fail "$busy is not listed as refused"
awk -v d="$busy" '$1 == d && /: refused$/ { found = 1 } found && /mounted on/ { ok = 1; exit } END { exit !ok }' <<<"$out" ||
	fail "the details of $busy do not say where it is mounted"
grep -qE "^    0x438 ext4 UUID=[0-9a-f-]+ LABEL=fsblist USAGE=filesystem" <<<"$out" || fail "the signature of $usable is not listed"

"$FSBENCH" devices | grep -E '^/dev/loop[0-9]+ +7:[0-9]+ +0 B ' && fail "a detached loop device is listed without --all"
"$FSBENCH" devices --all | grep -qE "^(/dev/loop[0-9]+) +7:[0-9]+ +0 B +loop .* refused\$" ||
	fail "--all does not list detached loop devices"
