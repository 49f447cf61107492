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
 * from the config's defaults.  A plan with age, or whose phases end with the
 * aging group (fsb_plan_ends_aged), says --age, and its phases without
 * that group when they end with it.
 */
void fsb_plan_args(const struct fsb_plan *plan, struct fsb_strv *args);

/*
 * The aging group (`fsbench run --age`, the TUI's tick "age the
 * filesystem"): the config's phases of group FSB_AGING_GROUP, in the
 * config's order (age, aged-grep, aged-stat, refresh, fresh-grep,
 * fresh-stat as shipped).
 *  fsb_plan_aging_group: their names appended to out.
 *  fsb_plan_group_ages: is group (a phase's group) that one?  The TUI's
 *    plan screen asks it of a heading: its tick is --age.
 *  fsb_plan_add_aging: append those the plan does not list yet after its
 *    phases (a plan that ends by emptying the filesystem is fine: age
 *    starts from empty); none is added twice, so it may be called again.
 *    -EINVAL with one line when the config has no such phase, the target
 *    is a directory (refresh makes the filesystem afresh), or the plan
 *    lists some of them in another order than the group's; the plan is
 *    then unchanged.  fsb_plan_validate() calls it when plan->age.
 *  fsb_plan_apply_age: what fsb_plan_validate() asks: fsb_plan_add_aging()
 *    when plan->age, and a plan with refresh (however it came there: a
 *    plan screen's ticks too) refused for a directory target.  0 or
 *    -EINVAL with one line.
 *  fsb_plan_ends_aged: the plan's phases end with the whole group, in its
 *    order, after at least one other phase (what fsb_plan_args() writes as
 *    --age).
 */
#define FSB_AGING_GROUP "aging"
void fsb_plan_aging_group(const struct fsb_config *cfg, struct fsb_strv *out);
bool fsb_plan_group_ages(const char *group);
int fsb_plan_add_aging(struct fsb_plan *plan, struct fsb_err *err);
int fsb_plan_apply_age(struct fsb_plan *plan, struct fsb_err *err);
bool fsb_plan_ends_aged(const struct fsb_plan *plan);

/* "fsbench run" and fsb_plan_args() shell-quoted, as one line; caller frees. */
char *fsb_plan_command_line(const struct fsb_plan *plan);

#endif
