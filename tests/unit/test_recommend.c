/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The recommendation (model/recommend.h) and its words (doc/report.h) on
 * crafted results, with the shipped config's facts: a tie broken by what
 * the filesystems give, a significant winner without a must-have, the
 * same result for scratch space, one run, every candidate disturbed, a
 * must-have no tested filesystem has, a filesystem without a profile; and
 * the config's and --need's bad words.
 */
#include <errno.h>
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
#include "shipped_config.h"

#include "doc/report.h"
#include "model/recommend.h"

/* The system use's heaviest phase, "deb", crafted (crafted.h). */
/* r and its words for use (NULL: the default) and needs. */
static void judge(const struct fsb_result *res, const char *use, unsigned needs, struct fsb_recommendation *r,
		  struct fsb_strv *lines)
{
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_rec_opts ro = { .use = use, .needs = needs, .needs_given = needs != 0, .cfg = cfg };

	fsb_recommend(res, &o, &ro, r);
	fsb_report_recommendation(res, &o, &ro, r, lines);
	assert_true(lines->n >= 1);
}

static bool any_line(const struct fsb_strv *l, const char *part)
{
	for (size_t i = 0; i < l->n; i++)
		if (strstr(l->v[i], part))
			return true;
	return false;
}

#define assert_has(text, part) \
	do { if (!strstr((text), (part))) fail_msg("'%s' lacks '%s'", (text), (part)); } while (0)
#define assert_any(lines, part) \
	do { if (!any_line((lines), (part))) fail_msg("no line has '%s' (first: '%s')", (part), (lines)->v[0]); } while (0)
#define assert_none(lines, part) \
	do { if (any_line((lines), (part))) fail_msg("a line has '%s'", (part)); } while (0)

static const char *pick(const struct fsb_recommendation *r)
{
	return r->rows[r->pick].fs->name;
}

/* Four within 1% of each other: ext2 has no journal and is out; ext4, xfs
 * and btrfs tie, and btrfs gives the most (copy-on-write, data checksums,
 * snapshots, compression, online shrink). */
static void test_tie_broken_by_features(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 10.00, 10.02, 9.98, 10.01 }, 4, 0, NULL },
		{ "ext4", NULL, { 10.02, 10.01, 10.03, 10.00 }, 4, 0, NULL },
		{ "xfs", NULL, { 10.01, 9.99, 10.02, 10.03 }, 4, 0, NULL },
		{ "btrfs", NULL, { 10.03, 10.02, 10.00, 10.04 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 4);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_TIE);
	assert_string_equal(pick(&r), "btrfs");
	assert_int_equal(r.tied.n, 2);
	assert_true(r.use_default == false);
	assert_has(lines.v[0], "Put btrfs on it");
	assert_has(lines.v[0], "equally fast");
	assert_has(lines.v[0], "btrfs gives the most besides");
	assert_any(&lines, "btrfs gives: copy-on-write");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* ext2 significantly fastest, but a system disk must survive a power loss:
 * ext4 is the pick, ahead of xfs, and ext2 is named with what it lacks.
 * For scratch space, nothing is a must-have: ext2. */
static void test_winner_without_must_have(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 8.00, 8.02, 7.98, 8.01 }, 4, 0, NULL },
		{ "ext4", NULL, { 10.02, 10.01, 10.03, 10.00 }, 4, 0, NULL },
		{ "xfs", NULL, { 11.01, 10.99, 11.02, 11.03 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 3);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, NULL, 0, &r, &lines);
	assert_true(r.use_default);
	assert_int_equal(r.kind, FSB_REC_PICK);
	assert_string_equal(pick(&r), "ext4");
	assert_has(lines.v[0], "Put ext4 on it: for a system disk");
	assert_has(lines.v[0], "xfs took 1.10×");
	assert_any(&lines, "ext2 was 20% faster at these phases");
	assert_any(&lines, "has no journal");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);

	judge(res, "scratch", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_PICK);
	assert_string_equal(pick(&r), "ext2");
	assert_has(lines.v[0], "Put ext2 on it: for scratch space");
	assert_none(&lines, "faster at these phases");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* What the run was told (result.h: use, needs) is the default when nobody
 * names another; a use or --need given replaces it.  The fsck times the
 * run measured are the reasons' numbers: ext2's full check after a crash
 * next to the pick's. */
static void test_recorded_use_and_fsck(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 8.00, 8.02, 7.98, 8.01 }, 4, 0, NULL },
		{ "ext4", NULL, { 10.02, 10.01, 10.03, 10.00 }, 4, 0, NULL },
		{ "xfs", NULL, { 11.01, 10.99, 11.02, 11.03 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 3);
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_rec_opts none = { .needs_given = true, .cfg = cfg };
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	res->use = fsb_xstrdup("scratch");
	judge(res, NULL, 0, &r, &lines);
	assert_true(r.use_recorded);
	assert_false(r.use_default);
	assert_string_equal(r.use->name, "scratch");
	assert_string_equal(pick(&r), "ext2");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	/* the viewer's use wins over the recorded one */
	judge(res, "system", 0, &r, &lines);
	assert_false(r.use_recorded);
	assert_string_equal(pick(&r), "ext4");
	assert_none(&lines, "fsck) took");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);

	/* the recorded must-have: none of them has snapshots; "--need none"
	 * drops it */
	res->needs = FSB_NEED_SNAPSHOTS;
	judge(res, NULL, 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_NO_CANDIDATE);
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_recommend(res, &o, &none, &r);
	assert_int_equal(r.kind, FSB_REC_PICK);
	assert_string_equal(pick(&r), "ext2");
	fsb_recommend_free(&r);
	res->needs = 0;

	fsb_secs_add(&res->fs[0]->fsck_s, 38.2);
	fsb_secs_add(&res->fs[1]->fsck_s, 1.24);
	res->fs[1]->fsck_data = fsb_xstrdup("16018 files and directories, 118 MiB used");
	judge(res, "system", 0, &r, &lines);
	assert_string_equal(pick(&r), "ext4");
	assert_any(&lines, "ext2 was 20% faster at these phases (0.80× the time of ext4 [");
	assert_any(&lines, "has no journal: after a crash it needs a full fsck, which took 38 s on this data "
			   "(ext4's check: 1.2 s), and what was being written may be lost.");
	assert_any(&lines, "; a full check (fsck) took 1.2 s on this data (16018 files and directories, "
			   "118 MiB used).");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* One run each: a tentative pick, and what to run to know. */
