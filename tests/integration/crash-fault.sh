#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Durability broken on purpose, and the crash phase sees it
# (FSBENCH_CRASH_FAULT, doc/crash.md): with the script forgetting its
# fsyncs (no-fsync), and with every crash state losing a write a flush had
# confirmed (drop-flushed), ext4 — which loses nothing when the script does
# its part (crash-run.sh) — is shown losing fsync'd data, the run's log
# names the file, and every output says this was a test.  An unknown fault
# is refused before anything is made.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/crash-lib.sh"

for fault in no-fsync drop-flushed; do
	res=$SCRATCH/$fault.fsbench out=$SCRATCH/$fault.out
	FSBENCH_CRASH_FAULT=$fault "$FSBENCH" run --image "$SCRATCH/$fault.img" --phases crash --fs ext4 \
		--profile tiny --seed 35 -o "$res" >"$out" 2>&1 || { cat "$out"; fail "$fault: fsbench run exited $?"; }
	assert_no_crash_leftovers "$fault"
	read -r fs states clean repair fsck lost rename p50 max < <(crash_table "$res")
	note "$fault: ext4 lost fsync'd data in $lost of $states crash states"
	[ "$fs" = ext4 ] || fail "$fault: no ext4 row"
	[ "$lost" -gt 0 ] || fail "$fault: the loss went unseen: $lost of $states states lost fsync'd data"
	grep -q "^crash ext4: state .*fsync'd data LOST: work/" "${res%.fsbench}.log" ||
		fail "$fault: the run's log does not name what was lost"
	grep -q "A test run: durability was broken on purpose (FSBENCH_CRASH_FAULT=$fault)" "$out" ||
		fail "$fault: the document does not say it was a test"
	grep -q "crash_fault = [12]" "$res" || fail "$fault: the result does not record the fault"
	grep -q "(a test run that broke durability on purpose)" "$out" ||
		fail "$fault: the recommendation's words do not say it was a test"
done

FSBENCH_CRASH_FAULT=bogus "$FSBENCH" run --image "$SCRATCH/bogus.img" --phases crash --fs ext4 \
	--profile tiny -o "$SCRATCH/bogus.fsbench" >"$SCRATCH/bogus.out" 2>&1
rc=$?
[ "$rc" -eq 2 ] || { cat "$SCRATCH/bogus.out"; fail "an unknown fault: exit status $rc, expected 2"; }
[ ! -e "$SCRATCH/bogus.img" ] && [ ! -e "$SCRATCH/bogus.fsbench" ] || fail "an unknown fault made an image or a result"
grep -q "FSBENCH_CRASH_FAULT=bogus: the test faults are no-fsync and drop-flushed" "$SCRATCH/bogus.out" ||
	{ cat "$SCRATCH/bogus.out"; fail "an unknown fault is not refused with its name"; }
assert_no_crash_leftovers "an unknown fault"
exit 0
