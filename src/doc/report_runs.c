/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_runs.c — how a result was measured and how its runs went
 * (report.h): the host, target and versions lines; the runs in the order
 * they ran (a table), the ones set aside, all disturbed or run again in
 * place of another; the noise floor of a phase.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "doc/report_int.h"
#include "model/kinds.h"

/* ---- how it was measured ------------------------------------------------------- */

char *fsb_report_host_line(const struct fsb_host *h)
{
	struct fsb_buf b = { 0 };
	const char *parts[] = { h->hostname, h->kernel, h->cpu };

	fsb_buf_add(&b, "");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(parts); i++)
		if (parts[i])
			fsb_buf_addf(&b, "%s%s", b.len ? ", " : "", parts[i]);
	if (h->cores > 0)
		fsb_buf_addf(&b, "%s%ld cores", b.len ? ", " : "", h->cores);
	if (h->ram_mib > 0)
		fsb_buf_addf(&b, "%s%ld MiB RAM", b.len ? ", " : "", h->ram_mib);
	if (h->distro)
		fsb_buf_addf(&b, "%s%s", b.len ? ", " : "", h->distro);
	return fsb_buf_steal(&b);
}

char *fsb_report_target_line(const struct fsb_target_info *t)
{
	struct fsb_buf b = { 0 };

	fsb_buf_add(&b, "");
	if (t->kind == FSB_TARGET_KIND_NONE)
		return fsb_buf_steal(&b);
	fsb_buf_addf(&b, "%s %s", fsb_target_kind_word(t->kind), t->path ? t->path : "");
	if (t->size_mib > 0)
		fsb_buf_addf(&b, " (%lld MiB)", t->size_mib);
	if (t->device)
		fsb_buf_addf(&b, " on %s", t->device);
	if (t->model)
		fsb_buf_addf(&b, ", %s", t->model);
	if (t->fstype)
		fsb_buf_addf(&b, ", %s", t->fstype);
	return fsb_buf_steal(&b);
}

void fsb_report_versions(const struct fsb_result *res, struct fsb_strv *out)
{
	/* fsbench import: the tool that measured it comes first */
	if (res->source_tool)
		fsb_strv_addf(out, "%s %s (imported)", res->source_tool,
			      res->source_version ? res->source_version : "");
	for (size_t i = 0; i < res->nfs; i++) {
		const char *v = res->fs[i]->mkfs_version;

		if (v && !fsb_strv_contains(out, v))
			fsb_strv_add(out, v);
	}
	for (size_t i = 0; i < res->host.versions.n; i++)
		if (!fsb_strv_contains(out, res->host.versions.v[i]))
			fsb_strv_add(out, res->host.versions.v[i]);
}

/* ---- runs in the order they ran; the runs set aside ---------------------------- */

struct seqrun {
	const struct fsb_fs_result *fs;
	const struct fsb_phase_result *ph;
	size_t rep;              /* 1-based */
	double seq;
};

static int by_seq(const void *a, const void *b)
{
	const struct seqrun *x = a, *y = b;

	return cmp_nan_last(x->seq, y->seq);
}

/* Every run of res, sorted by seq (runs without one last, as stored);
 * returns how many, *with_seq how many have a seq.  Caller frees. */
static struct seqrun *runs_by_seq(const struct fsb_result *res, size_t *n, size_t *with_seq)
{
	struct seqrun *v = NULL;
	size_t cap = 0;

	*n = *with_seq = 0;
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++) {
				if (*n == cap) {
					cap = cap ? 2 * cap : 16;
					v = fsb_xrealloc(v, cap * sizeof(*v));
				}
				v[*n] = (struct seqrun){ res->fs[i], ph, k + 1, ph->runs[k].v[FSB_FIELD_seq] };
				*with_seq += !isnan(v[*n].seq);
				(*n)++;
			}
		}
	if (*n)
		qsort(v, *n, sizeof(*v), by_seq);
	return v;
}

/* Was every successful run of ph disturbed (so none is set aside)? */
static bool all_disturbed(const struct fsb_phase_result *ph)
{
	size_t ok = 0;

	for (size_t k = 0; k < ph->nruns; k++) {
		if (ph->runs[k].status != FSB_RUN_OK)
			continue;
		if (!ph->runs[k].disturbed)
			return false;
		ok++;
	}
	return ok > 0;
}

size_t fsb_report_unreliable(const struct fsb_result *res, struct fsb_strv *out)
{
	size_t count = 0;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			if (!all_disturbed(ph))
				continue;
			for (size_t k = 0; k < ph->nruns; k++)
				if (ph->runs[k].status == FSB_RUN_OK) {
					fsb_strv_addf(out, "%s/%s (%s)", res->fs[i]->name, ph->name, ph->runs[k].disturbed);
					break;
				}
			count++;
		}
	return count;
}

size_t fsb_report_set_aside(const struct fsb_result *res, struct fsb_strv *out)
{
	size_t n, with_seq, count = 0;
	struct seqrun *v = runs_by_seq(res, &n, &with_seq);

	for (size_t i = 0; i < n; i++) {
		const struct fsb_run *r = &v[i].ph->runs[v[i].rep - 1];

		if (!r->disturbed || r->status != FSB_RUN_OK || all_disturbed(v[i].ph))
			continue;
		fsb_strv_addf(out, "%s/%s rep %zu (%s)", v[i].fs->name, v[i].ph->name, v[i].rep, r->disturbed);
		count++;
	}
	free(v);
	return count;
}

