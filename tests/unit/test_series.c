/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The device's time series of a run: bounded merging, the file round trip,
 * bad series refused with their line, older files without them, and the
 * document's summary, table, sparkline and SVG. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "doc/document.h"
#include "doc/render.h"
#include "doc/timeseries.h"
#include "model/result.h"

#define SCRATCH_TEMPLATE "/tmp/fsbench-test-series.XXXXXX"
#include "scratchdir.h"

static void push(struct fsb_series *s, double rd, double wr, double io, double ut)
{
	double v[FSB_SERIES_COUNT];

	v[FSB_SERIES_read_kib_s] = rd;
	v[FSB_SERIES_write_kib_s] = wr;
	v[FSB_SERIES_iops] = io;
	v[FSB_SERIES_util_pct] = ut;
	fsb_series_push(s, v);
}

static void test_bound(void **state)
{
	struct fsb_series *s = fsb_series_new(1.0);

	(void)state;
	for (int i = 0; i < 1300; i++)
		push(s, 0, i, 2 * i, 50);
	fsb_series_bound(s, 600);
	/* 1300 samples in groups of 3: 434, each the mean of its seconds */
	assert_int_equal(s->n, 434);
	assert_true(s->n <= 600);
	assert_true(fabs(s->step - 3.0) < 1e-9);
	assert_true(fabs(s->v[FSB_SERIES_write_kib_s][0] - 1.0) < 1e-9);
	assert_true(fabs(s->v[FSB_SERIES_write_kib_s][433] - 1299.0) < 1e-9);
	assert_true(fabs(s->v[FSB_SERIES_iops][1] - 8.0) < 1e-9);
	/* within the bound nothing changes */
	fsb_series_bound(s, 600);
	assert_int_equal(s->n, 434);
	fsb_series_free(s);
}

static struct fsb_result *sample(void)
{
	struct fsb_result *r = fsb_result_new();
	const char *names[] = { "ext2", "ext4" };

	r->tool = fsb_xstrdup("fsbench test");
	r->baseline = fsb_xstrdup("ext2");
	for (int f = 0; f < 2; f++) {
		struct fsb_fs_result *fs = fsb_result_add_fs(r, names[f]);
		struct fsb_phase_result *ph = fsb_fs_add_phase(fs, "block-write");
		struct fsb_run run;

		fs->type = fsb_xstrdup(names[f]);
		ph->kind = FSB_PHASE_BUILTIN;
		ph->label = fsb_xstrdup("Sequential output, block");
		fsb_run_init(&run);
		run.v[FSB_FIELD_real] = 5;
		run.v[FSB_FIELD_kib_per_s] = 100000 * (f + 1);
		run.series = fsb_series_new(1.0);
		push(run.series, 0, 1024 * (f + 1), 100, 10);
		push(run.series, NAN, 204800 * (f + 1), 400, 95.5);
		push(run.series, 1.5, 3072 * (f + 1), 300, 40);
		fsb_phase_add_run(ph, &run);
		fsb_run_clear(&run);
	}
	return r;
}

static void test_round_trip(void **state)
{
	struct fsb_result *r = sample(), *back = NULL;
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/s.fsbench", dir);
	const struct fsb_series *s;

	(void)state;
	assert_int_equal(fsb_result_write(r, path, &err), 0);
	assert_int_equal(fsb_result_read(path, &back, &err), 0);
	s = back->fs[1]->phases[0]->runs[0].series;
	assert_non_null(s);
	assert_int_equal(s->n, 3);
	assert_true(s->step == 1.0);
	assert_true(s->v[FSB_SERIES_write_kib_s][1] == 409600);
	assert_true(isnan(s->v[FSB_SERIES_read_kib_s][1]));
	assert_true(s->v[FSB_SERIES_read_kib_s][2] == 1.5);
	assert_true(s->v[FSB_SERIES_util_pct][1] == 95.5);
	fsb_result_free(r);
	fsb_result_free(back);
	free(path);
}

static void test_bad_and_old(void **state)
{
	struct fsb_result *r = NULL;
	struct fsb_err err = { 0 };
	char *path = fsb_xasprintf("%s/old.fsbench", dir);
	FILE *fp;

	(void)state;
	expect_bad("format = 1\nfilesystem \"a\" {\n phase \"p\" {\n  run {\n   series_iops = \"1,x,3\"\n"
		   "  }\n }\n}\n", "bad.fsbench:", "series_iops: \"x,3\" is not a number");
	expect_bad("format = 1\nfilesystem \"a\" {\n phase \"p\" {\n  run {\n   series_iops = \"1,2,3\"\n"
		   "   series_util_pct = \"1,2\"\n  }\n }\n}\n", "bad.fsbench:", "has 2 samples");
	expect_bad("format = 1\nfilesystem \"a\" {\n phase \"p\" {\n  run {\n   series_step = -1\n"
		   "  }\n }\n}\n", "bad.fsbench:", "series_step");
	expect_bad("format = 1\nfilesystem \"a\" {\n phase \"p\" {\n  run {\n   series_iops = \"1,,3\"\n"
		   "  }\n }\n}\n", "bad.fsbench:", "series_iops");
	/* a file from before: no series, and no block in its document */
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs("format = 1\nfilesystem \"a\" {\n phase \"p\" {\n  run { real = 3 }\n }\n}\n", fp);
	fclose(fp);
	assert_int_equal(fsb_result_read(path, &r, &err), 0);
	assert_null(r->fs[0]->phases[0]->runs[0].series);
	{
		struct fsb_doc_opts o = { .raw = true };
		struct fsb_doc d;

		fsb_doc_result(r, &o, &d);
		for (size_t i = 0; i < d.n; i++) {
			assert_int_not_equal(d.v[i].kind, FSB_BLOCK_SERIES);
			assert_int_not_equal(d.v[i].role, FSB_ROLE_SERIES_STATS);
		}
		fsb_doc_free(&d);
	}
	fsb_result_free(r);
	free(path);
}

