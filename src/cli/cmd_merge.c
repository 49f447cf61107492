/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench merge — several result files of one benchmark as one (src/model/merge.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "model/merge.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench merge FILE FILE... -o OUT\n"
		"Combines result files of the same benchmark into one: the runs of each\n"
		"filesystem and phase are put together, so two sessions of --repeat 3 give\n"
		"cells of six runs, and a filesystem run on another day joins the others.\n"
		"The files must have the same phases (and phase commands), size profile,\n"
		"workload, host, kernel and target; otherwise nothing is written and the\n"
		"reason is printed.  OUT is written atomically; it may be one of the inputs.\n"
		"\n"
		"  -o, --output OUT   the merged result file (required)\n");
}

int fsb_cmd_merge(struct fsb_app *cli, int argc, char **argv)
{
	static const struct fsb_cli_opt opts[] = {
		{ "output", 'o', FSB_CLI_STR, 0, NULL, "-o OUT is required" },	/* args: out itself */
		{ NULL },
	};
	struct fsb_result **res = NULL, *merged = NULL;
	const char **labels = NULL;
	const char *out = NULL;
	struct fsb_err err = { 0 };
	int n = 0, rc = fsb_cli_options(argc, argv, opts, &out, usage);

	if (rc >= 0)
		return rc;
	rc = FSB_EXIT_OK;
	if (argc - optind < 2)
		return fsb_cli_usage_error("merge", "give at least two result files");
	n = argc - optind;
	rc = fsb_cli_read_results("merge", argv + optind, (size_t)n, &res, &labels);
	if (rc)
		goto out;
	/* merge names its inputs by the paths given */
	for (int i = 0; i < n; i++)
		labels[i] = argv[optind + i];
	if (fsb_result_merge((const struct fsb_result *const *)res, labels, (size_t)n, &merged, &err)) {
		fsb_app_error("merge: %s", err.msg);
		rc = FSB_EXIT_USAGE;
		goto out;
	}
	{
		/* the file says how it was made, after the runs that made it */
		char *self = fsb_app_command_line(cli);
		char *cmd = fsb_xasprintf("%s%s%s", merged->command ? merged->command : "",
					  merged->command ? "\n" : "", self);

		free(merged->command);
		merged->command = cmd;
		free(self);
	}
	if ((rc = fsb_result_write(merged, out, &err))) {
		fsb_app_error("merge: %s", err.msg);
		/* too much for a result file, -o naming a directory, a device or
		 * a missing directory, a full disk: the output failed (app.h) */
		rc = FSB_EXIT_USAGE;
		goto out;
	}
	printf("%s: %d files, %zu filesystem%s, up to %ld run%s per phase\n", out, n, merged->nfs,
	       merged->nfs == 1 ? "" : "s", merged->repeat, merged->repeat == 1 ? "" : "s");
out:
	fsb_result_free(merged);
	fsb_cli_free_results(res, labels, (size_t)n);
	return rc;
}
