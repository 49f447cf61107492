/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * HTML: one self-contained page per export — the same tables `fsbench show`
 * prints (report.h), a horizontal bar chart per phase and for the total as
 * inline SVG with the CI of each ratio as whiskers, the verdict, the host
 * and program versions, and every command that produced the numbers, so
 * someone else can run the benchmark again.  No script, no network: the
 * style sheet is inline and the charts are drawn by the browser from SVG.
 * The page ends with <footer id="fsb-end">, which a test (or a reader of a
 * truncated file) can look for.
 */
#include <errno.h>

#include "doc/document.h"
#include "doc/export.h"
#include "doc/render.h"

static const char style[] =
	"body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:70em;padding:0 1em;color:#222;line-height:1.4}\n"
	"h1{font-size:1.5em}h2{font-size:1.3em;border-bottom:1px solid #ccc;margin-top:2em}h3{font-size:1.1em;margin-top:1.6em}\n"
	"table{border-collapse:collapse;margin:.6em 0 1em;font-variant-numeric:tabular-nums}\n"
	"div.tbl{margin:1em 0}p.ttitle{font-weight:bold;margin:0}p.caption{color:#555;font-size:.9em;margin:0}\n"
	"caption{text-align:left;padding-bottom:.2em;font-weight:bold}\n"
	"th,td{padding:.2em .6em;border-bottom:1px solid #e4e4e4;text-align:left;white-space:nowrap}\n"
	"thead th{border-bottom:2px solid #999}\n"
	".num{text-align:right}.dim{color:#777}.baseline{background:#f3f3f3}\n"
	".sig{font-weight:bold}.better{color:#1e7b45}.worse{color:#b03a2e}\n"
	".outlier{color:#c0392b;text-decoration:line-through}.failed{color:#c0392b;font-style:italic}\n"
	".missing,.pending{color:#999}\n"
	"ul.notes{font-size:.9em;color:#555;margin-top:-.5em}\n"
	"ul.verdict{font-size:1.05em}\n"
	"figure{margin:.8em 0}figcaption{font-size:.9em;color:#444;margin-bottom:.2em}\n"
	"svg.chart{max-width:100%;height:auto}\n"
	"dl.details{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}dl.details dt{font-weight:bold}\n"
	"dl.details dd{margin:0}pre{background:#f6f6f6;padding:.6em;overflow-x:auto;white-space:pre-wrap}\n"
	".legend{font-size:.9em;color:#555}footer{margin-top:3em;font-size:.85em;color:#777}\n";

static void esc(FILE *fp, const char *s)
{
	fsb_html_escape(fp, s);
}

int fsb_export_html(FILE *fp, struct fsb_result *const *res, size_t n, const struct fsb_export_opts *o,
		    struct fsb_err *err)
{
	const char *first = o->labels ? o->labels[0] : "result";
	struct fsb_doc_opts d = { .report = o->report, .raw = true, .command = o->command, .rec = o->rec };
	struct fsb_doc doc;

	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n", fp);
	fprintf(fp, "<meta name=\"generator\" content=\"fsbench %s\">\n<title>fsbench: ", FSB_VERSION);
	esc(fp, n == 1 && res[0]->title ? res[0]->title : first);
	if (n > 1)
		fprintf(fp, " and %zu more", n - 1);
	fprintf(fp, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<header>\n<h1>Filesystem benchmark: ", style);
	esc(fp, n == 1 && res[0]->title ? res[0]->title : first);
	if (n > 1)
		fprintf(fp, " and %zu more", n - 1);
	fputs("</h1>\n<p>Times in seconds; every ratio is relative to the baseline filesystem, "
	      "and greater than 1 means slower.</p>\n</header>\n", fp);
	for (size_t i = 0; i < n; i++) {
		d.label = o->labels ? o->labels[i] : "result";
		fsb_doc_result(res[i], &d, &doc);
		fprintf(fp, "<section class=\"result\" id=\"result-%zu\">\n", i + 1);
		fsb_doc_render_html(fp, &doc);
		fputs("</section>\n", fp);
		fsb_doc_free(&doc);
	}
	if (n > 1) {
		d.label = NULL;
		fputs("<section class=\"compare\" id=\"compare\">\n", fp);
		fsb_doc_compare(res, o->labels, n, &d, &doc);
		fsb_doc_render_html(fp, &doc);
		fsb_doc_free(&doc);
		fputs("</section>\n", fp);
	}
	fprintf(fp, "<footer id=\"fsb-end\">Made by fsbench %s.</footer>\n</body>\n</html>\n", FSB_VERSION);
	return ferror(fp) ? fsb_err_set(err, -EIO, "write error") : 0;
}
