/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * criteria.h — what counts besides speed when choosing a filesystem, as
 * data: each criterion's name, its words, where its evidence comes from
 * (documented by the profile's facts, model/facts.h, or measured by this
 * run) and how two filesystems compare on it.  The recommendation
 * (model/recommend.h) weighs them: the trade-offs between candidates that
 * cannot be told apart by speed are the criteria on which they differ,
 * what a use needs most first (model/uses.h: its important criteria).
 *
 * Documented criteria compare by the order of their words (a journal
 * beats none, online beats offline beats no); a fact a profile does not
 * state compares with nothing.  Measured criteria exist only when the
 * result has them, and differ only when the difference is real:
 *  - with an interval on both sides (the aging factor's, the crash
 *    phase's shares), the intervals apart;
 *  - else (one value a filesystem: fsck time, write amplification, the
 *    longest stall) the larger at least min_ratio times the smaller and
 *    at least min_abs above it — a difference a user can feel
 *    (doc/recommend.md says which and why).
 * The measured power loss (the crash phase, model/crashcell.h) replaces
 * the documented crash behaviour's evidence where a filesystem has it.
 *
 * Pure: reads the result and the facts, never the system.
 */
#ifndef FSB_MODEL_CRITERIA_H
#define FSB_MODEL_CRITERIA_H

#include <stdbool.h>
#include <stddef.h>

#include "model/facts.h"
#include "model/result.h"

struct fsb_report_opts;

/*
 * The criteria, in the order the table lists them (a use's important ones
 * first): id, name (JSON's, stable), label (the table's row), where the
 * evidence comes from (enum fsb_crit_source: DOCUMENTED, MEASURED, BOTH),
 * and for a measured one with single values what differs: at least
 * min_ratio times and min_abs (in unit) apart.  Why these numbers:
 * doc/recommend.md, "What else counts".
 */
#define FSB_CRITERIA(X) \
	X(POWER_LOSS,  "power-loss",  "power-loss safety",              BOTH,       0,   0,   "") \
	X(FSCK,        "fsck",        "full check (fsck) on this data", MEASURED,   1.5, 1.0, "s") \
	X(CHECKSUMS,   "checksums",   "checksums",                      DOCUMENTED, 0,   0,   "") \
	X(SNAPSHOTS,   "snapshots",   "snapshots",                      DOCUMENTED, 0,   0,   "") \
	X(COMPRESSION, "compression", "transparent compression",        DOCUMENTED, 0,   0,   "") \
	X(GROW,        "grow",        "grows",                          DOCUMENTED, 0,   0,   "") \
	X(SHRINK,      "shrink",      "shrinks",                        DOCUMENTED, 0,   0,   "") \
	X(MAX_FILE,    "max-file",    "largest file",                   DOCUMENTED, 0,   0,   "") \
	X(SUPPORT,     "support",     "support",                        DOCUMENTED, 0,   0,   "") \
	X(AGING,       "aging",       "reading the tree after aging",   MEASURED,   1.5, 0.5, "×") \
	X(WRITE_AMP,   "write-amp",   "write amplification",            MEASURED,   1.5, 0.5, "×") \
	X(STALLS,      "stalls",      "longest fsync stall",            MEASURED,   1.5, 0.1, "s") \
	X(CLONE,       "clone",       "clones a copy (reflink)",        MEASURED,   0,   0,   "")

enum fsb_crit {
#define FSB_CRIT_ENUM(id, name, label, source, min_ratio, min_abs, unit) FSB_CRIT_##id,
	FSB_CRITERIA(FSB_CRIT_ENUM)
#undef FSB_CRIT_ENUM
	FSB_CRIT_COUNT
};
/* A criterion as a bit, for a use's important ones. */
#define FSB_CRIT_BIT(id) (1u << FSB_CRIT_##id)

enum fsb_crit_source {
	FSB_CRIT_DOCUMENTED,     /* the profile's facts (data/fsbench.conf) */
	FSB_CRIT_MEASURED,       /* this run's figures, when it has them */
	FSB_CRIT_BOTH,           /* documented, measured where the run has it (power loss) */
};

/* One filesystem's value on one criterion. */
struct fsb_crit_value {
	bool known;              /* stated by its profile or measured here; false: "—" */
	bool measured;           /* by this run (else the profile's documented fact) */
	double rank;             /* documented: the fact's order, higher is better; NAN unknown */
	double x, lo, hi;        /* measured: lower is better; lo, hi its interval (NAN: a single
				    value).  Power loss: the share of crash states that lost
				    fsync'd data or broke a rename */
	double x2, lo2, hi2;     /* power loss: the share that needed repair */
	char text[64];           /* the cell: "journal", "offline", "0.61 s", "2.30×" */
};

struct fsb_criterion {
	enum fsb_crit id;
	const char *name;        /* "power-loss" */
	const char *label;       /* "power-loss safety" */
	enum fsb_crit_source source;
	double min_ratio, min_abs;  /* measured, single values: what differs (see above) */
	const char *unit;        /* of min_abs: "s", "×" ("" none) */
};

/* The criterion k's description. */
const struct fsb_criterion *fsb_criterion(enum fsb_crit k);
/* A criterion by name, FSB_CRIT_COUNT when none. */
enum fsb_crit fsb_criterion_find(const char *name);

/* Every criterion's value for every filesystem of a result. */
struct fsb_criteria {
	size_t nfs;              /* the result's filesystems */
	struct fsb_crit_value *v;  /* [FSB_CRIT_COUNT × nfs]: fsb_criteria_at */
	bool present[FSB_CRIT_COUNT];  /* documented: always; measured: the result has it */
	bool measured[FSB_CRIT_COUNT]; /* some filesystem's value was measured here */
};

/*
 * Fill c for res: facts[i] the facts of res->fs[i] (NULL: its profile is
 * unknown), o the metric of the aging factors (NULL: dead time).  Free
 * with fsb_criteria_free.  Never fails.
 */
void fsb_criteria_compute(const struct fsb_result *res, const struct fsb_report_opts *o,
			  const struct fsb_fs_facts *const *facts, struct fsb_criteria *c);
void fsb_criteria_free(struct fsb_criteria *c);
const struct fsb_crit_value *fsb_criteria_at(const struct fsb_criteria *c, enum fsb_crit k, size_t i);

/* a against b on k: 1 a is better, -1 worse, 0 the same, or no difference
 * these figures can tell (unknown on either side). */
int fsb_criterion_compare(enum fsb_crit k, const struct fsb_crit_value *a, const struct fsb_crit_value *b);

#endif
