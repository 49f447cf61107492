/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The crash phase's script and checker (crash_int.h): what a desktop
 * saves, and what must survive of it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/crash_int.h"
#include "sys/rng.h"

#define WORK "work"
#define APPENDS 8                /* records appended after the first */
#define TREE_FILES 120
#define TREE_DIRS 12
#define STREAM 0x7363726970ULL   /* "scrip" */
#define READ_MAX (4u << 20)      /* no file of the script is larger */

int crash_fault_from_env(enum crash_fault *f, struct fsb_err *err)
{
	const char *v = getenv("FSBENCH_CRASH_FAULT");

	*f = CRASH_FAULT_NONE;
	if (!v || !*v)
		return 0;
	if (strcmp(v, "no-fsync") == 0)
		*f = CRASH_FAULT_NO_FSYNC;
	else if (strcmp(v, "drop-flushed") == 0)
		*f = CRASH_FAULT_DROP_FLUSHED;
	else
		return fsb_err_set(err, -EINVAL, "FSBENCH_CRASH_FAULT=%s: the test faults are no-fsync and drop-flushed", v);
	return 0;
}

static unsigned char *draw(struct fsb_rng *r, size_t n)
{
	unsigned char *p = fsb_xmalloc(n ? n : 1);

	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)(fsb_rng_next(r) >> 56);
	return p;
}

static void step(struct crash_script *s, enum crash_step_kind k, int arg)
{
	s->steps[s->nsteps++] = (struct crash_step){ k, arg };
}

static void draw_tree(struct crash_script *s, struct fsb_rng *r)
{
	fsb_strv_add(&s->dirs, WORK "/tree");
	for (int d = 0; d < TREE_DIRS; d++)
		fsb_strv_addf(&s->dirs, WORK "/tree/d%02d", d);
	s->ntree = TREE_FILES;
	s->tree = fsb_xcalloc(s->ntree, sizeof(*s->tree));
	for (size_t i = 0; i < s->ntree; i++) {
		struct crash_file *f = &s->tree[i];

		f->path = fsb_xasprintf(WORK "/tree/d%02u/f%03zu", (unsigned)fsb_rng_below(r, TREE_DIRS), i);
		f->len = (size_t)fsb_rng_range(r, 1, 24 << 10);
		f->data = draw(r, f->len);
		f->deleted = fsb_rng_chance(r, 400);
	}
}

void crash_script_init(struct crash_script *s, uint64_t seed, enum crash_fault fault)
{
	struct fsb_rng r;
	size_t at = 0;

	memset(s, 0, sizeof(*s));
	s->fault = fault;
	fsb_rng_stream(&r, seed, STREAM);
	for (int v = 0; v < CRASH_VERSIONS; v++) {
		s->ndoc[v] = (size_t)fsb_rng_range(&r, 24 << 10, 64 << 10);
		s->doc[v] = draw(&r, s->ndoc[v]);
	}
	s->nrecords = APPENDS + 1;
	s->log_end = fsb_xcalloc(s->nrecords, sizeof(*s->log_end));
	for (size_t k = 0; k < s->nrecords; k++)
		s->log_end[k] = at += (size_t)fsb_rng_range(&r, 512, 6 << 10);
	s->log = draw(&r, at);
	draw_tree(s, &r);
	step(s, CS_SAVE, 0);
	step(s, CS_LOG, 0);
	step(s, CS_REPLACE, 1);
	for (int k = 1; k <= APPENDS; k++)
		step(s, CS_APPEND, k);
	step(s, CS_UNPACK, 0);
	step(s, CS_DELETE, 0);
	step(s, CS_REPLACE, 2);
	step(s, CS_SYNC, 0);
}

void crash_script_free(struct crash_script *s)
{
	for (int v = 0; v < CRASH_VERSIONS; v++)
		free(s->doc[v]);
	free(s->log);
	free(s->log_end);
	for (size_t i = 0; i < s->ntree; i++) {
		free(s->tree[i].path);
		free(s->tree[i].data);
	}
	free(s->tree);
	fsb_strv_free(&s->dirs);
	memset(s, 0, sizeof(*s));
}

/* ---- running it ----------------------------------------------------------- */

struct run {
	const struct crash_script *s;
	int dirfd;               /* the filesystem's root */
	struct fsb_err *err;
};

static int fail(struct run *x, const char *what, const char *path)
{
	return fsb_err_set(x->err, -errno, "crash: %s %s: %s", what, path, strerror(errno));
}

