/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The aging phases (aging.h): parameters, the clock and progress, the
 * cold reads of the tree (grep, stat), running a phase.  The age phase
 * itself is aging_work.c's, the generator aging_gen.c's. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/aging_int.h"
#include "engine/layout.h"

#define REPORT_NS  250000000ULL
#define READ_CHUNK (128u << 10)

/* ---- parameters ---- */

int fsb_age_params_check(const struct fsb_age_params *p, struct fsb_err *err)
{
	if (!(p->fill > 0 && p->fill < FSB_AGE_MAX_FILL))
		return fsb_err_set(err, -EINVAL, "age_fill = %g must be above 0 and below %g", p->fill,
				   FSB_AGE_MAX_FILL);
	if (p->tree_files < FSB_AGE_MIN_TREE || p->tree_files > FSB_AGE_MAX_TREE)
		return fsb_err_set(err, -EINVAL, "age_tree_files = %ld must be from %ld to %ld", p->tree_files,
				   FSB_AGE_MIN_TREE, FSB_AGE_MAX_TREE);
	if (p->commits < 0 || p->commits > FSB_AGE_MAX_COMMITS)
		return fsb_err_set(err, -EINVAL, "age_commits = %ld must be from 0 to %ld", p->commits,
				   FSB_AGE_MAX_COMMITS);
	if (p->append_files < 0 || p->append_files > FSB_AGE_MAX_APPEND)
		return fsb_err_set(err, -EINVAL, "age_append_files = %ld must be from 0 to %ld",
				   p->append_files, FSB_AGE_MAX_APPEND);
	if (!(p->seconds >= 0) || !isfinite(p->seconds))
		return fsb_err_set(err, -EINVAL, "age_seconds = %g must be 0 or more", p->seconds);
	return 0;
}

int fsb_age_params_from_profile(const struct fsb_size_profile *prof, unsigned long long seed,
				struct fsb_age_params *out)
{
	struct fsb_age_params p = {
		.seed = seed,
		.fill = prof->age_fill,
		.commits = prof->age_commits,
		.tree_files = prof->age_tree_files,
		.append_files = prof->age_append_files,
		.seconds = prof->age_seconds,
	};

	if (fsb_age_params_check(&p, NULL))
		return -EINVAL;
	*out = p;
	return 0;
}

static const char *const phases[] = { "age", "aged-grep", "aged-stat", "fresh-grep", "fresh-stat" };

bool fsb_age_is_phase(const char *name)
{
	return name && fsb_name_index(phases, FSB_ARRAY_SIZE(phases), name) >= 0;
}

/* ---- the clock, progress, errors ---- */

uint64_t fsb_age_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

/* The thread's CPU time: the total from its clock, the user/sys split
 * from RUSAGE_THREAD's tick samples (synth_int.h says why). */
static void thread_cpu(uint64_t *ns, double *user, double *sys)
{
	struct timespec ts;
	struct rusage ru;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	getrusage(RUSAGE_THREAD, &ru);
	*ns = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	*user = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	*sys = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
}

void fsb_age_clock_start(struct age_clock *k, const char *name, const struct fsb_synth_ctl *ctl,
			 struct fsb_err *err)
{
	memset(k, 0, sizeof(*k));
	k->name = name;
	k->ctl = ctl;
	k->err = err;
	thread_cpu(&k->cpu0_ns, &k->user0, &k->sys0);
	k->t0 = fsb_age_now_ns();
	k->next_report = k->t0 + REPORT_NS;
}

void fsb_age_clock_stop(const struct age_clock *k, struct fsb_run *out)
{
	uint64_t t = fsb_age_now_ns(), ns;
	double user, sys, total, sampled, u;

	thread_cpu(&ns, &user, &sys);
	total = (double)(ns - k->cpu0_ns) / 1e9;
	sampled = (user - k->user0) + (sys - k->sys0);
	u = sampled > 0 ? total * (user - k->user0) / sampled : 0;
	out->v[FSB_FIELD_real] = (double)(t - k->t0) / 1e9;
	out->v[FSB_FIELD_user] = u;
	out->v[FSB_FIELD_sys] = total - u;
}

