/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The refresh phase (refresh.h): the aged tree out of the filesystem under
 * test, the filesystem made afresh, the tree back with `cp -a` — the fresh
 * side of "aged against fresh" on the same filesystem type.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "engine/engine_int.h"
#include "engine/refresh.h"
#include "devices/fs.h"
#include "sys/proc.h"

#define BLOCK 4096ULL
/* besides the files' blocks: metadata, a journal's share, a filesystem's
 * reserve the statvfs figure does not show */
#define MARGIN_FIXED (4ULL << 20)

bool fsb_refresh_is_phase(const char *name)
{
	return name && strcmp(name, FSB_REFRESH_PHASE) == 0;
}

struct tree_size {
	unsigned long long bytes;    /* the regular files' sizes */
	unsigned long long need;     /* what a copy takes: files rounded up to blocks, a block a directory */
	unsigned long long entries;  /* files, directories, links … the tree included */
};

/* nftw has no argument for its callback; one walk at a time per thread */
static _Thread_local struct tree_size walk;

static int add_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path, (void)ftw;
	walk.entries++;
	if (flag == FTW_F && S_ISREG(st->st_mode)) {
		walk.bytes += (unsigned long long)st->st_size;
		walk.need += ((unsigned long long)st->st_size + BLOCK - 1) / BLOCK * BLOCK;
	} else if (flag == FTW_D || flag == FTW_SL) {
		walk.need += BLOCK;
	}
	return 0;
}

static bool stopped(const struct fsb_refresh_ctl *ctl)
{
	return ctl->cancel && atomic_load(ctl->cancel);
}

static void progress(const struct fsb_refresh_ctl *ctl, double f)
{
	if (ctl->progress)
		ctl->progress(ctl->parg, f);
}

/* The tree is there, the temporary directory is elsewhere and has room for
 * it: *t measured.  0 or -errno with err set. */
static int check(const char *src, const char *mnt, const char *tmpdir, struct tree_size *t, struct fsb_err *err)
{
	struct stat st, sm, stt;
	struct statvfs sv;
	unsigned long long need, avail;
	char a[32], n[32];

	if (lstat(src, &st) || !S_ISDIR(st.st_mode))
		return fsb_err_set(err, -ENOENT, "refresh: %s is not there: the age phase makes it, and must run before refresh",
				   src);
	if (stat(tmpdir, &stt) || !S_ISDIR(stt.st_mode))
		return fsb_err_set(err, -ENOENT, "refresh: the temporary directory %s is not a directory: set TMPDIR to one",
				   tmpdir);
	if (stat(mnt, &sm) == 0 && sm.st_dev == stt.st_dev)
		return fsb_err_set(err, -EINVAL, "refresh: %s is on the filesystem under test: set TMPDIR to a directory "
				   "on another filesystem", tmpdir);
	walk = (struct tree_size){ 0 };
	if (nftw(src, add_entry, 64, FTW_PHYS | FTW_MOUNT))
		return fsb_err_set(err, -EIO, "refresh: cannot walk %s: %s", src, strerror(errno));
	*t = walk;
	if (statvfs(tmpdir, &sv))
		return fsb_err_set(err, -errno, "refresh: statvfs %s: %s", tmpdir, strerror(errno));
	need = t->need + t->need / 100 + MARGIN_FIXED;
	avail = (unsigned long long)sv.f_bavail * sv.f_frsize;
	if (avail < need)
		return fsb_err_set(err, -ENOSPC, "refresh: %s has %s free, the aged tree needs %s there: set TMPDIR to a "
				   "directory with more room", tmpdir, fsb_format_size(avail, a, sizeof(a)),
				   fsb_format_size(need, n, sizeof(n)));
	/* filesystems without an inode count (btrfs) say f_files = 0 */
	if (sv.f_files > 0 && (unsigned long long)sv.f_favail < t->entries + 16)
		return fsb_err_set(err, -ENOSPC, "refresh: %s has %llu free inodes, the aged tree has %llu entries: set "
				   "TMPDIR to a directory with more room", tmpdir, (unsigned long long)sv.f_favail,
				   t->entries);
	return 0;
}

/* `cp -a SRC DST`, DST not existing yet. */
static int copy_tree(const char *src, const char *dst, const struct fsb_refresh_ctl *ctl, struct fsb_err *err)
{
	char *qs = fsb_shell_quote(src), *qd = fsb_shell_quote(dst);
	char *cmd = fsb_xasprintf("cp -a -- %s %s", qs, qd);
	struct fsb_proc_opts o = { .tag = ctl->tag };
	int rc = fsb_proc_run(cmd, &o, ctl->cancel, NULL, err);

	if (rc && rc != -ECANCELED)
		fsb_err_prefix(err, "refresh: cp -a %s %s", src, dst);
	free(cmd);
	free(qs);
	free(qd);
	return rc;
}

