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
#include <math.h>
#include <stdlib.h>
#include <string.h>

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

static void table(FILE *fp, int rc, struct fsb_table *t)
{
	if (rc)
		return;
	fsb_render_table_html(fp, t);
	fsb_table_free(t);
}

static void chart(FILE *fp, const struct fsb_result *res, const char *phase, const struct fsb_report_opts *o)
{
	struct fsb_chart c;

	bool any = false;

	if (fsb_report_chart(res, phase, o, &c))
		return;
	for (size_t i = 0; i < c.n; i++)
		any |= !isnan(c.bars[i].value);
	if (!any) {
		/* nothing to draw: the table under it says why */
		fsb_chart_free(&c);
		return;
	}
	fputs("<figure>\n<figcaption>", fp);
	esc(fp, c.title);
	fputs("</figcaption>\n", fp);
	fsb_render_chart_svg(fp, &c);
	fputs("</figure>\n", fp);
	fsb_chart_free(&c);
}

static void dd(FILE *fp, const char *term, const char *value)
{
	if (!value || !*value)
		return;
	fputs("<dt>", fp);
	esc(fp, term);
	fputs("</dt><dd>", fp);
	esc(fp, value);
	fputs("</dd>\n", fp);
}

static void details(FILE *fp, const struct fsb_result *res)
{
	const struct fsb_host *h = &res->host;
	const struct fsb_target_info *t = &res->target;
	struct fsb_strv versions = { 0 };
	struct fsb_buf b = { 0 };
	char *s;

	fputs("<dl class=\"details\">\n", fp);
	dd(fp, "Status", fsb_result_status_name(res->status));
	s = fsb_xasprintf("%s%s%s", res->started ? res->started : "?", res->finished ? " to " : "",
			  res->finished ? res->finished : "");
	dd(fp, "Run", s);
	free(s);
	dd(fp, "Tool", res->tool);
	dd(fp, "Profile", res->profile);
	s = fsb_result_auto_repeated(res) ? fsb_xasprintf("--auto-repeat, at most %ld", res->repeat) : fsb_xasprintf("%ld", res->repeat);
	dd(fp, "Repetitions", s);
	free(s);
	dd(fp, "Baseline", res->baseline);
	dd(fp, "Workload", res->workload);
	s = fsb_report_host_line(h);
	dd(fp, "Host", s);
	free(s);
	if (t->kind) {
		fsb_buf_add(&b, "");
		s = fsb_report_target_line(t);
		fsb_buf_add(&b, s);
		free(s);
		for (size_t i = 0; i < t->reasons.n; i++)
			fsb_buf_addf(&b, "; %s", t->reasons.v[i]);
		dd(fp, "Target", b.s);
		fsb_buf_free(&b);
	}
	fputs("<dt>Program versions</dt><dd><ul>\n", fp);
	fsb_report_versions(res, &versions);
	for (size_t i = 0; i < versions.n; i++) {
		fputs("<li>", fp);
		esc(fp, versions.v[i]);
		fputs("</li>\n", fp);
	}
	fsb_strv_free(&versions);
	fputs("</ul></dd>\n</dl>\n", fp);
}

/* What someone needs to run it again: the commands, the phases' command
 * templates and how each filesystem was made and mounted. */
