/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <pthread.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include "sys/signals.h"

int fsb_signals_open(struct fsb_signals *s, int extra, int flags)
{
	sigset_t mask;

	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGHUP);
	if (extra)
		sigaddset(&mask, extra);
	pthread_sigmask(SIG_BLOCK, &mask, &s->old);
	signal(SIGPIPE, SIG_IGN);
	s->fd = signalfd(-1, &mask, SFD_CLOEXEC | flags);
	if (s->fd < 0) {
		int rc = -errno;

		pthread_sigmask(SIG_SETMASK, &s->old, NULL);
		return rc;
	}
	return 0;
}

int fsb_signals_read(struct fsb_signals *s)
{
	struct signalfd_siginfo si;
	ssize_t n = read(s->fd, &si, sizeof(si));

	if (n == (ssize_t)sizeof(si))
		return (int)si.ssi_signo;
	if (n < 0 && errno != EAGAIN)
		return -errno;
	return 0;
}

void fsb_signals_close(struct fsb_signals *s)
{
	if (s->fd < 0)
		return;
	close(s->fd);
	s->fd = -1;
	pthread_sigmask(SIG_SETMASK, &s->old, NULL);
}
