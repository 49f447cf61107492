/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/config.h"
#include "model/verdict.h"

static int by_total(const void *pa, const void *pb)
{
	const struct fsb_verdict_row *a = pa, *b = pb;

	if (a->rel != b->rel)
		return a->rel < b->rel ? -1 : 1;
	return strcmp(a->fs->name, b->fs->name);
}

/* The other programs the disturbed runs name, most often first. */
static void busy_names(const struct fsb_result *res, struct fsb_verdict *v)
{
	struct fsb_strv names = { 0 };
	size_t *count = NULL, cap = 0;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			/* the aging group is in no verdict (model/agefactor.h) */
			for (size_t k = 0; !fsb_agefactor_is_aging(ph->name) && k < ph->nruns; k++) {
				const struct fsb_run *r = &ph->runs[k];
				size_t n;

				if (!r->disturbed)
					continue;
				v->ndisturbed++;
				if (!r->top || !r->top[0])
					continue;
				for (n = 0; n < names.n && strcmp(names.v[n], r->top); n++)
					;
				if (n == names.n) {
					fsb_strv_add(&names, r->top);
					if (names.n > cap) {
						cap = names.n * 2;
						count = fsb_xrealloc(count, cap * sizeof(*count));
					}
					count[n] = 0;
				}
				count[n]++;
			}
		}
	/* most often first; a few names are all a sentence can carry */
	for (size_t taken = 0; taken < names.n && taken < 3; taken++) {
		size_t best = names.n;

		for (size_t n = 0; n < names.n; n++)
			if (count[n] && (best == names.n || count[n] > count[best]))
				best = n;
		if (best == names.n)
			break;
		fsb_strv_add(&v->busy_with, names.v[best]);
		count[best] = 0;
	}
	free(count);
	fsb_strv_free(&names);
}

/*
 * With one run, a desktop phase is too short to measure when its dead time
 * (or the metric) is under FSB_VERDICT_MIN_PHASE_S on the baseline: the
 * kernel splits CPU time into user and system by sampling at its tick, and
 * a phase whose dead time is a few ticks differs from run to run by as
 * much as filesystems do.  With repetitions the spread is measured, and
 * the tests judge it.
 */
static void unmeasured_phases(const struct fsb_result *res, const struct fsb_fs_result *bfs,
			      const struct fsb_strv *phases, enum fsb_metric m, struct fsb_verdict *v)
{
	double var = 0, sum = 0;
	bool known = true;

	v->noisy_cv = fsb_xcalloc(phases->n ? phases->n : 1, sizeof(*v->noisy_cv));
	for (size_t j = 0; j < phases->n; j++) {
		const struct fsb_phase_result *ph = fsb_fs_find_phase(bfs, phases->v[j]);
		double cv = ph ? ph->measured_cv : NAN;
		struct fsb_cellstats b;

		fsb_cell_stats(res, bfs, phases->v[j], m, &b);
		if (cv > FSB_PROFILE_CV_GOAL) {
			v->noisy_cv[v->noisy.n] = cv;
			fsb_strv_add(&v->noisy, phases->v[j]);
		} else if (b.st.n_used == 1 && b.st.mean < FSB_VERDICT_MIN_PHASE_S) {
			fsb_strv_add(&v->unmeasured, phases->v[j]);
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
	v->one_run_cv = known && sum > 0 ? sqrt(var) / sum : NAN;
}

/* A filesystem's total: of every desktop phase, or weighted (w). */
static void total_cell(const struct fsb_result *res, const struct fsb_fs_result *fs, enum fsb_metric m,
		       const struct fsb_weights *w, struct fsb_cellstats *out)
{
	if (w)
		fsb_cell_stats_weighted(res, fs, w, m, out);
	else
		fsb_cell_stats(res, fs, "total", m, out);
}

/* The ranked rows: every filesystem with a total ratio to the baseline. */
static void rank(const struct fsb_result *res, const struct fsb_fs_result *bfs, enum fsb_metric m,
		 const struct fsb_report_opts *o, const struct fsb_weights *w, struct fsb_verdict *v)
{
	struct fsb_cellstats b;

	total_cell(res, bfs, m, w, &b);
	v->rows = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*v->rows));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats a;
		struct fsb_norm n;

		total_cell(res, res->fs[i], m, w, &a);
		if (a.nok && a.unreliable) {
			fsb_strv_add(&v->too_busy, res->fs[i]->name);
		} else if (a.nok && b.nok) {
			n = fsb_cell_normalize(&a, &b, m, o);
			if (isnan(n.ratio) && !b.unreliable) {
				fsb_strv_add(&v->unranked, res->fs[i]->name);
			} else if (!isnan(n.ratio)) {
				struct fsb_verdict_row *r = &v->rows[v->nrows++];

				r->fs = res->fs[i];
				r->total = a.st.mean;
				r->nkept = a.st.n_used;
				r->rel = n.ratio;   /* relative to the baseline until the leader is known */
			}
		}
		fsb_cell_stats_free(&a);
	}
	fsb_cell_stats_free(&b);
	qsort(v->rows, v->nrows, sizeof(*v->rows), by_total);
}

