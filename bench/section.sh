# SPDX-License-Identifier: GPL-2.0-or-later
# bench/section.sh — sourced by the bench scripts.
#
# bench_section NAME OUT FILE: put FILE's Markdown into OUT between the
# lines "<!-- NAME begin -->" and "<!-- NAME end -->" (NAME: the script's
# file name, e.g. quick-profile.sh), replacing what was between them, or at
# the end when OUT has no such section; every other line of OUT stays as
# it was.  Written to a temporary file and renamed: never half a file.
bench_section() {
	local name=$1 out=$2 file=$3 tmp
	tmp=$(mktemp "$(dirname "$out")/.$(basename "$out").XXXXXX") || return 1
	if grep -qxF "<!-- $name begin -->" "$out" 2>/dev/null; then
		awk -v b="<!-- $name begin -->" -v e="<!-- $name end -->" -v f="$file" '
			$0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
			$0 == e { skip = 0 } !skip' "$out" >"$tmp"
	else
		{ [ -s "$out" ] && { cat "$out"; echo; }; echo "<!-- $name begin -->"; cat "$file"; echo "<!-- $name end -->"; } >"$tmp"
	fi && chmod 644 "$tmp" && mv "$tmp" "$out" || { rm -f "$tmp"; return 1; }
}

# bench_need: stop with exit status 2 and one line unless this runs as root
# (the scripts make loop devices, filesystems and mounts) and $fsbench, the
# program measured (FSBENCH, else the one built next to bench/), exists.
bench_need() {
	[ "$(id -u)" = 0 ] || { echo "$0: needs root (loop devices, mkfs, mount)" >&2; exit 2; }
	[ -x "$fsbench" ] || { echo "$0: no fsbench at $fsbench (build first, or set FSBENCH)" >&2; exit 2; }
}

# bench_workdir NAME: work=a new directory $TMPDIR/NAME.XXXXXX (default
# /var/tmp), removed on every exit; INT, TERM and HUP exit through it.
bench_workdir() {
	work=$(mktemp -d "${TMPDIR:-/var/tmp}/$1.XXXXXX") || exit 1
	trap 'rm -rf --one-file-system "$work"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
}

# bench_load: the load average now (1, 5, 15 minutes)
bench_load() { cut -d' ' -f1-3 /proc/loadavg; }

# bench_state LOAD_BEFORE LOAD_AFTER RESULT…: one Markdown line on the
# machine's state over the measurement — the load averages read before and
# after, and what fsbench's interference module recorded per run in the
# result files (runs set aside as disturbed, the most other programs used)
# — and "idle" only when it was: a 1-minute load below 0.5 before (nothing
# else ran in the minute before the script) and no run set aside as
# disturbed (nothing else ran during a measurement, as the interference
# module sees it).  The load after is given, not judged: it is mostly the
# script's own (make -j, the browse rounds), so it is high after any
# measurement that loads the machine, idle or not.
bench_state() {
	local l0=$1 l1=$2 runs=0 dist=0 maxo=- f
	shift 2
	for f in "$@"; do
		[ -f "$f" ] || continue
		runs=$((runs + $(grep -c '^ *run {' "$f")))
		dist=$((dist + $(grep -c '^ *disturbed = ' "$f")))
		maxo=$(grep -o 'others_cpu = [0-9.e+-]*' "$f" | awk -v m="$maxo" '{ if (m == "-" || $3 > m) m = $3 } END { print m == "-" ? m : sprintf("%.2f", m) }')
	done
	local idle="not idle"
	awk -v a="${l0%% *}" -v d="$dist" 'BEGIN { exit !(a < 0.5 && d == 0) }' && idle=idle
	echo "Machine state: **$idle** — load average $l0 before, $l1 after (the script's own load included); $dist of $runs runs set aside as disturbed by fsbench's interference check; the most other programs used in a run: ${maxo} of a CPU."
}

# bench_settle: wait until the 1-minute load average is below 0.5 (what
# bench_state calls idle), at most BENCH_SETTLE seconds (default 300), so
# that a script started right after another measurement (or a build) does
# not begin in its wake; says on standard error that it waits, and goes on
# after the limit (bench_state then says "not idle").
bench_settle() {
	local left=${BENCH_SETTLE:-300}
	busy() { awk -v l="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN { exit !(l >= 0.5) }'; }
	busy || return 0
	echo "$0: waiting for the load average ($(cut -d' ' -f1 /proc/loadavg)) to fall below 0.5 (at most ${left} s) ..." >&2
	while [ "$left" -gt 0 ] && busy; do
		sleep 5
		left=$((left - 5))
	done
}
