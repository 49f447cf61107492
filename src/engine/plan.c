/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/plan.h"
#include "engine/planargs.h"
#include "engine/targetcheck.h"
#include "model/opts.h"
#include "model/prereq.h"
#include "sys/sysinfo.h"

void fsb_plan_init(struct fsb_plan *plan, const struct fsb_config *cfg)
{
	const struct fsb_defaults *d = &cfg->defaults;

	memset(plan, 0, sizeof(*plan));
	plan->cfg = cfg;
	plan->target = FSB_TARGET_IMAGE;
	plan->path = fsb_xstrdup(d->image);
	for (size_t i = 0; i < d->fs.n; i++)
		fsb_strv_add(&plan->fs, d->fs.v[i]);
	for (size_t i = 0; i < d->phases.n; i++)
		fsb_strv_add(&plan->phases, d->phases.v[i]);
	plan->profile = fsb_xstrdup(d->profile);
	plan->repeat = d->repeat;
	plan->reformat_between = d->reformat_between;
	plan->ci_target = d->ci_target;
	plan->max_repeat = d->max_repeat;
	plan->settle = true;	/* until a fixed number of repetitions is asked for */
	plan->budget = -1;
	plan->baseline = fsb_xstrdup(d->baseline);
	plan->drop_caches = d->drop_caches;
	plan->probe = d->probe ? FSB_PROBE_ROUND : FSB_PROBE_OFF;
	plan->jobs = d->jobs;
	plan->make_deb = true;
}

/* What a plan owns, named once for fsb_plan_clear and fsb_plan_copy: its
 * strings and its lists of names. */
static const size_t owned_strings[] = {
	offsetof(struct fsb_plan, path), offsetof(struct fsb_plan, journal_device),
	offsetof(struct fsb_plan, yes_destroy), offsetof(struct fsb_plan, fstab),
	offsetof(struct fsb_plan, crypttab), offsetof(struct fsb_plan, profile),
	offsetof(struct fsb_plan, baseline), offsetof(struct fsb_plan, output),
	offsetof(struct fsb_plan, command_line), offsetof(struct fsb_plan, quiet),
};
static const size_t owned_lists[] = { offsetof(struct fsb_plan, fs), offsetof(struct fsb_plan, phases) };

/* The member at offset off of plan p. */
#define MEMBER(p, off, type) ((type *)((char *)(p) + (off)))
#define CMEMBER(p, off, type) ((const type *)((const char *)(p) + (off)))

void fsb_plan_clear(struct fsb_plan *plan)
{
	for (size_t i = 0; i < FSB_ARRAY_SIZE(owned_strings); i++)
		free(*MEMBER(plan, owned_strings[i], char *));
	for (size_t i = 0; i < FSB_ARRAY_SIZE(owned_lists); i++)
		fsb_strv_free(MEMBER(plan, owned_lists[i], struct fsb_strv));
	memset(plan, 0, sizeof(*plan));
}

void fsb_plan_copy(struct fsb_plan *dst, const struct fsb_plan *src)
{
	*dst = *src;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(owned_strings); i++)
		*MEMBER(dst, owned_strings[i], char *) = fsb_xstrdup(*CMEMBER(src, owned_strings[i], char *));
	for (size_t i = 0; i < FSB_ARRAY_SIZE(owned_lists); i++) {
		const struct fsb_strv *from = CMEMBER(src, owned_lists[i], struct fsb_strv);
		struct fsb_strv *to = MEMBER(dst, owned_lists[i], struct fsb_strv);

		memset(to, 0, sizeof(*to));
		for (size_t k = 0; k < from->n; k++)
			fsb_strv_add(to, from->v[k]);
	}
}

static char *default_output(const struct fsb_config *cfg)
{
	char ts[32], stamp[32];
	char *dir = cfg->defaults.results_dir && *cfg->defaults.results_dir
			    ? fsb_xstrdup(cfg->defaults.results_dir) : NULL;
	char *path;

	if (!dir) {
		char *data = fsb_xdg_dir("data");

		dir = fsb_xasprintf("%s/results", data);
		free(data);
	}
	fsb_iso_time(ts, sizeof(ts));
	/* 2026-11-30T03:20:00Z → 20261130-032000 */
	snprintf(stamp, sizeof(stamp), "%.4s%.2s%.2s-%.2s%.2s%.2s", ts, ts + 5, ts + 8, ts + 11,
		 ts + 14, ts + 17);
	path = fsb_xasprintf("%s/fsbench-%s.fsbench", dir, stamp);
	/* two runs in the same second must not share a file */
	for (int i = 2; access(path, F_OK) == 0; i++) {
		free(path);
		path = fsb_xasprintf("%s/fsbench-%s-%d.fsbench", dir, stamp, i);
	}
	free(dir);
	return path;
}

