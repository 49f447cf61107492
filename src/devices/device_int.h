/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * device_int.h — what device.c (discovery and the verdict) and claim.c (the
 * claim) share; not for other rooms.
 */
#ifndef FSB_DEVICE_INT_H
#define FSB_DEVICE_INT_H

#include <stdbool.h>
#include <sys/types.h>

#include "devices/device.h"

#define LOOP_MAJOR_NR 7              /* loop devices' major number */

enum {
	FSB_GATHER_EXCL = 0x1,       /* find out whether an exclusive open succeeds */
};

/* The verdict on path.  held_fd >= 0: fsbench holds the device open O_EXCL
 * through it (else -1); how: FSB_GATHER_*; own_type/own_uuid: the claim's
 * own signature (NULL: none).  d is always filled.  0, -EPERM or -errno. */
int fsb_device_check_path(const char *path, const struct fsb_device_opts *o, int held_fd, unsigned how,
			  const char *own_type, const char *own_uuid, struct fsb_device *d,
			  struct fsb_err *err);
/* The disk sequence number through fd (BLKGETDISKSEQ), else sysfs's, else 0. */
unsigned long long fsb_device_fd_diskseq(int fd, dev_t devno);
/* A sysfs attribute of devno as a number: false when absent or not one. */
bool fsb_device_sys_ull(dev_t devno, const char *attr, unsigned long long *v);

#endif
