# SPDX-License-Identifier: GPL-2.0-or-later
# tests/integration/crash-lib.sh — what the crash phase's tests share
# (engine/crash.h, doc/crash.md).  Source after tests/lib.sh.

need_root
need_prog mkfs.ext4 findmnt losetup
[ -w /dev/fuse ] || skip "no FUSE here (/dev/fuse; modprobe fuse)"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
# a state directory of our own: parallel tests' runs are not ours to clean
export FSBENCH_STATE_DIR=$SCRATCH/state

# a failed test's write log servers go too (lib.sh's scrub unmounts what
# they serve and detaches the loop devices on them)
_kill_servers() {
	local p
	for p in $(pgrep -x fsbench-wlog); do
		tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -qF -- "$SCRATCH" && kill -KILL "$p"
	done
}
at_exit _kill_servers

# holds EXPR — awk arithmetic truth, e.g. holds "1.5 >= 1"
holds() {
	awk "BEGIN { exit !($1) }"
}

# crash_table RESULT — the Crash consistency table of show --json, a row a
# line: FS STATES CLEAN REPAIR FSCK LOST RENAME P50 MAX
crash_table() {
	"$FSBENCH" show --json "$1" | /usr/bin/python3 -c '
import json, sys
d = json.load(sys.stdin)
for b in d["documents"][0]["blocks"]:
    if b["role"] == "crash":
        for row in b["rows"][b["header_rows"]:]:
            print(" ".join(c["text"].replace(" ", "_") for c in row))
'
}

# The crash phase's own leftovers besides assert_no_leftovers' (which sees
# its loop devices, mounts and mount points, all below $SCRATCH): its work
# directory and the write log's server.
assert_no_crash_leftovers() {
	local what=$1 p
	assert_no_leftovers "$what"
	compgen -G "$SCRATCH/fsbench-work.crash-*" >/dev/null && fail "$what left the crash phase's work directory"
	for p in $(pgrep -x fsbench-wlog); do
		tr '\0' ' ' <"/proc/$p/cmdline" | grep -qF -- "$SCRATCH" &&
			fail "$what left the write log's server running (process $p)"
	done
	findmnt -rn -t fuse.fsbench-crash -o TARGET | grep -F -- "$SCRATCH" && fail "$what left the write log mounted"
	return 0
}

# hold_run STAGE OUT ARGS… — fsbench run in the background, held at STAGE
# (FSBENCH_CRASH_HOLD): returns once it is there; $pid and $hold are set.
hold_run() {
	local stage=$1 out=$2
	shift 2
	hold=$SCRATCH/hold.$stage
	rm -f "$hold"
	FSBENCH_CRASH_HOLD=$stage:$hold "$FSBENCH" run "$@" >"$out" 2>&1 &
	pid=$!
	for _ in $(seq 1200); do
		[ -e "$hold" ] && return 0
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	cat "$out" >&2
	fail "fsbench never reached the crash phase's $stage"
}
