/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * phase.h — run one phase and measure it the way the seeds did.
 *
 * A command phase is `/bin/sh -c <command>` in its own process group
 * (src/sys/proc.h).  Timing: real from CLOCK_MONOTONIC, taken just before the
 * fork and after syncfs() returned, so it includes the sync; sync = the
 * syncfs() time alone; user, sys and the GNU time counters from the
 * wait4() rusage of the whole process tree; the device's own I/O from
 * /proc/diskstats deltas.  dead = real - user is derived, never stored.
 *
 * A built-in phase (synth.c) fills its own record; phase.c adds the sync
 * and disk counters around it so both kinds land in the same table.
 *
 * What the disk did (doc/disk.md): the device's writes, flushes and
 * discards from the same diskstats deltas; what the phase saved from the
 * I/O accounting of its process tree (/proc/PID/io of the exited leader,
 * sys/proc.h), of fsbench itself for a built-in phase; beside a command
 * phase the stall probe (engine/probe.h), stopped when the command ends and
 * joined before the device's counters are read, so that its writes are in
 * them.  The clone phase's "no reflink" is an answer, not a failure
 * (model/diskwork.h).  A command phase's teardown runs after all that,
 * untimed.
 */
#ifndef FSB_PHASE_H
#define FSB_PHASE_H

#include <stdatomic.h>
#include <stdbool.h>

#include "model/config.h"
#include "model/result.h"
#include "sys/util.h"

struct fsb_phase_tick {
	double elapsed;              /* seconds since the phase started */
	double fraction;             /* 0..1, or -1 when unknown */
	double read_kib_s, write_kib_s;  /* device throughput since the last tick */
	const char *last_line;       /* the phase's last output line, or NULL */
	long units;                  /* "  CC  …" lines so far: units make compiled (kbuild style) */
	double background;           /* other programs' share of one CPU now (≤ 1 Hz); -1 = not yet */
	const char *background_top;  /* the hungriest of them when the sample would disturb a run
				      * (fsb_live's busy), or "": the front ends' "busy" */
};

struct fsb_disturb_limits;

struct fsb_phase_ctx {
	const char *tag;             /* FSBENCH_PHASE value, e.g. "ext4/tar/1" */
	const char *mnt;             /* mount point: syncfs() target, default cwd */
	const char *const *vars;     /* template variables (name, value pairs) */
	const char *const *disks;    /* kernel names to sample in /proc/diskstats, may be NULL */
	bool drop_caches;            /* drop the page cache before the phase */
	int log_fd;                  /* the phase's output is appended here; -1 = discard */
	const atomic_bool *cancel;   /* set → the phase's process group is killed */
	double tick;                 /* seconds between progress callbacks (0 = 0.25) */
	void (*progress)(void *arg, const struct fsb_phase_tick *t);
	void *arg;
	/* built-in phases: the runner, so phase.c need not know synth.c */
	int (*builtin)(void *arg, const struct fsb_phase_def *def, const char *dir,
		       void (*fraction)(void *arg, double f), void *farg,
		       struct fsb_run *run, struct fsb_err *err);
	void *builtin_arg;
	/* when is a run disturbed (the run's `disturbed` reason); NULL = the defaults */
	const struct fsb_disturb_limits *limits;
	bool probe;                  /* the stall probe beside a command phase (engine/probe.h) */
};

/*
 * Run def in ctx and fill run (initialised by the caller with
 * fsb_run_init).  Returns 0 when the phase ran — also when it failed, which
 * run->status, exit_status and error then record — -ECANCELED when it was
 * cancelled (run->status = interrupted, the times so far recorded), or
 * another -errno when it could not be started at all (err says why).
 */
int fsb_phase_run(const struct fsb_phase_def *def, const struct fsb_phase_ctx *ctx,
		  struct fsb_run *run, struct fsb_err *err);

#endif
