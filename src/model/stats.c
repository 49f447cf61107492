/* SPDX-License-Identifier: GPL-2.0-or-later */

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/stats.h"
#include "sys/util.h"

#define MAD_SCALE 1.4826   /* 1 / Phi^-1(3/4): MAD estimates sigma for normal data */
#define OUTLIER_MADS 3.0
#define MIN_FOR_OUTLIERS 4
#define CI_LEVEL 0.95
#define EXACT_MWU_MAX 10   /* per side; 2 × 10 keeps the U distribution at 101 terms */
#define MWU_MIN_PER_SIDE 4

/*
 * Scratch space: a few hundred repetitions fit on the stack; anything larger
 * goes to the heap so that a silly n cannot blow the stack (a VLA would).
 */
#define SCRATCH_BYTES 4096

struct scratch {
	void *p;
	union {
		double d[SCRATCH_BYTES / sizeof(double)];
		unsigned char b[SCRATCH_BYTES];
	} stack;
};

static void *scratch_get(struct scratch *s, size_t n, size_t size)
{
	if (n <= sizeof(s->stack) / size)
		s->p = &s->stack;
	else
		s->p = fsb_xcalloc(n, size);
	return s->p;
}

static void scratch_put(struct scratch *s)
{
	if (s->p != &s->stack)
		free(s->p);
	s->p = NULL;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Copy the finite values of x that skip (may be NULL) does not flag. */
static size_t gather(const double *x, size_t n, const bool *skip, double *w)
{
	size_t m = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]) && !(skip && skip[i]))
			w[m++] = x[i];
	return m;
}

/* Sorts w in place. */
static double median_of(double *w, size_t m)
{
	if (m == 0)
		return NAN;
	qsort(w, m, sizeof(*w), cmp_double);
	return m % 2 ? w[m / 2] : (w[m / 2 - 1] + w[m / 2]) / 2;
}

/*
 * Two passes (mean first, then squared deviations) rather than a running sum
 * of squares: timings are large numbers with small spread, exactly where
 * sum(x²) - n·mean² cancels catastrophically.
 */
static size_t moments(const double *x, size_t n, const bool *skip, double *mean, double *var)
{
	size_t m = 0;
	double sum = 0, ss = 0;

	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]) && !(skip && skip[i])) {
			sum += x[i];
			m++;
		}
	*mean = m ? sum / m : NAN;
	for (size_t i = 0; i < n; i++)
		if (isfinite(x[i]) && !(skip && skip[i]))
			ss += (x[i] - *mean) * (x[i] - *mean);
	*var = m >= 2 ? ss / (m - 1) : NAN;
	return m;
}

double fsb_stats_median(const double *x, size_t n)
{
	struct scratch s;
	double *w = scratch_get(&s, n, sizeof(double));
	double med = median_of(w, gather(x, n, NULL, w));

	scratch_put(&s);
	return med;
}

size_t fsb_stats_outliers(const double *x, size_t n, bool *outlier)
{
	struct scratch s;
	double *w = scratch_get(&s, n, sizeof(double));
	size_t m = gather(x, n, NULL, w), flagged = 0;
	double med, mad;

	if (outlier)
		memset(outlier, 0, n * sizeof(*outlier));
	if (m < MIN_FOR_OUTLIERS)
		goto out;
	med = median_of(w, m);
	for (size_t i = 0; i < m; i++)
		w[i] = fabs(w[i] - med);
	mad = MAD_SCALE * median_of(w, m);
	/* MAD 0 means most values are identical: every other value would be
	 * "infinitely" far out, which says nothing about the run. */
	if (!(mad > 0))
		goto out;
	for (size_t i = 0; i < n; i++) {
		if (isfinite(x[i]) && fabs(x[i] - med) > OUTLIER_MADS * mad) {
			if (outlier)
				outlier[i] = true;
			flagged++;
		}
	}
out:
	scratch_put(&s);
	return flagged;
}

