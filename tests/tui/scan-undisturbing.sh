#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A device scan disturbs nobody: while `fsbench devices`, `fsbench devices
# --check` and the TUI's target screen (rescanned with R, over and over) run
# in a loop, another program's mkfs, mount, umount and losetup -d on other
# loop devices never fail.  Before the scan was passive, each scan opened
# every block device O_EXCL for a moment, and a mkfs landing in that moment
# failed with "Device or resource busy".
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.xfs losetup mount umount sfdisk partx

dev=$(new_loop 64M)
other=$(new_loop 320M)
mnt=$(mktemp -d "$SCRATCH/m.XXXXXX")
pimg=$(mktemp "$SCRATCH/p.XXXXXX")
truncate -s 64M "$pimg"
pdisk=$(losetup --show -fP "$pimg") || fail "losetup -P"
at_exit losetup -d "$pdisk"
stop=$SCRATCH/stop

# holders DEV: the commands of the processes that have DEV open
holders() {
	local p
	for p in /proc/[0-9]*; do
		ls -l "$p/fd" 2>/dev/null | grep -q -- " -> $1\$" && cat "$p/comm" 2>/dev/null
	done | sort -u | tr '\n' ' '
}

# the scanners, in the background until told to stop
scan_cli() {
	local n=0
	while [ ! -e "$stop" ]; do
		"$FSBENCH" devices >/dev/null 2>&1 || { echo "fsbench devices failed" >"$SCRATCH/scan.err"; break; }
		"$FSBENCH" devices --check "$dev" >/dev/null 2>&1
		"$FSBENCH" devices --check "$other" >/dev/null 2>&1
		n=$((n + 1))
	done
	echo "$n" >"$SCRATCH/scans"
}
scan_cli &
scanner=$!
at_exit kill "$scanner"

tui_start 100 30
tui_wait 'Where should fsbench run'

# the victim: mkfs, mount, umount, a partition table rewritten and re-read,
# and a fresh loop device attached and detached, as fast as it goes, for
# 20 s; every failure is counted
fails=0 rounds=0 tui_scans=0
end=$((SECONDS + 20))
while [ "$SECONDS" -lt "$end" ]; do
	rounds=$((rounds + 1))
	tui_keys R
	tui_scans=$((tui_scans + 1))
	if ! out=$(mkfs.ext4 -q -F "$dev" 2>&1); then
		fails=$((fails + 1)); note "round $rounds: mkfs.ext4 $dev: $out"
	fi
	if ! out=$(mkfs.xfs -q -f "$other" 2>&1); then
		fails=$((fails + 1)); note "round $rounds: mkfs.xfs $other: $out"
	fi
	if out=$(mount "$dev" "$mnt" 2>&1); then
		umount "$mnt" 2>/dev/null || { fails=$((fails + 1)); note "round $rounds: umount $mnt failed"; umount -l "$mnt"; }
	else
		fails=$((fails + 1)); note "round $rounds: mount $dev: $out"
	fi
	# a new partition table, re-read by the kernel: refused while a
	# partition is open, so a scan that probes partitions could break it
	if [ $((rounds % 2)) = 0 ]; then table=',16M\n,\n' want=2; else table=',\n' want=1; fi
	if ! out=$(printf "label: gpt\n$table" | sfdisk "$pdisk" 2>&1) ||
	   grep -qiE 'failed|busy' <<<"$out"; then
		fails=$((fails + 1)); note "round $rounds: sfdisk $pdisk: $(grep -iE 'failed|busy' <<<"$out" | head -1)"
	elif ! out=$(partx -u "$pdisk" 2>&1); then
		# partx: this kernel may lack the GPT parser; BLKPG is refused for an open partition
		fails=$((fails + 1)); note "round $rounds: partx -u $pdisk: $out"
	elif [ "$(ls "$pdisk"p* 2>/dev/null | wc -l)" != "$want" ]; then
		fails=$((fails + 1)); note "round $rounds: the kernel does not show $want partitions of $pdisk"
	fi
	img=$(mktemp "$SCRATCH/t.XXXXXX")
	truncate -s 32M "$img"
	if l=$(losetup --show -f "$img" 2>&1); then
		mkfs.ext4 -q -F "$l" >/dev/null 2>&1 || { fails=$((fails + 1)); note "round $rounds: mkfs.ext4 $l failed"; }
		losetup -d "$l" 2>/dev/null || { fails=$((fails + 1)); note "round $rounds: losetup -d $l failed"; }
		# detached at once, not merely marked autoclear behind a scanner's
		# open: if it is still there, whoever holds it open says why — an
		# fsbench is a failure; another holder (udev probing the new
		# filesystem, on machines that run it) is waited out, however long
		# a loaded machine makes it
		if losetup -j "$img" | grep -q .; then
			h=$(holders "$l")
			if grep -qw fsbench <<<"$h"; then
				fails=$((fails + 1)); note "round $rounds: $l still attached, held open by $h"
			fi
			wait_until "$l to be detached (held by ${h:-nobody now})" eval '! losetup -j "$img" | grep -q .'
		fi
	else
		fails=$((fails + 1)); note "round $rounds: losetup: $l"
	fi
	rm -f "$img"
done
: >"$stop"
wait "$scanner"
[ -e "$SCRATCH/scan.err" ] && fail "$(cat "$SCRATCH/scan.err")"
scans=$(cat "$SCRATCH/scans" 2>/dev/null || echo 0)
tui_screen | grep -q 'Where should fsbench run' || { tui_dump; fail "the TUI left the target screen"; }
tui_quit
note "$rounds rounds of mkfs/mount/losetup next to $scans CLI scans and $tui_scans TUI rescans: $fails failures"
[ "$scans" -gt 3 ] || fail "only $scans CLI scans ran: the test proves nothing"
[ "$fails" = 0 ] || fail "$fails operations failed next to a device scan"
exit 0
