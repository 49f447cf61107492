/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the aging factors (src/model/agefactor.c) and the Aging
 * section built from them (src/doc/report_aging.c, document.c), on
 * tests/fixtures/aging-3fs.fsbench (tests/helpers/mkaging_fixture.py: ext4,
 * xfs, btrfs, three repetitions, one disturbed run, btrfs without free-space
 * figures) read by the real reader, and on results made here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lines.h"
#include "shipped_config.h"

#include "doc/document.h"
#include "doc/report.h"
#include "model/agefactor.h"
#include "model/recommend.h"
#include "model/cells.h"
#include "model/stats.h"
#include "model/verdict.h"
#include "sys/util.h"

static struct fsb_result *load(const char *name)
{
	char *path = fsb_xasprintf("%s/%s%s", FSB_ABS_SRCDIR, strchr(name, '/') ? "" : "tests/fixtures/", name);
	struct fsb_err err = { 0 };
	struct fsb_result *res = NULL;

	if (fsb_result_read(path, &res, &err))
		fail_msg("%s: %s", path, err.msg);
	free(path);
	return res;
}

/* The dead times of a phase's runs that are not disturbed, computed here. */
static size_t kept_dead(const struct fsb_result *res, const char *fs, const char *phase, double *out)
{
	const struct fsb_phase_result *ph = fsb_fs_find_phase(fsb_result_find_fs(res, fs), phase);
	size_t n = 0;

	assert_non_null(ph);
	for (size_t k = 0; k < ph->nruns; k++)
		if (!ph->runs[k].disturbed)
			out[n++] = ph->runs[k].v[FSB_FIELD_real] - ph->runs[k].v[FSB_FIELD_user];
	return n;
}

static double mean(const double *v, size_t n)
{
	double s = 0;

	for (size_t i = 0; i < n; i++)
		s += v[i];
	return s / (double)n;
}

static const struct fsb_age_fs *of(const struct fsb_age *a, const char *name)
{
	for (size_t i = 0; i < a->nfs; i++)
		if (!strcmp(a->fs[i].fs->name, name))
			return &a->fs[i];
	fail_msg("no %s", name);
	return NULL;
}

/* The factor is the ratio of the kept means, its interval Fieller's of those
 * very runs, the disturbed run set aside. */
static void test_factors(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	struct fsb_age a;
	const char *names[] = { "ext4", "xfs", "btrfs" };

	(void)state;
	assert_true(fsb_age_present(res));
	assert_int_equal(fsb_age_compute(res, NULL, &a), 0);
	assert_int_equal(a.nfs, 3);
	assert_int_equal(a.metric, FSB_METRIC_DEAD);
	for (size_t i = 0; i < 3; i++)
		for (int k = 0; k < FSB_AGE_READS; k++) {
			double ag[8], fr[8];
			size_t na = kept_dead(res, names[i], fsb_age_read_phase(k, true), ag);
			size_t nf = kept_dead(res, names[i], fsb_age_read_phase(k, false), fr);
			const struct fsb_age_factor *f = &of(&a, names[i])->f[k];
			struct fsb_compare cmp;

			assert_int_equal(f->naged, na);
			assert_int_equal(f->nfresh, nf);
			assert_float_equal(f->factor, mean(ag, na) / mean(fr, nf), 1e-12);
			assert_int_equal(fsb_stats_compare(ag, na, fr, nf, 0.05, false, &cmp), 0);
			assert_float_equal(f->lo, cmp.ratio_lo, 1e-12);
			assert_float_equal(f->hi, cmp.ratio_hi, 1e-12);
			assert_true(f->tested);
			assert_true(f->lo < f->factor && f->factor < f->hi);
		}
	/* xfs's aged grep: three runs, one disturbed, two kept */
	assert_int_equal(of(&a, "xfs")->f[FSB_AGE_GREP].naged, 2);
	/* btrfs ages most, ext4's stat walk not measurably */
	assert_true(of(&a, "btrfs")->f[FSB_AGE_GREP].factor > 2.2);
	assert_true(fsb_age_measurable(&of(&a, "btrfs")->f[FSB_AGE_GREP]));
	assert_true(fsb_age_measurable(&of(&a, "xfs")->f[FSB_AGE_GREP]));
	assert_true(fsb_age_measurable(&of(&a, "ext4")->f[FSB_AGE_GREP]));
	assert_false(fsb_age_measurable(&of(&a, "ext4")->f[FSB_AGE_STAT]));
	assert_true(of(&a, "ext4")->f[FSB_AGE_STAT].lo < 1 && of(&a, "ext4")->f[FSB_AGE_STAT].hi > 1);
	fsb_age_free(&a);
	fsb_result_free(res);
}

