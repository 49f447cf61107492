#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/probe-overhead.sh — does the stall probe change what it observes?
# An A/A (doc/disk.md): the same plan run again and again, with the probe
# beside the timed phases (--probe beside: a 4 KiB save and fsync every
# 100 ms on the filesystem under test, beside every command phase), without
# it (--no-probe), and as fsbench runs it by default (--probe round: in a
# round of its own after the timed rounds), the order rotated every round
# so that none always goes first; then per phase and filesystem the mean
# time beside and without, their relative difference and its 95% interval
# (Welch), and the same for all phases: the evidence why the probe runs in
# a round of its own.  Then a second line per filesystem: all phases of
# the timed runs of --probe round against --no-probe — the same by
# construction (the probe never runs beside them), so an interval that
# holds 0 — and what that costs instead: the stall round's wall time.
# Runs fsbench set aside as disturbed are left out, as its cells do.  An
# interval that holds 0 is no difference these runs can tell; the
# interval's width is the smallest one they could.
#
# Root only (loop devices, mkfs, mount); without root it says so and exits
# 2.  Every image is fsbench's and removed by it; the work directory by
# this script on every exit.  -o FILE writes its section of FILE
# (bench/section.sh).
set -u

usage() {	# h: asked for (standard output); else on standard error
	[ "$1" = h ] || exec >&2
	cat <<EOF
Usage: $0 [-f "ext4 btrfs"] [-p PHASES] [-P quick] [-n 10] [-m dead] [-o RESULTS.md]
  -f LIST   filesystems (default: ext4 btrfs — a journal's commit and a CoW log)
  -p LIST   phases, comma-separated (default: the config's default plan's)
  -P NAME   size profile (default quick)
  -n N      rounds; each runs the plan once beside, once without the probe and once
            with the stall round (default 10)
  -m M      the time compared: dead (real - usr, default) or real
  -o FILE   also write the table as Markdown into FILE's section
Environment: FSBENCH (default: the fsbench built next to this script),
TMPDIR (where the image goes; default /var/tmp).
EOF
}

fslist="ext4 btrfs" phases= profile=quick rounds=10 metric=dead mdout=
args=("$@")
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-$here/../fsbench}
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_getopts f:fslist p:phases P:profile n:rounds m:metric o:mdout -- "$@"
case $metric in dead | real) ;; *) echo "$0: -m dead or real" >&2; exit 2 ;; esac
[ "$rounds" -ge 2 ] 2>/dev/null || { echo "$0: -n needs 2 rounds or more (an interval)" >&2; exit 2; }
bench_need
[ -x /usr/bin/python3 ] || { echo "$0: needs /usr/bin/python3" >&2; exit 2; }
bench_workdir fsbench-probe
export XDG_DATA_HOME=$work/data
log() { printf '%s\n' "$*" >&2; }

# one run of the plan: MODE (beside, without, round), ROUND
run_once() {
	local mode=$1 r=$2 res=$work/$1-$2.fsbench
	local opts=(--image "$work/t.img" --profile "$profile" --fs "${fslist// /,}" --repeat 1 -q -o "$res")
	[ -n "$phases" ] && opts+=(--phases "$phases")
	case $mode in
	beside) opts+=(--probe beside) ;;
	without) opts+=(--no-probe) ;;
	round) opts+=(--probe round) ;;
	esac
	"$fsbench" run "${opts[@]}" >"$work/run.out" 2>&1 || { cat "$work/run.out" >&2; log "$0: fsbench run failed"; exit 1; }
}

bench_settle
load0=$(bench_load)
t0=$(date +%s)
orders=("beside without round" "without round beside" "round beside without")
for ((r = 1; r <= rounds; r++)); do
	order=${orders[$(((r - 1) % 3))]}
	log "probe-overhead: round $r/$rounds: $order"
	for mode in $order; do
		run_once "$mode" "$r"
	done
done
t1=$(date +%s)
state=$(bench_state "$load0" "$(bench_load)" "$work"/*.fsbench)
{
	echo "# bench/probe-overhead.sh: the latest results"
	echo
	echo "$state"
	echo
	echo "- Date: $(date -u +%Y-%m-%dT%H:%MZ); $rounds rounds × 3 runs of ${fslist// /, }, $((t1 - t0)) s"
	echo "- Machine: $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo); $(nproc) CPUs, $(uname -r)"
	echo "- Versions: $("$fsbench" --version 2>/dev/null | head -1)"
	echo "- Command: bench/probe-overhead.sh$(printf ' %q' "${args[@]}")"
	echo
	/usr/bin/python3 "$here/disk-lib.py" aa "$metric" "$work"/beside-*.fsbench -- "$work"/without-*.fsbench
	echo
	/usr/bin/python3 "$here/disk-lib.py" stall "$metric" "$work"/round-*.fsbench -- "$work"/without-*.fsbench
} >"$work/report.md"
cat "$work/report.md"
if [ -n "$mdout" ]; then
	bench_section probe-overhead.sh "$mdout" "$work/report.md" || { echo "$0: cannot write $mdout" >&2; exit 2; }
fi
exit 0
