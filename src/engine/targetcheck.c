/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/crash_int.h"
#include "engine/targetcheck.h"
#include "model/opts.h"

int fsb_target_check_image(const char *path, struct fsb_err *err)
{
	struct stat st;
	char *dir = fsb_xstrdup(path), *slash = strrchr(dir, '/');
	int rc = 0;

	if (lstat(path, &st) == 0) {
		rc = fsb_err_set(err, -EEXIST, "%s exists: fsbench makes a new image and never overwrites a file", path);
		goto out;
	}
	if (!slash)
		strcpy(dir, ".");
	else if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode))
		rc = fsb_err_set(err, -ENOENT, "no directory %s", dir);
	else if (access(dir, W_OK) < 0)
		rc = fsb_err_set(err, -EACCES, "%s is not writable", dir);
out:
	free(dir);
	return rc;
}

int fsb_target_check_size(unsigned long long bytes, struct fsb_err *err)
{
	char have[32], need[32];

	if (bytes >= FSB_TARGET_MIN_SIZE)
		return 0;
	return fsb_err_set(err, -EINVAL, "image size %s is too small: at least %s (XFS and Btrfs need room)",
			   fsb_format_size(bytes, have, sizeof(have)),
			   fsb_format_size(FSB_TARGET_MIN_SIZE, need, sizeof(need)));
}

int fsb_target_check_dir(const char *path, struct fsb_err *err)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return fsb_err_set(err, -errno, "directory %s: %s", path, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return fsb_err_set(err, -ENOTDIR, "%s is not a directory", path);
	if (access(path, W_OK) < 0)
		return fsb_err_set(err, -EACCES, "directory %s is not writable", path);
	return 0;
}

void fsb_target_reqs(int kind, struct fsb_plan_reqs *r)
{
	memset(r, 0, sizeof(*r));
	r->needs_root = kind != FSB_TARGET_DIR;
	r->is_root = geteuid() == 0;
	r->can_run = !r->needs_root || r->is_root;
	/* dropping caches writes /proc/sys/vm/drop_caches: root only */
	r->drop_caches = r->is_root;
	r->why_root = r->needs_root ? FSB_NEEDS_ROOT_WHY : NULL;
	r->why_kept = r->is_root ? NULL : "needs root";
}

void fsb_plan_reqs(const struct fsb_plan *p, struct fsb_plan_reqs *r)
{
	fsb_target_reqs(p->target, r);
	r->drop_caches = p->drop_caches && r->is_root;
}

int fsb_target_check_phases(const struct fsb_plan *p, struct fsb_err *err)
{
	enum crash_fault fault;

	for (size_t j = 0; j < p->phases.n; j++) {
		const struct fsb_phase_def *def = fsb_config_phase(p->cfg, p->phases.v[j]);

		if (!def || def->kind != FSB_PHASE_CRASH)
			continue;
		if (p->target == FSB_TARGET_DIR)
			return fsb_err_set(err, -EINVAL, "phase '%s' needs a target fsbench formats (%s or %s): it makes "
					   "each filesystem itself from its profile, and a directory is not one",
					   def->name, fsb_opt_say(FSB_OPT_IMAGE, NULL), fsb_opt_say(FSB_OPT_TARGET, NULL));
		/* the tests' switch, refused before anything is made */
		if (crash_fault_from_env(&fault, err))
			return -EINVAL;
	}
	return 0;
}
