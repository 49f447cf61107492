/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/config.h"
#include "model/history.h"
#include "model/rounds.h"
#include "model/verdict.h"
#include "sys/interfere.h"

/*
 * What one judgement works on: the column (the phases of the total, or a
 * use's weighted phases), every filesystem's rounds of it, and the same
 * for each earlier session of the plan (fs by the current result's index;
 * an empty set of rounds where a session lacks one).
 */
struct fsb_verdict_judge {
	const struct fsb_result *res;
	const struct fsb_grid *g;    /* res's */
	enum fsb_metric m;
	struct fsb_strv phases;      /* the column's phases, by name (for the words) */
	size_t *cols;                /* and as columns of g */
	double *w;                   /* the column's weights, NULL = 1 each */
	bool *builtin;
	struct fsb_column col;
	struct fsb_rounds *r;        /* [res->nfs] */
	size_t nhist;
	struct fsb_rounds **hr;      /* [nhist][res->nfs] */
	double alpha;                /* per look */
	double prior;                /* res->session_sd, NAN = none */
	bool *in;                    /* [res->nfs] the filesystems judged (scope->only), NULL: every one */
};

/* Is the result's filesystem i one this judgement ranks? */
static bool in_scope(const struct fsb_verdict_judge *J, size_t i)
{
	return !J->in || J->in[i];
}

/* A phase of the column, by name and by column. */
static void judge_add(struct fsb_verdict_judge *J, size_t col)
{
	J->cols = fsb_xrealloc(J->cols, (J->phases.n + 1) * sizeof(*J->cols));
	J->cols[J->phases.n] = col;
	fsb_strv_add(&J->phases, J->g->col[col].name);
}

/* The column: a scope's weighted phases that the baseline (row b) has, or
 * the phases of the total. */
static void judge_column(struct fsb_verdict_judge *J, const struct fsb_weights *w, size_t b)
{
	const struct fsb_grid *g = J->g;

	for (size_t j = 0; b != FSB_GRID_NONE && w && j < w->phases.n; j++) {
		size_t c = fsb_grid_column(g, w->phases.v[j]);

		if (fsb_grid_cell(g, b, c)) {
			J->w = fsb_xrealloc(J->w, (J->phases.n + 1) * sizeof(*J->w));
			J->w[J->phases.n] = w->w[j];
			judge_add(J, c);
		}
	}
	for (size_t k = 0; b != FSB_GRID_NONE && !w && k < g->total.n; k++)
		judge_add(J, g->total.v[k]);
	J->builtin = fsb_xcalloc(J->phases.n + 1, sizeof(*J->builtin));
	for (size_t j = 0; w && j < J->phases.n; j++)
		J->builtin[j] = fsb_grid_rate(g, J->cols[j]);
	J->col = (struct fsb_column){ .cols = J->cols, .n = J->phases.n, .w = J->w, .builtin = J->builtin,
				      .metric = J->m };
}

/* The earlier sessions: the same column of each, by the current names. */
static void judge_history(struct fsb_verdict_judge *J, const struct fsb_history *h)
{
	const struct fsb_result *res = J->res;
	size_t *cols = fsb_xcalloc(J->phases.n + 1, sizeof(*cols));

	J->nhist = h ? h->n : 0;
	J->hr = fsb_xcalloc(J->nhist + 1, sizeof(*J->hr));
	for (size_t s = 0; s < J->nhist; s++) {
		const struct fsb_grid *hg = fsb_result_grid(h->v[s]);
		struct fsb_column hc = J->col;

		for (size_t j = 0; j < J->phases.n; j++)
			cols[j] = fsb_grid_column(hg, J->phases.v[j]);
		hc.cols = cols;
		J->hr[s] = fsb_xcalloc(res->nfs + 1, sizeof(**J->hr));
		for (size_t i = 0; i < res->nfs; i++) {
			size_t hi = fsb_grid_fs(hg, res->fs[i]->name);

			if (hi != FSB_GRID_NONE)
				fsb_rounds_of(h->v[s], hi, &hc, &J->hr[s][i]);
		}
	}
	free(cols);
}

