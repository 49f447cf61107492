/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crashcell.h — what the crash phase found (engine/crash.h, doc/crash.md),
 * per filesystem of a result: the runs of every phase of kind "crash"
 * added up.
 *
 * A crash run counts crash states; its time is no measurement of the
 * filesystem.  fsb_phase_is_timed() is how the tables of times, the
 * totals and the verdict leave such phases out (model/cells.h asks it).
 *
 * Pure: reads the result, never the system.  Thread-safe.
 */
#ifndef FSB_MODEL_CRASHCELL_H
#define FSB_MODEL_CRASHCELL_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"

/* Is phase, as res records its kind, a measurement of time?  False for a
 * kind that is not (model/kinds.h: crash); true for any other, and for a
 * kind this fsbench does not know (a newer file's). */
bool fsb_phase_is_timed(const struct fsb_result *res, const char *phase);

/* Does res hold a successful run of a crash phase on any filesystem? */
bool fsb_crash_present(const struct fsb_result *res);

/* One filesystem's crash states, over its successful crash runs. */
struct fsb_crash_fs {
	const struct fsb_fs_result *fs;
	size_t runs;             /* successful runs that counted their states; 0: the rest is empty */
	size_t failed;           /* failed runs (their error: error) */
	const char *error;       /* the last failed run's error, or NULL; points into res */
	double states, clean, repair, fsck_errors, unchecked, mount_failed, lost, renames;
	double recovery_p50;     /* the median of the runs' medians (one run: its median), NAN */
	double recovery_max;     /* the longest, NAN */
	double flushes, writes;  /* the runs' sums */
	bool fsck_missing;       /* some run had no check (fsck_errors then counts the others) */
	const char *not_checked; /* why (the run's words), or NULL; points into res */
	int fault;               /* a test run's deliberate fault (result.h crash_fault), 0 = none */
};

struct fsb_crashes {
	struct fsb_crash_fs *fs; /* every filesystem with a crash run (failed ones too), in res's order */
	size_t nfs;
};

/* One filesystem's: false when it has no crash run (e is then empty). */
bool fsb_crash_fs_compute(const struct fsb_fs_result *fs, struct fsb_crash_fs *e);

/* Fill c (free with fsb_crash_free).  0, or -ENOENT when res has no crash
 * run at all (c is then empty). */
int fsb_crash_compute(const struct fsb_result *res, struct fsb_crashes *c);
void fsb_crash_free(struct fsb_crashes *c);

/* The seed the crash runs of res were drawn from, or -1 when none records
 * one (run --like repeats it: engine/like.c). */
long long fsb_crash_seed(const struct fsb_result *res);

#endif
