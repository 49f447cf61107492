/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * claim.c — the claim of devices/device.h: between the check and mkfs the
 * device is held open O_EXCL and its identity recorded, and before and
 * after every mkfs the identity and every check are verified again.  The
 * discovery and the verdict it asks are device.c's (device_int.h).
 */
#include <blkid.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "devices/device.h"
#include "devices/device_int.h"
#include "model/opts.h"


/* What must not change between the check and mkfs, and across mkfs. */
struct ident {
	dev_t devno;
	unsigned long long diskseq;   /* 0 = unknown (old kernel) */
	unsigned long long size;
	unsigned long long start;     /* partitions: first sector */
	unsigned long long loop_dev;  /* loop devices: the backing inode */
	unsigned long long loop_ino;
};

struct fsb_device_claim {
	char *given;                  /* the path the user named, reopened each time */
	char *path;                   /* /dev/<kernel name> */
	char *fstab, *crypttab;       /* copies for opts */
	char *min_size_for;
	char *own_type, *own_uuid;    /* the signature the last after_mkfs verified */
	struct fsb_device_opts opts;
	struct ident id;
	int fd;                       /* O_EXCL, -1 while released */
	bool broken;                  /* a verification failed: refuse everything */
};

static void read_ident(int fd, dev_t devno, struct ident *id)
{
	struct stat st;
	uint64_t size = 0;

	memset(id, 0, sizeof(*id));
	if (fstat(fd, &st) == 0 && S_ISBLK(st.st_mode))
		id->devno = st.st_rdev;
	id->diskseq = fsb_device_fd_diskseq(fd, devno);
	if (ioctl(fd, BLKGETSIZE64, &size) == 0)
		id->size = size;
	fsb_device_sys_ull(devno, "start", &id->start);
	if (major(devno) == LOOP_MAJOR_NR) {
		struct loop_info64 li;

		if (ioctl(fd, LOOP_GET_STATUS64, &li) == 0) {
			id->loop_dev = li.lo_device;
			id->loop_ino = li.lo_inode;
		}
	}
}

/* 0 when a and b are the same device, else -ESTALE with what changed. */
static int ident_compare(const struct fsb_device_claim *c, const struct ident *now, const char *when,
			 struct fsb_err *err)
{
	const struct ident *was = &c->id;

	if (now->devno != was->devno)
		return fsb_err_set(err, -ESTALE, "%s: %s is now device %u:%u, not %u:%u as when it was "
				   "checked; stopping, nothing more will be done", when, c->given,
				   major(now->devno), minor(now->devno), major(was->devno),
				   minor(was->devno));
	if (now->diskseq != was->diskseq)
		return fsb_err_set(err, -ESTALE, "%s: the disk sequence number of %s changed from %llu "
				   "to %llu: the device was detached or its medium replaced since it "
				   "was checked; stopping, nothing more will be done", when, c->given,
				   was->diskseq, now->diskseq);
	if (now->loop_dev != was->loop_dev || now->loop_ino != was->loop_ino)
		return fsb_err_set(err, -ESTALE, "%s: loop device %s is attached to a different file "
				   "than when it was checked; stopping, nothing more will be done",
				   when, c->given);
	if (now->size != was->size || now->start != was->start)
		return fsb_err_set(err, -ESTALE, "%s: %s changed size or position (%llu bytes at sector "
				   "%llu, was %llu at %llu) since it was checked; stopping, nothing "
				   "more will be done", when, c->given, now->size, now->start,
				   was->size, was->start);
	return 0;
}

