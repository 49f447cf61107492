/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * target.c — where a run happens: a new image file on a loop device, an
 * existing directory, or a claimed block device, and the checks around
 * every mkfs on a device (engine_int.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include "model/opts.h"
#include "engine/engine_int.h"
#include "engine/leftovers.h"
#include "devices/fs.h"
#include "sys/fsmagic.h"
#include "sys/sysinfo.h"

static bool needs_journal(const struct fsb_engine *e)
{
	for (size_t i = 0; i < e->plan.fs.n; i++) {
		const struct fsb_fs_profile *p = fsb_plan_fs_profile(e->plan.cfg, e->plan.fs.v[i]);

		if (p && *p->journal_size)
			return true;
	}
	return false;
}

static bool note_open(struct fsb_engine *e)
{
	struct fsb_err err = { 0 };

	if (e->lo || e->lo_failed)
		return e->lo != NULL;
	if (fsb_leftovers_open(&e->lo, &err) < 0) {
		fsb_events_log(e->ev, "warning: %s; if fsbench is killed, `fsbench cleanup` will not "
			       "know what this run created", err.msg);
		e->lo_failed = true;
	}
	return e->lo != NULL;
}

void fsb_target_note(struct fsb_engine *e, const char *kind, const char *path, const char *extra)
{
	if (note_open(e) && fsb_leftovers_note(e->lo, kind, path, extra) < 0 && !e->lo_failed) {
		fsb_events_log(e->ev, "warning: cannot write the state file: %s", strerror(errno));
		e->lo_failed = true;
	}
}

void fsb_target_note_image(struct fsb_engine *e, const char *path)
{
	if (note_open(e) && fsb_leftovers_note_image(e->lo, path) < 0 && !e->lo_failed) {
		fsb_events_log(e->ev, "warning: cannot write the state file: %s", strerror(errno));
		e->lo_failed = true;
	}
}

/*
 * Create the image file path (never adopted: -EEXIST when it is there)
 * and attach it, noting both in the state file first, so that a kill at
 * any moment leaves them on record for `fsbench cleanup`.
 */
static int make_image(struct fsb_engine *e, const char *path, unsigned long long size, struct fsb_loop *l,
		      struct fsb_err *err)
{
	int rc;

	/* the intent first: a kill between the creation and its inode's line
	 * still leaves the path on record */
	fsb_target_note(e, "image-new", path, NULL);
	rc = fsb_loop_create_file(path, size, err);
	if (rc) {
		if (rc == -EEXIST)
			e->status = FSB_ENGINE_REFUSED;
		return rc;
	}
	l->created = true;
	free(l->file);
	l->file = fsb_xstrdup(path);
	fsb_target_note_image(e, path);
	if (e->plan.keep_image)
		fsb_target_note(e, "keep", path, NULL);
	rc = fsb_loop_attach(path, l, err);
	if (!rc)
		fsb_target_note(e, "loop", l->dev, path);
	return rc;
}

/* The external journal's image, when a profile of the plan needs one. */
static int make_journal_image(struct fsb_engine *e, struct fsb_err *err)
{
	char *jpath = fsb_xasprintf("%s.journal", e->plan.path);
	int rc = make_image(e, jpath, 256ULL << 20, &e->jloop, err);

	free(jpath);
	return rc;
}

int fsb_target_setup_image(struct fsb_engine *e, struct fsb_err *err)
{
	struct fsb_target_info *t = &e->res->target;
	int rc;

	rc = make_image(e, e->plan.path, e->plan.image_size, &e->loop, err);
	if (rc)
		return rc;
	e->dev = fsb_xstrdup(e->loop.dev);
	e->disks[0] = fsb_xstrdup(e->loop.name);
	fsb_strv_add(&e->res->target.reasons, e->loop.direct_io
		     ? "loop device with direct I/O: the image is not cached twice"
		     : "loop device without direct I/O (the image's filesystem refused it): reads may come from the host's page cache");
	fsb_events_log(e->ev, "image %s (%llu MiB) on %s", e->plan.path, e->plan.image_size >> 20, e->dev);
	if (needs_journal(e)) {
		rc = make_journal_image(e, err);
		if (rc)
			return rc;
		e->journal = fsb_xstrdup(e->jloop.dev);
		e->disks[1] = fsb_xstrdup(e->jloop.name);
		fsb_events_log(e->ev, "external journal image %s on %s", e->jloop.file, e->journal);
	}
	t->kind = FSB_TARGET_IMAGE;
	t->path = fsb_xstrdup(e->plan.path);
	t->device = fsb_xstrdup(e->dev);
	t->size_mib = (long long)(e->plan.image_size >> 20);
	{
		/* the disk the image lives on is what is really measured */
		struct stat st;
		char name[64];

		if (stat(e->plan.path, &st) == 0 && fsb_sysinfo_blockname(st.st_dev, name, sizeof(name)) == 0) {
			unsigned long long size;

			if (fsb_sysinfo_blockdev(name, &t->model, &t->serial, &size) == 0)
				fsb_strv_addf(&t->reasons, "image file on /dev/%s", name);
		}
	}
	return 0;
}

/* The filesystem type a directory is on: the mount table's, or statfs's
 * magic where the mount table cannot place it (a chroot). */
static char *dir_fstype(const char *path, dev_t *devno, const char **how)
{
	struct stat st;
	char *type = NULL;

	if (stat(path, &st) == 0)
		*devno = st.st_dev;
	if (fsb_fsmagic_dir(path, NULL, &type, how))
		*how = NULL;
	return type ? type : fsb_xstrdup("unknown");
}

int fsb_target_setup_dir(struct fsb_engine *e, struct fsb_err *err)
{
	struct fsb_target_info *t = &e->res->target;
	dev_t devno = 0;
	char name[64];
	const char *how = NULL;
	char *type = dir_fstype(e->plan.path, &devno, &how);

	e->workdir = fsb_xasprintf("%s/fsbench-work.XXXXXX", e->plan.path);
	if (!mkdtemp(e->workdir)) {
		int rc = fsb_err_set(err, -errno, "cannot create a work directory in %s: %s", e->plan.path,
				     strerror(errno));

		free(e->workdir);
		e->workdir = NULL;
		free(type);
		return rc;
	}
	fsb_target_note(e, "work", e->workdir, NULL);
	t->kind = FSB_TARGET_DIR;
	t->path = fsb_xstrdup(e->plan.path);
	t->fstype = fsb_xstrdup(type);
	t->fstype_from = how ? fsb_xstrdup(how) : NULL;
	if (devno && fsb_sysinfo_blockname(devno, name, sizeof(name)) == 0) {
		unsigned long long size = 0;

		e->disks[0] = fsb_xstrdup(name);
		t->device = fsb_xasprintf("/dev/%s", name);
		if (fsb_sysinfo_blockdev(name, &t->model, &t->serial, &size) == 0)
			t->size_mib = (long long)(size >> 20);
	}
	/* the one "filesystem" of a directory run is the one it is on */
	fsb_strv_free(&e->plan.fs);
	fsb_strv_add(&e->plan.fs, type);
	free(e->plan.baseline);
	e->plan.baseline = fsb_xstrdup(type);
	free(e->res->baseline);
	e->res->baseline = fsb_xstrdup(type);
	free(type);
	return 0;
}

static bool refusal(int rc)
{
	return rc == -EPERM || rc == -EINVAL || rc == -EBUSY || rc == -ESTALE;
}

/* The entry of --yes-destroy=A[,B] that names path's device, or NULL.
 * Caller frees. */
static char *entry_naming(const char *yes, const char *path)
{
	struct fsb_strv v = { 0 };
	struct stat st;
	char *found = NULL;

	if (!yes || stat(path, &st) || !S_ISBLK(st.st_mode))
		return NULL;
	fsb_strv_split(&v, yes, ',');
	for (size_t i = 0; i < v.n && !found; i++)
		if (fsb_device_same(v.v[i], st.st_rdev))
			found = fsb_xstrdup(v.v[i]);
	fsb_strv_free(&v);
	return found;
}

/* What to hand fsb_device_claim() as the target's confirmation: the entry
 * naming it, else all that was given, so the refusal quotes it. */
static char *confirmation_for(const char *yes, const char *path)
{
	char *entry = entry_naming(yes, path);

	return entry ? entry : fsb_xstrdup(yes);
}

/* Every reason a device was refused, one log line each, so none is lost
 * when the one-line message is cut. */
static void log_reasons(struct fsb_engine *e, const struct fsb_device *d)
{
	if (!d->reasons.n)
		return;
	fsb_events_log(e->ev, "%s%s%s%s: refused", d->given ? d->given : d->path,
		       d->devno ? " (" : "", d->devno ? d->majmin : "", d->devno ? ")" : "");
	for (size_t i = 0; i < d->reasons.n; i++)
		fsb_events_log(e->ev, "- %s", d->reasons.v[i]);
}

/* Does path overlap d: the same device, its whole disk, one of its partitions? */
static const char *overlap(const char *path, const struct fsb_device *d)
{
	struct stat st;

	if (fsb_device_same(path, d->devno))
		return "is the target device itself";
	if (d->parent && fsb_device_same(path, d->parent_devno))
		return "is the disk the target partition is on";
	for (size_t i = 0; i < d->partitions.n; i++)
		if (stat(d->partitions.v[i], &st) == 0 && fsb_device_same(path, st.st_rdev))
			return "is a partition of the target disk";
	return NULL;
}

/* The largest external journal a filesystem of the plan asks for, 0 = none. */
static unsigned long long journal_min(const struct fsb_engine *e)
{
	unsigned long long max = 0, sz;

	for (size_t i = 0; i < e->plan.fs.n; i++) {
		const struct fsb_fs_profile *p = fsb_plan_fs_profile(e->plan.cfg, e->plan.fs.v[i]);

		if (p && *p->journal_size && fsb_parse_size(p->journal_size, &sz) == 0 && sz > max)
			max = sz;
	}
	return max;
}

static int setup_journal(struct fsb_engine *e, const struct fsb_device_opts *to, struct fsb_err *err)
{
	const char *jpath = e->plan.journal_device;
	char sizebuf[32], forbuf[96];
	struct fsb_device_opts o = *to;
	const char *why = overlap(jpath, &e->target_dev);
	char *yes = NULL, *facts, *passed;
	int rc;

	if (why) {
		e->status = FSB_ENGINE_REFUSED;
		return fsb_err_set(err, -EINVAL, "%s %s: give a second device for the external journals",
				   fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, jpath), why);
	}
	/* --whole-disk is about the target: a journal is a partition or a disk without a table */
	o.whole_disk = false;
	o.min_size = journal_min(e);
	snprintf(forbuf, sizeof(forbuf), "an external journal of %s",
		 fsb_format_size(o.min_size, sizebuf, sizeof(sizebuf)));
	o.min_size_for = forbuf;
	/* one --yes-destroy names both devices: without the journal in it, ask for both */
	yes = entry_naming(e->plan.yes_destroy, jpath);
	rc = fsb_device_claim(jpath, yes, &o, &e->jclaim, &e->journal_dev, err);
	if (rc == -EINVAL && !yes) {
		char *both = fsb_xasprintf("%s,%s", e->plan.path, jpath);

		fsb_err_set(err, rc, "the journal device %s (%s) would be formatted too, destroying everything on it: confirm both with %s",
			    jpath, e->journal_dev.majmin, fsb_opt_say(FSB_OPT_YES_DESTROY, both));
		free(both);
	} else if (rc) {
		fsb_err_prefix(err, "%s", fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, NULL));
	}
	if (rc == -EPERM && (fsb_strv_contains(&e->journal_dev.reasons, "member of another storage stack (jbd signature)") ||
			     fsb_strv_contains(&e->journal_dev.reasons, "member of another storage stack (xfs_external_log signature)"))) {
		char msg[sizeof(err->msg)];

		snprintf(msg, sizeof(msg), "%s", err->msg);
		fsb_err_set(err, rc, "%s; if that journal is one an earlier fsbench run left and no filesystem of yours uses it, clear it with 'wipefs -a %s'",
			    msg, jpath);
	}
	if (rc) {
		log_reasons(e, &e->journal_dev);
		if (refusal(rc))
			e->status = FSB_ENGINE_REFUSED;
		goto out;
	}
	e->journal = fsb_xstrdup(fsb_device_claim_path(e->jclaim));
	e->disks[1] = fsb_xstrdup(e->journal + strlen("/dev/"));
	if (!e->plan.dry_run)
		fsb_target_note(e, "device", e->journal, e->journal_dev.majmin);
	facts = fsb_device_describe(&e->journal_dev);
	passed = fsb_strv_join(&e->journal_dev.passed, "; ");
	fsb_strv_addf(&e->res->target.reasons, "external journal device %s (%s, %s): %s", e->journal,
		      e->journal_dev.majmin, facts, passed);
	fsb_events_log(e->ev, "external journal device %s (%s), %s: every check passed", e->journal,
		       e->journal_dev.majmin, facts);
	free(facts);
	free(passed);
