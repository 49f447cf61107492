#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The suite's fuzz step, when clang with libFuzzer is installed: the same
# on every run, so that it fails a change for a bug that change brought and
# never for one a lucky seed happens upon.  For every harness
# (tests/fuzz/fuzz_*.c, each with its line in run.sh):
#   1. the regression replay: every input in tests/fuzz/regressions, once;
#   2. FSB_FUZZ_RUNS executions (default 20000) from the fixed seed
#      FSB_FUZZ_SEED (default 1), from the seeds, the samples and the
#      regressions, with the libFuzzer options that make a run repeat
#      itself exactly (no comparison tracing, no input reduction: both
#      depend on addresses and timing).
# A crash fails the test and is kept in the log.  Open-ended fuzzing, from
# a random seed for as long as you like, is tests/fuzz/explore.sh; what it
# finds goes into tests/fuzz/regressions.
. "$FSB_TESTLIB"

runs=${FSB_FUZZ_RUNS:-20000} seed=${FSB_FUZZ_SEED:-1}
fuzz=$FSB_SRCDIR/tests/fuzz
build=${FSB_BUILDDIR:-$FSB_SRCDIR}/tests/fuzz/build
"$fuzz/build.sh" "$build" >"$SCRATCH/build.log" 2>&1
rc=$?
[ $rc = 77 ] && skip "$(tail -n 1 "$SCRATCH/build.log")"
[ $rc = 0 ] || { tail -30 "$SCRATCH/build.log"; fail "the harnesses do not build"; }

# found FILE...: the crash files, base64, for a report from a machine we
# cannot reach
found() {
	local c
	for c in "$@"; do
		[ -f "$c" ] || continue
		echo "--- $c (base64):"
		base64 "$c" | head -50
	done
}

regs=("$fuzz"/regressions/*)
for h in "$fuzz"/fuzz_*.c; do
	name=$(basename "$h" .c)
	name=${name#fuzz_}
	# every regression input through this harness (each once; a file the
	# harness's reader refuses is refused, not a failure)
	if ! "$build/fuzz_$name" -timeout=10 -rss_limit_mb=2048 "${regs[@]}" >"$SCRATCH/$name.replay" 2>&1; then
		grep -v '^INFO' "$SCRATCH/$name.replay" | tail -40
		fail "fuzz_$name fails on a regression input (tests/fuzz/regressions)"
	fi
	note "fuzz_$name: ${#regs[@]} regression inputs replayed"
	if ! nice "$fuzz/run.sh" "$name" 0 "$build" "$SCRATCH/$name" -seed="$seed" -runs="$runs" \
		-use_cmp=0 -reduce_inputs=0 >"$SCRATCH/$name.out"; then
		grep -v '^#' "$SCRATCH/$name/$name.log" | tail -40
		found "$SCRATCH/$name"/crash-* "$SCRATCH/$name"/leak-* "$SCRATCH/$name"/timeout-* "$SCRATCH/$name"/oom-*
		fail "fuzz_$name found a problem (seed $seed, $runs runs: FSB_FUZZ_SEED=$seed FSB_FUZZ_RUNS=$runs repeat it); add the input to tests/fuzz/regressions"
	fi
	n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$SCRATCH/$name.out")
	[ "$n" -ge "$runs" ] 2>/dev/null || { cat "$SCRATCH/$name.out"; fail "fuzz_$name ran ${n:-no} executions, expected $runs"; }
	note "fuzz_$name: $n executions from seed $seed, no crash"
done
exit 0
