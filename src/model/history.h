/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * history.h — this machine's earlier sessions of a plan: the evidence the
 * verdict needs that one run cannot give.
 *
 * Rounds inside one run share the boot, the binary and the host's state;
 * the spread between runs on different days is larger (on the reference
 * 2-core VM a pair's ratio of totals moved by 0.02-0.08 in log terms
 * between idle sessions, 0.13 while cp cloned on some filesystems, while
 * one run's standard error was 0.03-0.05).  So the verdict
 * (model/verdict.h) estimates the between-session spread from the earlier
 * sessions of the same plan on the same machine and says whether it agrees
 * with them; without any, it uses the profile's prior (session_sd,
 * measured on the reference VM by bench/verdict-repro.sh) and says so.
 *
 * "The same plan on the same machine": a complete result of the same size
 * profile and workload (when both record one), target kind (image, device, directory), set of filesystems and
 * set of desktop phases, recorded on a host with the same name, CPU model
 * and number of cores, started before the result judged.  Found through
 * the result index (model/index.h) of a results directory; at most
 * FSB_HISTORY_MAX, the newest first.
 *
 * Ownership: struct fsb_history owns the results it holds.
 */
#ifndef FSB_MODEL_HISTORY_H
#define FSB_MODEL_HISTORY_H

#include <stdbool.h>
#include <stddef.h>

#include "model/result.h"
#include "sys/util.h"

#define FSB_HISTORY_MAX 12

struct fsb_history {
	struct fsb_result **v;   /* earlier sessions, newest first */
	size_t n;
	char *dir;               /* where they were looked for, or NULL */
};

/* Are a and b results of the same plan: the same size profile and
 * workload (when both record one), filesystems and phases (in any order),
 * neither imported?  Where they ran is not asked. */
bool fsb_result_same_plan(const struct fsb_result *a, const struct fsb_result *b);
/* Is other a session of res's plan on res's machine (the rule above, but
 * "started before"): complete, the same target kind and host, some desktop
 * phase?  Neither NULL. */
bool fsb_history_same_plan(const struct fsb_result *res, const struct fsb_result *other);

/*
 * The earlier sessions of res's plan among the results in the directory of
 * file (NULL: of res->path), through the index.  A file that does not
 * parse is left out; res's own file (the same path, or the same start
 * time) never counts.  0 (h may be empty), or -errno when the directory
 * cannot be read (err says so); h is valid and must be freed either way.
 */
int fsb_history_load(const struct fsb_result *res, const char *file, struct fsb_history *h, struct fsb_err *err);
void fsb_history_free(struct fsb_history *h);

#endif
