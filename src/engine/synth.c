/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The built-in phases (synth.h): the data file and the seeks, the phase
 * table, parameters and running a phase; the file tests are
 * synth_files.c's (synth_int.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/synth_int.h"

#define DEFAULT_CHUNK     8192
#define DEFAULT_FILES     16
#define DEFAULT_SEEKERS   3
#define DEFAULT_SEEKS     8000
#define DEFAULT_MIN_DUR   1.0
#define DEFAULT_SEED      1
#define FILES_UNIT        1024        /* bonnie++'s DirectoryUnit */
#define MAX_FILES_N       (1L << 20)  /* N, i.e. a billion files */
#define MAX_SEEKERS       1024
#define MAX_MIN_DURATION  86400
#define UPDATE_SEEK       10          /* one seek in ten rewrites its chunk */
#define REPORT_NS         250000000ULL
#define MIB               (1ULL << 20)

static void thread_cpu(struct cpu *t)
{
	struct timespec ts;
	struct rusage ru;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	getrusage(RUSAGE_THREAD, &ru);
	t->ns = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	t->user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	t->sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

/* acc += b - a */
static void cpu_add_delta(struct cpu *acc, const struct cpu *a, const struct cpu *b)
{
	acc->ns += b->ns - a->ns;
	acc->user += b->user - a->user;
	acc->sys += b->sys - a->sys;
}

/* The exact total, split in the ratio of the samples; with no sample at
 * all (less than a tick of CPU) it is counted as sys, where an I/O
 * benchmark spends its time. */
static void cpu_split(const struct cpu *acc, double *user, double *sys)
{
	double total = (double)acc->ns / 1e9, sampled = acc->user + acc->sys;

	*user = sampled > 0 ? total * acc->user / sampled : 0;
	/* with no sys tick sampled, total * u / u can round a hair above
	 * total: sys is 0 then, never -4e-18 */
	*sys = total > *user ? total - *user : 0;
}

/* ---- the phases: progress, the clock, errors ---- */

bool fsb_synth_cancelled(const struct ctx *c)
{
	return c->cancel && atomic_load_explicit(c->cancel, memory_order_relaxed);
}

static void emit(struct ctx *c, double f)
{
	f = c->pbase + c->pspan * f;
	if (f > c->last_fraction) {
		c->last_fraction = f;
		c->ctl->progress(c->ctl->arg, f);
	}
}

/*
 * frac is the part of the current loop that is done.  A timed pass that
 * will be repeated does not know its share in advance; the time measured
 * so far against min_duration stands in, so the fraction only grows.
 */
void fsb_synth_report(struct ctx *c, uint64_t now, double frac)
{
	double t, f;

	if (!c->ctl || !c->ctl->progress || c->mode == REPORT_NONE)
		return;
	c->next_report_ns = now + REPORT_NS;
	if (c->mode == REPORT_PREP) {
		f = frac;
	} else {
		t = c->p->min_duration > 0
			? (double)(c->real_ns + (now - c->t_start)) / 1e9 / c->p->min_duration
			: 1.0;
		f = c->passes == 0 ? frac * fmin(1.0, t) : fmin(1.0, t);
	}
	emit(c, fmin(f, 0.99));
}

uint64_t fsb_synth_timer_start(struct ctx *c)
{
	thread_cpu(&c->cpu_start);
	c->t_start = fsb_synth_now_ns();
	return c->t_start;
}

void fsb_synth_timer_stop(struct ctx *c)
{
	uint64_t t = fsb_synth_now_ns();
	struct cpu end;

	thread_cpu(&end);
	c->real_ns += t - c->t_start;
	cpu_add_delta(&c->cpu, &c->cpu_start, &end);
}

/* "block-write: write /mnt/x/fsb.data: No space left on device" */
int fsb_synth_fail(struct ctx *c, int errnum, const char *what, const char *path)
{
	char size[32];
	const char *hint = "";
	char hintbuf[160];

	if (errnum == ENOSPC || errnum == EDQUOT || errnum == EFBIG) {
		if (path && strcmp(path, c->data_path) == 0) {
			snprintf(hintbuf, sizeof(hintbuf), " (the data file needs %s; choose a smaller synth_size)",
				 fsb_format_size(c->p->file_size, size, sizeof(size)));
		} else {
			snprintf(hintbuf, sizeof(hintbuf), " (%ld files of up to %s; choose fewer or smaller files)",
				 c->p->files * FILES_UNIT,
				 fsb_format_size((unsigned long long)c->p->file_max, size, sizeof(size)));
		}
		hint = hintbuf;
	}
	return fsb_err_set(c->err, -errnum, "%s: %s %s: %s%s", c->ph->name, what,
			   path ? path : c->dir, strerror(errnum), hint);
}

int fsb_synth_fail_cancel(struct ctx *c)
{
	return fsb_err_set(c->err, -ECANCELED, "%s: cancelled", c->ph->name);
}

/* The rest of a chunk after a short write; 0 or -errno. */
static int write_rest(int fd, const char *b, size_t n, ssize_t done)
{
	for (;;) {
		if (done < 0) {
			if (errno != EINTR)
				return -errno;
			done = 0;
		}
		b += done;
		n -= (size_t)done;
		if (!n)
			return 0;
		done = write(fd, b, n);
		if (done == 0)
			return -ENOSPC;
	}
}

int fsb_synth_write_full(int fd, const char *b, size_t n)
{
	ssize_t r = write(fd, b, n);

	return r == (ssize_t)n ? 0 : write_rest(fd, b, n, r);
}

/* Bytes read (< n only at end of file), or -errno. */
ssize_t fsb_synth_read_full(int fd, char *b, size_t n)
{
	size_t got = 0;

	while (got < n) {
		ssize_t r = read(fd, b + got, n - got);

		if (r < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (r == 0)
			break;
		got += (size_t)r;
	}
	return (ssize_t)got;
}

int fsb_synth_syncfs_dir(struct ctx *c, int fd, const char *path)
{
	if (syncfs(fd))
		return fsb_synth_fail(c, errno, "syncfs", path);
	return 0;
}

static int close_data(struct ctx *c)
{
	int rc = 0;

	if (c->fp) {
		if (fclose(c->fp))
			rc = -errno;
		c->fp = NULL;
		c->fd = -1;
	} else if (c->fd >= 0) {
		if (close(c->fd))
			rc = -errno;
		c->fd = -1;
	}
	return rc;
}

/* ---- the data file ---- */

static int open_data(struct ctx *c, int flags)
{
	c->fd = open(c->data_path, flags | O_CLOEXEC, 0600);
	if (c->fd < 0)
		return fsb_synth_fail(c, errno, "open", c->data_path);
	return 0;
}

/* Unlink the old file (flushed, so its freeing is not charged to the next
 * pass) and create a new one. */
static int create_data(struct ctx *c)
{
	int rc;

	if (unlinkat(c->pfd, FSB_SYNTH_DATA_FILE, 0) && errno != ENOENT)
		return fsb_synth_fail(c, errno, "unlink", c->data_path);
	rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	return rc ? rc : open_data(c, O_WRONLY | O_CREAT | O_EXCL);
}

/* Fill c->fd chunk by chunk; timed: record latencies (the caller owns the
 * timer).  Chunks are random data from the pool, or with compressible data
 * zeros with one byte changed each, as bonnie++'s. */
static int write_chunks(struct ctx *c, bool timed, uint64_t t0)
{
	const size_t chunk = c->p->chunk;
	const uint64_t n = c->p->file_size / chunk;
	char *const buf = c->buf;
	const int fd = c->fd;
	struct fsb_hist *const h = timed ? c->hist : NULL;
	char *b = buf;

	memset(buf, 0, chunk);
	for (uint64_t i = 0; i < n; i++) {
		ssize_t r;

		if (c->pool) {
			b = c->pool + (i * chunk) % POOL_BYTES;
			memcpy(b, &i, sizeof(i));
		} else {
			buf[i & (chunk - 1)]++;
		}
		r = write(fd, b, chunk);
		if (r != (ssize_t)chunk) {
			int rc = write_rest(fd, b, chunk, r);

			if (rc)
				return fsb_synth_fail(c, -rc, "write", c->data_path);
		}
		if (fsb_synth_step(c, h, &t0, i + 1, n))
			return -ECANCELED;
	}
	return 0;
}

/* fsync + close, the end of every write pass. */
static int flush_data(struct ctx *c)
{
	int rc;

	if (fsync(c->fd)) {
		rc = errno;
		close_data(c);
		return fsb_synth_fail(c, rc, "fsync", c->data_path);
	}
	rc = close_data(c);
	if (rc)
		return fsb_synth_fail(c, -rc, "close", c->data_path);
	return 0;
}

/* Input of the phases that read the data file: a file of file_size bytes,
 * written untimed if missing or of another size. */
static int in_data(struct ctx *c)
{
	struct stat st;
	int rc;

	if (fstatat(c->pfd, FSB_SYNTH_DATA_FILE, &st, 0) == 0 && S_ISREG(st.st_mode) &&
	    (unsigned long long)st.st_size == c->p->file_size)
		return 0;
	c->mode = REPORT_PREP;
	c->pspan = 0.5;
	rc = create_data(c);
	if (!rc)
		rc = write_chunks(c, false, fsb_synth_now_ns());
	if (!rc)
		rc = flush_data(c);
	if (!rc)
		rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	c->pbase = c->last_fraction = 0.5;
	return rc;
}

/* Unwritten extents (or tmpfs pages) for the whole file, flushed, as fio
 * lays a file out; no fallocate support means no preallocation, as fio's
 * fallocate=native. */
static int preallocate(struct ctx *c)
{
	if (!c->p->preallocate)
		return 0;
	if (fallocate(c->fd, 0, 0, (off_t)c->p->file_size)) {
		if (errno == EOPNOTSUPP)
			return 0;
		return fsb_synth_fail(c, errno, "fallocate", c->data_path);
	}
	return fsb_synth_syncfs_dir(c, c->pfd, c->dir);
}

static int prep_write(struct ctx *c)
{
	int rc = create_data(c);

	return rc ? rc : preallocate(c);
}

/* The data file as a stdio stream, for the per-char phases. */
static int as_stream(struct ctx *c, const char *mode)
{
	c->fp = fdopen(c->fd, mode);
	return c->fp ? 0 : fsb_synth_fail(c, errno, "fdopen", c->data_path);
}

static int prep_char_write(struct ctx *c)
{
	int rc = create_data(c);

	if (!rc)
		rc = preallocate(c);
	return rc ? rc : as_stream(c, "w");
}

static int prep_read(struct ctx *c)
{
	return open_data(c, O_RDONLY);
}

static int prep_char_read(struct ctx *c)
{
	int rc = open_data(c, O_RDONLY);

	return rc ? rc : as_stream(c, "r");
}

static int prep_rewrite(struct ctx *c)
{
	return open_data(c, O_RDWR);
}

/* The end of a timed write pass: the data on the disk (flush_data), the
 * clock stopped, the file's bytes counted. */
static int write_done(struct ctx *c)
{
	int rc = flush_data(c);

	if (rc)
		return rc;
	fsb_synth_timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
}

static int t_block_write(struct ctx *c)
{
	int rc = write_chunks(c, true, fsb_synth_timer_start(c));

	return rc ? rc : write_done(c);
}

/* One latency sample per chunk-sized group of characters: a single putc is
 * too short for the clock.  Each group's bytes come from memory (the pool's
 * random data, or an ASCII ramp), so the per-byte loop is the same for both
 * kinds of data and tests nothing of its own. */
static int t_char_write(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t groups = c->p->file_size / chunk;
	FILE *const fp = c->fp;
	unsigned char *src = (unsigned char *)c->buf;
	uint64_t t0;
	int rc;

	if (!c->pool)
		for (size_t k = 0; k < chunk; k++)
			src[k] = (unsigned char)(k & 0x7f);
	t0 = fsb_synth_timer_start(c);
	for (uint64_t g = 0; g < groups; g++) {
		if (c->pool) {
			src = (unsigned char *)c->pool + (g * chunk) % POOL_BYTES;
			memcpy(src, &g, sizeof(g));
		}
		for (size_t k = 0; k < chunk; k++)
			if (putc_unlocked(src[k], fp) == EOF)
				return fsb_synth_fail(c, errno ? errno : EIO, "write", c->data_path);
		rc = fsb_synth_step(c, c->hist, &t0, g + 1, groups);
		if (rc)
			return rc;
	}
	if (fflush(fp))
		return fsb_synth_fail(c, errno, "write", c->data_path);
	return write_done(c);
}

static int short_file(struct ctx *c)
{
	char size[32];

	return fsb_err_set(c->err, -EIO, "%s: read %s: the file ended before %s; it changed under the benchmark",
			   c->ph->name, c->data_path, fsb_format_size(c->p->file_size, size, sizeof(size)));
}

/* The end of a timed read pass: the file closed, the clock stopped, the
 * file's bytes counted. */
static int read_done(struct ctx *c)
{
	int rc = close_data(c);

	if (rc)
		return fsb_synth_fail(c, -rc, "close", c->data_path);
	fsb_synth_timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
}

static int t_char_read(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t groups = c->p->file_size / chunk;
	FILE *const fp = c->fp;
	uint64_t sum = 0, t0 = fsb_synth_timer_start(c);
	int rc;

	for (uint64_t g = 0; g < groups; g++) {
		for (size_t k = 0; k < chunk; k++) {
			int ch = getc_unlocked(fp);

			if (ch == EOF)
				return ferror(fp) ? fsb_synth_fail(c, errno ? errno : EIO, "read", c->data_path)
						  : short_file(c);
			sum += (unsigned)ch;
		}
		rc = fsb_synth_step(c, c->hist, &t0, g + 1, groups);
		if (rc)
			return rc;
	}
	c->sink += sum;
	return read_done(c);
}

static int t_block_read(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t n = c->p->file_size / chunk;
	char *const buf = c->buf;
	const int fd = c->fd;
	struct fsb_hist *const h = c->hist;
	uint64_t t0 = fsb_synth_timer_start(c);
	int rc;

	for (uint64_t i = 0; i < n; i++) {
		ssize_t r = read(fd, buf, chunk);

		if (r != (ssize_t)chunk) {
			ssize_t more;

			if (r < 0 && errno != EINTR)
				return fsb_synth_fail(c, errno, "read", c->data_path);
			if (r < 0)
				r = 0;
			more = fsb_synth_read_full(fd, buf + r, chunk - (size_t)r);
			if (more < 0)
				return fsb_synth_fail(c, (int)-more, "read", c->data_path);
			if (r + more != (ssize_t)chunk)
				return short_file(c);
		}
		rc = fsb_synth_step(c, h, &t0, i + 1, n);
		if (rc)
			return rc;
	}
	return read_done(c);
}

static int t_rewrite(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t n = c->p->file_size / chunk;
	char *const buf = c->buf;
	const int fd = c->fd;
	uint64_t t0 = fsb_synth_timer_start(c);

	for (uint64_t i = 0; i < n; i++) {
		ssize_t r = fsb_synth_read_full(fd, buf, chunk);
		uint64_t t1;
		int rc;

		if (r < 0)
			return fsb_synth_fail(c, (int)-r, "read", c->data_path);
		if (r != (ssize_t)chunk)
			return short_file(c);
		buf[i & (chunk - 1)]++;
		if (lseek(fd, -(off_t)chunk, SEEK_CUR) < 0)
			return fsb_synth_fail(c, errno, "lseek", c->data_path);
		rc = fsb_synth_write_full(fd, buf, chunk);
		if (rc)
			return fsb_synth_fail(c, -rc, "write", c->data_path);
		t1 = fsb_synth_now_ns();
		fsb_hist_add(c->hist, t1 - t0);
		t0 = t1;
		if (fsb_synth_cancelled(c))
			return fsb_synth_fail_cancel(c);
		fsb_synth_tick(c, t1, i + 1, n);
	}
	return write_done(c);
}

/* ---- seeks ---- */

struct seek_shared {
	struct ctx *c;
	uint64_t ntickets;
	atomic_ullong next;
	atomic_bool stop;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	bool go, abort;
	int running;
};

struct seeker {
	struct seek_shared *sh;
	pthread_t th;
	int fd;
	char *buf;
	struct fsb_hist *hist;
	uint64_t start, end;
	struct cpu cpu;      /* used while seeking */
	int err;             /* errno of the failure, 0 = none, ECANCELED */
	const char *what;
};

static void seeker_done(struct seeker *s)
{
	pthread_mutex_lock(&s->sh->lock);
	s->sh->running--;
	pthread_cond_broadcast(&s->sh->cond);
	pthread_mutex_unlock(&s->sh->lock);
}

static int seeker_fail(struct seeker *s, int errnum, const char *what)
{
	s->err = errnum;
	s->what = what;
	atomic_store(&s->sh->stop, true);
	return -1;
}

static int seek_one(struct seeker *s, uint64_t ticket, size_t chunk)
{
	uint64_t where = ticket >> 1;
	off_t off = (off_t)(where * chunk);
	ssize_t r;
	int rc;

	if (lseek(s->fd, off, SEEK_SET) < 0)
		return seeker_fail(s, errno, "lseek");
	r = fsb_synth_read_full(s->fd, s->buf, chunk);
	if (r < 0)
		return seeker_fail(s, (int)-r, "read");
	if (r != (ssize_t)chunk)
		return seeker_fail(s, EIO, "read");
	if (ticket & 1) {
		s->buf[where & (chunk - 1)]--;
		if (lseek(s->fd, off, SEEK_SET) < 0)
			return seeker_fail(s, errno, "lseek");
		rc = fsb_synth_write_full(s->fd, s->buf, chunk);
		if (rc)
			return seeker_fail(s, -rc, "write");
	}
	return 0;
}

static void *seeker_main(void *arg)
{
	struct seeker *s = arg;
	struct seek_shared *sh = s->sh;
	struct ctx *c = sh->c;
	const size_t chunk = c->p->chunk;
	const uint64_t *tickets = c->tickets;
	struct cpu cpu0, cpu1;
	uint64_t t0;
	bool aborted;

	pthread_mutex_lock(&sh->lock);
	while (!sh->go && !sh->abort)
		pthread_cond_wait(&sh->cond, &sh->lock);
	aborted = sh->abort;
	pthread_mutex_unlock(&sh->lock);
	if (aborted) {
		close(s->fd);
		s->fd = -1;
		seeker_done(s);
		return NULL;
	}

	thread_cpu(&cpu0);
	s->start = t0 = fsb_synth_now_ns();
	while (!atomic_load_explicit(&sh->stop, memory_order_relaxed)) {
		uint64_t i = atomic_fetch_add_explicit(&sh->next, 1, memory_order_relaxed);
		uint64_t t1;

		if (i >= sh->ntickets)
			break;
		if (seek_one(s, tickets[i], chunk))
			break;
		t1 = fsb_synth_now_ns();
		fsb_hist_add(s->hist, t1 - t0);
		t0 = t1;
		if (fsb_synth_cancelled(c)) {
			seeker_fail(s, ECANCELED, "seek");
			break;
		}
	}
	/* bonnie++'s seekers fsync when they close; so do these */
	if (fsync(s->fd) && !s->err)
		seeker_fail(s, errno, "fsync");
	if (close(s->fd) && !s->err)
		seeker_fail(s, errno, "close");
	s->fd = -1;
	s->end = fsb_synth_now_ns();
	thread_cpu(&cpu1);
	cpu_add_delta(&s->cpu, &cpu0, &cpu1);
	seeker_done(s);
	return NULL;
}

static int prep_seeks(struct ctx *c)
{
	const uint64_t nchunks = c->p->file_size / c->p->chunk;
	struct fsb_rng r;

	fsb_rng_stream(&r, c->p->seed, STREAM_SEEKS + ((uint64_t)c->passes << 32));
	for (long i = 0; i < c->p->seeks; i++) {
		uint64_t where = fsb_rng_mod(&r, nchunks);
		bool update = fsb_rng_mod(&r, UPDATE_SEEK) == 0;

		c->tickets[i] = where << 1 | update;
	}
	for (int k = 0; k < c->p->seekers; k++) {
		c->seek_fd[k] = open(c->data_path, O_RDWR | O_CLOEXEC);
		if (c->seek_fd[k] < 0)
			return fsb_synth_fail(c, errno, "open", c->data_path);
	}
	return 0;
}

/* Until every seeker has ended: the phase's progress, every REPORT_NS. */
static void watch_seekers(struct ctx *c, struct seek_shared *sh)
{
	pthread_mutex_lock(&sh->lock);
	while (sh->running > 0) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += (long)(REPORT_NS % 1000000000ULL);
		ts.tv_sec += ts.tv_nsec / 1000000000L;
		ts.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&sh->cond, &sh->lock, &ts);
		if (sh->running > 0) {
			uint64_t done = atomic_load(&sh->next);

			pthread_mutex_unlock(&sh->lock);
			fsb_synth_tick(c, fsb_synth_now_ns(), done < sh->ntickets ? done : sh->ntickets, sh->ntickets);
			pthread_mutex_lock(&sh->lock);
		}
	}
	pthread_mutex_unlock(&sh->lock);
}

