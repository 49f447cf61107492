/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The Aging section's tables, charts and words (report.h), from the
 * judgement of model/agefactor.h: what a reader of any output sees of
 * aged against fresh.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report_int.h"
#include "model/agefactor.h"

/* What each phase is, in the words of the tables and the sentences. */
static const char *const read_title[FSB_AGE_READS] = {
	"grep -r of the tree", "stat walk of the tree", "make2 (full ccache)", "cp -a of the tree", "rm -rf of the copy",
};
static const char *const read_doing[FSB_AGE_READS] = {
	"reading the tree", "walking it (stat)", "building from the ccache", "copying the tree", "deleting the copy",
};

static unsigned factor_flags(const struct fsb_age_factor *f)
{
	return fsb_report_ratio_flags(f->factor, f->significant);
}

/* "2.10*", "1.01", "1.50?" (a side all disturbed) */
static char *factor_text(const struct fsb_age_factor *f)
{
	if (isnan(f->factor))
		return fsb_xstrdup("—");
	return fsb_xasprintf("%s%s", fsb_report_num(f->factor, 2), f->significant ? "*" : f->unreliable ? "?" : "");
}

/* A mean of seconds with its interval: "1.234±0.050", or "1.234" (one run). */
static void set_secs(struct fsb_table *t, size_t r, size_t c, double mean, double ci)
{
	if (isnan(mean))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
	else if (isnan(ci))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, mean, "%s", fsb_report_num(mean, 3));
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, mean, "%s±%s", fsb_report_num(mean, 3), fsb_report_num(ci, 3));
}

/*
 * The factors of the kinds [from, to) that the result holds, a column group
 * each: with secs aged s, fresh s, factor, 95% interval; without, the
 * factor and the interval (the seconds are in --raw).  -ENOENT when the
 * result holds none of them.
 */
static int factors_table(const struct fsb_age *a, const struct fsb_report_opts *o, struct fsb_table *t,
			 const char *id, const char *title, int from, int to, bool secs)
{
	static const char *const heads[] = { "aged s", "fresh s", "factor", "95% interval" };
	const size_t h0 = secs ? 0 : 2, w = 4 - h0;
	int kinds[FSB_AGE_READS];
	size_t nk = 0;

	for (int k = from; k < to; k++)
		if (a->present[k])
			kinds[nk++] = k;
	if (!a->nfs || !nk)
		return -ENOENT;
	fsb_table_init(t, id, a->nfs + 2, 1 + w * nk, 2);
	t->title = fsb_xstrdup(title);
	t->caption = fsb_xasprintf("%s%s; factor = aged / fresh on the same filesystem (> 1 = slower after aging), "
				   "* = significant (p < 0.05, %s), interval: 95%% (Fieller)%s",
				   fsb_report_metric_words(a->metric), secs ? " in seconds, mean±95% CI of the kept runs" : "",
				   o && o->nonparametric ? "Mann-Whitney" : "Welch's t-test",
				   secs ? "" : "; the seconds of every run are in the per-run table of the aging phases");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, " ");
	fsb_table_set(t, 1, 0, FSB_CELL_HEADER, NAN, "Filesystem");
	for (size_t j = 0; j < nk; j++) {
		size_t c = 1 + w * j;

		fsb_table_set(t, 0, c, FSB_CELL_HEADER, NAN, "%s", read_title[kinds[j]]);
		fsb_table_span(t, 0, c, (int)w);
		for (size_t h = h0; h < 4; h++)
			fsb_table_set(t, 1, c + h - h0, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "%s", heads[h]);
	}
	for (size_t i = 0; i < a->nfs; i++) {
		const struct fsb_age_fs *e = &a->fs[i];

		fsb_table_set(t, i + 2, 0, FSB_CELL_NAME, NAN, "%s", e->fs->name);
		for (size_t j = 0; j < nk; j++) {
			const struct fsb_age_factor *f = &e->f[kinds[j]];
			size_t c = 1 + w * j;
			char *ft = factor_text(f);

			if (secs) {
				set_secs(t, i + 2, c, f->aged, f->aged_ci);
				set_secs(t, i + 2, c + 1, f->fresh, f->fresh_ci);
				c += 2;
			}
			fsb_table_set(t, i + 2, c, isnan(f->factor) ? FSB_CELL_NUMBER | FSB_CELL_MISSING : factor_flags(f),
				      f->factor, "%s", ft);
			free(ft);
			if (fsb_age_interval_unmeasurable(f))
				fsb_table_set(t, i + 2, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, FSB_REPORT_UNMEASURABLE);
			else if (isnan(f->lo) || isnan(f->hi))
				fsb_table_set(t, i + 2, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, " ");
			else
				fsb_table_set(t, i + 2, c + 1, FSB_CELL_NUMBER | FSB_CELL_DIM, NAN, "[%s, %s]",
					      fsb_report_num(f->lo, 2), fsb_report_num(f->hi, 2));
			if (f->unreliable)
				fsb_strv_addf(&t->notes, "? %s %s: every run of a side was disturbed: unreliable",
					      e->fs->name, fsb_age_read_name(kinds[j]));
		}
	}
	fsb_table_done(t);
	return 0;
}

