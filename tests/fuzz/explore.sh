#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Open-ended fuzzing, outside the suite: every harness (or those named) for
# SECONDS each from a random seed (printed, so a find can be repeated),
# with libFuzzer's full feedback, the corpus kept in WORKDIR between runs.
# Every crash, leak, timeout or out-of-memory input found is copied into
# tests/fuzz/regressions as NAME-KIND-HASH.{fsbench,conf}: rename it for
# what it is, fix the bug, and commit both — tests/fuzz/fuzz.sh and
# tests/fuzz/replay.sh replay it on every run of the suite from then on.
#
#   tests/fuzz/explore.sh [-t SECONDS] [-w WORKDIR] [HARNESS…]
#     SECONDS  per harness (default 600)
#     WORKDIR  default ${XDG_CACHE_HOME:-~/.cache}/fsbench-fuzz
#     HARNESS  result, config, render… (default: every tests/fuzz/fuzz_*.c)
set -u
src=$(cd "$(dirname "$0")/../.." && pwd)
secs=600 work=${XDG_CACHE_HOME:-$HOME/.cache}/fsbench-fuzz
while getopts t:w: o; do
	case $o in
	t) secs=$OPTARG ;;
	w) work=$OPTARG ;;
	*) sed -n 's/^#   //p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
build=$work/build
"$src/tests/fuzz/build.sh" "$build" || exit
if [ $# = 0 ]; then
	for h in "$src"/tests/fuzz/fuzz_*.c; do
		h=$(basename "$h" .c)
		set -- "$@" "${h#fuzz_}"
	done
fi
status=0
for name in "$@"; do
	seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
	dir=$work/$name
	mkdir -p "$dir"
	echo "fuzz_$name: ${secs}s from seed $seed (corpus $dir/corpus-$name)"
	"$src/tests/fuzz/run.sh" "$name" "$secs" "$build" "$dir" -seed="$seed" && continue
	status=1
	case $name in config) ext=conf ;; *) ext=fsbench ;; esac
	for c in "$dir"/crash-* "$dir"/leak-* "$dir"/timeout-* "$dir"/oom-*; do
		[ -f "$c" ] || continue
		kind=${c##*/}
		kind=${kind%%-*}
		to=$src/tests/fuzz/regressions/$name-$kind-$(sha1sum "$c" | cut -c1-8).$ext
		cp "$c" "$to" && rm -f "$c"
		echo "fuzz_$name: found $to (seed $seed; log $dir/$name.log)"
	done
done
exit $status
