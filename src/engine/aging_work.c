/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The age phase (aging.h): the generated tree written, then the commits
 * with their appends, the fill-and-free rounds in between.  A full
 * filesystem is part of the workload, never a failure. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "engine/aging_int.h"
#include "sys/rng.h"

enum { STREAM_FILL = 3, STREAM_APPEND = 4, STREAM_POOL = 5 };

#define POOL_BYTES  (1u << 20)
#define CHUNK       (256u << 10)
#define FILL_SUBDIRS 32         /* fill files spread as a home directory's are */
#define PATH_BYTES  4096

/* Progress: the tree is the first 15%, the first fill the next 10%, the
 * commits (with the refills) the rest. */
#define P_TREE  0.15
#define P_FILL  0.25

struct aging {
	const struct fsb_age_params *p;
	struct age_clock *k;
	char *tree, *fill, *logs;   /* paths, for messages */
	int treefd, fillfd, logsfd;
	struct fsb_age_gen *g;
	struct fsb_rng fill_rng, app_rng;
	char *pool;
	long *fills;                /* ids of the fill files on disk */
	long nfill, fill_cap, next_fill;
	unsigned long long bytes;   /* written */
	long commits, enospc;
	bool capped;
	bool stuck;                 /* full with no fill file left to free */
	uint64_t deadline;          /* of the commits, 0 = none */
};

static bool is_full(int rc)
{
	return rc == -ENOSPC || rc == -EDQUOT;
}

/* size bytes from the pool at offsets that follow salt, so that no two
 * files are alike; 0, -errno, or -ECANCELED (err set). */
