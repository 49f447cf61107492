/* SPDX-License-Identifier: GPL-2.0-or-later */

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

#include "sys/util.h"
#include "engine/hist.h"
#include "engine/synth.h"

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
#define RAND_EXTRA_LEN    12          /* random characters in a file name */
#define NAME_STRIDE       24          /* 10 hex digits + 12 + NUL, rounded */
#define MARKER            ".fsb-files"
#define REPORT_NS         250000000ULL
#define MIB               (1ULL << 20)

/* ---- random numbers: splitmix64, one independent stream per purpose ---- */

struct rng {
	uint64_t s;
};

static uint64_t rng_next(struct rng *r)
{
	return fsb_splitmix64(&r->s);
}

static void rng_seed(struct rng *r, uint64_t seed, uint64_t stream)
{
	r->s = seed ^ (stream * 0xd1b54a32d192ed03ULL);
	rng_next(r);
}

/* Modulo bias is below 2^-40 for every n used here. */
static uint64_t rng_below(struct rng *r, uint64_t n)
{
	return rng_next(r) % n;
}

enum {
	STREAM_NAMES = 1,    /* + kind */
	STREAM_SIZES = 8,
	STREAM_ORDER = 16,   /* + phase index, pass in the high bits */
	STREAM_SEEKS = 64,
	STREAM_DATA = 128,
};

/* The random data of the write phases: a pool larger than any chunk, so
 * that no compression window (btrfs: 128 KiB, ZFS: a record) sees a
 * repeat; every chunk's first 8 bytes are its number, so no two chunks of
 * a file are equal and nothing deduplicates either. */
#define POOL_BYTES (4u << 20)

/* ---- time ---- */

static inline uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/*
 * CPU time of the calling thread.  RUSAGE_THREAD alone is not enough: it
 * reads the scheduler's runtime as of the last tick or context switch
 * (CLOCK_THREAD_CPUTIME_ID brings it up to date first), so a pass of a few
 * milliseconds that follows a sleep — every pass after a cache drop — loses
 * most of its CPU time: seq-stat on tmpfs showed 25% instead of 100%.  So
 * the total comes from the clock, and RUSAGE_THREAD's tick samples only say
 * how to split it into user and sys (which is what the kernel does with
 * them too); see cpu_split().
 */
struct cpu {
	uint64_t ns;         /* CLOCK_THREAD_CPUTIME_ID */
	double user, sys;    /* RUSAGE_THREAD */
};

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
	*sys = total - *user;
}

/* ---- the phases ---- */

struct ctx;

enum {
	P_BYTES     = 1 << 0,    /* amount is bytes (else operations) */
	P_COLD_DATA = 1 << 1,    /* evict the data file before every pass */
	P_COLD_ALL  = 1 << 2,    /* drop all caches before every pass */
};

enum { KIND_SEQ, KIND_RAND };

struct phase {
	const char *name;
	const char *label;
	unsigned flags;
	int (*input)(struct ctx *c);     /* once, untimed: establish the input */
	int (*prepare)(struct ctx *c);   /* before every pass, untimed */
	int (*timed)(struct ctx *c);     /* the measured part */
	int (*finish)(struct ctx *c);    /* after the last pass, untimed */
};

struct files {
	long n;
	int ndirs;           /* subdirectories; 1 = files directly in fsb.files */
	int kind;            /* of the names below */
	char *names;         /* n × NAME_STRIDE */
	int *dir_of;         /* n */
	long *order;         /* n, the pass's permutation */
	int topfd;           /* fsb.files, -1 = closed */
	int *dfd;            /* ndirs subdirectory fds when ndirs > 1 */
};

enum report_mode { REPORT_NONE, REPORT_PREP, REPORT_TIMED };

struct ctx {
	const struct phase *ph;
	int phase_index;
	const struct fsb_synth_params *p;
	const struct fsb_synth_ctl *ctl;
	const atomic_bool *cancel;
	struct fsb_err *err;
	const char *dir;
	char *data_path, *files_path;
	int pfd;             /* the run's directory */
	int fd;              /* the data file, -1 = closed */
	FILE *fp;            /* the data file for the per-char phases */
	char *buf;           /* one chunk, page aligned */
	char *pool;          /* POOL_BYTES of random data the write phases draw from, or
				NULL (compressible: bonnie++'s zeros) */
	struct fsb_hist *hist;
	uint64_t sink;       /* keeps the per-char read loop honest */

	/* sums over the timed parts */
	uint64_t real_ns;
	struct cpu cpu;
	uint64_t amount;
	int passes;
	int caches;          /* -1 = not applicable, 1 = dropped every time, 0 = not */

