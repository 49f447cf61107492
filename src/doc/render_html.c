/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * report.h's tables as HTML and its charts as inline SVG (render.h).  The
 * cell flags become classes, so one stylesheet (export_html.c's) decides
 * the looks; the SVG also carries its colours as attributes, so a chart
 * copied out of the page on its own still reads right.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/render.h"
#include "doc/timeseries.h"

void fsb_html_escape(FILE *fp, const char *raw)
{
	/* control characters (invalid in HTML) and bidi overrides shown as
	 * escapes first, then the markup characters */
	char *vis = fsb_xstr_visible(raw);
	const char *s = vis;

	for (; s && *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", fp); break;
		case '<': fputs("&lt;", fp); break;
		case '>': fputs("&gt;", fp); break;
		case '"': fputs("&quot;", fp); break;
		case '\'': fputs("&#39;", fp); break;
		default: fputc(*s, fp);
		}
	}
	free(vis);
}

void fsb_html_id(FILE *fp, const char *prefix, const char *s)
{
	fputs(prefix, fp);
	for (; s && *s; s++)
		fputc((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '-'
		      ? *s : '_', fp);
}

/* The header flag is never a class (class_attr masks it: a <th> says so). */
const struct fsb_cell_flag_word fsb_cell_flag_words[] = {
	{ FSB_CELL_HEADER, "header", "header" },
	{ FSB_CELL_NAME, "name", "name" },
	{ FSB_CELL_NUMBER, "num", "number" },
	{ FSB_CELL_RATIO, "ratio", "ratio" },
	{ FSB_CELL_BASELINE, "baseline", "baseline" },
	{ FSB_CELL_SIGNIFICANT, "sig", "significant" },
	{ FSB_CELL_BETTER, "better", "better" },
	{ FSB_CELL_WORSE, "worse", "worse" },
	{ FSB_CELL_BEST, "best", "best" },
	{ FSB_CELL_PENDING, "pending", "pending" },
	{ FSB_CELL_FAILED, "failed", "failed" },
	{ FSB_CELL_MISSING, "missing", "missing" },
	{ FSB_CELL_OUTLIER, "outlier", "outlier" },
	{ FSB_CELL_DIM, "dim", "dim" },
	{ FSB_CELL_CACHED, "cached", "page_cache" },
	{ FSB_CELL_COMPRESSED, "compressed", "compressed" },
	{ FSB_CELL_CPU_BOUND, "cpu-bound", "cpu_bound" },
	{ FSB_CELL_LESS_WORK, "less-work", "less_work" },
	{ 0, NULL, NULL },
};

static void class_attr(FILE *fp, unsigned flags)
{
	bool any = false;

	for (size_t i = 0; fsb_cell_flag_words[i].flag; i++)
		if (flags & fsb_cell_flag_words[i].flag) {
			fputs(any ? " " : " class=\"", fp);
			fputs(fsb_cell_flag_words[i].cls, fp);
			any = true;
		}
	if (any)
		fputc('"', fp);
}

static const char *cell_hint(unsigned flags)
{
	if (flags & FSB_CELL_OUTLIER)
		return "outlier (3 MAD from the median): left out of the mean";
	if (flags & FSB_CELL_SIGNIFICANT)
		return "significantly different from the baseline (p < 0.05)";
	if (flags & FSB_CELL_FAILED)
		return "failed: see the notes";
	return NULL;
}

void fsb_render_table_html(FILE *fp, const struct fsb_table *t)
{
	/* title and explanation above the table rather than in <caption>,
	 * where a long explanation would stretch a narrow table */
	fputs("<div class=\"tbl\">\n", fp);
	if (t->title) {
		fputs("<p class=\"ttitle\">", fp);
		fsb_html_escape(fp, t->title);
		fputs("</p>\n", fp);
	}
	if (t->caption) {
		fputs("<p class=\"caption\">", fp);
		fsb_html_escape(fp, t->caption);
		fputs("</p>\n", fp);
	}
	fputs("<table", fp);
	if (t->id) {
		fputs(" id=\"", fp);
		fsb_html_id(fp, "t-", t->id);
		fputc('"', fp);
	}
	if (t->title) {
		fputs(" aria-label=\"", fp);
		fsb_html_escape(fp, t->title);
		fputc('"', fp);
	}
	fputs(">\n", fp);
	for (size_t r = 0; r < t->nrows; r++) {
		bool head = r < t->header_rows;

		if (r == 0 && head)
			fputs("<thead>\n", fp);
		if (r == t->header_rows)
			fputs("<tbody>\n", fp);
		fputs("<tr>", fp);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);
			const char *tag = head ? "th" : cell->flags & FSB_CELL_NAME ? "th" : "td";
			const char *hint = cell_hint(cell->flags);

			if (cell->span == 0)
				continue;
			fprintf(fp, "<%s", tag);
			if (!head && cell->flags & FSB_CELL_NAME)
				fputs(" scope=\"row\"", fp);
			if (cell->span > 1)
				fprintf(fp, " colspan=\"%d\"", cell->span);
			class_attr(fp, cell->flags & ~(unsigned)FSB_CELL_HEADER);
			if (hint) {
				fputs(" title=\"", fp);
				fsb_html_escape(fp, hint);
				fputc('"', fp);
			}
			fputc('>', fp);
			fsb_html_escape(fp, cell->text);
			fprintf(fp, "</%s>", tag);
		}
		fputs("</tr>\n", fp);
		if (head && r + 1 == t->header_rows)
			fputs("</thead>\n", fp);
	}
	if (t->nrows > t->header_rows)
		fputs("</tbody>\n", fp);
	fputs("</table>\n", fp);
	if (t->notes.n) {
		fputs("<ul class=\"notes\">\n", fp);
		for (size_t i = 0; i < t->notes.n; i++) {
			fputs("<li>", fp);
			fsb_html_escape(fp, t->notes.v[i]);
			fputs("</li>\n", fp);
		}
		fputs("</ul>\n", fp);
	}
	fputs("</div>\n", fp);
}

