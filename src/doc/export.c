/* SPDX-License-Identifier: GPL-2.0-or-later */
#include <string.h>

#include "doc/export.h"

const struct fsb_export_format fsb_export_formats[] = {
	{ "csv", "tidy data: one row per file, filesystem, phase and repetition, every field", fsb_export_csv, false },
	{ "markdown", "the seed-style tables as Markdown, for a forum post or an issue", fsb_export_markdown, false },
	{ "html", "one self-contained page: tables, SVG bar charts, host and commands", fsb_export_html, false },
	{ "bonnie-csv", "the built-in phases as bonnie++ CSV, for bon_csv2txt and bon_csv2html", fsb_export_bonnie_csv, false },
	{ "json", "every document block with its role, numbers as numbers (doc/json.md)", fsb_export_json, false },
	{ "svg", "one chart of one result (the overview, or a phase's) as a standalone SVG image", fsb_export_svg,
	  true },
	{ NULL, NULL, NULL, false },
};

const struct fsb_export_format *fsb_export_find(const char *name)
{
	for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}
