/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of src/model/stats.c against values computed independently of it:
 * scipy/numpy (tests/unit/stats_reference.py, whose output is pasted
 * below), closed forms, and published worked examples.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "model/stats.h"
#include "sys/util.h"

#define N(a) FSB_ARRAY_SIZE(a)

/* ---- BEGIN stats_reference.py output (regenerate, do not edit) ---- */
/* scipy 1.10.1, numpy 1.24.2 */

/* t quantiles: scipy.stats.t.ppf(p, df) */
static const struct { double p, df, t; } t_ppf_ref[] = {
	{ 0.975, 1.0, 12.706204736432095 },
	{ 0.975, 2.0, 4.302652729911275 },
	{ 0.975, 3.0, 3.182446305284263 },
	{ 0.975, 4.0, 2.7764451051977987 },
	{ 0.975, 4.5, 2.6589123472044034 },
	{ 0.975, 10.0, 2.2281388519649385 },
	{ 0.975, 29.0, 2.045229642132703 },
	{ 0.975, 100.0, 1.9839715184496334 },
	{ 0.975, 1000.0, 1.9623390808264074 },
	{ 0.995, 5.0, 4.032142983557536 },
	{ 0.9, 7.0, 1.4149239276488585 },
	{ 0.6, 3.0, 0.27667066230490933 },
	{ 0.5001, 12.0, 0.00025593362884941245 },
	{ 0.001, 6.0, -5.207626238838043 },
	{ 0.025, 2.5, -3.574654842011878 },
	{ 1e-06, 9.0, -10.720160409937254 },
	{ 0.75, 0.5, 1.55377397326685 },
	{ 0.99, 27.3, 2.470959084593468 },
};

/* I_x(a, b): scipy.special.betainc(a, b, x) */
static const struct { double a, b, x, i; } betai_ref[] = {
	{ 2.0, 3.0, 0.3, 0.3483 },
	{ 0.5, 0.5, 0.2, 0.29516723530086664 },
	{ 5.0, 0.5, 0.9, 0.316642915020012 },
	{ 0.5, 5.0, 0.1, 0.6833570849799877 },
	{ 10.0, 20.0, 0.4, 0.785318389762826 },
	{ 1.0, 1.0, 0.37, 0.37 },
	{ 50.0, 0.5, 0.999, 0.7523690199653768 },
	{ 3.7, 1.2, 0.85, 0.6316554820966662 },
	{ 200.0, 300.0, 0.41, 0.6776281647721865 },
};

/* two-sided t p-values: 2 * scipy.stats.t.sf(abs(t), df) */
static const struct { double t, df, p; } t_pvalue_ref[] = {
	{ 2.0, 5.0, 0.10193947882985828 },
	{ -2.0, 5.0, 0.10193947882985828 },
	{ 0.3, 1.0, 0.8144528418445154 },
	{ 4.5, 12.7, 0.0006322989077742529 },
	{ 1.96, 1000.0, 0.05027318495574871 },
	{ 10.0, 3.0, 0.0021283990584141494 },
	{ 0.0, 8.0, 1.0 },
	{ 2.776445105197793, 4.0, 0.05000000000000006 },
	{ 25.0, 30.0, 1.2091822381286975e-21 },
};

/* 20 repetitions, one disturbed run (index 13) */
static const double seed[] = {
	101.2, 99.8, 100.5, 98.7,
	102.1, 100.9, 99.5, 101.7,
	100.2, 99.1, 100.8, 101.4,
	98.9, 160.0, 99.6, 101.0,
	100.3, 99.9, 100.7, 100.0,
};
#define SEED_OUTLIER 13 /* np.abs(x - np.median(x)) > 3 * scipy.stats.median_abs_deviation(x, scale='normal') */
#define SEED_MAD 1.0378215529539256 /* scipy.stats.median_abs_deviation(x, scale='normal') */
#define SEED_MEAN 100.33157894736843 /* numpy.mean(kept) */
#define SEED_MEDIAN 100.3 /* numpy.median(kept) */
#define SEED_SD 0.945781647092292 /* numpy.std(kept, ddof=1) */
#define SEED_CI_HALF 0.4558521620640211 /* scipy.stats.t.ppf(0.975, 18) * scipy.stats.sem(kept) */
#define SEED_CV 0.009426559982559694 /* numpy.std(kept, ddof=1) / numpy.mean(kept) */
#define SEED_MIN 98.7 /* numpy.min(x), outlier included */
#define SEED_MAX 160.0 /* numpy.max(x), outlier included */
#define SEED_MEDIAN_ALL 100.4 /* numpy.median(x), nothing dropped */

/* three values: too few for outlier detection, kept whole */
static const double small[] = {
	3.1, 2.7, 3.4,
};
#define SMALL_MEAN 3.066666666666667 /* numpy.mean */
#define SMALL_SD 0.3511884584284245 /* numpy.std(ddof=1) */
#define SMALL_CI_HALF 0.8724004935463213 /* scipy.stats.t.ppf(0.975, 2) * scipy.stats.sem */