/* Ranks among the filesystems, fresh and aged: btrfs fastest fresh, slowest aged. */
static void test_ranks(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	struct fsb_age a;

	(void)state;
	assert_int_equal(fsb_age_compute(res, NULL, &a), 0);
	assert_int_equal(a.nranked[FSB_AGE_GREP][0], 3);
	assert_int_equal(a.nranked[FSB_AGE_GREP][1], 3);
	assert_int_equal(of(&a, "btrfs")->f[FSB_AGE_GREP].rank_fresh, 1);
	assert_int_equal(of(&a, "btrfs")->f[FSB_AGE_GREP].rank_aged, 3);
	assert_int_equal(of(&a, "xfs")->f[FSB_AGE_GREP].rank_fresh, 2);
	assert_int_equal(of(&a, "ext4")->f[FSB_AGE_GREP].rank_fresh, 3);
	assert_int_equal(of(&a, "ext4")->f[FSB_AGE_GREP].rank_aged, 1);
	fsb_age_free(&a);
	fsb_result_free(res);
}

/* Layout means; what btrfs does not report stays NAN, never 0. */
static void test_layout(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	const struct fsb_phase_result *ph;
	struct fsb_age a;
	double s = 0;

	(void)state;
	assert_int_equal(fsb_age_compute(res, NULL, &a), 0);
	ph = fsb_fs_find_phase(fsb_result_find_fs(res, "ext4"), "aged-stat");
	for (size_t k = 0; k < ph->nruns; k++)
		s += ph->runs[k].v[FSB_FIELD_extents_per_file];
	assert_float_equal(of(&a, "ext4")->aged.extents_per_file, s / (double)ph->nruns, 1e-12);
	assert_true(of(&a, "ext4")->aged.extents_per_file > of(&a, "ext4")->fresh.extents_per_file);
	assert_float_equal(of(&a, "ext4")->aged.free_extents, 1843, 1e-9);
	assert_float_equal(of(&a, "ext4")->aged.files, 2400, 1e-9);
	assert_true(isnan(of(&a, "btrfs")->aged.free_extents));
	assert_true(isnan(of(&a, "btrfs")->fresh.free_extent_mean_kib));
	assert_true(isnan(of(&a, "btrfs")->aged.free_big_share));
	assert_false(isnan(of(&a, "btrfs")->aged.extents_per_file));
	assert_float_equal(of(&a, "xfs")->fullness, 0.797, 1e-9);
	assert_int_equal(of(&a, "xfs")->age_runs, 3);
	fsb_age_free(&a);
	fsb_result_free(res);
}

/* The aging phases count in no total, verdict or built-in list. */
static void test_not_in_totals(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	struct fsb_strv bi = { 0 }, cmd = { 0 };
	struct fsb_verdict v;

	(void)state;
	fsb_cell_phases(res, true, &bi);
	fsb_cell_phases(res, false, &cmd);
	assert_int_equal(bi.n, 0);
	assert_int_equal(cmd.n, 1);
	assert_string_equal(cmd.v[0], "tar");
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_cellstats t, tar;

		fsb_cell_stats(res, i, fsb_grid_phase(fsb_result_grid(res), "total"), FSB_METRIC_DEAD, &t);
		fsb_cell_stats(res, i, fsb_grid_phase(fsb_result_grid(res), "tar"), FSB_METRIC_DEAD, &tar);
		assert_float_equal(t.st.mean, tar.st.mean, 1e-12);
		fsb_cell_stats_free(&t);
		fsb_cell_stats_free(&tar);
	}
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.nrows, 3);
	for (size_t i = 0; i < v.nrows; i++) {
		struct fsb_cellstats tar;

		fsb_cell_stats(res, v.rows[i].index, fsb_grid_phase(fsb_result_grid(res), "tar"), FSB_METRIC_DEAD, &tar);
		assert_float_equal(v.rows[i].total, tar.st.mean, 1e-12);
		fsb_cell_stats_free(&tar);
	}
	/* the disturbed aged grep is the only one: the verdict does not count it */
	assert_int_equal(v.ndisturbed, 0);
	fsb_verdict_free(&v);
	fsb_strv_free(&bi);
	fsb_strv_free(&cmd);
	fsb_result_free(res);
}