int fsb_report_aging(const struct fsb_age *a, const struct fsb_report_opts *o, struct fsb_table *t)
{
	return factors_table(a, o, t, "aging", "Aging factors", 0, FSB_AGE_FIRST_DESKTOP, true);
}

int fsb_report_aging_desktop(const struct fsb_age *a, const struct fsb_report_opts *o, struct fsb_table *t)
{
	return factors_table(a, o, t, "aging-desktop", "Desktop phases, aged against fresh", FSB_AGE_FIRST_DESKTOP,
			     FSB_AGE_READS, false);
}

/* A share as "14%", a count or a size, or "—" (not reported). */
static void set_val(struct fsb_table *t, size_t r, size_t c, double v, int prec, bool pct)
{
	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "—");
	else if (pct)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, v, "%s%%", fsb_report_num(v * 100, prec));
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, v, "%s", fsb_report_num(v, prec));
}

int fsb_report_aging_layout(const struct fsb_age *a, struct fsb_table *t)
{
	static const char *const top[] = { " ", "files", "extents per file", NULL, "in > 1 extent", NULL,
					   "p90 / max", "free extents", NULL, "mean free extent KiB", NULL,
					   "free in ≥ 1 MiB", "full" };
	static const char *const sub[] = { "Filesystem", "", "aged", "fresh", "aged", "fresh", "aged",
					   "aged", "fresh", "aged", "fresh", "aged", "aged" };
	bool missing = false;

	if (!a->nfs)
		return -ENOENT;
	fsb_table_init(t, "aging-layout", a->nfs + 2, FSB_ARRAY_SIZE(top), 2);
	t->title = fsb_xstrdup("Layout after aging and fresh");
	t->caption = fsb_xstrdup("the tree's files by FIEMAP (contiguous extents merged) and the free space, after "
				 "the aged and the fresh stat walk, mean of the runs; full = the filesystem's use "
				 "after aging");
	for (size_t c = 0; c < FSB_ARRAY_SIZE(top); c++) {
		if (top[c])
			fsb_table_set(t, 0, c, FSB_CELL_HEADER | (c ? FSB_CELL_NUMBER : 0), NAN, "%s", top[c]);
		if (top[c] && c + 1 < FSB_ARRAY_SIZE(top) && !top[c + 1])
			fsb_table_span(t, 0, c, 2);
		fsb_table_set(t, 1, c, FSB_CELL_HEADER | (c ? FSB_CELL_NUMBER : 0), NAN, "%s", sub[c]);
	}
	for (size_t i = 0; i < a->nfs; i++) {
		const struct fsb_age_fs *e = &a->fs[i];
		size_t r = i + 2;

		fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", e->fs->name);
		set_val(t, r, 1, e->aged.files, 0, false);
		set_val(t, r, 2, e->aged.extents_per_file, 2, false);
		set_val(t, r, 3, e->fresh.extents_per_file, 2, false);
		set_val(t, r, 4, e->aged.multi_extent_share, 1, true);
		set_val(t, r, 5, e->fresh.multi_extent_share, 1, true);
		if (isnan(e->aged.extents_p90))
			set_val(t, r, 6, NAN, 0, false);
		else
			fsb_table_set(t, r, 6, FSB_CELL_NUMBER, e->aged.extents_p90, "%s / %s",
				      fsb_report_num(e->aged.extents_p90, 0), fsb_report_num(e->aged.extents_max, 0));
		set_val(t, r, 7, e->aged.free_extents, 0, false);
		set_val(t, r, 8, e->fresh.free_extents, 0, false);
		set_val(t, r, 9, e->aged.free_extent_mean_kib, 0, false);
		set_val(t, r, 10, e->fresh.free_extent_mean_kib, 0, false);
		set_val(t, r, 11, e->aged.free_big_share, 0, true);
		set_val(t, r, 12, e->fullness, 0, true);
		missing |= isnan(e->aged.free_extents) || isnan(e->fresh.free_extents) || isnan(e->aged.extents_per_file);
	}
	if (missing)
		fsb_strv_add(&t->notes, "— = not reported: no tool reports that filesystem's free space (btrfs), "
			     "or the run did not record it");
	fsb_table_done(t);
	return 0;
}

