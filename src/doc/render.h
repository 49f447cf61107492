/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * render.h — drawing report.h's tables and charts as text (the terminal,
 * `fsbench show`), Markdown and HTML (the exports).  The TUI draws the same
 * tables with curses in ui/widgets.c; the width and alignment rules live
 * here so both agree (fsb_table_widths).
 */
#ifndef FSB_RENDER_H
#define FSB_RENDER_H

#include <stdbool.h>
#include <stdio.h>

#include "doc/report.h"

/* Display width of a UTF-8 string (columns, not bytes). */
size_t fsb_text_width(const char *s);
/* The text as it should be shown: unchanged with utf8, else "…" "—" "±" "×"
 * "→" spelled in ASCII.  Returns a pointer into a thread-local buffer. */
const char *fsb_text_display(const char *s, bool utf8);
/* Does the current locale use UTF-8? */
bool fsb_locale_utf8(void);

/* Column widths for the text layout of t (gap = spaces between columns);
 * widths must have t->ncols entries.  Returns the total width. */
size_t fsb_table_widths(const struct fsb_table *t, bool utf8, size_t gap, size_t *widths);

struct fsb_render_opts {
	bool utf8;               /* Unicode symbols and eighth blocks */
	bool notes;              /* print the table's footnotes */
	size_t width;            /* charts: total width in columns */
};

void fsb_render_table_text(FILE *fp, const struct fsb_table *t, const struct fsb_render_opts *o);
void fsb_render_table_markdown(FILE *fp, const struct fsb_table *t);
/* s with every character Markdown could read as markup backslash-escaped. */
void fsb_markdown_escape(FILE *fp, const char *s);
void fsb_render_chart_text(FILE *fp, const struct fsb_chart *c, const struct fsb_render_opts *o);

/*
 * HTML (render_html.c): a table as <table> whose cells carry the flags as
 * classes (num, ratio, baseline, sig, better, worse, outlier, failed, dim
 * …) with its notes as a list after it; a chart as inline SVG, one
 * <rect class="bar …"> per bar with a value, whiskers from the bar's lo/hi
 * (95% CI of the ratio), a dashed line at 1.00.  Self-contained: no
 * script, no external reference.  Text is escaped for HTML.
 */
void fsb_render_table_html(FILE *fp, const struct fsb_table *t);
/* The cell flags' names, one table for every output: cls the HTML class,
 * field the JSON boolean (json.h).  Terminated by flag 0. */
struct fsb_cell_flag_word {
	unsigned flag;           /* enum fsb_cell_flag */
	const char *cls, *field;
};
extern const struct fsb_cell_flag_word fsb_cell_flag_words[];
void fsb_render_chart_svg(FILE *fp, const struct fsb_chart *c);
/* The same chart as a standalone SVG file: the XML declaration, a white
 * background, its title and how to read it above the bars. */
void fsb_render_chart_svg_file(FILE *fp, const struct fsb_chart *c);
/*
 * A time-series chart as inline SVG (class "timeseries"): one <polyline class="series"> per
 * line (a filesystem), all on one time axis (seconds since the phase
 * began) and one value axis from 0 to the peak of kind k, a legend of the
 * filesystems beside it.  Same style as the bar charts.
 */
struct fsb_series_line;
void fsb_render_series_svg(FILE *fp, const struct fsb_series_line *lines, size_t n, enum fsb_series_kind k,
			   const char *title);
/* s with & < > " ' escaped. */
void fsb_html_escape(FILE *fp, const char *s);
/* prefix + s with everything but [A-Za-z0-9-] made '_': an id attribute. */
void fsb_html_id(FILE *fp, const char *prefix, const char *s);

/*
 * One bar of a text chart into buf: value scaled so that max fills width
 * columns, with the baseline (1.00) marked.  Used by the TUI too.  Any
 * value is safe: <= 0 or NaN (a negative dead time) fills nothing, more
 * than max fills width; the bar never exceeds width columns or len bytes.
 */
void fsb_chart_bar(char *buf, size_t len, double value, double max, size_t width, bool utf8);

#endif
