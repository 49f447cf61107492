/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * recommend.h — which filesystem to put on this disk, for what it is for:
 * the judgement behind the document's recommendation (the words are
 * src/doc/recommend_doc.c's).
 *
 * A use (system disk, /home, build space, scratch, archive, removable)
 * weighs the phases that matter for it and implies must-haves; the user
 * may add more (--need).  The rules (doc/recommend.md):
 *  - the candidates are the tested filesystems whose facts (model/facts.h,
 *    from their profiles in the config) meet every must-have; an unknown
 *    fact never meets one; a deprecated or out-of-tree filesystem is never
 *    recommended;
 *  - the use's weighted total is judged as the verdict judges the total
 *    (model/verdict.h: disturbed runs set aside, Welch, 95% intervals);
 *  - the pick is the fastest candidate; when other candidates are not
 *    significantly slower (tied), what they give breaks the tie, and the
 *    recommendation says so;
 *  - with one run each the pick is tentative: the margin is untested;
 *  - nothing is recommended from unranked numbers (every run disturbed,
 *    none of the use's phases measured): the recommendation says what to
 *    run to know;
 *  - with aging figures (model/agefactor.h: the result ran the aging
 *    group), a tied candidate whose aging factor of the tree's read (grep,
 *    aged / fresh) is significantly worse than another tied candidate's —
 *    its 95% interval wholly above the other's — is never the tie's pick,
 *    whatever it gives; the aging factors are not in the weighted total
 *    (they are no time of the use's work), and without them nothing
 *    changes.
 */
#ifndef FSB_MODEL_RECOMMEND_H
#define FSB_MODEL_RECOMMEND_H

#include <stdbool.h>
#include <stddef.h>

#include "model/agefactor.h"
#include "model/cells.h"
#include "model/config.h"
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
	FSB_REC_PICK,            /* the fastest candidate, significantly ahead of the others */
	FSB_REC_TIE,             /* tied with other candidates; what it gives broke the tie */
	FSB_REC_ONLY,            /* the only candidate */
	FSB_REC_TENTATIVE,       /* one run each: the fastest candidate, by an untested margin */
	FSB_REC_NO_CANDIDATE,    /* no tested filesystem meets the must-haves */
	FSB_REC_TOO_BUSY,        /* the candidates' runs were all disturbed */
};

struct fsb_rec_row {
	const struct fsb_fs_result *fs;
	const struct fsb_fs_facts *facts;  /* the profile's (the config's), NULL: no profile */
	unsigned missing;        /* must-haves it does not meet (unknown = not met) */
	int score;               /* what it gives, for breaking ties (recommend.c says how) */
	bool ranked;             /* has a weighted total (in the verdict's rows) */
	double total;            /* its weighted total (mean of the kept runs) */
	double rel, rel_lo, rel_hi;  /* total / the pick's, 95% interval (NAN untested) */
	bool significant;        /* significantly slower than the pick (or, faster ones,
				    significantly faster: rel < 1) */
	size_t nkept;
	struct fsb_age_factor age;  /* its aging factor of the tree's read (grep): factor NAN
				       without aging figures */
	bool ages_worse;         /* tied, and it ages significantly worse than another tied
				    candidate: never the tie's pick */
};

struct fsb_recommendation {
	enum fsb_rec_kind kind;
	const struct fsb_use *use;
	bool use_default;        /* nobody named the use: FSB_USE_DEFAULT */
	bool use_recorded;       /* the use is the one the run was told */
	unsigned needs;          /* the use's and the user's */
	struct fsb_strv phases;  /* the use's phases this result measured */
	struct fsb_strv missing_phases;  /* the use's phases it did not */
	struct fsb_rec_row *rows;  /* every filesystem of the result, fastest first,
				      unranked ones last */
	size_t nrows;
	size_t pick;             /* rows[pick], when kind is PICK, TIE, ONLY or TENTATIVE */
	struct fsb_strv tied;    /* candidates tied with the pick (TIE) */
	struct fsb_verdict v;    /* the weighted verdict behind it */
	unsigned lacking;        /* NO_CANDIDATE: the needs no tested filesystem meets */
	bool aged;               /* the result has aging figures (rows' age) */
	bool aging_broke_tie;    /* TIE: without them the pick would have been another */
	size_t pick_unaged;      /* TIE: rows[] index of that other pick (aging_broke_tie) */
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
