/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The document (document.h) as text, Markdown and HTML.  Each renderer
 * draws every block it is given, in order; what a block contains was
 * decided by document.c.  Tables and charts are drawn by render*.c.
 */
#include <stdlib.h>
#include <string.h>

#include "doc/document.h"
#include "doc/render.h"

/* Lines that belong together (a header, a list of files) are not
 * separated by a blank line, nor is a group's heading from its first block. */
static bool joined(const struct fsb_block *b)
{
	return b->kind == FSB_BLOCK_TEXT || (b->kind == FSB_BLOCK_HEADING && b->level == 1) ||
	       b->role == FSB_ROLE_TARGET;
}

bool fsb_doc_gap_after(const struct fsb_doc *doc, size_t i)
{
	const struct fsb_block *b = &doc->v[i];

	if (b->kind == FSB_BLOCK_HEADING && b->level > 1)
		return false;
	return !(i + 1 < doc->n && joined(b) && joined(&doc->v[i + 1]));
}

/* ---- text ------------------------------------------------------------------ */

/* A SERIES block as lines: its title, then a sparkline of write throughput
 * per filesystem (the TUI draws the same lines, with a kind to switch). */
static void series_lines(const struct fsb_block *b, bool utf8, struct fsb_strv *out)
{
	size_t namew = 0;
	char *title = fsb_series_title(b->phase, FSB_SERIES_write_kib_s);

	fsb_strv_add(out, title);
	free(title);
	for (size_t k = 0; k < b->nseries; k++)
		if (strlen(b->series[k].fs) > namew)
			namew = strlen(b->series[k].fs);
	for (size_t k = 0; k < b->nseries; k++) {
		char *l = fsb_series_line_text(&b->series[k], FSB_SERIES_write_kib_s, namew, 40, utf8);

		fsb_strv_addf(out, "  %s", l);
		free(l);
	}
}

void fsb_kv_lines(const struct fsb_kv *e, struct fsb_strv *out)
{
	bool inline_first = !e->list && !(e->code && e->values.n > 1);

	for (size_t k = 0; k < e->values.n; k++) {
		if (k == 0 && inline_first)
			fsb_strv_addf(out, "%s: %s", e->key, e->values.v[k]);
		else if (k == 0)
			fsb_strv_addf(out, "%s:", e->key);
		if (k || !inline_first)
			fsb_strv_addf(out, "  %s", e->values.v[k]);
	}
}

void fsb_doc_render_text(FILE *fp, const struct fsb_doc *doc, const struct fsb_render_opts *o)
{
	for (size_t i = 0; i < doc->n; i++) {
		const struct fsb_block *b = &doc->v[i];

		switch (b->kind) {
		case FSB_BLOCK_HEADING:
		case FSB_BLOCK_TEXT:
		case FSB_BLOCK_NOTE:
			fprintf(fp, "%s\n", fsb_text_display(b->text, o->utf8));
			break;
		case FSB_BLOCK_KV:
			for (size_t k = 0; k < b->nkv; k++) {
				struct fsb_strv l = { 0 };

				fsb_kv_lines(&b->kv[k], &l);
				for (size_t m = 0; m < l.n; m++)
					fprintf(fp, "%s\n", fsb_text_display(l.v[m], o->utf8));
				fsb_strv_free(&l);
			}
			break;
		case FSB_BLOCK_TABLE:
			fsb_render_table_text(fp, &b->table, o);
			break;
		case FSB_BLOCK_CHART:
			fsb_render_chart_text(fp, &b->chart, o);
			break;
		case FSB_BLOCK_SERIES: {
			struct fsb_strv l = { 0 };

			series_lines(b, o->utf8, &l);
			for (size_t m = 0; m < l.n; m++)
				fprintf(fp, "%s\n", fsb_text_display(l.v[m], o->utf8));
			fsb_strv_free(&l);
			break;
		}
		case FSB_BLOCK_VERDICT:
			fprintf(fp, "%s:\n", b->text ? fsb_text_display(b->text, o->utf8) : "Verdict");
			for (size_t k = 0; k < b->lines.n; k++)
				fprintf(fp, "  %s\n", fsb_text_display(b->lines.v[k], o->utf8));
			break;
		}
		if (fsb_doc_gap_after(doc, i))
			fputc('\n', fp);
	}
}

/* ---- Markdown ------------------------------------------------------------------ */

static void md_line(FILE *fp, const char *prefix, const char *s)
{
	fputs(prefix, fp);
	fsb_markdown_escape(fp, s);
	fputc('\n', fp);
}

/* "**Verdict:**" (or the block's own heading), then its first line. */
static void md_verdict_head(FILE *fp, const char *head, const char *first)
{
	fputs("**", fp);
	fsb_markdown_escape(fp, head ? head : "Verdict");
	fputs(":**\n\n", fp);
	md_line(fp, "- ", first);
}

static void kv_markdown(FILE *fp, const struct fsb_kv *e)
{
	fputs("- ", fp);
	fsb_markdown_escape(fp, e->key);
	if (e->code) {
		/* a fence, not a code span: a merged file has several commands */
		fputs(":\n\n  ```\n", fp);
		/* a fence shows its text as is: a file's control characters
		 * (a vertical tab in a type) shown as escapes, never passed on */
		for (size_t k = 0; k < e->values.n; k++) {
			char *vis = fsb_xstr_visible(e->values.v[k]);

			fprintf(fp, "  %s\n", vis ? vis : "");
			free(vis);
		}
		fputs("  ```\n", fp);
		return;
	}
	for (size_t k = 0; k < e->values.n; k++) {
		if (k == 0 && !e->list)
			md_line(fp, ": ", e->values.v[k]);
		else
			md_line(fp, k == 0 ? ":\n  - " : "  - ", e->values.v[k]);
	}
}

