/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/config.h"
#include "model/crashcell.h"
#include "model/diskwork.h"
#include "model/kinds.h"
#include "model/cells.h"

bool fsb_cell_is_builtin(const struct fsb_result *res, const char *phase)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], phase);

		/* imported phases (fsbench import) are rates, as the built-in ones */
		if (ph && ph->kind != FSB_PHASE_KIND_NONE)
			return fsb_phase_kind_rate(ph->kind);
	}
	return false;
}

void fsb_cell_phases(const struct fsb_result *res, bool builtin, struct fsb_strv *out)
{
	struct fsb_strv all = { 0 };

	fsb_result_phases(res, &all);
	/* the aging group is compared aged against fresh (model/agefactor.h),
	 * never in a total, a verdict or the built-in tables; a phase whose
	 * runs are no time (model/crashcell.h) is in none of them either, nor a
	 * feature phase (clone) that asks what a filesystem can do (model/diskwork.h) */
	for (size_t i = 0; i < all.n; i++)
		if (!fsb_agefactor_is_aging(all.v[i]) && fsb_phase_is_timed(res, all.v[i]) &&
		    !fsb_diskwork_is_feature(all.v[i]) &&
		    fsb_cell_is_builtin(res, all.v[i]) == builtin)
			fsb_strv_add(out, all.v[i]);
	fsb_strv_free(&all);
}

/* The profile's CV of phase across sessions, as the result recorded it. */
static double session_cv(const struct fsb_result *res, const char *phase)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *p = fsb_fs_find_phase(res->fs[i], phase);

		if (p && !isnan(p->session_cv))
			return p->session_cv;
	}
	return NAN;
}

/* Desktop phases that succeeded on at least one filesystem (a phase
 * unavailable everywhere is left out). */
static void measured_phases(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_strv ph = { 0 };

	fsb_cell_phases(res, false, &ph);
	for (size_t j = 0; j < ph.n; j++) {
		bool any = false;

		for (size_t i = 0; i < res->nfs && !any; i++) {
			const struct fsb_phase_result *p = fsb_fs_find_phase(res->fs[i], ph.v[j]);

			for (size_t k = 0; p && k < p->nruns && !any; k++)
				any = p->runs[k].status == FSB_RUN_OK;
		}
		if (any)
			fsb_strv_add(out, ph.v[j]);
	}
	fsb_strv_free(&ph);
}

void fsb_cell_out_of_total(const struct fsb_result *res, struct fsb_strv *out, double *cv, size_t max)
{
	struct fsb_strv all = { 0 };
	size_t n = 0;

	measured_phases(res, &all);
	for (size_t j = 0; j < all.n; j++)
		n += session_cv(res, all.v[j]) > FSB_PROFILE_CV_GOAL;
	/* a total of nothing is no total: then every phase stays in */
	for (size_t j = 0; n < all.n && j < all.n; j++) {
		double c = session_cv(res, all.v[j]);

		if (c > FSB_PROFILE_CV_GOAL) {
			if (cv && out->n < max)
				cv[out->n] = c;
			fsb_strv_add(out, all.v[j]);
		}
	}
	fsb_strv_free(&all);
}

/* Phases that count towards "total": every measured desktop phase but
 * those the profile found too noisy across sessions (fsb_cell_out_of_total). */
static void total_phases(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_strv all = { 0 }, out_of = { 0 };

	measured_phases(res, &all);
	fsb_cell_out_of_total(res, &out_of, NULL, 0);
	for (size_t j = 0; j < all.n; j++)
		if (!fsb_strv_contains(&out_of, all.v[j]))
			fsb_strv_add(out, all.v[j]);
	fsb_strv_free(&all);
	fsb_strv_free(&out_of);
}

/* The metric that decides whether a run is an outlier: real time for every
 * time column, the rate for the built-in phases' columns.  One decision per
 * run, so a run is in a cell's mean for every column or for none (seed 004
 * judged its runs by real time too). */
static enum fsb_metric judge_metric(enum fsb_metric m)
{
	return m == FSB_METRIC_RATE || m == FSB_METRIC_CPU ? FSB_METRIC_RATE : FSB_METRIC_REAL;
}