/* The n seekers, joined: a cancel, else the first error, else their wall
 * time, CPU and latencies into the phase's.  0 or -errno. */
static int seekers_result(struct ctx *c, const struct seeker *s, int n)
{
	uint64_t first = UINT64_MAX, last = 0;

	for (int k = 0; k < n; k++)
		if (s[k].err == ECANCELED)
			return fsb_synth_fail_cancel(c);
	for (int k = 0; k < n; k++)
		if (s[k].err)
			return s[k].err == EIO && strcmp(s[k].what, "read") == 0
				? short_file(c) : fsb_synth_fail(c, s[k].err, s[k].what, c->data_path);
	for (int k = 0; k < n; k++) {
		if (s[k].start < first)
			first = s[k].start;
		if (s[k].end > last)
			last = s[k].end;
		c->cpu.ns += s[k].cpu.ns;
		c->cpu.user += s[k].cpu.user;
		c->cpu.sys += s[k].cpu.sys;
		fsb_hist_merge(c->hist, s[k].hist);
	}
	c->real_ns += last - first;
	c->amount += (uint64_t)c->p->seeks;
	return 0;
}

static int t_seeks(struct ctx *c)
{
	const int n = c->p->seekers;
	struct seek_shared sh = { .c = c, .ntickets = (uint64_t)c->p->seeks };
	struct seeker *s = fsb_xcalloc((size_t)n, sizeof(*s));
	int started = 0, rc = 0;

	atomic_init(&sh.next, 0);
	atomic_init(&sh.stop, false);
	pthread_mutex_init(&sh.lock, NULL);
	pthread_cond_init(&sh.cond, NULL);
	for (int k = 0; k < n; k++) {
		s[k].sh = &sh;
		s[k].fd = c->seek_fd[k];
		s[k].buf = c->seek_buf[k];
		s[k].hist = fsb_xcalloc(1, sizeof(*s[k].hist));
	}
	sh.running = n;
	for (; started < n; started++) {
		rc = pthread_create(&s[started].th, NULL, seeker_main, &s[started]);
		if (rc)
			break;
		c->seek_fd[started] = -1;   /* the thread owns it now */
	}
	pthread_mutex_lock(&sh.lock);
	sh.running = started;
	if (rc)
		sh.abort = true;
	else
		sh.go = true;
	pthread_cond_broadcast(&sh.cond);
	pthread_mutex_unlock(&sh.lock);
	c->t_start = fsb_synth_now_ns();
	watch_seekers(c, &sh);
	for (int k = 0; k < started; k++)
		pthread_join(s[k].th, NULL);
	if (rc)
		rc = fsb_err_set(c->err, -rc, "%s: cannot start seeker threads: %s", c->ph->name, strerror(rc));
	else
		rc = seekers_result(c, s, n);
	for (int k = 0; k < n; k++)
		free(s[k].hist);
	free(s);
	pthread_mutex_destroy(&sh.lock);
	pthread_cond_destroy(&sh.cond);
	return rc;
}