	/* the running timed part */
	uint64_t t_start;
	struct cpu cpu_start;

	/* progress */
	enum report_mode mode;
	uint64_t next_report_ns;
	double last_fraction, pbase, pspan;

	/* seeks */
	uint64_t *tickets;
	int *seek_fd;
	char **seek_buf;

	struct files f;
};

static bool cancelled(const struct ctx *c)
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
static void report(struct ctx *c, uint64_t now, double frac)
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

static inline void tick(struct ctx *c, uint64_t now, uint64_t done, uint64_t total)
{
	if (now >= c->next_report_ns)
		report(c, now, (double)done / (double)total);
}

static uint64_t timer_start(struct ctx *c)
{
	thread_cpu(&c->cpu_start);
	c->t_start = now_ns();
	return c->t_start;
}

static void timer_stop(struct ctx *c)
{
	uint64_t t = now_ns();
	struct cpu end;

	thread_cpu(&end);
	c->real_ns += t - c->t_start;
	cpu_add_delta(&c->cpu, &c->cpu_start, &end);
}

/* "block-write: write /mnt/x/fsb.data: No space left on device" */
static int fail(struct ctx *c, int errnum, const char *what, const char *path)
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

static int fail_cancel(struct ctx *c)
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

static int write_full(int fd, const char *b, size_t n)
{
	ssize_t r = write(fd, b, n);

	return r == (ssize_t)n ? 0 : write_rest(fd, b, n, r);
}

/* Bytes read (< n only at end of file), or -errno. */
static ssize_t read_full(int fd, char *b, size_t n)
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

static int syncfs_dir(struct ctx *c, int fd, const char *path)
{
	if (syncfs(fd))
		return fail(c, errno, "syncfs", path);
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
		return fail(c, errno, "open", c->data_path);
	return 0;
}

/* Unlink the old file (flushed, so its freeing is not charged to the next
 * pass) and create a new one. */
static int create_data(struct ctx *c)
{
	int rc;

	if (unlinkat(c->pfd, FSB_SYNTH_DATA_FILE, 0) && errno != ENOENT)
		return fail(c, errno, "unlink", c->data_path);
	rc = syncfs_dir(c, c->pfd, c->dir);
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
		uint64_t t1;

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
				return fail(c, -rc, "write", c->data_path);
		}
		t1 = now_ns();
		if (h)
			fsb_hist_add(h, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, i + 1, n);
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
		return fail(c, rc, "fsync", c->data_path);
	}
	rc = close_data(c);
	if (rc)
		return fail(c, -rc, "close", c->data_path);
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
		rc = write_chunks(c, false, now_ns());
	if (!rc)
		rc = flush_data(c);
	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
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
		return fail(c, errno, "fallocate", c->data_path);
	}
	return syncfs_dir(c, c->pfd, c->dir);
}

static int prep_write(struct ctx *c)
{
	int rc = create_data(c);

	return rc ? rc : preallocate(c);
}

static int prep_char_write(struct ctx *c)
{
	int rc = create_data(c);

	if (!rc)
		rc = preallocate(c);
	if (rc)
		return rc;
	c->fp = fdopen(c->fd, "w");
	if (!c->fp)
		return fail(c, errno, "fdopen", c->data_path);
	return 0;
}

static int prep_read(struct ctx *c)
{
	return open_data(c, O_RDONLY);
}

static int prep_char_read(struct ctx *c)
{
	int rc = open_data(c, O_RDONLY);

	if (rc)
		return rc;
	c->fp = fdopen(c->fd, "r");
	if (!c->fp)
		return fail(c, errno, "fdopen", c->data_path);
	return 0;
}

static int prep_rewrite(struct ctx *c)
{
	return open_data(c, O_RDWR);
}

static int t_block_write(struct ctx *c)
{
	int rc = write_chunks(c, true, timer_start(c));

	if (!rc)
		rc = flush_data(c);
	if (rc)
		return rc;
	timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
}

/* One latency sample per chunk-sized group of characters: a single putc is
 * too short for the clock. */
static int t_char_write(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t groups = c->p->file_size / chunk;
	FILE *const fp = c->fp;
	uint64_t t0 = timer_start(c);

	for (uint64_t g = 0; g < groups; g++) {
		const unsigned char *src = NULL;
		uint64_t t1;

		if (c->pool) {
			char *at = c->pool + (g * chunk) % POOL_BYTES;

			memcpy(at, &g, sizeof(g));
			src = (const unsigned char *)at;
		}
		/* two loops, so the per-byte path has no test of its own */
		if (src) {
			for (size_t k = 0; k < chunk; k++)
				if (putc_unlocked(src[k], fp) == EOF)
					return fail(c, errno ? errno : EIO, "write", c->data_path);
		} else {
			for (size_t k = 0; k < chunk; k++)
				if (putc_unlocked((int)(k & 0x7f), fp) == EOF)
					return fail(c, errno ? errno : EIO, "write", c->data_path);
		}
		t1 = now_ns();
		fsb_hist_add(c->hist, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, g + 1, groups);
	}
	int rc;

	if (fflush(fp))
		return fail(c, errno, "write", c->data_path);
	rc = flush_data(c);
	if (rc)
		return rc;
	timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
}

