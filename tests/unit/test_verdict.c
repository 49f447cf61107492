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

#define TMPSTATE_NAME "fsb-verdict"
#include "tmpstate.h"

#include <sys/stat.h>

#include "crafted.h"
#include "doc/report.h"
#include "model/history.h"
#include "model/rounds.h"
#include "sys/interfere.h"
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
	assert_has(l, "(relative to ext2, 95% intervals)");
	assert_lacks(l, "Fastest");
	fsb_strv_free(&lines);
	/* a run that could have stopped after either of two rounds holds each
	 * comparison to 97.5%, and its intervals say so */
	res->looks = 2;
	l = first_line(res, &lines);
	assert_has(l, "Significantly slower: btrfs 1.2");
	assert_has(l, "(relative to ext2, 97.5% intervals)");
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


/* Two filesystems, one phase, n rounds: b = a × ratio × (1 + wiggle). */
static struct fsb_result *pair_session(double ratio, const char *started)
{
	static const char *const fs[] = { "ext2", "xfs" }, *const names[] = { "p" };
	static const double wig[5] = { 0.004, -0.003, 0.002, -0.004, 0.001 };
	double vals[2][2][6] = { 0 };
	struct fsb_result *res;

	for (size_t k = 0; k < 5; k++) {
		vals[0][0][k] = 10 + (double)k * 0.5;	/* the round's conditions, shared */
		vals[1][0][k] = vals[0][0][k] * ratio * (1 + wig[k]);
	}
	res = crafted_phased(fs, 2, names, 1, (const double (*)[2][6])vals, 5);
	res->started = fsb_xstrdup(started);
	return res;
}

/* The rounds share their conditions: the round-by-round ratio is tight
 * although each filesystem's times spread by 20%, so a 10% lead is one. */
static void test_blocked(void **state)
{
	struct fsb_result *res = pair_session(1.10, "2026-12-04T10:00:00Z");
	struct fsb_verdict v;

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_LEAD);
	assert_string_equal(v.rows[0].fs->name, "ext2");
	assert_true(fabs(v.rows[1].rel - 1.10) < 0.005);
	assert_true(v.rows[1].pair.holds && v.rows[1].pair.slower == 5);
	assert_int_equal(v.noise, FSB_NOISE_NONE);
	fsb_verdict_free(&v);
	fsb_result_free(res);
}

/* The same 10% with the profile's prior of a 13% spread between sessions
 * (the reference VM's btrfs/xfs): more than this one run can tell — a tie,
 * settled since more rounds would not narrow it; the words say why. */
static void test_between_sessions_prior(void **state)
{
	struct fsb_result *res = pair_session(1.10, "2026-12-04T10:00:00Z");
	struct fsb_strv lines = { 0 };
	struct fsb_verdict v;
	const char *l;

	(void)state;
	res->session_sd = 0.13;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);
	assert_int_equal(v.noise, FSB_NOISE_PRIOR);
	assert_true(v.rows[1].rel_lo < 1 && v.rows[1].rel_hi > 1.2);
	assert_true(v.settled);
	fsb_verdict_free(&v);
	l = first_line(res, &lines);
	assert_lacks(l, "Fastest");
	assert_has(l, "more rounds would not tell");
	assert_has(lines.v[1], "with the quick profile's spread between sessions on the reference machine (±13%");
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* History that disagrees: three earlier sessions put xfs at 0.93, 1.09 and
 * 1.21 of ext2.  The between-session spread they show makes today's 10% a
 * tie, the one that named xfs fastest is named, and the pair is unstable. */
