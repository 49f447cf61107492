#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Damaged input never crashes fsbench and is never taken for a result: every
# truncation of a real result file (the file is one section, so a cut one
# always ends inside it), random bytes, a directory and a missing file are
# refused with exit status 2 and one line naming the file; so is every
# change of a quote (a string opened with one quote and closed with the
# other); a single-line deletion and a truncation of the
# shipped config (a cut at a section's end can leave a valid config) either
# read fine or are refused that way.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
conf=$FSB_SRCDIR/data/fsbench.conf

# check refuse|either WHAT COMMAND…: refuse — the input must be refused;
# either — read or refused, nothing else
check() {
	local want=$1 what=$2 rc lines
	shift 2
	"$@" >"$SCRATCH/out" 2>"$SCRATCH/err"
	rc=$?
	case $rc in
	0)
		[ "$want" = either ] || { cat "$SCRATCH/out"; fail "$what: accepted (exit status 0), expected a refusal (2)"; }
		;;
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
	check refuse "result truncated at $cut bytes" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
done
lines=$(wc -l <"$sample")
for ((l = 1; l <= lines; l += 3)); do
	sed "${l}d" "$sample" >"$SCRATCH/in"
	check either "result without line $l" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
	sed "${l}s/\"/'/" "$sample" >"$SCRATCH/in"
	# a string opened with one quote and closed with another never closes
	cmp -s "$sample" "$SCRATCH/in" && continue
	check refuse "result with a quote changed on line $l" "$FSBENCH" show "$SCRATCH/in"
	n=$((n + 1))
done
size=$(stat -c %s "$conf")
for ((cut = 0; cut < size; cut += 211)); do
	head -c "$cut" "$conf" >"$SCRATCH/in"
	check either "config truncated at $cut bytes" "$FSBENCH" --config "$SCRATCH/in" list
	n=$((n + 1))
done
# binary garbage
head -c 4096 /dev/urandom >"$SCRATCH/in"
check refuse "random bytes as a result" "$FSBENCH" show "$SCRATCH/in"
check refuse "random bytes as a config" "$FSBENCH" --config "$SCRATCH/in" list
# a directory and a missing file
rm -f "$SCRATCH/in" && mkdir "$SCRATCH/in"
check refuse "a directory as a result" "$FSBENCH" show "$SCRATCH/in"
check refuse "a directory as a config" "$FSBENCH" --config "$SCRATCH/in" list
rmdir "$SCRATCH/in"
check refuse "a missing result" "$FSBENCH" show "$SCRATCH/in"
check refuse "a missing config" "$FSBENCH" --config "$SCRATCH/in" list
note "$n damaged inputs handled"
exit 0
