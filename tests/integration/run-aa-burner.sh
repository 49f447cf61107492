#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An A/A run (ext2 twice: the same profile, so any "difference" is noise)
# with 6 repetitions in rounds, while CPU burners keep every CPU busy during
# the first half of the run only — with the shipped disturbed_* limits,
# this test being about the classifier.  Every run while they burn must be
# set aside as disturbed and none after; fsbench must not call the two
# significantly different, and its output must name the disturbed runs
# and the burner.  The same run with the burners off records no disturbed
# run.
#
# Which CPU: fsbench (and so its phases) is pinned to the last CPU, and a
# burner to each CPU: the phase's CPU is shared with one and no other CPU
# is left idle, so that no count of others' CPU time, against the idle
# time or not, can miss them.
#
# With the shipped limits the calm run needs a quiet machine: this test
# runs after every other test of the suite, alone (Makefile.am makes its
# log depend on every other test's), and it takes the device lock
# exclusively against other trees' tests.  A machine busy with other
# programs all the same (measured first: 2 s of /proc/stat) cannot give
# this measurement; the test then skips and says so, and CI, which accepts
# no such skip, fails.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 taskset
device_lock exclusive
ncpu=$(nproc)
cpu=$((ncpu - 1))

machine_background
note "background: $bg of $ncpu CPUs"
awk -v bg="$bg" 'BEGIN { exit !(bg < 0.1) }' ||
	skip "the machine is not quiet: other programs use $bg of its $ncpu CPUs (a calm run with the shipped limits needs less than 0.1)"

test_conf <<'CONF'
phase "work" {
  label = "0.2 s of CPU, 0.3 s asleep"
  command = 'i=0; while [ $i -lt 40000 ]; do i=$((i+1)); done; sleep 0.3'
  sync = false
}
CONF
grep -qE '^ *disturbed_cpu = 0\.10$' "$conf" || fail "the shipped configuration's disturbed_cpu is not 0.10: this test's expectations are for it"

# the burners: shell loops called "burner", so that the name can be checked
cp /bin/sh "$SCRATCH/burner"
burner_pids=()
stop_burners() {
	local p
	for p in "${burner_pids[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${burner_pids[@]}"; do wait "$p" 2>/dev/null; done
	burner_pids=()
}

run() {	# run NAME [burner]
	local res=$SCRATCH/$1.fsbench c
	if [ "${2:-}" = burner ]; then
		for ((c = 0; c < ncpu; c++)); do
			taskset -c "$c" "$SCRATCH/burner" -c 'while :; do :; done' &
			burner_pids+=($!)
			at_exit kill "$!"
		done
		# off once half the 12 runs are in the result file (it is written
		# after every phase; at most 2 minutes: a failed run must not leave
		# them burning)
		( for _ in $(seq 1200); do
			n=$(grep -c 'run {' "$res" 2>/dev/null)
			[ "${n:-0}" -ge 6 ] && break
			sleep 0.1
		  done
		  kill "${burner_pids[@]}" ) &
	fi
	taskset -c "$cpu" "$FSBENCH" --config "$conf" run --image "$SCRATCH/$1.img" --size 1G --fs ext2,ext2 \
		--phases work --profile tiny --repeat 6 --seed 10 -o "$res" >"$SCRATCH/$1.out" 2>&1 ||
		{ cat "$SCRATCH/$1.out"; fail "fsbench run ($1) exited $?"; }
	stop_burners
	assert_no_leftovers "fsbench run ($1)"
	"$FSBENCH" show --ascii --raw "$res" >"$SCRATCH/$1.show" || fail "show ($1) exited $?"
}

# "SEQ D" per run of a result file: its place in the run's order, and 1
# when it was set aside as disturbed
runs_disturbed() {
	awk '/^ *run \{/ { inr = 1; seq = ""; d = 0 }
		inr { for (i = 1; i <= NF; i++) { if ($i == "seq" && $(i + 1) == "=") seq = $(i + 2); if ($i == "disturbed") d = 1 } }
		inr && /}[[:space:]]*$/ { print seq, d; inr = 0 }' "$1" | sort -n
}

run burn burner
res=$SCRATCH/burn.fsbench
grep -q '^order = "rounds"$' "$res" || fail "the runs did not go in rounds"
grep -q '^filesystem "ext2#2"' "$res" || fail "the second ext2 is not labelled ext2#2"
# the burners burnt from before the first run until the sixth was in the
# file: runs 1 to 6 disturbed, run 7 (during which they stopped) either,
# runs 8 to 12 not
runs_disturbed "$res" >"$SCRATCH/burn.runs"
[ "$(wc -l <"$SCRATCH/burn.runs")" -ge 12 ] || { cat "$SCRATCH/burn.runs"; fail "expected 12 runs or more (disturbed ones run again) with their seq in the result"; }
while read -r seq d; do
	if [ "$seq" -le 6 ] && [ "$d" != 1 ]; then
		cat "$SCRATCH/burn.show"; fail "run $seq ran beside the burners and is not set aside as disturbed"
	elif [ "$seq" -ge 8 ] && [ "$d" != 0 ]; then
		cat "$SCRATCH/burn.show"; fail "run $seq ran after the burners stopped and is set aside as disturbed"
	fi
done <"$SCRATCH/burn.runs"
note "disturbed runs (seq): $(awk '$2 == 1 { printf "%s ", $1 }' "$SCRATCH/burn.runs")"
grep -q 'set aside as disturbed by other programs' "$SCRATCH/burn.show" ||
	{ cat "$SCRATCH/burn.show"; fail "show does not say which runs were set aside"; }
grep -qE 'ext2(#2)?/work rep [0-9] \(.*burner' "$SCRATCH/burn.show" ||
	{ cat "$SCRATCH/burn.show"; fail "show does not name the burner"; }
# the A/A difference is not called significant (no '*' on ext2#2's row)
row=$(grep -E '^ext2#2 ' "$SCRATCH/burn.show" | head -1)
[ -n "$row" ] || { cat "$SCRATCH/burn.show"; fail "no ext2#2 row in the summary"; }
case $row in *'*'*) cat "$SCRATCH/burn.show"; fail "an A/A run called significantly different: $row";; esac
grep -q 'Runs in the order they ran' "$SCRATCH/burn.show" || fail "show --raw lacks the run order"

run calm
res=$SCRATCH/calm.fsbench
grep -q '^ *disturbed = ' "$res" && { grep '^ *disturbed = ' "$res"; fail "disturbed runs without the burner"; }
grep -q 'set aside' "$SCRATCH/calm.show" && fail "show sets runs aside without the burner"
row=$(grep -E '^ext2#2 ' "$SCRATCH/calm.show" | head -1)
case $row in *'*'*) cat "$SCRATCH/calm.show"; fail "an A/A run called significantly different: $row";; esac
exit 0