out:
	free(yes);
	return rc;
}

int fsb_target_setup_device(struct fsb_engine *e, struct fsb_err *err)
{
	struct fsb_target_info *t = &e->res->target;
	struct fsb_device *d = &e->target_dev;
	const struct fsb_device_opts o = {
		.fstab = e->plan.fstab,
		.crypttab = e->plan.crypttab,
		.allow_root_disk = e->plan.allow_root_disk,
		.whole_disk = e->plan.whole_disk,
		.min_size = FSB_TARGET_MIN_SIZE,
		.min_size_for = FSB_TARGET_MIN_FOR,
	};
	char *yes = confirmation_for(e->plan.yes_destroy, e->plan.path);
	unsigned long long want = 0;
	char *facts = NULL;
	char a[32], b[32];
	int rc;

	fsb_engine_activity(e, "checking the device", false);
	rc = fsb_device_claim(e->plan.path, yes, &o, &e->claim, d, err);
	if (rc) {
		log_reasons(e, d);
		if (refusal(rc))
			e->status = FSB_ENGINE_REFUSED;
		goto out;
	}
	e->dev = fsb_xstrdup(fsb_device_claim_path(e->claim));
	e->disks[0] = fsb_xstrdup(e->dev + strlen("/dev/"));
	if (!e->plan.dry_run)	/* what is mounted from it is ours to undo after a kill */
		fsb_target_note(e, "device", e->dev, d->majmin);
	/* ${size}: tmpfs is sized like the device, as it is like an image */
	e->plan.image_size = d->size;
	facts = fsb_device_describe(d);
	fsb_events_log(e->ev, "device %s (%s), %s: every check passed%s", e->dev, d->majmin, facts,
		       e->plan.dry_run ? "" : "; held exclusively until its first mkfs");
	if (e->prof->image_size && fsb_parse_size(e->prof->image_size, &want) == 0 && d->size < want)
		fsb_events_log(e->ev, "note: profile %s sizes its workloads for %s; %s has %s, so some phases may run out of space",
			       e->prof->name, fsb_format_size(want, a, sizeof(a)), e->dev,
			       fsb_format_size(d->size, b, sizeof(b)));

	t->kind = FSB_TARGET_DEVICE;
	t->path = fsb_xstrdup(e->plan.path);
	t->device = fsb_xstrdup(e->dev);
	t->size_mib = (long long)(d->size >> 20);
	t->model = fsb_xstrdup(d->model);
	t->serial = fsb_xstrdup(d->serial);
	/* the result format has no field for the device number: the first reason says it */
	if (d->diskseq)
		fsb_strv_addf(&t->reasons, "device %s (diskseq %llu), confirmed with %s and held exclusively from the check to the first mkfs; identity and every check verified again before and after each mkfs",
			      d->majmin, d->diskseq, fsb_opt_say(FSB_OPT_YES_DESTROY, NULL));
	else
		fsb_strv_addf(&t->reasons, "device %s, confirmed with %s and held exclusively from the check to the first mkfs; identity and every check verified again before and after each mkfs",
			      d->majmin, fsb_opt_say(FSB_OPT_YES_DESTROY, NULL));
	for (size_t i = 0; i < d->passed.n; i++)
		fsb_strv_add(&t->reasons, d->passed.v[i]);

	if (e->plan.journal_device && !needs_journal(e))
		fsb_events_log(e->ev, "note: %s is not used: none of the filesystems has an external journal; it is not touched",
			       fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, e->plan.journal_device));
	else if (e->plan.journal_device)
		rc = setup_journal(e, &o, err);
