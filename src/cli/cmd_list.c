/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench list — what the config defines and what this machine can run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "doc/configdoc.h"
#include "doc/json.h"

static void usage(FILE *fp)
{
	fprintf(fp, "Usage: fsbench list [--json] [filesystems|phases|profiles]\n"
		"Lists the filesystem profiles (with whether this machine can test them, and\n"
		"why not), the phases (with what must run before each on the same\n"
		"filesystem) and the size profiles of the configuration.\n"
		"\n"
		"  -j, --json   as JSON, the fields apart (doc/json.md)\n");
}

int fsb_cmd_list(struct fsb_app *cli, int argc, char **argv)
{
	static const struct fsb_cli_opt opts[] = {
		{ "json", 'j', FSB_CLI_TRUE, 0, NULL, NULL },	/* args: the bool json itself */
		{ NULL },
	};
	const struct fsb_config *cfg;
	const char *what = NULL;
	struct fsb_json *j = NULL;
	struct fsb_err err = { 0 };
	struct fsb_buf text = { 0 };
	enum fsb_configdoc_list which = 0;
	bool json = false;
	int rc = fsb_cli_options(argc, argv, opts, &json, usage);

	if (rc >= 0)
		return rc;
	if (optind < argc)
		what = argv[optind++];
	for (which = 0; what && which < FSB_CONFIGDOC_COUNT; which++)
		if (strcmp(what, fsb_configdoc_name(which)) == 0)
			break;
	if (optind < argc || which == FSB_CONFIGDOC_COUNT) {
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
	/* one table per list, which the text and the JSON both walk */
	for (enum fsb_configdoc_list k = 0; k < FSB_CONFIGDOC_COUNT; k++) {
		struct fsb_table t;

		if (what && k != which)
			continue;
		fsb_configdoc_table(cfg, k, &t);
		if (j)
			fsb_json_table(j, NULL, &t);
		else
			fsb_table_list_text(&t, &text);
		fsb_table_free(&t);
	}
	fputs(text.s ? text.s : "", stdout);
	fsb_buf_free(&text);
	if (j && (fsb_json_write(j, stdout, &err) || fflush(stdout))) {
		fsb_app_error("list: standard output: write error");
		return FSB_EXIT_USAGE;
	}
	return FSB_EXIT_OK;
}
