/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <langinfo.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/render.h"

bool fsb_locale_utf8(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
}

size_t fsb_text_width(const char *s)
{
	size_t w = 0;

	/* every character we produce is one column wide: count code points */
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p & 0xc0) != 0x80)
			w++;
	return w;
}

const char *fsb_text_display(const char *s, bool utf8)
{
	static __thread char buf[1024], vis[1024];
	static const char *const map[][2] = {
		{ "…", "..." }, { "—", "-" }, { "±", "+-" }, { "×", "x" }, { "→", "->" },
		{ "▏", "|" }, { "█", "#" },
	};
	size_t n = 0;

	/* nothing from a file reaches the terminal raw: escapes, newlines,
	 * bidi overrides are shown (fsb_str_visible) */
	if (!fsb_str_is_visible(s)) {
		fsb_str_visible(vis, sizeof(vis), s);
		s = vis;
	}
	if (utf8)
		return s;
	for (const char *p = s; *p && n + 4 < sizeof(buf);) {
		bool done = false;

		for (size_t i = 0; i < FSB_ARRAY_SIZE(map) && !done; i++) {
			size_t l = strlen(map[i][0]);

			if (strncmp(p, map[i][0], l) == 0) {
				size_t r = strlen(map[i][1]);

				if (n + r + 1 >= sizeof(buf))
					break;
				memcpy(buf + n, map[i][1], r);
				n += r;
				p += l;
				done = true;
			}
		}
		if (!done) {
			/* any other non-ASCII character becomes '?' */
			if ((unsigned char)*p >= 0x80) {
				buf[n++] = '?';
				p++;
				while ((*p & 0xc0) == 0x80)
					p++;
			} else {
				buf[n++] = *p++;
			}
		}
	}
	buf[n] = '\0';
	return buf;
}

size_t fsb_table_widths(const struct fsb_table *t, bool utf8, size_t gap, size_t *widths)
{
	size_t total = 0;

	for (size_t c = 0; c < t->ncols; c++)
		widths[c] = 0;
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);
			size_t w = fsb_text_width(fsb_text_display(cell->text, utf8));

			if (cell->span == 1 && w > widths[c])
				widths[c] = w;
		}
	/* a spanning header wider than its columns widens the last of them */
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);
			size_t w, have = 0;

			if (cell->span <= 1)
				continue;
			w = fsb_text_width(fsb_text_display(cell->text, utf8));
			for (int k = 0; k < cell->span; k++)
				have += widths[c + (size_t)k] + (k ? gap : 0);
			if (w > have)
				widths[c + (size_t)cell->span - 1] += w - have;
		}
	for (size_t c = 0; c < t->ncols; c++)
		total += widths[c] + (c ? gap : 0);
	return total;
}

static void pad(FILE *fp, size_t n)
{
	while (n--)
		fputc(' ', fp);
}

void fsb_render_table_text(FILE *fp, const struct fsb_table *t, const struct fsb_render_opts *o)
{
	const size_t gap = 2;
	size_t widths[t->ncols ? t->ncols : 1];

	fsb_table_widths(t, o->utf8, gap, widths);
	if (t->title)
		fprintf(fp, "%s\n", fsb_text_display(t->title, o->utf8));
	if (t->caption)
		fprintf(fp, "(%s)\n", fsb_text_display(t->caption, o->utf8));
	for (size_t r = 0; r < t->nrows; r++) {
		struct fsb_buf line = { 0 };

		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);
			const char *text;
			size_t w = 0, tw;

			if (cell->span == 0)
				continue;
			for (int k = 0; k < cell->span; k++)
				w += widths[c + (size_t)k] + (k ? gap : 0);
			text = fsb_text_display(cell->text, o->utf8);
			tw = fsb_text_width(text);
			if (c)
				fsb_buf_add(&line, "  ");
			if (cell->span > 1) {
				size_t left = (w - tw) / 2;

				for (size_t i = 0; i < left; i++)
					fsb_buf_add(&line, " ");
				fsb_buf_add(&line, text);
				for (size_t i = left + tw; i < w; i++)
					fsb_buf_add(&line, " ");
			} else if (cell->flags & FSB_CELL_NUMBER) {
				for (size_t i = tw; i < w; i++)
					fsb_buf_add(&line, " ");
				fsb_buf_add(&line, text);
			} else {
				fsb_buf_add(&line, text);
				for (size_t i = tw; i < w; i++)
					fsb_buf_add(&line, " ");
			}
		}
		/* no trailing blanks: the output is diffed in tests */
		while (line.len && line.s[line.len - 1] == ' ')
			line.s[--line.len] = '\0';
		fprintf(fp, "%s\n", line.s ? line.s : "");
		fsb_buf_free(&line);
	}
	if (o->notes)
		for (size_t i = 0; i < t->notes.n; i++)
			fprintf(fp, "  note: %s\n", fsb_text_display(t->notes.v[i], o->utf8));
}

