#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/crash.sh — how long does the crash phase take (issue 35,
# doc/crash.md)?  Runs the crash phase alone of the quick profile on a loop
# image over the filesystems (-f, default ext2 ext4 xfs btrfs), -n
# repetitions (default 3, one filesystem after the other), and prints:
#   - per filesystem the phase's wall time (its run's real time: median,
#     range) against the goal of 2 minutes, with the crash states it tried
#     and what came of them;
#   - fsbench's own Crash consistency section of the result (`fsbench
#     show`);
#   - the machine's state over the measurement (bench/section.sh: idle only
#     when it was) and the command;
# as this script's section of RESULTS.md (-o; the rest of the file stays).
#
# Needs root (loop devices, FUSE, mkfs, mount).  The image is removed at
# the end, also on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-$here/../fsbench}
fs="ext2 ext4 xfs btrfs" reps=3 out="" img_dir=/var/tmp keep="" profile=quick

usage() { bench_image_usage "$1" "repetitions of each" "the result file and the run's output and log"; }
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_image_opts "$@"
[ -w /dev/fuse ] || { echo "$0: needs FUSE (/dev/fuse; modprobe fuse)" >&2; exit 2; }
bench_image crash-bench
cmd=("$fsbench" run --image "$img" --profile "$profile" --fs "$fslist" --phases crash
	--repeat "$reps" --order sequential -o "$work/crash.fsbench")
bench_run "${cmd[@]}"
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work/crash.fsbench" "$work/crash.log" "$work/run.out" "$keep/"; }

bench_result "$work/crash.fsbench" "Crash consistency" "$work/crash.txt"

python3 - "$work/runs.csv" <<'PY' >"$work/times.md"
import csv, statistics, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == "crash"]
print("| Filesystem | crash phase wall time: median (range) | goal | crash states a run | clean | needed repair | fsync'd data lost | rename broken |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for fs in dict.fromkeys(r["filesystem"] for r in rows):
    rs = [r for r in rows if r["filesystem"] == fs and r["status"] == "ok"]
    if not rs:
        print(f"| {fs} | failed | 120 s | - | - | - | - | - |")
        continue
    t = [float(r["real"]) for r in rs]
    tot = lambda k: sum(float(r[k]) for r in rs if r.get(k))
    print(f"| {fs} | {statistics.median(t):.1f} s ({min(t):.1f}-{max(t):.1f}) | 120 s | "
          f"{statistics.median(float(r['crash_states']) for r in rs):.0f} | {tot('crash_clean'):.0f} | "
          f"{tot('crash_repair'):.0f} | {tot('crash_lost'):.0f} | {tot('crash_rename'):.0f} |")
PY

{
	bench_heading crash.sh
	echo "- Command: \`fsbench run --image IMG --profile $profile --fs $fslist --phases crash --repeat $reps --order sequential\`"
	bench_code
	bench_wall " (mkfs of the run's own target included)"
	echo
	echo "The crash phase's wall time is its run's real time: the filesystem made under the write log, the script, then every crash state rebuilt, mounted, compared, unmounted and checked; the counts add up over the $reps repetitions."
	echo
	cat "$work/times.md"
} >"$work/section.md"
bench_finish crash.sh "Crash consistency" "$work/crash.txt"
