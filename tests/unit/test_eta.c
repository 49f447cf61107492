/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of src/engine/eta.c: the run's ETA from priors and what the
 * run measured, and a phase's fraction — never backwards, never at 100%
 * while the phase runs, -1 (no bar) when nothing is known.  The expected
 * values are worked out by hand in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <math.h>
#include <stdbool.h>

#include "engine/eta.h"
#include "engine/etaplan.h"
#include "model/config.h"

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-eta.XXXXXX"
#include "scratchdir.h"

#define EPS 1e-9

/* The plan of two tests: 2 filesystems × 2 phases × 2 repetitions, priors
 * 10 s and 30 s on both filesystems, OVERHEAD s outside the phases a run. */
static void priors_10_30(struct fsb_eta *e, double overhead)
{
	fsb_eta_init(e, 2, 2, 2);
	for (size_t f = 0; f < 2; f++) {
		fsb_eta_set_prior(e, f, 0, 10);
		fsb_eta_set_prior(e, f, 1, 30);
	}
	e->overhead_prior = overhead;
}

/* Nothing known: no estimate for any cell, everything counted unknown. */
static void test_nothing_known(void **state)
{
	struct fsb_eta e;
	size_t unk = 0;

	(void)state;
	fsb_eta_init(&e, 2, 3, 1);
	assert_true(isnan(fsb_eta_expected(&e, 0, 0)));
	assert_true(fabs(fsb_eta_left(&e, 0, -1, 0, &unk)) < EPS);
	assert_int_equal(unk, 6);
	fsb_eta_free(&e);
}

/* From the first second: 2 filesystems × 2 phases × 2 repetitions with
 * priors 10 s and 30 s, 5 s outside the phases per run: 2 × 2 × (10 + 30)
 * + 4 × 5 (each run's mkfs/mount/umount) = 180 s.  The default order is
 * sequential: slots (fs 0, rep 1), (0, 2), (1, 1), (1, 2). */
static void test_priors(void **state)
{
	struct fsb_eta e;
	size_t unk = 99;

	(void)state;
	priors_10_30(&e, 5);
	assert_true(fabs(fsb_eta_left(&e, 0, -1, 0, &unk) - 180) < EPS);
	/* before the second filesystem: its 80 s and its 2 × 5 s */
	assert_int_equal(fsb_eta_slot(&e, 1, 1), 2);
	assert_true(fabs(fsb_eta_left(&e, 2, -1, 0, NULL) - 90) < EPS);
	assert_int_equal(unk, 0);
	/* 4 s into phase 0 of the first repetition: 6 s of it left, its
	 * mkfs and mount behind it */
	assert_true(fabs(fsb_eta_left(&e, 0, 0, 4, NULL) - 171) < EPS);
	/* a phase that overruns counts 0, never negative */
	assert_true(fabs(fsb_eta_left(&e, 0, 0, 50, NULL) - 165) < EPS);
	/* last phase of the last run, 10 s in: 20 s left, no overhead */
	assert_true(fabs(fsb_eta_left(&e, 3, 1, 10, NULL) - 20) < EPS);
	/* after the very end (j = nphases of the last slot, or past it): 0 */
	assert_true(fabs(fsb_eta_left(&e, 3, 2, 0, NULL)) < EPS);
	assert_true(fabs(fsb_eta_left(&e, 4, -1, 0, NULL)) < EPS);
	fsb_eta_free(&e);
}

/* Refined after each phase: the machine runs phase 0 twice as slow as the
 * prior said on fs 0, so phase 0 on fs 1 (prior 12) is expected at 24; phase
 * 1, not yet measured anywhere, is scaled by the run's ratio (2 as well). */
static void test_refined(void **state)
{
	struct fsb_eta e;

	(void)state;
	fsb_eta_init(&e, 2, 2, 1);
	fsb_eta_set_prior(&e, 0, 0, 10);
	fsb_eta_set_prior(&e, 1, 0, 12);
	fsb_eta_set_prior(&e, 0, 1, 30);
	fsb_eta_set_prior(&e, 1, 1, 30);
	fsb_eta_record(&e, 0, 0, 20);
	assert_true(fabs(fsb_eta_expected(&e, 0, 0) - 20) < EPS);	/* its own measurement */
	assert_true(fabs(fsb_eta_expected(&e, 1, 0) - 24) < EPS);	/* 12 × 20/10 */
	assert_true(fabs(fsb_eta_expected(&e, 0, 1) - 60) < EPS);	/* 30 × 20/10 */
	/* phase 1 on fs 0 measured at 45: fs 1's phase 1 is 30 × 45/30 */
	fsb_eta_record(&e, 0, 1, 45);
	assert_true(fabs(fsb_eta_expected(&e, 1, 1) - 45) < EPS);
	/* fs 0 done, 3 s of mkfs/mount/umount measured: left = 24 + 45 + 3 */
	fsb_eta_record_overhead(&e, 3);
	assert_true(fabs(fsb_eta_left(&e, 0, 2, 0, NULL) - 72) < EPS);
	fsb_eta_free(&e);
}