int fsb_report_aging_chart(const struct fsb_age *a, int k, struct fsb_chart *c)
{
	memset(c, 0, sizeof(*c));
	if (!a->nfs || k < 0 || k >= FSB_AGE_READS || !a->present[k])
		return -ENOENT;
	c->title = fsb_xasprintf("%s aged, %s — relative to fresh (> 1 = slower)", read_title[k],
				 fsb_report_metric_words(a->metric));
	c->n = a->nfs;
	c->bars = fsb_xcalloc(c->n, sizeof(*c->bars));
	c->max = 1.0;
	for (size_t i = 0; i < a->nfs; i++) {
		const struct fsb_age_factor *f = &a->fs[i].f[k];
		struct fsb_bar *b = &c->bars[i];

		b->label = fsb_xstrdup(a->fs[i].fs->name);
		b->value = f->factor;
		b->lo = f->lo;
		b->hi = f->hi;
		b->flags = isnan(f->factor) ? FSB_CELL_MISSING : factor_flags(f);
		b->text = factor_text(f);
		if (!isnan(f->factor) && f->factor > c->max)
			c->max = f->factor;
		if (!isnan(f->hi) && f->hi > c->max && f->hi < 4 * f->factor)
			c->max = f->hi;
	}
	return 0;
}

/* "the fastest", "the slowest", "2nd of 4" */
static const char *rank_words(int rank, size_t n, char *buf, size_t len)
{
	static const char *const th[] = { "th", "st", "nd", "rd" };

	if (rank == 1)
		return "the fastest";
	if ((size_t)rank == n)
		return "the slowest";
	snprintf(buf, len, "%d%s of %zu", rank, rank % 100 / 10 != 1 && rank % 10 < 4 ? th[rank % 10] : "th", n);
	return buf;
}

/* "fresh it was the fastest, aged the slowest" of read k, or nothing with
 * fewer than two filesystems on either side. */
static void ranks(struct fsb_buf *b, const struct fsb_age *a, const struct fsb_age_factor *f, enum fsb_age_read k)
{
	size_t nf = a->nranked[k][0], na = a->nranked[k][1];
	char bf[32], ba[32];

	if (nf < 2 || na < 2 || !f->rank_fresh || !f->rank_aged)
		return;
	if (f->rank_fresh == f->rank_aged && nf == na)
		fsb_buf_addf(b, "; fresh and aged it was %s", rank_words(f->rank_fresh, nf, bf, sizeof(bf)));
	else
		fsb_buf_addf(b, "; fresh it was %s, aged %s", rank_words(f->rank_fresh, nf, bf, sizeof(bf)),
			     rank_words(f->rank_aged, na, ba, sizeof(ba)));
}

/* One read's clause: how much longer it took, or that it did not. */
static void clause(struct fsb_buf *b, const struct fsb_age_factor *f, enum fsb_age_read k)
{
	const char *what = read_doing[k];
	char iv[96] = "";

	if (!isnan(f->lo) && !isnan(f->hi))
		snprintf(iv, sizeof(iv), "95%% interval %s to %s", fsb_report_num(f->lo, 2), fsb_report_num(f->hi, 2));
	else if (fsb_age_interval_unmeasurable(f))
		snprintf(iv, sizeof(iv), "95%% interval %s", FSB_REPORT_UNMEASURABLE);

	if (isnan(f->factor))
		fsb_buf_addf(b, "%s: not measured both aged and fresh", what);
	else if (f->unreliable)
		fsb_buf_addf(b, "%s took %s× as long after aging, unreliable: every run of a side was disturbed",
			     what, fsb_report_num(f->factor, 2));
	else if (!f->tested)
		fsb_buf_addf(b, "%s took %s× as long after aging (one run each: untested)", what, fsb_report_num(f->factor, 2));
	else if (!fsb_age_measurable(f))
		fsb_buf_addf(b, "%s: no measurable aging (%s×%s%s)", what, fsb_report_num(f->factor, 2), *iv ? ", " : "", iv);
	else
		fsb_buf_addf(b, "%s took %s× as long after aging%s%s%s", what, fsb_report_num(f->factor, 2),
			     *iv ? " (" : "", iv, *iv ? ")" : "");
	if (!isnan(f->factor) && f->factor < 1 && fsb_age_measurable(f))
		fsb_buf_add(b, ", faster than fresh");
}

