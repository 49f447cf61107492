/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsmagic.h — which filesystem a directory is on when the mount table
 * cannot say: in a chroot whose root is not a mount point (or a container
 * whose mount table hides it) /proc/self/mountinfo has no entry above the
 * directory, but statfs(2) still names the filesystem by its magic number.
 *
 * fsb_fsmagic_name() is the pure mapping; fsb_fsmagic_dir() is the whole
 * lookup a directory target uses: the mount table first, then statfs's
 * magic, refined by an entry for the same device found in another mount
 * table (ext2, ext3 and ext4 share one magic).
 */
#ifndef FSB_FSMAGIC_H
#define FSB_FSMAGIC_H

#include <stdbool.h>

/* The filesystem name for a statfs f_type magic ("xfs", "tmpfs",
 * "ext2/3/4" for the magic ext2, ext3 and ext4 share), or NULL for a magic
 * fsbench does not know.  Static string. */
const char *fsb_fsmagic_name(unsigned long magic);

/* Whether type, a kernel filesystem type as the mount table names it
 * ("ext4", "fuse.sshfs"), has the statfs magic magic. */
bool fsb_fsmagic_is(unsigned long magic, const char *type);

/* How fsb_fsmagic_dir() found the type, as the result file records it. */
#define FSB_FSTYPE_FROM_MOUNT  "mount table"
#define FSB_FSTYPE_FROM_STATFS "statfs"
#define FSB_FSTYPE_FROM_DEVICE "statfs, device in mount table"

/* The filesystem type of the directory path into *type (caller frees; never
 * NULL nor empty) and how it was found into *how (one of FSB_FSTYPE_FROM_*,
 * static).  tables is a NULL-terminated list of mountinfo files: the first
 * is searched for the mount point above path; if none places it, statfs's
 * magic names the type, and an entry with path's device number in any of
 * the tables whose type has that magic refines it ("ext4" for "ext2/3/4").
 * tables NULL means /proc/self/mountinfo, then /proc/1/mountinfo (init's
 * table shows the real root a chroot hides).  0, or -errno when path cannot
 * be stat'ed (then *type is NULL). */
int fsb_fsmagic_dir(const char *path, const char *const *tables, char **type, const char **how);

#endif
