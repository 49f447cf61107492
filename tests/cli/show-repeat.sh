#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench show --raw` of a 3-repetition run: every ratio and every "*" of
# the summary and the per-phase tables, and every mean±CI, agree with
# statistics recomputed independently from the result file
# (tests/helpers/check_report.py, the verdict's round-by-round test in plain
# Python); --raw prints every run as recorded, and each cell's statistics.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
"$FSBENCH" show --ascii --raw "$sample" >"$SCRATCH/show.txt" || fail "show exited $?"
out=$(/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_report.py" show "$sample" "$SCRATCH/show.txt") ||
	{ echo "$out"; fail "show's tables disagree with the result file"; }
note "$out"
# the phase that is 3× slower on XFS by construction is marked, in words too;
# its total is not: the verdict below finds no significant difference
# overall (3 rounds, xfs 2.14× [0.81, 5.67]), and the table judges as the
# verdict does (before, Welch over pooled runs starred it beside that verdict)
grep -qE '^xfs +2\.69 +0\.80 +2\.75 +2\.99\* +2\.14$' "$SCRATCH/show.txt" ||
	fail "xfs summary row: $(grep '^xfs ' "$SCRATCH/show.txt" | head -n 1)"
grep -qF 'No significant difference overall by dead time (real - usr) between ext2, ext4 and xfs' "$SCRATCH/show.txt" ||
	fail "the verdict changed: $(grep -A1 '^Verdict' "$SCRATCH/show.txt" | tail -n 1)"
grep -qF 'xfs: nap 3.0x slower than ext2' "$SCRATCH/show.txt" || fail "verdict misses the nap standout"
# without --raw: no per-run tables
"$FSBENCH" show --ascii "$sample" >"$SCRATCH/plain.txt" || fail "show exited $?"
grep -q 'every repetition' "$SCRATCH/plain.txt" && fail "per-run tables without --raw"
grep -q '+-' "$SCRATCH/plain.txt" || fail "no mean+-CI without --raw"
exit 0