static void judge_init(struct fsb_verdict_judge *J, const struct fsb_result *res, const struct fsb_report_opts *o,
		       const struct fsb_verdict_scope *sc, size_t b)
{
	double a = o && o->alpha > 0 ? o->alpha : 0.05;

	memset(J, 0, sizeof(*J));
	J->res = res;
	J->g = fsb_result_grid(res);
	if (sc && sc->only) {
		J->in = fsb_xcalloc(res->nfs + 1, sizeof(*J->in));
		for (size_t k = 0; k < sc->only->n; k++) {
			size_t i = fsb_grid_fs(J->g, sc->only->v[k]);

			if (i != FSB_GRID_NONE)
				J->in[i] = true;
		}
	}
	J->m = o ? o->metric : FSB_METRIC_DEAD;
	judge_column(J, sc ? sc->w : NULL, b);
	J->r = fsb_xcalloc(res->nfs + 1, sizeof(*J->r));
	for (size_t i = 0; i < res->nfs; i++)
		fsb_rounds_of(res, i, &J->col, &J->r[i]);
	judge_history(J, o ? o->history : NULL);
	J->alpha = a / (double)(res->looks > 1 ? res->looks : 1);
	J->prior = res->session_sd > 0 ? res->session_sd : NAN;
}

static void judge_free(struct fsb_verdict_judge *J)
{
	for (size_t i = 0; i < J->res->nfs; i++)
		fsb_rounds_free(&J->r[i]);
	for (size_t s = 0; s < J->nhist; s++) {
		for (size_t i = 0; i < J->res->nfs; i++)
			fsb_rounds_free(&J->hr[s][i]);
		free(J->hr[s]);
	}
	free(J->hr);
	free(J->r);
	free(J->builtin);
	free(J->w);
	free(J->cols);
	free(J->in);
	fsb_strv_free(&J->phases);
}

/*
 * The between-session variance of a session's ln(b / a) of part sel: the
 * spread of the sessions' means (this one's m0 among them) pooled with the
 * profile's prior as FSB_VERDICT_PRIOR_SESSIONS sessions' worth; the
 * prior alone without history; 0 (df infinite) without either.
 */
static void between(const struct fsb_verdict_judge *J, size_t ia, size_t ib, long sel, double m0, double *var, double *df)
{
	double m[FSB_HISTORY_MAX + 1], mean = 0, ss = 0, nu0 = FSB_VERDICT_PRIOR_SESSIONS;
	size_t k = 0;

	m[k++] = m0;
	for (size_t s = 0; s < J->nhist && k <= FSB_HISTORY_MAX; s++) {
		struct fsb_paired p;

		fsb_rounds_pair(&J->hr[s][ia], &J->hr[s][ib], sel, &p);
		if (!isnan(p.mean))
			m[k++] = p.mean;
	}
	for (size_t i = 0; i < k; i++)
		mean += m[i] / (double)k;
	for (size_t i = 0; i < k; i++)
		ss += (m[i] - mean) * (m[i] - mean);
	if (k >= 2 && !isnan(J->prior)) {
		*var = (nu0 * J->prior * J->prior + ss) / (nu0 + (double)(k - 1));
		*df = nu0 + (double)(k - 1);
	} else if (k >= 2) {
		*var = ss / (double)(k - 1);
		*df = (double)(k - 1);
	} else if (!isnan(J->prior)) {
		*var = J->prior * J->prior;
		*df = nu0;
	} else {
		*var = 0;
		*df = INFINITY;
	}
}

/* b against a in part sel: the verdict's test (verdict.h, rules a and c). */
static void pair_test(const struct fsb_verdict_judge *J, size_t ia, size_t ib, long sel, struct fsb_verdict_pair *out)
{
	struct fsb_paired p;
	double se2, b2, bdf, v, df, t, half;

	fsb_rounds_pair(&J->r[ia], &J->r[ib], sel, &p);
	memset(out, 0, sizeof(*out));
	out->n = p.n;
	out->slower = p.slower;
	out->rel = isnan(p.mean) ? NAN : exp(p.mean);
	out->lo = out->hi = out->within = out->resolution = out->p = NAN;
	out->holds = p.n && 3 * p.slower > 2 * p.n;
	if (p.n < 2 || isnan(p.sd))
		return;
	se2 = p.sd * p.sd / (double)p.n;
	between(J, ia, ib, sel, p.mean, &b2, &bdf);
	v = se2 + b2;
	/* Welch–Satterthwaite for the two parts of the variance */
	df = b2 > 0 && isfinite(bdf) ? v * v / (se2 * se2 / (double)(p.n - 1) + b2 * b2 / bdf) : (double)(p.n - 1);
	if (!(df > 0) || !isfinite(df))
		df = (double)(p.n - 1);
	t = fsb_stats_t_quantile(1 - J->alpha / 2, df);
	half = t * sqrt(v);
	out->within = sqrt(se2);
	out->between = sqrt(b2);
	out->lo = exp(p.mean - half);
	out->hi = exp(p.mean + half);
	out->resolution = exp(half) - 1;
	out->p = v > 0 ? fsb_stats_t_pvalue(p.mean / sqrt(v), df) : NAN;
	out->significant = p.mean - half > 0 && out->rel >= 1 + FSB_VERDICT_MIN_LEAD;
}

