/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * merge.h — several result files of one benchmark combined into one, so
 * that two sessions of `--repeat 3` become one cell of six runs, or a
 * filesystem run on another day joins the others (`fsbench merge`).
 *
 * What must be the same, because otherwise the runs in one cell would not
 * measure the same thing (anything else is -EINVAL, with one line naming
 * the files and what differs):
 *  - the set of phases, and each phase's kind and command template;
 *  - the size profile and the workload;
 *  - the host (hostname, kernel, CPU) and the target (kind, size): runs on
 *    other hardware or another kernel are a comparison (`fsbench show A B`),
 *    not more repetitions;
 *  - for a filesystem in several files, its kernel type and mount options;
 *  - and no run may be given twice (same start time on the same host).
 *
 * What may differ, and how it is recorded in the merged result:
 *  - tool: kept when equal, else every version joined with " + ";
 *  - command: every distinct command line, one per line, in input order
 *    (the caller appends its own, so the file says how it was made);
 *  - mkfs_version of a filesystem: every distinct one, joined with " / ";
 *  - started = the earliest, finished = the latest; status = complete only
 *    when every input is complete, else interrupted (when any input was
 *    interrupted or still running) or failed;
 *  - host versions and target reasons: the union; everything else about
 *    host and target, title, baseline and phase order: the first file's;
 *    log: kept only when every input names the same log;
 *  - runs of the same filesystem and phase are concatenated in input
 *    order; a filesystem or phase that ran in any input counts as run
 *    (failures of mkfs or an unavailable phase elsewhere are dropped, the
 *    runs that exist say more); --auto-repeat bookkeeping is kept only for
 *    cells whose runs come from one input, since it describes that run;
 *  - repeat = the most runs of any cell.
 */
#ifndef FSB_MERGE_H
#define FSB_MERGE_H

#include <stddef.h>

#include "model/result.h"
#include "sys/util.h"

/*
 * Merge in[0..n) (n >= 1; labels[i] names in[i] in messages, e.g. its file
 * name) into a new result *out, owned by the caller, with path NULL.  The
 * inputs are not changed.  0, or -EINVAL with err saying what differs or,
 * for inputs that together hold more than a result file may
 * (fsb_result_check_limits()), what is too much.
 */
int fsb_result_merge(const struct fsb_result *const *in, const char *const *labels, size_t n,
		     struct fsb_result **out, struct fsb_err *err);

#endif