/* Welch: scipy.stats.ttest_ind(a, b, equal_var=False); df by the
 * Welch-Satterthwaite formula in numpy. */
static const double welch_r_a[] = {
	11.0, 9.0, 10.0, 11.0,
	10.0, 12.0, 9.0, 11.0,
	12.0, 9.0,
};
static const double welch_r_b[] = {
	11.0, 13.0, 10.0, 13.0,
	12.0, 9.0, 11.0, 12.0,
	12.0, 11.0,
};
#define WELCH_R_T -1.8325416653445783 /* ttest_ind(a, b, equal_var=False).statistic */
#define WELCH_R_DF 17.900310146211783 /* Welch-Satterthwaite */
#define WELCH_R_P 0.08355979161922329 /* ttest_ind(a, b, equal_var=False).pvalue */
static const double welch_uneq_a[] = {
	19.8, 20.4, 19.6, 17.8,
	18.5, 18.9, 18.3, 18.9,
	19.5, 22.0,
};
static const double welch_uneq_b[] = {
	28.2, 26.6, 20.1, 23.3,
	25.2, 22.1, 17.7, 27.6,
	20.6, 13.7, 23.2, 17.5,
	20.6, 18.0, 23.9, 21.6,
	24.3, 20.4, 23.9, 13.3,
};
#define WELCH_UNEQ_T -2.225512039969852 /* ttest_ind(a, b, equal_var=False).statistic */
#define WELCH_UNEQ_DF 24.524634944257343 /* Welch-Satterthwaite */
#define WELCH_UNEQ_P 0.035484530830010325 /* ttest_ind(a, b, equal_var=False).pvalue */

/* Mann-Whitney: scipy.stats.mannwhitneyu(a, b, alternative='two-sided',
 * method=...); the statistic is U of the first sample. */
static const double mw_a[] = {
	12.1, 14.3, 11.8, 15.2,
	13.9, 16.4, 12.7,
};
static const double mw_b[] = {
	10.2, 11.1, 13.5, 9.8,
	10.9, 12.4, 11.5, 10.0,
	12.9,
};
#define MW_AB_U 55.0 /* mannwhitneyu(method='exact').statistic */
#define MW_AB_P 0.011538461538461539 /* mannwhitneyu(method='exact').pvalue */
static const double mw_c[] = {
	98.334, 94.737, 91.019, 100.328,
	97.068, 98.836, 100.228, 103.37,
	97.082, 102.654, 97.883, 95.836,
};
static const double mw_d[] = {
	116.372, 103.474, 99.274, 109.957,
	94.751, 98.538, 106.929, 102.069,
	105.089, 118.137, 111.482, 91.869,
	100.027, 100.005, 103.108,
};
#define MW_CD_U 41.0 /* mannwhitneyu(method='asymptotic').statistic */
#define MW_CD_P 0.017954376455399868 /* mannwhitneyu(method='asymptotic', use_continuity=True).pvalue */
static const double mw_e[] = {
	3.1, 2.9, 3.4, 3.1,
	3.0, 3.6, 3.1, 2.8,
};
static const double mw_f[] = {
	3.4, 3.6, 3.4, 3.9,
	3.1, 3.7, 4.0, 3.6,
	3.5,
};
#define MW_EF_U 8.5 /* mannwhitneyu(method='asymptotic').statistic, ties */
#define MW_EF_P 0.008608706730878107 /* mannwhitneyu(method='asymptotic').pvalue, tie-corrected */
#define MW_SEP4_P 0.02857142857142857 /* mannwhitneyu([1,2,3,4], [5,6,7,8], method='exact'); = 2/C(8,4) */
#define MW_SEP10_P 1.082508822446903e-05 /* mannwhitneyu(1..10, 10.5..19, method='exact'); = 2/C(20,10) */
static const double mw_rx[] = {
	1.0, 5.0, 9.0, 24.0,
	56.0, 21.0, 3.0, 7.0,
	21.0, 4.0,
};
static const double mw_ry[] = {
	12.0, 15.0, 5.0, 9.0,
	9.0, 14.0, 56.0, 22.0,
	3.0, 7.0, 32.0, 5.0,
};
static const double mw_ry2[] = {
	1233.0, 4356.0, 987.0, 39999.0,
	1111.0, 200000.0,
};
#define MW_R1_P 0.5965969026279817 /* mannwhitneyu(rx, ry, method='asymptotic').pvalue */
#define MW_R2_P 0.0013643929543816092 /* mannwhitneyu(rx, ry2, method='asymptotic').pvalue */
#define MW_BIG_U 44850.0 /* mannwhitneyu([2i], [2i + 1], i < 300).statistic */
#define MW_BIG_P 0.9438623019928581 /* mannwhitneyu([2i], [2i + 1], i < 300, method='asymptotic').pvalue */
#define WELCH_BIG_P 0.9437451863616697 /* ttest_ind([2i], [2i + 1], i < 300, equal_var=False).pvalue */

