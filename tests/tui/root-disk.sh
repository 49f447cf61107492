#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The TUI's root-disk path (--allow-root-disk on the command line).  The
# real root filesystem cannot be moved for a test, so fsbench runs where a
# partitioned loop device IS the root disk: in a private mount and PID
# namespace (unshare), chrooted into the loop device's first partition,
# with the host's /usr, /etc, /dev … bound in and a /proc of its own (so no
# other namespace's "/" is seen).  Nothing outside the namespace changes;
# its mounts vanish with it.  There the second partition is refused as "on
# the same disk as the root filesystem" (the list's first reason); Enter
# asks an extra question, default No, that names the root disk and lists
# what is lost; Yes plans a run, the confirmation checks the partition
# with the root disk allowed (usable) and still wants its name.  The root
# partition itself stays refused: no question is offered for it.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/tui/tui-lib.sh"
need_root
need_prog mkfs.ext4 losetup blkid sfdisk partx unshare chroot
# a new mount namespace copies every mount of the moment and keeps other
# tests' filesystems busy after they unmount them: this test runs alone
device_lock exclusive

dev=$(tui_partitioned_loop 1200M 200MiB 700MiB) || fail "cannot make a partitioned loop device"
mkfs.ext4 -q -L fakeroot "${dev}p1" || fail "mkfs.ext4 ${dev}p1"
sum=$(edge_sum "${dev}p2")

# the namespace: $newroot gets p1, the host's directories bound in
newroot=$SCRATCH/newroot
mkdir -p "$newroot"
cat >"$SCRATCH/inns.sh" <<INNS
#!/bin/sh
set -e
mount "${dev}p1" "$newroot"
for d in /*; do
	[ "\$d" = /proc ] && continue
	if [ -L "\$d" ]; then cp -P "\$d" "$newroot\$d"; continue; fi
	[ -d "\$d" ] || continue
	mkdir -p "$newroot\$d"
	mount --rbind "\$d" "$newroot\$d"
done
mkdir -p "$newroot/proc"
mount -t proc proc "$newroot/proc"
cd /
exec chroot "$newroot" "\$@"
INNS
cat >"$SCRATCH/fsbench-in-ns" <<WRAP
#!/bin/sh
exec unshare --mount --propagation private --pid --fork /bin/sh "$SCRATCH/inns.sh" "$FSBENCH" "\$@"
WRAP
chmod 755 "$SCRATCH/inns.sh" "$SCRATCH/fsbench-in-ns"
# can namespaces be made here at all (a container may forbid them)?  That
# alone is a reason to skip; once they can, the setup must work: in it, /
# is the loop device's first partition
if ! out=$(unshare --mount --propagation private --pid --fork true 2>&1); then
	skip "cannot make a mount and PID namespace here (unshare: $out)"
fi
root=$(unshare --mount --propagation private --pid --fork /bin/sh "$SCRATCH/inns.sh" \
	findmnt -n -o SOURCE --mountpoint / 2>&1)
[ "$root" = "${dev}p1" ] || fail "the namespace's root is not ${dev}p1: $root"
"$SCRATCH/fsbench-in-ns" devices --check "${dev}p2" >"$SCRATCH/check.out" 2>&1
rc=$?
[ $rc = 3 ] && grep -q "on the same disk as the root filesystem (/dev/$(basename "$dev"))" "$SCRATCH/check.out" ||
	{ cat "$SCRATCH/check.out"; fail "in the namespace, ${dev}p2 is not refused as on the root disk (exit $rc)"; }

results=$XDG_DATA_HOME/fsbench/results
FSBENCH=$SCRATCH/fsbench-in-ns tui_start 140 40
tui_wait 'Where should fsbench run'
# the root partition: refused for what it holds, no question offered
tui_target_to "${dev}p1" 80
tui_screen | grep -E "^ *▶ *${dev}p1 " | grep -q 'refused: holds the root filesystem' ||
	{ tui_dump; fail "the root partition's first reason is not that it holds the root filesystem"; }
tui_keys Enter
tui_wait "${dev}p1 cannot be used: holds the root filesystem"
tui_screen | grep -q 'On the root filesystem' && fail "the root partition itself was offered"
# the other partition: only the root disk stands in the way
tui_press_until Down "─ ${dev}p2 ─" 5
tui_choose_refused "${dev}p2" 'on the same disk as the root' "on the root filesystem's disk" \
	"On the root filesystem's disk" "the root disk is not the first reason shown for ${dev}p2"
grep -qF "${dev}p2 is on $dev, the disk the root filesystem is on." <<<"$screen" ||
	{ tui_dump; fail "the question does not name the root disk"; }
grep -qE -- "- ${dev}p2 +700 MiB" <<<"$screen" || { tui_dump; fail "what is lost is not listed"; }
tui_keys Enter
tui_wait "${dev}p2 not chosen"
tui_keys Enter
tui_wait "On the root filesystem's disk"
tui_yes_confirms "${dev}p2" "${dev}p2"
tui_keys q
tui_wait 'Where should fsbench run'
tui_keys q
tui_wait_exit
[ "$TUI_STATUS" = 0 ] || fail "fsbench exited with $TUI_STATUS"
[ "$(edge_sum "${dev}p2")" = "$sum" ] || fail "${dev}p2 was written to"
if compgen -G "$results/*.fsbench" >/dev/null; then
	fail "a run started: $(ls "$results")"
fi
exit 0
