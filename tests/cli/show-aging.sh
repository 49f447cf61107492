#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A result of `fsbench run --age` (tests/fixtures/aging-3fs.fsbench: ext4,
# xfs, btrfs, three repetitions) shows an "Aging" section everywhere: `show`
# prints the aging factors and extents per file of every filesystem and a
# sentence each; the summary, the total and the verdict stay the desktop
# phase's (tar) alone; `show --raw` prints every aging run's fields; `show
# --json` has the section's blocks, validates against the schema and says
# what the text says; Markdown and HTML have the same section; the CSV has
# the layout fields; the SVG export draws a read's factors.  A result
# without aging phases has no such section.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
	skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
export LC_ALL=C.UTF-8

f=$FSB_SRCDIR/tests/fixtures/aging-3fs.fsbench
"$FSBENCH" show "$f" >"$SCRATCH/show.txt" || fail "show exited $?"
grep -qx 'Aging' "$SCRATCH/show.txt" || fail "no Aging heading"
grep -qx 'Aging factors' "$SCRATCH/show.txt" || fail "no aging factors table"
grep -qx 'Layout after aging and fresh' "$SCRATCH/show.txt" || fail "no layout table"
for fs in ext4 xfs btrfs; do
	# factors row: name, aged s, fresh s, grep factor, interval, then stat
	grep -qE "^$fs +[0-9.]+±[0-9.]+ +[0-9.]+±[0-9.]+ +[0-9]\.[0-9]{2}\*? +\[[0-9.]+, [0-9.]+\] " "$SCRATCH/show.txt" ||
		fail "no aging factors row for $fs"
	# layout row: name, files, extents per file aged and fresh
	grep -qE "^$fs +2400 +[0-9]\.[0-9]{2} +1\.0[0-9] " "$SCRATCH/show.txt" || fail "no extents per file row for $fs"
	grep -qE "^$fs: reading the tree " "$SCRATCH/show.txt" || fail "no sentence for $fs"
done
grep -qE '^btrfs: reading the tree took 2\.[0-9]{2}× as long after aging \(95% interval [0-9.]+ to [0-9.]+\); fresh it was the fastest, aged the slowest;' \
	"$SCRATCH/show.txt" || fail "btrfs's sentence"
grep -qE '^ext4: .*walking it \(stat\): no measurable aging \(1\.[0-9]{2}×' "$SCRATCH/show.txt" ||
	fail "ext4's stat walk is not 'no measurable aging'"
grep -qE '^grep -r of the tree aged, dead time \(real - usr\) — relative to fresh \(> 1 = slower\)$' "$SCRATCH/show.txt" ||
	fail "no grep chart"
# the desktop phases run aged and fresh: their table, a chart each, a clause each
grep -qx 'Desktop phases, aged against fresh' "$SCRATCH/show.txt" || fail "no desktop phases table"
for fs in ext4 xfs btrfs; do
	grep -qE "^$fs +([0-9]\.[0-9]{2}\*? +\[[0-9.]+, [0-9.]+\] +){2}[0-9]\.[0-9]{2}\*? +\[[0-9.]+, [0-9.]+\]$" \
		"$SCRATCH/show.txt" || fail "no desktop factors row for $fs"
done
grep -qE '^btrfs +1\.3[0-9]\* .* 1\.99\* +\[1\.9[0-9], 2\.[0-9]{2}\] ' "$SCRATCH/show.txt" || fail "btrfs's make2 and cp factors"
for t in 'make2 \(full ccache\)' 'cp -a of the tree' 'rm -rf of the copy'; do
	grep -qE "^$t aged, dead time" "$SCRATCH/show.txt" || fail "no chart: $t"
done
grep -qE '^btrfs: .*; copying the tree took 1\.99× as long after aging \(95% interval' "$SCRATCH/show.txt" ||
	fail "btrfs's cp clause"
grep -qE '^ext4: .*; deleting the copy: no measurable aging \(1\.0[0-9]×' "$SCRATCH/show.txt" ||
	fail "ext4's rm is not 'no measurable aging'"
