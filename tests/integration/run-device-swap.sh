#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A device swapped under fsbench between the check and the format — the
# same name, /dev/loopN, now attached to a different backing file — is
# detected before mkfs, the whole run stops with exit status 3 and a clear
# error, and nothing is written to the new backing file.  Likewise a mkfs
# that did not leave the filesystem fsbench asked for stops the run after
# it, before anything is mounted.
#
# The window, without any test hook in fsbench: the run is ext4, tmpfs,
# xfs.  After ext4 the device is unmounted and released (the claim lets go
# for each mkfs and checks again before the next one); tmpfs needs no
# device, so while its phases run nothing of fsbench's holds the loop
# device, and a phase of this test's config (${dev} is the target) detaches
# it and attaches the same name to another file.  The next step of the
# engine is xfs's check right before mkfs.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"
need_prog mkfs.ext4 mkfs.xfs blkid findmnt tar

imgdir=$(new_imgdir)
dev=$(new_loop 1G "$imgdir/a.img")
# the file swapped in: random head and tail, so "unchanged" means something
truncate -s 1G "$imgdir/b.img"
head -c 1M /dev/urandom | dd of="$imgdir/b.img" conv=notrunc status=none
head -c 1M /dev/urandom | dd of="$imgdir/b.img" bs=1M seek=1023 conv=notrunc status=none
b_sum=$(sha256sum <"$imgdir/b.img")

# the swap, as a phase: it acts only while tmpfs is mounted
cat >"$SCRATCH/swap.sh" <<SH
[ "\$(findmnt -n -o FSTYPE --target .)" = tmpfs ] || exit 0
losetup -d "\$1" || { echo "losetup -d \$1 failed" >"$SCRATCH/swap-failed"; exit 0; }
if [ -n "\$(losetup -n -O BACK-FILE "\$1" 2>/dev/null)" ]; then
	echo "\$1 stayed attached after losetup -d: something still held it" >"$SCRATCH/swap-failed"
	exit 0
fi
losetup "\$1" "$imgdir/b.img" && touch "$SCRATCH/swapped" || touch "$SCRATCH/swap-taken"
SH
test_conf <<CONF
phase "swap" {
  label = "swap the loop device while tmpfs runs"
  command = 'sh $SCRATCH/swap.sh \${dev}'
}
filesystem "ext4-own-uuid" {
  type = "ext4"
  description = "ext4 whose mkfs ignores the UUID fsbench gives it"
  mkfs = 'true \${uuid}; mkfs.ext4 -F -q \${dev}'
}
CONF

res=$SCRATCH/swap.fsbench
"$FSBENCH" --config "$conf" run --target "$dev" --yes-destroy="$dev" --fs ext4,tmpfs,xfs \
	--phases tar,swap,rm --profile tiny -o "$res" >"$SCRATCH/swap.out" 2>&1
rc=$?
[ ! -e "$SCRATCH/swap-failed" ] || { cat "$SCRATCH/swap.out"; fail "while tmpfs ran: $(cat "$SCRATCH/swap-failed")"; }
[ ! -e "$SCRATCH/swap-taken" ] ||
	skip "the swap phase could not attach $dev again (another process took the free loop device meanwhile)"
[ -e "$SCRATCH/swapped" ] || { cat "$SCRATCH/swap.out"; fail "the swap phase never ran on tmpfs"; }
[ "$(sha256sum <"$imgdir/b.img")" = "$b_sum" ] || { cat "$SCRATCH/swap.out"; fail "the file swapped in under $dev was written to"; }
[ "$rc" = 3 ] || { cat "$SCRATCH/swap.out"; fail "swapped device: exit status $rc, expected 3"; }
grep -q "^fsbench: run: $dev changed under fsbench: before mkfs: .*; stopped before formatting it with xfs, nothing more was written" \
	"$SCRATCH/swap.out" || { cat "$SCRATCH/swap.out"; fail "swapped device: no clear error"; }
[ "$(losetup -n -O BACK-FILE "$dev")" = "$imgdir/b.img" ] || fail "$dev is not attached to the swapped-in file any more"
assert_no_leftovers "a swapped device"
# ext4 and tmpfs ran; xfs is the failure, with the reason, and the run says so
[ "$(grep -cE '^\[[12]/3 (ext4|tmpfs)\] (tar|swap|rm) .* ok$' "$SCRATCH/swap.out")" -eq 6 ] ||
	{ cat "$SCRATCH/swap.out"; fail "ext4 and tmpfs did not run before the swap"; }
grep -q '^\[3/3 xfs\]' "$SCRATCH/swap.out" && fail "a phase ran on the swapped device"
grep -q '^status = "failed"' "$res" || fail "the result does not say failed"
grep -A8 'filesystem "xfs"' "$res" | grep -q 'error = ".* changed under fsbench' || fail "xfs's error not recorded"
note "swapped: $(grep -m1 'changed under fsbench' "$SCRATCH/swap.out")"

# a mkfs that ignored fsbench's UUID: caught right after it, run stopped
losetup -d "$dev" 2>/dev/null
dev=$(new_loop 1G "$imgdir/c.img")
"$FSBENCH" --config "$conf" run --target "$dev" --yes-destroy="$dev" --fs ext4-own-uuid,xfs \
	--phases rm --profile tiny -o "$SCRATCH/uuid.fsbench" >"$SCRATCH/uuid.out" 2>&1
rc=$?
[ "$rc" = 3 ] || { cat "$SCRATCH/uuid.out"; fail "foreign UUID: exit status $rc, expected 3"; }
grep -q "^fsbench: run: $dev changed under fsbench: after mkfs: $dev carries UUID .*, not the .* fsbench gave mkfs" \
	"$SCRATCH/uuid.out" || { cat "$SCRATCH/uuid.out"; fail "foreign UUID: no clear error"; }
grep -qE '^\[' "$SCRATCH/uuid.out" && { cat "$SCRATCH/uuid.out"; fail "a phase ran after the UUID mismatch"; }
[ "$(blkid -p -o value -s TYPE "$dev")" = ext4 ] || fail "the run went on to format $dev with xfs"
assert_no_leftovers "a foreign UUID"
exit 0