/* compare: ratio of means and Fieller's 95% CI, the CI found as the
 * roots of (ma - R mb)^2 = t^2 (sa + R^2 sb) by scipy.optimize.brentq
 * with t = scipy.stats.t.ppf(0.975, df) */
static const double fa[] = {
	12.31, 12.85, 11.97, 12.6,
	13.02, 12.44,
};
static const double fb[] = {
	10.12, 10.55, 9.87, 10.31,
	10.02, 10.48, 10.2,
};
#define F_RATIO 1.226019100861868 /* numpy.mean(fa) / numpy.mean(fb) */
#define FB_MEAN 10.221428571428573 /* numpy.mean(fb) */
#define F_LO 1.1844521982999598 /* brentq on the Fieller quadratic, lower root */
#define F_HI 1.2685920858447894 /* brentq on the Fieller quadratic, upper root */
#define F_WELCH_P 9.087094384502875e-07 /* scipy.stats.ttest_ind(fa, fb, equal_var=False).pvalue */
#define F_MW_P 0.0011655011655011655 /* scipy.stats.mannwhitneyu(fa, fb, method='exact').pvalue */
/* delta method would give [1.183961, 1.268077] */
/* ---- END stats_reference.py output ---- */

/* |got - want| <= rel·|want|, or <= rel when want is 0; says what it got. */
#define assert_close(got, want, rel) assert_close_((got), (want), (rel), __FILE__, __LINE__)

static void assert_close_(double got, double want, double rel, const char *file, int line)
{
	double tol = want == 0 ? rel : rel * fabs(want);

	if (!(fabs(got - want) <= tol)) {
		print_error("%.17g != %.17g (relative tolerance %g)\n", got, want, rel);
		_fail(file, line);
	}
}

/* Within the rounding of a value published to some decimals. */
#define assert_rounds_to(got, published, decimals) \
	assert_close_((got), (published), 0.5 * pow(10, -(decimals)) / fabs(published), __FILE__, __LINE__)

#define assert_nan(x) assert_true(isnan(x))

/* scipy's t.ppf (cdflib) is itself good to ~5e-9 relative only. */
#define PPF_REL 1e-8
#define P_REL 1e-9

/* ---- Student's t ---------------------------------------------------------- */

static void test_t_quantile_scipy(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(t_ppf_ref); i++)
		assert_close(fsb_stats_t_quantile(t_ppf_ref[i].p, t_ppf_ref[i].df),
			     t_ppf_ref[i].t, PPF_REL);
}

static void test_t_quantile_published(void **state)
{
	static const double ps[] = { 0.6, 0.9, 0.975, 0.99, 0.999999 };

	(void)state;
	/* Printed t tables (two-sided 95% and 99%, one-sided 95%). */
	assert_rounds_to(fsb_stats_t_quantile(0.975, 4), 2.776445, 6);
	assert_rounds_to(fsb_stats_t_quantile(0.975, 1), 12.706205, 6);
	assert_rounds_to(fsb_stats_t_quantile(0.975, 10), 2.228139, 6);
	assert_rounds_to(fsb_stats_t_quantile(0.95, 5), 2.015048, 6);
	assert_rounds_to(fsb_stats_t_quantile(0.995, 30), 2.749996, 6);
	/* Closed forms: Cauchy (df 1) cot(π(1 - p)); df 2 (2p - 1) /
	 * sqrt(2p(1 - p)).  These are exact, so the tolerance is ours. */
	for (size_t i = 0; i < N(ps); i++) {
		double p = ps[i];

		assert_close(fsb_stats_t_quantile(p, 1), 1 / tan(M_PI * (1 - p)), 1e-12);
		assert_close(fsb_stats_t_quantile(p, 2), (2 * p - 1) / sqrt(2 * p * (1 - p)), 1e-12);
		assert_close(fsb_stats_t_quantile(1 - p, 7.5), -fsb_stats_t_quantile(p, 7.5), 1e-15);
	}
}

static void test_t_quantile_domain(void **state)
{
	(void)state;
	assert_true(fsb_stats_t_quantile(0.5, 3) == 0);
	assert_nan(fsb_stats_t_quantile(0, 3));
	assert_nan(fsb_stats_t_quantile(1, 3));
	assert_nan(fsb_stats_t_quantile(NAN, 3));
	assert_nan(fsb_stats_t_quantile(0.9, 0));
	assert_nan(fsb_stats_t_quantile(0.9, -1));
	assert_nan(fsb_stats_t_quantile(0.9, NAN));
	/* Round trip through the p-value, far into the tails and at tiny or
	 * huge df, where a start or a stopping rule going wrong shows. */
	assert_close(fsb_stats_t_pvalue(fsb_stats_t_quantile(1e-10, 0.2), 0.2), 2e-10, 1e-9);
	assert_close(fsb_stats_t_pvalue(fsb_stats_t_quantile(0.975, 1e6), 1e6), 0.05, 1e-8);
	assert_close(fsb_stats_t_pvalue(fsb_stats_t_quantile(1e-12, 3), 3), 2e-12, 1e-9);
}

