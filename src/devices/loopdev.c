/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <fcntl.h>
#include <linux/loop.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "devices/loopdev.h"

int fsb_loop_create_file(const char *path, unsigned long long size, struct fsb_err *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	int rc = 0;

	if (fd < 0) {
		if (errno == EEXIST)
			return fsb_err_set(err, -EEXIST, "%s already exists; fsbench only formats image files it creates itself: remove it or choose another path",
					   path);
		return fsb_err_set(err, -errno, "cannot create image %s: %s", path, strerror(errno));
	}
	/* sparse: blocks are only allocated as the filesystem under test writes */
	if (ftruncate(fd, (off_t)size) < 0) {
		rc = fsb_err_set(err, -errno, "cannot size image %s to %llu bytes: %s", path, size,
				 strerror(errno));
		close(fd);
		unlink(path);
		return rc;
	}
	close(fd);
	return 0;
}

static int configure(int ctl, int file_fd, char *dev, size_t devlen, int *dev_fd, int *loop_nr,
		     bool *direct)
{
	struct loop_config cfg;
	int nr, fd, rc;

	/* a free device may be taken by someone else between GET_FREE and
	 * CONFIGURE: that is EBUSY, and we simply ask again */
	for (int attempt = 0; attempt < 16; attempt++) {
		nr = ioctl(ctl, LOOP_CTL_GET_FREE);
		if (nr < 0)
			return -errno;
		snprintf(dev, devlen, "/dev/loop%d", nr);
		fd = open(dev, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			return -errno;
		memset(&cfg, 0, sizeof(cfg));
		cfg.fd = (unsigned)file_fd;
		/* direct I/O: the backing file's pages must not be cached in the
		 * host's page cache too, or "cold" reads come from RAM */
		cfg.info.lo_flags = LO_FLAGS_AUTOCLEAR | (*direct ? LO_FLAGS_DIRECT_IO : 0);
		rc = ioctl(fd, LOOP_CONFIGURE, &cfg);
		if (rc < 0 && errno == EINVAL && *direct) {
			/* the backing filesystem cannot do O_DIRECT: cached, and say so */
			*direct = false;
			cfg.info.lo_flags = LO_FLAGS_AUTOCLEAR;
			rc = ioctl(fd, LOOP_CONFIGURE, &cfg);
		}
		if (rc == 0) {
			*dev_fd = fd;
			*loop_nr = nr;
			return 0;
		}
		rc = -errno;
		close(fd);
		if (rc != -EBUSY)
			return rc;
	}
	return -EBUSY;
}

static int attach(const char *file, struct fsb_loop *l, bool direct, struct fsb_err *err)
{
	int ctl = -1, file_fd = -1, dev_fd = -1, nr = -1, rc;
	char dev[64];
	struct stat st;

	l->fd = -1;
	file_fd = open(file, O_RDWR | O_CLOEXEC);
	if (file_fd < 0) {
		rc = fsb_err_set(err, -errno, "cannot open image %s: %s", file, strerror(errno));
		goto out;
	}
	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0) {
		rc = fsb_err_set(err, -errno, "cannot open /dev/loop-control: %s%s", strerror(errno),
				 errno == EACCES || errno == EPERM ? " (image targets need root)" : "");
		goto out;
	}
	l->direct_io = direct;
	rc = configure(ctl, file_fd, dev, sizeof(dev), &dev_fd, &nr, &l->direct_io);
	if (rc) {
		fsb_err_set(err, rc, "cannot attach %s to a loop device: %s", file, strerror(-rc));
		goto out;
	}
	if (fstat(dev_fd, &st) < 0) {
		rc = fsb_err_set(err, -errno, "%s: %s", dev, strerror(errno));
		ioctl(dev_fd, LOOP_CLR_FD, 0);
		close(dev_fd);
		goto out;
	}
	free(l->dev);
	l->dev = fsb_xstrdup(dev);
	snprintf(l->name, sizeof(l->name), "loop%d", nr);
	l->devno = st.st_rdev;
	l->fd = dev_fd;
	if (!l->file)
		l->file = fsb_xstrdup(file);
out:
	if (ctl >= 0)
		close(ctl);
	if (file_fd >= 0)
		close(file_fd);
	return rc;
}

int fsb_loop_attach(const char *file, struct fsb_loop *l, struct fsb_err *err)
{
	return attach(file, l, true, err);
}

int fsb_loop_attach_cached(const char *file, struct fsb_loop *l, struct fsb_err *err)
{
	return attach(file, l, false, err);
}

int fsb_loop_release(struct fsb_loop *l, bool keep, struct fsb_err *err)
{
	int rc = 0;

	if (l->fd >= 0) {
		/* with AUTOCLEAR an unmounted device goes away when we close;
		 * LOOP_CLR_FD makes it immediate, and EBUSY just means a user
		 * (an unmount in progress) still has it: autoclear will finish */
		for (int i = 0; i < 50; i++) {
			if (ioctl(l->fd, LOOP_CLR_FD, 0) == 0 || errno == ENXIO)
				break;
			if (errno != EBUSY) {
				rc = fsb_err_set(err, -errno, "detach %s: %s", l->dev, strerror(errno));
				break;
			}
			nanosleep(&(struct timespec){ 0, 20 * 1000 * 1000 }, NULL);
		}
		close(l->fd);
		l->fd = -1;
	}
	if (l->created && !keep && l->file) {
		if (unlink(l->file) < 0 && errno != ENOENT && !rc)
			rc = fsb_err_set(err, -errno, "remove %s: %s", l->file, strerror(errno));
		l->created = false;
	}
	free(l->file);
	free(l->dev);
	l->file = l->dev = NULL;
	return rc;
}
