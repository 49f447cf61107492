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

/* The weights of u's phases that res has (on any filesystem). */
static void use_weights(const struct fsb_result *res, const struct fsb_use *u, struct fsb_weights *w,
			struct fsb_recommendation *r)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t n = 0;

	for (const struct fsb_use_weight *e = u->weights; e->phase; e++)
		n++;
	w->w = fsb_xcalloc(n ? n : 1, sizeof(*w->w));
	for (const struct fsb_use_weight *e = u->weights; e->phase; e++) {
		size_t j = fsb_grid_phase(g, e->phase);

		if (j < g->nph && g->col[j].first != FSB_GRID_NONE) {
			w->w[w->phases.n] = e->weight;
			fsb_strv_add(&w->phases, e->phase);
			fsb_strv_add(&r->phases, e->phase);
		} else {
			fsb_strv_add(&r->missing_phases, e->phase);
		}
	}
}

/* Every filesystem of the result as a row: its facts and what it misses. */
static void init_rows(const struct fsb_result *res, const struct fsb_rec_opts *ro, struct fsb_recommendation *r)
{
	r->rows = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*r->rows));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_rec_row *row = &r->rows[r->nrows++];

		row->fs = res->fs[i];
		row->index = i;
		row->facts = fsb_recommend_facts(ro->cfg, res->fs[i]);
		row->missing = fsb_recommend_missing(row->facts, r->needs);
		row->candidate = row->facts && !row->missing;
		row->total = row->rel = row->rel_lo = row->rel_hi = NAN;
		row->rests_rel = row->rests_lo = row->rests_hi = NAN;
		row->age = (struct fsb_age_factor){ .factor = NAN, .lo = NAN, .hi = NAN, .p = NAN, .aged = NAN,
						    .fresh = NAN };
	}
}

/* Each row's aging factor of the tree's read, when the result has them. */
static void aging_of(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_recommendation *r)
{
	struct fsb_age a;

	if (!fsb_age_compute(res, o, &a)) {
		r->aged = true;
		for (size_t i = 0; i < r->nrows; i++)
			for (size_t k = 0; k < a.nfs; k++)
				if (a.fs[k].fs == r->rows[i].fs)
					r->rows[i].age = a.fs[k].f[FSB_AGE_GREP];
	}
	fsb_age_free(&a);
}

/* The verdict's judgement of the use's total among the candidates only. */
static void judge_candidates(const struct fsb_result *res, const struct fsb_report_opts *o,
			     const struct fsb_weights *w, struct fsb_recommendation *r)
{
	struct fsb_verdict_scope sc = { .w = w, .only = &r->candidates };

	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].candidate)
			fsb_strv_add(&r->candidates, r->rows[i].fs->name);
	fsb_verdict_judge(res, o, &sc, &r->v);
}

static size_t row_of(const struct fsb_recommendation *r, const struct fsb_fs_result *fs)
{
	for (size_t i = 0; i < r->nrows; i++)
		if (r->rows[i].fs == fs)
			return i;
	return SIZE_MAX;
}

/*
 * Every row against the reference by the verdict's own pair test (its
 * rounds, level and between-session spread), candidate or not; the
 * verdict's rule b where the candidate is in its leading group.
 */
static void against_reference(struct fsb_recommendation *r)
{
	size_t ref = r->rows[r->pick].index;

	for (size_t i = 0; i < r->nrows; i++) {
		struct fsb_rec_row *row = &r->rows[i];
		struct fsb_verdict_pair p;

		fsb_verdict_compare(&r->v, ref, row->index, NULL, &p);
		row->total = fsb_verdict_fs_total(&r->v, row->index, &row->nkept);
		row->ranked = !isnan(p.rel) && !isnan(row->total);
		row->rel = p.rel;
		row->rel_lo = p.lo;
		row->rel_hi = p.hi;
		row->significant = (p.lo > 1 && p.rel >= 1 + FSB_VERDICT_MIN_LEAD) ||
				   (p.hi < 1 && p.rel <= 1 - FSB_VERDICT_MIN_LEAD);
		for (size_t k = 0; k < r->v.nrows; k++)
			if (r->v.rows[k].fs == row->fs && r->v.rows[k].rests_on) {
				row->rests_on = r->v.rows[k].rests_on;
				row->rests_rel = r->v.rows[k].rests_rel;
				row->rests_lo = r->v.rows[k].rests_lo;
				row->rests_hi = r->v.rows[k].rests_hi;
			}
	}
}