static void reproduce(FILE *fp, const struct fsb_result *res, const char *label, const struct fsb_export_opts *o)
{
	struct fsb_strv phases = { 0 };

	fputs("<h3>How to reproduce</h3>\n<p>The commands that produced these numbers", fp);
	fputs(o->command ? " and this page" : "", fp);
	fputs(":</p>\n<pre class=\"commands\">", fp);
	esc(fp, res->command ? res->command : "(not recorded)");
	if (o->command) {
		fputc('\n', fp);
		esc(fp, o->command);
	}
	fputs("</pre>\n", fp);
	fsb_result_phases(res, &phases);
	fputs("<table class=\"phases\">\n<caption>Phases, in the order they ran (fsbench fills in ${…}: see fsbench.conf)</caption>\n<thead><tr><th>Phase</th><th>Label</th><th>Kind</th><th>Command</th></tr></thead>\n<tbody>\n",
	      fp);
	for (size_t j = 0; j < phases.n; j++) {
		const struct fsb_phase_result *ph = NULL;

		for (size_t i = 0; i < res->nfs && !ph; i++)
			ph = fsb_fs_find_phase(res->fs[i], phases.v[j]);
		fputs("<tr><th scope=\"row\">", fp);
		esc(fp, phases.v[j]);
		fputs("</th><td>", fp);
		esc(fp, ph && ph->label ? ph->label : "");
		fputs("</td><td>", fp);
		esc(fp, ph && ph->kind ? ph->kind : "");
		fputs("</td><td><code>", fp);
		esc(fp, ph && ph->command ? ph->command : ph && ph->kind && !strcmp(ph->kind, "builtin") ? "(built in)" : "");
		fputs("</code></td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	fsb_strv_free(&phases);
	fputs("<table class=\"filesystems\">\n<caption>Filesystems</caption>\n"
	      "<thead><tr><th>Name</th><th>Type</th><th>mkfs (as run)</th><th>Mount options</th><th>Version</th>"
	      "<th>Status</th></tr></thead>\n<tbody>\n", fp);
	for (size_t i = 0; i < res->nfs; i++) {
		const struct fsb_fs_result *fs = res->fs[i];

		fputs("<tr><th scope=\"row\">", fp);
		esc(fp, fs->name);
		fputs("</th><td>", fp);
		esc(fp, fs->type);
		fputs("</td><td><code>", fp);
		esc(fp, fs->mkfs);
		fputs("</code></td><td><code>", fp);
		esc(fp, fs->mount_options);
		fputs("</code></td><td>", fp);
		esc(fp, fs->mkfs_version);
		fputs("</td><td>", fp);
		esc(fp, fs->status == FSB_FS_OK ? "ok" : fs->error ? fs->error : "not run");
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody>\n</table>\n", fp);
	(void)label;
}

static void one(FILE *fp, const struct fsb_result *res, const char *label, size_t idx,
		const struct fsb_export_opts *o)
{
	const struct fsb_report_opts *ro = &o->report;
	struct fsb_strv phases = { 0 }, verdict = { 0 };
	struct fsb_table t;
	bool reps = fsb_result_repeated(res);

	fprintf(fp, "<section class=\"result\" id=\"result-%zu\">\n<h2>", idx + 1);
	esc(fp, label);
	if (res->title) {
		fputs(" — ", fp);
		esc(fp, res->title);
	}
	fputs("</h2>\n", fp);
	details(fp, res);

	table(fp, fsb_report_summary(res, ro, &t), &t);
	table(fp, fsb_report_auto(res, ro, &t), &t);
	fsb_report_verdict(res, ro, &verdict);
	if (verdict.n) {
		fputs("<p><b>Verdict</b></p>\n<ul class=\"verdict\">\n", fp);
		for (size_t i = 0; i < verdict.n; i++) {
			fputs("<li>", fp);
			esc(fp, verdict.v[i]);
			fputs("</li>\n", fp);
		}
		fputs("</ul>\n", fp);
	}
	fsb_strv_free(&verdict);
	/* the baseline's name comes from the file: escaped like every name */
	fprintf(fp, "<p class=\"legend\">Bars: the phase's %s relative to ", fsb_metric_name(ro->metric));
	esc(fp, fsb_report_baseline(res, ro) ? fsb_report_baseline(res, ro) : "the baseline");
	fprintf(fp, " (1.00, dashed line); longer is slower. "
		"Drawn solid when the difference is significant (p &lt; 0.05, %s)%s.</p>\n",
		ro->nonparametric ? "Mann-Whitney" : "Welch's t-test",
		reps ? ", faint when it is not; whiskers: 95% confidence interval of the ratio (Fieller)" : "");

	fsb_report_phases(res, false, &phases);
	if (phases.n) {
		fputs("<section class=\"phase\" id=\"phase-total\">\n<h3>All phases</h3>\n", fp);
		chart(fp, res, "total", ro);
		table(fp, fsb_report_phase(res, "total", ro, &t), &t);
		if (reps)
			table(fp, fsb_report_stats(res, "total", ro, &t), &t);
		fputs("</section>\n", fp);
	}
	for (size_t j = 0; j < phases.n; j++) {
		fputs("<section class=\"phase\" id=\"", fp);
		fsb_html_id(fp, "phase-", phases.v[j]);
		fputs("\">\n<h3>", fp);
		esc(fp, phases.v[j]);
		fputs("</h3>\n", fp);
		/* the table under the chart is titled with the phase's label */
		chart(fp, res, phases.v[j], ro);
		table(fp, fsb_report_phase(res, phases.v[j], ro, &t), &t);
		if (reps) {
			table(fp, fsb_report_raw(res, phases.v[j], ro, &t), &t);
			table(fp, fsb_report_stats(res, phases.v[j], ro, &t), &t);
		}
		fputs("</section>\n", fp);
	}
	fsb_strv_free(&phases);

	fsb_report_phases(res, true, &phases);
	if (phases.n) {
		fputs("<section class=\"builtin\">\n<h3>Built-in I/O phases</h3>\n", fp);
		table(fp, fsb_report_bonnie(res, ro, false, &t), &t);
		table(fp, fsb_report_bonnie(res, ro, true, &t), &t);
		for (size_t j = 0; j < phases.n; j++) {
			chart(fp, res, phases.v[j], ro);
			if (reps)
				table(fp, fsb_report_stats(res, phases.v[j], ro, &t), &t);
		}
		table(fp, fsb_report_latency(res, &t), &t);
		fputs("</section>\n", fp);
	}
	fsb_strv_free(&phases);
	reproduce(fp, res, label, o);
	fputs("</section>\n", fp);
}

int fsb_export_html(FILE *fp, struct fsb_result *const *res, size_t n, const struct fsb_export_opts *o,
		    struct fsb_err *err)
{
	const char *first = o->labels ? o->labels[0] : "result";

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
	for (size_t i = 0; i < n; i++)
		one(fp, res[i], o->labels ? o->labels[i] : "result", i, o);
	if (n > 1) {
		struct fsb_table t;

		fputs("<section class=\"compare\" id=\"compare\">\n<h2>Comparison</h2>\n", fp);
		table(fp, fsb_report_compare(res, o->labels, n, &o->report, &t), &t);
		fputs("</section>\n", fp);
	}
	fprintf(fp, "<footer id=\"fsb-end\">Made by fsbench %s.</footer>\n</body>\n</html>\n", FSB_VERSION);
	return ferror(fp) ? fsb_err_set(err, -EIO, "write error") : 0;
}