static int open_excl(const char *path, dev_t devno, int *fd, struct fsb_err *err, const char *when)
{
	struct stat st;

	if (stat(path, &st) || !S_ISBLK(st.st_mode) || st.st_rdev != devno)
		return fsb_err_set(err, -ESTALE, "%s: %s no longer names device %u:%u; stopping, "
				   "nothing more will be done", when, path, major(devno), minor(devno));
	*fd = open(path, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (*fd < 0)
		return fsb_err_set(err, -errno, "%s: cannot open %s exclusively: %s%s", when, path,
				   strerror(errno), errno == EBUSY ?
				   " (something mounted or opened it meanwhile); stopping, nothing "
				   "more will be done" : "");
	return 0;
}

int fsb_device_claim(const char *path, const char *yes_destroy, const struct fsb_device_opts *o,
		     struct fsb_device_claim **out, struct fsb_device *info, struct fsb_err *err)
{
	static const struct fsb_device_opts defaults = { 0 };
	struct fsb_device tmp, *d = info ? info : &tmp;
	struct fsb_device_claim *c = NULL;
	struct stat st;
	int fd = -1, rc;

	*out = NULL;
	if (!o)
		o = &defaults;
	if (stat(path, &st) || !S_ISBLK(st.st_mode)) {
		rc = fsb_device_check_path(path, o, -1, FSB_GATHER_EXCL, NULL, NULL, d, err);
		goto out;
	}
	/* take the claim first and judge through it: nothing can slip in between */
	fd = open(path, O_RDONLY | O_EXCL | O_CLOEXEC);
	if (fd < 0) {
		int e = errno;

		rc = fsb_device_check_path(path, o, -1, FSB_GATHER_EXCL, NULL, NULL, d, err);
		if (rc == 0)	/* it was busy a moment ago and is not now: do not guess */
			rc = fsb_err_set(err, -EBUSY, "%s cannot be claimed: %s; try again", path,
					 strerror(e));
		goto out;
	}
	{
		struct stat fst;

		if (fstat(fd, &fst) || fst.st_rdev != st.st_rdev) {
			rc = fsb_err_set(err, -ESTALE, "%s changed while it was being opened; try again",
					 path);
			memset(d, 0, sizeof(*d));
			goto out;
		}
	}
	rc = fsb_device_check_path(path, o, fd, FSB_GATHER_EXCL, NULL, NULL, d, err);
	if (rc)
		goto out;
	if (!yes_destroy) {
		rc = fsb_err_set(err, -EINVAL, "%s (%s) would be formatted, destroying everything on it: "
				 "confirm with %s", path, d->majmin, fsb_opt_say(FSB_OPT_YES_DESTROY, path));
		goto out;
	}
	if (!fsb_device_same(yes_destroy, st.st_rdev)) {
		rc = fsb_err_set(err, -EINVAL, "%s does not name %s (%s); nothing was "
				 "done", fsb_opt_say(FSB_OPT_YES_DESTROY, yes_destroy), path, d->majmin);
		goto out;
	}
	c = fsb_xcalloc(1, sizeof(*c));
	c->given = fsb_xstrdup(path);
	c->path = fsb_xstrdup(d->path);
	c->opts = *o;
	c->fstab = fsb_xstrdup(o->fstab);
	c->crypttab = fsb_xstrdup(o->crypttab);
	c->min_size_for = fsb_xstrdup(o->min_size_for);
	c->opts.fstab = c->fstab;
	c->opts.crypttab = c->crypttab;
	c->opts.min_size_for = c->min_size_for;
	read_ident(fd, st.st_rdev, &c->id);
	c->fd = fd;
	fd = -1;
	*out = c;
	rc = 0;
out:
	if (fd >= 0)
		close(fd);
	if (!info)
		fsb_device_free(&tmp);
	return rc;
}

int fsb_device_claim_before_mkfs(struct fsb_device_claim *c, struct fsb_err *err)
{
	static const char when[] = "before mkfs";
	struct fsb_device d = { 0 };
	struct ident now;
	int rc;

	if (!c)
		return fsb_err_set(err, -EINVAL, "no device claimed");
	if (c->broken)
		return fsb_err_set(err, -ESTALE, "%s: the claim on %s failed earlier; nothing more will "
				   "be done", when, c->given);
	if (c->fd < 0) {
		rc = open_excl(c->given, c->id.devno, &c->fd, err, when);
		if (rc)
			goto out;
	}
	read_ident(c->fd, c->id.devno, &now);
	rc = ident_compare(c, &now, when, err);
	if (rc)
		goto out;
	if (!fsb_device_same(c->given, c->id.devno)) {
		rc = fsb_err_set(err, -ESTALE, "%s: %s no longer names device %u:%u; stopping, nothing "
				 "more will be done", when, c->given, major(c->id.devno),
				 minor(c->id.devno));
		goto out;
	}
	rc = fsb_device_check_path(c->given, &c->opts, c->fd, FSB_GATHER_EXCL, c->own_type, c->own_uuid, &d, err);
	if (rc) {
		fsb_err_prefix(err, "%s", when);
		goto out;
	}
	/* mkfs opens the device itself (mke2fs and mkfs.xfs even O_EXCL) */
	close(c->fd);
	c->fd = -1;
out:
	if (rc) {
		c->broken = true;
		if (c->fd >= 0)
			close(c->fd);
		c->fd = -1;
	}
	fsb_device_free(&d);
	return rc;
}

/* blkid's TYPE for a kernel filesystem type, where they differ. */
static const char *blkid_type(const char *type)
{
	static const struct { const char *kernel, *blkid; } alias[] = {
		{ "ntfs3", "ntfs" },
		{ "msdos", "vfat" },
		{ "fat", "vfat" },
	};

	for (size_t i = 0; i < FSB_ARRAY_SIZE(alias); i++)
		if (strcmp(type, alias[i].kernel) == 0)
			return alias[i].blkid;
	return type;
}

/* vfat shows its volume id as "ABCD-1234": compare hex digits only. */
static bool same_uuid(const char *a, const char *b)
{
	while (*a || *b) {
		if (*a == '-') {
			a++;
			continue;
		}
		if (*b == '-') {
			b++;
			continue;
		}
		if (!*a || !*b || tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return false;
		a++;
		b++;
	}
	return true;
}

int fsb_device_claim_after_mkfs(struct fsb_device_claim *c, const char *uuid, const char *type,
				struct fsb_err *err)
{
	static const char when[] = "after mkfs";
	blkid_probe pr = NULL;
	struct ident now;
	const char *got_type = NULL, *got_uuid = NULL, *got_log = NULL;
	int fd = -1, rc;

	if (!c)
		return fsb_err_set(err, -EINVAL, "no device claimed");
	if (c->broken)
		return fsb_err_set(err, -ESTALE, "%s: the claim on %s failed earlier; nothing more will "
				   "be done", when, c->given);
	if (c->fd >= 0) {
		rc = fsb_err_set(err, -EINVAL, "%s: %s is still held by fsbench: call "
				 "fsb_device_claim_before_mkfs() first", when, c->given);
		goto out;
	}
	rc = open_excl(c->given, c->id.devno, &fd, err, when);
	if (rc)
		goto out;
	read_ident(fd, c->id.devno, &now);
	rc = ident_compare(c, &now, when, err);
	if (rc)
		goto out;
	/* read what is on the medium, not what an earlier probe left cached */
	posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	pr = blkid_new_probe();
	if (!pr || blkid_probe_set_device(pr, fd, 0, 0)) {
		rc = fsb_err_set(err, -ENOMEM, "%s: cannot probe %s: libblkid failed", when, c->given);
		goto out;
	}
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_UUID);
	blkid_probe_enable_partitions(pr, 0);
	rc = blkid_do_safeprobe(pr);
	if (rc == 0) {
		blkid_probe_lookup_value(pr, "TYPE", &got_type, NULL);
		blkid_probe_lookup_value(pr, "UUID", &got_uuid, NULL);
		blkid_probe_lookup_value(pr, "LOGUUID", &got_log, NULL);
	}
	if (rc == -2) {
		rc = fsb_err_set(err, -ESTALE, "%s: %s carries ambiguous signatures; mkfs did not leave "
				 "the filesystem expected; stopping, nothing more will be done", when,
				 c->given);
		goto out;
	}
	if (rc != 0 || !got_type) {
		rc = fsb_err_set(err, -ESTALE, "%s: %s carries no filesystem signature; mkfs did not "
				 "write what it should have; stopping, nothing more will be done", when,
				 c->given);
		goto out;
	}
	if (type && strcmp(got_type, blkid_type(type)) != 0) {
		rc = fsb_err_set(err, -ESTALE, "%s: %s carries %s, not %s; stopping, nothing more will "
				 "be done", when, c->given, got_type, type);
		goto out;
	}
	if (uuid && (!got_uuid || !same_uuid(got_uuid, uuid))) {
		rc = fsb_err_set(err, -ESTALE, "%s: %s carries UUID %s, not the %s fsbench gave mkfs: "
				 "this is not the filesystem fsbench made; stopping, nothing more will "
				 "be done", when, c->given, got_uuid ? got_uuid : "(none)", uuid);
		goto out;
	}
	free(c->own_type);
	free(c->own_uuid);
	c->own_type = fsb_xstrdup(got_type);
	c->own_uuid = fsb_xstrdup(got_uuid ? got_uuid : got_log);
	rc = 0;
out:
	blkid_free_probe(pr);
	if (fd >= 0)
		close(fd);
	if (rc)
		c->broken = true;
	return rc;
}

const char *fsb_device_claim_path(const struct fsb_device_claim *c)
{
	return c->path;
}

dev_t fsb_device_claim_devno(const struct fsb_device_claim *c)
{
	return c->id.devno;
}

void fsb_device_claim_free(struct fsb_device_claim *c)
{
	if (!c)
		return;
	if (c->fd >= 0)
		close(c->fd);
	free(c->given);
	free(c->path);
	free(c->fstab);
	free(c->crypttab);
	free(c->min_size_for);
	free(c->own_type);
	free(c->own_uuid);
	free(c);
}
