#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Busy although nothing in this namespace's mount table shows it: another
# program holding it exclusively, a mount in another mount namespace, and a
# lazily unmounted filesystem that a process still has a file open on.
#
# The listing and `devices --check` are passive (they never open a device
# O_EXCL, so they disturb nobody): they see the other namespace's mount and
# the lazily unmounted filesystem's open files, and for a program holding
# the device they can only say "in use?".  The claim (`fsbench run`)
# opens the device O_EXCL and refuses all three before anything is written.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/devices-lib.sh"

need_prog mkfs.ext4 mount umount unshare
# A new mount namespace copies every mount of the moment, other tests' too,
# and keeps their filesystems busy after they unmount them (their next mkfs
# on the same loop device fails "busy"): this test runs alone.
device_lock exclusive
# a mount in another namespace needs one that is private; in a chroot whose
# root is not a mount point unshare cannot make it so (EINVAL): say that,
# rather than wait for a mount that never comes
unshare -m --propagation private true 2>"$SCRATCH/unshare.err" ||
	skip "needs a private mount namespace (unshare -m: $(head -n 1 "$SCRATCH/unshare.err"))"
kernel_busy="busy: the kernel refused an exclusive open"
# which commands expect_refused goes through: the claim alone, or both
claim_only() { fsb_commands() { echo run; }; }
both() { fsb_commands() { echo devices; echo run; }; }

dev=$(new_loop 64M)
"$HELPERS/hold_excl" "$dev" "$SCRATCH/held" &
pid=$!
at_exit stop_pid "$pid"
wait_for "$SCRATCH/held"
# the claim refuses it, naming the program when it can see it
claim_only
expect_refused "$dev" "$kernel_busy"
expect_refused "$dev" "open by process $pid \\(hold_excl\\)"
# the passive check cannot know whether the open is exclusive: a doubt, no refusal
out=$(fsb_via devices "$dev") || { printf '%s\n' "$out" >&2; fail "devices --check: exit status $?"; }
grep -q "^  ? in use?: open by process $pid (hold_excl)" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "devices --check does not say 'in use?' for a held device"; }
"$FSBENCH" devices | grep -qE "^$dev +.* in use\\?\$" ||
	fail "the device list does not say 'in use?' for $dev"
stop_pid "$pid"
expect_usable "$dev"
out=$(fsb_via devices "$dev")
grep -qF "no other program has it open" <<<"$out" ||
	{ printf '%s\n' "$out" >&2; fail "devices --check: no 'no other program has it open'"; }
both

mkfs_ext4 "$dev" || fail "mkfs.ext4"
mkdir -p "$SCRATCH/ns-mnt"
unshare -m --propagation private sh -c \
	"mount '$dev' '$SCRATCH/ns-mnt' && touch '$SCRATCH/ns-ready' && exec sleep 600" &
pid=$!
at_exit stop_pid "$pid"
wait_for "$SCRATCH/ns-ready"
findmnt -rn -S "$dev" >/dev/null && fail "the namespace mount leaked into ours"
# passive facts: the other namespace's mountinfo; the claim: the kernel
expect_refused "$dev" "mounted on $SCRATCH/ns-mnt \\(in the mount namespace of process [0-9]+\\)"
claim_only
expect_refused "$dev" "$kernel_busy"
both
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
expect_refused "$lazy" "a filesystem on it is mounted nowhere fsbench can see .* in use by process $pid \\(sleep\\)"
claim_only
expect_refused "$lazy" "$kernel_busy"