static int by_total(const void *pa, const void *pb)
{
	const struct fsb_verdict_row *a = pa, *b = pb;

	if (a->rel != b->rel)
		return a->rel < b->rel ? -1 : 1;
	return strcmp(a->fs->name, b->fs->name);
}

/* Program names counted, for the few most frequent. */
struct name_count {
	struct fsb_strv names;
	size_t *count, cap;
};

static void name_count_add(struct name_count *c, const char *name)
{
	size_t n;

	for (n = 0; n < c->names.n && strcmp(c->names.v[n], name); n++)
		;
	if (n == c->names.n) {
		fsb_strv_add(&c->names, name);
		if (c->names.n > c->cap) {
			c->cap = c->names.n * 2;
			c->count = fsb_xrealloc(c->count, c->cap * sizeof(*c->count));
		}
		c->count[n] = 0;
	}
	c->count[n]++;
}

/* Most often first into out, and free c; a few names are all a sentence
 * can carry. */
static void name_count_take(struct name_count *c, struct fsb_strv *out)
{
	for (size_t taken = 0; taken < c->names.n && taken < 3; taken++) {
		size_t best = c->names.n;

		for (size_t n = 0; n < c->names.n; n++)
			if (c->count[n] && (best == c->names.n || c->count[n] > c->count[best]))
				best = n;
		if (best == c->names.n)
			break;
		fsb_strv_add(out, c->names.v[best]);
		c->count[best] = 0;
	}
	free(c->count);
	fsb_strv_free(&c->names);
}

/* The programs the disturbed runs name, most often first: only the runs
 * disturbed by other programs (the hypervisor's steal is no program); and
 * those of the runs kept because what they saw was their round's lasting
 * background (model/rounds.h). */
static void busy_names(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	const struct fsb_result *res = J->res;
	struct name_count busy = { 0 }, bg = { 0 };

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; in_scope(J, i) && j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];
			bool aging = J->g->col[fsb_grid_col_of(J->g, i, j)].aging;

			/* the aging group is in no verdict (model/agefactor.h) */
			for (size_t k = 0; !aging && k < ph->nruns; k++) {
				const struct fsb_run *r = &ph->runs[k];
				double by = r->v[FSB_FIELD_disturbed_by];
				bool named = r->top && r->top[0];

				if (!r->disturbed && !isnan(by) && ((unsigned)by & FSB_DISTURBED_KEPT)) {
					v->nkept_background++;
					if (named)
						name_count_add(&bg, r->top);
				}
				if (!r->disturbed)
					continue;
				v->ndisturbed++;
				if (named && (isnan(by) || ((unsigned)by & FSB_DISTURBED_BY_PROGRAMS)))
					name_count_add(&busy, r->top);
			}
		}
	name_count_take(&busy, &v->busy_with);
	name_count_take(&bg, &v->background_with);
}

/* The hypervisor's steal over the runs the verdict counts, and what other
 * programs took meanwhile (wall-weighted: a share of a CPU over the time). */
static void steal_summary(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	double sum = 0, osum = 0, owall = 0;
	size_t n = 0;

	v->steal_mean = v->steal_max = v->others_mean = NAN;
	for (size_t i = 0; i < J->res->nfs; i++)
		for (size_t j = 0; in_scope(J, i) && j < J->phases.n; j++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(J->g, i, J->cols[j]);

			for (size_t k = 0; ph && k < ph->nruns; k++) {
				const double *r = ph->runs[k].v;
				double s = r[FSB_FIELD_steal];

				if (ph->runs[k].status != FSB_RUN_OK)
					continue;
				if (!isnan(r[FSB_FIELD_others_cpu]) && r[FSB_FIELD_real] > 0) {
					osum += r[FSB_FIELD_others_cpu] * r[FSB_FIELD_real];
					owall += r[FSB_FIELD_real];
				}
				if (isnan(s))
					continue;
				sum += s;
				n++;
				if (isnan(v->steal_max) || s > v->steal_max)
					v->steal_max = s;
			}
		}
	if (n)
		v->steal_mean = sum / (double)n;
	if (owall > 0)
		v->others_mean = osum / owall;
}

