/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsmagic.c — the filesystem a directory is on, from the mount table or
 * statfs(2)'s magic (fsmagic.h).
 */
#include <errno.h>
#include <libmount.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>

#include "sys/fsmagic.h"
#include "sys/util.h"

/* Magics from linux/magic.h and the filesystems' own sources, written out:
 * several (jfs, exfat, ntfs3, bcachefs) are in no uapi header. */
static const struct {
	unsigned long magic;
	const char *name;
	const char *types;       /* the mount table's names, space separated */
} magics[] = {
	{ 0xEF53,     "ext2/3/4", "ext2 ext3 ext4 ext4dev" },
	{ 0x58465342, "xfs",      "xfs" },
	{ 0x9123683E, "btrfs",    "btrfs" },
	{ 0xF2F52010, "f2fs",     "f2fs" },
	{ 0x3153464A, "jfs",      "jfs" },
	{ 0x52654973, "reiserfs", "reiserfs" },
	{ 0xCA451A4E, "bcachefs", "bcachefs" },
	{ 0x2FC12FC1, "zfs",      "zfs" },
	{ 0x6E736673, "nilfs2",   "nilfs2" },
	{ 0x01021994, "tmpfs",    "tmpfs" },
	{ 0x858458F6, "ramfs",    "ramfs" },
	{ 0x794C7630, "overlay",  "overlay" },
	{ 0x65735546, "fuse",     "fuse fuseblk" },
	{ 0x6969,     "nfs",      "nfs nfs4" },
	{ 0xFF534D42, "cifs",     "cifs smb3" },
	{ 0xFE534D42, "smb2",     "cifs smb3" },
	{ 0x01021997, "9p",       "9p" },
	{ 0x4D44,     "vfat",     "vfat msdos" },
	{ 0x2011BAB0, "exfat",    "exfat" },
	{ 0x5346544E, "ntfs",     "ntfs ntfs3" },
	{ 0x73717368, "squashfs", "squashfs" },
	{ 0x9660,     "iso9660",  "iso9660" },
	{ 0x15013346, "udf",      "udf" },
};

static int find(unsigned long magic)
{
	/* f_type is a signed long: a magic with the top bit set may come
	 * sign-extended */
	magic &= 0xFFFFFFFFUL;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(magics); i++)
		if (magics[i].magic == magic)
			return (int)i;
	return -1;
}

const char *fsb_fsmagic_name(unsigned long magic)
{
	int i = find(magic);

	return i < 0 ? NULL : magics[i].name;
}

bool fsb_fsmagic_is(unsigned long magic, const char *type)
{
	int i = find(magic);
	const char *p;
	size_t n;

	if (i < 0 || !type || !*type)
		return false;
	/* FUSE filesystems are "fuse.sshfs" and the like */
	n = strcspn(type, ".");
	if (strncmp(type, "fuse", 4) == 0 && n == 4)
		type = "fuse";
	n = strlen(type);
	for (p = magics[i].types; *p; p += strcspn(p, " "), p += *p == ' ') {
		if (strncmp(p, type, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
			return true;
	}
	return false;
}

/* The type of the mount point above real in table, or NULL. */
static char *by_mountpoint(const char *table, const char *real)
{
	struct libmnt_table *tb = mnt_new_table_from_file(table);
	struct libmnt_fs *fs;
	char *type = NULL;

	if (!tb)
		return NULL;
	fs = mnt_table_find_mountpoint(tb, real, MNT_ITER_BACKWARD);
	if (fs && mnt_fs_get_fstype(fs) && *mnt_fs_get_fstype(fs))
		type = fsb_xstrdup(mnt_fs_get_fstype(fs));
	mnt_unref_table(tb);
	return type;
}

/* The type of an entry for device dev in table that fits magic (any type
 * when the magic is unknown), or NULL. */
static char *by_device(const char *table, dev_t dev, unsigned long magic)
{
	struct libmnt_table *tb = mnt_new_table_from_file(table);
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *fs;
	char *type = NULL;

	if (!tb || !it)
		goto out;
	while (!type && mnt_table_next_fs(tb, it, &fs) == 0) {
		const char *t = mnt_fs_get_fstype(fs);

		if (mnt_fs_get_devno(fs) == dev && t && *t &&
		    (fsb_fsmagic_is(magic, t) || !fsb_fsmagic_name(magic)))
			type = fsb_xstrdup(t);
	}
out:
	mnt_free_iter(it);
	mnt_unref_table(tb);
	return type;
}

int fsb_fsmagic_dir(const char *path, const char *const *tables, char **type, const char **how)
{
	static const char *const proc[] = { "/proc/self/mountinfo", "/proc/1/mountinfo", NULL };
	struct statfs sf;
	struct stat st;
	char *real;

	*type = NULL;
	*how = NULL;
	if (!tables)
		tables = proc;
	if (stat(path, &st) || statfs(path, &sf))
		return -errno;
	real = realpath(path, NULL);
	if (real && tables[0])
		*type = by_mountpoint(tables[0], real);
	free(real);
	if (*type) {
		*how = FSB_FSTYPE_FROM_MOUNT;
		return 0;
	}
	for (size_t i = 0; tables[i] && !*type; i++)
		*type = by_device(tables[i], st.st_dev, (unsigned long)sf.f_type);
	if (*type) {
		*how = FSB_FSTYPE_FROM_DEVICE;
		return 0;
	}
	*how = FSB_FSTYPE_FROM_STATFS;
	if (fsb_fsmagic_name((unsigned long)sf.f_type))
		*type = fsb_xstrdup(fsb_fsmagic_name((unsigned long)sf.f_type));
	else
		*type = fsb_xasprintf("unknown-0x%lx", (unsigned long)sf.f_type & 0xFFFFFFFFUL);
	return 0;
}
