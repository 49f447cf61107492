#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench export --format svg` writes one chart as a standalone SVG file:
# an XML parser reads it, its root is an SVG element, it holds exactly one
# bar chart whose bars are the chart's of `show --json` (label, value, the
# text beside the bar) with widths in proportion to the values; --phase
# picks the chart; a phase without one, several files, or --phase with
# another format exit 2 and leave no file behind.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
export LC_ALL=C.UTF-8

seed=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
rep=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench
bonnie=$FSB_SRCDIR/data/samples/seed003-bonnie-1.03.fsbench

# check SVG JSON PHASE — the SVG's bars are the JSON's chart of PHASE
check() {
	/usr/bin/python3 - "$@" <<'PY'
import json, re, sys
import xml.etree.ElementTree as ET
svg_path, json_path, phase = sys.argv[1:4]
NS = "{http://www.w3.org/2000/svg}"
raw = open(svg_path, encoding="utf-8").read()
assert raw.startswith('<?xml version="1.0" encoding="UTF-8"?>'), raw[:60]
root = ET.fromstring(raw.encode())
assert root.tag == NS + "svg", root.tag
assert int(root.get("width")) > 0 and int(root.get("height")) > 0
charts = [e for e in root.iter(NS + "svg") if "chart" in (e.get("class") or "").split()]
assert len(charts) == 1, "%d charts" % len(charts)
chart = charts[0]
doc = json.load(open(json_path))["documents"][0]
want = next(b for b in doc["blocks"] if b["type"] == "chart" and b["phase"] == phase)
assert root.find(NS + "title").text == want["title"], (root.find(NS + "title").text, want["title"])
bars = [r for r in chart.iter(NS + "rect") if "bar" in (r.get("class") or "").split()]
drawn = [b for b in want["bars"] if b["value"] is not None]
assert len(bars) == len(drawn) >= 2, (len(bars), len(drawn))
values = [t.text for t in chart.iter(NS + "text") if t.get("class") == "value"]
labels = [t.text for t in chart.iter(NS + "text") if t.get("class") == "label"]
assert labels == [b["label"] for b in want["bars"]], labels
assert values == [b["text"] for b in want["bars"]], values
area = None
for rect, b in zip(bars, drawn):
    label, value = re.match(r"(.*): (-?[\d.]+)", rect.find(NS + "title").text).groups()
    assert label == b["label"] and abs(float(value) - b["value"]) <= 0.005, (label, value, b)
    assert ("sig" in rect.get("class").split()) == b["significant"], (rect.get("class"), b)
    assert ("baseline" in rect.get("class").split()) == b["baseline"], (rect.get("class"), b)
    if 0 < b["value"] <= want["max"]:
        per = float(rect.get("width")) / b["value"]
        area = area or per
        assert abs(per - area) < 0.2, "bar widths are not in proportion to the values"
print("%d bars" % len(bars))
PY
}

"$FSBENCH" export --format svg -o "$SCRATCH/total.svg" "$seed" || fail "export --format svg exited $?"
"$FSBENCH" show --json "$seed" >"$SCRATCH/seed.json"
check "$SCRATCH/total.svg" "$SCRATCH/seed.json" total || fail "seed 000's overview SVG is not its chart"

"$FSBENCH" export --format svg --phase rm -o "$SCRATCH/rm.svg" "$rep" || fail "export --format svg --phase rm exited $?"
"$FSBENCH" show --json "$rep" >"$SCRATCH/rep.json"
check "$SCRATCH/rm.svg" "$SCRATCH/rep.json" rm || fail "repeat3-tiny's rm SVG is not its chart"
grep -q 'class="errorbar"' "$SCRATCH/rm.svg" || fail "no confidence interval drawn for a repeated phase"

# built-in phases only: the first chart is the first phase's; to standard output
"$FSBENCH" export --format svg "$bonnie" >"$SCRATCH/bonnie.svg" || fail "export --format svg of bonnie exited $?"
"$FSBENCH" show --json "$bonnie" >"$SCRATCH/bonnie.json"
check "$SCRATCH/bonnie.svg" "$SCRATCH/bonnie.json" char-write || fail "the bonnie sample's SVG is not its first chart"

# refused with the one line that says why (the whole line), nothing left behind
refused() {
	local what=$1 want=$2 rc
	shift 2
	"$FSBENCH" export "$@" -o "$SCRATCH/no.svg" 2>"$SCRATCH/err"
	rc=$?
	[ $rc -eq 2 ] || fail "$what: exit $rc, not 2"
	[ ! -e "$SCRATCH/no.svg" ] || fail "$what: a file was left"
	ls "$SCRATCH" | grep -q 'no.svg.tmp' && fail "$what: a temporary file was left"
	[ "$(wc -l <"$SCRATCH/err")" -eq 1 ] || fail "$what: not one line of error: $(cat "$SCRATCH/err")"
	[ "$(cat "$SCRATCH/err")" = "$want" ] || fail "$what: the message is '$(cat "$SCRATCH/err")', not '$want'"
	note "$what: $(cat "$SCRATCH/err")"
}
refused "no such phase" \
	"fsbench: export: seed000-desktop-2.6.3.fsbench: no chart of phase 'nosuch' (no such phase, or nothing measured in it)" \
	--format svg --phase nosuch "$seed"
refused "two files" "fsbench: export: svg is one chart of one result file, not of 2 files" --format svg "$seed" "$rep"
refused "--phase with csv" "fsbench: export: --phase is for --format svg, not csv" --format csv --phase rm "$seed"
exit 0