/*
 * With one run a desktop phase is too short to measure when its dead time
 * (or the metric) is under FSB_VERDICT_MIN_PHASE_S on the baseline, and too
 * noisy when the profile measured it so (its measured_cv: for a plan of one
 * round that is all there is to go by); the total's expected CV follows.
 */
static void one_run_phases(const struct fsb_verdict_judge *J, size_t bfs, struct fsb_verdict *v)
{
	double var = 0, sum = 0;
	bool known = true;

	for (size_t j = 0; j < J->phases.n; j++) {
		const struct fsb_phase_result *ph = fsb_grid_cell(J->g, bfs, J->cols[j]);
		double cv = ph ? ph->measured_cv : NAN;
		struct fsb_cellstats b;

		fsb_cell_stats(J->res, bfs, J->cols[j], J->m, &b);
		if (cv > FSB_PROFILE_CV_GOAL) {
			v->noisy_cv[v->noisy.n] = cv;
			fsb_strv_add(&v->noisy, J->phases.v[j]);
		} else if (b.st.n_used == 1 && b.st.mean < FSB_VERDICT_MIN_PHASE_S) {
			fsb_strv_add(&v->unmeasured, J->phases.v[j]);
		}
		/* independent phases: the total's variance is the sum of theirs */
		if (b.st.n_used && !isnan(cv)) {
			var += (cv * b.st.mean) * (cv * b.st.mean);
			sum += b.st.mean;
		} else if (b.st.n_used) {
			known = false;
		}
		fsb_cell_stats_free(&b);
	}
	v->noisy_from_profile = v->noisy.n > 0;
	v->one_run_cv = known && sum > 0 ? sqrt(var) / sum : NAN;
}

/*
 * With rounds: a phase's run-to-run CV is this run's spread across rounds
 * (ln of its value, pooled over the ranked filesystems) and the spread of
 * a filesystem's phase between sessions — the history's, pooled with the
 * prior (a ratio's spread is two filesystems', so half its variance each),
 * else the prior alone.  Above FSB_PROFILE_CV_GOAL the phase is not ranked
 * on its own.  The same estimate the intervals use.
 */
static void phase_noise(const struct fsb_verdict_judge *J, const struct fsb_verdict *v, size_t j, double *cv)
{
	double ssw = 0, dfw = 0, ssb = 0, dfb = 0, nu0 = FSB_VERDICT_PRIOR_SESSIONS, b2;

	for (size_t i = 0; i < v->nrows; i++) {
		size_t fi = v->rows[i].index, k = 0;
		double sd, m[FSB_HISTORY_MAX + 1], mean = 0;

		sd = fsb_rounds_logsd(&J->r[fi], FSB_ROUNDS_ONLY(j));
		if (!isnan(sd)) {
			ssw += sd * sd * (double)(J->r[fi].n - 1);
			dfw += (double)(J->r[fi].n - 1);
		}
		m[k++] = fsb_rounds_logmean(&J->r[fi], FSB_ROUNDS_ONLY(j));
		for (size_t s = 0; s < J->nhist; s++) {
			double x = fsb_rounds_logmean(&J->hr[s][fi], FSB_ROUNDS_ONLY(j));

			if (!isnan(x))
				m[k++] = x;
		}
		if (k < 2 || isnan(m[0]))
			continue;
		for (size_t q = 0; q < k; q++)
			mean += m[q] / (double)k;
		for (size_t q = 0; q < k; q++)
			ssb += (m[q] - mean) * (m[q] - mean);
		dfb += (double)(k - 1);
	}
	if (dfb > 0 && !isnan(J->prior))
		b2 = (nu0 * J->prior * J->prior / 2 + ssb) / (nu0 + dfb);
	else if (dfb > 0)
		b2 = ssb / dfb;
	else
		b2 = isnan(J->prior) ? 0 : J->prior * J->prior / 2;
	*cv = dfw > 0 ? sqrt(ssw / dfw + b2) : NAN;
}

static void noisy_phases(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	for (size_t j = 0; j < J->phases.n; j++) {
		double cv;

		phase_noise(J, v, j, &cv);
		if (cv > FSB_PROFILE_CV_GOAL) {
			v->noisy_cv[v->noisy.n] = cv;
			fsb_strv_add(&v->noisy, J->phases.v[j]);
		}
	}
}

/* The ranked rows: every filesystem with a geometric mean of its rounds'
 * totals; rel is that mean until the leader is known. */