# btrfs reports no free space: a dash, and a note that says why
grep -qE '^btrfs +2400 +3\.[0-9]{2} +1\.0[0-9] .* 8 / 96 +— +— +— +— +— +81%' "$SCRATCH/show.txt" || fail "btrfs's free space is not '—'"
grep -q 'not reported: no tool reports' "$SCRATCH/show.txt" || fail "no note on what is not reported"
# aging is in no total: the summary's columns are tar and total, no built-in group
grep -qE '^FS +tar +total *$' "$SCRATCH/show.txt" || fail "the summary has more than tar and total"
grep -qx 'Built-in I/O phases' "$SCRATCH/show.txt" && fail "the aging phases shown as built-in I/O phases"
grep -q 'aging phases — every repetition' "$SCRATCH/show.txt" && fail "per-run aging table without --raw"

# --raw: every aging run with its fields (108 rows: 3 fs × 12 phases × 3 runs)
"$FSBENCH" show --raw "$f" >"$SCRATCH/raw.txt" || fail "show --raw exited $?"
grep -qx 'aging phases — every repetition' "$SCRATCH/raw.txt" || fail "no aging runs table in --raw"
n=$(grep -cE '^(ext4|xfs|btrfs) +(age|refresh|(aged|fresh)-(grep|stat|make2|cp|rm)) +[1-3] ' "$SCRATCH/raw.txt")
[ "$n" -eq 108 ] || fail "--raw has $n aging runs, not 108"
grep -qE '^xfs +aged-grep +2 .*set aside: disturbed' "$SCRATCH/raw.txt" || fail "the disturbed run is not marked"
grep -qE '^ext4 +age +1 .* 80\.1% ' "$SCRATCH/raw.txt" || fail "age's fullness not in --raw"
grep -qE '^btrfs +aged-stat +2 .* 3\.60 +52\.0% +— +—' "$SCRATCH/raw.txt" || fail "btrfs's aged layout in --raw"

# JSON: the section's blocks, valid, number for number the text
"$FSBENCH" show --json "$f" >"$SCRATCH/show.json" || fail "show --json exited $?"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$FSB_SRCDIR/doc/fsbench.schema.json" \
	"$SCRATCH/show.json" || fail "show --json does not validate"
/usr/bin/python3 "$FSB_SRCDIR/tests/helpers/json_vs_text.py" "$SCRATCH/show.json" "$SCRATCH/show.txt" \
	>"$SCRATCH/n" || fail "the JSON differs from the text"
note "$(cat "$SCRATCH/n")"
/usr/bin/python3 - "$SCRATCH/show.json" <<'PY' || fail "show --json's Aging section"
import json, sys
doc, = json.load(open(sys.argv[1]))["documents"]
b = doc["blocks"]
roles = [x["role"] for x in b]
assert roles.count("aging") == 2 and roles.count("aging-chart") == 5, roles
assert roles.count("aging-layout") == 1 and roles.count("aging-words") == 3, roles
assert any(x["type"] == "heading" and x["text"] == "Aging" for x in b)
t, dt = [x for x in b if x["role"] == "aging"]
assert t["id"] == "aging" and dt["id"] == "aging-desktop", (t["id"], dt["id"])
drows = {r[0]["text"]: r for r in dt["rows"][dt["header_rows"]:]}
assert drows["btrfs"][3]["value"] > 1.9 and drows["btrfs"][3]["significant"], drows["btrfs"][3]
assert not drows["ext4"][5]["significant"], drows["ext4"][5]
rows = {r[0]["text"]: r for r in t["rows"][t["header_rows"]:]}
assert set(rows) == {"ext4", "xfs", "btrfs"}, rows.keys()
g = rows["btrfs"][3]
assert g["value"] > 2.2 and g["significant"] and g["worse"], g
charts = [x for x in b if x["role"] == "aging-chart"]
assert [c["phase"] for c in charts] == ["aged-grep", "aged-stat", "aged-make2", "aged-cp", "aged-rm"], charts
bars = {x["label"]: x for x in charts[0]["bars"]}
assert abs(bars["btrfs"]["value"] - g["value"]) < 1e-12 and bars["btrfs"]["lo"] < g["value"] < bars["btrfs"]["hi"]
lay = next(x for x in b if x["role"] == "aging-layout")
lrows = {r[0]["text"]: r for r in lay["rows"][lay["header_rows"]:]}
assert lrows["btrfs"][7]["value"] is None and lrows["btrfs"][7]["missing"]
assert lrows["ext4"][2]["value"] > lrows["ext4"][3]["value"] > 1
summary = next(x for x in b if x["role"] == "summary")
assert [c["text"] for c in summary["rows"][0]] == ["FS", "tar", "total"], summary["rows"][0]
PY