static void test_one_run(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 8.0 }, 1, 0, NULL },
		{ "ext3", NULL, { 9.0 }, 1, 0, NULL },
		{ "xfs", NULL, { 9.5 }, 1, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 3);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_TENTATIVE);
	assert_string_equal(pick(&r), "ext3");
	assert_has(lines.v[0], "Probably ext3, by one run of each");
	assert_has(lines.v[0], "xfs took 1.06× (one run: untested)");
	assert_any(&lines, "ext2 was 11% faster at these phases (0.89× the time of ext3, one run) but has no journal");
	assert_any(&lines, "run with repetitions 3");  /* the plan's words: no speaker here */
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* Every run of the candidates disturbed: nothing is recommended. */
static void test_every_cell_disturbed(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext2", NULL, { 8.0, 8.1, 8.0 }, 3, 0, NULL },
		{ "ext4", NULL, { 9.0, 9.1, 9.0 }, 3, 7, NULL },
		{ "xfs", NULL, { 9.5, 9.4, 9.6 }, 3, 7, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 3);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_TOO_BUSY);
	assert_has(lines.v[0], "Nothing can be recommended");
	assert_none(&lines, "Put ");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* Snapshots asked for, no btrfs tested: nothing tested provides them,
 * and the profiles that do are named. */
static void test_need_nobody_has(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext4", NULL, { 9.0, 9.1, 9.0 }, 3, 0, NULL },
		{ "xfs", NULL, { 9.5, 9.4, 9.6 }, 3, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 2);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };
	struct fsb_err err = { 0 };
	unsigned needs = 0;

	(void)state;
	assert_int_equal(fsb_needs_parse("snapshots", &needs, &err), 0);
	judge(res, "system", needs, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_NO_CANDIDATE);
	assert_true(r.lacking & FSB_NEED_SNAPSHOTS);
	assert_has(lines.v[0], "No tested filesystem provides snapshots");
	assert_has(lines.v[0], "btrfs");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* A filesystem fsbench has no profile for is never a candidate; a
 * profile's name is matched by type too ("reiser" is reiserfs, deprecated). */
static void test_unknown_and_deprecated(void **state)
{
	static const struct crafted_fs s[] = {
		{ "reiser4", NULL, { 7.0, 7.1, 7.0 }, 3, 0, NULL },
		{ "reiser", "reiserfs", { 7.5, 7.4, 7.6 }, 3, 0, NULL },
		{ "ext3", NULL, { 9.5, 9.4, 9.6 }, 3, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 3);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_ONLY);
	assert_string_equal(pick(&r), "ext3");
	assert_any(&lines, "reiser4: not considered, fsbench has no profile");
	assert_any(&lines, "reiser was");
	assert_any(&lines, "is deprecated (deprecated in Linux 5.18, removed in 6.13)");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* None of the use's phases in the result: nothing to weigh. */
static void test_no_phase_of_the_use(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext4", NULL, { 9.0, 9.1 }, 2, 0, NULL },
		{ "xfs", NULL, { 9.5, 9.4 }, 2, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 2);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "archive", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_NONE);
	assert_has(lines.v[0], "none of the phases that matter for it (block-write, block-read and cp)");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

static void test_bad_words(void **state)
{
	static const char conf[] =
		"filesystem \"x\" {\n  type = \"ext4\"\n  mkfs = 'mkfs.ext4 ${dev}'\n  crash = \"sometimes\"\n}\n";
	struct fsb_config *c = NULL;
	struct fsb_err err = { 0 };
	unsigned needs = 0;

	(void)state;
	assert_int_equal(fsb_config_load_buf(conf, "t.conf", &c, &err), -EINVAL);
	assert_has(err.msg, "t.conf:4");
	assert_has(err.msg, "crash = \"sometimes\" is not one of none, journal");
	assert_int_equal(fsb_needs_parse("snapshots,speed", &needs, &err), -EINVAL);
	assert_has(err.msg, "\"speed\"");
	assert_int_equal(fsb_needs_parse("supported", &needs, &err), -EINVAL);
	assert_int_equal(fsb_needs_parse("power-loss,checksums", &needs, &err), 0);
	assert_int_equal(needs, FSB_NEED_CRASH_SAFE | FSB_NEED_CHECKSUMS);
	assert_null(fsb_use_find("desktop"));
	assert_non_null(fsb_use_find("build"));
}


int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tie_broken_by_features),
		cmocka_unit_test(test_winner_without_must_have),
		cmocka_unit_test(test_recorded_use_and_fsck),
		cmocka_unit_test(test_one_run),
		cmocka_unit_test(test_every_cell_disturbed),
		cmocka_unit_test(test_need_nobody_has),
		cmocka_unit_test(test_unknown_and_deprecated),
		cmocka_unit_test(test_no_phase_of_the_use),
		cmocka_unit_test(test_bad_words),
	};

	/* the user's config must not change the shipped facts */
	setenv("XDG_CONFIG_HOME", "/nonexistent", 1);
	return cmocka_run_group_tests(tests, shipped_setup, shipped_teardown);
}