static void rank(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	const struct fsb_result *res = J->res;

	v->rows = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*v->rows));
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_rounds *r = &J->r[i];
		double lm = fsb_rounds_logmean(r, FSB_ROUNDS_ALL), sum = 0;
		struct fsb_verdict_row *row;

		if (!in_scope(J, i))
			continue;
		if (r->all_disturbed) {
			fsb_strv_add(&v->too_busy, res->fs[i]->name);
			continue;
		}
		if (!r->n)
			continue;
		if (isnan(lm)) {
			fsb_strv_add(&v->unranked, res->fs[i]->name);
			continue;
		}
		row = &v->rows[v->nrows++];
		row->fs = res->fs[i];
		row->index = i;
		for (size_t k = 0; k < r->n; k++)
			sum += r->total[k];
		row->total = sum / (double)r->n;
		row->nkept = r->n;
		row->rel = lm;
	}
	qsort(v->rows, v->nrows, sizeof(*v->rows), by_total);
}

/* Rule b: the phase without which the lead over row i is not significant,
 * the one that leaves the least of it. */
static void leave_one_out(const struct fsb_verdict_judge *J, size_t ia, size_t ib, struct fsb_verdict_row *row)
{
	double worst = INFINITY;

	if (J->phases.n < 2)
		return;
	for (size_t j = 0; j < J->phases.n; j++) {
		struct fsb_verdict_pair p;

		pair_test(J, ia, ib, FSB_ROUNDS_WITHOUT(j), &p);
		if (!(p.lo > 1) && (isnan(p.lo) || p.lo < worst)) {
			worst = isnan(p.lo) ? -INFINITY : p.lo;
			row->rests_on = J->phases.v[j];
			row->rests_rel = p.rel;
			row->rests_lo = p.lo;
			row->rests_hi = p.hi;
		}
	}
}

/* Each row against the leader; the leading group first (stable), ntied of them. */
static void against_leader(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	struct fsb_verdict_row *sorted = fsb_xcalloc(v->nrows, sizeof(*sorted));
	size_t ia = v->rows[0].index, k = 0;

	v->min_kept = v->rows[0].nkept;
	for (size_t i = 0; i < v->nrows; i++) {
		struct fsb_verdict_row *r = &v->rows[i];
		size_t ib = r->index;

		if (r->nkept < v->min_kept)
			v->min_kept = r->nkept;
		/* the leader against itself: 1, its interval the noise around it */
		pair_test(J, ia, ib, FSB_ROUNDS_ALL, &r->pair);
		r->rel = r->pair.rel;
		r->rel_lo = r->pair.lo;
		r->rel_hi = r->pair.hi;
		if (i == 0) {
			r->resolution = NAN;
			r->tied = true;
			continue;
		}
		r->resolution = r->pair.resolution;
		r->significant = r->pair.significant;
		if (r->significant)
			leave_one_out(J, ia, ib, r);
		r->tied = !(r->significant && r->pair.holds && !r->rests_on);
	}
	for (size_t pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < v->nrows; i++)
			if (v->rows[i].tied == (pass == 0))
				sorted[k++] = v->rows[i];
	memcpy(v->rows, sorted, v->nrows * sizeof(*sorted));
	free(sorted);
	for (v->ntied = 0; v->ntied < v->nrows && v->rows[v->ntied].tied; v->ntied++)
		;
}

/* What separates the members of the leading group from its first, phase
 * by phase: the phases whose own comparison is significant either way. */
static void group_diffs(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	size_t ia = v->rows[0].index;

	if (J->phases.n < 2)
		return;
	v->diffs = fsb_xcalloc(v->ntied * J->phases.n + 1, sizeof(*v->diffs));
	for (size_t i = 1; i < v->ntied; i++)
		for (size_t j = 0; j < J->phases.n; j++) {
			struct fsb_verdict_pair p;

			pair_test(J, ia, v->rows[i].index, FSB_ROUNDS_ONLY(j), &p);
			if ((p.lo > 1 && p.rel >= 1 + FSB_VERDICT_MIN_LEAD) ||
			    (p.hi < 1 && p.rel <= 1 - FSB_VERDICT_MIN_LEAD))
				v->diffs[v->ndiffs++] = (struct fsb_verdict_diff){ i, J->phases.v[j], p.rel, p.lo, p.hi };
		}
}

/* What these runs can tell apart: the widest resolution within the
 * leading group and of its first outsider. */