out:
	free(facts);
	free(yes);
	return rc;
}

/* The device changed under us: this message ends the run, and from here
 * on nothing more touches the device (e->stop is checked between filesystems). */
static int target_changed(struct fsb_engine *e, const char *dev, const char *fs, struct fsb_err *err)
{
	static const char tail[] = "; stopping, nothing more will be done";
	char why[sizeof(err->msg)];
	size_t n;

	snprintf(why, sizeof(why), "%s", err->msg);
	n = strlen(why);
	if (n > strlen(tail) && strcmp(why + n - strlen(tail), tail) == 0)
		why[n - strlen(tail)] = '\0';
	fsb_err_set(err, err->code ? err->code : -ESTALE,
		    "%s changed under fsbench: %s; stopped before formatting it with %s, nothing more was written; see what it is now with %s",
		    dev, why, fs, fsb_opt_say(FSB_SAY_DEVICE_CHECK, dev));
	e->stop = *err;
	return err->code;
}

/* Right before mkfs: the target (and the journal, if this profile uses it)
 * is still what was checked, every check passes again, and the claim is
 * let go so that mkfs can open the device. */
int fsb_target_before_mkfs(struct fsb_engine *e, const struct fsb_fs_profile *p, struct fsb_err *err)
{
	bool journal = *p->journal_size && e->jclaim;
	int rc;

	fsb_engine_activity(e, "checking the device", false);
	rc = fsb_device_claim_before_mkfs(e->claim, err);
	if (!rc && !fsb_device_same(e->dev, fsb_device_claim_devno(e->claim)))
		rc = fsb_err_set(err, -ESTALE, "before mkfs: %s no longer names the device that was checked", e->dev);
	if (rc)
		return target_changed(e, e->plan.path, p->name, err);
	if (!journal)
		return 0;
	rc = fsb_device_claim_before_mkfs(e->jclaim, err);
	if (!rc && !fsb_device_same(e->journal, fsb_device_claim_devno(e->jclaim)))
		rc = fsb_err_set(err, -ESTALE, "before mkfs: %s no longer names the device that was checked", e->journal);
	if (rc)
		return target_changed(e, e->plan.journal_device, p->name, err);
	return 0;
}