/* Without priors, the same phase on the filesystems that ran is the
 * estimate: their mean. */
static void test_no_priors(void **state)
{
	struct fsb_eta e;
	size_t unk;

	(void)state;
	fsb_eta_init(&e, 3, 1, 1);
	fsb_eta_record(&e, 0, 0, 8);
	fsb_eta_record(&e, 1, 0, 12);
	assert_true(fabs(fsb_eta_expected(&e, 2, 0) - 10) < EPS);
	assert_true(fabs(fsb_eta_left(&e, 2, 0, 3, &unk) - 7) < EPS);
	assert_int_equal(unk, 0);
	/* nonsense is ignored, not recorded */
	fsb_eta_record(&e, 2, 0, NAN);
	fsb_eta_record(&e, 2, 0, -1);
	fsb_eta_record(&e, 9, 0, 1);
	assert_true(isnan(fsb_eta_expected(&e, 9, 0)));
	assert_true(fabs(fsb_eta_expected(&e, 2, 0) - 10) < EPS);
	fsb_eta_free(&e);
}

/* Rounds interleave the filesystems: what is left after a slot is the
 * slots after it, whichever filesystems they are.  2 filesystems × 1
 * phase × 2 repetitions, priors 10 s (fs 0) and 20 s (fs 1), 1 s per run
 * outside the phase; the order (1, 1), (0, 1), (0, 2), (1, 2). */
static void test_rounds(void **state)
{
	const struct fsb_slot order[] = { { 1, 1 }, { 0, 1 }, { 0, 2 }, { 1, 2 } };
	const struct fsb_slot bad[] = { { 0, 1 }, { 2, 1 } };
	struct fsb_eta e;

	(void)state;
	fsb_eta_init(&e, 2, 1, 2);
	fsb_eta_set_prior(&e, 0, 0, 10);
	fsb_eta_set_prior(&e, 1, 0, 20);
	e.overhead_prior = 1;
	fsb_eta_set_order(&e, order, 4);
	assert_int_equal(fsb_eta_slot(&e, 0, 2), 2);
	assert_int_equal(fsb_eta_slot(&e, 1, 2), 3);
	assert_int_equal(fsb_eta_slot(&e, 5, 1), 4);	/* none: nslots */
	/* an order naming a filesystem outside the plan is not taken */
	fsb_eta_set_order(&e, bad, 2);
	assert_int_equal(e.nslots, 4);
	/* the whole run: 20 + 10 + 10 + 20 + 4 × 1 */
	assert_true(fabs(fsb_eta_left(&e, 0, -1, 0, NULL) - 64) < EPS);
	/* before fs 0's first repetition: fs 1's second is still to come
	 * (sequential thinking would forget it, or count fs 1's first twice) */
	assert_true(fabs(fsb_eta_left(&e, 1, -1, 0, NULL) - 43) < EPS);
	/* fs 1 is done with (it converged, or could not be made again): its
	 * second repetition counts nothing */
	fsb_eta_drop_fs(&e, 1);
	assert_true(fabs(fsb_eta_left(&e, 1, -1, 0, NULL) - 22) < EPS);
	/* the running slot of a dropped filesystem still counts its rest */
	assert_true(fabs(fsb_eta_left(&e, 0, 0, 5, NULL) - (15 + 10 + 10 + 2)) < EPS);
	fsb_eta_free(&e);
}

/* The stall round (engine.h) is one repetition more, after the timed
 * ones, and leaves out the phases it does not run (the crash phase).  2
 * filesystems × 2 phases, priors 10 s and 30 s (phase 1: a crash phase),
 * 1 s per run outside the phases; one timed round, then the stall round
 * (rep 2): 2 × (10 + 30 + 1) + 2 × (10 + 1) = 104 s. */
