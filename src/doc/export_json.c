/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * JSON: the documents `fsbench show --raw --json` writes (json.h,
 * doc/json.md), one per result, then for several files their comparison.
 */
#include <errno.h>

#include "doc/document.h"
#include "doc/export.h"
#include "doc/json.h"

int fsb_export_json(FILE *fp, struct fsb_result *const *res, size_t n, const struct fsb_export_opts *o,
		    struct fsb_err *err)
{
	struct fsb_doc_opts d = { .report = o->report, .raw = true, .command = o->command, .rec = o->rec };
	struct fsb_json *j = fsb_json_new("export");
	struct fsb_doc doc;

	fsb_json_open(j, "files", true);
	for (size_t i = 0; i < n; i++)
		fsb_json_str(j, NULL, o->labels ? o->labels[i] : res[i]->path);
	fsb_json_close(j);
	fsb_json_open(j, "documents", true);
	for (size_t i = 0; i < n; i++) {
		d.label = o->labels ? o->labels[i] : "result";
		fsb_doc_result(res[i], &d, &doc);
		fsb_json_doc(j, NULL, &doc, "result", d.label);
		fsb_doc_free(&doc);
	}
	if (n > 1) {
		d.label = NULL;
		if (fsb_doc_compare(res, o->labels, n, &d, &doc) == 0)
			fsb_json_doc(j, NULL, &doc, "comparison", NULL);
		fsb_doc_free(&doc);
	}
	return fsb_json_write(j, fp, err);
}
