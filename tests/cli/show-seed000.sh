#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench show` of seed 000's transcribed results must reproduce every
# normalized value the seed published: the summary (dead time) table and the
# five ratios of each per-phase table — 240 numbers, to the last digit.
. "$FSB_TESTLIB"

sample=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
expected=$FSB_SRCDIR/tests/expected/seed000-normalized.txt
out=$SCRATCH/show.txt

"$FSBENCH" show --ascii "$sample" >"$out" || fail "fsbench show exited $?"

# Turn the tables into the expected file's shape: "table fs v1 v2 …".
actual=$SCRATCH/actual.txt
awk '
	BEGIN {
		short["Summary"] = "summary"; short["debootstrap"] = "deb"; short["tar jxf"] = "tar"
		short["make all (after make defconfig)"] = "make"; short["cp -a $MNT/* $MNT/z"] = "cp"
		short["make clean (in kernel)"] = "clean"; short["make all (in kernel with full ccache)"] = "make2"
		short["rm -rf $MNT/*"] = "rm"; short["total"] = "total"
	}
	/^$/ { table = ""; next }
	table == "" && ($0 in short) { table = short[$0]; header = 2; next }
	table != "" && header > 0 { header--; next }   # caption and column heads
	table == "summary" { print "summary", $0; next }
	table != "" { printf "%s %s %s %s %s %s %s\n", table, $1, $3, $5, $7, $9, $11 }
' "$out" | awk '{ $1 = $1; print }' >"$actual"

grep -v '^#' "$expected" | sort >"$SCRATCH/want"
sort "$actual" >"$SCRATCH/got"
n=$(wc -l <"$SCRATCH/want")
[ "$n" -eq 54 ] || fail "expected file has $n rows, not 54"
if ! diff -u "$SCRATCH/want" "$SCRATCH/got"; then
	fail "show does not reproduce the seed's normalized tables (- published, + fsbench)"
fi
values=$(awk '$1 != "summary" { n += NF - 2 } END { print n }' "$SCRATCH/want")
[ "$values" -eq 240 ] || fail "compared $values per-phase ratios, not 240"
note "all 240 per-phase ratios and the 48 summary values reproduced"

# the per-phase tables are sorted by real time, as the seed's are
awk '/^rm -rf/ { t = 1; h = 2; next } t && h { h--; next } t && /^$/ { exit } t { print $1 }' "$out" |
	tr '\n' ' ' | grep -qx 'ext2 reiser ext3 reiser4 xfs jfs ' || fail "rm table not sorted by real time"
exit 0
