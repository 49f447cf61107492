/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench export — result files in other formats (src/doc/export.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "doc/export.h"

static void usage(FILE *fp)
{
	fprintf(fp, "Usage: fsbench export --format FORMAT [-o OUT] [--metric M] [--baseline FS]\n"
		"                      [--mann-whitney] [--phase PHASE] FILE...\n"
		"Writes result files in another format (to standard output without -o):\n");
	for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++)
		fprintf(fp, "  %-11s %s\n", f->name, f->summary);
	fprintf(fp, "\n"
		"  -f, --format FORMAT  one of the formats above\n"
		"  -o, --output OUT     write OUT (whole or not at all) instead of standard output\n"
		"  -m, --metric M       tables and charts: dead (default), real, usr, sys, sync\n"
		"  -b, --baseline FS    normalize to FS instead of the run's baseline\n"
		"      --mann-whitney   test significance with Mann-Whitney instead of Welch\n"
		"  -p, --phase PHASE    svg: the chart of PHASE (or total) instead of the first one\n");
}

/* The options into fmt, out and eo; false when the command ends here
 * (--help, a usage error) with *status. */
static bool parse_options(int argc, char **argv, const struct fsb_export_format **fmt, const char **out,
			  struct fsb_export_opts *eo, int *status)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		FSB_CLI_REPORT_OPTIONS,
		{ "phase", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	while ((c = getopt_long(argc, argv, "f:o:m:b:p:h", opts, NULL)) != -1) {
		int taken = fsb_cli_report_option("export", c, optarg, &eo->report);

		if (taken < 0)
			return *status = FSB_EXIT_USAGE, false;
		if (taken)
			continue;
		switch (c) {
		case 'f':
			*fmt = fsb_export_find(optarg);
			if (!*fmt) {
				fsb_app_error("export: unknown format '%s'", optarg);
				usage(stderr);
				return *status = FSB_EXIT_USAGE, false;
			}
			break;
		case 'o':
			*out = optarg;
			break;
		case 'p':
			eo->phase = optarg;
			break;
		default:	/* -h, --help, or an option getopt refused */
			return *status = fsb_cli_help_or_usage(c, usage), false;
		}
	}
	if (!*fmt || optind >= argc) {
		fsb_app_error("export: %s", !*fmt ? "--format is required" : "no result file given");
		usage(stderr);
		return *status = FSB_EXIT_USAGE, false;
	}
	if (eo->phase && !(*fmt)->takes_phase) {
		struct fsb_strv takes = { 0 };
		char *names;

		for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++)
			if (f->takes_phase)
				fsb_strv_add(&takes, f->name);
		names = fsb_strv_join(&takes, " or ");
		fsb_app_error("export: --phase is for --format %s, not %s", names, (*fmt)->name);
		free(names);
		fsb_strv_free(&takes);
		return *status = FSB_EXIT_USAGE, false;
	}
	return true;
}

int fsb_cmd_export(struct fsb_app *cli, int argc, char **argv)
{
	const struct fsb_export_format *fmt = NULL;
	struct fsb_export_opts eo = { .report = { .metric = FSB_METRIC_DEAD } };
	struct fsb_result **res = NULL;
	const char **labels = NULL;
	const char *out = NULL;
	char *tmp = NULL, *cmdline = NULL;
	struct fsb_err err = { 0 };
	FILE *fp = stdout;
	int n, rc = FSB_EXIT_OK;

	if (!parse_options(argc, argv, &fmt, &out, &eo, &rc))
		return rc;
	n = argc - optind;
	if (fsb_cli_rec_config(cli, "export", &eo.rec))
		return FSB_EXIT_USAGE;
	rc = fsb_cli_read_results("export", argv + optind, (size_t)n, &res, &labels);
	if (rc)
		goto out;
	eo.labels = labels;
	eo.command = cmdline = fsb_app_command_line(cli);
	if (out) {
		/* a half-written export never replaces a good one */
		int fd;

		tmp = fsb_xasprintf("%s.tmp.XXXXXX", out);
		fd = mkstemp(tmp);
		if (fd < 0 || !(fp = fdopen(fd, "w"))) {
			fsb_app_error("export: cannot create %s: %s", out, strerror(errno));
			if (fd >= 0)
				close(fd);
			fp = NULL;
			rc = FSB_EXIT_FAILED;
			goto out;
		}
	}
	if (fmt->write(fp, res, (size_t)n, &eo, &err)) {
		fsb_app_error("export: %s", err.msg);
		rc = err.code == -EINVAL ? FSB_EXIT_USAGE : FSB_EXIT_FAILED;
	}
	if (fflush(fp) && !rc) {
		fsb_app_error("export: write %s: %s", out ? out : "standard output", strerror(errno));
		rc = FSB_EXIT_FAILED;
	}
out:
	if (tmp) {
		if (fp && fclose(fp) && !rc)
			rc = FSB_EXIT_FAILED;
		if (!rc && rename(tmp, out)) {
			fsb_app_error("export: cannot write %s: %s", out, strerror(errno));
			rc = FSB_EXIT_FAILED;
		}
		if (rc)
			unlink(tmp);
		free(tmp);
	}
	fsb_cli_free_results(res, labels, (size_t)n);
	free(cmdline);
	return rc;
}
