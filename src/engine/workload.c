/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <dirent.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model/opts.h"
#include "sys/proc.h"
#include "sys/sysinfo.h"
#include "engine/treegen.h"
#include "engine/workload.h"

char *fsb_workload_cache_dir(const struct fsb_config *cfg)
{
	if (cfg->defaults.cache_dir && *cfg->defaults.cache_dir)
		return fsb_xstrdup(cfg->defaults.cache_dir);
	return fsb_xdg_dir("cache");
}

static bool exists(const char *path)
{
	struct stat st;

	return path && stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

/* The newest /usr/src/linux-source-*.tar.* (Debian's linux-source package). */
static char *kernel_tarball(void)
{
	glob_t g;
	char *best = NULL;

	if (glob("/usr/src/linux-source-*.tar.*", 0, NULL, &g) == 0) {
		if (g.gl_pathc)
			best = fsb_xstrdup(g.gl_pathv[g.gl_pathc - 1]);	/* glob sorts */
		globfree(&g);
	}
	return best;
}

/* "linux-source-6.1" from "/usr/src/linux-source-6.1.tar.xz" */
static char *tar_topdir(const char *path)
{
	const char *base = strrchr(path, '/');
	char *name = fsb_xstrdup(base ? base + 1 : path);
	char *dot = strstr(name, ".tar");

	if (dot)
		*dot = '\0';
	return name;
}

/* First mirror in the APT sources that serves suite as "deb". */
/* The cached tarball of the profile's generated tree: one per seed, size and
 * compiled units (a tree without compile_units keeps its old name). */
static char *tree_tarball(const struct fsb_workload *w, const struct fsb_size_profile *p)
{
	if (p->compile_units)
		return fsb_xasprintf("%s/tree-s%ld-f%ld-u%ld.tar.gz", w->cache_dir, p->tree_seed, p->tree_files,
				     p->compile_units);
	return fsb_xasprintf("%s/tree-s%ld-f%ld.tar.gz", w->cache_dir, p->tree_seed, p->tree_files);
}

static char *apt_mirror(const char *suite)
{
	struct fsb_strv files = { 0 };
	char *found = NULL;
	glob_t g;

	fsb_strv_add(&files, "/etc/apt/sources.list");
	if (glob("/etc/apt/sources.list.d/*.list", 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			fsb_strv_add(&files, g.gl_pathv[i]);
		globfree(&g);
	}
	if (glob("/etc/apt/sources.list.d/*.sources", 0, NULL, &g) == 0) {
		for (size_t i = 0; i < g.gl_pathc; i++)
			fsb_strv_add(&files, g.gl_pathv[i]);
		globfree(&g);
	}
	for (size_t f = 0; f < files.n && !found; f++) {
		char *text = NULL;
		bool deb822 = strstr(files.v[f], ".sources") != NULL;

		if (fsb_read_file(files.v[f], &text))
			continue;
		if (!deb822) {
			/* deb [options] uri suite components… */
			for (char *l = strtok(text, "\n"); l && !found; l = strtok(NULL, "\n")) {
				char uri[512], s[128];
				char *p = l;

				while (*p == ' ')
					p++;
				if (strncmp(p, "deb ", 4))
					continue;
				p += 4;
				if (*p == '[') {
					p = strchr(p, ']');
					if (!p)
						continue;
					p++;
				}
				if (sscanf(p, "%511s %127s", uri, s) == 2 && strcmp(s, suite) == 0)
					found = fsb_xstrdup(uri);
			}
		} else {
			/* stanzas of "Key: value" separated by blank lines */
			char *save = NULL;

			for (char *st = text; st && *st && !found;) {
				char *end = strstr(st, "\n\n");
				char *types = NULL, *uris = NULL, *suites = NULL;
				bool enabled = true;

				if (end)
					*end = '\0';
				for (char *l = strtok_r(st, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
					if (strncmp(l, "Types:", 6) == 0)
						types = l + 6;
					else if (strncmp(l, "URIs:", 5) == 0)
						uris = l + 5;
					else if (strncmp(l, "Suites:", 7) == 0)
						suites = l + 7;
					else if (strncmp(l, "Enabled:", 8) == 0)
						enabled = !strstr(l + 8, "no");
				}
				if (enabled && types && uris && suites) {
					struct fsb_strv t = { 0 }, u = { 0 }, s = { 0 };

					fsb_strv_split(&t, types, ' ');
					fsb_strv_split(&u, uris, ' ');
					fsb_strv_split(&s, suites, ' ');
					if (fsb_strv_contains(&t, "deb") && fsb_strv_contains(&s, suite) && u.n)
						found = fsb_xstrdup(u.v[0]);
					fsb_strv_free(&t);
					fsb_strv_free(&u);
					fsb_strv_free(&s);
				}
				st = end ? end + 2 : NULL;
			}
		}
		free(text);
	}
	fsb_strv_free(&files);
	return found;
}

void fsb_workload_init(struct fsb_workload *w, const struct fsb_config *cfg,
		       const struct fsb_size_profile *p)
{
	char arch[32] = "native";
	char *karch = NULL, *kernel = NULL;
	bool want_kernel = strcmp(p->source, "kernel") == 0;

	memset(w, 0, sizeof(*w));
	w->cache_dir = fsb_workload_cache_dir(cfg);

	/* --- source tree --- */
	if (strcmp(p->source, "auto") == 0 || want_kernel)
		kernel = kernel_tarball();
	if (kernel) {
		w->src = kernel;
		w->treename = tar_topdir(kernel);
		w->kconfig = fsb_xstrdup(p->kconfig);
		w->describe = fsb_xasprintf("kernel source %s, make %s", kernel, p->kconfig);
	} else if (want_kernel) {
		fsb_err_set(&w->tree_why, -ENOENT, "profile %s needs the kernel source: apt-get install linux-source",
			    p->name);
		w->kconfig = fsb_xstrdup(p->kconfig);
	} else {
		char *tar = tree_tarball(w, p);

		w->treename = fsb_xasprintf("fsb-tree-s%ld", p->tree_seed);
		/* the generated tree's Makefile knows one config target */
		w->kconfig = fsb_xstrdup("defconfig");
		if (p->compile_units)
			w->describe = fsb_xasprintf("generated source tree, seed %ld, %ld files, %ld compiled",
						    p->tree_seed, p->tree_files, p->compile_units);
		else
			w->describe = fsb_xasprintf("generated source tree, seed %ld, %ld files", p->tree_seed,
						    p->tree_files);
		w->generated = true;
		if (exists(tar))
			w->src = tar;
		else {
			fsb_err_set(&w->tree_why, -ENOENT, "the generated source tree %s is not made yet", tar);
			free(tar);
		}
	}

	/* --- debootstrap tarball --- */
	w->deb_suite = *p->deb_suite ? fsb_xstrdup(p->deb_suite) : fsb_sysinfo_codename();
	if (!w->deb_suite)
		w->deb_suite = fsb_xstrdup("stable");
	{
		char *out = NULL;

		if (fsb_proc_run("dpkg --print-architecture", NULL, NULL, &out, NULL) == 0 && out) {
			karch = fsb_xstrdup(fsb_last_line(out));
			snprintf(arch, sizeof(arch), "%s", karch);
		}
		free(out);
	}
	w->deb_args = fsb_xasprintf("%s%s%s", *p->deb_variant ? "--variant=" : "", p->deb_variant,
				    p->deb_foreign ? " --foreign" : "");
	{
		char *tgz = fsb_xasprintf("%s/debootstrap-%s-%s-%s.tgz", w->cache_dir, w->deb_suite,
					  *p->deb_variant ? p->deb_variant : "default", arch);
		char *mirror = apt_mirror(w->deb_suite);

		w->deb_make_cmd = fsb_xasprintf("debootstrap %s%s --make-tarball=%s %s %s/debootstrap-work %s",
						*p->deb_variant ? "--variant=" : "", p->deb_variant, tgz,
						w->deb_suite, w->cache_dir,
						mirror ? mirror : "http://deb.debian.org/debian");
		free(mirror);
		if (exists(tgz))
			w->debtarball = tgz;
		else {
			fsb_err_set(&w->deb_why, -ENOENT, "no debootstrap tarball yet; make it once with %s (runs: %s)",
				    fsb_opt_say(FSB_SAY_PREPARE_DEB, p->name), w->deb_make_cmd);
			free(tgz);
		}
	}
	free(karch);
}

void fsb_workload_tree_spec(const struct fsb_size_profile *p, struct fsb_tree_spec *spec)
{
	memset(spec, 0, sizeof(*spec));
	spec->seed = (unsigned long)p->tree_seed;
	spec->files = p->tree_files;
	spec->units = p->compile_units;
}

static int tree_progress(void *arg, long done, long total)
{
	const atomic_bool *cancel = arg;

	(void)done;
	(void)total;
	return cancel && atomic_load(cancel);
}

static int make_tree(struct fsb_workload *w, const struct fsb_size_profile *p,
		     const atomic_bool *cancel, void (*log)(void *, const char *), void *arg)
{
	char *tar = tree_tarball(w, p);
	char *tmpdir = fsb_xasprintf("%s/tree.XXXXXX", w->cache_dir);
	char *cmd = NULL, *qdir = NULL, *qtmp = NULL;
	struct fsb_tree_spec spec;
	int rc;

	fsb_workload_tree_spec(p, &spec);
	spec.name = w->treename;
	spec.progress = tree_progress;
	spec.progress_arg = (void *)cancel;

	rc = fsb_mkdir_p(w->cache_dir, 0755);
	if (rc) {
		fsb_err_set(&w->tree_why, rc, "cannot create %s: %s", w->cache_dir, strerror(-rc));
		goto out;
	}
	if (!mkdtemp(tmpdir)) {
		rc = fsb_err_set(&w->tree_why, -errno, "cannot create a directory in %s: %s", w->cache_dir,
				 strerror(errno));
		goto out;
	}
	if (log) {
		char *msg = fsb_xasprintf("generating the source tree (seed %ld, %ld files) in %s",
					  p->tree_seed, p->tree_files, w->cache_dir);

		log(arg, msg);
		free(msg);
	}
	rc = fsb_treegen_write(tmpdir, &spec, &w->tree_why);
	if (rc == -EINVAL) {
		/* a spec the generator refuses is the profile's: say where it is */
		char *why = fsb_xstrdup(w->tree_why.msg);

		fsb_err_set(&w->tree_why, rc, "%s: profile \"%s\": %s", p->origin ? p->origin : "?", p->name, why);
		free(why);
	}
	if (rc)
		goto out;
	qdir = fsb_shell_quote(tmpdir);
	qtmp = fsb_shell_quote(tar);
	/* reproducible archive: same bytes for the same tree on every machine */
	cmd = fsb_xasprintf("tar -C %s --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner "
			    "-czf %s.%d.tmp %s && mv %s.%d.tmp %s", qdir, qtmp, (int)getpid(),
			    w->treename, qtmp, (int)getpid(), qtmp);
	rc = fsb_proc_run(cmd, NULL, cancel, NULL, &w->tree_why);
	if (rc)
		goto out;
	free(w->src);
	w->src = tar;
	tar = NULL;
	fsb_err_clear(&w->tree_why);
out:
	if (tmpdir[strlen(tmpdir) - 1] != 'X')
		fsb_rm_rf(tmpdir);
	free(tmpdir);
	free(tar);
	free(cmd);
	free(qdir);
	free(qtmp);
	return rc;
}

static int make_debtarball(struct fsb_workload *w, const atomic_bool *cancel,
			   void (*log)(void *, const char *), void *arg)
{
	struct fsb_err e = { 0 };
	char *out = NULL, *work = fsb_xasprintf("%s/debootstrap-work", w->cache_dir);
	int rc;

	if (!fsb_have_program("debootstrap"))
		return fsb_err_set(&w->deb_why, -ENOENT, "debootstrap is not installed (apt-get install debootstrap)");
	rc = fsb_mkdir_p(w->cache_dir, 0755);
	if (rc)
		return fsb_err_set(&w->deb_why, rc, "cannot create %s: %s", w->cache_dir, strerror(-rc));
	if (log)
		log(arg, w->deb_make_cmd);
	fsb_rm_rf(work);
	rc = fsb_proc_run(w->deb_make_cmd, NULL, cancel, &out, &e);
	fsb_rm_rf(work);
	free(work);
	free(out);
	if (rc) {
		fsb_err_set(&w->deb_why, rc, "could not make the debootstrap tarball (no network?): %s; retry with 'fsbench prepare deb'",
			    e.msg);
		return rc;
	}
	{
		const char *p = strstr(w->deb_make_cmd, "--make-tarball=");
		char path[4096];

		sscanf(p + 15, "%4095s", path);
		free(w->debtarball);
		w->debtarball = fsb_xstrdup(path);
	}
	fsb_err_clear(&w->deb_why);
	return 0;
}

int fsb_workload_provide(struct fsb_workload *w, const struct fsb_config *cfg,
			 const struct fsb_size_profile *p, const struct fsb_strv *needs,
			 bool make_deb, const atomic_bool *cancel,
			 void (*log)(void *arg, const char *line), void *arg)
{
	int rc = 0;

	(void)cfg;
	if (fsb_strv_contains(needs, "tree") && !w->src && strcmp(p->source, "kernel") != 0) {
		rc = make_tree(w, p, cancel, log, arg);
		if (rc == -ECANCELED)
			return rc;
	}
	if (fsb_strv_contains(needs, "debtarball") && !w->debtarball && make_deb) {
		rc = make_debtarball(w, cancel, log, arg);
		if (rc == -ECANCELED)
			return rc;
	}
	w->provided = true;
	return 0;
}

int fsb_workload_need(const struct fsb_workload *w, const char *need, struct fsb_err *why)
{
	if (strcmp(need, "tree") == 0) {
		if (w->src)
			return 0;
		return fsb_err_set(why, -ENOENT, "%s", w->tree_why.msg[0] ? w->tree_why.msg : "no source tree");
	}
	if (strcmp(need, "debtarball") == 0) {
		if (w->debtarball)
			return 0;
		return fsb_err_set(why, -ENOENT, "%s", w->deb_why.msg[0] ? w->deb_why.msg : "no debootstrap tarball");
	}
	if (!fsb_have_program(need))
		return fsb_err_set(why, -ENOENT, "%s is not installed", need);
	return 0;
}

void fsb_workload_free(struct fsb_workload *w)
{
	free(w->cache_dir);
	free(w->src);
	free(w->treename);
	free(w->kconfig);
	free(w->describe);
	free(w->debtarball);
	free(w->deb_suite);
	free(w->deb_args);
	free(w->deb_make_cmd);
	memset(w, 0, sizeof(*w));
}
