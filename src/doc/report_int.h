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

#endif
