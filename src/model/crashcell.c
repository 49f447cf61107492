/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The crash phase's runs of a result, added up per filesystem
 * (crashcell.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/crashcell.h"
#include "model/grid.h"
#include "model/kinds.h"

static bool is_crash(const struct fsb_phase_result *ph)
{
	return ph->kind != FSB_PHASE_KIND_NONE && !fsb_phase_kind_timed(ph->kind);
}

bool fsb_phase_is_timed(const struct fsb_result *res, const char *phase)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t j = fsb_grid_phase(g, phase);

	return j >= g->nph || g->col[j].timed;
}

bool fsb_crash_present(const struct fsb_result *res)
{
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; is_crash(ph) && k < ph->nruns; k++)
				if (ph->runs[k].status == FSB_RUN_OK)
					return true;
		}
	return false;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double add(double sum, double v)
{
	return isnan(v) ? sum : isnan(sum) ? v : sum + v;
}

/* One successful run into e; p50s collects the runs' medians. */
static void take_run(struct fsb_crash_fs *e, const struct fsb_run *r, double *p50s, size_t *np50)
{
	const double *v = r->v;

	/* a run that counted no states (a damaged file's) says nothing */
	if (isnan(v[FSB_FIELD_crash_states]))
		return;
	e->runs++;
	e->states = add(e->states, v[FSB_FIELD_crash_states]);
	e->clean = add(e->clean, v[FSB_FIELD_crash_clean]);
	e->repair = add(e->repair, v[FSB_FIELD_crash_repair]);
	e->unchecked = add(e->unchecked, v[FSB_FIELD_crash_unchecked]);
	e->mount_failed = add(e->mount_failed, v[FSB_FIELD_crash_mount_failed]);
	e->lost = add(e->lost, v[FSB_FIELD_crash_lost]);
	e->renames = add(e->renames, v[FSB_FIELD_crash_rename]);
	e->flushes = add(e->flushes, v[FSB_FIELD_crash_flushes]);
	e->writes = add(e->writes, v[FSB_FIELD_crash_writes]);
	if (isnan(v[FSB_FIELD_crash_fsck_errors]))
		e->fsck_missing = true;
	else
		e->fsck_errors = add(e->fsck_errors, v[FSB_FIELD_crash_fsck_errors]);
	if (r->not_measured)
		e->not_checked = r->not_measured;
	if (!isnan(v[FSB_FIELD_crash_recovery_p50]))
		p50s[(*np50)++] = v[FSB_FIELD_crash_recovery_p50];
	if (!isnan(v[FSB_FIELD_crash_recovery_max]) &&
	    (isnan(e->recovery_max) || v[FSB_FIELD_crash_recovery_max] > e->recovery_max))
		e->recovery_max = v[FSB_FIELD_crash_recovery_max];
	/* a file's number, never cast unchecked: 1 = no-fsync, anything above = drop-flushed */
	if (v[FSB_FIELD_crash_fault] > 0)
		e->fault = v[FSB_FIELD_crash_fault] < 1.5 ? 1 : 2;
}

bool fsb_crash_fs_compute(const struct fsb_fs_result *fs, struct fsb_crash_fs *e)
{
	size_t cap = 0, np50 = 0;
	double *p50s;

	for (size_t j = 0; j < fs->nphases; j++)
		cap += is_crash(fs->phases[j]) ? fs->phases[j]->nruns : 0;
	p50s = fsb_xcalloc(cap + 1, sizeof(*p50s));
	*e = (struct fsb_crash_fs){ .fs = fs };
	e->states = e->clean = e->repair = e->fsck_errors = e->unchecked = e->mount_failed = e->lost = e->renames =
		e->recovery_p50 = e->recovery_max = e->flushes = e->writes = NAN;
	for (size_t j = 0; j < fs->nphases; j++) {
		const struct fsb_phase_result *ph = fs->phases[j];

		for (size_t k = 0; is_crash(ph) && k < ph->nruns; k++) {
			const struct fsb_run *r = &ph->runs[k];

			if (r->status == FSB_RUN_OK) {
				take_run(e, r, p50s, &np50);
			} else if (r->status == FSB_RUN_FAILED) {
				e->failed++;
				e->error = r->error;
			}
		}
	}
	if (np50) {
		qsort(p50s, np50, sizeof(*p50s), by_value);
		e->recovery_p50 = np50 % 2 ? p50s[np50 / 2] : (p50s[np50 / 2 - 1] + p50s[np50 / 2]) / 2;
	}
	free(p50s);
	return e->runs || e->failed;
}

int fsb_crash_compute(const struct fsb_result *res, struct fsb_crashes *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_crash_fs e;

		if (!fsb_crash_fs_compute(res->fs[i], &e))
			continue;
		c->fs = fsb_xrealloc(c->fs, (c->nfs + 1) * sizeof(*c->fs));
		c->fs[c->nfs++] = e;
	}
	return c->nfs ? 0 : -ENOENT;
}

void fsb_crash_free(struct fsb_crashes *c)
{
	free(c->fs);
	memset(c, 0, sizeof(*c));
}

long long fsb_crash_seed(const struct fsb_result *res)
{
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; is_crash(ph) && k < ph->nruns; k++)
				/* a seed fsbench draws fits in 63 bits; a file's larger one is none */
				if (ph->runs[k].v[FSB_FIELD_seed] >= 0 && ph->runs[k].v[FSB_FIELD_seed] < 9.2e18)
					return (long long)ph->runs[k].v[FSB_FIELD_seed];
		}
	return -1;
}