static const struct phase phases[] = {
	{ "char-write",  "Per-char write",    P_BYTES, NULL, prep_char_write, t_char_write, NULL },
	{ "block-write", "Block write",       P_BYTES, NULL, prep_write, t_block_write, NULL },
	{ "rewrite",     "Rewrite",           P_BYTES | P_COLD_DATA, in_data, prep_rewrite, t_rewrite, NULL },
	{ "char-read",   "Per-char read",     P_BYTES | P_COLD_DATA, in_data, prep_char_read, t_char_read, NULL },
	{ "block-read",  "Block read",        P_BYTES | P_COLD_DATA, in_data, prep_read, t_block_read, NULL },
	{ "seeks",       "Random seeks",      P_COLD_DATA, in_data, prep_seeks, t_seeks, NULL },
	{ "seq-create",  "Sequential create", 0, fsb_synth_in_seq_names, fsb_synth_prep_create, fsb_synth_t_create, fsb_synth_fin_create },
	{ "seq-stat",    "Sequential stat",   P_COLD_ALL, fsb_synth_in_seq_files, fsb_synth_prep_stat, fsb_synth_t_seq_stat, NULL },
	{ "seq-delete",  "Sequential delete", 0, fsb_synth_in_seq_files, fsb_synth_prep_delete, fsb_synth_t_seq_delete, NULL },
	{ "rand-create", "Random create",     0, fsb_synth_in_rand_names, fsb_synth_prep_create, fsb_synth_t_create, fsb_synth_fin_create },
	{ "rand-stat",   "Random stat",       P_COLD_ALL, fsb_synth_in_rand_files, fsb_synth_prep_stat, fsb_synth_t_rand_stat, NULL },
	{ "rand-delete", "Random delete",     0, fsb_synth_in_rand_files, fsb_synth_prep_delete, fsb_synth_t_rand_delete, NULL },
};

