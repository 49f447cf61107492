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
