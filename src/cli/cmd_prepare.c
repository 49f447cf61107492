/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench prepare — make the cached workloads ahead of time (the only step
 * that may need the network), so that runs are offline. */
#include <getopt.h>
#include <string.h>

#include "cli/cmd.h"
#include "engine/workload.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench prepare [--profile NAME] [tree|deb]...\n"
		"Makes the workloads of a size profile and caches them: the generated source\n"
		"tree tarball (tree) and the debootstrap base-system tarball (deb, downloads\n"
		"about 40 MB once from the machine's APT mirror).  Without arguments: both.\n");
}

static void say(void *arg, const char *line)
{
	(void)arg;
	printf("  %s\n", line);
	fflush(stdout);
}

int fsb_cmd_prepare(struct fsb_app *cli, int argc, char **argv)
{
	static const struct fsb_cli_opt opts[] = {
		{ "profile", 'P', FSB_CLI_STR, 0, NULL, NULL },	/* args: pname itself */
		{ NULL },
	};
	const struct fsb_config *cfg = fsb_app_config(cli);
	const struct fsb_size_profile *prof;
	const char *pname = NULL;
	struct fsb_strv needs = { 0 };
	struct fsb_workload wl;
	struct fsb_err why = { 0 };
	int rc = fsb_cli_options(argc, argv, opts, &pname, usage);

	if (rc >= 0)
		return rc;
	rc = FSB_EXIT_OK;
	if (!cfg)
		return FSB_EXIT_USAGE;
	prof = fsb_config_profile(cfg, pname ? pname : cfg->defaults.profile);
	if (!prof) {
		fsb_app_error("prepare: unknown profile '%s'", pname);
		return FSB_EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++) {
		if (strcmp(argv[i], "tree") == 0)
			fsb_strv_add(&needs, "tree");
		else if (strcmp(argv[i], "deb") == 0)
			fsb_strv_add(&needs, "debtarball");
		else {
			fsb_app_error("prepare: '%s': expected tree or deb", argv[i]);
			fsb_strv_free(&needs);
			return FSB_EXIT_USAGE;
		}
	}
	if (!needs.n) {
		fsb_strv_add(&needs, "tree");
		fsb_strv_add(&needs, "debtarball");
	}
	fsb_workload_init(&wl, cfg, prof);
	printf("fsbench: preparing the workloads of profile %s in %s\n", prof->name, wl.cache_dir);
	fsb_workload_provide(&wl, cfg, prof, &needs, true, NULL, say, NULL);
	for (size_t i = 0; i < needs.n; i++) {
		if (fsb_workload_need(&wl, needs.v[i], &why)) {
			fsb_app_error("prepare: %s", why.msg);
			rc = FSB_EXIT_FAILED;
		} else {
			printf("  %s: %s\n", needs.v[i], strcmp(needs.v[i], "tree") ? wl.debtarball : wl.src);
		}
	}
	fsb_workload_free(&wl);
	fsb_strv_free(&needs);
	return rc;
}
