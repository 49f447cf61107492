/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/cells.h"

void fsb_cell_phases(const struct fsb_result *res, bool builtin, struct fsb_strv *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	fsb_grid_cols_names(g, builtin ? &g->builtin : &g->desktop, out);
}

void fsb_cell_out_of_total(const struct fsb_result *res, struct fsb_strv *out, double *cv, size_t max)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	for (size_t k = 0; k < g->out_of_total.n; k++) {
		const struct fsb_grid_col *c = &g->col[g->out_of_total.v[k]];

		if (cv && out->n < max)
			cv[out->n] = c->session_cv;
		fsb_strv_add(out, c->name);
	}
}

void fsb_cell_total_phases(const struct fsb_result *res, struct fsb_strv *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);

	fsb_grid_cols_names(g, &g->total, out);
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

/* The sum of the phases of "total" per repetition; shared: only those of
 * its columns (a comparison of files sums the phases they share), or NULL. */
static void cell_total(const struct fsb_grid *g, size_t fs, const struct fsb_grid_cols *shared, enum fsb_metric m,
		       struct fsb_cellstats *out)
{
	size_t *cols = fsb_xcalloc(g->total.n + 1, sizeof(*cols)), n = 0, reps = SIZE_MAX;
	double *judge = NULL;
	bool *dist = NULL;

	for (size_t k = 0; k < g->total.n; k++)
		if (!shared || fsb_grid_cols_has(shared, g->total.v[k]))
			cols[n++] = g->total.v[k];
	if (!n) {
		out->unavailable = true;
		goto out;
	}
	for (size_t j = 0; j < n; j++) {
		const struct fsb_phase_result *ph = fsb_grid_cell(g, fs, cols[j]);
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
	for (size_t k = 0; k < reps; k++) {
		double sum = 0, jsum = 0;
		bool d = false;     /* a repetition with a disturbed phase is disturbed */

		for (size_t j = 0; j < n; j++) {
			const struct fsb_run *r = &fsb_grid_cell(g, fs, cols[j])->runs[k];

			sum += fsb_run_metric(r, m);
			jsum += fsb_run_metric(r, judge_metric(m));
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
	free(dist);
	free(judge);
	free(cols);
}

/* A filesystem that was not made: every cell of it says why. */
static bool fs_not_made(const struct fsb_fs_result *fs, struct fsb_cellstats *out)
{
	if (fs->status == FSB_FS_OK)
		return false;
	out->failed = fs->status == FSB_FS_FAILED;
	out->unavailable = fs->status == FSB_FS_UNAVAILABLE;
	out->why = fs->error;
	cell_finish(out, NULL, NULL);
	return true;
}

void fsb_cell_stats_shared(const struct fsb_result *res, size_t fs, size_t phase, const struct fsb_grid_cols *shared,
			   enum fsb_metric m, struct fsb_cellstats *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	const struct fsb_phase_result *ph;
	double *judge;
	bool *dist;

	memset(out, 0, sizeof(*out));
	if (fs >= res->nfs) {	/* a filesystem res lacks: an empty cell */
		cell_finish(out, NULL, NULL);
		return;
	}
	if (fs_not_made(res->fs[fs], out))
		return;
	if (phase == FSB_GRID_TOTAL) {
		cell_total(g, fs, shared, m, out);
		if (!out->values)
			cell_finish(out, NULL, NULL);
		return;
	}
	ph = fsb_grid_cell(g, fs, phase);
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

void fsb_cell_stats(const struct fsb_result *res, size_t fs, size_t phase, enum fsb_metric m,
		    struct fsb_cellstats *out)
{
	fsb_cell_stats_shared(res, fs, phase, NULL, m, out);
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
static size_t own_baseline(const struct fsb_result *res, const struct fsb_grid *g)
{
	size_t b = res->baseline ? fsb_grid_fs(g, res->baseline) : FSB_GRID_NONE;

	if (b == FSB_GRID_NONE && res->nfs)
		b = 0;
	for (size_t i = 0; b != FSB_GRID_NONE && !fsb_cell_rankable(res->fs[b]) && i < res->nfs; i++)
		if (fsb_cell_rankable(res->fs[i]))
			b = i;
	return b;
}

size_t fsb_cell_base(const struct fsb_result *res, const struct fsb_report_opts *o)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t b = o && o->baseline ? fsb_grid_fs(g, o->baseline) : FSB_GRID_NONE;

	return b != FSB_GRID_NONE ? b : own_baseline(res, g);
}

const char *fsb_cell_baseline(const struct fsb_result *res, const struct fsb_report_opts *o)
{
	size_t b = fsb_cell_base(res, o);

	return b == FSB_GRID_NONE ? NULL : res->fs[b]->name;
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
