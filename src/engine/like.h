/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * like.h — the plan a result ran, to run it again here (`fsbench run
 * --like RESULT`, the TUI browser's "run this plan here").
 *
 * What is taken from the result: its size profile (by name, checked
 * against what the result records of it: the workload it made, the
 * built-in phases' chunk, file sizes, directories and seekers), its
 * filesystems in order (each checked against this machine's profile of
 * that name: kernel type, mkfs and mount options as templates), its
 * phases in order (each checked against this machine's definition:
 * kind, command template), repetitions or rounds and budget, auto-repeat,
 * order and seed, baseline; and, since the result records them only in
 * its command line, --jobs, --no-reformat and --no-drop-caches; how the
 * stall probe ran (its `probe`: in the stall round, beside the timed
 * phases, or not at all; a file without it: beside where its runs hold
 * the probe's saves, not at all where they hold the device's counters
 * without them, else --no-probe decides).  The
 * target is not taken: it is the caller's (plan->target, set before);
 * only an image target without a size of its own gets the result's
 * image size.
 *
 * Nothing is read but the result and this machine's config, kernel and
 * programs: no phase command of the file is ever run — a phase runs as
 * this machine's config defines it, and one that differs refuses the
 * plan.  A result file travels; its commands are not trusted.
 */
#ifndef FSB_LIKE_H
#define FSB_LIKE_H

#include "engine/engine.h"
#include "model/opts.h"
#include "model/result.h"
#include "sys/util.h"

/*
 * Fill plan (fsb_plan_init()ed with this machine's config, its target
 * already chosen) with res's plan.  Appends to missing one line per thing
 * that cannot be repeated here ("jfs: the kernel has no jfs …", "phase
 * nap: not defined here (fsbench list)"), and to notes one line per thing
 * the result does not record and this machine's default stands in for.
 * Returns 0 when the plan is repeatable, -ENOENT when missing got lines.
 * Nothing is touched on this machine either way.
 */
int fsb_plan_like(struct fsb_plan *plan, const struct fsb_result *res, struct fsb_strv *missing,
		  struct fsb_strv *notes);

/*
 * Is the options' id one a --like plan takes from the result (the
 * filesystems, phases, profile, repetitions, …), rather than the caller's
 * (the target and its confirmations, the output file, the download)?
 */
bool fsb_plan_like_takes(enum fsb_opt id);

#endif
