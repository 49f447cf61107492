/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * refresh.h — the `refresh` built-in phase of the aging group: the aged
 * tree made into a fresh copy of itself on a freshly made filesystem of the
 * same profile, so that the phases after it (fresh-grep, fresh-stat) read
 * the same files the aged phases read, laid out as a new filesystem lays
 * them out (Conway et al., FAST 2017; doc/aging.md, "Aged against fresh").
 *
 * What it does, in order:
 *   1. MNT/age/tree must be a directory (the age phase made it);
 *   2. the room it needs (its files rounded up to 4 KiB, 4 KiB a
 *      directory, and a margin) and its inodes are checked against
 *      statvfs() of the temporary directory's filesystem — $TMPDIR, else
 *      /var/tmp, never the filesystem under test (the page cache or a
 *      second image on the same disk would not be "outside" it);
 *   3. `cp -a` of the tree into a new directory TMP/fsbench-work.refresh-XXXXXX;
 *   4. the filesystem made afresh, as between repetitions (the caller's
 *      remake: umount, mkfs with a new UUID, mount; a device target's claim
 *      and identity checks around the mkfs);
 *   5. `cp -a` of the copy back into MNT/age/tree, then syncfs(MNT).
 * The temporary copy is removed on every path: success, failure, cancel.
 * Its real time is the run's real (the whole of 2–5); it is not a
 * measurement of the filesystem, as fsck's time is not (the documents leave
 * it out of the comparison).  bytes and ops record the tree copied.
 *
 * Who calls what: engine.c routes a built-in phase named "refresh"
 * (fsb_refresh_is_phase) to fsb_engine_refresh() instead of synth.c; the
 * unit tests call fsb_refresh_run() with a remake of their own.
 */
#ifndef FSB_REFRESH_H
#define FSB_REFRESH_H

#include <stdatomic.h>
#include <stdbool.h>

#include "model/config.h"
#include "model/result.h"
#include "sys/util.h"

#define FSB_REFRESH_PHASE "refresh"
#define FSB_REFRESH_TREE "age/tree"        /* under the mount point */
/* the temporary copy's name: a work directory to `fsbench cleanup` (leftovers.h) */
#define FSB_REFRESH_TMP_PREFIX "fsbench-work.refresh-"

/* Is name the refresh phase? (NULL: no) */
bool fsb_refresh_is_phase(const char *name);

struct fsb_refresh_ctl {
	const atomic_bool *cancel;   /* set → stop at the next step, -ECANCELED; may be NULL */
	const char *tmpdir;          /* where the copy goes; NULL = $TMPDIR, else /var/tmp */
	/* make the filesystem at the mount point afresh and mount it again:
	 * 0 or -errno with err set (then nothing is mounted there) */
	int (*remake)(void *arg, struct fsb_err *err);
	void *arg;
	/* the temporary directory just made, to be written down (leftovers.h);
	 * may be NULL */
	void (*note)(void *arg, const char *path);
	void (*progress)(void *arg, double fraction);  /* 0..1 after each step; may be NULL */
	void *parg;
	const char *tag;             /* FSBENCH_PHASE of the cp children; may be NULL */
};

/*
 * Refresh the tree under mnt (steps above).  Fills run's real, bytes and
 * ops.  0; -ECANCELED when cancelled; another -errno with a one-line err
 * ("refresh: /var/tmp has 12 MiB free, the tree needs 118 MiB: set TMPDIR
 * to a directory with more room") when it failed — after step 4 failed
 * nothing is mounted at mnt.  Never leaves the temporary copy behind.
 */
int fsb_refresh_run(const char *mnt, const struct fsb_refresh_ctl *ctl, struct fsb_run *run, struct fsb_err *err);

/*
 * The engine's runner for the phase (the shape of fsb_phase_ctx.builtin;
 * arg is the struct fsb_engine): fsb_refresh_run() on dir with the
 * engine's cancel flag and fsb_engine_remake() (engine_int.h).  When it
 * fails the filesystem is left unmounted, so that the engine runs none of
 * the phases after it on this filesystem (fresh-grep would read the aged
 * tree as the fresh one), and the message says so.  A directory target has
 * no filesystem fsbench can make: -EOPNOTSUPP.
 */
int fsb_engine_refresh(void *arg, const struct fsb_phase_def *def, const char *dir,
		       void (*fraction)(void *arg, double f), void *farg, struct fsb_run *run, struct fsb_err *err);

#endif