/* given = NULL: flag outliers into flags; else exclude what given says. */
static int summarize(const double *x, size_t n, const bool *given, bool *outlier, struct fsb_stats *st)
{
	struct scratch fs, ws;
	bool *flags = outlier ? outlier : scratch_get(&fs, n, sizeof(bool));
	double *w = scratch_get(&ws, n, sizeof(double));
	double var;
	int ret = 0;

	if (given)
		memcpy(flags, given, n * sizeof(*flags));
	else
		memset(flags, 0, n * sizeof(*flags));
	*st = (struct fsb_stats){
		.mean = NAN, .median = NAN, .sd = NAN, .min = NAN, .max = NAN,
		.ci_half = NAN, .ci_lo = NAN, .ci_hi = NAN, .cv = NAN,
	};
	for (size_t i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			continue;
		if (st->n == 0 || x[i] < st->min)
			st->min = x[i];
		if (st->n == 0 || x[i] > st->max)
			st->max = x[i];
		st->n++;
	}
	if (st->n == 0) {
		ret = -EINVAL;
		goto out;
	}
	if (given) {
		for (size_t i = 0; i < n; i++)
			st->n_outliers += flags[i] && isfinite(x[i]);
	} else {
		st->n_outliers = fsb_stats_outliers(x, n, flags);
	}
	st->n_used = moments(x, n, flags, &st->mean, &var);
	st->median = median_of(w, gather(x, n, flags, w));
	if (st->n_used >= 2) {
		st->sd = sqrt(var);
		st->ci_half = fsb_stats_t_quantile(0.5 + CI_LEVEL / 2, st->n_used - 1) *
			      st->sd / sqrt(st->n_used);
		st->ci_lo = st->mean - st->ci_half;
		st->ci_hi = st->mean + st->ci_half;
		if (st->mean != 0)
			st->cv = st->sd / st->mean;
	}
out:
	if (!outlier)
		scratch_put(&fs);
	scratch_put(&ws);
	return ret;
}

int fsb_stats_summarize(const double *x, size_t n, bool *outlier, struct fsb_stats *st)
{
	return summarize(x, n, NULL, outlier, st);
}

int fsb_stats_summarize_excluding(const double *x, size_t n, const bool *exclude, struct fsb_stats *st)
{
	struct scratch fs;
	bool *flags = scratch_get(&fs, n, sizeof(bool));
	int ret = summarize(x, n, exclude, flags, st);

	scratch_put(&fs);
	return ret;
}

/* ---- distributions ------------------------------------------------------ */

#define CF_MAXIT 20000   /* the fraction needs O(sqrt(max(a, b))) terms */
#define CF_EPS (4 * DBL_EPSILON)

static double lbeta(double a, double b)
{
	int sign;

	/* lgamma() writes the global signgam; the engine and UI threads both
	 * summarize, so use the reentrant variant. */
	return lgamma_r(a, &sign) + lgamma_r(b, &sign) - lgamma_r(a + b, &sign);
}

/* One step of the modified Lentz method with coefficient aa: updates c and
 * d, returns the factor the fraction's value is multiplied by. */
static double lentz_step(double aa, double *c, double *d)
{
	const double tiny = DBL_MIN / DBL_EPSILON;

	*d = 1 + aa * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + aa / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

/* Continued fraction for I_x(a, b) (Numerical Recipes' betacf), evaluated
 * with the modified Lentz method: an even and an odd step per iteration. */
static double betacf(double a, double b, double x)
{
	const double tiny = DBL_MIN / DBL_EPSILON;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= CF_MAXIT; m++) {
		double m2 = 2.0 * m, del;

		h *= lentz_step(m * (b - m) * x / ((a - 1 + m2) * (a + m2)), &c, &d);
		del = lentz_step(-(a + m) * (a + b + m) * x / ((a + m2) * (a + 1 + m2)), &c, &d);
		h *= del;
		if (fabs(del - 1) < CF_EPS)
			break;
	}
	return h;
}

/*
 * I_x(a, b) given both x and y = 1 - x: callers that can form 1 - x without
 * cancellation (the t distribution can: t²/(df + t²)) keep full precision in
 * the tail that the continued fraction is evaluated on.
 */
static double ibeta(double a, double b, double x, double y)
{
	double front;

	if (x <= 0)
		return 0;
	if (y <= 0)
		return 1;
	front = exp(a * log(x) + b * log(y) - lbeta(a, b));
	/* The fraction converges fast only left of the mean; use the symmetry
	 * I_x(a, b) = 1 - I_y(b, a) on the other side. */
	if (x < (a + 1) / (a + b + 2))
		return front * betacf(a, b, x) / a;
	return 1 - front * betacf(b, a, y) / b;
}

double fsb_stats_betai(double a, double b, double x)
{
	if (!(a > 0) || !(b > 0) || !(x >= 0 && x <= 1) || isinf(a) || isinf(b))
		return NAN;
	return ibeta(a, b, x, 1 - x);
}