static void test_betai(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(betai_ref); i++)
		assert_close(fsb_stats_betai(betai_ref[i].a, betai_ref[i].b, betai_ref[i].x),
			     betai_ref[i].i, 1e-10);
	assert_true(fsb_stats_betai(2, 3, 0) == 0);
	assert_true(fsb_stats_betai(2, 3, 1) == 1);
	assert_nan(fsb_stats_betai(0, 3, 0.5));
	assert_nan(fsb_stats_betai(2, -1, 0.5));
	assert_nan(fsb_stats_betai(2, 3, 1.5));
	assert_nan(fsb_stats_betai(2, 3, NAN));
}

static void test_t_pvalue(void **state)
{
	(void)state;
	for (size_t i = 0; i < N(t_pvalue_ref); i++)
		assert_close(fsb_stats_t_pvalue(t_pvalue_ref[i].t, t_pvalue_ref[i].df),
			     t_pvalue_ref[i].p, P_REL);
	assert_true(fsb_stats_t_pvalue(INFINITY, 4) == 0);
	assert_true(fsb_stats_t_pvalue(-INFINITY, 4) == 0);
	assert_nan(fsb_stats_t_pvalue(NAN, 4));
	assert_nan(fsb_stats_t_pvalue(1, 0));
}

/* ---- median, outliers, summaries ---------------------------------------- */

static void test_median(void **state)
{
	static const double odd[] = { 5, 1, 4, 2, 3 };
	static const double even[] = { 4, 1, 3, 2 };
	static const double holes[] = { NAN, 7, NAN, 1, 3, NAN };
	static const double none[] = { NAN, NAN };
	static const double infs[] = { INFINITY, 2, -INFINITY, 4 };

	(void)state;
	assert_true(fsb_stats_median(odd, N(odd)) == 3);
	assert_true(fsb_stats_median(even, N(even)) == 2.5);
	assert_true(fsb_stats_median(holes, N(holes)) == 3);
	assert_nan(fsb_stats_median(none, N(none)));
	assert_true(fsb_stats_median(infs, N(infs)) == 3);   /* ±INF too */
	assert_nan(fsb_stats_median(NULL, 0));
	assert_true(fsb_stats_median(seed, N(seed)) == SEED_MEDIAN_ALL);
}

static void test_outliers_seed(void **state)
{
	bool flags[N(seed)];

	(void)state;
	memset(flags, 1, sizeof(flags));   /* every flag must be written */
	assert_int_equal(fsb_stats_outliers(seed, N(seed), flags), 1);
	for (size_t i = 0; i < N(seed); i++)
		assert_int_equal(flags[i], i == SEED_OUTLIER);
	assert_int_equal(fsb_stats_outliers(seed, N(seed), NULL), 1);
}

static void test_outliers_none(void **state)
{
	static const double three[] = { 1.0, 1.1, 100.0 };      /* < 4 values */
	static const double flat[] = { 5, 5, 5, 5, 9 };          /* MAD 0 */
	static const double holes[] = { 1.0, NAN, 1.1, NAN, 100.0, NAN };
	static const double tight[] = { 10, 11, 12, 13, 14, 15, 16, 17 };
	bool flags[8];

	(void)state;
	assert_int_equal(fsb_stats_outliers(three, N(three), flags), 0);
	assert_false(flags[2]);
	assert_int_equal(fsb_stats_outliers(flat, N(flat), flags), 0);
	assert_false(flags[4]);
	/* NANs do not count towards the 4 values. */
	assert_int_equal(fsb_stats_outliers(holes, N(holes), flags), 0);
	/* Evenly spread values: none is 3 MADs out. */
	assert_int_equal(fsb_stats_outliers(tight, N(tight), flags), 0);
	assert_int_equal(fsb_stats_outliers(NULL, 0, NULL), 0);
}

static void check_seed_stats(const struct fsb_stats *st)
{
	assert_int_equal(st->n, 20);
	assert_int_equal(st->n_used, 19);
	assert_int_equal(st->n_outliers, 1);
	assert_close(st->mean, SEED_MEAN, 1e-14);
	assert_close(st->median, SEED_MEDIAN, 1e-15);
	assert_close(st->sd, SEED_SD, 1e-12);
	assert_true(st->min == SEED_MIN);
	assert_true(st->max == SEED_MAX);
	assert_close(st->ci_half, SEED_CI_HALF, PPF_REL);
	assert_close(st->ci_lo, SEED_MEAN - SEED_CI_HALF, 1e-12);
	assert_close(st->ci_hi, SEED_MEAN + SEED_CI_HALF, 1e-12);
	assert_close(st->cv, SEED_CV, 1e-12);
}

