#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Open an fsbench HTML export in headless Chromium and check that it works.

    check_html.py PAGE --bars N [--charts M] [--shot FILE.png] [--workdir DIR]

Passes (exit 0) only when all of this holds:
  1. the file is self-contained: no <script>, <link>, <iframe>, <object>,
     <embed>, no src= attribute, no href= other than "#…", no url() or
     @import (the page must need neither scripts nor the network);
  2. Chromium loads it (--dump-dom) and the DOM it built ends with the page's
     last element, <footer id="fsb-end">, so the whole file was parsed;
  3. the browser logged no console message at all (--enable-logging: a page
     without scripts has nothing to say; any "CONSOLE" or "Uncaught" line is
     an error) and the page made no network request (--log-net-log: no
     request started on behalf of the file:// page; the browser's own
     background requests are not the page's);
  4. every <svg class="chart"> in the DOM has exactly N <rect class="bar …">
     with a positive width, the baseline bar ends on the dashed 1.00 line,
     and there are M charts when --charts is given;
  5. the screenshot (--screenshot) is a PNG of the requested size whose
     pixels are not all one colour.
Fails with exit 1 and one line per problem; exits 77 (skip) when chromium
is not installed.  Uses only the Python standard library.
"""
import argparse
import html.parser
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

WIDTH, HEIGHT = 1280, 2400


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_chromium(exe, workdir, url, extra, stdout=None):
    """One headless Chromium run in a fresh profile; returns stderr."""
    profile = tempfile.mkdtemp(prefix="profile.", dir=workdir)
    args = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
            "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync",
            "--user-data-dir=" + profile,
            # nothing may reach the network even if the page asked
            "--proxy-server=http://127.0.0.1:9", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--enable-logging=stderr", "--v=0"] + extra + [url]
    try:
        p = subprocess.run(args, stdout=stdout or subprocess.DEVNULL, stderr=subprocess.PIPE,
                           timeout=120, check=False)
    except subprocess.TimeoutExpired:
        return None, "chromium did not finish within 120 s"
    return p.stderr.decode("utf-8", "replace"), None


class Static(html.parser.HTMLParser):
    """Problems that make a page depend on scripts or the network."""

    def __init__(self):
        super().__init__()
        self.problems = []

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "link", "iframe", "object", "embed", "base"):
            self.problems.append("has a <%s> element" % tag)
        for name, value in attrs:
            value = value or ""
            if name == "src" or name == "srcset":
                self.problems.append("<%s %s=%r> loads something" % (tag, name, value))
            if name in ("href", "xlink:href") and not value.startswith("#"):
                self.problems.append("<%s %s=%r> points outside the page" % (tag, name, value))
            if name.startswith("on"):
                self.problems.append("<%s %s> is a script" % (tag, name))
            if name == "style" and ("url(" in value or "@import" in value):
                self.problems.append("<%s style> loads something" % tag)

    def handle_data(self, data):
        if self.lasttag == "style" and ("url(" in data or "@import" in data):
            self.problems.append("the style sheet loads something (url() or @import)")


class Dom(html.parser.HTMLParser):
    """Charts and their bars in the DOM Chromium built."""

    def __init__(self):
        super().__init__()
        self.charts = []        # per chart: dict(bars=[...], baseline_x=...)
        self.in_chart = False
        self.footer = False
        self.title = ""
        self._title = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        if tag == "svg" and "chart" in cls:
            self.in_chart = True
            self.charts.append({"bars": [], "baseline_x": None})
        elif tag == "rect" and self.in_chart and "bar" in cls:
            self.charts[-1]["bars"].append({
                "x": float(a.get("x", "nan")), "width": float(a.get("width", "nan")),
                "baseline": "baseline" in cls})
        elif tag == "line" and self.in_chart and "baseline" in cls:
            self.charts[-1]["baseline_x"] = float(a.get("x1", "nan"))
        elif tag == "footer" and a.get("id") == "fsb-end":
            self.footer = True
        elif tag == "title" and not self.in_chart:
            self._title = True

    def handle_endtag(self, tag):
        if tag == "svg":
            self.in_chart = False
        if tag == "title":
            self._title = False

    def handle_data(self, data):
        if self._title:
            self.title += data


def page_requests(netlog):
    """URLs the page itself asked for, from a Chromium net log."""
    with open(netlog, encoding="utf-8", errors="replace") as f:
        text = f.read()
    # Chromium may leave the log without its closing bracket: read the
    # first complete JSON value, else close the event list ourselves
    try:
        log, _ = json.JSONDecoder().raw_decode(text)
    except ValueError:
        log = json.loads(text.rstrip().rstrip(",") + "]}")
    types = {v: k for k, v in log["constants"]["logEventTypes"].items()}
    urls = []
    for ev in log.get("events", []):
        p = ev.get("params") or {}
        if types.get(ev.get("type")) != "URL_REQUEST_START_JOB" or "url" not in p:
            continue
        # the browser's own requests have no origin; the page's come from file://
        if p.get("initiator") != "not an origin" or "file://" in p.get("site_for_cookies", ""):
            urls.append(p["url"])
    return urls


def png_check(path, width, height):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        return "the screenshot is not a PNG"
    w, h, depth, ctype = struct.unpack(">IIBB", data[16:26])
    if (w, h) != (width, height):
        return "the screenshot is %dx%d, not %dx%d" % (w, h, width, height)
    idat, pos = b"", 8
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    bpp = {2: 3, 6: 4, 0: 1, 4: 2}.get(ctype, 4) * max(depth // 8, 1)
    stride = width * bpp + 1
    # undo nothing: filtered rows still differ when the picture does, and a
    # one-colour picture filters to the same row every time
    rows = {raw[i + 1:i + stride] for i in range(stride * 8, len(raw), stride * 8)}
    if len(rows) < 10:
        return "the screenshot is blank (%d distinct sampled rows)" % len(rows)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("--bars", type=int, required=True, help="bars per chart (filesystems)")
    ap.add_argument("--charts", type=int, help="number of charts")
    ap.add_argument("--shot", help="where to keep the screenshot")
    ap.add_argument("--workdir", default=os.environ.get("TMPDIR", "/tmp"))
    a = ap.parse_args()

    exe = chromium()
    if not exe:
        print("SKIP: chromium is not installed (apt-get install chromium)")
        return 77
    page = os.path.abspath(a.page)
    url = "file://" + page
    work = tempfile.mkdtemp(prefix="check_html.", dir=a.workdir)
    problems = []

    st = Static()
    with open(page, encoding="utf-8") as f:
        st.feed(f.read())
    problems += st.problems

    dom_file = os.path.join(work, "dom.html")
    netlog = os.path.join(work, "net.json")
    with open(dom_file, "wb") as out:
        err, fail = run_chromium(exe, work, url, ["--dump-dom", "--log-net-log=" + netlog], stdout=out)
    if fail:
        problems.append(fail)
    else:
        for line in err.splitlines():
            if ":CONSOLE" in line or "Uncaught" in line:
                problems.append("console: " + line.strip())
        try:
            for u in page_requests(netlog):
                problems.append("the page made a network request: " + u)
        except (OSError, ValueError, KeyError) as e:
            problems.append("cannot read Chromium's net log %s: %s" % (netlog, e))
        dom = Dom()
        with open(dom_file, encoding="utf-8", errors="replace") as f:
            dom.feed(f.read())
        if not dom.footer:
            problems.append("the DOM Chromium built has no <footer id=\"fsb-end\">: the page did not load whole")
        if not dom.title.startswith("fsbench"):
            problems.append("the page title is %r, not fsbench's" % dom.title)
        if a.charts is not None and len(dom.charts) != a.charts:
            problems.append("%d charts, expected %d" % (len(dom.charts), a.charts))
        if not dom.charts:
            problems.append("no <svg class=\"chart\"> in the page")
        for i, c in enumerate(dom.charts, 1):
            bars = c["bars"]
            if len(bars) != a.bars:
                problems.append("chart %d has %d bars, expected %d" % (i, len(bars), a.bars))
            if any(not b["width"] > 0 for b in bars):
                problems.append("chart %d has a bar without a positive width" % i)
            base = [b for b in bars if b["baseline"]]
            if len(base) != 1 or c["baseline_x"] is None:
                problems.append("chart %d has no baseline bar or no 1.00 line" % i)
            elif abs(base[0]["x"] + base[0]["width"] - c["baseline_x"]) > 0.6:
                problems.append("chart %d: the baseline bar ends at %.1f, the 1.00 line is at %.1f"
                                % (i, base[0]["x"] + base[0]["width"], c["baseline_x"]))

    shot = a.shot or os.path.join(work, "shot.png")
    err, fail = run_chromium(exe, work, url, ["--screenshot=" + shot,
                                              "--window-size=%d,%d" % (WIDTH, HEIGHT),
                                              "--hide-scrollbars"])
    if fail:
        problems.append(fail)
    elif not os.path.exists(shot) or os.path.getsize(shot) < 10000:
        problems.append("no screenshot, or a tiny one: %s" % shot)
    else:
        p = png_check(shot, WIDTH, HEIGHT)
        if p:
            problems.append(p)

    shutil.rmtree(work, ignore_errors=True)
    for p in problems:
        print("check_html: %s: %s" % (a.page, p))
    if problems:
        return 1
    print("check_html: %s: loaded without errors, %d charts of %d bars, screenshot %s"
          % (a.page, len(dom.charts), a.bars, shot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
