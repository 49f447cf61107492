/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <errno.h>
#include <libmount.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "devices/fs.h"
#include "sys/proc.h"

static bool proc_filesystems_has(const char *type)
{
	char *text = NULL;
	bool found = false;

	if (fsb_read_file("/proc/filesystems", &text))
		return false;
	for (char *line = strtok(text, "\n"); line && !found; line = strtok(NULL, "\n")) {
		char *name = strrchr(line, '\t');

		name = name ? name + 1 : line;
		found = strcmp(name, type) == 0;
	}
	free(text);
	return found;
}

/* modules.dep lists loadable modules, modules.builtin the built-in ones:
 * "kernel/fs/jfs/jfs.ko.xz: …". */
static bool module_exists(const char *type)
{
	static const char *const lists[] = { "modules.dep", "modules.builtin" };
	struct utsname u;
	bool found = false;

	if (uname(&u))
		return false;
	for (size_t i = 0; i < FSB_ARRAY_SIZE(lists) && !found; i++) {
		char *path = fsb_xasprintf("/lib/modules/%s/%s", u.release, lists[i]);
		char *needle = fsb_xasprintf("/%s.ko", type);
		char *text = NULL;

		if (fsb_read_file(path, &text) == 0) {
			for (char *p = strstr(text, needle); p && !found; p = strstr(p + 1, needle)) {
				char after = p[strlen(needle)];

				found = after == ':' || after == '.' || after == '\n' || after == '\0';
			}
			free(text);
		}
		free(needle);
		free(path);
	}
	return found;
}

bool fsb_fs_kernel_has(const char *type)
{
	return proc_filesystems_has(type) || module_exists(type);
}

int fsb_fs_available(const struct fsb_fs_profile *p, struct fsb_err *why)
{
	return fsb_fs_available_brief(p, why, NULL);
}

int fsb_fs_available_brief(const struct fsb_fs_profile *p, struct fsb_err *why, struct fsb_err *brief)
{
	if (!p->nodev && p->tool && *p->tool && !fsb_have_program(p->tool)) {
		fsb_err_set(brief, -ENOENT, "%s not installed", p->tool);
		if (p->package && *p->package)
			return fsb_err_set(why, -ENOENT, "%s is not installed (apt-get install %s)",
					   p->tool, p->package);
		return fsb_err_set(why, -ENOENT, "%s is not installed", p->tool);
	}
	if (!fsb_fs_kernel_has(p->type)) {
		struct utsname u;

		fsb_err_set(brief, -ENODEV, "kernel has no %s", p->type);
		uname(&u);
		return fsb_err_set(why, -ENODEV, "the running kernel (%s) has no %s support: not in /proc/filesystems and no module",
				   u.release, p->type);
	}
	return 0;
}

char *fsb_fs_tool_version(const struct fsb_fs_profile *p)
{
	char *out = NULL, *line = NULL;

	if (!p->version || !*p->version)
		return NULL;
	/* version commands exit 0 or 1 depending on the tool; only the text matters */
	fsb_proc_run(p->version, NULL, NULL, &out, NULL);
	if (out) {
		for (char *l = strtok(out, "\n"); l; l = strtok(NULL, "\n")) {
			while (*l == ' ' || *l == '\t')
				l++;
			if (*l) {
				line = fsb_xstrdup(l);
				break;
			}
		}
	}
	free(out);
	return line;
}

void fsb_fs_vars(const struct fsb_fs_dev *d, const char **vars, char *sizebuf, size_t sizelen)
{
	size_t i = 0;

	snprintf(sizebuf, sizelen, "%llu", d->size);
	vars[i++] = "dev";
	vars[i++] = d->dev ? d->dev : "";
	vars[i++] = "journal";
	vars[i++] = d->journal ? d->journal : "";
	vars[i++] = "uuid";
	vars[i++] = d->uuid ? d->uuid : "";
	vars[i++] = "label";
	vars[i++] = "fsbench";
	vars[i++] = "size";
	vars[i++] = sizebuf;
	vars[i++] = NULL;
	vars[i] = NULL;
}

int fsb_fs_mkfs_commands(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d,
			 struct fsb_strv *out, struct fsb_err *err)
{
	const char *vars[12];
	char sizebuf[32], *cmd = NULL;
	int rc = 0;

	if (p->nodev)
		return 0;
	if (*p->journal_size && !d->journal)
		return fsb_err_set(err, -EINVAL, "%s needs an external journal device", p->name);
	fsb_fs_vars(d, vars, sizebuf, sizeof(sizebuf));
	for (size_t i = 0; i <= p->prepare.n; i++) {
		rc = fsb_subst(i < p->prepare.n ? p->prepare.v[i] : p->mkfs, vars, true, &cmd, err);
		if (rc)
			break;
		fsb_strv_add(out, cmd);
		free(cmd);
		cmd = NULL;
	}
	return rc;
}

int fsb_fs_mkfs(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d,
		const atomic_bool *cancel, char **cmd_out, struct fsb_err *err)
{
	struct fsb_strv cmds = { 0 };
	struct fsb_proc_opts o = { .tag = "mkfs" };
	int rc;

	if (p->nodev)
		return 0;
	/* every template first: a bad one must not leave a half-prepared device */
	rc = fsb_fs_mkfs_commands(p, d, &cmds, err);
	for (size_t i = 0; !rc && i < cmds.n; i++)
		rc = fsb_proc_run(cmds.v[i], &o, cancel, NULL, err);
	if (rc && err)
		fsb_err_prefix(err, "mkfs %s on %s", p->name, d->dev ? d->dev : "?");
	if (cmd_out && cmds.n == p->prepare.n + 1)
		*cmd_out = fsb_xstrdup(cmds.v[cmds.n - 1]);
	fsb_strv_free(&cmds);
	return rc;
}

