# SPDX-License-Identifier: GPL-2.0-or-later
# bench/section.sh — sourced by the bench scripts.  Its functions read
# the script's own variables: fsbench (the program measured), here (bench/),
# work (bench_workdir), and those of its options (fs, reps, img_dir, out).
# shellcheck disable=SC2154
#
# bench_section NAME OUT FILE: put FILE's Markdown into OUT between the
# lines "<!-- NAME begin -->" and "<!-- NAME end -->" (NAME: the script's
# file name, e.g. quick-profile.sh), replacing what was between them, or at
# the end when OUT has no such section; every other line of OUT stays as
# it was.  Written to a temporary file and renamed: never half a file.  A
# begin line without its end line is refused (one line, status 1, OUT
# untouched): replacing up to the end of the file would drop every
# section after it.
bench_section() {
	local name=$1 out=$2 file=$3 tmp
	if grep -qxF "<!-- $name begin -->" "$out" 2>/dev/null && ! grep -qxF "<!-- $name end -->" "$out"; then
		echo "$0: $out has a \"<!-- $name begin -->\" line without its end line: not touched" >&2
		return 1
	fi
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

# bench_getopts OPTION... -- "$@": the script's options (getopts), one
# word an option: "f:fs", -f VALUE sets fs to VALUE; "1=single=true", -1
# alone sets single to true ("B=with_bonnie=" empties with_bonnie).  -h,
# and an option it does not know or without its value, call the script's
# usage with h or ? and exit, 0 after -h, else 2 (a usage that exits
# itself decides alone).
bench_getopts() {
	local letters=h spec o OPTARG OPTIND=1
	local -a specs=()
	while [ "$1" != -- ]; do
		specs+=("$1")
		case $1 in ?:*) letters+=${1:0:1}: ;; *) letters+=${1:0:1} ;; esac
		shift
	done
	shift
	while getopts "$letters" o "$@"; do
		for spec in "${specs[@]}" ''; do
			[ "${spec:0:1}" = "$o" ] && break
		done
		case $spec in
		?:*) printf -v "${spec:2}" '%s' "$OPTARG" ;;
		?=*) spec=${spec:2}; printf -v "${spec%%=*}" '%s' "${spec#*=}" ;;
		*) usage "$o"; [ "$o" = h ] && exit 0; exit 2 ;;
		esac
	done
}

# bench_image_usage OPT REPS KEEP: the usage of such a script (below), as
# bench_getopts asks for it (OPT h: on standard output, exit 0; else on
# standard error, exit 2): REPS says how its repetitions run, KEEP what -k
# keeps; the defaults are the script's $fs.
bench_image_usage() {
	[ "$1" = h ] || exec >&2
	cat <<USAGE
Usage: $0 [-f "$fs"] [-n 3] [-d IMAGE_DIR] [-k DIR] [-P PROFILE] [-o RESULTS.md]
  -f  filesystems (default: $fs)
  -n  $2 (default 3)
  -d  where the loop image goes (default /var/tmp)
  -k  keep $3 in DIR
  -P  another size profile (default quick; tiny: to check the script works)
  -o  write the section into this Markdown file (else standard output)
USAGE
	[ "$1" = h ] && exit 0
	exit 2
}

# bench_image_opts "$@": the options of a script that runs fsbench on a
# loop image of its own (aging.sh, crash.sh): -f fs, -n reps (1 or more),
# -d img_dir, -k keep, -P profile, -o out; then bench_need.
bench_image_opts() {
	bench_getopts f:fs n:reps d:img_dir k:keep P:profile o:out -- "$@"
	bench_need
	case $reps in '' | *[!0-9]* | 0) echo "$0: -n $reps: a number of repetitions, 1 or more" >&2; exit 2 ;; esac
}

# bench_image NAME: for such a script, img = its loop image in $img_dir,
# NAME.PID.img, which fsbench makes (removed at exit too); its work
# directory (bench_workdir NAME); fslist = $fs as --fs takes it.
# shellcheck disable=SC2034 # img and fslist are the script's
bench_image() {
	img=$img_dir/$1.$$.img
	bench_workdir "$1" 'rm -f "$img"'
	fslist=$(tr ' ' ',' <<<"$fs" | sed 's/^,*//; s/,*$//')
}

