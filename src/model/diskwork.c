/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/cells.h"
#include "model/diskwork.h"

bool fsb_diskwork_is_clone(const char *phase)
{
	return phase && strcmp(phase, FSB_DISKWORK_CLONE) == 0;
}

bool fsb_diskwork_is_feature(const char *phase)
{
	return fsb_diskwork_is_clone(phase);
}

/* A mean kept as a running sum: NAN until a value came. */
static void add_mean(double *sum, size_t *n, double v)
{
	if (!isfinite(v) || v < 0)
		return;
	*sum = *n ? *sum + v : v;
	(*n)++;
}

static double mean_of(double sum, size_t n)
{
	return n ? sum / (double)n : NAN;
}

void fsb_diskwork_clone(const struct fsb_result *res, size_t i, struct fsb_clone *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	const struct fsb_fs_result *fs = res->fs[i];
	const struct fsb_phase_result *ph = fsb_grid_cell(g, i, fsb_grid_phase(g, FSB_DISKWORK_CLONE));
	double real = 0, wr = 0, sv = 0;
	size_t nreal = 0, nwr = 0, nsv = 0;
	bool yes = false, no = false;

	memset(out, 0, sizeof(*out));
	out->real = out->written_kib = out->saved_kib = NAN;
	if (!ph || ph->status == FSB_PHASE_UNAVAILABLE) {
		out->why = ph ? ph->reason : NULL;
		return;
	}
	for (size_t k = 0; k < ph->nruns; k++) {
		const struct fsb_run *r = &ph->runs[k];
		double f = r->v[FSB_FIELD_reflink];

		if (r->status != FSB_RUN_OK || (f != 0 && f != 1)) {
			if (r->status != FSB_RUN_OK)
				out->why = r->error;
			continue;
		}
		yes |= f == 1;
		no |= f == 0;
		out->runs++;
		if (f == 1)
			add_mean(&real, &nreal, r->v[FSB_FIELD_real]);
		add_mean(&wr, &nwr, r->v[FSB_FIELD_disk_written_kib]);
		add_mean(&sv, &nsv, fsb_run_saved_kib(r));
	}
	out->real = mean_of(real, nreal);
	out->written_kib = mean_of(wr, nwr);
	out->saved_kib = mean_of(sv, nsv);
	/* a filesystem that cloned once can clone: a "no" beside it is another
	 * cause (a file of another kind); the tables say both */
	if (yes)
		out->answer = FSB_CLONE_YES;
	else if (no)
		out->answer = FSB_CLONE_NO;
	else if (ph->nruns)
		out->answer = FSB_CLONE_FAILED;
	else
		out->answer = res->status == FSB_RESULT_RUNNING && fs->status == FSB_FS_OK ? FSB_CLONE_PENDING
										       : FSB_CLONE_NOT_RUN;
	if (out->answer != FSB_CLONE_FAILED)
		out->why = NULL;
}

bool fsb_diskwork_clone_present(const struct fsb_result *res)
{
	/* planned (phase_order) or recorded: a column of the grid */
	return fsb_grid_phase(fsb_result_grid(res), FSB_DISKWORK_CLONE) != FSB_GRID_NONE;
}
/* The sum over the columns of row i of each one's mean of field over its
 * successful runs; NAN when a phase that ran lacks it. */
static double phases_sum(const struct fsb_grid *g, size_t i, const struct fsb_grid_cols *cols, enum fsb_field field)
{
	double total = 0;
	bool any = false;

	for (size_t j = 0; j < cols->n; j++) {
		const struct fsb_phase_result *ph = fsb_grid_cell(g, i, cols->v[j]);
		double sum = 0;
		size_t n = 0, ok = 0;

		for (size_t k = 0; ph && k < ph->nruns; k++)
			if (ph->runs[k].status == FSB_RUN_OK) {
				ok++;
				add_mean(&sum, &n, ph->runs[k].v[field]);
			}
		if (ok && !n)
			return NAN;
		if (n) {
			total += sum / (double)n;
			any = true;
		}
	}
	return any ? total : NAN;
}

void fsb_diskwork_amp(const struct fsb_result *res, size_t i, struct fsb_amp *out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	struct fsb_cellstats w, s;

	memset(out, 0, sizeof(*out));
	fsb_cell_stats(res, i, FSB_GRID_TOTAL, FSB_METRIC_WRITTEN, &w);
	fsb_cell_stats(res, i, FSB_GRID_TOTAL, FSB_METRIC_SAVED, &s);
	out->written_kib = w.st.n_used ? w.st.mean : NAN;
	out->saved_kib = s.st.n_used ? s.st.mean : NAN;
	out->n = w.st.n_used;
	out->factor = out->saved_kib >= FSB_WAMP_MIN_KIB ? out->written_kib / out->saved_kib : NAN;
	out->flushes = phases_sum(g, i, &g->desktop, FSB_FIELD_disk_flushes);
	out->discarded_kib = phases_sum(g, i, &g->desktop, FSB_FIELD_disk_discarded_kib);
	fsb_cell_stats_free(&w);
	fsb_cell_stats_free(&s);
}