/*
 * Flag outliers and summarize.  dist (may be NULL) flags the disturbed
 * runs: they are set aside first, as outliers are, and the 3-MAD rule
 * judges the others only; when every run was disturbed none is set aside
 * (there is nothing else) and the cell is marked unreliable instead.
 */
static void cell_finish(struct fsb_cellstats *cs, const double *judge, const bool *dist)
{
	const double *jv = judge ? judge : cs->values;
	double *calm;
	bool *calm_out, *exclude;
	size_t ncalm = 0, nset = 0;

	if (!cs->nok) {
		cs->st = (struct fsb_stats){ .mean = NAN, .median = NAN, .sd = NAN, .min = NAN,
					     .max = NAN, .ci_half = NAN, .ci_lo = NAN, .ci_hi = NAN, .cv = NAN };
		return;
	}
	cs->outlier = fsb_xcalloc(cs->nok, sizeof(*cs->outlier));
	cs->disturbed = fsb_xcalloc(cs->nok, sizeof(*cs->disturbed));
	for (size_t i = 0; i < cs->nok; i++)
		if (dist && dist[i]) {
			cs->disturbed[i] = true;
			cs->ndisturbed++;
		}
	cs->unreliable = cs->ndisturbed == cs->nok;
	calm = fsb_xcalloc(cs->nok, sizeof(*calm));
	calm_out = fsb_xcalloc(cs->nok, sizeof(*calm_out));
	exclude = fsb_xcalloc(cs->nok, sizeof(*exclude));
	for (size_t i = 0; i < cs->nok; i++)
		if (cs->unreliable || !cs->disturbed[i])
			calm[ncalm++] = jv[i];
	fsb_stats_outliers(calm, ncalm, calm_out);
	for (size_t i = 0, k = 0; i < cs->nok; i++) {
		if (cs->unreliable || !cs->disturbed[i])
			cs->outlier[i] = calm_out[k++];
		exclude[i] = cs->outlier[i] || (cs->disturbed[i] && !cs->unreliable);
		nset += exclude[i] && !cs->outlier[i];
	}
	fsb_stats_summarize_excluding(cs->values, cs->nok, exclude, &cs->st);
	cs->st.n_outliers -= nset;	/* the disturbed are counted apart */
	cs->kept = fsb_xcalloc(cs->nok, sizeof(*cs->kept));
	for (size_t i = 0, k = 0; i < cs->nok; i++)
		if (!exclude[i])
			cs->kept[k++] = cs->values[i];
	free(calm);
	free(calm_out);
	free(exclude);
}

/*
 * The phase list of "total" scans every filesystem; computed for every
 * total cell it made a table quadratic in the number of filesystems (810
 * took 12 s, 3,240 never finished).  While a table is being built the
 * result cannot change, so each entry point that builds one opens a memo
 * scope (FSB_CELL_MEMO_SCOPE) and the list is computed once per result in it.
 */
static __thread struct {
	int depth;
	size_t n;
	struct {
		const struct fsb_result *res;
		struct fsb_strv phases;
	} e[8];
} memo;

int fsb_cell_memo_enter(void)
{
	return ++memo.depth;
}

void fsb_cell_memo_leave(int *scope)
{
	(void)scope;
	if (--memo.depth)
		return;
	for (size_t i = 0; i < memo.n; i++)
		fsb_strv_free(&memo.e[i].phases);
	memo.n = 0;
}

/* total_phases() of res: the memo's copy, or computed into *own. */
static const struct fsb_strv *memo_total(const struct fsb_result *res, struct fsb_strv *own)
{
	for (size_t i = 0; memo.depth && i < memo.n; i++)
		if (memo.e[i].res == res)
			return &memo.e[i].phases;
	if (memo.depth && memo.n < FSB_ARRAY_SIZE(memo.e)) {
		memo.e[memo.n].res = res;
		memset(&memo.e[memo.n].phases, 0, sizeof(memo.e[memo.n].phases));
		total_phases(res, &memo.e[memo.n].phases);
		return &memo.e[memo.n++].phases;
	}
	total_phases(res, own);
	return own;
}

