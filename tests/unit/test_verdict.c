/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The verdict's judgement (model/verdict.h) and its words (doc/report.h) on
 * crafted results: a tie, a significant lead, one run, disturbed cells, a
 * machine too busy to rank, and when a run in rounds is settled.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include <cmocka.h>

#include "crafted.h"
#include "doc/report.h"
#include "model/verdict.h"

static const char *first_line(const struct fsb_result *res, struct fsb_strv *v)
{
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };

	fsb_report_verdict(res, &o, v);
	assert_true(v->n >= 1);
	return v->v[0];
}

#define assert_has(text, part) \
	do { if (!strstr((text), (part))) fail_msg("'%s' lacks '%s'", (text), (part)); } while (0)
#define assert_lacks(text, part) \
	do { if (strstr((text), (part))) fail_msg("'%s' has '%s'", (text), (part)); } while (0)

/* Three within 1% of each other, every run tight: a tie, resolved well
 * below 5% — an answer, settled; one significantly slower. */
static void test_tie(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.00, 10.02, 9.98, 10.01 }, 4, 0, NULL },
		{ "ext3", NULL, { 10.05, 10.03, 10.04, 10.06 }, 4, 0, NULL },
		{ "xfs", NULL, { 9.99, 10.03, 10.01, 10.00 }, 4, 0, NULL },
		{ "btrfs", NULL, { 12.00, 12.10, 11.95, 12.05 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 4);
	struct fsb_verdict v;
	struct fsb_strv lines = { 0 };
	const char *l;
	char why[256];

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);
	assert_int_equal(v.ntied, 3);
	assert_string_equal(v.rows[3].fs->name, "btrfs");
	assert_true(v.rows[3].significant);
	assert_true(v.resolution < FSB_VERDICT_TIE_RESOLUTION);
	assert_true(v.settled);
	fsb_verdict_free(&v);
	assert_true(fsb_verdict_settled(res, NULL, 4, why, sizeof(why)));
	assert_has(why, "settled after round 4");
	l = first_line(res, &lines);
	assert_has(l, "No measurable difference overall by dead time (real - usr) between ");
	assert_has(l, "ext2");
	assert_has(l, "ext3");
	assert_has(l, "xfs");
	assert_has(l, "Significantly slower: btrfs 1.2");
	assert_lacks(l, "Fastest");
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* A tie that the runs cannot resolve to 5% is not settled, and says what
 * could not be seen yet. */
static void test_wide_tie_not_settled(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0, 12.0, 9.0 }, 3, 0, NULL },
		{ "xfs", NULL, { 10.5, 9.5, 12.5 }, 3, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 2);
	struct fsb_strv lines = { 0 };
	char why[256];
	const char *l;

	(void)state;
	assert_false(fsb_verdict_settled(res, NULL, 3, why, sizeof(why)));
	assert_has(why, "still within the noise of each other after round 3");
	l = first_line(res, &lines);
	assert_has(l, "No significant difference overall");
	assert_has(l, "cannot be seen yet");
	assert_lacks(l, "Fastest");
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* A significant lead: "fastest", with the lead's interval; settled. */
static void test_lead(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0, 10.1, 9.9, 10.0 }, 4, 0, NULL },
		{ "xfs", NULL, { 8.0, 8.1, 7.9, 8.0 }, 4, 0, NULL },
		{ "ext4", NULL, { 8.8, 8.9, 8.7, 8.8 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 3);
	struct fsb_verdict v;
	struct fsb_strv lines = { 0 };
	const char *l;

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_LEAD);
	assert_int_equal(v.ntied, 1);
	assert_string_equal(v.rows[0].fs->name, "xfs");
	assert_string_equal(v.rows[1].fs->name, "ext4");
	/* round by round: the geometric mean of ext4's ratios to xfs per round */
	assert_true(fabs(v.rows[1].rel - exp((log(8.8 / 8.0) + log(8.9 / 8.1) + log(8.7 / 7.9) + log(8.8 / 8.0)) / 4)) < 1e-9);
	assert_true(v.rows[1].rel_lo > 1 && v.rows[1].rel_hi > v.rows[1].rel);
	assert_true(v.settled);
	fsb_verdict_free(&v);
	l = first_line(res, &lines);
	assert_has(l, "Fastest overall by dead time (real - usr): xfs, 10% ahead of ext4 (a significant lead), ");
	assert_has(l, "with 95% confidence");
	assert_has(l, "Then: ext2 1.25× [");
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* One run each: nothing is called real, and the words say how to know. */
static void test_one_run(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0 }, 1, 0, NULL },
		{ "xfs", NULL, { 8.0 }, 1, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 2);
	struct fsb_verdict v;
	struct fsb_strv lines = { 0 };
	const char *l;

	(void)state;
	res->order = (free(res->order), NULL);	/* one repetition runs in the plan's order */
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_ONE_RUN);
	assert_false(v.settled);
	fsb_verdict_free(&v);
	l = first_line(res, &lines);
	assert_has(l, "Only one run of each filesystem counts: no difference can be called real.");
	assert_has(l, "xfs took least; ext2 1.25×");
	assert_has(l, "or with repetitions");
	assert_lacks(l, "Fastest");
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* A disturbed run is no evidence: xfs's fast runs were all disturbed in
 * one repetition, the rest is a tie; a filesystem whose every run was
 * disturbed is not ranked, and when nothing is left to rank the machine
 * was too busy, with the program named. */