/* P(|T| > t) for t >= 0. */
static double t_tail2(double t, double df)
{
	double t2 = t * t;

	if (isinf(t))
		return 0;
	return ibeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2));
}

/* P(|T| < t) for t >= 0: the same integral from the other end, so that
 * probabilities near 1/2 keep their digits. */
static double t_central(double t, double df)
{
	double t2 = t * t;

	if (isinf(t))
		return 1;
	return ibeta(0.5, df / 2, t2 / (df + t2), df / (df + t2));
}

/* log of the density's constant, Γ((ν+1)/2) / (Γ(ν/2)·sqrt(νπ)) */
static double t_log_const(double df)
{
	int sign;

	return lgamma_r((df + 1) / 2, &sign) - lgamma_r(df / 2, &sign) - 0.5 * log(df * M_PI);
}

static double t_pdf(double t, double df)
{
	return exp(t_log_const(df) - (df + 1) / 2 * log1p(t * t / df));
}

double fsb_stats_t_pvalue(double t, double df)
{
	if (isnan(t) || !(df > 0) || isinf(df))
		return NAN;
	return t_tail2(fabs(t), df);
}

/* Acklam's rational approximation of the lower normal quantile for
 * 0 < p <= 0.5 (relative error 1.2e-9).  Only feeds Hill's expansion. */