static double group_resolution(const struct fsb_verdict *v)
{
	double res = NAN;

	for (size_t i = 1; i < v->nrows && i <= v->ntied; i++)
		if (!isnan(v->rows[i].resolution) && (isnan(res) || v->rows[i].resolution > res))
			res = v->rows[i].resolution;
	return res;
}

/* More rounds would shrink the interval of r by little: this run's part
 * of its variance is under a third of the between-session part. */
static bool limited_by_sessions(const struct fsb_verdict_row *r)
{
	return r->pair.between > 0 && r->pair.within * r->pair.within * 3 <= r->pair.between * r->pair.between;
}

static bool settled(const struct fsb_verdict *v)
{
	if (v->kind != FSB_VERDICT_LEAD && v->kind != FSB_VERDICT_TIE)
		return false;
	if (v->too_busy.n || v->min_kept < FSB_VERDICT_MIN_ROUNDS)
		return false;
	for (size_t i = 1; i < v->nrows; i++) {
		const struct fsb_verdict_row *r = &v->rows[i];

		if (r->tied && !(r->resolution <= FSB_VERDICT_TIE_RESOLUTION) && !limited_by_sessions(r))
			return false;
	}
	return true;
}

/*
 * The earlier sessions against this verdict, each as judged on its own: one
 * agrees when it names no other fastest and puts nothing the other way;
 * one that named a fastest this verdict does not name differs; it
 * contradicts when it named another fastest than this one, or a filesystem
 * this one has significantly behind, or had this one's fastest behind.  A pair with
 * the leader is unstable when the sessions' ratios fall on both sides of
 * no difference by more than FSB_VERDICT_MIN_LEAD.
 */
static bool behind(const struct fsb_verdict *v, const char *fs)
{
	for (size_t i = v->ntied; i < v->nrows; i++)
		if (!strcmp(v->rows[i].fs->name, fs))
			return true;
	return false;
}

static void agreement(const struct fsb_verdict_judge *J, const struct fsb_report_opts *o,
		      const struct fsb_verdict_scope *sc, struct fsb_verdict *v)
{
	struct fsb_report_opts plain = o ? *o : (struct fsb_report_opts){ .metric = J->m };
	const char *lead = v->kind == FSB_VERDICT_LEAD ? v->rows[0].fs->name : NULL;

	plain.history = NULL;
	plain.baseline = NULL;
	v->dissent = fsb_xcalloc(J->nhist + 1, sizeof(*v->dissent));
	for (size_t s = 0; s < J->nhist; s++) {
		struct fsb_verdict hv;
		char *what = NULL;
		bool against = false;

		fsb_verdict_judge(o->history->v[s], &plain, sc, &hv);
		if (hv.kind == FSB_VERDICT_LEAD && (!lead || strcmp(lead, hv.rows[0].fs->name))) {
			what = fsb_xasprintf("named %s fastest", hv.rows[0].fs->name);
			against = lead || behind(v, hv.rows[0].fs->name);
		} else if (lead && (hv.kind == FSB_VERDICT_LEAD || hv.kind == FSB_VERDICT_TIE) && behind(&hv, lead)) {
			what = fsb_xasprintf("had %s significantly slower than %s", lead, hv.rows[0].fs->name);
			against = true;
		}
		if (what)
			v->dissent[v->ndissent++] = (struct fsb_verdict_dissent){ o->history->v[s], what, against };
		else if (hv.kind == FSB_VERDICT_LEAD || hv.kind == FSB_VERDICT_TIE)
			v->nagree++;
		fsb_verdict_free(&hv);
	}
	/* the rest of the sessions used (noise_source) neither agree nor
	 * differ: their verdict ranked nothing */
	if (v->nhistory > v->nagree + v->ndissent)
		v->nnothing = v->nhistory - v->nagree - v->ndissent;
	for (size_t i = 1; i < v->nrows && J->nhist; i++) {
		size_t ia = v->rows[0].index, ib = v->rows[i].index;
		bool up = v->rows[i].rel > 1 + FSB_VERDICT_MIN_LEAD, down = v->rows[i].rel < 1 - FSB_VERDICT_MIN_LEAD;

		for (size_t s = 0; s < J->nhist; s++) {
			struct fsb_paired p;

			fsb_rounds_pair(&J->hr[s][ia], &J->hr[s][ib], FSB_ROUNDS_ALL, &p);
			up = up || p.mean > log1p(FSB_VERDICT_MIN_LEAD);
			down = down || p.mean < log1p(-FSB_VERDICT_MIN_LEAD);
		}
		if (up && down)
			fsb_strv_addf(&v->unstable, "%s/%s", v->rows[0].fs->name, v->rows[i].fs->name);
	}
}

