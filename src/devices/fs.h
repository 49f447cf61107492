/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fs.h — one filesystem profile on one device: is it available here, mkfs
 * it, mount it, unmount it.
 *
 * Availability is decided before anything is touched: the mkfs tool must be
 * installed and the running kernel must know the type (/proc/filesystems)
 * or have a module for it.  An unavailable profile is reported with the
 * reason and never attempted.
 */
#ifndef FSB_FS_H
#define FSB_FS_H

#include <stdatomic.h>
#include <stdbool.h>

#include "model/config.h"
#include "sys/util.h"

/* 0 when p can be used here; otherwise -ENOENT (tool missing) or
 * -ENODEV (kernel support missing) with the reason in why, in words for
 * the user: "mkfs.jfs is not installed (apt-get install jfsutils)". */
int fsb_fs_available(const struct fsb_fs_profile *p, struct fsb_err *why);
/* The same decision, with the reason also in a few words for a list
 * (brief, may be NULL): "mkfs.jfs not installed", "kernel has no jfs". */
int fsb_fs_available_brief(const struct fsb_fs_profile *p, struct fsb_err *why, struct fsb_err *brief);

/* Does the running kernel support type (built in, or a module exists)? */
bool fsb_fs_kernel_has(const char *type);

/* First line of the profile's version command ("mke2fs 1.47.0 (5-Feb-2023)"),
 * or NULL when it has none or it failed.  Caller frees. */
char *fsb_fs_tool_version(const struct fsb_fs_profile *p);

/* What a mkfs needs to know about the device(s). */
struct fsb_fs_dev {
	const char *dev;         /* the device to format */
	const char *journal;     /* the external journal device, or NULL */
	const char *uuid;        /* the UUID to give the filesystem */
	unsigned long long size; /* bytes, for ${size} (tmpfs) */
};

/* The variables the profile's templates may use, NULL-terminated pairs in
 * the caller's vars[] (at least 12 entries). */
void fsb_fs_vars(const struct fsb_fs_dev *d, const char **vars, char *sizebuf, size_t sizelen);

/*
 * The command lines fsb_fs_mkfs() would run on d, in order: the prepare
 * commands, then mkfs (nothing for a nodev profile).  Appended to out.
 * 0, or -EINVAL naming the bad template.  A dry run shows these.
 */
int fsb_fs_mkfs_commands(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d,
			 struct fsb_strv *out, struct fsb_err *err);

/*
 * Run the profile's prepare commands and mkfs on d.  *cmd_out (may be NULL)
 * receives the mkfs command as run; *output the tools' output.  0, or -errno
 * with err naming the command, its exit status and its last output line.
 */
int fsb_fs_mkfs(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d,
		const atomic_bool *cancel, char **cmd_out, struct fsb_err *err);

/*
 * Run the profile's fsck template (a read-only check) on the unmounted
 * d->dev.  *cmd_out (may be NULL) receives the command as run.  0 when it
 * found the filesystem clean; -ENOENT when the profile has no fsck command;
 * -ECHILD when the check failed or found errors, err naming its exit status
 * and last output line; -ECANCELED.
 */
int fsb_fs_check(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d,
		 const atomic_bool *cancel, char **cmd_out, struct fsb_err *err);
/* Mount d->dev (or a nodev type) on mnt with the profile's options.
 * *opts_out (may be NULL) receives the options used.  0 or -errno with
 * libmount's explanation. */
int fsb_fs_mount(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d, const char *mnt,
		 char **opts_out, struct fsb_err *err);

/*
 * Unmount mnt and everything mounted below it (debootstrap leaves /proc
 * inside its target when killed), deepest first.  Busy mounts are retried
 * for a few seconds, then detached lazily; that is reported as an error so
 * the run records it.  0 or -errno.
 */
int fsb_fs_umount(const char *mnt, struct fsb_err *err);

/* Is anything mounted on mnt right now? */
bool fsb_fs_is_mounted(const char *mnt);

#endif