/* ph's stall runs when stall (the result has them), else its runs */
static const struct fsb_run *runs_of(const struct fsb_phase_result *ph, bool stall, size_t *n)
{
	*n = stall ? ph->nstall_runs : ph->nruns;
	return stall ? ph->stall_runs : ph->runs;
}

const struct fsb_run *fsb_diskwork_stall_runs(const struct fsb_result *res, const struct fsb_phase_result *ph,
					      size_t *n)
{
	return runs_of(ph, fsb_result_has_stall_runs(res), n);
}

struct fsb_result *fsb_diskwork_stall_view(const struct fsb_result *res)
{
	struct fsb_result *v;

	if (!fsb_result_has_stall_runs(res))
		return NULL;
	v = fsb_result_dup(res);
	for (size_t i = 0; i < v->nfs; i++)
		for (size_t j = 0; j < v->fs[i]->nphases; j++) {
			struct fsb_phase_result *ph = v->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++)
				fsb_run_clear(&ph->runs[k]);
			free(ph->runs);
			ph->runs = ph->stall_runs;
			ph->nruns = ph->nstall_runs;
			ph->stall_runs = NULL;
			ph->nstall_runs = 0;
		}
	fsb_result_changed(v);
	return v;
}

/* Does some successful run of a non-feature phase of res have field?  In
 * its stall runs when stall, else in its runs. */
static bool any_field(const struct fsb_result *res, enum fsb_field field, bool stall)
{
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];
			size_t n;
			const struct fsb_run *r = runs_of(ph, stall, &n);

			if (fsb_diskwork_is_feature(ph->name))
				continue;
			for (size_t k = 0; k < n; k++)
				if (r[k].status == FSB_RUN_OK && isfinite(r[k].v[field]))
					return true;
		}
	return false;
}

bool fsb_diskwork_present(const struct fsb_result *res)
{
	return any_field(res, FSB_FIELD_disk_written_kib, false);
}

bool fsb_diskwork_stalls_present(const struct fsb_result *res)
{
	return any_field(res, FSB_FIELD_stall_max_us, fsb_result_has_stall_runs(res));
}

/* fsb_diskwork_worst_stall_fs() with the result's stall runs or not */
static bool worst_stall_fs(const struct fsb_fs_result *fs, bool stall, struct fsb_stall_worst *out)
{
	memset(out, 0, sizeof(*out));
	out->max_us = out->p99_us = NAN;
	for (size_t j = 0; j < fs->nphases; j++) {
		const struct fsb_phase_result *ph = fs->phases[j];
		size_t n;
		const struct fsb_run *runs = runs_of(ph, stall, &n);

		if (fsb_diskwork_is_feature(ph->name))
			continue;
		for (size_t k = 0; k < n; k++) {
			const struct fsb_run *r = &runs[k];
			double m = r->v[FSB_FIELD_stall_max_us];

			if (r->status != FSB_RUN_OK || !isfinite(m) || m < 0 || (out->fs && m <= out->max_us))
				continue;
			out->fs = fs;
			out->phase = ph->name;
			out->max_us = m;
			out->p99_us = r->v[FSB_FIELD_stall_p99_us];
		}
	}
	return out->fs != NULL;
}

bool fsb_diskwork_worst_stall_fs(const struct fsb_result *res, const struct fsb_fs_result *fs,
				 struct fsb_stall_worst *out)
{
	return worst_stall_fs(fs, fsb_result_has_stall_runs(res), out);
}

size_t fsb_diskwork_worst_stalls(const struct fsb_result *res, struct fsb_stall_worst *out)
{
	bool stall = fsb_result_has_stall_runs(res);
	size_t n = 0;

	for (size_t i = 0; i < res->nfs; i++)
		n += worst_stall_fs(res->fs[i], stall, &out[i]);
	return n;
}

bool fsb_diskwork_worst_stall(const struct fsb_result *res, struct fsb_stall_worst *out)
{
	struct fsb_stall_worst w;
	bool stall = fsb_result_has_stall_runs(res);

	memset(out, 0, sizeof(*out));
	out->max_us = out->p99_us = NAN;
	for (size_t i = 0; i < res->nfs; i++)
		if (worst_stall_fs(res->fs[i], stall, &w) && (!out->fs || w.max_us > out->max_us))
			*out = w;
	return out->fs != NULL;
}
