#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/phase-cv.sh — is every phase of a profile long enough to measure
# (issue 19)?  Runs the profile (default quick; --standard for standard) on
# a loop image over the filesystems (default: the config's five) for N
# rounds (--repeat, default 3), then prints per phase and filesystem the
# dead time's (real − usr) mean and run-to-run CV and whether it meets the
# 5% goal, each round's wall time (mkfs, mount and cache drops included),
# and the machine's state over the measurement: the load average before and
# after, and the interference the result file recorded for its runs
# (disturbed runs, other programs' CPU, CPU pressure).  It ends with the
# profile's measured_cv line for data/fsbench.conf (the largest CV of each
# phase over the filesystems).
#
# Its section of RESULTS.md (-o, default bench/RESULTS.md; "-o -" prints
# only) lies between <!-- phase-cv.sh begin --> and <!-- phase-cv.sh end -->;
# the rest of the file is left as it is.  Figures only mean something on an
# idle machine: the section records the load and the disturbed runs so a
# reader can tell.
#
# Needs root (loop devices, mkfs, mount); makes the profile's workloads
# first if they are missing (fsbench prepare: the debootstrap tarball is a
# download of ~40 MB once).  The image is removed at the end, also on
# failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-$here/../fsbench}
conf=${FSBENCH_CONF:-$here/../data/fsbench.conf}
profile=quick reps=3 fs="" out=$here/RESULTS.md img_dir=/var/tmp size="" keep="" goal=0.05 from="" sessions=""
args=("$@")

usage() {
	cat <<USAGE
Usage: $0 [--profile NAME | --standard] [--repeat N] [--fs LIST] [--size SIZE]
          [--image-dir DIR] [--keep DIR] [-o FILE|-]
  --profile NAME  the size profile (default quick); --standard: standard
  --repeat N      rounds (default 3): every filesystem once a round
  --fs LIST       filesystems, comma-separated (default: the config's defaults)
  --size SIZE     image size (default: the profile's image_size)
  --image-dir DIR where the loop image goes (default /var/tmp)
  --keep DIR      keep the result file and the run's output in DIR
  --from RESULT   run nothing: the figures of an existing result file in
                  rounds
  --sessions DIR  run nothing: the figures across separate sessions, every
                  complete result of the profile in DIR (bench/verdict-repro.sh
                  keeps them in bench/history/verdict-repro; those it ran
                  beside a load, *-busy.fsbench, are left out): per phase and
                  filesystem the CV within a session, between sessions and
                  across all of them, which the goal is judged by
  -o FILE         write the section into FILE (default bench/RESULTS.md);
                  -o - prints it only
USAGE
	exit 2
}
while [ $# -gt 0 ]; do
	case $1 in
	--profile) [ $# -ge 2 ] || usage; profile=$2; shift ;;
	--standard) profile=standard ;;
	--repeat|-n) [ $# -ge 2 ] || usage; reps=$2; shift ;;
	--fs|-f) [ $# -ge 2 ] || usage; fs=$2; shift ;;
	--size) [ $# -ge 2 ] || usage; size=$2; shift ;;
	--image-dir) [ $# -ge 2 ] || usage; img_dir=$2; shift ;;
	--keep) [ $# -ge 2 ] || usage; keep=$2; shift ;;
	--from) [ $# -ge 2 ] || usage; from=$2; shift ;;
	--sessions) [ $# -ge 2 ] || usage; sessions=$2; shift ;;
	-o) [ $# -ge 2 ] || usage; out=$2; shift ;;
	-h|--help) usage ;;
	*) echo "$0: unknown option $1" >&2; usage ;;
	esac
	shift
done

