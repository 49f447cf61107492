/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * bench/verdict-check.c — do the verdicts of several sessions of one plan
 * contradict each other?  Reads result files (oldest first), judges each as
 * `fsbench show` does — by dead time, with the earlier sessions of its plan
 * next to it (model/history.h) — and prints a Markdown table: per session
 * when it ran, its wall time, how it ended, its verdict's first line, the
 * leading group, rounds, disturbed runs and what the between-session spread
 * came from.  Then every filesystem's ratio to the first one per session,
 * the between-session spread of each pair's ratio (the figure behind a
 * profile's session_sd), and the contradictions:
 *   - two verdicts that each name a different fastest filesystem;
 *   - a filesystem significantly faster than another in one session and
 *     significantly slower in another (the verdict's own round-by-round
 *     comparison, between-session spread included).
 * A hedged verdict (a tie, a lead that rests on one phase) contradicts
 * nothing.  Exit status: 0 none, 1 some, 2 a file could not be read.
 * Built by bench/verdict-repro.sh against the build tree's libfsbench.a.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "doc/report.h"
#include "model/history.h"
#include "model/rounds.h"
#include "model/verdict.h"

static const char *kind_word(enum fsb_verdict_kind k)
{
	static const char *const w[] = { "nothing to rank", "lead", "tie", "one run", "too busy" };

	return w[k];
}

static const char *noise_word(const struct fsb_verdict *v)
{
	static char buf[64];

	if (v->noise == FSB_NOISE_HISTORY)
		snprintf(buf, sizeof(buf), "%zu earlier + prior", v->nhistory);
	else
		snprintf(buf, sizeof(buf), "%s", v->noise == FSB_NOISE_PRIOR ? "the profile's prior" : "this run only");
	return buf;
}

/* Seconds between two ISO 8601 UTC times, NAN when either is missing. */
static double wall(const char *a, const char *b)
{
	struct tm ta = { 0 }, tb = { 0 };

	if (!a || !b || !strptime(a, "%Y-%m-%dT%H:%M:%S", &ta) || !strptime(b, "%Y-%m-%dT%H:%M:%S", &tb))
		return NAN;
	return difftime(timegm(&tb), timegm(&ta));
}

/* -1: x significantly faster than y in total, +1 slower, 0 neither. */
static int order(const struct fsb_result *res, const struct fsb_verdict *v, const char *x, const char *y)
{
	size_t ix = res->nfs, iy = res->nfs;
	struct fsb_verdict_pair p;

	for (size_t i = 0; i < res->nfs; i++) {
		if (!strcmp(res->fs[i]->name, x))
			ix = i;
		if (!strcmp(res->fs[i]->name, y))
			iy = i;
	}
	if (ix == res->nfs || iy == res->nfs)
		return 0;
	fsb_verdict_compare(v, iy, ix, NULL, &p);	/* x against y */
	if (p.lo > 1 && p.rel >= 1 + FSB_VERDICT_MIN_LEAD)
		return 1;
	if (p.hi < 1 && p.rel <= 1 - FSB_VERDICT_MIN_LEAD)
		return -1;
	return 0;
}

/* The geometric mean of x's per-round total ratio to y in res, NAN. */
static double ratio(const struct fsb_result *res, const struct fsb_verdict *v, const char *x, const char *y)
{
	struct fsb_verdict_pair p = { .rel = NAN };
	size_t ix = res->nfs, iy = res->nfs;

	for (size_t i = 0; i < res->nfs; i++) {
		if (!strcmp(res->fs[i]->name, x))
			ix = i;
		if (!strcmp(res->fs[i]->name, y))
			iy = i;
	}
	if (ix < res->nfs && iy < res->nfs)
		fsb_verdict_compare(v, iy, ix, NULL, &p);
	return p.rel;
}

