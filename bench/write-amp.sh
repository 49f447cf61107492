#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/write-amp.sh — how much does each filesystem's device write for
# what the default phases save (doc/disk.md)?  One `fsbench run` of the
# default phases on the default filesystems of a new image (-n repetitions
# in rounds), then per phase and filesystem the write amplification —
# the device's writes (the loop device's counters, after the phase's sync)
# over what the phase's processes saved (/proc/PID/io write_bytes −
# cancelled_write_bytes) and the stall probe's saves — as the median and
# range over the repetitions, and over all phases; then fsbench's own
# table of the same (show's "What the disk did, all phases").
#
# Root only (loop devices, mkfs, mount); without root it says so and exits
# 2.  The image is removed by fsbench; the work directory by this script
# on every exit.  -o FILE writes its section of FILE (bench/section.sh).
set -u

usage() {	# h: asked for (standard output); else on standard error
	[ "$1" = h ] || exec >&2
	cat <<EOF
Usage: $0 [-f "ext2 ext3 ext4 xfs btrfs"] [-p PHASES] [-P quick] [-n 3] [-N] [-o RESULTS.md]
  -f LIST   filesystems (default: the config's default ones)
  -p LIST   phases, comma-separated (default: the config's default plan's)
  -P NAME   size profile (default quick)
  -n N      repetitions of each filesystem, in rounds (default 3)
  -N        without the stall probe (--no-probe): the device's writes of the phases alone
  -o FILE   also write the tables as Markdown into FILE's section
Environment: FSBENCH (default: the fsbench built next to this script),
TMPDIR (where the image goes; default /var/tmp).
EOF
}

fslist= phases= profile=quick reps=3 noprobe= mdout=
args=("$@")
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-$here/../fsbench}
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_getopts f:fslist p:phases P:profile n:reps N=noprobe=--no-probe o:mdout -- "$@"
bench_need
[ -x /usr/bin/python3 ] || { echo "$0: needs /usr/bin/python3" >&2; exit 2; }
bench_workdir fsbench-wamp
export XDG_DATA_HOME=$work/data
bench_settle
load0=$(bench_load)
opts=(--image "$work/t.img" --profile "$profile" --repeat "$reps" -q -o "$work/wamp.fsbench")
[ -n "$fslist" ] && opts+=(--fs "${fslist// /,}")
[ -n "$phases" ] && opts+=(--phases "$phases")
[ -n "$noprobe" ] && opts+=("$noprobe")
t0=$(date +%s)
"$fsbench" run "${opts[@]}" >"$work/run.out" 2>&1 || { cat "$work/run.out" >&2; echo "$0: fsbench run failed" >&2; exit 1; }
t1=$(date +%s)
"$fsbench" show "$work/wamp.fsbench" >"$work/show.txt" || exit 1
state=$(bench_state "$load0" "$(bench_load)" "$work/wamp.fsbench")
{
	echo "# bench/write-amp.sh: the latest results"
	echo
	echo "$state"
	echo
	echo "- Date: $(date -u +%Y-%m-%dT%H:%MZ); $((t1 - t0)) s"
	echo "- Machine: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo); $(nproc) CPUs, $(uname -r)"
	echo "- Versions: $("$fsbench" --version 2>/dev/null | head -1), $(cp --version | head -1)"
	echo "- Command: bench/write-amp.sh$(printf ' %q' "${args[@]}")"
	echo
	/usr/bin/python3 "$here/disk-lib.py" amp "$work/wamp.fsbench"
	echo
	echo '```'
	awk '/^What the disk did, all phases$/ { s = 1 } s && /^$/ { exit } s' "$work/show.txt"
	echo
	grep -E '^(Over the phases|Clones:|During )' "$work/show.txt"
	echo '```'
} >"$work/report.md"
cat "$work/report.md"
if [ -n "$mdout" ]; then
	bench_section write-amp.sh "$mdout" "$work/report.md" || { echo "$0: cannot write $mdout" >&2; exit 2; }
fi
exit 0
