/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * timeseries.h — what the device did over a phase's time (the runs'
 * struct fsb_series, model/result.h) as the document shows it: which runs
 * a phase's chart draws, their min / median / max table, and a one-line
 * sparkline that the text renderer and the TUI share.  Nothing here
 * prints; the SVG line chart is render_html.c's.
 */
#ifndef FSB_TIMESERIES_H
#define FSB_TIMESERIES_H

#include <stdbool.h>
#include <stddef.h>

#include "doc/report.h"

/* One line of a phase's time-series chart: a filesystem's run. */
struct fsb_series_line {
	char *fs;                /* filesystem name */
	long rep;                /* repetition, 1-based */
	struct fsb_series *s;    /* owned copy */
};

/*
 * The lines of phase's chart: per filesystem, the first run that has
 * samples (repetitions differ little; one line per filesystem keeps the
 * chart readable).  Returns how many; *out is heap (free with
 * fsb_series_lines_free), NULL when none.
 */
size_t fsb_series_lines(const struct fsb_result *res, const char *phase, struct fsb_series_line **out);
void fsb_series_lines_free(struct fsb_series_line *v, size_t n);

/* min, median, max of kind k over the samples (NAN when none). */
void fsb_series_summary(const struct fsb_series *s, enum fsb_series_kind k, double *min, double *med,
			double *max);

/*
 * The table of `show --raw`: one row per run of phase that has samples
 * (filesystem, repetition, seconds covered), then min / median / max of
 * each kind.  0, or -ENOENT when no run of the phase has samples.
 */
int fsb_report_series(const struct fsb_result *res, const char *phase, struct fsb_table *t);

/*
 * A sparkline of kind k into buf: width columns of eighth blocks (utf8) or
 * " .:-=+*#" (ASCII), each column the mean of the samples it covers, scaled
 * to the peak; every column of a series whose peak is zero is blank.
 * *peak gets the largest sample, *peak_col its column.
 * Returns the columns drawn (fewer than width when there are fewer
 * samples); 0 when there is nothing to draw.
 */
size_t fsb_series_spark(const struct fsb_series *s, enum fsb_series_kind k, size_t width, bool utf8,
			char *buf, size_t len, double *peak, size_t *peak_col);

/*
 * One line of a SERIES block as text, for the text renderer and the TUI:
 * the filesystem padded to namew, the sparkline (width columns), then
 * "peak 45.1 MiB/s at 3 s of 7 s".  Into buf (heap, caller frees).
 */
char *fsb_series_line_text(const struct fsb_series_line *l, enum fsb_series_kind k, size_t namew,
			   size_t width, bool utf8);
/* The heading of a SERIES block: "tar: write throughput over time". */
char *fsb_series_title(const char *phase, enum fsb_series_kind k);

/* A value of kind k with its unit, short: "12.3 MiB/s", "340 IOPS", "87%". */
void fsb_series_value(enum fsb_series_kind k, double v, char *buf, size_t len);

#endif
