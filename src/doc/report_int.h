/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report_int.h — what the files of the report share: report.c (the tables
 * and charts, and the helpers below), report_verdict.c (the verdict's
 * words) and report_runs.c (how it was measured, the runs in order, the
 * noise floor); the header row the sections' tables (report_aging.c,
 * report_crash.c, report_disk.c) write too.  Only report*.c include it:
 * doc/report.h is the contract, and the other files of src/doc call that.
 */
#ifndef FSB_REPORT_INT_H
#define FSB_REPORT_INT_H

#include <math.h>
#include <stdbool.h>
#include <stddef.h>

#include "doc/report.h"
#include "model/verdict.h"

/* The short names the report's sentences and cells are written with: the
 * public helpers of report.h, defined once in report.c. */
static inline const char *num(double v, int prec)
{
	return fsb_report_num(v, prec);
}

static inline const char *metric_words(enum fsb_metric m)
{
	return fsb_report_metric_words(m);
}

/* qsort's order of two numbers, smallest first, NAN after every number
 * (and level with another NAN): the phase tables' rows by real time, the
 * runs by sequence number. */
static inline int cmp_nan_last(double x, double y)
{
	if (isnan(x) || isnan(y))
		return isnan(x) - isnan(y);
	return (x > y) - (x < y);
}

/* Row 0 of t, its header: heads[0 .. t->ncols), column c right-aligned
 * as a number's when bit c of numbers is set (NUMBERS_FROM, NUMBER_COL). */
void fsb_report_heads(struct fsb_table *t, const char *const *heads, unsigned long numbers);
#define NUMBERS_FROM(c) (~0UL << (c))   /* column c and every one after it */
#define NUMBER_COL(c) (1UL << (c))

/* A number as the tables print it: centiseconds, three decimals below one
 * second (as the phase tables' seconds), whole numbers for rates of 100
 * and more; "—" (missing) for NAN; flags added to the cell's, prefix
 * before the text ("±").  report.c: the statistics; report_runs.c: the
 * run order's real time. */
void fsb_report_set_number(struct fsb_table *t, size_t r, size_t c, double v, bool rate, unsigned flags,
			   const char *prefix);

/*
 * One noise model for the document (issue 36, doc/measurement.md): a
 * table's or chart's cell against the baseline is judged by the verdict's
 * test — round by round, the spread between this machine's sessions
 * included, at the verdict's level (model/verdict.h, fsb_verdict_norm) —
 * wherever that test can judge it: a repeated result, a time metric, a
 * desktop phase or the total, two rounds a side, no --mann-whitney.
 * Elsewhere (one round, a built-in rate, the disk's figures, a comparison
 * of files) the cells' own test stays (model/cells.h).
 *
 * struct fsb_judges (report.h) holds the verdicts, one per metric, made
 * when first asked: the document's (o->judges, made once for all its
 * tables), else the table's own.  struct fsb_judged says what one table's
 * cells were judged by, for its caption.
 */
struct fsb_judged {
	bool used;               /* a cell was judged by the verdict's test */
	double level;            /* its intervals' confidence (0.975) */
	enum fsb_verdict_noise noise;  /* and where its spread between sessions came from */
};
/* o->judges when it is res's, else own made ready (close with the same pair) */
struct fsb_judges *fsb_report_judges_open(struct fsb_judges *own, const struct fsb_result *res,
					  const struct fsb_report_opts *o);
void fsb_report_judges_close(struct fsb_judges *J, struct fsb_judges *own);
/* The verdict of metric m, or NULL when that metric is never judged so. */
const struct fsb_verdict *fsb_report_judges_get(struct fsb_judges *J, enum fsb_metric m);
/* Cell a (row fs) against the baseline's cell b (row bfs) in column col,
 * metric m: fsb_cell_normalize, then the verdict's test where it can
 * (noted in *jd). */
struct fsb_norm fsb_report_judges_norm(struct fsb_judges *J, struct fsb_judged *jd, size_t fs, size_t bfs,
				       size_t col, const struct fsb_cellstats *a, const struct fsb_cellstats *b,
				       enum fsb_metric m);
/* "; * = significant (p < 0.05)", or the verdict's test's words when a
 * cell was judged by it (caller frees). */
char *fsb_report_judges_star(const struct fsb_judged *jd);

#endif
