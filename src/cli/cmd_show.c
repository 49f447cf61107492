/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fsbench show — the tables of one result file, or a comparison of several. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cmd.h"
#include "doc/render.h"
#include "doc/report.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"Usage: fsbench show [OPTIONS] FILE [FILE...]\n"
		"Prints the tables of a result file as seed 000 published them: the summary\n"
		"(one metric, every phase, normalized to the baseline), a verdict, then one\n"
		"table per phase with usr, sys, sync, dead and real, in seconds and\n"
		"normalized, sorted by real time.  With several files, one comparison table.\n"
		"\n"
		"  -m, --metric M      summary metric: dead (default), real, usr, sys, sync\n"
		"  -b, --baseline FS   normalize to FS instead of the run's baseline; with\n"
		"                      several files FILE:FS picks the file (as labelled)\n"
		"  -r, --raw           also print every repetition (seed 004's tables) and the\n"
		"                      statistics of each cell: mean, 95%% CI, median, sd, CV,\n"
		"                      min, max, outliers\n"
		"      --mann-whitney  test significance with Mann-Whitney instead of Welch\n"
		"      --ascii         no Unicode symbols\n");
}

/* Text from the result file, made visible: nothing in it reaches the
 * terminal raw (fsb_text_display). */
static void put(FILE *fp, const char *before, const char *s, bool utf8)
{
	fputs(before, fp);
	fputs(fsb_text_display(s, utf8), fp);
}

static void putln(FILE *fp, const char *before, const char *s, bool utf8)
{
	put(fp, before, s, utf8);
	fputc('\n', fp);
}

static void print_header(FILE *fp, const struct fsb_result *res, bool utf8)
{
	const struct fsb_host *h = &res->host;
	struct fsb_strv versions = { 0 };
	char *host, *target;

	if (res->title)
		putln(fp, "", res->title, utf8);
	put(fp, "", res->path ? res->path : "result", utf8);
	if (res->tool)
		put(fp, " — ", res->tool, utf8);
	fprintf(fp, ", %s", fsb_result_status_name(res->status));
	if (res->started)
		put(fp, ", started ", res->started, utf8);
	if (res->profile)
		put(fp, ", profile ", res->profile, utf8);
	if (fsb_result_auto_repeated(res))
		fprintf(fp, ", --auto-repeat (at most %ld repetitions)\n", res->repeat);
	else
		fprintf(fp, ", %ld repetition%s\n", res->repeat, res->repeat == 1 ? "" : "s");
	host = fsb_report_host_line(h);
	if (*host)
		putln(fp, "Host: ", host, utf8);
	target = fsb_report_target_line(&res->target);
	if (*target)
		putln(fp, "Target: ", target, utf8);
	for (size_t i = 0; i < res->target.reasons.n; i++)
		putln(fp, "  ", res->target.reasons.v[i], utf8);
	if (res->workload)
		putln(fp, "Workload: ", res->workload, utf8);
	if (res->command)
		putln(fp, "Command: ", res->command, utf8);
	fsb_report_versions(res, &versions);
	if (versions.n)
		fprintf(fp, "Program versions:\n");
	for (size_t i = 0; i < versions.n; i++)
		putln(fp, "  ", versions.v[i], utf8);
	free(host);
	free(target);
	fsb_strv_free(&versions);
	fputc('\n', fp);
}

