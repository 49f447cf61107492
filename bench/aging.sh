#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/aging.sh — how much slower does a filesystem read its files after
# aging (issue 23, doc/aging.md)?  Runs the aging group alone (age, the
# aged reads and desktop phases, refresh, the fresh ones) of the quick
# profile on a loop image over the filesystems (-f, default ext4 xfs
# btrfs), -n repetitions (default 3) in rounds (every filesystem once per
# round), and prints:
#   - fsbench's own Aging section of the result (`fsbench show`): the aging
#     factors aged / fresh of the cold grep -r, of the stat walk and of
#     make2, cp and rm run aged and fresh, with their 95% intervals, the layout of the aged and the fresh tree, a
#     sentence per filesystem;
#   - the aging's time per filesystem (the age phase's real time: median,
#     range), how many repetitions hit the profile's age_seconds cap (a
#     capped filesystem got fewer commits: its factor is not comparable)
#     and how often it met a full filesystem;
#   - each aging phase's median real time over the filesystems and
#     repetitions (what the profile's nominal ETA figures are taken from);
#   - the machine's state over the measurement (bench/section.sh: idle only
#     when it was) and the command;
# as this script's section of RESULTS.md (-o; the rest of the file stays).
#
# Needs root (loop devices, mkfs, mount, drop_caches).  The image is
# removed at the end, also on failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-$here/../fsbench}
fs="ext4 xfs btrfs" reps=3 out="" img_dir=/var/tmp keep="" profile=quick

usage() { bench_image_usage "$1" "repetitions, in rounds" "the result file and the run's output"; }
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_image_opts "$@"
bench_image aging-bench
phases=age,aged-grep,aged-stat,aged-make2,aged-cp,aged-rm,refresh,fresh-grep,fresh-stat,fresh-make2,fresh-cp,fresh-rm
cmd=("$fsbench" run --image "$img" --profile "$profile" --fs "$fslist"
	--phases "$phases" --repeat "$reps" --order rounds
	-o "$work/aging.fsbench")
bench_run "${cmd[@]}"
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work/aging.fsbench" "$work/run.out" "$keep/"; }

bench_result "$work/aging.fsbench" Aging "$work/aging.txt"

python3 - "$work/runs.csv" <<'PY' >"$work/age.md"
import csv, statistics, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["phase"] == "age"]
print("| Filesystem | aging time: median (range) | commits done | capped | full at the end | ENOSPC met |")
print("|---|---:|---:|---:|---:|---:|")
for fs in dict.fromkeys(r["filesystem"] for r in rows):
    rs = [r for r in rows if r["filesystem"] == fs and r["status"] == "ok"]
    t = [float(r["real"]) for r in rs]
    num = lambda k: [float(r[k]) for r in rs if r.get(k)]
    ops, full, cap, nospc = num("ops"), num("fullness"), num("capped"), num("enospc")
    if not t:
        print(f"| {fs} | failed | - | - | - | - |")
        continue
    print(f"| {fs} | {statistics.median(t):.0f} s ({min(t):.0f}-{max(t):.0f}) | "
          f"{'-' if not ops else '%.0f-%.0f' % (min(ops), max(ops))} | {sum(c > 0 for c in cap)} of {len(rs)} | "
          f"{'-' if not full else '%.0f%%' % (100 * statistics.median(full))} | "
          f"{'-' if not nospc else '%.0f' % max(nospc)} |")
PY
python3 - "$work/runs.csv" <<'PY' >"$work/times.md"
import csv, statistics, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["status"] == "ok" and r.get("real")]
print("| Phase | real s: median (range) over the filesystems and repetitions |")
print("|---|---:|")
for ph in dict.fromkeys(r["phase"] for r in rows):
    t = [float(r["real"]) for r in rows if r["phase"] == ph]
    print(f"| {ph} | {statistics.median(t):.1f} ({min(t):.1f}-{max(t):.1f}) |")
PY

{
	bench_heading aging.sh
	echo "- Command: \`fsbench run --image IMG --profile $profile --fs $fslist --phases $phases --repeat $reps --order rounds\`"
	bench_code
	bench_wall
	echo
	cat "$work/age.md"
	echo
	echo "Each phase's time (the desktop phases' untimed setup is not in it):"
	echo
	cat "$work/times.md"
} >"$work/section.md"
bench_finish aging.sh Aging "$work/aging.txt"