static const char *const phase_names[] = {
	"char-write", "block-write", "rewrite", "char-read", "block-read", "seeks",
	"seq-create", "seq-stat", "seq-delete", "rand-create", "rand-stat", "rand-delete",
	NULL,
};

static const struct phase *find_phase(const char *name)
{
	for (size_t i = 0; name && i < FSB_ARRAY_SIZE(phases); i++)
		if (strcmp(phases[i].name, name) == 0)
			return &phases[i];
	return NULL;
}

bool fsb_synth_is_phase(const char *name)
{
	return find_phase(name) != NULL;
}

const char *fsb_synth_label(const char *name)
{
	const struct phase *ph = find_phase(name);

	return ph ? ph->label : NULL;
}

const char *const *fsb_synth_phases(void)
{
	return phase_names;
}

/* ---- parameters ---- */

int fsb_synth_parse_size(const char *spec, unsigned long long ram, unsigned long long *bytes)
{
	unsigned long long v;
	char *end;

	if (!spec || !*spec)
		return -EINVAL;
	if (strcasecmp(spec, "under-ram") == 0)
		spec = "ram/8";
	else if (strcasecmp(spec, "over-ram") == 0)
		spec = "3xram";

	if (strcasecmp(spec, "ram") == 0) {
		v = ram;
	} else if (strncasecmp(spec, "ram/", 4) == 0) {
		unsigned long long d;

		if (!isdigit((unsigned char)spec[4]))
			return -EINVAL;
		errno = 0;
		d = strtoull(spec + 4, &end, 10);
		if (errno || *end || d == 0)
			return -EINVAL;
		v = ram / d;
	} else if (isdigit((unsigned char)*spec) && (end = strpbrk(spec, "xX")) &&
		   strcasecmp(end + 1, "ram") == 0) {
		unsigned long long m;
		char *e;

		errno = 0;
		m = strtoull(spec, &e, 10);
		if (errno || e != end || m == 0 || (ram && m > ULLONG_MAX / ram))
			return -EINVAL;
		v = m * ram;
	} else {
		if (fsb_parse_size(spec, &v) || v == 0)
			return -EINVAL;
		*bytes = v;
		return 0;
	}
	v &= ~(MIB - 1);
	if (!ram || !v)
		return -EINVAL;
	*bytes = v;
	return 0;
}

