/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * table.c — the table every builder in src/doc fills (report.h): its
 * cells made, set, spanned, finished and freed.  Its row and column keys:
 * the TUI finds the cell being measured, and the column its chart shows,
 * by what a row and a column stand for, not by the label or header they
 * print (issue 34).  A linear search: a front end asks once a frame for
 * one cell, and the largest table (the summary) has one row per
 * filesystem.  List tables: their columns declared once, drawn as text.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "sys/util.h"

void fsb_table_init(struct fsb_table *t, const char *id, size_t nrows, size_t ncols, size_t header_rows)
{
	memset(t, 0, sizeof(*t));
	t->id = fsb_xstrdup(id);
	t->nrows = nrows;
	t->ncols = ncols;
	t->header_rows = header_rows;
	t->cells = fsb_xcalloc(nrows * ncols, sizeof(*t->cells));
	for (size_t i = 0; i < nrows * ncols; i++) {
		t->cells[i].span = 1;
		t->cells[i].value = NAN;
	}
}

void fsb_table_set(struct fsb_table *t, size_t r, size_t c, unsigned flags, double value, const char *fmt, ...)
{
	struct fsb_cell *cell = fsb_table_cell(t, r, c);
	struct fsb_buf b = { 0 };
	va_list ap;

	va_start(ap, fmt);
	fsb_buf_vaddf(&b, fmt, ap);
	va_end(ap);
	free(cell->text);
	cell->text = fsb_buf_steal(&b);
	cell->flags = flags;
	cell->value = value;
}

void fsb_table_span(struct fsb_table *t, size_t r, size_t c, int n)
{
	fsb_table_cell(t, r, c)->span = n;
	for (int k = 1; k < n; k++)
		fsb_table_cell(t, r, c + (size_t)k)->span = 0;
}

