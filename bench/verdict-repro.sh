#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/verdict-repro.sh — does the default plan give the same answer twice?
#
# Runs the plan a new user gets — `fsbench run --image IMG` with no
# profile, repetition or filesystem option — three times: twice with
# nothing else running, once beside a background load that keeps one core
# busy 2 s in every 5 (a desktop's indexer or compiler).  The workloads are
# prepared first (`fsbench prepare`), so each run measures only the plan.
# Prints, side by side, the three verdicts, each run's wall time, rounds and
# disturbed runs, the load average around each run, and whether any two
# verdicts contradict each other (bench/verdict-check.c: different fastest
# filesystems each called significant, or a filesystem significantly slower
# than the baseline in one run and significantly faster in another).
# Exit status 1 on a contradiction.  Needs root; run from a build tree.
#
#   bench/verdict-repro.sh [-o bench/RESULTS.md] [-k DIR]
#     -o: write its own section there; -k: keep the three result files in
#     DIR (bench/phase-cv.sh --from reads a run's per-phase CVs from them)
set -eu
out= keep=
while getopts o:k: o; do
	case $o in
	o) out=$OPTARG ;;
	k) keep=$OPTARG ;;
	*) echo "Usage: $0 [-o RESULTS.md] [-k DIR]" >&2; exit 2 ;;
	esac
done
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
fsbench=${FSBENCH:-$top/fsbench}
# shellcheck source=bench/section.sh
. "$here/section.sh"
bench_need
work=$(mktemp -d /var/tmp/fsbench-verdict.XXXXXX)
load_pid=
cleanup() {
	[ -n "$load_pid" ] && kill -- -"$load_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cc -O2 -I"$top/src" -I"$top" "$here/verdict-check.c" "$top/libfsbench.a" \
	$(pkg-config --libs libconfuse json-c sqlite3 mount blkid) -lm -o "$work/verdict-check"
cp /bin/sh "$work/background"
"$fsbench" prepare >"$work/prepare.out" 2>&1 || { cat "$work/prepare.out"; exit 1; }

# one core busy 2 s in every 5, in a process group of its own
start_load() {
	setsid bash -c "while :; do timeout 2 '$work/background' -c 'while :; do :; done'; sleep 3; done" \
		</dev/null >/dev/null 2>&1 &
	load_pid=$!
}

rows=
for i in 1 2 3; do
	what="nothing else running"
	if [ "$i" = 3 ]; then
		what="one core busy 2 s in every 5"
		start_load
	fi
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	t0=$(date +%s)
	"$fsbench" run --image "$work/v.img" -o "$work/r$i.fsbench" >"$work/run$i.out" 2>&1 ||
		{ tail -n 20 "$work/run$i.out"; exit 1; }
	t1=$(date +%s)
	load1=$(cut -d' ' -f1-3 /proc/loadavg)
	if [ -n "$load_pid" ]; then
		kill -- -"$load_pid" 2>/dev/null || true
		load_pid=
	fi
	ended=$(sed -n 's/^ended = "\(.*\)"/\1/p' "$work/r$i.fsbench" | head -n 1)
	rows+="| $i | $what | $(((t1 - t0) / 60)) min $(((t1 - t0) % 60)) s | ${ended:-—} | $load0 → $load1 |"$'\n'
	echo "run $i ($what): $((t1 - t0)) s" >&2
done
[ -z "$keep" ] || { mkdir -p "$keep" && cp "$work"/r?.fsbench "$work"/run?.out "$keep"/; }
rc=0
"$work/verdict-check" "$work"/r1.fsbench "$work"/r2.fsbench "$work"/r3.fsbench >"$work/check.md" || rc=$?
[ "$rc" -le 1 ] || exit 2

report=$(cat <<MD
## bench/verdict-repro.sh: the latest results

- Date: $(date -u +%Y-%m-%dT%H:%MZ); $(nproc) CPUs, $(uname -r), fsbench $(git -C "$top" describe --always --dirty 2>/dev/null || echo "?")
- Command: bench/verdict-repro.sh (\`fsbench run --image IMG\`, the default plan, three times)

| run | beside it | wall time | how it ended | load average before → after |
|---|---|---:|---|---|
${rows}
$(cat "$work/check.md")
MD
)
echo "$report"
if [ -n "$out" ]; then
	echo "$report" >"$work/section.md"
	bench_section verdict-repro.sh "$out" "$work/section.md" || exit 2
fi
exit "$rc"
