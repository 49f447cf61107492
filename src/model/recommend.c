/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/recommend.h"

const struct fsb_fs_facts *fsb_recommend_facts(const struct fsb_config *cfg, const struct fsb_fs_result *fs)
{
	const struct fsb_fs_profile *p;

	if (!cfg)
		return NULL;
	p = fsb_config_fs(cfg, fs->name);
	/* a profile of the same name but another type is someone else's */
	if (p && fs->type && p->type && strcmp(p->type, fs->type))
		p = NULL;
	if (!p && fs->type)
		p = fsb_config_fs(cfg, fs->type);
	return p && fsb_facts_known(&p->facts) ? &p->facts : NULL;
}

unsigned fsb_recommend_missing(const struct fsb_fs_facts *f, unsigned want)
{
	unsigned miss = 0;

	if (!f)
		return want;
	if ((want & FSB_NEED_CRASH_SAFE) && !fsb_facts_crash_safe(f))
		miss |= FSB_NEED_CRASH_SAFE;
	if ((want & FSB_NEED_SNAPSHOTS) && f->snapshots != FSB_TRI_YES)
		miss |= FSB_NEED_SNAPSHOTS;
	if ((want & FSB_NEED_CHECKSUMS) && f->checksums != FSB_CSUM_DATA)
		miss |= FSB_NEED_CHECKSUMS;
	if ((want & FSB_NEED_COMPRESSION) && f->compression != FSB_TRI_YES)
		miss |= FSB_NEED_COMPRESSION;
	if ((want & FSB_NEED_SUPPORTED) && f->support != FSB_SUPPORT_DEFAULT && f->support != FSB_SUPPORT_IN_KERNEL)
		miss |= FSB_NEED_SUPPORTED;
	return miss;
}

/*
 * What a filesystem gives, as points, for breaking a tie between
 * candidates (doc/recommend.md): how it survives a crash counts most,
 * then checksums (twice for an archive, whose files are kept for years),
 * then the distribution's default, snapshots, compression, online resize.
 */
static int score(const struct fsb_fs_facts *f, const struct fsb_use *u)
{
	static const int crash[] = { [FSB_CRASH_COW] = 3, [FSB_CRASH_DATA_JOURNAL] = 3, [FSB_CRASH_JOURNAL] = 2,
				     [FSB_CRASH_LOG] = 2, [FSB_CRASH_VOLATILE] = -2 };
	int s = 0;

	if (!f)
		return -100;
	s += (size_t)f->crash < FSB_ARRAY_SIZE(crash) ? crash[f->crash] : 0;
	s += (f->checksums == FSB_CSUM_DATA ? 2 : f->checksums == FSB_CSUM_METADATA) *
	     (strcmp(u->name, "archive") ? 1 : 2);
	s += f->support == FSB_SUPPORT_DEFAULT ? 2 : f->support == FSB_SUPPORT_IN_KERNEL;
	s += f->snapshots == FSB_TRI_YES;
	s += f->compression == FSB_TRI_YES;
	s += f->grow == FSB_RESIZE_ONLINE;
	s += f->shrink == FSB_RESIZE_ONLINE;
	return s;
}

/* The weights of u's phases that res has (on any filesystem). */
static void use_weights(const struct fsb_result *res, const struct fsb_use *u, struct fsb_weights *w,
			struct fsb_recommendation *r)
{
	size_t n = 0;

	for (const struct fsb_use_weight *e = u->weights; e->phase; e++)
		n++;
	w->w = fsb_xcalloc(n ? n : 1, sizeof(*w->w));
	for (const struct fsb_use_weight *e = u->weights; e->phase; e++) {
		bool have = false;

		for (size_t i = 0; i < res->nfs && !have; i++)
			have = fsb_fs_find_phase(res->fs[i], e->phase) != NULL;
		if (have) {
			w->w[w->phases.n] = e->weight;
			fsb_strv_add(&w->phases, e->phase);
			fsb_strv_add(&r->phases, e->phase);
		} else {
			fsb_strv_add(&r->missing_phases, e->phase);
		}
	}
}

static int by_total(const void *a, const void *b)
{
	double x = ((const struct fsb_rec_row *)a)->total, y = ((const struct fsb_rec_row *)b)->total;

	return x < y ? -1 : x > y;
}

/* The ranked rows fastest first (the verdict puts its tied group first,
 * which is not always by total), the unranked after. */
