/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "engine/probe.h"

/* An unnamed file on dir's filesystem: O_TMPFILE, else a name unlinked at
 * once (a filesystem without O_TMPFILE). */
static int open_unnamed(const char *dir)
{
	int fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	char *path;

	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
		return fd;
	path = fsb_xasprintf("%s/.fsbench-probe.%d", dir, (int)getpid());
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd >= 0)
		unlink(path);
	free(path);
	return fd;
}

/* Wait until t (fsb_now() seconds) or a stop; true when stopped. */
static bool wait_until(const struct fsb_probe *p, double t)
{
	for (;;) {
		double left = t - fsb_now();
		struct pollfd pfd = { p->stop_fd, POLLIN, 0 };
		int n = poll(&pfd, 1, left > 0 ? (int)ceil(left * 1000) : 0);

		if (n > 0)
			return true;
		if (n == 0 && fsb_now() >= t)
			return false;
		if (n < 0 && errno != EINTR)
			return true;
	}
}

static void *probe_main(void *arg)
{
	struct fsb_probe *p = arg;
	unsigned char buf[FSB_PROBE_BYTES];
	uint64_t x = 0x9e3779b97f4a7c15ULL;
	off_t off = 0;
	double next = fsb_now();

	/* not zeros: a compressing filesystem stores what a document would */
	for (size_t i = 0; i < sizeof(buf); i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (unsigned char)x;
	}
	while (!wait_until(p, next)) {
		double t0 = fsb_now(), dt;

		if (pwrite(p->fd, buf, sizeof(buf), off) != (ssize_t)sizeof(buf) || fsync(p->fd)) {
			p->error = errno ? -errno : -EIO;
			break;
		}
		dt = fsb_now() - t0;
		fsb_hist_add(p->hist, (uint64_t)llround(dt * 1e6));
		p->saves++;
		off = (off + (off_t)sizeof(buf)) % FSB_PROBE_SPAN;
		/* the next save on the schedule; those a long one overran are skipped */
		next += p->interval;
		if (next < fsb_now())
			next = t0 + p->interval * ceil((fsb_now() - t0) / p->interval);
	}
	return NULL;
}

int fsb_probe_start(struct fsb_probe *p, const char *dir, double interval, struct fsb_err *err)
{
	int rc;

	memset(p, 0, sizeof(*p));
	p->fd = p->stop_fd = -1;
	p->interval = interval > 0 ? interval : FSB_PROBE_INTERVAL;
	p->fd = open_unnamed(dir);
	if (p->fd < 0)
		return fsb_err_set(err, -errno, "stall probe: cannot make its file on %s: %s", dir, strerror(errno));
	p->stop_fd = eventfd(0, EFD_CLOEXEC);
	if (p->stop_fd < 0) {
		rc = fsb_err_set(err, -errno, "stall probe: eventfd: %s", strerror(errno));
		goto fail;
	}
	p->hist = fsb_xcalloc(1, sizeof(*p->hist));
	rc = -pthread_create(&p->th, NULL, probe_main, p);
	if (rc) {
		fsb_err_set(err, rc, "stall probe: cannot start its thread: %s", strerror(-rc));
		goto fail;
	}
	p->running = true;
	return 0;
fail:
	fsb_probe_join(p);
	fsb_probe_free(p);
	return rc;
}

void fsb_probe_stop(struct fsb_probe *p)
{
	uint64_t one = 1;

	if (p->stop_fd >= 0 && write(p->stop_fd, &one, sizeof(one)) < 0) {
		/* an eventfd write fails only on overflow: a stop is pending already */
	}
}

void fsb_probe_join(struct fsb_probe *p)
{
	fsb_probe_stop(p);
	if (p->running)
		pthread_join(p->th, NULL);
	p->running = false;
	if (p->fd >= 0)
		close(p->fd);
	if (p->stop_fd >= 0)
		close(p->stop_fd);
	p->fd = p->stop_fd = -1;
}

void fsb_probe_record(const struct fsb_probe *p, struct fsb_run *run)
{
	double *v = run->v;

	if (!p->hist)
		return;
	v[FSB_FIELD_stall_saves] = (double)p->saves;
	v[FSB_FIELD_stall_written_kib] = (double)p->saves * FSB_PROBE_BYTES / 1024.0;
	if (!p->saves)
		return;
	v[FSB_FIELD_stall_p50_us] = (double)fsb_hist_quantile(p->hist, 0.50);
	v[FSB_FIELD_stall_p99_us] = (double)fsb_hist_quantile(p->hist, 0.99);
	v[FSB_FIELD_stall_max_us] = (double)p->hist->max;
}

void fsb_probe_free(struct fsb_probe *p)
{
	free(p->hist);
	p->hist = NULL;
}
