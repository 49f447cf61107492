#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGKILL in the middle of the crash phase: fsbench cannot clean up, and its
# FUSE write log's server, a process of its own, outlives it on purpose
# (devices/crashfs.h), so that the filesystem on the loop device stays
# usable.  `fsbench cleanup` then unmounts that filesystem, detaches the
# loop device, unmounts the write log, sees the server end and removes the
# work directory: nothing mounted, attached or running is left.  Once while
# the script runs under the write log, once while a crash state is mounted.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/crash-lib.sh"

for stage in script state; do
	img=$SCRATCH/$stage.img res=$SCRATCH/$stage.fsbench out=$SCRATCH/$stage.out
	hold_run "$stage" "$out" --image "$img" --phases crash --fs ext4 --profile tiny -o "$res"
	server=
	if [ "$stage" = script ]; then
		for p in $(pgrep -x fsbench-wlog); do
			tr '\0' ' ' <"/proc/$p/cmdline" | grep -qF -- "$SCRATCH" && server=$p
		done
		[ -n "$server" ] || fail "$stage: no write log server while the phase holds"
	fi
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	rm -f "$hold"
	if [ -n "$server" ]; then
		kill -0 "$server" 2>/dev/null || fail "the write log's server died with fsbench"
		findmnt -rn -t fuse.fsbench-crash -o TARGET | grep -qF -- "$SCRATCH" ||
			fail "the write log is not mounted after the kill"
		grep -q "^fuse $SCRATCH/fsbench-mnt.crashlog-" "$FSBENCH_STATE_DIR"/*.state ||
			fail "the state file does not record the write log"
	fi
	"$FSBENCH" cleanup >"$SCRATCH/$stage.cleanup" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || { cat "$SCRATCH/$stage.cleanup"; fail "$stage: fsbench cleanup exited $rc"; }
	cat "$SCRATCH/$stage.cleanup"
	if [ -n "$server" ]; then
		grep -q "unmounted its write log $SCRATCH/fsbench-mnt.crashlog-" "$SCRATCH/$stage.cleanup" ||
			fail "cleanup does not say it unmounted the write log"
		for _ in $(seq 100); do kill -0 "$server" 2>/dev/null || break; sleep 0.05; done
		kill -0 "$server" 2>/dev/null && fail "the write log's server still runs after cleanup"
	fi
	grep -q "removed work directory $SCRATCH/fsbench-work.crash-" "$SCRATCH/$stage.cleanup" ||
		fail "$stage: cleanup does not remove the crash phase's work directory"
	assert_no_crash_leftovers "$stage: SIGKILL + fsbench cleanup"
	[ ! -e "$img" ] || fail "$stage: image file left behind"
	compgen -G "$FSBENCH_STATE_DIR/*.state" >/dev/null && fail "$stage: a state file is left"
done
exit 0
