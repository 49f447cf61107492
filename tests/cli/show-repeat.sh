#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench show --raw` of a 3-repetition run: every ratio and every "*" of
# the summary and the per-phase tables, and every mean±CI, agree with
# statistics recomputed independently from the result file
# (tests/helpers/check_report.py, Welch's test in plain Python); --raw
# prints every run as recorded, and each cell's statistics.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
"$FSBENCH" show --ascii --raw "$sample" >"$SCRATCH/show.txt" || fail "show exited $?"
out=$(/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_report.py" show "$sample" "$SCRATCH/show.txt") ||
	{ echo "$out"; fail "show's tables disagree with the result file"; }
note "$out"
# the phase that is 3× slower on XFS by construction is marked, in words too
grep -qE '^xfs +3\.03 +0\.76 +2\.83 +2\.99\* +2\.14\*$' "$SCRATCH/show.txt" || fail "xfs summary row"
grep -qF 'xfs: nap 3.0x slower than ext2' "$SCRATCH/show.txt" || fail "verdict misses the nap standout"
# without --raw: no per-run tables
"$FSBENCH" show --ascii "$sample" >"$SCRATCH/plain.txt" || fail "show exited $?"
grep -q 'every repetition' "$SCRATCH/plain.txt" && fail "per-run tables without --raw"
grep -q '+-' "$SCRATCH/plain.txt" || fail "no mean+-CI without --raw"
exit 0
