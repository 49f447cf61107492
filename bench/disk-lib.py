#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
# bench/disk-lib.py — the arithmetic of bench/write-amp.sh and
# bench/probe-overhead.sh, on fsbench result files (doc/result-format.md):
#
#   disk-lib.py amp RESULT...
#       the write amplification of every phase per filesystem: per run the
#       device's writes / (what the phase saved + the stall probe's
#       writes), as fsbench's FSB_METRIC_WAMP; median and range over the
#       runs of all files; then per filesystem over the phases
#       (Σ device / Σ saved); a Markdown table.
#   disk-lib.py aa METRIC WITH... -- WITHOUT...
#       an A/A: per phase and filesystem the mean METRIC (real, dead)
#       with the probe beside the phases (--probe beside) and without,
#       their relative difference and its 95% interval (Welch), and
#       whether it holds 0; then the total ("all phases": a run's phases
#       summed).  Runs set aside as disturbed are left out, as fsbench's
#       cells leave them out.
#   disk-lib.py stall METRIC ROUND... -- WITHOUT...
#       per filesystem all phases of the timed runs of --probe round (the
#       stall round after them) against --no-probe, as aa's total; and
#       what the stall round cost: its phases' seconds per filesystem and
#       its wall time per run (from its first run's start to the end).
import calendar
import math
import re
import statistics
import sys
import time

FIELD = re.compile(r"\b([a-z_0-9]+) = (-?[0-9.eE+-]+|\"[^\"]*\")")


def runs(path, section="run"):
    """(fs, phase, {field: value}) of every ok run of a result file; section
    "stall_run": of the stall round's runs."""
    fs = phase = None
    inrun = False
    cur = {}
    opening = section + " {"
    for line in open(path, encoding="utf-8", errors="replace"):
        s = line.strip()
        m = re.match(r'^filesystem "([^"]+)" \{', s)
        if m and not line.startswith(" "):
            fs = m.group(1)
            continue
        m = re.match(r'^phase "([^"]+)" \{', s)
        if m and line.startswith("  ") and not line.startswith("   "):
            phase = m.group(1)
            continue
        if s.startswith(opening):
            inrun, cur = True, {}
            s = s[len(opening):]
        if inrun:
            for k, v in FIELD.findall(s):
                cur[k] = v.strip('"') if v.startswith('"') else float(v)
            if line.rstrip() == "      }":
                inrun = False
                if cur.get("status", "ok") == "ok":
                    yield fs, phase, cur
    return


def saved(r):
    s = r.get("saved_kib")
    if s is None and "fs_out" in r:
        s = r["fs_out"] / 2
    if s is None:
        return None
    return s + r.get("stall_written_kib", 0)


def amp(files):
    cells, order_fs, order_ph = {}, [], []
    for f in files:
        for fs, ph, r in runs(f):
            if ph == "clone" or "disk_written_kib" not in r:
                continue
            if fs not in order_fs:
                order_fs.append(fs)
            if ph not in order_ph:
                order_ph.append(ph)
            cells.setdefault((fs, ph), []).append((r["disk_written_kib"], saved(r)))
    print("| Filesystem | " + " | ".join(order_ph) + " | all phases |")
    print("|---|" + "---:|" * (len(order_ph) + 1))
    for fs in order_fs:
        row, tw, ts = [], 0.0, 0.0
        for ph in order_ph:
            v = cells.get((fs, ph), [])
            ratios = [w / s for w, s in v if s is not None and s >= 1024]
            tw += sum(w for w, s in v) / len(v) if v else 0
            ts += sum(s for w, s in v if s is not None) / len(v) if v else 0
            if not ratios:
                row.append("—")
            elif len(ratios) == 1:
                row.append("%.2f" % ratios[0])
            else:
                row.append("%.2f (%.2f–%.2f)" % (statistics.median(ratios), min(ratios), max(ratios)))
        row.append("%.2f" % (tw / ts) if ts >= 1024 else "—")
        print("| %s | %s |" % (fs, " | ".join(row)))
    print()
    print("Write amplification = the device's writes / what the phase saved (its processes' "
          "write_bytes − cancelled_write_bytes, and the stall probe's 4 KiB saves where it ran beside them); "
          "median (range) over the runs; — = under 1 MiB saved; all phases = Σ written / Σ saved of the means.")


# two-sided 95% quantiles of Student's t for 1..30 degrees of freedom
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042]


def t975(df):
    if df < 1:
        return float("nan")
    return T975[min(int(df), 30) - 1] if df < 30 else 1.96 + 2.4 / df


def top(path):
    """The top-level string keys of a result file (started, finished …)."""
    out = {}
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'^([a-z_]+) = "([^"]*)"$', line.rstrip("\n"))
        if m:
            out[m.group(1)] = m.group(2)
        if line.startswith("filesystem "):
            break
    return out


def epoch(iso):
    """"2026-12-04T10:00:00Z" as seconds since the epoch, or None."""
    try:
        return calendar.timegm(time.strptime(iso, "%Y-%m-%dT%H:%M:%SZ"))
    except (TypeError, ValueError):
        return None