static int by_rel(const void *pa, const void *pb)
{
	const struct fsb_rec_row *a = pa, *b = pb;

	if (a->ranked != b->ranked)
		return a->ranked ? -1 : 1;
	if (a->ranked && a->rel != b->rel)
		return a->rel < b->rel ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

/* Fastest first, the unranked last; the reference and the runner-up found
 * again after. */
static void order_rows(struct fsb_recommendation *r)
{
	const struct fsb_fs_result *ref = r->rows[r->pick].fs;

	qsort(r->rows, r->nrows, sizeof(*r->rows), by_rel);
	r->pick = row_of(r, ref);
	r->runner_up = SIZE_MAX;
	for (size_t i = 0; i < r->nrows; i++) {
		r->rows[i].named = fsb_strv_contains(&r->named, r->rows[i].fs->name);
		if (r->runner_up == SIZE_MAX && r->rows[i].candidate && r->rows[i].ranked && !r->rows[i].named)
			r->runner_up = i;
	}
}

/* What the earlier sessions here say against this verdict. */
static unsigned history_doubts(const struct fsb_verdict *v)
{
	unsigned d = 0;

	for (size_t i = 0; i < v->ndissent; i++)
		if (v->dissent[i].contradicts)
			d |= FSB_REC_CONTRADICTED;
	/* a tie's order going both ways is the tie itself */
	if (v->kind == FSB_VERDICT_LEAD && v->unstable.n)
		d |= FSB_REC_UNSTABLE;
	return d;
}

/* The answer from the verdict among the candidates (at least one ranked). */
static void decide(struct fsb_recommendation *r)
{
	const struct fsb_verdict *v = &r->v;
	size_t kept = SIZE_MAX;

	for (size_t i = 0; i < v->nrows; i++)
		if (v->rows[i].nkept < kept)
			kept = v->rows[i].nkept;
	r->pick = row_of(r, v->rows[0].fs);
	if (kept < 2 || v->nrows == 1) {
		r->kind = kept < 2 ? FSB_REC_TENTATIVE : FSB_REC_ONLY;
		fsb_strv_add(&r->named, v->rows[0].fs->name);
		return;
	}
	r->doubts = history_doubts(v);
	if (v->kind == FSB_VERDICT_TIE && !v->settled)
		r->doubts |= FSB_REC_UNSETTLED;
	if (r->doubts) {
		r->kind = FSB_REC_CANNOT_TELL;
	} else if (v->kind == FSB_VERDICT_LEAD) {
		r->kind = FSB_REC_PICK;
		fsb_strv_add(&r->named, v->rows[0].fs->name);
	} else {
		r->kind = FSB_REC_CHOOSE;
		for (size_t i = 0; i < v->ntied; i++)
			fsb_strv_add(&r->named, v->rows[i].fs->name);
	}
	/* the pairs the answer rests on: the leader with its group and first outsider */
	for (size_t i = 1; i < v->nrows && i <= v->ntied; i++)
		if (!(v->rows[i].pair.between <= r->between))
			r->between = v->rows[i].pair.between;
}

/* The criteria are judged among the named when there are several, else
 * among the candidates. */
static bool judged(const struct fsb_recommendation *r, size_t i)
{
	return r->named.n >= 2 ? r->rows[i].named : r->rows[i].candidate;
}

static void differ_and_favour(struct fsb_recommendation *r, struct fsb_rec_crit *c)
{
	c->favours = SIZE_MAX;
	for (size_t i = 0; i < r->nrows; i++) {
		bool best = true, others = false;

		for (size_t k = 0; judged(r, i) && k < r->nrows; k++) {
			int cmp;

			if (k == i || !judged(r, k))
				continue;
			cmp = fsb_criterion_compare(c->id, fsb_criteria_at(&r->values, c->id, r->rows[i].index),
						    fsb_criteria_at(&r->values, c->id, r->rows[k].index));
			others = true;
			c->differs |= cmp != 0;
			best = best && cmp > 0;
		}
		if (judged(r, i) && others && best)
			c->favours = i;
	}
}

/* What else counts: the criteria the result has, the use's important ones
 * first, whether they differ and whom they favour. */
static void weigh_criteria(const struct fsb_result *res, const struct fsb_report_opts *o,
			   struct fsb_recommendation *r)
{
	const struct fsb_fs_facts **facts = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*facts));
	bool any = false, agree = true;

	for (size_t i = 0; i < r->nrows; i++)
		facts[r->rows[i].index] = r->rows[i].facts;
	fsb_criteria_compute(res, o, facts, &r->values);
	free(facts);
	for (int pass = 0; pass < 2; pass++)
		for (size_t k = 0; k < FSB_CRIT_COUNT; k++) {
			bool important = r->use->important & (1u << k);
			struct fsb_rec_crit *c = &r->crit[r->ncrit];

			if (!r->values.present[k] || important != (pass == 0))
				continue;
			*c = (struct fsb_rec_crit){ .id = (enum fsb_crit)k, .important = important };
			differ_and_favour(r, c);
			r->ncrit++;
		}
	r->favoured = SIZE_MAX;
	for (size_t k = 0; r->kind == FSB_REC_CHOOSE && k < r->ncrit; k++) {
		const struct fsb_rec_crit *c = &r->crit[k];

		if (!c->important || !c->differs)
			continue;
		agree = agree && c->favours != SIZE_MAX && (!any || c->favours == r->favoured);
		r->favoured = c->favours;
		any = true;
	}
	if (!any || !agree)
		r->favoured = SIZE_MAX;
}