static size_t count_role(const struct fsb_doc *d, enum fsb_block_role r)
{
	size_t n = 0;

	for (size_t i = 0; i < d->n; i++)
		n += d->v[i].role == r;
	return n;
}

static const char *words_of(const struct fsb_doc *d, const char *fs)
{
	size_t len = strlen(fs);

	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].role == FSB_ROLE_AGING_WORDS && !strncmp(d->v[i].text, fs, len) && d->v[i].text[len] == ':')
			return d->v[i].text;
	fail_msg("no sentence for %s", fs);
	return NULL;
}

static bool has_heading(const struct fsb_doc *d, const char *text)
{
	for (size_t i = 0; i < d->n; i++)
		if (d->v[i].kind == FSB_BLOCK_HEADING && !strcmp(d->v[i].text, text))
			return true;
	return false;
}

/* The section: factors, a chart per read, the layout, a sentence each. */
static void test_document(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	const struct fsb_block *b;
	struct fsb_doc d;

	(void)state;
	fsb_doc_result(res, &o, &d);
	assert_true(has_heading(&d, "Aging"));
	assert_false(has_heading(&d, "Built-in I/O phases"));
	assert_int_equal(count_role(&d, FSB_ROLE_AGING), 2);   /* the reads, the desktop phases */
	assert_int_equal(count_role(&d, FSB_ROLE_AGING_CHART), 5);
	assert_int_equal(count_role(&d, FSB_ROLE_AGING_LAYOUT), 1);
	assert_int_equal(count_role(&d, FSB_ROLE_AGING_WORDS), 3);
	b = fsb_doc_find(&d, FSB_ROLE_AGING);
	assert_int_equal(b->table.nrows, 5);
	/* btrfs's row: its grep factor cell is the factor, significant */
	for (size_t r = b->table.header_rows; r < b->table.nrows; r++)
		if (!strcmp(fsb_table_cell(&b->table, r, 0)->text, "btrfs")) {
			const struct fsb_cell *c = fsb_table_cell(&b->table, r, 3);

			assert_true(c->value > 2.2);
			assert_true(c->flags & FSB_CELL_SIGNIFICANT);
			assert_non_null(strchr(c->text, '*'));
			assert_non_null(strchr(fsb_table_cell(&b->table, r, 4)->text, '['));
		}
	assert_non_null(strstr(words_of(&d, "btrfs"), "reading the tree took 2."));
	assert_non_null(strstr(words_of(&d, "btrfs"), "× as long after aging"));
	assert_non_null(strstr(words_of(&d, "btrfs"), "fresh it was the fastest, aged the slowest"));
	assert_non_null(strstr(words_of(&d, "ext4"), "walking it (stat): no measurable aging"));
	assert_non_null(strstr(words_of(&d, "ext4"), "fresh it was the slowest, aged the fastest"));
	assert_non_null(strstr(words_of(&d, "xfs"), "extents each on average aged"));
	/* the desktop phases aged against fresh: the second table, btrfs's cp
	 * the most aged (about 2×), ext4's rm not measurably; a clause each */
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].role == FSB_ROLE_AGING && !strcmp(d.v[i].table.id, "aging-desktop")) {
			const struct fsb_table *t = &d.v[i].table;

			assert_int_equal(t->ncols, 7);
			assert_string_equal(fsb_table_cell(t, 0, 3)->text, "cp -a of the tree");
			for (size_t r = t->header_rows; r < t->nrows; r++) {
				const char *fs = fsb_table_cell(t, r, 0)->text;

				if (!strcmp(fs, "btrfs")) {
					assert_true(fsb_table_cell(t, r, 3)->value > 1.9);
					assert_true(fsb_table_cell(t, r, 3)->flags & FSB_CELL_SIGNIFICANT);
				} else if (!strcmp(fs, "ext4")) {
					assert_false(fsb_table_cell(t, r, 5)->flags & FSB_CELL_SIGNIFICANT);
				}
			}
		}
	assert_non_null(strstr(words_of(&d, "btrfs"), "; copying the tree took 1.99× as long after aging"));
	assert_non_null(strstr(words_of(&d, "btrfs"), "; building from the ccache took 1.3"));
	assert_non_null(strstr(words_of(&d, "ext4"), "; deleting the copy: no measurable aging"));
	/* the summary has tar and total only */
	b = fsb_doc_find(&d, FSB_ROLE_SUMMARY);
	assert_int_equal(b->table.ncols, 3);
	/* no raw table without raw; with raw, every aging run in one */
	assert_int_equal(count_role(&d, FSB_ROLE_RAW), 0);
	fsb_doc_free(&d);
	o.raw = true;
	fsb_doc_result(res, &o, &d);
	for (size_t i = 0; i < d.n; i++)
		if (d.v[i].role == FSB_ROLE_RAW && d.v[i].phase && !strcmp(d.v[i].phase, "aging"))
			assert_int_equal(d.v[i].table.nrows, 1 + 3 * 12 * 3);
	fsb_doc_free(&d);
	fsb_result_free(res);
}