def welch(x, y):
    """The difference of x's mean from y's, relative to y's mean, and its
    95% interval (Welch): "+1.0% | [-2.0%, +4.0%] | no difference |"."""
    mx, my = statistics.mean(x), statistics.mean(y)
    line = "%+.1f%% |" % ((mx - my) / my * 100 if my else float("nan"))
    if len(x) >= 2 and len(y) >= 2 and my > 0:
        vx, vy = statistics.variance(x) / len(x), statistics.variance(y) / len(y)
        se = math.sqrt(vx + vy)
        df = (vx + vy) ** 2 / ((vx ** 2 / (len(x) - 1) if vx else 0) + (vy ** 2 / (len(y) - 1) if vy else 0) or 1e-300)
        h = t975(df) * se
        lo, hi = (mx - my - h) / my * 100, (mx - my + h) / my * 100
        line += " [%+.1f%%, %+.1f%%] | %s |" % (lo, hi, "differs" if lo > 0 or hi < 0 else "no difference")
    else:
        line += " — | one run a side |"
    return line


def metric(r, m):
    if m == "dead":
        return r["real"] - r["user"]
    return r.get(m)


def gather(m, files, aside):
    """{(fs, phase): [METRIC of each run]} of the timed runs, and (fs, "all
    phases") a run's phases summed; disturbed runs counted in aside[0]."""
    out = {}
    for f in files:
        tot = {}
        for fs, ph, r in runs(f):
            if ph == "clone" or metric(r, m) is None:
                continue
            if "disturbed" in r:      # set aside, as fsbench's cells do
                aside[0] += 1
                continue
            v = metric(r, m)
            out.setdefault((fs, ph), []).append(v)
            tot[fs] = tot.get(fs, 0) + v
        for fs, v in tot.items():
            out.setdefault((fs, "all phases"), []).append(v)
    return out


def aa(m, with_files, without_files):
    aside = [0]
    a, b = gather(m, with_files, aside), gather(m, without_files, aside)
    print("| Phase | Filesystem | without (s) | beside the probe (s) | difference | 95% interval | |")
    print("|---|---|---:|---:|---:|---|---|")
    keys = [k for k in b if k in a]
    keys.sort(key=lambda k: (k[1] == "all phases", k[1], k[0]))
    for fs, ph in keys:
        x, y = a[(fs, ph)], b[(fs, ph)]
        print("| %s | %s | %.3f | %.3f | %s" % (ph, fs, statistics.mean(y), statistics.mean(x), welch(x, y)))
    if not keys:
        print("| — | — | | | | | no phase has undisturbed runs on both sides: the machine was busy |")
    print()
    print("%s, mean over the runs with the stall probe beside the timed phases (--probe beside) and "
          "without it (--no-probe); difference = beside / without − 1; interval: Welch's 95%% interval "
          "of the difference of the means, relative to the mean without.  An interval that holds 0: no "
          "difference these runs can tell.  Runs fsbench set aside as disturbed are left out here too "
          "(%d)." % (m, aside[0]))


def stall(m, round_files, without_files):
    aside = [0]
    a, b = gather(m, round_files, aside), gather(m, without_files, aside)
    cost, walls, shares = {}, [], []
    for f in round_files:
        t = top(f)
        first = last = None
        for fs, ph, r in runs(f, "stall_run"):
            cost.setdefault(fs, {}).setdefault(f, 0.0)
            cost[fs][f] += r.get("real", 0.0)
            if "started_at" in r:
                end = r["started_at"] + r.get("real", 0.0)
                first = r["started_at"] if first is None else min(first, r["started_at"])
                last = end if last is None else max(last, end)
        t0, t1 = epoch(t.get("started")), epoch(t.get("finished"))
        if first is not None:
            walls.append(last - first)
            if t0 is not None and t1 is not None and t1 > t0:
                shares.append((last - first) / (t1 - t0))
    print("| Filesystem | without (s) | --probe round, timed (s) | difference | 95% interval | | "
          "its phases in the stall round (s) |")
    print("|---|---:|---:|---:|---|---|---:|")
    keys = sorted(k for k in b if k in a and k[1] == "all phases")
    for fs, ph in keys:
        x, y = a[(fs, ph)], b[(fs, ph)]
        c = list(cost.get(fs, {}).values())
        print("| %s | %.3f | %.3f | %s %s |" % (fs, statistics.mean(y), statistics.mean(x), welch(x, y),
                                             "%.2f" % statistics.mean(c) if c else "—"))
    if not keys:
        print("| — | | | | | no filesystem has undisturbed runs on both sides: the machine was busy | |")
    print()
    print("%s of all phases, mean over the timed runs of --probe round (the stall probe in a round of "
          "its own after them) and of --no-probe: the same by construction, the probe never ran beside "
          "them.  What the probe costs instead is the stall round: %s of wall time per run (from its "
          "first phase's start to its last phase's end: the mkfs and mounts between included), %s of "
          "the run's." % (
              m, "%.1f s" % statistics.mean(walls) if walls else "unknown",
              "%.0f%%" % (statistics.mean(shares) * 100) if shares else "a share unknown"))


def main(argv):
    if len(argv) >= 3 and argv[1] == "amp":
        amp(argv[2:])
    elif len(argv) >= 5 and argv[1] == "aa" and "--" in argv:
        i = argv.index("--")
        aa(argv[2], argv[3:i], argv[i + 1:])
    elif len(argv) >= 5 and argv[1] == "stall" and "--" in argv:
        i = argv.index("--")
        stall(argv[2], argv[3:i], argv[i + 1:])
    else:
        sys.stderr.write("usage: disk-lib.py amp RESULT... | aa METRIC WITH... -- WITHOUT... | "
                         "stall METRIC ROUND... -- WITHOUT...\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