void fsb_table_free(struct fsb_table *t)
{
	for (size_t i = 0; t->cells && i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	free(t->cells);
	free(t->id);
	free(t->title);
	free(t->caption);
	fsb_strv_free(&t->notes);
	for (size_t i = 0; t->row_keys && i < t->nrows; i++)
		free(t->row_keys[i]);
	for (size_t j = 0; t->col_keys && j < t->ncols; j++)
		free(t->col_keys[j]);
	free(t->row_keys);
	free(t->col_keys);
	memset(t, 0, sizeof(*t));
}

/* Fill cells nobody set with an empty string, so renderers never see NULL. */
void fsb_table_done(struct fsb_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		if (!t->cells[i].text)
			t->cells[i].text = fsb_xstrdup("");
}


/* Set keys[i] in *keys, an array of n made on first use. */
static void key_set(char ***keys, size_t n, size_t i, const char *key)
{
	if (!*keys && !key)
		return;
	if (!*keys)
		*keys = fsb_xcalloc(n, sizeof(**keys));
	free((*keys)[i]);
	(*keys)[i] = key ? fsb_xstrdup(key) : NULL;
}

void fsb_table_key_row(struct fsb_table *t, size_t r, const char *key)
{
	key_set(&t->row_keys, t->nrows, r, key);
}

void fsb_table_key_col(struct fsb_table *t, size_t c, const char *key)
{
	key_set(&t->col_keys, t->ncols, c, key);
}

/* The first of keys[from..n) equal to key, or -ENOENT. */
static int key_find(char *const *keys, size_t from, size_t n, const char *key)
{
	for (size_t i = from; keys && key && i < n; i++)
		if (keys[i] && strcmp(keys[i], key) == 0)
			return (int)i;
	return -ENOENT;
}

int fsb_table_find_row(const struct fsb_table *t, const char *key)
{
	return key_find(t->row_keys, t->header_rows, t->nrows, key);
}

int fsb_table_find_col(const struct fsb_table *t, const char *key)
{
	return key_find(t->col_keys, 0, t->ncols, key);
}

void fsb_table_init_list(struct fsb_table *t, const char *id, const struct fsb_col_def *cols, size_t ncols,
			 size_t nrows)
{
	fsb_table_init(t, id, nrows, ncols, 0);
	t->cols = cols;
	for (size_t c = 0; c < ncols; c++)
		fsb_table_key_col(t, c, cols[c].id);
}

/* One line of the text list: row r's cells, or the headers (r < 0). */
static void list_line(const struct fsb_table *t, long r, struct fsb_buf *out)
{
	fsb_buf_add(out, "  ");
	for (size_t c = 0; c < t->ncols; c++) {
		const struct fsb_col_def *d = &t->cols[c];
		const char *s = r < 0 ? d->header : fsb_table_cell(t, (size_t)r, c)->text;

		if (!(d->flags & FSB_COL_TEXT))
			continue;
		if (!s || (r >= 0 && !*s && d->empty))
			s = r >= 0 && d->empty ? d->empty : "";
		if (d->width)
			fsb_buf_addf(out, "%-*s ", d->width, s);
		else
			fsb_buf_add(out, s);
	}
	fsb_buf_add(out, "\n");
}

void fsb_table_list_text(const struct fsb_table *t, struct fsb_buf *out)
{
	bool headers = false;

	fsb_buf_addf(out, "%s:\n", t->title ? t->title : t->id);
	for (size_t c = 0; t->cols && c < t->ncols; c++)
		headers |= (t->cols[c].flags & FSB_COL_TEXT) && t->cols[c].header;
	if (headers)
		list_line(t, -1, out);
	for (size_t r = 0; t->cols && r < t->nrows; r++)
		list_line(t, (long)r, out);
}

/* s for TSV: a tab or a line break would split the row; the rest made
 * visible as the text list is, since cells quote result files (a
 * filesystem's name) and the TSV goes to a terminal as often as to a
 * script. */
static void tsv_field(struct fsb_buf *out, const char *s)
{
	size_t n;

	/* the runs between such characters, each of those a blank */
	for (; s && *s; s += n + (s[n] != '\0')) {
		char *run;

		n = strcspn(s, "\t\n\r");
		run = fsb_xasprintf("%.*s", (int)n, s);
		fsb_buf_add_visible(out, run);
		free(run);
		if (s[n])
			fsb_buf_add(out, " ");
	}
}

void fsb_table_list_tsv(const struct fsb_table *t, const char *const *ids, size_t n, struct fsb_buf *out)
{
	int *col = fsb_xcalloc(n ? n : 1, sizeof(*col));

	for (size_t k = 0; k < n; k++) {
		col[k] = fsb_table_find_col(t, ids[k]);
		fsb_buf_add(out, k ? "\t" : "");
		tsv_field(out, col[k] >= 0 && t->cols && t->cols[col[k]].header ? t->cols[col[k]].header : ids[k]);
	}
	fsb_buf_add(out, "\n");
	for (size_t r = 0; r < t->nrows; r++) {
		for (size_t k = 0; k < n; k++) {
			fsb_buf_add(out, k ? "\t" : "");
			if (col[k] >= 0)
				tsv_field(out, fsb_table_cell(t, r, (size_t)col[k])->text);
		}
		fsb_buf_add(out, "\n");
	}
	free(col);
}

void fsb_table_text_view(const struct fsb_table *t, struct fsb_table *v)
{
	size_t n = 0, k = 0;

	for (size_t c = 0; c < t->ncols; c++)
		n += (t->cols[c].flags & FSB_COL_TEXT) != 0;
	fsb_table_init(v, t->id, t->nrows + 1, n, 1);
	v->title = t->title ? fsb_xstrdup(t->title) : NULL;
	v->caption = t->caption ? fsb_xstrdup(t->caption) : NULL;
	for (size_t i = 0; i < t->notes.n; i++)
		fsb_strv_add(&v->notes, t->notes.v[i]);
	for (size_t r = 0; t->row_keys && r < t->nrows; r++)
		fsb_table_key_row(v, r + 1, t->row_keys[r]);
	for (size_t c = 0; c < t->ncols; c++) {
		const struct fsb_col_def *d = &t->cols[c];

		if (!(d->flags & FSB_COL_TEXT))
			continue;
		fsb_table_set(v, 0, k, FSB_CELL_HEADER, NAN, "%s", d->header ? d->header : "");
		fsb_table_key_col(v, k, d->id);
		for (size_t r = 0; r < t->nrows; r++) {
			const struct fsb_cell *x = fsb_table_cell(t, r, c);
			struct fsb_cell *y = fsb_table_cell(v, r + 1, k);

			y->text = fsb_xstrdup(x->text ? x->text : "");
			y->flags = x->flags;
			y->value = x->value;
			y->span = x->span;
		}
		k++;
	}
}
