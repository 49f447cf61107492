#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench import` of bonnie++ CSV: seed 003's six 1.03 lines and a line
# of Debian's bonnie++ 2.00a (tests/cli/import/README.md).  The result is
# an ordinary result file: show prints seed 003's table normalized to ext2,
# +++++ is "not measured" and never a number, the exports and merge read
# it, and `show A B` compares it with fsbench's own built-in phases by
# phase name.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

fx=$FSB_SRCDIR/tests/cli/import
seed=$fx/seed003-bonnie-1.03.csv
sample=$FSB_SRCDIR/data/samples/seed003-bonnie-1.03.fsbench
out=$SCRATCH/s3.fsbench

"$FSBENCH" import --tool-version 1.03 --label ext2,ext3,ext4,reiserfs,jfs,xfs -o "$out" "$seed" >"$SCRATCH/msg" ||
	fail "import of seed 003 exited $?"
grep -qF "$out: bonnie++ 1.03, 6 filesystems, 12 phases" "$SCRATCH/msg" || fail "import summary: $(cat "$SCRATCH/msg")"
grep -q '^source_tool = "bonnie++"$' "$out" && grep -q '^source_version = "1.03"$' "$out" ||
	fail "the source tool and version are not recorded"
[ "$(grep -c 'kind = "imported"' "$out")" -eq 72 ] || fail "expected 6 × 12 imported phases"

# the shipped sample is what this import makes (but for the title and command)
diff <(grep -vE '^(title|command) = ' "$sample") <(grep -vE '^(title|command) = ' "$out") >"$SCRATCH/diff" ||
	fail "data/samples/seed003-bonnie-1.03.fsbench differs from a fresh import: $(head -5 "$SCRATCH/diff")"

