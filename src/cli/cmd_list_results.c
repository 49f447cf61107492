/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench list-results — the browse screen's list for scripts: the same
 * rows, the same filter, from the same result index. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cmd.h"
#include "doc/json.h"
#include "doc/render.h"
#include "doc/report.h"
#include "model/browse.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench list-results [DIR] [--where WORDS] [--tsv|--json] [--no-index] [-v]\n"
		"Lists the result files of DIR (default: the results directory), newest\n"
		"first, as the TUI's browse screen does: date, status, profile, aged (yes:\n"
		"it holds runs of the aging phases), target, filesystems, phases.  The list\n"
		"comes from the result index ($XDG_CACHE_HOME/fsbench/index.sqlite), which\n"
		"only re-reads new or changed files.\n"
		"\n"
		"  -w, --where WORDS  only rows that contain every word (any column, any case;\n"
		"                     'aged': the aged results)\n"
		"  -t, --tsv          tab-separated, a header line, the file path first, Aged\n"
		"                     (yes or no) last\n"
		"  -j, --json         as JSON: one object per file, the fields apart (doc/json.md)\n"
		"  -n, --no-index     read every file; do not use or update the index\n"
		"  -v, --verbose      say on stderr how many files were read and where the index is\n");
}

/* The rows idx[0..n) of b as JSON, TSV or the table; an exit status.  The
 * text, the TSV and the JSON walk the one list table (doc/report.h). */
static int print_rows(const struct fsb_browse *b, const size_t *idx, size_t n, const char *dir,
		      const char *where, bool json, bool tsv)
{
	struct fsb_err err = { 0 };
	struct fsb_table list, view;
	struct fsb_json *j;
	int rc = FSB_EXIT_OK;

	fsb_report_browse_list(b, idx, n, &list);
	if (tsv) {
		struct fsb_buf out = { 0 };
		size_t ncols;
		const char *const *cols = fsb_report_browse_tsv_cols(&ncols);

		fsb_table_list_tsv(&list, cols, ncols, &out);
		if ((out.len && fwrite(out.s, 1, out.len, stdout) != out.len) || fflush(stdout)) {
			fsb_app_error("list-results: standard output: write error");
			rc = FSB_EXIT_USAGE;
		}
		fsb_buf_free(&out);
	} else if (json) {
		j = fsb_json_new("list-results");
		fsb_json_str(j, "directory", dir);
		fsb_json_str(j, "where", where);
		fsb_json_table(j, "results", &list);
		if (fsb_json_write(j, stdout, &err) || fflush(stdout)) {
			fsb_app_error("list-results: standard output: write error");
			rc = FSB_EXIT_USAGE;
		}
	} else {
		struct fsb_render_opts ro = { .utf8 = fsb_locale_utf8(), .notes = true, .width = 72 };

		fsb_table_text_view(&list, &view);
		fsb_render_table_text(stdout, &view, &ro);
		fsb_table_free(&view);
	}
	fsb_table_free(&list);
	return rc;
}

struct lr_args {
	struct fsb_buf where;    /* every --where's words, joined */
	bool tsv, json, no_index, verbose;
};

/* --where: several give every word of each. */
static int take_where(const char *cmd, const struct fsb_cli_opt *o, const char *arg, void *field)
{
	struct fsb_buf *where = field;

	fsb_buf_addf(where, "%s%s", where->len ? " " : "", arg);
	return 0;
}

/* The options into a; -1 to go on, or the exit status of a usage error
 * or --help. */
static int parse_options(int argc, char **argv, struct lr_args *a)
{
	static const struct fsb_cli_opt opts[] = {
		{ "where", 'w', FSB_CLI_TAKE, offsetof(struct lr_args, where), take_where, NULL },
		{ "tsv", 't', FSB_CLI_TRUE, offsetof(struct lr_args, tsv), NULL, NULL },
		{ "json", 'j', FSB_CLI_TRUE, offsetof(struct lr_args, json), NULL, NULL },
		{ "no-index", 'n', FSB_CLI_TRUE, offsetof(struct lr_args, no_index), NULL, NULL },
		{ "verbose", 'v', FSB_CLI_TRUE, offsetof(struct lr_args, verbose), NULL, NULL },
		{ NULL },
	};
	int rc = fsb_cli_options(argc, argv, opts, a, usage);

	if (rc >= 0)
		return rc;
	if (a->tsv && a->json) {
		fsb_app_error("list-results: --tsv or --json, not both");
		return FSB_EXIT_USAGE;
	}
	if (optind + 1 < argc) {
		fsb_app_error("list-results: one directory at most, not also '%s'", argv[optind + 1]);
		return FSB_EXIT_USAGE;
	}
	return -1;
}

/* The directory the command line names, or the results directory; NULL
 * (said) when there is none to list. */
static char *results_dir(struct fsb_app *cli, const char *arg)
{
	const struct fsb_config *cfg;
	struct stat st;

	if (!arg) {
		cfg = fsb_app_config(cli);
		return cfg ? fsb_browse_results_dir(cfg) : NULL;
	}
	/* a directory named on the command line must exist; the default
	 * one does not until the first run writes to it */
	if (stat(arg, &st) < 0) {
		fsb_app_error("list-results: %s: %s", arg, strerror(errno));
		return NULL;
	}
	if (!S_ISDIR(st.st_mode)) {
		fsb_app_error("list-results: %s: not a directory", arg);
		return NULL;
	}
	return fsb_xstrdup(arg);
}

int fsb_cmd_list_results(struct fsb_app *cli, int argc, char **argv)
{
	struct lr_args a = { 0 };
	struct fsb_browse b = { 0 };
	struct fsb_err err = { 0 };
	char *dir = NULL, *index = NULL;
	size_t *idx = NULL, n = 0;
	int rc = parse_options(argc, argv, &a);

	if (rc >= 0)
		goto out;
	rc = FSB_EXIT_USAGE;
	dir = results_dir(cli, optind < argc ? argv[optind] : NULL);
	if (!dir)
		goto out;
	index = a.no_index ? fsb_xstrdup("") : fsb_index_default_path();
	if (fsb_browse_scan_index(dir, index, &b, &err)) {
		fsb_app_error("list-results: %s", err.msg);
		goto out;
	}
	if (a.verbose)
		fprintf(stderr, "list-results: %zu result files in %s, %zu read, %zu dropped; index %s%s\n",
			b.stats.files, dir, b.stats.parsed, b.stats.dropped,
			b.stats.in_memory ? "in memory" : index, b.stats.rebuilt ? " (rebuilt)" : "");
	idx = fsb_xcalloc(b.n + 1, sizeof(*idx));
	for (size_t i = 0; i < b.n; i++)
		if (fsb_browse_match(&b.v[i], a.where.s))
			idx[n++] = i;
	rc = print_rows(&b, idx, n, dir, a.where.s, a.json, a.tsv);
out:
	fsb_browse_free(&b);
	fsb_buf_free(&a.where);
	free(idx);
	free(dir);
	free(index);
	return rc;
}