static void test_stall_round(void **state)
{
	const struct fsb_slot order[] = { { 0, 1 }, { 1, 1 }, { 0, 2 }, { 1, 2 } };
	const bool skip[] = { false, true };
	struct fsb_eta e;

	(void)state;
	priors_10_30(&e, 1);
	fsb_eta_set_order(&e, order, 4);
	/* without the stall round's mark the slots count every phase */
	assert_true(fabs(fsb_eta_left(&e, 0, -1, 0, NULL) - 164) < EPS);
	fsb_eta_set_stall(&e, 2, skip);
	assert_true(fabs(fsb_eta_left(&e, 0, -1, 0, NULL) - 104) < EPS);
	/* in the stall round: fs 1's slot and its overhead */
	assert_true(fabs(fsb_eta_left(&e, 3, -1, 0, NULL) - 11) < EPS);
	/* no stall round: every slot whole again */
	fsb_eta_set_stall(&e, 0, NULL);
	assert_true(fabs(fsb_eta_left(&e, 0, -1, 0, NULL) - 164) < EPS);
	fsb_eta_free(&e);
}

/* The fraction: elapsed / expected, capped below 100%, never backwards. */
static void test_fraction(void **state)
{
	double f;

	(void)state;
	assert_true(fabs(fsb_eta_fraction(5, 20, -1) - 0.25) < EPS);
	assert_true(fabs(fsb_eta_fraction(0, 20, -1)) < EPS);
	/* past the estimate: held at the cap, never 100% or more */
	assert_true(fabs(fsb_eta_fraction(40, 20, 0.5) - FSB_ETA_CAP) < EPS);
	/* never backwards, whatever the inputs do */
	assert_true(fabs(fsb_eta_fraction(1, 20, 0.6) - 0.6) < EPS);
	/* unknown expectation: no bar, or the bar as it was */
	assert_true(fsb_eta_fraction(5, NAN, -1) == -1);
	assert_true(fsb_eta_fraction(5, 0, -1) == -1);
	assert_true(fabs(fsb_eta_fraction(5, NAN, 0.3) - 0.3) < EPS);
	/* a sweep: monotone and below 1 */
	f = -1;
	for (int t = 0; t <= 100; t++) {
		double g = fsb_eta_fraction(t * 0.5, 20, f);

		assert_true(g >= f);
		assert_true(g < 1);
		f = g;
	}
}

/* Counted units: done / total, the same rules. */
static void test_units(void **state)
{
	double f = -1;

	(void)state;
	assert_true(fabs(fsb_eta_fraction_units(500, 2000, -1) - 0.25) < EPS);
	assert_true(fabs(fsb_eta_fraction_units(2000, 2000, 0.9) - FSB_ETA_CAP) < EPS);
	assert_true(fabs(fsb_eta_fraction_units(2500, 2000, -1) - FSB_ETA_CAP) < EPS);
	assert_true(fsb_eta_fraction_units(10, 0, -1) == -1);
	/* a count that drops (another make run's output) keeps the bar */
	assert_true(fabs(fsb_eta_fraction_units(100, 2000, 0.5) - 0.5) < EPS);
	for (int u = 0; u <= 2200; u += 37) {
		double g = fsb_eta_fraction_units(u, 2000, f);

		assert_true(g >= f && g < 1);
		f = g;
	}
}

/* The rounds a budget affords: whole rounds, at least 1, at most the cap. */
static void test_plan_rounds(void **state)
{
	(void)state;
	assert_int_equal(fsb_eta_plan_rounds(900, 376.5), 2);
	assert_int_equal(fsb_eta_plan_rounds(900, 450), 2);
	assert_int_equal(fsb_eta_plan_rounds(900, 451), 1);
	assert_int_equal(fsb_eta_plan_rounds(900, 2000), 1);	/* one round always runs */
	assert_int_equal(fsb_eta_plan_rounds(900, 10), FSB_SETTLE_MAX_ROUNDS);
	assert_int_equal(fsb_eta_plan_rounds(900, NAN), FSB_SETTLE_MAX_ROUNDS);
	/* a budget the stall round's reserve spent: the first round still */
	assert_int_equal(fsb_eta_plan_rounds(0, 100), 1);
	assert_int_equal(fsb_eta_plan_rounds(-50, 100), 1);
}