int main(int argc, char **argv)
{
	struct fsb_result **res = calloc((size_t)argc, sizeof(*res));
	struct fsb_verdict *v = calloc((size_t)argc, sizeof(*v));
	struct fsb_history *h = calloc((size_t)argc, sizeof(*h));
	struct fsb_strv *lines = calloc((size_t)argc, sizeof(*lines));
	int n = argc - 1, bad = 0;

	if (n < 1 || !res || !v || !h || !lines) {
		fprintf(stderr, "usage: verdict-check RESULT...\n");
		return 2;
	}
	for (int i = 0; i < n; i++) {
		struct fsb_err err = { 0 };
		struct fsb_report_opts o = { .metric = FSB_METRIC_DEAD, .history = &h[i] };

		if (fsb_result_read(argv[i + 1], &res[i], &err)) {
			fprintf(stderr, "verdict-check: %s\n", err.msg);
			return 2;
		}
		/* as show judges it: with the earlier sessions next to it */
		fsb_history_load(res[i], NULL, &h[i], &err);
		fsb_err_clear(&err);
		fsb_verdict_compute(res[i], &o, &v[i]);
		fsb_report_verdict(res[i], &o, &lines[i]);
	}
	printf("| session | started | wall time | ended | kind | leading group | rounds | disturbed runs | "
	       "between-session spread from |\n");
	printf("|---|---|---:|---|---|---|---:|---:|---|\n");
	for (int i = 0; i < n; i++) {
		double w = wall(res[i]->started, res[i]->finished);

		printf("| %d | %s | ", i + 1, res[i]->started ? res[i]->started : "?");
		if (isnan(w))
			printf("? | ");
		else
			printf("%d min %02d s | ", (int)w / 60, (int)w % 60);
		printf("%s | %s | ", res[i]->ended != FSB_ENDED_NONE ? fsb_result_ended_names[res[i]->ended] : "—",
		       kind_word(v[i].kind));
		for (size_t k = 0; k < v[i].ntied; k++)
			printf("%s%s", k ? ", " : "", v[i].rows[k].fs->name);
		printf(" | %zu | %zu | %s |\n", v[i].min_kept, v[i].ndisturbed, noise_word(&v[i]));
	}
	printf("\nThe verdicts, as `fsbench show` words them (first line, and what the earlier sessions say):\n\n");
	for (int i = 0; i < n; i++) {
		printf("%d. %s", i + 1, lines[i].n ? lines[i].v[0] : "—");
		for (size_t k = 1; k < lines[i].n; k++)
			if (!strncmp(lines[i].v[k], "Agrees with", 11) || strstr(lines[i].v[k], "is not stable") ||
			    !strncmp(lines[i].v[k], "Between ", 8))
				printf(" %s", lines[i].v[k]);
		printf("\n");
	}
	/* every filesystem against the first session's first, per session */
	if (res[0]->nfs) {
		const char *ref = res[0]->fs[0]->name;

		printf("\nEach filesystem's total relative to %s, per session (geometric mean of the rounds' ratios):\n\n",
		       ref);
		printf("| filesystem |");
		for (int i = 0; i < n; i++)
			printf(" %d |", i + 1);
		printf(" between-session sd of ln(ratio) |\n|---|");
		for (int i = 0; i < n; i++)
			printf("---:|");
		printf("---:|\n");
		for (size_t f = 1; f < res[0]->nfs; f++) {
			double sum = 0, sq = 0, r[64];
			int m = 0;

			printf("| %s |", res[0]->fs[f]->name);
			for (int i = 0; i < n; i++) {
				double x = ratio(res[i], &v[i], res[0]->fs[f]->name, ref);

				printf(isnan(x) ? " — |" : " %.3f |", x);
				if (!isnan(x) && m < 64)
					r[m++] = log(x);
			}
			for (int i = 0; i < m; i++)
				sum += r[i] / m;
			for (int i = 0; i < m; i++)
				sq += (r[i] - sum) * (r[i] - sum);
			printf(m >= 2 ? " %.3f |\n" : " — |\n", m >= 2 ? sqrt(sq / (m - 1)) : 0.0);
		}
	}
	printf("\n");
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			if (v[i].kind == FSB_VERDICT_LEAD && v[j].kind == FSB_VERDICT_LEAD &&
			    strcmp(v[i].rows[0].fs->name, v[j].rows[0].fs->name)) {
				printf("- contradiction: session %d names %s fastest, session %d names %s\n", i + 1,
				       v[i].rows[0].fs->name, j + 1, v[j].rows[0].fs->name);
				bad = 1;
			}
			for (size_t x = 0; x < res[i]->nfs; x++)
				for (size_t y = x + 1; y < res[i]->nfs; y++) {
					const char *a = res[i]->fs[x]->name, *b = res[i]->fs[y]->name;
					int si = order(res[i], &v[i], a, b), sj = order(res[j], &v[j], a, b);

					if (si && sj && si != sj) {
						printf("- contradiction: %s is significantly %s than %s in session %d and "
						       "%s in session %d\n", a, si > 0 ? "slower" : "faster", b, i + 1,
						       sj > 0 ? "slower" : "faster", j + 1);
						bad = 1;
					}
				}
		}
	if (!bad)
		printf("- no two verdicts contradict each other\n");
	for (int i = 0; i < n; i++) {
		fsb_verdict_free(&v[i]);
		fsb_history_free(&h[i]);
		fsb_strv_free(&lines[i]);
		fsb_result_free(res[i]);
	}
	free(lines);
	free(h);
	free(v);
	free(res);
	return bad;
}
