/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The list of result files (model/browse.h) as a report table, drawn by the
 * same widgets as every other table. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "doc/report.h"
#include "model/browse.h"

static void cell(struct fsb_table *t, size_t r, size_t c, unsigned flags, char *text)
{
	struct fsb_cell *x = fsb_table_cell(t, r, c);

	x->text = text;
	x->flags = flags;
	x->span = 1;
	x->value = NAN;
}

void fsb_report_browse(const struct fsb_browse *b, const size_t *idx, size_t n, struct fsb_table *t)
{
	static const char *const heads[FSB_BROWSE_NCOLS] = { "Date", "Status", "Profile", "Target", "Filesystems", "Phases" };

	memset(t, 0, sizeof(*t));
	t->id = fsb_xstrdup("browse");
	t->title = fsb_xstrdup("Result files");
	t->caption = fsb_xasprintf("%s, newest first", b->dir ? b->dir : "results");
	t->nrows = n + 1;
	t->ncols = FSB_BROWSE_NCOLS;
	t->header_rows = 1;
	t->cells = fsb_xcalloc(t->nrows * t->ncols, sizeof(*t->cells));
	for (size_t c = 0; c < FSB_BROWSE_NCOLS; c++)
		cell(t, 0, c, FSB_CELL_HEADER, fsb_xstrdup(heads[c]));
	for (size_t r = 0; r < n; r++) {
		const struct fsb_browse_entry *e = &b->v[idx[r]];
		char *col[FSB_BROWSE_NCOLS];
		unsigned st = 0;

		fsb_browse_row(e, col);
		if (!e->readable)
			st = FSB_CELL_FAILED;
		else if (e->status == FSB_RESULT_FAILED)
			st = FSB_CELL_FAILED;
		else if (e->status == FSB_RESULT_INTERRUPTED)
			st = FSB_CELL_MISSING;
		else if (e->status == FSB_RESULT_RUNNING)
			st = FSB_CELL_PENDING;
		cell(t, r + 1, FSB_BROWSE_DATE, FSB_CELL_NAME, col[FSB_BROWSE_DATE]);
		cell(t, r + 1, FSB_BROWSE_STATUS, st, col[FSB_BROWSE_STATUS]);
		cell(t, r + 1, FSB_BROWSE_PROFILE, 0, col[FSB_BROWSE_PROFILE]);
		cell(t, r + 1, FSB_BROWSE_TARGET, e->readable ? 0 : FSB_CELL_DIM, col[FSB_BROWSE_TARGET]);
		cell(t, r + 1, FSB_BROWSE_FS, 0, col[FSB_BROWSE_FS]);
		cell(t, r + 1, FSB_BROWSE_PHASES, FSB_CELL_DIM, col[FSB_BROWSE_PHASES]);
	}
}

