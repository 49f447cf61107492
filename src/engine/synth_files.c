/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The built-in phases' file tests, as bonnie++ runs them: create, stat and
 * delete many small files, in counter order or in a seeded random order
 * (synth_int.h; the data file and the seeks are synth.c's).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/synth_int.h"

#define RAND_EXTRA_LEN    12          /* random characters in a file name */
#define MARKER            ".fsb-files"

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
	struct fsb_rng r;

	fsb_rng_stream(&r, c->p->seed, STREAM_NAMES + (uint64_t)kind);
	for (long i = 0; i < f->n; i++) {
		char extra[RAND_EXTRA_LEN + 1];
		int len = (int)fsb_rng_mod(&r, RAND_EXTRA_LEN + 1);

		for (int j = 0; j < len; j++)
			extra[j] = rand_chars[fsb_rng_mod(&r, sizeof(rand_chars) - 1)];
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
	struct fsb_rng r;

	if (!range)
		return c->p->file_max;
	fsb_rng_stream(&r, c->p->seed ^ (uint64_t)i, STREAM_SIZES);
	return c->p->file_min + (long)fsb_rng_mod(&r, (uint64_t)range + 1);
}

static void shuffle(struct ctx *c)
{
	struct files *f = &c->f;
	struct fsb_rng r;

	fsb_rng_stream(&r, c->p->seed, STREAM_ORDER + (uint64_t)c->phase_index +
		 ((uint64_t)c->passes << 32));
	for (long i = 0; i < f->n; i++)
		f->order[i] = i;
	for (long i = f->n - 1; i > 0; i--) {
		long j = (long)fsb_rng_mod(&r, (uint64_t)i + 1), t = f->order[i];

		f->order[i] = f->order[j];
		f->order[j] = t;
	}
}

void fsb_synth_files_close(struct files *f)
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
	int rc = fsb_synth_fail(c, errnum, what, path);

	free(path);
	return rc;
}

static int fail_file(struct ctx *c, int errnum, const char *what, int d, const char *name)
{
	char *path = c->f.ndirs > 1 ? fsb_xasprintf("%s/%05d/%s", c->files_path, d, name)
				    : fsb_xasprintf("%s/%s", c->files_path, name);
	int rc = fsb_synth_fail(c, errnum, what, path);

	free(path);
	return rc;
}