static void test_disturbed(void **state)
{
	static const struct crafted_fs some[] = {
		{ "ext2", NULL, { 10.0, 10.1, 9.9, 10.0 }, 4, 0, NULL },
		{ "xfs", NULL, { 5.0, 10.0, 10.1, 9.9 }, 4, 1u << 0, "burner" },
	};
	static const struct crafted_fs all[] = {
		{ "ext2", NULL, { 10.0, 10.1 }, 2, 3, "burner" },
		{ "xfs", NULL, { 8.0, 8.1 }, 2, 3, "burner" },
		{ "ext4", NULL, { 9.0, 9.1 }, 2, 1, "chromium" },
	};
	struct fsb_result *res = crafted_result("p", some, 2);
	struct fsb_verdict v;
	struct fsb_strv lines = { 0 };
	const char *l;

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.ndisturbed, 1);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);   /* without the 5.0 s run, no lead */
	assert_int_equal(v.rows[0].nkept + v.rows[1].nkept, 7);
	fsb_verdict_free(&v);
	l = first_line(res, &lines);
	assert_lacks(l, "Fastest");
	fsb_strv_free(&lines);
	fsb_result_free(res);

	res = crafted_result("p", all, 3);
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_TOO_BUSY);
	assert_int_equal(v.too_busy.n, 2);
	assert_false(v.settled);
	assert_string_equal(v.busy_with.v[0], "burner");
	assert_string_equal(v.busy_with.v[1], "chromium");
	fsb_verdict_free(&v);
	l = first_line(res, &lines);
	assert_has(l, "The machine was too busy to rank: every run of ext2, xfs was disturbed by other programs "
		   "(burner, chromium)");
	/* and no standout is drawn from those cells */
	for (size_t i = 1; i < lines.n; i++)
		assert_lacks(lines.v[i], "slower than");
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* A round with too few runs is never settled, even with a large lead. */
static void test_settle_needs_runs(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0 }, 1, 0, NULL },
		{ "xfs", NULL, { 5.0 }, 1, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 2);
	char why[256];

	(void)state;
	assert_false(fsb_verdict_settled(res, NULL, 1, why, sizeof(why)));
	assert_has(why, "one run each");
	fsb_result_free(res);
}

/* The profile's measured run-to-run CV, recorded per phase: a phase above
 * the 5% goal is not ranked, and with one run the total's expected CV says
 * how large a difference would have to be; the file keeps it. */
static void test_measured_cv(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0 }, 1, 0, NULL },
		{ "xfs", NULL, { 30.0 }, 1, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 2), *back = NULL;
	struct fsb_strv lines = { 0 };
	struct fsb_err err = { 0 };
	char path[] = "/tmp/fsb-verdict-XXXXXX";
	const char *l;
	bool standout = false;
	int fd;

	(void)state;
	for (size_t i = 0; i < res->nfs; i++)
		res->fs[i]->phases[0]->measured_cv = 0.03;
	l = first_line(res, &lines);
	/* 3% a run: the ratio of two runs is off by 3%·√2, 1.96 of that is 8% */
	assert_has(l, "varies by about 3% in total");
	assert_has(l, "only a difference above about 8% would mean something");
	for (size_t i = 0; i < lines.n; i++)
		standout |= strstr(lines.v[i], "xfs: p 3.0× slower") != NULL;
	assert_true(standout);
	fsb_strv_free(&lines);

	for (size_t i = 0; i < res->nfs; i++)
		res->fs[i]->phases[0]->measured_cv = 0.16;
	fsb_report_verdict(res, NULL, &lines);
	standout = false;
	for (size_t i = 0; i < lines.n; i++) {
		standout |= strstr(lines.v[i], "slower than") != NULL;
		if (strstr(lines.v[i], "Not ranked, too noisy"))
			assert_has(lines.v[i], "Not ranked, too noisy even on an idle machine: p (16%)");
	}
	assert_false(standout);
	assert_has(lines.v[lines.n - 1], "too noisy");
	fsb_strv_free(&lines);

	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(fsb_result_write(res, path, &err), 0);
	assert_int_equal(fsb_result_read(path, &back, &err), 0);
	unlink(path);
	assert_true(fabs(back->fs[1]->phases[0]->measured_cv - 0.16) < 1e-12);
	fsb_result_free(back);
	fsb_result_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tie),
		cmocka_unit_test(test_wide_tie_not_settled),
		cmocka_unit_test(test_lead),
		cmocka_unit_test(test_one_run),
		cmocka_unit_test(test_disturbed),
		cmocka_unit_test(test_settle_needs_runs),
		cmocka_unit_test(test_measured_cv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
