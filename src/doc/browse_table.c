/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The list of result files (model/browse.h) as a report table, drawn by the
 * same widgets as every other table. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "model/browse.h"

/* The columns as the table shows them: Aged is short and next to Profile,
 * where an 80-column browse screen still shows it; the long ones last. */
static const enum fsb_browse_col order[FSB_BROWSE_NCOLS] = {
	FSB_BROWSE_DATE, FSB_BROWSE_STATUS, FSB_BROWSE_PROFILE, FSB_BROWSE_AGED,
	FSB_BROWSE_TARGET, FSB_BROWSE_FS, FSB_BROWSE_PHASES,
};

static void cell(struct fsb_table *t, size_t r, size_t c, unsigned flags, char *text)
{
	struct fsb_cell *x = fsb_table_cell(t, r, c);

	x->text = text;
	x->flags = flags;
	x->span = 1;
	x->value = NAN;
}

/* The flags of column c of e's row. */
static unsigned col_flags(const struct fsb_browse_entry *e, enum fsb_browse_col c)
{
	switch (c) {
	case FSB_BROWSE_DATE:
		return FSB_CELL_NAME;
	case FSB_BROWSE_STATUS:
		if (!e->readable || e->status == FSB_RESULT_FAILED)
			return FSB_CELL_FAILED;
		if (e->status == FSB_RESULT_INTERRUPTED)
			return FSB_CELL_MISSING;
		return e->status == FSB_RESULT_RUNNING ? FSB_CELL_PENDING : 0;
	case FSB_BROWSE_TARGET:
		return e->readable ? 0 : FSB_CELL_DIM;
	case FSB_BROWSE_PHASES:
		return FSB_CELL_DIM;
	case FSB_BROWSE_AGED:
		/* "yes" stands out of a column of "no" */
		return e->aged ? 0 : FSB_CELL_DIM;
	default:
		return 0;
	}
}

void fsb_report_browse(const struct fsb_browse *b, const size_t *idx, size_t n, struct fsb_table *t)
{
	memset(t, 0, sizeof(*t));
	t->id = fsb_xstrdup("browse");
	t->title = fsb_xstrdup("Result files");
	t->caption = fsb_xasprintf("%s, newest first", b->dir ? b->dir : "results");
	t->nrows = n + 1;
	t->ncols = FSB_BROWSE_NCOLS;
	t->header_rows = 1;
	t->cells = fsb_xcalloc(t->nrows * t->ncols, sizeof(*t->cells));
	for (size_t c = 0; c < FSB_BROWSE_NCOLS; c++)
		cell(t, 0, c, FSB_CELL_HEADER, fsb_xstrdup(fsb_browse_col_name(order[c])));
	for (size_t r = 0; r < n; r++) {
		const struct fsb_browse_entry *e = &b->v[idx[r]];
		char *col[FSB_BROWSE_NCOLS];

		fsb_browse_row(e, col);
		for (size_t c = 0; c < FSB_BROWSE_NCOLS; c++)
			cell(t, r + 1, c, col_flags(e, order[c]), col[order[c]]);
	}
}
