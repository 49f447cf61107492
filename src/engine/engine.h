/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.h — a run: filesystems × repetitions × phases on one target, in a
 * thread of its own.
 *
 * Who calls what:
 *   1. the front end (fsbench run, the TUI) fills a struct fsb_plan —
 *      fsb_plan_init() takes the config's defaults — and validates it with
 *      fsb_plan_validate() before anything is touched;
 *   2. fsb_engine_start() copies the plan and starts the engine thread,
 *      which reports only through the struct fsb_events queue (events.h);
 *   3. fsb_engine_cancel() may be called at any time from another thread:
 *      it sets a flag the engine checks between chunks and phases, and the
 *      running phase's process group is killed;
 *   4. fsb_engine_wait() joins the thread and returns how the run ended.
 *
 * Everything the engine creates — image files, loop devices, mount points,
 * mounts, child process groups, the result's temp file — it releases again
 * on every path out, cancellation and errors included.  The result file is
 * rewritten atomically after every phase, so an interrupted run keeps every
 * finished phase and says "interrupted".
 *
 * Device targets (doc/devices.md): the engine claims the device first thing
 * (src/devices/device.h: every check, --yes-destroy, O_EXCL), before the workloads,
 * the log or the result file exist, so a refusal leaves nothing behind.
 * Each mkfs is wrapped in the claim's before/after checks; when one fails
 * the device changed under fsbench and the whole run stops there
 * (FSB_ENGINE_REFUSED; the result file keeps what finished).  The device is
 * left holding the last filesystem tested, unmounted.  With dry_run the
 * engine claims, checks once more as right before mkfs, posts what it would
 * do as log lines and ends FSB_ENGINE_OK without writing anything.
 */
#ifndef FSB_ENGINE_H
#define FSB_ENGINE_H

#include "engine/order.h"
#include <stdbool.h>

#include "model/config.h"
#include "model/kinds.h"
#include "engine/events.h"
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

/* How a run ended (fsb_engine_wait). */
enum fsb_engine_status {
	FSB_ENGINE_OK,           /* every phase that could run succeeded */
	FSB_ENGINE_PHASE_FAILED, /* some phase, mkfs or mount failed; the rest ran */
	FSB_ENGINE_REFUSED,      /* the target was refused; nothing was touched — or a device
				    changed under fsbench mid-run and the run stopped before
				    its next mkfs */
	FSB_ENGINE_ERROR,        /* the run could not start (no loop device, …) */
	FSB_ENGINE_CANCELLED,    /* stopped by fsb_engine_cancel() */
};

struct fsb_engine;

/* Start the engine thread.  The plan is copied; events must outlive the
 * engine.  0 or -errno. */
int fsb_engine_start(const struct fsb_plan *plan, struct fsb_events *events,
		     struct fsb_engine **out, struct fsb_err *err);
/* Ask the engine to stop (thread-safe, idempotent). */
void fsb_engine_cancel(struct fsb_engine *e);
/*
 * Ask the engine to end the run after the round that is running (thread-
 * safe, idempotent): the round finishes, the result is complete and says
 * "stopped" (result.h: ended).  -EOPNOTSUPP when the run has no rounds (one
 * repetition, or the sequential or random order): then only cancel stops it.
 */
int fsb_engine_finish_round(struct fsb_engine *e);
/* Join the thread.  Returns the status; *msg (may be NULL) points at a
 * one-line explanation owned by the engine. */
enum fsb_engine_status fsb_engine_wait(struct fsb_engine *e, const char **msg);
/* The result file being written (valid after start). */
const char *fsb_engine_output(const struct fsb_engine *e);
void fsb_engine_free(struct fsb_engine *e);

#endif