size_t fsb_report_replaced(const struct fsb_result *res, struct fsb_strv *out)
{
	size_t count = 0;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; k < ph->nruns; k++) {
				double seq = ph->runs[k].v[FSB_FIELD_replaces];
				size_t o = 0;

				if (isnan(seq))
					continue;
				while (o < ph->nruns && ph->runs[o].v[FSB_FIELD_seq] != seq)
					o++;
				if (o == ph->nruns)
					fsb_strv_addf(out, "%s/%s rep %zu (in place of run #%.0f)", res->fs[i]->name,
						      ph->name, k + 1, seq);
				else
					fsb_strv_addf(out, "%s/%s rep %zu in place of rep %zu (%s)", res->fs[i]->name,
						      ph->name, k + 1, o + 1,
						      ph->runs[o].disturbed ? ph->runs[o].disturbed : "disturbed");
				count++;
			}
		}
	return count;
}

int fsb_report_order(const struct fsb_result *res, struct fsb_table *t)
{
	static const char *const heads[] = { "#", "started", "Filesystem", "phase", "rep", "real",
					     "others' CPU", "disturbed" };
	size_t n, with_seq;
	struct seqrun *v = runs_by_seq(res, &n, &with_seq);

	if (!with_seq) {
		free(v);
		return -ENOENT;
	}
	fsb_table_init(t, "order", with_seq + 1, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("Runs in the order they ran");
	t->caption = fsb_xstrdup("started: UTC; others' CPU: what other programs used meanwhile, in % of one "
				 "CPU (the hungriest named); a disturbed run is left out of means, intervals and tests");
	fsb_report_heads(t, heads, NUMBER_COL(0) | NUMBER_COL(4) | NUMBER_COL(5) | NUMBER_COL(6));
	for (size_t i = 0; i < with_seq; i++) {
		const struct fsb_run *r = &v[i].ph->runs[v[i].rep - 1];
		double at = r->v[FSB_FIELD_started_at], oc = r->v[FSB_FIELD_others_cpu];
		unsigned dist = r->disturbed ? FSB_CELL_OUTLIER : 0;
		char when[32] = "—";

		if (!isnan(at)) {
			time_t tt = (time_t)at;
			struct tm tm;

			if (gmtime_r(&tt, &tm))
				strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
		}
		fsb_table_set(t, i + 1, 0, FSB_CELL_NUMBER, r->v[FSB_FIELD_seq], "%.0f", r->v[FSB_FIELD_seq]);
		fsb_table_set(t, i + 1, 1, 0, at, "%s", when);
		fsb_table_set(t, i + 1, 2, FSB_CELL_NAME, NAN, "%s", v[i].fs->name);
		fsb_table_set(t, i + 1, 3, 0, NAN, "%s", v[i].ph->name);
		fsb_table_set(t, i + 1, 4, FSB_CELL_NUMBER, (double)v[i].rep, "%zu", v[i].rep);
		if (r->status != FSB_RUN_OK)
			fsb_table_set(t, i + 1, 5, FSB_CELL_NUMBER | FSB_CELL_FAILED, NAN, "fail");
		else
			fsb_report_set_number(t, i + 1, 5, r->v[FSB_FIELD_real], false, dist, "");
		if (isnan(oc))
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
		else if (r->top && r->v[FSB_FIELD_top_cpu] >= 0.01)
			/* the value in the file's unit (a share), as every "%" cell's (doc/json.md) */
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | dist, oc, "%.0f%% (%s)", oc * 100, r->top);
		else
			fsb_table_set(t, i + 1, 6, FSB_CELL_NUMBER | dist, oc, "%.0f%%", oc * 100);
		fsb_table_set(t, i + 1, 7, dist, NAN, "%s", r->disturbed ? r->disturbed : "");
	}
	free(v);
	fsb_table_done(t);
	return 0;
}

/* ---- the noise floor ------------------------------------------------------------ */

double fsb_report_noise_floor(const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o,
			      double *level, enum fsb_verdict_noise *noise)
{
	size_t bfs = fsb_cell_base(res, o), col = fsb_grid_phase(fsb_result_grid(res), phase);
	enum fsb_metric m = o ? o->metric : FSB_METRIC_DEAD;
	struct fsb_cellstats b;
	struct fsb_judges own, *J;
	const struct fsb_verdict *v;
	double floor = NAN, judged = NAN;

	if (level)
		*level = NAN;
	if (bfs == FSB_GRID_NONE || !fsb_result_repeated(res))
		return NAN;
	J = fsb_report_judges_open(&own, res, o);
	v = fsb_report_judges_get(J, m);
	fsb_cell_stats(res, bfs, col, m, &b);
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_verdict_pair p = { .resolution = NAN };
		struct fsb_cellstats a;
		double f;

		if (i == bfs)
			continue;
		/* the verdict's interval where it can test the pair: one noise model */
		if (v)
			fsb_verdict_compare(v, bfs, i, col == FSB_GRID_TOTAL ? NULL : phase, &p);
		if (!isnan(p.resolution)) {
			if (isnan(judged) || p.resolution > judged)
				judged = p.resolution;
			continue;
		}
		fsb_cell_stats(res, i, col, m, &a);
		f = fsb_cell_pair_floor(&a, &b);
		if (!isnan(f) && (isnan(floor) || f > floor))
			floor = f;
		fsb_cell_stats_free(&a);
	}
	/* the largest over the filesystems, and its level the model that gave
	 * it: a pair the verdict could not test (fewer than two rounds paired
	 * with the baseline's) is still a pair the run could not resolve */
	if (!isnan(judged) && !(floor > judged)) {
		floor = judged;
		if (level)
			*level = 1 - v->alpha;
		if (noise)
			*noise = v->noise;
	}
	fsb_cell_stats_free(&b);
	fsb_report_judges_close(J, &own);
	return floor;
}
