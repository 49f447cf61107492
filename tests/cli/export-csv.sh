#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench export --format csv` of a 3-repetition run (a real one, kept as a
# sample) is tidy data: Python's csv module reads it back with one row per
# run and every field equal to the result file's; two files give the rows
# of both, each labelled with its file.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

sample=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
check=$FSB_SRCDIR/tests/helpers/check_report.py

"$FSBENCH" export --format csv "$sample" -o "$SCRATCH/a.csv" || fail "export exited $?"
/usr/bin/python3 "$check" csv "$sample" "$SCRATCH/a.csv" || fail "the CSV does not match the result file"
# 3 filesystems × 4 phases × 3 repetitions, plus the header
[ "$(grep -c $'\r$' "$SCRATCH/a.csv")" -eq 37 ] || fail "expected 37 CRLF records"

# to standard output, and several files: one header, the rows of each
cp "$sample" "$SCRATCH/b.fsbench"
"$FSBENCH" export --format csv "$sample" "$SCRATCH/b.fsbench" >"$SCRATCH/ab.csv" || fail "export of two files exited $?"
/usr/bin/python3 - "$SCRATCH/ab.csv" <<'PY' || fail "two-file CSV is wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
files = sorted({r["file"] for r in rows})
assert files == ["b.fsbench", "repeat3-tiny.fsbench"], files
assert len(rows) == 72, len(rows)
# the derived columns are there and consistent
assert all(abs(float(r["dead"]) - (float(r["real"]) - float(r["user"]))) < 1e-9 for r in rows)
assert {r["outlier_dead"] for r in rows} <= {"0", "1"}
PY

# --metric names the outlier column
"$FSBENCH" export --format csv --metric real "$sample" | head -1 | grep -q ',outlier_real,' ||
	fail "--metric real does not name the outlier column"
exit 0