/* Steps 4 and 5: the filesystem afresh, the copy back, on disk. */
static int put_back(const char *mnt, const char *src, const char *copy, const struct fsb_refresh_ctl *ctl,
		    struct fsb_err *err)
{
	char *age = fsb_xasprintf("%s/age", mnt);
	int rc, fd;

	rc = ctl->remake(ctl->arg, err);
	if (rc) {
		if (rc != -ECANCELED)
			fsb_err_prefix(err, "refresh: the filesystem could not be made afresh");
		goto out;
	}
	progress(ctl, 0.5);
	if (stopped(ctl)) {
		rc = -ECANCELED;
		goto out;
	}
	if (mkdir(age, 0755) && errno != EEXIST) {
		rc = fsb_err_set(err, -errno, "refresh: cannot create %s: %s", age, strerror(errno));
		goto out;
	}
	rc = copy_tree(copy, src, ctl, err);
	if (rc)
		goto out;
	/* the fresh reads after it drop the caches; the copy is on disk first */
	fd = open(mnt, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0 || syncfs(fd))
		rc = fsb_err_set(err, -errno, "refresh: syncfs %s: %s", mnt, strerror(errno));
	if (fd >= 0)
		close(fd);
out:
	free(age);
	return rc;
}

static const char *default_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	return t && *t ? t : "/var/tmp";
}

int fsb_refresh_run(const char *mnt, const struct fsb_refresh_ctl *ctl, struct fsb_run *run, struct fsb_err *err)
{
	const char *tmpdir = ctl->tmpdir ? ctl->tmpdir : default_tmpdir();
	char *src = fsb_xasprintf("%s/" FSB_REFRESH_TREE, mnt), *tmp = NULL, *copy = NULL;
	struct tree_size t = { 0 };
	double t0 = fsb_now();
	int rc;

	rc = check(src, mnt, tmpdir, &t, err);
	if (rc)
		goto out;
	tmp = fsb_xasprintf("%s/" FSB_REFRESH_TMP_PREFIX "XXXXXX", tmpdir);
	if (!mkdtemp(tmp)) {
		rc = fsb_err_set(err, -errno, "refresh: cannot create a directory in %s: %s", tmpdir, strerror(errno));
		free(tmp);
		tmp = NULL;
		goto out;
	}
	if (ctl->note)
		ctl->note(ctl->arg, tmp);
	copy = fsb_xasprintf("%s/tree", tmp);
	rc = stopped(ctl) ? -ECANCELED : copy_tree(src, copy, ctl, err);
	if (rc)
		goto out;
	progress(ctl, 0.4);
	rc = stopped(ctl) ? -ECANCELED : put_back(mnt, src, copy, ctl, err);
	if (!rc)
		progress(ctl, 1.0);
out:
	/* on every path, cancel too: the copy may be as large as the tree */
	if (tmp && fsb_rm_rf(tmp) && !rc)
		rc = fsb_err_set(err, -EIO, "refresh: the temporary copy %s could not be removed", tmp);
	run->v[FSB_FIELD_real] = fsb_now() - t0;
	if (!rc) {
		run->v[FSB_FIELD_bytes] = (double)t.bytes;
		run->v[FSB_FIELD_ops] = (double)t.entries;
	}
	free(copy);
	free(tmp);
	free(src);
	return rc;
}

/* ---- the engine's runner ------------------------------------------------- */

static int remake(void *arg, struct fsb_err *err)
{
	return fsb_engine_remake(arg, err);
}

/* A killed run's copy is found by `fsbench cleanup` (leftovers.h: a work
 * directory, by its fsbench-work. prefix). */
static void note(void *arg, const char *tmp)
{
	fsb_target_note(arg, "work", tmp, NULL);
}

int fsb_engine_refresh(void *arg, const struct fsb_phase_def *def, const char *dir,
		       void (*fraction)(void *arg, double f), void *farg, struct fsb_run *run, struct fsb_err *err)
{
	struct fsb_engine *e = arg;
	struct fsb_refresh_ctl ctl = {
		.cancel = &e->cancel, .remake = remake, .note = note, .arg = e,
		.progress = fraction, .parg = farg, .tag = def->name,
	};
	int rc;

	if (e->plan.target == FSB_TARGET_DIR)
		return fsb_err_set(err, -EOPNOTSUPP, "refresh: a directory target is not a filesystem fsbench makes: "
				   "refresh needs an image or a device target");
	rc = fsb_refresh_run(dir, &ctl, run, err);
	if (rc && rc != -ECANCELED) {
		struct fsb_err ue = { 0 };
		size_t l = strlen(err->msg);

		/* the phases after it would read the aged tree, or half a
		 * copy, as the fresh one: unmounted, the engine runs none of
		 * them on this filesystem until it is made again */
		if (e->mounted && fsb_fs_umount(e->mnt, &ue) == 0) {
			e->mounted = false;
			e->mounted_fsr = NULL;
		}
		if (!e->mounted)
			snprintf(err->msg + l, sizeof(err->msg) - l, "; the phases after it do not run");
	}
	return rc;
}