static void test_document(void **state)
{
	struct fsb_result *r = sample();
	struct fsb_doc_opts o = { .raw = true };
	struct fsb_doc d;
	const struct fsb_block *series = NULL, *stats = NULL;
	double mn, md, mx;
	char buf[256], *line;
	double peak;
	size_t col;
	FILE *fp;
	char *html = NULL;
	size_t len = 0;

	(void)state;
	fsb_series_summary(r->fs[0]->phases[0]->runs[0].series, FSB_SERIES_write_kib_s, &mn, &md, &mx);
	assert_true(mn == 1024 && md == 3072 && mx == 204800);
	fsb_series_summary(r->fs[0]->phases[0]->runs[0].series, FSB_SERIES_read_kib_s, &mn, &md, &mx);
	assert_true(mn == 0 && md == 0.75 && mx == 1.5);	/* the gap is left out */

	fsb_doc_result(r, &o, &d);
	for (size_t i = 0; i < d.n; i++) {
		if (d.v[i].kind == FSB_BLOCK_SERIES)
			series = &d.v[i];
		if (d.v[i].role == FSB_ROLE_SERIES_STATS)
			stats = &d.v[i];
	}
	assert_non_null(series);
	assert_int_equal(series->nseries, 2);
	assert_string_equal(series->phase, "block-write");
	assert_non_null(stats);
	assert_int_equal(stats->table.nrows, 4);	/* two header rows, a row per run */
	assert_string_equal(fsb_table_cell(&stats->table, 2, 0)->text, "ext2");
	assert_string_equal(fsb_table_cell(&stats->table, 3, 5)->text, "400.0");	/* ext4 write max MiB/s */

	assert_int_equal(fsb_series_spark(series->series[0].s, FSB_SERIES_write_kib_s, 10, false, buf,
					  sizeof(buf), &peak, &col), 3);
	assert_true(peak == 204800);
	assert_int_equal(col, 1);
	assert_string_equal(buf, "_#_");
	line = fsb_series_line_text(&series->series[1], FSB_SERIES_write_kib_s, 4, 3, true);
	assert_non_null(strstr(line, "peak 400 MiB/s at 2 s of 3 s"));
	free(line);

	fp = open_memstream(&html, &len);
	fsb_doc_render_html(fp, &d);
	fclose(fp);
	assert_non_null(strstr(html, "<polyline class=\"series\" data-fs=\"ext2\""));
	assert_non_null(strstr(html, "<polyline class=\"series\" data-fs=\"ext4\""));
	assert_null(strstr(strstr(html, "data-fs=\"ext4\"") + 1, "<polyline"));
	free(html);
	fsb_doc_free(&d);
	fsb_result_free(r);
}

/* A series that stayed at zero draws no bar: blanks, in utf8 and ASCII
 * (the run screen once drew "█▁▁▁▁▁ peak 0 KiB/s" for ext2's deb). */
static void test_zero_peak(void **state)
{
	struct fsb_series *s = fsb_series_new(1.0);
	struct fsb_series_line l = { .fs = "ext2", .s = s };
	char buf[256];
	double peak;
	size_t col;
	char *line;

	(void)state;
	for (int i = 0; i < 6; i++)
		push(s, 0, 0, 0, 0);
	assert_int_equal(fsb_series_spark(s, FSB_SERIES_read_kib_s, 10, true, buf, sizeof(buf), &peak, &col), 6);
	assert_true(peak == 0);
	assert_string_equal(buf, "      ");
	assert_int_equal(fsb_series_spark(s, FSB_SERIES_read_kib_s, 10, false, buf, sizeof(buf), &peak, &col), 6);
	assert_string_equal(buf, "      ");
	line = fsb_series_line_text(&l, FSB_SERIES_read_kib_s, 4, 6, true);
	assert_string_equal(line, "ext2          peak 0 KiB/s at 1 s of 6 s");
	free(line);
	/* one sample above zero is a bar again */
	push(s, 8, 0, 0, 0);
	assert_int_equal(fsb_series_spark(s, FSB_SERIES_read_kib_s, 10, true, buf, sizeof(buf), &peak, &col), 7);
	assert_string_equal(buf, "▁▁▁▁▁▁█");
	fsb_series_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_bad_and_old),
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_zero_peak),
	};

	return cmocka_run_group_tests(tests, scratch_setup, scratch_teardown);
}