void fsb_cell_total_phases(const struct fsb_result *res, struct fsb_strv *out)
{
	struct fsb_strv own = { 0 };
	const struct fsb_strv *all = memo_total(res, &own);

	for (size_t j = 0; j < all->n; j++)
		fsb_strv_add(out, all->v[j]);
	fsb_strv_free(&own);
}

/* Did phase succeed on at least one filesystem of res? */
static bool measured_somewhere(const struct fsb_result *res, const char *phase)
{
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *p = fsb_fs_find_phase(res->fs[i], phase);

		for (size_t k = 0; p && k < p->nruns; k++)
			if (p->runs[k].status == FSB_RUN_OK)
				return true;
	}
	return false;
}

/* The weight of phase j of a weighted total (w NULL: 1). */
static double weight_of(const struct fsb_weights *w, const char *phase)
{
	for (size_t j = 0; w && j < w->phases.n; j++)
		if (strcmp(w->phases.v[j], phase) == 0)
			return w->w[j];
	return 1;
}

/*
 * A run's share of a weighted total.  A built-in phase is repeated until
 * it lasts min_duration, so its time says nothing: it counts as the time
 * its rate takes for a fixed amount (FSB_CELL_BUILTIN_KIB, or
 * FSB_CELL_BUILTIN_OPS operations), which is time-like and comparable.
 */
double fsb_cell_share(const struct fsb_run *r, bool builtin, enum fsb_metric m)
{
	if (!builtin)
		return fsb_run_metric(r, m);
	if (!isnan(r->v[FSB_FIELD_kib_per_s]))
		return r->v[FSB_FIELD_kib_per_s] > 0 ? FSB_CELL_BUILTIN_KIB / r->v[FSB_FIELD_kib_per_s] : NAN;
	return r->v[FSB_FIELD_ops_per_s] > 0 ? FSB_CELL_BUILTIN_OPS / r->v[FSB_FIELD_ops_per_s] : NAN;
}

/* only: the phases to sum (a comparison of files sums the phases they
 * share), or NULL for every phase of the result; w: a weighted total of
 * its phases instead (only is then NULL). */
static void cell_total(const struct fsb_result *res, const struct fsb_fs_result *fs,
		       const struct fsb_strv *only, const struct fsb_weights *w, enum fsb_metric m,
		       struct fsb_cellstats *out)
{
	struct fsb_strv own = { 0 }, keep = { 0 };
	const struct fsb_strv *all = w ? &w->phases : memo_total(res, &own);
	struct fsb_strv phases = *all;
	size_t reps = SIZE_MAX;
	double *judge = NULL;
	bool *dist = NULL, *builtin = NULL;

	if (only || w) {
		for (size_t j = 0; j < all->n; j++)
			if (w ? measured_somewhere(res, all->v[j]) : fsb_strv_contains(only, all->v[j]))
				fsb_strv_add(&keep, all->v[j]);
		phases = keep;
	}
	if (!phases.n) {
		out->unavailable = true;
		goto out;
	}
	for (size_t j = 0; j < phases.n; j++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(fs, phases.v[j]);
		size_t ok = 0;

		if (!ph || ph->status == FSB_PHASE_UNAVAILABLE) {
			reps = 0;
			if (ph)
				out->why = ph->reason;
			out->unavailable = ph != NULL;
			break;
		}
		for (size_t k = 0; k < ph->nruns; k++) {
			if (ph->runs[k].status != FSB_RUN_OK) {
				out->failed = true;
				out->why = ph->runs[k].error;
				break;
			}
			ok++;
		}
		out->nruns = ph->nruns > out->nruns ? ph->nruns : out->nruns;
		if (ok < reps)
			reps = ok;
	}
	if (out->failed || reps == SIZE_MAX)
		reps = 0;
	out->values = fsb_xcalloc(reps ? reps : 1, sizeof(double));
	judge = fsb_xcalloc(reps ? reps : 1, sizeof(double));
	dist = fsb_xcalloc(reps ? reps : 1, sizeof(bool));
	/* once per phase, not per repetition: fsb_cell_is_builtin() may scan
	 * every filesystem, and this runs for each of them (a verdict of
	 * thousands of filesystems was quadratic in it) */
	builtin = fsb_xcalloc(phases.n ? phases.n : 1, sizeof(bool));
	for (size_t j = 0; w && j < phases.n; j++)
		builtin[j] = fsb_cell_is_builtin(res, phases.v[j]);
	for (size_t k = 0; k < reps; k++) {
		double sum = 0, jsum = 0;
		bool d = false;     /* a repetition with a disturbed phase is disturbed */

		for (size_t j = 0; j < phases.n; j++) {
			const struct fsb_run *r = &fsb_fs_find_phase(fs, phases.v[j])->runs[k];
			bool bi = builtin[j];
			double wj = weight_of(w, phases.v[j]);

			sum += wj * fsb_cell_share(r, bi, m);
			jsum += wj * fsb_cell_share(r, bi, bi ? m : judge_metric(m));
			d = d || r->disturbed;
		}
		if (!isnan(sum)) {
			judge[out->nok] = jsum;
			dist[out->nok] = d;
			out->values[out->nok++] = sum;
		}
	}
	cell_finish(out, judge, dist);
out:
	free(builtin);
	free(dist);
	free(judge);
	fsb_strv_free(&own);
	fsb_strv_free(&keep);
}

