/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The device's time series as the document shows them (timeseries.h).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/timeseries.h"
#include "model/stats.h"

/* The runs of phase that recorded series: every run, or (!all) the first
 * of each filesystem. */
static size_t collect(const struct fsb_result *res, const char *phase, bool all, struct fsb_series_line **out)
{
	const struct fsb_grid *g = fsb_result_grid(res);
	size_t n = 0, j = fsb_grid_column(g, phase);

	*out = NULL;
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_phase_result *ph = fsb_grid_cell(g, i, j);

		for (size_t k = 0; ph && k < ph->nruns; k++) {
			const struct fsb_series *s = ph->runs[k].series;

			if (!s || !s->n)
				continue;
			*out = fsb_xrealloc(*out, (n + 1) * sizeof(**out));
			(*out)[n].fs = fsb_xstrdup(res->fs[i]->name);
			(*out)[n].rep = (long)k + 1;
			(*out)[n].s = fsb_series_dup(s);
			n++;
			if (!all)
				break;
		}
	}
	return n;
}

size_t fsb_series_lines(const struct fsb_result *res, const char *phase, struct fsb_series_line **out)
{
	return collect(res, phase, false, out);
}

void fsb_series_lines_free(struct fsb_series_line *v, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(v[i].fs);
		fsb_series_free(v[i].s);
	}
	free(v);
}

void fsb_series_summary(const struct fsb_series *s, enum fsb_series_kind k, double *min, double *med,
			double *max)
{
	double *w;
	size_t n = 0;

	*min = *med = *max = NAN;
	if (!s || !s->v[k] || !s->n)
		return;
	w = fsb_xcalloc(s->n, sizeof(double));
	for (size_t i = 0; i < s->n; i++) {
		double v = s->v[k][i];

		if (isnan(v))
			continue;
		w[n++] = v;
		if (isnan(*min) || v < *min)
			*min = v;
		if (isnan(*max) || v > *max)
			*max = v;
	}
	if (n)
		*med = fsb_stats_median(w, n);
	free(w);
}

void fsb_series_value(enum fsb_series_kind k, double v, char *buf, size_t len)
{
	if (isnan(v)) {
		snprintf(buf, len, "-");
		return;
	}
	switch (k) {
	case FSB_SERIES_read_kib_s:
	case FSB_SERIES_write_kib_s:
		if (v >= 1024.0 * 100)
			snprintf(buf, len, "%.0f MiB/s", v / 1024.0);
		else if (v >= 1024.0)
			snprintf(buf, len, "%.1f MiB/s", v / 1024.0);
		else
			snprintf(buf, len, "%.0f KiB/s", v);
		break;
	case FSB_SERIES_iops:
		snprintf(buf, len, "%.0f IOPS", v);
		break;
	case FSB_SERIES_util_pct:
	case FSB_SERIES_COUNT:
		snprintf(buf, len, "%.0f%%", v);
		break;
	}
}

/* The table's numbers: throughput in MiB/s (KiB/s would not fit three to a
 * kind), IOPS and percent whole. */
static void cell(struct fsb_table *t, size_t r, size_t c, enum fsb_series_kind k, double v)
{
	bool tp = k == FSB_SERIES_read_kib_s || k == FSB_SERIES_write_kib_s;

	if (isnan(v))
		fsb_table_set(t, r, c, FSB_CELL_NUMBER | FSB_CELL_MISSING, NAN, "-");
	else if (tp)
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, v, "%.1f", v / 1024.0);
	else
		fsb_table_set(t, r, c, FSB_CELL_NUMBER, v, "%.0f", v);
}

