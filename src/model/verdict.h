/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * verdict.h — the judgement behind every verdict, computed once: which
 * filesystems can be told apart in total (the sum of the desktop phases),
 * which cannot, and whether more rounds could still change the answer.
 *
 * The words are the document's (src/doc/report_verdict.c); the decisions
 * are here, in the model, so that the engine can ask after every round
 * whether the verdict is settled (the default plan runs in rounds until it
 * is, or its budget is spent) with exactly the rules the document states.
 *
 * The rules (doc/measurement.md, "When is a verdict settled?"):
 *  - the filesystems are compared within each round (model/rounds.h: a
 *    round runs every filesystem once under the same conditions), and a
 *    difference is judged by its spread across rounds plus the spread
 *    between sessions no round can show: this machine's earlier sessions
 *    of the plan (model/history.h) on top of the profile's prior
 *    (session_sd, worth FSB_VERDICT_PRIOR_SESSIONS sessions), or the prior
 *    alone; the verdict says which;
 *  - a run set aside as disturbed is never evidence; a filesystem whose
 *    every run was disturbed cannot be ranked, and when that leaves fewer
 *    than two filesystems the machine was too busy;
 *  - with one counted round per filesystem nothing is significant: the
 *    verdict says so and how large a difference would have to be;
 *  - the significance level is split over the looks the stopping rule
 *    could take (res->looks: a run in settle mode may end after each of
 *    them), so looking after every round does not inflate false leads;
 *  - a filesystem is named fastest only when its lead over every other
 *    (a) has an interval, between-session spread included, above no
 *    difference and is at least FSB_VERDICT_MIN_LEAD, (b) survives leaving
 *    out any one phase of the total, and (c) holds in the rounds: the
 *    other was slower in more than two rounds of every three (all of 3,
 *    3 of 4, 4 of 5).  Otherwise the leading group is named, with what separates its
 *    members phase by phase;
 *  - settled: at least FSB_VERDICT_MIN_ROUNDS rounds of every ranked
 *    filesystem, and every other either behind the leader by these rules,
 *    tied with it at a resolution of at most FSB_VERDICT_TIE_RESOLUTION,
 *    or limited by the between-session spread (more rounds would shrink
 *    the interval by little: this run's part of it is under a third).
 *  - one noise model: a phase is measured well enough to be ranked on its
 *    own when its run-to-run CV — this run's rounds plus the between-
 *    session spread above — is at most FSB_PROFILE_CV_GOAL; the profile's
 *    measured_cv only speaks for a plan of one round.
 */
#ifndef FSB_MODEL_VERDICT_H
#define FSB_MODEL_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "model/cells.h"
#include "model/result.h"

/* Kept runs each ranked filesystem needs before anything is tested. */
#define FSB_VERDICT_MIN_RUNS 2
/* Rounds before a run in settle mode may end settled: the first looks of
 * a sequential test are the least reliable (and the between-round spread
 * of two rounds is one number). */
#define FSB_VERDICT_MIN_ROUNDS 3
/* The profile's between-session prior weighs as much as this many earlier
 * sessions of history. */
#define FSB_VERDICT_PRIOR_SESSIONS 4
/* A tie is an answer when differences above this share could have been
 * seen (0.05: 5%, the threshold below which a desktop user cannot feel a
 * difference, RESEARCH.md). */
#define FSB_VERDICT_TIE_RESOLUTION 0.05
/* A significant difference smaller than this share is still a tie: too
 * small for a user to notice (0.02: 2%). */
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

/*
 * b against a in one column (the total, a phase, a weighted total): the
 * per-round ratios' geometric mean and its interval at the verdict's level,
 * the between-session spread included.
 */
struct fsb_verdict_pair {
	size_t n;                /* rounds compared */
	size_t slower;           /* of them, rounds in which b took longer */
	double rel, lo, hi;      /* b / a and its interval (NAN untested: n < 2) */
	double within;           /* this run's standard error of ln(rel) (NAN: n < 2) */
	double between;          /* the between-session spread added (log units, 0 = none) */
	double resolution;       /* the interval's half-width, relative: what the pair could
				    tell apart (NAN untested) */
	double p;                /* two-sided, of the same t: NAN untested */
	bool significant;        /* lo above 1 and rel at least 1 + FSB_VERDICT_MIN_LEAD */
	bool holds;              /* b was slower in more than two rounds of every three */
};

struct fsb_verdict_row {
	const struct fsb_fs_result *fs;
	size_t index;            /* fs's index in the result's filesystems */
	double total;            /* mean of the counted rounds' totals (seconds, or the metric's unit) */
	size_t nkept;            /* rounds counted */
	double rel, rel_lo, rel_hi;  /* against the leader (struct fsb_verdict_pair; the leader 1) */
	bool tied;               /* in the leading group: not behind the leader by every rule */
	bool significant;        /* significantly slower than the leader (rule a) */
	double resolution;       /* the smallest difference from the leader this pair could
				    detect (relative; NAN with fewer than two runs a side) */
	struct fsb_verdict_pair pair;  /* the whole comparison with the leader */
	const char *rests_on;    /* significant, but not without this phase (rule b), or NULL */
	double rests_rel, rests_lo, rests_hi;  /* the ratio without it, and its interval */
};

/* What separates two members of the leading group in one phase. */
struct fsb_verdict_diff {
	size_t row;              /* rows[row] against rows[0] */
	const char *phase;
	double rel, lo, hi;      /* rows[row] / rows[0] in that phase */
};

/* An earlier session of the plan on this machine that does not agree. */
struct fsb_verdict_dissent {
	const struct fsb_result *res;  /* borrowed from the history */
	char *what;              /* "named btrfs fastest", "had xfs significantly slower than ext4" */
	bool contradicts;        /* not only a fastest this verdict does not name: the other way */
};

/* Where the between-session spread came from. */
enum fsb_verdict_noise {
	FSB_NOISE_NONE,          /* this run's rounds only: no history, no prior */
	FSB_NOISE_PRIOR,         /* the profile's prior (res->session_sd) */
	FSB_NOISE_HISTORY,       /* earlier sessions here (with the prior when there is one) */
};

struct fsb_verdict_judge;

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
	struct fsb_strv noisy;   /* desktop phases whose run-to-run CV is above
				    FSB_PROFILE_CV_GOAL: not ranked on their own (noisy_cv: those CVs) */
	double *noisy_cv;
	bool noisy_from_profile; /* one round: the CVs are the profile's measured_cv */
	double one_run_cv;       /* with one run: the total's expected run-to-run CV from the
				    phases' measured_cv, weighted by the baseline's times; NAN */
	/* how it was judged */
	long looks;              /* the looks the level is split over (1: none) */
	double alpha;            /* the level each pair was tested at */
	enum fsb_verdict_noise noise;
	double session_sd;       /* the prior used (log units), NAN without one */
	size_t nhistory;         /* earlier sessions of the plan it used */
	bool history_asked;      /* the earlier sessions were looked for (o->history given) */
	size_t nagree;           /* of them, sessions whose own verdict says the same (agreement()) */
	struct fsb_verdict_dissent *dissent;  /* those that say otherwise, ndissent of them, newest first */
	size_t ndissent;
	size_t nnothing;         /* the rest: sessions whose own verdict ranked nothing (too busy,
				    one run each); nhistory = nagree + ndissent + nnothing */
	struct fsb_strv unstable; /* "xfs/btrfs": pairs whose order the sessions here do not agree on */
	struct fsb_verdict_diff *diffs;  /* what separates the leading group, phase by phase */
	size_t ndiffs;
	double steal_mean, steal_max;  /* the hypervisor's steal over the counted runs, share of a
				    CPU (NAN: not recorded): a condition of the round, not of a cell */
	double others_mean;      /* share of a CPU other programs used over the judged runs
				    (wall-weighted; NAN: not recorded) */
	size_t nkept_background; /* runs kept though other programs' CPU was over the limits:
				    no more than their round's lasting background (model/rounds.h) */
	struct fsb_strv background_with;  /* the programs of that background, most often first */
	struct fsb_strv out_of_total;  /* desktop phases the total leaves out: the profile found
				    them too noisy across sessions (fsb_cell_out_of_total) */
	double out_of_total_cv[16];   /* their CVs across sessions (the first 16) */
	struct fsb_verdict_judge *judge;  /* private: what fsb_verdict_compare() asks */
};