static void test_summarize_seed(void **state)
{
	struct fsb_stats st;
	bool flags[N(seed)];

	(void)state;
	assert_int_equal(fsb_stats_summarize(seed, N(seed), flags, &st), 0);
	check_seed_stats(&st);
	for (size_t i = 0; i < N(seed); i++)
		assert_int_equal(flags[i], i == SEED_OUTLIER);
	assert_int_equal(fsb_stats_summarize(seed, N(seed), NULL, &st), 0);
	check_seed_stats(&st);
}

/* Outliers chosen by the caller: the same as summarizing the kept values
 * (which have none of their own), with the excluded ones still counted. */
static void test_summarize_excluding(void **state)
{
	/* 10, 11, 12 and a 40 that the 3-MAD rule would flag, but the caller
	 * excludes 11 instead (its run was an outlier by another metric) */
	const double x[] = { 10, 11, 12, 40 };
	const bool ex[] = { false, true, false, false };
	const double kept[] = { 10, 12, 40 };
	struct fsb_stats a, b;

	(void)state;
	assert_int_equal(fsb_stats_summarize_excluding(x, 4, ex, &a), 0);
	assert_int_equal(fsb_stats_summarize(kept, 3, NULL, &b), 0);
	assert_int_equal(a.n, 4);
	assert_int_equal(a.n_used, 3);
	assert_int_equal(a.n_outliers, 1);
	assert_float_equal(a.mean, 62.0 / 3, 1e-12);
	assert_float_equal(a.mean, b.mean, 1e-12);
	assert_float_equal(a.sd, b.sd, 1e-12);
	assert_float_equal(a.ci_half, b.ci_half, 1e-12);
	assert_float_equal(a.median, 12, 0);
	assert_float_equal(a.min, 10, 0);
	assert_float_equal(a.max, 40, 0);
}

static void test_summarize_nan(void **state)
{
	double x[N(seed) + 3];
	bool flags[N(x)];
	struct fsb_stats st;
	size_t j = 0, outlier_at = 0;

	(void)state;
	/* The seed data with a missing metric before, inside and after it. */
	x[j++] = NAN;
	for (size_t i = 0; i < N(seed); i++) {
		if (i == 7)
			x[j++] = NAN;
		if (i == SEED_OUTLIER)
			outlier_at = j;
		x[j++] = seed[i];
	}
	x[j++] = NAN;
	assert_int_equal(j, N(x));
	assert_int_equal(fsb_stats_summarize(x, N(x), flags, &st), 0);
	check_seed_stats(&st);
	for (size_t i = 0; i < N(x); i++)
		assert_int_equal(flags[i], i == outlier_at);
}

static void test_summarize_edges(void **state)
{
	static const double one[] = { 42.5 };
	static const double same[] = { 3, 3, 3, 3, 3, 3 };
	static const double nothing[] = { NAN, NAN, NAN };
	struct fsb_stats st;
	bool flags[3] = { true, true, true };

	(void)state;
	/* n = 0 and all-NAN input: an error and a fully NAN summary. */
	assert_int_equal(fsb_stats_summarize(NULL, 0, NULL, &st), -EINVAL);
	assert_int_equal(st.n, 0);
	assert_int_equal(st.n_used, 0);
	assert_nan(st.mean);
	assert_nan(st.median);
	assert_nan(st.min);
	assert_nan(st.max);
	assert_nan(st.ci_half);
	assert_nan(st.cv);
	assert_int_equal(fsb_stats_summarize(nothing, N(nothing), flags, &st), -EINVAL);
	assert_int_equal(st.n, 0);
	assert_nan(st.mean);
	assert_false(flags[0] || flags[1] || flags[2]);

	/* One value: itself, no spread. */
	assert_int_equal(fsb_stats_summarize(one, 1, NULL, &st), 0);
	assert_int_equal(st.n, 1);
	assert_int_equal(st.n_used, 1);
	assert_true(st.mean == 42.5 && st.median == 42.5);
	assert_true(st.min == 42.5 && st.max == 42.5);
	assert_nan(st.sd);
	assert_nan(st.ci_half);
	assert_nan(st.ci_lo);
	assert_nan(st.ci_hi);
	assert_nan(st.cv);

	/* All equal: zero spread, zero-width interval. */
	assert_int_equal(fsb_stats_summarize(same, N(same), NULL, &st), 0);
	assert_int_equal(st.n_used, 6);
	assert_int_equal(st.n_outliers, 0);
	assert_true(st.mean == 3 && st.median == 3);
	assert_true(st.sd == 0 && st.ci_half == 0 && st.cv == 0);
	assert_true(st.ci_lo == 3 && st.ci_hi == 3);

	/* Three values: kept whole, CI at 2 df. */
	assert_int_equal(fsb_stats_summarize(small, N(small), NULL, &st), 0);
	assert_int_equal(st.n_used, 3);
	assert_close(st.mean, SMALL_MEAN, 1e-15);
	assert_close(st.sd, SMALL_SD, 1e-14);
	assert_close(st.ci_half, SMALL_CI_HALF, PPF_REL);
}

/* ---- tests of two samples ------------------------------------------------ */

