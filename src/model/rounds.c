/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model/cells.h"
#include "model/grid.h"
#include "model/rounds.h"
#include "sys/interfere.h"

void fsb_rounds_numbers(const struct fsb_phase_result *ph, long *out)
{
	long counted = 0;

	for (size_t k = 0; k < ph->nruns; k++) {
		const double *v = ph->runs[k].v;

		out[k] = 0;
		if (!isnan(v[FSB_FIELD_round]) && v[FSB_FIELD_round] >= 1) {
			out[k] = (long)v[FSB_FIELD_round];
			continue;
		}
		/* older files: a run made again takes the round of the one it
		 * replaces (it ran at that round's end); the others count up */
		for (size_t i = 0; !isnan(v[FSB_FIELD_replaces]) && i < k; i++)
			if (ph->runs[i].v[FSB_FIELD_seq] == v[FSB_FIELD_replaces])
				out[k] = out[i];
		if (!out[k])
			out[k] = ++counted;
	}
}

/* The fewest runs of the column's phases on row fs; 0 with a phase missing. */
static size_t repetitions(const struct fsb_grid *g, size_t fs, const struct fsb_column *c, struct fsb_rounds *out,
			  const struct fsb_phase_result **ph)
{
	size_t reps = SIZE_MAX;

	for (size_t j = 0; j < c->n; j++) {
		ph[j] = fsb_grid_cell(g, fs, c->cols[j]);
		if (!ph[j] || ph[j]->status == FSB_PHASE_UNAVAILABLE) {
			out->unavailable = ph[j] != NULL;
			out->why = ph[j] ? ph[j]->reason : NULL;
			return 0;
		}
		for (size_t k = 0; k < ph[j]->nruns; k++)
			if (ph[j]->runs[k].status != FSB_RUN_OK) {
				out->failed = true;
				out->why = ph[j]->runs[k].error;
				return 0;
			}
		if (ph[j]->nruns < reps)
			reps = ph[j]->nruns;
	}
	return reps == SIZE_MAX ? 0 : reps;
}

void fsb_rounds_of(const struct fsb_result *res, size_t row, const struct fsb_column *c, struct fsb_rounds *out)
{
	const struct fsb_fs_result *fs = res->fs[row];
	size_t np = c->n, reps, kept = 0;
	const struct fsb_phase_result **ph = fsb_xcalloc(np ? np : 1, sizeof(*ph));
	long *rnd = NULL;

	memset(out, 0, sizeof(*out));
	out->nphases = np;
	if (fs->status != FSB_FS_OK || !np) {
		out->failed = fs->status == FSB_FS_FAILED;
		out->unavailable = fs->status == FSB_FS_UNAVAILABLE;
		out->why = fs->error;
		goto out;
	}
	reps = repetitions(fsb_result_grid(res), row, c, out, ph);
	if (!reps)
		goto out;
	rnd = fsb_xcalloc(ph[0]->nruns, sizeof(*rnd));
	fsb_rounds_numbers(ph[0], rnd);
	out->round = fsb_xcalloc(reps, sizeof(*out->round));
	out->total = fsb_xcalloc(reps, sizeof(*out->total));
	out->part = fsb_xcalloc(reps * np, sizeof(*out->part));
	for (size_t k = 0; k < reps; k++) {
		bool dist = false, seen = false;
		double sum = 0;

		for (size_t j = 0; j < np; j++) {
			const struct fsb_run *r = &ph[j]->runs[k];
			double x = fsb_cell_share(r, c->builtin && c->builtin[j], c->metric) * (c->w ? c->w[j] : 1);

			dist = dist || r->disturbed;
			out->part[out->n * np + j] = x;
			sum += x;
		}
		if (dist) {
			out->ndisturbed++;
			continue;
		}
		kept++;
		for (size_t i = 0; i < out->n; i++)
			seen = seen || out->round[i] == rnd[k];
		if (seen || isnan(sum))
			continue;	/* a round counts its first repetition that was not disturbed */
		out->round[out->n] = rnd[k];
		out->total[out->n++] = sum;
	}
	out->all_disturbed = !kept && out->ndisturbed;
	/* rounds whose every repetition was disturbed: lost to the verdict */
	for (size_t k = 0; k < reps; k++) {
		bool counted = false, earlier = false;

		for (size_t i = 0; i < out->n; i++)
			counted = counted || out->round[i] == rnd[k];
		for (size_t i = 0; i < k; i++)
			earlier = earlier || rnd[i] == rnd[k];
		out->nrounds_lost += !counted && !earlier;
	}
	/* ascending rounds (a replacement may come after a later round's run) */
	for (size_t i = 1; i < out->n; i++)
		for (size_t m = i; m > 0 && out->round[m - 1] > out->round[m]; m--) {
			long t = out->round[m];
			double tv = out->total[m];

			out->round[m] = out->round[m - 1], out->round[m - 1] = t;
			out->total[m] = out->total[m - 1], out->total[m - 1] = tv;
			for (size_t j = 0; j < np; j++) {
				double tp = out->part[m * np + j];

				out->part[m * np + j] = out->part[(m - 1) * np + j];
				out->part[(m - 1) * np + j] = tp;
			}
		}
out:
	free(rnd);
	free(ph);
}

