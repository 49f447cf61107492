#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/aa-trials.sh — does fsbench invent differences on a busy machine?
#
# N A/A trials (ext2 twice: identical profiles, so every "significant
# difference" is a false one), each with R repetitions in rounds of a short
# phase (0.2 s of CPU, 0.3 s asleep), while CPU burners, one on every CPU (fsbench
# pinned to the last), start at a random moment and run 1-3 s.  Counts the trials
# in which `fsbench show` marks ext2#2 significantly different from ext2
# anywhere (goal: at most 1 in 20, as the 5% level promises), and the same
# for the same result files with the disturbed marks removed (what the
# numbers would say without setting disturbed runs aside).  Then the cost
# of the interference measurement: CPU time per snapshot (bench/snapcost.c)
# times snapshots per second.  Needs root (loop devices); run from a build
# tree.  Prints Markdown; -o FILE appends it to FILE.
set -eu
n=10 reps=4 out=
while getopts n:r:o: o; do
	case $o in
	n) n=$OPTARG ;;
	r) reps=$OPTARG ;;
	o) out=$OPTARG ;;
	*) echo "Usage: $0 [-n 10] [-r 4] [-o RESULTS.md]" >&2; exit 2 ;;
	esac
done
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
fsbench=${FSBENCH:-$top/fsbench}
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_need
burner_pid=
bench_workdir fsbench-aa '[ -n "$burner_pid" ] && kill "$burner_pid" 2>/dev/null'
ncpus=$(nproc)
cpu=$((ncpus - 1))

cc -O2 -I"$top/src" -I"$top" "$here/snapcost.c" "$top/libfsbench.a" -lm -o "$work/snapcost"
cp /bin/sh "$work/burner"
conf=$work/fsbench.conf
cp "$top/data/fsbench.conf" "$conf"
cat >>"$conf" <<'CONF'
phase "work" {
  label = "0.2 s of CPU, 0.3 s asleep"
  command = 'i=0; while [ $i -lt 40000 ]; do i=$((i+1)); done; sleep 0.3'
  sync = false
}
CONF

sig=0 sig_raw=0 disturbed=0 runs=0 unreliable=0 t0=$(date +%s)
bench_settle
load0=$(bench_load)
for t in $(seq "$n"); do
	res=$work/t$t.fsbench
	# the burst: at a random moment of the ~$((reps * 2)) s of phases, for 1-3 s
	delay=$(awk -v r="$RANDOM" -v s="$reps" 'BEGIN { printf "%.1f", r / 32767 * s * 2 }')
	len=$(awk -v r="$RANDOM" 'BEGIN { printf "%.1f", 1 + r / 32767 * 2 }')
	# one burner on every CPU: the classifier weighs others' CPU time beyond
	# the idle CPU (an idle core would take the phase), so a burst that
	# leaves a core idle costs an unpinned phase nothing (doc/measurement.md)
	( sleep "$delay"
	  for c in $(seq 0 $((ncpus - 1))); do
		timeout "$len" taskset -c "$c" "$work/burner" -c 'while :; do :; done' &
	  done
	  wait ) &
	burner_pid=$!
	taskset -c "$cpu" "$fsbench" --config "$conf" run --image "$work/t.img" --size 1G --fs ext2,ext2 \
		--phases work --profile tiny --repeat "$reps" -o "$res" >"$work/run.out" 2>&1 ||
		{ cat "$work/run.out"; exit 1; }
	wait "$burner_pid" 2>/dev/null || true
	burner_pid=
	"$fsbench" show --ascii "$res" >"$work/show.txt"
	grep -E '^ext2#2 ' "$work/show.txt" | head -1 | grep -q '\*' && sig=$((sig + 1))
	grep -E '^ext2#2 ' "$work/show.txt" | head -1 | grep -q '?' && unreliable=$((unreliable + 1))
	sed '/^ *disturbed = /d' "$res" >"$work/raw.fsbench"
	"$fsbench" show --ascii "$work/raw.fsbench" | grep -E '^ext2#2 ' | head -1 | grep -q '\*' &&
		sig_raw=$((sig_raw + 1))
	disturbed=$((disturbed + $(grep -c '^ *disturbed = ' "$res" || true)))
	runs=$((runs + $(grep -c 'run {' "$res")))
	echo "trial $t: burst at ${delay}s for ${len}s; significant: $(grep -E '^ext2#2 ' "$work/show.txt" | head -1)" >&2
done
t1=$(date +%s)
load1=$(bench_load)
read -r stat_us table_us nprocs tree_us < <("$work/snapcost" 200)
phase_s=0.5
# per phase: two snapshots with the table; live: /proc/stat and the phase's
# process tree at 1 Hz, the table too while busy
boundary=$(awk -v t="$table_us" -v p="$phase_s" 'BEGIN { printf "%.3f", 2 * t / 1e6 / p * 100 }')
boundary10=$(awk -v t="$table_us" 'BEGIN { printf "%.3f", 2 * t / 1e6 / 10 * 100 }')
live=$(awk -v s="$stat_us" -v r="$tree_us" 'BEGIN { printf "%.4f", (s + r) / 1e6 * 100 }')
busy=$(awk -v s="$stat_us" -v r="$tree_us" -v t="$table_us" 'BEGIN { printf "%.3f", (s + r + t) / 1e6 * 100 }')

state=$(bench_state "$load0" "$(bench_load)" "$work"/t*.fsbench)
report=$(cat <<MD
# bench/aa-trials.sh: the latest results

$state

- Date: $(date -u +%Y-%m-%dT%H:%MZ); $n trials × 2 × $reps runs in rounds, $((t1 - t0)) s
- Machine: $(nproc) CPUs, $(uname -r); load average $load0 at the start, $load1 at the end
- Command: bench/aa-trials.sh -n $n -r $reps

| | trials |
|---|---:|
| A/A trials called significantly different by fsbench | $sig of $n |
| … the same result files with nothing set aside | $sig_raw of $n |
| trials whose ext2#2 row was marked "?" (every run disturbed) | $unreliable of $n |
| disturbed runs | $disturbed of $runs |

| Interference measurement | CPU time | share of one CPU |
|---|---:|---:|
| snapshot, /proc/stat only | ${stat_us} µs | |
| the phase's process tree (4 processes) | ${tree_us} µs | live view at 1 Hz, both: ${live}% |
| snapshot with the process table ($nprocs processes) | ${table_us} µs | live view at 1 Hz while busy: ${busy}% |
| two table snapshots per phase | $(awk -v t="$table_us" 'BEGIN { printf "%.1f", 2 * t / 1000 }') ms | ${boundary}% of a ${phase_s} s phase, ${boundary10}% of a 10 s phase |
MD
)
echo "$report"
if [ -n "$out" ]; then
	# this script's section of the file, the rest left as it is
	printf '%s\n' "$report" >"$work/section.md"
	bench_section aa-trials.sh "$out" "$work/section.md"
fi
exit 0
