/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * libFuzzer harness: a loaded result rendered to every output — `fsbench
 * show` (--raw in UTF-8 by dead time, plain ASCII by real time, with its
 * chart bars as the TUI draws them), the live run's document (the TUI's
 * run screen, with the chart phase's table), each export format, a
 * comparison of the result with itself.
 * Outputs go to memory; the text output must contain no raw control
 * character but newlines (nothing from the file reaches the terminal raw),
 * and no table cell, chart bar or verdict a NaN or an infinity.
 */
#include <stdint.h>

#include "cli/cmd.h"
#include "doc/document.h"
#include "doc/export.h"
#include "doc/render.h"
#include "doc/report.h"
#include "fuzz_common.h"
#include "model/recommend.h"
#include "model/result.h"

/* The facts the recommendation weighs, for every document: one profile of
 * each kind of fact (a journal, copy-on-write, none, deprecated). */
static const struct fsb_config *facts_config(void)
{
	static const char conf[] =
		"defaults {\n profile = \"p\"\n baseline = \"ext2\"\n filesystems = { \"ext2\", \"ext4\" }\n"
		" phases = { \"x\" }\n}\nphase \"x\" {\n command = 'true'\n}\nprofile \"p\" {\n}\n"
		"filesystem \"ext2\" {\n type = \"ext2\"\n mkfs = 'mkfs.ext2 ${dev}'\n crash = \"none\"\n"
		" checksums = \"none\"\n support = \"in-kernel\"\n}\n"
		"filesystem \"ext4\" {\n type = \"ext4\"\n mkfs = 'mkfs.ext4 ${dev}'\n crash = \"journal\"\n"
		" checksums = \"metadata\"\n support = \"default\"\n grow = \"online\"\n}\n"
		"filesystem \"btrfs\" {\n type = \"btrfs\"\n mkfs = 'mkfs.btrfs ${dev}'\n crash = \"cow\"\n"
		" checksums = \"data\"\n snapshots = \"yes\"\n compression = \"yes\"\n support = \"in-kernel\"\n}\n"
		"filesystem \"reiserfs\" {\n type = \"reiserfs\"\n mkfs = 'mkfs.reiserfs ${dev}'\n crash = \"journal\"\n"
		" support = \"deprecated\"\n}\n";
	static struct fsb_config *cfg;
	struct fsb_err err = { 0 };

	if (!cfg && fsb_config_load_buf(conf, "fuzz.conf", &cfg, &err)) {
		fprintf(stderr, "fuzz_render: %s\n", err.msg);
		abort();
	}
	return cfg;
}

static void check_text(const char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)text[i];

		if ((c < 0x20 && c != '\n') || c == 0x7f) {
			fprintf(stderr, "raw control character 0x%02x in the text output at %zu\n", c, i);
			abort();
		}
	}
}

/* "nan" or "inf" as a number (not inside a name from the file). */
static void check_number(const char *what, const char *s)
{
	if (s && (strstr(s, "nan") || strstr(s, "inf") || strstr(s, "NaN"))) {
		fprintf(stderr, "%s: not a number: \"%s\"\n", what, s);
		abort();
	}
}

static void check_table(const struct fsb_table *t)
{
	for (size_t r = 0; r < t->nrows; r++)
		for (size_t c = 0; c < t->ncols; c++) {
			const struct fsb_cell *cell = fsb_table_cell(t, r, c);

			if ((cell->flags & FSB_CELL_NUMBER) && !(cell->flags & FSB_CELL_HEADER))
				check_number(t->id, cell->text);
		}
}

static int longer_first(const void *a, const void *b)
{
	size_t x = strlen(*(const char *const *)a), y = strlen(*(const char *const *)b);

	return (x < y) - (x > y);
}

/* The tables and the verdict as data: every number cell is a number or a
 * dash; a verdict line, with the names from the file blanked, has no NaN. */
