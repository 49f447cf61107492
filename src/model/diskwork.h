/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * diskwork.h — what the disk did for the phases' work (doc/disk.md): its
 * writes against what the phases saved, the stalls the probe felt, and
 * whether the filesystem clones.
 *
 *  - the clone phase (FSB_DISKWORK_CLONE in data/fsbench.conf: cp -a
 *    --reflink=always of what cp copies) asks a feature, not a time: its
 *    runs record reflink = 1 (the filesystem cloned) or 0 (cp said
 *    FSB_DISKWORK_NO_REFLINK — the answer "no reflink", never a failed
 *    run: engine/phase.c).  It is in no total, verdict, summary or
 *    recommendation's weighted total (model/cells.h leaves every feature
 *    phase out of its phase lists);
 *  - a run's write amplification is the device's writes over what it
 *    saved (model/result.h: FSB_METRIC_WAMP, fsb_run_saved_kib); a
 *    filesystem's over the phases is the mean of its "total" device writes
 *    (model/cells.h: the desktop phases summed per repetition, disturbed
 *    runs and outliers set aside) over the mean of its "total" saved;
 *  - the worst stall is the longest save of the stall probe in any
 *    successful run of a phase of the totals (engine/probe.h);
 *  - the stall figures (the saves, the worst stall, the stall tables of
 *    src/doc/report_disk.c) are read from the phases' stall runs when the
 *    result has them (the probe ran in a round of its own, FSB_PROBE_ROUND),
 *    else from their runs (beside the timed phases, and every older file).
 *    The write amplification is always the runs': what the timed phases
 *    wrote and saved, with the probe's writes only where it ran beside.
 *
 * Pure: reads the result, never the system.  Thread-safe.
 */
#ifndef FSB_MODEL_DISKWORK_H
#define FSB_MODEL_DISKWORK_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"

/* The stall probe (engine/probe.h): a save of FSB_PROBE_BYTES, written and
 * fsynced, every FSB_PROBE_INTERVAL seconds */
#define FSB_PROBE_INTERVAL 0.1
#define FSB_PROBE_BYTES    4096

#define FSB_DISKWORK_CLONE "clone"
/* strerror(EOPNOTSUPP) in the C locale: what cp --reflink=always says where
 * the filesystem cannot clone (the clone phase runs under LC_ALL=C) */
#define FSB_DISKWORK_NO_REFLINK "Operation not supported"

/* Is phase the clone phase?  Is it a feature phase (in no total)? */
bool fsb_diskwork_is_clone(const char *phase);
bool fsb_diskwork_is_feature(const char *phase);

enum fsb_clone_answer {
	FSB_CLONE_NOT_RUN,       /* no run of the clone phase (not planned, unavailable, older files) */
	FSB_CLONE_PENDING,       /* planned, not run yet (a live run) */
	FSB_CLONE_YES,           /* a run cloned */
	FSB_CLONE_NO,            /* no reflink */
	FSB_CLONE_FAILED,        /* every run failed otherwise (why says how) */
};

struct fsb_clone {
	enum fsb_clone_answer answer;
	const char *why;         /* FAILED: the last failed run's error; NOT_RUN: why unavailable; or NULL */
	double real;             /* mean seconds of the runs that cloned, NAN */
	double written_kib;      /* mean device writes of the runs that answered, NAN */
	double saved_kib;        /* mean of what their processes saved, NAN */
	size_t runs;             /* runs that answered */
};

/* The clone phase's answer on row fs of res's grid.  Does res plan or hold it at all? */
void fsb_diskwork_clone(const struct fsb_result *res, size_t fs, struct fsb_clone *out);
bool fsb_diskwork_clone_present(const struct fsb_result *res);

/* A filesystem's writes over the phases of the totals (row fs, below). */
struct fsb_amp {
	double written_kib;      /* mean of the total device writes of the kept repetitions, NAN */
	double saved_kib;        /* mean of the total saved (the probe's writes too), NAN */
	double factor;           /* written / saved; NAN when saved < FSB_WAMP_MIN_KIB */
	double flushes;          /* the phases' mean flush requests, summed; NAN when not recorded */
	double discarded_kib;    /* the same of the discarded KiB */
	size_t n;                /* kept repetitions of the total */
};
void fsb_diskwork_amp(const struct fsb_result *res, size_t fs, struct fsb_amp *out);

/* Does res hold a device write count of a phase of the totals (or of a
 * built-in phase)?  A stall probe's save (in the stall runs, or the runs)? */
bool fsb_diskwork_present(const struct fsb_result *res);
bool fsb_diskwork_stalls_present(const struct fsb_result *res);

/* The runs a phase's stall figures come from: its stall runs when res has
 * any (fsb_result_has_stall_runs), else its runs.  *n their number. */
const struct fsb_run *fsb_diskwork_stall_runs(const struct fsb_result *res, const struct fsb_phase_result *ph,
					      size_t *n);
/*
 * For the tables and charts of the stalls, which are made of the cells of
 * model/cells.h (over a phase's runs): a copy of res whose phases hold
 * their stall runs as their runs — NULL when res has no stall runs (its
 * runs are then the ones to read).  Free with fsb_result_free().
 */
struct fsb_result *fsb_diskwork_stall_view(const struct fsb_result *res);

/* The longest save of the probe: where and how long.  False when none. */
struct fsb_stall_worst {
	const struct fsb_fs_result *fs;
	const char *phase;
	double max_us;           /* that run's longest save */
	double p99_us;           /* that run's 99th percentile */
};
bool fsb_diskwork_worst_stall(const struct fsb_result *res, struct fsb_stall_worst *out);
/* The same on one filesystem. */
bool fsb_diskwork_worst_stall_fs(const struct fsb_result *res, const struct fsb_fs_result *fs,
				 struct fsb_stall_worst *out);
/* Every filesystem's at once (out: res->nfs entries in res's order, .fs
 * NULL where it has none), linear where a call per filesystem is not (each
 * asks which runs to read).  Returns how many have one. */
size_t fsb_diskwork_worst_stalls(const struct fsb_result *res, struct fsb_stall_worst *out);

#endif