# Markdown and HTML: the same section (doc_sections.py: headings, tables, charts, numbers)
sk=$FSB_SRCDIR/tests/helpers/doc_sections.py
"$FSBENCH" export --format markdown "$f" -o "$SCRATCH/a.md" || fail "export markdown exited $?"
"$FSBENCH" export --format html "$f" -o "$SCRATCH/a.html" || fail "export html exited $?"
/usr/bin/python3 "$sk" text "$f" "$SCRATCH/raw.txt" >"$SCRATCH/raw.sk" || fail "doc_sections on show --raw"
/usr/bin/python3 "$sk" markdown "$f" "$SCRATCH/a.md" >"$SCRATCH/md.sk" || fail "doc_sections on markdown"
/usr/bin/python3 "$sk" html "$f" "$SCRATCH/a.html" >"$SCRATCH/html.sk" || fail "doc_sections on html"
grep -qx 'H Aging' "$SCRATCH/raw.sk" || fail "doc_sections finds no Aging group"
grep -qx 'T Aging factors' "$SCRATCH/md.sk" || fail "no aging factors in the Markdown"
grep -q '^C grep -r of the tree aged' "$SCRATCH/html.sk" || fail "no aging chart in the HTML"
diff -u "$SCRATCH/raw.sk" "$SCRATCH/md.sk" || fail "markdown differs from show --raw"
diff -u "$SCRATCH/raw.sk" "$SCRATCH/html.sk" || fail "html differs from show --raw"

# CSV: every run with the layout fields; SVG: a read's factors
"$FSBENCH" export --format csv "$f" -o "$SCRATCH/a.csv" || fail "export csv exited $?"
/usr/bin/python3 - "$SCRATCH/a.csv" <<'PY' || fail "the CSV lacks the aging runs' fields"
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
st = [r for r in rows if r["phase"] == "aged-stat"]
assert len(st) == 9, len(st)
assert all(r["extents_per_file"] for r in st)
assert all(r["free_extents"] == "" for r in st if r["filesystem"] == "btrfs")
assert all(r["free_extents"] for r in st if r["filesystem"] != "btrfs")
assert all(r["fullness"] for r in rows if r["phase"] == "age")
PY
"$FSBENCH" export --format svg --phase aged-grep "$f" -o "$SCRATCH/a.svg" || fail "export svg --phase aged-grep exited $?"
grep -q 'grep -r of the tree aged' "$SCRATCH/a.svg" || fail "the SVG is not the aging chart"

# an aged side whose mean is not clearly above 0 (ext4's aged grep: dead
# times 0.09, 1.09 and 2.09 s): Fieller's set would reach below 0, which
# no ratio of times can — the interval is "not measurable" in the table,
# the sentence, the JSON and the HTML, never a negative bound
/usr/bin/python3 - "$f" "$SCRATCH/noisy.fsbench" <<'PY' || fail "the fixture could not be made noisy"
import re, sys
text = open(sys.argv[1]).read()
def noisy(text, fs, phase, reals):
    ph = text.index('  phase "%s" {' % phase, text.index('filesystem "%s" {' % fs))
    end = text.index('\n  }\n', ph)
    runs = iter(reals)
    body = re.sub(r"run \{ real = [0-9.]+ ", lambda m: "run { real = %s " % next(runs), text[ph:end])
    assert next(runs, None) is None
    return text[:ph] + body + text[end:]
