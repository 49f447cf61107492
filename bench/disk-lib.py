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
#       with the probe and without, their relative difference and its
#       95% interval (Welch), and whether it holds 0; then the total
#       ("all phases": a run's phases summed).  Runs set aside as
#       disturbed are left out, as fsbench's cells leave them out.
import math
import re
import statistics
import sys

FIELD = re.compile(r"\b([a-z_0-9]+) = (-?[0-9.eE+-]+|\"[^\"]*\")")


def runs(path):
    """(fs, phase, {field: value}) of every ok run of a result file."""
    fs = phase = None
    inrun = False
    cur = {}
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
        if s.startswith("run {"):
            inrun, cur = True, {}
            s = s[5:]
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
          "write_bytes − cancelled_write_bytes, and the stall probe's 4 KiB saves); "
          "median (range) over the runs; — = under 1 MiB saved; all phases = Σ written / Σ saved of the means.")


# two-sided 95% quantiles of Student's t for 1..30 degrees of freedom
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042]


def t975(df):
    if df < 1:
        return float("nan")
    return T975[min(int(df), 30) - 1] if df < 30 else 1.96 + 2.4 / df


def metric(r, m):
    if m == "dead":
        return r["real"] - r["user"]
    return r.get(m)


def aa(m, with_files, without_files):
    aside = [0]

    def gather(files):
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
    a, b = gather(with_files), gather(without_files)
    print("| Phase | Filesystem | without (s) | with the probe (s) | difference | 95% interval | |")
    print("|---|---|---:|---:|---:|---|---|")
    keys = [k for k in b if k in a]
    keys.sort(key=lambda k: (k[1] == "all phases", k[1], k[0]))
    for fs, ph in keys:
        x, y = a[(fs, ph)], b[(fs, ph)]
        mx, my = statistics.mean(x), statistics.mean(y)
        line = "| %s | %s | %.3f | %.3f | %+.1f%% |" % (ph, fs, my, mx, (mx - my) / my * 100 if my else float("nan"))
        if len(x) >= 2 and len(y) >= 2 and my > 0:
            vx, vy = statistics.variance(x) / len(x), statistics.variance(y) / len(y)
            se = math.sqrt(vx + vy)
            df = (vx + vy) ** 2 / ((vx ** 2 / (len(x) - 1) if vx else 0) + (vy ** 2 / (len(y) - 1) if vy else 0) or 1e-300)
            h = t975(df) * se
            lo, hi = (mx - my - h) / my * 100, (mx - my + h) / my * 100
            line += " [%+.1f%%, %+.1f%%] | %s |" % (lo, hi, "differs" if lo > 0 or hi < 0 else "no difference")
        else:
            line += " — | one run a side |"
        print(line)
    if not keys:
        print("| — | — | | | | | no phase has undisturbed runs on both sides: the machine was busy |")
    print()
    print("%s, mean over the runs with the stall probe and without (--no-probe); difference = with / "
          "without − 1; interval: Welch's 95%% interval of the difference of the means, relative to "
          "the mean without.  An interval that holds 0: no difference these runs can tell.  "
          "Runs fsbench set aside as disturbed are left out here too (%d)." % (m, aside[0]))


def main(argv):
    if len(argv) >= 3 and argv[1] == "amp":
        amp(argv[2:])
    elif len(argv) >= 5 and argv[1] == "aa" and "--" in argv:
        i = argv.index("--")
        aa(argv[2], argv[3:i], argv[i + 1:])
    else:
        sys.stderr.write("usage: disk-lib.py amp RESULT... | aa METRIC WITH... -- WITHOUT...\n")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
