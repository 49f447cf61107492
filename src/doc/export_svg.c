/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SVG: one chart of one result as a standalone SVG file, for a forum post
 * or a wiki.  Which charts exist is the document's decision (document.c:
 * the overview, then one per phase, none with nothing to draw); the
 * drawing is render_html.c's, the same SVG the HTML page inlines.
 */
#include <errno.h>
#include <string.h>

#include "doc/document.h"
#include "doc/export.h"
#include "doc/render.h"

int fsb_export_svg(FILE *fp, struct fsb_result *const *res, size_t n, const struct fsb_export_opts *o,
		   struct fsb_err *err)
{
	struct fsb_doc_opts d = { .report = o->report, .sections = FSB_DOC_SUMMARY | FSB_DOC_PHASES,
				  .chart = o->phase };
	const struct fsb_block *chart = NULL;
	struct fsb_doc doc;
	int rc;

	if (n != 1)
		return fsb_err_set(err, -EINVAL, "svg is one chart of one result file, not of %zu files", n);
	fsb_doc_result(res[0], &d, &doc);
	for (size_t i = 0; i < doc.n && !chart; i++)
		if (doc.v[i].kind == FSB_BLOCK_CHART && (!o->phase || !strcmp(doc.v[i].phase, o->phase)))
			chart = &doc.v[i];
	if (!chart) {
		rc = o->phase ? fsb_err_set(err, -EINVAL, "%s: no chart of phase '%s' (no such phase, or nothing "
					    "measured in it)", o->labels ? o->labels[0] : "result", o->phase)
			      : fsb_err_set(err, -EINVAL, "%s: no chart to draw (nothing measured)",
					    o->labels ? o->labels[0] : "result");
		goto out;
	}
	fsb_render_chart_svg_file(fp, &chart->chart);
	rc = ferror(fp) ? fsb_err_set(err, -EIO, "write error") : 0;
out:
	fsb_doc_free(&doc);
	return rc;
}
