/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Markdown: the document of each result (document.h), ready to paste — what
 * `fsbench show --raw` prints, as GitHub-flavoured tables, charts as
 * preformatted text — then, for several files, their comparison.
 */
#include <errno.h>

#include "doc/document.h"
#include "doc/export.h"

int fsb_export_markdown(FILE *fp, struct fsb_result *const *res, size_t n,
			const struct fsb_export_opts *o, struct fsb_err *err)
{
	struct fsb_doc_opts d = { .report = o->report, .raw = true, .rec = o->rec };
	struct fsb_doc doc;

	for (size_t i = 0; i < n; i++) {
		d.label = o->labels ? o->labels[i] : "result";
		fsb_doc_result(res[i], &d, &doc);
		fsb_doc_render_markdown(fp, &doc);
		fsb_doc_free(&doc);
	}
	if (n > 1) {
		d.label = NULL;
		if (fsb_doc_compare(res, o->labels, n, &d, &doc) == 0)
			fsb_doc_render_markdown(fp, &doc);
		fsb_doc_free(&doc);
	}
	return ferror(fp) ? fsb_err_set(err, -EIO, "write error") : 0;
}
