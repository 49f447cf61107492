/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * export.h — result files turned into files for other programs and people:
 * one function per format, all behind fsb_export() so `fsbench export` and
 * the TUI share the table of formats below (src/doc/export.c).
 *
 * Every exporter reads its results through report.h's model where it shows
 * tables, so an export says exactly what `fsbench show` says.
 */
#ifndef FSB_EXPORT_H
#define FSB_EXPORT_H

#include <stddef.h>
#include <stdio.h>

#include "doc/report.h"
#include "model/recommend.h"
#include "model/result.h"
#include "sys/util.h"

struct fsb_export_opts {
	struct fsb_report_opts report;   /* metric, baseline, test */
	const char *const *labels;       /* one label per result (file names) */
	const char *command;             /* the export's own command line, or NULL */
	const char *phase;               /* svg: the chart's phase ("total"), NULL: the document's
					    first chart (the overview) */
	struct fsb_rec_opts rec;         /* the recommendation (document.h); rec.cfg NULL: none */
};

struct fsb_export_format {
	const char *name;                /* "csv", "markdown", … */
	const char *summary;             /* one line for --help */
	/* Write n results to fp.  0 or -errno with err set. */
	int (*write)(FILE *fp, struct fsb_result *const *res, size_t n,
		     const struct fsb_export_opts *o, struct fsb_err *err);
	bool takes_phase;                /* o->phase chooses what it writes (svg: the chart);
					    the others refuse one */
};

/* The formats, NULL-name terminated. */
extern const struct fsb_export_format fsb_export_formats[];
const struct fsb_export_format *fsb_export_find(const char *name);

/* The exporters (src/export_*.c). */
int fsb_export_markdown(FILE *fp, struct fsb_result *const *res, size_t n,
			const struct fsb_export_opts *o, struct fsb_err *err);
int fsb_export_csv(FILE *fp, struct fsb_result *const *res, size_t n,
		   const struct fsb_export_opts *o, struct fsb_err *err);
int fsb_export_html(FILE *fp, struct fsb_result *const *res, size_t n,
		    const struct fsb_export_opts *o, struct fsb_err *err);
/* The documents as JSON (json.h, doc/json.md). */
int fsb_export_json(FILE *fp, struct fsb_result *const *res, size_t n,
		    const struct fsb_export_opts *o, struct fsb_err *err);
/* One chart of one result (o->phase) as a standalone SVG file; -EINVAL
 * for several results or a phase without a chart. */
int fsb_export_svg(FILE *fp, struct fsb_result *const *res, size_t n,
		   const struct fsb_export_opts *o, struct fsb_err *err);
/* bonnie++ 2.00's CSV (format 1.98), one line per filesystem with built-in
 * phases, for bon_csv2txt/bon_csv2html (doc/bonnie.md); -ENOENT if none. */
int fsb_export_bonnie_csv(FILE *fp, struct fsb_result *const *res, size_t n,
			  const struct fsb_export_opts *o, struct fsb_err *err);

#endif
