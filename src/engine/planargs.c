/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/planargs.h"
#include "engine/refresh.h"
#include "model/uses.h"

static void set_str(char **dst, const char *s)
{
	free(*dst);
	*dst = fsb_xstrdup(s);
}

static int set_long(long *dst, enum fsb_opt id, const char *s, long min, struct fsb_err *err)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v < min)
		return fsb_err_set(err, -EINVAL, "%s '%s': expected a whole number of at least %ld",
				   fsb_opt_say(id, NULL), s, min);
	*dst = v;
	return 0;
}

static void set_target(struct fsb_plan *plan, enum fsb_target_kind kind, const char *path)
{
	plan->target = kind;
	set_str(&plan->path, path);
}

/* The options that are a switch or keep their value as it is: true when
 * id is one of them (and it is set). */
static bool set_plain(struct fsb_plan *plan, enum fsb_opt id, const char *v)
{
	switch (id) {
	case FSB_OPT_IMAGE:          set_target(plan, FSB_TARGET_IMAGE, v); break;
	case FSB_OPT_DIR:            set_target(plan, FSB_TARGET_DIR, v); break;
	case FSB_OPT_TARGET:         set_target(plan, FSB_TARGET_DEVICE, v); break;
	case FSB_OPT_YES_DESTROY:    set_str(&plan->yes_destroy, v); break;
	case FSB_OPT_DRY_RUN:        plan->dry_run = true; break;
	case FSB_OPT_WHOLE_DISK:     plan->whole_disk = true; break;
	case FSB_OPT_ALLOW_ROOT_DISK: plan->allow_root_disk = true; break;
	case FSB_OPT_JOURNAL_DEVICE: set_str(&plan->journal_device, v); break;
	case FSB_OPT_FSTAB:          set_str(&plan->fstab, v); break;
	case FSB_OPT_CRYPTTAB:       set_str(&plan->crypttab, v); break;
	case FSB_OPT_PROFILE:        set_str(&plan->profile, v); break;
	case FSB_OPT_AUTO_REPEAT:    plan->auto_repeat = true; plan->settle = false; break;
	case FSB_OPT_NO_REFORMAT:    plan->reformat_between = false; break;
	case FSB_OPT_BASELINE:       set_str(&plan->baseline, v); break;
	case FSB_OPT_NO_DROP_CACHES: plan->drop_caches = false; break;
	case FSB_OPT_NO_PROBE:       plan->probe = FSB_PROBE_OFF; break;
	case FSB_OPT_NO_DOWNLOAD:    plan->make_deb = false; break;
	case FSB_OPT_KEEP_IMAGE:     plan->keep_image = true; break;
	case FSB_OPT_OUTPUT:         set_str(&plan->output, v); break;
	case FSB_OPT_AGE:            plan->age = true; break;
	case FSB_OPT_FS:
		fsb_strv_free(&plan->fs);
		fsb_strv_split(&plan->fs, v, ',');
		break;
	case FSB_OPT_PHASES:
		fsb_strv_free(&plan->phases);
		fsb_strv_split(&plan->phases, v, ',');
		break;
	default:
		return false;
	}
	return true;
}

/* --seed: a whole number of at least 0, given by the user. */
static int set_seed(struct fsb_plan *plan, enum fsb_opt id, const char *v, struct fsb_err *err)
{
	unsigned long long s;
	char *end;

	errno = 0;
	s = strtoull(v, &end, 10);
	if (errno || end == v || *end || *v == '-' || s > (unsigned long long)LLONG_MAX)
		return fsb_err_set(err, -EINVAL, "%s '%s': expected a whole number of at least 0",
				   fsb_opt_say(id, NULL), v);
	plan->seed = s;
	plan->seed_set = true;
	return 0;
}

/* The options whose value is read: 0, or -EINVAL with a line naming the
 * option as the front end says it. */