void fsb_verdict_compute(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_verdict *v)
{
	fsb_verdict_judge(res, o, NULL, v);
}

void fsb_verdict_compute_weighted(const struct fsb_result *res, const struct fsb_report_opts *o,
				  const struct fsb_weights *w, struct fsb_verdict *v)
{
	struct fsb_verdict_scope sc = { .w = w };

	fsb_verdict_judge(res, o, &sc, v);
}

/* How the between-session spread was had: the words of report_verdict.c. */
static void noise_source(const struct fsb_verdict_judge *J, struct fsb_verdict *v)
{
	size_t used = 0;

	for (size_t s = 0; s < J->nhist; s++) {
		bool any = false;

		for (size_t i = 0; i < J->res->nfs && !any; i++)
			any = J->hr[s][i].n > 0;
		used += any;
	}
	v->nhistory = used;
	v->session_sd = J->prior;
	v->noise = used ? FSB_NOISE_HISTORY : !isnan(J->prior) ? FSB_NOISE_PRIOR : FSB_NOISE_NONE;
}

void fsb_verdict_judge(const struct fsb_result *res, const struct fsb_report_opts *o,
		       const struct fsb_verdict_scope *sc, struct fsb_verdict *v)
{
	size_t bfs = fsb_cell_base(res, o);
	struct fsb_verdict_judge *J = fsb_xcalloc(1, sizeof(*J));

	memset(v, 0, sizeof(*v));
	v->metric = o ? o->metric : FSB_METRIC_DEAD;
	v->resolution = v->one_run_cv = v->session_sd = NAN;
	judge_init(J, res, o, sc, bfs);
	v->judge = J;
	v->looks = res->looks > 1 ? res->looks : 1;
	v->history_asked = o && o->history;
	v->alpha = J->alpha;
	noise_source(J, v);
	if (!sc || !sc->w)
		fsb_cell_out_of_total(res, &v->out_of_total, v->out_of_total_cv, FSB_ARRAY_SIZE(v->out_of_total_cv));
	busy_names(J, v);
	steal_summary(J, v);
	if (!J->phases.n)
		goto out;
	v->noisy_cv = fsb_xcalloc(J->phases.n, sizeof(*v->noisy_cv));
	rank(J, v);
	if (v->nrows < 2) {
		v->kind = v->too_busy.n ? FSB_VERDICT_TOO_BUSY : FSB_VERDICT_NONE;
		goto out;
	}
	against_leader(J, v);
	if (v->min_kept < 2) {
		v->kind = FSB_VERDICT_ONE_RUN;
		v->ntied = 0;
		one_run_phases(J, bfs, v);
	} else {
		noisy_phases(J, v);
		v->kind = v->ntied > 1 ? FSB_VERDICT_TIE : FSB_VERDICT_LEAD;
		v->resolution = group_resolution(v);
		group_diffs(J, v);
		if (J->nhist)
			agreement(J, o, sc, v);
	}
	v->settled = settled(v);
out:;
}


void fsb_verdict_compare(const struct fsb_verdict *v, size_t a, size_t b, const char *phase,
			 struct fsb_verdict_pair *out)
{
	const struct fsb_verdict_judge *J = v->judge;
	long sel = FSB_ROUNDS_ALL;

	memset(out, 0, sizeof(*out));
	out->rel = out->lo = out->hi = out->within = out->resolution = out->p = NAN;
	if (!J || a >= J->res->nfs || b >= J->res->nfs)
		return;
	for (size_t j = 0; phase && j < J->phases.n; j++)
		if (!strcmp(J->phases.v[j], phase))
			sel = FSB_ROUNDS_ONLY(j);
	if (!phase || sel != FSB_ROUNDS_ALL)
		pair_test(J, a, b, sel, out);
}

bool fsb_verdict_norm(const struct fsb_verdict *v, size_t a, size_t b, const char *phase, struct fsb_norm *n)
{
	struct fsb_verdict_pair p;

	if (n->unreliable)
		return false;
	fsb_verdict_compare(v, a, b, phase, &p);
	if (isnan(p.lo) || isnan(p.hi))
		return false;
	n->ratio = p.rel;
	n->lo = p.lo;
	n->hi = p.hi;
	n->p = p.p;
	n->tested = true;
	/* the pair's own rule when b is slower, mirrored when it is faster */
	n->significant = p.significant || (p.hi < 1 && p.rel <= 1 / (1 + FSB_VERDICT_MIN_LEAD));
	return true;
}

