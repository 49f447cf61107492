#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT in the middle of the aging stops fsbench as it stops every other
# phase (run-interrupt.sh): exit status 130, the result marked interrupted,
# no mount, no loop device, no image file, no process of its session left.
# Once while the tree is written (its first directory there, no commit's
# append yet) and once in the commits (the first commit's append to its
# log there): markers on the filesystem, never a guess of time.  How fast:
# at most 3 times (and 2 s) as long as stopping a plain command phase (a
# sleep) on the same target, measured here as the reference: a phase that
# checked the stop only between its parts (a tree of 200,000 files, a
# million commits) would take minutes, and is killed at that limit.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/aging-lib.sh"
need_root
need_prog mkfs.ext4 findmnt setsid pgrep
# a state directory of our own: a run killed at the limit is ours to clean
export FSBENCH_STATE_DIR=$SCRATCH/state

aging_conf <<'CONF'
profile "long" {
  description = "an aging of many minutes"
  image_size = "1G"
  age_tree_files = 200000
  age_commits = 1000000
  age_append_files = 8
  age_fill = 0.3
  age_seconds = 0
}
profile "commits" {
  description = "a short start, then commits for many minutes"
  image_size = "1G"
  age_tree_files = 200
  age_commits = 1000000
  age_append_files = 8
  age_fill = 0.05
  age_seconds = 0
}
phase "nap" {
  label = "sleep, to be stopped"
  command = 'sleep 1000'
}
CONF

mnt_has() { compgen -G "$SCRATCH/fsbench-mnt.*/$1" >/dev/null; }
alive() { kill -0 "$1" 2>/dev/null; }

# stop_at PROFILE PHASES MARKER [LIMIT] — run PHASES on ext4 with PROFILE
# in a session of its own, SIGINT once MARKER holds; took = seconds to exit;
# not gone after LIMIT seconds (if given): killed, a failure
stop_at() {
	local prof=$1 phases=$2 marker=$3 limit=${4:-} t0
	i=$((i + 1))
	img=$SCRATCH/int$i.img res=$SCRATCH/int$i.fsbench out=$SCRATCH/int$i.out
	setsid "$FSBENCH" --config "$conf" run --image "$img" --fs ext4 --phases "$phases" \
		--profile "$prof" -o "$res" >"$out" 2>&1 &
	pid=$!
	wait_until "$prof: $marker" eval "$marker"' || ! alive $pid'
	alive "$pid" || { cat "$out"; fail "$prof: fsbench ended before the signal"; }
	t0=$(date +%s.%N)
	kill -s INT "$pid"
	if [ -n "$limit" ]; then
		while alive "$pid" && check "$(date +%s.%N) - $t0 < $limit"; do
			sleep 0.05
		done
		if alive "$pid"; then
			kill -KILL -- "-$pid" 2>/dev/null
			wait "$pid"
			fail "$prof: SIGINT: still running after $limit s (3 × the reference $ref s + 2 s); killed"
		fi
	fi
	wait "$pid"
	rc=$?
	took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
	assert_session_gone "$pid" "$prof: SIGINT"
	[ "$rc" -eq 130 ] || { cat "$out"; fail "$prof: SIGINT: exit status $rc, expected 130"; }
	assert_no_leftovers "$prof: SIGINT"
	[ ! -e "$img" ] || fail "$prof: image file left behind"
	[ -e "$res" ] || fail "$prof: no result file"
	grep -q '^status = "interrupted"' "$res" || fail "$prof: result not marked interrupted"
}

# the reference: a command phase that sleeps, stopped in its sleep
i=0
stop_at tiny nap 'pgrep -s $pid -x sleep >/dev/null'
ref=$took
note "reference: a sleeping command phase stopped $ref s after SIGINT"

for prof in long commits; do
	if [ "$prof" = long ]; then
		marker='mnt_has age/tree/d00001 && ! mnt_has age/logs/L0000.log'
	else
		marker='mnt_has age/logs/L0000.log'
	fi
	stop_at "$prof" age,aged-grep "$marker" "$(awk -v r="$ref" 'BEGIN { print 3 * r + 2 }')"
	# a phase cut short is no measurement: no age run is kept as ok
	run_records "$res" | grep -q '^ext4 age ok' && fail "$prof: the interrupted age is recorded as ok"
	"$FSBENCH" show "$res" >/dev/null || fail "$prof: the interrupted result does not show"
	note "$prof: stopped $took s after SIGINT (the reference $ref s)"
done
exit 0
