#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench export --format markdown` renders as tables: GitHub's own
# renderer (cmark-gfm with its table extension) must find every table of a
# 3-repetition run — summary, per phase and total, per-run and statistics —
# with rows of equal width, and titles such as 'rm -rf $MNT/*' intact
# rather than turned into emphasis.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
need_prog cmark-gfm

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
"$FSBENCH" export --format markdown "$sample" -o "$SCRATCH/a.md" || fail "export exited $?"
# summary + what else counts for the recommendation's use + 4 phases and
# the total + 4 per-run tables + 5 statistics tables + what the disk did
# (all phases, device writes, write amplification)
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_report.py" markdown "$SCRATCH/a.md" 19 \
	Summary 'What else counts for a system disk' 'tar xf' 'cp -a $MNT/* $MNT/z' 'rm -rf $MNT/*' 'rm -rf $MNT/* — every repetition' total ||
	fail "the Markdown does not render as the expected tables"
grep -q '^\*\*Verdict:\*\*$' "$SCRATCH/a.md" || fail "no verdict"
grep -qF '| xfs | 2.69 | 0.80 | 2.75 | 2.99\* | 2.14 |' "$SCRATCH/a.md" ||
	fail "the summary row of xfs is not as show prints it"
exit 0
