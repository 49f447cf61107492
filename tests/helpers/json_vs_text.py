#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The JSON of `fsbench show` says what its text says, number for number.

json_vs_text.py JSON TEXT [CSV]

 - every heading, text and note block is a line of the text output, every
   key/value entry its "Key: value" line, every verdict line a line;
 - every table's title and each of its rows: the cells' texts in order on
   one line of the text (header rows too);
 - every cell and bar with a value: the number its text shows is that
   value rounded as printed (so the value is the number behind the text);
 - with CSV (`export --format csv` of the same single file, one repetition):
   each per-phase table's seconds are the CSV's values and its ratios
   those over the baseline's, the summary's ratios dead over the
   baseline's dead (the total: the sums, the aging phases left out), each
   chart's bars the summary's cells (an aging chart's are aged / fresh),
   and the verdict's rows the summary's totals.
Prints how many numbers it compared; exit 1 at the first mismatch.
"""
import csv
import json
import math
import re
import sys
import time

checked = 0


def fail(msg):
    print("json_vs_text: " + msg, file=sys.stderr)
    sys.exit(1)


def shown_number(text):
    """The first number a cell's text shows and its decimals, or None."""
    m = re.match(r"\s*±?(-?\d+(?:\.(\d+))?)", text)
    if not m:
        return None
    return float(m.group(1)), len(m.group(2) or "")


# A value is in the result file's unit (seconds, KiB/s, a fraction); the text
# may show it scaled: "14.1%" for 0.141, MiB/s in a column headed so.
SCALES = (("GiB/s", 1 / 1048576), ("MiB/s", 1 / 1024))


def check_value(where, text, value, head=""):
    global checked
    if value is None:
        return
    if re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$", text):   # a run's start, UTC
        if time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(value)) != text:
            fail("%s: value %r is not the time %r the text shows" % (where, value, text))
        checked += 1
        return
    below = re.match(r"\s*<(\d+(?:\.\d+)?)$", text)
    if below:   # "<0.001": a p-value too small to print
        if not 0 <= value < float(below.group(1)):
            fail("%s: value %r is not below the %r the text shows" % (where, value, text))
        checked += 1
        return
    shown = shown_number(text)
    if shown is None:
        fail("%s: value %r but the text %r shows no number" % (where, value, text))
    num, dec = shown
    if re.match(r"\s*±?-?[\d.]+%", text):
        value *= 100
    for unit, scale in SCALES:
        if unit in head:
            value *= scale
    if abs(num - value) > 0.5 * 10 ** -dec + 1e-9 * max(1, abs(value)):
        fail("%s: value %r is not the %r the text shows" % (where, value, text))
    checked += 1


def on_a_line(lines, texts, where):
    texts = [t for t in texts if t]
    if not texts:
        return
    pat = re.compile(r"\s+".join(re.escape(t) for t in texts))
    if not any(pat.search(line) for line in lines):
        fail("%s: no line of the text has %r" % (where, texts))


def column_heads(t):
    """Per column, the texts of the header cells above it (spans included)."""
    heads = [""] * t["columns"]
    for row in t["rows"][:t["header_rows"]]:
        for c, cell in enumerate(row):
            for k in range(c, c + max(cell["span"], 0)):
                heads[k] += " " + cell["text"]
    return heads


def main():
    global checked
    doc = json.load(open(sys.argv[1]))
    text = open(sys.argv[2], encoding="utf-8").read()
    lines = text.split("\n")
    stripped = {line.strip() for line in lines}
    assert doc["schema_version"] == 1
    blocks = [b for d in doc["documents"] for b in d["blocks"]]
    tables = {}
    for i, b in enumerate(blocks):
        where = "block %d (%s/%s)" % (i, b["type"], b["role"])
        if b["type"] in ("heading", "text", "note"):
            if b["text"] not in stripped:
                fail("%s: %r is not a line of the text" % (where, b["text"]))
        elif b["type"] == "kv":
            for e in b["entries"]:
                for v in e["values"]:
                    if v not in stripped and "%s: %s" % (e["key"], v) not in stripped:
                        fail("%s: %s = %r is not in the text" % (where, e["key"], v))
        elif b["type"] == "verdict":
            for v in b["lines"]:
                if v not in stripped:
                    fail("%s: verdict line %r is not in the text" % (where, v))
        elif b["type"] == "table":
            if b["title"] and b["title"] not in stripped:
                fail("%s: title %r is not a line" % (where, b["title"]))
            heads = column_heads(b)
            for r, row in enumerate(b["rows"]):
                if len(row) != b["columns"]:
                    fail("%s: row %d has %d cells, not %d" % (where, r, len(row), b["columns"]))
                on_a_line(lines, [c["text"] for c in row if c["span"]], "%s row %d" % (where, r))
                for c, cell in enumerate(row):
                    check_value("%s cell %d,%d" % (where, r, c), cell["text"], cell["value"], heads[c])
            tables.setdefault(b["role"], []).append(b)
        elif b["type"] == "chart":
            for bar in b["bars"]:
                on_a_line(lines, [bar["label"]], where)
                check_value("%s bar %s" % (where, bar["label"]), bar["text"], bar["value"])
    if len(sys.argv) > 3:
        check_csv(blocks, tables, sys.argv[3])
    print("json_vs_text: %d numbers equal the text's" % checked)