/* No candidate ranked: the machine was too busy, or nobody meets the needs. */
static void nobody(struct fsb_recommendation *r)
{
	bool busy = false;

	for (size_t i = 0; i < r->nrows; i++)
		busy |= r->rows[i].candidate && fsb_strv_contains(&r->v.too_busy, r->rows[i].fs->name);
	r->kind = busy ? FSB_REC_TOO_BUSY : FSB_REC_NO_CANDIDATE;
	r->lacking = r->needs;
	for (size_t i = 0; i < r->nrows; i++)
		r->lacking &= r->rows[i].missing;
}

void fsb_recommend(const struct fsb_result *res, const struct fsb_report_opts *o, const struct fsb_rec_opts *ro,
		   struct fsb_recommendation *r)
{
	struct fsb_weights w = { 0 };
	/* the viewer's choice, else what the run was told (result.h) */
	const char *name = ro->use ? ro->use : res->use;
	unsigned user = ro->needs_given ? ro->needs : res->needs;

	memset(r, 0, sizeof(*r));
	r->pick = r->runner_up = r->favoured = SIZE_MAX;
	r->use = fsb_use_find(name);
	r->use_recorded = !ro->use && r->use;
	if (!r->use) {
		r->use = fsb_use_find(FSB_USE_DEFAULT);
		r->use_default = true;
	}
	r->needs = r->use->needs | user | FSB_NEED_SUPPORTED;
	r->image = res->target.kind == FSB_TARGET_IMAGE;
	init_rows(res, ro, r);
	use_weights(res, r->use, &w, r);
	if (!w.phases.n)
		goto out;	/* FSB_REC_NONE */
	aging_of(res, o, r);
	judge_candidates(res, o, &w, r);
	if (r->v.nrows) {
		decide(r);
		against_reference(r);
		order_rows(r);
	} else {
		nobody(r);
	}
	weigh_criteria(res, o, r);
out:
	fsb_strv_free(&w.phases);
	free(w.w);
}

void fsb_recommend_free(struct fsb_recommendation *r)
{
	fsb_strv_free(&r->phases);
	fsb_strv_free(&r->missing_phases);
	fsb_strv_free(&r->named);
	fsb_strv_free(&r->candidates);
	fsb_criteria_free(&r->values);
	free(r->rows);
	fsb_verdict_free(&r->v);
	memset(r, 0, sizeof(*r));
}
