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
		"      --mann-whitney   test each cell's own runs by Mann-Whitney instead of\n"
		"                       judging the tables as the verdict does\n"
		"  -p, --phase PHASE    svg: the chart of PHASE (or total) instead of the first one\n");
}

/* What export was asked for, from its options. */
struct export_args {
	const struct fsb_export_format *fmt;
	const char *out;
	struct fsb_export_opts eo;
};

/* --format: one of the table's; else one line naming them. */
static int take_format(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	const struct fsb_export_format **fmt = field;

	*fmt = fsb_export_find(arg);
	if (!*fmt) {
		struct fsb_buf b = { 0 };

		for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++)
			fsb_buf_addf(&b, "%s%s", f == fsb_export_formats ? "" : ", ", f->name);
		fsb_app_error("%s: unknown format '%s': expected %s", cmd, arg, b.s ? b.s : "");
		fsb_buf_free(&b);
		return -1;
	}
	return 0;
}

/* The options into a; -1 to go on, or the exit status of a usage error
 * or --help. */
static int parse_options(int argc, char **argv, struct export_args *a)
{
	static const struct fsb_cli_opt opts[] = {
		{ "format", 'f', FSB_CLI_TAKE, offsetof(struct export_args, fmt), take_format,
		  "--format is required" },
		{ "output", 'o', FSB_CLI_STR, offsetof(struct export_args, out), NULL, NULL },
		FSB_CLI_REPORT_OPTIONS(struct export_args, eo.report),
		{ "phase", 'p', FSB_CLI_STR, offsetof(struct export_args, eo.phase), NULL, NULL },
		{ .name = NULL, .required = "no result file given" },
	};
	int rc = fsb_cli_options(argc, argv, opts, a, usage);

	if (rc >= 0)
		return rc;
	if (a->eo.phase && !a->fmt->takes_phase) {
		struct fsb_strv takes = { 0 };
		char *names;

		for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++)
			if (f->takes_phase)
				fsb_strv_add(&takes, f->name);
		names = fsb_strv_join(&takes, " or ");
		fsb_app_error("export: --phase is for --format %s, not %s", names, a->fmt->name);
		free(names);
		fsb_strv_free(&takes);
		return FSB_EXIT_USAGE;
	}
	return -1;
}

int fsb_cmd_export(struct fsb_app *cli, int argc, char **argv)
{
	struct export_args a = { .eo = { .report = { .metric = FSB_METRIC_DEAD } } };
	const struct fsb_export_format *fmt;
	struct fsb_export_opts eo;
	struct fsb_result **res = NULL;
	struct fsb_outfile of = { 0 };
	const char **labels = NULL;
	const char *out;
	char *cmdline = NULL;
	struct fsb_err err = { 0 };
	FILE *fp = stdout;
	int n, rc = parse_options(argc, argv, &a);

	if (rc >= 0)
		return rc;
	rc = FSB_EXIT_OK;
	fmt = a.fmt, out = a.out, eo = a.eo;
	n = argc - optind;
	if ((rc = fsb_cli_output_is_input("export", out, argv + optind, (size_t)n)) >= 0)
		return rc;
	rc = FSB_EXIT_OK;
	if (fsb_cli_rec_config(cli, "export", &eo.rec))
		return FSB_EXIT_USAGE;
	rc = fsb_cli_read_results("export", argv + optind, (size_t)n, &res, &labels);
	if (rc)
		goto out;
	eo.labels = labels;
	eo.command = cmdline = fsb_app_command_line(cli);
	/* a half-written export never replaces a good one, nor /dev/null a file */
	if (out) {
		if ((rc = fsb_outfile_open(&of, out, &err))) {
			fsb_app_error("export: %s", err.msg);
			/* -o naming a directory, a device, a missing directory, a full disk */
			rc = FSB_EXIT_USAGE;
			goto out;
		}
		fp = of.fp;
	}
	errno = 0;
	if (fmt->write(fp, res, (size_t)n, &eo, &err)) {
		/* the writers only know that a write failed: say where, and why */
		if (ferror(fp))
			fsb_app_error("export: cannot write %s: %s", out ? out : "standard output",
				      errno ? strerror(errno) : err.msg);
		else
			fsb_app_error("export: %s", err.msg);
		/* a write that failed, bad input, or nothing to write: what the
		 * result holds cannot be had in this format (bonnie-csv of a
		 * result without built-in phases), a request the input cannot
		 * meet, refused as bad input is, naming the file (app.h) */
		rc = FSB_EXIT_USAGE;
		goto out;
	}
	if (out) {
		if (fsb_outfile_commit(&of, &err)) {
			fsb_app_error("export: %s", err.msg);
			rc = FSB_EXIT_USAGE;
		}
	} else if (fflush(fp)) {
		fsb_app_error("export: write standard output: %s", strerror(errno));
		rc = FSB_EXIT_USAGE;
	}
out:
	fsb_outfile_abort(&of);
	fsb_cli_free_results(res, labels, (size_t)n);
	free(cmdline);
	return rc;
}
