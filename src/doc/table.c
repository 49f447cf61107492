/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * table.c — a table's row and column keys (report.h): the TUI finds the
 * cell being measured, and the column its chart shows, by what a row and
 * a column stand for, not by the label or header they print (issue 34).
 * A linear search: a front end asks once a frame for one cell, and the
 * largest table (the summary) has one row per filesystem.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "sys/util.h"

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