/* Right after mkfs: the filesystem on the device is the one fsbench made
 * (its UUID when the profile passes ${uuid} to mkfs, else its type). */
int fsb_target_after_mkfs(struct fsb_engine *e, const struct fsb_fs_profile *p, const char *uuid,
			     struct fsb_err *err)
{
	int rc;

	rc = fsb_device_claim_after_mkfs(e->claim, uuid, p->type, err);
	if (rc)
		return target_changed(e, e->plan.path, p->name, err);
	if (!*p->journal_size || !e->jclaim)
		return 0;
	/* a jbd or an XFS log: some signature, whose UUID mkfs chose */
	rc = fsb_device_claim_after_mkfs(e->jclaim, NULL, NULL, err);
	if (rc)
		return target_changed(e, e->plan.journal_device, p->name, err);
	return 0;
}

/* One image (the target's or its journal's) made afresh on a loop device of
 * its own: the new device's names replace the old ones. */
static int renew_one(struct fsb_engine *e, struct fsb_loop *l, const char *path, unsigned long long size,
		     char **dev, char **disk, struct fsb_err *err)
{
	char *p = fsb_xstrdup(path);
	int rc = fsb_loop_release(l, false, err);

	if (!rc)
		rc = make_image(e, p, size, l, err);
	free(p);
	if (rc)
		return rc;
	free(*dev);
	*dev = fsb_xstrdup(l->dev);
	free(*disk);
	*disk = fsb_xstrdup(l->name);
	return 0;
}

