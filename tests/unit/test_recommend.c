/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The recommendation (model/recommend.h) and its words (doc/report.h) on
 * crafted results, with the shipped config's facts: its three answers —
 * a tie named as a choice with the trade-offs that separate it, a clear
 * lead named, a lead that rests on one phase not named, history that
 * contradicts a lead: cannot tell — a significant winner without a
 * must-have, the same result for scratch space, one run, every candidate
 * disturbed, a must-have no tested filesystem has, a filesystem without a
 * profile; its ratios the verdict's own, "measured poorly" from the run;
 * seed 000's sample as its author judged it; and the config's and
 * --need's bad words.
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
#include "lines.h"
#include "shipped_config.h"

#include "doc/report.h"
#include "model/history.h"
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

#define assert_has(text, part) \
	do { if (!strstr((text), (part))) fail_msg("'%s' lacks '%s'", (text), (part)); } while (0)
#define assert_any(lines, part) \
	do { if (!has_line((lines), (part))) fail_msg("no line has '%s' (first: '%s')", (part), (lines)->v[0]); } while (0)
#define assert_none(lines, part) \
	do { if (has_line((lines), (part))) fail_msg("a line has '%s'", (part)); } while (0)

static const char *pick(const struct fsb_recommendation *r)
{
	return r->rows[r->pick].fs->name;
}

/* Four within 1% of each other: ext2 has no journal and is out; ext4, xfs
 * and btrfs cannot be told apart, so all three are named (what they give
 * never breaks the tie into one name), with what separates them: what a
 * system disk needs most (power-loss safety, shrinking) favours btrfs. */
static void test_tie_is_a_choice(void **state)
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
	assert_int_equal(r.kind, FSB_REC_CHOOSE);
	assert_int_equal(r.named.n, 3);
	assert_false(fsb_strv_contains(&r.named, "ext2"));
	assert_true(r.use_default == false);
	assert_none(&lines, "Put ");
	assert_has(lines.v[0], " or ");
	assert_has(lines.v[0], " — no measurable difference for a system disk on this machine (deb); choose by: "
			       "power-loss safety (btrfs copy-on-write; ");
	assert_has(lines.v[0], "shrinks (btrfs online; ");
	assert_has(lines.v[0], "For a system disk what it needs most favours btrfs (power-loss safety: "
			       "copy-on-write, shrinks: online).");
	assert_string_equal(r.rows[r.favoured].fs->name, "btrfs");
	assert_none(&lines, "gives the most");
	assert_any(&lines, "Rests on: 4 rounds of each; differences above ");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* ext4 and xfs tied: both named, and the trade-offs that differ — shrink
 * first (a system disk needs it most), then the documented ones; in the
 * criteria table too, ext4 marked best at shrinking. */
static void test_tie_ext4_xfs(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext4", NULL, { 10.02, 10.01, 10.03, 10.00 }, 4, 0, NULL },
		{ "xfs", NULL, { 10.01, 9.99, 10.02, 10.03 }, 4, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 2);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };
	struct fsb_table t;
	bool shrink = false;

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_CHOOSE);
	assert_true(fsb_strv_contains(&r.named, "ext4") && fsb_strv_contains(&r.named, "xfs"));
	assert_has(lines.v[0], "; choose by: shrinks (ext4 offline; xfs no), largest file (");
	assert_has(lines.v[0], "For a system disk what it needs most favours ext4 (shrinks: offline).");
	assert_int_equal(r.crit[0].id, FSB_CRIT_POWER_LOSS);
	assert_true(r.crit[0].important && !r.crit[0].differs);
	assert_int_equal(fsb_report_criteria(&r, &t), 0);
	assert_string_equal(t.title, "What else counts for a system disk");
	for (size_t row = 1; row < t.nrows; row++)
		if (!strcmp(fsb_table_cell(&t, row, 0)->text, "shrinks")) {
			shrink = true;
			assert_string_equal(fsb_table_cell(&t, row, 1)->text, "yes");
			for (size_t c = 2; c + 1 < t.ncols; c++)
				if (!strcmp(fsb_table_cell(&t, 0, c)->text, "ext4")) {
					assert_string_equal(fsb_table_cell(&t, row, c)->text, "offline");
					assert_true(fsb_table_cell(&t, row, c)->flags & FSB_CELL_BEST);
				}
			assert_string_equal(fsb_table_cell(&t, row, t.ncols - 1)->text, "documented");
		}
	assert_true(shrink);
	fsb_table_free(&t);
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* A lead that rests on one phase is not named: xfs unpacks packages (deb)
 * in half ext4's time, and unpacks tar in the same; without deb nothing
 * is left of its lead, so the verdict's rule b names neither, and the
 * recommendation says on which phase the lead rests. */
