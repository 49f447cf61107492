#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A clean, unmounted loop device is accepted as a target and benchmarked:
# every phase runs on every filesystem, the device is left holding the last
# filesystem tested, unmounted and free, nothing else is left behind, and the
# result file records what the device is and why it was found usable.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"
need_prog mkfs.ext4 mkfs.xfs blkid findmnt ccache cc make tar

imgdir=$(new_imgdir)
dev=$(new_loop 1G "$imgdir/target.img")
res=$SCRATCH/dev.fsbench

"$FSBENCH" run --target "$dev" --yes-destroy="$dev" --fs ext4,xfs --phases tar,rm --profile tiny \
	-o "$res" >"$SCRATCH/run.out" 2>&1 || { cat "$SCRATCH/run.out"; fail "fsbench run --target exited $?"; }
assert_no_leftovers "a device run"
[ "$(grep -cE '^\[[12]/2 (ext4|xfs)\] (tar|rm) .* ok$' "$SCRATCH/run.out")" -eq 4 ] ||
	{ cat "$SCRATCH/run.out"; fail "not every phase ran ok on both filesystems"; }

# the device holds the last filesystem, with the UUID fsbench gave it,
# unmounted and not held by anything
[ "$(blkid -p -o value -s TYPE "$dev")" = xfs ] || fail "$dev does not hold xfs: $(blkid -p "$dev")"
uuid=$(blkid -p -o value -s UUID "$dev")
grep -A8 'filesystem "xfs"' "$res" | grep -q "uuid = \"$uuid\"" || fail "xfs UUID $uuid not recorded"
grep -A8 'filesystem "xfs"' "$res" | grep -q "mkfs = \"mkfs.xfs -f -q -m uuid=$uuid $dev\"" ||
	fail "the mkfs command as run is not recorded"
! findmnt -rn -S "$dev" >/dev/null || fail "$dev is still mounted"
"$FSBENCH" devices --check "$dev" >"$SCRATCH/check.out" 2>&1 ||
	{ cat "$SCRATCH/check.out"; fail "$dev is not free again after the run"; }

# the result: what the device is, its number, why it was usable
majmin=$(lsblk -dn -o MAJ:MIN "$dev" | tr -d ' ')
grep -A4 '^target {' "$res" | grep -q 'kind = "device"' || fail "target kind not recorded"
grep -A4 '^target {' "$res" | grep -q "path = \"$dev\"" || fail "target path not recorded"
grep -A4 '^target {' "$res" | grep -q "device = \"$dev\"" || fail "target device not recorded"
grep -A6 '^target {' "$res" | grep -q 'size_mib = 1024' || fail "target size not recorded"
grep -q "\"device $majmin (diskseq [0-9]*), confirmed with --yes-destroy" "$res" ||
	grep -q "\"device $majmin, confirmed with --yes-destroy" "$res" || fail "device number not recorded"
for why in "not mounted" "not busy: the kernel granted an exclusive open" "no partition table" \
	"size 1 GiB, at least 512 MiB"; do
	grep -q "\"$why\"" "$res" || fail "reason '$why' not recorded"
done
grep -q '^status = "complete"' "$res" || fail "result status is not complete"
"$FSBENCH" show --ascii "$res" | grep -q "^Target: device $dev" || fail "show does not name the device"

# interrupted in the middle: unmounted, the claim released, 128 + SIGINT
"$FSBENCH" prepare --profile tiny tree >/dev/null || fail "fsbench prepare tree failed"
for delay in 0.1 1; do
	"$FSBENCH" run --target "$dev" --yes-destroy="$dev" --fs ext4,xfs --phases tar,make,cp \
		--profile tiny -o "$SCRATCH/int.fsbench" >"$SCRATCH/int.out" 2>&1 &
	pid=$!
	sleep "$delay"
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" = 130 ] || [ "$rc" = 0 ] || { cat "$SCRATCH/int.out"; fail "SIGINT after ${delay}s: exit status $rc"; }
	assert_no_leftovers "SIGINT after ${delay}s"
	! findmnt -rn -S "$dev" >/dev/null || fail "SIGINT after ${delay}s: $dev still mounted"
	"$FSBENCH" devices --check "$dev" >"$SCRATCH/check.out" 2>&1 ||
		{ cat "$SCRATCH/check.out"; fail "SIGINT after ${delay}s: $dev is not free again"; }
	note "SIGINT after ${delay}s: exit $rc, $dev free"
done
exit 0
