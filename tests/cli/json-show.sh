#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# `fsbench show --json` (and `export --format json`) of every sample and
# fixture parses with a strict JSON parser and validates against
# doc/fsbench.schema.json; every number in seed 000's equals the text
# output's and the CSV export's (tests/helpers/json_vs_text.py); the
# markers the text writes as glyphs ("?" unreliable, "~" disturbed, "*"
# significant) are booleans; the verdict's judgement is fields; text from
# the file is escaped as JSON and shown as the text output shows it.
. "$FSB_TESTLIB"
[ -x /usr/bin/python3 ] || skip "needs Debian's /usr/bin/python3 (apt-get install python3)"
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null ||
	skip "needs python3-jsonschema (apt-get install python3-jsonschema)"
export LC_ALL=C.UTF-8

schema=$FSB_SRCDIR/doc/fsbench.schema.json
valid() { /usr/bin/python3 "$FSB_SRCDIR/tests/helpers/check_json.py" "$schema" "$@"; }
vs_text() { /usr/bin/python3 "$FSB_SRCDIR/tests/helpers/json_vs_text.py" "$@"; }
seed=$FSB_SRCDIR/data/samples/seed000-desktop-2.6.3.fsbench
rep=$FSB_SRCDIR/data/samples/repeat3-tiny.fsbench

# seed 000: valid, and number for number the text and the CSV
"$FSBENCH" show --json "$seed" >"$SCRATCH/seed.json" || fail "show --json exited $?"
"$FSBENCH" show "$seed" >"$SCRATCH/seed.txt" || fail "show exited $?"
"$FSBENCH" export --format csv -o "$SCRATCH/seed.csv" "$seed" || fail "export csv exited $?"
valid "$SCRATCH/seed.json" || fail "seed 000's show --json does not validate"
vs_text "$SCRATCH/seed.json" "$SCRATCH/seed.txt" "$SCRATCH/seed.csv" >"$SCRATCH/n" ||
	fail "seed 000's JSON differs from its text or CSV"
note "$(cat "$SCRATCH/n")"
# 240 published ratios and their seconds at least: a check that compared nothing would say 0
[ "$(grep -o '[0-9]*' "$SCRATCH/n" | head -1)" -gt 1000 ] || fail "too few numbers compared: $(cat "$SCRATCH/n")"

/usr/bin/python3 - "$SCRATCH/seed.json" <<'PY' || fail "seed 000's JSON document is not what show says"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["schema_version"] == 1 and d["command"] == "show" and d["tool"]["name"] == "fsbench"
assert d["files"][0].endswith("seed000-desktop-2.6.3.fsbench")
doc, = d["documents"]
assert doc["kind"] == "result"
roles = [b["role"] for b in doc["blocks"]]
for r in ("title", "identity", "summary", "overview", "verdict", "phase", "phase-chart", "details", "reproduce"):
    assert r in roles, r
v = next(b for b in doc["blocks"] if b["type"] == "verdict")
j = v["judgement"]
# one run each: not tested, ext2 least, the rows ranked by their totals
assert j["kind"] == "one-run" and j["leader"] == "ext2" and j["metric"] == "dead", j
assert [r["filesystem"] for r in j["rows"]] == ["ext2", "ext3", "reiser", "xfs", "jfs", "reiser4"], j["rows"]
assert all(r["ratio_lo"] is None and not r["significant"] for r in j["rows"])
tot = [r["total"] for r in j["rows"]]
assert tot == sorted(tot)
# the headline's ratios are the rows' ratios, rounded as worded
for r in j["rows"][1:]:
    assert "%s %.2f×" % (r["filesystem"], r["ratio"]) in v["lines"][0], (r, v["lines"][0])
summary = next(b for b in doc["blocks"] if b["role"] == "summary")
base = [row for row in summary["rows"] if row[0]["text"] == "ext2"][0]
assert base[0]["baseline"] and base[0]["name"] and all(c["ratio"] for c in base[1:])
assert summary["rows"][0][0]["header"] and not summary["rows"][1][0]["header"]
PY

