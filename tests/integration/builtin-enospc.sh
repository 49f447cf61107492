#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A data file or a file set bigger than the filesystem: each built-in phase
# that needs it becomes a failed cell that says what ran out and what to
# change, cleans up after itself, and the run goes on — with the next
# phase on the same filesystem and with the next filesystem.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
need_root
need_prog mkfs.ext4 mkfs.xfs

test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
profile "toobig" {
  description = "1 GiB data file and 1 GiB of files on a 512 MiB image"
  image_size = "512M"
  synth_size = "1G"
  synth_files = 1
  synth_file_min = 1048576
  synth_file_max = 1048576
  min_duration = 0.1
}
profile "fits" {
  description = "what does fit"
  image_size = "512M"
  synth_size = "64M"
  synth_files = 1
  min_duration = 0.1
}
phase "look" {
  label = "nothing left after the failures"
  command = 'ls -A; [ -z "$(ls -A | grep -vx lost+found)" ]'
}
CONF

res=$SCRATCH/e.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/e.img" --fs ext4,xfs \
	--phases block-write,block-read,seq-create,look,rand-delete --profile toobig -o "$res" \
	>"$SCRATCH/e.out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { cat "$SCRATCH/e.out"; fail "failed phases: exit $rc, expected 1"; }
assert_no_leftovers "a run out of space"
grep -q '^status = "complete"' "$res" || fail "the run is not complete"

data_msg='write [^ ]*/fsbench-mnt\.[A-Za-z0-9]*/fsb\.data: No space left on device (the data file needs 1 GiB; choose a smaller synth_size)'
files_msg='No space left on device (1024 files of up to 1 MiB; choose fewer or smaller files)'
for fs in ext4 xfs; do
	for ph in block-write block-read; do
		grep -qE "^\[[12]/2 $fs\] $ph .* failed: $ph: ${data_msg//[()]/.}$" "$SCRATCH/e.out" ||
			{ cat "$SCRATCH/e.out"; fail "$fs $ph: no failure line naming the data file and the fix"; }
	done
	for ph in seq-create rand-delete; do
		grep -qE "^\[[12]/2 $fs\] $ph .* failed: $ph: .*: ${files_msg//[()]/.}$" "$SCRATCH/e.out" ||
			{ cat "$SCRATCH/e.out"; fail "$fs $ph: no failure line naming the files and the fix"; }
	done
	grep -qE "^\[[12]/2 $fs\] look .* ok$" "$SCRATCH/e.out" ||
		{ cat "$SCRATCH/e.out"; fail "$fs: the failed phases left files behind, or the run stopped"; }
done
run_records "$res" >"$SCRATCH/records"
[ "$(grep -c ' failed ' "$SCRATCH/records")" -eq 8 ] || fail "expected 8 failed runs"
[ "$(grep -c ' look ok ' "$SCRATCH/records")" -eq 2 ] || fail "expected 2 good look runs"
# (in the timed runs; the stall round, after them, fails the same way)
[ "$(awk '/^      run \{/ { r = 1 } /^      stall_run \{/ { r = 0 } r' "$res" |
	grep -c 'error = "block-write: write .*fsb.data: No space left on device')" -eq 2 ] ||
	fail "the error is not recorded in the result"
# a failed cell is a failed cell, with the reason, in every table
"$FSBENCH" show --ascii "$res" >"$SCRATCH/show.out" || fail "fsbench show exited $?"
grep -qE '^ext4 +fail +fail +fail +fail *$' "$SCRATCH/show.out" ||
	{ cat "$SCRATCH/show.out"; fail "the bonnie++ table does not show the failed cells"; }
grep -q 'note: xfs block-write: block-write: write .*No space left on device' "$SCRATCH/show.out" ||
	fail "the bonnie++ table has no note with the reason"
grep -q 'nan' "$SCRATCH/show.out" && fail "show prints nan for a failed run"
# nothing to export but failures
"$FSBENCH" export --format bonnie-csv "$res" >"$SCRATCH/e.csv" 2>"$SCRATCH/e.err" &&
	fail "bonnie-csv of a run without a single result succeeded"
grep -q 'no built-in phase has a result' "$SCRATCH/e.err" || fail "export does not say why it wrote nothing"

# The same image size with sizes that fit: the same phases succeed.
"$FSBENCH" --config "$conf" run --image "$SCRATCH/f.img" --fs ext4 \
	--phases block-write,block-read,seq-create,look,rand-delete --profile fits -o "$SCRATCH/f.fsbench" \
	>"$SCRATCH/f.out" 2>&1 || { rc=$?; cat "$SCRATCH/f.out"; fail "a run that fits exited $rc"; }
assert_no_leftovers "a run that fits"
exit 0