static void test_lead_rests_on_one_phase(void **state)
{
	static const char *const fs[] = { "ext4", "xfs" }, *const ph[] = { "deb", "tar" };
	static const double ratio[] = { 1, 1, 0.5, 1 };
	struct fsb_result *res = crafted_rounds(fs, 2, ph, 2, ratio, 5, "2026-12-04T10:00:00Z");
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_not_equal(r.kind, FSB_REC_PICK);
	assert_int_equal(r.kind, FSB_REC_CHOOSE);
	assert_int_equal(r.named.n, 2);
	assert_none(&lines, "Put xfs");
	assert_has(lines.v[0], "xfs or ext4 — neither is measurably faster for a system disk on this machine (deb and "
			       "tar): xfs's lead rests on deb alone; without it ext4/xfs 1.0");
	assert_has(lines.v[0], "; choose by: shrinks (ext4 offline; xfs no)");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* A clear, stable lead is named: ext4 ahead of xfs by 25% in both phases,
 * round after round; the answer says what it rests on. */
static void test_clear_lead(void **state)
{
	static const char *const fs[] = { "ext4", "xfs" }, *const ph[] = { "deb", "tar" };
	static const double ratio[] = { 1, 1, 1.25, 1.25 };
	struct fsb_result *res = crafted_rounds(fs, 2, ph, 2, ratio, 5, "2026-12-04T10:00:00Z");
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_PICK);
	assert_string_equal(pick(&r), "ext4");
	assert_int_equal(r.named.n, 1);
	assert_has(lines.v[0], "Put ext4 on it: for a system disk what counts is unpacking packages and the small-file "
			       "work of updates (deb and tar); it was fastest of the filesystems that would do, xfs "
			       "took 1.25× [");
	assert_string_equal(lines.v[1], "Weighed for a system disk: deb ×3, tar ×1; not measured here: rm ×1, "
					"seq-create, seq-delete, rand-create, rand-delete ×0.25.");
	assert_has(lines.v[2], "Rests on: 5 rounds of each; the lead over xfs, 1.25× [");
	assert_any(&lines, "which survives leaving out any one phase and holds round by round; no spread between "
			   "sessions known");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* Eleven earlier sessions of the plan here: ten agree with today's 30%
 * lead of ext4, one had xfs 5% ahead.  The lead survives their spread, but
 * the one that named xfs fastest contradicts it and the pair's order is
 * not stable here: this machine cannot tell, and says what would.  Judged
 * alone, the same result names ext4. */
static void test_history_contradicts(void **state)
{
	static const char *const fs[] = { "ext4", "xfs" }, *const ph[] = { "deb" };
	static const double today[] = { 1, 1.30 }, other[] = { 1, 0.95 };
	struct fsb_result *res = crafted_rounds(fs, 2, ph, 1, today, 5, "2026-12-04T10:00:00Z");
	struct fsb_result *old[11];
	struct fsb_history h = { .v = old, .n = 11 };
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD, .history = &h };
	struct fsb_rec_opts ro = { .use = "system", .cfg = cfg };
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	for (size_t i = 0; i < 11; i++) {
		char when[32];

		snprintf(when, sizeof(when), "2026-11-%02zuT08:00:00Z", 20 - i);
		old[i] = crafted_rounds(fs, 2, ph, 1, i == 3 ? other : today, 5, when);
	}
	fsb_recommend(res, &o, &ro, &r);
	fsb_report_recommendation(res, &o, &ro, &r, &lines);
	assert_int_equal(r.v.kind, FSB_VERDICT_LEAD);
	assert_int_equal(r.kind, FSB_REC_CANNOT_TELL);
	assert_true(r.doubts & FSB_REC_CONTRADICTED);
	assert_true(r.doubts & FSB_REC_UNSTABLE);
	assert_int_equal(r.named.n, 0);
	assert_has(lines.v[0], "Cannot tell on this machine: ext4 led these runs for a system disk");
	assert_has(lines.v[0], ", but the run of 2026-11-17 08:00 named xfs fastest");
	assert_has(lines.v[0], "the sessions here put ext4/xfs both ways. What would tell: a partition instead of an "
			       "image file, another run on another day.");
	assert_any(&lines, "the spread between this plan's 11 earlier sessions here (±");
	assert_none(&lines, "Put ");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	/* the same result judged alone */
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_PICK);
	assert_has(lines.v[0], "Put ext4 on it");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	for (size_t i = 0; i < 11; i++)
		fsb_result_free(old[i]);
	fsb_result_free(res);
}