# with repetitions: significance as a boolean where the text has "*"
"$FSBENCH" show --json --raw "$rep" >"$SCRATCH/rep.json" || fail "show --json --raw exited $?"
"$FSBENCH" show --raw "$rep" >"$SCRATCH/rep.txt"
valid "$SCRATCH/rep.json" || fail "repeat3-tiny's show --raw --json does not validate"
vs_text "$SCRATCH/rep.json" "$SCRATCH/rep.txt" >/dev/null || fail "repeat3-tiny's JSON differs from its text"
/usr/bin/python3 - "$SCRATCH/rep.json" <<'PY' || fail "significance or CI are not fields"
import json, sys
d = json.load(open(sys.argv[1]))
cells = [c for b in d["documents"][0]["blocks"] if b["type"] == "table" for row in b["rows"] for c in row]
sig = [c for c in cells if c["text"].endswith("*")]
assert sig and all(c["significant"] for c in sig), "no significant cell, or one without the flag"
assert not any(c["significant"] for c in cells if c["number"] and not c["text"].endswith("*") and c["ratio"])
j = next(b for b in d["documents"][0]["blocks"] if b["type"] == "verdict")["judgement"]
assert j["kind"] in ("lead", "tie") and all(r["ratio_lo"] is not None for r in j["rows"]), j
assert j["leading_group"] and j["leading_group"][0] == j["leader"]
for r in j["rows"]:
    assert r["ratio_lo"] <= r["ratio"] <= r["ratio_hi"], r
# an outlier flagged in raw is the text's "!"
assert all(c["outlier"] for c in cells if c["number"] and c["text"].rstrip("~").endswith("!"))
PY

