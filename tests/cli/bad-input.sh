#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Damaged input never crashes fsbench: every truncation of a real result file
# and of the shipped config, and every single-line deletion, either reads
# fine or is refused with exit status 2 and one line naming the file.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
conf=$FSB_SRCDIR/data/fsbench.conf

check() {
	local what=$1 rc lines
	shift
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	case $rc in
	0) ;;
	2)
		lines=$(wc -l <"$SCRATCH/err")
		[ "$lines" -eq 1 ] || { cat "$SCRATCH/err"; fail "$what: $lines error lines, expected one"; }
		grep -q "$SCRATCH/in" "$SCRATCH/err" || { cat "$SCRATCH/err"; fail "$what: the error does not name the file"; }
		;;
	*)
		cat "$SCRATCH/err"
		fail "$what: exit status $rc (crash or wrong status)"
		;;
	esac
}

size=$(stat -c %s "$sample")
n=0
for ((cut = 0; cut < size; cut += 97)); do
	head -c "$cut" "$sample" >"$SCRATCH/in"
	check "result truncated at $cut bytes" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
done
lines=$(wc -l <"$sample")
for ((l = 1; l <= lines; l += 3)); do
	sed "${l}d" "$sample" >"$SCRATCH/in"
	check "result without line $l" "$FSBENCH" show "$SCRATCH/in"
	sed "${l}s/\"/'/" "$sample" >"$SCRATCH/in"
	check "result with a quote changed on line $l" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 2))
done
size=$(stat -c %s "$conf")
for ((cut = 0; cut < size; cut += 211)); do
	head -c "$cut" "$conf" >"$SCRATCH/in"
	check "config truncated at $cut bytes" "$FSBENCH" --config "$SCRATCH/in" list
	n=$((n + 1))
done
# binary garbage
head -c 4096 /dev/urandom >"$SCRATCH/in"
check "random bytes as a result" "$FSBENCH" show "$SCRATCH/in"
check "random bytes as a config" "$FSBENCH" --config "$SCRATCH/in" list
# a directory and a missing file
rm -f "$SCRATCH/in" && mkdir "$SCRATCH/in"
check "a directory as a result" "$FSBENCH" show "$SCRATCH/in"
rmdir "$SCRATCH/in"
check "a missing result" "$FSBENCH" show "$SCRATCH/in"
note "$n damaged inputs handled"
exit 0