/* Open fsb.files and its subdirectories; create them first if asked. */
static int files_open(struct ctx *c, bool create)
{
	struct files *f = &c->f;
	char sub[16];

	fsb_synth_files_close(f);
	if (create) {
		int rc = fsb_rm_rf(c->files_path);

		if (rc)
			return fsb_synth_fail(c, -rc, "remove", c->files_path);
		if (mkdirat(c->pfd, FSB_SYNTH_FILES_DIR, 0700))
			return fsb_synth_fail(c, errno, "mkdir", c->files_path);
	}
	f->topfd = openat(c->pfd, FSB_SYNTH_FILES_DIR, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (f->topfd < 0)
		return fsb_synth_fail(c, errno, "open", c->files_path);
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

		rc = fsb_synth_write_full(fd, c->buf, n);
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
	uint64_t t0 = fsb_synth_now_ns();

	memset(c->buf, 0, c->p->chunk);
	for (long j = 0; j < n; j++) {
		int rc = create_one(c, order ? order[j] : j);

		if (rc)
			return rc;
		if (fsb_synth_step(c, h, &t0, (uint64_t)j + 1, (uint64_t)n))
			return -ECANCELED;
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
	rc = fd < 0 ? -errno : fsb_synth_write_full(fd, text, len);
	if (fd >= 0 && close(fd) && !rc)
		rc = -errno;
	if (!rc)
		return 0;
	path = fsb_xasprintf("%s/" MARKER, c->files_path);
	rc = fsb_synth_fail(c, -rc, "write", path);
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
		rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
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
		rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	fsb_synth_files_close(&c->f);
	c->pbase = c->last_fraction = 0.5;
	return rc;
}

int fsb_synth_in_seq_files(struct ctx *c)
{
	return in_files(c, KIND_SEQ);
}

int fsb_synth_in_rand_files(struct ctx *c)
{
	return in_files(c, KIND_RAND);
}

int fsb_synth_in_seq_names(struct ctx *c)
{
	gen_names(c, KIND_SEQ);
	return 0;
}

int fsb_synth_in_rand_names(struct ctx *c)
{
	gen_names(c, KIND_RAND);
	return 0;
}

/* A fresh directory for every create pass, as bonnie++ makes one per test:
 * a directory that once held the files would behave differently. */
int fsb_synth_prep_create(struct ctx *c)
{
	int rc = files_open(c, true);

	if (!rc)
		rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	if (!rc && c->f.kind == KIND_RAND)
		shuffle(c);
	return rc;
}

/* The end of a timed pass over every file: rc of its work, or the clock
 * stopped and the files counted. */
static int pass_done(struct ctx *c, int rc)
{
	if (rc)
		return rc;
	fsb_synth_timer_stop(c);
	c->amount += (uint64_t)c->f.n;
	return 0;
}

int fsb_synth_t_create(struct ctx *c)
{
	int rc;

	fsb_synth_timer_start(c);
	rc = create_all(c, c->f.kind == KIND_RAND ? c->f.order : NULL, true);
	if (!rc)
		rc = fsb_synth_syncfs_dir(c, c->f.topfd, c->files_path);
	return pass_done(c, rc);
}

int fsb_synth_fin_create(struct ctx *c)
{
	int rc = write_marker(c);

	if (!rc)
		rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	fsb_synth_files_close(&c->f);
	return rc;
}

int fsb_synth_prep_stat(struct ctx *c)
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
		ssize_t r = fsb_synth_read_full(fd, c->buf, n);

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
	uint64_t t0 = fsb_synth_timer_start(c);

	for (int d = 0; d < f->ndirs; d++) {
		int dfd = f->ndirs > 1 ? f->dfd[d] : f->topfd;
		int fd = openat(dfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		DIR *dp = fd >= 0 ? fdopendir(fd) : NULL;
		struct dirent *de;
		int rc = 0;

		if (!dp) {
			if (fd >= 0)
				close(fd);
			return f->ndirs > 1 ? fail_sub(c, errno, "open", d) : fsb_synth_fail(c, errno, "open", c->files_path);
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
			t1 = fsb_synth_now_ns();
			fsb_hist_add(c->hist, t1 - t0);
			t0 = t1;
			if (fsb_synth_cancelled(c)) {
				rc = fsb_synth_fail_cancel(c);
				break;
			}
			fsb_synth_tick(c, t1, (uint64_t)count, (uint64_t)f->n);
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
		return fsb_synth_fail(c, errno, "rmdir", c->files_path);
	return 0;
}

int fsb_synth_t_seq_stat(struct ctx *c)
{
	return pass_done(c, walk_files(c, false));
}

int fsb_synth_t_rand_stat(struct ctx *c)
{
	const struct files *f = &c->f;
	uint64_t t0 = fsb_synth_timer_start(c);

	for (long j = 0; j < f->n; j++) {
		long i = f->order[j];
		int rc = stat_one(c, fdir(f, i), fname(f, i), f->dir_of[i]);

		if (rc || (rc = fsb_synth_step(c, c->hist, &t0, (uint64_t)j + 1, (uint64_t)f->n)))
			return rc;
	}
	return pass_done(c, 0);
}

/* The first pass finds the files in_files() made; later passes recreate
 * what the previous pass deleted, untimed and without reporting progress. */
int fsb_synth_prep_delete(struct ctx *c)
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
		return fsb_synth_fail(c, errno, "unlink", c->files_path);
	rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	if (!rc && c->f.kind == KIND_RAND)
		shuffle(c);
	return rc;
}

/* The end of a timed delete pass: synced inside the clock, then the clock
 * stopped, the set closed, its files counted. */
static int delete_done(struct ctx *c, int rc)
{
	if (!rc)
		rc = fsb_synth_syncfs_dir(c, c->pfd, c->dir);
	if (rc)
		return rc;
	fsb_synth_timer_stop(c);
	fsb_synth_files_close(&c->f);
	c->amount += (uint64_t)c->f.n;
	return 0;
}

int fsb_synth_t_seq_delete(struct ctx *c)
{
	int rc = walk_files(c, true);

	if (!rc && unlinkat(c->pfd, FSB_SYNTH_FILES_DIR, AT_REMOVEDIR))
		rc = fsb_synth_fail(c, errno, "rmdir", c->files_path);
	return delete_done(c, rc);
}

int fsb_synth_t_rand_delete(struct ctx *c)
{
	const struct files *f = &c->f;
	uint64_t t0 = fsb_synth_timer_start(c);
	int rc;

	for (long j = 0; j < f->n; j++) {
		long i = f->order[j];

		if (unlinkat(fdir(f, i), fname(f, i), 0))
			return fail_file(c, errno, "unlink", f->dir_of[i], fname(f, i));
		if ((rc = fsb_synth_step(c, c->hist, &t0, (uint64_t)j + 1, (uint64_t)f->n)))
			return rc;
	}
	return delete_done(c, remove_dirs(c));
}