void fsb_synth_params_init(struct fsb_synth_params *p, unsigned long long ram_bytes)
{
	unsigned long long size = 0;

	if (fsb_synth_parse_size("2xram", ram_bytes, &size))
		size = 1ULL << 30;
	*p = (struct fsb_synth_params){
		.file_size = size,
		.chunk = DEFAULT_CHUNK,
		.files = DEFAULT_FILES,
		.file_min = 0,
		.file_max = 0,
		.dirs = 0,
		.seekers = DEFAULT_SEEKERS,
		.seeks = DEFAULT_SEEKS,
		.min_duration = DEFAULT_MIN_DUR,
		.seed = DEFAULT_SEED,
		.keep_caches = false,
		.preallocate = false,
		.compressible = false,
	};
}

int fsb_synth_params_check(const struct fsb_synth_params *p, struct fsb_err *err)
{
	char a[32], b[32];

	if (p->chunk < FSB_SYNTH_MIN_CHUNK || p->chunk > FSB_SYNTH_MAX_CHUNK || (p->chunk & (p->chunk - 1)))
		return fsb_err_set(err, -EINVAL,
				   "chunk size %zu B is not a power of two from 256 B to 1 MiB", p->chunk);
	if (p->file_size < p->chunk || p->file_size % p->chunk)
		return fsb_err_set(err, -EINVAL, "data file size %s is not a whole number of %s chunks",
				   fsb_format_size(p->file_size, a, sizeof(a)),
				   fsb_format_size(p->chunk, b, sizeof(b)));
	if (p->files < 1 || p->files > MAX_FILES_N)
		return fsb_err_set(err, -EINVAL, "files = %ld: give N from 1 to %ld (N×1024 files)",
				   p->files, MAX_FILES_N);
	if (p->file_min < 0 || p->file_max < p->file_min)
		return fsb_err_set(err, -EINVAL, "file size range %ld..%ld: need 0 <= min <= max",
				   p->file_min, p->file_max);
	if (p->dirs < 0 || p->dirs > FSB_SYNTH_MAX_DIRS || p->dirs > p->files * FILES_UNIT)
		return fsb_err_set(err, -EINVAL, "dirs = %ld: give 0 to %d, and no more than the files",
				   p->dirs, FSB_SYNTH_MAX_DIRS);
	if (p->seekers < 1 || p->seekers > MAX_SEEKERS)
		return fsb_err_set(err, -EINVAL, "seekers = %d: give 1 to %d", p->seekers, MAX_SEEKERS);
	if (p->seeks < 1)
		return fsb_err_set(err, -EINVAL, "seeks = %ld: give at least 1", p->seeks);
	if (!(p->min_duration >= 0 && p->min_duration <= MAX_MIN_DURATION))
		return fsb_err_set(err, -EINVAL, "min_duration = %g: give 0 to %d seconds",
				   p->min_duration, MAX_MIN_DURATION);
	return 0;
}