void fsb_doc_render_markdown(FILE *fp, const struct fsb_doc *doc)
{
	struct fsb_render_opts chart = { .utf8 = true, .width = 60 };

	for (size_t i = 0; i < doc->n; i++) {
		const struct fsb_block *b = &doc->v[i];

		switch (b->kind) {
		case FSB_BLOCK_HEADING:
			md_line(fp, b->level == 1 ? "## " : "### ", b->text);
			fputc('\n', fp);
			break;
		case FSB_BLOCK_TEXT:
		case FSB_BLOCK_NOTE:
			md_line(fp, "", b->text);
			fputc('\n', fp);
			break;
		case FSB_BLOCK_KV:
			for (size_t k = 0; k < b->nkv; k++)
				kv_markdown(fp, &b->kv[k]);
			fputc('\n', fp);
			break;
		case FSB_BLOCK_TABLE:
			fsb_render_table_markdown(fp, &b->table);
			break;
		case FSB_BLOCK_CHART:
			fputs("```\n", fp);
			fsb_render_chart_text(fp, &b->chart, &chart);
			fputs("```\n\n", fp);
			break;
		case FSB_BLOCK_SERIES: {
			struct fsb_strv l = { 0 };

			series_lines(b, true, &l);
			md_line(fp, "", l.v[0]);
			fputs("\n```\n", fp);
			for (size_t m = 1; m < l.n; m++)
				fprintf(fp, "%s\n", l.v[m]);
			fputs("```\n\n", fp);
			fsb_strv_free(&l);
			break;
		}
		case FSB_BLOCK_VERDICT:
			for (size_t k = 0; k < b->lines.n; k++)
				if (k)
					md_line(fp, "- ", b->lines.v[k]);
				else
					md_verdict_head(fp, b->text, b->lines.v[k]);
			fputc('\n', fp);
			break;
		}
	}
}

/* ---- HTML ------------------------------------------------------------------------ */

static void tag(FILE *fp, const char *open, const char *s, const char *close)
{
	fputs(open, fp);
	fsb_html_escape(fp, s);
	fputs(close, fp);
}

static void kv_html(FILE *fp, const struct fsb_kv *e)
{
	tag(fp, "<dt>", e->key, "</dt><dd>");
	if (e->code) {
		fputs("<pre class=\"commands\">", fp);
		for (size_t k = 0; k < e->values.n; k++)
			tag(fp, k ? "\n" : "", e->values.v[k], "");
		fputs("</pre>", fp);
	} else if (e->list || e->values.n > 1) {
		fputs("<ul>\n", fp);
		for (size_t k = 0; k < e->values.n; k++)
			tag(fp, "<li>", e->values.v[k], "</li>\n");
		fputs("</ul>", fp);
	} else {
		fsb_html_escape(fp, e->values.v[0]);
	}
	fputs("</dd>\n", fp);
}

static void dl_html(FILE *fp, const struct fsb_block *b, const char *role)
{
	fprintf(fp, "<dl class=\"details %s\">\n", role);
	for (size_t k = 0; k < b->nkv; k++)
		kv_html(fp, &b->kv[k]);
	fputs("</dl>\n", fp);
}

void fsb_doc_render_html(FILE *fp, const struct fsb_doc *doc)
{
	for (size_t i = 0; i < doc->n; i++) {
		const struct fsb_block *b = &doc->v[i];
		const char *role = fsb_block_role_name(b->role);

		switch (b->kind) {
		case FSB_BLOCK_HEADING:
			tag(fp, b->level == 1 ? "<h2>" : "<h3>", b->text, b->level == 1 ? "</h2>\n" : "</h3>\n");
			break;
		case FSB_BLOCK_TEXT:
		case FSB_BLOCK_NOTE:
			fprintf(fp, "<p class=\"%s\">", role);
			tag(fp, "", b->text, "</p>\n");
			break;
		case FSB_BLOCK_KV:
			dl_html(fp, b, role);
			break;
		case FSB_BLOCK_TABLE:
			fsb_render_table_html(fp, &b->table);
			break;
		case FSB_BLOCK_CHART:
			fprintf(fp, "<figure class=\"%s\">\n", role);
			tag(fp, "<figcaption>", b->chart.title, "</figcaption>\n");
			fsb_render_chart_svg(fp, &b->chart);
			fputs("</figure>\n", fp);
			break;
		case FSB_BLOCK_SERIES: {
			char *title = fsb_series_title(b->phase, FSB_SERIES_write_kib_s);

			fprintf(fp, "<figure class=\"%s\">\n", role);
			tag(fp, "<figcaption>", title, "</figcaption>\n");
			fsb_render_series_svg(fp, b->series, b->nseries, FSB_SERIES_write_kib_s, title);
			fputs("</figure>\n", fp);
			free(title);
			break;
		}
		case FSB_BLOCK_VERDICT:
			tag(fp, "<p><b>", b->text ? b->text : "Verdict", "</b></p>\n");
			fprintf(fp, "<ul class=\"%s\">\n", b->rec ? "recommendation" : "verdict");
			for (size_t k = 0; k < b->lines.n; k++)
				tag(fp, "<li>", b->lines.v[k], "</li>\n");
			fputs("</ul>\n", fp);
			break;
		}
	}
}