void fsb_report_aging_words(const struct fsb_age *a, struct fsb_strv *out)
{
	for (size_t i = 0; i < a->nfs; i++) {
		const struct fsb_age_fs *e = &a->fs[i];
		struct fsb_buf b = { 0 };

		fsb_buf_addf(&b, "%s: ", e->fs->name);
		for (int k = 0, n = 0; k < FSB_AGE_READS; k++) {
			if (!a->present[k])
				continue;
			if (n++)
				fsb_buf_add(&b, "; ");
			clause(&b, &e->f[k], k);
			if (k == FSB_AGE_GREP)
				ranks(&b, a, &e->f[k], k);
		}
		if (!isnan(e->aged.extents_per_file) && !isnan(e->fresh.extents_per_file))
			fsb_buf_addf(&b, "; its files were in %s extents each on average aged, %s fresh",
				     fsb_report_num(e->aged.extents_per_file, 2), fsb_report_num(e->fresh.extents_per_file, 2));
		fsb_buf_add(&b, ".");
		fsb_strv_add(out, b.s);
		fsb_buf_free(&b);
	}
}

/* One aging run's row of the --raw table. */
static void run_row(struct fsb_table *t, size_t r, const struct fsb_fs_result *fs, const struct fsb_phase_result *ph,
		    size_t k)
{
	const struct fsb_run *run = &ph->runs[k];
	const double *v = run->v;

	fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", fs->name);
	fsb_table_set(t, r, 1, 0, NAN, "%s", ph->name);
	fsb_table_set(t, r, 2, FSB_CELL_NUMBER, (double)(k + 1), "%zu", k + 1);
	set_val(t, r, 3, v[FSB_FIELD_real], 3, false);
	set_val(t, r, 4, v[FSB_FIELD_real] - v[FSB_FIELD_user], 3, false);
	set_val(t, r, 5, v[FSB_FIELD_ops], 0, false);
	set_val(t, r, 6, v[FSB_FIELD_bytes] / 1048576.0, 1, false);
	set_val(t, r, 7, v[FSB_FIELD_fullness], 1, true);
	set_val(t, r, 8, v[FSB_FIELD_extents_per_file], 2, false);
	set_val(t, r, 9, v[FSB_FIELD_multi_extent_share], 1, true);
	set_val(t, r, 10, v[FSB_FIELD_free_extents], 0, false);
	set_val(t, r, 11, v[FSB_FIELD_free_extent_mean_kib], 0, false);
	fsb_table_set(t, r, 12, run->status != FSB_RUN_OK ? FSB_CELL_FAILED : run->disturbed ? FSB_CELL_DIM : 0, NAN,
		      "%s", run->status != FSB_RUN_OK ? fsb_run_status_name(run->status)
		      : run->disturbed ? "set aside: disturbed" : "");
}

int fsb_report_aging_runs(const struct fsb_result *res, struct fsb_table *t)
{
	static const char *const heads[] = { "Filesystem", "phase", "rep", "real s", "dead s", "ops", "MiB",
					     "full", "extents per file", "in > 1 extent", "free extents",
					     "mean free extent KiB", "" };
	size_t n = 0, r = 1;

	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++)
			if (fsb_agefactor_is_aging(res->fs[i]->phases[j]->name))
				n += res->fs[i]->phases[j]->nruns;
	if (!n)
		return -ENOENT;
	fsb_table_init(t, "raw:aging", n + 1, FSB_ARRAY_SIZE(heads), 1);
	t->title = fsb_xstrdup("aging phases — every repetition");
	t->caption = fsb_xstrdup("each run of the aging group as recorded: seconds, what it did, the filesystem's "
				 "use and the layout read after it (— = not recorded by that phase)");
	fsb_report_heads(t, heads, NUMBERS_FROM(2));
	for (size_t i = 0; i < res->nfs; i++)
		for (size_t j = 0; j < res->fs[i]->nphases; j++) {
			const struct fsb_phase_result *ph = res->fs[i]->phases[j];

			for (size_t k = 0; fsb_agefactor_is_aging(ph->name) && k < ph->nruns; k++)
				run_row(t, r++, res->fs[i], ph, k);
		}
	fsb_table_done(t);
	return 0;
}