int fsb_report_series(const struct fsb_result *res, const char *phase, struct fsb_table *t)
{
	static const enum fsb_series_kind order[] = {
		FSB_SERIES_write_kib_s, FSB_SERIES_read_kib_s, FSB_SERIES_iops, FSB_SERIES_util_pct,
	};
	static const char *const heads[] = { "write MiB/s", "read MiB/s", "IOPS", "busy %" };
	struct fsb_series_line *l;
	size_t rows = collect(res, phase, true, &l);
	char *id;

	if (!rows)
		return -ENOENT;
	id = fsb_xasprintf("series:%s", phase);
	fsb_table_init(t, id, rows + 2, 3 + 3 * FSB_ARRAY_SIZE(order), 2);
	free(id);
	for (size_t i = 0; i < t->nrows; i++)	/* a cell's text is never NULL */
		for (size_t c = 0; c < t->ncols; c++)
			fsb_table_set(t, i, c, i < 2 ? FSB_CELL_HEADER : 0, NAN, "%s", "");
	t->title = fsb_xasprintf("%s: the device over time", phase);
	t->caption = fsb_xstrdup("Per run, min / median / max of the samples (/proc/diskstats, about one a second)");
	fsb_table_set(t, 0, 0, FSB_CELL_HEADER, NAN, "%s", "");
	fsb_table_set(t, 0, 1, FSB_CELL_HEADER, NAN, "%s", "");
	fsb_table_set(t, 0, 2, FSB_CELL_HEADER, NAN, "%s", "");
	fsb_table_set(t, 1, 0, FSB_CELL_HEADER, NAN, "filesystem");
	fsb_table_set(t, 1, 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "run");
	fsb_table_set(t, 1, 2, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "s");
	for (size_t j = 0; j < FSB_ARRAY_SIZE(order); j++) {
		size_t c = 3 + 3 * j;

		fsb_table_set(t, 0, c, FSB_CELL_HEADER, NAN, "%s", heads[j]);
		fsb_table_cell(t, 0, c)->span = 3;
		fsb_table_cell(t, 0, c + 1)->span = 0;
		fsb_table_cell(t, 0, c + 2)->span = 0;
		fsb_table_set(t, 1, c, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "min");
		fsb_table_set(t, 1, c + 1, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "median");
		fsb_table_set(t, 1, c + 2, FSB_CELL_HEADER | FSB_CELL_NUMBER, NAN, "max");
	}
	for (size_t i = 0; i < rows; i++) {
		const struct fsb_series *s = l[i].s;
		size_t r = i + 2;

		fsb_table_set(t, r, 0, FSB_CELL_NAME, NAN, "%s", l[i].fs);
		fsb_table_set(t, r, 1, FSB_CELL_NUMBER, (double)l[i].rep, "%ld", l[i].rep);
		fsb_table_set(t, r, 2, FSB_CELL_NUMBER, s->step * (double)s->n, "%.0f", s->step * (double)s->n);
		for (size_t j = 0; j < FSB_ARRAY_SIZE(order); j++) {
			double mn, md, mx;

			fsb_series_summary(s, order[j], &mn, &md, &mx);
			cell(t, r, 3 + 3 * j, order[j], mn);
			cell(t, r, 4 + 3 * j, order[j], md);
			cell(t, r, 5 + 3 * j, order[j], mx);
		}
	}
	fsb_series_lines_free(l, rows);
	return 0;
}

size_t fsb_series_spark(const struct fsb_series *s, enum fsb_series_kind k, size_t width, bool utf8,
			char *buf, size_t len, double *peak, size_t *peak_col)
{
	static const char *const blocks[] = { "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█" };
	static const char ascii[] = "_.:-=+*#";
	size_t cols, at = 0;
	double max = 0;

	*peak = NAN;
	*peak_col = 0;
	if (len)
		buf[0] = '\0';
	if (!s || !s->v[k] || !s->n || !width)
		return 0;
	cols = s->n < width ? s->n : width;
	for (size_t i = 0; i < s->n; i++)
		if (!isnan(s->v[k][i]) && (isnan(*peak) || s->v[k][i] > *peak)) {
			*peak = s->v[k][i];
			*peak_col = i * cols / s->n;
		}
	if (isnan(*peak))
		return 0;
	max = *peak;
	for (size_t c = 0; c < cols; c++) {
		size_t lo = c * s->n / cols, hi = (c + 1) * s->n / cols;
		double sum = 0;
		size_t m = 0;
		int level;

		for (size_t i = lo; i < hi; i++)
			if (!isnan(s->v[k][i])) {
				sum += s->v[k][i];
				m++;
			}
		if (c == *peak_col)
			level = m ? 7 : 0;	/* the labelled peak is the column's top */
		else
			level = m ? (int)lround(sum / (double)m / max * 7.0) : 0;
		if (level < 0)
			level = 0;
		if (level > 7)
			level = 7;
		if (max <= 0) {
			/* nothing but zero: no bar at all, not a lowest one */
			if (at + 2 > len)
				break;
			buf[at++] = ' ';
		} else if (utf8) {
			size_t bl = strlen(blocks[level]);

			if (at + bl + 1 > len)
				break;
			memcpy(buf + at, blocks[level], bl);
			at += bl;
		} else {
			if (at + 2 > len)
				break;
			buf[at++] = m ? ascii[level] : ' ';
		}
		buf[at] = '\0';
	}
	return cols;
}

char *fsb_series_line_text(const struct fsb_series_line *l, enum fsb_series_kind k, size_t namew,
			   size_t width, bool utf8)
{
	char spark[8 * 256], val[48];
	double peak;
	size_t col, cols, at;

	if (width > 255)
		width = 255;
	cols = fsb_series_spark(l->s, k, width, utf8, spark, sizeof(spark), &peak, &col);
	if (!cols)
		return fsb_xasprintf("%-*s  (not recorded)", (int)namew, l->fs);
	fsb_series_value(k, peak, val, sizeof(val));
	for (size_t i = cols; i < width; i++)
		strcat(spark, " ");
	for (at = 0; at < l->s->n && l->s->v[k][at] != peak; at++)
		;
	/* sample i covers seconds [i·step, (i+1)·step): its end is when it was seen */
	return fsb_xasprintf("%-*s  %s  peak %s at %.0f s of %.0f s", (int)namew, l->fs, spark, val,
			     (double)(at + 1) * l->s->step, l->s->step * (double)l->s->n);
}

char *fsb_series_title(const char *phase, enum fsb_series_kind k)
{
	return fsb_xasprintf("%s: %s over time", phase, fsb_series_infos[k].desc);
}
