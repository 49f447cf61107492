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

usage() {
	cat <<USAGE
Usage: $0 [-f "ext2 ext4 xfs btrfs"] [-n 3] [-d IMAGE_DIR] [-k DIR] [-P PROFILE] [-o RESULTS.md]
  -f  filesystems (default: ext2 ext4 xfs btrfs)
  -n  repetitions of each (default 3)
  -d  where the loop image goes (default /var/tmp)
  -k  keep the result file and the run's output and log in DIR
  -P  another size profile (default quick; tiny: to check the script works)
  -o  write the section into this Markdown file (else standard output)
USAGE
	exit 2
}
while getopts "f:n:d:k:P:o:h" o; do
	case $o in
	f) fs=$OPTARG ;;
	n) reps=$OPTARG ;;
	d) img_dir=$OPTARG ;;
	k) keep=$OPTARG ;;
	P) profile=$OPTARG ;;
	o) out=$OPTARG ;;
	*) usage ;;
	esac
done
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_need
case $reps in '' | *[!0-9]* | 0) echo "$0: -n $reps: a number of repetitions, 1 or more" >&2; exit 2 ;; esac
[ -w /dev/fuse ] || { echo "$0: needs FUSE (/dev/fuse; modprobe fuse)" >&2; exit 2; }
work=$(mktemp -d /tmp/crash-bench.XXXXXX)
img=$img_dir/crash-bench.$$.img
trap 'rm -f "$img"; rm -rf "$work"' EXIT

fslist=$(tr ' ' ',' <<<"$fs" | sed 's/^,*//; s/,*$//')
cmd=("$fsbench" run --image "$img" --profile "$profile" --fs "$fslist" --phases crash
	--repeat "$reps" --order sequential -o "$work/crash.fsbench")
bench_settle
load0=$(bench_load)
t0=$(date -u +%Y-%m-%dT%H:%MZ)
s0=$(date +%s)
"${cmd[@]}" >"$work/run.out" 2>&1 || { tail -20 "$work/run.out" >&2; echo "$0: the run failed" >&2; exit 1; }
wall=$(( $(date +%s) - s0 ))
load1=$(bench_load)
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work/crash.fsbench" "$work/crash.log" "$work/run.out" "$keep/"; }

"$fsbench" show "$work/crash.fsbench" >"$work/show.txt" || { echo "$0: fsbench show failed" >&2; exit 1; }
sed -n '/^Crash consistency$/,/^How it was measured$/p' "$work/show.txt" | sed '1d;$d' >"$work/crash.txt"
[ -s "$work/crash.txt" ] || { echo "$0: the result has no Crash consistency section" >&2; exit 1; }
"$fsbench" export --format csv "$work/crash.fsbench" >"$work/runs.csv"
state=$(bench_state "$load0" "$load1" "$work/crash.fsbench")

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
	echo "# bench/crash.sh: the latest results"
	echo
	echo "Written by \`bench/crash.sh${out:+ -o $(basename "$out")}\` on $t0; see [README.md](README.md)."
	echo
	echo "$state"
	echo
	echo "- Command: \`fsbench run --image IMG --profile $profile --fs $fslist --phases crash --repeat $reps --order sequential\`"
	echo "- Code: fsbench $("$fsbench" --version 2>/dev/null | head -1 | awk '{ print $NF }') at $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo "an unknown commit")"
	echo "- Wall time: $((wall / 60)) min $((wall % 60)) s for $(wc -w <<<"$fs") filesystems × $reps repetitions (mkfs of the run's own target included)"
	echo
	echo "The crash phase's wall time is its run's real time: the filesystem made under the write log, the script, then every crash state rebuilt, mounted, compared, unmounted and checked; the counts add up over the $reps repetitions."
	echo
	cat "$work/times.md"
	echo
	echo "fsbench's Crash consistency section of the result (\`fsbench show\`):"
	echo
	echo '```'
	cat "$work/crash.txt"
	echo '```'
} >"$work/section.md"
if [ -n "$out" ]; then
	bench_section crash.sh "$out" "$work/section.md" || { echo "$0: cannot write $out" >&2; exit 2; }
fi
cat "$work/section.md"
