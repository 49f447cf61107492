#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# One document behind every output: `fsbench show --raw`, `export --format
# markdown` and `export --format html` of the same file have the same
# sections in the same order with the same numbers (group headings, table
# titles and the numbers of their rows, charts and their bars, the verdict,
# the program versions: tests/helpers/doc_sections.py), and `show` without
# --raw is the same less the per-repetition and statistics tables.  For
# seed 000's sample, the 3-repetition sample, a real run of built-in
# phases (tests/fixtures/bonnie-tiny.fsbench) and a run with aging
# (tests/fixtures/aging-3fs.fsbench: its Aging group, below) and a crash
# run (tests/fixtures/crash-4fs.fsbench: its Crash consistency group).
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"

export LC_ALL=C.UTF-8
sk=$FSB_SRCDIR/tests/helpers/doc_sections.py

for f in data/samples/seed000-desktop-2.6.3.fsbench data/samples/repeat3-tiny.fsbench \
	tests/fixtures/bonnie-tiny.fsbench tests/fixtures/aging-3fs.fsbench tests/fixtures/crash-4fs.fsbench; do
	src=$FSB_SRCDIR/$f
	b=$SCRATCH/$(basename "$f" .fsbench)
	"$FSBENCH" show "$src" >"$b.txt" || fail "show $f exited $?"
	"$FSBENCH" show --raw "$src" >"$b.raw.txt" || fail "show --raw $f exited $?"
	"$FSBENCH" export --format markdown "$src" -o "$b.md" || fail "export markdown $f exited $?"
	"$FSBENCH" export --format html "$src" -o "$b.html" || fail "export html $f exited $?"
	/usr/bin/python3 "$sk" text "$src" "$b.txt" >"$b.sk" || fail "doc_sections on show $f"
	/usr/bin/python3 "$sk" text "$src" "$b.raw.txt" >"$b.raw.sk" || fail "doc_sections on show --raw $f"
	/usr/bin/python3 "$sk" markdown "$src" "$b.md" >"$b.md.sk" || fail "doc_sections on markdown $f"
	/usr/bin/python3 "$sk" html "$src" "$b.html" >"$b.html.sk" || fail "doc_sections on html $f"
	# a crash-only result: its table, its runs and their order
	min=5 && [ "${b##*/}" = crash-4fs ] && min=3
	[ "$(grep -c '^T ' "$b.raw.sk")" -ge $min ] || { cat "$b.raw.sk"; fail "$f: fewer than $min tables found in show --raw"; }
	diff -u "$b.raw.sk" "$b.md.sk" || fail "$f: markdown differs from show --raw (- show, + markdown)"
	diff -u "$b.raw.sk" "$b.html.sk" || fail "$f: html differs from show --raw (- show, + html)"
	# without --raw: the same less each per-repetition and statistics table,
	# and the runs in the order they ran (files that record it)
	awk '/^T (.*( — every repetition| — .*statistics)|Runs in the order they ran)$/ { skip = 1; next } skip && /^N / { skip = 0; next } { skip = 0; print }' \
		"$b.raw.sk" >"$b.want.sk"
	diff -u "$b.want.sk" "$b.sk" || fail "$f: show differs from show --raw less the raw tables"
	grep -q '^H How it was measured$' "$b.sk" || fail "$f: no 'How it was measured'"
done
s=$SCRATCH/repeat3-tiny
grep -q '^T total — .*statistics$' "$s.md.sk" || fail "no statistics table of the total in the Markdown"
grep -q '^T Summary$' "$s.html.sk" || fail "no summary in the HTML"
grep -q '^V$' "$s.md.sk" || fail "no verdict in the Markdown"
s=$SCRATCH/aging-3fs
grep -q '^H Aging$' "$s.html.sk" || fail "no Aging group in the HTML"
grep -q '^T Aging factors$' "$s.md.sk" || fail "no aging factors in the Markdown"
grep -q '^T Layout after aging and fresh$' "$s.md.sk" || fail "no layout table in the Markdown"
grep -q '^C stat walk of the tree aged' "$s.sk" || fail "no aging chart in show"
grep -q '^T aging phases — every repetition$' "$s.sk" && fail "the aging runs table without --raw"
s=$SCRATCH/crash-4fs
grep -q '^H Crash consistency$' "$s.html.sk" || fail "no Crash consistency group in the HTML"
grep -q '^T What survives a power loss$' "$s.md.sk" || fail "no crash table in the Markdown"
grep -q '^T crash phase — every repetition$' "$s.sk" && fail "the crash runs table without --raw"
s=$SCRATCH/bonnie-tiny
grep -q '^H Aging$' "$s.raw.sk" && fail "an Aging group without aging phases"
grep -q '^H Crash consistency$' "$s.raw.sk" && fail "a Crash consistency group without crash runs"
grep -q '^T What every rate is made of$' "$s.md.sk" || fail "no latency table in the Markdown"
grep -q '^P mkfs.xfs version 6.1.0$' "$s.md.sk" || fail "no program versions in the Markdown"
grep -q '^C block-write, throughput' "$s.md.sk" || fail "no chart in the Markdown"

# the comparison must see a difference: one table less, one number changed;
# the helper reads the broken page (exit 0) and its skeleton differs in
# exactly what was broken — a helper that crashed would "differ" too
s=$SCRATCH/repeat3-tiny
awk '/^\*\*rm -rf/ { drop = 1 } drop && /^$/ && ++blank == 2 { drop = 0; next } !drop' "$s.md" >"$s.bad.md"
cmp -s "$s.md" "$s.bad.md" && fail "the rm table could not be cut out of the Markdown"
/usr/bin/python3 "$sk" markdown "$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench" "$s.bad.md" >"$s.bad.sk" ||
	fail "doc_sections on the Markdown without the rm table exited $?"
diff "$s.raw.sk" "$s.bad.sk" >"$s.diff" && fail "a Markdown without the rm table compares equal"
# only lines of the skeleton gone, among them the rm table's title
grep -q '^>' "$s.diff" && { cat "$s.diff"; fail "a Markdown less one table has lines of its own"; }
grep -qE '^< T rm -rf' "$s.diff" || { cat "$s.diff"; fail "the missing rm table is not what differs"; }
sed 's|>2\.99\*<|>2.98*<|' "$s.html" >"$s.bad.html"
cmp -s "$s.html" "$s.bad.html" && fail "the ratio 2.99* could not be changed in the HTML"
/usr/bin/python3 "$sk" html "$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench" "$s.bad.html" >"$s.bad.sk" ||
	fail "doc_sections on the HTML with a changed ratio exited $?"
diff "$s.raw.sk" "$s.bad.sk" >"$s.diff" && fail "an HTML with a changed ratio compares equal"
# line for line the same but for 2.99 → 2.98 (each place the ratio stands)
[ "$(grep -c '^<' "$s.diff")" -ge 1 ] && [ "$(grep -c '^<' "$s.diff")" -eq "$(grep -c '^>' "$s.diff")" ] &&
	[ "$(sed -n 's/^< //p' "$s.diff" | sed 's/2\.99/2.98/g')" = "$(sed -n 's/^> //p' "$s.diff")" ] ||
	{ cat "$s.diff"; fail "the changed ratio is not the one difference"; }
exit 0