/* Geometry of a chart, in SVG user units (px). */
enum {
	SVG_WIDTH = 640,
	SVG_LABEL = 120,          /* filesystem names */
	SVG_VALUE = 70,           /* "1.13*" after the bar area */
	SVG_ROW = 24,
	SVG_BAR = 14,
	SVG_TOP = 8,
	SVG_AXIS = 22,            /* tick labels under the bars */
};

static const char *bar_fill(unsigned flags)
{
	if (flags & FSB_CELL_BASELINE)
		return "#7f8c8d";
	if (flags & FSB_CELL_BETTER)
		return "#2e8b57";
	if (flags & FSB_CELL_WORSE)
		return "#c0392b";
	return "#5d6d7e";
}

void fsb_render_chart_svg(FILE *fp, const struct fsb_chart *c)
{
	const double area = SVG_WIDTH - SVG_LABEL - SVG_VALUE;
	double max = c->max > 0 ? c->max : 1;
	int height = SVG_TOP + (int)c->n * SVG_ROW + SVG_AXIS;
	double x1 = SVG_LABEL + area / max;

#define X(v) (SVG_LABEL + area * ((v) < 0 ? 0 : (v) > max ? max : (v)) / max)
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\">\n",
		SVG_WIDTH, height, SVG_WIDTH, height);
	fputs("<title>", fp);
	fsb_html_escape(fp, c->title);
	fputs("</title>\n", fp);
	for (size_t i = 0; i < c->n; i++) {
		const struct fsb_bar *b = &c->bars[i];
		double y = SVG_TOP + (double)i * SVG_ROW, cy = y + SVG_ROW / 2.0;
		bool sig = b->flags & FSB_CELL_SIGNIFICANT, base = b->flags & FSB_CELL_BASELINE;

		fprintf(fp, "<text class=\"label\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\" dominant-baseline=\"middle\"%s>",
			SVG_LABEL - 8, cy, base ? " font-weight=\"bold\"" : "");
		fsb_html_escape(fp, b->label);
		fputs("</text>\n", fp);
		if (!isnan(b->value)) {
			fputs("<rect", fp);
			fputs(" class=\"bar", fp);
			for (size_t k = 0; fsb_cell_flag_words[k].flag; k++)
				if (b->flags & fsb_cell_flag_words[k].flag && fsb_cell_flag_words[k].flag != FSB_CELL_NUMBER &&
				    fsb_cell_flag_words[k].flag != FSB_CELL_RATIO)
					fprintf(fp, " %s", fsb_cell_flag_words[k].cls);
			/* a significant difference is drawn solid, noise is drawn faint */
			fprintf(fp, "\" x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\" fill-opacity=\"%s\">",
				SVG_LABEL, cy - SVG_BAR / 2.0, X(b->value) - SVG_LABEL, SVG_BAR, bar_fill(b->flags),
				sig || base ? "1" : "0.55");
			fputs("<title>", fp);
			fsb_html_escape(fp, b->label);
			fprintf(fp, ": %.2f", b->value);
			if (!isnan(b->lo) && !isnan(b->hi))
				fprintf(fp, " (95%% CI %.2f to %.2f)", b->lo, b->hi);
			if (sig)
				fputs(", significantly different from the baseline", fp);
			fputs("</title></rect>\n", fp);
			if (!isnan(b->lo) && !isnan(b->hi)) {
				double lo = X(b->lo), hi = X(b->hi);

				fprintf(fp, "<g class=\"errorbar\" stroke=\"#222\" stroke-width=\"1.2\">"
					"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", lo, cy, hi, cy);
				/* a cap where the interval ends, none where the chart cuts it off */
				if (b->lo >= 0)
					fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", lo, cy - 5, lo, cy + 5);
				if (b->hi <= max)
					fprintf(fp, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", hi, cy - 5, hi, cy + 5);
				fputs("</g>\n", fp);
			}
		}
		fprintf(fp, "<text class=\"value\" x=\"%d\" y=\"%.1f\" dominant-baseline=\"middle\"%s>",
			SVG_WIDTH - SVG_VALUE + 6, cy, sig ? " font-weight=\"bold\"" : "");
		fsb_html_escape(fp, b->text ? b->text : "");
		fputs("</text>\n", fp);
	}
	/* the axis: 0, the baseline at 1.00 (dashed, across the bars) and the end */
	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>\n", SVG_LABEL,
		height - SVG_AXIS, SVG_LABEL + area, height - SVG_AXIS);
	fprintf(fp, "<line class=\"baseline\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#333\" "
		"stroke-dasharray=\"4 3\"/>\n", x1, SVG_TOP / 2, x1, height - SVG_AXIS + 4);
	fprintf(fp, "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"middle\" fill=\"#555\">0</text>\n", SVG_LABEL,
		height - 6);
	fprintf(fp, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\" fill=\"#333\">1.00</text>\n", x1,
		height - 6);
	if (max >= 1.3)
		fprintf(fp, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%.2f</text>\n",
			SVG_LABEL + area, height - 6, max);
	fputs("</svg>\n", fp);