void fsb_markdown_escape(FILE *fp, const char *raw)
{
	/* control characters and newlines (which would end a table row) shown
	 * as escapes first */
	char *vis = fsb_xstr_visible(raw);

	/* everything CommonMark (and GFM's tables and strikethrough) could
	 * read as markup inside a line: "rm -rf $MNT/<star>" must not start emphasis */
	for (const char *s = vis; s && *s; s++) {
		if (strchr("\\`*_[]<>|~&#!", *s))
			fputc('\\', fp);
		fputc(*s, fp);
	}
	free(vis);
}

/* The header of column c: the header rows' texts stacked, a spanning cell's
 * text standing for every column it covers. */
static void markdown_head(const struct fsb_table *t, size_t c, struct fsb_buf *h)
{
	for (size_t r = 0; r < t->header_rows; r++) {
		size_t k = c;

		while (k > 0 && fsb_table_cell(t, r, k)->span == 0)
			k--;
		if (*fsb_table_cell(t, r, k)->text && strcmp(fsb_table_cell(t, r, k)->text, " ")) {
			if (h->len)
				fsb_buf_add(h, " ");
			fsb_buf_add(h, fsb_table_cell(t, r, k)->text);
		}
	}
}

/* Markdown has one header row: stack the header rows into it. */
void fsb_render_table_markdown(FILE *fp, const struct fsb_table *t)
{
	char *prev = NULL;

	if (t->title) {
		fputs("**", fp);
		fsb_markdown_escape(fp, t->title);
		fputs("**  \n", fp);
	}
	if (t->caption) {
		fputc('_', fp);
		fsb_markdown_escape(fp, t->caption);
		fputs("_\n\n", fp);
	}
	fputc('|', fp);
	for (size_t c = 0; c < t->ncols; c++) {
		struct fsb_buf h = { 0 };

		markdown_head(t, c, &h);
		/* a spanned header ("usr" over seconds and ratio) would name two
		 * columns alike: the ratio column says it is one */
		if (h.s && prev && strcmp(h.s, prev) == 0 && t->nrows > t->header_rows &&
		    fsb_table_cell(t, t->header_rows, c)->flags & FSB_CELL_RATIO)
			fsb_buf_add(&h, " ×");
		fputc(' ', fp);
		fsb_markdown_escape(fp, h.s ? h.s : "");
		fputs(" |", fp);
		free(prev);
		prev = fsb_buf_steal(&h);
	}
	free(prev);
	fputs("\n|", fp);
	/* aligned as the first row under the header; a table of no row (a
	 * latency table of no run) as its header */
	for (size_t c = 0; c < t->ncols; c++)
		fputs(fsb_table_cell(t, t->nrows > t->header_rows ? t->header_rows : 0, c)->flags & FSB_CELL_NUMBER
			      ? " ---: |" : " --- |", fp);
	fputc('\n', fp);
	for (size_t r = t->header_rows; r < t->nrows; r++) {
		fputc('|', fp);
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);
			bool bold = cell->flags & FSB_CELL_BASELINE && cell->flags & FSB_CELL_NAME;

			fputc(' ', fp);
			if (bold)
				fputs("**", fp);
			fsb_markdown_escape(fp, cell->text);
			if (bold)
				fputs("**", fp);
			fputs(" |", fp);
		}
		fputc('\n', fp);
	}
	for (size_t i = 0; i < t->notes.n; i++) {
		fputs(i ? "- " : "\n- ", fp);
		fsb_markdown_escape(fp, t->notes.v[i]);
		fputc('\n', fp);
	}
	fputc('\n', fp);
}

