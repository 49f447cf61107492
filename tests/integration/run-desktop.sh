#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The desktop suite end to end: a new image file, ext2, ext3, ext4, xfs and
# btrfs, the seed's phases with the tiny profile.  Every cell must be filled,
# nothing may be left mounted or attached, and `fsbench show` must print the
# summary and one table per phase for the result.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext3 mkfs.ext4 mkfs.xfs mkfs.btrfs ccache cc make tar

img=$SCRATCH/t.img
res=$SCRATCH/desktop.fsbench
fs=ext2,ext3,ext4,xfs,btrfs
phases=tar,make,cp,clean,make2,rm
# beside other tests (make -j2 check) a run may be disturbed by them: this
# test is not about that, so no run is set aside (FSB_CALM), and no cell may
# be marked "?" (every run of a side set aside)
test_conf "$FSB_CALM" "$FSB_CALM_CHECK" </dev/null

"$FSBENCH" --config "$conf" run --image "$img" --size 2G --fs $fs --phases $phases --profile tiny \
	-o "$res" >"$SCRATCH/run.out" 2>&1 || { cat "$SCRATCH/run.out"; fail "fsbench run exited $?"; }
assert_no_leftovers "fsbench run"
[ ! -e "$img" ] || fail "the image file was not removed after the run"

# one progress line per phase and filesystem, all ok
n=$(grep -cE '^\[[0-9]/5 [a-z0-9]+\] .* ok$' "$SCRATCH/run.out")
[ "$n" -eq 30 ] || { cat "$SCRATCH/run.out"; fail "$n phases reported ok, expected 30"; }

# the result file: 5 filesystems × 6 phases × 1 run, all ok, times positive
grep -q '^status = "complete"' "$res" || fail "result status is not complete"
n=$(grep -c '^      run {' "$res")
[ "$n" -eq 30 ] || fail "$n run records in the result file, expected 30"
grep -q 'status = "failed"' "$res" && fail "a run failed"
grep -q '^ *disturbed = ' "$res" && { grep '^ *disturbed = ' "$res"; fail "a run was set aside as disturbed with every limit out of reach"; }
# (of the timed runs: the stall round's, after them, have the same fields)
timed=$(awk '/^      run \{/ { r = 1 } /^      stall_run \{/ { r = 0 } r' "$res")
for f in real user sys sync major_faults minor_faults vol_cs invol_cs fs_in fs_out disk_written_kib; do
	c=$(grep -o " $f = [0-9.e+-]*" <<<"$timed" | wc -l)
	[ "$c" -eq 30 ] || fail "field $f recorded $c times, expected 30"
done
grep -q 'mkfs_version = "mke2fs' "$res" || fail "mkfs version not recorded"
grep -q 'mkfs_version = "mkfs.xfs' "$res" || fail "xfs mkfs version not recorded"

"$FSBENCH" show --ascii "$res" >"$SCRATCH/show.out" || fail "fsbench show exited $?"
grep -q '^Summary' "$SCRATCH/show.out" || fail "no summary table"
for t in 'tar xf' 'make all (after make defconfig, empty ccache)' 'cp -a $MNT/* $MNT/z' \
	'make clean' 'make all (full ccache)' 'rm -rf $MNT/*' 'total'; do
	grep -qxF "$t" "$SCRATCH/show.out" || fail "no table titled '$t'"
done
# baseline row at 1.00 everywhere in the summary, every other cell a number
awk '/^Summary/ { s = 1; next } s && /^$/ { exit } s' "$SCRATCH/show.out" >"$SCRATCH/summary"
grep -qE '^ext2( +1\.00){7}$' "$SCRATCH/summary" || { cat "$SCRATCH/summary"; fail "ext2 row is not all 1.00"; }
for f in ext3 ext4 xfs btrfs; do
	grep -qE "^$f( +[0-9]+\.[0-9]{2}\*?){7}$" "$SCRATCH/summary" || { cat "$SCRATCH/summary"; fail "$f row has empty cells (or cells marked ?)"; }
done
grep -qE 'fail|n/a|\.\.\.' "$SCRATCH/summary" && fail "summary has unfilled cells"
exit 0
