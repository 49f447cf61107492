/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * targetcheck.h — the checks of an image or directory target, asked by every
 * front end (the TUI's target forms, fsbench run through fsb_plan_validate)
 * and the engine, so each says the same and the limits are written once.
 * Device targets have their own, deeper checks (devices/device.h).
 */
#ifndef FSB_TARGETCHECK_H
#define FSB_TARGETCHECK_H

#include <stdbool.h>

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

/*
 * The plan's phases against its target: a crash phase (engine/crash.h)
 * makes each filesystem of the plan itself, from its profile, so it needs a
 * target fsbench formats — an image or a device — not a directory; and the
 * tests' FSBENCH_CRASH_FAULT, when set, must name a fault it knows.  0 or
 * -EINVAL with one line naming the phase or the variable.
 */
struct fsb_plan;
int fsb_target_check_phases(const struct fsb_plan *p, struct fsb_err *err);

/*
 * What a plan asks of this process, decided here once for every front end
 * (fsbench run, the TUI's target, plan and confirm screens, the title bar,
 * fsbench devices) and the engine: whether its target needs root (an image
 * or a device is formatted: loop devices, mkfs, mount; a directory is
 * not), whether this process is root, and so whether the run can start and
 * whether the page cache will really be dropped between phases (asked
 * for, and root; otherwise it stays).  With each "no", the words that say
 * why: a front end frames them ("needs root (%s)"), never words them.
 */
struct fsb_plan;
struct fsb_plan_reqs {
	bool needs_root;         /* the target is formatted */
	bool is_root;            /* this process runs as root */
	bool can_run;            /* root is there when it is needed */
	bool drop_caches;        /* the page cache is dropped before every phase */
	const char *why_root;    /* when needs_root: what needs it, FSB_NEEDS_ROOT_WHY;
				    else NULL */
	const char *why_kept;    /* when this process cannot drop the page cache, whatever
				    the plan asks: why not ("needs root"); else NULL */
};
void fsb_plan_reqs(const struct fsb_plan *p, struct fsb_plan_reqs *r);
/* The same for a target kind alone (enum fsb_target_kind), before there is
 * a plan: the target screen's rows, the title bar, fsbench devices.
 * drop_caches is whether this process could drop the page cache. */
void fsb_target_reqs(int kind, struct fsb_plan_reqs *r);
/* Why a formatted target needs root, for the messages: "loop devices,
 * mkfs, mount". */
#define FSB_NEEDS_ROOT_WHY "loop devices, mkfs, mount"

#endif
