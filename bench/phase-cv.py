#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The figures of bench/phase-cv.sh, which runs it: Markdown on standard
output, per phase and filesystem the dead time's CV against the goal.

    phase-cv.py sessions WORK N GOAL PROFILE
        across sessions: WORK/s0.csv … s(N-1).csv, one session's runs each
    phase-cv.py rounds WORK PROFILE REPS FSLIST LOAD0 LOAD1 T0 GOAL
        one run in rounds: WORK/cv.fsbench and its runs, WORK/cv.csv
"""
import csv
import datetime
import math
import re
import statistics
import sys


def goal_lines(order, worst, goal, where):
    """After a table: the phases (in order) whose largest CV (worst) is within
    the goal on every filesystem, and those that are not."""
    print()
    ok = [p for p in order if p in worst and worst[p] <= goal]
    bad = [p for p in order if p in worst and worst[p] > goal]
    print(f"- Meet the {goal*100:.0f}% goal{where} on every filesystem: {', '.join(ok) or 'none'}.")
    print(f"- Do not: {', '.join(f'{p} (up to {worst[p]*100:.1f}%)' for p in bad) or 'none'}.")


def sessions(work, n, goal, profile):
    runs = {}   # (phase, fs) -> [session][dead...]
    order_p, order_f, when = [], [], []
    for i in range(n):
        rows = [r for r in csv.DictReader(open(f"{work}/s{i}.csv")) if r["status"] == "ok" and r["kind"] == "command"]
        when.append(rows[0]["file"] if rows else "?")
        for r in rows:
            try:
                d = float(r["real"]) - float(r["user"])
            except ValueError:
                continue
            p, f = r["phase"], r["filesystem"]
            if p.startswith(("aged-", "fresh-")) or p in ("age", "refresh"):
                continue
            if p not in order_p: order_p.append(p)
            if f not in order_f: order_f.append(f)
            runs.setdefault((p, f), [[] for _ in range(n)])[i].append(d)
    print(f"## Across {n} sessions of the {profile} profile\n")
    print("Sessions: " + ", ".join(when) + ".  Per phase and filesystem: the dead time's CV within a session (pooled), "
          "between the sessions' means, and over every run of every session — what a user who runs the plan "
          "another day sees, and what the goal is judged by.\n")
    print(f"| Phase | Filesystem | dead s (mean) | CV within a session | CV between sessions | CV across sessions | ≤ {goal*100:.0f}% |")
    print("|---|---|---:|---:|---:|---:|:---:|")
    worst = {}
    for p in order_p:
        for f in order_f:
            ss = [s for s in runs.get((p, f), []) if s]
            allv = [x for s in ss for x in s]
            if len(ss) < 2 or len(allv) < 3:
                continue
            m = statistics.mean(allv)
            num = sum((len(s) - 1) * statistics.variance(s) for s in ss if len(s) > 1)
            den = sum(len(s) - 1 for s in ss if len(s) > 1)
            cw = math.sqrt(num / den) / m if den and m > 0 else float("nan")
            cb = statistics.stdev([statistics.mean(s) for s in ss]) / m if m > 0 else float("nan")
            ct = statistics.stdev(allv) / m if m > 0 else float("inf")
            worst[p] = max(worst.get(p, 0), ct)
            print(f"| {p} | {f} | {m:.3f} | {cw*100:.1f}% | {cb*100:.1f}% | {ct*100:.1f}% | {'yes' if ct <= goal else '**no**'} |")
    goal_lines(order_p, worst, goal, " across sessions")
    print()


def rounds(work, profile, reps, fslist, load0, load1, t0, goal):
    text = open(f"{work}/cv.fsbench").read()
    rows = [r for r in csv.DictReader(open(f"{work}/cv.csv")) if r["status"] == "ok"]
    if not rows:
        sys.exit("phase-cv.sh: the result has no completed run")

    # what the result file recorded about each run's interference, by seq
    disturbed = {}
    for chunk in re.split(r"\n\s*run \{", text)[1:]:
        chunk = re.split(r'\n\s*phase "|\n\s*filesystem "', chunk)[0]
        seq = re.search(r"\bseq = (\d+)", chunk)
        why = re.search(r'\n\s*disturbed = "((?:[^"\\]|\\.)*)"', chunk)
        if seq and why:
            disturbed[seq.group(1)] = why.group(1)
    quiet = re.search(r'^quiet = "((?:[^"\\]|\\.)*)"', text, re.M)
    finished = re.search(r'^finished = "([^"]+)"', text, re.M)

    def num(r, k):
        try:
            return float(r[k])
        except (KeyError, ValueError):
            return None

    fss, phases = [], []
    for r in rows:
        if r["filesystem"] not in fss: fss.append(r["filesystem"])
        if r["phase"] not in phases: phases.append(r["phase"])

    # rounds: round k runs repetition k of every filesystem; it lasts from its
    # first phase's start to the next round's (mkfs, mount, cache drops in it)
    starts = {}
    for r in rows:
        k, s = int(r["repetition"]), num(r, "started_at")
        if s is not None:
            starts[k] = min(starts.get(k, s), s)
    end = None
    if finished:
        end = datetime.datetime.strptime(finished.group(1), "%Y-%m-%dT%H:%M:%SZ").replace(
            tzinfo=datetime.timezone.utc).timestamp()
    walls = []
    for k in sorted(starts):
        nxt = starts.get(k + 1, end)
        if nxt is not None:
            walls.append(nxt - starts[k])

    others = [x for x in (num(r, "others_cpu") for r in rows) if x is not None]
    psi = [x for x in (num(r, "psi_cpu") for r in rows) if x is not None]
    ndist = sum(1 for r in rows if r.get("seq") in disturbed)

    print(f"## {t0}, profile {profile}, {reps} rounds of {' '.join(fss)}\n")
    print(f"- Load average {load0} before, {load1} after (fsbench itself keeps one CPU busy).")
    if quiet:
        print(f"- Before the run: {quiet.group(1)}.")
    line = f"- Disturbed runs (the result's interference record): **{ndist} of {len(rows)}**"
    if others:
        line += f"; other programs' CPU per run: mean {statistics.mean(others)*100:.0f}%, max {max(others)*100:.0f}% of a CPU"
    if psi:
        line += f"; waiting for a CPU: max {max(psi)*100:.0f}% of a phase's time"
    print(line + ".")
    if walls:
        print(f"- Wall time of a round ({len(fss)} filesystem{'s' if len(fss) > 1 else ''}, mkfs, mount and cache drops included): "
              + ", ".join(f"{w:.0f} s" for w in walls)
              + f"; mean **{statistics.mean(walls)/60:.1f} min** (goal: 4–5 rounds in the 15-minute budget, at most 3 min)")
    print()
    print(f"| Phase | Filesystem | real s (mean) | dead s (mean) | CV of dead time | ≤ {goal*100:.0f}% |")
    print("|---|---|---:|---:|---:|:---:|")
    worst = {}
    for p in phases:
        for f in fss:
            rs = [r for r in rows if r["filesystem"] == f and r["phase"] == p]
            dead = [num(r, "real") - num(r, "user") for r in rs if num(r, "real") is not None and num(r, "user") is not None]
            real = [num(r, "real") for r in rs if num(r, "real") is not None]
            if len(dead) < 2:
                print(f"| {p} | {f} | {statistics.mean(real) if real else 0:.2f} | - | - (fewer than 2 runs) | - |")
                continue
            m = statistics.mean(dead)
            cv = statistics.stdev(dead) / m if m > 0 else float("inf")
            worst[p] = max(worst.get(p, 0), cv)
            nd = sum(1 for r in rs if r.get("seq") in disturbed)
            note = f" ({nd} disturbed)" if nd else ""
            print(f"| {p} | {f} | {statistics.mean(real):.2f} | {m:.3f} | {cv*100:.1f}%{note} | {'yes' if cv <= goal else '**no**'} |")
    goal_lines(phases, worst, goal, "")
    print(f"- For the `{profile}` profile in data/fsbench.conf (the largest CV of each phase over the filesystems):\n")
    print("      measured_cv = { " + ", ".join(f'"{p}={worst[p]:.3f}"' for p in phases if p in worst) + " }")
    print()


def main(argv):
    if argv[1:2] == ["sessions"] and len(argv) == 6:
        sessions(argv[2], int(argv[3]), float(argv[4]), argv[5])
    elif argv[1:2] == ["rounds"] and len(argv) == 10:
        work, profile, reps, fslist, load0, load1, t0, goal = argv[2:]
        rounds(work, profile, int(reps), fslist, load0, load1, t0, float(goal))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