void fsb_cell_stats(const struct fsb_result *res, const struct fsb_fs_result *fs,
		     const char *phase, enum fsb_metric m, struct fsb_cellstats *out)
{
	const struct fsb_phase_result *ph;
	double *judge;
	bool *dist;

	memset(out, 0, sizeof(*out));
	if (fs->status != FSB_FS_OK) {
		out->failed = fs->status == FSB_FS_FAILED;
		out->unavailable = fs->status == FSB_FS_UNAVAILABLE;
		out->why = fs->error;
		cell_finish(out, NULL, NULL);
		return;
	}
	if (strcmp(phase, "total") == 0) {
		cell_total(res, fs, NULL, NULL, m, out);
		if (!out->values)
			cell_finish(out, NULL, NULL);
		return;
	}
	ph = fsb_fs_find_phase(fs, phase);
	if (ph && ph->status == FSB_PHASE_UNAVAILABLE) {
		out->unavailable = true;
		out->why = ph->reason;
	}
	out->values = fsb_xcalloc(ph && ph->nruns ? ph->nruns : 1, sizeof(double));
	judge = fsb_xcalloc(ph && ph->nruns ? ph->nruns : 1, sizeof(double));
	dist = fsb_xcalloc(ph && ph->nruns ? ph->nruns : 1, sizeof(bool));
	for (size_t k = 0; ph && k < ph->nruns; k++) {
		double v = fsb_run_metric(&ph->runs[k], m);

		out->nruns++;
		if (ph->runs[k].status != FSB_RUN_OK) {
			out->why = ph->runs[k].error;
			continue;
		}
		if (!isnan(v)) {
			judge[out->nok] = fsb_run_metric(&ph->runs[k], judge_metric(m));
			dist[out->nok] = ph->runs[k].disturbed != NULL;
			out->values[out->nok++] = v;
		} else if (ph->runs[k].not_measured) {
			out->not_measured = ph->runs[k].not_measured;
		}
	}
	out->failed = !out->nok && out->nruns > 0 && !out->not_measured;
	cell_finish(out, judge, dist);
	free(dist);
	free(judge);
}

void fsb_cell_stats_shared(const struct fsb_result *res, const struct fsb_fs_result *fs, const char *phase,
			   const struct fsb_strv *shared, enum fsb_metric m, struct fsb_cellstats *out)
{
	if (strcmp(phase, "total") || fs->status != FSB_FS_OK) {
		fsb_cell_stats(res, fs, phase, m, out);
		return;
	}
	memset(out, 0, sizeof(*out));
	cell_total(res, fs, shared, NULL, m, out);
	if (!out->values)
		cell_finish(out, NULL, NULL);
}

void fsb_cell_stats_weighted(const struct fsb_result *res, const struct fsb_fs_result *fs,
			     const struct fsb_weights *w, enum fsb_metric m, struct fsb_cellstats *out)
{
	if (fs->status != FSB_FS_OK) {
		fsb_cell_stats(res, fs, "total", m, out);
		return;
	}
	memset(out, 0, sizeof(*out));
	cell_total(res, fs, NULL, w, m, out);
	if (!out->values)
		cell_finish(out, NULL, NULL);
}