static void fill_rows(const struct fsb_result *res, const struct fsb_rec_opts *ro, struct fsb_recommendation *r)
{
	r->rows = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*r->rows));
	for (size_t i = 0; i < r->v.nrows; i++) {
		struct fsb_rec_row *row = &r->rows[r->nrows++];

		row->fs = r->v.rows[i].fs;
		row->ranked = true;
		row->total = r->v.rows[i].total;
		row->nkept = r->v.rows[i].nkept;
	}
	qsort(r->rows, r->nrows, sizeof(*r->rows), by_total);
	for (size_t i = 0; i < res->nfs; i++) {
		bool seen = false;

		for (size_t k = 0; k < r->v.nrows && !seen; k++)
			seen = r->v.rows[k].fs == res->fs[i];
		if (!seen)
			r->rows[r->nrows++].fs = res->fs[i];
	}
	for (size_t i = 0; i < r->nrows; i++) {
		r->rows[i].facts = fsb_recommend_facts(ro->cfg, r->rows[i].fs);
		r->rows[i].missing = fsb_recommend_missing(r->rows[i].facts, r->needs);
		r->rows[i].score = score(r->rows[i].facts, r->use);
		r->rows[i].rel = r->rows[i].rel_lo = r->rows[i].rel_hi = NAN;
	}
}

/* Each row's aging factor of the tree's read, when the result has them. */
static void aging_of(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_recommendation *r)
{
	struct fsb_age a;

	for (size_t i = 0; i < r->nrows; i++)
		r->rows[i].age = (struct fsb_age_factor){ .factor = NAN, .lo = NAN, .hi = NAN, .p = NAN,
							  .aged = NAN, .fresh = NAN };
	if (!fsb_age_compute(res, o, &a)) {
		r->aged = true;
		for (size_t i = 0; i < r->nrows; i++)
			for (size_t k = 0; k < a.nfs; k++)
				if (a.fs[k].fs == r->rows[i].fs)
					r->rows[i].age = a.fs[k].f[FSB_AGE_GREP];
	}
	fsb_age_free(&a);
}

/* Every ranked row against the pick: ratio, interval, significance. */
static void against_pick(const struct fsb_result *res, const struct fsb_report_opts *o, const struct fsb_weights *w,
			 struct fsb_recommendation *r)
{
	struct fsb_cellstats p;
	enum fsb_metric m = r->v.metric;

	fsb_cell_stats_weighted(res, r->rows[r->pick].fs, w, m, &p);
	for (size_t i = 0; i < r->nrows; i++) {
		struct fsb_rec_row *row = &r->rows[i];
		struct fsb_cellstats a;
		struct fsb_norm n;

		if (!row->ranked)
			continue;
		fsb_cell_stats_weighted(res, row->fs, w, m, &a);
		n = fsb_cell_normalize(&a, &p, m, o);
		row->rel = n.ratio;
		row->rel_lo = n.lo;
		row->rel_hi = n.hi;
		row->significant = i != r->pick && n.tested && n.significant &&
				   fabs(n.ratio - 1) > FSB_VERDICT_MIN_LEAD;
		fsb_cell_stats_free(&a);
	}
	fsb_cell_stats_free(&p);
}

/* Does a age significantly worse than b: both tested, a's interval
 * wholly above b's? */
static bool ages_worse_than(const struct fsb_age_factor *a, const struct fsb_age_factor *b)
{
	return a->tested && b->tested && !isnan(a->lo) && !isnan(b->hi) && a->lo > b->hi;
}

/* The best of the pick and the tied by what they give (the fastest on
 * equal points), leaving out those that age worse when aging counts. */
static size_t best_of_tied(const struct fsb_recommendation *r, bool aging)
{
	size_t best = SIZE_MAX;

	for (size_t i = r->pick; i < r->nrows; i++) {
		const struct fsb_rec_row *row = &r->rows[i];

		if (i != r->pick && !fsb_strv_contains(&r->tied, row->fs->name))
			continue;
		if (aging && row->ages_worse)
			continue;
		if (best == SIZE_MAX || row->score > r->rows[best].score)
			best = i;
	}
	return best == SIZE_MAX ? r->pick : best;
}

/* Mark the pick's and the tied candidates' that age worse than one of them. */
static void mark_aging(struct fsb_recommendation *r)
{
	for (size_t i = r->pick; i < r->nrows; i++)
		for (size_t k = r->pick; k < r->nrows; k++) {
			struct fsb_rec_row *a = &r->rows[i];
			const struct fsb_rec_row *b = &r->rows[k];

			if (i == k || (i != r->pick && !fsb_strv_contains(&r->tied, a->fs->name)) ||
			    (k != r->pick && !fsb_strv_contains(&r->tied, b->fs->name)))
				continue;
			a->ages_worse |= ages_worse_than(&a->age, &b->age);
		}
}

