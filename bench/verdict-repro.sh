#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/verdict-repro.sh — does the default plan give the same answer on
# another day?
#
# Runs the plan a new user gets — `fsbench run --image IMG` with no
# profile, repetition or filesystem option — as separate sessions: separate
# invocations, a fresh image file each, the page cache dropped before each;
# by default three with nothing else running, then one beside a background
# load that keeps one core busy 2 s in every 5 (a desktop's indexer or
# compiler).  The workloads are prepared first (`fsbench prepare`), so each
# session measures only the plan.
#
# Every session's result goes into the history directory (default
# bench/history/verdict-repro, kept in the repository), which the engine
# and `fsbench show` read through the index as this machine's earlier
# sessions of the plan (src/model/history.h): each session is judged with
# the ones before it, as a user's would be.  Then every result in that
# directory — the earlier days' too — is judged as show judges it and
# printed side by side (bench/verdict-check.c): when, how long, how it
# ended, the verdict, each filesystem's ratio per session, the spread of
# those ratios between sessions (the figure behind the quick profile's
# session_sd), and whether any two verdicts contradict each other (two
# different fastest filesystems without a hedge; a filesystem significantly
# faster than another in one session and slower in another).
# Exit status 1 on a contradiction.  Needs root; run from a build tree.
#
#   bench/verdict-repro.sh [-o bench/RESULTS.md] [-d DIR] [-n IDLE] [-b BUSY] [-c]
#     -o: write its own section there; -d: the history directory;
#     -n: idle sessions (3), -b: sessions beside the load (1);
#     -c: run nothing, judge what DIR holds (another day: `-n 1 -b 0`)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
out= hist=$here/history/verdict-repro idle=3 busy=1 check_only=
while getopts o:d:n:b:c o; do
	case $o in
	o) out=$OPTARG ;;
	d) hist=$OPTARG ;;
	n) idle=$OPTARG ;;
	b) busy=$OPTARG ;;
	c) check_only=1 ;;
	*) echo "Usage: $0 [-o RESULTS.md] [-d DIR] [-n IDLE] [-b BUSY] [-c]" >&2; exit 2 ;;
	esac
done
fsbench=${FSBENCH:-$top/fsbench}
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_need
mkdir -p "$hist"
load_pid=
bench_workdir fsbench-verdict '[ -n "$load_pid" ] && kill -- -"$load_pid" 2>/dev/null'

cc -O2 -D_GNU_SOURCE -I"$top/src" -I"$top" "$here/verdict-check.c" "$top/libfsbench.a" \
	$(pkg-config --libs libconfuse json-c sqlite3 mount blkid) -lm -o "$work/verdict-check"
cp /bin/sh "$work/background"

# one core busy 2 s in every 5, in a process group of its own
start_load() {
	setsid bash -c "while :; do timeout 2 '$work/background' -c 'while :; do :; done'; sleep 3; done" \
		</dev/null >/dev/null 2>&1 &
	load_pid=$!
}

rows= ran=() first_load= last_load=
session() {	# session WHAT
	local what=$1 load0 load1 t0 t1 name
	[ "$what" = busy ] || bench_settle
	sync
	echo 3 >/proc/sys/vm/drop_caches
	[ "$what" = busy ] && start_load
	load0=$(bench_load)
	first_load=${first_load:-$load0}
	# a session beside the load is named so (phase-cv.sh --sessions takes
	# only the idle ones); the index finds it as history all the same
	name=$(date -u +%Y%m%dT%H%M%SZ)$([ "$what" != busy ] || echo -busy)
	t0=$(date +%s)
	"$fsbench" run --image "$work/v.img" -o "$hist/$name.fsbench" >"$work/$name.out" 2>&1 ||
		{ tail -n 20 "$work/$name.out"; exit 1; }
	t1=$(date +%s)
	load1=$(bench_load)
	last_load=$load1
	if [ -n "$load_pid" ]; then
		kill -- -"$load_pid" 2>/dev/null || true
		load_pid=
	fi
	rows+="| $name | $([ "$what" = busy ] && echo "one core busy 2 s in every 5" || echo "nothing else running") | $(((t1 - t0) / 60)) min $(((t1 - t0) % 60)) s | $load0 → $load1 |"$'\n'
	[ "$what" = busy ] || ran+=("$hist/$name.fsbench")
	echo "session $name ($what): $((t1 - t0)) s" >&2
}

if [ -z "$check_only" ]; then
	"$fsbench" prepare >"$work/prepare.out" 2>&1 || { cat "$work/prepare.out"; exit 1; }
	for _ in $(seq 1 "$idle"); do session idle; done
	for _ in $(seq 1 "$busy"); do session busy; done
fi
mapfile -t all < <(ls "$hist"/*.fsbench 2>/dev/null | sort)
[ "${#all[@]}" -gt 0 ] || { echo "$0: no result in $hist" >&2; exit 2; }
rc=0
"$work/verdict-check" "${all[@]}" >"$work/check.md" || rc=$?
[ "$rc" -le 1 ] || exit 2

report=$(cat <<MD
## bench/verdict-repro.sh: the latest results

- Date: $(date -u +%Y-%m-%dT%H:%MZ); $(nproc) CPUs, $(uname -r), $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1); fsbench $(git -C "$top" describe --always --dirty 2>/dev/null || echo "?")
- Command: bench/verdict-repro.sh $* (\`fsbench run --image IMG\`, the default plan, as separate sessions; every session's result kept in ${hist#"$top"/}, judged with the sessions before it)
$( [ -n "$rows" ] && printf '\nThis invocation ran:\n\n| session | beside it | wall time | load average before → after |\n|---|---|---:|---|\n%s' "$rows")
$( [ ${#ran[@]} -gt 0 ] && printf '\nThe idle sessions: %s' "$(bench_state "$first_load" "$last_load" "${ran[@]}")")

Every session in ${hist#"$top"/}, oldest first:

$(cat "$work/check.md")
MD
)
echo "$report"
if [ -n "$out" ]; then
	echo "$report" >"$work/section.md"
	bench_section verdict-repro.sh "$out" "$work/section.md" || exit 2
fi
exit "$rc"