int fsb_synth_params_from_profile(const struct fsb_size_profile *p, unsigned long long ram_bytes,
				  struct fsb_synth_params *out, struct fsb_err *err)
{
	const char *name = p && p->name ? p->name : "(default)";
	const char *spec = p && p->synth_size && *p->synth_size ? p->synth_size : "2xram";
	int rc;

	fsb_synth_params_init(out, ram_bytes);
	if (fsb_synth_parse_size(spec, ram_bytes, &out->file_size)) {
		if (ram_bytes == 0 && strcasestr(spec, "ram"))
			return fsb_err_set(err, -EINVAL, "size profile %s: synth_size \"%s\" needs the RAM size, which is unknown",
					   name, spec);
		return fsb_err_set(err, -EINVAL,
				   "size profile %s: synth_size \"%s\": expected a size like 64M, 2xram, ram/8, under-ram or over-ram",
				   name, spec);
	}
	if (p) {
		if (p->synth_chunk < 0)
			return fsb_err_set(err, -EINVAL, "size profile %s: synth_chunk = %ld: "
					   "give a power of two from 256 to 1048576 bytes", name, p->synth_chunk);
		if (p->synth_chunk)
			out->chunk = (size_t)p->synth_chunk;
		if (p->synth_files)
			out->files = p->synth_files;
		out->file_min = p->synth_file_min;
		out->file_max = p->synth_file_max;
		out->dirs = p->synth_dirs;
		if (p->synth_seekers)
			out->seekers = p->synth_seekers > INT_MAX ? INT_MAX : (int)p->synth_seekers;
		if (p->synth_seeks)
			out->seeks = p->synth_seeks;
		if (p->min_duration)
			out->min_duration = p->min_duration;
		if (p->synth_data && *p->synth_data && strcmp(p->synth_data, "random")) {
			if (strcmp(p->synth_data, "compressible"))
				return fsb_err_set(err, -EINVAL, "size profile %s: synth_data \"%s\": expected "
						   "\"random\" (the default) or \"compressible\"", name, p->synth_data);
			out->compressible = true;
		}
	}
	rc = fsb_synth_params_check(out, err);
	if (rc)
		fsb_err_prefix(err, "size profile %s", name);
	return rc;
}