static void check_model(const struct fsb_result *res, const struct fsb_report_opts *o)
{
	struct fsb_strv phases = { 0 }, verdict = { 0 }, quoted = { 0 };
	struct fsb_table t;
	struct fsb_chart ch;
	const char **names;
	size_t nnames;

	if (fsb_report_summary(res, o, &t) == 0) {
		check_table(&t);
		fsb_table_free(&t);
	}
	fsb_result_phases(res, &phases);
	fsb_strv_add(&phases, "total");
	for (size_t j = 0; j < phases.n; j++) {
		if (fsb_report_phase(res, phases.v[j], o, &t) == 0) {
			check_table(&t);
			fsb_table_free(&t);
		}
		if (fsb_report_stats(res, phases.v[j], o, &t) == 0) {
			check_table(&t);
			fsb_table_free(&t);
		}
		if (fsb_report_chart(res, phases.v[j], o, &ch) == 0) {
			for (size_t i = 0; i < ch.n; i++)
				check_number("chart", ch.bars[i].text);
			fsb_chart_free(&ch);
		}
	}
	fsb_report_verdict(res, o, &verdict);
	/* the file's words the verdict quotes: the names, and the machine's
	 * (the virtual machine, the target and its disk), raw and as shown
	 * escaped */
	{
		const char *said[] = { res->host.virt, res->target.model, res->target.path, res->target.device,
				       res->target.fstype };

		for (size_t k = 0; k < FSB_ARRAY_SIZE(said); k++)
			fsb_strv_add(&quoted, said[k] ? said[k] : "");
	}
	for (size_t k = 0, n = quoted.n; k < n; k++) {
		char *vis = fsb_xstr_visible(quoted.v[k]);

		fsb_strv_add(&quoted, vis);
		free(vis);
	}
	/* the longest names first: a short one ("a") blanked inside a longer
	 * one would leave the rest of that one unblanked */
	nnames = res->nfs + phases.n + quoted.n;
	names = calloc(nnames, sizeof(*names));
	for (size_t k = 0; k < nnames; k++)
		names[k] = k < res->nfs ? res->fs[k]->name
			   : k < res->nfs + phases.n ? phases.v[k - res->nfs] : quoted.v[k - res->nfs - phases.n];
	qsort(names, nnames, sizeof(*names), longer_first);
	for (size_t i = 0; i < verdict.n; i++) {
		char *line = strdup(verdict.v[i]), *p;

		for (size_t k = 0; k < nnames; k++) {
			size_t n = strlen(names[k]);

			for (p = n ? strstr(line, names[k]) : NULL; p; p = strstr(p + n, names[k]))
				memset(p, '_', n);
		}
		check_number("verdict", line);
		free(line);
	}
	free(names);
	fsb_strv_free(&phases);
	fsb_strv_free(&verdict);
	fsb_strv_free(&quoted);
}

/* The live run's document, as the TUI's run screen asks for it: the top,
 * the verdict, the device's series and the chart phase's table beside the
 * chart, that phase picked by the input's bytes among those the document
 * offers.  Its text is safe and its tables' numbers are numbers. */
static void check_live(const struct fsb_result *res, const struct fsb_report_opts *o, unsigned pick)
{
	struct fsb_doc_opts d = { .report = *o, .sections = FSB_DOC_SUMMARY | FSB_DOC_VERDICT | FSB_DOC_SERIES |
							    FSB_DOC_CHART_TABLE };
	struct fsb_render_opts ro = { .utf8 = pick & 1, .notes = true, .width = 60 };
	struct fsb_doc doc;
	char *chart = NULL, *text = NULL;
	size_t len = 0;
	FILE *fp;

	fsb_doc_result(res, &d, &doc);
	if (doc.chart_phases.n)
		chart = strdup(doc.chart_phases.v[(pick / 11) % doc.chart_phases.n]);
	fsb_doc_free(&doc);
	d.chart = chart;
	fsb_doc_result(res, &d, &doc);
	for (size_t i = 0; i < doc.n; i++)
		if (doc.v[i].kind == FSB_BLOCK_TABLE)
			check_table(&doc.v[i].table);
	fp = open_memstream(&text, &len);
	fsb_doc_render_text(fp, &doc, &ro);
	fclose(fp);
	check_text(text, len);
	free(text);
	fsb_doc_free(&doc);
	free(chart);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fsb_result *res = NULL;
	struct fsb_err err = { 0 };
	char *text = NULL;
	size_t len = 0;
	unsigned pick = 0;
	FILE *fp;

	if (fsb_result_read_buf((const char *)data, size, "fuzz.fsbench", &res, &err))
		return 0;
	/* one output per input, chosen by the input's bytes: every output is
	 * reached, at a fraction of the cost of all of them every time */
	for (size_t i = 0; i < size; i++)
		pick = pick * 31 + data[i];
	switch (pick % 5) {
	case 0:
	case 1: {
		struct fsb_report_opts o = { .metric = pick % 5 ? FSB_METRIC_REAL : FSB_METRIC_DEAD };
		size_t nuses;
		const struct fsb_use *uses = fsb_use_all(&nuses);
		/* every use and must-have is reached, by the input's bytes */
		struct fsb_rec_opts rec = { .use = uses[(pick / 5) % nuses].name, .needs = (unsigned)(pick / 7) & 15,
					    .cfg = facts_config() };

		fp = open_memstream(&text, &len);
		fsb_show_result(fp, res, &o, &rec, pick % 5 == 0, pick % 5 == 0);
		fclose(fp);
		check_text(text, len);
		free(text);
		check_model(res, &o);
		check_live(res, &o, pick);
		break;
	}
	default: {
		struct fsb_result *const both[2] = { res, res };
		const char *labels[] = { "a.fsbench", "b.fsbench", NULL };
		struct fsb_export_opts eo = { .report = { .metric = FSB_METRIC_DEAD }, .labels = labels };

		/* csv with bonnie-csv, markdown of a comparison, html */
		for (const struct fsb_export_format *f = fsb_export_formats; f->name; f++) {
			unsigned which = strcmp(f->name, "markdown") == 0 ? 3 : strcmp(f->name, "html") == 0 ? 4 : 2;

			if (which != pick % 5)
				continue;
			fp = open_memstream(&text, &len);
			f->write(fp, both, which == 3 ? 2 : 1, &eo, &err);
			fclose(fp);
			free(text);
		}
		break;
	}
	}
	fsb_result_free(res);
	return 0;
}
