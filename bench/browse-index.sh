#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
#
# bench/browse-index.sh — does browsing 10,000 result files stay fast with
# the result index (issue 12)?  Makes N result files (copies of
# data/samples/repeat3-tiny.fsbench with some variety: other profiles and
# statuses, seed 000's file, a few that do not parse) in a temporary
# results directory, then measures, ROUNDS times, alternating:
#
#   - `fsbench list-results --tsv`: every file parsed (--no-index), the
#     index built from scratch, and with the index (nothing changed);
#   - the TUI in tmux: from pressing r on the first screen to the first
#     page of the browse screen on screen (and from starting fsbench), from
#     scratch and with the index; then a filter typed one key at a time,
#     each key timed from send-keys to the new count on screen (tmux polling
#     included: an upper bound);
#   - the CPU time each of these took (user + sys; for the TUI from
#     /proc/PID/schedstat), which a busy machine does not stretch;
#   - peak resident memory (VmHWM of the TUI after the filter, GNU time's
#     maximum RSS for the command line).
#
# The from-scratch and no-index cases take tens of seconds each, so they
# run in the first BUILD_ROUNDS rounds only.  Medians (and maxima for the
# keystrokes) against the limits of issue 12: first page 0.5 s, a key 50 ms,
# 64 MiB.  Runs as any user; needs tmux and GNU time.  Everything goes into
# a temporary directory removed at exit (TMPDIR, default /var/tmp).
set -u

usage() {	# h: asked for (standard output); else on standard error
	[ "$1" = h ] || exec >&2
	cat <<EOF
Usage: $0 [-n 10000] [-r 5] [-b 2] [-o RESULTS.md]
  -n N      result files (default 10000)
  -r N      rounds (default 5); medians over them
  -b N      of which the first N also build from scratch / parse all (default 2)
  -o FILE   also append the table as Markdown to FILE
Environment: FSBENCH (default: the fsbench built next to this script),
FILTER (the filter typed, default r0042).
EOF
}

nfiles=10000 rounds=5 brounds=2 mdout=
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_getopts n:nfiles r:rounds b:brounds o:mdout -- "$@"
# the script works in its own directory: -o is the caller's path
case $mdout in "" | /*) ;; *) mdout=$PWD/$mdout ;; esac
FSBENCH=${FSBENCH:-$here/../fsbench}
sample=$here/../data/samples/repeat3-tiny.fsbench
seed=$here/../data/samples/seed000-desktop-2.6.3.fsbench
for p in tmux /usr/bin/time awk; do
	command -v "$p" >/dev/null || { echo "$0: needs $p" >&2; exit 77; }
done
[ -x "$FSBENCH" ] || { echo "$0: no fsbench at $FSBENCH (build it, or set FSBENCH)" >&2; exit 2; }

sock=fsbench-bench-$$
bench_workdir fsbench-browse-bench 'tmux -L "$sock" kill-server 2>/dev/null'
bench_settle
load0=$(bench_load)
# nothing below writes outside $work
cd "$work" || exit 1
export XDG_DATA_HOME=$work/data XDG_CACHE_HOME=$work/cache XDG_CONFIG_HOME=$work/config TZ=UTC
export LC_ALL=C.UTF-8
results=$XDG_DATA_HOME/fsbench/results
index=$XDG_CACHE_HOME/fsbench/index.sqlite
mkdir -p "$results" "$work/tpl"

now() { date +%s%N; }
ms() { echo $((($2 - $1) / 1000000)); }
ms1() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b - a) / 1e6 }'; }

# 20 templates, file i is template i % 20: a started time per template, a
# quarter "quick", one interrupted, one seed 000's, 0.1 % not parsing
for k in $(seq 0 19); do
	prof=tiny status=complete
	[ $((k % 4)) = 0 ] && prof=quick
	[ $k = 7 ] && status=interrupted
	sed -e "s/^started = .*/started = \"2026-11-$(printf %02d $((k + 1)))T0$((k % 10)):12:42Z\"/" \
	    -e "s/^profile = .*/profile = \"$prof\"/" -e "s/^status = .*/status = \"$status\"/" \
	    "$sample" >"$work/tpl/$k"
