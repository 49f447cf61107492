/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * planargs.h — a plan and the options of `fsbench run`, both ways, from the
 * one table of model/opts.h.  src/cli/cmd_run.c parses its options with
 * fsb_plan_set_option(); the TUI records the command line of the run it
 * starts with fsb_plan_command_line(), so the recorded line is one that
 * `fsbench run` reads back into the same plan.
 */
#ifndef FSB_PLANARGS_H
#define FSB_PLANARGS_H

#include "engine/engine.h"
#include "model/opts.h"

/*
 * Apply one option (id < FSB_OPT_COUNT) with its value (NULL for an option
 * without one) to the plan.  The target options set the kind and the path.
 * 0, or -EINVAL with a one-line message naming the option (fsb_opt_say) and
 * the bad value.
 */
int fsb_plan_set_option(struct fsb_plan *plan, enum fsb_opt id, const char *value, struct fsb_err *err);

/*
 * The plan as the arguments of `fsbench run` after the command name, one
 * word each ("--repeat", "3"; the confirmation as one "--yes-destroy=DEV"),
 * appended to args: the target, the filesystems (not for a directory), the
 * phases and the profile always, every other option where the plan differs
 * from the config's defaults.
 */
void fsb_plan_args(const struct fsb_plan *plan, struct fsb_strv *args);

/* "fsbench run" and fsb_plan_args() shell-quoted, as one line; caller frees. */
char *fsb_plan_command_line(const struct fsb_plan *plan);

#endif