/* A result without aging phases has no section, and nothing changes. */
static void test_no_aging(void **state)
{
	struct fsb_result *res = load("bonnie-tiny.fsbench");
	struct fsb_doc_opts o = { .report = { .metric = FSB_METRIC_DEAD } };
	struct fsb_age a;
	struct fsb_doc d;

	(void)state;
	assert_false(fsb_age_present(res));
	assert_int_equal(fsb_age_compute(res, NULL, &a), -ENOENT);
	assert_int_equal(a.nfs, 0);
	fsb_age_free(&a);
	fsb_doc_result(res, &o, &d);
	assert_false(has_heading(&d, "Aging"));
	assert_int_equal(count_role(&d, FSB_ROLE_AGING) + count_role(&d, FSB_ROLE_AGING_CHART) +
			 count_role(&d, FSB_ROLE_AGING_LAYOUT) + count_role(&d, FSB_ROLE_AGING_WORDS), 0);
	assert_true(has_heading(&d, "Built-in I/O phases"));
	fsb_doc_free(&d);
	fsb_result_free(res);
}

/* A result made here: fs "a" with runs of the given dead times. */
static void add_runs(struct fsb_fs_result *fs, const char *phase, const double *dead, size_t n)
{
	struct fsb_phase_result *ph = fsb_fs_add_phase(fs, phase);

	ph->kind = FSB_PHASE_BUILTIN;
	for (size_t k = 0; k < n; k++) {
		struct fsb_run r;

		fsb_run_init(&r);
		r.v[FSB_FIELD_real] = dead[k] + 0.1;
		r.v[FSB_FIELD_user] = 0.1;
		fsb_phase_add_run(ph, &r);
		fsb_run_clear(&r);
	}
}

/* One run a side: a factor, untested, and worded so; a read missing on one
 * side: NAN, "not measured"; two filesystems rank; one never does. */