static void test_welch(void **state)
{
	double t, df;

	(void)state;
	assert_close(fsb_stats_welch(welch_r_a, N(welch_r_a), welch_r_b, N(welch_r_b), &t, &df),
		     WELCH_R_P, P_REL);
	assert_close(t, WELCH_R_T, 1e-12);
	assert_close(df, WELCH_R_DF, 1e-12);
	/* As R's t.test prints it: t = -1.8325, df = 17.9, p-value = 0.08356. */
	assert_rounds_to(t, -1.8325, 4);
	assert_rounds_to(df, 17.9, 1);
	assert_rounds_to(fsb_stats_welch(welch_r_a, N(welch_r_a), welch_r_b, N(welch_r_b),
					 NULL, NULL), 0.08356, 5);

	assert_close(fsb_stats_welch(welch_uneq_a, N(welch_uneq_a), welch_uneq_b,
				     N(welch_uneq_b), &t, &df), WELCH_UNEQ_P, P_REL);
	assert_close(t, WELCH_UNEQ_T, 1e-12);
	assert_close(df, WELCH_UNEQ_DF, 1e-12);
	/* Swapping the samples flips t only. */
	assert_close(fsb_stats_welch(welch_uneq_b, N(welch_uneq_b), welch_uneq_a,
				     N(welch_uneq_a), &t, NULL), WELCH_UNEQ_P, P_REL);
	assert_close(t, -WELCH_UNEQ_T, 1e-12);
}

static void test_welch_edges(void **state)
{
	static const double one[] = { 1.0, NAN };
	static const double c1[] = { 2, 2, 2 };
	static const double c2[] = { 3, 3, 3, 3 };
	double t, df;

	(void)state;
	/* Fewer than 2 (finite) values on a side: not testable. */
	assert_nan(fsb_stats_welch(one, N(one), welch_r_b, N(welch_r_b), &t, &df));
	assert_nan(t);
	assert_nan(df);
	assert_nan(fsb_stats_welch(welch_r_a, N(welch_r_a), NULL, 0, NULL, NULL));
	/* Constant samples. */
	assert_true(fsb_stats_welch(c1, N(c1), c1, N(c1), &t, &df) == 1);
	assert_true(t == 0 && df == 4);
	assert_true(fsb_stats_welch(c1, N(c1), c2, N(c2), &t, &df) == 0);
	assert_true(t == -INFINITY && df == 5);
}

static void test_mann_whitney_exact(void **state)
{
	static const double sep_a[] = { 1, 2, 3, 4 }, sep_b[] = { 5, 6, 7, 8 };
	double lo10[10], hi10[10], u;

	(void)state;
	assert_close(fsb_stats_mann_whitney(mw_a, N(mw_a), mw_b, N(mw_b), &u), MW_AB_P, 1e-12);
	assert_true(u == MW_AB_U);
	/* Swapped: U of the other sample, same two-sided p. */
	assert_close(fsb_stats_mann_whitney(mw_b, N(mw_b), mw_a, N(mw_a), &u), MW_AB_P, 1e-12);
	assert_true(u == N(mw_a) * N(mw_b) - MW_AB_U);
	/* Complete separation: U = 0 has probability 1 / C(na + nb, na), the
	 * first entry of every table of the U distribution. */
	assert_close(fsb_stats_mann_whitney(sep_a, 4, sep_b, 4, &u), 2.0 / 70, 1e-14);
	assert_true(u == 0);
	assert_close(MW_SEP4_P, 2.0 / 70, 1e-14);
	for (int i = 0; i < 10; i++) {
		lo10[i] = i + 1;
		hi10[i] = i + 10.5;
	}
	assert_close(fsb_stats_mann_whitney(hi10, 10, lo10, 10, &u), MW_SEP10_P, 1e-12);
	assert_close(MW_SEP10_P, 2.0 / 184756, 1e-14);
	assert_true(u == 100);
}