static void test_history_disagrees(void **state)
{
	struct fsb_result *res = pair_session(1.10, "2026-12-04T10:00:00Z");
	struct fsb_result *old[3] = { pair_session(0.93, "2026-12-02T06:00:00Z"),
				      pair_session(1.09, "2026-12-02T07:00:00Z"),
				      pair_session(1.21, "2026-12-04T08:00:00Z") };
	struct fsb_history h = { .v = old, .n = 3 };
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD, .history = &h };
	struct fsb_strv lines = { 0 };
	struct fsb_verdict v;
	bool said = false;

	(void)state;
	fsb_verdict_compute(res, &o, &v);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);
	assert_int_equal(v.noise, FSB_NOISE_HISTORY);
	assert_int_equal(v.nhistory, 3);
	/* each judged on its own named a fastest: xfs once, ext2 twice; this
	 * one names none, so none contradicts it, and none agrees */
	assert_int_equal(v.ndissent, 3);
	assert_string_equal(v.dissent[0].what, "named xfs fastest");
	assert_true(v.dissent[0].res == old[0]);
	assert_false(v.dissent[0].contradicts);
	assert_string_equal(v.dissent[2].what, "named ext2 fastest");
	assert_int_equal(v.nagree, 0);
	assert_int_equal(v.unstable.n, 1);
	assert_string_equal(v.unstable.v[0], "ext2/xfs");
	fsb_verdict_free(&v);
	fsb_report_verdict(res, &o, &lines);
	assert_lacks(lines.v[0], "Fastest");
	for (size_t i = 0; i < lines.n; i++) {
		said |= strstr(lines.v[i], "Agrees with 0 of the 3 earlier runs of this plan on this machine; the run "
				"of 2026-12-02 06:00 named xfs fastest; the run of 2026-12-02 07:00 named ext2 fastest") != NULL;
		if (strstr(lines.v[i], "not stable"))
			assert_has(lines.v[i], "the order of ext2/xfs is not stable");
	}
	assert_true(said);
	fsb_strv_free(&lines);
	for (size_t i = 0; i < 3; i++)
		fsb_result_free(old[i]);
	fsb_result_free(res);
}

/* A clear, stable lead stays a lead: history that agrees (1.09 to 1.11),
 * with the prior, still names ext2 fastest, and says it agrees. */
static void test_history_agrees(void **state)
{
	struct fsb_result *res = pair_session(1.10, "2026-12-04T10:00:00Z");
	struct fsb_result *old[3] = { pair_session(1.09, "2026-12-02T06:00:00Z"),
				      pair_session(1.11, "2026-12-02T07:00:00Z"),
				      pair_session(1.10, "2026-12-04T08:00:00Z") };
	struct fsb_history h = { .v = old, .n = 3 };
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD, .history = &h };
	struct fsb_verdict v;

	(void)state;
	res->session_sd = 0.03;
	fsb_verdict_compute(res, &o, &v);
	assert_int_equal(v.kind, FSB_VERDICT_LEAD);
	assert_string_equal(v.rows[0].fs->name, "ext2");
	assert_int_equal(v.nagree, 3);
	assert_int_equal(v.ndissent, 0);
	assert_int_equal(v.unstable.n, 0);
	assert_true(v.rows[1].pair.between > 0);
	fsb_verdict_free(&v);
	for (size_t i = 0; i < 3; i++)
		fsb_result_free(old[i]);
	fsb_result_free(res);
}

/* A lead that rests on one phase names no winner: xfs is 26% ahead in
 * total only because its cp takes 0.4 of ext4's (a clone); without cp it is
 * 8% slower.  The words say what the lead rests on and what separates them. */
