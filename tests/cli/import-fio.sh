#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench import` of fio --output-format=json (fixtures made by fio 3.33,
# tests/cli/import/README.md): one filesystem per file, one phase per job
# and direction with bandwidth, IOPS, %CPU and latency percentiles; show,
# the exports, merge and show A B read the result.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

fx=$FSB_SRCDIR/tests/cli/import
two=$fx/fio-two-jobs.json one=$fx/fio-randread.json
out=$SCRATCH/fio.fsbench

"$FSBENCH" import -l ext4,xfs -o "$out" "$two" "$two" >"$SCRATCH/msg" || fail "import exited $?"
grep -qF "$out: fio 3.33, 2 filesystems, 3 phases" "$SCRATCH/msg" || fail "import summary: $(cat "$SCRATCH/msg")"

# every job and direction with I/O, its numbers as fio wrote them
for fs in ext4 xfs; do
	/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_fio_import.py" "$two" "$out" "$fs" >/dev/null ||
		fail "the imported numbers of $fs are not fio's"
done

"$FSBENCH" show --ascii "$out" >"$SCRATCH/show" || fail "show exited $?"
grep -qF 'Throughput, normalized' "$SCRATCH/show" || fail "no normalized throughput table"
grep -qE '^ext4 +seqwrite-write .* IOPS|IOPS +mean +p50 +p95' "$SCRATCH/show" || fail "no IOPS and percentile columns"
grep -qE '^xfs +1\.00 +1\.00 +1\.00' "$SCRATCH/show" || fail "xfs is not 1.00 of the same numbers"

"$FSBENCH" export --format csv -o "$SCRATCH/fio.csv" "$out" || fail "csv export exited $?"
head -1 "$SCRATCH/fio.csv" | grep -q 'lat_p95_us' || fail "the CSV lacks the percentiles"
"$FSBENCH" export --format markdown "$out" | grep -q 'randrw-read' || fail "markdown lacks the phases"
"$FSBENCH" export --format html -o "$SCRATCH/fio.html" "$out" || fail "html export exited $?"

# a second file of another job set: the other filesystem, merged with the first?
# No: not the same workload, and merge says so.
"$FSBENCH" import -l btrfs -o "$SCRATCH/one.fsbench" "$one" >/dev/null || fail "import of one job exited $?"
"$FSBENCH" merge "$out" "$SCRATCH/one.fsbench" -o "$SCRATCH/m.fsbench" 2>"$SCRATCH/err" && fail "merged different jobs"
grep -q 'not the same' "$SCRATCH/err" || fail "merge did not say why: $(cat "$SCRATCH/err")"
[ -e "$SCRATCH/m.fsbench" ] && fail "a refused merge wrote a file"
# the same jobs on another filesystem, another time, merge
sed 's/"timestamp" : [0-9]*/"timestamp" : 1796130000/' "$two" >"$SCRATCH/later.json"
"$FSBENCH" import -l btrfs -o "$SCRATCH/b.fsbench" "$SCRATCH/later.json" >/dev/null || fail "import exited $?"
"$FSBENCH" merge "$out" "$SCRATCH/b.fsbench" -o "$SCRATCH/m.fsbench" >/dev/null || fail "merge exited $?"
"$FSBENCH" show --ascii "$SCRATCH/m.fsbench" | grep -qE '^btrfs +1\.00' || fail "the merged file lacks btrfs"
# show A B by phase name
"$FSBENCH" show --ascii "$out" "$SCRATCH/b.fsbench" | grep -qE '^b\.fsbench +btrfs +1\.00 +1\.00 +1\.00' ||
	fail "show A B of two fio imports"

# last, as it needs a browser: the HTML export works in one (check_html.py
# exits 77 without chromium: this test is skipped then, never passed)
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_html.py" "$SCRATCH/fio.html" --bars 2 --charts 3 >"$SCRATCH/html.out" 2>&1
rc=$?
[ $rc = 77 ] && skip "needs chromium to check the HTML export (apt-get install chromium)"
[ $rc = 0 ] || { cat "$SCRATCH/html.out"; fail "the HTML export does not work in a browser (check_html.py exit $rc)"; }
exit 0
