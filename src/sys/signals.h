/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * signals.h — the stop signals as a file descriptor, for the front ends that
 * run the engine (`fsbench run` and the TUI).
 *
 * SIGINT, SIGTERM and SIGHUP (and what the caller adds, e.g. SIGWINCH) are
 * blocked in the calling thread before any other thread exists, so every
 * thread started afterwards — the engine's, its children's waits — inherits
 * the mask and only the signalfd sees them: the front end's loop polls it,
 * turns a signal into a cancel, and the engine unwinds (unmount, detach,
 * mark the result interrupted) before the process exits with 128 + N.
 * SIGPIPE is ignored: a closed pipe is an error return, not a death.
 */
#ifndef FSB_SIGNALS_H
#define FSB_SIGNALS_H

#include <signal.h>

struct fsb_signals {
	int fd;                  /* the signalfd; poll it for POLLIN */
	sigset_t old;            /* the mask to give back */
};

/* Block the stop signals and extra (0 for none) and open the signalfd with
 * flags (SFD_NONBLOCK or 0; always close-on-exec).  Call before starting
 * threads.  0 or -errno (then the mask is as it was). */
int fsb_signals_open(struct fsb_signals *s, int extra, int flags);
/* The next pending signal's number, 0 when none is pending (non-blocking
 * fd), or -errno. */
int fsb_signals_read(struct fsb_signals *s);
/* Close the fd and give back the old mask.  Safe after a failed open. */
void fsb_signals_close(struct fsb_signals *s);

#endif
