/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench list — what the config defines and what this machine can run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "devices/fs.h"
#include "doc/json.h"
#include "model/prereq.h"

static void usage(FILE *fp)
{
	fprintf(fp, "Usage: fsbench list [--json] [filesystems|phases|profiles]\n"
		"Lists the filesystem profiles (with whether this machine can test them, and\n"
		"why not), the phases (with what must run before each on the same\n"
		"filesystem) and the size profiles of the configuration.\n"
		"\n"
		"  -j, --json   as JSON, the fields apart (doc/json.md)\n");
}

/* Each list is written as text, or into j (--json) with the same facts. */
static void list_fs(const struct fsb_config *cfg, struct fsb_json *j)
{
	if (j)
		fsb_json_open(j, "filesystems", true);
	else
		printf("Filesystems (%s):\n", cfg->path);
	for (size_t i = 0; i < cfg->nfs; i++) {
		const struct fsb_fs_profile *p = cfg->fs[i];
		struct fsb_err why = { 0 };
		int rc = fsb_fs_available(p, &why);

		if (!j) {
			printf("  %-16s %-9s %-11s %s\n", p->name, p->type, rc ? "unavailable" : "available",
			       rc ? why.msg : p->description);
			continue;
		}
		fsb_json_open(j, NULL, false);
		fsb_json_str(j, "name", p->name);
		fsb_json_str(j, "type", p->type);
		fsb_json_str(j, "description", p->description);
		fsb_json_bool(j, "available", !rc);
		fsb_json_str(j, "reason", rc ? why.msg : NULL);
		fsb_json_str(j, "tool", p->tool && *p->tool ? p->tool : NULL);
		fsb_json_str(j, "package", p->package && *p->package ? p->package : NULL);
		fsb_json_close(j);
	}
	if (j)
		fsb_json_close(j);
}

/* The "requires" column: what must have run before the phase on the same
 * filesystem (model/prereq.h); "a|b" is either. */
static void list_phases(const struct fsb_config *cfg, struct fsb_json *j)
{
	if (j) {
		fsb_json_open(j, "phases", true);
	} else {
		printf("Phases:\n");
		printf("  %-12s %-8s %-8s %-12s %s\n", "name", "group", "kind", "requires", "label");
	}
	for (size_t i = 0; i < cfg->nphases; i++) {
		const struct fsb_phase_def *p = cfg->phases[i];
		char *after = fsb_prereq_text(p);

		if (j) {
			fsb_json_open(j, NULL, false);
			fsb_json_str(j, "name", p->name);
			fsb_json_str(j, "group", p->group);
			fsb_json_str(j, "kind", fsb_phase_kind_word(p->kind));
			/* one entry per prerequisite, each the phases any of which will do */
			fsb_json_open(j, "requires", true);
			for (size_t k = 0; k < p->requires.n; k++) {
				struct fsb_strv alt = { 0 };

				fsb_strv_split(&alt, p->requires.v[k], '|');
				fsb_json_strv(j, NULL, &alt);
				fsb_strv_free(&alt);
			}
			fsb_json_close(j);
			fsb_json_str(j, "label", p->label);
			fsb_json_bool(j, "empties", p->empties);
			fsb_json_close(j);
			free(after);
			continue;
		}
		printf("  %-12s %-8s %-8s %-12s %s%s\n", p->name, p->group,
		       fsb_phase_kind_word(p->kind), *after ? after : "-", p->label,
		       p->empties ? " (empties the filesystem)" : "");
		free(after);
	}
	if (j)
		fsb_json_close(j);
}

static void list_profiles(const struct fsb_config *cfg, struct fsb_json *j)
{
	if (j)
		fsb_json_open(j, "profiles", true);
	else
		printf("Size profiles:\n");
	for (size_t i = 0; i < cfg->nprofiles; i++) {
		const struct fsb_size_profile *p = cfg->profiles[i];

		if (j) {
			fsb_json_open(j, NULL, false);
			fsb_json_str(j, "name", p->name);
			fsb_json_str(j, "description", p->description);
			fsb_json_bool(j, "default", strcmp(p->name, cfg->defaults.profile) == 0);
			fsb_json_close(j);
			continue;
		}
		printf("  %-10s %s%s\n", p->name, p->description,
		       strcmp(p->name, cfg->defaults.profile) == 0 ? " (default)" : "");
	}
	if (j)
		fsb_json_close(j);
}

int fsb_cmd_list(struct fsb_app *cli, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const struct fsb_config *cfg;
	const char *what = NULL;
	struct fsb_json *j = NULL;
	struct fsb_err err = { 0 };
	bool json = false;
	int c;

	while ((c = getopt_long(argc, argv, "jh", opts, NULL)) != -1) {
		if (c == 'j') {
			json = true;
			continue;
		}
		return fsb_cli_help_or_usage(c, usage);
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
	if (json) {
		j = fsb_json_new("list");
		fsb_json_str(j, "config", cfg->path);
	}
	if (!what || strcmp(what, "filesystems") == 0)
		list_fs(cfg, j);
	if (!what || strcmp(what, "phases") == 0)
		list_phases(cfg, j);
	if (!what || strcmp(what, "profiles") == 0)
		list_profiles(cfg, j);
	if (j && (fsb_json_write(j, stdout, &err) || fflush(stdout))) {
		fsb_app_error("list: standard output: write error");
		return FSB_EXIT_FAILED;
	}
	return FSB_EXIT_OK;
}