#undef X
}

/* A standalone file: the inline chart nested under its title, on white
 * (a forum's dark theme would swallow dark text on transparency). */
enum { SVG_HEAD = 44 };

void fsb_render_chart_svg_file(FILE *fp, const struct fsb_chart *c)
{
	int height = SVG_HEAD + SVG_TOP + (int)c->n * SVG_ROW + SVG_AXIS;
	bool whiskers = false;

	for (size_t i = 0; i < c->n; i++)
		whiskers |= !isnan(c->bars[i].lo) && !isnan(c->bars[i].hi);
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", fp);
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"font-family=\"sans-serif\" font-size=\"12\">\n", SVG_WIDTH, height, SVG_WIDTH, height);
	fputs("<title>", fp);
	fsb_html_escape(fp, c->title);
	fputs("</title>\n<desc>Made by fsbench " FSB_VERSION ".</desc>\n", fp);
	fprintf(fp, "<rect class=\"background\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", SVG_WIDTH, height);
	fputs("<text class=\"title\" x=\"8\" y=\"18\" font-size=\"14\" font-weight=\"bold\" fill=\"#222\">", fp);
	fsb_html_escape(fp, c->title);
	fputs("</text>\n", fp);
	fprintf(fp, "<text class=\"legend\" x=\"8\" y=\"36\" fill=\"#555\">1.00 = the baseline, longer is slower; "
		"solid when significant (p &lt; 0.05)%s</text>\n", whiskers ? "; whiskers: 95% CI of the ratio" : "");
	fprintf(fp, "<g transform=\"translate(0,%d)\">\n", SVG_HEAD);
	fsb_render_chart_svg(fp, c);
	fputs("</g>\n</svg>\n", fp);
}

/* Geometry of a time-series chart. */
enum {
	TS_WIDTH = 640,
	TS_HEIGHT = 170,
	TS_LEFT = 74,             /* value labels */
	TS_LEGEND = 130,          /* filesystem names at the right */
	TS_TOP = 10,
	TS_AXIS = 24,             /* time labels under the plot */
};

/* Distinct line colors, the bar charts' sober tones first. */
static const char *const ts_colors[] = {
	"#2c3e50", "#c0392b", "#2e8b57", "#d68910", "#7d3c98", "#2874a6", "#7f8c8d", "#a04000",
};

/* Where a time-series chart's values go: the plot's size, and the longest
 * run and the highest value, which its right and top edges stand for. */
struct ts_scale {
	double pw, ph;           /* the plot, inside the labels */
	double tmax, vmax;       /* > 0 */
};