static void test_one_run_and_missing(void **state)
{
	struct fsb_result *res = fsb_result_new();
	struct fsb_fs_result *fs = fsb_result_add_fs(res, "a");
	struct fsb_strv words = { 0 };
	struct fsb_age a;
	const double two[] = { 2.0 }, one[] = { 1.0 };

	(void)state;
	add_runs(fs, "aged-grep", two, 1);
	add_runs(fs, "fresh-grep", one, 1);
	add_runs(fs, "aged-stat", one, 1);   /* no fresh-stat */
	assert_int_equal(fsb_age_compute(res, NULL, &a), 0);
	assert_float_equal(a.fs[0].f[FSB_AGE_GREP].factor, 2.0, 1e-12);
	assert_false(a.fs[0].f[FSB_AGE_GREP].tested);
	assert_true(isnan(a.fs[0].f[FSB_AGE_GREP].lo));
	assert_true(isnan(a.fs[0].f[FSB_AGE_STAT].factor));
	assert_true(isnan(a.fs[0].aged.extents_per_file));
	assert_int_equal(a.fs[0].f[FSB_AGE_GREP].rank_fresh, 1);
	fsb_report_aging_words(&a, &words);
	assert_int_equal(words.n, 1);
	assert_non_null(strstr(words.v[0], "took 2.00× as long after aging (one run each: untested)"));
	assert_non_null(strstr(words.v[0], "walking it (stat): not measured both aged and fresh"));
	assert_null(strstr(words.v[0], "fastest"));   /* one filesystem: no rank said */
	/* no desktop phase ran aged or fresh: no desktop table, chart or clause */
	assert_false(a.present[FSB_AGE_MAKE2] || a.present[FSB_AGE_CP] || a.present[FSB_AGE_RM]);
	assert_null(strstr(words.v[0], "copying"));
	{
		struct fsb_table t;
		struct fsb_chart c;

		assert_int_equal(fsb_report_aging_desktop(&a, NULL, &t), -ENOENT);
		assert_int_equal(fsb_report_aging_chart(&a, FSB_AGE_CP, &c), -ENOENT);
		assert_int_equal(fsb_report_aging(&a, NULL, &t), 0);
		fsb_table_free(&t);
	}
	fsb_strv_free(&words);
	fsb_age_free(&a);
	fsb_result_free(res);
}

static void recommend(const struct fsb_result *res, struct fsb_recommendation *r, struct fsb_strv *lines)
{
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_rec_opts ro = { .cfg = cfg };

	fsb_recommend(res, &o, &ro, r);
	fsb_report_recommendation(res, &o, &ro, r, lines);
}

/* The criterion of the aging factor in r: NULL when r has none. */
static const struct fsb_rec_crit *aging_crit(const struct fsb_recommendation *r)
{
	for (size_t k = 0; k < r->ncrit; k++)
		if (r->crit[k].id == FSB_CRIT_AGING)
			return &r->crit[k];
	return NULL;
}

/* With aging figures the recommendation says them, and weighs them as a
 * criterion (never in the use's total): with a clear lead they change
 * nothing. */