def close(a, b):
    return a is not None and b is not None and math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-12)


def check_csv(blocks, tables, path):
    global checked
    rows = list(csv.DictReader(open(path, newline="")))
    field = {"usr": "user", "sys": "sys", "sync": "sync", "dead": "dead", "real": "real"}
    val = {(r["filesystem"], r["phase"], f): float(r[f]) for r in rows for f in field.values() if r[f]}
    # the aging group's phases are in no total (src/model/agefactor.h)
    aging = {"age", "aged-grep", "aged-stat", "refresh", "fresh-grep", "fresh-stat"}
    phases = [p for p in dict.fromkeys(r["phase"] for r in rows) if p not in aging]
    summary = tables["summary"][0]
    base = next(c for row in summary["rows"] for c in row if c["baseline"] and c["name"])["text"]
    head = [c["text"] for c in summary["rows"][0]]
    ratio = {}
    for row in summary["rows"][summary["header_rows"]:]:
        fs = row[0]["text"]
        for c, cell in enumerate(row[1:], 1):
            ph = head[c]
            if ph == "total":
                want = sum(val[(fs, p, "dead")] for p in phases) / sum(val[(base, p, "dead")] for p in phases)
            else:
                want = val[(fs, ph, "dead")] / val[(base, ph, "dead")]
            if not close(cell["value"], want):
                fail("summary %s/%s: %r, the CSV gives %r" % (fs, ph, cell["value"], want))
            ratio[(fs, ph)] = cell["value"]
            checked += 1
    for t in tables["phase"]:
        ph = t["phase"]
        # header: Filesystem, then each metric over two columns (seconds, ratio)
        metrics = [c["text"] for c in t["rows"][0] if c["span"]][1:]
        for row in t["rows"][t["header_rows"]:]:
            fs = row[0]["text"]
            for k, m in enumerate(metrics):
                secs, rel = row[1 + 2 * k]["value"], row[2 + 2 * k]["value"]
                if ph == "total":
                    want = sum(val[(fs, p, field[m])] for p in phases)
                    wbase = sum(val[(base, p, field[m])] for p in phases)
                else:
                    want, wbase = val[(fs, ph, field[m])], val[(base, ph, field[m])]
                if not close(secs, want):
                    fail("phase %s %s/%s: %r seconds, the CSV gives %r" % (ph, fs, m, secs, want))
                if not close(rel, want / wbase):
                    fail("phase %s %s/%s: ratio %r, the CSV gives %r" % (ph, fs, m, rel, want / wbase))
                checked += 2
    for b in blocks:
        if b["type"] == "chart" and b["role"] != "aging-chart":  # aged / fresh, not the summary's
            for bar in b["bars"]:
                if not close(bar["value"], ratio[(bar["label"], b["phase"])]):
                    fail("chart %s bar %s: %r is not the summary's %r" %
                         (b["phase"], bar["label"], bar["value"], ratio[(bar["label"], b["phase"])]))
                checked += 1
        if b["type"] == "verdict" and b["judgement"]:
            j = b["judgement"]
            lead = j["rows"][0]
            for r in j["rows"]:
                want = ratio[(r["filesystem"], "total")] / ratio[(lead["filesystem"], "total")]
                if not close(r["ratio"], want):
                    fail("verdict %s: ratio %r, the summary gives %r" % (r["filesystem"], r["ratio"], want))
                if not close(r["total"], sum(val[(r["filesystem"], p, "dead")] for p in phases)):
                    fail("verdict %s: total %r is not the CSV's sum" % (r["filesystem"], r["total"]))
                checked += 2


if __name__ == "__main__":
    main()
