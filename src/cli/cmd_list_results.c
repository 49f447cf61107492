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

/* A field for TSV: a tab or newline would split the row. */
static void tsv_field(const char *s)
{
	for (; *s; s++)
		putchar(*s == '\t' || *s == '\n' || *s == '\r' ? ' ' : *s);
}

/* The rows idx[0..n) of b as JSON, TSV or the table; an exit status. */
static int print_rows(const struct fsb_browse *b, const size_t *idx, size_t n, const char *dir,
		      const char *where, bool json, bool tsv)
{
	struct fsb_err err = { 0 };

	if (json) {
		struct fsb_json *j = fsb_json_new("list-results");

		fsb_json_str(j, "directory", dir);
		fsb_json_str(j, "where", where);
		fsb_json_browse(j, "results", b, idx, n);
		if (fsb_json_write(j, stdout, &err) || fflush(stdout)) {
			fsb_app_error("list-results: standard output: write error");
			return FSB_EXIT_FAILED;
		}
	} else if (tsv) {
		printf("File");
		for (int k = 0; k < FSB_BROWSE_NCOLS; k++)
			printf("\t%s", fsb_browse_col_name(k));
		putchar('\n');
		for (size_t i = 0; i < n; i++) {
			char *col[FSB_BROWSE_NCOLS];

			fsb_browse_row(&b->v[idx[i]], col);
			tsv_field(b->v[idx[i]].path);
			for (int k = 0; k < FSB_BROWSE_NCOLS; k++) {
				putchar('\t');
				tsv_field(col[k]);
				free(col[k]);
			}
			putchar('\n');
		}
	} else {
		struct fsb_table t;
		struct fsb_render_opts ro = { .utf8 = fsb_locale_utf8(), .notes = true, .width = 72 };

		fsb_report_browse(b, idx, n, &t);
		fsb_render_table_text(stdout, &t, &ro);
		fsb_table_free(&t);
	}
	return FSB_EXIT_OK;
}

int fsb_cmd_list_results(struct fsb_app *cli, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "where", required_argument, NULL, 'w' },
		{ "tsv", no_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "no-index", no_argument, NULL, 'n' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fsb_browse b = { 0 };
	struct fsb_err err = { 0 };
	struct fsb_buf where = { 0 };
	bool tsv = false, json = false, no_index = false, verbose = false;
	char *dir = NULL, *index = NULL;
	size_t *idx = NULL, n = 0;
	int c, rc = FSB_EXIT_USAGE;

	while ((c = getopt_long(argc, argv, "w:tjnvh", opts, NULL)) != -1) {
		switch (c) {
		case 'w':
			/* several --where: every word of each */
			fsb_buf_addf(&where, "%s%s", where.len ? " " : "", optarg);
			break;
		case 't':
			tsv = true;
			break;
		case 'j':
			json = true;
			break;
		case 'n':
			no_index = true;
			break;
		case 'v':
			verbose = true;
			break;
		default:	/* -h, --help, or an option getopt refused */
			rc = fsb_cli_help_or_usage(c, usage);
			goto out;
		}
	}
	if (tsv && json) {
		fsb_app_error("list-results: --tsv or --json, not both");
		goto out;
	}
	if (optind + 1 < argc) {
		fsb_app_error("list-results: one directory at most, not also '%s'", argv[optind + 1]);
		goto out;
	}
	if (optind < argc) {
		struct stat st;

		/* a directory named on the command line must exist; the default
		 * one does not until the first run writes to it */
		if (stat(argv[optind], &st) < 0) {
			fsb_app_error("list-results: %s: %s", argv[optind], strerror(errno));
			goto out;
		}
		if (!S_ISDIR(st.st_mode)) {
			fsb_app_error("list-results: %s: not a directory", argv[optind]);
			goto out;
		}
		dir = fsb_xstrdup(argv[optind]);
	} else {
		const struct fsb_config *cfg = fsb_app_config(cli);

		if (!cfg)
			goto out;
		dir = fsb_browse_results_dir(cfg);
	}
	index = no_index ? fsb_xstrdup("") : fsb_index_default_path();
	if (fsb_browse_scan_index(dir, index, &b, &err)) {
		fsb_app_error("list-results: %s", err.msg);
		goto out;
	}
	if (verbose)
		fprintf(stderr, "list-results: %zu result files in %s, %zu read, %zu dropped; index %s%s\n",
			b.stats.files, dir, b.stats.parsed, b.stats.dropped,
			b.stats.in_memory ? "in memory" : index, b.stats.rebuilt ? " (rebuilt)" : "");
	idx = fsb_xcalloc(b.n + 1, sizeof(*idx));
	for (size_t i = 0; i < b.n; i++)
		if (fsb_browse_match(&b.v[i], where.s))
			idx[n++] = i;
	rc = print_rows(&b, idx, n, dir, where.s, json, tsv);
out:
	fsb_browse_free(&b);
	fsb_buf_free(&where);
	free(idx);
	free(dir);
	free(index);
	return rc;
}