void fsb_rounds_free(struct fsb_rounds *r)
{
	free(r->round);
	free(r->total);
	free(r->part);
	memset(r, 0, sizeof(*r));
}

/* Round i's part sel of the value (rounds.h: FSB_ROUNDS_*). */
static double value(const struct fsb_rounds *r, size_t i, long sel)
{
	if (sel >= 0 && (size_t)sel < r->nphases)
		return r->total[i] - r->part[i * r->nphases + (size_t)sel];
	if (sel <= -2 && (size_t)(-2 - sel) < r->nphases)
		return r->part[i * r->nphases + (size_t)(-2 - sel)];
	return r->total[i];
}

void fsb_rounds_pair(const struct fsb_rounds *a, const struct fsb_rounds *b, long sel, struct fsb_paired *out)
{
	double sum = 0, sq = 0;
	size_t i = 0, j = 0;
	double *d = fsb_xcalloc(a->n + 1, sizeof(*d));

	memset(out, 0, sizeof(*out));
	out->mean = out->sd = NAN;
	while (i < a->n && j < b->n) {
		double va, vb;

		if (a->round[i] != b->round[j]) {
			if (a->round[i] < b->round[j])
				i++;
			else
				j++;
			continue;
		}
		va = value(a, i++, sel);
		vb = value(b, j++, sel);
		if (!(va > 0) || !(vb > 0) || !isfinite(va) || !isfinite(vb)) {
			out->n = 0;
			goto out;
		}
		d[out->n++] = log(vb / va);
		out->slower += vb > va;
	}
	if (!out->n)
		goto out;
	for (size_t k = 0; k < out->n; k++)
		sum += d[k];
	out->mean = sum / (double)out->n;
	for (size_t k = 0; k < out->n; k++)
		sq += (d[k] - out->mean) * (d[k] - out->mean);
	if (out->n >= 2)
		out->sd = sqrt(sq / (double)(out->n - 1));
out:
	free(d);
}

double fsb_rounds_logmean(const struct fsb_rounds *r, long sel)
{
	double sum = 0;

	if (!r->n)
		return NAN;
	for (size_t i = 0; i < r->n; i++) {
		double v = value(r, i, sel);

		if (!(v > 0) || !isfinite(v))
			return NAN;
		sum += log(v);
	}
	return sum / (double)r->n;
}

double fsb_rounds_logsd(const struct fsb_rounds *r, long sel)
{
	double m = fsb_rounds_logmean(r, sel), sq = 0;

	if (r->n < 2 || isnan(m))
		return NAN;
	for (size_t i = 0; i < r->n; i++) {
		double x = log(value(r, i, sel)) - m;

		sq += x * x;
	}
	return sqrt(sq / (double)(r->n - 1));
}

/* The median of x[0..n) (sorted in place); NAN when n is 0. */
static double median_of(double *x, size_t n)
{
	for (size_t i = 1; i < n; i++)
		for (size_t m = i; m > 0 && x[m - 1] > x[m]; m--) {
			double t = x[m];

			x[m] = x[m - 1], x[m - 1] = t;
		}
	return n ? (n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2) : NAN;
}

/* One phase's runs of round on every filesystem against their median steal. */
static size_t mark_phase(struct fsb_result *res, size_t phase, long round, double limit)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	double *st = fsb_xcalloc(res->nfs + 1, sizeof(*st)), med = NAN;
	size_t n = 0, marked = 0;

	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < res->nfs; i++) {
			struct fsb_phase_result *ph = fsb_grid_cell(g, i, phase);
			long *rnd = ph && ph->nruns ? fsb_xcalloc(ph->nruns, sizeof(*rnd)) : NULL;

			if (rnd)
				fsb_rounds_numbers(ph, rnd);
			for (size_t k = 0; rnd && k < ph->nruns; k++) {
				struct fsb_run *r = &ph->runs[k];
				double s = r->v[FSB_FIELD_steal];
				char why[200];

				if (rnd[k] != round || r->status != FSB_RUN_OK || isnan(s))
					continue;
				if (pass == 0 && n < res->nfs) {
					st[n++] = s;
				} else if (pass == 1 && !r->disturbed &&
					   fsb_interference_steal_excess(s, med, limit, r->v[FSB_FIELD_real], why, sizeof(why))) {
					r->disturbed = fsb_xstrdup(why);
					r->v[FSB_FIELD_disturbed_by] = FSB_DISTURBED_BY_STEAL;
					marked++;
				}
			}
			free(rnd);
		}
		med = n >= 3 ? median_of(st, n) : NAN;	/* too few to tell a burst from the round */
		if (isnan(med))
			break;
	}
	free(st);
	return marked;
}

