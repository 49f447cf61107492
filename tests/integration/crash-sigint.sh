#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT in the middle of the crash phase stops fsbench as it stops every
# other phase: exit status 130, the result marked interrupted with no crash
# run kept, and nothing left — no FUSE write log mounted, no server running,
# no loop device, no mount, no work directory.  Once while the script runs
# under the write log (held there: FSBENCH_CRASH_HOLD), once while a crash
# state is mounted.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/crash-lib.sh"

for stage in script state; do
	img=$SCRATCH/$stage.img res=$SCRATCH/$stage.fsbench out=$SCRATCH/$stage.out
	hold_run "$stage" "$out" --image "$img" --phases crash --fs ext4 --profile tiny -o "$res"
	if [ "$stage" = script ]; then
		findmnt -rn -t fuse.fsbench-crash -o TARGET | grep -qF -- "$SCRATCH" ||
			fail "$stage: the write log is not mounted while the phase holds"
		pgrep -x fsbench-wlog >/dev/null || fail "$stage: no write log server while the phase holds"
	fi
	kill -s INT "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" -eq 130 ] || { cat "$out"; fail "$stage: SIGINT: exit status $rc, expected 130"; }
	assert_no_crash_leftovers "$stage: SIGINT"
	[ ! -e "$img" ] || fail "$stage: image file left behind"
	grep -q '^status = "interrupted"' "$res" || fail "$stage: result not marked interrupted"
	[ "$(runs_of "$res" ext4 crash)" -eq 0 ] || fail "$stage: the interrupted crash phase is recorded as a run"
	"$FSBENCH" show "$res" >/dev/null || fail "$stage: the interrupted result does not show"
	rm -f "$hold"
done
exit 0
