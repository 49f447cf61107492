/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * loopdev.h — image-file targets: a sparse file attached to a free loop
 * device through the loop-control API, and detached again.
 *
 * Image files are only ever created, never adopted: fsbench refuses an
 * existing file that it did not create (nothing of the user's is reformatted
 * by a typo), and removes the files it created when the run ends unless
 * asked to keep them.  Loop devices are attached with LO_FLAGS_AUTOCLEAR, so
 * even a killed fsbench leaves none behind once its descriptors close.
 */
#ifndef FSB_LOOPDEV_H
#define FSB_LOOPDEV_H

#include <stdbool.h>
#include <sys/types.h>

#include "sys/util.h"

struct fsb_loop {
	char *file;              /* backing file */
	char *dev;               /* "/dev/loop3" */
	char name[32];           /* "loop3", for /proc/diskstats */
	dev_t devno;
	int fd;                  /* held open for the whole run, -1 when detached */
	bool created;            /* we created the file: remove it at the end */
	bool direct_io;          /* LO_FLAGS_DIRECT_IO: no double caching in the host */
};

/*
 * Create a new sparse file of size bytes at path.  -EEXIST when something
 * already exists there ("fsbench creates its image files itself; remove
 * path or pick another one"), other -errno with a message otherwise.
 */
int fsb_loop_create_file(const char *path, unsigned long long size, struct fsb_err *err);

/* Attach file to a free loop device, with direct I/O to the backing file
 * when its filesystem allows (l->direct_io says).  0 or -errno; *l is
 * filled. */
int fsb_loop_attach(const char *file, struct fsb_loop *l, struct fsb_err *err);

/* The same without direct I/O: every write goes through the backing
 * file's page cache and its write(2), every flush is an fsync of the
 * file — what the crash phase's write log (devices/crashfs.h) needs to
 * see. */
int fsb_loop_attach_cached(const char *file, struct fsb_loop *l, struct fsb_err *err);

/* Detach (if attached) and, if it was created by us and !keep, unlink the
 * file.  Idempotent.  0 or the first -errno met. */
int fsb_loop_release(struct fsb_loop *l, bool keep, struct fsb_err *err);

#endif