static int set_parsed(struct fsb_plan *plan, enum fsb_opt id, const char *v, struct fsb_err *err)
{
	char *end;

	switch (id) {
	case FSB_OPT_PROBE:
		if (fsb_probe_mode_parse(v, &plan->probe))
			return fsb_err_set(err, -EINVAL, "%s '%s': expected round (the default: in a round of its own), "
					   "beside (beside the timed phases) or off", fsb_opt_say(id, NULL), v);
		break;
	case FSB_OPT_FOR: {
		const struct fsb_use *u = fsb_use_find(v);

		if (!u)
			return fsb_err_set(err, -EINVAL, "%s: not a use fsbench knows (%s)", fsb_opt_say(id, v),
					   fsb_use_names());
		plan->use = u->name;
		break;
	}
	case FSB_OPT_NEED: {
		struct fsb_err e = { 0 };

		if (fsb_needs_parse(v, &plan->needs, &e))
			return fsb_err_set(err, -EINVAL, "%s: %s", fsb_opt_say(id, NULL), e.msg);
		break;
	}
	case FSB_OPT_REPEAT:
		plan->settle = false;	/* a fixed number of repetitions */
		return set_long(&plan->repeat, id, v, 1, err);
	case FSB_OPT_BUDGET:
		if (fsb_parse_duration(v, &plan->budget))
			return fsb_err_set(err, -EINVAL, "%s '%s': expected a duration such as 15m, 900s or 1h30m",
					   fsb_opt_say(id, NULL), v);
		break;
	case FSB_OPT_MAX_REPEAT:     return set_long(&plan->max_repeat, id, v, 3, err);
	case FSB_OPT_JOBS:           return set_long(&plan->jobs, id, v, 1, err);
	case FSB_OPT_SIZE:
		/* 0 is how a plan says "the profile's size": --size 0 must not
		 * silently become a 4 GiB image */
		if (fsb_parse_size(v, &plan->image_size) || !plan->image_size)
			return fsb_err_set(err, -EINVAL, "%s '%s': expected a size such as 2G or 512M",
					   fsb_opt_say(id, NULL), v);
		break;
	case FSB_OPT_ORDER:
		if (fsb_order_parse(v, &plan->order))
			return fsb_err_set(err, -EINVAL, "%s '%s': expected rounds, sequential or random",
					   fsb_opt_say(id, NULL), v);
		break;
	case FSB_OPT_SEED:           return set_seed(plan, id, v, err);
	case FSB_OPT_CI_TARGET:
		plan->ci_target = strtod(v, &end);
		if (*end || end == v || !(plan->ci_target > 0 && plan->ci_target < 1))
			return fsb_err_set(err, -EINVAL, "%s '%s': expected a fraction such as 0.03",
					   fsb_opt_say(id, NULL), v);
		break;
	default:
		return fsb_err_set(err, -EINVAL, "unknown option %d", (int)id);
	}
	return 0;
}

int fsb_plan_set_option(struct fsb_plan *plan, enum fsb_opt id, const char *v, struct fsb_err *err)
{
	return set_plain(plan, id, v) ? 0 : set_parsed(plan, id, v, err);
}

bool fsb_plan_group_ages(const char *group)
{
	return group && strcmp(group, FSB_AGING_GROUP) == 0;
}

void fsb_plan_aging_group(const struct fsb_config *cfg, struct fsb_strv *out)
{
	for (size_t i = 0; i < cfg->nphases; i++)
		if (fsb_plan_group_ages(cfg->phases[i]->group))
			fsb_strv_add(out, cfg->phases[i]->name);
}

static long index_of(const struct fsb_strv *v, const char *s)
{
	for (size_t i = 0; i < v->n; i++)
		if (strcmp(v->v[i], s) == 0)
			return (long)i;
	return -1;
}

/* The aging phases the plan lists already come in the group's order. */
static int check_aging_order(const struct fsb_plan *plan, const struct fsb_strv *group, struct fsb_err *err)
{
	long last = -1;
	const char *prev = NULL;

	for (size_t g = 0; g < group->n; g++) {
		long at = index_of(&plan->phases, group->v[g]);
		char *all;

		if (at < 0)
			continue;
		if (at < last) {
			all = fsb_strv_join(group, ", ");
			fsb_err_set(err, -EINVAL, "%s: the phases list %s before %s, but aging runs %s in this order; "
				    "leave them out of the phases (%s adds them)", fsb_opt_say(FSB_OPT_AGE, NULL),
				    group->v[g], prev, all, fsb_opt_say(FSB_OPT_AGE, NULL));
			free(all);
			return -EINVAL;
		}
		last = at;
		prev = group->v[g];
	}
	return 0;
}

