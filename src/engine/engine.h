/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * engine.h — a run: filesystems × repetitions × phases on one target, in a
 * thread of its own.
 *
 * Who calls what:
 *   1. the front end (fsbench run, the TUI) fills a struct fsb_plan (plan.h) —
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

#include <stdbool.h>

#include "engine/events.h"
#include "engine/plan.h"
#include "sys/util.h"

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
/* After fsb_engine_wait: did the run end FSB_ENGINE_ERROR because its
 * output — the result file, its log, the results directory — could not be
 * written?  Front ends say so apart from a run that could not start: it is
 * the output that failed, not the benchmark (fsbench run exits 2). */
bool fsb_engine_output_failed(const struct fsb_engine *e);
void fsb_engine_free(struct fsb_engine *e);

#endif
