#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Where the CPU time of one phase went, from two /proc dumps.

    account.py DUMP-a DUMP-b

DUMP-a and DUMP-b are the directories fsbench writes with
FSB_INTERFERE_DUMP=DIR (or record.sh keeps); DUMP-b/meta says who the
phase was.  Prints /proc/stat's busy time broken down (user, system, irq,
softirq), and the processes' CPU time: the phase's process group, fsbench,
kernel threads (alive at both ends, new, ended) and other programs, so a
"busy" figure can be traced to whoever used the time.  USER_HZ = 100."""
import os
import sys

HZ = 100.0


def stat(d):
    f = open(os.path.join(d, "stat")).readline().split()
    v = [int(x) / HZ for x in f[1:9]]
    return dict(zip("user nice system idle iowait irq softirq steal".split(), v))


def procs(d):
    out = {}
    for p in os.listdir(d):
        if not p.isdigit():
            continue
        t = open(os.path.join(d, p, "stat")).read()
        comm = t[t.index("(") + 1:t.rindex(")")]
        f = t[t.rindex(")") + 2:].split()
        # f[0] state, f[1] ppid, f[2] pgrp, f[6] flags, f[11] utime, f[12] stime,
        # f[13] cutime, f[14] cstime, f[19] starttime
        out[(int(p), int(f[19]))] = dict(comm=comm, ppid=int(f[1]), pgrp=int(f[2]),
                                        kthread=bool(int(f[6]) & 0x00200000),
                                        cpu=(int(f[11]) + int(f[12])) / HZ,
                                        reaped=(int(f[13]) + int(f[14])) / HZ)
    return out


def main():
    a, b = sys.argv[1], sys.argv[2]
    meta = dict(l.split(None, 1) for l in open(os.path.join(b, "meta")).read().splitlines())
    pgid, me = int(meta["pgid"]), int(meta["self"])
    sa, sb = stat(a), stat(b)
    d = {k: sb[k] - sa[k] for k in sa}
    busy = d["user"] + d["nice"] + d["system"] + d["irq"] + d["softirq"]
    own = float(meta["user"]) + float(meta["sys"])
    print("phase: real %s user %s sys %s (pgid %d, fsbench %d)" % (meta["real"], meta["user"], meta["sys"], pgid, me))
    print("/proc/stat: busy %.2f = user %.2f nice %.2f system %.2f irq %.2f softirq %.2f; idle %.2f iowait %.2f steal %.2f"
          % (busy, d["user"], d["nice"], d["system"], d["irq"], d["softirq"], d["idle"], d["iowait"], d["steal"]))
    pa, pb = procs(a), procs(b)
    groups = {}

    def add(g, name, v):
        if v:
            groups.setdefault(g, {}).setdefault(name, 0.0)
            groups[g][name] += v

    for k, p in pb.items():
        q = pa.get(k)
        dc = p["cpu"] - (q["cpu"] if q else 0)
        dr = p["reaped"] - (q["reaped"] if q else 0)
        life = "both" if q else "new"
        if k[0] == me:
            add("fsbench (own time; reaped = the phase)", p["comm"], dc)
        elif pgid > 0 and p["pgrp"] == pgid:
            add("phase group, %s" % life, p["comm"], dc)
        elif p["kthread"]:
            add("kernel threads, %s" % life, p["comm"], dc)
        else:
            add("others, %s" % life, p["comm"], dc)
            add("others' reaped children", p["comm"], dr)
    for k, p in pa.items():
        if k not in pb:
            kind = "kthread" if p["kthread"] else "process"
            add("ended before b (%s, time before a)" % kind, p["comm"], p["cpu"] + p["reaped"])
    old_known = sum(sum(v.values()) for g, v in groups.items() if g.startswith("kernel threads") or g.startswith("fsbench"))
    # the others as the classifier counts them: by process, less the time
    # before a of ended processes that an "other" alive at both ends reaped
    others = sum(sum(v.values()) for g, v in groups.items() if g.startswith("others"))
    by_pid = {k[0]: k for k in pa}

    def other(k, p):
        return not p["kthread"] and k[0] != me and not (pgid > 0 and p["pgrp"] == pgid)

    for k, p in pa.items():
        if k in pb or not other(k, p):
            continue
        up = by_pid.get(p["ppid"])
        for _ in range(64):
            if up is None or up in pb:
                break
            up = by_pid.get(pa[up]["ppid"])
        if up is not None and up in pb and other(up, pa[up]):
            others -= p["cpu"] + p["reaped"]
    for g in sorted(groups):
        tot = sum(groups[g].values())
        tops = sorted(groups[g].items(), key=lambda x: -x[1])[:6]
        print("%-44s %6.2f s  %s" % (g, tot, ", ".join("%s %.2f" % t for t in tops)))
    print("the old rule's others: busy − phase − fsbench − kthreads = %.2f s = %.0f%% of a CPU"
          % (busy - own - old_known, 100 * (busy - own - old_known) / float(meta["real"])))
    print("others counted by process: %.2f s; what the old rule read as others' beyond them: %.2f s"
          " (of which irq + softirq %.2f s)" % (others, busy - own - old_known - others, d["irq"] + d["softirq"]))


main()