text = noisy(text, "ext4", "aged-grep", ["0.2", "1.2", "2.2"])
text = noisy(text, "xfs", "tar", ["0.3", "1.3", "2.3"])   # user 0.21: the same dead times
open(sys.argv[2], "w").write(text)
PY
"$FSBENCH" show "$SCRATCH/noisy.fsbench" >"$SCRATCH/noisy.txt" || fail "show of the noisy result exited $?"
grep -qE '^ext4 +[0-9.]+±[0-9.]+ +[0-9.]+±[0-9.]+ +[0-9]\.[0-9]{2}\*? +not measurable ' "$SCRATCH/noisy.txt" ||
	{ grep -E '^(FS|ext4) ' "$SCRATCH/noisy.txt" | head -3; fail "ext4's aged grep interval is not 'not measurable'"; }
grep -qE '^ext4: reading the tree: no measurable aging \([0-9.]+×, 95% interval not measurable\)' "$SCRATCH/noisy.txt" ||
	{ grep '^ext4:' "$SCRATCH/noisy.txt"; fail "ext4's sentence does not say the interval is not measurable"; }
grep -E '\[-[0-9]|, -[0-9.]+\]| -[0-9.]+ to ' "$SCRATCH/noisy.txt" && fail "a ratio's interval below zero"
# …and xfs's tar against the baseline ext4 the same, in the statistics table
"$FSBENCH" show --raw "$SCRATCH/noisy.fsbench" >"$SCRATCH/noisy-raw.txt" || fail "show --raw of the noisy result exited $?"
grep -qE '^xfs +3 +0 +1\.09 .* not measurable +0\.[0-9]{3}$' "$SCRATCH/noisy-raw.txt" ||
	{ grep -E '^(Filesystem|xfs) +[0-9r]' "$SCRATCH/noisy-raw.txt" | head -4; fail "xfs's tar ratio interval is not 'not measurable'"; }
grep -E '\[-[0-9]|, -[0-9.]+\]' "$SCRATCH/noisy-raw.txt" && fail "a ratio's interval below zero in show --raw"
"$FSBENCH" show --json "$SCRATCH/noisy.fsbench" >"$SCRATCH/noisy.json" || fail "show --json of the noisy result exited $?"
/usr/bin/python3 - "$SCRATCH/noisy.json" <<'PY' || fail "the JSON does not say 'not measurable'"
import json, sys
doc, = json.load(open(sys.argv[1]))["documents"]
t = next(x for x in doc["blocks"] if x["role"] == "aging")
row = next(r for r in t["rows"][t["header_rows"]:] if r[0]["text"] == "ext4")
assert row[4]["text"] == "not measurable" and row[4]["value"] is None, row[4]
bars = {b["label"]: b for b in next(x for x in doc["blocks"] if x["role"] == "aging-chart")["bars"]}
assert bars["ext4"]["lo"] is None and bars["ext4"]["hi"] is None, bars["ext4"]
words = [x for x in doc["blocks"] if x["role"] == "aging-words"]
assert any("95% interval not measurable" in json.dumps(w) for w in words), words
PY
"$FSBENCH" export --format html "$SCRATCH/noisy.fsbench" -o "$SCRATCH/noisy.html" || fail "export html of the noisy result exited $?"
grep -q '>not measurable<' "$SCRATCH/noisy.html" || fail "the HTML table does not say 'not measurable'"
grep -q '95% interval not measurable' "$SCRATCH/noisy.html" || fail "the HTML sentence does not say 'not measurable'"

# without aging phases: no section
"$FSBENCH" show "$FSB_SRCDIR/tests/fixtures/bonnie-tiny.fsbench" >"$SCRATCH/none.txt" || fail "show exited $?"
grep -qxE 'Aging|Aging factors' "$SCRATCH/none.txt" && fail "an Aging section without aging phases"
exit 0
