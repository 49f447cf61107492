#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# An A/A run (ext2 twice: the same profile, so any "difference" is noise)
# with 6 repetitions in rounds, while two CPU burners run during the first
# half of the run only.  With the shipped limits, fsbench must not call the
# two significantly different, and its output must name the disturbed runs
# and the burner.  The same run with the burners off records no disturbed
# run.
#
# Two burners on a machine of two CPUs or more leave no CPU idle beside the
# phase: what the classifier weighs (doc/measurement.md) is the others' CPU
# time beyond the idle CPU time, so one burner on another CPU rightly costs
# a single-threaded phase nothing.  On a machine of more CPUs they are
# pinned, with fsbench, to the last two.
#
# The machine the tests run on may be shared: with other programs using
# half a CPU or more, the calm half could rightly be disturbed too, and the
# test cannot tell its burners from the rest; it skips and says so.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 taskset
# a measurement of the machine's noise: no other test of the suite runs
# beside it (they would be the background it has to tell the burner from)
device_lock exclusive
ncpu=$(nproc)
[ "$ncpu" -ge 2 ] || skip "needs 2 CPUs (the phases, and room for the burners to take)"
cpus=$((ncpu - 2)),$((ncpu - 1))

busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
b0=$(busy); sleep 2; b1=$(busy)
bg=$(awk -v a="$b0" -v b="$b1" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", (b - a) / hz / 2 }')
awk -v bg="$bg" 'BEGIN { exit !(bg < 0.5) }' ||
	skip "the machine is too busy for this test: other programs use $bg of its $ncpu CPUs (it needs less than 0.5 to tell its burners from the rest)"
note "background: $bg CPUs"

# the shipped limits, as they are
test_conf 's/^( *disturbed_cpu = 0\.10)$/\1/' '^ *disturbed_cpu = 0\.10$' <<'CONF'
phase "work" {
  label = "0.2 s of CPU, 0.3 s asleep"
  command = 'i=0; while [ $i -lt 40000 ]; do i=$((i+1)); done; sleep 0.3'
  sync = false
}
CONF

# the burner: a shell loop called "burner", so that its name can be checked
cp /bin/sh "$SCRATCH/burner"
burner_pid=
stop_burner() { [ -n "$burner_pid" ] && kill $burner_pid 2>/dev/null; wait $burner_pid 2>/dev/null; burner_pid=; }

run() {	# run NAME [burner]
	local res=$SCRATCH/$1.fsbench
	if [ "${2:-}" = burner ]; then
		taskset -c "$cpus" "$SCRATCH/burner" -c 'while :; do :; done' &
		burner_pid=$!
		taskset -c "$cpus" "$SCRATCH/burner" -c 'while :; do :; done' &
		burner_pid="$burner_pid $!"
		at_exit kill $burner_pid
		# off once half the 12 runs are in the result file (it is written after every phase)
		# (at most 2 minutes: a failed run must not leave it burning)
		( for _ in $(seq 1200); do
			n=$(grep -c 'run {' "$res" 2>/dev/null)
			[ "${n:-0}" -ge 6 ] && break
			sleep 0.1
		  done
		  kill $burner_pid ) &
	fi
	taskset -c "$cpus" "$FSBENCH" --config "$conf" run --image "$SCRATCH/$1.img" --size 1G --fs ext2,ext2 \
		--phases work --profile tiny --repeat 6 --seed 10 -o "$res" >"$SCRATCH/$1.out" 2>&1 ||
		{ cat "$SCRATCH/$1.out"; fail "fsbench run ($1) exited $?"; }
	stop_burner
	assert_no_leftovers "fsbench run ($1)"
	"$FSBENCH" show --ascii --raw "$res" >"$SCRATCH/$1.show" || fail "show ($1) exited $?"
}

run burn burner
res=$SCRATCH/burn.fsbench
grep -q '^order = "rounds"$' "$res" || fail "the runs did not go in rounds"
grep -q '^filesystem "ext2#2"' "$res" || fail "the second ext2 is not labelled ext2#2"
nd=$(grep -c '^ *disturbed = ' "$res")
[ "$nd" -ge 2 ] || { cat "$SCRATCH/burn.show"; fail "only $nd disturbed runs with the burner on for half the run"; }
# the burners ran in the first half: disturbed runs there, named
grep -q 'set aside as disturbed by other programs' "$SCRATCH/burn.show" ||
	{ cat "$SCRATCH/burn.show"; fail "show does not say which runs were set aside"; }
grep -qE 'ext2(#2)?/work rep [0-9] \(other programs took [0-9.]+ s of CPU time beyond the idle CPUs \([0-9]+% of the phase.s dead time\), mostly burner \([0-9]+% of a CPU' "$SCRATCH/burn.show" ||
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
