#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Aged against fresh on a device target (engine/refresh.c through
# fsb_engine_remake): `fsbench run --target DEV --yes-destroy=DEV --age`
# with the command stand-ins of age-lib.sh around the real refresh makes
# the device's filesystem afresh in the middle of a repetition — the claim
# released for the mkfs, the device's identity checked around it, as for
# every mkfs of a device — and goes on: refresh succeeds, the fresh tree is
# the aged one on a filesystem with a new UUID, the run exits 0, the device
# is left unmounted and free (devices --check passes), and nothing is left
# behind (no temporary copy, mount or loop device of fsbench's).
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.xfs blkid findmnt cp sha256sum tar
export LC_ALL=C.UTF-8

. "$FSB_SRCDIR/tests/integration/age-lib.sh"
age_conf "$SCRATCH/snap"

imgdir=$(new_imgdir)
dev=$(new_loop 1G "$imgdir/target.img")
res=$SCRATCH/dev.fsbench

"$FSBENCH" --config "$conf" run --target "$dev" --yes-destroy="$dev" --fs ext4,xfs --phases tar --profile tiny \
	--age -o "$res" >"$SCRATCH/out" 2>&1 || { rc=$?; cat "$SCRATCH/out"; fail "fsbench run --target --age exited $rc"; }
assert_no_leftovers "fsbench run --target --age"
no_copy "${TMPDIR:-/var/tmp}" "fsbench run --target --age"
for fs in ext4 xfs; do
	for ph in tar age aged-grep aged-stat refresh fresh-grep fresh-stat; do
		r=$(run_records "$res" | grep "^$fs $ph ")
		case $r in "$fs $ph ok "*) ;; *) cat "$SCRATCH/out"; fail "$fs: $ph did not succeed on the device: $r" ;; esac
	done
	a=$SCRATCH/snap/$fs-aged f=$SCRATCH/snap/$fs-fresh
	[ -s "$a.list" ] && [ -s "$f.list" ] || fail "$fs: the stand-ins wrote no listing"
	diff "$a.list" "$f.list" >&2 || fail "$fs: the refreshed tree on the device differs from the aged one"
	diff "$a.sums" "$f.sums" >&2 || fail "$fs: the refreshed tree's contents differ from the aged one's"
	[ -s "$a.uuid" ] && [ "$(cat "$a.uuid")" != "$(cat "$f.uuid")" ] ||
		fail "$fs: the device's filesystem was not made afresh (UUID $(cat "$a.uuid") / $(cat "$f.uuid"))"
	note "$fs on $dev: uuid $(cat "$a.uuid") → $(cat "$f.uuid")"
done
grep -q '^status = "complete"' "$res" || fail "the result is not complete"
grep -A4 '^target {' "$res" | grep -q 'kind = "device"' || fail "the target is not recorded as a device"

# the device: the last filesystem, unmounted, free for the next run
[ "$(blkid -p -o value -s TYPE "$dev")" = xfs ] || fail "$dev does not hold xfs: $(blkid -p "$dev")"
! findmnt -rn -S "$dev" >/dev/null || fail "$dev is still mounted"
"$FSBENCH" devices --check "$dev" >"$SCRATCH/check.out" 2>&1 ||
	{ cat "$SCRATCH/check.out"; fail "$dev is not free again after the run"; }
exit 0
