/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "engine/events.h"

struct fsb_events {
	pthread_mutex_t lock;
	struct fsb_event *ring;
	size_t cap, head, len;
	int efd;
	struct fsb_progress progress;
	unsigned long dropped;
};

struct fsb_events *fsb_events_new(size_t capacity)
{
	struct fsb_events *q = fsb_xcalloc(1, sizeof(*q));

	pthread_mutex_init(&q->lock, NULL);
	q->cap = capacity < 16 ? 16 : capacity;
	q->ring = fsb_xcalloc(q->cap, sizeof(*q->ring));
	q->efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (q->efd < 0)
		abort();	/* only fails on fd exhaustion at start-up */
	q->progress.fraction = -1;
	q->progress.eta = -1;
	return q;
}

void fsb_event_free(struct fsb_event *ev)
{
	free(ev->fs);
	free(ev->phase);
	free(ev->text);
	fsb_run_clear(&ev->run);
	fsb_result_free(ev->result);
	memset(ev, 0, sizeof(*ev));
}

void fsb_events_free(struct fsb_events *q)
{
	struct fsb_event ev;

	if (!q)
		return;
	while (fsb_events_pop(q, &ev))
		fsb_event_free(&ev);
	close(q->efd);
	free(q->ring);
	pthread_mutex_destroy(&q->lock);
	free(q);
}

int fsb_events_fd(const struct fsb_events *q)
{
	return q->efd;
}

static void kick(struct fsb_events *q)
{
	uint64_t one = 1;

	if (write(q->efd, &one, sizeof(one)) < 0) {
		/* EAGAIN: the counter is saturated, the reader is woken anyway */
	}
}

/* Grow the ring; only for events that must not be lost. */
static void grow(struct fsb_events *q)
{
	struct fsb_event *n = fsb_xcalloc(q->cap * 2, sizeof(*n));

	for (size_t i = 0; i < q->len; i++)
		n[i] = q->ring[(q->head + i) % q->cap];
	free(q->ring);
	q->ring = n;
	q->head = 0;
	q->cap *= 2;
}

void fsb_events_post(struct fsb_events *q, struct fsb_event *ev)
{
	pthread_mutex_lock(&q->lock);
	if (q->len == q->cap) {
		if (ev->kind == FSB_EV_LOG) {
			q->dropped++;
			pthread_mutex_unlock(&q->lock);
			fsb_event_free(ev);
			return;
		}
		grow(q);
	}
	q->ring[(q->head + q->len) % q->cap] = *ev;
	q->len++;
	pthread_mutex_unlock(&q->lock);
	memset(ev, 0, sizeof(*ev));
	kick(q);
}

void fsb_events_log(struct fsb_events *q, const char *fmt, ...)
{
	struct fsb_event ev = { .kind = FSB_EV_LOG, .fs_index = -1, .phase_index = -1 };
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	ev.text = fsb_buf_steal(&b);
	fsb_run_init(&ev.run);
	fsb_events_post(q, &ev);
}

bool fsb_events_pop(struct fsb_events *q, struct fsb_event *ev)
{
	bool got = false;

	pthread_mutex_lock(&q->lock);
	if (q->len) {
		*ev = q->ring[q->head];
		memset(&q->ring[q->head], 0, sizeof(*ev));
		q->head = (q->head + 1) % q->cap;
		q->len--;
		got = true;
	}
	if (!q->len) {
		uint64_t v;

		/* reset under the lock: a post after this re-arms it */
		if (read(q->efd, &v, sizeof(v)) < 0) {
			/* EAGAIN: already clear */
		}
	}
	pthread_mutex_unlock(&q->lock);
	return got;
}

void fsb_events_set_progress(struct fsb_events *q, const struct fsb_progress *p)
{
	pthread_mutex_lock(&q->lock);
	q->progress = *p;
	q->progress.seq++;
	pthread_mutex_unlock(&q->lock);
	kick(q);
}

void fsb_events_get_progress(struct fsb_events *q, struct fsb_progress *p)
{
	pthread_mutex_lock(&q->lock);
	*p = q->progress;
	pthread_mutex_unlock(&q->lock);
}

void fsb_events_set_last_line(struct fsb_events *q, const char *line)
{
	pthread_mutex_lock(&q->lock);
	snprintf(q->progress.last_line, sizeof(q->progress.last_line), "%s", line);
	pthread_mutex_unlock(&q->lock);
}

unsigned long fsb_events_dropped(struct fsb_events *q)
{
	unsigned long n;

	pthread_mutex_lock(&q->lock);
	n = q->dropped;
	pthread_mutex_unlock(&q->lock);
	return n;
}