static int write_data(struct aging *a, int fd, unsigned long long size, unsigned long long salt)
{
	for (unsigned long long done = 0, n = 0; done < size; n++) {
		size_t len = size - done < CHUNK ? (size_t)(size - done) : CHUNK;
		size_t off = (size_t)((salt * 40503u + n * 262147u) % (POOL_BYTES - CHUNK));
		ssize_t w = write(fd, a->pool + off, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return -errno;
		if (w == 0)
			return -ENOSPC;
		done += (unsigned long long)w;
		a->bytes += (unsigned long long)w;
		if (fsb_age_cancelled(a->k))
			return -ECANCELED;
	}
	return 0;
}

/* A new file rel of size bytes under dfd.  git: as git writes one — a
 * temporary name, fsync, rename over the final name; else created in
 * place, as an unpacked archive.  A failed file is removed again. */
static int new_file(struct aging *a, int dfd, const char *rel, unsigned long long size,
		    unsigned long long salt, bool git)
{
	char tmp[PATH_BYTES + 8];
	const char *name = rel;
	int fd, rc;

	if (git) {
		snprintf(tmp, sizeof(tmp), "%s.lock", rel);
		name = tmp;
	}
	fd = openat(dfd, name, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return -errno;
	rc = write_data(a, fd, size, salt);
	if (!rc && git && fsync(fd))
		rc = -errno;
	if (close(fd) && !rc)
		rc = -errno;
	if (!rc && git && renameat(dfd, name, dfd, rel))
		rc = -errno;
	if (rc)
		unlinkat(dfd, name, 0);
	return rc;
}

static void fill_name(long id, char *buf, size_t n)
{
	snprintf(buf, n, "%02ld/F%07ld", id % FILL_SUBDIRS, id);
}

/* Some fill files deleted after a full filesystem, so that the aging can
 * go on: an eighth of them, at least one. */
static void free_some(struct aging *a)
{
	long k = a->nfill / 8 + 1;
	char name[64];

	if (!a->nfill)
		return;
	for (; k > 0 && a->nfill > 0; k--) {
		long j = (long)fsb_rng_below(&a->fill_rng, (unsigned)a->nfill);

		fill_name(a->fills[j], name, sizeof(name));
		unlinkat(a->fillfd, name, 0);
		a->fills[j] = a->fills[--a->nfill];
	}
	syncfs(a->fillfd);	/* btrfs hands freed space back at its commit */
}

/* After an operation of the churn or the appends: ENOSPC counted and
 * survived, a file an earlier skipped operation never made skipped too,
 * anything else the phase's failure. */
static int survive(struct aging *a, int rc, const char *what, const char *dir, const char *path)
{
	if (!rc || rc == -ECANCELED)
		return rc;
	if (is_full(rc)) {
		a->enospc++;
		a->stuck = a->nfill == 0;
		free_some(a);
		return 0;
	}
	if (rc == -ENOENT)
		return 0;
	return fsb_age_fail(a->k, -rc, what, dir, path);
}

/* Fullness as df counts it (used / (used + available)) and the bytes that
 * (used + available) is. */
static int fullness(struct aging *a, double *f, double *cap)
{
	struct statvfs sv;
	double used, avail;

	if (fstatvfs(a->fillfd, &sv))
		return fsb_age_fail(a->k, errno, "statvfs", a->fill, NULL);
	used = (double)(sv.f_blocks - sv.f_bfree) * (double)sv.f_frsize;
	avail = (double)sv.f_bavail * (double)sv.f_frsize;
	*cap = used + avail;
	*f = *cap > 0 ? used / *cap : 1;
	return 0;
}

static void add_fill(struct aging *a, long id)
{
	if (a->nfill == a->fill_cap) {
		a->fill_cap = a->fill_cap ? a->fill_cap * 2 : 256;
		a->fills = fsb_xrealloc(a->fills, (size_t)a->fill_cap * sizeof(*a->fills));
	}
	a->fills[a->nfill++] = id;
}

/*
 * Fill to the target.  Until a sync the filesystem's count may lag behind
 * what was written (btrfs), so the unsynced bytes are added to it and the
 * count is read again after a syncfs() before the round ends; the last
 * file is cut to what is missing, so the target is met within a file of
 * 4 KiB.  A full filesystem ends the round early.
 */
static int fill_round(struct aging *a)
{
	double unsynced = 0, written = 0, f, cap;
	char name[64];
	int rc;

	for (;;) {
		double est, rem;
		unsigned long long size;

		if ((rc = fullness(a, &f, &cap)))
			return rc;
		est = f + unsynced / cap;
		if (est >= a->p->fill || written > 2 * cap) {
			if (!unsynced || written > 2 * cap)
				break;	/* or an accounting that never shows it (compression) */
			if (syncfs(a->fillfd))
				return fsb_age_fail(a->k, errno, "syncfs", a->fill, NULL);
			unsynced = 0;
			continue;
		}
		size = fsb_age_fill_size(&a->fill_rng);
		rem = (a->p->fill - est) * cap;
		if ((double)size > rem)
			size = rem < 4096 ? 4096 : (unsigned long long)rem;
		fill_name(a->next_fill, name, sizeof(name));
		rc = new_file(a, a->fillfd, name, size, (unsigned long long)a->next_fill << 20, false);
		if (is_full(rc)) {
			a->enospc++;
			break;
		}
		if (rc)
			return rc == -ECANCELED ? rc : fsb_age_fail(a->k, -rc, "write", a->fill, name);
		add_fill(a, a->next_fill++);
		unsynced += (double)size;
		written += (double)size;
	}
	return syncfs(a->fillfd) ? fsb_age_fail(a->k, errno, "syncfs", a->fill, NULL) : 0;
}

/* A random quarter to half of the fill files deleted, the space refilled:
 * the holes they leave are what the next files are put in. */
static int free_and_refill(struct aging *a)
{
	long k = a->nfill * fsb_rng_range(&a->fill_rng, 250, 500) / 1000;
	char name[64];

	for (; k > 0 && a->nfill > 0; k--) {
		long j = (long)fsb_rng_below(&a->fill_rng, (unsigned)a->nfill);

		fill_name(a->fills[j], name, sizeof(name));
		if (unlinkat(a->fillfd, name, 0) && errno != ENOENT)
			return fsb_age_fail(a->k, errno, "unlink", a->fill, name);
		a->fills[j] = a->fills[--a->nfill];
	}
	if (syncfs(a->fillfd))
		return fsb_age_fail(a->k, errno, "syncfs", a->fill, NULL);
	return fill_round(a);
}

/* The generator's initial tree, unpacked as an archive would be.  When the
 * filesystem is full before any fill file exists, the tree is as big as it
 * holds: the rest is not tried (btrfs takes up to a second to refuse each
 * file of a tree several times its size). */
static int make_tree(struct aging *a)
{
	long ndirs = fsb_age_gen_ndirs(a->g), nslots = fsb_age_gen_slots(a->g);
	char path[PATH_BYTES];
	int rc = 0;

	for (long d = 1; d < ndirs; d++) {
		if (!fsb_age_gen_dir_path(a->g, d, path, sizeof(path)))
			return fsb_err_set(a->k->err, -ENAMETOOLONG, "age: directory %ld: path too long", d);
		if (mkdirat(a->treefd, path, 0755))
			rc = survive(a, -errno, "mkdir", a->tree, path);
		if (!rc && fsb_age_cancelled(a->k))
			rc = -ECANCELED;
		if (rc)
			return rc;
		if (a->stuck)
			break;
	}
	for (long s = 0; s < nslots && !a->stuck; s++) {
		long dir, id;
		unsigned long long size;

		if (!fsb_age_gen_file(a->g, s, &dir, &id, &size) ||
		    !fsb_age_gen_file_path(a->g, dir, id, path, sizeof(path)))
			continue;
		rc = survive(a, new_file(a, a->treefd, path, size, (unsigned long long)id, false), "write",
			     a->tree, path);
		if (!rc && fsb_age_cancelled(a->k))
			rc = -ECANCELED;
		if (rc)
			return rc;
		fsb_age_progress(a->k, P_TREE * (double)(s + 1) / (double)nslots);
	}
	return syncfs(a->treefd) ? fsb_age_fail(a->k, errno, "syncfs", a->tree, NULL) : 0;
}

/* An edit in place: len bytes at off, the size set as the generator says. */
static int modify(struct aging *a, const struct fsb_age_op *op, const char *path)
{
	int fd = openat(a->treefd, path, O_WRONLY | O_CLOEXEC), rc = 0;
	struct stat st = { 0 };

	if (fd < 0)
		return -errno;
	if (op->len && lseek(fd, (off_t)op->off, SEEK_SET) < 0)
		rc = -errno;
	if (!rc && op->len)
		rc = write_data(a, fd, op->len, (unsigned long long)op->id * 7 + op->off);
	if (!rc && fstat(fd, &st))
		rc = -errno;
	if (!rc && (unsigned long long)st.st_size != op->size && ftruncate(fd, (off_t)op->size))
		rc = -errno;
	close(fd);
	return rc;
}

static int exec_op(struct aging *a, const struct fsb_age_op *op)
{
	char from[PATH_BYTES], to[PATH_BYTES];
	int rc = 0;

	if (op->kind != FSB_AGE_CREATE &&
	    !fsb_age_gen_file_path(a->g, op->from_dir, op->from_id, from, sizeof(from)))
		return fsb_err_set(a->k->err, -ENAMETOOLONG, "age: file %ld: path too long", op->from_id);
	if (op->kind != FSB_AGE_DELETE && !fsb_age_gen_file_path(a->g, op->dir, op->id, to, sizeof(to)))
		return fsb_err_set(a->k->err, -ENAMETOOLONG, "age: file %ld: path too long", op->id);
	switch (op->kind) {
	case FSB_AGE_MODIFY:
		return survive(a, modify(a, op, from), "write", a->tree, from);
	case FSB_AGE_CREATE:
		rc = new_file(a, a->treefd, to, op->size, (unsigned long long)op->id, true);
		return survive(a, rc, "write", a->tree, to);
	case FSB_AGE_DELETE:
		rc = unlinkat(a->treefd, from, 0) ? -errno : 0;
		return survive(a, rc, "unlink", a->tree, from);
	case FSB_AGE_RENAME:
		rc = renameat(a->treefd, from, a->treefd, to) ? -errno : 0;
		return survive(a, rc, "rename", a->tree, from);
	}
	return 0;
}

/* One append to every log, each with its fsync, as loggers and downloads
 * do it. */
static int appends(struct aging *a)
{
	char name[32];
	int rc = 0;

	for (long i = 0; !rc && i < a->p->append_files; i++) {
		int fd;

		snprintf(name, sizeof(name), "L%04ld.log", i);
		fd = openat(a->logsfd, name, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
		if (fd < 0) {
			rc = survive(a, -errno, "open", a->logs, name);
			continue;
		}
		rc = write_data(a, fd, fsb_age_append_size(&a->app_rng),
				(unsigned long long)i << 32 | (unsigned long long)a->commits);
		if (!rc && fsync(fd))
			rc = -errno;
		close(fd);
		rc = survive(a, rc, "append", a->logs, name);
	}
	return rc;
}

static void churn_progress(struct aging *a, long c)
{
	double f = P_FILL + (1 - P_FILL) * (double)c / (double)a->p->commits;

	if (a->p->seconds > 0)
		f = fmax(f, P_FILL + (1 - P_FILL) * (double)(fsb_age_now_ns() - a->k->t0) / 1e9 / a->p->seconds);
	fsb_age_progress(a->k, f);
}

/* The commits, each with its appends; the refills spread evenly over them. */
static int churn(struct aging *a)
{
	int next_refill = 1, rc = 0;

	for (long c = 0; !rc && c < a->p->commits; c++) {
		const struct fsb_age_op *ops;
		size_t n;

		if (a->deadline && fsb_age_now_ns() >= a->deadline) {
			a->capped = true;
			break;
		}
		if (fsb_age_gen_commit(a->g, &ops, &n))
			return fsb_err_set(a->k->err, -ENOMEM, "age: out of memory");
		for (size_t i = 0; !rc && i < n; i++) {
			rc = exec_op(a, &ops[i]);
			if (!rc && fsb_age_cancelled(a->k))
				rc = -ECANCELED;
		}
		if (!rc)
			rc = appends(a);
		if (rc)
			break;
		a->commits++;
		while (!rc && next_refill < FSB_AGE_FILL_ROUNDS &&
		       (c + 1) * FSB_AGE_FILL_ROUNDS >= next_refill * a->p->commits &&
		       !(a->deadline && fsb_age_now_ns() >= a->deadline)) {
			rc = free_and_refill(a);
			next_refill++;
		}
		churn_progress(a, c + 1);
	}
	return rc;
}

/* dir/age afresh: tree, fill (with its subdirectories), logs. */
static int make_dirs(struct aging *a, const char *top)
{
	char sub[8];
	int rc;

	if ((rc = fsb_rm_rf(top)))
		return fsb_err_set(a->k->err, rc, "age: cannot remove %s: %s", top, strerror(-rc));
	if (mkdir(top, 0755) || mkdir(a->tree, 0755) || mkdir(a->fill, 0755) || mkdir(a->logs, 0755))
		return fsb_age_fail(a->k, errno, "mkdir", top, NULL);
	a->treefd = open(a->tree, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	a->fillfd = open(a->fill, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	a->logsfd = open(a->logs, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (a->treefd < 0 || a->fillfd < 0 || a->logsfd < 0)
		return fsb_age_fail(a->k, errno, "open", top, NULL);
	for (int i = 0; i < FILL_SUBDIRS; i++) {
		snprintf(sub, sizeof(sub), "%02d", i);
		if (mkdirat(a->fillfd, sub, 0755))
			return fsb_age_fail(a->k, errno, "mkdir", a->fill, sub);
	}
	return 0;
}

static void record(struct aging *a, struct fsb_run *out)
{
	double f, cap;

	fsb_age_clock_stop(a->k, out);
	out->v[FSB_FIELD_ops] = (double)a->commits;
	out->v[FSB_FIELD_bytes] = (double)a->bytes;
	/* rates too, as every built-in phase has: the tables read them */
	if (out->v[FSB_FIELD_real] > 0) {
		out->v[FSB_FIELD_kib_per_s] = (double)a->bytes / 1024.0 / out->v[FSB_FIELD_real];
		out->v[FSB_FIELD_ops_per_s] = (double)a->commits / out->v[FSB_FIELD_real];
	}
	if (fullness(a, &f, &cap) == 0)
		out->v[FSB_FIELD_fullness] = f;
	out->v[FSB_FIELD_capped] = a->capped;
	out->v[FSB_FIELD_enospc] = (double)a->enospc;
	out->v[FSB_FIELD_seed] = (double)a->p->seed;
}

int fsb_age_work(const char *top, const struct fsb_age_params *p, struct age_clock *k,
		 struct fsb_run *out)
{
	struct aging a = { .p = p, .k = k, .treefd = -1, .fillfd = -1, .logsfd = -1 };
	struct fsb_rng pr;
	int rc;

	a.tree = fsb_xasprintf("%s/%s", top, FSB_AGE_TREE);
	a.fill = fsb_xasprintf("%s/%s", top, FSB_AGE_FILL);
	a.logs = fsb_xasprintf("%s/%s", top, FSB_AGE_LOGS);
	if ((rc = make_dirs(&a, top)))
		goto out;
	if ((rc = fsb_age_gen_new(p, &a.g))) {
		rc = fsb_err_set(k->err, rc, "age: cannot make the tree: %s", strerror(-rc));
		goto out;
	}
	fsb_rng_stream(&a.fill_rng, p->seed, STREAM_FILL);
	fsb_rng_stream(&a.app_rng, p->seed, STREAM_APPEND);
	fsb_rng_stream(&pr, p->seed, STREAM_POOL);
	a.pool = fsb_xmalloc(POOL_BYTES);
	for (size_t i = 0; i < POOL_BYTES; i += 8) {
		uint64_t v = fsb_rng_next(&pr);

		memcpy(a.pool + i, &v, 8);
	}
	if (p->seconds > 0)
		a.deadline = k->t0 + (uint64_t)(p->seconds * 1e9);
	rc = make_tree(&a);
	if (!rc)
		rc = fill_round(&a);
	fsb_age_progress(k, P_FILL);
	if (!rc)
		rc = churn(&a);
	if (!rc && syncfs(a.treefd))
		rc = fsb_age_fail(k, errno, "syncfs", a.tree, NULL);
	if (!rc)
		record(&a, out);
out:
	if (a.treefd >= 0)
		close(a.treefd);
	if (a.fillfd >= 0)
		close(a.fillfd);
	if (a.logsfd >= 0)
		close(a.logsfd);
	fsb_age_gen_free(a.g);
	free(a.pool);
	free(a.fills);
	free(a.tree);
	free(a.fill);
	free(a.logs);
	return rc;
}
