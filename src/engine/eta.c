/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The run's ETA and a phase's estimated fraction (eta.h): arithmetic only.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/eta.h"
#include "sys/util.h"

void fsb_eta_init(struct fsb_eta *e, size_t nfs, size_t nphases, long reps)
{
	size_t cells = nfs * nphases;

	if (!cells)
		cells = 1;
	memset(e, 0, sizeof(*e));
	e->nfs = nfs;
	e->nphases = nphases;
	e->reps = reps > 0 ? reps : 1;
	e->prior = fsb_xcalloc(cells, sizeof(*e->prior));
	e->sum = fsb_xcalloc(cells, sizeof(*e->sum));
	e->n = fsb_xcalloc(cells, sizeof(*e->n));
	e->dropped = fsb_xcalloc(nfs ? nfs : 1, sizeof(*e->dropped));
	e->slots = fsb_xcalloc(nfs * (size_t)e->reps + 1, sizeof(*e->slots));
	e->nslots = fsb_order_slots(FSB_ORDER_SEQUENTIAL, nfs, e->reps, 0, e->slots);
	for (size_t i = 0; i < cells; i++)
		e->prior[i] = NAN;
	e->overhead_prior = NAN;
}

void fsb_eta_free(struct fsb_eta *e)
{
	free(e->prior);
	free(e->sum);
	free(e->n);
	free(e->slots);
	free(e->dropped);
	free(e->stall_skip);
	memset(e, 0, sizeof(*e));
}

void fsb_eta_set_stall(struct fsb_eta *e, long rep, const bool *skip)
{
	e->stall_rep = rep;
	free(e->stall_skip);
	e->stall_skip = NULL;
	if (skip && e->nphases) {
		e->stall_skip = fsb_xcalloc(e->nphases, sizeof(*e->stall_skip));
		memcpy(e->stall_skip, skip, e->nphases * sizeof(*skip));
	}
}

void fsb_eta_set_order(struct fsb_eta *e, const struct fsb_slot *slots, size_t n)
{
	size_t cap = e->nfs * (size_t)e->reps;

	/* a slot outside the plan would index past the cells: not taken */
	for (size_t k = 0; k < n; k++)
		if (slots[k].fs >= e->nfs || slots[k].rep < 1 || slots[k].rep > e->reps)
			return;
	e->nslots = n < cap ? n : cap;
	memcpy(e->slots, slots, e->nslots * sizeof(*slots));
}

size_t fsb_eta_slot(const struct fsb_eta *e, size_t fi, long rep)
{
	for (size_t k = 0; k < e->nslots; k++)
		if (e->slots[k].fs == fi && e->slots[k].rep == rep)
			return k;
	return e->nslots;
}

void fsb_eta_drop_fs(struct fsb_eta *e, size_t fi)
{
	if (fi < e->nfs)
		e->dropped[fi] = true;
}

void fsb_eta_set_prior(struct fsb_eta *e, size_t fi, size_t j, double seconds)
{
	if (fi < e->nfs && j < e->nphases)
		e->prior[fi * e->nphases + j] = isfinite(seconds) && seconds >= 0 ? seconds : NAN;
}

void fsb_eta_record(struct fsb_eta *e, size_t fi, size_t j, double real)
{
	if (fi >= e->nfs || j >= e->nphases || !isfinite(real) || real < 0)
		return;
	e->sum[fi * e->nphases + j] += real;
	e->n[fi * e->nphases + j]++;
}

void fsb_eta_record_overhead(struct fsb_eta *e, double seconds)
{
	if (!isfinite(seconds) || seconds < 0)
		return;
	e->overhead_sum += seconds;
	e->overhead_n++;
}

static double mean(const struct fsb_eta *e, size_t c)
{
	return e->n[c] ? e->sum[c] / (double)e->n[c] : NAN;
}

double fsb_eta_expected(const struct fsb_eta *e, size_t fi, size_t j)
{
	size_t c = fi * e->nphases + j, mn = 0, pairs = 0;
	double prior, msum = 0, all_m = 0, all_p = 0;

	if (fi >= e->nfs || j >= e->nphases)
		return NAN;
	prior = e->prior[c];
	if (e->n[c])
		return mean(e, c);
	/* the same phase on the filesystems that ran it in this run */
	for (size_t f = 0; f < e->nfs; f++) {
		size_t o = f * e->nphases + j;

		if (!e->n[o])
			continue;
		msum += mean(e, o);
		mn++;
		if (!isnan(e->prior[o])) {
			all_m += mean(e, o);
			all_p += e->prior[o];
			pairs++;
		}
	}
	if (!isnan(prior) && pairs && all_p > 0)
		return prior * all_m / all_p;	/* this machine now, relative to the priors */
	if (mn)
		return msum / (double)mn;
	if (isnan(prior))
		return NAN;
	/* nothing of this phase ran yet: the run's ratio over every phase */
	all_m = all_p = 0;
	for (size_t o = 0; o < e->nfs * e->nphases; o++)
		if (e->n[o] && !isnan(e->prior[o])) {
			all_m += mean(e, o);
			all_p += e->prior[o];
		}
	return all_p > 0 ? prior * all_m / all_p : prior;
}

double fsb_eta_left(const struct fsb_eta *e, size_t at, long j, double elapsed, size_t *unknown)
{
	double left = 0, overhead;
	size_t unk = 0, slots = 0;

	for (size_t k = at; k < e->nslots; k++) {
		size_t f = e->slots[k].fs;

		/* a filesystem done with runs no more; the running slot's
		 * phases still count (it converged on this repetition) */
		if (e->dropped[f] && (k != at || j < 0))
			continue;
		if (k > at || j < 0)
			slots++;
		for (size_t p = 0; p < e->nphases; p++) {
			double x;

			if (k == at && (long)p < j)
				continue;	/* done */
			if (e->stall_skip && e->slots[k].rep == e->stall_rep && e->stall_skip[p])
				continue;	/* the stall round leaves it out */
			x = fsb_eta_expected(e, f, p);
			if (isnan(x)) {
				unk++;
				continue;
			}
			if (k == at && (long)p == j)
				x = x > elapsed ? x - elapsed : 0;
			left += x;
		}
	}
	/* mkfs, mount, umount and cache drops of the runs still to come */
	overhead = e->overhead_n ? e->overhead_sum / (double)e->overhead_n : e->overhead_prior;
	if (!isnan(overhead))
		left += overhead * (double)slots;
	if (unknown)
		*unknown = unk;
	return left;
}

static double capped(double f, double prev)
{
	if (f > FSB_ETA_CAP)
		f = FSB_ETA_CAP;
	if (prev > f)
		f = prev;
	return f;
}

double fsb_eta_fraction(double elapsed, double expected, double prev)
{
	if (!(expected > 0) || !isfinite(expected))
		return prev >= 0 ? prev : -1;
	return capped(elapsed > 0 ? elapsed / expected : 0, prev);
}

double fsb_eta_fraction_units(double done, double total, double prev)
{
	if (!(total > 0) || !isfinite(total))
		return prev >= 0 ? prev : -1;
	return capped(done > 0 ? done / total : 0, prev);
}