void fsb_age_progress(struct age_clock *k, double f)
{
	uint64_t now;

	if (!k->ctl || !k->ctl->progress)
		return;
	now = fsb_age_now_ns();
	if (now < k->next_report)
		return;
	k->next_report = now + REPORT_NS;
	f = fmin(f, 0.99);
	if (f > k->last_fraction) {
		k->last_fraction = f;
		k->ctl->progress(k->ctl->arg, f);
	}
}

bool fsb_age_cancelled(struct age_clock *k)
{
	if (!k->ctl || !k->ctl->cancel || !atomic_load_explicit(k->ctl->cancel, memory_order_relaxed))
		return false;
	fsb_err_set(k->err, -ECANCELED, "%s: cancelled", k->name);
	return true;
}

int fsb_age_fail(struct age_clock *k, int errnum, const char *what, const char *dir,
		 const char *path)
{
	return fsb_err_set(k->err, -errnum, "%s: %s %s%s%s: %s", k->name, what, dir, path ? "/" : "",
			   path ? path : "", strerror(errnum));
}

/* ---- the reads ---- */

struct walk {
	struct age_clock *k;
	const char *top;
	bool grep;                   /* read the files whole, else lstat only */
	char *buf;
	dev_t dev;
	long entries, files;
	unsigned long long bytes;
};

static int read_whole(struct walk *w, int dfd, const char *name, const char *path)
{
	int fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
	int rc = 0;

	if (fd < 0)
		return fsb_age_fail(w->k, errno, "open", w->top, path);
	for (unsigned long long done = 0;;) {
		ssize_t r = read(fd, w->buf, READ_CHUNK);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rc = fsb_age_fail(w->k, errno, "read", w->top, path);
			break;
		}
		if (r == 0)
			break;
		w->bytes += (unsigned long long)r;
		done += (unsigned long long)r;
		if (!(done & ((1u << 20) - 1)) && fsb_age_cancelled(w->k)) {
			rc = -ECANCELED;
			break;
		}
	}
	close(fd);
	w->files++;
	return rc;
}

/* One directory (dfd, owned): every entry lstat'ed (stat) or every
 * regular file read (grep), subdirectories on this filesystem after. */
