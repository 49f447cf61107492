/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsck time, once a run per filesystem: what a check after a crash costs
 * on the run's data (issue "a recommendation": ext2 is fast but has no
 * journal, and after a crash it is checked in full).
 *
 * The default plan ends with rm, so the filesystem "as the run left it" is
 * empty, and an empty filesystem's check says little about this much
 * data.  The run's source tree is extracted into it again, untimed (the tar
 * phase's own command, from the workload cache), the caches are dropped
 * (after a crash nothing is cached), and the profile's read-only fsck is
 * timed on the unmounted device.  A plan without the tree checks whatever
 * its phases left.  The filesystem is reformatted before its next
 * repetition in every order that measures this here (engine.c calls it
 * after a freshly made repetition, or at the filesystem's end).
 */
#include <errno.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "engine/engine_int.h"
#include "devices/fs.h"
#include "sys/proc.h"
#include "sys/util.h"

#define FILL_DIR "fsck-fill"

static _Thread_local unsigned long long walk_entries;

static int count_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)path, (void)st, (void)flag;
	if (ftw->level > 0)
		walk_entries++;
	return 0;
}

/* The source tree again, in mnt/fsck-fill: the tar phase's extraction,
 * untimed.  0 or -errno with err set (the check goes on without it). */
static int fill(struct fsb_engine *e, struct fsb_err *err)
{
	const char *vars[] = { "src", e->wl.src, NULL, NULL };
	struct fsb_proc_opts o = { .tag = "fsck-fill" };
	char *dir = fsb_xasprintf("%s/" FILL_DIR, e->mnt), *cmd = NULL;
	int rc;

	if (mkdir(dir, 0755) && errno != EEXIST) {
		rc = fsb_err_set(err, -errno, "cannot create %s: %s", dir, strerror(errno));
		goto out;
	}
	o.cwd = dir;
	rc = fsb_subst("tar -xf ${src}", vars, true, &cmd, err);
	if (!rc)
		rc = fsb_proc_run(cmd, &o, &e->cancel, NULL, err);
out:
	free(cmd);
	free(dir);
	return rc;
}

/* "16018 files and directories, 118 MiB used" of what is mounted */
static char *describe(const char *mnt)
{
	struct statvfs sv;
	double mib = -1;

	walk_entries = 0;
	nftw(mnt, count_entry, 64, FTW_PHYS | FTW_MOUNT);
	if (statvfs(mnt, &sv) == 0)
		mib = (double)(sv.f_blocks - sv.f_bfree) * (double)sv.f_frsize / (1024.0 * 1024.0);
	if (mib < 0)
		return fsb_xasprintf("%llu files and directories", walk_entries);
	return fsb_xasprintf("%llu files and directories, %.0f MiB used", walk_entries, mib);
}

void fsb_engine_measure_fsck(struct fsb_engine *e, const struct fsb_fs_profile *p, struct fsb_fs_result *fsr)
{
	struct fsb_fs_dev d = { .dev = e->dev, .journal = e->journal, .size = e->plan.image_size };
	struct fsb_err err = { 0 };
	char *cmd = NULL, *data = NULL;
	double t0;
	int rc;

	if (!p || p->nodev || !p->fsck || !*p->fsck || fsr->fsck || !e->mounted || e->mounted_fsr != fsr ||
	    atomic_load(&e->cancel))
		return;
	fsb_engine_activity(e, "fsck: filling the filesystem", false);
	if (e->wl.src && fill(e, &err) && !atomic_load(&e->cancel))
		fsb_events_log(e->ev, "%s: fsck: the source tree could not be extracted for it (%s); "
			       "checking what is there", p->name, err.msg);
	if (atomic_load(&e->cancel))
		return;
	data = describe(e->mnt);
	e->fsck_left = p;
	/* the repetition's own unmount, timed as every other */
	fsb_engine_activity(e, "umount", false);
	t0 = fsb_now();
	rc = fsb_fs_umount(e->mnt, &err);
	e->mounted = false;
	e->mounted_fsr = NULL;
	if (rc) {
		fsb_events_log(e->ev, "%s: %s", p->name, err.msg);
		e->any_failed = true;
		goto out;
	}
	fsb_secs_add(&fsr->umount_s, fsb_now() - t0);
	/* after a crash nothing is cached: the check reads the device */
	if (e->plan.drop_caches)
		(void)fsb_drop_caches();
	fsb_engine_activity(e, "fsck", false);
	t0 = fsb_now();
	rc = fsb_fs_check(p, &d, &e->cancel, &cmd, &err);
	if (rc == -ECANCELED)
		goto out;
	/* tried once, whatever came of it: fsr->fsck says so */
	fsr->fsck = cmd ? cmd : fsb_xstrdup(p->fsck);
	cmd = NULL;
	if (rc) {
		fsb_events_log(e->ev, "%s: %s (a read-only check of the filesystem fsbench just unmounted)",
			       p->name, err.msg);
		goto out;
	}
	fsb_secs_add(&fsr->fsck_s, fsb_now() - t0);
	fsr->fsck_data = data;
	data = NULL;
	fsb_events_log(e->ev, "%s: fsck took %.2f s on %s", p->name, fsr->fsck_s.v[0], fsr->fsck_data);
out:
	free(cmd);
	free(data);
}

void fsb_engine_fsck_tidy(struct fsb_engine *e)
{
	const struct fsb_fs_profile *p = e->fsck_left;
	struct fsb_fs_dev d = { .dev = e->dev, .journal = e->journal, .size = e->plan.image_size };
	struct fsb_proc_opts o = { .cwd = e->mnt, .tag = "fsck-tidy" };
	struct fsb_err err = { 0 };

	if (!p || e->mounted || !(e->plan.keep_image || e->plan.target == FSB_TARGET_DEVICE))
		return;
	e->fsck_left = NULL;
	fsb_engine_activity(e, "removing what the fsck measurement added", false);
	if (fsb_fs_mount(p, &d, e->mnt, NULL, &err) == 0) {
		if (fsb_proc_run("rm -rf -- " FILL_DIR, &o, NULL, NULL, &err))
			fsb_events_log(e->ev, "%s: the source tree put there for fsck stays: %s", p->name, err.msg);
		if (fsb_fs_umount(e->mnt, &err))
			fsb_events_log(e->ev, "%s: %s", p->name, err.msg);
	} else {
		fsb_events_log(e->ev, "%s: the source tree put there for fsck stays: %s", p->name, err.msg);
	}
}