static int short_file(struct ctx *c)
{
	char size[32];

	return fsb_err_set(c->err, -EIO, "%s: read %s: the file ended before %s; it changed under the benchmark",
			   c->ph->name, c->data_path, fsb_format_size(c->p->file_size, size, sizeof(size)));
}

static int t_char_read(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t groups = c->p->file_size / chunk;
	FILE *const fp = c->fp;
	uint64_t sum = 0, t0 = timer_start(c);
	int rc;

	for (uint64_t g = 0; g < groups; g++) {
		uint64_t t1;

		for (size_t k = 0; k < chunk; k++) {
			int ch = getc_unlocked(fp);

			if (ch == EOF)
				return ferror(fp) ? fail(c, errno ? errno : EIO, "read", c->data_path)
						  : short_file(c);
			sum += (unsigned)ch;
		}
		t1 = now_ns();
		fsb_hist_add(c->hist, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, g + 1, groups);
	}
	c->sink += sum;
	rc = close_data(c);
	if (rc)
		return fail(c, -rc, "close", c->data_path);
	timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
}

static int t_block_read(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t n = c->p->file_size / chunk;
	char *const buf = c->buf;
	const int fd = c->fd;
	struct fsb_hist *const h = c->hist;
	uint64_t t0 = timer_start(c);
	int rc;

	for (uint64_t i = 0; i < n; i++) {
		ssize_t r = read(fd, buf, chunk);
		uint64_t t1;

		if (r != (ssize_t)chunk) {
			ssize_t more;

			if (r < 0 && errno != EINTR)
				return fail(c, errno, "read", c->data_path);
			if (r < 0)
				r = 0;
			more = read_full(fd, buf + r, chunk - (size_t)r);
			if (more < 0)
				return fail(c, (int)-more, "read", c->data_path);
			if (r + more != (ssize_t)chunk)
				return short_file(c);
		}
		t1 = now_ns();
		fsb_hist_add(h, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, i + 1, n);
	}
	rc = close_data(c);
	if (rc)
		return fail(c, -rc, "close", c->data_path);
	timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
}

