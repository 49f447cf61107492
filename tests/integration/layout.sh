#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The layout evidence (engine/layout.c, issue 23) on real ext4, xfs and
# btrfs loop images, through tests/helpers/layout_probe: a file written in
# one go is one extent; two files grown in turns, a fsync'd chunk at a time,
# are many; the tree's figures count regular non-empty files only, never
# follow a symlink nor enter another mount; e2freefrag's and xfs freesp's
# figures are there, add up to about what statvfs says is free, and see
# the free space cut up when every other small file is deleted; btrfs's
# free space is not measured (NAN) while its files' layout is.  No loop
# device or mount is left.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext4 mkfs.xfs mkfs.btrfs e2freefrag xfs_spaceman filefrag
PROBE=${FSB_BUILDDIR:?FSB_BUILDDIR is not set}/tests/helpers/layout_probe
[ -x "$PROBE" ] || fail "$PROBE is not built (make check builds it)"
export LC_ALL=C

# val OUTPUT KEY — the value of KEY=value in the probe's line
val() { sed -n "s/.*\<$2=\([^ ]*\).*/\1/p" <<<"$1"; }
# probe ARGS… — out: the probe's line, prc: its exit status
probe() { out=$("$PROBE" "$@"); prc=$?; note "layout_probe $*: $out (exit $prc)"; }
# awk_true EXPR — the awk expression holds
awk_true() { awk "BEGIN { exit !($1) }"; }

# free_ok FS DEV MNT WHEN — the free-space figures are plausible; sets ext
free_ok() {
	local fs=$1 dev=$2 mnt=$3 when=$4 mean big df_kib size_kib
	probe free "$fs" "$dev" "$mnt"
	[ "$prc" = 0 ] || fail "$fs ($when): free space not measured (exit $prc): $out"
	ext=$(val "$out" extents) mean=$(val "$out" mean_kib) big=$(val "$out" big_share)
	df_kib=$(stat -f -c '%f * %S / 1024' "$mnt") size_kib=$(stat -f -c '%b * %S / 1024' "$mnt")
	df_kib=$((df_kib)) size_kib=$((size_kib))
	awk_true "$ext >= 1 && $mean > 0 && $big >= 0 && $big <= 1" ||
		fail "$fs ($when): implausible free space: $out"
	# the extents add up to what statvfs says is free, give or take 10% of
	# the filesystem (xfs keeps per-AG reserves in its free-space btrees
	# that statvfs does not call free; ext4 frees deleted blocks at commit)
	awk_true "$ext * $mean - $df_kib <= 0.1 * $size_kib && $df_kib - $ext * $mean <= 0.1 * $size_kib" ||
		fail "$fs ($when): $ext free extents of $mean KiB are not the $df_kib KiB statvfs says are free"
}