static void test_mann_whitney_asymptotic(void **state)
{
	static const double tied[] = { 7, 7, 7, 7 };
	double u, a[N(mw_a) + 2];

	(void)state;
	/* No ties but 12 and 15 values: beyond the exact limit. */
	assert_close(fsb_stats_mann_whitney(mw_c, N(mw_c), mw_d, N(mw_d), &u), MW_CD_P, P_REL);
	assert_true(u == MW_CD_U);
	/* Small samples with ties: normal approximation, tie-corrected. */
	assert_close(fsb_stats_mann_whitney(mw_e, N(mw_e), mw_f, N(mw_f), &u), MW_EF_P, P_REL);
	assert_true(u == MW_EF_U);
	/* As R's wilcox.test prints them: W = 51.5, p-value = 0.5966; W = 0,
	 * p-value = 0.001364. */
	assert_close(fsb_stats_mann_whitney(mw_rx, N(mw_rx), mw_ry, N(mw_ry), &u), MW_R1_P, P_REL);
	assert_true(u == 51.5);
	assert_rounds_to(MW_R1_P, 0.5966, 4);
	assert_close(fsb_stats_mann_whitney(mw_rx, N(mw_rx), mw_ry2, N(mw_ry2), &u), MW_R2_P, P_REL);
	assert_true(u == 0);
	assert_rounds_to(fsb_stats_mann_whitney(mw_rx, N(mw_rx), mw_ry2, N(mw_ry2), NULL),
			 0.001364, 6);
	/* Everything tied: no evidence at all. */
	assert_true(fsb_stats_mann_whitney(tied, N(tied), tied, N(tied), &u) == 1);
	assert_true(u == 8);
	/* NANs are ignored; an empty side is not testable. */
	memcpy(a, mw_a, sizeof(mw_a));
	a[N(mw_a)] = NAN;
	a[N(mw_a) + 1] = NAN;
	assert_close(fsb_stats_mann_whitney(a, N(a), mw_b, N(mw_b), &u), MW_AB_P, 1e-12);
	assert_true(u == MW_AB_U);
	assert_nan(fsb_stats_mann_whitney(a + N(mw_a), 2, mw_b, N(mw_b), &u));
	assert_nan(u);
	assert_nan(fsb_stats_mann_whitney(mw_a, N(mw_a), NULL, 0, NULL));
}

/* More values than fit the on-stack scratch space. */
static void test_large_samples(void **state)
{
	enum { BIG = 300, MANY = 1000 };
	double a[BIG], b[BIG], x[MANY], u;
	bool flags[MANY];
	struct fsb_stats st;

	(void)state;
	for (int i = 0; i < BIG; i++) {
		a[i] = 2 * i;
		b[i] = 2 * i + 1;
	}
	assert_close(fsb_stats_mann_whitney(a, BIG, b, BIG, &u), MW_BIG_P, P_REL);
	assert_true(u == MW_BIG_U);
	assert_close(fsb_stats_welch(a, BIG, b, BIG, NULL, NULL), WELCH_BIG_P, P_REL);
	/* 1..1000: mean and median 500.5, sd sqrt(n(n+1)/12), nothing out;
	 * then 1000 becomes 1e6, is flagged and drops out of the summary. */
	for (int i = 0; i < MANY; i++)
		x[i] = i + 1;
	assert_int_equal(fsb_stats_summarize(x, MANY, flags, &st), 0);
	assert_int_equal(st.n_outliers, 0);
	assert_close(st.mean, 500.5, 1e-15);
	assert_close(st.median, 500.5, 1e-15);
	assert_close(st.sd, sqrt(MANY * (MANY + 1) / 12.0), 1e-14);
	x[MANY - 1] = 1e6;
	assert_int_equal(fsb_stats_summarize(x, MANY, flags, &st), 0);
	assert_int_equal(st.n_outliers, 1);
	assert_true(flags[MANY - 1]);
	assert_close(st.mean, 500, 1e-15);
	assert_close(st.median, 500, 1e-15);
	assert_true(fsb_stats_median(x, MANY) == 500.5);
}

/* ---- compare ------------------------------------------------------------ */

static void test_compare_welch(void **state)
{
	struct fsb_compare c, r;

	(void)state;
	assert_int_equal(fsb_stats_compare(fa, N(fa), fb, N(fb), 0.05, false, &c), 0);
	assert_string_equal(c.test, "welch");
	assert_close(c.ratio, F_RATIO, 1e-14);
	assert_close(c.ratio_lo, F_LO, 1e-9);
	assert_close(c.ratio_hi, F_HI, 1e-9);
	assert_true(c.ratio_lo < c.ratio && c.ratio < c.ratio_hi);
	assert_close(c.p, F_WELCH_P, P_REL);
	assert_true(c.significant);
	/* Fieller's interval maps to its reciprocal when the samples swap. */
	assert_int_equal(fsb_stats_compare(fb, N(fb), fa, N(fa), 0.05, false, &r), 0);
	assert_close(r.ratio, 1 / F_RATIO, 1e-14);
	assert_close(r.ratio_lo, 1 / c.ratio_hi, 1e-12);
	assert_close(r.ratio_hi, 1 / c.ratio_lo, 1e-12);
	assert_close(r.p, c.p, 1e-15);
	/* Same p, stricter alpha. */
	assert_int_equal(fsb_stats_compare(fa, N(fa), fb, N(fb), 1e-7, false, &c), 0);
	assert_false(c.significant);
	/* The R example: p = 0.0836, not significant at 0.05. */
	assert_int_equal(fsb_stats_compare(welch_r_a, N(welch_r_a), welch_r_b, N(welch_r_b),
					   0.05, false, &c), 0);
	assert_close(c.p, WELCH_R_P, P_REL);
	assert_false(c.significant);
}

