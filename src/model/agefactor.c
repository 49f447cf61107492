/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/agefactor.h"
#include "model/verdict.h"

static const char *const age_phases[] = {
	"age", "aged-grep", "aged-stat", "aged-make2", "aged-cp", "aged-rm",
	"refresh", "fresh-grep", "fresh-stat", "fresh-make2", "fresh-cp", "fresh-rm",
};

/* [kind] = { fresh, aged, short name } */
static const char *const names[FSB_AGE_READS][3] = {
	[FSB_AGE_GREP] = { "fresh-grep", "aged-grep", "grep" },
	[FSB_AGE_STAT] = { "fresh-stat", "aged-stat", "stat" },
	[FSB_AGE_MAKE2] = { "fresh-make2", "aged-make2", "make2" },
	[FSB_AGE_CP] = { "fresh-cp", "aged-cp", "cp" },
	[FSB_AGE_RM] = { "fresh-rm", "aged-rm", "rm" },
};

bool fsb_agefactor_is_aging(const char *phase)
{
	return phase && fsb_name_index(age_phases, FSB_ARRAY_SIZE(age_phases), phase) >= 0;
}

const char *fsb_age_read_name(enum fsb_age_read k)
{
	return names[k][2];
}

const char *fsb_age_read_phase(enum fsb_age_read k, bool aged)
{
	return names[k][aged];
}

bool fsb_age_kind_present(const struct fsb_result *res, enum fsb_age_read k)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t j[2] = { fsb_grid_phase(g, fsb_age_read_phase(k, false)), fsb_grid_phase(g, fsb_age_read_phase(k, true)) };

	for (size_t i = 0; i < res->nfs; i++)
		for (int aged = 0; aged < 2; aged++) {
			const struct fsb_phase_result *ph = fsb_grid_cell(g, i, j[aged]);

			if (ph && ph->nruns)
				return true;
		}
	return false;
}

bool fsb_agefactor_aged(const struct fsb_result *res)
{
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (res->fs[i]->phases[j]->nruns && fsb_agefactor_is_aging(res->fs[i]->phases[j]->name))
				return true;
	return false;
}

bool fsb_age_present(const struct fsb_result *res)
{
	for (int k = 0; k < FSB_AGE_READS; k++)
		if (fsb_age_kind_present(res, k))
			return true;
	return false;
}

bool fsb_age_interval_unmeasurable(const struct fsb_age_factor *f)
{
	return !isnan(f->factor) && !f->unreliable && f->naged >= 2 && f->nfresh >= 2 && (isnan(f->lo) || isnan(f->hi));
}

bool fsb_age_measurable(const struct fsb_age_factor *f)
{
	return f->significant && !isnan(f->factor) && fabs(f->factor - 1) >= FSB_VERDICT_MIN_LEAD;
}

/* The mean of field over ph's successful runs that report it; NAN when none. */
static double field_mean(const struct fsb_phase_result *ph, enum fsb_field field, size_t *n)
{
	double sum = 0;
	size_t k = 0;

	for (size_t r = 0; ph && r < ph->nruns; r++)
		if (ph->runs[r].status == FSB_RUN_OK && isfinite(ph->runs[r].v[field])) {
			sum += ph->runs[r].v[field];
			k++;
		}
	if (n)
		*n = k;
	return k ? sum / (double)k : NAN;
}

static void layout_of(const struct fsb_phase_result *ph, struct fsb_age_layout *l)
{
	l->files = field_mean(ph, FSB_FIELD_layout_files, NULL);
	l->extents_per_file = field_mean(ph, FSB_FIELD_extents_per_file, NULL);
	l->extents_p90 = field_mean(ph, FSB_FIELD_extents_p90, NULL);
	l->extents_max = field_mean(ph, FSB_FIELD_extents_max, NULL);
	l->multi_extent_share = field_mean(ph, FSB_FIELD_multi_extent_share, NULL);
	l->free_extents = field_mean(ph, FSB_FIELD_free_extents, NULL);
	l->free_extent_mean_kib = field_mean(ph, FSB_FIELD_free_extent_mean_kib, NULL);
	l->free_big_share = field_mean(ph, FSB_FIELD_free_big_share, NULL);
}

/* One read's factor on row fs: aged (column ja) against fresh (jf) as any
 * cell against its baseline. */
