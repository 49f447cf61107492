#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Reference values for tests/unit/test_report.c: the per-cell statistics
and the comparisons with the baseline as the report must compute them,
worked out here independently of src/ with numpy and scipy (Debian:
apt-get install python3-scipy).

Not run by `make check`.  Run it by hand,
`/usr/bin/python3 tests/unit/report_reference.py`, and paste its output over
the block between the "BEGIN/END report_reference.py" markers in
test_report.c.  Written against scipy 1.10.1 / numpy 1.24.2.

The data are published: seed 004's raw tables (20 repetitions of a kernel
build on ext2, ext3 and ext3 64bit; real seconds with sys+user in
brackets), phases tar_x, make_sync and rm.  What the report does with a
cell, per the contracts in src/model/stats.h and src/doc/report.h:
  - the values of a cell are the metric of its successful runs; "dead" is
    real - user; the "total" of a repetition is the sum of its phases;
  - outliers: |x - median| > 3 * 1.4826 * MAD (not with fewer than 4
    values or a MAD of 0), judged once per run on real time (the same runs
    are left out of every column of a cell), left out of everything but n,
    min and max;
  - mean, median, sd (n-1), CV = sd/mean and the 95% CI half-width
    t(0.975, n-1) * sd / sqrt(n) of the values kept;
  - a filesystem vs the baseline: ratio = mean(fs) / mean(baseline), its
    95% CI by Fieller's theorem (solved below as the quadratic it is), and
    Welch's t-test (Mann-Whitney with --mann-whitney) on the kept values.
