/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * synth_int.h — what the two halves of the built-in phases share: synth.c
 * (the data file and the seeks, the phase table, parameters, running a
 * phase) and synth_files.c (the file tests: create, stat, delete).  The
 * context of one run, the clock, errors and progress.  Not for other
 * modules: engine/synth.h is the contract.
 */
#ifndef FSB_SYNTH_INT_H
#define FSB_SYNTH_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "engine/hist.h"
#include "engine/synth.h"
#include "sys/rng.h"
#include "sys/util.h"

#define NAME_STRIDE       24          /* 10 hex digits + 12 + NUL, rounded */

/* ---- random numbers: sys/rng.h, one independent stream per purpose, drawn
 * below n by the modulo (fsb_rng_mod) ---- */

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

static inline uint64_t fsb_synth_now_ns(void)
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


/* ---- shared by both halves (synth.c) ---- */

bool fsb_synth_cancelled(const struct ctx *c);
/* Progress: frac of the current loop done (see synth.c). */
void fsb_synth_report(struct ctx *c, uint64_t now, double frac);
/* Start and stop the clock of a timed part; start returns its time. */
uint64_t fsb_synth_timer_start(struct ctx *c);
void fsb_synth_timer_stop(struct ctx *c);
/* "block-write: write /mnt/x/fsb.data: No space left on device": -errnum
 * with c->err set, a hint on a full disk. */
int fsb_synth_fail(struct ctx *c, int errnum, const char *what, const char *path);
int fsb_synth_fail_cancel(struct ctx *c);
/* All of n bytes, 0 or -errno; bytes read (< n only at end of file) or -errno. */
int fsb_synth_write_full(int fd, const char *b, size_t n);
ssize_t fsb_synth_read_full(int fd, char *b, size_t n);
/* syncfs(fd), failing as fsb_synth_fail on path. */
int fsb_synth_syncfs_dir(struct ctx *c, int fd, const char *path);

static inline void fsb_synth_tick(struct ctx *c, uint64_t now, uint64_t done, uint64_t total)
{
	if (now >= c->next_report_ns)
		fsb_synth_report(c, now, (double)done / (double)total);
}

/* After one timed operation of a loop: its latency into h (may be NULL),
 * *t0 moved on, the progress; -ECANCELED (c->err set) when cancelled. */
static inline int fsb_synth_step(struct ctx *c, struct fsb_hist *h, uint64_t *t0, uint64_t done,
				 uint64_t total)
{
	uint64_t t1 = fsb_synth_now_ns();

	if (h)
		fsb_hist_add(h, t1 - *t0);
	*t0 = t1;
	if (fsb_synth_cancelled(c))
		return fsb_synth_fail_cancel(c);
	fsb_synth_tick(c, t1, done, total);
	return 0;
}

/* ---- the file tests (synth_files.c): the phase table's entries ---- */

void fsb_synth_files_close(struct files *f);
int fsb_synth_in_seq_files(struct ctx *c);
int fsb_synth_in_rand_files(struct ctx *c);
int fsb_synth_in_seq_names(struct ctx *c);
int fsb_synth_in_rand_names(struct ctx *c);
int fsb_synth_prep_create(struct ctx *c);
int fsb_synth_t_create(struct ctx *c);
int fsb_synth_fin_create(struct ctx *c);
int fsb_synth_prep_stat(struct ctx *c);
int fsb_synth_t_seq_stat(struct ctx *c);
int fsb_synth_t_rand_stat(struct ctx *c);
int fsb_synth_prep_delete(struct ctx *c);
int fsb_synth_t_seq_delete(struct ctx *c);
int fsb_synth_t_rand_delete(struct ctx *c);

#endif