static int t_rewrite(struct ctx *c)
{
	const size_t chunk = c->p->chunk;
	const uint64_t n = c->p->file_size / chunk;
	char *const buf = c->buf;
	const int fd = c->fd;
	uint64_t t0 = timer_start(c);

	for (uint64_t i = 0; i < n; i++) {
		ssize_t r = read_full(fd, buf, chunk);
		uint64_t t1;
		int rc;

		if (r < 0)
			return fail(c, (int)-r, "read", c->data_path);
		if (r != (ssize_t)chunk)
			return short_file(c);
		buf[i & (chunk - 1)]++;
		if (lseek(fd, -(off_t)chunk, SEEK_CUR) < 0)
			return fail(c, errno, "lseek", c->data_path);
		rc = write_full(fd, buf, chunk);
		if (rc)
			return fail(c, -rc, "write", c->data_path);
		t1 = now_ns();
		fsb_hist_add(c->hist, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, i + 1, n);
	}
	int rc = flush_data(c);

	if (rc)
		return rc;
	timer_stop(c);
	c->amount += c->p->file_size;
	return 0;
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
	r = read_full(s->fd, s->buf, chunk);
	if (r < 0)
		return seeker_fail(s, (int)-r, "read");
	if (r != (ssize_t)chunk)
		return seeker_fail(s, EIO, "read");
	if (ticket & 1) {
		s->buf[where & (chunk - 1)]--;
		if (lseek(s->fd, off, SEEK_SET) < 0)
			return seeker_fail(s, errno, "lseek");
		rc = write_full(s->fd, s->buf, chunk);
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
	s->start = t0 = now_ns();
	while (!atomic_load_explicit(&sh->stop, memory_order_relaxed)) {
		uint64_t i = atomic_fetch_add_explicit(&sh->next, 1, memory_order_relaxed);
		uint64_t t1;

		if (i >= sh->ntickets)
			break;
		if (seek_one(s, tickets[i], chunk))
			break;
		t1 = now_ns();
		fsb_hist_add(s->hist, t1 - t0);
		t0 = t1;
		if (cancelled(c)) {
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
	s->end = now_ns();
	thread_cpu(&cpu1);
	cpu_add_delta(&s->cpu, &cpu0, &cpu1);
	seeker_done(s);
	return NULL;
}

static int prep_seeks(struct ctx *c)
{
	const uint64_t nchunks = c->p->file_size / c->p->chunk;
	struct rng r;

	rng_seed(&r, c->p->seed, STREAM_SEEKS + ((uint64_t)c->passes << 32));
	for (long i = 0; i < c->p->seeks; i++) {
		uint64_t where = rng_below(&r, nchunks);
		bool update = rng_below(&r, UPDATE_SEEK) == 0;

		c->tickets[i] = where << 1 | update;
	}
	for (int k = 0; k < c->p->seekers; k++) {
		c->seek_fd[k] = open(c->data_path, O_RDWR | O_CLOEXEC);
		if (c->seek_fd[k] < 0)
			return fail(c, errno, "open", c->data_path);
	}
	return 0;
}

static int t_seeks(struct ctx *c)
{
	const int n = c->p->seekers;
	struct seek_shared sh = { .c = c, .ntickets = (uint64_t)c->p->seeks };
	struct seeker *s = fsb_xcalloc((size_t)n, sizeof(*s));
	uint64_t first = UINT64_MAX, last = 0;
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
	c->t_start = now_ns();

	pthread_mutex_lock(&sh.lock);
	while (sh.running > 0) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += (long)(REPORT_NS % 1000000000ULL);
		ts.tv_sec += ts.tv_nsec / 1000000000L;
		ts.tv_nsec %= 1000000000L;
		pthread_cond_timedwait(&sh.cond, &sh.lock, &ts);
		if (sh.running > 0) {
			uint64_t done = atomic_load(&sh.next);

			pthread_mutex_unlock(&sh.lock);
			tick(c, now_ns(), done < sh.ntickets ? done : sh.ntickets, sh.ntickets);
			pthread_mutex_lock(&sh.lock);
		}
	}
	pthread_mutex_unlock(&sh.lock);

	for (int k = 0; k < started; k++)
		pthread_join(s[k].th, NULL);
	if (rc) {
		rc = fsb_err_set(c->err, -rc, "%s: cannot start seeker threads: %s", c->ph->name, strerror(rc));
		goto out;
	}
	for (int k = 0; k < n; k++) {
		if (s[k].err == ECANCELED) {
			rc = fail_cancel(c);
			goto out;
		}
	}
	for (int k = 0; k < n; k++) {
		if (s[k].err) {
			rc = s[k].err == EIO && strcmp(s[k].what, "read") == 0
				? short_file(c) : fail(c, s[k].err, s[k].what, c->data_path);
			goto out;
		}
	}
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
out:
	for (int k = 0; k < n; k++)
		free(s[k].hist);
	free(s);
	pthread_mutex_destroy(&sh.lock);
	pthread_cond_destroy(&sh.cond);
	return rc;
}

/* ---- the file tests ---- */

static const char rand_chars[] =
	"abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

static inline const char *fname(const struct files *f, long i)
{
	return f->names + (size_t)i * NAME_STRIDE;
}

static inline int fdir(const struct files *f, long i)
{
	return f->ndirs > 1 ? f->dfd[f->dir_of[i]] : f->topfd;
}

/* bonnie++'s scheme: a 10-digit hex counter and 0–12 random alphanumerics,
 * counter first for the sequential tests, last for the random ones.  Files
 * are spread evenly over the directories in counter order. */
static void gen_names(struct ctx *c, int kind)
{
	struct files *f = &c->f;
	struct rng r;

	rng_seed(&r, c->p->seed, STREAM_NAMES + (uint64_t)kind);
	for (long i = 0; i < f->n; i++) {
		char extra[RAND_EXTRA_LEN + 1];
		int len = (int)rng_below(&r, RAND_EXTRA_LEN + 1);

		for (int j = 0; j < len; j++)
			extra[j] = rand_chars[rng_below(&r, sizeof(rand_chars) - 1)];
		extra[len] = '\0';
		if (kind == KIND_SEQ)
			snprintf(f->names + (size_t)i * NAME_STRIDE, NAME_STRIDE, "%010x%s",
				 (unsigned)i, extra);
		else
			snprintf(f->names + (size_t)i * NAME_STRIDE, NAME_STRIDE, "%s%010x",
				 extra, (unsigned)i);
		f->dir_of[i] = (int)((long long)i * f->ndirs / f->n);
	}
	f->kind = kind;
}

static long file_size_of(const struct ctx *c, long i)
{
	long range = c->p->file_max - c->p->file_min;
	struct rng r;

	if (!range)
		return c->p->file_max;
	rng_seed(&r, c->p->seed ^ (uint64_t)i, STREAM_SIZES);
	return c->p->file_min + (long)rng_below(&r, (uint64_t)range + 1);
}

static void shuffle(struct ctx *c)
{
	struct files *f = &c->f;
	struct rng r;

	rng_seed(&r, c->p->seed, STREAM_ORDER + (uint64_t)c->phase_index +
		 ((uint64_t)c->passes << 32));
	for (long i = 0; i < f->n; i++)
		f->order[i] = i;
	for (long i = f->n - 1; i > 0; i--) {
		long j = (long)rng_below(&r, (uint64_t)i + 1), t = f->order[i];

		f->order[i] = f->order[j];
		f->order[j] = t;
	}
}

static void files_close(struct files *f)
{
	if (f->dfd) {
		for (int d = 0; d < f->ndirs; d++) {
			if (f->dfd[d] >= 0)
				close(f->dfd[d]);
			f->dfd[d] = -1;
		}
	}
	if (f->topfd >= 0)
		close(f->topfd);
	f->topfd = -1;
}

static char *subdir_path(const struct ctx *c, int d)
{
	return fsb_xasprintf("%s/%05d", c->files_path, d);
}

static int fail_sub(struct ctx *c, int errnum, const char *what, int d)
{
	char *path = subdir_path(c, d);
	int rc = fail(c, errnum, what, path);

	free(path);
	return rc;
}

static int fail_file(struct ctx *c, int errnum, const char *what, int d, const char *name)
{
	char *path = c->f.ndirs > 1 ? fsb_xasprintf("%s/%05d/%s", c->files_path, d, name)
				    : fsb_xasprintf("%s/%s", c->files_path, name);
	int rc = fail(c, errnum, what, path);

	free(path);
	return rc;
}

/* Open fsb.files and its subdirectories; create them first if asked. */
static int files_open(struct ctx *c, bool create)
{
	struct files *f = &c->f;
	char sub[16];

	files_close(f);
	if (create) {
		int rc = fsb_rm_rf(c->files_path);

		if (rc)
			return fail(c, -rc, "remove", c->files_path);
		if (mkdirat(c->pfd, FSB_SYNTH_FILES_DIR, 0700))
			return fail(c, errno, "mkdir", c->files_path);
	}
	f->topfd = openat(c->pfd, FSB_SYNTH_FILES_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (f->topfd < 0)
		return fail(c, errno, "open", c->files_path);
	for (int d = 0; f->ndirs > 1 && d < f->ndirs; d++) {
		snprintf(sub, sizeof(sub), "%05d", d);
		if (create && mkdirat(f->topfd, sub, 0700))
			return fail_sub(c, errno, "mkdir", d);
		f->dfd[d] = openat(f->topfd, sub, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (f->dfd[d] < 0)
			return fail_sub(c, errno, "open", d);
	}
	return 0;
}

static int create_one(struct ctx *c, long i)
{
	const struct files *f = &c->f;
	const size_t chunk = c->p->chunk;
	long size = file_size_of(c, i);
	int fd = openat(fdir(f, i), fname(f, i), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	int rc;

	if (fd < 0)
		return fail_file(c, errno, "create", f->dir_of[i], fname(f, i));
	for (long done = 0; done < size; done += (long)chunk) {
		size_t n = (size_t)(size - done) < chunk ? (size_t)(size - done) : chunk;

		rc = write_full(fd, c->buf, n);
		if (rc) {
			close(fd);
			return fail_file(c, -rc, "write", f->dir_of[i], fname(f, i));
		}
	}
	if (close(fd))
		return fail_file(c, errno, "close", f->dir_of[i], fname(f, i));
	return 0;
}

/* Create every file, in f->order when given; timed: record latencies
 * (the caller owns the timer). */
static int create_all(struct ctx *c, const long *order, bool timed)
{
	const long n = c->f.n;
	struct fsb_hist *const h = timed ? c->hist : NULL;
	uint64_t t0 = now_ns();

	memset(c->buf, 0, c->p->chunk);
	for (long j = 0; j < n; j++) {
		uint64_t t1;
		int rc = create_one(c, order ? order[j] : j);

		if (rc)
			return rc;
		t1 = now_ns();
		if (h)
			fsb_hist_add(h, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, (uint64_t)j + 1, (uint64_t)n);
	}
	return 0;
}

static void marker_text(const struct ctx *c, int kind, char *buf, size_t len)
{
	snprintf(buf, len, "fsbench synth files: kind=%s n=%ld dirs=%d min=%ld max=%ld seed=%llu",
		 kind == KIND_SEQ ? "seq" : "rand", c->f.n, c->f.ndirs, c->p->file_min,
		 c->p->file_max, c->p->seed);
}

/* Written last, so that its presence means the set is complete. */
static int write_marker(struct ctx *c)
{
	char text[256], *path;
	size_t len;
	int fd, rc;

	marker_text(c, c->f.kind, text, sizeof(text) - 1);
	len = strlen(text);
	text[len++] = '\n';
	fd = openat(c->f.topfd, MARKER, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	rc = fd < 0 ? -errno : write_full(fd, text, len);
	if (fd >= 0 && close(fd) && !rc)
		rc = -errno;
	if (!rc)
		return 0;
	path = fsb_xasprintf("%s/" MARKER, c->files_path);
	rc = fail(c, -rc, "write", path);
	free(path);
	return rc;
}

/* Do the files of this kind and these parameters exist, complete? */
static bool marker_matches(struct ctx *c, int kind)
{
	char want[256], *have = NULL, *path;
	bool ok;

	marker_text(c, kind, want, sizeof(want));
	path = fsb_xasprintf("%s/" MARKER, c->files_path);
	ok = fsb_read_file(path, &have) == 0 && strcmp(have, want) == 0;
	free(have);
	free(path);
	return ok;
}

/* Create all files untimed, in counter order, and flush. */
static int make_files(struct ctx *c)
{
	int rc = files_open(c, true);

	if (!rc)
		rc = create_all(c, NULL, false);
	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
	return rc;
}

/* Input of the stat and delete phases: the files of their kind. */
static int in_files(struct ctx *c, int kind)
{
	int rc;

	gen_names(c, kind);
	if (marker_matches(c, kind))
		return 0;
	c->mode = REPORT_PREP;
	c->pspan = 0.5;
	rc = make_files(c);
	if (!rc)
		rc = write_marker(c);
	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
	files_close(&c->f);
	c->pbase = c->last_fraction = 0.5;
	return rc;
}

static int in_seq_files(struct ctx *c)
{
	return in_files(c, KIND_SEQ);
}

static int in_rand_files(struct ctx *c)
{
	return in_files(c, KIND_RAND);
}

static int in_seq_names(struct ctx *c)
{
	gen_names(c, KIND_SEQ);
	return 0;
}

static int in_rand_names(struct ctx *c)
{
	gen_names(c, KIND_RAND);
	return 0;
}

/* A fresh directory for every create pass, as bonnie++ makes one per test:
 * a directory that once held the files would behave differently. */
static int prep_create(struct ctx *c)
{
	int rc = files_open(c, true);

	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
	if (!rc && c->f.kind == KIND_RAND)
		shuffle(c);
	return rc;
}

static int t_create(struct ctx *c)
{
	int rc;

	timer_start(c);
	rc = create_all(c, c->f.kind == KIND_RAND ? c->f.order : NULL, true);
	if (!rc)
		rc = syncfs_dir(c, c->f.topfd, c->files_path);
	if (rc)
		return rc;
	timer_stop(c);
	c->amount += (uint64_t)c->f.n;
	return 0;
}

static int fin_create(struct ctx *c)
{
	int rc = write_marker(c);

	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
	files_close(&c->f);
	return rc;
}

static int prep_stat(struct ctx *c)
{
	int rc = files_open(c, false);

	if (!rc && c->f.kind == KIND_RAND)
		shuffle(c);
	return rc;
}

static int stat_one(struct ctx *c, int dfd, const char *name, int d)
{
	const size_t chunk = c->p->chunk;
	struct stat st;
	int fd;

	if (fstatat(dfd, name, &st, 0))
		return fail_file(c, errno, "stat", d, name);
	if (st.st_size == 0)
		return 0;
	fd = openat(dfd, name, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fail_file(c, errno, "open", d, name);
	for (off_t done = 0; done < st.st_size; done += (off_t)chunk) {
		size_t n = (size_t)(st.st_size - done) < chunk ? (size_t)(st.st_size - done) : chunk;
		ssize_t r = read_full(fd, c->buf, n);

		if (r != (ssize_t)n) {
			close(fd);
			return fail_file(c, r < 0 ? (int)-r : EIO, "read", d, name);
		}
	}
	close(fd);
	return 0;
}

static int count_mismatch(struct ctx *c, long found)
{
	return fsb_err_set(c->err, -EIO, "%s: %s holds %ld files, expected %ld; something else changed it",
			   c->ph->name, c->files_path, found, c->f.n);
}

/*
 * Walk the directories with readdir(), as bonnie++'s sequential stat and
 * delete do, calling stat_one() or unlinking each file; unlink also removes
 * the directories.  Names starting with "." are not ours.
 */
static int walk_files(struct ctx *c, bool del)
{
	struct files *f = &c->f;
	long count = 0;
	uint64_t t0 = timer_start(c);

	for (int d = 0; d < f->ndirs; d++) {
		int dfd = f->ndirs > 1 ? f->dfd[d] : f->topfd;
		int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
		struct dirent *de;
		int rc = 0;

		if (!dp) {
			if (fd >= 0)
				close(fd);
			return f->ndirs > 1 ? fail_sub(c, errno, "open", d) : fail(c, errno, "open", c->files_path);
		}
		while ((de = readdir(dp))) {
			uint64_t t1;

			if (de->d_name[0] == '.')
				continue;
			if (del) {
				if (unlinkat(dfd, de->d_name, 0))
					rc = fail_file(c, errno, "unlink", d, de->d_name);
			} else {
				rc = stat_one(c, dfd, de->d_name, d);
			}
			if (rc)
				break;
			count++;
			t1 = now_ns();
			fsb_hist_add(c->hist, t1 - t0);
			t0 = t1;
			if (cancelled(c)) {
				rc = fail_cancel(c);
				break;
			}
			tick(c, t1, (uint64_t)count, (uint64_t)f->n);
		}
		closedir(dp);
		if (rc)
			return rc;
		if (del && f->ndirs > 1) {
			char sub[16];

			snprintf(sub, sizeof(sub), "%05d", d);
			if (unlinkat(f->topfd, sub, AT_REMOVEDIR))
				return fail_sub(c, errno, "rmdir", d);
		}
	}
	if (count != f->n)
		return count_mismatch(c, count);
	return 0;
}

/* rmdir the directories, then flush: the end of a timed delete pass. */
static int remove_dirs(struct ctx *c)
{
	struct files *f = &c->f;
	char sub[16];

	for (int d = 0; f->ndirs > 1 && d < f->ndirs; d++) {
		snprintf(sub, sizeof(sub), "%05d", d);
		if (unlinkat(f->topfd, sub, AT_REMOVEDIR))
			return fail_sub(c, errno, "rmdir", d);
	}
	if (unlinkat(c->pfd, FSB_SYNTH_FILES_DIR, AT_REMOVEDIR))
		return fail(c, errno, "rmdir", c->files_path);
	return 0;
}

static int t_seq_stat(struct ctx *c)
{
	int rc = walk_files(c, false);

	if (rc)
		return rc;
	timer_stop(c);
	c->amount += (uint64_t)c->f.n;
	return 0;
}

static int t_rand_stat(struct ctx *c)
{
	const struct files *f = &c->f;
	uint64_t t0 = timer_start(c);

	for (long j = 0; j < f->n; j++) {
		long i = f->order[j];
		uint64_t t1;
		int rc = stat_one(c, fdir(f, i), fname(f, i), f->dir_of[i]);

		if (rc)
			return rc;
		t1 = now_ns();
		fsb_hist_add(c->hist, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, (uint64_t)j + 1, (uint64_t)f->n);
	}
	timer_stop(c);
	c->amount += (uint64_t)f->n;
	return 0;
}

/* The first pass finds the files in_files() made; later passes recreate
 * what the previous pass deleted, untimed and without reporting progress. */
static int prep_delete(struct ctx *c)
{
	enum report_mode mode = c->mode;
	int rc;

	if (c->passes > 0) {
		c->mode = REPORT_NONE;
		rc = make_files(c);
		c->mode = mode;
	} else {
		rc = files_open(c, false);
	}
	if (rc)
		return rc;
	if (unlinkat(c->f.topfd, MARKER, 0) && errno != ENOENT)
		return fail(c, errno, "unlink", c->files_path);
	rc = syncfs_dir(c, c->pfd, c->dir);
	if (!rc && c->f.kind == KIND_RAND)
		shuffle(c);
	return rc;
}

static int t_seq_delete(struct ctx *c)
{
	int rc = walk_files(c, true);

	if (!rc && unlinkat(c->pfd, FSB_SYNTH_FILES_DIR, AT_REMOVEDIR))
		rc = fail(c, errno, "rmdir", c->files_path);
	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
	if (rc)
		return rc;
	timer_stop(c);
	files_close(&c->f);
	c->amount += (uint64_t)c->f.n;
	return 0;
}

static int t_rand_delete(struct ctx *c)
{
	const struct files *f = &c->f;
	uint64_t t0 = timer_start(c);
	int rc;

	for (long j = 0; j < f->n; j++) {
		long i = f->order[j];
		uint64_t t1;

		if (unlinkat(fdir(f, i), fname(f, i), 0))
			return fail_file(c, errno, "unlink", f->dir_of[i], fname(f, i));
		t1 = now_ns();
		fsb_hist_add(c->hist, t1 - t0);
		t0 = t1;
		if (cancelled(c))
			return fail_cancel(c);
		tick(c, t1, (uint64_t)j + 1, (uint64_t)f->n);
	}
	rc = remove_dirs(c);
	if (!rc)
		rc = syncfs_dir(c, c->pfd, c->dir);
	if (rc)
		return rc;
	timer_stop(c);
	files_close(&c->f);
	c->amount += (uint64_t)f->n;
	return 0;
}

static const struct phase phases[] = {
	{ "char-write",  "Per-char write",    P_BYTES, NULL, prep_char_write, t_char_write, NULL },
	{ "block-write", "Block write",       P_BYTES, NULL, prep_write, t_block_write, NULL },
	{ "rewrite",     "Rewrite",           P_BYTES | P_COLD_DATA, in_data, prep_rewrite, t_rewrite, NULL },
	{ "char-read",   "Per-char read",     P_BYTES | P_COLD_DATA, in_data, prep_char_read, t_char_read, NULL },
	{ "block-read",  "Block read",        P_BYTES | P_COLD_DATA, in_data, prep_read, t_block_read, NULL },
	{ "seeks",       "Random seeks",      P_COLD_DATA, in_data, prep_seeks, t_seeks, NULL },
	{ "seq-create",  "Sequential create", 0, in_seq_names, prep_create, t_create, fin_create },
	{ "seq-stat",    "Sequential stat",   P_COLD_ALL, in_seq_files, prep_stat, t_seq_stat, NULL },
	{ "seq-delete",  "Sequential delete", 0, in_seq_files, prep_delete, t_seq_delete, NULL },
	{ "rand-create", "Random create",     0, in_rand_names, prep_create, t_create, fin_create },
	{ "rand-stat",   "Random stat",       P_COLD_ALL, in_rand_files, prep_stat, t_rand_stat, NULL },
	{ "rand-delete", "Random delete",     0, in_rand_files, prep_delete, t_rand_delete, NULL },
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
	files_close(&c->f);
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
	c.buf = xalign(p->chunk);
	/* every phase that may write the data file, seeks' input too */
	if (!p->compressible && (ph->flags & P_BYTES || ph->input == in_data)) {
		struct rng r;

		c.pool = xalign(POOL_BYTES);
		rng_seed(&r, p->seed, STREAM_DATA);
		for (size_t k = 0; k < POOL_BYTES / sizeof(uint64_t); k++) {
			uint64_t x = rng_next(&r);

			memcpy(c.pool + k * sizeof(x), &x, sizeof(x));
		}
	}
	c.hist = fsb_xcalloc(1, sizeof(*c.hist));
	c.f.n = p->files * FILES_UNIT;
	c.f.ndirs = p->dirs > 1 ? (int)p->dirs : 1;
	if (ph->timed == t_create || ph->input == in_seq_files || ph->input == in_rand_files) {
		c.f.names = fsb_xmalloc((size_t)c.f.n * NAME_STRIDE);
		c.f.dir_of = fsb_xcalloc((size_t)c.f.n, sizeof(*c.f.dir_of));
		c.f.order = fsb_xcalloc((size_t)c.f.n, sizeof(*c.f.order));
		c.f.dfd = fsb_xmalloc((size_t)c.f.ndirs * sizeof(*c.f.dfd));
		for (int d = 0; d < c.f.ndirs; d++)
			c.f.dfd[d] = -1;
	}
	if (ph->timed == t_seeks) {
		c.tickets = fsb_xcalloc((size_t)p->seeks, sizeof(*c.tickets));
		c.seek_fd = fsb_xmalloc((size_t)p->seekers * sizeof(*c.seek_fd));
		c.seek_buf = fsb_xcalloc((size_t)p->seekers, sizeof(*c.seek_buf));
		for (int k = 0; k < p->seekers; k++) {
			c.seek_fd[k] = -1;
			c.seek_buf[k] = xalign(p->chunk);
		}
	}
	c.next_report_ns = now_ns() + REPORT_NS;

	if (cancelled(&c)) {
		rc = fail_cancel(&c);
		goto out;
	}
	if (ph->input && (rc = ph->input(&c)))
		goto out;
	c.mode = REPORT_TIMED;
	do {
		if (cancelled(&c)) {
			rc = fail_cancel(&c);
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