"""
import math

import numpy as np
import scipy
from scipy import stats

out = []


def emit(line=""):
    out.append(line)


def c(x):
    x = float(x)
    if math.isnan(x):
        return "NAN"
    return repr(x)


# seed 004, transcribed from its tables: (real, sys, user) per repetition
S004 = {
    "tar_x": {
        "ext2": "19.65 1.44 19.44|19.84 1.50 19.73|20.31 1.50 20.19|19.80 1.53 19.69|19.68 1.54 19.45|"
                "19.67 1.40 19.66|19.98 1.48 19.82|19.80 1.34 19.65|19.67 1.45 19.46|19.80 1.70 19.64|"
                "19.64 1.62 19.48|20.11 1.38 19.97|20.04 1.51 19.81|20.14 1.37 19.95|19.73 1.36 19.55|"
                "19.69 1.57 19.50|19.68 1.61 19.43|19.67 1.45 19.52|20.28 1.46 20.18|20.07 1.51 19.77",
        "ext3": "22.24 2.21 19.62|21.49 2.23 19.58|20.35 2.14 19.82|22.97 2.19 20.05|21.38 2.06 19.61|"
                "24.05 2.01 19.61|20.43 2.19 19.83|21.29 2.23 19.78|20.56 2.12 19.59|21.13 2.15 20.02|"
                "23.39 1.97 19.65|21.44 2.14 20.03|22.05 2.20 19.63|24.02 2.19 19.72|22.28 2.04 19.88|"
                "21.24 1.90 19.57|22.56 2.08 19.52|22.74 2.05 19.76|23.23 2.17 19.73|21.82 2.33 19.59",
        "ext3_64bit": "20.44 2.31 19.88|20.44 2.12 19.74|21.53 2.23 19.64|21.95 2.01 20.40|22.48 2.16 19.63|"
                      "20.76 2.13 19.72|21.14 2.06 19.82|20.85 2.31 19.70|20.97 2.26 19.81|23.12 2.13 19.76|"
                      "24.41 1.99 19.60|21.60 2.18 19.83|21.14 2.14 19.81|23.55 2.19 19.98|21.12 2.05 19.74|"
                      "20.82 2.08 19.65|20.94 2.00 19.60|21.41 2.09 19.64|21.52 2.16 19.51|22.36 2.02 19.80",
    },
    "make_sync": {
        "ext2": "1.53 0 0|1.53 0 0|1.45 0 0|1.50 0 0|1.38 0 0|1.33 0 0|1.38 0.01 0|1.40 0 0|"
                "1.52 0.01 0|1.75 0.01 0|1.46 0.01 0|1.21 0 0|1.63 0 0|1.72 0.01 0|1.31 0 0|"
                "1.65 0 0|1.35 0 0|1.28 0.01 0|1.39 0.01 0|1.29 0 0",
        "ext3": "0.77 0.03 0|0.73 0.03 0|0.55 0.02 0|1.25 0.04 0|0.72 0.03 0|0.79 0.02 0|0.76 0.04 0|"
                "0.75 0.04 0|0.61 0.03 0|0.55 0.03 0|0.97 0.03 0|0.54 0.03 0|0.64 0.02 0|0.68 0.02 0|"
                "0.95 0.02 0|0.75 0.04 0|1.01 0.04 0|0.76 0.02 0|1.22 0.03 0|0.57 0.03 0",
        "ext3_64bit": "0.72 0.03 0|0.75 0.03 0|0.58 0.02 0|0.59 0.02 0|0.64 0.03 0|0.56 0.02 0|0.72 0.03 0|"
                      "0.53 0.03 0|0.86 0.02 0|0.77 0.02 0|0.82 0.04 0|0.75 0.04 0|0.47 0.02 0|1.09 0.02 0|"
                      "0.72 0.03 0|0.56 0.03 0|0.59 0.03 0|0.65 0.03 0|0.71 0.02 0|0.81 0.03 0",
    },
    "rm": {
        "ext2": "0.36 0.36 0.00|0.36 0.35 0.01|0.36 0.35 0.01|0.36 0.34 0.02|0.36 0.35 0.01|"
                "0.36 0.36 0.00|0.36 0.36 0.00|0.36 0.33 0.03|0.36 0.35 0.01|0.36 0.35 0.01|"
                "0.36 0.34 0.02|0.36 0.35 0.01|0.36 0.34 0.02|0.36 0.34 0.01|0.36 0.36 0.00|"
                "0.36 0.36 0.00|0.36 0.36 0.00|0.36 0.36 0.00|0.36 0.34 0.01|0.36 0.35 0.00",
        "ext3": "0.64 0.62 0.01|0.64 0.63 0.01|0.64 0.63 0.00|0.64 0.64 0.00|0.64 0.62 0.02|"
                "0.64 0.64 0.00|0.64 0.62 0.02|0.64 0.64 0.00|0.64 0.62 0.02|0.64 0.63 0.01|"
                "0.64 0.61 0.02|0.64 0.62 0.02|0.64 0.63 0.00|0.64 0.61 0.03|0.64 0.62 0.02|"
                "0.64 0.63 0.01|0.64 0.63 0.01|0.64 0.63 0.01|0.64 0.63 0.01|0.64 0.63 0.01",
        "ext3_64bit": "0.65 0.65 0.00|0.65 0.64 0.01|0.65 0.64 0.01|0.65 0.63 0.02|0.65 0.64 0.01|"
                      "0.65 0.64 0.00|0.65 0.65 0.00|0.65 0.66 0.00|0.65 0.63 0.02|0.65 0.64 0.00|"
                      "0.65 0.63 0.02|0.65 0.64 0.01|0.65 0.65 0.00|0.65 0.65 0.00|0.65 0.64 0.01|"
                      "0.65 0.64 0.01|0.65 0.65 0.00|0.65 0.63 0.02|0.65 0.65 0.00|0.65 0.63 0.02",
    },
}
PHASES = ["tar_x", "make_sync", "rm"]
FS = ["ext2", "ext3", "ext3_64bit"]


def runs(phase, fs):
    return [tuple(float(v) for v in r.split()) for r in S004[phase][fs].split("|")]


def metric(phase, fs, m):
    rs = runs(phase, fs)
    if m == "real":
        return np.array([r[0] for r in rs])
    if m == "dead":
        return np.array([r[0] - r[2] for r in rs])
    raise ValueError(m)


def values(phase, fs, m):
    if phase == "total":
        return sum(metric(p, fs, m) for p in PHASES)
    return metric(phase, fs, m)


def cell(x, judge=None):
    """(flags, kept, summary) as the contract defines them; the outliers
    are judged on judge (real time), x defaults to it."""
    x = np.asarray(x, dtype=float)
    j = x if judge is None else np.asarray(judge, dtype=float)
    med = np.median(j)
    mad = stats.median_abs_deviation(j)
    flags = np.zeros(len(x), dtype=bool)
    if len(j) >= 4 and mad > 0:
        flags = np.abs(j - med) > 3 * 1.4826 * mad
        # scipy's own normal scaling must flag the same: the data stay clear
        # of the 1.4826 vs 1/Phi^-1(3/4) difference
        assert (flags == (np.abs(j - med) > 3 * stats.median_abs_deviation(j, scale="normal"))).all()
    k = x[~flags]
    n = len(k)
    sd = np.std(k, ddof=1)
    return flags, k, dict(
        n=len(x), n_used=n, n_outliers=int(flags.sum()), mean=np.mean(k), median=np.median(k), sd=sd,
        ci_half=stats.t.ppf(0.975, n - 1) * sd / math.sqrt(n), cv=sd / np.mean(k), min=np.min(x), max=np.max(x))


def fieller(a, b):
    """95% CI of mean(a)/mean(b), independent samples, Welch df at R."""
    ma, mb = np.mean(a), np.mean(b)
    va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    r = ma / mb
    df = (va + r * r * vb) ** 2 / (va ** 2 / (len(a) - 1) + (r * r * vb) ** 2 / (len(b) - 1))
    t = stats.t.ppf(0.975, df)
    # (ma - R mb)^2 = t^2 (va + R^2 vb)  <=>  (mb^2 - t^2 vb) R^2 - 2 ma mb R + ma^2 - t^2 va = 0
    qa, qb, qc = mb * mb - t * t * vb, -2 * ma * mb, ma * ma - t * t * va
    assert qa > 0, "unbounded"
    lo, hi = sorted(np.roots([qa, qb, qc]).real)
    return lo, hi


emit("/* scipy %s, numpy %s */" % (scipy.__version__, np.__version__))
emit()
emit("/* seed 004's runs: { real, sys, user } */")
for ph in PHASES:
    for fs in FS:
        emit("static const double s004_%s_%s[20][3] = {" % (ph, fs))
        rs = runs(ph, fs)
        for i in range(0, 20, 2):
            emit("\t" + " ".join("{ %s, %s, %s }," % tuple(c(v) for v in r) for r in rs[i:i + 2]))
        emit("};")

emit()
emit("/* per cell: outliers and summary of the kept values (see the script) */")
emit("static const struct cell_ref {")
emit("\tconst char *fs, *phase, *metric;")
emit("\tsize_t n, n_used, n_outliers;")
emit("\tunsigned long outlier_mask;   /* bit i: run i is an outlier */")
emit("\tdouble mean, median, sd, ci_half, cv, min, max;")
emit("} cell_ref[] = {")
for ph in PHASES + ["total"]:
    for fs in FS:
        for m in ("real", "dead"):
            flags, _, s = cell(values(ph, fs, m), values(ph, fs, "real"))
            mask = sum(1 << i for i, f in enumerate(flags) if f)
            emit('\t{ "%s", "%s", "%s", %d, %d, %d, 0x%xUL,' % (fs, ph, m, s["n"], s["n_used"], s["n_outliers"], mask))
            emit("\t  %s, %s, %s," % (c(s["mean"]), c(s["median"]), c(s["sd"])))
            emit("\t  %s, %s, %s, %s }," % (c(s["ci_half"]), c(s["cv"]), c(s["min"]), c(s["max"])))
emit("};")

emit()
emit("/* each filesystem vs ext2 (real time), on the kept values: ratio, Fieller")
emit(" * CI, scipy.stats.ttest_ind(equal_var=False) and mannwhitneyu p-values */")
emit("static const struct cmp_ref {")
emit("\tconst char *fs, *phase;")
emit("\tdouble ratio, lo, hi, p_welch, p_mw;")
emit("} cmp_ref[] = {")
for ph in PHASES + ["total"]:
    for fs in ("ext3", "ext3_64bit"):
        _, a, _ = cell(values(ph, fs, "real"))
        _, b, _ = cell(values(ph, "ext2", "real"))
        if np.ptp(a) == 0 and np.ptp(b) == 0:
            continue    # constant samples: no t statistic (covered in test_stats)
        lo, hi = fieller(a, b)
        pw = stats.ttest_ind(a, b, equal_var=False).pvalue
        pm = stats.mannwhitneyu(a, b, alternative="two-sided", method="asymptotic",
                                use_continuity=True).pvalue
        emit('\t{ "%s", "%s", %s, %s, %s, %s, %s },' % (fs, ph, c(np.mean(a) / np.mean(b)), c(lo), c(hi),
                                                       c(pw), c(pm)))
emit("};")

# "1.03" and "1.03*": the same ratio of means, once from tight runs (a real
# 3% difference) and once from noisy ones (noise).
base = [10.0, 10.1, 9.9, 10.05, 9.95]
tight = [10.3, 10.35, 10.25, 10.32, 10.28]
noisy = [9.0, 11.6, 10.3, 8.8, 11.8]
emit()
emit("/* the same ratio 1.03, significant once and once not */")
emit("static const double sig_base[] = { %s };" % ", ".join(c(v) for v in base))
emit("static const double sig_tight[] = { %s };" % ", ".join(c(v) for v in tight))
emit("static const double sig_noisy[] = { %s };" % ", ".join(c(v) for v in noisy))
for name, xs in (("TIGHT", tight), ("NOISY", noisy)):
    assert cell(xs)[2]["n_outliers"] == 0
    emit("#define SIG_%s_RATIO %s /* numpy.mean(x) / numpy.mean(base) */" % (name, c(np.mean(xs) / np.mean(base))))
    emit("#define SIG_%s_P %s /* scipy.stats.ttest_ind(x, base, equal_var=False).pvalue */"
         % (name, c(stats.ttest_ind(xs, base, equal_var=False).pvalue)))
assert round(np.mean(tight) / np.mean(base), 2) == round(np.mean(noisy) / np.mean(base), 2) == 1.03

print("/* ---- BEGIN report_reference.py output (regenerate, do not edit) ---- */")
print("\n".join(out))
print("/* ---- END report_reference.py output ---- */")
