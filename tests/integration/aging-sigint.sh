#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# SIGINT in the middle of the aging stops fsbench as it stops every other
# phase (run-interrupt.sh): within a few seconds, exit status 130, the
# result marked interrupted, no mount, no loop device, no image file left.
# Once while the tree is written and once in the commits.
. "$FSB_TESTLIB"
. "$FSB_SRCDIR/tests/integration/builtin-lib.sh"
. "$FSB_SRCDIR/tests/integration/aging-lib.sh"
need_root
need_prog mkfs.ext4 findmnt

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
CONF

i=0
for prof in long commits; do
	i=$((i + 1))
	img=$SCRATCH/int$i.img res=$SCRATCH/int$i.fsbench out=$SCRATCH/int$i.out
	"$FSBENCH" --config "$conf" run --image "$img" --fs ext4 --phases age,aged-grep \
		--profile "$prof" -o "$res" >"$out" 2>&1 &
	pid=$!
	# until the age phase works in its tree: the mount point's age/tree
	for _ in $(seq 600); do
		compgen -G "$SCRATCH/fsbench-mnt.*/age/tree/d00001" >/dev/null && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	compgen -G "$SCRATCH/fsbench-mnt.*/age/tree/d00001" >/dev/null ||
		{ cat "$out"; fail "$prof: the age phase never started"; }
	# the commits profile: past the tree and the small fill, into the commits
	[ "$prof" = commits ] && sleep 3 || sleep 1
	kill -0 "$pid" 2>/dev/null || { cat "$out"; fail "$prof: fsbench ended before the signal"; }
	t0=$(date +%s.%N)
	kill -s INT "$pid"
	wait "$pid"
	rc=$?
	took=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	[ "$rc" -eq 130 ] || { cat "$out"; fail "$prof: SIGINT during age: exit status $rc, expected 130"; }
	check "$took < 5" || fail "$prof: SIGINT during age took $took s to stop"
	assert_no_leftovers "$prof: SIGINT during age"
	[ ! -e "$img" ] || fail "$prof: image file left behind"
	[ -e "$res" ] || fail "$prof: no result file"
	grep -q '^status = "interrupted"' "$res" || fail "$prof: result not marked interrupted"
	# a phase cut short is no measurement: no age run is kept as ok
	run_records "$res" | grep -q '^ext4 age ok' && fail "$prof: the interrupted age is recorded as ok"
	"$FSBENCH" show "$res" >/dev/null || fail "$prof: the interrupted result does not show"
	note "$prof: stopped $took s after SIGINT"
done
exit 0