# +++++ never becomes a number: every seeks run (all +++++ in seed 003) has
# no rate field, says why, and the CSV export leaves its rate empty
awk '/phase "seeks"/ { s = 1 } s && /^  }/ { s = 0 } s' "$out" >"$SCRATCH/seeks"
[ "$(grep -c 'not_measured = "too fast for bonnie++' "$SCRATCH/seeks")" -eq 6 ] || fail "seeks: not 6 not_measured runs"
grep -qE 'ops_per_s|kib_per_s|cpu_pct' "$SCRATCH/seeks" && fail "a +++++ became a number"

"$FSBENCH" show --ascii "$sample" >"$SCRATCH/show" || fail "show exited $?"
grep -qF 'Built-in I/O phases, normalized' "$SCRATCH/show" || fail "no normalized table"
grep -qF '(ext2 / rate' "$SCRATCH/show" || fail "not normalized to ext2"
grep -qF 'bonnie++ 1.03 (imported)' "$SCRATCH/show" || fail "the source is not shown"
grep -qF 'not measured: too fast for bonnie++' "$SCRATCH/show" || fail "the not-measured note is missing"
# seed 003's numbers: ext2's block write 55322 K/sec, ReiserFS's 5014 → 11.03 times slower
awk '/^Built-in I\/O phases \(bonnie/ { t = 1 } t && /^ext2 / { print; exit }' "$SCRATCH/show" |
	grep -qE '^ext2 +20973 +51 +55322 +18 +52930 +14 +42346 +97 +684496 +98 +not measured' ||
	fail "ext2's row is not seed 003's: $(grep -m1 '^ext2 ' "$SCRATCH/show")"
awk '/normalized$/ { t = 1 } t && /^reiserfs / { print; exit }' "$SCRATCH/show" | grep -qE '^reiserfs +0\.60 +1\.71 +11\.03 ' ||
	fail "reiserfs's normalized row is wrong: $(awk '/normalized$/ { t = 1 } t && /^reiserfs /' "$SCRATCH/show")"
awk '/normalized$/ { t = 1 } t && /^ext2 / { print; exit }' "$SCRATCH/show" | grep -qE '^ext2 +1\.00 +1\.00 +1\.00 ' ||
	fail "ext2 is not the baseline"
grep -E '[0-9]' "$SCRATCH/show" | grep -E '^[a-z0-9]+ ' | grep -q '+++' && fail "a +++++ is printed"

# the exports read it
"$FSBENCH" export --format csv -o "$SCRATCH/s3.csv" "$out" || fail "csv export exited $?"
/usr/bin/python3 - "$SCRATCH/s3.csv" <<'PY' || fail "csv export is wrong"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
assert len(rows) == 72, len(rows)
seeks = [r for r in rows if r["phase"] == "seeks"]
assert len(seeks) == 6 and all(r["ops_per_s"] == "" and r["kib_per_s"] == "" for r in seeks), seeks
bw = {r["filesystem"]: r["kib_per_s"] for r in rows if r["phase"] == "block-write"}
assert bw["ext2"] == "55322" and bw["reiserfs"] == "5014", bw
assert {r["kind"] for r in rows} == {"imported"}
PY
"$FSBENCH" export --format markdown -o "$SCRATCH/s3.md" "$out" || fail "markdown export exited $?"
grep -q 'not measured' "$SCRATCH/s3.md" || fail "markdown lacks 'not measured'"
"$FSBENCH" export --format html -o "$SCRATCH/s3.html" "$out" || fail "html export exited $?"
grep -qF '55322' "$SCRATCH/s3.html" && grep -qF 'not measured' "$SCRATCH/s3.html" || fail "the HTML lacks seed 003's numbers"
grep -v 'it prints +++++' "$SCRATCH/s3.html" | grep -q '+++' && fail "a +++++ is in the HTML"
grep -qF 'id="fsb-end"' "$SCRATCH/s3.html" || fail "the HTML is not complete"

# bonnie++ CSV out and in again: +++++ stays +++++, every number stays
"$FSBENCH" export --format bonnie-csv "$out" >"$SCRATCH/rt.csv" || fail "bonnie-csv export exited $?"
[ "$(grep -o '+++++' "$SCRATCH/rt.csv" | wc -l)" = "$(grep -o '+++++' "$seed" | wc -l)" ] ||
	fail "the bonnie++ CSV export does not give back seed 003's +++++"
"$FSBENCH" import -l ext2,ext3,ext4,reiserfs,jfs,xfs -o "$SCRATCH/rt.fsbench" "$SCRATCH/rt.csv" >/dev/null ||
	fail "import of the exported CSV exited $?"
"$FSBENCH" export --format bonnie-csv "$SCRATCH/rt.fsbench" | diff - "$SCRATCH/rt.csv" >/dev/null ||
	fail "bonnie++ CSV → import → bonnie++ CSV changed something"

# merge: the six lines imported in two halves are one result again
head -3 "$seed" >"$SCRATCH/a.csv"
tail -3 "$seed" >"$SCRATCH/b.csv"
"$FSBENCH" import --tool-version 1.03 -l ext2,ext3,ext4 -o "$SCRATCH/a.fsbench" "$SCRATCH/a.csv" >/dev/null &&
	"$FSBENCH" import --tool-version 1.03 -l reiserfs,jfs,xfs -o "$SCRATCH/b.fsbench" "$SCRATCH/b.csv" >/dev/null ||
	fail "import of the halves failed"
"$FSBENCH" merge "$SCRATCH/a.fsbench" "$SCRATCH/b.fsbench" -o "$SCRATCH/ab.fsbench" >/dev/null ||
	fail "merge of two imports exited $?"
"$FSBENCH" show --ascii "$SCRATCH/ab.fsbench" | grep -qE '^xfs +32657 +76 +187710 ' || fail "the merged file lacks xfs"

# bonnie++ 2.00a (CSV 1.98): machine name as the label, version from the line
"$FSBENCH" import -o "$SCRATCH/b2.fsbench" "$fx/bonnie-2.00a.csv" >/dev/null || fail "import of 2.00a exited $?"
grep -q '^source_version = "2.00a"$' "$SCRATCH/b2.fsbench" || fail "2.00a's version is not recorded"
grep -q '^filesystem "ext4-test" {' "$SCRATCH/b2.fsbench" || fail "the machine field is not the label"
"$FSBENCH" show --ascii "$SCRATCH/b2.fsbench" >"$SCRATCH/b2.show" || fail "show of 2.00a exited $?"
grep -qE '^ext4-test +1292 +60 +not measured' "$SCRATCH/b2.show" || fail "2.00a's row: $(grep -m1 '^ext4-test' "$SCRATCH/b2.show")"
# its latencies: 58665us for char-write, 4043us for block-write (not measured itself)
grep -qE '^ext4-test +char-write .* 58665 us' "$SCRATCH/b2.show" || fail "char-write's latency"
grep -qE '^ext4-test +block-write .*not measured .* 4043 us' "$SCRATCH/b2.show" || fail "block-write's latency"
[ "$(grep -c 'not_measured' "$SCRATCH/b2.fsbench")" -eq 10 ] || fail "2.00a: expected 10 not measured tests"

# show A B: the imported bonnie++ result against fsbench's own built-in phase
cat >"$SCRATCH/own.fsbench" <<'R'
format = 1
tool = "fsbench 0.1.0"
status = "complete"
baseline = "ext4"
filesystem "ext4" {
  phase "block-write" {
    kind = "builtin"
      run { real = 1 kib_per_s = 110644 cpu_pct = 20 }
  }
}
R
"$FSBENCH" show --ascii "$out" "$SCRATCH/own.fsbench" >"$SCRATCH/cmp" || fail "show A B exited $?"
grep -qE '^s3\.fsbench +ext2 +1\.00 *$' "$SCRATCH/cmp" || fail "no ext2 baseline row: $(cat "$SCRATCH/cmp")"
# 55322 / 110644 = 0.50 (throughput: baseline / value)
grep -qE '^own\.fsbench +ext4 +0\.50 *$' "$SCRATCH/cmp" || fail "fsbench's block-write against ext2's: $(cat "$SCRATCH/cmp")"
exit 0