/* ---- running ---- */

/*
 * The data phases evict just the data file (flushed first: only clean
 * pages can be dropped), as fio's invalidate does.  That is bonnie++'s
 * situation with a file of twice the RAM — data cold, inode cached — and
 * it needs no root.  The global drop would also make the inode and extent
 * blocks cold and hands the whole page cache back at once; on this VM
 * (free page reporting) that cost 10% of block-read's rate and made one
 * pass in ten run at half speed.  The stat phases need the dentries and
 * inodes cold, which only the global drop does.
 */
static bool drop_data(struct ctx *c)
{
	int fd = open(c->data_path, O_RDONLY | O_CLOEXEC);
	bool ok = fd >= 0 && fsync(fd) == 0 && posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0;

	if (fd >= 0)
		close(fd);
	return ok;
}

static void drop(struct ctx *c)
{
	bool ok = !c->p->keep_caches &&
		  (c->ph->flags & P_COLD_DATA ? drop_data(c) : fsb_drop_caches() == 0);

	if (!ok)
		c->caches = 0;
	else if (c->caches < 0)
		c->caches = 1;
}

static void fill(const struct ctx *c, struct fsb_run *out)
{
	double real = (double)c->real_ns / 1e9;
	double amount = (double)c->amount;
	double user, sys;

	cpu_split(&c->cpu, &user, &sys);
	out->v[FSB_FIELD_real] = real;
	out->v[FSB_FIELD_user] = user;
	out->v[FSB_FIELD_sys] = sys;
	if (c->ph->flags & P_BYTES) {
		out->v[FSB_FIELD_bytes] = amount;
		out->v[FSB_FIELD_kib_per_s] = real > 0 && amount > 0 ? amount / 1024.0 / real : NAN;
	} else {
		out->v[FSB_FIELD_ops] = amount;
		out->v[FSB_FIELD_ops_per_s] = real > 0 && amount > 0 ? amount / real : NAN;
	}
	out->v[FSB_FIELD_cpu_pct] = real > 0 ? (user + sys) / real * 100.0 : NAN;
	out->v[FSB_FIELD_lat_p99_us] = (double)fsb_hist_quantile(c->hist, 0.99) / 1e3;
	out->v[FSB_FIELD_lat_max_us] = (double)c->hist->max / 1e3;
	out->v[FSB_FIELD_chunk] = (double)c->p->chunk;
	out->v[FSB_FIELD_passes] = c->passes;
	if (c->caches >= 0)
		out->v[FSB_FIELD_caches_dropped] = c->caches;
	if (c->ph->flags & P_BYTES)
		out->v[FSB_FIELD_compressible] = c->p->compressible;
	/* what bonnie++'s CSV identifies a run by (export_bonnie.c) */
	out->v[FSB_FIELD_seed] = (double)c->p->seed;
	if (c->ph->timed == t_seeks)
		out->v[FSB_FIELD_seekers] = c->p->seekers;
	if (c->f.names) {
		out->v[FSB_FIELD_file_min] = (double)c->p->file_min;
		out->v[FSB_FIELD_file_max] = (double)c->p->file_max;
		out->v[FSB_FIELD_dirs] = c->f.ndirs;
	}
}

static void *xalign(size_t n)
{
	void *p;

	if (posix_memalign(&p, 4096, n))
		return fsb_xmalloc(n);   /* fsb_xmalloc aborts: there is no memory */
	return p;
}

static void ctx_free(struct ctx *c)
{
	close_data(c);
	fsb_synth_files_close(&c->f);
	if (c->seek_fd)
		for (int k = 0; k < c->p->seekers; k++)
			if (c->seek_fd[k] >= 0)
				close(c->seek_fd[k]);
	if (c->seek_buf)
		for (int k = 0; k < c->p->seekers; k++)
			free(c->seek_buf[k]);
	if (c->pfd >= 0)
		close(c->pfd);
	free(c->seek_fd);
	free(c->seek_buf);
	free(c->tickets);
	free(c->f.names);
	free(c->f.dir_of);
	free(c->f.order);
	free(c->f.dfd);
	free(c->hist);
	free(c->buf);
	free(c->pool);
	free(c->data_path);
	free(c->files_path);
}

/* The buffers the phase needs: a chunk, the random data of the writes,
 * the latency histogram, the file tests' names and directories, the
 * seekers' tickets and buffers. */