int fsb_target_renew_image(struct fsb_engine *e, struct fsb_err *err)
{
	int rc;

	if (e->plan.target != FSB_TARGET_IMAGE || e->mounted || !e->loop.created || e->plan.keep_image)
		return 0;
	rc = renew_one(e, &e->loop, e->plan.path, e->plan.image_size, &e->dev, &e->disks[0], err);
	if (!rc && e->jloop.created)
		rc = renew_one(e, &e->jloop, e->jloop.file, 256ULL << 20, &e->journal, &e->disks[1], err);
	if (!rc)
		e->res->target.device = (free(e->res->target.device), fsb_xstrdup(e->dev));
	return rc;
}

void fsb_target_teardown(struct fsb_engine *e)
{
	struct fsb_err err = { 0 };
	bool released = true;	/* everything undone: the state file can go */

	if (e->mounted || (e->mnt && fsb_fs_is_mounted(e->mnt))) {
		if (fsb_fs_umount(e->mnt, &err)) {
			fsb_events_log(e->ev, "warning: %s", err.msg);
			released = false;
		}
		e->mounted = false;
	}
	if (e->mnt) {
		rmdir(e->mnt);
		free(e->mnt);
		e->mnt = NULL;
	}
	if (e->workdir) {
		fsb_rm_rf(e->workdir);
		free(e->workdir);
		e->workdir = NULL;
	}
	/* device targets: close the O_EXCL descriptors still held; nothing is written */
	fsb_device_claim_free(e->jclaim);
	e->jclaim = NULL;
	fsb_device_claim_free(e->claim);
	e->claim = NULL;
	fsb_device_free(&e->journal_dev);
	fsb_device_free(&e->target_dev);
	fsb_err_clear(&err);
	if (fsb_loop_release(&e->jloop, e->plan.keep_image, &err)) {
		fsb_events_log(e->ev, "warning: %s", err.msg);
		released = false;
	}
	fsb_err_clear(&err);
	if (fsb_loop_release(&e->loop, e->plan.keep_image, &err)) {
		fsb_events_log(e->ev, "warning: %s", err.msg);
		released = false;
	}
	/* a kept image (--keep-image) is the user's now, not a leftover */
	fsb_leftovers_close(e->lo, released);
	e->lo = NULL;
}

