#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The kernel says busy (open O_EXCL fails with EBUSY) although nothing in
# this namespace's mount table shows it: another program holding it
# exclusively, a mount in another mount namespace, and a lazily unmounted
# filesystem that a process still has a file open on.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount umount unshare
# a mount in another namespace needs one that is private; in a chroot whose
# root is not a mount point unshare cannot make it so (EINVAL): say that,
# rather than wait for a mount that never comes
unshare -m --propagation private true 2>"$SCRATCH/unshare.err" ||
	skip "needs a private mount namespace (unshare -m: $(head -n 1 "$SCRATCH/unshare.err"))"
dev=$(new_loop 64M)
"$HELPERS/hold_excl" "$dev" "$SCRATCH/held" &
pid=$!
at_exit stop_pid "$pid"
wait_for "$SCRATCH/held"
expect_refused "$dev" "busy: the kernel refused an exclusive open"
stop_pid "$pid"
expect_usable "$dev"

mkfs_ext4 "$dev" || fail "mkfs.ext4"
mkdir -p "$SCRATCH/ns-mnt"
unshare -m --propagation private sh -c \
	"mount '$dev' '$SCRATCH/ns-mnt' && touch '$SCRATCH/ns-ready' && exec sleep 600" &
pid=$!
at_exit stop_pid "$pid"
wait_for "$SCRATCH/ns-ready"
findmnt -rn -S "$dev" >/dev/null && fail "the namespace mount leaked into ours"
expect_refused "$dev" "busy: the kernel refused an exclusive open"
stop_pid "$pid"

lazy=$(new_loop 64M)
mkfs_ext4 "$lazy" || fail "mkfs.ext4"
mkdir "$SCRATCH/lazy"
mount "$lazy" "$SCRATCH/lazy" || fail "mount"
at_exit umount -l "$SCRATCH/lazy"
sleep 600 >"$SCRATCH/lazy/open-file" &
pid=$!
at_exit stop_pid "$pid"
# the background job opens the file when it gets to run: wait for it, or the
# lazy unmount finds no user and really lets the device go
for _ in $(seq 100); do
	readlink "/proc/$pid/fd/1" 2>/dev/null | grep -q open-file && break
	sleep 0.05
done
readlink "/proc/$pid/fd/1" | grep -q open-file || fail "the file was never opened"
umount -l "$SCRATCH/lazy" || fail "umount -l"
findmnt -rn -S "$lazy" >/dev/null && fail "still in the mount table after umount -l"
expect_refused "$lazy" "busy: the kernel refused an exclusive open"