static bool phase_known(const struct fsb_config *cfg, const char *name)
{
	return fsb_config_phase(cfg, name) != NULL;
}

const struct fsb_fs_profile *fsb_plan_fs_profile(const struct fsb_config *cfg, const char *name)
{
	const char *hash = strchr(name, '#');
	char base[256];

	if (!hash)
		return fsb_config_fs(cfg, name);
	snprintf(base, sizeof(base), "%.*s", (int)(hash - name), name);
	return fsb_config_fs(cfg, base);
}

static bool fs_known(const struct fsb_config *cfg, const char *name)
{
	return fsb_plan_fs_profile(cfg, name) != NULL;
}

/* An A/A run: the same profile listed again runs again, as NAME#2, #3 … */
static void label_repeats(struct fsb_strv *fs)
{
	for (size_t i = 1; i < fs->n; i++) {
		int k = 1;

		if (strchr(fs->v[i], '#'))
			continue;
		for (size_t j = 0; j < i; j++)
			if (strcmp(fs->v[j], fs->v[i]) == 0 ||
			    (strncmp(fs->v[j], fs->v[i], strlen(fs->v[i])) == 0 && fs->v[j][strlen(fs->v[i])] == '#'))
				k++;
		if (k > 1) {
			char *l = fsb_xasprintf("%s#%d", fs->v[i], k);

			free(fs->v[i]);
			fs->v[i] = l;
		}
	}
}

/* Every name of v known to the config, none twice; what: "phase". */
static int check_names(const struct fsb_config *cfg, const struct fsb_strv *v, const char *what,
		       bool (*known)(const struct fsb_config *, const char *),
		       char *(*all)(const struct fsb_config *), struct fsb_err *err)
{
	for (size_t i = 0; i < v->n; i++) {
		if (!known(cfg, v->v[i])) {
			char *names = all(cfg);

			fsb_err_set(err, -EINVAL, "unknown %s '%s' (known: %s)", what, v->v[i], names);
			free(names);
			return -EINVAL;
		}
		for (size_t j = 0; j < i; j++)
			if (strcmp(v->v[i], v->v[j]) == 0)
				return fsb_err_set(err, -EINVAL, "%s '%s' is listed twice", what, v->v[i]);
	}
	return 0;
}

static char *profile_names(const struct fsb_config *cfg)
{
	struct fsb_strv v = { 0 };
	char *s;

	for (size_t i = 0; i < cfg->nprofiles; i++)
		fsb_strv_add(&v, cfg->profiles[i]->name);
	s = v.n ? fsb_strv_join(&v, ", ") : fsb_xstrdup("none");
	fsb_strv_free(&v);
	return s;
}

/* Filesystems and phases known, the baseline among the filesystems run. */
static int check_lists(struct fsb_plan *plan, struct fsb_err *err)
{
	const struct fsb_config *cfg = plan->cfg;

	if (!plan->phases.n)
		return fsb_err_set(err, -EINVAL, "no phases selected");
	if (check_names(cfg, &plan->phases, "phase", phase_known, fsb_config_phase_names, err))
		return -EINVAL;
	if (fsb_prereq_check(cfg, &plan->phases, err))
		return -EINVAL;
	if (plan->target == FSB_TARGET_DIR)
		return 0;
	if (!plan->fs.n)
		return fsb_err_set(err, -EINVAL, "no filesystems selected");
	label_repeats(&plan->fs);
	if (check_names(cfg, &plan->fs, "filesystem", fs_known, fsb_config_fs_names, err))
		return -EINVAL;
	if (!plan->baseline || !fsb_strv_contains(&plan->fs, plan->baseline)) {
		/* the first filesystem is the natural baseline when the default is not run */
		if (plan->baseline && strcmp(plan->baseline, cfg->defaults.baseline))
			return fsb_err_set(err, -EINVAL, "baseline '%s' is not among the filesystems run (%s…)",
					   plan->baseline, plan->fs.v[0]);
		free(plan->baseline);
		plan->baseline = fsb_xstrdup(plan->fs.v[0]);
	}
	return 0;
}

