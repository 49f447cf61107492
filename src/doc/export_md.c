/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Markdown: what seed 000's author published, ready to paste — the summary,
 * the verdict, one table per phase — and, with repetitions, seed 004's
 * per-run tables and the statistics behind every mean.  GitHub-flavoured
 * tables; every piece of free text is escaped (render.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "doc/export.h"
#include "doc/render.h"

static void item(FILE *fp, const char *what, const char *text)
{
	if (!text)
		return;
	fprintf(fp, "- %s: ", what);
	fsb_markdown_escape(fp, text);
	fputc('\n', fp);
}

static void table(FILE *fp, int rc, struct fsb_table *t)
{
	if (rc)
		return;
	fsb_render_table_markdown(fp, t);
	fsb_table_free(t);
}

static void one(FILE *fp, const struct fsb_result *res, const char *label, const struct fsb_export_opts *o)
{
	struct fsb_table t;
	struct fsb_strv phases = { 0 }, verdict = { 0 };
	bool reps = fsb_result_repeated(res);

	fputs("## ", fp);
	fsb_markdown_escape(fp, res->title ? res->title : label);
	fputs("\n\n", fp);
	if (res->host.kernel || res->host.cpu) {
		char *host = fsb_report_host_line(&res->host);

		item(fp, "Host", host);
		free(host);
	}
	if (res->target.kind) {
		char *target = fsb_report_target_line(&res->target);

		item(fp, "Target", target);
		free(target);
	}
	item(fp, "Workload", res->workload);
	if (res->repeat > 1)
		fprintf(fp, "- Repetitions: %ld\n", res->repeat);
	if (res->command) {
		/* a fence, not a code span: a merged file has several lines */
		fprintf(fp, "- Command%s:\n\n  ```\n", strchr(res->command, '\n') ? "s" : "");
		for (const char *p = res->command; *p;) {
			const char *nl = strchr(p, '\n');
			size_t l = nl ? (size_t)(nl - p) : strlen(p);

			fprintf(fp, "  %.*s\n", (int)l, p);
			p += l + (nl ? 1 : 0);
		}
		fputs("  ```\n", fp);
	}
	fputc('\n', fp);
	table(fp, fsb_report_summary(res, &o->report, &t), &t);
	table(fp, fsb_report_auto(res, &o->report, &t), &t);
	fsb_report_verdict(res, &o->report, &verdict);
	for (size_t i = 0; i < verdict.n; i++) {
		fputs(i ? "- " : "**Verdict:**\n\n- ", fp);
		fsb_markdown_escape(fp, verdict.v[i]);
		fputc('\n', fp);
	}
	if (verdict.n)
		fputc('\n', fp);
	fsb_strv_free(&verdict);
	fsb_report_phases(res, false, &phases);
	if (phases.n)
		fsb_strv_add(&phases, "total");
	for (size_t j = 0; j < phases.n; j++) {
		table(fp, fsb_report_phase(res, phases.v[j], &o->report, &t), &t);
		if (reps && strcmp(phases.v[j], "total"))
			table(fp, fsb_report_raw(res, phases.v[j], &o->report, &t), &t);
		if (reps)
			table(fp, fsb_report_stats(res, phases.v[j], &o->report, &t), &t);
	}
	fsb_strv_free(&phases);
	if (fsb_report_bonnie(res, &o->report, false, &t) == 0) {
		fsb_render_table_markdown(fp, &t);
		fsb_table_free(&t);
		table(fp, fsb_report_bonnie(res, &o->report, true, &t), &t);
	}
}

int fsb_export_markdown(FILE *fp, struct fsb_result *const *res, size_t n,
			const struct fsb_export_opts *o, struct fsb_err *err)
{
	(void)err;
	for (size_t i = 0; i < n; i++)
		one(fp, res[i], o->labels ? o->labels[i] : "result", o);
	if (n > 1) {
		struct fsb_table t;

		if (fsb_report_compare(res, o->labels, n, &o->report, &t) == 0) {
			fprintf(fp, "## Comparison\n\n");
			fsb_render_table_markdown(fp, &t);
			fsb_table_free(&t);
		}
	}
	return ferror(fp) ? fsb_err_set(err, -EIO, "write error") : 0;
}