/* Each row against the leader; the tied ones first (stable), ntied of them. */
static void against_leader(const struct fsb_result *res, enum fsb_metric m, const struct fsb_report_opts *o,
			   const struct fsb_weights *w, struct fsb_verdict *v)
{
	struct fsb_cellstats lead;
	struct fsb_verdict_row *sorted = fsb_xcalloc(v->nrows, sizeof(*sorted));
	size_t k = 0;

	total_cell(res, v->rows[0].fs, m, w, &lead);
	v->min_kept = v->rows[0].nkept;
	for (size_t i = 0; i < v->nrows; i++) {
		struct fsb_verdict_row *r = &v->rows[i];
		struct fsb_cellstats a;
		struct fsb_norm n;

		if (r->nkept < v->min_kept)
			v->min_kept = r->nkept;
		total_cell(res, r->fs, m, w, &a);
		n = fsb_cell_normalize(&a, &lead, m, o);
		r->rel = n.ratio;
		r->rel_lo = n.lo;
		r->rel_hi = n.hi;
		r->significant = i > 0 && n.tested && n.significant && n.ratio > 1 + FSB_VERDICT_MIN_LEAD;
		r->tied = !r->significant;
		r->resolution = i ? fsb_cell_pair_floor(&a, &lead) : NAN;
		fsb_cell_stats_free(&a);
	}
	fsb_cell_stats_free(&lead);
	for (size_t pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < v->nrows; i++)
			if (v->rows[i].tied == (pass == 0))
				sorted[k++] = v->rows[i];
	memcpy(v->rows, sorted, v->nrows * sizeof(*sorted));
	free(sorted);
	for (v->ntied = 0; v->ntied < v->nrows && v->rows[v->ntied].tied; v->ntied++)
		;
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

static bool settled(const struct fsb_verdict *v)
{
	if (v->kind != FSB_VERDICT_LEAD && v->kind != FSB_VERDICT_TIE)
		return false;
	if (v->too_busy.n || v->min_kept < FSB_VERDICT_MIN_RUNS)
		return false;
	for (size_t i = 1; i < v->nrows; i++) {
		const struct fsb_verdict_row *r = &v->rows[i];

		if (!r->significant && !(r->resolution <= FSB_VERDICT_TIE_RESOLUTION))
			return false;
	}
	return true;
}

void fsb_verdict_compute(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_verdict *v)
{
	fsb_verdict_compute_weighted(res, o, NULL, v);
}

void fsb_verdict_compute_weighted(const struct fsb_result *res, const struct fsb_report_opts *o,
				  const struct fsb_weights *w, struct fsb_verdict *v)
{
	FSB_CELL_MEMO_SCOPE;
	const char *base = fsb_cell_baseline(res, o);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	struct fsb_strv phases = { 0 };

	memset(v, 0, sizeof(*v));
	v->metric = o ? o->metric : FSB_METRIC_DEAD;
	v->resolution = v->one_run_cv = NAN;
	busy_names(res, v);
	for (size_t j = 0; bfs && w && j < w->phases.n; j++)
		if (fsb_fs_find_phase(bfs, w->phases.v[j]))
			fsb_strv_add(&phases, w->phases.v[j]);
	if (bfs && !w)
		fsb_cell_phases(res, false, &phases);
	if (!phases.n)
		goto out;
	unmeasured_phases(res, bfs, &phases, v->metric, v);
	rank(res, bfs, v->metric, o, w, v);
	if (v->nrows < 2) {
		v->kind = v->too_busy.n ? FSB_VERDICT_TOO_BUSY : FSB_VERDICT_NONE;
		goto out;
	}
	against_leader(res, v->metric, o, w, v);
	if (v->min_kept < 2) {
		v->kind = FSB_VERDICT_ONE_RUN;
		v->ntied = 0;
	} else {
		v->kind = v->ntied > 1 ? FSB_VERDICT_TIE : FSB_VERDICT_LEAD;
		v->resolution = group_resolution(v);
	}
	v->settled = settled(v);
out:
	fsb_strv_free(&phases);
}

void fsb_verdict_free(struct fsb_verdict *v)
{
	free(v->rows);
	fsb_strv_free(&v->unranked);
	fsb_strv_free(&v->too_busy);
	fsb_strv_free(&v->busy_with);
	fsb_strv_free(&v->unmeasured);
	fsb_strv_free(&v->noisy);
	free(v->noisy_cv);
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
			fsb_buf_addf(&b, " within %.0f%% of each other", v.resolution * 100);
		} else if (v.too_busy.n) {
			fsb_buf_addf(&b, "after round %ld every run of %s was disturbed", rounds, v.too_busy.v[0]);
		} else if (v.ntied > 1) {
			name_list(&b, &v, 0, v.ntied);
			fsb_buf_addf(&b, " still within the noise of each other after round %ld", rounds);
			if (!isnan(v.resolution))
				fsb_buf_addf(&b, " (differences under %.0f%% cannot be seen yet)", v.resolution * 100);
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
