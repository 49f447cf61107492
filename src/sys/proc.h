/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * proc.h — child processes as the engine runs them: /bin/sh -c in a process
 * group of its own (so cancel can kill the whole tree), stdin from
 * /dev/null, stdout and stderr captured, the environment marked with
 * FSBENCH_PHASE so tests can prove nothing survives a run.
 *
 * fsb_proc_spawn()/fsb_proc_wait() are the building blocks phase.c times;
 * fsb_proc_run() is the simple "run it and give me its output" used for
 * mkfs, version probes and workload preparation.
 */
#ifndef FSB_PROC_H
#define FSB_PROC_H

#include <stdatomic.h>
#include <stdbool.h>
#include <sys/resource.h>
#include <sys/types.h>

#include "sys/util.h"

struct fsb_proc {
	pid_t pid;               /* also the process group id */
	int pidfd;               /* pidfd_open() of pid, -1 if unsupported */
	int out_fd;              /* read end of the child's stdout+stderr pipe */
};

struct fsb_proc_opts {
	const char *cwd;         /* NULL = inherit */
	const char *const *env;  /* extra "NAME=value" entries, NULL-terminated, may be NULL */
	const char *tag;         /* value of FSBENCH_PHASE in the child, e.g. "ext4/tar" */
};

/* Start `/bin/sh -c cmd`.  0 or -errno with err set. */
int fsb_proc_spawn(const char *cmd, const struct fsb_proc_opts *o, struct fsb_proc *p,
		   struct fsb_err *err);
/* Kill the whole process group: SIGTERM, then SIGKILL after grace seconds
 * if anything is left.  Safe to call after the leader exited. */
void fsb_proc_kill_group(pid_t pgid, double grace);
/* Reap the child: blocking wait4.  *status is the wait status, ru its rusage
 * (children it waited for included, as GNU time reports).  Afterwards kills
 * whatever the command left running in its process group, and waits for
 * those of them that are this process's children (fsb_proc_subreaper():
 * all of them, orphaned when the leader died). */
int fsb_proc_reap(struct fsb_proc *p, int *status, struct rusage *ru);

/* A process's I/O accounting (/proc/PID/io; proc(5)), in bytes. */
struct fsb_proc_io {
	unsigned long long rchar, wchar;       /* passed to read(2)/write(2) and their kin, pipes too */
	unsigned long long read_bytes;         /* fetched from storage */
	unsigned long long write_bytes;        /* sent towards storage (pages dirtied) */
	unsigned long long cancelled;          /* cancelled_write_bytes: dirty pages truncated
						  before they were written back */
};
/* The text of a /proc/PID/io file: 0, or -EINVAL when a field is missing. */
int fsb_proc_io_parse(const char *text, struct fsb_proc_io *io);
/* /proc/PID/io of pid (0: the whole of this process): 0 or -errno. */
int fsb_proc_io_read(pid_t pid, struct fsb_proc_io *io);
/*
 * fsb_proc_reap, and first the I/O accounting of the whole process tree:
 * the leader's /proc/PID/io read after it exited but before it is reaped
 * (waitid WNOWAIT), when it holds its own I/O and that of every child it
 * (and they, in turn) waited for — the tree wait4's rusage covers.  A
 * process left to init (a daemon) is not in it.  *io_rc: 0 when io was
 * read, else -errno (io zeroed).
 */
int fsb_proc_reap_io(struct fsb_proc *p, int *status, struct rusage *ru, struct fsb_proc_io *io, int *io_rc);
/*
 * Make this process the reaper of every process it starts and what they
 * start (PR_SET_CHILD_SUBREAPER): an orphan — make's cc1 when make was
 * killed first — becomes its child, not init's, so fsb_proc_reap() and
 * fsb_proc_reap_all() can wait for it; left to init, a killed run's
 * children outlive it, defunct (init may be slow to reap, or never).
 * Call once, before any child is started (the front ends that run the
 * engine).  0 or -errno.
 */
int fsb_proc_subreaper(void);
/*
 * Before the process exits, after the engine is done: every child still
 * there (a daemon a phase left in a session of its own; an orphan not yet
 * waited for) is sent SIGTERM, then SIGKILL after grace seconds, and
 * waited for, until none is left.  Only this process's children are
 * touched, never another process of the machine.
 */
void fsb_proc_reap_all(double grace);
void fsb_proc_close(struct fsb_proc *p);

/*
 * Run cmd to completion, output (stdout+stderr, at most max_out bytes kept:
 * the tail) into *out if out is non-NULL.  cancel (may be NULL) stops it
 * early with -ECANCELED.  Returns 0 when it exited 0, -ECHILD with a message
 * naming the exit status and the last output line when it failed.
 */
int fsb_proc_run(const char *cmd, const struct fsb_proc_opts *o, const atomic_bool *cancel,
		 char **out, struct fsb_err *err);

/* Last non-empty line of s (pointer into a static buffer). */
const char *fsb_last_line(const char *s);
/* "exited with status 2" / "killed by signal 9 (Killed)" */
const char *fsb_wait_status_str(int status, char *buf, size_t len);

#endif
