#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A short fuzz run of every libFuzzer harness (tests/fuzz/fuzz_*.c), when
# clang with libFuzzer is installed: FSB_FUZZ_SECONDS each (default 30),
# from the seeds, the samples and the regressions.  A crash fails the test
# and is kept in the log: add it to tests/fuzz/regressions.  The long runs
# (a million executions and more) are recorded in bench/RESULTS.md.
. "$FSB_TESTLIB"

secs=${FSB_FUZZ_SECONDS:-30}
build=${FSB_BUILDDIR:-$FSB_SRCDIR}/tests/fuzz/build
"$FSB_SRCDIR/tests/fuzz/build.sh" "$build" >"$SCRATCH/build.log" 2>&1
rc=$?
[ $rc = 77 ] && skip "$(tail -n 1 "$SCRATCH/build.log")"
[ $rc = 0 ] || { tail -30 "$SCRATCH/build.log"; fail "the harnesses do not build"; }
for h in "$FSB_SRCDIR"/tests/fuzz/fuzz_*.c; do
	name=$(basename "$h" .c)
	name=${name#fuzz_}
	if ! nice "$FSB_SRCDIR/tests/fuzz/run.sh" "$name" "$secs" "$build" "$SCRATCH/$name" >"$SCRATCH/$name.out"; then
		grep -v '^#' "$SCRATCH/$name/$name.log" | tail -40
		for c in "$SCRATCH/$name"/crash-* "$SCRATCH/$name"/leak-* "$SCRATCH/$name"/timeout-* "$SCRATCH/$name"/oom-*; do
			[ -f "$c" ] || continue
			echo "--- $c (base64):"
			base64 "$c" | head -50
		done
		fail "fuzz_$name found a problem"
	fi
	note "fuzz_$name: $(sed -n 's/^stat::number_of_executed_units: *//p' "$SCRATCH/$name.out") executions in ${secs}s, no crash"
done