void fsb_show_result(FILE *fp, const struct fsb_result *res, const struct fsb_report_opts *o, bool raw,
		     bool utf8)
{
	struct fsb_render_opts ro = { .utf8 = utf8, .notes = true, .width = 72 };
	struct fsb_table t;
	struct fsb_strv phases = { 0 }, verdict = { 0 };
	struct fsb_chart chart;

	print_header(fp, res, utf8);
	if (fsb_report_summary(res, o, &t) == 0) {
		fsb_render_table_text(fp, &t, &ro);
		fsb_table_free(&t);
		fputc('\n', fp);
	}
	if (fsb_report_auto(res, o, &t) == 0) {
		fsb_render_table_text(fp, &t, &ro);
		fsb_table_free(&t);
		fputc('\n', fp);
	}
	fsb_report_verdict(res, o, &verdict);
	if (verdict.n) {
		fprintf(fp, "Verdict:\n");
		for (size_t i = 0; i < verdict.n; i++)
			fprintf(fp, "  %s\n", fsb_text_display(verdict.v[i], utf8));
		fputc('\n', fp);
	}
	fsb_strv_free(&verdict);
	/* per-phase tables: only notes of the summary are needed once */
	ro.notes = false;
	fsb_report_phases(res, false, &phases);
	if (phases.n)
		fsb_strv_add(&phases, "total");
	for (size_t j = 0; j < phases.n; j++) {
		if (fsb_report_phase(res, phases.v[j], o, &t) == 0) {
			fsb_render_table_text(fp, &t, &ro);
			fsb_table_free(&t);
			fputc('\n', fp);
		}
		if (raw && strcmp(phases.v[j], "total") && fsb_report_raw(res, phases.v[j], o, &t) == 0) {
			fsb_render_table_text(fp, &t, &ro);
			fsb_table_free(&t);
			fputc('\n', fp);
		}
		if (raw && fsb_report_stats(res, phases.v[j], o, &t) == 0) {
			fsb_render_table_text(fp, &t, &ro);
			fsb_table_free(&t);
			fputc('\n', fp);
		}
	}
	if (phases.n && fsb_report_chart(res, "total", o, &chart) == 0) {
		fsb_render_chart_text(fp, &chart, &ro);
		fsb_chart_free(&chart);
		fputc('\n', fp);
	}
	fsb_strv_free(&phases);
	ro.notes = true;
	if (fsb_report_bonnie(res, o, false, &t) == 0) {
		fsb_render_table_text(fp, &t, &ro);
		fsb_table_free(&t);
		fputc('\n', fp);
		if (fsb_report_bonnie(res, o, true, &t) == 0) {
			ro.notes = false;
			fsb_render_table_text(fp, &t, &ro);
			fsb_table_free(&t);
			fputc('\n', fp);
		}
		if (fsb_report_latency(res, &t) == 0) {
			fsb_render_table_text(fp, &t, &ro);
			fsb_table_free(&t);
			fputc('\n', fp);
		}
		fsb_report_phases(res, true, &phases);
		for (size_t j = 0; raw && j < phases.n; j++) {
			if (fsb_report_raw(res, phases.v[j], o, &t) == 0) {
				fsb_render_table_text(fp, &t, &ro);
				fsb_table_free(&t);
				fputc('\n', fp);
			}
			if (fsb_report_stats(res, phases.v[j], o, &t) == 0) {
				fsb_render_table_text(fp, &t, &ro);
				fsb_table_free(&t);
				fputc('\n', fp);
			}
		}
		fsb_strv_free(&phases);
	}
}

int fsb_cmd_show(struct fsb_app *cli, int argc, char **argv)
{
	static const struct option opts[] = {
		{ "metric", required_argument, NULL, 'm' },
		{ "baseline", required_argument, NULL, 'b' },
		{ "raw", no_argument, NULL, 'r' },
		{ "mann-whitney", no_argument, NULL, 'W' },
		{ "ascii", no_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct fsb_report_opts ro = { .metric = FSB_METRIC_DEAD };
	struct fsb_result **res = NULL;
	const char **labels = NULL;
	bool raw = false, utf8 = fsb_locale_utf8();
	int c, n = 0, rc = FSB_EXIT_OK;

	(void)cli;
	while ((c = getopt_long(argc, argv, "m:b:rh", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (fsb_cli_parse_metric("show", optarg, &ro.metric))
				return FSB_EXIT_USAGE;
			break;
		case 'b':
			ro.baseline = optarg;
			break;
		case 'r':
			raw = true;
			break;
		case 'W':
			ro.nonparametric = true;
			break;
		case 'A':
			utf8 = false;
			break;
		case 'h':
			usage(stdout);
			return FSB_EXIT_OK;
		default:
			usage(stderr);
			return FSB_EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fsb_app_error("show: no result file given");
		usage(stderr);
		return FSB_EXIT_USAGE;
	}
	n = argc - optind;
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
	if (n == 1) {
		fsb_show_result(stdout, res[0], &ro, raw, utf8);
	} else {
		struct fsb_render_opts o = { .utf8 = utf8, .notes = true };
		struct fsb_table t;

		if (fsb_report_compare(res, labels, (size_t)n, &ro, &t)) {
			fsb_app_error("show: these files have no phase in common");
			rc = FSB_EXIT_USAGE;
			goto out;
		}
		fsb_render_table_text(stdout, &t, &o);
		fsb_table_free(&t);
	}
out:
	fsb_cli_free_results(res, labels, (size_t)n);
	return rc;
}