if [ -n "$sessions" ]; then
	# shellcheck source=bench/section.sh
	. "$here/section.sh"
	[ -x "$fsbench" ] || { echo "$0: no fsbench at $fsbench (build first, or set FSBENCH)" >&2; exit 2; }
	bench_workdir phase-cv
	n=0
	for f in "$sessions"/*.fsbench; do
		# idle sessions only: bench/verdict-repro.sh names those it ran
		# beside a load *-busy.fsbench
		case $f in *-busy.fsbench) continue ;; esac
		[ -f "$f" ] || continue
		grep -q "^profile = \"$profile\"$" "$f" && grep -q '^status = "complete"$' "$f" || continue
		"$fsbench" export --format csv "$f" >"$work/s$n.csv" || { echo "$0: cannot export $f" >&2; exit 1; }
		n=$((n + 1))
	done
	[ "$n" -ge 2 ] || { echo "$0: fewer than 2 complete $profile results in $sessions" >&2; exit 2; }
	python3 "$here/phase-cv.py" sessions "$work" "$n" "$goal" "$profile" >"$work/section.md" || exit 1
	args=(--sessions "$sessions")
	commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)
	img_dir="(the sessions' own)"
else
[[ $reps =~ ^[0-9]+$ ]] && [ "$reps" -ge 2 ] || { echo "$0: --repeat needs at least 2 rounds for a CV, not $reps" >&2; exit 2; }
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_need
[ -r "$conf" ] || { echo "$0: cannot read the configuration $conf (set FSBENCH_CONF)" >&2; exit 2; }
if [ -z "$fs" ]; then
	fs=$(awk '/^defaults \{/ { d = 1 } d && /^  filesystems = / { gsub(/[{}"]|filesystems =| /, ""); print; exit }' "$conf")
	[ -n "$fs" ] || { echo "$0: no default filesystems in $conf: give --fs" >&2; exit 2; }
fi
command -v python3 >/dev/null || { echo "$0: needs python3 for the figures" >&2; exit 2; }

bench_image phase-cv
fsb() { "$fsbench" --config "$conf" "$@"; }

if [ -n "$from" ]; then
	# the figures of a run made elsewhere: its own profile, rounds and filesystems
	cp "$from" "$work/cv.fsbench" && : >"$work/cv.out" || exit 2
	profile=$(sed -n 's/^profile = "\(.*\)"/\1/p' "$from" | head -n 1)
	reps=$(sed -n 's/^rounds = //p' "$from" | head -n 1)
	[ -n "$reps" ] || reps=$(sed -n 's/^repeat = //p' "$from" | head -n 1)
	fs=$(awk '/^filesystem "/ { gsub(/^filesystem "|" \{$/, ""); printf "%s%s", n++ ? "," : "", $0 }' "$from")
	load0="(not recorded: --from)" load1=$load0 rc=0
	t0=$(sed -n 's/^started = "\(.*\)"/\1/p' "$from" | head -n 1)
else
	fsb prepare --profile "$profile" >"$work/prepare.out" 2>&1 ||
		{ cat "$work/prepare.out" >&2; echo "$0: could not make the $profile profile's workloads" >&2; exit 1; }
	load0=$(bench_load)
	t0=$(date -u +%Y-%m-%dT%H:%MZ)
	sizeopt=()
	[ -z "$size" ] || sizeopt=(--size "$size")
	fsb run --image "$img" "${sizeopt[@]}" --profile "$profile" --fs "$fs" --repeat "$reps" \
		--order rounds -o "$work/cv.fsbench" >"$work/cv.out" 2>&1
	rc=$?
	load1=$(bench_load)
fi
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work"/cv.* "$keep"/; }
[ $rc = 0 ] || { tail -20 "$work/cv.out" >&2; echo "$0: the run failed (exit status $rc)" >&2; exit 1; }
fsb export --format csv "$work/cv.fsbench" >"$work/cv.csv" || { echo "$0: cannot export the result" >&2; exit 1; }
commit=$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo unknown)

python3 "$here/phase-cv.py" rounds "$work" "$profile" "$reps" "$fs" "$load0" "$load1" "$t0" "$goal" >"$work/section.md" || exit 1
fi
[ -s "$work/section.md" ] || { echo "$0: no figures" >&2; exit 1; }
{
	echo "# bench/phase-cv.sh: phases long enough to measure"
	echo
	echo "Written by \`bench/phase-cv.sh$(printf ' %q' "${args[@]}")\` at fsbench $commit.  Machine: $(nproc) CPUs, $(uname -r); image in $img_dir (loop, direct I/O).  The goal (issue 19): every phase's dead time has an idle run-to-run CV of at most 5%."
	echo
	cat "$work/section.md"
} >"$work/final.md"
cat "$work/final.md"
[ "$out" = - ] && exit 0
# replace our section, or add it at the end; the rest stays byte for byte
bench_section phase-cv.sh "$out" "$work/final.md" || exit 1
echo "$0: wrote $out"