/* Two rounds that cannot tell ext4 from xfs yet: more rounds could, and
 * the answer says so instead of naming a choice. */
static void test_unsettled(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext4", NULL, { 10.0, 12.0 }, 2, 0, NULL },
		{ "xfs", NULL, { 11.0, 11.5 }, 2, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 2);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_CANNOT_TELL);
	assert_true(r.doubts & FSB_REC_UNSETTLED);
	assert_has(lines.v[0], "Cannot tell on this machine: ");
	assert_has(lines.v[0], " are within the noise of each other for a system disk after 2 rounds (an answer needs "
			       "3). What would tell: more rounds (the time budget 30m).");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/*
 * Every ratio the recommendation prints is the verdict's pair test: with
 * the profile's 13% spread between sessions, ext2 at 0.85 of ext4 in
 * tight rounds is no significant difference — as the verdict says — where
 * a test of the pooled repetitions alone (Welch) would call it one.
 */
static void test_ratios_are_the_verdicts(void **state)
{
	static const char *const fs[] = { "ext4", "ext2", "xfs" }, *const ph[] = { "deb" };
	static const double ratio[] = { 1, 0.85, 1.01 };
	struct fsb_result *res = crafted_rounds(fs, 3, ph, 1, ratio, 5, "2026-12-04T10:00:00Z");
	struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD };
	struct fsb_cellstats a, b;
	struct fsb_recommendation r;
	struct fsb_verdict v;
	struct fsb_verdict_pair p;
	struct fsb_strv lines = { 0 };
	struct fsb_norm n;

	(void)state;
	res->session_sd = 0.13;
	judge(res, "system", 0, &r, &lines);
	fsb_verdict_compute(res, &o, &v);
	for (size_t i = 0; i < r.nrows; i++) {
		fsb_verdict_compare(&v, r.rows[r.pick].index, r.rows[i].index, NULL, &p);
		assert_true(fabs(r.rows[i].rel - p.rel) < 1e-9);
		assert_true(fabs(r.rows[i].rel_lo - p.lo) < 1e-9 && fabs(r.rows[i].rel_hi - p.hi) < 1e-9);
		if (!strcmp(r.rows[i].fs->name, "ext2")) {
			assert_true(p.lo < 1 && p.hi > 1);
			assert_false(r.rows[i].significant);
		}
	}
	assert_any(&lines, "ext2 was 15% faster at these phases (0.85× the time of ext4 [");
	assert_any(&lines, "], not significantly) but has no journal");
	/* what the old noise model said: significant */
	fsb_cell_stats(res, 1, fsb_grid_phase(fsb_result_grid(res), "deb"), FSB_METRIC_DEAD, &a);
	fsb_cell_stats(res, 0, fsb_grid_phase(fsb_result_grid(res), "deb"), FSB_METRIC_DEAD, &b);
	n = fsb_cell_normalize(&a, &b, FSB_METRIC_DEAD, &o);
	assert_true(n.significant);
	fsb_cell_stats_free(&a);
	fsb_cell_stats_free(&b);
	fsb_verdict_free(&v);
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* "Measured poorly": with rounds this run's spread, worded as this run's;
 * with one round the profile's figure, said to be the profile's. */