# bench_workdir NAME [CLEANUP]: work=a new directory $TMPDIR/NAME.XXXXXX
# (default /var/tmp), removed on every exit, after the command CLEANUP
# (what else the script made: an image, a mount, a server); INT, TERM and
# HUP exit through it.
bench_workdir() {
	work=$(mktemp -d "${TMPDIR:-/var/tmp}/$1.XXXXXX") || exit 1
	trap "${2:+$2; }"'rm -rf --one-file-system "$work"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	trap 'exit 129' HUP
}

# bench_run CMD...: CMD (an fsbench run), after bench_settle, its output in
# $work/run.out (on failure its last 20 lines, and exit 1); load0 and load1
# the load averages before and after it, t0 its start (UTC), wall its
# seconds.
# shellcheck disable=SC2034 # load0, t0, wall and load1 are the script's
bench_run() {
	local s0
	bench_settle
	load0=$(bench_load)
	t0=$(date -u +%Y-%m-%dT%H:%MZ)
	s0=$(date +%s)
	"$@" >"$work/run.out" 2>&1 || { tail -20 "$work/run.out" >&2; echo "$0: the run failed" >&2; exit 1; }
	wall=$(( $(date +%s) - s0 ))
	load1=$(bench_load)
}

# bench_result RESULT TITLE FILE: of the result of bench_run, FILE = the
# section TITLE of `fsbench show RESULT` (its lines up to "How it was
# measured"), without the two headings (exit 1 when show fails or has no
# such section); its runs as CSV in $work/runs.csv; state = the machine's
# state over the run (bench_state).
# shellcheck disable=SC2034 # state is the script's
bench_result() {
	"$fsbench" show "$1" >"$work/show.txt" || { echo "$0: fsbench show failed" >&2; exit 1; }
	sed -n "/^$2\$/,/^How it was measured\$/p" "$work/show.txt" | sed '1d;$d' >"$3"
	[ -s "$3" ] || { echo "$0: the result has no $2 section" >&2; exit 1; }
	"$fsbench" export --format csv "$1" >"$work/runs.csv"
	state=$(bench_state "$load0" "$load1" "$1")
}

# bench_heading NAME: the first lines of the section of the script NAME
# (aging.sh) that ran fsbench once (bench_run): its title, who wrote it
# when, and the machine's state over the run ($state: bench_state).
bench_heading() {
	echo "# bench/$1: the latest results"
	echo
	echo "Written by \`bench/$1${out:+ -o $(basename "$out")}\` on $t0; see [README.md](README.md)."
	echo
	echo "$state"
	echo
}

# bench_code: a line on the code measured, fsbench's version and commit.
bench_code() {
	echo "- Code: fsbench $("$fsbench" --version 2>/dev/null | head -1 | awk '{ print $NF }') at $(git -C "$here/.." rev-parse --short HEAD 2>/dev/null || echo "an unknown commit")"
}

# bench_wall [NOTE]: a line on the run's wall time (bench_run) over the
# filesystems $fs and $reps repetitions, and NOTE after it.
bench_wall() {
	echo "- Wall time: $((wall / 60)) min $((wall % 60)) s for $(wc -w <<<"$fs") filesystems × $reps repetitions${1:-}"
}

# bench_finish NAME TITLE SHOWN: after the section of the script NAME, in
# $work/section.md, fsbench's TITLE section of the result (SHOWN:
# bench_show_section) quoted; then the section into $out (-o, when given;
# exit 2 when it cannot be written) and on standard output.
bench_finish() {
	{
		echo
		echo "fsbench's $2 section of the result (\`fsbench show\`):"
		echo
		echo '```'
		cat "$3"
		echo '```'
	} >>"$work/section.md"
	if [ -n "$out" ]; then
		bench_section "$1" "$out" "$work/section.md" || { echo "$0: cannot write $out" >&2; exit 2; }
	fi
	cat "$work/section.md"
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
