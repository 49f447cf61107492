/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * avail.h — can this machine run a phase with a given size profile, and
 * what will the run do first to make that possible?  Decided the way the
 * engine decides (workload.h's needs), before anything is made, so a plan
 * can grey out what would only be "n/a" in the result.
 *
 * A phase is unavailable when a program it needs is not installed, when
 * the profile wants the kernel source and it is not installed, or when it
 * needs the debootstrap tarball and debootstrap is missing.  Workloads the
 * engine makes itself are not a reason: they only produce a note ("the
 * generated source tree is made first", "downloads the Debian base system
 * first (network)").
 */
#ifndef FSB_AVAIL_H
#define FSB_AVAIL_H

#include <stdbool.h>

#include "model/config.h"
#include "sys/util.h"
#include "engine/workload.h"

/*
 * 0 when def can run with the workloads w describes; otherwise -ENOENT and
 * the reason in why.  The one decision: a plan asks it with w from
 * fsb_workload_init (what the run will make is then a note, which note, may
 * be NULL, receives; "" when none), the engine asks it with w after
 * fsb_workload_provide (what is missing then is missing).
 */
int fsb_phase_available(const struct fsb_phase_def *def, const struct fsb_workload *w,
			const struct fsb_size_profile *prof, struct fsb_err *why, struct fsb_err *note);

#endif