/* The target: given, its size, its path made absolute, what goes with it. */
static int check_target(struct fsb_plan *plan, const struct fsb_size_profile *prof, struct fsb_err *err)
{
	if (!plan->path || !*plan->path)
		return fsb_err_set(err, -EINVAL, "no target given");
	if (plan->target == FSB_TARGET_IMAGE) {
		char cwd[4096];

		if (!plan->image_size && fsb_parse_size(prof->image_size, &plan->image_size))
			return fsb_err_set(err, -EINVAL, "profile %s: bad image_size '%s'", prof->name, prof->image_size);
		if (fsb_target_check_size(plan->image_size, err))
			return -EINVAL;
		if (plan->path[0] != '/' && getcwd(cwd, sizeof(cwd))) {
			char *abs = fsb_xasprintf("%s/%s", cwd, plan->path);

			free(plan->path);
			plan->path = abs;
		}
	}
	if (plan->journal_device && plan->target != FSB_TARGET_DEVICE)
		return fsb_err_set(err, -EINVAL, "%s goes with a device target (%s); an image target makes its own journal image",
				   fsb_opt_say(FSB_OPT_JOURNAL_DEVICE, NULL), fsb_opt_say(FSB_OPT_TARGET, "DEVICE"));
	if (plan->dry_run && plan->target != FSB_TARGET_DEVICE)
		return fsb_err_set(err, -EINVAL, "a dry run needs a device target (%s)",
				   fsb_opt_say(FSB_OPT_TARGET, "DEVICE"));
	if (plan->target == FSB_TARGET_DIR)
		return fsb_target_check_dir(plan->path, err);
	return 0;
}

double fsb_plan_budget(const struct fsb_plan *plan)
{
	const struct fsb_size_profile *prof = fsb_config_profile(plan->cfg, plan->profile);

	if (plan->budget >= 0)
		return plan->budget;
	return prof ? prof->budget : 0;
}

/* Does the plan hold a phase whose time the verdict ranks?  Rounds that
 * wait for a verdict need one (a crash phase alone counts states). */
static bool plan_timed(const struct fsb_plan *plan)
{
	for (size_t j = 0; j < plan->phases.n; j++) {
		const struct fsb_phase_def *def = fsb_config_phase(plan->cfg, plan->phases.v[j]);

		if (!def || fsb_phase_kind_timed(def->kind))
			return true;
	}
	return false;
}

bool fsb_plan_stall_round(const struct fsb_plan *plan)
{
	if (plan->probe != FSB_PROBE_ROUND)
		return false;
	/* the probe runs beside command phases only */
	for (size_t j = 0; j < plan->phases.n; j++) {
		const struct fsb_phase_def *def = fsb_config_phase(plan->cfg, plan->phases.v[j]);

		if (def && def->kind == FSB_PHASE_COMMAND)
			return true;
	}
	return false;
}

bool fsb_plan_settles(const struct fsb_plan *plan)
{
	return plan->settle && plan_timed(plan) && !plan->auto_repeat && fsb_plan_budget(plan) > 0 && plan->fs.n >= 2 &&
	       plan->target != FSB_TARGET_DIR && plan->reformat_between && plan->order == FSB_ORDER_ROUNDS;
}

int fsb_plan_validate(struct fsb_plan *plan, struct fsb_err *err)
{
	const struct fsb_config *cfg = plan->cfg;
	const struct fsb_size_profile *prof = fsb_config_profile(cfg, plan->profile);
	int rc;

	if (!prof) {
		char *names = profile_names(cfg);

		fsb_err_set(err, -EINVAL, "unknown profile '%s' (known: %s)", plan->profile, names);
		free(names);
		return -EINVAL;
	}
	if (fsb_plan_apply_age(plan, err))
		return -EINVAL;
	rc = check_lists(plan, err);
	if (rc)
		return rc;
	if (plan->repeat < 1)
		return fsb_err_set(err, -EINVAL, "%s must be at least 1", fsb_opt_say(FSB_OPT_REPEAT, NULL));
	/* "" would be found out only after the first phase, the log already
	 * written as ".log" in the working directory */
	if (plan->output && !*plan->output)
		return fsb_err_set(err, -EINVAL, "%s names no file", fsb_opt_say(FSB_OPT_OUTPUT, "''"));
	if (plan->auto_repeat && plan->max_repeat < 3)
		return fsb_err_set(err, -EINVAL, "%s must be at least 3 with %s",
				   fsb_opt_say(FSB_OPT_MAX_REPEAT, NULL), fsb_opt_say(FSB_OPT_AUTO_REPEAT, NULL));
	if (plan->auto_repeat && !(plan->ci_target > 0 && plan->ci_target < 1))
		return fsb_err_set(err, -EINVAL, "%s must be between 0 and 1 (e.g. 0.03 for ±3%%)",
				   fsb_opt_say(FSB_OPT_CI_TARGET, NULL));
	rc = check_target(plan, prof, err);
	if (!rc)
		rc = fsb_target_check_phases(plan, err);
	if (rc)
		return rc;
	if (!plan->seed_set)	/* drawn once, recorded in the result to repeat the order */
		plan->seed = ((unsigned long long)time(NULL) * 2654435761ULL ^ (unsigned long long)getpid()) &
			     0x7fffffffULL;
	if (!plan->jobs)
		plan->jobs = fsb_sysinfo_cpus();
	if (!plan->output)
		plan->output = default_output(cfg);
	return 0;
}
