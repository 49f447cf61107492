/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * crashfs.h — the crash phase's FUSE filesystem (libfuse3): two files,
 * "disk", the loop device's backing file, whose every write, discard and
 * fsync it logs in order (devices/crashlog.h) before it answers, and
 * "mark", where a write is a marker in the same log.  The data lives in a
 * plain file beside the log (store); the log is what the crash states are
 * rebuilt from.
 *
 * Why a process of its own, forked (not exec'd) and in a session of its
 * own: a FUSE server that dies takes its answers with it, and a loop
 * device whose backing file stops answering leaves the filesystem on it —
 * and every process waiting on it, fsbench itself included — stuck until
 * the connection is aborted.  Threads inside fsbench would die with a
 * SIGKILL of fsbench, and fsbench's own exit would then wait on them.  The
 * child outlives a killed fsbench and keeps answering, so the filesystem
 * on the loop device stays usable until `fsbench cleanup` unmounts it,
 * detaches the loop device and unmounts this filesystem, after which the
 * server ends by itself (engine/leftovers.h: the "fuse" line).  It blocks
 * every signal but SIGKILL: a Ctrl-C reaches fsbench, which stops it in
 * order.  The child touches nothing of its parent's: it closes every
 * descriptor it inherited and runs only libfuse and this file.
 *
 * The server answers one request at a time (fuse_session_loop), so the
 * log's order is the order the kernel handed the requests over: a write
 * the loop device completed before it sent a flush is before that flush.
 * Writes are passed through to the server as they come (no writeback
 * cache), so a write has reached the log when the loop device's write
 * completes.
 *
 * Root only (mount(2) of a FUSE filesystem without fusermount).
 */
#ifndef FSB_CRASHFS_H
#define FSB_CRASHFS_H

#include <stdint.h>
#include <sys/types.h>

#include "sys/util.h"

/* What the FUSE filesystem is called in the mount table. */
#define FSB_CRASHFS_SOURCE "fsbench-crash"
#define FSB_CRASHFS_TYPE "fuse.fsbench-crash"

struct fsb_crashfs {
	char *mnt;               /* where it is mounted */
	char *disk;              /* mnt/disk: attach the loop device to this */
	pid_t pid;               /* the server, 0 when stopped */
	int mark_fd;             /* mnt/mark, open for the markers; -1 */
};

/*
 * Start the server: store and log are created new (O_EXCL) with the
 * image's size; mnt must be an empty directory.  Returns once the
 * filesystem is mounted and disk exists.  0 or -errno with err set
 * (libfuse's own message when it refused), nothing left mounted or
 * running.
 */
int fsb_crashfs_start(const char *mnt, const char *store, const char *log, uint64_t size,
		      struct fsb_crashfs *fs, struct fsb_err *err);
/* Put text (at most FSB_WLOG_MARK_MAX bytes) in the log, after every write
 * the server answered so far.  0 or -errno. */
int fsb_crashfs_mark(struct fsb_crashfs *fs, const char *text, struct fsb_err *err);
/*
 * Stop it: close the marker file, unmount (nothing may hold disk open: the
 * loop device detached first), wait for the server to end (SIGKILL after
 * 10 s).  0, or -EIO when the server could not keep the log (the log is
 * then incomplete: its own disk full), or another -errno.  Idempotent.
 */
int fsb_crashfs_stop(struct fsb_crashfs *fs, struct fsb_err *err);

#endif