static void test_rests_on_one_phase(void **state)
{
	static const char *const fs[] = { "ext4", "xfs" }, *const names[] = { "tar", "cp" };
	static const double vals[2][2][6] = {
		{ { 10.0, 10.1, 9.9, 10.0, 10.05 }, { 10.0, 10.2, 9.8, 10.1, 9.9 } },
		{ { 10.8, 10.9, 10.7, 10.8, 10.85 }, { 4.0, 4.1, 3.9, 4.05, 3.95 } },
	};
	struct fsb_result *res = crafted_phased(fs, 2, names, 2, vals, 5);
	struct fsb_strv lines = { 0 };
	struct fsb_verdict v;
	const char *l;
	bool sep = false;

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);
	assert_int_equal(v.ntied, 2);
	assert_string_equal(v.rows[0].fs->name, "xfs");
	assert_true(v.rows[1].significant);
	assert_non_null(v.rows[1].rests_on);
	assert_string_equal(v.rows[1].rests_on, "cp");
	assert_true(v.rows[1].rests_rel < 1);
	assert_int_equal(v.ndiffs, 2);
	fsb_verdict_free(&v);
	l = first_line(res, &lines);
	assert_lacks(l, "Fastest");
	assert_has(l, "No filesystem is named fastest overall");
	assert_has(l, "xfs's lead over ext4 (");
	assert_has(l, ") rests on cp: without it 0.9");
	for (size_t i = 0; i < lines.n; i++)
		sep |= strstr(lines.v[i], "Between xfs and ext4: ext4 faster at tar (0.93×") &&
		       strstr(lines.v[i], "slower at cp (2.5");
	assert_true(sep);
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* The looks a run could have stopped at split the level: a difference
 * significant at 5% with one look is not with five. */
static void test_looks(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0, 10.3, 9.8, 10.1 }, 4, 0, NULL },
		{ "xfs", NULL, { 10.6, 10.7, 10.0, 10.9 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 2);
	struct fsb_verdict v;

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.looks, 1);
	assert_true(fabs(v.alpha - 0.05) < 1e-12);
	assert_int_equal(v.kind, FSB_VERDICT_LEAD);
	fsb_verdict_free(&v);
	res->looks = 5;
	fsb_verdict_compute(res, NULL, &v);
	assert_true(fabs(v.alpha - 0.01) < 1e-12);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);
	fsb_verdict_free(&v);
	fsb_result_free(res);
}

/* The steal a whole round saw sets nothing aside; a run that saw more of
 * it than its round's others is, and the verdict names no program for it. */
static void test_steal_by_round(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0, 10.1 }, 2, 0, NULL },
		{ "ext3", NULL, { 10.0, 10.1 }, 2, 0, NULL },
		{ "xfs", NULL, { 10.0, 10.1 }, 2, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 3);
	struct fsb_verdict v;
	long rnd[2];

	(void)state;
	for (size_t i = 0; i < 3; i++)
		for (size_t k = 0; k < 2; k++) {
			res->fs[i]->phases[0]->runs[k].v[FSB_FIELD_steal] = k == 0 ? 0.40 : 0.05;
			res->fs[i]->phases[0]->runs[k].top = fsb_xstrdup("bash");
		}
	res->fs[2]->phases[0]->runs[1].v[FSB_FIELD_steal] = 0.45;
	fsb_rounds_numbers(res->fs[0]->phases[0], rnd);
	assert_int_equal(rnd[0], 1);
	assert_int_equal(rnd[1], 2);
	assert_int_equal(fsb_rounds_mark_steal(res, 1, 0.10), 0);	/* 40% on all of round 1 */
	assert_int_equal(fsb_rounds_mark_steal(res, 2, 0.10), 1);	/* xfs's 45% against 5% */
	assert_non_null(res->fs[2]->phases[0]->runs[1].disturbed);
	assert_has(res->fs[2]->phases[0]->runs[1].disturbed, "40% more than during its round's other runs");
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.ndisturbed, 1);
	assert_int_equal(v.busy_with.n, 0);	/* the host's steal is no program */
	assert_true(fabs(v.steal_max - 0.45) < 1e-12);
	fsb_verdict_free(&v);
	fsb_result_free(res);
}

/* A background other programs kept up through a round (issue 36's busy
 * session: a core busy 2 s in every 5) keeps the runs it marked when their
 * repetition saw no more of it than the round's others; a repetition that
 * saw more stays set aside; a one-off on an otherwise idle round is no
 * background; a disk disturbance is never the background's; the verdict
 * counts what it kept and names the program. */