static double norm_quantile_lower(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02,
				    -2.759285104469687e+02, 1.383577518672690e+02,
				    -3.066479806614716e+01, 2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02,
				    -1.556989798598866e+02, 6.680131188771972e+01,
				    -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
				    -2.400758277161838e+00, -2.549732539343734e+00,
				    4.374664141464968e+00, 2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01,
				    2.445134137142996e+00, 3.754408661907416e+00 };
	double q, r;

	if (p < 0.02425) {
		q = sqrt(-2 * log(p));
		return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		       ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	}
	q = p - 0.5;
	r = q * q;
	return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
	       (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/*
 * Hill's approximation (CACM algorithm 396, 1970) of the t quantile with
 * two-sided tail probability P, as refined in R's qt(): good to a few
 * digits, which is all Newton needs.
 */
static double hill_start(double P, double df)
{
	double a, b, c, d, x, y;

	if (df == 2)
		return sqrt(2 / (P * (2 - P)) - 2);
	/*
	 * Heavier than Cauchy, the tails go as P(|T| > t) ~ 2c·ν^((ν-1)/2)·t^-ν:
	 * from the Cauchy quantile Newton would creep out by a factor 1 + 1/ν
	 * per step, while from this power law (which bounds the tail from
	 * above, so it starts right of the root) it needs a few.
	 */
	if (df < 1 && P < 0.5)
		return exp((M_LN2 + t_log_const(df) + (df - 1) / 2 * log(df) - log(P)) / df);
	if (df <= 1)
		return 1 / tan(P * M_PI_2);
	a = 1 / (df - 0.5);
	b = 48 / (a * a);
	c = ((20700 * a / b - 98) * a - 16) * a + 96.36;
	d = ((94.5 / (b + c) - 3) / b + 1) * sqrt(a * M_PI_2) * df;
	y = pow(d * P, 2 / df);
	if ((df < 2.1 && P > 0.5) || y > 0.05 + a) {
		x = norm_quantile_lower(0.5 * P);
		y = x * x;
		if (df < 5)
			c += 0.3 * (df - 4.5) * (x + 0.6);
		c = (((0.05 * d * x - 5) * x - 7) * x - 2) * x + b + c;
		y = (((((0.4 * y + 6.3) * y + 36) * y + 94.5) / c - y - 3) / b + 1) * x;
		y = expm1(a * y * y);
	} else {
		y = ((1 / (((df + 6) / (df * y) - 0.089 * d - 0.822) * (df + 2) * 3) +
		      0.5 / (df + 4)) * y - 1) * (df + 1) / (df + 2) + 1 / y;
	}
	return sqrt(df * y);
}

double fsb_stats_t_quantile(double p, double df)
{
	double q, t, prev = INFINITY;
	bool central;

	if (!(p > 0 && p < 1) || !(df > 0) || isinf(df))
		return NAN;
	if (p == 0.5)
		return 0;
	q = p < 0.5 ? p : 1 - p;   /* exact: Sterbenz */
	/* Solve for t > 0 either P(|T| > t) = 2q (convex in t) or, near the
	 * centre, P(|T| < t) = 1 - 2q (concave).  On both, a Newton step from
	 * anywhere lands at or below the root and the iterates then rise
	 * monotonically, so the only guard needed is against a step below 0. */
	central = q > 0.25;
	t = hill_start(2 * q, df);
	if (!(t > 0) || isinf(t))
		t = 1;
	for (int i = 0; i < 100; i++) {
		double f = central ? t_central(t, df) - (1 - 2 * q) : 2 * q - t_tail2(t, df);
		double pdf = 2 * t_pdf(t, df), next, step;

		if (!(pdf > 0))
			break;
		next = t - f / pdf;
		if (!(next > 0))
			next = t / 2;
		step = fabs(next - t);
		t = next;
		/* Newton squares the error, so a step of 1e-12 leaves nothing
		 * worth another CDF.  Near the answer a step that does not
		 * halve the last one is noise, not progress: for large df the
		 * CDF carries 1e-12..1e-10 of lgamma cancellation. */
		if (step <= 1e-12 * t || (step <= 1e-8 * t && step > prev / 2))
			break;
		prev = step;
	}
	return p < 0.5 ? -t : t;
}

/* ---- hypothesis tests --------------------------------------------------- */

double fsb_stats_welch(const double *a, size_t na, const double *b, size_t nb,
		       double *t, double *df)
{
	double ma, va, mb, vb, sa, sb, tt = NAN, nu = NAN, p = NAN;

	na = moments(a, na, NULL, &ma, &va);
	nb = moments(b, nb, NULL, &mb, &vb);
	if (na < 2 || nb < 2)
		goto out;
	sa = va / na;
	sb = vb / nb;
	if (sa + sb == 0) {
		/* Two constant samples: no spread to weigh the difference
		 * against.  Equal means are not different at all, unequal ones
		 * are as different as measurements can show. */
		nu = na + nb - 2;
		tt = ma == mb ? 0 : copysign(INFINITY, ma - mb);
		p = ma == mb ? 1 : 0;
		goto out;
	}
	tt = (ma - mb) / sqrt(sa + sb);
	nu = (sa + sb) * (sa + sb) / (sa * sa / (na - 1) + sb * sb / (nb - 1));
	p = fsb_stats_t_pvalue(tt, nu);
out:
	if (t)
		*t = tt;
	if (df)
		*df = nu;
	return p;
}

struct ranked {
	double v;
	bool from_a;
};

static int cmp_ranked(const void *x, const void *y)
{
	return cmp_double(&((const struct ranked *)x)->v, &((const struct ranked *)y)->v);
}

/*
 * Two-sided exact p-value, 2·P(U >= u), u >= m·n/2.  The null distribution
 * of U has the Gaussian binomial coefficient [m+n choose m]_q as generating
 * function, i.e. the product over k = 1..m of (1 - q^(n+k)) / (1 - q^k);
 * each partial product is itself a polynomial, so every multiplication and
 * division is exact in doubles for m, n <= 10.
 */
static double mwu_exact_p(size_t m, size_t n, double u)
{
	double cnt[EXACT_MWU_MAX * EXACT_MWU_MAX + 1] = { 1 };
	double total = 0, tail = 0;
	size_t deg = 0;

	for (size_t k = 1; k <= m; k++) {
		size_t up = n + k;

		deg += n;
		for (size_t i = deg; i >= up; i--)
			cnt[i] -= cnt[i - up];
		for (size_t i = k; i <= deg; i++)
			cnt[i] += cnt[i - k];
	}
	for (size_t i = 0; i <= deg; i++) {
		total += cnt[i];
		if (i >= u)
			tail += cnt[i];
	}
	return fmin(1, 2 * tail / total);
}

double fsb_stats_mann_whitney(const double *a, size_t na, const double *b, size_t nb,
			      double *u)
{
	struct scratch s;
	struct ranked *r = scratch_get(&s, na + nb, sizeof(*r));
	size_t m = 0, n = 0, N;
	double ra = 0, ties = 0, ua = NAN, umax, mu, sigma, p = NAN;

	for (size_t i = 0; i < na; i++)
		if (isfinite(a[i]))
			r[m++] = (struct ranked){ a[i], true };
	for (size_t i = 0; i < nb; i++)
		if (isfinite(b[i]))
			r[m + n++] = (struct ranked){ b[i], false };
	if (m == 0 || n == 0)
		goto out;
	N = m + n;
	qsort(r, N, sizeof(*r), cmp_ranked);
	for (size_t i = 0, j; i < N; i = j) {
		double run, rank;

		for (j = i + 1; j < N && r[j].v == r[i].v; j++)
			;
		run = j - i;
		rank = (i + 1 + j) / 2.0;   /* mid-rank of positions i+1 .. j */
		for (size_t k = i; k < j; k++)
			if (r[k].from_a)
				ra += rank;
		ties += run * run * run - run;
	}
	ua = ra - m * (m + 1) / 2.0;
	umax = fmax(ua, (double)m * n - ua);
	if (m <= EXACT_MWU_MAX && n <= EXACT_MWU_MAX && ties == 0) {
		p = mwu_exact_p(m, n, umax);
		goto out;
	}
	mu = m * n / 2.0;
	sigma = sqrt(m * n / 12.0 * ((N + 1) - ties / ((double)N * (N - 1))));
	/* All values tied: no evidence of any difference. */
	if (!(sigma > 0)) {
		p = 1;
		goto out;
	}
	p = fmin(1, erfc((umax - mu - 0.5) / sigma / M_SQRT2));
out:
	scratch_put(&s);
	if (u)
		*u = ua;
	return p;
}

/* ---- comparison --------------------------------------------------------- */

/*
 * Fieller's interval for ma/mb with independent samples: the R for which
 * (ma - R·mb)² <= t²·(sa + R²·sb), sa and sb the squared standard errors.
 * Unlike the delta method it is asymmetric where a ratio should be, and it
 * maps onto itself under R -> 1/R, so swapping a and b for a rate gives the
 * reciprocal interval.  t uses the Welch–Satterthwaite degrees of freedom of
 * sa + R²·sb at the estimate, which keeps that symmetry.
 */
static void fieller(double ma, double sa, size_t na, double mb, double sb, size_t nb,
		    struct fsb_compare *out)
{
	double r = ma / mb, v = sa + r * r * sb, df, t, g, half;

	if (v == 0) {
		out->ratio_lo = out->ratio_hi = r;
		return;
	}
	df = v * v / (sa * sa / (na - 1) + pow(r, 4) * sb * sb / (nb - 1));
	t = fsb_stats_t_quantile(0.5 + CI_LEVEL / 2, df);
	g = t * t * sb / (mb * mb);
	/* g >= 1: mb is not clearly away from 0, the set is unbounded.  Its
	 * mirror, ma not clearly away from 0 (ma² <= t²·sa), is exactly what
	 * puts the lower bound at or below 0: no ratio of times is, so that
	 * interval is not measurable either (and the rule keeps R -> 1/R).
	 * Both means must be above 0: a ratio of times, or of rates. */
	if (!(g < 1) || !(ma > 0 && mb > 0) || !(ma * ma > t * t * sa))
		return;
	half = t / fabs(mb) * sqrt(sa * (1 - g) + r * r * sb);
	out->ratio_lo = (r - half) / (1 - g);
	out->ratio_hi = (r + half) / (1 - g);
}

int fsb_stats_compare(const double *a, size_t na, const double *b, size_t nb,
		      double alpha, bool nonparametric, struct fsb_compare *out)
{
	double ma, va, mb, vb;
	size_t ma_n = moments(a, na, NULL, &ma, &va);
	size_t mb_n = moments(b, nb, NULL, &mb, &vb);
	int ret = 0;

	*out = (struct fsb_compare){
		.ratio = NAN, .ratio_lo = NAN, .ratio_hi = NAN, .p = NAN, .test = "none",
	};
	if (ma_n == 0 || mb_n == 0) {
		ret = -EINVAL;
		goto out;
	}
	out->ratio = ma / mb;
	if (ma_n < 2 || mb_n < 2)
		goto out;
	fieller(ma, va / ma_n, ma_n, mb, vb / mb_n, mb_n, out);
	if (!nonparametric) {
		out->test = "welch";
		out->p = fsb_stats_welch(a, na, b, nb, NULL, NULL);
	} else if (ma_n >= MWU_MIN_PER_SIDE && mb_n >= MWU_MIN_PER_SIDE) {
		out->test = "mann-whitney";
		out->p = fsb_stats_mann_whitney(a, na, b, nb, NULL);
	}
	out->significant = out->p < alpha;
out:
	return ret;
}