/* The candidates tied with the fastest one: the best of them by what it
 * gives is the pick (the fastest on equal points); one that ages worse
 * than another of them is not (model/agefactor.h). */
static void break_tie(const struct fsb_result *res, const struct fsb_report_opts *o, const struct fsb_weights *w,
		      struct fsb_recommendation *r)
{
	size_t best = r->pick;

	against_pick(res, o, w, r);
	for (size_t i = r->pick + 1; i < r->nrows; i++) {
		const struct fsb_rec_row *row = &r->rows[i];

		if (row->ranked && !row->missing && !row->significant)
			fsb_strv_add(&r->tied, row->fs->name);
	}
	if (!r->tied.n)
		return;
	r->kind = FSB_REC_TIE;
	mark_aging(r);
	best = best_of_tied(r, true);
	r->pick_unaged = best_of_tied(r, false);
	r->aging_broke_tie = r->pick_unaged != best;
	if (best != r->pick) {
		/* the fastest of the tied goes into the list in the pick's place */
		for (size_t k = 0; k < r->tied.n; k++)
			if (strcmp(r->tied.v[k], r->rows[best].fs->name) == 0) {
				free(r->tied.v[k]);
				r->tied.v[k] = fsb_xstrdup(r->rows[r->pick].fs->name);
			}
		r->pick = best;
		against_pick(res, o, w, r);
	}
}

void fsb_recommend(const struct fsb_result *res, const struct fsb_report_opts *o, const struct fsb_rec_opts *ro,
		   struct fsb_recommendation *r)
{
	FSB_CELL_MEMO_SCOPE;
	struct fsb_weights w = { 0 };
	/* the viewer's choice, else what the run was told (result.h) */
	const char *name = ro->use ? ro->use : res->use;
	unsigned user = ro->needs_given ? ro->needs : res->needs;
	size_t ncand = 0, first = SIZE_MAX, kept = SIZE_MAX;

	memset(r, 0, sizeof(*r));
	r->use = fsb_use_find(name);
	r->use_recorded = !ro->use && r->use;
	if (!r->use) {
		r->use = fsb_use_find(FSB_USE_DEFAULT);
		r->use_default = true;
	}
	r->needs = r->use->needs | user | FSB_NEED_SUPPORTED;
	use_weights(res, r->use, &w, r);
	if (!w.phases.n)
		goto out;	/* FSB_REC_NONE */
	fsb_verdict_compute_weighted(res, o, &w, &r->v);
	fill_rows(res, ro, r);
	aging_of(res, o, r);
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].ranked && !r->rows[i].missing) {
			ncand++;
			if (first == SIZE_MAX)
				first = i;
			if (r->rows[i].nkept < kept)
				kept = r->rows[i].nkept;
		}
	if (!ncand) {
		bool busy = false;

		/* a candidate whose every run was disturbed is not ranked */
		for (size_t i = 0; i < r->nrows; i++)
			if (!r->rows[i].ranked && !r->rows[i].missing &&
			    fsb_strv_contains(&r->v.too_busy, r->rows[i].fs->name))
				busy = true;
		r->kind = busy ? FSB_REC_TOO_BUSY : FSB_REC_NO_CANDIDATE;
		r->lacking = r->needs;
		for (size_t i = 0; i < r->nrows; i++)
			r->lacking &= r->rows[i].missing;
		goto out;
	}
	r->pick = first;
	if (kept < 2) {
		r->kind = FSB_REC_TENTATIVE;
		against_pick(res, o, &w, r);
	} else if (ncand == 1) {
		r->kind = FSB_REC_ONLY;
		against_pick(res, o, &w, r);
	} else {
		r->kind = FSB_REC_PICK;
		break_tie(res, o, &w, r);
	}
out:
	fsb_strv_free(&w.phases);
	free(w.w);
}

void fsb_recommend_free(struct fsb_recommendation *r)
{
	fsb_strv_free(&r->phases);
	fsb_strv_free(&r->missing_phases);
	fsb_strv_free(&r->tied);
	free(r->rows);
	fsb_verdict_free(&r->v);
	memset(r, 0, sizeof(*r));
}