static void disturb(struct fsb_run *r, double others, double idle, unsigned by)
{
	r->v[FSB_FIELD_others_cpu] = others;
	r->v[FSB_FIELD_idle_cpu] = idle;
	if (by) {
		r->disturbed = fsb_xstrdup("other programs took 4.0 s of CPU time beyond the idle CPUs");
		r->v[FSB_FIELD_disturbed_by] = by;
		free(r->top);
		r->top = fsb_xstrdup("background");
	}
}

static void test_background_by_round(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0, 10.1 }, 2, 0, NULL },
		{ "ext3", NULL, { 10.0, 10.1 }, 2, 0, NULL },
		{ "ext4", NULL, { 10.0, 10.1 }, 2, 0, NULL },
		{ "xfs", NULL, { 10.0, 10.1 }, 2, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 4);
	struct fsb_run *r[4][2];
	struct fsb_verdict v;

	(void)state;
	for (size_t i = 0; i < 4; i++)
		for (size_t k = 0; k < 2; k++)
			r[i][k] = &res->fs[i]->phases[0]->runs[k];
	/* round 1: 40% of a CPU beyond the idle ones on every filesystem,
	 * xfs 90%: its excess beyond the round's 0.4 is 5 s of its 10 s */
	for (size_t i = 0; i < 4; i++)
		disturb(r[i][0], i == 3 ? 0.95 : 0.45, 0.05, FSB_DISTURBED_BY_CPU);
	/* ext3's also waited for a CPU, still the background's; ext4's saw the
	 * disk too: never the background's */
	r[1][0]->v[FSB_FIELD_disturbed_by] = FSB_DISTURBED_BY_CPU | FSB_DISTURBED_BY_PSI;
	r[2][0]->v[FSB_FIELD_disturbed_by] = FSB_DISTURBED_BY_CPU | FSB_DISTURBED_BY_IO;
	/* round 2: quiet but for one burst on ext2 */
	for (size_t i = 0; i < 4; i++)
		disturb(r[i][1], i == 0 ? 0.60 : 0.01, i == 0 ? 0.10 : 0.99, i == 0 ? FSB_DISTURBED_BY_CPU : 0);
	assert_int_equal(fsb_rounds_keep_background(res, 1, 0.10), 2);
	assert_null(r[0][0]->disturbed);
	assert_int_equal((int)r[0][0]->v[FSB_FIELD_disturbed_by], FSB_DISTURBED_KEPT);
	assert_null(r[1][0]->disturbed);
	assert_non_null(r[2][0]->disturbed);	/* the disk */
	assert_non_null(r[3][0]->disturbed);	/* beyond the round's */
	assert_int_equal(fsb_rounds_keep_background(res, 2, 0.10), 0);
	assert_non_null(r[0][1]->disturbed);	/* no background: a burst */
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.nkept_background, 2);
	assert_int_equal(v.ndisturbed, 3);
	assert_int_equal(v.background_with.n, 1);
	assert_string_equal(v.background_with.v[0], "background");
	assert_true(v.others_mean > 0.2 && v.others_mean < 0.4);
	fsb_verdict_free(&v);
	{
		struct fsb_strv lines = { 0 };
		bool said = false;

		fsb_report_verdict(res, NULL, &lines);
		for (size_t i = 0; i < lines.n; i++)
			if (strstr(lines.v[i], "Other programs kept up a background through the rounds (37% of a CPU "
						"on average; mostly background)")) {
				assert_has(lines.v[i], "2 runs that saw no more of it than their round's others were kept");
				said = true;
			}
		assert_true(said);
		fsb_strv_free(&lines);
	}
	fsb_result_free(res);
}

/* When every phase of the total is measured poorly, the verdict says the
 * total keeps them all (it cannot leave out everything). */