void fsb_cell_stats_free(struct fsb_cellstats *cs)
{
	free(cs->values);
	free(cs->outlier);
	free(cs->disturbed);
	free(cs->kept);
	memset(cs, 0, sizeof(*cs));
}

bool fsb_cell_rankable(const struct fsb_fs_result *fs)
{
	size_t ok = 0, calm = 0;

	if (fs->status != FSB_FS_OK)
		return false;
	for (size_t j = 0; j < fs->nphases; j++) {
		const struct fsb_phase_result *ph = fs->phases[j];

		if (fsb_agefactor_is_aging(ph->name))
			continue;
		for (size_t k = 0; k < ph->nruns; k++)
			if (ph->runs[k].status == FSB_RUN_OK) {
				ok++;
				calm += !ph->runs[k].disturbed;
			}
	}
	return !ok || calm;
}

/* The result's own baseline, unless no table could rank it (every run
 * disturbed): then the first filesystem that can be. */
static const char *own_baseline(const struct fsb_result *res)
{
	const struct fsb_fs_result *b = res->baseline ? fsb_result_find_fs(res, res->baseline) : NULL;

	if (!b && res->nfs)
		b = res->fs[0];
	for (size_t i = 0; b && !fsb_cell_rankable(b) && i < res->nfs; i++)
		if (fsb_cell_rankable(res->fs[i]))
			b = res->fs[i];
	return b ? b->name : NULL;
}

const char *fsb_cell_baseline(const struct fsb_result *res, const struct fsb_report_opts *o)
{
	if (o && o->baseline && fsb_result_find_fs(res, o->baseline))
		return o->baseline;
	return own_baseline(res);
}

struct fsb_norm fsb_cell_normalize(const struct fsb_cellstats *a, const struct fsb_cellstats *base,
				   enum fsb_metric m, const struct fsb_report_opts *o)
{
	struct fsb_norm n = { NAN, NAN, NAN, false, false, NAN, false };
	struct fsb_compare cmp;
	bool rate = fsb_metric_higher_is_better(m);
	const struct fsb_cellstats *num = rate ? base : a, *den = rate ? a : base;

	/* A negative time (dead time when user time exceeds real time: make -j)
	 * has no meaningful ratio; neither has one that overflows. */
	if (!a->st.n_used || !base->st.n_used || !(den->st.mean > 0) || !(num->st.mean >= 0))
		return n;
	n.ratio = num->st.mean / den->st.mean;
	if (!isfinite(n.ratio)) {
		n.ratio = NAN;
		return n;
	}
	n.unreliable = a->unreliable || base->unreliable;
	if (a == base || n.unreliable)
		return n;
	if (fsb_stats_compare(num->kept, num->st.n_used, den->kept, den->st.n_used,
			      o && o->alpha > 0 ? o->alpha : 0.05, o && o->nonparametric, &cmp) == 0) {
		n.lo = isfinite(cmp.ratio_lo) ? cmp.ratio_lo : NAN;
		n.hi = isfinite(cmp.ratio_hi) ? cmp.ratio_hi : NAN;
		n.significant = cmp.significant;
		n.tested = !isnan(cmp.p);
		n.p = cmp.p;
	}
	return n;
}

/* The smallest difference from the baseline a pair of cells could show: the
 * two relative 95% CI half-widths combined (as the ratio's interval
 * widens); NAN without two kept runs on either side. */
double fsb_cell_pair_floor(const struct fsb_cellstats *a, const struct fsb_cellstats *b)
{
	double ra, rb;

	if (a->st.n_used < 2 || b->st.n_used < 2 || !(a->st.mean > 0) || !(b->st.mean > 0) ||
	    isnan(a->st.ci_half) || isnan(b->st.ci_half))
		return NAN;
	ra = a->st.ci_half / a->st.mean;
	rb = b->st.ci_half / b->st.mean;
	return sqrt(ra * ra + rb * rb);
}
