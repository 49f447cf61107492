#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Reference values for tests/unit/test_stats.c, computed independently of
src/model/stats.c with numpy and scipy (Debian: apt-get install python3-scipy).

Not run by `make check`: the build must not need Python.  Run it by hand,
`/usr/bin/python3 tests/unit/stats_reference.py`, and paste its output over
the block between the "BEGIN/END stats_reference.py" markers in
test_stats.c.  Written against scipy 1.10.1 / numpy 1.24.2.

Every number printed names the call that produced it.  Where the contract
and scipy differ in a detail, this script says so and checks the data stays
clear of the difference.
"""
import math
import sys

import numpy as np
import scipy
from scipy import optimize, special, stats

out = []


def emit(line=""):
    out.append(line)


def c(x):
    """A double as C source, round-trippable."""
    if isinstance(x, (bool, np.bool_)):
        return "true" if x else "false"
    x = float(x)
    if math.isnan(x):
        return "NAN"
    if math.isinf(x):
        return "INFINITY" if x > 0 else "-INFINITY"
    return repr(x)


def arr(name, xs):
    emit("static const double %s[] = {" % name)
    xs = [c(x) for x in xs]
    for i in range(0, len(xs), 4):
        emit("\t" + ", ".join(xs[i:i + 4]) + ",")
    emit("};")


def const(name, value, comment):
    v = str(value) if isinstance(value, int) else c(value)
    emit("#define %s %s /* %s */" % (name, v, comment))


emit("/* scipy %s, numpy %s */" % (scipy.__version__, np.__version__))

# --- Student's t quantile ------------------------------------------------
# scipy's t.ppf (cdflib stdtrit) is itself only good to ~5e-9 relative, so
# the C test compares with 1e-8 relative.
emit()
emit("/* t quantiles: scipy.stats.t.ppf(p, df) */")
emit("static const struct { double p, df, t; } t_ppf_ref[] = {")
for p, df in [(0.975, 1), (0.975, 2), (0.975, 3), (0.975, 4), (0.975, 4.5),
              (0.975, 10), (0.975, 29), (0.975, 100), (0.975, 1000),
              (0.995, 5), (0.9, 7), (0.6, 3), (0.5001, 12), (0.001, 6),
              (0.025, 2.5), (1e-6, 9), (0.75, 0.5), (0.99, 27.3)]:
    emit("\t{ %s, %s, %s }," % (c(p), c(df), c(stats.t.ppf(p, df))))
emit("};")

# --- regularized incomplete beta ----------------------------------------
emit()
emit("/* I_x(a, b): scipy.special.betainc(a, b, x) */")
emit("static const struct { double a, b, x, i; } betai_ref[] = {")
for a, b, x in [(2, 3, 0.3), (0.5, 0.5, 0.2), (5, 0.5, 0.9), (0.5, 5, 0.1),
                (10, 20, 0.4), (1, 1, 0.37), (50, 0.5, 0.999), (3.7, 1.2, 0.85),
                (200, 300, 0.41)]:
    emit("\t{ %s, %s, %s, %s }," % (c(a), c(b), c(x), c(special.betainc(a, b, x))))
emit("};")

# --- t p-values -----------------------------------------------------------
emit()
emit("/* two-sided t p-values: 2 * scipy.stats.t.sf(abs(t), df) */")
emit("static const struct { double t, df, p; } t_pvalue_ref[] = {")
for t, df in [(2.0, 5), (-2.0, 5), (0.3, 1), (4.5, 12.7), (1.96, 1000),
              (10.0, 3), (0.0, 8), (2.776445105197793, 4), (25.0, 30)]:
    emit("\t{ %s, %s, %s }," % (c(t), c(df), c(2 * stats.t.sf(abs(t), df))))
emit("};")

# --- summaries and outliers ----------------------------------------------
# Seed-like data: 20 repetitions of a throughput (MB/s), one run disturbed.
seed = [101.2, 99.8, 100.5, 98.7, 102.1, 100.9, 99.5, 101.7, 100.2, 99.1,
        100.8, 101.4, 98.9, 160.0, 99.6, 101.0, 100.3, 99.9, 100.7, 100.0]
x = np.array(seed)
med = np.median(x)
mad = stats.median_abs_deviation(x, scale="normal")
# The contract scales by 1.4826, scipy by 1/Phi^-1(3/4) = 1.482602...; the
# data must flag the same values either way.
flags = np.abs(x - med) > 3 * mad
flags_contract = np.abs(x - med) > 3 * 1.4826 * stats.median_abs_deviation(x)
assert (flags == flags_contract).all()
assert flags.sum() == 1
kept = x[~flags]
n = len(kept)
sd = np.std(kept, ddof=1)
half = stats.t.ppf(0.975, n - 1) * stats.sem(kept)
emit()
emit("/* 20 repetitions, one disturbed run (index %d) */" % int(np.argmax(flags)))
arr("seed", seed)
const("SEED_OUTLIER", int(np.argmax(flags)), "np.abs(x - np.median(x)) > 3 * "
      "scipy.stats.median_abs_deviation(x, scale='normal')")
const("SEED_MAD", mad, "scipy.stats.median_abs_deviation(x, scale='normal')")
const("SEED_MEAN", np.mean(kept), "numpy.mean(kept)")
const("SEED_MEDIAN", np.median(kept), "numpy.median(kept)")
const("SEED_SD", sd, "numpy.std(kept, ddof=1)")
const("SEED_CI_HALF", half, "scipy.stats.t.ppf(0.975, 18) * scipy.stats.sem(kept)")
const("SEED_CV", sd / np.mean(kept), "numpy.std(kept, ddof=1) / numpy.mean(kept)")
const("SEED_MIN", np.min(x), "numpy.min(x), outlier included")
const("SEED_MAX", np.max(x), "numpy.max(x), outlier included")
const("SEED_MEDIAN_ALL", np.median(x), "numpy.median(x), nothing dropped")

small = [3.1, 2.7, 3.4]
emit()
emit("/* three values: too few for outlier detection, kept whole */")
arr("small", small)
const("SMALL_MEAN", np.mean(small), "numpy.mean")
const("SMALL_SD", np.std(small, ddof=1), "numpy.std(ddof=1)")
const("SMALL_CI_HALF", stats.t.ppf(0.975, 2) * stats.sem(small),
      "scipy.stats.t.ppf(0.975, 2) * scipy.stats.sem")

# --- Welch --------------------------------------------------------------
# Published: R's t.test(ts1, ts2) (Welch by default) prints
# "t = -1.8325, df = 17.9, p-value = 0.08356" for this pair (an answer on
# the Welch confidence interval, reproduced at boxhoidap.com).
welch = [
    ("r", [11, 9, 10, 11, 10, 12, 9, 11, 12, 9],
     [11, 13, 10, 13, 12, 9, 11, 12, 12, 11]),
    # Unequal sizes and very unequal variances.
    ("uneq", [19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0],
     [28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7, 23.2, 17.5, 20.6, 18.0,
      23.9, 21.6, 24.3, 20.4, 23.9, 13.3]),
]
emit()
emit("/* Welch: scipy.stats.ttest_ind(a, b, equal_var=False); df by the")
emit(" * Welch-Satterthwaite formula in numpy. */")
for name, a, b in welch:
    r = stats.ttest_ind(a, b, equal_var=False)
    va, vb = np.var(a, ddof=1) / len(a), np.var(b, ddof=1) / len(b)
    df = (va + vb) ** 2 / (va ** 2 / (len(a) - 1) + vb ** 2 / (len(b) - 1))
    arr("welch_%s_a" % name, a)
    arr("welch_%s_b" % name, b)
    N = name.upper()
    const("WELCH_%s_T" % N, r.statistic, "ttest_ind(a, b, equal_var=False).statistic")
    const("WELCH_%s_DF" % N, df, "Welch-Satterthwaite")
    const("WELCH_%s_P" % N, r.pvalue, "ttest_ind(a, b, equal_var=False).pvalue")
assert "%.4f %.1f %.5f" % (stats.ttest_ind(welch[0][1], welch[0][2], equal_var=False).statistic,
                           17.9, stats.ttest_ind(welch[0][1], welch[0][2],
                                                 equal_var=False).pvalue) == "-1.8325 17.9 0.08356"

# --- Mann-Whitney --------------------------------------------------------
# Exact, no ties, within the exact limit (7 and 9 values).
mw_a = [12.1, 14.3, 11.8, 15.2, 13.9, 16.4, 12.7]
mw_b = [10.2, 11.1, 13.5, 9.8, 10.9, 12.4, 11.5, 10.0, 12.9]
# Asymptotic, no ties (12 and 15 values: beyond the exact limit of 10).
rng = np.random.default_rng(20261130)
mw_c = np.round(rng.normal(100, 5, 12), 3)
mw_d = np.round(rng.normal(104, 6, 15), 3)
assert len(np.unique(np.concatenate([mw_c, mw_d]))) == 27
# Ties (values to one decimal): asymptotic with tie correction.
mw_e = [3.1, 2.9, 3.4, 3.1, 3.0, 3.6, 3.1, 2.8]
mw_f = [3.4, 3.6, 3.4, 3.9, 3.1, 3.7, 4.0, 3.6, 3.5]
emit()
emit("/* Mann-Whitney: scipy.stats.mannwhitneyu(a, b, alternative='two-sided',")
emit(" * method=...); the statistic is U of the first sample. */")
arr("mw_a", mw_a)
arr("mw_b", mw_b)
r = stats.mannwhitneyu(mw_a, mw_b, alternative="two-sided", method="exact")
const("MW_AB_U", r.statistic, "mannwhitneyu(method='exact').statistic")
const("MW_AB_P", r.pvalue, "mannwhitneyu(method='exact').pvalue")
arr("mw_c", mw_c)
arr("mw_d", mw_d)
r = stats.mannwhitneyu(mw_c, mw_d, alternative="two-sided", method="asymptotic")
const("MW_CD_U", r.statistic, "mannwhitneyu(method='asymptotic').statistic")
const("MW_CD_P", r.pvalue, "mannwhitneyu(method='asymptotic', use_continuity=True).pvalue")
arr("mw_e", mw_e)
arr("mw_f", mw_f)
r = stats.mannwhitneyu(mw_e, mw_f, alternative="two-sided", method="asymptotic")
const("MW_EF_U", r.statistic, "mannwhitneyu(method='asymptotic').statistic, ties")
const("MW_EF_P", r.pvalue, "mannwhitneyu(method='asymptotic').pvalue, tie-corrected")
r = stats.mannwhitneyu([1, 2, 3, 4], [5, 6, 7, 8], alternative="two-sided", method="exact")
const("MW_SEP4_P", r.pvalue, "mannwhitneyu([1,2,3,4], [5,6,7,8], method='exact'); = 2/C(8,4)")
assert abs(r.pvalue - 2 / 70) < 1e-15
r = stats.mannwhitneyu([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [10.5, 11, 12, 13, 14, 15, 16, 17, 18, 19],
                       alternative="two-sided", method="exact")
const("MW_SEP10_P", r.pvalue, "mannwhitneyu(1..10, 10.5..19, method='exact'); = 2/C(20,10)")
# Published: R's wilcox.test(x, y) (ties, so normal approximation with
# continuity correction) prints "W = 51.5, p-value = 0.5966" and, against
# y2, "W = 0, p-value = 0.001364" (endmemo.com/r/wilcoxon.php).  R's W is
# the U of x.
rx = [1, 5, 9, 24, 56, 21, 3, 7, 21, 4]
ry = [12, 15, 5, 9, 9, 14, 56, 22, 3, 7, 32, 5]
ry2 = [1233, 4356, 987, 39999, 1111, 200000]
arr("mw_rx", rx)
arr("mw_ry", ry)
arr("mw_ry2", ry2)
r = stats.mannwhitneyu(rx, ry, alternative="two-sided", method="asymptotic")
assert r.statistic == 51.5 and "%.4f" % r.pvalue == "0.5966"
const("MW_R1_P", r.pvalue, "mannwhitneyu(rx, ry, method='asymptotic').pvalue")
r = stats.mannwhitneyu(rx, ry2, alternative="two-sided", method="asymptotic")
assert r.statistic == 0 and "%.6f" % r.pvalue == "0.001364"
const("MW_R2_P", r.pvalue, "mannwhitneyu(rx, ry2, method='asymptotic').pvalue")

# Large enough for the heap path: 2i against 2i + 1, i < 300.
big_a = [2 * i for i in range(300)]
big_b = [2 * i + 1 for i in range(300)]
r = stats.mannwhitneyu(big_a, big_b, alternative="two-sided", method="asymptotic")
const("MW_BIG_U", r.statistic, "mannwhitneyu([2i], [2i + 1], i < 300).statistic")
const("MW_BIG_P", r.pvalue, "mannwhitneyu([2i], [2i + 1], i < 300, method='asymptotic').pvalue")
r = stats.ttest_ind(big_a, big_b, equal_var=False)
const("WELCH_BIG_P", r.pvalue, "ttest_ind([2i], [2i + 1], i < 300, equal_var=False).pvalue")

# --- compare: ratio with Fieller's CI -------------------------------------
# Fieller's interval is found here by brute force, as the roots of the
# defining quadratic (ma - R mb)^2 = t^2 (sa + R^2 sb) with brentq, with t
# from scipy at the Welch-Satterthwaite df of sa + R^2 sb at R = ma/mb.
fa = [12.31, 12.85, 11.97, 12.60, 13.02, 12.44]
fb = [10.12, 10.55, 9.87, 10.31, 10.02, 10.48, 10.20]
ma, mb = np.mean(fa), np.mean(fb)
sa, sb = np.var(fa, ddof=1) / len(fa), np.var(fb, ddof=1) / len(fb)
R = ma / mb
v = sa + R * R * sb
df = v * v / (sa * sa / (len(fa) - 1) + R ** 4 * sb * sb / (len(fb) - 1))
tq = stats.t.ppf(0.975, df)
assert tq * tq * sb < mb * mb   # bounded interval


def pivot(r):
    return (ma - r * mb) ** 2 - tq * tq * (sa + r * r * sb)


lo = optimize.brentq(pivot, 0, R, xtol=1e-15, rtol=1e-15)
hi = optimize.brentq(pivot, R, 10 * R, xtol=1e-15, rtol=1e-15)
emit()
emit("/* compare: ratio of means and Fieller's 95% CI, the CI found as the")
emit(" * roots of (ma - R mb)^2 = t^2 (sa + R^2 sb) by scipy.optimize.brentq")
emit(" * with t = scipy.stats.t.ppf(0.975, df) */")
arr("fa", fa)
arr("fb", fb)
const("F_RATIO", R, "numpy.mean(fa) / numpy.mean(fb)")
const("FB_MEAN", mb, "numpy.mean(fb)")
const("F_LO", lo, "brentq on the Fieller quadratic, lower root")
const("F_HI", hi, "brentq on the Fieller quadratic, upper root")
const("F_WELCH_P", stats.ttest_ind(fa, fb, equal_var=False).pvalue,
      "scipy.stats.ttest_ind(fa, fb, equal_var=False).pvalue")
const("F_MW_P", stats.mannwhitneyu(fa, fb, alternative="two-sided", method="exact").pvalue,
      "scipy.stats.mannwhitneyu(fa, fb, method='exact').pvalue")
# The delta method, for contrast: symmetric around R, slightly different.
se_delta = R * math.sqrt(sa / ma ** 2 + sb / mb ** 2)
emit("/* delta method would give [%.6f, %.6f] */" % (R - tq * se_delta, R + tq * se_delta))

print("\n".join(out))
sys.exit(0)