/*
 * The plan's estimate, the one every screen shows: the shipped quick
 * profile on the five default filesystems, no earlier run (an empty
 * results directory), so the nominal figures: 8.0 + 1.1 + 12.0 + 3.8 + 1.2
 * (clone) + 0.4 + 3.9 + 1.5 = 31.9 s per filesystem, 159.5 s a round.  The
 * stall round (the default probe) is a round more, and the budget keeps
 * room for it: 4 rounds and the stall round fit the 15 minutes (797.5 s);
 * without the probe 5 rounds do.  With --repeat 1: one round and the stall
 * round.  tiny: nothing known, no budget.
 */
/* Plan p with est, against hist: est->rounds is rounds (unless -1), and
 * its text is text (unless NULL). */
static void plan_is(const struct fsb_plan *p, struct fsb_browse *hist, struct fsb_eta_plan *est,
		    long rounds, const char *text)
{
	char t[256];

	fsb_eta_plan(p, hist, est);
	if (rounds >= 0)
		assert_int_equal(est->rounds, rounds);
	if (text)
		assert_string_equal(fsb_eta_plan_text(est, p->profile, t, sizeof(t)), text);
}

static void test_plan_estimate(void **state)
{
	struct fsb_config *cfg;
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/data/fsbench.conf", FSB_ABS_SRCDIR);
	struct fsb_browse hist;
	struct fsb_eta_plan est;
	struct fsb_plan p;

	(void)state;
	setenv("XDG_CACHE_HOME", dir, 1);
	assert_int_equal(fsb_config_load(path, &cfg, &err), 0);
	assert_int_equal(fsb_browse_scan(dir, &hist, NULL), 0);
	fsb_plan_init(&p, cfg);
	plan_is(&p, &hist, &est, 4,
		"up to about 13 min 18 s: 4 rounds of about 2 min 40 s and the stall round fit the 15m "
		"budget, from the quick profile's nominal figures");
	assert_true(est.settle);
	assert_true(fabs(est.budget - 900) < EPS);
	assert_true(fabs(est.round - 159.5) < 1e-6);	/* the nominal figures' sum × 5 filesystems */
	assert_true(fabs(est.stall - 159.5) < 1e-6);	/* every default phase is a command phase */
	assert_true(fabs(est.total - 797.5) < 1e-6);
	/* without the probe: no stall round, no room kept for it */
	p.probe = FSB_PROBE_OFF;
	plan_is(&p, &hist, &est, 5,
		"up to about 13 min 18 s: 5 rounds of about 2 min 40 s fit the 15m budget, "
		"from the quick profile's nominal figures");
	assert_true(est.stall == 0);
	/* beside the timed phases: no stall round either */
	p.probe = FSB_PROBE_BESIDE;
	plan_is(&p, &hist, &est, 5, NULL);
	p.probe = FSB_PROBE_ROUND;
	/* a budget of 5 minutes affords one round, and the stall round runs
	 * after it all the same: the first round always runs */
	p.budget = 300;
	plan_is(&p, &hist, &est, 1, NULL);
	assert_true(fabs(est.total - 319) < 1e-6);
	/* a fixed repetition: no rounds, no budget's bound */
	p.settle = false;
	plan_is(&p, &hist, &est, 1,
		"about 5 min 19 s: a round of about 2 min 40 s and the stall round, from the quick "
		"profile's nominal figures");
	assert_false(est.settle);
	p.probe = FSB_PROBE_OFF;
	plan_is(&p, &hist, &est, -1, "about 2 min 40 s, from the quick profile's nominal figures");
	p.probe = FSB_PROBE_ROUND;
	/* tiny: no nominal figures, no budget */
	free(p.profile);
	p.profile = fsb_xstrdup("tiny");
	p.settle = true;
	p.budget = -1;
	plan_is(&p, &hist, &est, -1, "unknown: no earlier tiny run and no nominal figures");
	assert_false(est.settle);
	assert_true(isnan(est.round) && isnan(est.total));
	/* tiny with a budget: rounds, bounded by it, length unknown */
	p.budget = 120;
	plan_is(&p, &hist, &est, FSB_SETTLE_MAX_ROUNDS,
		"at most 2m (the budget); a round's length is unknown: no earlier tiny run and no nominal figures");
	assert_true(est.settle);
	fsb_plan_clear(&p);
	fsb_browse_free(&hist);
	fsb_config_free(cfg);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nothing_known),
		cmocka_unit_test(test_priors),
		cmocka_unit_test(test_refined),
		cmocka_unit_test(test_no_priors),
		cmocka_unit_test(test_rounds),
		cmocka_unit_test(test_stall_round),
		cmocka_unit_test(test_fraction),
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_plan_rounds),
		cmocka_unit_test(test_plan_estimate),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