static void test_recommend_says(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	struct fsb_strv lines = { 0 };
	struct fsb_recommendation r;

	(void)state;
	recommend(res, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_PICK);
	assert_true(r.aged);
	assert_string_equal(r.rows[r.pick].fs->name, "ext4");
	assert_true(has_line(&lines, "After aging, btrfs read the tree 2."));
	assert_true(has_line(&lines, "× slower than fresh; xfs 1."));
	assert_true(has_line(&lines, "Taken into account as one of the criteria below, not in the use's total"));
	assert_non_null(aging_crit(&r));
	assert_true(r.values.measured[FSB_CRIT_AGING]);
	assert_string_equal(fsb_criteria_at(&r.values, FSB_CRIT_AGING, r.rows[r.pick].index)->text, "1.12×");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* Equally fast at the use's phases: all three are named, and btrfs's
 * aging — its read significantly slower after aging than ext4's — is
 * among the trade-offs that separate them (it used to break the tie into
 * one name: what the recommendation no longer does). */
static void test_recommend_tie(void **state)
{
	struct fsb_result *res = load("aging-3fs.fsbench");
	const struct fsb_phase_result *tar = fsb_fs_find_phase(fsb_result_find_fs(res, "ext4"), "tar");
	const struct fsb_rec_crit *c;
	struct fsb_strv lines = { 0 };
	struct fsb_recommendation r;
	size_t ext4 = 0, btrfs = 0;

	(void)state;
	for (size_t i = 0; i < res->nfs; i++) {
		struct fsb_phase_result *ph = fsb_fs_find_phase(res->fs[i], "tar");

		for (size_t k = 0; k < ph->nruns; k++)
			for (int f = 0; f < FSB_FIELD_COUNT; f++)
				if (f != FSB_FIELD_seq && f != FSB_FIELD_started_at)
					ph->runs[k].v[f] = tar->runs[k].v[f];
	}
	recommend(res, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_CHOOSE);
	assert_int_equal(r.named.n, 3);
	c = aging_crit(&r);
	assert_non_null(c);
	assert_true(c->differs);
	for (size_t i = 0; i < r.nrows; i++) {
		if (!strcmp(r.rows[i].fs->name, "ext4"))
			ext4 = r.rows[i].index;
		if (!strcmp(r.rows[i].fs->name, "btrfs"))
			btrfs = r.rows[i].index;
	}
	assert_int_equal(fsb_criterion_compare(FSB_CRIT_AGING, fsb_criteria_at(&r.values, FSB_CRIT_AGING, btrfs),
					       fsb_criteria_at(&r.values, FSB_CRIT_AGING, ext4)), -1);
	assert_true(has_line(&lines, "reading the tree after aging ("));
	assert_false(has_line(&lines, "Put "));
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* Without aging figures the recommendation says nothing new. */
static void test_recommend_no_aging(void **state)
{
	struct fsb_result *res = load("data/samples/repeat3-tiny.fsbench");
	struct fsb_strv lines = { 0 };
	struct fsb_recommendation r;

	(void)state;
	recommend(res, &r, &lines);
	assert_false(r.aged);
	assert_null(aging_crit(&r));
	assert_false(has_line(&lines, "aging"));
	for (size_t i = 0; i < r.nrows; i++)
		assert_true(isnan(r.rows[i].age.factor));
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

static void test_names(void **state)
{
	(void)state;
	assert_true(fsb_agefactor_is_aging("age"));
	assert_true(fsb_agefactor_is_aging("refresh"));
	assert_true(fsb_agefactor_is_aging("fresh-stat"));
	assert_false(fsb_agefactor_is_aging("tar"));
	assert_false(fsb_agefactor_is_aging(NULL));
	assert_string_equal(fsb_age_read_phase(FSB_AGE_STAT, true), "aged-stat");
	assert_string_equal(fsb_age_read_phase(FSB_AGE_GREP, false), "fresh-grep");
	assert_string_equal(fsb_age_read_name(FSB_AGE_GREP), "grep");
}

/* Aged: a run of any aging phase, not a planned one, nor a run of another
 * phase; "age" alone, without any read, is enough. */
static void test_aged(void **state)
{
	struct fsb_result *res = fsb_result_new(), *shipped = load("aging-3fs.fsbench");
	struct fsb_fs_result *fs = fsb_result_add_fs(res, "a");
	const double one[] = { 1.0 };

	(void)state;
	assert_false(fsb_agefactor_aged(res));
	add_runs(fs, "tar", one, 1);
	add_runs(fs, "aged-grep", NULL, 0);      /* planned, never ran */
	fsb_strv_add(&res->phase_order, "refresh");
	assert_false(fsb_agefactor_aged(res));
	add_runs(fsb_result_add_fs(res, "b"), "age", one, 1);
	assert_true(fsb_agefactor_aged(res));
	assert_false(fsb_age_present(res));      /* no read: aged, but no Aging section */
	assert_true(fsb_agefactor_aged(shipped));
	fsb_result_free(res);
	fsb_result_free(shipped);
	res = load("bonnie-tiny.fsbench");
	assert_false(fsb_agefactor_aged(res));
	fsb_result_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_factors),
		cmocka_unit_test(test_ranks),
		cmocka_unit_test(test_layout),
		cmocka_unit_test(test_not_in_totals),
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_no_aging),
		cmocka_unit_test(test_one_run_and_missing),
		cmocka_unit_test(test_aged),
		cmocka_unit_test(test_recommend_says),
		cmocka_unit_test(test_recommend_tie),
		cmocka_unit_test(test_recommend_no_aging),
	};

	return cmocka_run_group_tests(tests, shipped_setup, shipped_teardown);
}