/* Columns for v of max across width, clamped to [0, width]: a negative
 * value (dead time when user time exceeds real time), a NaN or an infinity
 * must never reach the size_t conversions below. */
static double bar_cells(double v, double max, size_t width)
{
	double cells;

	if (!(max > 0) || !isfinite(max) || isnan(v) || v <= 0)
		return 0;
	cells = v / max * (double)width;
	if (!(cells < (double)width))
		return (double)width;
	return cells;
}

void fsb_chart_bar(char *buf, size_t len, double value, double max, size_t width, bool utf8)
{
	static const char *const eighths[] = { "", "▏", "▎", "▍", "▌", "▋", "▊", "▉" };
	double cells = bar_cells(value, max, width);
	size_t n = 0, one = (size_t)lround(bar_cells(1.0, max, width));
	size_t full = (size_t)cells, frac = (size_t)((cells - (double)full) * 8);
	size_t col;

	if (!len)
		return;
	buf[0] = '\0';
	if (full >= width) {
		full = width;
		frac = 0;
	}
	if (frac > 7)
		frac = 7;
	for (col = 0; col < full && n + 4 < len; col++) {
		const char *s = utf8 ? "█" : "#";

		memcpy(buf + n, s, strlen(s));
		n += strlen(s);
	}
	if (frac && n + 4 < len) {
		const char *s = utf8 ? eighths[frac] : (frac >= 4 ? "#" : "");

		memcpy(buf + n, s, strlen(s));
		n += strlen(s);
		col += *s ? 1 : 0;
	}
	/* the baseline mark at 1.00 when the bar stops short of it */
	for (; col < one && col < width && n + 4 < len; col++) {
		const char *s = col + 1 == one ? (utf8 ? "│" : "|") : " ";

		memcpy(buf + n, s, strlen(s));
		n += strlen(s);
	}
	buf[n] = '\0';
}

void fsb_render_chart_text(FILE *fp, const struct fsb_chart *c, const struct fsb_render_opts *o)
{
	size_t lw = 0, width = o->width ? o->width : 60;
	char bar[1024];

	for (size_t i = 0; i < c->n; i++)
		if (fsb_text_width(fsb_text_display(c->bars[i].label, o->utf8)) > lw)
			lw = fsb_text_width(fsb_text_display(c->bars[i].label, o->utf8));
	fprintf(fp, "%s\n", fsb_text_display(c->title, o->utf8));
	if (width > lw + 10)
		width -= lw + 10;
	for (size_t i = 0; i < c->n; i++) {
		const struct fsb_bar *b = &c->bars[i];
		const char *label = fsb_text_display(b->label, o->utf8);
		size_t blen;

		fprintf(fp, "%s", label);
		pad(fp, lw > fsb_text_width(label) ? lw - fsb_text_width(label) : 0);
		fsb_chart_bar(bar, sizeof(bar), b->value, c->max, width, o->utf8);
		blen = fsb_text_width(bar);
		fprintf(fp, " %s", bar);
		pad(fp, width > blen ? width - blen : 0);
		fprintf(fp, " %s\n", fsb_text_display(b->text ? b->text : "", o->utf8));
	}
}
