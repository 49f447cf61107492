/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * targetcheck.h — the checks of an image or directory target, asked by every
 * front end (the TUI's target forms, fsbench run through fsb_plan_validate)
 * and the engine, so each says the same and the limits are written once.
 * Device targets have their own, deeper checks (devices/device.h).
 */
#ifndef FSB_TARGETCHECK_H
#define FSB_TARGETCHECK_H

#include "sys/util.h"

/* The smallest target, image or device: mkfs.xfs refuses less than 300 MiB,
 * and Btrfs and the workloads need room. */
#define FSB_TARGET_MIN_SIZE (512ULL << 20)
/* What needs FSB_TARGET_MIN_SIZE, for the messages. */
#define FSB_TARGET_MIN_FOR "the filesystems fsbench formats (XFS and Btrfs need room)"

/* A new image file at path: it must not exist yet (fsbench never overwrites
 * a file) and its directory must exist and be writable.  0 or -errno with a
 * one-line message. */
int fsb_target_check_image(const char *path, struct fsb_err *err);
/* An image size: at least FSB_TARGET_MIN_SIZE.  0 or -EINVAL. */
int fsb_target_check_size(unsigned long long bytes, struct fsb_err *err);
/* An existing directory the phases can write in.  0 or -errno. */
int fsb_target_check_dir(const char *path, struct fsb_err *err);

#endif
