#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# --repeat end to end: a 3-repetition tiny run on ext2, ext4 and xfs keeps
# 3 runs per cell in the result file; show prints mean±CI and marks the
# significant differences (recomputed independently, and one made
# significant by construction: a phase that sleeps 20× longer on XFS, a
# gap no hiccup of a busy machine can hide in 3 runs);
# show --raw prints every run; the CSV, Markdown and HTML exports of the
# run load in Python's csv module, GitHub's Markdown renderer and headless
# Chromium.  Repetitions start from a fresh mkfs unless --no-reformat.
. "$FSB_TESTLIB"
need_root
need_prog mkfs.ext2 mkfs.ext4 mkfs.xfs tar
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
need_prog chromium cmark-gfm

check=$FSB_SRCDIR/tests/helpers/check_report.py
test_conf "$FSB_CALM" "$FSB_CALM_CHECK" <<'CONF'
phase "nap" {
  label = "sleep: 2 s on XFS, 0.1 s elsewhere"
  command = 'case $(stat -f -c %T .) in xfs) sleep 2;; *) sleep 0.1;; esac'
}
phase "mark" {
  label = "fails if an earlier repetition left its mark"
  command = 'test ! -e .mark && touch .mark'
}
CONF

res=$SCRATCH/r.fsbench
"$FSBENCH" --config "$conf" run --image "$SCRATCH/t.img" --size 2G --fs ext2,ext4,xfs \
	--phases tar,cp,rm,nap --profile tiny --repeat 3 -o "$res" >"$SCRATCH/run.out" 2>&1 ||
	{ cat "$SCRATCH/run.out"; fail "fsbench run exited $?"; }
assert_no_leftovers "fsbench run --repeat 3"

# the file: 3 filesystems × 4 phases, 3 ok runs each, numbered #1..#3 as they ran
grep -q '^repeat = 3$' "$res" || fail "repeat is not recorded as 3"
for fs in ext2 ext4 xfs; do
	for ph in tar cp rm nap; do
		n=$(runs_of "$res" "$fs" "$ph")
		[ "$n" -eq 3 ] || fail "$fs/$ph has $n runs in the file, expected 3"
	done
	[ "$(grep -cE "^\[[0-9]/3 $fs #[123]\] .* ok$" "$SCRATCH/run.out")" -eq 12 ] ||
		fail "$fs: expected 12 progress lines #1..#3"
done
grep -q 'status = "failed"' "$res" && fail "a run failed"

# show: mean±CI, ratios and stars as recomputed from the file; --raw: every run
"$FSBENCH" show --ascii --raw "$res" >"$SCRATCH/show.txt" || fail "show exited $?"
out=$(/usr/bin/python3 "$check" show "$res" "$SCRATCH/show.txt") || { echo "$out"; fail "show disagrees with the file"; }
note "$out"
awk '/^Summary/ { s = 1; next } s && /^$/ { exit } s' "$SCRATCH/show.txt" >"$SCRATCH/summary"
grep -qE '^xfs( +[0-9]+\.[0-9]{2}\*?){3} +[0-9]+\.[0-9]{2}\* ' "$SCRATCH/summary" ||
	{ cat "$SCRATCH/summary"; fail "xfs's nap is not marked significant"; }
grep -qE '^ext2 +[0-9.]+\+-[0-9.]+ ' "$SCRATCH/show.txt" || fail "no mean+-CI cell"
grep -qE '^  xfs: nap [0-9.]+x slower than ext2 \[[0-9.]+, [0-9.]+\]$' "$SCRATCH/show.txt" || fail "the verdict misses xfs's nap"
[ "$(grep -c ' - every repetition$' "$SCRATCH/show.txt")" -eq 4 ] || fail "expected 4 per-run tables"

# exports
"$FSBENCH" export --format csv "$res" -o "$SCRATCH/r.csv" || fail "export csv exited $?"
out=$(/usr/bin/python3 "$check" csv "$res" "$SCRATCH/r.csv") || { echo "$out"; fail "the CSV disagrees with the file"; }
[ "$out" = "check_report: csv: 36 rows" ] || fail "CSV: $out, expected 36 rows"
# 16: the 15 of the document before issue 10, and the runs in the order they ran
"$FSBENCH" export --format markdown "$res" -o "$SCRATCH/r.md" || fail "export markdown exited $?"
# 16 tables (the run order among them), 4 of what the disk did (all phases, device writes, write
# amplification, stalls: doc/disk.md), the recommendation's "What else counts" (doc/recommend.md),
# and a table of the device over time for each phase that ran
# long enough (half a second) to have one: which do depends on the machine
nseries=$(/usr/bin/python3 -c '
import re, sys
print(len(set(re.findall(r"phase \"([^\"]+)\" \{(?:(?!\n  \}).)*series_step", open(sys.argv[1]).read(), re.S))))' "$res") ||
	fail "cannot count the phases with series"
/usr/bin/python3 "$check" markdown "$SCRATCH/r.md" $((21 + nseries)) Summary 'rm -rf $MNT/*' total \
	'What else counts for a system disk' || fail "the Markdown tables"
"$FSBENCH" export --format html "$res" -o "$SCRATCH/r.html" || fail "export html exited $?"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_html.py" "$SCRATCH/r.html" --bars 3 --charts 7 \
	--shot "$SCRATCH/r.png" >"$SCRATCH/html.out" 2>&1
rc=$?
[ $rc = 77 ] && skip "needs chromium to check the HTML export (apt-get install chromium)"
[ $rc = 0 ] || { cat "$SCRATCH/html.out"; fail "the HTML page does not render as it should (check_html.py exit $rc)"; }

# a fresh filesystem for every repetition by default; --no-reformat keeps it
"$FSBENCH" --config "$conf" run --image "$SCRATCH/m.img" --size 1G --fs ext2 --phases mark \
	--profile tiny --repeat 2 -o "$SCRATCH/m.fsbench" >"$SCRATCH/m.out" 2>&1 ||
	{ cat "$SCRATCH/m.out"; fail "repetitions did not start from a fresh filesystem"; }
"$FSBENCH" --config "$conf" run --image "$SCRATCH/n.img" --size 1G --fs ext2 --phases mark \
	--profile tiny --repeat 2 --no-reformat -o "$SCRATCH/n.fsbench" >"$SCRATCH/n.out" 2>&1
[ $? -eq 1 ] && grep -qE '^\[1/1 ext2 #2\] mark .* failed' "$SCRATCH/n.out" ||
	{ cat "$SCRATCH/n.out"; fail "--no-reformat: the second repetition did not see the first one's file"; }
assert_no_leftovers "fsbench run --no-reformat"
exit 0
