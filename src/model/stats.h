/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.h — the statistics behind every table: per-cell summaries of the
 * repetitions, robust outlier flags, confidence intervals, and the
 * comparison of a filesystem with the baseline.  Pure functions on arrays of
 * doubles: no I/O, no allocation visible to the caller, no global state.
 *
 * Conventions
 *  - NAN inputs are ignored (a run that lacks the metric), and so are ±INF:
 *    no measurement is infinite, and one would poison every sum.
 *  - Outliers: a value is an outlier when |x - median| > 3 × MAD, MAD being
 *    the median absolute deviation scaled by 1.4826 (consistent with the
 *    standard deviation for normal data).  With fewer than 4 values, or a
 *    MAD of 0, nothing is flagged.  Outliers are left out of every summary
 *    value except min, max and n; the raw values stay in the result file.
 *  - Confidence intervals are 95%, two-sided, Student's t with n-1 degrees
 *    of freedom, on the mean of the values kept.
 *  - Thread-safe: nothing here touches shared state (not even signgam).
 *    Scratch space is on the stack for a few hundred values and on the
 *    heap (freed before return, abort on OOM like fsb_xmalloc) beyond.
 */
#ifndef FSB_STATS_H
#define FSB_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct fsb_stats {
	size_t n;         /* finite values given (NAN excluded) */
	size_t n_used;    /* values kept after dropping outliers */
	size_t n_outliers;
	double mean;      /* of the kept values */
	double median;    /* of the kept values */
	double sd;        /* sample standard deviation (n-1), NAN if n_used < 2 */
	double min, max;  /* over all values, outliers included */
	double ci_half;   /* half-width of the 95% CI of the mean, NAN if n_used < 2 */
	double ci_lo, ci_hi;
	double cv;        /* sd / mean (signed), NAN if n_used < 2 or mean is 0 */
};

/*
 * Summarize x[0..n).  outlier (may be NULL) receives one flag per input
 * value (false for NAN inputs).  Returns 0, or -EINVAL when no finite value
 * is given (then every double in *st is NAN and the counts are 0).  With
 * n_used = 1, mean = median = that value and sd, ci_* and cv are NAN; with
 * all values equal, sd = ci_half = cv = 0.
 */
int fsb_stats_summarize(const double *x, size_t n, bool *outlier, struct fsb_stats *st);

/*
 * The same, but the caller decides which values are outliers: exclude[i]
 * true leaves x[i] out as an outlier (counted in n_outliers, in min/max).
 * The report flags whole runs by one metric (real time) and then
 * summarizes every other metric of the cell without those runs, so that
 * a run is either in a cell's mean or not, whatever the column.
 */
int fsb_stats_summarize_excluding(const double *x, size_t n, const bool *exclude, struct fsb_stats *st);

/* Flag outliers by the 3-MAD rule above (|x - median| > 3 × 1.4826 × MAD,
 * strictly); returns how many were flagged.  outlier may be NULL (count
 * only); otherwise every one of its n flags is written. */
size_t fsb_stats_outliers(const double *x, size_t n, bool *outlier);

/* Median of the finite values; NAN when there is none. */
double fsb_stats_median(const double *x, size_t n);

/* Quantile function of Student's t with df degrees of freedom (df > 0,
 * finite; need not be an integer), 0 < p < 1; NAN outside that domain.
 * Hill's approximation polished by Newton on the CDF below; accurate to
 * 1e-9 relative for df <= 1e6 (worse beyond, from lgamma cancellation). */
double fsb_stats_t_quantile(double p, double df);
/* Regularized incomplete beta I_x(a, b) for a, b > 0, 0 <= x <= 1 (NAN
 * otherwise): the CDF behind the t and F distributions.  Continued fraction
 * evaluated by Lentz's method. */
double fsb_stats_betai(double a, double b, double x);
/* Two-sided p-value P(|T| >= |t|) of Student's t statistic with df > 0
 * degrees of freedom: 0 for t = ±INF, NAN for a NAN t or a bad df. */
double fsb_stats_t_pvalue(double t, double df);

/* Welch's unequal-variances t-test: two-sided p-value; t = (mean(a) -
 * mean(b)) / se and the Welch–Satterthwaite df out (may be NULL).  NAN (t
 * and df too) when either sample has fewer than 2 values.  Two constant
 * samples give p = 1 (t = 0) if their means are equal, else p = 0 (t =
 * ±INF), with df = na + nb - 2. */
double fsb_stats_welch(const double *a, size_t na, const double *b, size_t nb,
		       double *t, double *df);
/* Mann-Whitney U test, two-sided p-value, defined as scipy.stats.
 * mannwhitneyu does: u = U of a = (sum of a's mid-ranks) - na(na+1)/2, and
 * p = 2·P(U >= max(u, na·nb - u)), capped at 1.  Exact distribution for
 * small samples without ties (na, nb <= 10), otherwise the normal
 * approximation with tie correction and continuity correction (0.5).  All
 * values tied gives p = 1.  NAN (u too) when either sample is empty.  u out
 * may be NULL. */
double fsb_stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
			      double *u);

/* How a filesystem compares with the baseline for one phase and metric. */
struct fsb_compare {
	double ratio;          /* mean(a) / mean(b); for rates the caller swaps */
	double ratio_lo, ratio_hi;  /* 95% CI of the ratio by Fieller's theorem (see
				     * fsb_stats_compare); NAN if n < 2 or not
				     * measurable (unbounded, or reaching 0) */
	double p;              /* p-value of the test used, NAN if not testable */
	bool significant;      /* p < alpha */
	const char *test;      /* "welch", "mann-whitney" or "none" */
};

/*
 * Compare sample a (a filesystem) with sample b (the baseline), outliers
 * already removed by the caller if wanted.  The test is Welch's t-test, or
 * the Mann-Whitney U test when nonparametric is true; that one says "none"
 * (p NAN) with fewer than 4 values on a side: 3 + 3 values can reach no
 * two-sided p below 0.1, and equal-sized samples first reach p < 0.05 at
 * 4 + 4 (p = 2/70).  With fewer than 2 values in either sample the ratio is
 * given, the test is "none", p is NAN and nothing is significant.  alpha is
 * usually 0.05; significant is p < alpha.
 *
 * The ratio's CI is Fieller's (independent samples): every R with
 * (ma - R·mb)² <= t²·(se_a² + R²·se_b²), t the 97.5% quantile at the
 * Welch–Satterthwaite df of se_a² + R²·se_b² taken at R = ratio.  It is
 * asymmetric as a ratio's CI should be and maps to its reciprocal when a
 * and b are swapped, which the delta method does not.  When mean(b) is not
 * significantly above 0 (t²·se_b² >= mb²) the set is unbounded; when
 * mean(a) is not (t²·se_a² >= ma²) its lower bound is 0 or below, which
 * no ratio of two times (or rates) can be: either way, and when a mean is
 * not above 0, the interval is not measurable and ratio_lo/hi are NAN —
 * never a negative bound.  Returns 0, or -EINVAL when a or b has no finite
 * value (then everything is NAN and the test is "none").
 */
int fsb_stats_compare(const double *a, size_t na, const double *b, size_t nb,
		      double alpha, bool nonparametric, struct fsb_compare *out);

#endif
