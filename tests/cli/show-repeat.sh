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
# a crafted file whose xfs nap takes 1e150 s in two rounds: its ratio is
# written as the tables write it, in the chart too (not 151 digits)
/usr/bin/python3 - "$sample" "$SCRATCH/huge.fsbench" <<'PY' || fail "could not craft the file"
import re, sys
s = open(sys.argv[1], encoding="utf-8").read()
j = s.index('phase "nap"', s.index('filesystem "xfs"'))
k = s.index("\n  }", j)
vals = iter(["1e150", "1e-150", "1e150"])
s = s[:j] + re.sub(r"real = [0-9.e+-]+", lambda m: "real = " + next(vals), s[j:k], count=3) + s[k:]
open(sys.argv[2], "w", encoding="utf-8").write(s)
PY
"$FSBENCH" show --ascii "$SCRATCH/huge.fsbench" >"$SCRATCH/huge.txt" || fail "show of the crafted file exited $?"
grep -qE '^xfs +#+ +[0-9.]+e\+[0-9]+\*?$' "$SCRATCH/huge.txt" ||
	fail "the chart's huge ratio: $(grep -E '^xfs +#' "$SCRATCH/huge.txt" | head -n 1 | cut -c1-120)"
grep -qE '[0-9]{30}' "$SCRATCH/huge.txt" && fail "a number of 30 digits: $(grep -oE '[0-9]{30}' "$SCRATCH/huge.txt" | head -n 1)"
exit 0
