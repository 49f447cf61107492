/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine_int.h — what engine.c (the run), target.c (the target it runs
 * on) and fsck.c share inside the engine: the engine's state, and the
 * target's steps.
 * Not a public header: the front ends see engine.h only.
 */
#ifndef FSB_ENGINE_INT_H
#define FSB_ENGINE_INT_H

#include <pthread.h>
#include <stdatomic.h>

#include "devices/device.h"
#include "engine/engine.h"
#include "engine/eta.h"
#include "devices/loopdev.h"
#include "engine/synth.h"
#include "engine/targetcheck.h"
#include "engine/workload.h"
#include "model/history.h"


struct fsb_engine {
	struct fsb_plan plan;            /* our copy */
	const struct fsb_size_profile *prof;
	struct fsb_events *ev;
	pthread_t thread;
	bool started;
	atomic_bool cancel;
	enum fsb_engine_status status;
	char msg[1024];

	struct fsb_result *res;
	struct fsb_workload wl;
	struct fsb_synth_params synth;
	struct fsb_loop loop, jloop;     /* image targets */
	struct fsb_device_claim *claim;  /* device targets: released for each mkfs, checked around it */
	struct fsb_device_claim *jclaim; /* the external journal device, same dance */
	struct fsb_device target_dev;    /* their verdicts: the result's reasons, a dry run's report */
	struct fsb_device journal_dev;
	struct fsb_err stop;             /* the device changed under us: nothing more is done */
	char *dev;                       /* the device mkfs formats */
	char *journal;                   /* the external journal device, if any */
	char *disks[3];                  /* kernel names sampled in /proc/diskstats */
	char *mnt;                       /* our mount point directory */
	char *workdir;                   /* dir targets: where the phases run */
	bool mounted;
	struct fsb_fs_result *mounted_fsr;  /* whose filesystem is mounted, for its umount time */
	const struct fsb_fs_profile *fsck_left;  /* fsck.c filled the filesystem on the target
						    with this profile, and no mkfs came since */
	bool target_ready;               /* from here on there is a result file */
	int log_fd;
	struct fsb_progress prog;
	bool any_failed;
	long seq;                        /* runs done so far: the next run record's seq - 1 */
	long round;                      /* the round the runs being made belong to (run field
					    round): the repetition in a sequential order */
	struct fsb_err result_lost;      /* the result file could not be written: stop, rescue */
	bool output_failed;              /* the result file, its log or its directory could not
					    be written (fsb_engine_output_failed) */
	struct fsb_leftovers *lo;        /* the run's state file (leftovers.h), opened on first note */
	bool lo_failed;                  /* it could not be written: said once, then silent */
	struct fsb_eta eta;              /* the ETA's figures (eta.h) */
	double phase_expected;           /* what the running phase is expected to take, NAN unknown */
	size_t slot;                     /* the running slot: its index in eta.slots */
	double slot_t0;                  /* when it began (fsb_now()), 0 before the first */
	double slot_real;                /* the real seconds of its phases so far */
	long units_total;                /* units make compiles in the generated tree, 0 unknown */
	atomic_bool finish;              /* end after the running round (fsb_engine_finish_round) */
	bool rounds;                     /* the run goes in rounds (the rounds order) */
	bool settle;                     /* … until the verdict settles (fsb_plan_settles) */
	double budget;                   /* seconds, 0 = none (fsb_plan_budget) */
	double t_start;                  /* fsb_now() when the engine began: the budget's start */
	long eta_rounds;                 /* rounds the ETA counts (settle: what the budget affords) */
	long max_rounds;                 /* settle: the most rounds the run does (the estimate's) */
	struct fsb_history history;      /* settle: the earlier sessions of the plan (model/history.h) */
	bool stall_planned;              /* the run ends with the stall round (fsb_plan_stall_round) */
	bool stall;                      /* … which is running: its runs are the phases' stall runs */
	bool replacing;                  /* the running repetition replaces disturbed runs */
	double replace_since;            /* … of this round: runs with a seq above this */
	size_t next_slot;                /* while replacing: the slot that comes after it */
};

