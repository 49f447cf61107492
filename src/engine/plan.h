/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * plan.h — what a run is asked to do, before it runs: the plan every front
 * end fills (fsbench run, the TUI, run --like) and the engine copies.
 *
 * Who calls what:
 *   1. fsb_plan_init() takes the config's defaults; the front end then
 *      overrides what the user set (engine/planargs.h parses and says the
 *      options both ways);
 *   2. fsb_plan_validate() checks it all before anything is touched and
 *      fills the defaults (output path, image size, jobs, seed);
 *   3. fsb_engine_start() (engine.h) copies it (fsb_plan_copy) and runs it;
 *      fsb_plan_clear() frees the front end's.
 * The questions below (budget, settle mode, the stall round) are asked by
 * the front ends, the estimate (etaplan.h) and the engine alike, so all of
 * them say the same of one plan.  What a plan needs of the process (root,
 * dropped caches) is engine/targetcheck.h's fsb_plan_reqs.
 */
#ifndef FSB_PLAN_H
#define FSB_PLAN_H

#include <stdbool.h>

#include "engine/order.h"
#include "model/config.h"
#include "model/kinds.h"
#include "model/result.h"
#include "sys/util.h"

struct fsb_plan {
	const struct fsb_config *cfg;  /* borrowed; must outlive the engine */
	enum fsb_target_kind target;
	char *path;              /* image file, directory or device */
	unsigned long long image_size;  /* bytes; 0 = the profile's image_size */
	bool keep_image;         /* keep the image file(s) after the run */
	char *journal_device;    /* device targets: where external journals go (same checks) */
	/* device targets (src/devices/device.h decides; see doc/devices.md) */
	char *yes_destroy;       /* must name the device; "DEV,JOURNAL" with a journal_device */
	bool dry_run;            /* check everything, report the plan, touch nothing */
	bool whole_disk;         /* a whole partitioned disk was chosen as such */
	bool allow_root_disk;    /* the disk holding / may be used */
	char *fstab, *crypttab;  /* alternative files for the checks (tests) */
	struct fsb_strv fs;      /* filesystem profile names, in run order */
	struct fsb_strv phases;  /* phase names, in run order */
	bool age;                /* --age: the aging group after the phases (fsb_plan_apply_age,
				    at validation: engine/planargs.h) */
	char *profile;           /* size profile name */
	long repeat;             /* repetitions per filesystem (>= 1) */
	bool reformat_between;   /* mkfs again before every repetition */
	enum fsb_order order;    /* rounds (default), sequential, random: engine/order.h */
	unsigned long long seed; /* of the order; recorded in the result */
	bool seed_set;           /* given by the user (else drawn at validation) */
	char *quiet;             /* the before-run warning (fsb_quiet_warning), recorded; or NULL */
	bool auto_repeat;        /* repeat until every CI is within ci_target */
	double ci_target;        /* relative half-width of the 95% CI */
	long max_repeat;         /* auto-repeat cap */
	bool settle;             /* no fixed repetitions (no --repeat, no --auto-repeat): rounds
				    until the verdict settles, within the budget (fsb_plan_settles) */
	double budget;           /* seconds the run may take; -1 = the profile's budget, 0 = none */
	char *baseline;          /* filesystem the tables normalize to */
	char *output;            /* result file; NULL = results_dir/fsbench-<time>.fsbench */
	bool drop_caches;        /* drop the page cache before each phase */
	enum fsb_probe_mode probe;  /* the stall probe (engine/probe.h, model/result.h): in the stall
				    round after the timed rounds (the default), beside every timed
				    command phase, or not at all; fsb_plan_stall_round() */
	long jobs;               /* ${jobs}; 0 = number of CPUs */
	bool make_deb;           /* may download the debootstrap tarball if missing */
	char *command_line;      /* recorded in the result, for reproduction */
	const char *use;         /* what the disk is for (model/uses.h; a static name),
				    recorded in the result; NULL = not told */
	unsigned needs;          /* the must-haves besides the use's, recorded too */
};

/*
 * The profile of a filesystem of the plan: "ext4", or "ext4#2" — the same
 * profile listed again (an A/A run), which fsb_plan_validate labels so
 * that every table tells the two apart.  NULL when unknown.
 */
const struct fsb_fs_profile *fsb_plan_fs_profile(const struct fsb_config *cfg, const char *name);

/* Defaults from the config; the caller then overrides what the user set. */
void fsb_plan_init(struct fsb_plan *plan, const struct fsb_config *cfg);
void fsb_plan_clear(struct fsb_plan *plan);
/* A deep copy (free it with fsb_plan_clear); cfg stays borrowed. */
void fsb_plan_copy(struct fsb_plan *dst, const struct fsb_plan *src);

/*
 * Check the plan against the config before anything is touched: known
 * filesystems, phases and profile; every phase's prerequisites earlier in
 * the plan (model/prereq.h); baseline among the filesystems; sizes; the
 * target path plausible for its kind.  Fills defaults (output path,
 * image size, jobs); with age, the aging group is appended first
 * (planargs.h).  -EINVAL with a one-line message naming the bad value.
 */
int fsb_plan_validate(struct fsb_plan *plan, struct fsb_err *err);

/*
 * Settle mode, the default plan (doc/measurement.md): the run goes in rounds
 * (every filesystem once, in a shuffled order, each a fresh mkfs) and after
 * each complete round asks fsb_verdict_settled() (model/verdict.h); it ends
 * when the verdict is settled, when the budget cannot afford another round
 * (estimated from the last round's wall time, mkfs and mount included),
 * after FSB_SETTLE_MAX_ROUNDS rounds, or when the front end asks it to
 * finish (fsb_engine_finish_round).  The budget counts from the run's start.
 */
#define FSB_SETTLE_MAX_ROUNDS 10
/* The budget in seconds: the plan's, else its profile's; 0 = none. */
double fsb_plan_budget(const struct fsb_plan *plan);
/* Does the plan run in settle mode?  settle set, a budget, two or more
 * filesystems, a fresh mkfs per repetition and the rounds order; otherwise
 * it runs plan->repeat repetitions (a profile without a budget: one). */
bool fsb_plan_settles(const struct fsb_plan *plan);

/*
 * The stall round (doc/disk.md): with probe = FSB_PROBE_ROUND the timed
 * rounds run without the stall probe, and after the last of them (the run
 * ended settled, by the budget, at the round cap or after its --repeat N;
 * not after a cancel, a failure that stopped the run, or a stop the user
 * asked for) every filesystem still running runs once more: a fresh mkfs as
 * for any repetition, every phase of the plan in order but the crash
 * phase's counts (kind crash: the probe never runs beside it, and it leaves
 * the target as it found it), the probe beside each command phase.  Those
 * runs are the phases' stall runs (result.h), never their runs: nothing but
 * the stall figures reads them.  A disturbed one is recorded, never run
 * again.  In settle mode the budget reserves it: another round is
 * affordable only when the stall round still fits after it (one round's
 * wall time); the estimate (etaplan.h) and the ETA count it.
 * fsb_plan_stall_round: does the plan end with one (probe round and a
 * command phase the probe can run beside)?
 */
bool fsb_plan_stall_round(const struct fsb_plan *plan);

#endif
