/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/verdict-check.c — do the verdicts of several runs of one plan
 * contradict each other?  Reads result files, judges each as `fsbench show`
 * does (model/verdict.h, by dead time against the result's baseline), and
 * prints per file a Markdown row: its verdict's first line, the leading
 * group, rounds and disturbed runs.  Then the contradictions, as the issue
 * "A verdict that holds" defines them:
 *   - two verdicts that each name a different fastest filesystem with a
 *     significant lead;
 *   - a filesystem significantly slower than the baseline in total in one
 *     file and significantly faster in another.
 * Exit status: 0 none, 1 some, 2 a file could not be read.
 * Built by bench/verdict-repro.sh against the build tree's libfsbench.a.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "model/verdict.h"

/* -1 significantly faster than the baseline in total, +1 slower, 0 neither */
static int against_baseline(const struct fsb_result *res, const struct fsb_fs_result *fs)
{
	const char *base = fsb_cell_baseline(res, NULL);
	const struct fsb_fs_result *bfs = base ? fsb_result_find_fs(res, base) : NULL;
	struct fsb_cellstats a, b;
	struct fsb_norm n;
	int sign = 0;

	if (!bfs || bfs == fs)
		return 0;
	fsb_cell_stats(res, fs, "total", FSB_METRIC_DEAD, &a);
	fsb_cell_stats(res, bfs, "total", FSB_METRIC_DEAD, &b);
	n = fsb_cell_normalize(&a, &b, FSB_METRIC_DEAD, NULL);
	if (n.significant && !n.unreliable)
		sign = n.ratio > 1 ? 1 : -1;
	fsb_cell_stats_free(&a);
	fsb_cell_stats_free(&b);
	return sign;
}

static const char *kind_word(enum fsb_verdict_kind k)
{
	static const char *const w[] = { "nothing to rank", "lead", "tie", "one run", "too busy" };

	return w[k];
}

int main(int argc, char **argv)
{
	struct fsb_result **res = calloc((size_t)argc, sizeof(*res));
	struct fsb_verdict *v = calloc((size_t)argc, sizeof(*v));
	int n = argc - 1, bad = 0;

	if (n < 1 || !res || !v) {
		fprintf(stderr, "usage: verdict-check RESULT...\n");
		return 2;
	}
	printf("| run | verdict | kind | leading group | runs per filesystem | disturbed runs |\n");
	printf("|---|---|---|---|---:|---:|\n");
	for (int i = 0; i < n; i++) {
		struct fsb_err err = { 0 };
		struct fsb_strv lines = { 0 };

		if (fsb_result_read(argv[i + 1], &res[i], &err)) {
			fprintf(stderr, "verdict-check: %s\n", err.msg);
			return 2;
		}
		fsb_verdict_compute(res[i], NULL, &v[i]);
		fsb_report_verdict(res[i], NULL, &lines);
		/* the headline, and what it was ranked without */
		printf("| %d | %s", i + 1, lines.n ? lines.v[0] : "—");
		if (lines.n > 1 && !strncmp(lines.v[1], "Not ranked, every run disturbed", 31))
			printf(" %s", lines.v[1]);
		printf(" | %s | ", kind_word(v[i].kind));
		for (size_t k = 0; k < v[i].ntied; k++)
			printf("%s%s", k ? ", " : "", v[i].rows[k].fs->name);
		printf(" | %zu | %zu |\n", v[i].min_kept, v[i].ndisturbed);
		fsb_strv_free(&lines);
	}
	printf("\n");
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			if (v[i].kind == FSB_VERDICT_LEAD && v[j].kind == FSB_VERDICT_LEAD &&
			    strcmp(v[i].rows[0].fs->name, v[j].rows[0].fs->name)) {
				printf("- contradiction: run %d says %s is fastest, run %d says %s, both significant\n",
				       i + 1, v[i].rows[0].fs->name, j + 1, v[j].rows[0].fs->name);
				bad = 1;
			}
			for (size_t f = 0; f < res[i]->nfs; f++) {
				const struct fsb_fs_result *fj = fsb_result_find_fs(res[j], res[i]->fs[f]->name);
				int si = against_baseline(res[i], res[i]->fs[f]), sj = fj ? against_baseline(res[j], fj) : 0;

				if (si && sj && si != sj) {
					printf("- contradiction: %s is significantly %s than the baseline in run %d and "
					       "%s in run %d\n", res[i]->fs[f]->name, si > 0 ? "slower" : "faster", i + 1,
					       sj > 0 ? "slower" : "faster", j + 1);
					bad = 1;
				}
			}
		}
	if (!bad)
		printf("- no two verdicts contradict each other\n");
	for (int i = 0; i < n; i++) {
		fsb_verdict_free(&v[i]);
		fsb_result_free(res[i]);
	}
	free(v);
	free(res);
	return bad;
}