static void test_every_phase_noisy(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.0, 14.0, 8.0, 12.0 }, 4, 0, NULL },
		{ "xfs", NULL, { 11.0, 15.0, 9.0, 13.0 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("p", s, 2);
	struct fsb_strv lines = { 0 };
	bool said = false;

	(void)state;
	/* a second phase, as noisy */
	fsb_strv_add(&res->phase_order, "q");
	for (size_t i = 0; i < 2; i++) {
		struct fsb_phase_result *q = fsb_fs_add_phase(res->fs[i], "q");

		q->kind = FSB_PHASE_COMMAND;
		for (size_t k = 0; k < 4; k++) {
			struct fsb_run run;

			fsb_run_init(&run);
			run.v[FSB_FIELD_real] = s[i].real[(k + 1) % 4];
			run.v[FSB_FIELD_user] = run.v[FSB_FIELD_sys] = 0;
			fsb_phase_add_run(q, &run);
			fsb_run_clear(&run);
		}
	}
	fsb_report_verdict(res, NULL, &lines);
	for (size_t i = 0; i < lines.n; i++)
		if (strstr(lines.v[i], "Measured poorly in this run: p ")) {
			assert_has(lines.v[i], ", q (");
			assert_has(lines.v[i], "That is every phase of the total; it keeps them all");
			said = true;
		}
	assert_true(said);
	fsb_strv_free(&lines);
	fsb_result_free(res);
}

/* Older files: a run made again for a disturbed one takes its round. */
static void test_round_numbers_old(void **state)
{
	struct fsb_phase_result ph = { 0 };
	struct fsb_run runs[5];
	long rnd[5];

	(void)state;
	for (size_t k = 0; k < 5; k++) {
		fsb_run_init(&runs[k]);
		runs[k].v[FSB_FIELD_seq] = (double)(k + 1) * 10;
	}
	runs[3].v[FSB_FIELD_replaces] = 30;	/* rep 4 ran again for rep 3 */
	ph.runs = runs;
	ph.nruns = 5;
	fsb_rounds_numbers(&ph, rnd);
	assert_int_equal(rnd[0], 1);
	assert_int_equal(rnd[1], 2);
	assert_int_equal(rnd[2], 3);
	assert_int_equal(rnd[3], 3);
	assert_int_equal(rnd[4], 4);
}

/* An earlier session that named the other filesystem fastest, where this
 * one alone names ext2: the spread the two show makes today's lead no
 * lead (so nothing contradicts), and the earlier one is named. */
static void test_history_contradicts(void **state)
{
	struct fsb_result *res = pair_session(1.25, "2026-12-04T10:00:00Z");
	struct fsb_result *old[1] = { pair_session(0.80, "2026-12-02T06:00:00Z") };
	struct fsb_history h = { .v = old, .n = 1 };
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD, .history = &h };
	struct fsb_verdict v;

	(void)state;
	fsb_verdict_compute(res, NULL, &v);
	assert_int_equal(v.kind, FSB_VERDICT_LEAD);
	fsb_verdict_free(&v);
	fsb_verdict_compute(res, &o, &v);
	assert_int_equal(v.kind, FSB_VERDICT_TIE);
	assert_int_equal(v.ndissent, 1);
	assert_false(v.dissent[0].contradicts);
	assert_string_equal(v.dissent[0].what, "named xfs fastest");
	fsb_verdict_free(&v);
	fsb_result_free(old[0]);
	fsb_result_free(res);
}

/* The history is found next to the result through the index: the same
 * plan on the same machine only, earlier ones only, the newest first. */