int fsb_plan_add_aging(struct fsb_plan *plan, struct fsb_err *err)
{
	struct fsb_strv group = { 0 };
	int rc = 0;

	fsb_plan_aging_group(plan->cfg, &group);
	if (!group.n)
		rc = fsb_err_set(err, -EINVAL, "%s: the configuration has no phases of group \"%s\"",
				 fsb_opt_say(FSB_OPT_AGE, NULL), FSB_AGING_GROUP);
	else if (plan->target == FSB_TARGET_DIR)
		rc = fsb_err_set(err, -EINVAL, "%s makes the filesystem afresh after aging: it needs an image or a "
				 "device target, not a directory", fsb_opt_say(FSB_OPT_AGE, NULL));
	else
		rc = check_aging_order(plan, &group, err);
	for (size_t g = 0; !rc && g < group.n; g++)
		if (!fsb_strv_contains(&plan->phases, group.v[g]))
			fsb_strv_add(&plan->phases, group.v[g]);
	fsb_strv_free(&group);
	return rc;
}

int fsb_plan_apply_age(struct fsb_plan *plan, struct fsb_err *err)
{
	if (plan->age && fsb_plan_add_aging(plan, err))
		return -EINVAL;
	/* the TUI ticks phases, not --age: the same refusal for its plans */
	if (plan->target == FSB_TARGET_DIR && fsb_strv_contains(&plan->phases, FSB_REFRESH_PHASE))
		return fsb_err_set(err, -EINVAL, "phase '%s' makes the filesystem afresh: it needs an image or a "
				   "device target, not a directory", FSB_REFRESH_PHASE);
	return 0;
}

bool fsb_plan_ends_aged(const struct fsb_plan *plan)
{
	struct fsb_strv group = { 0 };
	const struct fsb_strv *ph = &plan->phases;
	bool tail = false;

	fsb_plan_aging_group(plan->cfg, &group);
	if (group.n && ph->n > group.n) {
		tail = true;
		for (size_t g = 0; tail && g < group.n; g++)
			tail = strcmp(ph->v[ph->n - group.n + g], group.v[g]) == 0;
	}
	fsb_strv_free(&group);
	return tail;
}

static void add(struct fsb_strv *args, enum fsb_opt id, const char *value)
{
	const char *name = fsb_opt_info(id)->name;

	if (id == FSB_OPT_YES_DESTROY)	/* one word, as the man page writes it */
		fsb_strv_addf(args, "--%s=%s", name, value);
	else
		fsb_strv_addf(args, "--%s", name);
	if (value && id != FSB_OPT_YES_DESTROY)
		fsb_strv_add(args, value);
}

static void add_long(struct fsb_strv *args, enum fsb_opt id, long v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%ld", v);
	add(args, id, buf);
}

static void add_list(struct fsb_strv *args, enum fsb_opt id, const struct fsb_strv *list)
{
	char *s = fsb_strv_join(list, ",");

	add(args, id, s);
	free(s);
}

static bool differs(const char *a, const char *b)
{
	return a && (!b || strcmp(a, b));
}

static void add_target(struct fsb_strv *args, const struct fsb_plan *p)
{
	char buf[32];

	switch (p->target) {
	case FSB_TARGET_IMAGE:
		add(args, FSB_OPT_IMAGE, p->path);
		if (p->image_size) {
			snprintf(buf, sizeof(buf), "%lluM", p->image_size >> 20);
			add(args, FSB_OPT_SIZE, buf);
		}
		if (p->keep_image)
			add(args, FSB_OPT_KEEP_IMAGE, NULL);
		break;
	case FSB_TARGET_DIR:
		add(args, FSB_OPT_DIR, p->path);
		break;
	case FSB_TARGET_DEVICE:
		add(args, FSB_OPT_TARGET, p->path);
		add(args, FSB_OPT_YES_DESTROY, p->yes_destroy ? p->yes_destroy : p->path);
		if (p->dry_run)
			add(args, FSB_OPT_DRY_RUN, NULL);
		if (p->whole_disk)
			add(args, FSB_OPT_WHOLE_DISK, NULL);
		if (p->allow_root_disk)
			add(args, FSB_OPT_ALLOW_ROOT_DISK, NULL);
		if (p->journal_device)
			add(args, FSB_OPT_JOURNAL_DEVICE, p->journal_device);
		if (p->fstab)
			add(args, FSB_OPT_FSTAB, p->fstab);
		if (p->crypttab)
			add(args, FSB_OPT_CRYPTTAB, p->crypttab);
		break;
	}
}

