/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench show — the tables of one result file, or a comparison of several. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "model/history.h"
#include "doc/render.h"
#include "doc/document.h"
#include "doc/json.h"
#include "doc/report.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench show [OPTIONS] FILE [FILE...]\n"
		"Prints the tables of a result file as seed 000 published them: the summary\n"
		"(one metric, every phase, normalized to the baseline), a verdict, then one\n"
		"table per phase with usr, sys, sync, dead and real, in seconds and\n"
		"normalized, sorted by real time.  With several files, one comparison table.\n"
		"A FILE of - is standard input.\n"
		"\n"
		"  -m, --metric M      summary metric: dead (default), real, usr, sys, sync\n"
		"  -b, --baseline FS   normalize to FS instead of the run's baseline; with\n"
		"                      several files FILE:FS picks the file (as labelled)\n"
		"  -r, --raw           also print every repetition (seed 004's tables) and the\n"
		"                      statistics of each cell: mean, 95%% CI, median, sd, CV,\n"
		"                      min, max, outliers; mkfs, mount and umount times and\n"
		"                      the bookkeeping share\n"
		"      --mann-whitney  test each cell's own runs by Mann-Whitney instead of\n"
		"                      judging the tables as the verdict does\n"
		"      --ascii         no Unicode symbols\n"
		"  -j, --json          the same document as JSON, every block with its role and\n"
		"                      numbers as numbers (doc/json.md)\n"
		"      --for USE       recommend a filesystem for this use of the disk: system,\n"
		"                      home, build, scratch, archive, removable (default: the\n"
		"                      one the run was told, else system; doc/recommend.md)\n"
		"      --need F,...    must-haves besides the use's: power-loss, snapshots,\n"
		"                      checksums, compression, or none (default: the run's)\n"
		"      --no-history    judge one result alone: without the earlier runs of its\n"
		"                      plan on this machine found next to it (doc/measurement.md)\n");
}

int fsb_cli_rec_config(struct fsb_app *cli, const char *cmd, struct fsb_rec_opts *rec)
{
	struct fsb_err err = { 0 };

	/* the facts the recommendation weighs are the config's: asked for,
	 * a broken config is an error; otherwise the tables still show */
	if (rec->use || rec->needs_given) {
		rec->cfg = fsb_app_config(cli);
		return rec->cfg ? 0 : -1;
	}
	if (!cli->cfg && fsb_config_load(cli->config_path, &cli->cfg, &err)) {
		fsb_app_error("%s: no recommendation: %s", cmd, err.msg);
		return 0;
	}
	rec->cfg = cli->cfg;
	return 0;
}

void fsb_show_result(FILE *fp, const struct fsb_result *res, const struct fsb_report_opts *o,
		     const struct fsb_rec_opts *rec, bool raw, bool utf8)
{
	struct fsb_render_opts ro = { .utf8 = utf8, .notes = true, .width = 72 };
	struct fsb_doc_opts d = { .report = *o, .raw = raw, .rec = rec ? *rec : (struct fsb_rec_opts){ 0 } };
	struct fsb_doc doc;

	fsb_doc_result(res, &d, &doc);
	fsb_doc_render_text(fp, &doc, &ro);
	fsb_doc_free(&doc);
}

/* --json: the document of one file, or the comparison of several, whole
 * or not at all (a comparison with nothing in common writes nothing). */
static int show_json(struct fsb_result **res, char *const *paths, const char **labels, size_t n,
		     const struct fsb_report_opts *ro, const struct fsb_rec_opts *rec, bool raw)
{
	struct fsb_doc_opts d = { .report = *ro, .raw = raw, .rec = *rec };
	struct fsb_json *j = fsb_json_new("show");
	struct fsb_err err = { 0 };
	struct fsb_doc doc;

	fsb_json_open(j, "files", true);
	for (size_t i = 0; i < n; i++)
		fsb_json_str(j, NULL, paths[i]);
	fsb_json_close(j);
	fsb_json_open(j, "documents", true);
	if (n == 1) {
		fsb_doc_result(res[0], &d, &doc);
		fsb_json_doc(j, NULL, &doc, "result", paths[0]);
	} else if (fsb_doc_compare(res, labels, n, &d, &doc)) {
		fsb_doc_free(&doc);
		fsb_json_free(j);
		fsb_app_error("show: these files have no phase in common");
		return FSB_EXIT_USAGE;
	} else {
		fsb_json_doc(j, NULL, &doc, "comparison", NULL);
	}
	fsb_doc_free(&doc);
	if (fsb_json_write(j, stdout, &err) || fflush(stdout)) {
		fsb_app_error("show: standard output: %s", err.msg[0] ? err.msg : "write error");
		return FSB_EXIT_USAGE;
	}
	return FSB_EXIT_OK;
}

