/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench list — what the config defines and what this machine can run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "devices/fs.h"
#include "model/prereq.h"

static void usage(FILE *fp)
{
	fprintf(fp, "Usage: fsbench list [filesystems|phases|profiles]\n"
		"Lists the filesystem profiles (with whether this machine can test them, and\n"
		"why not), the phases (with what must run before each on the same\n"
		"filesystem) and the size profiles of the configuration.\n");
}

static void list_fs(const struct fsb_config *cfg)
{
	printf("Filesystems (%s):\n", cfg->path);
	for (size_t i = 0; i < cfg->nfs; i++) {
		const struct fsb_fs_profile *p = cfg->fs[i];
		struct fsb_err why = { 0 };
		int rc = fsb_fs_available(p, &why);

		printf("  %-16s %-9s %-11s %s\n", p->name, p->type, rc ? "unavailable" : "available",
		       rc ? why.msg : p->description);
	}
}

/* The "requires" column: what must have run before the phase on the same
 * filesystem (model/prereq.h); "a|b" is either. */
static void list_phases(const struct fsb_config *cfg)
{
	printf("Phases:\n");
	printf("  %-12s %-8s %-8s %-12s %s\n", "name", "group", "kind", "requires", "label");
	for (size_t i = 0; i < cfg->nphases; i++) {
		const struct fsb_phase_def *p = cfg->phases[i];
		char *after = fsb_prereq_text(p);

		printf("  %-12s %-8s %-8s %-12s %s%s\n", p->name, p->group,
		       fsb_phase_kind_word(p->kind), *after ? after : "-", p->label,
		       p->empties ? " (empties the filesystem)" : "");
		free(after);
	}
}

static void list_profiles(const struct fsb_config *cfg)
{
	printf("Size profiles:\n");
	for (size_t i = 0; i < cfg->nprofiles; i++) {
		const struct fsb_size_profile *p = cfg->profiles[i];

		printf("  %-10s %s%s\n", p->name, p->description,
		       strcmp(p->name, cfg->defaults.profile) == 0 ? " (default)" : "");
	}
}

int fsb_cmd_list(struct fsb_app *cli, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct fsb_config *cfg;
	const char *what = NULL;
	int c;

	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return FSB_EXIT_OK;
		}
		usage(stderr);
		return FSB_EXIT_USAGE;
	}
	if (optind < argc)
		what = argv[optind++];
	if (optind < argc || (what && strcmp(what, "filesystems") && strcmp(what, "phases") &&
			      strcmp(what, "profiles"))) {
		fsb_app_error("list: expected filesystems, phases or profiles, not '%s'",
			      optind < argc ? argv[optind] : what);
		return FSB_EXIT_USAGE;
	}
	cfg = fsb_app_config(cli);
	if (!cfg)
		return FSB_EXIT_USAGE;
	if (!what || strcmp(what, "filesystems") == 0)
		list_fs(cfg);
	if (!what || strcmp(what, "phases") == 0)
		list_phases(cfg);
	if (!what || strcmp(what, "profiles") == 0)
		list_profiles(cfg);
	return FSB_EXIT_OK;
}