/* --phases, and --age: without the aging group when they end with it */
static void add_phases(struct fsb_strv *args, const struct fsb_plan *p)
{
	bool tail = fsb_plan_ends_aged(p);

	if (tail) {
		struct fsb_strv group = { 0 }, head = { 0 };

		fsb_plan_aging_group(p->cfg, &group);
		for (size_t i = 0; i + group.n < p->phases.n; i++)
			fsb_strv_add(&head, p->phases.v[i]);
		add_list(args, FSB_OPT_PHASES, &head);
		fsb_strv_free(&head);
		fsb_strv_free(&group);
	} else {
		add_list(args, FSB_OPT_PHASES, &p->phases);
	}
	if (tail || p->age)
		add(args, FSB_OPT_AGE, NULL);
}

void fsb_plan_args(const struct fsb_plan *p, struct fsb_strv *args)
{
	struct fsb_plan d;

	fsb_plan_init(&d, p->cfg);
	add_target(args, p);
	if (p->target != FSB_TARGET_DIR)
		add_list(args, FSB_OPT_FS, &p->fs);
	add_phases(args, p);
	add(args, FSB_OPT_PROFILE, p->profile);
	/* a fixed number, also the default's, when the default is settle mode */
	if (p->repeat != d.repeat || (!p->settle && d.settle && !p->auto_repeat))
		add_long(args, FSB_OPT_REPEAT, p->repeat);
	if (p->budget > 0) {
		char buf[32];

		add(args, FSB_OPT_BUDGET, fsb_format_budget(p->budget, buf, sizeof(buf)));
	}
	if (p->auto_repeat)
		add(args, FSB_OPT_AUTO_REPEAT, NULL);
	if (p->auto_repeat && p->ci_target != d.ci_target) {
		char buf[32];

		snprintf(buf, sizeof(buf), "%g", p->ci_target);
		add(args, FSB_OPT_CI_TARGET, buf);
	}
	if (p->auto_repeat && p->max_repeat != d.max_repeat)
		add_long(args, FSB_OPT_MAX_REPEAT, p->max_repeat);
	if (!p->reformat_between && d.reformat_between)
		add(args, FSB_OPT_NO_REFORMAT, NULL);
	if (p->order != d.order)
		add(args, FSB_OPT_ORDER, fsb_order_name(p->order));
	if (p->seed_set) {
		char buf[32];

		snprintf(buf, sizeof(buf), "%llu", p->seed);
		add(args, FSB_OPT_SEED, buf);
	}
	if (p->target != FSB_TARGET_DIR && differs(p->baseline, d.baseline))
		add(args, FSB_OPT_BASELINE, p->baseline);
	if (p->jobs != d.jobs && p->jobs > 0)
		add_long(args, FSB_OPT_JOBS, p->jobs);
	if (!p->drop_caches && d.drop_caches)
		add(args, FSB_OPT_NO_DROP_CACHES, NULL);
	if (p->probe != d.probe && p->probe == FSB_PROBE_OFF)
		add(args, FSB_OPT_NO_PROBE, NULL);
	else if (p->probe != d.probe)
		add(args, FSB_OPT_PROBE, fsb_probe_mode_names[p->probe]);
	if (!p->make_deb)
		add(args, FSB_OPT_NO_DOWNLOAD, NULL);
	if (p->use)
		add(args, FSB_OPT_FOR, p->use);
	if (p->needs) {
		char *s = fsb_needs_format(p->needs);

		add(args, FSB_OPT_NEED, s);
		free(s);
	}
	if (p->output)
		add(args, FSB_OPT_OUTPUT, p->output);
	fsb_plan_clear(&d);
}

char *fsb_plan_command_line(const struct fsb_plan *plan)
{
	struct fsb_strv args = { 0 };
	struct fsb_buf b = { 0 };

	fsb_plan_args(plan, &args);
	fsb_buf_add(&b, "fsbench run");
	for (size_t i = 0; i < args.n; i++) {
		char *q = fsb_shell_quote(args.v[i]);

		fsb_buf_addf(&b, " %s", q);
		free(q);
	}
	fsb_strv_free(&args);
	return fsb_buf_steal(&b);
}