double fsb_verdict_fs_total(const struct fsb_verdict *v, size_t i, size_t *nkept)
{
	const struct fsb_verdict_judge *J = v->judge;
	double sum = 0;

	if (nkept)
		*nkept = 0;
	if (!J || i >= J->res->nfs || !J->r[i].n || J->r[i].all_disturbed)
		return NAN;
	for (size_t k = 0; k < J->r[i].n; k++)
		sum += J->r[i].total[k];
	if (nkept)
		*nkept = J->r[i].n;
	return sum / (double)J->r[i].n;
}

void fsb_verdict_free(struct fsb_verdict *v)
{
	if (v->judge) {
		judge_free(v->judge);
		free(v->judge);
	}
	free(v->rows);
	fsb_strv_free(&v->unranked);
	fsb_strv_free(&v->too_busy);
	fsb_strv_free(&v->busy_with);
	fsb_strv_free(&v->background_with);
	fsb_strv_free(&v->unmeasured);
	fsb_strv_free(&v->noisy);
	free(v->noisy_cv);
	for (size_t i = 0; i < v->ndissent; i++)
		free(v->dissent[i].what);
	free(v->dissent);
	fsb_strv_free(&v->unstable);
	fsb_strv_free(&v->out_of_total);
	free(v->diffs);
	memset(v, 0, sizeof(*v));
}

/* "ext3, xfs and btrfs" */
static void name_list(struct fsb_buf *b, const struct fsb_verdict *v, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		fsb_buf_addf(b, "%s%s", i == from ? "" : i + 1 == to ? " and " : ", ", v->rows[i].fs->name);
}

bool fsb_verdict_settled(const struct fsb_result *res, const struct fsb_report_opts *o, long rounds,
			 char *why, size_t len)
{
	struct fsb_verdict v;
	struct fsb_buf b = { 0 };
	bool done;

	fsb_verdict_compute(res, o, &v);
	done = v.settled;
	switch (v.kind) {
	case FSB_VERDICT_NONE:
		fsb_buf_add(&b, "nothing to rank yet");
		break;
	case FSB_VERDICT_TOO_BUSY:
		fsb_buf_addf(&b, "after round %ld every run of %s was disturbed", rounds, v.too_busy.v[0]);
		break;
	case FSB_VERDICT_ONE_RUN:
		fsb_buf_addf(&b, "after round %ld: one run each, nothing can be told apart yet", rounds);
		break;
	case FSB_VERDICT_LEAD:
	case FSB_VERDICT_TIE:
		if (done && v.kind == FSB_VERDICT_LEAD) {
			fsb_buf_addf(&b, "settled after round %ld: %s is fastest, %.0f%% ahead of %s", rounds,
				     v.rows[0].fs->name, (v.rows[1].rel - 1) * 100, v.rows[1].fs->name);
		} else if (done) {
			fsb_buf_addf(&b, "settled after round %ld: ", rounds);
			name_list(&b, &v, 0, v.ntied);
			if (v.resolution <= FSB_VERDICT_TIE_RESOLUTION)
				fsb_buf_addf(&b, " within %.0f%% of each other", v.resolution * 100);
			else
				fsb_buf_addf(&b, " not told apart; more rounds would not narrow the between-session "
					     "noise (±%.0f%%)", v.resolution * 100);
		} else if (v.too_busy.n) {
			fsb_buf_addf(&b, "after round %ld every run of %s was disturbed", rounds, v.too_busy.v[0]);
		} else if (v.ntied > 1) {
			name_list(&b, &v, 0, v.ntied);
			fsb_buf_addf(&b, " still within the noise of each other after round %ld", rounds);
			if (!isnan(v.resolution))
				fsb_buf_addf(&b, " (differences under %.0f%% cannot be seen yet)", v.resolution * 100);
		} else if (v.min_kept < FSB_VERDICT_MIN_ROUNDS) {
			fsb_buf_addf(&b, "after round %ld %s leads; a verdict needs %d rounds", rounds,
				     v.rows[0].fs->name, FSB_VERDICT_MIN_ROUNDS);
		} else {
			fsb_buf_addf(&b, "after round %ld %s leads; the others are not yet told apart", rounds,
				     v.rows[0].fs->name);
		}
		break;
	}
	if (why && len)
		snprintf(why, len, "%s", b.s ? b.s : "");
	fsb_buf_free(&b);
	fsb_verdict_free(&v);
	return done;
}