static int walk_dir(struct walk *w, int dfd, const char *rel)
{
	DIR *d = fdopendir(dfd);
	struct dirent *de;
	int rc = 0;

	if (!d) {
		close(dfd);
		return fsb_age_fail(w->k, errno, "open", w->top, *rel ? rel : NULL);
	}
	while (!rc && (errno = 0, de = readdir(d))) {
		char path[4096];
		struct stat st;
		bool isdir, isreg;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s%s%s", rel, *rel ? "/" : "", de->d_name);
		if (!w->grep || de->d_type == DT_UNKNOWN) {
			if (fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
				rc = fsb_age_fail(w->k, errno, "stat", w->top, path);
				break;
			}
			isdir = S_ISDIR(st.st_mode) && st.st_dev == w->dev;
			isreg = S_ISREG(st.st_mode);
		} else {
			isdir = de->d_type == DT_DIR;
			isreg = de->d_type == DT_REG;
		}
		w->entries++;
		if (isreg && w->grep)
			rc = read_whole(w, dirfd(d), de->d_name, path);
		else if (isdir) {
			int sub = openat(dirfd(d), de->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

			rc = sub < 0 ? fsb_age_fail(w->k, errno, "open", w->top, path) : walk_dir(w, sub, path);
		}
		if (!rc && fsb_age_cancelled(w->k))
			rc = -ECANCELED;
		/* no total is known: the entries against the tree's usual size */
		fsb_age_progress(w->k, 1.0 - 1.0 / (1.0 + (double)w->entries / 20000.0));
	}
	if (!rc && errno)
		rc = fsb_age_fail(w->k, errno, "read directory", w->top, *rel ? rel : NULL);
	closedir(d);
	return rc;
}

/* Untimed, after a stat walk: the layout of the tree and of the free space
 * into out's layout fields.  What cannot be read (no FIEMAP on tmpfs, no
 * free-space report from btrfs, a tool missing) stays NAN, "not
 * measured": the walk's time is measured all the same. */
static void record_layout(const char *top, const char *dir, const struct fsb_age_params *p, struct fsb_run *out)
{
	struct fsb_layout_files lf;
	struct fsb_layout_free lfr;
	struct fsb_err e = { 0 };
	bool files = fsb_layout_files(top, &lf, &e) == 0, space;

	fsb_err_clear(&e);
	space = p && p->fstype && fsb_layout_free(p->fstype, p->dev, dir, &lfr, &e) == 0;
	fsb_layout_to_run(files ? &lf : NULL, space ? &lfr : NULL, out);
}

static int run_read(const char *name, const char *dir, const struct fsb_age_params *p, struct age_clock *k,
		    struct fsb_run *out)
{
	struct walk w = { .k = k, .grep = strstr(name, "-grep") != NULL };
	char *top = fsb_xasprintf("%s/%s/%s", dir, FSB_AGE_DIR, FSB_AGE_TREE);
	struct stat st;
	int fd, rc;

	w.top = top;
	fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st)) {
		rc = errno == ENOENT ? fsb_err_set(k->err, -ENOENT, "%s: %s does not exist: run the age phase first",
						   name, top)
				     : fsb_age_fail(k, errno, "open", top, NULL);
		if (fd >= 0)
			close(fd);
		goto out;
	}
	w.dev = st.st_dev;
	w.buf = w.grep ? fsb_xmalloc(READ_CHUNK) : NULL;
	rc = walk_dir(&w, fd, "");
	if (rc)
		goto out;
	fsb_age_clock_stop(k, out);
	if (w.grep) {
		out->v[FSB_FIELD_ops] = (double)w.files;
		out->v[FSB_FIELD_bytes] = (double)w.bytes;
		if (out->v[FSB_FIELD_real] > 0)
			out->v[FSB_FIELD_kib_per_s] = (double)w.bytes / 1024.0 / out->v[FSB_FIELD_real];
	} else {
		out->v[FSB_FIELD_ops] = (double)w.entries;
	}
	if (out->v[FSB_FIELD_real] > 0)
		out->v[FSB_FIELD_ops_per_s] = out->v[FSB_FIELD_ops] / out->v[FSB_FIELD_real];
	if (!w.grep)
		record_layout(top, dir, p, out);
out:
	free(w.buf);
	free(top);
	return rc;
}

/* ---- running a phase ---- */

int fsb_age_run(const char *name, const char *dir, const struct fsb_age_params *p,
		const struct fsb_synth_ctl *ctl, struct fsb_run *out, struct fsb_err *err)
{
	struct fsb_run tmp = { 0 };
	struct age_clock k;
	char *top;
	int rc;

	if (!fsb_age_is_phase(name))
		return fsb_err_set(err, -ENOENT, "no aging phase called %s", name ? name : "(null)");
	for (size_t i = 0; i < FSB_FIELD_COUNT; i++)
		tmp.v[i] = NAN;
	fsb_age_clock_start(&k, name, ctl, err);
	if (strcmp(name, "age") == 0) {
		if (!p)
			return fsb_err_set(err, -EINVAL, "age: no parameters");
		if ((rc = fsb_age_params_check(p, err)))
			return fsb_err_prefix(err, "age");
		top = fsb_xasprintf("%s/%s", dir, FSB_AGE_DIR);
		rc = fsb_age_work(top, p, &k, &tmp);
		free(top);
	} else {
		rc = run_read(name, dir, p, &k, &tmp);
	}
	if (rc)
		return rc;
	for (size_t i = 0; i < FSB_FIELD_COUNT; i++)
		if (!isnan(tmp.v[i]))
			out->v[i] = tmp.v[i];
	return 0;
}
