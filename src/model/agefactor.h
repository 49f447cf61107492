/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * agefactor.h — how much slower a filesystem reads its tree after aging:
 * the aging group's runs of a result (data/fsbench.conf, group "aging";
 * doc/aging.md) judged aged against fresh, per filesystem.
 *
 * The aging phases, in the order they run: age (the workload), aged-grep
 * and aged-stat (the aged tree read cold: every file whole, then an lstat
 * walk), aged-make2, aged-cp and aged-rm (desktop phases on the aged
 * filesystem: a build from a full ccache, cp -a of the tree, rm -rf of that
 * copy), refresh (the tree copied out, the filesystem made afresh, the tree
 * copied back with cp -a), then fresh-grep … fresh-rm (the same phases on
 * the fresh filesystem).  They are compared with each other only: never in
 * a "total", a verdict or a recommendation's weighted total, nor in the
 * built-in phases' tables (model/cells.h leaves them out of its phase
 * lists).
 *
 *  - aging factor = aged-X / fresh-X for X in {grep, stat, make2, cp, rm}, of the
 *    metric's cell statistics (model/cells.h: disturbed runs and outliers
 *    set aside), by fsb_cell_normalize with fresh-X as the baseline: the
 *    ratio of the means, its 95% interval by Fieller, the test
 *    (Welch / Mann-Whitney) that says whether it is significant;
 *  - ranks: among the filesystems with a kept mean, 1 = the fastest fresh
 *    (or aged) read, by the means;
 *  - layout: the mean over the successful runs of aged-stat (fresh-stat)
 *    of each layout field; NAN = not reported (btrfs' free space, older
 *    files).
 *
 * Pure: reads the result, never the system.  Thread-safe.
 */
#ifndef FSB_MODEL_AGEFACTOR_H
#define FSB_MODEL_AGEFACTOR_H

#include <stdbool.h>
#include <stddef.h>

#include "model/cells.h"
#include "model/result.h"

/* Is phase one of the aging group's twelve? */
bool fsb_agefactor_is_aging(const char *phase);
/* Does res hold a run (any status) of any aging phase (fsb_agefactor_is_aging)
 * on any filesystem?  An aging phase only planned, or of a filesystem that
 * never ran, does not count.  What the result index calls "aged"
 * (model/index.h). */
bool fsb_agefactor_aged(const struct fsb_result *res);
/* The phases compared aged against fresh: the two reads, then the desktop
 * phases run on the aged and the fresh filesystem (from FSB_AGE_MAKE2 on). */
enum fsb_age_read { FSB_AGE_GREP, FSB_AGE_STAT, FSB_AGE_MAKE2, FSB_AGE_CP, FSB_AGE_RM, FSB_AGE_READS };
#define FSB_AGE_FIRST_DESKTOP FSB_AGE_MAKE2
const char *fsb_age_read_name(enum fsb_age_read k);          /* "grep", "stat", "make2" … */
const char *fsb_age_read_phase(enum fsb_age_read k, bool aged);  /* "aged-grep", "fresh-stat" … */

/* Does res hold a run of kind k's aged or fresh phase on any filesystem? */
bool fsb_age_kind_present(const struct fsb_result *res, enum fsb_age_read k);
/* … of any kind?  (What decides that a document has an Aging section.) */
bool fsb_age_present(const struct fsb_result *res);

/* One filesystem's factor of one read. */
struct fsb_age_factor {
	double factor;           /* aged / fresh (> 1: slower after aging); NAN: not both measured */
	double lo, hi;           /* its 95% interval (Fieller); NAN when untested or not
				    measurable (fsb_age_interval_unmeasurable) */
	bool tested;             /* a test ran (two kept runs a side at least) */
	bool significant;        /* the test says aged and fresh differ (p < alpha) */
	bool unreliable;         /* a side's every run was disturbed */
	double p;                /* of the test, NAN when none */
	double aged, fresh;      /* the means of the metric (seconds), NAN when none */
	double aged_ci, fresh_ci; /* their 95% CI half-widths, NAN when fewer than two runs */
	size_t naged, nfresh;    /* kept runs */
	int rank_aged, rank_fresh;  /* 1 = fastest among the filesystems; 0 = not ranked */
};

/* Means of the layout fields over a phase's successful runs; NAN = not reported. */
struct fsb_age_layout {
	double files, extents_per_file, extents_p90, extents_max, multi_extent_share;
	double free_extents, free_extent_mean_kib, free_big_share;
};

struct fsb_age_fs {
	const struct fsb_fs_result *fs;
	struct fsb_age_factor f[FSB_AGE_READS];
	struct fsb_age_layout aged, fresh;   /* of aged-stat, of fresh-stat */
	double fullness;         /* mean of age's fullness (0.8 = 80%), NAN */
	double age_s;            /* mean real seconds of age, NAN */
	size_t age_runs;         /* age's successful runs */
};

struct fsb_age {
	enum fsb_metric metric;
	struct fsb_age_fs *fs;   /* every filesystem of the result, in its order */
	size_t nfs;
	size_t nranked[FSB_AGE_READS][2];  /* filesystems ranked: [read][aged] */
	bool present[FSB_AGE_READS];  /* fsb_age_kind_present: what the tables show */
};

/*
 * Judge res's aging phases by o->metric (NULL: dead time, Welch at 0.05).
 * Returns 0 and fills a (free with fsb_age_free), or -ENOENT when res has
 * no aging read (fsb_age_present false; a is then empty, free it all the
 * same).
 */
int fsb_age_compute(const struct fsb_result *res, const struct fsb_report_opts *o, struct fsb_age *a);
void fsb_age_free(struct fsb_age *a);

/* Was f's interval asked for and found not measurable: two kept runs a
 * side, a factor, yet no interval (model/stats.h: unbounded, or reaching
 * 0), worded "not measurable", never a bound below 0. */
bool fsb_age_interval_unmeasurable(const struct fsb_age_factor *f);
/* Is f a measurable aging: significant and at least FSB_VERDICT_MIN_LEAD
 * away from 1 (a smaller one is no difference a user could feel)? */
bool fsb_age_measurable(const struct fsb_age_factor *f);

#endif
