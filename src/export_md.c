/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Markdown: what seed 000's author published, ready to paste. */
#include <errno.h>
#include <string.h>

#include "export.h"
#include "render.h"

static void one(FILE *fp, const struct fsb_result *res, const char *label, const struct fsb_export_opts *o)
{
	struct fsb_table t;
	struct fsb_strv phases = { 0 }, verdict = { 0 };

	fprintf(fp, "## %s\n\n", res->title ? res->title : label);
	if (res->host.kernel || res->host.cpu)
		fprintf(fp, "- Host: %s%s%s, %ld cores, %ld MiB RAM\n", res->host.kernel ? res->host.kernel : "",
			res->host.cpu ? ", " : "", res->host.cpu ? res->host.cpu : "", res->host.cores,
			res->host.ram_mib);
	if (res->target.kind)
		fprintf(fp, "- Target: %s %s (%lld MiB)\n", res->target.kind, res->target.path ? res->target.path : "",
			res->target.size_mib);
	if (res->workload)
		fprintf(fp, "- Workload: %s\n", res->workload);
	if (res->command)
		fprintf(fp, "- Command: `%s`\n", res->command);
	fputc('\n', fp);
	if (fsb_report_summary(res, &o->report, &t) == 0) {
		fsb_render_table_markdown(fp, &t);
		fsb_table_free(&t);
	}
	fsb_report_verdict(res, &o->report, &verdict);
	for (size_t i = 0; i < verdict.n; i++)
		fprintf(fp, "%s %s\n", i ? "-" : "**Verdict:**\n\n-", verdict.v[i]);
	if (verdict.n)
		fputc('\n', fp);
	fsb_strv_free(&verdict);
	fsb_report_phases(res, false, &phases);
	if (phases.n)
		fsb_strv_add(&phases, "total");
	for (size_t j = 0; j < phases.n; j++)
		if (fsb_report_phase(res, phases.v[j], &o->report, &t) == 0) {
			fsb_render_table_markdown(fp, &t);
			fsb_table_free(&t);
		}
	fsb_strv_free(&phases);
	if (fsb_report_bonnie(res, &o->report, false, &t) == 0) {
		fsb_render_table_markdown(fp, &t);
		fsb_table_free(&t);
		if (fsb_report_bonnie(res, &o->report, true, &t) == 0) {
			fsb_render_table_markdown(fp, &t);
			fsb_table_free(&t);
		}
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