done
cp "$seed" "$work/tpl/13"
echo 'format = 1 status = "garbled' >"$work/tpl/broken"
echo "making $nfiles result files in $results ..." >&2
# copies TEMPLATE — the file names on stdin, one template into 500 at a time
copies() {
	awk -v d="$results" '{ printf "%s/r%05d.fsbench\n", d, $1 }' >"$work/names"
	xargs -r -a "$work/names" -n 500 sh -c 'tee "$@" <"$0" >/dev/null' "$1"
}
for k in $(seq 0 19); do
	seq "$k" 20 $((nfiles - 1)) | copies "$work/tpl/$k"
done
seq 999 1000 $((nfiles - 1)) | copies "$work/tpl/broken"
have=$(ls "$results" | wc -l)
[ "$have" = "$nfiles" ] || { echo "$0: made $have files, not $nfiles" >&2; exit 1; }

# ---- the command line ----------------------------------------------------------------------------
# cli NAME ARGS… — one timed run: "seconds maxrss_kib user sys" appended to $work/NAME
cli() {
	local name=$1 lines
	shift
	/usr/bin/time -f '%e %M %U %S' -o "$work/time.out" "$FSBENCH" list-results --tsv "$@" "$results" >"$work/list.out" ||
		{ echo "$0: list-results failed" >&2; exit 1; }
	cat "$work/time.out" >>"$work/$name"
	lines=$(($(wc -l <"$work/list.out") - 1))
	[ "$lines" = "$nfiles" ] || { echo "$0: list-results listed $lines files, not $nfiles" >&2; exit 1; }
}

# ---- the TUI in tmux -----------------------------------------------------------------------------
tmx() { tmux -L "$sock" -f /dev/null "$@"; }
screen() { tmx capture-pane -p -t t 2>/dev/null; }
# wait_for REGEX [TIMEOUT_S] — poll the screen as fast as tmux answers
wait_for() {
	local deadline=$(($(date +%s) + ${2:-600}))
	until screen | grep -qE "$1"; do
		[ "$(date +%s)" -lt "$deadline" ] || { screen >&2; echo "$0: timed out waiting for '$1'" >&2; exit 1; }
	done
}

filter=${FILTER:-r0042}
# cpu PID — the CPU time the process has used, ns
cpu() { cut -d' ' -f1 "/proc/$1/schedstat"; }

