/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * stats.h — the statistics behind every table: per-cell summaries of the
 * repetitions, robust outlier flags, confidence intervals, and the
 * comparison of a filesystem with the baseline.  Pure functions on arrays of
 * doubles: no I/O, no allocation visible to the caller, no global state.
 *
 * Conventions
 *  - NAN inputs are ignored (a run that lacks the metric).
 *  - Outliers: a value is an outlier when |x - median| > 3 × MAD, MAD being
 *    the median absolute deviation scaled by 1.4826 (consistent with the
 *    standard deviation for normal data).  With fewer than 4 values, or a
 *    MAD of 0, nothing is flagged.  Outliers are left out of every summary
 *    value except min, max and n; the raw values stay in the result file.
 *  - Confidence intervals are 95%, two-sided, Student's t with n-1 degrees
 *    of freedom, on the mean of the values kept.
 */
#ifndef FSB_STATS_H
#define FSB_STATS_H

#include <stdbool.h>
#include <stddef.h>

struct fsb_stats {
	size_t n;         /* values given (NAN excluded) */
	size_t n_used;    /* values kept after dropping outliers */
	size_t n_outliers;
	double mean;      /* of the kept values */
	double median;    /* of the kept values */
	double sd;        /* sample standard deviation (n-1), NAN if n_used < 2 */
	double min, max;  /* over all values, outliers included */
	double ci_half;   /* half-width of the 95% CI of the mean, NAN if n_used < 2 */
	double ci_lo, ci_hi;
	double cv;        /* sd / mean, NAN when undefined */
};

/*
 * Summarize x[0..n).  outlier (may be NULL) receives one flag per input
 * value.  Returns 0, or -EINVAL when no finite value is given (then *st is
 * all NAN with n = 0).
 */
int fsb_stats_summarize(const double *x, size_t n, bool *outlier, struct fsb_stats *st);

/* Flag outliers by the 3-MAD rule above; returns how many were flagged. */
size_t fsb_stats_outliers(const double *x, size_t n, bool *outlier);

double fsb_stats_median(const double *x, size_t n);      /* NAN ignored */

/* Quantile function of Student's t with df degrees of freedom (df > 0),
 * 0 < p < 1.  Accurate to 1e-6 relative. */
double fsb_stats_t_quantile(double p, double df);
/* Regularized incomplete beta I_x(a, b), the t and F distributions' CDF. */
double fsb_stats_betai(double a, double b, double x);
/* Two-sided p-value of Student's t statistic with df degrees of freedom. */
double fsb_stats_t_pvalue(double t, double df);

/* Welch's unequal-variances t-test: two-sided p-value; t and df out (may be
 * NULL).  NAN when either sample has fewer than 2 values. */
double fsb_stats_welch(const double *a, size_t na, const double *b, size_t nb,
		       double *t, double *df);
/* Mann-Whitney U test, two-sided p-value: exact distribution for small
 * samples without ties (na, nb <= 10), normal approximation with tie
 * correction otherwise.  u out may be NULL. */
double fsb_stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
			      double *u);

/* How a filesystem compares with the baseline for one phase and metric. */
struct fsb_compare {
	double ratio;          /* mean(a) / mean(b); for rates the caller swaps */
	double ratio_lo, ratio_hi;  /* 95% CI of the ratio (Fieller/delta method), NAN if n < 2 */
	double p;              /* p-value of the test used, NAN if not testable */
	bool significant;      /* p < alpha */
	const char *test;      /* "welch", "mann-whitney" or "none" */
};

/*
 * Compare sample a (a filesystem) with sample b (the baseline), outliers
 * already removed by the caller if wanted.  The test is Welch's t-test, or
 * the Mann-Whitney U test when nonparametric is true (it needs >= 4 values
 * per side to ever reach p < 0.05 and says "none" below that).  With fewer
 * than 2 values in either sample the ratio is given, p is NAN and nothing is
 * significant.  alpha is usually 0.05.  0, or -EINVAL when a or b has no
 * finite value.
 */
int fsb_stats_compare(const double *a, size_t na, const double *b, size_t nb,
		      double alpha, bool nonparametric, struct fsb_compare *out);

#endif
