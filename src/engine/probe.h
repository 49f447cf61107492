/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probe.h — the stall probe: what a desktop application feels while a
 * phase works on the filesystem (doc/disk.md).
 *
 * While a command phase runs, a thread of fsbench does what an editor's
 * save or a browser's database does: every FSB_PROBE_INTERVAL seconds it
 * writes FSB_PROBE_BYTES to a file of its own on the same filesystem and
 * fsyncs it, and times each save (the write and the fsync together: a
 * write can wait too, on dirty-page throttling).  The file is unnamed
 * (O_TMPFILE, else created and unlinked at once), so no phase sees it:
 * cp does not copy it, rm does not find it.  It is appended to up to
 * FSB_PROBE_SPAN bytes, then written from the start again.
 *
 * The probe is fsbench's own thread: its CPU time is in no phase's
 * usr/sys (those come from the phase's process tree, wait4), nor in the
 * interference's "other programs" (fsbench's own pid is told apart); its
 * writes are known (saves × FSB_PROBE_BYTES) and go into the phase's
 * write amplification.  A save that fails (a full filesystem) ends the
 * probe quietly: what it measured until then stays.
 *
 * Order of calls, one thread: fsb_probe_start() before the phase's command,
 * fsb_probe_stop() when the command ended (no new save begins; one in
 * flight goes on), fsb_probe_join() once the phase's clock stopped, then
 * fsb_probe_record().  fsb_probe_join() releases everything; it is safe on
 * a probe that never started.
 */
#ifndef FSB_PROBE_H
#define FSB_PROBE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/hist.h"
#include "model/diskwork.h"
#include "model/result.h"
#include "sys/util.h"

/* FSB_PROBE_INTERVAL and FSB_PROBE_BYTES: model/diskwork.h, which the
 * documents word them from */
#define FSB_PROBE_SPAN     (1 << 20)    /* the file's size before it wraps */

struct fsb_probe {
	pthread_t th;
	bool running;            /* the thread was started (join it) */
	int fd;                  /* the probe's file, -1 */
	int stop_fd;             /* eventfd: stop asked */
	double interval;         /* seconds between saves */
	struct fsb_hist *hist;   /* save times in microseconds (heap: 30 KiB) */
	uint64_t saves;          /* saves completed */
	int error;               /* -errno of the save that ended the probe, 0 */
};

/*
 * Start probing dir (the phase's mount point) every interval seconds
 * (0: FSB_PROBE_INTERVAL).  0, or -errno with err set when the file or the
 * thread cannot be made (the phase then runs without the probe).
 */
int fsb_probe_start(struct fsb_probe *p, const char *dir, double interval, struct fsb_err *err);
/* No new save begins; returns at once. */
void fsb_probe_stop(struct fsb_probe *p);
/* Stop, wait for the thread (a save in flight finishes), close the file. */
void fsb_probe_join(struct fsb_probe *p);
/* The probe's figures into run (stall_saves, stall_p50_us, stall_p99_us,
 * stall_max_us, stall_written_kib); nothing when it never started. */
void fsb_probe_record(const struct fsb_probe *p, struct fsb_run *run);
/* Free what a joined probe still holds (its histogram). */
void fsb_probe_free(struct fsb_probe *p);

#endif