/* --for USE into rec->use; the error printed, -1. */
static int take_use(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	if (!fsb_use_find(arg)) {
		fsb_app_error("%s: --for %s: not a use fsbench knows (%s)", cmd, arg, fsb_use_names());
		return -1;
	}
	*(const char **)field = arg;
	return 0;
}

/* --need F,... into rec; the error printed, -1. */
static int take_needs(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	struct fsb_rec_opts *rec = field;
	struct fsb_err err = { 0 };

	if (fsb_needs_parse(arg, &rec->needs, &err)) {
		fsb_app_error("%s: --need: %s", cmd, err.msg);
		return -1;
	}
	rec->needs_given = true;
	return 0;
}

/* What show was asked for, from its options. */
struct show_args {
	struct fsb_report_opts ro;
	struct fsb_rec_opts rec;
	bool raw, json, utf8, history;
};

/* The options into a; -1 to go on, or the exit status of a usage error
 * or --help. */
static int show_options(int argc, char **argv, struct show_args *a)
{
	static const struct fsb_cli_opt opts[] = {
		FSB_CLI_REPORT_OPTIONS(struct show_args, ro),
		{ "raw", 'r', FSB_CLI_TRUE, offsetof(struct show_args, raw), NULL, NULL },
		{ "ascii", 0, FSB_CLI_FALSE, offsetof(struct show_args, utf8), NULL, NULL },
		{ "json", 'j', FSB_CLI_TRUE, offsetof(struct show_args, json), NULL, NULL },
		{ "for", 0, FSB_CLI_TAKE, offsetof(struct show_args, rec.use), take_use, NULL },
		{ "need", 0, FSB_CLI_TAKE, offsetof(struct show_args, rec), take_needs, NULL },
		{ "no-history", 0, FSB_CLI_FALSE, offsetof(struct show_args, history), NULL, NULL },
		{ .name = NULL, .required = "no result file given" },
	};

	return fsb_cli_options(argc, argv, opts, a, usage);
}

int fsb_cmd_show(struct fsb_app *cli, int argc, char **argv)
{
	struct show_args a = { .ro = { .metric = FSB_METRIC_DEAD }, .utf8 = fsb_locale_utf8(), .history = true };
	struct fsb_report_opts ro;
	struct fsb_rec_opts rec;
	struct fsb_result **res = NULL;
	struct fsb_history hist = { 0 };
	const char **labels = NULL;
	bool raw, json, utf8, history;
	int n = 0, rc;

	rc = show_options(argc, argv, &a);
	if (rc >= 0)
		return rc;
	rc = FSB_EXIT_OK;
	ro = a.ro, rec = a.rec, raw = a.raw, json = a.json, utf8 = a.utf8, history = a.history;
	n = argc - optind;
	if (fsb_cli_rec_config(cli, "show", &rec))
		return FSB_EXIT_USAGE;
	rc = fsb_cli_read_results("show", argv + optind, (size_t)n, &res, &labels);
	if (rc)
		goto out;
	if (ro.baseline) {
		size_t file;
		bool found = n == 1 ? fsb_result_find_fs(res[0], ro.baseline) != NULL
			     : fsb_report_compare_baseline(res, labels, (size_t)n, &ro, &file) != NULL;

		if (!found) {
			fsb_app_error("show: --baseline %s: no such filesystem in %s", ro.baseline,
				      n == 1 ? argv[optind] : "these files");
			rc = FSB_EXIT_USAGE;
			goto out;
		}
	}
	/* one result is judged with the earlier sessions of its plan next to
	 * it; a directory that cannot be read has none */
	if (n == 1 && history) {
		struct fsb_err err = { 0 };

		fsb_history_load(res[0], NULL, &hist, &err);
		fsb_err_clear(&err);
		ro.history = &hist;
	}
	if (json) {
		rc = show_json(res, argv + optind, labels, (size_t)n, &ro, &rec, raw);
	} else if (n == 1) {
		fsb_show_result(stdout, res[0], &ro, &rec, raw, utf8);
	} else {
		struct fsb_render_opts o = { .utf8 = utf8, .notes = true, .width = 72 };
		struct fsb_doc_opts d = { .report = ro };
		struct fsb_doc doc;

		if (fsb_doc_compare(res, labels, (size_t)n, &d, &doc)) {
			fsb_doc_free(&doc);
			fsb_app_error("show: these files have no phase in common");
			rc = FSB_EXIT_USAGE;
			goto out;
		}
		fsb_doc_render_text(stdout, &doc, &o);
		fsb_doc_free(&doc);
	}
out:
	fsb_history_free(&hist);
	fsb_cli_free_results(res, labels, (size_t)n);
	return rc;
}
