/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recommend.h — which filesystem to put on this disk, for what it is for:
 * the judgement behind the document's recommendation (the words are
 * src/doc/recommend_doc.c's).
 *
 * A use (system disk, /home, build space, scratch, archive, removable)
 * weighs the phases that matter for it, implies must-haves and marks the
 * criteria it needs most (model/uses.h); the user may add must-haves
 * (--need).  The rules (doc/recommend.md):
 *  - the candidates are the tested filesystems whose facts (model/facts.h,
 *    from their profiles in the config) meet every must-have; an unknown
 *    fact never meets one; a deprecated or out-of-tree filesystem is never
 *    recommended;
 *  - the use's weighted total is judged by the verdict's own judge
 *    (model/verdict.h, fsb_verdict_judge) among the candidates only:
 *    rounds, the between-session spread, the looks, the naming rule, the
 *    history.  Every ratio and interval the recommendation gives, for a
 *    candidate or not, is that judge's pair test (fsb_verdict_compare), so
 *    the verdict and the recommendation never disagree;
 *  - three answers: PICK "Put X on it" when the verdict names X fastest
 *    among the candidates and no earlier session here says otherwise;
 *    CHOOSE "X or Y" when they cannot be told apart and that is an answer
 *    (the verdict is settled: a tie at the resolution a user could feel,
 *    or limited by the spread between sessions), the trade-offs between
 *    them being the criteria on which they differ (model/criteria.h),
 *    what the use needs most first; CANNOT_TELL when more rounds could
 *    still tell, or this machine's sessions disagree.  What they give
 *    never breaks a tie into one name;
 *  - with one run each the answer is tentative: the margin is untested;
 *  - nothing is recommended from unranked numbers (every run disturbed,
 *    none of the use's phases measured): the recommendation says what to
 *    run to know.
 */
#ifndef FSB_MODEL_RECOMMEND_H
#define FSB_MODEL_RECOMMEND_H

#include <stdbool.h>
#include <stddef.h>

#include "model/agefactor.h"
#include "model/cells.h"
#include "model/config.h"
#include "model/criteria.h"
#include "model/facts.h"
#include "model/uses.h"
#include "model/result.h"
#include "model/verdict.h"

/* What a recommendation is asked for. */
struct fsb_rec_opts {
	const char *use;         /* NULL: the result's use, else FSB_USE_DEFAULT */
	unsigned needs;          /* the user's must-haves, besides the use's */
	bool needs_given;        /* needs replaces the result's (result.h: what the
				    run was told); false: the result's apply */
	const struct fsb_config *cfg;  /* where the facts come from; NULL: no recommendation */
};

enum fsb_rec_kind {
	FSB_REC_NONE,            /* none of the use's phases were measured: nothing to weigh */
	FSB_REC_PICK,            /* "Put X on it": the verdict names X fastest among the candidates */
	FSB_REC_CHOOSE,          /* "X or Y": no measurable difference for the use; the trade-offs decide */
	FSB_REC_CANNOT_TELL,     /* more rounds could still tell, or the sessions here disagree */
	FSB_REC_ONLY,            /* the only candidate */
	FSB_REC_TENTATIVE,       /* one run each: the fastest candidate, by an untested margin */
	FSB_REC_NO_CANDIDATE,    /* no tested filesystem meets the must-haves */
	FSB_REC_TOO_BUSY,        /* the candidates' runs were all disturbed */
};

/* Why the answer is CANNOT_TELL, as bits. */
enum fsb_rec_doubt {
	FSB_REC_UNSETTLED    = 1 << 0,  /* more rounds could still tell (the verdict is not settled) */
	FSB_REC_CONTRADICTED = 1 << 1,  /* an earlier session here said otherwise (v.dissent) */
	FSB_REC_UNSTABLE     = 1 << 2,  /* the sessions here put the leader and another both ways */
};

struct fsb_rec_row {
	const struct fsb_fs_result *fs;
	size_t index;            /* fs's index in the result's filesystems */
	const struct fsb_fs_facts *facts;  /* the profile's (the config's), NULL: no profile */
	unsigned missing;        /* must-haves it does not meet (unknown = not met) */
	bool candidate;          /* a profile, and every must-have met */
	bool named;              /* named in the answer */
	bool ranked;             /* has a ratio to the reference (rows[pick]) */
	double total;            /* its weighted total (mean of the counted rounds), NAN */
	size_t nkept;            /* rounds counted */
	double rel, rel_lo, rel_hi;  /* total / the reference's and its interval: the verdict's
				    pair test (fsb_verdict_compare); lo, hi NAN untested */
	bool significant;        /* the interval excludes 1 by at least FSB_VERDICT_MIN_LEAD */
	const char *rests_on;    /* a candidate in the leading group only because its difference
				    from the leader rests on this phase (the verdict's rule b), or NULL */
	double rests_rel, rests_lo, rests_hi;  /* the ratio without that phase, and its interval */
	struct fsb_age_factor age;  /* its aging factor of the tree's read (grep): factor NAN
				       without aging figures */
};

/* One criterion of what else counts (model/criteria.h), for this use. */
struct fsb_rec_crit {
	enum fsb_crit id;
	bool important;          /* the use needs it most (model/uses.h) */
	bool differs;            /* the named differ on it (two or more named), else the candidates */
	size_t favours;          /* rows[] of the one strictly better than the rest of them on it,
				    SIZE_MAX when none is */
};

struct fsb_recommendation {
	enum fsb_rec_kind kind;
	const struct fsb_use *use;
	bool use_default;        /* nobody named the use: FSB_USE_DEFAULT */
	bool use_recorded;       /* the use is the one the run was told */
	unsigned needs;          /* the use's and the user's */
	struct fsb_strv phases;  /* the use's phases this result measured */
	struct fsb_strv missing_phases;  /* the use's phases it did not */
	struct fsb_rec_row *rows;  /* every filesystem of the result, fastest first by the ratio
				      to the reference, unranked ones last */
	size_t nrows;
	size_t pick;             /* the reference: PICK, ONLY, TENTATIVE the one named; CHOOSE
				    and CANNOT_TELL the verdict's first among the candidates */
	struct fsb_strv named;   /* PICK, ONLY, TENTATIVE: one; CHOOSE: two or more; else none */
	struct fsb_strv candidates;  /* the rows' candidates by name, in row order: whom the
				    verdict v ranks (its counts, ndisturbed too, are theirs) */
	unsigned doubts;         /* CANNOT_TELL: enum fsb_rec_doubt */
	size_t runner_up;        /* rows[] of the fastest candidate not named (PICK, ONLY,
				    TENTATIVE: the margin), SIZE_MAX when none */
	double between;          /* the largest between-session spread (log units) in the pairs
				    the answer rests on; 0 none, NAN untested */
	struct fsb_rec_crit crit[FSB_CRIT_COUNT];  /* the criteria this result has, important first */
	size_t ncrit;
	struct fsb_criteria values;  /* every filesystem's value on every criterion */
	size_t favoured;         /* CHOOSE: rows[] of the named one every important criterion that
				    differs favours; SIZE_MAX when none or they do not agree */
	struct fsb_verdict v;    /* the weighted verdict among the candidates behind it */
	unsigned lacking;        /* NO_CANDIDATE: the needs no tested filesystem meets */
	bool aged;               /* the result has aging figures (rows' age) */
	bool image;              /* measured on an image file (a partition would tell more) */
};

/*
 * Judge res for ro's use and needs.  Never fails; kind says what could be
 * said.  r's rows point into res and ro->cfg: read it while they live.
 * Free with fsb_recommend_free.
 */
void fsb_recommend(const struct fsb_result *res, const struct fsb_report_opts *o, const struct fsb_rec_opts *ro,
		   struct fsb_recommendation *r);
void fsb_recommend_free(struct fsb_recommendation *r);

/* The facts of a result's filesystem: its profile in cfg by name, else
 * the profile named after its type ("reiser" → "reiserfs"); NULL when
 * cfg has neither. */
const struct fsb_fs_facts *fsb_recommend_facts(const struct fsb_config *cfg, const struct fsb_fs_result *fs);
/* The needs f does not meet, of needs. */
unsigned fsb_recommend_missing(const struct fsb_fs_facts *f, unsigned needs);

#endif
