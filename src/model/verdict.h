/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verdict.h — the judgement behind every verdict, computed once: which
 * filesystems can be told apart in total (the sum of the desktop phases),
 * which cannot, and whether more rounds could still change the answer.
 *
 * The words are the document's (src/doc/report.c); the decisions are here,
 * in the model, so that the engine can ask after every round whether the
 * verdict is settled (the default plan runs in rounds until it is, or its
 * budget is spent) with exactly the rules the document states.
 *
 * The rules (doc/measurement.md, "When is a verdict settled?"):
 *  - a run set aside as disturbed, or an outlier, is never evidence; a
 *    filesystem whose every run was disturbed cannot be ranked, and when
 *    that leaves fewer than two filesystems the machine was too busy;
 *  - with one kept run per filesystem nothing is significant: the verdict
 *    says so and how large a difference would have to be (resolution);
 *  - the leading group is the fastest filesystem and every one whose
 *    difference from it is not significant (Welch by default, as the
 *    tables) or under FSB_VERDICT_MIN_LEAD; "fastest" only when that
 *    group has one member;
 *  - settled: at least FSB_VERDICT_MIN_RUNS kept runs of every ranked
 *    filesystem, and every ranked filesystem is either significantly
 *    slower than the leader, or tied with it at a resolution of at most
 *    FSB_VERDICT_TIE_RESOLUTION (a tie that small is an answer: "no
 *    measurable difference"; a wider one is not yet).
 */
#ifndef FSB_MODEL_VERDICT_H
#define FSB_MODEL_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/cells.h"
#include "model/result.h"

/* Kept runs each ranked filesystem needs before a verdict can settle. */
#define FSB_VERDICT_MIN_RUNS 2
/* A tie is an answer when differences above this share could have been
 * seen (0.05: 5%, the threshold below which a desktop user cannot feel a
 * difference, RESEARCH.md). */
#define FSB_VERDICT_TIE_RESOLUTION 0.05
/* A significant difference smaller than this share is still a tie: too
 * small for a user to notice, and the size of the drift between two runs
 * of the same plan on one machine (0.02: 2%). */
#define FSB_VERDICT_MIN_LEAD 0.02
/* With one run, a desktop phase whose dead time (the metric) is under
 * this on the baseline is too short to measure: a few ticks of CPU
 * accounting (with repetitions their spread is measured and tested). */
#define FSB_VERDICT_MIN_PHASE_S 0.5

enum fsb_verdict_kind {
	FSB_VERDICT_NONE,        /* nothing to judge: no desktop phase, < 2 filesystems with a total */
	FSB_VERDICT_LEAD,        /* rows[0] is significantly ahead of every other */
	FSB_VERDICT_TIE,         /* rows[0..ntied) cannot be told apart (ntied >= 2) */
	FSB_VERDICT_ONE_RUN,     /* one kept run per filesystem (or fewer): not tested */
	FSB_VERDICT_TOO_BUSY,    /* disturbed runs leave fewer than two filesystems to rank */
};

struct fsb_verdict_row {
	const struct fsb_fs_result *fs;
	double total;            /* mean of the kept totals (seconds, or the metric's unit) */
	size_t nkept;            /* kept runs behind it */
	double rel, rel_lo, rel_hi;  /* total / leader's total, its 95% interval (NAN untested) */
	bool tied;               /* not significantly different from the leader (the leader: true) */
	bool significant;        /* significantly slower than the leader */
	double resolution;       /* the smallest difference from the leader this pair could
				    detect (relative; NAN with fewer than two runs a side) */
};

struct fsb_verdict {
	enum fsb_verdict_kind kind;
	enum fsb_metric metric;
	struct fsb_verdict_row *rows;  /* ranked filesystems, fastest first */
	size_t nrows;
	size_t ntied;            /* the leading group: rows[0..ntied) */
	double resolution;       /* largest pair resolution within the leading group and its
				    first outsider: what these runs can tell apart; NAN if unknown */
	size_t min_kept;         /* fewest kept runs of a ranked filesystem */
	bool settled;            /* more rounds would not change the leading group */
	struct fsb_strv unranked;   /* filesystems with a total but no ratio (negative dead time) */
	struct fsb_strv too_busy;   /* filesystems whose every run was disturbed */
	struct fsb_strv busy_with;  /* the other programs named by the disturbed runs, most often first */
	size_t ndisturbed;       /* runs set aside as disturbed, over every filesystem and phase
				    but the aging group's (model/agefactor.h) */
	struct fsb_strv unmeasured; /* desktop phases too short to measure (doc/measurement.md) */
	struct fsb_strv noisy;   /* desktop phases whose profile measured an idle run-to-run CV
				    above FSB_PROFILE_CV_GOAL: not ranked (noisy_cv: those CVs) */
	double *noisy_cv;
	double one_run_cv;       /* with one run: the total's expected run-to-run CV from the
				    phases' measured_cv, weighted by the baseline's times; NAN */
};

/*
 * Judge res by o->metric (NULL: dead time, the result's baseline, Welch at
 * 0.05).  Fills v (free with fsb_verdict_free); kind NONE when there is
 * nothing to rank.  Never fails.
 */
void fsb_verdict_compute(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_verdict *v);
/* The same judgement of a weighted total (model/cells.h) of w's phases
 * instead of the sum of every desktop phase: the recommendation's, for
 * the phases a disk's use weighs (w NULL: fsb_verdict_compute). */
void fsb_verdict_compute_weighted(const struct fsb_result *res, const struct fsb_report_opts *o,
				  const struct fsb_weights *w, struct fsb_verdict *v);
void fsb_verdict_free(struct fsb_verdict *v);

/*
 * For the engine after each round: is the verdict settled?  why (may be
 * NULL) gets one line for the run screen, e.g. "ext3 and xfs still within
 * the noise of each other after round 2 (differences under 9% cannot be
 * seen yet)" or "settled after round 3: xfs is fastest, 6% ahead of ext3".
 * rounds is the number of rounds done (for the words only).
 */
bool fsb_verdict_settled(const struct fsb_result *res, const struct fsb_report_opts *o, long rounds,
			 char *why, size_t len);

#endif
