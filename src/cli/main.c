/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fsbench — which filesystem should I put on this disk?
 *
 * main() only dispatches: global options, then one subcommand from the table
 * below (src/cmd_*.c), or the TUI when there is none.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "ui/tui.h"

struct command {
	const char *name;
	int (*fn)(struct fsb_app *cli, int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
	{ "run",     fsb_cmd_run,     "format the target with each filesystem and time the phases" },
	{ "show",    fsb_cmd_show,    "print the tables of one or more result files" },
	{ "export",  fsb_cmd_export,  "write result files as CSV, Markdown, HTML or bonnie++ CSV" },
	{ "import",  fsb_cmd_import,  "read bonnie++ CSV and fio JSON results into a result file" },
	{ "merge",   fsb_cmd_merge,   "combine result files of the same benchmark into one" },
	{ "devices", fsb_cmd_devices, "list block devices and whether fsbench may format them" },
	{ "list",    fsb_cmd_list,    "list filesystems, phases and profiles, and what is available" },
	{ "prepare", fsb_cmd_prepare, "make the workloads (source tree, debootstrap tarball) ahead of time" },
	{ "cleanup", fsb_cmd_cleanup, "remove what a killed fsbench left: mounts, loop devices, images" },
	{ "list-results", fsb_cmd_list_results, "list the result files of the results directory, as the browser does" },
};

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench [--config FILE] [COMMAND [OPTIONS]]\n"
		"\n"
		"Formats a scratch partition or image file with each candidate filesystem,\n"
		"times the same real-world and bonnie-style phases on each, and shows every\n"
		"table normalized to a baseline filesystem.  Without a command it starts\n"
		"the interactive terminal interface.\n"
		"\n"
		"Commands:\n");
	for (size_t i = 0; i < FSB_ARRAY_SIZE(commands); i++)
		fprintf(fp, "  %-9s %s\n", commands[i].name, commands[i].summary);
	fprintf(fp,
		"\n"
		"Options:\n"
		"  -c, --config FILE  read FILE instead of the system and user fsbench.conf\n"
		"  -h, --help         show this help (fsbench COMMAND --help for a command)\n"
		"  -V, --version      show the version\n"
		"\n"
		"Exit status: 0 success, 1 some phase failed, 2 bad usage or input file, or\n"
		"an output (-o FILE, standard output) that could not be written, 3 target\n"
		"refused, 128+N stopped by signal N.  See fsbench(1).\n");
}

/* What a command printed is only known to be lost when standard output is
 * flushed: `fsbench show R > report.txt` on a full disk ended with exit
 * status 0 and half a report.  An output that cannot be written is exit
 * status 2, as bad input is (app.h).  A command that already failed said
 * why. */
static int check_stdout(const char *cmd, int rc)
{
	errno = 0;
	if ((fflush(stdout) || ferror(stdout)) && rc == FSB_EXIT_OK) {
		fsb_app_error("%s: standard output: %s", cmd, errno ? strerror(errno) : "write error");
		rc = FSB_EXIT_USAGE;
	}
	return rc;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "config", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct fsb_app cli = { .argc = argc, .argv = argv };
	int c, rc;

	setlocale(LC_ALL, "");
	/* numbers in result files, CSV and SVG are read by programs: always "1.5" */
	setlocale(LC_NUMERIC, "C");
	/* '+': stop at the command name; its options are its own */
	opterr = 0;	/* a refused option is one line of ours, naming no binary's path */
	while ((c = getopt_long(argc, argv, "+:c:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
			cli.config_path = optarg;
			break;
		case 'h':
			usage(stdout);
			return FSB_EXIT_OK;
		case 'V':
			printf("fsbench %s\n", FSB_VERSION);
			return FSB_EXIT_OK;
		default:
			return fsb_cli_getopt_refused(NULL, c, argv);
		}
	}
	if (optind >= argc) {
		/* before the screen is taken: what a killed run left, said on stderr */
		fsb_cli_cleanup_dead(stderr, true);
		rc = ui_tui_main(&cli);
		goto out;
	}
	for (size_t i = 0; i < FSB_ARRAY_SIZE(commands); i++) {
		if (strcmp(argv[optind], commands[i].name) == 0) {
			int sub_argc = argc - optind;
			char **sub_argv = argv + optind;

			optind = 0;	/* full getopt reset for the command */
			/* the library's messages name options the way this user gives them */
			fsb_opt_set_speaker(fsb_cli_say);
			rc = commands[i].fn(&cli, sub_argc, sub_argv);
			rc = check_stdout(commands[i].name, rc);
			goto out;
		}
	}
	if (strcmp(argv[optind], "help") == 0) {
		usage(stdout);
		return FSB_EXIT_OK;
	}
	fsb_app_error("unknown command '%s'; try 'fsbench --help'", argv[optind]);
	return FSB_EXIT_USAGE;
out:
	fsb_app_free(&cli);
	return rc;
}
