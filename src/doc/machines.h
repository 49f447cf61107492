/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * machines.h — a comparison of machines: results of the same plan (the
 * same profile, filesystems and phases; `fsbench run --like` makes one)
 * from different hosts, as document blocks (document.h) under the heading
 * "Comparing machines":
 *
 *   MACHINES KV       what the result headers record differently: host
 *                     name, kernel, CPU, cores, memory, distribution, the
 *                     target and its device, fsbench's and the programs'
 *                     versions, each filesystem's mkfs version; one entry
 *                     per fact, a value per file ("LABEL: value")
 *   MACHINES_RATIOS   a table: per phase and filesystem, each machine's
 *     TABLE           ratio to ITS OWN baseline (never one machine's
 *                     seconds against another's), and what the machines
 *                     agree on: "ahead", "behind", "disagree", "A only" …
 *   MACHINES_AGREE    one line per finding, "On both machines xfs is ahead
 *     TEXT            of ext2 at rm (0.62* and 0.70*)."
 *
 * fsb_doc_compare() appends them when fsb_doc_same_plan() holds, so `show A
 * B` of two such files and the end of `run --like` draw the same blocks,
 * and every renderer (text, Markdown, HTML, JSON, the TUI) with them.
 */
#ifndef FSB_MACHINES_H
#define FSB_MACHINES_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/document.h"

/* Do the n (>= 2) results share one plan: the same size profile, the same
 * filesystems and the same phases (in any order), none imported? */
bool fsb_doc_same_plan(struct fsb_result *const *results, size_t n);

/*
 * Append the blocks above to doc for results[0..n) labelled labels[],
 * normalized within each file to o->report.baseline (a plain filesystem
 * name every file has), else to the first file's baseline.  Nothing is
 * appended when the plans differ, the files share no baseline, or there
 * are more than 8 files or 256 filesystems (far beyond a real plan: the
 * name lookups would be quadratic in a hostile file's 20,000).  Returns
 * the number of blocks appended.
 */
size_t fsb_doc_machines(struct fsb_result *const *results, const char *const *labels, size_t n,
			const struct fsb_doc_opts *o, struct fsb_doc *doc);

#endif
