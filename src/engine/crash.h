/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crash.h — the crash phase (issue 35, doc/crash.md): what each filesystem
 * keeps when the power goes, measured without device-mapper.
 *
 * What it does, per filesystem (the one the engine is testing; the run's
 * own target is left as it is):
 *   1. a FUSE write log (devices/crashfs.h) holds a 512 MiB image file;
 *      a loop device without direct I/O is attached to it, the profile's
 *      mkfs makes the filesystem, its mount options mount it — every
 *      write, discard and flush the loop device sends is logged in order;
 *   2. the script of engine/crash_int.h runs on it (save and fsync,
 *      replace by rename, fsync'd appends, a tree unpacked without fsync,
 *      some of it deleted, syncfs), each step between markers in the log;
 *      then it is unmounted and the write log stopped;
 *   3. crash states are chosen from the log (devices/crashstate.h: flush
 *      points and subsets of the writes after them, from the run's seed,
 *      at most the profile's crash_states), and each is rebuilt into an
 *      image file in a work directory ($TMPDIR, else /var/tmp), attached
 *      to a loop device and mounted (the journal's replay: timed), its
 *      files compared with what the script had made durable by then,
 *      unmounted and checked with the profile's read-only fsck.
 * The run records the counts (model/result.h, the crash_* fields) and its
 * wall time; every state gets a line in the run's log.  The work
 * directory, the mount points, the loop devices and the write log are
 * written down in the state file (engine/leftovers.h) as they are made
 * and gone on every path out.
 *
 * Phase kind "crash" (model/kinds.h): its runs count states, their time is
 * no measurement of the filesystem, so no table of times, total or
 * verdict holds them (model/crashcell.h).  Root only, and a target
 * fsbench formats (the phase needs the filesystem's profile); tmpfs and
 * profiles with an external journal are not modelled: the run fails and
 * says so.
 *
 * The deliberate faults of the tests: FSBENCH_CRASH_FAULT=no-fsync (the
 * script forgets its fsyncs) or drop-flushed (each state loses a write a
 * flush had confirmed).  The run records which (crash_fault) and every
 * output says it is a test.
 */
#ifndef FSB_CRASH_H
#define FSB_CRASH_H

#include <stdbool.h>

#include "model/config.h"
#include "model/result.h"
#include "sys/util.h"

/* The image the filesystem under test is made on: mkfs.xfs refuses less
 * than 300 MiB. */
#define FSB_CRASH_IMAGE_SIZE (512ULL << 20)
/* The work directory's name (a work directory to `fsbench cleanup`). */
#define FSB_CRASH_WORK_PREFIX "fsbench-work.crash-"

/* Is def the crash phase (its kind)? */
bool fsb_crash_is_phase(const struct fsb_phase_def *def);
/* Can it run on this machine (FUSE: /dev/fuse)?  0, or -ENOENT with why. */
int fsb_crash_available(struct fsb_err *why);

/*
 * The engine's runner for the phase (the shape of fsb_phase_ctx.builtin;
 * arg is the struct fsb_engine): the steps above for the filesystem being
 * tested, dir unused.  0 with run filled; -ECANCELED; another -errno with
 * err set when it could not be measured.
 */
int fsb_engine_crash(void *arg, const struct fsb_phase_def *def, const char *dir,
		     void (*fraction)(void *arg, double f), void *farg, struct fsb_run *run, struct fsb_err *err);

#endif