/* mkfs + mount.  On failure the filesystem's entry records why. */
/* Nobody holds dev open exclusively right now. */
bool fsb_target_idle(const char *dev)
{
	int fd = open(dev, O_RDONLY | O_EXCL | O_CLOEXEC);

	if (fd < 0)
		return false;
	close(fd);
	return true;
}

bool fsb_target_busy_failure(const char *msg)
{
	return msg && (strstr(msg, "busy") || strstr(msg, "in use"));
}

/* "the filesystem holding the image (/var/tmp) is full: 0 bytes free", or
 * NULL when it is not nearly full (less than 1 MiB left) or not an image. */
static char *host_full(const struct fsb_engine *e)
{
	struct statvfs sv;
	char *dir, *slash, *r = NULL;
	unsigned long long avail;
	char a[32];

	if (e->plan.target != FSB_TARGET_IMAGE || !e->plan.path)
		return NULL;
	dir = fsb_xstrdup(e->plan.path);
	slash = strrchr(dir, '/');
	if (slash)
		*(slash == dir ? slash + 1 : slash) = '\0';
	else
		strcpy(dir, ".");
	if (statvfs(dir, &sv) == 0) {
		avail = (unsigned long long)sv.f_bavail * sv.f_frsize;
		if (avail < (1ULL << 20) || (sv.f_favail == 0 && sv.f_files))
			r = fsb_xasprintf("the filesystem holding the image (%s) is full: %s free; "
					  "the loop device fails writes it cannot place", dir,
					  fsb_format_size(avail, a, sizeof(a)));
	}
	free(dir);
	return r;
}

void fsb_target_explain(struct fsb_engine *e, char **msg)
{
	char *why = host_full(e), *m;

	if (!why)
		return;
	m = fsb_xasprintf("%s%s%s", *msg ? *msg : "", *msg ? " — " : "", why);
	free(*msg);
	*msg = m;
	fsb_events_log(e->ev, "%s", why);
	free(why);
}

void fsb_target_explain_err(struct fsb_engine *e, struct fsb_err *err)
{
	char *why = host_full(e), *was;

	if (!why)
		return;
	was = fsb_xstrdup(err->msg);	/* not formatted into itself */
	fsb_err_set(err, err->code ? err->code : -ENOSPC, "%s — %s", was, why);
	fsb_events_log(e->ev, "%s", why);
	free(was);
	free(why);
}

/* A dry run: the claim, every check once more as right before mkfs, then
 * what would be done, as log lines that any front end shows.  Nothing is
 * written: no mkfs, no workload, no log, no result file. */
/* A dry run's words for the device: its signatures, the checks it passed,
 * the external journal device. */
static void dry_device(struct fsb_engine *e)
{
	const struct fsb_device *d = &e->target_dev;
	struct fsb_buf b = { 0 };

	if (!d->nsigs)
		fsb_events_log(e->ev, "signatures: none");
	else
		fsb_events_log(e->ev, "signatures (as wipefs lists them; the first mkfs destroys them all):");
	for (size_t i = 0; i < d->nsigs; i++) {
		const struct fsb_device_sig *g = &d->sigs[i];

		fsb_buf_free(&b);
		fsb_buf_addf(&b, "  0x%llx %s", g->offset, g->values.v[0]);
		for (size_t k = 1; k < g->keys.n; k++)
			fsb_buf_addf(&b, " %s=%s", g->keys.v[k], g->values.v[k]);
		fsb_events_log(e->ev, "%s", b.s);
	}
	fsb_buf_free(&b);
	fsb_events_log(e->ev, "every check passed at the claim and again as right before mkfs:");
	for (size_t i = 0; i < d->passed.n; i++)
		fsb_events_log(e->ev, "+ %s", d->passed.v[i]);
	if (e->jclaim) {
		char *jfacts = fsb_device_describe(&e->journal_dev);

		fsb_events_log(e->ev, "external journal device %s (%s): usable; %s; %zu signature%s", e->journal,
			       e->journal_dev.majmin, jfacts, e->journal_dev.nsigs,
			       e->journal_dev.nsigs == 1 ? "" : "s");
		free(jfacts);
	}
}

