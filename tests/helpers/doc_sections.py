#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The skeleton of one output of a result's document, to compare outputs.

    doc_sections.py FORMAT RESULT OUTPUT

FORMAT is text (`fsbench show`, UTF-8), tui (screens of the TUI's view,
stitched: the view's lines as the terminal shows them), markdown or html.
RESULT is the result file (its filesystem names mark the tables' rows).
Prints, one per line, in document order:

    H <group heading>              "Phases", "Aging", "How it was measured" …
    T <table title>                then N <the numbers of its body rows>
    C <chart title>                then N <the numbers of its bars>
    V                              then N <the numbers of the verdict>
    P <program version>            each line of "Program versions"

Numbers are every run of digits in a row (so "0.015±0.006" gives 0.015 and
0.006, "ext2" gives 2), the same in every format; notes are left out.
"""
import html.parser
import re
import sys

NUM = re.compile(r"\d+(?:\.\d+)?")
GROUPS = {"Phases", "Built-in I/O phases", "Aging", "Crash consistency", "How it was measured", "How to reproduce"}
CHART = re.compile(r" — relative to .*\(> 1 = .*\)$")


def fs_names(path):
    return set(re.findall(r'^filesystem "([^"]+)"', open(path, encoding="utf-8").read(), re.M))


def nums(s):
    return " ".join(NUM.findall(s))


def is_row(line, names):
    tok = line.split()
    return bool(tok) and (tok[0] in names or (len(tok) > 1 and tok[1] in names))


def chart(out, lines, i, names):
    """A text chart: its title at lines[i], its bars under it; returns the
    index after the bars."""
    out.append("C " + lines[i].rstrip())
    vals = []
    i += 1
    while i < len(lines) and is_row(lines[i], names):
        vals.append(nums(lines[i].split()[-1]))
        i += 1
    out.append("N " + " ".join(v for v in vals if v))
    return i


def lines_skeleton(lines, names):
    """`fsbench show` and the TUI view: the same line layout."""
    out, i = [], 0
    while i < len(lines):
        line = lines[i].rstrip()
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line in GROUPS:
            out.append("H " + line)
        elif line and not line.startswith(" ") and nxt.startswith("("):
            out.append("T " + line)
            rows = []
            i += 1
            while i < len(lines) and lines[i].strip():
                if is_row(lines[i], names):
                    rows.append(nums(lines[i]))
                i += 1
            out.append("N " + " ".join(r for r in rows if r))
            continue
        elif CHART.search(line):
            i = chart(out, lines, i, names)
            continue
        elif line in ("Verdict:", "Verdict"):
            out.append("V")
            text = []
            i += 1
            while i < len(lines) and lines[i].strip():
                text.append(lines[i].strip())
                i += 1
            out.append("N " + nums(" ".join(text)))
            continue
        elif line.strip() == "Program versions:":
            indent = len(line) - len(line.lstrip())
            i += 1
            while i < len(lines) and len(lines[i]) - len(lines[i].lstrip()) > indent and lines[i].strip():
                out.append("P " + lines[i].strip())
                i += 1
            continue
        i += 1
    return out


def markdown_skeleton(text, names):
    out, lines, i = [], text.split("\n"), 0
    unesc = lambda s: re.sub(r"\\(.)", r"\1", s)
    while i < len(lines):
        line = lines[i]
        if line.startswith("### ") and unesc(line[4:]) in GROUPS:
            out.append("H " + unesc(line[4:]))
        elif line.startswith("**") and line.endswith("**  "):
            out.append("T " + unesc(line[2:-4]))
            i += 1
            while i < len(lines) and not lines[i].startswith("|"):
                i += 1
            rows = []
            while i < len(lines) and lines[i].startswith("|"):
                cells = [unesc(c.strip()).strip("*") for c in lines[i].strip("|").split(" | ")]
                if is_row(" ".join(cells), names) or (cells and cells[0] in names):
                    rows.append(nums(" ".join(cells)))
                i += 1
            out.append("N " + " ".join(r for r in rows if r))
            continue
        elif line == "```" and i + 1 < len(lines) and CHART.search(lines[i + 1]):
            i = chart(out, lines, i + 1, names)
            continue
        elif line == "**Verdict:**":
            out.append("V")
            text = []
            i += 2
            while i < len(lines) and lines[i].startswith("- "):
                text.append(unesc(lines[i][2:]))
                i += 1
            out.append("N " + nums(" ".join(text)))
            continue
        elif line == "- Program versions:":
            i += 1
            while i < len(lines) and lines[i].startswith("  - "):
                out.append("P " + unesc(lines[i][4:]))
                i += 1
            continue
        i += 1
    return out


class Html(html.parser.HTMLParser):
    def __init__(self, names):
        super().__init__()
        self.names, self.out, self.stack, self.text = names, [], [], ""
        self.row, self.rows, self.vals, self.verdict = None, None, None, None
        self.versions = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        self.stack.append((tag, cls))
        self.text = ""
        if tag == "table":
            self.out.append("T " + a.get("aria-label", ""))
            self.rows = []
        elif tag == "tr" and self.rows is not None:
            self.row = []
        elif tag == "svg" and "chart" in cls:
            self.vals = []
        elif tag == "ul" and "verdict" in cls:
            self.out.append("V")
            self.verdict = []

    def handle_endtag(self, tag):
        t, cls = self.stack.pop() if self.stack else (tag, [])
        text = self.text.strip()
        if tag == "h3" and text in GROUPS:
            self.out.append("H " + text)
        elif tag == "figcaption":
            self.out.append("C " + text)
        elif tag in ("td", "th") and self.row is not None:
            self.row.append(text)
        elif tag == "tr" and self.row is not None:
            if self.row and (self.row[0] in self.names or (len(self.row) > 1 and self.row[1] in self.names)):
                self.rows.append(nums(" ".join(self.row)))
            self.row = None
        elif tag == "table" and self.rows is not None:
            self.out.append("N " + " ".join(r for r in self.rows if r))
            self.rows = None
        elif tag == "text" and self.vals is not None and "value" in cls:
            self.vals.append(nums(text))
        elif tag == "svg" and self.vals is not None:
            self.out.append("N " + " ".join(v for v in self.vals if v))
            self.vals = None
        elif tag == "li" and self.verdict is not None:
            self.verdict.append(text)
        elif tag == "ul" and self.verdict is not None:
            self.out.append("N " + nums(" ".join(self.verdict)))
            self.verdict = None
        elif tag == "dt":
            self.versions = text == "Program versions"
        elif tag == "li" and self.versions:
            self.out.append("P " + text)
        elif tag == "dd":
            self.versions = False
        if tag in ("td", "th", "li", "text"):
            self.text = ""

    def handle_data(self, data):
        self.text += data


def main():
    fmt, result, path = sys.argv[1:4]
    names = fs_names(result)
    text = open(path, encoding="utf-8").read()
    if fmt in ("text", "tui"):
        out = lines_skeleton(text.split("\n"), names)
    elif fmt == "markdown":
        out = markdown_skeleton(text, names)
    else:
        p = Html(names)
        p.feed(text)
        out = p.out
    print("\n".join(out))


main()