/*
 * Write down a resource this run created, in its state file (leftovers.h),
 * so that a killed fsbench's leftovers can be found.  The file is started on
 * the first note; when it cannot be written the run goes on without it and
 * the log says so.  image: a file just created (recorded by inode).
 */
void fsb_target_note(struct fsb_engine *e, const char *kind, const char *path, const char *extra);
void fsb_target_note_image(struct fsb_engine *e, const char *path);

/* Tell the front end what the engine is doing now (the progress slot). */
void fsb_engine_activity(struct fsb_engine *e, const char *what, bool running);

/*
 * The target (target.c).  Each returns 0 or -errno with err set; a refusal
 * also sets e->status = FSB_ENGINE_REFUSED.
 *  setup_device: claim the device (and the journal device) before anything
 *    else; setup_image: a new image (and journal image) on loop devices;
 *  setup_dir: a work directory in the user's directory.
 */
int fsb_target_setup_image(struct fsb_engine *e, struct fsb_err *err);
int fsb_target_setup_dir(struct fsb_engine *e, struct fsb_err *err);
int fsb_target_setup_device(struct fsb_engine *e, struct fsb_err *err);
/* Between two rounds on an image target: the image file (and its journal's)
 * made afresh — a new file, so a new placement on the host's disk — on a
 * loop device of its own, noted in the state file.  Nothing mounted then;
 * a kept image (--keep-image) stays.  0 or -errno. */
int fsb_target_renew_image(struct fsb_engine *e, struct fsb_err *err);
/* Print what a run on the claimed device would do; touches nothing. */
int fsb_target_dry_run(struct fsb_engine *e, struct fsb_err *err);
/* Device targets, around every mkfs: re-check and release the claim;
 * verify the device and the UUID it now carries (sets e->stop on change). */
int fsb_target_before_mkfs(struct fsb_engine *e, const struct fsb_fs_profile *p, struct fsb_err *err);
int fsb_target_after_mkfs(struct fsb_engine *e, const struct fsb_fs_profile *p, const char *uuid,
			  struct fsb_err *err);
/* Nobody holds dev open exclusively right now. */
bool fsb_target_idle(const char *dev);
/* Does this mkfs failure say the device was busy (worth another try)? */
bool fsb_target_busy_failure(const char *msg);
/*
 * After a failure on an image target: when the filesystem holding the image
 * is full, the loop device failed the writes (mkfs and phases only say
 * "Input/output error"), so say so — appended to *msg (a malloc'd string,
 * may be NULL) or to err.
 */
void fsb_target_explain(struct fsb_engine *e, char **msg);
void fsb_target_explain_err(struct fsb_engine *e, struct fsb_err *err);
/*
 * fsck.c: time the profile's read-only fsck of fsr's filesystem, mounted
 * now, once a run: the run's source tree is extracted into it again
 * (untimed), it is unmounted and the caches dropped.  Records fsr->fsck,
 * fsck_s and fsck_data; leaves the filesystem unmounted (it is reformatted
 * before it is used again).  Nothing when fsr was tried already, the
 * profile has no fsck, or fsr is not the one mounted.
 */
void fsb_engine_measure_fsck(struct fsb_engine *e, const struct fsb_fs_profile *p, struct fsb_fs_result *fsr);
/* At the end of a run whose target stays (a kept image, a device): the
 * source tree fsb_engine_measure_fsck() put on the last filesystem is
 * removed again (mount, rm, umount), so that the filesystem holds what the
 * phases left.  Failures go to the log. */
void fsb_engine_fsck_tidy(struct fsb_engine *e);
/*
 * The refresh phase (refresh.h): make the running filesystem afresh, as
 * between repetitions — umount, mkfs with a new UUID (a device target's
 * claim and identity checks around it), mount on e->mnt.  The times go to
 * the refresh phase, not to the filesystem's mkfs/mount/umount figures.
 * 0 or -errno with err set; on failure nothing is mounted, and the
 * repetition's phases after it are not run.
 */
int fsb_engine_remake(struct fsb_engine *e, struct fsb_err *err);
/* Unmount, remove the mount point and work directory, detach, release. */
void fsb_target_teardown(struct fsb_engine *e);

#endif
