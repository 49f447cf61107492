/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * etaplan.h — how long a plan will take, asked before it runs: one answer
 * for every front end (the TUI's plan, confirm and run screens, fsbench
 * run), from the same figures the engine's ETA starts with (eta.h): per
 * filesystem and phase the mean of earlier results of the profile in the
 * results directory (the index, model/browse.h), else the profile's
 * nominal figure; and the time per run outside the phases.
 *
 * A plan in settle mode (plan.h) has no fixed length: it runs rounds
 * until the verdict settles, at most as many as the budget affords, so its
 * estimate is one round's and the most rounds that fit the budget.  A plan
 * that ends with the stall round (plan.h: fsb_plan_stall_round) counts it
 * too: in the total, and in settle mode in the budget, which then affords
 * the rounds that leave room for it.
 */
#ifndef FSB_ETAPLAN_H
#define FSB_ETAPLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/engine.h"
#include "engine/eta.h"
#include "model/browse.h"

struct fsb_eta_plan {
	bool settle;             /* rounds until the verdict settles (fsb_plan_settles) */
	double budget;           /* seconds, 0 = none (fsb_plan_budget) */
	double round;            /* one round: every filesystem once, mkfs and mount included; NAN unknown */
	long rounds;             /* the repetitions; settle: the most rounds the budget affords
				    (at least 1, at most FSB_SETTLE_MAX_ROUNDS) */
	double stall;            /* the stall round: a round without the phases it leaves out;
				    0 = none (fsb_plan_stall_round), NAN unknown */
	double total;            /* rounds × round + stall; NAN unknown */
	size_t unknown;          /* phase runs of one round nothing estimates */
	char basis[96];          /* "from 3 earlier quick runs", "from the quick profile's nominal figures", "" */
};

/*
 * The priors of eta (already fsb_eta_init'ed for the plan's filesystems and
 * phases) from hist (earlier results; NULL: the results directory is read
 * now) and the profile's nominal figures; basis (len bytes, may be NULL)
 * gets what they come from, "" when nothing is known.
 */
void fsb_eta_plan_priors(const struct fsb_plan *plan, struct fsb_browse *hist, struct fsb_eta *eta, char *basis,
			 size_t len);

/* The plan's estimate (hist as above).  Never fails: what is not known is NAN. */
void fsb_eta_plan(const struct fsb_plan *plan, struct fsb_browse *hist, struct fsb_eta_plan *out);

/*
 * What the given phases (names of the config's phases, in the plan or not)
 * take in one round of the plan's filesystems, from the same figures as
 * fsb_eta_plan() (hist as there): the seconds a plan screen's tick adds,
 * such as the aging group's.  NAN when no figure covers any of them; a
 * phase nothing estimates counts nothing.
 */
double fsb_eta_plan_phases(const struct fsb_plan *plan, struct fsb_browse *hist, const struct fsb_strv *phases);

/* The rounds a budget affords at round seconds each: at least 1 (also
 * when the budget is spent), at most FSB_SETTLE_MAX_ROUNDS; the cap when
 * round is unknown.  With the stall round the caller passes the budget
 * less one round's reserve for it. */
long fsb_eta_plan_rounds(double budget, double round);

/*
 * The estimate in words, the same on every screen: "about 6 min 17 s, from
 * the quick profile's nominal figures"; settle mode: "up to about 12 min 34
 * s: 2 rounds of about 6 min 17 s fit the 15m budget, from …"; with the
 * stall round "… 1 round of about 6 min 17 s and the stall round fit …",
 * "about 12 min 30 s: 1 round of about 6 min 17 s and the stall round";
 * unknown: "unknown: no earlier tiny run and no nominal figures".  Returns
 * buf.
 */
const char *fsb_eta_plan_text(const struct fsb_eta_plan *est, const char *profile, char *buf, size_t len);

#endif