# tui NAME — start fsbench, wait for its first screen, press r, time the
# first page; with the index, then the filter, one key at a time
tui() {
	local name=$1 t0 tr t1 pid c0 c1 prefix want c i
	tmx kill-server 2>/dev/null
	t0=$(now)
	tmx new-session -d -x 132 -y 40 -s t "exec $(printf %q "$FSBENCH")" || exit 1
	wait_for 'Where should fsbench run'
	pid=$(tmx display -p -t t '#{pane_pid}')
	c0=$(cpu "$pid")
	tr=$(now)
	tmx send-keys -t t r
	wait_for "Results in .*: $nfiles files"
	wait_for '^▶'
	t1=$(now)
	c1=$(cpu "$pid")
	echo "$(ms "$tr" "$t1") $(ms "$t0" "$t1") $(ms1 "$c0" "$c1")" >>"$work/$name"
	if [ "$name" = tui_index ]; then
		tmx send-keys -t t /
		wait_for 'filter'
		for ((i = 1; i <= ${#filter}; i++)); do
			prefix=${filter:0:i}
			c=${filter:i-1:1}
			want=$(grep -c . "$work/where.$prefix")
			c0=$(cpu "$pid")
			t0=$(now)
			tmx send-keys -t t "$c"
			# the new count and the typed text, drawn together
			wait_for ", $want shown  filter $prefix"
			t1=$(now)
			c1=$(cpu "$pid")
			echo "$(ms "$t0" "$t1") $(ms1 "$c0" "$c1")" >>"$work/key"
		done
	fi
	awk '/^VmHWM/ { print $2 }' "/proc/$pid/status" >>"$work/rss_$name"
	tmx kill-server 2>/dev/null
}

# the expected count of every prefix of the filter, from the command line
"$FSBENCH" list-results --tsv "$results" >/dev/null
for ((i = 1; i <= ${#filter}; i++)); do
	"$FSBENCH" list-results --tsv --where "${filter:0:i}" "$results" | tail -n +2 >"$work/where.${filter:0:i}"
done
# let the files age past the two seconds in which a file is re-read on
# every scan (the index does not trust a stat that young)
sleep 2.5
"$FSBENCH" list-results --tsv "$results" >/dev/null

for r in $(seq 1 "$rounds"); do
	echo "round $r of $rounds ..." >&2
	if [ "$r" -le "$brounds" ]; then
		# alternate which of the slow ones goes first
		if [ $((r % 2)) = 1 ]; then
			cli noindex --no-index
			rm -f "$index"*; cli scratch
			rm -f "$index"*; tui tui_scratch
		else
			rm -f "$index"*; tui tui_scratch
			rm -f "$index"*; cli scratch
			cli noindex --no-index
		fi
	fi
	cli index
	tui tui_index
	cli index
done

# ---- the table ---------------------------------------------------------------------------------------
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2); else print "-" }'; }
maxof() { sort -n | tail -1; }
col() { awk -v c="$2" '{ print $c }' "$work/$1"; }
cpu_ms() { awk '{ printf "%d\n", ($3 + $4) * 1000 }' "$work/$1"; }
s_ms() { awk '{ printf "%d", $1 * 1000 }'; }
mib() { awk '{ printf "%.1f", $1 / 1024 }'; }
# row WHAT VALUE UNIT LIMIT
row() {
	local ratio=-
	[ "$4" != - ] && ratio=$(awk -v v="$2" -v l="$4" 'BEGIN { printf "%.2f", v / l }')
	printf '| %-58s | %8s %-3s | %5s | %5s |\n' "$1" "$2" "$3" "$4" "$ratio"
}
{
	echo "| $nfiles result files, $(nproc) CPUs, load $(cut -d' ' -f1 /proc/loadavg) at the end | value | limit | ratio |"
	echo "|---|---:|---:|---:|"
	row "list-results, every file parsed (--no-index), median" "$(col noindex 1 | median | s_ms)" ms -
	row "  its CPU time (user + sys), median" "$(cpu_ms noindex | median)" ms -
	row "list-results, index built from scratch, median" "$(col scratch 1 | median | s_ms)" ms -
	row "  its CPU time, median" "$(cpu_ms scratch | median)" ms -
	row "list-results with the index, median" "$(col index 1 | median | s_ms)" ms 500
	row "  its CPU time, median" "$(cpu_ms index | median)" ms 500
	row "TUI r to first page, index built from scratch, median" "$(col tui_scratch 1 | median)" ms -
	row "TUI r to first page with the index, median" "$(col tui_index 1 | median)" ms 500
	row "TUI r to first page with the index, worst" "$(col tui_index 1 | maxof)" ms 500
	row "  its CPU time, median" "$(col tui_index 3 | median)" ms 500
	row "TUI start to first page with the index, median" "$(col tui_index 2 | median)" ms 500
	row "TUI filter, one key to the new list on screen, median" "$(col key 1 | median)" ms 50
	row "TUI filter, one key to the new list, worst of $(wc -l <"$work/key")" "$(col key 1 | maxof)" ms 50
	row "  its CPU time, median" "$(col key 2 | median)" ms 50
	row "  its CPU time, worst" "$(col key 2 | maxof)" ms 50
	row "TUI peak RSS with the index (VmHWM), worst" "$(maxof <"$work/rss_tui_index" | mib)" MiB 64
	row "TUI peak RSS, index built from scratch, worst" "$(maxof <"$work/rss_tui_scratch" | mib)" MiB 64
	row "list-results peak RSS with the index, worst" "$(col index 2 | maxof | mib)" MiB 64
	row "list-results peak RSS, index built from scratch, worst" "$(col scratch 2 | maxof | mib)" MiB 64
	row "list-results peak RSS, --no-index, worst" "$(col noindex 2 | maxof | mib)" MiB -
	row "index size on disk" "$(($(stat -c %s "$index") / 1024))" KiB -
} | tee "$work/table.md"
if [ -n "$mdout" ]; then
	# this script's section of the file, the rest left as it is (no
	# fsbench run here: the load average is the machine's state)
	{ echo "# bench/browse-index.sh: the latest results"; echo; bench_state "$load0" "$(bench_load)"; echo
	  cat "$work/table.md"; } >"$work/section.md"
	bench_section browse-index.sh "$mdout" "$work/section.md"
fi