/* The axes: 0 and the peak up the left, 0 and the longest run along the bottom. */
static void ts_axes(FILE *fp, const struct ts_scale *sc, enum fsb_series_kind k)
{
	const double pw = sc->pw, ph = sc->ph;
	char lab[48];

	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#999\"/>\n", TS_LEFT,
		TS_TOP + (int)ph, TS_LEFT + pw, TS_TOP + (int)ph);
	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>\n", TS_LEFT,
		TS_TOP, TS_LEFT, TS_TOP + (int)ph);
	fprintf(fp, "<line class=\"grid\" x1=\"%d\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\" "
		"stroke-dasharray=\"4 3\"/>\n", TS_LEFT, TS_TOP, TS_LEFT + pw, TS_TOP);
	fsb_series_value(k, sc->vmax, lab, sizeof(lab));
	fprintf(fp, "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\" "
		"fill=\"#555\">", TS_LEFT - 6, TS_TOP);
	fsb_html_escape(fp, lab);
	fputs("</text>\n", fp);
	fprintf(fp, "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"end\" dominant-baseline=\"middle\" "
		"fill=\"#555\">0</text>\n", TS_LEFT - 6, TS_TOP + (int)ph);
	fprintf(fp, "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"start\" fill=\"#555\">0 s</text>\n",
		TS_LEFT, TS_HEIGHT - 6);
	fprintf(fp, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"end\" fill=\"#555\">%.0f s</text>\n",
		TS_LEFT + pw, TS_HEIGHT - 6, sc->tmax);
}

/* Line i of a time-series chart: its polyline (its summary as its title)
 * and its entry in the legend at the right. */
static void ts_line(FILE *fp, const struct ts_scale *sc, const struct fsb_series_line *line, size_t i,
		    enum fsb_series_kind k)
{
	const double pw = sc->pw, ph = sc->ph;
	const struct fsb_series *s = line->s;
	const char *color = ts_colors[i % FSB_ARRAY_SIZE(ts_colors)];
	double ly = TS_TOP + 8 + (double)i * 16;
	bool pen = false;

	fputs("<polyline class=\"series\" data-fs=\"", fp);
	fsb_html_escape(fp, line->fs);
	fprintf(fp, "\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.6\" points=\"", color);
	/* sample j stands for the middle of its step; a gap (not measured) is skipped */
	for (size_t j = 0; s->v[k] && j < s->n; j++) {
		double v = s->v[k][j];

		if (isnan(v))
			continue;
		fprintf(fp, "%s%.1f,%.1f", pen ? " " : "", TS_LEFT + pw * ((double)j + 0.5) * s->step / sc->tmax,
			TS_TOP + ph - ph * v / sc->vmax);
		pen = true;
	}
	fputs("\"><title>", fp);
	fsb_html_escape(fp, line->fs);
	{
		double mn, md, mx;
		char a[48], b[48], c[48];

		fsb_series_summary(s, k, &mn, &md, &mx);
		fsb_series_value(k, mn, a, sizeof(a));
		fsb_series_value(k, md, b, sizeof(b));
		fsb_series_value(k, mx, c, sizeof(c));
		fprintf(fp, " (run %ld): min %s, median %s, max %s", line->rep, a, b, c);
	}
	fputs("</title></polyline>\n", fp);
	fprintf(fp, "<line class=\"legend\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
		"stroke-width=\"3\"/>", TS_LEFT + pw + 10, ly, TS_LEFT + pw + 26, ly, color);
	fprintf(fp, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\" dominant-baseline=\"middle\">",
		TS_LEFT + pw + 30, ly);
	fsb_html_escape(fp, line->fs);
	fputs("</text>\n", fp);
}

void fsb_render_series_svg(FILE *fp, const struct fsb_series_line *lines, size_t n, enum fsb_series_kind k,
			   const char *title)
{
	struct ts_scale sc = { TS_WIDTH - TS_LEFT - TS_LEGEND, TS_HEIGHT - TS_TOP - TS_AXIS, 0, 0 };

	for (size_t i = 0; i < n; i++) {
		const struct fsb_series *s = lines[i].s;

		if (s->step * (double)s->n > sc.tmax)
			sc.tmax = s->step * (double)s->n;
		for (size_t j = 0; s->v[k] && j < s->n; j++)
			if (!isnan(s->v[k][j]) && s->v[k][j] > sc.vmax)
				sc.vmax = s->v[k][j];
	}
	if (sc.tmax <= 0)
		sc.tmax = 1;
	if (sc.vmax <= 0)
		sc.vmax = 1;
	/* not class "chart": that names the bar charts (their checks count bars) */
	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"timeseries\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" font-family=\"sans-serif\" font-size=\"12\" "
		"style=\"max-width:100%%;height:auto\">\n",
		TS_WIDTH, TS_HEIGHT, TS_WIDTH, TS_HEIGHT);
	fputs("<title>", fp);
	fsb_html_escape(fp, title);
	fputs("</title>\n", fp);
	ts_axes(fp, &sc, k);
	for (size_t i = 0; i < n; i++)
		ts_line(fp, &sc, &lines[i], i, k);
	fputs("</svg>\n", fp);
}