int fsb_fs_check(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d,
		 const atomic_bool *cancel, char **cmd_out, struct fsb_err *err)
{
	struct fsb_proc_opts o = { .tag = "fsck" };
	const char *vars[12];
	char sizebuf[32], *cmd = NULL;
	int rc;

	if (p->nodev || !p->fsck || !*p->fsck)
		return fsb_err_set(err, -ENOENT, "filesystem \"%s\" has no fsck command", p->name);
	fsb_fs_vars(d, vars, sizebuf, sizeof(sizebuf));
	rc = fsb_subst(p->fsck, vars, true, &cmd, err);
	if (!rc)
		rc = fsb_proc_run(cmd, &o, cancel, NULL, err);
	if (rc && rc != -ECANCELED && err)
		fsb_err_prefix(err, "fsck %s on %s", p->name, d->dev ? d->dev : "?");
	if (cmd_out && cmd) {
		*cmd_out = cmd;
		cmd = NULL;
	}
	free(cmd);
	return rc;
}

int fsb_fs_mount(const struct fsb_fs_profile *p, const struct fsb_fs_dev *d, const char *mnt,
		 char **opts_out, struct fsb_err *err)
{
	const char *vars[12];
	char sizebuf[32], *opts = NULL;
	struct libmnt_context *cxt = NULL;
	int rc;

	fsb_fs_vars(d, vars, sizebuf, sizeof(sizebuf));
	rc = fsb_subst(p->mount_options, vars, false, &opts, err);
	if (rc)
		goto out;
	cxt = mnt_new_context();
	if (!cxt) {
		rc = fsb_err_set(err, -ENOMEM, "libmount: out of memory");
		goto out;
	}
	/* never let an fstab entry or mount helper change what we asked for */
	mnt_context_disable_helpers(cxt, 1);
	mnt_context_set_optsmode(cxt, MNT_OMODE_IGNORE);
	mnt_context_set_source(cxt, p->nodev ? "fsbench" : d->dev);
	mnt_context_set_target(cxt, mnt);
	mnt_context_set_fstype(cxt, p->type);
	if (*opts)
		mnt_context_set_options(cxt, opts);
	rc = mnt_context_mount(cxt);
	if (rc || mnt_context_get_status(cxt) != 1) {
		char buf[BUFSIZ] = "";
		int ex = mnt_context_get_excode(cxt, rc, buf, sizeof(buf));

		(void)ex;
		rc = fsb_err_set(err, rc < 0 ? rc : -EIO, "mount %s (%s%s%s) on %s: %s",
				 p->nodev ? p->type : d->dev, p->type, *opts ? ", " : "", opts, mnt,
				 *buf ? buf : "failed");
		goto out;
	}
	rc = 0;
	if (opts_out) {
		*opts_out = opts;
		opts = NULL;
	}
out:
	mnt_free_context(cxt);
	free(opts);
	return rc;
}

/* Targets at or below mnt in the current mount table, deepest first. */
static void mounts_below(const char *mnt, struct fsb_strv *out)
{
	struct libmnt_table *tb = mnt_new_table_from_file("/proc/self/mountinfo");
	struct libmnt_iter *it = mnt_new_iter(MNT_ITER_BACKWARD);
	struct libmnt_fs *fs;
	size_t len = strlen(mnt);

	if (!tb || !it)
		goto out;
	/* mountinfo is in mount order; backwards gives children before parents */
	while (mnt_table_next_fs(tb, it, &fs) == 0) {
		const char *t = mnt_fs_get_target(fs);

		if (t && strncmp(t, mnt, len) == 0 && (t[len] == '\0' || t[len] == '/'))
			fsb_strv_add(out, t);
	}
out:
	mnt_free_iter(it);
	mnt_unref_table(tb);
}

bool fsb_fs_is_mounted(const char *mnt)
{
	struct fsb_strv sv = { 0 };
	bool mounted;

	mounts_below(mnt, &sv);
	mounted = fsb_strv_contains(&sv, mnt);
	fsb_strv_free(&sv);
	return mounted;
}

int fsb_fs_umount(const char *mnt, struct fsb_err *err)
{
	struct fsb_strv targets = { 0 };
	int rc = 0;

	mounts_below(mnt, &targets);
	for (size_t i = 0; i < targets.n; i++) {
		const char *t = targets.v[i];
		double deadline = fsb_now() + 5.0;
		int r;

		while ((r = umount2(t, 0)) < 0 && errno == EBUSY && fsb_now() < deadline) {
			struct timespec ts = { 0, 100 * 1000 * 1000 };

			nanosleep(&ts, NULL);
		}
		if (r < 0 && errno == EBUSY) {
			umount2(t, MNT_DETACH);
			if (!rc)
				rc = fsb_err_set(err, -EBUSY, "umount %s: still busy after 5 s; detached lazily", t);
		} else if (r < 0 && errno != EINVAL && errno != ENOENT) {
			if (!rc)
				rc = fsb_err_set(err, -errno, "umount %s: %s", t, strerror(errno));
		}
	}
	fsb_strv_free(&targets);
	return rc;
}