static void factor_of(const struct fsb_result *res, size_t fs, size_t ja, size_t jf, enum fsb_metric m,
		      const struct fsb_report_opts *o, struct fsb_age_factor *f)
{
	struct fsb_cellstats aged, fresh;
	struct fsb_norm n;

	fsb_cell_stats(res, fs, ja, m, &aged);
	fsb_cell_stats(res, fs, jf, m, &fresh);
	f->aged = aged.st.n_used ? aged.st.mean : NAN;
	f->fresh = fresh.st.n_used ? fresh.st.mean : NAN;
	f->aged_ci = aged.st.n_used ? aged.st.ci_half : NAN;
	f->fresh_ci = fresh.st.n_used ? fresh.st.ci_half : NAN;
	f->naged = aged.st.n_used;
	f->nfresh = fresh.st.n_used;
	n = fsb_cell_normalize(&aged, &fresh, m, o);
	f->factor = n.ratio;
	f->lo = n.lo;
	f->hi = n.hi;
	f->tested = n.tested;
	f->significant = n.significant;
	f->unreliable = n.unreliable;
	f->p = n.p;
	fsb_cell_stats_free(&aged);
	fsb_cell_stats_free(&fresh);
}

static int by_value(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return a < b ? -1 : a > b;
}

/* Rank every filesystem's fresh (aged) mean of read k: 1 = the fastest.
 * Rates are higher-is-better; equal means share a rank.  Sorted, so that
 * a file of thousands of filesystems stays fast. */
static void rank(struct fsb_age *a, enum fsb_age_read k, bool aged)
{
	bool higher = fsb_metric_higher_is_better(a->metric);
	double *v = fsb_xcalloc(a->nfs ? a->nfs : 1, sizeof(*v));
	size_t n = 0;

	for (size_t i = 0; i < a->nfs; i++) {
		double x = aged ? a->fs[i].f[k].aged : a->fs[i].f[k].fresh;

		if (!isnan(x))
			v[n++] = higher ? -x : x;
	}
	qsort(v, n, sizeof(*v), by_value);
	a->nranked[k][aged] = n;
	for (size_t i = 0; i < a->nfs; i++) {
		struct fsb_age_factor *f = &a->fs[i].f[k];
		double x = aged ? f->aged : f->fresh;
		size_t lo = 0, hi = n;

		if (isnan(x))
			continue;
		x = higher ? -x : x;
		while (lo < hi) {	/* how many are strictly better */
			size_t mid = lo + (hi - lo) / 2;

			if (v[mid] < x)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (aged)
			f->rank_aged = (int)lo + 1;
		else
			f->rank_fresh = (int)lo + 1;
	}
	free(v);
}

int fsb_age_compute(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_age *a)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t ja[FSB_AGE_READS], jf[FSB_AGE_READS];
	size_t jage = fsb_grid_phase(g, "age"), jas = fsb_grid_phase(g, "aged-stat"), jfs = fsb_grid_phase(g, "fresh-stat");

	memset(a, 0, sizeof(*a));
	a->metric = o ? o->metric : FSB_METRIC_DEAD;
	if (!fsb_age_present(res))
		return -ENOENT;
	for (int k = 0; k < FSB_AGE_READS; k++) {
		ja[k] = fsb_grid_phase(g, fsb_age_read_phase(k, true));
		jf[k] = fsb_grid_phase(g, fsb_age_read_phase(k, false));
	}
	a->nfs = res->nfs;
	a->fs = fsb_xcalloc(res->nfs ? res->nfs : 1, sizeof(*a->fs));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_age_fs *e = &a->fs[i];
		const struct fsb_phase_result *age = fsb_grid_cell(g, i, jage);

		e->fs = res->fs[i];
		for (int k = 0; k < FSB_AGE_READS; k++)
			factor_of(res, i, ja[k], jf[k], a->metric, o, &e->f[k]);
		layout_of(fsb_grid_cell(g, i, jas), &e->aged);
		layout_of(fsb_grid_cell(g, i, jfs), &e->fresh);
		e->fullness = field_mean(age, FSB_FIELD_fullness, NULL);
		e->age_s = field_mean(age, FSB_FIELD_real, &e->age_runs);
	}
	for (int k = 0; k < FSB_AGE_READS; k++) {
		a->present[k] = fsb_age_kind_present(res, k);
		rank(a, k, false);
		rank(a, k, true);
	}
	return 0;
}

void fsb_age_free(struct fsb_age *a)
{
	free(a->fs);
	memset(a, 0, sizeof(*a));
}