static int sync_fd(struct run *x, int fd, const char *path, bool skip)
{
	return skip || fsync(fd) == 0 ? 0 : fail(x, "fsync", path);
}

/* Write len bytes to path (flags: O_TRUNC or O_APPEND), fsync unless skipped. */
static int put(struct run *x, const char *path, int flags, const unsigned char *data, size_t len, bool sync)
{
	int fd = openat(x->dirfd, path, O_WRONLY | O_CREAT | O_CLOEXEC | flags, 0644), rc = 0;

	if (fd < 0)
		return fail(x, "cannot open", path);
	for (size_t done = 0; !rc && done < len;) {
		ssize_t w = write(fd, data + done, len - done);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			rc = fail(x, "write", path);
		else
			done += (size_t)w;
	}
	if (!rc)
		rc = sync_fd(x, fd, path, !sync);
	close(fd);
	return rc;
}

static int sync_dir(struct run *x, const char *path, bool skip)
{
	int fd, rc;

	if (skip)
		return 0;
	fd = openat(x->dirfd, path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return fail(x, "cannot open", path);
	rc = sync_fd(x, fd, path, false);
	close(fd);
	return rc;
}

static int do_tree(struct run *x, bool unpack)
{
	const struct crash_script *s = x->s;
	int rc = 0;

	for (size_t i = 0; unpack && !rc && i < s->dirs.n; i++)
		if (mkdirat(x->dirfd, s->dirs.v[i], 0755) < 0)
			rc = fail(x, "mkdir", s->dirs.v[i]);
	for (size_t i = 0; !rc && i < s->ntree; i++) {
		const struct crash_file *f = &s->tree[i];

		if (unpack)
			rc = put(x, f->path, O_TRUNC, f->data, f->len, false);
		else if (f->deleted && unlinkat(x->dirfd, f->path, 0) < 0)
			rc = fail(x, "unlink", f->path);
	}
	return rc;
}

static int do_step(struct run *x, const struct crash_step *st)
{
	const struct crash_script *s = x->s;
	bool forget = s->fault == CRASH_FAULT_NO_FSYNC;
	size_t from;
	int rc;

	switch (st->kind) {
	case CS_SAVE:
		rc = put(x, WORK "/doc.txt", O_TRUNC, s->doc[st->arg], s->ndoc[st->arg], !forget);
		return rc ? rc : sync_dir(x, WORK, forget);
	case CS_LOG:
	case CS_APPEND:
		from = st->arg ? s->log_end[st->arg - 1] : 0;
		rc = put(x, WORK "/app.log", O_APPEND, s->log + from, s->log_end[st->arg] - from, !forget);
		return rc || st->kind != CS_LOG ? rc : sync_dir(x, WORK, forget);
	case CS_REPLACE:
		rc = put(x, WORK "/doc.txt.tmp", O_TRUNC, s->doc[st->arg], s->ndoc[st->arg], true);
		if (!rc && renameat(x->dirfd, WORK "/doc.txt.tmp", x->dirfd, WORK "/doc.txt") < 0)
			rc = fail(x, "rename", WORK "/doc.txt.tmp");
		return rc ? rc : sync_dir(x, WORK, false);
	case CS_UNPACK:
	case CS_DELETE:
		return do_tree(x, st->kind == CS_UNPACK);
	case CS_SYNC:
		return syncfs(x->dirfd) == 0 ? 0 : fail(x, "syncfs", ".");
	}
	return -EINVAL;
}

int crash_script_run(const struct crash_script *s, const char *dir,
		     int (*mark)(void *arg, const char *text, struct fsb_err *err), void *arg,
		     const atomic_bool *cancel, struct fsb_err *err)
{
	struct run x = { .s = s, .err = err };
	char text[32];
	int rc = 0;

	x.dirfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (x.dirfd < 0)
		return fsb_err_set(err, -errno, "crash: cannot open %s: %s", dir, strerror(errno));
	for (int k = 0; !rc && k < s->nsteps; k++) {
		if (cancel && atomic_load(cancel)) {
			rc = -ECANCELED;
			break;
		}
		snprintf(text, sizeof(text), "begin %d", k + 1);
		rc = mark(arg, text, err);
		if (!rc)
			rc = do_step(&x, &s->steps[k]);
		snprintf(text, sizeof(text), "done %d", k + 1);
		if (!rc)
			rc = mark(arg, text, err);
	}
	close(x.dirfd);
	return rc;
}

/* ---- checking a crash state -------------------------------------------------- */

/* The file at dir/path whole (at most READ_MAX), or NULL with *why set. */
static unsigned char *slurp(const char *dir, const char *path, size_t *len, const char **why)
{
	char *p = fsb_xasprintf("%s/%s", dir, path);
	int fd = open(p, O_RDONLY | O_CLOEXEC);
	unsigned char *buf = NULL;
	size_t n = 0;

	free(p);
	*why = NULL;
	if (fd < 0) {
		*why = errno == ENOENT ? "missing" : "cannot be opened";
		return NULL;
	}
	buf = fsb_xmalloc(READ_MAX);
	for (;;) {
		ssize_t r = read(fd, buf + n, READ_MAX - n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			*why = "cannot be read";
		if (r <= 0 || (n += (size_t)r) == READ_MAX)
			break;
	}
	close(fd);
	if (*why) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

static bool same(const unsigned char *got, size_t n, const unsigned char *want, size_t m)
{
	return got && n == m && memcmp(got, want, m) == 0;
}

/* The version of doc.txt the steps up to k leave (-1: none yet), and
 * whether step k itself makes one. */
static int doc_version(const struct crash_script *s, int k, bool *made)
{
	int v = -1;

	*made = false;
	for (int i = 0; i < k && i < s->nsteps; i++)
		if (s->steps[i].kind == CS_SAVE || s->steps[i].kind == CS_REPLACE) {
			v = s->steps[i].arg;
			*made = i == k - 1;
		}
	return v;
}

static void check_doc(const struct crash_script *s, const char *dir, int done, int begun, struct crash_verdict *v)
{
	bool made, next_made;
	int cur = doc_version(s, done, &made), next = doc_version(s, begun, &next_made);
	bool two = begun > done && next_made && next != cur && cur >= 0;
	const char *why;
	size_t n = 0;
	unsigned char *got;

	if (cur < 0)
		return;	/* the first save was not durable yet: nothing is owed */
	got = slurp(dir, WORK "/doc.txt", &n, &why);
	if (same(got, n, s->doc[cur], s->ndoc[cur]) || (two && same(got, n, s->doc[next], s->ndoc[next]))) {
		free(got);
		return;
	}
	if (two)
		v->rename = true;
	else
		v->lost = true;
	if (!v->what[0]) {
		char held[64];

		snprintf(held, sizeof(held), "holds %zu other bytes", n);
		snprintf(v->what, sizeof(v->what), "%s/doc.txt %s, expected %s (steps 1-%d done)", WORK,
			 why ? why : held, two ? "the old or the new version during a rename" : "the version saved by then",
			 done);
	}
	free(got);
}

static void check_log(const struct crash_script *s, const char *dir, int done, struct crash_verdict *v)
{
	size_t need = 0, n = 0;
	const char *why;
	unsigned char *got;

	for (int i = 0; i < done && i < s->nsteps; i++)
		if (s->steps[i].kind == CS_LOG || s->steps[i].kind == CS_APPEND)
			need = s->log_end[s->steps[i].arg];
	if (!need)
		return;
	got = slurp(dir, WORK "/app.log", &n, &why);
	if (got && n >= need && memcmp(got, s->log, need) == 0) {
		free(got);
		return;
	}
	v->lost = true;
	if (!v->what[0])
		snprintf(v->what, sizeof(v->what), "%s/app.log %s, its first %zu bytes were fsync'd (step %d)", WORK,
			 why ? why : n < need ? "is shorter" : "differs", need, done);
	free(got);
}

static void check_tree(const struct crash_script *s, const char *dir, int done, struct crash_verdict *v)
{
	bool synced = false;

	for (int i = 0; i < done && i < s->nsteps; i++)
		synced |= s->steps[i].kind == CS_SYNC;
	for (size_t i = 0; synced && i < s->ntree; i++) {
		const struct crash_file *f = &s->tree[i];
		const char *why;
		size_t n = 0;
		unsigned char *got;

		if (f->deleted)
			continue;
		got = slurp(dir, f->path, &n, &why);
		if (!same(got, n, f->data, f->len)) {
			v->lost = true;
			if (!v->what[0])
				snprintf(v->what, sizeof(v->what), "%s %s after syncfs", f->path, why ? why : "differs");
		}
		free(got);
	}
}

void crash_script_check(const struct crash_script *s, const char *dir, int done, int begun,
			struct crash_verdict *v)
{
	memset(v, 0, sizeof(*v));
	check_doc(s, dir, done, begun, v);
	check_log(s, dir, done, v);
	check_tree(s, dir, done, v);
}