/*
 * Judge res by o->metric (NULL: dead time, the result's baseline, Welch at
 * 0.05).  Fills v (free with fsb_verdict_free); kind NONE when there is
 * nothing to rank.  Never fails.
 */
void fsb_verdict_compute(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_verdict *v);
/* The same judgement of a weighted total (model/cells.h) of w's phases
 * instead of the sum of every desktop phase (w NULL: fsb_verdict_compute). */
void fsb_verdict_compute_weighted(const struct fsb_result *res, const struct fsb_report_opts *o,
				  const struct fsb_weights *w, struct fsb_verdict *v);

/*
 * What one judgement covers: the column and the filesystems it ranks.
 * The recommendation's (model/recommend.h) is the use's weighted phases
 * among the candidates only: a filesystem left out is never the leader
 * the others are compared to, nor in the leading group, nor counted as
 * too busy; the earlier sessions are judged over the same names.  Every
 * filesystem's rounds are still read, so fsb_verdict_compare() and
 * fsb_verdict_fs_total() answer for one left out too.
 */
struct fsb_verdict_scope {
	const struct fsb_weights *w;   /* the column: NULL the total of the desktop phases */
	const struct fsb_strv *only;   /* the filesystems ranked, by name; NULL every one */
};
/* The one judge behind both above: sc NULL is fsb_verdict_compute. */
void fsb_verdict_judge(const struct fsb_result *res, const struct fsb_report_opts *o,
		       const struct fsb_verdict_scope *sc, struct fsb_verdict *v);
/* The mean of the counted rounds' values of v's column for the result's
 * filesystem i, ranked or not (*nkept: those rounds, may be NULL); NAN
 * when none counts. */
double fsb_verdict_fs_total(const struct fsb_verdict *v, size_t i, size_t *nkept);
void fsb_verdict_free(struct fsb_verdict *v);

/*
 * The filesystem of index b (in the result's filesystems) against that of
 * index a in phase (NULL: v's total), with v's level, rounds and noise:
 * the verdict's comparison, for the document's standouts.  Untested (rel
 * NAN) for a phase not in v's total.  v stays the owner; valid until
 * fsb_verdict_free.
 */
void fsb_verdict_compare(const struct fsb_verdict *v, size_t a, size_t b, const char *phase,
			 struct fsb_verdict_pair *out);

/*
 * A table's cell as the verdict judges it (one noise model for the whole
 * document, doc/measurement.md): b against a in phase (NULL: v's total),
 * by fsb_verdict_compare, into n — the ratio, interval and p of the
 * rounds' comparison with the between-session spread, at v's level;
 * significant when the interval leaves 1 out on either side and the ratio
 * is at least FSB_VERDICT_MIN_LEAD from 1.  Returns false and leaves n as
 * it was when the pair cannot be tested so (fewer than two rounds, a
 * phase outside v's total, a value <= 0, a side n already calls
 * unreliable): the caller keeps the cells' own test then.
 */
bool fsb_verdict_norm(const struct fsb_verdict *v, size_t a, size_t b, const char *phase, struct fsb_norm *n);

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
