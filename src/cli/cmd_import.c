/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench import — bonnie++ CSV and fio JSON as a result file (model/import.h). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "model/import.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench import [OPTIONS] -o OUT FILE...\n"
		"Reads other benchmarks' results and writes them as an fsbench result file,\n"
		"which show, export, merge, show A B and the terminal interface read like a\n"
		"run of fsbench's own:\n"
		"  bonnie++ CSV (bonnie++ -q, or bon_csv2txt's input): one filesystem per\n"
		"    line; the 27-field lines of bonnie++ 1.03 and the 1.98 lines of\n"
		"    bonnie++ 1.98 to 2.00a.  Each test becomes the built-in phase of the\n"
		"    same name (block-write, seq-create …); +++++ is \"not measured\".\n"
		"  fio --output-format=json: one filesystem per file, one phase per job and\n"
		"    direction (JOB-read, JOB-write): bandwidth, IOPS, %%CPU, latencies.\n"
		"FILE is a regular file of at most %d MiB, or - for standard input.\n"
		"\n"
		"  -o, --output OUT        the result file to write (required)\n"
		"  -f, --format F          bonnie or fio (default: fio if FILE starts with '{')\n"
		"  -l, --label A,B,...     filesystem names, one per bonnie++ line or fio file,\n"
		"                          in order (default: bonnie++'s machine field, the fio\n"
		"                          file's name)\n"
		"  -b, --baseline FS       the filesystem the tables normalize to (default: the\n"
		"                          first)\n"
		"  -t, --title TEXT        a title for the result\n"
		"      --tool-version V    the bonnie++ version of 27-field lines, which do not\n"
		"                          say it (e.g. 1.03)\n"
		"\n"
		"Bad input is one line naming the file and line, exit status 2, and nothing\n"
		"is written.\n", FSB_IMPORT_MAX_BYTES >> 20);
}

struct import_args {
	enum fsb_import_format fmt;
	struct fsb_import_opts io;
	struct fsb_strv labels;
	const char *out, *baseline, *title;
};

/* --format: bonnie or fio. */
static int take_format(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	if (fsb_import_format_parse(arg, field)) {
		fsb_app_error("%s: --format %s: expected bonnie or fio", cmd, arg);
		return -1;
	}
	return 0;
}

/* --label A,B,...: the names, added to those of earlier --labels.  An
 * empty one is refused: the split drops it, and ",b" named the first
 * filesystem b, the label meant for the second. */
static int take_labels(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	struct fsb_strv *labels = field;
	size_t k = 1;

	for (const char *p = arg;; p++, k++) {
		size_t n = strcspn(p, ",");

		if (strspn(p, " \t") >= n) {
			fsb_app_error("%s: --label '%s': label %zu is empty; give every filesystem a name", cmd, arg, k);
			return -1;
		}
		p += n;
		if (!*p)
			break;
	}
	fsb_strv_split(labels, arg, ',');
	return 0;
}

/* The options into a; -1 to go on, or the exit status of a usage error
 * or --help. */
static int parse_options(int argc, char **argv, struct import_args *a)
{
	static const struct fsb_cli_opt opts[] = {
		{ "output", 'o', FSB_CLI_STR, offsetof(struct import_args, out), NULL, "-o OUT is required" },
		{ "format", 'f', FSB_CLI_TAKE, offsetof(struct import_args, fmt), take_format, NULL },
		{ "label", 'l', FSB_CLI_TAKE, offsetof(struct import_args, labels), take_labels, NULL },
		{ "baseline", 'b', FSB_CLI_STR, offsetof(struct import_args, baseline), NULL, NULL },
		{ "title", 't', FSB_CLI_STR, offsetof(struct import_args, title), NULL, NULL },
		{ "tool-version", 0, FSB_CLI_STR, offsetof(struct import_args, io.tool_version), NULL, NULL },
		{ .name = NULL, .required = "no file to import given" },
	};

	return fsb_cli_options(argc, argv, opts, a, usage);
}

int fsb_cmd_import(struct fsb_app *cli, int argc, char **argv)
{
	struct import_args a = { .fmt = FSB_IMPORT_AUTO };
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };
	int rc = parse_options(argc, argv, &a);

	if (rc >= 0)
		goto out;
	if ((rc = fsb_cli_output_is_input("import", a.out, argv + optind, (size_t)(argc - optind))) >= 0)
		goto out;
	rc = FSB_EXIT_USAGE;
	a.io.labels = (const char *const *)a.labels.v;
	a.io.nlabels = a.labels.n;
	res = fsb_import_new();
	for (int i = optind; i < argc; i++) {
		if (fsb_import_file(res, argv[i], a.fmt, &a.io, &err)) {
			fsb_app_error("import: %s", err.msg);
			goto out;
		}
	}
	if (fsb_import_finish(res, a.baseline, &a.io, &err)) {
		fsb_app_error("import: %s", err.msg);
		goto out;
	}
	if (a.title)
		res->title = fsb_xstrdup(a.title);
	else
		res->title = fsb_xasprintf("%s %s results, imported", res->source_tool, res->source_version);
	res->command = fsb_app_command_line(cli);
	if ((rc = fsb_result_write(res, a.out, &err))) {
		fsb_app_error("import: %s", err.msg);
		/* too much for a result file, -o naming a directory, a device or
		 * a missing directory, a full disk: the output failed (app.h) */
		rc = FSB_EXIT_USAGE;
		goto out;
	}
	if (a.io.renamed)
		fprintf(stderr, "fsbench: import: filesystems with the same name were numbered; "
			"name them with --label\n");
	printf("%s: %s %s, %zu filesystem%s, %zu phase%s\n", a.out, res->source_tool, res->source_version, res->nfs,
	       res->nfs == 1 ? "" : "s", res->phase_order.n, res->phase_order.n == 1 ? "" : "s");
	rc = FSB_EXIT_OK;
out:
	fsb_result_free(res);
	fsb_strv_free(&a.labels);
	return rc;
}
