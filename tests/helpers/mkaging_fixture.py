#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Write tests/fixtures/aging-3fs.fsbench: a result of `fsbench run --age`
on ext4, xfs and btrfs, three repetitions in rounds, made by hand (no run
needed) after doc/result-format.md, with figures shaped like the research
of issue 23 on an SSD: btrfs fastest fresh and slowest aged (about 2.3x at
grep), xfs about 1.4x, ext4 about 1.1x; the stat walk: ext4 no measurable
aging, xfs and btrfs some.  xfs's aged grep of repetition 2 is disturbed
(set aside: the factor stands on its two other runs).  btrfs reports no
free space (NAN, absent).  The desktop phases run aged and fresh (make2,
cp, rm) age less than the reads: btrfs's cp most (2x), ext4's rm not
measurably.  One desktop phase (tar) before the aging so that the
document has a summary, a total and a verdict the aging phases must stay
out of.

    mkaging_fixture.py > tests/fixtures/aging-3fs.fsbench
"""

FS = {
    # dead seconds of (grep, stat), fresh and aged; age's real seconds and fullness
    "ext4": dict(grep=(1.20, 1.35), stat=(0.300, 0.302), make2=(1.30, 1.38), cp=(0.80, 0.95), rm=(0.400, 0.402), age=118.4, full=0.803, tar=2.10,
                 aged=dict(ext=1.85, p90=3, mx=41, multi=0.31, free=1840, mean=212, big=0.42),
                 fresh=dict(ext=1.02, p90=1, mx=4, multi=0.012, free=14, mean=118000, big=0.99)),
    "xfs": dict(grep=(1.10, 1.55), stat=(0.350, 0.400), make2=(1.25, 1.40), cp=(0.85, 1.05), rm=(0.50, 0.58), age=131.2, full=0.797, tar=2.25,
                aged=dict(ext=1.42, p90=2, mx=17, multi=0.18, free=2210, mean=175, big=0.37),
                fresh=dict(ext=1.01, p90=1, mx=3, multi=0.008, free=9, mean=183000, big=0.99)),
    "btrfs": dict(grep=(0.95, 2.20), stat=(0.280, 0.450), make2=(1.50, 1.95), cp=(0.70, 1.40), rm=(0.45, 0.70), age=162.7, full=0.812, tar=2.60,
                  aged=dict(ext=3.60, p90=8, mx=96, multi=0.52),
                  fresh=dict(ext=1.04, p90=1, mx=6, multi=0.021)),
}
NOISE = ([1.0, 1.012, 0.988], [0.99, 1.03, 1.0], [1.008, 0.995, 0.997], [0.985, 1.01, 1.02])
PHASES = ["tar", "age", "aged-grep", "aged-stat", "aged-make2", "aged-cp", "aged-rm",
          "refresh", "fresh-grep", "fresh-stat", "fresh-make2", "fresh-cp", "fresh-rm"]
# the noise a phase's runs get: by this order, so that the reads keep the
# figures they had before the desktop phases were added
NOISE_ORDER = ["tar", "age", "aged-grep", "aged-stat", "refresh", "fresh-grep", "fresh-stat",
               "aged-make2", "aged-cp", "aged-rm", "fresh-make2", "fresh-cp", "fresh-rm"]
DESKTOP = {"make2": ('cd build/\\${treename} && make -j2 CC=\\"ccache cc\\"', 2.0, 1.1),
           "cp": ("cp -a tree copy", 0.10, 0.45), "rm": ("rm -rf copy", 0.02, 0.30)}
LABEL = {
    "tar": "tar xf", "age": "Aging: churn, fill and free, appends",
    "aged-grep": "Aged tree, grep -r (cold)", "aged-stat": "Aged tree, stat walk (cold)",
    "refresh": "Tree copied out, filesystem made afresh, copied back (cp -a)",
    "fresh-grep": "Fresh copy, grep -r (cold)", "fresh-stat": "Fresh copy, stat walk (cold)",
    "aged-make2": "make all (full ccache) on the aged filesystem", "aged-cp": "cp -a of the aged tree",
    "aged-rm": "rm -rf of that copy", "fresh-make2": "make all (full ccache) on the fresh filesystem",
    "fresh-cp": "cp -a of the fresh tree", "fresh-rm": "rm -rf of that copy",
}
ROUND_ORDER = (["xfs", "ext4", "btrfs"], ["btrfs", "xfs", "ext4"], ["ext4", "btrfs", "xfs"])
T0 = 1796212800  # 2026-12-02T10:00:00Z
FILES, ENTRIES, BYTES = 2400, 2712, 61865984


def g(v):
    return "%.15g" % v


def run_fields(fs, ph, rep):
    f = FS[fs]
    n = NOISE[(list(FS).index(fs) + NOISE_ORDER.index(ph)) % len(NOISE)][rep]
    out = {}
    if ph == "tar":
        user = 0.21
        out.update(real=f["tar"] * n + user, user=user, sys=0.41 * n, sync=0.05)
    elif ph == "age":
        out.update(real=f["age"] * n, user=9.8 * n, sys=31.5 * n, fullness=f["full"] + (rep - 1) * 0.002,
                   ops=400, bytes=1610612736 + rep * 4096)
    elif ph == "refresh":
        out.update(real=44.0 * n, user=1.1, sys=6.3 * n)
    elif ph.split("-")[1] in DESKTOP:
        what, aged = ph.split("-")[1], ph.startswith("aged")
        user, sys = DESKTOP[what][1:]
        dead = f[what][1 if aged else 0] * n
        out.update(real=dead + user, user=user, sys=sys * n, sync=0.04, caches_dropped=1)
    else:
        read, aged = ph.split("-")[1], ph.startswith("aged")
        user = 0.11 if read == "grep" else 0.04
        dead = f[read][1 if aged else 0] * n
        if fs == "xfs" and ph == "aged-grep" and rep == 1:
            dead += 1.1     # the disturbed run: set aside
        out.update(real=dead + user, user=user, sys=(0.38 if read == "grep" else 0.12) * n,
                   caches_dropped=1)
        if read == "grep":
            out.update(bytes=BYTES, ops=FILES)
        else:
            lay = f["aged" if aged else "fresh"]
            out.update(ops=ENTRIES, layout_files=FILES,
                       extents_per_file=lay["ext"] * (1 + (rep - 1) * 0.01), extents_p90=lay["p90"],
                       extents_max=lay["mx"], multi_extent_share=lay["multi"])
            if "free" in lay:
                out.update(free_extents=lay["free"] + rep * 3, free_extent_mean_kib=lay["mean"],
                           free_big_share=lay["big"])
    return out


def main():
    seq, t, runs = 0, T0, {}
    for rep, order in enumerate(ROUND_ORDER):
        for fs in order:
            for ph in PHASES:
                seq += 1
                fields = run_fields(fs, ph, rep)
                fields.update(seq=seq, started_at=t)
                t += fields["real"] + 0.5
                runs.setdefault((fs, ph), []).append(fields)
    finished = int(t) + 5
    import time
    iso = lambda s: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(s))
    p = print
    p("# fsbench result file (libconfuse syntax); see fsbench(1)")
    p("format = 1")
    p('tool = "fsbench 0.1.0"')
    p('started = "%s"' % iso(T0 - 20))
    p('finished = "%s"' % iso(finished))
    p('status = "complete"')
    p('baseline = "ext4"')
    p('profile = "quick"')
    p('command = "fsbench run --image /var/tmp/age.img --size 4G -f ext4,xfs,btrfs -p tar -P quick -n 3 --age '
      '-o /var/tmp/aging-3fs.fsbench"')
    p('workload = "generated source tree, seed 1, 2400 files"')
    p("repeat = 3")
    p("phases = { %s }" % ", ".join('"%s"' % x for x in PHASES))
    p('order = "rounds"')
    p("order_seed = 7")
    p("host {")
    p('  hostname = "vm"  kernel = "Linux 6.18.44 x86_64"  cpu = "Intel(R) Xeon(R) Processor"')
    p('  distro = "Debian GNU/Linux 12 (bookworm)"  cores = 2  ram_mib = 24151')
    p('  versions = { "tar (GNU tar) 1.34", "cp (GNU coreutils) 9.1" }')
    p("}")
    p("target {")
    p('  kind = "image"  path = "/var/tmp/age.img"  device = "/dev/loop0"  size_mib = 4096')
    p('  reasons = { "loop device with direct I/O: the image is not cached twice" }')
    p("}")
    mkfs = {"ext4": "mkfs.ext4 -F -q /dev/loop0", "xfs": "mkfs.xfs -f -q /dev/loop0",
            "btrfs": "mkfs.btrfs -f -q /dev/loop0"}
    vers = {"ext4": "mke2fs 1.47.0 (5-Feb-2023)", "xfs": "mkfs.xfs version 6.1.0",
            "btrfs": "mkfs.btrfs, part of btrfs-progs v6.2"}
    for fs in FS:
        p('filesystem "%s" {' % fs)
        p('  type = "%s"' % fs)
        p('  mkfs = "%s"' % mkfs[fs])
        p('  mkfs_version = "%s"' % vers[fs])
        p('  mount_options = ""')
        p('  status = "ok"')
        p("  mkfs_seconds = {0.61, 0.58, 0.60, 0.59, 0.62, 0.60}")
        p("  mount_seconds = {0.031, 0.029, 0.030, 0.032, 0.030, 0.031}")
        p("  umount_seconds = {0.21, 0.20, 0.22, 0.21, 0.20, 0.21}")
        for ph in PHASES:
            p('  phase "%s" {' % ph)
            desk = ph.split("-")[-1] in DESKTOP
            kind = "command" if ph == "tar" or desk else "builtin"
            p('    label = "%s"  kind = "%s"' % (LABEL[ph], kind))
            if ph == "tar":
                p('    command = "tar -xf \\${src}"')
            elif desk:
                p('    command = "%s"' % DESKTOP[ph.split("-")[1]][0])
            p('    status = "ok"')
            for rep, fields in enumerate(runs[(fs, ph)]):
                body = " ".join("%s = %s" % (k, g(v)) for k, v in fields.items())
                p("      run { %s" % body)
                if fs == "xfs" and ph == "aged-grep" and rep == 1:
                    p('        others_cpu = 0.93 top_cpu = 0.91 top = "burner"')
                    p('        disturbed = "other programs used 93% of a CPU, mostly burner"')
                p('        status = "ok"')
                if kind == "command":
                    p("        exit_status = 0")
                p("      }")
            p("  }")
        p("}")


main()