/* A dry run's words for the filesystems in turn: each one's mkfs, or why
 * it would not be made.  Returns the last one made, or NULL. */
static const char *dry_filesystems(struct fsb_engine *e)
{
	const struct fsb_plan *pl = &e->plan;
	const char *last = NULL;

	fsb_events_log(e->ev, "fsbench would format %s, destroying everything on it, with in turn:", e->dev);
	for (size_t i = 0; i < pl->fs.n; i++) {
		const struct fsb_fs_profile *p = fsb_plan_fs_profile(pl->cfg, pl->fs.v[i]);
		struct fsb_fs_dev fd = { .dev = e->dev, .journal = e->journal, .size = pl->image_size };
		struct fsb_strv cmds = { 0 };
		struct fsb_err why = { 0 };
		char uuid[64];

		fsb_new_uuid(uuid, sizeof(uuid));
		fd.uuid = uuid;
		if (fsb_fs_available(p, &why)) {
			fsb_events_log(e->ev, "%zu. %s: unavailable: %s", i + 1, p->name, why.msg);
		} else if (*p->journal_size && !e->journal) {
			fsb_events_log(e->ev, "%zu. %s: unavailable: needs a second device for its external journal (%s)",
				       i + 1, p->name, fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, NULL));
		} else if (p->nodev) {
			fsb_events_log(e->ev, "%zu. %s: %s; mounted without a device, %s is not touched", i + 1,
				       p->name, p->description, e->dev);
		} else if (fsb_fs_mkfs_commands(p, &fd, &cmds, &why)) {
			fsb_events_log(e->ev, "%zu. %s: would fail: %s", i + 1, p->name, why.msg);
		} else {
			fsb_events_log(e->ev, "%zu. %s: %s", i + 1, p->name, p->description);
			for (size_t k = 0; k < cmds.n; k++)
				fsb_events_log(e->ev, "   $ %s", cmds.v[k]);
			last = p->name;
		}
		fsb_strv_free(&cmds);
	}
	return last;
}

int fsb_target_dry_run(struct fsb_engine *e, struct fsb_err *err)
{
	const struct fsb_plan *pl = &e->plan;
	const char *last;
	long reps = pl->auto_repeat ? pl->max_repeat : pl->repeat;
	struct fsb_buf b = { 0 };
	int rc;

	fsb_engine_activity(e, "checking the device", false);
	rc = fsb_device_claim_before_mkfs(e->claim, err);
	if (!rc && e->jclaim)
		rc = fsb_device_claim_before_mkfs(e->jclaim, err);
	if (rc) {
		if (refusal(rc))
			e->status = FSB_ENGINE_REFUSED;
		return rc;
	}
	dry_device(e);
	last = dry_filesystems(e);
	for (size_t j = 0; j < pl->phases.n; j++) {
		const struct fsb_phase_def *def = fsb_config_phase(pl->cfg, pl->phases.v[j]);

		fsb_buf_addf(&b, "%s%s (%s)", j ? ", " : "", def->name,
			     def->description && *def->description ? def->description : def->name);
	}
	fsb_events_log(e->ev, "each filesystem: mounted, then the phases %s; %ld repetition%s%s", b.s, reps,
		       reps == 1 ? "" : "s",
		       reps > 1 ? (pl->reformat_between ? ", formatted again before each" : ", formatted once") : "");
	fsb_buf_free(&b);
	fsb_events_log(e->ev, "each mkfs gets a new UUID, and %s is checked again right before and after it", e->dev);
	if (last)
		fsb_events_log(e->ev, "afterwards %s would hold %s, unmounted", e->dev, last);
	else
		fsb_events_log(e->ev, "no filesystem can be made here: nothing would be formatted");
	snprintf(e->msg, sizeof(e->msg), "dry run: %s (%s) can be used; nothing was written", e->dev,
		 e->target_dev.majmin);
	return 0;
}