static void test_history_load(void **state)
{
	char *dir = fsb_xasprintf("%s/results", (char *)*state), *cache = fsb_xasprintf("%s/cache", (char *)*state);
	struct fsb_result *r[5] = { pair_session(1.1, "2026-12-01T00:00:00Z"), pair_session(1.1, "2026-12-02T00:00:00Z"),
				    pair_session(1.1, "2026-12-03T00:00:00Z"), pair_session(1.1, "2026-12-04T00:00:00Z"),
				    pair_session(1.1, "2026-12-05T00:00:00Z") };
	struct fsb_history h;
	struct fsb_err err = { 0 };

	setenv("XDG_CACHE_HOME", cache, 1);
	assert_int_equal(mkdir(dir, 0755), 0);
	free(r[1]->profile);
	r[1]->profile = fsb_xstrdup("tiny");		/* another plan */
	free(r[2]->host.cpu);
	r[2]->host.cpu = fsb_xstrdup("Intel(R) Xeon(R) Processor");	/* another machine */
	for (size_t i = 0; i < 5; i++) {
		char *path = fsb_xasprintf("%s/r%zu.fsbench", dir, i);

		assert_int_equal(fsb_result_write(r[i], path, &err), 0);
		r[i]->path = path;
	}
	assert_int_equal(fsb_history_load(r[3], NULL, &h, &err), 0);
	assert_int_equal(h.n, 1);	/* r0; r1 and r2 differ, r4 is later */
	assert_string_equal(h.v[0]->started, "2026-12-01T00:00:00Z");
	fsb_history_free(&h);
	assert_int_equal(fsb_history_load(r[4], NULL, &h, &err), 0);
	assert_int_equal(h.n, 2);
	assert_string_equal(h.v[0]->started, "2026-12-04T00:00:00Z");
	fsb_history_free(&h);
	for (size_t i = 0; i < 5; i++)
		fsb_result_free(r[i]);
	free(dir);
	free(cache);
}

/* A phase the profile found too noisy across sessions (session_cv above 5%)
 * is left out of the total, and said so; when every phase is, none is. */
static void test_out_of_total(void **state)
{
	static const char *const fs[] = { "ext4", "xfs" }, *const names[] = { "tar", "cp" };
	static const double vals[2][2][6] = {
		{ { 10.0, 10.1, 9.9, 10.0, 10.05 }, { 10.0, 10.2, 9.8, 10.1, 9.9 } },
		{ { 10.8, 10.9, 10.7, 10.8, 10.85 }, { 4.0, 4.1, 3.9, 4.05, 3.95 } },
	};
	struct fsb_result *res = crafted_phased(fs, 2, names, 2, vals, 5);
	struct fsb_strv lines = { 0 }, total = { 0 };
	struct fsb_verdict v;
	bool said = false;

	(void)state;
	for (size_t i = 0; i < 2; i++)
		fsb_fs_find_phase(res->fs[i], "cp")->session_cv = 0.20;
	fsb_cell_total_phases(res, &total);
	assert_int_equal(total.n, 1);
	assert_string_equal(total.v[0], "tar");
	fsb_strv_free(&total);
	fsb_verdict_compute(res, NULL, &v);
	/* on tar alone ext4 leads: xfs's clone no longer carries the order */
	assert_int_equal(v.kind, FSB_VERDICT_LEAD);
	assert_string_equal(v.rows[0].fs->name, "ext4");
	assert_int_equal(v.out_of_total.n, 1);
	fsb_verdict_free(&v);
	fsb_report_verdict(res, NULL, &lines);
	for (size_t i = 0; i < lines.n; i++)
		said |= strncmp(lines.v[i], "Left out of the total: cp (20%) — ", 36) == 0;
	assert_true(said);
	fsb_strv_free(&lines);
	for (size_t i = 0; i < 2; i++)
		fsb_fs_find_phase(res->fs[i], "tar")->session_cv = 0.08;
	fsb_result_changed(res);	/* changed in place: the grid is built anew (result.h) */
	fsb_cell_total_phases(res, &total);
	assert_int_equal(total.n, 2);
	fsb_strv_free(&total);
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
		cmocka_unit_test(test_blocked),
		cmocka_unit_test(test_between_sessions_prior),
		cmocka_unit_test(test_history_disagrees),
		cmocka_unit_test(test_history_agrees),
		cmocka_unit_test(test_rests_on_one_phase),
		cmocka_unit_test(test_looks),
		cmocka_unit_test(test_steal_by_round),
		cmocka_unit_test(test_background_by_round),
		cmocka_unit_test(test_every_phase_noisy),
		cmocka_unit_test(test_round_numbers_old),
		cmocka_unit_test(test_history_contradicts),
		cmocka_unit_test(test_out_of_total),
		cmocka_unit_test_setup_teardown(test_history_load, tmpstate_setup, tmpstate_teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