size_t fsb_rounds_mark_steal(struct fsb_result *res, long round, double limit)
{
	size_t marked = 0;

	for (size_t j = 0; j < fsb_result_grid(res)->nph; j++)
		marked += mark_phase(res, j, round, limit);
	return marked;
}

/* One filesystem's first repetition in a round: the others' CPU beyond the
 * idle CPUs (seconds), its wall and dead time, over every phase with the
 * figures (a run made again later is not its repetition). */
struct rep_load {
	double excess, wall, dead;
	bool known;
};

static struct rep_load rep_load(const struct fsb_fs_result *fs, long round)
{
	struct rep_load l = { 0 };

	for (size_t j = 0; j < fs->nphases; j++) {
		const struct fsb_phase_result *ph = fs->phases[j];
		long *rnd = ph->nruns ? fsb_xcalloc(ph->nruns, sizeof(*rnd)) : NULL;

		if (rnd)
			fsb_rounds_numbers(ph, rnd);
		for (size_t k = 0; rnd && k < ph->nruns; k++) {
			const double *v = ph->runs[k].v;

			if (rnd[k] != round || ph->runs[k].status != FSB_RUN_OK || !isnan(v[FSB_FIELD_replaces]))
				continue;
			if (!isnan(v[FSB_FIELD_others_cpu]) && !isnan(v[FSB_FIELD_idle_cpu]) && !isnan(v[FSB_FIELD_real])) {
				l.excess += fmax(0, v[FSB_FIELD_others_cpu] - v[FSB_FIELD_idle_cpu]) * v[FSB_FIELD_real];
				l.wall += v[FSB_FIELD_real];
				l.dead += isnan(v[FSB_FIELD_user]) ? v[FSB_FIELD_real] : v[FSB_FIELD_real] - v[FSB_FIELD_user];
				l.known = true;
			}
			break;	/* the first run of the round is the repetition's */
		}
		free(rnd);
	}
	return l;
}

/* Clear the marks of fs's runs in round that only others' CPU made (and
 * waits for a CPU while they ran): the round's background, not theirs. */
static size_t keep_runs(struct fsb_fs_result *fs, long round)
{
	const unsigned cpu = FSB_DISTURBED_BY_CPU | FSB_DISTURBED_BY_PSI;
	size_t kept = 0;

	for (size_t j = 0; j < fs->nphases; j++) {
		struct fsb_phase_result *ph = fs->phases[j];
		long *rnd = ph->nruns ? fsb_xcalloc(ph->nruns, sizeof(*rnd)) : NULL;

		if (rnd)
			fsb_rounds_numbers(ph, rnd);
		for (size_t k = 0; rnd && k < ph->nruns; k++) {
			struct fsb_run *r = &ph->runs[k];
			double by = r->v[FSB_FIELD_disturbed_by];

			if (rnd[k] != round || !r->disturbed || isnan(by) || !((unsigned)by & cpu) || ((unsigned)by & ~cpu))
				continue;
			free(r->disturbed);
			r->disturbed = NULL;
			r->v[FSB_FIELD_disturbed_by] = FSB_DISTURBED_KEPT;
			kept++;
		}
		free(rnd);
	}
	return kept;
}

size_t fsb_rounds_keep_background(struct fsb_result *res, long round, double limit)
{
	struct rep_load *l = fsb_xcalloc(res->nfs + 1, sizeof(*l));
	double *share = fsb_xcalloc(res->nfs + 1, sizeof(*share)), bg;
	size_t n = 0, kept = 0;

	for (size_t i = 0; i < res->nfs; i++) {
		l[i] = rep_load(res->fs[i], round);
		if (l[i].known && l[i].wall > 0)
			share[n++] = l[i].excess / l[i].wall;
	}
	/* a background is what most of the round's repetitions saw: three at
	 * least, or one burst could pass for it */
	bg = n >= 3 ? median_of(share, n) : NAN;
	if (!(bg >= FSB_BACKGROUND_MIN))
		goto out;
	for (size_t i = 0; i < res->nfs; i++) {
		double beyond = l[i].excess - bg * l[i].wall;

		if (l[i].known && (beyond <= FSB_TICK_NOISE_S || beyond <= limit * l[i].dead))
			kept += keep_runs(res->fs[i], round);
	}
out:
	free(share);
	free(l);
	return kept;
}