static void ctx_buffers(struct ctx *c)
{
	c->buf = xalign(c->p->chunk);
	/* every phase that may write the data file, seeks' input too */
	if (!c->p->compressible && (c->ph->flags & P_BYTES || c->ph->input == in_data)) {
		struct fsb_rng r;

		c->pool = xalign(POOL_BYTES);
		fsb_rng_stream(&r, c->p->seed, STREAM_DATA);
		for (size_t k = 0; k < POOL_BYTES / sizeof(uint64_t); k++) {
			uint64_t x = fsb_rng_next(&r);

			memcpy(c->pool + k * sizeof(x), &x, sizeof(x));
		}
	}
	c->hist = fsb_xcalloc(1, sizeof(*c->hist));
	c->f.n = c->p->files * FILES_UNIT;
	c->f.ndirs = c->p->dirs > 1 ? (int)c->p->dirs : 1;
	if (c->ph->timed == fsb_synth_t_create || c->ph->input == fsb_synth_in_seq_files ||
	    c->ph->input == fsb_synth_in_rand_files) {
		c->f.names = fsb_xmalloc((size_t)c->f.n * NAME_STRIDE);
		c->f.dir_of = fsb_xcalloc((size_t)c->f.n, sizeof(*c->f.dir_of));
		c->f.order = fsb_xcalloc((size_t)c->f.n, sizeof(*c->f.order));
		c->f.dfd = fsb_xmalloc((size_t)c->f.ndirs * sizeof(*c->f.dfd));
		for (int d = 0; d < c->f.ndirs; d++)
			c->f.dfd[d] = -1;
	}
	if (c->ph->timed == t_seeks) {
		c->tickets = fsb_xcalloc((size_t)c->p->seeks, sizeof(*c->tickets));
		c->seek_fd = fsb_xmalloc((size_t)c->p->seekers * sizeof(*c->seek_fd));
		c->seek_buf = fsb_xcalloc((size_t)c->p->seekers, sizeof(*c->seek_buf));
		for (int k = 0; k < c->p->seekers; k++) {
			c->seek_fd[k] = -1;
			c->seek_buf[k] = xalign(c->p->chunk);
		}
	}
}

int fsb_synth_run(const char *phase, const char *dir, const struct fsb_synth_params *p,
		  const struct fsb_synth_ctl *ctl, struct fsb_run *out, struct fsb_err *err)
{
	const struct phase *ph = find_phase(phase);
	uint64_t min_ns;
	struct ctx c = {
		.ph = ph, .p = p, .ctl = ctl, .cancel = ctl ? ctl->cancel : NULL, .err = err,
		.dir = dir, .pfd = -1, .fd = -1, .caches = -1, .mode = REPORT_TIMED,
		.pspan = 1.0, .f = { .topfd = -1 },
	};
	int rc;

	if (!ph)
		return fsb_err_set(err, -EINVAL, "%s: not a built-in phase (char-write, block-write, "
				   "rewrite, char-read, block-read, seeks, seq-/rand-create, -stat, -delete)",
				   phase ? phase : "(null)");
	rc = fsb_synth_params_check(p, err);
	if (rc)
		return fsb_err_prefix(err, "%s", ph->name);
	min_ns = (uint64_t)(p->min_duration * 1e9);
	c.phase_index = (int)(ph - phases);
	c.pfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (c.pfd < 0)
		return fsb_err_set(err, -errno, "%s: open %s: %s", ph->name, dir, strerror(errno));
	c.data_path = fsb_xasprintf("%s/%s", dir, FSB_SYNTH_DATA_FILE);
	c.files_path = fsb_xasprintf("%s/%s", dir, FSB_SYNTH_FILES_DIR);
	ctx_buffers(&c);
	c.next_report_ns = fsb_synth_now_ns() + REPORT_NS;

	if (fsb_synth_cancelled(&c)) {
		rc = fsb_synth_fail_cancel(&c);
		goto out;
	}
	if (ph->input && (rc = ph->input(&c)))
		goto out;
	c.mode = REPORT_TIMED;
	do {
		if (fsb_synth_cancelled(&c)) {
			rc = fsb_synth_fail_cancel(&c);
			goto out;
		}
		if (ph->flags & (P_COLD_DATA | P_COLD_ALL))
			drop(&c);
		if ((rc = ph->prepare(&c)) || (rc = ph->timed(&c)))
			goto out;
		c.passes++;
	} while (c.real_ns < min_ns);
	if (ph->finish && (rc = ph->finish(&c)))
		goto out;
	fill(&c, out);
	if (ctl && ctl->progress)
		ctl->progress(ctl->arg, 1.0);
out:
	ctx_free(&c);
	if (rc)
		fsb_synth_cleanup(dir);
	return rc;
}

int fsb_synth_cleanup(const char *dir)
{
	char *data = fsb_xasprintf("%s/%s", dir, FSB_SYNTH_DATA_FILE);
	char *files = fsb_xasprintf("%s/%s", dir, FSB_SYNTH_FILES_DIR);
	int rc = 0, r, fd;

	if (unlink(data) && errno != ENOENT)
		rc = -errno;
	r = fsb_rm_rf(files);
	if (r && !rc)
		rc = r;
	/* freeing them is part of no phase: not of the next one either */
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		if (syncfs(fd) && !rc)
			rc = -errno;
		close(fd);
	}
	free(data);
	free(files);
	return rc;
}