# every sample and fixture, raw or not
for f in "$FSB_SRCDIR"/data/samples/*.fsbench "$FSB_SRCDIR"/tests/fixtures/*.fsbench; do
	b=$(basename "$f")
	for raw in "" --raw; do
		"$FSBENCH" show --json $raw "$f" >"$SCRATCH/$b$raw.json" || fail "show --json $raw $b exited $?"
		"$FSBENCH" show $raw "$f" >"$SCRATCH/$b$raw.txt"
		valid "$SCRATCH/$b$raw.json" || fail "show --json $raw $b does not validate"
		vs_text "$SCRATCH/$b$raw.json" "$SCRATCH/$b$raw.txt" >/dev/null || fail "show --json $raw $b differs from its text"
	done
done
grep -q '"type": "series"' "$SCRATCH/series-tiny.fsbench.json" || fail "no series block for series-tiny"

# disturbed runs: "?" and "~" of the text are the booleans unreliable and disturbed
/usr/bin/python3 - "$rep" "$SCRATCH/dist.fsbench" <<'PY'
import re, sys
out, fs, ph, runs = [], None, None, 0
for line in open(sys.argv[1]).read().split("\n"):
    m = re.match(r'filesystem "(.*)" \{', line)
    fs = m.group(1) if m else fs
    m = re.match(r'  phase "(.*)" \{', line)
    if m:
        ph, runs = m.group(1), 0
    runs += line.strip().startswith("run {")
    out.append(line)
    if line.startswith("        ") and line.strip() == 'status = "ok"' and \
       ((fs, ph) == ("ext4", "tar") or ((fs, ph, runs) == ("xfs", "cp", 2))):
        out.append('        disturbed = "other programs used 48% of a CPU, mostly burner"')
open(sys.argv[2], "w").write("\n".join(out))
PY
"$FSBENCH" show --json --raw "$SCRATCH/dist.fsbench" >"$SCRATCH/dist.json" || fail "show of the disturbed copy exited $?"
"$FSBENCH" show --raw "$SCRATCH/dist.fsbench" >"$SCRATCH/dist.txt"
valid "$SCRATCH/dist.json" || fail "the disturbed copy's JSON does not validate"
vs_text "$SCRATCH/dist.json" "$SCRATCH/dist.txt" >/dev/null || fail "the disturbed copy's JSON differs from its text"
/usr/bin/python3 - "$SCRATCH/dist.json" <<'PY' || fail "disturbed and unreliable are not the text's markers"
import json, sys
blocks = json.load(open(sys.argv[1]))["documents"][0]["blocks"]
cells = [(b, c) for b in blocks if b["type"] == "table" for row in b["rows"] for c in row]
unrel = [(b["role"], b["phase"]) for b, c in cells if c["unreliable"]]
assert ("phase", "tar") in unrel and ("summary", None) in unrel, unrel
assert all(c["text"].endswith("?") for b, c in cells if c["unreliable"])
assert all(c["unreliable"] for b, c in cells if c["number"] and c["text"].endswith("?"))
dist = [(b["phase"], c["text"]) for b, c in cells if c["disturbed"]]
assert len(dist) == 4 and {p for p, t in dist} == {"tar", "cp"}, dist
assert all(c["outlier"] for b, c in cells if c["disturbed"])   # left out of the mean, too
j = next(b for b in blocks if b["type"] == "verdict")["judgement"]
assert j["disturbed_runs"] == 4, j
PY

# a comparison: valid, its table the text's
"$FSBENCH" show --json "$seed" "$rep" >"$SCRATCH/cmp.json" || fail "show A B --json exited $?"
"$FSBENCH" show "$seed" "$rep" >"$SCRATCH/cmp.txt"
valid "$SCRATCH/cmp.json" || fail "show A B --json does not validate"
vs_text "$SCRATCH/cmp.json" "$SCRATCH/cmp.txt" >/dev/null || fail "show A B --json differs from its text"
/usr/bin/python3 - "$SCRATCH/cmp.json" <<'PY' || fail "the comparison's JSON is wrong"
import json, sys
d = json.load(open(sys.argv[1]))
doc, = d["documents"]
assert doc["kind"] == "comparison" and len(d["files"]) == 2
t = next(b for b in doc["blocks"] if b["role"] == "compare")
# a filesystem missing from one file: no number, null
assert all(c["value"] is None for row in t["rows"] for c in row if c["text"] == "—")
PY
# nothing in common: exit 2, nothing on standard output
"$FSBENCH" show --json "$seed" "$FSB_SRCDIR/data/samples/seed003-bonnie-1.03.fsbench" >"$SCRATCH/none.json" 2>"$SCRATCH/none.err"
rc=$?
[ $rc -eq 2 ] && [ ! -s "$SCRATCH/none.json" ] || fail "nothing to compare: exit $rc, $(wc -c <"$SCRATCH/none.json") bytes"

# text from the file: escaped for JSON, shown as the text shows it
{
	sed -n 1,2p "$rep"
	printf '%s\n' 'title = "a \"quoted\" \\ back\tslash \xff é ✓ \e[31m"'
	sed -n '3,$p' "$rep" | grep -v '^title'
} >"$SCRATCH/title.fsbench"
"$FSBENCH" show --json "$SCRATCH/title.fsbench" >"$SCRATCH/title.json" || fail "show of a strange title exited $?"
"$FSBENCH" show "$SCRATCH/title.fsbench" | head -1 >"$SCRATCH/title.txt"
valid "$SCRATCH/title.json" || fail "a strange title breaks the JSON"
/usr/bin/python3 - "$SCRATCH/title.json" "$SCRATCH/title.txt" <<'PY' || fail "the title is not the text's"
import json, sys
t = json.load(open(sys.argv[1]))["documents"][0]["blocks"][0]["text"]
assert t == open(sys.argv[2], encoding="utf-8").read().rstrip("\n"), t
assert '"quoted"' in t and "é ✓" in t and "\x1b" not in t, t
PY
# the same in a filesystem's name, which is also a key (the recommendation's
# criteria map each filesystem to its value): made visible there too, or a
# byte that is not UTF-8 made the whole output invalid JSON
sed 's/^filesystem "ext4"/filesystem "e\xff\xfe\x1b[31m"/' "$rep" >"$SCRATCH/fsname.fsbench"
"$FSBENCH" show --json "$SCRATCH/fsname.fsbench" >"$SCRATCH/fsname.json" || fail "show of a strange filesystem name exited $?"
valid "$SCRATCH/fsname.json" || fail "a strange filesystem name breaks the JSON"
grep -q $'\x1b' "$SCRATCH/fsname.json" && fail "a filesystem name's ESC reached the JSON raw"

# export --format json: the documents of each file, then their comparison
"$FSBENCH" export --format json -o "$SCRATCH/exp.json" "$seed" "$rep" || fail "export --format json exited $?"
valid "$SCRATCH/exp.json" || fail "export --format json does not validate"
/usr/bin/python3 - "$SCRATCH/exp.json" <<'PY' || fail "export --format json lacks a document"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["command"] == "export"
assert [x["kind"] for x in d["documents"]] == ["result", "result", "comparison"], d["documents"]
PY
exit 0
