#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# mkfs, mount and unmount times (issue 12): `show --raw` prints each
# filesystem's times as recorded and the run's bookkeeping share, computed
# again here from the file; the summary says so when one filesystem stands
# out (> 1 s and > 3× the median of the others) and says nothing when none
# does; an older file without the fields reads as before; a negative time
# is refused with FILE:LINE and exit status 2.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
f=$SCRATCH/bk.fsbench
# the fields after each filesystem's status line: xfs unmounts slowly
awk '/^filesystem "/ { fs = $2 } { print }
     /^  status = / && fs == "\"ext2\"" { print "  mkfs_seconds = {0.41, 0.40, 0.42}\n  mount_seconds = {0.02, 0.03, 0.02}\n  umount_seconds = {0.20, 0.30, 0.25}" }
     /^  status = / && fs == "\"ext4\"" { print "  mkfs_seconds = {0.61, 0.60, 0.62}\n  mount_seconds = {0.05, 0.04, 0.06}\n  umount_seconds = {0.35, 0.30, 0.40}" }
     /^  status = / && fs == "\"xfs\"" { print "  mkfs_seconds = {0.90, 0.80, 1.00}\n  mount_seconds = {0.10, 0.10, 0.10}\n  umount_seconds = {4.00, 4.50, 5.00}" }' \
	"$sample" >"$f"
[ "$(grep -c '_seconds = ' "$f")" -eq 9 ] || fail "the fixture did not get its 9 lines"

"$FSBENCH" show --ascii --raw "$f" >"$SCRATCH/raw.txt" || fail "show --raw exited $?"
grep -qxF 'mkfs / mount / umount: ext2: mkfs 0.41, 0.40, 0.42 s; mount 0.02, 0.03, 0.02 s; umount 0.20, 0.30, 0.25 s' "$SCRATCH/raw.txt" ||
	{ grep -A3 'mkfs / mount' "$SCRATCH/raw.txt"; fail "ext2's times are not in show --raw"; }
grep -qxF '  xfs: mkfs 0.90, 0.80, 1.00 s; mount 0.10, 0.10, 0.10 s; umount 4.00, 4.50, 5.00 s' "$SCRATCH/raw.txt" ||
	fail "xfs's times are not in show --raw"

# the share, from started/finished and every run's real time
started=$(sed -n 's/^started = "\(.*\)"$/\1/p' "$f")
finished=$(sed -n 's/^finished = "\(.*\)"$/\1/p' "$f")
wall=$(( $(date -d "$finished" +%s) - $(date -d "$started" +%s) ))
sum=$(awk '{ n = split($0, w, " "); for (i = 1; i < n; i++) if (w[i] == "real" && w[i + 1] == "=") s += w[i + 2] }
	   END { printf "%.6f", s }' "$f")
want=$(awk -v w="$wall" -v s="$sum" 'BEGIN { x = (w - s) / w; if (x < 0) x = 0; printf "%.1f%%", x * 100 }')
grep -qE "^Bookkeeping: $want of the wall time \(" "$SCRATCH/raw.txt" ||
	{ grep '^Bookkeeping' "$SCRATCH/raw.txt"; fail "bookkeeping share is not $want (wall $wall s, Σ real $sum s)"; }

# the summary's line: xfs unmounts in 4.5 s against a median of 0.30 s (--ascii: x)
"$FSBENCH" show --ascii "$f" >"$SCRATCH/plain.txt" || fail "show exited $?"
grep -qF 'Bookkeeping: xfs took 4.5 s to unmount, 15x the median of the others (0.30 s).' "$SCRATCH/plain.txt" ||
	{ grep -i bookkeeping "$SCRATCH/plain.txt"; fail "the summary misses xfs's slow unmount"; }
grep -q '^mkfs / mount / umount' "$SCRATCH/plain.txt" && fail "the times are printed without --raw"

# nobody stands out: no line
sed 's/umount_seconds = {4.00, 4.50, 5.00}/umount_seconds = {0.40, 0.45, 0.50}/' "$f" >"$SCRATCH/even.fsbench"
"$FSBENCH" show --ascii "$SCRATCH/even.fsbench" >"$SCRATCH/even.txt" || fail "show exited $?"
grep -q '^Bookkeeping' "$SCRATCH/even.txt" && fail "a bookkeeping line although nothing stands out"

# an older file: as before, the times "not recorded"
"$FSBENCH" show --ascii --raw "$sample" >"$SCRATCH/old.txt" || fail "show of an older file exited $?"
grep -qxF 'mkfs / mount / umount: ext2: mkfs not recorded; mount not recorded; umount not recorded' "$SCRATCH/old.txt" ||
	fail "an older file's missing times are not said"
"$FSBENCH" show --ascii "$sample" | cmp -s - <("$FSBENCH" show --ascii "$sample") || fail "show is not stable"

# a negative duration: one line with FILE:LINE, status 2
sed 's/mount_seconds = {0.02, 0.03, 0.02}/mount_seconds = {0.02, -1, 0.02}/' "$f" >"$SCRATCH/bad.fsbench"
"$FSBENCH" show "$SCRATCH/bad.fsbench" >"$SCRATCH/bad.out" 2>&1
rc=$?
[ $rc -eq 2 ] || fail "a negative mount time: exit $rc, expected 2"
grep -qE "bad\.fsbench:[0-9]+: .*mount_seconds: -1 is not a duration" "$SCRATCH/bad.out" ||
	{ cat "$SCRATCH/bad.out"; fail "no FILE:LINE message for a negative mount time"; }
exit 0
