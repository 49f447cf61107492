/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench cleanup — find what a killed fsbench left (mounts, loop devices,
 * image files, directories) and remove it: only what that run's state file
 * recorded, never anything else (engine/leftovers.h).  `fsbench run` and the
 * TUI do the same when they start. */
#include <getopt.h>

#include "cli/cmd.h"
#include "engine/leftovers.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench cleanup\n"
		"Finds what a killed fsbench left behind (kill -9, an OOM kill): its mounts,\n"
		"loop devices, image files, mount points and work directories, as its state\n"
		"file in %s lists them, and removes them.  A run still alive is left\n"
		"alone, and so is everything fsbench did not create.  `fsbench run` and the\n"
		"TUI do this too when they start.  Exit status 0, or 1 when something could\n"
		"not be removed.\n", fsb_leftovers_dir() ? fsb_leftovers_dir() : "/run/fsbench");
}

int fsb_cli_cleanup_dead(FILE *fp, bool quiet_when_none)
{
	struct fsb_strv said = { 0 };
	struct fsb_err err = { 0 };
	enum fsb_cleanup_status status;
	int n = fsb_leftovers_cleanup(&said, &status, &err);

	if (n < 0) {
		fsb_app_error("cleanup: %s", err.msg);
		return FSB_EXIT_FAILED;
	}
	if (n)
		fprintf(fp, "fsbench: %d killed fsbench run%s left things behind; removed:\n", n,
			n == 1 ? "" : "s");
	else if (!quiet_when_none && fsb_leftovers_dir())
		fprintf(fp, "fsbench: nothing left behind by a killed fsbench (state files in %s)\n",
			fsb_leftovers_dir());
	else if (!quiet_when_none)
		fprintf(fp, "fsbench: nothing to look at: no state directory (not root, and no "
			"XDG_RUNTIME_DIR)\n");
	for (size_t i = 0; i < said.n; i++)
		fprintf(fp, "  %s\n", said.v[i]);
	fflush(fp);
	fsb_strv_free(&said);
	return status == FSB_CLEANUP_INCOMPLETE ? FSB_EXIT_FAILED : FSB_EXIT_OK;
}

int fsb_cmd_cleanup(struct fsb_app *cli, int argc, char **argv)
{
	static const struct fsb_cli_opt none[] = { { NULL } };
	int rc = fsb_cli_options(argc, argv, none, NULL, usage);

	(void)cli;
	if (rc >= 0)
		return rc;
	if (optind < argc) {
		fsb_app_error("cleanup: unexpected argument '%s'; try 'fsbench cleanup --help'",
			      argv[optind]);
		return FSB_EXIT_USAGE;
	}
	return fsb_cli_cleanup_dead(stdout, false);
}
