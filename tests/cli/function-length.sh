#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# No function in src/ or ui/ is longer than 100 lines (its header's first
# line to its closing brace): a longer one holds two things, and is split
# along its seams (doc/DESIGN.md).  The house style puts a function's
# header at column 0 and its braces alone at column 0, which is what the
# awk below reads; it is tried on a sample first, so it cannot pass by
# finding nothing.
. "$FSB_TESTLIB"
MAX=100

# long FILE... — "file:line: name() N lines" for every function over MAX
long() {
	awk -v max="$MAX" '
	FNR == 1 { head = ""; start = 0 }
	/^[A-Za-z_].*\(/ && !/;[[:space:]]*$/ && !start { head = $0; headline = FNR }
	/^\{[[:space:]]*$/ && head != "" && !start {
		start = FNR
		name = head
		sub(/\(.*/, "", name)
		n = split(name, w, /[ *]+/)
		name = w[n]
		next
	}
	/^\}/ && start {
		len = FNR - headline + 1
		if (len > max)
			print FILENAME ":" headline ": " name "() " len " lines"
		start = 0
		head = ""
	}' "$@"
}

# the check can fail: a function of MAX + 1 lines is found, one of MAX is not
sample=$SCRATCH/sample.c
{
	printf 'static int too_long(int a,\n\t\t    int b)\n{\n'
	for ((i = 0; i < MAX - 3; i++)); do printf '\ta += b;\n'; done
	printf '}\n\nint just_right(void)\n{\n'
	for ((i = 0; i < MAX - 3; i++)); do printf '\tx++;\n'; done
	printf '}\n'
} >"$sample"
got=$(long "$sample")
[ "$got" = "$sample:1: too_long() $((MAX + 1)) lines" ] || fail "the check does not find its sample: '$got'"

cd "$FSB_SRCDIR" || fail "no source tree"
found=$(long $(find src ui -name '*.c' | sort))
[ -z "$found" ] || fail "functions over $MAX lines (split them along their seams):
$found"
exit 0