static void test_compare_mann_whitney(void **state)
{
	struct fsb_compare c;

	(void)state;
	assert_int_equal(fsb_stats_compare(fa, N(fa), fb, N(fb), 0.05, true, &c), 0);
	assert_string_equal(c.test, "mann-whitney");
	assert_close(c.p, F_MW_P, 1e-12);
	assert_true(c.significant);
	assert_close(c.ratio_lo, F_LO, 1e-9);
	/* 3 values on a side: the rank test could not reach 0.05. */
	assert_int_equal(fsb_stats_compare(fa, 3, fb, N(fb), 0.05, true, &c), 0);
	assert_string_equal(c.test, "none");
	assert_nan(c.p);
	assert_false(c.significant);
	assert_false(isnan(c.ratio_lo));
}

static void test_compare_edges(void **state)
{
	static const double one[] = { NAN, 4.0 };
	static const double nothing[] = { NAN };
	static const double noisy_zero[] = { -3, 1, 4, -2 };   /* mean 0, wide */
	struct fsb_compare c;

	(void)state;
	/* One value: the ratio, nothing else. */
	assert_int_equal(fsb_stats_compare(one, N(one), fb, N(fb), 0.05, false, &c), 0);
	assert_close(c.ratio, 4.0 / FB_MEAN, 1e-14);
	assert_string_equal(c.test, "none");
	assert_nan(c.ratio_lo);
	assert_nan(c.ratio_hi);
	assert_nan(c.p);
	assert_false(c.significant);
	/* No value: an error, everything NAN. */
	assert_int_equal(fsb_stats_compare(fa, N(fa), nothing, N(nothing), 0.05, false, &c),
			 -EINVAL);
	assert_nan(c.ratio);
	assert_nan(c.p);
	assert_string_equal(c.test, "none");
	assert_int_equal(fsb_stats_compare(NULL, 0, fb, N(fb), 0.05, true, &c), -EINVAL);
	/* A baseline not clearly away from 0: Fieller's set is unbounded. */
	assert_int_equal(fsb_stats_compare(fa, N(fa), noisy_zero, N(noisy_zero), 0.05, false, &c),
			 0);
	assert_nan(c.ratio_lo);
	assert_nan(c.ratio_hi);
}

/* Times whose mean is not clearly above 0 (the aging factor "1.00 [-2.91,
 * 6.24]" of a noisy tiny run): Fieller's bounded set would reach below 0,
 * which no ratio of times can; the interval is not measurable, NAN, and
 * so is its mirror with the samples swapped.  Over many random samples of
 * positive times no bound is ever at or below 0. */
static void test_compare_never_negative(void **state)
{
	static const double noisy[] = { 0.1, 5.0, 0.2, 4.9 };   /* mean 2.55, se 1.4 */
	struct fsb_compare c;
	unsigned long long seed = 7;

	(void)state;
	assert_int_equal(fsb_stats_compare(noisy, N(noisy), fb, N(fb), 0.05, false, &c), 0);
	assert_false(isnan(c.ratio));
	assert_nan(c.ratio_lo);
	assert_nan(c.ratio_hi);
	assert_int_equal(fsb_stats_compare(fb, N(fb), noisy, N(noisy), 0.05, false, &c), 0);
	assert_nan(c.ratio_lo);
	assert_nan(c.ratio_hi);
	for (int k = 0; k < 2000; k++) {
		double a[5], b[5];
		size_t na = 2 + (size_t)(k % 4), nb = 2 + (size_t)(k / 4 % 4);

		for (size_t i = 0; i < 5; i++) {
			/* times from 0.001 s to 10 s, spread over four decades */
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			a[i] = pow(10, (double)(seed >> 11) / 9007199254740992.0 * 4 - 3);
			seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
			b[i] = pow(10, (double)(seed >> 11) / 9007199254740992.0 * 4 - 3);
		}
		assert_int_equal(fsb_stats_compare(a, na, b, nb, 0.05, k % 2, &c), 0);
		if (!isnan(c.ratio_lo)) {
			assert_true(c.ratio_lo > 0);
			assert_true(c.ratio_lo <= c.ratio && c.ratio <= c.ratio_hi);
		} else {
			assert_nan(c.ratio_hi);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_summarize_excluding),
		cmocka_unit_test(test_t_quantile_scipy),
		cmocka_unit_test(test_t_quantile_published),
		cmocka_unit_test(test_t_quantile_domain),
		cmocka_unit_test(test_betai),
		cmocka_unit_test(test_t_pvalue),
		cmocka_unit_test(test_median),
		cmocka_unit_test(test_outliers_seed),
		cmocka_unit_test(test_outliers_none),
		cmocka_unit_test(test_summarize_seed),
		cmocka_unit_test(test_summarize_nan),
		cmocka_unit_test(test_summarize_edges),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_welch_edges),
		cmocka_unit_test(test_mann_whitney_exact),
		cmocka_unit_test(test_mann_whitney_asymptotic),
		cmocka_unit_test(test_large_samples),
		cmocka_unit_test(test_compare_welch),
		cmocka_unit_test(test_compare_mann_whitney),
		cmocka_unit_test(test_compare_edges),
		cmocka_unit_test(test_compare_never_negative),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