static void test_measured_poorly(void **state)
{
	static const struct crafted_fs s[] = {
		{ "ext4", NULL, { 10.0, 12.5, 9.0, 11.8, 9.4 }, 5, 0, NULL },
		{ "xfs", NULL, { 10.1, 12.4, 9.2, 11.6, 9.5 }, 5, 0, NULL },
	};
	static const struct crafted_fs one[] = {
		{ "ext4", NULL, { 10.0 }, 1, 0, NULL },
		{ "xfs", NULL, { 10.5 }, 1, 0, NULL },
	};
	struct fsb_result *res = crafted_result("deb", s, 2);
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };

	(void)state;
	judge(res, "system", 0, &r, &lines);
	assert_false(r.v.noisy_from_profile);
	assert_int_equal(r.v.noisy.n, 1);
	assert_any(&lines, "It leans on phases measured poorly in this run (their spread from round to round and "
			   "between sessions): deb (");
	assert_none(&lines, "profile's figure");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);

	res = crafted_result("deb", one, 2);
	res->profile = fsb_xstrdup("quick");
	for (size_t i = 0; i < 2; i++)
		res->fs[i]->phases[0]->measured_cv = 0.122;
	judge(res, "system", 0, &r, &lines);
	assert_true(r.v.noisy_from_profile);
	assert_any(&lines, "It leans on phases the quick profile measured as noisy on an idle machine (the profile's "
			   "figure, not this run's: one round has no spread of its own): deb (12%).");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
}

/* Seed 000's sample: ext2 was fastest, "but the margin is small enough
 * that a journal is well worth it" — for a system disk it is named as
 * faster and passed over for having no journal; ext3 is the answer, by
 * one run of each. */
static void test_seed000(void **state)
{
	char *path = fsb_xasprintf("%s/data/samples/seed000-desktop-2.6.3.fsbench", FSB_ABS_SRCDIR);
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };
	struct fsb_recommendation r;
	struct fsb_strv lines = { 0 };
	size_t ext2 = SIZE_MAX;

	(void)state;
	assert_int_equal(fsb_result_read(path, &res, &err), 0);
	judge(res, "system", 0, &r, &lines);
	assert_int_equal(r.kind, FSB_REC_TENTATIVE);
	assert_string_equal(pick(&r), "ext3");
	assert_false(fsb_strv_contains(&r.named, "ext2"));
	for (size_t i = 0; i < r.nrows; i++)
		if (!strcmp(r.rows[i].fs->name, "ext2"))
			ext2 = i;
	assert_true(ext2 != SIZE_MAX && r.rows[ext2].rel < 1 && !r.rows[ext2].candidate);
	assert_has(lines.v[0], "Probably ext3, by one run of each");
	assert_any(&lines, "ext2 was 20% faster at these phases (0.80× the time of ext3, one run) but has no journal");
	fsb_strv_free(&lines);
	fsb_recommend_free(&r);
	fsb_result_free(res);
	free(path);
}

/* ext2 significantly fastest, but a system disk must survive a power loss:
 * ext4 is the pick, ahead of xfs, and ext2 is named with what it lacks.
 * For scratch space, nothing is a must-have: ext2. */
static void test_winner_without_must_have(void **state)
{
	struct fsb_result *res = crafted_ext2_ahead();
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
	struct fsb_result *res = crafted_ext2_ahead();
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
		cmocka_unit_test(test_tie_is_a_choice),
		cmocka_unit_test(test_tie_ext4_xfs),
		cmocka_unit_test(test_lead_rests_on_one_phase),
		cmocka_unit_test(test_clear_lead),
		cmocka_unit_test(test_history_contradicts),
		cmocka_unit_test(test_unsettled),
		cmocka_unit_test(test_ratios_are_the_verdicts),
		cmocka_unit_test(test_measured_poorly),
		cmocka_unit_test(test_seed000),
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