for fs in ext4 xfs btrfs; do
	note "--- $fs"
	dev=$(new_loop 512M)
	case $fs in
	ext4) mkfs.ext4 -q -F "$dev" ;;
	xfs) mkfs.xfs -q -f "$dev" ;;
	btrfs) mkfs.btrfs -q -f "$dev" ;;
	esac >"$SCRATCH/mkfs.out" 2>&1 || { cat "$SCRATCH/mkfs.out"; fail "mkfs.$fs failed"; }
	mnt=$(mount_tmp "$dev")
	tree=$mnt/tree
	mkdir "$tree" || fail "mkdir $tree"

	if [ "$fs" = btrfs ]; then
		probe free btrfs "$dev" "$mnt"
		[ "$prc" = 3 ] && grep -q '^unsupported: the free space of btrfs: not measured' <<<"$out" &&
			grep -qx 'extents=-1 mean_kib=nan big_share=nan' <<<"$out" ||
			fail "btrfs: free space should not be measured (NAN): $out (exit $prc)"
	else
		free_ok "$fs" "$dev" "$mnt" fresh
		fresh_ext=$ext
	fi

	dd if=/dev/urandom of="$tree/one" bs=1M count=8 conv=fsync status=none || fail "$fs: dd"
	probe extents "$tree/one"
	[ "$prc" = 0 ] && [ "$(val "$out" extents)" = 1 ] || fail "$fs: 8 MiB written in one go is not one extent: $out"

	"$PROBE" interleave "$tree" 256 4096 || fail "$fs: interleave failed"
	for f in a b; do
		probe extents "$tree/$f"
		n=$(val "$out" extents)
		[ "$prc" = 0 ] && [ "$n" -ge 8 ] || fail "$fs: $f, grown 4 KiB at a time in turns with b, has only $n extents"
		eval "n_$f=$n"
		# filefrag counts the same way (physically contiguous extents as one)
		ff=$(filefrag "$tree/$f" | sed -n 's/.*: \([0-9]*\) extents\? found$/\1/p')
		[ "$ff" = "$n" ] || fail "$fs: $f: $n extents, filefrag says '$ff'"
	done
	if [ "$fs" = btrfs ]; then
		# more extents than one FIEMAP call asks for (512): btrfs gives
		# each of these fsync'd writes an extent of its own
		mkdir "$mnt/many"
		"$PROBE" interleave "$mnt/many" 700 4096 || fail "$fs: interleave failed"
		probe extents "$mnt/many/a"
		n=$(val "$out" extents)
		[ "$prc" = 0 ] && [ "$n" -gt 600 ] || fail "$fs: a file of 700 pieces counted as $n extents"
		ff=$(filefrag "$mnt/many/a" | sed -n 's/.*: \([0-9]*\) extents\? found$/\1/p')
		[ "$ff" = "$n" ] || fail "$fs: many/a: $n extents, filefrag says '$ff'"
	fi

	# what the tree's figures leave out: an empty file, a symlink (to a
	# file of many extents) and a mount below the tree (tmpfs: no FIEMAP,
	# it would fail if it were entered)
	: >"$tree/empty"
	ln -s "$tree/a" "$tree/link"
	mkdir "$tree/other"
	mount -t tmpfs fsbench-layout-test "$tree/other" || fail "mount tmpfs"
	at_exit umount -l "$tree/other"
	echo data >"$tree/other/file"
	probe files "$tree"
	[ "$prc" = 0 ] || fail "$fs: the tree's layout failed: $out"
	max=$n_a
	[ "$n_b" -gt "$max" ] && max=$n_b
	[ "$(val "$out" files)" = 3 ] || fail "$fs: files should be one, a and b: $out"
	[ "$(val "$out" max)" = "$max" ] || fail "$fs: max should be $max (a or b): $out"
	[ "$(val "$out" multi)" = 0.667 ] || fail "$fs: two files of three are in many extents: $out"
	awk_true "$(val "$out" mean) - (1 + $n_a + $n_b) / 3 < 0.001 && (1 + $n_a + $n_b) / 3 - $(val "$out" mean) < 0.001" || fail "$fs: mean is not (1 + $n_a + $n_b) / 3: $out"
	umount "$tree/other" || fail "umount tmpfs"

	# every other small file deleted: the free space in more pieces
	mkdir "$tree/small"
	for i in $(seq 1 64); do
		dd if=/dev/urandom of="$tree/small/$i" bs=64K count=1 conv=fsync status=none || fail "$fs: dd small"
	done
	rm -f "$tree"/small/*[02468]
	sync
	if [ "$fs" != btrfs ]; then
		free_ok "$fs" "$dev" "$mnt" "holes made"
		[ "$ext" -gt "$fresh_ext" ] || fail "$fs: $ext free extents with holes made, $fresh_ext fresh"
	fi
	probe files "$tree"
	[ "$prc" = 0 ] && [ "$(val "$out" files)" = 35 ] || fail "$fs: 3 + 32 files expected: $out"
	umount "$mnt" || fail "umount $mnt"
done
