#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Check fsbench's reports of a result file against the file itself, with
statistics recomputed here independently of src/model/stats.c (standard library
only: CI runs Debian's /usr/bin/python3 without numpy or pandas).

    check_report.py csv RESULT CSV            every run a row, every field right
    check_report.py show RESULT SHOW          `show --ascii --raw`: ratios, stars
                                              (the verdict's round-by-round test when
                                              the captions say so, else Welch),
                                              mean+-CI, raw runs, statistics
    check_report.py markdown MD N TITLE...    cmark-gfm renders N tables, TITLEs intact

Exit 0 when everything holds, 1 with one line per problem otherwise.
"""
import csv
import io
import math
import os
import re
import statistics
import subprocess
import sys
import html.parser

problems = []


def problem(msg):
    problems.append(msg)


# ---- the result file -------------------------------------------------------

def unquote(s):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t", "r": "\r"}.get(m.group(1), m.group(1)), s)


def read_result(path):
    """{fs: {"type":…, "phases": {name: {"label":…, "runs": [dict]}}}}, phase order."""
    res, order = {}, []
    fs = ph = run = None
    text = open(path, encoding="utf-8").read()
    m = re.search(r'^phases = \{([^}]*)\}', text, re.M)
    if m:
        order = [unquote(x) for x in re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))]
    for line in text.splitlines():
        if m := re.match(r'^filesystem "((?:[^"\\]|\\.)*)" \{', line):
            fs = res.setdefault(unquote(m.group(1)), {"phases": {}})
        elif m := re.match(r'^  phase "((?:[^"\\]|\\.)*)" \{', line):
            ph = fs["phases"].setdefault(unquote(m.group(1)), {"runs": []})
        elif m := re.match(r'^  type = "(.*)"$', line):
            fs["type"] = unquote(m.group(1))
        elif m := re.match(r'^    label = "(.*)"$', line):
            ph["label"] = unquote(m.group(1))
        elif re.match(r'^      run \{', line):
            run = {}
            ph["runs"].append(run)
        if run is not None:
            for k, v in re.findall(r'(\w+) = ([-0-9.e+]+|"(?:[^"\\]|\\.)*")', line):
                run[k] = unquote(v[1:-1]) if v.startswith('"') else float(v)
            if line.strip() == "}":
                run = None
    return res, order


# ---- statistics, from the definitions ----------------------------------------

def kept(xs):
    """The values the report averages: 3-MAD outliers (MAD * 1.4826) left out
    when there are at least 4 values and the MAD is not 0."""
    if len(xs) < 4:
        return list(xs)
    med = statistics.median(xs)
    mad = statistics.median([abs(x - med) for x in xs])
    if mad == 0:
        return list(xs)
    return [x for x in xs if abs(x - med) <= 3 * 1.4826 * mad]


def betai(a, b, x):
    """Regularized incomplete beta, continued fraction (Numerical Recipes 6.4)."""
    if x <= 0 or x >= 1:
        return 0.0 if x <= 0 else 1.0
    lbt = math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log(1 - x)
    if x >= (a + 1) / (a + b + 2):
        return 1 - betai(b, a, 1 - x)
    # modified Lentz
    tiny, c, d = 1e-300, 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1 + num * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + num / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(lbt) * h / a


def t_sf2(t, df):
    """Two-sided p-value of Student's t."""
    return betai(df / 2, 0.5, df / (df + t * t))


def t_ppf(alpha, df):
    """The t with a two-sided p of alpha."""
    lo, hi = 0.0, 1e6
    for _ in range(300):
        mid = (lo + hi) / 2
        if t_sf2(mid, df) > alpha:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def t_ppf975(df):
    return t_ppf(0.05, df)


def welch(a, b):
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    if va + vb == 0:
        return 1.0 if statistics.mean(a) == statistics.mean(b) else 0.0
    t = (statistics.mean(a) - statistics.mean(b)) / math.sqrt(va + vb)
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    return t_sf2(t, df)


# ---- csv ----------------------------------------------------------------------

def run_fields():
    """The run fields in file order, read from src/model/result.h's X-macro, so a
    field added there is checked here without editing this list."""
    src = os.environ.get("FSB_SRCDIR", os.path.join(os.path.dirname(__file__), "..", ".."))
    text = open(os.path.join(src, "src", "model", "result.h"), encoding="utf-8").read()
    block = text[text.index("#define FSB_RUN_FIELDS(X)"):text.index("enum fsb_field {")]
    return re.findall(r"X\((\w+),", block)


FIELDS = run_fields()
LEAD = "file filesystem type phase kind repetition status exit_status error".split()


def check_csv(result, path):
    res, _ = read_result(result)
    with open(path, newline="", encoding="utf-8") as f:
        raw = f.read()
    if "\r\n" not in raw:
        problem("CSV records do not end with CRLF (RFC 4180)")
    rows = list(csv.reader(io.StringIO(raw, newline="")))
    head, body = rows[0], rows[1:]
    want = LEAD + FIELDS + ["dead"]
    if head[:len(want)] != want:
        problem("CSV header %s, expected it to start %s" % (head[:len(want)], want))
    if not head[len(want)].startswith("outlier_") or head[len(want) + 1:] != ["auto_repeats", "auto_converged"]:
        problem("CSV header ends %s" % head[len(want):])
    nruns = sum(len(p["runs"]) for fs in res.values() for p in fs["phases"].values())
    if len(body) != nruns:
        problem("CSV has %d rows, the result file %d runs" % (len(body), nruns))
    for i, r in enumerate(body, 2):
        if len(r) != len(head):
            problem("CSV row %d has %d fields, the header %d" % (i, len(r), len(head)))
            continue
        row = dict(zip(head, r))
        for k in FIELDS + ["dead", "exit_status", "repetition"]:
            if row[k]:
                try:
                    float(row[k])
                except ValueError:
                    problem("CSV row %d: %s = %r is not a number" % (i, k, row[k]))
        try:
            run = res[row["filesystem"]]["phases"][row["phase"]]["runs"][int(row["repetition"]) - 1]
        except (KeyError, IndexError, ValueError):
            problem("CSV row %d names a run the result file lacks: %s" % (i, r[:6]))
            continue
        for k in FIELDS:
            want_v = run.get(k)
            if (want_v is None) != (row[k] == "") or (want_v is not None and float(row[k]) != want_v):
                problem("CSV row %d: %s = %r, the result file says %r" % (i, k, row[k], want_v))
        if row["status"] != run.get("status"):
            problem("CSV row %d: status %s, the result file says %s" % (i, row["status"], run.get("status")))
        if run.get("user") is not None and abs(float(row["dead"]) - (run["real"] - run["user"])) > 1e-9:
            problem("CSV row %d: dead %s is not real - user" % (i, row["dead"]))
    return len(body)


# ---- show -----------------------------------------------------------------------

def tables(text):
    """Text tables of `show --ascii`: {title: [rows of tokens]} (caption and
    header included as rows 0 and 1)."""
    out, cur = {}, None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if cur is None:
            if i + 1 < len(lines) and lines[i + 1].startswith("(") and line and not line.startswith(" "):
                cur = out.setdefault(line, [])
        elif not line.strip():
            cur = None
        elif not line.startswith("  note:"):
            cur.append(line.split() if not line.startswith("(") else [line])
    return out


def table_rows(t, title, what):
    """The rows of table title in t, below its header; none, and a problem
    ("no WHAT TITLE"), when the text has no such table."""
    rows = t.get(title)
    if not rows:
        problem("no %s %r" % (what, title))
        return []
    return rows[2:]


def metric_values(run, metric):
    return run["real"] - run["user"] if metric == "dead" else run[metric]


def cell_values(res, order, fs, phase, metric):
    if phase != "total":
        return [metric_values(r, metric) for r in res[fs]["phases"][phase]["runs"] if r.get("status") == "ok"]
    n = min(len(res[fs]["phases"][p]["runs"]) for p in order)
    return [sum(metric_values(res[fs]["phases"][p]["runs"][k], metric) for p in order) for k in range(n)]


PRIOR_SESSIONS = 4   # model/verdict.h FSB_VERDICT_PRIOR_SESSIONS


def paired(a, b, prior=None, looks=1):
    """The verdict's test without earlier sessions (model/verdict.h):
    repetition k of each is round k's; d = ln(a/b) per round, a t interval
    on its mean, the profile's prior spread between sessions (session_sd,
    worth PRIOR_SESSIONS sessions) added by Welch-Satterthwaite, at the
    level 0.05 / looks."""
    d = [math.log(x / y) for x, y in zip(a, b)]
    n, mean = len(d), statistics.mean(d)
    se2 = statistics.variance(d) / n
    b2 = prior * prior if prior else 0.0
    v = se2 + b2
    df = n - 1
    if b2 > 0 and se2 > 0:
        df = v * v / (se2 * se2 / (n - 1) + b2 * b2 / PRIOR_SESSIONS)
    elif b2 > 0:
        df = math.inf
    half = (t_ppf(0.05 / looks, df) if math.isfinite(df) else 1.959963984540054 if looks == 1 else None) * math.sqrt(v)
    p = t_sf2(mean / math.sqrt(v), df) if v > 0 and math.isfinite(df) else (0.0 if v == 0 else None)
    return math.exp(mean), math.exp(mean - half), math.exp(mean + half), p


# the tables' stars: the verdict's test, when their captions say so; the
# result's session_sd and looks
JUDGED = []
TEST = {"prior": None, "looks": 1}


def check_ratio(where, shown, a, b):
    if JUDGED:
        rel, lo, hi, p = paired(a, b, TEST["prior"], TEST["looks"])
        num = float(shown.rstrip("*"))
        if abs(num - rel) > 0.005 + 1e-9:
            problem("%s: shows %s, the rounds' geometric mean ratio is %.4f" % (where, shown, rel))
        sig = (lo > 1 and rel >= 1.02) or (hi < 1 and rel <= 1 / 1.02)
        # an interval ending within 0.2% of 1 is too close to call here
        if min(abs(lo - 1), abs(hi - 1)) > 0.002 and shown.endswith("*") != sig:
            problem("%s: shows %s but the paired interval is [%.4f, %.4f]" % (where, shown, lo, hi))
        return sig
    ka, kb = kept(a), kept(b)
    ratio = statistics.mean(ka) / statistics.mean(kb)
    num = float(shown.rstrip("*"))
    if abs(num - ratio) > 0.005 + 1e-9:
        problem("%s: shows %s, the ratio of the means is %.4f" % (where, shown, ratio))
    p = welch(ka, kb)
    if not 0.045 < p < 0.055 and shown.endswith("*") != (p < 0.05):
        problem("%s: shows %s but Welch's p = %.4g" % (where, shown, p))
    return p < 0.05


def check_show(result, path):
    res, order = read_result(result)
    text = open(path, encoding="utf-8").read()
    t = tables(text)
    fsnames = list(res)
    base = fsnames[0]
    labels = {p: res[base]["phases"][p].get("label", p) for p in order}
    stars = 0
    # the summary: dead time normalized
    summ = t.get("Summary")
    if not summ:
        problem("no Summary table")
        return
    caption = summ[0][0]
    if "significant by the verdict's test" in caption:
        # this checker knows the test without earlier sessions only
        text_ = open(result, encoding="utf-8").read()
        m = re.search(r"^session_sd = ([0-9.e+-]+)$", text_, re.M)
        TEST["prior"] = float(m.group(1)) if m and float(m.group(1)) > 0 else None
        m = re.search(r"^looks = ([0-9]+)$", text_, re.M)
        TEST["looks"] = int(m.group(1)) if m and int(m.group(1)) > 1 else 1
        want = "the profile's spread between sessions included" if TEST["prior"] else "no spread between sessions known"
        level = "%.3g%% intervals" % (100 - 5 / TEST["looks"])
        if want not in caption or level not in caption:
            problem("Summary caption %r: expected %r and %r (no earlier session of the plan)" % (caption, want, level))
        JUDGED.append(True)
    head = summ[1]
    if head[1:] != order + ["total"]:
        problem("Summary columns %s, expected %s" % (head[1:], order + ["total"]))
    for row in summ[2:]:
        for j, phase in enumerate(order + ["total"]):
            a = cell_values(res, order, row[0], phase, "dead")
            b = cell_values(res, order, base, phase, "dead")
            if row[0] == base:
                if row[j + 1] != "1.00":
                    problem("baseline %s shows %s at %s" % (base, row[j + 1], phase))
                continue
            stars += check_ratio("Summary %s %s" % (row[0], phase), row[j + 1], a, b)
    # per-phase tables: dead seconds as mean+-CI and its ratio
    for phase in order + ["total"]:
        title = labels.get(phase, phase) if phase != "total" else "total"
        for row in table_rows(t, title, "table titled"):
            fs = row[0]
            vals = kept(cell_values(res, order, fs, phase, "dead"))
            mean, n = statistics.mean(vals), len(vals)
            half = t_ppf975(n - 1) * statistics.stdev(vals) / math.sqrt(n)
            m = re.fullmatch(r"([-0-9.]+)\+-([0-9.]+)", row[7])
            if not m:
                problem("%s %s: dead time %r is not mean+-CI" % (title, fs, row[7]))
                continue
            prec = len(m.group(1).split(".")[1])
            if abs(float(m.group(1)) - mean) > 0.51 * 10 ** -prec or abs(float(m.group(2)) - half) > 0.51 * 10 ** -prec:
                problem("%s %s: shows %s, mean %.5f +- %.5f" % (title, fs, row[7], mean, half))
            if fs != base:
                stars += check_ratio("%s %s dead" % (title, fs), row[8], cell_values(res, order, fs, phase, "dead"),
                                     cell_values(res, order, base, phase, "dead"))
    # --raw: every run, real (sys+user), and the statistics of each cell
    for phase in order:
        title = labels[phase] + " - every repetition"
        for row in table_rows(t, title, "raw table"):
            fs = row[0]
            runs = res[fs]["phases"][phase]["runs"]
            cells = re.findall(r"([0-9.]+) \(([0-9.]+)\+([0-9.]+)\)(!?)", " ".join(row[1:]))
            if len(cells) != 1 + len(runs):
                problem("%s %s: %d values, %d runs plus the average" % (title, fs, len(cells), len(runs)))
                continue
            for k, (real, sys_, user, _) in enumerate(cells[1:]):
                r = runs[k]
                if (real, sys_, user) != ("%.2f" % r["real"], "%.2f" % r["sys"], "%.2f" % r["user"]):
                    problem("%s %s run %d: shows %s (%s+%s), the file %.4f (%.4f+%.4f)"
                            % (title, fs, k + 1, real, sys_, user, r["real"], r["sys"], r["user"]))
        stitle = labels[phase] + " - dead time (real - usr), statistics"
        if stitle not in t:
            problem("no statistics table %r" % stitle)
    return stars


# ---- markdown --------------------------------------------------------------------

class MdTables(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables, self.strong, self.in_strong, self.in_table, self.em_in_table = [], [], False, False, 0

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
            self.in_table = True
        elif tag == "tr" and self.in_table:
            self.tables[-1].append(0)
        elif tag in ("td", "th") and self.in_table:
            self.tables[-1][-1] += 1
        elif tag == "em" and self.in_table:
            self.em_in_table += 1
        elif tag == "strong":
            self.in_strong = True
            self.strong.append("")

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_table = False
        elif tag == "strong":
            self.in_strong = False

    def handle_data(self, data):
        if self.in_strong:
            self.strong[-1] += data


def check_markdown(path, n, titles):
    out = subprocess.run(["cmark-gfm", "-e", "table", path], capture_output=True, check=True).stdout
    p = MdTables()
    p.feed(out.decode("utf-8"))
    if len(p.tables) != n:
        problem("cmark-gfm renders %d tables, expected %d" % (len(p.tables), n))
    for i, rows in enumerate(p.tables, 1):
        if len(rows) < 2 or len(set(rows)) != 1:
            problem("table %d: rows of %s cells" % (i, rows))
    if p.em_in_table:
        problem("%d <em> inside tables: an unescaped * or _" % p.em_in_table)
    for title in titles:
        if title not in p.strong:
            problem("no table titled %r in bold (emphasis broke it?)" % title)


def main():
    cmd = sys.argv[1]
    if cmd == "csv":
        n = check_csv(sys.argv[2], sys.argv[3])
        print("check_report: csv: %d rows" % n)
    elif cmd == "show":
        n = check_show(sys.argv[2], sys.argv[3])
        print("check_report: show: %d significant cells, all as %s says"
              % (n or 0, "the verdict's paired test" if JUDGED else "Welch"))
    elif cmd == "markdown":
        check_markdown(sys.argv[2], int(sys.argv[3]), sys.argv[4:])
    else:
        print(__doc__)
        return 2
    for p in problems:
        print("check_report: %s: %s" % (cmd, p))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
